"""The fakes in ``tests/fakes`` speak their APIs well enough for the real SDK clients.

Each test points an unmodified SDK client at a fake over real HTTP. None of them needs
FalkorDB (they request no database fixture).
"""

from __future__ import annotations

import asyncio
from typing import Any

import anthropic
import httpx
import pytest
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.web.async_client import AsyncWebClient

from tests.fakes import (
    FakeAnthropicAPI,
    FakeComposioAPI,
    FakeGitHubAPI,
    FakeSlackAPI,
    overloaded,
    rate_limited,
    text_reply,
    tool_use_reply,
)

MODEL = "claude-sonnet-5"
TOOLS = [
    {
        "name": "search_brain",
        "description": "Search the company graph.",
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"],
        },
    }
]


# ---------------------------------------------------------------- Slack


async def test_slack_post_then_update_round_trips() -> None:
    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        me = await client.auth_test()
        first = await client.chat_postMessage(
            channel="C1", text="hello", blocks=[{"type": "divider"}]
        )
        second = await client.chat_postMessage(channel="C1", text="again", thread_ts=first["ts"])
        updated = await client.chat_update(channel="C1", ts=first["ts"], text="edited")

    assert me["user_id"] == "UBOT" and me["team_id"] == "T0FAKE" and me["bot_id"]
    assert first["channel"] == "C1" and first["message"]["text"] == "hello"
    assert float(second["ts"]) > float(first["ts"])
    assert first["ts"] == "1700000000.000100"
    assert updated["message"]["text"] == "edited"
    [post, _] = fake.calls_to("chat.postMessage")
    assert post["args"]["blocks"] == [{"type": "divider"}]
    assert post["headers"]["authorization"] == "Bearer xoxb-test"
    assert post["headers"]["content-type"].startswith("application/json")
    assert fake.calls_to("chat.update")[0]["args"]["ts"] == first["ts"]


async def test_slack_chat_stream_helper_streams_one_message() -> None:
    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        stream = await client.chat_stream(
            channel="C1",
            thread_ts="1700000000.000100",
            recipient_user_id="U1",
            recipient_team_id="T0FAKE",
            buffer_size=5,
        )
        await stream.append(markdown_text="**Dana**")  # over the buffer: starts the stream
        await stream.append(markdown_text=" owns")  # over it again: one append
        await stream.append(markdown_text=" it")  # under it: kept for the stop
        done = await stream.stop(blocks=[{"type": "divider"}])
        with pytest.raises(SlackApiError) as late:
            await client.chat_appendStream(channel="C1", ts=str(stream.ts), markdown_text="x")

    assert [m for m, _ in fake.stream_calls] == [
        "chat.startStream",
        "chat.appendStream",
        "chat.stopStream",
    ]
    message = fake.messages[("C1", str(stream.ts))]
    assert message["text"] == "**Dana** owns it" and message["streaming"] is False
    assert message["blocks"] == [{"type": "divider"}] and done["message"]["ts"] == stream.ts
    assert late.value.response["error"] == "message_not_in_streaming_state"


async def test_slack_streams_and_prompts_check_their_arguments_like_slack() -> None:
    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        with pytest.raises(SlackApiError) as no_recipient:
            await client.chat_startStream(channel="C1", thread_ts="1.2", markdown_text="hi")
        dm = await client.chat_startStream(channel="D1", thread_ts="1.2", markdown_text="hi")
        with pytest.raises(SlackApiError) as too_many:
            await client.assistant_threads_setSuggestedPrompts(
                channel_id="D1", prompts=[{"title": f"t{i}", "message": "m"} for i in range(5)]
            )
        await client.assistant_threads_setSuggestedPrompts(
            channel_id="D1", thread_ts="1.2", prompts=[{"title": "t", "message": "m"}]
        )
        await client.assistant_threads_setStatus(channel_id="D1", thread_ts="1.2", status="is x")
        await client.assistant_threads_setStatus(channel_id="D1", thread_ts="1.2", status="")

    assert no_recipient.value.response["error"] == "missing_recipient_user_id"
    assert dm["ts"]  # a DM needs no recipient
    assert too_many.value.response["error"] == "invalid_arguments"
    assert [p["prompts"] for p in fake.suggested_prompts] == [[{"title": "t", "message": "m"}]]
    assert [s["status"] for s in fake.statuses] == ["is x", ""]


