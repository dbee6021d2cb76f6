"""Fair queueing and duplicate suppression for chat events.

A burst of questions from one workspace must neither be dropped nor starve the others:
each tenant gets a small number of concurrent turns, and all tenants share a global cap,
so a busy tenant queues behind itself while a quiet one still gets a slot. Platforms
redeliver events (Slack retries, Discord replays after a reconnect), to any of the
``serve`` processes: a claim on the FalkorDB server (``SET NX`` with an expiry) makes every
delivery answer once, and a short-lived local set spares the round-trip for a repeat this
process has already seen.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import asynccontextmanager

from brain import HivebrainError

log = logging.getLogger(__name__)

#: Claims a key for the whole deployment (in the slot of the tenant named, if any): True
#: for the first caller in any process.
Claim = Callable[[str, str | None], Awaitable[bool]]


class TenantQueue:
    """Concurrency caps per tenant and overall; waiting callers queue in arrival order."""

    def __init__(self, *, per_tenant: int = 2, total: int = 4) -> None:
        if per_tenant < 1 or total < per_tenant:
            raise ValueError("need per_tenant >= 1 and total >= per_tenant")
        self._per_tenant = per_tenant
        self._total = asyncio.Semaphore(total)
        self._tenants: dict[str, asyncio.Semaphore] = {}
        self.waiting: dict[str, int] = {}

    @asynccontextmanager
    async def slot(self, tenant: str) -> AsyncGenerator[None]:
        """Hold one turn slot for ``tenant`` (tenant cap first, so a burst waits on itself)."""
        own = self._tenants.setdefault(tenant, asyncio.Semaphore(self._per_tenant))
        self.waiting[tenant] = self.waiting.get(tenant, 0) + 1
        started = False
        try:
            async with own, self._total:
                self.waiting[tenant] -= 1
                started = True
                yield
        finally:
            if not started:  # cancelled while queued
                self.waiting[tenant] -= 1


class SeenEvents:
    """Event ids seen in the last ``ttl_s`` seconds: here (bounded in size) and, given a
    ``claim``, by every process sharing the brain."""

    def __init__(
        self, *, ttl_s: float = 600.0, max_items: int = 50_000, claim: Claim | None = None
    ) -> None:
        self._ttl = ttl_s
        self._max = max_items
        self._claim = claim
        self._seen: OrderedDict[str, float] = OrderedDict()

    async def first_time(self, key: str, *, tenant: str | None = None) -> bool:
        """True the first time ``key`` is seen within the window, in any process; False for
        a repeat. ``tenant``: the slug of the tenant the event is for, whose cluster slot
        the claim lives in (None: a workspace no brain is bound to). If the server cannot
        be asked, this process's own memory decides (an answer given twice beats a question
        dropped)."""
        if not self._first_here(key):
            return False
        if self._claim is None:
            return True
        try:
            return await self._claim(key, tenant)
        except (HivebrainError, OSError) as exc:
            log.warning("event claim on the server failed (%s); deduped in this process only", exc)
            return True

    def _first_here(self, key: str) -> bool:
        now = time.monotonic()
        while self._seen:
            oldest, at = next(iter(self._seen.items()))
            if now - at <= self._ttl and len(self._seen) < self._max:
                break
            self._seen.pop(oldest)
        if key in self._seen:
            return False
        self._seen[key] = now
        return True
