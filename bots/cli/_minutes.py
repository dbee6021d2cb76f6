"""`hivebrain minutes SLUG MEETING`: a meeting's minutes, and a card to send them."""

from __future__ import annotations

from typing import Annotated

import typer

from agents import call_tool, propose_minutes_card, render_minutes
from bots.cli._common import console, print_json, run, with_brain
from brain import Brain


@run
async def minutes_command(
    slug: str,
    meeting: Annotated[str, typer.Argument(help='A meeting id or name; "last" for the newest.')],
    card: Annotated[
        bool, typer.Option("--card", help="Propose an e-mail card with them, for approval.")
    ] = False,
    to: Annotated[
        list[str] | None,
        typer.Option("--to", help="Who the card e-mails (repeat it); default: the attendees."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Print a meeting's minutes: summary, decisions, action items, open questions."""

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        result = await call_tool(graph, "minutes", {"meeting": meeting})
        if not result.found:
            console.print(
                result.message or f"no meeting {meeting!r}", highlight=False, markup=False
            )
            raise typer.Exit(1)
        proposed = await propose_minutes_card(graph, result.data, to=to) if card else None
        if as_json:
            print_json({**result.data, "card": proposed.id if proposed else None})
            return
        console.print(render_minutes(result.data), highlight=False, markup=False)
        if proposed is not None:
            console.print(
                f"\nproposed card {proposed.id}: waiting for an approver", highlight=False
            )

    await with_brain(act)


def register(app: typer.Typer) -> None:
    """Add `minutes` to the main CLI."""
    if "minutes" not in {c.name for c in app.registered_commands}:
        app.command("minutes")(minutes_command)
