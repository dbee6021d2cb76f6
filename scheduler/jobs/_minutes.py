"""The meeting-minutes digest: meetings ingested since the last digest, and overdue actions.

For each meeting recorded since the last successful digest (a day back on the first
run): its decisions (Decision DECIDED_IN the Meeting) and action items (Task EVIDENCED_BY
a line of the meeting, with its current owner and due date), each linked to its line.
Then action items from earlier meetings that are past due and not done. The e-mail of
the minutes is proposed as an approval card (Composio's Gmail action) to the attendees
(or the tenant's ``minutes_email``): nothing is sent until someone approves. A digest
channel with a scope (``settings scope``) gets only the meetings and items it may read
(``agents.ScopedReads``): none at all where meetings are outside it.
"""

from __future__ import annotations

from typing import Any

from agents import ScopedReads, ToolArgsInvalid, draft_minutes_email, posts_scope, propose
from brain import InputInvalid, TenantGraph, format_moment, parse_moment
from brain.reads import SaidLine, action_items, meeting_decisions, meeting_tasks
from brain.upkeep import meetings_recorded
from scheduler.jobs._cites import Sources, cite, section
from scheduler.jobs._registry import (
    DAY_MS,
    CardNote,
    JobContext,
    JobOutcome,
    Post,
    day_label,
    job,
)

LIMIT = 50
#: Open action items read to find the overdue ones.
OVERDUE_READ = 500
#: The tenant setting with addresses the minutes go to (space separated).
EMAIL_SETTING = "minutes_email"


def first_line(lines: tuple[SaidLine, ...]) -> tuple[Any, str | None]:
    """The earliest line (line number, chunk id) an item was said in, if any."""
    found = sorted(
        lines,
        key=lambda x: (not isinstance(x.line, int), x.line if isinstance(x.line, int) else 0, x.id),
    )
    return (found[0].line, found[0].id) if found else (None, None)


def _line(position: Any) -> str:
    return f", line {position}" if position is not None else ""


def _owner(item: dict[str, Any]) -> str:
    owner = item.get("owner")
    return str(owner["name"] or owner["id"]) if owner else "no owner yet"


def due_ms(value: Any) -> int | None:
    """A due date as a moment, however it was stored (None when it cannot be read)."""
    if value is None:
        return None
    try:
        return parse_moment(value, field="due")
    except InputInvalid:
        return None


def _due(value: Any) -> str:
    if value is None:
        return ""
    ms = due_ms(value)
    return f", due {(format_moment(ms) if ms is not None else None) or str(value)[:10]}"[:40]


async def _overdue(g: TenantGraph, t: int, *, skip: set[str]) -> list[dict[str, Any]]:
    """Open action items of earlier meetings (not those in ``skip``) past their due date,
    the most overdue first: the action items read (``brain.reads.action_items``)."""
    found = await action_items(g, owner=None, as_of_ms=t, limit=OVERDUE_READ)
    late: dict[str, tuple[int, dict[str, Any]]] = {}
    for item in found.data["action_items"]:
        due = due_ms(item["due"])
        if due is not None and due < t and item["meeting"]["id"] not in skip:
            late.setdefault(item["id"], (due, item))  # one item per task, said on any line
    return [item for _, item in sorted(late.values(), key=lambda x: (x[0], x[1]["id"]))]


@job(
    "minutes_digest",
    purpose="minutes of meetings added since the last digest, and overdue action items",
    schedule="0 18 * * *",
    period="day",
    channel="digest_channel",
)
async def minutes_digest(ctx: JobContext) -> JobOutcome:
    """One post per run: each new meeting's decisions and action items, then overdue ones."""
    g, t = ctx.graph, ctx.t
    since = ctx.last_ok_ms if ctx.last_ok_ms is not None else t - DAY_MS
    meetings = await meetings_recorded(g, from_ms=since, to_ms=t, limit=LIMIT)
    scope = posts_scope(ctx.settings, "digest_channel")
    reads = ScopedReads(g, scope) if scope is not None else None
    if reads is not None:
        shown = await reads.readable({m.id for m in meetings})
        meetings = [m for m in meetings if m.id in shown]
    src = Sources()
    lines: list[str] = []
    emails: list[str] = []
    body: list[str] = []
    for m in meetings:
        lines.append(f"{m.name} {src.ref(cite(m.id, m.name, m.src))}")
        body.append(m.name)
        emails += m.emails
        for d in await meeting_decisions(g, m.id, as_of_ms=t, limit=LIMIT):
            pos, chunk = first_line(d.lines)
            refs = src.ref(cite(d.id, d.name, m.src))
            if chunk:
                refs += src.ref(cite(chunk, f"{m.name}, line {pos}", m.src))
            lines.append(f"• Decided: {d.name}{_line(pos)} {refs}")
            body.append(f"- Decided: {d.name}")
        for k in await meeting_tasks(g, m.id, as_of_ms=t, limit=LIMIT):
            pos, chunk = first_line(k.lines)
            owner = k.owner[1] if k.owner else "no owner yet"
            item = f"{k.name} ({owner}{_due(k.due)}{_line(pos)})"
            refs = src.ref(cite(k.id, k.name, m.src))
            if chunk:
                refs += src.ref(cite(chunk, f"{m.name}, line {pos}", m.src))
            lines.append(f"• Action: {item} {refs}")
            body.append(f"- Action: {item}")
    overdue = await _overdue(g, t, skip={m.id for m in meetings})
    if reads is not None:
        shown = await reads.readable({a["id"] for a in overdue})
        overdue = [a for a in overdue if a["id"] in shown]
    items = [
        f"{a['name']} ({_owner(a)}{_due(a['due'])}; from {a['meeting']['name']}) "
        f"{src.ref(cite(a['id'], a['name']))}"
        for a in overdue
    ]
    lines += section("Overdue action items from earlier meetings", items[:LIMIT])
    if not meetings and not overdue:
        return JobOutcome(summary="no new meetings, nothing overdue")
    cards: list[CardNote] = []
    recipients = str(ctx.settings.get(EMAIL_SETTING) or " ".join(dict.fromkeys(emails))).split()
    notes: list[str] = []
    if meetings and recipients and not ctx.dry_run:
        try:
            draft = draft_minutes_email(
                recipients,
                of=", ".join(m.name for m in meetings)[:150],
                body="\n".join(body),
                proposed_by="minutes",
                cites=[m.id for m in meetings][:20],
            )
        except ToolArgsInvalid as exc:  # an address in the setting that is not one
            notes.append(f"The minutes e-mail was not proposed: {exc.reason}")
        else:
            card = await propose(g, draft, now_ms=t)
            cards.append(CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by))
    elif meetings and not recipients:
        notes.append(f"No e-mail address for these minutes: set `{EMAIL_SETTING}` to send them.")
    title = f"Meeting minutes, {day_label(t)}"
    post = Post("digest_channel", title, tuple(lines), src.cites(), tuple(notes), tuple(cards))
    summary = f"{len(meetings)} meetings, {len(overdue)} overdue action items"
    return JobOutcome([post], summary, {"meetings": len(meetings), "overdue": len(overdue)})
