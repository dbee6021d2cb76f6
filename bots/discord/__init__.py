"""The Discord adapter: the bot, its commands and buttons, embed rendering."""

from __future__ import annotations

from bots.discord._bot import DiscordPoster, HivebrainDiscord, build_discord_bot, run_discord
from bots.discord._render import DiscordMessage, render_card_embed, render_reply_messages

__all__ = [
    "DiscordMessage",
    "DiscordPoster",
    "HivebrainDiscord",
    "build_discord_bot",
    "render_card_embed",
    "render_reply_messages",
    "run_discord",
]
