"""Correcting a fact from chat: close the old fact, open the right one, with the person as source.

"Wrong" / "Outdated" on one fact an answer read leads here with the right value (a name
the brain knows, of the type the fact needs) and/or the day it stopped being true. The
plan closes every current edge of that fact (never deletes: the old one keeps its
history, closed at that day) and opens the new one from that day, both with the
corrector's chat key as ``src``, through the gate like any source. The plan is checked
before anything is written: a stale button, a fact that already ended, a malformed or
absurd date, a value of the wrong type each raise ``InputInvalid`` (or ``AnswerUnknown``)
with one sentence, and nothing changes. A plan that would close more than one fact is
not applied here: the caller makes it an approval card (``correction`` kind).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Literal

from agents.cards import Card, FactCorrection
from agents.errors import ActionFailed, AnswerUnknown
from brain import Brain, HivebrainError, InputInvalid, TenantGraph, format_moment
from brain.reads import FactEdge, ReadFact, fact_edges, open_edges, read_facts, read_turn, resolve
from brain.schema import one_holder_rule

log = logging.getLogger(__name__)

Mode = Literal["wrong", "outdated"]
#: How a correction names the day a fact stopped: a calendar day, nothing else.
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: The most characters of a right value looked up.
VALUE_CHARS = 200
#: Chat platforms whose user keys may be told about a correction.
_CHAT = ("slack:", "discord:")


@dataclass(frozen=True, slots=True)
class CorrectionPlan:
    """What one correction would write, checked but not yet applied."""

    turn_id: str
    question: str
    closes: tuple[FactEdge, ...]
    #: The gate facts that carry it out: the closes, then the new fact if any.
    facts: tuple[dict[str, Any], ...]
    #: One line per change, for the corrector, the approver and the fact's owner.
    changes: tuple[str, ...]
    #: Chat keys of the people the old fact belongs to (its source, its Persons).
    owners: tuple[str, ...]

    @property
    def needs_approval(self) -> bool:
        """Whether it closes more than one fact (an approver decides then)."""
        return len(self.closes) > 1


def correction_source(user_key: str) -> str:
    """The ``src`` of what a person's correction writes: their chat key (``slack:U1``)."""
    return user_key


def _day(ms: int) -> str:
    return (format_moment(ms) or "")[:10]


def _day_ms(text: str, *, began: int, now: int) -> int:
    """The day a fact stopped, as a moment; ``InputInvalid`` when it is not a sensible day."""
    if not _DAY.match(text):
        raise InputInvalid(f"{text[:40]!r} is not a date: write the day as YYYY-MM-DD.")
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise InputInvalid(f"{text} is not a calendar date: write YYYY-MM-DD.") from None
    moment = int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)
    if moment > now:
        raise InputInvalid(f"{text} is in the future: give the day it stopped being true.")
    if moment <= began:
        raise InputInvalid(
            f"{text} is not after the fact began ({format_moment(began)}): give a later day."
        )
    return moment


async def _new_end(graph: TenantGraph, value: str, *, wanted: str, current: str) -> dict[str, Any]:
    """The one node ``value`` names, of type ``wanted``; ``InputInvalid`` otherwise."""
    found = await resolve(graph, value)
    fitting = [n for n in found if n.get("type") == wanted]
    if not fitting:
        if found:
            other = str(found[0].get("type") or "thing")
            raise InputInvalid(
                f"{value} is a {other}, but this fact needs a {wanted}; nothing was changed."
            )
        raise InputInvalid(
            f"I don't know a {wanted} called {value}; check the spelling or add it first. "
            "Nothing was changed."
        )
    if len(fitting) > 1:
        ids = ", ".join(str(n["id"]) for n in fitting[:3])
        raise InputInvalid(f"More than one {wanted} is called {value} ({ids}): give the id.")
    if str(fitting[0]["id"]) == current:
        raise InputInvalid(f"The brain already says {value}; nothing was changed.")
    return fitting[0]


