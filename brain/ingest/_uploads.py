"""A file uploaded in chat as facts: a meeting transcript or a text document.

An upload's name and first bytes say which it is: captions (WebVTT, SRT) and JSON with
speaker turns are transcripts, anything else that is UTF-8 text is a document. Here, and
not in either family, because this is where the two meet: neither needs the other.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from brain.errors import InputInvalid
from brain.ingest._slugs import slugify
from brain.ingest.documents import document_facts
from brain.ingest.meetings import (
    Transcript,
    meeting_id,
    parse_transcript,
    transcript_facts,
    transcript_from_json,
)

#: Uploads of at least this many bytes are parsed in a thread: decoding, chunking and
#: JSON-reading megabytes is CPU work that would hold up every other chat on the loop.
THREAD_PARSE_AT = 256 * 1024


def _upload_text(name: str, data: bytes) -> str:
    if b"\x00" in data[:4096]:
        raise InputInvalid(f"{name} is a binary file: upload text, Markdown or a JSON transcript")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputInvalid(f"{name} is not UTF-8 text") from exc


def upload_transcript(*, name: str, data: bytes) -> Transcript | None:
    """The transcript an uploaded file holds (WebVTT, SRT, or JSON with speaker turns),
    or None when it is a document. Raises ``InputInvalid`` for a file that is neither."""
    text = _upload_text(name, data)
    if name.lower().endswith((".vtt", ".srt")) or text.lstrip().startswith("WEBVTT"):
        return parse_transcript(name, text)
    if name.lower().endswith(".json"):
        try:
            return transcript_from_json(name, json.loads(text))
        except json.JSONDecodeError as exc:
            raise InputInvalid(f"{name} is not valid JSON ({exc.msg}, line {exc.lineno})") from exc
    return None


def upload_facts(
    *, name: str, data: bytes, src: str, as_of: str, source: str | None = None
) -> list[dict[str, Any]]:
    """Facts for an uploaded file: a transcript (captions, JSON with speaker turns) or a text
    document, with no graph to resolve speakers against (``load_meeting`` does that).

    ``source`` is the upload's identity (the platform's address of the file): with it, two
    uploads that share a name stay two documents or meetings."""
    transcript = upload_transcript(name=name, data=data)
    stem = name.rsplit(".", 1)[0]
    if transcript is not None:
        meeting = meeting_id(stem, source=source) if source is not None else None
        return transcript_facts(transcript, name=stem, src=src, as_of=as_of, meeting=meeting)
    doc = f"doc-{slugify(name, limit=50)}-{_digest(source)}" if source is not None else None
    text = _upload_text(name, data)
    return document_facts(name=name, text=text, src=src, as_of=as_of, doc_id=doc)


def _digest(source: str) -> str:
    return hashlib.sha1(source.encode()).hexdigest()[:10]


async def parse_upload(
    *, name: str, data: bytes, src: str, as_of: str, source: str | None = None
) -> list[dict[str, Any]]:
    """``upload_facts`` for the event loop: a large upload is parsed in a thread.

    Same facts, same ``InputInvalid``; a small upload is parsed in place, where a thread
    hop would cost more than the parse.
    """
    if len(data) < THREAD_PARSE_AT:
        return upload_facts(name=name, data=data, src=src, as_of=as_of, source=source)
    return await asyncio.to_thread(
        upload_facts, name=name, data=data, src=src, as_of=as_of, source=source
    )


async def read_upload_transcript(*, name: str, data: bytes) -> Transcript | None:
    """``upload_transcript`` for the event loop: a large upload is parsed in a thread."""
    if len(data) < THREAD_PARSE_AT:
        return upload_transcript(name=name, data=data)
    return await asyncio.to_thread(upload_transcript, name=name, data=data)
