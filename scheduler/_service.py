"""The scheduler: APScheduler inside ``hivebrain serve``, one cron job per tenant and job.

Each tenant's jobs run on the schedules its settings name (``schedule_<job>``, a crontab
line; the job's default otherwise) in its own time zone (``timezone``). The jobs live in
a persistent job store on the same FalkorDB server (it speaks Redis): after a restart a
run missed while the process was down still happens if it is less than an hour late
(``misfire_grace_time``), and several missed runs collapse into one (``coalesce``).
Every few minutes the scheduler re-reads the tenants, so a schedule or time zone changed
in chat takes effect without a restart.

Several ``serve`` processes may share one server and one job store; only the holder of
the scheduler lease runs this service (``scheduler._leader``), and the run lock plus the
period stamp (``scheduler._runner``) still make a run happen once if two ever fire it.
The leader also retries, every ``RECOVER_S``, the runs whose process died mid-way.

The job store is APScheduler's Redis store on a client of the same topology as the
brain (``brain.db.sync_client``: one server, Sentinel's primary or the cluster). Its two
keys carry one hash tag (``{hivebrain}:...``), so on a cluster they share a slot and the
store's transactions stay on one shard.

APScheduler 3's Redis job store is synchronous, so none of its calls run on the event
loop: the scheduler is a ``BackgroundScheduler`` whose thread reads and writes the store
when jobs fall due, and hands each job to the loop to run (``LoopExecutor``); the
service's own store calls (reconcile, listing, one-off runs) go through
``asyncio.to_thread``. A slow or paused server delays the jobs, never a chat answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

from apscheduler.jobstores.memory import MemoryJobStore
from apscheduler.jobstores.redis import RedisJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger
from redis.exceptions import RedisClusterException, RedisError

from brain import (
    Brain,
    GraphUnavailable,
    ServerLock,
    TenantUnknown,
)
from brain.db import parse_falkordb_url, sync_client
from scheduler._inflight import forget_inflight, runs_inflight
from scheduler._loop_executor import LoopExecutor
from scheduler._runner import JobRunner, RunReport, run_lock_key
from scheduler.jobs import JOBS, crontab_trigger, schedule_for, tenant_zone

log = logging.getLogger(__name__)

MISFIRE_GRACE_S = 3_600
#: How often the scheduler re-reads tenants' schedules and time zones.
RECONCILE_S = 300
#: The job store's key prefix: every ``serve`` on one server shares it.
STORE = "hivebrain"
#: The store's keys, by prefix: one hash tag, so a cluster keeps both on one shard.
JOBS_KEY = "{{{store}}}:apscheduler:jobs"
RUN_TIMES_KEY = "{{{store}}}:apscheduler:run_times"
#: Where stores before the hash tag kept them (moved on the first start).
_UNTAGGED = ("{store}:apscheduler:jobs", "{store}:apscheduler:run_times")
#: How often the leader looks for runs whose process died mid-way.
RECOVER_S = 15
#: The job id of one job for one tenant.
JOB_ID = "{job}@{slug}"

#: The runner each job store's jobs run with (a stored job names only strings).
_RUNNERS: dict[str, JobRunner] = {}


async def fire(store: str, name: str, slug: str) -> None:
    """What a stored job calls: run ``name`` for ``slug`` with that store's runner.

    It is referenced by import path, so the pickled job holds three strings and no
    objects; a process without a runner for ``store`` does nothing.
    """
    runner = _RUNNERS.get(store)
    if name not in JOBS:  # a job stored by an older version, removed at the next reconcile
        log.warning("stored job %s for %s names no job; skipped", name, slug)
        return
    if runner is None:
        log.warning("job %s for %s fired with no runner for store %s", name, slug, store)
        return
    await runner.run(slug, name)


def trigger_for(schedule: str, tz: ZoneInfo) -> CronTrigger:
    """A crontab line read in the tenant's time zone."""
    return crontab_trigger(schedule, tz)


def next_run(schedule: str | None, tz: ZoneInfo, *, now: datetime | None = None) -> datetime | None:
    """When a schedule fires next (``jobs list``), None when it is off."""
    if schedule is None:
        return None
    now = now or datetime.now(tz)
    # APScheduler 3 declares get_next_fire_time without types.
    return cast(Any, trigger_for(schedule, tz)).get_next_fire_time(None, now)


