"""What the scheduled digests read: what changed in a window of time, each item with its source.

The weekly business digest reads the decisions first recorded in the week, the owner
slots opened or closed in it, the metrics' readings of this week and the one before, and
the incidents recorded or changed in it; the minutes digest reads the meetings recorded
since its last run with their attendees' addresses. What each digest makes of them (which
metric moved most, whether an incident opened or closed) is the job's; a meeting's own
decisions and action items are the minutes reads' (``brain.reads.meeting_decisions``).
Windows are ``[from_ms, to_ms)`` in epoch milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from brain._tenant_graph import TenantGraph


@dataclass(frozen=True, slots=True)
class RecordedDecision:
    """A decision first recorded in the window; ``at`` is when (epoch ms)."""

    id: str
    name: str
    src: str | None
    at: int


READ_NEW_DECISIONS = """
MATCH (d:Decision)
WHERE coalesce(d.firstAsOf, d.asOf) >= $from AND coalesce(d.firstAsOf, d.asOf) < $to
RETURN d.id, d.name, d.src, coalesce(d.firstAsOf, d.asOf) AS at
ORDER BY at DESC
LIMIT $limit
"""


async def decisions_recorded(
    graph: TenantGraph, *, from_ms: int, to_ms: int, limit: int
) -> list[RecordedDecision]:
    """Decisions first known in the window, newest first."""
    params = {"from": from_ms, "to": to_ms, "limit": limit}
    res = await graph.read("digest decisions", READ_NEW_DECISIONS, params)
    return [RecordedDecision(str(i), str(n), s, int(at)) for i, n, s, at in res.rows]


@dataclass(frozen=True, slots=True)
class OwnerChange:
    """An OWNS edge that opened or closed in the window."""

    owner_id: str
    owner_name: str | None
    thing_id: str
    thing_name: str | None
    since: int
    until: int | None
    src: str | None


READ_OWNER_CHANGES = """
MATCH (p:Entity)-[e:OWNS]->(x:Entity)
WHERE (e.since >= $from AND e.since < $to) OR (e.until >= $from AND e.until < $to)
RETURN p.id, p.name, x.id, x.name, e.since, e.until, e.src
ORDER BY coalesce(e.until, e.since) DESC
LIMIT $limit
"""


async def owner_changes(
    graph: TenantGraph, *, from_ms: int, to_ms: int, limit: int
) -> list[OwnerChange]:
    """Owner slots opened or closed in the window, the latest change first."""
    params = {"from": from_ms, "to": to_ms, "limit": limit}
    res = await graph.read("digest owners", READ_OWNER_CHANGES, params)
    return [
        OwnerChange(str(pid), pname, str(xid), xname, int(since), until, src)
        for pid, pname, xid, xname, since, until, src in res.rows
    ]


@dataclass(frozen=True, slots=True)
class MetricWeek:
    """One metric's current readings in one of the two weeks: how many, and their sum."""

    metric_id: str
    name: str | None
    unit: str | None
    aggregation: str | None
    this_week: bool
    readings: int
    total: float


#: Per metric and week (this one: ``start >= $from``): readings and their sum.
READ_METRIC_WEEKS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric)
WHERE e.until IS NULL AND o.start >= $prev AND o.start < $to AND o.value IS NOT NULL
WITH m, o.start >= $from AS this, count(o) AS n, sum(o.value) AS total
RETURN m.id, m.name, m.unit, m.aggregation, this, n, total
LIMIT $limit
"""


async def metric_weeks(
    graph: TenantGraph, *, prev_ms: int, from_ms: int, to_ms: int, limit: int
) -> list[MetricWeek]:
    """Each metric's readings in ``[prev_ms, from_ms)`` and in ``[from_ms, to_ms)``."""
    params = {"prev": prev_ms, "from": from_ms, "to": to_ms, "limit": limit}
    res = await graph.read("digest metrics", READ_METRIC_WEEKS, params)
    return [
        MetricWeek(str(mid), name, unit, agg, bool(this), int(n), float(total))
        for mid, name, unit, agg, this, n, total in res.rows
    ]


@dataclass(frozen=True, slots=True)
class TouchedIncident:
    """An incident recorded or changed in the window, its dates as the source wrote them."""

    id: str
    name: str | None
    src: str | None
    status: str | None
    opened: Any
    changed: Any


#: Whether each opened or closed in the window is the digest's to decide, since
#: ``startedAt`` may be stored as the text a source wrote.
READ_INCIDENTS = """
MATCH (i:Incident)
WHERE coalesce(i.updatedAt, i.asOf) >= $from AND coalesce(i.firstAsOf, i.asOf) < $to
RETURN i.id, i.name, i.src, i.status, coalesce(i.startedAt, i.firstAsOf, i.asOf),
       coalesce(i.resolvedAt, i.closedAt, i.updatedAt, i.asOf)
LIMIT $limit
"""


async def incidents_touched(
    graph: TenantGraph, *, from_ms: int, to_ms: int, limit: int
) -> list[TouchedIncident]:
    """Incidents recorded or changed in the window."""
    params = {"from": from_ms, "to": to_ms, "limit": limit}
    res = await graph.read("digest incidents", READ_INCIDENTS, params)
    return [
        TouchedIncident(str(iid), name, src, status, opened, changed)
        for iid, name, src, status, opened, changed in res.rows
    ]


@dataclass(frozen=True, slots=True)
class RecordedMeeting:
    """A meeting recorded in the window, and its attendees' e-mail addresses."""

    id: str
    name: str
    src: str | None
    recorded_at: int
    emails: tuple[str, ...]


READ_MEETINGS = """
MATCH (m:Meeting)
WHERE m.recordedAt >= $from AND m.recordedAt < $to
OPTIONAL MATCH (p:Person)-[a:ATTENDED]->(m)
WHERE a.since <= $to AND (a.until IS NULL OR a.until > $to)
RETURN m.id, m.name, m.src, m.recordedAt AS at, collect(DISTINCT p.email)
ORDER BY at
LIMIT $limit
"""


async def meetings_recorded(
    graph: TenantGraph, *, from_ms: int, to_ms: int, limit: int
) -> list[RecordedMeeting]:
    """Meetings recorded in the window, oldest first, with the addresses of those who
    attended (as known at ``to_ms``)."""
    params = {"from": from_ms, "to": to_ms, "limit": limit}
    res = await graph.read("digest meetings", READ_MEETINGS, params)
    return [
        RecordedMeeting(
            str(mid), str(name), src, int(at),
            tuple(str(e) for e in cast(list[Any], emails) if e),
        )
        for mid, name, src, at, emails in res.rows
    ]  # fmt: skip
