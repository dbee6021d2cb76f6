"""The latest of a stream of lines, sent at most once per interval.

A turn reports what it is doing many times a second at its busiest; Slack rate-limits
``assistant.threads.setStatus`` and Discord wants at most about one edit a second. A
``Throttle`` keeps only the newest line and sends it when the interval since the last
send has passed: the first line goes at once, a burst collapses to its last line, and
nothing is sent after ``close``. A failing send is logged and never raised: a status
line must not cost the answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

#: Sends one line to the platform.
SendLine = Callable[[str], Awaitable[None]]


class Throttle:
    """Send the newest line given to ``update`` at most once every ``every_s`` seconds."""

    def __init__(self, send: SendLine, *, every_s: float = 1.0, name: str = "throttle") -> None:
        if every_s <= 0:
            raise ValueError("every_s must be positive")
        self._send = send
        self._every = every_s
        self._name = name
        self._latest: str | None = None
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self._closed = False
        #: Every line actually sent, in order (what the asker saw).
        self.sent: list[str] = []

    def update(self, line: str) -> None:
        """Keep ``line`` as the newest; send it now or when the interval allows. Sync, so a
        turn's progress callback can call it; a no-op after ``close``."""
        if self._closed:
            return
        self._latest = line
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self._name)

    async def _run(self) -> None:
        try:
            while self._latest is not None and not self._closed:
                line, self._latest = self._latest, None
                self._idle.clear()
                try:
                    await self._send(line)
                    self.sent.append(line)
                except Exception:  # a status line must never cost the answer
                    log.exception("%s: sending a progress line failed", self._name)
                finally:
                    self._idle.set()
                await asyncio.sleep(self._every)
        finally:
            self._task = None

    async def close(self) -> None:
        """Stop sending: a send under way finishes, a waiting line is dropped."""
        self._closed = True
        self._latest = None
        task = self._task
        if task is None:
            return
        await self._idle.wait()
        task.cancel()
        await asyncio.wait({task})
