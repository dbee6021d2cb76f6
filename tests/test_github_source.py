"""The GitHub REST source against a local server speaking GitHub's wire format.

The real httpx client reads issues (paged by ``Link``), pull requests with their files,
reviews, review comments and issue comments; a second run sends the stored ``ETag`` and
writes nothing; a rate-limit 403 is waited out and the same page asked again.
"""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from pathlib import Path

import httpx

from agents import poll_and_triage
from agents.tools import call_tool
from brain import Brain, TenantGraph
from brain.ingest.github import GitHubSource, load_github_repo
from tests.fakes.github_api import FakeGitHubAPI

REPO = "acme/engine"
TOKEN = "ghp_test"


def seed(api: FakeGitHubAPI) -> None:
    api.page_cap = 2  # three issues and two pull requests: several pages
    api.add_issue(REPO, 1, title="Query planner crashes on empty MATCH", state="closed",
                  labels=["bug", "planner"])  # fmt: skip
    api.add_issue(REPO, 2, title="Docs typo in the README", labels=["docs"])
    api.add_issue(REPO, 3, title="Planner picks a label scan for indexed lookups")
    api.add_pull(
        REPO, 4, title="Fix planner crash on empty MATCH", body="Closes #1", user="ana",
        merged_at="2026-03-02T10:00:00Z", files=["src/planner/plan.c", "tests/test_plan.py"],
        reviews=[("bo", "Looks right", "2026-03-01T09:00:00Z")],
        review_comments=[("bo", "We decided to return an empty plan instead of raising, "
                          "because callers stream results.", "2026-03-01T08:00:00Z")],
        labels=["planner"], updated_at="2026-03-02T10:00:00Z",
    )  # fmt: skip
    api.add_pull(
        REPO, 5, title="Bump deps", user="dependabot[bot]", merged_at="2026-03-05T10:00:00Z",
        files=["package.json"], updated_at="2026-03-05T10:00:00Z",
    )  # fmt: skip
    api.add_issue_comment(REPO, 1, "cy", "Seen on 2.4 too", "2026-02-20T10:00:00Z")


async def test_reads_a_repository_incrementally_within_rate_limits(quiet_brain: Brain) -> None:
    slug = f"gh-api-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph: TenantGraph = await quiet_brain.tenant(slug)
    waits: list[float] = []

    async def no_sleep(seconds: float) -> None:
        waits.append(seconds)

    async with FakeGitHubAPI(token=TOKEN) as api:
        seed(api)
        api.rate_limited = 1  # the very first read is refused until the reset
        async with httpx.AsyncClient() as client:
            source = GitHubSource(token=TOKEN, base_url=api.base_url, client=client,
                                  sleep=no_sleep)  # fmt: skip
            report, count = await load_github_repo(graph, REPO, source=source)
            assert count == 5 and report.refused == 0, report.refusals
            assert waits and 0 < waits[0] <= 2
            pages = [c for c in api.calls if c["path"] == f"/repos/{REPO}/issues"]
            assert len(pages) >= 4  # one refused, then three pages of two
            assert all(c["headers"].get("authorization") == f"Bearer {TOKEN}" for c in pages)

            # `since` is inclusive: the newest item comes back once more, and changes nothing
            again, count = await load_github_repo(graph, REPO, source=source)
            assert (again.created, again.closed, again.refused) == (0, 0, 0) and count <= 1
            # now the cursor and the ETag belong to the same question: one 304, no writes
            third, count = await load_github_repo(graph, REPO, source=source)
            assert (third.created, third.updated, count) == (0, 0, 0)
            last = [c for c in api.calls if c["path"] == f"/repos/{REPO}/issues"][-1]
            assert last["headers"].get("if-none-match", "").startswith('W/"')
            assert "since" in last["query"]

    res = await call_tool(graph, "experts_for", {"component": "src/planner", "repo": REPO})
    experts = {e["name"]: e for e in res.data["experts"]}
    assert experts["ana"]["authored"] == 1 and experts["bo"]["reviewed"] == 1
    assert experts["ana"]["score"] > experts["bo"]["score"]
    triage = await call_tool(
        graph, "triage_candidates", {"text": "planner crash on MATCH", "repo": REPO}
    )
    assert triage.data["components"][0]["component"] == "src/planner"
    why = await call_tool(graph, "decision_trail", {"text": "why an empty plan instead of raising"})
    assert why.found and [m["id"] for m in why.data["made_by"]] == ["person:bo"]
    assert len(why.data["evidence"]) == 1 and why.data["fixes"][0]["id"] == f"issue:{REPO}#1"
    reviews = await graph.read(
        "reviews",
        "MATCH (p:Person)-[:REVIEWED]->(r:Review)-[:REVIEW_OF]->(pr:PullRequest) "
        "RETURN p.id, r.state, r.text, pr.id LIMIT 5",
    )
    assert reviews.rows == [["person:bo", "APPROVED", "Looks right", f"pr:{REPO}#4"]]
    kinds = await graph.read("comment kinds", "MATCH (c:Comment) RETURN DISTINCT c.kind LIMIT 5")
    assert "review" not in {r[0] for r in kinds.rows}  # a review is no longer a Comment
    labels = await graph.read(
        "labels",
        "MATCH (:Issue {id: $id})-[:LABELED]->(l:Label) RETURN l.name ORDER BY l.name LIMIT 5",
        {"id": f"issue:{REPO}#1"},
    )
    assert [r[0] for r in labels.rows] == ["bug", "planner"]
    bots = await graph.read(
        "bots", "MATCH (p:Person {id: 'person:dependabot-bot'}) RETURN p.is_bot LIMIT 1"
    )
    assert bots.rows and bots.rows[0][0] is True


