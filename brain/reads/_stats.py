"""Tenant statistics: what a brain holds, how much of it is current, and its size."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph
from brain.reads._costs import CostTotals, turn_costs
from brain.reads._feedback import FeedbackCounts, feedback_counts

COUNT_NODES_BY_TYPE = """
MATCH (n:Entity)
RETURN n.type, count(n)
ORDER BY n.type
LIMIT $limit
"""

COUNT_EDGES_BY_TYPE = """
MATCH (:Entity)-[e]->(:Entity)
RETURN type(e),
  sum(CASE WHEN e.since <= $now AND (e.until IS NULL OR e.until > $now) THEN 1 ELSE 0 END),
  count(e)
ORDER BY type(e)
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class TenantStats:
    """Counts by type, open versus closed edges, refusals, memory, and the team's feedback."""

    slug: str
    nodes_by_type: dict[str, int]
    edges_by_type: dict[str, dict[str, int]]
    refusals: int
    memory_mb: float | None
    generation: int
    extra: dict[str, Any] = field(default_factory=dict)
    feedback: FeedbackCounts = field(default_factory=FeedbackCounts)
    #: What its answers cost, over every saved turn.
    cost: CostTotals = field(default_factory=CostTotals)
    #: Passages and records with text and no vector yet (an ingest worker fills them).
    vectors_pending: int = 0

    @property
    def nodes(self) -> int:
        """All nodes."""
        return sum(self.nodes_by_type.values())

    @property
    def edges(self) -> int:
        """All edges, open and closed."""
        return sum(v["total"] for v in self.edges_by_type.values())

    @property
    def open_edges(self) -> int:
        """Edges true now."""
        return sum(v["open"] for v in self.edges_by_type.values())

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for ``tenant stats --json``."""
        return {
            "slug": self.slug,
            "nodes": self.nodes,
            "edges": self.edges,
            "open_edges": self.open_edges,
            "closed_edges": self.edges - self.open_edges,
            "nodes_by_type": self.nodes_by_type,
            "edges_by_type": self.edges_by_type,
            "refusals": self.refusals,
            "memory_mb": self.memory_mb,
            "generation": self.generation,
            "feedback": self.feedback.as_dict(),
            "cost": self.cost.as_dict(),
            "vectors_pending": self.vectors_pending,
        }


async def tenant_stats(graph: TenantGraph) -> TenantStats:
    """Read the stats of one tenant graph."""
    nodes = await graph.ro_query(
        "count nodes", COUNT_NODES_BY_TYPE, {"limit": 1000}, timeout_ms=30_000
    )
    edges = await graph.ro_query(
        "count edges", COUNT_EDGES_BY_TYPE, {"now": now_ms(), "limit": 1000}, timeout_ms=30_000
    )
    total_refusals, _ = await graph.refusals(limit=0)
    return TenantStats(
        slug=graph.slug,
        nodes_by_type={t: int(c) for t, c in nodes.rows},
        edges_by_type={
            t: {"open": int(o), "closed": int(c) - int(o), "total": int(c)}
            for t, o, c in edges.rows
        },
        refusals=total_refusals,
        memory_mb=await graph.memory_usage_mb(),
        generation=await graph.generation(),
        feedback=await feedback_counts(graph),
        cost=await turn_costs(graph),
        vectors_pending=await graph.vectors_pending(),
    )
