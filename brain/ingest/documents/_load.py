"""Loading files and folders of documents: passages, mentions, changes and removals.

A document's identity is its file's whole resolved path, never its base name or its
folder's: ``eng/docs`` and ``sales/docs`` are two folders, and the same folder named as
``./docs/`` or by its full path is one. A passage's id is derived from its document and
its text, so re-ingesting an unchanged document restates the same facts and adds nothing.
When a document changes, its old text is kept as a Version of the Document (one hop
away, ``VERSION_OF``), and the passages whose text is gone are closed (their HAS_CHUNK
edge ends at the new date; the old text stays in the graph, one hop away, and search
never serves it); when a folder is loaded again without a document that it held before,
that document's passages are closed too and the Document's current state holds no text
(its last text is its Version), so neither search nor lookup serves it.

Only what was named is read: a symbolic link inside a folder (to a file or a folder,
perhaps far outside it) is skipped with a line saying so, unless ``follow_links`` asks
for it. A FIFO or a device is named for what it is and skipped, never opened.
Passages are linked (MENTIONS) to the things already in the brain whose names they say.
A bad file is one line in the report and the rest of the batch goes on; a file that
cannot be read this time keeps the passages it had.

Where a file's bytes come from is the caller's: ``load_documents`` reads them from this
machine's disk, a queued load (``brain.ingest.documents._packed``) from the server, where
the command that queued it left them. Both go through ``load_document_sources``, so a
worker's load is the load the command would have run itself.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import stat
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePath
from typing import Any

from brain._moments import format_moment, now_ms
from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest._slugs import slugify
from brain.ingest.documents._files import (
    DOC_SUFFIXES,
    document_text,
    read_document_bytes,
    split_passages,
)

#: Things whose names passages are matched against, and the shortest name matched.
MENTION_TYPES = ("Person", "Organization", "Product", "Service", "Tool", "Customer", "Vendor")
MIN_NAME = 4
MAX_NAMES = 20_000

READ_NAMES = """
MATCH (n:Searchable)
WHERE n.type IN $types AND n.name IS NOT NULL AND size(n.name) >= $min
RETURN n.id, n.name
LIMIT $limit
"""

READ_OPEN_PASSAGES = """
MATCH (d:Document)-[h:HAS_CHUNK]->(c:Chunk)
WHERE d.src STARTS WITH $prefix AND h.until IS NULL
RETURN d.id, d.name, d.src, c.id, h.since
LIMIT $limit
"""

READ_REMOVED = """
MATCH (d:Document)
WHERE d.id IN $ids AND d.removed = true
RETURN d.id
LIMIT $limit
"""


@dataclass(slots=True)
class DocsLoad:
    """What loading a batch of documents did."""

    files: int = 0
    passages: int = 0
    closed: int = 0
    skipped: list[str] = field(default_factory=list)
    report: WriteReport | None = None

    @property
    def failed(self) -> list[str]:
        """The skipped lines that are failures (see ``failures``)."""
        return failures(self.skipped)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the write counts, then what was loaded, closed and skipped, and
        which of the skipped lines are failures."""
        return {
            **(self.report.as_dict() if self.report else {}),
            "files": self.files,
            "passages": self.passages,
            "closed_passages": self.closed,
            "skipped": list(self.skipped),
            "failed": self.failed,
        }


#: How the line of a symbolic link left unfollowed reads (``_walk`` writes it).
LINK_LEFT = "is a symbolic link"


def failures(skipped: Sequence[str]) -> list[str]:
    """The skipped lines that are failures: every file that was given or found and did not
    load (missing, unreadable, broken, empty, not a file), but not a link inside a folder
    left unfollowed, which is a choice ``--follow-links`` reverses, not a fault."""
    return [line for line in skipped if LINK_LEFT not in line]


#: A document's bytes and its file's own clock (``file_moment``); ``InputInvalid`` when it
#: cannot be read.
ReadBytes = Callable[[], Awaitable[tuple[bytes, str]]]


@dataclass(frozen=True, slots=True)
class DocSource:
    """One document file of a load: where it was found (what a skipped line names), its
    identity (``file:<resolved path>``, see the module doc) and how to read it."""

    path: str
    key: str
    read: ReadBytes

    @property
    def name(self) -> str:
        return PurePath(self.path).name


