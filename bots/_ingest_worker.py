"""The ingest worker (``serve --role worker``): takes jobs off the ingest queue and runs them.

Each job kind is a plain function in ``JOB_KINDS`` (added with ``@job_kind``): it gets the
brain, the tenant's graph and the job's payload, writes through the gate, and returns what
it did (the done record keeps it). A job whose input is bad (``HivebrainError``) is finished
with its one-line reason, never retried; a worker killed mid-job leaves the job pending, and
another worker claims it again once it has been idle ``HIVEBRAIN_JOB_IDLE_MS``
(``brain._ingest_queue``). Writes are idempotent, so the rerun ends where a clean run ends.

A worker says it is alive (``IngestQueue.beat``) every third of its sign's span while it
runs, and says it left when it stops, so a scheduler leader hands its scheduled ingests
(``scheduled`` jobs: the connected-tools pull) to the workers only while one is there.

A worker embeds: a ``vectors`` job fills the vectors a web process's writes left behind, and
the facts a job writes are embedded here, in the worker, never in a web process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

from bots.core import UPLOAD_KIND, load_upload
from brain import Brain, HivebrainError, InputInvalid, Job, TenantGraph
from brain.ingest import document_facts, load_meeting, read_transcript
from scheduler import HANDED_KIND, run_handed

log = logging.getLogger(__name__)

#: What one job kind does: (brain, tenant graph, payload) -> what it did, JSON-ready.
JobHandler = Callable[[Brain, TenantGraph, Mapping[str, Any]], Awaitable[dict[str, Any]]]
JOB_KINDS: dict[str, JobHandler] = {}


def job_kind(name: str) -> Callable[[JobHandler], JobHandler]:
    """Register a job kind's handler under ``name`` (what ``IngestQueue.enqueue`` names)."""

    def add(handler: JobHandler) -> JobHandler:
        JOB_KINDS[name] = handler
        return handler

    return add


