"""The team: the Chief, the desks, graph tools, the model client, answer checks, cards."""

from __future__ import annotations

from agents.cards import (
    Card,
    CardDraft,
    CardUnknown,
    Decision,
    decide,
    get_card,
    list_cards,
    propose,
)
from agents.checks import CheckReport, CheckResult, check_answer
from agents.errors import (
    CardNotPending,
    ModelUnavailable,
    NotApprover,
    ToolArgsInvalid,
    ToolUnknown,
)
from agents.executors import (
    ChannelPostExecutor,
    ComposioExecutor,
    Executor,
    ExecutorRegistry,
    GitHubExecutor,
    Poster,
    RecordOnlyExecutor,
)
from agents.tools import TOOLS, call_tool, describe_tools
from agents.turn import TurnResult, run_turn
from brain import HivebrainError

__all__ = [
    "TOOLS",
    "Card",
    "CardDraft",
    "CardNotPending",
    "CardUnknown",
    "ChannelPostExecutor",
    "CheckReport",
    "CheckResult",
    "ComposioExecutor",
    "Decision",
    "Executor",
    "ExecutorRegistry",
    "GitHubExecutor",
    "HivebrainError",
    "ModelUnavailable",
    "NotApprover",
    "Poster",
    "RecordOnlyExecutor",
    "ToolArgsInvalid",
    "ToolUnknown",
    "TurnResult",
    "call_tool",
    "check_answer",
    "decide",
    "describe_tools",
    "get_card",
    "list_cards",
    "propose",
    "run_turn",
]
