"""Benchmark: the write path under faults, concurrent writers, bad input and huge queries.

Runs its own embedded FalkorDB in a temporary directory (never ./.hivebrain) and drives
the real ``hivebrain`` command in subprocesses, as a user would, trying:

* ``kill -9`` of the database and of the ingest process at a random point while nodes,
  edges or embeddings are being written, then the same ingest again: the graph must
  equal a clean load of the same file (facts lost: target 0), with every embedding;
* two ingest processes at once over the same 3,000 nodes with opposite ``asOf``, and
  over the same 300 one-holder slots: the result must equal the one-by-one result
  (wrong winners: target 0);
* a corpus of bad lines (forged cards, record-clock keys, dates past 2200, numbers past
  64 bits, 1e309, NaN, long lists, NUL, lone surrogates, deep nesting, broken refusal
  lines): each refused with its line, the good lines loaded;
* oversized queries through ``hivebrain query`` and the cypher tool over a tenant with
  embeddings: peak client memory (target under 1 GB) and one clear line, never a
  traceback (tracebacks shown: target 0);
* the surfaces of issue 28 (``bench/faults_surfaces.py``): meetings, documents, webhooks,
  GitHub, export, settings, cards and captions tried as an attacker or a careless user
  would: records lost, mixed, leaked, reads unbounded (each target 0).

Prints one table (tried / expected / happened / held), then the figures; the last line
is one JSON object. Run: ``.venv/bin/python bench/faults.py`` (``--seed N``, ``--keep``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, LiteralString

from faults_surfaces import SurfaceFigures, surface_cases  # bench/, beside this file
from rich.console import Console
from rich.table import Table

from brain import Brain, BrainSettings, EmbeddedServer, TenantGraph

console = Console(stderr=True)
HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
OLD, NEW = "2026-01-01", "2026-06-01"
PROCESS_TIMEOUT_S = 300


@dataclass
class Case:
    """One row of the table."""

    tried: str
    expected: str
    happened: str
    held: bool


@dataclass
class Figures:
    facts_lost: int = 0
    wrong_winners: int = 0
    tracebacks: int = 0
    missing_embeddings: int = 0
    worst_query_client_mb: float = 0.0
    worst_query_server_mb: float = 0.0
    surfaces: SurfaceFigures | None = None


# --- data -----------------------------------------------------------------------------------


def business(n_nodes: int, n_edges: int, *, rng: random.Random) -> list[dict[str, Any]]:
    """A synthetic business: people, tasks and services, owners and dependencies."""
    people = max(n_nodes // 10, 2)
    services = max(n_nodes // 5, 2)
    tasks = max(n_nodes - people - services, 2)
    facts: list[dict[str, Any]] = []
    for i in range(people):
        facts.append({"node": {"type": "Person", "id": f"p{i}", "name": f"Person {i}",
                               "src": "hr", "asOf": OLD}})  # fmt: skip
    for i in range(services):
        facts.append({"node": {"type": "Service", "id": f"s{i}", "name": f"Service {i}",
                               "text": f"runs part {i} of the shop", "src": "ops",
                               "asOf": OLD}})  # fmt: skip
    for i in range(tasks):
        facts.append({"node": {"type": "Task", "id": f"t{i}", "name": f"Task {i}",
                               "status": "open", "src": "pm", "asOf": OLD}})  # fmt: skip
    for k in range(n_edges):
        day = f"2026-{1 + k % 12:02d}-{1 + k % 27:02d}"
        if k % 2:
            edge = {"from": f"p{rng.randrange(people)}", "type": "OWNS",
                    "to": f"t{rng.randrange(tasks)}"}  # fmt: skip
        else:
            a, b = rng.randrange(services), rng.randrange(services)
            b = b if b != a else (a + 1) % services
            edge = {"from": f"s{a}", "type": "DEPENDS_ON", "to": f"s{b}"}
        facts.append({"edge": {**edge, "since": day, "src": "crm", "asOf": day}})
    return facts


def write_jsonl(path: Path, facts: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(f) + "\n" for f in facts), encoding="utf-8")
    return path


BAD_LINES: list[tuple[str, str]] = [
    ('{"node": {"type": "Card", "id": "card-x", "kind": "refund", "status": "pending", '
     '"src": "f", "asOf": "2026-01-01"}}', "forged approval card"),
    ('{"node": {"type": "Turn", "id": "turn-x", "src": "f", "asOf": "2026-01-01"}}', "forged turn"),
    ('{"node": {"type": "Task", "id": "b1", "src": "f", "asOf": "2026-01-01", '
     '"recordedAt": "2020-01-01"}}', "backdated recordedAt"),
    ('{"node": {"type": "Task", "id": "b2", "src": "f", "asOf": "2026-01-01", '
     '"firstAsOf": "2020-01-01"}}', "backdated firstAsOf"),
    ('{"node": {"type": "Task", "id": "b3", "src": "f", "asOf": 253402300800000}}',
     "asOf past year 9999"),
    ('{"node": {"type": "Task", "id": "b4", "src": "f", "asOf": 1e309}}', "asOf 1e309"),
    ('{"node": {"type": "Task", "id": "b5", "src": "f", "asOf": "2026-01-01", '
     '"points": 99999999999999999999}}', "integer past 64 bits"),
    ('{"node": {"type": "Task", "id": "b6", "src": "f", "asOf": "2026-01-01", "w": NaN}}', "NaN"),
    ('{"node": {"type": "Task", "id": "b7", "src": "f", "asOf": "2026-01-01", "tags": ['
     + ",".join(["1"] * 5000) + "]}}", "list of 5,000 items"),
    ('{"node": {"type": "Task", "id": "b8", "name": "a\\u0000b", "src": "f", '
     '"asOf": "2026-01-01"}}', "NUL in a name"),
    ('{"node": {"type": "Task", "id": "b9", "name": "a\\ud800b", "src": "f", '
     '"asOf": "2026-01-01"}}', "lone surrogate"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested 100,000 deep"),
    ('{"refusal": {"at": "yesterday", "line": 1, "reason": "x"}}', "malformed refusal line"),
    ('{"node": {"type": "Observation", "id": "o1", "src": "f", "asOf": "2026-01-01", '
     '"value": 1e400, "start": "2026-01-01", "end": "2026-01-02"}}', "reading value 1e400"),
    ('{"node": {"type": "Task", "id": "b10", "src": "f", "asOf": "2026-01-01", '
     '"n": ' + "9" * 5000 + "}}", "integer of 5,000 digits"),
]  # fmt: skip
GOOD_LINES = [
    '{"node": {"type": "Person", "id": "good", "name": "Good", "src": "f", "asOf": "2026-01-01"}}',
    '{"node": {"type": "Task", "id": "good-t", "name": "T", "src": "f", "asOf": "2026-01-01"}}',
    '{"edge": {"from": "good", "type": "OWNS", "to": "good-t", "since": "2026-01-01", '
    '"src": "f", "asOf": "2026-01-01"}}',
]


# --- running the CLI ----------------------------------------------------------------------


class Runner:
    """Runs ``hivebrain`` against the benchmark's server and counts tracebacks."""

    def __init__(self, url: str, data_dir: Path, figures: Figures) -> None:
        self.url = url
        self.data_dir = data_dir
        self.figures = figures

    def env(self, *, embeddings: bool) -> dict[str, str]:
        return {
            **os.environ,
            "FALKORDB_URL": self.url,
            "HIVEBRAIN_EMBEDDINGS": "true" if embeddings else "false",
            "HIVEBRAIN_DATA_DIR": str(self.data_dir),
            "HF_HUB_OFFLINE": "1",
            "COLUMNS": "200",
        }

    def start(self, *args: str, embeddings: bool = False) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [str(HIVEBRAIN), *args],
            env=self.env(embeddings=embeddings),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def finish(self, proc: subprocess.Popen[str]) -> tuple[int, str, str]:
        """Wait for a process: its exit status and output; counts tracebacks shown."""
        try:
            out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            err += f"\n(the benchmark stopped it after {PROCESS_TIMEOUT_S} s)"
        if "Traceback" in out + err:
            self.figures.tracebacks += 1
        return proc.returncode, out, err

    def run(self, *args: str, embeddings: bool = False) -> tuple[int, str, str]:
        return self.finish(self.start(*args, embeddings=embeddings))


