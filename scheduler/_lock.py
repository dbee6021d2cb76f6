"""A run lock on the FalkorDB server, so several ``serve`` processes run each job once.

Every process's scheduler fires the same job at the same moment; the one whose
``SET key token NX PX ttl`` succeeds runs it, the others see the key and skip. The key
names the tenant, the job and the period, and the token is this run's own, so only the
run that took the lock releases it (a compare-and-delete script) and a lock left by a
crashed process simply expires. Once the run has stamped its period in the tenant graph,
a late process that gets the lock finds the stamp and still does nothing.
"""

from __future__ import annotations

import uuid
from typing import Protocol

#: Delete the key only if it still holds our token.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
#: A run that takes longer than this loses its lock (another process may then start).
LOCK_TTL_MS = 15 * 60_000


class CommandDriver(Protocol):
    """The one driver method the lock needs (``brain.GraphDriver`` has it)."""

    async def command(self, *args: object) -> object:
        """A raw server command."""
        ...


class RunLock:
    """Named locks with a token per holder, on the server the graphs live on."""

    def __init__(self, driver: CommandDriver, *, ttl_ms: int = LOCK_TTL_MS) -> None:
        self._driver = driver
        self._ttl_ms = ttl_ms

    async def acquire(self, key: str) -> str | None:
        """Take ``key``; return the token that releases it, or None if someone holds it."""
        token = uuid.uuid4().hex
        taken = await self._driver.command("SET", key, token, "NX", "PX", self._ttl_ms)
        return token if taken else None

    async def release(self, key: str, token: str) -> bool:
        """Give ``key`` back if ``token`` still holds it."""
        return bool(await self._driver.command("EVAL", RELEASE, 1, key, token))


def lock_key(slug: str, job: str, period: str) -> str:
    """The lock of one job's run for one tenant and period."""
    return f"hivebrain:lock:{slug}:{job}:{period}"
