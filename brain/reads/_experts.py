"""Who knows an area of code best: people ranked by recent work there, with the walk.

From the Components asked about, one read walks Component <- File <- change <- Person
(a change is a pull request, or a commit that landed without one, so a PR's commits do
not count twice) and a second walks the comments people left on those changes. Each
change scores its people by role (``ROLE_POINTS``: author above reviewer above
commenter), times how recent it is (half weight at about six months). Bots and coding
assistants are flagged and listed apart, never scored. Scores are computed fresh on each
ask from the edges themselves, so the answer can always show which changes earned them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached
from brain.reads._code_areas import (
    ROLE_POINTS,
    Area,
    areas_for,
    keywords,
    recency,
    ref,
    repo_named,
    repositories,
)
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult

#: Strongest changes kept per person as the evidence of their score.
EVIDENCE_PER_PERSON = 3
#: Rows one scoring read may return (people x changes).
MAX_WORK_ROWS = 20_000

# One File per change is enough to show the walk; WITH after the indexed hop keeps the
# plan starting from the Component ids, never from a scan of every File.
READ_WORK = """
UNWIND $components AS cid
MATCH (c:Component {id: cid})<-[ic:IN_COMPONENT]-(f:File)
WITH c, ic, f
MATCH (f)<-[m:MODIFIES]-(ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL))
  AND m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH ch, collect([c.id, c.name, f.id, f.name, ic.since, ic.until, ic.src,
                  m.since, m.until, m.src])[0] AS via
MATCH (p:Person)-[r:AUTHORED|REVIEWED]->(ch)
WHERE r.since <= $t AND (r.until IS NULL OR r.until > $t)
RETURN p.id, p.name, p.email, p.login, coalesce(p.is_bot, false),
       CASE type(r) WHEN 'REVIEWED' THEN 'reviewer' ELSE coalesce(r.role, 'author') END,
       r.since, r.until, r.src, ch.id, ch.type, ch.name,
       coalesce(ch.mergedAt, ch.landedAt, r.since), via
LIMIT $limit
"""

READ_COMMENTS = """
UNWIND $changes AS chid
MATCH (ch:Entity {id: chid})<-[o:COMMENTED_ON]-(cm:Comment)<-[a:AUTHORED]-(p:Person)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
RETURN p.id, p.name, p.email, p.login, coalesce(p.is_bot, false), chid, cm.id, cm.name,
       a.since, a.until, a.src, o.since, o.until, o.src, ch.type, ch.name
LIMIT $limit
"""

READ_ALL_AREAS = """
MATCH (c:Component)
WHERE $repo IS NULL OR c.repo = $repo
RETURN c.id, c.repo, c.path, coalesce(c.kind, 'code')
ORDER BY c.id
LIMIT $limit
"""


@dataclass(slots=True)
class _Work:
    """One person's contribution to one change."""

    points: float
    role: str
    change: str
    title: str | None
    change_type: str
    at: int | None
    edges: list[EdgeRef]
    nodes: list[NodeRef]


