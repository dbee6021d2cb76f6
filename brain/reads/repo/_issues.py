"""Open issues waiting for a look: a repository's newest, or those no triage run has marked.

Triage finds new issues three ways (a webhook, a poll, the scheduled job); the poll reads a
repository's open issues newest first, the job those opened lately that carry no run mark
of its per-issue record (``JobMark`` keyed ``owner/name#n``, see ``brain.upkeep.mark_once``).
Both read an issue the same way: its title (or name) and its body (or text), as the GitHub
ingest and a facts file may each have written them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brain._tenant_graph import TenantGraph


@dataclass(frozen=True, slots=True)
class IssueRecord:
    """An issue as triage reads it."""

    id: str
    name: str
    title: str
    body: str
    repo: str
    number: int
    url: str | None = None


def _issue(row: list[Any]) -> IssueRecord:
    iid, name, title, body, repo, number, url = row
    return IssueRecord(str(iid), str(name), str(title), str(body), str(repo), int(number), url)


_ISSUE_FIELDS = """
RETURN i.id, i.name, coalesce(i.title, i.name), coalesce(i.body, i.text, ''), i.repo, i.number,
       i.url
"""

READ_OPEN_ISSUES = (
    """
MATCH (i:Issue)
WHERE i.repo = $repo AND coalesce(i.state, 'open') = 'open' AND i.number IS NOT NULL
"""
    + _ISSUE_FIELDS
    + """
ORDER BY i.number DESC
LIMIT $limit
"""
)


async def open_issues(graph: TenantGraph, repo: str, *, limit: int) -> list[IssueRecord]:
    """The open issues of ``repo`` (``owner/name``), highest number first."""
    res = await graph.read("open issues", READ_OPEN_ISSUES, {"repo": repo, "limit": limit})
    return [_issue(r) for r in res.rows]


READ_UNMARKED_ISSUES = (
    """
MATCH (i:Issue)
WHERE coalesce(i.state, 'open') = 'open'
  AND coalesce(i.createdAt, i.firstAsOf, i.asOf) >= $from
  AND i.repo IS NOT NULL AND i.number IS NOT NULL
OPTIONAL MATCH (k:JobMark {job: $job, key: i.repo + '#' + toString(i.number)})
WITH i, k
WHERE k IS NULL
"""
    + _ISSUE_FIELDS
    + """
ORDER BY coalesce(i.createdAt, i.firstAsOf, i.asOf)
LIMIT $limit
"""
)


async def unmarked_issues(
    graph: TenantGraph, *, job: str, since_ms: int, limit: int
) -> list[IssueRecord]:
    """Open issues opened since ``since_ms`` that ``job``'s per-issue record has not marked,
    oldest first."""
    params = {"job": job, "from": since_ms, "limit": limit}
    res = await graph.read("unmarked issues", READ_UNMARKED_ISSUES, params)
    return [_issue(r) for r in res.rows]
