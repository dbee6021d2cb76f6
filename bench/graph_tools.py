"""Benchmark: the graph tools on a graph the size of the reference business, each beside
the plain query a newcomer would write for the same answer, measured in the same run.

The graph is `bench.scale_graph.benchmark_graph` (37,240 nodes, 49,983 edges, ~5% closed),
loaded once with embeddings into an embedded FalkorDB under bench/out/ (reused by later
runs). Figures are medians of repeated calls. Reference timings of the product we
measure against (laptop): what breaks 5-16 ms (1 hop) / 7-36 ms (4 hops), 3 shortest
paths of up to 6 hops 135-218 ms, PageRank 696 ms first / 12 ms cached, topics 136 ms,
full-text under 1.2 ms.

Run: .venv/bin/python bench/graph_tools.py [--runs 7] [--fresh]
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scale_graph import benchmark_graph  # noqa: E402
from brain import Brain, BrainSettings, TenantGraph, now_ms  # noqa: E402
from brain.db import EmbeddedServer  # noqa: E402
from brain.reads import (  # noqa: E402  # noqa: E402
    clear_cache,  # noqa: E402
    fulltext_query,  # noqa: E402
    lookup,
    path,  # noqa: E402
    rank,
    topics,
    what_breaks,
)
from brain.reads.search import (  # noqa: E402
    POOL,
    search,
    search_query,  # noqa: E402
)

DATA = Path(__file__).resolve().parent / "out" / "graph-tools"
SLUG = "bench-tools"
NODES, EDGES = 37_240, 49_983
HUB = "account-00000"
BROAD_QUERY = "instagram token refresh"
FULLTEXT_QUERIES = (
    "instagram token",
    "checkout release",
    "payment failures",
    "roast schedule",
    "cafe loyalty",
    BROAD_QUERY,
)

NAMED = ("Fix Instagram token refresh", "Checkout release #365", "Payment failures #225")
UNKNOWN = ("the moon", "Checkout release #99999")

NEWCOMER_BREAKS = """
MATCH (x {id: $id})<-[:DEPENDS_ON|AFFECTS|BLOCKS*1..HOPS]-(y)
RETURN DISTINCT y.id
"""
NEWCOMER_PATHS = """
MATCH (a {id: $a}), (b {id: $b})
CALL algo.SPpaths({sourceNode: a, targetNode: b, relDirection: 'both', maxLen: 6, pathCount: 3})
YIELD path
RETURN path
"""
NEWCOMER_PAGERANK = """
CALL algo.pageRank(NULL, NULL) YIELD node, score
RETURN node.id, score ORDER BY score DESC LIMIT 20
"""
NEWCOMER_TOPICS = """
CALL algo.labelPropagation({maxIterations: 10}) YIELD node, communityId
RETURN communityId, count(*) AS size ORDER BY size DESC LIMIT 10
"""
# search's full-text query as it was sent before, with both filters always in the text
FILTERS_ALWAYS = """
CALL db.idx.fulltext.queryNodes('Searchable', $q) YIELD node, score
WITH node, score
WHERE ($types IS NULL OR node.type IN $types)
  AND ($now OR coalesce(node.firstAsOf, node.asOf, 0) <= $t)
