"""Render a :class:`~bots.core._reply.Reply` as Discord messages made of plain JSON dicts.

The output is raw API JSON (content, embeds, components) rather than discord.py objects
so it can be tested without a client and converted by the adapter in one place. Discord
rejects the whole message when a limit is broken, so every limit is applied here, and
``allowed_mentions`` is always empty so that even text we failed to neutralise cannot
ping anyone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bots.core import (
    CardStatus,
    CardView,
    Citation,
    FactCheckView,
    Reply,
    path_chain,
    sanitize_mentions,
    split_text,
    truncate_text,
)

Json = dict[str, Any]

CONTENT_LIMIT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TITLE_LIMIT = 256
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELDS = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
ROWS_PER_MESSAGE = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80

CUSTOM_ID_PREFIX = "hb:card:"
#: The buttons under every saved answer: ``hb:fb:up:<turn>``, ``hb:fb:down:<turn>``,
#: ``hb:src:<turn>``.
FEEDBACK_PREFIX = "hb:fb:"
SOURCES_PREFIX = "hb:src:"
#: A digest's fact checks: ``hb:fact:yes:<key>`` (still true), ``hb:fact:no:<key>``.
FACT_PREFIX = "hb:fact:"
STYLE_SECONDARY = 2
STYLE_SUCCESS = 3
STYLE_DANGER = 4

_COLOURS: dict[CardStatus, int] = {
    "pending": 0x3498DB,
    "approved": 0x2ECC71,
    "executing": 0x3498DB,
    "executed": 0x2ECC71,
    "rejected": 0xE74C3C,
    "expired": 0x95A5A6,
    "failed": 0xE67E22,
}
_VERIFIED_COLOUR = 0x2ECC71
_UNVERIFIED_COLOUR = 0xE67E22
_NAME_LIMIT = 80
_TITLE_LIMIT = 200
_PREVIEW_LIMIT = 1500
_SAFE_URL = re.compile(r"^(?:https?|mailto):\S{1,2000}$")


@dataclass(frozen=True, slots=True)
class DiscordMessage:
    """One message to send: the arguments of Discord's create-message call, as JSON."""

    content: str = ""
    embeds: list[Json] = field(default_factory=list[Json])
    components: list[Json] = field(default_factory=list[Json])
    allowed_mentions: Json = field(default_factory=lambda: {"parse": []})


def _safe(text: str, limit: int) -> str:
    """User-provided text for a one-line slot: single line, mention-safe, within ``limit``."""
    return truncate_text(sanitize_mentions(" ".join(text.split()), "discord"), limit)


def embed_size(embed: Json) -> int:
    """Characters an embed counts against Discord's 6,000-per-message total."""
    size = len(embed.get("title", "")) + len(embed.get("description", ""))
    size += len(embed.get("footer", {}).get("text", ""))
    size += len(embed.get("author", {}).get("name", ""))
    return size + sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))


def _custom_id(action: str, card_id: str) -> str:
    custom_id = f"{CUSTOM_ID_PREFIX}{action}:{card_id}"
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(
            f"card id {card_id[:20]!r}... is {len(card_id)} chars; "
            f"Discord custom_id holds {CUSTOM_ID_LIMIT} including {CUSTOM_ID_PREFIX!r}"
        )
    return custom_id


def card_buttons(card: CardView) -> Json:
    """The action row for a pending card: Approve, Reject, Details.

    ``custom_id`` is ``hb:card:<action>:<card_id>``; raises ``ValueError`` if the id
    does not fit in Discord's 100 characters (card ids are short in practice).
    """
    buttons = [
        ("Approve", "approve", STYLE_SUCCESS),
        ("Reject", "reject", STYLE_DANGER),
        ("Details", "details", STYLE_SECONDARY),
    ]
    if not card.is_pending:  # a failed card an approver may run again
        buttons = [("Retry", "retry", STYLE_SUCCESS)]
    return {
        "type": 1,
        "components": [
            {"type": 2, "style": style, "label": label, "custom_id": _custom_id(action, card.id)}
            for label, action, style in buttons
        ],
    }


