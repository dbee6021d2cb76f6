"""Fair queueing and duplicate suppression for chat events.

A burst of questions from one workspace must neither be dropped nor starve the others:
each tenant gets a small number of concurrent turns, and all tenants share a global cap,
so a busy tenant queues behind itself while a quiet one still gets a slot. Platforms
redeliver events (Slack retries, Discord replays after a reconnect): a short-lived set
of seen event ids makes every delivery answer once.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager


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
    """Event ids seen in the last ``ttl_s`` seconds (bounded in size)."""

    def __init__(self, *, ttl_s: float = 600.0, max_items: int = 50_000) -> None:
        self._ttl = ttl_s
        self._max = max_items
        self._seen: OrderedDict[str, float] = OrderedDict()

    def first_time(self, key: str) -> bool:
        """True the first time ``key`` is seen within the window; False for a repeat."""
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
