"""Meeting search quality on QMSum: does search find the right meeting, and the right lines?

Loads the eight QMSum meetings of ../shared/data/meetings into one tenant (embeddings on,
one Chunk per spoken line), then asks every specific query of every meeting and scores:

* meeting level: is the meeting the query was written about first (hit@1) or in the top
  three (hit@3) of the meetings returned;
* passage level: does at least one of the top 5 / top 10 lines fall inside the query's
  ``relevant_text_span`` (QMSum turn indexes, inclusive) of that meeting (recall@k), also
  for the ``search`` tool's ranked passages, and recall@10 per half of the meetings (split
  A: each series' first and third meeting, split B: its second and fourth).

Each is measured for full-text over Chunks alone, vector search over Chunks alone, their
reciprocal-rank fusion (k = 60), and, at meeting level, hivebrain's ``search`` tool as a
desk calls it (four lists fused and re-ranked; only its Meeting hits count). The chunk
queries are brain/search.py's own, returning the chunk's id instead of a snippet.

Starts its own FalkorDB in a temporary directory and stops it. Prints a table, then one
JSON object of the figures as the last line. Run: ``python bench/meetings_quality.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, LiteralString

from meetings import ratio, split_of  # bench/ is a folder of scripts: this one's neighbour
from shared_data import need_files, shared_data

from agents.tools import call_tool
from brain import Brain, BrainSettings, EmbeddedServer, TenantGraph, now_ms
from brain.ingest import line_of_chunk, meeting_facts, slugify
from brain.reads import fulltext_query
from brain.reads.search import POOL, RRF_K, SNIPPET, fuse, search_query

DEFAULT_MEETINGS = shared_data("meetings")
AS_OF = "2026-01-05"
MODES = ("fulltext", "vector", "fused")
#: Passage recall is also read for the ``search`` tool's ranked passages, across all
#: meetings and asked within the query's own meeting.
PASSAGE_MODES = (*MODES, "search", "within")


def with_chunk_ids(source: str) -> LiteralString:
    """search's own chunk query for "now", returning the chunk's id where it has a snippet."""
    query = search_query(source, typed=False, dated=False)
    if query.count(SNIPPET) != 1:
        raise RuntimeError("brain/search_queries.py's chunk queries changed: update this bench")
    return query.replace(SNIPPET, "node.id")


FT_CHUNK_IDS = with_chunk_ids("chunk-text")
VECTOR_CHUNK_IDS = with_chunk_ids("chunk-vector")


@dataclass(slots=True)
class Query:
    """One QMSum specific query and where its answer is."""

    meeting: str  # meeting node id
    text: str
    lines: frozenset[int]  # 0-based turn indexes of the relevant spans


@dataclass(slots=True)
class Scores:
    """Per mode: hits and latencies over all queries."""

    meeting_at_1: dict[str, int] = field(default_factory=dict)
    meeting_at_3: dict[str, int] = field(default_factory=dict)
    passage_at_5: dict[str, int] = field(default_factory=dict)
    passage_at_10: dict[str, int] = field(default_factory=dict)
    #: (split, mode, hit) of passage recall@10 per query, for the split table.
    at_10_by_split: list[tuple[str, str, bool]] = field(default_factory=list)
    ms: dict[str, list[float]] = field(default_factory=dict)

    def add(self, counter: dict[str, int], mode: str, hit: bool) -> None:
        counter[mode] = counter.get(mode, 0) + int(hit)


def read_queries(path: Path) -> tuple[dict[str, Any], list[Query]]:
    """A meeting file and its specific queries with their relevant turn indexes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    meeting = f"meeting-{slugify(path.stem)}"
    queries: list[Query] = []
    for item in data.get("specific_query_list", []):
        lines = {
            i for start, end in item["relevant_text_span"] for i in range(int(start), int(end) + 1)
        }
        queries.append(Query(meeting, item["query"], frozenset(lines)))
    return data, queries


def chunk_line(chunk_id: str) -> tuple[str, int]:
    """(meeting id, 0-based turn index) of a transcript line's Chunk id."""
    found = line_of_chunk(chunk_id)
    if found is None:
        raise ValueError(f"{chunk_id} is not a meeting line's id")
    return found


