"""What every command group shares: the consoles, the error boundary, opening the brain.

``run`` is the one place a command's ``HivebrainError`` becomes a single readable line and
exit status 1, never a stack trace.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from brain import Brain, BrainSettings, HivebrainError

console = Console()
err_console = Console(stderr=True)

P = ParamSpec("P")
T = TypeVar("T")


def run(fn: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """Run an async command, turning our errors into one line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return asyncio.run(fn(*args, **kwargs))
        except HivebrainError as exc:
            # soft_wrap: one line however narrow the terminal (or a pipe's 80 columns)
            err_console.print(
                f"[red]error:[/red] {exc}", highlight=False, markup=True, soft_wrap=True
            )
            raise typer.Exit(1) from None

    return wrapper


async def with_brain(action: Callable[[Brain], Awaitable[T]]) -> T:
    """Open the brain from the environment's settings, run ``action``, close it."""
    async with Brain(BrainSettings()) as brain:
        return await action(brain)


def print_json(value: Any) -> None:
    """Machine-readable output: one JSON document on stdout."""
    sys.stdout.write(json.dumps(value, indent=2, default=str, ensure_ascii=False) + "\n")
