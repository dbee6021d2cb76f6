"""The GitHub webhook ``serve`` answers: a newly opened issue becomes a triage card.

``POST /github/webhook/{tenant}``: the body's ``X-Hub-Signature-256`` must be the
HMAC-SHA256 of the raw body under that tenant's own secret (``bots._webhook_secrets``,
derived from the configured one, so a delivery signed for one tenant is refused at
another's URL; checked in constant time, before anything is parsed); only ``issues``
events with ``action: opened`` do anything, and only for repositories on the allow-list.
The reply is a 202 at once: triage runs in a background task, and proposes the issue's
one approval card (see ``agents.suggest_triage``, which the scheduled triage job calls
too) and posts it to the tenant's triage channel as that job does; only an approved card
writes to GitHub.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from collections.abc import Iterable
from typing import Any, TypeGuard

from aiohttp import web

from agents import Card, suggest_triage
from bots._webhook_secrets import tenant_secret
from brain import Brain, HivebrainError, InvalidSlug
from scheduler import CardNote, Cite, DigestPoster, Sources, deliver, triage_post

log = logging.getLogger(__name__)


def is_object(value: object) -> TypeGuard[dict[str, Any]]:
    """A JSON object of a payload passed through unchanged."""
    return isinstance(value, dict)


def signature_ok(secret: str, body: bytes, header: str | None) -> bool:
    """Whether ``header`` is ``sha256=<hex>`` of ``body`` under ``secret``."""
    if not header or not header.startswith("sha256="):
        return False
    want = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, header.removeprefix("sha256="))


async def post_to_triage_channel(
    brain: Brain, poster: DigestPoster, slug: str, card: Card, issue: dict[str, Any]
) -> int:
    """Post a triage card to the tenant's triage channel, as the scheduled job posts its
    cards; how many platforms it reached (0 when the tenant has no triage channel)."""
    assert brain.registry is not None
    tenant = await brain.registry.get(slug)
    src = Sources()
    labels: Any = card.payload.get("labels") or ["?"]
    url = issue.get("html_url")
    link = url if isinstance(url, str) and url.startswith("https://") else None
    issue_id = f"issue:{card.payload.get('repo')}#{card.payload.get('issue')}"
    ref = src.ref(Cite(id=issue_id, title=str(issue.get("title") or card.title)[:150], url=link))
    line = f"{issue.get('title') or card.title} → {labels[0]} {ref}"
    note = CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by)
    post = triage_post((line,), src, (note,))
    sent, failed = await deliver(poster, dict(tenant.settings), list(tenant.bindings), [post])
    for exc in failed:
        log.warning("triage card %s not posted: %s", card.id, exc)
    return sent


def github_webhook_routes(
    brain: Brain, *, secret: str, repos: Iterable[str], poster: DigestPoster | None = None
) -> tuple[list[web.RouteDef], set[asyncio.Task[Any]]]:
    """The webhook route, and the set holding its running triage tasks. With ``poster``,
    each card is also posted to the tenant's triage channel."""
    allowed = {r.lower() for r in repos}
    tasks: set[asyncio.Task[Any]] = set()

    async def triage(slug: str, repo: str, issue: dict[str, Any]) -> None:
        try:
            graph = await brain.tenant(slug)
            card = await suggest_triage(
                graph, repo=repo, number=int(issue["number"]),
                title=str(issue.get("title") or ""), body=str(issue.get("body") or ""),
            )  # fmt: skip
            log.info("triage %s#%s: %s", repo, issue.get("number"), card.id if card else "none")
            if card is not None and poster is not None:
                await post_to_triage_channel(brain, poster, slug, card, issue)
        except (HivebrainError, ValueError) as exc:
            log.warning("triage %s#%s failed: %s", repo, issue.get("number"), exc)

    async def receive(request: web.Request) -> web.Response:
        slug = request.match_info["tenant"]
        try:
            own = tenant_secret(secret, hook="github", slug=slug)
        except InvalidSlug:
            return web.json_response({"error": "bad signature"}, status=401)
        body = await request.read()
        if not signature_ok(own, body, request.headers.get("X-Hub-Signature-256")):
            return web.json_response({"error": "bad signature"}, status=401)
        if request.headers.get("X-GitHub-Event") != "issues":
            return web.json_response({"ignored": "not an issues event"}, status=202)
        try:
            event: Any = json.loads(body)
        except (ValueError, RecursionError):
            return web.json_response({"error": "body is not JSON"}, status=400)
        if not is_object(event) or event.get("action") != "opened":
            return web.json_response({"ignored": "only issues.opened is triaged"}, status=202)
        where: Any = event.get("repository")
        repo = str(where.get("full_name") or "") if is_object(where) else ""
        issue: Any = event.get("issue")
        if repo.lower() not in allowed or not is_object(issue):
            return web.json_response({"ignored": "repository not tracked"}, status=202)
        task = asyncio.create_task(triage(slug, repo, issue), name=f"triage {repo}")
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        return web.json_response({"accepted": f"{repo}#{issue.get('number')}"}, status=202)

    return [web.post("/github/webhook/{tenant}", receive)], tasks
