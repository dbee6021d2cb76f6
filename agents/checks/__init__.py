"""Checks run on an answer before anyone sees it: citations, numbers, sample data, as-of,
relevance, the guards that read the question on their own, and the writers' doubts."""

from __future__ import annotations

from agents.checks._answer import (
    AS_OF_RE,
    STALE_AFTER,
    CheckReport,
    CheckResult,
    check_answer,
    check_as_of,
    check_citations,
    check_numbers,
    check_sample,
    extract_citations,
)
from agents.checks._numbers import (
    DataNumbers,
    checks_are_heavy,
    data_numbers,
    extract_numbers,
    holds_many_values,
)
from agents.checks._relevance import Asked, check_decisive, check_relevance, is_decline
from agents.checks.guards import guard_answer

__all__ = [
    "CheckReport",
    "CheckResult",
    "check_answer",
    "AS_OF_RE",
    "STALE_AFTER",
    "check_citations",
    "check_numbers",
    "check_sample",
    "extract_citations",
    "checks_are_heavy",
    "holds_many_values",
    "check_as_of",
    "data_numbers",
    "extract_numbers",
    "DataNumbers",
    "Asked",
    "check_relevance",
    "check_decisive",
    "guard_answer",
    "is_decline",
]
