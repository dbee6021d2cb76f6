"""Reading roll-up: old daily readings become weekly ones, totalled the way their metric is.

A year of daily readings for fifty metrics is 18,000 nodes that every range read walks.
Past a window (a tenant setting, 90 days by default) the days matter only in sums, so
each run of consecutive daily readings inside one calendar week *and* one calendar month
(in the tenant's time zone) becomes one reading over the same window: ``sum`` metrics
add their values; every other metric (a rate) takes the mean weighted by days covered,
exactly how ``period`` totals them. Because a bucket never crosses a week or month edge,
any range of whole weeks or whole months totals the same before and after; a range or
a moment that cuts through a week reads that week's dailies back from the archive
(``brain.reads.archive._rolled``), so it too totals the same.

The daily originals are not deleted: they move to the tenant's archive graph carrying
the run id, and ``undo_rollup`` puts them back property for property and removes the
weekly readings. A reading with any edge besides its one MEASURES (a cause, a citation)
is left as it is, and so is a run of days with a gap or overlap inside it.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph
from brain.errors import QueryRefused

log = logging.getLogger(__name__)

DAY_MS = 86_400_000
#: A "daily" reading covers one calendar day: 23 to 25 hours across a clock change.
MIN_DAY_MS, MAX_DAY_MS = 23 * 3_600_000, 25 * 3_600_000
BATCH = 2_000
MAX_METRICS = 5_000
MAX_READINGS = 200_000
#: Properties upkeep adds to archived records and removes when it restores them.
ARCHIVE_PROPS = ("archivedBy", "archivedAt")

READ_METRICS = """
MATCH (m:Metric)
RETURN m.id, m.name, m.aggregation
ORDER BY m.id
LIMIT $limit
"""

#: Every metric's candidates in one pass (the planner scans readings by label whatever
#: the anchor, so one query per metric would scan them all once per metric).
READ_DAILY = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric)
WHERE e.until IS NULL AND o.end IS NOT NULL AND o.value IS NOT NULL AND o.end <= $cutoff
  AND o.end - o.start >= $min_day AND o.end - o.start <= $max_day AND o.rollupRun IS NULL
WITH o, e, m
OPTIONAL MATCH (o)-[x]-()
WITH o, e, m, count(x) AS degree
WHERE degree = 1
RETURN m.id, o.id, o.start, o.end, o.value
ORDER BY m.id, o.start
LIMIT $limit
"""

#: The full records of readings a roll-up moves (read only when it runs, not to plan it).
READ_FULL = """
UNWIND $ids AS id
MATCH (o:Entity {id: id})-[e:MEASURES]->(:Metric)
RETURN o.id, properties(o), properties(e)
"""

ENSURE_ARCHIVE_INDEX = "CREATE INDEX FOR (n:Entity) ON (n.id)"

ARCHIVE_DAILY = """
UNWIND $rows AS r
MERGE (s:Entity {id: r.metric})
ON CREATE SET s.stub = true
CREATE (o:Entity:Observation {id: r.props.id})
SET o = r.props, o.archivedBy = $run, o.archivedAt = $now
CREATE (o)-[e:MEASURES]->(s)
SET e = r.edge, e.archivedBy = $run
RETURN count(o)
"""

CREATE_WEEKLY = """
UNWIND $rows AS r
MATCH (m:Metric {id: r.metric})
CREATE (o:Entity:Observation {id: r.props.id})
SET o = r.props
CREATE (o)-[e:MEASURES]->(m)
SET e = r.edge
RETURN count(o)
"""

DELETE_BY_ID = """
UNWIND $ids AS id
MATCH (o:Entity {id: id})
DETACH DELETE o
RETURN count(*)
"""

BUMP_GENERATION = """
MERGE (m:BrainMeta {key: 'writes'})
SET m.generation = coalesce(m.generation, 0) + 1, m.lastWriteAt = $now
RETURN m.generation
"""

