"""The Discord slash commands: ``/ask``, ``/connect`` and ``/settings``, as one cog."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bots.core import CHANNEL_SETTINGS, InboundMessage, Throttle, apply_settings, settings_change
from bots.discord._poster import answer_interaction, token_fresh
from bots.discord._private import note
from bots.discord._surface import DiscordSurface
from brain import InputInvalid

#: Progress edits of a deferred answer happen at most this often.
EDIT_EVERY_S = 1.0


class HivebrainCommands(commands.Cog):
    """The slash commands: ``/ask``, ``/connect``, ``/settings`` and ``/cards``."""

    def __init__(self, bot: DiscordSurface) -> None:
        self.bot = bot

    @app_commands.command(name="ask", description="Ask the company brain a question")
    @app_commands.describe(question="What do you want to know?")
    async def ask(self, interaction: discord.Interaction[discord.Client], question: str) -> None:
        """Defer at once (Discord shows "thinking"), show what the desks are doing by editing
        that response at most once a second, then replace it with the answer.

        An interaction's token answers for 15 minutes: past that the answer is posted in
        the channel with the bot's own token (``answer_interaction``)."""
        await interaction.response.defer(thinking=True)
        bot, user = self.bot, interaction.user
        workspace = (
            str(interaction.guild_id) if interaction.guild_id else await bot.dm_workspace(user)
        )
        channel_id = interaction.channel_id or 0
        inbound = InboundMessage(
            platform="discord",
            workspace_id=workspace,
            channel_id=str(channel_id),
            thread_id=str(channel_id) if isinstance(interaction.channel, discord.Thread) else None,
            parent_channel_id=str(interaction.channel.parent_id)
            if isinstance(interaction.channel, discord.Thread) and interaction.channel.parent_id
            else None,
            user_id=str(user.id),
            user_name=user.display_name,
            text=question,
            message_id=f"interaction-{interaction.id}",
        )

        async def show(line: str) -> None:
            if token_fresh(interaction):
                await interaction.edit_original_response(content=note(f"⏳ {line}…"))

        status = Throttle(show, every_s=EDIT_EVERY_S, name=f"discord-ask-{interaction.id}")
        try:
            reply = await bot.core.handle_message(inbound, progress=status.update)
        finally:
            await status.close()
        if reply is None:  # a redelivery (interaction ids are unique, so hardly ever)
            if token_fresh(interaction):
                await interaction.followup.send("I've already answered that.", ephemeral=True)
            return
        channel = interaction.channel
        fallback = channel.send if isinstance(channel, discord.abc.Messageable) else None
        await answer_interaction(interaction, reply, fallback=fallback)

    @app_commands.command(name="connect", description="Connect this server to a company brain")
    @app_commands.describe(name="A name for the brain (default: this server's name)")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def connect(
        self, interaction: discord.Interaction[discord.Client], name: str | None = None
    ) -> None:
        """Create or reuse a tenant for this server; the caller becomes its first approver."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.core.connect(
            "discord",
            str(interaction.guild_id),
            user_id=str(interaction.user.id),
            name=name or (interaction.guild.name if interaction.guild else ""),
        )
        await interaction.followup.send(note(text), ephemeral=True)

    @app_commands.command(name="settings", description="Set channels and approvers for this server")
    @app_commands.describe(
        digest_channel=f"Where {CHANNEL_SETTINGS['digest']} go",
        triage_channel=f"Where {CHANNEL_SETTINGS['triage']} go",
        team_channel=f"Where {CHANNEL_SETTINGS['team']} go",
        add_approver="Someone who may approve cards",
        remove_approver="Someone who may no longer approve cards",
        me="Who you are in the brain (your name or e-mail), so 'my action items' are yours",
        scope_channel="A channel whose answers read only some sources (with scope_sources)",
        scope_sources="What that channel's answers may read: github,meetings,... or off",
        freshness="Ask in the digest about facts not confirmed for N days: Task 30, OWNS 60, "
        "all 180, Task off or off",
    )
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction[discord.Client],
        digest_channel: discord.TextChannel | None = None,
        triage_channel: discord.TextChannel | None = None,
        team_channel: discord.TextChannel | None = None,
        add_approver: discord.User | None = None,
        remove_approver: discord.User | None = None,
        me: str | None = None,
        scope_channel: discord.TextChannel | None = None,
        scope_sources: str | None = None,
        freshness: str | None = None,
    ) -> None:
        """Change the tenant's settings through the core's settings command (approvers only)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = {"digest": digest_channel, "triage": triage_channel, "team": team_channel}
        if (scope_channel is None) != (scope_sources is None):
            await interaction.followup.send(
                note("Give both scope_channel and scope_sources (github,meetings or off)."),
                ephemeral=True,
            )
            return
        try:
            change = settings_change(
                channels={k: str(c.id) for k, c in chosen.items() if c is not None},
                add=[str(add_approver.id)] if add_approver is not None else [],
                remove=[str(remove_approver.id)] if remove_approver is not None else [],
                me=me,
                scope=(str(scope_channel.id), scope_sources)
                if scope_channel is not None and scope_sources is not None
                else None,
                freshness=freshness,
            )
        except InputInvalid as exc:
            await interaction.followup.send(note(exc.user_message), ephemeral=True)
            return
        text = await apply_settings(
            self.bot.core,
            "discord",
            str(interaction.guild_id),
            str(interaction.user.id),
            change,
        )
        await interaction.followup.send(note(text), ephemeral=True)

    @app_commands.command(name="cards", description="The cards proposed in this channel")
    @app_commands.guild_only()
    async def cards(self, interaction: discord.Interaction[discord.Client]) -> None:
        """List this channel's cards, newest first, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.core.cards_in(
            "discord", str(interaction.guild_id), str(interaction.channel_id or "")
        )
        await interaction.followup.send(note(text), ephemeral=True)
