"""Rules-mode desk work: deterministic tool calls and templated drafts, no model."""

from __future__ import annotations

from agents.desks._answers import read_ranges
from agents.desks._dates import find_period, find_periods
from agents.desks._rules import Draft, plan, run_desk
from agents.desks._understand import Understanding, understand

__all__ = [
    "Draft",
    "run_desk",
    "plan",
    "Understanding",
    "understand",
    "read_ranges",
    "find_period",
    "find_periods",
]
