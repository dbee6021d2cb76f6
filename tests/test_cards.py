"""Approval cards against a real FalkorDB: nothing acts on the world without an approver.

Remote services are the local fakes in ``tests/fakes`` (GitHub, Composio) spoken to by
the real clients; the counting executor and recording poster below stand in only for
an outside effect, so tests can count how often it happened.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from agents.cards import (
    Card,
    CardAction,
    CardDraft,
    ChannelPostExecutor,
    ComposioExecutor,
    Decision,
    Executor,
    ExecutorRegistry,
    GitHubExecutor,
    RecordOnlyExecutor,
    decide,
    get_card,
    list_cards,
    propose,
)
from agents.errors import CardNotPending, CardUnknown, ExecutorUnknown, NotApprover
from brain import Brain, TenantGraph
from tests.fakes import FakeComposioAPI, FakeGitHubAPI

#: A fixed clock for every decision: 2026-11-20 14:02 UTC, in epoch ms.
NOW = int(datetime(2026, 11, 20, 14, 2, tzinfo=UTC).timestamp() * 1000)
ALICE, BOB, MALLORY = "slack:UALICE", "discord:4242", "console:mallory"
REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class CountingExecutor:
    """Counts executions; ``delay`` keeps one running while a second decision arrives."""

    name: str = "count"
    delay: float = 0.0
    calls: list[str] = field(default_factory=list)

    async def execute(self, card: Card) -> str:
        self.calls.append(card.id)
        await asyncio.sleep(self.delay)
        return "did the thing"


@dataclass
class RecordingPoster:
    posts: list[dict[str, str]] = field(default_factory=list)

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        self.posts.append({"platform": platform, "channel": channel, "text": text})
        return f"{channel}/1700000000.000100"


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


SEED = [
    {"node": {"type": "Repository", "id": "repo-falkordb", "name": "FalkorDB/FalkorDB"}},
    {"node": {"type": "Issue", "id": "issue-3357", "name": "UDF crash on reload"}},
    {"node": {"type": "Turn", "id": "turn-1", "name": "which issues need labels?"}},
]


async def new_tenant(brain: Brain, approvers: list[str] | None = None) -> TenantGraph:
    slug = f"c-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    assert brain.registry is not None
    if approvers is not None:
        await brain.registry.update_settings(slug, {"approvers": approvers})
    graph = await brain.tenant(slug)
    facts = [{"node": {**f["node"], "src": "test", "asOf": "2026-11-01"}} for f in SEED]
    # the seed holds a Turn, one of the assistant's own records
    report = await graph.write_facts(enumerate(facts, 1), origin="assistant")
    assert report.refused == 0, report.refusals
    return graph


async def settings_of(brain: Brain, graph: TenantGraph) -> dict[str, Any]:
    assert brain.registry is not None
    return (await brain.registry.get(graph.slug)).settings


async def decide_as(
    brain: Brain,
    graph: TenantGraph,
    card: Card,
    *executors: Executor,
    user: str = ALICE,
    action: CardAction = "approve",
    now: int = NOW,
) -> Decision:
    """``decide`` as the bots call it: the tenant's current settings, these executors."""
    return await decide(
        graph,
        await settings_of(brain, graph),
        card_id=card.id,
        action=action,
        user_key=user,
        executors=ExecutorRegistry(executors),
        now_ms=now,
    )


def draft(**changes: Any) -> CardDraft:
    base: dict[str, Any] = {
        "kind": "note",
        "title": "Remember the UDF fix",
        "preview": "Save a note that the UDF crash needs a reload test.",
        "payload": {"text": "UDF crash needs a reload test"},
        "executor": "count",
        "cites": ["issue-3357"],
        "proposed_by": "engineering",
    }
    return CardDraft(**{**base, **changes})


# --- proposing and listing ------------------------------------------------------------------


