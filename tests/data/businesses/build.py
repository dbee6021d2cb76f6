"""Build the question-bank businesses: facts.jsonl, questions.json and manifest.json each.

Every business is written in its own module beside this one (``ledgerline_support``,
``harlow_quayle_law``, ``copper_pot_kitchens``, ``fernside_vets``, ``lichtveld_energie``,
``ashgrove_linen``, and the first-run banks ``tussock_ridge_ski``,
``prairie_reach_libraries``, ``bayan_lepas_assembly``) as
tables of facts plus a bank of questions.
This module holds what they share:

- ``Book``: collects facts in the ingest format (``{"node": ...}`` / ``{"edge": ...}``),
  daily readings of a metric, and Markdown documents split into one passage per section;
- the ground-truth readers (``window``, ``holder``, ``breaks``, ``current``), which read
  the finished list of facts, never the tables that made them, so a question's expected
  answer is what the facts say;
- ``period``: what a date phrase ("last week", "this month", "in Q3") means on a
  business's ``today`` (the conventions are written into each manifest);
- ``Question``: one entry of a questions.json.

Run from the repository root: ``python tests/data/businesses/build.py``. The output is
deterministic (fixed seeds, fixed dates), so a rebuild changes nothing unless a story does.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
Fact = dict[str, Any]

KINDS = (
    "impact",
    "owner",
    "decision",
    "policy",
    "relationship",
    "metric_value",
    "metric_total",
    "metric_average",
    "metric_change",
    "metric_why",
    "document",
    "meeting",
    "unknown",
    "offtopic",
)
DECLINE_KINDS = ("unknown", "offtopic")

#: What each date phrase means, written into every manifest.
DATE_PHRASES = {
    "yesterday": "the day before today",
    "last_7_days": "the 7 days ending yesterday",
    "previous_7_days": "the 7 days before those",
    "last_week": "the previous calendar week, Monday to Sunday",
    "week_before_last": "the calendar week before last week",
    "this_month": "the 1st of this month to yesterday",
    "last_month": "the previous calendar month",
    "q3": "1 July to 30 September of this year",
    "since_<month>": "the 1st of that month (this year) to yesterday",
    "explicit": "the named days, both ends included",
    "early_<month>": "the 1st to the 10th of that month",
    "mid_<month>": "the 11th to the 20th of that month",
    "late_<month>": "the 21st to the month's last day (also 'the end of <month>')",
    "first_half_<month>": "the 1st to the 15th of that month",
    "second_half_<month>": "the 16th to the month's last day",
    "month_<month>": "a month named without a year: the most recent one that has begun; "
    "the current month runs from the 1st to yesterday",
    "start_q<n>": "the first 14 days of that quarter (this year, or last year if not begun)",
    "end_q<n>": "the last 14 days of that quarter",
    "week_of_<YYYY-MM-DD>": "the Monday-to-Sunday week holding that day",
    "since_<YYYY-MM-DD>": "that day (a release, an incident's start) to yesterday",
    "clipped": "a part of a month or quarter that runs past yesterday ends yesterday",
    "covered": "a period some of whose days have no reading: figures are daily means over "
    "the days that have one, and the answer should say how many days are covered",
}
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


def period(name: str, today: date) -> tuple[date, date]:
    """The first and last day (both included) a date phrase covers on ``today``."""
    yesterday = today - timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    if name == "yesterday":
        return yesterday, yesterday
    if name == "last_7_days":
        return today - timedelta(days=7), yesterday
    if name == "previous_7_days":
        return today - timedelta(days=14), today - timedelta(days=8)
    if name == "last_week":
        return monday - timedelta(days=7), monday - timedelta(days=1)
    if name == "week_before_last":
        return monday - timedelta(days=14), monday - timedelta(days=8)
    if name == "this_month":
        return today.replace(day=1), yesterday
    if name == "last_month":
        last = today.replace(day=1) - timedelta(days=1)
        return last.replace(day=1), last
    if name == "q3":
        return date(today.year, 7, 1), date(today.year, 9, 30)
    if name.startswith("since_"):
        rest = name.removeprefix("since_")
        if rest[:1].isdigit():
            return date.fromisoformat(rest), yesterday
        return date(today.year, MONTHS.index(rest) + 1, 1), yesterday
    if name.startswith("week_of_"):
        day = date.fromisoformat(name.removeprefix("week_of_"))
        start = day - timedelta(days=day.weekday())
        return start, start + timedelta(days=6)
    if name.startswith(("start_q", "end_q")):
        quarter = int(name[-1])
        year = today.year if date(today.year, 3 * quarter - 2, 1) <= today else today.year - 1
        first = date(year, 3 * quarter - 2, 1)
        last = _month_end(date(year, 3 * quarter, 1))
        if name.startswith("start_q"):
            return first, min(first + timedelta(days=13), yesterday)
        return last - timedelta(days=13), min(last, yesterday)
    part, _, month = name.rpartition("_")
    if month in MONTHS and part in _MONTH_PARTS:
        first = _named_month(month, today)
        last = min(_month_end(first), yesterday) if part == "month" else _month_end(first)
        lo, hi = _MONTH_PARTS[part]
        start = first.replace(day=lo)
        end = last if hi is None else first.replace(day=hi)
        return start, min(end, yesterday)
    raise ValueError(f"unknown period {name!r}")


#: Parts of a month as (first day, last day or None for the month's end).
_MONTH_PARTS: dict[str, tuple[int, int | None]] = {
    "early": (1, 10),
    "mid": (11, 20),
    "late": (21, None),
    "first_half": (1, 15),
    "second_half": (16, None),
    "month": (1, None),
}


def _month_end(first: date) -> date:
    nxt = (first.replace(day=28) + timedelta(days=4)).replace(day=1)
    return nxt - timedelta(days=1)


def _named_month(month: str, today: date) -> date:
    """The first day of the most recent ``month`` that has begun on ``today``."""
    number = MONTHS.index(month) + 1
    year = today.year if number <= today.month else today.year - 1
    return date(year, number, 1)


# --- the fact book ----------------------------------------------------------------------


def iso(value: date | str) -> str:
    return value if isinstance(value, str) else value.isoformat()


class Book:
    """Collects one business's facts in the order they are written."""

    def __init__(self, today: date) -> None:
        self.today = today
        self.facts: list[Fact] = []
        self.names: dict[str, str] = {}

    def node(
        self, type_: str, id_: str, name: str, *, src: str, as_of: date | str, **props: Any
    ) -> str:
        if date.fromisoformat(iso(as_of)[:10]) > self.today:
            raise ValueError(f"{id_} is dated after today")
        self.facts.append(
            {
                "node": {
                    "type": type_,
                    "id": id_,
                    "name": name,
                    "src": src,
                    "asOf": iso(as_of),
                    **props,
                }
            }
        )
        self.names[id_] = name
        return id_

    def edge(
        self,
        frm: str,
        rel: str,
        to: str,
        *,
        since: date | str,
        src: str,
        as_of: date | str | None = None,
        until: date | str | None = None,
    ) -> None:
        for end in (frm, to):
            if end not in self.names:
                raise ValueError(f"edge {frm} -{rel}-> {to}: no node {end}")
        edge = {
            "from": frm,
            "type": rel,
            "to": to,
            "since": iso(since),
            "src": src,
            "asOf": iso(as_of or until or since),
        }
        if until is not None:
            edge["until"] = iso(until)
        self.facts.append({"edge": edge})

    def edges(
        self,
        src: str,
        since: date | str,
        *triples: tuple[str, str, str],
        as_of: date | str | None = None,
    ) -> None:
        """Edges that share a source and a since: ``(from, rel, to)`` triples."""
        for frm, rel, to in triples:
            self.edge(frm, rel, to, since=since, src=src, as_of=as_of)

    def metric(
        self,
        id_: str,
        name: str,
        unit: str,
        aggregation: str,
        *,
        src: str,
        since: date,
        measures: str | None = None,
    ) -> str:
        self.node("Metric", id_, name, src=src, as_of=since, unit=unit, aggregation=aggregation)
        if measures:
            self.edge(id_, "MEASURES", measures, since=since, src=src)
        return id_

    def readings(
        self, metric: str, values: Iterable[tuple[date, float]], *, src: str
    ) -> dict[date, str]:
        """One Observation a day (window [day, day + 1)) that MEASURES ``metric``."""
        ids: dict[date, str] = {}
        for day, value in values:
            end = day + timedelta(days=1)
            oid = f"obs-{metric.removeprefix('metric-')}-{day.isoformat()}"
            self.node(
                "Observation",
                oid,
                f"{self.names[metric]}, {day.isoformat()}",
                src=src,
                as_of=end,
                value=value,
                start=day.isoformat(),
                end=end.isoformat(),
            )
            self.edge(oid, "MEASURES", metric, since=day, src=src)
            ids[day] = oid
        return ids

    def document(
        self,
        path: Path,
        doc_id: str,
        *,
        src: str,
        as_of: date,
        author: str,
        kind: str,
        about: Iterable[str] = (),
        mentions: dict[str, str] | None = None,
    ) -> list[str]:
        """A Markdown file as a Document and one Chunk per ``##`` section (HAS_CHUNK).

        The shape is the one ``hivebrain ingest doc`` writes (a Document with its ``body``,
        Chunks with ``text`` and ``position``, ids ``<doc>#c<n>``); a section is one passage
        so each passage holds one answer. A Chunk MENTIONS every node whose keyword it holds.
        """
        text = path.read_text(encoding="utf-8")
        title, _, rest = text.partition("\n")
        title = title.removeprefix("# ").strip()
        sections = [s.strip() for s in re.split(r"^## ", rest, flags=re.M) if s.strip()]
        self.node("Document", doc_id, title, src=src, as_of=as_of, body=rest.strip(), kind=kind)
        self.edge(author, "AUTHORED", doc_id, since=as_of, src=src)
        for target in about:
            self.edge(doc_id, "ABOUT", target, since=as_of, src=src)
        chunks = []
        for i, section in enumerate(sections, 1):
            heading, _, body = section.partition("\n")
            passage = f"{heading.strip()}. {' '.join(body.split())}"
            cid = self.node(
                "Chunk",
                f"{doc_id}#c{i}",
                f"{title} §{i}",
                src=f"{src}#{i}",
                as_of=as_of,
                text=passage,
                position=i,
            )
            self.edge(doc_id, "HAS_CHUNK", cid, since=as_of, src=src)
            for word, target in (mentions or {}).items():
                if word in passage:
                    self.edge(cid, "MENTIONS", target, since=as_of, src=src)
            chunks.append(cid)
        return chunks


