"""Webhooks trust one tenant per secret: a body signed for one tenant posted to another's
URL is refused and writes nothing; meetings keep their own identity; the meeting webhook
takes the 20 MB it promises, and a signed body that is not a transcript is a 400.
A dental lab's recorder and a bakery's repository."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bots._github_webhook import github_webhook_routes, signature_ok
from bots._meeting_hook import MAX_BODY_BYTES, meeting_webhook_routes, sign
from bots._webhook_secrets import tenant_secret
from brain import Brain, TenantGraph
from tests.conftest import unique_slug

SECRET = "whsec-lab-77a1"
COUNT_MEETINGS = "MATCH (m:Meeting) RETURN count(m) LIMIT 1"
COUNT_NODES = "MATCH (n) RETURN count(n) LIMIT 1"


def call(title: str, words: str, *, meeting_id: str | None = None, turns: int = 1) -> bytes:
    body: dict[str, Any] = {
        "title": title,
        "date": "2026-11-30",
        "sentences": [
            {"speaker_name": "Mei Lin", "text": f"{words} {i}.", "start_time": float(i)}
            for i in range(turns)
        ],
    }
    if meeting_id is not None:
        body["id"] = meeting_id
    return json.dumps(body).encode()


async def two_tenants(brain: Brain) -> tuple[TenantGraph, TenantGraph]:
    graphs: list[TenantGraph] = []
    for _ in range(2):
        slug = unique_slug()
        await brain.create_tenant(slug)
        graphs.append(await brain.tenant(slug))
    return graphs[0], graphs[1]


def meetings_app(brain: Brain) -> web.Application:
    app = web.Application()
    app.add_routes(meeting_webhook_routes(brain, SECRET))
    return app


def signed_for(slug: str, body: bytes, delivery: str) -> dict[str, str]:
    secret = tenant_secret(SECRET, hook="meetings", slug=slug)
    return {"X-Hivebrain-Signature": sign(secret, body), "X-Hivebrain-Delivery": delivery}


async def count(graph: TenantGraph, cypher: Any = COUNT_MEETINGS) -> int:
    return int((await graph.read("count", cypher, {})).rows[0][0])


async def test_a_body_signed_for_one_tenant_never_lands_in_another(quiet_brain: Brain) -> None:
    mine, other = await two_tenants(quiet_brain)
    body = call("Crown fitting review", "The zirconia batch cracked")
    async with TestClient(TestServer(meetings_app(quiet_brain))) as client:
        # signed with the tenant's own secret: loads there
        ok = await client.post(
            f"/webhooks/meetings/{mine.slug}", data=body, headers=signed_for(mine.slug, body, "a")
        )
        assert ok.status == 200, await ok.text()
        # the same signed body at another tenant's URL, or signed with the configured secret
        for headers in (
            signed_for(mine.slug, body, "b"),
            {"X-Hivebrain-Signature": sign(SECRET, body), "X-Hivebrain-Delivery": "c"},
        ):
            refused = await client.post(
                f"/webhooks/meetings/{other.slug}", data=body, headers=headers
            )
            assert refused.status in (401, 403), await refused.text()
    assert await count(mine) == 1
    assert await count(other, COUNT_NODES) == 0


async def test_github_secrets_are_per_tenant(quiet_brain: Brain) -> None:
    slug, other = unique_slug(), unique_slug()
    body = b'{"action": "opened"}'
    mine = tenant_secret(SECRET, hook="github", slug=slug)
    header = "sha256=" + sign(mine, body).removeprefix("sha256=")
    assert signature_ok(mine, body, header)
    assert not signature_ok(tenant_secret(SECRET, hook="github", slug=other), body, header)
    routes, _ = github_webhook_routes(quiet_brain, secret=SECRET, repos=["bakery/ovens"])
    app = web.Application()
    app.add_routes(routes)
    async with TestClient(TestServer(app)) as client:
        headers = {"X-GitHub-Event": "issues", "X-Hub-Signature-256": header}
        assert (
            await client.post(f"/github/webhook/{slug}", data=body, headers=headers)
        ).status == 202
        wrong = await client.post(f"/github/webhook/{other}", data=body, headers=headers)
        assert wrong.status == 401
        shared = {"X-GitHub-Event": "issues", "X-Hub-Signature-256": sign(SECRET, body)}
        assert (
            await client.post(f"/github/webhook/{slug}", data=body, headers=shared)
        ).status == 401


async def test_two_recorder_meetings_with_one_title_and_day_stay_two(quiet_brain: Brain) -> None:
    graph, _ = await two_tenants(quiet_brain)
    url = f"/webhooks/meetings/{graph.slug}"
    async with TestClient(TestServer(meetings_app(quiet_brain))) as client:
        answers = []
        for n, words in enumerate(("Shade guide for bay two", "Articulator needs a service")):
            body = call("Lab stand-up", words)
            response = await client.post(
                url, data=body, headers=signed_for(graph.slug, body, f"d{n}")
            )
            assert response.status == 200, await response.text()
            answers.append(await response.json())
        # the recorder's own id names the meeting: a corrected resend is the same meeting
        for n, words in enumerate(("Wax-up is due Friday", "Wax-up is due Thursday")):
            body = call("Lab stand-up", words, meeting_id="rec-4471")
            response = await client.post(
                url, data=body, headers=signed_for(graph.slug, body, f"e{n}")
            )
            answers.append(await response.json())
    assert len({a["meeting"] for a in answers}) == 3, answers
    assert await count(graph) == 3
    open_lines = await graph.read(
        "lines",
        "MATCH (m:Meeting)-[h:HAS_CHUNK]->(c:Chunk) WHERE h.until IS NULL RETURN c.text "
        "ORDER BY c.text LIMIT 10",
        {},
    )
    assert [t for (t,) in open_lines.rows] == [
        "Mei Lin: Articulator needs a service 0.",
        "Mei Lin: Shade guide for bay two 0.",
        "Mei Lin: Wax-up is due Thursday 0.",
    ]


async def test_the_meeting_webhook_takes_its_stated_limit(quiet_brain: Brain) -> None:
    graph, _ = await two_tenants(quiet_brain)
    url = f"/webhooks/meetings/{graph.slug}"
    big = call("Long lab day", "x" * 400, turns=6_000, meeting_id="long-1")  # about 2.6 MB
    assert 1024**2 < len(big) < MAX_BODY_BYTES
    async with TestClient(TestServer(meetings_app(quiet_brain))) as client:
        loaded = await client.post(url, data=big, headers=signed_for(graph.slug, big, "big"))
        assert loaded.status == 200, await loaded.text()
        assert (await loaded.json())["lines"] == 6_000
        huge = b" " * (MAX_BODY_BYTES + 1)
        too_big = await client.post(url, data=huge, headers=signed_for(graph.slug, huge, "huge"))
        assert too_big.status == 413


async def test_a_signed_body_that_is_no_transcript_is_a_400(quiet_brain: Brain) -> None:
    graph, _ = await two_tenants(quiet_brain)
    url = f"/webhooks/meetings/{graph.slug}"
    bodies = [
        b'{"title": "caf\xe9", "sentences": []}',  # not UTF-8
        b"[" * 100_000 + b"]" * 100_000,  # nested past any parser's depth
        b'{"sentences": [{"speaker_name": "A", "text": "x"}], "date": 1e300}',
        b'{"sentences": [{"speaker_name": "A", "text": "x"}], "date": 99999999999999999999}',
        b'{"sentences": "none"}',
        b"null",
        b"",
    ]
    async with TestClient(TestServer(meetings_app(quiet_brain))) as client:
        for n, body in enumerate(bodies):
            response = await client.post(
                url, data=body, headers=signed_for(graph.slug, body, f"m{n}")
            )
            assert response.status == 400, (body[:40], response.status, await response.text())
            assert "error" in await response.json()
    assert await count(graph, COUNT_NODES) == 0
