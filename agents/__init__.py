"""The team: the Chief, the desks, graph tools, the model client, answer checks, cards."""

from __future__ import annotations

from agents._connected import READS, ConnectedAccount, ConnectedClient, ConnectorSettings
from agents._connected_pull import (
    AccountPull,
    PullReport,
    composio_user,
    list_connected,
    parse_since,
    pull_connected,
    require_user,
)
from agents._issue_triage import (
    TRIAGE_RUN,
    TriageSuggestion,
    UnsafeReply,
    poll_and_triage,
    run_key,
    suggest_triage,
    triage_suggestion,
)
from agents._minutes import propose_minutes_card, render_minutes
from agents._settings import AgentSettings
from agents._turn import TurnResult, run_turn
from agents.cards._cards import Card, CardDraft, Decision, get_card, list_cards, propose
from agents.cards._decisions import decide
from agents.cards._executors import (
    ChannelPostExecutor,
    ComposioExecutor,
    Executor,
    ExecutorRegistry,
    GitHubExecutor,
    Poster,
    RecordOnlyExecutor,
)
from agents.cards._minutes_mail import draft_minutes_email
from agents.checks._answer import CheckReport, CheckResult, check_answer
from agents.errors import (
    CardNotPending,
    CardUnknown,
    ConnectorFailed,
    ModelUnavailable,
    NotApprover,
    ToolArgsInvalid,
    ToolUnknown,
)
from agents.model import meeting_proposer, model_from_settings, thread_proposer
from agents.tools._registry import TOOLS, call_tool, describe_tools
from brain import HivebrainError

__all__ = [
    "READS",
    "AccountPull",
    "ConnectedAccount",
    "ConnectedClient",
    "ConnectorFailed",
    "ConnectorSettings",
    "PullReport",
    "composio_user",
    "list_connected",
    "parse_since",
    "pull_connected",
    "require_user",
    "UnsafeReply",
    "poll_and_triage",
    "suggest_triage",
    "TRIAGE_RUN",
    "TriageSuggestion",
    "run_key",
    "triage_suggestion",
    "AgentSettings",
    "meeting_proposer",
    "thread_proposer",
    "model_from_settings",
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
    "draft_minutes_email",
    "describe_tools",
    "get_card",
    "list_cards",
    "propose",
    "propose_minutes_card",
    "render_minutes",
    "run_turn",
]