def wanted_jobs(
    tenants: Sequence[tuple[str, Mapping[str, Any]]],
) -> dict[str, tuple[str, str, str]]:
    """Job id -> (job, slug, trigger description) for every tenant's scheduled jobs."""
    wanted: dict[str, tuple[str, str, str]] = {}
    for slug, settings in tenants:
        try:
            tz = tenant_zone(settings)
        except (KeyError, ValueError):
            log.warning(
                "tenant %s: unknown time zone %r, using UTC", slug, settings.get("timezone")
            )
            tz = ZoneInfo("UTC")
        for name in JOBS:
            schedule = schedule_for(name, settings)
            if schedule is None:
                continue
            try:
                trigger = trigger_for(schedule, tz)
            except ValueError:
                log.warning(
                    "tenant %s: schedule %r of %s is not a crontab line", slug, schedule, name
                )
                continue
            wanted[JOB_ID.format(job=name, slug=slug)] = (name, slug, repr(trigger))
    return wanted


class _TopologyJobStore(RedisJobStore):
    """APScheduler's Redis store on any of our clients: its own ``shutdown`` reaches for
    a connection pool, which a cluster client has one of per node."""

    def shutdown(self) -> None:
        cast(Any, self).redis.close()


@dataclass(frozen=True, slots=True)
class StoredJob:
    """One job in the store, as ``jobs list`` and tests read it."""

    id: str
    trigger: str
    timezone: str
    next_run: datetime | None


