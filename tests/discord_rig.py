"""The Discord rig of the Discord tests: the real discord.py client driven offline.

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
- Its "get guild member" crashes for someone not in the guild; Discord answers 404
  Unknown Member, and so does the harness.
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
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.backend as dpytest_backend
import discord.ext.test.runner as dpytest_runner
from discord.ext.test import factories
from discord.webhook.async_ import AsyncWebhookAdapter

from agents.cards import CardDraft, card_view, propose
from bots.core import BotCore, BotSettings, CardView, Reply
from bots.discord import CLICK_ACK_S, HivebrainDiscord, build_discord_bot, send_reply
from brain import Brain, TenantGraph, now_ms

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

    get_member = http.get_member

    async def get_member_or_404(guild_id: int, member_id: int) -> Json:
        guild = harness.bot.get_guild(guild_id)
        if guild is None or guild.get_member(member_id) is None:
            gone = types.SimpleNamespace(status=404, reason="Not Found")
            raise discord.NotFound(gone, {"code": 10007, "message": "Unknown Member"})
        return await get_member(guild_id, member_id)

    http.send_message = recording_send_message
    http.add_reaction = add_reaction
    http.start_thread_with_message = start_thread_with_message
    http.get_member = get_member_or_404
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
