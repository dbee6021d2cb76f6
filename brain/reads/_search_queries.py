"""The Cypher the four searches send, composed for what each call needs, and the
RediSearch text a question (any of its words) or a name (all of its terms) becomes.

A filter that cannot apply (no type filter asked, a "now" read that needs no first-known
date test) is left out of the query text instead of sent as ``$x IS NULL OR ...``: the
server evaluates such a test for every match, and a broad word matches a thousand things.
"""

from __future__ import annotations

import re
from typing import Any, LiteralString

from brain._tenant_graph import TenantGraph
from brain.reads._reach import archive_rows, reaches

#: Characters the full-text query syntax treats as operators; escaped in every term.
FT_SPECIAL = re.compile(r"([,.<>{}\[\]\"':;!@#$%^&*()\-+=~|/\\?`])")
WORD = re.compile(r"[\w][\w'-]*", re.UNICODE)
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "so",
        "that",
        "the",
        "their",
        "them",
        "there",
        "these",
        "they",
        "this",
        "to",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "can",
        "could",
        "should",
        "about",
        "after",
        "before",
        "just",
        "than",
        "then",
        "too",
        "very",
        "get",
        "got",
    ]
)
#: At most this many words of a question are searched for.
MAX_WORDS = 24
#: What a chunk hit carries of its passage: id, the text (as much as an answer quotes),
#: and where it sits: transcript line, speaker, heading path, time, position.
SNIPPET: LiteralString = (
    "[node.id, left(node.text, 600), node.line, node.speaker, node.section, node.time, "
    "node.position]"
)


def fulltext_query(text: str) -> str | None:
    """User text as a RediSearch query: escaped words, stop words dropped, any word matches.

    Space means AND in RediSearch; a question's words rarely all appear in one thing, so
    the words are OR-ed and the ranking rewards things that match more of them.
    """
    words = [w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]
    escaped = [FT_SPECIAL.sub(r"\\\1", w) for w in dict.fromkeys(words)][:MAX_WORDS]
    return " | ".join(escaped) or None


#: RediSearch's default separators: an indexed text is split into terms at these.
_FT_SEPARATORS = re.compile(r"[\s,./(){}\[\]:;\\~!@#$%^&*\-=+|'`\"<>?]+")


def exact_terms_query(text: str) -> str | None:
    """A RediSearch query every thing holding all the terms of ``text`` matches: split
    where the index splits, so a thing named exactly ``text`` is always among its
    matches. None when ``text`` has no term (only separators)."""
    terms = [t for t in _FT_SEPARATORS.split(text.lower()) if t]
    return " ".join(dict.fromkeys(terms)) or None


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
}
#: Full-text scores grow with relevance; vector scores are distances.
_ORDER: dict[str, LiteralString] = {
    "text": "DESC",
    "chunk-text": "DESC",
    "vector": "ASC",
    "chunk-vector": "ASC",
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


_UNHELD: dict[str, LiteralString] = {s: _compose_unheld(s) for s in ("chunk-text", "chunk-vector")}

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
    """Ranked rows of one search, as ``brain.reads._search.fuse`` takes them.

    A dated passage search before the tenant's archive horizon also finds passages held
    then by a fact now in the archive (``brain.reads._reach``), merged in score order.
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
