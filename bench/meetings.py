"""Meetings as memory on QMSum: how fast transcripts load, and whether search finds the lines.

Loads the eight QMSum meetings of ../shared/data/meetings into one tenant the way
``hivebrain ingest meeting`` does (format detection, speakers, rules extraction, the
gate, embeddings on) and times it (lines per second). Then asks every specific query
that lists its supporting turn span through the ``search`` tool, as a desk calls it, and
scores hit@10: whether any of the first 10 passages the search returns is a line of that
meeting inside the span (QMSum turn indexes, inclusive, 0-based like ``Chunk.line``).

Two readings of the same search results, side by side:

* ``passages``: the result's ranked passage list (``data["passages"]``), what an answer
  quotes now;
* ``by source``: the passages the source hits carry, in hit order (what a caller had
  before passages were ranked on their own);
* ``within``: the same question asked of its own meeting (``search`` with ``within``),
  which is how QMSum poses it: each query is written for one meeting, and all eight
  meetings here are about designing one remote control, so across them a question often
  fits several (the literal reading is the ``passages`` column).

Every figure is also given for two halves of the meetings (split A: each series' first
and third meeting; split B: its second and fourth), so a change chosen on one half can be
checked on the other.

Starts its own FalkorDB in a temporary directory and stops it. Prints a table per meeting,
then one JSON object of the figures as the last line. Run: ``python bench/meetings.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shared_data import need_files, shared_data  # bench/ is a folder of scripts

from agents.tools import call_tool
from brain import Brain, BrainSettings, EmbeddedServer, TenantGraph
from brain.ingest import load_meeting, meeting_id, parse_transcript

DEFAULT_MEETINGS = shared_data("meetings")
AS_OF = "2026-01-05"
K = 10


@dataclass(frozen=True, slots=True)
class Question:
    """One QMSum specific query and the lines that support its answer."""

    meeting: str
    text: str
    lines: frozenset[int]


def read_questions(path: Path) -> list[Question]:
    """The specific queries of one QMSum file that list a supporting span."""
    data = json.loads(path.read_text(encoding="utf-8"))
    found: list[Question] = []
    for item in data.get("specific_query_list", []):
        spans: list[list[Any]] = item.get("relevant_text_span") or []
        lines = {i for span in spans for i in range(int(span[0]), int(span[1]) + 1)}
        if lines:
            found.append(Question(meeting_id(path.stem), item["query"], frozenset(lines)))
    return found


def inside(passages: list[dict[str, Any]], source: str, q: Question) -> bool:
    """Whether any of the first K passages is a line of the question's meeting in its span."""
    return any(source_of(p, source) == q.meeting and p.get("line") in q.lines for p in passages[:K])


def source_of(passage: dict[str, Any], fallback: str) -> str:
    src: dict[str, Any] | None = passage.get("source")
    return str(src["id"]) if src is not None else fallback


@dataclass(frozen=True, slots=True)
class Asked:
    """One question's hit@10 readings and search times."""

    ranked: bool
    by_source: bool
    within: bool
    ms: float
    within_ms: float


async def ask(graph: TenantGraph, q: Question) -> Asked:
    """Ask one question across all meetings and within its own; see the module doc."""
    started = time.perf_counter()
    result = await call_tool(graph, "search", {"query": q.text[:500], "limit": K})
    ms = (time.perf_counter() - started) * 1000
    ranked = list(result.data.get("passages", []))
    by_source = [
        {**p, "source": {"id": h["id"]}} for h in result.data["hits"] for p in h.get("passages", [])
    ]
    started = time.perf_counter()
    scoped = await call_tool(
        graph, "search", {"query": q.text[:500], "limit": K, "within": q.meeting}
    )
    within_ms = (time.perf_counter() - started) * 1000
    return Asked(
        inside(ranked, "", q),
        inside(by_source, "", q),
        inside(list(scoped.data.get("passages", [])), "", q),
        ms,
        within_ms,
    )


async def load(graph: TenantGraph, files: list[Path]) -> tuple[int, float, int, int]:
    """Load every transcript; (lines, seconds, decisions kept, action items kept)."""
    lines = decisions = actions = 0
    started = time.perf_counter()
    for path in files:
        transcript = parse_transcript(path.name, path.read_text(encoding="utf-8"))
        loaded = await load_meeting(
            graph, transcript, name=path.stem, src=f"qmsum:{path.stem}", as_of=AS_OF
        )
        if loaded.report.refused:
            raise RuntimeError(f"{path.name}: {loaded.report.refusals[:3]}")
        lines += loaded.lines
        decisions += sum(1 for c in loaded.extraction.kept if c.kind == "decision")
        actions += sum(1 for c in loaded.extraction.kept if c.kind == "action")
    return lines, time.perf_counter() - started, decisions, actions


