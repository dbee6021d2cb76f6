"""One turn: recall, plan, work in parallel, review, answer, check, show the path, save.

The pipeline is the same whoever thinks: the turn hands each step to its ``Chief``
(``agents.chief``: rules, a model, or a test's fake) and does the rest itself. Desks read
the brain only through the turn's ledger; the answer is checked against what the tools
returned (on what the desks and the Chief wrote, never on the notes added beside it); a
failed check marks the answer unverified rather than hiding it; the Turn, its Findings
and their cards are saved in the tenant graph.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field

from agents._cost import turn_cost
from agents._ledger import ToolLedger
from agents._progress import Progress, TurnProgress, reading_line
from agents._roster import ROSTER
from agents._scope import Scope, ScopedReads, scope_notes
from agents.cards import ActRequest, CardPlace, card_view, desk_draft, propose, read_request
from agents.checks import (
    Asked,
    CheckReport,
    check_answer,
    check_decisive,
    check_relevance,
    checks_are_heavy,
    extract_citations,
    guard_answer,
    is_decline,
)
from agents.chief import Brief, Chief, DeskOutcome, RulesChief
from agents.desks import (
    MONTH_FIRST,
    Draft,
    Understanding,
    days_written,
    month_first_zone,
    read_ranges,
    understand,
)
from agents.model import SPENDING_DESK
from brain import HivebrainError, InputInvalid, TenantGraph, format_moment, now_ms, parse_moment
from brain.reads import MAX_SOURCES, earlier_turns, open_cards_citing

log = logging.getLogger(__name__)

#: Things recall looks up earlier turns and open cards for.
RECALL_HITS = 5
#: Earlier turns and open cards a recall hands the Chief at most.
RECALL_TURNS = 5
RECALL_CARDS = 10
#: Nodes the Chief names for the path picture.
MAX_PATH = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnOptions:
    """What one question comes with, besides the question: its moment, its zone, where it
    was asked and by whom, and whether the turn is kept.

    ``as_of`` answers as of that moment (default now). ``timezone`` is the tenant's IANA
    zone ("today" is its day). ``place`` (default the console) is where the message came
    from and where the tenant's actions go. ``asker`` is the Person (``{"id", "name"}``)
    the chat user is, when known: "my" questions are about them. ``asked_by`` is the chat
    user's key the Turn records. ``save=False`` keeps nothing (no Turn, no cards).
    ``progress`` is told what the turn is doing now (``agents._progress``), for a surface
    to show while it works. ``viewing`` is the channel the asker was looking at when they
    asked from a side pane (Slack's assistant: ``slack:C123``); the Turn records it.
    ``scope`` holds what the turn's tools read to the kinds of source the channel's
    scope names (``agents._scope``; None: everything); the Turn records it too.
    """

    as_of: str | None = None
    timezone: str = "UTC"
    place: CardPlace | None = None
    asker: Mapping[str, str] | None = None
    asked_by: str = "console"
    save: bool = True
    progress: Progress | None = None
    viewing: str | None = None
    scope: Scope | None = None


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
    #: Every record the turn's tools read, with the tool: ``["n", id, tool]`` for a thing,
    #: ``["e", from, type, to, since, until, src, tool]`` for a fact (what Sources shows).
    reads: list[list[Any]] = Field(default_factory=list)
    #: What the turn cost: tokens, model and tool milliseconds, in all and per desk.
    cost: dict[str, Any] = Field(default_factory=dict)
    #: The kinds of source the channel's scope let it read (empty: every kind).
    scope: list[str] = Field(default_factory=list)


async def run_turn(
    graph: TenantGraph,
    question: str,
    options: TurnOptions | None = None,
    *,
    chief: Chief | None = None,
    ledger: ToolLedger | None = None,
) -> TurnResult:
    """Answer one question on one tenant and (``options.save``) save the turn.

    ``chief`` (default ``RulesChief()``) does the thinking: it plans, its desks work, it
    reviews and answers; whichever it is, the answer goes through the same checks. A
    request to act ("tell the team that ...") becomes a card at ``options.place`` instead
    of an answer, and nothing is sent until an approver approves it. ``ledger`` (default a
    fresh one) lets a caller read every tool call afterwards, as the token benchmark
    does; it must be empty and on ``graph`` at ``options.as_of``. Raises ``InputInvalid``
    for a bad ``as_of`` or time zone.
    """
    started = time.perf_counter()
    options = options or TurnOptions()
    chief = chief or RulesChief()
    now, zone = _moment(options.as_of), _zone(options.timezone)
    ledger = _fresh_ledger(ledger, graph, options.as_of)
    if options.scope is not None and ledger.scope is None:
        ledger.scope = ScopedReads(graph, options.scope)
    place = options.place or CardPlace()
    act = await read_request(graph, question, place=place)
    if act is not None:
        return await _act_turn(graph, question, act, chief=chief, options=options, started=started)

    progress = TurnProgress(options.progress)
    progress.say("looking up what the brain already knows")
    brief = await _brief(graph, question, options, chief, ledger, now, zone)
    desks = await chief.plan(brief)
    progress.say(_asking_line(desks))
    if options.progress is not None:
        ledger.on_read = lambda seen: progress.say(_read_line(seen))
    outcomes = await asyncio.gather(*(_work(chief, d, brief) for d in desks))
    outcomes = await chief.review(outcomes, brief)
    progress.say("writing the answer")
    final = await chief.answer(outcomes, brief)
    answer = final.text

    # what the answer rests on, read before the server draws its path (the drawing is the
    # server's, not the writer's: its nodes must not add duties to the answer)
    used = ledger.used_by(set(extract_citations(answer)))
    ledger.on_read = None
    progress.say("drawing the path behind the answer")
    path = await _draw_path(ledger, _path_ids(final, outcomes), _path_as_of(outcomes))
    progress.say("checking figures and citations")
    report = await _check(answer, brief, used, outcomes)

    turn_id = f"turn-{uuid.uuid4().hex[:12]}"
    result = TurnResult(
        turn_id=turn_id,
        question=question,
        answer=answer,
        verified=report.verified,
        checks=report.as_dict()["checks"],
        citations=extract_citations(answer),
        path=path,
        findings=[_finding(o) for o in outcomes],
        cards=[],
        desks=desks,
        mode=chief.mode,
        tokens={
            "read": brief.budget.used.input_tokens,
            "written": brief.budget.used.output_tokens,
        },
        elapsed_ms=int((time.perf_counter() - started) * 1000),
        recall=dict(brief.recall),
        sample=ledger.sample,
        as_of=options.as_of,
        notes=owed_notes(outcomes)
        + indexing_notes(await graph.vectors_still_filling())
        + scope_notes(options.scope),
        names={c: n for c, n in ledger.names().items() if c in set(extract_citations(answer))},
        reads=turn_reads(ledger),
        cost=turn_cost(ledger, brief.budget),
        scope=sorted(options.scope.sources) if options.scope else [],
    )
    if not options.save:
        return result
    await save_turn(graph, result, asked_by=options.asked_by, viewing=options.viewing)
    proposals = [
        desk_draft(c, o.desk, turn_id, place) for o in outcomes if o.draft for c in o.draft.cards
    ]
    cards = [await propose(graph, draft, now_ms=now_ms()) for draft in proposals]
    return result.model_copy(update={"cards": [card_view(c) for c in cards]})


def _asking_line(desks: list[str]) -> str:
    """``asking Data Detective and Meeting Scribe`` (the plan, in the roster's titles)."""
    titles = [ROSTER[d].title.removeprefix("The ") for d in desks if d in ROSTER] or ["Chief"]
    head = ", ".join(titles[:-1])
    return "asking " + (f"{head} and {titles[-1]}" if head else titles[0])


def _read_line(ledger: ToolLedger) -> str:
    """What the desks have read so far: the distinct records, by kind (the recall aside)."""
    seen: dict[str, str] = {}
    for call in ledger.calls:
        if call.result is not None and call.desk != "chief":
            for node in call.result.evidence.nodes:
                seen.setdefault(node.id, node.type)
    return reading_line(seen.values())


def turn_reads(ledger: ToolLedger) -> list[list[Any]]:
    """Every record the ledger's tools read, once per (record, tool), in call order."""
    out: dict[tuple[Any, ...], list[Any]] = {}
    for call in ledger.calls:
        if call.result is None:
            continue
        for n in call.result.evidence.nodes:
            out.setdefault(("n", n.id, call.tool), ["n", n.id, call.tool])
        for e in call.result.evidence.edges:
            row = ["e", e.source, e.type, e.target, e.since, e.until, e.src, call.tool]
            out.setdefault(tuple(row), row)
        if len(out) >= MAX_SOURCES:
            break
    return list(out.values())[:MAX_SOURCES]


def _moment(as_of: str | None) -> datetime:
    """The turn's "now": the ``as_of`` moment, or the clock (``InputInvalid`` if bad)."""
    if as_of is None:
        return datetime.now(UTC)
    return datetime.fromtimestamp(parse_moment(as_of, field="as_of") / 1000, tz=UTC)


def _zone(timezone: str) -> ZoneInfo:
    try:
        return ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputInvalid(
            f"unknown time zone {timezone[:40]!r}: use an IANA name such as Europe/London"
        ) from None


def _fresh_ledger(ledger: ToolLedger | None, graph: TenantGraph, as_of: str | None) -> ToolLedger:
    if ledger is None:
        return ToolLedger(graph=graph, as_of=as_of)
    if ledger.graph is not graph or ledger.as_of != as_of or ledger.calls:
        raise ValueError("a turn's ledger must be empty and on the turn's graph and as_of")
    return ledger


async def _brief(
    graph: TenantGraph,
    question: str,
    options: TurnOptions,
    chief: Chief,
    ledger: ToolLedger,
    now: datetime,
    zone: ZoneInfo,
) -> Brief:
    """What every step of the turn knows: what the brain recalls, the question as read
    ("today" and "yesterday" are the tenant's own days, not UTC's) and who asks."""
    remembered = await recall(graph, question, ledger)
    # "9/7" is read as the tenant's people write a day (month first in the US); the turn's
    # own task holds the setting, so turns of other tenants never see it
    MONTH_FIRST.set(month_first_zone(options.timezone))
    understood = await understand(question, ledger, now.astimezone(zone).date())
    desk_question = question
    if options.asker is not None:
        asker = options.asker
        understood.asker = {"id": str(asker["id"]), "name": str(asker.get("name") or asker["id"])}
        # model desks read "my" and "I" from the question text: say who is asking
        desk_question = (
            f"{question}\n(Asked by {understood.asker['name']} [[{understood.asker['id']}]]: "
            '"my", "me" and "I" mean this person.)'
        )
    return Brief(
        question=question,
        desk_question=desk_question,
        understood=understood,
        recall=remembered,
        ledger=ledger,
        now=now,
        timezone=options.timezone,
        budget=chief.limits.budget(),
    )


async def recall(graph: TenantGraph, question: str, ledger: ToolLedger) -> dict[str, Any]:
    """What the brain already knows about the question's things: earlier turns, open cards."""
    try:
        hits = (
            await ledger.call("chief", "search", {"query": question, "limit": RECALL_HITS})
        ).data["hits"]
    except HivebrainError as exc:
        return {"error": exc.user_message}
    ids = [h["id"] for h in hits]
    if ledger.scope is not None:  # earlier answers may rest on records outside the scope
        return {"things": ids, "earlier_turns": [], "open_cards": []}
    turns = await earlier_turns(graph, ids, limit=RECALL_TURNS)
    cards = await open_cards_citing(graph, ids, limit=RECALL_CARDS)
    return {
        "things": ids,
        "earlier_turns": [t.model_dump() for t in turns],
        "open_cards": [c.model_dump() for c in cards],
    }


async def _work(chief: Chief, desk: str, brief: Brief) -> DeskOutcome:
    """One desk's work within its time limit; a failure is reported, never fatal."""
    SPENDING_DESK.set(desk)  # this task's own context: the model replies are this desk's
    try:
        async with asyncio.timeout(chief.limits.desk_timeout_s):
            return DeskOutcome(desk, await chief.work(desk, brief))
    except TimeoutError:
        # no seconds in the note: the answer carries it, and the numbers check would flag them
        return DeskOutcome(desk, None, f"the {ROSTER[desk].title} desk timed out")
    except HivebrainError as exc:
        return DeskOutcome(desk, None, f"the {ROSTER[desk].title} desk failed: {exc.user_message}")


async def _check(
    answer: str, brief: Brief, used: ToolLedger, outcomes: list[DeskOutcome]
) -> CheckReport:
    """The answer checks, on the answer as written (never on the notes beside it), against
    every tool result of the turn; ``used`` is what the answer's citations rest on (its
    sample and as-of duties). Besides them run the guards, which read the question on
    their own, and the writers' own doubts. In a thread when the data is big."""
    ledger = brief.ledger
    cited_types = {n.id: n.type for r in ledger.results for n in r.evidence.nodes}
    relevance = check_relevance(
        answer,
        asked_of(brief.understood, outcomes),
        cited_types=cited_types,
        outputs=ledger.outputs,
    )
    declined = is_decline(answer)
    guards = guard_answer(
        brief.question,
        answer,
        today=brief.understood.today,
        outputs=ledger.outputs,
        names=ledger.names().values(),
        declined=declined,
        typed={n.name or n.id: n.type for r in ledger.results for n in r.evidence.nodes},
        month_first=days_written(brief.timezone),
    )
    # the writers' own doubts about what the answer says (a decline rests on no choice)
    doubts = [] if declined else [d for o in outcomes if o.draft and not o.draft.declined
                                  for d in o.draft.doubts]  # fmt: skip
    guards.append(check_decisive(doubts))
    checks = functools.partial(
        check_answer,
        answer,
        returned_ids=ledger.returned_ids,
        outputs=ledger.outputs,
        sample_outputs=used.outputs,
        newest_as_of=used.newest_as_of,
        now=brief.now,
        relevance=relevance,
        claims=not declined,
        guards=guards,
    )
    return await asyncio.to_thread(checks) if checks_are_heavy(ledger.outputs) else checks()


def _path_ids(final: Draft, outcomes: list[DeskOutcome]) -> list[str]:
    """The nodes to draw: the answer's own path when it names one (two or more), else the
    desks' paths in plan order."""
    if len(final.path_ids) >= 2:
        return final.path_ids
    return list(dict.fromkeys(i for o in outcomes if o.draft for i in o.draft.path_ids))[:MAX_PATH]


def _path_as_of(outcomes: list[DeskOutcome]) -> str | None:
    """The moment a desk asked its path to be drawn at (a question about the past)."""
    return next((o.draft.path_as_of for o in outcomes if o.draft and o.draft.path_as_of), None)


def _finding(o: DeskOutcome) -> FindingOut:
    return FindingOut(
        desk=o.desk,
        title=ROSTER[o.desk].title,
        text=o.draft.text if o.draft else o.error or "",
        citations=extract_citations(o.draft.text) if o.draft else [],
        ok=o.error is None,
        review=o.review,
        revised=o.revised,
    )


def owed_notes(outcomes: list[DeskOutcome]) -> list[str]:
    """What the server says beside an answer (never inside it): desks that did not finish."""
    failed = [o.error for o in outcomes if o.error]
    return ["Not all desks finished: " + "; ".join(failed) + "."] if failed else []


def indexing_notes(pending: int) -> list[str]:
    """What the server says while a tenant's vectors are still filling: the answer read
    every record by its words, but passages not yet embedded could not match by meaning."""
    if pending <= 0:
        return []
    what = "passage is" if pending == 1 else "passages are"
    return [
        f"{pending:,} {what} still being indexed: found by their words now, by their "
        "meaning once indexed, so a search by meaning may miss some of them."
    ]


def asked_of(u: Understanding, outcomes: list[DeskOutcome] | None = None) -> Asked:
    """What the relevance check holds an answer to, from how the question was read (and
    the records the desks answered about, besides its subject)."""
    ranges: tuple[tuple[str, str], ...] = ()
    if u.kind == "metric" and u.metric_op not in (None, "why"):
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


async def _act_turn(
    graph: TenantGraph,
    question: str,
    act: ActRequest,
    *,
    chief: Chief,
    options: TurnOptions,
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
        mode=chief.mode,
        tokens={"read": 0, "written": 0},
        elapsed_ms=int((time.perf_counter() - started) * 1000),
    )
    if options.save:
        await save_turn(graph, result, asked_by=options.asked_by, viewing=options.viewing)
        if act.draft is not None:
            draft = act.draft.model_copy(update={"turn_id": turn_id})
            card = await propose(graph, draft, now_ms=now_ms())
            result = result.model_copy(update={"cards": [card_view(card)]})
    return result


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


#: The most characters of ``reads`` a Turn keeps (the gate caps text at 100,000).
READS_CHARS = 60_000


def _reads_json(reads: list[list[Any]]) -> str:
    """``reads`` as JSON, the first ones that fit in ``READS_CHARS``."""
    kept: list[str] = []
    size = 2
    for row in reads:
        item = json.dumps(row, ensure_ascii=False)
        if size + len(item) + 1 > READS_CHARS:
            break
        kept.append(item)
        size += len(item) + 1
    return "[" + ",".join(kept) + "]"


async def save_turn(
    graph: TenantGraph, result: TurnResult, *, asked_by: str, viewing: str | None = None
) -> None:
    """Store the Turn, its Findings and what they cited, through the gate.

    The Turn also keeps what its tools read (``reads``, for Sources) and, when asked from
    a side pane, the channel the asker was viewing (``viewing``)."""
    now = format_moment(now_ms())
    src = f"hivebrain:turn/{result.turn_id}"
    turn: dict[str, Any] = {
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
        "reads": _reads_json(result.reads),
        "modelMs": float(result.cost.get("model_ms", 0.0)),
        "toolMs": float(result.cost.get("tool_ms", 0.0)),
        "cost": json.dumps(result.cost.get("desks", {})),
        "src": src,
        "asOf": now,
    }
    if viewing:
        turn["viewing"] = viewing
    if result.scope:
        turn["scope"] = result.scope
    if result.as_of:
        # the moment it was asked at, so a golden answer is asked again at the same moment
        turn["askedAsOf"] = result.as_of
    facts: list[dict[str, Any]] = [{"node": turn}]
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
