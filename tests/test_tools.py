"""The graph tools (agents.tools._registry) on the sample business, against a real FalkorDB.

The sample is loaded once per module into a fresh tenant, for a fixed ``today`` so every
figure is the same on every run. "Now" is the wall clock, which is after ``today``: the
sample's edges all start on or before ``today``, so current answers do not move with it.
Tests that need a shape the sample lacks (a closed short cut, the assistant's own nodes
between two things) build a small tenant of their own.
"""

from __future__ import annotations

import statistics
import uuid
from datetime import date, timedelta
from typing import Any

import pytest
import pytest_asyncio

from agents.errors import ToolArgsInvalid, ToolUnknown
from agents.tools import TOOLS, call_tool
from brain import Brain, QueryRefused, TenantGraph, parse_moment, sample_business
from brain.reads import ReadResult, clear_cache
from brain.reads.search import Hit, fuse, rerank

TODAY = date(2026, 11, 20)
AT_TODAY = TODAY.isoformat()
TOKEN = "account-instagram-token"

Fact = dict[str, Any]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def sample(brain: Brain) -> TenantGraph:
    """A tenant holding the Ember & Oak sample business (embeddings on), loaded once."""
    slug = f"tools-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(sample_business(today=TODAY), 1)))
    assert report.refused == 0, report.refusals
    return graph


async def call(graph: TenantGraph, tool: str, /, **args: Any) -> ReadResult:
    return await call_tool(graph, tool, args)


async def write(graph: TenantGraph, facts: list[Fact]) -> None:
    # some seeds hold the assistant's own records (turns, findings, cards)
    report = await graph.write_facts(list(enumerate(facts, 1)), origin="assistant")
    assert report.refused == 0, report.refusals


def node(node_type: str, node_id: str, *, as_of: date | str = "2025-01-01") -> Fact:
    day = as_of if isinstance(as_of, str) else as_of.isoformat()
    return {
        "node": {
            "type": node_type,
            "id": node_id,
            "name": f"{node_type} {node_id}",
            "src": "test",
            "asOf": day,
        }
    }


def edge(
    a: str, rel: str, b: str, *, since: date | str = "2025-01-01", until: date | None = None
) -> Fact:
    day = since if isinstance(since, str) else since.isoformat()
    fact: Fact = {
        "from": a,
        "type": rel,
        "to": b,
        "since": day,
        "src": "test",
        "asOf": (until or since).isoformat() if until else day,
    }
    if until is not None:
        fact["until"] = until.isoformat()
    return {"edge": fact}


def hit_ids(result: ReadResult) -> list[str]:
    return [h["id"] for h in result.data["hits"]]


def hop_ids(result: ReadResult) -> dict[int, set[str]]:
    return {layer["hop"]: {i["id"] for i in layer["items"]} for layer in result.data["by_hop"]}


# --- search -------------------------------------------------------------------------------

TEXT_LISTS = {"text", "chunk-text"}
VECTOR_LISTS = {"vector", "chunk-vector"}


async def test_search_fuses_full_text_and_vector_lists(sample: TenantGraph) -> None:
    res = await call(sample, "search", query="Instagram token")
    assert res.found and res.tool == "search"
    hits = res.data["hits"]
    assert hits, "a clear query finds something"
    # The best hits are backed by both kinds of search, and all four searches took part.
    top = set(hits[0]["via"])
    assert top & TEXT_LISTS and top & VECTOR_LISTS, hits[0]
    assert set().union(*(h["via"] for h in hits)) == TEXT_LISTS | VECTOR_LISTS
    # Fusion adds up: a hit found by every list outscores one found by a single list.
    four = [h["score"] for h in hits if len(h["via"]) == 4]
    one = [h["score"] for h in hits if len(h["via"]) == 1]
    if four and one:
        assert min(four) > max(one)
    assert res.sample, "the sample business is sample data"
    # the evidence is the hits, then the matched passages with their sources
    assert res.evidence.node_ids[: len(hits)] == hit_ids(res)
    passage_ids = [p["id"] for p in res.data["passages"]]
    assert passage_ids and set(passage_ids) <= set(res.evidence.node_ids)


async def test_a_passage_answers_as_its_document(sample: TenantGraph) -> None:
    res = await call(sample, "search", query="nobody noticed for about three days")
    assert res.found
    types = {h["type"] for h in res.data["hits"]}
    assert "Chunk" not in types
    assert not any(i.startswith("chunk-") for i in hit_ids(res))
    doc = next(h for h in res.data["hits"] if h["id"] == "doc-incident-ig-token")
    assert doc["type"] == "Document"
    assert doc["via"] and set(doc["via"]) & {"chunk-text", "chunk-vector"}
    assert doc["snippet"], "a passage hit carries the passage's text"


async def test_a_meeting_line_answers_as_its_meeting(sample: TenantGraph) -> None:
    res = await call(sample, "search", query="reach per story has fallen", types=["Meeting"])
    assert res.found
    assert hit_ids(res)[0].startswith("meeting-content-review-")
    assert all(h["type"] == "Meeting" for h in res.data["hits"])
    # the words themselves come back: the line, who said it, and the path to them
    best = res.data["passages"][0]
    assert best["source"]["id"] == hit_ids(res)[0] and "story" in best["text"].lower()
    edges = {(e.source, e.type, e.target) for e in res.evidence.edges}
    assert (best["source"]["id"], "HAS_CHUNK", best["id"]) in edges


