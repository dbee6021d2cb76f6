"""The connected-tools pull: every hour, what is new in each tenant's connected accounts
(e-mail, calendar, chat, social posts, analytics) comes into its brain.

It runs the code path of `hivebrain connect SLUG pull` (``agents.pull_connected``), so a
scheduled pull and one run by hand move the same per-account cursors. A tenant with no
Composio user has nothing to pull: the runner skips it quietly (``needs``), running and
stamping nothing; a process with no COMPOSIO_API_KEY says so in the run's summary and
posts nothing. A key Composio refuses or an API that does not answer fails the run, which
the runner retries and reports to the tenant's admin channel.

It is an ingest: a scheduler leader beside ingest workers hands each run to a worker,
which runs this same function (``scheduler._handoff``), so the pull's writes and vectors
take a worker's cores, and a worker killed mid-pull leaves it to another, finished once.
"""

from __future__ import annotations

from agents import ConnectedClient, ConnectorSettings, composio_user, pull_connected
from scheduler.jobs._registry import JobContext, JobOutcome, job

NO_USER = "no Composio user set; nothing to pull"
NO_KEY = "COMPOSIO_API_KEY is not set; nothing pulled"


@job(
    "connected_pull",
    purpose="pull new e-mail, events, messages, posts and readings from connected tools",
    schedule="20 * * * *",
    period="hour",
    needs="composio_user_id",
    ingest=True,
)
async def connected_pull(ctx: JobContext) -> JobOutcome:
    """Pull every active account of the tenant's Composio user (a dry run only lists them)."""
    user = composio_user(ctx.settings)
    if user is None:
        return JobOutcome(summary=NO_USER, details={"accounts": 0})
    settings = ConnectorSettings()
    if settings.composio_api_key is None:
        return JobOutcome(summary=NO_KEY, details={"accounts": 0})
    client = ConnectedClient.from_settings(settings)
    if ctx.dry_run:
        accounts = await client.accounts(user)
        names = ", ".join(f"{a.toolkit} {a.id}" for a in accounts) or "none"
        return JobOutcome(
            summary=f"would pull {len(accounts)} accounts: {names}",
            details={"accounts": len(accounts)},
        )
    report = await pull_connected(ctx.graph, client, user_id=user, settings=ctx.settings, now=ctx.t)
    return JobOutcome(
        summary=report.summary(),
        details={
            "accounts": len(report.accounts),
            "items": report.total("items"),
            "created": report.total("created"),
            "skipped_items": report.skipped_items,
            "failed": [a.account.id for a in report.accounts if a.status == "failed"],
        },
    )
