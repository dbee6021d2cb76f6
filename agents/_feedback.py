"""Feedback is data: a thumbs up or down on an answer becomes a Feedback node on its Turn.

Each click is its own Feedback node (who, when, up or down), written through the gate and
never rewritten, so a changed mind keeps its history and counting reads each person's
latest vote (``brain.reads.feedback_counts``). A thumbs-down is followed by a private
question (wrong fact, outdated, missing, wrong person, other, and free text); the answer
fills the reason of that same node once, by compare-and-set, so a second submit of the
form changes nothing. "Sources" lists every record the answer's tools read.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Literal

from agents.errors import AnswerUnknown
from brain import InputInvalid, TenantGraph, format_moment
from brain.reads import FeedbackRecord, SourceRecord, read_feedback, read_turn, turn_sources

Vote = Literal["up", "down"]

#: Why an answer was wrong, as the follow-up offers it: stored key -> what people read.
REASONS: dict[str, str] = {
    "wrong_fact": "A fact is wrong",
    "outdated": "It's out of date",
    "missing": "Something is missing",
    "wrong_person": "Wrong person",
    "other": "Something else",
}
#: The most characters of free text a reason keeps.
TEXT_CHARS = 2_000


@dataclass(frozen=True, slots=True)
class Explained:
    """What a reason did: the Feedback as it now stands, and whether this call changed it."""

    feedback: FeedbackRecord
    changed: bool


async def give_feedback(
    graph: TenantGraph, *, turn_id: str, vote: str, given_by: str, at_ms: int
) -> str:
    """Record one click on the answer ``turn_id``; return the new Feedback's id.

    Raises ``AnswerUnknown`` when the tenant holds no such answer (a stale button) and
    ``InputInvalid`` for a vote other than ``up`` / ``down``; nothing is written then.
    """
    if vote not in ("up", "down"):
        raise InputInvalid(f"a vote is up or down, not {vote[:20]!r}")
    if await read_turn(graph, turn_id) is None:
        raise AnswerUnknown(turn_id)
    feedback_id = f"feedback-{uuid.uuid4().hex[:12]}"
    moment = format_moment(at_ms)
    src = f"hivebrain:feedback/{feedback_id}"
    facts = [
        {
            "node": {
                "type": "Feedback",
                "id": feedback_id,
                "name": f"{'👍' if vote == 'up' else '👎'} on {turn_id}",
                "vote": vote,
                "reason": "",
                "text": "",
                "givenBy": given_by,
                "givenAt": at_ms,
                "src": src,
                "asOf": moment,
            }
        },
        {
            "edge": {
                "from": feedback_id,
                "type": "ABOUT",
                "to": turn_id,
                "since": moment,
                "src": src,
                "asOf": moment,
            }
        },
    ]
    report = await graph.write_facts(list(enumerate(facts, 1)), origin="assistant")
    if report.refused:  # the gate names why in the tenant's refusal log
        raise InputInvalid("I couldn't record that feedback; nothing was changed.")
    return feedback_id


async def explain_feedback(
    graph: TenantGraph, *, feedback_id: str, reason: str, text: str, given_by: str
) -> Explained:
    """Fill the reason (and free text) of a thumbs-down, once, by the person who gave it.

    Raises ``InputInvalid`` for an unknown reason, a Feedback that is gone or not a
    thumbs-down, or someone else's; nothing is written then. A second reason for the same
    click changes nothing (``changed`` False).
    """
    if reason not in REASONS:
        raise InputInvalid(f"pick one of: {', '.join(REASONS.values())}.")
    clean = " ".join(text.split())[:TEXT_CHARS]
    record = await read_feedback(graph, feedback_id)
    if record is None:
        raise InputInvalid("That feedback is no longer in the brain, so I changed nothing.")
    if record.given_by != given_by:
        raise InputInvalid("Only the person who gave that feedback can add why.")
    if record.vote != "down":
        raise InputInvalid("Only a thumbs-down asks why; nothing was changed.")
    changed = await graph.compare_and_set(
        feedback_id,
        expect={"reason": ""},
        changes={"reason": reason, "text": clean},
        src=f"hivebrain:feedback/{feedback_id}",
    )
    now = await read_feedback(graph, feedback_id)
    return Explained(now or record, changed)


async def answer_sources(graph: TenantGraph, turn_id: str) -> list[SourceRecord]:
    """Every record the answer ``turn_id`` read; ``AnswerUnknown`` if there is no such answer."""
    turn = await read_turn(graph, turn_id)
    if turn is None:
        raise AnswerUnknown(turn_id)
    return await turn_sources(graph, turn)
