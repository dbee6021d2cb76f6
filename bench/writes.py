"""Benchmark: the gated, two-clock write path, and how fast the brain is ready after a restart.

Runs its own embedded FalkorDB in a temporary directory (never ./.hivebrain), loads a
synthetic business through ``TenantGraph.write_facts`` (the full gate and the two-clock
edge statement, exactly as ``hivebrain ingest facts`` does), then measures:

* load rate: edge facts per second, median of N runs, each into a fresh tenant;
* replay rate: the same facts again (every one must come back unchanged);
* restart: ``stop`` then ``ensure_running`` + ``Brain.tenant`` (indexes operational) + a
  first full-text query that answers, after ``compact()``; and the same after SIGKILL.

Node text is not embedded in those (``hivebrain_embeddings=False``). Then, with
embeddings on (``bench/write_loads.py``), the two bulk loads the targets are set on, each
beside today's way (the code of ``write_loads.BASELINE_REV``, run in a subprocess in the
same run): the seed-sized business (37,240 nodes, 49,983 edges) in one ``write_facts``
call, and the six shared GitHub histories through ``load_github``.

Run: ``.venv/bin/python bench/writes.py`` (``--quick`` for a 10k-edge smoke run without
the bulk loads; ``--baseline none`` skips today's way, which takes minutes).
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from brain import Brain, BrainSettings, EmbeddedServer, WriteReport

sys.path.insert(0, str(Path(__file__).resolve().parent))
import write_loads  # noqa: E402  # bench/ is a folder of scripts, not a package

log = logging.getLogger("bench.writes")
console = Console(stderr=True)

#: Share of node ids per type (of ``--nodes``).
NODE_MIX = {"Person": 0.10, "Task": 0.40, "Service": 0.15, "Account": 0.20, "Tool": 0.15}
#: Share of edge facts per kind (of ``--edges``).
EDGE_MIX = {"OWNS": 0.40, "DEPENDS_ON": 0.35, "AFFECTS": 0.25}
UNTIL_SHARE = 0.05
TIE_SHARE = 0.03
PAIR_AGAIN_SHARE = 0.2
SOURCES = ("slack", "sheet", "crm", "standup", "github")
START = date(2024, 1, 1)

READ_FULLTEXT = """
CALL db.idx.fulltext.queryNodes('Searchable', $q) YIELD node, score
RETURN node.id, score
ORDER BY score DESC
LIMIT 10
"""
COUNT_EDGES = """
MATCH (:Entity)-[e]->(:Entity)
RETURN count(e), sum(CASE WHEN e.until IS NULL THEN 1 ELSE 0 END)
"""


@dataclass(slots=True)
class Workload:
    """Node facts, edge facts (in arrival order), and how many distinct edges they make."""

    nodes: list[tuple[int, dict[str, Any]]]
    edges: list[tuple[int, dict[str, Any]]]
    distinct_edges: int
    by_kind: dict[str, int] = field(default_factory=dict)


def day(n: int) -> str:
    return (START + timedelta(days=n)).isoformat()


def make_workload(n_nodes: int, n_edges: int, *, seed: int = 2026) -> Workload:
    """A synthetic business: owners changing hands, dependencies coming and going."""
    rng = random.Random(seed)
    ids: dict[str, list[str]] = {}
    nodes: list[dict[str, Any]] = []
    for node_type, share in NODE_MIX.items():
        count = max(2, int(n_nodes * share))
        ids[node_type] = [f"{node_type.lower()}-{i:06d}" for i in range(count)]
        for i, node_id in enumerate(ids[node_type]):
            nodes.append(
                {
                    "node": {
                        "type": node_type,
                        "id": node_id,
                        "name": f"{node_type} {i:06d}",
                        "src": "bench",
                        "asOf": day(0),
                    }
                }
            )

    edges: list[dict[str, Any]] = []
    keys: set[tuple[str, str, str, str]] = set()
    by_kind: dict[str, int] = {}

    def add(
        from_id: str, rel: str, to_id: str, since: int, *, as_of: int, until: int | None
    ) -> None:
        raw: dict[str, Any] = {
            "from": from_id,
            "type": rel,
            "to": to_id,
            "since": day(since),
            "src": rng.choice(SOURCES),
            "asOf": day(as_of),
        }
        if until is not None:
            raw["until"] = day(until)
        edges.append({"edge": raw})
        keys.add((from_id, rel, to_id, raw["since"]))
        by_kind[rel] = by_kind.get(rel, 0) + 1

    # One-holder slots: each Task passes through successive owners; a few ties.
    owns_target = int(n_edges * EDGE_MIX["OWNS"])
    persons, tasks = ids["Person"], ids["Task"]
    task_i = 0
    while by_kind.get("OWNS", 0) < owns_target:
        task = tasks[task_i % len(tasks)]
        task_i += 1
        since = rng.randrange(0, 200) + 400 * (task_i // len(tasks))
        for _ in range(min(rng.randint(2, 8), owns_target - by_kind.get("OWNS", 0))):
            holder = rng.choice(persons)
            until = since + rng.randint(5, 60) if rng.random() < UNTIL_SHARE else None
            add(holder, "OWNS", task, since, as_of=since + rng.randint(0, 30), until=until)
            if rng.random() < TIE_SHARE and by_kind["OWNS"] < owns_target:
                rival = rng.choice(persons)
                add(rival, "OWNS", task, since, as_of=since + rng.randint(0, 30), until=None)
            since += rng.randint(1, 90)

    # Ordinary pairs: services depend on accounts and tools; tools affect services.
    pair_kinds = [
        ("DEPENDS_ON", "Service", ("Account", "Tool")),
        ("AFFECTS", "Tool", ("Service",)),
    ]
    for rel, from_type, to_types in pair_kinds:
        target = n_edges - len(edges) if rel == "AFFECTS" else int(n_edges * EDGE_MIX[rel])
        made = 0
        seen: list[tuple[str, str]] = []
        while made < target:
            if seen and rng.random() < PAIR_AGAIN_SHARE:  # the same pair again, later on
                from_id, to_id = rng.choice(seen)
            else:
                from_id = rng.choice(ids[from_type])
                to_id = rng.choice(ids[rng.choice(to_types)])
                seen.append((from_id, to_id))
            since = rng.randrange(0, 700)
            until = since + rng.randint(10, 200) if rng.random() < UNTIL_SHARE else None
            add(from_id, rel, to_id, since, as_of=since + rng.randint(0, 60), until=until)
            made += 1

    rng.shuffle(edges)  # arrival order is random: late facts and ties arrive in any order
    return Workload(
        nodes=list(enumerate(nodes, 1)),
        edges=list(enumerate(edges, len(nodes) + 1)),
        distinct_edges=len(keys),
        by_kind=by_kind,
    )


@dataclass(slots=True)
class LoadRun:
    nodes_s: float
    edges_s: float
    report: WriteReport
    edges_in_graph: int
    open_edges: int


async def load_once(brain: Brain, slug: str, work: Workload) -> LoadRun:
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    began = time.perf_counter()
    node_report = await graph.write_facts(work.nodes)
    nodes_s = time.perf_counter() - began
    if node_report.refused:
        raise SystemExit(f"node facts refused: {node_report.refusals[:3]}")
    began = time.perf_counter()
    report = await graph.write_facts(work.edges)
    edges_s = time.perf_counter() - began
    if report.refused:
        raise SystemExit(f"edge facts refused: {report.refusals[:3]}")
    res = await graph.ro_query("bench count", COUNT_EDGES, timeout_ms=60_000)
    total, open_ = res.rows[0]
    return LoadRun(nodes_s, edges_s, report, int(total), int(open_ or 0))


async def ready_after(
    server: EmbeddedServer, settings: BrainSettings, slug: str
) -> tuple[float, int]:
    """Start (or find) the server, open the tenant, and answer a first full-text query."""
    began = time.perf_counter()
    await server.ensure_running()
    brain = Brain(settings)
    await brain.start()
    try:
        graph = await brain.tenant(slug)  # waits until every index is OPERATIONAL
        res = await graph.ro_query("bench fulltext", READ_FULLTEXT, {"q": "Service"})
        elapsed = time.perf_counter() - began
    finally:
        await brain.close()
    return elapsed, len(res.rows)


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


async def main(args: argparse.Namespace) -> dict[str, Any]:
    n_nodes, n_edges = (2_000, 10_000) if args.quick else (args.nodes, args.edges)
    if not args.quick:  # the bulk loads read the GitHub histories: stop now if they are missing
        write_loads.github_files(args.repos)
    root = Path(tempfile.mkdtemp(prefix="hb-bench-writes-"))
    server = EmbeddedServer(root / "data")
    figures: dict[str, Any] = {}
    try:
        url = await server.ensure_running()
        settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=False)
        began = time.perf_counter()
        work = make_workload(n_nodes, n_edges)
        console.print(
            f"workload: {len(work.nodes):,} nodes, {len(work.edges):,} edge facts "
            f"({', '.join(f'{k} {v:,}' for k, v in work.by_kind.items())}), "
            f"{work.distinct_edges:,} distinct edges; "
            f"generated in {time.perf_counter() - began:.1f} s"
        )

        runs: list[LoadRun] = []
        slugs: list[str] = []
        async with Brain(settings) as brain:
            for i in range(args.runs):
                slug = f"bench-{i}"
                run = await load_once(brain, slug, work)
                runs.append(run)
                slugs.append(slug)
                console.print(
                    f"run {i + 1}: nodes {len(work.nodes) / run.nodes_s:,.0f}/s, edges "
                    f"{len(work.edges) / run.edges_s:,.0f}/s ({run.edges_s:.1f} s); created "
                    f"{run.report.created:,}, closed {run.report.closed:,}, updated "
                    f"{run.report.updated:,}, unchanged {run.report.unchanged:,}"
                )
                if run.edges_in_graph != work.distinct_edges:
                    raise SystemExit(
                        f"graph holds {run.edges_in_graph:,} edges, "
                        f"expected {work.distinct_edges:,}"
                    )
            keep = slugs[-1]
            graph = await brain.tenant(keep)
            replays: list[float] = []
            for _ in range(args.runs):
                began = time.perf_counter()
                replay = await graph.write_facts(work.edges)
                replays.append(time.perf_counter() - began)
                if replay.unchanged != len(work.edges) or replay.created or replay.closed:
                    raise SystemExit(f"replay changed the graph: {replay.as_dict()}")
            for slug in slugs[:-1]:  # restarts below measure one tenant of this size
                await brain.erase_tenant(slug)

        aof_before = (await server.status()).aof_bytes
        began = time.perf_counter()
        await server.compact()
        compact_s = time.perf_counter() - began
        aof_after = (await server.status()).aof_bytes

        restarts: list[float] = []
        stops: list[float] = []
        kills: list[float] = []
        answered: list[int] = []
        for _ in range(args.runs):
            began = time.perf_counter()
            await server.stop()
            stops.append(time.perf_counter() - began)
            seconds, rows = await ready_after(server, settings, keep)
            restarts.append(seconds)
            answered.append(rows)
        for _ in range(args.runs):
            await server.kill_hard()
            seconds, rows = await ready_after(server, settings, keep)
            kills.append(seconds)
            answered.append(rows)
        if min(answered) == 0:
            raise SystemExit("a first full-text query after a restart returned no rows")

        edge_rates = [len(work.edges) / r.edges_s for r in runs]
        node_rates = [len(work.nodes) / r.nodes_s for r in runs]
        last = runs[-1]
        figures = {
            "nodes": len(work.nodes),
            "edge_facts": len(work.edges),
            "edges_in_graph": last.edges_in_graph,
            "open_edges": last.open_edges,
            "closed_edges": last.edges_in_graph - last.open_edges,
            "runs": args.runs,
            "edges_per_s": round(statistics.median(edge_rates)),
            "edges_per_s_min": round(min(edge_rates)),
            "nodes_per_s": round(statistics.median(node_rates)),
            "replay_edges_per_s": round(len(work.edges) / statistics.median(replays)),
            "load_s": round(statistics.median(r.edges_s for r in runs), 2),
            "compact_ms": ms(compact_s),
            "stop_ms": ms(statistics.median(stops)),
            "restart_ready_ms": ms(statistics.median(restarts)),
            "restart_with_stop_ms": ms(
                statistics.median(s + r for s, r in zip(stops, restarts, strict=True))
            ),
            "restart_ready_max_ms": ms(max(restarts)),
            "kill9_ready_ms": ms(statistics.median(kills)),
            "kill9_ready_max_ms": ms(max(kills)),
            "aof_before_compact_mb": round(aof_before / 1e6, 2),
            "aof_mb": round(aof_after / 1e6, 2),
            "cpus": os.cpu_count(),
            "load_avg_1m": round(os.getloadavg()[0], 2),  # other work on the machine
            "edges_target_met": statistics.median(edge_rates) >= 5_000,
            "ready_target_met": max(restarts + kills) < 5.0,
        }
        if not args.quick:
            figures.update(await bulk_loads(args, root))
        print_table(figures)
    finally:
        await server.stop()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
        else:
            console.print(f"data kept in {root}")
    return figures


#: Targets of the bulk loads, in seconds (issue 9).
BUSINESS_TARGET_S = 45.0
GITHUB_TARGET_S = 60.0


async def bulk_loads(args: argparse.Namespace, root: Path) -> dict[str, Any]:
    """The two loads with embeddings, new way and (unless ``--baseline none``) today's."""
    out: dict[str, Any] = {}
    files = write_loads.github_files(args.repos)
    for kind, target in (("business", BUSINESS_TARGET_S), ("github", GITHUB_TARGET_S)):
        console.print(f"{kind}: loading the new way ...")
        new = await write_loads.new_way(
            kind, files, data=root / f"new-{kind}", runtime=args.runtime
        )
        out[f"{kind}_s"] = round(new.seconds, 1)
        out[f"{kind}_model_load_s"] = round(new.model_load_s, 1)
        out[f"{kind}_runtime"] = new.runtime
        out[f"{kind}_created"] = new.created
        out[f"{kind}_refused"] = new.refused
        out[f"{kind}_target_met"] = new.seconds <= target
        if kind == "business":
            out["business_nodes_per_s"] = round(new.nodes / new.seconds)
            out["business_edges_per_s"] = round(new.edge_facts / new.seconds)
            out["business_embedded_texts"] = new.embedded
            out["business_embeddings_per_s"] = round(new.embedded / new.seconds)
        else:
            out["github_repos"] = len(files)
        console.print(f"{kind}: {new.seconds:.1f} s ({new.runtime})")
        if args.baseline in ("all", kind):
            console.print(f"{kind}: loading today's way ({write_loads.BASELINE_REV}) ...")
            old = await asyncio.to_thread(write_loads.baseline, kind, files)
            out[f"{kind}_old_s"] = round(old.seconds, 1)
            out[f"{kind}_old_model_load_s"] = round(old.model_load_s, 1)
            out[f"{kind}_old_created"] = old.created
            out[f"{kind}_speedup_ratio"] = round(old.seconds / new.seconds, 2)
            if kind == "business":
                out["business_old_nodes_per_s"] = round(old.nodes / old.seconds)
                out["business_old_embeddings_per_s"] = round(new.embedded / old.seconds)
            console.print(f"{kind}: today's way {old.seconds:.1f} s")
    out["baseline_rev"] = write_loads.BASELINE_REV
    return out


