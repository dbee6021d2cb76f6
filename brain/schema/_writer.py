"""The write pipeline: a batch of facts through the gate into one tenant's graph.

``FactWriter.write_facts`` is what ``TenantGraph.write_facts`` runs. In order: every fact
is gated (a refused one is counted and logged, never stops the others); node facts are
classified against what the graph holds and written (creates, updates with Versions,
late versions, aliases of merged duplicates); then the edge facts are written with the
two-clock statement while the text of the nodes just written is embedded beside them
(the model runs in a thread, the edges in the database: two cores, two jobs); then the
refusals are logged and the write generation moves if the business's records changed;
last, a full-text index that the batch's updates (a vector is one) left skewed is rebuilt
(``brain.db._indexes``), with this tenant's reads held until it serves again.

One batch at a time per tenant: a second ``write_facts`` waits for the first (the lock
``Brain`` keeps per tenant). Each write statement is all-or-nothing; the report counts
what the statements did, not what was planned.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncGenerator, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, LiteralString, cast

from brain._embeddings import Embedder
from brain._json import is_object
from brain._moments import now_ms, parse_moment
from brain.db import GraphDriver, QueryResult, graph_write_lock, rebuild_fulltext, stale_fulltext
from brain.errors import HivebrainError, InputInvalid, QueryRefused, WriteRefused
from brain.schema._edges import (
    EdgeRow,
    SlotMode,
    edge_statement,
    plan_rounds,
    slot_is_new,
    statement_params,
)
from brain.schema._embedding import EmbedCounts, embed_nodes, leave_vectors
from brain.schema._gate import NodeRow, Origin, check_text, gate_edge, gate_node
from brain.schema._lookups import GraphIO, canonical_ids, existing_nodes, name_matches
from brain.schema._nodes import (
    UPDATE_NODES,
    WRITE_LATE_VERSIONS,
    create_params,
    create_statement,
    late_version_params,
    plan_nodes,
    update_params,
    version_id,
)
from brain.schema._types import ASSISTANT_TYPES, OPEN_COST, RESOLVED_TYPES, VERSIONED_TYPES

log = logging.getLogger(__name__)

#: Rows per write statement: big enough to amortise a round trip, small enough that one
#: statement never holds the graph's write lock for long.
WRITE_CHUNK = 5_000

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

BUMP_GENERATION = """
MERGE (m:BrainMeta {key: 'writes'})
SET m.generation = coalesce(m.generation, 0) + 1, m.lastWriteAt = $now
RETURN m.generation
"""

_COUNTERS = {
    "create": "created",
    "update": "updated",
    "unchanged": "unchanged",
    "version": "versions",
    "alias": "aliases",
}

Refused = list[tuple[int, str, Any]]

#: The key of a line the facts reader could not turn into a fact (too deeply nested):
#: ``{UNREADABLE: reason}``, refused with that reason and its line like any other.
UNREADABLE = "__unreadable__"
_NOT_A_FACT = 'a fact is {"node": {...}} or {"edge": {...}}'


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


class FactWriter:
    """The write pipeline of one tenant's graph; ``TenantGraph`` owns one.

    ``lock`` serialises batches to one tenant in this process: ``Brain`` hands every
    handle to the same tenant the same lock (``Brain.tenant`` makes a handle per call).
    Across processes the lock key on the server (``graph_write_lock``) does the same:
    FalkorDB lets the reading part of two write statements overlap, so without it two
    writers could each fill a one-holder slot they both saw empty. The statements also
    compare ``asOf`` against what the graph holds as they write, so an older fact never
    overwrites a newer one even from a writer that holds no lock.
    """

    def __init__(
        self,
        *,
        slug: str,
        graph: str,
        driver: GraphDriver,
        embedder: Embedder | None,
        lock: asyncio.Lock | None = None,
        fulltext_serving: asyncio.Event | None = None,
        embed_on_write: bool = True,
    ) -> None:
        self.slug = slug
        self.io = GraphIO(driver, graph)
        self._embedder = embedder
        #: False: nodes are written without their vectors, and an ingest worker fills them
        #: (``TenantGraph.fill_vectors``); ``deferred`` counts what the last batch left.
        self._embed_on_write = embed_on_write
        self.deferred = 0
        self._lock = lock or asyncio.Lock()
        #: Clear while a full-text index is rebuilt: this tenant's reads wait on it.
        self.fulltext_serving = fulltext_serving or serving_event()
        #: What the last batch's embedding did (benchmarks read it).
        self.last_embedding = EmbedCounts()

    async def write_facts(
        self,
        facts: Iterable[tuple[int, Mapping[str, Any]]],
        *,
        progress: Callable[[int], None] | None = None,
        origin: Origin = "source",
        refresh_fulltext: bool = True,
        contexts: Mapping[str, str] | None = None,
    ) -> WriteReport:
        """Gate and write a batch of facts; see ``TenantGraph.write_facts``."""
        report = WriteReport()
        node_facts: list[tuple[int, NodeRow]] = []
        edge_facts: list[tuple[int, Any]] = []  # gated below: any JSON value may come in
        refused: Refused = []
        restored: list[dict[str, Any]] = []
        for line, fact in facts:
            if not is_object(fact):
                refused.append((line, _NOT_A_FACT, fact))
            elif isinstance(fact.get(UNREADABLE), str) and len(fact) == 1:
                refused.append((line, str(fact[UNREADABLE]), {}))
            elif "node" in fact:
                try:
                    node_facts.append((line, gate_node(fact["node"], origin=origin)))
                except WriteRefused as exc:
                    refused.append((line, exc.reason, fact))
            elif "edge" in fact:
                edge_facts.append((line, fact["edge"]))
            elif "refusal" in fact:
                try:
                    restored.append(_gate_refusal(fact["refusal"]))
                except WriteRefused as exc:
                    refused.append((line, exc.reason, fact))
            else:
                refused.append((line, _NOT_A_FACT, fact))
        async with self.locked():
            now = now_ms()
            aliases, touched, fresh = await self._write_nodes(node_facts, report, refused, now)
            if progress:
                progress(len(node_facts))
            embedding = asyncio.create_task(self._embed(touched, contexts))
            try:
                business = await self._write_edges(
                    edge_facts, aliases, fresh, report, refused, now, progress, origin
                )
            except BaseException:
                # the nodes are written whatever happened to the edges: embed them anyway
                await asyncio.gather(embedding, return_exceptions=True)
                raise
            self.last_embedding = await embedding
            business = business or any(row.type not in ASSISTANT_TYPES for _, row in node_facts)
            if refused:
                await self._log_refusals(refused, now)
            if restored:
                await self.io.write("restore refusals", RESTORE_REFUSALS, {"rows": restored})
            changed = report.created or report.updated or report.closed or report.versions
            if changed and business:
                await self.io.write("bump generation", BUMP_GENERATION, {"now": now})
            if refresh_fulltext and (changed or self.last_embedding.changed):
                await self.refresh_fulltext()
        report.refusals = sorted((line, reason) for line, reason, _ in refused)
        return report

    async def refresh_fulltext(self, *, every: bool = False) -> list[str]:
        """Rebuild the full-text indexes whose dead entries skew them (``every``: each one
        that holds a node); the labels rebuilt. The caller holds the write lock.

        A rebuild that fails is logged and never fails the write or load that asked for
        it: the facts are written, and search only keeps its skew until the next one (an
        index dropped and not recreated comes back with the next ``ensure_indexes``).
        """
        try:
            states = await stale_fulltext(self.io.driver, self.io.graph)
            skewed = [st for st in states if st.skewed or (every and st.documents)]
            if not skewed:
                return []
            self.fulltext_serving.clear()
            try:
                seconds = await rebuild_fulltext(self.io.driver, self.io.graph, skewed)
            finally:
                self.fulltext_serving.set()
        except HivebrainError as exc:
            log.warning("tenant %s: full-text rebuild failed: %s", self.slug, exc)
            return []
        labels = [st.label for st in skewed]
        log.info(
            "tenant %s: rebuilt the full-text index of %s in %.1f s (%s)",
            self.slug,
            ", ".join(labels),
            seconds,
            ", ".join(f"{st.label}: {st.stale:,} dead of {st.documents:,}" for st in states),
        )
        return labels

    @contextlib.asynccontextmanager
    async def locked(self) -> AsyncGenerator[None]:
        """Hold this tenant's write lock, in this process and on the server."""
        async with self._lock, graph_write_lock(self.io.driver, self.io.graph):
            yield

    async def _write_group(
        self,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any],
        lines: list[int],
        refused: Refused,
    ) -> QueryResult | None:
        """One statement: all of its facts are written or none are.

        A statement the database refuses (a value it cannot hold) refuses exactly the facts
        it carried, with their lines, and the batch goes on; a database that is down
        raises, and a rerun of the batch completes the graph (writes are idempotent).
        """
        try:
            return await self.io.write(name, cypher, params)
        except QueryRefused as exc:
            log.info("tenant %s: %s refused by the database: %s", self.slug, name, exc)
            reason = (
                f"not written: the database refused the group of {len(lines):,} facts this "
                "one was sent with; check its values and load the file again"
            )
            refused.extend((line, reason, {}) for line in lines)
            return None

    async def canonical_ids(self, ids: list[str]) -> dict[str, tuple[str, str]]:
        """See ``brain.schema._lookups.canonical_ids``."""
        return await canonical_ids(self.io, ids)

    async def _embed(self, ids: list[str], contexts: Mapping[str, str] | None) -> EmbedCounts:
        self.deferred = 0
        if self._embedder is None:
            return EmbedCounts()
        if not self._embed_on_write:
            self.deferred = await leave_vectors(self.io, ids)
            return EmbedCounts()
        return await embed_nodes(self.io, self._embedder, ids, contexts=contexts)

    async def _write_nodes(
        self,
        node_facts: list[tuple[int, NodeRow]],
        report: WriteReport,
        refused: Refused,
        now: int,
    ) -> tuple[dict[str, str], list[str], dict[str, str]]:
        """Write the node facts.

        Returns the aliases made, the ids created or updated, and the ids this batch
        created that did not exist before it (no edge can touch them yet) with their types.
        """
        rows = [row for _, row in node_facts]
        ids = {r.id for r in rows} | {
            version_id(r.id, r.as_of) for r in rows if r.type in VERSIONED_TYPES
        }
        existing = await existing_nodes(self.io, sorted(ids))
        matches = await name_matches(
            self.io, [r for r in rows if r.type in RESOLVED_TYPES and r.id not in existing]
        )
        plan = plan_nodes(rows, existing, matches)
        line_of: dict[str, int] = {}
        for line, row in node_facts:
            line_of.setdefault(row.id, line)
        for (line, row), (action, reason) in zip(node_facts, plan.actions, strict=True):
            if action == "refused":
                refused.append((line, reason, {"node": {"id": row.id, "type": row.type}}))
            elif action not in ("create", "update"):  # counted from what the writes did
                counter = _COUNTERS[action]
                setattr(report, counter, getattr(report, counter) + 1)
        touched: list[str] = []
        fresh_ids: dict[str, str] = {}
        for node_type, created in plan.creates.items():
            for start in range(0, len(created), WRITE_CHUNK):
                chunk = created[start : start + WRITE_CHUNK]
                res = await self._write_group(
                    "create nodes",
                    create_statement(node_type),
                    create_params(node_type, chunk, now),
                    [line_of[r.id] for r in chunk],
                    refused,
                )
                if res is None:
                    continue
                fresh, newer = (int(v or 0) for v in (res.rows[0] if res.rows else [0, 0]))
                # ids another writer created since our read: updated if ours was newer
                report.created += fresh
                report.updated += newer
                report.unchanged += len(chunk) - fresh - newer
                touched += [r.id for r in chunk]
                if fresh == len(chunk):  # all of them new: none was there before this batch
                    fresh_ids.update((r.id, r.type) for r in chunk)
        for start in range(0, len(plan.updates), WRITE_CHUNK):
            chunk_u = plan.updates[start : start + WRITE_CHUNK]
            res = await self._write_group(
                "update nodes",
                UPDATE_NODES,
                update_params(chunk_u, now, OPEN_COST),
                [line_of[r.id] for r, _ in chunk_u],
                refused,
            )
            if res is None:
                continue
            applied = int(res.scalar(0) or 0)
            report.updated += applied
            report.unchanged += len(chunk_u) - applied  # overtaken by a newer fact meanwhile
            touched += [r.id for r, _ in chunk_u]
        if plan.versions:
            await self._write_group(
                "keep late versions",
                WRITE_LATE_VERSIONS,
                late_version_params(plan.versions, now, OPEN_COST),
                [line_of[r.id] for r in plan.versions],
                refused,
            )
        if plan.aliases:
            await self.io.write(
                "record aliases",
                WRITE_ALIASES,
                {"rows": [{"alias": a, "target": t} for a, t in plan.aliases.items()]},
            )
        return plan.aliases, touched, fresh_ids

    async def _write_edges(
        self,
        edge_facts: list[tuple[int, Any]],
        aliases: dict[str, str],
        fresh: dict[str, str],
        report: WriteReport,
        refused: Refused,
        now: int,
        progress: Callable[[int], None] | None,
        origin: Origin,
    ) -> bool:
        """Write the edge facts; True when any of them links two business records."""
        if not edge_facts:
            return False
        raw_edges: list[tuple[int, dict[str, Any]]] = []
        for line, raw in edge_facts:
            if is_object(raw):
                fixed: dict[str, Any] = dict(cast("Mapping[str, Any]", raw))
                for end in ("from", "to"):
                    if isinstance(fixed.get(end), str) and fixed[end] in aliases:
                        fixed[end] = aliases[fixed[end]]
                raw_edges.append((line, fixed))
            else:
                refused.append((line, "an edge fact must be a JSON object", raw))
        ids = sorted(
            {v for _, r in raw_edges for k in ("from", "to") if isinstance(v := r.get(k), str)}
        )
        # what this batch just created is its own canonical id, of the type it was given
        found = {i: (i, fresh[i]) for i in ids if i in fresh}
        found.update(await canonical_ids(self.io, [i for i in ids if i not in fresh]))
        types = {target: target_type for target, target_type in found.values()}
        merged = {i: target for i, (target, _) in found.items() if i != target}
        if merged:
            aliases.update(merged)
            for _, r in raw_edges:
                for end in ("from", "to"):
                    if r.get(end) in aliases:
                        r[end] = aliases[r[end]]
        # gating and planning 200,000 edges is seconds of CPU: off the loop, so the lock
        # keeps being renewed and other tenants keep being answered meanwhile
        gated, rounds = await asyncio.to_thread(_gate_and_plan, raw_edges, types, origin, refused)
        rows = [row for _, row in gated]
        business = any(
            r.from_type not in ASSISTANT_TYPES and r.to_type not in ASSISTANT_TYPES for r in rows
        )
        for level, round_ in enumerate(rounds):
            for (rel, mode), indexes in round_.items():
                groups = [(False, indexes)]
                if level == 0 and fresh:  # a slot's first fact in the batch may find it empty
                    new = [i for i in indexes if slot_is_new(rows[i], mode, fresh)]
                    if new:
                        old = [i for i in indexes if not slot_is_new(rows[i], mode, fresh)]
                        groups = [(True, new), (False, old)]
                for empty_slots, group in groups:
                    for start in range(0, len(group), WRITE_CHUNK):
                        chunk = group[start : start + WRITE_CHUNK]
                        await self._write_edge_chunk(
                            rel,
                            mode,
                            empty_slots,
                            [rows[i] for i in chunk],
                            [gated[i][0] for i in chunk],
                            report,
                            refused,
                            now,
                        )
                        if progress:
                            progress(len(chunk))
        return business

    async def _write_edge_chunk(
        self,
        rel: str,
        mode: SlotMode,
        empty_slots: bool,
        rows: list[EdgeRow],
        lines: list[int],
        report: WriteReport,
        refused: Refused,
        now: int,
    ) -> None:
        """One edge statement, its outcomes added to the report."""
        params = await asyncio.to_thread(statement_params, rows, mode, now)
        res = await self._write_group(
            f"write {rel} edges",
            edge_statement(rel, mode, empty_slots=empty_slots),
            params,
            lines,
            refused,
        )
        for outcome, facts, closed_others in res.rows if res is not None else []:
            if outcome == "created":
                report.created += int(facts)
            elif outcome == "closed":
                report.closed += int(facts)
            elif outcome == "updated":
                report.updated += int(facts)
            else:
                report.unchanged += int(facts)
            report.closed += int(closed_others)

    async def _log_refusals(self, refused: Refused, now: int) -> None:
        rows = [
            {"line": line, "reason": reason, "fact": _fact_text(fact)}
            for line, reason, fact in refused
        ]
        for start in range(0, len(rows), WRITE_CHUNK):
            await self.io.write(
                "log refusals",
                LOG_REFUSALS,
                {"rows": rows[start : start + WRITE_CHUNK], "now": now},
            )
        log.info("tenant %s: %d facts refused", self.slug, len(rows))


