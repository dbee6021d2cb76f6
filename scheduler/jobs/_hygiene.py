"""The weekly hygiene report: what makes this brain slower or noisier than it needs to be.

Closed facts past the archive window, daily readings past the roll-up window, things
nothing links to, cold things (no tool has answered with them since reads were first
stamped: ``TenantGraph.stamp_reads``), things linked to far more than anything else,
facts the gate refused since the last report, and the graph's size against the tenant's
budget (``size_budget_mb``), with the top items to clean and the command for each.
"""

from __future__ import annotations

from brain import tenant_stats
from brain.upkeep import cutoff_ms
from scheduler.jobs._archive import DEFAULT_WINDOW_DAYS as ARCHIVE_DAYS
from scheduler.jobs._archive import WINDOW_SETTING as ARCHIVE_SETTING
from scheduler.jobs._cites import Sources, cite, number, section
from scheduler.jobs._registry import JobContext, JobOutcome, Post, int_setting, job
from scheduler.jobs._rollup import DEFAULT_WINDOW_DAYS as ROLLUP_DAYS
from scheduler.jobs._rollup import WINDOW_SETTING as ROLLUP_SETTING

BUDGET_SETTING = "size_budget_mb"
DEFAULT_BUDGET_MB = 256
#: A thing with more current links than this is "over-linked" (a hub worth a look).
OVER_LINKED = 200
LIMIT = 5

COUNT_OLD_CLOSED = """
MATCH ()-[e]->()
WHERE e.until IS NOT NULL AND e.until < $cutoff
RETURN count(e)
"""

COUNT_OLD_DAILY = """
MATCH (o:Observation)
WHERE o.rollupRun IS NULL AND o.end IS NOT NULL AND o.end <= $cutoff
  AND o.end - o.start <= $day + 3600000
RETURN count(o)
"""

READ_UNLINKED = """
MATCH (n:Searchable)
WHERE NOT (n)--()
RETURN n.id, n.name, n.type
ORDER BY n.id
LIMIT $limit
"""

COUNT_UNLINKED = """
MATCH (n:Searchable)
WHERE NOT (n)--()
RETURN count(n)
"""

READ_HUBS = """
MATCH (n:Searchable)-[e]-()
WHERE e.until IS NULL
WITH n, count(e) AS links
WHERE links > $over
RETURN n.id, n.name, n.type, links
ORDER BY links DESC
LIMIT $limit
"""

#: Business records (the assistant's own turns, findings and cards are never "cold").
READ_RECORD_IDS = """
MATCH (n:Searchable)
WHERE NOT n.type IN ['Turn', 'Finding', 'Card']
RETURN n.id, n.name, n.type, n.recordedAt
ORDER BY n.recordedAt
LIMIT $limit
"""
MAX_RECORDS = 200_000

COUNT_REFUSED_SINCE = """
MATCH (r:Refusal)
WHERE r.at >= $since
RETURN count(r)
"""


@job(
    "hygiene",
    purpose="closed facts, old readings, unlinked and over-linked things, refusals, size",
    schedule="0 7 * * mon",
    period="week",
    channel="digest_channel",
)
async def hygiene(ctx: JobContext) -> JobOutcome:
    """Count what needs cleaning and list the top items."""
    g, t, s = ctx.graph, ctx.t, ctx.settings
    archive_days = int_setting(s, ARCHIVE_SETTING, ARCHIVE_DAYS)
    rollup_days = int_setting(s, ROLLUP_SETTING, ROLLUP_DAYS)
    budget = int_setting(s, BUDGET_SETTING, DEFAULT_BUDGET_MB)
    closed = int(
        (
            await g.read(
                "old closed facts",
                COUNT_OLD_CLOSED,
                {"cutoff": cutoff_ms(t, window_days=archive_days, tz=ctx.tz)},
            )
        ).scalar(0)
    )
    daily = int(
        (
            await g.read(
                "old daily readings",
                COUNT_OLD_DAILY,
                {"cutoff": cutoff_ms(t, window_days=rollup_days, tz=ctx.tz), "day": 86_400_000},
            )
        ).scalar(0)
    )
    unlinked_n = int((await g.read("unlinked count", COUNT_UNLINKED)).scalar(0))
    unlinked = (await g.read("unlinked", READ_UNLINKED, {"limit": LIMIT})).rows
    hubs = (await g.read("hubs", READ_HUBS, {"over": OVER_LINKED, "limit": LIMIT})).rows
    since = ctx.last_ok_ms or 0
    refused = int((await g.read("refused since", COUNT_REFUSED_SINCE, {"since": since})).scalar(0))
    stamps = await g.read_stamps()
    records = (await g.read("record ids", READ_RECORD_IDS, {"limit": MAX_RECORDS})).rows
    cold = [r for r in records if r[0] not in stamps]
    stats = await tenant_stats(g)
    size = await g.memory_usage_mb()
    src = Sources()
    lines = [
        f"Size: {number(size or 0)} MB of a {budget:,} MB budget"
        + (" (over budget)" if size is not None and size > budget else "")
        + f"; {stats.nodes:,} things, {stats.open_edges:,} current relationships.",
        f"Closed facts older than {archive_days} days: {closed:,}"
        + (f" (`hivebrain jobs run {g.slug} archive` moves them)" if closed else ""),
        f"Daily readings older than {rollup_days} days: {daily:,}"
        + (f" (`hivebrain jobs run {g.slug} rollup` rolls them up)" if daily else ""),
        f"Facts refused since the last report: {refused:,}"
        + (f" (`hivebrain tenant refusals {g.slug}` lists them)" if refused else ""),
        f"Things nothing links to: {unlinked_n:,}",
        f"Cold things (no tool has read them): {len(cold):,} of {len(records):,}",
    ]
    lines += section(
        "Cold, oldest first",
        [f"{n or i} ({k}) {src.ref(cite(i, n))}" for i, n, k, _ in cold[:LIMIT]],
        more=max(0, len(cold) - LIMIT),
    )
    lines += section(
        "Not linked to anything",
        [f"{n or i} ({k}) {src.ref(cite(i, n))}" for i, n, k in unlinked],
        more=max(0, unlinked_n - len(unlinked)),
    )
    lines += section(
        f"Over-linked (more than {OVER_LINKED} current links)",
        [f"{n or i} ({k}): {links:,} links {src.ref(cite(i, n))}" for i, n, k, links in hubs],
    )
    figures = {
        "size_mb": size,
        "budget_mb": budget,
        "old_closed_facts": closed,
        "old_daily_readings": daily,
        "refused_since_last": refused,
        "unlinked": unlinked_n,
        "cold": len(cold),
        "over_linked": len(hubs),
    }
    post = Post("digest_channel", "Brain hygiene", tuple(lines), src.cites())
    summary = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in figures.items())
    return JobOutcome([post], summary, figures)
