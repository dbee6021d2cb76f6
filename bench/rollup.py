"""Benchmark: a year of daily readings for 50 metrics rolled up into weekly ones, then undone.

Runs its own embedded FalkorDB in a temporary directory (never ./.hivebrain), writes a
made-up dairy farm's year (50 metrics, half flows such as litres milked and half rates
such as somatic cell count, one reading a day for 365 days: 18,250 readings) through
``write_facts``, and measures, through the scheduler's own runner (``jobs run``'s path):

* the dry run (plan only), the roll-up and the undo: time taken;
* readings, nodes and graph memory before, after the roll-up and after the undo;
* that ``period`` answers the same total for every whole month before and after, and
  that the undo gives back every record exactly.

Run: ``.venv/bin/python bench/rollup.py`` (``--metrics 10`` for a smaller run).
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from brain import Brain, BrainSettings, TenantGraph, now_ms
from brain.db import EmbeddedServer
from brain.reads import metric_period
from scheduler import JobRunner, Post

UTC = ZoneInfo("UTC")
DAYS = 365

READ_RECORDS = """
MATCH (n:Entity)
OPTIONAL MATCH (n)-[e]->(m:Entity)
WITH n, collect([type(e), properties(e), m.id]) AS edges
RETURN labels(n), properties(n), edges
ORDER BY n.id
LIMIT 1000000
"""


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        return channel


def farm_facts(metrics: int, first: date) -> list[tuple[int, dict[str, Any]]]:
    rng = random.Random(7)
    facts: list[dict[str, Any]] = []
    for m in range(metrics):
        flow = m % 2 == 0
        mid = f"metric-farm-{m}"
        facts.append(
            {
                "node": {
                    "type": "Metric",
                    "id": mid,
                    "name": f"{'Litres milked' if flow else 'Somatic cell count'} herd {m}",
                    "src": "parlour-log",
                    "asOf": first.isoformat(),
                    "unit": "l" if flow else "k/ml",
                    "aggregation": "sum" if flow else "mean",
                }
            }
        )
        for d in range(DAYS):
            day = first + timedelta(days=d)
            oid = f"obs-farm-{m}-{day.isoformat()}"
            value = round(rng.uniform(800, 1200) if flow else rng.uniform(90, 250), 2)
            facts.append(
                {
                    "node": {
                        "type": "Observation",
                        "id": oid,
                        "name": f"herd {m} {day}",
                        "src": "parlour-log",
                        "asOf": (day + timedelta(days=1)).isoformat(),
                        "value": value,
                        "start": day.isoformat(),
                        "end": (day + timedelta(days=1)).isoformat(),
                    }
                }
            )
            facts.append(
                {
                    "edge": {
                        "from": oid,
                        "type": "MEASURES",
                        "to": mid,
                        "since": day.isoformat(),
                        "src": "parlour-log",
                        "asOf": day.isoformat(),
                    }
                }
            )
    return list(enumerate(facts, 1))


async def month_totals(graph: TenantGraph, metrics: int, first: date) -> list[Any]:
    out: list[Any] = []
    months = [(first.replace(day=1) + timedelta(days=32 * i)).replace(day=1) for i in range(12)]
    for m in range(metrics):
        for start in months:
            end = (start + timedelta(days=32)).replace(day=1) - timedelta(days=1)
            res = await metric_period(
                graph, f"metric-farm-{m}", as_of_ms=now_ms(), ranges=[(start, end)], tz=UTC
            )
            out.append(res.data["period"]["total"] if res.found else None)
    return out


async def size(graph: TenantGraph) -> dict[str, Any]:
    readings = (await graph.read("n", "MATCH (o:Observation) RETURN count(o)")).scalar(0)
    nodes = (await graph.read("n", "MATCH (n) RETURN count(n)")).scalar(0)
    return {"readings": int(readings), "nodes": int(nodes), "mb": await graph.memory_usage_mb()}


async def main(metrics: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="hb-bench-rollup-"))
    server = EmbeddedServer(folder)
    url = await server.ensure_running()
    try:
        async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False)) as brain:
            await brain.create_tenant("dairy")
            graph = await brain.tenant("dairy")
            today = date.fromtimestamp(now_ms() / 1000)
            first = today - timedelta(days=DAYS + 120)  # the whole year is past the window
            started = time.perf_counter()
            await graph.write_facts(farm_facts(metrics, first))
            load_s = time.perf_counter() - started
            before = await size(graph)
            totals_before = await month_totals(graph, metrics, first)
            records_before = (await graph.ro_query("records", READ_RECORDS)).rows
            runner = JobRunner(brain, NoPoster(), retry_delays_s=())

            started = time.perf_counter()
            dry = await runner.run("dairy", "rollup", dry_run=True)
            dry_ms = (time.perf_counter() - started) * 1000
            assert (await size(graph))["readings"] == before["readings"], "dry run wrote"

            started = time.perf_counter()
            done = await runner.run("dairy", "rollup")
            rollup_ms = (time.perf_counter() - started) * 1000
            after = await size(graph)
            totals_after = await month_totals(graph, metrics, first)
            same = all(
                (a is None and b is None)
                or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9))
                for a, b in zip(totals_before, totals_after, strict=True)
            )
            assert done.run_id is not None
            started = time.perf_counter()
            await runner.undo("dairy", "rollup", done.run_id)
            undo_ms = (time.perf_counter() - started) * 1000
            undone = await size(graph)
            exact = (await graph.ro_query("records", READ_RECORDS)).rows == records_before
    finally:
        await server.stop()
    figures = {
        "metrics": metrics,
        "readings_before": before["readings"],
        "readings_after": after["readings"],
        "readings_after_undo": undone["readings"],
        "nodes_before": before["nodes"],
        "nodes_after": after["nodes"],
        "graph_mb_before": before["mb"],
        "graph_mb_after": after["mb"],
        "graph_mb_after_undo": undone["mb"],
        "load_s": round(load_s, 2),
        "dry_run_ms": round(dry_ms, 1),
        "rollup_ms": round(rollup_ms, 1),
        "undo_ms": round(undo_ms, 1),
        "month_totals_same": same,
        "undo_exact": exact,
        "dry_run_summary": dry.summary,
    }
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--metrics", type=int, default=50)
    args = parser.parse_args()
    f = asyncio.run(main(args.metrics))
    rows = [
        ("readings", f["readings_before"], f["readings_after"], f["readings_after_undo"]),
        ("nodes", f["nodes_before"], f["nodes_after"], "-"),
        ("graph MB", f["graph_mb_before"], f["graph_mb_after"], f["graph_mb_after_undo"]),
    ]
    print(f"{'':<10} {'before':>10} {'rolled up':>10} {'undone':>10}")
    for name, a, b, c in rows:
        print(f"{name:<10} {a!s:>10} {b!s:>10} {c!s:>10}")
    print(
        f"dry run {f['dry_run_ms']:.0f} ms · roll-up {f['rollup_ms']:.0f} ms · "
        f"undo {f['undo_ms']:.0f} ms · month totals same: {f['month_totals_same']} · "
        f"undo exact: {f['undo_exact']} (load {f['load_s']} s)"
    )
    print(json.dumps({k: v for k, v in f.items() if k != "dry_run_summary"}))
