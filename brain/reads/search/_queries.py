"""The Cypher the four searches send, composed for what each call needs.

A filter that cannot apply (no type filter asked, a "now" read that needs no first-known
date test) is left out of the query text instead of sent as ``$x IS NULL OR ...``: the
server evaluates such a test for every match, and a broad word matches a thousand things.
"""

from __future__ import annotations

from typing import Any, LiteralString

from brain._tenant_graph import TenantGraph
from brain.reads.archive import archive_rows, reaches

#: What a chunk hit carries of its passage: id, the text (as much as an answer quotes),
#: and where it sits: transcript line, speaker, heading path, time, position.
SNIPPET: LiteralString = (
    "[node.id, left(node.text, 600), node.line, node.speaker, node.section, node.time, "
    "node.position]"
)


_NODE_FIELDS: LiteralString = "node.id, node.type, node.name, node.src, node.asOf, node.sample"
_DOC_FIELDS: LiteralString = "d.id, d.type, d.name, d.src, d.asOf, d.sample"


def _first_known(v: LiteralString) -> LiteralString:
    """The test that a thing was already known at the moment asked about."""
    return f"coalesce({v}.firstAsOf, {v}.asOf, 0) <= $t"


_CALLS: dict[str, LiteralString] = {
    "text": "CALL db.idx.fulltext.queryNodes('Searchable', $q) YIELD node, score",
    "chunk-text": "CALL db.idx.fulltext.queryNodes('Chunk', $q) YIELD node, score",
    "vector": (
        "CALL db.idx.vector.queryNodes('SearchableVector', 'embedding', $pool, vecf32($v)) "
        "YIELD node, score"
    ),
    "chunk-vector": (
        "CALL db.idx.vector.queryNodes('ChunkVector', 'embedding', $pool, vecf32($v)) "
        "YIELD node, score"
    ),
    # a transcript line by its turn and the turns either side (``contextEmbedding``)
    "chunk-context": (
        "CALL db.idx.vector.queryNodes('ChunkContext', 'contextEmbedding', $pool, vecf32($v)) "
        "YIELD node, score"
    ),
}
#: Full-text scores grow with relevance; vector scores are distances.
_ORDER: dict[str, LiteralString] = {
    "text": "DESC",
    "chunk-text": "DESC",
    "vector": "ASC",
    "chunk-vector": "ASC",
    "chunk-context": "ASC",
}


def _compose(source: str, *, typed: bool, dated: bool) -> LiteralString:
    """One search's query. Things pick their top k before any property is read (ordering
    on the internal id keeps ties stable without a read per match); a passage answers as
    the document that currently holds it, and passages of one document that score alike
    keep one order (a transcript's short lines often tie)."""
    order = _ORDER[source]
    if source in ("text", "vector"):
        wanted: list[tuple[LiteralString, bool]] = [
            ("node.type IN $types", typed),
            (_first_known("node"), dated),
        ]
        joined = " AND ".join(test for test, on in wanted if on)
        where = f"WITH node, score WHERE {joined} " if joined else ""
        return (
            f"{_CALLS[source]} {where}WITH node, score ORDER BY score {order}, ID(node) "
            f"LIMIT $k RETURN {_NODE_FIELDS}, score, NULL"
        )
    held: list[tuple[LiteralString, bool]] = [
        ("h.since <= $t", True),
        ("(h.until IS NULL OR h.until > $t)", True),
        ("d.type IN $types", typed),
        (_first_known("d"), dated),
    ]
    doc_where = " AND ".join(test for test, on in held if on)
    return (
        f"{_CALLS[source]} WITH node, score MATCH (d:Entity)-[h:HAS_CHUNK]->(node) "
        f"WHERE {doc_where} "
        f"RETURN {_DOC_FIELDS}, score, {SNIPPET} ORDER BY score {order}, d.id, ID(node) LIMIT $k"
    )


_QUERIES: dict[tuple[str, bool, bool], LiteralString] = {
    (source, typed, dated): _compose(source, typed=typed, dated=dated)
    for source in _CALLS
    for typed in (False, True)
    for dated in (False, True)
}


