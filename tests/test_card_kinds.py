"""Card kinds and requests to act, without a chat platform: what a request becomes.

Requests are read against a real FalkorDB tenant (the vet practice of
``tests/data/businesses``); every question of every business's question bank must stay
a question, so a request to act can never take an answer's place.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from agents.cards import (
    CARD_KINDS,
    CardPlace,
    ComposioExecutor,
    ExecutorRegistry,
    decide,
    draft_card,
    get_card,
    payload_hash,
    payload_json,
    propose,
    read_request,
)
from agents.errors import CardNotPending, ToolArgsInvalid
from brain import Brain, TenantGraph, now_ms, read_facts

BUSINESSES = Path(__file__).parent / "data" / "businesses"
QUESTIONS = [
    q["q"]
    for path in sorted(BUSINESSES.glob("*/questions.json"))
    for q in json.loads(path.read_text(encoding="utf-8"))
]
SLACK = CardPlace(platform="slack", channel="C1", team_channel="CTEAM", repos=("acme/web",))


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def vets(brain: Brain) -> TenantGraph:
    slug = f"kinds-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    assert brain.registry is not None
    await brain.registry.update_settings(slug, {"approvers": ["slack:U1"]})
    graph = await brain.tenant(slug)
    facts = read_facts(BUSINESSES / "fernside-vets" / "facts.jsonl")
    report = await graph.write_facts(facts)
    assert report.refused == 0
    return graph


async def test_no_question_of_any_question_bank_is_taken_for_a_request(vets: TenantGraph) -> None:
    assert len(QUESTIONS) >= 160
    taken = [q for q in QUESTIONS if await read_request(vets, q, place=SLACK) is not None]
    assert taken == []


REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    (
        "tell the team that the Wymondham branch opens at 9",
        "channel_message",
        {"platform": "slack", "channel": "CTEAM", "text": "The Wymondham branch opens at 9."},
    ),
    (
        "Hey hivebrain, please let everyone know: rota is out!",
        "channel_message",
        {"platform": "slack", "channel": "CTEAM", "text": "Rota is out!"},
    ),
    (
        "post to #ops: the autoclave is fixed",
        "channel_message",
        {"platform": "slack", "channel": "#ops", "text": "The autoclave is fixed."},
    ),
    (
        "post in <#C0OPS|ops> that stock take is Friday",
        "channel_message",
        {"platform": "slack", "channel": "C0OPS", "text": "Stock take is Friday."},
    ),
    (
        "label issue 12 with bug, 'needs triage'",
        "label",
        {"repo": "acme/web", "issue": 12, "labels": ["bug", "needs triage"]},
    ),
    (
        "tag PR #7 in acme/api as release",
        "label",
        {"repo": "acme/api", "issue": 7, "labels": ["release"]},
    ),
    (
        "remind Helen Okafor to review the sedation protocol",
        "task",
        {"name": "Review the sedation protocol", "owner": "Helen Okafor"},
    ),
    ("remind me to call the lab", "task", {"name": "Call the lab"}),
]


@pytest.mark.parametrize(("text", "kind", "payload"), REQUESTS)
async def test_a_request_to_act_becomes_the_card_of_its_kind(
    vets: TenantGraph, text: str, kind: str, payload: dict[str, Any]
) -> None:
    act = await read_request(vets, text, place=SLACK)

    assert act is not None and act.draft is not None
    assert (act.draft.kind, act.draft.payload) == (kind, payload)
    assert act.draft.executor == CARD_KINDS[kind].executor
    assert act.answer.startswith("Nothing is sent yet") and act.draft.preview in act.answer


REFUSED: list[tuple[str, CardPlace, str]] = [
    ("post in #ops that we close early", CardPlace(platform="discord", channel="1"), "mention it"),
    ("post in #ops that we close early", CardPlace(), "only post to a channel"),
    ("label this issue as bug", CardPlace(platform="slack", channel="C1"), "Say which issue"),
    ("remind Nobody Atall to file the report", SLACK, "don't know exactly one person"),
    ("e-mail the minutes to Nobody Atall", SLACK, "no e-mail address for Nobody Atall"),
    ("email the minutes to lab@fernsidevets.co.uk", SLACK, "no meeting minutes"),
]


@pytest.mark.parametrize(("text", "place", "says"), REFUSED)
async def test_a_request_that_cannot_be_a_card_says_what_is_missing(
    vets: TenantGraph, text: str, place: CardPlace, says: str
) -> None:
    act = await read_request(vets, text, place=place)

    assert act is not None and act.draft is None
    assert says in act.answer


async def test_from_the_console_a_team_update_is_only_recorded(vets: TenantGraph) -> None:
    act = await read_request(vets, "tell the team that the lab is closed", place=CardPlace())

    assert act is not None and act.draft is not None
    assert (act.draft.kind, act.draft.executor) == ("channel_message", "record")
    assert "only records it" in act.answer


def test_a_draft_is_checked_against_its_kind_and_previews_its_payload() -> None:
    with pytest.raises(ToolArgsInvalid, match="not an e-mail address"):
        draft_card(
            "email", {"to": ["nope"], "subject": "s", "body": "b"}, title="t", proposed_by="x"
        )
    with pytest.raises(ToolArgsInvalid, match="repo"):
        draft_card(
            "label", {"repo": "no slash", "issue": 1, "labels": ["a"]}, title="t", proposed_by="x"
        )
    with pytest.raises(ValueError, match="unknown card kind"):
        draft_card("teleport", {}, title="t", proposed_by="x")  # type: ignore[arg-type]  # a wrong kind on purpose
    draft = draft_card(
        "ad_change",
        {"network": "metaads", "campaign": "Puppy plans", "change": "budget", "daily_budget": 40},
        title="Cut the budget",
        proposed_by="marketing",
    )
    assert draft.executor == "composio"
    assert draft.preview == "Budget the metaads campaign Puppy plans to 40 a day"


def test_the_stored_payload_text_and_its_hash_are_stable() -> None:
    a = payload_json({"b": 1, "a": "é"})
    assert a == '{"a":"é","b":1}' and a == payload_json({"a": "é", "b": 1})
    assert payload_hash(a) != payload_hash(payload_json({"a": "e", "b": 1}))


async def test_composio_without_an_account_for_the_tenant_sends_nothing_and_says_so(
    vets: TenantGraph, brain: Brain
) -> None:
    async def no_account(tenant: str) -> None:
        assert tenant == vets.slug
        return None

    card = await propose(
        vets,
        draft_card(
            "email",
            {"to": ["lab@fernsidevets.co.uk"], "subject": "Bloods", "body": "Two samples today."},
            title="E-mail the lab",
            proposed_by="ops",
        ),
        now_ms=now_ms(),
    )
    executor = ComposioExecutor(api_key="ck_unused", accounts=no_account)
    assert brain.registry is not None
    settings = (await brain.registry.get(vets.slug)).settings

    decision = await decide(
        vets,
        settings,
        card_id=card.id,
        action="approve",
        user_key="slack:U1",
        executors=ExecutorRegistry([executor]),
        now_ms=now_ms(),
    )

    assert decision.card.status == "failed" and decision.card.can_retry
    assert "has not connected Composio" in (decision.card.result or "")
    assert (await get_card(vets, card.id)).payload_intact()


async def test_a_card_left_executing_by_a_restart_is_never_run_again(
    vets: TenantGraph, brain: Brain
) -> None:
    runs: list[str] = []

    class Counting:
        name = "channel"

        async def execute(self, card: Any) -> str:
            runs.append(card.id)
            return "posted"

    draft = draft_card(
        "channel_message",
        {"platform": "slack", "channel": "C1", "text": "Closing at 4 today."},
        title="Close early",
        proposed_by="ops",
    )
    card = await propose(vets, draft, now_ms=now_ms())
    # the process stopped between the approval and the executor's answer
    assert await vets.compare_and_set(
        card.id, expect={"status": "pending"}, changes={"status": "executing"}, src="test"
    )
    assert brain.registry is not None
    settings = (await brain.registry.get(vets.slug)).settings

    for action in ("approve", "retry"):
        with pytest.raises(CardNotPending) as caught:
            await decide(
                vets,
                settings,
                card_id=card.id,
                action=action,  # type: ignore[arg-type]  # both literals of CardAction
                user_key="slack:U1",
                executors=ExecutorRegistry([Counting()]),
                now_ms=now_ms(),
            )
        assert caught.value.status == "executing"
    assert runs == [] and (await get_card(vets, card.id)).status == "executing"


@pytest.mark.parametrize("due", ["2026-13-45", "2026-02-30", "0000-01-01"])
async def test_an_edit_to_an_impossible_date_is_refused(
    brain: Brain, vets: TenantGraph, due: str
) -> None:
    from agents.cards import BrainTaskExecutor, edit_card

    card = await propose(
        vets,
        draft_card(
            "task",
            {"name": f"Restock the rabies vaccine ({due})", "due": "2026-12-04"},
            title="Restock",
            proposed_by="ops",
        ),  # fmt: skip
        now_ms=now_ms(),
    )
    assert brain.registry is not None
    settings = (await brain.registry.get(vets.slug)).settings
    with pytest.raises(ToolArgsInvalid, match="due"):
        await edit_card(
            vets, settings, card_id=card.id, changes={"due": due}, user_key="slack:U1",
            now_ms=now_ms(),
        )  # fmt: skip
    assert (await get_card(vets, card.id)).payload["due"] == "2026-12-04"
    # a real date is still an edit; approving writes the Task with it
    await edit_card(
        vets, settings, card_id=card.id, changes={"due": "2026-12-11"}, user_key="slack:U1",
        now_ms=now_ms(),
    )  # fmt: skip
    done = await decide(
        vets, settings, card_id=card.id, action="approve", user_key="slack:U1",
        executors=ExecutorRegistry([BrainTaskExecutor(brain=brain)]), now_ms=now_ms(),
    )  # fmt: skip
    assert done.card.status == "executed", done
    task = await vets.read(
        "t", "MATCH (t:Task) WHERE t.name = $name RETURN t.due LIMIT 5",
        {"name": f"Restock the rabies vaccine ({due})"},
    )  # fmt: skip
    assert [d for (d,) in task.rows] == ["2026-12-11"]
