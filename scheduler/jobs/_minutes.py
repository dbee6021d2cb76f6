"""The meeting-minutes digest: meetings ingested since the last digest, and overdue actions.

For each meeting recorded since the last successful digest (a day back on the first
run): its decisions (Decision DECIDED_IN the Meeting) and action items (Task EVIDENCED_BY
a line of the meeting, with its current owner and due date), each linked to its line.
Then action items from earlier meetings that are past due and not done. The e-mail of
the minutes is proposed as an approval card (Composio's Gmail action) to the attendees
(or the tenant's ``minutes_email``): nothing is sent until someone approves.
"""

from __future__ import annotations

from typing import Any

from agents import CardDraft, propose
from brain import InputInvalid, format_moment, parse_moment
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
#: The tenant setting with addresses the minutes go to (space separated).
EMAIL_SETTING = "minutes_email"
DONE = ["done", "closed", "completed", "cancelled"]

READ_MEETINGS = """
MATCH (m:Meeting)
WHERE m.recordedAt >= $from AND m.recordedAt < $t
OPTIONAL MATCH (p:Person)-[:ATTENDED]->(m)
RETURN m.id, m.name, m.src, m.recordedAt AS at, collect(DISTINCT p.email)
ORDER BY at
LIMIT $limit
"""

READ_DECISIONS = """
MATCH (d:Decision)-[:DECIDED_IN]->(m:Meeting {id: $id})
OPTIONAL MATCH (d)-[:BASED_ON|EVIDENCED_BY]->(c:Chunk)
RETURN d.id, d.name AS name, collect([coalesce(c.line, c.position), c.id])
ORDER BY name
LIMIT $limit
"""

READ_ACTIONS = """
MATCH (k:Task)-[:EVIDENCED_BY]->(c:Chunk)<-[:HAS_CHUNK]-(m:Meeting {id: $id})
OPTIONAL MATCH (p:Entity)-[o:OWNS]->(k)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
RETURN k.id, k.name AS name, collect(DISTINCT p.name), coalesce(k.due, k.dueDate, k.dueAt),
       collect(DISTINCT [coalesce(c.line, c.position), c.id])
ORDER BY name
LIMIT $limit
"""

#: Due dates may be stored as moments or as the text the meeting said ("2026-12-05"), so
#: which are past is decided in Python; this reads the open ones that have one.
READ_OVERDUE = """
MATCH (k:Task)-[:EVIDENCED_BY]->(:Chunk)<-[:HAS_CHUNK]-(m:Meeting)
WHERE m.recordedAt < $from AND coalesce(k.due, k.dueDate, k.dueAt) IS NOT NULL
  AND NOT toLower(coalesce(k.status, 'open')) IN $done
OPTIONAL MATCH (p:Entity)-[o:OWNS]->(k)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
RETURN k.id AS id, k.name, collect(DISTINCT p.name), coalesce(k.due, k.dueDate, k.dueAt),
       m.id, m.name
ORDER BY id
LIMIT $limit
"""


def first_line(lines: list[Any]) -> tuple[Any, str | None]:
    """The earliest line (position, chunk id) of ``[position, id]`` pairs, if any."""
    found = sorted(
        ((pos, str(cid)) for pos, cid in (tuple(x) for x in lines) if cid is not None),
        key=lambda x: (not isinstance(x[0], int), x[0] if isinstance(x[0], int) else 0, x[1]),
    )
    return found[0] if found else (None, None)


def _line(position: Any) -> str:
    return f", line {position}" if position is not None else ""


def _owner(names: list[Any]) -> str:
    named = [str(n) for n in names if n]
    return ", ".join(named) if named else "no owner yet"


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
    params = {"from": since, "t": t, "limit": LIMIT, "done": DONE}
    meetings = (await g.read("minutes meetings", READ_MEETINGS, params)).rows
    src = Sources()
    lines: list[str] = []
    emails: list[str] = []
    body: list[str] = []
    for mid, name, msrc, _when, attendees in meetings:
        ref = src.ref(cite(mid, name, msrc))
        lines.append(f"{name} {ref}")
        body.append(str(name))
        emails += [str(e) for e in attendees if e]
        p = {"id": mid, "t": t, "limit": LIMIT}
        for did, dname, said in (await g.read("minutes decisions", READ_DECISIONS, p)).rows:
            pos, chunk = first_line(said)
            refs = src.ref(cite(did, dname, msrc))
            if chunk:
                refs += src.ref(cite(chunk, f"{name}, line {pos}", msrc))
            lines.append(f"• Decided: {dname}{_line(pos)} {refs}")
            body.append(f"- Decided: {dname}")
        for kid, kname, owners, due, said in (
            await g.read("minutes actions", READ_ACTIONS, p)
        ).rows:
            pos, chunk = first_line(said)
            item = f"{kname} ({_owner(owners)}{_due(due)}{_line(pos)})"
            refs = src.ref(cite(kid, kname, msrc))
            if chunk:
                refs += src.ref(cite(chunk, f"{name}, line {pos}", msrc))
            lines.append(f"• Action: {item} {refs}")
            body.append(f"- Action: {item}")
    overdue = [
        r
        for r in (await g.read("minutes overdue", READ_OVERDUE, {**params, "limit": 500})).rows
        if (d := due_ms(r[3])) is not None and d < t
    ]
    overdue.sort(key=lambda r: due_ms(r[3]) or 0)
    items = [
        f"{kname} ({_owner(owners)}{_due(due)}; from {mname}) {src.ref(cite(kid, kname))}"
        for kid, kname, owners, due, _mid, mname in overdue
    ]
    lines += section("Overdue action items from earlier meetings", items[:LIMIT])
    if not meetings and not overdue:
        return JobOutcome(summary="no new meetings, nothing overdue")
    cards: list[CardNote] = []
    recipients = str(ctx.settings.get(EMAIL_SETTING) or " ".join(dict.fromkeys(emails))).split()
    notes: list[str] = []
    if meetings and recipients and not ctx.dry_run:
        subject = f"Minutes: {', '.join(str(m[1]) for m in meetings)[:150]}"
        draft = CardDraft(
            kind="email",
            title=f"E-mail the minutes to {len(recipients)} people"[:200],
            preview=f"To: {', '.join(recipients)}\nSubject: {subject}\n\n" + "\n".join(body),
            payload={
                "toolkit_action": "GMAIL_SEND_EMAIL",
                "arguments": {
                    "recipient_email": recipients[0],
                    "extra_recipients": recipients[1:],
                    "subject": subject,
                    "body": "\n".join(body),
                },
            },
            executor="composio",
            cites=[str(m[0]) for m in meetings][:20],
            proposed_by="minutes",
        )
        card = await propose(g, draft, now_ms=t)
        cards.append(CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by))
    elif meetings and not recipients:
        notes.append(f"No e-mail address for these minutes: set `{EMAIL_SETTING}` to send them.")
    title = f"Meeting minutes, {day_label(t)}"
    post = Post("digest_channel", title, tuple(lines), src.cites(), tuple(notes), tuple(cards))
    summary = f"{len(meetings)} meetings, {len(overdue)} overdue action items"
    return JobOutcome([post], summary, {"meetings": len(meetings), "overdue": len(overdue)})
