"""What matters and what belongs together: PageRank and topic groups over current edges.

Both run in process on a slim copy: nodes of every type but ``EXCLUDED_TYPES``, and only
edges current at ``t`` (``since <= t < until``; a lost tie closes at once). ``algo.*`` cannot filter
edges on properties and ``GRAPH.COPY`` can hang the server (NOTES.md). Internal ids come
back as ``tojson(collect(ID(a)))``, one string per column: rows, or even packed int lists,
took seconds in the client's RESP parser for 50k edges. ``tojson`` is safe only because
these lists hold integers (it does not escape quotes); user text (ids, names) is read with
the normal parser, only for the few nodes an answer shows. Nodes are picked by ``type``,
not the ``Searchable`` label: on FalkorDB 4.16.3, labels added by ``ON CREATE SET n:Label``
in batches go missing from label scans for some id ranges (16384..18000 of a 37k load).

Copies are cached per (tenant, last write, moment bucket) in ``brain.reads._cache``, so a
repeat call costs one read of the write stamp. "Now" calls (``t`` within the last minute) share one
bucket per minute: an edge whose ``until`` passes inside it counts up to a minute longer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from scipy import sparse

from brain._moments import cache_bucket, format_moment
from brain._tenant_graph import TenantGraph
from brain.errors import InputInvalid
from brain.reads._cache import cached
from brain.reads._evidence import Evidence, NodeRef, ReadResult, is_sample
from brain.reads._snapshots import FETCH_TIMEOUT_MS, current_edge_pages, is_heavy, node_details
from brain.schema import ASSISTANT_TYPES, SEARCHABLE_TYPES

log = logging.getLogger(__name__)

#: Types left out of the ranked graph: the assistant's records and the bulky leaves.
EXCLUDED_TYPES = tuple(sorted(ASSISTANT_TYPES | {"Version", "Observation", "Chunk"}))
DAMPING = 0.85
TOLERANCE = 1e-6  # on the L1 change of the whole score vector (scores sum to 1)
MAX_ITERATIONS = 100
LABEL_ROUNDS = 10
TOP_MEMBERS = 10
NO_EDGES = "Nothing to go on: no relationships were current at that moment."

IntArray = np.ndarray[Any, np.dtype[np.int64]]
FloatArray = np.ndarray[Any, np.dtype[np.float64]]
_EMPTY: IntArray = np.zeros(0, np.int64)

# --- reads --------------------------------------------------------------------------------


# One row per type (types are schema names, checked by the gate); ids as a JSON int list.
READ_NODES_BY_TYPE = """
MATCH (n:Entity)
WHERE NOT n.type IN $excluded
RETURN n.type, tojson(collect(ID(n))), max(ID(n))
LIMIT $limit
"""


async def _fetch(graph: TenantGraph, t: int) -> tuple[list[list[Any]], list[tuple[str, str]]]:
    """Rows of (type, JSON ids) and pages of current edges (JSON source ids, target ids)."""
    params = {"excluded": list(EXCLUDED_TYPES), "limit": 1_000}
    nodes, (pages, _) = await asyncio.gather(
        graph.read("rank nodes", READ_NODES_BY_TYPE, params, timeout_ms=FETCH_TIMEOUT_MS),
        current_edge_pages(graph, t, excluded=EXCLUDED_TYPES),
    )
    return nodes.rows, pages


@dataclass(frozen=True, slots=True)
class _Copy:
    """The slim graph at one moment: nodes by dense index, current edges, PageRank."""

    internal: IntArray  # FalkorDB ids, ascending
    codes: IntArray  # index into type_names
    type_names: tuple[str, ...]
    src: IntArray
    dst: IntArray
    scores: FloatArray
    order: IntArray  # dense indexes, best first: the ranking


@dataclass(slots=True)
class _Entry:
    """One cache slot: the copy, its topic labels once needed, and node details read."""

    copy: _Copy
    labels: IntArray | None = None
    details: dict[int, dict[str, Any]] = field(default_factory=dict)


# --- the algorithms -----------------------------------------------------------------------


def pagerank(n: int, src: IntArray, dst: IntArray) -> FloatArray:
    """PageRank by power iteration; rank flows along each edge, from ``src`` to ``dst``.

    Edges are kept in their stored direction: ``X DEPENDS_ON hub``, ``doc MENTIONS hub``
    and ``person WORKS_ON hub`` all hand score to the hub, so what much of the business
    leads to ranks high. (This is the same direction ``algo.pageRank`` uses.) A node with
    no current out-edge spreads its score evenly over all nodes; scores sum to 1.
    """
    if n == 0:
        return np.zeros(0)
    out_degree = np.bincount(src, minlength=n).astype(np.float64)
    weights = 1.0 / out_degree[src] if len(src) else np.zeros(0)
    # scipy's stubs leave a product's type unknown; it is a float vector like ``scores``
    flow = cast(Any, sparse.csr_matrix((weights, (dst, src)), shape=(n, n)))
    dangling = out_degree == 0
    scores: FloatArray = np.full(n, 1.0 / n)
    for _ in range(MAX_ITERATIONS):
        spread = scores[dangling].sum() / n
        updated = DAMPING * (flow @ scores + spread) + (1.0 - DAMPING) / n
        change = float(np.abs(updated - scores).sum())
        scores = updated
        if change < TOLERANCE:
            break
    return scores / scores.sum()


def propagate_labels(
    n: int, src: IntArray, dst: IntArray, *, rounds: int = LABEL_ROUNDS
) -> IntArray:
    """Label propagation on the undirected graph; returns one label (a dense index) per node.

    Every node starts with its own label and, each round, all at once take the label most
    common among their neighbours and themselves (the self vote damps the flip-flopping
    of synchronous updates); ties go to the smallest label, so the result is deterministic.
    """
    index = np.arange(n, dtype=np.int64)
    labels = index
    if n == 0:
        return labels
    rows = np.concatenate([src, dst, index])
    cols = np.concatenate([dst, src, index])
    ones = np.ones(len(rows))
    for _ in range(rounds):
        # scipy's stubs leave the CSR arrays' dtype unknown (int indices, float data)
        votes = cast(Any, sparse.csr_matrix((ones, (rows, labels[cols])), shape=(n, n)))
        votes.sum_duplicates()  # also sorts each row's labels, smallest first
        starts = votes.indptr[:-1]
        widths = np.diff(votes.indptr)
        best = np.maximum.reduceat(votes.data, starts)
        hits = np.flatnonzero(votes.data == np.repeat(best, widths))
        hit_rows = np.repeat(index, widths)[hits]
        first = hits[np.r_[True, hit_rows[1:] != hit_rows[:-1]]]
        updated = votes.indices[first].astype(np.int64)
        if np.array_equal(updated, labels):
            break
        labels = updated
    return labels


def _ints(text: str) -> IntArray:
    return np.asarray(json.loads(text), dtype=np.int64)


def _build(type_rows: list[list[Any]], pages: list[tuple[str, str]]) -> _Copy:
    """Parse the fetched lists, index the nodes densely and run PageRank (CPU: a thread)."""
    type_names = tuple(sorted(str(row[0]) for row in type_rows))
    per_type = [(_ints(row[1]), type_names.index(str(row[0]))) for row in type_rows]
    internal = np.concatenate([ids for ids, _ in per_type] or [_EMPTY])
    codes = np.concatenate(
        [np.full(len(ids), code, np.int64) for ids, code in per_type] or [_EMPTY]
    )
    by_id = np.argsort(internal, kind="stable")
    internal, codes = internal[by_id], codes[by_id]
    n = len(internal)
    lookup = np.full(int(internal[-1]) + 1 if n else 0, -1, dtype=np.int64)
    lookup[internal] = np.arange(n)
    src_ids = np.concatenate([_ints(a) for a, _ in pages] or [_EMPTY])
    dst_ids = np.concatenate([_ints(b) for _, b in pages] or [_EMPTY])
    # An edge to a node written between the two reads is not in the node table: drop it.
    known = (src_ids < len(lookup)) & (dst_ids < len(lookup))
    src, dst = lookup[src_ids[known]], lookup[dst_ids[known]]
    kept = (src >= 0) & (dst >= 0)
    src, dst = src[kept], dst[kept]
    scores = pagerank(n, src, dst)
    # Rounded so float noise never reorders ties; ties go to the older (smaller) FalkorDB id.
    order = np.lexsort((internal, -np.round(scores, 15))).astype(np.int64)
    return _Copy(internal, codes, type_names, src, dst, scores, order)


# --- the cache ----------------------------------------------------------------------------


async def _entry(graph: TenantGraph, t: int) -> tuple[_Entry, bool]:
    """The cached copy for this tenant, write and moment, building it on a miss."""

    async def build() -> _Entry:
        started = time.perf_counter()
        type_rows, pages = await _fetch(graph, t)
        fetch_ms = (time.perf_counter() - started) * 1e3
        entry = _Entry(await asyncio.to_thread(_build, type_rows, pages))
        n, m = len(entry.copy.internal), len(entry.copy.src)
        log.info(
            "rank copy of %s: %d nodes, %d edges, fetched in %.1f ms", graph.slug, n, m, fetch_ms
        )
        return entry

    return await cached(graph, "ranks", cache_bucket(t), build)


async def _details(graph: TenantGraph, entry: _Entry, dense: list[int]) -> list[dict[str, Any]]:
    """id, type, name (and provenance) of these nodes, in order; read once per cache entry."""
    wanted = [int(entry.copy.internal[i]) for i in dense]
    missing = sorted(set(wanted) - entry.details.keys())
    found = await node_details(graph, missing)
    for internal, (node_id, node_type, name, src, as_of, sample) in found.items():
        entry.details[internal] = {
            "id": node_id,
            "type": node_type,
            "name": name,
            "_sample": is_sample(sample, src),
            "_as_of": as_of,
            "_dense": dense[wanted.index(internal)],
        }
    return [entry.details[k] for k in wanted if k in entry.details]


# --- the tools ----------------------------------------------------------------------------


def _public(node: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if not k.startswith("_")}


def _result(
    tool: str, t: int, data: dict[str, Any], nodes: list[dict[str, Any]], message: str | None
) -> ReadResult:
    """The answer, with the shown nodes as evidence and their sample flag and newest date."""
    unique = list({n["id"]: n for n in nodes}.values())
    newest = max((n["_as_of"] for n in unique if n["_as_of"] is not None), default=None)
    return ReadResult(
        tool=tool,
        as_of=format_moment(t) or "",
        message=message,
        data=data,
        evidence=Evidence(nodes=[NodeRef(**_public(n)) for n in unique]),
        sample=any(n["_sample"] for n in unique),
        newest_as_of=format_moment(newest),
    )


async def rank(
    graph: TenantGraph, *, as_of_ms: int, limit: int = 20, types: list[str] | None = None
) -> ReadResult:
    """The things most of the business leads to at ``as_of_ms``, by PageRank.

    Only edges current at that moment count. ``types`` keeps only nodes of those types
    (the scores still come from the whole graph). Raises ``InputInvalid`` for a type that
    is not a business node type or a limit below 1.
    """
    if limit < 1:
        raise InputInvalid(f"limit must be at least 1, got {limit}")
    unknown = sorted(set(types or ()) - SEARCHABLE_TYPES)
    if unknown:
        raise InputInvalid(f"cannot rank node types {', '.join(unknown)}: not business types")
    entry, cached = await _entry(graph, as_of_ms)
    copy = entry.copy
    order = copy.order
    if types:
        wanted = [c for c, name in enumerate(copy.type_names) if name in types]
        order = order[np.isin(copy.codes[order], wanted)]
    nodes = await _details(graph, entry, order[:limit].tolist() if len(copy.src) else [])
    ranking = [{**_public(n), "score": round(float(copy.scores[n["_dense"]]), 6)} for n in nodes]
    message = None if ranking else NO_EDGES if not len(copy.src) else "None of those types."
    data = {"ranking": ranking, "nodes_ranked": len(copy.internal), "edges_used": len(copy.src)}
    return _result("rank", as_of_ms, {**data, "cached": cached}, nodes, message)


def _chosen_groups(
    copy: _Copy, labels: IntArray, limit: int, min_size: int
) -> list[tuple[list[int], int]]:
    """Members (in rank order) and most common type code of the groups to show."""
    # A stable sort by label keeps each group's members in rank order.
    by_group = copy.order[np.argsort(labels[copy.order], kind="stable")]
    group_labels = labels[by_group]
    starts = np.flatnonzero(np.r_[True, group_labels[1:] != group_labels[:-1]])
    sizes = np.diff(np.r_[starts, len(by_group)])
    position = np.empty(len(copy.order), dtype=np.int64)
    position[copy.order] = np.arange(len(copy.order))
    # Biggest first; equal sizes by their top member's place in the ranking.
    keep = np.flatnonzero(sizes >= min_size)
    chosen = keep[np.lexsort((position[by_group[starts[keep]]], -sizes[keep]))][:limit]
    out: list[tuple[list[int], int]] = []
    for g in chosen.tolist():
        members = by_group[starts[g] : starts[g] + sizes[g]]
        common = int(np.argmax(np.bincount(copy.codes[members])))  # ties: first type by name
        out.append((members.tolist(), common))
    return out


async def topics(
    graph: TenantGraph, *, as_of_ms: int, limit: int = 10, min_size: int = 2
) -> ReadResult:
    """Groups of things that hang together at ``as_of_ms``, by label propagation.

    A group's id is the ``id`` of its highest-ranked member (the smallest such id when
    several tie), so the same graph gives the same ids on every run and after a restart.
    Raises ``InputInvalid`` for a limit below 1.
    """
    if limit < 1:
        raise InputInvalid(f"limit must be at least 1, got {limit}")
    entry, cached = await _entry(graph, as_of_ms)
    copy = entry.copy
    if entry.labels is None:
        cached = False
        entry.labels = await asyncio.to_thread(
            propagate_labels, len(copy.internal), copy.src, copy.dst
        )
    chosen: list[tuple[list[int], int]] = []
    if len(copy.src) and is_heavy(len(copy.src)):
        chosen = await asyncio.to_thread(
            _chosen_groups, copy, entry.labels, limit, max(min_size, 1)
        )
    elif len(copy.src):
        chosen = _chosen_groups(copy, entry.labels, limit, max(min_size, 1))
    rounded = np.round(copy.scores, 15)
    groups: list[dict[str, Any]] = []
    shown: list[dict[str, Any]] = []
    wanted = [i for members, _ in chosen for i in members[:TOP_MEMBERS]]
    known = {n["_dense"]: n for n in await _details(graph, entry, wanted)}  # one read for all
    for members, common in chosen:
        nodes = [known[i] for i in members[:TOP_MEMBERS] if i in known]
        if not nodes:
            continue
        tied = [n for n in nodes if rounded[n["_dense"]] == rounded[members[0]]] or nodes
        head = min(tied, key=lambda n: n["id"])
        groups.append(
            {
                "group": head["id"],
                "label": f"{copy.type_names[common]}: {head['name'] or head['id']}",
                "size": len(members),
                "members": [_public(n) for n in nodes],
            }
        )
        shown.extend(nodes)
    too_small = f"No group has {min_size} or more members."
    message = None if groups else NO_EDGES if not len(copy.src) else too_small
    return _result("topics", as_of_ms, {"groups": groups, "cached": cached}, shown, message)
