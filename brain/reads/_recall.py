"""What the assistant already said about some things: earlier turns and open cards citing them.

A turn starts by recalling (``agents``' turn): it searches the question's things, then
asks which earlier turns cited the most of them and which pending cards cite any. Both
read the Turn and Card nodes the assistant keeps in the tenant graph, not the business's
records, so they are plain reads with no moment.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph

#: A recall must never hold a turn up for long.
RECALL_TIMEOUT_MS = 5_000


class EarlierTurn(BaseModel):
    """A turn that cited some of the things: its question, when, and how many it cited."""

    model_config = ConfigDict(frozen=True)

    id: str
    question: str
    asked_at: str | None
    overlap: int


class OpenCard(BaseModel):
    """A pending card that cites one of the things."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    kind: str


#: Turns by how many of the things they cited, newest first among equals.
READ_EARLIER_TURNS = """
MATCH (t:Turn)-[:CITES]->(n:Entity)
WHERE n.id IN $ids
WITH t, count(n) AS overlap
RETURN t.id, t.name, t.askedAt, overlap
ORDER BY overlap DESC, t.askedAt DESC
LIMIT $limit
"""


async def earlier_turns(graph: TenantGraph, ids: Sequence[str], *, limit: int) -> list[EarlierTurn]:
    """Earlier turns that cited any of ``ids``, those citing the most first."""
    params = {"ids": list(ids), "limit": limit}
    res = await graph.ro_query(
        "recall turns", READ_EARLIER_TURNS, params, timeout_ms=RECALL_TIMEOUT_MS
    )
    return [
        EarlierTurn(id=i, question=q or "", asked_at=format_moment(a), overlap=o)
        for i, q, a, o in res.rows
    ]


#: Pending cards citing any of the things.
READ_OPEN_CARDS = """
MATCH (c:Card)-[:CITES]->(n:Entity)
WHERE n.id IN $ids AND c.status = 'pending'
RETURN DISTINCT c.id, c.name, c.kind
LIMIT $limit
"""


async def open_cards_citing(
    graph: TenantGraph, ids: Sequence[str], *, limit: int
) -> list[OpenCard]:
    """Pending cards that cite any of ``ids``."""
    params = {"ids": list(ids), "limit": limit}
    res = await graph.ro_query(
        "recall cards", READ_OPEN_CARDS, params, timeout_ms=RECALL_TIMEOUT_MS
    )
    return [OpenCard(id=i, title=n or "", kind=k) for i, n, k in res.rows]
