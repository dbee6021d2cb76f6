"""What the team's votes teach: the golden answers, and the records behind missed ones.

Both are read from the Feedback nodes on the server (each person's latest vote on each
answer), so every process sees the same. An answer the team liked more than it disliked
is *golden*: ``bench/regression.py`` asks it again and checks it still holds. An answer
it disliked more than it liked is *disliked*: the records it cited weigh less when a
similar question (by the cosine of the question embeddings) searches the brain again
(``feedback_penalties``, applied by ``search``). A tie teaches nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from brain._moments import format_moment
from brain._tenant_graph import TenantGraph

#: Voted answers read at most (newest first).
MAX_VOTED = 500
#: How alike two questions must be (cosine of their embeddings) for one's 👎 to count
#: against the other's records. all-MiniLM puts paraphrases at 0.8-0.95, questions of one
#: frame about different things ("who owns X" / "who owns Y") near 0.5-0.7.
SIMILAR_COSINE = 0.8
#: Vectors of voted questions kept per process (a cache: the question text never changes).
MAX_CACHED_VECTORS = 5_000


@dataclass(frozen=True, slots=True)
class VotedAnswer:
    """A saved answer the team voted on: the question, the answer and what it cited."""

    turn_id: str
    question: str
    answer: str
    #: The moment the question was asked at (``as_of``), when it was not "now".
    asked_as_of: str | None
    asked_at: str | None
    up: int
    down: int
    cited: tuple[str, ...] = field(default_factory=tuple)


#: Each person's latest vote per answer, summed per answer; only answers with a majority.
READ_VOTED_ANSWERS = """
MATCH (f:Feedback)-[:ABOUT]->(t:Turn)
WITH t, f.givenBy AS who, f
ORDER BY f.givenAt DESC
WITH t, who, collect(f.vote)[0] AS vote
WITH t, sum(CASE WHEN vote = 'up' THEN 1 ELSE 0 END) AS up,
     sum(CASE WHEN vote = 'down' THEN 1 ELSE 0 END) AS down
WHERE ($liked AND up > down) OR (NOT $liked AND down > up)
OPTIONAL MATCH (t)-[:CITES]->(n:Entity)
WITH t, up, down, collect(n.id) AS cited
RETURN t.id, t.name, t.text, t.askedAsOf, t.askedAt, up, down, cited
ORDER BY t.askedAt DESC, t.id
LIMIT $limit
"""


async def _voted(graph: TenantGraph, *, liked: bool, limit: int) -> list[VotedAnswer]:
    params = {"liked": liked, "limit": min(limit, MAX_VOTED)}
    res = await graph.read("read voted answers", READ_VOTED_ANSWERS, params, timeout_ms=10_000)
    out: list[VotedAnswer] = []
    for tid, question, answer, as_of, asked_at, up, down, cited in res.rows:
        out.append(
            VotedAnswer(
                turn_id=str(tid),
                question=str(question or ""),
                answer=str(answer or ""),
                asked_as_of=str(as_of) if as_of else None,
                asked_at=format_moment(asked_at) if isinstance(asked_at, int) else None,
                up=int(up),
                down=int(down),
                cited=tuple(sorted(str(c) for c in cast(list[Any], cited or []))),
            )
        )
    return out


async def golden_answers(graph: TenantGraph, *, limit: int = MAX_VOTED) -> list[VotedAnswer]:
    """The tenant's golden set: answers more people liked than disliked, newest first."""
    return await _voted(graph, liked=True, limit=limit)


async def disliked_answers(graph: TenantGraph, *, limit: int = MAX_VOTED) -> list[VotedAnswer]:
    """Answers more people disliked than liked, newest first."""
    return await _voted(graph, liked=False, limit=limit)


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """The cosine of two vectors (0 when either is all zeros)."""
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


_VECTORS: dict[tuple[str, str], list[float]] = {}


async def _question_vectors(graph: TenantGraph, answers: list[VotedAnswer]) -> list[list[float]]:
    """Each answer's question embedded, each question once per process."""
    embedder = graph.embedder
    assert embedder is not None
    missing = [a for a in answers if (graph.slug, a.turn_id) not in _VECTORS]
    if missing:
        vectors = await embedder.embed([a.question for a in missing])
        if len(_VECTORS) + len(missing) > MAX_CACHED_VECTORS:
            _VECTORS.clear()
        for a, v in zip(missing, vectors, strict=True):
            _VECTORS[(graph.slug, a.turn_id)] = list(v)
    return [_VECTORS[(graph.slug, a.turn_id)] for a in answers]


async def feedback_penalties(
    graph: TenantGraph, vector: Sequence[float], weight: float
) -> dict[str, float]:
    """How much each record's search score keeps for a question embedded as ``vector``.

    A record cited by a disliked answer to a similar question (cosine at least
    ``SIMILAR_COSINE``) keeps ``1 - weight * cosine`` of its score (the most alike such
    question counts); every other record keeps all of it and is not listed. ``weight`` 0
    (or no embedder) reads nothing and returns no penalty.
    """
    if weight <= 0 or graph.embedder is None:
        return {}
    disliked = await disliked_answers(graph)
    disliked = [a for a in disliked if a.cited and a.question]
    if not disliked:
        return {}
    kept: dict[str, float] = {}
    for answer, other in zip(disliked, await _question_vectors(graph, disliked), strict=True):
        alike = cosine(vector, other)
        if alike < SIMILAR_COSINE:
            continue
        factor = max(0.0, 1.0 - weight * alike)
        for node_id in answer.cited:
            kept[node_id] = min(kept.get(node_id, 1.0), factor)
    return kept


def voted_dict(answer: VotedAnswer) -> dict[str, Any]:
    """JSON-ready form of a voted answer (bench output, ``--json``)."""
    return {
        "turn_id": answer.turn_id,
        "question": answer.question,
        "asked_as_of": answer.asked_as_of,
        "up": answer.up,
        "down": answer.down,
        "cited": list(answer.cited),
    }
