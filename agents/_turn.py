"""One turn: recall, plan, work in parallel, review, answer, check, show the path, save.

The same pipeline runs in both modes. In rules mode (no model key) the plan is keyword
routing and each desk's work is deterministic (``agents.desks._rules``); in model mode the
Chief and the desks are Claude with tool use (``agents.model._desks``). Either way, desks
read the brain only through the turn's ledger, the answer is checked against what the
tools returned, and a failed check marks the answer unverified rather than hiding it.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field

from agents._ledger import ToolLedger
from agents._roster import ROSTER
from agents.cards._cards import Card, propose
from agents.cards._place import CardPlace
from agents.cards._requests import ActRequest, desk_draft, read_request
from agents.checks._answer import (
    AS_OF_RE,
    STALE_AFTER,
    DataNumbers,
    check_answer,
    check_citations,
    check_numbers,
    check_sample,
    extract_citations,
    holds_many_values,
)
from agents.checks._guards import guard_answer
from agents.checks._relevance import Asked, check_decisive, check_relevance, is_decline
from agents.desks._draft import Draft
from agents.desks._rules import plan, run_desk
from agents.desks._understand import Understanding, understand
from agents.model import Budget, ModelClient
from agents.model import _desks as model_desks
from brain import HivebrainError, InputInvalid, TenantGraph, format_moment, now_ms, parse_moment

log = logging.getLogger(__name__)

DESK_TIMEOUT_S = 60.0
DEFAULT_TOKENS = 60_000
#: Things recall looks up earlier turns and open cards for.
RECALL_HITS = 5
DEFAULT_TOOL_CALLS = 24
MAX_REVIEWERS = 2
#: Nodes the Chief names for the path picture.
MAX_PATH = 8
#: Values in a turn's tool data past which the checks run in a thread: matching every
#: sentence's numbers against many thousands of values would hold up the event loop.
THREAD_CHECKS_AT = 5_000

READ_RECALL = """
MATCH (t:Turn)-[:CITES]->(n:Entity)
WHERE n.id IN $ids
WITH t, count(n) AS overlap
RETURN t.id, t.name, t.askedAt, overlap
ORDER BY overlap DESC, t.askedAt DESC
LIMIT $limit
"""

READ_OPEN_CARDS = """
MATCH (c:Card)-[:CITES]->(n:Entity)
WHERE n.id IN $ids AND c.status = 'pending'
RETURN DISTINCT c.id, c.name, c.kind
LIMIT $limit
"""


class FindingOut(BaseModel):
    """One desk's finding as the turn reports it."""

    desk: str
    title: str
    text: str
    citations: list[str] = Field(default_factory=list)
    ok: bool = True
    review: list[dict[str, Any]] = Field(default_factory=list)
    revised: bool = False


class TurnResult(BaseModel):
    """Everything one turn produced (the JSON of `hivebrain ask`)."""

    turn_id: str
    question: str
    answer: str
    verified: bool
    checks: list[dict[str, Any]]
    citations: list[str]
    path: dict[str, Any]
    findings: list[FindingOut]
    cards: list[dict[str, Any]]
    desks: list[str]
    mode: Literal["rules", "model"]
    tokens: dict[str, int]
    elapsed_ms: int
    recall: dict[str, Any] = Field(default_factory=dict)
    names: dict[str, str] = Field(default_factory=dict, description="display names of cited ids")
    sample: bool = False
    as_of: str | None = None
    notes: list[str] = Field(default_factory=list)


@dataclass(slots=True)
class DeskOutcome:
    """A desk's draft (or failure) inside the turn."""

    desk: str
    draft: Draft | None
    error: str | None = None
    review: list[dict[str, Any]] = field(default_factory=list)
    revised: bool = False


