"""Documents as facts: files read to text and cut into passages, and loading folders of
them, here or in an ingest worker (their bytes carried on the server)."""

from __future__ import annotations

from brain.ingest.documents._documents import chunk_text, document_facts
from brain.ingest.documents._files import read_document, split_passages
from brain.ingest.documents._load import DocsLoad, document_id, load_documents
from brain.ingest.documents._packed import (
    PackedDocuments,
    load_packed_documents,
    pack_documents,
)

__all__ = [
    "DocsLoad",
    "PackedDocuments",
    "chunk_text",
    "document_facts",
    "document_id",
    "load_documents",
    "load_packed_documents",
    "pack_documents",
    "read_document",
    "split_passages",
]
