"""The Discord adapter, driven through the real discord.py client offline, on a real FalkorDB.

The rig (``tests.discord_rig``) says how dpytest plays Discord and which of its gaps are
filled at Discord's wire level; nothing of our own code is replaced.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord.ext.test as dpytest
import pytest
import pytest_asyncio
from discord.webhook.async_ import async_context

from agents import run_turn
from agents.cards import (
    ChannelPostExecutor,
    ExecutorRegistry,
    RecordOnlyExecutor,
    get_card,
    list_cards,
)
from bots.core import BotCore
from bots.discord import DiscordPoster
from brain import Brain, TenantGraph
from tests.discord_rig import (
    QUESTION,
    Harness,
    RecordingWebhookAdapter,
    click,
    command,
    deliver_interaction,
    interaction_payload,
    make_approver,
    post_card,
    resolved_user,
    start_bot,
    texts,
)
from tests.story import owner_facts

# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def tenant(brain: Brain) -> TenantGraph:
    slug = f"d-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(owner_facts(owner="Priya Raman"))
    assert not report.refusals
    return graph


@pytest.fixture
def core(brain: Brain) -> BotCore:
    return BotCore(brain, answer=run_turn, executors=ExecutorRegistry([RecordOnlyExecutor()]))


@pytest.fixture
def webhook() -> Iterator[RecordingWebhookAdapter]:
    adapter = RecordingWebhookAdapter()
    token = async_context.set(adapter)
    try:
        yield adapter
    finally:
        async_context.reset(token)


@pytest_asyncio.fixture(loop_scope="session")
async def discord_bot(
    core: BotCore,
    brain: Brain,
    tenant: TenantGraph,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Harness]:
    monkeypatch.chdir(tmp_path)  # dpytest writes sent files into the working directory
    h = await start_bot(core)
    assert brain.registry is not None
    await brain.registry.bind(tenant.slug, "discord", str(h.guild.id))
    try:
        yield h
    finally:
        await dpytest.empty_queue()


# --- messages ---------------------------------------------------------------------------------


async def test_mention_is_answered_in_a_thread_with_the_owner_and_no_pings(
    discord_bot: Harness,
) -> None:
    h = discord_bot
    assert h.bot.user is not None
    assert h.bot.allowed_mentions is not None and h.bot.allowed_mentions.to_dict()["parse"] == []
    asked = await dpytest.message(
        f"<@{h.bot.user.id}> {QUESTION}", channel=h.channel, member=h.member
    )

    assert h.reactions == [(asked.id, "👀")]  # acknowledged first
    thread = h.guild.get_thread(asked.id)
    assert thread is not None and thread.owner_id == h.bot.user.id
    answer = h.sent_to(thread.id)
    assert answer and not h.sent_to(h.channel.id)
    assert "Priya Raman" in answer[0]["content"]
    assert all(p["allowed_mentions"]["parse"] == [] for p in answer)
    assert all(not p["allowed_mentions"].get(k) for p in answer for k in ("users", "roles"))
    path = [p for p in answer if p["files"]]
    assert path and path[0]["files"] == ["path.png"]
    assert any(e.get("image", {}).get("url") == "attachment://path.png" for e in path[0]["embeds"])
    assert dpytest.get_message().channel.id == thread.id  # dpytest saw it land in the thread

    # A follow-up in the bot's own thread needs no mention.
    before = len(h.sent)
    await dpytest.message("and since when?", channel=thread, member=h.member)
    assert len(h.sent) > before and all(s["channel_id"] == thread.id for s in h.sent[before:])
    assert "Priya Raman" in texts(h.sent[before]["payload"])


async def test_messages_without_a_mention_are_ignored(
    discord_bot: Harness,
) -> None:
    h = discord_bot
    await dpytest.message(QUESTION, channel=h.channel, member=h.member)
    assert h.sent == []


async def test_a_redelivered_message_is_answered_once(discord_bot: Harness) -> None:
    h = discord_bot
    assert h.bot.user is not None
    asked = await dpytest.message(
        f"<@{h.bot.user.id}> {QUESTION}", channel=h.channel, member=h.member
    )
    answered = len(h.sent)
    assert answered > 0
    h.bot.dispatch("message", asked)  # the gateway replays the same MESSAGE_CREATE
    await dpytest.run_all_events()
    assert len(h.sent) == answered


async def test_an_attached_document_is_added_to_the_brain(
    discord_bot: Harness, tmp_path: Path
) -> None:
    h = discord_bot
    assert h.bot.user is not None
    notes = tmp_path / "launch-notes.md"
    notes.write_text("# Launch\n\nPriya moves the Instagram launch to Friday.\n")
    await dpytest.message(
        f"<@{h.bot.user.id}> here are the launch notes",
        channel=h.channel,
        member=h.member,
        attachments=[str(notes)],
    )
    [first, *_] = [s["payload"] for s in h.sent]
    assert "Added to the brain: launch-notes.md" in texts(first)


async def test_a_failure_is_an_apology_with_an_error_id_never_a_traceback(
    brain: Brain,
    tenant: TenantGraph,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("MATCH (n) RETURN n blew up")

    monkeypatch.chdir(tmp_path)
    h = await start_bot(BotCore(brain, answer=broken))
    assert brain.registry is not None and h.bot.user is not None
    await brain.registry.bind(tenant.slug, "discord", str(h.guild.id))
    await dpytest.message(f"<@{h.bot.user.id}> {QUESTION}", channel=h.channel, member=h.member)
    shown = "\n".join(texts(s["payload"]) for s in h.sent)
    assert "Sorry" in shown and "error id" in shown
    assert "MATCH" not in shown and "Traceback" not in shown and "RuntimeError" not in shown
    await dpytest.empty_queue()


async def test_an_unbound_server_gets_the_setup_reply(
    core: BotCore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    h = await start_bot(core)
    assert h.bot.user is not None
    await dpytest.message(f"<@{h.bot.user.id}> {QUESTION}", channel=h.channel, member=h.member)
    replies = [s["payload"] for s in h.sent]
    assert replies and "isn't connected to a brain yet" in replies[0]["content"]
    await dpytest.empty_queue()


async def test_a_direct_message_talks_to_the_users_server(discord_bot: Harness) -> None:
    h = discord_bot
    dm = await h.member.create_dm()
    await dpytest.message(QUESTION, channel=dm, member=h.member)
    assert h.sent and "Priya Raman" in h.sent[0]["payload"]["content"]


# --- cards ------------------------------------------------------------------------------------


async def test_an_approver_click_executes_the_card_and_edits_its_message(
    discord_bot: Harness,
    brain: Brain,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    await make_approver(brain, tenant.slug, h.member)
    card_id, sent = await post_card(h, tenant)
    custom_ids = [
        b["custom_id"] for row in sent["payload"]["components"] for b in row["components"]
    ]
    assert f"hb:card:approve:{card_id}" in custom_ids

    await deliver_interaction(h, click(h, h.member, f"hb:card:approve:{card_id}", sent))

    assert (await get_card(tenant, card_id)).status == "executed"
    [edit] = webhook.responses()
    assert edit["type"] == 7  # UPDATE_MESSAGE: the card message itself changes
    embeds = edit["data"]["embeds"]
    card_embed = next(e for e in embeds if e.get("footer", {}).get("text") == f"Card {card_id}")
    assert len(embeds) == len(sent["payload"]["embeds"])  # the answer's other embeds stay
    assert "Executed" in texts({"embeds": [card_embed]})
    assert f"discord:{h.member.id}" in texts({"embeds": [card_embed]})
    assert edit["data"]["components"] == []  # the buttons are gone
    assert edit["data"]["allowed_mentions"]["parse"] == []


async def test_a_non_approver_is_told_privately_and_the_card_stays_pending(
    discord_bot: Harness,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    card_id, sent = await post_card(h, tenant)
    await deliver_interaction(h, click(h, h.member, f"hb:card:approve:{card_id}", sent))

    assert (await get_card(tenant, card_id)).status == "pending"
    [note] = webhook.responses()
    assert note["type"] == 4 and note["data"]["flags"] & 64  # an ephemeral message
    assert "can't approve" in note["data"]["content"]


async def test_card_buttons_still_route_after_a_restart(
    discord_bot: Harness,
    core: BotCore,
    brain: Brain,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    card_id, sent = await post_card(discord_bot, tenant)  # posted by the first process
    await dpytest.empty_queue()

    fresh = await start_bot(core)  # new client, new setup_hook, no views remembered
    assert fresh.bot is not discord_bot.bot
    assert not fresh.bot._connection._view_store._views  # nothing per-message to restore
    assert brain.registry is not None
    await brain.registry.bind(tenant.slug, "discord", str(fresh.guild.id))
    await make_approver(brain, tenant.slug, fresh.member)

    await deliver_interaction(fresh, click(fresh, fresh.member, f"hb:card:approve:{card_id}", sent))

    assert (await get_card(tenant, card_id)).status == "executed"
    assert [r["type"] for r in webhook.responses()] == [7]


@dataclass
class SlowRecordExecutor:
    """Records like ``record``, but slower than the click deadline below."""

    name: str = "record"

    async def execute(self, card: Any) -> str:
        await asyncio.sleep(0.3)
        return "recorded slowly"


async def test_a_slow_decision_is_deferred_then_edits_the_card(
    brain: Brain,
    tenant: TenantGraph,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    webhook: RecordingWebhookAdapter,
) -> None:
    monkeypatch.chdir(tmp_path)
    h = await start_bot(
        BotCore(brain, answer=run_turn, executors=ExecutorRegistry([SlowRecordExecutor()])),
        click_ack_s=0.05,  # Discord allows 3 s
    )
    assert brain.registry is not None
    await brain.registry.bind(tenant.slug, "discord", str(h.guild.id))
    await make_approver(brain, tenant.slug, h.member)
    card_id, sent = await post_card(h, tenant)

    await deliver_interaction(h, click(h, h.member, f"hb:card:approve:{card_id}", sent))

    assert [r["type"] for r in webhook.responses()] == [6]  # deferred update, in time
    [edit] = [c for c in webhook.calls if c["method"] == "PATCH"]
    assert edit["path"].endswith("/messages/@original") and edit["body"]["components"] == []
    assert "recorded slowly" in texts(edit["body"])
    assert (await get_card(tenant, card_id)).status == "executed"
    await dpytest.empty_queue()


async def test_details_shows_the_preview_privately(
    discord_bot: Harness,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    card_id, sent = await post_card(h, tenant)
    await deliver_interaction(h, click(h, h.member, f"hb:card:details:{card_id}", sent))
    [note] = webhook.responses()
    assert note["data"]["flags"] & 64 and note["data"]["content"] == "t: p"
    assert (await get_card(tenant, card_id)).status == "pending"


# --- slash commands -----------------------------------------------------------------------------


async def test_ask_defers_shows_progress_then_answers_in_place(
    discord_bot: Harness,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    await deliver_interaction(
        h, interaction_payload(h, h.member, 2, command("ask", question=QUESTION))
    )
    assert [r["type"] for r in webhook.responses()] == [5]  # "thinking…" first
    edits = [c["body"] for c in webhook.calls if c["method"] == "PATCH"]
    assert edits[0]["content"].startswith("⏳ ")  # what the desks are doing, first
    answer = edits[-1]  # then the answer replaces it
    assert "Priya Raman" in answer["content"]
    assert all(e["allowed_mentions"]["parse"] == [] for e in edits)
    assert all(f["allowed_mentions"]["parse"] == [] for f in webhook.followups())


async def test_connect_and_settings(
    core: BotCore,
    brain: Brain,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    webhook: RecordingWebhookAdapter,
) -> None:
    monkeypatch.chdir(tmp_path)
    h = await start_bot(core)
    await deliver_interaction(
        h,
        interaction_payload(
            h, h.member, 2, command("connect", name=f"Guild {uuid.uuid4().hex[:6]}")
        ),
    )
    assert brain.registry is not None
    slug = await brain.registry.resolve("discord", str(h.guild.id))
    assert slug is not None
    assert webhook.responses()[0]["data"]["flags"] & 64  # private
    assert "Connected this workspace" in webhook.followups()[0]["content"]

    other = 424242424242424242
    data = command("settings", digest_channel=str(h.channel.id), add_approver=str(other))
    data["options"][0]["type"], data["options"][1]["type"] = 7, 6
    data["resolved"] = {
        "channels": {
            str(h.channel.id): {
                "id": str(h.channel.id),
                "type": 0,
                "name": "c",
                "permissions": "0",
                "guild_id": str(h.guild.id),
            }
        },
        "users": resolved_user(other),
    }
    await deliver_interaction(h, interaction_payload(h, h.member, 2, data))
    settings = (await brain.registry.get(slug)).settings
    assert settings["digest_channel"] == str(h.channel.id)
    assert settings["approvers"] == [f"discord:{h.member.id}", f"discord:{other}"]

    # the two approvers remove each other's way out: the last one stays
    for gone in (other, h.member.id):
        data = command("settings", remove_approver=str(gone))
        data["options"][0]["type"] = 6
        data["resolved"] = {"users": resolved_user(gone)}
        await deliver_interaction(h, interaction_payload(h, h.member, 2, data))
    settings = (await brain.registry.get(slug)).settings
    assert settings["approvers"] == [f"discord:{h.member.id}"]
    assert "nobody able to approve" in webhook.followups()[-1]["content"]
    await dpytest.empty_queue()


# --- posting for the scheduler and executors ---------------------------------------------------


async def test_discord_poster_posts_plain_text_without_pings(discord_bot: Harness) -> None:
    h = discord_bot
    ref = await DiscordPoster(h.bot).post(
        platform="discord", channel=str(h.channel.id), text="Weekly roll-up @everyone"
    )
    [payload] = h.sent_to(h.channel.id)
    assert "@everyone" not in payload["content"] and payload["allowed_mentions"]["parse"] == []
    assert str(h.channel.id) in ref


async def test_tell_the_team_posts_once_with_a_nonce_when_an_approver_clicks(
    discord_bot: Harness,
    core: BotCore,
    brain: Brain,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    assert h.bot.user is not None and brain.registry is not None
    core.executors.register(ChannelPostExecutor(poster=DiscordPoster(h.bot)))
    await make_approver(brain, tenant.slug, h.member)
    await brain.registry.update_settings(tenant.slug, {"discord_team_channel": str(h.channel.id)})
    asked = await dpytest.message(
        f"<@{h.bot.user.id}> tell the team that the token refresh moved to Friday",
        channel=h.channel,
        member=h.member,
    )
    thread = h.guild.get_thread(asked.id)
    assert thread is not None
    [sent] = [s for s in h.sent if s["channel_id"] == thread.id and s["payload"]["components"]]
    [card] = await list_cards(tenant, origin=f"discord:{h.channel.id}", limit=5)
    assert card.payload == {
        "platform": "discord",
        "channel": str(h.channel.id),
        "text": "The token refresh moved to Friday.",
    }
    assert h.sent_to(h.channel.id) == []  # proposing posts nothing

    approve = click(h, h.member, f"hb:card:approve:{card.id}", sent)
    await deliver_interaction(h, approve)
    await deliver_interaction(h, click(h, h.member, f"hb:card:approve:{card.id}", sent))

    [post] = h.sent_to(h.channel.id)
    assert post["content"] == "The token refresh moved to Friday."
    assert post["nonce"] == f"{card.id}:0" and post["enforce_nonce"] is True
    edit, again = webhook.responses()
    assert edit["type"] == 7 and "Sent by discord:" in texts({"embeds": edit["data"]["embeds"]})
    assert again["type"] == 4 and "already executed" in again["data"]["content"]
    assert (await get_card(tenant, card.id)).status == "executed"


async def test_a_scheduled_digest_posts_as_embeds_with_its_sources(discord_bot: Harness) -> None:
    from bots._posters import ChannelPosters
    from scheduler import Cite, Post

    h = discord_bot
    post = Post(
        "digest_channel",
        "Weekly digest @everyone",
        ("• Switch to oat-milk supplier [1]",),
        (Cite("dec-oat", "Switch to oat-milk supplier", "https://wiki.example/oat"),),
    )
    posters = ChannelPosters()
    posters.add("discord", DiscordPoster(h.bot))
    await posters.post_digest(platform="discord", channel=str(h.channel.id), post=post)
    payloads = h.sent_to(h.channel.id)
    sent = json.dumps(payloads)
    assert "Switch to oat-milk supplier" in sent and "https://wiki.example/oat" in sent
    assert "@everyone" not in payloads[0]["content"]
    assert all(p["allowed_mentions"]["parse"] == [] for p in payloads)
