"""bench/scale.py's parts for ingest workers, on one FalkorDB server (the web processes'
parts are in bench/scale_web.py), and the process helpers both share.

* **worker**: a big facts job on the ingest queue; the ``serve --role worker`` process that
  takes it is killed (``kill -9``) mid-job, a second worker claims it once it has been idle
  ``HIVEBRAIN_JOB_IDLE_MS``: the job must be finished once, the tenant equal a clean load.
* **load**: rules-mode questions to one tenant, first on a quiet machine, then while a
  worker (embeddings on) loads documents into another tenant: question p50 / p95 of both,
  and how soon the documents answer by words and by meaning.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp

from agents import TurnOptions, run_turn
from brain import Brain, BrainSettings, tenant_stats
from brain.db import EmbeddedServer
from tests.engines import free_port
from tests.story import owner_facts

if TYPE_CHECKING:
    from bench.scale import Bench

ROOT = Path(__file__).resolve().parents[1]
HIVEBRAIN = ROOT / ".venv" / "bin" / "hivebrain"
QUESTION = "who owns Fix Instagram token refresh?"
#: The exported embedding model, kept with the checkout (exported once).
MODEL_CACHE = ROOT / ".hivebrain" / "models"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def base_env(url: str, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "DISCORD_", "ANTHROPIC_"))
    }
    return {**env, "FALKORDB_URL": url, "HIVEBRAIN_MODEL_CACHE_DIR": str(MODEL_CACHE), **extra}


async def start(role: str, env: dict[str, str], log: Path) -> asyncio.subprocess.Process:
    with log.open("wb") as out:
        return await asyncio.create_subprocess_exec(
            str(HIVEBRAIN),
            "serve",
            "--role",
            role,
            env=env,
            cwd=log.parent,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
        )


async def wait_healthy(port: int, *, timeout_s: float = 120) -> bool:
    deadline = time.monotonic() + timeout_s
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=1)) as http:
        while time.monotonic() < deadline:
            try:
                async with http.get(f"http://127.0.0.1:{port}/healthz") as resp:
                    if resp.status == 200:
                        return True
            except (aiohttp.ClientError, TimeoutError):
                pass
            await asyncio.sleep(0.1)
    return False


async def stop_all(procs: list[asyncio.subprocess.Process]) -> None:
    for proc in procs:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()


class WorkerParts:
    """The parts above, reporting into ``bench`` (its cases and figures)."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.root = bench.root / "workers"
        self.root.mkdir(exist_ok=True)
        self._server: EmbeddedServer | None = None

    async def url(self) -> str:
        if self._server is None:
            self._server = EmbeddedServer(self.root / "falkordb")
        return await self._server.ensure_running()

    async def close(self) -> None:
        if self._server is not None:
            await self._server.stop()

    # --- a worker killed mid-job ---------------------------------------------------------

    async def worker(self, people: int = 30_000) -> None:
        url = await self.url()
        idle_ms = 2_000
        settings = BrainSettings(
            falkordb_url=url, hivebrain_embeddings=False, hivebrain_job_idle_ms=idle_ms
        )
        src = {"src": "crew-rota.csv", "asOf": "2026-03-01"}
        facts: list[list[Any]] = []
        for i in range(people):
            line = len(facts) + 1
            facts.append(
                [line, {"node": {"type": "Person", "id": f"p-{i}", "name": f"Rigger {i}", **src}}]
            )
            facts.append(
                [line + 1, {"node": {"type": "Task", "id": f"t-{i}", "name": f"Rig {i}", **src}}]
            )
            edge = {"from": f"p-{i}", "type": "OWNS", "to": f"t-{i}", "since": "2026-03-01", **src}
            facts.append([line + 2, {"edge": edge}])
        env = base_env(url, HIVEBRAIN_EMBEDDINGS="false", HIVEBRAIN_JOB_IDLE_MS=str(idle_ms))
        async with Brain(settings) as brain:
            slug = f"stage-crew-{uuid.uuid4().hex[:4]}"
            await brain.create_tenant(slug)
            queue = brain.ingest_queue
            job_id = await queue.enqueue("facts", slug, {"facts": facts})
            first = await start(
                "worker", {**env, "HIVEBRAIN_HTTP_PORT": str(free_port())}, self.root / "w1.log"
            )
            taken = None
            for _ in range(1200):
                taken = await self._owner(brain)
                if taken is not None:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(1.0)  # mid-job
            first.send_signal(signal.SIGKILL)
            await first.wait()
            killed_at = time.monotonic()
            done_before = await queue.done(job_id)
            second = await start(
                "worker", {**env, "HIVEBRAIN_HTTP_PORT": str(free_port())}, self.root / "w2.log"
            )
            record = None
            try:
                for _ in range(3000):
                    record = await queue.done(job_id)
                    if record is not None:
                        break
                    await asyncio.sleep(0.1)
            finally:
                await stop_all([second])
            finished_s = time.monotonic() - killed_at
            clean = f"stage-crew-clean-{uuid.uuid4().hex[:4]}"
            await brain.create_tenant(clean)
            clean_graph = await brain.tenant(clean)
            began = time.monotonic()
            await clean_graph.write_facts([(line, fact) for line, fact in facts])
            clean_s = time.monotonic() - began
            got = await tenant_stats(await brain.tenant(slug))
            want = await tenant_stats(clean_graph)
            pending = await queue.pending()
        same = got.nodes_by_type == want.nodes_by_type and got.edges_by_type == want.edges_by_type
        by_second = record is not None and str(record.get("by", "")).endswith(f"-{second.pid}")
        self.bench.figures.update(
            worker_job_facts=len(facts),
            worker_job_finished_after_kill_s=round(finished_s, 2),
            worker_job_clean_load_s=round(clean_s, 2),
            worker_jobs_pending_after=pending,
        )
        self.bench.case(
            f"kill -9 the worker mid-job ({len(facts):,} facts; taken by {taken})",
            "the job finished once, by the other worker; the tenant equals a clean load",
            f"done before the kill: {done_before is not None}; finished by the other worker: "
            f"{by_second} {finished_s:.1f} s after the kill; equal to a clean load: {same}; "
            f"{pending} jobs left pending",
            done_before is None and by_second and same and pending == 0,
        )

    @staticmethod
    async def _owner(brain: Brain) -> str | None:
        reply: Any = await brain.driver.command("XPENDING", "hivebrain:{ingest}:jobs", "workers")
        consumers: list[dict[str, Any]] = reply["consumers"] if reply else []
        return str(consumers[0]["name"]) if consumers else None

    # --- questions while a worker ingests --------------------------------------------------

    async def load(self, questions: int = 20, documents: int = 12) -> None:
        url = await self.url()
        settings = BrainSettings(falkordb_url=url, hivebrain_model_cache_dir=MODEL_CACHE)
        async with Brain(settings) as web:
            web.leave_vectors_to_workers()  # as a web process: it embeds questions only
            asked = f"surf-school-{uuid.uuid4().hex[:4]}"
            loading = f"surf-archive-{uuid.uuid4().hex[:4]}"
            await web.create_tenant(asked)
            await web.create_tenant(loading)
            graph = await web.tenant(asked)
            await graph.write_facts(owner_facts())
            await web.ingest_queue.request_vectors(asked)  # its few vectors, by a worker
            worker = await start(
                "worker",
                base_env(url, HIVEBRAIN_HTTP_PORT=str(free_port())),
                self.root / "load-worker.log",
            )
            try:
                for _ in range(1200):  # the worker is up and has embedded the asked tenant
                    if not await graph.vectors_still_filling():
                        break
                    await asyncio.sleep(0.1)
                await self._ask(graph, 5)  # warm: the model loads in this process
                idle = await self._ask(graph, questions)
                jobs = [
                    await web.ingest_queue.enqueue("document", loading, self._document(d))
                    for d in range(documents)
                ]
                began = time.monotonic()
                busy: list[float] = []
                words_s: float | None = None
                archive = await web.tenant(loading)
                while True:
                    busy += await self._ask(graph, 5)
                    if words_s is None and all([await web.ingest_queue.done(j) for j in jobs]):
                        words_s = time.monotonic() - began
                    if words_s is not None and not await archive.vectors_still_filling():
                        break
                    if time.monotonic() - began > 600:
                        break
                vectors_s = time.monotonic() - began
                passages = (await tenant_stats(archive)).nodes_by_type.get("Chunk", 0)
                left = await archive.vectors_pending()
            finally:
                await stop_all([worker])
        figures = {
            "question_idle_p50_ms": round(percentile(idle, 0.5), 1),
            "question_idle_p95_ms": round(percentile(idle, 0.95), 1),
            "question_ingesting_p50_ms": round(percentile(busy, 0.5), 1),
            "question_ingesting_p95_ms": round(percentile(busy, 0.95), 1),
            "questions_during_ingest": len(busy),
            "ingest_passages": passages,
            "ingest_words_ready_s": round(words_s, 2) if words_s is not None else None,
            "ingest_vectors_ready_s": round(vectors_s, 2),
            "ingest_vectors_left": left,
        }
        self.bench.figures.update(figures)
        self.bench.case(
            f"{documents} documents ({passages:,} passages) loaded by a worker while "
            f"questions are asked",
            "questions answered meanwhile; words first, then every vector",
            f"p50/p95 {figures['question_idle_p50_ms']}/{figures['question_idle_p95_ms']} ms "
            f"idle, {figures['question_ingesting_p50_ms']}/"
            f"{figures['question_ingesting_p95_ms']} ms while ingesting ({len(busy)} asked); "
            f"words after {figures['ingest_words_ready_s']} s, vectors after "
            f"{figures['ingest_vectors_ready_s']} s, {left} left",
            bool(busy) and words_s is not None and left == 0,
        )

    @staticmethod
    async def _ask(graph: Any, n: int) -> list[float]:
        times: list[float] = []
        for _ in range(n):
            began = time.perf_counter()
            turn = await run_turn(graph, QUESTION, TurnOptions(save=False))
            times.append((time.perf_counter() - began) * 1000)
            assert "Priya" in turn.answer, turn.answer
        return times

    @staticmethod
    def _document(d: int) -> dict[str, Any]:
        paragraphs = [
            f"Lesson log {d}-{p}: the beginners' group met at low tide on beach {p % 7}; "
            f"instructor {p % 11} moved the boards above the line after a swell warning, and "
            f"the wetsuit rack in shed {p % 5} needs new hooks before the season."
            for p in range(60)
        ]
        return {
            "name": f"lesson-log-{d}.md",
            "text": "\n\n".join(paragraphs),
            "src": f"file:lesson-log-{d}.md",
            "as_of": "2026-03-01",
            "doc_id": f"doc-lesson-log-{d}",
        }
