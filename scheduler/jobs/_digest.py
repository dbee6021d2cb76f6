"""The weekly business digest: what changed in the business's records this week.

New decisions, owner changes, the metrics that moved most against the week before,
incidents opened and closed, and cards still waiting for an approver, each item cited.
"Since" is the start of this run's week (seven days before the run), so a late or
repeated run still reports the same week; the period stamp makes it post once.
"""

from __future__ import annotations

from typing import Any

from brain import InputInvalid, format_moment, parse_moment
from scheduler.jobs._cites import Sources, cite, number, section
from scheduler.jobs._registry import DAY_MS, Cite, JobContext, JobOutcome, Post, day_label, job

LIMIT = 50

READ_NEW_DECISIONS = """
MATCH (d:Decision)
WHERE coalesce(d.firstAsOf, d.asOf) >= $from AND coalesce(d.firstAsOf, d.asOf) < $t
RETURN d.id, d.name, d.src, coalesce(d.firstAsOf, d.asOf) AS at
ORDER BY at DESC
LIMIT $limit
"""

READ_OWNER_CHANGES = """
MATCH (p:Entity)-[e:OWNS]->(x:Entity)
WHERE (e.since >= $from AND e.since < $t) OR (e.until >= $from AND e.until < $t)
RETURN p.id, p.name, x.id, x.name, e.since, e.until, e.src
ORDER BY coalesce(e.until, e.since) DESC
LIMIT $limit
"""

#: Per metric and week (this one: ``start >= $from``): readings and their sum.
READ_METRIC_WEEKS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric)
WHERE e.until IS NULL AND o.start >= $prev AND o.start < $t AND o.value IS NOT NULL
WITH m, o.start >= $from AS this, count(o) AS n, sum(o.value) AS total
RETURN m.id, m.name, m.unit, m.aggregation, this, n, total
LIMIT $limit
"""

#: Incidents recorded or changed this week; whether each opened or closed this week is
#: decided in Python, since ``startedAt`` may be stored as the text a source wrote.
READ_INCIDENTS = """
MATCH (i:Incident)
WHERE coalesce(i.updatedAt, i.asOf) >= $from AND coalesce(i.firstAsOf, i.asOf) < $t
RETURN i.id, i.name, i.src, i.status, coalesce(i.startedAt, i.firstAsOf, i.asOf),
       coalesce(i.resolvedAt, i.closedAt, i.updatedAt, i.asOf)
LIMIT $limit
"""
CLOSED = ("resolved", "closed", "done")


def _moment(value: Any) -> int | None:
    try:
        return parse_moment(value, field="date") if value is not None else None
    except InputInvalid:
        return None


READ_WAITING_CARDS = """
MATCH (c:Card {status: 'pending'})
WHERE coalesce(c.expiresAt, $t + 1) > $t
RETURN c.id, c.name, c.proposedAt
ORDER BY c.proposedAt
LIMIT $limit
"""


def _metric_moves(rows: list[list[Any]]) -> list[tuple[float, str, Cite]]:
    weeks: dict[str, dict[Any, Any]] = {}
    for mid, name, unit, agg, this, n, total in rows:
        entry = weeks.setdefault(mid, {"name": name, "unit": unit or "", "agg": agg})
        entry[bool(this)] = total if agg == "sum" else total / n
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
    purpose="what changed this week: decisions, owners, metrics, incidents, cards waiting",
    schedule="0 9 * * mon",
    period="week",
    channel="digest_channel",
)
async def business_digest(ctx: JobContext) -> JobOutcome:
    """The week's changes, each line citing the record it is about."""
    g, t = ctx.graph, ctx.t
    params = {"from": t - 7 * DAY_MS, "prev": t - 14 * DAY_MS, "t": t, "limit": LIMIT}
    lines: list[str] = []
    src = Sources()

    decisions = (await g.read("digest decisions", READ_NEW_DECISIONS, params)).rows
    lines += section("New decisions", [f"{n} {src.ref(cite(d, n, w))}" for d, n, w, _ in decisions])

    owners = (await g.read("digest owners", READ_OWNER_CHANGES, params)).rows
    items: list[str] = []
    for _, pname, xid, xname, since, until, where in owners:
        verb = "no longer owns" if until is not None and until < t else "now owns"
        when = (format_moment(until if verb == "no longer owns" else since) or "")[:10]
        items.append(f"{pname} {verb} {xname} (from {when}) {src.ref(cite(xid, xname, where))}")
    lines += section("Owner changes", items)

    moves = _metric_moves((await g.read("digest metrics", READ_METRIC_WEEKS, params)).rows)
    items = []
    for _, line, c in moves[:5]:
        items.append(f"{line} {src.ref(c)}")
    lines += section("Metrics that moved most", items)

    incidents = 0
    items = []
    for iid, name, where, status, opened, touched in (
        await g.read("digest incidents", READ_INCIDENTS, params)
    ).rows:
        start, changed = _moment(opened), _moment(touched)
        if start is not None and params["from"] <= start < t:
            what = "opened" + (f", now {status}" if str(status).lower() in CLOSED else "")
        elif str(status).lower() in CLOSED and changed is not None and params["from"] <= changed:
            what = str(status)
        else:
            continue
        incidents += 1
        items.append(f"{name}: {what} {src.ref(cite(iid, name, where))}")
    lines += section("Incidents", items)

    cards = (await g.read("digest cards", READ_WAITING_CARDS, params)).rows
    items = []
    for cid, name, _ in cards:
        items.append(f"{name} (card {cid}) {src.ref(cite(cid, name))}")
    lines += section("Cards waiting for an approver", items)

    if not lines:
        lines = ["Nothing new in the records this week."]
    title = f"Weekly digest, week to {day_label(t)}"
    post = Post("digest_channel", title, tuple(lines), src.cites())
    counts = {
        "decisions": len(decisions),
        "owner_changes": len(owners),
        "metrics_moved": len(moves),
        "incidents": incidents,
        "cards_waiting": len(cards),
    }
    summary = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items())
    return JobOutcome([post], summary, counts)
