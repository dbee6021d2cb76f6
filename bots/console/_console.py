"""The console adapter: the same core and Reply as Slack and Discord, in a terminal.

Lines are questions; a few commands manage cards (``/approve N``, ``/reject N``,
``/cards``), ``/settings ...`` reads and changes the tenant's settings with the same words,
replies and refusals as Slack's ``/hivebrain settings``, ``/help`` lists them, and the end
of input (Ctrl-D, or the end of a piped file) exits cleanly, so
``make demo < questions.txt`` is a scripted run.
"""

from __future__ import annotations

import asyncio
import getpass
import itertools
import logging
import re
from typing import Literal

from rich.console import Console
from rich.panel import Panel

from bots.console._render import render_reply_console
from bots.core import (
    BotCore,
    CardDecision,
    CardView,
    InboundMessage,
    MentionSyntax,
    settings_command,
    settings_help,
    user_key,
)

log = logging.getLogger(__name__)

#: The command the console's settings are typed with (Slack's is ``/hivebrain settings``).
SETTINGS = "/settings"
#: How a channel and a person are written on the console: ``#C0123`` (a channel id as its
#: platform knows it, or ``#slack:C0123``) and ``@login`` (a console user).
CONSOLE_MENTIONS = MentionSyntax(
    channel=re.compile(r"^#((?:slack:|discord:)?[A-Za-z0-9][A-Za-z0-9_.-]{0,79})$"),
    user=re.compile(r"^@([A-Za-z0-9][A-Za-z0-9_.-]{0,63})$"),
)
#: ``here`` on the console: its own channel, named for the console platform.
CONSOLE_CHANNEL = "console:console"

HELP = """Type a question, or a number to ask a suggested one. Commands:
  /cards            cards proposed here  /approve N   approve card N (or its id)
  /reject N         reject card N        /retry N     run a failed card again
  /help             this text            /quit        leave
Settings:
""" + settings_help(SETTINGS).replace("`", "")


_ACTIONS: dict[str, Literal["approve", "reject", "retry"]] = {
    "/approve": "approve",
    "/reject": "reject",
    "/retry": "retry",
}


class ConsoleChat:
    """A terminal conversation with one tenant's brain."""

    def __init__(
        self,
        core: BotCore,
        slug: str,
        *,
        console: Console | None = None,
        suggestions: tuple[str, ...] = (),
    ) -> None:
        self.core = core
        self.slug = slug
        self.console = console or Console()
        self.suggestions = suggestions
        self.user = getpass.getuser()
        self._ids = itertools.count(1)
        self._cards: list[CardView] = []

    @property
    def user_key(self) -> str:
        """The local user as an approver key (``console:<login>``)."""
        return user_key("console", self.user)

    async def run(self) -> None:
        """Read lines until the input ends."""
        self.console.print(
            Panel.fit(f"hivebrain · [bold]{self.slug}[/bold] · you are {self.user_key}")
        )
        for i, question in enumerate(self.suggestions, 1):
            self.console.print(f"  {i}. {question}")
        self.console.print(HELP, style="dim", markup=False, highlight=False)
        while True:
            try:
                line = await asyncio.to_thread(input, "\nyou> ")
            except EOFError:
                self.console.print("\nbye.")
                return
            line = line.strip()
            if not line:
                continue
            if line in ("/quit", "/exit"):
                return
            await self.handle(line)

    async def handle(self, line: str) -> None:
        """One line: a command, a suggested question's number, or a question."""
        if line.startswith("/"):
            await self.command(line)
            return
        if line.isdigit() and 1 <= int(line) <= len(self.suggestions):
            line = self.suggestions[int(line) - 1]
            self.console.print(f"[dim]asking:[/dim] {line}")
        msg = InboundMessage(
            platform="console",
            workspace_id=self.slug,
            channel_id="console",
            thread_id=None,
            user_id=self.user,
            user_name=self.user,
            text=line,
            message_id=f"console-{next(self._ids)}",
        )
        with self.console.status("thinking…"):
            reply = await self.core.handle_message(msg)
        if reply is None:
            return
        render_reply_console(reply, self.console)
        pending = [c for c in reply.cards if c.is_pending]
        self._cards.extend(pending)
        for card in pending:
            self.console.print(
                f"  card [bold]{len(self._cards) - len(pending) + pending.index(card) + 1}"
                f"[/bold]: {card.title} — /approve or /reject it"
            )

    async def command(self, line: str) -> None:
        """Card and settings commands, and help."""
        verb, _, arg = line.partition(" ")
        if verb == "/help":
            self.console.print(HELP, markup=False, highlight=False)
        elif verb == SETTINGS:
            reply = await settings_command(
                self.core,
                "console",
                self.slug,
                self.user,
                arg.strip(),
                syntax=CONSOLE_MENTIONS,
                here=CONSOLE_CHANNEL,
                prefix=SETTINGS,
            )
            self.console.print(reply, markup=False, highlight=False)
        elif verb == "/cards":
            for i, card in enumerate(self._cards, 1):
                self.console.print(f"  {i}. ({card.status}) {card.title} ({card.id})", markup=False)
            listed = await self.core.cards_in("console", self.slug, "console")
            self.console.print(listed, markup=False, highlight=False)
        elif verb in ("/approve", "/reject", "/retry"):
            card_id = self._card_id(arg.strip())
            if card_id is None:
                self.console.print("which card? give its number from /cards or its id")
                return
            outcome = await self.core.decide_card(
                CardDecision(
                    card_id=card_id,
                    action=_ACTIONS[verb],
                    user_id=self.user,
                    platform="console",
                    workspace_id=self.slug,
                )
            )
            self.console.print(outcome.note, highlight=False)
            if outcome.card is not None:
                self._cards = [outcome.card if c.id == card_id else c for c in self._cards]
        else:
            self.console.print(f"unknown command {verb}; /help lists them")

    def _card_id(self, arg: str) -> str | None:
        if arg.isdigit() and 1 <= int(arg) <= len(self._cards):
            return self._cards[int(arg) - 1].id
        return arg or None
