"""The gated, two-clock write path by example, against a real FalkorDB.

Each test gets an empty tenant (``new_tenant``) and tells one story: an owner change, a
tie, a stated end, each kind of refusal, a versioned Task, a reading, a merged Person,
and a big batch that must land exactly as the same facts written one by one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest

from brain import TenantGraph, WriteReport, parse_moment
from brain.schema import CLOSED_COST, OPEN_COST

LOST_REASON = "lost a tie: a newer source named another holder"


def node(
    node_type: str, node_id: str, *, as_of: str = "2026-08-01", src: str = "setup", **props: Any
) -> dict[str, Any]:
    return {"node": {"type": node_type, "id": node_id, "src": src, "asOf": as_of, **props}}


def edge(
    from_id: str,
    rel: str,
    to_id: str,
    since: str,
    *,
    as_of: str | None = None,
    src: str = "chat",
    until: str | None = None,
    **props: Any,
) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "from": from_id,
        "type": rel,
        "to": to_id,
        "since": since,
        "src": src,
        "asOf": as_of or since,
        **props,
    }
    if until is not None:
        raw["until"] = until
    return {"edge": raw}


async def write(graph: TenantGraph, facts: Iterable[dict[str, Any]]) -> WriteReport:
    return await graph.write_facts(list(enumerate(facts, 1)))


READ_OWNERS = """
MATCH (p:Entity)-[e:OWNS]->(:Entity {id: $task})
RETURN p.id, properties(e)
ORDER BY e.since, p.id
LIMIT 100
"""


async def owners(graph: TenantGraph, task: str) -> dict[tuple[str, int], dict[str, Any]]:
    """Every OWNS edge into a task, keyed by (holder, since)."""
    res = await graph.ro_query("test owners", READ_OWNERS, {"task": task})
    return {(holder, props["since"]): props for holder, props in res.rows}


READ_CURRENT_OWNER = """
MATCH (p:Entity)-[e:OWNS]->(:Entity {id: $task})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t) AND NOT coalesce(e.lost, false)
RETURN p.id
LIMIT 10
"""


async def current_owners(graph: TenantGraph, task: str, at: str) -> list[str]:
    res = await graph.ro_query(
        "test current owner", READ_CURRENT_OWNER, {"task": task, "t": parse_moment(at)}
    )
    return sorted(r[0] for r in res.rows)


def day(text: str) -> int:
    return parse_moment(text)


PEOPLE = [
    node("Person", "founder", name="Asha Founder"),
    node("Person", "priya", name="Priya Raman"),
    node("Person", "ravi", name="Ravi Kumar"),
    node("Person", "ops", name="Ops Desk"),
    node("Task", "task-roast", name="Roast schedule"),
]


# --- one-holder slots: the owner story ------------------------------------------------------


async def test_new_owner_closes_the_old_one_in_the_same_write(new_tenant: TenantGraph) -> None:
    await write(new_tenant, PEOPLE)
    first = await write(new_tenant, [edge("founder", "OWNS", "task-roast", "2026-08-20")])
    assert (first.created, first.closed) == (1, 0)

    second = await write(new_tenant, [edge("priya", "OWNS", "task-roast", "2026-10-05")])

    assert (second.created, second.closed) == (1, 1)
    held = await owners(new_tenant, "task-roast")
    founder = held[("founder", day("2026-08-20"))]
    assert founder["until"] == day("2026-10-05")
    assert founder["closeReason"] == "next holder"
    assert founder["closedCost"] == CLOSED_COST
    assert founder["retiredAt"] >= founder["recordedAt"]
    assert founder.get("untilStated") is None, "nobody stated an end; the next holder cut it"
    priya = held[("priya", day("2026-10-05"))]
    assert priya.get("until") is None and priya["closedCost"] == OPEN_COST
    assert priya.get("closeReason") is None and priya.get("retiredAt") is None
    assert await current_owners(new_tenant, "task-roast", "2026-09-01") == ["founder"]
    assert await current_owners(new_tenant, "task-roast", "2026-10-05") == ["priya"]
    assert await current_owners(new_tenant, "task-roast", "2026-08-19") == []


async def test_late_fact_is_stored_already_closed(new_tenant: TenantGraph) -> None:
    await write(new_tenant, PEOPLE)
    await write(
        new_tenant,
        [
            edge("founder", "OWNS", "task-roast", "2026-08-20"),
            edge("priya", "OWNS", "task-roast", "2026-10-05"),
        ],
    )

    # learned late: Ravi held it in between, and Ops before anyone
    late = await write(
        new_tenant,
        [
            edge("ravi", "OWNS", "task-roast", "2026-09-01", as_of="2026-11-01"),
            edge("ops", "OWNS", "task-roast", "2026-07-01", as_of="2026-11-01"),
        ],
    )

    assert late.created == 2
    held = await owners(new_tenant, "task-roast")
    assert len(held) == 4
    ravi = held[("ravi", day("2026-09-01"))]
    assert ravi["until"] == day("2026-10-05") and ravi["closeReason"] == "next holder"
    assert ravi["closedCost"] == CLOSED_COST
    ops = held[("ops", day("2026-07-01"))]
    assert ops["until"] == day("2026-08-20") and ops["closeReason"] == "next holder"
    founder = held[("founder", day("2026-08-20"))]
    assert founder["until"] == day("2026-09-01"), "the late holder cut the founder's interval"
    assert held[("priya", day("2026-10-05"))].get("until") is None, "the current holder stays"
    assert await current_owners(new_tenant, "task-roast", "2026-12-01") == ["priya"]
    assert await current_owners(new_tenant, "task-roast", "2026-09-15") == ["ravi"]


@pytest.mark.parametrize("newer_first", [True, False], ids=["newer-first", "older-first"])
async def test_equal_since_later_as_of_wins(new_tenant: TenantGraph, newer_first: bool) -> None:
    await write(new_tenant, PEOPLE)
    older = edge("ravi", "OWNS", "task-roast", "2026-09-01", as_of="2026-09-02", src="crm")
    newer = edge("priya", "OWNS", "task-roast", "2026-09-01", as_of="2026-09-10", src="standup")
    for fact in [newer, older] if newer_first else [older, newer]:
        await write(new_tenant, [fact])

    held = await owners(new_tenant, "task-roast")
    winner = held[("priya", day("2026-09-01"))]
    loser = held[("ravi", day("2026-09-01"))]
    assert winner["lost"] is False and winner.get("until") is None
    assert loser["lost"] is True
    assert loser["until"] == loser["since"], "a lost tie is never current"
    assert loser["closeReason"] == LOST_REASON
    assert loser["closedCost"] == CLOSED_COST
    assert await current_owners(new_tenant, "task-roast", "2026-09-05") == ["priya"]


async def test_explicit_until_closes_the_open_edge(new_tenant: TenantGraph) -> None:
    await write(new_tenant, [node("Service", "checkout"), node("Account", "stripe-key")])
    await write(new_tenant, [edge("checkout", "DEPENDS_ON", "stripe-key", "2026-08-01")])

    report = await write(
        new_tenant,
        [
            edge(
                "checkout", "DEPENDS_ON", "stripe-key", "2026-08-01",
                until="2026-10-01", as_of="2026-10-02", src="ops-log",
            )
        ],
    )  # fmt: skip

    assert (report.created, report.closed) == (0, 1)
    res = await new_tenant.ro_query(
        "t", "MATCH (:Service)-[e:DEPENDS_ON]->(:Account) RETURN properties(e) LIMIT 10"
    )
    assert len(res.rows) == 1, "closing never adds or deletes an edge"
    props = res.rows[0][0]
    assert props["until"] == props["untilStated"] == day("2026-10-01")
    assert props["closeReason"] == "stated" and props["closedCost"] == CLOSED_COST
    assert (props["endSrc"], props["endAsOf"]) == ("ops-log", day("2026-10-02"))
    assert props["src"] == "ops-log", "a newer source corroborating the edge takes over src"


@pytest.mark.parametrize("newer_first", [True, False], ids=["newer-first", "older-first"])
async def test_older_stated_end_never_overrules_a_newer_one(
    new_tenant: TenantGraph, newer_first: bool
) -> None:
    await write(new_tenant, [node("Service", "checkout"), node("Account", "stripe-key")])
    newer = edge(
        "checkout", "DEPENDS_ON", "stripe-key", "2026-08-01",
        until="2026-12-01", as_of="2026-11-20", src="new-runbook",
    )  # fmt: skip
    older = edge(
        "checkout", "DEPENDS_ON", "stripe-key", "2026-08-01",
        until="2026-10-15", as_of="2026-09-01", src="old-runbook",
    )  # fmt: skip
    for fact in [newer, older] if newer_first else [older, newer]:
        await write(new_tenant, [fact])

    res = await new_tenant.ro_query(
        "t", "MATCH (:Service)-[e:DEPENDS_ON]->(:Account) RETURN properties(e) LIMIT 10"
    )
    assert len(res.rows) == 1
    props = res.rows[0][0]
    assert props["untilStated"] == props["until"] == day("2026-12-01")
    assert props["endSrc"] == "new-runbook" and props["endAsOf"] == day("2026-11-20")
    assert props["src"] == "new-runbook" and props["asOf"] == day("2026-11-20")


# --- the gate ----------------------------------------------------------------------------------

TO_TASK = {"from": "priya", "type": "OWNS", "to": "task-roast"}

# (fact, phrases its refusal must contain)
REFUSED_CASES: list[tuple[dict[str, Any], list[str]]] = [
    (node("Tsak", "x1", name="typo"), ["unknown node type 'Tsak'", "did you mean 'Task'"]),
    (
        edge("priya", "OWNZ", "task-roast", "2026-09-01"),
        ["unknown relationship type 'OWNZ'", "did you mean 'OWNS'"],
    ),
    (
        edge("task-roast", "OWNS", "priya", "2026-09-01"),
        ["(Task)-[:OWNS]->(Person) is not an allowed pattern", "OWNS is allowed from"],
    ),
    ({"node": {"type": "Task", "id": "no-src", "asOf": "2026-09-01"}}, ["has no 'src'"]),
    ({"node": {"type": "Task", "id": "no-asof", "src": "chat"}}, ["has no 'asOf'"]),
    ({"edge": {**TO_TASK, "asOf": "2026-09-01"}}, ["has no 'src'"]),
    ({"edge": {**TO_TASK, "src": "chat", "since": "2026-09-01"}}, ["has no 'asOf'"]),
    ({"edge": {**TO_TASK, "src": "chat", "asOf": "2026-09-01"}}, ["has no 'since'"]),
    (
        edge("priya", "OWNS", "task-roast", "2026-09-01", until="2026-08-01"),
        ["'until' must be after 'since'"],
    ),
    (edge("priya", "OWNS", "ghost", "2026-09-01"), ["no node 'ghost' in this brain"]),
    (node("Task", "nested", name="n", meta={"a": 1}), ["'meta' is a dict"]),
    (node("Metric", "orders", name="Orders"), ["aggregation", "'sum'", "'mean'"]),
    (node("Observation", "orders-w1", value=12), ["needs its window", "'start'", "'end'"]),
]


async def test_each_refusal_names_the_problem_and_good_facts_still_land(
    new_tenant: TenantGraph,
) -> None:
    good_before = [*PEOPLE, node("Metric", "revenue", name="Revenue", aggregation="sum")]
    bad = [fact for fact, _ in REFUSED_CASES]
    good_after = [edge("priya", "OWNS", "task-roast", "2026-09-01")]
    facts = [*good_before, *bad, *good_after]

    report = await write(new_tenant, facts)

    assert report.refused == len(REFUSED_CASES)
    reasons = dict(report.refusals)
    for offset, (fact, phrases) in enumerate(REFUSED_CASES):
        line = len(good_before) + offset + 1
        assert line in reasons, f"line {line} ({fact}) was not refused"
        for phrase in phrases:
            assert phrase in reasons[line], f"line {line}: {reasons[line]!r} lacks {phrase!r}"
    assert report.created == len(good_before) + len(good_after)
    assert await current_owners(new_tenant, "task-roast", "2026-09-02") == ["priya"]

    total, logged = await new_tenant.refusals(limit=100)
    assert total == len(REFUSED_CASES)
    assert sorted(r["line"] for r in logged) == sorted(reasons)
    assert {r["reason"] for r in logged} == set(reasons.values())
    assert all(json.loads(r["fact"]) for r in logged), "each refusal keeps the fact it refused"
    res = await new_tenant.ro_query(
        "t", "MATCH (n:Entity) WHERE n.id IN $ids RETURN n.id LIMIT 10",
        {"ids": ["x1", "no-src", "no-asof", "nested", "orders", "orders-w1", "ghost"]},
    )  # fmt: skip
    assert res.rows == [], "no refused node was written"


async def test_a_fact_that_is_neither_node_nor_edge_is_refused(new_tenant: TenantGraph) -> None:
    report = await write(new_tenant, [{"thing": {"id": "x"}}, node("Task", "ok", name="ok")])
    assert report.refusals == [(1, 'a fact is {"node": {...}} or {"edge": {...}}')]
    assert report.created == 1


# --- nodes: versions, readings, entity resolution ---------------------------------------------

READ_VERSIONS = """
MATCH (v:Version)-[r:VERSION_OF]->(t:Entity {id: $id})
RETURN v.id, v.state, v.asOf, properties(r)
ORDER BY v.asOf
LIMIT 100
"""


async def test_task_keeps_old_state_as_a_version(new_tenant: TenantGraph) -> None:
    await write(
        new_tenant,
        [node("Task", "task-roast", name="Roast schedule", status="open", as_of="2026-10-01")],
    )

    newer = await write(
        new_tenant,
        [node("Task", "task-roast", name="Roast schedule", status="done", as_of="2026-10-10")],
    )
    older = await write(
        new_tenant,
        [node("Task", "task-roast", name="Roast schedule", status="blocked", as_of="2026-09-01")],
    )

    assert (newer.updated, newer.created) == (1, 0)
    assert (older.updated, older.versions) == (0, 1)
    res = await new_tenant.ro_query(
        "t", "MATCH (t:Task {id: 'task-roast'}) RETURN t.status, t.asOf LIMIT 1"
    )
    assert res.rows == [["done", day("2026-10-10")]], "an older fact never overwrites"
    versions = (await new_tenant.ro_query("t", READ_VERSIONS, {"id": "task-roast"})).rows
    assert [(v_id, json.loads(state)["status"]) for v_id, state, _, _ in versions] == [
        (f"task-roast@{day('2026-09-01')}", "blocked"),
        (f"task-roast@{day('2026-10-01')}", "open"),
    ]
    for _, _, as_of, rel in versions:
        assert rel["since"] == as_of and rel["closedCost"] == OPEN_COST
    hop = await new_tenant.ro_query(
        "t",
        "MATCH p = (:Version)-[*1]-(:Task {id: 'task-roast'}) RETURN count(p) LIMIT 1",
    )
    assert hop.scalar() == 2, "each version is one hop from its task"

    again = await write(
        new_tenant,
        [node("Task", "task-roast", name="Roast schedule", status="done", as_of="2026-10-10")],
    )
    assert (again.unchanged, again.updated, again.versions) == (1, 0, 0)


async def test_observations_are_never_overwritten(new_tenant: TenantGraph) -> None:
    reading = {"value": 120, "start": "2026-10-01", "end": "2026-10-08"}
    await write(new_tenant, [node("Observation", "orders-w40", as_of="2026-10-08", **reading)])

    changed_later = {**reading, "value": 150}
    report = await write(
        new_tenant,
        [
            node("Observation", "orders-w40", as_of="2026-10-09", **changed_later),
            node("Observation", "orders-w40", as_of="2026-10-08", **changed_later),
            node("Observation", "orders-w40", as_of="2026-10-08", **reading),
        ],
    )

    assert [line for line, _ in report.refusals] == [1, 2]
    assert all("never overwritten" in reason for _, reason in report.refusals)
    assert report.unchanged == 1, "the same reading again is a replay"
    res = await new_tenant.ro_query(
        "t", "MATCH (o:Observation {id: 'orders-w40'}) RETURN o.value, o.start, o.end LIMIT 5"
    )
    assert res.rows == [[120, day("2026-10-01"), day("2026-10-08")]]


async def test_same_person_by_email_or_name_is_merged(new_tenant: TenantGraph) -> None:
    await write(
        new_tenant,
        [
            node("Person", "p-priya", name="Priya Raman", email="priya@ember.coffee"),
            node("Task", "task-roast", name="Roast schedule"),
            node("Task", "task-beans", name="Order beans"),
        ],
    )

    report = await write(
        new_tenant,
        [
            node("Person", "slack-U123", name="P. R.", email="  Priya@Ember.Coffee "),
            node("Person", "priya-from-sheet", name="priya  RAMAN!"),
            edge("slack-U123", "OWNS", "task-roast", "2026-09-01"),
        ],
    )
    later = await write(new_tenant, [edge("priya-from-sheet", "OWNS", "task-beans", "2026-09-05")])

    assert report.aliases == 2 and report.created == 1 and report.refused == 0
    assert later.created == 1 and later.refused == 0
    people = await new_tenant.ro_query(
        "t", "MATCH (p:Person) RETURN p.id, p.aliases, p.email LIMIT 10"
    )
    assert len(people.rows) == 1, "no new node for the same person"
    person_id, aliases, email = people.rows[0]
    assert person_id == "p-priya" and email == "priya@ember.coffee"
    assert sorted(aliases) == ["priya-from-sheet", "slack-U123"]
    assert await current_owners(new_tenant, "task-roast", "2026-09-02") == ["p-priya"]
    assert await current_owners(new_tenant, "task-beans", "2026-09-06") == ["p-priya"]


async def test_a_different_person_is_not_merged(new_tenant: TenantGraph) -> None:
    await write(new_tenant, [node("Person", "p1", name="Priya Raman", email="priya@a.com")])
    report = await write(
        new_tenant, [node("Person", "p2", name="Priya Rao", email="priya.rao@a.com")]
    )
    assert (report.created, report.aliases) == (1, 0)


# --- a big batch lands exactly like the same facts one by one ----------------------------------

READ_ALL_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
RETURN a.id, type(e), b.id, e.since, e.until, e.untilStated, e.lost, e.src, e.asOf,
  e.endSrc, e.endAsOf, e.closeReason, e.closedCost
ORDER BY a.id, type(e), b.id, e.since
LIMIT 100000
"""