async def test_slack_update_of_unknown_message_fails_like_slack() -> None:
    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        with pytest.raises(SlackApiError) as caught:
            await client.chat_update(channel="C1", ts="1.2", text="x")
    assert caught.value.response["error"] == "message_not_found"


async def test_slack_rate_limit_is_surfaced_without_a_retry_handler() -> None:
    async with FakeSlackAPI() as fake:
        fake.fail("chat.postMessage", "ratelimited", retry_after=7)
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        with pytest.raises(SlackApiError) as caught:
            await client.chat_postMessage(channel="C1", text="hi")
        ok = await client.chat_postMessage(channel="C1", text="hi")  # only once

    response = caught.value.response
    assert response.status_code == 429
    assert response["error"] == "ratelimited"
    assert response.headers["Retry-After"] == "7"
    assert ok["ok"] and len(fake.calls_to("chat.postMessage")) == 2


async def test_slack_rate_limit_is_retried_by_the_sdk_handler() -> None:
    async with FakeSlackAPI() as fake:
        fake.fail("chat.postMessage", retry_after=0)
        client = AsyncWebClient(
            token="xoxb-test",
            base_url=fake.base_url,
            retry_handlers=[AsyncRateLimitErrorRetryHandler(max_retry_count=1)],
        )
        reply = await client.chat_postMessage(channel="C1", text="hi")
    assert reply["ok"]
    assert len(fake.calls_to("chat.postMessage")) == 2


async def test_slack_handlers_errors_and_auth() -> None:
    async with FakeSlackAPI(tokens={"xoxb-good"}) as fake:
        fake.on("conversations.history", lambda args: {"messages": [], "channel": args["channel"]})
        fake.fail("users.info", "user_not_found", times=None)
        client = AsyncWebClient(token="xoxb-good", base_url=fake.base_url)
        history = await client.conversations_history(channel="C9")
        with pytest.raises(SlackApiError) as unknown:
            await client.api_call("bogus.method")
        with pytest.raises(SlackApiError) as missing:
            await client.users_info(user="U1")
        with pytest.raises(SlackApiError) as bad:
            await AsyncWebClient(token="xoxb-bad", base_url=fake.base_url).auth_test()
    assert history["ok"] and history["channel"] == "C9"
    assert unknown.value.response["error"] == "unknown_method"
    assert missing.value.response["error"] == "user_not_found"
    assert bad.value.response["error"] == "invalid_auth"


