"""Evidence around the things a question names: typed walks of up to three hops, each
result said as a short sentence with the path that leads to it.

"Which team is whoever owns the portal login in?" is answered three hops from what it
names (a service, the login it runs on, that login's owner, the owner's team); "who's that
key with?" two. A walk starts at the things the question was linked to and follows current
edges in both directions, hop by hop, keeping the first (shortest) path to each thing it
reaches; the caller ranks what it found against the question. Each hop is one bounded read:
the frontier is capped, and so are the edges read per thing (a hub such as the business
itself, with every person a member, lists its first edges and says how many it has), so no
walk is ever an unbounded pattern. Readings, passages, versions and the assistant's own
records are never walked through: they are counted by the reads that show them.

With ``text``, every thing reached also carries its ``closeness`` to that text: the cosine
similarity of its stored vector to the text's, read on the server (1 is the same meaning).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult, edge_ref, is_sample
from brain.reads._walks import not_found, resolve

MAX_HOPS = 3
#: Things a hop starts from at most (the first found; a wider frontier is cut).
FRONTIER_CAP = 60
#: Edges read per thing at the first hop, and at the later ones.
FIRST_HOP_EDGES = 200
LATER_HOP_EDGES = 40
#: Things one walk reports at most.
MAX_REACHED = 1_500
#: Shortest paths kept per thing (from different things one hop before it).
PATHS_PER_THING = 4
#: Types never walked through or reported: counted elsewhere, or the assistant's own.
NOT_WALKED = ("Observation", "Chunk", "Version", "Turn", "Finding", "Card", "Answer")
#: Relationships that say nothing about how two things relate in the business.
NOT_WALKED_RELS = ("CITES", "PROPOSED", "VERSION_OF", "HAS_CHUNK")

#: How an edge reads in a sentence, from its start to its end.
VERBS: dict[str, str] = {
    "OWNS": "owns",
    "MEMBER_OF": "is a member of",
    "WORKS_ON": "works on",
    "DEPENDS_ON": "depends on",
    "AFFECTS": "affects",
    "BLOCKS": "blocks",
    "PART_OF": "is part of",
    "CHANGED": "changed",
    "CAUSED": "caused",
    "SUPERSEDES": "replaced",
    "BASED_ON": "rests on",
    "MENTIONS": "mentions",
    "MEASURES": "measures",
    "SAID_BY": "was said by",
    "ATTENDED": "attended",
    "DECIDED_IN": "was decided in",
    "MADE_BY": "was made by",
    "EVIDENCED_BY": "rests on",
    "FIXES": "fixes",
    "AUTHORED": "wrote",
    "ABOUT": "is about",
    "TARGETS": "targets",
    "SENT_TO": "was sent to",
    "ASSIGNED_TO": "is assigned to",
    "USES": "uses",
}

# One hop from every thing of the frontier: its current edges (at most ``$per`` each, in
# a stable order) and how many it has. The parameters are bound once with WITH before the
# traversal: referenced in the filter after it, FalkorDB 4.16 took 5 ms more per frontier
# thing (a 51-thing hop: 203 ms against 4.8 ms).
READ_STEP = """
UNWIND $frontier AS fid
WITH fid, $skip AS skip, $skip_rels AS skip_rels, $t AS t
MATCH (a:Entity {id: fid})-[e]-(b:Entity)
WHERE e.since <= t AND (e.until IS NULL OR e.until > t)
  AND NOT b.type IN skip AND NOT type(e) IN skip_rels
WITH a, e, b
ORDER BY type(e), b.id
WITH a, count(b) AS degree,
     collect([type(e), startNode(e) = a, b.id, b.type, b.name, b.src, b.asOf, b.sample,
              e.since, e.until, e.src])[..$per] AS steps
