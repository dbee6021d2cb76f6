"""Indexes and constraints of a tenant graph, and waiting until they serve.

FalkorDB builds indexes asynchronously (also after a restart, when it rebuilds them from
the persisted graph): while one is ``UNDER CONSTRUCTION`` a full-text query silently
returns nothing. So a tenant graph is only handed out once ``wait_operational`` says
every index and constraint is ``OPERATIONAL``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import LiteralString

from brain.db._driver import GraphDriver
from brain.errors import GraphUnavailable, QueryRefused

log = logging.getLogger(__name__)

#: Range indexes: (label, property). `Entity.id` serves every lookup by id, whatever the type.
#: `Entity.aliases` (a list) serves `$id IN n.aliases`: the ids merged into a thing.
RANGE_INDEXES: tuple[tuple[str, str], ...] = (
    ("Entity", "id"),
    ("Entity", "type"),
    ("Entity", "aliases"),
    ("Person", "nameKey"),
    ("Person", "email"),
    ("Organization", "nameKey"),
    ("Product", "nameKey"),
    ("Observation", "start"),
    ("Card", "status"),
    ("Turn", "askedAt"),
)

#: Full-text indexes: label -> properties. Searchable holds what search may return.
FULLTEXT_INDEXES: dict[str, tuple[str, ...]] = {
    "Searchable": ("name", "text", "summary"),
    "Chunk": ("text",),
    # decision_trail's own index: a "why" question's words match thousands of commits
    # and files in Searchable; over Decisions alone the search stays small
    "Decision": ("name", "summary", "rationale"),
}

#: Vector indexes over embedded text: the labels search embeds.
VECTOR_LABELS: tuple[str, ...] = ("Searchable", "Chunk")

_CREATE_RANGE: dict[tuple[str, str], LiteralString] = {
    ("Entity", "id"): "CREATE INDEX FOR (n:Entity) ON (n.id)",
    ("Entity", "type"): "CREATE INDEX FOR (n:Entity) ON (n.type)",
    ("Entity", "aliases"): "CREATE INDEX FOR (n:Entity) ON (n.aliases)",
    ("Person", "nameKey"): "CREATE INDEX FOR (n:Person) ON (n.nameKey)",
    ("Person", "email"): "CREATE INDEX FOR (n:Person) ON (n.email)",
    ("Organization", "nameKey"): "CREATE INDEX FOR (n:Organization) ON (n.nameKey)",
    ("Product", "nameKey"): "CREATE INDEX FOR (n:Product) ON (n.nameKey)",
    ("Observation", "start"): "CREATE INDEX FOR (n:Observation) ON (n.start)",
    ("Card", "status"): "CREATE INDEX FOR (n:Card) ON (n.status)",
    ("Turn", "askedAt"): "CREATE INDEX FOR (n:Turn) ON (n.askedAt)",
}

CREATE_FULLTEXT_SEARCHABLE = (
    "CALL db.idx.fulltext.createNodeIndex({label: 'Searchable', stopwords: []}, "
    "'name', 'text', 'summary')"
)
CREATE_FULLTEXT_CHUNK = (
    "CALL db.idx.fulltext.createNodeIndex({label: 'Chunk', stopwords: []}, 'text')"
)
CREATE_FULLTEXT_DECISION = (
    "CALL db.idx.fulltext.createNodeIndex({label: 'Decision', stopwords: []}, "
    "'name', 'summary', 'rationale')"
)
CREATE_VECTOR_SEARCHABLE = (
    "CREATE VECTOR INDEX FOR (n:Searchable) ON (n.embedding) "
    "OPTIONS {dimension: $dim, similarityFunction: 'cosine'}"
)
CREATE_VECTOR_CHUNK = (
    "CREATE VECTOR INDEX FOR (n:Chunk) ON (n.embedding) "
    "OPTIONS {dimension: $dim, similarityFunction: 'cosine'}"
)
READ_INDEX_STATUS = (
    "CALL db.indexes() YIELD label, properties, status RETURN label, properties, status"
)
READ_CONSTRAINT_STATUS = (
    "CALL db.constraints() YIELD type, label, status RETURN type, label, status"
)


async def _idempotent(
    driver: GraphDriver,
    graph: str,
    name: str,
    cypher: LiteralString,
    params: dict[str, object] | None = None,
) -> None:
    try:
        await driver.query(graph, name, cypher, params)
    except QueryRefused as exc:
        if "already" not in exc.reason:
            raise


async def ensure_indexes(driver: GraphDriver, graph: str, *, dimension: int) -> None:
    """Create every index and constraint a tenant graph needs (safe to repeat)."""
    for key in RANGE_INDEXES:
        await _idempotent(driver, graph, "create range index", _CREATE_RANGE[key])
    for kind in ("UNIQUE", "MANDATORY"):
        try:
            await driver.command(
                "GRAPH.CONSTRAINT", "CREATE", graph, kind, "NODE", "Entity", "PROPERTIES", 1, "id"
            )
        except QueryRefused as exc:
            if "already exists" not in exc.reason:
                raise
    await _idempotent(driver, graph, "create full-text index", CREATE_FULLTEXT_SEARCHABLE)
    await _idempotent(driver, graph, "create full-text index", CREATE_FULLTEXT_CHUNK)
    await _idempotent(driver, graph, "create full-text index", CREATE_FULLTEXT_DECISION)
    await _idempotent(
        driver, graph, "create vector index", CREATE_VECTOR_SEARCHABLE, {"dim": dimension}
    )
    await _idempotent(driver, graph, "create vector index", CREATE_VECTOR_CHUNK, {"dim": dimension})


async def pending_indexes(driver: GraphDriver, graph: str) -> list[str]:
    """Indexes and constraints that are not operational yet, by name."""
    waiting: list[str] = []
    idx = await driver.ro_query(graph, "index status", READ_INDEX_STATUS)
    for label, props, status in idx.rows:
        if status != "OPERATIONAL":
            waiting.append(f"index {label}({', '.join(props)}): {status}")
    cons = await driver.ro_query(graph, "constraint status", READ_CONSTRAINT_STATUS)
    for kind, label, status in cons.rows:
        if status != "OPERATIONAL":
            waiting.append(f"{kind.lower()} constraint on {label}: {status}")
    return waiting


async def wait_operational(driver: GraphDriver, graph: str, *, timeout_s: float = 120.0) -> float:
    """Block until every index and constraint serves; returns the seconds waited."""
    started = time.perf_counter()
    delay = 0.005
    while True:
        waiting = await pending_indexes(driver, graph)
        if not waiting:
            return time.perf_counter() - started
        if time.perf_counter() - started > timeout_s:
            raise GraphUnavailable(
                graph, f"indexes still building after {timeout_s:.0f} s: {waiting}"
            )
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.2)


READ_INDEX_DETAILS = (
    "CALL db.indexes() YIELD label, properties, types, options, status "
    "RETURN label, properties, types, options, status"
)


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What a health check needs to know about one graph's indexes and constraints.

    ``problems`` names each one that is missing or not operational; ``dimensions`` are
    the sizes of its vector indexes (what the embedding model must produce).
    """

    operational: int
    problems: list[str]
    dimensions: set[int]


