"""Render a :class:`~bots.core._reply.Reply` as Slack Block Kit messages.

Slack rejects a whole message when any block breaks a limit, so every limit is applied
here, where the text is produced, rather than hoped for: long answers become several
sections and, past the per-message budget, several messages. All user-visible text goes
through :func:`to_mrkdwn`, which escapes Slack's control characters and neutralises
mentions, so quoting a name can never ping anyone.
"""

from __future__ import annotations

import re
from typing import Any

from bots.core import (
    CardView,
    Citation,
    FactCheckView,
    Reply,
    path_chain,
    sanitize_mentions,
    split_text,
    truncate_text,
)

Block = dict[str, Any]

MAX_BLOCKS = 50
SECTION_TEXT_LIMIT = 3000
CONTEXT_TEXT_LIMIT = 3000
CONTEXT_ELEMENTS = 10
HEADER_TEXT_LIMIT = 150
ACTIONS_ELEMENTS = 25
BUTTON_TEXT_LIMIT = 75
ACTION_ID_LIMIT = 255
BUTTON_VALUE_LIMIT = 2000
BLOCK_ID_LIMIT = 255
FALLBACK_TEXT_LIMIT = 4000
# Slack answers msg_blocks_too_long well below its documented 40k (slackapi/bolt-js#2509
# saw it near 13k characters), so each message keeps its block text under this budget.
MESSAGE_TEXT_BUDGET = 12_000

ACTION_APPROVE = "card:approve"
ACTION_REJECT = "card:reject"
ACTION_DETAILS = "card:details"
ACTION_RETRY = "card:retry"
#: The feedback buttons of every answer (values ``up:<turn id>`` / ``down:<turn id>``) and
#: its Sources button (value: the turn id).
ACTION_FEEDBACK = "answer:feedback"
ACTION_SOURCES = "answer:sources"
#: A digest's fact checks: "Still true" / "No longer true", the value the check's key.
ACTION_STILL_TRUE = "fact:still_true"
ACTION_NO_LONGER_TRUE = "fact:no_longer_true"
#: Characters of a streamed answer per ``chat.appendStream`` (about slack_sdk's own 256-char
#: buffer; Slack takes up to 12,000 per call).
STREAM_PIECE = 240

_TITLE_LIMIT = 200
_PREVIEW_LIMIT = 2000
_CONTEXT_BLOCK_BUDGET = 6000
_NAME_LIMIT = 80
_MD_LINK = re.compile(r"\[([^\[\]\n]{1,300})\]\(((?:https?|mailto):[^()\s<>|]{1,2000})\)")
_MD_BOLD = re.compile(r"\*\*(?=\S)([^*\n]{1,2000}?)(?<=\S)\*\*")
_MD_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*$", re.MULTILINE)
_FENCE_SPLIT = re.compile(r"(^[ \t]{0,3}```[^\n]*$)", re.MULTILINE)
_SAFE_URL = re.compile(r"^(?:https?|mailto):[^\s<>|]{1,2000}$")


