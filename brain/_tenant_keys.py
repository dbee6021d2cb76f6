"""Where a tenant's small server keys live: in its graph's cluster slot.

On a cluster every key hashes to one of 16,384 slots, each served by one shard. A tenant's
graph is the key ``hb_<slug>``; its settings (``brain._tenants``), its read stamps
(``TenantGraph.stamp_reads``), its "vectors still filling" mark (``brain._ingest_queue``)
and the mark saying it has an archive graph (``TenantGraph.has_archive``: the archive
graph's own key hashes elsewhere, and every walk would otherwise ask that shard whether
it exists) are keys beside it. Left to hash on their own they land on any shard, and
every answer reads them: while one shard failed over, tenants whose graphs lived
elsewhere stalled too (bench/scale.py, cluster part). So each of those keys carries the
graph's name as its hash tag (``{hb_<slug>}``): a tenant without an archive needs its one
shard and no other. On a single server or under Sentinel the tag changes nothing but
the key's spelling.

Keys written before the tag existed are moved once (``move_untagged_keys``, at every
start until the server's mark says it is done): each is copied field by field where the
tagged key does not have the field yet, so a value written since is never overwritten,
then the old key is deleted; a tenant whose archive graph exists gets its mark. Two
processes starting at once both move; the second finds nothing left to move.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, cast

from brain.db import GraphDriver

#: The archive graph's name is the live graph's plus this (``brain._tenant_graph``).
ARCHIVE_SUFFIX = "__archive"

log = logging.getLogger(__name__)

#: Set once every tenant's untagged keys were moved (a cheap check at each start).
MOVED_MARK = "hivebrain:keys:tenant-tagged"

# KEYS[1] the tagged hash; ARGV field, value, field, value...: each field only if absent
_COPY_MISSING = """
local copied = 0
for i = 1, #ARGV, 2 do
  copied = copied + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1])
end
return copied
"""


def tenant_tag(graph: str) -> str:
    """The hash tag that puts a key in the slot of graph ``graph`` (``{hb_acme}``)."""
    return "{" + graph + "}"


def archive_mark(graph: str) -> str:
    """The key saying live graph ``graph`` has an archive, in its cluster slot."""
    return f"hivebrain:archive:{tenant_tag(graph)}"


def untagged_keys(slug: str, graph: str) -> dict[str, str]:
    """The keys a tenant's hashes had before the tag, by the tagged key they move to."""
    tag = tenant_tag(graph)
    return {
        f"hivebrain:value:settings:{tag}": f"hivebrain:value:settings:{slug}",
        f"hivebrain:reads:{tag}": f"hivebrain:reads:{graph}",
    }


async def move_untagged_keys(driver: GraphDriver, tenants: Sequence[tuple[str, str]]) -> int:
    """Move the untagged settings and read stamps of ``tenants`` (slug, graph) to their
    tagged keys, and mark those with an archive graph, once per server; how many keys
    were moved."""
    if await driver.command("EXISTS", MOVED_MARK):
        return 0
    moved = 0
    for slug, graph in tenants:
        if await driver.command("EXISTS", f"{graph}{ARCHIVE_SUFFIX}"):
            await driver.command("SET", archive_mark(graph), "1")
        for new, old in untagged_keys(slug, graph).items():
            raw: Any = await driver.command("HGETALL", old)
            if isinstance(raw, list):
                flat = cast(list[Any], raw)
                raw = dict(zip(flat[::2], flat[1::2], strict=False))
            fields = cast(dict[Any, Any], raw or {})
            if not fields:
                continue
            pairs = [str(v) for kv in fields.items() for v in kv]
            await driver.command("EVAL", _COPY_MISSING, 1, new, *pairs, replicated=True)
            await driver.command("DEL", old)
            moved += 1
    await driver.command("SET", MOVED_MARK, "1")
    if moved:
        log.info("moved %d tenant keys into their graphs' cluster slots", moved)
    return moved
