"""Rules mode: the Chief's four steps as deterministic work over the same tools.

Without a model key, ``RulesChief`` plans from what ``understand`` read in the tenant's
records (``agents.desks.plan``), each desk runs the answer for that kind of question
(``agents.desks.run_desk``), the reviewers are the answer checks themselves applied to
one finding (the numbers desk checks figures, the fact checker and QA check citations)
and a revision drops just the sentences a reviewer could not verify; the answer is the
findings in plan order (``compose``). Every figure and ``[[id]]`` comes from a tool result
of the turn, so rules mode passes the same answer checks as model mode.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import replace

from agents._ledger import ToolLedger
from agents._roster import reviewers_of
from agents.checks import DataNumbers, check_citations, check_numbers, checks_are_heavy
from agents.chief._compose import compose
from agents.chief._protocol import Brief, DeskOutcome, Mode, TurnLimits
from agents.desks import Draft, plan, run_desk

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


class RulesChief:
    """The Chief and its desks as deterministic steps (no model), within ``limits``."""

    def __init__(self, *, limits: TurnLimits | None = None) -> None:
        self._limits = limits or TurnLimits()

    @property
    def mode(self) -> Mode:
        """Always ``"rules"``."""
        return "rules"

    @property
    def limits(self) -> TurnLimits:
        """The limits given when made (only ``desk_timeout_s`` binds: no model, no tokens)."""
        return self._limits

    async def plan(self, brief: Brief) -> list[str]:
        """The desks for what the question asks, as ``understand`` read it."""
        return plan(brief.understood)

    async def work(self, desk: str, brief: Brief) -> Draft:
        """The desk's deterministic answer for the kind of question."""
        return await run_desk(desk, brief.understood, brief.ledger, tz=brief.timezone)

    async def review(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> list[DeskOutcome]:
        """Every finding checked by its reviewers, the data's numbers gathered once for
        all; in a thread when the turn's data is big (CPU work that would hold up the
        event loop)."""
        if checks_are_heavy(brief.ledger.outputs):
            return await asyncio.to_thread(review_all, outcomes, brief.ledger)
        return review_all(outcomes, brief.ledger)

    async def answer(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> Draft:
        """The findings in plan order, with what the data calls for (``compose``)."""
        return Draft(compose([o.draft for o in outcomes], brief.ledger, brief.now))


def review_all(outcomes: Sequence[DeskOutcome], ledger: ToolLedger) -> list[DeskOutcome]:
    """Rules-mode review of every finding, the data's numbers gathered once for all."""
    checks_numbers = any(
        o.draft is not None and "numbers" in reviewers_of(o.desk) for o in outcomes
    )
    numbers = DataNumbers.of(ledger.outputs) if checks_numbers else None
    return [review_one(o, ledger, numbers=numbers) for o in outcomes]


def review_one(
    outcome: DeskOutcome, ledger: ToolLedger, *, numbers: DataNumbers | None = None
) -> DeskOutcome:
    """At most two reviewers per finding; a "fix" verdict earns exactly one revision.

    The numbers desk checks figures, the fact checker and QA check citations; the other
    reviewers have no rules-mode check. The revision drops the sentences a reviewer could
    not verify. ``numbers`` (the ledger's ``DataNumbers``, built once per turn) saves
    gathering the data's numbers again for every finding and sentence.
    """
    if outcome.draft is None:
        return outcome
    reviewers = reviewers_of(outcome.desk)
    text = outcome.draft.text
    outputs = ledger.outputs
    if numbers is None and "numbers" in reviewers:
        numbers = DataNumbers.of(outputs)
    failed_lines: set[str] = set()
    for reviewer in reviewers:
        if reviewer == "numbers":
            result = check_numbers(text, outputs, numbers=numbers)
        elif reviewer in ("facts", "qa"):
            result = check_citations(text, ledger.returned_ids)
        else:
            continue
        outcome.review.append(
            {
                "reviewer": reviewer,
                "verdict": "ok" if result.passed else "fix",
                "note": result.detail,
            }
        )
        if not result.passed:
            failed_lines.update(_sentences_failing(text, reviewer, ledger, numbers))
    if failed_lines:
        kept = [
            " ".join(s for s in _SENTENCE.split(line) if s not in failed_lines)
            for line in text.splitlines()
        ]
        # the draft as it was (its path, cards, doubts, what it answers about), less the
        # sentences no reviewer could verify
        outcome.draft = replace(outcome.draft, text="\n".join(k for k in kept if k.strip()))
        outcome.revised = True
    return outcome


def _sentences_failing(
    text: str, reviewer: str, ledger: ToolLedger, numbers: DataNumbers | None
) -> list[str]:
    """The sentences a reviewer cannot verify (the one revision drops just those)."""
    if reviewer == "numbers" and numbers is None:
        numbers = DataNumbers.of(ledger.outputs)
    returned = ledger.returned_ids if reviewer != "numbers" else set[str]()
    bad: list[str] = []
    for line in text.splitlines():
        for sentence in _SENTENCE.split(line):
            check = (
                check_numbers(sentence, (), numbers=numbers)
                if reviewer == "numbers"
                else check_citations(sentence, returned)
            )
            if not check.passed:
                bad.append(sentence)
    return bad
