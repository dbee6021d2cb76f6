"""A handle bound to one tenant's graph: the only way to read or write a tenant's data.

Callers never name a graph: they get a ``TenantGraph`` from ``Brain.tenant(slug)``, and
every query they send through it goes to that tenant's graph. Reads go out as
``GRAPH.RO_QUERY`` with a timeout; writes go through the gate (``write_facts``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, LiteralString

from brain._embeddings import Embedder, node_text, text_hash
from brain._json import is_list, is_object
from brain._moments import now_ms, parse_moment
from brain.db._driver import READ_TIMEOUT_MS, CheckedCypher, GraphDriver, QueryResult
from brain.errors import WriteRefused
from brain.schema._edges import EdgeRow, edge_statement, plan_rounds, statement_params
from brain.schema._gate import NodeRow, clean_props, gate_edge, gate_node
from brain.schema._nodes import (
    UPDATE_NODES,
    WRITE_LATE_VERSIONS,
    ExistingNode,
    create_params,
    create_statement,
    late_version_params,
    plan_nodes,
    resolution_keys,
    update_params,
    version_id,
    with_resolution_props,
)
from brain.schema._types import (
    ASSISTANT_TYPES,
    NODE_META_PROPS,
    OPEN_COST,
    RESOLVED_TYPES,
    VERSIONED_TYPES,
)

log = logging.getLogger(__name__)

#: Rows per write statement: big enough to amortise a round trip, small enough that one
#: statement never holds the graph's write lock for long.
WRITE_CHUNK = 5_000
#: Nodes whose text is read and embedded per round.
EMBED_CHUNK = 512


@dataclass(slots=True)
class WriteReport:
    """What a batch of facts did, for the CLI and for tools that write."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    closed: int = 0
    versions: int = 0
    aliases: int = 0
    refusals: list[tuple[int, str]] = field(default_factory=list)

    @property
    def refused(self) -> int:
        """How many facts the gate refused."""
        return len(self.refusals)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready counts and refusals."""
        return {
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "closed": self.closed,
            "versions": self.versions,
            "aliases": self.aliases,
            "refused": self.refused,
            "refusals": [{"line": n, "reason": r} for n, r in self.refusals],
        }


READ_EXISTING_NODES = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.type, n.src, n.asOf,
  [k IN keys(n) WHERE NOT k IN ['embedding', 'id', 'type', 'src', 'asOf', 'recordedAt',
   'updatedAt', 'textHash', 'firstAsOf'] | [k, n[k]]]
"""

READ_TEXTS = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
WHERE n:Searchable OR n:Chunk
RETURN n.id, n.name, n.summary, n.text, n.textHash
"""

WRITE_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
SET n.embedding = vecf32(row.v), n.textHash = row.h
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

WRITE_ALIASES = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.target})
SET n.aliases = CASE WHEN row.alias IN coalesce(n.aliases, []) THEN n.aliases
    ELSE coalesce(n.aliases, []) + [row.alias] END
RETURN count(n)
"""

LOG_REFUSALS = """
UNWIND $rows AS row
CREATE (:Refusal {at: $now, line: row.line, reason: row.reason, fact: row.fact})
"""

RESTORE_REFUSALS = """
UNWIND $rows AS row
MERGE (r:Refusal {at: row.at, line: row.line, reason: row.reason})
ON CREATE SET r.fact = row.fact
"""

READ_REFUSALS = """
MATCH (r:Refusal)
RETURN r.at, r.line, r.reason, r.fact
ORDER BY r.at DESC
LIMIT $limit
"""

COUNT_REFUSALS = "MATCH (r:Refusal) RETURN count(r)"

BUMP_GENERATION = """
MERGE (m:BrainMeta {key: 'writes'})
SET m.generation = coalesce(m.generation, 0) + 1, m.lastWriteAt = $now
RETURN m.generation
"""

