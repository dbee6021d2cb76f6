"""`hivebrain mcp SLUG`: the read-only graph tools of one tenant over MCP stdio.

The SDK loads only when the command runs (``bots.cli._mcp_server``), so the other
commands start without it.
"""

from __future__ import annotations

import typer

from bots.cli._common import run, with_brain
from brain import Brain


@run
async def mcp(slug: str) -> None:
    """Serve a tenant's read-only graph tools over MCP on stdin/stdout."""
    from bots.cli._mcp_server import serve_stdio

    async def act(brain: Brain) -> None:
        await serve_stdio(await brain.tenant(slug))

    await with_brain(act)


def register(app: typer.Typer) -> None:
    """Add the ``mcp`` command."""
    app.command("mcp")(mcp)
