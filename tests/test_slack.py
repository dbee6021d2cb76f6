"""The Slack adapter end to end: the real Bolt app and slack_sdk client, a local fake Slack.

Requests are signed like Slack signs them and dispatched into the real ``AsyncApp``;
every Web API call goes to ``FakeSlackAPI``, which records it. Answers come from the
real rules-mode turn over a real FalkorDB tenant holding a few facts.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from aiohttp.test_utils import TestServer
from pydantic import SecretStr
from slack_sdk.signature import SignatureVerifier
from slack_sdk.web.async_client import AsyncWebClient

from agents import (
    TurnOptions,
    TurnResult,
    get_card,
    run_turn,
)
from agents.cards import CardDraft, card_view, propose
from agents.errors import ActionFailed
from bots.core import BotCore, CardView, Reply
from bots.slack import (
    RegistryInstallationStore,
    SlackPoster,
    adapter_of,
    render_card_blocks,
    render_reply_blocks,
    replace_card_blocks,
    run_slack,
    slack_routes,
)
from brain import Brain, TenantGraph, now_ms
from tests.fakes import FakeSlackAPI
from tests.slack_rig import (
    BOT_TOKEN,
    QUESTION,
    SECRET,
    Rig,
    block_text,
    bot_settings,
    mention,
    rig,
    tenant,
)


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def fake() -> AsyncIterator[FakeSlackAPI]:
    # A team id per test: bindings live in the shared registry graph.
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as api:
        yield api


async def test_a_mention_is_acknowledged_then_answered_in_its_thread(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake)
    ts = fake.seed_message("C1", text=f"<@UBOT> {QUESTION}", user="U1")

    response = await r.event(mention(ts))

    assert response.status == 200
    added = [c["args"]["name"] for c in fake.calls_to("reactions.add")]
    assert added == ["eyes", "white_check_mark"]
    assert ("C1", ts, "white_check_mark") in fake.reactions and (
        "C1",
        ts,
        "eyes",
    ) not in fake.reactions
    [answer] = [m for m in r.posts() if m.get("user") == "UBOT"]
    assert answer["thread_ts"] == ts
    assert "Dana Reyes" in answer["text"] and "Dana Reyes" in block_text(answer)
    # the checked answer is streamed into the thread, to the asker, as one message
    assert not fake.calls_to("chat.postMessage")
    assert fake.stream_calls[0][0] == "chat.startStream"
    assert fake.stream_calls[-1] == ("chat.stopStream", answer["ts"])
    [start] = fake.calls_to("chat.startStream")
    assert start["args"]["thread_ts"] == ts
    assert (start["args"]["recipient_user_id"], start["args"]["recipient_team_id"]) == (
        "U1",
        r.team,
    )
    # the thread's status said what was happening, and was cleared once it was answered
    statuses = [s["status"] for s in fake.statuses if s["thread_ts"] == ts]
    assert statuses[0].startswith("is ") and statuses[-1] == ""
    # The path behind the answer is drawn and uploaded into the same thread.
    [upload] = fake.uploads.values()
    assert upload["thread_ts"] == ts and upload["data"].startswith(b"\x89PNG")


async def test_replies_in_the_bots_thread_are_follow_ups_and_other_threads_are_not(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake)
    ts = fake.seed_message("C1", text=QUESTION, user="U1")
    await r.event(mention(ts))
    assert await adapter_of(r.app).is_bot_thread(r.team, "C1", ts)
    # the mark is on the server: another serve process knows the bot's thread too
    other = await rig(brain, fake, bind=False)
    assert await adapter_of(other.app).is_bot_thread(r.team, "C1", ts)
    assert not await adapter_of(other.app).is_bot_thread(r.team, "C1", "1600000000.000100")

    reply = {
        "type": "message",
        "channel_type": "channel",
        "user": "U1",
        "channel": "C1",
        "text": "and since when?",
        "thread_ts": ts,
    }
    await r.event({**reply, "ts": fake.next_ts()})
    await r.event({**reply, "ts": fake.next_ts(), "thread_ts": "1600000000.000100"})
    await r.event({**reply, "ts": fake.next_ts(), "bot_id": "B0OTHER"})
    await r.event({**reply, "ts": fake.next_ts(), "subtype": "message_changed"})

    answers = [m for m in r.posts() if m.get("user") == "UBOT"]
    assert len(answers) == 2 and all(m["thread_ts"] == ts for m in answers)
    assert "Dana Reyes" in answers[1]["text"]


async def test_the_thread_is_the_bots_for_every_process_as_soon_as_its_answer_shows(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    """A follow-up typed the moment the answer appears (its path picture still uploading)
    reaches another process: that process must already know the thread is the bot's."""
    r = await rig(brain, fake)
    other = await rig(brain, fake, bind=False)
    uploading = asyncio.Event()
    release = asyncio.Event()

    async def slow_upload(args: dict[str, Any]) -> dict[str, Any]:
        uploading.set()
        await release.wait()
        return fake.workspace.m_files_getUploadURLExternal(args)

    fake.on("files.getUploadURLExternal", slow_upload)
    ts = fake.seed_message("C1", text=QUESTION, user="U1")
    asked = asyncio.create_task(r.event(mention(ts)))
    await asyncio.wait_for(uploading.wait(), 30)
    try:
        assert [m for m in r.posts() if m.get("thread_ts") == ts]  # the answer shows
        assert await adapter_of(other.app).is_bot_thread(r.team, "C1", ts)
    finally:
        release.set()
        await asyncio.wait_for(asked, 30)


