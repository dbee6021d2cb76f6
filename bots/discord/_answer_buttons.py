"""The buttons under every answer on Discord: 👍 / 👎, the "what was wrong?" modal, Sources.

They carry ``hb:fb:<up|down>:<turn>`` and ``hb:src:<turn>``; like the card buttons they
are ``DynamicItem``s registered at every start, so a click on an answer from any earlier
process is routed by custom id alone. A vote becomes a Feedback node (``BotCore``); a 👎
then opens a modal (a reason to pick, free text) whose submission fills that Feedback's
reason once ("a fact is wrong" / "it's out of date" then offers the answer's facts to
correct, ``bots.discord._fix_buttons``). Sources lists, privately, every record the
answer read. A click from someone outside every server bound to a brain, or on an answer
the brain no longer holds, is told privately and changes nothing. A vote that takes
longer than the bot's ``click_ack_s`` is deferred first, so Discord's 3 s always holds (it
then thanks the voter without the modal, which cannot follow a deferral).
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from typing import Any

import discord

from bots.core import AnswerVote, VoteOutcome, apology, pack_lines, reason_choices
from bots.discord._fix_buttons import FIX_REASONS, offer_fixes
from bots.discord._private import note, tell
from bots.discord._render import CONTENT_LIMIT
from bots.discord._surface import DiscordSurface

log = logging.getLogger(__name__)

FEEDBACK_TEMPLATE = r"hb:fb:(?P<vote>up|down):(?P<turn>[A-Za-z0-9_-]+)"
SOURCES_TEMPLATE = r"hb:src:(?P<turn>[A-Za-z0-9_-]+)"
#: What ``dm_workspace`` answers for someone in no server bound to a brain.
DM_PREFIX = "dm-"
#: A Sources list is sent as at most this many private messages.
SOURCES_PARTS = 5

_Button = discord.ui.Button[discord.ui.View]


def _surface(interaction: discord.Interaction[Any]) -> DiscordSurface:
    bot = interaction.client
    if not isinstance(bot, DiscordSurface):
        raise TypeError("answer buttons need a hivebrain Discord client (DiscordSurface)")
    return bot


async def _workspace(bot: DiscordSurface, interaction: discord.Interaction[Any]) -> str:
    """The server whose brain the click talks to (a DM's: the user's bound server)."""
    if interaction.guild_id:
        return str(interaction.guild_id)
    return await bot.dm_workspace(interaction.user)


class FeedbackButton(discord.ui.DynamicItem[_Button], template=FEEDBACK_TEMPLATE):
    """👍 or 👎 under an answer, routed by custom id alone."""

    def __init__(
        self, vote: str, turn_id: str, *, label: str | None = None, row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("👍" if vote == "up" else "👎"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"hb:fb:{vote}:{turn_id}",
            ),
            row=row,
        )
        self.vote = vote
        self.turn_id = turn_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> FeedbackButton:
        """Rebuild the clicked button, keeping its label."""
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(match["vote"], match["turn"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Record the vote through the bot that received the click."""
        await _surface(interaction).feedback_click(interaction, self.vote, self.turn_id)


