"""Slack's AI-app surface end to end: the real Bolt app (its ``Assistant``) and slack_sdk
(its ``chat_stream``) against the local fake Slack, answering from a real FalkorDB tenant.

A thread started gets prompts made from the tenant's own records; a question in it sets
the thread's status while the desks work and clears it once answered, and the checked
answer arrives as one stream (start, appends, stop) whose last blocks carry the feedback
buttons and Sources. A 👎 opens the private "what was wrong?" form and its answer lands
on the Feedback node; stale and foreign clicks are told privately and change nothing.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from slack_bolt.response import BoltResponse
from slack_sdk.web.async_client import AsyncWebClient

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots.core import BotCore
from bots.slack import build_slack_app
from brain import Brain, TenantGraph
from brain.reads import feedback_counts, read_turn
from tests.fakes import FakeSlackAPI
from tests.slack_rig import BOT_TOKEN, Rig, block_text, bot_settings, mention

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"
DM = "D0ASSIST"
VIEWED = "C0VIEWED"
LONG_QUESTION = 'Why did we decide "Rotate the weekend van between crews"?'
OWNER_QUESTION = "Who owns Boiler parts supplier missing deliveries?"


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: nothing here searches by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def fake() -> AsyncIterator[FakeSlackAPI]:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as api:
        yield api


async def plumbing_rig(brain: Brain, fake: FakeSlackAPI, *, bind: bool = True) -> Rig:
    graph: TenantGraph | None = None
    if bind:
        assert brain.registry is not None
        slug = f"sa-{uuid.uuid4().hex[:8]}"
        await brain.create_tenant(slug)
        await brain.registry.bind(slug, "slack", fake.workspace.team_id)
        graph = await brain.tenant(slug)
        lines = DATA.read_text(encoding="utf-8").splitlines()
        report = await graph.write_facts([(i, json.loads(x)) for i, x in enumerate(lines, 1)])
        assert report.refused == 0
    core = BotCore(brain, executors=ExecutorRegistry([RecordOnlyExecutor()]), answer=run_turn)
    client = AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url)
    return Rig(fake, core, build_slack_app(core, bot_settings(), client=client), graph)


def thread_started(r: Rig, thread_ts: str, *, viewing: str = VIEWED) -> dict[str, Any]:
    return {
        "type": "assistant_thread_started",
        "assistant_thread": {
            "user_id": "U1",
            "context": {"channel_id": viewing, "team_id": r.team, "enterprise_id": None},
            "channel_id": DM,
            "thread_ts": thread_ts,
        },
        "event_ts": thread_ts,
    }


def context_changed(r: Rig, thread_ts: str, viewing: str) -> dict[str, Any]:
    started = thread_started(r, thread_ts, viewing=viewing)
    return {**started, "type": "assistant_thread_context_changed"}


def thread_message(r: Rig, thread_ts: str, text: str, *, user: str = "U1") -> dict[str, Any]:
    ts = r.fake.seed_message(DM, text=text, user=user, thread_ts=thread_ts)
    return {
        "type": "message",
        "channel_type": "im",
        "channel": DM,
        "user": user,
        "text": text,
        "ts": ts,
        "thread_ts": thread_ts,
        "event_ts": ts,
        "client_msg_id": str(uuid.uuid4()),
    }


async def ask_in_thread(r: Rig, text: str) -> tuple[str, dict[str, Any]]:
    """Open an assistant thread, ask in it; return the thread ts and the streamed answer."""
    thread_ts = r.fake.seed_message(DM, text="", user="UBOT")
    await r.event(thread_started(r, thread_ts))
    await r.event(thread_message(r, thread_ts, text))
    [answer] = [m for (c, _), m in r.fake.messages.items() if c == DM and "streaming" in m]
    return thread_ts, answer


def feedback_values(message: dict[str, Any]) -> tuple[str, str]:
    [block] = [b for b in message.get("blocks", []) if b["type"] == "context_actions"]
    [buttons] = block["elements"]
    assert buttons["type"] == "feedback_buttons"
    return buttons["positive_button"]["value"], buttons["negative_button"]["value"]


async def click(
    r: Rig,
    message: dict[str, Any],
    action: dict[str, Any],
    *,
    user: str = "U1",
    user_team: str | None = None,
    channel: str = DM,
) -> BoltResponse:
    payload = {
        "type": "block_actions",
        "team": {"id": r.team, "domain": "acme"},
        "user": {"id": user, "username": user.lower(), "team_id": user_team or r.team},
        "api_app_id": "A0FAKE",
        "token": "legacy",
        "trigger_id": f"trig-{uuid.uuid4().hex[:8]}",
        "container": {
            "type": "message",
            "message_ts": message["ts"],
            "channel_id": channel,
            "is_ephemeral": False,
            "thread_ts": message.get("thread_ts"),
        },
        "channel": {"id": channel, "name": "directmessage"},
        "message": message,
        "response_url": f"{r.fake.origin}/api/response.url",
        "actions": [{"action_ts": "1700000001.0", **action}],
    }
    body = urlencode({"payload": json.dumps(payload)})
    return await r.send(body, content_type="application/x-www-form-urlencoded")


def vote(value: str) -> dict[str, Any]:
    return {
        "type": "feedback_buttons",
        "action_id": "answer:feedback",
        "block_id": "hb-feedback-x",
        "value": value,
        "text": {"type": "plain_text", "text": "👍" if value.startswith("up") else "👎"},
    }


def sources(turn_id: str) -> dict[str, Any]:
    return {
        "type": "button",
        "action_id": "answer:sources",
        "block_id": "hb-answer-x",
        "value": turn_id,
        "text": {"type": "plain_text", "text": "Sources"},
    }


async def submit_reason(
    r: Rig, view: dict[str, Any], reason: str, text: str = "", *, user: str = "U1"
) -> BoltResponse:
    state = {
        "values": {
            "hb-reason": {
                "reason": {
                    "type": "radio_buttons",
                    "selected_option": {
                        "text": {"type": "plain_text", "text": reason},
                        "value": reason,
                    },
                }
            },
            "hb-reason-text": {"text": {"type": "plain_text_input", "value": text or None}},
        }
    }
    payload = {
        "type": "view_submission",
        "team": {"id": r.team, "domain": "acme"},
        "user": {"id": user, "username": user.lower(), "team_id": r.team},
        "api_app_id": "A0FAKE",
        "token": "legacy",
        "trigger_id": "trig-submit",
        "view": {**view, "state": state},
        "response_urls": [],
    }
    body = urlencode({"payload": json.dumps(payload)})
    return await r.send(body, content_type="application/x-www-form-urlencoded")


def private_notes(fake: FakeSlackAPI, user: str = "U1") -> list[str]:
    """The plain private notes to ``user`` (not the list of facts offered to correct)."""
    return [e["text"] for e in fake.ephemerals if e.get("user") == user and not e.get("blocks")]


# --- the thread ---------------------------------------------------------------------------------


async def test_a_new_thread_suggests_questions_about_the_tenants_own_records(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    thread_ts = fake.next_ts()

    response = await r.event(thread_started(r, thread_ts))

    assert response.status == 200
    [call] = fake.suggested_prompts
    assert (call["channel_id"], call["thread_ts"]) == (DM, thread_ts)
    messages = [p["message"] for p in call["prompts"]]
    assert len(messages) == 4
    for name in (
        "Emergency call-outs",
        "Rotate the weekend van between crews",
        "Boiler parts supplier missing deliveries",
        "Crew leads, 24 November",
    ):
        assert any(name in m for m in messages), name
    assert all(p["title"] and len(p["title"]) <= 75 for p in call["prompts"])


async def test_an_unbound_workspace_gets_no_prompts_but_how_to_connect(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake, bind=False)
    thread_ts = fake.next_ts()
    await r.event(thread_started(r, thread_ts))
    assert fake.suggested_prompts == []
    [note] = [m for (c, _), m in fake.messages.items() if c == DM and m.get("thread_ts")]
    assert "/hivebrain connect" in note["text"]


async def test_a_question_sets_status_streams_once_and_carries_feedback_buttons(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    thread_ts = fake.seed_message(DM, text="", user="UBOT")
    await r.event(thread_started(r, thread_ts))
    await r.event(context_changed(r, thread_ts, "C0OTHER"))  # the user moved to another channel

    await r.event(thread_message(r, thread_ts, LONG_QUESTION))

    # status: what the desks were doing, then cleared, all before nothing else is in flight
    statuses = [s["status"] for s in fake.statuses if s["thread_ts"] == thread_ts]
    assert statuses[0] == "is looking up what the brain already knows…"
    assert statuses[-1] == ""
    assert all(s.startswith("is ") and s.endswith("…") for s in statuses[:-1])
    # one stream: start, the appends, stop, all on one message, in that order
    methods = [m for m, _ in fake.stream_calls]
    assert methods[0] == "chat.startStream" and methods[-1] == "chat.stopStream"
    assert set(methods[1:-1]) == {"chat.appendStream"}  # a long answer: pieces in between
    assert len({ts for _, ts in fake.stream_calls}) == 1
    stream_ts = fake.stream_calls[0][1]
    answer = fake.messages[(DM, stream_ts)]
    assert answer["thread_ts"] == thread_ts and answer["streaming"] is False
    assert "Rotate the weekend van between crews" in answer["text"]
    assert "two of its plumbers said they would leave" in answer["text"]
    # the status was cleared only after the answer was posted
    clear = next(i for i, c in enumerate(fake.calls) if c.get("args", {}).get("status") == "")
    stop = next(i for i, c in enumerate(fake.calls) if c.get("api_method") == "chat.stopStream")
    assert clear > stop
    # the stop's blocks: the verified line, sources, and the feedback buttons with Sources
    up, down = feedback_values(answer)
    assert up.startswith("up:turn-") and down == "down:" + up.removeprefix("up:")
    assert '"answer:sources"' in block_text(answer)
    assert "Verified" in block_text(answer)
    # an assistant thread shows status, not reactions; the Turn kept the viewed channel
    assert not fake.calls_to("reactions.add")
    turn = await read_turn(r.graph, up.removeprefix("up:")) if r.graph else None
    assert turn is not None and turn.viewing == "slack:C0OTHER"


async def test_a_refused_stream_falls_back_to_one_posted_message(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    fake.fail("chat.startStream", "not_allowed_token_type")
    thread_ts = fake.seed_message(DM, text="", user="UBOT")
    await r.event(thread_started(r, thread_ts))
    await r.event(thread_message(r, thread_ts, OWNER_QUESTION))

    assert [m for m, _ in fake.stream_calls] == []
    [posted] = fake.calls_to("chat.postMessage")
    assert posted["args"]["thread_ts"] == thread_ts
    assert "Tomasz Wren" in posted["args"]["text"]
    assert '"feedback_buttons"' in json.dumps(posted["args"]["blocks"])


# --- feedback -----------------------------------------------------------------------------------


async def test_thumbs_up_and_down_become_feedback_nodes_and_down_asks_why(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    assert r.graph is not None
    _, answer = await ask_in_thread(r, LONG_QUESTION)
    up, down = feedback_values(answer)

    await click(r, answer, vote(up))
    assert "noted that this answer helped" in private_notes(fake)[-1]
    await click(r, answer, vote(down), user="U2")

    [opened] = fake.views
    assert opened["callback_id"] == "answer:feedback_reason"
    assert {o["value"] for o in opened["blocks"][0]["element"]["options"]} == {
        "wrong_fact",
        "outdated",
        "missing",
        "wrong_person",
        "other",
    }
    [trigger] = [c["args"]["trigger_id"] for c in fake.calls_to("views.open")]
    assert trigger.startswith("trig-")
    response = await submit_reason(r, opened, "outdated", "The rota changed in December", user="U2")

    assert response.status == 200
    counts = await feedback_counts(r.graph)
    assert (counts.up, counts.down, counts.reasons) == (1, 1, {"outdated": 1})
    assert "noted: it's out of date" in private_notes(fake, "U2")[-1]
    # the same form sent again changes nothing
    await submit_reason(r, opened, "wrong_fact", user="U2")
    assert (await feedback_counts(r.graph)).reasons == {"outdated": 1}
    assert "already told me why" in private_notes(fake, "U2")[-1]


async def test_a_reason_outside_the_list_is_refused_in_the_form(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    _, answer = await ask_in_thread(r, LONG_QUESTION)
    _, down = feedback_values(answer)
    await click(r, answer, vote(down))
    [opened] = fake.views
    response = await submit_reason(r, opened, "because-i-said-so")
    assert json.loads(response.body)["response_action"] == "errors"
    assert r.graph is not None and (await feedback_counts(r.graph)).reasons == {}


async def test_sources_show_privately_every_record_the_answer_read(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    _, answer = await ask_in_thread(r, "Who owns Boiler parts supplier missing deliveries?")
    up, _ = feedback_values(answer)

    await click(r, answer, sources(up.removeprefix("up:")))

    shown = "\n".join(private_notes(fake))
    assert "This answer read" in shown
    incident = "Incident: Boiler parts supplier missing deliveries — ops:board, as of 2026-11-25"
    assert incident in shown
    assert "Fact: Tomasz Wren OWNS Boiler parts supplier missing deliveries" in shown
    assert "read by" in shown
    assert not [m for (c, _), m in fake.messages.items() if c == DM and "Sources" in m["text"]]


# --- bad input ----------------------------------------------------------------------------------


async def test_a_stale_button_and_a_guest_click_are_told_privately_and_change_nothing(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    assert r.graph is not None
    _, answer = await ask_in_thread(r, LONG_QUESTION)
    up, _ = feedback_values(answer)

    await click(r, answer, vote("down:turn-deleted00000"))  # an answer the brain doesn't hold
    assert "no longer in the brain" in private_notes(fake)[-1]
    await click(r, answer, vote(up), user="UGUEST", user_team="T0OTHERORG")  # a shared channel
    assert "Only people in this workspace" in private_notes(fake, "UGUEST")[-1]
    await click(r, answer, sources(up.removeprefix("up:")), user="UGUEST", user_team="T0OTHERORG")
    assert "Only people in this workspace" in private_notes(fake, "UGUEST")[-1]
    await click(r, answer, vote("sideways"))
    assert "changed nothing" in private_notes(fake)[-1]

    assert fake.views == []  # no form opened for any of them
    assert (await feedback_counts(r.graph)).clicks == 0


# --- channels and the command still work ----------------------------------------------------


async def test_a_mention_in_a_channel_streams_to_the_asker_with_buttons(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    text = "<@UBOT> Who owns Boiler parts supplier missing deliveries?"
    ts = fake.seed_message("C1", text=text, user="U1")
    await r.event(mention(ts, text=text))

    [start] = fake.calls_to("chat.startStream")
    assert (start["args"]["channel"], start["args"]["thread_ts"]) == ("C1", ts)
    assert start["args"]["recipient_user_id"] == "U1"
    [answer] = [m for (c, _), m in fake.messages.items() if c == "C1" and "streaming" in m]
    assert "Tomasz Wren" in answer["text"]
    feedback_values(answer)
    assert ("C1", ts, "white_check_mark") in fake.reactions


async def test_the_slash_command_still_answers_with_feedback_buttons(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await plumbing_rig(brain, fake)
    await r.command("ask Who owns Boiler parts supplier missing deliveries?")
    [posted] = [m for (c, _), m in fake.messages.items() if c == "C1"]
    assert "Tomasz Wren" in posted["text"]
    up, _ = feedback_values(posted)
    assert up.startswith("up:turn-")
