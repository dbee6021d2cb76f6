"""The buttons on every answer, platform-neutral: 👍 / 👎, the reason after a 👎, Sources.

Adapters normalise a click into an ``AnswerVote`` (or a reason, or a Sources request) and
show what comes back privately to the clicker; everything else lives here once: only
members of the workspace bound to the tenant may use them, a button whose answer is gone
changes nothing, and every refusal is one sentence that says what happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from agents import REASONS, answer_sources, explain_feedback, give_feedback
from brain import TenantGraph
from brain.reads import SourceRecord

NOT_MEMBER = "Only people in this workspace can rate or open its answers, so I changed nothing."
NOT_CONNECTED = "This workspace is not connected to a brain, so there is nothing to rate."
THANKS_UP = "Thanks — noted that this answer helped."
THANKS_DOWN = "Thanks — noted that this answer missed. What was wrong with it?"


class AnswerVote(BaseModel):
    """A 👍 or 👎 on an answer, normalised from either platform's click payload.

    ``is_member`` is the adapter's word on whether the clicker belongs to the workspace
    the answer was given in (Slack: the user's team; Discord: a member of the server).
    """

    model_config = ConfigDict(frozen=True)

    turn_id: str
    vote: Literal["up", "down"]
    user_id: str
    platform: str
    workspace_id: str
    is_member: bool = True


@dataclass(frozen=True, slots=True)
class VoteOutcome:
    """What a vote did: the Feedback's id when one was written, and a private note."""

    feedback_id: str | None
    note: str

    @property
    def recorded(self) -> bool:
        """Whether a Feedback node was written."""
        return self.feedback_id is not None


def reason_choices() -> list[tuple[str, str]]:
    """The reasons a 👎's follow-up offers: (stored key, what people read)."""
    return list(REASONS.items())


async def vote_on(graph: TenantGraph, vote: AnswerVote, *, user_key: str, at_ms: int) -> str:
    """Write the vote's Feedback (``agents.give_feedback``); return its id."""
    return await give_feedback(
        graph, turn_id=vote.turn_id, vote=vote.vote, given_by=user_key, at_ms=at_ms
    )


async def explain(
    graph: TenantGraph, *, feedback_id: str, reason: str, text: str, user_key: str
) -> str:
    """Fill a 👎's reason; the private note that says what happened."""
    done = await explain_feedback(
        graph, feedback_id=feedback_id, reason=reason, text=text, given_by=user_key
    )
    if not done.changed:
        shown = REASONS.get(done.feedback.reason, done.feedback.reason)
        return f"You already told me why ({shown.lower()}); I kept that."
    return f"Thanks — noted: {REASONS[reason].lower()}. The team's feedback is counted per answer."


def _day(moment: str | None) -> str:
    return moment[:10] if moment else "no date"


def source_line(record: SourceRecord) -> str:
    """One record as the Sources view lists it, in plain text (renderers escape it)."""
    tools = ", ".join(record.tools) or "?"
    src = record.src or "no source"
    if record.kind == "edge":
        until = f" until {_day(record.until)}" if record.until else ""
        return (
            f"• Fact: {record.name} — since {_day(record.since)}{until} — {src} — read by {tools}"
        )
    if not record.held:
        return f"• {record.id} — no longer in the brain — read by {tools}"
    return f"• {record.type}: {record.name} — {src}, as of {_day(record.as_of)} — read by {tools}"


async def sources_lines(graph: TenantGraph, turn_id: str) -> list[str]:
    """Every record the answer read, a heading line first (``AnswerUnknown`` if gone)."""
    records = await answer_sources(graph, turn_id)
    if not records:
        return ["This answer read no records: it was given without looking anything up."]
    things = sum(1 for r in records if r.kind == "node")
    facts = len(records) - things
    head = (
        f"This answer read {things} record{'s' if things != 1 else ''} and "
        f"{facts} fact{'s' if facts != 1 else ''} (source, date, and the tool that read it):"
    )
    return [head, *(source_line(r) for r in records)]


def pack_lines(lines: list[str], *, limit: int, max_parts: int) -> list[str]:
    """Lines joined into at most ``max_parts`` messages of ``limit`` characters each; what
    does not fit is counted in a last line ("… and 12 more")."""
    budget = limit - 30  # room for the "… and N more" line
    parts: list[str] = []
    current = ""
    for index, line in enumerate(lines):
        line = line if len(line) <= budget else line[: budget - 1] + "…"
        if current and len(current) + 1 + len(line) > budget:
            if len(parts) + 1 == max_parts:
                rest = len(lines) - index
                parts.append(f"{current}\n… and {rest} more")
                return parts
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        parts.append(current)
    return parts
