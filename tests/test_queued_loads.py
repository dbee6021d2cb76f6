"""`ingest docs` and `ingest github` with ``--queue``: the command reads, a worker loads, and
`ingest job` reports what the load did exactly as the inline command reports its own.

A bookbindery's workshop folder and repository history, on a FalkorDB of the test's own
(so no other test's jobs share the queue). The worker is the real ``IngestWorker``; the
commands are the real ``hivebrain`` command line, run in process. The files travel on
the server: the folder and the checkout are gone from disk before the worker runs, as
they would be on another machine.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import shutil
import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest
import pytest_asyncio
from typer.testing import CliRunner

from bots._ingest_worker import IngestWorker
from bots.cli import app
from brain import Brain, BrainSettings, tenant_stats
from brain.db import EmbeddedServer
from tests.conftest import unique_slug
from tests.fakes.github_api import FakeGitHubAPI

HISTORY = Path(__file__).parent / "data" / "github" / "falkordb-ts.jsonl.gz"


@pytest_asyncio.fixture(loop_scope="session")
async def own_server(tmp_path: Path) -> AsyncIterator[str]:
    server = EmbeddedServer(tmp_path / "falkordb")
    url = await server.ensure_running()
    try:
        yield url
    finally:
        await server.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def brain(own_server: str) -> AsyncIterator[Brain]:
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as made:
        yield made


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


def command(url: str, cwd: Path, **extra: str | None) -> Any:
    """The real ``hivebrain`` command line, run in this process (its own event loop, in a
    thread) with relative paths read from ``cwd``."""
    env: dict[str, str | None] = {
        "FALKORDB_URL": url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "NO_COLOR": "1",
        "COLUMNS": "200",
        **extra,
    }

    def invoke(args: list[str]) -> Ran:
        here = os.getcwd()
        os.chdir(cwd)
        try:
            done = CliRunner(env=env).invoke(app, args)
        finally:
            os.chdir(here)
        return Ran(done.exit_code, done.stdout, done.stderr)

    async def run(*args: str) -> Ran:
        return await asyncio.to_thread(invoke, list(args))

    return run


async def work_off(brain: Brain, job_id: str) -> dict[str, Any]:
    """Run the queued job ``job_id`` in a worker; its done record."""
    queue = brain.ingest_queue
    job = await queue.take("worker-bindery", block_ms=1_000)
    assert job is not None and job.id == job_id, job
    await IngestWorker(brain, consumer="worker-bindery").run_one(job)
    record = await queue.done(job_id)
    assert record is not None
    return record


async def kept_files(brain: Brain) -> list[str]:
    reply: Any = await brain.driver.command(
        "SCAN", 0, "MATCH", "hivebrain:{ingest}:file:*", "COUNT", 10_000
    )
    return [str(k) for k in cast(list[Any], reply[1])]


def workshop(root: Path) -> Path:
    """A folder with two good documents, a damaged PDF, a file that is not UTF-8, and a
    link out of the folder; beside it a FIFO."""
    folder = root / "workshop"
    folder.mkdir()
    (folder / "sewing.md").write_text(
        "# Sewing\n\nKettle stitches are tied at each station before the next signature.\n"
    )
    (folder / "glue.txt").write_text("Wheat paste is cooked fresh each Monday; PVA is for spines.")
    (folder / "press.pdf").write_bytes(b"%PDF-1.4 this is no PDF at all")
    (folder / "ledger.md").write_bytes(b"\xff\xfe prices in a spreadsheet's encoding")
    outside = root / "elsewhere.md"
    outside.write_text("# Private\n\nNot part of the workshop.\n")
    (folder / "private.md").symlink_to(outside)
    os.mkfifo(root / "pipe.md")
    return folder


async def test_a_queued_folder_is_reported_as_the_inline_load_reports_it(
    brain: Brain, own_server: str, tmp_path: Path
) -> None:
    hivebrain = command(own_server, tmp_path)
    folder = workshop(tmp_path)
    inline_slug, queued_slug = unique_slug(), unique_slug()
    for slug in (inline_slug, queued_slug):
        await brain.create_tenant(slug)

    inline = await hivebrain("ingest", "docs", inline_slug, "workshop", "pipe.md", "gone.md")
    assert inline.returncode == 1, inline  # two loaded; the FIFO, the missing file... failed

    queued = await hivebrain(
        "ingest", "docs", queued_slug, "workshop", "pipe.md", "gone.md", "--queue", "--json"
    )
    assert queued.returncode == 0, queued
    said = json.loads(queued.stdout)
    # what the command could not read is said at once: the link, the FIFO, the missing file
    assert len(said["skipped"]) == 3, said
    assert (await tenant_stats(await brain.tenant(queued_slug))).nodes == 0  # queued only
    shutil.rmtree(folder)  # the worker reads the bytes the command kept on the server
    record = await work_off(brain, said["queued"])
    assert "error" not in record, record
    assert await kept_files(brain) == []  # dropped once loaded

    shown = await hivebrain("ingest", "job", queued_slug, said["queued"])
    assert shown.returncode == 1, shown  # the job fails as the inline load did
    assert "Traceback" not in shown.stdout + shown.stderr
    assert shown.stdout.splitlines() == inline.stdout.splitlines(), (shown.stdout, inline.stdout)
    assert shown.stderr.strip() == inline.stderr.strip(), (shown.stderr, inline.stderr)
    assert "4 of the files given could not be loaded" in shown.stderr, shown.stderr
    skipped = [line for line in shown.stdout.splitlines() if line.startswith("  skipped: ")]
    assert len(skipped) == 5, shown.stdout  # one line per file that did not load, with why
    for pattern in (
        r"private\.md is a symbolic link",
        r"pipe\.md is a FIFO",
        r"gone\.md: no such file",
        r"press\.pdf is not a readable PDF",
        r"ledger\.md is not UTF-8 text",
    ):
        assert any(re.search(pattern, line) for line in skipped), (pattern, skipped)
    assert "2 document(s)" in shown.stdout
    inline_stats = await tenant_stats(await brain.tenant(inline_slug))
    queued_stats = await tenant_stats(await brain.tenant(queued_slug))
    assert queued_stats.nodes_by_type == inline_stats.nodes_by_type
    assert queued_stats.edges_by_type == inline_stats.edges_by_type

    as_json = await hivebrain("ingest", "job", queued_slug, said["queued"], "--json")
    result = json.loads(as_json.stdout)["result"]
    assert as_json.returncode == 1 and result["files"] == 2
    assert len(result["failed"]) == 4 and len(result["skipped"]) == 5  # the link is no failure


async def test_a_queued_load_that_loads_nothing_fails_as_inline(
    brain: Brain, own_server: str, tmp_path: Path
) -> None:
    hivebrain = command(own_server, tmp_path)
    slug = unique_slug()
    await brain.create_tenant(slug)
    (tmp_path / "press.pdf").write_bytes(b"%PDF-1.4 torn")
    inline = await hivebrain("ingest", "docs", slug, "press.pdf", "gone.md")
    assert inline.returncode == 1, inline

    queued = await hivebrain("ingest", "docs", slug, "press.pdf", "gone.md", "--queue", "--json")
    assert queued.returncode == 0, queued
    job_id = json.loads(queued.stdout)["queued"]
    waiting = await hivebrain("ingest", "job", slug, job_id, "--wait", "0.2")
    assert waiting.returncode == 1 and "has not finished" in waiting.stderr, waiting
    await work_off(brain, job_id)
    shown = await hivebrain("ingest", "job", slug, job_id)
    assert shown.returncode == 1, shown
    said = shown.stdout + shown.stderr
    assert "Traceback" not in said and "unexpected" not in said, said
    assert shown.stdout.splitlines() == inline.stdout.splitlines()
    # the same last word (inline, pypdf's own warning comes first: the worker logs it)
    assert shown.stderr.strip().splitlines()[-1] == inline.stderr.strip().splitlines()[-1]
    assert "nothing was loaded" in shown.stderr
    assert re.search(r"press\.pdf is not a readable PDF", shown.stdout)
    assert re.search(r"gone\.md: no such file", shown.stdout)


async def test_ingest_job_says_a_failed_job_and_never_shows_another_tenants(
    brain: Brain, own_server: str, tmp_path: Path
) -> None:
    hivebrain = command(own_server, tmp_path)
    slug, other = unique_slug(), unique_slug()
    for made in (slug, other):
        await brain.create_tenant(made)
    job_id = await brain.ingest_queue.enqueue("documents", slug, {"files": "not a list"})
    record = await work_off(brain, job_id)
    assert "documents job" in record["error"]
    failed = await hivebrain("ingest", "job", slug, job_id)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    [line] = failed.stderr.strip().splitlines()
    assert line.startswith(f"error: documents job {job_id} failed: the job's payload"), line
    hidden = await hivebrain("ingest", "job", other, job_id)
    assert hidden.returncode == 1 and "is not one of its jobs" in hidden.stderr
    assert "payload" not in hidden.stdout + hidden.stderr


def git(repo: Path, *args: str, env: dict[str, str]) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def checkout(root: Path) -> Path:
    """A bindery's tools repository: two commits, then a merged pull request."""
    repo = root / "press-tools"
    repo.mkdir()
    base = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

    def by(name: str, email: str, day: str) -> dict[str, str]:
        when = f"{day}T10:00:00Z"
        return {**base, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email,
                "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email,
                "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}  # fmt: skip

    git(repo, "init", "-q", "-b", "main", env=base)
    git(repo, "remote", "add", "origin", "git@github.com:bindery/press-tools.git", env=base)
    (repo / "src").mkdir()
    (repo / "src" / "press.py").write_text("PRESSURE = 3\n")
    git(repo, "add", ".", env=base)
    git(
        repo,
        "commit",
        "-q",
        "-m",
        "Press settings",
        env=by("Mira Sato", "mira@bindery.io", "2026-02-02"),
    )
    git(repo, "checkout", "-q", "-b", "fix", env=base)
    (repo / "src" / "press.py").write_text("PRESSURE = 4\n")
    git(repo, "commit", "-q", "-am", "Raise the press pressure\n\nCloses #2",
        env=by("Mira Sato", "mira@laptop.local", "2026-02-03"))  # fmt: skip
    git(repo, "checkout", "-q", "main", env=base)
    git(repo, "merge", "-q", "--no-ff", "fix", "-m", "Merge pull request #3 from bindery/fix",
        env=by("Theo Brandt", "theo@bindery.io", "2026-02-04"))  # fmt: skip
    return repo


@pytest.mark.parametrize("source", ["file", "git"])
async def test_a_queued_history_loads_as_the_inline_one(
    brain: Brain, own_server: str, tmp_path: Path, source: str
) -> None:
    hivebrain = command(own_server, tmp_path)
    if source == "file":
        named = tmp_path / "history.jsonl.gz"
        shutil.copy(HISTORY, named)
        extra = ["--limit", "30"]
    else:
        named, extra = checkout(tmp_path), []
    inline_slug, queued_slug = unique_slug(), unique_slug()
    for slug in (inline_slug, queued_slug):
        await brain.create_tenant(slug)

    inline = await hivebrain("ingest", "github", inline_slug, str(named), *extra)
    assert inline.returncode == 0, inline
    queued = await hivebrain(
        "ingest", "github", queued_slug, str(named), *extra, "--queue", "--json"
    )
    assert queued.returncode == 0, queued
    job_id = json.loads(queued.stdout)["queued"]
    shutil.rmtree(named) if named.is_dir() else named.unlink()
    record = await work_off(brain, job_id)
    assert "error" not in record, record

    shown = await hivebrain("ingest", "job", queued_slug, job_id)
    assert shown.returncode == 0, shown
    assert shown.stdout.splitlines() == inline.stdout.splitlines()
    assert ("30 commits: created" if source == "file" else "3 commits of") in shown.stdout
    inline_stats = await tenant_stats(await brain.tenant(inline_slug))
    queued_stats = await tenant_stats(await brain.tenant(queued_slug))
    assert queued_stats.nodes_by_type == inline_stats.nodes_by_type
    assert queued_stats.edges_by_type == inline_stats.edges_by_type
    assert await kept_files(brain) == []


async def test_a_queued_repository_is_read_by_the_worker_with_its_own_token(
    brain: Brain, own_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.test_github_source import REPO, TOKEN, seed

    slug = unique_slug()
    await brain.create_tenant(slug)
    async with FakeGitHubAPI(token=TOKEN) as api:
        seed(api)
        # the command needs no token: the worker (this process here) reads with its own
        queued = await command(own_server, tmp_path, GITHUB_TOKEN=None)(
            "ingest", "github", slug, REPO, "--queue", "--json"
        )
        assert queued.returncode == 0, queued
        assert api.calls == []  # nothing was read by the command
        job_id = json.loads(queued.stdout)["queued"]
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        monkeypatch.setenv("GITHUB_API_BASE_URL", api.base_url)
        record = await work_off(brain, job_id)
    assert "error" not in record, record
    shown = await command(own_server, tmp_path)("ingest", "job", slug, job_id)
    assert shown.returncode == 0, shown
    assert f"5 issues and pull requests of {REPO}" in shown.stdout and "refused 0" in shown.stdout
    limited = await command(own_server, tmp_path)(
        "ingest", "github", slug, REPO, "--limit", "3", "--queue"
    )
    assert limited.returncode == 1 and "leave --limit out" in limited.stderr
    assert await brain.ingest_queue.waiting() == 0


def test_records_read_from_carried_bytes_are_the_files_own() -> None:
    """A worker reads a history from the bytes its job carries: the same numbered records
    as the file gives, and the same one-line refusal naming the file for broken bytes."""
    from brain import InputInvalid
    from brain.ingest.github import read_commits

    data = HISTORY.read_bytes()
    from_file = list(read_commits(HISTORY, limit=25))
    carried = list(read_commits(Path("history.jsonl.gz"), data=data, limit=25))
    assert [(n, r.sha) for n, r in carried] == [(n, r.sha) for n, r in from_file]
    plain = list(read_commits(Path("history.jsonl"), data=gzip.decompress(data), limit=25))
    assert [r for _, r in plain] == [r for _, r in from_file]
    with pytest.raises(InputInvalid, match=r"history\.jsonl\.gz is not a gzip file"):
        list(read_commits(Path("history.jsonl.gz"), data=b"not gzip"))
