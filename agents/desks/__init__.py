"""Rules-mode desk work: deterministic tool calls and templated drafts, no model."""

from __future__ import annotations

from agents.desks._rules import Draft, run_desk

__all__ = [
    "Draft",
    "run_desk",
]
