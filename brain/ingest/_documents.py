"""Documents and meeting transcripts as facts: a source node plus its passages.

A document becomes a Document node and Chunks of a few sentences each (HAS_CHUNK), so
search can find the passage and cite the document. The Document keeps its text as
``body``, which no search index covers: the passages are what search reads, and a long
body indexed as well would match nearly every question, crowding the list of things and
counting each match twice when the lists are fused. A meeting transcript becomes a
Meeting, one Chunk per line of the call linked to who said it (SAID_BY), and the people
who spoke (ATTENDED). Ids are derived from the source name, so loading the same file
twice adds nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from brain.errors import InputInvalid
from brain.ingest._meeting_formats import Transcript, parse_transcript, transcript_from_json
from brain.ingest._meetings import transcript_facts
from brain.ingest._slugs import slugify

CHUNK_CHARS = 900
#: Uploads of at least this many bytes are parsed in a thread: decoding, chunking and
#: JSON-reading megabytes is CPU work that would hold up every other chat on the loop.
THREAD_PARSE_AT = 256 * 1024
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def chunk_text(text: str, *, size: int = CHUNK_CHARS) -> list[str]:
    """Split text into passages of about ``size`` characters, at paragraph or sentence ends."""
    pieces: list[str] = []
    for paragraph in (p.strip() for p in re.split(r"\n\s*\n", text)):
        if not paragraph:
            continue
        current = ""
        for sentence in _SENTENCE_END.split(paragraph):
            if current and len(current) + len(sentence) + 1 > size:
                pieces.append(current)
                current = ""
            current = f"{current} {sentence}".strip()
            while len(current) > size:  # one enormous sentence
                pieces.append(current[:size])
                current = current[size:]
        if current:
            pieces.append(current)
    return pieces


def document_facts(
    *, name: str, text: str, src: str, as_of: str, doc_id: str | None = None
) -> list[dict[str, Any]]:
    """Facts for one text document: the Document and its Chunks."""
    if not text.strip():
        raise InputInvalid(f"{name}: the document is empty")
    doc = doc_id or f"doc-{slugify(name)}"
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Document",
                "id": doc,
                "name": name,
                "body": text[:20_000],
                "src": src,
                "asOf": as_of,
            }
        }
    ]
    for i, passage in enumerate(chunk_text(text), 1):
        chunk = f"{doc}#c{i}"
        facts.append(
            {
                "node": {
                    "type": "Chunk",
                    "id": chunk,
                    "name": f"{name} §{i}",
                    "text": passage,
                    "position": i,
                    "src": src,
                    "asOf": as_of,
                }
            }
        )
        facts.append(
            {
                "edge": {
                    "from": doc,
                    "type": "HAS_CHUNK",
                    "to": chunk,
                    "since": as_of,
                    "src": src,
                    "asOf": as_of,
                }
            }
        )
    return facts


def meeting_facts(*, name: str, transcript: Any, src: str, as_of: str) -> list[dict[str, Any]]:
    """Facts for decoded transcript JSON (QMSum ``{"meeting_transcripts": [...]}``, a list of
    ``{"speaker", "content"}`` turns, or recorder JSON with ``sentences``), no graph needed:
    every speaker is a Person of their own (``brain.ingest.load_meeting`` resolves them)."""
    return transcript_facts(transcript_from_json(name, transcript), name=name, src=src, as_of=as_of)


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


def upload_facts(*, name: str, data: bytes, src: str, as_of: str) -> list[dict[str, Any]]:
    """Facts for an uploaded file: a transcript (captions, JSON with speaker turns) or a text
    document, with no graph to resolve speakers against (``load_meeting`` does that)."""
    transcript = upload_transcript(name=name, data=data)
    if transcript is not None:
        stem = name.rsplit(".", 1)[0]
        return transcript_facts(transcript, name=stem, src=src, as_of=as_of)
    return document_facts(name=name, text=_upload_text(name, data), src=src, as_of=as_of)


async def parse_upload(*, name: str, data: bytes, src: str, as_of: str) -> list[dict[str, Any]]:
    """``upload_facts`` for the event loop: a large upload is parsed in a thread.

    Same facts, same ``InputInvalid``; a small upload is parsed in place, where a thread
    hop would cost more than the parse.
    """
    if len(data) < THREAD_PARSE_AT:
        return upload_facts(name=name, data=data, src=src, as_of=as_of)
    return await asyncio.to_thread(upload_facts, name=name, data=data, src=src, as_of=as_of)


async def read_upload_transcript(*, name: str, data: bytes) -> Transcript | None:
    """``upload_transcript`` for the event loop: a large upload is parsed in a thread."""
    if len(data) < THREAD_PARSE_AT:
        return upload_transcript(name=name, data=data)
    return await asyncio.to_thread(upload_transcript, name=name, data=data)
