"""Where a new issue goes: by analogy with the past work it resembles, walked to the code.

A new issue has no edges yet, so triage reasons from similar things that do: past pull
requests, commits and issues found by full-text (and by meaning, when the tenant embeds)
over their titles and bodies, re-ranked by keyword coverage (the share of the issue's
own words each one holds). Each similar change is walked to the files it modified and
their Components (an issue through the change that FIXES it). Components vote: a change
touching n code components gives each ``weight / sqrt(n)``, so a focused fix speaks
louder per area than a sweeping refactor; tests, CI, docs and packaging vote only when
the issue is about them: its own words name the kind ("CI workflow fails"), or the past
changes it most resembles changed nothing else (if the closest precedent of "release
builds tag the wrong commit" is a change to workflow files only, workflows vote). A
small prior from each area's recent activity breaks ties and answers when nothing
resembles the issue. The top area comes with its experts (``experts_for``'s scoring)
and every similar item as evidence.
"""

from __future__ import annotations

import asyncio
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached, one_stamp
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._fulltext import FT_SPECIAL
from brain.reads.repo._code_areas import (
    NON_VOTING_KINDS,
    Area,
    as_ms,
    coverage,
    keywords,
    kinds_named,
    recency,
    ref,
    repo_named,
    repositories,
    terms,
)
from brain.reads.repo._experts import expert_result, score_people
from brain.reads.repo._path_words import PathWords, path_words

#: Candidates the full-text search hands to the re-ranking.
POOL = 80
#: Similar changes that vote, best first (12, 20, 30, 40 tried in bench/repo_eval.py on
#: three of its six repositories; 20 did best there).
VOTERS = 20
#: Vote totals for "strong" and "moderate"; below is "weak".
STRONG, MODERATE = 1.0, 0.4
#: The weight of an area's share of recent activity against the votes of similar work:
#: small, so it orders areas the similar work left tied or never reached, and does not
#: outvote it (a larger weight did worse on the choosing repositories).
PRIOR_WEIGHT = 0.15
#: What one word of the issue that file paths hold is worth, shared by their areas; it
#: votes only when no similar change did (a past fix is the stronger evidence: on the
#: choosing repositories path votes beside them changed nothing, on the others they hurt).
PATH_WEIGHT = 0.5
#: A word held by the paths of more areas than this names none of them.
PATH_SPREAD = 4
#: Recent changes of a repository its activity prior counts.
RECENT_CHANGES = 300
#: Components listed.
TOP = 5

READ_SIMILAR = """
CALL db.idx.fulltext.queryNodes('Searchable', $q) YIELD node, score
WITH node, score
WHERE (node:PullRequest OR node:Commit OR node:Issue)
  AND ($repo IS NULL OR node.repo = $repo)
  AND coalesce(node.firstAsOf, node.asOf, 0) <= $t
WITH node, score ORDER BY score DESC, ID(node) LIMIT $pool
RETURN node.id, node.type, node.name, left(coalesce(node.text, ''), 600), node.pullRequest,
       node.repo, score, coalesce(node.mergedAt, node.landedAt, node.asOf)
"""

READ_SIMILAR_VECTOR = """
CALL db.idx.vector.queryNodes('SearchableVector', 'embedding', $pool, vecf32($v)) YIELD node, score
WITH node, score
WHERE (node:PullRequest OR node:Commit OR node:Issue)
  AND ($repo IS NULL OR node.repo = $repo)
  AND coalesce(node.firstAsOf, node.asOf, 0) <= $t
RETURN node.id, node.type, node.name, left(coalesce(node.text, ''), 600), node.pullRequest,
       node.repo, 1.0 - score, coalesce(node.mergedAt, node.landedAt, node.asOf)
LIMIT $pool
"""

READ_FIXERS = """
UNWIND $issues AS iid
MATCH (i:Issue {id: iid})<-[x:FIXES]-(ch)
WHERE x.since <= $t AND (x.until IS NULL OR x.until > $t)
RETURN iid, ch.id, ch.type, ch.name, x.since, x.until, x.src
LIMIT $limit
"""

# WITH after the indexed hop: the plan starts from the change ids, not from every File.
READ_CHANGED_AREAS = """
UNWIND $changes AS chid
MATCH (ch:Entity {id: chid})-[m:MODIFIES]->(f:File)
WHERE m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH chid, m, f
MATCH (f)-[ic:IN_COMPONENT]->(c:Component)
WHERE ic.since <= $t AND (ic.until IS NULL OR ic.until > $t)
RETURN chid, f.id, f.name, coalesce(f.kind, 'code'), c.id, c.repo, c.path,
       coalesce(c.kind, 'code'), m.since, m.until, m.src, ic.since, ic.until, ic.src
LIMIT $limit
"""

