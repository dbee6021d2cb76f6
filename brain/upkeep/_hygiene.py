"""What makes a brain slower or noisier than it needs to be, counted for the hygiene report.

Closed facts older than the archive window (the archive moves them), daily readings older
than the roll-up window (the roll-up folds them), things nothing links to, things linked
to far more than anything else, facts the gate refused since a moment, and business
records no tool has answered with since reads were first stamped
(``TenantGraph.stamp_reads``). The scheduler's hygiene job posts them; nothing here
cleans anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import LiteralString

from brain._tenant_graph import TenantGraph

DAY_MS = 86_400_000
#: Business records read to find the cold ones.
MAX_RECORDS = 200_000


@dataclass(frozen=True, slots=True)
class Thing:
    """A node named in the report."""

    id: str
    name: str | None
    type: str


@dataclass(frozen=True, slots=True)
class Hub:
    """A thing with more current links than the report's threshold."""

    thing: Thing
    links: int


@dataclass(frozen=True, slots=True)
class HygieneCounts:
    """The report's figures, and the first few things of each list."""

    old_closed: int
    old_daily: int
    refused: int
    unlinked: int
    unlinked_first: list[Thing]
    hubs: list[Hub]
    records: int
    #: Business records no tool has read.
    cold: int
    #: The first of them, oldest recorded first.
    cold_first: list[Thing]


COUNT_OLD_CLOSED = """
MATCH ()-[e]->()
WHERE e.until IS NOT NULL AND e.until < $cutoff
RETURN count(e)
LIMIT $limit
"""

# A daily reading spans a day (an hour's slack for the clock change).
COUNT_OLD_DAILY = """
MATCH (o:Observation)
WHERE o.rollupRun IS NULL AND o.end IS NOT NULL AND o.end <= $cutoff
  AND o.end - o.start <= $day + 3600000
RETURN count(o)
LIMIT $limit
"""

COUNT_REFUSED_SINCE = """
MATCH (r:Refusal)
WHERE r.at >= $since
RETURN count(r)
LIMIT $limit
"""

COUNT_UNLINKED = """
MATCH (n:Searchable)
WHERE NOT (n)--()
RETURN count(n)
LIMIT $limit
"""

READ_UNLINKED = """
MATCH (n:Searchable)
WHERE NOT (n)--()
RETURN n.id, n.name, n.type
ORDER BY n.id
LIMIT $limit
"""

READ_HUBS = """
MATCH (n:Searchable)-[e]-()
WHERE e.until IS NULL
WITH n, count(e) AS links
WHERE links > $over
RETURN n.id, n.name, n.type, links
ORDER BY links DESC
LIMIT $limit
"""

#: Business records (the assistant's own turns, findings and cards are never "cold").
READ_RECORDS = """
MATCH (n:Searchable)
WHERE NOT n.type IN ['Turn', 'Finding', 'Card']
RETURN n.id, n.name, n.type, n.recordedAt
ORDER BY n.recordedAt
LIMIT $limit
"""


async def hygiene_counts(
    graph: TenantGraph,
    *,
    archive_cutoff_ms: int,
    rollup_cutoff_ms: int,
    refused_since_ms: int,
    over_linked: int,
    limit: int,
) -> HygieneCounts:
    """Count what needs cleaning, with the first ``limit`` things of each list.

    ``archive_cutoff_ms`` and ``rollup_cutoff_ms`` are the windows' edges (facts closed
    before the first, daily readings ending before the second); ``over_linked`` is the
    number of current links above which a thing is a hub.
    """

    async def count(name: str, cypher: LiteralString, params: dict[str, int]) -> int:
        res = await graph.read(name, cypher, {**params, "limit": 1})
        return int(res.scalar(0) or 0)

    old_closed = await count("old closed facts", COUNT_OLD_CLOSED, {"cutoff": archive_cutoff_ms})
    old_daily = await count(
        "old daily readings", COUNT_OLD_DAILY, {"cutoff": rollup_cutoff_ms, "day": DAY_MS}
    )
    refused = await count("refused since", COUNT_REFUSED_SINCE, {"since": refused_since_ms})
    unlinked = await count("unlinked count", COUNT_UNLINKED, {})
    first = (await graph.read("unlinked", READ_UNLINKED, {"limit": limit})).rows
    hubs = (await graph.read("hubs", READ_HUBS, {"over": over_linked, "limit": limit})).rows
    stamps = await graph.read_stamps()
    records = (await graph.read("record ids", READ_RECORDS, {"limit": MAX_RECORDS})).rows
    cold = [row for row in records if row[0] not in stamps]
    return HygieneCounts(
        old_closed=old_closed,
        old_daily=old_daily,
        refused=refused,
        unlinked=unlinked,
        unlinked_first=[Thing(str(i), n, str(k)) for i, n, k in first],
        hubs=[Hub(Thing(str(i), n, str(k)), int(links)) for i, n, k, links in hubs],
        records=len(records),
        cold=len(cold),
        cold_first=[Thing(str(i), n, str(k)) for i, n, k, _ in cold[:limit]],
    )