def big_batch(seed: int = 7) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """3,000 edge facts over 300 slots: 150 Task OWNS slots and 150 DEPENDS_ON pairs."""
    rng = random.Random(seed)
    persons = [f"person-{i}" for i in range(20)]
    tasks = [f"task-{i}" for i in range(150)]
    services = [f"svc-{i}" for i in range(30)]
    accounts = [f"acct-{i}" for i in range(5)]
    nodes = [
        *(node("Person", p, name=f"Person number {p}") for p in persons),
        *(node("Task", t, name=t) for t in tasks),
        *(node("Service", s, name=s) for s in services),
        *(node("Account", a, name=a) for a in accounts),
    ]
    months = [f"2026-{m:02d}-01" for m in range(1, 13)]
    pairs = [(s, a) for s in services for a in accounts]
    edges: list[dict[str, Any]] = []
    for slot in range(300):
        for _ in range(10):
            since_i = rng.randrange(11)
            until = months[rng.randrange(since_i + 1, 12)] if rng.random() < 0.2 else None
            kw = {
                "as_of": f"2026-{rng.randrange(1, 13):02d}-15",
                "src": rng.choice(["chat", "crm", "sheet"]),
                "until": until,
            }
            if slot < 150:
                edges.append(
                    edge(rng.choice(persons[:6]), "OWNS", tasks[slot], months[since_i], **kw)
                )
            else:
                s, a = pairs[slot - 150]
                edges.append(edge(s, "DEPENDS_ON", a, months[since_i], **kw))
    return nodes, edges


