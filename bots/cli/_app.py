"""The `hivebrain` command line: one Typer app with a module per command group.

This is an entry point: it sets up logging; each group opens the ``Brain`` from the
environment's settings through ``bots.cli._common``.
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from bots.cli import (
    _cards,
    _chat,
    _connect,
    _db,
    _doctor,
    _ingest,
    _jobs,
    _mcp,
    _minutes,
    _tenant,
    _tools,
)

app = typer.Typer(help="hivebrain: a company brain for Slack and Discord.", no_args_is_help=True)
app.add_typer(_tenant.tenant_app, name="tenant")
app.add_typer(_db.db_app, name="db")
app.add_typer(_ingest.ingest_app, name="ingest")
for group in (_tools, _chat, _cards, _doctor, _jobs, _mcp, _minutes, _connect):
    group.register(app)


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log each call.")] = False,
) -> None:
    """Configure logging for every command."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


if __name__ == "__main__":
    app()
