"""Embedding what a batch wrote: the text vector search matches, each distinct text once.

The write pipeline hands over the ids of the nodes it created or changed. Their text is
read back (what the graph holds now, whichever of name, summary and text the facts set),
and only Searchable nodes and Chunks whose text changed since it was last embedded
(``textHash``) go to the model; each vector is written with the label its index sits on
(``brain.db.VECTOR_LABELS``). Files are left out: search finds a file by the words of
its path (full-text), and a path is no sentence for a sentence model; in a repository's
history they were two texts in three. Identical texts are embedded once; texts are sorted by
length, so the model's batches pad little; each round of vectors is written while the
model works on the next round.

A node can be written and its vector never made: the process was killed while the model
worked, or the model failed to load. So the first pass of each process on a graph (and
the next pass after one that failed) also sweeps the graph for Searchable nodes and
Chunks with text and no vector, and embeds them with the batch: a rerun of an interrupted
load ends with every vector present, though its facts come back "unchanged".

A passage may come with a second text, its context (a transcript line's turn with the
turns either side, ``brain.ingest.meetings._context``): its vector (``contextEmbedding``,
indexed under ``ChunkContext``) is written in the same SET as the passage's own. FalkorDB
keeps a dead entry in a vector index each time a node of its label is written again, and
a k-nearest search counts the dead entries among its k (then drops them): a second
statement for the context left every new line twice in ``ChunkVector``, and a search for
30 lines near a new meeting's returned about 15.

Vectors go into the statement as Cypher list literals formatted here, nine significant
digits each (exactly a float32, which is what ``vecf32`` stores): the client's generic
parameter formatting took seconds per thousand vectors, more than the model.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, LiteralString

from brain._embeddings import Embedder, node_text, text_hash
from brain.db import RawCypher
from brain.schema._lookups import GraphIO

log = logging.getLogger(__name__)

#: Ids whose text is read per round trip.
READ_CHUNK = 5_000
#: Distinct texts per model call: enough that sorting by length keeps batches even, few
#: enough that vectors reach the graph while the model works on the next call.
EMBED_CHUNK = 1_024

READ_TEXTS = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
WHERE (n:Searchable OR n:Chunk) AND NOT n:File
RETURN n.id, n.name, n.summary, n.text, n.textHash, n.contextHash
"""

#: Searchable nodes and Chunks with text but no vector, one label at a time (a label scan
#: each; a scan over Entity would read every reading and version too).
READ_UNEMBEDDED_SEARCHABLE: LiteralString = """
MATCH (n:Searchable)
WHERE n.embedding IS NULL AND NOT n:File
  AND (n.name IS NOT NULL OR n.summary IS NOT NULL OR n.text IS NOT NULL)
RETURN n.id
LIMIT $limit
"""
READ_UNEMBEDDED_CHUNKS: LiteralString = """
MATCH (n:Chunk)
WHERE n.embedding IS NULL AND (n.name IS NOT NULL OR n.summary IS NOT NULL OR n.text IS NOT NULL)
RETURN n.id
LIMIT $limit
"""
#: How many passages still wait for their vector (the answers' "still being indexed"),
#: one label at a time, as the sweeps read them.
COUNT_UNEMBEDDED_SEARCHABLE: LiteralString = """
MATCH (n:Searchable)
WHERE n.embedding IS NULL AND NOT n:File
  AND (n.name IS NOT NULL OR n.summary IS NOT NULL OR n.text IS NOT NULL)
RETURN count(n)
LIMIT $limit
"""
COUNT_UNEMBEDDED_CHUNKS: LiteralString = """
MATCH (n:Chunk)
WHERE n.embedding IS NULL AND (n.name IS NOT NULL OR n.summary IS NOT NULL OR n.text IS NOT NULL)
RETURN count(n)
LIMIT $limit
"""
#: Ids a sweep returns at most per label; a larger backlog is finished by the next passes.
SWEEP_LIMIT = 200_000
SWEEP_TIMEOUT_MS = 60_000