def _kind(mode: int) -> str:
    """What a path that is neither a file nor a folder is, in words."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _walk(folder: Path, *, follow_links: bool, bad: list[str]) -> Iterator[Path]:
    """The document files under ``folder``, sorted; links and odd files become lines in
    ``bad``. Followed links are walked once each, so a link loop ends."""
    seen: set[tuple[int, int]] = set()
    stack = [folder]
    while stack:
        here = stack.pop()
        info = here.stat()
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        try:
            entries = sorted(os.scandir(here), key=lambda e: e.name)
        except OSError as exc:
            bad.append(f"{here}: cannot be listed ({exc.strerror or exc})")
            continue
        folders: list[Path] = []
        for entry in entries:
            path = Path(entry.path)
            if entry.is_symlink() and not follow_links:
                if path.suffix.lower() in DOC_SUFFIXES or entry.is_dir():
                    bad.append(
                        f"{path} {LINK_LEFT} (to {os.path.realpath(path)}): skipped; "
                        "--follow-links reads what links point to"
                    )
                continue
            if entry.is_dir():
                folders.append(path)
            elif path.suffix.lower() in DOC_SUFFIXES:
                if entry.is_file():
                    yield path
                elif path.exists():
                    bad.append(f"{path} is {_kind(path.stat().st_mode)}, not a file: skipped")
        stack.extend(reversed(folders))


def doc_files(
    paths: list[Path], *, follow_links: bool = False
) -> tuple[list[tuple[Path, str]], list[str], list[str]]:
    """(file, source key) for every document under ``paths``; one line per path skipped;
    and the scopes a reload closes within (a folder's ``file:<path>/``, a file's key).

    The source key is the file's whole resolved path: its identity (see the module doc).
    """
    found: list[tuple[Path, str]] = []
    bad: list[str] = []
    scopes: list[str] = []
    for path in paths:
        if path.is_dir():
            folder = path.resolve()
            scopes.append(f"file:{folder.as_posix().rstrip('/')}/")
            for f in _walk(folder, follow_links=follow_links, bad=bad):
                found.append((f, f"file:{f.resolve().as_posix()}"))
        elif path.is_file():
            key = f"file:{path.resolve().as_posix()}"
            scopes.append(key)
            found.append((path, key))
        elif path.exists():
            bad.append(f"{path} is {_kind(path.stat().st_mode)}, not a file: skipped")
        else:
            bad.append(f"{path}: no such file or folder")
    # a file reached twice (named and in its folder, or by two links) is read once
    unique = list({key: (f, key) for f, key in found}.values())
    return unique, bad, list(dict.fromkeys(scopes))


def file_moment(path: Path) -> str:
    """A file's own clock to the millisecond, as its facts' ``asOf``: an edit later the
    same day is newer, so the Document is updated and its old text kept as a Version."""
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).isoformat(timespec="milliseconds")


def local_source(path: Path, key: str) -> DocSource:
    """A document file on this machine's disk, read when its turn comes."""

    def read_here() -> tuple[bytes, str]:
        data = read_document_bytes(path)
        try:
            return data, file_moment(path)
        except OSError as exc:  # gone between the read and the look at its clock
            raise InputInvalid(f"{path} cannot be read ({exc.strerror or exc}): skipped") from exc

    async def read() -> tuple[bytes, str]:
        return await asyncio.to_thread(read_here)

    return DocSource(path=str(path), key=key, read=read)


def document_id(key: str) -> str:
    """A Document's id from its source key: readable, and unique to the whole path."""
    path = key.removeprefix("file:")
    tail = "/".join(path.rstrip("/").split("/")[-2:])
    digest = hashlib.sha1(key.encode()).hexdigest()[:10]
    return f"doc-{slugify(tail, limit=60)}-{digest}"


def _mentions(text: str, names: list[tuple[str, re.Pattern[str]]]) -> list[str]:
    return [nid for nid, pattern in names if pattern.search(text)]


async def load_documents(
    graph: TenantGraph,
    paths: list[Path],
    *,
    follow_links: bool = False,
    progress: Callable[[int], None] | None = None,
) -> DocsLoad:
    """Load documents from files and folders on this machine; see the module doc."""
    files, skipped, scopes = doc_files(paths, follow_links=follow_links)
    sources = [local_source(f, key) for f, key in files]
    return await load_document_sources(
        graph, sources, scopes=scopes, skipped=skipped, progress=progress
    )


