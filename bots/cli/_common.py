"""What every command group shares: the consoles, the error boundary, opening the brain.

``run`` is the one place a command's ``HivebrainError`` becomes a single readable line and
exit status 1, never a stack trace.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from brain import Brain, BrainSettings, HivebrainError

log = logging.getLogger(__name__)

console = Console()
err_console = Console(stderr=True)

P = ParamSpec("P")
T = TypeVar("T")


def run(fn: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """Run an async command, turning every error into one line and exit status 1.

    Our own errors say what was wrong and what to do. Anything else is a bug or input no
    check caught (a nesting too deep, text the terminal cannot encode): it still gets one
    line, and the traceback goes to the log (`hivebrain -v` shows it), never the screen.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return asyncio.run(fn(*args, **kwargs))
        except HivebrainError as exc:
            _error_line(str(exc))
            raise typer.Exit(1) from None
        except (KeyboardInterrupt, typer.Exit, typer.Abort, SystemExit):
            raise
        except RecursionError:
            log.info("input nested too deeply", exc_info=True)
            _error_line("the input nests too deeply to read; flatten it and try again")
            raise typer.Exit(1) from None
        except Exception as exc:  # the CLI's one top-level handler
            log.info("unexpected error", exc_info=True)
            _error_line(
                f"unexpected {type(exc).__name__}: {str(exc)[:300]} (run with -v for details)"
            )
            raise typer.Exit(1) from None

    return wrapper


def _error_line(text: str) -> None:
    """One error line on stderr, whatever the text holds (markup, lone surrogates)."""
    safe = text.encode("utf-8", "backslashreplace").decode("utf-8")
    # soft_wrap: one line however narrow the terminal (or a pipe's 80 columns)
    err_console.print(f"[red]error:[/red] {escape(safe)}", highlight=False, soft_wrap=True)


async def with_brain(action: Callable[[Brain], Awaitable[T]]) -> T:
    """Open the brain from the environment's settings, run ``action``, close it.

    An empty embedded brain opened while another runs on this machine is said on stderr
    first (a command run from the wrong folder would otherwise find nothing silently).
    """
    async with Brain(BrainSettings()) as brain:
        notice = brain.lonely_brain_notice()
        if notice:
            err_console.print(f"[yellow]note:[/yellow] {escape(notice)}", soft_wrap=True)
        return await action(brain)


def print_json(value: Any) -> None:
    """Machine-readable output: one JSON document on stdout."""
    sys.stdout.write(json.dumps(value, indent=2, default=str, ensure_ascii=False) + "\n")
