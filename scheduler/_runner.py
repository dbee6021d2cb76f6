"""One run of one job for one tenant: the path the schedule and ``hivebrain jobs run`` share.

A run takes the lock for (tenant, job, period), returns at once if another process holds
it or a run already did this period (the ``JobRun`` stamp), retries a failing job a few
times, and then either sends its posts and stamps the period done, or logs the failure
once with an error id, stamps it failed and tells the tenant's admin channel. A dry run
takes no lock, stamps nothing and sends nothing: it returns what would be posted.

The run lock is a ``Lease``: renewed while the run lives, so a long run keeps it and a
killed one frees it within ``run_lock_ttl_ms``; a run whose lock is lost mid-way is
stopped at once (another process may now run it). A scheduled ingest may be handed to the ingest
workers (``handoff``, ``scheduler._handoff``). A started run is noted on the server
(``scheduler._inflight``) until it ends, so the leader retries the run of a process
that died (``resume``), and the lock and the period stamp make that retry the only run.

``run_for_all`` runs a job for every tenant, one after another; whatever one tenant's run
raises stays that tenant's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from agents import TOOLS, HivebrainError
from brain import Brain, Lease, TenantGraph, lock_key, now_ms, tenant_slot
from brain.upkeep import done_run, finish_run, job_run, job_runs, new_run_id, start_run
from scheduler._handoff import WorkerHandoff
from scheduler._inflight import InFlight, forget_inflight, note_inflight
from scheduler.jobs import (
    JOBS,
    Job,
    JobContext,
    JobOutcome,
    Post,
    period_key,
    tenant_zone,
)

log = logging.getLogger(__name__)

#: The tenant setting naming the channel where a job's failure for that tenant is reported.
ADMIN_CHANNEL = "admin_channel"
#: What a failure report says when the error carries no sentence safe to post.
UNEXPLAINED = "something went wrong on our side"
#: Seconds to wait before each retry of a failing job.
RETRY_DELAYS_S: tuple[float, ...] = (5.0, 30.0)
#: How long a run's lock outlives the last renewal of its process (renewed every third
#: of it while the run lives): a killed run is retried after this at the latest.
RUN_LOCK_TTL_MS = 30_000


def run_lock_key(slug: str, job: str, period: str) -> str:
    """The lock of one run, in its tenant's cluster slot (``brain._tenant_keys``): the run
    reads and stamps that tenant's graph, so while another shard fails over its lock
    still answers, and a tenant's runs need its one shard."""
    return lock_key(tenant_slot(slug), job, period)


class DigestPoster(Protocol):
    """Posts a job's platform-neutral ``Post``; the bots render it for each platform."""

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        """Post ``post`` to ``channel`` on ``platform``; return the message id or link."""
        ...


@dataclass(frozen=True, slots=True)
class RunReport:
    """How one run went: ``ok``, ``dry-run``, ``done`` (the period was already done),
    ``locked`` (another process runs it), ``skipped`` (no channel for its posts),
    ``failed``, ``undone`` or ``lost`` (its run lock was lost mid-way and it stopped: the
    process that takes the lock next finishes it)."""

    job: str
    tenant: str
    period: str
    status: str
    run_id: str | None = None
    summary: str = ""
    posts: list[Post] = field(default_factory=list[Post])
    sent: int = 0
    error_id: str | None = None
    details: dict[str, Any] = field(default_factory=dict[str, Any])


def _tool(name: str) -> Any:
    return TOOLS.get(name)