def print_loads(f: dict[str, Any]) -> None:
    if "business_s" not in f:
        return
    table = Table(title="bulk loads with embeddings: new way beside today's, same run")
    for column in ("load", "new", "today's way", "ratio", "target"):
        table.add_column(column, justify="left" if column == "load" else "right")

    def old(key: str, unit: str = " s") -> str:
        return f"{f[key]:,}{unit}" if key in f else "-"

    def ratio(key: str) -> str:
        return f"{f[key]:.1f}x" if key in f else "-"

    def target(limit: float, key: str) -> str:
        return f"<= {limit:.0f} s: {'met' if f[key] else 'MISSED'}"

    business = target(BUSINESS_TARGET_S, "business_target_met")
    github = target(GITHUB_TARGET_S, "github_target_met")
    rows = [
        ("seed-sized business, total", f"{f['business_s']:,} s", old("business_old_s"),
         ratio("business_speedup_ratio"), business),
        ("  nodes/s", f"{f['business_nodes_per_s']:,}", old("business_old_nodes_per_s", ""),
         "", ""),
        ("  embeddings/s", f"{f['business_embeddings_per_s']:,}",
         old("business_old_embeddings_per_s", ""), "", ""),
        ("  model load (before the clock)", f"{f['business_model_load_s']} s",
         old("business_old_model_load_s"), "", ""),
        (f"six-repo GitHub ingest ({f['github_repos']} files)", f"{f['github_s']:,} s",
         old("github_old_s"), ratio("github_speedup_ratio"), github),
    ]  # fmt: skip
    for row in rows:
        table.add_row(*row)
    Console().print(table)
    Console().print(
        f"new: {f['business_runtime']}; today's way: sentence-transformers at "
        f"{f['baseline_rev']}. {f['business_embedded_texts']:,} distinct texts embedded in "
        "the business load; the first model load of the new way includes the one-time ONNX "
        "export."
    )


