"""One scheduler leader, by a lease on the server: one holder at a time, the holder stops the
moment a renewal fails, run locks live as long as their run, and a run whose process is
killed with SIGKILL mid-digest is posted once, by the next leader. The businesses are a
kayak rental and a seed library; the poster stands in for Slack at the ``DigestPoster``
seam."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from brain import Brain, BrainSettings, Lease
from brain.upkeep import job_runs
from scheduler import (
    JOBS,
    JobOutcome,
    JobRunner,
    JobService,
    Post,
    SchedulerLeader,
    forget_inflight,
    job,
    run_lock_key,
    runs_inflight,
)
from scheduler.jobs import JobContext

NOW = 1_796_140_800_000  # 2026-12-01T00:00Z
ROOT = Path(__file__).resolve().parents[1]


class RecordingPoster:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append(post)
        return channel


async def kayak_tenant(brain: Brain) -> str:
    """A tenant bound to Slack with a digest channel, holding one decision."""
    assert brain.registry is not None
    slug = f"kayaks-{uuid.uuid4().hex[:6]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    node = {"type": "Decision", "id": "dec-life-vests", "name": "Rent out kids' life vests"}
    await graph.write_facts([(1, {"node": {**node, "src": "staff meeting", "asOf": "2026-11-28"}})])
    await brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await brain.registry.update_settings(
        slug, {"digest_channel": "C-DIGEST", "admin_channel": "C-ADMIN"}
    )
    return slug


def quiet(url: str) -> BrainSettings:
    return BrainSettings(falkordb_url=url, hivebrain_embeddings=False)


# --- the lease ---------------------------------------------------------------------------


async def test_a_lease_has_one_holder_until_it_is_given_back(quiet_brain: Brain) -> None:
    key = f"test:lease:{uuid.uuid4().hex[:8]}"
    first = Lease(quiet_brain.driver, key, ttl_ms=600)
    second = Lease(quiet_brain.driver, key, ttl_ms=600)
    assert await first.acquire()
    assert not await second.acquire()
    await asyncio.sleep(1.0)  # longer than the TTL: renewals keep it
    assert first.held and not await second.acquire()
    await first.release()
    assert await second.acquire()
    await second.release()


async def test_the_holder_hears_a_renewal_fail_before_the_lease_could_pass_on(
    quiet_brain: Brain,
) -> None:
    """Another process takes the key (as after a failover that lost it): the holder's next
    renewal fails, and it knows within two thirds of a TTL of its last good renewal."""
    key = f"test:lease:{uuid.uuid4().hex[:8]}"
    lease = Lease(quiet_brain.driver, key, ttl_ms=900)
    assert await lease.acquire()
    await quiet_brain.driver.command("SET", key, "someone-else", "PX", 900)
    taken = time.monotonic()
    await asyncio.wait_for(lease.lost.wait(), 2)
    assert time.monotonic() - taken <= 0.9 * 2 / 3 + 0.15
    assert not lease.held
    assert await quiet_brain.driver.command("GET", key) == "someone-else"  # not released


async def test_a_leader_whose_renewal_fails_stops_its_scheduler_at_once(
    quiet_brain: Brain,
) -> None:
    key = f"test:lease:{uuid.uuid4().hex[:8]}"
    store = f"lead-{uuid.uuid4().hex[:6]}"
    leader = SchedulerLeader(
        JobRunner(quiet_brain, RecordingPoster(), retry_delays_s=()),
        ttl_ms=900,
        service=partial(JobService, store=store),
        key=key,
    )
    stop = asyncio.Event()
    task = asyncio.create_task(leader.run(stop))
    try:
        for _ in range(200):
            if leader.is_leader:
                break
            await asyncio.sleep(0.02)
        assert leader.is_leader and leader.service is not None
        service = leader.service
        assert service.scheduler.running
        await quiet_brain.driver.command("SET", key, "someone-else", "PX", 60_000)
        taken = time.monotonic()
        for _ in range(200):
            if not leader.is_leader and not service.scheduler.running:
                break
            await asyncio.sleep(0.01)
        stopped = time.monotonic() - taken
        assert not leader.is_leader and not service.scheduler.running
        assert stopped < 0.9, f"the scheduler ran on {stopped:.2f} s after losing its lease"
        assert leader.terms == 1  # and it does not lead again while another holds the key
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


async def test_two_candidates_lead_one_at_a_time(falkordb_url: str) -> None:
    key = f"test:lease:{uuid.uuid4().hex[:8]}"
    terms: list[tuple[str, float, float]] = []
    async with Brain(quiet(falkordb_url)) as a, Brain(quiet(falkordb_url)) as b:
        leaders = {
            name: SchedulerLeader(
                JobRunner(brain, RecordingPoster(), retry_delays_s=()),
                ttl_ms=600,
                service=partial(JobService, store=f"two-{uuid.uuid4().hex[:6]}"),
                key=key,
            )
            for name, brain in (("a", a), ("b", b))
        }
        stops = {name: asyncio.Event() for name in leaders}
        tasks = {n: asyncio.create_task(leaders[n].run(stops[n])) for n in leaders}
        since: dict[str, float] = {}
        deadline = time.monotonic() + 3
        stopped_first: str | None = None
        while time.monotonic() < deadline:
            for name, leader in leaders.items():
                now = time.monotonic()
                if leader.is_leader and name not in since:
                    since[name] = now
                elif not leader.is_leader and name in since:
                    terms.append((name, since.pop(name), now))
            if stopped_first is None and since and time.monotonic() > deadline - 2:
                stopped_first = next(iter(since))
                stops[stopped_first].set()  # the leader goes away; the other takes over
            await asyncio.sleep(0.01)
        for name, started in since.items():
            terms.append((name, started, time.monotonic()))
        for event in stops.values():
            event.set()
        await asyncio.gather(*tasks.values())
    assert {name for name, _, _ in terms} == {"a", "b"}, terms
    ordered = sorted(terms, key=lambda term: term[1])
    for (_, _, end), (_, start, _) in zip(ordered, ordered[1:], strict=False):
        assert start >= end, f"two leaders at once: {ordered}"


# --- run locks ---------------------------------------------------------------------------


async def _slow_digest(ctx: JobContext) -> JobOutcome:
    await asyncio.sleep(1.2)
    post = Post("digest_channel", "Seed library digest", ("Tomato seeds are back",))
    return JobOutcome(posts=[post], summary="slow")


@pytest.fixture
def slow_job() -> Iterator[str]:
    """A weekly job that takes 1.2 s, registered for one test."""
    job(
        "slow_test_digest",
        purpose="a slow test job",
        schedule="0 1 * * *",
        period="week",
        channel="digest_channel",
    )(_slow_digest)
    try:
        yield "slow_test_digest"
    finally:
        JOBS.pop("slow_test_digest", None)


async def test_a_run_keeps_its_lock_past_the_ttl_and_runs_once(
    quiet_brain: Brain, slow_job: str
) -> None:
    slug = await kayak_tenant(quiet_brain)
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, run_lock_ttl_ms=450, retry_delays_s=())
    other = JobRunner(quiet_brain, RecordingPoster(), run_lock_ttl_ms=450, retry_delays_s=())
    first = asyncio.create_task(runner.run(slug, "slow_test_digest", t=NOW))
    await asyncio.sleep(0.8)  # well past one TTL: the lock was renewed
    assert (await other.run(slug, "slow_test_digest", t=NOW)).status == "locked"
    report = await first
    assert report.status == "ok" and len(poster.posts) == 1
    assert (await other.run(slug, "slow_test_digest", t=NOW)).status == "done"
    assert not [r for r in await runs_inflight(quiet_brain.driver) if r.tenant == slug]


async def test_a_run_whose_lock_is_lost_stops_without_posting(
    quiet_brain: Brain, slow_job: str
) -> None:
    slug = await kayak_tenant(quiet_brain)
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, run_lock_ttl_ms=450, retry_delays_s=())
    running = asyncio.create_task(runner.run(slug, "slow_test_digest", t=NOW))
    await asyncio.sleep(0.3)
    period = "2026-W49"
    await quiet_brain.driver.command(
        "SET", run_lock_key(slug, "slow_test_digest", period), "another-process", "PX", 5_000
    )
    report = await asyncio.wait_for(running, 5)
    assert report.status == "lost" and poster.posts == []
    # its note stays: the leader runs it again once nobody holds the lock
    noted = [r for r in await runs_inflight(quiet_brain.driver) if r.tenant == slug]
    assert [(r.job, r.period) for r in noted] == [("slow_test_digest", period)]
    await forget_inflight(quiet_brain.driver, slug, "slow_test_digest", period)


# --- a leader killed mid-digest ------------------------------------------------------------


def candidate(name: str, tag: str, url: str, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "FALKORDB_URL": url, "HIVEBRAIN_EMBEDDINGS": "false"}
    with log.open("wb") as out:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [sys.executable, "-m", "tests.scheduler_candidate", name, tag, *extra],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=out,
        )


async def test_a_leader_killed_mid_digest_leaves_it_to_the_next_who_posts_it_once(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    slug = await kayak_tenant(quiet_brain)
    tag = f"kill-{uuid.uuid4().hex[:6]}"
    driver = quiet_brain.driver
    logs = {name: tmp_path / f"{name}.log" for name in ("first", "second")}
    procs = {
        name: candidate(name, tag, falkordb_url, logs[name], "--fire", f"business_digest@{slug}")
        for name in logs
    }
    try:
        killed: str | None = None
        for _ in range(600):  # both start (imports take seconds), one leads and fires
            posting = await driver.command("LRANGE", f"{tag}:posting", 0, -1)
            if posting:
                killed = posting[0]
                break
            assert all(p.poll() is None for p in procs.values()), "a candidate exited"
            await asyncio.sleep(0.05)
        assert killed is not None, "no leader started the digest"
        procs[killed].send_signal(signal.SIGKILL)  # mid-digest: computed, not yet posted
        procs[killed].wait(10)
        killed_at = time.monotonic()
        posts: list[Any] = []
        for _ in range(400):
            posts = await driver.command("LRANGE", f"{tag}:posts", 0, -1)
            if posts:
                break
            await asyncio.sleep(0.05)
        took = time.monotonic() - killed_at
        await asyncio.sleep(1.5)  # long enough for a second post, were there one
        posts = [json.loads(p) for p in await driver.command("LRANGE", f"{tag}:posts", 0, -1)]
        survivor = next(name for name in procs if name != killed)
        assert [p["name"] for p in posts] == [survivor], logs[survivor].read_text()[-3000:]
        assert took < 10, f"the next leader took {took:.1f} s"
        runs = await job_runs(await quiet_brain.tenant(slug), "business_digest", limit=10)
        assert sorted(r.status for r in runs) == ["failed", "ok"]
        dead = next(r for r in runs if r.status == "failed")
        assert dead.outcome is not None and "stopped mid-run" in dead.outcome
        terms = [json.loads(t) for t in await driver.command("LRANGE", f"{tag}:terms", 0, -1)]
        assert [t["name"] for t in terms] == [killed, survivor]
        assert not [r for r in await runs_inflight(driver) if r.tenant == slug]
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
