"""`hivebrain ingest ...`: facts files, GitHub histories, meetings and documents."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bots.cli._common import console, err_console, print_json, run, with_brain
from brain import (
    Brain,
    InputInvalid,
)
from brain.ingest import parse_facts_file, read_text_file

ingest_app = typer.Typer(help="Load facts and sources into a tenant.", no_args_is_help=True)


@ingest_app.command("facts")
@run
async def ingest_facts(
    slug: str, file: Path, as_json: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Load a JSON Lines file of facts ({"node": ...} / {"edge": ...}) through the gate."""
    facts = await parse_facts_file(file)  # a malformed file stops here, before anything is written

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
    from brain.ingest import count_commits, load_github

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
    from brain.ingest import meeting_facts

    try:
        transcript = json.loads(read_source_text(file))
    except json.JSONDecodeError as exc:
        raise InputInvalid(
            f"{file} is not valid JSON ({exc.msg}, line {exc.lineno}): nothing was written"
        ) from exc
    except RecursionError:
        raise InputInvalid(
            f"{file} nests JSON too deeply to read: nothing was written. A transcript is a "
            "list of speaker turns"
        ) from None
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
    from brain.ingest import document_facts

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
