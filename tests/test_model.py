"""The model client and the tool loop, with the real anthropic SDK against a local fake API."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from agents._settings import AgentSettings
from agents.errors import BudgetExceeded, ModelUnavailable, ToolArgsInvalid
from agents.model import (
    TOOL_RESULT_CHARS,
    AnthropicModel,
    Budget,
    FakeModel,
    ModelReply,
    Usage,
    model_from_settings,
    run_tool_loop,
    tool_result_text,
    tool_specs,
)
from brain.reads import ReadResult
from tests.fakes import (
    AnthropicReply,
    FakeAnthropicAPI,
    error_reply,
    overloaded,
    rate_limited,
    text_reply,
    tool_use_reply,
)

KEY = "sk-ant-test-3f9c2d1e"
LOOKUP = {
    "name": "lookup",
    "description": "Look up one thing by exact id or name.",
    "input_schema": {
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "required": ["name"],
    },
}


def claude(fake: FakeAnthropicAPI, *, retries: int = 2) -> AnthropicModel:
    return AnthropicModel(api_key=KEY, base_url=fake.base_url, retries=retries, base_delay=0.001)


def big_budget() -> Budget:
    return Budget(tokens=100_000, tool_calls=20)


def usage_sum(replies: list[AnthropicReply]) -> int:
    return sum(r.body["usage"]["input_tokens"] + r.body["usage"]["output_tokens"] for r in replies)


async def test_text_reply_counts_usage_and_sends_bearer_key() -> None:
    async with FakeAnthropicAPI([text_reply("Dana owns billing.", input_tokens=21)]) as fake:
        model = claude(fake)
        budget = big_budget()
        reply = await model.complete(
            system="Be brief.",
            messages=[{"role": "user", "content": "Who owns billing?"}],
            max_tokens=64,
            budget=budget,
        )
        await model.close()

    assert reply.text == "Dana owns billing." and reply.stop_reason == "end_turn"
    assert reply.content == [{"type": "text", "text": "Dana owns billing."}]
    assert reply.usage == Usage(21, 3) and budget.used == Usage(21, 3)
    sent = fake.requests[0]
    assert sent["system"] == "Be brief." and sent["max_tokens"] == 64
    assert sent["model"] == "claude-sonnet-4-5" and "tools" not in sent
    assert fake.calls[0]["headers"]["authorization"] == f"Bearer {KEY}"


async def test_tool_loop_sends_tool_result_and_returns_answer() -> None:
    replies = [
        tool_use_reply("lookup", {"name": "x"}, tool_use_id="toolu_x", text="Let me look."),
        text_reply("x is the billing service.", input_tokens=40, output_tokens=7),
    ]
    seen: list[tuple[str, dict[str, Any]]] = []

    async def call_tool(name: str, args: dict[str, Any]) -> ReadResult:
        seen.append((name, args))
        return ReadResult(tool=name, as_of="2026-01-01", data={"id": "x", "type": "Service"})

    budget = big_budget()
    async with FakeAnthropicAPI(list(replies)) as fake:
        model = claude(fake)
        result = await run_tool_loop(
            model,
            system="Answer from the graph.",
            prompt="What is x?",
            tools=[LOOKUP],
            call_tool=call_tool,
            budget=budget,
        )
        await model.close()

    assert result.text == "x is the billing service." and result.stopped_early is None
    assert result.rounds == 2 and seen == [("lookup", {"name": "x"})]
    assert result.tool_calls == [("lookup", {"name": "x"}, True)]
    first, second = fake.requests
    assert first["tools"] == [LOOKUP] and second["tools"] == [LOOKUP]
    assert first["messages"] == [{"role": "user", "content": "What is x?"}]
    assistant, user = second["messages"][1], second["messages"][2]
    assert assistant["role"] == "assistant"
    assert assistant["content"][0] == {"type": "text", "text": "Let me look."}
    assert (
        assistant["content"][1]["type"] == "tool_use" and assistant["content"][1]["id"] == "toolu_x"
    )
    assert user["role"] == "user" and len(user["content"]) == 1
    block = user["content"][0]
    assert block["type"] == "tool_result" and block["tool_use_id"] == "toolu_x"
    assert "is_error" not in block and '"type":"Service"' in block["content"]
    # the model reads the answer, not the bookkeeping: evidence stays with the ledger
    assert "evidence" not in block["content"] and '"found":true' in block["content"]
    # Every token the fake reported is charged, to the turn and to the loop.
    total = usage_sum(replies)
    assert budget.used.total == result.usage.total == total
    assert budget.tool_calls_used == 1


async def test_tool_error_goes_back_as_is_error_and_the_model_answers() -> None:
    replies = [
        tool_use_reply("lookup", {"name": ""}, tool_use_id="toolu_bad"),
        text_reply("I could not look that up."),
    ]

    async def call_tool(name: str, args: dict[str, Any]) -> Any:
        raise ToolArgsInvalid(name, "name: String should have at least 1 character")

    async with FakeAnthropicAPI(replies) as fake:
        model = claude(fake)
        result = await run_tool_loop(
            model, system="s", prompt="p", tools=[LOOKUP], call_tool=call_tool, budget=big_budget()
        )
        await model.close()

    assert result.text == "I could not look that up." and result.stopped_early is None
    assert result.tool_calls == [("lookup", {"name": ""}, False)]
    block = fake.requests[1]["messages"][2]["content"][0]
    assert block["tool_use_id"] == "toolu_bad" and block["is_error"] is True
    assert "at least 1 character" in block["content"]


async def test_rate_limit_is_retried_once_then_answers(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="agents.model._client")
    async with FakeAnthropicAPI([rate_limited(retry_after=0), text_reply("ok")]) as fake:
        model = claude(fake)
        reply = await model.complete(system="s", messages=[{"role": "user", "content": "hi"}])
        await model.close()

    assert reply.text == "ok" and len(fake.requests) == 2
    lines = [
        r for r in caplog.records if r.name == "agents.model._client" and r.levelno == logging.INFO
    ]
    assert len(lines) == 1
    assert "end_turn" in lines[0].getMessage() and "attempts=2" in lines[0].getMessage()


async def test_overload_after_every_retry_is_model_unavailable() -> None:
    async with FakeAnthropicAPI(lambda body: overloaded()) as fake:
        model = claude(fake, retries=3)
        with pytest.raises(ModelUnavailable) as caught:
            await model.complete(system="s", messages=[{"role": "user", "content": "hi"}])
        await model.close()

    assert len(fake.requests) == 4  # the first try and three retries
    assert "529" in str(caught.value) and "overloaded_error" in caught.value.reason
    assert "Overloaded" in caught.value.reason


async def test_client_errors_are_not_retried_and_never_show_the_key(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    async with FakeAnthropicAPI([text_reply("ok")], api_key="some-other-key") as fake:
        model = claude(fake)
        with pytest.raises(ModelUnavailable) as caught:
            await model.complete(system="s", messages=[{"role": "user", "content": "hi"}])
        await model.close()

    assert len(fake.requests) == 1
    assert "401 authentication_error" in caught.value.reason
    assert KEY not in str(caught.value) and KEY not in caught.value.user_message
    assert KEY not in repr(model)
    assert caplog.records and KEY not in caplog.text


async def test_key_never_appears_in_log_records(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    replies = [
        rate_limited(retry_after=0),
        error_reply(500, "api_error", "Internal server error"),
        tool_use_reply("lookup", {"name": "x"}),
        text_reply("done"),
    ]

    async def call_tool(name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True}

    async with FakeAnthropicAPI(replies) as fake:
        model = claude(fake)
        result = await run_tool_loop(
            model, system="s", prompt="p", tools=[LOOKUP], call_tool=call_tool, budget=big_budget()
        )
        await model.close()

    assert result.text == "done" and len(fake.requests) == 4
    assert all(c["headers"]["authorization"] == f"Bearer {KEY}" for c in fake.calls)
    assert caplog.records
    for record in caplog.records:
        assert KEY not in record.getMessage()
        assert KEY not in (record.exc_text or "")
    assert KEY not in caplog.text


async def test_connection_failure_is_retried_then_unavailable() -> None:
    async with FakeAnthropicAPI() as fake:
        base_url = fake.base_url  # nothing listens here once the fake has stopped
    model = AnthropicModel(api_key=KEY, base_url=base_url, retries=1, base_delay=0.001)
    with pytest.raises(ModelUnavailable, match="could not connect"):
        await model.complete(system="s", messages=[{"role": "user", "content": "hi"}])
    await model.close()


async def test_token_budget_stops_the_loop_early() -> None:
    replies = [tool_use_reply("lookup", {"name": "x"}, input_tokens=40, output_tokens=20)]
    calls: list[str] = []

    async def call_tool(name: str, args: dict[str, Any]) -> str:
        calls.append(name)
        return "x"

    budget = Budget(tokens=50, tool_calls=10)
    async with FakeAnthropicAPI(replies) as fake:
        model = claude(fake)
        result = await run_tool_loop(
            model, system="s", prompt="p", tools=[LOOKUP], call_tool=call_tool, budget=budget
        )
        # The next call of the turn (another desk) is refused before anything is sent.
        with pytest.raises(BudgetExceeded):
            await model.complete(
                system="s", messages=[{"role": "user", "content": "p"}], budget=budget
            )
        await model.close()

    assert result.stopped_early is not None and "60 of 50 tokens" in result.stopped_early
    assert result.rounds == 1 and calls == [] and result.tool_calls == []
    assert budget.used == Usage(40, 20) and len(fake.requests) == 1


async def test_tool_call_budget_stops_the_loop_early() -> None:
    replies = [
        tool_use_reply("lookup", {"name": "a"}, text="First a."),
        tool_use_reply("lookup", {"name": "b"}),
    ]

    async def call_tool(name: str, args: dict[str, Any]) -> str:
        return "found"

    budget = Budget(tokens=10_000, tool_calls=1)
    async with FakeAnthropicAPI(replies) as fake:
        model = claude(fake)
        result = await run_tool_loop(
            model, system="s", prompt="p", tools=[LOOKUP], call_tool=call_tool, budget=budget
        )
        await model.close()

    assert result.stopped_early is not None and "tool calls" in result.stopped_early
    assert result.text == "First a." and result.rounds == 2
    assert result.tool_calls == [("lookup", {"name": "a"}, True)]
    assert budget.tool_calls_used == 1 and budget.used.total == usage_sum(replies)


async def test_rounds_run_out() -> None:
    model = FakeModel(lambda system, messages, tools: _tool_use(len(messages)))

    async def call_tool(name: str, args: dict[str, Any]) -> str:
        return "more"

    result = await run_tool_loop(
        model,
        system="s",
        prompt="p",
        tools=[LOOKUP],
        call_tool=call_tool,
        budget=big_budget(),
        max_rounds=3,
    )
    assert result.rounds == 3 and len(result.tool_calls) == 2
    assert result.stopped_early is not None and result.stopped_early.startswith("rounds")
    # Each request carried the earlier rounds: 1, 3 and 5 messages.
    assert [len(c["messages"]) for c in model.calls] == [1, 3, 5]


def _tool_use(n: int) -> ModelReply:
    block = {"type": "tool_use", "id": f"toolu_{n}", "name": "lookup", "input": {"name": "x"}}
    return ModelReply([block], "tool_use", Usage(10, 5))


async def test_fake_model_charges_the_budget_and_max_tokens_is_reported() -> None:
    model = FakeModel(
        lambda system, messages, tools: ModelReply(
            [{"type": "text", "text": "The answer is"}], "max_tokens", Usage(7, 3)
        )
    )
    budget = big_budget()

    async def call_tool(name: str, args: dict[str, Any]) -> str:
        raise AssertionError("no tools were asked for")

    result = await run_tool_loop(
        model, system="s", prompt="p", tools=[], call_tool=call_tool, budget=budget
    )
    assert result.text == "The answer is" and result.stopped_early is not None
    assert result.stopped_early.startswith("max_tokens") and budget.used == Usage(7, 3)
    assert model.calls[0]["tools"] is None


def test_tool_results_are_cut_and_say_so() -> None:
    short = tool_result_text({"a": 1})
    assert short == '{"a":1}'
    long = tool_result_text({"rows": ["x" * 100] * 200})
    assert long.startswith('{"rows":["xxx') and len(long) < TOOL_RESULT_CHARS + 120
    assert "[cut: 6000 of" in long


def test_budget_charges_and_refuses() -> None:
    budget = Budget(tokens=10, tool_calls=1)
    budget.charge(Usage(4, 4))
    budget.check()
    with pytest.raises(BudgetExceeded, match="12 of 10 tokens"):
        budget.charge(Usage(2, 2))
    assert budget.used == Usage(6, 6)
    with pytest.raises(BudgetExceeded):
        budget.check()
    budget.charge_tool()
    with pytest.raises(BudgetExceeded, match="tool calls"):
        budget.charge_tool()
    assert budget.tool_calls_used == 1
    assert Usage(1, 2) + Usage(3, 4) == Usage(4, 6)


def test_settings_without_a_key_mean_rules_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert model_from_settings(AgentSettings(_env_file=None)) is None  # type: ignore[call-arg]  # pydantic-settings option
    empty = AgentSettings(_env_file=None, anthropic_api_key="", anthropic_base_url="")  # type: ignore[call-arg,arg-type]  # str is coerced
    assert empty.anthropic_api_key is None and empty.anthropic_base_url is None
    assert model_from_settings(empty) is None
    settings = AgentSettings(_env_file=None, anthropic_api_key=KEY)  # type: ignore[call-arg,arg-type]  # str is coerced
    assert KEY not in repr(settings) and KEY not in str(settings.model_dump())
    model = model_from_settings(settings)
    assert isinstance(model, AnthropicModel) and model.retries == 4
    assert (
        settings.hivebrain_turn_token_budget == 60_000
        and settings.hivebrain_model_max_tokens == 1_500
    )


def test_tool_specs_are_api_tool_definitions() -> None:
    (spec,) = tool_specs(["lookup"])
    assert spec["name"] == "lookup" and spec["description"]
    schema = spec["input_schema"]
    assert schema["type"] == "object" and "name" in schema["properties"]
    assert "title" not in schema and schema["required"] == ["name"]
    with pytest.raises(ValueError, match="unknown tools"):
        tool_specs(["no_such_tool"])
