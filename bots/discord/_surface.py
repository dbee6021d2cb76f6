"""What the slash commands, the card buttons and the poster need of the bot they serve.

The bot (``bots.discord._bot``) loads its commands, buttons and poster; they see it only
through ``DiscordSurface``, so none of them imports the bot module back (the way
discord.py keeps its types in a module of their own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord

if TYPE_CHECKING:
    from bots.core import BotCore

#: What a channel id can name: a server channel, a thread, or a DM.
Channel = discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel


@runtime_checkable
class DiscordSurface(Protocol):
    """The bot as its parts use it: the core, the DM workspace hook, clicks (cards, feedback,
    sources) and channels."""

    core: BotCore
    #: Seconds a click's decision may take before the click is deferred.
    click_ack_s: float

    async def dm_workspace(self, user: discord.abc.User) -> str:
        """The server whose brain a DM (or DM slash command) talks to."""
        ...

    async def decide_click(
        self, interaction: discord.Interaction[Any], action: str, card_id: str
    ) -> None:
        """Decide a card for whoever clicked."""
        ...

    async def feedback_click(
        self, interaction: discord.Interaction[Any], vote: str, turn_id: str
    ) -> None:
        """Record a 👍 / 👎 on an answer for whoever clicked."""
        ...

    async def sources_click(self, interaction: discord.Interaction[Any], turn_id: str) -> None:
        """Show the clicker, privately, every record an answer read."""
        ...

    def get_channel(self, id: int, /) -> Channel | None:
        """A channel from the client's cache."""
        ...

    async def fetch_channel(self, channel_id: int, /) -> Channel:
        """A channel from Discord's API."""
        ...