class JobRunner:
    """Runs jobs for tenants of one ``Brain``, posting through one ``DigestPoster``."""

    def __init__(
        self,
        brain: Brain,
        poster: DigestPoster,
        *,
        run_lock_ttl_ms: int = RUN_LOCK_TTL_MS,
        retry_delays_s: Sequence[float] = RETRY_DELAYS_S,
        handoff: WorkerHandoff | None = None,
    ) -> None:
        self.brain = brain
        self.poster = poster
        self.run_lock_ttl_ms = run_lock_ttl_ms
        self.retry_delays_s = tuple(retry_delays_s)
        #: Set where ingest workers run beside this process (``serve --role scheduler``):
        #: scheduled ingests go to them while any is alive; None runs every job here.
        self.handoff = handoff

    async def _tenant(self, slug: str) -> tuple[TenantGraph, dict[str, Any], list[Any]]:
        assert self.brain.registry is not None
        tenant = await self.brain.registry.get(slug)
        return await self.brain.tenant(slug), dict(tenant.settings), list(tenant.bindings)

    async def run(
        self,
        slug: str,
        name: str,
        *,
        t: int | None = None,
        dry_run: bool = False,
        abandoned: bool = False,
    ) -> RunReport:
        """Run job ``name`` for tenant ``slug`` for the period holding ``t`` (default now).

        ``abandoned``: a run of this period was left half-way by a process that died
        (``resume``); its stamp is closed as failed.
        """
        job = JOBS[name]
        t = now_ms() if t is None else t
        graph, settings, bindings = await self._tenant(slug)
        tz = tenant_zone(settings)
        period = period_key(t, tz, job.period)
        last = next((r for r in await job_runs(graph, name, limit=20) if r.status == "ok"), None)
        ctx = JobContext(
            graph=graph,
            t=t,
            tz=tz,
            period=period,
            settings=settings,
            run_id=new_run_id(name),
            dry_run=dry_run,
            last_ok_ms=last.at if last else None,
            tool=_tool,
            notes=self.brain.notes,
        )
        if job.channel and not (settings.get(job.channel) and bindings) and not dry_run:
            # nobody would see it: not run, not stamped, so it runs once a channel is set
            why = f"no {job.channel} set" if bindings else "not connected to Slack or Discord"
            return RunReport(name, slug, period, "skipped", summary=why)
        if job.needs and not settings.get(job.needs) and not dry_run:
            # nothing to do for this tenant (no Composio user...): skipped quietly
            return RunReport(name, slug, period, "skipped", summary=f"no {job.needs} set")
        if dry_run:
            outcome = await job.fn(ctx)
            return RunReport(
                name,
                slug,
                period,
                "dry-run",
                None,
                outcome.summary,
                outcome.posts,
                0,
                details=outcome.details,
            )
        driver = self.brain.driver
        # noted before the lock is taken: a process killed the moment it has the lock
        # still leaves a note for the leader (the first note of a period stays)
        await note_inflight(driver, InFlight(slug, name, period, t, ctx.run_id, now_ms()))
        lease = Lease(driver, run_lock_key(slug, name, period), ttl_ms=self.run_lock_ttl_ms)
        if not await lease.acquire():
            log.info("job %s for %s %s: another process runs it", name, slug, period)
            return RunReport(name, slug, period, "locked")
        try:
            done = await done_run(graph, job=name, period=period)
            if done is not None:
                log.info("job %s for %s %s: already done by %s", name, slug, period, done)
                await forget_inflight(driver, slug, name, period)
                return RunReport(name, slug, period, "done", done, f"already done by run {done}")
            if abandoned:
                await self._close_abandoned(graph, name, period, ctx.run_id)
            report = await _while_held(lease, self._run_once(job, ctx, settings, bindings))
            if report is None:
                log.warning("job %s for %s %s: run lock lost mid-run; stopped", name, slug, period)
                return RunReport(name, slug, period, "lost", ctx.run_id)
            await forget_inflight(driver, slug, name, period)
            return report
        finally:
            await lease.release()

    async def resume(self, run: InFlight) -> RunReport:
        """Run again a run whose process died (its note stayed, its lock expired), for the
        same moment; the one it left ``running`` is stamped failed, naming the new run."""
        return await self.run(run.tenant, run.job, t=run.t, abandoned=True)

    async def _close_abandoned(
        self, graph: TenantGraph, name: str, period: str, new_run: str
    ) -> None:
        """Stamp failed the runs of this period left ``running`` (this process holds the
        period's lock, so none of them still runs)."""
        for old in await job_runs(graph, name, limit=20):
            if old.period == period and old.status == "running" and not old.dry_run:
                await finish_run(
                    graph,
                    old.id,
                    status="failed",
                    outcome=f"its process stopped mid-run; run again as {new_run}",
                )

    async def _run_once(
        self, job: Job, ctx: JobContext, settings: dict[str, Any], bindings: list[Any]
    ) -> RunReport:
        slug, graph = ctx.graph.slug, ctx.graph
        await start_run(
            graph, run_id=ctx.run_id, job=job.name, period=ctx.period, at=ctx.t, dry_run=False
        )
        outcome: JobOutcome | None = None
        error: BaseException | None = None
        sent = 0
        for attempt, delay in enumerate((*self.retry_delays_s, None)):
            try:
                outcome = await self._outcome(job, ctx)
                sent, failed = await deliver(self.poster, settings, bindings, outcome.posts)
                if failed and not sent:
                    raise failed[0]
                break
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the scheduler's top-level handler for one tenant
                error, outcome = exc, None
                if delay is None:
                    break
                log.warning(
                    "job %s for %s: attempt %d failed (%s); retrying",
                    job.name,
                    slug,
                    attempt + 1,
                    type(exc).__name__,
                )
                await asyncio.sleep(delay)
        if outcome is not None:
            await finish_run(
                graph, ctx.run_id, status="ok", outcome=outcome.summary, details=outcome.details
            )
            log.info(
                "job %s for %s %s: ok, %d posts (%s)",
                job.name,
                slug,
                ctx.period,
                sent,
                outcome.summary,
            )
            return RunReport(
                job.name,
                slug,
                ctx.period,
                "ok",
                ctx.run_id,
                outcome.summary,
                outcome.posts,
                sent,
                details=outcome.details,
            )
        assert error is not None
        error_id = uuid.uuid4().hex[:8]
        log.error("error %s: job %s failed for tenant %s", error_id, job.name, slug, exc_info=error)
        why = error.user_message if isinstance(error, HivebrainError) else UNEXPLAINED
        try:
            await finish_run(graph, ctx.run_id, status="failed", outcome=why, error_id=error_id)
        except HivebrainError:
            log.warning(
                "error %s: the run of %s could not be stamped for %s", error_id, job.name, slug
            )
        report = failure_post(job.purpose, job.name, error_id, why)
        sent = 0
        try:
            sent, _ = await deliver(self.poster, settings, bindings, [report])
        except Exception:
            log.exception("error %s: reporting it to tenant %s failed", error_id, slug)
        return RunReport(
            job.name, slug, ctx.period, "failed", ctx.run_id, why, [report], sent, error_id=error_id
        )

    async def _outcome(self, job: Job, ctx: JobContext) -> JobOutcome:
        """One attempt of the job: by an ingest worker when it is an ingest and one runs
        (``scheduler._handoff``), else here."""
        if job.ingest and self.handoff is not None:
            handed = await self.handoff.outcome(job, ctx)
            if handed is not None:
                return handed
        return await job.fn(ctx)

    async def undo(self, slug: str, name: str, run_id: str) -> RunReport:
        """Undo one run of a job that can be undone (``--undo RUN``)."""
        job = JOBS[name]
        graph, _, _ = await self._tenant(slug)
        run = await job_run(graph, run_id)
        if job.undo is None:
            raise ValueError(f"the job {name} cannot be undone")
        if run is None or run.job != name:
            raise LookupError(f"no run {run_id} of {name} for {slug}")
        if run.status == "undone":
            return RunReport(name, slug, run.period, "undone", run_id, "already undone")
        details = await job.undo(graph, run_id)
        await finish_run(
            graph,
            run_id,
            status="undone",
            outcome=f"undone at {now_ms()}",
            details={**run.details, "undo": details},
        )
        log.info("job %s for %s: run %s undone (%s)", name, slug, run_id, details)
        return RunReport(name, slug, run.period, "undone", run_id, "undone", details=details)

    async def run_for_all(self, name: str, *, t: int | None = None) -> list[RunReport]:
        """Run one job for every tenant; one tenant's failure never stops the others."""
        assert self.brain.registry is not None
        reports: list[RunReport] = []
        for tenant in await self.brain.registry.list():
            try:
                reports.append(await self.run(tenant.slug, name, t=t))
            except asyncio.CancelledError:
                raise
            except Exception:  # the tenant could not even be opened: its run never started
                error_id = uuid.uuid4().hex[:8]
                log.exception("error %s: job %s failed for tenant %s", error_id, name, tenant.slug)
                reports.append(RunReport(name, tenant.slug, "", "failed", error_id=error_id))
        failed = [r.tenant for r in reports if r.status == "failed"]
        log.log(
            logging.WARNING if failed else logging.INFO,
            "job %s: %d tenants, failed: %s",
            name,
            len(reports),
            ", ".join(failed) or "none",
        )
        return reports


