"""Checks run on an answer before anyone sees it: citations, numbers, sample data, as-of."""

from __future__ import annotations

from agents.checks._answer import CheckReport, CheckResult, check_answer

__all__ = [
    "CheckReport",
    "CheckResult",
    "check_answer",
]