@pytest.mark.parametrize("types", [["Tool"], ["Document"], ["Person", "Team"]])
async def test_search_type_filter(sample: TenantGraph, types: list[str]) -> None:
    res = await call(sample, "search", query="Instagram token Ananya content", types=types)
    assert res.found
    assert {h["type"] for h in res.data["hits"]} <= set(types)


async def test_search_type_filter_finds_the_tools(sample: TenantGraph) -> None:
    res = await call(sample, "search", query="Instagram token", types=["Tool"], limit=20)
    assert {"tool-dm-autoresponder", "tool-old-zapier"} <= set(hit_ids(res))


async def test_search_order_is_stable(sample: TenantGraph) -> None:
    first = await call(sample, "search", query="checkout payments failing", limit=30)
    second = await call(sample, "search", query="checkout payments failing", limit=30)
    assert hit_ids(first) == hit_ids(second)
    scores = [h["score"] for h in first.data["hits"]]
    assert scores == sorted(scores, reverse=True)


def test_fusion_breaks_ties_by_id() -> None:
    def row(node_id: str) -> list[Any]:
        return [node_id, "Tool", f"thing {node_id}", "src", 0, False, 1.0, None]

    # b and a swap places between the two lists, so they score exactly the same.
    lists = {"text": [row("b"), row("a"), row("c")], "vector": [row("a"), row("b")]}
    fused = fuse(lists.items())
    assert [h.id for h in fused] == ["a", "b", "c"]
    assert fused[0].score == fused[1].score
    assert [h.id for h in fuse(reversed(lists.items()))] == ["a", "b", "c"]
    # Re-ranking by name coverage keeps the tie order when names cover nothing asked.
    hits = [
        Hit("z", "Tool", "x", None, None, False, 0.5),
        Hit("y", "Tool", "x", None, None, False, 0.5),
    ]
    assert [h.id for h in rerank(hits, "payments")] == ["y", "z"]


@pytest.mark.parametrize(
    "query",
    [
        "Instagram @token",
        "token | scheduler",
        "-token",
        "token*",
        'the "Instagram token"',
        "(Instagram token",
        "Instagram) token]",
        "@name:token",
        "%token%",
        "token~ {scheduler}",
        "Ananya's auto-responder",
        "e-mail newsletter",
        "café loyalty",
        "token\\ ; DROP",
    ],
)
async def test_search_escapes_special_characters(sample: TenantGraph, query: str) -> None:
    res = await call(sample, "search", query=query)
    assert res.found, res.message
    # The full-text searches themselves found something: the words reached RediSearch intact.
    assert any(set(h["via"]) & TEXT_LISTS for h in res.data["hits"]), res.data["hits"][:3]


@pytest.mark.parametrize("query", ["the of and", "what is it?", "  ", "a"])
async def test_search_of_only_stop_words_is_not_found(sample: TenantGraph, query: str) -> None:
    res = await call(sample, "search", query=query)
    assert not res.found
    assert res.message
    assert res.data["hits"] == []
    assert res.evidence.nodes == []


async def test_search_as_of_leaves_out_what_was_not_yet_known(sample: TenantGraph) -> None:
    res = await call(sample, "search", query="Instagram token renewal runbook", as_of="2026-08-01")
    assert "doc-ig-token-runbook" not in hit_ids(res)  # written 22 August
    later = await call(sample, "search", query="Instagram token renewal runbook")
    assert "doc-ig-token-runbook" in hit_ids(later)


# --- lookup -------------------------------------------------------------------------------


async def test_lookup_by_id(sample: TenantGraph) -> None:
    res = await call(sample, "lookup", name="task-ig-token")
    assert res.found
    (match,) = res.data["matches"]
    assert match["id"] == "task-ig-token" and match["type"] == "Task"
    assert match["properties"]["status"] == "in progress"
    assert "embedding" not in match["properties"]
    assert res.evidence.node_ids == ["task-ig-token"]
    assert res.sample


async def test_lookup_by_exact_name_ignores_case(sample: TenantGraph) -> None:
    res = await call(sample, "lookup", name="fix INSTAGRAM token Refresh")
    assert res.found
    assert [m["id"] for m in res.data["matches"]] == ["task-ig-token"]


@pytest.mark.parametrize("name", ["Frobnicator 9000", "Fix Instagram token", "task-ig"])
async def test_lookup_unknown_name_is_not_in_your_records(sample: TenantGraph, name: str) -> None:
    res = await call(sample, "lookup", name=name)
    assert not res.found
    assert "not in your records" in (res.message or "")
    assert res.evidence.nodes == []


# --- what_breaks ----------------------------------------------------------------------------


