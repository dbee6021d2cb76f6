"""The Discord adapter: the bot, its commands and buttons, posting, embed rendering.

``build_discord_bot`` / ``run_discord`` assemble the bot; ``DiscordPoster`` posts approved
messages and scheduled posts and ``send_reply`` is how every answer is sent (all posting
lives in ``bots.discord._poster``).
"""

from __future__ import annotations

from bots.discord._bot import HivebrainDiscord, build_discord_bot, inbound_message, run_discord
from bots.discord._interactions import CLICK_ACK_S, CardButton, view_from_components
from bots.discord._poster import DiscordPoster, send_reply
from bots.discord._render import DiscordMessage, render_card_embed, render_reply_messages
from bots.discord._surface import DiscordSurface

__all__ = [
    "CLICK_ACK_S",
    "CardButton",
    "DiscordMessage",
    "DiscordPoster",
    "DiscordSurface",
    "HivebrainDiscord",
    "build_discord_bot",
    "inbound_message",
    "render_card_embed",
    "render_reply_messages",
    "run_discord",
    "send_reply",
    "view_from_components",
]
