"""Correcting a fact from Discord: the answer's facts with Wrong / Outdated, and the modal.

After a 👎 whose reason is "a fact is wrong" or "it's out of date", and under every
Sources list, the clicker gets, privately, the facts the answer read, one row each with
"Wrong" and "Outdated" (``hb:fix:<mode>:<fact index>:<turn>``, a ``DynamicItem``
registered at every start, so a click is routed by custom id alone). A click opens a
modal: the right value, and/or the day it stopped being true. The submission is deferred
(the re-answer may take longer than Discord's 3 s), handed to ``BotCore.corrections``,
and its outcome told privately; the people the old fact was about get a direct message.
"""

from __future__ import annotations

import logging
import re
import uuid
from typing import Any

import discord

from bots.core import MODES, FactChoice, FactFix, apology
from bots.discord._private import note, tell
from bots.discord._surface import DiscordSurface

log = logging.getLogger(__name__)

FIX_TEMPLATE = r"hb:fix:(?P<mode>wrong|outdated):(?P<index>\d{1,3}):(?P<turn>[A-Za-z0-9_-]+)"
#: The reasons of a 👎 that offer the facts to correct.
FIX_REASONS = ("wrong_fact", "outdated")
#: Facts offered at most (a message holds five rows of buttons).
FIX_ROWS = 5
BROKEN_FIX = "That button doesn't name a fact I know, so I changed nothing."

_Button = discord.ui.Button[discord.ui.View]


def _surface(interaction: discord.Interaction[Any]) -> DiscordSurface:
    bot = interaction.client
    if not isinstance(bot, DiscordSurface):
        raise TypeError("correction buttons need a hivebrain Discord client (DiscordSurface)")
    return bot


class FixButton(discord.ui.DynamicItem[_Button], template=FIX_TEMPLATE):
    """ "Wrong" or "Outdated" beside one fact of an answer, routed by custom id alone."""

    def __init__(
        self,
        mode: str,
        index: int,
        turn_id: str,
        *,
        label: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or MODES.get(mode, mode))[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"hb:fix:{mode}:{index}:{turn_id}",
            ),
            row=row,
        )
        self.mode, self.index, self.turn_id = mode, index, turn_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> FixButton:
        """Rebuild the clicked button, keeping its label."""
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(match["mode"], int(match["index"]), match["turn"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Open the correction form for this fact."""
        await fix_click(_surface(interaction), interaction, self.mode, self.index, self.turn_id)


def fix_view(turn_id: str, choices: list[FactChoice]) -> discord.ui.View:
    """One row per fact: "Wrong: <fact>" and "Outdated"."""
    view = discord.ui.View(timeout=None)
    for row, choice in enumerate(choices[:FIX_ROWS]):
        view.add_item(
            FixButton("wrong", choice.index, turn_id, label=f"Wrong: {choice.text}", row=row)
        )
        view.add_item(FixButton("outdated", choice.index, turn_id, label="Outdated", row=row))
    return view


async def offer_fixes(
    bot: DiscordSurface,
    interaction: discord.Interaction[Any],
    workspace: str,
    turn_id: str,
    *,
    quiet: bool = False,
) -> None:
    """Send the clicker, privately, the answer's facts to correct (or why there is none;
    ``quiet``: nothing then, as under a Sources list that already said it)."""
    found = await bot.core.corrections.choices(
        "discord", workspace, turn_id, is_member=not workspace.startswith("dm-")
    )
    if isinstance(found, str):
        if not quiet:
            await tell(interaction, note(found))
        return
    try:
        await interaction.followup.send(
            note("Which fact should I correct?"), view=fix_view(turn_id, found), ephemeral=True
        )
    except discord.HTTPException:
        log.warning("the correction list for interaction %s was not sent", interaction.id)


class FixModal(discord.ui.Modal):
    """The correction form: the right value, and/or the day it stopped being true."""

    def __init__(self, bot: DiscordSurface, *, fix: FactFix, fact: str) -> None:
        title = "Outdated fact" if fix.mode == "outdated" else "Wrong fact"
        super().__init__(title=title, custom_id=f"hb:fixm:{fix.fact_index}", timeout=900)
        self.bot, self.fix = bot, fix
        self.value: discord.ui.TextInput[discord.ui.View] = discord.ui.TextInput(
            custom_id="hb:fixm:value", required=False, max_length=200, placeholder=fact[:100]
        )
        self.day: discord.ui.TextInput[discord.ui.View] = discord.ui.TextInput(
            custom_id="hb:fixm:day", required=False, max_length=40, placeholder="YYYY-MM-DD"
        )
        self.add_item(discord.ui.Label(text="The right value", component=self.value))
        self.add_item(
            discord.ui.Label(text="No longer true since (YYYY-MM-DD)", component=self.day)
        )

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        """Apply the correction; tell the corrector and the fact's people."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        fix = self.fix.model_copy(
            update={"value": self.value.value or "", "stopped_on": self.day.value or ""}
        )
        done = await self.bot.core.corrections.correct(fix)
        await tell(interaction, note(done.note))
        for owner in done.tell:
            try:
                client = interaction.client
                user = client.get_user(int(owner)) or await client.fetch_user(int(owner))
                await user.send(note(done.tell_note))
            except (discord.HTTPException, ValueError):
                log.warning("the fact's owner %s was not told", owner)

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception, /) -> None:
        """A failure while submitting: logged, and a private apology."""
        error_id = uuid.uuid4().hex[:8]
        log.error("error %s submitting a correction", error_id, exc_info=error)
        await tell(interaction, note(apology(error_id, error).answer))


async def fix_click(
    bot: DiscordSurface,
    interaction: discord.Interaction[Any],
    mode: str,
    index: int,
    turn_id: str,
) -> None:
    """Open the correction form for one fact, or say privately why not."""
    try:
        workspace = (
            str(interaction.guild_id)
            if interaction.guild_id
            else await bot.dm_workspace(interaction.user)
        )
        is_member = not workspace.startswith("dm-")
        found = await bot.core.corrections.choices(
            "discord", workspace, turn_id, is_member=is_member
        )
        if isinstance(found, str):
            await tell(interaction, note(found))
            return
        fact = next((c.text for c in found if c.index == index), None)
        if fact is None:
            await tell(interaction, note(BROKEN_FIX))
            return
        fix = FactFix(
            platform="discord",
            workspace_id=workspace,
            user_id=str(interaction.user.id),
            channel_id=str(interaction.channel_id or ""),
            turn_id=turn_id,
            fact_index=index,
            mode="outdated" if mode == "outdated" else "wrong",
            is_member=is_member,
        )
        await interaction.response.send_modal(FixModal(bot, fix=fix, fact=fact))
    except Exception as exc:  # top-level handler for correction clicks
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s opening a correction of %s", error_id, turn_id)
        await tell(interaction, note(apology(error_id, exc).answer))
