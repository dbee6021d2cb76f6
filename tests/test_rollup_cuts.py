"""Ranges and moments that cut through a rolled-up week total the same as the dailies did.

A pottery studio's kiln firings (a sum) and glaze defect rate (a day-weighted mean) are
rolled up into weeks; then ``period`` over any range of days (ending mid-week, in another
time zone than the roll-up's, asked as of a moment inside a week) and ``readings`` as of
any moment answer what they answered before the roll-up, because the weeks they cut are
counted by their archived dailies. Property-based, against a real FalkorDB.
"""

from __future__ import annotations

import uuid
from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brain import Brain, TenantGraph
from brain.reads import metric_period, readings
from brain.upkeep import apply_rollup, new_run_id, plan_rollup, undo_rollup
from tests.test_rollup import NOW_MS, START, UTC, close, day_start_ms, pottery_tenant, records

HOUR_MS = 3_600_000
ZONES = ("UTC", "America/Denver", "Asia/Kolkata")

#: (first day offset from START, length in days, time zone, as-of hours after START or
#: None for now): a ``period`` question.
Range = tuple[int, int, str, int | None]
#: (as-of hours after START, window days): a ``readings`` question.
Moment = tuple[int, int]


async def answers(
    graph: TenantGraph, metric: str, ranges: list[Range], moments: list[Moment]
) -> list[Any]:
    out: list[Any] = []
    for offset, length, zone, hours in ranges:
        first = START + timedelta(days=offset)
        t = NOW_MS if hours is None else day_start_ms(START) + hours * HOUR_MS
        res = await metric_period(
            graph,
            metric,
            as_of_ms=t,
            ranges=[(first, first + timedelta(days=length))],
            tz=ZoneInfo(zone),
        )
        period = res.data["period"] if res.found else {"total": None, "daily_mean": None}
        out.append((period["total"], period["daily_mean"]))
    for hours, days in moments:
        t = day_start_ms(START) + hours * HOUR_MS
        res = await readings(graph, metric, as_of_ms=t, days=days)
        this, prev = res.data["this_window"], res.data["previous_window"]
        # (how many readings there are is what a roll-up changes: not compared)
        out.append((this["value"], prev["value"]))
        out.append((res.data["change_pct"], res.data["change_pct"]))
    return out


values = st.lists(
    st.one_of(st.none(), st.floats(min_value=0, max_value=1e4, allow_nan=False)),
    min_size=30,
    max_size=56,
)
ranges = st.lists(
    st.tuples(
        st.integers(0, 56),
        st.integers(0, 40),
        st.sampled_from(ZONES),
        st.one_of(st.none(), st.integers(0, 60 * 24)),
    ),
    min_size=3,
    max_size=6,
)
moments = st.lists(st.tuples(st.integers(0, 60 * 24), st.integers(1, 14)), min_size=2, max_size=4)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(firings=values, defects=values, asked=ranges, at=moments)
async def test_any_range_or_moment_totals_the_same_after_a_roll_up(
    quiet_brain: Brain,
    firings: list[float | None],
    defects: list[float | None],
    asked: list[Range],
    at: list[Moment],
) -> None:
    suffix = uuid.uuid4().hex[:6]
    graph = await pottery_tenant(quiet_brain, suffix, firings, defects)
    metrics = [f"metric-firings-{suffix}", f"metric-defects-{suffix}"]
    before = {m: await answers(graph, m, asked, at) for m in metrics}
    original = await records(graph)

    plan = await plan_rollup(graph, t=NOW_MS, window_days=90, tz=UTC)
    run = new_run_id("rollup")
    await apply_rollup(graph, plan, run_id=run, tz=UTC)
    for m in metrics:
        after = await answers(graph, m, asked, at)
        assert close(after, before[m]), (m, after, before[m])

    await undo_rollup(graph, run)
    assert await records(graph) == original
    await quiet_brain.erase_tenant(graph.slug)


async def test_a_range_ending_mid_week_counts_only_its_days(quiet_brain: Brain) -> None:
    """Kiln firings of 3 a day; a range from a Monday to the next Wednesday is 10 days
    (30 firings) after the roll-up as before it, not two whole weeks (42)."""
    graph = await pottery_tenant(quiet_brain, "mid", [3.0] * 28, [2.0] * 28)
    plan = await plan_rollup(graph, t=NOW_MS, window_days=90, tz=UTC)
    await apply_rollup(graph, plan, run_id=new_run_id("rollup"), tz=UTC)
    assert [len(b.daily) for b in plan.buckets][:2] == [7, 7]  # whole weeks in January
    last = START + timedelta(days=9)  # the second week's Wednesday
    res = await metric_period(
        graph, "metric-firings-mid", as_of_ms=NOW_MS, ranges=[(START, last)], tz=UTC
    )
    assert res.data["period"]["total"] == 30.0 and res.data["period"]["days_covered"] == 10
    # asked as of that Wednesday's noon: the days on record then (Monday to Wednesday)
    noon = day_start_ms(date(2026, 1, 14)) + 12 * HOUR_MS
    week2 = (START + timedelta(days=7), START + timedelta(days=13))
    res = await metric_period(graph, "metric-firings-mid", as_of_ms=noon, ranges=[week2], tz=UTC)
    assert res.data["period"]["total"] == 9.0
    cited = {n.id for n in res.evidence.nodes if n.type == "Observation"}
    assert cited == {f"obs-metric-firings-mid-2026-01-{d}" for d in (12, 13, 14)}
