"""The meeting webhook: signed deliveries load once; unsigned ones are refused unread."""

from __future__ import annotations

import json

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bots._meeting_hook import meeting_webhook_routes, sign
from bots._webhook_secrets import tenant_secret
from brain import Brain
from tests.conftest import unique_slug

SECRET = "whsec-test-5d1c"
BODY = json.dumps(
    {
        "title": "Roof works call",
        "date": "2026-11-30",
        "sentences": [
            {
                "speaker_name": "Ines Duarte",
                "text": "The membrane delivery slipped a week.",
                "start_time": 0.5,
            },
            {
                "speaker_name": "Ravi Shah",
                "text": "I'll call the supplier by tomorrow.",
                "start_time": 4.0,
            },
        ],
    }
).encode()

COUNT = "MATCH (m:Meeting) RETURN count(m) LIMIT 1"


async def test_signed_once_unsigned_never(brain: Brain) -> None:
    slug = unique_slug()
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    app = web.Application()
    app.add_routes(meeting_webhook_routes(brain, SECRET))
    async with TestClient(TestServer(app)) as client:
        url = f"/webhooks/meetings/{slug}"
        for headers in (
            {},
            {"X-Hivebrain-Signature": "sha256=00"},
            {"X-Hivebrain-Signature": sign("wrong", BODY)},
        ):
            refused = await client.post(url, data=BODY, headers=headers)
            assert refused.status == 401
        assert (await graph.read("count", COUNT, {})).rows == [[0]]
        own = tenant_secret(SECRET, hook="meetings", slug=slug)
        good = {"X-Hivebrain-Signature": sign(own, BODY), "X-Hivebrain-Delivery": "d-1"}
        first = await client.post(url, data=BODY, headers=good)
        assert first.status == 200
        answer = await first.json()
        assert answer["lines"] == 2 and answer["kept"] == 1 and answer["created"] > 0
        replay = await (await client.post(url, data=BODY, headers=good)).json()
        assert replay["duplicate"] is True and replay["meeting"] == answer["meeting"]
        assert (await graph.read("count", COUNT, {})).rows == [[1]]
