"""The weekly digest's fact checks on Discord: "Still true" and "No longer true".

Each fact the digest asks about is an embed with two buttons, ``hb:fact:yes:<key>`` and
``hb:fact:no:<key>`` (``bots.discord._render``). Like every button of ours they are a
``DynamicItem`` registered at every start, so a click on last week's digest, posted by
another process, is routed by custom id alone. The answer (``bots.core.check_fact``) is
deferred when slower than the bot's ``click_ack_s`` and always told privately; a click
that changed the fact also edits the digest, the fact's two buttons becoming one disabled
button saying who answered it and when, so nobody answers it again. Someone in no server
bound to a brain is told that only members may answer, and nothing changes.
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from typing import Any

import discord

from bots.core import apology, check_fact
from bots.discord._private import note, tell
from bots.discord._render import LABEL_LIMIT
from bots.discord._surface import DiscordSurface

log = logging.getLogger(__name__)

FACT_TEMPLATE = r"hb:fact:(?P<answer>yes|no):(?P<key>[0-9a-f]{16,64})"
#: What ``dm_workspace`` answers for someone in no server bound to a brain.
_DM_PREFIX = "dm-"

_Button = discord.ui.Button[discord.ui.View]


class FactCheckButton(discord.ui.DynamicItem[_Button], template=FACT_TEMPLATE):
    """ "Still true" or "No longer true" under one fact of a digest."""

    def __init__(
        self,
        answer: str,
        key: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle | None = None,
        row: int | None = None,
    ) -> None:
        yes = answer == "yes"
        super().__init__(
            discord.ui.Button(
                label=label or ("Still true" if yes else "No longer true"),
                style=style or (discord.ButtonStyle.success if yes else discord.ButtonStyle.danger),
                custom_id=f"hb:fact:{answer}:{key}",
            ),
            row=row,
        )
        self.answer, self.key = answer, key

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> FactCheckButton:
        """Rebuild the clicked button, keeping its label and colour."""
        if isinstance(item, discord.ui.Button):
            return cls(match["answer"], match["key"], label=item.label, style=item.style)
        return cls(match["answer"], match["key"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the check for whoever clicked, and tell them privately."""
        bot = interaction.client
        if not isinstance(bot, DiscordSurface):
            raise TypeError("fact check buttons need a hivebrain Discord client (DiscordSurface)")
        await fact_click(bot, interaction, still_true=self.answer == "yes", key=self.key)


async def fact_click(
    bot: DiscordSurface, interaction: discord.Interaction[Any], *, still_true: bool, key: str
) -> None:
    """Stamp the fact as still true or close it, for whoever clicked; say what happened."""
    try:
        user = interaction.user
        workspace = (
            str(interaction.guild_id) if interaction.guild_id else await bot.dm_workspace(user)
        )
        task = asyncio.create_task(
            check_fact(
                bot.core,
                "discord",
                workspace,
                str(user.id),
                key=key,
                still_true=still_true,
                is_member=not workspace.startswith(_DM_PREFIX),
            ),
            name=f"hb-fact-{key[:16]}",
        )
        done, _ = await asyncio.wait({task}, timeout=bot.click_ack_s)
        if not done:
            await interaction.response.defer(ephemeral=True, thinking=True)
        checked = await task
        mark = checked.mark(getattr(user, "display_name", None) or user.name)
        view = answered_view(interaction.message, key, mark) if mark else None
        if view is not None and interaction.message is not None:
            if interaction.response.is_done():  # the thinking note is ours; edit the digest
                await interaction.message.edit(view=view)
            else:
                await interaction.response.edit_message(view=view)
        await tell(interaction, note(checked.note))
    except Exception as exc:  # top-level handler for fact-check clicks
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s answering fact check %s", error_id, key[:16])
        await tell(interaction, apology(error_id, exc).answer)


def answered_view(message: discord.Message | None, key: str, mark: str) -> discord.ui.View | None:
    """The digest's buttons with one fact's pair swapped for a disabled button reading
    ``mark``; None when the message does not hold that fact's buttons. The other buttons
    keep their custom ids, so the dynamic items registered at start still route them."""
    if message is None:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    pair = [
        item
        for item in view.children
        if isinstance(item, discord.ui.Button)
        and (match := re.fullmatch(FACT_TEMPLATE, item.custom_id or ""))
        and match["key"] == key
    ]
    if not pair:
        return None
    row = pair[0].row
    for item in pair:
        view.remove_item(item)
    done = discord.ui.Button[discord.ui.View](
        label=mark[:LABEL_LIMIT],
        style=discord.ButtonStyle.secondary,
        custom_id=f"hb:fact:done:{key}"[:100],
        disabled=True,
        row=row,
    )
    view.add_item(done)
    return view
