"""`hivebrain db status` and `db stop`: the embedded FalkorDB server."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from bots.cli._common import console, print_json, run
from brain import (
    BrainSettings,
    EmbeddedServer,
)

db_app = typer.Typer(help="The embedded FalkorDB server.", no_args_is_help=True)


@db_app.command("status")
@run
async def db_status(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Is the embedded FalkorDB running, where, and how big is it."""
    settings = BrainSettings()
    if settings.falkordb_url:
        if as_json:
            print_json({"external": True})
            return
        console.print(
            "using an external FalkorDB (FALKORDB_URL is set); nothing embedded to report"
        )
        return
    status = await EmbeddedServer(settings.hivebrain_data_dir).status()
    if as_json:
        print_json(dataclasses.asdict(status))
        return
    state = "[green]running[/green]" if status.running else "[yellow]stopped[/yellow]"
    console.print(
        f"embedded FalkorDB {state} · data {status.data_dir} · socket {status.socket_path}"
    )
    if status.running:
        console.print(
            f"pid {status.pid} · up {status.uptime_s} s · memory "
            f"{(status.used_memory_bytes or 0) / 1e6:.1f} MB · append-only file "
            f"{status.aof_bytes / 1e6:.1f} MB · graphs {len(status.graphs)}"
        )


@db_app.command("stop")
@run
async def db_stop() -> None:
    """Stop the embedded FalkorDB (data stays on disk)."""
    settings = BrainSettings()
    stopped = await EmbeddedServer(settings.hivebrain_data_dir).stop()
    console.print("stopped" if stopped else "was not running")
