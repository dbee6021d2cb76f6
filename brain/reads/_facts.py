"""The facts an answer read, as a correction names them, and how each stands in the brain now.

A correction from chat points at one fact of one answer ("the 2nd fact this answer read"):
``read_facts`` lists them from the Turn's ``reads`` in the order they were read, one per
(from, type, to, since); ``fact_edges`` reads every edge between the same two ends with
the same type, open or closed, with both ends' types, names and chat ids (whom to tell).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph
from brain.reads._feedback import TurnRecord

#: Facts of one answer a correction may point at (the rest are listed by Sources).
MAX_CORRECTABLE = 10


@dataclass(frozen=True, slots=True)
class ReadFact:
    """One fact an answer read: both ends' ids, its type and the day it began (ISO)."""

    source: str
    type: str
    target: str
    since: str


def read_facts(turn: TurnRecord, *, limit: int = MAX_CORRECTABLE) -> list[ReadFact]:
    """The facts ``turn`` read, first read first, each once."""
    seen: dict[tuple[str, str, str, str], ReadFact] = {}
    for read in turn.reads:
        if read[0] != "e" or len(read) < 8 or read[4] in (None, ""):
            continue
        fact = ReadFact(str(read[1]), str(read[2]), str(read[3]), str(read[4]))
        seen.setdefault((fact.source, fact.type, fact.target, fact.since), fact)
    return list(seen.values())[:limit]


@dataclass(frozen=True, slots=True)
class FactEdge:
    """An edge between a fact's two ends, as the brain holds it now (moments in ms)."""

    source: str
    source_type: str
    source_name: str
    type: str
    target: str
    target_type: str
    target_name: str
    since: int
    until: int | None
    src: str
    as_of: int
    #: Who said it ended (a correction's corrector), when it has ended.
    end_src: str | None
    #: Chat keys (``slack:U1``) of the Persons at either end, for telling them.
    chat_ids: tuple[str, ...]

    def is_open(self, at_ms: int) -> bool:
        """Whether the fact still holds at ``at_ms``."""
        return self.since <= at_ms and (self.until is None or self.until > at_ms)

    @property
    def text(self) -> str:
        """The fact as people read it: "Dana Reyes OWNS Invoice export"."""
        return f"{self.source_name} {self.type} {self.target_name}"


READ_FACT_EDGES = """
MATCH (a:Entity {id: $from})-[r]->(b:Entity {id: $to})
WHERE type(r) = $type
RETURN a.id, a.type, a.name, coalesce(a.chatIds, []), type(r), b.id, b.type, b.name,
       coalesce(b.chatIds, []), r.since, r.until, r.src, r.asOf, r.endSrc
ORDER BY r.since
LIMIT $limit
"""


async def fact_edges(graph: TenantGraph, fact: ReadFact) -> list[FactEdge]:
    """Every edge of ``fact``'s type between its two ends, oldest first (none if gone)."""
    params: dict[str, Any] = {
        "from": fact.source,
        "to": fact.target,
        "type": fact.type,
        "limit": 50,
    }
    res = await graph.read("read fact edges", READ_FACT_EDGES, params)
    out: list[FactEdge] = []
    for a, at, an, ac, rel, b, bt, bn, bc, since, until, src, as_of, end_src in res.rows:
        out.append(
            FactEdge(
                source=str(a),
                source_type=str(at),
                source_name=str(an or a),
                type=str(rel),
                target=str(b),
                target_type=str(bt),
                target_name=str(bn or b),
                since=int(since),
                until=int(until) if until is not None else None,
                src=str(src or ""),
                as_of=int(as_of or 0),
                end_src=str(end_src) if end_src else None,
                chat_ids=tuple(str(x) for x in [*ac, *bc]),
            )
        )
    return out


def open_edges(edges: list[FactEdge], *, at_ms: int | None = None) -> list[FactEdge]:
    """The edges of ``edges`` that hold at ``at_ms`` (default now)."""
    moment = now_ms() if at_ms is None else at_ms
    return [e for e in edges if e.is_open(moment)]
