"""The meeting recorder's webhook: a signed POST of a transcript becomes a meeting.

``POST /webhooks/meetings/{slug}`` with the transcript JSON (recorder sentences or QMSum
turns) as the body, ``X-Hivebrain-Signature: sha256=<hex HMAC-SHA256 of the body with the
tenant's secret>`` (``bots._webhook_secrets``: each tenant has its own, so a body signed
for one tenant is refused at another's URL) and ``X-Hivebrain-Delivery: <id>``. A missing
or wrong signature is 401 and nothing is read or written. A delivery id seen before is
answered as a duplicate without loading again.

A meeting is named by the recorder's own id for it (the body's ``id``), else by the
delivery id, never by its title and day: two stand-ups with one title on one day stay
two, and a corrected transcript resent under the same id replaces the lines it changed.
The body may be up to 20 MB (read here in pieces, not through aiohttp's 1 MiB default);
a signed body that is not a transcript (not UTF-8, nested too deep, the wrong shape) is a
400 that says why.
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
from bots._webhook_secrets import tenant_secret
from brain import Brain, HivebrainError, InvalidSlug
from brain.ingest import load_meeting, read_transcript, slugify

log = logging.getLogger(__name__)

#: Delivery ids remembered for replay detection.
SEEN_DELIVERIES = 10_000
MAX_BODY_BYTES = 20 * 1024**2


def sign(secret: str, body: bytes) -> str:
    """The signature header value for ``body``: ``sha256=<hex>``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


async def read_body(request: web.Request, *, limit: int) -> bytes | None:
    """The request body, or None when it is longer than ``limit`` bytes."""
    if request.content_length is not None and request.content_length > limit:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.content.iter_chunked(256 * 1024):
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _problem(error: str) -> web.Response:
    return web.json_response({"error": error}, status=400)


def meeting_webhook_routes(brain: Brain, secret: str, *, queue: bool = False) -> list[web.RouteDef]:
    """The webhook's route, bound to ``brain`` and the configured secret (each tenant's
    own secret derives from it). ``queue`` (``serve --role web``): a checked transcript
    becomes an ingest job for the workers, and the reply (202) names the job."""
    seen: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def receive(request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        try:
            own = tenant_secret(secret, hook="meetings", slug=slug)
        except InvalidSlug:
            return web.json_response({"error": "bad or missing signature"}, status=401)
        body = await read_body(request, limit=MAX_BODY_BYTES)
        if body is None:
            limit_mb = MAX_BODY_BYTES // 1024**2
            return web.json_response(
                {"error": f"the transcript is over {limit_mb} MB: send it in parts"}, status=413
            )
        given = request.headers.get("X-Hivebrain-Signature", "")
        if not given or not hmac.compare_digest(given, sign(own, body)):
            return web.json_response({"error": "bad or missing signature"}, status=401)
        delivery = request.headers.get("X-Hivebrain-Delivery", "")
        if delivery and delivery in seen:
            return web.json_response({**seen[delivery], "duplicate": True})
        try:
            data = json.loads(body)
        except UnicodeDecodeError as exc:
            return _problem(f"the body is not UTF-8 (byte {exc.start}): send UTF-8 JSON")
        except json.JSONDecodeError as exc:
            return _problem(f"the body is not JSON ({exc.msg}, line {exc.lineno})")
        except RecursionError:
            return _problem("the body nests JSON too deeply: a transcript is a list of turns")
        try:
            transcript = read_transcript("the body", data=data)
        except RecursionError:
            return _problem("the body nests JSON too deeply: a transcript is a list of turns")
        except HivebrainError as exc:
            return _problem(exc.user_message)
        if transcript.source_id:
            source = f"recorder:{transcript.source_id}"
        elif delivery:
            source = f"delivery:{delivery}"
        else:
            return _problem(
                'the body names no meeting (an "id") and there is no X-Hivebrain-Delivery '
                "header: send one, so two meetings with one title stay two"
            )
        name = slugify(f"{transcript.title or 'meeting'}-{transcript.date or 'undated'}")
        if queue:
            try:
                await brain.tenant(slug)
                job = await brain.ingest_queue.enqueue(
                    "meeting",
                    slug,
                    {
                        "data": data,
                        "name": name,
                        "source": source,
                        "src": f"webhook:{delivery or source}",
                    },
                )
            except HivebrainError as exc:
                return _problem(exc.user_message)
            answer = {"meeting": name, "queued": job}
            if delivery:
                seen[delivery] = answer
            return web.json_response(answer, status=202)
        try:
            graph = await brain.tenant(slug)
            loaded = await load_meeting(
                graph,
                transcript,
                name=name,
                source=source,
                src=f"webhook:{delivery or source}",
                propose=meeting_proposer(),
            )
        except HivebrainError as exc:
            return _problem(exc.user_message)
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
