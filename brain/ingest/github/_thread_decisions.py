"""Decisions a model reads out of pull-request and issue threads, checked against the graph.

The rules (``_github_decisions``) catch the plain cues ("switch to", "instead of"); a
model also reads the implicit ones ("fine, let's keep the old index then"). Whatever it
proposes passes the same kind of check the meetings' candidates pass, against what the
graph holds about that thread, before anything is written:

- evidence only if it is a real message of that thread (the pull request or issue's own
  text, or one of its Comments or Reviews), cited by its number;
- a person only if they took part in the thread (wrote it, a message or a review);
- a component only if the thread's changes touched it (for an issue: the changes that
  FIX it), and only code components;
- nothing under ``CONFIDENCE_BAR``.

What the check drops is reported with the reason, never silently stored. The model's
decisions get the same ids as the rules' (thread and summary), so one stated both ways
is one Decision, and a second run writes nothing new.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from brain._tenant_graph import TenantGraph
from brain.ingest.github._decisions import CONFIDENCE_BAR, MAX_SUMMARY

#: Threads one run reads at most.
MAX_THREADS = 500
#: Messages of one thread sent at most (the earliest: where decisions are argued).
MAX_MESSAGES = 60
MAX_MESSAGE_CHARS = 1_500

# Threads with a discussion: a pull request or issue with at least one Comment or Review.
READ_THREADS = """
MATCH (m)-[:COMMENTED_ON|REVIEW_OF]->(t)
WHERE (t:PullRequest OR t:Issue) AND ($repo IS NULL OR t.repo = $repo)
  AND ($ids IS NULL OR t.id IN $ids)
WITH DISTINCT t LIMIT $limit
OPTIONAL MATCH (a:Person)-[:AUTHORED]->(t)
RETURN t.id, t.type, t.name, coalesce(t.text, ''), collect(DISTINCT [a.id, a.name, a.login]),
       coalesce(t.mergedAt, t.closedAt, t.asOf)
"""

READ_MESSAGES = """
UNWIND $threads AS tid
MATCH (m)-[:COMMENTED_ON|REVIEW_OF]->(t:Entity {id: tid})
WHERE m:Comment OR m:Review
OPTIONAL MATCH (p:Person)-[:AUTHORED|REVIEWED]->(m)
RETURN tid, m.id, coalesce(m.text, m.name, ''), coalesce(m.asOf, 0), p.id, p.name, p.login
ORDER BY tid, coalesce(m.asOf, 0), m.id
LIMIT $limit
"""

# The code a thread's changes touched: its own (a pull request) or its fixers' (an issue).
READ_AREAS = """
UNWIND $threads AS tid
MATCH (t:Entity {id: tid})
OPTIONAL MATCH (fixer)-[:FIXES]->(t)
WITH tid, collect(DISTINCT fixer.id) + [tid] AS changes
UNWIND changes AS chid
MATCH (ch:Entity {id: chid})-[:MODIFIES]->(f:File)-[:IN_COMPONENT]->(c:Component)
WHERE coalesce(f.kind, 'code') = 'code' AND coalesce(c.kind, 'code') = 'code'
RETURN tid, collect(DISTINCT [c.id, c.path])
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Message:
    """One message of a thread: number 0 is the thread's own text."""

    number: int
    id: str  # the node it is: the thread, a Comment or a Review
    author: str | None  # person id
    author_name: str
    text: str


@dataclass(slots=True)
class Thread:
    """A pull request or issue with its discussion, as the graph holds it."""

    id: str
    type: str
    title: str
    when: Any
    messages: list[Message] = field(default_factory=list)
    people: dict[str, str] = field(default_factory=dict)  # person id -> name
    logins: dict[str, str] = field(default_factory=dict)  # lower-cased name or login -> id
    areas: dict[str, str] = field(default_factory=dict)  # component path -> id


@dataclass(frozen=True, slots=True)
class ThreadCandidate:
    """A decision a proposer read from a thread, citing message numbers."""

    summary: str
    messages: tuple[int, ...]
    confidence: float
    rationale: str | None = None
    made_by: str | None = None  # a name or login as the thread writes it
    affects: tuple[str, ...] = ()  # component paths


