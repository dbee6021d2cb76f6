"""Who knows an area of code best: people ranked by recent work there, with the walk.

From the Components asked about, one read walks Component <- File <- change <- Person
(a change is a pull request, or a commit that landed without one, so a PR's commits do
not count twice) and a second walks the comments people left on those changes. Each
change scores its people by role (``ROLE_POINTS``: author above reviewer above
commenter), times how recent it is (half weight at six months, the shared ``recency``).
To that record each person adds their recent work anywhere in the repository spread
evenly over its areas, ``SPREAD_WEIGHT`` times (a prior of who works here now, smoothed
into the area's own evidence): where an area has a deep recent record, the record
decides; where it has a thin one (a folder touched a few times a year), the people who
carry the repository now lead among those who worked there, and someone who has left
the project falls behind someone still in it. It replaced a factor that multiplied each
score by the person's share of the repository's work, which put the repository's most
active person first even in areas others work on far more (bench/repo_eval.py). Only
people with work in the area are ranked. Bots and coding assistants are flagged and
listed apart, never scored, and their work is no one's. Scores are computed fresh on
each ask from the edges themselves, so the answer can always show which changes earned
them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from brain._json import is_list
from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached, one_stamp
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads.repo._code_areas import (
    ROLE_POINTS,
    Area,
    areas_for,
    as_ms,
    keywords,
    kinds_named,
    recency,
    ref,
    repo_named,
    repositories,
)

_DAY_MS = 86_400_000

#: Strongest changes kept per person as the evidence of their score.
EVIDENCE_PER_PERSON = 3
#: People one scoring read may return.
MAX_PEOPLE = 2_000
#: How many times a person's recent work anywhere in the repository, spread evenly over
#: its areas, adds to their record in an area (with twenty areas, a tenth of it is added
#: in each). Chosen with ``ACTIVE_DECAY_DAYS`` on three of bench/repo_eval.py's six
#: repositories: 0.5 to 8 tried, 1.5 to 4 did about equally well there, 2 is kept.
#: Spread over the areas, the prior keeps its weight against an area's record in a
#: repository of twenty changes as in one of thousands (a fixed number of points did as
#: well on the bench, but outvoted the whole record of a small repository).
SPREAD_WEIGHT = 2.0
#: How fast a person's work anywhere in the repository fades for the prior (half weight
#: at about eight months; 270, 365 and 540 did equally well with this prior, 90 and 180
#: worse with the earlier forms of it).
ACTIVE_DECAY_DAYS = 365.0

# Scores need only (person, role, when, change): the evidence of the few people shown is
# read afterwards. WITH after the indexed hop keeps the plan starting from the Component
# ids, never from a scan of every File; DISTINCT counts a change once however many of
# the area's files it touched.
READ_WORK = """
UNWIND $components AS cid
MATCH (:Component {id: cid})<-[:IN_COMPONENT]-(f:File)
WITH f
MATCH (f)<-[m:MODIFIES]-(ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL))
  AND m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH DISTINCT ch
MATCH (p:Person)-[r:AUTHORED|REVIEWED]->(ch)
WHERE r.since <= $t AND (r.until IS NULL OR r.until > $t)
WITH p, collect([CASE type(r) WHEN 'REVIEWED' THEN 'reviewer' ELSE coalesce(r.role, 'author')
                 END, coalesce(ch.mergedAt, ch.landedAt, r.since), ch.id, NULL]) AS work
RETURN p.id, p.name, coalesce(p.emails, [p.email]), p.login, coalesce(p.is_bot, false), work
LIMIT $limit
"""

READ_COMMENT_WORK = """
UNWIND $components AS cid
MATCH (:Component {id: cid})<-[:IN_COMPONENT]-(f:File)
WITH f
MATCH (f)<-[m:MODIFIES]-(ch)
WHERE (ch:PullRequest OR ch:Commit OR ch:Issue)
  AND m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH DISTINCT ch
