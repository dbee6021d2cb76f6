"""`hivebrain cards`, `hivebrain card` and `hivebrain approvers`: approval cards from a terminal.

Mounted on the main CLI by ``register(app)``. Deciding a card here goes through the same
``agents.cards.decide`` as a button click: the ``--as`` user key must be one of the
tenant's approvers, and the card's action runs once. Executors are built from the
environment (GitHub and Composio when their keys are set; posting to channels needs the
bots, so channel cards stay pending here).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, get_args

import typer
from rich.table import Column, Table

from bots._wiring import ExecutorSettings, build_executors
from bots.cli._common import console, print_json, run, with_brain
from brain import Brain, InputInvalid, format_moment, now_ms

# `agents` pulls in the model SDKs (seconds under load): the commands import it when they
# run, so mounting them keeps every other `hivebrain` command fast.
if TYPE_CHECKING:
    from agents.cards import Card

_USER_KEY = re.compile(r"^(slack|discord|console):\S{1,64}$")


def card_json(card: Card) -> dict[str, Any]:
    """A card for ``--json`` output, with ISO times."""
    data = card.model_dump()
    for key in ("created_at", "expires_at", "decided_at"):
        data[key] = format_moment(data[key])
    return data


@run
async def cards_command(
    slug: str,
    status: Annotated[str | None, typer.Option(help="Only this status, e.g. pending.")] = None,
    limit: Annotated[int, typer.Option(help="How many, newest first.")] = 50,
    channel: Annotated[
        str | None, typer.Option(help="Only cards proposed in this channel, e.g. slack:C123.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List a tenant's approval cards, newest first (all, or one channel's)."""
    from agents.cards import CardStatus, list_cards

    statuses: tuple[str, ...] = get_args(CardStatus)
    if status is not None and status not in statuses:
        raise InputInvalid(f"unknown status {status!r}: use one of {', '.join(statuses)}")

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        cards = await list_cards(graph, status=status, limit=limit, now_ms=now_ms(), origin=channel)  # type: ignore[arg-type]  # checked against statuses above
        if as_json:
            print_json([card_json(c) for c in cards])
            return
        if not cards:
            console.print(f"no {status or ''} cards in {slug}".replace("  ", " "))
            return
        table = Table(
            Column("id", no_wrap=True),  # ids are typed back in full: never cut them
            Column("status", no_wrap=True),
            "kind",
            "title",
            "by",
            Column("expires", no_wrap=True),
        )
        for c in cards:
            expires = (format_moment(c.expires_at) or "")[:10]
            table.add_row(c.id, c.status, c.kind, c.title, c.proposed_by, expires)
        console.print(table)

    await with_brain(act)


@run
async def card_command(
    slug: str,
    card_id: Annotated[str, typer.Argument(metavar="ID")],
    action: Annotated[str, typer.Argument(metavar="approve|reject|retry|edit")],
    as_user: Annotated[
        str, typer.Option("--as", help="Your user key, e.g. console:alice or slack:U123.")
    ],
    changes: Annotated[
        list[str] | None,
        typer.Option("--set", help="For edit: a payload field, e.g. --set text='New words'."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Approve, reject, retry (a failed card) or edit (a pending card) as an approver.

    An approval runs the card's action once; an edit changes payload fields and keeps the
    old payload in the card's history.
    """
    from agents.cards import decide, edit_card

    if action not in ("approve", "reject", "retry", "edit"):
        raise InputInvalid(f"unknown action {action!r}: use approve, reject, retry or edit")
    pairs = [c.partition("=") for c in changes or []]
    fields: dict[str, Any] = {key.strip(): value for key, _, value in pairs}
    if action == "edit" and (not fields or not all(fields) or any(not eq for _, eq, _ in pairs)):
        raise InputInvalid("give what to change as --set field=value, e.g. --set text='Hi all'")

    async def act(brain: Brain) -> None:
        executors = build_executors(ExecutorSettings(), slug=slug, brain=brain)
        assert brain.registry is not None
        settings = (await brain.registry.get(slug)).settings
        graph = await brain.tenant(slug)
        if action == "edit":
            card = await edit_card(
                graph,
                settings,
                card_id=card_id,
                changes=fields,
                user_key=as_user,
                now_ms=now_ms(),
            )
            if as_json:
                print_json(card_json(card))
            else:
                console.print(card.preview, highlight=False, markup=False, soft_wrap=True)
            return
        decision = await decide(
            graph,
            settings,
            card_id=card_id,
            action=action,  # type: ignore[arg-type]  # checked above
            user_key=as_user,
            executors=executors,
            now_ms=now_ms(),
        )
        if as_json:
            print_json({"outcome": decision.outcome, "card": card_json(decision.card)})
        else:
            console.print(decision.outcome, highlight=False, markup=False, soft_wrap=True)
        if decision.card.status == "failed":
            raise typer.Exit(1)  # approved, but the action did not happen: scripts must see it

    await with_brain(act)


@run
async def approvers_command(
    slug: str,
    action: Annotated[str, typer.Argument(metavar="add|remove|list")],
    user: Annotated[str | None, typer.Argument(help="User key, e.g. slack:U123.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List, add or remove the people who may approve a tenant's cards."""
    if action not in ("add", "remove", "list"):
        raise InputInvalid(f"unknown action {action!r}: use add, remove or list")
    if action != "list" and (user is None or not _USER_KEY.match(user)):
        raise InputInvalid(
            "give the user key to add or remove as platform:id, e.g. slack:U123, "
            "discord:4242 or console:alice"
        )

    async def act(brain: Brain) -> None:
        registry = brain.registry
        assert registry is not None

        def change(settings: dict[str, Any]) -> dict[str, Any]:
            before: list[str] = list(settings.get("approvers") or [])
            approvers = [a for a in before if a != user]
            if action == "add" and user is not None:
                approvers.append(user)
            return {**settings, "approvers": approvers or None}

        if action == "list":
            approvers = list((await registry.get(slug)).settings.get("approvers") or [])
        else:  # applied to the list as it is on the server: no other change is lost
            approvers = list((await registry.update_settings(slug, change)).get("approvers") or [])
        if as_json:
            print_json({"tenant": slug, "approvers": approvers})
            return
        console.print(
            f"approvers of {slug}: {', '.join(approvers) or 'none (nobody can approve cards)'}",
            highlight=False,
            markup=False,
        )

    await with_brain(act)


def register(app: typer.Typer) -> None:
    """Add `cards`, `card` and `approvers` to the main CLI (a second call adds nothing)."""
    have = {c.name for c in app.registered_commands}
    for name, command in (
        ("cards", cards_command),
        ("card", card_command),
        ("approvers", approvers_command),
    ):
        if name not in have:
            app.command(name)(command)
