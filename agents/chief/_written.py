"""What a writer hands back as text, read into a Draft: the body, a PATH line, CARD lines.

Model desks, the model Chief and a test's fake Chief write findings and answers the same
way: the text itself, then ``PATH: id1, id2`` naming the nodes that explain it, then one
``CARD: kind | title | what would be done`` per proposed action. Reading that format
lives here once.
"""

from __future__ import annotations

import json
import re
from typing import Any, cast, get_args

from agents.cards import CardKind
from agents.desks import Draft

_PATH_LINE = re.compile(r"^\s*PATH:\s*(.+)$", re.M)
_CARD_LINE = re.compile(r"^\s*CARD:\s*([a-z_]+)\s*\|\s*([^|]+)\|\s*(.+)$", re.M)
_JSON = re.compile(r"\{.*\}", re.S)
CARD_KINDS: tuple[str, ...] = get_args(CardKind)
#: Kinds whose payload a writer may give as JSON on its CARD line.
TYPED_KINDS = ("email", "label", "task")


def json_object(text: str) -> dict[str, Any]:
    """The first JSON object in a writer's text, or ``{}`` (values checked by the caller)."""
    match = _JSON.search(text)
    if not match:
        return {}
    try:
        value = json.loads(match.group(0))
    except json.JSONDecodeError:
        return {}
    # a JSON object from the writer's text: string keys, values checked by the caller
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _card(kind: str, title: str, preview: str) -> dict[str, Any]:
    """A CARD line as a card: a team update posts its text to the team channel, a task
    becomes a Task in the brain; anything else is only recorded when approved."""
    card: dict[str, Any] = {
        "kind": kind,
        "title": title,
        "preview": preview,
        "executor": "record",
        "cites": [],
        "payload": {},
    }
    payload = json_object(preview) if preview.lstrip().startswith("{") else {}
    if payload and kind in TYPED_KINDS:
        # the writer filled the kind's payload: the turn checks it against the kind
        card.update(payload=payload, typed=True)
    elif kind == "channel_message":
        card.update(audience="team", text=preview, executor="channel")
    elif kind == "task":
        card.update(executor="brain", payload={"name": title, "notes": preview})
    return card


def split_draft(text: str) -> Draft:
    """Separate a writer's text from its PATH and CARD lines."""
    path_ids: list[str] = []
    if m := _PATH_LINE.search(text):
        path_ids = [p.strip().strip("[]") for p in m.group(1).split(",") if p.strip()]
    cards = [
        _card(kind, title.strip()[:200], preview.strip()[:2000])
        for kind, title, preview in _CARD_LINE.findall(text)
        if kind in CARD_KINDS
    ]
    body = _CARD_LINE.sub("", _PATH_LINE.sub("", text)).strip()
    return Draft(body, path_ids, cards)
