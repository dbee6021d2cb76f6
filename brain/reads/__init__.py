"""Reads of one tenant graph: walks, paths, ranks, readings, minutes, people, cards, kept
answers, stats, evidence, feedback on answers and what each answer read, highlights, and
where each record came from (the kinds of source a channel's scope names).
Every query of the tenant's records lives here (or in ``brain.upkeep``): the layers
above call these reads by name.

Families of reads are sub-packages: ``search`` (hybrid search, search within a source,
passages), ``repo`` (triage and the open issues it reads, experts, areas of code,
decisions) and ``archive`` (what a past moment sees of the archive graph). ``run_cypher``
is the ``cypher`` tool's read; the guard it runs first is ``brain.db.check_cypher``,
re-exported here.
"""

from __future__ import annotations

from brain.db import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, check_cypher
from brain.reads._around import VERBS as PATH_VERBS
from brain.reads._around import around
from brain.reads._cache import cache_counts, clear_cache
from brain.reads._cards import CARD_FIELDS, stored_card, stored_cards
from brain.reads._costs import CostTotals, turn_costs
from brain.reads._cypher import run_cypher
from brain.reads._dated import dated_near
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref, is_sample
from brain.reads._facts import (
    MAX_CORRECTABLE,
    FactEdge,
    ReadFact,
    fact_edges,
    open_edges,
    read_facts,
)
from brain.reads._feedback import (
    MAX_SOURCES,
    FeedbackCounts,
    FeedbackRecord,
    SourceRecord,
    TurnRecord,
    feedback_counts,
    read_feedback,
    read_turn,
    turn_sources,
)
from brain.reads._fulltext import MAX_WORDS, exact_terms_query, fulltext_query
from brain.reads._highlights import Highlight, Highlights, highlights
from brain.reads._kept_answers import KeptAnswer, is_answer_touched, kept_answer_for
from brain.reads._learning import (
    VotedAnswer,
    disliked_answers,
    feedback_penalties,
    golden_answers,
)
from brain.reads._measured_totals import measured_totals
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
from brain.reads._paths import path
from brain.reads._people import (
    PersonRecord,
    emails_of,
    people_by_chat_id,
    people_by_email,
    people_named,
)
from brain.reads._periods import metric_period
from brain.reads._provenance import (
    SAID_IN_CHAT,
    SOURCE_KINDS,
    TYPE_KINDS,
    RecordSource,
    SourceKinds,
    passage_sources,
    prefix_kind,
    record_sources,
)
from brain.reads._ranks import EXCLUDED_TYPES, pagerank, propagate_labels, rank, topics
from brain.reads._readings import MAX_READINGS, readings, total
from brain.reads._recall import EarlierTurn, OpenCard, earlier_turns, open_cards_citing
from brain.reads._series import Change, change_point, metric_series
from brain.reads._snapshots import layers, shortest_paths
from brain.reads._stats import TenantStats, tenant_stats
from brain.reads._walks import (
    BREAK_RELS,
    READ_BY_NAME,
    history,
    lookup,
    neighbours,
    not_found,
    owner,
    resolve,
    what_breaks,
)
from brain.reads.repo import (
    IssueRecord,
    area_history,
    catch_up,
    decision_trail,
    experts_for,
    open_issues,
    related_work,
    repositories,
    triage_candidates,
    unmarked_issues,
)
from brain.reads.search import Hit, passages, search, search_within

__all__ = [
    "SAID_IN_CHAT",
    "SOURCE_KINDS",
    "TYPE_KINDS",
    "RecordSource",
    "SourceKinds",
    "passage_sources",
    "prefix_kind",
    "record_sources",
    "CostTotals",
    "turn_costs",
    "VotedAnswer",
    "disliked_answers",
    "feedback_penalties",
    "golden_answers",
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
    "EarlierTurn",
    "EdgeRef",
    "Evidence",
    "Hit",
    "NodeRef",
    "OpenCard",
    "ReadResult",
    "TenantStats",
    "action_items",
    "cache_counts",
    "check_cypher",
    "clear_cache",
    "decision_trail",
    "earlier_turns",
    "edge_ref",
    "experts_for",
    "find_meeting",
    "history",
    "is_sample",
    "lookup",
    "measured_totals",
    "metric_period",
    "minutes",
    "neighbours",
    "not_found",
    "open_cards_citing",
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
    "MAX_WORDS",
    "exact_terms_query",
    "fulltext_query",
    "READ_BY_NAME",
    "MAX_READINGS",
    "layers",
    "shortest_paths",
    "EXCLUDED_TYPES",
    "pagerank",
    "propagate_labels",
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
    "MAX_SOURCES",
    "FeedbackCounts",
    "FeedbackRecord",
    "SourceRecord",
    "TurnRecord",
    "feedback_counts",
    "read_feedback",
    "MAX_CORRECTABLE",
    "FactEdge",
    "ReadFact",
    "fact_edges",
    "open_edges",
    "read_facts",
    "read_turn",
    "turn_sources",
    "Highlight",
    "Highlights",
    "highlights",
]