@dataclass(slots=True)
class ThreadExtraction:
    """What a run kept (Decision ids) and dropped (thread, summary, reason)."""

    threads: int = 0
    kept: list[str] = field(default_factory=list)
    dropped: list[tuple[str, str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # parts of kept ones the check removed


ThreadProposer = Callable[[Thread], Awaitable[list[ThreadCandidate]]]


async def read_threads(
    graph: TenantGraph, *, repo: str | None = None, ids: list[str] | None = None
) -> list[Thread]:
    """The discussed threads of ``repo`` (or the ones named), with messages and areas."""
    res = await graph.read(
        "discussed threads", READ_THREADS, {"repo": repo, "ids": ids, "limit": MAX_THREADS}
    )
    threads: dict[str, Thread] = {}
    for tid, ttype, name, text, authors, when in res.rows:
        thread = Thread(id=tid, type=str(ttype), title=str(name or tid), when=when)
        pid, pname, plogin = next((a for a in authors if a[0]), (None, None, None))
        _take_person(thread, pid, pname, plogin)
        own = f"{name or ''}\n{text}".strip()[:MAX_MESSAGE_CHARS]
        thread.messages.append(Message(0, tid, pid, str(pname or plogin or "author"), own))
        threads[tid] = thread
    if not threads:
        return []
    ids_read = list(threads)
    limit = MAX_MESSAGES * len(ids_read)
    msgs = await graph.read("thread messages", READ_MESSAGES, {"threads": ids_read, "limit": limit})
    for tid, mid, text, _, pid, pname, plogin in msgs.rows:
        thread = threads[tid]
        if len(thread.messages) > MAX_MESSAGES or not str(text).strip():
            continue
        _take_person(thread, pid, pname, plogin)
        number = len(thread.messages)
        who = str(pname or plogin or "someone")
        thread.messages.append(Message(number, mid, pid, who, str(text)[:MAX_MESSAGE_CHARS]))
    areas = await graph.read("thread areas", READ_AREAS, {"threads": ids_read, "limit": limit})
    for tid, pairs in areas.rows:
        threads[tid].areas = {str(path): str(cid) for cid, path in pairs}
    return list(threads.values())


def _take_person(thread: Thread, pid: Any, name: Any, login: Any) -> None:
    if not pid:
        return
    thread.people[str(pid)] = str(name or login or pid)
    for key in (pid, name, login):
        if key:
            thread.logins[str(key).lower()] = str(pid)


def check_thread(
    thread: Thread, candidates: list[ThreadCandidate], report: ThreadExtraction
) -> list[dict[str, Any]]:
    """The facts of the candidates that pass the check; the rest reported as dropped."""
    facts: list[dict[str, Any]] = []
    by_number = {m.number: m for m in thread.messages}
    for cand in candidates:
        summary = " ".join(cand.summary.split())[:MAX_SUMMARY]
        if not summary:
            continue
        if cand.confidence < CONFIDENCE_BAR:
            report.dropped.append((thread.id, summary, f"confidence {cand.confidence:.2f}"))
            continue
        cited = [by_number[n] for n in dict.fromkeys(cand.messages) if n in by_number]
        if not cited:
            report.dropped.append((thread.id, summary, "cites no message of this thread"))
            continue
        who = thread.logins.get((cand.made_by or "").strip().lower()) if cand.made_by else None
        if cand.made_by and who is None:
            report.notes.append(f"{thread.id}: {cand.made_by!r} took no part; no MADE_BY")
        if not cand.made_by:
            who = cited[0].author
        affects = [thread.areas[p] for p in cand.affects if p in thread.areas]
        for path in cand.affects:
            if path not in thread.areas:
                report.notes.append(f"{thread.id}: its changes never touched {path!r}")
        if not cand.affects:
            affects = sorted(thread.areas.values())
        digest = hashlib.sha256(summary.lower().encode()).hexdigest()[:10]
        thread_key = thread.id.removeprefix("pr:")
        did = f"decision:{thread_key}:{digest}"
        when = thread.when
        rationale = (cand.rationale or "").strip()[: MAX_SUMMARY * 2] or None
        node = {"type": "Decision", "id": did, "name": summary, "summary": summary,
                "text": rationale, "rationale": rationale,
                "confidence": round(min(cand.confidence, 1.0), 2), "extractedBy": "model",
                "src": f"model:{thread.id}", "asOf": when}  # fmt: skip
        facts.append({"node": {k: v for k, v in node.items() if v is not None}})
        edges = [("DECIDED_IN", thread.id)]
        edges += [("MADE_BY", who)] if who else []
        edges += [("EVIDENCED_BY", m.id) for m in cited if m.id != thread.id]
        edges += [("AFFECTS", cid) for cid in affects]
        src = f"model:{thread.id}"
        facts += [
            {"edge": {"from": did, "type": rel, "to": to, "since": when, "src": src, "asOf": when}}
            for rel, to in edges
        ]
        report.kept.append(did)
    return facts


async def extract_thread_decisions(
    graph: TenantGraph,
    propose: ThreadProposer,
    *,
    repo: str | None = None,
    ids: list[str] | None = None,
) -> ThreadExtraction:
    """Ask ``propose`` about each discussed thread, check, and write what passes."""
    report = ThreadExtraction()
    facts: list[dict[str, Any]] = []
    for thread in await read_threads(graph, repo=repo, ids=ids):
        report.threads += 1
        facts += check_thread(thread, await propose(thread), report)
    if facts:
        written = await graph.write_facts(list(enumerate(facts, 1)))
        report.notes += [f"line {line}: {reason}" for line, reason in written.refusals]
    return report
