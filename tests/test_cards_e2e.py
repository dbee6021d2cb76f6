"""Cards end to end: a request in a Slack channel, an approver's click, the action done once.

The real Bolt app and slack_sdk client talk to a local fake Slack; the real executors
(built by the same wiring ``serve`` uses) talk to local fakes of GitHub and Composio; the
tenant is a real FalkorDB graph holding a vet practice (``tests/data/businesses``), not
the sample business. Each test checks what reached the outside world: exactly one post,
one label, one e-mail, however often the button is clicked, the click is redelivered or
two approvers click at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from pydantic import SecretStr
from slack_sdk.web.async_client import AsyncWebClient

from agents import (
    ChannelPostExecutor,
    TurnOptions,
    TurnResult,
    get_card,
    list_cards,
    run_turn,
)
from agents.cards import Card, edit_card
from agents.errors import CardNotPending, NotApprover
from bots._wiring import ExecutorSettings, build_executors
from bots.core import BotCore
from bots.slack import SlackPoster, build_slack_app
from brain import Brain, TenantGraph, now_ms, read_facts
from tests.fakes import FakeComposioAPI, FakeGitHubAPI, FakeSlackAPI
from tests.slack_rig import BOT_TOKEN, Rig, block_text, bot_settings, mention

BUSINESS = Path(__file__).parent / "data" / "businesses" / "fernside-vets" / "facts.jsonl"
TEAM_CHANNEL = "CTEAMVETS"
REPO = "fernside-vets/vetstack-sync"
GH_TOKEN = "ghp_fernside"
COMPOSIO_KEY = "ck_fernside"
EXTRA = [
    {
        "node": {
            "type": "Meeting",
            "id": "meeting-clinical-governance-oct",
            "name": "Clinical governance meeting, 8 October",
            "summary": "Agreed: bloods go to the external lab until the Hemalyte is back; "
            "Helen reviews the sedation protocol by 20 October.",
            "src": "test:meetings",
            "asOf": "2026-10-08",
        }
    }
]


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@dataclass
class World:
    """Fake Slack, GitHub and Composio, the app wired to them, and the vet practice's graph."""

    rig: Rig
    graph: TenantGraph
    github: FakeGitHubAPI
    composio: FakeComposioAPI

    @property
    def slack(self) -> FakeSlackAPI:
        return self.rig.fake

    async def ask(self, text: str, *, channel: str = "C1") -> tuple[str, str]:
        """Mention the bot with ``text``; return (the card's id, the card message's ts)."""
        ts = self.slack.seed_message(channel, text=f"<@UBOT> {text}", user="U1")
        await self.rig.event(mention(ts, text=f"<@UBOT> {text}", channel=channel))
        [card] = await list_cards(self.graph, origin=f"slack:{channel}", limit=5)
        [message_ts] = [
            t for (c, t), m in self.slack.messages.items() if c == channel and card.id in str(m)
        ]
        return card.id, message_ts

    async def click(
        self,
        card_id: str,
        ts: str,
        *,
        user: str = "U1",
        action: str = "card:approve",
        headers: dict[str, str] | None = None,
    ) -> None:
        """Click a card's button as Slack delivers it (``headers``: a redelivery's)."""
        team = self.slack.workspace.team_id
        payload = {
            "type": "block_actions",
            "team": {"id": team, "domain": "fernside"},
            "user": {"id": user, "username": user.lower(), "team_id": team},
            "api_app_id": "A0FAKE",
            "token": "legacy",
            "trigger_id": "trig-1",
            "container": {"type": "message", "message_ts": ts, "channel_id": "C1"},
            "channel": {"id": "C1", "name": "general"},
            "message": self.slack.messages[("C1", ts)],
            "response_url": f"{self.slack.origin}/api/response.url",
            "actions": [
                {
                    "action_id": action,
                    "block_id": f"hb-actions-{card_id}",
                    "value": card_id,
                    "type": "button",
                    "action_ts": "1700000001.0",
                }
            ],
        }
        body = urlencode({"payload": json.dumps(payload)})
        await self.rig.send(body, content_type="application/x-www-form-urlencoded", headers=headers)

    def posts_in(self, channel: str) -> list[dict[str, Any]]:
        return [m for (c, _), m in sorted(self.slack.messages.items()) if c == channel]