class SourcesButton(discord.ui.DynamicItem[_Button], template=SOURCES_TEMPLATE):
    """Sources under an answer: every record it read, shown privately."""

    def __init__(self, turn_id: str, *, label: str | None = None, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Sources",
                style=discord.ButtonStyle.secondary,
                custom_id=f"hb:src:{turn_id}",
            ),
            row=row,
        )
        self.turn_id = turn_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SourcesButton:
        """Rebuild the clicked button, keeping its label."""
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(match["turn"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """List the sources through the bot that received the click."""
        await _surface(interaction).sources_click(interaction, self.turn_id)


class ReasonModal(discord.ui.Modal):
    """The private "what was wrong?" form after a 👎: a reason to pick, and free text."""

    def __init__(
        self, bot: DiscordSurface, *, feedback_id: str, workspace: str, turn_id: str = ""
    ) -> None:
        super().__init__(title="What was wrong?", custom_id=f"hb:fbm:{feedback_id}", timeout=900)
        self.bot = bot
        self.turn_id = turn_id
        self.feedback_id = feedback_id
        self.workspace = workspace
        self.reason: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id="hb:fbm:reason",
            options=[discord.SelectOption(label=text, value=key) for key, text in reason_choices()],
            min_values=1,
            max_values=1,
        )
        self.text: discord.ui.TextInput[discord.ui.View] = discord.ui.TextInput(
            custom_id="hb:fbm:text",
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=2000,
        )
        self.add_item(discord.ui.Label(text="What was wrong with it?", component=self.reason))
        self.add_item(discord.ui.Label(text="Anything to add?", component=self.text))

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        """Fill the Feedback's reason (once) and say so privately."""
        reason = self.reason.values[0] if self.reason.values else ""
        text = await self.bot.core.explain_vote(
            "discord",
            self.workspace,
            str(interaction.user.id),
            feedback_id=self.feedback_id,
            reason=reason,
            text=self.text.value or "",
        )
        await tell(interaction, note(text))
        if reason in FIX_REASONS and self.turn_id and not self.workspace.startswith(DM_PREFIX):
            await offer_fixes(self.bot, interaction, self.workspace, self.turn_id)

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception, /) -> None:
        """A failure while submitting: logged, and a private apology."""
        error_id = uuid.uuid4().hex[:8]
        log.error("error %s submitting feedback %s", error_id, self.feedback_id, exc_info=error)
        await tell(interaction, note(apology(error_id, error).answer))


async def feedback_click(
    bot: DiscordSurface, interaction: discord.Interaction[Any], vote: str, turn_id: str
) -> None:
    """Record a 👍 / 👎 for whoever clicked; a 👎 then opens the reason modal."""
    try:
        workspace = await _workspace(bot, interaction)

        async def rate() -> VoteOutcome:
            return await bot.core.rate_answer(
                AnswerVote(
                    turn_id=turn_id,
                    vote="up" if vote == "up" else "down",
                    user_id=str(interaction.user.id),
                    platform="discord",
                    workspace_id=workspace,
                    # a DM from someone in no server bound to a brain
                    is_member=not workspace.startswith(DM_PREFIX),
                )
            )

        task = asyncio.create_task(rate(), name=f"hb-feedback-{turn_id}")
        done, _ = await asyncio.wait({task}, timeout=bot.click_ack_s)
        if not done:
            await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await task
        if outcome.feedback_id and vote == "down" and not interaction.response.is_done():
            modal = ReasonModal(
                bot, feedback_id=outcome.feedback_id, workspace=workspace, turn_id=turn_id
            )
            await interaction.response.send_modal(modal)
            return
        thanks = "Thanks — noted that this answer missed." if vote == "down" else outcome.note
        await tell(interaction, note(thanks if outcome.recorded else outcome.note))
    except Exception as exc:  # top-level handler for feedback clicks
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s handling feedback on %s", error_id, turn_id)
        await tell(interaction, note(apology(error_id, exc).answer))


async def sources_click(
    bot: DiscordSurface, interaction: discord.Interaction[Any], turn_id: str
) -> None:
    """Show the clicker, privately, every record the answer read."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        workspace = await _workspace(bot, interaction)
        lines = await bot.core.answer_sources(
            "discord", workspace, turn_id, is_member=not workspace.startswith(DM_PREFIX)
        )
        for part in pack_lines(lines, limit=CONTENT_LIMIT, max_parts=SOURCES_PARTS):
            await tell(interaction, note(part))
        await offer_fixes(bot, interaction, workspace, turn_id, quiet=True)
    except Exception as exc:  # top-level handler for Sources clicks
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s listing sources of %s", error_id, turn_id)
        await tell(interaction, note(apology(error_id, exc).answer))
