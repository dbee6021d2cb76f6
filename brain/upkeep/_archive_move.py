"""Archive graphs moved into their tenant's cluster slot: a one-time upgrade at start.

A tenant's archive graph was ``hb_<slug>__archive``, a key that hashes on its own: on a
cluster it sat on any shard, and every answer about the past of a tenant with an archive
needed that shard as well as its own. It is now ``{hb_<slug>}__archive``
(``brain._tenant_keys.archive_graph``), in the slot of the live graph. Archives under the
old name move once, at the first start of a version that knows the new one
(``move_archive_graphs``, called by ``Brain.start`` until the server's mark says every
tenant's archive has moved):

- The move is ``RENAMENX`` where the server can do it (one server, Sentinel): one step,
  nothing copied, and FalkorDB renames the graph with its key.
- On a cluster the two names hash to different slots, often on different shards, and no
  command moves a key between them. The archive is copied by queries (the export's paged
  reads, written as its restore writes them), then the old graph is deleted. Never
  GRAPH.COPY (it can hang this server) nor DUMP/RESTORE under another name (it can crash
  it). The old graph is deleted only once the copy holds as many nodes and edges.
- The move of one tenant's archive holds a lease in the tenant's slot, so two processes
  starting at once move it once: the second waits for the lease, then finds nothing left.
- A copy cut short (the process killed) leaves its marker and the old graph, which is
  deleted only after the whole copy: the next start deletes the partial copy and copies
  again. An old-named archive beside a new one no move made (an older process went on
  writing the old name while a new one ran: deploy/OPS.md says to stop them first) is
  left where it is and logged, never merged: nothing is deleted that a move did not copy.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, LiteralString

from brain._tenant_keys import archive_graph, archive_mark, legacy_archive_graph, tenant_tag
from brain.db import GraphDriver, Lease, lock_key
from brain.errors import GraphUnavailable, QueryRefused
from brain.upkeep._records import (
    READ_ARCHIVED_EDGES,
    READ_ARCHIVED_NODES,
    RESTORE_ARCHIVED_EDGES,
    RESTORE_ARCHIVED_NODES,
    RESTORE_ARCHIVED_OBSERVATIONS,
)
from brain.upkeep._rollup import BATCH, ENSURE_ARCHIVE_INDEX

log = logging.getLogger(__name__)

#: Set once every tenant's archive graph is in its slot (a cheap check at each start).
ARCHIVES_MOVED = "hivebrain:keys:archives-tagged"
#: How long a mover's lease outlives its last renewal (a killed mover blocks this long).
MOVE_LEASE_MS = 15_000
#: How long a start waits for another process's move of one archive.
MOVE_WAIT_S = 900.0
_POLL_S = 0.1
#: Rows read from the old archive at a time.
PAGE = 5_000


def copying_mark(graph: str) -> str:
    """The key saying a copy of live graph ``graph``'s archive is under way (in its slot)."""
    return f"hivebrain:archive-copying:{tenant_tag(graph)}"


async def move_archive_graphs(
    driver: GraphDriver, live_graphs: Callable[[], Awaitable[Sequence[str]]]
) -> int:
    """Move every tenant's archive that still has its old name (``live_graphs``: the
    tenants' live graph names, asked only while the move is not marked done); how many
    moved here."""
    if await driver.command("EXISTS", ARCHIVES_MOVED):
        return 0
    moved = 0
    for graph in await live_graphs():
        if await driver.command("EXISTS", legacy_archive_graph(graph)):
            moved += await _move(driver, graph)
    await driver.command("SET", ARCHIVES_MOVED, "1")
    if moved:
        log.info("moved %d archive graphs into their tenants' cluster slots", moved)
    return moved


async def _move(driver: GraphDriver, graph: str) -> int:
    """Move one archive under its tenant's lease; 1 when this call moved it."""
    old, new = legacy_archive_graph(graph), archive_graph(graph)
    lease = Lease(driver, lock_key(tenant_tag(graph), "archive-move"), ttl_ms=MOVE_LEASE_MS)
    await _hold(lease)
    try:
        if not await driver.command("EXISTS", old):
            return 0  # another process moved it while this one waited
        if await driver.command("EXISTS", new):
            if not await driver.command("EXISTS", copying_mark(graph)):
                log.warning(
                    "%s and %s both exist and no move made the second: the old one is kept, "
                    "unread (stop older processes before upgrading)",
                    old,
                    new,
                )
                return 0
            await driver.command("GRAPH.DELETE", new)  # a copy cut short: start it again
        await driver.command("SET", archive_mark(graph), "1", replicated=True)
        if not await _renamed(driver, old, new):
            await driver.command("SET", copying_mark(graph), "1", replicated=True)
            await _copy(driver, old, new, lease)
            if await _sizes(driver, old) == await _sizes(driver, new):
                await driver.command("GRAPH.DELETE", old)
            else:  # something the archive's own shape does not hold: never deleted
                log.warning("archive %s was not copied whole into %s: it is kept", old, new)
        await driver.command("DEL", copying_mark(graph))
        return 1
    finally:
        await lease.release()


