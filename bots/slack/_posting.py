"""Posting to Slack, in one place: answers, private notes, approved messages, scheduled posts.

An answer in a thread is streamed (``stream_reply``): only once the turn's checks have
run, its text goes out in pieces (``chat.startStream``, ``chat.appendStream``), and
``chat.stopStream`` ends the message with the rest of the reply as blocks (the verified
line, path, sources, cards and the feedback buttons). Nothing unchecked is ever streamed.

A ``Reply`` may need several messages (Block Kit allows 50 blocks and about 40k characters
of text per message), so ``send_reply`` renders it once and sends the parts in order
through whatever carries them: ``chat.postMessage`` for answers and scheduled posts, a
``response_url`` when the bot may not post in the channel. Every message goes out with
``POST_OPTIONS``: no unfurls, and no name ever turned into a ping.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.oauth.installation_store.async_installation_store import AsyncInstallationStore
from slack_sdk.web.async_client import AsyncWebClient

from agents.errors import ActionFailed
from bots.core import BotSettings, Reply, render_path_png
from bots.slack._render import (
    MAX_BLOCKS,
    Block,
    fallback_text,
    render_reply_blocks,
    stream_pieces,
    to_mrkdwn,
    to_stream_markdown,
)
from bots.slack._web import slack_error, slack_web
from brain import Registry

log = logging.getLogger(__name__)

PLATFORM = "slack"
#: Every post: no link unfurls, and no name ever turned into a ping.
POST_OPTIONS: dict[str, Any] = {
    "unfurl_links": False,
    "unfurl_media": False,
    "link_names": False,
    "parse": "none",
}

#: Sends one message's blocks with its notification text; returns the message's ts ("" when
#: the carrier does not say, as a response_url does not).
SendBlocks = Callable[[list[Block], str], Awaitable[str]]


async def send_reply(
    send: SendBlocks, reply: Reply, *, lead: list[Block] | None = None
) -> list[str]:
    """Post ``reply`` through ``send``, one message per rendered part; return the ts's.

    ``lead`` blocks go first in the first message when they fit (the question of a slash
    command). The first message carries the reply's fallback text, later ones
    "(continued)". Whatever ``send`` raises (``SlackApiError``) stops the rest.
    """
    messages = render_reply_blocks(reply)
    if lead and messages and len(messages[0]) + len(lead) <= MAX_BLOCKS:
        messages[0] = [*lead, *messages[0]]
    return [
        await send(blocks, fallback_text(reply) if i == 0 else "(continued)")
        for i, blocks in enumerate(messages)
    ]


async def post_reply(
    client: AsyncWebClient,
    channel: str,
    reply: Reply,
    *,
    thread_ts: str | None = None,
    lead: list[Block] | None = None,
    token: str | None = None,
) -> list[str]:
    """Post ``reply`` to ``channel`` (in ``thread_ts``), then the path PNG; return the ts's.

    ``token`` is the workspace's bot token under OAuth (None: the client's own). Raises
    ``SlackApiError`` if the first message is refused; a picture that fails is logged.
    """
    web = slack_web(client)

    async def send(blocks: list[Block], text: str) -> str:
        resp = await web.chat_postMessage(
            channel=channel,
            thread_ts=thread_ts,
            blocks=blocks,
            text=text,
            token=token,
            **POST_OPTIONS,
        )
        return str(resp["ts"])

    posted = await send_reply(send, reply, lead=lead)
    if reply.path_nodes and posted:
        await _upload_path(client, channel, reply, thread_ts or posted[0], token=token)
    return posted


#: An answer longer than this is posted whole, not streamed (a stream is one message, and
#: Slack keeps about 40,000 characters of one).
STREAM_LIMIT = 30_000


async def stream_reply(
    client: AsyncWebClient,
    channel: str,
    reply: Reply,
    *,
    thread_ts: str,
    recipient_user_id: str,
    recipient_team_id: str,
    token: str | None = None,
) -> list[str]:
    """Stream the checked ``reply`` into ``thread_ts``: one stream (start, appends, stop),
    then any blocks beyond one message as replies, then the path PNG; return the ts's.

    A stream Slack refuses before it starts (an older workspace, a missing scope) falls
    back to ``post_reply``; one that fails midway is finished with ``chat.update`` so the
    message still ends whole. Raises ``SlackApiError`` only if the fallback is refused.
    """
    text = to_stream_markdown(reply.answer.strip())
    if not text or len(text) > STREAM_LIMIT:
        return await post_reply(client, channel, reply, thread_ts=thread_ts, token=token)
    web = slack_web(client)
    pieces = stream_pieces(text)
    tail = render_reply_blocks(reply, answer=False)
    stream = await web.chat_stream(
        channel=channel,
        thread_ts=thread_ts,
        buffer_size=1,  # every piece is one call: the pieces are already sized
        recipient_team_id=recipient_team_id,
        recipient_user_id=recipient_user_id,
        token=token,
    )
    try:
        for piece in pieces[:-1]:
            await stream.append(markdown_text=piece)
        await stream.stop(markdown_text=pieces[-1], blocks=tail[0] if tail else None)
    except SlackApiError as exc:
        if stream.ts is None:
            log.info("slack refused a stream in %s (%s): posting", channel, slack_error(exc))
            return await post_reply(client, channel, reply, thread_ts=thread_ts, token=token)
        error = slack_error(exc)
        log.warning("stream %s in %s broke (%s): finishing it", stream.ts, channel, error)
        await _finish_broken_stream(client, channel, stream.ts, reply, token=token)
        tail = render_reply_blocks(reply)
    posted = [stream.ts] if stream.ts else []
    for blocks in tail[1:]:
        resp = await web.chat_postMessage(
            channel=channel,
            thread_ts=thread_ts,
            blocks=blocks,
            text="(continued)",
            token=token,
            **POST_OPTIONS,
        )
        posted.append(str(resp["ts"]))
    if reply.path_nodes and posted:
        await _upload_path(client, channel, reply, thread_ts, token=token)
    return posted


async def _finish_broken_stream(
    client: AsyncWebClient, channel: str, ts: str, reply: Reply, *, token: str | None
) -> None:
    """Replace a stream that broke midway with the whole first message of the reply."""
    first = render_reply_blocks(reply)[0]
    try:
        await slack_web(client).chat_update(
            channel=channel,
            ts=ts,
            blocks=first,
            text=fallback_text(reply),
            token=token,
            link_names=False,
            parse="none",
        )
    except SlackApiError as exc:
        log.warning("broken stream %s not finished: %s", ts, slack_error(exc))


async def respond_reply(respond: AsyncRespond, reply: Reply) -> None:
    """Post ``reply`` in the channel through a command's ``response_url`` (for channels the
    bot is not a member of, where ``chat.postMessage`` is refused)."""

    async def send(blocks: list[Block], text: str) -> str:
        await respond(text=text, blocks=blocks, response_type="in_channel", replace_original=False)
        return ""

    await send_reply(send, reply)


async def _upload_path(
    client: AsyncWebClient, channel: str, reply: Reply, thread_ts: str, *, token: str | None
) -> None:
    try:
        png = await asyncio.to_thread(render_path_png, reply.path_nodes, reply.path_edges)
        await slack_web(client).files_upload_v2(
            channel=channel,
            thread_ts=thread_ts,
            content=png,
            filename="path.png",
            title="The path behind this answer",
            token=token,
        )
    except (SlackClientError, aiohttp.ClientError, OSError, ValueError) as exc:
        log.warning("path picture not uploaded to %s: %s", channel, exc)


async def tell(
    client: AsyncWebClient,
    respond: AsyncRespond | None,
    channel: str,
    user: str,
    text: str,
    *,
    thread_ts: str | None = None,
) -> None:
    """Say ``text`` to ``user`` only (``chat.postEphemeral``, else the response_url)."""
    safe = to_mrkdwn(text)
    try:
        await slack_web(client).chat_postEphemeral(
            channel=channel,
            user=user,
            text=safe,
            thread_ts=thread_ts,
            link_names=False,
            parse="none",
        )
    except SlackApiError as exc:
        if respond is None:
            raise
        log.info("ephemeral note sent by response_url (%s)", slack_error(exc))
        await respond(text=safe, response_type="ephemeral", replace_original=False)


class SlackPoster:
    """Posts to Slack channels for the card executors and the scheduler.

    ``post`` sends an approved message as plain text (the ``Poster`` of
    ``ChannelPostExecutor``); ``post_reply`` sends a rendered ``Reply`` (a scheduled
    post). ``channel`` is a channel id; with OAuth (many workspaces) write ``T123/C456``
    so the poster can find that workspace's bot token in ``installations``. Raises
    ``ActionFailed`` when Slack refuses or cannot be reached.
    """

    def __init__(
        self, client: AsyncWebClient, *, installations: AsyncInstallationStore | None = None
    ) -> None:
        self._client = client
        self._installations = installations

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` (rendered like every answer, so it can't ping); return ``channel/ts``."""
        if platform != PLATFORM:
            raise ValueError(f"SlackPoster posts to slack, not {platform!r}")
        bare, token = await self._target(channel)
        try:
            resp = await slack_web(self._client).chat_postMessage(
                channel=bare, text=to_mrkdwn(text), token=token, **POST_OPTIONS
            )
        except SlackApiError as exc:
            error = slack_error(exc)
            raise ActionFailed("channel", f"Slack refused the message ({error})") from exc
        except (SlackClientError, aiohttp.ClientError, TimeoutError) as exc:
            raise ActionFailed("channel", "Slack could not be reached; try again") from exc
        return f"{bare}/{resp['ts']}"

    async def post_reply(self, *, channel: str, reply: Reply) -> str:
        """Post ``reply`` as blocks (sources, card buttons); return ``channel/ts`` of the last."""
        bare, token = await self._target(channel)
        try:
            posted = await post_reply(self._client, bare, reply, token=token)
        except SlackApiError as exc:
            raise ActionFailed("channel", f"Slack refused the post ({slack_error(exc)})") from exc
        except (SlackClientError, aiohttp.ClientError, OSError, TimeoutError) as exc:
            raise ActionFailed("channel", "Slack could not be reached; try again") from exc
        log.info("slack: %d messages posted to %s", len(posted), bare)
        return f"{bare}/{posted[-1] if posted else ''}"

    async def _target(self, channel: str) -> tuple[str, str | None]:
        """The bare channel id and the bot token of its workspace (None: the client's)."""
        team, _, bare = channel.rpartition("/")
        if not team or self._installations is None:
            return bare, None
        bot = await self._installations.async_find_bot(enterprise_id=None, team_id=team)
        if bot is None:
            raise ActionFailed("channel", "hivebrain isn't installed in that Slack workspace")
        return bare, bot.bot_token


def slack_poster(settings: BotSettings, registry: Registry | None) -> SlackPoster:
    """A poster for Slack that answers nothing: for a process that only runs the scheduler.

    The same app (one workspace's token, or OAuth installs from the registry) as the
    adapter's, without its event routes or its Socket Mode connection.
    """
    from bots.slack._installs import RegistryInstallationStore, new_slack_app

    app = new_slack_app(settings, registry)
    store = app.installation_store
    return SlackPoster(
        app.client, installations=store if isinstance(store, RegistryInstallationStore) else None
    )
