"""`hivebrain query`, `tools` and `tool`: read-only Cypher and the graph tools."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, cast, get_args, get_origin

import typer
from pydantic import BaseModel
from rich.table import Table

from bots.cli._common import console, print_json, run, with_brain
from brain import (
    Brain,
    HivebrainError,
    InputInvalid,
    QueryRefused,
    check_cypher,
    read_facts,
)

#: Rows printed by `hivebrain query` before it says the rest was cut.
QUERY_ROW_CAP = 1_000


@run
async def query(
    slug: str, cypher: str, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Run a read-only Cypher query on a tenant (checked like the cypher tool, GRAPH.RO_QUERY)."""

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        try:
            # Outside text: the guard reads and bounds it, the server runs it read-only.
            checked = check_cypher(cypher, {}, row_cap=QUERY_ROW_CAP)
            res = await graph.ro_query_checked("power-user query", checked, timeout_ms=10_000)
        except QueryRefused as exc:
            if "read-only" in exc.reason.lower() or "write" in exc.reason.lower():
                raise QueryRefused(
                    "this command only reads; writes go through `hivebrain ingest facts`"
                ) from exc
            raise
        rows = [[_shown(v) for v in row] for row in res.rows[:QUERY_ROW_CAP]]
        if as_json:
            print_json(
                {"columns": res.header, "rows": rows, "truncated": len(res.rows) > QUERY_ROW_CAP}
            )
            return
        table = Table(*res.header)
        for row in rows:
            table.add_row(*[_cell(v) for v in row])
        console.print(table)
        if len(res.rows) > QUERY_ROW_CAP:
            console.print(f"showing {QUERY_ROW_CAP:,} of {len(res.rows):,} rows; add LIMIT")

    await with_brain(act)


#: Characters of one value a table cell shows (the JSON output has it whole).
CELL_CHARS = 300


def _shown(value: Any) -> Any:
    """A result value without node embeddings: 384 numbers a person never reads, and the
    bulk of every node's bytes (a table of 1,000 such rows took minutes to draw)."""
    if isinstance(value, dict):
        items = cast(dict[str, Any], value)
        drop = "embedding" if "labels" in items else None
        return {k: _shown(v) for k, v in items.items() if k != drop}
    if isinstance(value, list):
        return [_shown(v) for v in cast(list[Any], value)]
    return value


def _cell(value: Any) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"


def _arg_kind(model: type[BaseModel] | None, key: str) -> str:
    """How a ``--arg`` value is read: ``list`` (commas or JSON), ``text`` (as typed) or
    ``json`` (JSON when it parses, else text), from the tool's own argument model."""
    field = model.model_fields.get(key) if model is not None else None
    if field is None:
        return "json"
    annotation = field.annotation
    members = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else ()
    kinds = {get_origin(a) or a for a in members or (annotation,)} - {type(None)}
    if list in kinds:
        return "list"
    return "text" if kinds == {str} else "json"


def parse_tool_args(pairs: list[str], model: type[BaseModel] | None = None) -> dict[str, Any]:
    """`--arg key=value` pairs as a dict, read the way ``model`` (the tool's arguments) types
    each key: a list takes ``a,b`` (or JSON, or the key repeated), text is kept as typed,
    anything else is taken as JSON when it parses."""
    args: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputInvalid(f"--arg {pair!r}: write it as key=value (e.g. --arg name=task-ig)")
        kind = _arg_kind(model, key)
        if kind == "list":
            items = _list_value(key, value)
            previous = args.get(key)
            args[key] = [*previous, *items] if isinstance(previous, list) else items
        elif kind == "text":
            args[key] = value
        else:
            try:
                args[key] = json.loads(value)
            except json.JSONDecodeError:
                args[key] = value
    return args


def _list_value(key: str, value: str) -> list[Any]:
    """``a,b`` or ``["a", "b"]`` as a list."""
    if value.lstrip().startswith("["):
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError as exc:
            raise InputInvalid(
                f"--arg {key}=...: that JSON list does not parse ({exc.msg}); "
                f"or write it as {key}=a,b"
            ) from exc
        if isinstance(parsed, list):
            return cast(list[Any], parsed)
    return [item.strip() for item in value.split(",") if item.strip()]


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


@run
async def tool_cmd(
    slug: str,
    name: str,
    arg: Annotated[
        list[str] | None,
        typer.Option("--arg", help="key=value; lists as a,b (JSON values allowed)."),
    ] = None,
    batch: Annotated[
        Path | None, typer.Option("--batch", help="JSON Lines of arguments, one call per line.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Run one graph tool on a tenant (or once per line of a --batch file)."""
    from agents.tools import TOOLS, call_tool

    found = TOOLS.get(name)  # unknown: call_tool says so, with the known names
    calls = [parse_tool_args(arg or [], found.args if found is not None else None)]
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


def register(app: typer.Typer) -> None:
    """Add this group's commands to the main CLI."""
    app.command("query")(query)
    app.command("tools")(tools_cmd)
    app.command("tool")(tool_cmd)
