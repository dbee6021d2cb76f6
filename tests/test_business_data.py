"""The question-bank businesses (tests/data/businesses/<slug>/) are sound data.

Each business's facts.jsonl goes through the real gate into a fresh tenant with nothing
refused; every questions.json entry is well formed; and the ground truth is what the facts
say. Numbers, owners, what breaks and who is on the other end of a relationship are
recomputed here from facts.jsonl with this module's own reading of the conventions
(a date phrase's days, one-holder OWNS intervals), and the metric figures and owners are
read back from the loaded graph too, so a story edited without rebuilding its questions
(``python tests/data/businesses/build.py``) fails here.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from brain import Brain, TenantGraph, parse_moment, read_facts
from tests.conftest import unique_slug
from tests.data.businesses.build import DECLINE_KINDS, KINDS

DATA = Path(__file__).resolve().parent / "data" / "businesses"
SLUGS = sorted(p.name for p in DATA.iterdir() if (p / "questions.json").is_file())
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
KEYS = {
    "q",
    "kind",
    "expect",
    "must_include",
    "must_exclude",
    "must_cite",
    "absent",
    "number",
    "tolerance",
    "direction",
    "compute",
    "truth",
    "as_of",
    "note",
}


def read(slug: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    path = DATA / slug
    facts = [fact for _, fact in read_facts(path / "facts.jsonl")]
    manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    questions = json.loads((path / "questions.json").read_text(encoding="utf-8"))
    return manifest, facts, questions


def day(value: str) -> date:
    return date.fromisoformat(value[:10])


def days_of(name: str, today: date) -> tuple[date, date]:
    """This module's own reading of a date phrase (the manifest's ``date_phrases``)."""
    monday = today - timedelta(days=today.weekday())
    first_of_month = today.replace(day=1)
    spans = {
        "yesterday": (today - timedelta(1), today - timedelta(1)),
        "last_7_days": (today - timedelta(7), today - timedelta(1)),
        "previous_7_days": (today - timedelta(14), today - timedelta(8)),
        "last_week": (monday - timedelta(7), monday - timedelta(1)),
        "week_before_last": (monday - timedelta(14), monday - timedelta(8)),
        "this_month": (first_of_month, today - timedelta(1)),
        "last_month": (
            (first_of_month - timedelta(1)).replace(day=1),
            first_of_month - timedelta(1),
        ),
        "q3": (date(today.year, 7, 1), date(today.year, 9, 30)),
    }
    if name.startswith("since_"):
        month = MONTHS.index(name.removeprefix("since_")[:3]) + 1
        return date(today.year, month, 1), today - timedelta(1)
    return spans[name]


def readings(facts: list[dict[str, Any]], metric: str) -> dict[date, float]:
    nodes = {f["node"]["id"]: f["node"] for f in facts if "node" in f}
    return {
        day(nodes[e["from"]]["start"]): float(nodes[e["from"]]["value"])
        for f in facts
        if "edge" in f
        for e in [f["edge"]]
        if e["type"] == "MEASURES"
        and e["to"] == metric
        and nodes[e["from"]]["type"] == "Observation"
    }


def figure(values: list[float], aggregation: str, op: str) -> float:
    return sum(values) if op == "aggregate" and aggregation == "sum" else sum(values) / len(values)


def owner_on(facts: list[dict[str, Any]], thing: str, on: date) -> str | None:
    owns = sorted(
        (f["edge"] for f in facts if "edge" in f and f["edge"]["type"] == "OWNS"),
        key=lambda e: e["since"],
    )
    owns = [e for e in owns if e["to"] == thing]
    for i, e in enumerate(owns):
        ends = [day(n["since"]) for n in owns[i + 1 :]] + (
            [day(e["until"])] if "until" in e else []
        )
        if day(e["since"]) <= on and (not ends or on < min(ends)):
            return e["from"]
    return None


def current_edges(facts: list[dict[str, Any]], on: date) -> list[dict[str, Any]]:
    return [
        f["edge"]
        for f in facts
        if "edge" in f
        and day(f["edge"]["since"]) <= on
        and ("until" not in f["edge"] or on < day(f["edge"]["until"]))
    ]


def broken_by(facts: list[dict[str, Any]], thing: str, on: date) -> set[str]:
    """Everything within four hops that stops when ``thing`` stops."""
    edges = current_edges(facts, on)
    reached, frontier = {thing}, {thing}
    for _ in range(4):
        nxt = {e["from"] for e in edges if e["type"] == "DEPENDS_ON" and e["to"] in frontier}
        nxt |= {
            e["to"] for e in edges if e["type"] in ("AFFECTS", "BLOCKS") and e["from"] in frontier
        }
        frontier = nxt - reached
        reached |= frontier
    return reached - {thing}


def searchable_text(facts: list[dict[str, Any]]) -> str:
    """Every name and text a right answer could quote, lower-cased."""
    keys = ("name", "text", "rationale", "body", "supplies")
    return "\n".join(
        str(f["node"][k]).lower() for f in facts if "node" in f for k in keys if k in f["node"]
    )


# --- the facts go through the real gate ---------------------------------------------------

READ_COUNTS = "MATCH (n:Entity) WITH count(n) AS nodes MATCH ()-[e]->() RETURN nodes, count(e)"
READ_WINDOW = """
MATCH (o:Observation)-[:MEASURES]->(m:Metric {id: $metric})
WHERE o.start >= $from AND o.start < $to
RETURN m.aggregation, collect(o.value)
"""
READ_OWNER = """
MATCH (p:Entity)-[e:OWNS]->(t:Entity {id: $id})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t) AND coalesce(e.lost, false) = false
RETURN p.id
"""


async def loaded(brain: Brain, facts_path: Path) -> tuple[TenantGraph, int]:
    slug = unique_slug()
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(read_facts(facts_path))
    assert report.refusals == [], report.refusals[:5]
    return graph, report.created


@pytest.mark.parametrize("slug", SLUGS)
async def test_facts_load_through_the_gate_and_read_back(quiet_brain: Brain, slug: str) -> None:
    manifest, _, questions = read(slug)
    graph, _ = await loaded(quiet_brain, DATA / slug / "facts.jsonl")
    nodes, edges = (await graph.ro_query("counts", READ_COUNTS, {})).rows[0]
    assert nodes == manifest["counts"]["nodes"]
    assert edges == manifest["counts"]["edges"]
    for item in questions:
        compute = item.get("compute")
        if compute:  # the graph's own readings give the stored figure
            values = []
            for first, last in compute["ranges"]:
                res = await graph.ro_query(
                    "window",
                    READ_WINDOW,
                    {
                        "metric": compute["metric"],
                        "from": parse_moment(first),
                        "to": parse_moment(day(last) + timedelta(days=1)),
                    },
                )
                aggregation, got = res.rows[0]
                assert len(got) == (day(last) - day(first)).days + 1, item["q"]
                values.append(figure(got, aggregation, compute["op"]))
            if item["kind"] == "metric_change":
                assert round((values[0] - values[1]) / values[1] * 100, 1) == item["number"]
            else:
                assert values[0] == pytest.approx(item["number"], abs=0.005), item["q"]
        truth = item.get("truth") or {}
        if "owner_of" in truth:  # the write path's one-holder intervals give the owner
            res = await graph.ro_query(
                "owner", READ_OWNER, {"id": truth["owner_of"], "t": parse_moment(truth["on"])}
            )
            assert [r[0] for r in res.rows] == [truth["holder"]], item["q"]


# --- the questions are well formed ----------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_questions_are_well_formed(slug: str) -> None:
    manifest, facts, questions = read(slug)
    nodes = [f for f in facts if "node" in f]
    ids = {f["node"]["id"] for f in nodes}
    text = searchable_text(facts)
    assert len(questions) >= 20
    asked = {q["kind"] for q in questions}
    assert set(KINDS) - {"meeting"} <= asked <= set(KINDS), "every kind is asked at least once"
    assert len({q["q"] for q in questions}) == len(questions), "no question twice"
    for item in questions:
        where = f"{slug}: {item['q']!r}"
        assert set(item) <= KEYS, where
        assert item["kind"] in KINDS, where
        assert item["expect"] == ("decline" if item["kind"] in DECLINE_KINDS else "answer"), where
        assert item["as_of"] == manifest["today"], where
        assert all(c in ids for c in item.get("must_cite", [])), where
        if item["expect"] == "decline":
            assert not item["must_include"] and "number" not in item, where
            for name in item.get("absent", []):  # what it asks about really is not there
                assert name.lower() not in text, f"{where}: {name!r} is in the records"
                assert not any(name in str(f["node"].get("start", "")) for f in nodes), where
            if item["kind"] == "unknown":
                assert item.get("absent"), f"{where}: say what is not in the records"
            continue
        assert item["must_include"] or "number" in item, f"{where}: nothing to check"
        for want in item["must_include"]:
            options = [want] if isinstance(want, str) else want
            assert options and all(isinstance(o, str) and o for o in options), where
            assert any(o.lower() in text for o in options), f"{where}: {want!r} is not in the facts"
        for unwanted in item.get("must_exclude", []):
            assert unwanted.lower() in text, f"{where}: exclude only real things"
        if "number" in item:
            assert item["kind"].startswith("metric_") and item["tolerance"] > 0, where
            assert item["compute"]["metric"] in ids, where
        if item["kind"] == "metric_change":
            assert item["direction"] == ("up" if item["number"] > 0 else "down"), where


# --- the ground truth is what the facts say ---------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_numbers_recompute_from_the_facts(slug: str) -> None:
    manifest, facts, questions = read(slug)
    today = day(manifest["today"])
    nodes = {f["node"]["id"]: f["node"] for f in facts if "node" in f}
    numeric = [q for q in questions if "number" in q]
    assert {q["kind"] for q in numeric} >= {
        "metric_value",
        "metric_total",
        "metric_average",
        "metric_change",
    }
    for item in numeric:
        compute, where = item["compute"], f"{slug}: {item['q']!r}"
        series = readings(facts, compute["metric"])
        aggregation = nodes[compute["metric"]]["aggregation"]
        values = []
        for name, (first, last) in zip(compute["periods"], compute["ranges"], strict=True):
            if name != "explicit":
                assert days_of(name, today) == (day(first), day(last)), where
            span = [day(first) + timedelta(i) for i in range((day(last) - day(first)).days + 1)]
            assert all(d in series for d in span), f"{where}: a day without a reading"
            assert day(last) < today, f"{where}: asks about today or later"
            values.append(figure([series[d] for d in span], aggregation, compute["op"]))
        expected_op = "mean" if item["kind"] == "metric_average" else "aggregate"
        assert compute["op"] == expected_op, where
        if item["kind"] == "metric_total":
            assert aggregation == "sum", f"{where}: a total of a rate"
        if item["kind"] == "metric_value":
            assert compute["ranges"][0][0] == compute["ranges"][0][1], where
        if item["kind"] == "metric_change":
            assert len(values) == 2, where
            assert item["number"] == round((values[0] - values[1]) / values[1] * 100, 1), where
        else:
            assert len(values) == 1, where
            assert item["number"] == pytest.approx(values[0], abs=0.005), where


@pytest.mark.parametrize("slug", SLUGS)
def test_owners_impacts_and_relationships_recompute_from_the_facts(slug: str) -> None:
    manifest, facts, questions = read(slug)
    nodes = {f["node"]["id"]: f["node"] for f in facts if "node" in f}
    for item in questions:
        truth, where = item.get("truth"), f"{slug}: {item['q']!r}"
        if item["kind"] in ("owner", "impact", "relationship"):
            assert truth, f"{where}: no truth to check"
        if not truth:
            continue
        on = day(truth["on"])
        if item["kind"] == "owner":
            holder = owner_on(facts, truth["owner_of"], on)
            assert holder == truth["holder"], where
            assert item["must_include"] == [nodes[holder]["name"]], where
        elif item["kind"] == "impact":
            common = set.intersection(*(broken_by(facts, t, on) for t in truth["breaks"]))
            assert common and sorted(common) == truth["items"], where
            assert sorted(item["must_include"]) == sorted(nodes[i]["name"] for i in common), where
            for unwanted in item.get("must_exclude", []):
                assert all(unwanted.lower() not in nodes[i]["name"].lower() for i in common), where
        elif item["kind"] == "relationship":
            edges = [e for e in current_edges(facts, on) if e["type"] == truth["rel"]]
            if truth["from"]:
                ends = {e["to"] for e in edges if e["from"] == truth["from"]}
            else:
                ends = {e["from"] for e in edges if e["to"] == truth["to"]}
            if truth.get("types"):
                ends = {i for i in ends if nodes[i]["type"] in truth["types"]}
            assert ends and sorted(ends) == sorted(truth["ends"]), where
            assert sorted(item["must_include"]) == sorted(nodes[i]["name"] for i in ends), where


@pytest.mark.parametrize("slug", SLUGS)
def test_a_business_is_its_own(slug: str) -> None:
    """Dated consistently with its manifest, and nothing borrowed from the sample."""
    manifest, facts, _ = read(slug)
    today = day(manifest["today"])
    assert all(day(f["node"]["asOf"]) <= today for f in facts if "node" in f)
    assert all(day(f["edge"]["since"]) <= today for f in facts if "edge" in f)
    assert not any(
        str(f.get("node", f.get("edge", {})).get("src", "")).startswith("sample:") for f in facts
    )
    readings_span = manifest["readings"]
    starts = sorted(
        day(f["node"]["start"]) for f in facts if f.get("node", {}).get("type") == "Observation"
    )
    assert (starts[0].isoformat(), starts[-1].isoformat()) == (
        readings_span["from"],
        readings_span["to"],
    )
    assert (today - starts[-1]).days == 1, "readings end yesterday"
    assert (starts[-1] - starts[0]).days >= 85, "about 90 days of readings"
