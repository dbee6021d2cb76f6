"""Posting plain text to a Discord channel for the card executors and the scheduler."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from agents.errors import ActionFailed
from bots.core import sanitize_mentions, split_text
from bots.discord._interactions import NO_MENTIONS
from bots.discord._render import CONTENT_LIMIT

if TYPE_CHECKING:
    from bots.discord._bot import HivebrainDiscord

log = logging.getLogger(__name__)

#: Longest message nonce Discord accepts.
NONCE_LIMIT = 25


class DiscordPoster:
    """``agents.cards._executors.Poster`` for Discord: posts plain text to a channel id.

    Text is mention-safe and split into 2,000-character messages; returns the link to
    the last one. Raises ``ActionFailed`` when Discord refuses (no access, no channel).
    """

    def __init__(self, bot: HivebrainDiscord) -> None:
        self._bot = bot

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` to Discord channel ``channel`` (an id); return the message link."""
        return await self._send(platform, channel, text, key=None)

    async def post_once(self, *, platform: str, channel: str, text: str, key: str) -> str:
        """Post as ``post`` does, with ``key`` as Discord's enforced message nonce, so a
        repeat with the same key (a retry after a lost answer) is not shown twice."""
        return await self._send(platform, channel, text, key=key)

    async def _send(self, platform: str, channel: str, text: str, *, key: str | None) -> str:
        if platform != "discord":
            raise ValueError(f"DiscordPoster posts to discord, not {platform!r}")
        if not channel.isdigit():
            raise ActionFailed("channel", f"{channel!r} is not a Discord channel id")
        try:
            target = self._bot.get_channel(int(channel)) or await self._bot.fetch_channel(
                int(channel)
            )
            if not isinstance(target, discord.abc.Messageable):
                raise ActionFailed("channel", f"Discord channel {channel} does not take messages")
            sent: discord.Message | None = None
            pieces = split_text(sanitize_mentions(text, "discord"), CONTENT_LIMIT) or ["…"]
            for i, piece in enumerate(pieces):
                # discord.py sends enforce_nonce with a nonce; a nonce holds 25 characters
                if key:
                    nonce = f"{key}:{i}"[-NONCE_LIMIT:]
                    sent = await target.send(piece, allowed_mentions=NO_MENTIONS, nonce=nonce)
                else:
                    sent = await target.send(piece, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            raise ActionFailed("channel", f"Discord refused the post (HTTP {exc.status})") from exc
        assert sent is not None
        log.info("discord: posted %d chars to channel %s", len(text), channel)
        return sent.jump_url
