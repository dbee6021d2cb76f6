"""Property tests of the two-clock edge write (brain/edges.py) against a real FalkorDB.

Each example writes a small set of facts over three slots: one one-holder slot (several
Persons competing to OWN one Task) and two ordinary pairs (two Services DEPENDS_ON one
Account). Dates, sources and source dates come from small pools so that ties, replays,
late facts and competing stated ends happen often. Every example gets its own node ids
(a fresh prefix) in one tenant per test, so examples never see each other's edges.
"""

from __future__ import annotations

import itertools
import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brain import Brain, TenantGraph, WriteReport, format_moment, parse_moment
from brain.schema import CLOSED_COST, OPEN_COST

SINCE_DATES = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"]
UNTIL_DATES = [*SINCE_DATES[1:], "2026-06-01"]
AS_OF_DATES = ["2026-01-15", "2026-03-15", "2026-05-15", "2026-07-15"]
SOURCES = ["chat", "crm", "sheet"]
PERSONS = ["p1", "p2", "p3"]
SERVICES = ["s1", "s2"]
TASK = "t1"
ACCOUNT = "a1"
DAY = "2026-01-01"
LOST_REASON = "lost a tie: a newer source named another holder"

PROFILE = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@dataclass(frozen=True)
class Fact:
    """One generated edge fact, with ids before prefixing."""

    from_id: str
    rel: str
    to_id: str
    since: str
    until: str | None
    as_of: str
    src: str

    def edge(self, prefix: str) -> dict[str, Any]:
        raw: dict[str, Any] = {
            "from": prefix + self.from_id,
            "type": self.rel,
            "to": prefix + self.to_id,
            "since": self.since,
            "src": self.src,
            "asOf": self.as_of,
        }
        if self.until is not None:
            raw["until"] = self.until
        return {"edge": raw}


@st.composite
def facts_st(draw: st.DrawFn) -> Fact:
    owns = draw(st.booleans())
    since = draw(st.sampled_from(SINCE_DATES))
    later = [d for d in UNTIL_DATES if d > since]
    until = draw(st.one_of(st.none(), st.sampled_from(later)))
    if owns:
        from_id, rel, to_id = draw(st.sampled_from(PERSONS)), "OWNS", TASK
    else:
        from_id, rel, to_id = draw(st.sampled_from(SERVICES)), "DEPENDS_ON", ACCOUNT
    return Fact(
        from_id=from_id,
        rel=rel,
        to_id=to_id,
        since=since,
        until=until,
        as_of=draw(st.sampled_from(AS_OF_DATES)),
        src=draw(st.sampled_from(SOURCES)),
    )


batches = st.lists(facts_st(), min_size=1, max_size=9)


def node_facts(prefix: str) -> list[tuple[int, dict[str, Any]]]:
    nodes = [
        *(("Person", p) for p in PERSONS),
        ("Task", TASK),
        *(("Service", s) for s in SERVICES),
        ("Account", ACCOUNT),
    ]
    return [
        # names carry the prefix too: Persons with the same name would be merged
        (
            n,
            {
                "node": {
                    "type": t,
                    "id": prefix + i,
                    "name": prefix + i,
                    "src": "setup",
                    "asOf": DAY,
                }
            },
        )
        for n, (t, i) in enumerate(nodes, 1)
    ]


def fresh_prefix() -> str:
    return f"x{uuid.uuid4().hex[:10]}-"


async def load(
    graph: TenantGraph,
    prefix: str,
    facts: list[Fact],
    *,
    one_by_one: bool = False,
    with_nodes: bool = False,
) -> list[WriteReport]:
    """Write the nodes, then the facts: as one batch, or one ``write_facts`` call each.

    ``with_nodes``: nodes and facts in one batch, so each slot's first fact goes through
    the create-only statement for slots whose owning end the batch just created.
    """
    edges = [(n, f.edge(prefix)) for n, f in enumerate(facts, 1)]
    if with_nodes:
        shifted = [(n + len(edges), fact) for n, fact in node_facts(prefix)]
        return [await graph.write_facts([*shifted, *edges])]
    await graph.write_facts(node_facts(prefix))
    if one_by_one:
        return [await graph.write_facts([e]) for e in edges]
    return [await graph.write_facts(edges)]


READ_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE a.id STARTS WITH $prefix
RETURN a.id, type(e), b.id, properties(e)
LIMIT 10000
"""

MEANING = (
    "since",
    "until",
    "untilStated",
    "lost",
    "src",
    "asOf",
    "endSrc",
    "endAsOf",
    "closeReason",
    "closedCost",
)


async def edges_of(graph: TenantGraph, prefix: str) -> list[dict[str, Any]]:
    """Every edge among one example's nodes, ids without the prefix."""
    res = await graph.ro_query("test edges", READ_EDGES, {"prefix": prefix})
    cut = len(prefix)
    return [{"from": a[cut:], "type": rel, "to": b[cut:], **props} for a, rel, b, props in res.rows]


