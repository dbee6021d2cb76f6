"""A tenant's server keys live in its graph's cluster slot, and older keys move there.

Every key a tenant's answers and writes touch (its settings, read stamps, vectors mark,
archive mark, archive graph, write lock, the claims and thread notes of its events)
carries the graph's name as its hash tag, so on a cluster a tenant needs its own shard
only (the failover itself, and the archive copied across shards, are in
tests/test_topologies.py). Keys written before the tag are moved once at start, never over
a newer value; an archive graph under its old name is renamed, once, however many
processes start at once; notes, which cannot be moved, are still found at their old keys
until the last of them could have expired.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest_asyncio
from redis.crc import key_slot

from agents import TurnOptions, run_turn
from bots.core import BotCore, InboundMessage
from brain import Brain, BrainSettings, TenantGraph, now_ms
from brain.db import EmbeddedServer
from brain.upkeep import ARCHIVES_MOVED
from scheduler import run_lock_key
from tests.archives import archive_content, archived_tenant, plant_archive
from tests.conftest import unique_slug
from tests.story import TASK, owner_facts
from tests.test_archive_reach import PAST, _answers

#: What an archive graph's name ends in (``{hb_<slug>}`` before it now; ``hb_<slug>`` once).
ARCHIVE_SUFFIX = "__archive"
NOTES_TAGGED = "hivebrain:keys:notes-tagged"


def message(team: str, text: str, *, mid: str, thread: str | None = None) -> InboundMessage:
    return InboundMessage(
        platform="slack",
        workspace_id=team,
        channel_id="C1",
        thread_id=thread,
        user_id="U1",
        text=text,
        message_id=mid,
    )


async def keys_of(brain: Brain, slug: str) -> list[str]:
    found: list[str] = []
    cursor: Any = "0"
    while True:
        reply: Any = await brain.driver.command("SCAN", cursor, "MATCH", f"*{slug}*", "COUNT", 1000)
        cursor, batch = reply[0], cast(list[Any], reply[1])
        found += [k.decode() if isinstance(k, bytes) else str(k) for k in batch]
        if str(cursor) == "0":
            return sorted(set(found))


async def test_every_key_of_a_tenant_is_in_its_graphs_slot(quiet_brain: Brain) -> None:
    brain = quiet_brain
    assert brain.registry is not None
    slug, team = unique_slug(), f"T{unique_slug()[2:].upper()}"
    await brain.create_tenant(slug)
    await brain.registry.bind(slug, "slack", team)
    await brain.registry.update_settings(slug, {"timezone": "Europe/Dublin"})
    graph: TenantGraph = await brain.tenant(slug)
    await graph.write_facts(owner_facts(owner="Ines Moreau"))
    turn = await run_turn(graph, f"who owns {TASK}?", TurnOptions())
    assert "Ines Moreau" in turn.answer
    await graph.stamp_reads(["task-ig"])
    await brain.ingest_queue.request_vectors(slug)  # the "vectors still filling" mark
    await graph.archive.upkeep_write("archive probe", "CREATE (:ArchiveProbe)")
    assert await graph.has_archive()
    # a chat question in a thread: its delivery's claim and the thread's question
    core = BotCore(brain, answer=run_turn)
    asked = message(team, f"who owns {TASK}?", mid="m-keys", thread="C1:1.0")
    reply = await core.handle_message(asked)
    assert reply is not None and "Ines Moreau" in reply.answer

    keys = await keys_of(brain, slug)
    home = key_slot(f"hb_{slug}".encode())
    elsewhere = [k for k in keys if key_slot(k.encode()) != home]
    assert elsewhere == [], keys
    assert f"{{hb_{slug}}}{ARCHIVE_SUFFIX}" in keys
    notes = [k for k in keys if k.startswith(f"hivebrain:note:{{hb_{slug}}}:")]
    assert {k.split(":")[3] for k in notes} == {"event", "thread"}, notes
    assert len(keys) >= 8, keys  # graph, settings, stamps, vectors and archive marks,
    # archive graph, event claim, thread note
    # a scheduled run's lock (held while it runs; the runner takes this very key, as
    # test_leader's stolen-lock test shows) is in the tenant's slot too
    assert key_slot(run_lock_key(slug, "weekly_digest", "2026-W49").encode()) == home


@pytest_asyncio.fixture(loop_scope="session")
async def own_url(tmp_path: Path) -> AsyncIterator[str]:
    server = EmbeddedServer(tmp_path / "falkordb")
    url = await server.ensure_running()
    try:
        yield url
    finally:
        await server.stop()


async def test_untagged_keys_move_once_and_never_over_newer_values(own_url: str) -> None:
    quiet = BrainSettings(falkordb_url=own_url, hivebrain_embeddings=False)
    async with Brain(quiet) as first:
        assert first.registry is not None
        old, newer = unique_slug(), unique_slug()
        for slug in (old, newer):
            await first.create_tenant(slug)
        await first.registry.update_settings(newer, {"timezone": "Asia/Tokyo"})
        command = first.driver.command
        # what a registry wrote before the tag: untagged settings and read stamps
        for slug, zone in ((old, "Europe/Oslo"), (newer, "America/Lima")):
            await command(
                "HSET",
                f"hivebrain:value:settings:{slug}",
                "stamp",
                "4",
                "value",
                f'{{"timezone": "{zone}", "digest_channel": "C9"}}',
            )
        await command("HSET", f"hivebrain:reads:hb_{old}", "p-1", "1700000000000")
        await command("GRAPH.QUERY", f"hb_{old}{ARCHIVE_SUFFIX}", "CREATE (:Archived)")
        await command("DEL", "hivebrain:keys:tenant-tagged", ARCHIVES_MOVED)

    async with Brain(quiet) as second, Brain(quiet) as third:  # two starts at once: both move
        assert second.registry is not None and third.registry is not None
        moved = await second.registry.get(old)
        assert moved.settings == {"timezone": "Europe/Oslo", "digest_channel": "C9"}
        kept = await third.registry.get(newer)
        assert kept.settings == {"timezone": "Asia/Tokyo"}  # its newer value stayed
        assert await (await second.tenant(old)).read_stamps() == {"p-1": 1700000000000}
        assert await (await second.tenant(old)).has_archive()
        assert not await (await second.tenant(newer)).has_archive()
        assert await second.driver.command("EXISTS", f"{{hb_{old}}}{ARCHIVE_SUFFIX}")
        assert not await second.driver.command("EXISTS", f"hb_{old}{ARCHIVE_SUFFIX}")
        for key in (
            f"hivebrain:value:settings:{old}",
            f"hivebrain:value:settings:{newer}",
            f"hivebrain:reads:hb_{old}",
        ):
            assert not await second.driver.command("EXISTS", key), key
        # the moved value goes on changing by compare-and-set from where it was
        await asyncio.gather(
            second.registry.update_settings(old, {"a": 1}),
            third.registry.update_settings(old, {"b": 2}),
        )
        assert (await second.registry.get(old)).settings == {
            "timezone": "Europe/Oslo",
            "digest_channel": "C9",
            "a": 1,
            "b": 2,
        }


async def test_an_archive_under_its_old_name_is_renamed_once_and_reads_the_same(
    own_url: str,
) -> None:
    quiet = BrainSettings(falkordb_url=own_url, hivebrain_embeddings=False)
    async with Brain(quiet) as first:
        slug, clash = unique_slug(), unique_slug()
        graph = await archived_tenant(first, slug)
        new, old = f"{{hb_{slug}}}{ARCHIVE_SUFFIX}", f"hb_{slug}{ARCHIVE_SUFFIX}"
        content = await archive_content(first.driver, new)
        assert content[1], "the archive job moved no facts"
        past = await _answers(graph, PAST)
        # what the version before left: the archive under its own name, not yet moved
        assert await first.driver.command("RENAME", new, old)
        # and a tenant whose old archive sits beside a new one no move made
        await archived_tenant(first, clash)
        clash_content = await archive_content(first.driver, f"{{hb_{clash}}}{ARCHIVE_SUFFIX}")
        stray = json.dumps([["Entity"], {"id": "stray-old", "name": "written by an old process"}])
        await plant_archive(first.driver, f"hb_{clash}{ARCHIVE_SUFFIX}", ([stray], []))
        await first.driver.command("DEL", ARCHIVES_MOVED)

    second, third = Brain(quiet), Brain(quiet)
    await asyncio.gather(second.start(), third.start())  # two starts at once: one move
    try:
        listed = {g.decode() if isinstance(g, bytes) else str(g) for g in
                  await second.driver.command("GRAPH.LIST")}  # fmt: skip
        assert new in listed and old not in listed
        assert await archive_content(second.driver, new) == content
        assert await _answers(await third.tenant(slug), PAST) == past
        assert await (await third.tenant(slug)).has_archive()
        # the clash is left as it was: the old graph kept, the new one untouched
        assert f"hb_{clash}{ARCHIVE_SUFFIX}" in listed
        assert await archive_content(second.driver, f"{{hb_{clash}}}{ARCHIVE_SUFFIX}") == (
            clash_content
        )
        assert await second.driver.command("EXISTS", ARCHIVES_MOVED)
        await second.erase_tenant(clash)  # both of its archives go with it
        listed = {g.decode() if isinstance(g, bytes) else str(g) for g in
                  await second.driver.command("GRAPH.LIST")}  # fmt: skip
        assert not {f"hb_{clash}{ARCHIVE_SUFFIX}", f"{{hb_{clash}}}{ARCHIVE_SUFFIX}"} & listed
    finally:
        await second.close()
        await third.close()


async def test_notes_from_before_the_tag_are_found_until_they_could_have_expired(
    own_url: str,
) -> None:
    from brain._notes import digest_key

    # the kinds bots.core notes a delivery's claim and a thread's question under, and how
    # long a thread's question is kept
    EVENT_NOTE, THREAD_NOTE, THREAD_KEEP_S = "event", "thread", 7 * 24 * 3600  # noqa: N806

    quiet = BrainSettings(falkordb_url=own_url, hivebrain_embeddings=False)
    async with Brain(quiet) as first:
        assert first.registry is not None and first.registry.notes_tagged_at == 0  # new server
        slug, team = unique_slug(), f"T{unique_slug()[2:].upper()}"
        await first.create_tenant(slug)
        await first.registry.bind(slug, "slack", team)
        await (await first.tenant(slug)).write_facts(owner_facts(owner="Ines Moreau"))
        command = first.driver.command
        # what an older process noted just before the upgrade, under the untagged keys: a
        # delivery it claimed (and answered), and a thread's question
        claimed = f"hivebrain:note:{EVENT_NOTE}:{digest_key(f'slack:{team}:m-old')}"
        await command("SET", claimed, "1", "EX", 600)
        thread = f"hivebrain:note:{THREAD_NOTE}:{digest_key('slack', team, 'C1:9.0')}"
        await command("SET", thread, '{"question": "who owns Fix Instagram token refresh?"}')
        await command("DEL", NOTES_TAGGED)  # as on a server the older version ran

    async with Brain(quiet) as upgraded:
        assert upgraded.registry is not None
        assert abs(upgraded.registry.notes_tagged_at - now_ms()) < 60_000
        core = BotCore(upgraded, answer=run_turn)
        # the redelivery the old process answered is not answered again
        assert await core.handle_message(message(team, f"who owns {TASK}?", mid="m-old")) is None
        follow = message(team, "and since when?", mid="m-new", thread="C1:9.0")
        assert (await core.thread_question(follow)).startswith("who owns Fix Instagram")
        fresh = await core.handle_message(message(team, f"who owns {TASK}?", mid="m-fresh"))
        assert fresh is not None and "Ines Moreau" in fresh.answer
        tagged = f"hivebrain:note:{{hb_{slug}}}:{EVENT_NOTE}:{digest_key(f'slack:{team}:m-fresh')}"
        assert await upgraded.driver.command("EXISTS", tagged)
        assert not await upgraded.driver.command(
            "EXISTS", f"hivebrain:note:{EVENT_NOTE}:{digest_key(f'slack:{team}:m-fresh')}"
        )
        # once the longest-lived old note could have expired, no old key is read
        stamp = now_ms() - (THREAD_KEEP_S + 60) * 1000
        await upgraded.driver.command("SET", NOTES_TAGGED, str(stamp))

    async with Brain(quiet) as later:
        core = BotCore(later, answer=run_turn)
        assert await core.thread_question(follow) == "and since when?"
