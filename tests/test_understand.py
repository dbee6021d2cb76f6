"""Reading questions against a tenant's own records, on a real FalkorDB.

The business is the law firm of tests/data/businesses (nothing like the sample), asked
as its people would; the readings are its own, so the figures checked here are computed
from its facts file, not written down by hand.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import pytest_asyncio

from agents import TurnOptions, run_turn
from agents._ledger import ToolLedger
from agents.desks import days_written, understand
from brain import Brain, HivebrainError, TenantGraph, read_facts
from brain.reads import metric_period, passages
from tests.conftest import unique_slug

FIRM = Path(__file__).parent / "data" / "businesses" / "harlow-quayle-law"
TODAY = date.fromisoformat(json.loads((FIRM / "manifest.json").read_text())["today"])


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def firm(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(read_facts(FIRM / "facts.jsonl"))
    assert report.refused == 0
    return graph


def readings(metric: str) -> dict[str, float]:
    """The firm's daily readings of one metric, by day, straight from its facts file."""
    facts = [f for _, f in read_facts(FIRM / "facts.jsonl")]
    ids = {
        e["edge"]["from"]
        for e in facts
        if "edge" in e and e["edge"]["to"] == metric and e["edge"]["type"] == "MEASURES"
    }
    return {
        f["node"]["start"][:10]: float(f["node"]["value"])
        for f in facts
        if "node" in f and f["node"]["id"] in ids and f["node"]["type"] == "Observation"
    }


@pytest.mark.parametrize(
    ("question", "kind", "subject"),
    [
        ("What stops working if CaseVault goes down?", "impact", "CaseVault"),
        ("Who was handling the Marsh tribunal claim on 3 Oct?", "owner", "Marsh"),
        ("How many billable hours did we record in September?", "metric", "Billable hours"),
        ("Why did we stop taking new enquiries over the phone?", "decision", None),
        ("What software does the employment team use?", "relationship", "Employment team"),
        # typed as people type: a letter missed is still the metric, "avg" still an average
        ("avg billabel hours last week", "metric", "Billable hours"),
        ("time to first calback in september?", "metric", "Time to first call-back"),
        # the company behind a thing, in words of no trade: a relationship, not a decline
        ("which company is behind clearbill", "relationship", "ClearBill"),
    ],
)
async def test_questions_read_as_their_kind_about_their_thing(
    firm: TenantGraph, question: str, kind: str, subject: str | None
) -> None:
    u = await understand(question, ToolLedger(graph=firm, as_of=TODAY.isoformat()), TODAY)
    assert u.kind == kind, (u.kind, u.metric_op)
    if subject is not None:
        assert u.subject is not None and subject in u.subject.name, u.subject


async def test_a_name_no_record_holds_is_named_as_missing(firm: TenantGraph) -> None:
    u = await understand(
        "Who's handling the Thornbury Holdings merger?",
        ToolLedger(graph=firm, as_of=TODAY.isoformat()),
        TODAY,
    )
    assert "Thornbury" in u.unknown_names


