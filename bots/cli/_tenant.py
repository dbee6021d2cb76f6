"""`hivebrain tenant ...`: create, list, measure, export, import, bind and erase tenants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from bots.cli._common import console, err_console, print_json, run, with_brain
from bots.cli._reports import print_write_report
from brain import (
    Brain,
    InputInvalid,
    export_facts,
    format_moment,
    tenant_stats,
)
from brain.ingest import parse_facts_file, restore_export

tenant_app = typer.Typer(
    help="Create, list, measure, export, import, bind and erase tenants; see their refusals.",
    no_args_is_help=True,
)


@tenant_app.command("create")
@run
async def tenant_create(
    slug: str, name: Annotated[str | None, typer.Option(help="Display name.")] = None
) -> None:
    """Create a tenant and its graph (slug: lowercase letters, digits, dashes)."""

    async def act(brain: Brain) -> None:
        tenant = await brain.create_tenant(slug, name=name)
        console.print(f"created tenant [bold]{tenant.slug}[/bold] ({tenant.name})")

    await with_brain(act)


@tenant_app.command("list")
@run
async def tenant_list(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List tenants."""

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        tenants = await brain.registry.list()
        if as_json:
            print_json([t.as_dict() for t in tenants])
            return
        table = Table("slug", "name", "created", "bindings")
        for t in tenants:
            table.add_row(
                t.slug,
                t.name,
                format_moment(t.created_at) or "",
                ", ".join(f"{p}:{i}" for p, i in t.bindings),
            )
        console.print(table if tenants else "no tenants yet: `hivebrain tenant create SLUG`")

    await with_brain(act)


