"""Git history as facts: commits, pull requests, closed issues, files, components, people.

One commit record (a line of ``data/github/*.jsonl.gz``) becomes a Commit, the
PullRequest it landed with, the Issues that PR closed, the Files it changed (each in the
Component named by its directory prefix), and the Persons who wrote it. Ids come from
the record alone (repository, sha, PR and issue numbers, paths, e-mail addresses), so a
replay adds nothing, and every fact cites the commit it came from (``github:<repo>@<sha12>``)
and is dated by when the change reached the main line.

Facts are produced as a stream, and each node or edge only the first time the stream
meets it: a file touched by a thousand commits is one File fact, and one edge into its
Component, whose ``since`` is the landing date of the first record that names it.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import re
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from brain._json import is_object
from brain._moments import parse_moment
from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest._slugs import slugify
from brain.ingest.github._decisions import decisions_in
from brain.ingest.github._paths import file_kind, folder_kind
from brain.ingest.github._people import PeopleIndex, is_bot_signature

#: Facts sent to ``write_facts`` at once; a record's facts never straddle two batches.
#: Big enough that the model embeds a batch's nodes while its edges are written.
BATCH_FACTS = 20_000
#: Characters of a commit message body kept as the Commit's text.
MAX_BODY_CHARS = 4_000
#: The component of files at the top of a repository.
ROOT_COMPONENT = "(root)"

#: Repositories forked with their history: PR and issue numbers of commits that landed
#: before the fork date belong to the upstream project, and reusing them would merge two
#: unrelated pull requests into one node (FalkorDB/FalkorDB has RedisGraph's #1..#3200).
FORKS: dict[str, tuple[str, str]] = {
    "FalkorDB/FalkorDB": ("RedisGraph/RedisGraph", "2023-07-20"),
}

_NOREPLY = re.compile(r"^(?:\d+\+)?(?P<login>[^@\s]+)@users\.noreply\.github\.com$")
_PR_SUFFIX = re.compile(r"\s*\(#\d+\)\s*$")
_GZIP_MAGIC = b"\x1f\x8b"
_WEB = "https://github.com"


class Signature(BaseModel):
    """An author or co-author as git records them."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = ""
    email: str = ""


#: Longest path a file record may carry: what git itself allows (PATH_MAX). A path too
#: long for a File's id is refused by the gate, that file's facts only, with its reason;
#: a commit that changed it, and the rest of the history, still load.
MAX_PATH_CHARS = 4_096


