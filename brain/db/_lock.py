"""Locks on the FalkorDB server, shared by every process: a key set with ``NX`` and a token.

One mechanism serves two needs. A graph's write lock: FalkorDB runs the reading part of
two write queries side by side, so two statements that each read a one-holder slot and
then fill it both saw it empty, and both holders stayed open (measured: 300 of 300 tasks
with two open owners). A comparison inside the statement is not enough, so every batch of
writes to a graph holds ``graph_write_lock``, renewed while the holder works. And a
scheduled job's run lock: every ``serve`` process fires the same job at the same moment,
and only the one whose ``acquire`` succeeds runs it (``scheduler``).

A lock is a server key ``hivebrain:lock:<parts>`` (not a graph: GRAPH.LIST skips it) set
with ``SET key token NX PX ttl``. Only the token's owner may renew or release it (a
compare-and-set script), and a holder that dies (``kill -9``) leaves the key to expire
within its TTL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncGenerator

from brain.db._driver import GraphDriver
from brain.errors import GraphUnavailable, QueryRefused

log = logging.getLogger(__name__)

#: How long a graph's write lock outlives its holder's last renewal (a killed writer
#: blocks this long).
LOCK_TTL_MS = 15_000
#: How long a writer waits for another's batch before giving up.
LOCK_WAIT_S = 900.0
_POLL_S = 0.05

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""

_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def lock_key(*parts: str) -> str:
    """The server key of the lock named by ``parts`` (a graph; a tenant, job and period)."""
    return ":".join(("hivebrain:lock", *parts))


class ServerLock:
    """Named locks with a token per holder, on the server the graphs live on."""

    def __init__(self, driver: GraphDriver, *, ttl_ms: int) -> None:
        self._driver = driver
        self.ttl_ms = ttl_ms

    async def acquire(self, key: str) -> str | None:
        """Take ``key``; return the token that renews and releases it, or None if it is held."""
        token = secrets.token_hex(16)
        taken = await self._driver.command("SET", key, token, "NX", "PX", self.ttl_ms)
        return token if taken else None

    async def renew(self, key: str, token: str) -> bool:
        """Push ``key``'s expiry a full TTL away, if ``token`` still holds it."""
        return bool(await self._driver.command("EVAL", _RENEW, 1, key, token, self.ttl_ms))

    async def release(self, key: str, token: str) -> bool:
        """Give ``key`` back if ``token`` still holds it."""
        return bool(await self._driver.command("EVAL", _RELEASE, 1, key, token))


@contextlib.asynccontextmanager
async def graph_write_lock(
    driver: GraphDriver, graph: str, *, wait_s: float = LOCK_WAIT_S
) -> AsyncGenerator[None]:
    """Hold the write lock of ``graph`` on the server for the body of the ``async with``.

    Raises ``GraphUnavailable`` if another writer holds it for longer than ``wait_s``.
    """
    lock, key = ServerLock(driver, ttl_ms=LOCK_TTL_MS), lock_key(graph)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_s
    while (token := await lock.acquire(key)) is None:
        if loop.time() > deadline:
            raise GraphUnavailable(
                "write lock",
                f"another writer has held this tenant's write lock for over {wait_s:.0f} s",
            )
        await asyncio.sleep(_POLL_S)
    renewing = asyncio.create_task(_renew(lock, key, token), name=f"renew {key}")
    try:
        yield
    finally:
        renewing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await renewing
        try:
            await lock.release(key, token)
        except (GraphUnavailable, QueryRefused):  # the write's own error is the one shown
            log.info("could not release %s; it expires in %d ms", key, LOCK_TTL_MS)


async def _renew(lock: ServerLock, key: str, token: str) -> None:
    while True:
        await asyncio.sleep(lock.ttl_ms / 3000)
        try:
            kept = await lock.renew(key, token)
        except (GraphUnavailable, QueryRefused):
            continue  # the server is down: the write fails on its own
        if not kept:
            log.warning("write lock %s expired while held: the writer was stalled", key)