async def test_slack_workspace_methods() -> None:
    async with FakeSlackAPI() as fake:
        root = fake.seed_message("C1", text="question?", user="U1")
        fake.seed_message("C1", text="answer", user="U2", thread_ts=root)
        fake.seed_user("U1", real_name="Ada Lovelace", profile={"email": "ada@example.com"})
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)

        await client.reactions_add(channel="C1", timestamp=root, name="eyes")
        with pytest.raises(SlackApiError) as twice:
            await client.reactions_add(channel="C1", timestamp=root, name="eyes")
        await client.reactions_remove(channel="C1", timestamp=root, name="eyes")
        thread = await client.conversations_replies(channel="C1", ts=root)
        user = await client.users_info(user="U1")
        channel = await client.conversations_info(channel="C1")
        ephemeral = await client.chat_postEphemeral(channel="C1", user="U1", text="psst")
        view = await client.views_open(
            trigger_id="T.1",
            view={
                "type": "modal",
                "callback_id": "ask",
                "title": {"type": "plain_text", "text": "Ask"},
                "blocks": [],
            },
        )
        oauth = await AsyncWebClient(base_url=fake.base_url).oauth_v2_access(
            client_id="cid", client_secret="secret", code="abc"
        )

    assert twice.value.response["error"] == "already_reacted"
    assert not fake.reactions
    assert [m["text"] for m in thread["messages"]] == ["question?", "answer"]
    assert thread["messages"][0]["reply_count"] == 1
    assert user["user"]["real_name"] == "Ada Lovelace"
    assert user["user"]["profile"]["email"] == "ada@example.com"
    assert channel["channel"]["id"] == "C1"
    assert ephemeral["message_ts"]
    assert view["view"]["id"].startswith("V") and view["view"]["callback_id"] == "ask"
    assert oauth["access_token"].startswith("xoxb-") and oauth["team"]["id"] == "T0FAKE"
    assert oauth["bot_user_id"] == "UBOT"
    assert fake.calls_to("oauth.v2.access")[0]["headers"]["authorization"].startswith("Basic ")


async def test_slack_files_upload_v2_flow() -> None:
    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        reply = await client.files_upload_v2(
            channel="C1",
            content="graph,export\n1,2\n",
            filename="export.csv",
            title="Export",
            initial_comment="here you go",
        )
    file_id = reply["file"]["id"]
    assert fake.uploads[file_id]["data"] == b"graph,export\n1,2\n"
    assert fake.uploads[file_id]["channel"] == "C1"
    assert reply["file"]["title"] == "Export"
    assert [c["api_method"] for c in fake.calls if "api_method" in c] == [
        "files.getUploadURLExternal",
        "files.completeUploadExternal",
    ]


async def test_slack_socket_mode_hello_envelope_and_ack() -> None:
    from slack_sdk.socket_mode.aiohttp import SocketModeClient
    from slack_sdk.socket_mode.request import SocketModeRequest
    from slack_sdk.socket_mode.response import SocketModeResponse

    async with FakeSlackAPI() as fake:
        seen: list[dict[str, Any]] = []
        client = SocketModeClient(
            app_token="xapp-1-test", web_client=AsyncWebClient(base_url=fake.base_url)
        )

        async def listener(sm: SocketModeClient, req: SocketModeRequest) -> None:
            seen.append(req.payload)
            await sm.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))

        client.socket_mode_request_listeners.append(listener)
        envelope_id = fake.queue_event(
            {
                "type": "app_mention",
                "user": "U1",
                "text": "<@UBOT> hi",
                "channel": "C1",
                "ts": "1700000001.000100",
            }
        )
        await client.connect()
        try:
            ack = await fake.wait_for_ack(envelope_id)
        finally:
            await client.close()

    assert ack == {"envelope_id": envelope_id}
    assert seen[0]["event"]["type"] == "app_mention"
    assert fake.socket.sent[0]["type"] == "events_api"
    assert fake.calls_to("apps.connections.open")[0]["headers"]["authorization"] == (
        "Bearer xapp-1-test"
    )


async def test_slack_bolt_app_answers_a_mention_over_socket_mode() -> None:
    from slack_bolt.adapter.socket_mode.aiohttp import AsyncSocketModeHandler
    from slack_bolt.async_app import AsyncApp, AsyncSay

    async with FakeSlackAPI() as fake:
        app = AsyncApp(client=AsyncWebClient(token="xoxb-fake-bot-token", base_url=fake.base_url))
        answered = asyncio.Event()

        @app.event("app_mention")
        async def mention(event: dict[str, Any], say: AsyncSay) -> None:
            await say(text=f"heard: {event['text']}", thread_ts=event["ts"])
            answered.set()

        handler = AsyncSocketModeHandler(app, app_token="xapp-1-test")
        envelope_id = fake.queue_event(
            {
                "type": "app_mention",
                "user": "U1",
                "text": "<@UBOT> hi",
                "channel": "C1",
                "ts": "1700000001.000100",
                "event_ts": "1700000001.000100",
            }
        )
        await handler.connect_async()
        try:
            await fake.wait_for_ack(envelope_id)
            async with asyncio.timeout(5):
                await answered.wait()
        finally:
            await handler.close_async()

    [post] = fake.calls_to("chat.postMessage")
    assert post["args"]["text"] == "heard: <@UBOT> hi"
    assert post["args"]["thread_ts"] == "1700000001.000100"
    assert fake.calls_to("auth.test")


