"""The Slack rig shared by the Slack tests: the real Bolt app on a local fake Slack.

Requests are signed like Slack signs them and dispatched into the real ``AsyncApp``;
every Web API call goes to ``FakeSlackAPI``, which records it.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from pydantic import SecretStr
from slack_bolt.app.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.signature import SignatureVerifier
from slack_sdk.web.async_client import AsyncWebClient

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots.core import Answer, BotCore, BotSettings
from bots.slack import build_slack_app, drain
from brain import Brain, TenantGraph
from tests.fakes import FakeSlackAPI

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
BOT_TOKEN = "xoxb-fake-bot-token"
QUESTION = "who owns Invoice export?"
FACTS: list[dict[str, Any]] = [
    {"node": {"type": "Person", "id": "p-dana", "name": "Dana Reyes"}},
    {"node": {"type": "Task", "id": "t-invoice", "name": "Invoice export"}},
    {"edge": {"from": "p-dana", "type": "OWNS", "to": "t-invoice", "since": "2026-10-01"}},
]


def bot_settings(**changes: Any) -> BotSettings:
    values: dict[str, Any] = {"slack_signing_secret": SecretStr(SECRET), **changes}
    return BotSettings(_env_file=None, **values)  # type: ignore[call-arg]  # pydantic-settings init kwarg


@dataclass
class Rig:
    """The app under test, its fake Slack, and helpers that sign and send requests."""

    fake: FakeSlackAPI
    core: BotCore
    app: AsyncApp
    graph: TenantGraph | None = None
    sent: list[BoltResponse] = field(default_factory=list)

    @property
    def team(self) -> str:
        return self.fake.workspace.team_id

    async def send(
        self,
        body: str,
        *,
        content_type: str = "application/json",
        timestamp: int | None = None,
        secret: str = SECRET,
        headers: dict[str, str] | None = None,
    ) -> BoltResponse:
        ts = str(int(time.time()) if timestamp is None else timestamp)
        signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
        request = AsyncBoltRequest(
            body=body,
            headers={
                "content-type": content_type,
                "x-slack-request-timestamp": ts,
                "x-slack-signature": signature,
                **(headers or {}),
            },
        )
        response = await self.app.async_dispatch(request)
        await drain(self.app)
        self.sent.append(response)
        return response

    async def event(
        self, event: dict[str, Any], *, event_id: str | None = None, **kwargs: Any
    ) -> BoltResponse:
        return await self.send(json.dumps(event_callback(self.team, event, event_id)), **kwargs)

    async def command(self, text: str, *, user: str = "U1", channel: str = "C1") -> BoltResponse:
        form = {
            "token": "legacy",
            "team_id": self.team,
            "team_domain": "acme",
            "channel_id": channel,
            "channel_name": "general",
            "user_id": user,
            "user_name": user.lower(),
            "command": "/hivebrain",
            "text": text,
            "api_app_id": "A0FAKE",
            "response_url": f"{self.fake.origin}/api/response.url",
            "trigger_id": f"trig-{uuid.uuid4().hex[:8]}",
        }
        return await self.send(urlencode(form), content_type="application/x-www-form-urlencoded")

    async def click(
        self, action_id: str, card_id: str, *, user: str, channel: str, message_ts: str
    ) -> BoltResponse:
        message = self.fake.messages[(channel, message_ts)]
        payload = {
            "type": "block_actions",
            "team": {"id": self.team, "domain": "acme"},
            "user": {"id": user, "username": user.lower(), "team_id": self.team},
            "api_app_id": "A0FAKE",
            "token": "legacy",
            "trigger_id": "trig-1",
            "container": {
                "type": "message",
                "message_ts": message_ts,
                "channel_id": channel,
                "is_ephemeral": False,
            },
            "channel": {"id": channel, "name": "general"},
            "message": message,
            "response_url": f"{self.fake.origin}/api/response.url",
            "actions": [
                {
                    "action_id": action_id,
                    "block_id": f"hb-actions-{card_id}",
                    "value": card_id,
                    "type": "button",
                    "action_ts": "1700000001.0",
                }
            ],
        }
        body = urlencode({"payload": json.dumps(payload)})
        return await self.send(body, content_type="application/x-www-form-urlencoded")

    def posts(self, channel: str = "C1") -> list[dict[str, Any]]:
        return [m for (c, _), m in sorted(self.fake.messages.items()) if c == channel]


def event_callback(team: str, event: dict[str, Any], event_id: str | None = None) -> dict[str, Any]:
    return {
        "token": "legacy",
        "team_id": team,
        "api_app_id": "A0FAKE",
        "event": event,
        "type": "event_callback",
        "event_id": event_id or f"Ev{uuid.uuid4().hex[:10].upper()}",
        "event_time": int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": team,
                "user_id": "UBOT",
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
    }


def mention(ts: str, text: str = f"<@UBOT> {QUESTION}", **fields: Any) -> dict[str, Any]:
    return {
        "type": "app_mention",
        "user": "U1",
        "text": text,
        "ts": ts,
        "channel": "C1",
        "event_ts": ts,
        "client_msg_id": str(uuid.uuid4()),
        **fields,
    }


async def tenant(brain: Brain, team: str, *, approvers: list[str] | None = None) -> TenantGraph:
    assert brain.registry is not None
    slug = f"s-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    await brain.registry.bind(slug, "slack", team)
    if approvers:
        await brain.registry.update_settings(slug, {"approvers": approvers})
    graph = await brain.tenant(slug)
    stamped = [{k: {**v, "src": "test", "asOf": "2026-11-01"} for k, v in f.items()} for f in FACTS]
    report = await graph.write_facts(list(enumerate(stamped, 1)))
    assert report.refused == 0, report.refusals
    return graph


async def rig(
    brain: Brain,
    fake: FakeSlackAPI,
    *,
    answer: Answer = run_turn,
    bind: bool = True,
    approvers: list[str] | None = None,
) -> Rig:
    graph = await tenant(brain, fake.workspace.team_id, approvers=approvers) if bind else None
    core = BotCore(brain, executors=ExecutorRegistry([RecordOnlyExecutor()]), answer=answer)
    client = AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url)
    return Rig(fake, core, build_slack_app(core, bot_settings(), client=client), graph)


def block_text(message: dict[str, Any]) -> str:
    return json.dumps(message.get("blocks", []), ensure_ascii=False)


# --- questions ------------------------------------------------------------------------------
