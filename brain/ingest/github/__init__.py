"""GitHub as facts: commit history (exports and local git), the REST API, decisions, people."""

from __future__ import annotations

from brain.ingest.github._api import GitHubSource, is_repo_name, load_github_repo
from brain.ingest.github._git import is_git_repository, load_git_repository, read_git_log
from brain.ingest.github._history import (
    FORKS,
    ROOT_COMPONENT,
    CommitRecord,
    Signature,
    add_signatures,
    component_of,
    count_commits,
    index_history,
    load_github,
    looks_like_bot,
    person_key,
    read_commits,
)
from brain.ingest.github._paths import file_kind, folder_kind
from brain.ingest.github._people import PeopleIndex
from brain.ingest.github._thread_decisions import (
    Thread,
    ThreadCandidate,
    ThreadExtraction,
    ThreadProposer,
    extract_thread_decisions,
    read_threads,
)

__all__ = [
    "FORKS",
    "ROOT_COMPONENT",
    "CommitRecord",
    "GitHubSource",
    "PeopleIndex",
    "Signature",
    "Thread",
    "ThreadCandidate",
    "ThreadExtraction",
    "ThreadProposer",
    "add_signatures",
    "component_of",
    "count_commits",
    "extract_thread_decisions",
    "file_kind",
    "folder_kind",
    "index_history",
    "is_git_repository",
    "is_repo_name",
    "load_git_repository",
    "load_github",
    "load_github_repo",
    "looks_like_bot",
    "person_key",
    "read_commits",
    "read_git_log",
    "read_threads",
]
