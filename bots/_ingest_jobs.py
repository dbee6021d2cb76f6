"""What each kind of ingest job does in a worker, and the loads a command shares with it.

Each job kind is a plain function in ``JOB_KINDS`` (added with ``@job_kind``): it gets the
brain, the tenant's graph and the job's payload, writes through the gate, and returns what
it did, JSON-ready (the done record keeps it, and ``hivebrain ingest job`` prints it as the
command that queued it would have printed its own load). A payload is checked where it
comes in: a pydantic model per kind, or a ``KeyError``, ``TypeError`` or ``ValueError``
that the worker turns into the job's one-line error.

A load a command can run inline or queue is written once, here (``load_repo_api``,
``pull_tenant``), so the worker's run and the inline run give the same figures. Files a
job carries (an upload, a folder of documents, a commit history) are kept on the server
beside the queue (``IngestQueue.put_file``) and dropped once the job has loaded them; a job
that fails keeps them for its retry until they expire.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from agents import (
    ConnectedClient,
    ConnectorSettings,
    PullReport,
    pull_connected,
    require_user,
    thread_proposer,
)
from bots._wiring import ExecutorSettings
from bots.core import UPLOAD_KIND, load_upload
from brain import Brain, InputInvalid, TenantGraph
from brain.ingest import (
    GitHubSource,
    PackedDocuments,
    document_facts,
    extract_thread_decisions,
    load_github,
    load_github_repo,
    load_meeting,
    load_packed_documents,
    read_transcript,
)
from scheduler import HANDED_KIND, run_handed

#: What one job kind does: (brain, tenant graph, payload) -> what it did, JSON-ready.
JobHandler = Callable[[Brain, TenantGraph, Mapping[str, Any]], Awaitable[dict[str, Any]]]
JOB_KINDS: dict[str, JobHandler] = {}

#: A history over this many commits is a bulk load: the embedded server's append-only
#: file is compacted after it, so restarts stay fast.
BULK_COMMITS = 200


def job_kind(name: str) -> Callable[[JobHandler], JobHandler]:
    """Register a job kind's handler under ``name`` (what ``IngestQueue.enqueue`` names)."""

    def add(handler: JobHandler) -> JobHandler:
        JOB_KINDS[name] = handler
        return handler

    return add


