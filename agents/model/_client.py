"""The language model behind the desks and the Chief: one protocol, Claude, and a fake.

Callers see a ``ModelClient`` and ``ModelUnavailable``, never the ``anthropic`` SDK. The
fake sits next to the protocol it stands in for; tests hand it a function per reply.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import inspect
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

import anthropic

from agents._settings import AgentSettings
from agents.errors import BudgetExceeded, ModelUnavailable
from agents.model._budget import Budget, Usage

log = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 529})
RETRY_MAX_DELAY_S = 20.0
Messages = list[dict[str, Any]]
ToolSpec = dict[str, Any]  # {"name", "description", "input_schema"}, as the API takes it


@dataclass(frozen=True, slots=True)
class ModelReply:
    """One reply: content blocks as plain dicts (ready to send back), why it stopped, its cost.

    Blocks: ``{"type": "text", "text"}``, ``{"type": "tool_use", "id", "name", "input"}``.
    """

    content: list[dict[str, Any]]
    stop_reason: str | None
    usage: Usage = Usage()

    @property
    def text(self) -> str:
        """The text blocks joined (tool calls left out)."""
        return "\n".join(b["text"] for b in self.content if b.get("type") == "text").strip()

    @property
    def tool_uses(self) -> list[dict[str, Any]]:
        """The ``tool_use`` blocks, in order."""
        return [b for b in self.content if b.get("type") == "tool_use"]


class ModelClient(Protocol):
    """Something that answers a Messages-API conversation: Claude, or a fake in tests.

    Implementations subclass it and override the ``_reply`` hook (one request); ``complete``
    wraps that with the budget, so every client refuses and charges alike."""

    async def complete(
        self,
        *,
        system: str,
        messages: Messages,
        tools: list[ToolSpec] | None = None,
        max_tokens: int | None = None,
        budget: Budget | None = None,
    ) -> ModelReply:
        """One reply. Raises ``BudgetExceeded`` before sending when ``budget`` is spent,
        charges it with the reply's usage, raises ``ModelUnavailable`` when no reply comes."""
        if budget is not None:
            budget.check()
        started = time.perf_counter()
        reply = await self._reply(system, messages, tools, max_tokens)
        if budget is not None:
            took_ms = (time.perf_counter() - started) * 1000
            # The reply is paid for, so hand it over; the next call is refused by check().
            with contextlib.suppress(BudgetExceeded):
                budget.charge(reply.usage, model_ms=took_ms)
        return reply

    async def _reply(
        self, system: str, messages: Messages, tools: list[ToolSpec] | None, max_tokens: int | None
    ) -> ModelReply:
        """Hook: send one request and return the reply. No default."""
        raise NotImplementedError

    async def close(self) -> None:
        """Hook: release connections. The default has none."""