async def test_what_breaks_groups_the_damage_by_hop(sample: TenantGraph) -> None:
    res = await call(sample, "what_breaks", name=TOKEN)
    assert res.found and res.data["root"]["id"] == TOKEN
    hops = hop_ids(res)
    assert hops[1] == {"tool-post-scheduler", "tool-dm-autoresponder", "service-insta-shop-sync"}
    later = set().union(*(ids for hop, ids in hops.items() if hop > 1))
    assert {"campaign-new-roast-launch", "campaign-cafe-loyalty"} <= later
    assert {"post-sunrise-reel-farm", "post-sunrise-reel-brew", "post-loyalty-reel"} <= later
    assert {"goal-new-roast-sales", "goal-cafe-visits"} <= later
    assert res.data["total"] == sum(len(ids) for ids in hops.values())
    # Each thing appears once, at the first hop that reaches it.
    assert sum(len(ids) for ids in hops.values()) == len(set().union(*hops.values()))
    # Every edge it walked is open.
    assert res.evidence.edges and all(e.until is None for e in res.evidence.edges)


async def test_what_breaks_leaves_out_closed_dependencies(sample: TenantGraph) -> None:
    now = await call(sample, "what_breaks", name=TOKEN)
    assert "tool-old-zapier" not in set().union(*hop_ids(now).values())
    assert "tool-old-zapier" not in now.evidence.node_ids
    assert not [e for e in now.evidence.edges if "tool-old-zapier" in (e.source, e.target)]
    then = await call(sample, "what_breaks", name=TOKEN, as_of="2026-07-01")
    assert "tool-old-zapier" in hop_ids(then)[1]
    assert then.as_of == "2026-07-01"


async def test_a_name_finds_what_its_id_finds_at_a_moment_before_it_was_recorded(
    sample: TenantGraph,
) -> None:
    # the token was first recorded after July, while its dependencies held then
    (token,) = (await call(sample, "lookup", name=TOKEN)).data["matches"]
    assert token["properties"]["firstAsOf"] > "2026-07-01"
    by_id = await call(sample, "what_breaks", name=TOKEN, as_of="2026-07-01")
    by_name = await call(sample, "what_breaks", name=token["name"], as_of="2026-07-01")
    assert by_name.found, by_name.message
    assert by_name.data == by_id.data and by_id.data["total"] > 0


async def test_what_breaks_hops_limits_depth(sample: TenantGraph) -> None:
    res = await call(sample, "what_breaks", name=TOKEN, hops=1)
    assert [layer["hop"] for layer in res.data["by_hop"]] == [1]
    assert res.data["total"] == 3


async def test_what_breaks_by_name(sample: TenantGraph) -> None:
    res = await call(sample, "what_breaks", name="instagram graph api token", hops=1)
    assert res.data["root"]["id"] == TOKEN


async def test_what_breaks_unknown_name(sample: TenantGraph) -> None:
    res = await call(sample, "what_breaks", name="the moon")
    assert not res.found
    assert "not in your records" in (res.message or "")
    assert "by_hop" not in res.data


async def test_what_breaks_on_a_leaf_is_found_but_empty(sample: TenantGraph) -> None:
    res = await call(sample, "what_breaks", name="goal-cafe-visits")
    assert res.found and res.data["by_hop"] == [] and res.data["total"] == 0
    assert "nothing currently depends" in (res.message or "")


# --- owner --------------------------------------------------------------------------------


async def test_owner_now_and_on_1_october(sample: TenantGraph) -> None:
    now = await call(sample, "owner", name="task-ig-token")
    assert now.data["owner"]["holder"]["id"] == "person-priya"
    assert [(e.source, e.type) for e in now.evidence.edges] == [("person-priya", "OWNS")]
    then = await call(sample, "owner", name="task-ig-token", as_of="2026-10-01")
    assert then.data["owner"]["holder"]["id"] == "person-arjun"
    assert [e.source for e in then.evidence.edges] == ["person-arjun"]


async def test_owner_timeline_lists_both_holders(sample: TenantGraph) -> None:
    res = await call(sample, "owner", name="Fix Instagram token refresh")
    timeline = res.data["timeline"]
    assert [t["holder"]["id"] for t in timeline] == ["person-arjun", "person-priya"]
    arjun, priya = timeline
    assert (arjun["since"], arjun["until"]) == ("2026-08-20", "2026-10-05")
    assert arjun["close_reason"] == "next holder" and not arjun["current"]
    assert (priya["since"], priya["until"], priya["current"]) == ("2026-10-05", None, True)
    assert priya["close_reason"] is None


async def test_owner_before_anyone_owned_it(sample: TenantGraph) -> None:
    res = await call(sample, "owner", name="task-ig-token", as_of="2026-08-01")
    assert res.data["owner"] is None
    assert "nobody owned" in (res.message or "")
    assert res.evidence.edges == []


# --- neighbours and history -----------------------------------------------------------------


