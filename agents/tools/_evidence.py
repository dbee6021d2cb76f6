"""The evidence tools: what lies around the things a question names, a metric day by day
with the day it changed, and what began near a moment.

They are registered beside the other graph tools (``agents.tools._registry``) and answer
for a moment like them; each result carries the nodes and edges it read, so an answer can
cite every step of a path it walked.
"""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, model_validator

from agents.errors import ToolArgsInvalid
from agents.tools._registry import NodeType, ToolArgs, tool
from brain import InputInvalid, TenantGraph, parse_moment
from brain.reads import ReadResult, around, dated_near, metric_series

#: The tools this module registers.
EVIDENCE_TOOLS = ("around", "series", "dated_near")


class AroundArgs(ToolArgs):
    names: list[str] = Field(
        min_length=1, max_length=25, description="Ids or exact names of the things to start from."
    )
    hops: int = Field(
        default=3, ge=0, le=3, description="How many edges out (0-3; 0: the things alone)."
    )
    types: list[NodeType] | None = Field(default=None, description="Only things of these types.")
    text: str | None = Field(
        default=None, max_length=500, description="The question: each thing's closeness to it."
    )
    limit: int = Field(default=200, ge=1, le=500)


@tool(
    "around",
    "What lies within 0-3 current edges of some things, both ways, each with its path said "
    "as a sentence (and its closeness to the question, by meaning).",
    AroundArgs,
    limited=("items",),
)
async def _around(graph: TenantGraph, args: AroundArgs, t: int) -> ReadResult:
    return await around(
        graph, args.names, as_of_ms=t, hops=args.hops, types=args.types, text=args.text,
        limit=args.limit,
    )  # fmt: skip


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown time zone {name!r}") from exc


class SeriesArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=512, description="A metric's id or exact name.")
    first_day: date = Field(description="First day, included (ISO date).")
    last_day: date = Field(description="Last day, included (ISO date).")
    timezone: str = Field(default="UTC", description="The business's time zone (IANA name).")

    @model_validator(mode="after")
    def _check(self) -> SeriesArgs:
        if self.last_day < self.first_day:
            raise ValueError("last_day is before first_day")
        if self.last_day - self.first_day > timedelta(days=399):
            raise ValueError("a series covers 400 days at most")
        _zone(self.timezone)
        return self


@tool(
    "series",
    "A metric day by day over named days: the days without a reading, and the day the "
    "series changed level most clearly, with the level before and after.",
    SeriesArgs,
)
async def _series(graph: TenantGraph, args: SeriesArgs, t: int) -> ReadResult:
    return await metric_series(
        graph, args.name, as_of_ms=t, first=args.first_day, last=args.last_day,
        tz=_zone(args.timezone),
    )  # fmt: skip


class DatedArgs(ToolArgs):
    at: str = Field(description="The moment (ISO date or time), e.g. the day a series changed.")
    days: int = Field(default=2, ge=0, le=31, description="How many days either side.")
    lookback_days: int = Field(
        default=45, ge=0, le=366, description="Also things recorded this many days before."
    )
    linked_to: list[str] | None = Field(
        default=None, max_length=20, description="Ids to say each thing's links to."
    )


@tool(
    "dated_near",
    "Incidents, releases, decisions and campaigns that began near a moment, linked to "
    "the given things or not (and those recorded shortly before, whose words may date them).",
    DatedArgs,
)
async def _dated_near(graph: TenantGraph, args: DatedArgs, t: int) -> ReadResult:
    try:
        at = parse_moment(args.at, field="at")
    except InputInvalid as exc:
        raise ToolArgsInvalid("at", exc.reason) from exc
    return await dated_near(
        graph, at, as_of_ms=t, days=args.days, lookback_days=args.lookback_days,
        linked_to=args.linked_to,
    )  # fmt: skip
