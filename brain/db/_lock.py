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

A ``Lease`` is a lock held for as long as its holder lives: the scheduler's leader and a
job's run lock. It is renewed every third of its TTL, each renewal confirmed by the
replicas (so a failover keeps it) and bounded by a third of the TTL (tried again while
the server cannot answer: a failover takes seconds); the first renewal that fails sets
``lost`` and the holder must stop at once. A renewal is sent at most a
third of a TTL after the last good one and fails within another third, so the holder
hears of the loss before the server could let anyone else take the key: two holders
never overlap.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncGenerator

from brain.db._driver import GraphDriver
from brain.errors import GraphUnavailable, HivebrainError, QueryRefused, WriteNotReplicated

log = logging.getLogger(__name__)

#: How long a graph's write lock outlives its holder's last renewal (a killed writer
#: blocks this long).
LOCK_TTL_MS = 15_000
#: How long a writer waits for another's batch before giving up.
LOCK_WAIT_S = 900.0
_POLL_S = 0.05
#: How soon a lease renewal the server could not answer is tried again.
_RETRY_S = 0.2

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
    """Named locks with a token per holder, on the server the graphs live on.

    ``replicated``: each change waits for the replicas (``GraphDriver.command``), so a
    failover keeps the lock; a change they do not confirm raises ``WriteNotReplicated``.
    """

    def __init__(self, driver: GraphDriver, *, ttl_ms: int, replicated: bool = False) -> None:
        self._driver = driver
        self.ttl_ms = ttl_ms
        self._replicated = replicated

    async def acquire(self, key: str) -> str | None:
        """Take ``key``; return the token that renews and releases it, or None if it is held."""
        token = secrets.token_hex(16)
        try:
            taken = await self._driver.command(
                "SET", key, token, "NX", "PX", self.ttl_ms, replicated=self._replicated
            )
        except WriteNotReplicated:
            # taken on the primary only: a failover could hand it to another, so give it back
            with contextlib.suppress(HivebrainError):
                await self.release(key, token)
            raise
        return token if taken else None

    async def renew(self, key: str, token: str) -> bool:
        """Push ``key``'s expiry a full TTL away, if ``token`` still holds it."""
        return bool(
            await self._driver.command(
                "EVAL", _RENEW, 1, key, token, self.ttl_ms, replicated=self._replicated
            )
        )

    async def release(self, key: str, token: str) -> bool:
        """Give ``key`` back if ``token`` still holds it."""
        return bool(await self._driver.command("EVAL", _RELEASE, 1, key, token))

    async def is_held(self, key: str) -> bool:
        """Whether anyone holds ``key`` now."""
        return bool(await self._driver.command("EXISTS", key))


class Lease:
    """``key`` held by this process until ``release`` or until a renewal fails (``lost``).

    Use ``await lease.acquire()`` (False: another holds it), watch ``lost``, and
    ``await lease.release()`` when done.
    """

    def __init__(self, driver: GraphDriver, key: str, *, ttl_ms: int) -> None:
        self.key = key
        self._lock = ServerLock(driver, ttl_ms=ttl_ms, replicated=True)
        self._token: str | None = None
        self._renewing: asyncio.Task[None] | None = None
        #: Set the moment a renewal fails: the holder must stop what the lease guards.
        self.lost = asyncio.Event()

    @property
    def ttl_ms(self) -> int:
        return self._lock.ttl_ms

    @property
    def held(self) -> bool:
        """Whether this process holds the lease now (taken and not lost)."""
        return self._token is not None and not self.lost.is_set()

    async def acquire(self) -> bool:
        """Take the lease if nobody holds it, and start renewing it."""
        if self.held:
            return True
        try:
            token = await self._lock.acquire(self.key)
        except WriteNotReplicated:
            log.warning("lease %s: taken but not confirmed by a replica; not held", self.key)
            return False
        if token is None:
            return False
        self._token = token
        self.lost.clear()
        self._renewing = asyncio.create_task(self._renew(token), name=f"lease {self.key}")
        return True

    async def release(self) -> None:
        """Stop renewing and give the lease back (if it is still ours)."""
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
            self._renewing = None
        token, self._token = self._token, None
        if token is not None and not self.lost.is_set():
            try:
                await self._lock.release(self.key, token)
            except HivebrainError:
                log.info("could not release lease %s; it expires in %d ms", self.key, self.ttl_ms)

    async def _renew(self, token: str) -> None:
        third = self.ttl_ms / 3000
        while True:
            await asyncio.sleep(third)
            kept = await self._renew_within(token, third)
            if not kept:
                self.lost.set()
                return

    async def _renew_within(self, token: str, limit_s: float) -> bool:
        """Renew, trying again while the server cannot answer (a failover takes seconds)
        until ``limit_s`` has passed; False once it refuses or the time is up."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit_s
        try:
            async with asyncio.timeout(limit_s):
                while True:
                    try:
                        kept = await self._lock.renew(self.key, token)
                    except GraphUnavailable as exc:  # unreachable, failing over, unconfirmed
                        if loop.time() + _RETRY_S >= deadline:
                            log.warning("lease %s lost: its renewal failed (%s)", self.key, exc)
                            return False
                        await asyncio.sleep(_RETRY_S)
                        continue
                    if not kept:
                        log.warning("lease %s lost: another holder has it", self.key)
                    return kept
        except TimeoutError:
            log.warning("lease %s lost: its renewal took over %.1f s", self.key, limit_s)
            return False
        except HivebrainError as exc:
            log.warning("lease %s lost: its renewal was refused (%s)", self.key, exc)
            return False


@contextlib.asynccontextmanager
async def graph_write_lock(
    driver: GraphDriver, graph: str, *, wait_s: float = LOCK_WAIT_S
) -> AsyncGenerator[None]:
    """Hold the write lock of ``graph`` on the server for the body of the ``async with``.

    Raises ``GraphUnavailable`` if another writer holds it for longer than ``wait_s``.
    """
    # in the graph's own cluster slot (its name as the hash tag): a write needs the
    # graph's shard only, so another shard's failover never stalls it
    lock, key = ServerLock(driver, ttl_ms=LOCK_TTL_MS), lock_key("{" + graph + "}")
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
