"""Files attached to a chat message: documents, and meetings loaded as `ingest meeting` does.

A transcript dropped into a channel (captions, recorder JSON, QMSum JSON) is a meeting
like any other: its speakers resolve to the people already in the brain, and its
decisions and action items are extracted (by the model when one is configured, else by
the rules) and checked against the transcript before anything is written. Anything else
is a document. One bad file is one line in the reply; the other files still load.

In a web process (``serve --role web``) with an ingest worker alive, the load is the
worker's (``UploadWorkers``): the web process downloads the file (it holds the platform's
token), keeps its bytes on the server, queues an ``upload`` job and waits a while for it,
so the parse, the extraction and the writes take a worker's cores, not the questions'. A
load that outlasts the wait goes on in the worker, and the reply says it is still
loading. With no worker, or outside a web process, the file loads here as always.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from agents import HivebrainError
from bots.core._reply import Attachment
from brain import IngestQueue, InputInvalid, TenantGraph, format_moment, now_ms
from brain.ingest import Proposer, load_meeting, parse_upload, read_upload_transcript

log = logging.getLogger(__name__)

Fetch = Callable[[str], Awaitable[bytes]]
#: The ingest job kind an upload travels as.
UPLOAD_KIND = "upload"
#: How long a web process waits for a worker's load before it replies "still loading".
UPLOAD_WAIT_S = 60.0


@dataclass(frozen=True, slots=True)
class Loaded:
    """What became of one attachment: the sentence saying so, and whether it is in."""

    said: str
    done: bool = True


class UploadWorkers:
    """Hands attachments to the ingest workers and waits for their loads (see the
    module's docstring)."""

    def __init__(
        self, queue: IngestQueue, *, wait_s: float = UPLOAD_WAIT_S, poll_s: float = 0.1
    ) -> None:
        self._queue = queue
        self._wait_s = wait_s
        self._poll_s = poll_s

    async def load(
        self, graph: TenantGraph, attachment: Attachment, *, platform: str, fetch: Fetch
    ) -> Loaded | None:
        """A worker's load of ``attachment``, or None when no worker runs (load it here).
        Raises ``HivebrainError`` when the download or the worker's load failed."""
        if not await self._queue.workers_alive():
            return None
        data = await fetch(attachment.url)
        file_id = await self._queue.put_file(data)
        job_id = await self._queue.enqueue(
            UPLOAD_KIND,
            graph.slug,
            {"name": attachment.name, "url": attachment.url, "platform": platform, "file": file_id},
        )
        record = await self._queue.wait_done(job_id, timeout_s=self._wait_s, poll_s=self._poll_s)
        if record is not None:
            if "error" in record:
                raise InputInvalid(str(record["error"]))
            result: Any = record.get("result")
            said: Any = (
                cast(dict[str, Any], result).get("said") if isinstance(result, dict) else None
            )
            return Loaded(str(said or attachment.name))
        log.info("upload %s for %s still loading in job %s", attachment.name, graph.slug, job_id)
        return Loaded(f"{attachment.name} (job {job_id})", done=False)


async def ingest_attachments(
    graph: TenantGraph,
    attachments: Sequence[Attachment],
    *,
    platform: str,
    fetch: Fetch,
    propose: Proposer | None = None,
    workers: UploadWorkers | None = None,
) -> str:
    """Load every attachment into the tenant (by ``workers`` while one runs); one sentence
    or two saying what happened."""
    loaded: list[str] = []
    loading: list[str] = []
    problems: list[str] = []
    for attachment in attachments:
        try:
            handed = None
            if workers is not None:
                handed = await workers.load(graph, attachment, platform=platform, fetch=fetch)
            if handed is None:
                data = await fetch(attachment.url)
                said = await load_upload(
                    graph,
                    name=attachment.name,
                    url=attachment.url,
                    data=data,
                    platform=platform,
                    propose=propose,
                )
                handed = Loaded(said)
            (loaded if handed.done else loading).append(handed.said)
        except HivebrainError as exc:
            problems.append(f"{attachment.name}: {exc.user_message}")
    parts: list[str] = []
    if loaded:
        parts.append("Added to the brain: " + ", ".join(loaded) + ".")
    if loading:
        parts.append(
            "Still loading: " + ", ".join(loading) + "; its records answer as soon as they are in."
        )
    if problems:
        parts.append("Couldn't add " + "; ".join(problems) + ".")
    return " ".join(parts)


async def load_upload(
    graph: TenantGraph,
    *,
    name: str,
    url: str,
    data: bytes,
    platform: str,
    propose: Proposer | None,
) -> str:
    """Load one file's bytes (a meeting or a document) and say what it became: what a web
    process does with an upload, and what an ingest worker's ``upload`` job does."""
    src = f"{platform}:file/{name}"
    # the platform's own address of this file: two uploads named notes.md stay two
    source = f"{platform}:{url.split('?', 1)[0]}"
    transcript = await read_upload_transcript(name=name, data=data)
    if transcript is not None:
        meeting = await load_meeting(
            graph,
            transcript,
            name=name.rsplit(".", 1)[0],
            source=source,
            src=src,
            propose=propose,
        )
        return (
            f"{name} (meeting {meeting.meeting}, {meeting.lines} lines; "
            f"{meeting.extractor} {meeting.extraction.summary()})"
        )
    facts = await parse_upload(
        name=name,
        data=data,
        src=src,
        as_of=format_moment(now_ms()) or "",
        source=source,
    )
    report = await graph.write_facts(list(enumerate(facts, 1)))
    return f"{name} ({report.created} new facts)"