# --- ground truth, read from the finished facts ----------------------------------------


def nodes_of(facts: list[Fact]) -> dict[str, dict[str, Any]]:
    """Every node by id (a later fact for the same id wins, as in the graph)."""
    return {f["node"]["id"]: f["node"] for f in facts if "node" in f}


def edges_of(facts: list[Fact]) -> list[dict[str, Any]]:
    return [f["edge"] for f in facts if "edge" in f]


def day_of(value: str) -> date:
    return date.fromisoformat(value[:10])


def readings_of(facts: list[Fact], metric: str) -> dict[date, float]:
    """Every daily reading of ``metric`` by its day."""
    nodes = nodes_of(facts)
    return {
        day_of(nodes[e["from"]]["start"]): nodes[e["from"]]["value"]
        for e in edges_of(facts)
        if e["type"] == "MEASURES"
        and e["to"] == metric
        and nodes[e["from"]]["type"] == "Observation"
    }


def window(facts: list[Fact], metric: str, first: date, last: date, op: str) -> float:
    """A metric over [first, last] (both included) from its daily readings.

    ``op`` is ``aggregate`` (the metric's own ``aggregation``: the sum of a flow, the mean
    of a rate), ``mean`` (the mean daily reading, e.g. tickets a day) or ``covered_mean``
    (the mean daily reading over the days that have one, for periods with gaps). Raises if
    a day of the range has no reading, except for ``covered_mean``."""
    nodes = nodes_of(facts)
    values = readings_of(facts, metric)
    days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
    missing = [d for d in days if d not in values]
    if op == "covered_mean":
        covered = [values[d] for d in days if d in values]
        if not covered:
            raise ValueError(f"{metric}: no reading from {first} to {last}")
        return sum(covered) / len(covered)
    if missing:
        raise ValueError(f"{metric}: no reading on {missing[0]}")
    picked = [values[d] for d in days]
    total = sum(picked)
    if op == "aggregate" and nodes[metric]["aggregation"] == "sum":
        return total
    return total / len(picked)


