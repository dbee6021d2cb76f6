"""Dates as people write them, read into whole days (agents.desks._dates)."""

from __future__ import annotations

from datetime import date

import pytest

from agents.desks import find_period, find_periods

TODAY = date(2026, 11, 20)  # a Friday


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("who had it on 1 October?", "2026-10-01", "2026-10-01"),
        ("Oct 1", "2026-10-01", "2026-10-01"),
        ("on 2026-10-01", "2026-10-01", "2026-10-01"),
        ("on the 3rd of October", "2026-10-03", "2026-10-03"),
        ("at the start of October", "2026-10-01", "2026-10-01"),
        ("at the end of October", "2026-10-31", "2026-10-31"),
        ("yesterday", "2026-11-19", "2026-11-19"),
        ("last week", "2026-11-09", "2026-11-15"),
        ("the week before last", "2026-11-02", "2026-11-08"),
        ("this week", "2026-11-16", "2026-11-20"),
        ("this month", "2026-11-01", "2026-11-20"),
        ("last month", "2026-10-01", "2026-10-31"),
        ("in Q3", "2026-07-01", "2026-09-30"),
        ("in Q4", "2026-10-01", "2026-11-20"),  # this year's Q4 has begun: cut at today
        ("from 1 to 14 October", "2026-10-01", "2026-10-14"),
        ("1-14 Oct", "2026-10-01", "2026-10-14"),
        ("between 28 September and 25 October", "2026-09-28", "2026-10-25"),
        ("between Oct 5 and Oct 18", "2026-10-05", "2026-10-18"),
        ("since August", "2026-08-01", "2026-11-20"),
        ("in October", "2026-10-01", "2026-10-31"),
        ("in December", "2025-12-01", "2025-12-31"),  # the latest December that has begun
        ("the last 30 days", "2026-10-21", "2026-11-19"),  # whole days, ending yesterday
        ("over the past two weeks", "2026-11-06", "2026-11-19"),
        ("the first two weeks of November", "2026-11-01", "2026-11-14"),
        ("the last two weeks of October", "2026-10-18", "2026-10-31"),
        ("in the week of 5 October", "2026-10-05", "2026-10-11"),
        ("from 20 December to 3 January", "2025-12-20", "2026-01-03"),
    ],
)
def test_phrases_read_as_whole_days(text: str, first: str, last: str) -> None:
    found = find_period(text, TODAY)
    assert found is not None, text
    assert (found.start.isoformat(), found.last.isoformat()) == (first, last), text


@pytest.mark.parametrize(
    "text",
    ["what's the weather", "marketing spend", "who owns the may release", "31 September", "in Q5"],
)
def test_no_day_is_read_where_none_is_named(text: str) -> None:
    assert find_period(text, TODAY) is None, find_periods(text, TODAY)


def test_two_ranges_come_in_the_order_written() -> None:
    found = find_periods(
        "How did the first two weeks of November compare with the last two weeks of October?",
        TODAY,
    )
    assert [(p.start.isoformat(), p.last.isoformat()) for p in found] == [
        ("2026-11-01", "2026-11-14"),
        ("2026-10-18", "2026-10-31"),
    ]


def test_a_range_never_runs_past_today_and_the_previous_is_as_long() -> None:
    month = find_period("this month", TODAY)
    assert month is not None and month.end == date(2026, 11, 21)
    before = month.previous()
    assert before.days == month.days and before.end == month.start
    assert month.label() == "1-20 November 2026"
