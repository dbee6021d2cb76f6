"""The graph tools every desk reads before it acts: one registry, typed arguments, evidence.

Each tool is a name, a one-line purpose, a pydantic argument model and a handler bound to
a tenant handle. Every tool takes an optional ``as_of`` date (default: now) and answers
for that moment, and every result carries the ids of the nodes and edges it read, so
answers can cite them and draw the path. Tools never accept a graph name: the caller
hands them the one tenant handle the request was bound to.
"""

from __future__ import annotations

import ast
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from agents.errors import ToolArgsInvalid, ToolUnknown
from agents.tools._answers import ANSWERED_TOOLS, asked_stamp, keep_answer, kept_answer
from brain import InputInvalid, TenantGraph, format_moment, now_ms, parse_moment
from brain.reads import (
    BREAK_RELS,
    ReadResult,
    action_items,
    history,
    lookup,
    measured_totals,
    metric_period,
    minutes,
    neighbours,
    owner,
    passages,
    path,
    rank,
    readings,
    run_cypher,
    search,
    search_within,
    topics,
    what_breaks,
)
from brain.reads import area_history as read_area_history
from brain.reads import catch_up as read_catch_up
from brain.reads import decision_trail as read_decision_trail
from brain.reads import experts_for as read_experts
from brain.reads import related_work as read_related_work
from brain.reads import triage_candidates as read_triage
from brain.schema import ENTITY_TYPES


class ToolArgs(BaseModel):
    """Arguments every tool takes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    as_of: str | None = Field(
        default=None, description="Answer for this date (ISO, e.g. 2026-10-01); default now."
    )


Handler = Callable[[TenantGraph, Any, int], Awaitable[ReadResult]]


@dataclass(frozen=True, slots=True)
class Tool:
    """One registered tool."""

    name: str
    purpose: str
    args: type[ToolArgs]
    handler: Handler
    #: Whether its answer may come from a replica a moment behind the primary: reads of
    #: the graph's shape and long history, where the last second's write changes nothing
    #: a person would act on (never cards, and never the write stamp).
    stale_ok: bool = False
    #: The lists of its data that its ``limit`` argument caps (a scoped read asks for more
    #: and cuts these back: ``agents._scope.widened``).
    limited: tuple[str, ...] = ()

    def schema(self) -> dict[str, Any]:
        """JSON schema of the arguments (for the model's tool list and `hivebrain tools`)."""
        return self.args.model_json_schema()


TOOLS: dict[str, Tool] = {}


def tool(
    name: str,
    purpose: str,
    args: type[ToolArgs],
    *,
    stale_ok: bool = False,
    limited: tuple[str, ...] = (),
) -> Callable[[Handler], Handler]:
    """Register a graph tool under ``name`` (``stale_ok``, ``limited``: see ``Tool``)."""

    def register(fn: Handler) -> Handler:
        TOOLS[name] = Tool(name, purpose, args, fn, stale_ok=stale_ok, limited=limited)
        return fn

    return register


def moment(args: ToolArgs) -> int:
    """The moment a call answers for."""
    if args.as_of is None:
        return now_ms()
    try:
        return parse_moment(args.as_of, field="as_of")
    except InputInvalid as exc:
        raise ToolArgsInvalid("as_of", exc.reason) from exc


async def call_tool(graph: TenantGraph, name: str, raw_args: dict[str, Any]) -> ReadResult:
    """Validate arguments once and run a tool on one tenant."""
    found = TOOLS.get(name)
    if found is None:
        raise ToolUnknown(name, list(TOOLS))
    try:
        args = found.args.model_validate(raw_args)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}" for e in exc.errors()
        )
        raise ToolArgsInvalid(name, problems) from exc
    if name in ANSWERED_TOOLS and (kept := await kept_answer(graph, name, args)) is not None:
        await graph.stamp_reads([n.id for n in kept.evidence.nodes])
        return kept
    asked = await asked_stamp(graph) if name in ANSWERED_TOOLS else None
    reader = graph.tolerating_staleness() if found.stale_ok else graph
    result = await found.handler(reader, args, moment(args))
    if asked is not None:
        await keep_answer(graph, name, args, result, asked=asked)
    # a light read stamp per record a tool answered with: the hygiene report's "cold" ones
    await graph.stamp_reads([n.id for n in result.evidence.nodes])
    return result


# --- the tools -------------------------------------------------------------------------

if TYPE_CHECKING:
    # Built from the schema at run time, so the checker can only know them as text.
    NodeType = str
    BreakRel = str
else:
    # pydantic turns these into enums in each tool's JSON schema, so the model sees the
    # schema's own names and a wrong one is refused with the list of right ones.
    NodeType = Literal[tuple(sorted(ENTITY_TYPES))]
    BreakRel = Literal[tuple(BREAK_RELS)]


