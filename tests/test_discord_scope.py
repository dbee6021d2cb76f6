"""Per-channel scope and the digest's fact checks on Discord, offline (dpytest): the real
discord.py client, its ``/settings`` command and its buttons, over a real FalkorDB.

``/settings scope_channel:#x scope_sources:github`` is an approver's: anyone else is told
so privately and nothing changes; a question asked in the scoped channel then reads only
GitHub. The weekly digest posts each fact nobody confirmed lately as an embed with "Still
true" / "No longer true"; a click, routed by custom id alone, restamps the fact or closes
it (never deletes it), and an expired button changes nothing.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import discord.ext.test as dpytest
import pytest
import pytest_asyncio
from discord.webhook.async_ import async_context

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots._posters import ChannelPosters
from bots.core import BotCore
from bots.discord import DiscordPoster
from brain import Brain, TenantGraph, format_moment, now_ms, parse_moment
from brain.reads import ReadFact, fact_edges
from scheduler import JobRunner
from tests.discord_rig import (
    Harness,
    Json,
    RecordingWebhookAdapter,
    click,
    command,
    deliver_interaction,
    interaction_payload,
    make_approver,
    start_bot,
)

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"
EPHEMERAL = 64
OWNS = ReadFact(
    "person-tomasz",
    "OWNS",
    "incident-parts-delays",
    format_moment(parse_moment("2026-11-25")) or "",
)


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def tenant(brain: Brain) -> TenantGraph:
    slug = f"ds-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    lines = DATA.read_text(encoding="utf-8").splitlines()
    report = await graph.write_facts([(i, json.loads(x)) for i, x in enumerate(lines, 1)])
    assert report.refused == 0
    return graph


@pytest.fixture
def webhook() -> Iterator[RecordingWebhookAdapter]:
    adapter = RecordingWebhookAdapter()
    token = async_context.set(adapter)
    try:
        yield adapter
    finally:
        async_context.reset(token)


@pytest_asyncio.fixture(loop_scope="session")
async def bot(
    brain: Brain, tenant: TenantGraph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Harness]:
    monkeypatch.chdir(tmp_path)  # dpytest writes sent files into the working directory
    core = BotCore(brain, answer=run_turn, executors=ExecutorRegistry([RecordOnlyExecutor()]))
    h = await start_bot(core)
    assert brain.registry is not None
    await brain.registry.bind(tenant.slug, "discord", str(h.guild.id))
    try:
        yield h
    finally:
        await dpytest.empty_queue()


def notes(webhook: RecordingWebhookAdapter) -> list[str]:
    """Every private note sent, in the order sent: ephemeral callbacks and follow-ups."""
    out: list[str] = []
    for call in webhook.calls:
        body, callback = call["body"], call["path"].endswith("/callback")
        said = body.get("data", {}) if callback and body.get("type") == 4 else body
        if (callback and body.get("type") != 4) or (not callback and call["method"] != "POST"):
            continue
        if said.get("flags", 0) & EPHEMERAL and "content" in said:
            out.append(said["content"])
    return out


def scope_command(h: Harness, sources: str) -> Json:
    data = command("settings", scope_channel=str(h.channel.id), scope_sources=sources)
    data["options"][0]["type"] = 7  # a channel option
    data["resolved"] = {
        "channels": {
            str(h.channel.id): {
                "id": str(h.channel.id),
                "type": 0,
                "name": "c",
                "permissions": "0",
                "guild_id": str(h.guild.id),
            }
        }
    }
    return data


async def test_only_an_approver_scopes_a_channel_and_its_answers_hold_to_it(
    bot: Harness, brain: Brain, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = bot
    assert brain.registry is not None and h.bot.user is not None
    await deliver_interaction(h, interaction_payload(h, h.member, 2, scope_command(h, "github")))
    assert notes(webhook)[-1] == (
        "Only this workspace's approvers can change what a channel's answers may read."
    )
    assert "scopes" not in (await brain.registry.get(tenant.slug)).settings

    await make_approver(brain, tenant.slug, h.member)
    await deliver_interaction(h, interaction_payload(h, h.member, 2, scope_command(h, "github")))
    assert (
        f"Answers asked in discord:{h.channel.id} now read and cite only github"
        in (notes(webhook)[-1])
    )
    scopes = (await brain.registry.get(tenant.slug)).settings["scopes"]
    assert scopes == {f"discord:{h.channel.id}": ["github"]}

    question = "Who owns Boiler parts supplier missing deliveries?"
    asked = await dpytest.message(
        f"<@{h.bot.user.id}> {question}", channel=h.channel, member=h.member
    )
    thread = h.guild.get_thread(asked.id)
    assert thread is not None
    answered = json.dumps(h.sent_to(thread.id))
    assert "Tomasz Wren" not in answered
    assert "This channel's answers read only github (its scope)." in answered
    # a follow-up in the answer's thread holds to the channel's scope too
    before = len(h.sent)
    await dpytest.message("and who owns Boiler parts supplier missing deliveries?", channel=thread,
                          member=h.member)  # fmt: skip
    followed = json.dumps([s["payload"] for s in h.sent[before:]])
    assert followed and "Tomasz Wren" not in followed and "only github" in followed

    await deliver_interaction(h, interaction_payload(h, h.member, 2, scope_command(h, "off")))
    assert "read every source again" in notes(webhook)[-1]
    await dpytest.message(f"<@{h.bot.user.id}> {question}", channel=h.channel, member=h.member)
    assert "Tomasz Wren" in json.dumps(h.sent[-3:])


async def test_the_digests_fact_checks_restamp_or_close_the_fact(
    bot: Harness, brain: Brain, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = bot
    assert brain.registry is not None
    await brain.registry.update_settings(
        tenant.slug, {"digest_channel": str(h.channel.id), "freshness": {"OWNS": 3}}
    )
    posters = ChannelPosters()
    posters.add("discord", DiscordPoster(h.bot))
    run = await JobRunner(brain, posters, retry_delays_s=()).run(tenant.slug, "business_digest")
    assert run.status == "ok" and run.sent == 1, run
    [sent] = [s for s in h.sent if "hb:fact:" in json.dumps(s["payload"])]
    rows = sent["payload"]["components"]
    ids = [b["custom_id"] for row in rows for b in row["components"]]
    [yes] = [i for i in ids if i.startswith("hb:fact:yes:")]
    no = yes.replace(":yes:", ":no:")
    assert no in ids
    embeds = json.dumps(sent["payload"]["embeds"])
    assert "Tomasz Wren OWNS Boiler parts supplier missing deliveries" in embeds

    await deliver_interaction(h, click(h, h.member, yes, sent))
    assert notes(webhook)[-1].startswith("Marked still true: Tomasz Wren OWNS")
    # the digest now says who answered it, in place of its two buttons
    [edit] = [r for r in webhook.responses() if r["type"] == 7]
    buttons = [b for row in edit["data"]["components"] for b in row["components"]]
    [done] = [b for b in buttons if b["custom_id"].startswith("hb:fact:done:")]
    assert done["disabled"] and done["label"].startswith("✅ Still true: confirmed by asker")
    assert yes not in {b["custom_id"] for b in buttons} and no not in json.dumps(buttons)
    [held] = await fact_edges(tenant, OWNS)
    assert held.as_of > now_ms() - 60_000 and held.src == "ops:board" and held.until is None

    await deliver_interaction(h, click(h, h.member, no, sent))
    assert "no longer holds from" in notes(webhook)[-1]
    [closed] = await fact_edges(tenant, OWNS)
    assert closed.until is not None and closed.end_src == f"discord:{h.member.id}"

    # a button whose key the server no longer holds (on a message that carries it)
    gone = "hb:fact:yes:" + "e" * 40
    stale = {**sent, "payload": {**sent["payload"], "components": [
        {"type": 1, "components": [{"type": 2, "style": 3, "label": "x", "custom_id": gone}]}
    ]}}  # fmt: skip
    await deliver_interaction(h, click(h, h.member, gone, stale))
    assert "too old for me to find the fact again" in notes(webhook)[-1]
    assert len(await fact_edges(tenant, OWNS)) == 1
