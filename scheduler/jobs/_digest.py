"""The weekly business digest: what changed in the business's records this week.

New decisions, owner changes, the metrics that moved most against the week before,
incidents opened and closed, and cards still waiting for an approver, each item cited.
"Since" is the start of this run's week (seven days before the run), so a late or
repeated run still reports the same week; the period stamp makes it post once. Facts no
source confirmed within the tenant's ``freshness`` windows close it, each with "still
true" / "no longer true" buttons (``scheduler.jobs._freshness``), then a line of what the
week's answers cost.

A digest channel with a scope (``settings scope``) gets only what it may read: each item
is kept when its record (an owner change: its fact) is readable there
(``agents.ScopedReads``), and the cards listed are those proposed in that channel.
"""

from __future__ import annotations

from typing import Any

from agents import ScopedReads, list_cards, posts_scope
from brain import InputInvalid, format_moment, parse_moment
from brain.reads import turn_costs
from brain.upkeep import (
    MetricWeek,
    decisions_recorded,
    incidents_touched,
    metric_weeks,
    owner_changes,
)
from scheduler.jobs._cites import Sources, cite, number, section
from scheduler.jobs._freshness import freshness_section
from scheduler.jobs._registry import DAY_MS, Cite, JobContext, JobOutcome, Post, day_label, job

LIMIT = 50

CLOSED = ("resolved", "closed", "done")


def _moment(value: Any) -> int | None:
    try:
        return parse_moment(value, field="date") if value is not None else None
    except InputInvalid:
        return None


def _metric_moves(rows: list[MetricWeek]) -> list[tuple[float, str, Cite]]:
    weeks: dict[str, dict[Any, Any]] = {}
    for r in rows:
        entry = weeks.setdefault(
            r.metric_id, {"name": r.name, "unit": r.unit or "", "agg": r.aggregation}
        )
        entry[r.this_week] = r.total if r.aggregation == "sum" else r.total / r.readings
    moves: list[tuple[float, str, Cite]] = []
    for mid, w in weeks.items():
        now, before = w.get(True), w.get(False)
        if now is None or not before:
            continue
        pct = (now - before) / abs(before) * 100
        line = (
            f"{w['name']}: {number(now)} {w['unit']} this week against {number(before)} "
            f"the week before ({pct:+.1f}%)"
        )
        moves.append((abs(pct), line.replace("  ", " "), cite(mid, w["name"])))
    return sorted(moves, key=lambda m: -m[0])


@job(
    "business_digest",
    purpose="what changed this week: decisions, owners, metrics, incidents, cards waiting, "
    "facts to confirm",
    schedule="0 9 * * mon",
    period="week",
    channel="digest_channel",
)
async def business_digest(ctx: JobContext) -> JobOutcome:
    """The week's changes, each line citing the record it is about."""
    g, t = ctx.graph, ctx.t
    week = {"from_ms": t - 7 * DAY_MS, "to_ms": t, "limit": LIMIT}
    lines: list[str] = []
    src = Sources()
    scope = posts_scope(ctx.settings, "digest_channel")
    reads = ScopedReads(g, scope) if scope is not None else None

    async def readable(ids: set[str]) -> set[str]:
        return ids if reads is None else await reads.readable(ids)

    decisions = await decisions_recorded(g, **week)
    shown = await readable({d.id for d in decisions})
    decisions = [d for d in decisions if d.id in shown]
    lines += section(
        "New decisions", [f"{d.name} {src.ref(cite(d.id, d.name, d.src))}" for d in decisions]
    )

    owners = await owner_changes(g, **week)
    if reads is not None:
        owners = [
            o for o in owners if await reads.fact_readable(o.owner_id, o.thing_id, o.src or "")
        ]
    items: list[str] = []
    for o in owners:
        closed = o.until is not None and o.until < t
        verb = "no longer owns" if closed else "now owns"
        when = (format_moment(o.until if closed else o.since) or "")[:10]
        where = src.ref(cite(o.thing_id, o.thing_name, o.src))
        items.append(f"{o.owner_name} {verb} {o.thing_name} (from {when}) {where}")
    lines += section("Owner changes", items)

    weeks = await metric_weeks(g, prev_ms=t - 14 * DAY_MS, **week)
    shown = await readable({r.metric_id for r in weeks})
    moves = _metric_moves([r for r in weeks if r.metric_id in shown])
    items = []
    for _, line, c in moves[:5]:
        items.append(f"{line} {src.ref(c)}")
    lines += section("Metrics that moved most", items)

    incidents = 0
    items = []
    touched = await incidents_touched(g, **week)
    shown = await readable({i.id for i in touched})
    for i in (i for i in touched if i.id in shown):
        start, changed = _moment(i.opened), _moment(i.changed)
        status = str(i.status).lower()
        if start is not None and week["from_ms"] <= start < t:
            what = "opened" + (f", now {i.status}" if status in CLOSED else "")
        elif status in CLOSED and changed is not None and week["from_ms"] <= changed:
            what = str(i.status)
        else:
            continue
        incidents += 1
        items.append(f"{i.name}: {what} {src.ref(cite(i.id, i.name, i.src))}")
    lines += section("Incidents", items)

    # the card list's own read, oldest first: the ones waiting longest lead
    cards = await list_cards(g, status="pending", now_ms=t, limit=LIMIT)
    if scope is not None:  # a scoped channel's digest lists the cards proposed there
        cards = [c for c in cards if c.origin in scope.channels]
    cards.sort(key=lambda c: (c.created_at, c.id))
    items = [f"{c.title} (card {c.id}) {src.ref(cite(c.id, c.title))}" for c in cards]
    lines += section("Cards waiting for an approver", items)

    fresh, checks, stale = await freshness_section(ctx, src, reads)
    cost = await turn_costs(g, from_ms=week["from_ms"], to_ms=t)
    if not lines:
        lines = ["Nothing new in the records this week."]
    if cost.turns:
        lines.append(
            f"Answers this week: {cost.turns} turns, {cost.per_turn(cost.tokens):,.0f} tokens, "
            f"{cost.per_turn(cost.model_ms):,.0f} ms of model time and "
            f"{cost.per_turn(cost.tool_ms):,.0f} ms of tool time per turn."
        )
    lines += fresh  # last: its facts are drawn with their buttons under the post
    title = f"Weekly digest, week to {day_label(t)}"
    notes = (f"Only {scope.described}: this channel's scope.",) if scope is not None else ()
    post = Post("digest_channel", title, tuple(lines), src.cites(), notes, checks=checks)
    counts = {
        "decisions": len(decisions),
        "owner_changes": len(owners),
        "metrics_moved": len(moves),
        "incidents": incidents,
        "cards_waiting": len(cards),
        "facts_to_confirm": stale,
        "turns": cost.turns,
    }
    summary = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items())
    return JobOutcome([post], summary, counts)
