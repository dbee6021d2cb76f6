"""One cache for what reads build from a tenant's records: path and walk snapshots, ranks.

Building a snapshot means fetching every current edge of a tenant (tens of ms to a
second on a seed-sized graph), so reads keep what they built until the tenant's records
change. Every entry is keyed by (tenant, write stamp, kind, args): the write stamp
(``TenantGraph.write_stamp``) moves on each write to the business's records, so a write
makes every kind stale at once, and the first read after it drops that tenant's older
entries. One registry, one bound and one ``clear`` (tests, and after restoring a graph
from a dump), so no kind of snapshot can be missed by a clear or outlive a write.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import AsyncGenerator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TypeVar, cast

from brain._tenant_graph import TenantGraph

#: Entries kept in all (least recently used go first). A rank copy of the seed-sized graph
#: is a few MB; a path or walk snapshot about one.
CACHE_SIZE = 32

T = TypeVar("T")

#: (tenant, write stamp) -> entries of every kind for it, (kind, args) -> value.
_Key = tuple[str, tuple[int, int | None], str, tuple[Hashable, ...]]
_ENTRIES: OrderedDict[_Key, object] = OrderedDict()


#: The write stamp a read already looked up, for the reads it makes next (see ``one_stamp``).
_STAMP: ContextVar[tuple[str, tuple[int, int | None]] | None] = ContextVar(
    "hivebrain_read_stamp", default=None
)


@asynccontextmanager
async def one_stamp(graph: TenantGraph) -> AsyncGenerator[None]:
    """Look the tenant's write stamp up once for every ``cached`` call inside the block.

    A tool that consults several cached values (triage: the activity prior, the path
    words, the expert scores) would otherwise read the stamp once per value; one answer
    is one moment of the records anyway.
    """
    token = _STAMP.set((graph.slug, await graph.write_stamp()))
    try:
        yield
    finally:
        _STAMP.reset(token)


async def cached(
    graph: TenantGraph, kind: str, args: tuple[Hashable, ...], build: Callable[[], Awaitable[T]]
) -> tuple[T, bool]:
    """The value of ``kind`` for ``args`` on this tenant as of its last write, and whether
    it came from the cache; ``build`` makes it on a miss.

    One ``kind`` must always build the same type of value: the registry trusts it. Two
    reads that miss together both build (the second one kept); that costs time, never a
    wrong answer.
    """
    held = _STAMP.get()
    stamp = held[1] if held is not None and held[0] == graph.slug else await graph.write_stamp()
    key: _Key = (graph.slug, stamp, kind, args)
    if key in _ENTRIES:
        _ENTRIES.move_to_end(key)
        return cast("T", _ENTRIES[key]), True
    value = await build()
    _drop_stale(graph.slug, stamp)
    _ENTRIES[key] = value
    while len(_ENTRIES) > CACHE_SIZE:
        _ENTRIES.popitem(last=False)
    return value, False


def _drop_stale(slug: str, stamp: tuple[int, int | None]) -> None:
    """Forget a tenant's entries from before its last write: no read can reach them."""
    for key in [k for k in _ENTRIES if k[0] == slug and k[1] != stamp]:
        del _ENTRIES[key]


def clear_cache() -> None:
    """Forget every cached snapshot and rank copy, of every tenant."""
    _ENTRIES.clear()


def cache_counts(graph: TenantGraph | None = None) -> dict[str, int]:
    """Entries held per kind (``paths``, ``walks``, ``ranks``), of one tenant or of all."""
    return dict(Counter(k[2] for k in _ENTRIES if graph is None or k[0] == graph.slug))