async def test_a_total_over_named_days_is_the_sum_of_those_days(firm: TenantGraph) -> None:
    daily = readings("metric-billable-hours")
    want = sum(v for d, v in daily.items() if "2026-10-01" <= d <= "2026-10-14")
    r = await run_turn(
        firm,
        "What were our total billable hours from 1 to 14 October?",
        TurnOptions(as_of=TODAY.isoformat(), save=False),
    )
    assert r.verified, r.checks
    stated = [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\.?\d*", r.answer)]
    assert any(abs(n - want) < 0.01 for n in stated), (want, r.answer)
    assert "[[metric-billable-hours]]" in r.answer


async def test_off_topic_and_unknown_are_declined_not_answered(firm: TenantGraph) -> None:
    for question in (
        "What's the weather in Bristol this weekend?",
        "What breaks if our Clio account is suspended?",
        "How many billable hours did we record in June?",
    ):
        r = await run_turn(firm, question, TurnOptions(as_of=TODAY.isoformat(), save=False))
        assert "in your records" in r.answer and r.citations == [], r.answer
        assert r.verified, r.checks


async def test_period_reads_a_day_by_the_middle_of_its_reading(new_tenant: TenantGraph) -> None:
    # two daily readings recorded in +05:30: the one for 2 Oct starts at 18:30 UTC on 1 Oct
    facts = [
        {
            "node": {
                "type": "Metric",
                "id": "m",
                "name": "Parcels",
                "aggregation": "sum",
                "src": "t",
                "asOf": "2026-10-01",
            }
        },
        *[
            {
                "node": {
                    "type": "Observation",
                    "id": f"o{d}",
                    "name": f"Parcels {d}",
                    "value": v,
                    "start": f"2026-10-0{d}T00:00:00+05:30",
                    "end": f"2026-10-0{d + 1}T00:00:00+05:30",
                    "src": "t",
                    "asOf": "2026-10-09",
                }
            }
            for d, v in ((1, 10.0), (2, 20.0), (3, 40.0))
        ],
        *[
            {
                "edge": {
                    "from": f"o{d}",
                    "type": "MEASURES",
                    "to": "m",
                    "since": "2026-10-01",
                    "src": "t",
                    "asOf": "2026-10-09",
                }
            }
            for d in (1, 2, 3)
        ],
    ]
    report = await new_tenant.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals
    res = await metric_period(
        new_tenant,
        "m",
        as_of_ms=2_000_000_000_000,
        ranges=[(date(2026, 10, 2), date(2026, 10, 3)), (date(2026, 10, 1), date(2026, 10, 1))],
        tz=ZoneInfo("UTC"),
    )
    assert res.data["period"]["total"] == 60.0 and res.data["period"]["readings"] == 2
    assert res.data["compare"]["total"] == 10.0
    assert res.data["change_pct"] == 500.0


async def test_passages_come_in_order_and_answer_as_their_source(firm: TenantGraph) -> None:
    res = await passages(firm, "doc-client-care-billing", as_of_ms=2_000_000_000_000)
    items = res.data["passages"]
    assert items and [p["position"] for p in items] == sorted(p["position"] for p in items)
    assert res.data["source"]["id"] == "doc-client-care-billing"
    assert {n.id for n in res.evidence.nodes} >= {p["id"] for p in items}


async def test_yesterday_is_the_tenants_own_yesterday(new_tenant: TenantGraph) -> None:
    facts = [
        {
            "node": {
                "type": "Metric",
                "id": "parcels",
                "name": "Parcels shipped",
                "aggregation": "sum",
                "unit": "parcels",
                "src": "t",
                "asOf": "2026-10-01",
            }
        },
        *[
            {
                "node": {
                    "type": "Observation",
                    "id": f"p{d}",
                    "name": f"Parcels {d}",
                    "value": v,
                    "start": f"2026-10-0{d}T00:00:00+05:30",
                    "end": f"2026-10-0{d + 1}T00:00:00+05:30",
                    "src": "t",
                    "asOf": "2026-10-04",
                }
            }
            for d, v in ((1, 10.0), (2, 20.0), (3, 40.0))
        ],
        *[
            {
                "edge": {
                    "from": f"p{d}",
                    "type": "MEASURES",
                    "to": "parcels",
                    "since": "2026-10-01",
                    "src": "t",
                    "asOf": "2026-10-04",
                }
            }
            for d in (1, 2, 3)
        ],
    ]
    assert (await new_tenant.write_facts(list(enumerate(facts, 1)))).refused == 0
    question = "How many parcels did we ship yesterday?"
    moment = "2026-10-03T20:00:00+00:00"  # already 4 October in India
    in_india = await run_turn(
        new_tenant, question, TurnOptions(as_of=moment, timezone="Asia/Kolkata", save=False)
    )
    in_utc = await run_turn(new_tenant, question, TurnOptions(as_of=moment, save=False))
    assert "40" in in_india.answer and "3 October" in in_india.answer, in_india.answer
    assert "20" in in_utc.answer and "2 October" in in_utc.answer, in_utc.answer
    with pytest.raises(HivebrainError, match="time zone"):
        await run_turn(new_tenant, question, TurnOptions(timezone="Mars/Olympus", save=False))


def test_a_gloss_in_brackets_never_counts_against_a_name() -> None:
    from agents.desks import Candidate, best, content_words, shared_words

    asked = content_words("average tickets a day last month")
    names = ["Tickets sold online", "Ticket sales (online and box office)"]
    found = [
        Candidate(f"m{i}", "Metric", n, frozenset(shared_words(content_words(n), asked)),
                  frozenset(content_words(n)), i)
        for i, n in enumerate(names)
    ]  # fmt: skip
    # "online" narrows the first; the second's gloss only says what it counts
    assert [c.name for c in best(found)] == [names[1], names[0]]
    assert found[1].coverage == 0.5  # "ticket" of "ticket sales", the gloss left out


def test_a_thing_named_by_one_word_of_its_long_name_is_no_start() -> None:
    from agents.desks import Candidate, Understanding, content_words, starts_of

    name = "Tarka Marine Engines Ireland"
    tarka = Candidate("v-tarka", "Vendor", name, frozenset({"ireland"}),
                      frozenset(content_words(name)), 0)  # fmt: skip
    asked = "who won the all-ireland hurling final this year"
    u = Understanding(asked, "owner", TODAY, candidates=[tarka], tier=[tarka], subject=tarka)
    assert starts_of(u) == []  # one word of four, of a question of four: no walk from it
    # a relationship asked of it ("who is behind Ireland") is still walked from it
    cued = Understanding(asked, "relationship", TODAY, candidates=[tarka], tier=[tarka],
                         subject=tarka, rels=("DEPENDS_ON",))  # fmt: skip
    assert [c.id for c, _ in starts_of(cued)] == ["v-tarka"]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        # contractions typed without the apostrophe name nothing, as with it
        ("whos got the licence", "who's got the licence"),
        ("what cant we do if it stops", "what can't we do if it stops"),
        ("whats affected", "what's affected"),
        # chat shorthand is the word it stands for
        ("how many tix yesterday", "how many tickets yesterday"),
        ("crane hrs last wk", "crane hours last week"),
    ],
)
def test_words_as_people_type_them(typed: str, meant: str) -> None:
    from agents.desks import content_words

    assert content_words(typed) == content_words(meant)


