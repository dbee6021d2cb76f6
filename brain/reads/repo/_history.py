"""What happened in an area, what else touched the same code, and what changed lately.

Three walks over the repository graph that the expert and triage answers lead to:
``area_history`` lists an area's changes newest first with who made them and what they
fixed; ``related_work`` finds the changes that modified the same files as one item (an
issue through its fix); ``catch_up`` lists what landed since a moment, for everyone or
for one person. Each carries the edges it walked, so the reply can draw them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads._walks import resolve
from brain.reads.repo._code_areas import areas_for, as_ms, ref

#: Changes an answer lists.
MAX_CHANGES = 30
_WEEK_MS = 7 * 86_400_000

READ_AREA_CHANGES = """
UNWIND $components AS cid
MATCH (c:Component {id: cid})<-[ic:IN_COMPONENT]-(f:File)
WITH c, ic, f
MATCH (f)<-[m:MODIFIES]-(ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL))
  AND m.since <= $t AND (m.until IS NULL OR m.until > $t)
WITH ch, collect([f.id, f.name, c.id, c.name, m.since, m.until, m.src,
                  ic.since, ic.until, ic.src])[0] AS via
WITH ch, via, coalesce(ch.mergedAt, ch.landedAt) AS at ORDER BY at DESC LIMIT $limit
OPTIONAL MATCH (p:Person)-[a:AUTHORED]->(ch)
WHERE NOT coalesce(p.is_bot, false)
OPTIONAL MATCH (ch)-[x:FIXES]->(i:Issue)
RETURN ch.id, ch.type, ch.name, at, via,
       collect(DISTINCT [p.id, p.name, a.since, a.until, a.src]),
       collect(DISTINCT [i.id, i.name, x.since, x.until, x.src])
"""

READ_SAME_FILES = """
UNWIND $changes AS chid
MATCH (ch:Entity {id: chid})-[m:MODIFIES]->(f:File)
WITH ch, f LIMIT 200
MATCH (f)<-[m2:MODIFIES]-(other)
WHERE other.id <> ch.id AND (other:PullRequest OR (other:Commit AND other.pullRequest IS NULL))
  AND m2.since <= $t AND (m2.until IS NULL OR m2.until > $t)
RETURN other.id, other.type, other.name, coalesce(other.mergedAt, other.landedAt),
       f.id, f.name, m2.since, m2.until, m2.src, ch.id
LIMIT $limit
"""

READ_FIXED_BY = """
MATCH (i:Entity {id: $id})<-[x:FIXES]-(ch)
RETURN ch.id, ch.type, ch.name, x.since, x.until, x.src
LIMIT 10
"""

READ_SINCE = """
MATCH (ch)
WHERE (ch:PullRequest OR (ch:Commit AND ch.pullRequest IS NULL))
  AND coalesce(ch.mergedAt, ch.landedAt) >= $since
  AND coalesce(ch.mergedAt, ch.landedAt) <= $t
  AND ($repo IS NULL OR ch.repo = $repo)
WITH ch, coalesce(ch.mergedAt, ch.landedAt) AS at
MATCH (p:Person)-[a:AUTHORED|REVIEWED]->(ch)
WHERE ($person IS NULL OR p.id = $person) AND NOT coalesce(p.is_bot, false)
RETURN ch.id, ch.type, ch.name, ch.repo, at, p.id, p.name, type(a), a.since, a.until, a.src
ORDER BY at DESC
LIMIT $limit
"""


def _result(
    tool: str, t: int, data: dict[str, Any], nodes: dict[str, NodeRef], edges: list[EdgeRef]
) -> ReadResult:
    found = bool(nodes)
    return ReadResult(
        tool=tool,
        as_of=format_moment(t) or "",
        found=found,
        message=None if found else "Nothing about that is in your records.",
        data=data,
        evidence=Evidence(nodes=list(nodes.values()), edges=edges),
    )


async def area_history(
    graph: TenantGraph, component: str, *, repo: str | None = None, as_of_ms: int
) -> ReadResult:
    """An area's changes, newest first: title, date, authors, issues fixed, one file."""
    t = as_of_ms
    areas = await areas_for(graph, component, repo=repo, t=t)
    nodes: dict[str, NodeRef] = {}
    edges: list[EdgeRef] = []
    changes: list[dict[str, Any]] = []
    if areas:
        res = await graph.read(
            "area history",
            READ_AREA_CHANGES,
            {"components": [a.id for a in areas], "t": t, "limit": MAX_CHANGES},
        )
        # the aggregation after the ORDER BY does not keep its order: sort here
        for chid, ch_type, title, at, via, people, issues in sorted(
            res.rows, key=lambda r: (-(as_ms(r[3]) or 0), r[0])
        ):
            nodes[chid] = NodeRef(id=chid, type=str(ch_type), name=title)
            nodes.setdefault(via[0], NodeRef(id=via[0], type="File", name=via[1]))
            nodes.setdefault(via[2], NodeRef(id=via[2], type="Component", name=via[3]))
            edges += [
                ref(via, chid, "MODIFIES", via[0], 4),
                ref(via, via[0], "IN_COMPONENT", via[2], 7),
            ]
            authors = [p for p in people if p[0] is not None]
            fixed = [i for i in issues if i[0] is not None]
            for p in authors:
                nodes.setdefault(p[0], NodeRef(id=p[0], type="Person", name=p[1]))
                edges.append(ref(p, p[0], "AUTHORED", chid, 2))
            for i in fixed:
                nodes.setdefault(i[0], NodeRef(id=i[0], type="Issue", name=i[1]))
                edges.append(ref(i, chid, "FIXES", i[0], 2))
            changes.append({
                "id": chid, "type": ch_type, "title": title, "at": format_moment(at),
                "authors": [p[1] for p in authors], "fixes": [i[0] for i in fixed],
            })  # fmt: skip
    data = {
        "query": component,
        "components": [{"id": a.id, "repo": a.repo, "component": a.path} for a in areas],
        "changes": changes,
    }
    return _result("area_history", t, data, nodes, edges)


