"""The model reads a pull-request or issue thread for decisions; the brain checks them.

The model sees the thread's numbered messages (0 is the thread's own title and text)
and answers with one JSON object of decisions citing message numbers, who made each
and which components it affects. Nothing it says is written as it stands:
``brain.ingest``'s thread check keeps evidence only among that thread's messages, a
person only if they took part, a component only if the thread's changes touched it.
A reply that is not the JSON asked for yields no candidates rather than a guess.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, cast

from agents._settings import AgentSettings
from agents.model._client import ModelClient, model_from_settings
from brain.ingest import Thread, ThreadCandidate, ThreadProposer

log = logging.getLogger(__name__)

SYSTEM = """You read software pull-request and issue threads and list what was decided.
Answer with ONE JSON object and nothing else:
{"decisions": [{"summary": "...", "rationale": "... or null", "messages": [2],
                "made_by": "name or login as written", "affects": ["src/planner"],
                "confidence": 0.8}]}
Rules: a decision is a choice the people settled (an approach taken, an option rejected, a
policy adopted), not a task or an open question; cite the numbers of the messages it rests
on; made_by is who decided, as the thread names them; affects lists only components from
the list given; confidence between 0 and 1. An empty list when there are none."""

_JSON = re.compile(r"\{.*\}", re.S)


def _prompt(thread: Thread) -> str:
    lines = [f"[{m.number}] {m.author_name}: {m.text}" for m in thread.messages]
    areas = ", ".join(sorted(thread.areas)) or "(none)"
    kind = "Pull request" if thread.type == "PullRequest" else "Issue"
    return f"{kind} {thread.id}: {thread.title}\nComponents its changes touched: {areas}\n" + (
        "Messages:\n" + "\n".join(lines)
    )


def parse_thread_candidates(text: str) -> list[ThreadCandidate]:
    """Candidates from the model's reply; malformed items are left out."""
    match = _JSON.search(text)
    if match is None:
        return []
    try:
        data: Any = json.loads(match.group(0))
    except json.JSONDecodeError:
        return []
    if not isinstance(data, dict):
        return []
    items: Any = cast(dict[str, Any], data).get("decisions")
    if not isinstance(items, list):
        return []
    found: list[ThreadCandidate] = []
    for raw in cast(list[Any], items):
        if not isinstance(raw, dict):
            continue
        item = cast(dict[str, Any], raw)
        summary = item.get("summary")
        if not isinstance(summary, str) or not summary.strip():
            continue
        numbers: Any = item.get("messages")
        affects: Any = item.get("affects")
        confidence = item.get("confidence")
        rationale = item.get("rationale")
        made_by = item.get("made_by")
        found.append(
            ThreadCandidate(
                summary=summary,
                messages=tuple(
                    n
                    for n in cast(list[Any], numbers if isinstance(numbers, list) else [])
                    if isinstance(n, int) and not isinstance(n, bool)
                ),
                confidence=float(confidence) if isinstance(confidence, int | float) else 0.0,
                rationale=rationale if isinstance(rationale, str) else None,
                made_by=made_by if isinstance(made_by, str) and made_by.strip() else None,
                affects=tuple(
                    a
                    for a in cast(list[Any], affects if isinstance(affects, list) else [])
                    if isinstance(a, str)
                ),
            )
        )
    return found


class ThreadExtractor:
    """A ``ThreadProposer`` backed by a model client: one request per thread."""

    def __init__(self, model: ModelClient) -> None:
        self.model = model

    async def __call__(self, thread: Thread) -> list[ThreadCandidate]:
        reply = await self.model.complete(
            system=SYSTEM, messages=[{"role": "user", "content": _prompt(thread)}]
        )
        found = parse_thread_candidates(reply.text)
        log.info("thread %s: %d decision candidates", thread.id, len(found))
        return found


def thread_proposer(settings: AgentSettings | None = None) -> ThreadProposer | None:
    """The model-backed thread extractor when a model is configured, else None (the rules
    the loaders run are then the only source of decisions)."""
    model = model_from_settings(settings or AgentSettings())
    return None if model is None else ThreadExtractor(model)
