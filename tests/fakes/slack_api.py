"""A fake Slack Web API (and Socket Mode endpoint) for pointing the real slack_sdk at.

It speaks the wire format: ``POST|GET /api/<method>`` with arguments in the query string,
a form body or a JSON body, and a ``Bearer`` token; every reply is ``{"ok": ...}`` JSON
with HTTP 200, except rate limiting (429 and ``Retry-After``), as Slack does. A small
in-memory workspace (messages, reactions, uploads) keeps replies consistent, so
``chat.update`` of a message the bot never posted fails with ``message_not_found``.

Use ``AsyncWebClient(token="xoxb-...", base_url=fake.base_url)``.
"""

from __future__ import annotations

import contextlib
import inspect
import json
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from ._server import Call, FakeServer, bearer_token
from ._slack_socket import SocketModeEndpoint
from ._slack_workspace import SlackWorkspace

__all__ = ["FakeSlackAPI", "SlackHandler"]

SlackHandler = Callable[[dict[str, Any]], dict[str, Any] | Awaitable[dict[str, Any]]]
"""A canned method: gets the merged arguments, returns the reply (``ok`` defaults to true)."""

# Arguments that the SDK sends as JSON text inside a form body; decoded for convenience.
_JSON_ARGS = ("blocks", "attachments", "view", "files", "metadata", "chunks", "prompts")


@dataclass(slots=True)
class _Failure:
    error: str
    status: int
    retry_after: int
    remaining: int | None


