"""The scheduler: runs each job for every tenant that set a channel for it.

APScheduler (asyncio) fires the jobs on their cron schedules; missed runs are coalesced
into one and a run more than an hour late is skipped. Each tenant's posts go to the
channel its settings name (``digest_channel``, ``triage_channel``) on the platform it is
bound to, through the ``Poster`` the bots hand in at wiring time.

A job runs for one tenant at a time, and one tenant's failure stays that tenant's: it is
logged once with an error id, reported to that tenant's ``admin_channel`` when one is set,
and the job goes on for the others.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any, cast

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger

from agents import HivebrainError, Poster
from brain import Brain, now_ms
from scheduler.jobs._registry import JOBS, Post

log = logging.getLogger(__name__)

MISFIRE_GRACE_S = 3_600
#: The tenant setting naming the channel where a job's failure for that tenant is reported.
ADMIN_CHANNEL = "admin_channel"
#: What a failure report says when the error carries no sentence safe to post.
UNEXPLAINED = "something went wrong on our side"


async def run_for_all(brain: Brain, poster: Poster, name: str) -> int:
    """Run one job for every tenant with a channel for it; returns posts sent.

    This is the scheduler's top-level handler: whatever one tenant's run raises (its
    graph gone, a read refused, a bug) is logged with an error id and reported to that
    tenant's admin channel, and the job goes on for the next tenant.
    """
    assert brain.registry is not None
    job = JOBS[name]
    sent = 0
    failed: list[str] = []
    for tenant in await brain.registry.list():
        if not tenant.bindings:
            continue
        try:
            posts = await job.fn(await brain.tenant(tenant.slug), now_ms())
            sent += await deliver(poster, tenant.settings, tenant.bindings, posts)
        except Exception as exc:
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s: job %s failed for tenant %s", error_id, name, tenant.slug)
            failed.append(tenant.slug)
            report = [failure_post(job.purpose, name, error_id, exc)]
            try:
                sent += await deliver(poster, tenant.settings, tenant.bindings, report)
            except Exception:
                log.exception("error %s: reporting it to tenant %s failed", error_id, tenant.slug)
    if failed:
        log.warning("job %s: %d posts, failed for %s", name, sent, ", ".join(failed))
    else:
        log.info("job %s: %d posts", name, sent)
    return sent


def failure_post(purpose: str, name: str, error_id: str, exc: BaseException) -> Post:
    """The admin channel's note that a job could not run for this tenant, with the error id
    the server log has (the sentence is the error's ``user_message``: safe to post)."""
    why = exc.user_message if isinstance(exc, HivebrainError) else UNEXPLAINED
    return Post(
        ADMIN_CHANNEL,
        f"The scheduled job `{name}` ({purpose}) could not run for this brain: {why} "
        f"(error {error_id}; the other workspaces were not affected).",
    )


async def deliver(
    poster: Poster, settings: dict[str, Any], bindings: list[tuple[str, str]], posts: list[Post]
) -> int:
    """Post each message to the tenant's configured channel, once per bound platform."""
    sent = 0
    for post in posts:
        channel = settings.get(post.channel_setting)
        if not channel:
            continue
        for platform, _ in bindings:
            try:
                await poster.post(platform=platform, channel=str(channel), text=post.text)
                sent += 1
            except HivebrainError as exc:
                log.warning("posting to %s %s failed: %s", platform, channel, exc)
    return sent


def build_scheduler(brain: Brain, poster: Poster) -> AsyncIOScheduler:
    """An asyncio scheduler with every registered job on its default schedule (not started)."""
    scheduler = AsyncIOScheduler(
        job_defaults={"coalesce": True, "misfire_grace_time": MISFIRE_GRACE_S}
    )
    # APScheduler 3 declares add_job without types, so it is called through Any, once.
    jobs = cast(Any, scheduler)
    for name, job in JOBS.items():
        jobs.add_job(
            run_for_all,
            CronTrigger(**job.cron),
            args=[brain, poster, name],
            id=name,
            name=job.purpose,
            replace_existing=True,
        )
    return scheduler
