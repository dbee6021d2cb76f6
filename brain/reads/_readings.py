"""Readings of a metric over time: this window against the one before it.

Readings are Observation nodes (never overwritten) that MEASURE a Metric; the Metric
says how its readings total (``sum`` for flows such as orders, ``mean`` for rates), so
a week of orders is added up while a week of error rates is averaged.

The totals are counted by the server over every reading in the windows, so they are
whole however many readings there are. The listed series is capped: it is read newest
first, so a cap cuts the oldest readings, never the window asked about, and the answer
says when it did.
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._walks import not_found, resolve
from brain.reads.archive import Daily, cut_weeks, dailies_of

DAY_MS = 86_400_000
MAX_READINGS = 2_000

READ_METRIC = """
MATCH (m:Metric {id: $id})
OPTIONAL MATCH (m)-[e:MEASURES]->(x:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN m.id, m.name, m.unit, m.aggregation, collect([x.id, x.type, x.name])
LIMIT 1
"""

#: Per window (this one: ``o.start >= $split``): readings, values, their sum, the newest
#: source date, how many are sample data, and the day-weighted sum and days covered (a
#: weekly reading left by the roll-up job weighs seven days in a rate's mean, as in
#: ``period``; a daily reading weighs one, so daily series total as before).
READ_WINDOW_TOTALS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE o.start >= $from AND o.start < $t AND e.since <= $t AND NOT o.id IN $skip
WITH o, CASE WHEN o.end IS NULL OR o.end <= o.start THEN 1.0
             ELSE toFloat(o.end - o.start) / $day END AS days
RETURN o.start >= $split, count(o), count(o.value), sum(o.value), max(o.asOf),
  sum(CASE WHEN coalesce(o.sample, false) = true OR coalesce(o.src, '') STARTS WITH 'sample:'
      THEN 1 ELSE 0 END),
  sum(CASE WHEN o.value IS NULL THEN 0.0 ELSE o.value * days END),
  sum(CASE WHEN o.value IS NULL THEN 0.0 ELSE days END)
LIMIT 2
"""

#: Newest first, so a limit drops the oldest readings. (``$skip``: weekly readings the
#: windows cut through, listed and counted by their dailies instead.)
READ_READINGS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE o.start >= $from AND o.start < $t AND e.since <= $t AND NOT o.id IN $skip
RETURN o.id, o.value, o.start, o.end, o.src, o.asOf, o.sample
ORDER BY o.start DESC, o.id DESC
LIMIT $limit
"""
#: Readings cited for a window: its latest stand for it.
CITED_READINGS = 3


def total(values: list[float], aggregation: str) -> float | None:
    """Total a window the way its metric's readers do: sum flows, average rates."""
    if not values:
        return None
    value = sum(values) if aggregation == "sum" else sum(values) / len(values)
    return round(value, 4)


_NO_WINDOW: tuple[Any, ...] = (0, 0, None, None, 0, 0.0, 0.0)


def _add_dailies(
    by_window: dict[bool, tuple[Any, ...]], dailies: list[Daily], split: int
) -> dict[bool, tuple[Any, ...]]:
    """Window sums with the dailies of cut weeks added by ``READ_WINDOW_TOTALS``'s rules
    (the caller passes only dailies on record and inside the two windows)."""
    out = dict(by_window)
    for d in dailies:
        key = d.start >= split
        n, n_values, value_sum, newest, samples, weighted, days = out.get(key, _NO_WINDOW)
        n += 1
        if d.value is not None:
            n_values += 1
            value_sum = (value_sum or 0) + d.value
            weighted += d.value * d.days
            days += d.days
        if d.as_of is not None:
            newest = d.as_of if newest is None else max(newest, d.as_of)
        out[key] = (n, n_values, value_sum, newest, samples + int(d.flagged), weighted, days)
    return out


def _window_total(
    count: int, value_sum: float | None, aggregation: str, weighted: float, days: float
) -> float | None:
    """``total`` from a window's count and sums, as the server counted them: a flow's sum,
    or a rate's mean weighted by the days each reading covers."""
    if not count or value_sum is None:
        return None
    if aggregation == "sum":
        return round(value_sum, 4)
    return round(weighted / days if days else value_sum / count, 4)


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
    split = as_of_ms - window
    lo = as_of_ms - 2 * window
    # rolled-up weeks a window edge (or the moment) cuts through count day by day
    weeks = await cut_weeks(
        graph, metric_id, lo=lo, hi=as_of_ms, cuts=[lo, split, as_of_ms], t=as_of_ms
    )
    params: dict[str, Any] = {
        "id": metric_id,
        "from": lo,
        "t": as_of_ms,
        "split": split,
        "day": DAY_MS,
        "skip": [w[0] for w in weeks],
    }
    dailies = [
        d
        for d in await dailies_of(graph, metric_id, weeks)
        if d.held(as_of_ms, until=False) and lo <= d.start < as_of_ms
    ]
    sums = await graph.read("readings totals", READ_WINDOW_TOTALS, params)
    by_window = _add_dailies({bool(row[0]): tuple(row[1:]) for row in sums.rows}, dailies, split)
    (this_n, this_values, this_sum, this_newest, this_sample, this_w, this_days) = by_window.get(
        True, _NO_WINDOW
    )
    (prev_n, prev_values, prev_sum, prev_newest, prev_sample, prev_w, prev_days) = by_window.get(
        False, _NO_WINDOW
    )
    # only the readings cited for this window, unless the daily series is asked for
    first, limit = (lo, MAX_READINGS) if daily else (split, CITED_READINGS)
    listed: dict[str, Any] = {
        "id": metric_id,
        "from": first,
        "t": as_of_ms,
        "limit": limit,
        "skip": params["skip"],
    }
    res = await graph.read("readings", READ_READINGS, listed)
    merged: list[list[Any]] = res.rows + [d.row() for d in dailies if d.start >= first]
    merged.sort(key=lambda r: (r[2], r[0]), reverse=True)  # the query's order, both graphs
    rows = merged[:limit][::-1]  # oldest first, as the series is shown
    now_total = _window_total(this_values, this_sum, aggregation, this_w, this_days)
    prev_total = _window_total(prev_values, prev_sum, aggregation, prev_w, prev_days)
    change = None
    if now_total is not None and prev_total:
        change = round((now_total - prev_total) / prev_total * 100, 1)
    measured = [m for m in measures if m[0]]
    newest = max((d for d in (this_newest, prev_newest) if d is not None), default=None)
    cited = [r for r in rows if r[2] >= split][-CITED_READINGS:]
    readings_in_all = this_n + prev_n
    cut = daily and len(rows) < readings_in_all
    data: dict[str, Any] = {
        "metric": {"id": metric_id, "name": name, "unit": unit, "aggregation": aggregation},
        "measures": [{"id": i, "type": t, "name": n} for i, t, n in measured],
        "window_days": days,
        "this_window": {
            "from": format_moment(split),
            "to": format_moment(as_of_ms),
            "value": now_total,
            "readings": this_n,
        },
        "previous_window": {
            "from": format_moment(as_of_ms - 2 * window),
            "to": format_moment(split),
            "value": prev_total,
            "readings": prev_n,
        },
        "change_pct": change,
        "daily": [{"id": r[0], "start": format_moment(r[2]), "value": r[1]} for r in rows]
        if daily
        else [],
        "daily_complete": not cut,
    }
    message = None
    if not readings_in_all:
        message = f"no readings of {name!r} in the last {2 * days} days"
    elif cut:
        message = (
            f"the series lists the newest {len(rows):,} of {readings_in_all:,} readings; "
            "the window totals count all of them"
        )
    nodes = [NodeRef(id=metric_id, type="Metric", name=name)]
    nodes += [NodeRef(id=i, type=t, name=n) for i, t, n in measured]
    nodes += [NodeRef(id=r[0], type="Observation", name=None) for r in cited]
    edges = [EdgeRef(source=metric_id, type="MEASURES", target=i) for i, _, _ in measured]
    return ReadResult(
        tool="readings",
        as_of=format_moment(as_of_ms) or "",
        message=message,
        data=data,
        evidence=Evidence(nodes=nodes, edges=edges),
        sample=bool(this_sample or prev_sample),
        newest_as_of=format_moment(newest),
    )