class FakeSlackAPI(FakeServer):
    """A local Slack Web API: records each call, answers like Slack, takes canned replies.

    ``handlers`` (or ``on``) replaces a method's reply; ``fail`` makes the next calls of a
    method fail. Methods without a built-in reply or handler answer ``unknown_method``.
    ``tokens``, when given, is the set of accepted tokens (others get ``invalid_auth``);
    by default any token is accepted but one must be present (``not_authed``).
    """

    def __init__(
        self,
        *,
        team_id: str = "T0FAKE",
        team_name: str = "Fake Team",
        bot_user_id: str = "UBOT",
        bot_id: str = "B0FAKE",
        app_id: str = "A0FAKE",
        bot_token: str = "xoxb-fake-bot-token",
        tokens: Iterable[str] | None = None,
        handlers: Mapping[str, SlackHandler] | None = None,
    ) -> None:
        super().__init__()
        self.tokens = set(tokens) if tokens is not None else None
        self.handlers: dict[str, SlackHandler] = dict(handlers or {})
        self.workspace = SlackWorkspace(
            team_id=team_id,
            team_name=team_name,
            bot_user_id=bot_user_id,
            bot_id=bot_id,
            app_id=app_id,
            bot_token=bot_token,
        )
        self.socket = SocketModeEndpoint(team_id=team_id, app_id=app_id)
        self._failures: dict[str, list[_Failure]] = {}

    # ----- test-facing API

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/api/``, the value for ``AsyncWebClient(base_url=...)``."""
        return f"{self.origin}/api/"

    @property
    def acks(self) -> list[dict[str, Any]]:
        """Every Socket Mode acknowledgement received, in order."""
        return self.socket.acks

    @property
    def messages(self) -> dict[tuple[str, str], dict[str, Any]]:
        """Messages by ``(channel, ts)``: the bot's posts and seeded ones, as last updated."""
        return self.workspace.messages

    @property
    def reactions(self) -> set[tuple[str, str, str]]:
        """Reactions present now, as ``(channel, timestamp, name)``."""
        return self.workspace.reactions

    @property
    def uploads(self) -> dict[str, dict[str, Any]]:
        """Files by id: ``filename``, ``length``, ``data`` (bytes), ``title``, ``channel``."""
        return self.workspace.uploads

    @property
    def views(self) -> list[dict[str, Any]]:
        """Every view opened, updated or published, as returned to the client."""
        return self.workspace.views

    @property
    def ephemerals(self) -> list[dict[str, Any]]:
        """The arguments of every ``chat.postEphemeral``, with the ``message_ts`` given."""
        return self.workspace.ephemerals

    @property
    def statuses(self) -> list[dict[str, Any]]:
        """Every ``assistant.threads.setStatus`` accepted, in order (``status`` "" clears)."""
        return self.workspace.statuses

    @property
    def suggested_prompts(self) -> list[dict[str, Any]]:
        """Every ``assistant.threads.setSuggestedPrompts`` accepted, as sent."""
        return self.workspace.suggested_prompts

    @property
    def stream_calls(self) -> list[tuple[str, str]]:
        """``(method, ts)`` of every accepted start/append/stop of a stream, in order."""
        return self.workspace.stream_calls

    def calls_to(self, method: str) -> list[Call]:
        """The recorded calls of one Web API method; each has ``args`` (merged arguments)."""
        return [c for c in self.calls if c.get("api_method") == method]

    def on(self, method: str, handler: SlackHandler) -> None:
        """Replace the reply of ``method`` with ``handler(args)``."""
        self.handlers[method] = handler

    def fail(
        self,
        method: str,
        error: str = "ratelimited",
        *,
        status: int | None = None,
        retry_after: int = 1,
        times: int | None = 1,
    ) -> None:
        """Make the next ``times`` calls of ``method`` fail (``None``: all of them).

        ``ratelimited`` is HTTP 429 with ``Retry-After: <retry_after>``; any other error
        is HTTP 200 ``{"ok": false, "error": error}`` unless ``status`` says otherwise.
        slack_sdk's ``AsyncRateLimitErrorRetryHandler`` sleeps the header's first digit plus
        up to a second of jitter, so ``retry_after=0`` keeps a retrying test under a second.
        """
        code = status if status is not None else (429 if error == "ratelimited" else 200)
        self._failures.setdefault(method, []).append(_Failure(error, code, retry_after, times))

    def seed_message(self, channel: str, **fields: Any) -> str:
        """Put a message in the workspace; see ``SlackWorkspace.seed_message``."""
        return self.workspace.seed_message(channel, **fields)

    def seed_user(self, user_id: str, **fields: Any) -> None:
        """Set ``users.info`` fields for ``user_id`` (``profile`` is merged too)."""
        self.workspace.seed_user(user_id, **fields)

    def seed_channel(self, channel_id: str, **fields: Any) -> None:
        """Set ``conversations.info`` fields for ``channel_id``."""
        self.workspace.seed_channel(channel_id, **fields)

    def next_ts(self) -> str:
        """A new message ts, strictly increasing: ``1700000000.000100``, ``...000200``."""
        return self.workspace.next_ts()

    def queue_event(self, event: dict[str, Any], **envelope: Any) -> str:
        """Queue an ``events_api`` envelope wrapping ``event``; returns its envelope_id."""
        return self.socket.queue_event(event, **envelope)

    def queue_envelope(self, payload: dict[str, Any], *, type: str = "events_api") -> str:
        """Queue a Socket Mode envelope of ``type`` around ``payload``; returns its id."""
        return self.socket.queue_envelope(payload, type=type)

    async def wait_for_ack(self, envelope_id: str, *, seconds: float = 5.0) -> dict[str, Any]:
        """Wait until the client acknowledges ``envelope_id``; returns the ack."""
        return await self.socket.wait_for_ack(envelope_id, seconds=seconds)

    # ----- server

    def add_routes(self, app: web.Application) -> None:
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_post("/upload/v1/{file_id}", self._upload)
        app.router.add_get("/link/", self.socket.handle)

    async def start(self) -> None:
        await super().start()
        self.workspace.origin = self.origin

    async def on_stop(self) -> None:
        await self.socket.close()

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        call = await self.record(request, api_method=method)
        args = _merged_args(call)
        call["args"] = args
        token = bearer_token(call["headers"]) or args.pop("token", None)
        if (refusal := self._refuse(method, token, call, args)) is not None:
            return _reply(refusal)
        if (failure := self._take_failure(method)) is not None:
            headers = {"Retry-After": str(failure.retry_after)} if failure.status == 429 else {}
            return _reply({"ok": False, "error": failure.error}, failure.status, headers)
        if method in self.handlers:
            result = self.handlers[method](args)
            body = await result if inspect.isawaitable(result) else result
            return _reply({"ok": True, **body})
        if method == "apps.connections.open":
            return _reply({"ok": True, "url": self.socket.url(self.port)})
        body = self.workspace.reply(method, args)
        if body is None:
            return _reply({"ok": False, "error": "unknown_method", "req_method": method})
        return _reply(body)

    def _refuse(
        self, method: str, token: str | None, call: Call, args: dict[str, Any]
    ) -> dict[str, Any] | None:
        if method == "oauth.v2.access":
            # OAuth authenticates the app (Basic auth or client_id), not a token.
            is_basic = call["headers"].get("authorization", "").startswith("Basic ")
            if not is_basic and not args.get("client_id"):
                return {"ok": False, "error": "invalid_client_id"}
            return None
        if not token:
            return {"ok": False, "error": "not_authed"}
        if self.tokens is not None and token not in self.tokens:
            return {"ok": False, "error": "invalid_auth"}
        if method == "apps.connections.open" and not token.startswith("xapp-"):
            return {"ok": False, "error": "not_allowed_token_type"}
        return None

    def _take_failure(self, method: str) -> _Failure | None:
        queue = self._failures.get(method)
        if not queue:
            return None
        failure = queue[0]
        if failure.remaining is not None:
            failure.remaining -= 1
            if failure.remaining <= 0:
                queue.pop(0)
        return failure

    async def _upload(self, request: web.Request) -> web.Response:
        file_id = request.match_info["file_id"]
        call = await self.record(request)
        if file_id not in self.uploads:
            return web.Response(status=404, text="Not Found", content_type="text/plain")
        data = call["body"] if isinstance(call["body"], bytes) else b""
        self.uploads[file_id]["data"] = data
        return web.Response(text=f"OK - {len(data)}", content_type="text/plain")


def _merged_args(call: Call) -> dict[str, Any]:
    """Query-string, form and JSON arguments in one dict, JSON-valued form fields decoded."""
    args: dict[str, Any] = dict(call["query"])
    if isinstance(call["body"], dict):
        args.update(call["body"])
    for key in _JSON_ARGS:
        value = args.get(key)
        if isinstance(value, str) and value[:1] in ("[", "{"):
            with contextlib.suppress(ValueError):
                args[key] = json.loads(value)
    return args


def _reply(
    body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    headers = {"X-Slack-Req-Id": "fake-req", **(headers or {})}
    return web.json_response(body, status=status, headers=headers)
