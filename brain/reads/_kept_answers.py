"""Kept answers: an Answer node holding a tool's result, and whether its evidence moved since.

The agents keep the answers of expensive, deterministic tools as Answer nodes (written by
the assistant, keyed by the question) that CITE the nodes their evidence holds
(``agents.tools``). These reads find the newest such answer for a key and tell whether
anything it cites was touched after it was written: a cited node updated or recorded
later, or an edge at one recorded or closed later. The assistant's own CITES edges say
nothing about the records and are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from brain._tenant_graph import TenantGraph


@dataclass(frozen=True, slots=True)
class KeptAnswer:
    """An Answer as stored: its id, the result as JSON text, and the write stamp it was
    last checked at."""

    id: str
    result: str
    stamp: str | None


READ_ANSWER = """
MATCH (a:Answer {key: $key})
WHERE a.createdAt >= $fresh_after
RETURN a.id, a.result, a.stamp
ORDER BY a.createdAt DESC
LIMIT $limit
"""


async def kept_answer_for(graph: TenantGraph, key: str, *, fresh_after: int) -> KeptAnswer | None:
    """The newest Answer kept for question ``key`` since ``fresh_after`` (epoch ms), if any."""
    params = {"key": key, "fresh_after": fresh_after, "limit": 1}
    res = await graph.read("kept answer", READ_ANSWER, params)
    if not res.rows:
        return None
    answer_id, result, stamp = res.rows[0]
    return KeptAnswer(str(answer_id), str(result), None if stamp is None else str(stamp))


READ_TOUCHED_NODES = """
MATCH (a:Answer {id: $id})-[:CITES]->(n)
WHERE coalesce(n.updatedAt, 0) > a.createdAt OR coalesce(n.recordedAt, 0) > a.createdAt
RETURN count(n)
LIMIT $limit
"""

READ_TOUCHED_EDGES = """
MATCH (a:Answer {id: $id})-[:CITES]->(n)
MATCH (n)-[e]-()
WHERE type(e) <> 'CITES'
  AND (coalesce(e.recordedAt, 0) > a.createdAt OR coalesce(e.retiredAt, 0) > a.createdAt)
RETURN count(e)
LIMIT $limit
"""


async def is_answer_touched(graph: TenantGraph, answer_id: str) -> bool:
    """Whether anything Answer ``answer_id`` cites was written or closed after it."""
    params = {"id": answer_id, "limit": 1}
    nodes = await graph.read("answer evidence touched", READ_TOUCHED_NODES, params)
    if nodes.scalar(0):
        return True
    edges = await graph.read("answer edges touched", READ_TOUCHED_EDGES, params)
    return bool(edges.scalar(0))