async def test_propose_writes_a_pending_card_with_its_links(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    card = await propose(
        graph,
        draft(
            cites=["issue-3357", "repo-falkordb", "no-such-node", "turn-1"],
            turn_id="turn-1",
            payload={"repo": "FalkorDB/FalkorDB", "issue": 3357, "labels": ["area: udf"]},
        ),
        now_ms=NOW,
    )

    assert card.id.startswith("card-") and card.status == "pending"
    assert card.cites == ["issue-3357", "repo-falkordb"]  # unknown and uncitable ids skipped
    assert card.payload == {"repo": "FalkorDB/FalkorDB", "issue": 3357, "labels": ["area: udf"]}
    assert card.created_at == NOW and card.expires_at == NOW + 72 * 3_600_000
    assert (card.turn_id, card.proposed_by, card.decided_by) == ("turn-1", "engineering", None)
    assert [c.id for c in await list_cards(graph, status="pending")] == [card.id]
    assert await list_cards(graph, status="executed") == []
    assert await get_card(graph, card.id) == card
    res = await graph.ro_query(
        "test links",
        "MATCH (c:Card {id: $id})-[e:CITES]->(n) RETURN n.id, e.src ORDER BY n.id",
        {"id": card.id},
    )
    assert res.rows == [["issue-3357", "hivebrain:card"], ["repo-falkordb", "hivebrain:card"]]
    res = await graph.ro_query(
        "test proposed",
        "MATCH (:Turn {id: 'turn-1'})-[:PROPOSED]->(c:Card {id: $id}) RETURN count(c)",
        {"id": card.id},
    )
    assert res.scalar() == 1
    total, _ = await graph.refusals()
    assert total == 0  # skipped ids are not refusals


async def test_a_card_citing_a_merged_id_cites_the_thing_it_was_merged_into(
    brain: Brain,
) -> None:
    graph = await new_tenant(brain, [ALICE])
    people = [
        {"node": {"type": "Person", "id": "p-dana", "name": "Dana", "email": "dana@x.co"}},
        {"node": {"type": "Person", "id": "slack-U9", "name": "D.", "email": "Dana@X.co"}},
    ]
    for fact in people:
        fact["node"].update(src="test", asOf="2026-11-01")
    report = await graph.write_facts(enumerate(people, 1))
    assert report.aliases == 1, report

    card = await propose(graph, draft(cites=["slack-U9", "issue-3357"]), now_ms=NOW)

    assert card.cites == ["issue-3357", "p-dana"]


async def test_unknown_card_is_a_clear_error(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    with pytest.raises(CardUnknown, match="no card 'card-nope'"):
        await get_card(graph, "card-nope")


# --- who may decide, and how often things run -------------------------------------------------


async def test_a_non_approver_changes_nothing(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    counter = CountingExecutor()
    card = await propose(graph, draft(), now_ms=NOW)

    for user in (MALLORY, "", "slack:ualice"):
        with pytest.raises(NotApprover) as caught:
            await decide_as(brain, graph, card, counter, user=user)
        assert "approvers" in caught.value.user_message
    assert (await get_card(graph, card.id)) == card
    assert counter.calls == []


async def test_a_tenant_without_approvers_lets_nobody_approve(brain: Brain) -> None:
    graph = await new_tenant(brain, approvers=None)
    card = await propose(graph, draft(), now_ms=NOW)
    with pytest.raises(NotApprover):
        await decide_as(brain, graph, card, CountingExecutor())


async def test_approving_twice_executes_once(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE, BOB])
    counter = CountingExecutor()
    card = await propose(graph, draft(), now_ms=NOW)

    decision = await decide_as(brain, graph, card, counter, now=NOW + 60_000)
    with pytest.raises(CardNotPending) as again:
        await decide_as(brain, graph, card, counter, now=NOW + 120_000)

    assert counter.calls == [card.id]
    assert decision.card.status == "executed"
    assert (decision.card.decided_by, decision.card.decided_at) == (ALICE, NOW + 60_000)
    assert decision.card.result == "did the thing"
    assert decision.outcome == "Approved by slack:UALICE at 2026-11-20 14:03 UTC — did the thing"
    assert again.value.status == "executed"
    assert again.value.user_message == "This card is already executed."


async def test_two_approvers_at_once_execute_once(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE, BOB])
    counter = CountingExecutor(delay=0.2)
    card = await propose(graph, draft(), now_ms=NOW)

    results = await asyncio.gather(
        *(decide_as(brain, graph, card, counter, user=user) for user in (ALICE, BOB)),
        return_exceptions=True,
    )

    assert counter.calls == [card.id]
    losers = [r for r in results if isinstance(r, BaseException)]
    winners = [r for r in results if not isinstance(r, BaseException)]
    assert len(winners) == 1 and len(losers) == 1
    assert isinstance(losers[0], CardNotPending)
    final = await get_card(graph, card.id)
    assert final.status == "executed" and final.decided_by == winners[0].card.decided_by


async def test_reject_runs_nothing(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    counter = CountingExecutor()
    card = await propose(graph, draft(), now_ms=NOW)

    decision = await decide_as(brain, graph, card, counter, action="reject")
    with pytest.raises(CardNotPending, match="rejected"):
        await decide_as(brain, graph, card, counter)

    assert counter.calls == []
    assert decision.card.status == "rejected" and decision.card.result is None
    assert decision.outcome == "Rejected by slack:UALICE at 2026-11-20 14:02 UTC"


async def test_an_expired_card_cannot_be_approved(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    counter = CountingExecutor()
    card = await propose(graph, draft(expires_in_hours=1), now_ms=NOW)
    later = NOW + 2 * 3_600_000

    assert [c.status for c in await list_cards(graph, now_ms=later)] == ["expired"]
    assert await list_cards(graph, status="pending", now_ms=later) == []
    # still stored as pending, read as expired: the status filter finds it either way
    assert [c.id for c in await list_cards(graph, status="expired", now_ms=later)] == [card.id]
    assert await list_cards(graph, status="expired") == []
    with pytest.raises(CardNotPending) as caught:
        await decide_as(brain, graph, card, counter, now=later)

    assert caught.value.status == "expired"
    assert (await get_card(graph, card.id)).status == "expired"
    assert counter.calls == []


async def test_a_card_for_an_unconfigured_executor_stays_pending(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    card = await propose(graph, draft(executor="github"), now_ms=NOW)
    with pytest.raises(ExecutorUnknown, match="no executor 'github'"):
        await decide_as(brain, graph, card, RecordOnlyExecutor())
    assert (await get_card(graph, card.id)).status == "pending"


async def test_record_and_channel_executors(brain: Brain) -> None:
    graph = await new_tenant(brain, [ALICE])
    poster = RecordingPoster()
    executors = (RecordOnlyExecutor(), ChannelPostExecutor(poster=poster))
    note = await propose(graph, draft(executor="record"), now_ms=NOW)
    post = await propose(
        graph,
        draft(
            kind="channel_message",
            executor="channel",
            payload={"platform": "slack", "channel": "C1", "text": "Standup moved to 10:00"},
        ),
        now_ms=NOW,
    )

    noted = await decide_as(brain, graph, note, *executors)
    posted = await decide_as(brain, graph, post, *executors)

    assert noted.card.status == "executed" and "recorded" in (noted.card.result or "")
    assert poster.posts == [
        {"platform": "slack", "channel": "C1", "text": "Standup moved to 10:00"}
    ]
    assert posted.card.result == "posted to slack channel C1 (C1/1700000000.000100)"


# --- GitHub ------------------------------------------------------------------------------------


async def approve_github(
    brain: Brain, fake: FakeGitHubAPI, *, token: str, repo: str, **payload: Any
) -> tuple[Card, str]:
    graph = await new_tenant(brain, [ALICE])
    kind = payload.pop("kind", "label")
    executor = GitHubExecutor(token=token, repos=["FalkorDB/FalkorDB"], base_url=fake.base_url)
    card = await propose(
        graph,
        draft(kind=kind, executor="github", payload={"repo": repo, "issue": 3357, **payload}),
        now_ms=NOW,
    )
    decision = await decide_as(brain, graph, card, executor)
    return decision.card, decision.outcome


async def test_github_executor_labels_an_issue(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_test") as fake:
        fake.add_issue("FalkorDB/FalkorDB", 3357)
        card, outcome = await approve_github(
            brain, fake, token="ghp_test", repo="FalkorDB/FalkorDB", labels=["area: udf"]
        )

    assert card.status == "executed"
    assert outcome == (
        "Approved by slack:UALICE at 2026-11-20 14:02 UTC — "
        "labelled FalkorDB/FalkorDB#3357 'area: udf'"
    )
    [call] = fake.calls_to("POST", "/repos/FalkorDB/FalkorDB/issues/3357/labels")
    assert call["body"] == {"labels": ["area: udf"]}
    assert call["headers"]["authorization"] == "Bearer ghp_test"
    assert call["headers"]["accept"] == "application/vnd.github+json"
    assert call["headers"]["x-github-api-version"] == "2022-11-28"
    labels = fake.issues[("FalkorDB/FalkorDB", 3357)]["labels"]
    assert [label["name"] for label in labels] == ["area: udf"]


async def test_github_executor_comments(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_test") as fake:
        fake.add_issue("FalkorDB/FalkorDB", 3357)
        card, _ = await approve_github(
            brain, fake, token="ghp_test", repo="FalkorDB/FalkorDB", kind="comment",
            body="Reproduced on 4.16.3.",
        )  # fmt: skip

    assert card.status == "executed"
    assert card.result is not None and card.result.startswith(
        "commented on FalkorDB/FalkorDB#3357 (https://"
    )
    assert fake.comments[("FalkorDB/FalkorDB", 3357)][0]["body"] == "Reproduced on 4.16.3."


async def test_a_triage_card_labels_then_replies(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_test") as fake:
        fake.add_issue("FalkorDB/FalkorDB", 3357)
        card, _ = await approve_github(
            brain, fake, token="ghp_test", repo="FalkorDB/FalkorDB", kind="triage",
            labels=["src/udf"], body="This looks like it belongs to `src/udf`.",
        )  # fmt: skip

    assert card.status == "executed"
    assert card.result is not None
    assert card.result.startswith("labelled FalkorDB/FalkorDB#3357 'src/udf'; commented on")
    posts = [c["path"] for c in fake.calls if c["method"] == "POST"]
    assert posts == [
        "/repos/FalkorDB/FalkorDB/issues/3357/labels",
        "/repos/FalkorDB/FalkorDB/issues/3357/comments",
    ]
    body = fake.comments[("FalkorDB/FalkorDB", 3357)][0]["body"]
    assert body == "This looks like it belongs to `src/udf`."


async def test_github_executor_refuses_a_repo_off_the_allow_list(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_test") as fake:
        fake.add_issue("someone/else", 3357)
        card, outcome = await approve_github(
            brain, fake, token="ghp_test", repo="someone/else", labels=["bug"]
        )

    assert fake.calls == []
    assert card.status == "failed"
    assert card.result == "someone/else is not on the list of repositories hivebrain may change"
    assert outcome.endswith("failed: " + card.result)


async def test_github_401_fails_the_card_with_a_clear_reason(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_right") as fake:
        fake.add_issue("FalkorDB/FalkorDB", 3357)
        card, outcome = await approve_github(
            brain, fake, token="ghp_wrong_secret", repo="FalkorDB/FalkorDB", labels=["bug"]
        )

    assert len(fake.calls) == 1
    assert card.status == "failed"
    assert card.result == "GitHub refused hivebrain's token (401 Bad credentials)"
    assert "ghp_wrong_secret" not in outcome and "ghp_wrong_secret" not in (card.result or "")
    assert fake.issues[("FalkorDB/FalkorDB", 3357)]["labels"] == []


async def test_github_404_and_bad_payload(brain: Brain) -> None:
    async with FakeGitHubAPI(token="ghp_test") as fake:
        fake.add_repo("FalkorDB/FalkorDB")
        missing, _ = await approve_github(
            brain, fake, token="ghp_test", repo="FalkorDB/FalkorDB", labels=["bug"]
        )
        no_labels, _ = await approve_github(brain, fake, token="ghp_test", repo="FalkorDB/FalkorDB")

    assert missing.status == "failed" and "(404)" in (missing.result or "")
    assert no_labels.result == "a label card needs 'labels' in its payload"


# --- Composio ----------------------------------------------------------------------------------


async def approve_composio(
    brain: Brain, fake: FakeComposioAPI, *, api_key: str, slug: str
) -> tuple[Card, str]:
    graph = await new_tenant(brain, [ALICE])
    executor = ComposioExecutor(
        api_key=api_key,
        user_id="tenant-acme",
        base_url=fake.base_url,
        toolkit_versions={"gmail": "20250909_00"},
    )
    card = await propose(
        graph,
        draft(
            kind="email",
            executor="composio",
            payload={
                "toolkit_action": slug,
                "arguments": {"recipient_email": "ops@example.com", "subject": "Hi"},
            },
        ),
        now_ms=NOW,
    )
    decision = await decide_as(brain, graph, card, executor)
    return decision.card, decision.outcome


async def test_composio_executor_runs_an_action(brain: Brain) -> None:
    async with FakeComposioAPI(api_key="ck_test") as fake:
        fake.add_tool("GMAIL_SEND_EMAIL", {"id": "msg-1"}, version="20250909_00")
        fake.add_tool("GMAIL_REFUSED", version="20250909_00", successful=False, error="quota")
        card, outcome = await approve_composio(
            brain, fake, api_key="ck_test", slug="GMAIL_SEND_EMAIL"
        )
        refused, _ = await approve_composio(brain, fake, api_key="ck_test", slug="GMAIL_REFUSED")
        unknown, _ = await approve_composio(brain, fake, api_key="ck_test", slug="GMAIL_NOPE")
        bad_key, _ = await approve_composio(brain, fake, api_key="ck_bad", slug="GMAIL_SEND_EMAIL")

    assert card.status == "executed" and outcome.endswith("ran GMAIL_SEND_EMAIL via Composio")
    execution = fake.executions[0]
    assert execution["slug"] == "GMAIL_SEND_EMAIL"
    assert execution["arguments"] == {"recipient_email": "ops@example.com", "subject": "Hi"}
    assert execution["user_id"] == "tenant-acme" and execution["version"] == "20250909_00"
    assert (refused.status, refused.result) == ("failed", "GMAIL_REFUSED ran but failed: quota")
    assert (unknown.status, unknown.result) == ("failed", "Composio has no tool GMAIL_NOPE")
    assert bad_key.status == "failed" and "refused hivebrain's API key" in (bad_key.result or "")
    assert "ck_bad" not in (bad_key.result or "")
    assert len(fake.executions) == 2


# --- the CLI, end to end -------------------------------------------------------------------------


def cli_argv() -> list[str]:
    """The installed `hivebrain` command, as a user runs it."""
    return [str(REPO_ROOT / ".venv" / "bin" / "hivebrain")]


async def hivebrain(url: str, cwd: Path, *args: str) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "COMPOSIO_"))}
    env.update(FALKORDB_URL=url, HIVEBRAIN_EMBEDDINGS="false", COLUMNS="200")
    proc = await asyncio.create_subprocess_exec(
        *cli_argv(),
        *args,
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_cli_approvers_cards_and_decisions(
    brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    graph = await new_tenant(brain)
    slug = graph.slug
    card = await propose(graph, draft(executor="record"), now_ms=NOW)
    from brain import now_ms

    fresh = await propose(graph, draft(executor="record", title="Fresh"), now_ms=now_ms())

    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "approvers", slug, "add", "console:alice"
    )
    assert code == 0, err
    assert "console:alice" in out
    code, out, _ = await hivebrain(falkordb_url, tmp_path, "approvers", slug, "list", "--json")
    assert json.loads(out) == {"tenant": slug, "approvers": ["console:alice"]}

    code, out, err = await hivebrain(falkordb_url, tmp_path, "cards", slug, "--json")
    assert code == 0, err
    listed = {c["id"]: c for c in json.loads(out)}
    assert listed[fresh.id]["status"] == "pending" and listed[fresh.id]["title"] == "Fresh"
    assert listed[card.id]["status"] == "expired"  # proposed at NOW, long before today

    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "card", slug, fresh.id, "approve", "--as", "console:mallory"
    )
    assert code == 1 and out == ""
    assert err.strip().count("\n") == 0 and "console:mallory may not approve" in err
    assert "Traceback" not in err

    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "card", slug, fresh.id, "approve", "--as", "console:alice"
    )
    assert code == 0, err
    assert out.startswith("Approved by console:alice at ") and "recorded" in out

    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "card", slug, fresh.id, "reject", "--as", "console:alice"
    )
    assert code == 1 and "is executed, not pending" in err

    code, out, _ = await hivebrain(
        falkordb_url, tmp_path, "cards", slug, "--status", "executed", "--json"
    )
    [done] = json.loads(out)
    assert (done["id"], done["decided_by"]) == (fresh.id, "console:alice")

    code, out, err = await hivebrain(falkordb_url, tmp_path, "approvers", slug, "add", "alice")
    assert code == 1 and "platform:id" in err


async def test_cli_edits_a_card_and_lists_one_channels_cards(
    brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    from agents.cards import draft_card
    from brain import now_ms

    graph = await new_tenant(brain, [ALICE])
    post = draft_card(
        "channel_message",
        {"platform": "slack", "channel": "C9", "text": "Standup at 10"},
        title="Standup",
        proposed_by="ops",
        origin="slack:C9",
    )
    card = await propose(graph, post, now_ms=now_ms())
    await propose(graph, draft(executor="record", origin="slack:C1"), now_ms=now_ms())

    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "card", graph.slug, card.id, "edit", "--as", ALICE,
        "--set", "text=Standup at 11",
    )  # fmt: skip
    assert code == 0, err
    assert out.strip() == "Post to slack channel C9:\nStandup at 11"
    code, out, err = await hivebrain(
        falkordb_url, tmp_path, "cards", graph.slug, "--channel", "slack:C9", "--json"
    )
    [listed] = json.loads(out)
    assert listed["id"] == card.id and listed["payload"]["text"] == "Standup at 11"
    assert listed["history"][0]["before"]["text"] == "Standup at 10"
    code, _, err = await hivebrain(
        falkordb_url, tmp_path, "card", graph.slug, card.id, "edit", "--as", ALICE,
        "--set", "channel=",
    )  # fmt: skip
    assert code == 1 and "--set field=value" not in err and "channel" in err
