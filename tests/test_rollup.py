"""Reading roll-up against a real FalkorDB, on a pottery studio's metrics (not the sample).

Roll-up totals equal the daily totals for sums and day-weighted means over any range of
whole weeks or whole months; a dry run writes nothing; undo restores the records exactly.
"""

from __future__ import annotations

import math
import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brain import Brain, TenantGraph
from brain.reads import metric_period, readings
from brain.upkeep import apply_rollup, new_run_id, plan_rollup, undo_rollup
from tests.conftest import unique_slug
from tests.daily_readings import daily_reading

UTC = ZoneInfo("UTC")
START = date(2026, 1, 5)  # a Monday, long before the 90-day window of "now"
NOW_MS = 1_796_140_800_000  # 2026-12-01

READ_RECORDS = """
MATCH (n:Entity)
OPTIONAL MATCH (n)-[e]->(m:Entity)
WITH n, collect([type(e), properties(e), m.id]) AS edges
RETURN labels(n), properties(n), edges
ORDER BY n.id
LIMIT 100000
"""


async def records(graph: TenantGraph) -> list[Any]:
    """Every business record: labels, properties and out-edges, in id order."""
    res = await graph.ro_query("records", READ_RECORDS)
    return [[sorted(labels), props, sorted(edges, key=repr)] for labels, props, edges in res.rows]


def pottery_facts(
    suffix: str, firings: list[float | None], defects: list[float | None]
) -> list[tuple[int, dict[str, Any]]]:
    """Two metrics of a pottery studio; ``None`` is a day without a reading."""
    facts: list[dict[str, Any]] = []
    for mid, name, agg, unit in (
        (f"metric-firings-{suffix}", f"Kiln firings {suffix}", "sum", "firings"),
        (f"metric-defects-{suffix}", f"Glaze defect rate {suffix}", "mean", "%"),
    ):
        facts.append(
            {
                "node": {
                    "type": "Metric",
                    "id": mid,
                    "name": name,
                    "src": "studio-sheet",
                    "asOf": START.isoformat(),
                    "unit": unit,
                    "aggregation": agg,
                }
            }
        )
    for mid, values in (
        (f"metric-firings-{suffix}", firings),
        (f"metric-defects-{suffix}", defects),
    ):
        for i, value in enumerate(values):
            if value is None:
                continue
            day = START + timedelta(days=i)
            oid = f"obs-{mid}-{day.isoformat()}"
            name = f"{mid} {day}"
            facts.extend(daily_reading(oid, mid, day, value, name=name, src="studio-sheet"))
    return list(enumerate(facts, 1))


async def pottery_tenant(
    brain: Brain, suffix: str, firings: list[float | None], defects: list[float | None]
) -> TenantGraph:
    """A new tenant holding ``pottery_facts``; its metrics are ``metric-*-<suffix>``."""
    slug = unique_slug()
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    await graph.write_facts(pottery_facts(suffix, firings, defects))
    return graph


def day_start_ms(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)


def ranges(days: int) -> list[tuple[date, date]]:
    """Whole weeks, whole months and the whole span of ``days`` days from START."""
    last = START + timedelta(days=days - 1)
    out = [(START, last)]
    out += [(START + timedelta(weeks=w), START + timedelta(weeks=w, days=6)) for w in range(3)]
    out += [(date(2026, m, 1), date(2026, m + 1, 1) - timedelta(days=1)) for m in (1, 2)]
    return out


async def totals(graph: TenantGraph, metric: str, days: int) -> list[Any]:
    """``period`` over whole weeks and months, and ``readings`` over two-week windows that
    end on a Monday."""
    out: list[Any] = []
    as_of = START + timedelta(weeks=6)
    res = await readings(graph, metric, as_of_ms=day_start_ms(as_of), days=14, daily=False)
    out += [
        (res.data["this_window"]["value"], res.data["this_window"]["value"]),
        (res.data["previous_window"]["value"], res.data["previous_window"]["value"]),
    ]
    for first, last in ranges(days):
        res = await metric_period(graph, metric, as_of_ms=NOW_MS, ranges=[(first, last)], tz=UTC)
        period = res.data["period"] if res.found else {"total": None, "daily_mean": None}
        out.append((period["total"], period["daily_mean"]))
    return out


