"""Every thing of one type with the totals of the metrics that measure it, over a window.

A "which campaign costs the most per sign-up" question compares things of one type by
two of their metrics (a money one over a count one). This read hands back, for each
thing of the type, every metric currently measuring it with the sum of its readings in
the window, and what the thing currently targets, so the caller can divide and cite.
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import Evidence, NodeRef, ReadResult, is_sample

DAY_MS = 86_400_000
#: Things one read compares at most.
MAX_THINGS = 25
MEASURED_TIMEOUT_MS = 5_000

#: Per thing of ``$type``: each current metric with its readings' sum over [$from, $t),
#: and the things it currently targets.
READ_MEASURED_TOTALS = """
MATCH (c:Entity {type: $type})
OPTIONAL MATCH (m:Metric)-[me:MEASURES]->(c)
WHERE me.since <= $t AND (me.until IS NULL OR me.until > $t)
OPTIONAL MATCH (o:Observation)-[:MEASURES]->(m)
WHERE o.start >= $from AND o.start < $t
WITH c, m, sum(o.value) AS total
WITH c, collect([m.id, m.name, m.unit, total]) AS metrics
OPTIONAL MATCH (c)-[e:TARGETS]->(x:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN c.id, c.type, c.name, c.sample, c.src, metrics,
       [x IN collect(x) | [x.id, x.type, x.name, x.sample, x.src]] AS targets
ORDER BY c.id
LIMIT $limit
"""


async def measured_totals(
    graph: TenantGraph, node_type: str, *, as_of_ms: int, days: int, limit: int = MAX_THINGS
) -> ReadResult:
    """The things of ``node_type``, each with its metrics' totals over the ``days`` before
    ``as_of_ms`` and what it targets, by id.

    ``data["things"]``: ``{id, type, name, metrics: [{id, name, unit, total}], targets:
    [{id, type, name}]}``. Evidence: the things and their targets.
    """
    params: dict[str, Any] = {
        "type": node_type,
        "from": as_of_ms - days * DAY_MS,
        "t": as_of_ms,
        "limit": limit,
    }
    res = await graph.ro_query(
        "measured totals", READ_MEASURED_TOTALS, params, timeout_ms=MEASURED_TIMEOUT_MS
    )
    things: list[dict[str, Any]] = []
    nodes: dict[str, NodeRef] = {}
    sample = False
    for cid, ctype, cname, csample, csrc, metrics, targets in res.rows:
        nodes.setdefault(cid, NodeRef(id=cid, type=ctype, name=cname))
        sample = sample or is_sample(csample, csrc)
        for xid, xtype, xname, xsample, xsrc in targets:
            nodes.setdefault(xid, NodeRef(id=xid, type=xtype, name=xname))
            sample = sample or is_sample(xsample, xsrc)
        things.append(
            {
                "id": cid,
                "type": ctype,
                "name": cname,
                "metrics": [
                    {"id": i, "name": n, "unit": u, "total": v} for i, n, u, v in metrics if i
                ],
                "targets": [{"id": i, "type": t, "name": n} for i, t, n, _, _ in targets],
            }
        )
    return ReadResult(
        tool="measured_totals",
        as_of=format_moment(as_of_ms) or "",
        found=bool(things),
        message=None if things else f"no {node_type} is in your records",
        data={"things": things},
        evidence=Evidence(nodes=list(nodes.values())),
        sample=sample,
    )
