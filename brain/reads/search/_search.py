"""Hybrid search: where an answer starts. Four searches at once, fused by rank.

Full-text and vector search, each over things (``Searchable``) and over passages
(``Chunk``), run together; their lists are merged by reciprocal-rank fusion (each hit
scores 1 / (60 + rank) in every list it appears in), which needs no tuning and ignores
that the scores live on different scales. A passage answers as its source document, so
citations point at sources. Ties break by id, so the order is stable. The queries
themselves are composed in ``brain.reads.search._queries``. A question that names a
speaker of the passages found is searched for passages once more without the name
(``brain.reads.search._named_speakers``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from brain._moments import format_moment, now_ms
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, is_sample
from brain.reads._fulltext import STOPWORDS, WORD, fulltext_query
from brain.reads._learning import feedback_penalties
from brain.reads.archive import READ_NAMES, Hydrate, union_rows
from brain.reads.search._initials import initialisms_in, spelled, tenant_initials
from brain.reads.search._named_speakers import speaker_free
from brain.reads.search._passage_rank import PassageRow, RankedPassage, rank_passages
from brain.reads.search._queries import ranked_rows

RRF_K = 60
#: A moment this close to now reads as "now": everything known so far counts.
NOW_SLACK_MS = 60_000
#: How many more nearest neighbours a type-filtered vector search asks for.
FILTERED_POOL_FACTOR = 8
#: Matched passages a source hit carries.
MAX_PASSAGES_SHOWN = 3
#: Hits each of the four searches contributes before fusion.
POOL = 30
#: The searches over passages (chunks), whose rows carry the passage.
CHUNK_SEARCHES = ("chunk-text", "chunk-vector", "chunk-context")
#: The chunk lists a question naming a speaker asks again without the names, in place of
#: the first: words, and the context vectors (whose text carries the speakers' names).
SPEAKER_FREE = frozenset({"chunk-text", "chunk-context"})
#: Passages each chunk search contributes to the passage ranking (a deeper list adds
#: more stray single-word matches than it finds).
PASSAGE_POOL = 30


@dataclass(slots=True)
class Hit:
    """One fused result."""

    id: str
    type: str
    name: str | None
    src: str | None
    as_of: int | None
    sample: bool
    score: float = 0.0
    via: set[str] = field(default_factory=set)
    snippet: str | None = None
    #: The passages of a source that matched: id -> (the passage, its best rank).
    passages: dict[str, tuple[PassageRow, int]] = field(default_factory=dict)


def fuse(lists: Iterable[tuple[str, list[list[Any]]]]) -> list[Hit]:
    """Reciprocal-rank fusion of ranked row lists; a node scores in every list it is in.

    Lists come as (the search they came from, a hit's ``via``; rows) pairs, as one search
    may give two (the question, and the question without a speaker's name).
    """
    hits: dict[str, Hit] = {}
    for via, rows in lists:
        seen: set[str] = set()
        rank = 0
        for position, row in enumerate(rows):
            node_id, node_type, name, src, as_of, sample = row[:6]
            passage = passage_row(row)
            snippet = passage.text[:200] if passage else None
            if node_id in seen:  # several chunks of one document: its best rank counts
                if passage and node_id in hits:
                    _keep_passage(hits[node_id], passage, position)
                continue
            seen.add(node_id)
            rank += 1
            hit = hits.get(node_id)
            if hit is None:
                hit = hits[node_id] = Hit(
                    node_id,
                    node_type,
                    name,
                    src,
                    as_of,
                    is_sample(sample, src),
                )
            hit.score += 1.0 / (RRF_K + rank)
            hit.via.add(via)
            if snippet and not hit.snippet:
                hit.snippet = snippet
            if passage:
                _keep_passage(hit, passage, position)
    return sorted(hits.values(), key=lambda h: (-h.score, h.id))


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def passage_row(row: list[Any]) -> PassageRow | None:
    """The passage of a chunk search's row (its last cell); None on a thing's row."""
    cell = row[-1]
    if not isinstance(cell, list) or len(cast(list[Any], cell)) < 2:
        return None
    parts = [*cast(list[Any], cell), None, None, None, None, None][:7]
    chunk_id, text, line, speaker, section, time, position = parts
    return PassageRow(
        id=str(chunk_id),
        source=str(row[0]),
        source_type=str(row[1]),
        source_name=_str(row[2]),
        text=str(text or ""),
        line=_int(line),
        speaker=_str(speaker),
        section=_str(section),
        time=_str(time),
        position=_int(position),
    )


def _keep_passage(hit: Hit, passage: PassageRow, position: int) -> None:
    """Remember a matched passage of a source at its best position in any list."""
    known = hit.passages.get(passage.id)
    if known is None or position < known[1]:
        hit.passages[passage.id] = (passage, position)


#: Weight of keyword coverage of a hit's name when re-ranking fused hits (RRF scores are
#: about 1/61 for a first place, so a full name match is worth about two first places).
COVERAGE_WEIGHT = 0.03


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1}


def rerank(hits: list[Hit], text: str) -> list[Hit]:
    """Re-rank fused hits by how many of the question's words their name covers.

    Rank fusion alone favours long documents that mention everything a little; a thing
    whose own name says what was asked ("Instagram access token") should come first.
    """
    asked = _words(text)
    if not asked:
        return hits
    for hit in hits:
        named = _words(hit.name or "")
        if named:
            hit.score += COVERAGE_WEIGHT * len(asked & named) / len(asked)
    return sorted(hits, key=lambda h: (-h.score, h.id))


def down_weight(hits: list[Hit], kept: dict[str, float]) -> list[Hit]:
    """Hits with the records behind disliked answers to similar questions weighing less
    (``brain.reads._learning.feedback_penalties``), re-sorted."""
    if not kept:
        return hits
    for hit in hits:
        hit.score *= kept.get(hit.id, 1.0)
    return sorted(hits, key=lambda h: (-h.score, h.id))


#: What a thing named by its initials adds to its fused score: more than any fusion gives,
#: so "OTIF" finds On-time in-full deliveries first.
INITIALS_BONUS = 1.0

# The things a question names by their initials, with the filters of the other searches.
READ_INITIALLED = """
MATCH (node:Entity)
WHERE node.id IN $ids AND ($types IS NULL OR node.type IN $types)
  AND coalesce(node.firstAsOf, node.asOf, 0) <= $t
RETURN node.id, node.type, node.name, node.src, node.asOf, node.sample, 1.0, NULL
ORDER BY node.id
LIMIT $limit
"""


async def _initialled(
    graph: TenantGraph, text: str, params: dict[str, Any]
) -> tuple[str, list[list[Any]]]:
    """The text with the initialisms it holds spelled out ("OTIF (On-time in-full
    deliveries)"), and the rows of the things they name (``brain.reads.search._initials``)."""
    named = initialisms_in(text, await tenant_initials(graph))
    if not named:
        return text, []
    ids = sorted({i for found in named.values() for i in found})
    res = await graph.read(
        "search initials",
        READ_INITIALLED,
        {"ids": ids, "types": params.get("types"), "t": params["t"], "limit": len(ids)},
    )
    names = {str(r[0]): str(r[2]) for r in res.rows}
    full = {
        raw: " or ".join(names[i] for i in found if i in names)
        for raw, found in named.items()
        if any(i in names for i in found)
    }
    return spelled(text, full), res.rows


async def search(
    graph: TenantGraph, text: str, *, as_of_ms: int, limit: int = 10, types: list[str] | None = None
) -> ReadResult:
    """Search a tenant by words and by meaning; returns fused hits with their evidence.

    A word that is the initials of a thing's name ("OTIF") finds that thing first, and the
    text is searched with the name spelled out beside it (``spelled`` in the data says
    how). Text with no word left to search for (only stop words) is not found, with a
    message.
    """
    params0: dict[str, Any] = {"t": as_of_ms, "types": types}
    said = text
    text, initialled = await _initialled(graph, text, params0)
    q = fulltext_query(text)
    if q is None:
        # Only stop words or punctuation: the vector search alone would return whatever
        # happens to lie nearest to "the of and", which reads like a real match.
        return search_result("search", [], as_of_ms, text).model_copy(
            update={"message": f"{text!r} has no words to search for: ask with names or keywords"}
        )
    params: dict[str, Any] = {"q": q, "t": as_of_ms, "types": types, "k": POOL}
    chunk_params = {**params, "k": PASSAGE_POOL}
    shape = {"typed": types is not None, "dated": as_of_ms < now_ms() - NOW_SLACK_MS}
    # the word searches start at once and run while the question is embedded
    vector: list[float] | None = None
    jobs: dict[str, Any] = {
        "text": asyncio.ensure_future(ranked_rows(graph, "text", params, **shape)),
        "chunk-text": asyncio.ensure_future(
            ranked_rows(graph, "chunk-text", chunk_params, **shape)
        ),
    }
    try:
        if graph.embedder is not None:
            vector = (await graph.embedder.embed([text]))[0]
            # the vector index returns its k nearest before the type filter applies: with
            # a filter, ask for more so the wanted types are not crowded out
            factor = FILTERED_POOL_FACTOR if types else 1
            vparams = {**params, "v": vector, "pool": POOL * factor}
            jobs["vector"] = ranked_rows(graph, "vector", vparams, **shape)
            cparams = {**chunk_params, "v": vector, "pool": PASSAGE_POOL * factor}
            jobs["chunk-vector"] = ranked_rows(graph, "chunk-vector", cparams, **shape)
            # the same question against each line with its neighbouring turns: what a
            # question asks is often said over a few turns, no one line of them alike
            jobs["chunk-context"] = ranked_rows(graph, "chunk-context", cparams, **shape)
        results = await asyncio.gather(*jobs.values())
    finally:
        for job in jobs.values():
            if isinstance(job, asyncio.Future) and not job.done():
                job.cancel()
    lists: list[tuple[str, list[list[Any]]]] = list(zip(jobs, results, strict=True))
    plain = speaker_free(
        text,
        (p.speaker for k, rows in lists if k in CHUNK_SEARCHES for p in passages_of(rows)),
    )
    if plain is not None:
        again = await _speaker_free_rows(graph, plain, chunk_params, shape)
        # the words and the context vectors without the names in place of the question's
        # (a line's context carries its speakers' names, so a named speaker's every line
        # lies near the question); the line's own vector list beside
        lists = [(k, again.get(k, rows) if k in SPEAKER_FREE else rows) for k, rows in lists]
        lists += [(k, rows) for k, rows in again.items() if k not in SPEAKER_FREE]
    if initialled:
        lists.append(("initials", initialled))
    # things fuse over the same depth as before; passages rank over the deeper chunk lists
    fused = fuse([(k, v[:POOL]) for k, v in lists])
    for hit in fused:
        if "initials" in hit.via:
            hit.score += INITIALS_BONUS
    hits = rerank(fused, text)
    if vector is not None and graph.feedback_weight > 0:
        hits = down_weight(hits, await feedback_penalties(graph, vector, graph.feedback_weight))
    hits = hits[:limit]
    chunk_lists = [passages_of(rows) for k, rows in lists if k in CHUNK_SEARCHES]
    ranked = rank_passages(chunk_lists, limit=limit)
    speakers = await said_by(
        graph, [p.row.id for p in ranked if p.row.line is not None], as_of_ms=as_of_ms
    )
    found = search_result("search", hits, as_of_ms, text, passages=ranked, speakers=speakers)
    if text == said:
        return found
    return found.model_copy(update={"data": {**found.data, "spelled": text}})


def passages_of(rows: list[list[Any]]) -> list[PassageRow]:
    """The passages of a chunk search's rows (rows of other searches carry none)."""
    return [p for p in (passage_row(r) for r in rows) if p is not None]


async def _speaker_free_rows(
    graph: TenantGraph, plain: str, chunk_params: dict[str, Any], shape: dict[str, bool]
) -> dict[str, list[list[Any]]]:
    """The chunk searches for a question without the speakers it names
    (``brain.reads.search._named_speakers``): by its words, and by meaning with an embedder."""
    params = {**chunk_params, "q": fulltext_query(plain)}
    jobs: dict[str, Any] = {"chunk-text": ranked_rows(graph, "chunk-text", params, **shape)}
    if graph.embedder is not None:
        vector = (await graph.embedder.embed([plain]))[0]
        factor = FILTERED_POOL_FACTOR if shape["typed"] else 1
        vparams = {**params, "v": vector, "pool": PASSAGE_POOL * factor}
        jobs["chunk-vector"] = ranked_rows(graph, "chunk-vector", vparams, **shape)
        jobs["chunk-context"] = ranked_rows(graph, "chunk-context", vparams, **shape)
    return dict(zip(jobs, await asyncio.gather(*jobs.values()), strict=True))


#: By ``Entity``, not ``Chunk``: the id index sits on Entity, and the archive's passage
#: stubs are entities of type Chunk, so one read serves the live graph and the archive.
READ_SAID_BY = """
UNWIND $ids AS id
MATCH (c:Entity {id: id})-[s:SAID_BY]->(p:Entity)
WHERE s.since <= $t AND (s.until IS NULL OR s.until > $t)
RETURN c.id, p.id, p.type, p.name
LIMIT $limit
"""


async def said_by(
    graph: TenantGraph, ids: list[str], *, as_of_ms: int
) -> dict[str, tuple[str, str, str | None]]:
    """Who said each transcript line: chunk id -> (person id, type, name)."""
    if not ids:
        return {}
    rows = await union_rows(
        graph,
        "passage speakers",
        READ_SAID_BY,
        {"ids": ids, "t": as_of_ms, "limit": len(ids)},
        t=as_of_ms,
        hydrates=(Hydrate(at=1, width=3, query=READ_NAMES),),
    )
    return {str(c): (str(p), str(kind), _str(name)) for c, p, kind, name in rows}


def passage_data(row: PassageRow) -> dict[str, Any]:
    """A passage as a result carries it: id, where it is, who said it, the words."""
    data: dict[str, Any] = {"id": row.id, "text": row.text}
    for key, value in (
        ("line", row.line),
        ("speaker", row.speaker),
        ("section", row.section),
        ("time", row.time),
    ):
        if value is not None:
            data[key] = value
    return data


def search_result(
    tool: str,
    hits: list[Hit],
    as_of_ms: int,
    text: str,
    *,
    passages: list[RankedPassage] | None = None,
    speakers: dict[str, tuple[str, str, str | None]] | None = None,
) -> ReadResult:
    """A ReadResult for hits: data for the caller, evidence for citations.

    ``passages`` (best first) are listed as well, each with its source and speaker, and
    go into the evidence with the edges that tie them to their source and speaker, so
    the path runs question -> line -> meeting -> person.
    """
    passages = passages or []
    speakers = speakers or {}
    newest = max((h.as_of for h in hits if h.as_of is not None), default=None)
    nodes = [NodeRef(id=h.id, type=h.type, name=h.name) for h in hits]
    edges: list[EdgeRef] = []
    known = {h.id for h in hits}
    for p in passages:
        row = p.row
        if row.source not in known:
            known.add(row.source)
            nodes.append(NodeRef(id=row.source, type=row.source_type, name=row.source_name))
        nodes.append(NodeRef(id=row.id, type="Chunk", name=row.section or row.speaker))
        edges.append(EdgeRef(source=row.source, type="HAS_CHUNK", target=row.id))
        person = speakers.get(row.id)
        if person is not None:
            if person[0] not in known:
                known.add(person[0])
                nodes.append(NodeRef(id=person[0], type=person[1], name=person[2]))
            edges.append(EdgeRef(source=row.id, type="SAID_BY", target=person[0]))
    return ReadResult(
        tool=tool,
        as_of=format_moment(as_of_ms) or "",
        found=bool(hits),
        message=None if hits else f"nothing in your records matches {text!r}",
        data={
            "hits": [
                {
                    "id": h.id,
                    "type": h.type,
                    "name": h.name,
                    "score": round(h.score, 5),
                    "via": sorted(h.via),
                    "snippet": h.snippet,
                    "src": h.src,
                    "as_of": format_moment(h.as_of),
                    "passages": [
                        {**passage_data(row), "snippet": row.text[:200]}
                        for row, _ in sorted(h.passages.values(), key=lambda p: p[1])[
                            :MAX_PASSAGES_SHOWN
                        ]
                    ],
                }
                for h in hits
            ],
            "passages": [
                {
                    **passage_data(p.row),
                    "source": {
                        "id": p.row.source,
                        "type": p.row.source_type,
                        "name": p.row.source_name,
                    },
                    **(
                        {"said_by": {"id": speakers[p.row.id][0], "name": speakers[p.row.id][2]}}
                        if p.row.id in speakers
                        else {}
                    ),
                    "score": round(p.score, 5),
                }
                for p in passages
            ],
        },
        evidence=Evidence(nodes=nodes, edges=edges),
        sample=any(h.sample for h in hits),
        newest_as_of=format_moment(newest),
    )
