"""Minutes as text people read, and the card that sends them once someone approves.

The minutes themselves come from the ``minutes`` tool (``brain.reads``); this renders
them with each item's line numbers and ``[[id]]`` citations, and proposes the one minutes
e-mail card (``agents.cards.draft_minutes_email``) addressed to the attendees with an
e-mail in the brain. Nothing is sent by proposing: the card waits for an approver like
every other action, and approving it sends the e-mail.
"""

from __future__ import annotations

from typing import Any

from agents.cards import Card, draft_minutes_email, propose
from brain import InputInvalid, TenantGraph, now_ms
from brain.reads import emails_of


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


async def propose_minutes_card(
    graph: TenantGraph,
    data: dict[str, Any],
    *,
    to: list[str] | None = None,
    proposed_by: str = "memory",
) -> Card:
    """A pending ``minutes`` card e-mailing the minutes (the ``minutes`` tool's ``data``).

    It goes to ``to``, or else to the attendees whose e-mail the brain holds. Raises
    ``InputInvalid`` when there is nobody to send to (no attendee has an address).
    """
    meeting = data["meeting"]
    recipients = to or await emails_of(graph, [p["id"] for p in data.get("attendees", [])])
    if not recipients:
        raise InputInvalid(
            f"no attendee of {meeting['name']} has an e-mail address in the brain: "
            "give the addresses to send the minutes to"
        )
    cites = [meeting["id"]] + [d["id"] for d in data["decisions"]]
    cites += [t["id"] for t in data["action_items"]]
    draft = draft_minutes_email(
        recipients,
        of=str(meeting["name"]),
        body=render_minutes(data),
        proposed_by=proposed_by,
        cites=cites[:20],
    )
    return await propose(graph, draft, now_ms=now_ms())
