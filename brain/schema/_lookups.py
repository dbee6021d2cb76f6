"""The reads the write pipeline makes before it writes: what the graph already holds.

Node facts are classified against the nodes their ids (and their Versions' ids) name,
new people, companies and products are matched by normalised name or e-mail, and the
ends of edge facts are resolved to the things they name, directly or through an id that
entity resolution merged into another (``canonical_ids``). Every lookup is one
``UNWIND $ids`` read per 20,000 ids over the ``Entity.id`` (or ``aliases``) range index.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, LiteralString

from brain.db import READ_TIMEOUT_MS, GraphDriver, QueryResult
from brain.schema._gate import NodeRow
from brain.schema._nodes import ExistingNode, resolution_keys, with_resolution_props

#: Ids per lookup read: one read per batch, bounded so one parameter list stays small.
LOOKUP_CHUNK = 20_000
#: Timeout of the pipeline's own reads: big batches of ids, never a user's query.
LOOKUP_TIMEOUT_MS = 60_000

READ_EXISTING_NODES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.type, n.src, n.asOf,
  [k IN keys(n) WHERE NOT k IN ['embedding', 'contextEmbedding', 'contextHash', 'id', 'type',
   'src', 'asOf', 'recordedAt', 'updatedAt', 'textHash', 'firstAsOf'] | [k, n[k]]]
"""

READ_NODE_TYPES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.type
"""

READ_ALIASES = """
UNWIND $ids AS alias
MATCH (n:Entity)
WHERE alias IN n.aliases
RETURN alias, n.id, n.type
"""

READ_NAME_MATCHES = """
UNWIND $keys AS k
MATCH (n:Entity {type: k.type})
WHERE (k.kind = 'name' AND n.nameKey = k.value) OR (k.kind = 'email' AND n.email = k.value)
RETURN k.key, n.id
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class GraphIO:
    """The two calls the write pipeline makes on one tenant's graph: a read and a write.

    ``TenantGraph`` is the handle callers hold; the pipeline gets only this, so it cannot
    reach any other graph and the handle's module does not grow with every write step.
    """

    driver: GraphDriver
    graph: str

    async def read(
        self,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = LOOKUP_TIMEOUT_MS,
        scalars: bool = False,
    ) -> QueryResult:
        """A read (GRAPH.RO_QUERY) on this graph."""
        return await self.driver.ro_query(
            self.graph, name, cypher, params, timeout_ms=timeout_ms, scalars=scalars
        )

    async def write(
        self, name: str, cypher: LiteralString, params: Mapping[str, Any]
    ) -> QueryResult:
        """A write on this graph; only the pipeline's own statements come here."""
        return await self.driver.query(self.graph, name, cypher, params)


async def existing_nodes(io: GraphIO, ids: list[str]) -> dict[str, ExistingNode]:
    """What the graph holds for each of ``ids`` that exists, without embeddings."""
    found: dict[str, ExistingNode] = {}
    for start in range(0, len(ids), LOOKUP_CHUNK):
        res = await io.read(
            "read existing nodes", READ_EXISTING_NODES, {"ids": ids[start : start + LOOKUP_CHUNK]}
        )
        for node_id, node_type, src, as_of, props in res.rows:
            found[node_id] = ExistingNode(node_id, node_type, src, as_of, dict(props))
    return found


async def name_matches(io: GraphIO, rows: list[NodeRow]) -> dict[str, str]:
    """Resolution key -> id of an existing node it matches, for new resolved-type rows."""
    keys: list[dict[str, str]] = []
    for row in rows:
        for key in resolution_keys(with_resolution_props(row)):
            kind, _, rest = key.partition(":")
            value = rest.split(":", 1)[1] if kind == "name" else rest
            keys.append({"key": key, "kind": kind, "type": row.type, "value": value})
    if not keys:
        return {}
    res = await io.read(
        "match names",
        READ_NAME_MATCHES,
        {"keys": keys, "limit": len(keys) * 4},
        timeout_ms=READ_TIMEOUT_MS,
    )
    return {k: v for k, v in res.rows}


async def canonical_ids(io: GraphIO, ids: list[str]) -> dict[str, tuple[str, str]]:
    """Each of ``ids`` that names a thing, directly or as an id merged into it by entity
    resolution: (the thing's id, its type). Ids that name nothing are left out."""
    found = {i: (i, t) for i, t in (await node_types(io, ids)).items()}
    unknown = [i for i in ids if i not in found]
    if unknown:
        for alias, target, target_type in await aliases_of(io, unknown):
            found.setdefault(alias, (target, target_type))
    return found


async def node_types(io: GraphIO, ids: list[str]) -> dict[str, str]:
    """The type of each of ``ids`` that exists."""
    types: dict[str, str] = {}
    for start in range(0, len(ids), LOOKUP_CHUNK):
        res = await io.read(
            "read node types",
            READ_NODE_TYPES,
            {"ids": ids[start : start + LOOKUP_CHUNK]},
            scalars=True,
        )
        types.update({i: t for i, t in res.rows})
    return types


async def aliases_of(io: GraphIO, ids: list[str]) -> list[tuple[str, str, str]]:
    """(alias, the id it was merged into, that node's type) for each of ``ids`` merged."""
    res = await io.read(
        "read aliases", READ_ALIASES, {"ids": ids}, timeout_ms=READ_TIMEOUT_MS, scalars=True
    )
    return [(alias, target, t) for alias, target, t in res.rows]