async def test_neighbours_are_current_relationships_only(sample: TenantGraph) -> None:
    res = await call(sample, "neighbours", name="task-ig-token")
    rels = {(r["rel"], r["direction"], r["node"]["id"]) for r in res.data["relationships"]}
    assert ("OWNS", "in", "person-priya") in rels
    assert ("OWNS", "in", "person-arjun") not in rels
    assert ("ABOUT", "out", TOKEN) in rels
    assert all(e.until is None for e in res.evidence.edges)
    then = await call(sample, "neighbours", name="task-ig-token", as_of="2026-10-01")
    owners = [r["node"]["id"] for r in then.data["relationships"] if r["rel"] == "OWNS"]
    assert owners == ["person-arjun"]


async def test_history_shows_closed_edges_with_both_clocks(sample: TenantGraph) -> None:
    res = await call(sample, "history", name="task-ig-token")
    owns = {ev["node"]["id"]: ev for ev in res.data["events"] if ev["rel"] == "OWNS"}
    assert set(owns) == {"person-arjun", "person-priya"}
    closed = owns["person-arjun"]
    assert closed["until"] == "2026-10-05" and not closed["current"]
    assert closed["close_reason"] == "next holder"
    assert closed["recorded_at"] and closed["retired_at"]
    assert parse_moment(closed["retired_at"]) >= parse_moment(closed["recorded_at"])
    open_ = owns["person-priya"]
    assert open_["current"] and open_["recorded_at"] and open_["retired_at"] is None
    assert all(ev["recorded_at"] for ev in res.data["events"])
    # The task was written twice: the earlier state is kept as a Version.
    (version,) = res.data["versions"]
    assert version["id"].startswith("task-ig-token@")
    assert '"open"' in version["state"]
    assert version["as_of"] == "2026-08-20"


async def test_history_as_of_stops_at_that_moment(sample: TenantGraph) -> None:
    res = await call(sample, "history", name="task-ig-token", as_of="2026-09-01")
    owners = [ev["node"]["id"] for ev in res.data["events"] if ev["rel"] == "OWNS"]
    assert owners == ["person-arjun"]
    assert all(parse_moment(ev["since"]) <= parse_moment("2026-09-01") for ev in res.data["events"])


# --- readings -----------------------------------------------------------------------------


def _window(res: ReadResult, key: str) -> list[float]:
    lo, hi = (parse_moment(res.data[key][k]) for k in ("from", "to"))
    return [d["value"] for d in res.data["daily"] if lo <= parse_moment(d["start"]) < hi]


async def test_readings_show_the_orders_drop(sample: TenantGraph) -> None:
    res = await call(sample, "readings", name="metric-online-orders", days=7, as_of=AT_TODAY)
    assert res.found and res.data["metric"]["aggregation"] == "sum"
    this, prev = res.data["this_window"], res.data["previous_window"]
    assert this["value"] < prev["value"]
    assert res.data["change_pct"] < 0
    # A flow is summed over its window.
    assert this["value"] == pytest.approx(sum(_window(res, "this_window")))
    assert prev["value"] == pytest.approx(sum(_window(res, "previous_window")))
    expected = (this["value"] - prev["value"]) / prev["value"] * 100
    assert res.data["change_pct"] == pytest.approx(expected, abs=0.05)
    assert res.sample and "metric-online-orders" in res.evidence.node_ids


async def test_readings_average_a_rate(sample: TenantGraph) -> None:
    res = await call(sample, "readings", name="metric-payment-error-rate", days=7, as_of=AT_TODAY)
    assert res.data["metric"]["aggregation"] == "mean"
    this_days, prev_days = _window(res, "this_window"), _window(res, "previous_window")
    assert len(this_days) > 1
    this = res.data["this_window"]["value"]
    assert this == pytest.approx(statistics.mean(this_days), abs=1e-3)
    assert this != pytest.approx(sum(this_days))
    assert max(this_days) <= 100 and this <= max(this_days)
    assert res.data["previous_window"]["value"] == pytest.approx(
        statistics.mean(prev_days), abs=1e-3
    )
    assert res.data["change_pct"] > 0  # errors went up after the release


async def test_readings_of_something_that_is_not_a_metric(sample: TenantGraph) -> None:
    res = await call(sample, "readings", name="task-ig-token")
    assert not res.found and "not in your records" in (res.message or "")


# --- path -----------------------------------------------------------------------------------

READ_CURRENT_EDGE = """
MATCH (a:Entity {id: $source})-[e]->(b:Entity {id: $target})
WHERE type(e) = $type AND e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN count(e)
LIMIT 1
"""

ASSISTANT = {"Turn", "Finding", "Card"}


async def assert_edges_current(graph: TenantGraph, res: ReadResult, t: int) -> None:
    """Every edge the result returns exists in the graph, that way round, and holds at t."""
    assert res.evidence.edges
    for e in res.evidence.edges:
        params = {"source": e.source, "target": e.target, "type": e.type, "t": t}
        found = await graph.ro_query("test edge", READ_CURRENT_EDGE, params)
        assert found.scalar(0) == 1, f"{e} is not a current edge at {t}"


def pair(res: ReadResult, a: str, b: str) -> dict[str, Any]:
    return next(p for p in res.data["pairs"] if (p["from"], p["to"]) == (a, b))


def edge_keys(res: ReadResult) -> set[tuple[str, str, str]]:
    return {(e.source, e.type, e.target) for e in res.evidence.edges}


