"""The weekly hygiene report: what makes this brain slower or noisier than it needs to be.

Closed facts past the archive window, daily readings past the roll-up window, things
nothing links to, cold things (no tool has answered with them since reads were first
stamped: ``TenantGraph.stamp_reads``), things linked to far more than anything else,
facts the gate refused since the last report, and the graph's size against the tenant's
budget (``size_budget_mb``), with the top items to clean and the command for each.
"""

from __future__ import annotations

from brain import tenant_stats
from brain.upkeep import Thing, cutoff_ms, hygiene_counts
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


def _thing(x: Thing, src: Sources) -> str:
    return f"{x.name or x.id} ({x.type}) {src.ref(cite(x.id, x.name))}"


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
    found = await hygiene_counts(
        g,
        archive_cutoff_ms=cutoff_ms(t, window_days=archive_days, tz=ctx.tz),
        rollup_cutoff_ms=cutoff_ms(t, window_days=rollup_days, tz=ctx.tz),
        refused_since_ms=ctx.last_ok_ms or 0,
        over_linked=OVER_LINKED,
        limit=LIMIT,
    )
    closed, daily, refused = found.old_closed, found.old_daily, found.refused
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
        f"Things nothing links to: {found.unlinked:,}",
        f"Cold things (no tool has read them): {found.cold:,} of {found.records:,}",
    ]
    lines += section(
        "Cold, oldest first",
        [_thing(x, src) for x in found.cold_first],
        more=max(0, found.cold - len(found.cold_first)),
    )
    lines += section(
        "Not linked to anything",
        [_thing(x, src) for x in found.unlinked_first],
        more=max(0, found.unlinked - len(found.unlinked_first)),
    )
    lines += section(
        f"Over-linked (more than {OVER_LINKED} current links)",
        [
            f"{h.thing.name or h.thing.id} ({h.thing.type}): {h.links:,} links "
            f"{src.ref(cite(h.thing.id, h.thing.name))}"
            for h in found.hubs
        ],
    )
    figures = {
        "size_mb": size,
        "budget_mb": budget,
        "old_closed_facts": closed,
        "old_daily_readings": daily,
        "refused_since_last": refused,
        "unlinked": found.unlinked,
        "cold": found.cold,
        "over_linked": len(found.hubs),
    }
    post = Post("digest_channel", "Brain hygiene", tuple(lines), src.cites())
    summary = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in figures.items())
    return JobOutcome([post], summary, figures)
