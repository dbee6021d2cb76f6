"""A document as facts: a Document node plus its passages.

A document becomes a Document node and Chunks of a few sentences each (HAS_CHUNK), so
search can find the passage and cite the document. The Document keeps its text as
``body``, which no search index covers: the passages are what search reads, and a long
body indexed as well would match nearly every question, crowding the list of things and
counting each match twice when the lists are fused. Ids are derived from the source
name, so loading the same file twice adds nothing.
"""

from __future__ import annotations

import re
from typing import Any

from brain.errors import InputInvalid
from brain.ingest._slugs import slugify

CHUNK_CHARS = 900
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
