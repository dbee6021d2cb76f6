"""Discord interactions: card buttons, the card message after a click, private notes.

Card buttons carry ``hb:card:<action>:<card_id>``; :class:`CardButton` matches that
template, so a click on a message from any earlier process is routed by custom id alone.
A decision that takes longer than the bot's ``click_ack_s`` (``CLICK_ACK_S`` unless built
with another) is deferred first, so Discord's 3 s deadline always holds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from typing import Any, cast

import discord

from bots.core import (
    CardDecision,
    CardView,
    DecisionOutcome,
    apology,
)
from bots.discord._answer_buttons import (
    FEEDBACK_TEMPLATE,
    SOURCES_TEMPLATE,
    FeedbackButton,
    SourcesButton,
)
from bots.discord._fact_buttons import FACT_TEMPLATE, FactCheckButton
from bots.discord._private import note, tell
from bots.discord._render import card_buttons, render_card_embed
from bots.discord._surface import DiscordSurface

log = logging.getLogger(__name__)

Json = dict[str, Any]

CARD_TEMPLATE = r"hb:card:(?P<action>approve|reject|details|retry):(?P<card>[A-Za-z0-9_-]+)"
#: A click whose decision is this quick is answered directly; a slower one (an executor
#: calling GitHub) is deferred first, so Discord's 3 s deadline always holds.
CLICK_ACK_S = 2.0


def view_from_components(components: list[Json]) -> discord.ui.View | None:
    """A discord.py view for rendered action rows; card buttons become :class:`CardButton`,
    an answer's 👍 / 👎 and Sources :class:`FeedbackButton` and :class:`SourcesButton`, a
    digest's fact checks :class:`FactCheckButton`."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for row, action_row in enumerate(components):
        for button in action_row.get("components", []):
            custom_id = button.get("custom_id", "")
            style = discord.ButtonStyle(button.get("style", 2))
            label = button.get("label")
            if match := re.fullmatch(CARD_TEMPLATE, custom_id):
                view.add_item(
                    CardButton(match["action"], match["card"], label=label, style=style, row=row)
                )
            elif match := re.fullmatch(FEEDBACK_TEMPLATE, custom_id):
                view.add_item(FeedbackButton(match["vote"], match["turn"], label=label, row=row))
            elif match := re.fullmatch(SOURCES_TEMPLATE, custom_id):
                view.add_item(SourcesButton(match["turn"], label=label, row=row))
            elif match := re.fullmatch(FACT_TEMPLATE, custom_id):
                view.add_item(
                    FactCheckButton(
                        match["answer"], match["key"], label=label, style=style, row=row
                    )
                )
            else:
                view.add_item(
                    discord.ui.Button(
                        label=button.get("label"), style=style, custom_id=custom_id or None, row=row
                    )
                )
    return view


_Button = discord.ui.Button[discord.ui.View]


class CardButton(discord.ui.DynamicItem[_Button], template=CARD_TEMPLATE):
    """Approve / Reject / Details on a card, routed by custom id alone (so restarts don't matter).

    discord.py builds a fresh instance from the clicked custom id (``from_custom_id``);
    the callback hands the decision to the bot's ``decide_click`` (``DiscordSurface``).
    """

    def __init__(
        self,
        action: str,
        card_id: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action.capitalize(),
                style=style,
                custom_id=f"hb:card:{action}:{card_id}",
            ),
            row=row,
        )
        self.action = action
        self.card_id = card_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CardButton:
        """Rebuild the button a click was on, keeping its label and colour."""
        if isinstance(item, discord.ui.Button):
            return cls(match["action"], match["card"], label=item.label, style=item.style)
        return cls(match["action"], match["card"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Decide the card through the bot that received the click."""
        bot = interaction.client
        if not isinstance(bot, DiscordSurface):
            raise TypeError("CardButton needs a hivebrain Discord client (DiscordSurface)")
        await bot.decide_click(interaction, self.action, self.card_id)


async def decide_click(
    bot: DiscordSurface, interaction: discord.Interaction[Any], action: str, card_id: str
) -> None:
    """Decide a card for whoever clicked; edit the card, or tell the clicker privately."""

    async def decide() -> DecisionOutcome:
        user = interaction.user
        workspace = (
            str(interaction.guild_id) if interaction.guild_id else await bot.dm_workspace(user)
        )
        return await bot.core.decide_card(
            CardDecision.model_validate(
                {
                    "card_id": card_id,
                    "action": action,
                    "user_id": str(user.id),
                    "platform": "discord",
                    "workspace_id": workspace,
                }
            )
        )

    try:
        task = asyncio.create_task(decide(), name=f"hb-card-{card_id}")
        done, _ = await asyncio.wait({task}, timeout=bot.click_ack_s)
        if not done:
            await interaction.response.defer()  # "deferred update": we edit the card later
        outcome = await task
        if outcome.changed and outcome.card is not None:
            embeds, view = decided_message(interaction.message, outcome.card)
            if interaction.response.is_done():
                await interaction.edit_original_response(embeds=embeds, view=view)
            else:
                await interaction.response.edit_message(embeds=embeds, view=view)
        else:
            await tell(interaction, note(outcome.note))
    except Exception as exc:  # top-level handler for clicks
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s handling click on card %s", error_id, card_id)
        await tell(interaction, apology(error_id, exc).answer)


def decided_message(
    message: discord.Message | None, card: CardView
) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """The clicked message after a decision: that card's embed updated, its buttons gone
    (a Retry button instead when it failed and may run again).

    Other embeds (the answer, other cards) and other cards' buttons stay as they were.
    """
    fresh = discord.Embed.from_dict(render_card_embed(card))
    retry = [card_buttons(card)] if card.can_retry else []
    if message is None:
        return [fresh], view_from_components(retry)
    footer = f"Card {card.id}"
    embeds = [fresh if e.footer.text == footer else e for e in message.embeds]
    if not any(e is fresh for e in embeds):
        embeds = [fresh]
    # discord.py's ActionRow payload (a TypedDict), read like the rows we render
    rows = [
        cast(Json, row.to_dict())
        for row in message.components
        if isinstance(row, discord.ActionRow)
    ]
    kept = [
        row
        for row in rows
        if not any(
            str(b.get("custom_id", "")).endswith(f":{card.id}") for b in row.get("components", [])
        )
    ]
    return embeds, view_from_components(kept + retry)
