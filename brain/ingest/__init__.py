"""Parsers that turn a source into facts (facts files, documents, meetings, GitHub), and export."""

from __future__ import annotations

from brain.ingest._connected import ITEM_KINDS, ConnectedItems, ItemKind, connected_facts
from brain.ingest._connected_cursor import (
    account_fact,
    account_node_id,
    account_src,
    read_cursors,
    save_cursor,
)
from brain.ingest._doc_files import read_document, split_passages
from brain.ingest._doc_load import DocsLoad, load_documents
from brain.ingest._documents import (
    chunk_text,
    document_facts,
    meeting_facts,
    parse_upload,
    read_upload_transcript,
    upload_facts,
    upload_transcript,
)
from brain.ingest._due_dates import due_date
from brain.ingest._extract import (
    MIN_CONFIDENCE,
    Candidate,
    Extraction,
    check_candidates,
    rules_candidates,
)
from brain.ingest._facts import export_facts, parse_facts_file, parse_lines, read_facts
from brain.ingest._github import count_commits, load_github
from brain.ingest._github_api import GitHubSource, is_repo_name, load_github_repo
from brain.ingest._github_git import is_git_repository, load_git_repository, read_git_log
from brain.ingest._meeting_formats import Transcript, Turn, parse_transcript, transcript_from_json
from brain.ingest._meeting_load import MeetingLoad, Proposer, load_meeting, read_transcript
from brain.ingest._meetings import line_chunk_id, meeting_id
from brain.ingest._slugs import slugify
from brain.ingest._text_files import read_text_file
from brain.ingest._thread_decisions import (
    Thread,
    ThreadCandidate,
    ThreadExtraction,
    ThreadProposer,
    extract_thread_decisions,
    read_threads,
)

__all__ = [
    "ITEM_KINDS",
    "ConnectedItems",
    "ItemKind",
    "account_fact",
    "account_node_id",
    "account_src",
    "connected_facts",
    "read_cursors",
    "save_cursor",
    "Thread",
    "ThreadCandidate",
    "ThreadExtraction",
    "ThreadProposer",
    "extract_thread_decisions",
    "read_threads",
    "GitHubSource",
    "is_repo_name",
    "load_github_repo",
    "MIN_CONFIDENCE",
    "Candidate",
    "DocsLoad",
    "Extraction",
    "MeetingLoad",
    "Proposer",
    "Transcript",
    "Turn",
    "check_candidates",
    "chunk_text",
    "due_date",
    "line_chunk_id",
    "load_documents",
    "load_meeting",
    "meeting_id",
    "parse_transcript",
    "read_document",
    "read_transcript",
    "read_upload_transcript",
    "upload_transcript",
    "rules_candidates",
    "transcript_from_json",
    "count_commits",
    "document_facts",
    "export_facts",
    "is_git_repository",
    "load_git_repository",
    "load_github",
    "meeting_facts",
    "parse_facts_file",
    "parse_lines",
    "parse_upload",
    "read_facts",
    "read_git_log",
    "read_text_file",
    "slugify",
    "split_passages",
    "upload_facts",
]
