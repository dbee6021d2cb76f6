"""PageRank and topic groups over current edges, against a real FalkorDB."""

from __future__ import annotations

import uuid
from typing import Any

import numpy as np
import pytest
import pytest_asyncio

from brain import Brain, InputInvalid, TenantGraph, now_ms, parse_moment
from brain.reads import EXCLUDED_TYPES, clear_cache, pagerank, propagate_labels, rank, topics
from brain.reads import _snapshots as pathfinder
from brain.schema import ASSISTANT_TYPES, SEARCHABLE_TYPES

DAY = "2026-01-01"
WHILE_OPEN = parse_moment("2026-03-01")
CLOSED_AT = "2026-06-01"


def node(node_type: str, node_id: str, name: str) -> dict[str, Any]:
    return {"node": {"type": node_type, "id": node_id, "name": name, "src": "t", "asOf": DAY}}


def edge(a: str, rel: str, b: str, *, until: str | None = None) -> dict[str, Any]:
    fact: dict[str, Any] = {"from": a, "type": rel, "to": b, "since": DAY, "src": "t", "asOf": DAY}
    if until:
        fact["until"] = until
    return {"edge": fact}


# Cluster one: five services lean on the token; six used to lean on an old token until
# June. Cluster two, apart from it: tasks that depend on one tool.
SERVICES = [f"svc-{c}" for c in "abcdef"]
FACTS: list[dict[str, Any]] = [
    node("Account", "acc-token", "Instagram token"),
    node("Account", "acc-old", "Old Facebook token"),
    *(node("Service", s, f"Service {s[-1].upper()}") for s in SERVICES),
    *(edge(s, "DEPENDS_ON", "acc-token") for s in SERVICES[:5]),
    *(edge(s, "DEPENDS_ON", "acc-old", until=CLOSED_AT) for s in SERVICES),
    edge("svc-f", "DEPENDS_ON", "svc-a"),
    node("Tool", "tool-sheets", "Sheets"),
    *(node("Task", f"task-{i}", f"Task {i}") for i in range(1, 5)),
    *(edge(f"task-{i}", "DEPENDS_ON", "tool-sheets") for i in range(1, 5)),
    edge("task-2", "DEPENDS_ON", "task-1"),
]


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


async def fresh(brain: Brain, facts: list[dict[str, Any]] | None = None) -> TenantGraph:
    slug = f"rk-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    if facts:
        # the seeds include the assistant's own records (a Turn): written as the assistant
        report = await graph.write_facts(list(enumerate(facts, 1)), origin="assistant")
        assert report.refused == 0, report.refusals
    return graph


@pytest_asyncio.fixture(loop_scope="session")
async def business(brain: Brain) -> TenantGraph:
    clear_cache()
    return await fresh(brain, FACTS)


def ids(result: Any) -> list[str]:
    return [r["id"] for r in result.data["ranking"]]


# --- the algorithms alone ----------------------------------------------------------------


def test_pagerank_gives_the_pointed_at_node_most_and_sums_to_one() -> None:
    src = np.array([0, 1, 2, 3], dtype=np.int64)
    dst = np.array([4, 4, 4, 0], dtype=np.int64)
    scores = pagerank(5, src, dst)
    assert int(np.argmax(scores)) == 4
    assert scores.sum() == pytest.approx(1.0)
    assert scores[0] > scores[1] == pytest.approx(scores[2])


def test_labels_split_disconnected_parts_and_are_deterministic() -> None:
    # a star 0..4 around 2, and a chain 5-6-7
    src = np.array([0, 1, 3, 4, 5, 6], dtype=np.int64)
    dst = np.array([2, 2, 2, 2, 6, 7], dtype=np.int64)
    labels = propagate_labels(8, src, dst)
    assert len(set(labels[:5].tolist())) == 1
    assert len(set(labels[5:].tolist())) == 1
    assert labels[0] != labels[5]
    assert np.array_equal(labels, propagate_labels(8, src, dst))


def test_ranked_graph_leaves_out_the_assistants_own_records() -> None:
    assert set(EXCLUDED_TYPES) == ASSISTANT_TYPES | {"Version", "Observation", "Chunk"}
    assert not set(EXCLUDED_TYPES) & SEARCHABLE_TYPES


# --- rank ---------------------------------------------------------------------------------


async def test_hub_that_many_depend_on_ranks_first(business: TenantGraph) -> None:
    res = await rank(business, as_of_ms=now_ms(), limit=5)
    assert res.tool == "rank" and res.found
    assert ids(res)[0] == "acc-token"
    assert res.data["ranking"][0] == {
        "id": "acc-token",
        "type": "Account",
        "name": "Instagram token",
        "score": res.data["ranking"][0]["score"],
    }
    assert res.data["nodes_ranked"] == 13
    assert res.data["edges_used"] == 11  # 5 + 1 + 4 + 1; the six closed ones do not count
    assert res.evidence.node_ids == ids(res)


async def test_closed_edges_count_only_while_they_were_open(business: TenantGraph) -> None:
    now = await rank(business, as_of_ms=now_ms(), limit=20)
    ranking = now.data["ranking"]
    old = next(r for r in ranking if r["id"] == "acc-old")
    assert old["score"] == min(r["score"] for r in ranking)
    then = await rank(business, as_of_ms=WHILE_OPEN, limit=20)
    ranked = ids(then)
    assert ranked.index("acc-old") < ranked.index("acc-token") <= 2
    assert then.data["ranking"][ranked.index("acc-old")]["score"] > 3 * old["score"]
    assert then.as_of == "2026-03-01"
    assert then.data["edges_used"] == 17