# ---------------------------------------------------------------- Anthropic


async def test_anthropic_tool_use_then_text() -> None:
    replies = [
        tool_use_reply("search_brain", {"query": "who owns billing"}, tool_use_id="toolu_1"),
        text_reply("Dana owns billing."),
    ]
    async with FakeAnthropicAPI(replies) as fake:
        client = anthropic.AsyncAnthropic(
            api_key="sk-ant-test", base_url=fake.base_url, max_retries=0
        )
        messages: list[Any] = [{"role": "user", "content": "Who owns billing?"}]
        first = await client.messages.create(
            model=MODEL, max_tokens=512, system="Be brief.", tools=TOOLS, messages=messages
        )
        block = first.content[0]
        assert block.type == "tool_use"
        messages += [
            {"role": "assistant", "content": [block.model_dump()]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": block.id, "content": "Dana"}],
            },
        ]
        second = await client.messages.create(
            model=MODEL, max_tokens=512, tools=TOOLS, messages=messages
        )
        await client.close()

    assert first.stop_reason == "tool_use" and first.model == MODEL
    assert block.name == "search_brain" and block.input == {"query": "who owns billing"}
    assert first.usage.input_tokens > 0 and first.usage.output_tokens > 0
    assert second.stop_reason == "end_turn" and second.content[0].text == "Dana owns billing."
    assert fake.requests[0]["system"] == "Be brief." and fake.requests[0]["tools"] == TOOLS
    assert fake.requests[1]["messages"][2]["content"][0]["tool_use_id"] == "toolu_1"
    assert fake.calls[0]["headers"]["authorization"] == "Bearer sk-ant-test"


async def test_anthropic_retries_through_rate_limit_and_overload() -> None:
    replies = [rate_limited(retry_after=0.01), text_reply("ok")]
    async with FakeAnthropicAPI(replies) as fake:
        client = anthropic.AsyncAnthropic(api_key="k", base_url=fake.base_url, max_retries=2)
        reply = await client.messages.create(
            model=MODEL, max_tokens=16, messages=[{"role": "user", "content": "hi"}]
        )
        fake.add_replies(overloaded())
        no_retry = client.with_options(max_retries=0)
        with pytest.raises(anthropic.OverloadedError) as caught:
            await no_retry.messages.create(
                model=MODEL, max_tokens=16, messages=[{"role": "user", "content": "hi"}]
            )
        await client.close()

    assert reply.content[0].text == "ok"
    assert len(fake.requests) == 3
    assert fake.calls[1]["headers"]["x-stainless-retry-count"] == "1"
    assert caught.value.status_code == 529
    assert caught.value.body["error"]["type"] == "overloaded_error"  # type: ignore[index]  # the SDK types body as object
    assert caught.value.request_id and caught.value.request_id.startswith("req_")


async def test_anthropic_rate_limit_surfaces_with_no_retries() -> None:
    async with FakeAnthropicAPI([rate_limited(retry_after=3)]) as fake:
        client = anthropic.AsyncAnthropic(api_key="k", base_url=fake.base_url, max_retries=0)
        with pytest.raises(anthropic.RateLimitError) as caught:
            await client.messages.create(
                model=MODEL, max_tokens=16, messages=[{"role": "user", "content": "hi"}]
            )
        await client.close()
    assert caught.value.response.headers["retry-after"] == "3"
    assert caught.value.body == {
        "type": "error",
        "error": {
            "type": "rate_limit_error",
            "message": "This request would exceed your organization's rate limit.",
        },
        "request_id": caught.value.request_id,
    }


