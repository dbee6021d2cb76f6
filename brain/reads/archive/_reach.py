"""The read seam to the archive: past moments see the facts the archive job moved out.

The archive job (``brain.upkeep``) moves closed facts past a window from the live graph
into the tenant's archive graph ``{hb_<slug>}__archive``, with stubs of both ends (id,
type, name). A fact is current at ``t`` when ``since <= t < until``, so an archived fact
can matter only for a moment before the latest ``until`` in the archive: the tenant's
*archive horizon*. Reads at or after it (every "now" question) never touch the archive;
reads before it take the union of both graphs, in one of two shapes:

- **rows** (``union_rows``): the read's own query runs on the live graph and on the
  archive, and the archive's rows are appended. Node columns of those rows come from
  the stubs, so a ``Hydrate`` reads them back from the live graph (where the things
  still are), and an answer names, dates and flags a thing the same before and after.
- **edge pages** (``archived_edge_page``): the snapshot reads of walks, paths and ranks
  get the archived edges current at ``t`` as one more page of live internal ids.

The horizon is read once per write stamp (the archive job moves the stamp), so a tool
call pays one cached lookup.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, LiteralString

from brain._tenant_graph import TenantGraph
from brain.errors import QueryRefused
from brain.reads._cache import cached

#: Archived edges read for one snapshot at most (the archive job moves 100,000 per run).
MAX_ARCHIVED_EDGES = 500_000
FETCH_TIMEOUT_MS = 30_000

READ_HORIZON = """
MATCH ()-[e]->()
WHERE e.archivedBy IS NOT NULL AND e.until IS NOT NULL
RETURN max(e.until)
LIMIT 1
"""

_ARCHIVED_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE e.archivedBy IS NOT NULL AND e.since <= $t AND e.until > $t{typed}
  AND NOT a.type IN $excluded AND NOT b.type IN $excluded
RETURN a.id, b.id
LIMIT $limit
"""
READ_ARCHIVED_EDGES = _ARCHIVED_EDGES.format(typed=" AND type(e) IN $rels")
READ_ALL_ARCHIVED_EDGES = _ARCHIVED_EDGES.format(typed="")

READ_LIVE_IDS = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, ID(n)
LIMIT $limit
"""

READ_NAMES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id AS key, n.id, n.type, n.name
LIMIT $limit
"""

READ_NODE_BLOCKS = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id AS key, n.id, n.type, n.name, n.src, n.asOf, n.sample
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Hydrate:
    """How to read the node columns of archived rows back from the live graph.

    ``query`` takes ``$ids`` and ``$limit`` and returns the key id first, then ``width``
    columns that replace ``row[at : at + width]`` of each archived row whose
    ``row[at]`` is that id. The default reads a thing's (id, type, name, src, asOf,
    sample) block, the shape every walk returns.
    """

    at: int
    width: int = 6
    query: LiteralString = READ_NODE_BLOCKS


async def archive_rows(
    graph: TenantGraph,
    name: str,
    cypher: LiteralString,
    params: Mapping[str, Any],
    *,
    timeout_ms: int = FETCH_TIMEOUT_MS,
) -> list[list[Any]]:
    """The same read on the tenant's archive (no rows when it has no archive yet)."""
    if not await graph.has_archive():
        return []
    try:
        return (await graph.archive.read(name, cypher, params, timeout_ms=timeout_ms)).rows
    except QueryRefused as exc:
        if "empty key" in str(exc).lower():
            return []
        raise


async def horizon(graph: TenantGraph) -> int | None:
    """The latest ``until`` among the tenant's archived facts (None: nothing archived).

    Read once per write stamp: the archive job and its undo both move the stamp.
    """

    async def build() -> int | None:
        rows = await archive_rows(graph, "archive horizon", READ_HORIZON, {})
        value = rows[0][0] if rows and rows[0] else None
        return int(value) if value is not None else None

    value, _ = await cached(graph, "archive horizon", (), build)
    return value


async def reaches(graph: TenantGraph, t: int) -> bool:
    """Whether a read of facts current at ``t`` must read the archive too."""
    h = await horizon(graph)
    return h is not None and t < h


async def hydrate(graph: TenantGraph, rows: list[list[Any]], how: Hydrate) -> list[list[Any]]:
    """Archived rows with their node columns read from the live graph (a stub's own
    columns stay where the live graph no longer holds the thing)."""
    ids = sorted({str(r[how.at]) for r in rows if r[how.at] is not None})
    if not ids:
        return rows
    found = await graph.read("archived rows' nodes", how.query, {"ids": ids, "limit": len(ids)})
    live = {str(r[0]): list(r[1 : 1 + how.width]) for r in found.rows}
    out: list[list[Any]] = []
    for row in rows:
        block = live.get(str(row[how.at]))
        out.append(row if block is None else [*row[: how.at], *block, *row[how.at + how.width :]])
    return out


async def union_rows(
    graph: TenantGraph,
    name: str,
    cypher: LiteralString,
    params: Mapping[str, Any],
    *,
    t: int | None,
    hydrates: Sequence[Hydrate] = (),
    archive_cypher: LiteralString | None = None,
) -> list[list[Any]]:
    """A read's rows from the live graph, then (if the read needs it) the archive's.

    ``t`` is the moment the read asks about: the archive is read only before the
    horizon. ``t=None`` reads it whenever there is one (timelines: ``history`` and
    ``owner`` show facts closed at any time). The rows are not re-sorted: the caller
    orders and cuts the union the way its query orders and cuts one graph's rows.
    ``archive_cypher`` is the archive's version of a query that names a label stubs lack
    (a stub is an ``Entity`` with a ``type``, nothing more).
    """
    rows: list[list[Any]] = (await graph.read(name, cypher, params)).rows
    if t is not None and not await reaches(graph, t):
        return rows
    archived = await archive_rows(graph, f"archived {name}", archive_cypher or cypher, params)
    for how in hydrates:
        archived = await hydrate(graph, archived, how)
    return rows + archived


async def archived_edge_page(
    graph: TenantGraph, t: int, *, excluded: Sequence[str], rels: Sequence[str] | None
) -> tuple[str, str] | None:
    """The archived edges current at ``t`` as one snapshot page (JSON lists of live
    internal source and target ids), or None when no archived edge is current then.

    The ends are the live graph's nodes (the archive moves edges, never things), found
    by id; an edge whose end the live graph no longer holds is left out.
    """
    if not await reaches(graph, t):
        return None
    query = READ_ALL_ARCHIVED_EDGES if rels is None else READ_ARCHIVED_EDGES
    params = {
        "t": t,
        "rels": None if rels is None else list(rels),
        "excluded": list(excluded),
        "limit": MAX_ARCHIVED_EDGES,
    }
    pairs = await archive_rows(graph, "archived edges", query, params)
    if not pairs:
        return None
    ids = sorted({str(x) for pair in pairs for x in pair})
    res = await graph.read(
        "archived edges' ends",
        READ_LIVE_IDS,
        {"ids": ids, "limit": len(ids)},
        timeout_ms=FETCH_TIMEOUT_MS,
    )
    internal = {str(i): int(n) for i, n in res.rows}
    kept = [
        (internal[str(a)], internal[str(b)])
        for a, b in pairs
        if str(a) in internal and str(b) in internal
    ]
    if not kept:
        return None
    return json.dumps([a for a, _ in kept]), json.dumps([b for _, b in kept])
