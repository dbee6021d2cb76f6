"""Deciding cards: approve, reject, retry and edit, each a forward-only compare-and-set.

Statuses only move forward, each step one compare-and-set (a single Cypher statement,
so a retried delivery, two approvers or a second click move a card once)::

    pending -> executing -> executed | failed      (approved, with an executor wired)
    pending -> approved                            (approved, nothing to run here)
    pending -> rejected | expired
    failed  -> executing                           (an approver retries)

A card whose process stopped while ``executing`` stays ``executing``: whether the action
happened is unknown, so it is never re-run by itself. Before an executor runs, the stored
payload is checked against its hash, so what runs is what the approver saw. Approvers
may edit a pending card's payload (``edit_card``); the old payload is kept in its history.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from agents.cards._cards import (
    CARD_SRC,
    EXECUTE_TIMEOUT_S,
    MAX_HISTORY,
    MAX_RESULT_CHARS,
    UNKNOWN_OUTCOME,
    Card,
    CardAction,
    CardStatus,
    Decision,
    get_card,
    is_approver,
)
from agents.cards._kinds import describe, kind_spec, payload_hash, payload_json, read_payload
from agents.errors import ActionFailed, CardNotPending, NotApprover, ToolArgsInvalid
from brain import HivebrainError, TenantGraph

if TYPE_CHECKING:
    from agents.cards._executors import Executor, ExecutorRegistry

log = logging.getLogger(__name__)


# --- deciding -----------------------------------------------------------------------------


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")


async def _move(
    graph: TenantGraph,
    card_id: str,
    frm: CardStatus,
    changes: dict[str, Any],
    *,
    also: dict[str, Any] | None = None,
) -> bool:
    # one statement: the status (and ``also``) are compared and changed together
    return await graph.compare_and_set(
        card_id, expect={"status": frm, **(also or {})}, changes=changes, src=CARD_SRC
    )


async def _not_pending(graph: TenantGraph, card_id: str) -> CardNotPending:
    return CardNotPending(card_id, (await get_card(graph, card_id)).status)


def _history(card: Card, entry: dict[str, Any]) -> str:
    return json.dumps([*card.history, entry][-MAX_HISTORY:], ensure_ascii=False)


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
    """Approve, reject or retry a card as ``user_key``; an approval runs its executor once.

    ``settings`` are the tenant's settings (``Registry.get(slug).settings``). Raises
    ``NotApprover`` (nothing changes), ``CardUnknown``, ``CardNotPending`` (already
    decided, executing, or expired: a pending card past its expiry is first recorded as
    expired; for ``retry``, a card that did not fail) and ``ExecutorUnknown`` when
    approving a card whose executor is not wired in this process (the card stays
    pending, so an approver elsewhere can still act). A failing executor does not raise:
    the card ends ``failed``, the outcome says why, and ``retry`` may run it again.
    """
    if action not in ("approve", "reject", "retry"):
        raise ValueError(f"action must be 'approve', 'reject' or 'retry', not {action!r}")
    if not is_approver(settings, user_key):
        raise NotApprover(user_key, graph.slug)
    card = await get_card(graph, card_id)
    if action == "retry":
        return await _retry(graph, card, user_key=user_key, executors=executors, now_ms=now_ms)
    if card.status != "pending":
        raise CardNotPending(card_id, card.status)
    if now_ms >= card.expires_at:
        await _move(graph, card_id, "pending", {"status": "expired"})
        raise await _not_pending(graph, card_id)
    executor = executors.get(card.executor) if action == "approve" else None
    status: CardStatus = "rejected" if action == "reject" else "approved"
    # with an executor the card goes straight to executing: no state between the
    # approval and the run that a restart could leave behind and a click re-run
    stored: CardStatus = "executing" if executor is not None else status
    decided = {"status": stored, "decidedBy": user_key, "decidedAt": now_ms}
    if not await _move(graph, card_id, "pending", decided):
        raise await _not_pending(graph, card_id)
    verdict = f"{status.capitalize()} by {user_key} at {_when(now_ms)}"
    log.info("tenant %s: card %s %s by %s", graph.slug, card_id, status, user_key)
    if executor is None:
        return Decision(card=await get_card(graph, card_id), outcome=verdict)
    return await _run(graph, card_id, executor, verdict)


async def _retry(
    graph: TenantGraph,
    card: Card,
    *,
    user_key: str,
    executors: ExecutorRegistry,
    now_ms: int,
) -> Decision:
    """Run a failed card again, once, however many approvers click Retry together."""
    if not card.can_retry:
        raise CardNotPending(card.id, card.status)
    executor = executors.get(card.executor)
    entry = {"at": now_ms, "by": user_key, "what": "retry", "reason": card.result}
    changes = {
        "status": "executing",
        "attempts": card.attempts + 1,
        "history": _history(card, entry),
        "result": "retrying",
    }
    if not await _move(graph, card.id, "failed", changes, also={"attempts": card.attempts}):
        raise await _not_pending(graph, card.id)
    log.info("tenant %s: card %s retried by %s", graph.slug, card.id, user_key)
    verdict = f"Retried by {user_key} at {_when(now_ms)}"
    return await _run(graph, card.id, executor, verdict)


async def _run(graph: TenantGraph, card_id: str, executor: Executor, verdict: str) -> Decision:
    running = await get_card(graph, card_id)
    if not running.payload_intact():
        failure = ActionFailed(
            running.executor,
            "the card's payload no longer matches what was shown; nothing ran. Propose it again.",
        )
        return await _finish(graph, card_id, verdict, None, failure)
    try:
        async with asyncio.timeout(EXECUTE_TIMEOUT_S):
            result = await executor.execute(running)
    except TimeoutError:
        failure = ActionFailed(running.executor, f"no answer within {EXECUTE_TIMEOUT_S:.0f} s")
        return await _finish(graph, card_id, verdict, None, failure)
    except HivebrainError as exc:
        return await _finish(graph, card_id, verdict, None, exc)
    except BaseException:
        # Unknown whether the action happened: never leave the card "executing" forever,
        # and never let it look retryable.
        await _move(graph, card_id, "executing", {"status": "failed", "result": UNKNOWN_OUTCOME})
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


# --- editing ------------------------------------------------------------------------------


async def edit_card(
    graph: TenantGraph,
    settings: dict[str, Any],
    *,
    card_id: str,
    changes: dict[str, Any],
    user_key: str,
    now_ms: int,
) -> Card:
    """An approver changes fields of a pending card's payload before approving it.

    ``changes`` are merged into the payload (``{"text": "..."}``) and checked against
    the card's kind; the preview is written again from the new payload, its hash
    replaced, and the old payload kept in the card's history. Raises ``NotApprover``,
    ``CardUnknown``, ``CardNotPending`` (also when someone decided or edited it at the
    same moment) and ``ToolArgsInvalid`` (what is wrong with the edit).
    """
    if not is_approver(settings, user_key):
        raise NotApprover(user_key, graph.slug)
    card = await get_card(graph, card_id)
    if card.status != "pending" or now_ms >= card.expires_at:
        raise CardNotPending(card_id, "expired" if card.status == "pending" else card.status)
    payload = {**card.payload, **changes}
    spec = kind_spec(card.kind, card.executor)
    if spec is not None:
        try:
            payload = read_payload(spec, payload).model_dump(mode="json", exclude_none=True)
        except ValueError as exc:
            raise ToolArgsInvalid("card", str(exc)) from None
    stored = payload_json(payload)
    entry = {"at": now_ms, "by": user_key, "what": "edit", "before": card.payload}
    update = {
        "payload": stored,
        "payloadHash": payload_hash(stored),
        "preview": (describe(card.kind, card.executor, payload) or card.preview)[:8_000],
        "history": _history(card, entry),
    }
    # compared with the hash read above: an edit racing another edit or a decision loses
    if not await _move(graph, card_id, "pending", update, also={"payloadHash": card.payload_hash}):
        raise await _not_pending(graph, card_id)
    log.info("tenant %s: card %s edited by %s", graph.slug, card_id, user_key)
    return await get_card(graph, card_id)
