"""The Slack adapter: Bolt events and posting answers, over BotCore.

The ``/hivebrain`` command lives in ``bots.slack._commands``, the card buttons in
``bots.slack._card_actions``, the assistant pane in ``bots.slack._assistant``, the
buttons under every answer (👍 / 👎, Sources) in ``bots.slack._answer_actions`` and a
digest's "still true" / "no longer true" in ``bots.slack._fact_actions``; all are
wired here and see this adapter only through ``bots.slack._surface.SlackSurface``. Every
post goes through ``bots.slack._posting``.

An answer in a thread (a mention, an assistant thread, a reply in a bot thread) shows
what the desks are doing as the thread's status (``assistant.threads.setStatus``, at
most once a second, cleared when the answer is posted) and is then streamed, checked,
in one stream (``bots.slack._posting.stream_reply``). A DM outside a thread gets one
posted message, as before.

Slack wants every request acknowledged within three seconds, and a turn can take longer,
so each listener only checks the payload, acks and starts a named task that does the
work; ``drain`` awaits those tasks (tests, shutdown). Bolt runs with
``process_before_response=True`` so a listener finishes before the HTTP response (or the
Socket Mode ack) goes out, which is immediate because listeners never await the turn.

Mentions, direct messages and replies in threads the bot answered become
``InboundMessage``\\s; core dedupes, binds the workspace to its tenant, answers and turns
failures into an apology with an error id. What is posted is rendered by
``bots.slack._render`` (mentions neutralised) and sent by ``bots.slack._posting``.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web
from slack_bolt.adapter.socket_mode.aiohttp import AsyncSocketModeHandler
from slack_bolt.app.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import (
    MODES,
    Attachment,
    BotCore,
    BotSettings,
    Fetch,
    InboundMessage,
    Reply,
    Throttle,
)
from bots.slack._answer_actions import REASON_VIEW, SlackAnswerActions
from bots.slack._assistant import ServerThreadContextStore, SlackAssistant
from bots.slack._card_actions import VERBS, SlackCardActions
from bots.slack._commands import SlackCommands
from bots.slack._fact_actions import ANSWERS, SlackFactActions
from bots.slack._fix_actions import ACTION_FIX, FIX_VIEW, SlackFixActions
from bots.slack._installs import new_slack_app, slack_routes
from bots.slack._posting import post_reply, stream_reply
from bots.slack._render import ACTION_FEEDBACK, ACTION_SOURCES, Block
from bots.slack._web import SlackFile, slack_error, slack_web
from brain import HivebrainError, InputInvalid, digest_key

log = logging.getLogger(__name__)


THINKING, DONE, FAILED = "eyes", "white_check_mark", "warning"
MAX_FILE_BYTES = 20_000_000
FETCH_TIMEOUT_S = 30.0
#: Threads the bot answered, marked on the server so replies there need no mention.
BOT_THREAD_NOTE = "bot-thread"
BOT_THREAD_KEEP_S = 30 * 24 * 3600
#: The thread status is sent at most this often while the desks work.
STATUS_EVERY_S = 1.0
_FILE_HOSTS = (".slack.com", ".slack-edge.com", ".slack-gov.com")


class SlackAdapter:
    """One Bolt ``AsyncApp`` wired to a ``BotCore``, and the tasks doing its slow work."""

    def __init__(
        self, core: BotCore, settings: BotSettings, *, client: AsyncWebClient | None = None
    ) -> None:
        self.core = core
        self.settings = settings
        self.pending: set[asyncio.Task[None]] = set()
        #: (team, user) -> (display name, e-mail) from users.info, so "my" questions can
        #: find the user's Person; bounded, and asked once per user.
        self._profiles: OrderedDict[tuple[str, str], tuple[str, str]] = OrderedDict()
        self.app = new_slack_app(settings, core.brain.registry, client=client)
        self._api_host = urlsplit(self.app.client.base_url).hostname
        # Bolt's listener decorators are typed loosely (untyped patterns and middleware);
        # what they register is checked by the handlers' own signatures.
        routes = cast(Any, self.app)
        routes.event("app_mention")(self._on_mention)
        routes.event("message")(self._on_message)
        self.commands = SlackCommands(self)
        self.card_actions = SlackCardActions(self)
        self.fix_actions = SlackFixActions(self)
        self.answer_actions = SlackAnswerActions(self, self.fix_actions)
        self.fact_actions = SlackFactActions(self)
        self.assistant = SlackAssistant(self, ServerThreadContextStore(core.brain))
        routes.command("/hivebrain")(self.commands.on_command)
        for action_id in VERBS:
            routes.action(action_id)(self.card_actions.on_card_action)
        routes.action(ACTION_FEEDBACK)(self.answer_actions.on_feedback)
        routes.action(ACTION_SOURCES)(self.answer_actions.on_sources)
        routes.view(REASON_VIEW)(self.answer_actions.on_reason)
        for mode in MODES:
            routes.action(f"{ACTION_FIX}:{mode}")(self.fix_actions.on_fix)
        routes.view(FIX_VIEW)(self.fix_actions.on_submit)
        for action_id in ANSWERS:
            routes.action(action_id)(self.fact_actions.on_check)
        routes.assistant(self.assistant.middleware)
        _ADAPTERS[self.app] = self

    # --- tasks ---------------------------------------------------------------------------

    def spawn(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` after the ack, keeping a reference so it is neither lost nor orphaned."""
        task = asyncio.create_task(self._guard(name, work), name=name)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _guard(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception:  # the adapter's top-level handler: nothing else is left to tell
            log.exception("slack task %s failed", name)

    async def drain(self) -> None:
        """Wait until every started task (and any task it started) has finished."""
        while self.pending:
            await asyncio.gather(*list(self.pending))

    # --- messages ------------------------------------------------------------------------

    async def _on_mention(
        self,
        body: dict[str, Any],
        event: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        if _is_user_message(event):
            await self.accept(body, event, context, client)

    async def _on_message(
        self,
        body: dict[str, Any],
        event: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        if not _is_user_message(event):
            return
        team = context.team_id or ""
        if event.get("channel_type") == "im":
            await self.accept(body, event, context, client)
        elif context.bot_user_id and f"<@{context.bot_user_id}>" in event.get("text", ""):
            return  # the app_mention event for the same message answers it
        elif await self.is_bot_thread(team, event["channel"], event.get("thread_ts") or ""):
            await self.accept(body, event, context, client)

    async def accept(
        self,
        body: dict[str, Any],
        event: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
        *,
        assistant: bool = False,
    ) -> None:
        """Take a person's message to answer (deduped), and start the answer's task.

        ``assistant``: it came in an assistant thread, whose viewed channel goes with the
        question and whose status (not a reaction) says the bot is working."""
        team, channel, ts = context.team_id or "", event["channel"], event["ts"]
        # A retry (X-Slack-Retry-Num) repeats the event id and the ts; a mention also
        # arrives as a message event with another id but the same ts. So one claim on the
        # message's ts covers both, checked here, before reacting. (Two claims, of the event
        # and of the message, lost deliveries: with three processes given one event at
        # once, one won the first claim and another the second, and both dropped it.)
        tenant = await self.core.tenant_slug("slack", team)  # the claim sits in its slot
        if not await self.core.seen.first_time(
            f"slack-message:{team}:{channel}:{ts}", tenant=tenant
        ):
            log.info("duplicate slack delivery of %s in %s ignored", ts, channel)
            return
        text = event.get("text", "")
        if context.bot_user_id:
            text = text.replace(f"<@{context.bot_user_id}>", "").strip()
        thread_ts = event.get("thread_ts")
        msg = InboundMessage(
            platform="slack",
            workspace_id=team,
            channel_id=channel,
            thread_id=f"{channel}:{thread_ts}" if thread_ts else None,
            user_id=event.get("user", ""),
            text=text,
            message_id=f"{channel}:{ts}",
            attachments=_attachments(event),
        )
        # Channels answer in a thread; a DM answers inline unless asked in a thread.
        reply_ts = thread_ts or (None if event.get("channel_type") == "im" else ts)
        how = _Asked(ts=ts, reply_ts=reply_ts, token=context.bot_token, assistant=assistant)
        self.spawn(f"slack-answer-{channel}-{ts}", self._answer(client, msg, how))

    async def _answer(self, client: AsyncWebClient, msg: InboundMessage, how: _Asked) -> None:
        channel, ts = msg.channel_id, how.ts
        if not how.assistant:  # an assistant thread shows its status instead
            await self._react(client, channel, ts, add=THINKING)
        fetch = self._fetcher(how.token) if msg.attachments else None
        name, email = await self._profile(client, msg.workspace_id, msg.user_id)
        viewing = None
        if how.assistant:  # the channel the user is looking at, from the thread's context
            viewing = await self.assistant.viewing(channel, how.reply_ts or ts)
        msg = msg.model_copy(
            update={"user_name": name, "user_email": email, "viewing_channel_id": viewing}
        )
        status = self._status(client, channel, how.reply_ts) if how.reply_ts else None
        try:
            reply = await self.core.handle_message(
                msg, fetch=fetch, progress=status.update if status else None
            )
        finally:
            if status is not None:
                await status.close()
        if reply is None:
            await self._finish(client, channel, how, ok=None)
            return
        try:
            if how.reply_ts:
                await self.stream_answer(
                    client, msg.workspace_id, channel, reply, thread_ts=how.reply_ts, asker=msg
                )
            else:
                await self.post_answer(client, msg.workspace_id, channel, reply)
        except SlackApiError as exc:
            log.error("slack refused the answer in %s: %s", channel, slack_error(exc))
            await self._finish(client, channel, how, ok=False)
            return
        await self._finish(client, channel, how, ok=not reply.error_id)

    def _status(self, client: AsyncWebClient, channel: str, thread_ts: str) -> Throttle:
        """The thread's status line while the desks work, at most once a second."""
        api = slack_web(client)

        async def send(line: str) -> None:
            try:
                await api.assistant_threads_setStatus(
                    channel_id=channel, thread_ts=thread_ts, status=f"is {line}…"
                )
            except SlackApiError as exc:  # no status where Slack allows none: still answer
                log.info("status in %s not set: %s", channel, slack_error(exc))

        return Throttle(send, every_s=STATUS_EVERY_S, name=f"slack-status-{channel}-{thread_ts}")

    async def _finish(
        self, client: AsyncWebClient, channel: str, how: _Asked, *, ok: bool | None
    ) -> None:
        """Clear the thread's status and swap the 👀 for ✅ / ⚠️ (None: nothing posted)."""
        if how.reply_ts:
            try:
                await slack_web(client).assistant_threads_setStatus(
                    channel_id=channel, thread_ts=how.reply_ts, status=""
                )
            except SlackApiError as exc:
                log.info("status in %s not cleared: %s", channel, slack_error(exc))
        if how.assistant:
            return
        after = None if ok is None else (DONE if ok else FAILED)
        await self._react(client, channel, how.ts, remove=THINKING, add=after)

    async def stream_answer(
        self,
        client: AsyncWebClient,
        team: str,
        channel: str,
        reply: Reply,
        *,
        thread_ts: str,
        asker: InboundMessage,
    ) -> list[str]:
        """Remember the thread, then stream ``reply`` into it
        (``bots.slack._posting.stream_reply``); return the ts's. Raises ``SlackApiError``
        if Slack refuses it all."""
        # marked first: a follow-up sent the moment the answer shows (while its path picture
        # still uploads) may reach another process, which must know the thread is the bot's
        await self.remember_thread(team, channel, thread_ts)
        return await stream_reply(
            client,
            channel,
            reply,
            thread_ts=thread_ts,
            recipient_user_id=asker.user_id,
            recipient_team_id=team,
        )

    async def post_answer(
        self,
        client: AsyncWebClient,
        team: str,
        channel: str,
        reply: Reply,
        *,
        thread_ts: str | None = None,
        lead: list[Block] | None = None,
    ) -> list[str]:
        """Post ``reply`` in ``channel`` (``bots.slack._posting.post_reply``: its parts, then
        the path PNG) and remember the thread, so replies there need no mention; return
        the ts's. Raises ``SlackApiError`` if the first message is refused.
        """
        posted = await post_reply(client, channel, reply, thread_ts=thread_ts, lead=lead)
        await self.remember_thread(team, channel, thread_ts or (posted[0] if posted else None))
        return posted

    async def remember_thread(self, team: str, channel: str, thread_ts: str | None) -> None:
        """Answer later replies in this thread without a mention, in whichever process they
        reach (the mark is a note on the server; losing it costs only that convenience)."""
        if not thread_ts:
            return
        key = digest_key(team, channel, thread_ts)
        try:
            tenant = await self.core.tenant_slug("slack", team)
            await self.core.brain.notes.put(
                BOT_THREAD_NOTE, key, {}, ttl_s=BOT_THREAD_KEEP_S, tenant=tenant
            )
        except HivebrainError as exc:
            log.warning("could not mark the bot's thread on the server: %s", exc)

    async def is_bot_thread(self, team: str, channel: str, thread_ts: str) -> bool:
        """Whether the bot has posted in this thread (any process, within the keep time)."""
        if not thread_ts:
            return False
        key = digest_key(team, channel, thread_ts)
        try:
            tenant = await self.core.tenant_slug("slack", team)
            note = await self.core.brain.notes.get(
                BOT_THREAD_NOTE, key, tenant=tenant, kept_s=BOT_THREAD_KEEP_S
            )
            return note is not None
        except HivebrainError as exc:  # a reply without a mention waits for the server
            log.warning("could not read the bot's thread mark: %s", exc)
            return False

    async def _profile(self, client: AsyncWebClient, team: str, user: str) -> tuple[str, str]:
        """(real or display name, e-mail) of a user's profile; blanks if Slack won't say
        (no ``users:read.email`` scope, a deleted user)."""
        key = (team, user)
        if key not in self._profiles:
            found = ("", "")
            if user:
                try:
                    reply = await slack_web(client).users_info(user=user)
                    info: dict[str, Any] = reply.get("user") or {}
                    profile: dict[str, Any] = info.get("profile") or {}
                    name = profile.get("real_name") or info.get("real_name") or ""
                    found = (
                        str(name or profile.get("display_name") or ""),
                        str(profile.get("email") or ""),
                    )
                except SlackApiError as exc:
                    log.info("profile of %s not read: %s", user, slack_error(exc))
            self._profiles[key] = found
            while len(self._profiles) > 10_000:
                self._profiles.popitem(last=False)
        return self._profiles[key]

    async def _react(
        self,
        client: AsyncWebClient,
        channel: str,
        ts: str,
        *,
        add: str | None = None,
        remove: str | None = None,
    ) -> None:
        """Swap reactions; a missing scope or a deleted message must not stop the answer."""
        api = slack_web(client)
        for method, name in ((api.reactions_remove, remove), (api.reactions_add, add)):
            if name is None:
                continue
            try:
                await method(channel=channel, timestamp=ts, name=name)
            except SlackApiError as exc:
                log.info("reaction %s on %s not changed: %s", name, ts, slack_error(exc))

    def _fetcher(self, token: str | None) -> Fetch:
        """Download a file the user attached, with the bot token, from Slack's hosts only."""

        async def fetch(url: str) -> bytes:
            host = urlsplit(url).hostname or ""
            if not (host.endswith(_FILE_HOSTS) or host == self._api_host):
                raise InputInvalid("that file isn't hosted by Slack, so I didn't download it")
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            try:
                async with (
                    asyncio.timeout(FETCH_TIMEOUT_S),
                    aiohttp.ClientSession() as session,
                    session.get(url, headers=headers) as resp,
                ):
                    if resp.status != 200 or resp.content_type == "text/html":
                        raise InputInvalid("Slack didn't hand the file over (files:read?)")
                    data = await resp.content.read(MAX_FILE_BYTES + 1)
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise InputInvalid("I couldn't download the file from Slack") from exc
            if len(data) > MAX_FILE_BYTES:
                raise InputInvalid(f"the file is over {MAX_FILE_BYTES // 1_000_000} MB")
            return data

        return fetch


@dataclass(frozen=True, slots=True)
class _Asked:
    """How a message asked: its ts, the thread to answer in (None: inline), the bot token,
    and whether it came in an assistant thread."""

    ts: str
    reply_ts: str | None
    token: str | None
    assistant: bool


def _is_user_message(event: dict[str, Any]) -> bool:
    """A person's message: no bot posts, no edits or joins (a file share still counts)."""
    if event.get("bot_id") or event.get("subtype") not in (None, "file_share"):
        return False
    return bool(event.get("user") and event.get("channel") and event.get("ts"))


def _attachments(event: dict[str, Any]) -> list[Attachment]:
    raw_files = cast(list[SlackFile], event.get("files") or [])  # Slack's payload, as sent
    files = [f for f in raw_files if f.get("url_private") and f.get("mode") != "tombstone"]
    return [
        Attachment(
            name=str(f.get("name") or f.get("title") or "file"),
            url=str(f.get("url_private_download") or f.get("url_private")),
            size=max(int(f.get("size") or 0), 0),
            content_type=str(f.get("mimetype") or "application/octet-stream"),
        )
        for f in files
    ]


_ADAPTERS: weakref.WeakKeyDictionary[AsyncApp, SlackAdapter] = weakref.WeakKeyDictionary()


def build_slack_app(
    core: BotCore, settings: BotSettings, *, client: AsyncWebClient | None = None
) -> AsyncApp:
    """The Bolt app answering Slack for ``core``; pass ``client`` to aim it elsewhere (tests).

    See ``new_slack_app`` for the modes and what raises. ``drain(app)`` awaits its work.
    """
    return SlackAdapter(core, settings, client=client).app


def adapter_of(app: AsyncApp) -> SlackAdapter:
    """The adapter behind an app from ``build_slack_app``; raises ``KeyError`` for others."""
    return _ADAPTERS[app]


async def drain(app: AsyncApp) -> None:
    """Wait for the answers, commands and clicks the app has acknowledged but not finished."""
    await adapter_of(app).drain()


@dataclass(frozen=True, slots=True)
class SlackService:
    """Slack as ``serve`` runs it: HTTP routes to mount, or a live Socket Mode connection."""

    adapter: SlackAdapter
    routes: list[web.RouteDef] = field(default_factory=list)
    socket: AsyncSocketModeHandler | None = None

    async def close(self) -> None:
        """Disconnect Socket Mode, then let acknowledged work finish."""
        if self.socket is not None:
            await self.socket.close_async()
        await self.adapter.drain()


async def run_slack(
    core: BotCore, settings: BotSettings, *, client: AsyncWebClient | None = None
) -> SlackService:
    """Start Slack: Socket Mode when ``SLACK_APP_TOKEN`` is set, else routes to serve over HTTP.

    In HTTP mode nothing is started: mount ``service.routes`` (``/slack/events``, plus
    ``/slack/install`` and ``/slack/oauth_redirect`` under OAuth) on the ``serve`` web
    app. Call ``close()`` on shutdown either way.
    """
    adapter = SlackAdapter(core, settings, client=client)
    if settings.slack_app_token is None:
        return SlackService(adapter, routes=slack_routes(adapter.app))
    handler = AsyncSocketModeHandler(
        adapter.app,
        app_token=settings.slack_app_token.get_secret_value(),
        web_client=adapter.app.client,
    )
    await handler.connect_async()
    log.info("slack socket mode connected")
    return SlackService(adapter, socket=handler)