async def test_path_joins_the_answer_with_current_edges(sample: TenantGraph) -> None:
    ids = [
        "service-online-store",
        "step-upi-payment",
        "release-checkout-2-4",
        "incident-upi-failures",
    ]
    res = await call(sample, "path", ids=ids)
    assert res.found and res.message is None
    pairs = res.data["pairs"]
    assert [(p["from"], p["to"]) for p in pairs] == list(zip(ids, ids[1:], strict=False))
    assert all(p["how"] in ("direct", "path") for p in pairs)
    assert pair(res, "release-checkout-2-4", "incident-upi-failures")["how"] == "direct"
    assert pair(res, "step-upi-payment", "release-checkout-2-4")["how"] == "direct"
    first = pair(res, "service-online-store", "step-upi-payment")
    assert first["how"] == "path" and 2 <= first["hops"] <= 4 and first["paths"] >= 1
    assert set(ids) <= set(res.evidence.node_ids)
    assert all(e.until is None for e in res.evidence.edges)
    await assert_edges_current(sample, res, parse_moment(res.as_of))
    # Each edge's ends are among the nodes returned, so the picture can be drawn.
    shown = set(res.evidence.node_ids)
    assert all({e.source, e.target} <= shown for e in res.evidence.edges)


async def test_path_unknown_id(sample: TenantGraph) -> None:
    res = await call(sample, "path", ids=["service-online-store", "service-teleporter"])
    assert not res.found and "service-teleporter" in (res.message or "")


async def test_path_avoids_an_edge_closed_last_month(new_tenant: TenantGraph) -> None:
    today = date.today()
    start, open_at, closed_at = (
        today - timedelta(days=365),
        today - timedelta(days=60),
        (today - timedelta(days=30)),
    )
    ids = ["a", "m", "b", "c1", "c2", "p", "q", "r"]
    await write(
        new_tenant,
        [
            *(node("Service", i, as_of=start) for i in ids),
            # a - b: the short way (through m) lost its first edge last month; a long way is open
            edge("a", "DEPENDS_ON", "m", since=start, until=closed_at),
            edge("m", "DEPENDS_ON", "b", since=start),
            edge("a", "DEPENDS_ON", "c1", since=start),
            edge("c1", "DEPENDS_ON", "c2", since=start),
            edge("c2", "DEPENDS_ON", "b", since=start),
            # p - q: a direct edge closed last month; an open way through r
            edge("p", "DEPENDS_ON", "q", since=start, until=closed_at),
            edge("p", "PART_OF", "r", since=start),
            edge("r", "PART_OF", "q", since=start),
        ],
    )
    closed = {("a", "DEPENDS_ON", "m"), ("p", "DEPENDS_ON", "q")}

    now = await call(new_tenant, "path", ids=["a", "b"])
    assert pair(now, "a", "b")["how"] == "path"
    assert pair(now, "a", "b")["hops"] == 3
    assert not edge_keys(now) & closed
    assert "m" not in now.evidence.node_ids
    await assert_edges_current(new_tenant, now, parse_moment(now.as_of))

    now_pq = await call(new_tenant, "path", ids=["p", "q"])
    assert pair(now_pq, "p", "q")["how"] == "path" and pair(now_pq, "p", "q")["hops"] == 2
    assert edge_keys(now_pq) == {("p", "PART_OF", "r"), ("r", "PART_OF", "q")}

    then = await call(new_tenant, "path", ids=["a", "b"], as_of=open_at.isoformat())
    assert pair(then, "a", "b")["how"] == "path" and pair(then, "a", "b")["hops"] == 2
    assert ("a", "DEPENDS_ON", "m") in edge_keys(then)
    await assert_edges_current(new_tenant, then, parse_moment(open_at))

    then_pq = await call(new_tenant, "path", ids=["p", "q"], as_of=open_at.isoformat())
    assert pair(then_pq, "p", "q")["how"] == "direct"
    assert edge_keys(then_pq) == {("p", "DEPENDS_ON", "q")}

    # After the edge closed (and before now), the as-of walk avoids it too.
    after = (closed_at + timedelta(days=5)).isoformat()
    later = await call(new_tenant, "path", ids=["a", "b", "p", "q"], as_of=after)
    assert not edge_keys(later) & closed
    assert pair(later, "a", "b")["hops"] == 3 and pair(later, "p", "q")["hops"] == 2


def assistant_links(kind: str, node_id: str, ends: tuple[str, str]) -> list[Fact]:
    links = [node(kind, node_id)]
    for end in ends:
        links += [edge(node_id, "CITES", end), edge(node_id, "ABOUT", end)]
    return links


