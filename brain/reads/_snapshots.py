"""Shortest paths in process, over a cached copy of the edges current at a moment.

``algo.SPpaths`` over every relationship type costs hundreds of ms here (NOTES.md),
ignores timeouts, and cannot tell an edge current in the past from one current now. So
paths search a slim copy instead: the edges current at the moment asked about, of the
types a path may use, between nodes a path may pass through (never the assistant's own
records, readings or versions). The copy is fetched as ``tojson`` lists of internal ids
(safe: integers only; user text never goes through ``tojson``, which does not escape
quotes), kept as a sparse adjacency, and cached until the tenant's next write. A
target-distance-pruned depth-first walk then finds the shortest paths in milliseconds;
the caller reads back the real edges of the pairs it returns, so every drawn edge exists.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from scipy import sparse

from brain._moments import cache_bucket
from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached
from brain.reads.archive import READ_LIVE_IDS as READ_INTERNAL_IDS
from brain.reads.archive import archived_edge_page

FETCH_TIMEOUT_MS = 30_000
#: Internal-id range of one edge page at most (an id-range filter is a cheap seek).
ID_PAGE = 500_000
#: Pages fetched at once: FalkorDB runs reads on a thread per core, so splitting the id
#: range lets both cores of a small server work on one snapshot.
PARALLEL_PAGES = 2
#: Snapshot edges past which a walk over it runs in a thread (``asyncio.to_thread``): a
#: walk from a hub of a big graph visits tens of thousands of nodes, and a thread hop is
#: not worth it for a small tenant's few hundred edges.
THREAD_WALK_AT = 20_000
#: Types a path never passes through: the assistant's records, readings, old versions.
EXCLUDED_TYPES = ("Turn", "Finding", "Card", "Version", "Observation")

READ_TOP_ID = "MATCH (n:Entity) RETURN max(ID(n)) LIMIT 1"

_CURRENT_EDGES = """
MATCH (a)-[e]->(b)
WHERE ID(a) >= $lo AND ID(a) < $hi{typed}
  AND e.since <= $t AND (e.until IS NULL OR e.until > $t)
  AND NOT a.type IN $excluded AND NOT b.type IN $excluded
RETURN tojson(collect(ID(a))), tojson(collect(ID(b)))
LIMIT 1
"""
#: Current edges of some relationship types, or of every type. The ID range becomes a
#: NodeByIdSeek, so paging costs nothing; nodes that are not entities have no type and
#: fail the type test. (A tie's loser is closed at its since, so it is never current.)
READ_CURRENT_EDGES = _CURRENT_EDGES.format(typed=" AND type(e) IN $rels")
READ_ALL_CURRENT_EDGES = _CURRENT_EDGES.format(typed="")

READ_NODE_IDS = """
UNWIND $internal AS i
MATCH (n)
WHERE ID(n) = i
RETURN ID(n), n.id
LIMIT $limit
"""


def is_heavy(edges: int) -> bool:
    """Whether work over a snapshot of this many edges belongs in a thread."""
    return edges >= THREAD_WALK_AT


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Undirected adjacency (CSR) of the current edges, by internal node id."""

    indptr: Any
    indices: Any
    edges: int

    def neighbours(self, node: int) -> Any:
        """Internal ids next to ``node`` (sorted)."""
        if node + 1 >= len(self.indptr):
            return ()
        return self.indices[self.indptr[node] : self.indptr[node + 1]]


