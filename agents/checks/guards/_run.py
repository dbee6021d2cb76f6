"""Every guard on one answer: a failed guard makes the answer unverified and says why.

They run on the final answer in both modes, so a model's answer is held to them as a
rules-mode one is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._before import check_before
from agents.checks.guards._coverage import check_coverage
from agents.checks.guards._decline import check_decline
from agents.checks.guards._direction import check_direction
from agents.checks.guards._impact import check_impact_subject
from agents.checks.guards._namesake import check_named_person
from agents.checks.guards._period import check_period, check_single_day
from agents.checks.guards._quantity import check_asked_quantity
from agents.checks.guards._relation import check_asked_relation
from agents.checks.guards._since import check_since_event
from agents.checks.guards._subject import check_subject
from agents.checks.guards._topic import check_topic
from agents.checks.guards._written_day import check_written_day


def guard_answer(
    question: str,
    answer: str,
    *,
    today: date,
    outputs: Sequence[Mapping[str, Any]],
    names: Iterable[str],
    declined: bool,
    typed: Mapping[str, str] | None = None,
    month_first: bool | None = False,
) -> list[CheckResult]:
    """Every guard's result on one answer: ``outputs`` are the turn's tool data, ``names``
    the names of every record its tools returned, ``declined`` whether it says plainly
    that the records don't hold the answer, ``typed`` the type of every node read, by name,
    ``month_first`` how the tenant's people write a day in numbers (None: its time zone
    does not say)."""
    names = list(names)
    return [
        check_period(question, answer, today, declined=declined),
        check_direction(answer, outputs, declined=declined),
        check_decline(question, names, declined=declined),
        check_coverage(answer, outputs, declined=declined),
        # the asked subject, relation and period, each read apart from the question reader
        check_named_person(question, answer, outputs, declined=declined),
        check_since_event(question, answer, outputs, today, declined=declined),
        check_asked_quantity(question, answer, declined=declined),
        check_single_day(question, answer, today, declined=declined),
        check_before(question, answer, today, declined=declined),
        check_impact_subject(question, answer, outputs, declined=declined),
        check_asked_relation(question, answer, outputs, declined=declined),
        check_topic(question, answer, outputs, declined=declined),
        check_subject(question, answer, outputs, declined=declined, typed=typed),
        check_written_day(question, answer, month_first=month_first, declined=declined),
    ]