READ_ARCHIVED = """
MATCH (o:Observation {archivedBy: $run})-[e:MEASURES]->(s:Entity)
RETURN properties(o), properties(e), s.id
ORDER BY o.id
LIMIT $limit
"""

#: A run cut short may have left a daily reading in place: it is replaced by its archived
#: copy (the same record), so restoring twice or after a partial run gives one of each.
RESTORE_DAILY = """
UNWIND $rows AS r
MATCH (m:Metric {id: r.metric})
OPTIONAL MATCH (old:Entity {id: r.props.id})
DETACH DELETE old
WITH r, m
CREATE (o:Entity:Observation {id: r.props.id})
SET o = r.props
CREATE (o)-[e:MEASURES]->(m)
SET e = r.edge
RETURN count(o)
"""

READ_ROLLED = """
MATCH (o:Observation {rollupRun: $run})
RETURN o.id
LIMIT $limit
"""

DELETE_ARCHIVED = """
MATCH (o:Observation {archivedBy: $run})
DETACH DELETE o
RETURN count(*)
"""

DELETE_BARE_STUBS = """
MATCH (s:Entity {stub: true})
WHERE NOT (s)--()
DELETE s
RETURN count(*)
"""

COUNT_READINGS = "MATCH (o:Observation) RETURN count(o)"
COUNT_NODES = "MATCH (n) RETURN count(n)"


@dataclass(frozen=True, slots=True)
class Bucket:
    """One weekly reading to be: the daily readings it replaces and its figures."""

    metric: str
    metric_name: str
    aggregation: str
    daily: list[list[Any]]
    start: int
    end: int
    value: float


@dataclass(slots=True)
class RollupPlan:
    """What a roll-up would do (a dry run prints it) or did."""

    cutoff: int
    buckets: list[Bucket] = field(default_factory=list[Bucket])
    metrics: int = 0
    readings_before: int = 0
    kept: int = 0

    @property
    def daily_rolled(self) -> int:
        """Daily readings that move to the archive."""
        return sum(len(b.daily) for b in self.buckets)

    @property
    def readings_after(self) -> int:
        """Readings in the live graph after the roll-up."""
        return self.readings_before - self.daily_rolled + len(self.buckets)

    def summary(self) -> dict[str, Any]:
        """The figures a run records and a dry run prints."""
        return {
            "metrics": self.metrics,
            "readings_before": self.readings_before,
            "readings_after": self.readings_after,
            "daily_archived": self.daily_rolled,
            "weekly_created": len(self.buckets),
            "kept_daily": self.kept,
        }


def _bucket_key(middle_ms: int, tz: ZoneInfo) -> tuple[date, int]:
    """The (Monday, month) a reading belongs to, by the local day holding its middle."""
    day = datetime.fromtimestamp(middle_ms / 1000, tz).date()
    return day - timedelta(days=day.weekday()), day.month


def _runs(rows: list[list[Any]]) -> list[list[list[Any]]]:
    """Split rows (sorted by start) into runs of back-to-back readings."""
    runs: list[list[list[Any]]] = []
    for row in rows:
        if runs and runs[-1][-1][2] == row[1]:
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def weekly_value(rows: list[list[Any]], aggregation: str) -> float:
    """The weekly reading's value: the sum for flows, the day-weighted mean otherwise."""
    if aggregation == "sum":
        return float(sum(r[3] for r in rows))
    days = [(r[2] - r[1]) / DAY_MS for r in rows]
    return float(sum(r[3] * d for r, d in zip(rows, days, strict=True)) / sum(days))


def cutoff_ms(t: int, *, window_days: int, tz: ZoneInfo) -> int:
    """The local midnight ``window_days`` before ``t``: readings ending by it roll up."""
    day = datetime.fromtimestamp(t / 1000, tz).date() - timedelta(days=window_days)
    return int(datetime(day.year, day.month, day.day, tzinfo=tz).timestamp() * 1000)


