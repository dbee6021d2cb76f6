"""Indexes and constraints of a tenant graph, waiting until they serve, and rebuilding
the full-text ones once updates have skewed them.

FalkorDB builds indexes asynchronously (also after a restart, when it rebuilds them from
the persisted graph): while one is ``UNDER CONSTRUCTION`` a full-text query silently
returns nothing. So a tenant graph is only handed out once ``wait_operational`` says
every index and constraint is ``OPERATIONAL``.

A full-text index re-indexes a node on every change of any of its properties and keeps
the old entry (FalkorDB 4.16 never runs the search engine's garbage collector: its
``totalCollected`` stays 0). The dead entries count in the term statistics, so scores
drift with a graph's update history, not with what it holds (50 notes that score 8 score
6 once each was updated, 4 after a second update), and they take memory for ever.
``rebuild_fulltext`` drops and recreates an index, which restores the scores of a graph
written in one go, and the rebuilt state survives a restart; ``stale_fulltext`` says which
indexes need it (``maxDocId`` counts every indexing, ``numDocuments`` the nodes indexed
now).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, LiteralString

from brain._json import is_object
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

#: Vector indexes over embedded text: the label search embeds -> the label its vectors are
#: indexed under, which every node with a vector also carries. Not the full-text label
#: itself: a label's indexes are one index in the search engine, and a vector field in it
#: changes the full-text scores of every node (by 1/2 or 2/3 on the repositories' history,
#: so hits change order).
VECTOR_LABELS: dict[str, str] = {"Searchable": "SearchableVector", "Chunk": "ChunkVector"}

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
#: How many candidates a vector index search keeps while it walks its graph (HNSW ``ef``).
#: FalkorDB's default is 10, and a search widens it only to the k it asks for: on QMSum's
#: 4,800 transcript lines a k-30 query then shares 0.82 of its rows with the true nearest
#: 30 on average and as few as 0.27 on some questions, so which lines a question found
#: changed from one build of the same graph to the next. At 200 (the build's own ``ef``)
#: the lists match exact search and the query costs no more here (4-6 ms either way).
VECTOR_EF_RUNTIME = 200
CREATE_VECTOR_SEARCHABLE = (
    "CREATE VECTOR INDEX FOR (n:SearchableVector) ON (n.embedding) "
    "OPTIONS {dimension: $dim, similarityFunction: 'cosine', efRuntime: $ef}"
)
CREATE_VECTOR_CHUNK = (
    "CREATE VECTOR INDEX FOR (n:ChunkVector) ON (n.embedding) "
    "OPTIONS {dimension: $dim, similarityFunction: 'cosine', efRuntime: $ef}"
)
#: A transcript line's vector with the turns either side (``brain.ingest.meetings._context``).
CREATE_VECTOR_CONTEXT = (
    "CREATE VECTOR INDEX FOR (n:ChunkContext) ON (n.contextEmbedding) "
    "OPTIONS {dimension: $dim, similarityFunction: 'cosine', efRuntime: $ef}"
)
#: Each vector index: (label, property) -> how to create it, how to drop it.
_VECTOR_INDEXES: dict[tuple[str, str], tuple[LiteralString, LiteralString]] = {
    ("SearchableVector", "embedding"): (
        CREATE_VECTOR_SEARCHABLE,
        "DROP VECTOR INDEX FOR (n:SearchableVector) ON (n.embedding)",
    ),
    ("ChunkVector", "embedding"): (
        CREATE_VECTOR_CHUNK,
        "DROP VECTOR INDEX FOR (n:ChunkVector) ON (n.embedding)",
    ),
    ("ChunkContext", "contextEmbedding"): (
        CREATE_VECTOR_CONTEXT,
        "DROP VECTOR INDEX FOR (n:ChunkContext) ON (n.contextEmbedding)",
    ),
}
_CREATE_FULLTEXT: dict[str, LiteralString] = {
    "Searchable": CREATE_FULLTEXT_SEARCHABLE,
    "Chunk": CREATE_FULLTEXT_CHUNK,
    "Decision": CREATE_FULLTEXT_DECISION,
}
_DROP_FULLTEXT: dict[str, LiteralString] = {
    "Searchable": "CALL db.idx.fulltext.drop('Searchable')",
    "Chunk": "CALL db.idx.fulltext.drop('Chunk')",
    "Decision": "CALL db.idx.fulltext.drop('Decision')",
}
# Graphs made before VECTOR_LABELS held their vector indexes on the full-text labels:
# ensure_indexes gives each node with a vector its vector label (in rounds of MOVE_ROUND),
# then drops the old index and rebuilds the full-text one, whose scores the vectors had
# skewed. The old index goes last: a move cut short is found and finished next time.
_LEGACY_VECTOR: dict[str, LiteralString] = {
    "Searchable": "DROP VECTOR INDEX FOR (n:Searchable) ON (n.embedding)",
    "Chunk": "DROP VECTOR INDEX FOR (n:Chunk) ON (n.embedding)",
}
_MOVE_VECTORS: dict[str, LiteralString] = {
    "Searchable": (
        "MATCH (n:Searchable) WHERE n.embedding IS NOT NULL AND NOT n:SearchableVector "
        "WITH n LIMIT $limit SET n:SearchableVector RETURN count(n)"
    ),
    "Chunk": (
        "MATCH (n:Chunk) WHERE n.embedding IS NOT NULL AND NOT n:ChunkVector "
        "WITH n LIMIT $limit SET n:ChunkVector RETURN count(n)"
    ),
}
MOVE_ROUND = 10_000
READ_INDEX_STATUS = (
    "CALL db.indexes() YIELD label, properties, status RETURN label, properties, status"
)
READ_CONSTRAINT_STATUS = (
    "CALL db.constraints() YIELD type, label, status RETURN type, label, status"
)
READ_INDEX_DETAILS = (
    "CALL db.indexes() YIELD label, properties, types, options, status "
    "RETURN label, properties, types, options, status"
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
    for create in _CREATE_FULLTEXT.values():
        await _idempotent(driver, graph, "create full-text index", create)
    vector: dict[str, object] = {"dim": dimension, "ef": VECTOR_EF_RUNTIME}
    for create, _ in _VECTOR_INDEXES.values():
        await _idempotent(driver, graph, "create vector index", create, vector)
    await _move_legacy_vectors(driver, graph)
    await _widen_vector_searches(driver, graph, dimension=dimension)


async def _widen_vector_searches(driver: GraphDriver, graph: str, *, dimension: int) -> None:
    """Rebuild the vector indexes made with a narrower search than ``VECTOR_EF_RUNTIME``
    (every graph made before it was set): drop and create again over the same vectors.

    The new index fills in the background, like any index after a restart; the caller
    waits for it (``wait_operational``) before the graph serves.
    """
    rows = (await driver.ro_query(graph, "index details", READ_INDEX_DETAILS)).rows
    for label, props, types, options, _ in rows:
        for prop in props:
            found = _VECTOR_INDEXES.get((str(label), str(prop)))
            if found is None or "VECTOR" not in types.get(prop, []):
                continue
            held: dict[str, Any] = options.get(prop, {})
            ef = held.get("efRuntime")
            if isinstance(ef, int) and ef >= VECTOR_EF_RUNTIME:
                continue
            # the vectors stored keep their size, whatever the settings say now (a mismatch
            # is the health check's to report, not a reason to build an index they miss)
            size = held.get("dimension")
            params = {"dim": size if isinstance(size, int) else dimension, "ef": VECTOR_EF_RUNTIME}
            create, drop = found
            await driver.query(graph, "drop vector index", drop)
            await driver.query(graph, "create vector index", create, params)
            log.info(
                "graph %s: vector index %s(%s) rebuilt to search %d candidates (was %s)",
                graph,
                label,
                prop,
                VECTOR_EF_RUNTIME,
                ef,
            )


async def _move_legacy_vectors(driver: GraphDriver, graph: str) -> None:
    """Move a graph's vector indexes off its full-text labels (see ``_LEGACY_VECTOR``)."""
    rows = (await driver.ro_query(graph, "index status", READ_INDEX_STATUS)).rows
    legacy = [label for label, props, _ in rows if label in _LEGACY_VECTOR and "embedding" in props]
    for label in legacy:
        started = time.perf_counter()
        moved = 0
        while True:
            res = await driver.query(
                graph, "move vectors", _MOVE_VECTORS[label], {"limit": MOVE_ROUND}
            )
            done = int(res.scalar(0) or 0)
            moved += done
            if done < MOVE_ROUND:
                break
        await driver.query(graph, "drop vector index", _LEGACY_VECTOR[label])
        log.info(
            "graph %s: moved %d vectors of %s to their own index in %.1f s",
            graph,
            moved,
            label,
            time.perf_counter() - started,
        )
    if legacy:
        states = [st for st in await stale_fulltext(driver, graph) if st.label in legacy]
        await rebuild_fulltext(driver, graph, states)


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
    expected |= {(label, "embedding", "VECTOR") for label in VECTOR_LABELS.values()}
    return expected | {("ChunkContext", "contextEmbedding", "VECTOR")}


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