def coverage(facts: list[Fact], metric: str, first: date, last: date) -> float:
    """The share of days in [first, last] that have a reading of ``metric``."""
    have = readings_of(facts, metric)
    days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
    return sum(d in have for d in days) / len(days)


def _is_current(edge: dict[str, Any], day: date, until: date | None) -> bool:
    return day_of(edge["since"]) <= day and (until is None or day < until)


def holder(facts: list[Fact], thing: str, day: date) -> str | None:
    """Who held a one-holder OWNS slot on ``day``: a later holder's since ends the one before."""
    owns = sorted(
        (e for e in edges_of(facts) if e["type"] == "OWNS" and e["to"] == thing),
        key=lambda e: e["since"],
    )
    for i, e in enumerate(owns):
        ends = [day_of(e["until"])] if e.get("until") else []
        ends += [day_of(n["since"]) for n in owns[i + 1 :]]
        if _is_current(e, day, min(ends, default=None)):
            return e["from"]
    return None


def current(
    facts: list[Fact], day: date, *, rel: str, frm: str | None = None, to: str | None = None
) -> list[str]:
    """The other ends of the ``rel`` edges from ``frm`` (or into ``to``) current on ``day``."""
    found = []
    for e in edges_of(facts):
        until = day_of(e["until"]) if e.get("until") else None
        if e["type"] != rel or not _is_current(e, day, until):
            continue
        if frm is not None and e["from"] == frm:
            found.append(e["to"])
        elif to is not None and e["to"] == to:
            found.append(e["from"])
    return sorted(set(found))


