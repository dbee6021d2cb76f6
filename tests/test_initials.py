"""Initialisms (brain.reads.search._initials): "OTIF" names On-time in-full deliveries.

Pure cases first (a name's initials, the words of a text that are some name's initials),
then the search and the question reader on a real FalkorDB, with the law firm of
tests/data/businesses: "NCEs" are its New client enquiries.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
import pytest_asyncio

from agents._ledger import ToolLedger
from agents.desks import understand
from brain import Brain, TenantGraph, read_facts
from brain.reads import search
from brain.reads.search import Initials, initialisms_in, initials_of, spelled
from tests.conftest import unique_slug

FIRM = Path(__file__).parent / "data" / "businesses" / "harlow-quayle-law"
TODAY = date.fromisoformat(json.loads((FIRM / "manifest.json").read_text())["today"])


@pytest.mark.parametrize(
    ("name", "has", "lacks"),
    [
        ("On-time in-full deliveries", {"otifd", "otif"}, {"ot"}),
        ("Pieces per operator hour", {"ppoh", "poh"}, {"pp"}),
        ("Net promoter score", {"nps"}, set()),
        ("Textile Services Association", {"tsa"}, set()),
        ("AansluitPortaal (Netwerk IJsselland)", set(), {"ani", "a"}),  # one word, aside
        ("Rewash", set(), {"r"}),
        # the last two words, the thing a modifier qualifies
        ("Packaged dissolved oxygen", {"pdo", "do"}, set()),
    ],
)
def test_a_name_goes_by_its_initials(name: str, has: set[str], lacks: set[str]) -> None:
    found = initials_of(name)
    assert has <= found and not lacks & found, found


KNOWN = Initials(
    by_initials={
        "otif": ("metric-otif",),
        "nps": ("metric-nps",),
        "hr": ("team-hr",),
        "do": ("metric-do",),
    },
    name_words=frozenset({"ops", "key", "deliveries", "score", "do"}),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("avg OTIF last week", {"OTIF": ("metric-otif",)}),
        ("otif last week", {"otif": ("metric-otif",)}),  # typed in lower case
        ("how did our NPSs look", {"NPSs": ("metric-nps",)}),  # a plural
        ("who runs HR", {"HR": ("team-hr",)}),
        ("who is in hr", {}),  # two letters count only in capitals
        ("what's the ops key", {}),  # words of names are words
        ("why did the otifs fall", {"otifs": ("metric-otif",)}),
        # a function word in capitals is initials, even where a name says "do" too
        ("why did DO go through the roof", {"DO": ("metric-do",)}),
        ("what do we do about it", {}),
        ("WHY DID DO GO UP", {}),  # a question shouted whole shouts no initials
    ],
)
def test_words_that_are_initials_of_a_name(text: str, found: dict[str, tuple[str, ...]]) -> None:
    assert initialisms_in(text, KNOWN) == found


def test_an_initialism_is_spelled_out_once() -> None:
    once = spelled("avg OTIF last week", {"OTIF": "On-time in-full deliveries"})
    assert once == "avg OTIF (On-time in-full deliveries) last week"
    assert spelled(once, {"OTIF": "On-time in-full deliveries"}) == once


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def firm(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(read_facts(FIRM / "facts.jsonl"))
    assert report.refused == 0
    return graph


async def test_search_finds_a_thing_by_its_initials_first(firm: TenantGraph) -> None:
    res = await search(firm, "how many NCEs in october", as_of_ms=10**13, limit=5)
    first = res.data["hits"][0]
    assert first["id"] == "metric-new-enquiries" and "initials" in first["via"]
    assert res.data["spelled"] == "how many NCEs (New client enquiries) in october"


async def test_search_without_initials_spells_nothing(firm: TenantGraph) -> None:
    res = await search(firm, "how many new enquiries in october", as_of_ms=10**13, limit=5)
    assert "spelled" not in res.data


async def test_a_question_by_initials_reads_the_thing_they_name(firm: TenantGraph) -> None:
    ledger = ToolLedger(graph=firm, as_of=TODAY.isoformat())
    u = await understand("how many NCEs did we get in october?", ledger, TODAY)
    assert u.kind == "metric" and not u.unknown_names
    assert u.subject is not None and u.subject.id == "metric-new-enquiries"
