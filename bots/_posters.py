"""Posting to the channels of every platform this process runs, through one object.

Each platform posts its own way (``bots.slack.SlackPoster``, ``bots.discord.DiscordPoster``,
where all of that platform's posting lives); ``ChannelPosters`` holds the ones running
here and hands each post to its platform's. It is both the card executors' ``Poster``
(approved messages, plain text) and the scheduler's ``DigestPoster``: a job's ``Post``
becomes the same ``Reply`` an answer is, so Slack gets blocks (sections, a sources
context, card buttons) and Discord content and embeds, through the renderers every
answer uses. A platform that is not running in this process refuses the post with
``ActionFailed`` (the runner logs it and tries the others); scheduled posts for the
platform ``console`` are collected in ``console`` (the CLI prints them).
"""

from __future__ import annotations

from typing import Protocol

from agents.cards import KeyedPoster
from agents.errors import ActionFailed
from bots.core import CardView, Citation, FactCheckView, Reply
from scheduler import Post


class PlatformPoster(Protocol):
    """One platform's poster: approved text, and rendered replies (``SlackPoster``...)."""

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` to ``channel``; return where it went."""
        ...

    async def post_reply(self, *, channel: str, reply: Reply) -> str:
        """Post ``reply`` to ``channel``, rendered for the platform; return where it went."""
        ...


def post_reply(post: Post) -> Reply:
    """The ``Reply`` a job's post is shown as: title and lines, sources, cards, notes, and
    the facts it asks the team to confirm."""
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
        checks=[FactCheckView(key=c.key, text=c.text, last=c.last) for c in post.checks],
    )


class ChannelPosters:
    """The posters of the platforms running here, by platform name (``add`` each one)."""

    def __init__(self) -> None:
        self.platforms: dict[str, PlatformPoster] = {}
        self.console: list[tuple[str, Reply]] = []

    def add(self, platform: str, poster: PlatformPoster) -> None:
        """Post to ``platform`` through ``poster`` from now on."""
        self.platforms[platform] = poster

    def _poster(self, platform: str) -> PlatformPoster:
        poster = self.platforms.get(platform)
        if poster is None:
            raise ActionFailed("channel", f"{platform} is not running in this process")
        return poster

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post approved ``text`` through the platform's own poster."""
        return await self._poster(platform).post(platform=platform, channel=channel, text=text)

    async def post_once(self, *, platform: str, channel: str, text: str, key: str) -> str:
        """Post with an idempotency key where the platform's poster takes one (Discord)."""
        poster = self._poster(platform)
        if isinstance(poster, KeyedPoster):
            return await poster.post_once(platform=platform, channel=channel, text=text, key=key)
        return await poster.post(platform=platform, channel=channel, text=text)

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        """Render a job's ``post`` for ``platform`` and send it to ``channel``; return where."""
        reply = post_reply(post)
        if platform == "console" and platform not in self.platforms:
            self.console.append((channel, reply))
            return f"console/{len(self.console)}"
        return await self._poster(platform).post_reply(channel=channel, reply=reply)
