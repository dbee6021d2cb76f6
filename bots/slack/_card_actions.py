"""Card buttons in Slack: Approve, Reject and Details, and the card message after a decision.

A click is acked at once; the decision (which may run an executor) happens in a task the
adapter spawns. When the card changed, its message is edited in place (only the card's
own blocks, since a card may share a message with the answer); otherwise the clicker
gets a private note.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal, cast

from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import CardDecision, CardView
from bots.slack._posting import tell
from bots.slack._render import (
    ACTION_APPROVE,
    ACTION_DETAILS,
    ACTION_REJECT,
    ACTION_RETRY,
    Block,
    render_card_blocks,
)
from bots.slack._surface import SlackSurface
from bots.slack._web import ActionContainer, ActionMessage, slack_error, slack_web

log = logging.getLogger(__name__)

VERBS: dict[str, Literal["approve", "reject", "details", "retry"]] = {
    ACTION_RETRY: "retry",
    ACTION_APPROVE: "approve",
    ACTION_REJECT: "reject",
    ACTION_DETAILS: "details",
}


class SlackCardActions:
    """The card-button listener of one adapter."""

    def __init__(self, adapter: SlackSurface) -> None:
        self.adapter = adapter

    async def on_card_action(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        action: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
        respond: AsyncRespond,
    ) -> None:
        await ack()
        verb = VERBS[str(action.get("action_id"))]
        container = cast(ActionContainer, body.get("container") or {})
        message = cast(ActionMessage, body.get("message") or {})
        channel_field: dict[str, Any] = body.get("channel") or {}
        channel = container.get("channel_id") or str(channel_field.get("id", ""))
        decision = CardDecision(
            card_id=str(action.get("value", "")),
            action=verb,
            user_id=body["user"]["id"],
            platform="slack",
            workspace_id=context.team_id or "",
        )
        where = _CardMessage(
            channel=channel,
            ts=container.get("message_ts") or message.get("ts"),
            thread_ts=message.get("thread_ts"),
            blocks=message.get("blocks"),
            text=message.get("text"),
        )
        self.adapter.spawn(
            f"slack-card-{verb}-{decision.card_id}", self._decide(client, respond, decision, where)
        )

    async def _decide(
        self,
        client: AsyncWebClient,
        respond: AsyncRespond,
        decision: CardDecision,
        where: _CardMessage,
    ) -> None:
        outcome = await self.adapter.core.decide_card(decision)
        note = outcome.note
        if outcome.changed and outcome.card is not None and where.ts:
            blocks = replace_card_blocks(where.blocks or [], outcome.card)
            try:
                await slack_web(client).chat_update(
                    channel=where.channel,
                    ts=where.ts,
                    blocks=blocks,
                    text=where.text or outcome.card.outcome_line(),
                    link_names=False,
                    parse="none",
                )
                return
            except SlackApiError as exc:
                log.warning("card message %s not updated: %s", where.ts, slack_error(exc))
                note = f"{outcome.note} (I couldn't update the card message.)"
        await tell(
            client, respond, where.channel, decision.user_id, note, thread_ts=where.thread_ts
        )


@dataclass(frozen=True, slots=True)
class _CardMessage:
    """Where a clicked card sits, from the action payload's container and message."""

    channel: str
    ts: str | None
    thread_ts: str | None
    blocks: list[Block] | None
    text: str | None


def replace_card_blocks(blocks: list[Block], card: CardView) -> list[Block]:
    """The message's blocks with this card's section and buttons swapped for its new state.

    A card may share a message with the answer, so only its own blocks change; a message
    without them (or unknown blocks) becomes the card alone.
    """
    ids = {f"hb-card-{card.id}", f"hb-actions-{card.id}"[:255]}
    hits = [i for i, b in enumerate(blocks) if b.get("block_id") in ids]
    if not hits:
        return render_card_blocks(card)
    return [*blocks[: hits[0]], *render_card_blocks(card), *blocks[hits[-1] + 1 :]]
