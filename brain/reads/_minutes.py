"""Minutes of a meeting and action items across meetings, each tied to the lines they rest on.

Minutes are read, not written: the decisions DECIDED_IN the meeting (by an edge current
at the moment asked) with the lines they rest on, the tasks EVIDENCED_BY its lines with
their current owner and due date, the questions people asked that the meeting left
standing, and a short extractive summary (the lines that share the most words with the
rest of the call). Every item carries the line ids it came from, so an answer can quote
the words and cite them. ``meeting_decisions`` and ``meeting_tasks`` are the one read of
each: the ``minutes`` tool and the scheduler's minutes digest both call them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._fulltext import STOPWORDS, WORD
from brain.reads._walks import not_found, resolve

#: Lines of one meeting read for its minutes.
MAX_LINES = 5_000
SUMMARY_LINES = 3
#: Decisions or action items of one meeting read at most.
MAX_ITEMS = 200
#: Action items across meetings listed by default.
ACTION_ITEMS = 100
OPEN_QUESTIONS = 5
#: Words that make "latest meeting" mean the newest one rather than a name.
LATEST = frozenset({"last", "latest", "newest", "most recent", "recent", "previous"})

READ_LATEST_MEETING = """
MATCH (m:Meeting)
WHERE coalesce(m.firstAsOf, m.asOf, 0) <= $t
RETURN m.id, m.name, m.asOf
ORDER BY m.asOf DESC, m.id DESC
LIMIT $limit
"""

READ_LINES = """
MATCH (m:Meeting {id: $id})-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.since <= $t AND (h.until IS NULL OR h.until > $t)
RETURN c.id, c.line, c.speaker, c.text, c.time
ORDER BY c.line, c.position, c.id
LIMIT $limit
"""

READ_ATTENDEES = """
MATCH (p:Person)-[a:ATTENDED]->(m:Meeting {id: $id})
WHERE a.since <= $t AND (a.until IS NULL OR a.until > $t)
RETURN p.id, p.name
ORDER BY p.name
LIMIT $limit
"""

_QUESTION_START = re.compile(
    r"^(who|what|when|where|how|why|which|should|shall|do|does|did|can|could|are|is|will)\b",
    re.I,
)


def _words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 2}


def _line(row: list[Any]) -> dict[str, Any]:
    cid, line, speaker, text, time = row
    item: dict[str, Any] = {"id": cid, "line": line, "speaker": speaker, "text": text or ""}
    if time:
        item["time"] = time
    return item


def summary_lines(
    lines: list[dict[str, Any]], *, keep: int = SUMMARY_LINES
) -> list[dict[str, Any]]:
    """The lines that share the most words with the rest of the meeting, in order."""
    counts: Counter[str] = Counter()
    bags = [_words(item["text"]) for item in lines]
    for bag in bags:
        counts.update(bag)
    scored = [
        (sum(counts[w] - 1 for w in bag) / (1 + len(bag)) ** 0.5, i)
        for i, bag in enumerate(bags)
        if len(bag) >= 5
    ]
    best = sorted(i for _, i in sorted(scored, reverse=True)[:keep])
    return [lines[i] for i in best]


def open_questions(
    lines: list[dict[str, Any]], *, keep: int = OPEN_QUESTIONS
) -> list[dict[str, Any]]:
    """Questions asked in the meeting, of some substance, that no decision answered."""
    asked: list[dict[str, Any]] = []
    for item in lines:
        for sentence in re.split(r"(?<=[.!?])\s+", item["text"].split(": ", 1)[-1]):
            if (
                sentence.rstrip().endswith("?")
                and _QUESTION_START.match(sentence.strip())
                and len(_words(sentence)) >= 3
            ):
                asked.append({**item, "question": sentence.strip()})
                break
    return asked[-keep:]


@dataclass(frozen=True, slots=True)
class SaidLine:
    """A line of a meeting an item rests on: the Chunk's id, its line (or position) and
    the relationship that ties the item to it."""

    id: str
    line: Any
    rel: str


@dataclass(frozen=True, slots=True)
class MeetingDecision:
    """A decision a meeting made, with the lines it rests on, in the order they were said."""

    id: str
    name: str
    lines: tuple[SaidLine, ...] = ()


def _said_lines(value: object) -> tuple[SaidLine, ...]:
    rows = cast(list[list[Any]], value) if isinstance(value, list) else []
    return tuple(SaidLine(str(cid), line, str(rel)) for cid, line, rel in rows if cid is not None)


# Only decisions whose DECIDED_IN edge holds at $t: one closed since (decided elsewhere, or
# recorded wrongly) is not this meeting's any more. A decision rests on lines (BASED_ON) as
# the meeting ingest writes it, or is EVIDENCED_BY them as a facts file may say.
READ_DECISIONS = """
MATCH (d:Decision)-[e:DECIDED_IN]->(m:Meeting {id: $id})
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
OPTIONAL MATCH (d)-[b:BASED_ON|EVIDENCED_BY]->(c:Chunk)
WITH d, b, c ORDER BY coalesce(c.line, c.position), c.id
WITH d, collect(DISTINCT [c.id, coalesce(c.line, c.position), type(b)]) AS said
RETURN d.id, d.name, [x IN said WHERE x[0] IS NOT NULL]
ORDER BY d.id
LIMIT $limit
"""


async def meeting_decisions(
    graph: TenantGraph, meeting_id: str, *, as_of_ms: int, limit: int = MAX_ITEMS
) -> list[MeetingDecision]:
    """The decisions meeting ``meeting_id`` made, as known at ``as_of_ms``."""
    params = {"id": meeting_id, "t": as_of_ms, "limit": limit}
    res = await graph.read("meeting decisions", READ_DECISIONS, params)
    return [MeetingDecision(str(did), str(name), _said_lines(said)) for did, name, said in res.rows]


@dataclass(frozen=True, slots=True)
class MeetingTask:
    """An action item a meeting's lines hold: its current owner (id, name), its due date as
    stored (a moment, or the words the meeting said), and the lines it was said in."""

    id: str
    name: str
    due: Any = None
    status: str | None = None
    owner: tuple[str, str] | None = None
    lines: tuple[SaidLine, ...] = ()


# One row per task (a task said over two lines is one item, with both lines).
READ_MEETING_TASKS = """
MATCH (m:Meeting {id: $id})-[:HAS_CHUNK]->(c:Chunk)<-[:EVIDENCED_BY]-(t:Task)
OPTIONAL MATCH (p:Entity)-[o:OWNS]->(t)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
WITH t, p, c ORDER BY coalesce(c.line, c.position), c.id
WITH t, p, collect(DISTINCT [c.id, coalesce(c.line, c.position), 'EVIDENCED_BY']) AS said
RETURN t.id, t.name, coalesce(t.due, t.dueDate, t.dueAt), t.status, p.id, p.name, said
ORDER BY said[0][1], t.id
LIMIT $limit
"""


async def meeting_tasks(
    graph: TenantGraph, meeting_id: str, *, as_of_ms: int, limit: int = MAX_ITEMS
) -> list[MeetingTask]:
    """The action items of meeting ``meeting_id``, with their owners at ``as_of_ms``."""
    params = {"id": meeting_id, "t": as_of_ms, "limit": limit}
    res = await graph.read("meeting tasks", READ_MEETING_TASKS, params)
    tasks: dict[str, MeetingTask] = {}
    for tid, name, due, status, pid, pname, said in res.rows:
        owner = (str(pid), str(pname or pid)) if pid else None
        tasks.setdefault(
            str(tid), MeetingTask(str(tid), str(name), due, status, owner, _said_lines(said))
        )
    return list(tasks.values())


async def latest_meeting(graph: TenantGraph, *, as_of_ms: int) -> dict[str, Any] | None:
    """The newest meeting known at the moment asked about."""
    res = await graph.read("latest meeting", READ_LATEST_MEETING, {"t": as_of_ms, "limit": 1})
    if not res.rows:
        return None
    mid, name, _ = res.rows[0]
    return {"id": mid, "type": "Meeting", "name": name}


async def find_meeting(graph: TenantGraph, q: str, *, as_of_ms: int) -> dict[str, Any] | None:
    """The meeting ``q`` names (id or name), or the newest one for "last"/"latest"."""
    if q.strip().lower() in LATEST or not q.strip():
        return await latest_meeting(graph, as_of_ms=as_of_ms)
    found = [n for n in await resolve(graph, q) if n["type"] == "Meeting"]
    return found[0] if found else None


async def minutes(graph: TenantGraph, q: str, *, as_of_ms: int) -> ReadResult:
    """Minutes of one meeting: summary, decisions, action items, open questions, people."""
    meeting = await find_meeting(graph, q, as_of_ms=as_of_ms)
    if meeting is None:
        return not_found("minutes", as_of_ms, q)
    params = {"id": meeting["id"], "t": as_of_ms, "limit": MAX_LINES}
    lines = [_line(r) for r in (await graph.read("minutes lines", READ_LINES, params)).rows]
    by_id = {item["id"]: item for item in lines}
    people = (await graph.read("minutes people", READ_ATTENDEES, params)).rows
    made = await meeting_decisions(graph, meeting["id"], as_of_ms=as_of_ms)
    held = await meeting_tasks(graph, meeting["id"], as_of_ms=as_of_ms)
    decisions: list[dict[str, Any]] = [
        {"id": d.id, "name": d.name, "lines": [by_id[x.id] for x in d.lines if x.id in by_id]}
        for d in made
    ]
    tasks: list[dict[str, Any]] = [
        {
            "id": t.id,
            "name": t.name,
            "due": t.due,
            "status": t.status,
            "owner": {"id": t.owner[0], "name": t.owner[1]} if t.owner else None,
            "lines": [by_id[x.id] for x in t.lines if x.id in by_id],
        }
        for t in held
    ]
    nodes = [NodeRef(id=meeting["id"], type="Meeting", name=meeting["name"])]
    edges: list[EdgeRef] = []
    for d in made:
        nodes.append(NodeRef(id=d.id, type="Decision", name=d.name))
        edges.append(EdgeRef(source=d.id, type="DECIDED_IN", target=meeting["id"]))
        for x in d.lines:
            if x.id in by_id:
                nodes.append(NodeRef(id=x.id, type="Chunk", name=by_id[x.id]["speaker"]))
                edges.append(EdgeRef(source=d.id, type=x.rel, target=x.id))
    for t in held:
        nodes.append(NodeRef(id=t.id, type="Task", name=t.name))
        for x in t.lines:
            if x.id in by_id:
                nodes.append(NodeRef(id=x.id, type="Chunk", name=by_id[x.id]["speaker"]))
                edges.append(EdgeRef(source=t.id, type=x.rel, target=x.id))
        if t.owner:
            nodes.append(NodeRef(id=t.owner[0], type="Person", name=t.owner[1]))
            edges.append(EdgeRef(source=t.owner[0], type="OWNS", target=t.id))
    summary = summary_lines(lines)
    questions = open_questions(lines)
    for item in summary + questions:
        nodes.append(NodeRef(id=item["id"], type="Chunk", name=item["speaker"]))
    return ReadResult(
        tool="minutes",
        as_of=format_moment(as_of_ms) or "",
        found=True,
        data={
            "meeting": meeting,
            "attendees": [{"id": pid, "name": name} for pid, name in people],
            "lines": len(lines),
            "summary": summary,
            "decisions": decisions,
            "action_items": tasks,
            "open_questions": questions,
        },
        evidence=Evidence(nodes=_unique(nodes), edges=edges),
        sample=bool(meeting.get("sample")),
    )


#: Statuses of a task that is no longer open, in any trade's words.
DONE_STATUSES = ("done", "closed", "completed", "cancelled")

# The due date as the meeting ingest stores it (``due``) or as a facts file may name it.
READ_ACTION_ITEMS = """
MATCH (m:Meeting)-[:HAS_CHUNK]->(c:Chunk)<-[:EVIDENCED_BY]-(t:Task)
WHERE coalesce(t.firstAsOf, t.asOf, 0) <= $t
  AND ($all OR t.status IS NULL OR NOT toLower(t.status) IN $done)
