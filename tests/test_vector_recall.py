"""Vector search finds the nearest vectors, not a sample of them.

FalkorDB's vector index walks an HNSW graph keeping ``efRuntime`` candidates (10 unless
told), widened only to the k a query asks for. On a tenant's transcript lines, many of
them alike ("okay", "yes, fine"), a k-30 search then missed a good share of the 30
nearest lines, and which ones it missed changed from one build of the same graph to the
next. Every vector index is made to search wider (``VECTOR_EF_RUNTIME``), and a graph made
before that has its narrow indexes rebuilt when it is opened.
"""

from __future__ import annotations

import numpy as np

from brain import Brain, TenantGraph
from brain.db import VECTOR_EF_RUNTIME, ensure_indexes, wait_operational
from tests.conftest import unique_slug

DIM = 384
#: Lines of a few meetings' worth: many near-copies of a few dozen things said.
LINES = 3_000
TOPICS = 40
K = 30

READ_VECTOR_OPTIONS = (
    "CALL db.indexes() YIELD label, types, options, info "
    "WITH label, types, options, info, keys(types)[0] AS prop "
    "WHERE 'VECTOR' IN types[prop] "
    "RETURN label, options[prop].efRuntime, info.numDocuments"
)
WRITE_LINES = (
    "UNWIND $rows AS row "
    "CREATE (:Entity:Chunk:ChunkVector {id: row.id, type: 'Chunk', embedding: vecf32(row.v)})"
)
READ_NEAREST = (
    "CALL db.idx.vector.queryNodes('ChunkVector', 'embedding', $k, vecf32($v)) "
    "YIELD node, score RETURN node.id ORDER BY score, node.id"
)

READ_NEAREST_OF = (
    "CALL db.idx.vector.queryNodes($label, $prop, $k, vecf32($v)) YIELD node RETURN node.id"
)