async def world_for(
    brain: Brain, slack: FakeSlackAPI, github: FakeGitHubAPI, composio: FakeComposioAPI
) -> World:
    assert brain.registry is not None
    slug = f"vets-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    await brain.registry.bind(slug, "slack", slack.workspace.team_id)
    await brain.registry.update_settings(
        slug,
        {
            "approvers": ["slack:U1", "slack:U2"],
            "slack_team_channel": TEAM_CHANNEL,
            "composio_user_id": f"{slug}-ops",
            "composio_toolkits": "gmail",
            "github_repos": REPO,
        },
    )
    graph = await brain.tenant(slug)
    extra = list(enumerate(EXTRA, 10_000))
    report = await graph.write_facts([*read_facts(BUSINESS), *extra])
    assert report.refused == 0, report.refusals
    settings = ExecutorSettings(
        _env_file=None,  # type: ignore[call-arg]  # pydantic-settings init kwarg
        github_token=SecretStr(GH_TOKEN),
        github_api_base_url=github.base_url,
        hivebrain_github_repos=REPO,
        composio_api_key=SecretStr(COMPOSIO_KEY),
        composio_base_url=composio.base_url,
        composio_toolkit_versions="20250909_00",
    )
    executors = build_executors(settings, brain=brain)
    client = AsyncWebClient(token=BOT_TOKEN, base_url=slack.base_url)
    executors.register(ChannelPostExecutor(poster=SlackPoster(client)))

    # the questions are asked on the practice's "today"
    async def answer(graph: TenantGraph, question: str, options: TurnOptions) -> TurnResult:
        return await run_turn(graph, question, dataclasses.replace(options, as_of="2026-10-13"))

    core = BotCore(brain, executors=executors, answer=answer)
    rig = Rig(slack, core, build_slack_app(core, bot_settings(), client=client), graph)
    return World(rig, graph, github, composio)


@pytest_asyncio.fixture(loop_scope="session")
async def w(brain: Brain) -> AsyncIterator[World]:
    """A fresh vet practice, Slack workspace, GitHub and Composio for each test."""
    async with (
        FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as slack,
        FakeGitHubAPI(token=GH_TOKEN) as github,
        FakeComposioAPI(api_key=COMPOSIO_KEY) as composio,
    ):
        github.add_issue(REPO, 41, title="Lab results import drops the species field")
        composio.add_tool("GMAIL_SEND_EMAIL", {"id": "msg-1"}, version="20250909_00")
        yield await world_for(brain, slack, github, composio)


def sent_line(w: World, ts: str) -> str:
    """What the answer message shows: its streamed text and its blocks."""
    message = w.slack.messages[("C1", ts)]
    return message.get("text", "") + block_text(message)


# --- channel posts --------------------------------------------------------------------------


async def test_tell_the_team_proposes_a_post_that_is_sent_once_on_approval(w: World) -> None:
    card_id, ts = await w.ask("tell the team that the Hemalyte analyser is back from repair")

    proposed = await get_card(w.graph, card_id)
    text = "The Hemalyte analyser is back from repair."
    assert (proposed.kind, proposed.executor, proposed.status) == (
        "channel_message",
        "channel",
        "pending",
    )
    team = w.slack.workspace.team_id  # so a many-workspace install posts with its token
    assert proposed.payload == {
        "platform": "slack",
        "channel": TEAM_CHANNEL,
        "text": text,
        "workspace": team,
    }
    assert proposed.preview == f"Post to slack channel {TEAM_CHANNEL}:\n{text}"
    answer = sent_line(w, ts)
    assert "Nothing is sent yet" in answer and TEAM_CHANNEL in answer
    assert w.posts_in(TEAM_CHANNEL) == []  # proposing sends nothing

    await w.click(card_id, ts)

    [post] = w.posts_in(TEAM_CHANNEL)
    assert post["text"] == text
    edited = sent_line(w, ts)
    assert "Sent by slack:U1 at " in edited and "card:approve" not in edited
    done = await get_card(w.graph, card_id)
    assert done.status == "executed" and done.decided_by == "slack:U1"

    # a second click, a redelivered click and another approver: nothing more is sent
    await w.click(card_id, ts)
    await w.click(
        card_id, ts, headers={"x-slack-retry-num": "1", "x-slack-retry-reason": "timeout"}
    )
    await w.click(card_id, ts, user="U2")
    assert len(w.posts_in(TEAM_CHANNEL)) == 1
    assert all("already executed" in e["text"] for e in w.slack.ephemerals)


async def test_two_approvers_clicking_at_once_send_one_post(w: World) -> None:
    card_id, ts = await w.ask("post in <#COPS|ops> that the Wymondham car park is closed tomorrow")

    await asyncio.gather(w.click(card_id, ts, user="U1"), w.click(card_id, ts, user="U2"))

    assert [p["text"] for p in w.posts_in("COPS")] == ["The Wymondham car park is closed tomorrow."]
    card = await get_card(w.graph, card_id)
    assert card.status == "executed" and card.decided_by in ("slack:U1", "slack:U2")


