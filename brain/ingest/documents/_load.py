"""Loading files and folders of documents: passages, mentions, changes and removals.

A passage's id is derived from its document and its text, so re-ingesting an unchanged
document restates the same facts and adds nothing. When a document changes, its old text
is kept as a Version of the Document (one hop away, ``VERSION_OF``), and the passages
whose text is gone are closed (their HAS_CHUNK edge ends at the new date; the old text
stays in the graph, one hop away, and search never serves it); when a folder is loaded
again without a document that it held before, that document's passages are closed too.
Passages are linked (MENTIONS) to the things already in the brain whose names they say.
A bad file is one line in the report and the rest of the batch goes on.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from brain._moments import format_moment, now_ms
from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest._slugs import slugify
from brain.ingest.documents._files import DOC_SUFFIXES, read_document, split_passages

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
RETURN d.id, c.id, h.since
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


def doc_files(paths: list[Path]) -> tuple[list[tuple[Path, str]], list[str]]:
    """(file, source key) for every document under ``paths``; and one line per bad path."""
    found: list[tuple[Path, str]] = []
    bad: list[str] = []
    for path in paths:
        if path.is_dir():
            for f in sorted(path.rglob("*")):
                if f.is_file() and f.suffix.lower() in DOC_SUFFIXES:
                    found.append((f, f"file:{path.name}/{f.relative_to(path).as_posix()}"))
        elif path.is_file():
            found.append((path, f"file:{path.name}"))
        else:
            bad.append(f"{path}: no such file or folder")
    return found, bad


def _mentions(text: str, names: list[tuple[str, re.Pattern[str]]]) -> list[str]:
    return [nid for nid, pattern in names if pattern.search(text)]


async def load_documents(
    graph: TenantGraph,
    paths: list[Path],
    *,
    progress: Callable[[int], None] | None = None,
) -> DocsLoad:
    """Load documents from files and folders; see the module doc."""
    out = DocsLoad()
    files, out.skipped = doc_files(paths)
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
    for f, src in files:
        try:
            text = read_document(f)
        except InputInvalid as exc:
            out.skipped.append(exc.reason)
            if progress:
                progress(1)
            continue
        # the file's own clock to the millisecond: an edit later the same day is newer, so
        # the Document is updated and its old text kept as a Version (Document is versioned)
        as_of = datetime.fromtimestamp(f.stat().st_mtime, tz=UTC).isoformat(timespec="milliseconds")
        doc = f"doc-{slugify(src.removeprefix('file:'), limit=80)}"
        kept[doc] = set()
        facts.append(
            {
                "node": {
                    "type": "Document",
                    "id": doc,
                    "name": f.name,
                    "body": text[:20_000],
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
    # passages gone from a changed document, and documents gone from a reloaded folder
    prefixes = {src.split("/", 1)[0] + "/" if "/" in src else src for _, src in files}
    now = format_moment(now_ms()) or ""
    for prefix in sorted(prefixes):
        rows = (
            await graph.read(
                "open passages", READ_OPEN_PASSAGES, {"prefix": prefix, "limit": 1_000_000}
            )
        ).rows
        for doc, chunk, since in rows:
            if doc in kept and chunk in kept[doc]:
                continue
            if doc not in kept and not prefix.endswith("/"):
                continue  # a single file names only itself
            # closed as of now, when the change was seen; the old text stays one hop away
            opened = format_moment(since) or now
            edge = _edge(str(doc), "HAS_CHUNK", str(chunk), "ingest", opened)
            facts.append({"edge": {**edge, "asOf": now, "until": now}})
            out.closed += 1
    out.report = await graph.write_facts(list(enumerate(facts, 1)))
    return out


def _edge(a: str, rel: str, b: str, src: str, as_of: str) -> dict[str, Any]:
    return {"from": a, "type": rel, "to": b, "since": as_of, "src": src, "asOf": as_of}