class SearchArgs(ToolArgs):
    query: str = Field(min_length=1, max_length=500, description="Words or a question.")
    types: list[NodeType] | None = Field(default=None, description="Only these node types.")
    limit: int = Field(default=10, ge=1, le=50)
    within: str | None = Field(
        default=None,
        max_length=200,
        description="Only inside this meeting or document (its id or exact name).",
    )


@tool(
    "search",
    "Find where to start: things and passages matching words or meaning.",
    SearchArgs,
    limited=("hits", "passages"),
)
async def _search(graph: TenantGraph, args: SearchArgs, t: int) -> ReadResult:
    if args.within:
        return await search_within(graph, args.query, args.within, as_of_ms=t, limit=args.limit)
    return await search(graph, args.query, as_of_ms=t, limit=args.limit, types=args.types)


class NameArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=512, description="A node id or its exact name.")


@tool("lookup", "Look up one thing by exact id or name, with its properties.", NameArgs)
async def _lookup(graph: TenantGraph, args: NameArgs, t: int) -> ReadResult:
    return await lookup(graph, args.name, as_of_ms=t)


class BreakArgs(NameArgs):
    hops: int = Field(default=4, ge=1, le=4, description="How many steps out (1-4).")
    rels: list[BreakRel] | None = Field(
        default=None, description="Relationships to follow (default DEPENDS_ON, AFFECTS, BLOCKS)."
    )


@tool("what_breaks", "What stops working if this thing stops, grouped by hop.", BreakArgs)
async def _what_breaks(graph: TenantGraph, args: BreakArgs, t: int) -> ReadResult:
    return await what_breaks(graph, args.name, as_of_ms=t, hops=args.hops, rels=args.rels)


class NeighbourArgs(NameArgs):
    limit: int = Field(default=60, ge=1, le=200)


@tool(
    "neighbours",
    "A thing's current relationships, typed, with sources and dates.",
    NeighbourArgs,
    limited=("relationships",),
)
async def _neighbours(graph: TenantGraph, args: NeighbourArgs, t: int) -> ReadResult:
    return await neighbours(graph, args.name, as_of_ms=t, limit=args.limit)


@tool(
    "history", "A thing's timeline: versions, and edges opened and closed (both clocks).", NameArgs
)
async def _history(graph: TenantGraph, args: NameArgs, t: int) -> ReadResult:
    return await history(graph, args.name, as_of_ms=t)


@tool(
    "owner", "Who owned a task (or other owned thing) at a moment, and the owners before.", NameArgs
)
async def _owner(graph: TenantGraph, args: NameArgs, t: int) -> ReadResult:
    return await owner(graph, args.name, as_of_ms=t)


class ReadingArgs(NameArgs):
    days: int = Field(default=7, ge=1, le=90, description="Window length in days.")
    daily: bool = Field(default=True, description="Include the day-by-day readings.")


@tool(
    "readings",
    "A metric's latest window against the one before (sums flows, averages rates).",
    ReadingArgs,
)
async def _readings(graph: TenantGraph, args: ReadingArgs, t: int) -> ReadResult:
    return await readings(graph, args.name, as_of_ms=t, days=args.days, daily=args.daily)


class PeriodArgs(NameArgs):
    first_day: date = Field(description="First day of the range, included (ISO date).")
    last_day: date = Field(description="Last day of the range, included (ISO date).")
    compare_first_day: date | None = Field(
        default=None, description="First day of a range to compare with (optional)."
    )
    compare_last_day: date | None = Field(
        default=None, description="Last day of the range to compare with (optional)."
    )
    timezone: str = Field(default="UTC", description="The business's time zone (IANA name).")

    @model_validator(mode="after")
    def _check(self) -> PeriodArgs:
        if self.last_day < self.first_day:
            raise ValueError("last_day is before first_day")
        if (self.compare_first_day is None) != (self.compare_last_day is None):
            raise ValueError("give both compare_first_day and compare_last_day, or neither")
        if (
            self.compare_first_day
            and self.compare_last_day
            and (self.compare_last_day < self.compare_first_day)
        ):
            raise ValueError("compare_last_day is before compare_first_day")
        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown time zone {self.timezone!r}") from exc
        return self


@tool(
    "period",
    "A metric's total (the way it totals) and daily mean over named days, optionally "
    "against a second range.",
    PeriodArgs,
)
async def _period(graph: TenantGraph, args: PeriodArgs, t: int) -> ReadResult:
    ranges = [(args.first_day, args.last_day)]
    if args.compare_first_day and args.compare_last_day:
        ranges.append((args.compare_first_day, args.compare_last_day))
    return await metric_period(
        graph, args.name, as_of_ms=t, ranges=ranges, tz=ZoneInfo(args.timezone)
    )