RETURN a.id, degree, steps
LIMIT $limit
"""

# How close each thing's stored vector is to the text's (1 = the same meaning).
READ_CLOSENESS = """
WITH vecf32($v) AS v
UNWIND $ids AS id
MATCH (n:Entity {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id, 1.0 - vec.cosineDistance(n.embedding, v)
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Reached:
    """A thing a walk reached: its first path, as (from, rel, to) edges from a start."""

    node: dict[str, Any]
    edges: tuple[EdgeRef, ...]
    #: The things on the path, from the start to this one: (id, type, name).
    chain: tuple[tuple[str, str, Any], ...] = ()

    @property
    def hops(self) -> int:
        return len(self.edges)


def sentence(edges: tuple[EdgeRef, ...], names: dict[str, str]) -> str:
    """A path said plainly: "Lotte Visser owns AansluitPortaal installer account; Lotte
    Visser is a member of Planning & Aftercare"."""
    parts = [
        f"{names.get(e.source, e.source)} {VERBS.get(e.type, e.type.lower().replace('_', ' '))} "
        f"{names.get(e.target, e.target)}"
        for e in edges
    ]
    return "; ".join(parts)


def _node(b_id: str, b_type: str, name: Any, src: Any, as_of: Any, sample: Any) -> dict[str, Any]:
    return {
        "id": b_id,
        "type": b_type,
        "name": name,
        "src": src,
        "as_of_ms": as_of,
        "sample": is_sample(sample, src),
    }


async def walk(
    graph: TenantGraph,
    starts: list[str],
    *,
    as_of_ms: int,
    hops: int = MAX_HOPS,
) -> tuple[list[dict[str, Any]], dict[str, list[Reached]], dict[str, int]]:
    """The starts (resolved), every thing within ``hops`` current edges of them with its
    shortest paths (one per thing it was reached from, at most ``PATHS_PER_THING``; the
    starts' order is their priority), and the degree of every thing a hop started from."""
    roots: list[dict[str, Any]] = []
    for q in starts:
        for found in (await resolve(graph, q))[:1]:
            if found["id"] not in {r["id"] for r in roots}:
                roots.append(found)
    order = {r["id"]: i for i, r in enumerate(roots)}
    reached: dict[str, list[Reached]] = {
        r["id"]: [
            Reached(
                _node(r["id"], r["type"], r["name"], r["src"], r["_as_of_ms"], r["sample"]),
                (),
                ((r["id"], r["type"], r["name"]),),
            )
        ]
        for r in roots
    }
    degrees: dict[str, int] = {}
    frontier = [r["id"] for r in roots]
    for hop in range(1, max(0, min(hops, MAX_HOPS)) + 1):
        if not frontier or len(reached) >= MAX_REACHED:
            break
        per = FIRST_HOP_EDGES if hop == 1 else LATER_HOP_EDGES
        res = await graph.read(
            "evidence walk",
            READ_STEP,
            {
                "frontier": frontier[:FRONTIER_CAP],
                "t": as_of_ms,
                "skip": list(NOT_WALKED),
                "skip_rels": list(NOT_WALKED_RELS),
                "per": per,
                "limit": FRONTIER_CAP,
            },
        )
        nxt: list[str] = []
        # things reached from a stronger start first, so each thing's first path is its best
        rows = sorted(res.rows, key=lambda r: (order[reached[str(r[0])][0].chain[0][0]], str(r[0])))
        for a_id, degree, steps in rows:
            degrees[str(a_id)] = int(degree)
            base = reached[str(a_id)][0]
            for rel, outgoing, b_id, b_type, name, src, as_of, sample, since, until, e_src in steps:
                b_id = str(b_id)
                known = reached.get(b_id)
                # another shortest path (found at this same hop), or the first one; a start
                # one hop from another start is kept as reached from it too ("who do we get
                # the status page from": the vendor named beside it)
                is_start = known is not None and known[0].hops == 0
                if is_start and (hop > 1 or len(known or []) > PATHS_PER_THING):
                    continue
                if (
                    known is not None
                    and not is_start
                    and (known[0].hops < hop or len(known) >= PATHS_PER_THING)
                ):
                    continue
                if known is None and len(reached) >= MAX_REACHED:
                    continue
                source, target = (a_id, b_id) if outgoing else (b_id, a_id)
                edge = edge_ref(str(source), str(rel), str(target), since, until, e_src)
                found = Reached(
                    _node(b_id, str(b_type), name, src, as_of, sample),
                    (*base.edges, edge),
                    (*base.chain, (b_id, str(b_type), name)),
                )
                if known is None:
                    reached[b_id] = [found]
                    nxt.append(b_id)
                else:
                    known.append(found)
        frontier = nxt
    _join_through_starts(reached, order, hops)
    return roots, reached, degrees


#: Paths joined through another start at most, per walk.
MAX_JOINED = 300


def _join_through_starts(
    reached: dict[str, list[Reached]], order: dict[str, int], hops: int
) -> None:
    """Add the paths that run from one start through another: "the triage bot runs on a
    Deskflow key - who owns the tool that key belongs to" names the key and the tool, and
    the owner is one hop from the tool but three from the bot. A walk keeps each thing's
    shortest path, which starts at the nearest start; a path from a stronger start (one
    earlier in ``order``) that passes through that one is kept beside it, within the hops
    asked and never through the same thing twice."""
    into: dict[str, list[Reached]] = {}
    for paths in reached.values():
        for r in paths:
            end = r.chain[-1][0]
            if r.hops and end in order and order[r.chain[0][0]] < order[end]:
                into.setdefault(end, []).append(r)
    joined = 0
    for paths in list(reached.values()):
        for r in list(paths):
            start = r.chain[0][0]
            for lead in into.get(start, []):
                if joined >= MAX_JOINED:
                    return
                chain = (*lead.chain, *r.chain[1:])
                if r.hops == 0 or lead.hops + r.hops > hops:
                    continue
                if len({c[0] for c in chain}) < len(chain):
                    continue
                paths.append(Reached(r.node, (*lead.edges, *r.edges), chain))
                joined += 1


async def closeness(graph: TenantGraph, text: str, ids: list[str]) -> dict[str, float]:
    """How close each thing is to ``text`` by meaning (empty without an embedder)."""
    if graph.embedder is None or not ids or not text.strip():
        return {}
    vector = (await graph.embedder.embed([text]))[0]
    res = await graph.read(
        "evidence closeness", READ_CLOSENESS, {"ids": ids, "v": vector, "limit": len(ids)}
    )
    return {str(i): round(float(c), 4) for i, c in res.rows if c is not None}


async def around(
    graph: TenantGraph,
    starts: list[str],
    *,
    as_of_ms: int,
    hops: int = MAX_HOPS,
    types: list[str] | None = None,
    text: str | None = None,
    limit: int = 200,
) -> ReadResult:
    """What lies within ``hops`` current edges of the ``starts`` (ids or exact names),
    nearest first, each with its path and that path said as a sentence (``hops`` 0: the
    starts alone, to read their closeness to ``text``).

    ``types`` keeps only things of those types (the starts are always reported, at hop
    0); ``text`` adds each thing's closeness to it by meaning. A start the brain does not
    hold is skipped; none held is "not in your records".
    """
    roots, reached, degrees = await walk(graph, starts, as_of_ms=as_of_ms, hops=hops)
    if not roots:
        return not_found("around", as_of_ms, ", ".join(starts))
    wanted = set(types or ())
    picked = [
        r
        for paths in reached.values()
        for r in paths
        if r.hops == 0 or not wanted or r.node["type"] in wanted
    ]
    picked.sort(key=lambda r: (r.hops, r.node["type"], r.node["id"]))
    picked = picked[:limit]
    near = await closeness(graph, text or "", list(dict.fromkeys(r.node["id"] for r in picked)))
    names = {i: str(paths[0].node["name"] or i) for i, paths in reached.items()}
    items: list[dict[str, Any]] = []
    nodes: list[NodeRef] = []
    edges: dict[tuple[str, str, str], EdgeRef] = {}
    for r in picked:
        n = r.node
        item: dict[str, Any] = {
            "node": {"id": n["id"], "type": n["type"], "name": n["name"]},
            "hops": r.hops,
            "path": [e.model_dump() for e in r.edges],
            "via": [{"id": i, "type": t, "name": name} for i, t, name in r.chain],
            "said": sentence(r.edges, names) if r.edges else str(n["name"] or n["id"]),
        }
        if n["id"] in near:
            item["closeness"] = near[n["id"]]
        if n["id"] in degrees and degrees[n["id"]] > LATER_HOP_EDGES:
            item["degree"] = degrees[n["id"]]
        items.append(item)
        for e in r.edges:
            edges.setdefault((e.source, e.type, e.target), e)
    shown = {i["node"]["id"] for i in items} | {
        x for e in edges.values() for x in (e.source, e.target)
    }
    for node_id in sorted(shown, key=lambda i: (reached[i][0].hops, i)):
        n = reached[node_id][0].node
        nodes.append(NodeRef(id=node_id, type=n["type"], name=n["name"]))
    used = [reached[i][0].node for i in shown]
    newest = max((n["as_of_ms"] for n in used if n["as_of_ms"] is not None), default=None)
    return ReadResult(
        tool="around",
        as_of=format_moment(as_of_ms) or "",
        data={
            "starts": [{"id": r["id"], "type": r["type"], "name": r["name"]} for r in roots],
            "items": items,
            "reached": len(reached),
            "truncated": len(reached) >= MAX_REACHED or len(picked) >= limit,
        },
        evidence=Evidence(nodes=nodes, edges=list(edges.values())),
        sample=any(n["sample"] for n in used),
        newest_as_of=format_moment(newest),
    )
