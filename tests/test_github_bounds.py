"""Reading GitHub's REST API ends: a ``Link`` header that always says "next" (to the same
page, or to new pages of the same items) stops at a loop or a page cap and says what was
read; a 429 whose ``Retry-After`` never lifts is retried a few times within a total wait,
then given up in one line. A local server speaks GitHub's wire format; waits are counted,
not slept."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiohttp import web

from brain import Brain, InputInvalid, TenantGraph
from brain.ingest import GitHubSource, load_git_repository, load_github_repo
from tests.fakes._server import FakeServer

REPO = "bakery/ovens"


def issue(number: int) -> dict[str, Any]:
    return {
        "number": number,
        "title": f"Oven {number} runs hot",
        "state": "open",
        "created_at": "2026-03-01T10:00:00Z",
        "updated_at": f"2026-03-01T10:{number % 60:02d}:00Z",
        "user": {"login": "ana", "type": "User"},
        "labels": [],
        "comments": 0,
    }


class EndlessGitHub(FakeServer):
    """Issues pages whose ``Link`` always names a next page; ``mode`` says which:
    ``same`` (the same URL), ``repeat`` (new page numbers, the same two issues), ``fresh``
    (new page numbers, new issues each time), or ``limited`` (a 429 with Retry-After: 1)."""

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/repos/{owner}/{repo}/issues", self.issues)

    async def issues(self, request: web.Request) -> web.Response:
        await self.record(request)
        if self.mode == "limited":
            return web.json_response(
                {"message": "API rate limit exceeded"}, status=429, headers={"Retry-After": "1"}
            )
        page = int(request.query.get("page", "1"))
        items = (
            [issue(1), issue(2)] if self.mode != "fresh" else [issue(2 * page), issue(2 * page + 1)]
        )
        nxt = page if self.mode == "same" else page + 1
        link = f'<{self.origin}/repos/{REPO}/issues?per_page=2&page={nxt}>; rel="next"'
        return web.json_response(items, headers={"Link": link, "ETag": f'W/"p{page}"'})


async def tenant(brain: Brain) -> TenantGraph:
    slug = f"gh-b-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


@pytest.mark.parametrize("mode", ["same", "repeat"])
async def test_pages_that_loop_stop_and_say_so(quiet_brain: Brain, mode: str) -> None:
    graph = await tenant(quiet_brain)
    async with EndlessGitHub(mode) as api, httpx.AsyncClient() as client:
        source = GitHubSource(token="t", base_url=api.origin, client=client)
        report, count = await load_github_repo(graph, REPO, source=source)
    assert len(api.calls) <= 3, len(api.calls)
    assert count == 2 and report.created > 0
    assert source.stopped and "repeat" in source.stopped[0], source.stopped


async def test_endless_new_pages_stop_at_the_cap(quiet_brain: Brain) -> None:
    graph = await tenant(quiet_brain)
    async with EndlessGitHub("fresh") as api, httpx.AsyncClient() as client:
        source = GitHubSource(token="t", base_url=api.origin, client=client, max_pages=25)
        _, count = await load_github_repo(graph, REPO, source=source)
    assert len(api.calls) == 25 and count == 50
    assert source.stopped and "25 pages" in source.stopped[0], source.stopped
    # what was read is written, and the cursor is where the read stopped
    cursor = await graph.read(
        "cursor", "MATCH (r:Repository {id: $id}) RETURN r.apiSince LIMIT 1", {"id": f"repo:{REPO}"}
    )
    assert cursor.rows and cursor.rows[0][0]


async def test_a_rate_limit_that_never_lifts_is_given_up(quiet_brain: Brain) -> None:
    graph = await tenant(quiet_brain)
    waits: list[float] = []

    async def counted(seconds: float) -> None:
        waits.append(seconds)

    async with EndlessGitHub("limited") as api, httpx.AsyncClient() as client:
        source = GitHubSource(token="t", base_url=api.origin, client=client, sleep=counted)
        with pytest.raises(InputInvalid) as refused:
            await load_github_repo(graph, REPO, source=source)
    assert len(api.calls) <= 10 and len(waits) < len(api.calls), (len(api.calls), waits)
    message = refused.value.reason
    assert "\n" not in message and "429" in message and "again later" in message, message
    nodes = await graph.read("n", "MATCH (n) RETURN count(n) LIMIT 1", {})
    assert nodes.rows == [[0]]


def git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": "2026-03-01T10:00:00Z",
           "GIT_COMMITTER_DATE": "2026-03-01T10:00:00Z"}  # fmt: skip
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=Ana Baker", "-c", "user.email=ana@ovens.example",
         *args], check=True, capture_output=True, env=env,
    )  # fmt: skip


async def test_a_long_legal_path_refuses_only_its_own_record(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    repo = tmp_path / "ovens"
    repo.mkdir()
    git(repo, "init", "-q")
    long_460 = "/".join(["d" * 150, "e" * 150, "f" * 153, "x.md"])
    long_700 = "/".join(["g" * 240, "h" * 240, "i" * 200, "y.md"])
    for path in ("README.md", long_460, long_700):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text("Ovens preheat at six.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the oven notes")
    (repo / "README.md").write_text("Ovens preheat at half past five.\n")
    git(repo, "commit", "-q", "-am", "Earlier preheat")
    assert len(long_460) >= 460 and len(long_700) >= 680
    graph = await tenant(quiet_brain)
    report = await load_git_repository(graph, repo)
    commits = await graph.read("c", "MATCH (c:Commit) RETURN count(c) LIMIT 1", {})
    assert commits.rows == [[2]], report.refusals
    files = await graph.read("f", "MATCH (f:File) RETURN f.path ORDER BY f.path LIMIT 10", {})
    paths = [p for (p,) in files.rows]
    assert "README.md" in paths and long_460 in paths, paths
    assert long_700 not in paths
    assert report.refusals and all("longer than" in reason for _, reason in report.refusals)