def print_table(f: dict[str, Any]) -> None:
    table = Table(title="hivebrain write path (embedded FalkorDB)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    edges = f"{f['edges_in_graph']:,} ({f['open_edges']:,} / {f['closed_edges']:,})"
    restart = f"{f['restart_ready_ms']:,.0f} / {f['restart_ready_max_ms']:,.0f} ms"
    kill9 = f"{f['kill9_ready_ms']:,.0f} / {f['kill9_ready_max_ms']:,.0f} ms"
    rows = [
        ("nodes / edge facts", f"{f['nodes']:,} / {f['edge_facts']:,}", ""),
        ("edges in graph (open / closed)", edges, ""),
        ("node load", f"{f['nodes_per_s']:,} nodes/s", ""),
        (f"edge load, median of {f['runs']}", f"{f['edges_per_s']:,} edges/s", ">= 5,000"),
        ("edge load, slowest run", f"{f['edges_per_s_min']:,} edges/s", ""),
        ("replay (all unchanged)", f"{f['replay_edges_per_s']:,} edges/s", ""),
        ("compact (BGREWRITEAOF)", f"{f['compact_ms']:,.0f} ms", ""),
        ("AOF before / after compact", f"{f['aof_before_compact_mb']} / {f['aof_mb']} MB", ""),
        ("clean stop", f"{f['stop_ms']:,.0f} ms", ""),
        ("restart -> ready (median / max)", restart, "< 5,000"),
        ("stop + restart -> ready (median)", f"{f['restart_with_stop_ms']:,.0f} ms", "< 5,000"),
        ("kill -9 -> ready (median / max)", kill9, "< 5,000"),
    ]
    for row in rows:
        table.add_row(*row)
    Console().print(table)
    print_loads(f)
    Console().print(
        f"{f['cpus']} CPUs, load average {f['load_avg_1m']} at the end of the run. "
        "ready = ensure_running + Brain.tenant (indexes OPERATIONAL) + first full-text query "
        "answering; edge load = TenantGraph.write_facts with the gate and two-clock statement."
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10k edge facts, 2k nodes")
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--edges", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    parser.add_argument(
        "--baseline",
        choices=("all", "business", "github", "none"),
        default="all",
        help="which bulk loads to also run today's way (minutes each)",
    )
    parser.add_argument(
        "--repos", default="*.jsonl.gz", help="glob of the GitHub histories to load"
    )
    parser.add_argument(
        "--runtime",
        choices=("onnx", "onnx-int8", "sentence-transformers"),
        default="onnx",
        help="embedding runtime of the new way (today's way is always sentence-transformers)",
    )
    return parser.parse_args()


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    result = asyncio.run(main(parse_args()))
    sys.stdout.write(json.dumps(result) + "\n")
