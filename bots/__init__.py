"""The chat front door: Slack, Discord and console adapters over one platform-neutral core.

The adapters (``bots.slack._app``, ``bots.discord._bot``, ``bots.console._console``) and the CLI are
imported where they are wired, so importing this package loads no chat SDK.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # The same names as _HOMES below, bound for the type checker only: at run time they
    # load on first use, so importing `bots` stays free of the SDKs.
    from bots.core import (
        Attachment,
        BotCore,
        CardDecision,
        CardView,
        Citation,
        DecisionOutcome,
        InboundMessage,
        PathEdge,
        PathNode,
        Reply,
        SeenEvents,
        TenantQueue,
        apology,
        render_path_png,
        reply_from_turn,
        sanitize_mentions,
        split_text,
        user_key,
    )
    from bots.discord import DiscordMessage, render_card_embed, render_reply_messages
    from bots.slack import fallback_text, render_card_blocks, render_reply_blocks

# Public names and the module that holds each. They load on first use (PEP 562), so the
# `hivebrain` command, whose entry point lives in this package, starts without importing
# the agents and their SDKs for commands that never answer a question.
_HOMES: dict[str, str] = {
    "BotCore": "bots.core._core",
    "DecisionOutcome": "bots.core._core",
    "apology": "bots.core._core",
    "reply_from_turn": "bots.core._core",
    "user_key": "bots.core._core",
    "SeenEvents": "bots.core._limits",
    "TenantQueue": "bots.core._limits",
    "render_path_png": "bots.core._path_image",
    "DiscordMessage": "bots.discord._render",
    "render_card_embed": "bots.discord._render",
    "render_reply_messages": "bots.discord._render",
    "fallback_text": "bots.slack._render",
    "render_card_blocks": "bots.slack._render",
    "render_reply_blocks": "bots.slack._render",
    "Attachment": "bots.core._reply",
    "CardDecision": "bots.core._reply",
    "CardView": "bots.core._reply",
    "Citation": "bots.core._reply",
    "InboundMessage": "bots.core._reply",
    "PathEdge": "bots.core._reply",
    "PathNode": "bots.core._reply",
    "Reply": "bots.core._reply",
    "sanitize_mentions": "bots.core._safety",
    "split_text": "bots.core._safety",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bots' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


__all__ = [
    "Attachment",
    "BotCore",
    "CardDecision",
    "CardView",
    "Citation",
    "DecisionOutcome",
    "DiscordMessage",
    "InboundMessage",
    "PathEdge",
    "PathNode",
    "Reply",
    "SeenEvents",
    "TenantQueue",
    "apology",
    "fallback_text",
    "render_card_blocks",
    "render_card_embed",
    "render_path_png",
    "render_reply_blocks",
    "render_reply_messages",
    "reply_from_turn",
    "sanitize_mentions",
    "split_text",
    "user_key",
]
