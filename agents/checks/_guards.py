"""The guards: checks that do not share the question reader, run on every answer.

Each guard (``_period_guard``, ``_direction_guard``, ``_decline_guard``,
``_coverage_guard``) is written apart from ``agents.desks``, which reads the question, so
it catches what the reader misses; a test keeps them from importing it. A failed guard
makes the answer unverified and says why. They run on the final answer in both modes, so
a model's answer is held to them as a rules-mode one is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks._coverage_guard import check_coverage
from agents.checks._decline_guard import check_decline
from agents.checks._direction_guard import check_direction
from agents.checks._period_guard import check_period


def guard_answer(
    question: str,
    answer: str,
    *,
    today: date,
    outputs: Sequence[Mapping[str, Any]],
    names: Iterable[str],
    declined: bool,
) -> list[CheckResult]:
    """Every guard's result on one answer: ``outputs`` are the turn's tool data, ``names``
    the names of every record its tools returned, ``declined`` whether it says plainly
    that the records don't hold the answer."""
    return [
        check_period(question, answer, today, declined=declined),
        check_direction(answer, outputs, declined=declined),
        check_decline(question, names, declined=declined),
        check_coverage(answer, outputs, declined=declined),
    ]