MATCH (p:Person)-[a:AUTHORED]->(cm:Comment)-[o:COMMENTED_ON]->(ch)
WHERE o.since <= $t AND (o.until IS NULL OR o.until > $t)
WITH p, collect(['comment', a.since, ch.id, cm.id]) AS work
RETURN p.id, p.name, coalesce(p.emails, [p.email]), p.login, coalesce(p.is_bot, false), work
LIMIT $limit
"""

HAS_COMMENTS = "MATCH (c:Comment) RETURN c.id LIMIT 1"

COUNT_AREAS = """
MATCH (c:Component)
WHERE c.repo IN $repos
RETURN count(c)
"""

# A person's recent work anywhere in the repositories asked about: changes they wrote or
# reviewed, by role as in an area, in the last four fading spans (older work weighs under
# 2 %: cutting it off changed no figure of bench/repo_eval.py, and six spans read a
# quarter more changes). Bots are left out: they are never ranked.
READ_ACTIVE = """
MATCH (ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL)) AND ch.repo IN $repos
  AND coalesce(ch.mergedAt, ch.landedAt) <= $t AND coalesce(ch.mergedAt, ch.landedAt) >= $since
WITH ch, coalesce(ch.mergedAt, ch.landedAt) AS at
MATCH (p:Person)-[r:AUTHORED|REVIEWED]->(ch)
WHERE NOT coalesce(p.is_bot, false)
RETURN p.id, collect([CASE type(r) WHEN 'REVIEWED' THEN 'reviewer'
                      ELSE coalesce(r.role, 'author') END, at])
LIMIT $limit
"""

# Pair edges are anchored on the change: a person has thousands of edges, a change few.
# The walk shown under each expert: one file of the area per change, and the edges
# that tie the person to it.
# From the area's side: its files' histories are smaller than one sweeping change's files.
READ_CHANGE_FILES = """
UNWIND $components AS cid
MATCH (c:Component {id: cid})<-[ic:IN_COMPONENT]-(f:File)
WITH c, ic, f
MATCH (f)<-[m:MODIFIES]-(ch)
WHERE ch.id IN $changes AND m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH ch, collect([f.id, f.name, c.id, c.name, m.since, m.until, m.src,
                  ic.since, ic.until, ic.src])[0] AS via
RETURN ch.id, ch.type, ch.name, via
LIMIT $limit
"""

READ_PAIR_EDGES = """
UNWIND $pairs AS pair
MATCH (b:Entity {id: pair[1]})<-[r:AUTHORED|REVIEWED|COMMENTED_ON]-(a)
WHERE a.id = pair[0]
RETURN pair[0], pair[1], type(r), r.since, r.until, r.src, b.type, b.name
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
    """One person's contribution to one change (or a comment on it)."""

    points: float
    role: str
    change: str
    at: int | None
    comment: str | None = None
    title: str | None = None


