"""Search inside one meeting or document: the question asked of a source already chosen.

"What did the site manager say about the scaffolding in Tuesday's call?" names its source;
searching every transcript for it lets another meeting's lines about scaffolding crowd out
the ones asked about (a tenant's meetings are often about the same project, and a
question written for one meeting fits several). Scoped, the two chunk searches run over
that source's current passages only: full-text filtered to the source's chunks, and the
vector side as an exact distance over them (a source holds at most a few thousand
passages, and the index's nearest neighbours over the whole tenant would be filtered to
a handful). The lists are ranked as unscoped passages are (``_passage_rank``), and a
question that names a speaker is searched again without the name, as there
(``_named_speakers``).
"""

from __future__ import annotations

import asyncio
from typing import Any, LiteralString

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import ReadResult
from brain.reads._fulltext import fulltext_query
from brain.reads._walks import not_found, resolve
from brain.reads.search._named_speakers import speaker_free
from brain.reads.search._passage_rank import PassageRow, rank_passages
from brain.reads.search._passages import PASSAGE_TYPES
from brain.reads.search._queries import SNIPPET
from brain.reads.search._search import (
    NOW_SLACK_MS,
    PASSAGE_POOL,
    Hit,
    passages_of,
    said_by,
    search_result,
)

_DOC_FIELDS: LiteralString = "d.id, d.type, d.name, d.src, d.asOf, d.sample"
_HELD: LiteralString = "h.since <= $t AND (h.until IS NULL OR h.until > $t)"

#: The source's current chunks matching the words, best first.
READ_WITHIN_TEXT: LiteralString = (
    "CALL db.idx.fulltext.queryNodes('Chunk', $q) YIELD node, score "
    "WITH node, score MATCH (d:Entity {id: $within})-[h:HAS_CHUNK]->(node) "
    f"WHERE {_HELD} "
    f"RETURN {_DOC_FIELDS}, score, {SNIPPET} ORDER BY score DESC, ID(node) LIMIT $k"
)
#: The source's current chunks nearest the question's vector, by exact cosine distance.
READ_WITHIN_VECTOR: LiteralString = (
    "MATCH (d:Entity {id: $within})-[h:HAS_CHUNK]->(node:Chunk) "
    f"WHERE {_HELD} AND node.embedding IS NOT NULL "
    "WITH d, node, vec.cosineDistance(node.embedding, vecf32($v)) AS score "
    "ORDER BY score ASC, ID(node) LIMIT $k "
    f"RETURN {_DOC_FIELDS}, score, {SNIPPET}"
)
#: The same over each transcript line with its neighbouring turns (``contextEmbedding``).
READ_WITHIN_CONTEXT: LiteralString = (
    "MATCH (d:Entity {id: $within})-[h:HAS_CHUNK]->(node:Chunk) "
    f"WHERE {_HELD} AND node.contextEmbedding IS NOT NULL "
    "WITH d, node, vec.cosineDistance(node.contextEmbedding, vecf32($v)) AS score "
    "ORDER BY score ASC, ID(node) LIMIT $k "
    f"RETURN {_DOC_FIELDS}, score, {SNIPPET}"
)
#: A scoped read scans one source's passages; a very long one is still bounded.
WITHIN_TIMEOUT_MS = 5_000


async def search_within(
    graph: TenantGraph, text: str, within: str, *, as_of_ms: int, limit: int = 10
) -> ReadResult:
    """Passages of the meeting or document ``within`` (id or name) that answer ``text``.

    The one hit is that source, carrying its best passages. A ``within`` that names no
    meeting or document is not found, with a message saying so; text with only stop
    words is not found as in ``search``.
    """
    found = [n for n in await resolve(graph, within) if n["type"] in PASSAGE_TYPES]
    if not found:
        return not_found("search", as_of_ms, within).model_copy(
            update={
                "message": f"no meeting or document called {within!r}: "
                "give its id or exact name, or search without `within`"
            }
        )
    source = found[0]
    q = fulltext_query(text)
    if q is None:
        return search_result("search", [], as_of_ms, text).model_copy(
            update={"message": f"{text!r} has no words to search for: ask with names or keywords"}
        )
    params: dict[str, Any] = {"q": q, "t": as_of_ms, "within": source["id"], "k": PASSAGE_POOL}
    lists = await _lists(graph, text, params)
    plain = speaker_free(text, (p.speaker for ranked in lists for p in ranked))
    if plain is not None:
        # as in ``search``: words without the names, both vectors (see ``_named_speakers``)
        again = await _lists(graph, plain, {**params, "q": fulltext_query(plain)})
        lists = [again[0], *lists[1:], *again[1:]]
    if as_of_ms < now_ms() - NOW_SLACK_MS and not _known(source, as_of_ms):
        lists = []  # a source first known after the moment asked about holds nothing for it
    ranked = rank_passages(lists, limit=limit)
    speakers = await said_by(
        graph, [p.row.id for p in ranked if p.row.line is not None], as_of_ms=as_of_ms
    )
    hits: list[Hit] = []
    if ranked:
        hit = Hit(
            source["id"],
            source["type"],
            source["name"],
            source["src"],
            source["_as_of_ms"],
            bool(source["sample"]),
            score=ranked[0].score,
            via={"within"},
            snippet=ranked[0].row.text[:200],
        )
        for position, p in enumerate(ranked):
            hit.passages[p.row.id] = (p.row, position)
        hits.append(hit)
    return search_result("search", hits, as_of_ms, text, passages=ranked, speakers=speakers)


async def _lists(graph: TenantGraph, text: str, params: dict[str, Any]) -> list[list[PassageRow]]:
    """The source's passages for ``text``: by its words, then (with an embedder) by meaning."""
    jobs = [
        graph.read("search within text", READ_WITHIN_TEXT, params, timeout_ms=WITHIN_TIMEOUT_MS)
    ]
    if graph.embedder is not None:
        vector = (await graph.embedder.embed([text]))[0]
        with_vector = {**params, "v": vector}
        jobs.append(
            graph.read(
                "search within vector",
                READ_WITHIN_VECTOR,
                with_vector,
                timeout_ms=WITHIN_TIMEOUT_MS,
            )
        )
        jobs.append(
            graph.read(
                "search within context",
                READ_WITHIN_CONTEXT,
                with_vector,
                timeout_ms=WITHIN_TIMEOUT_MS,
            )
        )
    return [passages_of(res.rows) for res in await asyncio.gather(*jobs)]


def _known(source: dict[str, Any], as_of_ms: int) -> bool:
    """Whether the source was already known at the moment asked about (as search tests)."""
    props: dict[str, Any] = source.get("_props") or {}
    first = props.get("firstAsOf", source["_as_of_ms"])
    return not isinstance(first, int) or first <= as_of_ms
