"""The `hivebrain` command line."""

from __future__ import annotations

from bots.cli._app import app

__all__ = [
    "app",
]