def _gate_and_plan(
    raw_edges: list[tuple[int, dict[str, Any]]],
    types: dict[str, str],
    origin: Origin,
    refused: Refused,
) -> tuple[list[tuple[int, EdgeRow]], list[dict[tuple[str, SlotMode], list[int]]]]:
    """Gate every edge fact (refusals appended to ``refused``) and plan the rounds."""
    gated: list[tuple[int, EdgeRow]] = []
    for line, raw in raw_edges:
        try:
            gated.append((line, gate_edge(raw, types, origin=origin)))
        except WriteRefused as exc:
            refused.append((line, exc.reason, {"edge": raw}))
    return gated, plan_rounds([row for _, row in gated])


def _fact_text(fact: Any) -> str:
    """A refused fact as it is kept in the refusal log: JSON, cut to 2,000 characters."""
    try:
        text = json.dumps(fact, default=str, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = "(a fact that cannot be shown)"
    # the log is stored text too: what the gate refused for NUL or surrogates must fit
    return text[:2_000].replace("\x00", "\\u0000").encode("utf-8", "replace").decode()


def _gate_refusal(raw: Any) -> dict[str, Any]:
    """A refusal line of an export, checked like a fact: the refusal log it restores."""
    if not is_object(raw):
        raise WriteRefused('a refusal line is {"refusal": {"at": ..., "line": ..., "reason": ...}}')
    try:
        at = parse_moment(raw.get("at"), field="refusal 'at'")
    except InputInvalid as exc:
        raise WriteRefused(exc.reason) from exc
    line, reason, fact = raw.get("line"), raw.get("reason"), raw.get("fact", "")
    if isinstance(line, bool) or not isinstance(line, int) or not 0 <= line < 2**63:
        raise WriteRefused("a refusal's 'line' must be a line number")
    if not isinstance(reason, str) or not isinstance(fact, str):
        raise WriteRefused("a refusal's 'reason' and 'fact' must be text")
    what = "refusal"
    return {
        "at": at,
        "line": line,
        "reason": check_text(reason, "reason", what)[:2_000],
        "fact": check_text(fact, "fact", what)[:2_000],
    }


def serving_event() -> asyncio.Event:
    """A set event: a tenant's full-text indexes serve until a rebuild clears it."""
    event = asyncio.Event()
    event.set()
    return event
