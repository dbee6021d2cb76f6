"""Answers that must fail their checks, and the honest ones beside them (a table test).

Each row is an answer to one question, what the tools returned this turn, and whether
the checks must verify it. Nothing here passes by construction: the same tool data makes
one answer pass and its near twin fail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest

from agents.checks import Asked, check_answer, check_relevance, is_decline

NOW = datetime(2026, 11, 20, tzinfo=UTC)

#: What a turn's tools returned: a period read of one metric and a neighbours read.
PERIOD = {
    "data": {
        "metric": {"id": "metric-covers", "name": "Covers", "unit": "covers", "aggregation": "sum"},
        "period": {
            "first_day": "2026-11-01",
            "last_day": "2026-11-14",
            "readings": 14,
            "total": 1544.0,
            "daily_mean": 110.2857,
        },
        "compare": {
            "first_day": "2026-10-18",
            "last_day": "2026-10-31",
            "readings": 14,
            "total": 1486.0,
            "daily_mean": 106.1429,
        },
        "change_pct": 3.9,
    },
    "sample": False,
    "nodes": [{"id": "metric-covers", "type": "Metric", "name": "Covers"}],
}
PEOPLE = {
    "data": {
        "relationships": [{"rel": "OWNS", "node": {"id": "person-sam", "name": "Sam"}}],
        "headcount": 37,
        "tables": 12,
    },
    "sample": False,
    "nodes": [
        {"id": "person-sam", "type": "Person", "name": "Sam"},
        {"id": "task-menu", "type": "Task", "name": "Cost the winter menu"},
    ],
}
TYPES = {"metric-covers": "Metric", "person-sam": "Person", "task-menu": "Task"}
RETURNED = set(TYPES)
TOTAL = Asked(
    kind="metric",
    metric_op="total",
    subject_ids=("metric-covers",),
    subject_name="Covers",
    ranges=(("2026-11-01", "2026-11-14"),),
)
OWNER = Asked(kind="owner", subject_ids=("task-menu",), subject_name="Cost the winter menu")
UNKNOWN = Asked(kind="owner", must_decline=True, why_decline="Harrogate is not in the records")


@dataclass(frozen=True)
class Row:
    name: str
    answer: str
    asked: Asked
    verified: bool
    failing: set[str] = field(default_factory=set)


ROWS = [
    Row(
        "a right total",
        "Covers [[metric-covers]] for 1-14 November 2026: 1,544 covers.",
        TOTAL,
        True,
    ),
    Row(
        "a number off by one",
        "Covers [[metric-covers]] for 1-14 November 2026: 1,545 covers.",
        TOTAL,
        False,
        {"numbers", "answers the question"},
    ),
    Row(
        "a right change", "Covers [[metric-covers]] were up 3.9%: 1,544 against 1,486.", TOTAL, True
    ),
    Row(
        "a ratio of unrelated figures",  # 37 staff / 12 tables come from another read
        "Covers [[metric-covers]] for 1-14 November 2026: 1,544, or 3.08 covers a table.",
        TOTAL,
        False,
        {"numbers"},
    ),
    Row(
        "an uncited claim",
        "Sam owns the winter menu costing since 12 October.",
        OWNER,
        False,
        {"citations", "answers the question"},
    ),
    Row(
        "a figure on a line without a citation",
        "Sam [[person-sam]] owns Cost the winter menu [[task-menu]].\nIt has 37 people on it.",
        OWNER,
        False,
        {"citations"},
    ),
    Row(
        "a citation not read this turn",
        "Sam [[person-sam]] owns Cost the winter menu [[task-menu]] with Ali [[person-ali]].",
        OWNER,
        False,
        {"citations"},
    ),
    Row(
        "a right owner",
        "Sam [[person-sam]] owns Cost the winter menu [[task-menu]] now.",
        OWNER,
        True,
    ),
    Row(
        "an answer about the wrong thing",  # a total asked, an owner answered
        "Sam [[person-sam]] owns Cost the winter menu [[task-menu]] now.",
        TOTAL,
        False,
        {"answers the question"},
    ),
    Row(
        "the right days' figure for other days",  # 1,486 is the period compared with
        "Covers [[metric-covers]] for 18-31 October 2026: 1,486 covers.",
        Asked(
            kind="metric",
            metric_op="total",
            subject_ids=("metric-covers",),
            ranges=(("2026-10-18", "2026-10-31"),),
        ),
        False,
        {"answers the question"},
    ),
    Row(
        "an answer to a question the records can't hold",
        "Sam [[person-sam]] owns Cost the winter menu [[task-menu]] now.",
        UNKNOWN,
        False,
        {"answers the question"},
    ),
    Row(
        "an honest decline",
        "I don't have anything about that in your records: nothing named Harrogate is in "
        "your records.",
        UNKNOWN,
        True,
    ),
]


def run_checks(row: Row) -> dict[str, bool]:
    outputs: list[dict[str, Any]] = [PERIOD, PEOPLE]
    relevance = check_relevance(row.answer, row.asked, cited_types=TYPES, outputs=outputs)
    report = check_answer(
        row.answer,
        returned_ids=RETURNED,
        outputs=outputs,
        newest_as_of=NOW,
        now=NOW,
        relevance=relevance,
        claims=not is_decline(row.answer),
    )
    return {r.name: r.passed for r in report.results}


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_each_answer_is_verified_only_when_it_should_be(row: Row) -> None:
    results = run_checks(row)
    assert all(results.values()) is row.verified, results
    assert {name for name, passed in results.items() if not passed} == row.failing
