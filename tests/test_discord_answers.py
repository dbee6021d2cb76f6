"""The buttons under every Discord answer, and ``/ask``'s deferral, offline (dpytest).

The real discord.py client answers from a real FalkorDB tenant: ``/ask`` defers within
Discord's 3 s, edits its response with what the desks are doing at most once a second,
then replaces it with the answer; past the interaction token's 15 minutes it answers in
the channel. 👍 / 👎 become Feedback nodes, a 👎 opens the reason modal whose submission
fills the reason once, Sources lists privately what the answer read; a stale button and
someone outside every bound server are told privately and change nothing.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
import pytest_asyncio
from discord.ext.test import factories
from discord.webhook.async_ import async_context

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots.core import BotCore, Throttle
from brain import Brain, TenantGraph
from brain.reads import feedback_counts
from tests.discord_rig import (
    QUESTION,
    Harness,
    Json,
    RecordingWebhookAdapter,
    command,
    deliver_interaction,
    interaction_payload,
    start_bot,
    texts,
)
from tests.story import owner_facts

EPHEMERAL = 64


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def tenant(brain: Brain) -> TenantGraph:
    slug = f"da-{uuid.uuid4().hex[:8]}"
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


async def deliver(h: Harness, payload: Json) -> None:
    """``deliver_interaction``, also waiting for a modal's submit handler."""
    h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]  # raw payload
    await asyncio.sleep(0)
    prefixes = ("discord-ui-dynamic-item", "CommandTree-invoker", "discord-ui-modal-dispatch")
    handlers = [t for t in asyncio.all_tasks() if t.get_name().startswith(prefixes)]
    await asyncio.wait_for(asyncio.gather(*handlers), timeout=30)


def custom_ids(payload: Json) -> list[str]:
    return [b["custom_id"] for row in payload.get("components", []) for b in row["components"]]


async def asked(h: Harness, webhook: RecordingWebhookAdapter) -> tuple[str, Json]:
    """Ask with /ask; return the answer's turn id and its message as last edited."""
    ask = interaction_payload(h, h.member, 2, command("ask", question=QUESTION))
    await deliver_interaction(h, ask)
    answer = [c["body"] for c in webhook.calls if c["method"] == "PATCH"][-1]
    [up] = [i for i in custom_ids(answer) if i.startswith("hb:fb:up:")]
    return up.removeprefix("hb:fb:up:"), answer


def button_click(h: Harness, custom_id: str, *, member: discord.Member | None = None) -> Json:
    """A click on a button of an answer message carrying it (as Discord sends the message)."""
    data = {"custom_id": custom_id, "component_type": 2}
    return interaction_payload(h, member or h.member, 3, data, _answer(h, custom_id))


def _answer(h: Harness, custom_id: str) -> Json:
    assert h.bot.user is not None
    button = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
    return {
        "id": str(factories.make_id()),
        "channel_id": str(h.channel.id),
        "guild_id": str(h.guild.id),
        "type": 0,
        "flags": 0,
        "author": {"id": str(h.bot.user.id), "username": "hivebrain", "discriminator": "0001",
                   "avatar": None, "bot": True},
        "content": "an answer",
        "embeds": [],
        "components": [{"type": 1, "components": [button]}],
        "attachments": [],
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": datetime.now(UTC).isoformat(),
        "edited_timestamp": None,
    }  # fmt: skip


def modal_submit(h: Harness, custom_id: str, reason: str, text: str = "") -> Json:
    data = {
        "custom_id": custom_id,
        "components": [
            {
                "type": 18,
                "id": 1,
                "component": {"type": 3, "id": 2, "custom_id": "hb:fbm:reason", "values": [reason]},
            },
            {
                "type": 18,
                "id": 3,
                "component": {"type": 4, "id": 4, "custom_id": "hb:fbm:text", "value": text},
            },
        ],
    }
    return interaction_payload(h, h.member, 5, data)


def notes(webhook: RecordingWebhookAdapter) -> list[str]:
    """Every private note sent: ephemeral callbacks and ephemeral follow-ups."""
    out = [
        r["data"]["content"]
        for r in webhook.responses()
        if r["type"] == 4 and r["data"].get("flags", 0) & EPHEMERAL
    ]
    out += [f["content"] for f in webhook.followups() if f.get("flags", 0) & EPHEMERAL]
    return out


# --- /ask -----------------------------------------------------------------------------------


async def test_ask_ends_with_feedback_and_sources_buttons(
    discord_bot: Harness, webhook: RecordingWebhookAdapter
) -> None:
    turn, answer = await asked(discord_bot, webhook)
    assert turn.startswith("turn-")
    assert custom_ids(answer)[-3:] == [f"hb:fb:up:{turn}", f"hb:fb:down:{turn}", f"hb:src:{turn}"]
    assert "Priya Raman" in texts(answer)


async def test_a_mention_answer_ends_with_the_buttons_too(discord_bot: Harness) -> None:
    h = discord_bot
    assert h.bot.user is not None
    await dpytest.message(f"<@{h.bot.user.id}> {QUESTION}", channel=h.channel, member=h.member)
    last = h.sent[-1]["payload"]
    assert any(i.startswith("hb:fb:down:turn-") for i in custom_ids(last))


