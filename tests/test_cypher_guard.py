"""The cypher tool's guards: what the text check refuses, how results are bounded, and what
a real FalkorDB does with the queries that get through (or are forced through)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from brain._brain import Brain
from brain._settings import BrainSettings
from brain._tenant_graph import TenantGraph
from brain.db import CYPHER_ROW_CAP, MAX_QUERY_CHARS, check_cypher
from brain.errors import QueryRefused
from brain.reads import run_cypher

CAP1 = CYPHER_ROW_CAP + 1

REFUSED = [
    ("CREATE (n:Person {id: 'x'}) RETURN n", "CREATE"),
    ("MERGE (n:Person {id: 'x'}) RETURN n", "MERGE"),
    ("MATCH (n) SET n.x = 1 RETURN n", "SET"),
    ("MATCH (n) DELETE n", "DELETE"),
    ("MATCH (n) DETACH DELETE n", "DETACH"),
    ("MATCH (n) REMOVE n.x RETURN n", "REMOVE"),
    ("DROP INDEX ON :Person(id)", "DROP"),
    ("CALL db.idx.fulltext.createNodeIndex('Person', 'name')", "indexes"),
    ("CALL db.idx.fulltext.drop('Person')", "indexes"),
    ("CALL algo.SPpaths({sourceNode: a, targetNode: b})", "path tool"),
    ("CALL algo.SSpaths({sourceNode: a, maxLen: 10})", "path tool"),
    ("CALL algo.pageRank(null, null)", "ranking"),
    ("CALL algo.WCC(null)", "ranking"),
    ("CALL dbms.procedures()", "not allowed"),
    ("CALL udf.list()", "not allowed"),
    ("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", "LOAD CSV"),
    ("MATCH (n) RETURN n; MATCH (m) DELETE m", "';'"),
    ("MATCH (n) RETURN n;", "';'"),
    ("MATCH (a)-[*]-(b) RETURN a", "[*]"),
    ("MATCH (a)-[:DEPENDS_ON*]->(b) RETURN a", "[:DEPENDS_ON*]"),
    ("MATCH (a)-[*1..]-(b) RETURN a", "[*1..]"),
    ("MATCH (a)<-[r:DEPENDS_ON*2..]-(b) RETURN a", "unbounded"),
    ("MATCH (a)-[*..20]-(b) RETURN a", "20 hops"),
    ("MATCH (a)-[*2..9]-(b) RETURN a", "9 hops"),
    ("MATCH (a)-[*7]-(b) RETURN a", "7 hops"),
    ("MATCH (a), (b) RETURN shortestPath((a)-[*]->(b))", "shortest"),
    ("MATCH (a), (b) RETURN allShortestPaths((a)-[:R*..12]->(b))", "shortest"),
    ("UNWIND range(1, 200000000) AS x RETURN x", "range"),
    ("UNWIND range(0, 10001) AS x RETURN x", "range"),
    ("MATCH (n) UNWIND range(0, n.count) AS x RETURN x", "range"),
    ("RETURN [x IN range(1, 1000) | range(1, 1000)] AS grid", "nested ranges multiply"),
    ("RETURN reduce(acc = [], x IN [1, 2] | acc + [x, x]) AS r", "reduce"),
    ("CALL { CREATE (n:X) RETURN n } RETURN n", "CREATE"),
    ("MATCH (n) FOREACH (x IN [1] | SET n.y = x)", "FOREACH"),
    ("CALL algo.BFS(n, 0, null) YIELD nodes RETURN nodes", "algo.BFS"),
    ("MATCH (n) CALL algo.BFS(n, n.depth, null) YIELD nodes RETURN nodes", "algo.BFS"),
    ("MATCH (n) RETURN n LIMIT -1", "LIMIT"),
    ("MATCH (n) RETURN n LIMIT $lim", "LIMIT"),  # $lim is not passed
    ("MATCH (n) RETURN n" + " " * MAX_QUERY_CHARS, "characters"),
    ("", "empty"),
    ("   \n  ", "empty"),
    ("// just a comment", "empty"),
    ("mErGe (n:X {id: 'y'})", "MERGE"),
    ("match (n) detach delete n", "DETACH"),
    ("MATCH (n) Set n.x = 1", "SET"),
    ("MATCH (n) // harmless comment\nDELETE n", "DELETE"),
    ("MATCH (n) /* block */ SET n.x = 1", "SET"),
    ("MATCH (n) RETURN n.name = 'unterminated", "unterminated"),
]


@pytest.mark.parametrize(("query", "needle"), REFUSED)
def test_refused(query: str, needle: str) -> None:
    with pytest.raises(QueryRefused) as info:
        check_cypher(query)
    assert needle.lower() in info.value.reason.lower()


def test_reason_says_what_to_do() -> None:
    with pytest.raises(QueryRefused) as info:
        check_cypher("MATCH (a)-[*]-(b) RETURN a")
    assert info.value.reason == (
        "unbounded variable-length pattern [*]: give an upper bound of at most 6, e.g. [*1..4]"
    )
    assert "refused" in info.value.user_message


PASSED = [
    "MATCH (n:Person) WHERE n.name = 'Priya' RETURN n",
    "MATCH (n) WHERE n.created_at > 5 RETURN n.created_at",
    "MATCH (n) WHERE n.setting = true RETURN n.set_x, n.set, n.delete",
    "MATCH (n:Entity {type: 'Decision'}) RETURN {set: n.id, create: n.name}",
    "MATCH (n) WHERE n.text CONTAINS 'CREATE (x)' RETURN n",
    "MATCH (n) WHERE n.text = 'a; b' OR n.text = \"MERGE; DELETE\" RETURN n",
    "MATCH (n) WHERE n.x = 'it\\'s; SET' RETURN n // no CREATE here",
    "MATCH (a)-[:DEPENDS_ON*1..4]->(b) RETURN b",
    "MATCH (a)<-[*..6]-(b) RETURN b",
    "MATCH (a)-[*3]-(b) RETURN b",
    "MATCH (a), (b) RETURN shortestPath((a)-[:DEPENDS_ON*..5]->(b))",
    "MATCH (n {id: 'x'}) CALL algo.BFS(n, 3, 'DEPENDS_ON') YIELD nodes RETURN nodes",
    "CALL db.idx.fulltext.queryNodes('Searchable', 'priya') YIELD node, score "
    "RETURN node ORDER BY score DESC",
    "UNWIND range(1, 100) AS x RETURN x * 2, count(*)",
    "CALL { MATCH (n:Person) RETURN n } RETURN n",
]


@pytest.mark.parametrize("query", PASSED)
def test_passed_and_bounded(query: str) -> None:
    assert check_cypher(query) == f"{query}\nLIMIT {CAP1}"


@pytest.mark.parametrize("query", ["CALL db.labels()", "CALL db.meta.stats()"])
def test_schema_procedures_need_no_limit(query: str) -> None:
    assert check_cypher(query) == query


def test_bare_search_call_gets_yield_and_limit() -> None:
    query = "CALL db.idx.fulltext.queryNodes('Searchable', 'priya')"
    assert check_cypher(query) == f"{query}\nYIELD node, score\nRETURN node, score\nLIMIT {CAP1}"
    assert check_cypher(f"{query} YIELD node") == f"{query} YIELD node\nRETURN node\nLIMIT {CAP1}"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "MATCH (n) RETURN n ORDER BY n.name LIMIT 10",
            "MATCH (n) RETURN n ORDER BY n.name LIMIT 10",
        ),
        ("MATCH (n) RETURN n LIMIT 100000", f"MATCH (n) RETURN n LIMIT {CAP1}"),
        ("MATCH (n) RETURN n limit  7  ", "MATCH (n) RETURN n limit  7  "),
        ("MATCH (n) RETURN n SKIP 5", f"MATCH (n) RETURN n SKIP 5\nLIMIT {CAP1}"),
        ("MATCH (n) RETURN n // last line", f"MATCH (n) RETURN n // last line\nLIMIT {CAP1}"),
        (
            "RETURN 1 AS x UNION ALL RETURN 2 AS x LIMIT 999",
            f"RETURN 1 AS x \nLIMIT {CAP1}\nUNION ALL RETURN 2 AS x LIMIT {CAP1}",
        ),
    ],
)
def test_limit_kept_clamped_or_added(query: str, expected: str) -> None:
    assert check_cypher(query) == expected


def test_limit_param_is_clamped_and_row_cap_applies() -> None:
    assert check_cypher("MATCH (n) RETURN n LIMIT $k", {"k": 5}) == "MATCH (n) RETURN n LIMIT 5"
    bounded = check_cypher("MATCH (n) RETURN n LIMIT $k", {"k": 10**9}, row_cap=20)
    assert bounded == "MATCH (n) RETURN n LIMIT 21"


@pytest.mark.parametrize(
    ("params", "needle"),
    [
        ({"ids": list(range(10_001))}, "list items"),
        ({"text": "x" * 20_001}, "characters"),
        ({"bad-name": 1}, "identifier"),
        ({"m": {"a`b": 1}}, "backticks"),
        ({"x": float("nan")}, "finite"),
        ({"x": object()}, "JSON"),
    ],
)
def test_params_refused(params: dict[str, object], needle: str) -> None:
    with pytest.raises(QueryRefused) as info:
        check_cypher("MATCH (n) WHERE n.id IN $ids RETURN n", params)
    assert needle in info.value.reason


def test_params_that_bound_a_range_pass() -> None:
    check_cypher("UNWIND range(1, $n) AS x RETURN x", {"n": 50})
    with pytest.raises(QueryRefused):
        check_cypher("UNWIND range(1, $n) AS x RETURN x", {"n": 50_000})


# --- against a real FalkorDB ---------------------------------------------------------------

PEOPLE = [("p1", "Priya"), ("p2", "Sam"), ("p3", "Lee"), ("p4", "Ana"), ("p5", "Kofi")]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph(falkordb_url: str) -> AsyncIterator[TenantGraph]:
    async with Brain(BrainSettings(falkordb_url=falkordb_url)) as brain:
        slug = f"cg-{uuid.uuid4().hex[:8]}"
        await brain.create_tenant(slug)
        tenant = await brain.tenant(slug)
        node = {"src": "t", "asOf": "2026-10-01"}
        facts = [{"node": {"type": "Person", "id": i, "name": n, **node}} for i, n in PEOPLE]
        facts.append({"node": {"type": "Team", "id": "t1", "name": "Core", **node}})
        facts.append(
            {"edge": {"from": "p1", "type": "MEMBER_OF", "to": "t1", "since": "2026-01-01", **node}}
        )
        report = await tenant.write_facts(enumerate(facts, 1))
        assert report.refused == 0, report.refusals
        yield tenant
        await brain.erase_tenant(slug)


async def test_rows_and_evidence(graph: TenantGraph) -> None:
    res = await run_cypher(
        graph,
        "MATCH (p:Person)-[:MEMBER_OF]->(t:Team) "
        "RETURN p, t.name AS team, {source: p.id, type: 'MEMBER_OF', target: t.id} AS edge",
        as_of="2026-10-02",
    )
    assert res.tool == "cypher" and res.as_of == "2026-10-02" and res.found
    assert res.data["columns"] == ["p", "team", "edge"]
    assert res.data["row_count"] == 1 and res.data["truncated"] is False
    person, team, _ = res.data["rows"][0]
    assert person["id"] == "p1" and "Person" in person["labels"] and team == "Core"
    assert "embedding" not in person
    json.dumps(res.data)  # rows are JSON-able
    assert [(n.id, n.type, n.name) for n in res.evidence.nodes] == [("p1", "Person", "Priya")]
    [edge] = res.evidence.edges
    assert (edge.source, edge.type, edge.target, edge.since) == (
        "p1",
        "MEMBER_OF",
        "t1",
        "2026-01-01",
    )


async def test_evidence_is_confirmed_against_the_graph(graph: TenantGraph) -> None:
    res = await run_cypher(
        graph,
        "RETURN {id: 'ghost', labels: ['Person']} AS fake, "
        "{source: 'p2', type: 'MEMBER_OF', target: 't1'} AS fake_edge",
        as_of="2026-10-02",
    )
    assert res.data["row_count"] == 1
    assert res.evidence.nodes == [] and res.evidence.edges == []


async def test_truncation_at_the_cap_is_flagged(graph: TenantGraph) -> None:
    res = await run_cypher(
        graph, "MATCH (p:Person) RETURN p.id ORDER BY p.id", as_of="2026-10-02", row_cap=3
    )
    assert res.data["truncated"] is True and res.data["row_count"] == 3
    assert [r[0] for r in res.data["rows"]] == ["p1", "p2", "p3"]
    assert res.message and "first 3 rows" in res.message
    exact = await run_cypher(graph, "MATCH (p:Person) RETURN p.id", as_of="x", row_cap=5)
    assert exact.data["truncated"] is False and exact.data["row_count"] == 5


async def test_bare_calls_run(graph: TenantGraph) -> None:
    labels = await run_cypher(graph, "CALL db.labels()", as_of="x")
    assert ["Person"] in labels.data["rows"]
    hits = await run_cypher(
        graph, "CALL db.idx.fulltext.queryNodes('Searchable', 'Priya')", as_of="x"
    )
    assert hits.data["columns"] == ["node", "score"]
    assert [n.id for n in hits.evidence.nodes] == ["p1"]


async def test_path_evidence_has_its_edges(graph: TenantGraph) -> None:
    res = await run_cypher(
        graph, "MATCH p = (:Team {id: 't1'})<-[:MEMBER_OF*1..2]-(x) RETURN p", as_of="x"
    )
    assert {n.id for n in res.evidence.nodes} == {"p1", "t1"}
    assert [(e.source, e.type, e.target) for e in res.evidence.edges] == [("p1", "MEMBER_OF", "t1")]
    bfs = await run_cypher(
        graph,
        "MATCH (p {id: 'p1'}) CALL algo.BFS(p, 2, NULL) YIELD nodes RETURN nodes",
        as_of="x",
    )
    assert [n.id for n in bfs.evidence.nodes] == ["t1"]


async def test_union_branches_are_limited(graph: TenantGraph) -> None:
    res = await run_cypher(
        graph,
        "MATCH (p:Person) RETURN p.id AS id UNION ALL MATCH (t:Team) RETURN t.id AS id",
        as_of="x",
        row_cap=2,
    )
    assert res.data["truncated"] is True and res.data["row_count"] == 2


async def test_syntax_error_comes_back_as_query_refused(graph: TenantGraph) -> None:
    with pytest.raises(QueryRefused) as info:
        await run_cypher(graph, "MATCH (n RETURN n", as_of="x")
    assert "Invalid input" in info.value.reason


async def test_server_refuses_writes_even_past_the_text_check(graph: TenantGraph) -> None:
    with pytest.raises(QueryRefused) as info:
        await graph.ro_query("bypass", "CREATE (n:Person {id: 'evil'}) RETURN n")
    assert "read-only" in info.value.reason
    left = await run_cypher(graph, "MATCH (n {id: 'evil'}) RETURN count(n)", as_of="x")
    assert left.data["rows"] == [[0]]
