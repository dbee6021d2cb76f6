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
from brain.db._params import RawCypher, cypher_literal, cypher_string, params_header
from brain.db._server import EmbeddedServer, ServerStatus

__all__ = [
    "EmbeddedServer",
    "FalkorDriver",
    "GraphDriver",
    "IndexReport",
    "QueryResult",
    "RawCypher",
    "ServerStatus",
    "cypher_literal",
    "cypher_string",
    "ensure_indexes",
    "index_report",
    "params_header",
    "pending_indexes",
    "safe_url",
    "wait_operational",
]