@pytest.mark.parametrize("as_of", [None, "2026-06-01"])
async def test_path_never_runs_through_the_assistants_records(
    new_tenant: TenantGraph, as_of: str | None
) -> None:
    await write(
        new_tenant,
        [
            *(node("Service", i) for i in ("x", "y", "u", "v", "s1", "s2")),
            # x and y are linked only by the assistant's own records
            *assistant_links("Turn", "turn-1", ("x", "y")),
            *assistant_links("Finding", "finding-1", ("x", "y")),
            *assistant_links("Card", "card-1", ("x", "y")),
            # u and v have a three-hop business route, and shorter links through the assistant's
            *assistant_links("Turn", "turn-2", ("u", "v")),
            *assistant_links("Finding", "finding-2", ("u", "v")),
            *assistant_links("Card", "card-2", ("u", "v")),
            edge("u", "DEPENDS_ON", "s1"),
            edge("s1", "DEPENDS_ON", "s2"),
            edge("s2", "DEPENDS_ON", "v"),
        ],
    )
    args: dict[str, Any] = {} if as_of is None else {"as_of": as_of}
    cut = await call(new_tenant, "path", ids=["x", "y"], **args)
    assert pair(cut, "x", "y")["how"] == "none"
    assert not {n.type for n in cut.evidence.nodes} & ASSISTANT
    assert cut.evidence.edges == []
    assert "not connected" in (cut.message or "")

    joined = await call(new_tenant, "path", ids=["u", "v"], **args)
    assert pair(joined, "u", "v")["how"] == "path"
    assert pair(joined, "u", "v")["hops"] == 3
    assert not {n.type for n in joined.evidence.nodes} & ASSISTANT
    assert not {e.type for e in joined.evidence.edges} & {"CITES", "ABOUT"}


# --- rank and topics ------------------------------------------------------------------------


async def test_rank_puts_the_hubs_on_top(sample: TenantGraph) -> None:
    res = await call(sample, "rank", limit=5, as_of=AT_TODAY)
    top = [r["id"] for r in res.data["ranking"]]
    assert len(top) == 5
    assert {"service-online-store", TOKEN} <= set(top)
    scores = [r["score"] for r in res.data["ranking"]]
    assert scores == sorted(scores, reverse=True)
    assert not {n.type for n in res.evidence.nodes} & (ASSISTANT | {"Observation", "Version"})
    only = await call(sample, "rank", limit=5, types=["Tool"], as_of=AT_TODAY)
    assert only.data["ranking"] and {r["type"] for r in only.data["ranking"]} == {"Tool"}


async def test_rank_is_cached_until_the_next_write(new_tenant: TenantGraph) -> None:
    await write(
        new_tenant, [node("Service", "s1"), node("Service", "s2"), edge("s1", "DEPENDS_ON", "s2")]
    )
    first = await call(new_tenant, "rank", as_of="2026-06-01")
    second = await call(new_tenant, "rank", as_of="2026-06-01")
    assert (first.data["cached"], second.data["cached"]) == (False, True)
    assert second.data["ranking"] == first.data["ranking"]
    await write(new_tenant, [node("Service", "s3"), edge("s3", "DEPENDS_ON", "s2")])
    after = await call(new_tenant, "rank", as_of="2026-06-01")
    assert after.data["cached"] is False
    assert after.data["edges_used"] == 2
    assert "s3" in [r["id"] for r in after.data["ranking"]]


async def test_rank_ignores_closed_edges_now(new_tenant: TenantGraph) -> None:
    start = date.today() - timedelta(days=365)
    closed_at = date.today() - timedelta(days=30)
    services = [f"svc-{c}" for c in "abcdef"]
    await write(
        new_tenant,
        [
            node("Account", "acc-old", as_of=start),
            node("Account", "acc-new", as_of=start),
            *(node("Service", s, as_of=start) for s in services),
            *(edge(s, "DEPENDS_ON", "acc-old", since=start, until=closed_at) for s in services),
            *(edge(s, "DEPENDS_ON", "acc-new", since=start) for s in services[:2]),
        ],
    )
    now = await call(new_tenant, "rank")
    assert now.data["ranking"][0]["id"] == "acc-new"
    assert now.data["edges_used"] == 2
    scores = {r["id"]: r["score"] for r in now.data["ranking"]}
    assert scores["acc-old"] < scores["acc-new"]
    then = await call(new_tenant, "rank", as_of=(closed_at - timedelta(days=10)).isoformat())
    assert then.data["ranking"][0]["id"] == "acc-old"
    assert then.data["edges_used"] == 8


def _groups(res: ReadResult) -> list[tuple[str, list[str]]]:
    return [(g["group"], [m["id"] for m in g["members"]]) for g in res.data["groups"]]


async def test_topics_have_stable_ids(sample: TenantGraph) -> None:
    first = await call(sample, "topics", as_of=AT_TODAY)
    assert first.found and len(first.data["groups"]) >= 2
    second = await call(sample, "topics", as_of=AT_TODAY)
    assert second.data["cached"] is True
    assert _groups(second) == _groups(first)
    clear_cache()
    third = await call(sample, "topics", as_of=AT_TODAY)
    assert third.data["cached"] is False
    assert _groups(third) == _groups(first)
    for group_id, members in _groups(first):
        assert group_id in members  # a group is named after one of its members
    sizes = [g["size"] for g in first.data["groups"]]
    assert sizes == sorted(sizes, reverse=True)


# --- cypher ---------------------------------------------------------------------------------


