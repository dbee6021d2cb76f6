"""Correcting a fact an answer read: the old fact is closed (never deleted), the new one is
opened with the person as its source, and the same question answered again says the new
thing. Real turns on a real FalkorDB tenant (the plumbing firm of ``tests/data/surfaces``).

Bad input changes nothing: a stale answer, a fact index it never read, a malformed or
absurd date, a value of the wrong type or one the brain does not know, a fact already
closed by an earlier correction.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from agents import (
    AnswerUnknown,
    CorrectionExecutor,
    ExecutorRegistry,
    TurnOptions,
    apply_correction,
    correction_payload,
    plan_correction,
    run_turn,
)
from agents.cards import decide, draft_card, propose
from brain import Brain, InputInvalid, TenantGraph, now_ms, parse_moment
from brain.reads import ReadFact, fact_edges, read_facts, read_turn

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"
QUESTION = "Who owns Boiler parts supplier missing deliveries?"
OWNS = ReadFact("person-tomasz", "OWNS", "incident-parts-delays", "2026-11-25")


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: nothing here searches by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session")
async def plumbing(brain: Brain) -> TenantGraph:
    slug = f"fix-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    lines = DATA.read_text(encoding="utf-8").splitlines()
    facts: list[tuple[int, dict[str, Any]]] = [
        (i, json.loads(x)) for i, x in enumerate(lines, 1) if x.strip()
    ]
    report = await graph.write_facts(facts)
    assert report.refused == 0, report.refusals
    return graph


async def owner_fact(graph: TenantGraph) -> tuple[str, int]:
    turn = await run_turn(graph, QUESTION, TurnOptions(asked_by="slack:U1"))
    record = await read_turn(graph, turn.turn_id)
    assert record is not None
    facts = read_facts(record)
    return turn.turn_id, facts.index(OWNS)


async def test_a_right_value_closes_the_old_fact_and_opens_the_new_with_the_person_as_source(
    plumbing: TenantGraph,
) -> None:
    turn_id, index = await owner_fact(plumbing)
    before = await run_turn(plumbing, QUESTION, TurnOptions(asked_by="slack:U1"))
    assert "Tomasz Wren" in before.answer

    plan = await plan_correction(
        plumbing,
        turn_id=turn_id,
        fact_index=index,
        value="Ines Calder",
        stopped_on="",
        user_key="slack:U1",
        now_ms=now_ms(),
    )
    assert not plan.needs_approval
    assert [e.text for e in plan.closes] == [
        "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
    ]
    assert plan.changes[1].startswith("opened: Ines Calder OWNS Boiler parts")
    await apply_correction(plumbing, list(plan.facts))

    [old] = await fact_edges(plumbing, OWNS)
    # closed, kept, its own source kept; who ended it is on the end
    assert (old.until is not None, old.src, old.end_src) == (True, "ops:board", "slack:U1")
    new = await fact_edges(plumbing, ReadFact("person-ines", "OWNS", "incident-parts-delays", ""))
    assert [(e.until, e.src) for e in new] == [(None, "slack:U1")]
    after = await run_turn(plumbing, QUESTION, TurnOptions(asked_by="slack:U1"))
    assert "Ines Calder" in after.answer and "Tomasz Wren" not in after.answer

    # the same form sent again: the fact it names is no longer current
    with pytest.raises(InputInvalid, match="no longer current"):
        await plan_correction(
            plumbing,
            turn_id=turn_id,
            fact_index=index,
            value="Ines Calder",
            stopped_on="",
            user_key="slack:U1",
            now_ms=now_ms(),
        )


async def test_no_longer_true_since_a_day_closes_the_fact_on_that_day(brain: Brain) -> None:
    slug = f"fix-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    lines = DATA.read_text(encoding="utf-8").splitlines()
    await graph.write_facts([(i, json.loads(x)) for i, x in enumerate(lines, 1) if x.strip()])
    turn_id, index = await owner_fact(graph)
    plan = await plan_correction(
        graph,
        turn_id=turn_id,
        fact_index=index,
        value="",
        stopped_on="2026-11-28",
        user_key="slack:U1",
        now_ms=now_ms(),
    )
    assert len(plan.facts) == 1
    await apply_correction(graph, list(plan.facts))
    [old] = await fact_edges(graph, OWNS)
    assert old.until is not None
    assert old.until == parse_moment("2026-11-28")


@pytest.mark.parametrize(
    ("value", "day", "says"),
    [
        ("", "", "Give the right value"),
        ("", "28/11/2026", "not a date"),
        ("", "2026-02-30", "not a calendar date"),
        ("", "1901-01-01", "not after the fact began"),
        ("", "2999-01-01", "in the future"),
        (
            "Boiler parts supplier missing deliveries",
            "",
            "is a Incident, but this fact needs a Person",
        ),
        ("Nobody Atall", "", "I don't know a Person called Nobody Atall"),
        ("Tomasz Wren", "", "already says"),
    ],
)
async def test_bad_input_says_what_was_wrong_and_changes_nothing(
    plumbing: TenantGraph, value: str, day: str, says: str
) -> None:
    turn = await run_turn(
        plumbing,
        "Who owns Boiler parts supplier missing deliveries?",
        TurnOptions(asked_by="slack:U1"),
    )
    record = await read_turn(plumbing, turn.turn_id)
    assert record is not None
    facts = read_facts(record)
    current = [f for f in facts if f.type == "OWNS"]
    assert current, facts
    before = await fact_edges(plumbing, current[0])
    with pytest.raises(InputInvalid, match=says):
        await plan_correction(
            plumbing,
            turn_id=turn.turn_id,
            fact_index=facts.index(current[0]),
            value=value,
            stopped_on=day,
            user_key="slack:U1",
            now_ms=now_ms(),
        )
    assert await fact_edges(plumbing, current[0]) == before


async def test_a_stale_answer_or_fact_changes_nothing(plumbing: TenantGraph) -> None:
    with pytest.raises(AnswerUnknown):
        await plan_correction(
            plumbing,
            turn_id="turn-gone000000",
            fact_index=0,
            value="x",
            stopped_on="",
            user_key="slack:U1",
            now_ms=now_ms(),
        )
    turn = await run_turn(plumbing, QUESTION, TurnOptions(asked_by="slack:U1"))
    with pytest.raises(InputInvalid, match="did not read"):
        await plan_correction(
            plumbing,
            turn_id=turn.turn_id,
            fact_index=99,
            value="x",
            stopped_on="",
            user_key="slack:U1",
            now_ms=now_ms(),
        )


async def test_a_correction_card_is_applied_once_when_an_approver_approves(brain: Brain) -> None:
    slug = f"fix-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    lines = DATA.read_text(encoding="utf-8").splitlines()
    await graph.write_facts([(i, json.loads(x)) for i, x in enumerate(lines, 1) if x.strip()])
    turn_id, index = await owner_fact(graph)
    plan = await plan_correction(
        graph,
        turn_id=turn_id,
        fact_index=index,
        value="Ines Calder",
        stopped_on="",
        user_key="slack:U1",
        now_ms=now_ms(),
    )
    draft = draft_card(
        "correction", correction_payload(plan), title="Correct", proposed_by="corrections"
    )
    card = await propose(graph, draft, now_ms=now_ms())
    assert "Correct the brain:\n• closed: Tomasz Wren OWNS" in card.preview
    assert (await fact_edges(graph, OWNS))[0].until is None  # nothing before approval
    executors = ExecutorRegistry([CorrectionExecutor(brain=brain)])
    settings = {"approvers": ["slack:UBOSS"]}
    done = await decide(
        graph,
        settings,
        card_id=card.id,
        action="approve",
        user_key="slack:UBOSS",
        executors=executors,
        now_ms=now_ms(),
    )
    assert done.card.status == "executed", done.card.result
    [old] = await fact_edges(graph, OWNS)
    assert old.until is not None
    new = ReadFact("person-ines", "OWNS", "incident-parts-delays", "")
    assert [e.src for e in await fact_edges(graph, new)] == ["slack:U1"]
