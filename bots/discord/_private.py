"""Private notes to one Discord user: mention-safe text, sent as an ephemeral answer.

Every button and command answers refusals and outcomes privately; this is the one way
they do it, so that none of them can ping anyone or outgrow one message.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bots.core import sanitize_mentions, truncate_text
from bots.discord._render import CONTENT_LIMIT

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def note(text: str) -> str:
    """A private note for one user: mention-safe and within one message."""
    return truncate_text(sanitize_mentions(text, "discord"), CONTENT_LIMIT)


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer an interaction privately (a follow-up once it is answered or deferred)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer discord interaction %s", interaction.id)