def _expected_indexes() -> set[tuple[str, str, str]]:
    expected = {(label, prop, "RANGE") for label, prop in RANGE_INDEXES}
    expected |= {(lbl, p, "FULLTEXT") for lbl, props in FULLTEXT_INDEXES.items() for p in props}
    return expected | {(label, "embedding", "VECTOR") for label in VECTOR_LABELS}


async def index_report(
    driver: GraphDriver, graph: str, *, tenant_graph: bool = True
) -> IndexReport:
    """Every index and constraint of ``graph``, checked against what ``ensure_indexes``
    builds (``tenant_graph=False``: only whether the ones present serve)."""
    problems: list[str] = []
    present: set[tuple[str, str, str]] = set()
    dimensions: set[int] = set()
    operational = 0
    rows = (await driver.ro_query(graph, "index details", READ_INDEX_DETAILS)).rows
    for label, props, types, options, status in rows:
        for prop in props:
            for kind in types.get(prop, []):
                present.add((label, prop, kind))
                if kind == "VECTOR" and "dimension" in options.get(prop, {}):
                    dimensions.add(int(options[prop]["dimension"]))
        if status == "OPERATIONAL":
            operational += 1
        else:
            problems.append(f"index {label}({', '.join(props)}): {status}")
    cons = (await driver.ro_query(graph, "constraint status", READ_CONSTRAINT_STATUS)).rows
    kinds: set[str] = set()
    for kind, label, status in cons:
        kinds.add(f"{kind} {label}")
        if status == "OPERATIONAL":
            operational += 1
        else:
            problems.append(f"{kind.lower()} constraint on {label}: {status}")
    if tenant_graph:
        for label, prop, kind in sorted(_expected_indexes() - present):
            problems.append(f"{kind.lower()} index {label}({prop}) is missing")
        for kind in ("UNIQUE", "MANDATORY"):
            if f"{kind} Entity" not in kinds:
                problems.append(f"{kind.lower()} constraint on Entity(id) is missing")
    return IndexReport(operational=operational, problems=problems, dimensions=dimensions)
