"""Walks from one thing: look it up, what breaks if it stops, its neighbours, its history,
and who holds a one-holder slot. Every walk answers for a moment ``t`` (default now) and
only follows edges current at ``t``, except ``history``, whose job is to show them all.

A name the brain does not know comes back as ``found=False`` with "not in your records",
never as an empty walk that would read like "nothing depends on it".
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref, is_sample
from brain.reads._fulltext import exact_terms_query
from brain.reads._snapshots import Layer, internal_id, is_heavy, layers, node_details, snapshot
from brain.reads.archive import Hydrate, union_rows

#: Relationships "what breaks" follows, and which way the damage travels along each:
#: "in" = the things that point at the broken thing (X DEPENDS_ON broken), "out" = the
#: things it points at (broken AFFECTS / BLOCKS Y).
BREAK_RELS: dict[str, str] = {"DEPENDS_ON": "in", "AFFECTS": "out", "BLOCKS": "out"}
MAX_HOPS = 4
#: Things listed per hop (the count says how many there are in all).
ITEMS_PER_HOP = 200

_CURRENT = "e.since <= $t AND (e.until IS NULL OR e.until > $t)"

READ_BY_ID = """
MATCH (n:Entity {id: $q})
RETURN n.id, n.type, n.name, n.src, n.asOf, n.sample, properties(n)
LIMIT 1
"""

# By name: the full-text index narrows the things to those holding every term of the name,
# then the exact (case-insensitive) test picks. Every thing is scanned only for a name the
# index cannot narrow: one of separators only, or one with letters beyond ASCII, where the
# index's lower-casing may differ from Cypher's and a miss would read "not in your records".
READ_BY_NAME = """
CALL db.idx.fulltext.queryNodes('Searchable', $terms) YIELD node AS n
WITH n WHERE toLower(n.name) = toLower($q)
RETURN n.id, n.type, n.name, n.src, n.asOf, n.sample, properties(n)
ORDER BY n.id
LIMIT $limit
"""

SCAN_BY_NAME = """
MATCH (n:Searchable)
WHERE toLower(n.name) = toLower($q)
RETURN n.id, n.type, n.name, n.src, n.asOf, n.sample, properties(n)
ORDER BY n.id
LIMIT $limit
"""

# `$q IN n.aliases` is served by the range index on Entity.aliases
READ_BY_ALIAS = """
MATCH (n:Entity)
WHERE $q IN n.aliases
RETURN n.id, n.type, n.name, n.src, n.asOf, n.sample, properties(n)
LIMIT 1
"""

#: Of these passages (Chunks), those a document or meeting holds at ``$t``.
READ_HELD_PASSAGES = """
UNWIND $ids AS id
MATCH (:Entity)-[e:HAS_CHUNK]->(c:Chunk {id: id})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN DISTINCT c.id
LIMIT $limit
"""

_HIDDEN_PROPS = {"embedding", "contextEmbedding", "textHash", "contextHash", "nameKey"}
#: Properties stored as epoch milliseconds, shown as dates.
_MOMENT_PROPS = {"asOf", "firstAsOf", "recordedAt", "updatedAt"}


def _node(row: list[Any]) -> dict[str, Any]:
    node_id, node_type, name, src, as_of, sample = row[:6]
    return {
        "id": node_id,
        "type": node_type,
        "name": name,
        "src": src,
        "as_of": format_moment(as_of),
        "sample": is_sample(sample, src),
        "_as_of_ms": as_of,
    }


def _public(node: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if not k.startswith("_")}


def _result(
    tool: str,
    t: int,
    data: dict[str, Any],
    nodes: list[dict[str, Any]],
    edges: list[EdgeRef] | None = None,
    *,
    found: bool = True,
    message: str | None = None,
) -> ReadResult:
    """Build a ReadResult whose sample flag and newest date come from the nodes read."""
    newest = max((n["_as_of_ms"] for n in nodes if n.get("_as_of_ms") is not None), default=None)
    return ReadResult(
        tool=tool,
        as_of=format_moment(t) or "",
        found=found,
        message=message,
        data=data,
        evidence=Evidence(
            nodes=[NodeRef(id=n["id"], type=n["type"], name=n.get("name")) for n in nodes],
            edges=edges or [],
        ),
        sample=any(n.get("sample") for n in nodes),
        newest_as_of=format_moment(newest),
    )


def not_found(tool: str, t: int, what: str) -> ReadResult:
    """The honest answer for a name the brain does not hold."""
    return _result(
        tool,
        t,
        {"query": what},
        [],
        found=False,
        message=f"{what!r} is not in your records (no node with that id or name)",
    )


async def resolve(graph: TenantGraph, q: str) -> list[dict[str, Any]]:
    """Nodes matching an exact id, an alias, or an exact name (case-insensitive).

    Found whatever the moment asked about: a node carries only the clock of when it was
    first recorded, while a walk from it answers for its moment by its edges' validity.
    A thing recorded in November whose dependencies held in July is still the thing a
    question about July means, by name as much as by id.
    """
    for cypher in (READ_BY_ID, READ_BY_ALIAS):
        res = await graph.read("lookup", cypher, {"q": q, "limit": 5})
        if res.rows:
            return [{**_node(r), "_props": r[6]} for r in res.rows]
    terms = exact_terms_query(q)
    rows: list[list[Any]] = []
    if terms is not None:
        params = {"q": q, "terms": terms, "limit": 5}
        rows = (await graph.read("lookup by name", READ_BY_NAME, params)).rows
    if not rows and (terms is None or not terms.isascii()):
        rows = (await graph.read("scan by name", SCAN_BY_NAME, {"q": q, "limit": 5})).rows
    return [{**_node(r), "_props": r[6]} for r in rows]


async def held(graph: TenantGraph, found: list[dict[str, Any]], *, t: int) -> list[dict[str, Any]]:
    """``found`` without the passages (Chunks) that nothing holds at moment ``t``."""
    chunks = [n["id"] for n in found if n["type"] == "Chunk"]
    if not chunks:
        return found
    res = await graph.read(
        "held passages", READ_HELD_PASSAGES, {"ids": chunks, "t": t, "limit": len(chunks)}
    )
    kept = {str(r[0]) for r in res.rows}
    return [n for n in found if n["type"] != "Chunk" or n["id"] in kept]


async def lookup(graph: TenantGraph, q: str, *, as_of_ms: int) -> ReadResult:
    """Exact id or name: the node(s) and their properties, or "not in your records".

    A passage its document or meeting no longer holds at ``t`` (a deleted document, a
    corrected transcript's old line) is not shown: its text is history, one hop away.
    """
    found = await held(graph, await resolve(graph, q), t=as_of_ms)
    if not found:
        return not_found("lookup", as_of_ms, q)
    data = {
        "matches": [
            {
                **_public(n),
                "properties": {
                    k: format_moment(v) if k in _MOMENT_PROPS else v
                    for k, v in n["_props"].items()
                    if k not in _HIDDEN_PROPS
                },
            }
            for n in found
        ]
    }
    return _result("lookup", as_of_ms, data, found)


async def what_breaks(
    graph: TenantGraph,
    q: str,
    *,
    as_of_ms: int,
    hops: int = MAX_HOPS,
    rels: list[str] | None = None,
) -> ReadResult:
    """What depends on a thing, grouped by hop (1 to 4), over current edges only."""
    start = await resolve(graph, q)
    if not start:
        return not_found("what_breaks", as_of_ms, q)
    hops = max(1, min(hops, MAX_HOPS))
    chosen = rels or list(BREAK_RELS)
    bad = [r for r in chosen if r not in BREAK_RELS]
    if bad:
        raise ValueError(f"what_breaks follows {', '.join(BREAK_RELS)}; not {', '.join(bad)}")
    root = start[0]
    walks = [
        (rel, (await snapshot(graph, as_of_ms, [rel], direction=BREAK_RELS[rel]))[0])
        for rel in chosen
    ]
    origin = await internal_id(graph, root["id"])
    found: list[Layer] = []
    if origin is not None and is_heavy(sum(snap.edges for _, snap in walks)):
        found = await asyncio.to_thread(layers, walks, origin, hops)
    elif origin is not None:
        found = layers(walks, origin, hops)
    shown = [sorted(layer)[:ITEMS_PER_HOP] for layer in found]
    details = await node_details(
        graph,
        sorted(
            {i for ids in shown for i in ids}
            | {layer[i][0] for layer, ids in zip(found, shown, strict=True) for i in ids}
        ),
    )
    nodes: list[dict[str, Any]] = [root]
    edges: list[EdgeRef] = []
    by_hop: list[dict[str, Any]] = []
    for hop, (layer, ids) in enumerate(zip(found, shown, strict=True), 1):
        items: list[dict[str, Any]] = []
        for i in ids:
            if i not in details:
                continue
            parent, rel = layer[i]
            node = _node(details[i])
            parent_id = details[parent][0] if parent in details else root["id"]
            source, target = (
                (node["id"], parent_id) if BREAK_RELS[rel] == "in" else (parent_id, node["id"])
            )
            edges.append(EdgeRef(source=source, type=rel, target=target))
            nodes.append(node)
            items.append(_public({**node, "via": rel, "from": parent_id}))
        items.sort(key=lambda n: n["id"])
        by_hop.append({"hop": hop, "count": len(layer), "items": items})
    data = {"root": _public(root), "by_hop": by_hop, "total": sum(len(layer) for layer in found)}
    message = None if found else f"nothing currently depends on {root['name'] or root['id']!r}"
    return _result("what_breaks", as_of_ms, data, nodes, edges, message=message)


#: Kinds of neighbour listed only as counts: readings, passages and old versions would
#: bury the relationships that explain a thing (a metric has a reading a day).
SUMMARISED_TYPES = ("Observation", "Chunk", "Version")

READ_NEIGHBOURS = f"""
MATCH (n:Entity {{id: $id}})-[e]-(m:Entity)
WHERE {_CURRENT} AND NOT m.type IN $hidden
RETURN type(e), startNode(e) = n, m.id, m.type, m.name, m.src, m.asOf, m.sample,
       e.since, e.until, e.src, e.asOf
ORDER BY type(e), m.id
LIMIT $limit
"""


READ_SUMMARISED = f"""
MATCH (n:Entity {{id: $id}})-[e]-(m:Entity)
WHERE {_CURRENT} AND m.type IN $summarised
RETURN m.type, type(e), count(m)
ORDER BY m.type, type(e)
LIMIT 50
"""

#: The same count in the archive, of the archive job's closed facts only: the daily
#: readings a roll-up moved there are still open, and their week is counted live.
READ_ARCHIVED_SUMMARISED = f"""
MATCH (n:Entity {{id: $id}})-[e]-(m:Entity)
WHERE {_CURRENT} AND e.until IS NOT NULL AND m.type IN $summarised
RETURN m.type, type(e), count(m)
ORDER BY m.type, type(e)
LIMIT 50
"""


async def neighbours(
    graph: TenantGraph, q: str, *, as_of_ms: int, limit: int = 100, include_assistant: bool = False
) -> ReadResult:
    """A node's current relationships, typed, with sources and dates.

    Readings, passages and versions are counted rather than listed (``readings`` and
    ``history`` show them); the assistant's own records are left out unless asked for.
    """
    start = await resolve(graph, q)
    if not start:
        return not_found("neighbours", as_of_ms, q)
    root = start[0]
    hidden = list(SUMMARISED_TYPES) + ([] if include_assistant else ["Turn", "Finding", "Card"])
    found = await union_rows(
        graph,
        "neighbours",
        READ_NEIGHBOURS,
        {"id": root["id"], "t": as_of_ms, "limit": limit + 1, "hidden": hidden},
        t=as_of_ms,
        hydrates=(Hydrate(at=2),),
    )
    found.sort(key=lambda r: (r[0], r[2]))  # the query's order, over both graphs
    rows, cut = found[:limit], len(found) > limit
    counts: Counter[tuple[str, str]] = Counter()
    for node_type, rel, count in await union_rows(
        graph,
        "neighbours summarised",
        READ_SUMMARISED,
        {"id": root["id"], "t": as_of_ms, "summarised": list(SUMMARISED_TYPES)},
        t=as_of_ms,
        archive_cypher=READ_ARCHIVED_SUMMARISED,
    ):
        counts[(node_type, rel)] += int(count)
    items: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = [root]
    edges: list[EdgeRef] = []
    for rel, outgoing, *rest in rows:
        node = _node(rest[:6])
        since, until, src, e_as_of = rest[6:10]
        source, target = (root["id"], node["id"]) if outgoing else (node["id"], root["id"])
        edges.append(edge_ref(source, rel, target, since, until, src))
        nodes.append(node)
        items.append(
            {
                "rel": rel,
                "direction": "out" if outgoing else "in",
                "node": _public(node),
                "since": format_moment(since),
                "src": src,
                "as_of": format_moment(e_as_of),
            }
        )
    data = {
        "root": _public(root),
        "relationships": items,
        "also": [{"type": t, "rel": r, "count": c} for (t, r), c in sorted(counts.items())],
        "truncated": cut,
    }
    message = f"the first {limit} relationships (by type) of more" if cut else None
    return _result("neighbours", as_of_ms, data, nodes, edges, message=message)


READ_HISTORY_EDGES = """
MATCH (n:Entity {id: $id})-[e]-(m:Entity)
WHERE e.since <= $t AND m.type <> 'Version'
RETURN type(e), startNode(e) = n, m.id, m.type, m.name, m.src, m.asOf, m.sample,
       e.since, e.until, e.recordedAt, e.retiredAt, e.src, e.closeReason, coalesce(e.lost, false)
ORDER BY e.since DESC, type(e) DESC, m.id DESC
LIMIT $limit
"""

READ_VERSIONS = """
MATCH (v:Version)-[:VERSION_OF]->(n:Entity {id: $id})
WHERE v.asOf <= $t
RETURN v.id, v.asOf, v.src, v.state
ORDER BY v.asOf DESC, v.id DESC
LIMIT $limit
"""


def _newest(rows: list[list[Any]], limit: int) -> tuple[list[list[Any]], bool]:
    """The newest ``limit`` of rows read newest first (one more than ``limit``), oldest
    first as a timeline reads, and whether older ones were left out."""
    return rows[:limit][::-1], len(rows) > limit


async def history(graph: TenantGraph, q: str, *, as_of_ms: int, limit: int = 200) -> ReadResult:
    """A node's timeline: its versions and every edge opened and closed, with both clocks.

    Past ``limit`` events (or versions), the newest are shown and the answer says older
    ones were left out: read newest first, a cap never hides what holds now.
    """
    start = await resolve(graph, q)
    if not start:
        return not_found("history", as_of_ms, q)
    root = start[0]
    params = {"id": root["id"], "t": as_of_ms, "limit": limit + 1}
    # every fact since the thing began, so the archive's closed ones too, whatever the moment
    live_rows = await union_rows(
        graph, "history edges", READ_HISTORY_EDGES, params, t=None, hydrates=(Hydrate(at=2),)
    )
    live_rows.sort(key=lambda r: (r[8] or 0, r[0], r[2] or ""), reverse=True)
    versions = await graph.read("history versions", READ_VERSIONS, params)
    rows, events_cut = _newest(live_rows, limit)
    version_rows, versions_cut = _newest(versions.rows, limit)
    events: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = [root]
    edges: list[EdgeRef] = []
    for rel, outgoing, *rest in rows:
        node = _node(rest[:6])
        since, until, recorded, retired, src, reason, lost = rest[6:13]
        source, target = (root["id"], node["id"]) if outgoing else (node["id"], root["id"])
        nodes.append(node)
        edges.append(edge_ref(source, rel, target, since, until, src))
        events.append(
            {
                "rel": rel,
                "direction": "out" if outgoing else "in",
                "node": _public(node),
                "since": format_moment(since),
                "until": format_moment(until),
                "recorded_at": format_moment(recorded),
                "retired_at": format_moment(retired),
                "src": src,
                "close_reason": reason,
                "lost_tie": lost,
                "current": until is None or until > as_of_ms,
            }
        )
    data = {
        "root": _public(root),
        "versions": [
            {"id": v, "as_of": format_moment(a), "src": s, "state": st}
            for v, a, s, st in version_rows
        ],
        "events": events,
        "truncated": events_cut or versions_cut,
    }
    cut = [what for what, on in (("events", events_cut), ("versions", versions_cut)) if on]
    message = f"the newest {limit} {' and '.join(cut)}; older ones left out" if cut else None
    return _result("history", as_of_ms, data, nodes, edges, message=message)


READ_HOLDERS = """
MATCH (p:Entity)-[e:OWNS]->(n:Entity {id: $id})
RETURN p.id, p.type, p.name, p.src, p.asOf, p.sample, e.since, e.until, e.src,
       coalesce(e.lost, false), e.closeReason
ORDER BY e.since DESC, p.id DESC
LIMIT $limit
"""
#: Owners listed in the line of owners: the newest, so the current one is always among them.
MAX_HOLDERS = 100


async def owner(
    graph: TenantGraph, q: str, *, as_of_ms: int, limit: int = MAX_HOLDERS
) -> ReadResult:
    """Who owns a thing at a moment, with the full line of owners for context.

    Past ``limit`` owners, the newest are shown (the current one always among them) and
    the answer says older ones were left out."""
    start = await resolve(graph, q)
    if not start:
        return not_found("owner", as_of_ms, q)
    root = start[0]
    params = {"id": root["id"], "limit": limit + 1}
    # the whole line of owners, so the archive's past ones too, whatever the moment
    found = await union_rows(
        graph, "owners", READ_HOLDERS, params, t=None, hydrates=(Hydrate(at=0),)
    )
    found.sort(key=lambda r: (r[6] or 0, r[0] or ""), reverse=True)
    rows, cut = _newest(found, limit)
    timeline: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = [root]
    edges: list[EdgeRef] = []
    current: dict[str, Any] | None = None
    for row in rows:
        node = _node(row[:6])
        since, until, src, lost, reason = row[6:11]
        is_current = since <= as_of_ms and (until is None or until > as_of_ms)
        entry = {
            "holder": _public(node),
            "since": format_moment(since),
            "until": format_moment(until),
            "src": src,
            "lost_tie": lost,
            "close_reason": reason,
            "current": is_current,
        }
        timeline.append(entry)
        nodes.append(node)
        if is_current:
            current = entry
            edges.append(edge_ref(node["id"], "OWNS", root["id"], since, until, src))
    name = root["name"] or root["id"]
    message = None if current else f"nobody owned {name!r} on {format_moment(as_of_ms)}"
    if cut:
        older = f"the newest {limit} owners shown; older ones left out"
        message = older if message is None else f"{message} ({older})"
    data = {"root": _public(root), "owner": current, "timeline": timeline, "truncated": cut}
    return _result("owner", as_of_ms, data, nodes, edges, message=message)
