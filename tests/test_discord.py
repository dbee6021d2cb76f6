"""The Discord adapter, driven through the real discord.py client offline, on a real FalkorDB.

dpytest 0.7 plays Discord (REST and gateway) in-process. Four gaps are filled here, at
Discord's wire level, never by replacing our code:

- dpytest refuses any ``AutoShardedClient`` with a blanket ``isinstance`` check. What it
  drives (HTTP calls, message and interaction parsing) is the same code for the sharded
  client, so ``configure`` runs with that one check hidden.
- It has no "start a thread from a message" endpoint; ``start_thread_with_message`` is
  added, answering as Discord does and announcing the thread as the gateway's
  THREAD_CREATE would.
- It keeps only the content and embeds of what the bot sends; a recorder keeps each
  create-message payload (components, ``allowed_mentions``, attached files).
- The bot has no members intent, so discord.py caches only its own member (from
  GUILD_CREATE); dpytest's member set-up relies on the member cache, so the harness puts
  the bot and one asker in the guild's cache directly. dpytest also builds its state
  without the client's options, so the client's ``allowed_mentions`` is carried over.
- Its reaction event lacks a field discord.py 2.7 reads, so reactions are recorded at
  the REST call instead.
- It drops message components, so a click is a type-3 INTERACTION_CREATE payload fed to
  ``parse_interaction_create``; interaction responses go to a recording webhook adapter
  set in ``discord.webhook.async_.async_context``. The real dynamic item runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import types
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.backend as dpytest_backend
import discord.ext.test.runner as dpytest_runner
import pytest
import pytest_asyncio
from discord.ext.test import factories
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from agents import run_turn
from agents.cards import (
    CardDraft,
    ChannelPostExecutor,
    ExecutorRegistry,
    RecordOnlyExecutor,
    card_view,
    get_card,
    list_cards,
    propose,
)
from bots.core import BotCore, BotSettings, CardView, Reply
from bots.discord import (
    CLICK_ACK_S,
    DiscordPoster,
    HivebrainDiscord,
    build_discord_bot,
    send_reply,
)
from brain import Brain, TenantGraph, now_ms
from tests.story import owner_facts

Json = dict[str, Any]

QUESTION = "who owns the Instagram token refresh?"
CARD = CardDraft(
    kind="note", title="t", preview="p", payload={}, executor="record", proposed_by="tasks"
)


# --- the fake Discord around the real client ----------------------------------------------


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Interaction responses and follow-ups, recorded instead of sent to Discord."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[Json] = []

    async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:
        body = kwargs.get("payload")
        for part in kwargs.get("multipart") or []:
            if part["name"] == "payload_json":
                body = json.loads(part["value"])
        self.calls.append({"method": route.method, "path": route.path, "body": body or {}})
        if route.path.endswith("/callback"):
            return {"interaction": {"id": str(route.webhook_id), "type": (body or {})["type"]}}
        return _message_payload(factories.make_id(), 0, (body or {}), author_id=route.webhook_id)

    def responses(self) -> list[Json]:
        """Bodies of the interaction callbacks (type 4 message, 5 thinking, 7 edit...)."""
        return [c["body"] for c in self.calls if c["path"].endswith("/callback")]

    def followups(self) -> list[Json]:
        return [
            c["body"]
            for c in self.calls
            if c["method"] == "POST" and not c["path"].endswith("/callback")
        ]


def _message_payload(message_id: int, channel_id: int, body: Json, *, author_id: int) -> Json:
    """A message as Discord delivers it (e.g. inside an interaction), from what was sent."""
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "type": 0,
        "flags": 0,
        "author": {
            "id": str(author_id),
            "username": "hivebrain",
            "discriminator": "0001",
            "avatar": None,
            "bot": True,
        },
        "content": body.get("content") or "",
        "embeds": body.get("embeds", []),
        "components": body.get("components", []),
        "attachments": [],
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": datetime.now(UTC).isoformat(),
        "edited_timestamp": None,
    }


@dataclass
class Harness:
    bot: HivebrainDiscord
    guild: discord.Guild
    channel: discord.TextChannel
    member: discord.Member
    sent: list[Json] = field(default_factory=list)
    reactions: list[tuple[int, str]] = field(default_factory=list)

    def sent_to(self, channel_id: int) -> list[Json]:
        return [s["payload"] for s in self.sent if s["channel_id"] == channel_id]


@contextlib.contextmanager
def _sharding_check_hidden() -> Iterator[None]:
    """Let dpytest.configure accept the auto-sharded bot (see the module docstring)."""
    shim = types.SimpleNamespace(**vars(discord))
    shim.AutoShardedClient = type("NotTheBot", (), {})
    real = dpytest_runner.discord
    dpytest_runner.discord = shim  # type: ignore[assignment]  # a stand-in for one check
    try:
        yield
    finally:
        dpytest_runner.discord = real


async def start_bot(core: BotCore, *, click_ack_s: float = CLICK_ACK_S) -> Harness:
    """A fresh bot process as far as discord.py can tell: new client, new setup_hook."""
    settings = BotSettings(_env_file=None)  # type: ignore[call-arg]  # pydantic-settings option
    bot = build_discord_bot(core, settings, click_ack_s=click_ack_s)
    allowed_mentions = bot.allowed_mentions
    await bot._async_setup_hook()
    with _sharding_check_hidden():
        dpytest.configure(bot, members=0)
    await bot.setup_hook()
    state = bot._connection
    state.allowed_mentions = allowed_mentions
    state._command_tree = bot.tree  # the tree registered on the state dpytest replaced
    config = dpytest.get_config()
    guild = config.guilds[0]
    assert state.user is not None
    cache_member(guild, state.user)
    asker = cache_member(guild, dpytest_backend.make_user("asker", "0001"))
    harness = Harness(bot, guild, config.channels[0], asker)
    http: Any = bot.http
    send_message = http.send_message

    async def recording_send_message(channel_id: int, *, params: Any) -> Json:
        channel = harness.bot.get_channel(channel_id)  # dpytest reads its caller's `channel`
        body = params.payload
        for part in params.multipart or []:
            if part["name"] == "payload_json":
                body = json.loads(part["value"])
        data = await send_message(channel_id, params=params)
        files = [f.filename for f in params.files or []]
        harness.sent.append(
            {
                "channel_id": channel.id if channel else channel_id,
                "payload": {**body, "files": files},
                "message_id": int(data["id"]),
            }
        )
        return data

    async def start_thread_with_message(
        channel_id: int, message_id: int, *, name: str, auto_archive_duration: int, **_: Any
    ) -> Json:
        assert bot.user is not None
        data = {
            "id": str(message_id),
            "guild_id": str(harness.guild.id),
            "parent_id": str(channel_id),
            "owner_id": str(bot.user.id),
            "type": 11,
            "name": name,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "thread_metadata": {
                "archived": False,
                "locked": False,
                "auto_archive_duration": auto_archive_duration,
                "archive_timestamp": datetime.now(UTC).isoformat(),
            },
        }
        bot._connection.parse_thread_create(data)  # what the gateway sends right after
        return data

    async def add_reaction(channel_id: int, message_id: int, emoji: str) -> None:
        harness.reactions.append((message_id, emoji))

    http.send_message = recording_send_message
    http.add_reaction = add_reaction
    http.start_thread_with_message = start_thread_with_message
    return harness


def cache_member(guild: discord.Guild, user: discord.abc.User) -> discord.Member:
    data = factories.make_member_dict(guild, user, [], joined=datetime.now(UTC).isoformat())
    member = discord.Member(data=data, guild=guild, state=guild._state)  # type: ignore[arg-type]  # dpytest's dict
    guild._add_member(member)
    return member


def member_payload(member: discord.Member) -> Json:
    return {
        "user": {
            "id": str(member.id),
            "username": member.name,
            "discriminator": "0001",
            "avatar": None,
        },
        "roles": [],
        "joined_at": datetime.now(UTC).isoformat(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": "2147483647",
    }


def interaction_payload(
    h: Harness, member: discord.Member, kind: int, data: Json, message: Json | None = None
) -> Json:
    assert h.bot.user is not None
    payload: Json = {
        "id": str(factories.make_id()),
        "application_id": str(h.bot.user.id),
        "type": kind,
        "token": f"tok-{uuid.uuid4().hex}",
        "version": 1,
        "guild_id": str(h.guild.id),
        "channel_id": str(h.channel.id),
        "channel": {
            "id": str(h.channel.id),
            "type": 0,
            "guild_id": str(h.guild.id),
            "name": h.channel.name,
            "position": 0,
            "permission_overwrites": [],
        },
        "member": member_payload(member),
        "data": data,
        "attachment_size_limit": 8_388_608,
        "locale": "en-US",
        "guild_locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
    }
    if message is not None:
        payload["message"] = message
    return payload


async def deliver_interaction(h: Harness, payload: Json) -> None:
    """Feed one INTERACTION_CREATE to the client and wait for its handler tasks."""
    h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]  # raw payload
    await asyncio.sleep(0)
    handlers = [
        t
        for t in asyncio.all_tasks()
        if t.get_name().startswith(("discord-ui-dynamic-item", "CommandTree-invoker"))
    ]
    await asyncio.wait_for(asyncio.gather(*handlers), timeout=30)


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


async def make_approver(brain: Brain, slug: str, member: discord.Member) -> None:
    assert brain.registry is not None
    await brain.registry.update_settings(slug, {"approvers": [f"discord:{member.id}"]})


async def post_card(h: Harness, graph: TenantGraph) -> tuple[str, Json]:
    """Propose a card and post it as the bot would; return its id and the message as sent."""
    card = await propose(graph, CARD, now_ms=now_ms())
    view = CardView.model_validate(card_view(card))
    await send_reply(h.channel.send, Reply(answer="A card:", verified=True, cards=[view]))
    return card.id, h.sent[-1]


def clicked_message(h: Harness, sent: Json) -> Json:
    assert h.bot.user is not None
    message = _message_payload(
        sent["message_id"], h.channel.id, sent["payload"], author_id=h.bot.user.id
    )
    return {**message, "guild_id": str(h.guild.id)}


def click(h: Harness, member: discord.Member, custom_id: str, sent: Json) -> Json:
    return interaction_payload(
        h, member, 3, {"custom_id": custom_id, "component_type": 2}, clicked_message(h, sent)
    )


def texts(payload: Json) -> str:
    """Everything a reader sees in one message payload, as one string."""
    parts = [payload.get("content") or ""]
    for embed in payload.get("embeds", []):
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts.append(embed.get("footer", {}).get("text", ""))
        parts += [f"{f['name']} {f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


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


def command(name: str, /, **options: Any) -> Json:
    types_ = {str: 3, int: 6}
    return {
        "id": str(factories.make_id()),
        "name": name,
        "type": 1,
        "options": [
            {"name": k, "type": types_.get(type(v), 3), "value": v} for k, v in options.items()
        ],
    }


async def test_ask_defers_then_answers_in_a_followup(
    discord_bot: Harness,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    await deliver_interaction(
        h, interaction_payload(h, h.member, 2, command("ask", question=QUESTION))
    )
    assert [r["type"] for r in webhook.responses()] == [5]  # "thinking…" first
    followups = webhook.followups()
    assert followups and "Priya Raman" in followups[0]["content"]
    assert all(f["allowed_mentions"]["parse"] == [] for f in followups)


def resolved_user(user_id: int) -> Json:
    """The ``resolved.users`` part of a slash command naming one user."""
    return {
        str(user_id): {
            "id": str(user_id),
            "username": f"user{user_id % 1000}",
            "discriminator": "0001",
            "avatar": None,
        }
    }


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
