"""`hivebrain serve`: every configured adapter, the scheduler and a health endpoint, in one process.

Slack runs when a bot token (or OAuth client) is set, Discord when a token is set; both
share one ``BotCore``. The HTTP server on ``HIVEBRAIN_HTTP_PORT`` serves ``/healthz`` and,
in Slack's HTTP mode, ``/slack/events``. SIGINT/SIGTERM stop everything in order: the
scheduler, the adapters (letting in-flight answers finish), the web server, the brain.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from typing import Any

from aiohttp import web

from agents import ChannelPostExecutor
from agents.cards import KeyedPoster
from agents.errors import ActionFailed
from bots._digests import DigestPoster
from bots.core import BotCore, BotSettings
from brain import Brain, HivebrainError
from scheduler import JobRunner, JobService

log = logging.getLogger(__name__)


class PlatformPoster:
    """One ``Poster`` over every running platform: dispatches on the platform name."""

    def __init__(self) -> None:
        self.posters: dict[str, Any] = {}

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post through the platform's own poster."""
        poster = self.posters.get(platform)
        if poster is None:
            raise ActionFailed("channel", f"{platform} is not running in this process")
        return str(await poster.post(platform=platform, channel=channel, text=text))

    async def post_once(self, *, platform: str, channel: str, text: str, key: str) -> str:
        """Post with an idempotency key where the platform's poster takes one (Discord)."""
        poster = self.posters.get(platform)
        if poster is None:
            raise ActionFailed("channel", f"{platform} is not running in this process")
        if isinstance(poster, KeyedPoster):
            return await poster.post_once(platform=platform, channel=channel, text=text, key=key)
        return str(await poster.post(platform=platform, channel=channel, text=text))


def health_app(brain: Brain, running: dict[str, bool], started: float) -> web.Application:
    """The health endpoint: is the database answering, which adapters run."""

    async def healthz(_: web.Request) -> web.Response:
        try:
            assert brain.registry is not None
            tenants = len(await brain.registry.list())
            db = "ok"
        except HivebrainError as exc:
            tenants, db = 0, exc.user_message
        status = 200 if db == "ok" else 503
        return web.json_response(
            {
                "status": "ok" if status == 200 else "degraded",
                "database": db,
                "tenants": tenants,
                "adapters": running,
                "uptime_s": round(time.monotonic() - started),
            },
            status=status,
        )

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    return app


def _add_github_webhook(
    brain: Brain, app: web.Application, digests: DigestPoster | None = None
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
        poster=digests,
    )
    app.add_routes(routes)
    return tasks


async def serve(
    brain: Brain, core: BotCore, settings: BotSettings, *, stop: asyncio.Event | None = None
) -> None:
    """Run until ``stop`` is set (or a signal arrives)."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    poster = PlatformPoster()
    core.executors.register(ChannelPostExecutor(poster=poster))
    running: dict[str, bool] = {"slack": False, "discord": False, "scheduler": False}
    app = health_app(brain, running, time.monotonic())
    slack_service = None
    discord_task: asyncio.Task[None] | None = None
    digests = DigestPoster()
    if settings.slack_enabled:
        from bots.slack import run_slack
        from bots.slack._installs import RegistryInstallationStore, SlackPoster

        slack_service = await run_slack(core, settings)
        app.add_routes(slack_service.routes)
        store = slack_service.adapter.app.installation_store
        poster.posters["slack"] = SlackPoster(
            slack_service.adapter.app.client,
            # many workspaces (OAuth): each card's post uses its own workspace's token
            installations=store if isinstance(store, RegistryInstallationStore) else None,
        )
        digests.slack = slack_service.adapter.app.client
        running["slack"] = True
    if settings.discord_enabled:
        from bots.discord import DiscordPoster, build_discord_bot, run_discord

        bot = build_discord_bot(core, settings, sync_commands=settings.discord_sync_commands)
        poster.posters["discord"] = DiscordPoster(bot)
        digests.discord = bot
        discord_task = asyncio.create_task(run_discord(core, settings, bot=bot), name="discord")
        running["discord"] = True
    webhook_tasks = _add_github_webhook(brain, app, digests)
    webhook_secret = settings.hivebrain_meeting_webhook_secret
    if webhook_secret is not None and webhook_secret.get_secret_value():
        from bots._meeting_hook import meeting_webhook_routes

        app.add_routes(meeting_webhook_routes(brain, webhook_secret.get_secret_value()))
    scheduler = JobService(JobRunner(brain, digests))
    await scheduler.start()
    running["scheduler"] = True
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, host="0.0.0.0", port=settings.hivebrain_http_port)
    await site.start()
    log.info(
        "serving on port %d: %s",
        settings.hivebrain_http_port,
        ", ".join(k for k, v in running.items() if v),
    )
    try:
        await stop.wait()
    finally:
        log.info("shutting down")
        await scheduler.aclose()
        for task in list(webhook_tasks):
            task.cancel()
        if slack_service is not None:
            await slack_service.close()
        if discord_task is not None:
            discord_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await discord_task
        await runner.cleanup()