async def recall(graph: TenantGraph, question: str, ledger: ToolLedger) -> dict[str, Any]:
    """What the brain already knows about the question's things: earlier turns, open cards."""
    try:
        hits = (
            await ledger.call("chief", "search", {"query": question, "limit": RECALL_HITS})
        ).data["hits"]
    except HivebrainError as exc:
        return {"error": exc.user_message}
    ids = [h["id"] for h in hits]
    turns = await graph.ro_query("recall turns", READ_RECALL, {"ids": ids, "limit": 5})
    cards = await graph.ro_query("recall cards", READ_OPEN_CARDS, {"ids": ids, "limit": 10})
    return {
        "things": ids,
        "earlier_turns": [
            {"id": i, "question": q, "asked_at": format_moment(a), "overlap": o}
            for i, q, a, o in turns.rows
        ],
        "open_cards": [{"id": i, "title": n, "kind": k} for i, n, k in cards.rows],
    }


async def _work(
    desk: str,
    question: str,
    ledger: ToolLedger,
    timeout_s: float,
    model: ModelClient | None,
    budget: Budget | None,
    understood: Understanding,
    tz: str,
) -> DeskOutcome:
    """One desk's work with its time limit; a failure is reported, never fatal to the turn."""
    try:
        async with asyncio.timeout(timeout_s):
            if model is not None and budget is not None:
                return DeskOutcome(
                    desk, await model_desks.work(model, desk, question, ledger, budget)
                )
            return DeskOutcome(desk, await run_desk(desk, understood, ledger, tz=tz))
    except TimeoutError:
        # no seconds in the note: the answer carries it, and the numbers check would flag them
        return DeskOutcome(desk, None, f"the {ROSTER[desk].title} desk timed out")
    except HivebrainError as exc:
        return DeskOutcome(desk, None, f"the {ROSTER[desk].title} desk failed: {exc.user_message}")


async def review_with_model(
    outcome: DeskOutcome, ledger: ToolLedger, model: ModelClient, budget: Budget
) -> DeskOutcome:
    """Model-mode review: at most two reviewers; any "fix" earns exactly one revision."""
    if outcome.draft is None:
        return outcome
    for reviewer in ROSTER[outcome.desk].reviewers[:MAX_REVIEWERS]:
        try:
            outcome.review.append(
                await model_desks.review(model, reviewer, outcome.draft, ledger, budget)
            )
        except HivebrainError as exc:
            outcome.review.append(
                {"reviewer": reviewer, "verdict": "skipped", "note": exc.user_message}
            )
    fixes = [r["note"] for r in outcome.review if r["verdict"] == "fix"]
    if fixes:
        try:
            outcome.draft = await model_desks.revise(
                model, outcome.desk, outcome.draft, fixes, budget
            )
            outcome.revised = True
        except HivebrainError as exc:
            log.warning("revision by %s skipped: %s", outcome.desk, exc)
    return outcome


def review(
    outcome: DeskOutcome, ledger: ToolLedger, *, numbers: DataNumbers | None = None
) -> DeskOutcome:
    """At most two reviewers per finding; a "fix" verdict earns exactly one revision.

    Rules-mode reviewers are the checks themselves, applied to one finding: the numbers
    desk checks figures, the fact checker checks citations. A revision drops the lines a
    reviewer could not verify. ``numbers`` (the ledger's ``DataNumbers``, built once per
    turn) saves gathering the data's numbers again for every finding and sentence.
    CPU work on big data: ``run_turn`` calls it in a thread then.
    """
    if outcome.draft is None:
        return outcome
    reviewers = ROSTER[outcome.desk].reviewers[:MAX_REVIEWERS]
    text = outcome.draft.text
    outputs = ledger.outputs
    if numbers is None and "numbers" in reviewers:
        numbers = DataNumbers.of(outputs)
    failed_lines: set[str] = set()
    for reviewer in reviewers:
        if reviewer == "numbers":
            result = check_numbers(text, outputs, numbers=numbers)
        elif reviewer in ("facts", "qa"):
            result = check_citations(text, ledger.returned_ids)
        else:
            continue
        outcome.review.append(
            {
                "reviewer": reviewer,
                "verdict": "ok" if result.passed else "fix",
                "note": result.detail,
            }
        )
        if not result.passed:
            failed_lines.update(_lines_failing(text, reviewer, ledger, numbers))
    if failed_lines:
        kept = [
            " ".join(s for s in _SENTENCE.split(line) if s not in failed_lines)
            for line in text.splitlines()
        ]
        outcome.draft = replace(outcome.draft, text="\n".join(k for k in kept if k.strip()))
        outcome.revised = True
    return outcome


