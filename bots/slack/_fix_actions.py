"""Correcting a fact from Slack: the private list of an answer's facts, the form, the fix.

After a 👎 whose reason is "a fact is wrong" or "it's out of date", and under every
Sources list, the clicker gets, only to them, the facts the answer read, each with
"Wrong" and "Outdated" buttons (value ``<mode>:<fact index>:<turn>``). A click opens a
modal: the right value, and/or the day it stopped being true. Its submission goes to
``BotCore.corrections``; the corrector is told privately what changed and the new
answer, the people the old fact belongs to get a direct message, and a correction that
needs an approver posts its card in the channel.
"""

from __future__ import annotations

import json
import logging
from typing import Any, cast

from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import MODES, FactChoice, FactFix
from bots.slack._posting import tell
from bots.slack._render import Block, escape_mrkdwn, render_card_blocks
from bots.slack._surface import SlackSurface
from bots.slack._web import ActionContainer, ActionMessage, slack_error, slack_web

log = logging.getLogger(__name__)

ACTION_FIX = "answer:fix"
FIX_VIEW = "answer:fix_fact"
VALUE_BLOCK, VALUE_ACTION = "hb-fix-value", "value"
DAY_BLOCK, DAY_ACTION = "hb-fix-day", "day"
#: The reasons of a 👎 that offer the correction list.
FIX_REASONS = ("wrong_fact", "outdated")
BROKEN_FIX = "That button doesn't name a fact I know, so I changed nothing."


def fix_blocks(turn_id: str, choices: list[FactChoice]) -> list[Block]:
    """The private "which fact?" list: each fact, then its Wrong / Outdated buttons."""
    blocks: list[Block] = [
        {
            "type": "section",
            "text": {"type": "mrkdwn", "text": "Which fact should I correct?"},
        }
    ]
    for choice in choices:
        blocks.append(
            {
                "type": "section",
                "block_id": f"hb-fix-{choice.index}",
                "text": {"type": "mrkdwn", "text": escape_mrkdwn(choice.text)[:2_900]},
            }
        )
        blocks.append(
            {
                "type": "actions",
                "block_id": f"hb-fix-buttons-{choice.index}",
                "elements": [
                    {
                        "type": "button",
                        "action_id": f"{ACTION_FIX}:{mode}",
                        "text": {"type": "plain_text", "text": label},
                        "value": f"{mode}:{choice.index}:{turn_id}",
                    }
                    for mode, label in MODES.items()
                ],
            }
        )
    return blocks


def fix_view(meta: dict[str, Any], fact: str) -> dict[str, Any]:
    """The correction form for one fact (``private_metadata`` says which)."""
    outdated = meta.get("m") == "outdated"
    return {
        "type": "modal",
        "callback_id": FIX_VIEW,
        "private_metadata": json.dumps(meta),
        "title": {"type": "plain_text", "text": "Outdated fact" if outdated else "Wrong fact"},
        "submit": {"type": "plain_text", "text": "Correct it"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": escape_mrkdwn(fact)[:2_900]}},
            {
                "type": "input",
                "block_id": VALUE_BLOCK,
                "optional": True,
                "label": {"type": "plain_text", "text": "The right value"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": VALUE_ACTION,
                    "max_length": 200,
                },  # fmt: skip
            },
            {
                "type": "input",
                "block_id": DAY_BLOCK,
                "optional": True,
                "label": {"type": "plain_text", "text": "No longer true since (YYYY-MM-DD)"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": DAY_ACTION,
                    "max_length": 40,
                },  # fmt: skip
            },
        ],
    }


def _state(view: dict[str, Any], block: str, action: str) -> str:
    value: Any = view
    for key in ("state", "values", block, action, "value"):
        value = cast(dict[str, Any], value).get(key) if isinstance(value, dict) else None
    return str(value or "")