@dataclass(slots=True)
class Expert:
    """A person's score in the areas asked about, and the work that earned it."""

    id: str
    name: str
    emails: list[str]
    login: str | None
    score: float = 0.0
    roles: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    work: list[_Work] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of one expert: name, emails, score, counts, strongest evidence."""
        best = sorted(self.work, key=lambda w: -w.points)[:EVIDENCE_PER_PERSON]
        return {
            "id": self.id,
            "name": self.name,
            "emails": self.emails,
            "login": self.login,
            "score": round(self.score, 3),
            "authored": self.roles.get("author", 0) + self.roles.get("co-author", 0),
            "reviewed": self.roles.get("reviewer", 0),
            "commented": self.roles.get("comment", 0),
            "evidence": [
                {
                    "change": w.change,
                    "title": w.title,
                    "role": w.role,
                    "at": format_moment(w.at),
                    "points": round(w.points, 3),
                }
                for w in best
            ],
        }


def _person(row: list[Any], people: dict[str, Expert]) -> Expert:
    pid, name, email, login = row[0], row[1], row[2], row[3]
    found = people.get(pid)
    if found is None:
        emails = [e for e in (email, f"{login}@users.noreply.github.com" if login else None) if e]
        found = Expert(id=pid, name=str(name or login or pid), emails=emails, login=login)
        people[pid] = found
    return found


async def score_people(
    graph: TenantGraph, areas: list[Area], *, t: int
) -> tuple[list[Expert], list[Expert]]:
    """(humans ranked by score, bots that worked there unscored) over ``areas`` at ``t``."""
    ids = [a.id for a in areas]
    res = await graph.read(
        "expert work", READ_WORK, {"components": ids, "t": t, "limit": MAX_WORK_ROWS}
    )
    people: dict[str, Expert] = {}
    bots: dict[str, Expert] = {}
    seen: set[tuple[str, str]] = set()
    changes: dict[str, tuple[list[Any], int | None]] = {}
    for row in res.rows:
        is_bot, role, change, change_type, title, at, via = (
            row[4], row[5], row[9], row[10], row[11], row[12], row[13],
        )  # fmt: skip
        if (row[0], change) in seen or (at is not None and at > t):
            continue
        seen.add((row[0], change))
        changes[change] = (via, at)
        target = bots if is_bot else people
        person = _person(row, target)
        person.roles[role] += 1
        if is_bot:
            continue
        points = ROLE_POINTS.get(role, ROLE_POINTS["author"]) * recency(at, t)
        person.score += points
        cid, cname, fid, fname = via[0], via[1], via[2], via[3]
        rel = "REVIEWED" if role == "reviewer" else "AUTHORED"
        person.work.append(
            _Work(
                points=points, role=role, change=change, title=title, change_type=change_type,
                at=at,
                edges=[
                    ref(row, person.id, rel, change, 6),
                    ref(via, change, "MODIFIES", fid, 7),
                    ref(via, fid, "IN_COMPONENT", cid, 4),
                ],
                nodes=[
                    NodeRef(id=change, type=change_type, name=title),
                    NodeRef(id=fid, type="File", name=fname),
                    NodeRef(id=cid, type="Component", name=cname),
                ],
            )
        )  # fmt: skip
    if changes:
        await _add_comments(graph, list(changes), changes, people, bots, t=t)
    ranked = sorted(people.values(), key=lambda p: (-p.score, p.name))
    return ranked, sorted(bots.values(), key=lambda p: p.name)


async def _add_comments(
    graph: TenantGraph,
    ids: list[str],
    changes: dict[str, tuple[list[Any], int | None]],
    people: dict[str, Expert],
    bots: dict[str, Expert],
    *,
    t: int,
) -> None:
    res = await graph.read(
        "expert comments", READ_COMMENTS, {"changes": ids, "t": t, "limit": MAX_WORK_ROWS}
    )
    for row in res.rows:
        is_bot, change, comment, text, at = row[4], row[5], row[6], row[7], row[8]
        if at is not None and at > t:
            continue
        person = _person(row, bots if is_bot else people)
        person.roles["comment"] += 1
        if is_bot:
            continue
        points = ROLE_POINTS["comment"] * recency(at, t)
        person.score += points
        via, _ = changes[change]
        person.work.append(
            _Work(
                points=points, role="comment", change=change, title=None, change_type="Comment",
                at=at,
                edges=[
                    ref(row, person.id, "AUTHORED", comment, 8),
                    ref(row, comment, "COMMENTED_ON", change, 11),
                    ref(via, change, "MODIFIES", via[2], 7),
                    ref(via, via[2], "IN_COMPONENT", via[0], 4),
                ],
                nodes=[
                    NodeRef(id=comment, type="Comment", name=text),
                    NodeRef(id=change, type=str(row[14]), name=row[15]),
                    NodeRef(id=via[2], type="File", name=via[3]),
                    NodeRef(id=via[0], type="Component", name=via[1]),
                ],
            )
        )  # fmt: skip


async def _all_areas(graph: TenantGraph, repo: str | None) -> list[Area]:
    async def build() -> list[Area]:
        res = await graph.read("all areas", READ_ALL_AREAS, {"repo": repo, "limit": 5_000})
        return [Area(*row) for row in res.rows]

    return (await cached(graph, "areas", (repo,), build))[0]


async def areas_in_text(graph: TenantGraph, text: str, *, repo: str | None) -> list[Area]:
    """Components a question's words name: every component whose folder names hold the
    question's most specific matching word (``udf`` -> ``src/udf``); the whole repository's
    code when the question names a repository and no area in it."""
    words = keywords(text)
    every = await _all_areas(graph, repo)
    best: list[tuple[float, Area]] = []
    for area in every:
        held = set(keywords(area.path.replace("/", " ")))
        hits = [w for w in words if w in held]
        if hits:
            best.append((len(hits) / (1 + len(held)), area))
    if best:
        top = max(s for s, _ in best)
        return [a for s, a in best if s == top][:20]
    if repo is not None:
        return [a for a in every if a.kind == "code"]
    return []


async def experts_for(
    graph: TenantGraph,
    *,
    component: str | None = None,
    path: str | None = None,
    text: str | None = None,
    repo: str | None = None,
    as_of_ms: int,
    limit: int = 5,
) -> ReadResult:
    """People who know an area best: by component, by file or folder path, or by words.

    The answer lists ``experts`` (``name``, ``emails``, ``score`` and each one's
    strongest changes), the components read, the bots that worked there unscored, and
    evidence of every Person -> change -> File -> Component edge behind the scores.
    """
    t = as_of_ms
    asked = component or path or text or ""
    if repo is None and text:
        repo = repo_named(text, await repositories(graph))
    if component or path:
        areas = await areas_for(graph, component or path or "", repo=repo, t=t)
    else:
        areas = await areas_in_text(graph, asked, repo=repo)
    if not areas:
        return _empty(asked, t, repo)
    ranked, bots = await score_people(graph, areas, t=t)
    return expert_result(ranked[:limit], bots, areas, asked=asked, repo=repo, t=t)


def expert_result(
    ranked: list[Expert],
    bots: list[Expert],
    areas: list[Area],
    *,
    asked: str,
    repo: str | None,
    t: int,
    tool: str = "experts_for",
) -> ReadResult:
    """The ReadResult of a ranked list of experts, with the walk behind each."""
    nodes: dict[str, NodeRef] = {}
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    for person in ranked:
        nodes[person.id] = NodeRef(id=person.id, type="Person", name=person.name)
        for work in sorted(person.work, key=lambda w: -w.points)[:EVIDENCE_PER_PERSON]:
            for node in work.nodes:
                nodes.setdefault(node.id, node)
            for edge in work.edges:
                edges.setdefault((edge.source, edge.type, edge.target), edge)
    data = {
        "query": asked,
        "repo": repo,
        "components": [{"id": a.id, "repo": a.repo, "component": a.path} for a in areas[:20]],
        "experts": [p.as_dict() for p in ranked],
        "bots": [{"id": b.id, "name": b.name, "changes": sum(b.roles.values())} for b in bots],
    }
    found = bool(ranked)
    return ReadResult(
        tool=tool,
        as_of=format_moment(t) or "",
        found=found,
        message=None if found else "No one's work in these areas is in your records.",
        data=data,
        evidence=Evidence(nodes=list(nodes.values()), edges=list(edges.values())),
    )


def _empty(asked: str, t: int, repo: str | None) -> ReadResult:
    return ReadResult(
        tool="experts_for",
        as_of=format_moment(t) or "",
        found=False,
        message="No area of code by that name is in your records.",
        data={"query": asked, "repo": repo, "components": [], "experts": [], "bots": []},
    )