@dataclass(slots=True)
class Expert:
    """A person's score in the areas asked about, and the work that earned it."""

    id: str
    name: str
    emails: list[str]
    login: str | None
    score: float = 0.0
    #: the recency-weighted record in the areas asked about, and the recent work anywhere
    #: in the repository the prior spread over its areas
    area_points: float = 0.0
    repo_points: float = 0.0
    roles: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    work: list[_Work] = field(default_factory=list)

    def strongest(self) -> list[_Work]:
        """The work that earned most of the score, strongest first."""
        return sorted(self.work, key=lambda w: (-w.points, w.change))[:EVIDENCE_PER_PERSON]

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of one expert: name, emails, score, counts, strongest evidence."""
        best = self.strongest()
        return {
            "id": self.id,
            "name": self.name,
            "emails": self.emails,
            "login": self.login,
            "score": round(self.score, 3),
            "area_points": round(self.area_points, 3),
            "repository_points": round(self.repo_points, 3),
            "authored": self.roles.get("author", 0) + self.roles.get("co-author", 0),
            "reviewed": self.roles.get("reviewer", 0),
            "commented": self.roles.get("comment", 0),
            "evidence": [
                {
                    "change": w.change,
                    "comment": w.comment,
                    "title": w.title,
                    "role": w.role,
                    "at": format_moment(w.at),
                    "points": round(w.points, 3),
                }
                for w in best
            ],
        }


def _person(row: list[Any], people: dict[str, Expert]) -> Expert:
    pid, name, addresses, login = row[0], row[1], row[2], row[3]
    found = people.get(pid)
    if found is None:
        held: list[Any] = addresses if is_list(addresses) else []
        emails = sorted({str(e) for e in held if e})
        found = Expert(id=pid, name=str(name or login or pid), emails=emails, login=login)
        people[pid] = found
    return found


async def _has_comments(graph: TenantGraph) -> bool:
    async def build() -> bool:
        return bool((await graph.read("has comments", HAS_COMMENTS)).rows)

    return (await cached(graph, "has-comments", (), build))[0]


async def score_people(
    graph: TenantGraph, areas: list[Area], *, t: int
) -> tuple[list[Expert], list[Expert]]:
    """(humans ranked by score, bots that worked there unscored) over ``areas`` at ``t``.

    The humans carry their work, not yet its walk: ``expert_result`` reads the walk of
    the ones it shows. Scores are kept until the tenant's next write, one copy per area
    set and day (within a day, decay moves a score by under half a percent).
    """
    ids = tuple(sorted(a.id for a in areas))

    async def build() -> tuple[list[Expert], list[Expert]]:
        return await _score_people(graph, list(ids), t=t)

    return (await cached(graph, "experts", (ids, t // 86_400_000), build))[0]


async def _score_people(
    graph: TenantGraph, ids: list[str], *, t: int
) -> tuple[list[Expert], list[Expert]]:
    params = {"components": ids, "t": t, "limit": MAX_PEOPLE}
    rows = (await graph.read("expert work", READ_WORK, params)).rows
    if await _has_comments(graph):
        rows = rows + (await graph.read("expert comments", READ_COMMENT_WORK, params)).rows
    people: dict[str, Expert] = {}
    bots: dict[str, Expert] = {}
    for row in rows:
        person = _person(row, bots if row[4] else people)
        seen = {(w.change, w.comment) for w in person.work}
        for role, when, change, comment in row[5]:
            at = as_ms(when)
            if (at is not None and at > t) or (change, comment) in seen:
                continue
            seen.add((change, comment))
            person.roles[role] += 1
            points = (
                0.0 if row[4] else ROLE_POINTS.get(role, ROLE_POINTS["author"]) * recency(at, t)
            )
            person.score += points
            person.work.append(
                _Work(points=points, role=role, change=change, at=at, comment=comment)
            )
    # a component's id names its repository: component:<owner/name>:<path>
    repos = tuple(sorted({cid.removeprefix("component:").partition(":")[0] for cid in ids}))
    active = await _activity(graph, repos, t)
    spread = SPREAD_WEIGHT / max(1, await _area_count(graph, repos))
    for person in people.values():
        person.area_points = person.score
        person.repo_points = active.get(person.id, 0.0)
        person.score += spread * person.repo_points
    ranked = sorted(people.values(), key=lambda p: (-p.score, p.name))
    return ranked, sorted(bots.values(), key=lambda p: p.name)


async def _activity(graph: TenantGraph, repos: tuple[str, ...], t: int) -> dict[str, float]:
    """Each human's recent work in ``repos`` (points by role, fading), kept per day and
    write like the scores."""

    async def build() -> dict[str, float]:
        since = t - int(4 * ACTIVE_DECAY_DAYS * _DAY_MS)
        params = {"repos": list(repos), "t": t, "since": since, "limit": MAX_PEOPLE}
        rows = (await graph.read("people active", READ_ACTIVE, params)).rows
        totals: dict[str, float] = defaultdict(float)
        for pid, work in rows:
            for role, when in work:
                at = as_ms(when)
                if at is not None:
                    points = ROLE_POINTS.get(str(role), ROLE_POINTS["author"])
                    totals[str(pid)] += points * recency(at, t, days=ACTIVE_DECAY_DAYS)
        return dict(totals)

    if not repos:
        return {}
    return (await cached(graph, "people-active", (repos, t // _DAY_MS), build))[0]


async def _area_count(graph: TenantGraph, repos: tuple[str, ...]) -> int:
    """How many Components ``repos`` hold (kept until the next write)."""

    async def build() -> int:
        rows = (await graph.read("area count", COUNT_AREAS, {"repos": list(repos)})).rows
        return int(rows[0][0]) if rows else 0

    return (await cached(graph, "area-count", (repos,), build))[0]


async def walk_of(
    graph: TenantGraph, people: list[Expert], areas: list[Area], *, t: int
) -> tuple[list[NodeRef], list[EdgeRef]]:
    """The nodes and edges behind the strongest work of ``people``: person -> change
    (or person -> comment -> change) -> file -> component, every edge read off the graph."""
    best = [(p, w) for p in people for w in p.strongest()]
    if not best:
        return [], []
    changes = list(dict.fromkeys(w.change for _, w in best))
    ids = [a.id for a in areas]
    res = await graph.read(
        "expert walk",
        READ_CHANGE_FILES,
        {"changes": changes, "components": ids, "t": t, "limit": len(changes)},
    )
    via = {row[0]: row for row in res.rows}
    pairs: list[list[str]] = []
    for person, work in best:
        if work.comment is None:
            pairs.append([person.id, work.change])
        else:
            pairs += [[person.id, work.comment], [work.comment, work.change]]
    edges_res = await graph.read(
        "expert edges", READ_PAIR_EDGES, {"pairs": pairs, "limit": 4 * len(pairs)}
    )
    nodes: dict[str, NodeRef] = {}
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    for row in edges_res.rows:
        if row[3] is not None and row[3] > t:
            continue
        edge = ref(row, row[0], row[2], row[1], 3)
        edges.setdefault((edge.source, edge.type, edge.target), edge)
        nodes.setdefault(row[1], NodeRef(id=row[1], type=str(row[6]), name=row[7]))
    for person in people:
        nodes[person.id] = NodeRef(id=person.id, type="Person", name=person.name)
    for chid, ch_type, ch_name, cell in via.values():
        nodes[chid] = NodeRef(id=chid, type=str(ch_type), name=ch_name)
        fid, fname, cid, cname = cell[0], cell[1], cell[2], cell[3]
        nodes.setdefault(fid, NodeRef(id=fid, type="File", name=fname))
        nodes.setdefault(cid, NodeRef(id=cid, type="Component", name=cname))
        for edge in (ref(cell, chid, "MODIFIES", fid, 4), ref(cell, fid, "IN_COMPONENT", cid, 7)):
            edges.setdefault((edge.source, edge.type, edge.target), edge)
    for _, work in best:
        if work.change in via:
            work.title = via[work.change][2]
    return list(nodes.values()), list(edges.values())


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
    kinds = {"code"} | kinds_named(text)
    best: list[tuple[int, float, Area]] = []
    for area in every:
        held = set(keywords(area.path.replace("/", " ")))
        hits = [w for w in words if w in held]
        if hits:
            # areas of the kinds asked about (code, unless tests or CI are named) first,
            # then the share of the area's folder names the question holds
            share = len(hits) / (1 + area.path.count("/"))
            best.append((int(area.kind in kinds), share, area))
    if best:
        top = max((k, s) for k, s, _ in best)
        return [a for k, s, a in best if (k, s) == top][:20]
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
    async with one_stamp(graph):
        return await _experts_for(
            graph, component=component, path=path, text=text, repo=repo, t=as_of_ms,
            limit=limit,
        )  # fmt: skip


async def _experts_for(
    graph: TenantGraph,
    *,
    component: str | None,
    path: str | None,
    text: str | None,
    repo: str | None,
    t: int,
    limit: int,
) -> ReadResult:
    asked = component or path or text or ""
    named_repo = False
    if repo is None and text:
        repo = repo_named(text, await repositories(graph))
        named_repo = repo is not None
    if component or path:
        areas = await areas_for(graph, component or path or "", repo=repo, t=t)
    else:
        # the words that named the repository do not also name an area in it
        words = asked
        if named_repo and repo is not None:
            words = re.sub(rf"(?i){re.escape(repo.split('/')[-1])}", " ", words)
        areas = await areas_in_text(graph, words, repo=repo)
    if not areas:
        return _empty(asked, t, repo)
    ranked, bots = await score_people(graph, areas, t=t)
    return await expert_result(graph, ranked[:limit], bots, areas, asked=asked, repo=repo, t=t)


async def expert_result(
    graph: TenantGraph,
    ranked: list[Expert],
    bots: list[Expert],
    areas: list[Area],
    *,
    asked: str,
    repo: str | None,
    t: int,
) -> ReadResult:
    """The ReadResult of a ranked list of experts, with the walk behind each."""
    nodes, edges = await walk_of(graph, ranked, areas, t=t)
    data = {
        "query": asked,
        "repo": repo,
        "components": [{"id": a.id, "repo": a.repo, "component": a.path} for a in areas[:20]],
        "experts": [p.as_dict() for p in ranked],
        "bots": [{"id": b.id, "name": b.name, "changes": sum(b.roles.values())} for b in bots],
    }
    found = bool(ranked)
    return ReadResult(
        tool="experts_for",
        as_of=format_moment(t) or "",
        found=found,
        message=None if found else "No one's work in these areas is in your records.",
        data=data,
        evidence=Evidence(nodes=nodes, edges=edges),
    )


def _empty(asked: str, t: int, repo: str | None) -> ReadResult:
    return ReadResult(
        tool="experts_for",
        as_of=format_moment(t) or "",
        found=False,
        message="No area of code by that name is in your records.",
        data={"query": asked, "repo": repo, "components": [], "experts": [], "bots": []},
    )
