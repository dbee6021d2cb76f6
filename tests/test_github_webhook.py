"""The triage webhook: signed issues.opened deliveries become one quiet approval card.

The route is served by aiohttp's own test server; the card it proposes is read back from
the tenant graph. Nothing is written to GitHub here: only an approved card would be.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import uuid
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from agents import list_cards
from agents._issue_triage import UnsafeReply, check_quiet, quiet
from bots._github_webhook import github_webhook_routes
from bots._webhook_secrets import tenant_secret
from brain import Brain, now_ms
from scheduler import JobRunner
from tests.test_job_posts import RecordingPoster
from tests.test_repo_brain import EXTRA, HISTORY, REPO

SECRET = "whsec-test"


def signed(body: bytes, secret: str = SECRET, *, slug: str) -> str:
    own = tenant_secret(secret, hook="github", slug=slug)
    return "sha256=" + hmac.new(own.encode(), body, hashlib.sha256).hexdigest()


def delivery(number: int, title: str, action: str = "opened") -> dict[str, Any]:
    return {
        "action": action,
        "repository": {"full_name": REPO},
        "issue": {"number": number, "title": title, "body": "Seen on main. cc @someone #2"},
    }


def test_replies_never_notify() -> None:
    text = quiet("Like #12 and acme/widgets#3, ask @ana")
    assert "`#12`" in text and "`acme/widgets#3`" in text and "@" not in text
    check_quiet(text)
    try:
        check_quiet("ping @ana about #4")
    except UnsafeReply:
        pass
    else:
        raise AssertionError("a mention must be refused")


async def test_webhook_triages_each_opened_issue_once(quiet_brain: Brain, tmp_path: Any) -> None:
    from brain.ingest.github import load_github

    slug = f"wh-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    assert quiet_brain.registry is not None
    await quiet_brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await quiet_brain.registry.update_settings(slug, {"triage_channel": "C-TRIAGE"})
    graph = await quiet_brain.tenant(slug)
    path = tmp_path / "h.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in HISTORY) + "\n")
    await load_github(graph, path)
    await graph.write_facts(list(enumerate(EXTRA, 1)))

    poster = RecordingPoster()
    routes, tasks = github_webhook_routes(quiet_brain, secret=SECRET, repos=[REPO], poster=poster)
    app = web.Application()
    app.add_routes(routes)
    async with TestClient(TestServer(app)) as client:
        url = f"/github/webhook/{slug}"

        async def send(event: dict[str, Any], kind: str = "issues", sig: str | None = None) -> int:
            body = json.dumps(event).encode()
            headers = {
                "X-GitHub-Event": kind,
                "X-Hub-Signature-256": sig or signed(body, slug=slug),
            }
            response = await client.post(url, data=body, headers=headers)
            return response.status

        assert await send(delivery(40, "Parser crashes on empty input"), sig="sha256=00") == 401
        assert await send(delivery(40, "Parser crashes", action="edited")) == 202
        assert await send(delivery(40, "Parser crashes"), kind="push") == 202
        other = {**delivery(41, "x"), "repository": {"full_name": "someone/else"}}
        assert await send(other) == 202
        assert await send(delivery(40, "Parser crashes on empty input")) == 202
        await asyncio.gather(*list(tasks))
        assert await send(delivery(40, "Parser crashes on empty input")) == 202  # redelivery
        await asyncio.gather(*list(tasks))

    cards = [c for c in await list_cards(graph) if c.proposed_by == "triage"]
    assert len(cards) == 1
    card = cards[0]
    assert (card.kind, card.executor, card.status) == ("triage", "github", "pending")
    assert card.payload["repo"] == REPO and card.payload["issue"] == 40
    assert card.payload["labels"] == ["src/parser"]
    assert "`src/parser`" in card.payload["body"]
    # posted to the triage channel, once, with the card under its line
    (post,) = poster.posts
    assert post.channel_setting == "triage_channel"
    assert "Parser crashes on empty input → src/parser" in post.text
    assert [c.id for c in post.cards] == [card.id]
    # the scheduled job sees the same issue as already triaged: no second card, no post
    issue = {"node": {"type": "Issue", "id": f"issue:{REPO}#40", "name": "Parser crashes on "
                      "empty input", "state": "open", "repo": REPO, "number": 40,
                      "src": "test:gh", "asOf": now_ms()}}  # fmt: skip
    await graph.write_facts([(1, issue)])
    report = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(slug, "repo_triage")
    assert report.status == "ok", report
    assert len(poster.posts) == 1
    assert len([c for c in await list_cards(graph) if c.proposed_by == "triage"]) == 1
    check_quiet(card.payload["body"])
    assert "@" not in card.payload["body"]
