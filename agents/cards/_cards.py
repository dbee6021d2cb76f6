"""Approval cards: anything that acts on the world waits as a Card until a person approves it.

A desk drafts a ``CardDraft``; ``propose`` writes it into the tenant graph as a pending
``Card`` node with CITES edges to the evidence and a PROPOSED edge from its Turn. A button
click (or ``hivebrain card``) calls ``decide``, which checks the clicker is one of the
tenant's approvers, moves the card out of ``pending`` exactly once (an atomic
compare-and-set, so two approvers clicking together act once) and, on approval, runs the
card's executor once. Statuses only move forward::

    pending -> approved -> executing -> executed | failed
    pending -> rejected
    pending -> expired
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agents.errors import ActionFailed, CardNotPending, CardUnknown, NotApprover
from brain import HivebrainError, TenantGraph, WriteRefused
from brain.schema import ALLOWED_PATTERNS

if TYPE_CHECKING:
    from agents.cards._executors import ExecutorRegistry

log = logging.getLogger(__name__)

CardKind = Literal[
    "email",
    "post",
    "reply",
    "label",
    "comment",
    "assign",
    "code_fix",
    "ad_change",
    "channel_message",
    "note",
]
CardStatus = Literal[
    "pending", "approved", "rejected", "expired", "executing", "executed", "failed"
]
CardAction = Literal["approve", "reject"]

#: The ``src`` of everything the card machinery writes.
CARD_SRC = "hivebrain:card"
#: Cited ids kept per card; a draft citing more is refused at validation.
MAX_CITES = 50
#: How long an executor may run before the card is marked failed.
EXECUTE_TIMEOUT_S = 120.0
#: Longest result sentence kept on a card.
MAX_RESULT_CHARS = 500


class CardDraft(BaseModel):
    """What a desk proposes: the action, what the approver sees, and what the executor needs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: CardKind
    title: str = Field(min_length=1, max_length=200)
    preview: str = Field(min_length=1, max_length=8_000, description="shown to the approver")
    payload: dict[str, Any] = Field(description="what the executor needs, JSON-serialisable")
    executor: str = Field(min_length=1, max_length=64, description="executor plugin name")
    cites: list[str] = Field(default_factory=list, max_length=MAX_CITES)
    proposed_by: str = Field(min_length=1, max_length=64, description="desk name")
    turn_id: str | None = None
    expires_in_hours: float = Field(default=72, gt=0, le=24 * 90)


