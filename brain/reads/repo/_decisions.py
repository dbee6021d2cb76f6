"""Why something was decided: the Decision that answers a "why", and the trail behind it.

Full-text search (the index stems, so "queues" meets "queue") over Decisions' summaries
and rationales finds a pool; the pool is re-ranked by keyword coverage (the share of the
question's own words a Decision holds), because raw full-text scores favour short
summaries that pack a few query words. Ties break on full-text score times the
extraction's confidence. From the winner one read walks where it was decided, what that
fixed, who made it, what it affected, and the comments it rests on.
"""

from __future__ import annotations

from typing import Any

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph
from brain.reads._evidence import EdgeRef, Evidence, NodeRef, ReadResult
from brain.reads.repo._code_areas import coverage, keywords, ref, terms
from brain.reads.repo._triage import ft_query

#: Decisions the full-text search hands to the re-ranking.
POOL = 50
#: Other candidates listed beside the winner.
ALTERNATIVES = 3

READ_DECISIONS = """
CALL db.idx.fulltext.queryNodes('Decision', $q) YIELD node, score
WITH node, score
WHERE coalesce(node.firstAsOf, node.asOf, 0) <= $t
WITH node, score ORDER BY score DESC, ID(node) LIMIT $pool
RETURN node.id, node.name, coalesce(node.text, ''), coalesce(node.summary, ''),
       coalesce(node.rationale, ''), coalesce(node.confidence, 1.0), score, node.asOf
"""

# Each arm is one hop from the indexed Decision id; the UNION keeps every plan small.
READ_TRAIL = """
MATCH (d:Decision {id: $id})-[e:DECIDED_IN|MADE_BY|AFFECTS|EVIDENCED_BY|SUPERSEDES]->(x)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN 0 AS hop, d.id AS source, type(e) AS rel, x.id AS target, x.type AS type,
       x.name AS name, e.since AS since, e.until AS until, e.src AS src,
       left(coalesce(x.text, ''), 300) AS text
LIMIT $limit
UNION ALL
MATCH (d:Decision {id: $id})-[:DECIDED_IN]->(w)-[e:FIXES]->(x)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN 1 AS hop, w.id AS source, type(e) AS rel, x.id AS target, x.type AS type,
       x.name AS name, e.since AS since, e.until AS until, e.src AS src,
       left(coalesce(x.text, ''), 300) AS text
LIMIT $limit
"""


async def decision_trail(graph: TenantGraph, text: str, *, as_of_ms: int) -> ReadResult:
    """The Decision that best answers ``text``, with where, why, who, what and evidence."""
    t = as_of_ms
    words = keywords(text)
    query = ft_query(terms(text))
    rows: list[list[Any]] = []
    if query is not None:
        res = await graph.read(
            "decision search", READ_DECISIONS, {"q": query, "t": t, "pool": POOL}
        )
        rows = res.rows
    scored = sorted(
        (
            (
                coverage(words, f"{name} {body} {summary} {rationale}"),
                float(score or 0) * float(conf or 1),
                row,
            )
            for row in rows
            for name, body, summary, rationale, conf, score in [row[1:7]]
        ),
        key=lambda s: (-s[0], -s[1], s[2][0]),
    )
    if not scored or scored[0][0] <= 0:
        return ReadResult(
            tool="decision_trail",
            as_of=format_moment(t) or "",
            found=False,
            message="No decision about that is in your records.",
            data={"query": text, "decision": None, "alternatives": []},
        )
    best = scored[0][2]
    did = best[0]
    trail = await graph.read("decision trail", READ_TRAIL, {"id": did, "t": t, "limit": 100})
    nodes: dict[str, NodeRef] = {did: NodeRef(id=did, type="Decision", name=best[1])}
    edges: list[EdgeRef] = []
    parts: dict[str, list[dict[str, Any]]] = {
        "DECIDED_IN": [], "MADE_BY": [], "AFFECTS": [], "EVIDENCED_BY": [], "FIXES": [],
        "SUPERSEDES": [],
    }  # fmt: skip
    for row in trail.rows:
        _, source, rel, xid, xtype, xname = row[:6]
        nodes.setdefault(xid, NodeRef(id=xid, type=xtype, name=xname))
        edges.append(ref(row, source, rel, xid, 6))
        item = {"id": xid, "type": xtype, "name": xname}
        if rel == "EVIDENCED_BY":
            item["text"] = row[9]
        parts[rel].append(item)
    data = {
        "query": text,
        "decision": {
            "id": did,
            "summary": best[1],
            "rationale": best[4] or best[2],
            "confidence": best[5],
            "at": format_moment(best[7]),
            "match": round(scored[0][0], 3),
        },
        "decided_in": parts["DECIDED_IN"],
        "fixes": parts["FIXES"],
        "made_by": parts["MADE_BY"],
        "affects": parts["AFFECTS"],
        "evidence": parts["EVIDENCED_BY"],
        "supersedes": parts["SUPERSEDES"],
        "alternatives": [
            {"id": row[0], "summary": row[1], "match": round(cov, 3)}
            for cov, _, row in scored[1 : 1 + ALTERNATIVES]
        ],
    }
    return ReadResult(
        tool="decision_trail",
        as_of=format_moment(t) or "",
        data=data,
        evidence=Evidence(nodes=list(nodes.values()), edges=edges),
    )