def projection(edges: list[dict[str, Any]], keys: tuple[str, ...] = MEANING) -> list[tuple]:
    """A canonical, sorted view of the edges (wall-clock record times left out by default)."""
    return sorted((e["from"], e["type"], e["to"], *(repr(e.get(k)) for k in keys)) for e in edges)


# --- the rules, computed in plain Python from the set of facts ------------------------------


def expected_edges(facts: list[Fact]) -> list[dict[str, Any]]:
    """What edges.py's docstring says the slot must hold, derived from the facts alone."""
    keyed: dict[tuple[tuple[str, ...], str, str, int], list[Fact]] = defaultdict(list)
    for f in facts:
        slot = (f.rel, f.to_id) if f.rel == "OWNS" else (f.rel, f.from_id, f.to_id)
        keyed[(slot, f.from_id, f.to_id, parse_moment(f.since))].append(f)
    edges: dict[tuple, dict[str, Any]] = {}
    for (slot, from_id, to_id, since), group in keyed.items():
        best = max(group, key=lambda f: (parse_moment(f.as_of), f.src))
        edge: dict[str, Any] = {
            "slot": slot,
            "from": from_id,
            "type": slot[0],
            "to": to_id,
            "holder": from_id,
            "since": since,
            "src": best.src,
            "asOf": parse_moment(best.as_of),
            "untilStated": None,
            "endSrc": None,
            "endAsOf": None,
        }
        ends = [f for f in group if f.until is not None]
        if ends:
            # newest stated end wins; at equal dates the earlier end, then the larger source
            end = max(ends, key=lambda f: (parse_moment(f.as_of), -parse_moment(f.until), f.src))
            edge["untilStated"] = parse_moment(end.until)
            edge["endSrc"] = end.src
            edge["endAsOf"] = parse_moment(end.as_of)
        edges[(slot, from_id, to_id, since)] = edge
    by_slot: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
    for edge in edges.values():
        by_slot[edge["slot"]].append(edge)
    for slot_edges in by_slot.values():
        winners: dict[int, dict[str, Any]] = {}
        for edge in slot_edges:
            held = winners.get(edge["since"])
            if held is None or (edge["asOf"], edge["holder"]) > (held["asOf"], held["holder"]):
                winners[edge["since"]] = edge
        starts = sorted(winners)
        for edge in slot_edges:
            edge["lost"] = winners[edge["since"]] is not edge
            if edge["lost"]:
                edge["until"], edge["closeReason"] = edge["since"], LOST_REASON
                continue
            nxt = next((s for s in starts if s > edge["since"]), None)
            ends = [x for x in (edge["untilStated"], nxt) if x is not None]
            edge["until"] = min(ends) if ends else None
            if edge["until"] is None:
                edge["closeReason"] = None
            elif edge["until"] == edge["untilStated"]:
                edge["closeReason"] = "stated"
            else:
                edge["closeReason"] = "next holder"
    for edge in edges.values():
        edge["closedCost"] = OPEN_COST if edge["until"] is None else CLOSED_COST
    return list(edges.values())


def describe(facts: list[Fact]) -> str:
    return "\n".join(
        f"  ({f.from_id})-[:{f.rel}]->({f.to_id}) since {f.since} until {f.until} "
        f"asOf {f.as_of} src {f.src}"
        for f in facts
    )


def show(edges: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"  ({e['from']})-[:{e['type']}]->({e['to']}) since {format_moment(e['since'])} "
        f"until {format_moment(e.get('until'))} lost {e.get('lost')} src {e.get('src')} "
        f"asOf {format_moment(e.get('asOf'))} stated {format_moment(e.get('untilStated'))} "
        f"endSrc {e.get('endSrc')} reason {e.get('closeReason')}"
        for e in sorted(edges, key=lambda e: (e["type"], e["to"], e["since"], e["from"]))
    )


# --- fixtures --------------------------------------------------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph(brain: Brain) -> TenantGraph:
    """One tenant for this module; each example isolates itself with fresh node ids."""
    slug = f"t-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


# --- properties ------------------------------------------------------------------------------


@PROFILE
@given(facts=batches, data=st.data())
async def test_arrival_order_never_changes_the_graph(
    graph: TenantGraph, facts: list[Fact], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(facts), label="permutation")
    first, second, single, together = (fresh_prefix() for _ in range(4))
    await load(graph, first, facts)
    [report] = await load(graph, second, shuffled)
    await load(graph, single, facts, one_by_one=True)
    [fresh] = await load(graph, together, shuffled, with_nodes=True)
    in_order = projection(await edges_of(graph, first))
    assert in_order, "the facts wrote no edges at all"
    assert projection(await edges_of(graph, second)) == in_order, (
        f"order changed the graph; facts:\n{describe(facts)}\nshuffled:\n{describe(shuffled)}"
    )
    assert projection(await edges_of(graph, single)) == in_order, (
        f"one call per fact differs from one batch; facts:\n{describe(facts)}"
    )
    assert projection(await edges_of(graph, together)) == in_order, (
        f"nodes and facts in one batch differ; facts:\n{describe(shuffled)}"
    )
    # the same counts as the same order written into nodes that were already there
    counts = ("created", "updated", "closed", "unchanged")
    assert [
        getattr(fresh, k) - (len(PERSONS) + len(SERVICES) + 2) * (k == "created") for k in counts
    ] == [getattr(report, k) for k in counts]


