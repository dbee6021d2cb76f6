"""The `hivebrain` command line: tenants, facts, queries, the database, and the demo.

This is an entry point: it reads settings from the environment, sets up logging, builds
the ``Brain`` and turns every ``HivebrainError`` into one readable line (never a stack
trace) with exit status 1.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sys
from collections.abc import Awaitable, Callable, Coroutine
from datetime import date
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from brain import (
    Brain,
    BrainSettings,
    EmbeddedServer,
    HivebrainError,
    InputInvalid,
    QueryRefused,
    export_facts,
    format_moment,
    read_facts,
    tenant_stats,
)
from brain.text_files import read_text_file

log = logging.getLogger(__name__)
console = Console()
err_console = Console(stderr=True)

app = typer.Typer(help="hivebrain: a company brain for Slack and Discord.", no_args_is_help=True)
tenant_app = typer.Typer(
    help="Create, list, measure, export and erase tenants.", no_args_is_help=True
)
db_app = typer.Typer(help="The embedded FalkorDB server.", no_args_is_help=True)
ingest_app = typer.Typer(help="Load facts and sources into a tenant.", no_args_is_help=True)
app.add_typer(tenant_app, name="tenant")
app.add_typer(db_app, name="db")
app.add_typer(ingest_app, name="ingest")

P = ParamSpec("P")
T = TypeVar("T")

#: Rows printed by `hivebrain query` before it says the rest was cut.
QUERY_ROW_CAP = 1_000


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log each call.")] = False,
) -> None:
    """Configure logging for every command."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