async def plan_rollup(graph: TenantGraph, *, t: int, window_days: int, tz: ZoneInfo) -> RollupPlan:
    """Read what a roll-up at ``t`` would do; writes nothing."""
    plan = RollupPlan(cutoff=cutoff_ms(t, window_days=window_days, tz=tz))
    plan.readings_before = int((await graph.read("count readings", COUNT_READINGS)).scalar(0))
    metrics = await graph.read("metrics", READ_METRICS, {"limit": MAX_METRICS})
    res = await graph.read(
        "daily readings",
        READ_DAILY,
        {
            "cutoff": plan.cutoff,
            "min_day": MIN_DAY_MS,
            "max_day": MAX_DAY_MS,
            "limit": MAX_READINGS,
        },
        timeout_ms=60_000,
    )
    by_metric: dict[str, list[list[Any]]] = defaultdict(list)
    for row in res.rows:
        by_metric[str(row[0])].append(row[1:])
    for metric_id, name, aggregation in metrics.rows:
        rows_of_metric = by_metric.get(str(metric_id))
        if not rows_of_metric:
            continue
        plan.metrics += 1
        groups: dict[tuple[date, int], list[list[Any]]] = defaultdict(list)
        for row in rows_of_metric:
            groups[_bucket_key(row[1] + (row[2] - row[1]) // 2, tz)].append(row)
        agg = "sum" if aggregation == "sum" else "mean"
        for rows in groups.values():
            for run in _runs(rows):
                if len(run) < 2:
                    plan.kept += 1
                    continue
                plan.buckets.append(
                    Bucket(
                        metric=str(metric_id),
                        metric_name=str(name or metric_id),
                        aggregation=agg,
                        daily=run,
                        start=run[0][1],
                        end=run[-1][2],
                        value=weekly_value(run, agg),
                    )
                )
    return plan


Full = dict[str, tuple[dict[str, Any], dict[str, Any]]]


def _weekly_row(bucket: Bucket, full: Full, run_id: str, now: int, tz: ZoneInfo) -> dict[str, Any]:
    first = datetime.fromtimestamp(bucket.start / 1000, tz).date()
    last = datetime.fromtimestamp((bucket.end - 1) / 1000, tz).date()
    props: list[dict[str, Any]] = [full[r[0]][0] for r in bucket.daily]
    edges: list[dict[str, Any]] = [full[r[0]][1] for r in bucket.daily]
    sources = sorted({str(p.get("src")) for p in props if p.get("src")})
    as_of = max(int(p.get("asOf") or 0) for p in props)
    node: dict[str, Any] = {
        "id": f"rollup-{bucket.metric}-{first.isoformat()}",
        "name": f"{bucket.metric_name}, {first.isoformat()} to {last.isoformat()}",
        "type": "Observation",
        "value": bucket.value,
        "start": bucket.start,
        "end": bucket.end,
        "src": sources[0] if len(sources) == 1 else f"rollup:{run_id}",
        "sources": sources,
        "asOf": as_of,
        "firstAsOf": min(int(p.get("firstAsOf") or p.get("asOf") or 0) for p in props),
        "recordedAt": now,
        "rolledFrom": len(bucket.daily),
        "rollupRun": run_id,
        "period": "week",
    }
    if any(p.get("sample") for p in props):
        node["sample"] = True
    edge = {**edges[0], "since": min(int(e["since"]) for e in edges), "asOf": as_of}
    # when the last of its days was on record: a read at a moment before it counts the
    # week by its dailies (``brain.reads.archive._rolled``), as it would have before the roll-up
    edge["lastSince"] = max(int(e["since"]) for e in edges)
    edge["recordedAt"] = now
    return {"metric": bucket.metric, "props": node, "edge": edge}


async def _batched(
    graph: TenantGraph, name: str, cypher: Any, rows: list[Any], key: str, extra: dict[str, Any]
) -> None:
    for i in range(0, len(rows), BATCH):
        await graph.upkeep_write(name, cypher, {key: rows[i : i + BATCH], **extra})


async def _ensure_archive(graph: TenantGraph) -> None:
    try:
        await graph.archive.upkeep_write("archive index", ENSURE_ARCHIVE_INDEX)
    except QueryRefused as exc:  # already there: FalkorDB says so as an error
        if "already indexed" not in str(exc).lower():
            raise


async def _archived(graph: TenantGraph, run_id: str) -> list[list[Any]]:
    """The archive's readings of ``run_id`` (none when there is no archive yet)."""
    try:
        res = await graph.archive.read(
            "archived readings", READ_ARCHIVED, {"run": run_id, "limit": MAX_READINGS}
        )
    except QueryRefused as exc:
        if "empty key" in str(exc).lower():
            return []
        raise
    return res.rows


async def apply_rollup(graph: TenantGraph, plan: RollupPlan, *, run_id: str, tz: ZoneInfo) -> None:
    """Carry out ``plan``: archive the dailies, write the weekly readings, drop the dailies.

    In that order, so a run cut short leaves every reading somewhere and ``undo_rollup``
    (which goes by the run id) still restores the graph.
    """
    if not plan.buckets:
        return
    now = now_ms()
    await _ensure_archive(graph)
    ids = [r[0] for b in plan.buckets for r in b.daily]
    full: Full = {}
    for i in range(0, len(ids), BATCH):
        res = await graph.read("rolled readings", READ_FULL, {"ids": ids[i : i + BATCH]})
        full |= {str(oid): (props, edge) for oid, props, edge in res.rows}
    daily = [
        {"metric": b.metric, "props": full[r[0]][0], "edge": full[r[0]][1]}
        for b in plan.buckets
        for r in b.daily
    ]
    await _batched(
        graph.archive,
        "archive daily readings",
        ARCHIVE_DAILY,
        daily,
        "rows",
        {"run": run_id, "now": now},
    )
    weekly = [_weekly_row(b, full, run_id, now, tz) for b in plan.buckets]
    await _batched(graph, "create weekly readings", CREATE_WEEKLY, weekly, "rows", {})
    await _batched(graph, "drop rolled daily readings", DELETE_BY_ID, ids, "ids", {})
    await graph.upkeep_write("bump generation", BUMP_GENERATION, {"now": now})
    log.info(
        "roll-up %s for %s: %d daily readings into %d",
        run_id,
        graph.slug,
        len(ids),
        len(weekly),
    )


async def undo_rollup(graph: TenantGraph, run_id: str) -> dict[str, int]:
    """Put back the daily readings ``run_id`` archived and remove its weekly readings."""
    rows = [
        {
            "metric": metric,
            "props": {k: v for k, v in props.items() if k not in ARCHIVE_PROPS},
            "edge": {k: v for k, v in edge.items() if k not in ARCHIVE_PROPS},
        }
        for props, edge, metric in await _archived(graph, run_id)
    ]
    await _batched(graph, "restore daily readings", RESTORE_DAILY, rows, "rows", {})
    rolled = await graph.read(
        "rolled readings", READ_ROLLED, {"run": run_id, "limit": MAX_READINGS}
    )
    ids = [r[0] for r in rolled.rows]
    await _batched(graph, "drop weekly readings", DELETE_BY_ID, ids, "ids", {})
    if rows:
        await graph.archive.upkeep_write("drop archived readings", DELETE_ARCHIVED, {"run": run_id})
        await graph.archive.upkeep_write("drop bare stubs", DELETE_BARE_STUBS)
    await graph.upkeep_write("bump generation", BUMP_GENERATION, {"now": now_ms()})
    return {"restored_daily": len(rows), "removed_weekly": len(ids)}


async def graph_size(graph: TenantGraph) -> dict[str, Any]:
    """Nodes, readings and memory of the live graph (what a roll-up report compares)."""
    nodes = int((await graph.read("count nodes", COUNT_NODES)).scalar(0))
    readings = int((await graph.read("count readings", COUNT_READINGS)).scalar(0))
    return {"nodes": nodes, "readings": readings, "memory_mb": await graph.memory_usage_mb()}