OPTIONAL MATCH (p:Entity)-[o:OWNS]->(t)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
WITH m, c, t, p, coalesce(t.due, t.dueDate, t.dueAt) AS due
WHERE $owner IS NULL OR p.id = $owner
RETURN t.id, t.name, due, t.status, p.id, p.name, c.id, coalesce(c.line, c.position), c.text,
       m.id, m.name, m.asOf
ORDER BY due, m.asOf DESC, t.id
LIMIT $limit
"""


async def action_items(
    graph: TenantGraph,
    *,
    owner: str | None,
    as_of_ms: int,
    include_done: bool = False,
    limit: int = ACTION_ITEMS,
) -> ReadResult:
    """Action items from meetings (open ones by default), optionally of one owner, the
    soonest due first: one item per line it was said in."""
    owner_id: str | None = None
    if owner:
        people = [n for n in await resolve(graph, owner) if n["type"] == "Person"]
        if not people:
            return not_found("action_items", as_of_ms, owner)
        owner_id = people[0]["id"]
    res = await graph.read(
        "action items",
        READ_ACTION_ITEMS,
        {
            "t": as_of_ms,
            "owner": owner_id,
            "all": include_done,
            "done": list(DONE_STATUSES),
            "limit": limit,
        },
    )
    items: list[dict[str, Any]] = []
    nodes: list[NodeRef] = []
    edges: list[EdgeRef] = []
    for tid, name, due, status, pid, pname, cid, line, text, mid, mname, _ in res.rows:
        items.append(
            {
                "id": tid,
                "name": name,
                "due": due,
                "status": status,
                "owner": {"id": pid, "name": pname} if pid else None,
                "line": {"id": cid, "line": line, "text": text},
                "meeting": {"id": mid, "name": mname},
            }
        )
        nodes += [
            NodeRef(id=tid, type="Task", name=name),
            NodeRef(id=cid, type="Chunk", name=None),
            NodeRef(id=mid, type="Meeting", name=mname),
        ]
        edges += [
            EdgeRef(source=tid, type="EVIDENCED_BY", target=cid),
            EdgeRef(source=mid, type="HAS_CHUNK", target=cid),
        ]
        if pid:
            nodes.append(NodeRef(id=pid, type="Person", name=pname))
            edges.append(EdgeRef(source=pid, type="OWNS", target=tid))
    return ReadResult(
        tool="action_items",
        as_of=format_moment(as_of_ms) or "",
        found=bool(items),
        message=None if items else "no open action items from meetings in your records",
        data={"owner": owner_id, "action_items": items},
        evidence=Evidence(nodes=_unique(nodes), edges=edges),
    )


def _unique(nodes: list[NodeRef]) -> list[NodeRef]:
    seen: set[str] = set()
    out: list[NodeRef] = []
    for n in nodes:
        if n.id not in seen:
            seen.add(n.id)
            out.append(n)
    return out
