"""`hivebrain ingest ...`: facts files, GitHub histories, meetings and documents."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bots.cli._common import console, err_console, print_json, run, with_brain
from brain import Brain, InputInvalid
from brain.ingest import parse_facts_file, read_text_file


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
    queue: Annotated[
        bool, typer.Option("--queue", help="Hand the load to the ingest workers; print its job id.")
    ] = False,
) -> None:
    """Load a JSON Lines file of facts ({"node": ...} / {"edge": ...}) through the gate."""
    facts = await parse_facts_file(file)  # a malformed file stops here, before anything is written
    if queue:
        await queue_job(slug, "facts", {"facts": [[line, fact] for line, fact in facts]}, as_json)
        return

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar("loading", quiet=as_json) as bar:
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
) -> None:
    """Load a repository: a file of commit records, a git checkout, or owner/repo via the API."""
    from brain.ingest import count_commits, load_github

    path = Path(source)
    kind = _source_kind(source)
    if kind == "git":
        await _ingest_git(slug, path, limit, component_depth, as_json)
        return
    if kind == "api":
        if limit is not None:
            raise InputInvalid(
                f"--limit counts commits of a file or a checkout; {source} is read through the "
                "GitHub API (its issues and pull requests, all of them): leave --limit out"
            )
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
        print_write_report(report.as_dict(), as_json, loaded=f"{total:,} commits")

    await with_brain(act)


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
        print_write_report(report.as_dict(), as_json, loaded=f"{total:,} commits of {path}")

    await with_brain(act)


async def _ingest_api(slug: str, repo: str, depth: int, as_json: bool) -> None:
    from agents import thread_proposer
    from bots._wiring import ExecutorSettings
    from brain.ingest import GitHubSource, extract_thread_decisions, load_github_repo

    settings = ExecutorSettings()
    token = settings.github_token.get_secret_value() if settings.github_token else None
    source = GitHubSource(
        token=token, base_url=str(settings.github_api_base_url), component_depth=depth
    )

    async def act(brain: Brain) -> None:
        graph = await brain.tenant(slug)
        with progress_bar(f"reading {repo}", quiet=as_json) as bar:
            task = bar.add_task("items", total=None)
            report, count = await load_github_repo(
                graph, repo, source=source, progress=lambda n: bar.advance(task, n)
            )
        loaded = f"{count:,} issues and pull requests of {repo} ({source.requests} requests)"
        print_write_report(report.as_dict(), as_json, loaded=loaded)
        for line in source.stopped:
            err_console.print(f"  read in part: {line}", highlight=False, markup=False)
        # with a model, it also reads the threads' decisions (the rules already ran)
        propose = thread_proposer()
        if propose is not None and count:
            found = await extract_thread_decisions(graph, propose, repo=repo)
            if not as_json:
                typer.echo(
                    f"model read {found.threads:,} threads: {len(found.kept):,} decisions kept, "
                    f"{len(found.dropped):,} dropped by the check"
                )

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
    queue: Annotated[
        bool, typer.Option("--queue", help="Hand the load to the ingest workers; print its job id.")
    ] = False,
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
        await queue_job(slug, "meeting", payload, as_json)
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
        if as_json:
            print_json(loaded.as_dict())
            return
        print_write_report(
            loaded.report.as_dict(),
            False,
            loaded=f"meeting {file.stem} ({loaded.format}, {loaded.lines:,} lines)",
        )
        if loaded.closed:
            console.print(
                f"{loaded.closed:,} line(s) of the earlier load are no longer in the transcript: "
                "closed",
                highlight=False,
            )
        console.print(
            f"{loaded.extractor}: {loaded.extraction.summary()}", highlight=False, markup=False
        )
        for c, reason in loaded.extraction.dropped:
            console.print(
                f"  dropped {c.kind} at line {c.lines[0] if c.lines else '?'}: {reason}",
                highlight=False,
                markup=False,
            )

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
    queue: Annotated[
        bool, typer.Option("--queue", help="Hand the load to the ingest workers; print its job id.")
    ] = False,
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
        await queue_job(slug, "document", payload, as_json)
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
) -> None:
    """Load documents (Markdown, text, HTML, PDF) from files and folders; a folder loaded
    again closes the passages of documents it no longer holds. A file that cannot be read
    is named with its reason and the rest load; a run that loads nothing fails."""
    from brain.ingest import load_documents

    async def act(brain: Brain) -> bool:
        graph = await brain.tenant(slug)
        with progress_bar("documents", quiet=as_json) as bar:
            task = bar.add_task("documents", total=None)
            loaded = await load_documents(
                graph, paths, follow_links=follow_links, progress=lambda n: bar.advance(task, n)
            )
        counts = loaded.report.as_dict() if loaded.report else {}
        if as_json:
            print_json(
                {
                    **counts,
                    "files": loaded.files,
                    "passages": loaded.passages,
                    "closed_passages": loaded.closed,
                    "skipped": loaded.skipped,
                }
            )
            return loaded.files > 0 or not loaded.skipped
        console.print(
            f"{loaded.files} document(s), {loaded.passages} passage(s), "
            f"{loaded.closed} passage(s) closed, {len(loaded.skipped)} skipped",
            highlight=False,
        )
        if counts:
            print_write_report(counts, False, loaded="written")
        for line in loaded.skipped:
            console.print(f"  skipped: {line}", highlight=False, markup=False)
        return loaded.files > 0 or not loaded.skipped

    if not await with_brain(act):
        err_console.print(
            f"nothing was loaded: every path given was skipped ({len(paths)} named; the "
            "reasons are above)",
            highlight=False,
        )
        raise typer.Exit(1)


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


async def queue_job(slug: str, kind: str, payload: dict[str, Any], as_json: bool) -> None:
    """Hand one load to the ingest workers and say its job id."""

    async def act(brain: Brain) -> str:
        await brain.tenant(slug)  # an unknown tenant is said now, not by a worker later
        return await brain.ingest_queue.enqueue(kind, slug, payload)

    job = await with_brain(act)
    if as_json:
        print_json({"queued": job, "kind": kind, "tenant": slug})
        return
    console.print(
        f"queued {kind} job {job} for {slug}: an ingest worker (`hivebrain serve --role "
        "worker`) loads it; its facts answer by words at once, by meaning once embedded",
        highlight=False,
    )


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