async def test_a_wrong_token_is_one_clear_line(quiet_brain: Brain) -> None:
    slug = f"gh-api-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    async with FakeGitHubAPI(token=TOKEN) as api, httpx.AsyncClient() as client:
        seed(api)
        source = GitHubSource(token="wrong", base_url=api.base_url, client=client)
        try:
            await load_github_repo(graph, REPO, source=source)
        except Exception as exc:  # noqa: BLE001  # the one error the source may raise
            assert "refused the token" in str(exc)
        else:
            raise AssertionError("a wrong token must stop the read")


async def test_polling_triages_each_open_issue_once(quiet_brain: Brain) -> None:
    slug = f"gh-poll-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    async with FakeGitHubAPI(token=TOKEN) as api, httpx.AsyncClient() as client:
        seed(api)
        source = GitHubSource(token=TOKEN, base_url=api.base_url, client=client)
        cards = await poll_and_triage(graph, REPO, source=source)
        issues = {c.payload["issue"] for c in cards}
        assert 3 in issues and 1 not in issues  # open, resembles the planner fix; #1 is closed
        planner = next(c for c in cards if c.payload["issue"] == 3)
        assert "`src/planner`" in planner.payload["body"] and planner.executor == "github"
        again = await poll_and_triage(graph, REPO, source=source)
        assert again == []
        assert not any(c["method"] != "GET" for c in api.calls)  # polling never writes


async def test_cli_ingest_github_owner_repo(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    slug = f"gh-cli-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    async with FakeGitHubAPI(token=TOKEN) as api:
        seed(api)
        env = {
            **os.environ,
            "FALKORDB_URL": falkordb_url,
            "HIVEBRAIN_EMBEDDINGS": "false",
            "GITHUB_TOKEN": TOKEN,
            "GITHUB_API_BASE_URL": api.base_url,
            "COLUMNS": "200",
        }
        cli = "from bots.cli import app; app(prog_name='hivebrain')"
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", cli, "ingest", "github", slug, REPO, cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(proc.communicate(), timeout=180)
        assert proc.returncode == 0, err.decode()
        assert f"5 issues and pull requests of {REPO}" in out.decode()
        assert "refused 0" in out.decode()
        env["GITHUB_TOKEN"] = "wrong"
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", cli, "ingest", "github", slug, REPO, cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(proc.communicate(), timeout=180)
        lines = err.decode().strip().splitlines()
        assert proc.returncode == 1 and len(lines) == 1 and "refused the token" in lines[0]
