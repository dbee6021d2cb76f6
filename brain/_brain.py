"""The brain: one connection to FalkorDB, the registry, and handles to tenant graphs.

``Brain`` is what entry points build (with settings) and pass down. It starts the
embedded FalkorDB when no URL is configured, makes sure the registry exists, and hands
out ``TenantGraph`` handles only once that tenant's indexes are operational.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from types import TracebackType

from brain._embeddings import Embedder, RememberingEmbedder, SentenceTransformerEmbedder
from brain._embeddings_onnx import OnnxEmbedder
from brain._ingest_queue import IngestQueue
from brain._notes import ServerNotes
from brain._settings import BrainSettings
from brain._tenant_graph import READS_KEY, TenantGraph
from brain._tenant_keys import archive_graph, archive_mark, legacy_archive_graph
from brain._tenants import REFERENCE_GRAPH, Registry, Tenant, graph_name, validate_slug
from brain.db import (
    EmbeddedServer,
    FalkorDriver,
    GraphDriver,
    LocalBrain,
    ensure_indexes,
    wait_operational,
)
from brain.schema import serving_event
from brain.upkeep import move_archive_graphs

#: How many other running brains the empty-brain notice names (the rest are counted).
NAMED_OTHER_BRAINS = 3

log = logging.getLogger(__name__)


_EMBEDDERS: dict[tuple[str, int, str, Path], Embedder] = {}

#: Where the exported ONNX models live, under the data directory.
MODELS_DIR = "models"


def shared_embedder(
    model: str,
    dimension: int,
    *,
    runtime: str = "onnx",
    data_dir: Path,
    cache_dir: Path | None = None,
) -> Embedder:
    """One embedder per model, runtime and process: the model is large and loads once."""
    cache = (cache_dir or data_dir / MODELS_DIR).expanduser().resolve()
    key = (model, dimension, runtime, cache)
    if key not in _EMBEDDERS:
        made: Embedder
        if runtime in ("onnx", "onnx-int8"):
            made = OnnxEmbedder(
                cache_dir=cache,
                model=model,
                dimension=dimension,
                precision="int8" if runtime == "onnx-int8" else "fp32",
            )
        else:
            made = SentenceTransformerEmbedder(model=model, dimension=dimension)
        # a question is embedded once per turn, however many searches ask it
        _EMBEDDERS[key] = RememberingEmbedder(made)
    return _EMBEDDERS[key]


class Brain:
    """Entry to every graph hivebrain keeps. Use ``async with Brain(settings) as brain``."""

    def __init__(
        self,
        settings: BrainSettings | None = None,
        *,
        driver: GraphDriver | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.settings = settings or BrainSettings()
        self._driver = driver
        if embedder is None and self.settings.hivebrain_embeddings:
            embedder = shared_embedder(
                self.settings.hivebrain_embed_model,
                self.settings.hivebrain_embed_dimension,
                runtime=self.settings.hivebrain_embed_runtime,
                data_dir=self.settings.hivebrain_data_dir,
                cache_dir=self.settings.hivebrain_model_cache_dir,
            )
        self.embedder = embedder
        self._server: EmbeddedServer | None = None
        self._ready: set[str] = set()
        # one write lock per tenant, shared by every handle `tenant()` makes for it
        self._write_locks: dict[str, asyncio.Lock] = {}
        # and one "full-text indexes serve" event per tenant (cleared while one is rebuilt)
        self._fulltext_serving: dict[str, asyncio.Event] = {}
        self.registry: Registry | None = None
        self._queue: IngestQueue | None = None
        #: True once ``leave_vectors_to_workers`` ran: writes leave their vectors to a worker.
        self.vectors_in_workers = False
        #: Other embedded brains running on this machine when ``start`` found its own
        #: embedded brain empty (see ``lonely_brain_notice``).
        self.other_brains: list[LocalBrain] = []

    @property
    def server(self) -> EmbeddedServer | None:
        """The embedded server, when the brain runs one."""
        return self._server

    @property
    def driver(self) -> GraphDriver:
        """The connected driver (after ``start``)."""
        if self._driver is None:
            raise RuntimeError("Brain.start() has not run")
        return self._driver

    @property
    def notes(self) -> ServerNotes:
        """Small expiring notes every process sees (``brain._notes``), after ``start``."""
        return self._registry().notes

    @property
    def ingest_queue(self) -> IngestQueue:
        """The ingest jobs' stream on the server (``brain._ingest_queue``), after ``start``."""
        if self._queue is None:
            self._queue = IngestQueue(self.driver, idle_ms=self.settings.hivebrain_job_idle_ms)
        return self._queue

    def leave_vectors_to_workers(self) -> None:
        """From now on, writes through this brain store facts and full text only and queue
        their vectors for an ingest worker (``serve --role web``): the process embeds only
        questions, and the brain answers by words at once."""
        self.vectors_in_workers = True

    async def vectors_filling(self, slug: str) -> bool:
        """Whether a worker is still to fill some of ``slug``'s vectors (a cheap check: the
        tenant's mark on the server, set by writes that left their vectors to workers)."""
        return await self.ingest_queue.vectors_mark(slug) is not None

    async def start(self) -> Brain:
        """Connect (starting the embedded server if needed) and ensure the registry."""
        if self._driver is None:
            url = self.settings.falkordb_url
            if not url:
                self._server = EmbeddedServer(self.settings.hivebrain_data_dir)
                url = await self._server.ensure_running()
            settings = self.settings
            self._driver = FalkorDriver(
                url,
                wait_replicas=settings.hivebrain_wait_replicas,
                wait_timeout_ms=settings.hivebrain_wait_timeout_ms,
                replica_reads=settings.hivebrain_replica_reads,
            )
        self.registry = Registry(self._driver)
        await self.registry.ensure()
        await move_archive_graphs(self._driver, self._live_graphs)
        if self._server is not None and not await self.registry.list(limit=1):
            # an empty embedded brain: is the one the person meant running elsewhere?
            self.other_brains = self._server.other_brains()
            if self.other_brains:
                log.warning("%s", self.lonely_brain_notice())
        return self

    async def _live_graphs(self) -> list[str]:
        """Every tenant's live graph name (what the archive move at start walks)."""
        return [graph_name(t.slug) for t in await self._registry().list(limit=1_000_000)]

    def lonely_brain_notice(self) -> str | None:
        """What to tell the person when ``start`` opened an empty embedded brain while
        another runs on this machine (None otherwise): most often a command run from
        another folder, which would otherwise answer "no such tenant" without a word."""
        if self._server is None or not self.other_brains:
            return None
        # the nearest folders first: the brain meant is most often a sibling of this one
        here = Path(self._server.data_dir).parts
        nearest = sorted(
            self.other_brains,
            key=lambda b: -len(os.path.commonprefix([here, Path(b.data_dir).parts])),
        )
        shown = nearest[:NAMED_OTHER_BRAINS]
        places = ", ".join(f"{b.data_dir} (server pid {b.pid})" for b in shown)
        rest = len(self.other_brains) - len(shown)
        more = f" and {rest} more" if rest else ""
        one = "another embedded brain runs" if len(self.other_brains) == 1 else "others run"
        return (
            f"the embedded brain in {self._server.data_dir} is empty, while {one} in "
            f"{places}{more}. To use one of them, run from its folder or set "
            f"HIVEBRAIN_DATA_DIR={shown[0].data_dir} (or the path you meant); "
            "processes on several machines share one brain only through FALKORDB_URL"
        )

    async def close(self) -> None:
        """Close the connection pool (the embedded server keeps running for others)."""
        if self._driver is not None:
            await self._driver.close()

    async def __aenter__(self) -> Brain:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _registry(self) -> Registry:
        if self.registry is None:
            raise RuntimeError("Brain.start() has not run")
        return self.registry

    async def create_tenant(self, slug: str, *, name: str | None = None) -> Tenant:
        """Register a tenant and build its graph's indexes and constraints."""
        tenant = await self._registry().create(slug, name=name)
        # a new graph: built even if this process readied the slug before another erased it
        self._ready.discard(slug)
        await self._prepare(slug)
        return tenant

    async def tenant(self, slug: str) -> TenantGraph:
        """The handle to one tenant's graph; raises ``TenantUnknown``."""
        validate_slug(slug)
        await self._registry().get(slug)
        await self._prepare(slug)
        return TenantGraph(
            slug=slug,
            graph=graph_name(slug),
            driver=self.driver,
            embedder=self.embedder,
            write_lock=self._write_locks.setdefault(slug, asyncio.Lock()),
            fulltext_serving=self._fulltext_serving.setdefault(slug, serving_event()),
            feedback_weight=self.settings.hivebrain_feedback_weight,
            vectors_later=self.ingest_queue.request_vectors if self.vectors_in_workers else None,
        )

    async def tenant_for(self, platform: str, external_id: str) -> TenantGraph | None:
        """The tenant a Slack team or Discord guild is bound to, if any."""
        slug = await self._registry().resolve(platform, external_id)
        return None if slug is None else await self.tenant(slug)

    async def erase_tenant(self, slug: str) -> None:
        """Delete a tenant's graph and its registry entry. This cannot be undone."""
        await self._registry().get(slug)
        graph = graph_name(slug)
        existing = {g.decode() if isinstance(g, bytes) else g for g in await self._graph_list()}
        # the archive goes with it, under either name it may have (brain._tenant_keys)
        for name in (graph, archive_graph(graph), legacy_archive_graph(graph)):
            if name in existing:
                await self.driver.command("GRAPH.DELETE", name)
        await self.driver.command("DEL", READS_KEY.format(graph=graph), archive_mark(graph))
        await self._registry().forget(slug)
        self._ready.discard(slug)

    async def reference(self) -> TenantGraph:
        """The shared reference graph. Tenants read it; only admin commands write it."""
        await self._prepare_graph(REFERENCE_GRAPH)
        return TenantGraph(
            slug="reference",
            graph=REFERENCE_GRAPH,
            driver=self.driver,
            embedder=self.embedder,
            write_lock=self._write_locks.setdefault(REFERENCE_GRAPH, asyncio.Lock()),
            fulltext_serving=self._fulltext_serving.setdefault(REFERENCE_GRAPH, serving_event()),
        )

    async def _graph_list(self) -> list[str | bytes]:
        return list(await self.driver.command("GRAPH.LIST") or [])

    async def _prepare(self, slug: str) -> None:
        if slug not in self._ready:
            await self._prepare_graph(graph_name(slug))
            self._ready.add(slug)

    async def _prepare_graph(self, graph: str) -> None:
        await ensure_indexes(self.driver, graph, dimension=self.settings.hivebrain_embed_dimension)
        waited = await wait_operational(self.driver, graph)
        if waited > 0.05:
            log.info("graph %s: indexes operational after %.2f s", graph, waited)
