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
import re
from collections.abc import Sequence
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


def _month_end(first: date) -> date:
    return (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)


#: Parts of a month, by this module's own reading of the manifest: (first day, last day;
#: 0 for the month's last).
PARTS = {
    "early": (1, 10),
    "mid": (11, 20),
    "late": (21, 0),
    "first_half": (1, 15),
    "second_half": (16, 0),
    "month": (1, 0),
}
FULL_MONTHS = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
]  # fmt: skip


def days_of(name: str, today: date) -> tuple[date, date]:
    """This module's own reading of a date phrase (the manifest's ``date_phrases``): the
    first and last day, never past yesterday."""
    yesterday = today - timedelta(1)
    monday = today - timedelta(days=today.weekday())
    first_of_month = today.replace(day=1)
    spans = {
        "yesterday": (yesterday, yesterday),
        "last_7_days": (today - timedelta(7), yesterday),
        "previous_7_days": (today - timedelta(14), today - timedelta(8)),
        "last_week": (monday - timedelta(7), monday - timedelta(1)),
        "week_before_last": (monday - timedelta(14), monday - timedelta(8)),
        "this_month": (first_of_month, yesterday),
        "last_month": (
            (first_of_month - timedelta(1)).replace(day=1),
            first_of_month - timedelta(1),
        ),
        "q3": (date(today.year, 7, 1), date(today.year, 9, 30)),
    }
    if name in spans:
        return spans[name]
    head, _, rest = name.partition("_")
    if head == "since" and rest[:4].isdigit():  # an event's day: that day to yesterday
        return date.fromisoformat(rest), yesterday
    if head == "since":
        month = MONTHS.index(rest[:3]) + 1
        return date(today.year, month, 1), yesterday
    if name.startswith("week_of_"):
        held = date.fromisoformat(name.removeprefix("week_of_"))
        start = held - timedelta(days=held.weekday())
        return start, start + timedelta(6)
    if head in ("start", "end") and rest[:1] == "q":
        q = int(rest[1:])
        year = today.year if date(today.year, 3 * q - 2, 1) <= today else today.year - 1
        first, last = date(year, 3 * q - 2, 1), _month_end(date(year, 3 * q, 1))
        span = (first, first + timedelta(13)) if head == "start" else (last - timedelta(13), last)
        return span[0], min(span[1], yesterday)
    part, _, month_name = name.rpartition("_")
    month = FULL_MONTHS.index(month_name) + 1
    year = today.year if month <= today.month else today.year - 1  # the latest begun
    first = date(year, month, 1)
    lo, hi = PARTS[part]
    last = _month_end(first) if hi == 0 else first.replace(day=hi)
    return first.replace(day=lo), min(last, yesterday)


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
    """A period's figure: the sum of a flow's readings, else the mean daily reading (over
    the days that have one, for ``covered_mean``)."""
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


def named_by(question: str, nodes: dict[str, dict[str, Any]]) -> set[str]:
    """The things whose name holds a word of the question (a word of four letters or
    more, hyphens closed up, compared on its first five letters, so "notify" meets
    "notifications" and "X-ray" meets "X-ray unit")."""

    def stems(text: str) -> set[str]:
        return {w[:5] for w in re.findall(r"[a-z0-9]{4,}", text.lower().replace("-", ""))}

    asked = stems(question)
    return {
        i
        for i, n in nodes.items()
        if n["type"] not in ("Observation", "Chunk") and asked & stems(str(n.get("name", "")))
    }


def within_hops(facts: list[dict[str, Any]], starts: set[str], on: date, hops: int) -> set[str]:
    """Everything ``hops`` current edges or fewer from ``starts``, either way, readings left
    out (a metric is near every day's reading, which says nothing of what it relates to)."""
    edges = [e for e in current_edges(facts, on) if e["type"] not in ("MEASURES", "HAS_CHUNK")]
    reached, frontier = set(starts), set(starts)
    for _ in range(hops):
        frontier = {
            b
            for e in edges
            for a, b in ((e["from"], e["to"]), (e["to"], e["from"]))
            if a in frontier
        } - reached
        reached |= frontier
    return reached


def searchable_text(facts: list[dict[str, Any]], transcripts: Sequence[str] = ()) -> str:
    """Every name and text a right answer could quote, lower-cased: the facts' and the
    meeting transcripts' (a meeting question's answer may come from what was said)."""
    keys = ("name", "text", "rationale", "body", "supplies")
    found = [
        str(f["node"][k]).lower() for f in facts if "node" in f for k in keys if k in f["node"]
    ]
    return "\n".join(found + [t.lower() for t in transcripts])


def transcripts_of(slug: str, manifest: dict[str, Any]) -> list[str]:
    """The text of every meeting transcript the manifest lists (the files must exist)."""
    return [
        (DATA / slug / m["file"]).read_text(encoding="utf-8") for m in manifest.get("meetings", [])
    ]


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
                days = (day(last) - day(first)).days + 1
                if compute["op"] == "covered_mean":  # a period with gaps: the days it has
                    share = compute["coverage"][len(values)]
                    assert len(got) == round(share * days) and 0 < len(got) <= days, item["q"]
                else:
                    assert len(got) == days, item["q"]
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
    text = searchable_text(facts, transcripts_of(slug, manifest))
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
            assert day(last) < today, f"{where}: asks about today or later"
            covered = [d for d in span if d in series]
            if compute["op"] == "covered_mean":
                share = compute["coverage"][len(values)]
                assert covered and share == round(len(covered) / len(span), 3), where
            else:
                assert covered == span, f"{where}: a day without a reading"
            values.append(figure([series[d] for d in covered], aggregation, compute["op"]))
        if compute["op"] == "covered_mean":
            # gaps are read as daily means over the covered days, and some side has one
            assert len(compute["coverage"]) == len(values), where
            assert min(compute["coverage"]) < 1, f"{where}: covered, but no gap"
            assert "must_include" in item and item["must_include"], f"{where}: say the coverage"
        else:
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
            # the answer may sit up to three hops from what the question names ("the team
            # of whoever owns the login the notifications run on"): its end must be there
            near = within_hops(facts, named_by(item["q"], nodes), on, 3)
            assert set(ends) <= near, f"{where}: not within three hops of what it names"


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
