"""The turn's ledger: every tool call a turn makes, and everything the checks need.

Desks call tools only through the ledger, which enforces each desk's tool list, fills in
the turn's ``as_of``, and keeps every result: the ids the tools returned (an answer may
cite only those), the raw outputs (every number must appear in them), whether any data
was sample data, and the newest date of the data used. Tool calls are counted against the
turn's budget by the model's tool loop, once, not here. In a scoped channel every result
is narrowed to the channel's scope here, before any desk reads it (``agents._scope``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agents._roster import ROSTER
from agents._scope import ScopedReads, trimmed, widened
from agents.errors import ToolArgsInvalid
from agents.tools import call_tool
from brain import TenantGraph, parse_moment
from brain.reads import Evidence, ReadResult


@dataclass(slots=True)
class ToolCall:
    """One recorded call."""

    desk: str
    tool: str
    args: dict[str, Any]
    result: ReadResult | None
    error: str | None = None
    #: How long the tool took (wall clock, milliseconds).
    ms: float = 0.0


@dataclass(slots=True)
class ToolLedger:
    """Tool calls of one turn, on one tenant."""

    graph: TenantGraph
    as_of: str | None = None
    calls: list[ToolCall] = field(default_factory=list)
    #: Told of every successful read as it lands (the turn's progress line); must not block.
    on_read: Callable[[ToolLedger], None] | None = None
    #: The channel's scope every result is narrowed to (None: the channel reads everything).
    scope: ScopedReads | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def call(self, desk: str, tool: str, args: dict[str, Any] | None = None) -> ReadResult:
        """Run a tool for a desk; refuses tools outside the desk's list."""
        allowed = ROSTER[desk].tools
        if tool not in allowed:
            raise ToolArgsInvalid(tool, f"the {desk} desk may use only {', '.join(allowed)}")
        if self.scope is not None:
            self.scope.refuse(tool)
        args = dict(args or {})
        if self.as_of is not None:
            args.setdefault("as_of", self.as_of)
        started = time.perf_counter()
        try:
            if self.scope is None:
                result = await call_tool(self.graph, tool, args)
            else:
                wide, asked = widened(tool, args)
                narrowed = await self.scope.narrow(await call_tool(self.graph, tool, wide))
                result = trimmed(tool, narrowed, asked)
        except Exception as exc:
            took = (time.perf_counter() - started) * 1000
            self.calls.append(ToolCall(desk, tool, args, None, str(exc), took))
            raise
        took = (time.perf_counter() - started) * 1000
        self.calls.append(ToolCall(desk, tool, args, result, ms=took))
        if self.on_read is not None:
            self.on_read(self)
        return result

    @property
    def results(self) -> list[ReadResult]:
        """Successful results, in call order."""
        return [c.result for c in self.calls if c.result is not None]

    @property
    def returned_ids(self) -> set[str]:
        """Every node id any tool returned this turn."""
        ids: set[str] = set()
        for r in self.results:
            ids.update(r.evidence.node_ids)
            for e in r.evidence.edges:
                ids.update((e.source, e.target))
        return ids

    @property
    def outputs(self) -> list[dict[str, Any]]:
        """Raw tool outputs, for the numbers check."""
        return [
            {
                "data": r.data,
                "sample": r.sample,
                "nodes": [n.model_dump() for n in r.evidence.nodes],
            }
            for r in self.results
        ]

    @property
    def sample(self) -> bool:
        """Whether any data read this turn was sample data."""
        return any(r.sample for r in self.results)

    @property
    def newest_as_of(self) -> datetime | None:
        """The newest source date among the data read."""
        dates = [parse_moment(r.newest_as_of) for r in self.results if r.newest_as_of]
        return datetime.fromtimestamp(max(dates) / 1000, tz=UTC) if dates else None

    def used_by(self, cited: set[str]) -> ToolLedger:
        """A view of this turn's ledger holding only the reads that returned a cited node:
        the data an answer actually rests on (for its sample and as-of duties)."""
        calls = [
            c
            for c in self.calls
            if c.result is not None and cited & set(c.result.evidence.node_ids)
        ]
        return ToolLedger(graph=self.graph, as_of=self.as_of, calls=calls, scope=self.scope)

    def evidence(self) -> Evidence:
        """All evidence of the turn, merged."""
        merged = Evidence()
        for r in self.results:
            merged = merged.merged(r.evidence)
        return merged

    def names(self) -> dict[str, str]:
        """Display names of every node read, by id."""
        return {n.id: n.name or n.id for r in self.results for n in r.evidence.nodes}
