"""The queries search sends (brain.reads.search._queries) and what they read, on a real FalkorDB.

Each of the four searches is composed with only the filters a call needs; these tests
check that the composed queries still answer what the old always-filtered ones did: a
type filter keeps only those types, an as-of read leaves out what was not yet known, a
"now" read keeps everything, and a closed passage never answers for its document.
"""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from brain import Brain, TenantGraph, now_ms, parse_moment
from brain.ingest.documents import document_facts
from brain.reads import MAX_WORDS, fulltext_query, lookup
from brain.reads.search import search, search_query
from tests.conftest import unique_slug

SOURCES = ("text", "chunk-text", "vector", "chunk-vector")
EARLY, LATE = "2026-01-05", "2026-06-01"


def fact_node(node_type: str, node_id: str, name: str, as_of: str, **props: Any) -> dict:
    node = {"type": node_type, "id": node_id, "name": name, "src": "test", "asOf": as_of}
    return {"node": {**node, **props}}


def has_chunk(doc: str, chunk: str, since: str, until: str | None = None) -> dict:
    edge = {"from": doc, "type": "HAS_CHUNK", "to": chunk, "since": since, "src": "test"}
    return {"edge": {**edge, "asOf": until or since, **({"until": until} if until else {})}}


FACTS = [
    fact_node("Note", "note-early", "Courier refund rule", EARLY),
    fact_node("Task", "task-early", "Courier refund backlog", EARLY),
    fact_node("Note", "note-late", "Courier refund exceptions", LATE),
    fact_node("Document", "doc-handbook", "Support handbook", EARLY),
    fact_node("Chunk", "doc-handbook#c1", "Support handbook §1", EARLY, text="Courier claims"),
    has_chunk("doc-handbook", "doc-handbook#c1", EARLY),
    fact_node("Document", "doc-old", "Old support notes", EARLY),
    fact_node("Chunk", "doc-old#c1", "Old support notes §1", EARLY, text="Courier claims old"),
    has_chunk("doc-old", "doc-old#c1", EARLY, until="2026-02-01"),
]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph(quiet_brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    tenant = await quiet_brain.tenant(slug)
    report = await tenant.write_facts(list(enumerate(FACTS, 1)))
    assert report.refused == 0, report.refusals
    return tenant


async def found(
    graph: TenantGraph, source: str, words: str, *, at: int, types: list[str] | None = None
) -> set[str]:
    """Ids a full-text search answers with, read with only the filters it needs."""
    query = search_query(source, typed=types is not None, dated=at < now_ms() - 60_000)
    params = {"q": fulltext_query(words), "t": at, "types": types, "k": 30}
    return {row[0] for row in (await graph.read("test", query, params)).rows}


def test_fulltext_query_ors_escaped_words_without_stop_words() -> None:
    assert fulltext_query("Why did the Instagram token-refresh fail?") == (
        "instagram | token\\-refresh | fail"
    )


def test_fulltext_query_of_stop_words_only_is_none() -> None:
    assert fulltext_query("what is it, and why?") is None


def test_fulltext_query_keeps_the_first_words_of_a_long_question() -> None:
    query = fulltext_query(" ".join(f"word{i}" for i in range(MAX_WORDS + 10)))
    assert query is not None
    assert query.split(" | ")[-1] == f"word{MAX_WORDS - 1}"


@pytest.mark.parametrize("typed", [False, True])
@pytest.mark.parametrize("dated", [False, True])
def test_queries_carry_only_the_filters_asked_for(typed: bool, dated: bool) -> None:
    for source in SOURCES:
        query = search_query(source, typed=typed, dated=dated)
        assert ("IN $types" in query) is typed
        assert ("firstAsOf" in query) is dated
        assert "$types IS NULL" not in query and "$now" not in query


async def test_a_now_read_finds_everything_known(graph: TenantGraph) -> None:
    assert await found(graph, "text", "courier refund", at=now_ms()) == {
        "note-early",
        "task-early",
        "note-late",
    }


async def test_an_as_of_read_leaves_out_what_was_not_yet_known(graph: TenantGraph) -> None:
    at = parse_moment("2026-03-01")
    assert await found(graph, "text", "courier refund", at=at) == {"note-early", "task-early"}


async def test_a_type_filter_keeps_only_those_types(graph: TenantGraph) -> None:
    assert await found(graph, "text", "courier refund", at=now_ms(), types=["Task"]) == {
        "task-early"
    }
    at = parse_moment("2026-03-01")
    assert await found(graph, "text", "courier", at=at, types=["Note"]) == {"note-early"}


async def test_a_passage_answers_as_the_document_that_holds_it_now(graph: TenantGraph) -> None:
    assert await found(graph, "chunk-text", "courier claims", at=now_ms()) == {"doc-handbook"}
    at = parse_moment("2026-01-20")  # the old notes still held their passage then
    assert await found(graph, "chunk-text", "courier claims", at=at) == {
        "doc-handbook",
        "doc-old",
    }
    assert await found(graph, "chunk-text", "claims", at=now_ms(), types=["Note"]) == set()


async def test_a_documents_body_is_searched_through_its_passages(quiet_brain: Brain) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    tenant = await quiet_brain.tenant(slug)
    body = "Roasting log.\n\nThe drum thermocouple drifts after ninety batches. " * 3
    facts = document_facts(name="Roastery handbook", text=body, src="test", as_of=EARLY)
    report = await tenant.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals

    # the body is not in the things' list, only the title is ...
    assert await found(tenant, "text", "thermocouple", at=now_ms()) == set()
    assert await found(tenant, "text", "roastery handbook", at=now_ms()) == {
        "doc-roastery-handbook"
    }
    # ... the passages answer for it, and a lookup still reads the whole body
    assert await found(tenant, "chunk-text", "thermocouple", at=now_ms()) == {
        "doc-roastery-handbook"
    }
    res = await search(tenant, "drum thermocouple", as_of_ms=now_ms())
    assert [(h["id"], h["via"]) for h in res.data["hits"]] == [
        ("doc-roastery-handbook", ["chunk-text"])
    ]
    looked = await lookup(tenant, "Roastery handbook", as_of_ms=now_ms())
    assert looked.data["matches"][0]["properties"]["body"] == body
