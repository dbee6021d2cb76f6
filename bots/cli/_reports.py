"""How a load's result is printed: the same lines whether it ran here or in an ingest worker.

Every load a command runs gives a JSON-ready result (``WriteReport.as_dict()``,
``DocsLoad.as_dict()``, ``MeetingLoad.as_dict()``, ``PullReport.as_dict()``, the GitHub
loads' dicts in ``bots._ingest_jobs``), and that result is also what a worker keeps in a
queued job's done record. So each kind of load has one ``LoadReport`` here, named by its
job kind: the command that ran the load inline prints its result with it, and
``hivebrain ingest job`` prints a queued job's result with the very same one. Both show
one line per refusal or skipped file with its reason, and both fail (exit status 1, one
line on stderr, never a traceback) on the same results: a batch of documents in which a
file failed to load, a pull in which an account failed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import typer
from rich.table import Table

from bots.cli._common import console, err_console, print_json

#: Skipped items of a pull named under its table at most (the count covers all of them).
SHOWN_SKIPS = 10

Result = Mapping[str, Any]


def _never(_: Result) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class LoadReport:
    """How one kind of load's result is shown, and when it counts as failed: ``failure``
    gives None for a load that worked, else the line to end with ("" for none: the
    lines shown already say what failed)."""

    show: Callable[[Result], None]
    failure: Callable[[Result], str | None] = _never


#: The report of each job kind (what ``IngestQueue.enqueue`` names the load).
REPORTS: dict[str, LoadReport] = {}


def report(
    kind: str, *, failure: Callable[[Result], str | None] = _never
) -> Callable[[Callable[[Result], None]], Callable[[Result], None]]:
    """Register the function that shows the results of job kind ``kind``."""

    def add(show: Callable[[Result], None]) -> Callable[[Result], None]:
        REPORTS[kind] = LoadReport(show=show, failure=failure)
        return show

    return add


def finish_report(kind: str, result: Result, *, as_json: bool, shown: Any = None) -> None:
    """Print ``result`` as its kind's report (``--json``: ``shown``, else the result, as
    JSON), then raise ``typer.Exit(1)`` if the kind counts it as failed."""
    load = REPORTS.get(kind, LoadReport(show=_show_other))
    if as_json:
        print_json(result if shown is None else shown)
    else:
        load.show(result)
    why = load.failure(result)
    if why is not None:
        if why:
            err_console.print(why, highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(1)


def print_write_report(counts: Result, as_json: bool, *, loaded: str) -> None:
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
    _refusals(counts)


def _refusals(counts: Result) -> None:
    for refusal in cast(list[dict[str, Any]], counts.get("refusals") or []):
        console.print(
            f"  line {refusal['line']}: {refusal['reason']}", highlight=False, markup=False
        )


@report("facts")
def show_facts(counts: Result) -> None:
    """A facts file's counts, versions included, then its refused lines."""
    console.print(
        f"created {counts['created']:,} · updated {counts['updated']:,} · unchanged "
        f"{counts['unchanged']:,} · closed {counts['closed']:,} · versions "
        f"{counts['versions']:,} · merged {counts['aliases']:,} · refused {counts['refused']:,}",
        highlight=False,
    )
    _refusals(counts)


@report("document")
def show_document(counts: Result) -> None:
    """One document's counts (``loaded`` names it)."""
    print_write_report(counts, False, loaded=str(counts.get("loaded") or "document"))


def files_failed(result: Result) -> str | None:
    """A batch of documents fails when any file in it failed to load (each is named
    above, and the rest is in); a link left unfollowed alone does not fail it."""
    skipped = cast(list[str], result.get("skipped") or [])
    failed = cast(list[str], result.get("failed", skipped))  # a job kept before "failed"
    if int(result.get("files", 0)) == 0 and skipped:
        return "nothing was loaded: every path given was skipped (the reasons are above)"
    if failed:
        return (
            f"{len(failed)} of the files given could not be loaded (each is named above with "
            f"why); the other {result['files']} loaded"
        )
    return None