WITH node, score ORDER BY score DESC, ID(node) LIMIT $k
RETURN node.id, node.type, node.name, node.src, node.asOf, node.sample, score, NULL
"""
NEWCOMER_NAME = """
MATCH (n) WHERE toLower(n.name) = toLower($name)
RETURN n.id, n.name LIMIT 5
"""
NEWCOMER_SEARCH = """
MATCH (n) WHERE toLower(n.name) CONTAINS $word
RETURN n.id, n.name LIMIT 10
"""


async def timed(fn: Callable[[], Awaitable[Any]], runs: int) -> tuple[float, Any]:
    """Median milliseconds of ``runs`` calls, and the last result."""
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = await fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), result


async def load(brain: Brain) -> TenantGraph:
    """The benchmark tenant, loaded once (with embeddings) and reused."""
    assert brain.registry is not None
    if await brain.registry.exists(SLUG):
        graph = await brain.tenant(SLUG)
        count = (await graph.ro_query("count", "MATCH (n:Entity) RETURN count(n)")).scalar(0)
        if count >= NODES:
            return graph
        await brain.erase_tenant(SLUG)
    await brain.create_tenant(SLUG)
    graph = await brain.tenant(SLUG)
    started = time.perf_counter()
    batch: list[tuple[int, dict[str, Any]]] = []
    for i, fact in enumerate(benchmark_graph(nodes=NODES, edges=EDGES, today=date.today()), 1):
        batch.append((i, fact))
        if len(batch) == 5_000:
            await graph.write_facts(batch)
            batch = []
    if batch:
        await graph.write_facts(batch)
    print(
        f"loaded {NODES:,} nodes / {EDGES:,} edges with embeddings in "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )
    if brain.server is not None:
        await brain.server.compact()
    return graph


async def bump(graph: TenantGraph, i: int) -> None:
    """One small write, so the next rank/topics/path call is a first call."""
    await graph.write_facts(
        [
            (
                1,
                {
                    "node": {
                        "type": "Note",
                        "id": f"bench-note-{i}",
                        "name": f"bench note {i}",
                        "src": "bench",
                        "asOf": "2026-01-01",
                    }
                },
            )
        ]
    )


async def main(runs: int, fresh: bool) -> dict[str, float]:
    if fresh and DATA.exists():
        shutil.rmtree(DATA)
    DATA.mkdir(parents=True, exist_ok=True)
    server = EmbeddedServer(DATA)
    url = await server.ensure_running()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    figures: dict[str, float] = {}
    async with Brain(BrainSettings(falkordb_url=url)) as brain:
        graph = await load(brain)
        t = now_ms()
        raw = graph.ro_query

        # a thing by its exact name, as a desk asks for it (any case), and a name not held
        name_ms, unknown_ms = [], []
        for name in NAMED:
            ms, res = await timed(lambda n=name: lookup(graph, n.upper(), as_of_ms=t), runs)
            assert res.found, name
            name_ms.append(ms)
        for name in UNKNOWN:
            ms, res = await timed(lambda n=name: lookup(graph, n, as_of_ms=t), runs)
            assert not res.found, name
            unknown_ms.append(ms)
        figures["lookup_name_ms"] = statistics.median(name_ms)
        figures["lookup_unknown_ms"] = statistics.median(unknown_ms)
        figures["newcomer_name_ms"], _ = await timed(
            lambda: raw("newcomer", NEWCOMER_NAME, {"name": NAMED[0]}, timeout_ms=60_000), runs
        )

        figures["what_breaks_1hop_ms"], _ = await timed(
            lambda: what_breaks(graph, HUB, as_of_ms=t, hops=1), runs
        )
        figures["newcomer_breaks_1hop_ms"], _ = await timed(
            lambda: raw(
                "newcomer", NEWCOMER_BREAKS.replace("HOPS", "1"), {"id": HUB}, timeout_ms=60_000
            ),
            runs,
        )
        figures["what_breaks_4hop_ms"], far = await timed(
            lambda: what_breaks(graph, HUB, as_of_ms=t, hops=4), runs
        )
        figures["newcomer_breaks_4hop_ms"], _ = await timed(
            lambda: raw(
                "newcomer", NEWCOMER_BREAKS.replace("HOPS", "4"), {"id": HUB}, timeout_ms=60_000
            ),
            runs,
        )

        target = far.data["by_hop"][-1]["items"][0]["id"]
        paths_first = []
        for i in range(max(3, runs // 2)):
            await bump(graph, i)
            clear_cache()
            started = time.perf_counter()
            await path(graph, [HUB, target], as_of_ms=now_ms(), max_hops=6)
            paths_first.append((time.perf_counter() - started) * 1000)
        figures["path_first_ms"] = statistics.median(paths_first)
        t2 = now_ms()
        figures["path_cached_ms"], found = await timed(
            lambda: path(graph, [HUB, target], as_of_ms=t2, max_hops=6), runs
        )
        figures["newcomer_sppaths_ms"], _ = await timed(
            lambda: raw("newcomer", NEWCOMER_PATHS, {"a": HUB, "b": target}, timeout_ms=60_000), 3
        )

        firsts = []
        for i in range(max(3, runs // 2)):
            await bump(graph, 100 + i)
            clear_cache()
            started = time.perf_counter()
            await rank(graph, as_of_ms=now_ms())
            firsts.append((time.perf_counter() - started) * 1000)
        figures["rank_first_ms"] = statistics.median(firsts)
        t3 = now_ms()
        figures["rank_cached_ms"], _ = await timed(lambda: rank(graph, as_of_ms=t3), runs)
        figures["newcomer_pagerank_ms"], _ = await timed(
            lambda: raw("newcomer", NEWCOMER_PAGERANK, {}, timeout_ms=60_000), runs
        )
        figures["topics_cached_copy_ms"], _ = await timed(lambda: topics(graph, as_of_ms=t3), 1)
        figures["topics_ms"], _ = await timed(lambda: topics(graph, as_of_ms=t3), runs)
        figures["newcomer_label_propagation_ms"], _ = await timed(
            lambda: raw("newcomer", NEWCOMER_TOPICS, {}, timeout_ms=60_000), runs
        )

        # search's full-text query as search sends it (its pool of 30), over a few
        # realistic questions, selective and broad; beside it the query it sent before
        ft_query = search_query("text", typed=False, dated=False)
        now_reads, before = {}, {}
        for text in FULLTEXT_QUERIES:
            p = {"q": fulltext_query(text), "t": now_ms(), "types": None, "k": POOL, "now": True}
            now_reads[text], _ = await timed(lambda p=p: graph.read("ft", ft_query, p), runs * 5)
            before[text], _ = await timed(lambda p=p: graph.read("ft", FILTERS_ALWAYS, p), runs * 5)
        figures["fulltext_ms"] = statistics.median(now_reads.values())
        figures["fulltext_broad_ms"] = now_reads[BROAD_QUERY]
        figures["fulltext_before_ms"] = statistics.median(before.values())
        figures["fulltext_before_broad_ms"] = before[BROAD_QUERY]
        figures["search_fused_ms"], _ = await timed(
            lambda: search(graph, "instagram token refresh", as_of_ms=now_ms()), runs
        )
        figures["newcomer_contains_ms"], _ = await timed(
            lambda: raw("newcomer", NEWCOMER_SEARCH, {"word": "token"}, timeout_ms=60_000), runs
        )
        figures["path_hops"] = float(found.data["pairs"][0]["hops"] or 0)
        figures["what_breaks_4hop_rows"] = float(far.data["total"])
    await server.stop()
    return figures


def report(f: dict[str, float]) -> None:
    rows = [
        ("lookup by exact name", f["lookup_name_ms"], f["newcomer_name_ms"], "-"),
        ("lookup of a name not held", f["lookup_unknown_ms"], f["newcomer_name_ms"], "-"),
        ("what breaks, 1 hop", f["what_breaks_1hop_ms"], f["newcomer_breaks_1hop_ms"], "5-16"),
        ("what breaks, 4 hops", f["what_breaks_4hop_ms"], f["newcomer_breaks_4hop_ms"], "7-36"),
        ("3 paths <= 6 hops, first", f["path_first_ms"], f["newcomer_sppaths_ms"], "135-218"),
        ("3 paths <= 6 hops, cached", f["path_cached_ms"], f["newcomer_sppaths_ms"], "135-218"),
        ("PageRank, first call", f["rank_first_ms"], f["newcomer_pagerank_ms"], "696"),
        ("PageRank, cached", f["rank_cached_ms"], f["newcomer_pagerank_ms"], "12"),
        ("topics", f["topics_ms"], f["newcomer_label_propagation_ms"], "136"),
        ("full-text, median of 6 queries", f["fulltext_ms"], f["newcomer_contains_ms"], "< 1.2"),
        ("full-text, broadest of them", f["fulltext_broad_ms"], f["newcomer_contains_ms"], "< 1.2"),
        ("  filters always sent, median", f["fulltext_before_ms"], f["newcomer_contains_ms"], "-"),
        ("  and the broadest", f["fulltext_before_broad_ms"], f["newcomer_contains_ms"], "-"),
        ("search, four lists fused", f["search_fused_ms"], f["newcomer_contains_ms"], "-"),
    ]
    print(f"{'tool':30} {'hivebrain ms':>13} {'newcomer ms':>12} {'reference ms':>13}")
    for name, ours, theirs, ref in rows:
        print(f"{name:30} {ours:13.2f} {theirs:12.1f} {ref:>13}")
    print(
        f"(4-hop walk: {f['what_breaks_4hop_rows']:.0f} things; path found with "
        f"{f['path_hops']:.0f} hops; newcomer queries ignore closed edges and direction)\n"
        "(full-text: the query search sends for a 'now' read with no type filter, top 30; "
        "'filters always sent' is the same query with both filters as $x IS NULL OR ... tests)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fresh", action="store_true", help="rebuild the graph from scratch")
    args = parser.parse_args()
    result = asyncio.run(main(args.runs, args.fresh))
    report(result)
    print(json.dumps({k: round(v, 2) for k, v in result.items()}))
