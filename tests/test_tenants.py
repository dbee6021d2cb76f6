"""Tenants: the registry, bindings, isolation between tenant graphs, stats and indexes.

All against the session's real FalkorDB; every test makes tenants with fresh slugs.
"""

from __future__ import annotations

import inspect
import uuid
from typing import Any

import pytest

from brain import (
    Brain,
    InputInvalid,
    InvalidSlug,
    QueryRefused,
    TenantExists,
    TenantGraph,
    TenantUnknown,
    parse_moment,
    tenant_stats,
    validate_slug,
)
from brain._tenants import graph_name


def fresh_slug() -> str:
    return f"t-{uuid.uuid4().hex[:8]}"


def node(node_type: str, node_id: str, **props: Any) -> dict[str, Any]:
    return {
        "node": {"type": node_type, "id": node_id, "src": "setup", "asOf": "2025-01-01", **props}
    }


def edge(from_id: str, rel: str, to_id: str, since: str, **extra: Any) -> dict[str, Any]:
    return {
        "edge": {"from": from_id, "type": rel, "to": to_id, "since": since, "src": "chat",
                 "asOf": since, **extra}
    }  # fmt: skip


async def write(graph: TenantGraph, facts: list[dict[str, Any]]) -> None:
    report = await graph.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals


async def graph_names(brain: Brain) -> set[str]:
    raw = await brain.driver.command("GRAPH.LIST")
    return {g.decode() if isinstance(g, bytes) else g for g in raw}


# --- slugs and the registry ------------------------------------------------------------------

GOOD_SLUGS = ["acme", "ab", "acme-coffee", "a1", "ember-and-oak-2", "x" * 40]
BAD_SLUGS = [
    "",
    "a",  # too short
    "x" * 41,  # too long
    "Acme",  # upper case
    "1acme",  # starts with a digit
    "-acme",
    "acme-",
    "acme--coffee",
    "acme_coffee",
    "hb_acme",  # a graph name, not a slug
    "hb__registry",
    "acme coffee",
    "acme/../registry",
    "acme'}) DETACH DELETE n //",
    "acmé",
]


@pytest.mark.parametrize("slug", GOOD_SLUGS)
def test_good_slugs_pass(slug: str) -> None:
    assert validate_slug(slug) == slug
    assert graph_name(slug) == f"hb_{slug}"


@pytest.mark.parametrize("slug", BAD_SLUGS)
def test_bad_slugs_are_refused_with_the_rule(slug: str) -> None:
    with pytest.raises(InvalidSlug) as caught:
        validate_slug(slug)
    assert "lowercase letters, digits and dashes" in str(caught.value)
    assert caught.value.user_message and "{" not in caught.value.user_message


@pytest.mark.parametrize("slug", ["hb_acme", "Acme", "a", "acme'})"])
async def test_brain_refuses_bad_slugs_everywhere(brain: Brain, slug: str) -> None:
    with pytest.raises(InvalidSlug):
        await brain.create_tenant(slug)
    with pytest.raises(InvalidSlug):
        await brain.tenant(slug)
    with pytest.raises(InvalidSlug):
        await brain.erase_tenant(slug)


async def test_create_list_get(brain: Brain) -> None:
    assert brain.registry is not None
    first, second = sorted([fresh_slug(), fresh_slug()])
    made = await brain.create_tenant(first, name="Ember & Oak")
    await brain.create_tenant(second)

    assert made.slug == first and made.name == "Ember & Oak"
    assert made.settings == {} and made.bindings == []
    got = await brain.registry.get(second)
    assert got.name == second, "the name defaults to the slug"
    listed = [t.slug for t in await brain.registry.list()]
    assert listed == sorted(listed)
    assert {first, second} <= set(listed)
    assert await brain.registry.exists(first)
    assert not await brain.registry.exists(fresh_slug())
    assert made.as_dict()["created_at"]


async def test_creating_a_taken_slug_raises_tenant_exists(brain: Brain) -> None:
    slug = fresh_slug()
    await brain.create_tenant(slug, name="first")
    with pytest.raises(TenantExists) as caught:
        await brain.create_tenant(slug, name="second")
    assert slug in str(caught.value)
    assert brain.registry is not None
    assert (await brain.registry.get(slug)).name == "first", "the first one is untouched"


async def test_unknown_tenant_raises_tenant_unknown(brain: Brain) -> None:
    slug = fresh_slug()
    assert brain.registry is not None
    with pytest.raises(TenantUnknown) as caught:
        await brain.tenant(slug)
    assert f"hivebrain tenant create {slug}" in str(caught.value)
    assert "hivebrain" not in caught.value.user_message.replace("/hivebrain", "")
    with pytest.raises(TenantUnknown):
        await brain.registry.get(slug)
    with pytest.raises(TenantUnknown):
        await brain.erase_tenant(slug)
    with pytest.raises(TenantUnknown):
        await brain.registry.bind(slug, "slack", "T-NOPE")