@job_kind("facts")
async def run_facts(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A facts file's facts (``[[line, fact], ...]``), through the gate."""
    rows: Any = payload.get("facts")
    if not isinstance(rows, list):
        raise InputInvalid("a facts job carries its facts as a list of [line, fact]")
    facts: list[tuple[int, Any]] = []
    for row in cast(list[Any], rows):
        if not isinstance(row, list) or len(cast(list[Any], row)) != 2:
            raise InputInvalid("a facts job carries its facts as a list of [line, fact]")
        line, fact = cast(list[Any], row)
        facts.append((int(line), fact))
    return (await graph.write_facts(facts)).as_dict()


@job_kind("document")
async def run_document(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """One text document and its passages (what ``ingest doc`` and uploads send)."""
    facts = document_facts(
        name=str(payload["name"]),
        text=str(payload["text"]),
        src=str(payload["src"]),
        as_of=str(payload["as_of"]),
        doc_id=str(payload["doc_id"]) if payload.get("doc_id") else None,
    )
    report = await graph.write_facts(list(enumerate(facts, 1)))
    return {**report.as_dict(), "loaded": f"document {payload['name']}"}


@job_kind("documents")
async def run_documents(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """Files and folders of documents (``ingest docs --queue``), their bytes kept on the
    server: loaded as the inline command loads them (``brain.ingest.documents._packed``),
    so the result names each skipped file with its reason."""
    packed = PackedDocuments.model_validate(dict(payload))
    queue = brain.ingest_queue
    loaded = await load_packed_documents(graph, packed, fetch=queue.file)
    for file_id in packed.file_ids:
        await queue.drop_file(file_id)
    return loaded.as_dict()


@job_kind("meeting")
async def run_meeting(_: Brain, graph: TenantGraph, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A meeting transcript (the meeting webhook's body, or a file's text) with its
    decisions and action items."""
    from agents import meeting_proposer

    if "text" in payload:
        transcript = read_transcript(str(payload["file"]), text=str(payload["text"]))
    else:
        transcript = read_transcript("the body", data=payload["data"])
    loaded = await load_meeting(
        graph,
        transcript,
        name=str(payload["name"]),
        source=str(payload["source"]) if payload.get("source") else None,
        src=str(payload["src"]),
        as_of=str(payload["as_of"]) if payload.get("as_of") else None,
        title=str(payload["title"]) if payload.get("title") else None,
        propose=meeting_proposer(),
    )
    return loaded.as_dict()


class GitHubJob(BaseModel):
    """A queued ``ingest github``: a file of commit records or a checkout's history, read
    by the command and kept on the server (``file``), or a repository the worker reads
    from the REST API itself (``api``; its token is the worker's ``GITHUB_TOKEN``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Literal["file", "git", "api"]
    #: The file or checkout as the command named it, or owner/repo.
    name: str = Field(min_length=1, max_length=4_096)
    #: The id the records' bytes are kept under (``file`` and ``git``).
    file: str | None = None
    limit: int | None = Field(default=None, ge=1)
    component_depth: int = Field(default=2, ge=1, le=6)
    #: How many commits the command counted, and what its report line says was loaded.
    commits: int = Field(default=0, ge=0)
    loaded: str = ""


@job_kind("github")
async def run_github(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """A repository's history (see ``GitHubJob``): the inline command's counts and lines."""
    job = GitHubJob.model_validate(dict(payload))
    if job.source == "api":
        return await load_repo_api(graph, job.name, component_depth=job.component_depth)
    if job.file is None:
        raise InputInvalid(f"a {job.source} job carries its records' file id")
    queue = brain.ingest_queue
    data = await queue.file(job.file)
    report = await load_github(
        graph, Path(job.name), limit=job.limit, component_depth=job.component_depth, data=data
    )
    if brain.server is not None and job.commits > BULK_COMMITS:
        await brain.server.compact()
    await queue.drop_file(job.file)
    return {**report.as_dict(), "loaded": job.loaded}


def github_source(component_depth: int) -> GitHubSource:
    """The GitHub REST reader of this process's settings (``GITHUB_TOKEN``,
    ``GITHUB_API_BASE_URL``): a worker reads with its own token."""
    settings = ExecutorSettings()
    token = settings.github_token.get_secret_value() if settings.github_token else None
    return GitHubSource(
        token=token, base_url=str(settings.github_api_base_url), component_depth=component_depth
    )


async def load_repo_api(
    graph: TenantGraph,
    repo: str,
    *,
    component_depth: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Read ``repo``'s issues and pull requests from the API into the tenant, then (with a
    model) its threads' decisions: the write counts, ``loaded`` (what was read),
    ``read_in_part`` (listings that stopped early) and ``model`` (None without one)."""
    source = github_source(component_depth)
    report, count = await load_github_repo(graph, repo, source=source, progress=progress)
    model: dict[str, int] | None = None
    propose = thread_proposer()
    if propose is not None and count:
        found = await extract_thread_decisions(graph, propose, repo=repo)
        model = {"threads": found.threads, "kept": len(found.kept), "dropped": len(found.dropped)}
    return {
        **report.as_dict(),
        "loaded": f"{count:,} issues and pull requests of {repo} ({source.requests} requests)",
        "read_in_part": list(source.stopped),
        "model": model,
    }


class PullJob(BaseModel):
    """A queued ``connect SLUG pull``: from when (ms; None: each account's cursor) and
    which account (None: all of them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    since: int | None = None
    account: str | None = Field(default=None, max_length=200)


@job_kind("connected")
async def run_connected(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """A pull of the tenant's connected accounts asked for by hand (``connect ... pull
    --queue``), with the worker's ``COMPOSIO_API_KEY``: the report the command prints."""
    job = PullJob.model_validate(dict(payload))
    report = await pull_tenant(brain, graph, since=job.since, account=job.account)
    return report.as_dict()


async def pull_tenant(
    brain: Brain, graph: TenantGraph, *, since: int | None, account: str | None
) -> PullReport:
    """Pull what is new in the tenant's connected accounts, as ``connect ... pull`` does;
    raises ``ConnectorFailed`` for a tenant with no Composio user or no API key here."""
    assert brain.registry is not None
    settings = dict((await brain.registry.get(graph.slug)).settings)
    user = require_user(graph.slug, settings)
    client = ConnectedClient.from_settings(ConnectorSettings())
    return await pull_connected(
        graph, client, user_id=user, settings=settings, since=since, account=account
    )


@job_kind(UPLOAD_KIND)
async def run_upload(
    brain: Brain, graph: TenantGraph, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """A file attached in chat, downloaded by a web process and kept on the server: loaded
    as the web process would have (``bots.core.load_upload``); its bytes are then dropped."""
    from agents import meeting_proposer

    queue = brain.ingest_queue
    file_id = str(payload["file"])
    said = await load_upload(
        graph,
        name=str(payload["name"]),
        url=str(payload["url"]),
        data=await queue.file(file_id),
        platform=str(payload["platform"]),
        propose=meeting_proposer(),
    )
    await queue.drop_file(file_id)
    return {"said": said}


@job_kind("vectors")
async def run_vectors(brain: Brain, graph: TenantGraph, _: Mapping[str, Any]) -> dict[str, Any]:
    """Fill the tenant's missing vectors, round after round while writes keep marking it
    (one round at least: a job whose mark went, or lived under an older key, still fills;
    a write that marks the tenant after this read of the mark queues a job of its own)."""
    queue = brain.ingest_queue
    embedded = rounds = 0
    while True:
        mark = await queue.vectors_mark(graph.slug)
        embedded += (await graph.fill_vectors()).embedded
        rounds += 1
        if mark is None or await queue.vectors_filled(graph.slug, mark):
            break
    return {"embedded": embedded, "rounds": rounds}


# a scheduled ingest (the connected pull) a scheduler leader handed over: the same job
job_kind(HANDED_KIND)(run_handed)
