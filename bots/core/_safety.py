"""Text safety shared by every renderer: no accidental pings, no broken splits.

The bot repeats text it did not write (names, titles, LLM answers), so anything that
looks like a mention is neutralised before it reaches a channel. Chat platforms also cap
message sizes, so long answers are split at natural boundaries without breaking code
fences, ``[[citations]]`` or links, which would otherwise render as garbage.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bots.core._reply import Platform

ZWSP = "\u200b"

# Broadcast words ping everyone even as plain text on Discord (and on Slack when
# link_names is on), so the word is always broken with a zero-width space.
_BROADCAST = re.compile(r"@(everyone|here|channel)\b", re.IGNORECASE)
# Raw mention syntax of both platforms: <@U123>, <@!123>, <@&123>, <#C1|x>, <!here>,
# <!subteam^S1|@team>. The optional ZWSP check keeps the function idempotent.
_RAW_MENTION = re.compile(r"<([@#!])([^<>\n]{0,200})>")

_CLOSER = "\n```"
_MAX_INFO = 20
MIN_SPLIT_LIMIT = 32

# Spans that must not be cut: [[citation]], [title](url), <url|title>, &amp; entities,
# and short inline code.
_PROTECTED = re.compile(
    r"\[\[[^\[\]\n]{0,300}\]\]"
    r"|\[[^\[\]\n]{0,300}\]\([^()\s]{0,2000}\)"
    r"|<[^<>\n]{1,2000}>"
    r"|&(?:amp|lt|gt|quot|#\d{1,6});"
    r"|`[^`\n]{1,200}`"
)
_SENTENCE_END = re.compile(r"[.!?][)\]\"'”’]*(?=\s)")
_SPACE_BEFORE_TICKS = re.compile(r"[ \t]+(?=```)")
_FENCE_LINE = re.compile(r"^[ \t]{0,3}```(.*)$", re.MULTILINE)
_GLUE = {"\u200d", "\ufe0e", "\ufe0f", "\u20e3"}


def sanitize_mentions(text: str, platform: Platform) -> str:
    """Make ``text`` safe to post: it can show a mention but never trigger one.

    On Slack raw mention tokens are escaped to ``&lt;...&gt;`` (Slack's own escaping,
    so the result is ready for mrkdwn); on Discord and the console a zero-width space is
    put after ``<``. Broadcast words get a zero-width space after ``@`` everywhere.
    Raises ``ValueError`` for an unknown platform.
    """
    if platform not in ("slack", "discord", "console"):
        raise ValueError(f"unknown platform {platform!r}")
    if platform == "slack":
        text = _RAW_MENTION.sub(lambda m: f"&lt;{m.group(1)}{m.group(2)}&gt;", text)
    else:
        text = _RAW_MENTION.sub(lambda m: f"<{ZWSP}{m.group(1)}{m.group(2)}>", text)
    return _BROADCAST.sub(lambda m: f"@{ZWSP}{m.group(1)}", text)


@dataclass(frozen=True, slots=True)
class _Fence:
    """A fenced code block: where its opener, body and closer lines sit in the text."""

    open_start: int
    body_start: int
    close_start: int
    close_end: int
    info: str


def _find_fences(text: str) -> list[_Fence]:
    fences: list[_Fence] = []
    opener: re.Match[str] | None = None
    for match in _FENCE_LINE.finditer(text):
        if opener is None:
            opener = match
            continue
        fences.append(
            _Fence(
                open_start=opener.start(),
                body_start=min(opener.end() + 1, len(text)),
                close_start=match.start(),
                close_end=match.end(),
                info=opener.group(1).strip()[:_MAX_INFO],
            )
        )
        opener = None
    if opener is not None:  # unclosed fence runs to the end of the text
        end = len(text)
        fences.append(
            _Fence(
                opener.start(),
                min(opener.end() + 1, end),
                end,
                end,
                opener.group(1).strip()[:_MAX_INFO],
            )
        )
    return fences


def _blocked_positions(text: str, fences: list[_Fence]) -> bytearray:
    """Mark cut positions ``c`` (piece = ``text[:c]``) that would break something."""
    blocked = bytearray(len(text) + 1)

    def block(start: int, stop: int) -> None:
        for c in range(max(start, 0), min(stop, len(text) + 1)):
            blocked[c] = 1

    for match in _PROTECTED.finditer(text):
        block(match.start() + 1, match.end())
    for match in _SPACE_BEFORE_TICKS.finditer(text):
        # Dropping the spaces would put mid-line ``` at the start of a piece: a new fence.
        block(match.start(), match.end())
    for fence in fences:
        # Cutting on a fence line, or just inside one, would leave an empty code block.
        block(fence.open_start + 1, fence.body_start + 1)
        block(fence.close_start - 1, fence.close_end)
    for c in range(1, len(text)):
        ch = text[c]
        if (
            ch in _GLUE
            or text[c - 1] == "\u200d"
            or unicodedata.combining(ch)
            or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or (ch == ZWSP and text[c - 1] in "@<")
            or ch == "`"  # a piece starting with ``` would open a code block
        ):
            blocked[c] = 1
    return blocked


def _fence_at(fences: list[_Fence], cut: int) -> _Fence | None:
    for fence in fences:
        if fence.body_start <= cut < fence.close_start:
            return fence
    return None


def _candidates(text: str, pos: int, end: int, blocked: bytearray) -> list[list[int]]:
    """Cut positions in ``(pos, end]`` by preference tier, rightmost first."""
    window = text[pos : end + 1]  # a separator right at ``end`` is still a fine cut
    tiers: list[list[int]] = []
    for sep in ("\n\n", "\n"):
        found: list[int] = []
        i = window.rfind(sep)
        while i > 0:
            found.append(pos + i)
            i = window.rfind(sep, 0, i)
        tiers.append(found)
    tiers.append([pos + m.end() for m in _SENTENCE_END.finditer(window)][::-1])
    tiers.append([pos + i for i, ch in enumerate(window) if ch in " \t"][::-1])
    return [[c for c in tier if pos < c <= end and not blocked[c]] for tier in tiers]


def _choose_cut(text: str, pos: int, end: int, blocked: bytearray) -> int:
    tiers = _candidates(text, pos, end, blocked)
    min_fill = (end - pos) // 3  # a break this early wastes most of the message
    for tier in tiers:
        if tier and tier[0] - pos >= min_fill:
            return tier[0]
    anywhere = [tier[0] for tier in tiers if tier]
    if anywhere:
        return max(anywhere)
    cut = end
    while cut > pos and blocked[cut]:
        cut -= 1
    return cut if cut > pos else end  # a protected span longer than the limit is cut


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into pieces of at most ``limit`` characters, at natural breaks.

    Prefers paragraph breaks, then line breaks, then sentence ends, then spaces, and only
    then cuts mid-word. A piece that ends inside a code fence gets a closing fence and
    the next piece reopens it with the same language, so every piece renders on its own.
    Citations, links, entities and emoji sequences are never cut unless one alone is
    longer than ``limit``. Whitespace at a break outside code is dropped; nothing else
    is. Returns ``[]`` for empty text; raises ``ValueError`` if ``limit`` is too small to
    hold the fence markers.
    """
    if limit < MIN_SPLIT_LIMIT:
        raise ValueError(f"limit must be at least {MIN_SPLIT_LIMIT}, got {limit}")
    if len(text) <= limit:
        return [text] if text else []
    fences = _find_fences(text)
    blocked = _blocked_positions(text, fences)
    pieces: list[str] = []
    pos, prefix, n = 0, "", len(text)
    while pos < n:
        budget = limit - len(prefix)
        if n - pos <= budget:
            if text[pos:].strip():
                pieces.append(prefix + text[pos:])
            break
        cut = _choose_cut(text, pos, pos + budget - len(_CLOSER), blocked)
        fence = _fence_at(fences, cut)
        body = text[pos:cut] if fence else text[pos:cut].rstrip()
        if body.strip():
            pieces.append(prefix + body + (_CLOSER if fence else ""))
        if fence is not None:
            prefix = f"```{fence.info}\n"
            pos = cut + 1 if text[cut] == "\n" else cut
        else:
            prefix = ""
            pos = cut
            while pos < n and text[pos].isspace():
                pos += 1
    return pieces


def truncate_text(text: str, limit: int, *, ellipsis: str = "…") -> str:
    """Shorten ``text`` to at most ``limit`` characters for a fixed-size field.

    Used for titles and labels where a second message is not an option. Cuts at a word
    boundary when one is near; very small limits fall back to a plain slice.
    """
    if len(text) <= limit:
        return text
    room = limit - len(ellipsis)
    if room <= 0:
        return text[:limit]
    if room >= MIN_SPLIT_LIMIT:
        head = split_text(text, room)[0]
        # split_text may close a code fence; that is what a reader wants here too.
        if len(head) + len(ellipsis) <= limit and len(head) >= room // 2:
            return head + ellipsis
    return text[:room].rstrip() + ellipsis
