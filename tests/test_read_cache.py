"""One cache for path, walk and rank snapshots: a write makes all of them stale, one clear
forgets all of them. Against a real FalkorDB."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from brain import Brain, TenantGraph, now_ms
from brain.reads import cache_counts, clear_cache, path, rank, what_breaks

DAY = "2026-01-01"


def node(node_type: str, node_id: str, name: str) -> dict[str, Any]:
    return {"node": {"type": node_type, "id": node_id, "name": name, "src": "t", "asOf": DAY}}


def edge(a: str, rel: str, b: str) -> dict[str, Any]:
    return {"edge": {"from": a, "type": rel, "to": b, "since": DAY, "src": "t", "asOf": DAY}}


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """No embeddings: nothing here searches by meaning."""
    return quiet_brain


async def tenant(brain: Brain, facts: list[dict[str, Any]]) -> TenantGraph:
    slug = f"cache-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals
    return graph


FACTS = [
    node("Tool", "tool-sheets", "Sheets"),
    node("Task", "task-1", "Weekly report"),
    node("Task", "task-2", "Stock count"),
    edge("task-1", "DEPENDS_ON", "tool-sheets"),
]


async def read_all(graph: TenantGraph) -> tuple[list[dict[str, Any]], list[str], int]:
    """The path from task-2 to the tool, what breaks without the tool, the edges ranked."""
    t = now_ms()
    joined = (await path(graph, ["task-2", "tool-sheets"], as_of_ms=t)).data["pairs"]
    broken = await what_breaks(graph, "tool-sheets", as_of_ms=t)
    hit = [i["id"] for hop in broken.data["by_hop"] for i in hop["items"]]
    ranked = (await rank(graph, as_of_ms=t)).data["edges_used"]
    return joined, hit, ranked


async def test_a_write_makes_paths_walks_and_ranks_stale_alike(brain: Brain) -> None:
    graph = await tenant(brain, FACTS)
    joined, hit, ranked = await read_all(graph)
    assert joined[0]["how"] == "none" and hit == ["task-1"] and ranked == 1
    # what_breaks walks each of its three relationship types on its own copy
    assert cache_counts(graph) == {"paths": 1, "walks": 3, "ranks": 1, "archive horizon": 1}
    assert await read_all(graph) == (joined, hit, ranked)  # served from the cache
    # task-2 now reaches the tool through a new task: a two-hop path, a second dependant
    await graph.write_facts(
        list(
            enumerate(
                [
                    node("Task", "task-3", "Price list"),
                    edge("task-2", "DEPENDS_ON", "task-3"),
                    edge("task-3", "DEPENDS_ON", "tool-sheets"),
                ],
                1,
            )
        )
    )
    joined, hit, ranked = await read_all(graph)
    assert joined[0]["how"] == "path" and joined[0]["hops"] == 2
    assert hit == ["task-1", "task-3", "task-2"] and ranked == 3
    # the entries from before the write are gone, not just unreachable
    assert cache_counts(graph) == {"paths": 1, "walks": 3, "ranks": 1, "archive horizon": 1}


async def test_one_clear_forgets_every_kind(brain: Brain) -> None:
    graph = await tenant(brain, FACTS)
    await read_all(graph)
    assert set(cache_counts(graph)) == {"paths", "walks", "ranks", "archive horizon"}
    clear_cache()
    assert cache_counts() == {}
    assert not (await rank(graph, as_of_ms=now_ms())).data["cached"]
