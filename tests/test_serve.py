"""`hivebrain serve` end to end, and the scheduler's jobs, against a real FalkorDB.

Serve runs with Slack in HTTP mode pointed at the local fake Slack Web API: the health
endpoint answers, a signed event posted to /slack/events is answered in the thread, and
a stop signal shuts everything down cleanly.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any

import aiohttp
from pydantic import SecretStr
from slack_sdk.signature import SignatureVerifier

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots.core import BotCore, BotSettings
from bots.serve import serve
from brain import Brain
from tests.engines import free_port
from tests.fakes import FakeSlackAPI
from tests.story import owner_facts

SECRET = "serve-test-secret"


async def test_serve_answers_slack_over_http_and_stops_cleanly(quiet_brain: Brain) -> None:
    brain = quiet_brain
    slug = f"serve-{uuid.uuid4().hex[:6]}"
    await brain.create_tenant(slug)
    assert brain.registry is not None
    graph = await brain.tenant(slug)
    await graph.write_facts(owner_facts())
    team = f"T{uuid.uuid4().hex[:8].upper()}"
    async with FakeSlackAPI(team_id=team) as slack:
        await brain.registry.bind(slug, "slack", team)
        port = free_port()
        settings = BotSettings(
            slack_bot_token=SecretStr("xoxb-test"),
            slack_signing_secret=SecretStr(SECRET),
            slack_api_base_url=slack.base_url,
            hivebrain_http_port=port,
        )
        core = BotCore(brain, executors=ExecutorRegistry([RecordOnlyExecutor()]), answer=run_turn)
        stop = asyncio.Event()
        task = asyncio.create_task(serve(brain, core, settings, stop=stop), name="serve")
        base = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            # serve opens its port once the scheduler has read every tenant's settings:
            # late in a full run the session's server holds hundreds of tenants
            health: dict[str, Any] = {}
            for _ in range(600):
                assert not task.done(), task.exception()
                try:
                    async with http.get(f"{base}/healthz") as resp:
                        health = await resp.json()
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.05)
            assert health["status"] == "ok" and health["adapters"]["slack"] is True
            # per tenant, as far as this call's time budget reached (a full run holds hundreds)
            assert isinstance(health["feedback"], dict)
            body = json.dumps(
                {
                    "type": "event_callback",
                    "team_id": team,
                    "event_id": "Ev1",
                    "event": {
                        "type": "app_mention",
                        "user": "U1",
                        "channel": "C1",
                        "text": "<@UBOT> who owns Fix Instagram token refresh?",
                        "ts": "1700000001.000100",
                        "client_msg_id": "m1",
                    },
                }
            )
            stamp = str(int(time.time()))
            headers = {
                "X-Slack-Request-Timestamp": stamp,
                "Content-Type": "application/json",
                "X-Slack-Signature": SignatureVerifier(SECRET).generate_signature(
                    timestamp=stamp, body=body
                ),
            }
            async with http.post(f"{base}/slack/events", data=body, headers=headers) as resp:
                assert resp.status == 200
            for _ in range(400):
                if slack.calls_to("chat.stopStream"):
                    break
                await asyncio.sleep(0.05)
        started = slack.calls_to("chat.startStream")
        assert started, "the answer was never streamed"
        assert started[0]["args"]["thread_ts"] == "1700000001.000100"
        [answer] = [m for m in slack.messages.values() if m.get("streaming") is False]
        assert "Priya" in answer["text"]
        stop.set()
        await asyncio.wait_for(task, 30)