async def test_bind_resolve_and_rebind(brain: Brain) -> None:
    assert brain.registry is not None
    a, b = fresh_slug(), fresh_slug()
    await brain.create_tenant(a)
    await brain.create_tenant(b)
    team = f"T{uuid.uuid4().hex[:8].upper()}"
    guild = str(uuid.uuid4().int)[:18]

    await brain.registry.bind(a, "slack", team)
    await brain.registry.bind(a, "discord", guild)

    assert await brain.registry.resolve("slack", team) == a
    assert await brain.registry.resolve("discord", guild) == a
    assert await brain.registry.resolve("discord", team) is None, "platforms do not mix"
    assert await brain.registry.resolve("slack", "T-UNBOUND") is None
    handle = await brain.tenant_for("slack", team)
    assert handle is not None and handle.slug == a
    assert await brain.tenant_for("slack", "T-UNBOUND") is None
    assert sorted((await brain.registry.get(a)).bindings) == [("discord", guild), ("slack", team)]

    await brain.registry.bind(b, "slack", team)

    assert await brain.registry.resolve("slack", team) == b
    assert (await brain.registry.get(a)).bindings == [("discord", guild)]
    assert (await brain.registry.get(b)).bindings == [("slack", team)]
    await brain.registry.bind(b, "slack", team)  # binding again changes nothing
    assert (await brain.registry.get(b)).bindings == [("slack", team)]


@pytest.mark.parametrize(
    ("platform", "external_id", "phrase"),
    [("teams", "X1", "unknown platform"), ("slack", "", "1-64"), ("slack", "x" * 65, "1-64")],
)
async def test_bad_bindings_are_refused(
    brain: Brain, platform: str, external_id: str, phrase: str
) -> None:
    assert brain.registry is not None
    slug = fresh_slug()
    await brain.create_tenant(slug)
    with pytest.raises(InputInvalid, match=phrase):
        await brain.registry.bind(slug, platform, external_id)
    assert (await brain.registry.get(slug)).bindings == []


async def test_settings_update_merges_and_removes(brain: Brain) -> None:
    assert brain.registry is not None
    slug = fresh_slug()
    await brain.create_tenant(slug)

    merged = await brain.registry.update_settings(
        slug, {"digest_channel": "C042", "timezone": "Asia/Kolkata", "approvers": ["U1", "U2"]}
    )
    assert merged == {
        "digest_channel": "C042",
        "timezone": "Asia/Kolkata",
        "approvers": ["U1", "U2"],
    }
    after = await brain.registry.update_settings(slug, {"timezone": None, "digest_channel": "C7"})

    assert after == {"digest_channel": "C7", "approvers": ["U1", "U2"]}
    assert (await brain.registry.get(slug)).settings == after
    with pytest.raises(TenantUnknown):
        await brain.registry.update_settings(fresh_slug(), {"x": 1})


# --- isolation -------------------------------------------------------------------------------

SHARED_FACTS = [
    node("Person", "priya", name="Priya"),
    node("Task", "task-1", name="Roast schedule"),
    edge("priya", "OWNS", "task-1", "2025-02-01"),
]


async def test_tenants_with_the_same_ids_never_see_each_other(brain: Brain) -> None:
    a_slug, b_slug = fresh_slug(), fresh_slug()
    await brain.create_tenant(a_slug)
    await brain.create_tenant(b_slug)
    a, b = await brain.tenant(a_slug), await brain.tenant(b_slug)

    await write(a, SHARED_FACTS)
    await write(a, [node("Service", "only-in-a", name="Checkout")])
    await write(b, [{**f} for f in SHARED_FACTS])
    await write(b, [node("Task", "task-1", name="Renamed in b", src="b", asOf="2025-03-01")])

    ids_a = await a.ro_query("t", "MATCH (n) RETURN n.id ORDER BY n.id LIMIT 100")
    ids_b = await b.ro_query("t", "MATCH (n) RETURN n.id ORDER BY n.id LIMIT 100")
    assert [r[0] for r in ids_a.rows if r[0]] == ["only-in-a", "priya", "task-1"]
    version = f"task-1@{parse_moment('2025-01-01')}"  # b's rename kept the old state
    assert [r[0] for r in ids_b.rows if r[0]] == ["priya", "task-1", version]
    names = await a.ro_query("t", "MATCH (t:Task) RETURN t.name LIMIT 10")
    assert names.rows == [["Roast schedule"]], "b's update did not reach a"
    stats_a, stats_b = await tenant_stats(a), await tenant_stats(b)
    assert stats_a.nodes_by_type == {"Person": 1, "Service": 1, "Task": 1}
    assert stats_b.nodes_by_type == {"Person": 1, "Task": 1, "Version": 1}
    assert stats_a.edges_by_type == {"OWNS": {"open": 1, "closed": 0, "total": 1}}
    assert stats_b.edges == 2
    edges_b = await b.ro_query("t", "MATCH ()-[e]->() RETURN type(e) ORDER BY type(e) LIMIT 10")
    assert edges_b.rows == [["OWNS"], ["VERSION_OF"]]
    refused = await b.write_facts([(1, edge("priya", "OWNS", "only-in-a", "2025-02-01"))])
    assert refused.refused == 1 and "no node 'only-in-a'" in refused.refusals[0][1]