def split_of(meeting: str) -> str:
    """Which half of the meetings a question belongs to: A holds each series' first and third
    meeting (``...a``, ``...c``), B its second and fourth, so a change tried on one half can
    be checked on the other."""
    return "A" if meeting[-1:] in ("a", "c") else "B"


def ratio(hits: int, total: int) -> float:
    return round(hits / total, 3) if total else 0.0


async def main(files: list[Path]) -> dict[str, Any]:
    """Load, ask, print the table; return the figures."""
    questions = [q for f in files for q in read_questions(f)]
    with tempfile.TemporaryDirectory(prefix="hivebrain-bench-") as tmp:
        server = EmbeddedServer(Path(tmp))
        url = await server.ensure_running()
        try:
            settings = BrainSettings(falkordb_url=url, hivebrain_embeddings=True)
            async with Brain(settings) as brain:
                await brain.create_tenant("qmsum")
                graph = await brain.tenant("qmsum")
                lines, load_s, decisions, actions = await load(graph, files)
                assert graph.embedder is not None
                for q in questions[:3]:  # warm: the first single-text encodes are slow
                    await graph.embedder.embed([q.text])
                per: dict[str, list[Asked]] = defaultdict(list)
                for q in questions:
                    per[q.meeting].append(await ask(graph, q))
        finally:
            await server.stop()
    print(
        f"QMSum: {len(files)} meetings, {lines:,} lines loaded in {load_s:.1f} s "
        f"({lines / load_s:.1f} lines/s, embeddings and extraction on); "
        f"rules kept {decisions} decisions, {actions} action items"
    )
    print(f"{'meeting':20}{'questions':>10}{'hit@10':>10}{'by source':>11}{'within':>10}")

    def row(label: str, rows: list[Asked]) -> None:
        n = len(rows)
        print(
            f"{label:20}{n:>10}{ratio(sum(r.ranked for r in rows), n):>10.3f}"
            f"{ratio(sum(r.by_source for r in rows), n):>11.3f}"
            f"{ratio(sum(r.within for r in rows), n):>10.3f}"
        )

    for meeting, rows in per.items():
        row(meeting, rows)
    all_rows = [r for rows in per.values() for r in rows]
    n = len(all_rows)
    hit = ratio(sum(r.ranked for r in all_rows), n)
    old = ratio(sum(r.by_source for r in all_rows), n)
    within = ratio(sum(r.within for r in all_rows), n)
    print(f"{'overall':20}{n:>10}{hit:>10.3f}{old:>11.3f}{within:>10.3f}")
    halves = {
        name: [r for m, rows in per.items() if split_of(m) == name for r in rows] for name in "AB"
    }
    for name, rows in halves.items():
        row(f"split {name}", rows)
    ms = [r.ms for r in all_rows]
    within_ms = [r.within_ms for r in all_rows]
    print(
        f"median search {statistics.median(ms):.1f} ms; "
        f"within a meeting {statistics.median(within_ms):.1f} ms"
    )
    figures: dict[str, Any] = {
        "meetings": len(files),
        "questions": n,
        "lines": lines,
        "load_s": round(load_s, 1),
        "lines_per_s": round(lines / load_s, 1),
        "hit_at_10_ratio": hit,
        "hit_at_10_by_source_ratio": old,
        "hit_at_10_within_meeting_ratio": within,
        "search_ms_median": round(statistics.median(ms), 1),
        "search_within_ms_median": round(statistics.median(within_ms), 1),
    }
    for name, rows in halves.items():
        figures[f"hit_at_10_split_{name.lower()}_ratio"] = ratio(
            sum(r.ranked for r in rows), len(rows)
        )
        figures[f"hit_at_10_within_split_{name.lower()}_ratio"] = ratio(
            sum(r.within for r in rows), len(rows)
        )
    for meeting, rows in per.items():
        short = meeting.removeprefix("meeting-")
        figures[f"hit_at_10_{short}_ratio"] = ratio(sum(r.ranked for r in rows), len(rows))
        figures[f"hit_at_10_within_{short}_ratio"] = ratio(sum(r.within for r in rows), len(rows))
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--meetings", type=Path, default=DEFAULT_MEETINGS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    found = need_files(args.meetings, "*.json")
    print(json.dumps(asyncio.run(main(found))))
