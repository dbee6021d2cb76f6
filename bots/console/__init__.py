"""The terminal chat: the same answers as Slack and Discord, rendered for a terminal."""

from __future__ import annotations

from bots.console._console import ConsoleChat
from bots.console._render import render_reply_console

__all__ = [
    "ConsoleChat",
    "render_reply_console",
]
