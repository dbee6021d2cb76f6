"""Scheduled ingests (the connected-tools pull) handed to the ingest workers, run once.

A leader beside live workers queues the hour's pull of a tenant as one ``scheduled`` job
and waits for a worker's done record, which becomes the run's outcome; with no worker it
pulls itself, as before. A leader that dies after queuing leaves the job to the next
leader, which waits for that same job: the pull runs once. A worker's failure fails the
attempt with the worker's sentence and the retry queues afresh; a job left with no worker
fails the run, saying so, and is never pulled a second time by the leader.

The real composio SDK talks to the local fake Composio; the queue, the workers and the
runs live on a FalkorDB server of this module's own (so no other test's worker signs).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncGenerator, AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest
import pytest_asyncio

from bots._ingest_worker import IngestWorker
from brain import Brain, BrainSettings, IngestQueue, TenantGraph, now_ms
from brain.db import EmbeddedServer
from brain.upkeep import job_runs
from scheduler import HANDED_KIND, JobRunner, WorkerHandoff, runs_inflight
from scheduler.jobs import period_key, tenant_zone
from tests.conftest import unique_slug
from tests.fakes import FakeComposioAPI
from tests.test_connect import KEY, USER, NoPoster, gmail

HOUR_MS = 3_600_000
JOB = "connected_pull"


@pytest_asyncio.fixture(loop_scope="session")
async def own_brain(tmp_path: Path) -> AsyncIterator[Brain]:
    server = EmbeddedServer(tmp_path / "falkordb")
    url = await server.ensure_running()
    try:
        async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False)) as brain:
            yield brain
    finally:
        await server.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def composio(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeComposioAPI]:
    async with FakeComposioAPI(api_key=KEY) as server:
        server.add_tool("GMAIL_FETCH_EMAILS", gmail)
        server.add_account(USER, "gmail", alias="clinic inbox")
        monkeypatch.setenv("COMPOSIO_API_KEY", KEY)
        monkeypatch.setenv("COMPOSIO_BASE_URL", server.base_url)
        yield server


async def clinic(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug, name="Brightsmile Dental")
    assert brain.registry is not None
    await brain.registry.update_settings(slug, {"composio_user_id": USER})
    return await brain.tenant(slug)


def pulls(fake: FakeComposioAPI) -> int:
    return sum(1 for e in fake.executions if e["slug"] == "GMAIL_FETCH_EMAILS")


async def emails(graph: TenantGraph) -> int:
    res = await graph.read("emails", "MATCH (e:Email) RETURN count(e) LIMIT 1")
    return int(res.scalar() or 0)


async def scheduled_jobs(brain: Brain, slug: str) -> list[dict[str, Any]]:
    """Every ``scheduled`` job ever queued for ``slug`` (the stream keeps them)."""
    entries: Any = await brain.driver.command("XRANGE", "hivebrain:{ingest}:jobs", "-", "+")
    found: list[dict[str, Any]] = []
    for entry in cast(list[Any], entries):
        fields: Any = entry[1]
        job = json.loads(str(fields["job"]))
        if job["kind"] == HANDED_KIND and job["tenant"] == slug:
            found.append(job)
    return found


@contextlib.asynccontextmanager
async def worker(brain: Brain, name: str) -> AsyncGenerator[IngestWorker]:
    """A real ingest worker taking jobs until the block ends (and signing while it runs)."""
    stop = asyncio.Event()
    taker = IngestWorker(brain, consumer=name, block_ms=100)
    task = asyncio.create_task(taker.run(stop), name=f"worker {name}")
    try:
        for _ in range(100):
            if await brain.ingest_queue.workers_alive():
                break
            await asyncio.sleep(0.02)
        yield taker
    finally:
        stop.set()
        await task


async def test_a_pull_goes_to_a_live_worker_and_without_one_runs_here(
    own_brain: Brain, composio: FakeComposioAPI
) -> None:
    graph = await clinic(own_brain)
    queue = own_brain.ingest_queue
    runner = JobRunner(
        own_brain, NoPoster(), retry_delays_s=(), handoff=WorkerHandoff(queue, poll_s=0.05)
    )
    t = now_ms()
    assert await queue.workers_alive() == 0
    here = await runner.run(graph.slug, JOB, t=t)
    assert here.status == "ok", here.summary
    assert "job" not in here.details and "1 of 1 accounts pulled" in here.summary
    assert await scheduled_jobs(own_brain, graph.slug) == []  # nobody to take it: not queued
    pulled_here = pulls(composio)
    assert pulled_here >= 1 and await emails(graph) == 2

    async with worker(own_brain, "worker-pull") as taker:
        handed = await runner.run(graph.slug, JOB, t=t + HOUR_MS)
    assert handed.status == "ok", handed.summary
    assert handed.details["by"] == "worker-pull" and taker.finished == 1
    assert "1 of 1 accounts pulled" in handed.summary and handed.details["accounts"] == 1
    [job] = await scheduled_jobs(own_brain, graph.slug)
    assert handed.details["job"] == job["id"] and job["payload"]["t"] == t + HOUR_MS
    record = await queue.done(job["id"])
    assert record is not None and record["result"]["summary"] == handed.summary
    assert pulls(composio) > pulled_here  # the worker pulled, from the same cursor on
    assert await emails(graph) == 2
    # a worker that stops says so: the next run is the leader's own again
    assert await queue.workers_alive() == 0


async def test_the_next_leader_waits_for_the_job_its_dead_predecessor_queued(
    own_brain: Brain, composio: FakeComposioAPI
) -> None:
    graph = await clinic(own_brain)
    queue = own_brain.ingest_queue
    t = now_ms()
    period = period_key(t, tenant_zone({}), "hour")
    first = JobRunner(
        own_brain, NoPoster(), retry_delays_s=(), handoff=WorkerHandoff(queue, poll_s=0.05)
    )
    await queue.beat("worker-busy")  # a worker is alive, but busy: the job waits its turn
    dying = asyncio.create_task(first.run(graph.slug, JOB, t=t), name="first leader")
    for _ in range(200):
        if await scheduled_jobs(own_brain, graph.slug):
            break
        await asyncio.sleep(0.02)
    dying.cancel()  # the leader dies while its job waits in the queue
    with contextlib.suppress(asyncio.CancelledError):
        await dying
    await queue.leave("worker-busy")
    before = pulls(composio)
    [left] = [r for r in await runs_inflight(own_brain.driver) if r.tenant == graph.slug]

    second = JobRunner(
        own_brain, NoPoster(), retry_delays_s=(), handoff=WorkerHandoff(queue, poll_s=0.05)
    )
    async with worker(own_brain, "worker-late") as taker:
        resumed = await second.resume(left)
    assert resumed.status == "ok", resumed.summary
    assert resumed.details["by"] == "worker-late" and taker.finished == 1
    [job] = await scheduled_jobs(own_brain, graph.slug)  # one job: queued by the first only
    assert resumed.details["job"] == job["id"]
    assert pulls(composio) - before == 1 and await emails(graph) == 2
    runs = [r for r in await job_runs(graph, JOB, limit=10) if r.period == period]
    assert sorted(r.status for r in runs) == ["failed", "ok"]  # the dead run closed, one ok

    # the period is done: a third leader neither queues nor pulls
    again = await second.run(graph.slug, JOB, t=t)
    assert again.status == "done" and pulls(composio) - before == 1
    assert len(await scheduled_jobs(own_brain, graph.slug)) == 1


async def test_a_workers_failure_fails_the_attempt_and_the_retry_queues_afresh(
    own_brain: Brain, composio: FakeComposioAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = await clinic(own_brain)
    runner = JobRunner(
        own_brain,
        NoPoster(),
        retry_delays_s=(0.0,),
        handoff=WorkerHandoff(own_brain.ingest_queue, poll_s=0.05),
    )
    monkeypatch.setenv("COMPOSIO_API_KEY", "ck_wrong")  # the worker's key is refused
    async with worker(own_brain, "worker-refused"):
        failed = await runner.run(graph.slug, JOB)
    assert failed.status == "failed" and "refused the API key" in failed.summary
    jobs = await scheduled_jobs(own_brain, graph.slug)
    assert len(jobs) == 2  # one per attempt, each finished with the reason
    for job in jobs:
        record = await own_brain.ingest_queue.done(job["id"])
        assert record is not None and "refused the API key" in record["error"]
    assert await emails(graph) == 0


async def test_a_job_no_worker_is_left_to_run_fails_the_run_and_is_not_pulled_here(
    own_brain: Brain, composio: FakeComposioAPI
) -> None:
    graph = await clinic(own_brain)
    queue = IngestQueue(own_brain.driver, sign_ms=300)  # signs that lapse quickly
    runner = JobRunner(
        own_brain, NoPoster(), retry_delays_s=(0.0,), handoff=WorkerHandoff(queue, poll_s=0.05)
    )
    before = pulls(composio)
    await queue.beat("worker-gone")  # alive when the run starts, then killed: no more signs
    ran = await runner.run(graph.slug, JOB)
    assert ran.status == "failed" and "no ingest worker is running" in ran.summary
    [job] = await scheduled_jobs(own_brain, graph.slug)  # the retry waited for the same job
    assert job["id"] in ran.summary
    assert pulls(composio) == before and await emails(graph) == 0  # never pulled twice

    # a worker that starts later runs it once
    async with worker(own_brain, "worker-new"):
        for _ in range(200):
            if await queue.done(job["id"]) is not None:
                break
            await asyncio.sleep(0.05)
    record = await queue.done(job["id"])
    assert record is not None and record["by"] == "worker-new" and "error" not in record
    assert await emails(graph) == 2


async def test_a_worker_refuses_a_scheduled_job_that_is_no_ingest(own_brain: Brain) -> None:
    graph = await clinic(own_brain)
    queue = own_brain.ingest_queue
    job_id = await queue.enqueue(
        HANDED_KIND, graph.slug, {"job": "business_digest", "t": now_ms(), "period": "p"}
    )
    async with worker(own_brain, "worker-strict"):
        for _ in range(100):
            if await queue.done(job_id) is not None:
                break
            await asyncio.sleep(0.05)
    record = await queue.done(job_id)
    assert record is not None and "not a scheduled ingest" in record["error"]


async def test_an_occasion_is_queued_once_however_many_ask_at_once(own_brain: Brain) -> None:
    graph = await clinic(own_brain)
    queues = [IngestQueue(own_brain.driver) for _ in range(8)]
    asked = await asyncio.gather(
        *(q.enqueue_once(f"once|{graph.slug}", HANDED_KIND, graph.slug, {}) for q in queues)
    )
    assert len({job_id for job_id, _ in asked}) == 1
    assert [queued for _, queued in asked].count(True) == 1
    assert len(await scheduled_jobs(own_brain, graph.slug)) == 1
    # freed by the job that holds it only: a stale id frees nothing
    [(job_id, _)] = {a for a in asked if a[1]}
    await queues[0].forget_once(f"once|{graph.slug}", "job-stale")
    assert await queues[0].once_job(f"once|{graph.slug}") == job_id
    await queues[0].forget_once(f"once|{graph.slug}", job_id)
    assert await queues[0].once_job(f"once|{graph.slug}") is None