#: The vector goes with the label its index sits on (``brain.db.VECTOR_LABELS``).
WRITE_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
SET n.embedding = vecf32(row.v), n.textHash = row.h
FOREACH (_ IN CASE WHEN n:Chunk THEN [1] ELSE [] END | SET n:ChunkVector)
FOREACH (_ IN CASE WHEN n:Searchable THEN [1] ELSE [] END | SET n:SearchableVector)
"""
#: A passage's own vector and its context's, in one SET (see the module's docstring).
WRITE_WITH_CONTEXT = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
WHERE n:Chunk
SET n.embedding = vecf32(row.v), n.textHash = row.h,
    n.contextEmbedding = vecf32(row.c), n.contextHash = row.ch, n:ChunkVector:ChunkContext
"""
#: A context vector alone: the passage's own text has not changed.
WRITE_CONTEXT = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
WHERE n:Chunk
SET n.contextEmbedding = vecf32(row.c), n.contextHash = row.ch, n:ChunkContext
"""
#: Passages (with their contexts) embedded and written per round.
CONTEXT_ROUND = 512


def vector_literal(vector: Sequence[float]) -> RawCypher:
    """A vector as the Cypher list literal sent as it is (see the module's docstring)."""
    return RawCypher(_format(len(vector)) % tuple(vector))


_FORMATS: dict[int, str] = {}


def _format(size: int) -> str:
    if size not in _FORMATS:
        _FORMATS[size] = "[" + ",".join(["%.9g"] * size) + "]"
    return _FORMATS[size]


@dataclass(slots=True)
class EmbedCounts:
    """What one embedding pass did, for logs and benchmarks."""

    read: int = 0  # nodes whose text was read
    changed: int = 0  # of them, nodes whose text is new or changed
    embedded: int = 0  # distinct texts sent to the model
    seconds_in_model: float = 0.0
    contexts: int = 0  # context vectors written (``contexts`` of ``embed_nodes``)


#: Graphs this process has swept for nodes without a vector (see the module's docstring).
_SWEPT: set[str] = set()


async def unembedded(io: GraphIO) -> list[str]:
    """Ids of the Searchable nodes and Chunks that have text but no vector."""
    ids: list[str] = []
    sweeps: tuple[tuple[str, LiteralString], ...] = (
        ("read unembedded nodes", READ_UNEMBEDDED_SEARCHABLE),
        ("read unembedded chunks", READ_UNEMBEDDED_CHUNKS),
    )
    for name, cypher in sweeps:
        res = await io.read(
            name, cypher, {"limit": SWEEP_LIMIT}, timeout_ms=SWEEP_TIMEOUT_MS, scalars=True
        )
        ids.extend(str(row[0]) for row in res.rows)
    return ids


async def count_unembedded(io: GraphIO) -> int:
    """How many Searchable nodes and Chunks have text and no vector yet."""
    total = 0
    for cypher in (COUNT_UNEMBEDDED_SEARCHABLE, COUNT_UNEMBEDDED_CHUNKS):
        res = await io.read(
            "count unembedded", cypher, {"limit": 1}, timeout_ms=SWEEP_TIMEOUT_MS, scalars=True
        )
        total += int(res.rows[0][0] or 0) if res.rows else 0
    return total


CLEAR_EMBEDDINGS = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
WHERE n.embedding IS NOT NULL
SET n.embedding = NULL
"""


async def leave_vectors(io: GraphIO, ids: Sequence[str]) -> int:
    """Leave the vectors of ``ids`` to a worker: drop the vector of each node whose text
    changed (it would answer for the old text), so the worker's sweep finds it; the
    number of nodes among ``ids`` left without a current vector."""
    stale: list[str] = []
    waiting = 0
    for start in range(0, len(ids), READ_CHUNK):
        res = await io.read(
            "read texts", READ_TEXTS, {"ids": list(ids[start : start + READ_CHUNK])}, scalars=True
        )
        for node_id, name, summary, text, old_hash, _ in res.rows:
            body = node_text({"name": name, "summary": summary, "text": text})
            if body and text_hash(body) != old_hash:
                waiting += 1
                if old_hash is not None:
                    stale.append(str(node_id))
    for start in range(0, len(stale), READ_CHUNK):
        await io.write(
            "clear embeddings", CLEAR_EMBEDDINGS, {"ids": stale[start : start + READ_CHUNK]}
        )
    return waiting


async def fill_vectors(io: GraphIO, embedder: Embedder) -> EmbedCounts:
    """Embed every Searchable node and Chunk that has text and no vector (what writes
    that left their vectors to a worker left behind)."""
    return await _embed(io, embedder, await unembedded(io))


async def embed_nodes(
    io: GraphIO,
    embedder: Embedder,
    ids: Sequence[str],
    *,
    contexts: Mapping[str, str] | None = None,
) -> EmbedCounts:
    """Embed the changed text of the Searchable nodes and Chunks among ``ids``, and on a
    graph's first pass in this process, of every such node still without a vector.

    ``contexts`` (passage id -> its context text): the passages among ``ids`` whose
    context changed get its vector too, in the statement that writes their own.
    """
    sweep = io.graph not in _SWEPT
    if sweep:
        backlog = await unembedded(io)
        if backlog:
            log.info("%d nodes of %s have no vector yet: embedding them", len(backlog), io.graph)
            ids = list(dict.fromkeys([*ids, *backlog]))
    try:
        counts = await _embed(io, embedder, ids, contexts or {})
    except BaseException:
        _SWEPT.discard(io.graph)
        raise
    if sweep:
        _SWEPT.add(io.graph)
    return counts


async def _embed(
    io: GraphIO, embedder: Embedder, ids: Sequence[str], contexts: Mapping[str, str] | None = None
) -> EmbedCounts:
    counts = EmbedCounts()
    by_hash: dict[str, tuple[str, list[str]]] = {}
    paired: list[_Paired] = []
    for start in range(0, len(ids), READ_CHUNK):
        res = await io.read(
            "read texts", READ_TEXTS, {"ids": list(ids[start : start + READ_CHUNK])}, scalars=True
        )
        counts.read += len(res.rows)
        for node_id, name, summary, text, old_hash, old_context in res.rows:
            body = node_text({"name": name, "summary": summary, "text": text})
            digest = text_hash(body) if body else None
            context = (contexts or {}).get(str(node_id))
            if context and text_hash(context) != old_context:
                own = body if body and digest != old_hash else None
                paired.append(_Paired(str(node_id), own, context))
                counts.changed += 0 if own is None else 1
                continue
            if digest is not None and digest != old_hash:
                by_hash.setdefault(digest, (body, []))[1].append(node_id)
                counts.changed += 1
    if paired:
        await _embed_paired(io, embedder, paired, counts)
    todo = sorted(by_hash.items(), key=lambda item: len(item[1][0]))
    counts.embedded += len(todo)
    writing: asyncio.Task[None] | None = None
    try:
        for start in range(0, len(todo), EMBED_CHUNK):
            part = todo[start : start + EMBED_CHUNK]
            began = asyncio.get_running_loop().time()
            vectors = await embedder.embed([body for _, (body, _) in part])
            counts.seconds_in_model += asyncio.get_running_loop().time() - began
            rows = await asyncio.to_thread(_rows, part, vectors)
            if writing is not None:
                await writing
            writing = asyncio.create_task(_write(io, rows))
    finally:
        if writing is not None:
            await writing
    return counts


def _rows(
    part: list[tuple[str, tuple[str, list[str]]]], vectors: list[list[float]]
) -> list[dict[str, Any]]:
    """One statement's rows: every id of each text, with the text's hash and vector."""
    return [
        {"id": node_id, "h": digest, "v": vector_literal(vector)}
        for (digest, (_, node_ids)), vector in zip(part, vectors, strict=True)
        for node_id in node_ids
    ]


async def _write(io: GraphIO, rows: list[dict[str, Any]]) -> None:
    await io.write("write embeddings", WRITE_EMBEDDINGS, {"rows": rows})


@dataclass(frozen=True, slots=True)
class _Paired:
    """A passage whose context is new: its own text too when that changed."""

    id: str
    own: str | None
    context: str


async def _embed_paired(
    io: GraphIO, embedder: Embedder, paired: list[_Paired], counts: EmbedCounts
) -> None:
    """Embed passages with their contexts, round by round, each node in one statement."""
    for start in range(0, len(paired), CONTEXT_ROUND):
        part = paired[start : start + CONTEXT_ROUND]
        texts = sorted({t for p in part for t in (p.own, p.context) if t}, key=len)
        began = asyncio.get_running_loop().time()
        vectors = dict(zip(texts, await embedder.embed(texts), strict=True))
        counts.seconds_in_model += asyncio.get_running_loop().time() - began
        counts.embedded += len(texts)
        both: list[dict[str, Any]] = []
        alone: list[dict[str, Any]] = []
        for p in part:
            row: dict[str, Any] = {
                "id": p.id,
                "ch": text_hash(p.context),
                "c": vector_literal(vectors[p.context]),
            }
            if p.own is None:
                alone.append(row)
            else:
                both.append({**row, "h": text_hash(p.own), "v": vector_literal(vectors[p.own])})
        if both:
            await io.write("write embeddings with contexts", WRITE_WITH_CONTEXT, {"rows": both})
        if alone:
            await io.write("write context embeddings", WRITE_CONTEXT, {"rows": alone})
        counts.contexts += len(part)
