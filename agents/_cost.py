"""What one turn cost: model tokens, model time and tool time, in all and per desk.

The model's share comes from the turn's budget (each reply charged to the desk spending
it, ``agents.model.SPENDING_DESK``); the tools' share from the ledger, which times every
call. Desks work at once, so their tool times add up to more than the turn's wall clock:
the figure is the work done, not the wait. Saved on the Turn (``agents.save_turn``) and
summed per tenant by ``brain.reads.turn_costs``.
"""

from __future__ import annotations

from typing import Any

from agents._ledger import ToolLedger
from agents.model import Budget


def turn_cost(ledger: ToolLedger, budget: Budget) -> dict[str, Any]:
    """``{"tokens", "model_ms", "tool_ms", "tool_calls", "desks": {desk: the same}}``."""
    desks: dict[str, dict[str, Any]] = {}

    def of(desk: str) -> dict[str, Any]:
        return desks.setdefault(
            desk, {"tokens": 0, "model_ms": 0.0, "tool_ms": 0.0, "tool_calls": 0}
        )

    for call in ledger.calls:
        entry = of(call.desk)
        entry["tool_ms"] += call.ms
        entry["tool_calls"] += 1
    for desk, spend in budget.by_desk.items():
        entry = of(desk)
        entry["tokens"] += spend.input_tokens + spend.output_tokens
        entry["model_ms"] += spend.model_ms
    for entry in desks.values():
        entry["model_ms"] = round(entry["model_ms"], 1)
        entry["tool_ms"] = round(entry["tool_ms"], 1)
    return {
        "tokens": sum(d["tokens"] for d in desks.values()),
        "model_ms": round(sum(d["model_ms"] for d in desks.values()), 1),
        "tool_ms": round(sum(d["tool_ms"] for d in desks.values()), 1),
        "tool_calls": sum(d["tool_calls"] for d in desks.values()),
        "desks": dict(sorted(desks.items())),
    }