def breaks(facts: list[Fact], thing: str, day: date, hops: int = 4) -> list[str]:
    """What stops if ``thing`` stops: dependents over DEPENDS_ON, and AFFECTS/BLOCKS onward."""
    seen, frontier = {thing}, [thing]
    for _ in range(hops):
        step = []
        for x in frontier:
            step += current(facts, day, rel="DEPENDS_ON", to=x)
            step += current(facts, day, rel="AFFECTS", frm=x)
            step += current(facts, day, rel="BLOCKS", frm=x)
        frontier = sorted(set(step) - seen)
        seen |= set(frontier)
    return sorted(seen - {thing})


# --- questions --------------------------------------------------------------------------


@dataclass
class Question:
    """One entry of questions.json (its fields are described in README.md beside this module)."""

    q: str
    kind: str
    expect: str = "answer"
    must_include: list[str | list[str]] = field(default_factory=list)
    must_exclude: list[str] = field(default_factory=list)
    must_cite: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    number: float | None = None
    tolerance: float | None = None
    direction: str | None = None
    compute: dict[str, Any] | None = None
    truth: dict[str, Any] | None = None
    as_of: str | None = None
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v not in (None, [])}
        out.setdefault("must_include", [])
        return out


def metric_question(
    facts: list[Fact],
    today: date,
    q: str,
    kind: str,
    metric: str,
    *,
    periods: tuple[str, ...] = (),
    span: tuple[date, date] | None = None,
    spans: tuple[tuple[date, date], ...] = (),
    tolerance: float,
    covered: bool = False,
    note: str | None = None,
) -> Question:
    """A question about a metric over a period; its number is computed from the facts.

    With ``covered``, the periods may have days without readings: every figure is the mean
    daily reading over the days that have one (``op`` ``covered_mean``), and ``compute``
    records each period's coverage.

    ``metric_value`` / ``metric_total`` / ``metric_average`` take one period (or an
    explicit ``span``); ``metric_change`` takes two (this, previous) and its number is the
    percent change of the first against the second, by the metric's aggregation. An
    average is the mean daily reading; a value, total or change uses the aggregation.
    """
    if periods:
        ranges = [period(p, today) for p in periods]
    else:
        ranges = list(spans) if spans else [span]  # type: ignore[list-item]
        periods = ("explicit",) * len(ranges)
    assert all(r is not None for r in ranges)
    spans = tuple(ranges)
    op = "covered_mean" if covered else "mean" if kind == "metric_average" else "aggregate"
    if kind == "metric_total" and nodes_of(facts)[metric]["aggregation"] != "sum":
        raise ValueError(f"{q!r}: a total of a rate means nothing")
    if kind == "metric_value" and spans[0][0] != spans[0][1]:  # type: ignore[index]
        raise ValueError(f"{q!r}: a value is one day's reading")
    compute: dict[str, Any] = {
        "metric": metric,
        "op": op,
        "periods": list(periods),
        "ranges": [[a.isoformat(), b.isoformat()] for a, b in spans],  # type: ignore[union-attr]
    }
    if covered:
        compute["coverage"] = [round(coverage(facts, metric, a, b), 3) for a, b in spans]  # type: ignore[misc]
    values = [window(facts, metric, a, b, op) for a, b in spans]  # type: ignore[misc]
    direction = None
    if kind == "metric_change":
        now, before = values
        number = round((now - before) / before * 100, 1)
        direction = "up" if number > 0 else "down"
    else:
        number = round(values[0], 2)
    return Question(
        q,
        kind,
        must_cite=[metric],
        number=number,
        tolerance=tolerance,
        direction=direction,
        compute=compute,
        note=note,
    )