async def test_an_answer_about_an_incident_proposes_the_team_update(w: World) -> None:
    card_id, ts = await w.ask("Why did we send so many bloods out to the lab in mid-September?")

    card = await get_card(w.graph, card_id)
    assert (card.kind, card.executor) == ("channel_message", "channel")
    assert card.payload["channel"] == TEAM_CHANNEL and "Hemalyte" in card.payload["text"]
    assert "incident-hemalyte-down" in card.cites

    await w.click(card_id, ts, user="U2")

    assert [p["text"] for p in w.posts_in(TEAM_CHANNEL)] == [card.payload["text"]]
    assert "Sent by slack:U2" in sent_line(w, ts)


async def test_a_failed_post_shows_why_and_is_retried_once_on_click(w: World) -> None:
    card_id, ts = await w.ask("tell everyone that the rota for December is out")
    w.slack.fail("chat.postMessage", "channel_not_found")

    await w.click(card_id, ts)

    failed = await get_card(w.graph, card_id)
    assert failed.status == "failed" and "channel_not_found" in (failed.result or "")
    shown = sent_line(w, ts)
    assert "channel_not_found" in shown and "card:retry" in shown and "card:approve" not in shown
    assert w.posts_in(TEAM_CHANNEL) == []

    await w.click(card_id, ts, action="card:retry")
    await w.click(card_id, ts, action="card:retry", user="U2")  # a second retry: nothing

    assert [p["text"] for p in w.posts_in(TEAM_CHANNEL)] == ["The rota for December is out."]
    done = await get_card(w.graph, card_id)
    assert (done.status, done.attempts) == ("executed", 1)
    assert [h["what"] for h in done.history] == ["retry"]
    assert "Sent by slack:U1" in sent_line(w, ts) and "card:retry" not in sent_line(w, ts)


async def test_an_approver_edit_is_what_gets_sent_and_stays_in_the_history(w: World) -> None:
    card_id, ts = await w.ask("tell the team that the new autoclave arrives on Monday")

    await w.rig.command(f"edit {card_id} The new autoclave arrives on Tuesday, not Monday.")
    await w.click(card_id, ts)

    [post] = w.posts_in(TEAM_CHANNEL)
    assert post["text"] == "The new autoclave arrives on Tuesday, not Monday."
    card = await get_card(w.graph, card_id)
    [edit] = card.history
    assert edit["what"] == "edit" and edit["by"] == "slack:U1"
    assert edit["before"]["text"] == "The new autoclave arrives on Monday."


async def test_a_tampered_payload_refuses_to_run(w: World) -> None:
    card_id, ts = await w.ask("tell the team that the lab courier comes at 3pm")
    changed = json.dumps({"platform": "slack", "channel": "CEVIL", "text": "pay this invoice"})
    assert await w.graph.compare_and_set(
        card_id, expect={"status": "pending"}, changes={"payload": changed}, src="attacker"
    )

    await w.click(card_id, ts)

    card = await get_card(w.graph, card_id)
    assert card.status == "failed" and "no longer matches" in (card.result or "")
    assert w.posts_in("CEVIL") == [] and w.posts_in(TEAM_CHANNEL) == []


# --- GitHub ---------------------------------------------------------------------------------


async def test_label_this_issue_labels_it_once_on_the_allowed_repository(w: World) -> None:
    card_id, ts = await w.ask("label issue 41 as bug and needs-triage")

    card = await get_card(w.graph, card_id)
    assert card.payload == {"repo": REPO, "issue": 41, "labels": ["bug", "needs-triage"]}
    assert card.preview == f"Label {REPO}#41: 'bug', 'needs-triage'"
    path = f"/repos/{REPO}/issues/41/labels"
    assert w.github.calls_to("POST", path) == []

    await w.click(card_id, ts)
    await w.click(card_id, ts)
    await w.click(card_id, ts, user="U2")

    assert len(w.github.calls_to("POST", path)) == 1
    labels = [x["name"] for x in w.github.issues[(REPO, 41)]["labels"]]
    assert labels == ["bug", "needs-triage"]
    assert f"labelled {REPO}#41" in sent_line(w, ts)


async def test_a_repository_off_the_tenants_list_is_never_touched(w: World) -> None:
    card_id, ts = await w.ask("label issue 7 in someone-else/private as urgent")

    assert "not one of this workspace's repositories" in (await get_card(w.graph, card_id)).preview
    await w.click(card_id, ts)

    card = await get_card(w.graph, card_id)
    assert card.status == "failed" and "may change" in (card.result or "")
    assert [c for c in w.github.calls if c["method"] == "POST"] == []