COMPARE_AND_SET = """
MATCH (n:Entity {id: $id})
WITH n, all(k IN keys($expect) WHERE n[k] = $expect[k]) AS matches
FOREACH (_ IN CASE WHEN matches THEN [1] ELSE [] END |
  SET n += $changes, n.src = $src, n.asOf = $now, n.updatedAt = $now)
RETURN matches
"""

READ_WRITE_STAMP = """
MATCH (m:BrainMeta {key: 'writes'})
RETURN m.generation, m.lastWriteAt
LIMIT 1
"""


_COUNTERS = {
    "create": "created",
    "update": "updated",
    "unchanged": "unchanged",
    "version": "versions",
    "alias": "aliases",
}


class TenantGraph:
    """One tenant's graph. Obtain it from ``Brain.tenant``; never construct it from a name."""

    def __init__(
        self, *, slug: str, graph: str, driver: GraphDriver, embedder: Embedder | None = None
    ) -> None:
        self.slug = slug
        self._graph = graph
        self._driver = driver
        self._embedder = embedder
        self._write_lock = asyncio.Lock()

    @property
    def embedder(self) -> Embedder | None:
        """The embedder search uses for this tenant (None: vector search is off)."""
        return self._embedder

    async def ro_query(
        self,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
        scalars: bool = False,
    ) -> QueryResult:
        """A read on this tenant's graph, as GRAPH.RO_QUERY with a timeout.

        ``scalars=True`` is the fast path for reads that return only plain values (no
        nodes, edges or paths): it skips the client's per-cell parser.
        """
        return await self._driver.ro_query(
            self._graph, name, cypher, params, timeout_ms=timeout_ms, scalars=scalars
        )

    async def read(
        self,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
    ) -> QueryResult:
        """A read that returns only plain values (ids, names, numbers, lists, maps), fast."""
        return await self.ro_query(name, cypher, params, timeout_ms=timeout_ms, scalars=True)

    async def ro_query_checked(
        self,
        name: str,
        cypher: CheckedCypher,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
    ) -> QueryResult:
        """A read of outside text that ``check_cypher`` passed (the cypher tool, `query`)."""
        return await self._driver.ro_query_checked(
            self._graph, name, cypher, params, timeout_ms=timeout_ms
        )

    async def _write(
        self, name: str, cypher: LiteralString, params: Mapping[str, Any]
    ) -> QueryResult:
        return await self._driver.query(self._graph, name, cypher, params)

    async def memory_usage_mb(self) -> float | None:
        """The graph's size as FalkorDB reports it (GRAPH.MEMORY USAGE), in MB."""
        raw = await self._driver.command("GRAPH.MEMORY", "USAGE", self._graph)
        if is_list(raw):
            raw = dict(zip(raw[::2], raw[1::2], strict=False))
        value = raw.get("total_graph_sz_mb") if is_object(raw) else None
        return float(value) if value is not None else None

    async def generation(self) -> int:
        """A counter that moves on every write to the business's own records.

        Caches of what the records say (ranks, path and walk snapshots) key on it. Writes
        of the assistant's own bookkeeping (turns, findings, cards) do not move it: those
        types are outside every snapshot, and a saved turn must not make the next
        question rebuild them.
        """
        return (await self.write_stamp())[0]

    async def write_stamp(self) -> tuple[int, int | None]:
        """The generation and the moment of the last write to the records.

        The generation alone starts over when a tenant is erased and made again under the
        same slug; with the moment of the last write, a cache key never collides.
        """
        res = await self.read("read write stamp", READ_WRITE_STAMP)
        if not res.rows:
            return 0, None
        generation, last = res.rows[0]
        return int(generation or 0), last

    # FalkorDB's tojson() does not escape quotes inside strings, so reads of user data never
    # use it; they return rows through the client's parser instead.

    # --- writes ---------------------------------------------------------------------------

    async def write_facts(
        self,
        facts: Iterable[tuple[int, Mapping[str, Any]]],
        *,
        progress: Callable[[int], None] | None = None,
    ) -> WriteReport:
        """Gate and write a batch of facts (``{"node": {...}}`` / ``{"edge": {...}}``).

        ``facts`` pairs each fact with its line number for the report. Refused facts are
        counted, logged in the tenant's refusal log, and never stop the good ones. Nodes
        are written first, so an edge may point at a node from the same batch.
        """
        report = WriteReport()
        node_facts: list[tuple[int, NodeRow]] = []
        edge_facts: list[tuple[int, Any]] = []  # raw JSON: the gate checks its shape
        refused_raw: list[tuple[int, str, Any]] = []
        restored: list[Mapping[str, Any]] = []
        for line, fact in facts:
            if "node" in fact:
                try:
                    node_facts.append((line, gate_node(fact["node"])))
                except WriteRefused as exc:
                    refused_raw.append((line, exc.reason, fact))
            elif "edge" in fact:
                edge_facts.append((line, fact["edge"]))
            elif isinstance(fact.get("refusal"), Mapping):
                restored.append(fact["refusal"])
            else:
                refused_raw.append((line, 'a fact is {"node": {...}} or {"edge": {...}}', fact))
        async with self._write_lock:
            now = now_ms()
            aliases = await self._write_nodes(node_facts, report, refused_raw, now, progress)
            business = await self._write_edges(
                edge_facts, aliases, report, refused_raw, now, progress
            )
            business = business or any(row.type not in ASSISTANT_TYPES for _, row in node_facts)
            if refused_raw:
                await self._log_refusals(refused_raw, now)
            if restored:
                await self._restore_refusals(restored)
            changed = report.created or report.updated or report.closed or report.versions
            if changed and business:
                await self._write("bump generation", BUMP_GENERATION, {"now": now})
        report.refusals = sorted((line, reason) for line, reason, _ in refused_raw)
        return report

    async def _write_nodes(
        self,
        node_facts: list[tuple[int, NodeRow]],
        report: WriteReport,
        refused: list[tuple[int, str, Any]],
        now: int,
        progress: Callable[[int], None] | None,
    ) -> dict[str, str]:
        rows = [row for _, row in node_facts]
        ids = {r.id for r in rows} | {
            version_id(r.id, r.as_of) for r in rows if r.type in VERSIONED_TYPES
        }
        existing = await self._existing_nodes(sorted(ids))
        matches = await self._name_matches(
            [r for r in rows if r.type in RESOLVED_TYPES and r.id not in existing]
        )
        plan = plan_nodes(rows, existing, matches)
        for (line, row), (action, reason) in zip(node_facts, plan.actions, strict=True):
            if action == "refused":
                refused.append((line, reason, {"node": {"id": row.id, "type": row.type}}))
            else:
                counter = _COUNTERS[action]
                setattr(report, counter, getattr(report, counter) + 1)
        for node_type, created in plan.creates.items():
            for start in range(0, len(created), WRITE_CHUNK):
                chunk = created[start : start + WRITE_CHUNK]
                await self._write(
                    "create nodes",
                    create_statement(node_type),
                    create_params(node_type, chunk, now),
                )
        for start in range(0, len(plan.updates), WRITE_CHUNK):
            chunk_u = plan.updates[start : start + WRITE_CHUNK]
            await self._write("update nodes", UPDATE_NODES, update_params(chunk_u, now, OPEN_COST))
        if plan.versions:
            await self._write(
                "keep late versions",
                WRITE_LATE_VERSIONS,
                late_version_params(plan.versions, now, OPEN_COST),
            )
        if plan.aliases:
            await self._write(
                "record aliases",
                WRITE_ALIASES,
                {"rows": [{"alias": a, "target": t} for a, t in plan.aliases.items()]},
            )
        touched = [r.id for rows_ in plan.creates.values() for r in rows_]
        touched += [r.id for r, _ in plan.updates]
        await self._embed(touched)
        if progress:
            progress(len(node_facts))
        return plan.aliases

    async def _embed(self, ids: list[str]) -> None:
        """Embed the text of Searchable nodes and Chunks among ``ids`` whose text changed."""
        if self._embedder is None or not ids:
            return
        for start in range(0, len(ids), EMBED_CHUNK):
            res = await self.ro_query(
                "read texts",
                READ_TEXTS,
                {"ids": ids[start : start + EMBED_CHUNK]},
                timeout_ms=60_000,
            )
            todo: list[tuple[str, str, str]] = []
            for node_id, name, summary, text, old_hash in res.rows:
                body = node_text({"name": name, "summary": summary, "text": text})
                if body and text_hash(body) != old_hash:
                    todo.append((node_id, body, text_hash(body)))
            if not todo:
                continue
            vectors = await self._embedder.embed([body for _, body, _ in todo])
            rows = [{"id": i, "h": h, "v": v} for (i, _, h), v in zip(todo, vectors, strict=True)]
            await self._write("write embeddings", WRITE_EMBEDDINGS, {"rows": rows})

    async def _existing_nodes(self, ids: list[str]) -> dict[str, ExistingNode]:
        found: dict[str, ExistingNode] = {}
        for start in range(0, len(ids), 20_000):
            res = await self.ro_query(
                "read existing nodes",
                READ_EXISTING_NODES,
                {"ids": ids[start : start + 20_000]},
                timeout_ms=60_000,
            )
            for node_id, node_type, src, as_of, props in res.rows:
                found[node_id] = ExistingNode(node_id, node_type, src, as_of, dict(props))
        return found

    async def _name_matches(self, rows: list[NodeRow]) -> dict[str, str]:
        keys: list[dict[str, str]] = []
        for row in rows:
            for key in resolution_keys(with_resolution_props(row)):
                kind, _, rest = key.partition(":")
                value = rest.split(":", 1)[1] if kind == "name" else rest
                keys.append({"key": key, "kind": kind, "type": row.type, "value": value})
        if not keys:
            return {}
        res = await self.ro_query(
            "match names", READ_NAME_MATCHES, {"keys": keys, "limit": len(keys) * 4}
        )
        return {k: v for k, v in res.rows}

    async def _write_edges(
        self,
        edge_facts: list[tuple[int, Any]],
        aliases: dict[str, str],
        report: WriteReport,
        refused: list[tuple[int, str, Any]],
        now: int,
        progress: Callable[[int], None] | None,
    ) -> bool:
        """Write the edge facts; True when any of them links two business records."""
        if not edge_facts:
            return False
        raw_edges: list[tuple[int, dict[str, Any]]] = []
        for line, raw in edge_facts:
            if is_object(raw):
                fixed = dict(raw)
                for end in ("from", "to"):
                    if isinstance(fixed.get(end), str) and fixed[end] in aliases:
                        fixed[end] = aliases[fixed[end]]
                raw_edges.append((line, fixed))
            else:
                refused.append((line, "an edge fact must be a JSON object", raw))
        ids = sorted(
            {v for _, r in raw_edges for k in ("from", "to") if isinstance(v := r.get(k), str)}
        )
        found = await self.canonical_ids(ids)
        types = {target: target_type for target, target_type in found.values()}
        merged = {i: target for i, (target, _) in found.items() if i != target}
        if merged:
            aliases.update(merged)
            for _, r in raw_edges:
                for end in ("from", "to"):
                    if r.get(end) in aliases:
                        r[end] = aliases[r[end]]
        gated: list[tuple[int, EdgeRow]] = []
        for line, raw in raw_edges:
            try:
                gated.append((line, gate_edge(raw, types)))
            except WriteRefused as exc:
                refused.append((line, exc.reason, {"edge": raw}))
        rows = [row for _, row in gated]
        business = any(
            r.from_type not in ASSISTANT_TYPES and r.to_type not in ASSISTANT_TYPES for r in rows
        )
        for round_ in plan_rounds(rows):
            for (rel, mode), indexes in round_.items():
                for start in range(0, len(indexes), WRITE_CHUNK):
                    chunk = indexes[start : start + WRITE_CHUNK]
                    res = await self._write(
                        f"write {rel} edges",
                        edge_statement(rel, mode),
                        statement_params(((i, rows[i]) for i in chunk), now),
                    )
                    for outcome, facts, closed_others in res.rows:
                        if outcome == "created":
                            report.created += int(facts)
                        elif outcome == "closed":
                            report.closed += int(facts)
                        elif outcome == "updated":
                            report.updated += int(facts)
                        else:
                            report.unchanged += int(facts)
                        report.closed += int(closed_others)
                    if progress:
                        progress(len(chunk))
        return business

    async def canonical_ids(self, ids: list[str]) -> dict[str, tuple[str, str]]:
        """Each of ``ids`` that names a thing, directly or as an id merged into it by
        entity resolution: (the thing's id, its type). Ids that name nothing are left out."""
        found = {i: (i, t) for i, t in (await self._node_types(ids)).items()}
        unknown = [i for i in ids if i not in found]
        if unknown:
            for alias, target, target_type in await self._aliases(unknown):
                found.setdefault(alias, (target, target_type))
        return found

    async def _node_types(self, ids: list[str]) -> dict[str, str]:
        types: dict[str, str] = {}
        for start in range(0, len(ids), 20_000):
            res = await self.ro_query(
                "read node types",
                READ_NODE_TYPES,
                {"ids": ids[start : start + 20_000]},
                timeout_ms=60_000,
            )
            types.update({i: t for i, t in res.rows})
        return types

    async def _aliases(self, ids: list[str]) -> list[tuple[str, str, str]]:
        res = await self.read("read aliases", READ_ALIASES, {"ids": ids})
        return [(alias, target, t) for alias, target, t in res.rows]

    async def _log_refusals(self, refused: list[tuple[int, str, Any]], now: int) -> None:
        rows = [
            {"line": line, "reason": reason, "fact": json.dumps(fact, default=str)[:2_000]}
            for line, reason, fact in refused
        ]
        for start in range(0, len(rows), WRITE_CHUNK):
            await self._write(
                "log refusals",
                LOG_REFUSALS,
                {"rows": rows[start : start + WRITE_CHUNK], "now": now},
            )
        log.info("tenant %s: %d facts refused", self.slug, len(rows))

    async def _restore_refusals(self, rows: list[Mapping[str, Any]]) -> None:
        clean = [
            {
                "at": parse_moment(r.get("at"), field="refusal at"),
                "line": r.get("line"),
                "reason": str(r.get("reason", "")),
                "fact": str(r.get("fact", ""))[:2_000],
            }
            for r in rows
        ]
        await self._write("restore refusals", RESTORE_REFUSALS, {"rows": clean})

    async def compare_and_set(
        self, node_id: str, *, expect: Mapping[str, Any], changes: Mapping[str, Any], src: str
    ) -> bool:
        """Change a node's properties only if it still holds ``expect``; True if it changed.

        The state machines of the assistant's own records (a card going from pending to
        approved) need this: two approvers clicking at once must move the card once. It is
        one statement, so FalkorDB's single writer makes it atomic. Property names and
        values pass the same checks as facts.
        """
        what = f"change of {node_id!r}"
        checked = clean_props(dict(changes), skip=set(), reserved=NODE_META_PROPS, what=what)
        wanted = clean_props(dict(expect), skip=set(), reserved=(), what=what)
        res = await self._write(
            "compare and set",
            COMPARE_AND_SET,
            {"id": node_id, "expect": wanted, "changes": checked, "src": src, "now": now_ms()},
        )
        # only the assistant's own records (cards) change this way: no generation bump
        return bool(res.rows and res.rows[0][0])

    async def refusals(self, *, limit: int = 100) -> tuple[int, list[dict[str, Any]]]:
        """The refusal log, newest first, with the total count."""
        total = int((await self.ro_query("count refusals", COUNT_REFUSALS)).scalar(0) or 0)
        res = await self.ro_query("read refusals", READ_REFUSALS, {"limit": limit})
        return total, [
            {"at": at, "line": line, "reason": reason, "fact": fact}
            for at, line, reason, fact in res.rows
        ]
