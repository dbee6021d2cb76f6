"""Where a tenant's keys live: in its graph's cluster slot.

On a cluster every key hashes to one of 16,384 slots, each served by one shard. A tenant's
graph is the key ``hb_<slug>``; its settings (``brain._tenants``), its read stamps
(``TenantGraph.stamp_reads``), its "vectors still filling" mark (``brain._ingest_queue``),
the mark saying it has an archive (``TenantGraph.has_archive``), its archive graph
itself (``archive_graph``), the locks of its scheduled runs (``scheduler.run_lock_key``)
and the notes of its conversations, event claims among them (``brain._notes``), are keys
beside it. Left to hash on their own they land on any
shard, and every answer reads them: while one shard failed over, tenants whose graphs
lived elsewhere stalled too (bench/scale.py, cluster part). So each of those keys
carries the graph's name as its hash tag (``{hb_<slug>}``): a tenant needs its one shard
and no other. On a single server or under Sentinel the tag changes nothing but the key's
spelling. The keys that stay global say why where they are made (the ingest queue's, the
scheduler's lease and runs in flight, a Slack install's OAuth state).

Keys written before the tag existed are moved once (``move_untagged_keys``, at every
start until the server's mark says it is done): each is copied field by field where the
tagged key does not have the field yet, so a value written since is never overwritten,
then the old key is deleted; a tenant whose archive graph exists gets its mark. Two
processes starting at once both move; the second finds nothing left to move. Archive
graphs move by their own path (``brain.upkeep._archive_move``: renamed, or on a cluster
copied), and notes, whose keys are digests that do not say their tenant, are not moved
but read at their old key as well until the last of them has expired
(``notes_tagged_at``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

from brain._moments import now_ms
from brain.db import GraphDriver

#: An archive graph's name ends in this (``archive_graph``).
ARCHIVE_SUFFIX = "__archive"

log = logging.getLogger(__name__)

#: Set once every tenant's untagged keys were moved (a cheap check at each start).
MOVED_MARK = "hivebrain:keys:tenant-tagged"
#: When this server's notes began to live in their tenants' slots (ms; 0: from its start).
NOTES_TAGGED = "hivebrain:keys:notes-tagged"

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


def archive_graph(graph: str) -> str:
    """The archive graph of live graph ``graph`` (``{hb_acme}__archive``): its hash tag is
    the live graph's name, so on a cluster both live in one slot and a question about the
    past needs the tenant's own shard only."""
    return f"{tenant_tag(graph)}{ARCHIVE_SUFFIX}"


def legacy_archive_graph(graph: str) -> str:
    """The name an archive graph had before it moved into its tenant's slot
    (``hb_acme__archive``, hashed on its own); still deleted with its tenant."""
    return f"{graph}{ARCHIVE_SUFFIX}"


def untagged_keys(slug: str, graph: str) -> dict[str, str]:
    """The keys a tenant's hashes had before the tag, by the tagged key they move to."""
    tag = tenant_tag(graph)
    return {
        f"hivebrain:value:settings:{tag}": f"hivebrain:value:settings:{slug}",
        f"hivebrain:reads:{tag}": f"hivebrain:reads:{graph}",
    }


async def notes_tagged_at(
    driver: GraphDriver, *, has_tenants: Callable[[], Awaitable[bool]]
) -> int:
    """When this server's tenant notes began to carry their tenant's tag (``brain._notes``):
    stamped by the first start that knows the tag, 0 when that start found no tenant (a
    new server has no old notes to look for)."""
    raw: Any = await driver.command("GET", NOTES_TAGGED)
    if raw is None:
        stamp = now_ms() if await has_tenants() else 0
        await driver.command("SET", NOTES_TAGGED, str(stamp), "NX", replicated=True)
        raw = await driver.command("GET", NOTES_TAGGED)
    return int(raw.decode() if isinstance(raw, bytes) else raw or 0)


async def move_untagged_keys(driver: GraphDriver, tenants: Sequence[tuple[str, str]]) -> int:
    """Move the untagged settings and read stamps of ``tenants`` (slug, graph) to their
    tagged keys, and mark those with an archive graph, once per server; how many keys
    were moved."""
    if await driver.command("EXISTS", MOVED_MARK):
        return 0
    moved = 0
    for slug, graph in tenants:
        if await driver.command("EXISTS", legacy_archive_graph(graph)):
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