class JobService:
    """The running scheduler: build with a runner, ``await start()``, ``shutdown()``."""

    def __init__(
        self,
        runner: JobRunner,
        *,
        store: str = STORE,
        redis_url: str | None = None,
        reconcile_s: int = RECONCILE_S,
        recover_s: int = RECOVER_S,
    ) -> None:
        self.runner = runner
        self.store = store
        self._redis_url = redis_url
        self._reconcile_s = reconcile_s
        self._recover_s = recover_s
        self.scheduler = BackgroundScheduler(
            job_defaults={"coalesce": True, "misfire_grace_time": MISFIRE_GRACE_S}
        )
        self._sched = cast(Any, self.scheduler)  # APScheduler 3 is untyped: used through Any

    @property
    def brain(self) -> Brain:
        """The brain the runner reads."""
        return self.runner.brain

    def _url(self) -> str:
        if self._redis_url:
            return self._redis_url
        brain = self.brain
        url = brain.settings.falkordb_url or (brain.server.url if brain.server else None)
        if not url:
            raise RuntimeError("the brain has no server url: start() it first")
        return url

    def _open_store(self) -> RedisJobStore:
        """The job store on the brain's topology (in a thread: the client is sync)."""
        client = sync_client(parse_falkordb_url(self._url()))
        jobs = JOBS_KEY.format(store=self.store)
        run_times = RUN_TIMES_KEY.format(store=self.store)
        for old, new in zip(_UNTAGGED, (jobs, run_times), strict=True):
            old_key = old.format(store=self.store)
            with contextlib.suppress(RedisError):  # a cluster cannot rename across slots
                if client.exists(old_key) and not client.exists(new):
                    client.rename(old_key, new)
        store = _TopologyJobStore(jobs_key=jobs, run_times_key=run_times)
        # the topology's own client, not APScheduler's host/port one (its attribute is
        # typed as a plain Redis; a cluster client answers the same calls)
        cast(Any, store).redis = client
        return store

    async def start(self) -> None:
        """Open the job store, put every tenant's jobs in it and start firing."""
        _RUNNERS[self.store] = self.runner
        try:
            store = await asyncio.to_thread(self._open_store)
        except (RedisError, RedisClusterException, OSError) as exc:
            raise GraphUnavailable(
                "job store", f"cannot open the scheduler's job store ({type(exc).__name__})"
            ) from exc
        self._sched.add_jobstore(store, "tenants")
        self._sched.add_jobstore(MemoryJobStore(), "default")
        self._sched.add_executor(LoopExecutor(asyncio.get_running_loop()), "default")
        await asyncio.to_thread(self._sched.start)  # the start reads the store
        await self.reconcile()
        await asyncio.to_thread(
            self._sched.add_job,
            self.reconcile,
            IntervalTrigger(seconds=int(self._reconcile_s)),
            id="reconcile",
            jobstore="default",
            replace_existing=True,
        )
        await asyncio.to_thread(
            self._sched.add_job,
            self.recover,
            IntervalTrigger(seconds=self._recover_s),
            id="recover",
            jobstore="default",
            replace_existing=True,
        )

    async def recover(self) -> list[RunReport]:
        """Run again every run whose process died mid-way (its note stayed on the server
        and nobody holds its lock); the leader calls it on taking the lease and every
        ``recover_s``."""
        driver = self.brain.driver
        reports: list[RunReport] = []
        lock = ServerLock(driver, ttl_ms=self.runner.run_lock_ttl_ms)
        for run in await runs_inflight(driver):
            if run.job not in JOBS:  # a job this version no longer has
                await forget_inflight(driver, run.tenant, run.job, run.period)
                continue
            if await lock.is_held(run_lock_key(run.tenant, run.job, run.period)):
                continue  # its process lives (or another retries it now)
            log.warning(
                "job %s for %s %s: its run %s stopped mid-way; running it again",
                run.job,
                run.tenant,
                run.period,
                run.run_id,
            )
            try:
                reports.append(await self.runner.resume(run))
            except TenantUnknown:
                await forget_inflight(driver, run.tenant, run.job, run.period)
            except asyncio.CancelledError:
                raise
            except Exception:  # the recovery's handler for one run: the others still run
                log.exception("retry of %s for %s failed; tried again later", run.job, run.tenant)
        return reports

    async def reconcile(self) -> dict[str, int]:
        """Make the stored jobs match the tenants' settings: add, change, remove."""
        assert self.brain.registry is not None
        tenants = [(t.slug, dict(t.settings)) for t in await self.brain.registry.list()]
        return await asyncio.to_thread(self._reconcile, tenants)

    def _reconcile(self, tenants: list[tuple[str, dict[str, Any]]]) -> dict[str, int]:
        """``reconcile``'s store calls, in a thread (the job store is synchronous)."""
        wanted = wanted_jobs(tenants)
        have = {
            j.id: j
            for j in self._sched.get_jobs(jobstore="tenants")
            if not str(j.id).startswith("once:")
        }
        added = changed = removed = 0
        for job_id, (name, slug, trigger) in wanted.items():
            current = have.get(job_id)
            if current is not None and repr(current.trigger) == trigger:
                continue
            settings = dict(next(s for t, s in tenants if t == slug))
            self._sched.add_job(
                "scheduler._service:fire",
                trigger_for(str(schedule_for(name, settings)), tenant_zone(settings)),
                args=[self.store, name, slug],
                id=job_id,
                name=f"{name} for {slug}",
                jobstore="tenants",
                replace_existing=True,
            )
            added, changed = (added + 1, changed) if current is None else (added, changed + 1)
        for job_id in set(have) - set(wanted):
            self._sched.remove_job(job_id, jobstore="tenants")
            removed += 1
        if added or changed or removed:
            log.info("scheduler: %d jobs added, %d changed, %d removed", added, changed, removed)
        return {"added": added, "changed": changed, "removed": removed}

    async def stored_jobs(self) -> dict[str, StoredJob]:
        """The tenants' jobs in the store, by id."""
        return await asyncio.to_thread(self._stored_jobs)

    def _stored_jobs(self) -> dict[str, StoredJob]:
        return {
            j.id: StoredJob(
                id=str(j.id),
                trigger=repr(j.trigger),
                timezone=str(getattr(j.trigger, "timezone", "")),
                next_run=j.next_run_time,
            )
            for j in self._sched.get_jobs(jobstore="tenants")
        }

    async def fire_at(self, name: str, slug: str, when: datetime) -> None:
        """Run ``name`` for ``slug`` once at ``when`` (through the store, like any job)."""
        await asyncio.to_thread(
            self._sched.add_job,
            "scheduler._service:fire",
            "date",
            run_date=when,
            args=[self.store, name, slug],
            id=f"once:{name}@{slug}:{when.isoformat()}",
            jobstore="tenants",
        )

    def shutdown(self) -> None:
        """Stop firing: the scheduler's thread ends after its store call in flight, and
        jobs still running on the loop are cancelled. Blocks for that call: from a
        coroutine, ``await aclose()``."""
        if self.scheduler.running:
            self._sched.shutdown(wait=False)
        if _RUNNERS.get(self.store) is self.runner:
            del _RUNNERS[self.store]

    async def aclose(self) -> None:
        """``shutdown`` off the event loop."""
        await asyncio.to_thread(self.shutdown)