def run_measured(runner: Runner, *args: str) -> tuple[int, str, str, float]:
    """Run a command and read its peak resident memory from its own rusage (wait4)."""
    proc = subprocess.Popen(
        [str(HIVEBRAIN), *args],
        env=runner.env(embeddings=False),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    # read both pipes without deadlock, then reap with wait4 for the child's own rusage
    chunks: dict[str, bytes] = {}

    def drain(name: str, stream: Any) -> None:
        chunks[name] = stream.read()

    threads = [
        threading.Thread(target=drain, args=("out", proc.stdout)),
        threading.Thread(target=drain, args=("err", proc.stderr)),
    ]
    for t in threads:
        t.start()
    _, status, usage = os.wait4(proc.pid, 0)
    for t in threads:
        t.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    out = chunks.get("out", b"").decode(errors="replace")
    err = chunks.get("err", b"").decode(errors="replace")
    if "Traceback" in out + err:
        runner.figures.tracebacks += 1
    return proc.returncode, out, err, usage.ru_maxrss / 1024


# --- reading the graph ------------------------------------------------------------------------

READ_NODES: LiteralString = (
    "MATCH (n:Entity) RETURN n.id, n.type, n.name, n.status, n.asOf ORDER BY n.id LIMIT 1000000"
)
READ_EDGES: LiteralString = """
MATCH (a:Entity)-[e]->(b:Entity)
RETURN a.id, type(e), b.id, e.since, e.until, coalesce(e.lost, false), e.asOf
ORDER BY a.id, type(e), b.id, e.since
LIMIT 2000000
"""
COUNT_NODES: LiteralString = "MATCH (n:Entity) RETURN count(n)"
COUNT_EDGES: LiteralString = "MATCH (:Entity)-[e]->(:Entity) RETURN count(e)"
COUNT_EMBEDDED: LiteralString = "MATCH (n:Searchable) WHERE n.embedding IS NOT NULL RETURN count(n)"
COUNT_SEARCHABLE: LiteralString = "MATCH (n:Searchable) RETURN count(n)"


async def projection(graph: TenantGraph) -> tuple[list[Any], list[Any]]:
    nodes = (await graph.read("nodes", READ_NODES, timeout_ms=60_000)).rows
    edges = (await graph.read("edges", READ_EDGES, timeout_ms=60_000)).rows
    return [tuple(r) for r in nodes], [tuple(r) for r in edges]


def lost(reference: tuple[list[Any], list[Any]], got: tuple[list[Any], list[Any]]) -> int:
    """Facts of a clean load missing from (or different in) the graph after the fault."""
    missing_nodes = set(reference[0]) - set(got[0])
    missing_edges = set(reference[1]) - set(got[1])
    extra = (set(got[0]) - set(reference[0])) | (set(got[1]) - set(reference[1]))
    return len(missing_nodes) + len(missing_edges) + len(extra)


async def scalar(graph: TenantGraph, cypher: LiteralString) -> int:
    return int((await graph.read("count", cypher, timeout_ms=10_000)).scalar(0) or 0)


# --- the cases --------------------------------------------------------------------------------


class Bench:
    def __init__(self, root: Path, *, seed: int) -> None:
        self.root = root
        self.rng = random.Random(seed)
        # a restart after kill -9 replays the AOF tail: minutes under load (NOTES.md)
        self.server = EmbeddedServer(root / "db", start_timeout_s=600)
        self.figures = Figures()
        self.cases: list[Case] = []
        self.brain: Brain | None = None
        self.runner: Runner | None = None

    async def start(self) -> None:
        url = await self.server.ensure_running()
        self.brain = Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False))
        await self.brain.start()
        self.runner = Runner(url, self.root / "data", self.figures)

    async def reconnect(self) -> None:
        """After a kill of the database: restart it, and a new connection pool."""
        await self.server.ensure_running()
        assert self.brain is not None
        await self.brain.close()
        self.brain = Brain(BrainSettings(falkordb_url=self.server.url, hivebrain_embeddings=False))
        await self.brain.start()

    async def tenant(self) -> TenantGraph:
        assert self.brain is not None
        slug = f"f-{uuid.uuid4().hex[:8]}"
        await self.brain.create_tenant(slug)
        return await self.brain.tenant(slug)

    def add(self, tried: str, expected: str, happened: str, held: bool) -> None:
        self.cases.append(Case(tried, expected, happened, held))
        mark = "[green]held[/green]" if held else "[red]BROKE[/red]"
        console.print(f"{mark} {tried}: {happened}", highlight=False)

    async def kill_during(
        self,
        phase: str,
        victim: str,
        facts: list[dict[str, Any]],
        reached: Callable[[TenantGraph], Any],
        *,
        embeddings: bool = False,
    ) -> None:
        """Start an ingest, kill the database or the ingest once ``phase`` is under way,
        run the same ingest again, and compare with a clean load of the same file."""
        assert self.runner is not None
        path = write_jsonl(self.root / f"kill-{phase}-{victim}.jsonl", facts)
        reference = await self.tenant()
        clean = self.runner.run("ingest", "facts", reference.slug, str(path), "--json")
        assert clean[0] == 0, clean[2]
        want = await projection(reference)
        graph = await self.tenant()
        proc = self.runner.start(
            "ingest", "facts", graph.slug, str(path), "--json", embeddings=embeddings
        )
        killed = False
        deadline = time.monotonic() + 300
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                if await reached(graph):
                    await asyncio.sleep(self.rng.uniform(0.0, 0.15))
                    if victim == "database":
                        await self.server.kill_hard()
                    else:
                        proc.kill()
                    killed = True
                    break
            except Exception:  # the database may be mid-restart; look again
                pass
            await asyncio.sleep(0.02)
        code, _, err = self.runner.finish(proc)
        if victim == "database":
            await self.reconnect()
            graph = await self.brain_tenant(graph.slug)
        rerun = self.runner.run(
            "ingest", "facts", graph.slug, str(path), "--json", embeddings=embeddings
        )
        got = await projection(graph)
        missing = lost(want, got)
        self.figures.facts_lost += missing
        no_vector = 0
        if embeddings:
            no_vector = await scalar(graph, COUNT_SEARCHABLE) - await scalar(graph, COUNT_EMBEDDED)
            self.figures.missing_embeddings += no_vector
        one_line = victim != "database" or (code == 1 and len(err.strip().splitlines()) == 1)
        what = "killed" if killed else "finished before the kill"
        happened = (
            f"{what}; first run exit {code}, rerun exit {rerun[0]}; {missing} facts differ "
            f"from a clean load" + (f"; {no_vector} nodes without embedding" if embeddings else "")
        )
        if not one_line:
            happened += f"; the error was not one line: {err.strip()[:160]!r}"
        expected = "rerun equals a clean load" + (", every node embedded" if embeddings else "")
        self.add(
            f"kill -9 {victim} during {phase}",
            expected,
            happened,
            killed and rerun[0] == 0 and missing == 0 and no_vector == 0 and one_line,
        )

    async def brain_tenant(self, slug: str) -> TenantGraph:
        assert self.brain is not None
        return await self.brain.tenant(slug)

    async def faults(self) -> None:
        nodes_heavy = business(30_000, 0, rng=self.rng)
        edges_heavy = business(2_000, 10_000, rng=self.rng)

        async def in_nodes(g: TenantGraph) -> bool:
            return await scalar(g, COUNT_NODES) > 0

        async def in_edges(g: TenantGraph) -> bool:
            return await scalar(g, COUNT_EDGES) > 0

        async def in_embedding(g: TenantGraph) -> bool:
            return await scalar(g, COUNT_EMBEDDED) > 0

        for victim in ("database", "ingest"):
            await self.kill_during("nodes", victim, nodes_heavy, in_nodes)
            await self.kill_during("edges", victim, edges_heavy, in_edges)
        await self.kill_during(
            "embeddings", "ingest", business(1_000, 500, rng=self.rng), in_embedding,
            embeddings=True,
        )  # fmt: skip

    async def concurrent(self) -> None:
        assert self.runner is not None
        n = 3_000
        services = [
            {"node": {"type": "Service", "id": f"s{i}", "name": f"S{i}", "status": f"as of {d}",
                      "src": "ops", "asOf": d}}
            for d in (OLD, NEW) for i in range(n)
        ]  # fmt: skip
        old = write_jsonl(self.root / "old.jsonl", services[:n])
        new = write_jsonl(self.root / "new.jsonl", services[n:])
        graph = await self.tenant()
        procs = [
            self.runner.start("ingest", "facts", graph.slug, str(p), "--json") for p in (new, old)
        ]
        codes = [self.runner.finish(p)[0] for p in procs]
        rows = (await graph.read("s", "MATCH (n:Service) RETURN n.status LIMIT 100000")).rows
        wrong = sum(1 for (s,) in rows if s != f"as of {NEW}") + (n - len(rows))
        self.figures.wrong_winners += wrong
        self.add(
            "two ingests at once, same 3,000 nodes, opposite asOf",
            "every node holds the newer value",
            f"exit {codes}; {wrong} of {n} hold the older value (or are missing)",
            wrong == 0 and codes == [0, 0],
        )
        # one-holder slots: two owners of the same 300 tasks, the newer source wins
        tasks = [{"node": {"type": "Task", "id": f"t{i}", "name": f"T{i}", "src": "pm",
                           "asOf": OLD}} for i in range(300)]  # fmt: skip
        people = [{"node": {"type": "Person", "id": p, "name": p, "src": "hr", "asOf": OLD}}
                  for p in ("ana", "ben")]  # fmt: skip
        base = write_jsonl(self.root / "base.jsonl", tasks + people)

        def owners(person: str, as_of: str) -> Path:
            edges = [{"edge": {"from": person, "type": "OWNS", "to": f"t{i}", "since": OLD,
                               "src": "crm", "asOf": as_of}} for i in range(300)]  # fmt: skip
            return write_jsonl(self.root / f"own-{person}.jsonl", edges)

        ana, ben = owners("ana", OLD), owners("ben", NEW)
        together, one_by_one = await self.tenant(), await self.tenant()
        for g in (together, one_by_one):
            assert self.runner.run("ingest", "facts", g.slug, str(base))[0] == 0
        procs = [self.runner.start("ingest", "facts", together.slug, str(p)) for p in (ana, ben)]
        codes = [self.runner.finish(p)[0] for p in procs]
        for p in (ben, ana):
            self.runner.run("ingest", "facts", one_by_one.slug, str(p))
        got, want = (await projection(together))[1], (await projection(one_by_one))[1]
        slots_wrong = len(set(got) ^ set(want)) // 2 + abs(len(got) - len(want))
        self.figures.wrong_winners += slots_wrong
        self.add(
            "two ingests at once, same 300 one-holder slots",
            "equals the one-by-one result",
            f"exit {codes}; {slots_wrong} slots differ",
            slots_wrong == 0 and codes == [0, 0],
        )

    async def bad_input(self) -> None:
        assert self.runner is not None
        graph = await self.tenant()
        path = self.root / "bad.jsonl"
        path.write_text("\n".join(GOOD_LINES[:2] + [b for b, _ in BAD_LINES] + GOOD_LINES[2:]))
        code, out, err = self.runner.run("ingest", "facts", graph.slug, str(path), "--json")
        report = json.loads(out) if code == 0 else {"refusals": [], "created": 0}
        lines = {r["line"] for r in report["refusals"]}
        missed = [what for k, (_, what) in enumerate(BAD_LINES) if k + 3 not in lines]
        self.add(
            f"a file of {len(BAD_LINES)} bad lines among 3 good ones",
            "each bad line refused with its line number; the good ones load",
            f"exit {code}; created {report['created']}, refused {len(lines)}"
            + (f"; not refused: {', '.join(missed)}" if missed else "")
            + (f"; {err.strip()[:120]}" if code else ""),
            code == 0 and not missed and report["created"] == 3,
        )
        stats = self.runner.run("tenant", "export", graph.slug, "-o", str(self.root / "x.jsonl"))
        self.add(
            "export the tenant after the bad file",
            "exports (nothing unreadable was stored)",
            f"exit {stats[0]}" + (f": {stats[2].strip()[:120]}" if stats[0] else ""),
            stats[0] == 0,
        )
        deep = str(self._deep())
        for label, args in (
            ("a slug with a trailing newline", ("tenant", "create", "acme\n")),
            ("a meeting file nested 200,000 deep", ("ingest", "meeting", graph.slug, deep)),
            ("a query that does not parse", ("query", graph.slug, "MATCH (a RETURN a")),
            ("a write through query", ("query", graph.slug, "MATCH (n) DETACH DELETE n")),
        ):
            code, _, err = self.runner.run(*args)
            one = code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
            self.add(label, "refused in one line", f"exit {code}: {err.strip()[:100]}", one)

    def _deep(self) -> Path:
        path = self.root / "deep.json"
        path.write_text("[" * 200_000 + "]" * 200_000)
        return path

    async def oversized(self) -> None:
        assert self.runner is not None and self.brain is not None
        graph = await self.tenant()
        # 60 nodes with a 384-dimension embedding each, as a loaded tenant holds them
        rows = [{"id": f"e{i}", "v": [self.rng.random() for _ in range(384)]} for i in range(60)]
        await self.brain.driver.query(
            f"hb_{graph.slug}",
            "bench nodes",
            "UNWIND $rows AS r CREATE (n:Entity:Service:Searchable:SearchableVector {id: r.id, "
            "type: 'Service', name: r.id, src: 'bench', asOf: 0}) SET n.embedding = vecf32(r.v)",
            {"rows": rows},
        )
        worst_client = 0.0
        worst_server = 0.0
        product = "MATCH (a),(b),(c) RETURN "
        for label, args in (
            ("query: 3-way product of whole nodes", ("query", graph.slug, product + "a, b, c")),
            ("query: collect() of a 3-way product", ("query", graph.slug, product + "collect(a)")),
            (
                "cypher tool: collect() of a 3-way product",
                ("tool", graph.slug, "cypher", "--arg", f"query={product}collect(a)"),
            ),
        ):
            before = await self._server_rss_mb()
            started = time.monotonic()
            code, out, err, peak = run_measured(self.runner, *args)
            seconds = time.monotonic() - started
            server_peak = max(before, await self._server_rss_mb())
            worst_client = max(worst_client, peak)
            worst_server = max(worst_server, server_peak)
            answered = code == 0 or (code == 1 and len(err.strip().splitlines()) == 1)
            self.add(
                label,
                "bounded: under 1 GB in the client, one line if refused",
                f"exit {code} in {seconds:.1f} s, client peak {peak:.0f} MB"
                + (f": {err.strip()[:90]}" if code else ""),
                answered and peak < 1024 and "Traceback" not in out + err,
            )
            await self._wait_server_idle()
        self.figures.worst_query_client_mb = round(worst_client, 1)
        self.figures.worst_query_server_mb = round(worst_server, 1)

    async def surfaces(self) -> None:
        self.figures.surfaces = await surface_cases(self)

    async def _server_rss_mb(self) -> float:
        """The server's peak resident memory so far (VmHWM), in MB."""
        status = await self.server.status()
        if status.pid is None:
            return 0.0
        try:
            text = Path(f"/proc/{status.pid}/status").read_text()  # noqa: ASYNC240 -- /proc is memory
        except OSError:
            return 0.0
        for line in text.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0.0

    async def _wait_server_idle(self) -> None:
        """The server goes on building a dropped reply; wait until it answers quickly."""
        assert self.brain is not None
        for _ in range(600):
            started = time.monotonic()
            with contextlib.suppress(Exception):
                await self.brain.driver.command("PING")
            if time.monotonic() - started < 0.05:
                graph_list = await self.brain.driver.command("GRAPH.LIST")
                del graph_list
                return
            await asyncio.sleep(0.5)


