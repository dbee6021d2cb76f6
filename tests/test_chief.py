"""The Chief's seam: a turn thinks through any Chief and checks whatever it wrote the same way.

A ``FakeChief`` writes each step (plan, work, review, answer) with a handler, reading the
tenant only through the turn's ledger, as real desks do; the turn around it still runs
every desk within its time limit, reviews, checks the answer against what the tools
returned, draws the path and saves the Turn. The rules Chief, the model Chief (the real
anthropic SDK against the local Messages API) and the fake are then held to the same
answer checks, on one small tenant of a real FalkorDB.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest_asyncio

from agents import TurnOptions, TurnResult, run_turn
from agents._roster import reviewers_of
from agents.chief import ChiefCall, FakeChief, FakeReply, ModelChief, TurnLimits
from agents.model import AnthropicModel
from brain import InputInvalid, TenantGraph
from brain.reads import earlier_turns
from tests.fakes import AnthropicReply, FakeAnthropicAPI, text_reply, tool_use_reply
from tests.test_turn_model import FOUND, QUESTION, SMALL_FACTS, role_of

#: A figure no tool returned, in an answer that otherwise cites what it read.
MADE_UP = "Online orders rose 987% since [[task-ig-token]] was opened.\nPATH: task-ig-token"
#: Every check a turn runs, in order: the answer's own, then the guards, then the doubts.
CHECK_NAMES = [
    "citations",
    "numbers",
    "sample",
    "as_of",
    "answers the question",
    "covers the days asked",
    "direction agrees with the data",
    "a decline holds no record asked about",
    "says when coverage differs",
    "the person asked about is the one answered",
    "since an event counts from its day",
    "the figure is about what was asked",
    "a day asked is the day answered",
    "before a thing is answered for the time before it",
    "the thing that fails is the one asked about",
    "the answer is the kind of thing asked",
    "a rule or passage is about what was asked",
    "the answer names what the question names",
    "a day written in numbers is read as its people write it",
    "the evidence decides",
]


@pytest_asyncio.fixture(loop_scope="session")
async def small(new_tenant: TenantGraph) -> TenantGraph:
    """A task, its owner and an incident (``test_turn_model``'s): enough for a desk."""
    report = await new_tenant.write_facts(enumerate(SMALL_FACTS, 1))
    assert report.refused == 0, report.refusals
    return new_tenant


def owner_desks(answer: FakeReply = None, *, work: str = FOUND) -> FakeChief:
    """A fake Chief that plans the tasks desk, has it read the owner, approves, answers."""

    async def handler(call: ChiefCall) -> FakeReply:
        if call.step == "plan":
            return ["tasks"]
        if call.step == "work":
            assert call.desk is not None
            await call.brief.ledger.call(call.desk, "owner", {"name": "task-ig-token"})
            return work
        if call.step == "review":
            return None
        return answer

    return FakeChief(handler)


def check(r: TurnResult, name: str) -> dict[str, Any]:
    return next(c for c in r.checks if c["name"] == name)


# --- the pipeline around a fake Chief ---------------------------------------------------------


async def test_a_fake_chief_runs_the_whole_turn_and_the_turn_is_saved(small: TenantGraph) -> None:
    chief = owner_desks()
    r = await run_turn(small, QUESTION, chief=chief)

    assert [c.step for c in chief.calls] == ["plan", "work", "review", "answer"]
    assert chief.calls[1].desk == "tasks" and chief.calls[1].brief.question == QUESTION
    assert (r.mode, r.desks) == ("rules", ["tasks"])
    # answer None: the findings composed as rules mode writes them
    assert r.answer == FOUND.split("\nPATH:")[0]
    assert r.verified, r.checks
    assert [c["name"] for c in r.checks] == CHECK_NAMES
    assert [(e["source"], e["type"], e["target"]) for e in r.path["edges"]] == [
        ("person-priya", "OWNS", "task-ig-token")
    ]
    (finding,) = r.findings
    assert [v["reviewer"] for v in finding.review] == list(reviewers_of("tasks"))
    assert finding.citations == ["task-ig-token", "person-priya"] and not finding.revised
    saved = await earlier_turns(small, ["person-priya"], limit=50)
    assert r.turn_id in {t.id for t in saved}


async def test_a_fake_chiefs_made_up_figure_fails_the_numbers_check_and_is_shown(
    small: TenantGraph,
) -> None:
    r = await run_turn(small, QUESTION, TurnOptions(save=False), chief=owner_desks(MADE_UP))

    assert not r.verified
    numbers = check(r, "numbers")
    assert not numbers["passed"] and '"987%"' in numbers["detail"], numbers
    assert check(r, "citations")["passed"]
    assert "987%" in r.answer  # never hidden: shown, and marked unverified


async def test_one_revision_replaces_the_draft_the_reviewers_saw(small: TenantGraph) -> None:
    def handler(call: ChiefCall) -> FakeReply:
        if call.step == "plan":
            return "tasks"
        if call.step == "work":
            return "Someone has a task [[task-ig-token]]."
        if call.step == "review":
            assert call.drafts[0][1].text == "Someone has a task [[task-ig-token]]."
            return FOUND
        return None

    async def read_first(call: ChiefCall) -> FakeReply:
        if call.step == "work":
            await call.brief.ledger.call("tasks", "owner", {"name": "task-ig-token"})
        return handler(call)

    chief = FakeChief(read_first)
    r = await run_turn(small, QUESTION, TurnOptions(save=False), chief=chief)

    assert [c.step for c in chief.calls].count("review") == 1
    (finding,) = r.findings
    assert finding.revised and finding.text == FOUND.split("\nPATH:")[0]
    assert {v["verdict"] for v in finding.review} == {"fix"}
    assert r.verified, r.checks


async def test_a_desk_that_fails_or_runs_out_of_time_is_a_note_beside_a_checked_answer(
    small: TenantGraph,
) -> None:
    async def handler(call: ChiefCall) -> FakeReply:
        if call.step == "plan":
            return ["tasks", "memory", "tech"]
        if call.step == "work" and call.desk == "memory":
            raise InputInvalid("the memory desk was given nothing to read")
        if call.step == "work" and call.desk == "tech":
            await asyncio.sleep(30)  # far past the desk's limit below: it is cut off
        if call.step == "work":
            await call.brief.ledger.call("tasks", "owner", {"name": "task-ig-token"})
            return FOUND
        return None

    chief = FakeChief(handler, limits=TurnLimits(desk_timeout_s=0.2))
    r = await run_turn(small, QUESTION, TurnOptions(save=False), chief=chief)

    by_desk = {f.desk: f for f in r.findings}
    assert not by_desk["memory"].ok and "given nothing to read" in by_desk["memory"].text
    assert not by_desk["tech"].ok and "timed out" in by_desk["tech"].text
    assert r.answer == FOUND.split("\nPATH:")[0]
    (note,) = r.notes
    assert "Memory Keeper desk failed" in note and "desk timed out" in note
    # the checks ran on what was written, not on the note added beside it
    assert r.verified, r.checks


# --- both modes, the same checks ----------------------------------------------------------------


def model_script(final: str) -> Any:
    """The model's side: plan the tasks desk, read the owner, approve, answer ``final``."""

    def reply(body: dict[str, Any]) -> AnthropicReply:
        role = role_of(body)
        if role == "plan":
            return text_reply(json.dumps({"desks": ["tasks"], "why": "it owns tasks"}))
        if role == "answer":
            return text_reply(final)
        if role == "review":
            return text_reply(json.dumps({"verdict": "ok", "note": ""}))
        if len(body["messages"]) == 1:
            return tool_use_reply("owner", {"name": "task-ig-token"}, tool_use_id="toolu_owner")
        return text_reply(final)

    return reply


async def model_turn(graph: TenantGraph, final: str) -> TurnResult:
    async with FakeAnthropicAPI(model_script(final), api_key="sk-test") as fake:
        model = AnthropicModel(api_key="sk-test", base_url=fake.base_url, retries=0)
        try:
            return await run_turn(graph, QUESTION, TurnOptions(save=False), chief=ModelChief(model))
        finally:
            await model.close()


async def test_rules_model_and_fake_chiefs_pass_the_same_checks(small: TenantGraph) -> None:
    rules = await run_turn(small, QUESTION, TurnOptions(save=False))
    model = await model_turn(small, FOUND)
    fake = await run_turn(small, QUESTION, TurnOptions(save=False), chief=owner_desks(FOUND))

    assert (rules.mode, model.mode) == ("rules", "model")
    for r in (rules, model, fake):
        assert [c["name"] for c in r.checks] == CHECK_NAMES, r.mode
        assert r.verified, (r.mode, r.checks)
        assert "[[person-priya]]" in r.answer, r.answer
    assert model.tokens["read"] > 0 and rules.tokens == {"read": 0, "written": 0}


async def test_a_made_up_figure_fails_alike_whichever_chief_wrote_it(small: TenantGraph) -> None:
    model = await model_turn(small, MADE_UP)
    as_rules = await run_turn(small, QUESTION, TurnOptions(save=False), chief=owner_desks(MADE_UP))

    assert model.mode == "model" and as_rules.mode == "rules"
    assert model.answer == as_rules.answer
    assert model.checks == as_rules.checks
    assert not model.verified and not check(model, "numbers")["passed"]
