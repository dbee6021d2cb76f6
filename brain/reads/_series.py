"""A metric's day-by-day series over named days, and the day it changed.

"Why did conversion tank in early September?" needs the day the series broke before it
can ask what else happened then. The series is read for whole days in the tenant's time
zone (a reading belongs to the day that holds its middle, as in ``period``; a reading
that covers several days is spread over them), days without a reading are listed as
gaps, and ``change_point`` finds the one split of the covered days where the means on
either side differ most against the spread inside them (a two-segment t statistic). A
weekly pattern (no installs on Sundays) would pull that split onto a weekend, so with
three weeks or more of data the shift is fitted within each weekday.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import Evidence, NodeRef, ReadResult
from brain.reads._readings import READ_METRIC
from brain.reads._walks import not_found, resolve

DAY_MS = 86_400_000
#: Days one series read covers at most.
MAX_DAYS = 400
#: Days on each side of a change point at least.
MIN_SIDE = 2
#: Days of data from which a shift is fitted within each weekday.
WEEKLY_FROM = 21

READ_SERIES = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
  AND o.start < $to AND coalesce(o.end, o.start + $day) > $from
RETURN o.id, o.value, o.start, o.end, o.asOf,
       CASE WHEN o.sample = true OR o.src STARTS WITH 'sample:' THEN 1 ELSE 0 END
ORDER BY o.start, o.id
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Change:
    """Where a series changed: the first day of the new level, and the two levels."""

    day: date
    before: float
    after: float
    score: float

    @property
    def shift_pct(self) -> float | None:
        """The new level against the old, in percent (None from a level of zero)."""
        return (
            round((self.after - self.before) / abs(self.before) * 100, 1) if self.before else None
        )


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _split_score(values: list[float], k: int) -> float:
    """The two-segment t statistic of a split before index ``k``."""
    n = len(values)
    before, after = values[:k], values[k:]
    mb, ma = _mean(before), _mean(after)
    spread = sum((x - mb) ** 2 for x in before) + sum((x - ma) ** 2 for x in after)
    sd = math.sqrt(spread / max(n - 2, 1))
    gap = abs(ma - mb)
    if sd <= 1e-9:
        return math.inf if gap > 1e-9 else 0.0
    return gap / sd * math.sqrt(k * (n - k) / n)


def _weekly_split_score(values: list[float], groups: list[list[int]], k: int, used: int) -> float:
    """The t statistic of a level shift before index ``k`` with each weekday its own
    level: the shift is fitted within weekdays, so a quiet Sunday says nothing about it."""
    sxz = szz = sxx = 0.0
    for members in groups:
        xs = [values[i] for i in members]
        zs = [1.0 if i >= k else 0.0 for i in members]
        mx, mz = _mean(xs), _mean(zs)
        sxz += sum((x - mx) * (z - mz) for x, z in zip(xs, zs, strict=True))
        szz += sum((z - mz) ** 2 for z in zs)
        sxx += sum((x - mx) ** 2 for x in xs)
    if szz <= 1e-9:
        return 0.0
    shift = sxz / szz
    rest = max(sxx - sxz * shift, 0.0) / max(used - len(groups) - 1, 1)
    if rest <= 1e-12:
        return math.inf if abs(shift) > 1e-9 else 0.0
    return abs(shift) / math.sqrt(rest / szz)


def change_point(series: list[tuple[date, float]], *, min_side: int = MIN_SIDE) -> Change | None:
    """The day a daily series changed level most clearly, or None when it is too short.

    Every split leaving ``min_side`` days on each side is scored by the difference of the
    two means over their pooled standard deviation, times sqrt(n1 n2 / n); the best split
    wins (the earliest of equals). With ``WEEKLY_FROM`` days or more, the shift is fitted
    within each weekday instead, and a weekday that never varies (no installs on Sundays)
    is left out: it says nothing of when the level changed. Levels are the plain means of
    the values on each side.
    """
    if len(series) < 2 * min_side:
        return None
    days = [d for d, _ in series]
    raw = [v for _, v in series]
    n = len(raw)
    weekly = n >= WEEKLY_FROM
    groups: list[list[int]] = []
    if weekly:
        by_day: dict[int, list[int]] = {}
        for i, d in enumerate(days):
            by_day.setdefault(d.weekday(), []).append(i)
        groups = [
            g
            for g in by_day.values()
            if len(g) > 1 and max(raw[i] for i in g) - min(raw[i] for i in g) > 1e-9
        ]
    used = sum(len(g) for g in groups)
    candidates = sorted(i for g in groups for i in g) if weekly else list(range(n))
    best: tuple[float, int] | None = None
    for k in candidates:
        if k < min_side or k > n - min_side:
            continue
        score = _weekly_split_score(raw, groups, k, used) if weekly else _split_score(raw, k)
        if best is None or score > best[0]:
            best = (score, k)
    if best is None or best[0] == 0.0:
        return None
    score, k = best
    return Change(
        day=days[k],
        before=round(_mean(raw[:k]), 4),
        after=round(_mean(raw[k:]), 4),
        score=round(min(score, 1e6), 3),
    )


def _day_of(ms: int, tz: ZoneInfo) -> date:
    return datetime.fromtimestamp(ms / 1000, tz=tz).date()


def _start_ms(day: date, tz: ZoneInfo) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=tz).timestamp() * 1000)


def spread_days(
    rows: list[list[Any]], first: date, last: date, tz: ZoneInfo, aggregation: str
) -> dict[date, float]:
    """The value of each day in [first, last] that has one: a one-day reading counts for
    the day holding its middle; a longer one is spread evenly over its days (a flow's
    value divided among them, a rate's given to each)."""
    out: dict[date, float] = {}
    for _, value, start, end, *_ in rows:
        if value is None:
            continue
        span = 1 if end is None or end <= start else max(1, round((end - start) / DAY_MS))
        if span == 1:
            middle = start if end is None or end <= start else start + (end - start) // 2
            days = [_day_of(int(middle), tz)]
        else:
            days = [_day_of(int(start), tz) + timedelta(days=i) for i in range(span)]
        share = float(value) / span if aggregation == "sum" else float(value)
        for d in days:
            if first <= d <= last:
                out[d] = out.get(d, 0.0) + share
    return out


def gaps_of(days: list[date], first: date, last: date) -> list[tuple[date, date]]:
    """The runs of days in [first, last] that are not in ``days`` (first and last day)."""
    have = set(days)
    runs: list[tuple[date, date]] = []
    d = first
    while d <= last:
        if d not in have:
            start = d
            while d + timedelta(days=1) <= last and d + timedelta(days=1) not in have:
                d += timedelta(days=1)
            runs.append((start, d))
        d += timedelta(days=1)
    return runs


async def metric_series(
    graph: TenantGraph,
    q: str,
    *,
    as_of_ms: int,
    first: date,
    last: date,
    tz: ZoneInfo,
) -> ReadResult:
    """A metric day by day over [first, last] (both included), its gaps, and the day it
    changed most clearly (``change``; None when the series is too short or flat)."""
    if last < first or (last - first).days + 1 > MAX_DAYS:
        raise ValueError(f"a series of 1 to {MAX_DAYS} days, got {first} to {last}")
    found = [n for n in await resolve(graph, q) if n["type"] == "Metric"]
    if not found:
        return not_found("series", as_of_ms, q)
    metric_id = found[0]["id"]
    meta = await graph.read("metric", READ_METRIC, {"id": metric_id, "t": as_of_ms})
    _, name, unit, aggregation, measures = meta.rows[0]
    lo, hi = _start_ms(first, tz), _start_ms(last + timedelta(days=1), tz)
    res = await graph.read(
        "metric series",
        READ_SERIES,
        {
            "id": metric_id,
            "from": lo,
            "to": hi,
            "t": as_of_ms,
            "day": DAY_MS,
            "limit": 4 * MAX_DAYS,
        },
    )
    rows = res.rows
    by_day = spread_days(rows, first, last, tz, str(aggregation))
    series = sorted(by_day.items())
    change = change_point(series)
    days_in = (last - first).days + 1
    newest = max((int(r[4]) for r in rows if r[4] is not None), default=None)
    measured = [m for m in measures if m[0]]
    data: dict[str, Any] = {
        "metric": {"id": metric_id, "name": name, "unit": unit, "aggregation": aggregation},
        "measures": [{"id": i, "type": t, "name": n} for i, t, n in measured],
        "first_day": first.isoformat(),
        "last_day": last.isoformat(),
        "days": [[d.isoformat(), round(v, 4)] for d, v in series],
        "days_in_range": days_in,
        "days_covered": len(series),
        "coverage": round(len(series) / days_in, 3),
        "gaps": [
            [a.isoformat(), b.isoformat()] for a, b in gaps_of([d for d, _ in series], first, last)
        ],
        "change": None
        if change is None
        else {
            "day": change.day.isoformat(),
            "before": change.before,
            "after": change.after,
            "shift_pct": change.shift_pct,
            "score": change.score,
        },
    }
    cited = [str(r[0]) for r in rows[:1] + rows[-1:]]
    nodes = [NodeRef(id=metric_id, type="Metric", name=name)]
    nodes += [NodeRef(id=i, type=t, name=n) for i, t, n in measured]
    nodes += [NodeRef(id=i, type="Observation", name=None) for i in dict.fromkeys(cited)]
    return ReadResult(
        tool="series",
        as_of=format_moment(as_of_ms) or "",
        found=bool(series),
        message=None if series else f"no readings of {name!r} from {first} to {last}",
        data=data,
        evidence=Evidence(nodes=nodes),
        sample=any(r[5] for r in rows),
        newest_as_of=format_moment(newest),
    )