@PROFILE
@given(facts=batches)
async def test_replaying_a_batch_adds_and_changes_nothing(
    graph: TenantGraph, facts: list[Fact]
) -> None:
    prefix = fresh_prefix()
    await load(graph, prefix, facts)
    every_key = (*MEANING, "recordedAt", "retiredAt")
    before = projection(await edges_of(graph, prefix), every_key)
    generation = await graph.generation()

    [report] = await load(graph, prefix, facts)

    assert projection(await edges_of(graph, prefix), every_key) == before
    assert (report.created, report.updated, report.closed, report.refused) == (0, 0, 0, 0)
    assert report.unchanged == len(facts)
    assert await graph.generation() == generation, "a replay counted as a write"


@PROFILE
@given(facts=batches)
async def test_slots_follow_the_rules(graph: TenantGraph, facts: list[Fact]) -> None:
    prefix = fresh_prefix()
    await load(graph, prefix, facts)
    edges = await edges_of(graph, prefix)

    # (e) nothing is deleted: one edge per distinct (holder, since) in each slot
    keys = {(f.from_id, f.rel, f.to_id, parse_moment(f.since)) for f in facts}
    assert len(edges) == len(keys)
    assert {(e["from"], e["type"], e["to"], e["since"]) for e in edges} == keys

    # (d) closed edges cost CLOSED_COST, open ones OPEN_COST; every closed edge says why
    for e in edges:
        if e.get("until") is None:
            assert e["closedCost"] == OPEN_COST and e.get("closeReason") is None
            assert e.get("retiredAt") is None
        else:
            assert e["closedCost"] == CLOSED_COST and e.get("closeReason")
            assert e.get("retiredAt") is not None
            assert e["until"] >= e["since"]

    # (c) at any moment, at most one current edge per slot (one-holder or pair)
    moments = sorted(
        {e["since"] for e in edges}
        | {e["until"] for e in edges if e.get("until") is not None}
        | {parse_moment(d) for d in [*SINCE_DATES, *UNTIL_DATES]}
    )
    probes = moments + [m - 1 for m in moments] + [m + 1 for m in moments]
    for t in probes:
        current: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for e in edges:
            if e["since"] <= t and (e.get("until") is None or t < e["until"]) and not e["lost"]:
                slot = (e["type"], e["to"]) if e["type"] == "OWNS" else (e["type"], e["from"])
                current[slot].append(e["from"])
        for slot, holders in current.items():
            assert len(holders) == 1, f"{slot} has {holders} at {format_moment(t)}"

    # and every interval is exactly what the rules derive from the set of facts
    expected = expected_edges(facts)
    assert projection(edges) == projection(expected), (
        f"facts:\n{describe(facts)}\ngraph:\n{show(edges)}\nrules:\n{show(expected)}"
    )


# --- hand-picked cases the generator must be able to reach ---------------------------------

TRICKY = [
    pytest.param(
        [
            Fact("p1", "OWNS", TASK, "2026-01-01", None, "2026-03-15", "crm"),
            Fact("p2", "OWNS", TASK, "2026-01-01", None, "2026-01-15", "crm"),
            Fact("p2", "OWNS", TASK, "2026-01-01", "2026-03-01", "2026-01-15", "chat"),
        ],
        id="stated end on a tie loser",
    ),
    pytest.param(
        [
            Fact("s1", "DEPENDS_ON", ACCOUNT, "2026-01-01", "2026-03-01", "2026-01-15", "chat"),
            Fact("s1", "DEPENDS_ON", ACCOUNT, "2026-01-01", "2026-03-01", "2026-01-15", "sheet"),
        ],
        id="same end stated by two sources on the same date",
    ),
    pytest.param(
        [
            Fact("p1", "OWNS", TASK, "2026-01-01", None, "2026-01-15", "chat"),
            Fact("p2", "OWNS", TASK, "2026-03-01", "2026-05-01", "2026-03-15", "chat"),
            Fact("p3", "OWNS", TASK, "2026-02-01", None, "2026-07-15", "crm"),
            Fact("p1", "OWNS", TASK, "2026-03-01", None, "2026-05-15", "sheet"),
        ],
        id="late holder between two, and a tie",
    ),
]


@pytest.mark.parametrize("facts", TRICKY)
async def test_tricky_orders(graph: TenantGraph, facts: list[Fact]) -> None:
    expected = projection(expected_edges(facts))
    for order in itertools.permutations(facts):
        prefix = fresh_prefix()
        await load(graph, prefix, list(order))
        edges = await edges_of(graph, prefix)
        assert projection(edges) == expected, (
            f"order:\n{describe(list(order))}\ngraph:\n{show(edges)}"
        )