def rrf_chunks(lists: Sequence[list[list[Any]]]) -> list[str]:
    """Chunk ids fused by reciprocal rank (k = 60), best first, ties by id."""
    scores: dict[str, float] = {}
    for rows in lists:
        for rank, row in enumerate(rows, 1):
            scores[row[-1]] = scores.get(row[-1], 0.0) + 1.0 / (RRF_K + rank)
    return sorted(scores, key=lambda c: (-scores[c], c))


def first_meetings(chunk_ids: list[str]) -> list[str]:
    """Meetings in the order their first chunk appears."""
    return list(dict.fromkeys(chunk_line(c)[0] for c in chunk_ids))


def passage_hit(chunk_ids: list[str], query: Query, k: int) -> bool:
    """Whether any of the top ``k`` lines is a relevant line of the query's meeting."""
    for chunk in chunk_ids[:k]:
        meeting, line = chunk_line(chunk)
        if meeting == query.meeting and line in query.lines:
            return True
    return False


async def evaluate(graph: TenantGraph, query: Query, scores: Scores) -> None:
    """Run one query every way and add its hits and latencies to ``scores``."""
    assert graph.embedder is not None
    t = now_ms()
    q = fulltext_query(query.text)
    params: dict[str, Any] = {"q": q, "t": t, "k": POOL, "pool": POOL}

    started = time.perf_counter()
    ft_rows = (await graph.read("bench ft", FT_CHUNK_IDS, params)).rows if q else []
    scores.ms.setdefault("fulltext", []).append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    vector = (await graph.embedder.embed([query.text]))[0]
    vec_rows = (await graph.read("bench vector", VECTOR_CHUNK_IDS, {**params, "v": vector})).rows
    scores.ms.setdefault("vector", []).append((time.perf_counter() - started) * 1000)

    # Fused, timed as search runs it: one embedding, both lists at once, then fusion.
    started = time.perf_counter()
    vector = (await graph.embedder.embed([query.text]))[0]
    jobs = [graph.read("bench vector", VECTOR_CHUNK_IDS, {**params, "v": vector})]
    if q:
        jobs.append(graph.read("bench ft", FT_CHUNK_IDS, params))
    results = [r.rows for r in await asyncio.gather(*jobs)]
    fused_chunks = rrf_chunks(results)
    fused_meetings = [h.id for h in fuse((f"l{i}", rows) for i, rows in enumerate(results))]
    scores.ms.setdefault("fused", []).append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    result = await call_tool(graph, "search", {"query": query.text[:500], "limit": 10})
    scores.ms.setdefault("search", []).append((time.perf_counter() - started) * 1000)
    tool_meetings = [h["id"] for h in result.data["hits"] if h["type"] == "Meeting"]

    started = time.perf_counter()
    scoped = await call_tool(
        graph, "search", {"query": query.text[:500], "limit": 10, "within": query.meeting}
    )
    scores.ms.setdefault("within", []).append((time.perf_counter() - started) * 1000)

    ranked = {
        "fulltext": [row[-1] for row in ft_rows],
        "vector": [row[-1] for row in vec_rows],
        "fused": fused_chunks,
        "search": [p["id"] for p in result.data.get("passages", [])],
        "within": [p["id"] for p in scoped.data.get("passages", [])],
    }
    meetings = {
        "fulltext": first_meetings(ranked["fulltext"]),
        "vector": first_meetings(ranked["vector"]),
        "fused": fused_meetings,
        "search": tool_meetings,
    }
    for mode, order in meetings.items():
        scores.add(scores.meeting_at_1, mode, order[:1] == [query.meeting])
        scores.add(scores.meeting_at_3, mode, query.meeting in order[:3])
    for mode, chunks in ranked.items():
        scores.add(scores.passage_at_5, mode, passage_hit(chunks, query, 5))
        scores.add(scores.passage_at_10, mode, passage_hit(chunks, query, 10))
        scores.at_10_by_split.append(
            (split_of(query.meeting), mode, passage_hit(chunks, query, 10))
        )


async def load(graph: TenantGraph, meetings: dict[str, dict[str, Any]]) -> tuple[int, float]:
    """Load every meeting (name -> QMSum record); returns the number of lines and the time."""
    lines = 0
    started = time.perf_counter()
    for name, data in meetings.items():
        facts = meeting_facts(name=name, transcript=data, src=f"qmsum:{name}", as_of=AS_OF)
        report = await graph.write_facts(list(enumerate(facts, 1)))
        if report.refused:
            raise RuntimeError(f"{name}: {report.refusals[:3]}")
        lines += sum(1 for f in facts if f.get("node", {}).get("type") == "Chunk")
    return lines, time.perf_counter() - started


