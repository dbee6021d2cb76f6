"""The guards (agents.checks.guards): answers that must fail each one, and honest ones
that pass. They are pure, so each case is the question, the answer and what the turn's
tools returned."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agents.checks.guards import (
    check_coverage,
    check_decline,
    check_direction,
    check_period,
    claimed_direction,
    guard_answer,
    named_records,
    named_spans,
)

TODAY = date(2026, 10, 22)
DECLINE = "I don't have anything about that in your records: nothing named bust is in your records."


# --- the guards' own date reader -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("back in mid august", [("2026-08-01", "2026-08-31")]),  # a part of a month: the month
        ("installs per day end of Q3?", [("2026-07-01", "2026-09-30")]),
        ("in December", [("2025-12-01", "2025-12-31")]),  # the latest December begun
        ("on the 6th and 7th oct", [("2026-10-06", "2026-10-07")]),
        ("for 16-31 August 2026: 32 installs", [("2026-08-16", "2026-08-31")]),
        ("for 1 July - 30 September 2026", [("2026-07-01", "2026-09-30")]),
        ("owns it (since 28 September 2026)", [("2026-09-28", "2026-10-22")]),
        ("pieces since trentham came on (2 oct)?", [("2026-10-02", "2026-10-22")]),
        ("the newest data behind this is as of 2026-10-12", []),  # a note, not a period
        ("cites [[obs-installs-2026-08-16]]", []),
        ("may I knock 8% off?", []),  # an everyday word, no month
        ("can we do it in may", [("2026-05-01", "2026-05-31")]),
        ("Jan said it was fine", []),  # a name
    ],
)
def test_the_guards_read_dates_wide_and_on_their_own(
    text: str, spans: list[tuple[str, str]]
) -> None:
    assert [(a.isoformat(), b.isoformat()) for a, b in named_spans(text, TODAY)] == spans


# --- period overlap ----------------------------------------------------------------------------

PERIOD_CASES = [
    # (question, answer, passes)
    (
        "who had the kwalicert audit prep back in mid august",
        "Daan Mulder [[p-daan]] owns Prepare for the KwaliCert audit [[t-audit]] now "
        "(since 28 September 2026).",
        False,  # answered for today
    ),
    (
        "how many installs did we do in the second half of august",
        "Installs completed [[m-installs]] for 15-21 October 2026: 31 installs in total.",
        False,  # the last seven days instead
    ),
    (
        "why did the zonnepakket go up in sept",
        "Lichtveld installer handbook [[doc-handbook]] says: “A standard Zonnepakket is ten "
        "panels.”",
        False,  # names no days at all
    ),
    (
        "who had the kwalicert audit prep back in mid august",
        "On 11-20 August 2026, Prepare for the KwaliCert audit [[t-audit]] was owned by "
        "Ruben Hoekstra [[p-ruben]].",
        True,
    ),
    (
        "how many installs did we do in the second half of august",
        "Installs completed [[m-installs]] for 16-31 August 2026: 32 installs in total.",
        True,
    ),
    (
        "why did the zonnepakket go up in sept",
        "Raise Zonnepakket prices by 7% from 1 September [[d-rise]]: Noordzon raised its "
        "prices 9%.",
        True,
    ),
    ("who owns the portal renewal now?", "Priya Ramdin [[p-priya]] owns it now.", True),
    (
        "pieces since trentham came on (2 oct)?",
        "Pieces processed [[m-pieces]] for 2 October 2026: 12,340 pieces.",
        False,  # "since" read as the one day
    ),
    (
        "pieces since trentham came on (2 oct)?",
        "Pieces processed [[m-pieces]] for 2-21 October 2026: 154,763 pieces in total.",
        True,
    ),
]


@pytest.mark.parametrize(("question", "answer", "passes"), PERIOD_CASES)
def test_an_answer_covers_the_days_the_question_names(
    question: str, answer: str, passes: bool
) -> None:
    result = check_period(question, answer, TODAY, declined=False)
    assert result.passed is passes, result.detail


def test_a_decline_covers_no_days_and_passes() -> None:
    assert check_period("how many installs in june", DECLINE, TODAY, declined=True).passed


# --- direction against the sign over covered days --------------------------------------------


def comparison(
    metric: str, change: float, cover: tuple[float, float] = (1.0, 1.0)
) -> dict[str, Any]:
    """A period read's data as the turn's ledger holds it."""
    return {
        "data": {
            "metric": {"id": metric, "name": "Monitored fleet generation"},
            "period": {"first_day": "2026-09-01", "last_day": "2026-09-30", "coverage": cover[0]},
            "compare": {"first_day": "2026-08-01", "last_day": "2026-08-31", "coverage": cover[1]},
            "change_pct": 12.0,  # totals: not what the guard reads
            "covered_change_pct": change,
        }
    }


DIRECTION_CASES = [
    ("Fleet generation [[m-gen]] rose 27.9% in September.", [comparison("m-gen", -27.9)], False),
    ("Fleet generation [[m-gen]] was up 547% on August.", [comparison("m-gen", -27.9)], False),
    ("Conversion [[m-conv]] fell 17.7% in early September.", [comparison("m-conv", 4.0)], False),
    (
        "Fleet generation [[m-gen]] fell 27.9% a day in September.",
        [comparison("m-gen", -27.9)],
        True,
    ),
    ("Quotes [[m-quotes]] were up 38.3% last week.", [comparison("m-quotes", 38.3)], True),
    # a read the answer does not cite says nothing of its claim
    ("Quotes [[m-quotes]] were up 38.3% last week.", [comparison("m-other", -5.0)], True),
    ("The rule is [[r-cap]]: up to 5% off.", [], True),
]


@pytest.mark.parametrize(("answer", "outputs", "passes"), DIRECTION_CASES)
def test_the_direction_claimed_is_the_sign_over_covered_days(
    answer: str, outputs: list[dict[str, Any]], passes: bool
) -> None:
    result = check_direction(answer, outputs, declined=False)
    assert result.passed is passes, result.detail


def test_a_series_change_point_gives_the_sign_too() -> None:
    series = {
        "data": {
            "metric": {"id": "m-cb", "name": "Fault callbacks"},
            "change": {"shift_pct": 223.6},
        }
    }
    assert not check_direction(
        "Fault callbacks [[m-cb]] fell 70%.", [series], declined=False
    ).passed
    assert check_direction("Fault callbacks [[m-cb]] rose 223.6%.", [series], declined=False).passed
    assert claimed_direction("It went up or down? Nobody knows.") == 0  # no figure, no claim


# --- no verified decline of a record the question names ---------------------------------------

NAMES = ["Groenkrediet", "Groenkrediet partner API key", "Monday ops meeting", "#installs", "Sales"]

DECLINE_CASES = [
    ("groenkrediet goes bust tomorrow - what do we lose", True, False),
    ("what happens if Groenkrédiet's API goes down?", True, False),  # accents and 's folded
    ("who owns the stedin portal account", True, True),  # nothing named Stedin is held
    ("what did sales decide?", True, True),  # a plain word is no name
    ("how many installs did we do in june", True, True),  # "#installs" is named with its mark
    ("anything new in #installs?", True, False),
    ("groenkrediet goes bust tomorrow - what do we lose", False, True),  # an answer, no decline
]


@pytest.mark.parametrize(("question", "declined", "passes"), DECLINE_CASES)
def test_a_decline_is_not_verified_while_a_record_it_names_exists(
    question: str, declined: bool, passes: bool
) -> None:
    result = check_decline(question, NAMES, declined=declined)
    assert result.passed is passes, result.detail


def test_a_name_inside_another_word_is_not_named() -> None:
    assert named_records("who does the opsroom rota", ["Opsroom rota planning"]) == []
    assert named_records("is the Monday ops meetings doc up?", NAMES) == ["Monday ops meeting"]


# --- unequal coverage must be said -------------------------------------------------------------

COVERAGE_CASES = [
    (
        "Monitored fleet generation [[m-gen]] was 140,831 kWh for September against 378,500 "
        "kWh for August: down 62.8%.",
        [comparison("m-gen", -27.9, (0.533, 1.0))],
        False,
    ),
    (
        "Monitored fleet generation [[m-gen]] averaged 8,802 kWh a day over the 16 days of "
        "September with data (no readings 5-18 September) against 12,210 kWh a day in August: "
        "down 27.9%.",
        [comparison("m-gen", -27.9, (0.533, 1.0))],
        True,
    ),
    ("Quotes [[m-q]] were up 38.3% last week.", [comparison("m-q", 38.3)], True),  # both full
]


@pytest.mark.parametrize(("answer", "outputs", "passes"), COVERAGE_CASES)
def test_a_comparison_over_unequal_coverage_says_so(
    answer: str, outputs: list[dict[str, Any]], passes: bool
) -> None:
    result = check_coverage(answer, outputs, declined=False)
    assert result.passed is passes, result.detail


def test_every_guard_runs_and_a_failure_says_why() -> None:
    results = guard_answer(
        "fleet generation september vs august - up or down?",
        "Monitored fleet generation [[m-gen]] was 140,831 kWh for 1-30 September 2026 against "
        "378,500 kWh for 1-31 August 2026: up 62.8%.",
        today=TODAY,
        outputs=[comparison("m-gen", -27.9, (0.533, 1.0))],
        names=["Monitored fleet generation"],
        declined=False,
    )
    failed = {r.name: r.detail for r in results if not r.passed}
    assert set(failed) == {"direction agrees with the data", "says when coverage differs"}
    assert all(detail for detail in failed.values())
