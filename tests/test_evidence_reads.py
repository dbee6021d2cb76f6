"""The brain's evidence reads on a real FalkorDB: walks around what a question names, a
metric's series and the day it changed, dated things near a moment, and the coverage of a
period read. A small business is written inline, so each expectation follows from facts in
this file (a tool that depends on a key, the key's owner, the owner's team; a feed that
stopped for a week; a price rise that took effect the day conversion fell)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import pytest_asyncio

from brain import Brain, TenantGraph, parse_moment
from brain.reads import around, change_point, dated_near, metric_period, metric_series
from tests.conftest import unique_slug

Fact = dict[str, Any]
TODAY = date(2026, 10, 22)
T = parse_moment(TODAY.isoformat())
UTC = ZoneInfo("UTC")
START = date(2026, 7, 1)
GAP = [date(2026, 9, 5) + timedelta(days=i) for i in range(14)]
RISE = date(2026, 9, 1)


def node(kind: str, nid: str, name: str, *, as_of: str = "2025-02-03", **props: Any) -> Fact:
    return {"node": {"type": kind, "id": nid, "name": name, "src": "test", "asOf": as_of, **props}}


def edge(a: str, rel: str, b: str, *, since: str = "2025-02-03", until: str | None = None) -> Fact:
    fact: Fact = {"from": a, "type": rel, "to": b, "since": since, "src": "test", "asOf": since}
    if until:
        fact.update(until=until, asOf=until)
    return {"edge": fact}


def business() -> list[Fact]:
    facts = [
        node("Team", "team-office", "Planning office"),
        node("Team", "team-crews", "Install crews"),
        node("Person", "p-lotte", "Lotte Visser"),
        node("Person", "p-ruben", "Ruben Hoekstra"),
        node("Vendor", "v-grid", "Netwerk Grid"),
        node("Vendor", "v-old", "Old Scaffolders"),
        node("Vendor", "v-new", "New Scaffolders"),
        node("Tool", "tool-portal", "Grid portal"),
        node("Account", "acct-login", "Grid portal login"),
        node("Service", "svc-notify", "Grid notifications"),
        node("Service", "svc-scaffold", "Roof scaffolding"),
        edge("p-lotte", "MEMBER_OF", "team-office"),
        edge("p-ruben", "MEMBER_OF", "team-crews"),
        edge("svc-notify", "DEPENDS_ON", "acct-login"),
        edge("acct-login", "DEPENDS_ON", "tool-portal"),
        edge("tool-portal", "DEPENDS_ON", "v-grid"),
        edge("p-lotte", "OWNS", "acct-login"),
        edge("p-ruben", "OWNS", "svc-scaffold"),
        edge("svc-scaffold", "DEPENDS_ON", "v-old", until="2026-08-10"),
        edge("svc-scaffold", "DEPENDS_ON", "v-new", since="2026-08-10"),
        node("Metric", "m-gen", "Fleet generation", unit="kWh", aggregation="sum"),
        node("Metric", "m-conv", "Quote conversion", unit="%", aggregation="mean"),
        node(
            "Decision",
            "d-rise",
            "Raise prices by 7% from 1 September",
            as_of="2026-08-20",
            text="Our supplier raised its prices.",
        ),
        node(
            "Incident",
            "i-feed",
            "Monitoring feed stopped",
            as_of="2026-09-19",
            startedAt="2026-09-05T00:00:00+00:00",
        ),
        edge("i-feed", "AFFECTS", "m-gen", since="2026-09-05"),
        # a plan whose dates run past today, and a decision about it dated only by its source
        node(
            "Decision",
            "d-push",
            "Run the harvest push seven days a week from 14 September to 30 October",
            as_of="2026-08-25",
        ),
        node(
            "Decision", "d-push-crew", "Hire a second crew for the harvest push", as_of="2026-08-20"
        ),
        # a review of the feed's stop, written two weeks later: a record of the event's
        # words that is not the event
        node("Document", "doc-feed-review", "Review of the monitoring feed", as_of="2026-09-20"),
    ]
    day = START
    while day < TODAY:
        for metric, value in (
            ("m-conv", 25.0 if day >= RISE else 32.0),
            ("m-gen", 1000.0 if day.month == 8 else 800.0),
        ):
            if metric == "m-gen" and day in GAP:
                continue
            oid = f"obs-{metric}-{day.isoformat()}"
            end = (day + timedelta(days=1)).isoformat()
            facts.append(
                node(
                    "Observation",
                    oid,
                    f"{metric} {day}",
                    as_of=end,
                    value=value,
                    start=day.isoformat(),
                    end=end,
                )
            )
            facts.append(edge(oid, "MEASURES", metric, since=day.isoformat()))
        day += timedelta(days=1)
    return facts


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph(quiet_brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    tenant = await quiet_brain.tenant(slug)
    report = await tenant.write_facts(list(enumerate(business(), 1)))
    assert report.refused == 0, report.refusals[:3]
    return tenant


# --- walks around what a question names ------------------------------------------------------


async def test_a_walk_reaches_three_hops_both_ways_and_says_each_path(graph: TenantGraph) -> None:
    res = await around(graph, ["svc-notify"], as_of_ms=T, types=["Team"])
    teams = {i["node"]["id"]: i for i in res.data["items"] if i["hops"] > 0}
    office = teams["team-office"]  # the login's owner's team: three hops, two of them backwards
    assert office["hops"] == 3
    assert [n["id"] for n in office["via"]] == [
        "svc-notify",
        "acct-login",
        "p-lotte",
        "team-office",
    ]
    assert office["said"] == (
        "Grid notifications depends on Grid portal login; Lotte Visser owns Grid portal login; "
        "Lotte Visser is a member of Planning office"
    )
    assert "team-crews" not in teams  # nothing within three hops leads there
    assert {"svc-notify", "acct-login", "p-lotte", "team-office"} <= {
        n.id for n in res.evidence.nodes
    }


@pytest.mark.parametrize(
    ("hops", "reached"),
    [(1, {"acct-login"}), (2, {"acct-login", "tool-portal", "p-lotte"})],
)
async def test_a_walk_goes_no_further_than_asked(
    graph: TenantGraph, hops: int, reached: set[str]
) -> None:
    res = await around(graph, ["svc-notify"], as_of_ms=T, hops=hops)
    assert {i["node"]["id"] for i in res.data["items"] if i["hops"] > 0} == reached


async def test_a_walk_follows_current_edges_only(graph: TenantGraph) -> None:
    now = await around(graph, ["svc-scaffold"], as_of_ms=T, hops=1, types=["Vendor"])
    assert [i["node"]["id"] for i in now.data["items"] if i["hops"]] == ["v-new"]
    july = await around(
        graph, ["svc-scaffold"], as_of_ms=parse_moment("2026-07-15"), hops=1, types=["Vendor"]
    )
    assert [i["node"]["id"] for i in july.data["items"] if i["hops"]] == ["v-old"]


async def test_a_start_beside_another_is_reached_from_it_too(graph: TenantGraph) -> None:
    res = await around(graph, ["svc-scaffold", "v-new"], as_of_ms=T, hops=1)
    ends = [(i["via"][0]["id"], i["node"]["id"], i["hops"]) for i in res.data["items"]]
    assert ("svc-scaffold", "v-new", 1) in ends and ("v-new", "v-new", 0) in ends


async def test_a_path_from_a_stronger_start_runs_through_a_weaker_one(graph: TenantGraph) -> None:
    # "notifications run off a login - who owns that login": the owner is one hop from the
    # login, and two from the notifications named first; both paths are kept
    res = await around(graph, ["svc-notify", "acct-login"], as_of_ms=T, hops=2, types=["Person"])
    paths = [[n["id"] for n in i["via"]] for i in res.data["items"] if i["node"]["id"] == "p-lotte"]
    assert ["acct-login", "p-lotte"] in paths
    assert ["svc-notify", "acct-login", "p-lotte"] in paths
    # never from the weaker start back through the stronger one
    back = await around(graph, ["acct-login", "svc-notify"], as_of_ms=T, hops=2, types=["Person"])
    assert not any(
        [n["id"] for n in i["via"]][:2] == ["svc-notify", "acct-login"] for i in back.data["items"]
    )


async def test_a_walk_of_nothing_known_is_not_in_the_records(graph: TenantGraph) -> None:
    res = await around(graph, ["no-such-thing"], as_of_ms=T)
    assert not res.found and "not in your records" in (res.message or "")
    alone = await around(graph, ["svc-notify"], as_of_ms=T, hops=0)
    assert [i["node"]["id"] for i in alone.data["items"]] == ["svc-notify"]


# --- series and the day they changed ----------------------------------------------------------


def days(first: date, values: list[float]) -> list[tuple[date, float]]:
    return [(first + timedelta(days=i), v) for i, v in enumerate(values)]


@pytest.mark.parametrize(
    ("values", "day", "before", "after"),
    [
        ([3, 3, 4, 3, 3, 10, 11, 10, 12], 5, 3.2, 10.75),  # a jump
        ([10, 11, 10, 9, 10, 11, 2, 1], 6, 10.1667, 1.5),  # a drop at the end
        ([5, 5, 5, 5, 5, 5], None, None, None),  # flat: no change
        ([5, 6, 5], None, None, None),  # too short to split
    ],
)
def test_the_change_point_is_the_clearest_split(
    values: list[float], day: int | None, before: float | None, after: float | None
) -> None:
    found = change_point(days(date(2026, 8, 1), values))
    if day is None:
        assert found is None
        return
    assert found is not None
    assert found.day == date(2026, 8, 1) + timedelta(days=day)
    assert (found.before, found.after) == (pytest.approx(before, abs=1e-3), after)


def test_a_weekly_rhythm_does_not_pull_the_split_onto_a_weekend() -> None:
    # weekdays 10, weekends 0, for four weeks; the level drops to 5 on the 15th (a Monday)
    first = date(2026, 6, 1)  # a Monday
    values = [
        (0.0 if (first + timedelta(days=i)).weekday() >= 5 else (10.0 if i < 14 else 5.0))
        for i in range(28)
    ]
    found = change_point(days(first, values))
    assert found is not None and found.day == date(2026, 6, 15)


async def test_a_series_lists_its_gaps_and_finds_its_change(graph: TenantGraph) -> None:
    res = await metric_series(
        graph, "m-conv", as_of_ms=T, first=date(2026, 8, 4), last=date(2026, 9, 10), tz=UTC
    )
    assert res.data["change"]["day"] == "2026-09-01"
    assert (res.data["change"]["before"], res.data["change"]["after"]) == (32.0, 25.0)
    gen = await metric_series(
        graph, "m-gen", as_of_ms=T, first=date(2026, 9, 1), last=date(2026, 9, 30), tz=UTC
    )
    assert gen.data["gaps"] == [["2026-09-05", "2026-09-18"]]
    assert (gen.data["days_covered"], gen.data["days_in_range"]) == (16, 30)


# --- period reads report their coverage ---------------------------------------------------------


async def test_a_comparison_over_gaps_compares_daily_means_over_covered_days(
    graph: TenantGraph,
) -> None:
    res = await metric_period(
        graph,
        "m-gen",
        as_of_ms=T,
        ranges=[(date(2026, 9, 1), date(2026, 9, 30)), (date(2026, 8, 1), date(2026, 8, 31))],
        tz=UTC,
    )
    here, there = res.data["period"], res.data["compare"]
    assert (here["days_with_data"], here["days_in_range"], here["coverage"]) == (16, 30, 0.533)
    assert here["gaps"] == [["2026-09-05", "2026-09-18"]]
    assert there["coverage"] == 1.0 and there["gaps"] == []
    assert res.data["change_pct"] == round((16 * 800 - 31 * 1000) / (31 * 1000) * 100, 1)
    assert res.data["covered_change_pct"] == -20.0  # 800 a day against 1,000 a day
    assert res.data["coverage_low"] and not res.data["fully_covered"]


# --- dated things near a moment ----------------------------------------------------------------


async def test_dated_things_near_a_moment_say_how_they_began_and_whether_linked(
    graph: TenantGraph,
) -> None:
    res = await dated_near(graph, parse_moment("2026-09-05"), as_of_ms=T, linked_to=["m-gen"])
    items = {i["node"]["id"]: i for i in res.data["items"]}
    feed = items["i-feed"]
    assert feed["near"] and feed["began_by"] == "stated" and feed["linked"]
    rise = items["d-rise"]  # recorded 20 August: read for its words, not near by its date
    assert not rise["near"] and not rise["linked"] and rise["began_by"] == "source"
    assert rise["node"]["name"].endswith("from 1 September")
    far = await dated_near(graph, parse_moment("2026-07-01"), as_of_ms=T, lookback_days=10)
    assert far.data["items"] == []


# --- a day named by an event ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("conversion since the price rise?", "2026-09-01"),  # the day its name gives
        ("generation since the monitoring feed stopped", "2026-09-05"),  # the start it states
        # a kind of event named with its words: the incident, not the review of it
        ("generation since the monitoring feed problem", "2026-09-05"),
        ("conversion since the moon landing", None),  # nothing in the records
        ("conversion since 14 September", None),  # a day, read as a date already
        # this autumn's 14 September (written in August, though 30 October is ahead), and
        # the plan that says its day before the decision dated only by when it was written
        ("conversion since the harvest push kicked off", "2026-09-14"),
    ],
)
async def test_since_an_event_runs_from_the_day_its_record_gives(
    graph: TenantGraph, question: str, first: str | None
) -> None:
    from agents._ledger import ToolLedger
    from agents.desks import event_since

    found = await event_since(question, ToolLedger(graph=graph, as_of="2026-10-22"), TODAY)
    if first is None:
        assert found is None
        return
    assert found is not None
    assert (found.start.isoformat(), found.last.isoformat()) == (first, "2026-10-21")


# --- answers from this evidence ---------------------------------------------------------------


async def test_why_readings_stopped_is_answered_by_what_stopped_them(graph: TenantGraph) -> None:
    from agents import TurnOptions, run_turn

    r = await run_turn(
        graph,
        "why did fleet generation disappear in mid september",
        TurnOptions(as_of="2026-10-22", save=False),
    )
    # no level changed in those days, but the readings stop: the cause linked to the
    # metric that began on the gap's first day answers
    assert "[[i-feed]]" in r.answer, r.answer
    assert "no readings from 5 September 2026" in r.answer, r.answer


@pytest.mark.parametrize(
    ("question", "compared"),
    [
        ("otif since the release vs the fortnight before", ("2026-09-17", "2026-09-30")),
        ("scans since it went live against the 10 days before it", ("2026-09-21", "2026-09-30")),
        ("sales since the release compared with the week before", ("2026-09-24", "2026-09-30")),
        ("sales since the release vs before", ("2026-09-09", "2026-09-30")),  # as long again
    ],
)
def test_since_an_event_against_the_days_before_it(
    question: str, compared: tuple[str, str]
) -> None:
    from agents.desks import Period, Understanding, read_ranges

    since = Period(date(2026, 10, 1), date(2026, 10, 23), "since the release")
    u = Understanding(question, "metric", date(2026, 10, 23), [since], metric_op="change")
    ranges = read_ranges(u, "change")
    assert ranges is not None
    assert (ranges[1][0].isoformat(), ranges[1][1].isoformat()) == compared
