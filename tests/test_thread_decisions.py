"""Decisions the model reads out of a pull-request thread, checked against the graph.

A greenhouse controller's repository comes in through the REST source (a local server
speaking GitHub's wire format); the model is the real Anthropic SDK against a local
server speaking the Messages API. Only what the check lets through is written.
"""

from __future__ import annotations

import json
import uuid

import httpx

from agents.model import AnthropicModel, ThreadExtractor, parse_thread_candidates
from brain import Brain
from brain.ingest import extract_thread_decisions
from brain.ingest.github import GitHubSource, load_github_repo
from tests.fakes import FakeAnthropicAPI, text_reply
from tests.fakes.github_api import FakeGitHubAPI

REPO = "verdant/greenhouse"
TOKEN = "ghp_greenhouse"
PR = f"pr:{REPO}#7"

READ_DECISIONS = """
MATCH (d:Decision {extractedBy: 'model'})
OPTIONAL MATCH (d)-[r:DECIDED_IN|MADE_BY|EVIDENCED_BY|AFFECTS]->(x)
RETURN d.name, collect([type(r), x.id])
ORDER BY d.name
LIMIT 20
"""

REPLY = {
    "decisions": [
        {"summary": "Keep the PID loop for the roof vents", "messages": [2], "made_by": "ilse",
         "rationale": "the bang-bang version chattered the motors",
         "affects": ["firmware/vents"], "confidence": 0.86},
        {"summary": "Misting runs at night", "messages": [99], "made_by": "ilse",
         "confidence": 0.9},
        {"summary": "Humidity is read every ten seconds", "messages": [1], "made_by": "mallory",
         "affects": ["firmware/lights"], "confidence": 0.7},
        {"summary": "Maybe add a rain sensor", "messages": [1], "confidence": 0.3},
    ]
}  # fmt: skip


def seed(api: FakeGitHubAPI) -> None:
    api.add_pull(
        REPO, 7, title="Vent controller follows humidity", body="Opens the roof vents on "
        "humidity as well as heat.", user="noor", merged_at="2026-04-03T10:00:00Z",
        files=["firmware/vents/ctl.c", "docs/vents.md"],
        reviews=[("ilse", "Fine, keep the PID loop: the bang-bang version chattered the "
                  "motors.", "2026-04-02T09:00:00Z")],
        updated_at="2026-04-03T10:00:00Z",
    )  # fmt: skip
    api.add_issue_comment(REPO, 7, "pax", "Humidity is sampled every 10 s here.",
                          "2026-04-01T09:00:00Z")  # fmt: skip


def test_a_reply_that_is_not_the_json_asked_for_proposes_nothing() -> None:
    assert parse_thread_candidates("I could not find any decisions.") == []
    assert parse_thread_candidates('{"decisions": [{"summary": 3}, "x"]}') == []


async def test_model_decisions_are_checked_against_the_thread(quiet_brain: Brain) -> None:
    slug = f"thr-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    async with FakeGitHubAPI(token=TOKEN) as api, httpx.AsyncClient() as client:
        seed(api)
        source = GitHubSource(token=TOKEN, base_url=api.base_url, client=client)
        report, _ = await load_github_repo(graph, REPO, source=source)
        assert report.refused == 0, report.refusals
    replies = [text_reply(json.dumps(REPLY)), text_reply("Here:\n" + json.dumps(REPLY))]
    async with FakeAnthropicAPI(replies) as fake:
        model = AnthropicModel(api_key="sk-ant-test", base_url=fake.base_url, retries=0)
        found = await extract_thread_decisions(graph, ThreadExtractor(model), repo=REPO)
        sent = fake.requests[0]["messages"][0]["content"]
        again = await extract_thread_decisions(graph, ThreadExtractor(model), repo=REPO)
        await model.close()
    assert "[1] pax: Humidity is sampled every 10 s here." in sent
    assert "[2] ilse: Fine, keep the PID loop" in sent
    assert "Components its changes touched: firmware/vents" in sent  # docs never vote
    assert found.threads == 1 and len(found.kept) == 2
    assert sorted(reason for _, _, reason in found.dropped) == [
        "cites no message of this thread",
        "confidence 0.30",
    ]
    assert any("'mallory' took no part" in n for n in found.notes)
    assert any("never touched 'firmware/lights'" in n for n in found.notes)
    rows: dict[str, list[tuple[str, str]]] = {}
    for name, links in (await graph.read("decisions", READ_DECISIONS)).rows:
        rows[str(name)] = sorted((str(rel), str(x)) for rel, x in links)
    keep = rows["Keep the PID loop for the roof vents"]
    review = next(x for rel, x in keep if rel == "EVIDENCED_BY")
    assert review.startswith(f"review:{REPO}:")
    assert keep == sorted([
        ("AFFECTS", f"component:{REPO}:firmware/vents"),
        ("DECIDED_IN", PR),
        ("EVIDENCED_BY", review),
        ("MADE_BY", "person:ilse"),
    ])  # fmt: skip
    # no one who took no part, and no code the thread never touched
    humidity = rows["Humidity is read every ten seconds"]
    assert {rel for rel, _ in humidity} == {"DECIDED_IN", "EVIDENCED_BY"}
    assert again.kept == found.kept  # the same ids: a second run adds no Decision
    count = await graph.read("count", "MATCH (d:Decision {extractedBy: 'model'}) RETURN count(d)")
    assert count.scalar(0) == 2