def search_query(source: str, *, typed: bool, dated: bool) -> LiteralString:
    """The query for one of the four searches (``text``, ``chunk-text``, ``vector``,
    ``chunk-vector``), with only the filters the call needs."""
    return _QUERIES[(source, typed, dated)]


def _compose_unheld(source: str) -> LiteralString:
    """The passages a chunk search matches that no document holds at ``$t`` in the live
    graph: before the archive horizon their ``HAS_CHUNK`` may sit in the archive."""
    return (
        f"{_CALLS[source]} WITH node, score "
        "OPTIONAL MATCH (:Entity)-[h:HAS_CHUNK]->(node) "
        "WHERE h.since <= $t AND (h.until IS NULL OR h.until > $t) "
        "WITH node, score, count(h) AS held WHERE held = 0 "
        f"RETURN node.id, score, {SNIPPET} ORDER BY score {_ORDER[source]}, ID(node) LIMIT $k"
    )


_UNHELD: dict[str, LiteralString] = {
    s: _compose_unheld(s) for s in ("chunk-text", "chunk-vector", "chunk-context")
}

#: Who held each of those passages at ``$t``, in the archive (stubs: entities by id).
READ_ARCHIVED_HOLDERS = """
UNWIND $ids AS id
MATCH (d:Entity)-[h:HAS_CHUNK]->(c:Entity {id: id})
WHERE h.since <= $t AND h.until > $t
RETURN c.id, d.id
LIMIT $limit
"""

#: The holders' columns from the live graph, with the filters of the chunk searches.
READ_HOLDER_FIELDS = f"""
UNWIND $pairs AS p
MATCH (d:Entity {{id: p[1]}})
WHERE ($types IS NULL OR d.type IN $types) AND {_first_known("d")}
RETURN p[0], {_DOC_FIELDS}
LIMIT $limit
"""


async def _archived_holds(
    graph: TenantGraph, source: str, params: dict[str, Any]
) -> list[list[Any]]:
    """Rows of a dated chunk search for passages whose document held them at ``$t`` by a
    fact the archive job moved out (the passage itself stays in the live graph)."""
    unheld = (await graph.read(f"search {source} unheld", _UNHELD[source], params)).rows
    if not unheld:
        return []
    ids = [str(r[0]) for r in unheld]
    holds = await archive_rows(
        graph,
        "archived passage holders",
        READ_ARCHIVED_HOLDERS,
        {"ids": ids, "t": params["t"], "limit": 10 * len(ids)},
    )
    if not holds:
        return []
    found = await graph.read(
        "archived passage holders' fields",
        READ_HOLDER_FIELDS,
        {
            "pairs": [list(h) for h in holds],
            "types": params.get("types"),
            "t": params["t"],
            "limit": len(holds),
        },
    )
    by_chunk: dict[str, list[list[Any]]] = {}
    for chunk_id, *doc in found.rows:
        by_chunk.setdefault(str(chunk_id), []).append(doc)
    return [
        [*doc, score, snippet]
        for chunk_id, score, snippet in unheld
        for doc in by_chunk.get(str(chunk_id), [])
    ]


async def ranked_rows(
    graph: TenantGraph, source: str, params: dict[str, Any], *, typed: bool, dated: bool
) -> list[list[Any]]:
    """Ranked rows of one search, as ``brain.reads.search._search.fuse`` takes them.

    A dated passage search before the tenant's archive horizon also finds passages held
    then by a fact now in the archive (``brain.reads.archive._reach``), merged in score order.
    """
    query = search_query(source, typed=typed, dated=dated)
    rows = (await graph.read(f"search {source}", query, params)).rows
    if source not in _UNHELD or not dated or not await reaches(graph, int(params["t"])):
        return rows
    extra = await _archived_holds(graph, source, params)
    if not extra:
        return rows
    sign = -1.0 if _ORDER[source] == "DESC" else 1.0
    # stable: rows of the live graph keep their order; held-then rows join by score, doc
    merged = sorted(rows + extra, key=lambda r: (sign * float(r[6]), str(r[0])))
    return merged[: int(params["k"])]
