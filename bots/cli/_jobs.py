"""`hivebrain jobs list SLUG` and `hivebrain jobs run SLUG JOB [--dry-run] [--undo RUN]`.

`run` goes through the scheduler's own runner (lock, period stamp, retries, failure
report), so a run from here is the scheduled run: a digest run by hand is not posted
again by the schedule that week. Posts go to the platforms this machine has tokens for
(Slack's Web API; Discord over REST), the same renderers as `serve`.
"""

from __future__ import annotations

import json
from contextlib import AsyncExitStack
from datetime import datetime
from typing import Annotated, Any

import typer
from rich.table import Table

from bots._posters import ChannelPosters
from bots.cli._common import console, print_json, run, with_brain
from bots.core import BotSettings
from brain import Brain, InputInvalid, format_moment
from brain.upkeep import job_runs
from scheduler import JOBS, JobRunner, RunReport, next_run
from scheduler.jobs import schedule_for, tenant_zone

#: A run from a terminal retries once, soon, rather than the scheduler's minutes.
CLI_RETRY_DELAYS_S = (2.0,)

jobs_app = typer.Typer(
    help="Scheduled jobs: list them, run one now, undo a run.", no_args_is_help=True
)


def _job(name: str) -> None:
    if name not in JOBS:
        raise InputInvalid(f"no job {name!r}: the jobs are {', '.join(sorted(JOBS))}")


@jobs_app.command("list")
@run
async def list_jobs(slug: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Each job: what it does, its schedule here, its last run and outcome, its next run."""

    async def act(brain: Brain) -> list[dict[str, Any]]:
        assert brain.registry is not None
        settings = dict((await brain.registry.get(slug)).settings)
        graph = await brain.tenant(slug)
        tz = tenant_zone(settings)
        rows: list[dict[str, Any]] = []
        for name, job in sorted(JOBS.items()):
            schedule = schedule_for(name, settings)
            runs = await job_runs(graph, name, limit=1)
            last = runs[0] if runs else None
            upcoming = next_run(schedule, tz, now=datetime.now(tz))
            rows.append(
                {
                    "name": name,
                    "purpose": job.purpose,
                    "schedule": f"{schedule} ({tz.key})" if schedule else "off",
                    "last_run": format_moment(last.started_at) if last else None,
                    "last_status": last.status if last else None,
                    "last_outcome": last.outcome if last else None,
                    "last_run_id": last.id if last else None,
                    "next_run": upcoming.isoformat(timespec="minutes") if upcoming else None,
                }
            )
        return rows

    rows = await with_brain(act)
    if as_json:
        print_json(rows)
        return
    table = Table("job", "purpose", "schedule", "last run", "outcome", "next run")
    for r in rows:
        last = f"{(r['last_run'] or '')[:16]} {r['last_status']}" if r["last_run"] else "never"
        outcome = f"{r['last_outcome'] or ''} ({r['last_run_id']})" if r["last_run"] else ""
        table.add_row(r["name"], r["purpose"], r["schedule"], last, outcome, r["next_run"] or "-")
    console.print(table)


async def _poster(stack: AsyncExitStack, brain: Brain, settings: BotSettings) -> ChannelPosters:
    """A poster for the platforms this machine has tokens for."""
    posters = ChannelPosters()
    if settings.slack_bot_token is not None:
        from slack_sdk.web.async_client import AsyncWebClient

        from bots.slack import SlackPoster, api_base_url

        client = AsyncWebClient(
            token=settings.slack_bot_token.get_secret_value(), base_url=api_base_url(settings)
        )
        posters.add("slack", SlackPoster(client))
    if settings.discord_token is not None:
        from bots._wiring import build_core
        from bots.discord import DiscordPoster, build_discord_bot

        # logged in over REST only (no gateway): enough to post to a channel
        bot = build_discord_bot(build_core(brain, "hivebrain"), settings, sync_commands=False)
        await bot.login(settings.discord_token.get_secret_value())
        stack.push_async_callback(bot.close)
        posters.add("discord", DiscordPoster(bot))
    return posters


def _print(report: RunReport, as_json: bool) -> None:
    if as_json:
        print_json(
            {
                "job": report.job,
                "tenant": report.tenant,
                "period": report.period,
                "status": report.status,
                "run_id": report.run_id,
                "summary": report.summary,
                "sent": report.sent,
                "error_id": report.error_id,
                "details": report.details,
                "posts": [
                    {"channel_setting": p.channel_setting, "text": p.text} for p in report.posts
                ],
            }
        )
        return
    run_id = f" run {report.run_id}" if report.run_id else ""
    console.print(
        f"{report.job} for {report.tenant} ({report.period}):{run_id} {report.status}"
        + (f", {report.sent} posts sent" if report.sent else ""),
        highlight=False,
    )
    if report.summary:
        console.print(report.summary, highlight=False, markup=False)
    if report.details:
        console.print(
            json.dumps(report.details, indent=2, default=str), highlight=False, markup=False
        )
    for post in report.posts:
        where = "would post to" if report.status == "dry-run" else "posted to"
        console.print(f"--- {where} {post.channel_setting}", highlight=False, markup=False)
        console.print(post.text, highlight=False, markup=False)
        for i, c in enumerate(post.citations, 1):
            console.print(f"  [{i}] {c.title} ({c.url or c.id})", highlight=False, markup=False)


@jobs_app.command("run")
@run
async def run_job(
    slug: str,
    job: str,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would change or be posted; write nothing.")
    ] = False,
    undo: Annotated[
        str | None, typer.Option("--undo", metavar="RUN", help="Undo this run of the job.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Run a job for one tenant now, the way the schedule runs it (or undo a run)."""
    _job(job)
    if undo is not None and JOBS[job].undo is None:
        undoable = ", ".join(sorted(n for n, j in JOBS.items() if j.undo))
        raise InputInvalid(f"the job {job} cannot be undone (only {undoable} can)")

    async def act(brain: Brain) -> RunReport:
        async with AsyncExitStack() as stack:
            poster = await _poster(stack, brain, BotSettings())
            runner = JobRunner(brain, poster, retry_delays_s=CLI_RETRY_DELAYS_S)
            if undo is not None:
                try:
                    return await runner.undo(slug, job, undo)
                except LookupError as exc:
                    raise InputInvalid(f"{exc}; `hivebrain jobs list {slug}` shows runs") from None
            return await runner.run(slug, job, dry_run=dry_run)

    report = await with_brain(act)
    _print(report, as_json)
    if report.status == "failed":
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the `jobs` group to the main CLI (a second call adds nothing)."""
    if "jobs" not in {g.name for g in app.registered_groups}:
        app.add_typer(jobs_app, name="jobs")
