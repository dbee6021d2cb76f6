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
from brain.ingest._github_api import GitHubSource, is_repo_name, load_github_repo
from brain.ingest._github_git import is_git_repository, load_git_repository, read_git_log
from brain.ingest._text_files import read_text_file

__all__ = [
    "GitHubSource",
    "is_repo_name",
    "load_github_repo",
    "chunk_text",
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
    "upload_facts",
]