def close(a: list[Any], b: list[Any]) -> bool:
    for (ta, ma), (tb, mb) in zip(a, b, strict=True):
        for x, y in ((ta, tb), (ma, mb)):
            if (x is None) != (y is None) or (
                x is not None and not math.isclose(x, y, rel_tol=1e-6, abs_tol=1e-3)
            ):
                return False
    return True


values = st.lists(
    st.one_of(st.none(), st.floats(min_value=0, max_value=1e4, allow_nan=False)),
    min_size=40,
    max_size=62,
)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(firings=values, defects=values)
async def test_rolled_up_totals_equal_the_daily_totals_for_sums_and_means(
    quiet_brain: Brain, firings: list[float | None], defects: list[float | None]
) -> None:
    suffix = uuid.uuid4().hex[:6]
    graph = await pottery_tenant(quiet_brain, suffix, firings, defects)
    metrics = [f"metric-firings-{suffix}", f"metric-defects-{suffix}"]
    days = max(len(firings), len(defects))
    before = {m: await totals(graph, m, days) for m in metrics}
    original = await records(graph)

    plan = await plan_rollup(graph, t=NOW_MS, window_days=90, tz=UTC)
    run = new_run_id("rollup")
    await apply_rollup(graph, plan, run_id=run, tz=UTC)
    for m in metrics:
        assert close(await totals(graph, m, days), before[m]), m
    if plan.buckets:
        assert plan.readings_after < plan.readings_before

    await undo_rollup(graph, run)
    assert await records(graph) == original
    await quiet_brain.erase_tenant(graph.slug)


async def test_a_dry_run_writes_nothing_and_ask_answers_the_same_total_after(
    quiet_brain: Brain,
) -> None:
    from agents import TurnOptions, run_turn
    from scheduler import JobRunner, Post

    class NoPoster:
        async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
            return channel

    firings: list[float | None] = [float(3 + i % 5) for i in range(60)]
    graph = await pottery_tenant(quiet_brain, "feb", firings, [1.5] * 60)
    # a reading something else points at stays as it is
    await graph.write_facts(
        [
            (
                1,
                {
                    "node": {
                        "type": "Incident",
                        "id": "inc-kiln",
                        "name": "Kiln element failed",
                        "src": "studio",
                        "asOf": "2026-01-20",
                    }
                },
            ),
            (
                2,
                {
                    "edge": {
                        "from": "inc-kiln",
                        "type": "CAUSED",
                        "to": "obs-metric-firings-feb-2026-01-20",
                        "since": "2026-01-20",
                        "src": "studio",
                        "asOf": "2026-01-20",
                    }
                },
            ),
        ]
    )
    question = "How many kiln firings feb from 1 February 2026 to 28 February 2026?"
    before_answer = (await run_turn(graph, question, TurnOptions(save=False))).answer
    original = await records(graph)
    runner = JobRunner(quiet_brain, NoPoster(), retry_delays_s=())

    dry = await runner.run(graph.slug, "rollup", dry_run=True)
    assert dry.status == "dry-run" and dry.details["weekly_created"] > 0
    assert dry.details["readings_after"] < dry.details["readings_before"]
    assert await records(graph) == original

    done = await runner.run(graph.slug, "rollup")
    assert done.status == "ok" and done.run_id is not None
    after = await records(graph)
    assert len(after) < len(original)
    kept = [r for r in after if r[1]["id"] == "obs-metric-firings-feb-2026-01-20"]
    assert kept and kept[0][1].get("rollupRun") is None
    after_answer = (await run_turn(graph, question, TurnOptions(save=False))).answer
    total = sum(v for i, v in enumerate(firings) if v and 27 <= i < 27 + 28)
    assert f"{total:,.0f}" in before_answer, before_answer
    assert f"{total:,.0f}" in after_answer, after_answer

    undone = await runner.undo(graph.slug, "rollup", done.run_id)
    assert undone.status == "undone"
    assert await records(graph) == original
