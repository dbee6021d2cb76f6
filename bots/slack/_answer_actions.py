"""The buttons under every answer in Slack: 👍 / 👎, the private "what was wrong?", Sources.

A 👍 or 👎 (``feedback_buttons`` in a ``context_actions`` block, value ``up:<turn>`` /
``down:<turn>``) becomes a Feedback node through ``BotCore.rate_answer``; a 👎 then opens
a private modal (wrong fact, outdated, missing, wrong person, other, and free text) whose
submission fills that Feedback's reason once; "a fact is wrong" or "it's out of date"
then offers the answer's facts to correct (``bots.slack._fix_actions``). Sources lists,
privately, every record the answer read. A click from outside the workspace (a Slack
Connect guest) or on an answer the brain no longer holds gets one private sentence and
changes nothing.

Clicks are acked at once; the work runs in a task the adapter spawns. The modal opens
right after the vote is written, well within the three seconds a ``trigger_id`` lives.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, cast

from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.respond.async_respond import AsyncRespond
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import NOT_MEMBER, AnswerVote, pack_lines, reason_choices
from bots.slack._fix_actions import FIX_REASONS, SlackFixActions
from bots.slack._posting import tell
from bots.slack._render import Block
from bots.slack._surface import SlackSurface
from bots.slack._web import ActionContainer, ActionMessage, slack_error, slack_web

log = logging.getLogger(__name__)

#: The modal a 👎 opens, and its two inputs.
REASON_VIEW = "answer:feedback_reason"
REASON_BLOCK, REASON_ACTION = "hb-reason", "reason"
TEXT_BLOCK, TEXT_ACTION = "hb-reason-text", "text"
#: A Sources list is sent as at most this many private messages of this many characters.
SOURCES_PARTS, SOURCES_CHARS = 10, 3_500
BROKEN = "That button doesn't name an answer I know, so I changed nothing."


@dataclass(frozen=True, slots=True)
class Click:
    """Who clicked what, and where to answer them privately."""

    team: str
    user: str
    is_member: bool
    channel: str
    thread_ts: str | None
    trigger_id: str | None


def click_of(body: dict[str, Any], context: AsyncBoltContext) -> Click:
    """Who clicked a button and where: a guest of a shared channel is no member here."""
    team = context.team_id or ""
    user: dict[str, Any] = body.get("user") or {}
    container = cast(ActionContainer, body.get("container") or {})
    message = cast(ActionMessage, body.get("message") or {})
    channel_field: dict[str, Any] = body.get("channel") or {}
    # a guest of a shared channel belongs to another team: not a member of this brain's
    return Click(
        team=team,
        user=str(user.get("id", "")),
        is_member=str(user.get("team_id") or team) == team,
        channel=container.get("channel_id") or str(channel_field.get("id", "")),
        thread_ts=message.get("thread_ts") or message.get("ts") or container.get("message_ts"),
        trigger_id=str(body.get("trigger_id") or "") or None,
    )


def _dig(value: Any, *keys: str) -> Any:
    """``value[k1][k2]...`` of a raw payload, or None where a level is missing."""
    for key in keys:
        value = cast(dict[str, Any], value).get(key) if isinstance(value, dict) else None
    return value


def reason_view(
    feedback_id: str, channel: str, thread_ts: str | None, *, turn_id: str = ""
) -> dict[str, Any]:
    """The private "what was wrong?" modal for one 👎 (``private_metadata`` says which)."""
    options: list[Block] = [
        {"text": {"type": "plain_text", "text": label}, "value": key}
        for key, label in reason_choices()
    ]
    return {
        "type": "modal",
        "callback_id": REASON_VIEW,
        "private_metadata": json.dumps(
            {"f": feedback_id, "c": channel, "t": thread_ts or "", "u": turn_id}
        ),
        "title": {"type": "plain_text", "text": "What was wrong?"},
        "submit": {"type": "plain_text", "text": "Send"},
        "close": {"type": "plain_text", "text": "Skip"},
        "blocks": [
            {
                "type": "input",
                "block_id": REASON_BLOCK,
                "label": {"type": "plain_text", "text": "What was wrong with the answer?"},
                "element": {
                    "type": "radio_buttons",
                    "action_id": REASON_ACTION,
                    "options": options,
                },
            },
            {
                "type": "input",
                "block_id": TEXT_BLOCK,
                "optional": True,
                "label": {"type": "plain_text", "text": "Anything to add?"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": TEXT_ACTION,
                    "multiline": True,
                    "max_length": 2000,
                },
            },
        ],
    }


class SlackAnswerActions:
    """The feedback, reason and Sources listeners of one adapter."""

    def __init__(self, adapter: SlackSurface, fixes: SlackFixActions) -> None:
        self.adapter = adapter
        self.fixes = fixes

    async def on_feedback(
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
        vote, _, turn_id = str(action.get("value", "")).partition(":")
        self.adapter.spawn(
            f"slack-feedback-{turn_id[:40]}", self._vote(client, respond, click, vote, turn_id)
        )

    async def _vote(
        self, client: AsyncWebClient, respond: AsyncRespond, click: Click, vote: str, turn: str
    ) -> None:
        if vote not in ("up", "down") or not turn:
            await self._tell(client, respond, click, BROKEN)
            return
        outcome = await self.adapter.core.rate_answer(
            AnswerVote(
                turn_id=turn,
                vote="up" if vote == "up" else "down",
                user_id=click.user,
                platform="slack",
                workspace_id=click.team,
                is_member=click.is_member,
            )
        )
        note = outcome.note
        if outcome.feedback_id is not None and vote == "down" and click.trigger_id:
            view = reason_view(outcome.feedback_id, click.channel, click.thread_ts, turn_id=turn)
            try:
                await slack_web(client).views_open(trigger_id=click.trigger_id, view=view)
                return
            except SlackApiError as exc:
                log.info("the reason form did not open (%s)", slack_error(exc))
                note = "Thanks — noted that this answer missed."
        await self._tell(client, respond, click, note)

    async def on_reason(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        view: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        values = _dig(view, "state", "values")
        reason = str(_dig(values, REASON_BLOCK, REASON_ACTION, "selected_option", "value") or "")
        if reason not in dict(reason_choices()):
            await ack(response_action="errors", errors={REASON_BLOCK: "Pick one of the reasons."})
            return
        await ack()
        try:
            meta: dict[str, Any] = json.loads(view.get("private_metadata") or "{}")
        except ValueError:
            meta = {}
        user: dict[str, Any] = body.get("user") or {}
        team = context.team_id or ""
        click = Click(
            team=team,
            user=str(user.get("id", "")),
            is_member=str(user.get("team_id") or team) == team,
            channel=str(meta.get("c") or ""),
            thread_ts=str(meta.get("t") or "") or None,
            trigger_id=None,
        )
        text = str(_dig(values, TEXT_BLOCK, TEXT_ACTION, "value") or "")
        work = self._explain(
            client, click, str(meta.get("f") or ""), reason, text, str(meta.get("u") or "")
        )
        self.adapter.spawn(f"slack-feedback-reason-{click.user}", work)

    async def _explain(
        self,
        client: AsyncWebClient,
        click: Click,
        feedback_id: str,
        reason: str,
        text: str,
        turn_id: str,
    ) -> None:
        if not click.is_member:
            note = NOT_MEMBER
        else:
            note = await self.adapter.core.explain_vote(
                "slack",
                click.team,
                click.user,
                feedback_id=feedback_id,
                reason=reason,
                text=text,
            )
        if click.channel:
            await self._tell(client, None, click, note)
            if click.is_member and reason in FIX_REASONS and turn_id:
                await self.fixes.offer(
                    client,
                    team=click.team,
                    user=click.user,
                    channel=click.channel,
                    thread_ts=click.thread_ts,
                    turn_id=turn_id,
                    is_member=True,
                )

    async def on_sources(
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
        turn_id = str(action.get("value", ""))
        self.adapter.spawn(
            f"slack-sources-{turn_id[:40]}", self._sources(client, respond, click, turn_id)
        )

    async def _sources(
        self, client: AsyncWebClient, respond: AsyncRespond, click: Click, turn_id: str
    ) -> None:
        lines = await self.adapter.core.answer_sources(
            "slack", click.team, turn_id, is_member=click.is_member
        )
        for part in pack_lines(lines, limit=SOURCES_CHARS, max_parts=SOURCES_PARTS):
            await self._tell(client, respond, click, part)
        if click.is_member and click.channel:
            await self.fixes.offer(
                client,
                team=click.team,
                user=click.user,
                channel=click.channel,
                thread_ts=click.thread_ts,
                turn_id=turn_id,
                is_member=True,
                quiet=True,
            )

    async def _tell(
        self, client: AsyncWebClient, respond: AsyncRespond | None, click: Click, text: str
    ) -> None:
        try:
            await tell(client, respond, click.channel, click.user, text, thread_ts=click.thread_ts)
        except SlackApiError as exc:
            log.warning("private note to %s not sent: %s", click.user, slack_error(exc))