async def test_an_answer_past_the_tokens_fifteen_minutes_goes_to_the_channel(
    discord_bot: Harness, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    payload = interaction_payload(h, h.member, 2, command("ask", question=QUESTION))
    # the turn finishes 14.5 minutes after the click: the webhook token is all but gone
    payload["id"] = str(discord.utils.time_snowflake(datetime.now(UTC) - timedelta(minutes=14.5)))

    await deliver_interaction(h, payload)

    assert [r["type"] for r in webhook.responses()] == [5]  # the deferral went out in time
    assert [c for c in webhook.calls if c["method"] == "PATCH"] == []  # no edit on a dead token
    assert webhook.followups() == []
    in_channel = h.sent_to(h.channel.id)
    assert in_channel and "Priya Raman" in texts(in_channel[0])


async def test_progress_lines_are_sent_at_most_once_an_interval() -> None:
    sent_at: list[tuple[float, str]] = []
    loop = asyncio.get_running_loop()

    async def send(line: str) -> None:
        sent_at.append((loop.time(), line))

    status = Throttle(send, every_s=0.2)
    for i in range(30):  # a burst: many lines inside one interval
        status.update(f"reading {i} records")
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.5)
    status.update("checking figures")
    await asyncio.sleep(0.05)
    await status.close()
    status.update("never sent: closed")
    await asyncio.sleep(0.3)

    lines = [line for _, line in sent_at]
    assert lines[0] == "reading 0 records" and lines[-1] == "checking figures"
    assert "reading 29 records" in lines  # the burst collapsed to its newest line
    assert len(lines) < 10 and "never sent: closed" not in lines
    gaps = [b - a for (a, _), (b, _) in zip(sent_at, sent_at[1:], strict=False)]
    assert all(gap >= 0.19 for gap in gaps)


# --- feedback ------------------------------------------------------------------------------


async def test_thumbs_up_is_a_feedback_node_and_a_private_thanks(
    discord_bot: Harness, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    turn, _ = await asked(h, webhook)
    await deliver(h, button_click(h, f"hb:fb:up:{turn}"))
    counts = await feedback_counts(tenant)
    assert (counts.up, counts.down) == (1, 0)
    assert "noted that this answer helped" in notes(webhook)[-1]


async def test_thumbs_down_opens_the_reason_modal_and_its_answer_fills_the_reason(
    discord_bot: Harness, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    turn, _ = await asked(h, webhook)
    await deliver(h, button_click(h, f"hb:fb:down:{turn}"))

    [modal] = [r for r in webhook.responses() if r["type"] == 9]
    custom_id = modal["data"]["custom_id"]
    assert custom_id.startswith("hb:fbm:feedback-")
    [reason_label, _] = modal["data"]["components"]
    options = {o["value"] for o in reason_label["component"]["options"]}
    assert options == {"wrong_fact", "outdated", "missing", "wrong_person", "other"}
    assert (await feedback_counts(tenant)).down == 1

    await deliver(h, modal_submit(h, custom_id, "wrong_person", "Dana owns it since Monday"))

    assert (await feedback_counts(tenant)).reasons == {"wrong_person": 1}
    assert "noted: wrong person" in notes(webhook)[-1]


async def test_a_tampered_reason_is_refused_and_changes_nothing(
    discord_bot: Harness, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    turn, _ = await asked(h, webhook)
    await deliver(h, button_click(h, f"hb:fb:down:{turn}"))
    [modal] = [r for r in webhook.responses() if r["type"] == 9]
    await deliver(h, modal_submit(h, modal["data"]["custom_id"], "not-a-reason"))
    assert "pick one of" in notes(webhook)[-1]
    assert (await feedback_counts(tenant)).reasons == {}


async def test_sources_are_listed_privately(
    discord_bot: Harness, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    turn, _ = await asked(h, webhook)
    await deliver(h, button_click(h, f"hb:src:{turn}"))
    deferral = webhook.responses()[-1]
    assert deferral["type"] == 5 and deferral["data"]["flags"] & EPHEMERAL
    shown = "\n".join(notes(webhook))
    assert "This answer read" in shown
    assert "Task: Fix Instagram token refresh" in shown and "read by" in shown
    assert "Fact: Priya Raman OWNS Fix Instagram token refresh" in shown


# --- bad input -----------------------------------------------------------------------------


async def test_a_stale_button_is_told_privately_and_writes_nothing(
    discord_bot: Harness, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    await deliver(h, button_click(h, "hb:fb:down:turn-deleted00000"))
    assert "no longer in the brain" in notes(webhook)[-1]
    assert [r for r in webhook.responses() if r["type"] == 9] == []  # no modal
    await deliver(h, button_click(h, "hb:src:turn-deleted00000"))
    assert "no longer in the brain" in notes(webhook)[-1]
    assert (await feedback_counts(tenant)).clicks == 0


async def test_someone_in_no_bound_server_is_told_privately_and_writes_nothing(
    discord_bot: Harness, tenant: TenantGraph, webhook: RecordingWebhookAdapter
) -> None:
    h = discord_bot
    turn, _ = await asked(h, webhook)
    stranger = {"id": "424242424242424242", "username": "stranger", "discriminator": "0001",
                "avatar": None}  # fmt: skip
    for custom_id in (f"hb:fb:up:{turn}", f"hb:src:{turn}"):
        payload: dict[str, Any] = button_click(h, custom_id)
        for key in ("guild_id", "member"):
            payload.pop(key)
        payload["user"] = stranger
        payload["channel"] = {"id": str(factories.make_id()), "type": 1}
        payload["channel_id"] = payload["channel"]["id"]
        payload["message"].pop("guild_id")
        await deliver(h, payload)
        assert "Only people in this workspace" in notes(webhook)[-1]
    assert (await feedback_counts(tenant)).clicks == 0


async def test_answer_buttons_still_route_after_a_restart(
    discord_bot: Harness,
    core: BotCore,
    brain: Brain,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    turn, _ = await asked(discord_bot, webhook)
    await dpytest.empty_queue()
    fresh = await start_bot(core)
    assert brain.registry is not None
    await brain.registry.bind(tenant.slug, "discord", str(fresh.guild.id))
    await deliver(fresh, button_click(fresh, f"hb:fb:up:{turn}"))
    assert (await feedback_counts(tenant)).up == 1
