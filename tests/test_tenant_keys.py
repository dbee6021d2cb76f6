"""A tenant's small server keys live in its graph's cluster slot, and older keys move there.

Every key a tenant's answers and writes touch (its settings, read stamps, vectors mark,
archive mark, write lock) carries the graph's name as its hash tag, so on a cluster a
tenant needs its own shard only (the failover itself is in tests/test_topologies.py).
Keys written before the tag are moved once at start, never over a newer value.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest_asyncio
from redis.crc import key_slot

from agents import TurnOptions, run_turn
from brain import Brain, BrainSettings, TenantGraph
from brain.db import EmbeddedServer
from tests.conftest import unique_slug
from tests.story import TASK, owner_facts

#: The one key of a tenant allowed elsewhere: its archive graph (read only when marked).
ARCHIVE_SUFFIX = "__archive"


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
    slug = unique_slug()
    await brain.create_tenant(slug)
    await brain.registry.update_settings(slug, {"timezone": "Europe/Dublin"})
    graph: TenantGraph = await brain.tenant(slug)
    await graph.write_facts(owner_facts(owner="Ines Moreau"))
    turn = await run_turn(graph, f"who owns {TASK}?", TurnOptions())
    assert "Ines Moreau" in turn.answer
    await graph.stamp_reads(["task-ig"])
    await brain.ingest_queue.request_vectors(slug)  # the "vectors still filling" mark
    await graph.archive.upkeep_write("archive probe", "CREATE (:ArchiveProbe)")
    assert await graph.has_archive()

    keys = await keys_of(brain, slug)
    home = key_slot(f"hb_{slug}".encode())
    elsewhere = [k for k in keys if key_slot(k.encode()) != home]
    assert elsewhere == [f"hb_{slug}{ARCHIVE_SUFFIX}"], keys
    assert len(keys) >= 5, keys  # graph, settings, stamps, vectors mark, archive mark


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
        await command("DEL", "hivebrain:keys:tenant-tagged")

    async with Brain(quiet) as second, Brain(quiet) as third:  # two starts at once: both move
        assert second.registry is not None and third.registry is not None
        moved = await second.registry.get(old)
        assert moved.settings == {"timezone": "Europe/Oslo", "digest_channel": "C9"}
        kept = await third.registry.get(newer)
        assert kept.settings == {"timezone": "Asia/Tokyo"}  # its newer value stayed
        assert await (await second.tenant(old)).read_stamps() == {"p-1": 1700000000000}
        assert await (await second.tenant(old)).has_archive()
        assert not await (await second.tenant(newer)).has_archive()
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
