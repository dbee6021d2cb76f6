"""`hivebrain doctor`: is everything configured here working? One line per part.

The settings, the database (every index of every graph), the embedding model (loads
offline, makes vectors the size the indexes hold), the model key, Slack, Discord, GitHub
and Composio. Parts that are not configured say so and do not fail; the exit status is
0 only when everything configured works. Every check runs under its own time limit, all
of them at once, and each line is printed in a fixed order; no secret is ever printed
(each configured secret is blanked from every line, whatever a service answered).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import aiohttp
import typer
from pydantic import SecretStr
from rich.markup import escape

from agents import AgentSettings
from bots._wiring import ExecutorSettings
from bots.cli._common import console
from bots.cli._probes import (
    Check,
    check_composio,
    check_discord,
    check_github,
    check_model_key,
    check_slack,
)
from bots.core import BotSettings
from brain import (
    Brain,
    BrainSettings,
    DatabaseHealth,
    HivebrainError,
    SettingsInvalid,
    database_health,
)

#: Seconds each check may take (the database may start the embedded server; the model's
#: first load imports sentence-transformers, seconds on a busy machine).
DATABASE_TIMEOUT_S = 60.0
EMBEDDING_TIMEOUT_S = 180.0
REMOTE_TIMEOUT_S = 10.0
#: Index problems named in the database line before "and N more".
SHOWN_PROBLEMS = 3
_MARKS = {"ok": "[green]ok  [/green]", "fail": "[red]FAIL[/red]", "off": "[dim]--  [/dim]"}


class Settings:
    """The four settings classes, each loaded once; a class that does not load is None
    and its problem is kept for the settings line."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.brain: BrainSettings | None = self._load(BrainSettings)
        self.agents: AgentSettings | None = self._load(AgentSettings)
        self.bots: BotSettings | None = self._load(BotSettings)
        self.executors: ExecutorSettings | None = self._load(ExecutorSettings)

    def _load(self, cls: Any) -> Any:
        try:
            return cls()
        except SettingsInvalid as exc:
            self.problems += exc.problems
            return None

    def secrets(self) -> list[str]:
        """Every configured secret's text, to blank from the output."""
        found: list[str] = []
        for settings in (self.brain, self.agents, self.bots, self.executors):
            for value in (settings.model_dump() if settings is not None else {}).values():
                if isinstance(value, SecretStr) and value.get_secret_value():
                    found.append(value.get_secret_value())
        return found


async def _limited(name: str, limit_s: float, work: Awaitable[Check]) -> Check:
    """``work`` under a time limit; any failure becomes a failed line, never a traceback."""
    try:
        return await asyncio.wait_for(work, timeout=limit_s)
    except TimeoutError:
        return Check(name, "fail", f"no answer within {limit_s:.0f} s")
    except HivebrainError as exc:
        return Check(name, "fail", str(exc))
    except aiohttp.ClientError as exc:
        return Check(name, "fail", f"could not be reached ({type(exc).__name__})")
    except Exception as exc:  # a check must report, not crash the report  # noqa: BLE001
        first = (str(exc).splitlines() or [""])[0][:200]
        return Check(name, "fail", f"{type(exc).__name__}: {first}")


def _database_line(health: DatabaseHealth) -> Check:
    about = f"{health.where}, version {health.version}"
    if health.problems:
        shown = "; ".join(health.problems[:SHOWN_PROBLEMS])
        more = len(health.problems) - SHOWN_PROBLEMS
        return Check(
            "database", "fail", f"{about}: {shown}" + (f" and {more} more" if more > 0 else "")
        )
    return Check(
        "database",
        "ok",
        f"{about}; {health.graphs} graph{'s' if health.graphs != 1 else ''}, "
        f"{health.operational} indexes and constraints operational",
    )


async def _database(brain: Brain) -> tuple[Check, DatabaseHealth | None]:
    """The database line, and what it read (for the embedding check's dimensions)."""
    found: list[DatabaseHealth] = []

    async def check() -> Check:
        await brain.start()
        found.append(await database_health(brain))
        return _database_line(found[0])

    line = await _limited("database", DATABASE_TIMEOUT_S, check())
    return line, (found[0] if found else None)


