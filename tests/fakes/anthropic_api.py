"""A fake Anthropic Messages API for pointing the real ``anthropic`` SDK at.

``POST /v1/messages`` answers with scripted replies: a list consumed in order, or a
function of the request JSON. Replies are built with ``text_reply``, ``tool_use_reply``
and the error helpers, which use the real shapes: a ``message`` object with content
blocks, ``stop_reason`` and ``usage``; errors as ``{"type": "error", "error": {"type",
"message"}, "request_id"}`` with the real status codes and a ``retry-after`` header on
429. With ``"stream": true`` the same reply is sent as the real SSE event sequence.

Use ``AsyncAnthropic(api_key="sk-ant-test", base_url=fake.base_url, max_retries=...)``.
"""

from __future__ import annotations

import inspect
import json
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from ._server import FakeServer

__all__ = [
    "AnthropicReply",
    "FakeAnthropicAPI",
    "api_error",
    "error_reply",
    "overloaded",
    "rate_limited",
    "stream_events",
    "text_reply",
    "tool_use_reply",
]


@dataclass(frozen=True, slots=True)
class AnthropicReply:
    """One scripted HTTP reply: a message (status 200) or an error body."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


Script = Iterable[AnthropicReply | dict[str, Any]]
ReplyFn = Callable[
    [dict[str, Any]],
    AnthropicReply | dict[str, Any] | Awaitable[AnthropicReply | dict[str, Any]],
]


def _message(
    content: list[dict[str, Any]],
    stop_reason: str,
    input_tokens: int,
    output_tokens: int,
    model: str | None,
) -> dict[str, Any]:
    return {
        "id": "msg_" + uuid.uuid4().hex[:24],
        "type": "message",
        "role": "assistant",
        "model": model,  # None: filled in from the request
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }


def text_reply(
    text: str,
    *,
    stop_reason: str = "end_turn",
    input_tokens: int = 12,
    output_tokens: int | None = None,
    model: str | None = None,
) -> AnthropicReply:
    """A 200 message with one text block."""
    out = output_tokens if output_tokens is not None else max(1, len(text.split()))
    body = _message([{"type": "text", "text": text}], stop_reason, input_tokens, out, model)
    return AnthropicReply(200, body)


def tool_use_reply(
    name: str,
    input: dict[str, Any],
    *,
    text: str | None = None,
    tool_use_id: str | None = None,
    input_tokens: int = 12,
    output_tokens: int = 24,
    model: str | None = None,
) -> AnthropicReply:
    """A 200 message asking to call tool ``name``; ``text`` adds a text block before it."""
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content.append(
        {
            "type": "tool_use",
            "id": tool_use_id or "toolu_" + uuid.uuid4().hex[:24],
            "name": name,
            "input": input,
        }
    )
    return AnthropicReply(200, _message(content, "tool_use", input_tokens, output_tokens, model))


def error_reply(
    status: int, error_type: str, message: str, *, retry_after: float | None = None
) -> AnthropicReply:
    """An error in the API's JSON shape; ``retry_after`` adds the ``retry-after`` header."""
    headers = {"retry-after": _seconds(retry_after)} if retry_after is not None else {}
    body = {"type": "error", "error": {"type": error_type, "message": message}}
    return AnthropicReply(status, body, headers)


def rate_limited(*, retry_after: float = 1.0) -> AnthropicReply:
    """429 ``rate_limit_error``. The SDK honours fractional seconds, which keeps tests fast."""
    return error_reply(
        429,
        "rate_limit_error",
        "This request would exceed your organization's rate limit.",
        retry_after=retry_after,
    )


def overloaded() -> AnthropicReply:
    """529 ``overloaded_error``."""
    return error_reply(529, "overloaded_error", "Overloaded")


def api_error() -> AnthropicReply:
    """500 ``api_error``."""
    return error_reply(500, "api_error", "Internal server error")


