"""A turn's budget: the tokens and tool calls every desk of one turn draws on, together."""

from __future__ import annotations

import threading
from contextvars import ContextVar
from dataclasses import dataclass, field

from agents.errors import BudgetExceeded


@dataclass(frozen=True, slots=True)
class Usage:
    """Tokens the model read (input, cache included) and wrote (output); add with ``+``."""

    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, o: Usage) -> Usage:
        return Usage(self.input_tokens + o.input_tokens, self.output_tokens + o.output_tokens)

    @property
    def total(self) -> int:
        """Tokens read and written together (what the turn budget counts)."""
        return self.input_tokens + self.output_tokens


#: The desk spending now: set by the turn around each desk's work (each desk runs in its own
#: task, so its own context); spending outside a desk is the Chief's.
SPENDING_DESK: ContextVar[str] = ContextVar("hivebrain_spending_desk", default="chief")


@dataclass(slots=True)
class DeskSpend:
    """What one desk of a turn spent on the model: tokens and the time replies took."""

    input_tokens: int = 0
    output_tokens: int = 0
    model_ms: float = 0.0
    calls: int = field(default=0)


class Budget:
    """What one turn may spend, shared by all its desks: model tokens and tool calls.

    No method awaits, so desks on one loop cannot interleave inside one; a lock covers threads.
    """

    def __init__(self, *, tokens: int, tool_calls: int) -> None:
        if tokens < 1 or tool_calls < 0:
            raise ValueError("a budget needs tokens >= 1 and tool_calls >= 0")
        self.tokens, self.tool_calls = tokens, tool_calls
        self.used, self.tool_calls_used = Usage(), 0
        #: Per desk (``SPENDING_DESK``): tokens and model time, for the turn's cost.
        self.by_desk: dict[str, DeskSpend] = {}
        self._lock = threading.Lock()

    def check(self) -> None:
        """Raise ``BudgetExceeded`` when no tokens are left (run before each model call)."""
        if self.used.total >= self.tokens:
            raise BudgetExceeded("tokens", self.used.total, self.tokens)

    def charge(self, usage: Usage, *, model_ms: float = 0.0) -> None:
        """Record a reply's tokens (it is paid for) and how long it took, against the
        spending desk too; raise ``BudgetExceeded`` if now overdrawn."""
        with self._lock:
            self.used = total = self.used + usage
            spend = self.by_desk.setdefault(SPENDING_DESK.get(), DeskSpend())
            spend.input_tokens += usage.input_tokens
            spend.output_tokens += usage.output_tokens
            spend.model_ms += model_ms
            spend.calls += 1
        if total.total > self.tokens:
            raise BudgetExceeded("tokens", total.total, self.tokens)

    def charge_tool(self) -> None:
        """Count one tool call, or raise ``BudgetExceeded`` (uncounted) when none are left."""
        with self._lock:
            if self.tool_calls_used >= self.tool_calls:
                raise BudgetExceeded("tool calls", self.tool_calls_used + 1, self.tool_calls)
            self.tool_calls_used += 1
