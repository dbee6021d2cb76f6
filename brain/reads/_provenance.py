"""Where each record came from, by kind of source: what a channel's scope is checked against.

An approver may limit what one channel's answers read (``settings scope #eng
sources=github``); the kinds of source a scope names are ``SOURCE_KINDS``. Every record
keeps its ``src``, but a ``src`` alone does not always say its kind: a meeting transcript
and a document uploaded from disk are both ``file:<name>``, and a facts file may call
itself anything. So a source's kind is read in this order:

1. its prefix, where the prefix says it (``github:`` and ``github-api:`` are GitHub,
   ``composio:gmail:`` is e-mail, a chat user's own key such as ``slack:U1`` is what that
   person said in chat: a correction, a "still true");
2. for a node, its type, where the type belongs to one kind (a Commit is GitHub, a
   Meeting a meeting, a Document a document, an Email e-mail);
3. the records sharing that ``src``: a source that holds a meeting's lines (a Meeting
   with passages) is a meeting source, one that holds a document's passages a document
   source; both, when it holds both;
4. anything else is ``records``: facts files, connectors without a kind of their own,
   the sample business.

A node is in a scope when its own kind is, or when a fact of a kind in the scope names it
(a Person known from a facts file who authored commits is readable in a GitHub channel,
through those commits). What people said in chat themselves (``SAID_IN_CHAT``) names no
node into a scope, but as a fact it stands in every scope: a correction made in any
channel corrects the fact wherever that fact is read. The reads here only classify;
``agents`` decides what a scoped turn may see.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from brain._tenant_graph import TenantGraph

#: The kinds of source a channel's scope may name, as people type them, with what each is.
SOURCE_KINDS: dict[str, str] = {
    "github": "code history and GitHub: repositories, commits, pull requests, issues, reviews",
    "meetings": "meeting transcripts, and the decisions and action items said in them",
    "documents": "documents and folders loaded as passages",
    "email": "e-mail read from connected tools",
    "calendar": "calendar events read from connected tools",
    "chat": "chat channels read from connected tools",
    "social": "social posts read from connected tools",
    "analytics": "analytics readings read from connected tools",
    "records": "facts files and everything else loaded as facts (the sample business too)",
}
#: What a person told the brain in chat themselves (see the module doc); never typed.
SAID_IN_CHAT = "said-in-chat"

_PREFIX_KINDS: tuple[tuple[str, str], ...] = (
    ("github:", "github"),
    ("github-api:", "github"),
    # decisions a model read out of a pull request's or issue's thread
    ("model:pr:", "github"),
    ("model:issue:", "github"),
    ("composio:gmail:", "email"),
    ("composio:outlook:", "email"),
    ("composio:googlecalendar:", "calendar"),
    ("composio:slack:", "chat"),
    ("composio:discord:", "chat"),
    ("composio:twitter:", "social"),
    ("composio:linkedin:", "social"),
    ("composio:google_analytics:", "analytics"),
    ("sample:", "records"),
    ("hivebrain:", "records"),
)
#: A chat user's own key (``slack:U1``, ``discord:42``, ``console:dana``): the ``src`` of
#: what that person told the brain. A path after the platform (``slack:file/notes.md``,
#: an upload) is no person's key.
_CHAT_KEY = re.compile(r"^(?:slack|discord|console):[A-Za-z0-9_.@-]{1,120}$")

#: Node types that belong to one kind of source whatever their ``src``.
TYPE_KINDS: dict[str, str] = {
    **dict.fromkeys(
        (
            "Repository",
            "Component",
            "File",
            "Commit",
            "PullRequest",
            "Issue",
            "Comment",
            "Review",
            "Label",
        ),
        "github",
    ),
    "Meeting": "meetings",
    "Document": "documents",
    "Email": "email",
}
#: Facts of a node read to see which sources name it, at most (GitHub's count as one).
_FACT_SOURCES = 200
#: Records classified by one read, at most (a bigger set is read in parts).
_BATCH = 1_000


def prefix_kind(src: str) -> str | None:
    """The kind a ``src`` says by its prefix alone, or None when its prefix says none."""
    if _CHAT_KEY.match(src):
        return SAID_IN_CHAT
    for prefix, kind in _PREFIX_KINDS:
        if src.startswith(prefix):
            return kind
    return None


READ_PASSAGE_SOURCES = """
MATCH (m:Meeting) WHERE m.src IN $srcs AND (m)-[:HAS_CHUNK]->()
RETURN DISTINCT m.src AS src, 'meetings' AS kind
LIMIT $limit
UNION
MATCH (d:Document) WHERE d.src IN $srcs AND (d)-[:HAS_CHUNK]->()
RETURN DISTINCT d.src AS src, 'documents' AS kind
LIMIT $limit
"""


async def passage_sources(graph: TenantGraph, srcs: Iterable[str]) -> dict[str, set[str]]:
    """Which of ``srcs`` hold a meeting's lines or a document's passages (step 3)."""
    wanted = sorted(set(srcs))
    found: dict[str, set[str]] = {}
    for start in range(0, len(wanted), _BATCH):
        part = wanted[start : start + _BATCH]
        params = {"srcs": part, "limit": 2 * len(part)}
        res = await graph.read("passage sources", READ_PASSAGE_SOURCES, params)
        for src, kind in res.rows:
            found.setdefault(str(src), set()).add(str(kind))
    return found


@dataclass(frozen=True, slots=True)
class RecordSource:
    """One record's type and ``src``, and the sources of the facts that name it."""

    id: str
    type: str
    src: str
    #: Distinct ``src`` of the facts it takes part in (the assistant's own left out; all
    #: of GitHub's commits as one ``github:``), at most ``_FACT_SOURCES``.
    fact_srcs: tuple[str, ...]