class Card(BaseModel):
    """A card as stored: the draft plus its state. Times are epoch milliseconds."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: CardKind
    title: str
    preview: str
    payload: dict[str, Any]
    executor: str
    status: CardStatus
    proposed_by: str
    turn_id: str | None = None
    created_at: int
    expires_at: int
    decided_by: str | None = None
    decided_at: int | None = None
    result: str | None = None
    cites: list[str] = Field(default_factory=list)


class Decision(BaseModel):
    """What a decision did: the card after it, and one sentence to show in the channel."""

    model_config = ConfigDict(frozen=True)

    card: Card
    outcome: str


def is_approver(settings: dict[str, Any], user_key: str) -> bool:
    """Whether ``user_key`` (``slack:U1``, ``discord:42``, ``console:alice``) may decide cards.

    Approvers are ``settings["approvers"]``, a list of user keys. A tenant with none
    configured has no approvers at all: nothing runs until an admin adds one with
    ``hivebrain approvers SLUG add USER``.
    """
    approvers = settings.get("approvers")
    if not user_key or not isinstance(approvers, list):
        return False
    return user_key in approvers


# --- proposing ----------------------------------------------------------------------------


async def propose(graph: TenantGraph, draft: CardDraft, *, now_ms: int) -> Card:
    """Write a pending card for ``draft`` and return it.

    Cited ids that do not exist (or that a card may not cite, such as other Turns) are
    skipped, not fatal: a model citing one stale id should not lose the whole proposal.
    The PROPOSED edge is written only when ``turn_id`` names an existing Turn or Finding.
    Raises ``WriteRefused`` if the card node itself is refused by the gate.
    """
    try:
        payload_json = json.dumps(draft.payload, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise WriteRefused(f"card payload is not JSON-serialisable: {exc}") from exc
    card_id = f"card-{uuid.uuid4().hex[:12]}"
    expires_at = now_ms + int(draft.expires_in_hours * 3_600_000)
    node = {
        "type": "Card",
        "id": card_id,
        "name": draft.title,
        "kind": draft.kind,
        "preview": draft.preview,
        "payload": payload_json,
        "executor": draft.executor,
        "status": "pending",
        "proposedBy": draft.proposed_by,
        "turnId": draft.turn_id,
        "proposedAt": now_ms,
        "expiresAt": expires_at,
        "src": CARD_SRC,
        "asOf": now_ms,
    }
    wanted = list(dict.fromkeys(draft.cites + ([draft.turn_id] if draft.turn_id else [])))
    ends = await graph.canonical_ids(wanted)
    cites: list[str] = []
    for cited in dict.fromkeys(draft.cites):
        target = ends.get(cited)
        if target and ("Card", "CITES", target[1]) in ALLOWED_PATTERNS and target[0] not in cites:
            cites.append(target[0])
    if len(cites) < len(set(draft.cites)):
        log.info("card %s: %d cited ids skipped", card_id, len(set(draft.cites)) - len(cites))
    edge = {"since": now_ms, "src": CARD_SRC, "asOf": now_ms}
    facts: list[dict[str, Any]] = [{"node": node}]
    facts += [{"edge": {"from": card_id, "type": "CITES", "to": c, **edge}} for c in cites]
    turn = ends.get(draft.turn_id) if draft.turn_id else None
    if turn and turn[1] in ("Turn", "Finding"):
        facts.append({"edge": {"from": turn[0], "type": "PROPOSED", "to": card_id, **edge}})
    report = await graph.write_facts(enumerate(facts, 1), origin="assistant")
    if report.refusals:
        line, reason = report.refusals[0]
        if line == 1:
            raise WriteRefused(reason)
        log.warning("card %s: %d links refused: %s", card_id, report.refused, reason)
    log.info("tenant %s: card %s proposed by %s", graph.slug, card_id, draft.proposed_by)
    return await get_card(graph, card_id)


# --- reading ------------------------------------------------------------------------------

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
  c.turnId, c.proposedAt, c.expiresAt, c.decidedBy, c.decidedAt, c.result, cites
"""
_NEWEST = """
WITH c, status
ORDER BY c.proposedAt DESC, c.id
LIMIT $limit
"""

#: One card by its id, through the Entity.id index; its status as stored.
READ_CARD = (
    "MATCH (c:Entity {id: $id}) WHERE c.type = 'Card' WITH c, c.status AS status"
    + _FIELDS
    + "LIMIT 1"
)
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


def _card(row: list[Any]) -> Card:
    card_id, kind, title, preview, payload, executor, status = row[:7]
    by, turn, at, exp, dby, dat, res, cites = row[7:]
    return Card(
        id=card_id,
        kind=kind,
        title=title,
        preview=preview,
        payload=json.loads(payload or "{}"),
        executor=executor,
        status=status,
        proposed_by=by,
        turn_id=turn,
        created_at=at,
        expires_at=exp,
        decided_by=dby,
        decided_at=dat,
        result=res,
        cites=sorted(cites or []),
    )


async def list_cards(
    graph: TenantGraph,
    *,
    status: CardStatus | None = None,
    limit: int = 50,
    now_ms: int | None = None,
) -> list[Card]:
    """Cards, newest first, optionally of one status.

    With ``now_ms``, a pending card past its expiry is reported (and filtered) as
    ``expired`` without writing anything; ``decide`` records the expiry when it sees one.
    """
    if not 1 <= limit <= 1_000:
        raise ValueError("limit must be between 1 and 1000")
    params: dict[str, Any] = {"limit": limit, "now": now_ms}
    if status is None:
        res = await graph.ro_query("read cards", READ_CARDS, params)
    else:
        stored = [status, "pending"] if status == "expired" and now_ms is not None else [status]
        params |= {"status": status, "stored": stored}
        res = await graph.ro_query("read cards of status", READ_CARDS_OF_STATUS, params)
    return [_card(row) for row in res.rows]


