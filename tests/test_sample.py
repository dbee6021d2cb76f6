"""Tests for the sample business (its data files) and the benchmark graph: pure, no database."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from bench.scale_graph import benchmark_graph
from brain.errors import WriteRefused
from brain.sample import SAMPLE_QUESTIONS, SAMPLE_TENANT, StoryClock, expand, sample_business
from brain.schema import ALLOWED_PATTERNS, NODE_TYPES, ONE_HOLDER_RULES, gate_edge, gate_node

TODAY = date(2026, 11, 20)
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
Fact = dict[str, Any]


def _day(value: str) -> date:
    """The calendar day of an ISO date, or of an ISO datetime (which must have a zone)."""
    if "T" in value:
        moment = datetime.fromisoformat(value)
        assert moment.tzinfo is not None, f"{value} has no time zone"
        return moment.date()
    return date.fromisoformat(value)


def _split(facts: Iterable[Fact]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    nodes, edges = [], []
    for fact in facts:
        assert len(fact) == 1 and ("node" in fact or "edge" in fact), fact
        (nodes if "node" in fact else edges).append(fact.get("node") or fact["edge"])
    return nodes, edges


def _problems(facts: list[Fact], today: date, *, all_measured: bool = True) -> list[str]:
    """Everything wrong with a list of facts; an empty list means well-formed.

    With ``all_measured`` every reading must measure exactly one metric; without it (an edge
    budget too small for the readings), at most one.
    """
    problems: list[str] = []
    nodes, edges = _split(facts)
    types: dict[str, str] = {}
    for n in nodes:
        where = f"node {n.get('id')!r}"
        if n.get("type") not in NODE_TYPES:
            problems.append(f"{where}: unknown type {n.get('type')!r}")
        if not isinstance(n.get("id"), str) or not SLUG.match(n["id"]):
            problems.append(f"{where}: id is not a lowercase slug")
        if not isinstance(n.get("name"), str) or not n["name"].strip():
            problems.append(f"{where}: no name")
        if not str(n.get("src", "")).startswith("sample:"):
            problems.append(f"{where}: src does not start with sample:")
        if n.get("sample") is not True:
            problems.append(f"{where}: not marked sample: true")
        try:
            if _day(n["asOf"]) > today:
                problems.append(f"{where}: asOf {n['asOf']} is after today")
        except (KeyError, ValueError, AssertionError) as exc:
            problems.append(f"{where}: bad asOf ({exc})")
        for key, value in n.items():
            scalar = (str, int, float, bool)
            is_list = isinstance(value, list) and all(isinstance(v, scalar) for v in value)
            if not (isinstance(value, scalar) or is_list):
                problems.append(f"{where}: property {key} is not a scalar or list of scalars")
        if n.get("type") == "Metric" and (
            n.get("aggregation") not in ("sum", "mean") or not n.get("unit")
        ):
            problems.append(f"{where}: a Metric needs unit and aggregation sum/mean")
        if n.get("type") == "Observation":
            if isinstance(n.get("value"), bool) or not isinstance(n.get("value"), int | float):
                problems.append(f"{where}: an Observation needs a numeric value")
            start, end = n.get("start", ""), n.get("end", "")
            if "T" not in start or not datetime.fromisoformat(start) < datetime.fromisoformat(end):
                problems.append(f"{where}: bad reading window {start} .. {end}")
        if "text" in n and not str(n["text"]).strip():
            problems.append(f"{where}: empty text")
        types.setdefault(n["id"], n["type"])

    by_id = {n["id"]: n for n in nodes}
    measured: Counter[str] = Counter()
    for e in edges:
        where = f"edge {e.get('from')}-[{e.get('type')}]->{e.get('to')}"
        missing = {"from", "type", "to", "since", "src", "asOf"} - set(e)
        if missing:
            problems.append(f"{where}: missing {sorted(missing)}")
            continue
        if not str(e["src"]).startswith("sample:"):
            problems.append(f"{where}: src does not start with sample:")
        if e["from"] not in types or e["to"] not in types:
            problems.append(f"{where}: an endpoint is not a node of the same output")
            continue
        pattern = (types[e["from"]], e["type"], types[e["to"]])
        if pattern not in ALLOWED_PATTERNS:
            problems.append(f"{where}: pattern {pattern} is not allowed")
        try:
            since, as_of = _day(e["since"]), _day(e["asOf"])
            if since > today or as_of > today:
                problems.append(f"{where}: dated after today")
            if "until" in e and not since <= _day(e["until"]) <= today:
                problems.append(f"{where}: until {e['until']} is not between since and today")
        except (ValueError, AssertionError) as exc:
            problems.append(f"{where}: bad date ({exc})")
        if types[e["from"]] == "Observation" and e["type"] == "MEASURES":
            measured[e["from"]] += 1
            if e["since"] != by_id[e["from"]]["start"]:
                problems.append(f"{where}: since is not the reading's start")
    for n in nodes:
        allowed = (1,) if all_measured else (0, 1)
        if n["type"] == "Observation" and measured[n["id"]] not in allowed:
            problems.append(f"reading {n['id']} measures {measured[n['id']]} metrics, not one")
    return problems


def _one_holder_clashes(facts: list[Fact]) -> list[str]:
    """One-holder slots whose holders share a since: the brain could not order them."""
    nodes, edges = _split(facts)
    types = {n["id"]: n["type"] for n in nodes}
    slots: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for e in edges:
        for rule in ONE_HOLDER_RULES:
            if rule.rel != e["type"]:
                continue
            if rule.from_type not in (None, types[e["from"]]):
                continue
            if rule.to_type not in (None, types[e["to"]]):
                continue
            slots[(rule.rel, rule.key, e[rule.key])].append(e["since"])
    return [
        f"{slot}: {sinces}" for slot, sinces in slots.items() if len(set(sinces)) != len(sinces)
    ]


@pytest.fixture(scope="module")
def story() -> list[Fact]:
    return sample_business(today=TODAY)


@pytest.fixture(scope="module")
def graph(story: list[Fact]) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """Node facts by id (a list, for the versioned task) and the edge facts."""
    nodes, edges = _split(story)
    by_id: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for n in nodes:
        by_id[n["id"]].append(n)
    return by_id, edges


def _out(edges: list[dict[str, Any]], frm: str, rel: str) -> list[str]:
    return [e["to"] for e in edges if e["from"] == frm and e["type"] == rel]


def _in(edges: list[dict[str, Any]], to: str, rel: str) -> list[str]:
    return [e["from"] for e in edges if e["to"] == to and e["type"] == rel]


# --- well-formed ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "today", [TODAY, date(2026, 10, 16), date(2026, 10, 10), date(2027, 3, 1), date(2026, 1, 5)]
)
def test_story_facts_are_well_formed(today: date) -> None:
    assert _problems(sample_business(today=today), today) == []


def test_story_ids_are_unique_except_the_task_version(story: list[Fact]) -> None:
    nodes, edges = _split(story)
    repeated = [i for i, n in Counter(n["id"] for n in nodes).items() if n > 1]
    assert repeated == ["task-ig-token"]
    keys = Counter((e["from"], e["type"], e["to"]) for e in edges)
    assert [k for k, n in keys.items() if n > 1] == []  # an until would close the wrong edge
    assert _one_holder_clashes(story) == []


def test_story_puts_nodes_before_edges_and_is_deterministic(story: list[Fact]) -> None:
    kinds = ["node" if "node" in f else "edge" for f in story]
    assert kinds == sorted(kinds, key=lambda k: k == "edge")
    assert sample_business(today=TODAY) == story
    assert json.loads(json.dumps(story)) == story  # plain JSON: it can be written as JSON Lines
    assert 150 <= len({f["node"]["id"] for f in story if "node" in f}) <= 450


#: Days the data files must load on: around 15 October (the story year turns), the weeks
#: after 12 October (weekly notes start to mention it), year ends and leap days.
EDGE_DAYS = [
    TODAY,
    date(2026, 10, 14),
    date(2026, 10, 15),
    date(2026, 11, 6),
    date(2026, 12, 3),
    date(2026, 12, 31),
    date(2027, 1, 1),
    date(2028, 2, 29),
    date(2028, 3, 1),
]


@pytest.mark.parametrize("today", EDGE_DAYS, ids=str)
def test_data_files_load_through_the_gate_with_no_refusals(today: date) -> None:
    facts = sample_business(today=today)
    nodes, edges = _split(facts)
    types = {n["id"]: n["type"] for n in nodes}
    refusals: list[str] = []
    gated_nodes, gated_edges = [], []
    for n in nodes:
        try:
            gated_nodes.append(gate_node(n))
        except WriteRefused as exc:
            refusals.append(str(exc))
    for e in edges:
        try:
            gated_edges.append(gate_edge(e, types))
        except WriteRefused as exc:
            refusals.append(str(exc))
    assert refusals == []
    assert [row.id for row in gated_nodes] == [n["id"] for n in nodes]
    assert [(row.from_id, row.rel, row.to_id) for row in gated_edges] == [
        (e["from"], e["type"], e["to"]) for e in edges
    ]
    assert _problems(facts, today) == []


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for v in value.values() if isinstance(value, dict) else value:
            yield from _strings(v)


def test_data_files_leave_no_token_and_no_document_unused() -> None:
    root = resources.files("brain.sample") / "data"
    facts = sample_business(today=TODAY)
    assert [s for s in _strings(facts) if "{" in s or "}" in s] == []
    lines = (root / "facts.jsonl").read_text(encoding="utf-8").splitlines()
    raw = [json.loads(line) for line in lines]
    assert len(raw) == len(facts)
    bodies = [next(iter(f.values())) for f in raw]
    used = {v["file"] for b in bodies for v in b.values() if isinstance(v, dict) and "file" in v}
    on_disk = {f"documents/{p.name}" for p in (root / "documents").iterdir()}
    assert used == on_disk
    docs = [f["node"] for f in raw if "node" in f and f["node"]["type"] == "Document"]
    assert all(d["body"] == {"file": d["body"]["file"]} for d in docs)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("{today-4}", "2026-11-16"),
        ("{today+9}", "2026-11-29"),
        ("{today-4T11:05}", "2026-11-16T11:05:00+05:30"),
        ("{Y-10-12}", "2026-10-12"),
        ("{(Y-1)-01-10}", "2025-01-10"),
        ("{Y-01-08+75}", "2026-03-24"),
        ("{min(Y-11-05,today-1)}", "2026-11-05"),
        ("{Y}", "2026"),
        ("{today-4|day}", "16 November 2026"),
        ("{today-4|short}", "16 November"),
        ("{today-4|weekday}", "Monday"),
        ("{today|weekday:a,b,c,d,e,f,g}", "e"),
        ("{today-1|rota:a,b,c}", "abc"[date(2026, 11, 19).toordinal() % 3]),
        ("{today-8>Y-10-12? after}", " after"),
        ("x{Y-10-12>today-8? never}y", "xy"),
    ],
)
def test_date_tokens_read_as_documented(token: str, expected: str) -> None:
    assert expand(token, StoryClock.on(TODAY)) == expected


def test_story_year_turns_on_15_october() -> None:
    assert StoryClock.on(date(2026, 10, 14)).year == 2025
    assert StoryClock.on(date(2026, 10, 15)).year == 2026
    assert StoryClock.on(date(2027, 1, 1)).year == 2026
    assert expand("{Y-01-08+75}", StoryClock.on(date(2029, 1, 1))) == "2028-03-23"  # leap year
    with pytest.raises(ValueError):
        expand("{yesterday}", StoryClock.on(TODAY))


def test_tenant_and_questions() -> None:
    assert SLUG.match(SAMPLE_TENANT)
    assert len(SAMPLE_QUESTIONS) == 5 and all(q.endswith("?") for q in SAMPLE_QUESTIONS)
    assert "Why did online orders drop this week?" in SAMPLE_QUESTIONS


# --- the story questions ----------------------------------------------------------------


def _series(graph: Any, metric: str) -> dict[date, float]:
    by_id, edges = graph
    return {
        _day(by_id[o][0]["start"]): by_id[o][0]["value"]
        for o in _in(edges, metric, "MEASURES")
        if by_id[o][0]["type"] == "Observation"
    }


def test_online_orders_dropped_on_the_release_day(graph: Any) -> None:
    orders = _series(graph, "metric-online-orders")
    assert len(orders) == 60 and max(orders) == date(2026, 11, 19)
    last4 = [orders[date(2026, 11, d)] for d in range(16, 20)]
    week_before = [orders[date(2026, 11, d)] for d in range(9, 16)]
    assert all(60 <= n <= 75 for n in last4)
    assert all(120 <= n <= 140 for d, n in orders.items() if d < date(2026, 11, 16))
    drop = 1 - (sum(last4) / 4) / (sum(week_before) / 7)
    assert drop > 0.40
    errors = _series(graph, "metric-payment-error-rate")
    assert all(v < 2 for d, v in errors.items() if d < date(2026, 11, 16))
    assert all(15 < v < 20 for d, v in errors.items() if d >= date(2026, 11, 16))


def test_a_path_explains_the_drop(graph: Any) -> None:
    by_id, edges = graph
    release = by_id["release-checkout-2-4"][0]
    assert release["name"] == "Checkout v2.4" and _day(release["asOf"]) == date(2026, 11, 16)
    assert "step-upi-payment" in _out(edges, "release-checkout-2-4", "CHANGED")
    assert _out(edges, "step-upi-payment", "PART_OF") == ["service-checkout"]
    assert _out(edges, "service-checkout", "PART_OF") == ["service-online-store"]
    assert "incident-upi-failures" in _out(edges, "release-checkout-2-4", "CAUSED")
    assert "step-upi-payment" in _out(edges, "incident-upi-failures", "AFFECTS")
    dropped = [o for o in _out(edges, "incident-upi-failures", "CAUSED") if "online-orders" in o]
    assert sorted(dropped)[0] == "obs-online-orders-2026-11-16" and len(dropped) == 4
    assert _out(edges, "metric-online-orders", "MEASURES") == ["service-online-store"]
    assert "vendor-razorpay" in _out(edges, "step-upi-payment", "DEPENDS_ON")
    assert _in(edges, "task-fix-upi", "OWNS") == ["person-rohan"]
    assert _out(edges, "task-fix-upi", "FIXES") == ["incident-upi-failures"]


def _current(edge: dict[str, Any], today: date) -> bool:
    return "until" not in edge or _day(edge["until"]) > today


def test_what_breaks_if_the_instagram_token_expires(graph: Any) -> None:
    _, edges = graph
    hops: list[set[str]] = []
    seen, frontier = {"account-instagram-token"}, {"account-instagram-token"}
    for _ in range(3):
        frontier = {
            e["from"]
            for e in edges
            if e["type"] == "DEPENDS_ON" and e["to"] in frontier and _current(e, TODAY)
        } - seen
        seen |= frontier
        hops.append(frontier)
    assert hops[0] == {"tool-post-scheduler", "tool-dm-autoresponder", "service-insta-shop-sync"}
    assert {"campaign-new-roast-launch", "campaign-cafe-loyalty", "post-sunrise-reel-brew"} <= hops[
        1
    ]
    assert {"goal-new-roast-sales", "goal-cafe-visits"} <= hops[2]
    assert "tool-old-zapier" not in seen
    zapier = [e for e in edges if e["from"] == "tool-old-zapier"]
    assert len(zapier) == 1 and zapier[0]["until"] == "2026-08-01"


def test_who_owned_the_token_task_on_1_october(graph: Any) -> None:
    by_id, edges = graph
    owns = sorted(
        (e["since"], e["from"], e["src"])
        for e in edges
        if e["type"] == "OWNS" and e["to"] == "task-ig-token"
    )
    assert [(s, p) for s, p, _ in owns] == [
        ("2026-08-20", "person-arjun"),
        ("2026-10-05", "person-priya"),
    ]
    assert all("until" not in e for e in edges if e["to"] == "task-ig-token")
    on_1_october = [p for s, p, _ in owns if _day(s) <= date(2026, 10, 1)][-1]
    assert on_1_october == "person-arjun"
    versions = by_id["task-ig-token"]
    assert [v["status"] for v in versions] == ["open", "in progress"]
    assert versions[0]["name"] == "Fix Instagram token refresh"
    assert _day(versions[0]["asOf"]) < _day(versions[1]["asOf"])


def test_why_we_stopped_daily_stories(graph: Any) -> None:
    by_id, edges = graph
    new, old = "decision-pause-daily-stories", "decision-daily-stories"
    assert _out(edges, new, "SUPERSEDES") == [old]
    assert by_id[old][0]["asOf"].startswith("2026-06")
    assert by_id[new][0]["rationale"] and by_id[new][0]["text"]
    meeting = "meeting-content-review-2026-10-12"
    assert _out(edges, new, "DECIDED_IN") == [meeting]
    assert by_id[_out(edges, new, "MADE_BY")[0]][0]["type"] == "Person"
    basis = {by_id[b][0]["type"] for b in _out(edges, new, "BASED_ON")}
    assert {"Observation", "Metric", "Chunk"} <= basis
    lines = _out(edges, meeting, "HAS_CHUNK")
    assert len(lines) >= 5 and all(_out(edges, c, "SAID_BY") for c in lines)
    assert set(_out(edges, new, "BASED_ON")) & set(lines)
    reach = _series(graph, "metric-story-reach")
    assert reach[min(reach)] > 2 * reach[max(reach)]


def test_new_roast_costs_most_per_sign_up(graph: Any) -> None:
    by_id, edges = graph
    cost = {}
    for slug in ("new-roast-launch", "brand-search", "cafe-loyalty"):
        for metric in (f"metric-campaign-spend-{slug}", f"metric-signups-{slug}"):
            assert by_id[metric][0]["aggregation"] == "sum"
            assert _out(edges, metric, "MEASURES") == [f"campaign-{slug}"]
        spend = sum(_series(graph, f"metric-campaign-spend-{slug}").values())
        signups = sum(_series(graph, f"metric-signups-{slug}").values())
        cost[slug] = spend / signups
    new, middle, cheapest = sorted(cost.values(), reverse=True)
    assert new == cost["new-roast-launch"]
    assert 1.5 <= new / middle <= 1.9
    assert {"page-checkout", "page-new-roast"} <= set(
        _out(edges, "campaign-new-roast-launch", "TARGETS")
    )


def test_people_teams_vendors_and_documents(graph: Any) -> None:
    by_id, edges = graph
    of_type = Counter(v[0]["type"] for v in by_id.values())
    assert of_type["Person"] >= 7 and 3 <= of_type["Product"] <= 4 and of_type["Rule"] >= 3
    assert {"team-content", "team-ads", "team-website", "vendor-razorpay"} <= set(by_id)
    assert of_type["Customer"] >= 3
    docs = [v[0] for v in by_id.values() if v[0]["type"] == "Document"]
    assert 35 <= len(docs) <= 45
    words = [len(d["body"].split()) for d in docs]
    assert min(words) >= 200 and sum(words) >= 12_000
    for d in docs:
        chunks = _out(edges, d["id"], "HAS_CHUNK")
        assert 2 <= len(chunks) <= 6, d["id"]
        assert all(by_id[c][0]["text"] in d["body"] for c in chunks)
        assert _in(edges, d["id"], "AUTHORED")


def test_history_keeps_month_and_day_in_the_latest_year_before_today() -> None:
    early = sample_business(today=date(2026, 10, 10))
    owns = sorted(
        f["edge"]["since"]
        for f in early
        if "edge" in f and f["edge"]["type"] == "OWNS" and f["edge"]["to"] == "task-ig-token"
    )
    assert owns == ["2025-08-20", "2025-10-05"]


# --- the benchmark graph --------------------------------------------------------------


@pytest.fixture(scope="module")
def bench() -> list[Fact]:
    return list(benchmark_graph(today=TODAY))


def test_benchmark_has_exact_size_and_valid_facts(bench: list[Fact]) -> None:
    nodes, edges = _split(bench)
    assert len(nodes) == 37_240 and len(edges) == 49_983
    assert all("node" in f for f in bench[:37_240])
    assert len({n["id"] for n in nodes}) == len(nodes)
    assert _problems(bench, TODAY) == []
    assert len({(e["from"], e["type"], e["to"]) for e in edges}) == len(edges)
    assert _one_holder_clashes(bench) == []
    closed = sum("until" in e for e in edges) / len(edges)
    assert 0.03 <= closed <= 0.07
    assert {"task-ig-token", "account-instagram-token", "obs-online-orders-2026-11-19"} <= {
        n["id"] for n in nodes
    }


def test_benchmark_has_successive_holders(bench: list[Fact]) -> None:
    _, edges = _split(bench)
    holders = Counter(e["to"] for e in edges if e["type"] == "OWNS" and e["to"].startswith("task-"))
    assert sum(1 for n in holders.values() if n >= 3) >= 50


def test_benchmark_hub_walk_returns_hundreds_to_thousands(bench: list[Fact]) -> None:
    _, edges = _split(bench)
    breaks: dict[str, list[str]] = defaultdict(list)
    for e in edges:
        if not _current(e, TODAY):
            continue
        if e["type"] == "DEPENDS_ON":
            breaks[e["to"]].append(e["from"])
        elif e["type"] in ("AFFECTS", "BLOCKS"):
            breaks[e["from"]].append(e["to"])
    seen = frontier = {"account-00000"}
    for _ in range(4):
        frontier = {y for x in frontier for y in breaks[x]} - seen
        seen = seen | frontier
    assert 300 <= len(seen) - 1 <= 3000


def test_benchmark_is_deterministic_for_a_seed(bench: list[Fact]) -> None:
    assert list(benchmark_graph(today=TODAY)) == bench
    assert list(benchmark_graph(nodes=2000, edges=2600, seed=8, today=TODAY)) != list(
        benchmark_graph(nodes=2000, edges=2600, seed=7, today=TODAY)
    )


def _digest(facts: Iterable[Fact]) -> str:
    return hashlib.sha256(json.dumps(list(facts), sort_keys=True).encode()).hexdigest()


def test_benchmark_is_the_same_in_another_process() -> None:
    code = (
        "import hashlib, json; from datetime import date; "
        "from bench.scale_graph import benchmark_graph; "
        "print(hashlib.sha256(json.dumps(list(benchmark_graph(nodes=3000, edges=4000, "
        "seed=3, today=date(2026, 11, 20))), sort_keys=True).encode()).hexdigest())"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=root
    ).stdout.strip()
    assert out == _digest(benchmark_graph(nodes=3000, edges=4000, seed=3, today=TODAY))


@pytest.mark.parametrize(("n", "m"), [(0, 0), (1000, 1300), (900, 0), (5000, 4000)])
def test_benchmark_sizes_are_exact(n: int, m: int) -> None:
    facts = list(benchmark_graph(nodes=n, edges=m, today=TODAY))
    nodes, edges = _split(facts)
    assert (len(nodes), len(edges)) == (n, m)
    assert _problems(facts, TODAY, all_measured=m >= n) == []


@pytest.mark.parametrize(("n", "m"), [(-1, 10), (10, -1), (3, 1000)])
def test_benchmark_refuses_impossible_sizes(n: int, m: int) -> None:
    with pytest.raises(ValueError):
        list(benchmark_graph(nodes=n, edges=m, today=TODAY))