def _build(pages: list[tuple[str, str]], size: int, direction: str = "both") -> Snapshot:
    a = np.concatenate(
        [np.asarray(json.loads(p[0]), dtype=np.int64) for p in pages] or [np.zeros(0, np.int64)]
    )
    b = np.concatenate(
        [np.asarray(json.loads(p[1]), dtype=np.int64) for p in pages] or [np.zeros(0, np.int64)]
    )
    if direction == "both":
        rows, cols = np.concatenate([a, b]), np.concatenate([b, a])
    else:  # "out": a -> b as stored; "in": b -> a, the edge walked backwards
        rows, cols = (a, b) if direction == "out" else (b, a)
    matrix = sparse.csr_matrix(
        (np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(size, size)
    )
    matrix.sum_duplicates()
    matrix.sort_indices()
    csr = cast(Any, matrix)  # scipy's stubs leave the CSR arrays' dtype unknown: int arrays
    return Snapshot(indptr=csr.indptr, indices=csr.indices, edges=len(a))


async def current_edge_pages(
    graph: TenantGraph, t: int, *, excluded: Sequence[str], rels: Sequence[str] | None = None
) -> tuple[list[tuple[str, str]], int]:
    """The edges current at ``t`` (of ``rels``, or of every type) between nodes of no
    ``excluded`` type, as pages of JSON lists (source ids, target ids), with the highest
    node id. The id range is split over ``PARALLEL_PAGES`` reads, so both cores work.

    Before the tenant's archive horizon the archived facts current at ``t`` come as one
    more page (``brain.reads.archive._reach``): a walk, path or rank of a past moment sees the
    same edges before and after the archive job."""
    top = int((await graph.read("top node id", READ_TOP_ID)).scalar(-1) or -1)
    query = READ_ALL_CURRENT_EDGES if rels is None else READ_CURRENT_EDGES
    params = {"rels": None if rels is None else list(rels), "t": t, "excluded": list(excluded)}
    page = max(1, min(ID_PAGE, -(-(top + 1) // PARALLEL_PAGES)))
    pages = await asyncio.gather(
        *(
            graph.read(
                "current edges",
                query,
                {**params, "lo": lo, "hi": lo + page},
                timeout_ms=FETCH_TIMEOUT_MS,
            )
            for lo in range(0, top + 1, page)
        )
    )
    found = [(p.rows[0][0], p.rows[0][1]) for p in pages if p.rows]
    archived = await archived_edge_page(graph, t, excluded=excluded, rels=rels)
    return found + ([archived] if archived is not None else []), top


async def snapshot(
    graph: TenantGraph, t: int, rels: Sequence[str], *, direction: str = "both"
) -> tuple[Snapshot, bool]:
    """The cached snapshot for (tenant, last write, moment, relationship types, direction).

    ``both`` makes an undirected adjacency (paths); ``out`` follows edges as stored and
    ``in`` walks them backwards (what depends on a thing points at it).
    """
    # Paths read the undirected copy, walks the directed ones: named apart in the cache.
    kind = "paths" if direction == "both" else "walks"

    async def build() -> Snapshot:
        pages, top = await current_edge_pages(graph, t, excluded=EXCLUDED_TYPES, rels=rels)
        return await asyncio.to_thread(_build, pages, top + 1, direction)

    return await cached(graph, kind, (*cache_bucket(t), tuple(rels), direction), build)


def _distances(snap: Snapshot, start: int, limit: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if dist[u] >= limit:
            continue
        for v in snap.neighbours(u):
            v = int(v)
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def shortest_paths(
    snap: Snapshot, s: int, g: int, *, max_hops: int, count: int, fan_out: int = 64
) -> list[list[int]]:
    """Up to ``count`` shortest simple paths (fewest hops first), <= ``max_hops``, as internal ids.

    Distances from the target prune the depth-first walk, so only nodes that can still
    reach the target within the budget are expanded; ``fan_out`` caps the branches taken
    from one node so a hub cannot make the walk explode.
    """
    if s == g:
        return []
    to_target = _distances(snap, g, max_hops)
    if s not in to_target:
        return []
    best = to_target[s]
    found: list[list[int]] = []
    for limit in range(best, min(best + 1, max_hops) + 1):
        stack: list[list[int]] = [[s]]
        while stack and len(found) < count:
            walk = stack.pop()
            u = walk[-1]
            if u == g:
                if len(walk) - 1 == limit and walk not in found:
                    found.append(walk)
                continue
            steps = [
                int(v)
                for v in snap.neighbours(u)
                if int(v) not in walk and to_target.get(int(v), max_hops + 1) <= limit - len(walk)
            ]
            stack.extend([*walk, v] for v in reversed(steps[:fan_out]))
        if len(found) >= count:
            break
    return found[:count]


async def node_paths(
    graph: TenantGraph, a: str, b: str, t: int, *, rels: Sequence[str], max_hops: int, count: int
) -> list[list[str]] | None:
    """Paths between two node ids as id lists; None when an end is not in the snapshot."""
    snap, _ = await snapshot(graph, t, rels)
    ends = await graph.read("path ends", READ_INTERNAL_IDS, {"ids": [a, b], "limit": 2})
    internal = dict(ends.rows)
    if a not in internal or b not in internal:
        return None
    walk = functools.partial(
        shortest_paths, snap, int(internal[a]), int(internal[b]), max_hops=max_hops, count=count
    )
    found = await asyncio.to_thread(walk) if is_heavy(snap.edges) else walk()
    wanted = sorted({i for p in found for i in p})
    if not wanted:
        return []
    res = await graph.read(
        "path node ids", READ_NODE_IDS, {"internal": wanted, "limit": len(wanted)}
    )
    ids = {int(i): node_id for i, node_id in res.rows}
    return [[ids[i] for i in p] for p in found if all(i in ids for i in p)]


READ_NODE_DETAILS = """
UNWIND $internal AS i
MATCH (n)
WHERE ID(n) = i
RETURN ID(n), n.id, n.type, n.name, n.src, n.asOf, n.sample
LIMIT $limit
"""


#: One hop of a walk: node -> (the node it was reached from, the relationship followed).
Layer = dict[int, tuple[int, str]]


def layers(walks: list[tuple[str, Snapshot]], root: int, hops: int) -> list[Layer]:
    """Breadth-first layers from ``root``: per hop, node -> (the node it was reached from,
    the relationship followed). Each node appears once, at its nearest hop."""
    seen = {root}
    frontier = [root]
    found: list[Layer] = []
    for _ in range(hops):
        layer: Layer = {}
        for u in frontier:
            for rel, snap in walks:
                for v in snap.neighbours(u):
                    v = int(v)
                    if v not in seen and v not in layer:
                        layer[v] = (u, rel)
        if not layer:
            break
        seen.update(layer)
        found.append(layer)
        frontier = sorted(layer)
    return found


async def internal_id(graph: TenantGraph, node_id: str) -> int | None:
    """The internal id of a node, for walks over a snapshot."""
    res = await graph.read("internal id", READ_INTERNAL_IDS, {"ids": [node_id], "limit": 1})
    return int(res.rows[0][1]) if res.rows else None


async def node_details(graph: TenantGraph, internal: list[int]) -> dict[int, list[Any]]:
    """id, type, name, src, asOf, sample of nodes by internal id."""
    if not internal:
        return {}
    res = await graph.read(
        "node details", READ_NODE_DETAILS, {"internal": internal, "limit": len(internal)}
    )
    return {int(row[0]): row[1:] for row in res.rows}