async def _while_held(lease: Lease, work: Coroutine[Any, Any, RunReport]) -> RunReport | None:
    """``work``'s report, or None if ``lease`` was lost first (``work`` is then cancelled)."""
    task = asyncio.create_task(work, name=f"run under {lease.key}")
    lost = asyncio.create_task(lease.lost.wait(), name=f"watch {lease.key}")
    try:
        await asyncio.wait((task, lost), return_when=asyncio.FIRST_COMPLETED)
    finally:
        lost.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    return None if task.cancelled() else task.result()


def failure_post(purpose: str, name: str, error_id: str, why: str) -> Post:
    """The admin channel's note that a job could not run for this tenant, with the error id
    the server log has (``why`` is the error's ``user_message``: safe to post)."""
    return Post(
        ADMIN_CHANNEL,
        f"The scheduled job {name} ({purpose}) could not run for this brain",
        (f"{why} (error {error_id}; the other workspaces were not affected).",),
    )


async def deliver(
    poster: DigestPoster,
    settings: Mapping[str, Any],
    bindings: Sequence[tuple[str, str]],
    posts: Sequence[Post],
) -> tuple[int, list[HivebrainError]]:
    """Post each message to the tenant's configured channel, once per bound platform.

    Returns how many were sent and the platforms' refusals. A channel setting may name
    one platform's channel (``C123``) or one per platform (``slack:C123 discord:456``).
    """
    sent = 0
    failed: list[HivebrainError] = []
    for post in posts:
        channels = channels_for(settings.get(post.channel_setting), bindings)
        for platform, channel in channels:
            try:
                await poster.post_digest(platform=platform, channel=channel, post=post)
                sent += 1
            except HivebrainError as exc:
                log.warning("posting to %s %s failed: %s", platform, channel, exc)
                failed.append(exc)
    return sent, failed


def channels_for(value: object, bindings: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(platform, channel) pairs a channel setting names for the platforms a tenant is on.

    ``slack:C1 discord:42`` names one per platform; a bare id goes to every bound platform
    whose ids look like it (Discord's are digits, Slack's are not).
    """
    if not value:
        return []
    platforms = list(dict.fromkeys(p for p, _ in bindings))
    out: list[tuple[str, str]] = []
    for word in str(value).split():
        platform, sep, channel = word.partition(":")
        if sep and platform in ("slack", "discord", "console"):
            if platform in platforms or not platforms:
                out.append((platform, channel))
            continue
        for bound in platforms:
            if bound == "discord" and not word.isdigit():
                continue
            out.append((bound, word))
    return out
