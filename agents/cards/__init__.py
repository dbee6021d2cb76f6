"""Approval cards, the kinds of action they carry, and the executors that run one once."""

from __future__ import annotations

from agents.cards._cards import (
    Card,
    CardAction,
    CardDraft,
    CardKind,
    CardStatus,
    Decision,
    draft_card,
    get_card,
    is_approver,
    list_cards,
    propose,
)
from agents.cards._decisions import decide, edit_card
from agents.cards._executors import (
    AccountLookup,
    ChannelPostExecutor,
    ComposioAccount,
    ComposioExecutor,
    Executor,
    ExecutorRegistry,
    GitHubExecutor,
    KeyedPoster,
    Poster,
    RecordOnlyExecutor,
    RepoLookup,
)
from agents.cards._kinds import (
    CARD_KINDS,
    BrainTask,
    CampaignChange,
    CardKindSpec,
    ChannelPost,
    Email,
    GitHubAssign,
    GitHubComment,
    GitHubLabels,
    Note,
    SocialPost,
    payload_hash,
    payload_json,
)
from agents.cards._minutes_mail import draft_minutes_email
from agents.cards._place import CardPlace, setting_list
from agents.cards._requests import read_request
from agents.cards._task_executor import BrainTaskExecutor
from agents.errors import CardUnknown, ExecutorUnknown

__all__ = [
    "CARD_KINDS",
    "AccountLookup",
    "BrainTask",
    "BrainTaskExecutor",
    "CampaignChange",
    "Card",
    "CardAction",
    "CardDraft",
    "CardKind",
    "CardKindSpec",
    "CardPlace",
    "CardStatus",
    "CardUnknown",
    "ChannelPost",
    "ChannelPostExecutor",
    "ComposioAccount",
    "ComposioExecutor",
    "Decision",
    "Email",
    "Executor",
    "ExecutorRegistry",
    "ExecutorUnknown",
    "GitHubAssign",
    "GitHubComment",
    "GitHubExecutor",
    "GitHubLabels",
    "KeyedPoster",
    "Note",
    "Poster",
    "RecordOnlyExecutor",
    "RepoLookup",
    "SocialPost",
    "decide",
    "draft_card",
    "draft_minutes_email",
    "edit_card",
    "get_card",
    "is_approver",
    "list_cards",
    "payload_hash",
    "payload_json",
    "propose",
    "read_request",
    "setting_list",
]