async def test_a_handle_comes_only_from_brain_tenant(brain: Brain) -> None:
    # Brain.tenant takes a slug and nothing else; no public TenantGraph method takes a graph.
    assert list(inspect.signature(Brain.tenant).parameters) == ["self", "slug"]
    for name, member in inspect.getmembers(TenantGraph, inspect.isfunction):
        if name.startswith("_"):
            continue
        params = set(inspect.signature(member).parameters)
        assert not params & {"graph", "graph_name", "key"}, f"TenantGraph.{name} takes a graph"

    # a graph that exists on the server but is not a registered tenant is not reachable
    ghost = fresh_slug()
    await brain.driver.query(graph_name(ghost), "t", "CREATE (:Entity {id: 'secret'})")
    try:
        with pytest.raises(TenantUnknown):
            await brain.tenant(ghost)
        assert await brain.tenant_for("slack", graph_name(ghost)) is None
    finally:
        await brain.driver.command("GRAPH.DELETE", graph_name(ghost))


async def test_ro_query_refuses_writes(new_tenant: TenantGraph) -> None:
    with pytest.raises(QueryRefused) as caught:
        await new_tenant.ro_query("sneaky", "CREATE (:Entity {id: 'x', type: 'Task'})")
    assert "sneaky" in str(caught.value)
    with pytest.raises(QueryRefused):
        await new_tenant.ro_query("sneaky", "MERGE (n:Entity {id: 'y'}) RETURN n")
    res = await new_tenant.ro_query("t", "MATCH (n:Entity) RETURN count(n) LIMIT 1")
    assert res.scalar() == 0


async def test_erase_removes_graph_registry_entry_and_bindings(brain: Brain) -> None:
    assert brain.registry is not None
    slug = fresh_slug()
    await brain.create_tenant(slug)
    await write(await brain.tenant(slug), SHARED_FACTS)
    team = f"T{uuid.uuid4().hex[:8].upper()}"
    await brain.registry.bind(slug, "slack", team)
    assert graph_name(slug) in await graph_names(brain)

    await brain.erase_tenant(slug)

    assert graph_name(slug) not in await graph_names(brain)
    assert not await brain.registry.exists(slug)
    assert await brain.registry.resolve("slack", team) is None
    with pytest.raises(TenantUnknown):
        await brain.tenant(slug)

    await brain.create_tenant(slug)  # the slug is free again, and the new graph is empty
    again = await brain.tenant(slug)
    assert (await tenant_stats(again)).nodes == 0


# --- stats, indexes and constraints ----------------------------------------------------------


async def test_stats_of_a_small_tenant(new_tenant: TenantGraph) -> None:
    facts = [
        node("Person", "asha", name="Asha"),
        node("Person", "priya", name="Priya"),
        node("Person", "ravi", name="Ravi"),
        node("Task", "task-1", name="Roast schedule", status="open"),
        node("Service", "checkout", name="Checkout"),
        node("Account", "stripe", name="Stripe key"),
        edge("asha", "OWNS", "task-1", "2025-01-10"),
        edge("priya", "OWNS", "task-1", "2025-03-01"),
        edge("checkout", "DEPENDS_ON", "stripe", "2025-01-01"),
        edge("ravi", "USES", "stripe", "2025-01-01", until="2025-02-01"),
        {"node": {"type": "Nope", "id": "x"}},
    ]
    report = await new_tenant.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 1
    await write(new_tenant, [node("Task", "task-1", name="Roast schedule", status="done",
                                  asOf="2025-04-01")])  # fmt: skip

    stats = await tenant_stats(new_tenant)

    assert stats.nodes_by_type == {
        "Account": 1, "Person": 3, "Service": 1, "Task": 1, "Version": 1,
    }  # fmt: skip
    assert stats.edges_by_type == {
        "DEPENDS_ON": {"open": 1, "closed": 0, "total": 1},
        "OWNS": {"open": 1, "closed": 1, "total": 2},
        "USES": {"open": 0, "closed": 1, "total": 1},
        "VERSION_OF": {"open": 1, "closed": 0, "total": 1},
    }
    assert (stats.nodes, stats.edges, stats.open_edges) == (7, 5, 3)
    assert stats.refusals == 1
    # GRAPH.MEMORY USAGE reports whole megabytes, so a tenant this small reads 0
    assert isinstance(stats.memory_mb, float) and 0 <= stats.memory_mb < 5
    assert stats.generation >= 2
    shown = stats.as_dict()
    assert shown["closed_edges"] == 2 and shown["slug"] == new_tenant.slug