def test_a_team_and_the_service_it_runs_are_one_name_asked() -> None:
    from agents.desks import Candidate, content_words, shared_words

    asked = content_words("which grow rooms rely on the spawn lab")
    team, service = (
        Candidate(i, kind, n, frozenset(shared_words(content_words(n), asked)),
                  frozenset(content_words(n)), r)
        for r, (i, kind, n) in enumerate(
            [("t", "Team", "Spawn Lab"), ("s", "Service", "Spawn lab (grain spawn)")]
        )
    )  # fmt: skip
    assert team.called == service.called  # the gloss says what it is, not what it is called


def _node(kind: str, nid: str, name: str) -> dict[str, object]:
    return {"node": {"type": kind, "id": nid, "name": name, "src": "t", "asOf": "2026-10-01"}}


def _edge(src: str, rel: str, dst: str) -> dict[str, object]:
    edge = {"from": src, "type": rel, "to": dst, "since": "2026-01-01"}
    return {"edge": {**edge, "src": "t", "asOf": "2026-10-01"}}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("tillpoint goes down, what stops?", "tool-till"),
        ("if tillpoint is offline what can't we do", "tool-till"),
        ("tillpoint crashed, what's affected", "tool-till"),
        ("if tillpoint expires what breaks", "account-till"),
        ("tillpoint got suspended, what stops", "account-till"),
    ],
)
async def test_what_goes_down_is_a_system_and_what_expires_an_account(
    new_tenant: TenantGraph, question: str, subject: str
) -> None:
    facts = [
        _node("Tool", "tool-till", "Tillpoint point-of-sale tablets and card readers"),
        _node("Account", "account-till", "Tillpoint subscription"),
        _node("Service", "svc-counter", "Counter sales"),
        _node("Service", "svc-orders", "Online click and collect"),
        _edge("tool-till", "DEPENDS_ON", "account-till"),
        _edge("svc-counter", "DEPENDS_ON", "tool-till"),
        _edge("svc-orders", "DEPENDS_ON", "tool-till"),
    ]
    assert (await new_tenant.write_facts(list(enumerate(facts, 1)))).refused == 0
    u = await understand(question, ToolLedger(graph=new_tenant, as_of="2026-10-02"), TODAY)
    assert u.kind == "impact", u.kind
    assert u.subject is not None and u.subject.id == subject, u.subject


@pytest.mark.parametrize(
    ("zone", "month_first"),
    [("America/Chicago", True), ("Europe/London", False), ("Asia/Kolkata", False),
     ("UTC", None), ("Etc/GMT+5", None)],
)  # fmt: skip
def test_a_zone_says_how_its_people_write_a_day(zone: str, month_first: bool | None) -> None:
    assert days_written(zone) is month_first
