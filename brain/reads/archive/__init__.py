"""Reads of the archive graph: what past moments see once the archive job moved it out.

``reaches`` says whether a moment is older than what the tenant graph still holds;
``union_rows`` and ``archive_rows`` add the archive's rows to a read; ``dailies_of`` reads
the daily originals behind rolled-up weeks.
"""

from __future__ import annotations

from brain.reads.archive._reach import (
    READ_LIVE_IDS,
    READ_NAMES,
    Hydrate,
    archive_rows,
    archived_edge_page,
    reaches,
    union_rows,
)
from brain.reads.archive._rolled import Daily, cut_weeks, dailies_of

__all__ = [
    "READ_LIVE_IDS",
    "READ_NAMES",
    "Daily",
    "Hydrate",
    "archive_rows",
    "archived_edge_page",
    "cut_weeks",
    "dailies_of",
    "reaches",
    "union_rows",
]
