"""A handle bound to one tenant's graph: the only way to read or write a tenant's data.

Callers never name a graph: they get a ``TenantGraph`` from ``Brain.tenant(slug)``, and
every query they send through it goes to that tenant's graph. Reads go out as
``GRAPH.RO_QUERY`` with a timeout; writes go through the gate (``write_facts``).
"""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, LiteralString, cast

from brain._embeddings import Embedder
from brain._ingest_queue import vectors_key
from brain._json import is_list, is_object
from brain._moments import now_ms
from brain._tenant_keys import archive_graph, archive_mark
from brain.db import READ_TIMEOUT_MS, CheckedCypher, GraphDriver, QueryResult
from brain.errors import HivebrainError
from brain.schema import (
    NODE_META_PROPS,
    EmbedCounts,
    FactWriter,
    Origin,
    WriteReport,
    clean_props,
    count_unembedded,
    fill_vectors,
)

log = logging.getLogger(__name__)

READ_REFUSALS = """
MATCH (r:Refusal)
RETURN r.at, r.line, r.reason, r.fact
ORDER BY r.at DESC
LIMIT $limit
"""

COUNT_REFUSALS = "MATCH (r:Refusal) RETURN count(r)"

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


class TenantGraph:
    """One tenant's graph. Obtain it from ``Brain.tenant``; never construct it from a name."""

    def __init__(
        self,
        *,
        slug: str,
        graph: str,
        driver: GraphDriver,
        embedder: Embedder | None = None,
        write_lock: asyncio.Lock | None = None,
        fulltext_serving: asyncio.Event | None = None,
        feedback_weight: float = 0.0,
        vectors_later: Callable[[str], Awaitable[object]] | None = None,
        archive_of: str | None = None,
    ) -> None:
        self.slug = slug
        #: On an archive's handle: the live graph it belongs to (its writes mark it there).
        self._archive_of = archive_of
        self._archive_marked = False
        #: Set when this process leaves its writes' vectors to the ingest workers: called
        #: with the slug after a batch that left nodes without a current vector.
        self._vectors_later = vectors_later
        self._feedback_weight = feedback_weight
        self._graph = graph
        self._driver = driver
        self._embedder = embedder
        # Brain passes the one lock and the one event of this tenant, shared by every
        # handle it hands out
        self._writer = FactWriter(
            slug=slug,
            graph=graph,
            driver=driver,
            embedder=embedder,
            lock=write_lock,
            fulltext_serving=fulltext_serving,
            embed_on_write=vectors_later is None,
        )
        self._stale_ok = False

    def tolerating_staleness(self) -> TenantGraph:
        """The same tenant, whose reads may be answered by a replica a moment behind.

        For the tools that say they tolerate it (ranks, histories): the primary's load
        drops, and the answer may miss a write of the last moment. The write stamp (what
        caches key on) and writes always go to the primary.
        """
        view = copy.copy(self)
        view._stale_ok = True
        return view

    @property
    def embedder(self) -> Embedder | None:
        """The embedder search uses for this tenant (None: vector search is off)."""
        return self._embedder

    @property
    def feedback_weight(self) -> float:
        """How much less records behind 👎 answers weigh in similar searches (0: off)."""
        return self._feedback_weight

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
        nodes, edges or paths): it skips the client's per-cell parser. A read waits while
        this process rebuilds one of the tenant's full-text indexes (see ``write_facts``).
        """
        await self._writer.fulltext_serving.wait()
        return await self._driver.ro_query(
            self._graph,
            name,
            cypher,
            params,
            timeout_ms=timeout_ms,
            scalars=scalars,
            stale_ok=self._stale_ok,
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

    async def _write(
        self, name: str, cypher: LiteralString, params: Mapping[str, Any]
    ) -> QueryResult:
        return await self._driver.query(self._graph, name, cypher, params)

    async def ro_query_checked(
        self,
        name: str,
        cypher: CheckedCypher,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
    ) -> QueryResult:
        """A read of outside text that ``check_cypher`` passed (the cypher tool, `query`)."""
        await self._writer.fulltext_serving.wait()
        return await self._driver.ro_query_checked(
            self._graph, name, cypher, params, timeout_ms=timeout_ms
        )

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
        # from the primary always: a replica's older stamp would serve a stale cache entry
        res = await self._driver.ro_query(
            self._graph, "read write stamp", READ_WRITE_STAMP, scalars=True
        )
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
        origin: Origin = "source",
        refresh_fulltext: bool = True,
        contexts: Mapping[str, str] | None = None,
    ) -> WriteReport:
        """Gate and write a batch of facts (``{"node": {...}}`` / ``{"edge": {...}}``).

        ``facts`` pairs each fact with its line number for the report. Refused facts are
        counted, logged in the tenant's refusal log, and never stop the good ones. Nodes
        are written first, so an edge may point at a node from the same batch. The
        pipeline itself is ``brain.schema._writer.FactWriter``.

        ``origin`` says who states the facts: ``"source"`` (files, documents, repositories:
        business facts only), ``"assistant"`` (its own turns, findings and cards) or
        ``"restore"`` (an export loaded back into an empty tenant, record clock included).

        A batch that leaves a full-text index skewed by updates rebuilds it before it
        returns (seconds per 30,000 nodes; this process's reads of the tenant wait). A
        load of many batches passes ``refresh_fulltext=False`` to each and calls
        ``refresh_fulltext`` once at the end.

        ``contexts`` gives passages a second text to embed (a transcript line's turn with
        the turns either side, ``brain.ingest.meetings._context``), written with the
        passage's own vector in one statement (``brain.schema._embedding``).
        """
        report = await self._writer.write_facts(
            facts,
            progress=progress,
            origin=origin,
            refresh_fulltext=refresh_fulltext,
            contexts=contexts,
        )
        if self._vectors_later is not None and self._writer.deferred:
            await self._vectors_later(self.slug)
        return report

    async def vectors_pending(self) -> int:
        """How many passages and records still wait for their vector: found by their
        words already, by their meaning once an ingest worker has embedded them."""
        return await count_unembedded(self._writer.io)

    async def vectors_still_filling(self) -> int:
        """How many passages a worker is still to embed for this tenant: 0 at once (one
        key read) unless a write left its vectors to the workers and they are not done."""
        if not await self._driver.command("EXISTS", vectors_key(self.slug)):
            return 0
        return await self.vectors_pending()

    async def fill_vectors(self) -> EmbedCounts:
        """Embed every passage and record still without a vector (an ingest worker's
        ``vectors`` job). It takes no write lock: it only sets vectors, and a load of
        the tenant's facts goes on meanwhile."""
        if self._embedder is None:
            return EmbedCounts()
        return await fill_vectors(self._writer.io, self._embedder)

    async def refresh_fulltext(self, *, every: bool = True) -> list[str]:
        """Rebuild full-text indexes; the labels rebuilt.

        ``every`` (the default, for the end of a bulk load) rebuilds each index that holds
        a node: an index built from the nodes at once scores otherwise than one fed node
        by node, and a restart rebuilds it that way, so a load ends with the scores the
        next restart would give. ``False``: only those past the share a batch rebuilds at.
        """
        async with self._writer.locked():
            return await self._writer.refresh_fulltext(every=every)

    @property
    def last_embedding(self) -> EmbedCounts:
        """What the embedding of the last ``write_facts`` through this handle did."""
        return self._writer.last_embedding

    async def canonical_ids(self, ids: list[str]) -> dict[str, tuple[str, str]]:
        """Each of ``ids`` that names a thing, directly or as an id merged into it by
        entity resolution: (the thing's id, its type). Ids that name nothing are left out."""
        return await self._writer.canonical_ids(ids)

    async def compare_and_set(
        self, node_id: str, *, expect: Mapping[str, Any], changes: Mapping[str, Any], src: str
    ) -> bool:
        """Change a node's properties only if it still holds ``expect``; True if it changed.

        The state machines of the assistant's own records (a card going from pending to
        approved) need this: two approvers clicking at once must move the card once. It is
        one statement run under the tenant's write lock (in this process and on the
        server), so two of them never both see the old state. Property names and values
        pass the same checks as facts.
        """
        what = f"change of {node_id!r}"
        checked = clean_props(dict(changes), skip=set(), reserved=NODE_META_PROPS, what=what)
        wanted = clean_props(dict(expect), skip=set(), reserved=(), what=what)
        # under the tenant's write lock: FalkorDB may overlap the reads of two writes
        async with self._writer.locked():
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

    # --- upkeep (roll-ups, archive, job runs) ---------------------------------------------

    @property
    def archive(self) -> TenantGraph:
        """The tenant's archive: a sibling graph holding what upkeep moved out of the live one.

        Daily readings rolled up into weekly ones and closed facts past their window live
        there, so the live graph stays small while nothing is deleted. It is written with
        plain queries (never GRAPH.COPY, which can hang this server) and has no indexes
        but the id index upkeep creates on first use. It lives in the live graph's cluster
        slot (``brain._tenant_keys.archive_graph``).
        """
        return TenantGraph(
            slug=self.slug,
            graph=archive_graph(self._graph),
            driver=self._driver,
            embedder=None,
            archive_of=self._graph,
        )

    async def has_archive(self) -> bool:
        """Whether upkeep ever wrote this tenant's archive (one key read): reads that would
        find no archive never ask for the archive graph, and read nothing more."""
        return bool(await self._driver.command("EXISTS", archive_mark(self._graph)))

    async def stamp_reads(self, ids: Iterable[str]) -> None:
        """Note that a tool answered with these records now (one HSET, beside the graph).

        The hygiene report lists records no tool ever read ("cold"). The stamp lives in a
        hash on the same server, not in the graph, so reading never writes the graph or
        moves its generation. A failure to stamp never fails the read.
        """
        now = now_ms()
        flat: list[object] = []
        for node_id in dict.fromkeys(ids):
            flat += [node_id, now]
        if not flat:
            return
        try:
            await self._driver.command("HSET", READS_KEY.format(graph=self._graph), *flat)
        except HivebrainError as exc:
            log.debug("read stamp for %s failed: %s", self.slug, exc)

    async def read_stamps(self) -> dict[str, int]:
        """Every record a tool has read, with when it last did (see ``stamp_reads``)."""
        raw: Any = await self._driver.command("HGETALL", READS_KEY.format(graph=self._graph))
        if isinstance(raw, list):
            pairs: list[Any] = cast(list[Any], raw)
            raw = dict(zip(pairs[::2], pairs[1::2], strict=False))
        items: dict[Any, Any] = cast(dict[Any, Any], raw) if isinstance(raw, dict) else {}
        return {_text(k): int(_text(v)) for k, v in items.items()}

    async def vector_write(
        self, name: str, cypher: LiteralString, params: Mapping[str, Any] | None = None
    ) -> QueryResult:
        """A write of vectors made from records the gate already let in (a transcript
        line's context vector, ``brain.ingest.meetings._context``): no new fact to check."""
        return await self._write(name, cypher, dict(params or {}))

    async def upkeep_write(
        self, name: str, cypher: LiteralString, params: Mapping[str, Any] | None = None
    ) -> QueryResult:
        """A write of the upkeep jobs (``brain.upkeep``) outside the gate.

        Roll-ups and the archive move records that the gate already let in, and job-run
        stamps are the scheduler's own bookkeeping: neither is a new fact to check. Only
        ``brain.upkeep`` calls this, with its own module-constant queries. The first write
        through an archive's handle marks the tenant as having one (``has_archive``).
        """
        if self._archive_of is not None and not self._archive_marked:
            await self._driver.command("SET", archive_mark(self._archive_of), "1", replicated=True)
            self._archive_marked = True
        return await self._write(name, cypher, dict(params or {}))


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


#: The key of a tenant's read stamps (a hash: record id -> when a tool last read it), in
#: its graph's cluster slot (``brain._tenant_keys``).
READS_KEY = "hivebrain:reads:{{{graph}}}"
