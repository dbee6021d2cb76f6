"""A repository through the GitHub REST API: issues, pull requests, reviews, comments, files.

``owner/repo`` with a token (and a base URL, for GitHub Enterprise or a local server in
tests) becomes the same graph the history loader builds, plus what only the API holds:
open and closed issues with their bodies and labels, reviews (a reviewer REVIEWED the
pull request and the Review node, which is REVIEW_OF it and holds verdict and text),
review and issue comments, and the files each pull request changed. Reads are
incremental: the Repository node keeps a cursor (the newest ``updated_at`` seen) and the
first page's ``ETag``; the next run asks ``since`` the cursor with ``If-None-Match``, so
an unchanged repository costs one 304 and writes nothing. Pages follow the ``Link``
header, within bounds: a listing stops at ``max_pages`` pages or at a page that repeats
(the same URL again, or nothing but items already read), keeps what it read and says so
in ``stopped``; the cursor then sits where the read stopped, so the next run goes on from
there. A 403 or 429 that says the rate limit ran out waits until ``X-RateLimit-Reset``
(or ``Retry-After``) and asks the same page again, so a long read never loses its place,
but at most ``max_retries`` times in a row and ``max_rate_wait_s`` seconds in all: a
limit that never lifts is given up in one line that says what had been read.
Decisions are read from each pull request's thread by rules, with the comment that
states one as its evidence.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from brain._json import is_list, is_object
from brain._moments import parse_moment
from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest._slugs import slugify
from brain.ingest.github._decisions import decisions_in
from brain.ingest.github._history import ROOT_COMPONENT, component_of
from brain.ingest.github._paths import file_kind, folder_kind
from brain.ingest.github._people import is_bot_signature

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.github.com"
PER_PAGE = 100
#: Longest wait for a rate limit to reset before giving up (seconds, one read in all).
MAX_RATE_WAIT_S = 3_600.0
#: Rate-limit answers in a row for one request before giving up.
MAX_RETRIES = 5
#: Pages one listing reads at most (100 items a page).
MAX_PAGES = 2_000
_REPO = re.compile(r"^[\w.-]+/[\w.-]+$")
_NEXT = re.compile(r'<([^>]+)>;\s*rel="next"')
_CLOSES = re.compile(r"\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d+)", re.IGNORECASE)
_WEB = "https://github.com"

READ_CURSOR = """
MATCH (r:Repository {id: $id})
RETURN r.apiSince, r.apiEtag
LIMIT 1
"""


def is_repo_name(text: str) -> bool:
    """Whether ``text`` reads as ``owner/repo``."""
    return bool(_REPO.match(text))


@dataclass(slots=True)
class _Facts:
    """Facts of one read, each node and edge once."""

    src: str
    facts: list[dict[str, Any]] = field(default_factory=list)
    _seen: set[tuple[str, ...]] = field(default_factory=set)

    def node(self, node_type: str, node_id: str, when: str, /, **props: Any) -> None:
        if ("n", node_id) in self._seen:
            return
        self._seen.add(("n", node_id))
        clean = {k: v for k, v in props.items() if v is not None}
        self.facts.append(
            {"node": {"type": node_type, "id": node_id, "src": self.src, "asOf": when, **clean}}
        )

    def edge(self, a: str, rel: str, b: str, when: str) -> None:
        if ("e", a, rel, b) in self._seen:
            return
        self._seen.add(("e", a, rel, b))
        self.facts.append(
            {
                "edge": {
                    "from": a,
                    "type": rel,
                    "to": b,
                    "since": when,
                    "src": self.src,
                    "asOf": when,
                }
            }  # fmt: skip
        )


class GitHubSource:
    """Reads one repository at a time from a GitHub REST API."""

    def __init__(
        self,
        *,
        token: str | None,
        base_url: str = DEFAULT_BASE_URL,
        client: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        max_rate_wait_s: float = MAX_RATE_WAIT_S,
        max_retries: int = MAX_RETRIES,
        max_pages: int = MAX_PAGES,
        component_depth: int = 2,
    ) -> None:
        self._token = token
        self._base = base_url.rstrip("/")
        self._client = client
        self._sleep = sleep
        self._max_wait = max_rate_wait_s
        self._max_retries = max_retries
        self._max_pages = max_pages
        self._depth = component_depth
        self.requests = 0
        #: Seconds this source has waited for rate limits so far.
        self.waited_s = 0.0
        #: Items of the current read so far (what a refusal says was read).
        self.items_read = 0
        #: One line per listing that stopped early (a page cap, pages that repeat).
        self.stopped: list[str] = []
        #: Where the last read got to (``apiSince``, ``apiEtag``); empty after a 304.
        self.cursor: dict[str, str | None] = {}

    async def _get(
        self, client: httpx.AsyncClient, url: str, *, etag: str | None = None
    ) -> httpx.Response:
        """One GET, waiting out rate limits and asking again; errors become one line."""
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        if etag:
            headers["If-None-Match"] = etag
        retries = 0
        while True:
            try:
                response = await client.get(url, headers=headers)
            except httpx.HTTPError as exc:
                raise InputInvalid(f"GitHub could not be reached at {self._base} ({exc})") from exc
            self.requests += 1
            wait = _rate_wait(response)
            if wait is None:
                break
            read = f"{self.items_read:,} issues and pull requests had been read, nothing written"
            if retries >= self._max_retries:
                raise InputInvalid(
                    f"GitHub still answered {response.status_code} (rate limited) after "
                    f"{retries} waits ({self.waited_s:.0f} s in all); {read}: run it again later"
                )
            if self.waited_s + wait > self._max_wait:
                raise InputInvalid(
                    f"GitHub's rate limit resets in {wait:.0f} s, past the {self._max_wait:.0f} "
                    f"s this read may wait in all; {read}: run it again later"
                )
            retries += 1
            self.waited_s += wait
            log.info("github rate limit: waiting %.0f s", wait)
            await self._sleep(wait)
        if response.status_code == 401:
            raise InputInvalid("GitHub refused the token (401): check GITHUB_TOKEN")
        if response.status_code == 404:
            raise InputInvalid(f"GitHub has no {url.split('/repos/')[-1].split('?')[0]} that "
                               "this token can see (404)")  # fmt: skip
        if response.status_code not in (200, 304):
            raise InputInvalid(f"GitHub answered {response.status_code} for {url}")
        return response

    async def _pages(
        self, client: httpx.AsyncClient, url: str, *, first: list[Any] | None = None
    ) -> list[Any]:
        """Every item of a listing from ``url`` on (``first``: the items of the page
        before it, already read), within the page cap, stopping at a page that repeats."""
        items: list[Any] = list(first or [])
        seen_urls: set[str] = set()
        seen_items = {_item_key(i) for i in items}
        pages = 1 if first is not None else 0
        next_url: str | None = url
        while next_url:
            what = next_url.split("/repos/")[-1].split("?")[0]
            if next_url in seen_urls:
                self.stopped.append(
                    f"{what}: the pages repeat (a page links back to one read already): "
                    f"stopped after {pages} pages, {len(items):,} items"
                )
                break
            if pages >= self._max_pages:
                self.stopped.append(
                    f"{what}: stopped at {self._max_pages} pages ({len(items):,} items read): "
                    "run again to read on"
                )
                break
            seen_urls.add(next_url)
            response = await self._get(client, next_url)
            pages += 1
            body = response.json()
            page: list[Any] = list(body) if is_list(body) else []
            keys = {_item_key(i) for i in page}
            if page and keys <= seen_items:
                self.stopped.append(
                    f"{what}: the pages repeat (page {pages} holds only items read already): "
                    f"stopped, {len(items):,} items read"
                )
                break
            seen_items |= keys
            items.extend(page)
            found = _NEXT.search(response.headers.get("link", ""))
            next_url = found[1] if found else None
        return items

    async def read(
        self, graph: TenantGraph, repo: str, *, progress: Callable[[int], None] | None = None
    ) -> tuple[list[dict[str, Any]], int]:
        """The facts of everything in ``repo`` updated since the last read, and how many
        issues and pull requests that was."""
        if not is_repo_name(repo):
            raise InputInvalid(f"{repo!r} is not a repository name: give it as owner/repo")
        res = await graph.read("github cursor", READ_CURSOR, {"id": f"repo:{repo}"})
        since, etag = (res.rows[0] if res.rows else [None, None])[:2]
        client = self._client or httpx.AsyncClient(timeout=30.0)
        self.waited_s, self.items_read, self.stopped = 0.0, 0, []
        try:
            return await self._read(client, repo, since, etag, progress)
        finally:
            if self._client is None:
                await client.aclose()

    async def _read(
        self,
        client: httpx.AsyncClient,
        repo: str,
        since: str | None,
        etag: str | None,
        progress: Callable[[int], None] | None,
    ) -> tuple[list[dict[str, Any]], int]:
        url = f"{self._base}/repos/{repo}/issues?state=all&sort=updated&direction=asc"
        url += f"&per_page={PER_PAGE}" + (f"&since={since}" if since else "")
        first = await self._get(client, url, etag=etag)
        if first.status_code == 304:
            self.cursor = {}
            return [], 0
        items: list[Any] = list(first.json()) if is_list(first.json()) else []
        found = _NEXT.search(first.headers.get("link", ""))
        if found:
            items = await self._pages(client, found[1], first=items)
        self.items_read = len(items)
        out = _Facts(src=f"github-api:{repo}")
        newest = since or ""
        for item in items:
            if not is_object(item):
                continue
            await self._item(client, repo, item, out)
            newest = max(newest, str(item.get("updated_at") or ""))
            if progress is not None:
                progress(1)
        out.node("Repository", f"repo:{repo}", newest or since or "", name=repo,
                 url=f"{_WEB}/{repo}")  # fmt: skip
        self.cursor = {"apiSince": newest or since, "apiEtag": first.headers.get("etag")}
        return out.facts, len(items)

    async def _item(
        self, client: httpx.AsyncClient, repo: str, item: dict[str, Any], out: _Facts
    ) -> None:
        number = int(item["number"])
        is_pr = is_object(item.get("pull_request"))
        kind, node_id = ("PullRequest", f"pr:{repo}#{number}") if is_pr else (
            "Issue", f"issue:{repo}#{number}")  # fmt: skip
        created = str(item.get("created_at") or "")
        base = f"{self._base}/repos/{repo}"
        merged_at = None
        if is_pr:
            pull = (await self._get(client, f"{base}/pulls/{number}")).json()
            merged_at = pull.get("merged_at") if is_object(pull) else None
        out.node(
            kind, node_id, created, name=str(item.get("title") or node_id),
            text=(item.get("body") or None), number=number, repo=repo,
            state=item.get("state"), url=item.get("html_url"),
            mergedAt=parse_moment(merged_at) if merged_at else None,
            closedAt=parse_moment(item["closed_at"]) if item.get("closed_at") else None,
        )  # fmt: skip
        out.edge(node_id, "IN_REPO", f"repo:{repo}", created)
        author = self._person(item.get("user"), out, created)
        if author:
            out.edge(author, "AUTHORED", node_id, created)
        raw_labels = item.get("labels")
        labels: list[Any] = raw_labels if is_list(raw_labels) else []
        for label in labels:
            if is_object(label) and label.get("name"):
                label_id = f"label:{repo}:{label['name']}"
                out.node("Label", label_id, created, name=label["name"], repo=repo)
                out.edge(label_id, "IN_REPO", f"repo:{repo}", created)
                out.edge(node_id, "LABELED", label_id, created)
        thread: list[tuple[str, str, str | None]] = []  # (text, comment id, author)
        if item.get("comments"):
            for c in await self._pages(client, f"{base}/issues/{number}/comments?per_page=100"):
                thread.append(self._comment(repo, c, node_id, "issue", out))
        if not is_pr:
            return
        when = merged_at or created
        areas: set[str] = set()
        for f in await self._pages(client, f"{base}/pulls/{number}/files?per_page=100"):
            if is_object(f) and f.get("filename"):
                area = self._file(repo, str(f["filename"]), node_id, when, out)
                if area is not None:
                    areas.add(area)
        for r in await self._pages(client, f"{base}/pulls/{number}/reviews?per_page=100"):
            if not is_object(r) or r.get("state") == "PENDING":
                continue
            at = str(r.get("submitted_at") or created)
            reviewer = self._person(r.get("user"), out, at)
            if reviewer and reviewer != author:
                out.edge(reviewer, "REVIEWED", node_id, at)
            thread.append(self._review(repo, r, node_id, reviewer, at, out))
        for c in await self._pages(client, f"{base}/pulls/{number}/comments?per_page=100"):
            thread.append(self._comment(repo, c, node_id, "review comment", out))
        for closed in sorted({int(n) for n in _CLOSES.findall(str(item.get("body") or ""))}):
            issue_id = f"issue:{repo}#{closed}"
            out.node("Issue", issue_id, when, name=f"{repo}#{closed}", number=closed, repo=repo,
                     url=f"{_WEB}/{repo}/issues/{closed}")  # fmt: skip
            out.edge(issue_id, "IN_REPO", f"repo:{repo}", when)
            out.edge(node_id, "FIXES", issue_id, when)
        self._decisions(repo, item, node_id, author, thread, sorted(areas), when, out)

    def _person(self, user: Any, out: _Facts, when: str) -> str | None:
        if not is_object(user) or not user.get("login"):
            return None
        login = str(user["login"])
        is_bot = user.get("type") == "Bot" or is_bot_signature(login, "")
        person = f"person:{slugify(login, limit=120)}"
        out.node("Person", person, when, name=login, login=login, is_bot=is_bot)
        return person

    def _comment(
        self, repo: str, c: Any, on: str, kind: str, out: _Facts
    ) -> tuple[str, str, str | None]:
        if not is_object(c):
            return "", "", None
        at = str(c.get("created_at") or c.get("submitted_at") or "")
        comment_id = f"comment:{repo}:{c.get('id')}"
        text = str(c.get("body") or "")
        out.node("Comment", comment_id, at, name=text[:200] or comment_id, text=text or None,
                 kind=kind, repo=repo)  # fmt: skip
        out.edge(comment_id, "COMMENTED_ON", on, at)
        person = self._person(c.get("user"), out, at)
        if person:
            out.edge(person, "AUTHORED", comment_id, at)
        return text, comment_id, person

    def _review(
        self, repo: str, r: dict[str, Any], pr: str, reviewer: str | None, at: str, out: _Facts
    ) -> tuple[str, str, str | None]:
        """A submitted review as a Review node: Person -REVIEWED-> Review -REVIEW_OF-> PR.

        The reviewer's REVIEWED edge to the pull request stays beside it: it is the work
        the expert scores walk; the Review holds the verdict and the text decisions rest on.
        """
        review_id = f"review:{repo}:{r.get('id')}"
        text = str(r.get("body") or "")
        state = str(r.get("state") or "COMMENTED")
        out.node("Review", review_id, at, name=text[:200] or f"{state.lower()} review of {pr}",
                 text=text or None, state=state, repo=repo)  # fmt: skip
        out.edge(review_id, "REVIEW_OF", pr, at)
        if reviewer:
            out.edge(reviewer, "REVIEWED", review_id, at)
        return text, review_id, reviewer

    def _file(self, repo: str, path: str, change: str, when: str, out: _Facts) -> str | None:
        """Write a changed file; the code component it is in, if it is code."""
        prefix = component_of(path, self._depth)
        component = f"component:{repo}:{prefix}"
        out.node("Component", component, when, name=prefix, path=prefix, repo=repo,
                 kind=folder_kind(prefix) if prefix != ROOT_COMPONENT else "code")  # fmt: skip
        out.edge(component, "IN_REPO", f"repo:{repo}", when)
        file_id = f"file:{repo}:{path}"
        out.node("File", file_id, when, name=path, path=path, repo=repo, kind=file_kind(path))
        out.edge(file_id, "IN_REPO", f"repo:{repo}", when)
        out.edge(file_id, "IN_COMPONENT", component, when)
        out.edge(change, "MODIFIES", file_id, when)
        code = file_kind(path) == "code" and folder_kind(prefix) == "code"
        return component if code else None

    def _decisions(
        self,
        repo: str,
        item: dict[str, Any],
        pr: str,
        author: str | None,
        thread: list[tuple[str, str, str | None]],
        areas: list[str],
        when: str,
        out: _Facts,
    ) -> None:
        """Decisions of a pull request's thread: its own text by its author, each comment
        by its writer with that comment as the evidence, affecting the code it changed."""
        sources = [(f"{item.get('title') or ''}\n{item.get('body') or ''}", None, author)]
        sources += [(text, cid, who) for text, cid, who in thread if text]
        for text, comment, who in sources:
            for d in decisions_in(text, thread=pr):
                out.node("Decision", d.id, when, name=d.summary, summary=d.summary,
                         text=d.rationale, rationale=d.rationale, confidence=d.confidence,
                         repo=repo, extractedBy="rules")  # fmt: skip
                out.edge(d.id, "DECIDED_IN", pr, when)
                if who:
                    out.edge(d.id, "MADE_BY", who, when)
                if comment:
                    out.edge(d.id, "EVIDENCED_BY", comment, when)
                for area in areas:
                    out.edge(d.id, "AFFECTS", area, when)


def _item_key(item: Any) -> str:
    """What tells one item of a listing from another: its id, else its number, else itself."""
    if is_object(item):
        for key in ("id", "number", "sha", "filename"):
            if item.get(key) is not None:
                return f"{key}:{item[key]}"
    return repr(item)[:500]


def _rate_wait(response: httpx.Response) -> float | None:
    """Seconds to wait before asking again, if the answer says the rate limit ran out."""
    if response.status_code not in (403, 429):
        return None
    retry = response.headers.get("retry-after")
    if retry and retry.isdigit():
        return float(retry)
    if response.headers.get("x-ratelimit-remaining") == "0":
        reset = response.headers.get("x-ratelimit-reset", "")
        if reset.isdigit():
            return max(1.0, float(reset) - time.time())
        return 60.0
    return None


async def load_github_repo(
    graph: TenantGraph,
    repo: str,
    *,
    source: GitHubSource,
    progress: Callable[[int], None] | None = None,
) -> tuple[WriteReport, int]:
    """Read ``repo`` from the API and write what changed; (report, items read)."""
    facts, count = await source.read(graph, repo, progress=progress)
    if not facts:
        return WriteReport(), 0
    report = await graph.write_facts(list(enumerate(facts, 1)))
    # the cursor is set after what it covers is written, on the tenant's own Repository
    # node: a read that stops half way starts again from the last cursor, never past it
    cursor = {k: v for k, v in source.cursor.items() if v is not None}
    if cursor:
        await graph.compare_and_set(
            f"repo:{repo}", expect={}, changes=cursor, src=f"github-api:{repo}"
        )
    return report, count
