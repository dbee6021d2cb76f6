"""Every guard on one answer: a failed guard makes the answer unverified and says why.

They run on the final answer in both modes, so a model's answer is held to them as a
rules-mode one is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._coverage import check_coverage
from agents.checks.guards._decline import check_decline
from agents.checks.guards._direction import check_direction
from agents.checks.guards._period import check_period


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
