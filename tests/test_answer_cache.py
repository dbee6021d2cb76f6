"""Answers to repeated questions are kept as Answer nodes that cite their evidence, served
on repeat, and made stale only by a write that touches what they cite.

The history is a small bakery point-of-sale repository (not the widgets of the other
repo-brain tests), loaded through the export-format loader like the real data.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from agents.tools import call_tool
from brain import Brain, TenantGraph
from tests.commit_records import commit_record, load_history

REPO = "crumbco/till"
RIA = {"name": "Ria Okafor", "email": "ria@crumbco.bake"}
TEO = {"name": "Teo Varga", "email": "teo@crumbco.bake"}
ASK = {"component": "src/receipts", "as_of": "2026-09-01"}

COUNT_ANSWERS = "MATCH (a:Answer {tool: $tool}) RETURN count(a)"
CITED = "MATCH (a:Answer {tool: $tool})-[:CITES]->(n) RETURN collect(DISTINCT n.id)"


def commit(n: int, day: str, who: dict[str, str], subject: str, files: list[str]) -> dict[str, Any]:
    return commit_record(REPO, n, day, who, subject, files, pr=n)


HISTORY = [
    commit(1, "2026-05-02", RIA, "Receipts print the loaf weight", ["src/receipts/print.py"]),
    commit(2, "2026-06-11", RIA, "Receipts round sourdough prices", ["src/receipts/totals.py"]),
    commit(3, "2026-07-20", TEO, "Oven timers beep twice", ["src/ovens/timer.py"]),
]


async def _tenant(brain: Brain, tmp_path: Path, records: list[dict[str, Any]]) -> TenantGraph:
    slug = f"ans-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    await load_history(graph, tmp_path / "till.jsonl", records)
    return graph


async def _answers(graph: TenantGraph, tool: str) -> int:
    return int((await graph.read("answers", COUNT_ANSWERS, {"tool": tool})).scalar(0) or 0)


async def test_a_repeated_question_is_served_from_an_answer_citing_its_evidence(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    graph = await _tenant(quiet_brain, tmp_path, HISTORY)
    first = await call_tool(graph, "experts_for", ASK)
    assert first.data["experts"][0]["name"] == "Ria Okafor"
    assert await _answers(graph, "experts_for") == 1
    cited = set((await graph.read("cited", CITED, {"tool": "experts_for"})).scalar(0) or [])
    assert cited == set(first.evidence.node_ids) and "person:ria-crumbco-bake" in cited
    # the same question in other spacing and case is the same question
    again = await call_tool(graph, "experts_for", {**ASK, "component": "  SRC/receipts "})
    assert again == first
    assert await _answers(graph, "experts_for") == 1
    # a write elsewhere (the ovens, which this answer does not cite) leaves it standing
    generation = await graph.generation()
    more = [*HISTORY, commit(4, "2026-08-01", TEO, "Oven timers show minutes", ["src/ovens/ui.py"])]
    await load_history(graph, tmp_path / "till2.jsonl", more)
    assert await graph.generation() > generation
    assert await call_tool(graph, "experts_for", ASK) == first
    assert await _answers(graph, "experts_for") == 1


async def test_a_write_touching_a_cited_record_makes_the_answer_stale(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    graph = await _tenant(quiet_brain, tmp_path, HISTORY)
    first = await call_tool(graph, "experts_for", ASK)
    assert [e["name"] for e in first.data["experts"]] == ["Ria Okafor"]
    # Teo now changes a receipts file the answer cites: a new edge at a cited node
    more = [*HISTORY, commit(5, "2026-08-15", TEO, "Receipts show VAT", ["src/receipts/print.py"])]
    await load_history(graph, tmp_path / "till3.jsonl", more)
    fresh = await call_tool(graph, "experts_for", ASK)
    assert await _answers(graph, "experts_for") == 2  # answered afresh and kept
    assert {e["name"] for e in fresh.data["experts"]} == {"Ria Okafor", "Teo Varga"}
    assert await call_tool(graph, "experts_for", ASK) == fresh  # the new one stands
    assert await _answers(graph, "experts_for") == 2


async def test_only_a_fact_the_merge_applies_makes_an_answer_stale(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    graph = await _tenant(quiet_brain, tmp_path, HISTORY)
    await call_tool(graph, "experts_for", ASK)
    ria = "person:ria-crumbco-bake"
    # an older fact about a cited person loses to what the graph holds: nothing changed
    old = {"node": {"type": "Person", "id": ria, "name": "R. Okafor", "src": "test:hr",
                    "asOf": "2020-01-01"}}  # fmt: skip
    report = await graph.write_facts([(1, old)])
    assert report.refused == 0 and report.updated == 0
    await call_tool(graph, "experts_for", ASK)
    assert await _answers(graph, "experts_for") == 1
    # a newer one is applied, so the answer that cites her is stale
    new = {"node": {**old["node"], "name": "Ria Okafor-Lind", "asOf": "2026-08-20"}}
    report = await graph.write_facts([(1, new)])
    assert report.updated == 1
    fresh = await call_tool(graph, "experts_for", ASK)
    assert await _answers(graph, "experts_for") == 2
    assert fresh.data["experts"][0]["name"] == "Ria Okafor-Lind"


async def test_an_answer_for_now_and_one_that_found_nothing(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    graph = await _tenant(quiet_brain, tmp_path, HISTORY)
    missing = await call_tool(graph, "experts_for", {"component": "src/kiosk"})
    assert not missing.found
    assert await _answers(graph, "experts_for") == 0  # nothing to cite: nothing kept
    now = await call_tool(graph, "experts_for", {"component": "src/receipts"})
    assert now.found and await _answers(graph, "experts_for") == 1
    assert await call_tool(graph, "experts_for", {"component": "src/receipts"}) == now
