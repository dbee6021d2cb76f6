"""The path behind an answer: how the things it names connect, through the records.

Given the ordered node ids an answer rests on, each consecutive pair is joined by a
direct edge if one is current, else by up to three shortest paths of up to four hops.
Paths run only through the business's own records (never through the assistant's own
Turn / Finding / Card nodes) and never through an edge that is not current at the moment
asked about: the search runs in process over a snapshot of the current edges
(``brain.reads._snapshots``), and every edge it returns is read back from the graph.
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref
from brain.reads._snapshots import node_paths
from brain.reads.archive import union_rows
from brain.schema import ASSISTANT_TYPES, REL_TYPES

MAX_HOPS = 4
PATH_COUNT = 3
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

#: Fallback for endpoints outside the snapshot (readings, versions): a bounded walk.
READ_SHORTEST_CYPHER = """
MATCH (a:Entity {id: $a}), (b:Entity {id: $b})
MATCH p = (a)-[*1..4]-(b)
WHERE all(r IN relationships(p) WHERE type(r) IN $rels AND r.since <= $t
          AND (r.until IS NULL OR r.until > $t))
  AND none(n IN nodes(p) WHERE n.type IN $hidden)
WITH p ORDER BY length(p) LIMIT $pathCount
RETURN [n IN nodes(p) | n.id]
"""

READ_PAIR_EDGES = """
UNWIND $pairs AS pair
MATCH (x:Entity {id: pair[0]})-[e]-(y:Entity {id: pair[1]})
WHERE type(e) IN $rels AND e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN pair[0], pair[1], type(e), startNode(e).id, endNode(e).id, e.since, e.until, e.src
ORDER BY pair[0], pair[1], type(e)
LIMIT $limit
"""

READ_NODES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.type, n.name
"""


async def _node_paths(graph: TenantGraph, a: str, b: str, t: int, max_hops: int) -> list[list[str]]:
    """Node-id paths between a and b: in process, or a bounded walk for ends outside it."""
    found = await node_paths(graph, a, b, t, rels=PATH_RELS, max_hops=max_hops, count=PATH_COUNT)
    if found is not None:
        return found
    res = await graph.read(
        "shortest paths (fallback)",
        READ_SHORTEST_CYPHER,
        {
            "a": a,
            "b": b,
            "t": t,
            "rels": PATH_RELS,
            "pathCount": PATH_COUNT,
            "hidden": sorted(ASSISTANT_TYPES),
        },
        timeout_ms=5_000,
    )
    return [r[0] for r in res.rows]


async def path(
    graph: TenantGraph, ids: list[str], *, as_of_ms: int, max_hops: int = MAX_HOPS
) -> ReadResult:
    """Join ordered node ids: per pair a direct edge, else up to 3 shortest paths (<= 4 hops)."""
    ids = list(dict.fromkeys(i for i in ids if i))
    known = await graph.read("path nodes", READ_NODES, {"ids": ids})
    refs = {i: NodeRef(id=i, type=t, name=n) for i, t, n in known.rows}
    missing = [i for i in ids if i not in refs]
    if len(ids) < 2 or missing:
        message = (
            f"not in your records: {', '.join(missing)}"
            if missing
            else "a path needs at least two node ids"
        )
        return ReadResult(
            tool="path",
            as_of=format_moment(as_of_ms) or "",
            found=False,
            message=message,
            data={"ids": ids, "missing": missing},
        )
    nodes: dict[str, NodeRef] = {i: refs[i] for i in ids}
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    pairs: list[dict[str, Any]] = []
    for a, b in zip(ids, ids[1:], strict=False):
        direct = await union_rows(
            graph, "direct edge", READ_DIRECT, {"a": a, "b": b, "t": as_of_ms}, t=as_of_ms
        )
        if direct:
            rel, source, target, since, until, src = min(direct, key=lambda r: r[0])
            edge = edge_ref(source, rel, target, since, until, src)
            edges[(edge.source, edge.type, edge.target)] = edge
            pairs.append({"from": a, "to": b, "how": "direct", "hops": 1, "paths": 1})
            continue
        found = await _node_paths(graph, a, b, as_of_ms, max_hops)
        hop_pairs = sorted({(x, y) for p in found for x, y in zip(p, p[1:], strict=False)})
        if hop_pairs:
            pair_rows = await union_rows(
                graph,
                "path edges",
                READ_PAIR_EDGES,
                {
                    "pairs": [list(p) for p in hop_pairs],
                    "rels": PATH_RELS,
                    "t": as_of_ms,
                    "limit": 50 * len(hop_pairs),
                },
                t=as_of_ms,
            )
            pair_rows.sort(key=lambda r: (r[0], r[1], r[2]))  # the query's order, both graphs
            first_edge: dict[tuple[str, str], EdgeRef] = {}
            for x, y, *row in pair_rows:
                rel, source, target, since, until, src = row
                first_edge.setdefault((x, y), edge_ref(source, rel, target, since, until, src))
            found = [
                p
                for p in found
                if all((x, y) in first_edge for x, y in zip(p, p[1:], strict=False))
            ]
            for p in found:
                for x, y in zip(p, p[1:], strict=False):
                    edge = first_edge[(x, y)]
                    edges[(edge.source, edge.type, edge.target)] = edge
            info = await graph.read(
                "path nodes", READ_NODES, {"ids": sorted({n for p in found for n in p})}
            )
            for node_id, node_type, name in info.rows:
                nodes.setdefault(node_id, NodeRef(id=node_id, type=node_type, name=name))
        pairs.append(
            {
                "from": a,
                "to": b,
                "how": "path" if found else "none",
                "hops": min((len(p) - 1 for p in found), default=None),
                "paths": len(found),
            }
        )
    unjoined = [p for p in pairs if p["how"] == "none"]
    return ReadResult(
        tool="path",
        as_of=format_moment(as_of_ms) or "",
        message=(
            f"{len(unjoined)} pair(s) not connected within {MAX_HOPS} hops by current records"
            if unjoined
            else None
        ),
        data={
            "pairs": pairs,
            "nodes": [n.model_dump() for n in nodes.values()],
            "edges": [e.model_dump() for e in edges.values()],
        },
        evidence=Evidence(nodes=list(nodes.values()), edges=list(edges.values())),
    )