@report("documents", failure=files_failed)
def show_documents(result: Result) -> None:
    """Files and folders of documents: what loaded, then one line per skipped file."""
    skipped = cast(list[str], result.get("skipped") or [])
    console.print(
        f"{result['files']} document(s), {result['passages']} passage(s), "
        f"{result['closed_passages']} passage(s) closed, {len(skipped)} skipped",
        highlight=False,
    )
    if "created" in result:
        print_write_report(result, False, loaded="written")
    for line in skipped:
        console.print(f"  skipped: {line}", highlight=False, markup=False)


@report("meeting")
def show_meeting(result: Result) -> None:
    """A meeting's counts, the lines it closed, and what extraction kept and dropped."""
    print_write_report(
        result,
        False,
        loaded=f"meeting {result['name']} ({result['format']}, {result['lines']:,} lines)",
    )
    if result.get("closed_lines"):
        console.print(
            f"{result['closed_lines']:,} line(s) of the earlier load are no longer in the "
            "transcript: closed",
            highlight=False,
        )
    console.print(f"{result['extractor']}: {result['extraction']}", highlight=False, markup=False)
    for c in cast(list[dict[str, Any]], result.get("dropped") or []):
        lines = cast(list[int], c.get("lines") or [])
        console.print(
            f"  dropped {c['kind']} at line {lines[0] if lines else '?'}: {c['reason']}",
            highlight=False,
            markup=False,
        )


@report("github")
def show_github(result: Result) -> None:
    """A repository's counts, the listings read only in part, what the model kept."""
    print_write_report(result, False, loaded=str(result.get("loaded") or "history"))
    for line in cast(list[str], result.get("read_in_part") or []):
        err_console.print(f"  read in part: {line}", highlight=False, markup=False)
    model = cast(dict[str, int] | None, result.get("model"))
    if model:
        console.print(
            f"model read {model['threads']:,} threads: {model['kept']:,} decisions kept, "
            f"{model['dropped']:,} dropped by the check",
            highlight=False,
        )


def account_failed(result: Result) -> str | None:
    """A pull fails when any account failed (the table says which and why)."""
    accounts = cast(list[dict[str, Any]], result.get("accounts") or [])
    return "" if any(a.get("status") == "failed" for a in accounts) else None


@report("connected", failure=account_failed)
def show_pull(result: Result) -> None:
    """A pull: one row per account, the items skipped (the first ``SHOWN_SKIPS``), the sum."""
    accounts = cast(list[dict[str, Any]], result.get("accounts") or [])
    table = Table("account", "toolkit", "status", "items", "new", "skipped", "note")
    for a in accounts:
        table.add_row(
            str(a["account"]),
            str(a["toolkit"]),
            str(a["status"]),
            str(a["items"]),
            str(a["created"]),
            str(len(a["skipped"])),
            str(a["note"]),
        )
    console.print(table)
    skips = [str(s) for a in accounts for s in a["skipped"]]
    for line in skips[:SHOWN_SKIPS]:
        console.print(f"skipped: {line}", highlight=False, markup=False)
    if len(skips) > SHOWN_SKIPS:
        console.print(f"… and {len(skips) - SHOWN_SKIPS} more skipped", highlight=False)
    console.print(str(result["summary"]), highlight=False, markup=False)


@report("upload")
def show_upload(result: Result) -> None:
    """A chat upload: the sentence its reply said."""
    console.print(str(result.get("said", "")), highlight=False, markup=False)


def _show_other(result: Result) -> None:
    """A kind with no report of its own (vectors, a scheduled run): its figures, a line."""
    shown = " · ".join(f"{k} {v}" for k, v in result.items() if not isinstance(v, dict | list))
    console.print(shown or "done", highlight=False, markup=False)