async def test_anthropic_streams_text_and_tool_use() -> None:
    replies = [
        text_reply("The billing service is owned by Dana."),
        tool_use_reply("search_brain", {"query": "billing", "limit": 5}, text="Looking."),
    ]
    async with FakeAnthropicAPI(replies) as fake:
        client = anthropic.AsyncAnthropic(api_key="k", base_url=fake.base_url, max_retries=0)
        async with client.messages.stream(
            model=MODEL, max_tokens=64, messages=[{"role": "user", "content": "who?"}]
        ) as stream:
            pieces = [piece async for piece in stream.text_stream]
            text_message = await stream.get_final_message()
        async with client.messages.stream(
            model=MODEL, max_tokens=64, tools=TOOLS, messages=[{"role": "user", "content": "who?"}]
        ) as stream:
            kinds = [event.type async for event in stream]
            tool_message = await stream.get_final_message()
        await client.close()

    assert len(pieces) > 1 and "".join(pieces) == "The billing service is owned by Dana."
    assert text_message.stop_reason == "end_turn"
    assert tool_message.stop_reason == "tool_use"
    assert tool_message.content[1].input == {"query": "billing", "limit": 5}  # type: ignore[union-attr]  # block 1 is the tool_use block
    assert "input_json" in kinds and "message_stop" in kinds
    assert all(body["stream"] is True for body in fake.requests)


async def test_anthropic_reply_function_sees_the_request() -> None:
    def reply(request: dict[str, Any]) -> Any:
        return text_reply(f"{len(request['messages'])} message(s)")

    async with FakeAnthropicAPI(reply) as fake:
        client = anthropic.AsyncAnthropic(api_key="k", base_url=fake.base_url, max_retries=0)
        out = await client.messages.create(
            model=MODEL, max_tokens=8, messages=[{"role": "user", "content": "x"}]
        )
        await client.close()
    assert out.content[0].text == "1 message(s)"


# ---------------------------------------------------------------- GitHub


async def test_github_labels_comments_and_assignees() -> None:
    async with FakeGitHubAPI(token="ghp_good") as fake:
        fake.add_issue("acme/api", 7, title="Billing is down", labels=["bug"])
        headers = {"Authorization": "Bearer ghp_good", "Accept": "application/vnd.github+json"}
        async with httpx.AsyncClient(base_url=fake.base_url, headers=headers) as gh:
            labels = await gh.post("/repos/acme/api/issues/7/labels", json={"labels": ["p1"]})
            comment = await gh.post("/repos/acme/api/issues/7/comments", json={"body": "On it"})
            assigned = await gh.post(
                "/repos/acme/api/issues/7/assignees", json={"assignees": ["dana"]}
            )
            issue = await gh.get(
                "/repos/acme/api/issues/7", headers={"Authorization": "token ghp_good"}
            )
            missing = await gh.get("/repos/acme/nope/issues/7")
            no_issue = await gh.get("/repos/acme/api/issues/8")

    assert labels.status_code == 200
    assert [label["name"] for label in labels.json()] == ["bug", "p1"]
    assert comment.status_code == 201 and comment.json()["body"] == "On it"
    assert assigned.status_code == 201 and assigned.json()["assignee"]["login"] == "dana"
    assert issue.json()["comments"] == 1 and issue.json()["title"] == "Billing is down"
    assert missing.status_code == 404 and missing.json()["message"] == "Not Found"
    assert no_issue.status_code == 404
    assert fake.calls_to("POST", "/repos/acme/api/issues/7/labels")[0]["body"] == {"labels": ["p1"]}


