"""What a tenant's brain holds that is worth asking about first: its highlights.

A new assistant thread offers questions made from the tenant's own records rather than
canned examples: the metric with the most recent readings, the newest decision, an
incident still open and the last meeting. Each is read as the brain holds it now; a kind
the tenant has none of is left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, LiteralString

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph

#: How far back "busiest" looks for readings before it falls back to all of them.
BUSY_DAYS = 30
_DAY_MS = 86_400_000
#: Incident statuses that mean it is over (compared lower-cased).
CLOSED_STATUSES = ("resolved", "closed", "done", "fixed", "cancelled", "canceled", "over")


@dataclass(frozen=True, slots=True)
class Highlight:
    """One record a question could be about."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Highlights:
    """The tenant's busiest metric, newest decision, an open incident and its last meeting."""

    metric: Highlight | None = None
    decision: Highlight | None = None
    incident: Highlight | None = None
    meeting: Highlight | None = None


#: Metrics by how many current readings start at or after ``$from``.
READ_BUSIEST_METRIC = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric)
WHERE e.since <= $now AND (e.until IS NULL OR e.until > $now) AND o.start >= $from
WITH m, count(o) AS readings
RETURN m.id, m.name
ORDER BY readings DESC, m.name
LIMIT $limit
"""

READ_NEWEST_DECISION = """
MATCH (d:Decision)
WHERE d.name IS NOT NULL
RETURN d.id, d.name
ORDER BY coalesce(d.firstAsOf, d.asOf) DESC, d.name
LIMIT $limit
"""

READ_OPEN_INCIDENT = """
MATCH (i:Incident)
WHERE i.name IS NOT NULL AND i.resolvedAt IS NULL
  AND (i.status IS NULL OR NOT toLower(toString(i.status)) IN $closed)
RETURN i.id, i.name
ORDER BY i.asOf DESC, i.name
LIMIT $limit
"""

READ_LAST_MEETING = """
MATCH (m:Meeting)
WHERE m.name IS NOT NULL AND m.asOf <= $now
RETURN m.id, m.name
ORDER BY m.asOf DESC, m.name
LIMIT $limit
"""


async def highlights(graph: TenantGraph, *, now: int | None = None) -> Highlights:
    """Read the four highlights (see the module doc); ``now`` is epoch ms (default: now)."""
    at = now_ms() if now is None else now
    one = {"now": at, "limit": 1}
    metric = await _first(
        graph, "busiest metric", READ_BUSIEST_METRIC, {**one, "from": at - BUSY_DAYS * _DAY_MS}
    )
    if metric is None:  # nothing recent: the metric with the most readings ever
        metric = await _first(graph, "busiest metric", READ_BUSIEST_METRIC, {**one, "from": 0})
    closed = {"closed": list(CLOSED_STATUSES), "limit": 1}
    return Highlights(
        metric=metric,
        decision=await _first(graph, "newest decision", READ_NEWEST_DECISION, {"limit": 1}),
        incident=await _first(graph, "open incident", READ_OPEN_INCIDENT, closed),
        meeting=await _first(graph, "last meeting", READ_LAST_MEETING, one),
    )


async def _first(
    graph: TenantGraph, name: str, cypher: LiteralString, params: Mapping[str, Any]
) -> Highlight | None:
    res = await graph.read(name, cypher, params)
    if not res.rows:
        return None
    node_id, label = res.rows[0]
    return Highlight(str(node_id), str(label))
