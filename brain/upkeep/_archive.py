"""The archive: closed facts past a window leave the live graph for the tenant's archive.

A relationship closed long ago (an old owner, a dependency removed last year) is history:
current answers never read it, yet every walk steps over it. Past the window (a tenant
setting) it moves to the archive graph with stubs of its two ends (id, type, name), and
every read asked about a moment before the archive's horizon reads it beside the live
graph (``brain.reads.archive._reach``), so a thing's timeline and any past ``as_of`` still show
it. Nothing is deleted: ``undo_archive`` puts each edge back with every property it had.
Relationship types come only from the schema (``REL_TYPES``): a type cannot be a query
parameter, so each has its own statement, built once.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, LiteralString

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph
from brain.errors import QueryRefused
from brain.schema import REL_TYPES
from brain.upkeep._rollup import (
    ARCHIVE_PROPS,
    BATCH,
    BUMP_GENERATION,
    DELETE_BARE_STUBS,
    ENSURE_ARCHIVE_INDEX,
)

log = logging.getLogger(__name__)

MAX_EDGES = 100_000

READ_OLD_CLOSED = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE e.until IS NOT NULL AND e.until < $cutoff AND e.archivedBy IS NULL
  AND NOT a:Observation AND NOT b:Observation
RETURN type(e), a.id, a.type, a.name, b.id, b.type, b.name, properties(e)
ORDER BY e.until
LIMIT $limit
"""

_ARCHIVE_EDGES = """
UNWIND $rows AS r
MERGE (a:Entity {id: r.a.id})
ON CREATE SET a.stub = true, a.type = r.a.type, a.name = r.a.name
MERGE (b:Entity {id: r.b.id})
ON CREATE SET b.stub = true, b.type = r.b.type, b.name = r.b.name
CREATE (a)-[e:{TYPE}]->(b)
SET e = r.props, e.archivedBy = $run, e.archivedAt = $now
RETURN count(e)
"""

_DELETE_LIVE = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.a.id})-[e:{TYPE}]->(b:Entity {id: r.b.id})
WHERE e.since = r.props.since AND e.until = r.props.until
  AND e.recordedAt = r.props.recordedAt
DELETE e
RETURN count(*)
"""

_RESTORE_LIVE = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.a}), (b:Entity {id: r.b})
CREATE (a)-[e:{TYPE}]->(b)
SET e = r.props
RETURN count(e)
"""

READ_ARCHIVED_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE e.archivedBy = $run
RETURN type(e), a.id, b.id, properties(e)
LIMIT $limit
"""

DELETE_ARCHIVED_EDGES = """
MATCH ()-[e]->()
WHERE e.archivedBy = $run
DELETE e
RETURN count(*)
"""

ARCHIVE_EDGES: dict[str, LiteralString] = {
    t: _ARCHIVE_EDGES.replace("{TYPE}", t) for t in REL_TYPES
}
DELETE_LIVE: dict[str, LiteralString] = {t: _DELETE_LIVE.replace("{TYPE}", t) for t in REL_TYPES}
RESTORE_LIVE: dict[str, LiteralString] = {t: _RESTORE_LIVE.replace("{TYPE}", t) for t in REL_TYPES}


@dataclass(slots=True)
class ArchivePlan:
    """Closed facts a run would move, by relationship type."""

    cutoff: int
    by_type: dict[str, list[dict[str, Any]]] = field(
        default_factory=dict[str, list[dict[str, Any]]]
    )

    @property
    def edges(self) -> int:
        """How many closed facts move."""
        return sum(len(v) for v in self.by_type.values())

    def summary(self) -> dict[str, Any]:
        """What a run records and a dry run prints."""
        return {"closed_facts": self.edges, "by_type": {k: len(v) for k, v in self.by_type.items()}}


async def plan_archive(graph: TenantGraph, *, cutoff: int) -> ArchivePlan:
    """Read the closed facts that ended before ``cutoff``; writes nothing."""
    res = await graph.read(
        "old closed facts",
        READ_OLD_CLOSED,
        {"cutoff": cutoff, "limit": MAX_EDGES},
        timeout_ms=30_000,
    )
    plan = ArchivePlan(cutoff=cutoff)
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rel, aid, atype, aname, bid, btype, bname, props in res.rows:
        if rel not in REL_TYPES:  # never build a statement for a type the schema lacks
            continue
        by_type[rel].append(
            {
                "a": {"id": aid, "type": atype, "name": aname},
                "b": {"id": bid, "type": btype, "name": bname},
                "props": props,
            }
        )
    plan.by_type = dict(by_type)
    return plan


async def _ensure(graph: TenantGraph) -> None:
    try:
        await graph.archive.upkeep_write("archive index", ENSURE_ARCHIVE_INDEX)
    except QueryRefused as exc:
        if "already indexed" not in str(exc).lower():
            raise


async def apply_archive(graph: TenantGraph, plan: ArchivePlan, *, run_id: str) -> None:
    """Copy each closed fact to the archive, then remove it from the live graph."""
    if not plan.edges:
        return
    now = now_ms()
    await _ensure(graph)
    for rel, rows in plan.by_type.items():
        for i in range(0, len(rows), BATCH):
            batch = rows[i : i + BATCH]
            await graph.archive.upkeep_write(
                "archive closed facts",
                ARCHIVE_EDGES[rel],
                {"rows": batch, "run": run_id, "now": now},
            )
            await graph.upkeep_write("drop archived facts", DELETE_LIVE[rel], {"rows": batch})
    await graph.upkeep_write("bump generation", BUMP_GENERATION, {"now": now})
    log.info("archive %s for %s: %d closed facts", run_id, graph.slug, plan.edges)


async def undo_archive(graph: TenantGraph, run_id: str) -> dict[str, int]:
    """Put back every closed fact ``run_id`` moved to the archive."""
    try:
        res = await graph.archive.read(
            "archived facts", READ_ARCHIVED_EDGES, {"run": run_id, "limit": MAX_EDGES}
        )
    except QueryRefused as exc:
        if "empty key" in str(exc).lower():
            return {"restored": 0}
        raise
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rel, aid, bid, props in res.rows:
        if rel in REL_TYPES:
            clean = {k: v for k, v in props.items() if k not in ARCHIVE_PROPS}
            by_type[rel].append({"a": aid, "b": bid, "props": clean})
    for rel, rows in by_type.items():
        for i in range(0, len(rows), BATCH):
            await graph.upkeep_write(
                "restore archived facts", RESTORE_LIVE[rel], {"rows": rows[i : i + BATCH]}
            )
    if res.rows:
        await graph.archive.upkeep_write(
            "drop restored facts", DELETE_ARCHIVED_EDGES, {"run": run_id}
        )
        await graph.archive.upkeep_write("drop bare stubs", DELETE_BARE_STUBS)
    await graph.upkeep_write("bump generation", BUMP_GENERATION, {"now": now_ms()})
    return {"restored": sum(len(v) for v in by_type.values())}