async def plan_correction(
    graph: TenantGraph,
    *,
    turn_id: str,
    fact_index: int,
    value: str,
    stopped_on: str,
    user_key: str,
    now_ms: int,
) -> CorrectionPlan:
    """Check one correction and say what it would write (see the module doc).

    ``fact_index`` counts the answer's facts from 0 (``brain.reads.read_facts``);
    ``value`` is the right value, ``stopped_on`` the day (YYYY-MM-DD) it stopped being
    true; at least one of them. Raises ``AnswerUnknown`` or ``InputInvalid``.
    """
    turn = await read_turn(graph, turn_id)
    if turn is None:
        raise AnswerUnknown(turn_id)
    facts = read_facts(turn)
    if not 0 <= fact_index < len(facts):
        raise InputInvalid("That button names a fact this answer did not read; nothing changed.")
    fact: ReadFact = facts[fact_index]
    value = " ".join(value.split())[:VALUE_CHARS]
    stopped_on = stopped_on.strip()
    if not value and not stopped_on:
        raise InputInvalid("Give the right value, or the day it stopped being true.")
    edges = await fact_edges(graph, fact)
    current = open_edges(edges, at_ms=now_ms)
    if not current:
        ended = [format_moment(e.until) for e in edges if e.until is not None]
        when = f" (it ended {ended[-1]})" if ended else ""
        raise InputInvalid(f"That fact is no longer current in the brain{when}; nothing changed.")
    first = current[0]
    began = max(e.since for e in current)
    until = _day_ms(stopped_on, began=began, now=now_ms) if stopped_on else now_ms
    src, as_of = correction_source(user_key), format_moment(now_ms)
    facts_out: list[dict[str, Any]] = []
    changes: list[str] = []
    for edge in current:
        facts_out.append(
            {
                "edge": {
                    "from": edge.source,
                    "type": edge.type,
                    "to": edge.target,
                    "since": format_moment(edge.since),
                    "until": format_moment(until),
                    # the corrector is the source of the end (the writer keeps it as
                    # endSrc); dated just before the fact's own asOf, so the close never
                    # counts as a newer statement of the fact and its src is kept
                    "src": src,
                    "asOf": format_moment(edge.as_of - 1),
                }
            }
        )
        changes.append(f"closed: {edge.text} (since {_day(edge.since)}), ended {_day(until)}")
    if value:
        rule = one_holder_rule(first.source_type, first.type, first.target_type)
        # the end that changes is the holder when the slot belongs to the other end
        swap_source = rule is not None and rule.key == "to"
        wanted = first.source_type if swap_source else first.target_type
        node = await _new_end(
            graph, value, wanted=wanted, current=first.source if swap_source else first.target
        )
        new_from = str(node["id"]) if swap_source else first.source
        new_to = first.target if swap_source else str(node["id"])
        facts_out.append(
            {
                "edge": {
                    "from": new_from,
                    "type": first.type,
                    "to": new_to,
                    "since": format_moment(until),
                    "src": src,
                    "asOf": as_of,
                }
            }
        )
        name = str(node.get("name") or node["id"])
        shown = (
            f"{name} {first.type} {first.target_name}"
            if swap_source
            else (f"{first.source_name} {first.type} {name}")
        )
        changes.append(f"opened: {shown} from {_day(until)}, source {src}")
    owners = {k for e in current for k in e.chat_ids}
    owners |= {e.src for e in current if e.src.startswith(_CHAT)}
    owners.discard(user_key)
    return CorrectionPlan(
        turn_id=turn_id,
        question=turn.question,
        closes=tuple(current),
        facts=tuple(facts_out),
        changes=tuple(changes),
        owners=tuple(sorted(owners)),
    )


async def apply_correction(graph: TenantGraph, facts: list[dict[str, Any]]) -> int:
    """Write a correction's facts through the gate; return how many were written.

    The new fact has the type and end types of an edge the brain already holds, so the
    gate accepts what the plan checked; should it refuse one anyway, this raises
    ``InputInvalid`` (the refusal log names the fact) and the note says so.
    """
    report = await graph.write_facts(list(enumerate(facts, 1)), origin="source")
    if report.refused:
        log.warning("a correction was refused: %s", report.refusals)
        raise InputInvalid("The brain refused that correction; nothing was changed.")
    return len(facts)


def correction_payload(plan: CorrectionPlan) -> dict[str, Any]:
    """The payload of a ``correction`` card carrying ``plan`` (see ``CorrectionExecutor``)."""
    return {"turn_id": plan.turn_id, "facts": list(plan.facts), "changes": list(plan.changes)}


class CorrectionExecutor:
    """``correction``: writes an approved correction card's facts through the gate.

    A correction that would close more than one fact waits for an approver; approving
    writes exactly the facts the card shows. Writing them twice is a replay (nothing new).
    """

    name = "correction"

    def __init__(self, *, brain: Brain) -> None:
        self._brain = brain

    async def execute(self, card: Card) -> str:
        """Apply the correction once; a moved or unusable payload fails with the reason."""
        if not card.payload_intact():
            raise ActionFailed(
                self.name, "the card's payload no longer matches what was shown; nothing ran"
            )
        try:
            fix = FactCorrection.model_validate(card.payload)
        except ValueError:
            raise ActionFailed(self.name, "the card does not describe a correction") from None
        graph = await self._brain.tenant(card.tenant)
        try:
            await apply_correction(graph, fix.facts)
        except HivebrainError as exc:
            raise ActionFailed(self.name, exc.user_message) from None
        return f"corrected the brain ({len(fix.changes)} change(s))"
