"""What a tenant's answers cost: tokens, model time and tool time, per turn and per desk.

Summed from the Turns the tenant's graph keeps (each Turn saves its own cost, see
``agents.save_turn``), so every process reads the same figures. Turns saved before costs
were kept count as turns with no model or tool time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from brain._json import is_object
from brain._tenant_graph import TenantGraph

#: Turns whose per-desk costs are read at most (the totals cover every turn).
MAX_DESK_TURNS = 10_000


@dataclass(frozen=True, slots=True)
class CostTotals:
    """A tenant's answer costs over a span: totals, per-turn means, and per desk."""

    turns: int = 0
    tokens: int = 0
    model_ms: float = 0.0
    tool_ms: float = 0.0
    elapsed_ms: float = 0.0
    #: desk -> {"tokens", "model_ms", "tool_ms", "tool_calls", "turns"}
    desks: dict[str, dict[str, float]] = field(default_factory=dict[str, dict[str, float]])

    def per_turn(self, value: float) -> float:
        """``value`` spread over the turns (0 with none)."""
        return round(value / self.turns, 1) if self.turns else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (``tenant stats --json``)."""
        return {
            "turns": self.turns,
            "tokens": self.tokens,
            "model_ms": round(self.model_ms, 1),
            "tool_ms": round(self.tool_ms, 1),
            "tokens_per_turn": self.per_turn(self.tokens),
            "model_ms_per_turn": self.per_turn(self.model_ms),
            "tool_ms_per_turn": self.per_turn(self.tool_ms),
            "elapsed_ms_per_turn": self.per_turn(self.elapsed_ms),
            "desks": self.desks,
        }


SUM_TURN_COSTS = """
MATCH (t:Turn)
WHERE t.askedAt >= $from AND t.askedAt < $to
RETURN count(t), sum(coalesce(t.tokensRead, 0) + coalesce(t.tokensWritten, 0)),
       sum(coalesce(t.modelMs, 0)), sum(coalesce(t.toolMs, 0)), sum(coalesce(t.elapsedMs, 0))
LIMIT $limit
"""

READ_DESK_COSTS = """
MATCH (t:Turn)
WHERE t.askedAt >= $from AND t.askedAt < $to AND t.cost IS NOT NULL
RETURN t.cost
LIMIT $limit
"""


def _add_desks(into: dict[str, dict[str, float]], raw: Any) -> None:
    try:
        value: Any = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return
    if not is_object(value):
        return
    for desk, spend in value.items():
        if not is_object(spend):
            continue
        entry = into.setdefault(
            str(desk), {"tokens": 0, "model_ms": 0.0, "tool_ms": 0.0, "tool_calls": 0, "turns": 0}
        )
        for key in ("tokens", "model_ms", "tool_ms", "tool_calls"):
            figure = spend.get(key)
            if isinstance(figure, int | float) and not isinstance(figure, bool):
                entry[key] += figure
        entry["turns"] += 1


async def turn_costs(graph: TenantGraph, *, from_ms: int = 0, to_ms: int = 2**62) -> CostTotals:
    """The cost of the answers asked in ``[from_ms, to_ms)`` (default: every answer)."""
    span = {"from": from_ms, "to": to_ms}
    res = await graph.read(
        "sum turn costs", SUM_TURN_COSTS, {**span, "limit": 1}, timeout_ms=10_000
    )
    turns, tokens, model_ms, tool_ms, elapsed = res.rows[0] if res.rows else (0, 0, 0, 0, 0)
    desks: dict[str, dict[str, float]] = {}
    rows = await graph.read(
        "read desk costs", READ_DESK_COSTS, {**span, "limit": MAX_DESK_TURNS}, timeout_ms=10_000
    )
    for (raw,) in rows.rows:
        _add_desks(desks, raw)
    for entry in desks.values():
        entry["model_ms"] = round(entry["model_ms"], 1)
        entry["tool_ms"] = round(entry["tool_ms"], 1)
    return CostTotals(
        turns=int(turns or 0),
        tokens=int(tokens or 0),
        model_ms=float(model_ms or 0),
        tool_ms=float(tool_ms or 0),
        elapsed_ms=float(elapsed or 0),
        desks=dict(sorted(desks.items())),
    )
