"""Triage finds precedents by meaning when an issue shares no word with them.

A bakery's till software: its card-payment fix is worded nothing like the issue the
counter staff file ("the terminal refuses shoppers' Visa"). Full-text alone finds no
precedent and can only fall back on each area's activity; the vector index finds the
payment fix, so the issue goes to the payments code with that fix as its evidence.
"""

from __future__ import annotations

import uuid
from typing import Any

from agents.tools import call_tool
from brain import Brain
from tests.commit_records import commit_record, load_history

REPO = "crumb/till"
AS_OF = "2026-06-01"
ISSUE = "The terminal refuses shoppers' Visa"
IKE = {"name": "Ike Baum", "email": "ike@crumb.example"}

HISTORY = [
    commit_record(REPO, 1, "2026-03-02", IKE, "Card payments rejected at checkout",
                  ["src/payments/card.py"], pr=1),
    commit_record(REPO, 2, "2026-03-09", IKE, "Oven temperature schedule for sourdough",
                  ["src/ovens/schedule.py"], pr=2),
    commit_record(REPO, 3, "2026-03-16", IKE, "Plan the delivery van's morning route",
                  ["src/delivery/routes.py"], pr=3),
]  # fmt: skip


async def triage(brain: Brain, tmp_path: Any) -> dict[str, Any]:
    slug = f"tm-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    await load_history(graph, tmp_path / "till.jsonl", HISTORY)
    res = await call_tool(graph, "triage_candidates", {"text": ISSUE, "repo": REPO, "as_of": AS_OF})
    return res.data


async def test_an_issue_worded_unlike_its_precedent_is_found_by_meaning(
    brain: Brain, tmp_path: Any
) -> None:
    data = await triage(brain, tmp_path)
    assert data["components"][0]["component"] == "src/payments"
    assert data["similar"][0]["title"] == "Card payments rejected at checkout"
    assert data["components"][0]["similar"] == [data["similar"][0]["id"]]


async def test_without_vectors_the_same_issue_has_no_precedent(
    quiet_brain: Brain, tmp_path: Any
) -> None:
    data = await triage(quiet_brain, tmp_path)
    assert data["similar"] == []
    assert all(c["similar"] == [] for c in data["components"])
