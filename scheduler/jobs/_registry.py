"""Scheduled jobs: what the brain posts to channels without being asked.

Each job reads one tenant's graph and returns platform-neutral ``Post``s; the service
hands them to a poster the bots supply, so this package never imports a platform SDK.
Jobs are registered in ``JOBS`` with a plain decorator and a default schedule.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from brain import TenantGraph, format_moment, now_ms, tenant_stats

DAY_MS = 86_400_000


@dataclass(frozen=True, slots=True)
class Post:
    """One message for a channel setting of the tenant (``digest_channel``...)."""

    channel_setting: str
    text: str


JobFn = Callable[[TenantGraph, int], Awaitable[list[Post]]]


@dataclass(frozen=True, slots=True)
class Job:
    """A registered job and its default cron schedule (APScheduler cron fields)."""

    name: str
    fn: JobFn
    cron: dict[str, Any]
    purpose: str


JOBS: dict[str, Job] = {}


def job(name: str, *, purpose: str, **cron: Any) -> Callable[[JobFn], JobFn]:
    """Register a job under ``name`` with its default schedule."""

    def register(fn: JobFn) -> JobFn:
        JOBS[name] = Job(name=name, fn=fn, cron=cron, purpose=purpose)
        return fn

    return register


READ_WEEK_CHANGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE NOT a.type IN ['Turn', 'Finding', 'Card', 'Version', 'Observation', 'Chunk']
  AND ((e.since >= $from AND e.since < $t) OR (e.until >= $from AND e.until < $t))
RETURN type(e), a.name, b.name, e.since, e.until
ORDER BY coalesce(e.until, e.since) DESC
LIMIT $limit
"""


@job("weekly_rollup", purpose="what changed in the brain this week", day_of_week="mon", hour=9)
async def weekly_rollup(graph: TenantGraph, t: int) -> list[Post]:
    """Relationships opened and closed in the last 7 days, and the brain's size."""
    res = await graph.ro_query(
        "week changes", READ_WEEK_CHANGES, {"from": t - 7 * DAY_MS, "t": t, "limit": 15}
    )
    stats = await tenant_stats(graph)
    lines = [
        f"*Weekly roll-up* (week to {(format_moment(t) or '')[:10]}): {stats.nodes:,} things, "
        f"{stats.open_edges:,} current relationships."
    ]
    for rel, a, b, _since, until in res.rows:
        verb = "ended" if until is not None and until < t else "started"
        lines.append(f"• {a} {rel.lower().replace('_', ' ')} {b}: {verb}")
    if len(lines) == 1:
        lines.append("Nothing changed this week.")
    return [Post("digest_channel", "\n".join(lines))]


READ_NEW_MEETINGS = """
MATCH (m:Meeting)
WHERE m.recordedAt >= $from AND m.recordedAt < $t
OPTIONAL MATCH (d:Decision)-[:DECIDED_IN]->(m)
OPTIONAL MATCH (p:Person)-[:ATTENDED]->(m)
RETURN m.name, collect(DISTINCT d.name), count(DISTINCT p)
ORDER BY m.name
LIMIT $limit
"""


@job("minutes_digest", purpose="meetings added today, with their decisions", hour=18)
async def minutes_digest(graph: TenantGraph, t: int) -> list[Post]:
    """Meetings recorded in the last day, each with its decisions."""
    res = await graph.ro_query(
        "new meetings", READ_NEW_MEETINGS, {"from": t - DAY_MS, "t": t, "limit": 20}
    )
    if not res.rows:
        return []
    lines = ["*Meeting minutes*"]
    for name, decisions, people in res.rows:
        lines.append(f"• {name} ({people} people)")
        lines += [f"    decided: {d}" for d in decisions if d]
    return [Post("digest_channel", "\n".join(lines))]


READ_UNTRIAGED = """
MATCH (i:Issue)
WHERE NOT (i)-[:LABELED]->(:Label) AND coalesce(i.state, 'open') = 'open'
RETURN i.id, i.name
ORDER BY i.id
LIMIT $limit
"""


@job("repo_triage", purpose="open issues without labels, with a suggested area", minute=15)
async def repo_triage(graph: TenantGraph, t: int) -> list[Post]:
    """Unlabelled open issues; the area is suggested by the closest component by name."""
    res = await graph.ro_query("untriaged issues", READ_UNTRIAGED, {"limit": 10})
    if not res.rows:
        return []
    from brain.reads import search

    lines = ["*Issues waiting for triage* (suggestions only; approve a card to label)"]
    for issue_id, title in res.rows:
        hits = (
            await search(graph, title or issue_id, as_of_ms=t, limit=1, types=["Component"])
        ).data["hits"]
        area = f" → area `{hits[0]['name']}`" if hits else ""
        lines.append(f"• {title} ({issue_id}){area}")
    return [Post("triage_channel", "\n".join(lines))]


@job("hygiene", purpose="refused facts and closed history, per tenant", hour=7)
async def hygiene(graph: TenantGraph, t: int) -> list[Post]:
    """A short report of what the gate refused and how much history is closed."""
    stats = await tenant_stats(graph)
    if stats.refusals == 0:
        return []
    closed = stats.edges - stats.open_edges
    return [
        Post(
            "digest_channel",
            f"*Brain hygiene*: {stats.refusals:,} facts refused so far "
            f"(`hivebrain tenant refusals {graph.slug}` lists them); {closed:,} closed "
            f"relationships kept as history.",
        )
    ]


async def run_job(name: str, graph: TenantGraph, *, t: int | None = None) -> list[Post]:
    """Run one job on one tenant now."""
    return await JOBS[name].fn(graph, now_ms() if t is None else t)