def report(scores: Scores, n: int, lines: int, load_s: float) -> dict[str, Any]:
    """Print the table; return the figures."""
    cols = (*MODES, "search", "within")
    head = f"{'':28}" + "".join(
        f"{c:>12}" for c in ("full-text", "vector", "fused RRF", "search tool", "within mtg")
    )
    print(f"QMSum: {lines:,} lines loaded (embeddings on) in {load_s:.1f} s; {n} specific queries")
    print(head)
    rows = (
        ("meeting hit@1", scores.meeting_at_1, (*MODES, "search")),
        ("meeting hit@3", scores.meeting_at_3, (*MODES, "search")),
        ("passage recall@5", scores.passage_at_5, PASSAGE_MODES),
        ("passage recall@10", scores.passage_at_10, PASSAGE_MODES),
    )
    for label, counter, modes in rows:
        cells = [
            f"{ratio(counter.get(m, 0), n):>12.3f}" if m in modes else f"{'-':>12}" for m in cols
        ]
        print(f"{label:28}" + "".join(cells))
    for half in "AB":
        marks = [(mode, hit) for split, mode, hit in scores.at_10_by_split if split == half]
        cells: list[str] = []
        for m in cols:
            got = [hit for mode, hit in marks if mode == m]
            cells.append(f"{ratio(sum(got), len(got)):>12.3f}" if got else f"{'-':>12}")
        print(f"{'  split ' + half + ' recall@10':28}" + "".join(cells))
    medians = {m: statistics.median(scores.ms[m]) for m in cols}
    print(f"{'median query ms':28}" + "".join(f"{medians[m]:>12.1f}" for m in cols))
    figures: dict[str, Any] = {
        "queries": n,
        "lines": lines,
        "load_s": round(load_s, 1),
        "meeting_hit_at_1_ratio": ratio(scores.meeting_at_1.get("search", 0), n),
        "meeting_hit_at_3_ratio": ratio(scores.meeting_at_3.get("search", 0), n),
    }
    for m in MODES:
        figures[f"meeting_hit_at_1_{m}_ratio"] = ratio(scores.meeting_at_1.get(m, 0), n)
        figures[f"meeting_hit_at_3_{m}_ratio"] = ratio(scores.meeting_at_3.get(m, 0), n)
    for m in PASSAGE_MODES:
        figures[f"passage_recall_at_5_{m}_ratio"] = ratio(scores.passage_at_5.get(m, 0), n)
        figures[f"passage_recall_at_10_{m}_ratio"] = ratio(scores.passage_at_10.get(m, 0), n)
    for half in "AB":
        for m in PASSAGE_MODES:
            got = [h for sp, mode, h in scores.at_10_by_split if sp == half and mode == m]
            figures[f"passage_recall_at_10_{m}_split_{half.lower()}_ratio"] = ratio(
                sum(got), len(got)
            )
    for m in cols:
        figures[f"query_ms_{m}_median"] = round(medians[m], 1)
    return figures


async def main(meetings: dict[str, dict[str, Any]], queries: list[Query]) -> dict[str, Any]:
    """Load the meetings into a fresh server, ask every query, print and return figures."""
    with tempfile.TemporaryDirectory(prefix="hivebrain-bench-") as tmp:
        server = EmbeddedServer(Path(tmp))
        url = await server.ensure_running()
        try:
            settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=True)
            async with Brain(settings) as brain:
                await brain.create_tenant("qmsum")
                graph = await brain.tenant("qmsum")
                lines, load_s = await load(graph, meetings)
                # A running server is warm: the first single-text encodes are slow.
                assert graph.embedder is not None
                for query in queries[:5]:
                    await graph.embedder.embed([query.text])
                scores = Scores()
                for query in queries:
                    await evaluate(graph, query, scores)
                return report(scores, len(queries), lines, load_s)
        finally:
            await server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--meetings", type=Path, default=DEFAULT_MEETINGS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    meetings: dict[str, dict[str, Any]] = {}
    queries: list[Query] = []
    for path in need_files(args.meetings, "*.json"):
        meetings[path.stem], found = read_queries(path)
        queries.extend(found)
    figures = asyncio.run(main(meetings, queries))
    print(json.dumps(figures))
