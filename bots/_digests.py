"""The scheduler's poster: a job's ``Post`` becomes a ``Reply`` each platform renders.

Jobs write plain lines and name the records they cite; here a post turns into the same
``Reply`` an answer is, so Slack gets blocks (sections, a sources context, card buttons)
and Discord gets content and embeds, each within its platform's limits, through the
renderers every answer uses. A platform that is not running in this process refuses the
post with ``ActionFailed`` (the runner logs it and tries the others).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from agents.errors import ActionFailed
from bots.core import CardView, Citation, Reply
from scheduler import Post

if TYPE_CHECKING:
    from slack_sdk.web.async_client import AsyncWebClient

    from bots.discord import HivebrainDiscord

log = logging.getLogger(__name__)


def post_reply(post: Post) -> Reply:
    """The ``Reply`` a job's post is shown as: title and lines, sources, cards, notes."""
    return Reply(
        answer="\n".join([f"**{post.title}**", *post.lines]),
        verified=True,
        citations=[Citation(id=c.id, title=c.title, url=c.url) for c in post.citations],
        cards=[
            CardView(
                id=c.id,
                kind=c.kind,
                title=c.title,
                preview=c.preview,
                status="pending",
                proposed_by=c.proposed_by,
            )
            for c in post.cards
        ],
        notes=list(post.notes),
    )


class DigestPoster:
    """Posts job output to Slack and Discord (``scheduler.DigestPoster``).

    Set ``slack`` (a Web API client) and ``discord`` (a logged-in bot) for the platforms
    this process runs; ``console`` collects posts for a platform named ``console`` (the
    CLI prints them).
    """

    def __init__(
        self, *, slack: AsyncWebClient | None = None, discord: HivebrainDiscord | None = None
    ) -> None:
        self.slack = slack
        self.discord = discord
        self.console: list[tuple[str, Reply]] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        """Render ``post`` for ``platform`` and send it to ``channel``; return where it went."""
        reply = post_reply(post)
        if platform == "slack" and self.slack is not None:
            return await self._slack(channel, reply)
        if platform == "discord" and self.discord is not None:
            return await self._discord(channel, reply)
        if platform == "console":
            self.console.append((channel, reply))
            return f"console/{len(self.console)}"
        raise ActionFailed("channel", f"{platform} is not running in this process")

    async def _slack(self, channel: str, reply: Reply) -> str:
        from slack_sdk.errors import SlackApiError, SlackClientError

        from bots.slack import fallback_text, render_reply_blocks
        from bots.slack._installs import POST_OPTIONS
        from bots.slack._web import slack_error, slack_web

        assert self.slack is not None
        ts = ""
        try:
            for blocks in render_reply_blocks(reply):
                resp: Any = await slack_web(self.slack).chat_postMessage(
                    channel=channel,
                    text=fallback_text(reply),
                    blocks=blocks,
                    **POST_OPTIONS,
                )
                ts = str(resp["ts"])
        except SlackApiError as exc:
            raise ActionFailed("channel", f"Slack refused the post ({slack_error(exc)})") from exc
        except (SlackClientError, OSError, TimeoutError) as exc:
            raise ActionFailed("channel", "Slack could not be reached; try again") from exc
        log.info("slack: digest posted to %s", channel)
        return f"{channel}/{ts}"

    async def _discord(self, channel: str, reply: Reply) -> str:
        import discord

        bot = self.discord
        assert bot is not None
        if not channel.isdigit():
            raise ActionFailed("channel", f"{channel!r} is not a Discord channel id")
        try:
            target = bot.get_channel(int(channel)) or await bot.fetch_channel(int(channel))
            if not isinstance(target, discord.abc.Messageable):
                raise ActionFailed("channel", f"Discord channel {channel} does not take messages")
            sent = await bot.send_reply(target.send, reply)
        except discord.HTTPException as exc:
            raise ActionFailed("channel", f"Discord refused the post (HTTP {exc.status})") from exc
        log.info("discord: digest posted to %s", channel)
        return str(getattr(sent[-1], "jump_url", channel)) if sent else channel
