"""The platform-neutral core: a conversation turn, the Reply model, limits and safety,
the buttons on every answer (feedback, sources), a digest's fact checks, channel scopes
and throttled progress lines."""

from __future__ import annotations

from bots.core._core import (
    Answer,
    BotCore,
    DecisionOutcome,
    apology,
    reply_from_turn,
    user_key,
)
from bots.core._corrections import (
    MODES,
    NOT_MEMBER_FIX,
    FactChoice,
    FactFix,
    FixOutcome,
)
from bots.core._feedback import (
    NOT_MEMBER,
    AnswerVote,
    VoteOutcome,
    pack_lines,
    reason_choices,
    source_line,
)
from bots.core._freshness import (
    FRESHNESS_SETTING,
    NOT_MEMBER_CHECK,
    FactChecked,
    change_freshness,
    check_fact,
)
from bots.core._limits import SeenEvents, TenantQueue
from bots.core._path_image import (
    BACKGROUND,
    CLOSED_COLOUR,
    CURRENT_COLOUR,
    layout_path,
    measure_label,
    render_path_png,
)
from bots.core._reply import (
    Attachment,
    CardDecision,
    CardStatus,
    CardView,
    Citation,
    FactCheckView,
    InboundMessage,
    PathEdge,
    PathNode,
    Reply,
    path_chain,
    path_steps,
)
from bots.core._safety import sanitize_mentions, split_text, truncate_text
from bots.core._scopes import change_scope
from bots.core._settings import BotSettings
from bots.core._settings_command import (
    CHANNEL_SETTINGS,
    NUMBER_SETTINGS,
    VALUE_SETTINGS,
    MentionSyntax,
    SettingsChange,
    apply_settings,
    parse_settings,
    settings_change,
    settings_command,
    settings_help,
)
from bots.core._throttle import Throttle
from bots.core._uploads import UPLOAD_KIND, Fetch, UploadWorkers, load_upload

__all__ = [
    "FRESHNESS_SETTING",
    "NOT_MEMBER_CHECK",
    "change_freshness",
    "change_scope",
    "FactChecked",
    "check_fact",
    "FactCheckView",
    "MODES",
    "NOT_MEMBER_FIX",
    "FactChoice",
    "FactFix",
    "FixOutcome",
    "NOT_MEMBER",
    "AnswerVote",
    "Throttle",
    "VoteOutcome",
    "pack_lines",
    "reason_choices",
    "source_line",
    "CHANNEL_SETTINGS",
    "NUMBER_SETTINGS",
    "VALUE_SETTINGS",
    "Answer",
    "Attachment",
    "BotCore",
    "BotSettings",
    "CardDecision",
    "CardView",
    "Citation",
    "DecisionOutcome",
    "InboundMessage",
    "MentionSyntax",
    "PathEdge",
    "PathNode",
    "Reply",
    "SeenEvents",
    "SettingsChange",
    "TenantQueue",
    "apology",
    "apply_settings",
    "path_chain",
    "parse_settings",
    "path_steps",
    "render_path_png",
    "reply_from_turn",
    "sanitize_mentions",
    "settings_change",
    "settings_command",
    "settings_help",
    "split_text",
    "truncate_text",
    "user_key",
    "CardStatus",
    "Fetch",
    "UPLOAD_KIND",
    "UploadWorkers",
    "load_upload",
    "BACKGROUND",
    "CLOSED_COLOUR",
    "CURRENT_COLOUR",
    "layout_path",
    "measure_label",
]