_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _lines_failing(
    text: str, reviewer: str, ledger: ToolLedger, numbers: DataNumbers | None
) -> list[str]:
    """The sentences a reviewer cannot verify (the one revision drops just those)."""
    if reviewer == "numbers" and numbers is None:
        numbers = DataNumbers.of(ledger.outputs)
    returned = ledger.returned_ids if reviewer != "numbers" else set[str]()
    bad: list[str] = []
    for line in text.splitlines():
        for sentence in _SENTENCE.split(line):
            check = (
                check_numbers(sentence, (), numbers=numbers)
                if reviewer == "numbers"
                else check_citations(sentence, returned)
            )
            if not check.passed:
                bad.append(sentence)
    return bad


def _review_all(outcomes: list[DeskOutcome], ledger: ToolLedger) -> list[DeskOutcome]:
    """Rules-mode review of every finding, the data's numbers gathered once for all."""
    checks_numbers = any(
        o.draft is not None and "numbers" in ROSTER[o.desk].reviewers[:MAX_REVIEWERS]
        for o in outcomes
    )
    numbers = DataNumbers.of(ledger.outputs) if checks_numbers else None
    return [review(o, ledger, numbers=numbers) for o in outcomes]


def _checks_are_heavy(ledger: ToolLedger) -> bool:
    """Whether the turn's data is big enough that checking it belongs in a thread."""
    return holds_many_values(ledger.outputs, limit=THREAD_CHECKS_AT)


def owed_notes(outcomes: list[DeskOutcome]) -> list[str]:
    """What the server says beside an answer (never inside it): desks that did not finish."""
    failed = [o.error for o in outcomes if o.error]
    return ["Not all desks finished: " + "; ".join(failed) + "."] if failed else []


def owed_caveats(ledger: ToolLedger, now: datetime) -> list[str]:
    """What the writer of an answer must say about its data: sample, or stale."""
    caveats: list[str] = []
    if ledger.sample:
        caveats.append("This answer uses sample data, not real business figures.")
    newest = ledger.newest_as_of
    if newest is not None and now - newest > STALE_AFTER:
        caveats.append(f"The newest data behind this is as of {newest.date().isoformat()}.")
    return caveats


def compose(outcomes: list[DeskOutcome], ledger: ToolLedger, now: datetime) -> str:
    """The Chief's rules-mode answer: the findings in plan order, and what it owes about
    the data (sample, stale) in its own words. A desk that found nothing stays quiet when
    another answered; when none did, one plain decline is the answer."""
    drafts = [o.draft for o in outcomes if o.draft and o.draft.text.strip()]
    answered = [d.text for d in drafts if not d.declined]
    if not answered:
        return drafts[0].text if drafts else "I don't have anything about that in your records."
    text = "\n\n".join(answered)
    used = ledger.used_by(set(extract_citations(text)))
    caveats = owed_caveats(used, now)
    if not check_sample(text, used.outputs).passed and not any("sample" in c for c in caveats):
        caveats.insert(0, "This answer uses sample data, not real business figures.")
    lowered = text.lower()
    owed = [
        c
        for c in caveats
        if not (
            ("sample" in c.lower() and "sample" in lowered)
            or ("as of" in c and AS_OF_RE.search(text))
        )
    ]
    return text + ("\n\n" + " ".join(owed) if owed else "")


