"""Reads of one tenant graph: search, walks, paths, ranks, readings, minutes, people, cards,
issues, kept answers, cypher guard, evidence. Every query of the tenant's records lives here
(or in ``brain.upkeep``): the layers above call these reads by name."""

from __future__ import annotations

from brain.reads._around import VERBS as PATH_VERBS
from brain.reads._around import around
from brain.reads._cache import cache_counts, clear_cache
from brain.reads._cards import CARD_FIELDS, stored_card, stored_cards
from brain.reads._code_areas import repositories
from brain.reads._cypher_guard import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, check_cypher, run_cypher
from brain.reads._dated import dated_near
from brain.reads._decisions import decision_trail
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref, is_sample
from brain.reads._experts import experts_for
from brain.reads._issues import IssueRecord, open_issues, unmarked_issues
from brain.reads._kept_answers import KeptAnswer, is_answer_touched, kept_answer_for
from brain.reads._minutes import (
    MeetingDecision,
    MeetingTask,
    SaidLine,
    action_items,
    find_meeting,
    meeting_decisions,
    meeting_tasks,
    minutes,
)
from brain.reads._passages import passages
from brain.reads._paths import path
from brain.reads._people import (
    PersonRecord,
    emails_of,
    people_by_chat_id,
    people_by_email,
    people_named,
)
from brain.reads._periods import metric_period
from brain.reads._ranks import rank, topics
from brain.reads._readings import readings, total
from brain.reads._repo_history import area_history, catch_up, related_work
from brain.reads._search import Hit, search
from brain.reads._search_within import search_within
from brain.reads._series import Change, change_point, metric_series
from brain.reads._stats import TenantStats, tenant_stats
from brain.reads._triage import triage_candidates
from brain.reads._walks import (
    BREAK_RELS,
    history,
    lookup,
    neighbours,
    not_found,
    owner,
    resolve,
    what_breaks,
)

__all__ = [
    "Change",
    "PATH_VERBS",
    "around",
    "change_point",
    "dated_near",
    "metric_series",
    "BREAK_RELS",
    "area_history",
    "catch_up",
    "related_work",
    "repositories",
    "CYPHER_ROW_CAP",
    "CYPHER_TIMEOUT_MS",
    "EdgeRef",
    "Evidence",
    "Hit",
    "NodeRef",
    "ReadResult",
    "TenantStats",
    "action_items",
    "cache_counts",
    "check_cypher",
    "clear_cache",
    "decision_trail",
    "edge_ref",
    "experts_for",
    "find_meeting",
    "history",
    "is_sample",
    "lookup",
    "metric_period",
    "minutes",
    "neighbours",
    "not_found",
    "owner",
    "passages",
    "path",
    "rank",
    "readings",
    "resolve",
    "run_cypher",
    "search",
    "search_within",
    "tenant_stats",
    "topics",
    "total",
    "triage_candidates",
    "what_breaks",
    "CARD_FIELDS",
    "stored_card",
    "stored_cards",
    "IssueRecord",
    "open_issues",
    "unmarked_issues",
    "KeptAnswer",
    "is_answer_touched",
    "kept_answer_for",
    "MeetingDecision",
    "MeetingTask",
    "SaidLine",
    "meeting_decisions",
    "meeting_tasks",
    "PersonRecord",
    "emails_of",
    "people_by_chat_id",
    "people_by_email",
    "people_named",
]
