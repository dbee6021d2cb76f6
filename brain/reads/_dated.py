"""Dated things near a moment: incidents, releases, decisions and campaigns that began
within a few days of it, linked to what moved or not.

When a series breaks on a day, the cause is often recorded without any edge to the
metric: a price rise decided a fortnight earlier that took effect that morning, an outage
logged against a service. So the candidates are read by time, not by links: every thing
of a dated type whose start falls within ``days`` of the moment. A thing's start is the
earliest of its start-like properties (``startedAt``, ``start``, ``effectiveFrom``...;
any property whose name says it began), the earliest ``since`` of its own current edges,
and otherwise the date of its source (``asOf``); ``began_by`` says which. Things recorded
up to ``lookback_days`` before the moment are read too, with their name and text, because
a decision made in August "from 1 September" begins when its words say: the caller reads
those words.

Each candidate says whether it is linked: a current edge between it and one of
``linked_to`` (the metric, or what the metric measures).
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment, parse_moment
from brain._tenant_graph import TenantGraph
from brain.errors import InputInvalid
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref, is_sample

DAY_MS = 86_400_000
#: Things that begin on a day and can move a number.
DATED_TYPES = ("Incident", "Release", "Decision", "Campaign")
#: Candidates read at most (nearest the moment first).
MAX_DATED = 300
#: Property names that say when a thing began.
START_WORDS = ("start", "began", "begin", "effective", "launch", "opened", "released", "shipped")

# Things of the dated types recorded near the moment, or with an edge that began near it.
READ_DATED = """
MATCH (n:Entity)
WHERE n.type IN $types
OPTIONAL MATCH (n)-[e]-(:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
WITH n, min(e.since) AS first_since
WHERE (n.asOf >= $lo AND n.asOf < $hi) OR (first_since >= $lo AND first_since < $hi)
RETURN n.id, n.type, n.name, n.src, n.asOf, n.sample, first_since, properties(n)
ORDER BY abs(coalesce(first_since, n.asOf) - $at), n.id
LIMIT $limit
"""

# Which of the candidates touch one of the targets by a current edge.
READ_LINKS = """
UNWIND $ids AS id
WITH id, $targets AS targets, $t AS t
MATCH (n:Entity {id: id})-[e]-(x:Entity)
WHERE x.id IN targets AND e.since <= t AND (e.until IS NULL OR e.until > t)
RETURN n.id, type(e), startNode(e) = n, x.id, e.since, e.until, e.src
LIMIT $limit
"""

_HIDDEN = {"embedding", "contextEmbedding", "textHash", "contextHash", "nameKey", "body"}
#: Characters of a candidate's text returned (its dates are in the first lines).
TEXT_CHARS = 600


def _moment(value: Any) -> int | None:
    """A property value read as a moment, or None when it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    if isinstance(value, str) and not value[:4].isdigit():
        return None
    try:
        return parse_moment(value)
    except (InputInvalid, ValueError):
        return None


def starts_of(
    props: dict[str, Any], first_since: int | None, as_of: int | None
) -> tuple[int | None, str]:
    """When a thing began, and how that is known: a start-like property (``stated``), its
    first edge (``edge``), else its source's date (``source``)."""
    stated = [
        m
        for k, v in props.items()
        if any(w in k.lower() for w in START_WORDS) and (m := _moment(v)) is not None
    ]
    if stated:
        return min(stated), "stated"
    if first_since is not None:
        return first_since, "edge"
    return as_of, "source"


async def dated_near(
    graph: TenantGraph,
    at_ms: int,
    *,
    as_of_ms: int,
    days: int = 2,
    lookback_days: int = 45,
    linked_to: list[str] | None = None,
    limit: int = 50,
) -> ReadResult:
    """Things that began within ``days`` of ``at_ms`` (``near``), and those recorded up to
    ``lookback_days`` before it whose words may date them (``near`` False), nearest first."""
    if not 0 <= days <= 31 or not 0 <= lookback_days <= 366:
        raise ValueError("days is 0 to 31 and lookback_days 0 to 366")
    lo, hi = at_ms - max(days, lookback_days) * DAY_MS, at_ms + (days + 1) * DAY_MS
    res = await graph.read(
        "dated near",
        READ_DATED,
        {
            "types": list(DATED_TYPES),
            "t": as_of_ms,
            "lo": lo,
            "hi": min(hi, as_of_ms + 1),
            "at": at_ms,
            "limit": MAX_DATED,
        },
    )
    rows = res.rows[:MAX_DATED]
    ids = [str(r[0]) for r in rows]
    links: dict[str, list[EdgeRef]] = {}
    if ids and linked_to:
        found = await graph.read(
            "dated links",
            READ_LINKS,
            {"ids": ids, "targets": linked_to, "t": as_of_ms, "limit": 4 * len(ids) + 10},
        )
        for n_id, rel, outgoing, x_id, since, until, src in found.rows:
            source, target = (n_id, x_id) if outgoing else (x_id, n_id)
            links.setdefault(str(n_id), []).append(
                edge_ref(str(source), str(rel), str(target), since, until, src)
            )
    items: list[dict[str, Any]] = []
    nodes: list[NodeRef] = []
    newest: int | None = None
    sample = False
    for node_id, node_type, name, src, as_of, flag, first_since, props in rows:
        began, known_by = starts_of(dict(props), first_since, as_of)
        near = began is not None and abs(began - at_ms) <= days * DAY_MS + DAY_MS - 1
        text = str(props.get("text") or props.get("rationale") or "")[:TEXT_CHARS]
        items.append(
            {
                "node": {"id": node_id, "type": node_type, "name": name},
                "began": format_moment(began),
                "began_by": known_by,
                "recorded": format_moment(as_of),
                "near": near,
                "linked": [e.model_dump() for e in links.get(str(node_id), [])],
                "text": text,
                "properties": {
                    k: v
                    for k, v in dict(props).items()
                    if k not in _HIDDEN and isinstance(v, str | int | float) and k != "text"
                },
            }
        )
        nodes.append(NodeRef(id=str(node_id), type=str(node_type), name=name))
        if as_of is not None:
            newest = max(newest or 0, int(as_of))
        sample = sample or is_sample(flag, src)
    items.sort(key=lambda i: (not i["near"], not i["linked"], i["node"]["id"]))
    items = items[:limit]
    kept = {i["node"]["id"] for i in items}
    edges = [e for i in items for e in links.get(i["node"]["id"], [])]
    return ReadResult(
        tool="dated_near",
        as_of=format_moment(as_of_ms) or "",
        data={"at": format_moment(at_ms), "days": days, "items": items},
        evidence=Evidence(nodes=[n for n in nodes if n.id in kept], edges=edges),
        sample=sample,
        newest_as_of=format_moment(newest),
    )