class FileChange(BaseModel):
    """One file a commit changed; counts are null where git could not diff it."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    path: str = Field(min_length=1, max_length=MAX_PATH_CHARS)
    added: int | None = None
    deleted: int | None = None


class CommitRecord(BaseModel):
    """One commit record, validated once where it comes in."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    repo: str = Field(pattern=r"^[\w.-]+/[\w.-]+$")
    sha: str = Field(pattern=r"^[0-9a-f]{12,64}$")
    author: Signature
    author_date: str
    landed_date: str | None = None
    subject: str = ""
    body: str | None = None
    co_authors: list[Signature] = Field(default_factory=list)
    pr: int | None = Field(default=None, ge=1)
    pr_source: str | None = None
    pr_title: str | None = None
    closes: list[int] = Field(default_factory=list)
    is_bot: bool = False
    is_merge: bool = False
    files: list[FileChange] = Field(default_factory=list)

    @field_validator("author_date", "landed_date")
    @classmethod
    def _is_moment(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_moment(value)
            except InputInvalid as exc:
                raise ValueError(exc.reason) from exc
        return value

    @property
    def when(self) -> str:
        """When the change reached the main line (or was written, if that is unknown)."""
        return self.landed_date or self.author_date


def person_key(sig: Signature) -> tuple[str, str | None]:
    """A person's id and GitHub login: the login of a noreply address, else the e-mail."""
    email = sig.email.strip().lower()
    found = _NOREPLY.match(email)
    if found:
        return f"person:{found['login']}", found["login"]
    if "@" in email:
        return f"person:{slugify(email, limit=120)}", None
    return f"person:{slugify(sig.name or 'unknown', limit=120)}", None


def looks_like_bot(sig: Signature) -> bool:
    """Bots and coding assistants that sign commits: dependabot, Copilot, Claude..."""
    return is_bot_signature(sig.name, sig.email)


def component_of(path: str, depth: int) -> str:
    """The directory prefix of ``path``, at most ``depth`` levels deep (or ``(root)``)."""
    folders = path.strip("/").split("/")[:-1]
    return "/".join(folders[:depth]) or ROOT_COMPONENT


class _Stream:
    """Facts of a stream of records, each node and edge emitted the first time it is met."""

    def __init__(
        self,
        *,
        depth: int,
        forks: Mapping[str, tuple[str, str]],
        people: PeopleIndex | None = None,
    ) -> None:
        if depth < 1:
            raise ValueError("component_depth must be at least 1")
        self._depth = depth
        self._forks = {repo: (up, parse_moment(day)) for repo, (up, day) in forks.items()}
        self._seen: set[tuple[str, ...]] = set()
        self._people_index = people
        self._bots: set[str] = set()  # person ids flagged as bots
        self._src = self._when = ""  # the record being turned into facts

    def _node(self, node_type: str, node_id: str, **props: Any) -> Iterator[dict[str, Any]]:
        if ("n", node_id) not in self._seen:
            self._seen.add(("n", node_id))
            head = {"type": node_type, "id": node_id, "src": self._src, "asOf": self._when}
            yield {"node": {**head, **props}}

    def _edge(self, a: str, rel: str, b: str, **props: Any) -> Iterator[dict[str, Any]]:
        # One fact per (from, rel, to): a second `since` in the same slot would close the first.
        if ("e", a, rel, b) not in self._seen:
            self._seen.add(("e", a, rel, b))
            head = {"from": a, "type": rel, "to": b, "since": self._when}
            yield {"edge": {**head, "src": self._src, "asOf": self._when, **props}}

    def _repository(self, repo: str) -> Iterator[dict[str, Any]]:
        yield from self._node("Repository", f"repo:{repo}", name=repo, url=f"{_WEB}/{repo}")

    def _numbered_repo(self, rec: CommitRecord) -> str:
        """The repository a PR or issue number of this commit belongs to."""
        upstream = self._forks.get(rec.repo)
        if upstream is not None and parse_moment(rec.when) < upstream[1]:
            return upstream[0]
        return rec.repo

    def facts(self, rec: CommitRecord) -> Iterator[dict[str, Any]]:
        """The facts of one commit record that the stream has not emitted yet."""
        repo, sha12, when = rec.repo, rec.sha[:12], rec.when
        self._src, self._when = f"github:{repo}@{sha12}", when
        commit_id = f"commit:{repo}@{sha12}"
        yield from self._repository(repo)
        known = [f for f in rec.files if f.added is not None and f.deleted is not None]
        added, deleted = sum(f.added or 0 for f in known), sum(f.deleted or 0 for f in known)
        body = (rec.body or "").strip()[:MAX_BODY_CHARS] or None
        dates = {"landedAt": parse_moment(when), "authoredAt": parse_moment(rec.author_date)}
        tracker = self._numbered_repo(rec)  # whose PR and issue numbers these are
        # No (Commit)-[]->(PullRequest) pattern in the schema yet: the PR's id is a property.
        pr_id = None if rec.pr is None else f"pr:{tracker}#{rec.pr}"
        yield from self._node(
            "Commit", commit_id, name=rec.subject.strip() or sha12, text=body, sha=rec.sha,
            repo=repo, isMerge=rec.is_merge, files=len(rec.files), added=added, deleted=deleted,
            pullRequest=pr_id, url=f"{_WEB}/{repo}/commit/{rec.sha}", **dates,
        )  # fmt: skip
        yield from self._edge(commit_id, "IN_REPO", f"repo:{repo}")
        people: list[tuple[str, str]] = []
        yield from self._people(rec, people)
        for person, role in people:
            yield from self._edge(person, "AUTHORED", commit_id, role=role)
        changes = [commit_id]
        fixer = commit_id
        if pr_id is not None:
            fixer = pr_id
            yield from self._repository(tracker)
            title = rec.pr_title or _PR_SUFFIX.sub("", rec.subject).strip() or pr_id
            yield from self._node(
                "PullRequest", pr_id, name=title, number=rec.pr, repo=tracker,
                mergedAt=parse_moment(when), url=f"{_WEB}/{tracker}/pull/{rec.pr}",
            )  # fmt: skip
            yield from self._edge(pr_id, "IN_REPO", f"repo:{tracker}")
            # A merge commit's author is whoever pressed the button, not the PR's author.
            if rec.pr_source != "merge":
                for person, role in people:
                    yield from self._edge(person, "AUTHORED", pr_id, role=role)
            changes.append(pr_id)
        for number in sorted(set(rec.closes)):
            issue_id = f"issue:{tracker}#{number}"
            yield from self._node(
                "Issue", issue_id, name=f"{tracker}#{number}", number=number, repo=tracker,
                state="closed", url=f"{_WEB}/{tracker}/issues/{number}",
            )  # fmt: skip
            yield from self._edge(issue_id, "IN_REPO", f"repo:{tracker}")
            yield from self._edge(fixer, "FIXES", issue_id)
        for change in rec.files:
            yield from self._file(rec, change, changes)
        if pr_id is not None:
            yield from self._decisions(rec, pr_id, people)

    def _decisions(
        self, rec: CommitRecord, pr_id: str, people: list[tuple[str, str]]
    ) -> Iterator[dict[str, Any]]:
        """Decisions the record's messages state, tied to this pull request's own people
        and the code areas this record changed (so every link is one the thread has)."""
        text = "\n".join(t for t in (rec.pr_title, rec.subject, rec.body) if t)
        found = decisions_in(text, thread=pr_id)
        if not found:
            return
        humans = [p for p, _ in people if p not in self._bots]
        areas = sorted(
            {
                f"component:{rec.repo}:{component_of(f.path, self._depth)}"
                for f in rec.files
                if file_kind(f.path) == "code"
                and folder_kind(component_of(f.path, self._depth)) == "code"
            }
        )
        for decision in found:
            yield from self._node(
                "Decision", decision.id, name=decision.summary, summary=decision.summary,
                text=decision.rationale, rationale=decision.rationale,
                confidence=decision.confidence, repo=rec.repo, extractedBy="rules",
            )  # fmt: skip
            yield from self._edge(decision.id, "DECIDED_IN", pr_id)
            for person in humans:
                yield from self._edge(decision.id, "MADE_BY", person)
            for area in areas:
                yield from self._edge(decision.id, "AFFECTS", area)

    def _people(self, rec: CommitRecord, found: list[tuple[str, str]]) -> Iterator[dict[str, Any]]:
        """New Person nodes of a record; fills ``found`` with (person id, role) pairs."""
        for sig, role in [(rec.author, "author")] + [(c, "co-author") for c in rec.co_authors]:
            human = (
                None if self._people_index is None else self._people_index.find(sig.name, sig.email)
            )
            if human is not None:
                person, login = human.id, human.login
            else:
                person, login = person_key(sig)
            if any(person == known for known, _ in found):
                continue
            found.append((person, role))
            email = sig.email.strip().lower()
            if (
                (human is not None and human.is_bot)
                or looks_like_bot(sig)
                or (rec.is_bot and role == "author")
            ):
                self._bots.add(person)
            if human is not None:
                yield from self._node(
                    "Person", person, name=human.name, login=login,
                    email=human.email, emails=human.emails,
                    is_bot=human.is_bot or (rec.is_bot and role == "author"),
                )  # fmt: skip
                continue
            yield from self._node(
                "Person", person, name=sig.name.strip() or login or email or person, login=login,
                email=email if "@" in email else None,
                is_bot=looks_like_bot(sig) or (rec.is_bot and role == "author"),
            )  # fmt: skip

    def _file(
        self, rec: CommitRecord, change: FileChange, changes: list[str]
    ) -> Iterator[dict[str, Any]]:
        repo, path = rec.repo, change.path
        file_id, prefix = f"file:{repo}:{path}", component_of(path, self._depth)
        component_id = f"component:{repo}:{prefix}"
        yield from self._node(
            "Component", component_id, name=prefix, path=prefix, repo=repo, kind=folder_kind(prefix)
        )
        yield from self._edge(component_id, "IN_REPO", f"repo:{repo}")
        yield from self._node(
            "File", file_id, name=path, path=path, repo=repo, kind=file_kind(path)
        )
        yield from self._edge(file_id, "IN_REPO", f"repo:{repo}")
        yield from self._edge(file_id, "IN_COMPONENT", component_id)
        counts = {"added": change.added, "deleted": change.deleted}
        for change_id in changes:
            # A PR's line counts are its commit's only when it landed as one squashed commit.
            exact = change_id.startswith("commit:") or rec.pr_source == "squash"
            yield from self._edge(change_id, "MODIFIES", file_id, **(counts if exact else {}))


def _validated(raw: Mapping[str, Any], where: str) -> CommitRecord:
    try:
        return CommitRecord.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "record"
        raise InputInvalid(f"{where} is not a commit record ({field}: {first['msg']})") from exc


def read_commits(
    path: Path, *, limit: int | None = None, data: bytes | None = None
) -> Iterator[tuple[int, CommitRecord]]:
    """(line number, record) for each commit of a .jsonl or .jsonl.gz file, up to ``limit``.

    ``data``: the file's bytes, read elsewhere (a queued load carries them to a worker);
    ``path`` then only names the file in what goes wrong. Raises ``InputInvalid`` for a
    missing, binary, non-gzip ``.gz`` or non-JSON file, or a line that is not a commit
    record, naming the line.
    """
    if data is None and not path.is_file():
        raise InputInvalid(
            f"{path}: no such file" if not path.exists() else f"{path} is not a file"
        )
    if data is None:
        with path.open("rb") as probe:
            is_gzip = probe.read(2) == _GZIP_MAGIC
    else:
        is_gzip = data[:2] == _GZIP_MAGIC
    if path.name.endswith(".gz") and not is_gzip:
        raise InputInvalid(f"{path} is not a gzip file: give a .jsonl.gz or a .jsonl of commits")
    count = 0
    number = 0
    try:
        with _open_text(path, data, is_gzip=is_gzip) as fh:
            for number, line in enumerate(fh, 1):
                if limit is not None and count >= limit:
                    return
                if not line.strip():
                    continue
                if "\x00" in line:
                    raise InputInvalid(f"{path} is a binary file, not JSON Lines of commits")
                try:
                    raw = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputInvalid(
                        f"{path} line {number} is not JSON ({exc.msg} at column {exc.colno})"
                    ) from exc
                if not is_object(raw):
                    raise InputInvalid(f"{path} line {number} is not a JSON object")
                count += 1
                yield number, _validated(raw, f"{path} line {number}")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise InputInvalid(f"{path} cannot be read after line {number} ({exc})") from exc


def _open_text(path: Path, data: bytes | None, *, is_gzip: bool) -> IO[str]:
    """The records' text: the file at ``path``, or ``data`` when given; gunzipped if so."""
    if data is None:
        opener = gzip.open if is_gzip else open
        return opener(path, "rt", encoding="utf-8-sig")
    raw = io.BytesIO(data)
    if is_gzip:
        return io.TextIOWrapper(gzip.GzipFile(fileobj=raw, mode="rb"), encoding="utf-8-sig")
    return io.TextIOWrapper(raw, encoding="utf-8-sig")


def count_commits(path: Path, *, limit: int | None = None, data: bytes | None = None) -> int:
    """Read the whole file once and count its records; raises ``InputInvalid`` on any flaw."""
    return sum(1 for _ in read_commits(path, limit=limit, data=data))


def index_history(
    path: Path,
    *,
    limit: int | None = None,
    keep: Callable[[CommitRecord], bool] | None = None,
    data: bytes | None = None,
) -> PeopleIndex:
    """Read a whole history once (raising ``InputInvalid`` on any flaw) and group its
    signatures into people."""
    index = PeopleIndex()
    for _, rec in read_commits(path, limit=limit, data=data):
        if keep is None or keep(rec):
            add_signatures(index, rec)
    return index


def add_signatures(index: PeopleIndex, rec: CommitRecord) -> None:
    """Every author and co-author signature of one record, into ``index``."""
    index.add(rec.author.name, rec.author.email, is_bot=rec.is_bot)
    for sig in rec.co_authors:
        index.add(sig.name, sig.email)


def _add(total: WriteReport, part: WriteReport) -> None:
    for name in ("created", "updated", "unchanged", "closed", "versions", "aliases"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.refusals.extend(part.refusals)


async def load_github(
    graph: TenantGraph,
    path: Path,
    *,
    limit: int | None = None,
    component_depth: int = 2,
    progress: Callable[[int], None] | None = None,
    keep: Callable[[CommitRecord], bool] | None = None,
    data: bytes | None = None,
) -> WriteReport:
    """Load a file of commit records into a tenant, in batches of about ``BATCH_FACTS`` facts.

    The file is checked whole first, so a malformed line stops the load before anything
    is written. A refusal is reported with the file line of the commit it came from.
    ``progress`` is called with the number of records each batch held. ``keep`` loads
    only the records it accepts (a benchmark's training window, one repository's slice).
    ``data``: the file's bytes, when a worker loads what a command read (``read_commits``).
    """
    people = await asyncio.to_thread(index_history, path, limit=limit, keep=keep, data=data)
    records = read_commits(path, limit=limit, data=data)
    if keep is not None:
        records = ((line, rec) for line, rec in records if keep(rec))
    return await load_records(
        graph, records, people=people, component_depth=component_depth, progress=progress
    )


async def load_records(
    graph: TenantGraph,
    records: Iterator[tuple[int, CommitRecord]],
    *,
    people: PeopleIndex,
    component_depth: int = 2,
    progress: Callable[[int], None] | None = None,
) -> WriteReport:
    """Load validated commit records (numbered for the report), any source's."""
    stream = _Stream(depth=component_depth, forks=FORKS, people=people)
    report = WriteReport()
    # Reading, decompressing and turning records into facts run in a thread, one batch
    # ahead: the next batch is parsed while the database writes this one.
    ahead = asyncio.ensure_future(asyncio.to_thread(_next_batch, records, stream))
    try:
        while True:
            batch, count = await ahead
            if not batch:
                break
            ahead = asyncio.ensure_future(asyncio.to_thread(_next_batch, records, stream))
            # each batch's vectors update the nodes it wrote: one rebuild of the
            # full-text indexes at the end, not one whenever a batch tips the share
            _add(report, await graph.write_facts(batch, refresh_fulltext=False))
            if progress is not None:
                progress(count)
    finally:
        if not ahead.done():
            await asyncio.gather(ahead, return_exceptions=True)
    if report.created or report.updated:
        await graph.refresh_fulltext()
    report.refusals.sort()
    return report


def _next_batch(
    records: Iterator[tuple[int, CommitRecord]], stream: _Stream
) -> tuple[list[tuple[int, dict[str, Any]]], int]:
    """Facts of whole records, about ``BATCH_FACTS`` of them, each with its record's line."""
    batch: list[tuple[int, dict[str, Any]]] = []
    count = 0
    for line, rec in records:
        batch.extend((line, fact) for fact in stream.facts(rec))
        count += 1
        if len(batch) >= BATCH_FACTS:
            break
    return batch, count
