"""Scheduled ingests handed to the ingest workers, and run there.

A job registered as an ingest (``@job(..., ingest=True)``: the connected-tools pull) reads
remote services and writes many facts and vectors. Run on the scheduler leader, it would
take the leader's cores, and a leader killed mid-pull would leave it to the next leader's
recovery pass. So a leader that runs beside ingest workers (``serve --role scheduler``,
with at least one live ``serve --role worker``) hands each run to them:

- ``WorkerHandoff.outcome`` queues one ``scheduled`` job per (tenant, job, period) with
  ``IngestQueue.enqueue_once`` and waits for a worker to finish it; the worker's done
  record is the run's outcome, stamped by the runner as any run's. The next leader,
  retrying the run of a leader that died (``JobRunner.resume``), finds that job already
  queued and waits for the same job, so the pull runs once. A worker killed mid-pull
  leaves the job to another (the queue claims it again), finished once by its job id.
- A job a worker finished with an error fails this attempt with the worker's sentence;
  the occasion is freed first, so the runner's next attempt queues a fresh job.
- With no live worker and nothing queued for the occasion, the leader runs the job itself,
  as before: a pull is never left to a worker nobody runs. Once a job is queued for the
  occasion the run only waits for it (running it here as well would pull twice); when no
  worker has signed for ``ORPHAN_SIGNS`` sign spans the attempt fails saying so, and the job stays
  queued for the next worker that starts.

``run_handed`` is the worker's side: the same job function, for the same moment and
period, with the tenant's settings as the worker reads them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any, cast

from agents import TOOLS
from brain import Brain, HivebrainError, IngestQueue, InputInvalid, TenantGraph
from scheduler.jobs import JOBS, Job, JobContext, JobOutcome, tenant_zone

log = logging.getLogger(__name__)

#: The ingest job kind a handed-over scheduled run travels as.
HANDED_KIND = "scheduled"
#: How often a waiting run looks for its job's done record.
POLL_S = 0.5
#: How many of a worker's sign spans a waiting run goes on with no worker alive before
#: the attempt fails.
ORPHAN_SIGNS = 2


def occasion(slug: str, job: str, period: str) -> str:
    """The queue's once-key of one scheduled run: one tenant, one job, one period."""
    return f"scheduled|{slug}|{job}|{period}"


class WorkerHandoff:
    """Hands a scheduled ingest's run to the ingest workers (see the module's docstring)."""

    def __init__(self, queue: IngestQueue, *, poll_s: float = POLL_S) -> None:
        self._queue = queue
        self._poll_s = poll_s

    async def outcome(self, job: Job, ctx: JobContext) -> JobOutcome | None:
        """What a worker's run of ``job`` gave, or None when this process runs it itself
        (no worker alive, nothing queued for this run). Raises ``HivebrainError`` when the
        worker's run failed or no worker is left to run the queued job."""
        slug = ctx.graph.slug
        key = occasion(slug, job.name, ctx.period)
        job_id = await self._queue.once_job(key)
        if job_id is None:
            if await self._queue.workers_alive() == 0:
                return None
            payload = {
                "job": job.name,
                "t": ctx.t,
                "period": ctx.period,
                "run_id": ctx.run_id,
                "last_ok_ms": ctx.last_ok_ms,
            }
            job_id, _ = await self._queue.enqueue_once(key, HANDED_KIND, slug, payload)
        else:
            log.info(
                "job %s for %s %s: waiting for %s, queued before",
                job.name,
                slug,
                ctx.period,
                job_id,
            )
        record = await self._wait(job_id)
        by = str(record.get("by", "a worker"))
        if "error" in record:
            await self._queue.forget_once(key, job_id)
            why = str(record["error"])
            # the worker's error arrives as its sentence only: raised as what it says
            raise HivebrainError(f"ingest worker {by} failed {job_id}: {why}", user_message=why)
        raw: Any = record.get("result")
        result = cast(dict[str, Any], raw) if isinstance(raw, dict) else {}
        figures: Any = result.get("details")
        details = cast(dict[str, Any], figures) if isinstance(figures, dict) else {}
        return JobOutcome(
            summary=str(result.get("summary", "")), details={**details, "job": job_id, "by": by}
        )

    async def _wait(self, job_id: str) -> dict[str, Any]:
        """The done record of ``job_id``, once a worker has finished it."""
        sign_s = self._queue.sign_ms / 1000
        seen_worker = time.monotonic()
        while True:
            # a third of a sign span at a time, then: is any worker still alive?
            record = await self._queue.wait_done(job_id, timeout_s=sign_s / 3, poll_s=self._poll_s)
            if record is not None:
                return record
            now = time.monotonic()
            if await self._queue.workers_alive() > 0:
                seen_worker = now
            elif now - seen_worker >= ORPHAN_SIGNS * sign_s:
                why = (
                    "no ingest worker is running, so it waits in the queue (job "
                    f"{job_id}) and runs when a worker starts"
                )
                raise HivebrainError(f"no ingest worker for {job_id}", user_message=why)


async def run_handed(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """Run a handed-over scheduled ingest in a worker: the job's summary and figures.

    Raises ``InputInvalid`` for a job that is not a scheduled ingest (the queue finishes
    it with that reason, never retried)."""
    name = str(payload["job"])
    job = JOBS.get(name)
    if job is None or not job.ingest:
        raise InputInvalid(f"{name!r} is not a scheduled ingest a worker may run")
    assert brain.registry is not None
    settings = dict((await brain.registry.get(graph.slug)).settings)
    last_ok: Any = payload.get("last_ok_ms")
    ctx = JobContext(
        graph=graph,
        t=int(payload["t"]),
        tz=tenant_zone(settings),
        period=str(payload["period"]),
        settings=settings,
        run_id=str(payload["run_id"]),
        last_ok_ms=int(last_ok) if last_ok is not None else None,
        tool=TOOLS.get,
    )
    outcome = await job.fn(ctx)
    if outcome.posts:
        # an ingest posts nothing; were one to, its posts would be lost here: say so
        log.warning(
            "job %s for %s: %d posts dropped in a worker", name, graph.slug, len(outcome.posts)
        )
    return {"summary": outcome.summary, "details": outcome.details}