# The prior reads the repository's most recent changes only: a scan of changes by label
# (thousands) instead of every file's history (hundreds of thousands of edges).
READ_ACTIVITY = """
MATCH (ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL)) AND ch.repo = $repo
  AND coalesce(ch.mergedAt, ch.landedAt) <= $t
WITH ch, coalesce(ch.mergedAt, ch.landedAt) AS at ORDER BY at DESC LIMIT $recent
MATCH (ch)-[:MODIFIES]->(f:File)
WHERE coalesce(f.kind, 'code') = 'code'
WITH at, ch, f
MATCH (f)-[:IN_COMPONENT]->(c:Component)
WHERE coalesce(c.kind, 'code') = 'code'
WITH c, ch, at
WITH c, collect(DISTINCT at) AS ats
RETURN c.id, ats
LIMIT $limit
"""


@dataclass(slots=True)
class _Similar:
    id: str
    type: str
    title: str
    repo: str | None
    match: float
    at: int | None
    change: str  # the change whose files it votes with (itself, or an issue's fixer)
    fixer_type: str = "PullRequest"
    edges: list[EdgeRef] = field(default_factory=list)


@dataclass(slots=True)
class _Vote:
    area: Area
    score: float = 0.0
    votes: float = 0.0
    prior: float = 0.0
    voters: list[str] = field(default_factory=list)
    #: the kinds of the files that earned the votes: an area reached through a
    #: ``package.json`` is a packaging answer, whatever else the folder holds
    kinds: set[str] = field(default_factory=set)


def ft_query(words: list[str]) -> str | None:
    """Keywords as a RediSearch query where any word matches."""
    escaped = [FT_SPECIAL.sub(r"\\\1", w) for w in words[:24]]
    return " | ".join(escaped) or None


