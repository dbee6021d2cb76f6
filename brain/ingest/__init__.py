"""Parsers that turn a source into facts (facts files, documents, meetings, GitHub), and export."""

from __future__ import annotations

from brain.ingest._documents import (
    chunk_text,
    document_facts,
    meeting_facts,
    parse_upload,
    slugify,
    upload_facts,
)
from brain.ingest._facts import export_facts, parse_facts_file, parse_lines, read_facts
from brain.ingest._github import count_commits, load_github
from brain.ingest._text_files import read_text_file

__all__ = [
    "chunk_text",
    "count_commits",
    "document_facts",
    "export_facts",
    "load_github",
    "meeting_facts",
    "parse_facts_file",
    "parse_lines",
    "parse_upload",
    "read_facts",
    "read_text_file",
    "slugify",
    "upload_facts",
]
