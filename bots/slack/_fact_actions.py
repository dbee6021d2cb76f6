"""The weekly digest's fact checks in Slack: "Still true" and "No longer true".

Each fact the digest asks about carries the two buttons (``fact:still_true`` /
``fact:no_longer_true``, value the check's key, ``bots.slack._render``). A click is acked
at once; the answer (``bots.core.check_fact``: a new ``asOf``, or the fact closed) runs in
a task the adapter spawns, and the clicker is told privately what it did; a click that
changed the fact also edits the digest, its two buttons becoming a line saying who
answered it and when, so nobody answers it again. A guest of a shared channel (Slack
Connect) is told that only members may answer, and nothing changes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, cast

from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import check_fact
from bots.slack._answer_actions import click_of
from bots.slack._posting import tell
from bots.slack._render import ACTION_NO_LONGER_TRUE, ACTION_STILL_TRUE, answered_check_blocks
from bots.slack._surface import SlackSurface
from bots.slack._web import ActionContainer, ActionMessage, slack_error, slack_web

log = logging.getLogger(__name__)

#: The buttons this listens to, and whether each says the fact still holds.
ANSWERS: dict[str, bool] = {ACTION_STILL_TRUE: True, ACTION_NO_LONGER_TRUE: False}


class SlackFactActions:
    """The fact-check listener of one adapter."""

    def __init__(self, adapter: SlackSurface) -> None:
        self.adapter = adapter

    async def on_check(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        action: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
        respond: AsyncRespond,
    ) -> None:
        await ack()
        click = click_of(body, context)
        message = cast(ActionMessage, body.get("message") or {})
        container = cast(ActionContainer, body.get("container") or {})
        key = str(action.get("value", ""))
        still_true = ANSWERS[str(action.get("action_id"))]
        work = self._answer(
            client,
            respond,
            team=click.team,
            user=click.user,
            is_member=click.is_member,
            channel=click.channel,
            thread_ts=message.get("thread_ts"),  # a digest's button answers beside it
            digest=_Digest(container.get("message_ts") or message.get("ts"), message),
            key=key,
            still_true=still_true,
        )
        self.adapter.spawn(f"slack-fact-check-{key[:16]}", work)

    async def _answer(
        self,
        client: AsyncWebClient,
        respond: AsyncRespond,
        *,
        team: str,
        user: str,
        is_member: bool,
        channel: str,
        thread_ts: str | None,
        digest: _Digest,
        key: str,
        still_true: bool,
    ) -> None:
        checked = await check_fact(
            self.adapter.core,
            "slack",
            team,
            user,
            key=key,
            still_true=still_true,
            is_member=is_member,
        )
        mark = checked.mark(f"<@{user}>")
        blocks = answered_check_blocks(digest.blocks, key, mark) if mark else None
        if blocks is not None and digest.ts:
            try:
                await slack_web(client).chat_update(
                    channel=channel,
                    ts=digest.ts,
                    blocks=blocks,
                    text=digest.message.get("text") or checked.note,
                    link_names=False,
                    parse="none",
                )
            except SlackApiError as exc:
                log.warning("digest %s not updated: %s", digest.ts, slack_error(exc))
        try:
            await tell(client, respond, channel, user, checked.note, thread_ts=thread_ts)
        except SlackApiError as exc:
            log.warning("fact check note to %s not sent: %s", user, slack_error(exc))


@dataclass(frozen=True, slots=True)
class _Digest:
    """The clicked digest message: its ts and the payload's copy of it (blocks, text)."""

    ts: str | None
    message: ActionMessage

    @property
    def blocks(self) -> list[dict[str, Any]]:
        return list(self.message.get("blocks") or [])
