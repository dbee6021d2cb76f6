"""The meeting recorder's webhook: a signed POST of a transcript becomes a meeting.

``POST /webhooks/meetings/{slug}`` with the transcript JSON (recorder sentences or QMSum
turns) as the body, ``X-Hivebrain-Signature: sha256=<hex HMAC-SHA256 of the body with the
shared secret>`` and ``X-Hivebrain-Delivery: <id>``. A missing or wrong signature is 401
and nothing is read or written. A delivery id seen before is answered as a duplicate
without loading again (and a reload would add nothing anyway: ids come from the content).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections import OrderedDict
from typing import Any

from aiohttp import web

from agents import meeting_proposer
from brain import Brain, HivebrainError
from brain.ingest import load_meeting, read_transcript, slugify

log = logging.getLogger(__name__)

#: Delivery ids remembered for replay detection.
SEEN_DELIVERIES = 10_000
MAX_BODY_BYTES = 20 * 1024**2


def sign(secret: str, body: bytes) -> str:
    """The signature header value for ``body``: ``sha256=<hex>``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def meeting_webhook_routes(brain: Brain, secret: str) -> list[web.RouteDef]:
    """The webhook's route, bound to ``brain`` and the shared secret."""
    seen: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def receive(request: web.Request) -> web.Response:
        body = await request.read()
        given = request.headers.get("X-Hivebrain-Signature", "")
        if not given or not hmac.compare_digest(given, sign(secret, body)):
            return web.json_response({"error": "bad or missing signature"}, status=401)
        if len(body) > MAX_BODY_BYTES:
            return web.json_response({"error": "transcript too large"}, status=413)
        delivery = request.headers.get("X-Hivebrain-Delivery", "")
        if delivery and delivery in seen:
            return web.json_response({**seen[delivery], "duplicate": True})
        slug = request.match_info["slug"]
        try:
            data = json.loads(body)
            transcript = read_transcript("webhook", data=data)
            name = slugify(
                f"{transcript.title or 'meeting'}-{transcript.date or delivery or 'undated'}"
            )
            graph = await brain.tenant(slug)
            loaded = await load_meeting(
                graph,
                transcript,
                name=name,
                src=f"webhook:{delivery or name}",
                propose=meeting_proposer(),
            )
        except json.JSONDecodeError:
            return web.json_response({"error": "the body is not JSON"}, status=400)
        except HivebrainError as exc:
            return web.json_response({"error": exc.user_message}, status=400)
        answer = {
            "meeting": loaded.meeting,
            "lines": loaded.lines,
            "created": loaded.report.created,
            "kept": len(loaded.extraction.kept),
            "dropped": len(loaded.extraction.dropped),
        }
        if delivery:
            seen[delivery] = answer
            while len(seen) > SEEN_DELIVERIES:
                seen.popitem(last=False)
        log.info("meeting webhook %s: %s, %d lines", slug, loaded.meeting, loaded.lines)
        return web.json_response(answer)

    return [web.post("/webhooks/meetings/{slug}", receive)]