async def test_a_direct_message_is_answered(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await rig(brain, fake)
    ts = fake.next_ts()
    await r.event(
        {
            "type": "message",
            "channel_type": "im",
            "user": "U1",
            "channel": "D1",
            "text": QUESTION,
            "ts": ts,
        }
    )
    [answer] = r.posts("D1")
    assert "Dana Reyes" in answer["text"] and "thread_ts" not in answer


async def test_the_askers_slack_profile_e_mail_finds_their_person(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    asked: list[TurnOptions] = []

    async def answer(graph: TenantGraph, question: str, options: TurnOptions) -> TurnResult:
        asked.append(options)
        return await run_turn(graph, question, options)

    r = await rig(brain, fake, answer=answer)
    assert r.graph is not None
    glazier = {
        "type": "Person",
        "id": "person-hamid",
        "name": "Hamid Rahimi",
        "email": "hamid@glaziers.example",
        "src": "hr",
        "asOf": "2026-01-05",
    }
    await r.graph.write_facts([(1, {"node": glazier})])
    fake.seed_user("U7", profile={"email": "Hamid@Glaziers.example", "real_name": "H. Rahimi"})
    text = "<@UBOT> What are my open action items?"
    ts = fake.seed_message("C1", text=text, user="U7")
    await r.event(mention(ts, text=text, user="U7"))
    assert [o.asker for o in asked] == [{"id": "person-hamid", "name": "Hamid Rahimi"}]
    assert [c["args"]["user"] for c in fake.calls_to("users.info")] == ["U7"]


async def test_an_unbound_workspace_is_told_how_to_connect(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake, bind=False)
    await r.event(mention(fake.next_ts()))
    [answer] = r.posts()
    assert "/hivebrain connect" in answer["text"]


async def test_a_failing_answer_posts_an_apology_with_an_error_id_and_no_traceback(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    async def broken(graph: TenantGraph, question: str, options: TurnOptions) -> TurnResult:
        raise RuntimeError("Traceback (most recent call last): secret cypher MATCH (n) bang")

    r = await rig(brain, fake, answer=broken)
    ts = fake.next_ts()
    await r.event(mention(ts))

    [answer] = r.posts()
    posted = answer["text"] + block_text(answer)
    assert "error id" in answer["text"]
    assert "Traceback" not in posted and "MATCH" not in posted and "bang" not in posted
    assert ("C1", ts, "warning") in fake.reactions


async def test_an_uploaded_document_is_fetched_with_the_bot_token_and_ingested(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake)
    seen: list[str] = []

    async def serve_file(request: web.Request) -> web.Response:
        seen.append(request.headers.get("Authorization", ""))
        return web.Response(
            text="# Launch notes\n\nDana Reyes runs the invoice export launch.\n",
            content_type="text/markdown",
        )

    files = web.Application()
    files.router.add_get("/files-pri/{name}", serve_file)
    async with TestServer(files, host="127.0.0.1") as server:
        url = str(server.make_url("/files-pri/notes.md"))
        await r.event(
            {
                "type": "message",
                "subtype": "file_share",
                "channel_type": "im",
                "user": "U1",
                "channel": "D1",
                "text": QUESTION,
                "ts": fake.next_ts(),
                "files": [
                    {
                        "id": "F1",
                        "name": "notes.md",
                        "mimetype": "text/markdown",
                        "size": 60,
                        "url_private": url,
                    }
                ],
            }
        )

    assert seen == [f"Bearer {BOT_TOKEN}"]
    [answer] = r.posts("D1")
    assert "notes.md" in block_text(answer) and "Dana Reyes" in answer["text"]


# --- what Slack sends twice, or that isn't from Slack -----------------------------------------


async def test_a_bad_signature_is_refused_and_nothing_is_posted(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake)
    response = await r.event(mention(fake.next_ts()), secret="not-the-secret")
    assert response.status == 401
    assert fake.calls_to("chat.postMessage") == [] and fake.calls_to("reactions.add") == []


async def test_a_stale_timestamp_is_refused(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await rig(brain, fake)
    response = await r.event(mention(fake.next_ts()), timestamp=int(time.time()) - 10 * 60)
    assert response.status == 401
    assert fake.calls_to("chat.postMessage") == []


async def test_a_retried_delivery_is_answered_once(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await rig(brain, fake)
    ts = fake.next_ts()
    event = mention(ts)
    await r.event(event, event_id="Ev0RETRY")
    retried = {"x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout"}
    retry = await r.event(event, event_id="Ev0RETRY", headers=retried)
    # The same message also arrives as a plain message event with its own event id.
    await r.event({**event, "type": "message", "channel_type": "channel"})

    assert retry.status == 200
    assert len(fake.calls_to("chat.startStream")) == 1
    assert [c["args"]["name"] for c in fake.calls_to("reactions.add")] == [
        "eyes",
        "white_check_mark",
    ]


async def test_every_event_given_to_three_processes_at_once_is_answered_once(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    # three apps with cores of their own (three serve processes) on one brain: every
    # delivery reaches all three together, as a load balancer's retries can
    apps = [await rig(brain, fake), await rig(brain, fake, bind=False)]
    apps.append(await rig(brain, fake, bind=False))
    stamps = [fake.next_ts() for _ in range(6)]
    for i, ts in enumerate(stamps):
        event = mention(ts)
        await asyncio.gather(*(r.event(event, event_id=f"Ev3P{i}{ts}") for r in apps))
        # and its message twin (another event id, the same ts), to all three again
        twin = {**event, "type": "message", "channel_type": "channel"}
        await asyncio.gather(*(r.event(twin) for r in apps))

    answered = [c["args"]["thread_ts"] for c in fake.calls_to("chat.startStream")]
    assert sorted(answered) == sorted(stamps)  # each once: none lost, none twice


# --- /hivebrain -------------------------------------------------------------------------------


async def test_connect_binds_an_unbound_workspace_and_replies_privately(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    assert brain.registry is not None
    r = await rig(brain, fake, bind=False)
    name = f"Acme {uuid.uuid4().hex[:6]}"

    response = await r.command(f"connect {name}", user="U7")

    assert response.status == 200
    slug = await brain.registry.resolve("slack", r.team)
    assert slug == name.lower().replace(" ", "-")
    assert (await brain.registry.get(slug)).settings["approvers"] == ["slack:U7"]
    [note] = fake.ephemerals
    assert note["user"] == "U7" and "Connected" in note["text"]
    assert fake.calls_to("chat.postMessage") == []


async def test_settings_change_for_approvers_only(brain: Brain, fake: FakeSlackAPI) -> None:
    assert brain.registry is not None
    r = await rig(brain, fake, approvers=["slack:U1"])
    assert r.graph is not None

    await r.command("settings approvers add <@U2|bea>", user="U1")
    await r.command("settings digest <#C9|weekly>", user="U2")
    await r.command("settings triage #nowhere", user="U1")
    await r.command("settings approvers add <@U3>", user="U3")

    settings = (await brain.registry.get(r.graph.slug)).settings
    assert settings["approvers"] == ["slack:U1", "slack:U2"]
    assert settings["digest_channel"] == "C9" and "triage_channel" not in settings
    notes = [e["text"] for e in fake.ephemerals]
    assert "slack:U2" in notes[0] and "digest_channel = C9" in notes[1]
    assert "Name the channel with #" in notes[2]
    assert "Only this workspace's approvers" in notes[3]


async def test_the_last_approver_cannot_remove_themselves(brain: Brain, fake: FakeSlackAPI) -> None:
    assert brain.registry is not None
    r = await rig(brain, fake, approvers=["slack:U1"])
    assert r.graph is not None

    await r.command("settings approvers remove <@U1>", user="U1")

    assert (await brain.registry.get(r.graph.slug)).settings["approvers"] == ["slack:U1"]
    assert "nobody able to approve" in fake.ephemerals[-1]["text"]


async def test_ask_acks_privately_then_answers_in_the_channel(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake)
    response = await r.command(f"ask {QUESTION}")

    assert response.status == 200 and "Thinking" in response.body
    assert json.loads(response.body)["response_type"] == "ephemeral"
    [answer] = r.posts()
    assert "Dana Reyes" in answer["text"] and "thread_ts" not in answer
    assert f"Asked: {QUESTION}" in block_text(answer)


async def test_help_and_unknown_subcommands_get_usage(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await rig(brain, fake)
    helped = await r.command("help")
    unknown = await r.command("frobnicate <!channel>")
    assert "/hivebrain ask" in helped.body
    assert "I don't know `frobnicate`" in unknown.body and "/hivebrain help" in unknown.body
    assert fake.calls_to("chat.postMessage") == []


# --- card buttons -------------------------------------------------------------------------------


async def posted_card(r: Rig) -> tuple[str, str]:
    assert r.graph is not None
    card = await propose(
        r.graph,
        CardDraft(
            kind="note",
            title="Remember the invoice export owner",
            preview="Save a note.",
            payload={},
            executor="record",
            proposed_by="tasks",
        ),
        now_ms=now_ms(),
    )
    client = AsyncWebClient(token=BOT_TOKEN, base_url=r.fake.base_url)
    resp = await client.chat_postMessage(
        channel="C1",
        text="card",
        blocks=render_card_blocks(CardView.model_validate(card_view(card))),
    )
    return card.id, str(resp["ts"])


async def test_an_approver_click_executes_the_card_and_edits_its_message(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake, approvers=["slack:U1"])
    assert r.graph is not None
    card_id, ts = await posted_card(r)

    response = await r.click("card:approve", card_id, user="U1", channel="C1", message_ts=ts)

    assert response.status == 200
    [update] = fake.calls_to("chat.update")
    assert update["args"]["ts"] == ts
    edited = block_text(fake.messages[("C1", ts)])
    assert "Approved by slack:U1" in edited and "executed" in edited
    assert "card:approve" not in edited  # the buttons are gone
    assert (await get_card(r.graph, card_id)).status == "executed"
    assert fake.ephemerals == []


async def test_a_non_approver_click_is_told_privately_and_the_card_stays_pending(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await rig(brain, fake, approvers=["slack:U1"])
    assert r.graph is not None
    card_id, ts = await posted_card(r)

    await r.click("card:approve", card_id, user="U9", channel="C1", message_ts=ts)

    assert fake.calls_to("chat.update") == []
    [note] = fake.ephemerals
    assert note["user"] == "U9" and "can't approve" in note["text"]
    assert (await get_card(r.graph, card_id)).status == "pending"


# --- transports -------------------------------------------------------------------------------


async def test_socket_mode_answers_an_envelope_and_acks_it(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    await tenant(brain, fake.workspace.team_id)
    core = BotCore(brain, answer=run_turn)
    settings = bot_settings(
        slack_signing_secret=None,
        slack_bot_token=SecretStr(BOT_TOKEN),
        slack_app_token=SecretStr("xapp-1-fake"),
        slack_api_base_url=fake.base_url,
    )
    service = await run_slack(core, settings)
    try:
        assert service.socket is not None and service.routes == []
        ts = fake.next_ts()
        envelope_id = fake.queue_event(mention(ts))
        await fake.wait_for_ack(envelope_id)
        await service.adapter.drain()
    finally:
        await service.close()

    [answer] = [m for (c, _), m in fake.messages.items() if c == "C1"]
    assert answer["thread_ts"] == ts and "Dana Reyes" in answer["text"]
    assert fake.calls_to("apps.connections.open")[0]["headers"]["authorization"].startswith(
        "Bearer xapp-"
    )


async def test_http_routes_check_signatures(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await rig(brain, fake)
    web_app = web.Application()
    web_app.add_routes(slack_routes(r.app))
    body = json.dumps({"token": "legacy", "challenge": "c-42", "type": "url_verification"})
    ts = str(int(time.time()))
    signature = SignatureVerifier(SECRET).generate_signature(timestamp=ts, body=body)
    headers = {"Content-Type": "application/json", "X-Slack-Request-Timestamp": ts}
    async with TestServer(web_app, host="127.0.0.1") as server, aiohttp.ClientSession() as http:
        url = str(server.make_url("/slack/events"))
        signed = {**headers, "X-Slack-Signature": signature}
        async with http.post(url, data=body, headers=signed) as ok:
            assert ok.status == 200 and (await ok.json())["challenge"] == "c-42"
        forged = {**headers, "X-Slack-Signature": "v0=bad"}
        async with http.post(url, data=body, headers=forged) as bad:
            assert bad.status == 401


async def test_oauth_install_saves_the_workspace_and_its_token_answers_events(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    assert brain.registry is not None
    await tenant(brain, fake.workspace.team_id)
    core = BotCore(brain, answer=run_turn)
    settings = bot_settings(
        slack_client_id="111.222",
        slack_client_secret=SecretStr("shh"),
        slack_api_base_url=fake.base_url,
    )
    service = await run_slack(core, settings)
    web_app = web.Application()
    web_app.add_routes(service.routes)
    async with TestServer(web_app, host="127.0.0.1") as server, aiohttp.ClientSession() as http:
        async with http.get(server.make_url("/slack/install")) as page:
            assert page.status == 200
            state = page.cookies["slack-app-oauth-state"].value
        redirect = server.make_url("/slack/oauth_redirect").with_query(code="c0de", state=state)
        async with http.get(redirect, headers={"Cookie": f"slack-app-oauth-state={state}"}) as done:
            assert done.status == 200, await done.text()

    saved = await brain.registry.find_installation("slack", fake.workspace.team_id)
    assert saved is not None and saved["bot_token"] == BOT_TOKEN
    r = Rig(fake, core, service.adapter.app)
    ts = fake.next_ts()
    await r.event(mention(ts))
    [answer] = r.posts()
    assert "Dana Reyes" in answer["text"]
    # an approved post for this workspace goes out with the token its install saved
    store = service.adapter.app.installation_store
    assert isinstance(store, RegistryInstallationStore)
    poster = SlackPoster(service.adapter.app.client, installations=store)
    team = fake.workspace.team_id
    ref = await poster.post(platform="slack", channel=f"{team}/C7", text="Rota is out")
    [call] = [c for c in fake.calls_to("chat.postMessage") if c["args"]["channel"] == "C7"]
    assert ref.startswith("C7/") and call["headers"]["authorization"] == f"Bearer {BOT_TOKEN}"
    await service.close()


async def test_an_install_started_on_one_process_finishes_on_another_and_only_once(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    settings = bot_settings(
        slack_client_id="111.222",
        slack_client_secret=SecretStr("shh"),
        slack_api_base_url=fake.base_url,
    )
    first = await run_slack(BotCore(brain, answer=run_turn), settings)
    second = await run_slack(BotCore(brain, answer=run_turn), settings)
    apps = []
    for service in (first, second):
        app = web.Application()
        app.add_routes(service.routes)
        apps.append(app)
    async with (
        TestServer(apps[0], host="127.0.0.1") as one,
        TestServer(apps[1], host="127.0.0.1") as other,
        aiohttp.ClientSession() as http,
    ):
        async with http.get(one.make_url("/slack/install")) as page:
            state = page.cookies["slack-app-oauth-state"].value
        cookie = {"Cookie": f"slack-app-oauth-state={state}"}
        back = other.make_url("/slack/oauth_redirect").with_query(code="c0de", state=state)
        async with http.get(back, headers=cookie) as done:
            assert done.status == 200, await done.text()
        async with http.get(back, headers=cookie) as replayed:  # a state is good for one use
            assert replayed.status != 200
    await first.close()
    await second.close()


# --- posting approved messages ------------------------------------------------------------------


async def test_slack_poster_posts_without_pinging_and_reports_refusals(fake: FakeSlackAPI) -> None:
    poster = SlackPoster(AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url))
    ref = await poster.post(platform="slack", channel="C5", text="Shipped! <!channel> @here")
    channel, ts = ref.split("/")
    text = fake.messages[(channel, ts)]["text"]
    assert channel == "C5" and "<!channel>" not in text and "@here" not in text

    fake.fail("chat.postMessage", "not_in_channel")
    with pytest.raises(ActionFailed, match="not_in_channel"):
        await poster.post(platform="slack", channel="C5", text="again")


def test_a_decided_card_replaces_only_its_own_blocks() -> None:
    pending = CardView(
        id="card-1",
        kind="note",
        title="Note it",
        preview="Save a note.",
        status="pending",
        proposed_by="tasks",
    )
    [blocks] = render_reply_blocks(Reply(answer="Dana owns it.", verified=True, cards=[pending]))
    done = pending.model_copy(update={"status": "rejected", "decided_by": "slack:U1"})

    updated = replace_card_blocks(blocks, done)

    assert updated[0] == blocks[0]  # the answer stays
    assert "Rejected by slack:U1" in json.dumps(updated)
    assert not any(b["type"] == "actions" for b in updated)
    assert replace_card_blocks([], done) == render_card_blocks(done)
