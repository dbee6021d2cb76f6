"""Per-channel scope and the digest's fact checks in Slack, end to end: the real Bolt app
and slack_sdk against the local fake Slack, answering from a real FalkorDB tenant.

``/hivebrain settings scope #channel sources=...`` is an approver's: anyone else is told
so in one sentence and nothing changes. A question in the scoped channel (a mention, or
the assistant pane looking at it) reads only what the scope names; the same question in
another channel reads everything. The weekly digest carries "Still true" / "No longer
true" under each fact nobody confirmed lately; a click restamps the fact or closes it
(never deletes it), a guest's click and an expired button change nothing.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from slack_bolt.response import BoltResponse

from bots._posters import ChannelPosters
from bots.slack import SlackPoster
from brain import Brain, format_moment, now_ms, parse_moment
from brain.reads import ReadFact, fact_edges
from scheduler import JobRunner
from tests.fakes import FakeSlackAPI
from tests.slack_rig import Rig, block_text, mention
from tests.test_slack_assistant import (
    DM,
    OWNER_QUESTION,
    plumbing_rig,
    private_notes,
    thread_message,
    thread_started,
)

SCOPED = "C0SCOPED"
DIGEST = "C0DIGEST"
TOMASZ_OWNS = ReadFact(
    "person-tomasz",
    "OWNS",
    "incident-parts-delays",
    format_moment(parse_moment("2026-11-25")) or "",
)
INES_ATTENDED = ReadFact(
    "person-ines",
    "ATTENDED",
    "meeting-crew-leads-2026-11-24",
    format_moment(parse_moment("2026-11-24")) or "",
)


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: nothing here searches by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def fake() -> AsyncIterator[FakeSlackAPI]:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as api:
        yield api


async def approved_rig(brain: Brain, fake: FakeSlackAPI) -> Rig:
    r = await plumbing_rig(brain, fake)
    assert brain.registry is not None and r.graph is not None
    await brain.registry.update_settings(r.graph.slug, {"approvers": ["slack:U1"]})
    return r


async def ask_in(r: Rig, channel: str, question: str) -> str:
    """Mention the bot in ``channel`` with ``question``; the streamed answer's text."""
    text = f"<@UBOT> {question}"
    ts = r.fake.seed_message(channel, text=text, user="U1")
    await r.event(mention(ts, text=text, channel=channel))
    [answer] = [
        m
        for (c, _), m in r.fake.messages.items()
        if c == channel and m.get("thread_ts") == ts and "streaming" in m
    ]
    return str(answer["text"]) + block_text(answer)