def answer_buttons(turn_id: str) -> Json:
    """The action row under a saved answer: 👍, 👎 and Sources (see ``FEEDBACK_PREFIX``).

    Raises ``ValueError`` if the turn id does not fit Discord's 100-character custom id."""
    ids = [f"{FEEDBACK_PREFIX}up:{turn_id}", f"{FEEDBACK_PREFIX}down:{turn_id}"]
    ids.append(f"{SOURCES_PREFIX}{turn_id}")
    if any(len(i) > CUSTOM_ID_LIMIT for i in ids):
        raise ValueError(f"turn id is {len(turn_id)} chars; a Discord custom_id holds 100")
    labels = ("👍", "👎", "Sources")
    return {
        "type": 1,
        "components": [
            {"type": 2, "style": STYLE_SECONDARY, "label": label, "custom_id": custom_id}
            for label, custom_id in zip(labels, ids, strict=True)
        ],
    }


def check_buttons(check: FactCheckView) -> Json:
    """The action row of one fact a digest asks about: "Still true" and "No longer true".

    Raises ``ValueError`` if the key does not fit Discord's 100-character custom id."""
    ids = [f"{FACT_PREFIX}yes:{check.key}", f"{FACT_PREFIX}no:{check.key}"]
    if any(len(i) > CUSTOM_ID_LIMIT for i in ids):
        raise ValueError(f"check key is {len(check.key)} chars; a Discord custom_id holds 100")
    return {
        "type": 1,
        "components": [
            {"type": 2, "style": STYLE_SUCCESS, "label": "Still true", "custom_id": ids[0]},
            {"type": 2, "style": STYLE_DANGER, "label": "No longer true", "custom_id": ids[1]},
        ],
    }


def render_check_embed(check: FactCheckView) -> Json:
    """The embed of one fact a digest asks about, as the digest words it."""
    text = truncate_text(sanitize_mentions(check.text, "discord"), _PREVIEW_LIMIT)
    return {"title": "Still true?", "description": text, "color": 0xF1C40F}


def render_card_embed(card: CardView) -> Json:
    """The embed for one card, also used to edit the card message after a decision.

    Shows kind and title, the preview, who proposed it and, once decided, the outcome
    ("Approved by ... at ... — result: ...").
    """
    fields: list[Json] = [
        {"name": "Status", "value": card.status.capitalize(), "inline": True},
        {
            "name": "Proposed by",
            "value": _safe(card.proposed_by, _NAME_LIMIT) or "—",
            "inline": True,
        },
    ]
    if not card.is_pending:
        outcome = _safe(card.outcome_line(), FIELD_VALUE_LIMIT)
        fields.append({"name": "Outcome", "value": outcome, "inline": False})
    preview = truncate_text(sanitize_mentions(card.preview, "discord"), _PREVIEW_LIMIT)
    embed: Json = {
        "title": _safe(f"{card.kind}: {card.title}", EMBED_TITLE_LIMIT),
        "color": _COLOURS[card.status],
        "fields": fields,
        "footer": {"text": truncate_text(f"Card {card.id}", FOOTER_LIMIT)},
    }
    if preview.strip():
        embed["description"] = preview
    return embed


def _citation_line(citation: Citation) -> str:
    title = _safe(citation.title, _TITLE_LIMIT) or "untitled"
    ref = _safe(citation.id, _NAME_LIMIT).replace("`", "ˋ")
    if citation.url and _SAFE_URL.match(citation.url):
        label = title.replace("[", "(").replace("]", ")")
        url = citation.url.replace("(", "%28").replace(")", "%29")
        return f"• [{label}]({url}) `{ref}`"
    return f"• {title} `{ref}`"


def _path_text(reply: Reply) -> str:
    return path_chain(
        reply,
        name=lambda node: f"**{_safe(node.name, _NAME_LIMIT)}**",
        closed=lambda edge: f"*({_safe(edge.type, _NAME_LIMIT)}, closed)*",
    )


