"""What the team's votes teach: the golden set, and the records behind 👎 answers weighing less.

Real turns on a real FalkorDB tenant with embeddings (the plumbing firm of
``tests/data/surfaces``): answers voted 👍 by more people than 👎 are read back as the golden
set, with what they cited and the moment they were asked at; a record a 👎 answer cited
scores less in a search for a similar question when the down-weighting is on, and keeps its
score for an unrelated question and when it is off.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio

from agents import TurnOptions, give_feedback, run_turn
from brain import Brain, BrainSettings, TenantGraph, now_ms, parse_moment
from brain.reads import disliked_answers, feedback_penalties, golden_answers, search

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"
AS_OF = "2026-12-01T09:00:00+00:00"
T = parse_moment(AS_OF)
ASKED = "Who owns the boiler parts supplier missing deliveries?"
#: The same question in other words (all-MiniLM cosine with ASKED well above 0.8).
PARAPHRASE = "Who is the owner of the boiler parts supplier that keeps missing deliveries?"
UNRELATED = "How many quotes were sent?"


def plumbing_facts() -> list[tuple[int, dict[str, Any]]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return [(i, json.loads(line)) for i, line in enumerate(lines, 1) if line.strip()]


@pytest_asyncio.fixture(loop_scope="session")
async def plumbing(brain: Brain) -> TenantGraph:
    slug = f"learn-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(plumbing_facts())
    assert report.refused == 0, report.refusals
    return graph


@pytest_asyncio.fixture(loop_scope="session")
async def learning_brain(brain: Brain) -> AsyncIterator[Brain]:
    """A second Brain on the same server with the down-weighting on (and the same model)."""
    settings = brain.settings.model_copy(update={"hivebrain_feedback_weight": 0.6})
    assert isinstance(settings, BrainSettings)
    instance = Brain(settings, embedder=brain.embedder)
    await instance.start()
    try:
        yield instance
    finally:
        await instance.close()


async def asked(graph: TenantGraph, question: str) -> tuple[str, list[str]]:
    turn = await run_turn(graph, question, TurnOptions(as_of=AS_OF, asked_by="slack:U0"))
    return turn.turn_id, turn.citations


async def vote(graph: TenantGraph, turn_id: str, how: str, who: str, at: int) -> None:
    await give_feedback(graph, turn_id=turn_id, vote=how, given_by=who, at_ms=at)


async def test_the_golden_set_is_the_answers_more_people_liked(plumbing: TenantGraph) -> None:
    liked, liked_cites = await asked(plumbing, ASKED)
    disliked, _ = await asked(plumbing, UNRELATED)
    tied, _ = await asked(plumbing, "What did we decide about the weekend van?")
    at = now_ms()
    await vote(plumbing, liked, "down", "slack:U1", at)
    await vote(plumbing, liked, "up", "slack:U1", at + 1)  # changed their mind: up counts
    await vote(plumbing, liked, "up", "slack:U2", at)
    await vote(plumbing, disliked, "down", "slack:U1", at)
    await vote(plumbing, tied, "up", "slack:U1", at)
    await vote(plumbing, tied, "down", "slack:U2", at)

    golden = await golden_answers(plumbing)
    assert [g.turn_id for g in golden] == [liked]
    assert (golden[0].up, golden[0].down) == (2, 0)
    assert golden[0].question == ASKED
    assert golden[0].asked_as_of == AS_OF  # asked again at the moment it was asked
    assert set(golden[0].cited) == set(liked_cites) and golden[0].cited
    assert [d.turn_id for d in await disliked_answers(plumbing)] == [disliked]


def scores(result: Any) -> dict[str, float]:
    return {h["id"]: h["score"] for h in result.data["hits"]}


async def test_records_behind_a_thumbs_down_weigh_less_for_similar_questions(
    plumbing: TenantGraph, learning_brain: Brain
) -> None:
    turn, cited = await asked(plumbing, ASKED)
    assert "incident-parts-delays" in cited
    await vote(plumbing, turn, "down", "slack:U1", now_ms())
    learning = await learning_brain.tenant(plumbing.slug)
    assert plumbing.feedback_weight == 0 and learning.feedback_weight == 0.6

    off = scores(await search(plumbing, PARAPHRASE, as_of_ms=T, limit=20))
    on = scores(await search(learning, PARAPHRASE, as_of_ms=T, limit=20))
    assert on["incident-parts-delays"] < off["incident-parts-delays"] * 0.6
    untouched = [i for i in off if i in on and i not in cited]
    assert untouched and all(on[i] == off[i] for i in untouched)

    # a question unlike the disliked one keeps every score
    assert scores(await search(learning, UNRELATED, as_of_ms=T)) == scores(
        await search(plumbing, UNRELATED, as_of_ms=T)
    )
    assert plumbing.embedder is not None
    vector = (await plumbing.embedder.embed([UNRELATED]))[0]
    assert await feedback_penalties(learning, vector, 0.6) == {}


async def test_a_liked_answer_is_not_penalised(
    plumbing: TenantGraph, learning_brain: Brain
) -> None:
    turn, _ = await asked(plumbing, ASKED)
    await vote(plumbing, turn, "up", "slack:U1", now_ms())
    learning = await learning_brain.tenant(plumbing.slug)
    assert scores(await search(learning, PARAPHRASE, as_of_ms=T, limit=20)) == scores(
        await search(plumbing, PARAPHRASE, as_of_ms=T, limit=20)
    )
