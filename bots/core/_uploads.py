"""Files attached to a chat message: documents, and meetings loaded as `ingest meeting` does.

A transcript dropped into a channel (captions, recorder JSON, QMSum JSON) is a meeting
like any other: its speakers resolve to the people already in the brain, and its
decisions and action items are extracted (by the model when one is configured, else by
the rules) and checked against the transcript before anything is written. Anything else
is a document. One bad file is one line in the reply; the other files still load.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from agents import HivebrainError
from bots.core._reply import Attachment
from brain import TenantGraph, format_moment, now_ms
from brain.ingest import Proposer, load_meeting, parse_upload, read_upload_transcript

Fetch = Callable[[str], Awaitable[bytes]]


async def ingest_attachments(
    graph: TenantGraph,
    attachments: Sequence[Attachment],
    *,
    platform: str,
    fetch: Fetch,
    propose: Proposer | None = None,
) -> str:
    """Load every attachment into the tenant; one sentence or two saying what happened."""
    loaded: list[str] = []
    problems: list[str] = []
    for attachment in attachments:
        try:
            loaded.append(
                await _ingest_one(
                    graph, attachment, platform=platform, fetch=fetch, propose=propose
                )
            )
        except HivebrainError as exc:
            problems.append(f"{attachment.name}: {exc.user_message}")
    parts: list[str] = []
    if loaded:
        parts.append("Added to the brain: " + ", ".join(loaded) + ".")
    if problems:
        parts.append("Couldn't add " + "; ".join(problems) + ".")
    return " ".join(parts)


async def _ingest_one(
    graph: TenantGraph,
    attachment: Attachment,
    *,
    platform: str,
    fetch: Fetch,
    propose: Proposer | None,
) -> str:
    data = await fetch(attachment.url)
    src = f"{platform}:file/{attachment.name}"
    # the platform's own address of this file: two uploads named notes.md stay two
    source = f"{platform}:{attachment.url.split('?', 1)[0]}"
    transcript = await read_upload_transcript(name=attachment.name, data=data)
    if transcript is not None:
        meeting = await load_meeting(
            graph,
            transcript,
            name=attachment.name.rsplit(".", 1)[0],
            source=source,
            src=src,
            propose=propose,
        )
        return (
            f"{attachment.name} (meeting {meeting.meeting}, {meeting.lines} lines; "
            f"{meeting.extractor} {meeting.extraction.summary()})"
        )
    facts = await parse_upload(
        name=attachment.name,
        data=data,
        src=src,
        as_of=format_moment(now_ms()) or "",
        source=source,
    )
    report = await graph.write_facts(list(enumerate(facts, 1)))
    return f"{attachment.name} ({report.created} new facts)"