class SlackFixActions:
    """The correction listeners of one adapter."""

    def __init__(self, adapter: SlackSurface) -> None:
        self.adapter = adapter

    async def offer(
        self,
        client: AsyncWebClient,
        *,
        team: str,
        user: str,
        channel: str,
        thread_ts: str | None,
        turn_id: str,
        is_member: bool,
        quiet: bool = False,
    ) -> None:
        """Send ``user`` the list of the answer's facts to correct (or why there is none;
        ``quiet``: nothing then, as under a Sources list that already said it)."""
        found = await self.adapter.core.corrections.choices(
            "slack", team, turn_id, is_member=is_member
        )
        try:
            if isinstance(found, str):
                if not quiet:
                    await tell(client, None, channel, user, found, thread_ts=thread_ts)
                return
            await slack_web(client).chat_postEphemeral(
                channel=channel,
                user=user,
                text="Which fact should I correct?",
                blocks=fix_blocks(turn_id, found),
                thread_ts=thread_ts,
            )
        except SlackApiError as exc:
            log.warning("the correction list for %s was not sent: %s", user, slack_error(exc))

    async def on_fix(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        action: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        """A "Wrong" / "Outdated" click: open the form for that fact."""
        await ack()
        team = context.team_id or ""
        user: dict[str, Any] = body.get("user") or {}
        container = cast(ActionContainer, body.get("container") or {})
        message = cast(ActionMessage, body.get("message") or {})
        channel_field: dict[str, Any] = body.get("channel") or {}
        meta: dict[str, Any] = {
            "c": container.get("channel_id") or str(channel_field.get("id", "")),
            "t": message.get("thread_ts") or container.get("thread_ts") or "",
        }
        mode, _, rest = str(action.get("value", "")).partition(":")
        index, _, turn_id = rest.partition(":")
        who = str(user.get("id", ""))
        is_member = str(user.get("team_id") or team) == team
        trigger = str(body.get("trigger_id") or "")
        work = self._open(client, team, who, is_member, trigger, meta, mode, index, turn_id)
        self.adapter.spawn(f"slack-fix-{who}", work)

    async def _open(
        self,
        client: AsyncWebClient,
        team: str,
        user: str,
        is_member: bool,
        trigger: str,
        meta: dict[str, Any],
        mode: str,
        index: str,
        turn_id: str,
    ) -> None:
        channel, thread = str(meta["c"]), str(meta["t"]) or None
        if mode not in MODES or not index.isdigit() or not turn_id:
            await self._tell(client, channel, user, BROKEN_FIX, thread)
            return
        found = await self.adapter.core.corrections.choices(
            "slack", team, turn_id, is_member=is_member
        )
        if isinstance(found, str):
            await self._tell(client, channel, user, found, thread)
            return
        fact = next((c.text for c in found if c.index == int(index)), None)
        if fact is None or not trigger:
            await self._tell(client, channel, user, BROKEN_FIX, thread)
            return
        view = fix_view({**meta, "m": mode, "i": int(index), "u": turn_id}, fact)
        try:
            await slack_web(client).views_open(trigger_id=trigger, view=view)
        except SlackApiError as exc:
            log.info("the correction form did not open (%s)", slack_error(exc))
            await self._tell(client, channel, user, "The form didn't open; try again.", thread)

    async def on_submit(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        view: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
    ) -> None:
        """The submitted form: apply it, then say what happened."""
        value, day = _state(view, VALUE_BLOCK, VALUE_ACTION), _state(view, DAY_BLOCK, DAY_ACTION)
        if not value.strip() and not day.strip():
            await ack(
                response_action="errors",
                errors={VALUE_BLOCK: "Give the right value, or the day it stopped being true."},
            )
            return
        await ack()
        try:
            meta: dict[str, Any] = json.loads(view.get("private_metadata") or "{}")
        except ValueError:
            meta = {}
        team = context.team_id or ""
        user: dict[str, Any] = body.get("user") or {}
        mode = str(meta.get("m") or "")
        fix = FactFix(
            platform="slack",
            workspace_id=team,
            user_id=str(user.get("id", "")),
            channel_id=str(meta.get("c") or ""),
            turn_id=str(meta.get("u") or ""),
            fact_index=int(meta.get("i", -1)) if str(meta.get("i", "")).isdigit() else -1,
            mode="outdated" if mode == "outdated" else "wrong",
            value=value,
            stopped_on=day,
            is_member=str(user.get("team_id") or team) == team,
        )
        self.adapter.spawn(
            f"slack-fix-submit-{fix.user_id}", self._apply(client, fix, str(meta.get("t") or ""))
        )

    async def _apply(self, client: AsyncWebClient, fix: FactFix, thread_ts: str) -> None:
        done = await self.adapter.core.corrections.correct(fix)
        thread = thread_ts or None
        if fix.channel_id:
            await self._tell(client, fix.channel_id, fix.user_id, done.note, thread)
        web = slack_web(client)
        for owner in done.tell:
            try:
                await web.chat_postMessage(channel=owner, text=done.tell_note)
            except SlackApiError as exc:
                log.warning("the fact's owner %s was not told: %s", owner, slack_error(exc))
        if done.card is not None and fix.channel_id:
            try:
                await web.chat_postMessage(
                    channel=fix.channel_id,
                    text=done.card.title,
                    blocks=render_card_blocks(done.card),
                    thread_ts=thread,
                )
            except SlackApiError as exc:
                log.warning("the correction card was not posted: %s", slack_error(exc))

    async def _tell(
        self, client: AsyncWebClient, channel: str, user: str, text: str, thread: str | None
    ) -> None:
        try:
            await tell(client, None, channel, user, text, thread_ts=thread)
        except SlackApiError as exc:
            log.warning("private note to %s not sent: %s", user, slack_error(exc))