@job_kind("facts")
async def run_facts(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A facts file's facts (``[[line, fact], ...]``), through the gate."""
    rows: Any = payload.get("facts")
    if not isinstance(rows, list):
        raise InputInvalid("a facts job carries its facts as a list of [line, fact]")
    facts: list[tuple[int, Any]] = []
    for row in cast(list[Any], rows):
        if not isinstance(row, list) or len(cast(list[Any], row)) != 2:
            raise InputInvalid("a facts job carries its facts as a list of [line, fact]")
        line, fact = cast(list[Any], row)
        facts.append((int(line), fact))
    return (await graph.write_facts(facts)).as_dict()


@job_kind("document")
async def run_document(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """One text document and its passages (what ``ingest doc`` and uploads send)."""
    facts = document_facts(
        name=str(payload["name"]),
        text=str(payload["text"]),
        src=str(payload["src"]),
        as_of=str(payload["as_of"]),
        doc_id=str(payload["doc_id"]) if payload.get("doc_id") else None,
    )
    return (await graph.write_facts(list(enumerate(facts, 1)))).as_dict()


@job_kind("meeting")
async def run_meeting(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A meeting transcript (the meeting webhook's body, or a file's text) with its
    decisions and action items."""
    from agents import meeting_proposer

    if "text" in payload:
        transcript = read_transcript(str(payload["file"]), text=str(payload["text"]))
    else:
        transcript = read_transcript("the body", data=payload["data"])
    loaded = await load_meeting(
        graph,
        transcript,
        name=str(payload["name"]),
        source=str(payload["source"]) if payload.get("source") else None,
        src=str(payload["src"]),
        as_of=str(payload["as_of"]) if payload.get("as_of") else None,
        title=str(payload["title"]) if payload.get("title") else None,
        propose=meeting_proposer(),
    )
    return loaded.as_dict()


@job_kind(UPLOAD_KIND)
async def run_upload(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """A file attached in chat, downloaded by a web process and kept on the server: loaded
    as the web process would have (``bots.core.load_upload``); its bytes are then dropped."""
    from agents import meeting_proposer

    queue = brain.ingest_queue
    file_id = str(payload["file"])
    said = await load_upload(
        graph,
        name=str(payload["name"]),
        url=str(payload["url"]),
        data=await queue.file(file_id),
        platform=str(payload["platform"]),
        propose=meeting_proposer(),
    )
    await queue.drop_file(file_id)
    return {"said": said}


@job_kind("vectors")
async def run_vectors(brain: Brain, graph: TenantGraph, _: Mapping[str, Any]) -> dict[str, Any]:
    """Fill the tenant's missing vectors, round after round while writes keep marking it
    (one round at least: a job whose mark went, or lived under an older key, still fills;
    a write that marks the tenant after this read of the mark queues a job of its own)."""
    queue = brain.ingest_queue
    embedded = rounds = 0
    while True:
        mark = await queue.vectors_mark(graph.slug)
        embedded += (await graph.fill_vectors()).embedded
        rounds += 1
        if mark is None or await queue.vectors_filled(graph.slug, mark):
            break
    return {"embedded": embedded, "rounds": rounds}


# a scheduled ingest (the connected pull) a scheduler leader handed over: the same job
job_kind(HANDED_KIND)(run_handed)


def consumer_name() -> str:
    """This process's name in the workers' group: host and pid, unique while it lives."""
    return f"{socket.gethostname()}-{os.getpid()}"


class IngestWorker:
    """Takes jobs one at a time until ``stop`` is set; see the module's docstring."""

    def __init__(self, brain: Brain, *, consumer: str | None = None, block_ms: int = 1_000):
        self._brain = brain
        self.consumer = consumer or consumer_name()
        self._block_ms = block_ms
        #: Jobs this worker finished (first finish) and skipped (already done).
        self.finished = 0
        self.skipped = 0

    async def run(self, stop: asyncio.Event) -> None:
        """Work until ``stop``; a job under way when it is set is finished first."""
        queue = self._brain.ingest_queue
        log.info("ingest worker %s: taking jobs", self.consumer)
        beating = asyncio.create_task(self._beat(stop), name=f"signs of {self.consumer}")
        try:
            while not stop.is_set():
                try:
                    job = await queue.take(self.consumer, block_ms=self._block_ms)
                except HivebrainError as exc:
                    log.warning("ingest worker %s: queue not read: %s", self.consumer, exc)
                    await asyncio.sleep(1.0)
                    continue
                if job is not None:
                    await self.run_one(job)
        finally:
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beating
            with contextlib.suppress(HivebrainError):
                await queue.leave(self.consumer)

    async def _beat(self, stop: asyncio.Event) -> None:
        """Sign that this worker is alive, every third of a sign's span, until ``stop``."""
        queue = self._brain.ingest_queue
        while not stop.is_set():
            try:
                await queue.beat(self.consumer)
            except HivebrainError as exc:
                log.warning("ingest worker %s: no sign of life given: %s", self.consumer, exc)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), queue.sign_ms / 3000)

    async def run_one(self, job: Job) -> None:
        """Run one taken job and finish it (or skip it when another finished it first)."""
        queue = self._brain.ingest_queue
        if job.id and await queue.done(job.id) is not None:
            await queue.finish(job, {})
            self.skipped += 1
            log.info("ingest worker %s: %s was finished already", self.consumer, job.id)
            return
        began = time.monotonic()
        keeping = asyncio.create_task(self._keep(job), name=f"keep {job.id}")
        record: dict[str, Any] = {"by": self.consumer, "kind": job.kind, "tenant": job.tenant}
        try:
            handler = JOB_KINDS.get(job.kind)
            if handler is None:
                raise InputInvalid(f"no job kind {job.kind!r}: one of {', '.join(JOB_KINDS)}")
            graph = await self._brain.tenant(job.tenant)
            record["result"] = await handler(self._brain, graph, job.payload)
        except HivebrainError as exc:
            record["error"] = exc.user_message
        except (KeyError, TypeError, ValueError) as exc:
            record["error"] = f"the job's payload is not what a {job.kind} job carries: {exc}"
        finally:
            keeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeping
        record["finished_at_ms"] = int(time.time() * 1000)
        record["seconds"] = round(time.monotonic() - began, 3)
        if await queue.finish(job, record):
            self.finished += 1
        log.info(
            "ingest worker %s: %s %s for %s %s in %.1f s",
            self.consumer,
            job.kind,
            job.id,
            job.tenant,
            "failed" if "error" in record else "done",
            record["seconds"],
        )

    async def _keep(self, job: Job) -> None:
        """Claim ``job`` again every third of the idle time, so no other worker takes it."""
        queue = self._brain.ingest_queue
        while True:
            await asyncio.sleep(queue.idle_ms / 3000)
            try:
                await queue.keep(job, self.consumer)
            except HivebrainError as exc:
                log.warning("ingest worker %s: %s not kept: %s", self.consumer, job.id, exc)
