"""The scheduler: runs each job for every tenant that set a channel for it.

APScheduler (asyncio) fires the jobs on their cron schedules; missed runs are coalesced
into one and a run more than an hour late is skipped. Each tenant's posts go to the
channel its settings name (``digest_channel``, ``triage_channel``) on the platform it is
bound to, through the ``Poster`` the bots hand in at wiring time.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger

from agents import HivebrainError, Poster
from brain import Brain, now_ms
from scheduler.jobs._registry import JOBS, Post

log = logging.getLogger(__name__)

MISFIRE_GRACE_S = 3_600


async def run_for_all(brain: Brain, poster: Poster, name: str) -> int:
    """Run one job for every tenant with a channel for it; returns posts sent."""
    assert brain.registry is not None
    sent = 0
    for tenant in await brain.registry.list():
        if not tenant.bindings:
            continue
        try:
            posts = await JOBS[name].fn(await brain.tenant(tenant.slug), now_ms())
        except HivebrainError as exc:
            log.warning("job %s for %s failed: %s", name, tenant.slug, exc)
            continue
        sent += await deliver(poster, tenant.settings, tenant.bindings, posts)
    log.info("job %s: %d posts", name, sent)
    return sent


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
