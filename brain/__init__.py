"""The company brain: FalkorDB, the schema, gated two-clock writes, reads and ingest."""

from __future__ import annotations

from brain._brain import Brain
from brain._moments import format_moment, now_ms, parse_moment
from brain._settings import BrainSettings
from brain._tenant_graph import TenantGraph, WriteReport
from brain._tenants import Registry, Tenant, validate_slug
from brain.db._driver import FalkorDriver, GraphDriver, QueryResult
from brain.db._server import EmbeddedServer, ServerStatus
from brain.errors import (
    EmbeddingUnavailable,
    GraphUnavailable,
    HivebrainError,
    InputInvalid,
    InvalidSlug,
    QueryRefused,
    TenantExists,
    TenantUnknown,
    WriteRefused,
)
from brain.ingest._facts import export_facts, parse_lines, read_facts
from brain.reads._cypher_guard import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, check_cypher, run_cypher
from brain.reads._ranks import clear_cache, rank, topics
from brain.reads._stats import TenantStats, tenant_stats
from brain.sample import SAMPLE_QUESTIONS, SAMPLE_TENANT, benchmark_graph, sample_business

__all__ = [
    "clear_cache",
    "rank",
    "topics",
    "SAMPLE_QUESTIONS",
    "SAMPLE_TENANT",
    "benchmark_graph",
    "sample_business",
    "CYPHER_ROW_CAP",
    "CYPHER_TIMEOUT_MS",
    "check_cypher",
    "run_cypher",
    "Brain",
    "BrainSettings",
    "EmbeddedServer",
    "EmbeddingUnavailable",
    "FalkorDriver",
    "GraphDriver",
    "GraphUnavailable",
    "HivebrainError",
    "InputInvalid",
    "InvalidSlug",
    "QueryRefused",
    "QueryResult",
    "Registry",
    "ServerStatus",
    "Tenant",
    "TenantExists",
    "TenantGraph",
    "TenantStats",
    "TenantUnknown",
    "WriteRefused",
    "WriteReport",
    "export_facts",
    "format_moment",
    "now_ms",
    "parse_lines",
    "parse_moment",
    "read_facts",
    "tenant_stats",
    "validate_slug",
]
