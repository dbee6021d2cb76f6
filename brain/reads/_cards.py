"""Approval cards as stored: the Card nodes the assistant keeps, read back with what they cite.

What a card means (its kinds, who may decide it, what runs on approval) is the card
machinery's (``agents.cards``); this reads the nodes it wrote: one card by id, or cards
newest first, of one status or proposed in one channel. With a moment, a pending card past
its expiry reads as ``expired`` without anything being written (deciding it records that).
Each card comes back as a dict keyed by its stored property names (``CARD_FIELDS``), the
payload and history still as the texts they were stored as.
"""

from __future__ import annotations

from typing import Any

from brain._tenant_graph import TenantGraph

#: The properties a card read returns, in order: each card is a dict with these keys.
CARD_FIELDS = (
    "id", "kind", "name", "preview", "payload", "executor", "status", "proposedBy", "turnId",
    "proposedAt", "expiresAt", "decidedBy", "decidedAt", "result", "cites", "payloadHash",
    "origin", "attempts", "history",
)  # fmt: skip
#: Cards one read returns at most.
MAX_CARDS = 1_000

# A pending card past its expiry reads as expired (``decide`` records it when it sees one).
_STATUS = """
WITH c, CASE WHEN c.status = 'pending' AND $now IS NOT NULL AND c.expiresAt <= $now
  THEN 'expired' ELSE c.status END AS status
"""
_FIELDS = """
OPTIONAL MATCH (c)-[e:CITES]->(n:Entity)
WHERE e.until IS NULL
WITH c, status, collect(n.id) AS cites
RETURN c.id, c.kind, c.name, c.preview, c.payload, c.executor, status, c.proposedBy,
  c.turnId, c.proposedAt, c.expiresAt, c.decidedBy, c.decidedAt, c.result, cites,
  c.payloadHash, c.origin, c.attempts, c.history
"""
_NEWEST = """
WITH c, status
ORDER BY c.proposedAt DESC, c.id
LIMIT $limit
"""


def _fields(row: list[Any]) -> dict[str, Any]:
    return dict(zip(CARD_FIELDS, row, strict=True))


#: One card by its id, through the Entity.id index; its status as stored.
READ_CARD = (
    "MATCH (c:Entity {id: $id}) WHERE c.type = 'Card' WITH c, c.status AS status"
    + _FIELDS
    + "LIMIT $limit"
)


async def stored_card(graph: TenantGraph, card_id: str) -> dict[str, Any] | None:
    """One card as stored (``CARD_FIELDS``), or None when no card has that id."""
    res = await graph.ro_query("read card", READ_CARD, {"id": card_id, "limit": 1})
    return _fields(res.rows[0]) if res.rows else None


#: Cards newest first, of every status.
READ_CARDS = "MATCH (c:Card)" + _STATUS + _NEWEST + _FIELDS + "ORDER BY c.proposedAt DESC, c.id"
#: Cards of one status: the Card.status index picks those stored with a status that can
#: read as it (``$stored``), then the expiry test keeps the ones that do.
READ_CARDS_OF_STATUS = (
    "MATCH (c:Card) WHERE c.status IN $stored"
    + _STATUS
    + "WHERE status = $status"
    + _NEWEST
    + _FIELDS
    + "ORDER BY c.proposedAt DESC, c.id"
)
#: Cards proposed in one channel (``origin``), newest first, of every status.
READ_CARDS_FROM = (
    "MATCH (c:Card) WHERE c.origin = $origin"
    + _STATUS
    + _NEWEST
    + _FIELDS
    + "ORDER BY c.proposedAt DESC, c.id"
)


async def stored_cards(
    graph: TenantGraph,
    *,
    status: str | None = None,
    origin: str | None = None,
    limit: int = 50,
    now_ms: int | None = None,
) -> list[dict[str, Any]]:
    """Cards newest first (``CARD_FIELDS``), optionally of one status or from one channel.

    With ``now_ms``, a pending card past its expiry reads (and filters) as ``expired``.
    ``origin`` (``slack:C1``) reads one channel's cards; with a status too, the newest
    ``limit`` of that channel are read and then filtered. Raises ``ValueError`` for a
    ``limit`` outside 1..``MAX_CARDS``.
    """
    if not 1 <= limit <= MAX_CARDS:
        raise ValueError(f"limit must be between 1 and {MAX_CARDS}")
    params: dict[str, Any] = {"limit": limit, "now": now_ms}
    if origin is not None:
        res = await graph.ro_query("read cards from", READ_CARDS_FROM, params | {"origin": origin})
        cards = [_fields(row) for row in res.rows]
        return [c for c in cards if status is None or c["status"] == status]
    if status is None:
        res = await graph.ro_query("read cards", READ_CARDS, params)
    else:
        stored = [status, "pending"] if status == "expired" and now_ms is not None else [status]
        params |= {"status": status, "stored": stored}
        res = await graph.ro_query("read cards of status", READ_CARDS_OF_STATUS, params)
    return [_fields(row) for row in res.rows]
