"""The path behind an answer: how the things it names connect, through the records.

Given the ordered node ids an answer rests on, each consecutive pair is joined by a
direct edge if one is current, else by up to three shortest paths of up to four hops.
Paths run only through the business's own records (never through the assistant's own
Turn / Finding / Card nodes) and never through an edge that is closed at the moment
asked about: ``algo.SPpaths`` prunes closed edges by their cost when the moment is now;
for a past moment a bounded Cypher walk checks each edge's valid interval instead.
"""

from __future__ import annotations

from typing import Any

from brain.evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.moments import format_moment, now_ms
from brain.schema import ASSISTANT_TYPES, CLOSED_COST, REL_TYPES
from brain.tenant_graph import TenantGraph

MAX_HOPS = 4
PATH_COUNT = 3
#: A moment within this much of now counts as "now" (edge costs reflect the present).
NOW_SLACK_MS = 60_000
#: Relationship types paths may use: the records', not the assistant's bookkeeping.
#: MENTIONS is left out too: a passing mention explains nothing.
PATH_RELS = sorted(set(REL_TYPES) - {"CITES", "PROPOSED", "VERSION_OF", "MENTIONS"})

READ_DIRECT = """
MATCH (a:Entity {id: $a})-[e]-(b:Entity {id: $b})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN type(e), startNode(e).id, endNode(e).id, e.since, e.until, e.src
ORDER BY type(e)
LIMIT 3
"""

READ_SHORTEST_NOW = f"""
MATCH (a:Entity {{id: $a}}), (b:Entity {{id: $b}})
CALL algo.SPpaths({{sourceNode: a, targetNode: b, relTypes: $rels, relDirection: 'both',
  maxLen: $maxLen, pathCount: $pathCount, costProp: 'closedCost', maxCost: {CLOSED_COST - 1}}})
YIELD path
RETURN [n IN nodes(path) | [n.id, n.type, n.name]],
       [r IN relationships(path) | [type(r), startNode(r).id, endNode(r).id, r.since, r.until, r.src]]
LIMIT $pathCount
"""

READ_SHORTEST_AS_OF = """
MATCH (a:Entity {id: $a}), (b:Entity {id: $b})
MATCH p = (a)-[*1..4]-(b)
WHERE all(r IN relationships(p) WHERE r.since <= $t AND (r.until IS NULL OR r.until > $t))
  AND none(n IN nodes(p) WHERE n.type IN $hidden)
WITH p ORDER BY length(p) LIMIT $pathCount
RETURN [n IN nodes(p) | [n.id, n.type, n.name]],
       [r IN relationships(p) | [type(r), startNode(r).id, endNode(r).id, r.since, r.until, r.src]]
"""

READ_NODES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.type, n.name
"""


def _edge(row: list[Any]) -> EdgeRef:
    rel, source, target, since, until, src = row
    return EdgeRef(source=source, type=rel, target=target, since=format_moment(since),
                   until=format_moment(until), src=src)


async def _paths_between(graph: TenantGraph, a: str, b: str, t: int) -> list[tuple[list[Any], list[Any]]]:
    params = {"a": a, "b": b, "t": t, "rels": PATH_RELS, "maxLen": MAX_HOPS,
              "pathCount": PATH_COUNT, "hidden": sorted(ASSISTANT_TYPES)}
    if abs(t - now_ms()) <= NOW_SLACK_MS:
        res = await graph.ro_query("shortest paths", READ_SHORTEST_NOW, params, timeout_ms=5_000)
    else:
        res = await graph.ro_query("shortest paths as of", READ_SHORTEST_AS_OF, params, timeout_ms=5_000)
    kept = []
    for nodes, rels in res.rows:
        if any(n[1] in ASSISTANT_TYPES for n in nodes[1:-1]):
            continue  # the assistant's own records never explain the business
        if any(not (r[3] <= t and (r[4] is None or r[4] > t)) for r in rels):
            continue  # an edge not current at t (e.g. dated in the future)
        kept.append((nodes, rels))
    kept.sort(key=lambda p: (len(p[1]), [n[0] for n in p[0]]))
    return kept[:PATH_COUNT]


async def path(graph: TenantGraph, ids: list[str], *, as_of_ms: int) -> ReadResult:
    """Join ordered node ids: per pair a direct edge, else up to 3 shortest paths (<= 4 hops)."""
    ids = list(dict.fromkeys(i for i in ids if i))
    known = await graph.ro_query("path nodes", READ_NODES, {"ids": ids})
    refs = {i: NodeRef(id=i, type=t, name=n) for i, t, n in known.rows}
    missing = [i for i in ids if i not in refs]
    if len(ids) < 2 or missing:
        message = (f"not in your records: {', '.join(missing)}" if missing
                   else "a path needs at least two node ids")
        return ReadResult(tool="path", as_of=format_moment(as_of_ms) or "", found=False,
                          message=message, data={"ids": ids, "missing": missing})
    nodes: dict[str, NodeRef] = {i: refs[i] for i in ids}
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    pairs = []
    for a, b in zip(ids, ids[1:], strict=False):
        direct = await graph.ro_query("direct edge", READ_DIRECT, {"a": a, "b": b, "t": as_of_ms})
        if direct.rows:
            edge = _edge(direct.rows[0])
            edges[(edge.source, edge.type, edge.target)] = edge
            pairs.append({"from": a, "to": b, "how": "direct", "hops": 1, "paths": 1})
            continue
        found = await _paths_between(graph, a, b, as_of_ms)
        for p_nodes, p_rels in found:
            for node_id, node_type, name in p_nodes:
                nodes.setdefault(node_id, NodeRef(id=node_id, type=node_type, name=name))
            for r in p_rels:
                edge = _edge(r)
                edges[(edge.source, edge.type, edge.target)] = edge
        pairs.append({"from": a, "to": b, "how": "path" if found else "none",
                      "hops": min((len(r) for _, r in found), default=None), "paths": len(found)})
    unjoined = [p for p in pairs if p["how"] == "none"]
    return ReadResult(
        tool="path", as_of=format_moment(as_of_ms) or "",
        message=(f"{len(unjoined)} pair(s) not connected within {MAX_HOPS} hops by current records"
                 if unjoined else None),
        data={"pairs": pairs, "nodes": [n.model_dump() for n in nodes.values()],
              "edges": [e.model_dump() for e in edges.values()]},
        evidence=Evidence(nodes=list(nodes.values()), edges=list(edges.values())),
    )