def print_table(bench: Bench) -> None:
    table = Table("tried", "expected", "happened", "held", title="faults")
    for c in bench.cases:
        table.add_row(c.tried, c.expected, c.happened, "yes" if c.held else "[red]NO[/red]")
    Console().print(table)


async def main(args: argparse.Namespace) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="hivebrain-faults-"))
    bench = Bench(root, seed=args.seed)
    started = time.monotonic()
    try:
        await bench.start()
        for part in args.parts.split(","):
            await getattr(bench, PARTS[part])()
    finally:
        if bench.brain is not None:
            await bench.brain.close()
        await bench.server.stop()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print_table(bench)
    f = bench.figures
    s = f.surfaces or SurfaceFigures()
    return {
        "cases": len(bench.cases),
        "cases_held": sum(c.held for c in bench.cases),
        "facts_lost": f.facts_lost,
        "records_lost": s.lost,
        "records_mixed": s.mixed,
        "records_leaked": s.leaked,
        "reads_unbounded": s.unbounded,
        "wrong_winners": f.wrong_winners,
        "tracebacks_shown": f.tracebacks,
        "nodes_missing_embedding": f.missing_embeddings,
        "worst_query_client_peak_mb": f.worst_query_client_mb,
        "worst_query_server_peak_mb": f.worst_query_server_mb,
        "run_s": round(time.monotonic() - started, 1),
    }


PARTS = {
    "bad": "bad_input",
    "concurrent": "concurrent",
    "queries": "oversized",
    "kills": "faults",
    "surfaces": "surfaces",
}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"comma-separated, of: {', '.join(PARTS)}"
    )
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    return parser.parse_args()


if __name__ == "__main__":
    figures = asyncio.run(main(parse_args()))
    for key, value in figures.items():
        console.print(f"{key}: {value}")
    print(json.dumps(figures))
