"""Which passages answer a question: the chunk lists fused per passage, neighbours counted.

Search answers a passage as its source, but an answer that quotes the words needs the
passages themselves, best first. The chunk searches (full-text and vector, and a second
vector list when the question names a speaker) are fused by reciprocal rank per passage.
A transcript line is short ("Evaluation."), and what a question asks about is usually
said over several adjacent turns, so each line also earns a share of its neighbours'
scores (a window of turns, decaying with distance): a run of matching lines outranks one
stray line that happens to share a word. Picked passages keep a gap between them, so ten
results cover several places in the records rather than ten neighbouring lines of one
place; close neighbours fill the list only after that.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

#: Reciprocal-rank constant, as for things.
RRF_K = 60
#: Lines on each side whose scores a line shares, and how fast the share decays.
WINDOW = 3
DECAY = 0.5
#: How much a passage gains from its source's share of all the matches: a question's
#: answer sits in the meeting where most of its lines matched, not in the one stray line
#: of another meeting on the same subject (0: no gain; 1: the best source's passages
#: count double).
SOURCE_SHARE = 0.0
#: Lines kept between two picked passages of the same source before any close neighbour
#: of a picked one is taken.
GAP = 3


@dataclass(frozen=True, slots=True)
class PassageRow:
    """One ranked chunk match: the chunk, its source and where it sits in it."""

    id: str
    source: str
    source_type: str
    source_name: str | None
    text: str
    line: int | None
    speaker: str | None
    section: str | None
    time: str | None
    position: int | None


@dataclass(slots=True)
class RankedPassage:
    """A passage picked for an answer, with its fused score."""

    row: PassageRow
    score: float


def rank_passages(
    lists: list[list[PassageRow]],
    *,
    limit: int,
    window: int = WINDOW,
    decay: float = DECAY,
    gap: int = GAP,
    source_share: float | None = None,
) -> list[RankedPassage]:
    """The best ``limit`` passages of the ranked chunk lists; see the module doc."""
    direct: dict[str, float] = defaultdict(float)
    rows: dict[str, PassageRow] = {}
    for ranked in lists:
        for rank, row in enumerate(ranked, 1):
            direct[row.id] += 1.0 / (RRF_K + rank)
            rows.setdefault(row.id, row)
    # neighbours by (source, place): a line's place is its line, a section's its position
    at: dict[tuple[str, int], str] = {}
    for row in rows.values():
        place = _place(row)
        if place is not None:
            at[(row.source, place)] = row.id
    score: dict[str, float] = dict(direct)
    # a line shares only what it scored above the weakest match: in a small meeting every
    # line is in every vector list, and a long run of such noise would outscore the one
    # line that matched by its words
    floor = min(direct.values(), default=0.0)
    if window > 0:
        for pid, value in direct.items():
            row = rows[pid]
            place = _place(row)
            if place is None:
                continue
            for d in range(1, window + 1):
                share = (value - floor) * decay**d
                for other in (at.get((row.source, place - d)), at.get((row.source, place + d))):
                    if other is not None:
                        score[other] += share
    share = SOURCE_SHARE if source_share is None else source_share
    if share:
        by_source: dict[str, float] = defaultdict(float)
        for pid, value in direct.items():
            by_source[rows[pid].source] += value
        best = max(by_source.values())
        score = {p: v * (1 + share * by_source[rows[p].source] / best) for p, v in score.items()}
    picked: list[RankedPassage] = []
    close: list[RankedPassage] = []
    for pid in sorted(score, key=lambda p: (-score[p], p)):
        row = rows[pid]
        place = _place(row)
        if (
            gap
            and place is not None
            and any(
                p.row.source == row.source
                and (q := _place(p.row)) is not None
                and abs(q - place) <= gap
                for p in picked
            )
        ):
            close.append(RankedPassage(row, score[pid]))
            continue
        picked.append(RankedPassage(row, score[pid]))
        if len(picked) >= limit:
            break
    return picked + close[: limit - len(picked)]


def _place(row: PassageRow) -> int | None:
    return row.line if row.line is not None else row.position