async def _hold(lease: Lease) -> None:
    """Take ``lease``, waiting while another process holds it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MOVE_WAIT_S
    while not await lease.acquire():
        if loop.time() > deadline:
            raise GraphUnavailable(
                "archive move", f"another process has moved an archive for over {MOVE_WAIT_S:.0f} s"
            )
        await asyncio.sleep(_POLL_S)


async def _renamed(driver: GraphDriver, old: str, new: str) -> bool:
    """Rename ``old`` to ``new`` if the server can (the two keys on one server); False on a
    cluster, whose client refuses a command over two slots (the archive is copied then)."""
    try:
        return bool(await driver.command("RENAMENX", old, new))
    except (QueryRefused, GraphUnavailable) as exc:
        log.info("archive %s cannot be renamed here (%s): it is copied", old, exc)
        return False


async def _copy(driver: GraphDriver, old: str, new: str, lease: Lease) -> None:
    """Every record and fact of archive ``old`` into the empty graph ``new``."""
    await driver.query(new, "archive index", ENSURE_ARCHIVE_INDEX)
    async for rows in _pages(driver, old, "move archived records", READ_ARCHIVED_NODES, lease):
        records = [{"id": node_id, "props": props} for node_id, obs, props in rows if not obs]
        readings = [{"id": node_id, "props": props} for node_id, obs, props in rows if obs]
        await _write(driver, new, "move archived records", RESTORE_ARCHIVED_NODES, records)
        await _write(driver, new, "move archived readings", RESTORE_ARCHIVED_OBSERVATIONS, readings)
    async for rows in _pages(driver, old, "move archived facts", READ_ARCHIVED_EDGES, lease):
        by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for a, rel, b, props in rows:
            by_type[str(rel)].append({"a": a, "b": b, "props": props})
        for rel, edges in by_type.items():
            cypher = RESTORE_ARCHIVED_EDGES.get(rel)
            if cypher is None:
                raise QueryRefused(f"archive {old} holds a {rel} fact, a type not in the schema")
            await _write(driver, new, "move archived facts", cypher, edges)


COUNT_NODES = "MATCH (n) RETURN count(n)"
COUNT_EDGES = "MATCH ()-[e]->() RETURN count(e)"


async def _sizes(driver: GraphDriver, graph: str) -> tuple[int, int]:
    """How many nodes and edges ``graph`` holds."""
    nodes = await driver.ro_query(graph, "count archive nodes", COUNT_NODES, scalars=True)
    edges = await driver.ro_query(graph, "count archive edges", COUNT_EDGES, scalars=True)
    return int(nodes.scalar(0) or 0), int(edges.scalar(0) or 0)


async def _pages(
    driver: GraphDriver, graph: str, name: str, cypher: LiteralString, lease: Lease
) -> AsyncIterator[list[list[Any]]]:
    """The rows of a paged read of ``graph`` (``$after``: the last internal id), a page at
    a time; stops with ``GraphUnavailable`` once the move's lease is lost."""
    after = -1
    while True:
        if lease.lost.is_set():
            raise GraphUnavailable("archive move", "the move's lease was lost half-way")
        res = await driver.ro_query(
            graph, name, cypher, {"after": after, "limit": PAGE}, timeout_ms=60_000
        )
        if res.rows:
            after = res.rows[-1][0]
            yield [list(row[1:]) for row in res.rows]
        if len(res.rows) < PAGE:
            return


async def _write(
    driver: GraphDriver, graph: str, name: str, cypher: LiteralString, rows: list[dict[str, Any]]
) -> None:
    """``rows`` through ``cypher`` into ``graph``, ``BATCH`` at a time (none: no write)."""
    for i in range(0, len(rows), BATCH):
        await driver.query(graph, name, cypher, {"rows": rows[i : i + BATCH]})