def _seconds(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class FakeAnthropicAPI(FakeServer):
    """A local Messages API that replays a script and records every request.

    ``replies`` is a list (consumed in order) or a function ``(request_json) -> reply``;
    a plain dict reply is a 200 message body. When the script runs out the fake answers
    400 ``invalid_request_error`` (not retried by the SDK, so the test fails fast).
    ``api_key``, when given, is the only key accepted (others get 401). ``models``, when
    given, are the model ids ``GET /v1/models/{id}`` knows (default: any).
    """

    def __init__(
        self,
        replies: Script | ReplyFn | None = None,
        *,
        api_key: str | None = None,
        models: Iterable[str] | None = None,
    ) -> None:
        super().__init__()
        self.api_key = api_key
        self.models = set(models) if models is not None else None
        self._fn: ReplyFn | None = replies if callable(replies) else None
        self._script: list[AnthropicReply | dict[str, Any]] = (
            [] if replies is None or callable(replies) else list(replies)
        )
        self._request_counter = 0

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``, the value for ``AsyncAnthropic(base_url=...)``."""
        return self.origin

    @property
    def requests(self) -> list[dict[str, Any]]:
        """The JSON bodies of every ``POST /v1/messages``, in order (retries included)."""
        return [c["body"] for c in self.calls if c["path"] == "/v1/messages"]

    def add_replies(self, *replies: AnthropicReply | dict[str, Any]) -> None:
        """Append to the script."""
        self._script.extend(replies)

    def add_routes(self, app: web.Application) -> None:
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_post("/v1/messages/count_tokens", self._count_tokens)
        app.router.add_get("/v1/models/{model_id}", self._model)

    def _new_request_id(self) -> str:
        self._request_counter += 1
        return f"req_fake{self._request_counter:020d}"

    def _refusal(self, headers: dict[str, str], body: Any) -> AnthropicReply | None:
        key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")
        if not key:
            return error_reply(401, "authentication_error", "x-api-key header is required")
        if self.api_key is not None and key != self.api_key:
            return error_reply(401, "authentication_error", "invalid x-api-key")
        if not isinstance(body, dict):
            return error_reply(400, "invalid_request_error", "request body must be JSON")
        for name in ("model", "max_tokens", "messages"):
            if name not in body:
                return error_reply(400, "invalid_request_error", f"{name}: Field required")
        return None

    async def _next_reply(self, body: dict[str, Any]) -> AnthropicReply:
        if self._fn is not None:
            result = self._fn(body)
            reply = await result if inspect.isawaitable(result) else result
        elif self._script:
            reply = self._script.pop(0)
        else:
            return error_reply(
                400,
                "invalid_request_error",
                "FakeAnthropicAPI: no scripted reply left for this request",
            )
        return reply if isinstance(reply, AnthropicReply) else AnthropicReply(200, reply)

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        call = await self.record(request)
        body = call["body"]
        request_id = self._new_request_id()
        reply = self._refusal(call["headers"], body) or await self._next_reply(body)
        if reply.status != 200:
            return self._error(reply, request_id)
        message = {**reply.body}
        if message.get("model") is None:
            message["model"] = body.get("model")
        if body.get("stream"):
            return await _stream(request, message, request_id)
        return web.json_response(message, headers={"request-id": request_id})

    async def _count_tokens(self, request: web.Request) -> web.Response:
        call = await self.record(request)
        body = call["body"] if isinstance(call["body"], dict) else {}
        words = len(json.dumps(body.get("messages", [])).split())
        return web.json_response(
            {"input_tokens": max(1, words)}, headers={"request-id": self._new_request_id()}
        )

    async def _model(self, request: web.Request) -> web.Response:
        """``GET /v1/models/{id}``: the key is checked; ``models`` (when given) are the ids
        that exist, others are 404 ``not_found_error`` as the real API answers."""
        call = await self.record(request)
        request_id = self._new_request_id()
        model_id = request.match_info["model_id"]
        key = call["headers"].get("x-api-key") or call["headers"].get("authorization", "")
        key = key.removeprefix("Bearer ")
        if not key or (self.api_key is not None and key != self.api_key):
            reply = error_reply(401, "authentication_error", "invalid x-api-key")
            return self._error(reply, request_id)
        if self.models is not None and model_id not in self.models:
            reply = error_reply(404, "not_found_error", f"model: {model_id}")
            return self._error(reply, request_id)
        body = {
            "type": "model",
            "id": model_id,
            "display_name": model_id,
            "created_at": "2025-09-29T00:00:00Z",
        }
        return web.json_response(body, headers={"request-id": request_id})

    def _error(self, reply: AnthropicReply, request_id: str) -> web.Response:
        body = {**reply.body, "request_id": request_id}
        return web.json_response(
            body, status=reply.status, headers={"request-id": request_id, **reply.headers}
        )


async def _stream(
    request: web.Request, message: dict[str, Any], request_id: str
) -> web.StreamResponse:
    """Send ``message`` as the Messages API's server-sent event sequence."""
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream; charset=utf-8",
            "Cache-Control": "no-cache",
            "request-id": request_id,
        }
    )
    await response.prepare(request)
    for event in stream_events(message):
        data = json.dumps(event, separators=(",", ":"))
        await response.write(f"event: {event['type']}\ndata: {data}\n\n".encode())
    await response.write_eof()
    return response


def stream_events(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The SSE events (as dicts) that the API streams for a complete ``message``."""
    usage = message.get("usage", {})
    start = {
        **message,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {**usage, "output_tokens": 1},
    }
    events: list[dict[str, Any]] = [{"type": "message_start", "message": start}, {"type": "ping"}]
    for index, block in enumerate(message.get("content", [])):
        if block["type"] == "text":
            opening, deltas = (
                {"type": "text", "text": ""},
                [{"type": "text_delta", "text": piece} for piece in _chunks(block["text"])],
            )
        elif block["type"] == "tool_use":
            opening = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            deltas = [
                {"type": "input_json_delta", "partial_json": piece}
                for piece in ["", *_chunks(json.dumps(block["input"]))]
            ]
        else:
            raise ValueError(f"cannot stream content block type {block['type']!r}")
        events.append({"type": "content_block_start", "index": index, "content_block": opening})
        events.extend({"type": "content_block_delta", "index": index, "delta": d} for d in deltas)
        events.append({"type": "content_block_stop", "index": index})
    events.append(
        {
            "type": "message_delta",
            "delta": {
                "stop_reason": message.get("stop_reason"),
                "stop_sequence": message.get("stop_sequence"),
            },
            "usage": {"output_tokens": usage.get("output_tokens", 1)},
        }
    )
    events.append({"type": "message_stop"})
    return events


def _chunks(text: str, size: int = 8) -> list[str]:
    """Split ``text`` into small pieces, as the API streams it in several deltas."""
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]
