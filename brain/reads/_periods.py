"""A metric over a named range of days: its total the way the metric totals, and its daily mean.

"How many tickets from 1 to 14 October" and "the average call-back time since September"
both read every reading that starts inside ``[start, end)`` in one aggregate query, so no
row cap can cut a long range short. A reading may cover more than one day (a weekly
roll-up): flows (``sum``) add up their readings and average them per day covered; rates
(``mean``) weight each reading by the days it covers. A second range, when given, is read
the same way so a change between the two is computed from one tool result. A reading
belongs to the day that holds its middle, so a day recorded in another time zone (a
reading from 00:00 +05:30) still counts for its own day.

Every range reports its coverage: the days it has a reading for (``days_covered``) out of
``days_in_range``, and the runs of days with none (``gaps``). A comparison of two ranges
both fully covered compares their totals (``change_pct``); when either has gaps, totals
mean nothing against each other, so the change is that of the daily means over the days
each covers (``covered_change_pct``), and ``coverage_low`` says that a range has less than
``FULL_ENOUGH`` of its days (a figure or a comparison that must say so).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any, cast
from zoneinfo import ZoneInfo

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._readings import READ_METRIC
from brain.reads._series import gaps_of
from brain.reads._walks import not_found, resolve
from brain.reads.archive import Daily, cut_weeks, dailies_of

DAY_MS = 86_400_000
#: Readings cited for a range: the first and the last stand for the rest.
CITED_READINGS = 2
#: The share of its days a range must have readings for to be compared without saying so.
FULL_ENOUGH = 0.8
#: Gaps listed per range at most (the count of covered days says the rest).
MAX_GAPS = 10

#: ``$skip``: weekly readings the range cuts through, counted by their dailies instead.
READ_RANGE = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t) AND NOT o.id IN $skip
WITH o, CASE WHEN o.end IS NULL OR o.end <= o.start THEN o.start
             ELSE o.start + (o.end - o.start) / 2 END AS middle,
        CASE WHEN o.end IS NULL OR o.end <= o.start THEN 1.0
             ELSE toFloat(o.end - o.start) / $day END AS days
WHERE middle >= $from AND middle < $to
WITH o, days
ORDER BY o.start, o.id
RETURN count(o), sum(o.value), sum(o.value * days), sum(days), min(o.start), max(o.start),
       collect(o.id), max(o.asOf),
       max(CASE WHEN o.sample = true OR o.src STARTS WITH 'sample:' THEN 1 ELSE 0 END),
       collect(o.start), collect(coalesce(o.end, o.start))
"""


def _with_dailies(row: list[Any], dailies: list[Daily], lo: int, hi: int, t: int) -> list[Any]:
    """A ``READ_RANGE`` row with the dailies of cut weeks counted in by the query's rules;
    its last cell is every reading's (start, end)."""
    count, plain, weighted, days, first, last, ids, newest, sample, starts, ends = row
    spans = list(zip(cast(list[int], starts or []), cast(list[int], ends or []), strict=True))
    pairs = sorted(zip(cast(list[int], starts or []), cast(list[str], ids or []), strict=True))
    for d in dailies:
        if not (d.held(t) and lo <= d.middle < hi):
            continue
        count = int(count or 0) + 1
        days = float(days or 0.0) + d.days
        if d.value is not None:
            plain = float(plain or 0.0) + d.value
            weighted = float(weighted or 0.0) + d.value * d.days
        first = d.start if first is None else min(first, d.start)
        last = d.start if last is None else max(last, d.start)
        if d.as_of is not None:
            newest = d.as_of if newest is None else max(newest, d.as_of)
        sample = max(int(sample or 0), int(d.flagged))
        pairs.append((d.start, d.id))
        spans.append((d.start, d.end if d.end is not None else d.start))
    pairs.sort()
    return [count, plain, weighted, days, first, last, [i for _, i in pairs], newest, sample, spans]


def covered_days(spans: list[tuple[int, int]], first: date, last: date, tz: ZoneInfo) -> set[date]:
    """The days of [first, last] a reading covers: the day holding a one-day reading's
    middle, every day of a longer one."""
    found: set[date] = set()
    for start, end in spans:
        if end <= start or end - start <= DAY_MS:
            middle = start if end <= start else start + (end - start) // 2
            found.add(datetime.fromtimestamp(middle / 1000, tz=tz).date())
            continue
        day = datetime.fromtimestamp(start / 1000, tz=tz).date()
        while day_start_ms(day, tz) < end:
            found.add(day)
            day += timedelta(days=1)
    return {d for d in found if first <= d <= last}


def coverage(spans: list[tuple[int, int]], first: date, last: date, tz: ZoneInfo) -> dict[str, Any]:
    """How much of [first, last] has readings: days covered, days in the range, the share,
    and the runs of days without one."""
    have = covered_days(spans, first, last, tz)
    days_in = (last - first).days + 1
    gaps = [[a.isoformat(), b.isoformat()] for a, b in gaps_of(sorted(have), first, last)]
    return {
        "days_in_range": days_in,
        "days_with_data": len(have),
        "coverage": round(len(have) / days_in, 3),
        "gaps": gaps[:MAX_GAPS],
    }


