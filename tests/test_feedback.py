"""Feedback as data, what an answer read, and questions made from a tenant's own records.

Real turns on a real FalkorDB tenant (a small plumbing firm, ``tests/data/surfaces``):
a click becomes a Feedback node on the Turn through the gate, a thumbs-down's reason is
filled once, stale and foreign clicks change nothing, Sources lists what the tools read,
and the suggested prompts name the tenant's own metric, decision, incident and meeting.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from agents import (
    AnswerUnknown,
    TurnOptions,
    answer_sources,
    explain_feedback,
    give_feedback,
    run_turn,
    suggested_prompts,
)
from bots.serve import FeedbackTotals
from brain import Brain, InputInvalid, TenantGraph, now_ms, parse_moment, tenant_stats
from brain.reads import feedback_counts, highlights, read_turn

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"
NOW = parse_moment("2026-12-01")


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: nothing here searches by meaning."""
    return quiet_brain


def plumbing_facts() -> list[tuple[int, dict[str, Any]]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return [(i, json.loads(line)) for i, line in enumerate(lines, 1) if line.strip()]


@pytest_asyncio.fixture(loop_scope="session")
async def plumbing(brain: Brain) -> TenantGraph:
    slug = f"fb-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    report = await graph.write_facts(plumbing_facts())
    assert report.refused == 0, report.refusals
    return graph


async def answered(graph: TenantGraph, question: str) -> str:
    turn = await run_turn(graph, question, TurnOptions(asked_by="slack:U1"))
    return turn.turn_id


async def count(graph: TenantGraph, label: str) -> int:
    stats = await tenant_stats(graph)
    return stats.nodes_by_type.get(label, 0)


# --- feedback -----------------------------------------------------------------------------


async def test_each_click_is_a_feedback_node_and_the_latest_vote_counts(
    plumbing: TenantGraph,
) -> None:
    turn = await answered(plumbing, "Who owns Boiler parts supplier missing deliveries?")
    at = now_ms()
    await give_feedback(plumbing, turn_id=turn, vote="up", given_by="slack:U1", at_ms=at)
    await give_feedback(plumbing, turn_id=turn, vote="down", given_by="slack:U1", at_ms=at + 1)
    await give_feedback(plumbing, turn_id=turn, vote="up", given_by="slack:U2", at_ms=at)

    counts = await feedback_counts(plumbing)
    assert (counts.up, counts.down, counts.clicks) == (1, 1, 3)  # U1 changed their mind
    stats = await tenant_stats(plumbing)
    assert stats.as_dict()["feedback"] == {"up": 1, "down": 1, "reasons": {}, "clicks": 3}
    assert stats.nodes_by_type["Feedback"] == 3
    assert stats.edges_by_type["ABOUT"]["open"] >= 3  # each hangs off the Turn


async def test_a_thumbs_down_reason_is_filled_once_by_its_giver(plumbing: TenantGraph) -> None:
    turn = await answered(plumbing, "Who owns Boiler parts supplier missing deliveries?")
    down = await give_feedback(
        plumbing, turn_id=turn, vote="down", given_by="discord:7", at_ms=now_ms()
    )

    with pytest.raises(InputInvalid, match="Only the person"):
        await explain_feedback(
            plumbing, feedback_id=down, reason="outdated", text="", given_by="discord:8"
        )
    with pytest.raises(InputInvalid, match="pick one of"):
        await explain_feedback(
            plumbing, feedback_id=down, reason="because", text="", given_by="discord:7"
        )
    first = await explain_feedback(
        plumbing,
        feedback_id=down,
        reason="wrong_person",
        text="  Tomasz   handed it to Ines last week ",
        given_by="discord:7",
    )
    again = await explain_feedback(
        plumbing, feedback_id=down, reason="other", text="changed my mind", given_by="discord:7"
    )

    assert first.changed and not again.changed
    assert (again.feedback.reason, again.feedback.text) == (
        "wrong_person",
        "Tomasz handed it to Ines last week",
    )
    assert (await feedback_counts(plumbing)).reasons == {"wrong_person": 1}


async def test_a_stale_answer_or_a_bad_vote_writes_nothing(plumbing: TenantGraph) -> None:
    before = await count(plumbing, "Feedback")
    with pytest.raises(AnswerUnknown) as stale:
        await give_feedback(
            plumbing, turn_id="turn-gone0000000", vote="up", given_by="slack:U1", at_ms=now_ms()
        )
    assert "no longer in the brain" in stale.value.user_message
    turn = await answered(plumbing, "Who owns Boiler parts supplier missing deliveries?")
    with pytest.raises(InputInvalid, match="up or down"):
        await give_feedback(plumbing, turn_id=turn, vote="meh", given_by="slack:U1", at_ms=0)
    with pytest.raises(InputInvalid, match="no longer in the brain"):
        await explain_feedback(
            plumbing, feedback_id="feedback-nope", reason="other", text="", given_by="slack:U1"
        )
    assert await count(plumbing, "Feedback") == before


async def test_a_source_file_may_not_forge_feedback(plumbing: TenantGraph) -> None:
    forged = {"node": {"type": "Feedback", "id": "fb-x", "vote": "up", "src": "f", "asOf": "2026"}}
    report = await plumbing.write_facts([(1, forged)])
    assert report.refused == 1 and await count(plumbing, "Feedback") == 0


# --- what an answer read --------------------------------------------------------------------


async def test_sources_list_every_record_the_answer_read_with_its_tool(
    plumbing: TenantGraph,
) -> None:
    turn = await answered(plumbing, "Who owns Boiler parts supplier missing deliveries?")
    saved = await read_turn(plumbing, turn)
    assert saved is not None and saved.reads

    sources = await answer_sources(plumbing, turn)

    by_id = {s.id: s for s in sources if s.kind == "node"}
    incident = by_id["incident-parts-delays"]
    assert incident.type == "Incident" and incident.src == "ops:board"
    assert incident.as_of is not None and incident.as_of.startswith("2026-11-25")
    assert incident.tools  # the tool that read it
    owns = [s for s in sources if s.kind == "edge" and s.type == "OWNS"]
    assert any(
        s.name == "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
        and s.since is not None
        and s.since.startswith("2026-11-25")
        for s in owns
    )
    with pytest.raises(AnswerUnknown):
        await answer_sources(plumbing, "turn-000000000000")


async def test_a_turn_says_what_it_is_doing_and_keeps_the_viewed_channel(
    plumbing: TenantGraph,
) -> None:
    lines: list[str] = []
    turn = await run_turn(
        plumbing,
        "Why did Emergency call-outs change between 16 and 20 November?",
        TurnOptions(progress=lines.append, viewing="slack:C0VIEWED", as_of="2026-12-01"),
    )
    assert lines[0] == "looking up what the brain already knows"
    assert any(line.startswith("asking ") for line in lines)
    assert any(line.startswith("reading ") and "readings" in line for line in lines)
    assert lines[-1] == "checking figures and citations"
    assert all(a != b for a, b in zip(lines, lines[1:], strict=False))  # no line twice in a row
    saved = await read_turn(plumbing, turn.turn_id)
    assert saved is not None and saved.viewing == "slack:C0VIEWED"


async def test_a_failing_progress_callback_never_costs_the_answer(plumbing: TenantGraph) -> None:
    def broken(_: str) -> None:
        raise RuntimeError("the status call failed")

    turn = await run_turn(
        plumbing, "Who owns Boiler parts supplier missing deliveries?", TurnOptions(progress=broken)
    )
    assert "Tomasz Wren" in turn.answer


# --- suggested questions ---------------------------------------------------------------------


async def test_suggested_prompts_come_from_the_tenants_own_records(plumbing: TenantGraph) -> None:
    found = await highlights(plumbing, now=NOW)
    assert found.metric is not None and found.metric.id == "metric-callouts"  # most readings
    assert found.decision is not None and found.decision.id == "decision-weekend-van"  # newest
    assert found.incident is not None and found.incident.id == "incident-parts-delays"  # open
    assert found.meeting is not None and found.meeting.id == "meeting-crew-leads-2026-11-24"

    prompts = await suggested_prompts(plumbing)
    assert len(prompts) == 4
    text = " ".join(p.message for p in prompts)
    for name in (
        "Emergency call-outs",
        "Rotate the weekend van between crews",
        "Boiler parts supplier missing deliveries",
        "Crew leads, 24 November",
    ):
        assert name in text
    assert all(len(p.title) <= 75 for p in prompts)


async def test_an_empty_brain_suggests_nothing(brain: Brain) -> None:
    slug = f"fb-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    assert await suggested_prompts(await brain.tenant(slug)) == []


# --- notes every process sees ------------------------------------------------------------------


async def test_server_notes_are_shared_and_expire(brain: Brain) -> None:
    key = f"D0{uuid.uuid4().hex[:6].upper()}:1700000000.000100"
    await brain.notes.put("assistant", key, {"channel_id": "C123", "team_id": "T1"}, ttl_s=1)
    assert await brain.notes.get("assistant", key) == {"channel_id": "C123", "team_id": "T1"}
    assert await brain.notes.get("assistant", key + "9") is None
    with pytest.raises(ValueError, match="must match"):
        await brain.notes.put("assistant", "bad key!", {}, ttl_s=5)
    await asyncio.sleep(1.2)
    assert await brain.notes.get("assistant", key) is None


async def test_healthz_counts_each_tenants_feedback(brain: Brain, plumbing: TenantGraph) -> None:
    turn = await answered(plumbing, "Who owns Boiler parts supplier missing deliveries?")
    await give_feedback(plumbing, turn_id=turn, vote="down", given_by="slack:U1", at_ms=now_ms())
    totals = await FeedbackTotals(brain).read([plumbing.slug])
    assert totals == {plumbing.slug: {"up": 0, "down": 1, "reasons": {}, "clicks": 1}}