#: A full-text index is rebuilt once the entries of replaced or deleted nodes reach this
#: share of the nodes it holds (and at least ``STALE_FLOOR`` of them): each rebuild costs
#: about as much as indexing the label once, so rebuilds cost a bounded multiple of the
#: writes that made them needed, and scores never drift further than this.
STALE_SHARE = 0.2
STALE_FLOOR = 20

READ_FULLTEXT_INFO = "CALL db.indexes() YIELD label, types, info RETURN label, types, info"


@dataclass(frozen=True, slots=True)
class FulltextState:
    """One full-text index: the nodes it holds and the dead entries it still counts."""

    label: str
    documents: int
    stale: int  # indexings of nodes since replaced or deleted

    @property
    def skewed(self) -> bool:
        """Whether the dead entries are enough to rebuild the index for."""
        return self.stale >= max(STALE_FLOOR, STALE_SHARE * self.documents)


async def stale_fulltext(driver: GraphDriver, graph: str) -> list[FulltextState]:
    """Each full-text index of ``graph`` with how many dead entries it counts."""
    states: list[FulltextState] = []
    rows = (await driver.ro_query(graph, "full-text index state", READ_FULLTEXT_INFO)).rows
    for label, types, info in rows:
        kinds: dict[str, Any] = types if is_object(types) else {}
        if label not in _CREATE_FULLTEXT or not any("FULLTEXT" in k for k in kinds.values()):
            continue
        counts: dict[str, Any] = info if is_object(info) else {}
        documents, indexed = counts.get("numDocuments"), counts.get("maxDocId")
        if not isinstance(documents, int) or not isinstance(indexed, int):
            log.warning("graph %s: no document counts in the %s index's info", graph, label)
            continue  # a server that reports otherwise: nothing to go by
        states.append(FulltextState(label, documents, max(0, indexed - documents)))
    return states


async def rebuild_fulltext(driver: GraphDriver, graph: str, states: list[FulltextState]) -> float:
    """Drop and recreate these full-text indexes; returns the seconds taken, once they
    serve again (queries meanwhile find nothing: the caller holds its readers off)."""
    started = time.perf_counter()
    for state in states:
        await driver.query(graph, "drop full-text index", _DROP_FULLTEXT[state.label])
        await driver.query(graph, "create full-text index", _CREATE_FULLTEXT[state.label])
    await wait_operational(driver, graph)
    return time.perf_counter() - started
