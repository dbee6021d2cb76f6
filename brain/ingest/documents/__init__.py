"""Documents as facts: files read to text and cut into passages, and loading folders of them."""

from __future__ import annotations

from brain.ingest.documents._documents import chunk_text, document_facts
from brain.ingest.documents._files import read_document, split_passages
from brain.ingest.documents._load import DocsLoad, document_id, load_documents

__all__ = [
    "DocsLoad",
    "chunk_text",
    "document_facts",
    "document_id",
    "load_documents",
    "read_document",
    "split_passages",
]