async def _embedding(
    brain: Brain,
    settings: BrainSettings,
    database: asyncio.Task[tuple[Check, DatabaseHealth | None]],
) -> Check:
    if not settings.hivebrain_embeddings or brain.embedder is None:
        return Check("embedding model", "off", "off (HIVEBRAIN_EMBEDDINGS=false): no vector search")
    os.environ["HF_HUB_OFFLINE"] = os.environ["TRANSFORMERS_OFFLINE"] = "1"  # prove it offline
    embedder = brain.embedder

    async def check() -> Check:
        [vector] = await embedder.embed(["hivebrain doctor"])
        size = len(vector)
        _, health = await database
        about = f"{settings.hivebrain_embed_model} loads offline, {size} dimensions"
        if health is None:
            return Check("embedding model", "ok", f"{about} (indexes not read: see database)")
        if health.dimensions and health.dimensions != {size}:
            held = ", ".join(str(d) for d in sorted(health.dimensions))
            return Check(
                "embedding model",
                "fail",
                f"{about}, but the vector indexes hold {held}-dimension vectors: use the model "
                "the graphs were built with (HIVEBRAIN_EMBED_MODEL, HIVEBRAIN_EMBED_DIMENSION)",
            )
        return Check("embedding model", "ok", f"{about}, as the vector indexes")

    return await _limited("embedding model", EMBEDDING_TIMEOUT_S, check())


def _skipped(name: str) -> Check:
    return Check(name, "off", "skipped: fix the settings first")


async def doctor_checks(settings: Settings, emit: Callable[[Check], None]) -> list[Check]:
    """Run every check at once; ``emit`` each line in a fixed order as soon as it is known."""
    pending: list[Coroutine[Any, Any, Check]] = []
    brain = Brain(settings.brain) if settings.brain is not None else None
    timeout = aiohttp.ClientTimeout(total=REMOTE_TIMEOUT_S)
    async with aiohttp.ClientSession(timeout=timeout) as session:

        def remote(name: str, probe: Callable[[], Awaitable[Check]] | None) -> None:
            pending.append(
                _limited(name, REMOTE_TIMEOUT_S, probe()) if probe else _settle(_skipped(name))
            )

        if brain is not None and settings.brain is not None:
            database = asyncio.create_task(_database(brain))
            pending.append(_first(database))
            pending.append(_embedding(brain, settings.brain, database))
        else:
            pending += [_settle(_skipped("database")), _settle(_skipped("embedding model"))]
        agents, bots, executors = settings.agents, settings.bots, settings.executors
        remote("model key", (lambda: check_model_key(session, agents)) if agents else None)
        remote("Slack", (lambda: check_slack(session, bots)) if bots else None)
        remote("Discord", (lambda: check_discord(session, bots)) if bots else None)
        remote("GitHub", (lambda: check_github(session, executors)) if executors else None)
        remote("Composio", (lambda: check_composio(session, executors)) if executors else None)
        tasks = [asyncio.ensure_future(c) for c in pending]
        lines: list[Check] = []
        try:
            for task in tasks:
                lines.append(await task)
                emit(lines[-1])
        finally:
            if brain is not None:
                await brain.close()
    return lines


async def _settle(check: Check) -> Check:
    return check


async def _first(task: asyncio.Task[tuple[Check, DatabaseHealth | None]]) -> Check:
    return (await task)[0]


def doctor() -> None:
    """Check every configured part: database, models, chat tokens, executors (exit 1: one fails)."""
    settings = Settings()
    secrets = settings.secrets()

    def emit(check: Check) -> None:
        line = f"{check.name}: {check.detail}"
        for secret in secrets:
            line = line.replace(secret, "***")
        console.print(f"{_MARKS[check.status]} {escape(line)}", highlight=False, soft_wrap=True)

    if settings.problems:
        emit(Check("settings", "fail", "; ".join(settings.problems)))
    else:
        emit(Check("settings", "ok", "every setting is valid"))
    lines = asyncio.run(doctor_checks(settings, emit))
    failed = [c.name for c in lines if c.status == "fail"] + (
        ["settings"] if settings.problems else []
    )
    if failed:
        console.print(f"not working: {', '.join(failed)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1)
    console.print("everything configured works", highlight=False)


def register(app: typer.Typer) -> None:
    """Add this group's commands to the main CLI."""
    app.command("doctor")(doctor)