async def _tenant(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


def _lines(rng: np.random.Generator) -> np.ndarray:
    """Unit vectors around a few topics, as a team's many short lines lie."""
    topics = rng.normal(size=(TOPICS, DIM))
    near = topics[rng.integers(0, TOPICS, LINES)] + 0.6 * rng.normal(size=(LINES, DIM))
    return (near / np.linalg.norm(near, axis=1, keepdims=True)).astype(np.float32)


async def _options(graph: TenantGraph) -> dict[str, tuple[int, int]]:
    rows = (await graph.read("vector options", READ_VECTOR_OPTIONS)).rows
    return {str(label): (int(ef), int(n)) for label, ef, n in rows}


async def _recall(graph: TenantGraph, lines: np.ndarray, rng: np.random.Generator) -> float:
    """Mean share of the true K nearest lines that a K-nearest search returns."""
    shares: list[float] = []
    for _ in range(20):
        query = lines[rng.integers(0, LINES)] + 0.3 * rng.normal(size=DIM).astype(np.float32)
        query /= np.linalg.norm(query)
        truth = {f"line-{i}" for i in np.argsort(-(lines @ query))[:K]}
        rows = (await graph.read("nearest", READ_NEAREST, {"k": K, "v": query.tolist()})).rows
        shares.append(len(truth & {str(r[0]) for r in rows}) / K)
    return float(np.mean(shares))


async def test_every_vector_index_searches_wide(quiet_brain: Brain) -> None:
    graph = await _tenant(quiet_brain)
    assert await _options(graph) == {
        "SearchableVector": (VECTOR_EF_RUNTIME, 0),
        "ChunkVector": (VECTOR_EF_RUNTIME, 0),
        "ChunkContext": (VECTOR_EF_RUNTIME, 0),
    }


async def test_a_search_returns_the_nearest_lines(quiet_brain: Brain) -> None:
    """Against exact distances over the same vectors (the narrow default found about
    nine in ten of them here)."""
    graph = await _tenant(quiet_brain)
    rng = np.random.default_rng(7)
    lines = _lines(rng)
    name = graph._graph  # pyright: ignore[reportPrivateUsage]
    rows = [{"id": f"line-{i}", "v": v.tolist()} for i, v in enumerate(lines)]
    for start in range(0, LINES, 500):
        await quiet_brain.driver.query(
            name, "lines", WRITE_LINES, {"rows": rows[start : start + 500]}
        )
    assert await _recall(graph, lines, rng) >= 0.97


async def test_a_narrow_index_of_an_older_graph_is_rebuilt(quiet_brain: Brain) -> None:
    """Opening a graph whose index was made with the default search rebuilds it over the
    vectors it holds, and searches find them again."""
    graph = await _tenant(quiet_brain)
    rng = np.random.default_rng(11)
    lines = _lines(rng)[:600]
    name = graph._graph  # pyright: ignore[reportPrivateUsage]
    for statement in (
        "DROP VECTOR INDEX FOR (n:ChunkVector) ON (n.embedding)",
        "CREATE VECTOR INDEX FOR (n:ChunkVector) ON (n.embedding) "
        "OPTIONS {dimension: 384, similarityFunction: 'cosine'}",
    ):
        await quiet_brain.driver.query(name, "the old index", statement)
    rows = [{"id": f"line-{i}", "v": v.tolist()} for i, v in enumerate(lines)]
    await quiet_brain.driver.query(name, "lines", WRITE_LINES, {"rows": rows})
    await wait_operational(quiet_brain.driver, name)
    assert (await _options(graph))["ChunkVector"] == (10, 600)  # FalkorDB's default

    await ensure_indexes(quiet_brain.driver, name, dimension=DIM)
    await wait_operational(quiet_brain.driver, name)
    assert await _options(graph) == {
        "SearchableVector": (VECTOR_EF_RUNTIME, 0),
        "ChunkVector": (VECTOR_EF_RUNTIME, 600),
        "ChunkContext": (VECTOR_EF_RUNTIME, 0),
    }
    query = lines[5].tolist()
    found = (await graph.read("nearest", READ_NEAREST, {"k": 3, "v": query})).rows
    assert str(found[0][0]) == "line-5"


READ_VECTOR_ENTRIES = (
    "CALL db.indexes() YIELD label, types, info "
    "WITH label, types, info, keys(types)[0] AS prop WHERE 'VECTOR' IN types[prop] "
    "RETURN label, info.numDocuments, info.maxDocId"
)
#: A stand-up of a small bakery, long enough that a search asks for fewer lines than it has.
STANDUP = "\n".join(
    f"{who}: {said}"
    for who, said in [
        ("Ana Ruiz", "The rye starter was sluggish again this morning."),
        ("Ben Osei", "The proving room sat at nineteen degrees overnight."),
        ("Ana Ruiz", "Then we warm it to twenty-four before the night shift leaves."),
        ("Ben Osei", "Okay."),
        ("Cleo Marsh", "The flour delivery moves to Thursdays from next week."),
        ("Ana Ruiz", "Does the mill still send the organic spelt?"),
        ("Cleo Marsh", "Only in twenty-five kilo sacks now."),
        ("Ben Osei", "Fine, we take the sacks."),
        ("Ana Ruiz", "The croissant laminator needs its belt replaced."),
        ("Cleo Marsh", "I'll call the engineer today."),
        ("Ben Osei", "Yes."),
        ("Ana Ruiz", "Sourdough orders for the cafe doubled this month."),
    ]
)


async def test_a_meeting_leaves_no_dead_vector_entries(new_tenant: TenantGraph) -> None:
    """A loaded meeting's lines sit once in each vector index, so a search for as many
    nearest lines as the meeting has returns them all (a dead entry per line had halved it)."""
    from brain.ingest import load_meeting, parse_transcript

    transcript = parse_transcript("standup.txt", STANDUP)
    loaded = await load_meeting(new_tenant, transcript, name="standup", src="f", as_of="2026-11-30")
    assert loaded.contexts == 12
    # both texts of each line went to the model in the write of the facts
    assert new_tenant.last_embedding.contexts == 12
    assert new_tenant.last_embedding.embedded >= 24
    entries = {
        str(r[0]): (int(r[1]), int(r[2]))
        for r in (await new_tenant.read("entries", READ_VECTOR_ENTRIES)).rows
    }
    assert entries["ChunkVector"] == (12, 12)
    assert entries["ChunkContext"] == (12, 12)
    assert new_tenant.embedder is not None
    query = (await new_tenant.embedder.embed(["when does the flour come"]))[0]
    for label, prop in (("ChunkVector", "embedding"), ("ChunkContext", "contextEmbedding")):
        rows = (
            await new_tenant.read(
                "nearest lines",
                READ_NEAREST_OF,
                {"label": label, "prop": prop, "k": 12, "v": query},
            )
        ).rows
        assert len(rows) == 12, (label, rows)