def _text_embeds(title: str, text: str, colour: int, footer: str = "") -> list[Json]:
    """Embeds carrying ``text`` in descriptions, numbered when it needs more than one."""
    pieces = split_text(text, EMBED_DESCRIPTION_LIMIT - 96) or [""]
    embeds: list[Json] = []
    for i, piece in enumerate(pieces, start=1):
        numbered = f"{title} ({i}/{len(pieces)})" if len(pieces) > 1 else title
        embed: Json = {"title": truncate_text(numbered, EMBED_TITLE_LIMIT), "color": colour}
        if piece:
            embed["description"] = piece
        if footer and i == len(pieces):
            embed["footer"] = {"text": truncate_text(footer, 1024)}
        embeds.append(embed)
    return embeds


def _units(reply: Reply) -> list[tuple[Json, Json | None]]:
    """Embeds in reading order, each with the action row that must share its message."""
    units: list[tuple[Json, Json | None]] = []
    checks = "\n".join(
        f"• {sanitize_mentions(note.strip(), 'discord')}"
        for note in reply.check_notes
        if note.strip()
    )
    footer = [sanitize_mentions(n.strip(), "discord") for n in reply.notes if n.strip()]
    if reply.error_id:
        footer.append(f"Reference: {_safe(reply.error_id, _NAME_LIMIT)}")
    status = "✅ Verified against the brain" if reply.verified else "⚠️ Not verified"
    colour = _VERIFIED_COLOUR if reply.verified else _UNVERIFIED_COLOUR
    units += [(e, None) for e in _text_embeds(status, checks, colour, " · ".join(footer))]
    if reply.path_nodes:
        units += [(e, None) for e in _text_embeds("Path", _path_text(reply), 0x9B59B6)]
    if reply.citations:
        sources = "\n".join(_citation_line(c) for c in reply.citations)
        units += [(e, None) for e in _text_embeds("Sources", sources, 0x7F8C8D)]
    for card in reply.cards:
        units.append(
            (
                render_card_embed(card),
                card_buttons(card) if card.is_pending or card.can_retry else None,
            )
        )
    units += [(render_check_embed(c), check_buttons(c)) for c in reply.checks]
    return units


def render_reply_messages(reply: Reply) -> list[DiscordMessage]:
    """Render ``reply`` as Discord messages to send in order (in one thread).

    The answer fills message content in pieces of at most 2,000 characters; the status
    (verified, check notes, caveats in the footer), path, sources and cards follow as
    embeds, packed so each message keeps to 10 embeds, 6,000 embed characters and 5
    button rows (a digest's facts to confirm each an embed with its row); a saved answer
    ends with its 👍 / 👎 / Sources row. Raises
    ``ValueError`` if a pending card's id is too long for a button.
    """
    answer = sanitize_mentions(reply.answer, "discord")
    drafts: list[tuple[str, list[Json], list[Json]]] = [
        (piece, [], []) for piece in split_text(answer, CONTENT_LIMIT)
    ]
    if not drafts:
        drafts.append(("", [], []))
    for embed, row in _units(reply):
        _, embeds, rows = drafts[-1]
        used = sum(embed_size(e) for e in embeds)
        if (
            len(embeds) >= EMBEDS_PER_MESSAGE
            or used + embed_size(embed) > EMBED_TOTAL_LIMIT
            or (row is not None and len(rows) >= ROWS_PER_MESSAGE)
        ):
            drafts.append(("", [], []))
            _, embeds, rows = drafts[-1]
        embeds.append(embed)
        if row is not None:
            rows.append(row)
    if reply.turn_id:  # the answer's own buttons go last, on its last message
        if len(drafts[-1][2]) >= ROWS_PER_MESSAGE:
            drafts.append(("Was this answer right?", [], []))
        drafts[-1][2].append(answer_buttons(reply.turn_id))
    return [DiscordMessage(content=c, embeds=e, components=r) for c, e, r in drafts]