async def test_types_keep_only_those_types(business: TenantGraph) -> None:
    res = await rank(business, as_of_ms=now_ms(), types=["Service"], limit=3)
    assert ids(res)[0] == "svc-a"  # svc-f depends on it
    assert {r["type"] for r in res.data["ranking"]} == {"Service"}
    with pytest.raises(InputInvalid):
        await rank(business, as_of_ms=now_ms(), types=["Turn"])


async def test_empty_graph_ranks_nothing_and_says_so(brain: Brain) -> None:
    graph = await fresh(brain)
    res = await rank(graph, as_of_ms=now_ms())
    assert res.found and res.message
    assert res.data["ranking"] == [] and res.data["nodes_ranked"] == 0
    groups = await topics(graph, as_of_ms=now_ms())
    assert groups.found and groups.message and groups.data["groups"] == []


# --- topics -------------------------------------------------------------------------------


async def test_two_clusters_make_two_groups_with_stable_ids(business: TenantGraph) -> None:
    first = await topics(business, as_of_ms=now_ms())
    groups = first.data["groups"]
    assert [g["group"] for g in groups] == ["acc-token", "tool-sheets"]
    assert [g["size"] for g in groups] == [7, 5]  # acc-old has no current edge: alone
    assert groups[0]["label"] == "Service: Instagram token"
    assert groups[1]["label"] == "Task: Sheets"
    assert groups[0]["members"][0] == {
        "id": "acc-token",
        "type": "Account",
        "name": "Instagram token",
    }
    assert first.tool == "topics" and not first.data["cached"]
    again = await topics(business, as_of_ms=now_ms())
    assert again.data["cached"] and again.data["groups"] == groups
    clear_cache()
    rebuilt = await topics(business, as_of_ms=now_ms())
    assert not rebuilt.data["cached"] and rebuilt.data["groups"] == groups
    assert set(first.evidence.node_ids) == {m["id"] for g in groups for m in g["members"]}


async def test_min_size_and_limit(business: TenantGraph) -> None:
    res = await topics(business, as_of_ms=now_ms(), limit=1, min_size=6)
    assert [g["group"] for g in res.data["groups"]] == ["acc-token"]
    none = await topics(business, as_of_ms=now_ms(), min_size=50)
    assert none.data["groups"] == [] and none.message


# --- the cache ----------------------------------------------------------------------------


async def test_a_write_invalidates_the_cache(business: TenantGraph) -> None:
    assert not (await rank(business, as_of_ms=now_ms())).data["cached"]
    assert (await rank(business, as_of_ms=now_ms())).data["cached"]
    past = await rank(business, as_of_ms=WHILE_OPEN)
    assert not past.data["cached"]  # a past moment has its own slot
    await business.write_facts(
        [(1, node("Service", "svc-g", "Service G")), (2, edge("svc-g", "DEPENDS_ON", "svc-a"))]
    )
    after = await rank(business, as_of_ms=now_ms())
    assert not after.data["cached"]
    assert after.data["edges_used"] == 12
    assert (await rank(business, as_of_ms=now_ms())).data["cached"]


async def test_write_stamp_follows_generation(business: TenantGraph) -> None:
    generation, last_write = await business.write_stamp()
    assert generation == await business.generation() > 0
    assert last_write is not None


async def test_paged_fetch_gives_the_same_answer(
    business: TenantGraph, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = await rank(business, as_of_ms=WHILE_OPEN, limit=20)
    clear_cache()
    monkeypatch.setattr(pathfinder, "ID_PAGE", 3)  # many pages of three internal ids each
    paged = await rank(business, as_of_ms=WHILE_OPEN, limit=20)
    assert not paged.data["cached"]
    assert paged.data["ranking"] == whole.data["ranking"]
    assert paged.data["edges_used"] == whole.data["edges_used"] == 17


async def test_assistant_records_and_versions_stay_out(brain: Brain) -> None:
    facts = [
        *FACTS[:3],
        node("Task", "task-x", "Fix token"),
        node("Turn", "turn-1", "what breaks?"),
        edge("turn-1", "CITES", "acc-token"),
        edge("task-x", "DEPENDS_ON", "acc-token"),
    ]
    graph = await fresh(brain, facts)
    # a second state of the task leaves a Version node behind, with a VERSION_OF edge
    later = node("Task", "task-x", "Fix token refresh")
    later["node"]["asOf"] = "2026-02-01"
    await graph.write_facts([(1, later)])
    res = await rank(graph, as_of_ms=now_ms())
    assert res.data["nodes_ranked"] == 4  # two accounts, a service, the task
    assert res.data["edges_used"] == 1
    assert not {"turn-1"} & set(ids(res))


async def test_sample_nodes_mark_the_answer(brain: Brain) -> None:
    facts = [
        {"node": {**node("Account", "acc-s", "Token")["node"], "src": "sample:x", "sample": True}},
        node("Service", "svc-s", "Shop"),
        edge("svc-s", "DEPENDS_ON", "acc-s"),
    ]
    res = await rank(await fresh(brain, facts), as_of_ms=now_ms())
    assert res.sample and ids(res)[0] == "acc-s"
    assert res.newest_as_of == DAY
