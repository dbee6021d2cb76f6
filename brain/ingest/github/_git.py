"""A local git repository as commit records: ``git log`` read into the export's shape.

So a team can load a checkout without an export or a token: the same records (sha,
author, dates, subject, body, co-authors, the pull request it landed with, issues it
closes, files with line counts) go through the same loader. A commit on the first-parent
line lands when it was committed there; a commit a merge brought in lands with that
merge, and takes the merge's pull request (``Merge pull request #N``) as its own. A
squashed commit names its pull request in its subject (``... (#N)``).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest.github._history import (
    CommitRecord,
    _validated,  # pyright: ignore[reportPrivateUsage]
    add_signatures,
    load_records,
)
from brain.ingest.github._people import PeopleIndex

#: Longest ``git log`` waited for (seconds).
GIT_TIMEOUT_S = 300.0
_RS, _US = "\x1e", "\x1f"
_FORMAT = f"{_RS}%H{_US}%P{_US}%an{_US}%ae{_US}%aI{_US}%cI{_US}%s{_US}%b{_US}"
_MERGE_PR = re.compile(r"^Merge pull request #(\d+)")
_SQUASH_PR = re.compile(r"\(#(\d+)\)\s*$")
_CLOSES = re.compile(r"\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d+)", re.IGNORECASE)
_CO_AUTHOR = re.compile(r"^co-authored-by:\s*(.+?)\s*<([^>]+)>\s*$", re.IGNORECASE | re.M)
_REMOTE = re.compile(r"[:/]([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


async def _git(repo: Path, *args: str) -> str:
    try:
        proc = await asyncio.create_subprocess_exec(
            "git", "-C", str(repo), *args,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
    except OSError as exc:
        raise InputInvalid(f"git could not be run ({exc}): install git to load {repo}") from exc
    try:
        out, err = await asyncio.wait_for(proc.communicate(), GIT_TIMEOUT_S)
    except TimeoutError:
        proc.kill()
        raise InputInvalid(f"git log of {repo} took over {GIT_TIMEOUT_S:.0f} s") from None
    if proc.returncode != 0:
        first = err.decode(errors="replace").strip().splitlines()[:1]
        raise InputInvalid(
            f"{repo} is not a git repository ({first[0] if first else 'git failed'})"
        )
    return out.decode(errors="replace")


async def load_git_repository(
    graph: TenantGraph,
    repo: Path,
    *,
    limit: int | None = None,
    component_depth: int = 2,
    progress: Callable[[int], None] | None = None,
) -> WriteReport:
    """Load a local checkout's history: ``git log`` read whole first, then loaded."""
    records = await read_git_log(repo, limit=limit)
    people = PeopleIndex()
    for rec in records:
        add_signatures(people, rec)
    return await load_records(
        graph, iter(list(enumerate(records, 1))), people=people,
        component_depth=component_depth, progress=progress,
    )  # fmt: skip


def is_git_repository(path: Path) -> bool:
    """Whether ``path`` is a checkout (its own ``.git``), not a file of records."""
    return path.is_dir() and (path / ".git").exists()


async def repo_name(repo: Path) -> str:
    """``owner/name`` from the ``origin`` remote, else ``local/<folder>``."""
    try:
        url = (await _git(repo, "remote", "get-url", "origin")).strip()
    except InputInvalid:
        url = ""
    found = _REMOTE.search(url)
    if found:
        return f"{found[1]}/{found[2]}"
    return f"local/{re.sub(r'[^A-Za-z0-9_.-]', '-', _folder(repo)) or 'repo'}"


def _folder(repo: Path) -> str:
    return os.path.basename(os.path.normpath(os.path.abspath(repo)))


async def read_git_log(repo: Path, *, limit: int | None = None) -> list[CommitRecord]:
    """Every commit reachable from HEAD as a record, oldest first (``limit``: the newest N)."""
    name = await repo_name(repo)
    args = ["log", "--no-color", "--numstat", "--no-renames", f"--format={_FORMAT}"]
    if limit is not None:
        args.append(f"-n{limit}")
    raw = await _git(repo, *args, "HEAD")
    first_parent = set((await _git(repo, "rev-list", "--first-parent", "HEAD")).split())
    commits = [_parse(chunk) for chunk in raw.split(_RS) if chunk.strip()]
    by_sha = {c["sha"]: c for c in commits}
    _land(commits, by_sha, first_parent)
    records: list[CommitRecord] = []
    for number, c in enumerate(reversed(commits), 1):
        c["repo"] = name
        records.append(_validated(c, f"{repo} commit {c['sha'][:12]} (#{number})"))
    return records


def _parse(chunk: str) -> dict[str, Any]:
    head, _, stats = chunk.rpartition(_US)
    sha, parents, an, ae, ad, cd, subject, body = head.split(_US)[:8]
    files: list[dict[str, Any]] = []
    for line in stats.strip().splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            added, deleted, path = parts
            files.append({
                "path": path,
                "added": int(added) if added.isdigit() else None,
                "deleted": int(deleted) if deleted.isdigit() else None,
            })  # fmt: skip
    co = [{"name": n, "email": e} for n, e in _CO_AUTHOR.findall(body)]
    merge = _MERGE_PR.match(subject)
    squash = _SQUASH_PR.search(subject)
    pr = int(merge[1]) if merge else int(squash[1]) if squash else None
    parent_list = parents.split()
    return {
        "sha": sha,
        "parents": parent_list,
        "author": {"name": an, "email": ae},
        "author_date": ad,
        "committer_date": cd,
        "landed_date": cd,
        "subject": subject,
        "body": body.strip(),
        "co_authors": co,
        "pr": pr,
        "pr_source": "merge" if merge else "squash" if squash else None,
        "pr_title": body.strip().splitlines()[0] if merge and body.strip() else None,
        "closes": sorted({int(n) for n in _CLOSES.findall(f"{subject}\n{body}")}),
        "is_merge": len(parent_list) > 1,
        "files": files,
    }


def _land(
    commits: list[dict[str, Any]], by_sha: dict[str, dict[str, Any]], first_parent: set[str]
) -> None:
    """Give each commit a merge brought in that merge's landing date and pull request."""
    for merge in commits:
        if merge["sha"] not in first_parent or len(merge["parents"]) < 2:
            continue
        stack, seen = list(merge["parents"][1:]), set[str]()
        while stack:
            sha = stack.pop()
            if sha in seen or sha in first_parent or sha not in by_sha:
                continue
            seen.add(sha)
            brought = by_sha[sha]
            brought["landed_date"] = merge["landed_date"]
            if merge["pr"] is not None and brought["pr"] is None:
                brought["pr"], brought["pr_source"] = merge["pr"], "via_merge"
            stack.extend(brought["parents"])
