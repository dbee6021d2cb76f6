"""Shortest paths in process, over a cached copy of the edges current at a moment.

``algo.SPpaths`` over every relationship type costs about 300 ms here (NOTES.md) and
ignores timeouts, and it cannot tell an edge current in the past from one current now.
So paths search a slim copy instead: the nodes a path may pass through (things and
passages, never the assistant's own records, readings or versions) and only the edges
current at the moment asked about, of the types a path may use, fetched as packed
lists of internal ids and cached until the tenant's next write. A bidirectional BFS
then finds the shortest paths in a few milliseconds; the caller reads back the real
edges of the pairs it returns, so every drawn edge exists.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from brain.moments import now_ms
from brain.tenant_graph import TenantGraph

CACHE_SIZE = 16
MINUTE_MS = 60_000
FETCH_TIMEOUT_MS = 30_000
ID_PAGE = 500_000

READ_STAMP = """
MATCH (m:BrainMeta {key: 'writes'})
RETURN m.generation, m.lastWriteAt
LIMIT 1
"""

READ_SPAN = """
MATCH (n:Entity)
WHERE n:Searchable OR n:Chunk
RETURN count(n), max(ID(n))
LIMIT 1
"""

READ_NODES = """
MATCH (n:Entity)
WHERE (n:Searchable OR n:Chunk) AND ID(n) >= $lo AND ID(n) < $hi
RETURN collect(ID(n)), collect(n.id)
LIMIT 1
"""

READ_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE (a:Searchable OR a:Chunk) AND (b:Searchable OR b:Chunk)
  AND ID(a) >= $lo AND ID(a) < $hi AND type(e) IN $rels
  AND e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN collect(ID(a)), collect(ID(b))
LIMIT 1
"""


@dataclass(slots=True)
class Snapshot:
    """Undirected adjacency of the current edges, by node id."""

    index: dict[str, int]
    ids: list[str]
    neighbours: list[list[int]]
    built_ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


_CACHE: OrderedDict[tuple[Any, ...], Snapshot] = OrderedDict()


def clear_cache() -> None:
    """Forget every cached snapshot."""
    _CACHE.clear()


def _build(nodes: tuple[list[int], list[str]], a: list[int], b: list[int]) -> Snapshot:
    internal, ids = nodes
    dense = {n: i for i, n in enumerate(internal)}
    neighbours: list[list[int]] = [[] for _ in ids]
    for x, y in zip(a, b, strict=True):
        i, j = dense.get(x), dense.get(y)
        if i is None or j is None or i == j:
            continue
        neighbours[i].append(j)
        neighbours[j].append(i)
    for adj in neighbours:
        adj.sort(key=lambda k: ids[k])  # deterministic order: paths tie-break by id
    return Snapshot(index={n: i for i, n in enumerate(ids)}, ids=list(ids), neighbours=neighbours)


async def snapshot(graph: TenantGraph, t: int, rels: list[str]) -> tuple[Snapshot, bool]:
    """The cached snapshot for (tenant, last write, moment, relationship types)."""
    stamp = await graph.ro_query("path write stamp", READ_STAMP)
    generation = tuple(stamp.rows[0]) if stamp.rows else (0, None)
    bucket = ("now", t // MINUTE_MS) if t >= now_ms() - MINUTE_MS else ("at", t)
    key = (graph.slug, *generation, *bucket, tuple(rels))
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key], True
    started = time.perf_counter()
    span = await graph.ro_query("path node span", READ_SPAN)
    count, top = span.rows[0] if span.rows else (0, None)
    internal: list[int] = []
    ids: list[str] = []
    a: list[int] = []
    b: list[int] = []
    if count and top is not None:
        for lo in range(0, int(top) + 1, ID_PAGE):
            page = {"lo": lo, "hi": lo + ID_PAGE, "t": t, "rels": rels}
            node_res, edge_res = await asyncio.gather(
                graph.ro_query("path nodes", READ_NODES, page, timeout_ms=FETCH_TIMEOUT_MS),
                graph.ro_query("path edges", READ_EDGES, page, timeout_ms=FETCH_TIMEOUT_MS),
            )
            internal += node_res.rows[0][0]
            ids += node_res.rows[0][1]
            a += edge_res.rows[0][0]
            b += edge_res.rows[0][1]
    snap = await asyncio.to_thread(_build, (internal, ids), a, b)
    snap.built_ms = (time.perf_counter() - started) * 1000
    _CACHE[key] = snap
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return snap, False


def _distances(snap: Snapshot, start: int, limit: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if dist[u] >= limit:
            continue
        for v in snap.neighbours[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def shortest_paths(
    snap: Snapshot, source: str, target: str, *, max_hops: int, count: int, fan_out: int = 64
) -> list[list[str]]:
    """Up to ``count`` shortest simple paths (fewest hops first, then by ids), <= ``max_hops``.

    Distances from the target prune the depth-first walk, so only nodes that can still
    reach the target within the budget are expanded; ``fan_out`` caps the branches taken
    from one node so a hub cannot make the walk explode.
    """
    s, g = snap.index.get(source), snap.index.get(target)
    if s is None or g is None or s == g:
        return []
    to_target = _distances(snap, g, max_hops)
    if s not in to_target:
        return []
    best = to_target[s]
    found: list[list[int]] = []
    for limit in range(best, min(best + 1, max_hops) + 1):
        stack: list[tuple[int, list[int]]] = [(s, [s])]
        while stack and len(found) < count:
            u, walk = stack.pop()
            if u == g:
                if len(walk) - 1 == limit and walk not in found:
                    found.append(walk)
                continue
            steps = [
                v
                for v in snap.neighbours[u]
                if v not in walk and to_target.get(v, max_hops + 1) <= limit - len(walk)
            ]
            for v in reversed(steps[:fan_out]):
                stack.append((v, [*walk, v]))
        if len(found) >= count:
            break
    return [[snap.ids[i] for i in p] for p in found[:count]]
