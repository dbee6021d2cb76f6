"""Full-text scores follow what a graph holds, not how often its nodes were rewritten.

FalkorDB keeps a node's old full-text entry each time any property of the node changes
(a vector added after the write is one), and those dead entries skew every score that
shares their words; so did a vector index on the same label. A veterinary clinic's notes
are written, then rewritten with a new status: the write path rebuilds the index once the
dead entries pass their share, and a bulk load rebuilds at its end, so the scores equal
those of a clinic written once, with vectors or without.
"""

from __future__ import annotations

import asyncio
from typing import Any

from brain import Brain, TenantGraph
from brain._moments import now_ms
from brain.db import STALE_SHARE, ensure_indexes, stale_fulltext, wait_operational
from brain.reads import search
from tests.conftest import unique_slug

N_NOTES = 400
#: What the clinic's staff would search for; the notes hold it in texts of every length.
HITS = (
    "CALL db.idx.fulltext.queryNodes('Searchable', 'vaccine') YIELD node, score "
    "RETURN node.id, score ORDER BY node.id"
)

_SENTENCES = (
    "Rabies vaccine boosters are due every three years for dogs",
    "Check the cold chain log before opening a vaccine vial",
    "Cats with chronic kidney disease see the nurse monthly",
    "Dental scaler is sterilised after each patient",
    "Book the X-ray room a day ahead for sedated patients",
)


#: Each status the notes go through, and the day the ward book stated it.
STATED = {"draft": "2026-03-02", "reviewed": "2026-03-09"}


def notes(status: str, ids: range = range(N_NOTES)) -> list[tuple[int, dict[str, Any]]]:
    """The clinic's notes, each with ``status``; three in five mention vaccines, in texts
    of different lengths so their scores differ."""
    facts: list[tuple[int, dict[str, Any]]] = []
    for i in ids:
        text = " ".join(_SENTENCES[(i + k) % len(_SENTENCES)] for k in range(1 + i % 3))
        node = {"type": "Note", "id": f"note-{i}", "name": f"Ward note {i}", "text": text,
                "status": status, "src": "ward-book", "asOf": STATED[status]}  # fmt: skip
        facts.append((len(facts) + 1, {"node": node}))
    return facts


async def scores(graph: TenantGraph) -> dict[str, float]:
    return {str(i): float(s) for i, s in (await graph.read("vaccine hits", HITS)).rows}


async def dead_entries(graph: TenantGraph) -> int:
    states = await stale_fulltext(graph._driver, graph._graph)  # pyright: ignore[reportPrivateUsage]
    return next(s.stale for s in states if s.label == "Searchable")


async def written_once(brain: Brain) -> dict[str, float]:
    """The scores of the clinic written in one go, in its final state, as a restart (or
    the end of a bulk load) leaves its index: built from the nodes at once."""
    graph = await _tenant(brain)
    await graph.write_facts(notes("reviewed"))
    assert await dead_entries(graph) == 0
    assert await graph.refresh_fulltext() == ["Searchable"]
    return await scores(graph)


async def _tenant(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


async def test_rewritten_notes_score_as_if_written_once(quiet_brain: Brain) -> None:
    once = await written_once(quiet_brain)
    graph = await _tenant(quiet_brain)
    await graph.write_facts(notes("draft"))
    await graph.write_facts(notes("reviewed"), refresh_fulltext=False)

    # the premise: rewriting every note left a dead entry each, and the scores moved
    assert await dead_entries(graph) == N_NOTES
    skewed = await scores(graph)
    holding = {f["node"]["id"] for _, f in notes("reviewed") if "vaccine" in f["node"]["text"]}
    assert skewed.keys() == once.keys() == holding
    assert skewed != once

    assert await graph.refresh_fulltext() == ["Searchable"]
    assert await dead_entries(graph) == 0
    assert await scores(graph) == once


async def test_a_batch_rebuilds_once_its_updates_pass_the_share(quiet_brain: Brain) -> None:
    once = await written_once(quiet_brain)
    graph = await _tenant(quiet_brain)
    await graph.write_facts(notes("draft"))

    few = int(N_NOTES * STALE_SHARE) - 10  # under the share: kept as it is
    await graph.write_facts(notes("reviewed", range(few)))
    assert await dead_entries(graph) == few

    await graph.write_facts(notes("reviewed", range(few, N_NOTES)))  # past it: rebuilt
    assert await dead_entries(graph) == 0
    assert await scores(graph) == once


async def test_reads_wait_for_a_rebuild_instead_of_finding_nothing(quiet_brain: Brain) -> None:
    graph = await _tenant(quiet_brain)
    await graph.write_facts(notes("draft"))
    await graph.write_facts(notes("reviewed"), refresh_fulltext=False)
    expected = await scores(graph)

    rebuild = asyncio.create_task(graph.refresh_fulltext())
    serving = graph._writer.fulltext_serving  # pyright: ignore[reportPrivateUsage]
    while serving.is_set() and not rebuild.done():  # noqa: ASYNC110 (no event to await)
        await asyncio.sleep(0)
    assert not rebuild.done(), "the rebuild ended before a read could overlap it"
    during = await scores(graph)  # sent while the index is dropped and rebuilt
    await rebuild
    assert during.keys() == expected.keys()


async def test_vectors_leave_full_text_scores_alone(brain: Brain, quiet_brain: Brain) -> None:
    """A tenant that embeds scores its words as one that does not: vectors are indexed
    under a label of their own (a vector field in the full-text label's index changed
    every score)."""
    without = await written_once(quiet_brain)
    graph = await _tenant(brain)
    await graph.write_facts(notes("reviewed"))
    assert graph.last_embedding.changed == N_NOTES
    await graph.refresh_fulltext()
    assert await scores(graph) == without


READ_VECTOR_INDEXES = (
    "CALL db.indexes() YIELD label, types, info "
    "WHERE 'VECTOR' IN types.embedding RETURN label, info.numDocuments"
)


async def test_a_graph_with_vectors_on_its_full_text_label_is_moved(brain: Brain) -> None:
    """A graph made before vectors had their own label: opening it moves them, and search
    by meaning still finds the notes."""
    graph = await _tenant(brain)
    await graph.write_facts(notes("reviewed"))
    name = graph._graph  # pyright: ignore[reportPrivateUsage]
    for statement in (  # the old layout, by hand
        "DROP VECTOR INDEX FOR (n:SearchableVector) ON (n.embedding)",
        "MATCH (n:SearchableVector) REMOVE n:SearchableVector",
        "CREATE VECTOR INDEX FOR (n:Searchable) ON (n.embedding) "
        "OPTIONS {dimension: 384, similarityFunction: 'cosine'}",
    ):
        await brain.driver.query(name, "old layout", statement)
    await wait_operational(brain.driver, name)
    assert dict((await graph.read("vector indexes", READ_VECTOR_INDEXES)).rows) == {
        "Searchable": N_NOTES, "ChunkVector": 0
    }  # fmt: skip

    await ensure_indexes(brain.driver, name, dimension=384)
    assert dict((await graph.read("vector indexes", READ_VECTOR_INDEXES)).rows) == {
        "SearchableVector": N_NOTES, "ChunkVector": 0
    }  # fmt: skip
    assert brain.embedder is not None
    found = await search(graph, "immunisation shots", as_of_ms=now_ms(), limit=5)
    by_meaning = [h for h in found.data["hits"] if "vector" in h["via"]]
    holding = {f["node"]["id"] for _, f in notes("reviewed") if "vaccine" in f["node"]["text"]}
    assert by_meaning and all(h["id"] in holding for h in by_meaning[:2])
