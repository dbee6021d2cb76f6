"""The guards (agents.checks.guards): answers that must fail each one, and honest ones
that pass. They are pure, so each case is the question, the answer and what the turn's
tools returned."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agents.checks.guards import (
    asked_kind,
    asked_people,
    check_asked_quantity,
    check_asked_relation,
    check_before,
    check_coverage,
    check_decline,
    check_direction,
    check_impact_subject,
    check_named_person,
    check_period,
    check_since_event,
    check_single_day,
    check_subject,
    check_topic,
    check_written_day,
    claimed_direction,
    event_days,
    guard_answer,
    name_words,
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


DIRECTION_CASES: list[tuple[str, list[dict[str, Any]], bool]] = [
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


# --- the person asked about is the one answered (near-namesakes) -------------------------------

PEOPLE = [
    {"id": "p-marguerite", "type": "Person", "name": "Marguerite Lavallée"},
    {"id": "p-sanne", "type": "Person", "name": "Sanne Bakker"},
    {"id": "p-kar-wai", "type": "Person", "name": "Chong Kar Wai"},
]
PEOPLE_OUT: list[dict[str, Any]] = [{"data": {}, "nodes": PEOPLE}]

PERSON_CASES = [
    (
        "what did councillor brenda mcleod decide about the dauphin branch",
        "Keep an offline laptop at every branch [[d-laptops]], agreed by Marguerite Lavallée "
        "[[p-marguerite]].",
        False,  # nobody of that name: someone else's decision
    ),
    (
        "what did sanne de boer decide about the apeldoorn depot?",
        "Open a second depot [[d-depot]], agreed by Sanne Bakker [[p-sanne]].",
        False,  # a near-namesake: the same first name, another person
    ),
    (
        "what did the counterfeit reels cost us according to kar wai's review",
        "Counterfeit review [[doc-review]] says: “The cost to us was RM 38,400. Chong Kar Wai "
        "wrote this review.”",
        True,
    ),
    (
        "what did marguerite decide about fines?",
        "Go fine-free [[d-fines]], agreed by Marguerite Lavallée [[p-marguerite]].",
        True,
    ),
    ("what did we agree on monday?", "Move the courier runs [[d-courier]].", True),  # nobody named
]


@pytest.mark.parametrize(("question", "answer", "passes"), PERSON_CASES)
def test_a_person_named_is_not_replaced_by_another(
    question: str, answer: str, passes: bool
) -> None:
    result = check_named_person(question, answer, PEOPLE_OUT, declined=False)
    assert result.passed is passes, result.detail


def test_a_failed_person_check_says_who_is_not_held_and_who_is() -> None:
    result = check_named_person(PERSON_CASES[0][0], PERSON_CASES[0][1], PEOPLE_OUT, declined=False)
    assert "brenda mcleod" in result.detail and "Marguerite Lavallée" in result.detail
    assert asked_people("can sanne de boer sign off a 10k PO?") == ["sanne boer"]
    assert check_named_person(PERSON_CASES[0][0], DECLINE, PEOPLE_OUT, declined=True).passed


# --- "since <event>" counts from the event's day -------------------------------------------------

CHILLER = {
    "id": "i-chiller",
    "type": "Incident",
    "name": "Chiller 2 failed: floor humidity above 60% RH",
}
CHILLER_OUT = [
    {
        "nodes": [CHILLER],
        "data": {
            "matches": [
                {
                    "id": "i-chiller",
                    "properties": {
                        "startedAt": "2026-10-19T19:05:00+00:00",
                        "text": "Chiller 2 failed at about 3 a.m. on Tuesday 20 October; a hire "
                        "chiller came on 23 October.",
                    },
                }
            ]
        },
    }
]
NOV12 = date(2026, 11, 12)

SINCE_CASES = [
    ("RMAs opened [[m-rma]] for 19 October - 11 November 2026: 31 RMAs in total.", False),
    ("RMAs opened [[m-rma]] for 23 October - 11 November 2026: 25 RMAs in total.", False),
    ("RMAs opened [[m-rma]] for 20 October - 11 November 2026: 28 RMAs in total.", True),
]


@pytest.mark.parametrize(("answer", "passes"), SINCE_CASES)
def test_since_an_event_counts_from_the_day_it_began(answer: str, passes: bool) -> None:
    question = "how many rmas have we opened since the chiller died"
    result = check_since_event(question, answer, CHILLER_OUT, NOV12, declined=False)
    assert result.passed is passes, result.detail


def test_the_event_day_is_its_stamp_without_words_and_nothing_without_the_event() -> None:
    stamped: list[dict[str, Any]] = [
        {"nodes": [{**CHILLER, "startedAt": "2026-10-19T19:05:00+00:00"}], "data": {}}
    ]
    assert event_days("rmas since the chiller died", stamped, NOV12) == [
        (CHILLER["name"], date(2026, 10, 19))
    ]
    # no event read that the words name: nothing to hold the answer to
    assert check_since_event(
        "rmas since the chiller died", SINCE_CASES[0][0], [], NOV12, declined=False
    ).passed
    assert event_days("rmas since 20 october", CHILLER_OUT, NOV12) == []  # a date: check_period


# --- the figure is of the asked kind and about the asked subject ----------------------------------

PO_RULE = (
    "The rule is A buyer may approve a purchase order up to RM 50,000; up to RM 250,000 needs "
    "Chong Kar Wai [[rule-po]]."
)
QUANTITY_CASES = [
    (
        "can farah sign off an 80k ringgit PO herself",
        "The rule is No Windows update goes on a machine PC until its owner signs it off "
        "[[rule-patch]].",
        False,  # the wrong rule: no amount to hold 80k against
    ),
    ("can farah sign off an 80k ringgit PO herself", PO_RULE, True),
    (
        "what did the counterfeit reels cost us according to kar wai's review",
        PO_RULE + "\nCounterfeit reels review [[doc-review]] says: “From 1 September every "
        "open-market buy goes through Semipoint. Chong Kar Wai wrote this review.”",
        False,  # money is stated, but by a rule about purchase orders, not the reels
    ),
    (
        "what did the counterfeit reels cost us according to kar wai's review",
        "Counterfeit reels review [[doc-review]] says: “The reels cost us RM 38,400.”",
        True,
    ),
    (
        "patron wants a 6th ILL request, can she?",
        "The rule is Patrons may hold ILL requests [[rule-ill]].",
        False,
    ),
    (
        "patron wants a 6th ILL request, can she?",
        "The rule is A patron may have at most 5 ILL requests [[rule-ill]].",
        True,
    ),
    ("how many loans were keyed in per the review", "The review [[doc]] says loans.", False),
    ("who owns the van hotspot plan?", "Nolan Baptiste [[p-nolan]] owns it.", True),
    (  # what was settled about the price feed: the money word names the matter
        "what did we agree on monday about the price feed falling over",
        "In Monday ops meeting [[m-ops]]:\n- Decided: quotes priced from the fallback list "
        "are checked again [[d-fallback]]",
        True,
    ),
    (  # how much was settled is still an amount asked
        "how much did we agree to pay the roofer",
        "In Monday ops meeting [[m-ops]]:\n- Decided: the roofer is paid [[d-roofer]]",
        False,
    ),
    ("what do we charge for a late checkout", "Late checkouts are charged [[rule-late]].", False),
]


@pytest.mark.parametrize(("question", "answer", "passes"), QUANTITY_CASES)
def test_a_figure_is_of_the_asked_kind_about_the_asked_subject(
    question: str, answer: str, passes: bool
) -> None:
    result = check_asked_quantity(question, answer, declined=False)
    assert result.passed is passes, result.detail


# --- one day asked is that day answered --------------------------------------------------------

SEP16 = date(2026, 9, 16)
DAY_CASES = [
    (
        "door count for aug 10?",
        "Branch visits [[m-doors]] for 1-31 August 2026: 12,073 visits in total.",
        False,  # the month around the day
    ),
    (
        "how many checkouts yesterday",
        "Checkouts [[m-out]] for 9-15 September 2026: 3,818 loans in total.",
        False,  # the week ending yesterday
    ),
    ("door count for aug 10?", "Branch visits [[m-doors]] for 10 August 2026: 352 visits.", True),
    ("how many checkouts yesterday", "Checkouts [[m-out]] for 15 September 2026: 685 loans.", True),
    ("checkouts in august?", "Checkouts [[m-out]] for 1-31 August 2026: 15,001 loans.", True),
]


@pytest.mark.parametrize(("question", "answer", "passes"), DAY_CASES)
def test_a_single_day_asked_is_answered_for_that_day(
    question: str, answer: str, passes: bool
) -> None:
    result = check_single_day(question, answer, SEP16, declined=False)
    assert result.passed is passes, result.detail


# --- "before <thing>" is answered for the time before it ---------------------------------------

BEFORE_CASES = [
    (
        "how did ppl book the makerspace before benchbook?",
        "The rule is A member may book at most 6 makerspace hours a week [[rule-hours]].",
        False,  # today's rule
    ),
    (
        "how were pre-starts done before the fleettrak app?",
        "The rule is every pre-start is done in FleetTrak before the first lift [[rule-pre]].",
        False,  # today's rule names the app, and a "before" of another thing
    ),
    (
        "how were pre-starts done before the fleettrak app?",
        "Before FleetTrak, pre-starts were on paper SiteForms [[d-paper]].",
        True,
    ),
    (
        "how did ppl book the makerspace before benchbook?",
        "Take bookings in the paper binder [[d-binder]] (replaced by Book on BenchBook "
        "[[d-benchbook]] from 13 July 2026).",
        True,
    ),
    (
        "who ordered the fish before marco took over?",
        "Order fish by phone from Hake & Co [[d-phone]], until 1 March 2026.",
        True,
    ),
    (
        "can we renew it before 31 october?",
        "The rule is renewals need a PO [[rule-po]].",
        True,  # a date: check_period reads it
    ),
]


@pytest.mark.parametrize(("question", "answer", "passes"), BEFORE_CASES)
def test_before_a_thing_is_answered_for_the_time_before_it(
    question: str, answer: str, passes: bool
) -> None:
    result = check_before(question, answer, SEP16, declined=False)
    assert result.passed is passes, result.detail


# --- what fails is the kind of thing asked -----------------------------------------------------

KIT: list[dict[str, Any]] = [
    {"data": {}, "nodes": [
        {"id": "a-export", "type": "Account", "name": "X-ray to MES export service account"},
        {"id": "t-xray", "type": "Tool", "name": "XR-7 X-ray inspection system"},
        {"id": "v-courier", "type": "Vendor", "name": "Assiniboine Parcel Runs"},
    ]}
]  # fmt: skip
IMPACT_CASES = [
    (
        "xray machine is offline, what can't we ship",
        "If X-ray to MES export service account [[a-export]] stops, 2 things are affected:",
        False,  # an account that shares a word, not the machine
    ),
    (
        "xray machine is offline, what can't we ship",
        "If XR-7 X-ray inspection system [[t-xray]] stops, 3 things are affected:",
        True,
    ),
    (
        "the export key expired, what breaks?",
        "If XR-7 X-ray inspection system [[t-xray]] stops, 3 things are affected:",
        False,
    ),
    (
        "if our courier goes bust what do we lose",
        "If Assiniboine Parcel Runs [[v-courier]] stops, 2 things are affected:",
        True,
    ),
    (
        "shelfwise goes down again - what else stops",
        "If X-ray to MES export service account [[a-export]] stops, 2 things are affected:",
        True,  # no kind of thing said: nothing to hold it to
    ),
]


@pytest.mark.parametrize(("question", "answer", "passes"), IMPACT_CASES)
def test_what_fails_is_the_kind_of_thing_asked(question: str, answer: str, passes: bool) -> None:
    result = check_impact_subject(question, answer, KIT, declined=False)
    assert result.passed is passes, result.detail


# --- a "who" or "which company" is answered with someone of that kind ---------------------------

FIRMS: list[dict[str, Any]] = [
    {"data": {}, "nodes": [
        {"id": "p-hui-min", "type": "Person", "name": "Lee Hui Min"},
        {"id": "v-textiles", "type": "Vendor", "name": "Northern Textiles"},
        {"id": "o-us", "type": "Organization", "name": "Ashgrove Linen Services"},
        {"id": "v-tagsmart", "type": "Vendor", "name": "Tagsmart Systems"},
        {"id": "r-cert", "type": "Rule", "name": "Only certified operators inspect boards"},
        {"id": "d-quality", "type": "Document", "name": "Quality procedure"},
    ]}
]  # fmt: skip
RELATION_CASES = [
    (
        "whos on the ipc qml audit prep these days",
        "The rule is Only certified operators inspect boards [[r-cert]]. Quality procedure "
        "[[d-quality]] says: “The next audit is on 8 December.”",
        False,  # a rule and a passage: nobody
    ),
    (
        "who's our account manager at northern textiles",
        "Ashgrove Linen Services [[o-us]] uses Northern Textiles [[v-textiles]].",
        False,  # a role asks for a person; the vendor is the one the question names
    ),
    (
        "which company makes the software that key is for?",
        "The rule is Only certified operators inspect boards [[r-cert]].",
        False,
    ),
    ("whos on the ipc qml audit prep these days", "Lee Hui Min [[p-hui-min]] owns it.", True),
    (
        "which company makes the software that key is for?",
        "Tagsmart Systems [[v-tagsmart]] makes it.",
        True,
    ),
    (
        "can we wash it at 60?",
        "The rule is Only certified operators inspect boards [[r-cert]].",
        True,
    ),
]


@pytest.mark.parametrize(("question", "answer", "passes"), RELATION_CASES)
def test_who_and_which_company_are_answered_with_someone(
    question: str, answer: str, passes: bool
) -> None:
    result = check_asked_relation(question, answer, FIRMS, declined=False)
    assert result.passed is passes, result.detail
    assert asked_kind("who supplies our truffles") is not None
    assert asked_kind("can we wash it at 60?") is None


# --- a rule or passage is about what was asked ------------------------------------------------

SAYINGS: list[dict[str, Any]] = [
    {"data": {}, "nodes": [
        {"id": "r-thermal", "type": "Rule", "name": "Infected linen is washed in red bags"},
        {"id": "r-laser", "type": "Rule", "name": "Under-16s use the laser cutter with a guardian"},
        {"id": "p-ravi", "type": "Person", "name": "Ravi Chauhan"},
    ]}
]  # fmt: skip
TOPIC_CASES = [
    (
        "how do i get red wine out of a carpet",
        "The rule is Infected linen is washed in red bags on the thermal programme [[r-thermal]].",
        False,  # "red" alone is no subject
    ),
    (
        "can a 14 yr old use the laser cutter by herself",
        "The rule is Under-16s use the laser cutter with a guardian [[r-laser]].",
        True,
    ),
    ("who runs the ironer?", "Ravi Chauhan [[p-ravi]] runs it.", True),  # not a rule alone
]


@pytest.mark.parametrize(("question", "answer", "passes"), TOPIC_CASES)
def test_a_rule_or_passage_answer_shares_the_subject(
    question: str, answer: str, passes: bool
) -> None:
    result = check_topic(question, answer, SAYINGS, declined=False)
    assert result.passed is passes, result.detail


THINGS: list[dict[str, Any]] = [
    {"data": {}, "nodes": [
        {"id": "m-avail", "type": "Metric", "name": "Fleet availability (share of shifts ready)"},
        {"id": "m-fuel", "type": "Metric", "name": "Fleet diesel burn"},
        {"id": "v-vantor", "type": "Vendor", "name": "Vantor Cranes", "aliases": "Vantor Service"},
        {"id": "t-c10", "type": "Tool", "name": "C10 crawler crane"},
        {"id": "r-prestart", "type": "Rule", "name": "Every pre-start is done in FleetTrak"},
        {"id": "p-graeme", "type": "Person", "name": "Graeme Tulloch"},
    ]}
]  # fmt: skip
SUBJECT_CASES = [
    # a letter missed is still the metric asked, and the answer gives another one
    ("fleet availabilty on 20 aug?", "Fleet diesel burn [[m-fuel]] on 20 Aug: 990 litres.", False),
    ("avg fleet availability mid aug", "Fleet diesel burn [[m-fuel]] averaged 980 litres.", False),
    ("which cranes does vantor look after", "Pre-starts are in FleetTrak [[r-prestart]].", False),
    ("fleet availability on 20 aug?", "Fleet availability [[m-avail]] for 20 August: 79.4%.", True),
    # the name is in what the answer cites (an alias), not in its words
    ("who does vantor service look after", "C10 crawler crane [[t-c10]] [[v-vantor]].", True),
    # a person, a verb or a rule's words are no name this guard asks for
    ("what did the slew job cost per graeme's review", "It cost 41,200 [[r-prestart]].", True),
    ("if the fuel feed goes down what breaks", "Fleet diesel burn [[m-fuel]] stops.", True),
]  # fmt: skip


@pytest.mark.parametrize(("question", "answer", "passes"), SUBJECT_CASES)
def test_every_name_the_question_uses_is_in_the_answer(
    question: str, answer: str, passes: bool
) -> None:
    result = check_subject(question, answer, THINGS, declined=False)
    assert result.passed is passes, result.detail


def test_name_words_come_from_things_not_sentences_and_a_decline_passes() -> None:
    names = ["Every pre-start is done in FleetTrak", "Fleet availability (share of shifts)"]
    # words any question asks or dates with ("every", "start") name nothing
    assert name_words("is every pre-start done, and fleet availabilty?", names) == [
        "availabilty",
        "fleet",
    ]
    typed = {"Every pre-start is done in FleetTrak": "Rule"}
    assert check_subject("pre-start?", "Fleet [[m-fuel]].", [], declined=False, typed=typed).passed
    assert check_subject("fleet availability", "I don't have that.", THINGS, declined=True).passed


WRITTEN_DAY_CASES = [
    # the zone leaves both readings open: one reading is a guess
    ("taproom take on labor day (9/7)?", "Taproom sales for 9 July 2026: 3,908 USD.", None, False),
    ("taproom take on 9/7?", "Taproom sales for 7 September 2026: 5,068 USD.", None, False),
    # the zone settles it, either way
    ("taproom take on 9/7?", "Taproom sales for 7 September 2026: 5,068 USD.", True, True),
    ("taproom take on 9/7?", "Taproom sales for 9 July 2026: 3,908 USD.", False, True),
    # a day no month can be, the same day twice, a fraction, round the clock
    ("covers on 9/14?", "Covers for 14 September 2026: 212.", None, True),
    ("covers on 7/7?", "Covers for 7 July 2026: 198.", None, True),
    ("can we fill 3/4 of the van", "The rule is vans load to 80% [[rule-van]].", None, True),
    ("is the line manned 24/7", "The rule is the line is staffed at all hours [[r]].", None, True),
]


@pytest.mark.parametrize(("question", "answer", "month_first", "passes"), WRITTEN_DAY_CASES)
def test_a_day_written_two_ways_is_not_verified_on_one(
    question: str, answer: str, month_first: bool | None, passes: bool
) -> None:
    result = check_written_day(question, answer, month_first=month_first, declined=False)
    assert result.passed is passes, result.detail
    if not passes:
        assert "7 September" in result.detail and "9 July" in result.detail, result.detail
