"""Slack's assistant surface through Bolt's ``AsyncAssistant``: the side pane's threads.

* ``assistant_thread_started``: up to four suggested prompts made from the tenant's own
  brain (``BotCore.suggestions``: its busiest metric, newest decision, an open incident,
  its last meeting), never canned text; an unbound workspace is told how to connect.
* ``assistant_thread_context_changed``: the channel the user is viewing is kept, on the
  FalkorDB server (``ServerThreadContextStore``), so any process answering the thread
  knows it; each question carries it (``InboundMessage.viewing_channel_id``), and that
  channel's scope holds the answer and the suggested prompts (``agents._scope``).
* a message in the thread: answered like a mention, with the thread's status showing
  what the desks are doing and the checked answer streamed (the adapter's ``accept``).

Listeners only check the payload and hand slow work to the adapter's ``spawn``, as every
listener does, because Bolt runs with ``process_before_response=True``.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from slack_bolt.context.assistant.thread_context import AssistantThreadContext
from slack_bolt.context.assistant.thread_context_store.async_store import (
    AsyncAssistantThreadContextStore,
)
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.middleware.assistant.async_assistant import AsyncAssistant
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.slack._surface import SlackSurface
from bots.slack._web import slack_error, slack_web
from brain import Brain, HivebrainError

log = logging.getLogger(__name__)

#: How long a thread's viewed channel is kept (Slack keeps assistant threads much longer,
#: but a thread idle for a month starts over with the channel of its next context change).
THREAD_CONTEXT_TTL_S = 30 * 86_400
NOTE_KIND = "slack-assistant"
PROMPTS_TITLE = "From your records"
NOT_CONNECTED = (
    "This workspace isn't connected to a brain yet. An admin can run `/hivebrain connect` "
    "to create one."
)


class ServerThreadContextStore(AsyncAssistantThreadContextStore):
    """Bolt's thread context store, on the FalkorDB server: every process sees one thread's
    viewed channel (Bolt's default keeps it in a message's metadata, read back with an extra
    Web API call per question).

    Its notes stay under their global keys, not in the tenant's cluster slot: Bolt calls
    ``save`` and ``find`` with a channel and a thread only, and the workspace they belong
    to (so the tenant) is not among them. A lost context costs only the "viewing" hint.
    """

    def __init__(self, brain: Brain) -> None:
        self._brain = brain  # its notes are read on each call: the brain starts after us

    async def save(self, *, channel_id: str, thread_ts: str, context: dict[str, str]) -> None:
        """Keep the context of one assistant thread; a bad id or an unreachable server is
        logged (the answer does not need it)."""
        kept = {k: str(v) for k, v in context.items() if v}
        try:
            await self._brain.notes.put(
                NOTE_KIND, f"{channel_id}:{thread_ts}", kept, ttl_s=THREAD_CONTEXT_TTL_S
            )
        except (ValueError, RuntimeError, HivebrainError) as exc:
            log.warning("assistant thread context of %s not kept: %s", channel_id, exc)

    async def find(self, *, channel_id: str, thread_ts: str) -> AssistantThreadContext | None:
        """The kept context of one assistant thread, or None."""
        try:
            found = await self._brain.notes.get(NOTE_KIND, f"{channel_id}:{thread_ts}")
        except (ValueError, RuntimeError, HivebrainError) as exc:
            log.warning("assistant thread context of %s not read: %s", channel_id, exc)
            return None
        if not found or not found.get("channel_id"):
            return None
        return AssistantThreadContext(found)


class SlackAssistant:
    """The assistant listeners of one adapter, and the Bolt middleware that routes to them."""

    def __init__(self, adapter: SlackSurface, store: ServerThreadContextStore) -> None:
        self.adapter = adapter
        self.store = store
        self.middleware = AsyncAssistant(thread_context_store=store)
        # Bolt's listener decorators are typed loosely, as the app's are (``_app``)
        listeners = cast(Any, self.middleware)
        listeners.thread_started(self.on_thread_started)
        listeners.thread_context_changed(self.on_context_changed)
        listeners.user_message(self.on_user_message)

    async def viewing(self, channel_id: str, thread_ts: str) -> str | None:
        """The channel the user was last viewing in this thread, if Slack said."""
        found = await self.store.find(channel_id=channel_id, thread_ts=thread_ts)
        return found.channel_id if found else None

    async def on_thread_started(
        self, payload: dict[str, Any], context: AsyncBoltContext, client: AsyncWebClient
    ) -> None:
        thread: dict[str, Any] = payload.get("assistant_thread") or {}
        channel, thread_ts = str(thread.get("channel_id", "")), str(thread.get("thread_ts", ""))
        if not channel or not thread_ts:
            return
        viewed: dict[str, Any] = thread.get("context") or {}
        if viewed.get("channel_id"):
            await self.store.save(channel_id=channel, thread_ts=thread_ts, context=viewed)
        self.adapter.spawn(
            f"slack-assistant-prompts-{channel}-{thread_ts}",
            self._suggest(
                client,
                context.team_id or "",
                channel,
                thread_ts,
                viewing=str(viewed.get("channel_id") or "") or None,
            ),
        )

    async def _suggest(
        self,
        client: AsyncWebClient,
        team: str,
        channel: str,
        thread_ts: str,
        *,
        viewing: str | None = None,
    ) -> None:
        api = slack_web(client)
        graph = await self.adapter.core.tenant_for("slack", team)
        try:
            if graph is None:
                await api.chat_postMessage(
                    channel=channel, thread_ts=thread_ts, text=NOT_CONNECTED, mrkdwn=True
                )
                return
            # about what the viewed channel may read, when it has a scope
            prompts = await self.adapter.core.suggestions("slack", team, viewing=viewing)
            if not prompts:
                log.info("no suggested prompts for %s: its brain holds none of the kinds", team)
                return
            await api.assistant_threads_setSuggestedPrompts(
                channel_id=channel,
                thread_ts=thread_ts,
                title=PROMPTS_TITLE,
                prompts=[{"title": p.title, "message": p.message} for p in prompts],
            )
        except SlackApiError as exc:
            log.warning("suggested prompts not set in %s: %s", channel, slack_error(exc))

    async def on_context_changed(self, payload: dict[str, Any]) -> None:
        thread: dict[str, Any] = payload.get("assistant_thread") or {}
        channel, thread_ts = str(thread.get("channel_id", "")), str(thread.get("thread_ts", ""))
        viewed: dict[str, Any] = thread.get("context") or {}
        if channel and thread_ts and viewed.get("channel_id"):
            await self.store.save(channel_id=channel, thread_ts=thread_ts, context=viewed)

    async def on_user_message(
        self,
        body: dict[str, Any],
        payload: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        if payload.get("subtype") not in (None, "file_share") or not payload.get("user"):
            return
        await self.adapter.accept(body, payload, context, client, assistant=True)
