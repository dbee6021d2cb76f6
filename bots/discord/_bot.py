"""The Discord adapter: mentions, DMs, bot threads, slash commands and card buttons.

It only translates: a message becomes an ``InboundMessage``, a click a ``CardDecision``;
``BotCore`` does the work and ``bots.discord._render`` renders its ``Reply`` as JSON that
is turned into discord.py objects here. The bot answers mentions in server channels (in
a thread it opens from the message), follow-ups in threads it opened (no mention
needed), mentions inside other threads (in place) and DMs, after a 👀 reaction that
acknowledges within Discord's 3 s.

**Privileged intent.** Reading mentions and DMs needs the *Message Content* intent:
enable it in the developer portal (Bot → Privileged Gateway Intents), or messages arrive
with empty text. The client defaults to ``AllowedMentions.none()``: it never pings.

**Buttons survive restarts.** Card buttons carry ``hb:card:<action>:<card_id>``. One
``DynamicItem`` class (:class:`CardButton`) matches that template and is registered with
``add_dynamic_items`` in ``setup_hook`` on every start, so clicks on messages sent by
any earlier process are routed by custom id alone, with no per-message view to keep.
Slash commands are synced in ``setup_hook`` only with ``sync_commands=True``, so
starting offline (or in tests) never calls Discord's command API.
"""

from __future__ import annotations

import contextlib
import logging
import re
import uuid
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from agents import HivebrainError
from bots.core import (
    Attachment,
    BotCore,
    BotSettings,
    InboundMessage,
    apology,
    truncate_text,
)
from bots.discord._answer_buttons import (
    FeedbackButton,
    SourcesButton,
    feedback_click,
    sources_click,
)
from bots.discord._commands import HivebrainCommands
from bots.discord._fact_buttons import FactCheckButton
from bots.discord._fix_buttons import FixButton
from bots.discord._interactions import CLICK_ACK_S, CardButton, decide_click
from bots.discord._poster import send_reply
from bots.discord._private import NO_MENTIONS, note, tell

log = logging.getLogger(__name__)

Json = dict[str, Any]

ACK_EMOJI = "👀"
THREAD_NAME_LIMIT = 90
THREAD_ARCHIVE_MINUTES = 1440
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
_MENTION = re.compile(r"<[@#][!&]?\d+>")


def inbound_message(message: discord.Message, workspace_id: str) -> InboundMessage:
    """The platform-neutral form of a Discord message (thread id set inside threads)."""
    thread = message.channel if isinstance(message.channel, discord.Thread) else None
    attachments = [
        Attachment(
            name=a.filename,
            url=a.url,
            size=max(a.size, 0),
            content_type=a.content_type or "application/octet-stream",
        )
        for a in message.attachments
    ]
    return InboundMessage(
        platform="discord",
        workspace_id=workspace_id,
        channel_id=str(message.channel.id),
        thread_id=str(thread.id) if thread else None,
        user_id=str(message.author.id),
        user_name=message.author.display_name,
        text=message.content,
        message_id=str(message.id),
        attachments=attachments,
        parent_channel_id=str(thread.parent_id) if thread and thread.parent_id else None,
    )


def _thread_name(text: str) -> str:
    name = " ".join(_MENTION.sub("", text).split())
    return truncate_text(name, THREAD_NAME_LIMIT) or "Question for hivebrain"


