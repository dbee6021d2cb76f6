"""Embedding what a batch wrote: the text vector search matches, each distinct text once.

The write pipeline hands over the ids of the nodes it created or changed. Their text is
read back (what the graph holds now, whichever of name, summary and text the facts set),
and only Searchable nodes and Chunks, the labels the vector indexes sit on
(``brain.db.VECTOR_LABELS``), whose text changed since it was last embedded
(``textHash``) go to the model. Identical texts are embedded once; texts are sorted by
length, so the model's batches pad little; each round of vectors is written while the
model works on the next round.

Vectors go into the statement as Cypher list literals formatted here, nine significant
digits each (exactly a float32, which is what ``vecf32`` stores): the client's generic
parameter formatting took seconds per thousand vectors, more than the model.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from brain._embeddings import Embedder, node_text, text_hash
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
WHERE n:Searchable OR n:Chunk
RETURN n.id, n.name, n.summary, n.text, n.textHash
"""

WRITE_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
SET n.embedding = vecf32(row.v), n.textHash = row.h
"""


class VectorLiteral:
    """A vector as the Cypher list literal the client puts in the query unchanged.

    The client formats a parameter it does not know with ``str()``; a float list would
    cost a Python call per number instead.
    """

    __slots__ = ("_text",)

    def __init__(self, vector: Sequence[float]) -> None:
        self._text = _format(len(vector)) % tuple(vector)

    def __str__(self) -> str:
        return self._text


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


async def embed_nodes(io: GraphIO, embedder: Embedder, ids: Sequence[str]) -> EmbedCounts:
    """Embed the changed text of the Searchable nodes and Chunks among ``ids``."""
    counts = EmbedCounts()
    by_hash: dict[str, tuple[str, list[str]]] = {}
    for start in range(0, len(ids), READ_CHUNK):
        res = await io.read(
            "read texts", READ_TEXTS, {"ids": list(ids[start : start + READ_CHUNK])}, scalars=True
        )
        counts.read += len(res.rows)
        for node_id, name, summary, text, old_hash in res.rows:
            body = node_text({"name": name, "summary": summary, "text": text})
            if not body:
                continue
            digest = text_hash(body)
            if digest != old_hash:
                by_hash.setdefault(digest, (body, []))[1].append(node_id)
                counts.changed += 1
    todo = sorted(by_hash.items(), key=lambda item: len(item[1][0]))
    counts.embedded = len(todo)
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
        {"id": node_id, "h": digest, "v": VectorLiteral(vector)}
        for (digest, (_, node_ids)), vector in zip(part, vectors, strict=True)
        for node_id in node_ids
    ]


async def _write(io: GraphIO, rows: list[dict[str, Any]]) -> None:
    await io.write("write embeddings", WRITE_EMBEDDINGS, {"rows": rows})
