"""Dates as people write them, read into whole days (agents.desks._dates)."""

from __future__ import annotations

from datetime import date

import pytest

from agents.desks import event_period, find_period, find_periods, since_event

TODAY = date(2026, 11, 20)  # a Friday


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("who had it on 1 October?", "2026-10-01", "2026-10-01"),
        ("Oct 1", "2026-10-01", "2026-10-01"),
        ("on 2026-10-01", "2026-10-01", "2026-10-01"),
        ("on the 3rd of October", "2026-10-03", "2026-10-03"),
        ("at the start of October", "2026-10-01", "2026-10-10"),  # early October
        ("at the end of October", "2026-10-21", "2026-10-31"),  # late October
        ("yesterday", "2026-11-19", "2026-11-19"),
        ("last week", "2026-11-09", "2026-11-15"),
        ("the week before last", "2026-11-02", "2026-11-08"),
        ("this week", "2026-11-16", "2026-11-19"),  # today is not in yet
        ("this month", "2026-11-01", "2026-11-19"),
        ("last month", "2026-10-01", "2026-10-31"),
        ("in Q3", "2026-07-01", "2026-09-30"),
        ("in Q4", "2026-10-01", "2026-11-19"),  # this year's Q4 has begun: cut at yesterday
        ("from 1 to 14 October", "2026-10-01", "2026-10-14"),
        ("1-14 Oct", "2026-10-01", "2026-10-14"),
        ("between 28 September and 25 October", "2026-09-28", "2026-10-25"),
        ("between Oct 5 and Oct 18", "2026-10-05", "2026-10-18"),
        ("since August", "2026-08-01", "2026-11-19"),
        ("in October", "2026-10-01", "2026-10-31"),
        ("in December", "2025-12-01", "2025-12-31"),  # the latest December that has begun
        ("the last 30 days", "2026-10-21", "2026-11-19"),  # whole days, ending yesterday
        ("over the past two weeks", "2026-11-06", "2026-11-19"),
        ("the first two weeks of November", "2026-11-01", "2026-11-14"),
        ("the last two weeks of October", "2026-10-18", "2026-10-31"),
        ("in the week of 5 October", "2026-10-05", "2026-10-11"),
        ("from 20 December to 3 January", "2025-12-20", "2026-01-03"),
        # a date in parentheses dates the words before it: from that day to yesterday
        ("pieces since trentham came on (2 nov)?", "2026-11-02", "2026-11-19"),
        ("otd since brackley came on (19 oct)", "2026-10-19", "2026-11-19"),
        ("from the routemate update (on 26 oct) to now", "2026-10-26", "2026-11-19"),
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


def test_a_range_never_runs_past_yesterday_and_the_previous_is_as_long() -> None:
    month = find_period("this month", TODAY)
    assert month is not None and month.end == date(2026, 11, 20)
    before = month.previous()
    assert before.days == month.days and before.end == month.start
    assert month.label() == "1-19 November 2026"


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        # parts of a month: early 1-10, mid 11-20, late (and the end of) 21-last
        ("early sept", "2026-09-01", "2026-09-10"),
        ("in mid-October", "2026-10-11", "2026-10-20"),
        ("back in mid august", "2026-08-11", "2026-08-20"),
        ("late aug", "2026-08-21", "2026-08-31"),
        ("end of sept", "2026-09-21", "2026-09-30"),
        ("the beginning of October", "2026-10-01", "2026-10-10"),
        ("the first half of October", "2026-10-01", "2026-10-15"),
        ("in the second half of august", "2026-08-16", "2026-08-31"),
        ("mid november", "2026-11-11", "2026-11-19"),  # cut at yesterday
        # parts of a quarter: its first and last 14 days
        ("end of Q3", "2026-09-17", "2026-09-30"),
        ("at the start of Q3", "2026-07-01", "2026-07-14"),
        ("the end of q2", "2026-06-17", "2026-06-30"),
        # the week of a day: Monday to Sunday
        ("the week of the 31st august", "2026-08-31", "2026-09-06"),
        ("w/c 5 Oct", "2026-10-05", "2026-10-11"),
        ("the week of the 3rd", "2026-11-02", "2026-11-08"),  # the latest 3rd
        # a month named alone, a day without its month
        ("september", "2026-09-01", "2026-09-30"),
        ("fleet generation september vs august", "2026-09-01", "2026-09-30"),
        ("on the 6th and 7th oct", "2026-10-06", "2026-10-07"),
        ("on the 25th", "2026-10-25", "2026-10-25"),  # this month's 25th is still to come
        ("the last fortnight", "2026-11-02", "2026-11-15"),  # two calendar weeks, as "last week"
        # parts of this and last month, quarters by name, to date, weekends, "after"
        ("early last month", "2026-10-01", "2026-10-10"),
        ("the end of last month", "2026-10-21", "2026-10-31"),
        ("the beginning of this month", "2026-11-01", "2026-11-10"),
        ("the back half of august", "2026-08-16", "2026-08-31"),
        ("the final week of September", "2026-09-24", "2026-09-30"),
        ("in the third quarter", "2026-07-01", "2026-09-30"),
        ("since the start of the month", "2026-11-01", "2026-11-19"),
        ("month to date", "2026-11-01", "2026-11-19"),
        ("the weekend of 3 October", "2026-10-03", "2026-10-04"),
        ("after 14 September", "2026-09-15", "2026-11-19"),
        ("last quarter", "2026-07-01", "2026-09-30"),
        # "since" a part of a month, a quarter or a week: from its start to yesterday
        ("so many more lifts since mid sept", "2026-09-11", "2026-11-19"),
        ("since the end of august", "2026-08-21", "2026-11-19"),
        ("since q3", "2026-07-01", "2026-11-19"),
        ("since the week of 5 october", "2026-10-05", "2026-11-19"),
    ],
)
def test_parts_of_months_and_quarters_and_weeks_of(text: str, first: str, last: str) -> None:
    found = find_period(text, TODAY)
    assert found is not None, text
    assert (found.start.isoformat(), found.last.isoformat()) == (first, last), text


