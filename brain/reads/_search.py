"""Hybrid search: where an answer starts. Four searches at once, fused by rank.

Full-text and vector search, each over things (``Searchable``) and over passages
(``Chunk``), run together; their lists are merged by reciprocal-rank fusion (each hit
scores 1 / (60 + rank) in every list it appears in), which needs no tuning and ignores
that the scores live on different scales. A passage answers as its source document, so
citations point at sources. Ties break by id, so the order is stable. The queries
themselves are composed in ``brain.reads._search_queries``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, cast

from brain._moments import format_moment, now_ms
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import Evidence, NodeRef, ReadResult, is_sample
from brain.reads._search_queries import STOPWORDS, WORD, fulltext_query, ranked_rows

RRF_K = 60
#: A moment this close to now reads as "now": everything known so far counts.
NOW_SLACK_MS = 60_000
#: How many more nearest neighbours a type-filtered vector search asks for.
FILTERED_POOL_FACTOR = 8
#: Matched passages a source hit carries.
MAX_PASSAGES_SHOWN = 3
#: Hits each of the four searches contributes before fusion.
POOL = 30


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
    #: The passages of a source that matched, best first: (id, snippet, best rank).
    passages: dict[str, tuple[str, int]] = field(default_factory=dict)


def fuse(lists: dict[str, list[list[Any]]]) -> list[Hit]:
    """Reciprocal-rank fusion of ranked row lists; a node scores in every list it is in."""
    hits: dict[str, Hit] = {}
    for via, rows in lists.items():
        seen: set[str] = set()
        rank = 0
        for position, (node_id, node_type, name, src, as_of, sample, _score, passage) in enumerate(
            rows
        ):
            chunk_id, snippet = _passage_of(passage)
            if node_id in seen:  # several chunks of one document: its best rank counts
                if chunk_id and node_id in hits:
                    _keep_passage(hits[node_id], str(chunk_id), snippet, position)
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
            if chunk_id:
                _keep_passage(hit, str(chunk_id), snippet, position)
    return sorted(hits.values(), key=lambda h: (-h.score, h.id))


def _passage_of(cell: Any) -> tuple[str | None, str | None]:
    """(passage id, snippet) of a chunk row's last cell; (None, None) on a thing's row."""
    if isinstance(cell, list) and len(cast(list[Any], cell)) == 2:
        chunk_id, snippet = cast(list[Any], cell)
        return str(chunk_id), None if snippet is None else str(snippet)
    return None, None


def _keep_passage(hit: Hit, chunk_id: str, snippet: str | None, position: int) -> None:
    """Remember a matched passage of a source at its best position in any list."""
    known = hit.passages.get(chunk_id)
    if known is None or position < known[1]:
        hit.passages[chunk_id] = (snippet or "", position)


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


async def search(
    graph: TenantGraph, text: str, *, as_of_ms: int, limit: int = 10, types: list[str] | None = None
) -> ReadResult:
    """Search a tenant by words and by meaning; returns fused hits with their evidence.

    Text with no word left to search for (only stop words) is not found, with a message.
    """
    q = fulltext_query(text)
    if q is None:
        # Only stop words or punctuation: the vector search alone would return whatever
        # happens to lie nearest to "the of and", which reads like a real match.
        return search_result("search", [], as_of_ms, text).model_copy(
            update={"message": f"{text!r} has no words to search for: ask with names or keywords"}
        )
    params: dict[str, Any] = {"q": q, "t": as_of_ms, "types": types, "k": POOL}
    shape = {"typed": types is not None, "dated": as_of_ms < now_ms() - NOW_SLACK_MS}
    # the word searches start at once and run while the question is embedded
    jobs: dict[str, Any] = {
        source: asyncio.ensure_future(ranked_rows(graph, source, params, **shape))
        for source in ("text", "chunk-text")
    }
    try:
        if graph.embedder is not None:
            vector = (await graph.embedder.embed([text]))[0]
            # the vector index returns its k nearest before the type filter applies: with
            # a filter, ask for more so the wanted types are not crowded out
            factor = FILTERED_POOL_FACTOR if types else 1
            vparams = {**params, "v": vector, "pool": POOL * factor}
            for source in ("vector", "chunk-vector"):
                jobs[source] = ranked_rows(graph, source, vparams, **shape)
        results = await asyncio.gather(*jobs.values())
    finally:
        for job in jobs.values():
            if isinstance(job, asyncio.Future) and not job.done():
                job.cancel()
    hits = rerank(fuse(dict(zip(jobs, results, strict=True))), text)[:limit]
    return search_result("search", hits, as_of_ms, text)


def search_result(tool: str, hits: list[Hit], as_of_ms: int, text: str) -> ReadResult:
    """A ReadResult for hits: data for the caller, evidence for citations."""
    newest = max((h.as_of for h in hits if h.as_of is not None), default=None)
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
                        {"id": pid, "snippet": text}
                        for pid, (text, _) in sorted(h.passages.items(), key=lambda p: p[1][1])[
                            :MAX_PASSAGES_SHOWN
                        ]
                    ],
                }
                for h in hits
            ]
        },
        evidence=Evidence(nodes=[NodeRef(id=h.id, type=h.type, name=h.name) for h in hits]),
        sample=any(h.sample for h in hits),
        newest_as_of=format_moment(newest),
    )
