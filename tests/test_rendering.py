"""Rendering tests: every Slack and Discord payload stays inside every platform limit.

The limit checkers below are written out explicitly (rather than reusing the renderers'
constants) so a wrong constant in a renderer cannot also make its test pass.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pydantic import ValidationError
from rich.console import Console

from bots.console import render_reply_console
from bots.core import (
    BACKGROUND,
    CLOSED_COLOUR,
    CURRENT_COLOUR,
    CardView,
    Citation,
    InboundMessage,
    PathEdge,
    PathNode,
    Reply,
    layout_path,
    measure_label,
    path_chain,
    path_steps,
    render_path_png,
    sanitize_mentions,
    split_text,
    truncate_text,
)
from bots.discord import DiscordMessage, render_card_embed, render_reply_messages
from bots.slack import fallback_text, render_card_blocks, render_reply_blocks, to_mrkdwn

ZWSP = "\u200b"
HOSTILE = (
    "Zoë 🦊👩‍👩‍👧‍👦 <@U123> <@!456> <@&789> <#C1|general> <!here> <!subteam^S1|@eng> "
    "@everyone @here"
)

# ---------------------------------------------------------------- fixtures (data) ---


def _prose(chars: int) -> str:
    sentence = "The payments team owns the ledger service and reviews changes weekly. "
    paragraphs: list[str] = []
    total = 0
    i = 0
    while total < chars:
        para = (
            f"Paragraph {i} cites [[doc-{i}]] and [the runbook](https://wiki.example.com/p/{i}). "
        )
        para += sentence * 6
        paragraphs.append(para)
        total += len(para) + 2
        i += 1
    return "\n\n".join(paragraphs)[:chars]


def _code(lines: int) -> str:
    body = "\n".join(
        f"    value_{i} = compute({i}) if ready else None  # step {i}" for i in range(lines)
    )
    return f"```python\ndef main():\n{body}\n```"


def _citations(n: int) -> list[Citation]:
    return [
        Citation(
            id=f"doc-{i}",
            title=f"Design doc {i} {'🦊 <@U1> @everyone' if i % 7 == 0 else ''} " + "t" * (i % 40),
            url=None if i % 3 == 0 else f"https://docs.example.com/d/{i}?a=1&b=2",
        )
        for i in range(n)
    ]


STATUSES = ["pending", "approved", "rejected", "expired", "executed", "failed"]


def _cards(n: int) -> list[CardView]:
    return [
        CardView(
            id=f"card-{i:04d}",
            kind="github.issue" if i % 2 else "calendar.event",
            title=f"Card {i} " + ("<@U999> @channel 🎉" if i % 5 == 0 else "x" * (i * 10)),
            preview=("Preview line. " * (i * 20)) or "—",
            status=STATUSES[i % len(STATUSES)],  # type: ignore[arg-type]  # cycling the literal set
            proposed_by="<@U42> Priya 🌶️",
            decided_by=None if i % 6 == 0 else f"Approver {i} @here",
            decided_at=None if i % 6 == 0 else "2026-11-20T10:00:00Z",
            result=None if i % 6 == 0 else f"result {i} " + "r" * i,
        )
        for i in range(n)
    ]


NODES = [
    PathNode(id="p1", type="Person", name="Alice 🦊 <@U123>"),
    PathNode(id="proj", type="Project", name="Ledger"),
    PathNode(id="p2", type="Person", name="Bob @everyone"),
]
EDGES = [
    PathEdge(source="p1", target="proj", type="OWNS", closed=True, until="2025-06-01"),
    PathEdge(source="p2", target="proj", type="OWNS"),
]

REPLIES: dict[str, Reply] = {
    "empty": Reply(answer="", verified=True),
    "short": Reply(answer="Alice owns **Ledger**.", verified=True, notes=["Sample data"]),
    "prose_10k": Reply(answer=_prose(10_000), verified=True),
    "prose_50k": Reply(answer=_prose(50_000), verified=False, check_notes=["c"] * 40),
    "giant_line": Reply(answer="x" * 50_000, verified=True),
    "giant_line_lt": Reply(answer="<" * 20_000, verified=True),
    "code_fence": Reply(answer="Here:\n\n" + _code(1500) + "\n\nDone.", verified=True),
    "citations_200": Reply(answer="See sources.", verified=True, citations=_citations(200)),
    "cards_30": Reply(answer="Proposed actions.", verified=True, cards=_cards(30)),
    "hostile": Reply(
        answer=f"{HOSTILE}\n\n" * 3,
        verified=False,
        check_notes=[HOSTILE],
        notes=[HOSTILE, "As of 2026-11-20"],
        citations=[Citation(id="x", title=HOSTILE, url="https://a.example/b")],
        path_nodes=[PathNode(id="h", type="Person", name=HOSTILE), *NODES],
        path_edges=[PathEdge(source="h", target="p1", type="KNOWS"), *EDGES],
        cards=[
            CardView(
                id="h1",
                kind=HOSTILE,
                title=HOSTILE,
                preview=HOSTILE,
                status="rejected",
                proposed_by=HOSTILE,
                decided_by=HOSTILE,
                decided_at="now",
                result=HOSTILE,
            )
        ],
        error_id="err-<@U1>",
    ),
    "huge_notes": Reply(
        answer="a",
        verified=False,
        check_notes=["n" * 2999] * 12,
        notes=["s <@U1> " * 900] * 3,
        error_id="e" * 5000,
    ),
    "huge_card": Reply(
        answer="b",
        verified=True,
        cards=[
            CardView(
                id="big",
                kind="k" * 5000,
                title="<" * 5000,
                preview="```\n" + "&" * 50_000,
                status=status,  # type: ignore[arg-type]  # cycling the literal set
                proposed_by=">" * 5000,
                decided_by="d" * 5000,
                result="r" * 50_000,
            )
            for status in STATUSES
        ],
    ),
    "everything": Reply(
        answer=_prose(30_000) + "\n\n" + _code(400) + "\n\n" + _prose(20_000),
        verified=False,
        check_notes=["Claim 3 not found in graph " * 20] * 30,
        citations=_citations(200),
        path_nodes=NODES,
        path_edges=EDGES,
        cards=_cards(30),
        notes=["Sample data", "As of 2026-11-20"],
        error_id="E-42",
    ),
}

# ------------------------------------------------------------ explicit limit checks ---

_UNESCAPED_SLACK_MENTION = re.compile(r"<[@!#]")
_DISCORD_MENTION = re.compile(r"<[@#]")
_BROADCAST = re.compile(r"@(everyone|here|channel)\b", re.IGNORECASE)


def _assert_no_pings(text: str, platform: str) -> None:
    assert not _BROADCAST.search(text), text[:200]
    pattern = _UNESCAPED_SLACK_MENTION if platform == "slack" else _DISCORD_MENTION
    assert not pattern.search(text), text[:200]


def _slack_text_object(obj: dict[str, Any], limit: int) -> str:
    assert obj["type"] in ("mrkdwn", "plain_text")
    assert 1 <= len(obj["text"]) <= limit, len(obj["text"])
    return obj["text"]


def check_slack_message(blocks: list[dict[str, Any]]) -> None:
    """Slack Block Kit limits for one chat.postMessage, plus our own no-ping rule."""
    assert 1 <= len(blocks) <= 50
    block_ids = [b["block_id"] for b in blocks if "block_id" in b]
    assert len(block_ids) == len(set(block_ids)), "block_id must be unique per message"
    texts: list[str] = []
    for block in blocks:
        assert len(block.get("block_id", "")) <= 255
        kind = block["type"]
        if kind == "section":
            assert "text" in block or "fields" in block
            if "text" in block:
                texts.append(_slack_text_object(block["text"], 3000))
            for field in block.get("fields", []):
                texts.append(_slack_text_object(field, 2000))
            assert len(block.get("fields", [])) <= 10
        elif kind == "context":
            assert 1 <= len(block["elements"]) <= 10
            texts += [_slack_text_object(e, 3000) for e in block["elements"]]
        elif kind == "header":
            assert block["text"]["type"] == "plain_text"
            texts.append(_slack_text_object(block["text"], 150))
        elif kind == "actions":
            assert 1 <= len(block["elements"]) <= 25
            action_ids = [e["action_id"] for e in block["elements"]]
            assert len(action_ids) == len(set(action_ids))
            for element in block["elements"]:
                assert element["type"] == "button"
                assert element["text"]["type"] == "plain_text"
                assert 1 <= len(element["text"]["text"]) <= 75
                assert 1 <= len(element["action_id"]) <= 255
                assert len(element.get("value", "")) <= 2000
                assert element.get("style", "primary") in ("primary", "danger")
        else:
            assert kind == "divider", kind
    assert sum(len(t) for t in texts) <= 12_000
    for text in texts:
        _assert_no_pings(text, "slack")


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += len(embed.get("footer", {}).get("text", ""))
    total += len(embed.get("author", {}).get("name", ""))
    return total + sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))


def check_discord_message(message: DiscordMessage) -> None:
    """Discord create-message limits for one message, plus our own no-ping rule."""
    assert message.allowed_mentions == {"parse": []}
    assert message.content or message.embeds or message.components
    assert len(message.content) <= 2000
    assert len(message.embeds) <= 10
    assert sum(_embed_chars(e) for e in message.embeds) <= 6000
    texts = [message.content]
    for embed in message.embeds:
        assert len(embed.get("title", "")) <= 256
        assert len(embed.get("description", "")) <= 4096
        assert len(embed.get("fields", [])) <= 25
        assert len(embed.get("footer", {}).get("text", "")) <= 2048
        for field in embed.get("fields", []):
            assert 1 <= len(field["name"]) <= 256
            assert 1 <= len(field["value"]) <= 1024
            texts += [field["name"], field["value"]]
        texts += [embed.get("title", ""), embed.get("description", "")]
        texts.append(embed.get("footer", {}).get("text", ""))
    assert len(message.components) <= 5
    custom_ids: list[str] = []
    for row in message.components:
        assert row["type"] == 1
        assert 1 <= len(row["components"]) <= 5
        for button in row["components"]:
            assert button["type"] == 2
            assert button["style"] in (1, 2, 3, 4, 5)
            assert 1 <= len(button["label"]) <= 80
            assert 1 <= len(button["custom_id"]) <= 100
            custom_ids.append(button["custom_id"])
    assert len(custom_ids) == len(set(custom_ids))
    for text in texts:
        _assert_no_pings(text, "discord")


def _squash(text: str) -> str:
    """Text with whitespace and fence markers removed: what splitting may change.

    ``python`` is the only fence language in these fixtures; the splitter repeats it when
    it reopens a fence.
    """
    return re.sub(r"\s+", "", re.sub(r"```(?:python)?", "", text))


# ------------------------------------------------------------------------- tests ---


@pytest.mark.parametrize("name", REPLIES)
def test_slack_messages_stay_inside_every_limit(name: str) -> None:
    messages = render_reply_blocks(REPLIES[name])
    assert messages
    for blocks in messages:
        check_slack_message(blocks)
    text = fallback_text(REPLIES[name])
    assert 1 <= len(text) <= 4000
    _assert_no_pings(text, "slack")


@pytest.mark.parametrize("name", REPLIES)
def test_discord_messages_stay_inside_every_limit(name: str) -> None:
    messages = render_reply_messages(REPLIES[name])
    assert messages
    for message in messages:
        check_discord_message(message)


@pytest.mark.parametrize("name", REPLIES)
def test_no_answer_text_is_lost(name: str) -> None:
    reply = REPLIES[name]
    sections = [
        block["text"]["text"]
        for blocks in render_reply_blocks(reply)
        for block in blocks
        if block.get("block_id", "").startswith("hb-answer-")
    ]
    assert _squash("".join(sections)) == _squash(to_mrkdwn(reply.answer))
    content = "".join(m.content for m in render_reply_messages(reply))
    assert _squash(content) == _squash(sanitize_mentions(reply.answer, "discord"))


@pytest.mark.parametrize("name", ["citations_200", "cards_30", "everything"])
def test_every_citation_and_card_is_shown(name: str) -> None:
    reply = REPLIES[name]
    slack = repr(render_reply_blocks(reply))
    discord = repr(render_reply_messages(reply))
    for citation in reply.citations:
        marker = citation.url.replace("&", "&amp;") if citation.url else f"`{citation.id}`"
        assert marker in slack
        assert (citation.url or citation.id) in discord
    for card in reply.cards:
        assert f"card `{card.id}`" in slack
        assert f"Card {card.id}" in discord


SPLIT_CASES = [
    ("paragraph", "A" * 60 + "\n\n" + "B" * 60, 100, ["A" * 60, "B" * 60]),
    ("line", "a" * 60 + "\n" + "b" * 60, 100, ["a" * 60, "b" * 60]),
    (
        "sentence",
        "Short one here. " + "w" * 70 + " tail",
        80,
        ["Short one here.", "w" * 70 + " tail"],
    ),
    ("space", "word " * 30, 64, None),
    ("hard", "x" * 250, 100, ["x" * 96, "x" * 96, "x" * 58]),
    ("citation", "y" * 50 + " [[a-long-citation-id]]" + " z" * 40, 64, None),
    ("link", "q" * 40 + " [title words](https://example.com/a/b/c)" + " z" * 40, 72, None),
    ("fence", "intro\n\n" + _code(60), 300, None),
    ("emoji", "👩‍👩‍👧‍👦" * 60, 64, None),
    ("short", "fits", 100, ["fits"]),
    ("empty", "", 100, []),
]


@pytest.mark.parametrize(("name", "text", "limit", "expected"), SPLIT_CASES)
def test_split_text(name: str, text: str, limit: int, expected: list[str] | None) -> None:
    pieces = split_text(text, limit)
    if expected is not None:
        assert pieces == expected
    assert all(len(p) <= limit for p in pieces)
    assert _squash("".join(pieces)) == _squash(text)
    for piece in pieces:
        fence_lines = [ln for ln in piece.split("\n") if ln.lstrip().startswith("```")]
        assert len(fence_lines) % 2 == 0, piece  # every piece closes what it opens
        assert piece.count("[[") == piece.count("]]")
        assert piece.count("[title words]") == piece.count("(https://example.com/a/b/c)")
        assert not piece.startswith("\u200d") and not piece.endswith("\u200d")


_TOKENS = st.sampled_from(
    [
        "word",
        " ",
        "\n",
        "\n\n",
        "```\n",
        "\n```\n",
        "[[cite-1]]",
        "[t](https://x.y/z)",
        "🦊",
        "👩‍👩‍👧",
        "e\u0301",
        ". ",
        "<@U1>",
        "&",
        "x" * 70,
        "@everyone",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_TOKENS, max_size=80), st.integers(32, 200))
def test_split_text_property(parts: list[str], limit: int) -> None:
    for text in ("".join(parts), to_mrkdwn("".join(parts))):
        pieces = split_text(text, limit)
        assert all(len(piece) <= limit for piece in pieces)
        assert _squash("".join(pieces)) == _squash(text)
        for piece in pieces[:-1]:  # only the last piece may carry an unclosed fence on
            fences = [ln for ln in piece.split("\n") if ln.lstrip().startswith("```")]
            assert len(fences) % 2 == 0


def test_split_text_reopens_fence_with_language() -> None:
    pieces = split_text(_code(200), 500)
    assert len(pieces) > 3
    assert all(p.startswith("```python\n") and p.endswith("```") for p in pieces)


def test_split_text_rejects_tiny_limit() -> None:
    with pytest.raises(ValueError):
        split_text("abc", 5)


def test_truncate_text() -> None:
    assert truncate_text("short", 10) == "short"
    out = truncate_text("word " * 100, 50)
    assert len(out) <= 50 and out.endswith("…")


MENTION_CASES = [
    ("@everyone hi", "discord", "@\u200beveryone hi"),
    ("@here and @channel", "slack", "@\u200bhere and @\u200bchannel"),
    ("<@U123>", "slack", "&lt;@U123&gt;"),
    ("<!here>", "slack", "&lt;!here&gt;"),
    ("<!subteam^S1|@eng>", "slack", "&lt;!subteam^S1|@eng&gt;"),
    ("<@!123>", "discord", "<\u200b@!123>"),
    ("<@&123>", "discord", "<\u200b@&123>"),
    ("<#123>", "discord", "<\u200b#123>"),
    ("mail bob@example.com", "discord", "mail bob@example.com"),
    ("🦊 Zoë", "slack", "🦊 Zoë"),
]


@pytest.mark.parametrize(("text", "platform", "expected"), MENTION_CASES)
def test_sanitize_mentions(text: str, platform: Any, expected: str) -> None:
    assert sanitize_mentions(text, platform) == expected
    assert sanitize_mentions(expected, platform) == expected  # idempotent


def test_sanitize_rejects_unknown_platform() -> None:
    with pytest.raises(ValueError):
        sanitize_mentions("x", "teams")  # type: ignore[arg-type]  # the point of the test


def test_slack_card_buttons_and_outcomes() -> None:
    for card in _cards(12):
        blocks = render_card_blocks(card)
        check_slack_message(blocks)
        actions = [b for b in blocks if b["type"] == "actions"]
        if card.status == "pending":
            (row,) = actions
            buttons = {b["action_id"]: b for b in row["elements"]}
            assert list(buttons) == ["card:approve", "card:reject", "card:details"]
            assert {b["value"] for b in buttons.values()} == {card.id}
            assert buttons["card:approve"]["style"] == "primary"
            assert buttons["card:reject"]["style"] == "danger"
            assert "style" not in buttons["card:details"]
        else:
            assert not actions
            outcome = blocks[-1]["elements"][0]["text"]
            if card.decided_by and card.status != "expired":
                assert "Approver" in outcome and "2026-11-20" in outcome
    with pytest.raises(ValueError):
        render_card_blocks(_cards(1)[0].model_copy(update={"id": "k" * 2001}))


def test_discord_card_buttons_and_outcomes() -> None:
    reply = REPLIES["cards_30"]
    messages = render_reply_messages(reply)
    rows = [row for m in messages for row in m.components]
    pending = [c for c in reply.cards if c.is_pending]
    assert len(rows) == len(pending)
    for card, row in zip(pending, rows, strict=True):
        ids = [b["custom_id"] for b in row["components"]]
        assert ids == [f"hb:card:{a}:{card.id}" for a in ("approve", "reject", "details")]
        assert [b["style"] for b in row["components"]] == [3, 4, 2]
    decided = reply.cards[1]
    embed = render_card_embed(decided)
    outcome = next(f["value"] for f in embed["fields"] if f["name"] == "Outcome")
    assert "Approver 1" in outcome and "result" in outcome
    long_id = reply.cards[0].model_copy(update={"id": "k" * 90})
    with pytest.raises(ValueError):
        render_reply_messages(Reply(answer="a", verified=True, cards=[long_id]))
    closed = long_id.model_copy(update={"status": "expired"})
    assert render_reply_messages(Reply(answer="a", verified=True, cards=[closed]))


def test_console_shows_everything() -> None:
    console = Console(record=True, width=400)
    render_reply_console(
        REPLIES["hostile"].model_copy(update={"citations": _citations(3)}), console
    )
    out = console.export_text()
    for needed in (
        "not verified",
        "As of 2026-11-20",
        "Design doc 1",
        "-[KNOWS]->",
        "-[OWNS, closed until 2025-06-01]->",
        "<-[OWNS]-",
        "rejected",
        "h1",
    ):
        assert needed in out, needed


def test_models_are_frozen_and_strict() -> None:
    reply = REPLIES["short"]
    with pytest.raises(ValidationError):
        reply.answer = "changed"  # type: ignore[misc]  # frozen on purpose
    with pytest.raises(ValidationError):
        Reply(answer="a", verified=True, colour="red")  # type: ignore[call-arg]  # extra key
    with pytest.raises(ValidationError):
        CardView(id="c", kind="k", title="t", preview="p", status="done", proposed_by="x")  # type: ignore[arg-type]  # a status outside the set, on purpose
    message = InboundMessage(
        platform="slack",
        workspace_id="T1",
        channel_id="C1",
        thread_id=None,
        user_id="U1",
        text="hi",
        message_id="1",
    )
    assert message.attachments == [] and message.user_name == ""


def test_path_steps_pairs_edges_in_either_direction() -> None:
    steps = path_steps(NODES, EDGES)
    assert [s.node.id for s in steps] == ["p1", "proj", "p2"]
    assert steps[0].edge is None
    assert steps[1].edge == EDGES[0] and steps[2].edge == EDGES[1]


def test_path_chain_points_each_arrow_the_way_its_edge_runs() -> None:
    reply = Reply(answer="a", verified=True, path_nodes=NODES, path_edges=EDGES)
    chain = path_chain(reply, name=lambda n: n.id, closed=lambda e: f"[{e.type} closed]")
    # p1 -OWNS(closed)-> proj <-OWNS- p2
    assert chain == "p1 ⇢ [OWNS closed] proj ← p2"
    gap = Reply(answer="a", verified=True, path_nodes=[NODES[0], NODES[2]], path_edges=[])
    assert path_chain(gap, name=lambda n: n.id, closed=str) == "p1 · p2"


@pytest.mark.parametrize("platform", ["slack", "discord"])
def test_the_path_line_is_shown_in_the_platforms_markup(platform: str) -> None:
    reply = Reply(answer="a", verified=True, path_nodes=NODES, path_edges=EDGES)
    if platform == "slack":
        shown = json.dumps(render_reply_blocks(reply), ensure_ascii=False)
        assert "*Path:* " in shown and "⇢ _(closed)_ Ledger ← " in shown
    else:
        embeds = [e for m in render_reply_messages(reply) for e in m.embeds]
        shown = json.dumps(embeds, ensure_ascii=False)
        assert "⇢ *(OWNS, closed)* **Ledger** ← **" in shown
    assert "<@U123>" not in shown and "@everyone" not in shown.replace("@\u200beveryone", "")


# ----------------------------------------------------------------------- picture ---


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


@pytest.mark.parametrize("count", [1, 3, 8, 9, 20, 60])
def test_png_decodes_with_sensible_size(count: int) -> None:
    nodes = [PathNode(id=f"n{i}", type="Person", name=f"{HOSTILE} {i}") for i in range(count)]
    edges = [PathEdge(source=f"n{i}", target=f"n{i + 1}", type="KNOWS") for i in range(count - 1)]
    image = _decode(render_path_png(nodes, edges))
    assert 100 <= image.width <= 6000 and 60 <= image.height <= 4000
    layout = layout_path(nodes, edges, measure=measure_label)
    assert (image.width, image.height) == (layout.width, layout.height)
    boxes = layout.boxes
    for i, a in enumerate(boxes):  # no two node boxes overlap
        for b in boxes[i + 1 :]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
    if count <= 8:
        assert len({box.y0 for box in boxes}) == 1
        assert [box.x0 for box in boxes] == sorted(box.x0 for box in boxes)
    assert layout.hidden_nodes == max(0, count - 24)


def test_png_empty_for_no_nodes() -> None:
    assert render_path_png([], []) == b""


def test_layout_marks_closed_edges_dashed_grey() -> None:
    layout = layout_path(NODES, EDGES)
    closed, current = layout.arrows
    assert closed.is_dashed and closed.colour == CLOSED_COLOUR and "(closed)" in closed.label
    assert not current.is_dashed and current.colour == CURRENT_COLOUR
    assert current.label == "OWNS"
    # Bob -> Ledger points leftwards: the arrowhead ends at Ledger's right edge.
    assert current.points[-1][0] == layout.boxes[1].x1


def _pixels_along(
    image: Image.Image, start: tuple[float, float], end: tuple[float, float]
) -> set[Any]:
    y = round(start[1])
    x0, x1 = sorted((round(start[0]), round(end[0])))
    seen: set[Any] = set()
    for x in range(x0 + 3, x1 - 14):  # skip the arrowhead
        column = [image.getpixel((x, y + dy)) for dy in (-1, 0, 1)]
        seen.add(min(column, key=sum))  # the darkest pixel of the 2px line
    return seen


def test_closed_edge_pixels_are_dashed_grey_and_current_solid() -> None:
    image = _decode(render_path_png(NODES, EDGES))
    closed, current = layout_path(NODES, EDGES, measure=measure_label).arrows
    closed_pixels = _pixels_along(image, *closed.points)
    assert closed_pixels == {CLOSED_COLOUR, BACKGROUND}  # grey dashes with gaps
    assert _pixels_along(image, *current.points) == {CURRENT_COLOUR}