EXPECTED_INDEXES = {
    ("Entity", "id", "RANGE"),
    ("Entity", "type", "RANGE"),
    ("Person", "nameKey", "RANGE"),
    ("Person", "email", "RANGE"),
    ("Searchable", "name", "FULLTEXT"),
    ("Searchable", "text", "FULLTEXT"),
    ("Searchable", "summary", "FULLTEXT"),
    ("SearchableVector", "embedding", "VECTOR"),
    ("Chunk", "text", "FULLTEXT"),
    ("ChunkVector", "embedding", "VECTOR"),
}

READ_INDEXES = (
    "CALL db.indexes() YIELD label, properties, types, status "
    "RETURN label, properties, types, status"
)
READ_CONSTRAINTS = (
    "CALL db.constraints() YIELD type, label, properties, status "
    "RETURN type, label, properties, status"
)


async def test_indexes_and_constraints_are_operational(new_tenant: TenantGraph) -> None:
    indexes = (await new_tenant.ro_query("t", READ_INDEXES)).rows
    assert indexes and all(status == "OPERATIONAL" for *_, status in indexes), indexes
    present = {
        (label, prop, kind)
        for label, props, types, _ in indexes
        for prop in props
        for kind in types[prop]
    }
    assert present >= EXPECTED_INDEXES
    # a vector index on a full-text label would change its full-text scores
    assert not {("Searchable", "embedding", "VECTOR"), ("Chunk", "embedding", "VECTOR")} & present
    constraints = (await new_tenant.ro_query("t", READ_CONSTRAINTS)).rows
    assert sorted(constraints) == [
        ["MANDATORY", "Entity", ["id"], "OPERATIONAL"],
        ["UNIQUE", "Entity", ["id"], "OPERATIONAL"],
    ]


async def test_unique_and_mandatory_id_are_enforced(brain: Brain) -> None:
    slug = fresh_slug()
    await brain.create_tenant(slug)
    await brain.tenant(slug)
    graph = graph_name(slug)
    await brain.driver.query(graph, "t", "CREATE (:Entity:Task {id: 'dup', type: 'Task'})")

    with pytest.raises(QueryRefused, match="(?i)unique"):
        await brain.driver.query(graph, "t", "CREATE (:Entity:Person {id: 'dup', type: 'Person'})")
    with pytest.raises(QueryRefused, match="(?i)mandatory"):
        await brain.driver.query(graph, "t", "CREATE (:Entity:Task {type: 'Task'})")
    res = await brain.driver.ro_query(graph, "t", "MATCH (n:Entity) RETURN n.id, n.type LIMIT 10")
    assert res.rows == [["dup", "Task"]]


async def test_handles_are_ready_before_they_are_handed_out(brain: Brain) -> None:
    """A tenant created elsewhere (no cached readiness) still gets operational indexes."""
    slug = fresh_slug()
    await brain.create_tenant(slug)
    other = Brain(brain.settings)
    await other.start()
    try:
        graph = await other.tenant(slug)
        indexes = (await graph.ro_query("t", READ_INDEXES)).rows
        assert indexes and {s for *_, s in indexes} == {"OPERATIONAL"}
    finally:
        await other.close()


async def test_a_tenant_made_again_after_another_process_erased_it_gets_its_indexes(
    brain: Brain,
) -> None:
    """This process knows the slug's indexes were built; another erased the graph since."""
    slug = fresh_slug()
    await brain.create_tenant(slug)
    await brain.tenant(slug)
    other = Brain(brain.settings)
    await other.start()
    try:
        await other.erase_tenant(slug)
    finally:
        await other.close()

    await brain.create_tenant(slug)

    graph = await brain.tenant(slug)
    indexes = (await graph.ro_query("t", READ_INDEXES)).rows
    present = {(label, prop, kind) for label, props, types, _ in indexes for prop in props
               for kind in types[prop]}  # fmt: skip
    assert present >= EXPECTED_INDEXES
    assert {s for *_, s in indexes} == {"OPERATIONAL"}
