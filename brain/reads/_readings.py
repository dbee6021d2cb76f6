"""Readings of a metric over time: this window against the one before it.

Readings are Observation nodes (never overwritten) that MEASURE a Metric; the Metric
says how its readings total (``sum`` for flows such as orders, ``mean`` for rates), so
a week of orders is added up while a week of error rates is averaged.
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, is_sample
from brain.reads._walks import not_found, resolve

DAY_MS = 86_400_000
MAX_READINGS = 2_000

READ_METRIC = """
MATCH (m:Metric {id: $id})
OPTIONAL MATCH (m)-[e:MEASURES]->(x:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN m.id, m.name, m.unit, m.aggregation, collect([x.id, x.type, x.name])
LIMIT 1
"""

READ_READINGS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE o.start >= $from AND o.start < $t AND e.since <= $t
RETURN o.id, o.value, o.start, o.end, o.src, o.asOf, o.sample
ORDER BY o.start, o.id
LIMIT $limit
"""


def total(values: list[float], aggregation: str) -> float | None:
    """Total a window the way its metric's readers do: sum flows, average rates."""
    if not values:
        return None
    value = sum(values) if aggregation == "sum" else sum(values) / len(values)
    return round(value, 4)


async def readings(
    graph: TenantGraph, q: str, *, as_of_ms: int, days: int = 7, daily: bool = True
) -> ReadResult:
    """A metric's last ``days`` against the ``days`` before, with the daily series."""
    found = [n for n in await resolve(graph, q) if n["type"] == "Metric"]
    if not found:
        return not_found("readings", as_of_ms, q)
    metric_id = found[0]["id"]
    meta = await graph.read("metric", READ_METRIC, {"id": metric_id, "t": as_of_ms})
    _, name, unit, aggregation, measures = meta.rows[0]
    window = days * DAY_MS
    res = await graph.read(
        "readings",
        READ_READINGS,
        {"id": metric_id, "from": as_of_ms - 2 * window, "t": as_of_ms, "limit": MAX_READINGS},
    )
    this_w = [r for r in res.rows if r[2] >= as_of_ms - window]
    prev_w = [r for r in res.rows if r[2] < as_of_ms - window]
    now_total = total([r[1] for r in this_w], aggregation)
    prev_total = total([r[1] for r in prev_w], aggregation)
    change = None
    if now_total is not None and prev_total:
        change = round((now_total - prev_total) / prev_total * 100, 1)
    measured = [m for m in measures if m[0]]
    newest = max((r[5] for r in res.rows), default=None)
    cited = this_w[-3:]  # the latest readings stand for the window in citations
    data: dict[str, Any] = {
        "metric": {"id": metric_id, "name": name, "unit": unit, "aggregation": aggregation},
        "measures": [{"id": i, "type": t, "name": n} for i, t, n in measured],
        "window_days": days,
        "this_window": {
            "from": format_moment(as_of_ms - window),
            "to": format_moment(as_of_ms),
            "value": now_total,
            "readings": len(this_w),
        },
        "previous_window": {
            "from": format_moment(as_of_ms - 2 * window),
            "to": format_moment(as_of_ms - window),
            "value": prev_total,
            "readings": len(prev_w),
        },
        "change_pct": change,
        "daily": [{"id": r[0], "start": format_moment(r[2]), "value": r[1]} for r in res.rows]
        if daily
        else [],
    }
    nodes = [NodeRef(id=metric_id, type="Metric", name=name)]
    nodes += [NodeRef(id=i, type=t, name=n) for i, t, n in measured]
    nodes += [NodeRef(id=r[0], type="Observation", name=None) for r in cited]
    edges = [EdgeRef(source=metric_id, type="MEASURES", target=i) for i, _, _ in measured]
    return ReadResult(
        tool="readings",
        as_of=format_moment(as_of_ms) or "",
        message=None if res.rows else f"no readings of {name!r} in the last {2 * days} days",
        data=data,
        evidence=Evidence(nodes=nodes, edges=edges),
        sample=any(is_sample(r[6], r[4]) for r in res.rows),
        newest_as_of=format_moment(newest),
    )