def escape_mrkdwn(text: str) -> str:
    """Escape the three characters Slack reserves for links and mentions."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_mrkdwn(text: str) -> str:
    """Turn the agent's Markdown into safe Slack mrkdwn.

    Escapes ``& < >`` first (so raw ``<@U123>`` or ``<!here>`` shows as text), breaks
    broadcast words, then converts ``[title](url)`` links, ``**bold**`` and headings.
    Code fences keep their content verbatim apart from escaping, and lose their language
    tag, which Slack would otherwise print as the first line of code.
    """
    parts = _FENCE_SPLIT.split(sanitize_mentions(escape_mrkdwn(text), "slack"))
    out: list[str] = []
    in_code = False
    for part in parts:
        if _FENCE_SPLIT.fullmatch(part):
            out.append("```")
            in_code = not in_code
        elif in_code:
            out.append(part)
        else:
            part = _MD_LINK.sub(lambda m: f"<{m.group(2)}|{m.group(1)}>", part)
            part = _MD_BOLD.sub(r"*\1*", part)
            out.append(_MD_HEADING.sub(r"*\1*", part))
    return "".join(out)


def _plain(text: str, limit: int) -> str:
    """User-provided text for a one-line slot: single line, safe, within ``limit``."""
    return to_mrkdwn(truncate_text(" ".join(text.split()), limit))


def _section(text: str, block_id: str | None = None) -> Block:
    block: Block = {"type": "section", "text": {"type": "mrkdwn", "text": text}}
    if block_id is not None and len(block_id) <= BLOCK_ID_LIMIT:
        block["block_id"] = block_id
    return block


def _context_blocks(lines: list[str]) -> list[Block]:
    """Pack mrkdwn lines into context blocks of at most ten elements each.

    A block is also closed at :data:`_CONTEXT_BLOCK_BUDGET` characters, so that one block
    can always fit the per-message budget on its own.
    """
    blocks: list[Block] = []
    elements: list[Block] = []
    size = 0
    for line in lines:
        for piece in split_text(line, CONTEXT_TEXT_LIMIT):
            if elements and (
                len(elements) == CONTEXT_ELEMENTS or size + len(piece) > _CONTEXT_BLOCK_BUDGET
            ):
                blocks.append({"type": "context", "elements": elements})
                elements, size = [], 0
            elements.append({"type": "mrkdwn", "text": piece})
            size += len(piece)
    if elements:
        blocks.append({"type": "context", "elements": elements})
    return blocks


def _citation_line(citation: Citation) -> str:
    title = _plain(citation.title, _TITLE_LIMIT) or "untitled"
    if citation.url and _SAFE_URL.match(citation.url):
        url = citation.url.replace("&", "&amp;")
        return f"• <{url}|{title.replace('|', '¦')}>"
    return f"• {title} (`{_plain(citation.id, _NAME_LIMIT).replace('`', 'ˋ')}`)"


def _path_text(reply: Reply) -> str:
    chain = path_chain(
        reply, name=lambda node: _plain(node.name, _NAME_LIMIT), closed=lambda _: "_(closed)_"
    )
    return "*Path:* " + chain


def _check_button(card: CardView) -> None:
    if len(card.id) > BUTTON_VALUE_LIMIT:
        raise ValueError(f"card id is {len(card.id)} chars; Slack button values hold 2000")


def _button(label: str, action_id: str, card_id: str, style: str | None) -> Block:
    button: Block = {
        "type": "button",
        "text": {"type": "plain_text", "text": label, "emoji": True},
        "action_id": action_id,
        "value": card_id,
    }
    if style is not None:
        button["style"] = style
    return button


def render_card_blocks(card: CardView) -> list[Block]:
    """Blocks for one card: a summary section, then buttons or the recorded outcome.

    Used inside :func:`render_reply_blocks` and on its own to edit the card message
    after a decision (``chat.update``), when the buttons must give way to "Approved by
    ... at ...". Raises ``ValueError`` if the card id cannot fit a button value.
    """
    _check_button(card)
    head = f"*{_plain(card.kind, _NAME_LIMIT)}* · {_plain(card.title, _TITLE_LIMIT)}"
    tail = f"_Proposed by {_plain(card.proposed_by, _NAME_LIMIT)} · card `{_plain(card.id, 200)}`_"
    # The preview gives way first, so the title and card id always survive truncation.
    room = SECTION_TEXT_LIMIT - len(head) - len(tail) - 2
    preview = truncate_text(to_mrkdwn(truncate_text(card.preview, _PREVIEW_LIMIT)), room)
    text = "\n".join(part for part in (head, preview, tail) if part.strip())
    blocks = [_section(text, f"hb-card-{card.id}")]
    if card.is_pending:
        blocks.append(
            {
                "type": "actions",
                "block_id": f"hb-actions-{card.id}"[:BLOCK_ID_LIMIT],
                "elements": [
                    _button("Approve", ACTION_APPROVE, card.id, "primary"),
                    _button("Reject", ACTION_REJECT, card.id, "danger"),
                    _button("Details", ACTION_DETAILS, card.id, None),
                ],
            }
        )
    else:
        blocks += _context_blocks([to_mrkdwn(truncate_text(card.outcome_line(), 1000))])
        if card.can_retry:
            blocks.append(
                {
                    "type": "actions",
                    "block_id": f"hb-actions-{card.id}"[:BLOCK_ID_LIMIT],
                    "elements": [_button("Retry", ACTION_RETRY, card.id, "primary")],
                }
            )
    return blocks


def render_check_blocks(check: FactCheckView) -> list[Block]:
    """Blocks for one fact a digest asks about: the fact as the digest words it, and
    "Still true" / "No longer true" (``ACTION_STILL_TRUE`` / ``ACTION_NO_LONGER_TRUE``,
    value the check's key). Raises ``ValueError`` for a key no value can hold."""
    if len(check.key) > BUTTON_VALUE_LIMIT:
        raise ValueError(f"check key is {len(check.key)} chars; Slack button values hold 2000")
    return [
        _section(f"• {_plain(check.text, _PREVIEW_LIMIT)}", f"hb-check-{check.key}"),
        {
            "type": "actions",
            "block_id": f"hb-check-actions-{check.key}"[:BLOCK_ID_LIMIT],
            "elements": [
                _button("Still true", ACTION_STILL_TRUE, check.key, "primary"),
                _button("No longer true", ACTION_NO_LONGER_TRUE, check.key, "danger"),
            ],
        },
    ]


def answered_check_blocks(blocks: list[Block], key: str, mark: str) -> list[Block] | None:
    """The digest's blocks with one fact's two buttons swapped for ``mark`` (who answered
    it, and when); None when the message does not hold that fact's buttons."""
    ids = {f"hb-check-actions-{key}"[:BLOCK_ID_LIMIT]}
    if not any(b.get("block_id") in ids for b in blocks):
        return None
    line: Block = {
        "type": "context",
        "block_id": f"hb-check-done-{key}"[:BLOCK_ID_LIMIT],
        "elements": [{"type": "mrkdwn", "text": mark}],
    }
    return [line if b.get("block_id") in ids else b for b in blocks]


def render_answer_actions(turn_id: str) -> list[Block]:
    """The buttons under every answer: 👍 / 👎 (a ``context_actions`` block with
    ``feedback_buttons``) and Sources. Raises ``ValueError`` for an id no value can hold."""
    if len(turn_id) > BUTTON_VALUE_LIMIT - 5:
        raise ValueError(f"turn id is {len(turn_id)} chars; Slack button values hold 2000")
    feedback: Block = {
        "type": "feedback_buttons",
        "action_id": ACTION_FEEDBACK,
        "positive_button": {
            "text": {"type": "plain_text", "text": "👍"},
            "accessibility_label": "This answer helped",
            "value": f"up:{turn_id}",
        },
        "negative_button": {
            "text": {"type": "plain_text", "text": "👎"},
            "accessibility_label": "This answer missed",
            "value": f"down:{turn_id}",
        },
    }
    return [
        {
            "type": "context_actions",
            "block_id": f"hb-feedback-{turn_id}"[:BLOCK_ID_LIMIT],
            "elements": [feedback],
        },
        {
            "type": "actions",
            "block_id": f"hb-answer-{turn_id}"[:BLOCK_ID_LIMIT],
            "elements": [_button("Sources", ACTION_SOURCES, turn_id, None)],
        },
    ]


def _groups(reply: Reply, *, answer: bool = True) -> list[list[Block]]:
    """Blocks in reading order, grouped so a card never straddles two messages."""
    groups: list[list[Block]] = []
    pieces = split_text(to_mrkdwn(reply.answer), SECTION_TEXT_LIMIT) if answer else []
    for i, piece in enumerate(pieces):
        groups.append([_section(piece, f"hb-answer-{i}")])
    badge = (
        ":white_check_mark: *Verified* against the brain"
        if reply.verified
        else ":warning: *Not verified* — treat with care"
    )
    lines = [badge] + [to_mrkdwn(note) for note in reply.check_notes if note.strip()]
    lines += [f"_{to_mrkdwn(note.strip())}_" for note in reply.notes if note.strip()]
    if reply.error_id:
        lines.append(f"Reference: `{_plain(reply.error_id, _NAME_LIMIT)}`")
    groups += [[block] for block in _context_blocks(lines)]
    if reply.path_nodes:
        for piece in split_text(_path_text(reply), SECTION_TEXT_LIMIT):
            groups.append([_section(piece)])
    if reply.citations:
        sources = "*Sources*\n" + "\n".join(_citation_line(c) for c in reply.citations)
        groups.append([{"type": "divider"}])
        for piece in split_text(sources, SECTION_TEXT_LIMIT):
            groups.append([_section(piece)])
    for card in reply.cards:
        groups.append(render_card_blocks(card))
    for check in reply.checks:
        groups.append(render_check_blocks(check))
    if reply.turn_id:
        groups.append(render_answer_actions(reply.turn_id))
    return groups


def _text_size(block: Block) -> int:
    if block["type"] == "section":
        return len(block["text"]["text"])
    if block["type"] == "context":
        return sum(len(element["text"]) for element in block["elements"])
    if block["type"] == "actions":
        return sum(len(e["text"]["text"]) + len(e["value"]) for e in block["elements"])
    return 0


def render_reply_blocks(reply: Reply, *, answer: bool = True) -> list[list[Block]]:
    """Render ``reply`` as one or more Slack messages, each a list of blocks.

    Order: answer sections, a context line (verified or not, check notes, caveats such
    as "Sample data"), the path, sources, then one card each, the facts a digest asks
    about (each with its two buttons), and last (for a saved answer) the 👍 / 👎 and
    Sources buttons. Each message holds at most 50 blocks and
    :data:`MESSAGE_TEXT_BUDGET` characters; post them in order in the same thread.
    Pending cards carry Approve/Reject/Details buttons whose ``action_id`` is
    ``card:approve``/``card:reject``/``card:details`` and whose ``value`` is the card id.
    ``answer=False`` leaves the answer's text out (it was streamed).
    """
    messages: list[list[Block]] = []
    current: list[Block] = []
    size = 0
    for group in _groups(reply, answer=answer):
        group_size = sum(_text_size(block) for block in group)
        if current and (
            len(current) + len(group) > MAX_BLOCKS or size + group_size > MESSAGE_TEXT_BUDGET
        ):
            messages.append(current)
            current, size = [], 0
        current += group
        size += group_size
    if current:
        messages.append(current)
    for message in messages:
        _drop_duplicate_block_ids(message)
    return messages


def _drop_duplicate_block_ids(blocks: list[Block]) -> None:
    """Slack rejects a message whose block ids repeat (e.g. two cards with one id)."""
    seen: set[str] = set()
    for block in blocks:
        block_id = block.get("block_id")
        if block_id is None:
            continue
        if block_id in seen:
            del block["block_id"]
        seen.add(block_id)


def to_stream_markdown(text: str) -> str:
    """The agent's Markdown, safe to stream as ``markdown_text``: it stays Markdown (Slack
    renders it), and any mention token or broadcast word is broken with a zero-width
    space, so repeating a name can never ping anyone."""
    return sanitize_mentions(text, "discord")


#: A sentence: up to a run of . ! ? before a space (or the end), or a line end; the
#: spaces after it go with it, so joined sentences give back the text exactly.
_SENTENCE = re.compile(r"(?:[^\n.!?]|[.!?]+(?![.!?]|\s|$))*(?:[.!?]+(?=\s|$)|\n|$)\s*")


def stream_pieces(text: str, size: int = STREAM_PIECE) -> list[str]:
    """``text`` cut into pieces of about ``size`` characters at sentence or line ends, to
    append one by one; joined, the pieces are ``text`` exactly (a stream concatenates)."""
    pieces: list[str] = []
    current = ""
    position = 0
    while position < len(text):
        match = _SENTENCE.match(text, position)
        end = match.end() if match and match.end() > position else position + 1
        sentence = text[position:end]
        position = end
        while len(sentence) > size:  # one sentence longer than a piece: cut it
            if current:
                pieces.append(current)
                current = ""
            pieces.append(sentence[:size])
            sentence = sentence[size:]
        if current and len(current) + len(sentence) > size:
            pieces.append(current)
            current = ""
        current += sentence
    if current:
        pieces.append(current)
    return pieces


def fallback_text(reply: Reply) -> str:
    """The message ``text`` field: what notifications and screen readers show.

    Slack shows it instead of the blocks in notifications, so it is the start of the
    answer in mrkdwn, at most 4,000 characters.
    """
    answer = reply.answer.strip()
    if not answer:
        return "hivebrain reply"
    # Truncate before escaping so a 50k answer is not escaped in full, then again after,
    # because escaping can grow the text.
    text = to_mrkdwn(truncate_text(answer, FALLBACK_TEXT_LIMIT))
    return truncate_text(text, FALLBACK_TEXT_LIMIT)
