"""Correcting a fact from chat, platform-neutral: which facts an answer read, and the fix.

Adapters show the facts of an answer with "Wrong" / "Outdated" beside each
(``fact_choices``), open their own form (a Slack modal, a Discord modal), and hand the
submitted form here as a ``FactFix``. Everything else lives here once: only members of
the workspace may correct; a correction that would close more than one fact becomes an
approval card; one that closes a single fact is applied through the gate, the question
is answered again and the corrector sees what changed and the new answer; the people the
old fact belongs to are named so the adapter can tell them. Every refusal is one
sentence, and nothing is changed then.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict

from agents import (
    AnswerUnknown,
    HivebrainError,
    TurnOptions,
    TurnResult,
    apply_correction,
    channel_scope,
    correction_payload,
    plan_correction,
)
from agents.cards import card_view, draft_card, propose
from bots.core._feedback import NOT_CONNECTED
from bots.core._reply import CardView
from brain import TenantGraph, now_ms
from brain.reads import fact_edges, read_facts, read_turn

log = logging.getLogger(__name__)

NOT_MEMBER_FIX = "Only people in this workspace can correct its brain, so I changed nothing."
#: How a correction form is labelled by mode.
MODES: dict[str, str] = {"wrong": "Wrong", "outdated": "Outdated"}


class FactFix(BaseModel):
    """A submitted correction form, normalised from either platform's payload."""

    model_config = ConfigDict(frozen=True)

    platform: str
    workspace_id: str
    user_id: str
    channel_id: str
    turn_id: str
    fact_index: int
    mode: Literal["wrong", "outdated"]
    value: str = ""
    stopped_on: str = ""
    is_member: bool = True


@dataclass(frozen=True, slots=True)
class FixOutcome:
    """What a correction did: a private note, whom to tell (platform user ids), the card."""

    note: str
    changed: bool
    tell: tuple[str, ...] = ()
    tell_note: str = ""
    card: CardView | None = None


@dataclass(frozen=True, slots=True)
class FactChoice:
    """One fact an answer read, as the "correct a fact" list shows it."""

    index: int
    text: str


async def fact_choices(graph: TenantGraph, turn_id: str) -> list[FactChoice]:
    """The facts the answer ``turn_id`` read that still hold (``AnswerUnknown`` if gone)."""
    turn = await read_turn(graph, turn_id)
    if turn is None:
        raise AnswerUnknown(turn_id)
    choices: list[FactChoice] = []
    for index, fact in enumerate(read_facts(turn)):
        edges = [e for e in await fact_edges(graph, fact) if e.is_open(now_ms())]
        if edges:
            choices.append(FactChoice(index, edges[0].text))
    return choices


class CorrectionHost(Protocol):
    """What the flow needs of its ``BotCore``: tenants, their settings, answering again."""

    async def tenant_for(self, platform: str, workspace_id: str) -> TenantGraph | None:
        """The tenant bound to a workspace, or None."""
        ...

    async def settings_of(self, slug: str) -> dict[str, Any]:
        """A tenant's settings."""
        ...

    async def answer_again(
        self, graph: TenantGraph, question: str, options: TurnOptions
    ) -> TurnResult:
        """Answer a question afresh."""
        ...


class Corrections:
    """The correction flow of one ``BotCore`` (its tenants, settings and answering)."""

    def __init__(self, core: CorrectionHost) -> None:
        self.core = core

    async def choices(
        self, platform: str, workspace_id: str, turn_id: str, *, is_member: bool = True
    ) -> list[FactChoice] | str:
        """The facts a member may correct on an answer, or one sentence why none."""
        if not is_member:
            return NOT_MEMBER_FIX
        graph = await self.core.tenant_for(platform, workspace_id)
        if graph is None:
            return NOT_CONNECTED
        try:
            found = await fact_choices(graph, turn_id)
        except HivebrainError as exc:
            return exc.user_message
        return found or "This answer read no facts that still hold, so there is none to correct."

    async def correct(self, fix: FactFix) -> FixOutcome:
        """Check and apply one correction (see the module doc)."""
        if not fix.is_member:
            return FixOutcome(NOT_MEMBER_FIX, False)
        error_id = uuid.uuid4().hex[:8]
        try:
            graph = await self.core.tenant_for(fix.platform, fix.workspace_id)
            if graph is None:
                return FixOutcome(NOT_CONNECTED, False)
            return await self._correct(graph, fix)
        except HivebrainError as exc:
            return FixOutcome(exc.user_message, False)
        except Exception:  # the one top-level handler for correction forms
            log.exception("error %s correcting a fact of %s", error_id, fix.turn_id)
            return FixOutcome(
                f"Sorry, something went wrong; nothing was changed. (error id {error_id})", False
            )

    async def _correct(self, graph: TenantGraph, fix: FactFix) -> FixOutcome:
        key = f"{fix.platform}:{fix.user_id}"
        moment = now_ms()
        plan = await plan_correction(
            graph,
            turn_id=fix.turn_id,
            fact_index=fix.fact_index,
            value=fix.value,
            stopped_on=fix.stopped_on,
            user_key=key,
            now_ms=moment,
        )
        changes = "\n".join(f"• {c}" for c in plan.changes)
        if plan.needs_approval:
            draft = draft_card(
                "correction",
                correction_payload(plan),
                title=f"Correct {len(plan.closes)} facts",
                proposed_by="corrections",
                turn_id=plan.turn_id,
                origin=f"{fix.platform}:{fix.channel_id}",
                note=f"Asked by {key}.",
            )
            card = await propose(graph, draft, now_ms=moment)
            view = CardView.model_validate(card_view(card))
            note = (
                f"That would close {len(plan.closes)} facts, so an approver decides "
                f"(card {card.id}); nothing has changed yet.\n{changes}"
            )
            return FixOutcome(note, False, card=view)
        await apply_correction(graph, list(plan.facts))
        prefix = f"{fix.platform}:"
        tell = tuple(k.removeprefix(prefix) for k in plan.owners if k.startswith(prefix))
        note = f"Corrected — thanks.\n{changes}\n\nAsked again: “{plan.question}”\n"
        try:
            settings = await self.core.settings_of(graph.slug)
            turn = await self.core.answer_again(
                graph,
                plan.question,
                TurnOptions(
                    asked_by=key,
                    timezone=str(settings.get("timezone") or "UTC"),
                    # asked again where it was corrected: that channel's scope holds
                    scope=channel_scope(settings, f"{fix.platform}:{fix.channel_id}"),
                ),
            )
            note += turn.answer
        except Exception:  # the correction stands; only the fresh answer is missing
            log.exception("answering %s again after a correction failed", plan.turn_id)
            note += "I couldn't answer it again just now; ask again in a moment."
        told = f"<@{fix.user_id}> corrected a fact you are part of:\n{changes}"
        return FixOutcome(note, True, tell=tell, tell_note=told)