async def test_only_an_approver_scopes_a_channel(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await approved_rig(brain, fake)
    assert brain.registry is not None and r.graph is not None

    await r.command(f"settings scope <#{SCOPED}|eng> sources=meetings", user="U2")
    assert private_notes(fake, "U2")[-1] == (
        "Only this workspace's approvers can change what a channel's answers may read."
    )
    assert "scopes" not in (await brain.registry.get(r.graph.slug)).settings

    await r.command(f"settings scope <#{SCOPED}|eng> sources=github,gitlab", user="U1")
    assert "`gitlab` is no kind of source" in private_notes(fake)[-1]
    await r.command(f"settings scope <#{SCOPED}|eng> sources=meetings,github", user="U1")
    said = private_notes(fake)[-1]
    assert f"Answers asked in slack:{SCOPED} now read and cite only github and meetings" in said
    settings = (await brain.registry.get(r.graph.slug)).settings
    assert settings["scopes"] == {f"slack:{SCOPED}": ["github", "meetings"]}

    await r.command(f"settings scope <#{SCOPED}|eng> off", user="U1")
    assert "read every source again" in private_notes(fake)[-1]
    assert "scopes" not in (await brain.registry.get(r.graph.slug)).settings


async def test_a_question_in_a_scoped_channel_reads_only_its_sources(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await approved_rig(brain, fake)
    await r.command(f"settings scope <#{SCOPED}|eng> sources=github", user="U1")

    everywhere = await ask_in(r, "C1", OWNER_QUESTION)
    assert "Tomasz Wren" in everywhere and "person-tomasz" in everywhere
    scoped = await ask_in(r, SCOPED, OWNER_QUESTION)
    assert "Tomasz Wren" not in scoped and "person-tomasz" not in scoped
    assert "This channel's answers read only github (its scope)." in scoped


async def test_the_assistant_pane_holds_to_the_viewed_channels_scope(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await approved_rig(brain, fake)
    await r.command(f"settings scope <#{SCOPED}|eng> sources=meetings", user="U1")

    thread_ts = fake.seed_message(DM, text="", user="UBOT")
    await r.event(thread_started(r, thread_ts, viewing=SCOPED))
    [call] = fake.suggested_prompts
    # the facts file's metric, decision and incident are no meeting: only the meeting stays
    assert [p["message"] for p in call["prompts"]] == [
        "What did we decide in Crew leads, 24 November?"
    ]
    await r.event(thread_message(r, thread_ts, OWNER_QUESTION))
    [answer] = [m for (c, _), m in fake.messages.items() if c == DM and "streaming" in m]
    assert "Tomasz Wren" not in answer["text"]


def fact_click(
    r: Rig, message: dict[str, Any], action_id: str, value: str, *, user_team: str | None = None
) -> str:
    payload = {
        "type": "block_actions",
        "team": {"id": r.team, "domain": "acme"},
        "user": {"id": "U3", "username": "u3", "team_id": user_team or r.team},
        "api_app_id": "A0FAKE",
        "token": "legacy",
        "trigger_id": f"trig-{uuid.uuid4().hex[:8]}",
        "container": {
            "type": "message",
            "message_ts": message["ts"],
            "channel_id": DIGEST,
            "is_ephemeral": False,
        },
        "channel": {"id": DIGEST, "name": "weekly"},
        "message": message,
        "response_url": f"{r.fake.origin}/api/response.url",
        "actions": [
            {
                "action_id": action_id,
                "block_id": f"hb-check-actions-{value}",
                "value": value,
                "type": "button",
                "action_ts": "1700000001.0",
            }
        ],
    }
    return urlencode({"payload": json.dumps(payload)})


def check_keys(message: dict[str, Any]) -> dict[str, str]:
    """The digest's fact checks: the fact's words -> its key."""
    keys: dict[str, str] = {}
    blocks: list[dict[str, Any]] = message["blocks"]
    for i, block in enumerate(blocks):
        if block.get("block_id", "").startswith("hb-check-actions-"):
            words = blocks[i - 1]["text"]["text"].removeprefix("• ").split(", last stated")[0]
            keys[words] = block["elements"][0]["value"]
    return keys


async def click(r: Rig, body: str) -> BoltResponse:
    return await r.send(body, content_type="application/x-www-form-urlencoded")


async def test_the_digest_asks_still_true_and_each_click_does_what_it_says(
    brain: Brain, fake: FakeSlackAPI
) -> None:
    r = await approved_rig(brain, fake)
    assert brain.registry is not None and r.graph is not None
    graph = r.graph
    await r.command(f"settings digest <#{DIGEST}|weekly>", user="U1")
    await r.command("settings freshness OWNS 3", user="U2")  # not an approver: refused
    assert "Only this workspace's approvers" in private_notes(fake, "U2")[-1]
    await r.command("settings freshness OWNS 3", user="U1")
    await r.command("settings freshness Meeting 3", user="U1")
    said = private_notes(fake)[-1]
    assert said.endswith("not confirmed within: Meeting 3 days, OWNS 3 days.")

    posters = ChannelPosters()
    posters.add("slack", SlackPoster(r.app.client))
    run = await JobRunner(brain, posters, retry_delays_s=()).run(graph.slug, "business_digest")
    assert run.status == "ok" and run.sent == 1, run
    [digest] = [m for (c, _), m in fake.messages.items() if c == DIGEST]
    keys = check_keys(digest)
    owns, attended = (
        "Tomasz Wren OWNS Boiler parts supplier missing deliveries",
        ("Ines Calder ATTENDED Crew leads, 24 November"),
    )
    assert set(keys) == {owns, attended}, keys

    # a guest of a shared channel changes nothing
    await click(r, fact_click(r, digest, "fact:still_true", keys[owns], user_team="TGUEST"))
    assert "Only people in this workspace can confirm" in private_notes(fake, "U3")[-1]
    [before] = await fact_edges(graph, TOMASZ_OWNS)
    assert before.as_of == parse_moment("2026-11-25")

    # still true: a new asOf, the same source, still open
    await click(r, fact_click(r, digest, "fact:still_true", keys[owns]))
    assert private_notes(fake, "U3")[-1].startswith("Marked still true: " + owns)
    # the digest now says who answered it, in place of its two buttons; the other stays
    [update] = fake.calls_to("chat.update")
    assert update["args"]["ts"] == digest["ts"]
    edited = fake.messages[(DIGEST, digest["ts"])]
    assert set(check_keys(edited)) == {attended}
    said = [e["text"] for b in edited["blocks"] if b["type"] == "context" for e in b["elements"]]
    assert any(t.startswith("✅ Still true: confirmed by <@U3> on ") for t in said), said
    [after] = await fact_edges(graph, TOMASZ_OWNS)
    assert after.as_of > now_ms() - 60_000 and after.src == "ops:board" and after.until is None

    # no longer true: closed from now, kept, the clicker the source of its end
    await click(r, fact_click(r, digest, "fact:no_longer_true", keys[attended]))
    assert private_notes(fake, "U3")[-1].startswith(f"Closed: {attended} no longer holds")
    [closed] = await fact_edges(graph, INES_ATTENDED)
    assert closed.until is not None and closed.end_src == "slack:U3"
    assert closed.src == "ops:board"
    await click(r, fact_click(r, digest, "fact:no_longer_true", keys[attended]))
    assert "no longer holds in the brain" in private_notes(fake, "U3")[-1]

    # a button whose key the server no longer holds
    await click(r, fact_click(r, digest, "fact:still_true", "f" * 40))
    assert "too old for me to find the fact again" in private_notes(fake, "U3")[-1]
    assert len(await fact_edges(graph, INES_ATTENDED)) == 1