async def test_cypher_read_returns_rows_and_evidence(sample: TenantGraph) -> None:
    res = await call(
        sample,
        "cypher",
        query="MATCH (p:Person)-[e:OWNS]->(t:Task {id: $id}) RETURN p, t ORDER BY p.id",
        params={"id": "task-ig-token"},
    )
    assert res.found and res.tool == "cypher"
    assert res.data["row_count"] == 2
    assert {"person-arjun", "person-priya", "task-ig-token"} <= set(res.evidence.node_ids)


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("CREATE (n:Entity {id: 'evil'}) RETURN n", "CREATE"),
        ("MERGE (n:Entity {id: 'evil'}) RETURN n", "MERGE"),
        ("MATCH (n:Task) SET n.status = 'done' RETURN n", "SET"),
        ("MATCH (n:Task) DELETE n", "DELETE"),
        ("MATCH (n:Task) DETACH DELETE n", "DETACH"),
        ("MATCH (n:Task) REMOVE n.status RETURN n", "REMOVE"),
        ("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", "LOAD CSV"),
        ("CALL db.idx.fulltext.createNodeIndex('Task', 'status')", "index"),
        ("MATCH p = (a:Entity)-[*]->(b:Entity) RETURN p", "unbounded"),
        ("MATCH (n:Task) RETURN n; MATCH (m) DETACH DELETE m", "';'"),
        ("MATCH (n:Task) RETURN n; MATCH (m:Person) RETURN m", "';'"),
    ],
)
async def test_cypher_refuses_what_is_not_a_bounded_read(
    sample: TenantGraph, query: str, named: str
) -> None:
    with pytest.raises((QueryRefused, ToolArgsInvalid)) as caught:
        await call(sample, "cypher", query=query)
    assert named.lower() in str(caught.value).lower()
    still = await call(sample, "lookup", name="task-ig-token")
    assert still.found and still.data["matches"][0]["properties"]["status"] == "in progress"
    assert not (await call(sample, "lookup", name="evil")).found


# --- calc -----------------------------------------------------------------------------------


async def test_calc_divides(sample: TenantGraph) -> None:
    res = await call(sample, "calc", expression="84437 / 649")
    assert res.data["value"] == pytest.approx(130.1, abs=0.01)
    assert (await call(sample, "calc", expression="(1,200 - 200) * -2")).data["value"] == -2000


@pytest.mark.parametrize(
    "expression", ["__import__('os')", "open('/etc/passwd')", "2 ** 1000000", "1 / 0", "x + 1"]
)
async def test_calc_refuses_anything_but_arithmetic(sample: TenantGraph, expression: str) -> None:
    with pytest.raises(ToolArgsInvalid):
        await call(sample, "calc", expression=expression)


# --- measured totals ------------------------------------------------------------------------


async def test_measured_totals_sum_current_metrics_over_the_window(new_tenant: TenantGraph) -> None:
    today = date.today()
    start = today - timedelta(days=200)
    readings = [
        # spend of campaign a: two readings inside the 30-day window, one before it
        ("o1", "spend-a", today - timedelta(days=3), 40.0),
        ("o2", "spend-a", today - timedelta(days=10), 60.0),
        ("o3", "spend-a", today - timedelta(days=90), 1000.0),
        ("o4", "signups-a", today - timedelta(days=5), 8.0),
        # a metric that measured campaign a until last quarter: not counted for it now
        ("o5", "old-metric", today - timedelta(days=4), 7.0),
    ]
    facts: list[Fact] = [
        *(node("Campaign", c, as_of=start) for c in ("camp-a", "camp-b")),
        *(
            {"node": {**node("Metric", m, as_of=start)["node"], "aggregation": "sum"}}
            for m in ("spend-a", "signups-a", "old-metric")
        ),
        node("Page", "page-x", as_of=start),
        edge("spend-a", "MEASURES", "camp-a", since=start),
        edge("signups-a", "MEASURES", "camp-a", since=start),
        edge("old-metric", "MEASURES", "camp-a", since=start, until=today - timedelta(days=60)),
        edge("camp-a", "TARGETS", "page-x", since=start),
    ]
    for oid, metric, day, value in readings:
        stamp = {"src": "test", "asOf": day.isoformat()}
        end = (day + timedelta(days=1)).isoformat()
        facts += [
            {
                "node": {
                    "type": "Observation",
                    "id": oid,
                    "name": oid,
                    "value": value,
                    "start": day.isoformat(),
                    "end": end,
                    **stamp,
                }
            },
            edge(oid, "MEASURES", metric, since=day),
        ]
    await write(new_tenant, facts)

    res = await call(new_tenant, "measured_totals", type="Campaign", days=30)

    things = {t["id"]: t for t in res.data["things"]}
    assert sorted(things) == ["camp-a", "camp-b"]
    totals = {m["id"]: m["total"] for m in things["camp-a"]["metrics"]}
    assert totals == {"spend-a": 100.0, "signups-a": 8.0}
    assert [x["id"] for x in things["camp-a"]["targets"]] == ["page-x"]
    assert things["camp-b"]["metrics"] == [] and things["camp-b"]["targets"] == []
    assert {"camp-a", "camp-b", "page-x"} <= set(res.evidence.node_ids)
    none = await call(new_tenant, "measured_totals", type="Product")
    assert not none.found and "no Product" in (none.message or "")