async def load_document_sources(
    graph: TenantGraph,
    files: Sequence[DocSource],
    *,
    scopes: Sequence[str],
    skipped: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
) -> DocsLoad:
    """Load document files found under ``scopes`` (what ``doc_files`` gives; ``skipped``:
    the lines of paths that were skipped while finding them); see the module doc."""
    out = DocsLoad(skipped=list(skipped))
    present = {document_id(f.key) for f in files}
    returning = await _removed(graph, sorted(present))
    res = await graph.read(
        "document names",
        READ_NAMES,
        {"types": list(MENTION_TYPES), "min": MIN_NAME, "limit": MAX_NAMES},
    )
    names = [
        (str(nid), re.compile(r"\b" + re.escape(str(name)) + r"\b", re.I)) for nid, name in res.rows
    ]
    facts: list[dict[str, Any]] = []
    kept: dict[str, set[str]] = {}
    for f in files:
        src = f.key
        try:
            data, as_of = await f.read()
            text = await asyncio.to_thread(document_text, f.path, data)
        except InputInvalid as exc:
            out.skipped.append(exc.reason)
            if progress:
                progress(1)
            continue
        doc = document_id(src)
        if doc in returning:  # back after a removal was recorded: newer than that
            as_of = format_moment(now_ms()) or as_of
        kept[doc] = set()
        facts.append(
            {
                "node": {
                    "type": "Document",
                    "id": doc,
                    "name": f.name,
                    "body": text[:20_000],
                    "removed": False,
                    "src": src,
                    "asOf": as_of,
                }
            }
        )
        for position, passage in enumerate(split_passages(text), 1):
            digest = hashlib.sha1(f"{passage.section}\n{passage.text}".encode()).hexdigest()[:12]
            chunk = f"{doc}#{digest}"
            kept[doc].add(chunk)
            node: dict[str, Any] = {
                "type": "Chunk",
                "id": chunk,
                "name": passage.section or f.name,
                "text": passage.text,
                "position": position,
                "src": src,
                "asOf": as_of,
            }
            if passage.section:
                node["section"] = passage.section
            facts.append({"node": node})
            facts.append({"edge": _edge(doc, "HAS_CHUNK", chunk, src, as_of)})
            for thing in _mentions(passage.text, names):
                facts.append({"edge": _edge(chunk, "MENTIONS", thing, src, as_of)})
            out.passages += 1
        out.files += 1
        if progress:
            progress(1)
    # passages gone from a changed document, and documents gone from a reloaded folder;
    # a document still there that could not be read this time keeps what it had
    now_at = now_ms()
    now = format_moment(now_at) or ""
    gone_docs: dict[str, tuple[str, str, int]] = {}
    for scope in scopes:
        rows = (
            await graph.read(
                "open passages", READ_OPEN_PASSAGES, {"prefix": scope, "limit": 1_000_000}
            )
        ).rows
        for doc, name, doc_src, chunk, since in rows:
            if doc in kept and chunk in kept[doc]:
                continue
            if doc not in kept and (doc in present or not scope.endswith("/")):
                continue  # unreadable this time, or a single file that names only itself
            # closed as of now, when the change was seen; the old text stays one hop away
            opened = format_moment(since) or now
            until = format_moment(max(now_at, int(since) + 1)) or now
            edge = _edge(str(doc), "HAS_CHUNK", str(chunk), "ingest", opened)
            facts.append({"edge": {**edge, "asOf": until, "until": until}})
            out.closed += 1
            if doc not in kept:
                last = gone_docs.get(str(doc), (str(name), str(doc_src), 0))[2]
                gone_docs[str(doc)] = (str(name), str(doc_src), max(last, int(since) + 1))
    for doc, (name, doc_src, after) in sorted(gone_docs.items()):
        # the Document's current state holds no text: its last text is now its Version
        at = format_moment(max(now_at, after)) or now
        facts.append(
            {
                "node": {
                    "type": "Document",
                    "id": doc,
                    "name": name,
                    "body": "",
                    "removed": True,
                    "src": doc_src,
                    "asOf": at,
                }
            }
        )
    out.report = await graph.write_facts(list(enumerate(facts, 1)))
    return out


async def _removed(graph: TenantGraph, ids: list[str]) -> set[str]:
    """Which of these Documents were recorded as removed from their folder."""
    if not ids:
        return set()
    res = await graph.read("removed documents", READ_REMOVED, {"ids": ids, "limit": len(ids)})
    return {str(r[0]) for r in res.rows}


def _edge(a: str, rel: str, b: str, src: str, as_of: str) -> dict[str, Any]:
    return {"from": a, "type": rel, "to": b, "since": as_of, "src": src, "asOf": as_of}
