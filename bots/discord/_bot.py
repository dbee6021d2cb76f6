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

import asyncio
import contextlib
import io
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from agents import HivebrainError
from agents.errors import ActionFailed
from bots.core._core import BotCore, DecisionOutcome, apology
from bots.core._path_image import render_path_png
from bots.core._reply import Attachment, CardDecision, CardView, InboundMessage, Reply
from bots.core._safety import sanitize_mentions, split_text, truncate_text
from bots.core._settings import BotSettings
from bots.core._settings_command import CHANNEL_SETTINGS, apply_settings, settings_change
from bots.discord._render import (
    CONTENT_LIMIT,
    DiscordMessage,
    render_card_embed,
    render_reply_messages,
)

log = logging.getLogger(__name__)

Json = dict[str, Any]
Send = Callable[..., Awaitable[Any]]

ACK_EMOJI = "👀"
CARD_TEMPLATE = r"hb:card:(?P<action>approve|reject|details):(?P<card>[A-Za-z0-9_-]+)"
#: A click whose decision is this quick is answered directly; a slower one (an executor
#: calling GitHub) is deferred first, so Discord's 3 s deadline always holds.
CLICK_ACK_S = 2.0
THREAD_NAME_LIMIT = 90
THREAD_ARCHIVE_MINUTES = 1440
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
PATH_FILE = "path.png"
NO_MENTIONS = discord.AllowedMentions.none()
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
    )


def view_from_components(components: list[Json]) -> discord.ui.View | None:
    """A discord.py view for rendered action rows; card buttons become :class:`CardButton`."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for row, action_row in enumerate(components):
        for button in action_row.get("components", []):
            custom_id = button.get("custom_id", "")
            style = discord.ButtonStyle(button.get("style", 2))
            match = re.fullmatch(CARD_TEMPLATE, custom_id)
            if match:
                view.add_item(
                    CardButton(
                        match["action"],
                        match["card"],
                        label=button.get("label"),
                        style=style,
                        row=row,
                    )
                )
            else:
                view.add_item(
                    discord.ui.Button(
                        label=button.get("label"), style=style, custom_id=custom_id or None, row=row
                    )
                )
    return view


def _thread_name(text: str) -> str:
    name = " ".join(_MENTION.sub("", text).split())
    return truncate_text(name, THREAD_NAME_LIMIT) or "Question for hivebrain"


def _note(text: str) -> str:
    """A private note for one user: mention-safe and within one message."""
    return truncate_text(sanitize_mentions(text, "discord"), CONTENT_LIMIT)


_Button = discord.ui.Button[discord.ui.View]


class CardButton(discord.ui.DynamicItem[_Button], template=CARD_TEMPLATE):
    """Approve / Reject / Details on a card, routed by custom id alone (so restarts don't matter).

    discord.py builds a fresh instance from the clicked custom id (``from_custom_id``);
    the callback hands the decision to :meth:`HivebrainDiscord.decide_click`.
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
        if not isinstance(bot, HivebrainDiscord):
            raise TypeError("CardButton needs a HivebrainDiscord client")
        await bot.decide_click(interaction, self.action, self.card_id)


class HivebrainCommands(commands.Cog):
    """The slash commands: ``/ask``, ``/connect`` and ``/settings``."""

    def __init__(self, bot: HivebrainDiscord) -> None:
        self.bot = bot

    @app_commands.command(name="ask", description="Ask the company brain a question")
    @app_commands.describe(question="What do you want to know?")
    async def ask(self, interaction: discord.Interaction[discord.Client], question: str) -> None:
        """Defer at once (Discord shows "thinking"), then follow up with the answer."""
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
            user_id=str(user.id),
            user_name=user.display_name,
            text=question,
            message_id=f"interaction-{interaction.id}",
        )
        reply = await bot.core.handle_message(inbound)
        if reply is None:  # a redelivery (interaction ids are unique, so hardly ever)
            await interaction.followup.send("I've already answered that.", ephemeral=True)
        else:
            await bot.send_reply(interaction.followup.send, reply)

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
        await interaction.followup.send(_note(text), ephemeral=True)

    @app_commands.command(name="settings", description="Set channels and approvers for this server")
    @app_commands.describe(
        digest_channel=f"Where {CHANNEL_SETTINGS['digest']} go",
        triage_channel=f"Where {CHANNEL_SETTINGS['triage']} go",
        add_approver="Someone who may approve cards",
        remove_approver="Someone who may no longer approve cards",
    )
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction[discord.Client],
        digest_channel: discord.TextChannel | None = None,
        triage_channel: discord.TextChannel | None = None,
        add_approver: discord.User | None = None,
        remove_approver: discord.User | None = None,
    ) -> None:
        """Change the tenant's settings through the core's settings command (approvers only)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = {"digest": digest_channel, "triage": triage_channel}
        change = settings_change(
            channels={k: str(c.id) for k, c in chosen.items() if c is not None},
            add=[str(add_approver.id)] if add_approver is not None else [],
            remove=[str(remove_approver.id)] if remove_approver is not None else [],
        )
        text = await apply_settings(
            self.bot.core,
            "discord",
            str(interaction.guild_id),
            str(interaction.user.id),
            change,
        )
        await interaction.followup.send(_note(text), ephemeral=True)


class HivebrainDiscord(commands.AutoShardedBot):
    """The hivebrain Discord bot (auto-sharded; one process can serve many servers).

    Build it with :func:`build_discord_bot`. Hooks you may override: :meth:`is_addressed`
    (which messages to answer), :meth:`dm_workspace` (which server a DM talks to).
    """

    def __init__(self, core: BotCore, *, sync_commands: bool = False, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True  # privileged: enable it in the developer portal
        options.setdefault("allowed_mentions", NO_MENTIONS)
        super().__init__(commands.when_mentioned, intents=intents, help_command=None, **options)
        self.core = core
        self.sync_commands = sync_commands
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        """Register the card buttons and the slash commands; sync commands only if asked.

        Runs once per start, before any event: ``add_dynamic_items`` is what makes buttons
        on messages from earlier runs work.
        """
        self.add_dynamic_items(CardButton)
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
        await self.send_reply(target.send, reply)

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

    async def send_reply(self, send: Send, reply: Reply) -> list[Any]:
        """Post a reply through ``send`` (``channel.send`` or ``followup.send``), in order.

        The path picture, when there is one, is attached to the message holding the
        "Path" embed and shown inside it. Returns what ``send`` returned, per message.
        """
        messages = render_reply_messages(reply)
        png = await self._path_png(reply)
        sent: list[Any] = []
        for message in messages:
            kwargs = self._send_kwargs(message)
            if png is not None and _attach_path(kwargs):
                kwargs["files"] = [
                    discord.File(
                        io.BytesIO(png),
                        filename=PATH_FILE,
                        description="Graph path behind the answer",
                    )
                ]
                png = None
            sent.append(await send(**kwargs))
        return sent

    @staticmethod
    def _send_kwargs(message: DiscordMessage) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": message.content or None,
            "allowed_mentions": NO_MENTIONS,
            "embeds": [discord.Embed.from_dict(e) for e in message.embeds],
        }
        if (view := view_from_components(message.components)) is not None:
            kwargs["view"] = view  # followup.send refuses view=None
        return kwargs

    @staticmethod
    async def _path_png(reply: Reply) -> bytes | None:
        if len(reply.path_nodes) < 2:
            return None
        try:
            return await asyncio.to_thread(render_path_png, reply.path_nodes, reply.path_edges)
        except Exception:  # the path is in the text too: a failed picture must not lose the answer
            log.exception("path picture failed; sending the answer without it")
            return None

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
        """Decide a card for whoever clicked; edit the card, or tell the clicker privately."""

        async def decide() -> DecisionOutcome:
            user = interaction.user
            workspace = (
                str(interaction.guild_id) if interaction.guild_id else await self.dm_workspace(user)
            )
            return await self.core.decide_card(
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
            done, _ = await asyncio.wait({task}, timeout=CLICK_ACK_S)
            if not done:
                await interaction.response.defer()  # "deferred update": we edit the card later
            outcome = await task
            if outcome.changed and outcome.card is not None:
                embeds, view = _decided_message(interaction.message, outcome.card)
                if interaction.response.is_done():
                    await interaction.edit_original_response(embeds=embeds, view=view)
                else:
                    await interaction.response.edit_message(embeds=embeds, view=view)
            else:
                await self._tell(interaction, _note(outcome.note))
        except Exception as exc:  # top-level handler for clicks
            error_id = uuid.uuid4().hex[:8]
            log.exception("error %s handling click on card %s", error_id, card_id)
            await self._tell(interaction, apology(error_id, exc).answer)

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
            await channel.send(_note(text), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.warning("could not post an apology to discord (HTTP error)")

    async def _tell(self, interaction: discord.Interaction[Any], text: str) -> None:
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer discord interaction %s", interaction.id)


def _attach_path(kwargs: dict[str, Any]) -> bool:
    """Point the message's "Path" embed at the attached picture; False if it has none."""
    for embed in kwargs["embeds"]:
        if (embed.title or "").startswith("Path"):
            embed.set_image(url=f"attachment://{PATH_FILE}")
            return True
    return False


