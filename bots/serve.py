"""`hivebrain serve`: the adapters, the scheduler and a health endpoint, by role.

A process runs one role (``--role``) or all of them (the default, one process doing
everything as before):

- ``web``: Slack (when a bot token or OAuth client is set) and Discord (when a token is
  set), sharing one ``BotCore``, and the GitHub and meeting webhooks;
- ``worker``: an ingest worker (``bots._ingest_worker``): it takes the queued uploads,
  webhooks' transcripts, ``ingest --queue`` loads and scheduled pulls, and embeds the
  vectors web processes leave to it;
- ``scheduler``: a candidate for the scheduler lease; the one holding it runs the jobs
  (``scheduler.SchedulerLeader``) and posts through Slack's Web API and Discord's REST
  API without answering either. It hands scheduled ingests (the connected pull) to the
  ingest workers while any is alive (``scheduler._handoff``).

Every role serves ``/healthz`` on ``HIVEBRAIN_HOST`` (127.0.0.1 unless set: only this
machine) and ``HIVEBRAIN_HTTP_PORT`` (and, for ``web`` in Slack's
HTTP mode, ``/slack/events``). SIGINT/SIGTERM stop everything in order: the scheduler,
the adapters (letting in-flight answers finish), the web server, the brain.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import time
from typing import Any

from aiohttp import web

from agents import ChannelPostExecutor
from bots._posters import ChannelPosters
from bots.core import BotCore, BotSettings, UploadWorkers
from brain import Brain, HivebrainError
from brain.reads import feedback_counts
from scheduler import JobRunner, JobService, SchedulerLeader, WorkerHandoff

log = logging.getLogger(__name__)

#: What ``serve --role`` accepts.
ROLES = ("web", "worker", "scheduler", "all")

#: /healthz reads each tenant's feedback at most this often, and for at most this long
#: per request (tenants not reached in time keep their last counts).
FEEDBACK_FRESH_S = 60.0
FEEDBACK_BUDGET_S = 2.0


class FeedbackTotals:
    """Each tenant's feedback counts for /healthz: read from the graphs, kept a minute."""

    def __init__(self, brain: Brain) -> None:
        self._brain = brain
        self._counts: dict[str, dict[str, Any]] = {}
        self._read_at: dict[str, float] = {}

    async def read(self, slugs: list[str]) -> dict[str, dict[str, Any]]:
        """``{slug: {"up", "down", "reasons", "clicks"}}`` for the tenants in ``slugs``."""
        now = time.monotonic()
        # never read first, then the oldest reads: each call moves every tenant forward
        stale = sorted(
            (
                s
                for s in slugs
                if s not in self._read_at or now - self._read_at[s] >= FEEDBACK_FRESH_S
            ),
            key=lambda s: self._read_at.get(s, float("-inf")),
        )
        try:
            async with asyncio.timeout(FEEDBACK_BUDGET_S):
                for slug in stale:
                    graph = await self._brain.tenant(slug)
                    self._counts[slug] = (await feedback_counts(graph)).as_dict()
                    self._read_at[slug] = time.monotonic()
        except TimeoutError:
            log.info("healthz: feedback of %d tenants left for the next call", len(stale))
        except HivebrainError as exc:
            log.warning("healthz: feedback not read: %s", exc)
        return {s: self._counts[s] for s in slugs if s in self._counts}


def health_app(
    brain: Brain,
    running: dict[str, bool],
    started: float,
    *,
    role: str = "all",
    leader: SchedulerLeader | None = None,
) -> web.Application:
    """The health endpoint: is the database answering, which adapters run, and each
    tenant's feedback on its answers (👍 / 👎, the reasons given, every click)."""
    totals = FeedbackTotals(brain)

    async def healthz(_: web.Request) -> web.Response:
        feedback: dict[str, dict[str, Any]] = {}
        try:
            assert brain.registry is not None
            slugs = [t.slug for t in await brain.registry.list()]
            tenants, db = len(slugs), "ok"
            feedback = await totals.read(slugs)
        except HivebrainError as exc:
            tenants, db = 0, exc.user_message
        status = 200 if db == "ok" else 503
        if leader is not None:
            running["scheduler"] = leader.is_leader
        return web.json_response(
            {
                "status": "ok" if status == 200 else "degraded",
                "database": db,
                "tenants": tenants,
                "feedback": feedback,
                "role": role,
                "adapters": running,
                "scheduler": None
                if leader is None
                else {"leader": leader.is_leader, "terms": leader.terms},
                "uptime_s": round(time.monotonic() - started),
            },
            status=status,
        )

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    return app


def _add_github_webhook(
    brain: Brain, app: web.Application, posters: ChannelPosters | None = None
) -> set[asyncio.Task[Any]]:
    """The GitHub triage webhook, when a secret is set (``HIVEBRAIN_GITHUB_WEBHOOK_SECRET``)."""
    from bots._github_webhook import github_webhook_routes
    from bots._wiring import ExecutorSettings

    settings = ExecutorSettings()
    if settings.hivebrain_github_webhook_secret is None:
        return set()
    repos = [r.strip() for r in settings.hivebrain_github_repos.split(",") if r.strip()]
    routes, tasks = github_webhook_routes(
        brain,
        secret=settings.hivebrain_github_webhook_secret.get_secret_value(),
        repos=repos,
        poster=posters,
    )
    app.add_routes(routes)
    return tasks