def owner_question(
    facts: list[Fact], q: str, thing: str, day: date, *, note: str | None = None
) -> Question:
    """Who held ``thing`` on ``day``, from the OWNS edges."""
    who = holder(facts, thing, day)
    assert who is not None, f"nobody owned {thing} on {day}"
    name = nodes_of(facts)[who]["name"]
    return Question(
        q,
        "owner",
        must_include=[name],
        must_cite=[who],
        truth={"owner_of": thing, "on": day.isoformat(), "holder": who},
        note=note,
    )


def impact_question(
    facts: list[Fact],
    q: str,
    things: list[str],
    today: date,
    *,
    must_exclude: Iterable[str] = (),
    note: str | None = None,
) -> Question:
    """What breaks if a thing stops. With several candidate things (a vendor and its tool
    go by one name), a right answer must name what breaks under every reading."""
    common = set.intersection(*(set(breaks(facts, t, today)) for t in things))
    names = nodes_of(facts)
    return Question(
        q,
        "impact",
        must_include=sorted(names[i]["name"] for i in common),
        must_exclude=list(must_exclude),
        truth={"breaks": things, "on": today.isoformat(), "items": sorted(common)},
        note=note,
    )


def related_question(
    facts: list[Fact],
    q: str,
    today: date,
    *,
    rel: str,
    frm: str | None = None,
    to: str | None = None,
    keep: Iterable[str] | None = None,
    note: str | None = None,
) -> Question:
    """Who or what is on the other end of a relationship today (``keep`` filters by type)."""
    names = nodes_of(facts)
    ends = [
        i
        for i in current(facts, today, rel=rel, frm=frm, to=to)
        if keep is None or names[i]["type"] in set(keep)
    ]
    assert ends, f"nothing {rel} {frm or to}"
    return Question(
        q,
        "relationship",
        must_include=sorted(names[i]["name"] for i in ends),
        truth={
            "rel": rel,
            "from": frm,
            "to": to,
            "on": today.isoformat(),
            "ends": ends,
            "types": sorted(set(keep)) if keep else None,
        },
        note=note,
    )


# --- writing a business ----------------------------------------------------------------


