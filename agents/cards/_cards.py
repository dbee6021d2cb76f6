"""Approval cards: anything that acts on the world waits as a Card until a person approves it.

A desk drafts a ``CardDraft``; ``propose`` writes it into the tenant graph as a pending
``Card`` node with CITES edges to the evidence and a PROPOSED edge from its Turn. A button
click (or ``hivebrain card``) calls ``decide``, which checks the clicker is one of the
tenant's approvers, moves the card out of ``pending`` exactly once (an atomic
compare-and-set, so two approvers clicking together act once) and, on approval, runs the
card's executor once (``agents.cards._decisions``). The payload is stored as one text
with its SHA-256 (``payloadHash``); ``decide`` and the executors refuse a card whose text
no longer matches, so what runs is what the approver saw.
"""

from __future__ import annotations

import json
import logging
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agents.cards._kinds import CARD_KINDS, describe, payload_hash, payload_json, read_payload
from agents.errors import CardUnknown, ToolArgsInvalid
from brain import TenantGraph, WriteRefused, format_moment
from brain.reads import stored_card, stored_cards
from brain.schema import ALLOWED_PATTERNS

log = logging.getLogger(__name__)

CardKind = Literal[
    "email",
    "minutes",
    "post",
    "reply",
    "label",
    "comment",
    "assign",
    "triage",
    "code_fix",
    "ad_change",
    "channel_message",
    "note",
    "task",
    "correction",
]
CardStatus = Literal[
    "pending", "approved", "rejected", "expired", "executing", "executed", "failed"
]
CardAction = Literal["approve", "reject", "retry"]

#: The ``src`` of everything the card machinery writes.
CARD_SRC = "hivebrain:card"
#: Cited ids kept per card; a draft citing more is refused at validation.
MAX_CITES = 50
#: How long an executor may run before the card is marked failed.
EXECUTE_TIMEOUT_S = 120.0
#: Longest result sentence kept on a card.
MAX_RESULT_CHARS = 500
#: Edits kept in a card's history.
MAX_HISTORY = 20
#: The result a card keeps when its process stopped mid-action (never retried by itself).
UNKNOWN_OUTCOME = "stopped unexpectedly; check by hand whether it ran"


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
    origin: str | None = Field(
        default=None, max_length=200, description="where it was proposed: 'slack:C1'"
    )
    note: str | None = Field(
        default=None, max_length=1_000, description="shown under the exact preview"
    )


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
    payload_hash: str | None = None
    origin: str | None = None
    attempts: int = 0
    #: Edits and retries, oldest first: ``{"at", "by", "what", ...}``.
    history: list[dict[str, Any]] = Field(default_factory=list)
    #: The tenant the card belongs to (its graph's slug), for executors acting as it.
    tenant: str = ""

    @property
    def idempotency_key(self) -> str:
        """One key per card, the same on every attempt, for APIs that dedupe by key
        (short: Discord's message nonce holds 25 characters)."""
        return self.id

    def payload_intact(self) -> bool:
        """Whether the payload is the one hashed when it was proposed (or last edited)."""
        return (
            self.payload_hash is not None
            and payload_hash(payload_json(self.payload)) == self.payload_hash
        )

    @property
    def can_retry(self) -> bool:
        """Whether an approver may run a failed card again (not one that stopped mid-way)."""
        return self.status == "failed" and self.result != UNKNOWN_OUTCOME


def card_view(card: Card) -> dict[str, Any]:
    """A card as people see it, JSON-ready: what it proposes and where it stands.

    The one view of a stored card: a turn reports its cards this way, and the chat
    renderers read it (``bots.core.CardView``). Times are ISO text; the payload stays out.
    """
    return {
        "id": card.id,
        "kind": card.kind,
        "title": card.title,
        "preview": card.preview,
        "status": card.status,
        "proposed_by": card.proposed_by,
        "expires_at": format_moment(card.expires_at),
        "decided_by": card.decided_by,
        "decided_at": format_moment(card.decided_at),
        "result": card.result,
        "can_retry": card.can_retry,
    }


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


