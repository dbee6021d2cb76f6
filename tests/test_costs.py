"""What answers cost per tenant: tokens, model time and tool time, per turn and per desk.

Model replies are charged to the desk spending them (each desk its own task); a turn's tool
calls are timed by the ledger; saved turns sum per tenant in ``tenant stats`` and in a line
of the weekly digest. Real turns on a real FalkorDB (the plumbing firm of tests/data).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import pytest_asyncio

from agents import TurnOptions, run_turn
from agents.model import SPENDING_DESK, Budget, Usage
from brain import Brain, TenantGraph, now_ms, tenant_stats
from brain.reads import turn_costs
from scheduler import JobRunner, Post

DATA = Path(__file__).parent / "data" / "surfaces" / "plumbing.jsonl"


def test_model_replies_are_charged_to_the_desk_spending_them() -> None:
    budget = Budget(tokens=10_000, tool_calls=5)

    async def spend(desk: str, tokens: int) -> None:
        SPENDING_DESK.set(desk)
        budget.charge(Usage(tokens, 1), model_ms=5.0)
        await asyncio.sleep(0)
        budget.charge(Usage(tokens, 1), model_ms=5.0)

    async def turn() -> None:
        await asyncio.gather(spend("data", 100), spend("meetings", 7))
        budget.charge(Usage(3, 2), model_ms=1.0)  # outside a desk: the Chief's

    asyncio.run(turn())
    by = budget.by_desk
    assert (by["data"].input_tokens, by["data"].output_tokens, by["data"].calls) == (200, 2, 2)
    assert (by["meetings"].input_tokens, by["meetings"].model_ms) == (14, 10.0)
    assert (by["chief"].input_tokens, by["chief"].output_tokens) == (3, 2)
    assert budget.used.total == 200 + 2 + 14 + 2 + 5


@pytest_asyncio.fixture(loop_scope="session")
async def plumbing(quiet_brain: Brain) -> tuple[str, TenantGraph]:
    assert quiet_brain.registry is not None
    slug = f"cost-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    await quiet_brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await quiet_brain.registry.update_settings(slug, {"digest_channel": "C-DIGEST"})
    graph = await quiet_brain.tenant(slug)
    lines = DATA.read_text(encoding="utf-8").splitlines()
    facts = [(i, json.loads(line)) for i, line in enumerate(lines, 1) if line.strip()]
    assert (await graph.write_facts(facts)).refused == 0
    return slug, graph


class RecordingPoster:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append(post)
        return channel


async def test_a_turn_keeps_its_cost_and_the_tenant_sums_it(
    plumbing: tuple[str, TenantGraph], quiet_brain: Brain
) -> None:
    slug, graph = plumbing
    questions = ["Who owns Boiler parts supplier missing deliveries?", "How many quotes were sent?"]
    results = [await run_turn(graph, q, TurnOptions(as_of="2026-12-01")) for q in questions]
    for r in results:
        cost: dict[str, Any] = r.cost
        assert cost["tool_calls"] > 0 and cost["tool_ms"] > 0
        assert cost["tokens"] == 0 and cost["model_ms"] == 0  # rules mode: no model
        assert set(r.desks) <= set(cost["desks"])  # every desk that worked is listed
        assert cost["tool_ms"] == round(sum(d["tool_ms"] for d in cost["desks"].values()), 1)

    totals = await turn_costs(graph)
    assert totals.turns == 2
    assert abs(totals.tool_ms - sum(r.cost["tool_ms"] for r in results)) < 0.01
    calls = sum(r.cost["tool_calls"] for r in results)
    assert sum(d["tool_calls"] for d in totals.desks.values()) == calls
    stats = (await tenant_stats(graph)).as_dict()
    assert stats["cost"]["turns"] == 2 and stats["cost"]["tool_ms_per_turn"] > 0
    assert await turn_costs(graph, from_ms=now_ms() + 60_000) == type(totals)()  # none later

    poster = RecordingPoster()
    run = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        slug, "business_digest", t=now_ms() + 1
    )
    assert run.status == "ok"
    text = poster.posts[0].text
    assert "Answers this week: 2 turns, 0 tokens" in text
    assert "ms of tool time per turn" in text
