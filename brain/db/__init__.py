"""The database: the embedded FalkorDB server, the driver every query goes through, the indexes."""

from __future__ import annotations

from brain.db._driver import FalkorDriver, GraphDriver, QueryResult, safe_url
from brain.db._indexes import (
    IndexReport,
    ensure_indexes,
    index_report,
    pending_indexes,
    wait_operational,
)
from brain.db._server import EmbeddedServer, ServerStatus

__all__ = [
    "EmbeddedServer",
    "FalkorDriver",
    "GraphDriver",
    "IndexReport",
    "QueryResult",
    "ServerStatus",
    "ensure_indexes",
    "index_report",
    "pending_indexes",
    "safe_url",
    "wait_operational",
]