def _figures(row: list[Any], aggregation: str) -> dict[str, Any]:
    count, plain_sum, weighted_sum, days = int(row[0] or 0), row[1], row[2], row[3]
    if not count:
        return {"readings": 0, "total": None, "daily_mean": None, "days_covered": 0}
    if aggregation == "sum":
        total, daily_mean = plain_sum, plain_sum / days
    else:
        total = daily_mean = weighted_sum / days
    return {
        "readings": count,
        "total": round(total, 4),
        "daily_mean": round(daily_mean, 4),
        "days_covered": round(days, 2),
        "first_reading": format_moment(row[4]),
        "last_reading": format_moment(row[5]),
    }


def day_start_ms(day: date, tz: ZoneInfo) -> int:
    """Milliseconds at the start of ``day`` in the tenant's time zone."""
    return int(datetime.combine(day, time(0), tzinfo=tz).timestamp() * 1000)


async def metric_period(
    graph: TenantGraph,
    q: str,
    *,
    as_of_ms: int,
    ranges: list[tuple[date, date]],
    tz: ZoneInfo,
) -> ReadResult:
    """A metric over whole days: ``ranges`` are (first day, last day) pairs, both included.

    The first range is the one asked about; a second one, if given, is what it is compared
    with (``change_pct`` is the first's total against the second's).
    """
    if not 1 <= len(ranges) <= 2 or any(last < first for first, last in ranges):
        raise ValueError(f"one or two ranges of (first, last) days, got {ranges!r}")
    found = [n for n in await resolve(graph, q) if n["type"] == "Metric"]
    if not found:
        return not_found("period", as_of_ms, q)
    metric_id = found[0]["id"]
    meta = await graph.read("metric", READ_METRIC, {"id": metric_id, "t": as_of_ms})
    _, name, unit, aggregation, measures = meta.rows[0]
    periods: list[dict[str, Any]] = []
    cited: list[str] = []
    newest: int | None = None
    sample = False
    for first, last in ranges:
        lo, hi = day_start_ms(first, tz), day_start_ms(last + timedelta(days=1), tz)
        # rolled-up weeks the range (or the moment) cuts through count day by day
        weeks = await cut_weeks(graph, metric_id, lo=lo, hi=hi, cuts=[lo, hi], t=as_of_ms)
        res = await graph.read(
            "metric period",
            READ_RANGE,
            {
                "id": metric_id,
                "from": lo,
                "to": hi,
                "t": as_of_ms,
                "day": DAY_MS,
                "skip": [w[0] for w in weeks],
            },
        )
        empty_row: list[Any] = [0, 0.0, 0.0, 0.0, None, None, [], 0, 0, [], []]
        row: list[Any] = res.rows[0] if res.rows else empty_row
        row = _with_dailies(row, await dailies_of(graph, metric_id, weeks), lo, hi, as_of_ms)
        figures = _figures(row, aggregation)
        periods.append(
            {
                "first_day": first.isoformat(),
                "last_day": last.isoformat(),
                **figures,
                **coverage(cast(list[tuple[int, int]], row[9]), first, last, tz),
            }
        )
        ids = [str(i) for i in cast(list[Any], row[6] or [])]
        cited += [i for i in ids[:CITED_READINGS] + ids[-CITED_READINGS:] if i not in cited]
        if row[7]:
            newest = max(newest or 0, int(row[7]))
        sample = sample or bool(row[8])
    change = covered_change = None
    if len(periods) == 2 and periods[0]["total"] is not None and periods[1]["total"]:
        change = round((periods[0]["total"] - periods[1]["total"]) / periods[1]["total"] * 100, 1)
    if len(periods) == 2 and periods[0]["daily_mean"] is not None and periods[1]["daily_mean"]:
        now, before = periods[0]["daily_mean"], periods[1]["daily_mean"]
        covered_change = round((now - before) / before * 100, 1)
    full = all(p["coverage"] >= 1.0 for p in periods)
    measured = [m for m in measures if m[0]]
    data: dict[str, Any] = {
        "metric": {"id": metric_id, "name": name, "unit": unit, "aggregation": aggregation},
        "measures": [{"id": i, "type": t, "name": n} for i, t, n in measured],
        "period": periods[0],
        "compare": periods[1] if len(periods) == 2 else None,
        "change_pct": change,
        "covered_change_pct": covered_change,
        "fully_covered": full,
        "coverage_low": any(p["coverage"] < FULL_ENOUGH for p in periods),
    }
    nodes = [NodeRef(id=metric_id, type="Metric", name=name)]
    nodes += [NodeRef(id=i, type=t, name=n) for i, t, n in measured]
    nodes += [NodeRef(id=i, type="Observation", name=None) for i in cited]
    edges = [EdgeRef(source=metric_id, type="MEASURES", target=i) for i, _, _ in measured]
    empty = periods[0]["readings"] == 0
    return ReadResult(
        tool="period",
        as_of=format_moment(as_of_ms) or "",
        found=not empty,
        message=f"no readings of {name!r} from {periods[0]['first_day']} to "
        f"{periods[0]['last_day']}"
        if empty
        else None,
        data=data,
        evidence=Evidence(nodes=nodes, edges=edges),
        sample=sample,
        newest_as_of=format_moment(newest) if newest else None,
    )
