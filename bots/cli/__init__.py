"""The `hivebrain` command line."""

from __future__ import annotations

from bots.cli._app import app
from bots.cli._mcp_server import ACTING_TOOLS

__all__ = [
    "app",
    "ACTING_TOOLS",
]