async def related_work(graph: TenantGraph, item: str, *, as_of_ms: int) -> ReadResult:
    """Changes that modified the same files as ``item`` (a PR, commit or fixed issue),
    most shared files first."""
    t = as_of_ms
    matches = await resolve(graph, item)
    found = matches[0] if matches else None
    if found is None:
        return _result("related_work", t, {"query": item, "related": []}, {}, [])
    nodes = {found["id"]: NodeRef(id=found["id"], type=found["type"], name=found.get("name"))}
    edges: list[EdgeRef] = []
    changes = [found["id"]]
    if found["type"] == "Issue":
        fixers = await graph.read("fixed by", READ_FIXED_BY, {"id": found["id"]})
        changes = [row[0] for row in fixers.rows]
        for row in fixers.rows:
            nodes[row[0]] = NodeRef(id=row[0], type=str(row[1]), name=row[2])
            edges.append(ref(row, row[0], "FIXES", found["id"], 3))
    res = await graph.read(
        "same files", READ_SAME_FILES, {"changes": changes, "t": t, "limit": 5_000}
    )
    shared: Counter[str] = Counter()
    info: dict[str, list[Any]] = {}
    files: dict[str, list[list[Any]]] = defaultdict(list)
    for row in res.rows:
        if row[0] in changes:
            continue
        shared[row[0]] += 1
        info[row[0]] = row
        files[row[0]].append(row)
    related: list[dict[str, Any]] = []
    for other, count in sorted(
        shared.items(), key=lambda kv: (-kv[1], -(as_ms(info[kv[0]][3]) or 0))
    )[:MAX_CHANGES]:
        row = info[other]
        nodes[other] = NodeRef(id=other, type=str(row[1]), name=row[2])
        first = files[other][0]
        nodes.setdefault(first[4], NodeRef(id=first[4], type="File", name=first[5]))
        edges.append(ref(first, other, "MODIFIES", first[4], 6))
        related.append({"id": other, "type": row[1], "title": row[2],
                        "at": format_moment(row[3]), "shared_files": count})  # fmt: skip
    return _result("related_work", t, {"query": item, "related": related}, nodes, edges)


async def catch_up(
    graph: TenantGraph,
    *,
    person: str | None = None,
    since_ms: int | None = None,
    repo: str | None = None,
    as_of_ms: int,
) -> ReadResult:
    """What landed since a moment (default a week back), for everyone or one person."""
    t = as_of_ms
    since = since_ms if since_ms is not None else t - _WEEK_MS
    person_id: str | None = None
    if person:
        people = [m for m in await resolve(graph, person) if m["type"] == "Person"]
        found = people[0] if people else None
        if found is None:
            return _result("catch_up", t, {"query": person, "changes": []}, {}, [])
        person_id = found["id"]
    res = await graph.read(
        "catch up",
        READ_SINCE,
        {"since": since, "t": t, "repo": repo, "person": person_id, "limit": 500},
    )
    nodes: dict[str, NodeRef] = {}
    edges: list[EdgeRef] = []
    by_change: dict[str, dict[str, Any]] = {}
    for chid, ch_type, title, ch_repo, at, pid, pname, rel, *edge in res.rows:
        nodes.setdefault(chid, NodeRef(id=chid, type=str(ch_type), name=title))
        nodes.setdefault(pid, NodeRef(id=pid, type="Person", name=pname))
        edges.append(ref(edge, pid, str(rel), chid, 0))
        entry = by_change.setdefault(
            chid,
            {
                "id": chid,
                "title": title,
                "repo": ch_repo,
                "at": format_moment(at),
                "people": [],
            },  # fmt: skip
        )
        entry["people"].append(
            {"name": pname, "role": "reviewer" if rel == "REVIEWED" else "author"}
        )
    data = {
        "query": person or "",
        "since": format_moment(since),
        "changes": list(by_change.values())[:MAX_CHANGES],
        "total": len(by_change),
    }
    return _result("catch_up", t, data, nodes, edges)