def run(fn: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """Run an async command, turning our errors into one line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return asyncio.run(fn(*args, **kwargs))
        except HivebrainError as exc:
            # soft_wrap: one line however narrow the terminal (or a pipe's 80 columns)
            err_console.print(
                f"[red]error:[/red] {exc}", highlight=False, markup=True, soft_wrap=True
            )
            raise typer.Exit(1) from None

    return wrapper


async def with_brain(action: Callable[[Brain], Awaitable[T]]) -> T:
    """Open the brain from the environment's settings, run ``action``, close it."""
    async with Brain(BrainSettings()) as brain:
        return await action(brain)


def print_json(value: Any) -> None:
    """Machine-readable output: one JSON document on stdout."""
    sys.stdout.write(json.dumps(value, indent=2, default=str, ensure_ascii=False) + "\n")


# --- tenants ----------------------------------------------------------------------------


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
    """Nodes and edges by type, open versus closed edges, refusals and memory."""

    async def act(brain: Brain) -> None:
        stats = await tenant_stats(await brain.tenant(slug))
        if as_json:
            print_json(stats.as_dict())
            return
        print_stats(stats.as_dict())

    await with_brain(act)


def print_stats(stats: dict[str, Any]) -> None:
    """Render tenant stats as two tables."""
    console.print(
        f"[bold]{stats['slug']}[/bold]: {stats['nodes']:,} nodes, {stats['edges']:,} edges "
        f"({stats['open_edges']:,} open, {stats['closed_edges']:,} closed), "
        f"{stats['refusals']:,} refused facts, memory {stats['memory_mb']} MB"
    )
    nodes = Table("node type", "count")
    for t, c in sorted(stats["nodes_by_type"].items()):
        nodes.add_row(t, f"{c:,}")
    edges = Table("edge type", "open", "closed")
    for t, v in sorted(stats["edges_by_type"].items()):
        edges.add_row(t, f"{v['open']:,}", f"{v['closed']:,}")
    console.print(nodes, edges)


@tenant_app.command("export")
@run
async def tenant_export(
    slug: str, output: Annotated[Path, typer.Option("-o", "--output", help="JSON Lines file.")]
) -> None:
    """Dump a tenant as JSON Lines that `ingest facts` loads back into an empty tenant."""

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


@tenant_app.command("erase")
@run
async def tenant_erase(
    slug: str,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: this cannot be undone.")] = False,
) -> None:
    """Erase a tenant's graph and registry entry."""
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
async def tenant_bind(slug: str, platform: str, external_id: str) -> None:
    """Bind a Slack team id or Discord guild id to a tenant."""

    async def act(brain: Brain) -> None:
        assert brain.registry is not None
        await brain.registry.bind(slug, platform, external_id)
        console.print(f"bound {platform} {external_id} to {slug}")

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


# --- queries and facts --------------------------------------------------------------------


@app.command("query")
@run
async def query(
    slug: str, cypher: str, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Run a read-only Cypher query on a tenant (GRAPH.RO_QUERY: writes are refused)."""

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        try:
            res = await graph.ro_query("power-user query", cypher, {}, timeout_ms=10_000)  # type: ignore[arg-type]  # the server refuses writes
        except QueryRefused as exc:
            if "read-only" in exc.reason.lower() or "write" in exc.reason.lower():
                raise QueryRefused(
                    "this command only reads; writes go through `hivebrain ingest facts`"
                ) from exc
            raise
        rows = res.rows[:QUERY_ROW_CAP]
        if as_json:
            print_json(
                {"columns": res.header, "rows": rows, "truncated": len(res.rows) > QUERY_ROW_CAP}
            )
            return
        table = Table(*res.header)
        for row in rows:
            table.add_row(*[json.dumps(v, default=str, ensure_ascii=False) for v in row])
        console.print(table)
        if len(res.rows) > QUERY_ROW_CAP:
            console.print(f"showing {QUERY_ROW_CAP:,} of {len(res.rows):,} rows; add LIMIT")

    await with_brain(act)


@ingest_app.command("facts")
@run
async def ingest_facts(
    slug: str, file: Path, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Load a JSON Lines file of facts ({"node": ...} / {"edge": ...}) through the gate."""
    facts = read_facts(file)  # a malformed file stops here, before anything is written

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with Progress(
            TextColumn("loading"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            disable=as_json or not err_console.is_terminal,
        ) as bar:
            task = bar.add_task("facts", total=len(facts))
            report = await graph.write_facts(facts, progress=lambda n: bar.advance(task, n))
        if brain.server is not None and len(facts) > 1_000:
            await brain.server.compact()  # keep restarts fast after a bulk load
        if as_json:
            print_json(report.as_dict())
            return
        console.print(
            f"created {report.created:,} · updated {report.updated:,} · unchanged "
            f"{report.unchanged:,} · closed {report.closed:,} · versions {report.versions:,} · "
            f"merged {report.aliases:,} · refused {report.refused:,}"
        )
        for line, reason in report.refusals:
            console.print(f"  line {line}: {reason}", highlight=False, markup=False)

    await with_brain(act)


@ingest_app.command("github")
@run
async def ingest_github(
    slug: str,
    file: Path,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N commits.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Load a repository's history: a .jsonl or .jsonl.gz file of commit records."""
    from brain.github import count_commits, load_github

    # A malformed file stops here, before anything is written.
    total = await asyncio.to_thread(count_commits, file, limit=limit)

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with Progress(
            TextColumn("loading commits"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            disable=as_json or not err_console.is_terminal,
        ) as bar:
            task = bar.add_task("commits", total=total)
            report = await load_github(
                graph, file, limit=limit, progress=lambda n: bar.advance(task, n)
            )
        if brain.server is not None and total > 200:
            await brain.server.compact()  # keep restarts fast after a bulk load
        print_write_report(report.as_dict(), as_json, loaded=f"{total:,} commits")

    await with_brain(act)


@ingest_app.command("meeting")
@run
async def ingest_meeting(
    slug: str,
    file: Path,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="Date of the meeting (default: the file's date).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Load a meeting transcript (JSON speaker turns, QMSum-style) as a Meeting and its lines."""
    from brain.documents import meeting_facts

    try:
        transcript = json.loads(read_source_text(file))
    except json.JSONDecodeError as exc:
        raise InputInvalid(
            f"{file} is not valid JSON ({exc.msg}, line {exc.lineno}): nothing was written"
        ) from exc
    facts = meeting_facts(
        name=file.stem,
        transcript=transcript,
        src=f"file:{file.name}",
        as_of=source_date(file, as_of),
    )
    await write_source_facts(slug, facts, as_json, loaded=f"meeting {file.stem}")


@ingest_app.command("doc")
@run
async def ingest_doc(
    slug: str,
    file: Path,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="Date of the document (default: the file's date).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Load a text or Markdown document as a Document and its passages."""
    from brain.documents import document_facts

    facts = document_facts(
        name=file.name,
        text=read_source_text(file),
        src=f"file:{file.name}",
        as_of=source_date(file, as_of),
    )
    await write_source_facts(slug, facts, as_json, loaded=f"document {file.name}")


#: Largest document or transcript `ingest doc` / `ingest meeting` reads.
MAX_SOURCE_BYTES = 50 * 1024**2


def read_source_text(file: Path) -> str:
    """A document's or transcript's text, or ``InputInvalid`` saying why it can't be read."""
    return read_text_file(
        file, limit_bytes=MAX_SOURCE_BYTES, expected="text, Markdown or a JSON transcript"
    )


def source_date(file: Path, as_of: str | None) -> str:
    """The date a source's facts carry: ``--as-of``, else the file's modification day.

    A fixed date keeps a reload idempotent: a new date would restate every edge.
    """
    from datetime import UTC, datetime

    from brain import parse_moment

    if as_of is not None:
        parse_moment(as_of, field="--as-of")
        return as_of
    return datetime.fromtimestamp(file.stat().st_mtime, tz=UTC).date().isoformat()


async def write_source_facts(
    slug: str, facts: list[dict[str, Any]], as_json: bool, *, loaded: str
) -> None:
    """Write one source's facts to a tenant and print what they did."""

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        report = await graph.write_facts(list(enumerate(facts, 1)))
        print_write_report(report.as_dict(), as_json, loaded=loaded)

    await with_brain(act)


def print_write_report(counts: dict[str, Any], as_json: bool, *, loaded: str) -> None:
    """A load's counts (``WriteReport.as_dict()``), then one line per refusal with its line."""
    if as_json:
        print_json(counts)
        return
    console.print(
        f"{loaded}: created {counts['created']:,} · updated {counts['updated']:,} · unchanged "
        f"{counts['unchanged']:,} · closed {counts['closed']:,} · merged {counts['aliases']:,} · "
        f"refused {counts['refused']:,}",
        highlight=False,
    )
    for refusal in counts["refusals"]:
        console.print(
            f"  line {refusal['line']}: {refusal['reason']}", highlight=False, markup=False
        )


# --- graph tools ------------------------------------------------------------------------------


def parse_tool_args(pairs: list[str]) -> dict[str, Any]:
    """`--arg key=value` pairs as a dict; values that parse as JSON are taken as JSON."""
    args: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputInvalid(f"--arg {pair!r}: write it as key=value (e.g. --arg name=task-ig)")
        try:
            args[key] = json.loads(value)
        except json.JSONDecodeError:
            args[key] = value
    return args


@app.command("tools")
def tools_cmd(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the graph tools with their arguments."""
    from agents.tools import describe_tools

    described = describe_tools()
    if as_json:
        print_json(described)
        return
    table = Table("tool", "purpose", "arguments")
    for t in described:
        props = t["args"].get("properties", {})
        required = set(t["args"].get("required", []))
        table.add_row(
            t["name"], t["purpose"], ", ".join(f"{k}{'' if k in required else '?'}" for k in props)
        )
    console.print(table)


@app.command("tool")
@run
async def tool_cmd(
    slug: str,
    name: str,
    arg: Annotated[
        list[str] | None, typer.Option("--arg", help="key=value (JSON values allowed).")
    ] = None,
    batch: Annotated[
        Path | None, typer.Option("--batch", help="JSON Lines of arguments, one call per line.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Run one graph tool on a tenant (or once per line of a --batch file)."""
    from agents.tools import call_tool

    calls = [parse_tool_args(arg or [])]
    if batch is not None:
        calls = [fact for _, fact in read_facts(batch)]

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        for args in calls:
            try:
                result = (await call_tool(graph, name, args)).model_dump()
            except HivebrainError as exc:
                if batch is None:
                    raise
                result = {"tool": name, "error": str(exc)}
            if as_json or batch is not None:
                sys.stdout.write(json.dumps(result, default=str, ensure_ascii=False) + "\n")
            else:
                print_tool_result(result)

    await with_brain(act)


def print_tool_result(result: dict[str, Any]) -> None:
    """Readable form of one tool result: message, data, and what it read."""
    status = "[green]found[/green]" if result["found"] else "[yellow]not found[/yellow]"
    console.print(f"[bold]{result['tool']}[/bold] as of {result['as_of']}: {status}")
    if result.get("message"):
        console.print(result["message"], highlight=False)
    console.print_json(data=result["data"], default=str)
    ids = [n["id"] for n in result["evidence"]["nodes"]]
    console.print(
        f"evidence: {len(ids)} nodes, {len(result['evidence']['edges'])} edges"
        + (" · sample data" if result.get("sample") else "")
    )


# --- questions -------------------------------------------------------------------------------


@app.command("ask")
@run
async def ask(
    slug: str,
    question: str,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Answer as of this date.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Ask the brain one question: desks read the graph, the answer is checked and cited."""

    async def act(brain: Brain) -> None:
        result = await configured_turn()(await brain.tenant(slug), question, as_of=as_of)
        if as_json:
            print_json(result.model_dump())
            return
        print_turn(result.model_dump())

    await with_brain(act)


def configured_turn() -> Any:
    """`run_turn` with the configured model (None without ANTHROPIC_API_KEY: rules mode),
    the per-turn budget and the desks' time limit."""
    from agents.model import model_from_settings
    from agents.settings import AgentSettings
    from agents.turn import run_turn

    settings = AgentSettings()
    return functools.partial(
        run_turn,
        model=model_from_settings(settings),
        token_budget=settings.hivebrain_turn_token_budget,
        tool_call_budget=settings.hivebrain_turn_tool_calls,
        desk_timeout_s=settings.hivebrain_desk_timeout_s,
    )


def build_core(brain: Brain, slug: str) -> Any:
    """The bot core with the configured model and executors, for chat and serve."""
    from bots.cli_cards import ExecutorSettings, build_executors
    from bots.core import BotCore

    return BotCore(
        brain,
        executors=build_executors(ExecutorSettings(), slug=slug),
        answer=configured_turn(),
    )


@app.command("serve")
@run
async def serve_cmd() -> None:
    """Run Slack and/or Discord (whichever is configured), the scheduler and /healthz."""
    from bots.serve import serve
    from bots.settings import BotSettings

    settings = BotSettings()
    if not (settings.slack_enabled or settings.discord_enabled):
        err_console.print(
            "neither Slack nor Discord is configured: set SLACK_BOT_TOKEN (and "
            "SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) or DISCORD_TOKEN; see "
            ".env.example. Serving the scheduler and /healthz only."
        )

    async def act(brain: Brain) -> None:
        await serve(brain, build_core(brain, "hivebrain"), settings)

    await with_brain(act)


@app.command("chat")
@run
async def chat(slug: str) -> None:
    """Talk to a tenant's brain in the terminal (same core and answers as Slack and Discord)."""
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


# --- the database --------------------------------------------------------------------------


@db_app.command("status")
@run
async def db_status(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Is the embedded FalkorDB running, where, and how big is it."""
    settings = BrainSettings()
    if settings.falkordb_url:
        console.print(
            "using an external FalkorDB (FALKORDB_URL is set); nothing embedded to report"
        )
        return
    status = await EmbeddedServer(settings.hivebrain_data_dir).status()
    if as_json:
        print_json({k: getattr(status, k) for k in status.__slots__})  # type: ignore[attr-defined]
        return
    state = "[green]running[/green]" if status.running else "[yellow]stopped[/yellow]"
    console.print(
        f"embedded FalkorDB {state} · data {status.data_dir} · socket {status.socket_path}"
    )
    if status.running:
        console.print(
            f"pid {status.pid} · up {status.uptime_s} s · memory "
            f"{(status.used_memory_bytes or 0) / 1e6:.1f} MB · append-only file "
            f"{status.aof_bytes / 1e6:.1f} MB · graphs {len(status.graphs)}"
        )


@db_app.command("stop")
@run
async def db_stop() -> None:
    """Stop the embedded FalkorDB (data stays on disk)."""
    settings = BrainSettings()
    stopped = await EmbeddedServer(settings.hivebrain_data_dir).stop()
    console.print("stopped" if stopped else "was not running")


# --- demo ------------------------------------------------------------------------------------


@app.command("demo")
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
        approvers = (await brain.registry.get(SAMPLE_TENANT)).settings.get("approvers", [])
        if me not in approvers:  # the demo's local user may approve the sample's cards
            await brain.registry.update_settings(SAMPLE_TENANT, {"approvers": [*approvers, me]})
        await ConsoleChat(
            build_core(brain, SAMPLE_TENANT), SAMPLE_TENANT, suggestions=SAMPLE_QUESTIONS
        ).run()

    await with_brain(act)


def _register_card_commands() -> None:
    from bots.cli_cards import register

    register(app)


_register_card_commands()


if __name__ == "__main__":
    app()