# The assistant's own records (a Turn citing the node) say nothing of where it came from.
READ_RECORD_SOURCES = """
MATCH (n:Entity) WHERE n.id IN $ids
OPTIONAL MATCH (n)-[e]-(m:Entity)
WHERE NOT m:Turn AND NOT m:Finding AND NOT m:Card AND NOT m:Answer AND NOT m:Feedback
  AND NOT m:Version
WITH n, collect(DISTINCT CASE WHEN e.src STARTS WITH 'github:' THEN 'github:'
                              ELSE e.src END) AS srcs
RETURN n.id, n.type, coalesce(n.src, ''), srcs[..$facts]
LIMIT $limit
"""


async def record_sources(graph: TenantGraph, ids: Iterable[str]) -> dict[str, RecordSource]:
    """The type, ``src`` and fact sources of each of ``ids`` the brain holds."""
    wanted = sorted(set(ids))
    out: dict[str, RecordSource] = {}
    for start in range(0, len(wanted), _BATCH):
        part = wanted[start : start + _BATCH]
        params = {"ids": part, "facts": _FACT_SOURCES, "limit": len(part)}
        res = await graph.read("record sources", READ_RECORD_SOURCES, params)
        for node_id, node_type, src, srcs in res.rows:
            listed: list[Any] = list(srcs or [])
            facts = tuple(str(s) for s in listed if s)
            out[str(node_id)] = RecordSource(str(node_id), str(node_type), str(src), facts)
    return out


class SourceKinds:
    """The kinds of the sources and records one reader meets, each looked up once.

    Kept for one turn (or one digest): a source's kind does not change while it answers,
    and the same records come back from tool after tool.
    """

    def __init__(self, graph: TenantGraph) -> None:
        self.graph = graph
        self._srcs: dict[str, frozenset[str]] = {}
        self._records: dict[str, tuple[frozenset[str], frozenset[frozenset[str]]] | None] = {}

    async def of_sources(self, srcs: Iterable[str]) -> dict[str, frozenset[str]]:
        """The kinds of each ``src`` (one kind, or two for a source of both passages)."""
        wanted = {s for s in srcs if s}
        new = {s for s in wanted if s not in self._srcs}
        unsaid: set[str] = set()
        for src in new:
            kind = prefix_kind(src)
            if kind is None:
                unsaid.add(src)
            else:
                self._srcs[src] = frozenset({kind})
        if unsaid:
            held = await passage_sources(self.graph, unsaid)
            for src in unsaid:
                self._srcs[src] = frozenset(held.get(src) or {"records"})
        return {s: self._srcs[s] for s in wanted}

    async def of_records(
        self, ids: Iterable[str]
    ) -> dict[str, tuple[frozenset[str], frozenset[frozenset[str]]]]:
        """For each of ``ids`` the brain holds: its own kinds, and the kinds of each source
        of the facts naming it (one set per source). Ids it does not hold are left out."""
        wanted = set(ids)
        new = [i for i in wanted if i not in self._records]
        if new:
            found = await record_sources(self.graph, new)
            kinds = await self.of_sources(
                {r.src for r in found.values()} | {s for r in found.values() for s in r.fact_srcs}
            )
            for node_id in new:
                record = found.get(node_id)
                if record is None:
                    self._records[node_id] = None
                    continue
                # the order of the module doc: the prefix, then the type, then the source
                typed = TYPE_KINDS.get(record.type)
                prefixed = prefix_kind(record.src) if record.src else None
                if prefixed is None and typed is not None:
                    own = frozenset({typed})
                else:
                    own = kinds.get(record.src) or frozenset({"records"})
                facts = frozenset(kinds[s] for s in record.fact_srcs if s in kinds)
                self._records[node_id] = (own, facts)
        return {i: k for i in wanted if (k := self._records.get(i)) is not None}