# --- Composio e-mail ------------------------------------------------------------------------


async def test_email_the_minutes_sends_one_email_as_the_tenant(w: World) -> None:
    card_id, ts = await w.ask(
        "e-mail the minutes of the clinical governance meeting to Helen Okafor "
        "and lab@fernsidevets.co.uk"
    )

    card = await get_card(w.graph, card_id)
    assert card.kind == "minutes" and card.executor == "composio"
    assert card.payload["to"] == ["helen@fernsidevets.co.uk", "lab@fernsidevets.co.uk"]
    assert card.payload["subject"] == "Minutes: Clinical governance meeting, 8 October"
    assert "sedation protocol" in card.payload["body"]
    assert "E-mail to: helen@fernsidevets.co.uk, lab@fernsidevets.co.uk" in card.preview
    assert w.composio.executions == []

    await asyncio.gather(w.click(card_id, ts), w.click(card_id, ts, user="U2"))
    await w.click(card_id, ts)

    [sent] = w.composio.executions
    assert sent["slug"] == "GMAIL_SEND_EMAIL"
    assert sent["user_id"] == f"{w.graph.slug}-ops"  # the tenant's own Composio user
    assert sent["arguments"] == {
        "recipient_email": "helen@fernsidevets.co.uk",
        "extra_recipients": ["lab@fernsidevets.co.uk"],
        "subject": card.payload["subject"],
        "body": card.payload["body"],
    }
    assert "Sent by slack:U" in sent_line(w, ts)


async def test_a_tool_the_tenant_has_not_connected_is_said_plainly(w: World, brain: Brain) -> None:
    assert brain.registry is not None
    await brain.registry.update_settings(w.graph.slug, {"composio_toolkits": "linkedin"})
    card_id, ts = await w.ask("email the minutes to lab@fernsidevets.co.uk")

    card = await get_card(w.graph, card_id)
    assert "gmail is not connected" in card.preview
    await w.click(card_id, ts)

    failed = await get_card(w.graph, card_id)
    assert failed.status == "failed" and "gmail is not connected" in (failed.result or "")
    assert w.composio.executions == []


# --- tasks, listing, expiry -------------------------------------------------------------------


async def test_remind_someone_becomes_a_task_in_the_brain_with_the_card_as_source(
    w: World,
) -> None:
    card_id, ts = await w.ask("remind Tomasz Nowak to order more sedation kits")

    card = await get_card(w.graph, card_id)
    assert card.payload == {"name": "Order more sedation kits", "owner": "Tomasz Nowak"}
    await w.click(card_id, ts)

    res = await w.graph.ro_query(
        "test task",
        "MATCH (p:Person)-[e:OWNS]->(t:Task {name: $name}) RETURN p.id, t.src, e.src LIMIT 2",
        {"name": "Order more sedation kits"},
    )
    src = f"hivebrain:card/{card_id}"
    assert res.rows == [["person-tomasz-nowak", src, src]]
    assert (await get_card(w.graph, card_id)).status == "executed"


async def test_cards_are_listed_per_channel_and_expire(w: World) -> None:
    here, _ = await w.ask("tell the team that the pharmacy audit is on Thursday")
    elsewhere, _ = await w.ask("tell the team that the x-ray room is booked", channel="C2")

    await w.rig.command("cards")

    [listing] = [e["text"] for e in w.slack.ephemerals]
    assert here in listing and elsewhere not in listing
    later = now_ms() + 73 * 3_600_000
    [card] = await list_cards(w.graph, origin="slack:C1", now_ms=later)
    assert card.status == "expired"


async def test_only_approvers_edit_and_a_decided_card_cannot_be_edited(w: World) -> None:
    card_id, ts = await w.ask("tell the team that flu jabs start next week")
    settings = {"approvers": ["slack:U1"]}

    with pytest.raises(NotApprover):
        await edit_card(
            w.graph,
            settings,
            card_id=card_id,
            changes={"text": "x"},
            user_key="slack:U9",
            now_ms=now_ms(),
        )
    await w.click(card_id, ts)
    with pytest.raises(CardNotPending) as caught:
        await edit_card(
            w.graph,
            settings,
            card_id=card_id,
            changes={"text": "x"},
            user_key="slack:U1",
            now_ms=now_ms(),
        )
    assert caught.value.user_message == "This card is already executed."
    card: Card = await get_card(w.graph, card_id)
    assert card.payload["text"] == "Flu jabs start next week."
