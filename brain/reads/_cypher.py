"""The ``cypher`` tool's read: a model's checked query run on one tenant, with its evidence.

The text is checked and bounded by ``brain.db.check_cypher`` (the guard) and sent as
GRAPH.RO_QUERY. The rows are then read for the nodes and edges they name, and those are
confirmed in the graph before they count as evidence.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from brain._json import is_array, is_list, is_object
from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.db import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, check_cypher
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, is_sample

log = logging.getLogger(__name__)

#: Nodes (and, apart, edges) a result's rows are checked for as evidence.
MAX_EVIDENCE = 1_000


#: A node's vectors: no reader wants hundreds of floats.
_VECTORS = ("embedding", "contextEmbedding")


def _jsonable(value: Any) -> Any:
    """A row value as JSON: node embeddings dropped, other types as text."""
    if is_object(value):
        drop = _VECTORS if "labels" in value else ()
        return {str(k): _jsonable(v) for k, v in value.items() if k not in drop}
    if is_array(value):
        return [_jsonable(v) for v in value]
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)


def _candidates(value: Any, ids: dict[str, None], edges: dict[tuple[str, str, str], None]) -> None:
    """Node ids (node dicts) and (source, type, target) triples (edge maps, paths) in a value.

    A path's edges carry no endpoints, so each hop is offered both ways round; only the
    edges that exist in the graph come back from the check.
    """
    if is_list(value):
        for v in value:
            _candidates(v, ids, edges)
    elif is_object(value):
        if isinstance(value.get("labels"), list) and isinstance(value.get("id"), str):
            ids[value["id"]] = None
        triple = (value.get("source"), value.get("type"), value.get("target"))
        if "labels" not in value and all(isinstance(x, str) for x in triple):
            edges[cast(tuple[str, str, str], triple)] = None
        nodes, hops = value.get("nodes"), value.get("edges")
        if is_list(nodes) and is_list(hops) and len(nodes) == len(hops) + 1:
            for a, e, b in zip(nodes[:-1], hops, nodes[1:], strict=True):
                if is_object(a) and is_object(e) and is_object(b):
                    for s, t in ((a, b), (b, a)):
                        edges[(str(s.get("id")), str(e.get("type")), str(t.get("id")))] = None
        for v in value.values():
            _candidates(v, ids, edges)


# Evidence is read back from the graph rather than trusted from the rows, because a model
# could RETURN a literal {id: ..., labels: [...]} map and so "cite" a node that isn't there.
READ_EVIDENCE_NODES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, coalesce([l IN labels(n) WHERE NOT l IN ['Entity', 'Searchable']][0], n.type,
  'Entity'), coalesce(n.name, n.title), n.sample, n.src
LIMIT $limit
"""

READ_EVIDENCE_EDGES = """
UNWIND $edges AS e
MATCH (a:Entity {id: e[0]})-[r]->(b:Entity {id: e[2]})
WHERE type(r) = e[1]
RETURN {source: a.id, type: type(r), target: b.id, since: r.since, until: r.until, src: r.src}
LIMIT $limit
"""


async def _evidence(graph: TenantGraph, rows: list[list[Any]], ms: int) -> tuple[Evidence, bool]:
    """The nodes and edges a result's rows name, confirmed in the graph, and whether any
    of those nodes is sample data."""
    sample = False
    ids: dict[str, None] = {}
    triples: dict[tuple[str, str, str], None] = {}
    _candidates(rows, ids, triples)
    nodes, edges = list[NodeRef](), list[EdgeRef]()
    if ids:
        params = {"ids": list(ids)[:MAX_EVIDENCE], "limit": MAX_EVIDENCE}
        res = await graph.ro_query("cypher nodes", READ_EVIDENCE_NODES, params, timeout_ms=ms)
        nodes = [NodeRef(id=i, type=t, name=n) for i, t, n, _, _ in res.rows]
        sample = any(is_sample(flag, src) for _, _, _, flag, src in res.rows)
    if triples:
        params = {"edges": [list(t) for t in triples][:MAX_EVIDENCE], "limit": MAX_EVIDENCE}
        res = await graph.ro_query("cypher edges", READ_EVIDENCE_EDGES, params, timeout_ms=ms)
        moments = ("since", "until")
        edges = [
            EdgeRef.model_validate({**e, **{k: format_moment(e[k]) for k in moments}})
            for (e,) in res.rows
        ]
    return Evidence(nodes=nodes, edges=edges), sample


async def run_cypher(
    graph: TenantGraph,
    query: str,
    params: dict[str, Any] | None = None,
    *,
    as_of: str,
    row_cap: int = CYPHER_ROW_CAP,
    timeout_ms: int = CYPHER_TIMEOUT_MS,
) -> ReadResult:
    """Run a model-written read on one tenant's graph and return rows plus evidence.

    Checked and bounded by ``check_cypher``, sent as GRAPH.RO_QUERY with ``timeout_ms``.
    ``data``: ``columns``, ``rows`` (JSON), ``truncated``, ``row_count``. Evidence: the nodes
    in the rows, and edges from paths or ``{source, type, target}`` maps, all confirmed in
    the graph. Raises ``QueryRefused`` (guard, syntax, timeout) or ``GraphUnavailable``.
    """
    bounded = check_cypher(query, params, row_cap=row_cap)
    log.debug("cypher on %s: %s", graph.slug, bounded)
    res = await graph.ro_query_checked("cypher", bounded, dict(params or {}), timeout_ms=timeout_ms)
    truncated = len(res.rows) > row_cap
    rows = [[_jsonable(v) for v in row] for row in res.rows[:row_cap]]
    message = "the query returned no rows" if not rows else None
    if truncated:
        message = f"showing the first {row_cap} rows: narrow the query or aggregate to see all"
    evidence, sample = await _evidence(graph, res.rows[:row_cap], timeout_ms)
    return ReadResult(
        tool="cypher",
        as_of=as_of,
        found=bool(rows),
        message=message,
        data={"columns": res.header, "rows": rows, "truncated": truncated, "row_count": len(rows)},
        evidence=evidence,
        sample=sample,
    )