def asked_of(u: Understanding, outcomes: list[DeskOutcome] | None = None) -> Asked:
    """What the relevance check holds an answer to, from how the question was read (and
    the records the desks answered about, besides its subject)."""
    ranges: tuple[tuple[str, str], ...] = ()
    if u.kind == "metric" and u.metric_op not in (None, "why"):
        from agents.desks._answers import read_ranges

        read = read_ranges(u, u.metric_op or "total")
        ranges = tuple((a.isoformat(), b.isoformat()) for a, b in read or [])
    return Asked(
        kind=u.kind,
        metric_op=u.metric_op,
        subject_ids=tuple(c.id for c in u.tier),
        subject_name=u.subject.name if u.subject else "",
        asked_types=u.asked_types if u.kind in ("relationship", "ratio") else (),
        ranges=ranges,
        must_decline=bool(u.unknown_names),
        why_decline=", ".join(u.unknown_names) + " is not in the records"
        if u.unknown_names
        else "",
        extra_ok=frozenset(i for o in outcomes or [] if o.draft for i in o.draft.about),
    )


async def run_turn(
    graph: TenantGraph,
    question: str,
    *,
    as_of: str | None = None,
    model: ModelClient | None = None,
    budget: Budget | None = None,
    token_budget: int = DEFAULT_TOKENS,
    tool_call_budget: int = DEFAULT_TOOL_CALLS,
    desk_timeout_s: float = DESK_TIMEOUT_S,
    save: bool = True,
    asked_by: str = "console",
    ledger: ToolLedger | None = None,
    timezone: str = "UTC",
    place: CardPlace | None = None,
    asker: Mapping[str, str] | None = None,
) -> TurnResult:
    """Answer one question on one tenant and save the turn.

    With a ``model`` the Chief and desks are Claude (within ``budget``); without one the
    turn runs in rules mode. Either way the answer goes through the same checks.
    ``ledger`` (default: a fresh one) lets a caller read every tool call afterwards, as
    the token benchmark does; it must be empty and on ``graph`` at ``as_of``.
    ``place`` (default: the console) is where the message came from and where the
    tenant's actions go; a request to act ("tell the team that ...") becomes a card
    there instead of an answer, and nothing is sent until an approver approves it.
    ``asker`` is the Person ({"id", "name"}) the chat user is, when known: "my" questions
    are about them.
    """
    started = time.perf_counter()
    if as_of is not None:
        parse_moment(as_of, field="as_of")
    try:
        zone = ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputInvalid(
            f"unknown time zone {timezone[:40]!r}: use an IANA name such as Europe/London"
        ) from None
    if model is not None and budget is None:
        budget = Budget(tokens=token_budget, tool_calls=tool_call_budget)
    # the model's tool loop charges tool calls to the budget itself; the ledger must not too
    if ledger is None:
        ledger = ToolLedger(graph=graph, as_of=as_of)
    elif ledger.graph is not graph or ledger.as_of != as_of or ledger.calls:
        raise ValueError("a turn's ledger must be empty and on the turn's graph and as_of")
    now = (
        datetime.now(UTC)
        if as_of is None
        else datetime.fromtimestamp(parse_moment(as_of) / 1000, tz=UTC)
    )
    place = place or CardPlace()
    act = await read_request(graph, question, place=place)
    if act is not None:
        return await _act_turn(
            graph, question, act, model=model, save=save, asked_by=asked_by, started=started
        )
    remembered = await recall(graph, question, ledger)
    # "today" and "yesterday" are the tenant's own days, not UTC's
    today = now.astimezone(zone).date()
    understood = await understand(question, ledger, today)
    desk_question = question
    if asker is not None:
        understood.asker = {"id": str(asker["id"]), "name": str(asker.get("name") or asker["id"])}
        # model desks read "my" and "I" from the question text: say who is asking
        desk_question = (
            f"{question}\n(Asked by {understood.asker['name']} [[{understood.asker['id']}]]: "
            '"my", "me" and "I" mean this person.)'
        )
    if model is not None and budget is not None:
        desks = await model_desks.plan(model, question, remembered, budget)
    else:
        desks = plan(understood)
    outcomes = list(
        await asyncio.gather(
            *(
                _work(d, desk_question, ledger, desk_timeout_s, model, budget, understood, timezone)
                for d in desks
            )
        )
    )
    if model is not None and budget is not None:
        outcomes = [await review_with_model(o, ledger, model, budget) for o in outcomes]
    elif _checks_are_heavy(ledger):
        outcomes = await asyncio.to_thread(_review_all, outcomes, ledger)
    else:
        outcomes = _review_all(outcomes, ledger)
    notes = owed_notes(outcomes)
    caveats = owed_caveats(ledger, now)
    path_ids = list(dict.fromkeys(i for o in outcomes if o.draft for i in o.draft.path_ids))[
        :MAX_PATH
    ]
    if model is not None and budget is not None:
        try:
            final = await model_desks.answer(
                model, question, [(o.desk, o.draft) for o in outcomes if o.draft], caveats, budget
            )
            answer = final.text
            path_ids = final.path_ids if len(final.path_ids) >= 2 else path_ids
        except HivebrainError as exc:
            log.warning("chief answer fell back to the findings: %s", exc)
            answer = compose(outcomes, ledger, now)
    else:
        answer = compose(outcomes, ledger, now)
    path_as_of = next(
        (o.draft.path_as_of for o in outcomes if o.draft and o.draft.path_as_of), None
    )
    # what the answer rests on, read before the server draws its path (the drawing is the
    # server's, not the writer's: its nodes must not add duties to the answer)
    used = ledger.used_by(set(extract_citations(answer)))
    path = await _draw_path(ledger, path_ids, path_as_of)
    cited_types = {n.id: n.type for r in ledger.results for n in r.evidence.nodes}
    relevance = check_relevance(
        answer, asked_of(understood, outcomes), cited_types=cited_types, outputs=ledger.outputs
    )
    guards = guard_answer(
        question,
        answer,
        today=today,
        outputs=ledger.outputs,
        names=ledger.names().values(),
        declined=is_decline(answer),
    )
    # the writers' own doubts, for what the answer says (a decline rests on no choice)
    guards.append(
        check_decisive(
            []
            if is_decline(answer)
            else [d for o in outcomes if o.draft and not o.draft.declined for d in o.draft.doubts]
        )
    )
    checks = functools.partial(
        check_answer,
        answer,
        returned_ids=ledger.returned_ids,
        outputs=ledger.outputs,
        sample_outputs=used.outputs,
        newest_as_of=used.newest_as_of,
        now=now,
        relevance=relevance,
        claims=not is_decline(answer),
        guards=guards,
    )
    report = await asyncio.to_thread(checks) if _checks_are_heavy(ledger) else checks()
    findings = [
        FindingOut(
            desk=o.desk,
            title=ROSTER[o.desk].title,
            text=o.draft.text if o.draft else o.error or "",
            citations=extract_citations(o.draft.text) if o.draft else [],
            ok=o.error is None,
            review=o.review,
            revised=o.revised,
        )
        for o in outcomes
    ]
    turn_id = f"turn-{uuid.uuid4().hex[:12]}"
    proposals = [
        desk_draft(c, o.desk, turn_id, place) for o in outcomes if o.draft for c in o.draft.cards
    ]
    result = TurnResult(
        turn_id=turn_id,
        question=question,
        answer=answer,
        verified=report.verified,
        checks=report.as_dict()["checks"],
        citations=extract_citations(answer),
        path=path,
        findings=findings,
        cards=[],
        desks=desks,
        mode="model" if model else "rules",
        tokens={
            "read": budget.used.input_tokens if budget else 0,
            "written": budget.used.output_tokens if budget else 0,
        },
        elapsed_ms=int((time.perf_counter() - started) * 1000),
        recall=remembered,
        sample=ledger.sample,
        as_of=as_of,
        notes=notes,
        names={c: n for c, n in ledger.names().items() if c in set(extract_citations(answer))},
    )
    if save:
        await save_turn(graph, result, asked_by=asked_by)
        cards = [await propose(graph, draft, now_ms=now_ms()) for draft in proposals]
        result = result.model_copy(update={"cards": [card_view(c) for c in cards]})
    return result