def draft_card(
    kind: CardKind,
    payload: dict[str, Any],
    *,
    title: str,
    proposed_by: str,
    cites: list[str] | None = None,
    turn_id: str | None = None,
    origin: str | None = None,
    note: str | None = None,
    expires_in_hours: float = 72,
) -> CardDraft:
    """A draft of a typed kind (``agents.cards._kinds.CARD_KINDS``) from its filled payload.

    The executor is the kind's own and the preview is written from the payload, so the
    approver reads exactly what will be sent. Raises ``ToolArgsInvalid`` (safe to show)
    when the payload does not fit the kind, ``ValueError`` for an unknown kind.
    """
    spec = CARD_KINDS.get(kind)
    if spec is None:
        raise ValueError(f"unknown card kind {kind!r}")
    try:
        model = read_payload(spec, payload)
    except ValueError as exc:
        raise ToolArgsInvalid("card", str(exc)) from None
    return CardDraft(
        kind=kind,
        title=title.strip()[:200] or kind,
        preview=spec.describe(model)[:8_000],
        payload=model.model_dump(mode="json", exclude_none=True),
        executor=spec.executor,
        cites=list(dict.fromkeys(cites or []))[:MAX_CITES],
        proposed_by=proposed_by,
        turn_id=turn_id,
        origin=origin,
        note=note,
        expires_in_hours=expires_in_hours,
    )


def _preview(draft: CardDraft) -> str:
    exact = describe(draft.kind, draft.executor, draft.payload) or draft.preview
    return f"{exact}\n\n{draft.note}" if draft.note else exact


async def propose(graph: TenantGraph, draft: CardDraft, *, now_ms: int) -> Card:
    """Write a pending card for ``draft`` and return it.

    Cited ids that do not exist (or that a card may not cite, such as other Turns) are
    skipped, not fatal: a model citing one stale id should not lose the whole proposal.
    The PROPOSED edge is written only when ``turn_id`` names an existing Turn or Finding.
    Raises ``WriteRefused`` if the card node itself is refused by the gate.
    """
    try:
        stored = payload_json(draft.payload)
    except (TypeError, ValueError) as exc:
        raise WriteRefused(f"card payload is not JSON-serialisable: {exc}") from exc
    card_id = f"card-{uuid.uuid4().hex[:12]}"
    expires_at = now_ms + int(draft.expires_in_hours * 3_600_000)
    node = {
        "type": "Card",
        "id": card_id,
        "name": draft.title,
        "kind": draft.kind,
        "preview": _preview(draft)[:8_000],
        "payload": stored,
        "payloadHash": payload_hash(stored),
        "origin": draft.origin,
        "attempts": 0,
        "history": "[]",
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
    report = await _write_card(graph, facts)
    if report.refusals:
        line, reason = report.refusals[0]
        if line == 1:
            raise WriteRefused(reason)
        log.warning("card %s: %d links refused: %s", card_id, report.refused, reason)
    log.info("tenant %s: card %s proposed by %s", graph.slug, card_id, draft.proposed_by)
    return await get_card(graph, card_id)


async def _write_card(graph: TenantGraph, facts: list[dict[str, Any]]) -> Any:
    """The one place a card and its links are written (the assistant's own record)."""
    return await graph.write_facts(enumerate(facts, 1), origin="assistant")


# --- reading ------------------------------------------------------------------------------


def _card(stored: dict[str, Any], tenant: str) -> Card:
    return Card(
        id=stored["id"],
        kind=stored["kind"],
        title=stored["name"],
        preview=stored["preview"],
        payload=json.loads(stored["payload"] or "{}"),
        executor=stored["executor"],
        status=stored["status"],
        proposed_by=stored["proposedBy"],
        turn_id=stored["turnId"],
        created_at=stored["proposedAt"],
        expires_at=stored["expiresAt"],
        decided_by=stored["decidedBy"],
        decided_at=stored["decidedAt"],
        result=stored["result"],
        cites=sorted(stored["cites"] or []),
        payload_hash=stored["payloadHash"],
        origin=stored["origin"],
        attempts=int(stored["attempts"] or 0),
        history=json.loads(stored["history"] or "[]"),
        tenant=tenant,
    )


async def list_cards(
    graph: TenantGraph,
    *,
    status: CardStatus | None = None,
    limit: int = 50,
    now_ms: int | None = None,
    origin: str | None = None,
) -> list[Card]:
    """Cards, newest first, optionally of one status or proposed in one channel.

    With ``now_ms``, a pending card past its expiry is reported (and filtered) as
    ``expired`` without writing anything; ``decide`` records the expiry when it sees one.
    ``origin`` (``slack:C1``) lists one channel's cards, of every status.
    """
    found = await stored_cards(graph, status=status, origin=origin, limit=limit, now_ms=now_ms)
    return [_card(stored, graph.slug) for stored in found]


async def get_card(graph: TenantGraph, card_id: str) -> Card:
    """One card as stored; raises ``CardUnknown``."""
    stored = await stored_card(graph, card_id)
    if stored is None:
        raise CardUnknown(card_id)
    return _card(stored, graph.slug)