class HivebrainDiscord(commands.AutoShardedBot):
    """The hivebrain Discord bot (auto-sharded; one process can serve many servers).

    Build it with :func:`build_discord_bot`. Hooks you may override: :meth:`is_addressed`
    (which messages to answer), :meth:`dm_workspace` (which server a DM talks to).
    """

    def __init__(
        self,
        core: BotCore,
        *,
        sync_commands: bool = False,
        click_ack_s: float = CLICK_ACK_S,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = True  # privileged: enable it in the developer portal
        options.setdefault("allowed_mentions", NO_MENTIONS)
        super().__init__(commands.when_mentioned, intents=intents, help_command=None, **options)
        self.core = core
        self.sync_commands = sync_commands
        self.click_ack_s = click_ack_s
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        """Register the card and answer buttons and the slash commands; sync commands only if
        asked.

        Runs once per start, before any event: ``add_dynamic_items`` is what makes buttons
        on messages from earlier runs work.
        """
        self.add_dynamic_items(
            CardButton, FeedbackButton, SourcesButton, FixButton, FactCheckButton
        )
        await self.add_cog(HivebrainCommands(self))
        if self.sync_commands:
            try:
                log.info("discord: %d slash commands synced", len(await self.tree.sync()))
            except discord.HTTPException as exc:
                log.warning("discord: slash command sync failed (%s); continuing", exc.status)

    # --- messages ------------------------------------------------------------------------

    def is_addressed(self, message: discord.Message) -> bool:
        """Hook: whether to answer a message. Default: DMs, mentions, and our own threads."""
        me = self.user
        if (
            me is None
            or message.author.bot
            or message.type not in (discord.MessageType.default, discord.MessageType.reply)
        ):
            return False
        if message.guild is None:
            return True
        channel = message.channel
        if isinstance(channel, discord.Thread) and channel.owner_id == me.id:
            return True
        return me in message.mentions or any(
            r.tags is not None and r.tags.bot_id == me.id for r in message.role_mentions
        )

    async def on_message(self, message: discord.Message, /) -> None:
        """Answer addressed messages; failures are logged and get a one-line apology."""
        if not self.is_addressed(message):
            return
        try:
            await self.answer_message(message)
        except Exception as exc:  # the adapter's top-level handler: log, apologise
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s answering discord message %s", error_id, message.id)
            await self._apologise(message.channel, apology(error_id, exc).answer)

    async def answer_message(self, message: discord.Message) -> None:
        """Acknowledge, answer through the core, then post the reply in a thread."""
        await self._acknowledge(message)
        workspace = (
            str(message.guild.id) if message.guild else await self.dm_workspace(message.author)
        )
        files = {a.url: a for a in message.attachments}

        async def fetch(url: str) -> bytes:
            attachment = files[url]
            if attachment.size > MAX_UPLOAD_BYTES:
                raise HivebrainError(
                    f"upload of {attachment.size} bytes refused",
                    user_message="it is larger than 10 MB",
                )
            try:
                return await attachment.read()
            except discord.HTTPException as exc:
                raise HivebrainError(
                    f"attachment download failed: HTTP {exc.status}",
                    user_message="I couldn't download it from Discord",
                ) from exc

        reply = await self.core.handle_message(
            inbound_message(message, workspace), fetch=fetch if files else None
        )
        if reply is None:
            return
        target = await self.reply_target(message)
        await send_reply(target.send, reply)

    async def _acknowledge(self, message: discord.Message) -> None:
        try:
            await message.add_reaction(ACK_EMOJI)
        except discord.HTTPException:  # may not react here: a typing indicator says the same
            with contextlib.suppress(discord.HTTPException):
                await message.channel.typing()

    async def reply_target(self, message: discord.Message) -> discord.abc.Messageable:
        """Where the answer goes: a thread from the message in text channels, else in place.

        Reuses the message's thread on a redelivery; answers in the channel when the bot
        may not create threads there.
        """
        channel = message.channel
        if not isinstance(channel, discord.TextChannel):
            return channel
        if message.thread is not None:
            return message.thread
        try:
            return await message.create_thread(
                name=_thread_name(message.content), auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.HTTPException as exc:
            log.info(
                "no thread in discord channel %s (HTTP %s): answering there", channel.id, exc.status
            )
            return channel

    async def dm_workspace(self, user: discord.abc.User) -> str:
        """Hook: the server whose brain a DM (or DM slash command) talks to.

        Default: the first server bound to a brain that the user is a member of; with
        none, an id no server has, so the user gets the "not connected" reply.
        """
        registry = self.core.brain.registry
        if registry is not None:
            for tenant in await registry.list():
                for platform, external_id in tenant.bindings:
                    guild = (
                        self.get_guild(int(external_id))
                        if platform == "discord" and external_id.isdigit()
                        else None
                    )
                    if guild is not None and await _is_member(guild, user.id):
                        return external_id
        return f"dm-{user.id}"

    # --- cards ---------------------------------------------------------------------------

    async def decide_click(
        self, interaction: discord.Interaction[Any], action: str, card_id: str
    ) -> None:
        """Hook: decide a card for whoever clicked; edit the card, or tell the clicker privately."""
        await decide_click(self, interaction, action, card_id)

    # --- answers' buttons -------------------------------------------------------------

    async def feedback_click(
        self, interaction: discord.Interaction[Any], vote: str, turn_id: str
    ) -> None:
        """Hook: record a 👍 / 👎 for whoever clicked (a 👎 opens the reason modal)."""
        await feedback_click(self, interaction, vote, turn_id)

    async def sources_click(self, interaction: discord.Interaction[Any], turn_id: str) -> None:
        """Hook: show the clicker, privately, every record the answer read."""
        await sources_click(self, interaction, turn_id)

    # --- errors --------------------------------------------------------------------------

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Slash command failures: log, then a short private apology (never a traceback)."""
        if isinstance(error, app_commands.CheckFailure):
            await self._tell(interaction, "You can't use that command here.")
            return
        error_id = uuid.uuid4().hex[:8]
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error(
            "error %s in slash command %s",
            error_id,
            interaction.command.name if interaction.command else "?",
            exc_info=cause,
        )
        await self._tell(interaction, apology(error_id, cause).answer)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """Any other unhandled event error: log it; apologise when it came from a message."""
        error_id = uuid.uuid4().hex[:8]
        log.exception("error %s in discord event %s", error_id, event_method)
        if args and isinstance(args[0], discord.Message) and not args[0].author.bot:
            await self._apologise(args[0].channel, apology(error_id, RuntimeError()).answer)

    async def _apologise(self, channel: discord.abc.Messageable, text: str) -> None:
        try:
            await channel.send(note(text), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.warning("could not post an apology to discord (HTTP error)")

    async def _tell(self, interaction: discord.Interaction[Any], text: str) -> None:
        await tell(interaction, text)


async def _is_member(guild: discord.Guild, user_id: int) -> bool:
    if guild.get_member(user_id) is not None:
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.HTTPException:
        return False
    return True


def build_discord_bot(
    core: BotCore,
    settings: BotSettings,
    *,
    sync_commands: bool = False,
    click_ack_s: float = CLICK_ACK_S,
) -> HivebrainDiscord:
    """The Discord bot for ``core``; no I/O until started.

    ``settings.discord_shards`` (``HIVEBRAIN_DISCORD_SHARDS=i/N``) opens only this process's
    shards, so N processes answer each server once; unset, this process opens them all.
    ``click_ack_s``: how long a card click's decision may take before the click is deferred
    (Discord wants an answer within 3 s)."""
    options: dict[str, Any] = {}
    if (shards := settings.discord_shards) is not None:
        options["shard_ids"], options["shard_count"] = shards
    return HivebrainDiscord(core, sync_commands=sync_commands, click_ack_s=click_ack_s, **options)


async def run_discord(
    core: BotCore,
    settings: BotSettings,
    *,
    bot: HivebrainDiscord | None = None,
    sync_commands: bool = False,
) -> None:
    """Run the Discord bot until cancelled, then close it cleanly (for ``hivebrain serve``).

    Pass ``bot`` when something (a ``DiscordPoster``) needs it before it starts.
    Raises ``ValueError`` without ``DISCORD_TOKEN``.
    """
    if settings.discord_token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    bot = bot or build_discord_bot(core, settings, sync_commands=sync_commands)
    async with bot:  # closes the gateway and HTTP session on cancel or error
        await bot.start(settings.discord_token.get_secret_value())
