"""What a desk hands the Chief: text with citations, the path it rests on, any cards.

Every figure and every ``[[id]]`` in a rules-mode draft is copied from a tool result of
the turn, so the draft passes the same checks as a model's. A draft that could not find
what was asked says so plainly (``declined``), in words a reader and the checks both see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The sentence a decline opens with: plain, and the same wherever it is said.
NOT_IN_RECORDS = "I don't have anything about that in your records"


@dataclass(slots=True)
class Draft:
    """What a desk found: text with citations, and the node ids that explain it, in order."""

    text: str
    path_ids: list[str] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    path_as_of: str | None = None  # draw the path at this moment (a question about the past)
    declined: bool = False
    #: Records the draft answers about besides the question's subject (a walk's start).
    about: list[str] = field(default_factory=list[str])
    #: Why the evidence did not settle the answer (a close second, a cause by timing
    #: alone): the turn marks such an answer unverified and says why.
    doubts: list[str] = field(default_factory=list[str])


def decline(reason: str, suggestions: list[dict[str, Any]] | None = None) -> Draft:
    """A plain "the records don't hold that", with the closest things as suggestions only."""
    text = f"{NOT_IN_RECORDS}: {reason}" if reason else f"{NOT_IN_RECORDS}."
    if not text.endswith("."):
        text += "."
    if suggestions:
        names = ", ".join(str(s.get("name") or s["id"]) for s in suggestions[:3])
        text += f" Closest things I do have (suggestions, not an answer): {names}."
    return Draft(text, declined=True)


def cite(node: dict[str, Any] | None) -> str:
    """A node as answer text: its name and its citation."""
    if not node:
        return ""
    return f"{node.get('name') or node['id']} [[{node['id']}]]"


def number(value: float | None) -> str:
    """A figure as the tools returned it, grouped: 2,054 or 46.12."""
    if value is None:
        return "n/a"
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def day(iso: str | None) -> str:
    """An ISO date or timestamp as "5 October 2026"."""
    if not iso:
        return "an unknown date"
    from datetime import date

    d = date.fromisoformat(iso[:10])
    return f"{d.day} {d:%B %Y}"
