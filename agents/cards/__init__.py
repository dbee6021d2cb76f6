"""Approval cards and the executors that run an approved card once."""

from __future__ import annotations

from agents.cards._cards import (
    Card,
    CardDraft,
    CardKind,
    CardStatus,
    Decision,
    decide,
    get_card,
    is_approver,
    list_cards,
    propose,
)
from agents.cards._executors import (
    ChannelPostExecutor,
    ComposioExecutor,
    Executor,
    ExecutorRegistry,
    GitHubExecutor,
    Poster,
    RecordOnlyExecutor,
)
from agents.errors import CardUnknown, ExecutorUnknown

__all__ = [
    "Card",
    "CardKind",
    "CardStatus",
    "CardDraft",
    "CardUnknown",
    "ChannelPostExecutor",
    "ComposioExecutor",
    "Decision",
    "Executor",
    "ExecutorRegistry",
    "ExecutorUnknown",
    "GitHubExecutor",
    "Poster",
    "RecordOnlyExecutor",
    "decide",
    "get_card",
    "is_approver",
    "list_cards",
    "propose",
]
