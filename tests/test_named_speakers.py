"""A question that names a speaker finds what was said about its topic, not every line that
speaker said: the same crew speaks in every meeting, so the name picks out nothing. A
landscaping firm's weekly crew calls, and a plant nursery's care guide for documents."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from agents.tools import call_tool
from brain import TenantGraph
from brain.ingest import load_documents, load_meeting, parse_transcript
from brain.reads.search import named_speakers, speaker_free, without_speakers

#: Rosa speaks in both calls; in the first she only acknowledges, in the second she answers
#: the question about the irrigation quote.
FIRST_CALL = "\n".join(
    [
        "Omar Haddad: Mulch delivery is booked for the Birch Street job.",
        "Rosa Diaz: Okay.",
        "Omar Haddad: The mower needs new blades before Monday.",
        "Rosa Diaz: Right.",
        "Omar Haddad: Two crew are off on Thursday.",
        "Rosa Diaz: Sure.",
        "Omar Haddad: Hedge trimming at the school is moved to Friday.",
        "Rosa Diaz: Yes.",
    ]
)
SECOND_CALL = "\n".join(
    [
        "Omar Haddad: Greenline sent the irrigation quote for the Alder Park lawns: 4,200.",
        "Rosa Diaz: Too steep. The irrigation quote prices drip lines we never asked for.",
        "Omar Haddad: Then I ask them to requote without the drip lines.",
        "Rosa Diaz: Fine.",
    ]
)


def test_the_speakers_a_question_names() -> None:
    speakers = ["Rosa Diaz", "Omar Haddad", "Rosa", "Al", None, "Marketing"]
    assert named_speakers("What did rosa diaz think of the quote?", speakers) == ["Rosa Diaz"]
    # the longest name wins; a shorter name inside it is not taken out again
    assert named_speakers("Rosa Diaz's view on the quote", speakers) == ["Rosa Diaz"]
    assert named_speakers("what did Rosa say?", speakers) == ["Rosa"]
    # whole words only, and names too short to look for are left alone
    assert named_speakers("our marketingplan for Alder Park", speakers) == []
    assert named_speakers("Al said the mower broke", speakers) == []
    assert without_speakers("What did Rosa Diaz’s crew think?", ["Rosa Diaz"]) == (
        "What did crew think?"
    )
    assert speaker_free("What did Omar  Haddad think of the mulch?", speakers) == (
        "What did think of the mulch?"
    )
    # nobody named, or nothing left but stop words: the question is searched as asked
    assert speaker_free("How much is the mulch?", speakers) is None
    assert speaker_free("What did Omar Haddad do?", speakers) is None


async def _load_calls(graph: TenantGraph) -> None:
    for name, text in (("crew-week-1", FIRST_CALL), ("crew-week-2", SECOND_CALL)):
        transcript = parse_transcript(f"{name}.txt", text)
        await load_meeting(graph, transcript, name=name, src="f", as_of="2026-11-23")


def _places(result: Any) -> list[tuple[str, int | None]]:
    return [(p["source"]["id"], p.get("line")) for p in result.data["passages"]]


async def test_a_named_speaker_does_not_bring_back_all_their_lines(
    new_tenant: TenantGraph,
) -> None:
    await _load_calls(new_tenant)
    asked = {"query": "What did Rosa Diaz think of the irrigation quote?", "limit": 4}
    found = await call_tool(new_tenant, "search", asked)
    places = _places(found)
    # the line that answers, said by the speaker asked about, comes first, and the line it
    # answers is among the four: the speaker's one-word lines in the other call do not
    # crowd them out
    assert places[0] == ("meeting-crew-week-2", 1), places
    assert found.data["passages"][0]["said_by"]["name"] == "Rosa Diaz"
    assert ("meeting-crew-week-2", 0) in places, places
    # and the call that answers is the first source, so the answer cites it
    assert found.data["hits"][0]["id"] == "meeting-crew-week-2", found.data["hits"]

    scoped = await call_tool(new_tenant, "search", {**asked, "within": "meeting-crew-week-2"})
    assert _places(scoped)[0] == ("meeting-crew-week-2", 1), _places(scoped)
    assert {source for source, _ in _places(scoped)} == {"meeting-crew-week-2"}


async def test_a_question_naming_nobody_is_searched_as_asked(new_tenant: TenantGraph) -> None:
    await _load_calls(new_tenant)
    found = await call_tool(
        new_tenant, "search", {"query": "when are the mower blades replaced?", "limit": 3}
    )
    assert _places(found)[0] == ("meeting-crew-week-1", 2), _places(found)


GUIDE = """# Nursery care guide

## Ferns

Water the ferns every morning; the misting line runs at six.

## Roses

Roses are fed with bone meal in March.
"""


async def test_the_search_again_never_serves_a_closed_passage(
    new_tenant: TenantGraph, tmp_path: Path
) -> None:
    await _load_calls(new_tenant)
    call = "Rosa Diaz: The ferns by the gate need watering twice a day in this heat."
    await load_meeting(
        new_tenant,
        parse_transcript("nursery.txt", call),
        name="nursery-walk",
        src="f",
        as_of="2026-11-24",
    )
    folder = tmp_path / "guides"
    folder.mkdir()
    guide = folder / "care.md"
    guide.write_text(GUIDE)
    await load_documents(new_tenant, [folder])
    asked = {"query": "What did Rosa Diaz say about watering the ferns?", "limit": 10}
    before_passages = (await call_tool(new_tenant, "search", asked)).data["passages"]
    before = {p["id"] for p in before_passages}
    assert any(i.startswith("meeting-nursery-walk#l0-") for i in before), before
    assert [p for p in before_passages if "misting line" in p["text"]], before

    mtime = guide.stat().st_mtime
    guide.write_text(GUIDE.split("## Ferns")[0] + "## Roses" + GUIDE.split("## Roses")[1])
    os.utime(guide, (mtime + 60, mtime + 60))  # edited a minute later: the ferns are gone
    changed = await load_documents(new_tenant, [folder])
    assert changed.closed >= 1
    after = await call_tool(new_tenant, "search", asked)
    served = [p["id"] for p in after.data["passages"]]
    assert any(i.startswith("meeting-nursery-walk#l0-") for i in served), served
    # the closed passage (its text is gone from the guide) is never served, either round
    assert not [p["id"] for p in after.data["passages"] if "misting line" in p["text"]]
