"""Small commit histories for tests, in the export format of the real data (the slices in
``tests/data/github`` are cut from it; its README says how).

Each repo-brain test writes the history of a business of its own making; they share how
a record is spelled and how a history file is loaded (the same loader as the real data).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from brain import TenantGraph
from brain.ingest.github import load_github


def commit_record(
    repo: str,
    n: int,
    day: str,
    author: dict[str, str],
    subject: str,
    files: list[str],
    *,
    pr: int | None = None,
    closes: list[int] | None = None,
    co: list[dict[str, str]] | None = None,
    bot: bool = False,
    body: str = "",
) -> dict[str, Any]:
    """Commit ``n`` of ``repo``, written at 10:00 and landed at 12:00 on ``day`` (UTC);
    with ``pr``, squash-merged as that pull request under the same title."""
    return {
        "repo": repo,
        "sha": f"{n:012x}{0:028x}",  # ids keep the first 12 digits: unique per n
        "author": author,
        "author_date": f"{day}T10:00:00+00:00",
        "landed_date": f"{day}T12:00:00+00:00",
        "subject": subject,
        "body": body,
        "co_authors": co or [],
        "pr": pr,
        "pr_source": "squash" if pr else None,
        "pr_title": subject if pr else None,
        "closes": closes or [],
        "is_bot": bot,
        "files": [{"path": p, "added": 3, "deleted": 1} for p in files],
    }


async def load_history(graph: TenantGraph, path: Path, records: list[dict[str, Any]]) -> None:
    """Write ``records`` to ``path`` as JSON Lines and load them; none may be refused."""
    await asyncio.to_thread(path.write_text, "\n".join(json.dumps(r) for r in records) + "\n")
    report = await load_github(graph, path)
    assert report.refused == 0, report.refusals
