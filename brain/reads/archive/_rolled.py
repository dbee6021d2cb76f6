"""Rolled-up weeks that a read cuts through: their daily originals, read from the archive.

The roll-up job (``brain.upkeep``) replaces a run of daily readings with one weekly
reading and moves the dailies to the tenant's archive graph, tagged with the run id. A
range of whole weeks totals the same either way, but a range that starts or ends inside
a rolled-up week, or a moment ``t`` inside one (or before all of its days were
recorded), would see the whole week. Pro-rating would guess; the dailies are still
there. So a read first asks which weekly readings it cuts (``cut_weeks``), leaves them
out of its own query, and counts their dailies (``dailies_of``) by the same rules its
query applies, exactly as it would have before the roll-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from brain._tenant_graph import TenantGraph
from brain.reads.archive._reach import archive_rows

DAY_MS = 86_400_000
#: Weekly readings one read may cut (two range ends and a moment cut three; a moment
#: before the roll-up's dailies were all recorded may cut more).
MAX_WEEKS = 2_000

#: Weekly readings of a metric that overlap ``[$lo, $hi)`` and that a cut falls inside,
#: or whose dailies were not all recorded by ``$t`` (``lastSince``; a roll-up from before
#: it was kept counts as cut for any moment before the roll-up itself).
READ_CUT_WEEKS = """
MATCH (o:Observation)-[e:MEASURES]->(m:Metric {id: $id})
WHERE o.rollupRun IS NOT NULL AND o.start < $hi AND o.end > $lo
  AND (any(b IN $cuts WHERE o.start < b AND b < o.end)
       OR coalesce(e.lastSince, o.recordedAt) > $t)
RETURN o.id, o.rollupRun, o.start, o.end
ORDER BY o.start
LIMIT $limit
"""

#: The dailies a weekly reading replaced, in the archive (the metric there is a stub).
READ_WEEK_DAILIES = """
UNWIND $weeks AS w
MATCH (o:Observation {archivedBy: w[1]})-[e:MEASURES]->(:Entity {id: $id})
WHERE o.start >= w[2] AND o.end <= w[3]
RETURN o.id, o.value, o.start, o.end, o.src, o.asOf, o.sample, e.since, e.until
ORDER BY o.start, o.id
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Daily:
    """One archived daily reading with its MEASURES edge's clock."""

    id: str
    value: float | None
    start: int
    end: int | None
    src: str | None
    as_of: int | None
    sample: Any  # as stored (True or absent); ``flagged`` also reads the source
    since: int
    until: int | None

    @property
    def days(self) -> float:
        """Days covered, as the reads count them (a reading without an end: one)."""
        if self.end is None or self.end <= self.start:
            return 1.0
        return (self.end - self.start) / DAY_MS

    @property
    def middle(self) -> int:
        """The moment that decides which day (and range) the reading belongs to."""
        if self.end is None or self.end <= self.start:
            return self.start
        return self.start + (self.end - self.start) // 2

    @property
    def flagged(self) -> bool:
        """Whether the reading is sample data."""
        return self.sample is True or str(self.src or "").startswith("sample:")

    def held(self, t: int, *, until: bool = True) -> bool:
        """Whether the reading was on record at ``t`` (``until=False``: ``since`` only,
        the test ``readings`` applies)."""
        return self.since <= t and (not until or self.until is None or self.until > t)

    def row(self) -> list[Any]:
        """The reading as ``readings`` lists it: id, value, start, end, src, asOf, sample."""
        return [self.id, self.value, self.start, self.end, self.src, self.as_of, self.sample]


async def cut_weeks(
    graph: TenantGraph, metric_id: str, *, lo: int, hi: int, cuts: Sequence[int], t: int
) -> list[list[Any]]:
    """The weekly readings a read of ``[lo, hi)`` at ``t`` with boundaries ``cuts`` cannot
    count whole: (id, run, start, end) each."""
    res = await graph.read(
        "cut weeks",
        READ_CUT_WEEKS,
        {"id": metric_id, "lo": lo, "hi": hi, "cuts": list(cuts), "t": t, "limit": MAX_WEEKS},
    )
    return res.rows


async def dailies_of(graph: TenantGraph, metric_id: str, weeks: list[list[Any]]) -> list[Daily]:
    """The archived dailies of these weekly readings, oldest first."""
    if not weeks:
        return []
    rows = await archive_rows(
        graph,
        "rolled-up dailies",
        READ_WEEK_DAILIES,
        {"id": metric_id, "weeks": weeks, "limit": 40 * len(weeks)},
    )
    return [
        Daily(
            id=str(r[0]),
            value=None if r[1] is None else float(r[1]),
            start=int(r[2]),
            end=None if r[3] is None else int(r[3]),
            src=r[4],
            as_of=r[5],
            sample=r[6],
            since=int(r[7]),
            until=None if r[8] is None else int(r[8]),
        )
        for r in rows
    ]
