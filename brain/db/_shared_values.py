"""Small values many processes change at once, kept on the FalkorDB server, never lost.

A value is JSON in a server hash ``hivebrain:value:<space>:<name>`` (or, given ``slot``, a
hash tag in place of the name, so the value shares a cluster slot; beside the graphs,
like the locks: GRAPH.LIST skips it) with two fields: ``value`` and ``stamp``, a version
number. It changes only through ``update``: read the value and its stamp, apply a
function to the value, and write the result with one server-side script that writes only
if the stamp is still the one read, moving the stamp on in the same write. A process that
lost the race reads again and applies its function again, so however many processes
change one value, every change lands once.

The graph cannot do this by itself: FalkorDB runs the reading part of two write queries
side by side (``brain.db._lock``), so a stamp compared inside one Cypher statement lets
two writers both win. Measured here: three processes making 300 changes each to one
stamped node property with a Cypher compare-and-set lost 22 of the 900.

Tenant settings live here (``brain._tenants``); so can anything small that ``serve``
processes share and change: event claims, thread maps, cursors.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from brain.db._driver import GraphDriver
from brain.errors import GraphUnavailable

#: Tries of one update before giving up (each lost race costs one read and one script).
ATTEMPTS = 1_000
_BACKOFF_S = 0.002
#: Reads of ``read_many`` in flight at once: the connection pool (32) refuses more, so a
#: registry of hundreds of tenants is read in rounds of this many, never all at once.
_BATCH = 16

# KEYS[1] the value's hash; ARGV: the stamp read ("0": absent), the next stamp, the value
_COMPARE_AND_SET = """
local stamp = redis.call('HGET', KEYS[1], 'stamp') or '0'
if stamp ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'stamp', ARGV[2], 'value', ARGV[3])
return 1
"""


def _text(raw: Any) -> str | None:
    if raw is None:
        return None
    return raw.decode() if isinstance(raw, bytes) else str(raw)


class SharedValues:
    """One space of shared values (``settings``, ``threads``...) on the server."""

    def __init__(
        self, driver: GraphDriver, space: str, *, slot: Callable[[str], str] | None = None
    ) -> None:
        self._driver = driver
        self._space = space
        self._slot = slot

    def key(self, name: str) -> str:
        """The server key of value ``name``: ``slot(name)`` in its place when given (a hash
        tag that puts the value in the cluster slot of what it belongs to)."""
        return f"hivebrain:value:{self._space}:{name if self._slot is None else self._slot(name)}"

    async def _get(self, name: str) -> tuple[int, Any | None]:
        stamp, value = await self._driver.command("HMGET", self.key(name), "stamp", "value")
        text = _text(value)
        return int(_text(stamp) or 0), (json.loads(text) if text is not None else None)

    async def read(self, name: str) -> Any | None:
        """The value, or None when it was never set (or was deleted)."""
        return (await self._get(name))[1]

    async def stamp(self, name: str) -> int:
        """The value's version stamp: 0 before its first write, then one more per change."""
        return (await self._get(name))[0]

    async def read_many(self, names: Iterable[str]) -> dict[str, Any]:
        """The values of ``names`` that are set, by name (read ``_BATCH`` at a time)."""
        wanted = list(dict.fromkeys(names))
        found: dict[str, Any] = {}
        for i in range(0, len(wanted), _BATCH):
            batch = wanted[i : i + _BATCH]
            rows = await asyncio.gather(
                *(self._driver.command("HGET", self.key(n), "value") for n in batch)
            )
            for name, raw in zip(batch, rows, strict=True):
                text = _text(raw)
                if text is not None:
                    found[name] = json.loads(text)
        return found

    async def update(
        self,
        name: str,
        change: Callable[[Any | None], Any],
        *,
        initial: Callable[[], Awaitable[Any | None]] | None = None,
    ) -> Any:
        """Apply ``change`` to the current value (None if unset) and store what it returns,
        retrying on a lost race; the value stored. ``change`` gets its own copy, may run
        more than once, and should do no I/O. ``initial`` gives the starting value of one
        never set (an older store it replaces). A change that changes nothing writes nothing.
        Raises ``GraphUnavailable`` if the server cannot be reached or the value stays
        contended past ``ATTEMPTS`` tries."""
        for attempt in range(ATTEMPTS):
            stamp, current = await self._get(name)
            if stamp == 0 and current is None and initial is not None:
                current = await initial()
            before = json.dumps(current, sort_keys=True)
            after = change(json.loads(before))
            text = json.dumps(after, sort_keys=True)
            if stamp and text == before:
                return after
            won = await self._driver.command(
                "EVAL", _COMPARE_AND_SET, 1, self.key(name), str(stamp), str(stamp + 1), text
            )
            if won:
                return after
            # another process changed it first: read its result and apply ours to it
            await asyncio.sleep(random.uniform(0, _BACKOFF_S * min(attempt + 1, 50)))
        raise GraphUnavailable(f"shared value {self._space}:{name}", "too many writers at once")

    async def delete(self, name: str) -> None:
        """Forget the value (its tenant was erased)."""
        await self._driver.command("DEL", self.key(name))