async def get_card(graph: TenantGraph, card_id: str) -> Card:
    """One card as stored; raises ``CardUnknown``."""
    res = await graph.ro_query("read card", READ_CARD, {"id": card_id})
    if not res.rows:
        raise CardUnknown(card_id)
    return _card(res.rows[0])


# --- deciding -----------------------------------------------------------------------------


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")


async def _move(graph: TenantGraph, card_id: str, frm: CardStatus, changes: dict[str, Any]) -> bool:
    return await graph.compare_and_set(
        card_id, expect={"status": frm}, changes=changes, src=CARD_SRC
    )


async def _not_pending(graph: TenantGraph, card_id: str) -> CardNotPending:
    return CardNotPending(card_id, (await get_card(graph, card_id)).status)


async def decide(
    graph: TenantGraph,
    settings: dict[str, Any],
    *,
    card_id: str,
    action: CardAction,
    user_key: str,
    executors: ExecutorRegistry,
    now_ms: int,
) -> Decision:
    """Approve or reject a pending card as ``user_key``; on approval run its executor once.

    ``settings`` are the tenant's settings (``Registry.get(slug).settings``). Raises
    ``NotApprover`` (nothing changes), ``CardUnknown``, ``CardNotPending`` (already
    decided, executing, or expired: a pending card past its expiry is first recorded as
    expired) and ``ExecutorUnknown`` when approving a card whose executor is not wired
    in this process (the card stays pending, so an approver elsewhere can still act).
    A failing executor does not raise: the card ends ``failed`` and the outcome says why.
    """
    if action not in ("approve", "reject"):
        raise ValueError(f"action must be 'approve' or 'reject', not {action!r}")
    if not is_approver(settings, user_key):
        raise NotApprover(user_key, graph.slug)
    card = await get_card(graph, card_id)
    if card.status != "pending":
        raise CardNotPending(card_id, card.status)
    if now_ms >= card.expires_at:
        await _move(graph, card_id, "pending", {"status": "expired"})
        raise await _not_pending(graph, card_id)
    executor = executors.get(card.executor) if action == "approve" else None
    status: CardStatus = "approved" if action == "approve" else "rejected"
    decided = {"status": status, "decidedBy": user_key, "decidedAt": now_ms}
    if not await _move(graph, card_id, "pending", decided):
        raise await _not_pending(graph, card_id)
    verdict = f"{status.capitalize()} by {user_key} at {_when(now_ms)}"
    log.info("tenant %s: card %s %s by %s", graph.slug, card_id, status, user_key)
    if executor is None:
        return Decision(card=await get_card(graph, card_id), outcome=verdict)
    if not await _move(graph, card_id, "approved", {"status": "executing"}):
        current = await get_card(graph, card_id)
        return Decision(card=current, outcome=f"{verdict} (already {current.status})")
    approved = await get_card(graph, card_id)
    try:
        async with asyncio.timeout(EXECUTE_TIMEOUT_S):
            result = await executor.execute(approved)
    except TimeoutError:
        failure = ActionFailed(card.executor, f"no answer within {EXECUTE_TIMEOUT_S:.0f} s")
        return await _finish(graph, card_id, verdict, None, failure)
    except HivebrainError as exc:
        return await _finish(graph, card_id, verdict, None, exc)
    except BaseException:
        # Unknown whether the action happened: never leave the card "executing" forever,
        # and never let it look retryable.
        await _move(
            graph,
            card_id,
            "executing",
            {"status": "failed", "result": "stopped unexpectedly; check by hand whether it ran"},
        )
        raise
    return await _finish(graph, card_id, verdict, result, None)


async def _finish(
    graph: TenantGraph,
    card_id: str,
    verdict: str,
    result: str | None,
    error: HivebrainError | None,
) -> Decision:
    if error is None:
        text = (result or "done").strip()[:MAX_RESULT_CHARS]
        changes: dict[str, Any] = {"status": "executed", "result": text}
        outcome = f"{verdict} — {text}"
    else:
        text = error.user_message[:MAX_RESULT_CHARS]
        changes = {"status": "failed", "result": text}
        outcome = f"{verdict} — failed: {text}"
        log.warning("tenant %s: card %s failed: %s", graph.slug, card_id, error)
    await _move(graph, card_id, "executing", changes)
    return Decision(card=await get_card(graph, card_id), outcome=outcome)
