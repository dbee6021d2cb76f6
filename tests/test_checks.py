"""Tests for the answer checks: citations, numbers, sample data and as-of dating."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from agents.checks import (
    CheckReport,
    CheckResult,
    check_answer,
    check_as_of,
    check_citations,
    check_numbers,
    check_sample,
    data_numbers,
    extract_citations,
    extract_numbers,
)

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


# --- numbers: each written format against data that should and shouldn't back it ----------

NUMBER_CASES = [
    # (answer, tool outputs, passes)
    ("We shipped 55k orders.", [{"orders": 55_000}], True),
    ("We shipped 55k orders.", [{"orders": 54_812}], True),
    ("We shipped 55k orders.", [{"orders": 53_900}], False),
    ("Views hit 1.2M.", [{"views": 1_180_000}], True),
    ("Views hit 1.2M.", [{"views": 1_300_000}], False),
    ("Sales were 1.2k.", [{"sales": 1234.5}], True),
    ("Sales were 1.23k.", [{"sales": 1234.5}], True),
    ("Sales were 1,235.", [{"sales": 1234.5}], True),
    ("Sales were 1,250.", [{"sales": 1234.5}], False),
    ("Revenue was ₹1.2 lakh.", [{"revenue": 120_000}], True),
    ("Revenue was ₹1.2 lakh.", [{"revenue": 118_500}], True),
    ("Revenue was ₹1.2 lakh.", [{"revenue": 150_000}], False),
    ("Revenue was 1.2 lac.", [{"revenue": 120_000}], True),
    ("Pipeline is 2 crore.", [{"pipeline": 20_000_000}], True),
    ("Pipeline is ₹2.5 cr.", [{"pipeline": 25_000_000}], True),
    ("Pipeline is 2.5 crore.", [{"pipeline": 20_000_000}], False),
    ("Market is 3bn.", [{"market": 3_000_000_000}], True),
    ("Market is 3B.", [{"market": 3_000_000_000}], True),
    ("Market is 3bn.", [{"market": 4_000_000_000}], False),
    ("Churn is 17%.", [{"churn": 0.17}], True),
    ("Churn is 17%.", [{"churn_pct": 17.2}], True),
    ("Churn is 17%.", [{"churn": 0.19}], False),
    ("Share is 34.6%.", [{"share": 0.3456}], True),
    ("Share is 35%.", [{"share": 0.3456}], True),
    ("Share is 34.9%.", [{"share": 0.3456}], False),
    ("Orders grew 70%.", [{"before": 200, "after": 340}], True),
    ("Orders are 1.7x last week.", [{"this_week": 340, "last_week": 200}], True),
    ("Orders are 1.7 times last week.", [{"this_week": 340, "last_week": 200}], True),
    ("Orders are 2.5x last week.", [{"this_week": 340, "last_week": 200}], False),
    ("We have 12,345 users.", [{"users": 12_345}], True),
    ("We have 12,345 users.", [{"users": 12_500}], False),
    ("A coffee costs $4.50.", [{"price": 4.5}], True),
    ("A coffee costs €4.50.", [{"price": 4.55}], False),
    ("The total was £1,250.", [{"total": "GBP 1,250 invoiced"}], True),
    ("We booked 999 demos.", [{"demos": 950}], False),
    ("Latency is 120 ms.", [{"p95_ms": 120}], True),
    ("Latency is 120 ms.", [{"note": "p95 was 120ms"}], True),
]


@pytest.mark.parametrize(("answer", "outputs", "passes"), NUMBER_CASES)
def test_numbers_match_tool_data_within_written_precision(
    answer: str, outputs: list[Any], passes: bool
) -> None:
    result = check_numbers(answer, outputs)

    assert result.name == "numbers"
    assert result.passed is passes, result.detail


def test_a_number_found_nowhere_fails_and_is_named() -> None:
    result = check_numbers("Orders rose to 4,321 and refunds to 77.", [{"orders": 4321}])

    assert result.passed is False
    assert '"77"' in result.detail
    assert "4,321" not in result.detail


IGNORED_CASES = [
    "Filed on 2026-11-20.",
    "Filed on 20 Nov 2026.",
    "Filed on Nov 20, 2026.",
    "Filed on 20 November 2026.",
    "Back in 2019 we started.",
    "The standup is at 10:30.",
    "The standup is at 9am.",
    "See #2718 and FalkorDB/FalkorDB#2718.",
    "Upgrade to v1.6.2 or 1.6.2.",
    "She came 1st and he came 22nd.",
    "We have 3 desks and 10 chairs.",
    "1. First item\n2. Second item",
    "See [[obs:orders:2026-11-20]] and [[task-42]].",
    "Over the last 30 days, the top 20 accounts were stable.",
    "The p95 and Q3 numbers are in.",
    "Details at https://example.com/orders/98765.",
]


@pytest.mark.parametrize("answer", IGNORED_CASES)
def test_non_claims_are_not_checked(answer: str) -> None:
    assert extract_numbers(answer) == []
    assert check_numbers(answer, []).passed


def test_small_numbers_with_units_are_still_claims() -> None:
    texts = [claim.text for claim in extract_numbers("Up 5%, costs $3, and 3x faster.")]

    assert texts == ["5%", "$3", "3x"]


@pytest.mark.parametrize(
    ("answer", "value", "is_percent", "step"),
    [
        ("1.2M", 1_200_000, False, 100_000),
        ("₹1.2 lakh", 120_000, False, 10_000),
        ("2 crore", 20_000_000, False, 10_000_000),
        ("12,345", 12_345, False, 1),
        ("1,20,000", 120_000, False, 1),
        ("34.6%", 34.6, True, 0.1),
        ("$4.50", 4.5, False, 0.01),
    ],
)
def test_extract_numbers_reads_value_and_precision(
    answer: str, value: float, is_percent: bool, step: float
) -> None:
    [claim] = extract_numbers(answer)

    assert claim.text == answer
    assert claim.value == pytest.approx(value)
    assert claim.is_percent is is_percent
    assert claim.step == pytest.approx(step)


def test_data_numbers_walks_nested_values_and_strings() -> None:
    outputs = [{"a": [1, 2.5, {"b": "about ₹1.2 lakh"}], "ok": True, "none": None}]

    found = data_numbers(outputs)

    assert set(found) == {1.0, 2.5, 1.2, 120_000.0}


def test_digits_inside_hashes_and_ids_are_no_data_numbers() -> None:
    # a card's payload hash or a turn's UUID holds digits by chance: read as figures,
    # they would let a made-up "987%" pass whenever a hash happened to contain 987
    outputs = [
        {
            "hash": "3f9a987b2c1d0e11aa",
            "turn": "turn-1b4e28ba-2fa1-11d2-987f-0016d3cca427",
            "invoices": 14,
            "note": "p95_ms: 120",
        }
    ]

    assert set(data_numbers(outputs)) == {14.0, 95.0, 120.0}


def test_ranking_scores_back_no_made_up_change() -> None:
    # a bakery's search hits: any two relevance scores make some ratio, and a dozen of
    # them would pass a made-up "987%" by chance; a score read as it is still counts
    hits = [{"id": f"loaf-{i}", "score": s} for i, s in enumerate((0.0123, 0.1337, 0.5))]
    outputs = [{"hits": hits, "orders": 40, "last_week": 32}]

    assert not check_numbers("Sourdough orders rose 987% [[loaf-0]].", outputs).passed
    assert check_numbers("Orders rose 25% on last week [[loaf-0]].", outputs).passed
    assert check_numbers("The best hit scored 0.5 [[loaf-2]].", outputs).passed


def test_moments_in_the_data_back_no_made_up_change() -> None:
    # a looked-up task carries when it was written: its clock time's seconds over the
    # day of the month made "987%" (10.913 / 1 is a 991% change) whenever the facts
    # were written at the wrong second, the flaky model-mode turn's cause
    task = {
        "id": "task-ig-token",
        "asOf": "2026-12-01",
        "recordedAt": "2026-12-03T08:33:10.913+00:00",
        "due": "2026-12",
        "note": "stand-up at 09:15, follow-up at 3:29.478pm",
    }
    claim = "Online orders rose 987% since [[task-ig-token]] was opened."

    assert data_numbers([task]) == []
    assert not check_numbers(claim, [task]).passed
    for second in range(600):  # every tenth of a second of a minute, at any hour
        stamp = f"2026-12-03T{second % 24:02d}:{second % 60:02d}:{second / 10:06.3f}+00:00"
        assert not check_numbers(claim, [{**task, "recordedAt": stamp}]).passed, stamp
    # a figure beside a moment still counts
    assert check_numbers("It sold 1,234 [[task-ig-token]].", [{**task, "sold": "1,234"}]).passed


def test_derived_values_are_skipped_for_large_data() -> None:
    small = [{"a": 200, "b": 340}]
    large = [{"values": list(range(1000, 1500)), **small[0]}]

    assert check_numbers("Orders are 1.7x last week.", small).passed
    assert not check_numbers("Orders are 1.7x last week.", large).passed


# --- citations --------------------------------------------------------------------------


def test_extract_citations_keeps_order_and_drops_repeats() -> None:
    answer = "See [[task-ig-token]], [[FalkorDB/FalkorDB#2718]] and [[task-ig-token]] again."

    assert extract_citations(answer) == ["task-ig-token", "FalkorDB/FalkorDB#2718"]


@pytest.mark.parametrize(
    ("answer", "returned", "passes"),
    [
        ("Priya owns it [[person-priya]].", {"person-priya"}, True),
        ("Orders [[obs:orders:2026-11-20]].", {"obs:orders:2026-11-20"}, True),
        ("No citations at all.", set(), True),
        ("Priya owns it [[person-priya]].", {"person-raj"}, False),
        ("[[person-priya]] and [[task-x]].", {"person-priya"}, False),
    ],
)
def test_citations_must_be_returned_this_turn(
    answer: str, returned: set[str], passes: bool
) -> None:
    result = check_citations(answer, returned)

    assert result.passed is passes, result.detail


def test_missing_citation_is_named_in_detail() -> None:
    result = check_citations("[[person-priya]] and [[task-x]].", {"person-priya"})

    assert result.detail == "cites [[task-x]], which no tool returned this turn"


# --- sample data ------------------------------------------------------------------------

SAMPLE_OUTPUTS = [
    [{"rows": [{"orders": 5, "sample": True}]}],
    [{"series": {"src": "sample:orders-demo", "points": [1, 2]}}],
]


@pytest.mark.parametrize("outputs", SAMPLE_OUTPUTS)
def test_sample_data_must_be_called_sample(outputs: list[Any]) -> None:
    silent = check_sample("Orders are steady.", outputs)
    said = check_sample("Orders are steady (Sample data).", outputs)

    assert silent.passed is False
    assert "doesn't say so" in silent.detail
    assert said.passed is True


def test_real_data_needs_no_sample_note() -> None:
    outputs = [{"src": "shopify:orders", "sample": False}]

    assert check_sample("Orders are steady.", outputs).passed


# --- as-of ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "newest", "passes"),
    [
        ("Orders are steady.", None, True),
        ("Orders are steady.", datetime(2026, 11, 28, tzinfo=UTC), True),
        ("Orders are steady.", datetime(2026, 11, 20, tzinfo=UTC), False),
        ("As of 20 Nov 2026, orders are steady.", datetime(2026, 11, 20, tzinfo=UTC), True),
        ("Orders are steady as of 2026-11-20.", datetime(2026, 11, 20, tzinfo=UTC), True),
        ("Orders are steady as of Nov 20, 2026.", datetime(2026, 11, 20), True),
        ("Orders are steady as of 20 November 2026.", datetime(2026, 11, 20), True),
        ("Orders are steady as of last week.", datetime(2026, 11, 20, tzinfo=UTC), False),
    ],
)
def test_stale_data_must_be_dated(answer: str, newest: datetime | None, passes: bool) -> None:
    result = check_as_of(answer, newest, NOW)

    assert result.passed is passes, result.detail
    if not passes:
        assert "2026-11-20" in result.detail


# --- the whole report -------------------------------------------------------------------


def test_check_answer_reports_every_failure() -> None:
    answer = "Orders hit 55k [[obs:orders:2026-11-20]] and 999 refunds [[task-x]]."
    outputs = [{"orders": 54_812, "sample": True}]

    report = check_answer(
        answer,
        returned_ids={"obs:orders:2026-11-20"},
        outputs=outputs,
        newest_as_of=datetime(2026, 11, 20, tzinfo=UTC),
        now=NOW,
    )

    assert not report.verified
    assert [r.name for r in report.failures()] == ["citations", "numbers", "sample", "as_of"]
    assert '"999"' in report.failures()[1].detail


def test_check_answer_verifies_a_good_answer() -> None:
    answer = "As of 20 Nov 2026, sample orders hit 55k [[obs:orders:2026-11-20]], up 17%."
    outputs = [{"id": "obs:orders:2026-11-20", "orders": 54_812, "growth": 0.17, "sample": True}]

    report = check_answer(
        answer,
        returned_ids={"obs:orders:2026-11-20"},
        outputs=outputs,
        newest_as_of=datetime(2026, 11, 20, tzinfo=UTC),
        now=NOW,
    )

    assert report.verified, report.as_dict()
    assert report.failures() == []


def test_report_as_dict_is_json_ready() -> None:
    report = CheckReport(
        (CheckResult("citations", True, "cites no nodes"), CheckResult("numbers", False, "x"))
    )

    assert report.as_dict() == {
        "verified": False,
        "checks": [
            {"name": "citations", "passed": True, "detail": "cites no nodes"},
            {"name": "numbers", "passed": False, "detail": "x"},
        ],
    }
