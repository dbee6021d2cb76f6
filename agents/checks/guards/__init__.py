"""The guards: checks that do not share the question reader, run on every answer.

Each guard is written apart from ``agents.desks``, which reads the question, so it catches
what the reader misses (a test keeps them from importing it): the days the question names
must overlap the days the answer covers (``check_period``, with its own small date reader),
a claimed rise or fall must be the sign of the change over covered days
(``check_direction``), no decline while a record the question names whole is held
(``check_decline``), and a comparison over unequal coverage must say so
(``check_coverage``). ``guard_answer`` runs them all.
"""

from __future__ import annotations

from agents.checks.guards._coverage import check_coverage, unequal_comparisons
from agents.checks.guards._dates import named_spans, overlaps
from agents.checks.guards._decline import check_decline, named_records
from agents.checks.guards._direction import check_direction, claimed_direction
from agents.checks.guards._period import check_period
from agents.checks.guards._run import guard_answer

__all__ = [
    "check_coverage",
    "check_decline",
    "check_direction",
    "check_period",
    "claimed_direction",
    "guard_answer",
    "named_records",
    "named_spans",
    "overlaps",
    "unequal_comparisons",
]
