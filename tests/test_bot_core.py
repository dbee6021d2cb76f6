"""The platform-neutral bot core: bindings, duplicates, fair queueing, threads, errors.

Real FalkorDB and the real rules-mode turn; the only stand-in is an unreachable database
socket, which is how a real outage looks to the core.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from agents import run_turn
from bots.core import BotCore, InboundMessage, SeenEvents, TenantQueue
from brain import Brain, BrainSettings, FalkorDriver, Registry
from tests.story import owner_facts


def message(
    workspace: str,
    text: str,
    *,
    mid: str | None = None,
    thread: str | None = None,
    platform: str = "slack",
) -> InboundMessage:
    return InboundMessage(
        platform=platform,  # type: ignore[arg-type]  # validated by the model: "slack" or "discord"
        workspace_id=workspace,
        channel_id="C1",
        thread_id=thread,
        user_id="U1",
        text=text,
        message_id=mid or uuid.uuid4().hex,
    )


@pytest.fixture
async def bound(quiet_brain: Brain) -> tuple[Brain, str, str]:
    brain = quiet_brain
    slug, team = f"core-{uuid.uuid4().hex[:6]}", f"T{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    assert brain.registry is not None
    await brain.registry.bind(slug, "slack", team)
    await (await brain.tenant(slug)).write_facts(owner_facts())
    return brain, slug, team


async def test_answers_a_bound_workspace_and_ignores_a_redelivery(
    bound: tuple[Brain, str, str],
) -> None:
    brain, _, team = bound
    core = BotCore(brain, answer=run_turn)
    first = await core.handle_message(
        message(team, "who owns Fix Instagram token refresh?", mid="m1")
    )
    assert first is not None and "Priya" in first.answer and first.verified
    assert (
        await core.handle_message(message(team, "who owns Fix Instagram token refresh?", mid="m1"))
        is None
    )


async def test_an_unbound_workspace_gets_the_setup_reply(bound: tuple[Brain, str, str]) -> None:
    brain, _, _ = bound
    reply = await BotCore(brain, answer=run_turn).handle_message(message("T-NOBODY", "hello?"))
    assert reply is not None and "/hivebrain connect" in reply.answer
    discord = await BotCore(brain, answer=run_turn).handle_message(
        message("G-NOBODY", "hello?", platform="discord")
    )
    assert discord is not None and "`/connect`" in discord.answer


async def test_a_follow_up_in_a_thread_keeps_the_question(bound: tuple[Brain, str, str]) -> None:
    brain, _, team = bound
    core = BotCore(brain, answer=run_turn)
    asked = message(team, "who owns Fix Instagram token refresh?", mid="root", thread="root")
    await core.handle_message(asked)
    follow = message(team, "and since when?", thread="root")
    assert (await core.thread_question(follow)).startswith("who owns Fix Instagram token refresh?")
    elsewhere = message(team, "and since when?", thread="other-thread")
    assert await core.thread_question(elsewhere) == "and since when?"
    other_process = BotCore(brain, answer=run_turn)  # a follow-up may reach another serve
    assert (await other_process.thread_question(follow)).startswith("who owns Fix Instagram")


async def test_connect_creates_and_binds_but_never_takes_over_an_existing_brain(
    bound: tuple[Brain, str, str],
) -> None:
    brain, slug, _ = bound
    assert brain.registry is not None
    core = BotCore(brain, answer=run_turn)
    new_team = f"T{uuid.uuid4().hex[:8]}"
    name = f"acme-{uuid.uuid4().hex[:6]}"
    text = await core.connect("slack", new_team, user_id="UADMIN", name=name)
    assert name in text and await brain.registry.resolve("slack", new_team) == name
    assert "slack:UADMIN" in (await brain.registry.get(name)).settings["approvers"]
    thief = f"T{uuid.uuid4().hex[:8]}"
    refused = await core.connect("slack", thief, user_id="UX", slug=slug)
    assert "already exists" in refused and await brain.registry.resolve("slack", thief) is None


async def test_approvers_change_only_by_approvers_and_never_to_nobody(
    bound: tuple[Brain, str, str],
) -> None:
    brain, _, _ = bound
    assert brain.registry is not None
    core = BotCore(brain, answer=run_turn)
    team = f"T{uuid.uuid4().hex[:8]}"
    await core.connect("slack", team, user_id="UADMIN", name=f"appr-{uuid.uuid4().hex[:6]}")
    assert "Only" in await core.change_approvers("slack", team, "USTRANGER", add=["USTRANGER"])
    assert "slack:U2" in await core.change_approvers("slack", team, "UADMIN", add=["U2"])
    assert "nobody" in await core.change_approvers("slack", team, "UADMIN", remove=["UADMIN", "U2"])
    slug = await brain.registry.resolve("slack", team)
    assert slug is not None
    assert (await brain.registry.get(slug)).settings["approvers"] == ["slack:UADMIN", "slack:U2"]


async def test_an_outage_becomes_a_short_apology_with_an_error_id(tmp_path: object) -> None:
    driver = FalkorDriver(f"unix:///tmp/hivebrain-missing-{uuid.uuid4().hex}.sock")
    brain = Brain(BrainSettings(falkordb_url="unix:///unused"), driver=driver, embedder=None)
    brain.registry = Registry(driver)
    reply = await BotCore(brain, answer=run_turn).handle_message(message("T1", "anything"))
    assert reply is not None and reply.error_id and reply.error_id in reply.answer
    assert "Traceback" not in reply.answer and "redis" not in reply.answer.lower()
    await driver.close()


async def test_a_burst_from_one_tenant_does_not_starve_another() -> None:
    queue = TenantQueue(per_tenant=1, total=2)
    order: list[str] = []

    async def turn(tenant: str, name: str) -> None:
        async with queue.slot(tenant):
            await asyncio.sleep(0.02)
            order.append(name)

    burst = [asyncio.create_task(turn("busy", f"busy-{i}")) for i in range(6)]
    await asyncio.sleep(0.001)
    quiet = asyncio.create_task(turn("quiet", "quiet"))
    await asyncio.gather(*burst, quiet)
    assert len(order) == 7, "nothing is dropped"
    assert order.index("quiet") <= 1, f"the quiet tenant waited behind the burst: {order}"
    assert queue.waiting == {"busy": 0, "quiet": 0}


async def test_seen_events_forget_after_their_window() -> None:
    seen = SeenEvents(ttl_s=0.0)
    assert await seen.first_time("a")
    assert await seen.first_time("a"), "a zero window remembers nothing"
    lasting = SeenEvents(ttl_s=60)
    assert await lasting.first_time("b") and not await lasting.first_time("b")


async def test_one_delivery_sent_to_three_processes_at_once_is_answered_once(
    bound: tuple[Brain, str, str],
) -> None:
    brain, _, team = bound
    processes = [BotCore(brain, answer=run_turn) for _ in range(3)]
    delivery = message(team, "who owns Fix Instagram token refresh?", mid="retried-event")
    replies = await asyncio.gather(*(core.handle_message(delivery) for core in processes))
    answered = [r for r in replies if r is not None]
    assert len(answered) == 1, f"{len(answered)} processes answered one event"
    again = await processes[0].handle_message(delivery)  # a later retry, where it was claimed
    assert again is None
    fresh = message(team, "who owns Fix Instagram token refresh?", mid="a-new-event")
    assert await processes[2].handle_message(fresh) is not None
