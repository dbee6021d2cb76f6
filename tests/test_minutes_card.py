"""One minutes e-mail card, whoever drafts it: the minutes command in chat or the CLI, and the
scheduler's minutes digest both propose the ``minutes`` kind, and approving either sends the
e-mail through Composio (a local server speaking Composio's API). Against a real FalkorDB.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from agents import (
    Card,
    ComposioExecutor,
    ExecutorRegistry,
    RecordOnlyExecutor,
    ToolArgsInvalid,
    call_tool,
    decide,
    list_cards,
    propose_minutes_card,
)
from brain import Brain, InputInvalid, TenantGraph, now_ms
from scheduler import JobRunner
from tests.conftest import unique_slug
from tests.fakes import FakeComposioAPI
from tests.test_job_posts import RecordingPoster

APPROVER = "slack:UAPPROVER"


def fact(t: str, i: str, name: str, **props: Any) -> dict[str, Any]:
    return {
        "node": {"type": t, "id": i, "name": name, "src": "kiln", "asOf": "2026-11-30", **props}
    }


def link(a: str, rel: str, b: str) -> dict[str, Any]:
    return {
        "edge": {"from": a, "type": rel, "to": b, "since": "2026-11-30", "src": "kiln",
                 "asOf": "2026-11-30"}
    }  # fmt: skip


#: A pottery studio's firing meeting: one decision, one action, two attendees with e-mails.
FIRING = [
    fact("Meeting", "meet-firing", "Kiln firing review"),
    fact("Chunk", "meet-firing-l1", "line 1",
         text="Mira: We agreed to fire the glaze kiln on Fridays", line=1, speaker="Mira"),
    fact("Chunk", "meet-firing-l2", "line 2", text="Olu: Olu will order cones by 10 Dec",
         line=2, speaker="Olu"),
    link("meet-firing", "HAS_CHUNK", "meet-firing-l1"),
    link("meet-firing", "HAS_CHUNK", "meet-firing-l2"),
    fact("Person", "p-mira", "Mira", email="mira@kiln.example"),
    fact("Person", "p-olu", "Olu", email="olu@kiln.example"),
    link("p-mira", "ATTENDED", "meet-firing"),
    link("p-olu", "ATTENDED", "meet-firing"),
    fact("Decision", "dec-fridays", "Fire the glaze kiln on Fridays"),
    link("dec-fridays", "DECIDED_IN", "meet-firing"),
    link("dec-fridays", "BASED_ON", "meet-firing-l1"),
    fact("Task", "task-cones", "Order pyrometric cones", due="2026-12-10"),
    link("task-cones", "EVIDENCED_BY", "meet-firing-l2"),
    link("p-olu", "OWNS", "task-cones"),
]  # fmt: skip


async def studio(brain: Brain, **settings: str) -> TenantGraph:
    assert brain.registry is not None
    slug = unique_slug()
    await brain.create_tenant(slug)
    await brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await brain.registry.update_settings(slug, {"approvers": [APPROVER], **settings})
    graph = await brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(FIRING, 1)))
    assert report.refused == 0, report.refusals
    return graph


async def approve(brain: Brain, graph: TenantGraph, card: Card, fake: FakeComposioAPI) -> Card:
    """Approve ``card`` with the executors ``serve`` wires: Composio and the record-only one."""
    assert brain.registry is not None
    executor = ComposioExecutor(
        api_key="ck_test", user_id="studio", base_url=fake.base_url,
        toolkit_versions={"gmail": "20250909_00"},
    )  # fmt: skip
    tenant = await brain.registry.get(graph.slug)
    decision = await decide(
        graph, tenant.settings, card_id=card.id, action="approve", user_key=APPROVER,
        executors=ExecutorRegistry([executor, RecordOnlyExecutor()]), now_ms=now_ms(),
    )  # fmt: skip
    return decision.card


async def test_approving_the_minutes_card_from_chat_sends_the_email(quiet_brain: Brain) -> None:
    graph = await studio(quiet_brain)
    minutes = await call_tool(graph, "minutes", {"meeting": "Kiln firing review"})
    assert minutes.found
    card = await propose_minutes_card(graph, minutes.data)

    async with FakeComposioAPI(api_key="ck_test") as fake:
        fake.add_tool("GMAIL_SEND_EMAIL", {"id": "msg-1"}, version="20250909_00")
        done = await approve(quiet_brain, graph, card, fake)
        sent_all = fake.executions

    assert done.status == "executed", done.result
    assert len(sent_all) == 1, f"approving sent {len(sent_all)} e-mails ({done.result})"
    sent = sent_all[0]
    assert sent["slug"] == "GMAIL_SEND_EMAIL"
    args = sent["arguments"]
    assert (args["recipient_email"], args["extra_recipients"]) == (
        "mira@kiln.example",
        ["olu@kiln.example"],
    )
    assert args["subject"] == "Minutes: Kiln firing review"
    assert "Fire the glaze kiln on Fridays" in args["body"]
    assert "Order pyrometric cones" in args["body"]
    # the approver saw exactly that: the one minutes kind, its preview written from it
    assert card.kind == "minutes" and card.executor == "composio"
    assert "E-mail to: mira@kiln.example, olu@kiln.example" in card.preview


async def test_the_digest_proposes_the_same_minutes_card_and_approving_it_sends(
    quiet_brain: Brain,
) -> None:
    graph = await studio(quiet_brain, digest_channel="C-DIGEST", minutes_email="all@kiln.example")
    poster = RecordingPoster()
    run = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        graph.slug, "minutes_digest", t=now_ms() + 1
    )
    assert run.status == "ok", run
    (post,) = poster.posts
    (note,) = post.cards
    (card,) = await list_cards(graph, status="pending")
    assert card.id == note.id

    async with FakeComposioAPI(api_key="ck_test") as fake:
        fake.add_tool("GMAIL_SEND_EMAIL", {"id": "msg-2"}, version="20250909_00")
        done = await approve(quiet_brain, graph, card, fake)
        [sent] = fake.executions

    assert done.status == "executed", done.result
    # the same kind the chat drafts, not an e-mail card carrying a raw Composio action
    assert card.kind == "minutes" and card.payload["to"] == ["all@kiln.example"]
    assert sent["arguments"]["recipient_email"] == "all@kiln.example"
    assert "Fire the glaze kiln on Fridays" in sent["arguments"]["body"]


async def test_minutes_nobody_can_receive_are_refused_plainly_and_propose_nothing(
    quiet_brain: Brain,
) -> None:
    graph = await studio(quiet_brain)
    minutes = await call_tool(graph, "minutes", {"meeting": "Kiln firing review"})
    nobody = {**minutes.data, "attendees": []}  # as if no attendee were known
    with pytest.raises(InputInvalid, match="no attendee of Kiln firing review has an e-mail"):
        await propose_minutes_card(graph, nobody)
    with pytest.raises(ToolArgsInvalid, match="not an e-mail address: kiln-crew"):
        await propose_minutes_card(graph, minutes.data, to=["kiln-crew"])
    assert await list_cards(graph) == []
    named = await propose_minutes_card(graph, nobody, to=["crew@kiln.example"])
    assert named.kind == "minutes" and named.payload["to"] == ["crew@kiln.example"]
