"""The ``/hivebrain`` slash command in Slack: help, ask, connect and settings.

Slack wants the command acknowledged within three seconds: each branch acks at once and
hands slow work to the adapter's ``spawn``; answers are posted with the adapter's
``post_answer`` and private notes with ``bots.slack._posting.tell``.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Coroutine
from typing import Any

from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import (
    InboundMessage,
    MentionSyntax,
    apology,
    settings_command,
    settings_help,
)
from bots.slack._posting import respond_reply, tell
from bots.slack._render import Block, to_mrkdwn
from bots.slack._surface import SlackSurface
from bots.slack._web import slack_error

log = logging.getLogger(__name__)

#: How Slack writes a channel (``<#C123|name>``) and a person (``<@U123>``) in a command.
SLACK_MENTIONS = MentionSyntax(
    channel=re.compile(r"^<#([CG][A-Z0-9]+)(?:\|[^>]*)?>$"),
    user=re.compile(r"^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$"),
)

HELP = (
    "*hivebrain* answers questions about your business from its brain.\n"
    "• `/hivebrain ask <question>` — answer in this channel\n"
    "• `/hivebrain connect [name]` — create this workspace's brain (you become an approver)\n"
    "• `/hivebrain cards` — the cards proposed in this channel\n"
    "• `/hivebrain edit <card id> <new text>` — change a pending card before approving it\n"
    + settings_help("/hivebrain settings")
    + "\nYou can also mention me, message me directly, or reply in a thread I answered."
)
USAGE = "Try `/hivebrain help`."


class SlackCommands:
    """The ``/hivebrain`` listener of one adapter."""

    def __init__(self, adapter: SlackSurface) -> None:
        self.adapter = adapter

    async def on_command(
        self,
        ack: AsyncAck,
        command: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
        respond: AsyncRespond,
    ) -> None:
        sub, _, rest = command.get("text", "").strip().partition(" ")
        sub, rest = sub.lower(), rest.strip()
        team, user, channel = context.team_id or "", command["user_id"], command["channel_id"]
        name = f"slack-command-{sub or 'help'}-{command.get('trigger_id', '')}"
        if sub in ("", "help"):
            await ack(text=HELP)
        elif sub == "ask" and not rest:
            await ack(text="Ask a question: `/hivebrain ask who owns the invoice export?`")
        elif sub == "ask":
            await ack(text="Thinking… I'll post the answer here.", response_type="ephemeral")
            msg = InboundMessage(
                platform="slack",
                workspace_id=team,
                channel_id=channel,
                thread_id=None,
                user_id=user,
                text=rest,
                message_id=f"command:{command.get('trigger_id', '')}",
            )
            self.adapter.spawn(name, self._ask(client, respond, msg))
        elif sub == "connect":
            await ack()
            work = self.adapter.core.connect(
                "slack", team, user_id=user, name=rest or command.get("team_domain", "")
            )
            self.adapter.spawn(name, self._tell_after(client, respond, channel, user, work))
        elif sub == "cards":
            await ack()
            work = self.adapter.core.cards_in("slack", team, channel)
            self.adapter.spawn(name, self._tell_after(client, respond, channel, user, work))
        elif sub == "edit":
            await ack()
            card_id, _, text = rest.partition(" ")
            work = self.adapter.core.edit_card_text("slack", team, user, card_id, text.strip())
            self.adapter.spawn(name, self._tell_after(client, respond, channel, user, work))
        elif sub == "settings":
            await ack()
            work = self._settings(team, user, channel, rest)
            self.adapter.spawn(name, self._tell_after(client, respond, channel, user, work))
        else:
            await ack(text=f"I don't know `{to_mrkdwn(sub[:40])}`. {USAGE}")

    async def _ask(
        self, client: AsyncWebClient, respond: AsyncRespond, msg: InboundMessage
    ) -> None:
        reply = await self.adapter.core.handle_message(msg)
        if reply is None:
            return
        lead: Block = {
            "type": "context",
            "elements": [{"type": "mrkdwn", "text": f"_Asked: {to_mrkdwn(msg.text[:500])}_"}],
        }
        try:
            await self.adapter.post_answer(
                client, msg.workspace_id, msg.channel_id, reply, lead=[lead]
            )
        except SlackApiError as exc:  # not a member of the channel: answer via response_url
            log.info("answer to /hivebrain ask sent by response_url (%s)", slack_error(exc))
            await respond_reply(respond, reply)

    async def _tell_after(
        self,
        client: AsyncWebClient,
        respond: AsyncRespond,
        channel: str,
        user: str,
        work: Coroutine[Any, Any, str],
    ) -> None:
        error_id = uuid.uuid4().hex[:8]
        try:
            text = await work
        except Exception as exc:  # the command's top-level handler: log, apologise privately
            log.exception("error %s in /hivebrain for %s", error_id, user)
            text = apology(error_id, exc).answer
        await tell(client, respond, channel, user, text)

    async def _settings(self, team: str, user: str, channel: str, rest: str) -> str:
        """``settings ...``: parsed and applied by the core (``bots.core``'s settings command)."""
        return await settings_command(
            self.adapter.core,
            "slack",
            team,
            user,
            rest,
            syntax=SLACK_MENTIONS,
            here=channel,
            prefix="/hivebrain settings",
        )
