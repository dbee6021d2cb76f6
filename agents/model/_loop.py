"""The tool-use loop every desk runs: ask, run the tools it asked for, feed results back.

Tool results reach the model as compact JSON, cut (saying so) past a size, and only
registered tools are offered."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pydantic import BaseModel

from agents.errors import BudgetExceeded
from agents.model._budget import Budget, Usage
from agents.model._client import Messages, ModelClient, ToolSpec
from agents.tools import TOOLS
from brain import HivebrainError
from brain.reads import ReadResult

log = logging.getLogger(__name__)

TOOL_RESULT_CHARS = 6_000


class ToolCall(NamedTuple):
    """One tool call the model made; ``ok`` is False when the tool raised."""

    name: str
    input: dict[str, Any]
    ok: bool


@dataclass(frozen=True, slots=True)
class LoopResult:
    """How a tool loop ended: the latest text, calls, cost; ``stopped_early`` None = finished."""

    text: str
    tool_calls: list[ToolCall]
    usage: Usage
    rounds: int
    stopped_early: str | None = None


CallTool = Callable[[str, dict[str, Any]], Awaitable[Any]]


async def run_tool_loop(
    model: ModelClient,
    *,
    system: str,
    prompt: str,
    tools: Sequence[ToolSpec],
    call_tool: CallTool,
    budget: Budget,
    max_rounds: int = 6,
    max_tokens: int | None = None,
) -> LoopResult:
    """Let the model call tools until it answers, or the rounds or the budget run out.

    A round is one model call. Each ``tool_use`` runs as ``call_tool(name, input)``; its
    result goes back as JSON (cut at ``TOOL_RESULT_CHARS``), a ``HivebrainError`` as an
    ``is_error`` result the model can correct. ``ModelUnavailable`` propagates.
    """
    messages: Messages = [{"role": "user", "content": prompt}]
    calls: list[ToolCall] = []
    usage, text, stopped, rounds, specs = Usage(), "", None, 0, list(tools) or None
    try:
        while True:
            reply = await model.complete(
                system=system, messages=messages, tools=specs, max_tokens=max_tokens, budget=budget
            )
            rounds, usage, text = rounds + 1, usage + reply.usage, reply.text or text
            if reply.stop_reason != "tool_use" or not reply.tool_uses:
                if reply.stop_reason in ("max_tokens", "refusal"):
                    stopped = f"{reply.stop_reason}: the model's answer is incomplete"
                break
            if rounds >= max_rounds:
                stopped = f"rounds: the model still wanted tools after {max_rounds} rounds"
                break
            budget.check()  # an overdrawn reply's tool calls could never be answered
            results = await _run_tools(reply.tool_uses, call_tool, budget, calls)
            messages.append({"role": "assistant", "content": reply.content})
            messages.append({"role": "user", "content": results})
    except BudgetExceeded as exc:
        stopped = str(exc)
    return LoopResult(text, calls, usage, rounds, stopped)


async def _run_tools(
    uses: list[dict[str, Any]], call_tool: CallTool, budget: Budget, calls: list[ToolCall]
) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    for use in uses:
        budget.charge_tool()
        name, args = str(use["name"]), dict(use.get("input") or {})
        result: dict[str, Any] = {"type": "tool_result", "tool_use_id": use["id"]}
        try:
            value = await call_tool(name, args)
        except BudgetExceeded:
            raise
        except HivebrainError as exc:
            log.debug("tool %s refused: %s", name, exc)
            result.update(content=str(exc) or exc.user_message, is_error=True)
        else:
            result["content"] = tool_result_text(value)
        calls.append(ToolCall(name, args, "is_error" not in result))
        results.append(result)
    return results


def tool_result_text(value: Any, *, limit: int = TOOL_RESULT_CHARS) -> str:
    """A tool's result as the JSON text the model reads, cut (saying so) past ``limit``."""
    if isinstance(value, ReadResult):
        value = value.for_model()
    elif isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_none=True)
    text = (
        value
        if isinstance(value, str)
        else json.dumps(value, default=str, ensure_ascii=False, separators=(",", ":"))
    )
    if len(text) <= limit:
        return text
    return f"{text[:limit]} ... [cut: {limit} of {len(text)} characters shown; ask for less]"


def tool_specs(names: Sequence[str]) -> list[ToolSpec]:
    """Messages-API specs of registered tools (purpose, args schema); ``ValueError`` if unknown."""
    unknown = [n for n in names if n not in TOOLS]
    if unknown:
        raise ValueError(f"unknown tools {unknown}; registered: {sorted(TOOLS)}")
    specs: list[ToolSpec] = []
    for name in names:
        # The API wants an object schema with "properties"; pydantic's top-level title is noise.
        schema = {k: v for k, v in TOOLS[name].schema().items() if k != "title"}
        schema.update(type="object", properties=schema.get("properties", {}))
        specs.append({"name": name, "description": TOOLS[name].purpose, "input_schema": schema})
    return specs
