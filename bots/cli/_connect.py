"""`hivebrain connect SLUG list` and `hivebrain connect SLUG pull [--since D] [--account ID]`.

`list` shows the accounts the tenant's Composio user connected, what hivebrain reads from
each and how far the last pull got; `pull` reads what is new in them into the brain, the
same code path as the scheduled ``connected_pull`` job. Every failure is one line: no
COMPOSIO_API_KEY, an unknown tenant, a refused key, an API that does not answer. Items
that could not be read are counted and named; the rest loads.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.table import Table

from agents import (
    ConnectedClient,
    ConnectorSettings,
    PullReport,
    list_connected,
    parse_since,
    pull_connected,
    require_user,
)
from bots.cli._common import console, print_json, run, with_brain
from brain import Brain

#: Skipped items named under a pull's table at most (the count covers all of them).
SHOWN_SKIPS = 10


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
) -> None:
    """Connected tools (through Composio): list the tenant's accounts, or pull new items."""
    moment = parse_since(since) if since is not None else None

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        settings = dict((await brain.registry.get(slug)).settings)
        user = require_user(slug, settings)
        client = ConnectedClient.from_settings(ConnectorSettings())
        graph = await brain.tenant(slug)
        if action is Action.LIST:
            rows = await list_connected(graph, client, user_id=user)
            _print_accounts(rows, as_json=as_json, user=user)
            return
        report = await pull_connected(
            graph, client, user_id=user, settings=settings, since=moment, account=account
        )
        _print_pull(report, as_json=as_json)

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


def _print_pull(report: PullReport, *, as_json: bool) -> None:
    if as_json:
        print_json(report.as_dict())
        return
    table = Table("account", "toolkit", "status", "items", "new", "skipped", "note")
    for a in report.accounts:
        table.add_row(
            a.account.id,
            a.account.toolkit,
            a.status,
            str(a.items),
            str(a.created),
            str(len(a.skipped)),
            a.note,
        )
    console.print(table)
    skips = [s for a in report.accounts for s in a.skipped]
    for line in skips[:SHOWN_SKIPS]:
        console.print(f"skipped: {line}", highlight=False, markup=False)
    if len(skips) > SHOWN_SKIPS:
        console.print(f"… and {len(skips) - SHOWN_SKIPS} more skipped", highlight=False)
    console.print(report.summary(), highlight=False, markup=False)
    if any(a.status == "failed" for a in report.accounts):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `connect` to the main CLI."""
    if "connect" not in {c.name for c in app.registered_commands}:
        app.command("connect")(connect_command)