# --- arguments every tool shares ------------------------------------------------------------

MINIMAL_ARGS: dict[str, dict[str, Any]] = {
    "search": {"query": "Instagram token"},
    "lookup": {"name": "task-ig-token"},
    "what_breaks": {"name": TOKEN},
    "neighbours": {"name": "task-ig-token"},
    "history": {"name": "task-ig-token"},
    "owner": {"name": "task-ig-token"},
    "readings": {"name": "metric-online-orders"},
    "path": {"ids": ["service-online-store", "step-upi-payment"]},
    "rank": {},
    "topics": {},
    "cypher": {"query": "MATCH (n:Task) RETURN n.id ORDER BY n.id LIMIT 3"},
    "calc": {"expression": "1 + 1"},
    "period": {"name": "metric-online-orders", "first_day": "2026-10-01", "last_day": "2026-10-07"},
    "passages": {"name": "Content review, 12 October"},
    # the repository tools (tests/test_repo_brain.py): on a tenant without code they answer
    # "not in your records", for the moment asked
    "experts_for": {"text": "who knows the checkout code"},
    "triage_candidates": {"text": "checkout fails on UPI"},
    "decision_trail": {"text": "why did we stop daily stories"},
    "area_history": {"component": "src/checkout"},
    "related_work": {"item": "task-ig-token"},
    "catch_up": {},
    "minutes": {"meeting": "last"},
    "action_items": {},
    # the evidence tools (tests/test_evidence_reads.py)
    "around": {"names": ["task-ig-token"], "hops": 2},
    "series": {"name": "metric-online-orders", "first_day": "2026-10-01", "last_day": "2026-10-28"},
    "dated_near": {"at": "2026-10-20"},
    "measured_totals": {"type": "Campaign"},
}


@pytest.mark.parametrize(
    ("name", "args", "says"),
    [
        ("series", {"name": "m", "first_day": "2026-10-02", "last_day": "2026-10-01"}, "before"),
        ("series", {"name": "m", "first_day": "2025-01-01", "last_day": "2026-10-01"}, "400"),
        ("around", {"names": [], "hops": 1}, "names"),
        ("around", {"names": ["x"], "hops": 4}, "hops"),
        ("dated_near", {"at": "sometime"}, "at"),
        ("dated_near", {"at": "2026-10-01", "days": 40}, "days"),
    ],
)
async def test_the_evidence_tools_refuse_bad_arguments(
    sample: TenantGraph, name: str, args: dict[str, Any], says: str
) -> None:
    with pytest.raises(ToolArgsInvalid) as caught:
        await call_tool(sample, name, args)
    assert says in str(caught.value)


async def test_a_walk_on_the_sample_cites_every_step(sample: TenantGraph) -> None:
    res = await call(sample, "around", names=["task-ig-token"], hops=2, types=["Person"])
    people = [i for i in res.data["items"] if i["hops"] > 0]
    assert people and all(i["node"]["type"] == "Person" for i in people)
    assert {n["id"] for i in people for n in i["via"]} <= set(res.evidence.node_ids)


def test_every_tool_is_covered_here() -> None:
    assert set(MINIMAL_ARGS) == set(TOOLS)


@pytest.mark.parametrize("name", sorted(MINIMAL_ARGS))
async def test_every_tool_answers_as_of_a_date(sample: TenantGraph, name: str) -> None:
    res = await call_tool(sample, name, {**MINIMAL_ARGS[name], "as_of": "2026-11-01"})
    assert res.tool == name
    assert res.as_of == "2026-11-01"


@pytest.mark.parametrize("name", sorted(MINIMAL_ARGS))
@pytest.mark.parametrize("bad", ["yesterday-ish", "2026-13-45", ""])
async def test_every_tool_refuses_a_malformed_as_of(
    sample: TenantGraph, name: str, bad: str
) -> None:
    with pytest.raises(ToolArgsInvalid) as caught:
        await call_tool(sample, name, {**MINIMAL_ARGS[name], "as_of": bad})
    assert "as_of" in str(caught.value)


async def test_unknown_tool_lists_the_tools(sample: TenantGraph) -> None:
    with pytest.raises(ToolUnknown) as caught:
        await call_tool(sample, "drop_everything", {})
    assert all(name in str(caught.value) for name in TOOLS)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("lookup", {"name": "task-ig-token", "graph": "tenant-other"}),
        ("rank", {"limit": 5, "tenant": "other"}),
        ("what_breaks", {"name": TOKEN, "hops": 9}),
        ("lookup", {}),
        ("search", {"query": "x", "types": ["Spaceship"]}),
    ],
)
async def test_bad_arguments_are_refused(
    sample: TenantGraph, name: str, args: dict[str, Any]
) -> None:
    with pytest.raises(ToolArgsInvalid) as caught:
        await call_tool(sample, name, args)
    assert caught.value.tool == name
