"""Parsers that turn a source into facts, and export.

Facts files and uploads live here; each family of sources is a sub-package with its own
face: ``github`` (commit history, the REST API, thread decisions), ``meetings``
(transcripts, speakers, decisions and action items), ``documents`` (files and folders of
them) and ``connected`` (items from tools connected through Composio).
"""

from __future__ import annotations

from brain.ingest._facts import export_facts, parse_facts_file, parse_lines, read_facts
from brain.ingest._slugs import slugify
from brain.ingest._text_files import read_text_file
from brain.ingest._uploads import (
    THREAD_PARSE_AT,
    parse_upload,
    read_upload_transcript,
    upload_facts,
    upload_transcript,
)
from brain.ingest.connected import (
    ITEM_KINDS,
    ConnectedItems,
    ItemKind,
    account_fact,
    account_node_id,
    account_src,
    connected_facts,
    read_cursors,
    save_cursor,
)
from brain.ingest.documents import (
    DocsLoad,
    chunk_text,
    document_facts,
    load_documents,
    read_document,
    split_passages,
)
from brain.ingest.github import (
    GitHubSource,
    Thread,
    ThreadCandidate,
    ThreadExtraction,
    ThreadProposer,
    count_commits,
    extract_thread_decisions,
    is_git_repository,
    is_repo_name,
    load_git_repository,
    load_github,
    load_github_repo,
    read_git_log,
    read_threads,
)
from brain.ingest.meetings import (
    MIN_CONFIDENCE,
    Candidate,
    Extraction,
    MeetingLoad,
    Proposer,
    Transcript,
    Turn,
    check_candidates,
    due_date,
    line_chunk_id,
    load_meeting,
    meeting_facts,
    meeting_id,
    parse_transcript,
    read_transcript,
    rules_candidates,
    transcript_from_json,
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
    "THREAD_PARSE_AT",
]
