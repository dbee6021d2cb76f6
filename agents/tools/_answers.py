"""Answers to repeated questions, kept in the graph as Answer nodes that CITE their evidence.

The repository tools walk hundreds of edges per answer, and teams ask the same thing
again ("who knows src/udf?"). The first answer is written as an Answer node (by the
assistant, so it never moves the tenant's write generation) keyed by the tool and its
normalised arguments, with a CITES edge to every node its evidence holds. A repeat is
served from it while none of what it cites was touched since: a cited node updated by a
newer fact (``updatedAt``; an older fact the newer-wins merge ignored leaves it alone)
or an edge at a cited node recorded or closed after the answer (``recordedAt``,
``retiredAt``) makes it stale, and the next ask answers afresh and keeps the new one. The
check reads the cited nodes' own stamps, so a write anywhere else in the tenant leaves
the answer standing, unlike the in-process read cache that any write clears. That walk
over the cited nodes' edges costs tens of milliseconds on hub nodes, so the answer keeps
the tenant write stamp it was last checked at: while no write moved it, a repeat is
served without the walk (a few ms on the six-repository bench graph).

An answer for "now" (no ``as_of``) is kept for a day at most: decay moves scores slowly,
and the day-granular caches under the tools do the same.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

from pydantic import BaseModel

from brain import TenantGraph, now_ms
from brain.errors import HivebrainError
from brain.reads import ReadResult, is_answer_touched, kept_answer_for

log = logging.getLogger(__name__)

#: Tools whose answers are kept: read-only, deterministic for their arguments and the
#: records, and expensive enough to be worth a lookup.
ANSWERED_TOOLS = frozenset(
    {"experts_for", "triage_candidates", "decision_trail", "area_history", "related_work"}
)
#: How long an answer for "now" stands (an answer for a given date stands until touched).
NOW_ANSWER_MS = 86_400_000
_SRC = "assistant:answers"
#: Nodes an Answer cites at most (its evidence beyond is not kept, and not checked).
MAX_CITED = 200


def answer_key(tool: str, args: BaseModel) -> str:
    """The key of a question: the tool and its arguments, with text lower-cased and its
    spaces collapsed ("Who knows  SRC/udf" and "who knows src/udf" are one question)."""

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            return " ".join(value.lower().split())
        return value

    raw = args.model_dump(mode="json", exclude_none=True)
    cleaned = {k: norm(v) for k, v in sorted(raw.items())}
    blob = json.dumps([tool, cleaned], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


async def kept_answer(graph: TenantGraph, tool: str, args: BaseModel) -> ReadResult | None:
    """The kept answer to this question, if one stands (nothing it cites was touched)."""
    key = answer_key(tool, args)
    now = now_ms()
    fresh_after = now - NOW_ANSWER_MS if getattr(args, "as_of", None) is None else 0
    kept = await kept_answer_for(graph, key, fresh_after=fresh_after)
    if kept is None:
        return None
    stamp = _stamp(await graph.write_stamp())
    if kept.stamp != stamp:
        # the records moved since the answer was last checked: did they move under it?
        if await is_answer_touched(graph, kept.id):
            return None
        # still standing at this stamp: the next repeat skips the walk until a new write
        # (a write after the stamp was read gives another stamp, so it is checked then)
        await graph.compare_and_set(
            kept.id, expect={"stamp": kept.stamp}, changes={"stamp": stamp}, src=_SRC
        )
    try:
        return ReadResult.model_validate_json(kept.result)
    except ValueError:
        return None  # a kept answer of an older shape: answer afresh


def _stamp(stamp: tuple[int, int | None]) -> str:
    return f"{stamp[0]}:{stamp[1]}"


async def asked_stamp(graph: TenantGraph) -> tuple[int, str]:
    """When a tool begins reading, and the tenant's write stamp then (for ``keep_answer``)."""
    return now_ms(), _stamp(await graph.write_stamp())


async def keep_answer(
    graph: TenantGraph, tool: str, args: BaseModel, result: ReadResult, *, asked: tuple[int, str]
) -> None:
    """Write ``result`` as an Answer citing its evidence (a failure never fails the ask).

    ``asked`` is when the tool began reading and the write stamp then: a write that
    landed while it read is newer than the answer and moved the stamp, so the next
    repeat checks the answer and finds it stale.
    """
    if not result.found:
        return
    key = answer_key(tool, args)
    now, stamp = asked
    answer_id = f"answer:{key}:{now}"
    src = _SRC
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Answer",
                "id": answer_id,
                "name": f"{tool} answer",
                "key": key,
                "tool": tool,
                "result": result.model_dump_json(),
                "createdAt": now,
                "stamp": stamp,
                "src": src,
                "asOf": now,
            }
        }
    ]
    cited = list(dict.fromkeys(n.id for n in result.evidence.nodes))[:MAX_CITED]
    facts += [
        {"edge": {"from": answer_id, "type": "CITES", "to": nid, "since": now, "src": src,
                  "asOf": now}}
        for nid in cited
    ]  # fmt: skip
    try:
        report = await graph.write_facts(list(enumerate(facts, 1)), origin="assistant")
    except HivebrainError as exc:
        log.info("tenant %s: answer of %s not kept: %s", graph.slug, tool, exc)
        return
    if report.refused:
        log.debug("tenant %s: %d citations of a %s answer refused", graph.slug, report.refused,
                  tool)  # fmt: skip