async def similar_items(
    graph: TenantGraph, text: str, *, repo: str | None, t: int
) -> list[_Similar]:
    """Past PRs, commits and issues like ``text``, best first by keyword coverage.

    Full-text and (when the tenant embeds) the vector index each hand over candidates;
    each list's own closeness breaks coverage ties on its own scale (a full-text score
    over the best one, a cosine as it is), and an item both lists found gets both."""
    words = keywords(text)
    query = ft_query(terms(text))
    found: dict[str, tuple[list[Any], float, float]] = {}
    if query is not None:
        res = await graph.read(
            "triage similar", READ_SIMILAR, {"q": query, "repo": repo, "t": t, "pool": POOL}
        )
        top = max((float(r[6]) for r in res.rows if r[6] is not None), default=1.0) or 1.0
        for row in res.rows:
            found[str(row[0])] = (row, min(1.0, float(row[6] or 0) / top), 0.0)
    if graph.embedder is not None and text.strip():
        vector = (await graph.embedder.embed([text]))[0]
        res = await graph.read(
            "triage similar by meaning",
            READ_SIMILAR_VECTOR,
            {"v": vector, "repo": repo, "t": t, "pool": POOL // 2},
        )
        for row in res.rows:
            known_row, by_words, _ = found.get(str(row[0]), (row, 0.0, 0.0))
            found[str(row[0])] = (known_row, by_words, max(0.0, float(row[6] or 0)))
    best: dict[str, _Similar] = {}
    for row, by_words, by_meaning in found.values():
        node_id, node_type, name, body, pr, node_repo, _, at = row
        title = str(name or "")
        cov = max(coverage(words, title), 0.8 * coverage(words, f"{title} {body}"))
        match = cov + 0.1 * by_words + 0.1 * by_meaning
        if match <= 0:
            continue
        # a commit votes with its own files (its edges exist); one vote per pull request
        change, key = str(node_id), str(pr) if pr else str(node_id)
        known = best.get(key)
        if known is None or match > known.match:
            best[key] = _Similar(
                id=str(node_id), type=str(node_type), title=title, repo=node_repo, match=match,
                at=as_ms(at), change=change,
            )  # fmt: skip
    return sorted(best.values(), key=lambda s: (-s.match, -(s.at or 0), s.id))


async def _fixers(graph: TenantGraph, items: list[_Similar], t: int) -> None:
    """Point each similar issue at the change that fixed it (an unfixed one cannot vote)."""
    issues = [s.id for s in items if s.type == "Issue"]
    if not issues:
        return
    res = await graph.read(
        "triage fixers", READ_FIXERS, {"issues": issues, "t": t, "limit": 10 * len(issues)}
    )
    fixer = {row[0]: row for row in res.rows}
    for item in items:
        row = fixer.get(item.id)
        if item.type == "Issue" and row is not None:
            item.change, item.fixer_type = str(row[1]), str(row[2])
            item.edges.append(ref(row, str(row[1]), "FIXES", item.id, 4))


async def _activity(graph: TenantGraph, repo: str | None, t: int) -> dict[str, float]:
    """Each code area's share of the recency-weighted count of recent changes (the shares
    sum to 1): how likely a new issue lands there before its words are read."""

    async def build() -> dict[str, float]:
        params = {"repo": repo, "t": t, "recent": RECENT_CHANGES, "limit": 10_000}
        res = await graph.read("area activity", READ_ACTIVITY, params)
        totals = {row[0]: sum(recency(as_ms(at), t) for at in row[1]) for row in res.rows}
        total = sum(totals.values()) or 1.0
        return {cid: v / total for cid, v in totals.items()}

    day = t // 86_400_000  # the prior changes slowly: one copy per day and write
    return (await cached(graph, "area-activity", (repo, day), build))[0]


async def _no_prior() -> dict[str, float]:
    return {}


async def _no_words() -> PathWords:
    return {}


def _path_votes(
    index: PathWords,
    text: str,
    allowed: set[str],
    votes: dict[str, _Vote],
    nodes: dict[str, NodeRef],
) -> list[dict[str, Any]]:
    """Votes of the issue's words that name files: each word held by the paths of at most
    ``PATH_SPREAD`` areas gives them ``PATH_WEIGHT`` shared out. A word in every area
    (``src``, ``utils``) says nothing and is skipped."""
    named: list[dict[str, Any]] = []
    for word in keywords(text):
        held = index.get(word, {})
        eligible = {
            cid: row
            for cid, (row, kinds) in held.items()
            if (row[3] not in NON_VOTING_KINDS or row[3] in allowed)
            and any(k not in NON_VOTING_KINDS or k in allowed for k in kinds)
        }
        if not eligible or len(held) > PATH_SPREAD:
            continue
        share = PATH_WEIGHT / len(eligible)
        for cid, row in eligible.items():
            vote = votes.get(cid) or _Vote(Area(*row))
            votes[cid] = vote
            vote.votes += share
            vote.kinds |= {k for k in held[cid][1] if k not in NON_VOTING_KINDS or k in allowed}
            nodes.setdefault(cid, NodeRef(id=cid, type="Component", name=row[2]))
        named.append({"word": word, "components": sorted(r[2] for r in eligible.values())})
    return named


def confidence(score: float) -> str:
    """strong / moderate / weak, from the votes the top area gathered."""
    if score >= STRONG:
        return "strong"
    return "moderate" if score >= MODERATE else "weak"


async def triage_candidates(
    graph: TenantGraph, text: str, *, repo: str | None = None, as_of_ms: int, limit: int = TOP
) -> ReadResult:
    """Ranked components for a new issue, with confidence, experts and the similar work.

    JSON: ``components`` (``repo``, ``component``, ``score``, ``confidence``, and the
    ``kinds`` of file that put it there), ``experts`` for the top one, ``similar`` items;
    evidence holds every edge walked.
    """
    async with one_stamp(graph):
        return await _triage(graph, text, repo=repo, t=as_of_ms, limit=limit)


async def _triage(
    graph: TenantGraph, text: str, *, repo: str | None, t: int, limit: int
) -> ReadResult:
    if repo is None:
        repo = repo_named(text, await repositories(graph))
    # the similar work, the activity prior and the path words do not wait on each other
    items, prior, index = await asyncio.gather(
        similar_items(graph, text, repo=repo, t=t),
        _activity(graph, repo, t) if repo is not None else _no_prior(),
        path_words(graph, repo) if repo is not None else _no_words(),
    )
    voters = items[:VOTERS]
    await _fixers(graph, voters, t)
    res = await graph.read(
        "triage areas",
        READ_CHANGED_AREAS,
        {"changes": list(dict.fromkeys(s.change for s in voters)), "t": t, "limit": 20_000},
    )
    by_change: dict[str, list[list[Any]]] = defaultdict(list)
    for row in res.rows:
        by_change[row[0]].append(row)
    votes: dict[str, _Vote] = {}
    nodes: dict[str, NodeRef] = {}
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    named_kinds = kinds_named(text)
    shown = _kinds_shown(voters, by_change)
    allowed = named_kinds | shown
    for rank, item in enumerate(voters):
        code = [r for r in by_change.get(item.change, []) if _votes(r, allowed)]
        areas = {r[4]: r for r in code}
        if not areas:
            continue
        # newer work speaks louder: areas move, and a fix from years ago may name code
        # that has since been rewritten elsewhere
        fresh = 0.4 + 0.6 * recency(item.at, t)
        weight = item.match * fresh / (1 + 0.15 * rank)
        share = weight / math.sqrt(len(areas))
        for cid, row in areas.items():
            vote = votes.get(cid) or _Vote(Area(cid, row[5], row[6], row[7]))
            votes[cid] = vote
            vote.votes += share
            vote.voters.append(item.id)
            vote.kinds |= {str(r[3]) for r in code if r[4] == cid}
            nodes.setdefault(row[1], NodeRef(id=row[1], type="File", name=row[2]))
            nodes.setdefault(cid, NodeRef(id=cid, type="Component", name=row[6]))
            for edge in (ref(row, item.change, "MODIFIES", row[1], 8),
                         ref(row, row[1], "IN_COMPONENT", cid, 11)):  # fmt: skip
                edges.setdefault((edge.source, edge.type, edge.target), edge)
        nodes.setdefault(item.id, NodeRef(id=item.id, type=item.type, name=item.title))
        if item.change != item.id:
            nodes.setdefault(item.change, NodeRef(id=item.change, type=item.fixer_type))
        for edge in item.edges:
            edges.setdefault((edge.source, edge.type, edge.target), edge)
    named: list[dict[str, Any]] = []
    if repo is not None and not votes:
        named = _path_votes(index, text, allowed, votes, nodes)
    for cid, weight in prior.items():
        vote = votes.get(cid)
        if vote is not None:
            vote.prior = PRIOR_WEIGHT * weight
    ranked = sorted(votes.values(), key=lambda v: (-(v.votes + v.prior), v.area.id))
    if len(ranked) < limit and prior:
        for cid in sorted(prior, key=lambda c: -prior[c]):
            if cid not in votes and len(ranked) < limit:
                repo_name, _, path = cid.removeprefix("component:").partition(":")
                extra = _Vote(Area(cid, repo_name, path, "code"), prior=PRIOR_WEIGHT * prior[cid])
                ranked.append(extra)
    for vote in ranked:
        vote.score = vote.votes + vote.prior
    ranked = ranked[:limit]
    experts: list[dict[str, Any]] = []
    if ranked:
        people, _ = await score_people(graph, [ranked[0].area], t=t)
        walk = await expert_result(
            graph, people[:3], [], [ranked[0].area], asked="", repo=repo, t=t
        )
        experts = walk.data["experts"]
        for node in walk.evidence.nodes:
            nodes.setdefault(node.id, node)
        for edge in walk.evidence.edges:
            edges.setdefault((edge.source, edge.type, edge.target), edge)
    data = {
        "query": text,
        "repo": repo,
        "components": [
            {
                "id": v.area.id,
                "repo": v.area.repo,
                "component": v.area.path,
                "score": round(v.score, 3),
                "confidence": confidence(v.votes),
                "kinds": sorted(v.kinds or {"code"}),
                "similar": v.voters[:5],
            }
            for v in ranked
        ],
        "experts": experts,
        "named_in_paths": named,
        "kinds": {"named": sorted(named_kinds), "shown_by_closest": sorted(shown)},
        "similar": [
            {
                "id": s.id,
                "type": s.type,
                "title": s.title,
                "match": round(s.match, 3),
                "change": s.change,
                "at": format_moment(s.at),
            }
            for s in voters
        ],  # fmt: skip
    }
    return ReadResult(
        tool="triage_candidates",
        as_of=format_moment(t) or "",
        found=bool(ranked),
        message=None if ranked else "Nothing in your records resembles this issue.",
        data=data,
        evidence=Evidence(nodes=list(nodes.values()), edges=list(edges.values())),
    )


def _kinds_shown(voters: list[_Similar], by_change: dict[str, list[list[Any]]]) -> set[str]:
    """The kinds of file (tests, CI, docs, packaging) an issue is about by its closest
    precedents: when every similar change tied for the best match changed only files of
    those kinds, the issue most likely belongs there too, whatever words it uses. One
    of them touching code says nothing (most fixes touch tests beside the code)."""
    walked = [item for item in voters if by_change.get(item.change)]
    if not walked:
        return set()
    kinds: set[str] = set()
    for item in walked:
        if item.match < walked[0].match - 1e-9:
            break  # the voters are sorted by match, best first
        found = {str(row[3]) for row in by_change[item.change]}
        if "code" in found:
            return set()
        kinds |= found & NON_VOTING_KINDS
    return kinds


def _votes(row: list[Any], allowed: set[str]) -> bool:
    """Whether a changed file may vote: code (or a kind the issue is about), in an area of
    code or of that kind."""
    file_kind, area_kind = row[3], row[7]
    if file_kind in NON_VOTING_KINDS and file_kind not in allowed:
        return False
    return area_kind not in NON_VOTING_KINDS or area_kind in allowed
