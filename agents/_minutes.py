"""Minutes as text people read, and the card that sends them once someone approves.

The minutes themselves come from the ``minutes`` tool (``brain.reads``); this renders
them with each item's line numbers and ``[[id]]`` citations, and proposes an e-mail card
addressed to the attendees with an e-mail in the brain. Nothing is sent by proposing: the
card waits for an approver like every other action.
"""

from __future__ import annotations

from typing import Any

from agents.cards import Card, CardDraft, propose
from brain import TenantGraph, now_ms


def _where(lines: list[dict[str, Any]]) -> str:
    if not lines:
        return ""
    cited = ", ".join(f"line {item['line']} [[{item['id']}]]" for item in lines)
    return f" ({cited})"


def _said(item: dict[str, Any], text: str | None = None) -> str:
    words = text if text is not None else str(item["text"]).split(": ", 1)[-1]
    return f"line {item['line']}, {item['speaker']}: \u201c{words}\u201d [[{item['id']}]]"


def render_minutes(data: dict[str, Any]) -> str:
    """The ``minutes`` tool's data as plain text with citations."""
    meeting = data["meeting"]
    out = [f"Minutes: {meeting['name']} [[{meeting['id']}]]"]
    people = ", ".join(p["name"] or p["id"] for p in data.get("attendees", []))
    if people:
        out.append(f"Attendees: {people}")
    out.append(f"{data.get('lines', 0)} lines of transcript.")
    if data.get("summary"):
        out.append("\nSummary:")
        out += [f"- {_said(item)}" for item in data["summary"]]
    out.append("\nDecisions:")
    out += [f"- {d['name']} [[{d['id']}]]{_where(d['lines'])}" for d in data["decisions"]] or [
        "- none recorded"
    ]
    out.append("\nAction items:")
    for t in data["action_items"]:
        owner = t["owner"]["name"] if t.get("owner") else "no owner named"
        due = f", due {t['due']}" if t.get("due") else ""
        out.append(f"- {t['name']} [[{t['id']}]]: {owner}{due}{_where(t['lines'])}")
    if not data["action_items"]:
        out.append("- none recorded")
    if data.get("open_questions"):
        out.append("\nOpen questions:")
        out += [f"- {_said(item, item['question'])}" for item in data["open_questions"]]
    return "\n".join(out)


READ_EMAILS = """
UNWIND $ids AS id
MATCH (p:Person {id: id})
WHERE p.email IS NOT NULL
RETURN p.email
ORDER BY p.email
LIMIT $limit
"""


async def propose_minutes_card(
    graph: TenantGraph, data: dict[str, Any], *, proposed_by: str = "memory"
) -> Card:
    """A pending e-mail card with the minutes, to the attendees whose e-mail is known."""
    ids = [p["id"] for p in data.get("attendees", [])]
    res = await graph.read("attendee emails", READ_EMAILS, {"ids": ids, "limit": 200})
    to = [str(r[0]) for r in res.rows]
    text = render_minutes(data)
    meeting = data["meeting"]
    cites = [meeting["id"]] + [d["id"] for d in data["decisions"]]
    cites += [t["id"] for t in data["action_items"]]
    draft = CardDraft(
        kind="email",
        title=f"Send the minutes of {meeting['name']}"[:200],
        preview=text[:8_000],
        payload={
            "action": "send_minutes",
            "meeting": meeting["id"],
            "to": to,
            "subject": f"Minutes: {meeting['name']}",
            "body": text,
        },
        executor="record",
        cites=cites[:20],
        proposed_by=proposed_by,
    )
    return await propose(graph, draft, now_ms=now_ms())