async def _act_turn(
    graph: TenantGraph,
    question: str,
    act: ActRequest,
    *,
    model: ModelClient | None,
    save: bool,
    asked_by: str,
    started: float,
) -> TurnResult:
    """The turn of a request to act: the reply says what the card will do, nothing runs."""
    turn_id = f"turn-{uuid.uuid4().hex[:12]}"
    result = TurnResult(
        turn_id=turn_id,
        question=question,
        answer=act.answer,
        verified=True,
        checks=[],
        citations=[],
        path={"nodes": [], "edges": [], "pairs": []},
        findings=[],
        cards=[],
        desks=["chief"],
        mode="model" if model else "rules",
        tokens={"read": 0, "written": 0},
        elapsed_ms=int((time.perf_counter() - started) * 1000),
    )
    if save:
        await save_turn(graph, result, asked_by=asked_by)
        if act.draft is not None:
            draft = act.draft.model_copy(update={"turn_id": turn_id})
            card = await propose(graph, draft, now_ms=now_ms())
            result = result.model_copy(update={"cards": [card_view(card)]})
    return result


def card_view(card: Card) -> dict[str, Any]:
    """A card as a turn reports it."""
    return {
        "id": card.id,
        "kind": card.kind,
        "title": card.title,
        "preview": card.preview,
        "status": card.status,
        "proposed_by": card.proposed_by,
        "expires_at": format_moment(card.expires_at),
    }