@tenant_app.command("stats")
@run
async def tenant_stats_cmd(
    slug: str, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Nodes and edges by type, open versus closed edges, refusals, memory, and the team's
    feedback on answers (each person's latest 👍 / 👎 per answer, reasons, clicks)."""

    async def act(brain: Brain) -> None:
        stats = await tenant_stats(await brain.tenant(slug))
        if as_json:
            print_json(stats.as_dict())
            return
        print_stats(stats.as_dict())

    await with_brain(act)


def cost_line(cost: dict[str, Any]) -> str:
    """The answers' cost in one line: turns, then tokens, model and tool time per turn."""
    return (
        f"answers: {cost['turns']:,} turns, {cost['tokens_per_turn']:,.0f} tokens, "
        f"{cost['model_ms_per_turn']:,.0f} ms of model time and {cost['tool_ms_per_turn']:,.0f} "
        f"ms of tool time per turn ({cost['tokens']:,} tokens in all)"
    )


def print_stats(stats: dict[str, Any]) -> None:
    """Render tenant stats as two tables."""
    console.print(
        f"[bold]{stats['slug']}[/bold]: {stats['nodes']:,} nodes, {stats['edges']:,} edges "
        f"({stats['open_edges']:,} open, {stats['closed_edges']:,} closed), "
        f"{stats['refusals']:,} refused facts, memory {stats['memory_mb']} MB"
    )
    if stats["vectors_pending"]:
        console.print(
            f"vectors pending: {stats['vectors_pending']:,} passages and records are found by "
            "their words and wait for an ingest worker to embed them"
        )
    else:
        console.print("vectors pending: none (every passage is found by meaning too)")
    nodes = Table("node type", "count")
    for t, c in sorted(stats["nodes_by_type"].items()):
        nodes.add_row(t, f"{c:,}")
    feedback: dict[str, Any] = stats["feedback"]
    given: dict[str, int] = feedback["reasons"]
    reasons = ", ".join(f"{k} {v}" for k, v in given.items())
    console.print(
        f"feedback on answers: {feedback['up']:,} 👍, {feedback['down']:,} 👎"
        + (f" ({reasons})" if reasons else "")
        + f", {feedback['clicks']:,} clicks in all"
    )
    cost: dict[str, Any] = stats["cost"]
    console.print(cost_line(cost))
    desks = Table("desk", "tokens", "model ms", "tool ms", "tool calls", "turns")
    for desk, d in cost["desks"].items():
        desks.add_row(
            desk,
            f"{int(d['tokens']):,}",
            f"{d['model_ms']:,.0f}",
            f"{d['tool_ms']:,.0f}",
            f"{int(d['tool_calls']):,}",
            f"{int(d['turns']):,}",
        )
    if cost["desks"]:
        console.print(desks)
    edges = Table("edge type", "open", "closed")
    for t, v in sorted(stats["edges_by_type"].items()):
        edges.add_row(t, f"{v['open']:,}", f"{v['closed']:,}")
    console.print(nodes, edges)


@tenant_app.command("export")
@run
async def tenant_export(
    slug: str, output: Annotated[Path, typer.Option("-o", "--output", help="JSON Lines file.")]
) -> None:
    """Dump a tenant as JSON Lines that `tenant import` loads back into an empty tenant."""

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        count = 0
        tmp = output.with_suffix(output.suffix + ".part")
        with tmp.open("w", encoding="utf-8") as fh:
            async for fact in export_facts(graph):
                fh.write(json.dumps(fact, ensure_ascii=False, sort_keys=True) + "\n")
                count += 1
        tmp.replace(output)
        console.print(f"exported {count:,} facts from {slug} to {output}")

    await with_brain(act)


@tenant_app.command("import")
@run
async def tenant_import(
    slug: str, file: Path, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Load an export (`tenant export`) back into an empty tenant, record times and all.

    Unlike `ingest facts`, this restores the brain's own records (turns, findings, cards,
    versions) and the record clock as they were exported. It only loads into an empty
    tenant, and never changes a card that exists, so it cannot re-arm a decided card.
    """
    facts = await parse_facts_file(file)  # a malformed file stops here

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        held = (await tenant_stats(graph)).nodes
        if held:
            raise InputInvalid(
                f"tenant {slug!r} already holds {int(held):,} nodes; an export loads only into "
                f"an empty tenant (`hivebrain tenant create NEW-SLUG`), or use `ingest facts`"
            )
        report, upkeep = await restore_export(graph, facts)
        counts = report.as_dict()
        if as_json:
            print_json(
                {
                    **counts,
                    "job_runs": upkeep.job_runs,
                    "job_marks": upkeep.job_marks,
                    "archived_records": upkeep.archived_nodes,
                    "archived_facts": upkeep.archived_edges,
                }
            )
            return
        print_write_report(counts, False, loaded=f"{len(facts):,} lines")
        console.print(
            f"upkeep: {upkeep.job_runs:,} job runs, {upkeep.job_marks:,} marks, "
            f"{upkeep.archived_nodes:,} archived records and {upkeep.archived_edges:,} "
            "archived facts restored",
            highlight=False,
        )

    await with_brain(act)


@tenant_app.command("erase")
@run
async def tenant_erase(
    slug: str,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: this cannot be undone.")] = False,
) -> None:
    """Erase a tenant: its graph, its archive and its registry entry (needs --yes)."""
    if not yes:
        err_console.print(
            f"refusing to erase {slug!r} without --yes (this cannot be undone; "
            f"`hivebrain tenant export {slug} -o backup.jsonl` first)"
        )
        raise typer.Exit(1)

    async def act(brain: Brain) -> None:
        await brain.erase_tenant(slug)
        console.print(f"erased tenant {slug}")

    await with_brain(act)


@tenant_app.command("bind")
@run
async def tenant_bind(
    slug: str,
    platform: Annotated[str, typer.Argument(metavar="slack|discord")],
    external_id: Annotated[
        str, typer.Argument(help="The Slack team id (T...) or the Discord guild id.")
    ],
) -> None:
    """Bind a Slack team id or Discord guild id to a tenant."""

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        await brain.registry.bind(slug, platform, external_id)
        console.print(f"bound {platform} {external_id} to {slug}")

    await with_brain(act)


@tenant_app.command("webhook-secret")
@run
async def tenant_webhook_secret(
    slug: str,
    hook: Annotated[
        str, typer.Option(help="Which webhook: meetings (the recorder) or github.")
    ] = "meetings",
) -> None:
    """Print the secret this tenant's webhook signs with (derived from the configured one).

    Give it to this tenant's meeting recorder or GitHub webhook; a body signed with it is
    refused at any other tenant's URL.
    """
    from bots._webhook_secrets import HOOKS, tenant_secret
    from bots._wiring import ExecutorSettings
    from bots.core import BotSettings

    if hook == "meetings":
        configured = BotSettings().hivebrain_meeting_webhook_secret
        name = "HIVEBRAIN_MEETING_WEBHOOK_SECRET"
    elif hook == "github":
        configured = ExecutorSettings().hivebrain_github_webhook_secret
        name = "HIVEBRAIN_GITHUB_WEBHOOK_SECRET"
    else:
        raise InputInvalid(f"no webhook {hook!r}: use one of {', '.join(HOOKS)}")
    if configured is None or not configured.get_secret_value():
        raise InputInvalid(f"{name} is not set: set it in .env first (see .env.example)")

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        await brain.registry.get(slug)  # an unknown tenant is refused, not given a secret
        typer.echo(tenant_secret(configured.get_secret_value(), hook=hook, slug=slug))

    await with_brain(act)


@tenant_app.command("refusals")
@run
async def tenant_refusals(
    slug: str,
    limit: Annotated[int, typer.Option(help="How many, newest first.")] = 50,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The facts the gate refused, with the reason for each."""

    async def act(brain: Brain) -> None:
        total, rows = await (await brain.tenant(slug)).refusals(limit=limit)
        if as_json:
            print_json(
                {"total": total, "refusals": [{**r, "at": format_moment(r["at"])} for r in rows]}
            )
            return
        console.print(f"{total:,} refused facts in {slug}")
        for r in rows:
            console.print(
                f"- {format_moment(r['at'])} line {r['line']}: {r['reason']}", highlight=False
            )

    await with_brain(act)