@tool(
    "passages",
    "The current passages of one document or meeting, in order, to quote the words.",
    NameArgs,
)
async def _passages(graph: TenantGraph, args: NameArgs, t: int) -> ReadResult:
    return await passages(graph, args.name, as_of_ms=t)


class MeetingArgs(ToolArgs):
    meeting: str = Field(
        default="last",
        min_length=1,
        max_length=512,
        description='A meeting id or its exact name; "last" for the newest meeting.',
    )


@tool(
    "minutes",
    "A meeting's minutes: summary, decisions, action items (owners, due dates), open "
    "questions, each with the lines it rests on.",
    MeetingArgs,
)
async def _minutes(graph: TenantGraph, args: MeetingArgs, t: int) -> ReadResult:
    return await minutes(graph, args.meeting, as_of_ms=t)


class ActionItemArgs(ToolArgs):
    owner: str | None = Field(
        default=None, max_length=512, description="Only this person's (id or exact name)."
    )
    include_done: bool = Field(default=False, description="Also items marked done.")


@tool(
    "action_items",
    "Action items agreed in meetings, open ones by default, with owner, due date and the "
    "line that created each.",
    ActionItemArgs,
)
async def _action_items(graph: TenantGraph, args: ActionItemArgs, t: int) -> ReadResult:
    return await action_items(graph, owner=args.owner, as_of_ms=t, include_done=args.include_done)


class PathArgs(ToolArgs):
    ids: list[str] = Field(min_length=2, max_length=12, description="Node ids, in order.")


@tool("path", "How the named things connect: direct edges or shortest paths (<= 4 hops).", PathArgs)
async def _path(graph: TenantGraph, args: PathArgs, t: int) -> ReadResult:
    return await path(graph, args.ids, as_of_ms=t)


class RankArgs(ToolArgs):
    limit: int = Field(default=20, ge=1, le=100)
    types: list[NodeType] | None = None


@tool(
    "rank",
    "What matters most: PageRank over current relationships.",
    RankArgs,
    stale_ok=True,
    limited=("ranking",),
)
async def _rank(graph: TenantGraph, args: RankArgs, t: int) -> ReadResult:
    return await rank(graph, as_of_ms=t, limit=args.limit, types=args.types)


class TopicArgs(ToolArgs):
    limit: int = Field(default=10, ge=1, le=50)
    min_size: int = Field(default=2, ge=1, le=1000)


@tool(
    "topics",
    "Groups of closely linked things (label propagation, stable ids).",
    TopicArgs,
    stale_ok=True,
    limited=("groups",),
)
async def _topics(graph: TenantGraph, args: TopicArgs, t: int) -> ReadResult:
    return await topics(graph, as_of_ms=t, limit=args.limit, min_size=args.min_size)


class MeasuredArgs(ToolArgs):
    type: NodeType = Field(description="The type of thing to compare, e.g. Campaign.")
    days: int = Field(default=30, ge=1, le=366, description="Window length in days.")


@tool(
    "measured_totals",
    "Every thing of one type with its metrics' totals over the last days, and what it "
    "targets: to compare things by two of their metrics (cost per sign-up).",
    MeasuredArgs,
)
async def _measured_totals(graph: TenantGraph, args: MeasuredArgs, t: int) -> ReadResult:
    return await measured_totals(graph, args.type, as_of_ms=t, days=args.days)


class CypherArgs(ToolArgs):
    query: str = Field(min_length=1, max_length=4000, description="Read-only Cypher.")
    params: dict[str, Any] | None = None


@tool("cypher", "Read-only Cypher, guarded: no writes, bounded patterns, capped rows.", CypherArgs)
async def _cypher(graph: TenantGraph, args: CypherArgs, t: int) -> ReadResult:
    return await run_cypher(graph, args.query, args.params, as_of=format_moment(t) or "")


class CalcArgs(ToolArgs):
    expression: str = Field(
        min_length=1,
        max_length=300,
        description="Arithmetic on numbers: + - * / ( ), e.g. 5200 / 61.",
    )


_BINARY_OPS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
}
_UNARY_OPS: dict[type[ast.unaryop], Callable[[float], float]] = {
    ast.USub: lambda a: -a,
    ast.UAdd: lambda a: +a,
}


