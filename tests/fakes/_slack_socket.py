"""The Socket Mode side of ``FakeSlackAPI``: a websocket that says hello and sends envelopes.

Slack's protocol: ``apps.connections.open`` returns a ``wss://`` URL; on connect the
server sends ``{"type": "hello", ...}``, then envelopes ``{"envelope_id", "type",
"payload", "accepts_response_payload", "retry_attempt", "retry_reason"}``; the client
acknowledges each with ``{"envelope_id": ..., "payload"?: ...}``. Websocket pings are
answered by aiohttp (``autoping``), which slack_sdk's aiohttp client relies on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

__all__ = ["SocketModeEndpoint"]

# Envelope types whose ack may carry a response payload (Slack sets the flag on these).
_RESPONDABLE = frozenset({"slash_commands", "interactive"})


class SocketModeEndpoint:
    """Queues envelopes for the connected Socket Mode client and records its acks.

    Envelopes queued before a client connects wait in the queue; each is sent once,
    to whichever connection takes it first.
    """

    def __init__(self, *, team_id: str, app_id: str) -> None:
        self.team_id = team_id
        self.app_id = app_id
        self.acks: list[dict[str, Any]] = []
        self.received: list[Any] = []
        self.sent: list[dict[str, Any]] = []
        self.connections = 0
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._sockets: set[web.WebSocketResponse] = set()
        self._tickets = 0
        self._acked = asyncio.Condition()

    def url(self, port: int) -> str:
        """A fresh ``ws://`` URL on the fake, shaped like Slack's ``/link/?ticket=...``."""
        self._tickets += 1
        return f"ws://127.0.0.1:{port}/link/?ticket=fake-{self._tickets}&app_id={self.app_id}"

    def queue_raw(self, message: dict[str, Any]) -> None:
        """Queue any message as-is, e.g. ``{"type": "disconnect", "reason": "warning"}``."""
        self._outbox.put_nowait(message)

    def queue_envelope(self, payload: dict[str, Any], *, type: str = "events_api") -> str:
        """Queue an envelope of ``type`` (events_api, slash_commands, interactive)."""
        envelope_id = str(uuid.uuid4())
        self.queue_raw(
            {
                "envelope_id": envelope_id,
                "type": type,
                "accepts_response_payload": type in _RESPONDABLE,
                "retry_attempt": 0,
                "retry_reason": "",
                "payload": payload,
            }
        )
        return envelope_id

    def queue_event(self, event: dict[str, Any], **callback: Any) -> str:
        """Queue an ``events_api`` envelope whose payload is an ``event_callback`` for ``event``."""
        event_id = "Ev" + uuid.uuid4().hex[:10].upper()
        payload = {
            "token": "fake-verification-token",
            "team_id": self.team_id,
            "api_app_id": self.app_id,
            "event": event,
            "type": "event_callback",
            "event_id": event_id,
            "event_time": 1_700_000_000,
            "authorizations": [
                {
                    "enterprise_id": None,
                    "team_id": self.team_id,
                    "user_id": "UBOT",
                    "is_bot": True,
                    "is_enterprise_install": False,
                }
            ],
            "is_ext_shared_channel": False,
            **callback,
        }
        return self.queue_envelope(payload, type="events_api")

    async def wait_for_ack(self, envelope_id: str, *, seconds: float = 5.0) -> dict[str, Any]:
        """Wait until an ack for ``envelope_id`` arrives; raises ``TimeoutError`` otherwise."""

        def find() -> dict[str, Any] | None:
            return next((a for a in self.acks if a.get("envelope_id") == envelope_id), None)

        async with asyncio.timeout(seconds), self._acked:
            await self._acked.wait_for(lambda: find() is not None)
        ack = find()
        assert ack is not None
        return ack

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket route: hello, then pump queued envelopes while reading acks."""
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        self.connections += 1
        await ws.send_json(
            {
                "type": "hello",
                "num_connections": len(self._sockets),
                "debug_info": {
                    "host": "applink-fake",
                    "build_number": 1,
                    "approximate_connection_time": 18060,
                },
                "connection_info": {"app_id": self.app_id},
            }
        )
        pump = asyncio.create_task(self._pump(ws), name="fake-slack-socket-pump")
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                self.received.append(data)
                if isinstance(data, dict) and "envelope_id" in data:
                    async with self._acked:
                        self.acks.append(data)
                        self._acked.notify_all()
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
            self._sockets.discard(ws)
        return ws

    async def _pump(self, ws: web.WebSocketResponse) -> None:
        while not ws.closed:
            message = await self._outbox.get()
            try:
                await ws.send_json(message)
            except (ConnectionResetError, RuntimeError):
                self._outbox.put_nowait(message)  # the next connection gets it
                return
            self.sent.append(message)

    async def close(self) -> None:
        """Close every open websocket (the server is stopping)."""
        for ws in list(self._sockets):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")
