"""The chat front door: Slack, Discord and console adapters over one platform-neutral core.

The adapters (``bots.slack_app``, ``bots.discord_bot``, ``bots.console``) and the CLI are
imported where they are wired, so importing this package loads no chat SDK.
"""

from __future__ import annotations

import importlib
from typing import Any

# Public names and the module that holds each. They load on first use (PEP 562), so the
# `hivebrain` command, whose entry point lives in this package, starts without importing
# the agents and their SDKs for commands that never answer a question.
_HOMES: dict[str, str] = {
    "BotCore": "bots.core",
    "DecisionOutcome": "bots.core",
    "apology": "bots.core",
    "reply_from_turn": "bots.core",
    "user_key": "bots.core",
    "SeenEvents": "bots.limits",
    "TenantQueue": "bots.limits",
    "render_path_png": "bots.path_image",
    "DiscordMessage": "bots.render_discord",
    "render_card_embed": "bots.render_discord",
    "render_reply_messages": "bots.render_discord",
    "fallback_text": "bots.render_slack",
    "render_card_blocks": "bots.render_slack",
    "render_reply_blocks": "bots.render_slack",
    "Attachment": "bots.reply",
    "CardDecision": "bots.reply",
    "CardView": "bots.reply",
    "Citation": "bots.reply",
    "InboundMessage": "bots.reply",
    "PathEdge": "bots.reply",
    "PathNode": "bots.reply",
    "Reply": "bots.reply",
    "sanitize_mentions": "bots.safety",
    "split_text": "bots.safety",
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