async def _draw_path(ledger: ToolLedger, ids: list[str], as_of: str | None) -> dict[str, Any]:
    if len(ids) < 2:
        return {"nodes": [], "edges": [], "pairs": []}
    args: dict[str, Any] = {"ids": ids}
    if as_of:
        args["as_of"] = as_of
    try:
        res = await ledger.call("chief", "path", args)
    except HivebrainError as exc:
        return {"nodes": [], "edges": [], "pairs": [], "error": exc.user_message}
    return {
        "nodes": res.data.get("nodes", []),
        "edges": res.data.get("edges", []),
        "pairs": res.data.get("pairs", []),
    }


async def save_turn(graph: TenantGraph, result: TurnResult, *, asked_by: str) -> None:
    """Store the Turn, its Findings and what they cited, through the gate."""
    now = format_moment(now_ms())
    src = f"hivebrain:turn/{result.turn_id}"
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Turn",
                "id": result.turn_id,
                "name": result.question[:300],
                "text": result.answer,
                "askedAt": now_ms(),
                "askedBy": asked_by,
                "mode": result.mode,
                "verified": result.verified,
                "checks": json.dumps(result.checks),
                "tokensRead": result.tokens["read"],
                "tokensWritten": result.tokens["written"],
                "elapsedMs": result.elapsed_ms,
                "desks": result.desks,
                "src": src,
                "asOf": now,
            }
        }
    ]
    for i, f in enumerate(result.findings):
        fid = f"{result.turn_id}-f{i + 1}"
        facts.append(
            {
                "node": {
                    "type": "Finding",
                    "id": fid,
                    "name": f"{f.title} finding",
                    "text": f.text,
                    "desk": f.desk,
                    "ok": f.ok,
                    "revised": f.revised,
                    "review": json.dumps(f.review),
                    "src": src,
                    "asOf": now,
                }
            }
        )
        facts.append(
            {
                "edge": {
                    "from": fid,
                    "type": "PART_OF",
                    "to": result.turn_id,
                    "since": now,
                    "src": src,
                    "asOf": now,
                }
            }
        )
        facts += [
            {"edge": {"from": fid, "type": "CITES", "to": c, "since": now, "src": src, "asOf": now}}
            for c in f.citations
        ]
    facts += [
        {
            "edge": {
                "from": result.turn_id,
                "type": "CITES",
                "to": c,
                "since": now,
                "src": src,
                "asOf": now,
            }
        }
        for c in result.citations
    ]
    report = await graph.write_facts(list(enumerate(facts, 1)), origin="assistant")
    if report.refused:
        log.warning("turn %s: %d bookkeeping facts refused", result.turn_id, report.refused)
