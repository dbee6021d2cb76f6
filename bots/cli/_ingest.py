"""`hivebrain ingest ...`: facts files, GitHub histories, meetings and documents.

Each load runs here by default; ``--queue`` hands it to the ingest workers instead
(``bots.cli._queued``), and ``ingest job`` later prints what the worker did with the same
report the inline load prints (``bots.cli._reports``).
"""

from __future__ import annotations

import asyncio
import gzip
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bots.cli._common import err_console, run, with_brain
from bots.cli._queued import queue_job, ready, show_job
from bots.cli._reports import finish_report, print_write_report
from brain import Brain, InputInvalid
from brain.ingest import parse_facts_file, read_text_file

#: Largest file of commit records ``ingest github --queue`` carries to a worker (its
#: bytes sit in one key on the server until the worker has loaded them).
MAX_QUEUED_HISTORY_BYTES = 128 * 1024**2

QUEUE_HELP = "Hand the load to the ingest workers; print its job id (`ingest job` tells the rest)."


def progress_bar(label: str, *, quiet: bool) -> Progress:
    """The bar a long load shows on a terminal (never in --json output or a pipe)."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=quiet or not err_console.is_terminal,
    )


ingest_app = typer.Typer(help="Load facts and sources into a tenant.", no_args_is_help=True)


@ingest_app.command("facts")
@run
async def ingest_facts(
    slug: str,
    file: Path,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[bool, typer.Option("--queue", help=QUEUE_HELP)] = False,
) -> None:
    """Load a JSON Lines file of facts ({"node": ...} / {"edge": ...}) through the gate."""
    facts = await parse_facts_file(file)  # a malformed file stops here, before anything is written
    if queue:
        payload = {"facts": [[line, fact] for line, fact in facts]}
        await queue_job(slug, "facts", ready(payload), as_json)
        return

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar("loading", quiet=as_json) as bar:
            task = bar.add_task("facts", total=len(facts))
            report = await graph.write_facts(facts, progress=lambda n: bar.advance(task, n))
        if brain.server is not None and len(facts) > 1_000:
            await brain.server.compact()  # keep restarts fast after a bulk load
        finish_report("facts", report.as_dict(), as_json=as_json)

    await with_brain(act)


@ingest_app.command("github")
@run
async def ingest_github(
    slug: str,
    source: Annotated[
        str,
        typer.Argument(
            help="A .jsonl(.gz) file of commit records, a local git checkout, or owner/repo "
            "(read through the GitHub REST API with GITHUB_TOKEN, GITHUB_API_BASE_URL)."
        ),
    ],
    limit: Annotated[
        int | None, typer.Option(min=1, help="Only the first N commits (a file or checkout).")
    ] = None,
    component_depth: Annotated[
        int, typer.Option(min=1, max=6, help="Folder levels a component spans (this repo).")
    ] = 2,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[bool, typer.Option("--queue", help=QUEUE_HELP)] = False,
) -> None:
    """Load a repository: a file of commit records, a git checkout, or owner/repo via the API."""
    from brain.ingest import count_commits, load_github

    path = Path(source)
    kind = _source_kind(source)
    if kind == "api" and limit is not None:
        raise InputInvalid(
            f"--limit counts commits of a file or a checkout; {source} is read through the "
            "GitHub API (its issues and pull requests, all of them): leave --limit out"
        )
    if queue:
        await _queue_github(slug, source, kind, limit, component_depth, as_json)
        return
    if kind == "git":
        await _ingest_git(slug, path, limit, component_depth, as_json)
        return
    if kind == "api":
        await _ingest_api(slug, source, component_depth, as_json)
        return
    # A malformed file stops here, before anything is written.
    total = await asyncio.to_thread(count_commits, path, limit=limit)

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar("loading commits", quiet=as_json) as bar:
            task = bar.add_task("commits", total=total)
            report = await load_github(
                graph, path, limit=limit, component_depth=component_depth,
                progress=lambda n: bar.advance(task, n),
            )  # fmt: skip
        if brain.server is not None and total > 200:
            await brain.server.compact()  # keep restarts fast after a bulk load
        finish_report(
            "github", {**report.as_dict(), "loaded": f"{total:,} commits"}, as_json=as_json
        )

    await with_brain(act)


async def _queue_github(
    slug: str, source: str, kind: str, limit: int | None, depth: int, as_json: bool
) -> None:
    """Read and check a history here, then queue it (``bots._ingest_jobs.GitHubJob``): a
    file's bytes or a checkout's records travel to the worker, which may run elsewhere;
    a repository named owner/repo is read from the API by the worker itself."""
    from brain.ingest import count_commits, read_git_log

    path = Path(source)
    payload: dict[str, Any] = {"source": kind, "name": source, "component_depth": depth}
    data: bytes | None = None
    if kind == "git":
        records = await read_git_log(path, limit=limit)  # a broken checkout stops here
        lines = "".join(json.dumps(r.model_dump(mode="json")) + "\n" for r in records)
        data = gzip.compress(lines.encode())
        payload |= {"commits": len(records), "loaded": f"{len(records):,} commits of {path}"}
    elif kind == "file":
        data = await asyncio.to_thread(_history_bytes, path)
        total = await asyncio.to_thread(count_commits, path, limit=limit, data=data)
        payload |= {"limit": limit, "commits": total, "loaded": f"{total:,} commits"}

    async def build(brain: Brain) -> tuple[dict[str, Any], list[str]]:
        if data is None:
            return payload, []
        return {**payload, "file": await brain.ingest_queue.put_file(data)}, []

    await queue_job(slug, "github", build, as_json)


def _history_bytes(path: Path) -> bytes:
    """A file of commit records, read whole to travel with its job (``InputInvalid`` for
    one that is missing or too large to carry)."""
    if not path.is_file():
        raise InputInvalid(
            f"{path}: no such file" if not path.exists() else f"{path} is not a file"
        )
    size, most = path.stat().st_size, MAX_QUEUED_HISTORY_BYTES
    if size > most:
        raise InputInvalid(
            f"{path} is {size / 1024**2:.0f} MB, more than the {most // 1024**2} MB a queued "
            "load carries: load it without --queue"
        )
    return path.read_bytes()


def _source_kind(source: str) -> str:
    """``git`` for a checkout, ``api`` for owner/repo that names no local path, else
    ``file`` (a file of commit records, checked when it is read)."""
    from brain.ingest import is_git_repository, is_repo_name

    path = Path(source)
    if is_git_repository(path):
        return "git"
    if not path.exists() and is_repo_name(source):
        return "api"
    return "file"


async def _ingest_git(slug: str, path: Path, limit: int | None, depth: int, as_json: bool) -> None:
    from brain.ingest import load_git_repository, read_git_log

    total = len(await read_git_log(path, limit=limit))  # a broken checkout stops here

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar("loading git log", quiet=as_json) as bar:
            task = bar.add_task("commits", total=total)
            report = await load_git_repository(
                graph, path, limit=limit, component_depth=depth,
                progress=lambda n: bar.advance(task, n),
            )  # fmt: skip
        loaded = f"{total:,} commits of {path}"
        finish_report("github", {**report.as_dict(), "loaded": loaded}, as_json=as_json)

    await with_brain(act)


async def _ingest_api(slug: str, repo: str, depth: int, as_json: bool) -> None:
    from bots._ingest_jobs import load_repo_api

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar(f"reading {repo}", quiet=as_json) as bar:
            task = bar.add_task("items", total=None)
            result = await load_repo_api(
                graph, repo, component_depth=depth, progress=lambda n: bar.advance(task, n)
            )
        finish_report("github", result, as_json=as_json)

    await with_brain(act)


@ingest_app.command("meeting")
@run
async def ingest_meeting(
    slug: str,
    file: Path,
    title: Annotated[str | None, typer.Option("--title", help="The meeting's title.")] = None,
    date: Annotated[
        str | None,
        typer.Option("--date", "--as-of", help="Date of the meeting (default: the file's date)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[bool, typer.Option("--queue", help=QUEUE_HELP)] = False,
) -> None:
    """Load a meeting transcript (QMSum JSON, recorder JSON, WebVTT, SRT or "Name: words"
    lines, detected from the content) with its decisions and action items."""
    from agents import meeting_proposer
    from brain.ingest import load_meeting, read_transcript

    text = read_source_text(file)
    try:
        transcript = read_transcript(file.name, text=text)
    except RecursionError:
        raise InputInvalid(
            f"{file} nests JSON too deeply to read: nothing was written. A transcript is a "
            "list of speaker turns"
        ) from None
    # the whole path: mon/transcript.txt and tue/transcript.txt are two meetings
    source = f"file:{await asyncio.to_thread(file.resolve)}"
    when = date if date is not None else transcript.date or source_date(file, None)
    if date is not None:
        source_date(file, date)  # checks the date as typed
    if queue:  # read and checked here; a worker extracts and loads it (bots._ingest_worker)
        payload = {
            "file": file.name,
            "text": text,
            "name": file.stem,
            "source": source,
            "src": f"file:{file.name}",
            "as_of": when,
            "title": title,
        }
        await queue_job(slug, "meeting", ready(payload), as_json)
        return

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        loaded = await load_meeting(
            graph,
            transcript,
            name=file.stem,
            source=source,
            src=f"file:{file.name}",
            as_of=when,
            title=title,
            propose=meeting_proposer(),
        )
        finish_report("meeting", loaded.as_dict(), as_json=as_json)

    await with_brain(act)


@ingest_app.command("doc")
@run
async def ingest_doc(
    slug: str,
    file: Path,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="Date of the document (default: the file's date).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[bool, typer.Option("--queue", help=QUEUE_HELP)] = False,
) -> None:
    """Load a text or Markdown document as a Document and its passages."""
    from brain.ingest import document_facts, document_id

    # the whole path is its identity, as `ingest docs` has it: a/notes.md is not b/notes.md
    key = f"file:{(await asyncio.to_thread(file.resolve)).as_posix()}"
    if queue:
        payload = {
            "name": file.name,
            "text": read_source_text(file),
            "src": f"file:{file.name}",
            "as_of": source_date(file, as_of),
            "doc_id": document_id(key),
        }
        document_facts(**payload)  # an empty document is refused here, not in a worker
        await queue_job(slug, "document", ready(payload), as_json)
        return
    facts = document_facts(
        name=file.name,
        text=read_source_text(file),
        src=f"file:{file.name}",
        as_of=source_date(file, as_of),
        doc_id=document_id(key),
    )
    await write_source_facts(slug, facts, as_json, loaded=f"document {file.name}")


@ingest_app.command("docs")
@run
async def ingest_docs(
    slug: str,
    paths: Annotated[list[Path], typer.Argument(help="Files and folders of documents.")],
    follow_links: Annotated[
        bool,
        typer.Option(
            "--follow-links",
            help="Read what symbolic links inside the folders point to (skipped otherwise: "
            "a link may lead out of the folder).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    queue: Annotated[bool, typer.Option("--queue", help=QUEUE_HELP)] = False,
) -> None:
    """Load documents (Markdown, text, HTML, PDF) from files and folders; a folder loaded
    again closes the passages of documents it no longer holds. A file that cannot be read
    is named with its reason and the rest load, and the run then fails (exit status 1); a
    link left unfollowed is named and does not fail it. With ``--queue`` the files are read
    here and loaded by a worker, which may run elsewhere (``ingest job`` fails alike)."""
    from brain.ingest import load_documents, pack_documents

    if queue:

        async def build(brain: Brain) -> tuple[dict[str, Any], list[str]]:
            keep = brain.ingest_queue.put_file
            packed = await pack_documents(paths, follow_links=follow_links, keep=keep)
            refused = [f.refused for f in packed.files if f.refused]
            return packed.model_dump(), [*packed.skipped, *refused]

        await queue_job(slug, "documents", build, as_json)
        return

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar("documents", quiet=as_json) as bar:
            task = bar.add_task("documents", total=None)
            loaded = await load_documents(
                graph, paths, follow_links=follow_links, progress=lambda n: bar.advance(task, n)
            )
        finish_report("documents", loaded.as_dict(), as_json=as_json)

    await with_brain(act)


ingest_app.command("job")(show_job)


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
