"""The ingest worker (``serve --role worker``): takes jobs off the ingest queue and runs them.

Each job kind is a plain function in ``JOB_KINDS`` (``bots._ingest_jobs``): it writes
through the gate and returns what it did (the done record keeps it). A job whose input is
bad (``HivebrainError``, or a payload that is not its kind's) is finished with its one-line
reason, never retried; a worker killed mid-job leaves the job pending, and
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
from typing import Any

from pydantic import ValidationError

from bots._ingest_jobs import JOB_KINDS
from brain import Brain, HivebrainError, InputInvalid, Job

log = logging.getLogger(__name__)


def _payload_flaw(exc: Exception) -> str:
    """What is wrong with a job's payload, in a few words of one line (a pydantic error
    names the first field and what it should be; its own text runs over many lines)."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "payload"
        return f"{field}: {first['msg']}"
    return " ".join(str(exc).split())[:300]


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
            why = _payload_flaw(exc)
            record["error"] = f"the job's payload is not what a {job.kind} job carries: {why}"
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
