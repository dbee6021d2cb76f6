"""Loads handed to the ingest workers (``--queue``), and what they did (``ingest job``).

A command given ``--queue`` reads and checks its input where it runs (a malformed file or
an unknown tenant is said at once, and nothing is queued), then queues one job and prints
its id. A worker (``hivebrain serve --role worker``) runs it and keeps what it did in the
job's done record (``IngestQueue.done``, kept a week). ``hivebrain ingest job SLUG JOB``
prints that record as the command would have printed its own load (``bots.cli._reports``):
the same lines, one per refused fact or skipped file with its reason, and the same exit
status, so a script can queue a load and later learn how it went as if it had run inline.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, cast

import typer

from bots.cli._common import console, err_console, print_json, run, with_brain
from bots.cli._reports import finish_report
from brain import Brain

#: Makes a job's payload once the tenant is known, checking what it can here and keeping
#: the files the job carries on the server first (``IngestQueue.put_file``): the payload,
#: and the lines of what the command already knows the job will skip.
Build = Callable[[Brain], Awaitable[tuple[dict[str, Any], list[str]]]]


def ready(payload: dict[str, Any]) -> Build:
    """The ``Build`` of a payload that carries no file."""

    async def build(_: Brain) -> tuple[dict[str, Any], list[str]]:
        return payload, []

    return build


async def queue_job(slug: str, kind: str, build: Build, as_json: bool) -> str:
    """Hand one load to the ingest workers and say its job id, with what it will skip
    (so the person hears it now, not only from ``ingest job``). The job's id."""

    async def act(brain: Brain) -> tuple[str, list[str]]:
        await brain.tenant(slug)  # an unknown tenant is said now, not by a worker later
        payload, skipped = await build(brain)
        return await brain.ingest_queue.enqueue(kind, slug, payload), skipped

    job, skipped = await with_brain(act)
    if as_json:
        print_json({"queued": job, "kind": kind, "tenant": slug, "skipped": skipped})
        return job
    console.print(
        f"queued {kind} job {job} for {slug}: an ingest worker (`hivebrain serve --role "
        "worker`) loads it; its facts answer by words at once, by meaning once embedded. "
        f"`hivebrain ingest job {slug} {job}` says what it did",
        highlight=False,
    )
    for line in skipped:
        console.print(f"  will skip: {line}", highlight=False, markup=False)
    return job


@run
async def show_job(
    slug: str,
    job: Annotated[str, typer.Argument(help="The job id `--queue` printed.")],
    wait: Annotated[
        float, typer.Option("--wait", min=0, help="Wait up to this many seconds for it to end.")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="The whole done record.")] = False,
) -> None:
    """What a queued load did, printed as the command prints a load it runs itself: exit
    status 1 when it failed or has not finished yet."""

    async def act(brain: Brain) -> dict[str, Any] | None:
        await brain.tenant(slug)
        queue = brain.ingest_queue
        if wait > 0:
            return await queue.wait_done(job, timeout_s=wait)
        return await queue.done(job)

    record = await with_brain(act)
    if record is None or record.get("tenant") != slug:
        # another tenant's job is not told apart from one that never was
        err_console.print(
            f"job {job} of {slug} has not finished (it waits for a worker or is running), "
            "or is not one of its jobs; `--wait SECONDS` waits for it",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(1)
    if "error" in record:
        if as_json:
            print_json(record)
        err_console.print(
            f"error: {record.get('kind', 'the')} job {job} failed: {record['error']}",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(1)
    raw: Any = record.get("result")
    result: dict[str, Any] = cast(dict[str, Any], raw) if isinstance(raw, dict) else {}
    finish_report(
        str(record.get("kind", "")),
        result,
        as_json=as_json,
        shown=record,
    )