@dataclass
class Business:
    slug: str
    name: str
    trade: str
    today: date
    facts: list[Fact]
    questions: list[Question]
    readings_from: date
    readings_to: date
    #: Meeting transcripts to ingest as they are (``hivebrain ingest meeting``): each
    #: ``{"file": "meetings/<name>.txt", "title": ..., "date": "YYYY-MM-DD"}``, the file
    #: relative to the business's directory.
    meetings: list[dict[str, str]] = field(default_factory=list)


def write(business: Business, out: Path | None = None) -> dict[str, Any]:
    """Write facts.jsonl, questions.json and manifest.json (into ``out``, by default the
    business's directory beside this module); return the manifest."""
    out = out or HERE / business.slug
    out.mkdir(exist_ok=True)
    nodes = [f for f in business.facts if "node" in f]
    edges = [f for f in business.facts if "edge" in f]
    ordered = nodes + edges
    with (out / "facts.jsonl").open("w", encoding="utf-8") as fh:
        for fact in ordered:
            fh.write(json.dumps(fact, ensure_ascii=False, sort_keys=True) + "\n")
    questions = []
    for item in business.questions:
        item.as_of = item.as_of or business.today.isoformat()
        if item.kind in DECLINE_KINDS:
            item.expect = "decline"
        questions.append(item.as_dict())
    (out / "questions.json").write_text(
        json.dumps(questions, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    manifest = {
        "slug": business.slug,
        "name": business.name,
        "trade": business.trade,
        "today": business.today.isoformat(),
        "timezone": "UTC: every date is a whole UTC day; a reading covers [day, day + 1)",
        "readings": {
            "from": business.readings_from.isoformat(),
            "to": business.readings_to.isoformat(),
        },
        "date_phrases": DATE_PHRASES,
        "meetings": business.meetings,
        "counts": {
            "nodes": len({f["node"]["id"] for f in nodes}),
            "node_facts": len(nodes),
            "edges": len(edges),
            "node_types": dict(sorted(Counter(f["node"]["type"] for f in nodes).items())),
            "edge_types": dict(sorted(Counter(f["edge"]["type"] for f in edges).items())),
            "questions": len(questions),
            "questions_by_kind": {k: sum(q["kind"] == k for q in questions) for k in KINDS},
        },
    }
    (out / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    return manifest


def main() -> None:
    sys.path.insert(0, str(HERE))
    import ashgrove_linen
    import bayan_lepas_assembly
    import brackenfold_mushrooms
    import cinderbark_waste
    import copper_pot_kitchens
    import corvanta_localisation
    import fernside_vets
    import frostline_coldstore
    import glanrafon_leisure
    import harlow_quayle_law
    import hopwright_brewing
    import kestrel_lift_haul
    import larchmont_homecare
    import ledgerline_support
    import lichtveld_energie
    import nordlys_core_lab
    import prairie_reach_libraries
    import quarrystone_storage
    import skerrow_marina
    import skerryline_ferries
    import tamarack_press_carton
    import tarnfield_solar
    import tidewell_dental
    import tollcross_playhouse
    import tussock_ridge_ski
    import velo_ring_bikeshare

    for module in (
        ledgerline_support,
        harlow_quayle_law,
        copper_pot_kitchens,
        fernside_vets,
        lichtveld_energie,
        ashgrove_linen,
        tussock_ridge_ski,
        prairie_reach_libraries,
        bayan_lepas_assembly,
        tollcross_playhouse,
        kestrel_lift_haul,
        brackenfold_mushrooms,
        skerrow_marina,
        velo_ring_bikeshare,
        frostline_coldstore,
        hopwright_brewing,
        nordlys_core_lab,
        skerryline_ferries,
        larchmont_homecare,
        cinderbark_waste,
        corvanta_localisation,
        tamarack_press_carton,
        quarrystone_storage,
        tidewell_dental,
        tarnfield_solar,
        glanrafon_leisure,
    ):
        manifest = write(module.build())
        counts = manifest["counts"]
        print(
            f"{manifest['slug']}: {counts['nodes']} nodes, {counts['edges']} edges, "
            f"{counts['questions']} questions"
        )


if __name__ == "__main__":
    main()
