"""The company brain: FalkorDB, the schema, gated two-clock writes, reads and ingest."""

from __future__ import annotations

from brain.brain import Brain
from brain.cypher_guard import CYPHER_ROW_CAP, CYPHER_TIMEOUT_MS, check_cypher, run_cypher
from brain.driver import FalkorDriver, GraphDriver, QueryResult
from brain.errors import (
    GraphUnavailable,
    HivebrainError,
    InputInvalid,
    InvalidSlug,
    QueryRefused,
    TenantExists,
    TenantUnknown,
    WriteRefused,
)
from brain.facts import export_facts, parse_lines, read_facts
from brain.moments import format_moment, now_ms, parse_moment
from brain.ranks import clear_cache, rank, topics
from brain.sample import SAMPLE_QUESTIONS, SAMPLE_TENANT, sample_business
from brain.server import EmbeddedServer, ServerStatus
from brain.settings import BrainSettings
from brain.stats import TenantStats, tenant_stats
from brain.tenant_graph import TenantGraph, WriteReport
from brain.tenants import Registry, Tenant, validate_slug

__all__ = [
    "clear_cache",
    "rank",
    "topics",
    "SAMPLE_QUESTIONS",
    "SAMPLE_TENANT",
    "sample_business",
    "CYPHER_ROW_CAP",
    "CYPHER_TIMEOUT_MS",
    "check_cypher",
    "run_cypher",
    "Brain",
    "BrainSettings",
    "EmbeddedServer",
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