@pytest.mark.parametrize(
    "text",
    [
        "can we do it in may",  # lowercase "may" alone is a verb; "in may" is a month
        "the march of progress",
        "who owns the decommissioning",
    ],
)
def test_everyday_words_are_no_months(text: str) -> None:
    periods = find_periods(text, TODAY)
    assert all(p.start.month == 5 for p in periods), periods
    if "in may" not in text:
        assert periods == [], periods


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("words delivered june vs may?", [6, 5]),  # beside "vs", "may" is a month
        ("lqa scores may vs april", [5, 4]),
        ("rush jobs late may", [5]),
        ("may I ask how many we did", []),  # the verb, asked of anyone
        ("it may rain on the june shoot", [6]),
    ],
)
def test_an_everyday_word_beside_a_month_cue_is_a_month(text: str, months: list[int]) -> None:
    assert [p.start.month for p in find_periods(text, TODAY)] == months


@pytest.mark.parametrize(
    ("text", "word", "event"),
    [
        ("installs since crew noord started?", "since", "crew noord started"),
        ("quotes since the release", "since", "the release"),
        ("how did loans go before the pipedeck thing?", "before", "the pipedeck thing"),
        ("tickets since 14 September", None, None),  # a day, not an event
        ("tickets since August", None, None),
        ("what changed since then", None, None),
    ],
)
def test_since_an_event_names_the_event(text: str, word: str | None, event: str | None) -> None:
    found = since_event(text, TODAY)
    assert (found[0], found[1]) == (word, event) if found else (word, event) == (None, None)


def test_since_an_event_runs_from_its_day_to_yesterday() -> None:
    read = event_period(date(2026, 9, 14), TODAY, "since crew noord started")
    assert read is not None
    assert (read.start.isoformat(), read.last.isoformat()) == ("2026-09-14", "2026-11-19")


def test_a_month_word_that_starts_a_day_is_that_day() -> None:
    """ "door count for aug 10": the day, not August (the month's "for" started it first)."""
    (found,) = find_periods("door count for aug 10?", date(2026, 9, 16))
    assert (found.start, found.last, found.day) == (date(2026, 8, 10), date(2026, 8, 10), True)


@pytest.mark.parametrize(
    ("text", "month_first", "first", "last"),
    [
        ("the week of 9/14", False, "2026-09-14", "2026-09-20"),  # 14 is no month
        ("on 14/9", False, "2026-09-14", "2026-09-14"),
        ("taproom take on 9/7", True, "2026-09-07", "2026-09-07"),  # as the US writes it
        ("taproom take on 9/7", False, "2026-07-09", "2026-07-09"),  # as most others do
        ("on 11/30/25", True, "2025-11-30", "2025-11-30"),
    ],
)
def test_days_written_in_numbers(text: str, month_first: bool, first: str, last: str) -> None:
    from agents.desks import MONTH_FIRST

    token = MONTH_FIRST.set(month_first)
    try:
        period = find_period(text, TODAY)
    finally:
        MONTH_FIRST.reset(token)
    assert period is not None
    assert (period.start.isoformat(), period.last.isoformat()) == (first, last)


@pytest.mark.parametrize("text", ["open 24/7", "3/4 of the batches"])
def test_numbers_with_a_slash_that_are_no_days(text: str) -> None:
    assert find_periods(text, TODAY) == []


def test_month_first_zones_are_the_us() -> None:
    from agents.desks import month_first_zone

    assert month_first_zone("America/Los_Angeles") and month_first_zone("Pacific/Honolulu")
    assert not month_first_zone("America/Santiago") and not month_first_zone("Europe/London")