async def test_big_batch_equals_one_by_one(brain_tenants: tuple[TenantGraph, TenantGraph]) -> None:
    batched, single = brain_tenants
    nodes, edges = big_batch()
    assert len(edges) == 3_000

    await write(batched, nodes)
    report = await write(batched, edges)
    await write(single, nodes)
    for n, fact in enumerate(edges, 1):
        await single.write_facts([(n, fact)])

    assert report.refused == 0
    assert report.created + report.updated + report.unchanged + report.closed >= 3_000
    in_batch = (await batched.ro_query("t", READ_ALL_EDGES, timeout_ms=30_000)).rows
    one_by_one = (await single.ro_query("t", READ_ALL_EDGES, timeout_ms=30_000)).rows
    assert len(in_batch) == report.created
    assert in_batch == one_by_one
    slots = {(r[1], r[2]) if r[1] == "OWNS" else (r[1], r[0], r[2]) for r in in_batch}
    assert len(slots) == 300


@pytest.fixture
async def brain_tenants(brain: Any) -> tuple[TenantGraph, TenantGraph]:
    import uuid

    graphs = []
    for _ in range(2):
        slug = f"t-{uuid.uuid4().hex[:8]}"
        await brain.create_tenant(slug)
        graphs.append(await brain.tenant(slug))
    return graphs[0], graphs[1]


async def test_the_assistants_own_records_do_not_move_the_generation(
    new_tenant: TenantGraph,
) -> None:
    """Caches of the business's records survive a saved turn, and only that."""
    graph = new_tenant
    person = {"type": "Person", "id": "p-gen", "name": "Gen", "src": "t", "asOf": "2026-01-01"}
    await graph.write_facts([(1, {"node": person})])
    before = await graph.generation()
    turn = {"type": "Turn", "id": "turn-gen", "name": "who?", "src": "t", "asOf": "2026-01-02"}
    cites = {
        "from": "turn-gen",
        "type": "CITES",
        "to": "p-gen",
        "since": "2026-01-02",
        "src": "t",
        "asOf": "2026-01-02",
    }
    report = await graph.write_facts(
        [(1, {"node": turn}), (2, {"edge": cites})], origin="assistant"
    )
    assert report.created == 2 and await graph.generation() == before
    task = {"type": "Task", "id": "task-gen", "name": "Gen task", "src": "t", "asOf": "2026-01-02"}
    await graph.write_facts([(1, {"node": task})])
    assert await graph.generation() == before + 1
