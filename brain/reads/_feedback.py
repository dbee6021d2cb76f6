"""What the team said about answers, and what an answer read: Feedback, Turns, their reads.

A Turn keeps the records its tools read (``reads``: node ids and edges, each with the tool
that read it), so "Sources" can show them later from any process. Feedback nodes hang off
a Turn (``ABOUT``); each click is its own node and is never rewritten, so counting reads
each person's latest vote on each answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from brain._json import is_list
from brain._moments import format_moment
from brain._tenant_graph import TenantGraph

#: Records a Sources view lists at most (a turn keeps no more than this).
MAX_SOURCES = 500


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A saved answer: its question, who asked and when, and what its tools read."""

    id: str
    question: str
    asked_by: str
    asked_at: int | None
    reads: list[list[Any]] = field(default_factory=list[list[Any]])
    #: The channel the asker was viewing when they asked from a side pane, if any.
    viewing: str | None = None


READ_TURN = """
MATCH (t:Turn {id: $id})
RETURN t.id, t.name, t.askedBy, t.askedAt, t.reads, t.viewing
LIMIT $limit
"""


async def read_turn(graph: TenantGraph, turn_id: str) -> TurnRecord | None:
    """The saved Turn with this id, or None when the tenant holds no such answer."""
    res = await graph.read("read turn", READ_TURN, {"id": turn_id, "limit": 1})
    if not res.rows:
        return None
    tid, question, asked_by, asked_at, reads, viewing = res.rows[0]
    return TurnRecord(
        id=str(tid),
        question=str(question or ""),
        asked_by=str(asked_by or ""),
        asked_at=int(asked_at) if asked_at is not None else None,
        reads=_parse_reads(reads),
        viewing=str(viewing) if viewing else None,
    )


def _parse_reads(raw: Any) -> list[list[Any]]:
    """The Turn's ``reads`` JSON (see ``agents``' ``save_turn``); anything else is none."""
    try:
        value: Any = json.loads(raw) if isinstance(raw, str) else []
    except ValueError:
        return []
    items: list[Any] = value if is_list(value) else []
    return [r for r in items if is_list(r) and r][:MAX_SOURCES]


@dataclass(frozen=True, slots=True)
class FeedbackRecord:
    """One click on an answer's feedback buttons, and the reason given after it."""

    id: str
    turn_id: str
    vote: str
    reason: str
    text: str
    given_by: str
    given_at: int


READ_FEEDBACK = """
MATCH (f:Feedback {id: $id})-[:ABOUT]->(t:Turn)
RETURN f.id, t.id, f.vote, f.reason, f.text, f.givenBy, f.givenAt
LIMIT $limit
"""


async def read_feedback(graph: TenantGraph, feedback_id: str) -> FeedbackRecord | None:
    """The Feedback node with this id (and the Turn it is about), or None."""
    res = await graph.read("read feedback", READ_FEEDBACK, {"id": feedback_id, "limit": 1})
    if not res.rows:
        return None
    fid, tid, vote, reason, text, by, at = res.rows[0]
    return FeedbackRecord(
        str(fid), str(tid), str(vote), str(reason or ""), str(text or ""), str(by), int(at or 0)
    )