async def test_github_bad_token_is_401() -> None:
    async with FakeGitHubAPI(token="ghp_good") as fake:
        fake.add_issue("acme/api", 1)
        async with httpx.AsyncClient(base_url=fake.base_url) as gh:
            bad = await gh.post(
                "/repos/acme/api/issues/1/labels",
                json={"labels": ["x"]},
                headers={"Authorization": "Bearer ghp_wrong"},
            )
            anonymous = await gh.get("/repos/acme/api/issues/1")
    assert bad.status_code == 401
    assert bad.json() == {
        "message": "Bad credentials",
        "documentation_url": "https://docs.github.com/rest",
        "status": "401",
    }
    assert anonymous.status_code == 401
    assert fake.issues[("acme/api", 1)]["labels"] == []


# ---------------------------------------------------------------- Composio


def composio_sdk(base_url: str, http: httpx.Client, **options: Any) -> Any:
    """The real composio SDK on ``base_url``, using our ``http`` client so we can close it."""
    from composio import Composio  # 3-4 s to import: only the tests that need it pay

    return Composio(base_url=base_url, allow_tracking=False, http_client=http, **options)


async def test_composio_sdk_executes_a_tool() -> None:
    canned = {"issue_number": 42, "html_url": "https://github.com/acme/api/issues/42"}
    async with FakeComposioAPI(api_key="ck_test") as fake:
        fake.add_tool("GITHUB_CREATE_AN_ISSUE", canned, version="20250909_00")
        fake.add_tool(
            "GITHUB_GET_A_REPOSITORY",
            lambda body: {"full_name": f"acme/{body['arguments']['repo']}"},
        )

        def run() -> tuple[Any, Any, Exception]:
            from composio.exceptions import ToolNotFoundError

            with httpx.Client() as http:
                composio = composio_sdk(
                    fake.base_url,
                    http,
                    api_key="ck_test",
                    toolkit_versions={"github": "20250909_00"},
                )
                created = composio.tools.execute(
                    "GITHUB_CREATE_AN_ISSUE",
                    arguments={"owner": "acme", "repo": "api", "title": "Billing is down"},
                    user_id="tenant-1",
                )
                repo = composio.tools.execute(
                    "GITHUB_GET_A_REPOSITORY",
                    arguments={"owner": "acme", "repo": "api"},
                    user_id="tenant-1",
                )
                with pytest.raises(ToolNotFoundError) as not_found:
                    composio.tools.execute("GITHUB_NOPE", arguments={}, user_id="tenant-1")
            return created, repo, not_found.value

        created, repo, not_found = await asyncio.to_thread(run)

    assert created["successful"] is True and created["data"] == canned
    assert repo["data"] == {"full_name": "acme/api"}
    assert "GITHUB_NOPE" in str(not_found)
    execution = fake.executions[0]
    assert execution["slug"] == "GITHUB_CREATE_AN_ISSUE"
    assert execution["arguments"]["title"] == "Billing is down"
    assert execution["user_id"] == "tenant-1" and execution["version"] == "20250909_00"
    assert all(c["headers"]["x-api-key"] == "ck_test" for c in fake.calls)
    [get, post] = fake.calls_to("GITHUB_CREATE_AN_ISSUE")
    assert (get["method"], post["method"]) == ("GET", "POST")


async def test_composio_bad_api_key_is_refused() -> None:
    async with FakeComposioAPI(api_key="ck_test", tools={"SLACK_SEND": {}}) as fake:

        def run() -> Any:
            from composio_client import AuthenticationError

            with httpx.Client() as http:
                composio = composio_sdk(
                    fake.base_url, http, api_key="ck_wrong", toolkit_versions="20250101_00"
                )
                with pytest.raises(AuthenticationError) as refused:
                    composio.tools.execute("SLACK_SEND", arguments={}, user_id="u")
            return refused.value

        error = await asyncio.to_thread(run)
    assert error.status_code == 401
    assert error.details["slug"] == "Auth_InvalidApiKey"
    assert error.request_id and error.request_id.startswith("req_")
    assert not fake.executions
