"""The scheduler's job store never holds up the event loop.

APScheduler 3's Redis job store makes blocking calls. With writes paused on the real
server (``CLIENT PAUSE ... WRITE``: reads still answer), the loop keeps serving while a
store write waits: the service's own calls wait in a thread, and a job that falls due
runs on the loop while the scheduler's thread still waits to remove it from the store.
Ordering only, no timings.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest_asyncio
from redis.asyncio import Redis

from brain import Brain
from scheduler import JobRunner, JobService, Post

#: The longest a test pauses the server's writes if it never gets to unpause them.
PAUSE_MS = 30_000
#: What the test job of ``test_a_due_job_runs_while_the_store_write_still_waits`` sets.
RAN: dict[str, asyncio.Event] = {}


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        return channel


async def mark(key: str) -> None:
    """A stored job (by import path): note that it ran, on the loop."""
    RAN[key].set()


@pytest_asyncio.fixture
async def admin(falkordb_url: str) -> AsyncIterator[Any]:
    """An async client of the session's server (redis-py's asyncio types are loose)."""
    client: Any = cast(Any, Redis).from_url(falkordb_url)
    try:
        yield client
    finally:
        await client.execute_command("CLIENT", "UNPAUSE")
        await client.aclose()


async def test_the_loop_answers_while_a_store_write_waits(quiet_brain: Brain, admin: Any) -> None:
    service = JobService(
        JobRunner(quiet_brain, NoPoster(), retry_delays_s=()), store=f"slow-{uuid.uuid4().hex[:6]}"
    )
    await service.start()
    when = datetime.now(UTC) + timedelta(days=30)
    order: list[tuple[str, bool]] = []
    try:
        await admin.execute_command("CLIENT", "PAUSE", PAUSE_MS, "WRITE")
        adding = asyncio.create_task(service.fire_at("hygiene", "t-nobody", when))
        await asyncio.sleep(0)  # the write starts, and waits on the paused server
        order.append(("loop runs", adding.done()))
        assert await admin.ping()  # the loop's own reads of the server still answer
        order.append(("server read", adding.done()))
        await admin.execute_command("CLIENT", "UNPAUSE")
        await adding
        order.append(("stored", adding.done()))
        stored = await service.stored_jobs()
    finally:
        await service.aclose()
    assert order == [("loop runs", False), ("server read", False), ("stored", True)]
    assert any(j.startswith("once:hygiene@t-nobody") for j in stored)


async def test_a_due_job_runs_while_the_store_write_still_waits(
    quiet_brain: Brain, admin: Any
) -> None:
    store = f"slow-{uuid.uuid4().hex[:6]}"
    service = JobService(JobRunner(quiet_brain, NoPoster(), retry_delays_s=()), store=store)
    await service.start()
    key = uuid.uuid4().hex
    RAN[key] = asyncio.Event()
    jobs_key = f"{{{store}}}:apscheduler:jobs"  # one hash tag: a cluster keeps it on one shard
    try:
        await asyncio.to_thread(
            cast(Any, service.scheduler).add_job,
            f"{__name__}:mark",
            "date",
            run_date=datetime.now(UTC) + timedelta(seconds=1),
            args=[key],
            id=f"mark-{key}",
            jobstore="tenants",
        )
        assert await admin.hexists(jobs_key, f"mark-{key}")
        await admin.execute_command("CLIENT", "PAUSE", PAUSE_MS, "WRITE")
        await asyncio.wait_for(RAN[key].wait(), PAUSE_MS / 1000)
        # the job ran on the loop while its removal from the store is still paused
        still_stored = bool(await admin.hexists(jobs_key, f"mark-{key}"))
        await admin.execute_command("CLIENT", "UNPAUSE")
        for _ in range(100):  # the scheduler's thread then removes the finished job
            if not await admin.hexists(jobs_key, f"mark-{key}"):
                break
            await asyncio.sleep(0.05)
        removed = not await admin.hexists(jobs_key, f"mark-{key}")
    finally:
        await service.aclose()
        RAN.pop(key, None)
    assert still_stored and removed
