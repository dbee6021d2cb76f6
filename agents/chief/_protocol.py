"""The Chief's seam: how one turn thinks, as four steps, whoever does the thinking.

A turn (``agents.run_turn``) reads the question, then asks its Chief to **plan** (which
desks), has each desk **work** (one Draft each, in parallel, within the time limit),
asks for the **review** of the drafts (at most two reviewers each, one revision) and
for the **answer**. Whatever the Chief, the turn then checks the answer against what the
desks' tools returned, draws the path and saves the Turn. ``RulesChief`` thinks in
deterministic steps, ``ModelChief`` with a language model, and ``FakeChief`` (beside the
protocol it stands in for) as a test's handler says. A new way of thinking is one new
Chief; the turn does not change.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from agents._ledger import ToolLedger
from agents._roster import WORKING_DESKS, reviewers_of
from agents.chief._compose import compose
from agents.chief._written import split_draft
from agents.desks import Draft, Understanding
from agents.model import Budget

Mode = Literal["rules", "model"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnLimits:
    """What one turn may spend: model tokens and tool calls (model mode), and each desk's
    seconds (both modes; a desk out of time is reported, never fatal)."""

    tokens: int = 60_000
    tool_calls: int = 24
    desk_timeout_s: float = 60.0

    def budget(self) -> Budget:
        """A fresh budget for one turn (its desks draw on it together)."""
        return Budget(tokens=self.tokens, tool_calls=self.tool_calls)


@dataclass(frozen=True, slots=True)
class Brief:
    """What every step of one turn knows: the question as asked and as read, what the
    brain recalled, the turn's ledger (the only way to the tools), its moment and zone."""

    question: str
    #: The question as desks read it: with who is asking, when the chat user is known.
    desk_question: str
    understood: Understanding
    recall: Mapping[str, Any]
    ledger: ToolLedger
    now: datetime
    timezone: str
    budget: Budget


@dataclass(slots=True)
class DeskOutcome:
    """A desk's draft (or why there is none) inside the turn, with its review."""

    desk: str
    draft: Draft | None
    error: str | None = None
    review: list[dict[str, Any]] = field(default_factory=list)
    revised: bool = False


class Chief(Protocol):
    """One way of thinking through a turn: plan, work, review, answer.

    Each step reads the tools only through ``brief.ledger``, so the checks that follow
    see every figure and id the Chief and its desks were given. A step that fails with a
    ``HivebrainError`` fails its desk (``work``) or falls back as the implementation
    documents; it never ends the turn.
    """

    @property
    def mode(self) -> Mode:
        """What the turn reports it ran as."""
        ...

    @property
    def limits(self) -> TurnLimits:
        """What a turn with this Chief may spend."""
        ...

    async def plan(self, brief: Brief) -> list[str]:
        """The working desks to ask, in the order their findings are read."""
        ...

    async def work(self, desk: str, brief: Brief) -> Draft:
        """One desk's draft: text citing ``[[id]]``s, the path it rests on, its cards."""
        ...

    async def review(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> list[DeskOutcome]:
        """The outcomes after review: each draft seen by at most ``MAX_REVIEWERS`` of its
        desk's reviewers (``reviewers_of``), and revised at most once."""
        ...

    async def answer(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> Draft:
        """The answer from the reviewed drafts; its ``path_ids`` (two or more) replace the
        drafts' path, fewer keep it."""
        ...


Step = Literal["plan", "work", "review", "answer"]


@dataclass(frozen=True, slots=True)
class ChiefCall:
    """One step a turn asked of a ``FakeChief``: which one, for which desk, on what."""

    step: Step
    brief: Brief
    desk: str | None = None
    #: review: the draft under review; answer: every desk's draft, in plan order.
    drafts: tuple[tuple[str, Draft], ...] = ()


#: plan: desk names (or one); work: the desk's text; review: None (approved) or the one
#: revision's text; answer: its text, or None for the findings as rules mode writes them.
#: Texts may end in ``PATH:`` and ``CARD:`` lines, as a model's do.
FakeReply = str | Sequence[str] | None
FakeChiefHandler = Callable[[ChiefCall], FakeReply | Awaitable[FakeReply]]


class FakeChief:
    """``Chief`` for tests: ``handler(call)`` writes each step's reply (see ``FakeReply``).

    Every call is kept in ``calls``. Desks still read nothing but what the handler reads
    through ``call.brief.ledger``, so the turn's checks judge the handler's text against
    the tools it really called. ``mode`` is what the turn reports (default rules).
    """

    def __init__(
        self, handler: FakeChiefHandler, *, mode: Mode = "rules", limits: TurnLimits | None = None
    ) -> None:
        self.handler = handler
        self.calls: list[ChiefCall] = []
        self._mode: Mode = mode
        self._limits = limits or TurnLimits()

    @property
    def mode(self) -> Mode:
        """What the turn reports (``mode=`` when made)."""
        return self._mode

    @property
    def limits(self) -> TurnLimits:
        """The limits given when made (default ``TurnLimits()``)."""
        return self._limits

    async def _ask(self, call: ChiefCall) -> FakeReply:
        self.calls.append(call)
        reply = self.handler(call)
        return await reply if inspect.isawaitable(reply) else reply

    async def plan(self, brief: Brief) -> list[str]:
        """The handler's desks; ``ValueError`` for a name that is no working desk."""
        reply = await self._ask(ChiefCall("plan", brief))
        desks = [reply] if isinstance(reply, str) else list(reply or [])
        unknown = [d for d in desks if d not in WORKING_DESKS]
        if unknown:
            raise ValueError(f"a fake plan named {unknown}; working desks: {WORKING_DESKS}")
        return desks

    async def work(self, desk: str, brief: Brief) -> Draft:
        """The handler's text as the desk's draft."""
        return split_draft(_text(await self._ask(ChiefCall("work", brief, desk)), "work"))

    async def review(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> list[DeskOutcome]:
        """Each draft's reviewers agree (None), or all ask for the handler's revision."""
        for o in outcomes:
            if o.draft is None:
                continue
            call = ChiefCall("review", brief, o.desk, ((o.desk, o.draft),))
            revision = await self._ask(call)
            verdict = "ok" if revision is None else "fix"
            o.review += [
                {"reviewer": r, "verdict": verdict, "note": ""} for r in reviewers_of(o.desk)
            ]
            if revision is not None:
                written = split_draft(_text(revision, "review"))
                o.draft = Draft(written.text, written.path_ids or o.draft.path_ids, o.draft.cards)
                o.revised = True
        return list(outcomes)

    async def answer(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> Draft:
        """The handler's answer, or (None) the findings composed as rules mode does."""
        drafts = tuple((o.desk, o.draft) for o in outcomes if o.draft)
        reply = await self._ask(ChiefCall("answer", brief, drafts=drafts))
        if reply is None:
            return Draft(compose([o.draft for o in outcomes], brief.ledger, brief.now))
        return split_draft(_text(reply, "answer"))


def _text(reply: FakeReply, step: str) -> str:
    if not isinstance(reply, str):
        raise TypeError(f"a fake Chief's {step} reply is its text, not {type(reply).__name__}")
    return reply
