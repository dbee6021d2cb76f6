"""The chat front door: Slack, Discord and console adapters over one platform-neutral core.

The adapters (``bots.slack``, ``bots.discord``, ``bots.console``) and the CLI are imported
where they are wired, so importing this package loads no chat SDK.
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

# Public names and the package face that exports each. They load on first use (PEP 562),
# so the `hivebrain` command, whose entry point lives in this package, starts without
# importing the agents and their SDKs for commands that never answer a question.
_HOMES: dict[str, str] = {
    "BotCore": "bots.core",
    "DecisionOutcome": "bots.core",
    "apology": "bots.core",
    "reply_from_turn": "bots.core",
    "user_key": "bots.core",
    "SeenEvents": "bots.core",
    "TenantQueue": "bots.core",
    "render_path_png": "bots.core",
    "DiscordMessage": "bots.discord",
    "render_card_embed": "bots.discord",
    "render_reply_messages": "bots.discord",
    "fallback_text": "bots.slack",
    "render_card_blocks": "bots.slack",
    "render_reply_blocks": "bots.slack",
    "Attachment": "bots.core",
    "CardDecision": "bots.core",
    "CardView": "bots.core",
    "Citation": "bots.core",
    "InboundMessage": "bots.core",
    "PathEdge": "bots.core",
    "PathNode": "bots.core",
    "Reply": "bots.core",
    "sanitize_mentions": "bots.core",
    "split_text": "bots.core",
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
