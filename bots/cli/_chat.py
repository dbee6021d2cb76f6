"""`hivebrain ask`, `chat`, `serve` and `demo`: questions answered by the desks."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

import typer

from bots._wiring import build_core, configured_turn
from bots.cli._common import console, err_console, print_json, run, with_brain
from brain import (
    Brain,
    InputInvalid,
    tenant_stats,
)


@run
async def ask(
    slug: str,
    question: str,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Answer as of this date.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Ask the brain one question: desks read the graph, the answer is checked and cited."""

    async def act(brain: Brain) -> None:
        from agents import TurnOptions

        turn = configured_turn()  # its settings are checked before the tenant is read
        assert brain.registry is not None
        graph = await brain.tenant(slug)
        zone = (await brain.registry.get(slug)).settings.get("timezone") or "UTC"
        result = await turn(graph, question, TurnOptions(as_of=as_of, timezone=str(zone)))
        if as_json:
            print_json(result.model_dump())
            return
        print_turn(result.model_dump())

    await with_brain(act)


@run
async def serve_cmd(
    role: Annotated[
        str,
        typer.Option(
            "--role",
            help="web (Slack, Discord, webhooks), worker (ingest workers), scheduler (a "
            "candidate for the one scheduler), or all of them in this process.",
        ),
    ] = "all",
) -> None:
    """Run Slack and/or Discord (whichever is configured), the scheduler and /healthz, and the
    GitHub and meeting webhooks when their secrets are set; --role runs one part of it, so
    many processes can share one FalkorDB (see deploy/OPS.md)."""
    from bots.core import BotSettings
    from bots.serve import ROLES, serve

    if role not in ROLES:
        raise InputInvalid(f"--role {role!r} is not a role: use one of {', '.join(ROLES)}")
    settings = BotSettings()
    if role in ("web", "all") and not (settings.slack_enabled or settings.discord_enabled):
        err_console.print(
            "neither Slack nor Discord is configured: set SLACK_BOT_TOKEN (and "
            "SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) or DISCORD_TOKEN; see "
            ".env.example. Serving the scheduler and /healthz only."
        )

    async def act(brain: Brain) -> None:
        if brain.lonely_brain_notice():
            # serving an empty brain nobody else shares would answer "no such tenant" to
            # every workspace: said above, and refused
            raise InputInvalid(
                "serve does not start on an empty embedded brain while another runs on this "
                "machine (see the note above); set HIVEBRAIN_DATA_DIR or FALKORDB_URL"
            )
        await serve(brain, build_core(brain, "hivebrain"), settings, role=role)

    await with_brain(act)


@run
async def chat(slug: str) -> None:
    """Talk to a tenant's brain in the terminal (same core and answers as Slack and Discord).

    Lines are questions; /cards, /approve, /reject and /retry decide cards, /settings reads
    and changes the tenant's settings as Slack's `/hivebrain settings` does, /help lists them.
    """
    from bots.console import ConsoleChat

    async def act(brain: Brain) -> None:
        await brain.tenant(slug)
        await ConsoleChat(build_core(brain, slug), slug).run()

    await with_brain(act)


def print_turn(turn: dict[str, Any]) -> None:
    """Readable form of a turn: answer, checks, sources, path, cards."""
    badge = "[green]verified[/green]" if turn["verified"] else "[yellow]unverified[/yellow]"
    console.print(
        f"[bold]{turn['question']}[/bold]  ({badge}, {turn['mode']} mode, "
        f"desks: {', '.join(turn['desks'])}, {turn['elapsed_ms']} ms)"
    )
    console.print(turn["answer"], highlight=False, markup=False)
    for check in turn["checks"]:
        if not check["passed"]:
            console.print(
                f"  [yellow]check {check['name']}:[/yellow] {check['detail']}", highlight=False
            )
    if turn["path"]["edges"]:
        names = {n["id"]: n.get("name") or n["id"] for n in turn["path"]["nodes"]}
        console.print(
            "path: "
            + " · ".join(
                f"{names.get(e['source'], e['source'])} -[{e['type']}]-> "
                f"{names.get(e['target'], e['target'])}"
                for e in turn["path"]["edges"]
            ),
            highlight=False,
        )
    for card in turn["cards"]:
        console.print(f"  card proposed: {card['kind']}: {card['title']}", highlight=False)


@run
async def demo() -> None:
    """Load the sample business and open a chat on it with suggested questions."""
    import getpass

    from bots.console import ConsoleChat
    from brain.sample import SAMPLE_QUESTIONS, SAMPLE_TENANT, sample_business

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        if not await brain.registry.exists(SAMPLE_TENANT):
            await brain.create_tenant(SAMPLE_TENANT, name="Ember & Oak Coffee (sample)")
        graph = await brain.tenant(SAMPLE_TENANT)
        with err_console.status("loading the sample business (first run embeds its text)…"):
            facts = list(enumerate(sample_business(today=date.today()), 1))
            report = await graph.write_facts(facts)
        stats = (await tenant_stats(graph)).as_dict()
        console.print(
            f"sample business [bold]{SAMPLE_TENANT}[/bold]: {stats['nodes']:,} nodes, "
            f"{stats['edges']:,} edges ({stats['closed_edges']:,} closed); this load created "
            f"{report.created:,}, refused {report.refused:,}. All of it is sample data."
        )
        me = f"console:{getpass.getuser()}"
        # the demo's local user may approve the sample's cards
        await brain.registry.update_settings(
            SAMPLE_TENANT,
            lambda s: {**s, "approvers": list(dict.fromkeys([*s.get("approvers", []), me]))},
        )
        await ConsoleChat(
            build_core(brain, SAMPLE_TENANT), SAMPLE_TENANT, suggestions=SAMPLE_QUESTIONS
        ).run()

    await with_brain(act)


def register(app: typer.Typer) -> None:
    """Add this group's commands to the main CLI."""
    app.command("ask")(ask)
    app.command("serve")(serve_cmd)
    app.command("chat")(chat)
    app.command("demo")(demo)
