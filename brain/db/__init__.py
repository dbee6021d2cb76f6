"""The database: the embedded FalkorDB server, the driver every query goes through, the indexes,
and the guard on Cypher a model writes."""

from __future__ import annotations

from brain.db._cypher_guard import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, MAX_QUERY_CHARS, check_cypher
from brain.db._driver import (
    READ_TIMEOUT_MS,
    CheckedCypher,
    FalkorDriver,
    GraphDriver,
    QueryResult,
)
from brain.db._indexes import (
    STALE_SHARE,
    VECTOR_EF_RUNTIME,
    IndexReport,
    ensure_indexes,
    index_report,
    pending_indexes,
    rebuild_fulltext,
    stale_fulltext,
    wait_operational,
)
from brain.db._local_brains import LocalBrain
from brain.db._lock import Lease, ServerLock, graph_write_lock, lock_key
from brain.db._params import RawCypher, cypher_literal, cypher_string, params_header
from brain.db._server import EmbeddedServer, ServerStatus
from brain.db._shared_values import SharedValues
from brain.db._topology import SCHEMES, Topology, parse_falkordb_url, safe_url, sync_client

__all__ = [
    "CYPHER_ROW_CAP",
    "CYPHER_TIMEOUT_MS",
    "CheckedCypher",
    "MAX_QUERY_CHARS",
    "check_cypher",
    "EmbeddedServer",
    "FalkorDriver",
    "GraphDriver",
    "IndexReport",
    "QueryResult",
    "RawCypher",
    "ServerStatus",
    "SharedValues",
    "cypher_literal",
    "cypher_string",
    "ensure_indexes",
    "index_report",
    "params_header",
    "pending_indexes",
    "safe_url",
    "wait_operational",
    "READ_TIMEOUT_MS",
    "rebuild_fulltext",
    "stale_fulltext",
    "STALE_SHARE",
    "VECTOR_EF_RUNTIME",
    "graph_write_lock",
    "Lease",
    "ServerLock",
    "lock_key",
    "LocalBrain",
    "SCHEMES",
    "Topology",
    "parse_falkordb_url",
    "sync_client",
]
