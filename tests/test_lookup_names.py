"""Finding a thing by its exact name, id or merged id (reads' resolve) on a real FalkorDB.

Names are narrowed through the full-text index (split where the index splits) before
the exact test, so these names carry the separators and letters where that could go
wrong; ids merged into a person by entity resolution are found through the aliases index.
"""

from __future__ import annotations

import pytest
import pytest_asyncio

from brain import Brain, TenantGraph
from brain.reads import READ_BY_NAME, exact_terms_query, resolve
from tests.conftest import unique_slug

NAMES = {
    "org-dsouza": ("Organization", "D'Souza & Sons Pvt. Ltd."),
    "release-v24": ("Release", "Checkout v2.4 (hotfix)"),
    "note-cafe": ("Note", "Café loyalty: 10% off"),
    "note-hashes": ("Note", "###"),
    "note-short": ("Note", "Checkout"),
    "note-longer": ("Note", "Checkout v2"),
}


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph(quiet_brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    tenant = await quiet_brain.tenant(slug)
    facts = [
        {"node": {"type": t, "id": i, "name": n, "src": "test", "asOf": "2026-01-05"}}
        for i, (t, n) in NAMES.items()
    ]
    facts += [
        {"node": {"type": "Person", "id": "p-priya", "name": "Priya Raman", "email": "priya@e.co"}},
        {"node": {"type": "Person", "id": "slack-U1", "name": "P. R.", "email": "Priya@E.co"}},
    ]
    for fact in facts[-2:]:
        fact["node"].update(src="test", asOf="2026-01-05")
    report = await tenant.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0 and report.aliases == 1, report
    return tenant


def test_exact_terms_split_where_the_index_splits() -> None:
    assert exact_terms_query("D'Souza & Sons Pvt. Ltd.") == "d souza sons pvt ltd"
    assert exact_terms_query("Checkout v2.4 (hotfix)") == "checkout v2 4 hotfix"
    assert exact_terms_query("a|b -c @d ~e") == "a b c d e"
    assert exact_terms_query("### ...") is None


@pytest.mark.parametrize("node_id", sorted(NAMES))
async def test_every_name_finds_its_thing_in_any_case(graph: TenantGraph, node_id: str) -> None:
    name = NAMES[node_id][1]
    for asked in (name, name.upper(), name.lower()):
        assert [n["id"] for n in await resolve(graph, asked)] == [node_id], asked


@pytest.mark.parametrize("node_id", sorted(set(NAMES) - {"note-hashes"}))
async def test_the_index_alone_finds_every_name_with_terms(
    graph: TenantGraph, node_id: str
) -> None:
    # no help from the scan that follows a miss: the index's terms are the name's terms
    name = NAMES[node_id][1]
    params = {"q": name, "terms": exact_terms_query(name), "limit": 5}
    assert [r[0] for r in (await graph.read("t", READ_BY_NAME, params)).rows] == [node_id]


async def test_a_name_is_exact_not_a_match_of_its_words(graph: TenantGraph) -> None:
    # "Checkout" is a word of three names, and the whole name of one
    assert [n["id"] for n in await resolve(graph, "checkout")] == ["note-short"]
    assert await resolve(graph, "Checkout v2.4") == []
    assert await resolve(graph, "loyalty") == []


@pytest.mark.parametrize("asked", ["the moon", "", "   ", "!!!", "Café loyalty: 11% off"])
async def test_unknown_names_find_nothing(graph: TenantGraph, asked: str) -> None:
    assert await resolve(graph, asked) == []


async def test_a_merged_id_finds_the_person_it_was_merged_into(graph: TenantGraph) -> None:
    (person,) = await resolve(graph, "slack-U1")
    assert person["id"] == "p-priya"
    assert [n["id"] for n in await resolve(graph, "p-priya")] == ["p-priya"]