async def serve(
    brain: Brain,
    core: BotCore,
    settings: BotSettings,
    *,
    stop: asyncio.Event | None = None,
    role: str = "all",
) -> None:
    """Run ``role`` (``ROLES``) until ``stop`` is set (or a signal arrives)."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}: one of {', '.join(ROLES)}")
    answering = role in ("web", "all")
    scheduling = role in ("scheduler", "all")
    working = role in ("worker", "all")
    if role in ("web", "worker"):
        # facts and full text first, vectors after: a web process embeds questions only,
        # and a worker's loads answer by words before their vectors are made (its next
        # job, or another worker's, makes them)
        brain.leave_vectors_to_workers()
    if role == "web":
        # a web process downloads uploads and hands their loads to the workers
        core.upload_workers = UploadWorkers(brain.ingest_queue)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    # one poster for every platform running here: approved cards' messages and the
    # scheduler's posts both go through it
    posters = ChannelPosters()
    core.executors.register(ChannelPostExecutor(poster=posters))
    running: dict[str, bool] = {
        "slack": False,
        "discord": False,
        "scheduler": False,
        "worker": False,
    }
    leader = (
        SchedulerLeader(
            JobRunner(
                brain,
                posters,
                run_lock_ttl_ms=settings.hivebrain_run_lock_ms,
                # a scheduler of its own hands scheduled ingests to the workers while any
                # runs; `all` keeps running them itself, as one process always did
                handoff=WorkerHandoff(brain.ingest_queue) if role == "scheduler" else None,
            ),
            ttl_ms=settings.hivebrain_leader_lease_ms,
            # a dead run's lock expires within its TTL: look for it twice as often
            service=functools.partial(
                JobService, recover_s=max(1, settings.hivebrain_run_lock_ms // 2000)
            ),
        )
        if scheduling
        else None
    )
    app = health_app(brain, running, time.monotonic(), role=role, leader=leader)
    slack_service = None
    discord_task: asyncio.Task[None] | None = None
    discord_rest = None
    if settings.slack_enabled and answering:
        from bots.slack import RegistryInstallationStore, SlackPoster, run_slack

        slack_service = await run_slack(core, settings)
        app.add_routes(slack_service.routes)
        store = slack_service.adapter.app.installation_store
        posters.add(
            "slack",
            SlackPoster(
                slack_service.adapter.app.client,
                # many workspaces (OAuth): each post uses its own workspace's token
                installations=store if isinstance(store, RegistryInstallationStore) else None,
            ),
        )
        running["slack"] = True
    elif settings.slack_enabled and scheduling:
        from bots.slack import slack_poster

        posters.add("slack", slack_poster(settings, brain.registry))
    if settings.discord_enabled and answering:
        from bots.discord import DiscordPoster, build_discord_bot, run_discord

        bot = build_discord_bot(core, settings, sync_commands=settings.discord_sync_commands)
        posters.add("discord", DiscordPoster(bot))
        discord_task = asyncio.create_task(run_discord(core, settings, bot=bot), name="discord")
        running["discord"] = True
    elif settings.discord_enabled and scheduling and settings.discord_token is not None:
        from bots.discord import DiscordPoster, build_discord_bot

        # REST only (no gateway): the scheduler posts, and never answers a message
        discord_rest = build_discord_bot(core, settings, sync_commands=False)
        await discord_rest.login(settings.discord_token.get_secret_value())
        posters.add("discord", DiscordPoster(discord_rest))
    webhook_tasks: set[asyncio.Task[Any]] = set()
    if answering:
        webhook_tasks = _add_github_webhook(brain, app, posters)
        webhook_secret = settings.hivebrain_meeting_webhook_secret
        if webhook_secret is not None and webhook_secret.get_secret_value():
            from bots._meeting_hook import meeting_webhook_routes

            app.add_routes(
                meeting_webhook_routes(
                    brain, webhook_secret.get_secret_value(), queue=role == "web"
                )
            )
    leading: asyncio.Task[None] | None = None
    if leader is not None:
        leading = asyncio.create_task(leader.run(stop), name="scheduler leader")
    working_task: asyncio.Task[None] | None = None
    if working:
        from bots._ingest_worker import IngestWorker

        working_task = asyncio.create_task(IngestWorker(brain).run(stop), name="ingest worker")
        running["worker"] = True
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, host=settings.hivebrain_host, port=settings.hivebrain_http_port)
    await site.start()
    log.info(
        "serving %s on %s port %d: %s",
        role,
        settings.hivebrain_host,
        settings.hivebrain_http_port,
        ", ".join(k for k, v in running.items() if v) or "health only",
    )
    try:
        await stop.wait()
    finally:
        log.info("shutting down")
        stop.set()
        if leading is not None:
            await leading  # it stands down and gives the lease back
        if working_task is not None:
            await working_task  # the job under way is finished first
        for task in list(webhook_tasks):
            task.cancel()
        if slack_service is not None:
            await slack_service.close()
        if discord_task is not None:
            discord_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await discord_task
        if discord_rest is not None:
            await discord_rest.close()
        await runner.cleanup()
