"""Reads of a repository's history: triage (and the open issues it reads), experts, areas of
code, decisions, what changed."""

from __future__ import annotations

from brain.reads.repo._code_areas import repositories
from brain.reads.repo._decisions import decision_trail
from brain.reads.repo._experts import experts_for
from brain.reads.repo._history import area_history, catch_up, related_work
from brain.reads.repo._issues import IssueRecord, open_issues, unmarked_issues
from brain.reads.repo._triage import triage_candidates

__all__ = [
    "IssueRecord",
    "open_issues",
    "unmarked_issues",
    "area_history",
    "catch_up",
    "decision_trail",
    "experts_for",
    "related_work",
    "repositories",
    "triage_candidates",
]