@dataclass(frozen=True, slots=True)
class FeedbackCounts:
    """A tenant's feedback: each person's latest vote per answer, and every click."""

    up: int = 0
    down: int = 0
    #: Reasons of the latest down votes that gave one (``wrong_fact``: 2 ...).
    reasons: dict[str, int] = field(default_factory=dict[str, int])
    #: Every click ever recorded (a changed mind counts twice here, once above).
    clicks: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (``tenant stats --json``, ``/healthz``)."""
        return {"up": self.up, "down": self.down, "reasons": self.reasons, "clicks": self.clicks}


#: Each (answer, person)'s newest click: collect() keeps the ORDER BY of the WITH before it.
COUNT_LATEST_VOTES = """
MATCH (f:Feedback)-[:ABOUT]->(t:Turn)
WITH t.id AS turn, f.givenBy AS who, f
ORDER BY f.givenAt DESC
WITH turn, who, collect(f)[0] AS last
RETURN last.vote, last.reason, count(*)
LIMIT $limit
"""

COUNT_CLICKS = """
MATCH (f:Feedback)
RETURN count(f)
LIMIT $limit
"""


async def feedback_counts(graph: TenantGraph) -> FeedbackCounts:
    """How the team rated this tenant's answers (see ``FeedbackCounts``)."""
    res = await graph.read("count feedback", COUNT_LATEST_VOTES, {"limit": 100}, timeout_ms=10_000)
    up = down = 0
    reasons: dict[str, int] = {}
    for vote, reason, n in res.rows:
        if vote == "up":
            up += int(n)
        elif vote == "down":
            down += int(n)
            if reason:
                reasons[str(reason)] = reasons.get(str(reason), 0) + int(n)
    clicks = await graph.read("count feedback clicks", COUNT_CLICKS, {"limit": 1})
    return FeedbackCounts(
        up=up, down=down, reasons=dict(sorted(reasons.items())), clicks=int(clicks.scalar(0) or 0)
    )


@dataclass(frozen=True, slots=True)
class SourceRecord:
    """One record an answer read, as a Sources view lists it.

    A node read names the thing (its type, source and source date, as the brain holds it
    now); an edge read names the fact (both ends, its valid days and its source) as it
    stood when the answer read it. ``tools`` are the tools that read it, in call order;
    ``held`` is False for a node the brain no longer holds.
    """

    kind: str
    id: str
    type: str
    name: str
    src: str | None
    as_of: str | None
    tools: tuple[str, ...]
    since: str | None = None
    until: str | None = None
    held: bool = True


READ_SOURCE_NODES = """
MATCH (n:Entity)
WHERE n.id IN $ids
RETURN n.id, n.type, n.name, n.src, n.asOf
LIMIT $limit
"""


async def turn_sources(graph: TenantGraph, turn: TurnRecord) -> list[SourceRecord]:
    """Every record ``turn`` read, nodes first in the order they were read, then facts."""
    node_tools: dict[str, list[str]] = {}
    edges: dict[tuple[str, str, str, str], tuple[list[Any], list[str]]] = {}
    for read in turn.reads:
        if read[0] == "n" and len(read) >= 3:
            node_tools.setdefault(str(read[1]), []).append(str(read[2]))
        elif read[0] == "e" and len(read) >= 8:
            key = (str(read[1]), str(read[2]), str(read[3]), str(read[4]))
            edges.setdefault(key, (read, []))[1].append(str(read[7]))
    ids = list(node_tools)
    names: dict[str, str] = {}
    if ids or edges:
        wanted = list(dict.fromkeys([*ids, *(k[0] for k in edges), *(k[2] for k in edges)]))
        res = await graph.read(
            "read sources", READ_SOURCE_NODES, {"ids": wanted, "limit": len(wanted)}
        )
        held = {str(i): (str(t), str(n or i), s, a) for i, t, n, s, a in res.rows}
        names = {i: v[1] for i, v in held.items()}
    else:
        held = {}
    out: list[SourceRecord] = []
    for node_id, tools in node_tools.items():
        kind, name, src, as_of = held.get(node_id, ("?", node_id, None, None))
        out.append(
            SourceRecord(
                kind="node",
                id=node_id,
                type=kind,
                name=name,
                src=str(src) if src is not None else None,
                as_of=format_moment(as_of) if isinstance(as_of, int) else None,
                tools=tuple(dict.fromkeys(tools)),
                held=node_id in held,
            )
        )
    for (source, rel, target, _), (read, tools) in edges.items():
        out.append(
            SourceRecord(
                kind="edge",
                id=f"{source} {rel} {target}",
                type=rel,
                name=f"{names.get(source, source)} {rel} {names.get(target, target)}",
                src=str(read[6]) if read[6] is not None else None,
                as_of=None,
                tools=tuple(dict.fromkeys(tools)),
                since=str(read[4]) if read[4] not in (None, "") else None,
                until=str(read[5]) if read[5] is not None else None,
            )
        )
    return out[:MAX_SOURCES]
