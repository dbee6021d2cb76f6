"""Questions to suggest when someone opens a new assistant thread, made from their brain.

Canned examples ("ask me about sales!") fit no business in particular; these are made
from ``brain.reads.highlights``: the tenant's busiest metric, its newest decision, an open
incident and its last meeting, each asked the way the answering desks read best. A
tenant with none of them gets no suggestions rather than made-up ones. A side pane looking
at a scoped channel suggests only about records that channel's answers may read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from agents._scope import Scope, ScopedReads
from brain import TenantGraph
from brain.reads import Highlights, highlights

#: Slack shows at most four suggested prompts; a title longer than this is cut.
MAX_PROMPTS = 4
TITLE_CHARS = 75
_NAME_CHARS = 150


@dataclass(frozen=True, slots=True)
class SuggestedPrompt:
    """One suggestion: a short ``title`` to show and the ``message`` sent when picked."""

    title: str
    message: str


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def prompts_from(found: Highlights) -> list[SuggestedPrompt]:
    """The suggestions for these highlights, in a fixed order, only for kinds present."""
    made: list[SuggestedPrompt] = []
    if found.metric is not None:
        name = _cut(found.metric.name, _NAME_CHARS)
        made.append(_prompt("Busiest metric", name, f"How did {name} change last week?"))
    if found.decision is not None:
        name = _cut(found.decision.name, _NAME_CHARS)
        made.append(_prompt("Newest decision", name, f'Why did we decide "{name}"?'))
    if found.incident is not None:
        name = _cut(found.incident.name, _NAME_CHARS)
        made.append(_prompt("Open incident", name, f"Who owns {name}?"))
    if found.meeting is not None:
        name = _cut(found.meeting.name, _NAME_CHARS)
        made.append(_prompt("Last meeting", name, f"What did we decide in {name}?"))
    return made[:MAX_PROMPTS]


def _prompt(kind: str, name: str, message: str) -> SuggestedPrompt:
    return SuggestedPrompt(title=_cut(f"{kind}: {name}", TITLE_CHARS), message=message)


async def suggested_prompts(
    graph: TenantGraph, *, scope: Scope | None = None
) -> list[SuggestedPrompt]:
    """Up to four questions about ``graph``'s own records (none when it holds none), only
    about records ``scope`` may read when there is one."""
    found = await highlights(graph)
    if scope is None:
        return prompts_from(found)
    picked = {
        "metric": found.metric,
        "decision": found.decision,
        "incident": found.incident,
        "meeting": found.meeting,
    }
    readable = await ScopedReads(graph, scope).readable(
        {h.id for h in picked.values() if h is not None}
    )
    kept = {k: (h if h is not None and h.id in readable else None) for k, h in picked.items()}
    return prompts_from(replace(found, **kept))
