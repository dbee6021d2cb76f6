"""Each transcript line's context vector: the line with the turns either side, embedded once.

A question is usually answered over a few turns ("what did they decide about the
case?" - "rubber, then" - "yes, the double-curved one"), no single line of which reads like
the question; a line's own vector misses it, the full-text side too. So at load every
spoken line also gets a vector of its turn with the one before and after
(``contextEmbedding``, indexed on the ``ChunkContext`` label), and search asks it as a third
passage list beside the line's words and the line's own vector (``brain.reads.search``).
The model's cost is paid at load, once per line, not while a user waits; a line whose
context text is unchanged on a reload (``contextHash``) is not embedded again.

A new line's context goes to the write of its facts (``contexts`` of ``write_facts``), so
its two vectors reach the graph in one statement: a second write of the line leaves a dead
entry in the index of its own vector, and searches near the meeting then found half the
lines they asked for. ``embed_line_contexts`` does the rest after the write: lines whose
words are unchanged but whose neighbours changed (a corrected transcript), and every line
when vectors are left to an ingest worker.
"""

from __future__ import annotations

from typing import LiteralString

from brain._embeddings import text_hash
from brain._tenant_graph import TenantGraph
from brain.ingest.meetings._formats import Transcript
from brain.ingest.meetings._transcripts import line_chunk_id
from brain.schema import vector_literal

#: Turns on each side of a line in its context.
CONTEXT_TURNS = 1
#: Lines embedded and written per round.
ROUND = 512

READ_CONTEXT_HASHES: LiteralString = """
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id, n.contextHash
"""
WRITE_CONTEXT: LiteralString = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
SET n.contextEmbedding = vecf32(row.v), n.contextHash = row.h, n:ChunkContext
"""


def line_contexts(transcript: Transcript) -> dict[int, str]:
    """Each spoken line's context text: its turn with ``CONTEXT_TURNS`` either side."""
    turns = transcript.turns
    spoken = [i for i, t in enumerate(turns) if t.text]
    out: dict[int, str] = {}
    for n, i in enumerate(spoken):
        around = spoken[max(0, n - CONTEXT_TURNS) : n + CONTEXT_TURNS + 1]
        out[i] = "\n".join(f"{turns[k].speaker}: {turns[k].text}" for k in around)
    return out


def context_texts(transcript: Transcript, meeting: str) -> dict[str, str]:
    """Each spoken line's context text by the id of its Chunk in ``meeting``."""
    return {
        line_chunk_id(meeting, i, transcript.turns[i]): text
        for i, text in line_contexts(transcript).items()
    }


async def embed_line_contexts(
    graph: TenantGraph, transcript: Transcript, meeting: str, *, texts: dict[str, str] | None = None
) -> int:
    """Write the context vector of every line of ``meeting`` whose context changed (and was
    not written with the line); returns how many were embedded (none without an embedder:
    vector search is off). ``texts``: the lines' contexts, when the caller has them."""
    embedder = graph.embedder
    if embedder is None:
        return 0
    texts = texts if texts is not None else context_texts(transcript, meeting)
    ids = list(texts)
    res = await graph.read("read context hashes", READ_CONTEXT_HASHES, {"ids": ids})
    known = {str(row[0]): row[1] for row in res.rows}
    todo = [(i, texts[i], h) for i in ids if i in known and known[i] != (h := text_hash(texts[i]))]
    for start in range(0, len(todo), ROUND):
        part = todo[start : start + ROUND]
        vectors = await embedder.embed([text for _, text, _ in part])
        rows = [
            {"id": i, "h": h, "v": vector_literal(v)}
            for (i, _, h), v in zip(part, vectors, strict=True)
        ]
        await graph.vector_write("write context vectors", WRITE_CONTEXT, {"rows": rows})
    return len(todo)
