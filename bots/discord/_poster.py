"""Posting to Discord, in one place: answers and scheduled posts as embeds, approved text.

``send_reply`` renders a ``Reply`` once and sends its messages in order through whatever
carries them (``channel.send``, an interaction's ``followup.send``), with the path picture
attached to the message that shows the path. ``DiscordPoster`` posts to a channel id for
the card executors (plain text) and the scheduler (a rendered ``Reply``).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from agents.errors import ActionFailed
from bots.core import Reply, render_path_png, sanitize_mentions, split_text
from bots.discord._interactions import view_from_components
from bots.discord._private import NO_MENTIONS
from bots.discord._render import CONTENT_LIMIT, DiscordMessage, render_reply_messages
from bots.discord._surface import DiscordSurface

log = logging.getLogger(__name__)

#: Sends one message (``channel.send``, ``followup.send``) and returns what Discord made.
Send = Callable[..., Awaitable[Any]]

PATH_FILE = "path.png"
#: Longest message nonce Discord accepts.
NONCE_LIMIT = 25


async def send_reply(send: Send, reply: Reply, *, first: Send | None = None) -> list[Any]:
    """Post a reply through ``send`` (``channel.send`` or ``followup.send``), in order.

    ``first``, when given, carries the first message instead (an edit of a deferred
    interaction's original response). The path picture, when there is one, is attached
    to the message holding the "Path" embed and shown inside it. Returns what each send
    returned, per message.
    """
    messages = render_reply_messages(reply)
    png = await _path_png(reply)
    sent: list[Any] = []
    for index, message in enumerate(messages):
        kwargs = _send_kwargs(message)
        if png is not None and _attach_path(kwargs):
            kwargs["files"] = [
                discord.File(
                    io.BytesIO(png),
                    filename=PATH_FILE,
                    description="Graph path behind the answer",
                )
            ]
            png = None
        carrier = first if first is not None and index == 0 else send
        sent.append(await carrier(**kwargs))
    return sent


#: An interaction's token lets the bot answer for 15 minutes from the interaction; past
#: this many seconds (a minute of margin) the answer goes through the channel instead.
TOKEN_LIFE_S = 15 * 60
TOKEN_MARGIN_S = 60


def token_fresh(interaction: discord.Interaction[Any], *, now: datetime | None = None) -> bool:
    """Whether the interaction's webhook token may still answer (``TOKEN_LIFE_S``)."""
    age = (now or datetime.now(UTC)) - interaction.created_at
    return age < timedelta(seconds=TOKEN_LIFE_S - TOKEN_MARGIN_S)


async def answer_interaction(
    interaction: discord.Interaction[Any], reply: Reply, *, fallback: Send | None
) -> list[Any]:
    """Answer a deferred interaction with ``reply``: the first message replaces the original
    response (its "thinking" or progress line), the rest are follow-ups.

    Past the token's life everything goes through ``fallback`` (the channel's ``send``,
    with the bot's own token) so a slow answer is never lost; with no fallback it is
    logged and dropped.
    """
    if not token_fresh(interaction):
        if fallback is None:
            log.warning("interaction %s expired and has no channel to answer in", interaction.id)
            return []
        log.info("interaction %s: token past its life, answering in the channel", interaction.id)
        return await send_reply(fallback, reply)

    async def edit_original(**kwargs: Any) -> Any:
        files = kwargs.pop("files", [])
        kwargs.setdefault("view", None)  # no buttons: clear any the progress line had
        return await interaction.edit_original_response(attachments=files, **kwargs)

    return await send_reply(interaction.followup.send, reply, first=edit_original)


def _send_kwargs(message: DiscordMessage) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "content": message.content or None,
        "allowed_mentions": NO_MENTIONS,
        "embeds": [discord.Embed.from_dict(e) for e in message.embeds],
    }
    if (view := view_from_components(message.components)) is not None:
        kwargs["view"] = view  # followup.send refuses view=None
    return kwargs


async def _path_png(reply: Reply) -> bytes | None:
    if len(reply.path_nodes) < 2:
        return None
    try:
        return await asyncio.to_thread(render_path_png, reply.path_nodes, reply.path_edges)
    except Exception:  # the path is in the text too: a failed picture must not lose the answer
        log.exception("path picture failed; sending the answer without it")
        return None


def _attach_path(kwargs: dict[str, Any]) -> bool:
    """Point the message's "Path" embed at the attached picture; False if it has none."""
    for embed in kwargs["embeds"]:
        if (embed.title or "").startswith("Path"):
            embed.set_image(url=f"attachment://{PATH_FILE}")
            return True
    return False


class DiscordPoster:
    """Posts to Discord channels for the card executors and the scheduler.

    ``post`` sends plain text, mention-safe and split into 2,000-character messages (the
    ``Poster`` of ``ChannelPostExecutor``); ``post_reply`` sends a rendered ``Reply`` (a
    scheduled post). Both return the link to the last message and raise ``ActionFailed``
    when Discord refuses (no access, no channel).
    """

    def __init__(self, bot: DiscordSurface) -> None:
        self._bot = bot

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` to Discord channel ``channel`` (an id); return the message link."""
        return await self._send(platform, channel, text, key=None)

    async def post_once(self, *, platform: str, channel: str, text: str, key: str) -> str:
        """Post as ``post`` does, with ``key`` as Discord's enforced message nonce, so a
        repeat with the same key (a retry after a lost answer) is not shown twice."""
        return await self._send(platform, channel, text, key=key)

    async def post_reply(self, *, channel: str, reply: Reply) -> str:
        """Post ``reply`` as embeds (sources, card buttons); return the last message's link."""
        try:
            sent = await send_reply((await self._channel(channel)).send, reply)
        except discord.HTTPException as exc:
            raise ActionFailed("channel", f"Discord refused the post (HTTP {exc.status})") from exc
        log.info("discord: %d messages posted to channel %s", len(sent), channel)
        return str(getattr(sent[-1], "jump_url", channel)) if sent else channel

    async def _send(self, platform: str, channel: str, text: str, *, key: str | None) -> str:
        if platform != "discord":
            raise ValueError(f"DiscordPoster posts to discord, not {platform!r}")
        try:
            target = await self._channel(channel)
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

    async def _channel(self, channel: str) -> discord.abc.Messageable:
        """The channel an id names, if it takes messages; raises ``ActionFailed`` if not."""
        if not channel.isdigit():
            raise ActionFailed("channel", f"{channel!r} is not a Discord channel id")
        target = self._bot.get_channel(int(channel)) or await self._bot.fetch_channel(int(channel))
        if not isinstance(target, discord.abc.Messageable):
            raise ActionFailed("channel", f"Discord channel {channel} does not take messages")
        return target
