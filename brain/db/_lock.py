"""One writer at a time per graph, across processes: a lock key on the FalkorDB server.

FalkorDB runs the reading part of two write queries side by side: two statements that
each read a one-holder slot and then fill it both saw it empty, and both holders stayed
open (measured: 300 of 300 tasks with two open owners). A comparison inside the
statement is not enough, so every batch of writes to a graph holds this lock: a key
``hivebrain:lock:<graph>`` set with ``NX`` and a random token, with an expiry renewed
while the holder works. A holder that dies (``kill -9``) leaves the key to expire within
``LOCK_TTL_MS``; only the token's owner may renew or release it.
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

#: How long a lock outlives its holder's last renewal (a killed writer blocks this long).
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


def lock_key(graph: str) -> str:
    """The server key that guards writes to ``graph`` (not a graph: GRAPH.LIST skips it)."""
    return f"hivebrain:lock:{graph}"


@contextlib.asynccontextmanager
async def graph_write_lock(
    driver: GraphDriver, graph: str, *, wait_s: float = LOCK_WAIT_S
) -> AsyncGenerator[None]:
    """Hold the write lock of ``graph`` on the server for the body of the ``async with``.

    Raises ``GraphUnavailable`` if another writer holds it for longer than ``wait_s``.
    """
    key, token = lock_key(graph), secrets.token_hex(16)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_s
    while not await driver.command("SET", key, token, "NX", "PX", LOCK_TTL_MS):
        if loop.time() > deadline:
            raise GraphUnavailable(
                "write lock",
                f"another writer has held this tenant's write lock for over {wait_s:.0f} s",
            )
        await asyncio.sleep(_POLL_S)
    renewing = asyncio.create_task(_renew(driver, key, token), name=f"renew {key}")
    try:
        yield
    finally:
        renewing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await renewing
        try:
            await driver.command("EVAL", _RELEASE, 1, key, token)
        except (GraphUnavailable, QueryRefused):  # the write's own error is the one shown
            log.info("could not release %s; it expires in %d ms", key, LOCK_TTL_MS)


async def _renew(driver: GraphDriver, key: str, token: str) -> None:
    while True:
        await asyncio.sleep(LOCK_TTL_MS / 3000)
        try:
            kept = await driver.command("EVAL", _RENEW, 1, key, token, LOCK_TTL_MS)
        except (GraphUnavailable, QueryRefused):
            continue  # the server is down: the write fails on its own
        if not kept:
            log.warning("write lock %s expired while held: the writer was stalled", key)