def evaluate(expression: str) -> float:
    """Safe arithmetic: numbers and + - * / and brackets, nothing else."""

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY_OPS:
            return _BINARY_OPS[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY_OPS:
            return _UNARY_OPS[type(node.op)](walk(node.operand))
        raise ValueError("only numbers, + - * / and brackets are allowed")

    try:
        return walk(ast.parse(expression.replace(",", ""), mode="eval"))
    except (SyntaxError, ValueError, ZeroDivisionError) as exc:
        raise ToolArgsInvalid("calc", f"cannot compute {expression!r}: {exc}") from exc


@tool(
    "calc", "Arithmetic on figures the tools returned, so derived numbers are checkable.", CalcArgs
)
async def _calc(graph: TenantGraph, args: CalcArgs, t: int) -> ReadResult:
    value = evaluate(args.expression)
    return ReadResult(
        tool="calc",
        as_of=format_moment(t) or "",
        data={"expression": args.expression, "value": round(value, 6)},
    )


# --- the repository brain ------------------------------------------------------------


class ExpertArgs(ToolArgs):
    component: str | None = Field(
        default=None, max_length=400, description="A component: a folder such as src/udf."
    )
    path: str | None = Field(default=None, max_length=400, description="A file or folder path.")
    text: str | None = Field(
        default=None, max_length=500, description="Words naming the area (the client code)."
    )
    repo: str | None = Field(default=None, max_length=200, description="owner/name, optional.")
    limit: int = Field(default=5, ge=1, le=20)

    @model_validator(mode="after")
    def _one_of(self) -> ExpertArgs:
        if not (self.component or self.path or self.text):
            raise ValueError("give a component, a path or some words naming the area")
        return self


@tool(
    "experts_for",
    "Who knows an area of code best: people ranked by recent authoring, reviewing and "
    "commenting there, each with the changes that earned it.",
    ExpertArgs,
    stale_ok=True,
    limited=("experts",),
)
async def _experts_for(graph: TenantGraph, args: ExpertArgs, t: int) -> ReadResult:
    return await read_experts(
        graph, component=args.component, path=args.path, text=args.text, repo=args.repo,
        as_of_ms=t, limit=args.limit,
    )  # fmt: skip


class TriageArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=4000, description="A new issue's title and body.")
    repo: str | None = Field(default=None, max_length=200, description="owner/name, optional.")
    limit: int = Field(default=5, ge=1, le=20)


@tool(
    "triage_candidates",
    "Where a new issue goes: the components that similar past issues and fixes changed, "
    "with a confidence, the experts of the top one and the similar items.",
    TriageArgs,
    limited=("components",),
)
async def _triage_candidates(graph: TenantGraph, args: TriageArgs, t: int) -> ReadResult:
    return await read_triage(graph, args.text, repo=args.repo, as_of_ms=t, limit=args.limit)


class WhyArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=500, description="A why question.")


@tool(
    "decision_trail",
    "Why something was decided: the best-matching Decision, where it was decided, what it "
    "fixed, who made it, what it affected and the comments it rests on.",
    WhyArgs,
)
async def _decision_trail(graph: TenantGraph, args: WhyArgs, t: int) -> ReadResult:
    return await read_decision_trail(graph, args.text, as_of_ms=t)


class AreaArgs(ToolArgs):
    component: str = Field(min_length=1, max_length=400, description="A component or path.")
    repo: str | None = Field(default=None, max_length=200, description="owner/name, optional.")


@tool(
    "area_history",
    "An area of code's changes, newest first, with authors and the issues they fixed.",
    AreaArgs,
    stale_ok=True,
)
async def _area_history(graph: TenantGraph, args: AreaArgs, t: int) -> ReadResult:
    return await read_area_history(graph, args.component, repo=args.repo, as_of_ms=t)


class ItemArgs(ToolArgs):
    item: str = Field(min_length=1, max_length=512, description="A PR, commit or issue id/name.")


@tool(
    "related_work",
    "Changes that modified the same files as a pull request, commit or fixed issue.",
    ItemArgs,
)
async def _related_work(graph: TenantGraph, args: ItemArgs, t: int) -> ReadResult:
    return await read_related_work(graph, args.item, as_of_ms=t)


class CatchUpArgs(ToolArgs):
    person: str | None = Field(default=None, max_length=512, description="A person, optional.")
    since: str | None = Field(
        default=None, description="From this date (ISO); default a week before as_of."
    )
    repo: str | None = Field(default=None, max_length=200, description="owner/name, optional.")


@tool("catch_up", "What landed lately (since a date), for everyone or for one person.", CatchUpArgs)
async def _catch_up(graph: TenantGraph, args: CatchUpArgs, t: int) -> ReadResult:
    since: int | None = None
    if args.since is not None:
        try:
            since = parse_moment(args.since, field="since")
        except InputInvalid as exc:
            raise ToolArgsInvalid("since", exc.reason) from exc
    return await read_catch_up(
        graph, person=args.person, since_ms=since, repo=args.repo, as_of_ms=t
    )


def describe_tools() -> list[dict[str, Any]]:
    """Every tool with its purpose and argument schema."""
    return [{"name": t.name, "purpose": t.purpose, "args": t.schema()} for t in TOOLS.values()]
