"""`hivebrain connect SLUG list` and `hivebrain connect SLUG pull [--since D] [--account ID]`.

`list` shows the accounts the tenant's Composio user connected, what hivebrain reads from
each and how far the last pull got; `pull` reads what is new in them into the brain, the
same code path as the scheduled ``connected_pull`` job. Every failure is one line: no
COMPOSIO_API_KEY, an unknown tenant, a refused key, an API that does not answer. Items
that could not be read are counted and named; the rest loads.

`pull --queue` hands the pull to the ingest workers (a ``connected`` job, run with the
worker's COMPOSIO_API_KEY): the tenant and its Composio user are checked here, and
`hivebrain ingest job` later prints the worker's report as `pull` prints its own.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.table import Table

from agents import (
    ConnectedClient,
    ConnectorSettings,
    list_connected,
    parse_since,
    require_user,
)
from bots.cli._common import console, print_json, run, with_brain
from bots.cli._queued import queue_job
from bots.cli._reports import finish_report
from brain import Brain, InputInvalid


class Action(StrEnum):
    """What `connect` does."""

    LIST = "list"
    PULL = "pull"


@run
async def connect_command(
    slug: Annotated[str, typer.Argument(help="The tenant.")],
    action: Annotated[Action, typer.Argument(help="list: the accounts; pull: read new items.")],
    since: Annotated[
        str | None,
        typer.Option("--since", help="Pull items from this date (2026-11-01, or 7d) on."),
    ] = None,
    account: Annotated[
        str | None, typer.Option("--account", help="Pull only this account (ca_...).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[
        bool,
        typer.Option(
            "--queue",
            help="pull: hand it to the ingest workers; print its job id (`ingest job` tells "
            "the rest).",
        ),
    ] = False,
) -> None:
    """Connected tools (through Composio): list the tenant's accounts, or pull new items."""
    from bots._ingest_jobs import pull_tenant

    moment = parse_since(since) if since is not None else None
    if queue:
        if action is not Action.PULL:
            raise InputInvalid("--queue hands a pull to the workers; `list` answers here")

        async def build(brain: Brain) -> tuple[dict[str, Any], list[str]]:
            assert brain.registry is not None
            require_user(slug, (await brain.registry.get(slug)).settings)  # said now
            return {"since": moment, "account": account}, []

        await queue_job(slug, "connected", build, as_json)
        return

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        if action is Action.PULL:
            report = await pull_tenant(brain, graph, since=moment, account=account)
            finish_report("connected", report.as_dict(), as_json=as_json)
            return
        assert brain.registry is not None
        user = require_user(slug, (await brain.registry.get(slug)).settings)
        client = ConnectedClient.from_settings(ConnectorSettings())
        rows = await list_connected(graph, client, user_id=user)
        _print_accounts(rows, as_json=as_json, user=user)

    await with_brain(act)


def _print_accounts(rows: list[dict[str, Any]], *, as_json: bool, user: str) -> None:
    if as_json:
        print_json(rows)
        return
    if not rows:
        console.print(
            f"Composio user {user!r} has connected no accounts yet.", highlight=False, markup=False
        )
        return
    table = Table("account", "toolkit", "status", "reads", "pulled through", "connected")
    for r in rows:
        table.add_row(
            r["account"],
            r["toolkit"],
            r["status"].lower(),
            r["reads"] or "(nothing yet)",
            r["cursor"] or "never",
            str(r["connected"])[:10],
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add `connect` to the main CLI."""
    if "connect" not in {c.name for c in app.registered_commands}:
        app.command("connect")(connect_command)