def _decided_message(
    message: discord.Message | None, card: CardView
) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """The clicked message after a decision: that card's embed updated, its buttons gone.

    Other embeds (the answer, other cards) and other cards' buttons stay as they were.
    """
    fresh = discord.Embed.from_dict(render_card_embed(card))
    if message is None:
        return [fresh], None
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
    return embeds, view_from_components(kept)


async def _is_member(guild: discord.Guild, user_id: int) -> bool:
    if guild.get_member(user_id) is not None:
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.HTTPException:
        return False
    return True


class DiscordPoster:
    """``agents.cards._executors.Poster`` for Discord: posts plain text to a channel id.

    Text is mention-safe and split into 2,000-character messages; returns the link to
    the last one. Raises ``ActionFailed`` when Discord refuses (no access, no channel).
    """

    def __init__(self, bot: HivebrainDiscord) -> None:
        self._bot = bot

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` to Discord channel ``channel`` (an id); return the message link."""
        if platform != "discord":
            raise ValueError(f"DiscordPoster posts to discord, not {platform!r}")
        if not channel.isdigit():
            raise ActionFailed("channel", f"{channel!r} is not a Discord channel id")
        try:
            target = self._bot.get_channel(int(channel)) or await self._bot.fetch_channel(
                int(channel)
            )
            if not isinstance(target, discord.abc.Messageable):
                raise ActionFailed("channel", f"Discord channel {channel} does not take messages")
            sent: discord.Message | None = None
            for piece in split_text(sanitize_mentions(text, "discord"), CONTENT_LIMIT) or ["…"]:
                sent = await target.send(piece, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            raise ActionFailed("channel", f"Discord refused the post (HTTP {exc.status})") from exc
        assert sent is not None
        log.info("discord: posted %d chars to channel %s", len(text), channel)
        return sent.jump_url


def build_discord_bot(
    core: BotCore, settings: BotSettings, *, sync_commands: bool = False
) -> HivebrainDiscord:
    """The Discord bot for ``core``; no I/O until started (``settings``: for future options)."""
    return HivebrainDiscord(core, sync_commands=sync_commands)


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