class AnthropicModel(ModelClient):
    """``ModelClient`` on the Anthropic Messages API, with retries and one log line per call.

    Retried with backoff and jitter (or ``retry-after``, capped): ``RETRY_STATUSES``,
    connection failures, timeouts. Otherwise, or after the last retry, ``ModelUnavailable``
    names the status and the API's error, never the key or the request."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str = "claude-sonnet-4-5",
        base_url: str | None = None,
        max_tokens: int = 1_500,
        retries: int = 4,
        timeout: float = 60.0,
        base_delay: float = 0.5,
    ) -> None:
        self.model, self.max_tokens = model, max_tokens
        self.retries, self.base_delay = retries, base_delay
        self._secret = api_key  # only to scrub it out of error text; never logged or shown
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout
        )

    async def close(self) -> None:
        """Close the SDK's HTTP connections."""
        await self._client.close()

    async def _reply(
        self, system: str, messages: Messages, tools: list[ToolSpec] | None, max_tokens: int | None
    ) -> ModelReply:
        params: dict[str, Any] = {"model": self.model, "messages": messages}
        params["max_tokens"] = max_tokens or self.max_tokens
        params.update((k, v) for k, v in (("system", system), ("tools", tools)) if v)
        started = time.perf_counter()
        for attempt in range(self.retries + 1):
            try:
                # Without stream=True the SDK returns a Message; its overloads cannot
                # tell that through **params, so the type is stated here, once.
                message = cast(
                    anthropic.types.Message, await self._client.messages.create(**params)
                )
            except anthropic.AnthropicError as exc:
                reason, retryable, wait = self._diagnose(exc)
                if not retryable or attempt == self.retries:
                    self._log_call("unavailable", attempt + 1, Usage(), started)
                    raise ModelUnavailable(reason) from exc
                delay = min(RETRY_MAX_DELAY_S, wait) if wait is not None else self._backoff(attempt)
                log.debug("model %s: %s; retry %d of %d in %.2f s",
                          self.model, reason, attempt + 1, self.retries, delay)  # fmt: skip
                await asyncio.sleep(delay)
                continue
            reply = _to_reply(message)
            self._log_call(reply.stop_reason or "ok", attempt + 1, reply.usage, started)
            return reply
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _backoff(self, attempt: int) -> float:
        ceiling = min(RETRY_MAX_DELAY_S, self.base_delay * 2**attempt)
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _diagnose(self, exc: anthropic.AnthropicError) -> tuple[str, bool, float | None]:
        """Why a call failed (safe to show), whether to retry, and the server's wait if any."""
        if isinstance(exc, anthropic.APIConnectionError):
            timed_out = isinstance(exc, anthropic.APITimeoutError)
            return ("the request timed out" if timed_out else "could not connect"), True, None
        if not isinstance(exc, anthropic.APIStatusError):
            return f"unexpected reply ({type(exc).__name__})", False, None
        # The SDK keeps the decoded JSON body untyped: {"error": {"type", "message"}}
        body = cast(dict[str, Any], exc.body) if isinstance(exc.body, dict) else {}
        error = body.get("error")
        details = cast(dict[str, Any], error) if isinstance(error, dict) else {}
        kind = str(details.get("type") or "error")
        text = str(details.get("message") or "")[:200]
        reason = f"HTTP {exc.status_code} {kind}" + (f": {text}" if text else "")
        reason = reason.replace(self._secret, "[key]") if self._secret else reason
        return reason, exc.status_code in RETRY_STATUSES, _retry_after(exc.response.headers)

    def _log_call(self, outcome: str, attempts: int, usage: Usage, started: float) -> None:
        ms = (time.perf_counter() - started) * 1000
        log.info("model %s %s attempts=%d in=%d out=%d %.0f ms", self.model, outcome,
                 attempts, usage.input_tokens, usage.output_tokens, ms)  # fmt: skip


def _retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asked us to wait; absent or an HTTP date: None (our own backoff)."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        with contextlib.suppress(KeyError, ValueError):
            return max(0.0, float(headers[name]) * scale)
    return None


def _to_reply(message: anthropic.types.Message) -> ModelReply:
    content = [block.model_dump(mode="json", exclude_none=True) for block in message.content]
    u = message.usage
    read = u.input_tokens + (u.cache_creation_input_tokens or 0) + (u.cache_read_input_tokens or 0)
    return ModelReply(content, message.stop_reason, Usage(read, u.output_tokens))


FakeHandler = Callable[[str, Messages, list[ToolSpec] | None], ModelReply | Awaitable[ModelReply]]


class FakeModel(ModelClient):
    """``ModelClient`` for tests: ``handler(system, messages, tools)`` writes each reply.

    Every call is kept in ``calls`` (messages deep-copied: the tool loop appends to its list).
    """

    def __init__(self, handler: FakeHandler) -> None:
        self.handler = handler
        self.calls: list[dict[str, Any]] = []

    async def _reply(
        self, system: str, messages: Messages, tools: list[ToolSpec] | None, max_tokens: int | None
    ) -> ModelReply:
        seen = copy.deepcopy(messages)
        self.calls.append({"system": system, "messages": seen, "tools": tools})
        result = self.handler(system, seen, tools)
        return await result if inspect.isawaitable(result) else result


def model_from_settings(settings: AgentSettings) -> ModelClient | None:
    """Claude as configured, or None without an API key (hivebrain then runs in rules mode)."""
    key = settings.anthropic_api_key
    if key is None or not key.get_secret_value().strip():
        return None
    return AnthropicModel(
        api_key=key.get_secret_value(),
        model=settings.anthropic_model,
        base_url=settings.anthropic_base_url,
        max_tokens=settings.hivebrain_model_max_tokens,
        retries=settings.hivebrain_model_retries,
        timeout=settings.hivebrain_desk_timeout_s,
    )
