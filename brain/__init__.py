"""The company brain: FalkorDB, the schema, gated two-clock writes, reads and ingest."""

from __future__ import annotations

from brain._brain import Brain
from brain._health import DatabaseHealth, database_health
from brain._ingest_queue import IngestQueue, Job
from brain._moments import format_moment, now_ms, parse_moment
from brain._notes import ServerNotes, digest_key
from brain._settings import BrainSettings, HivebrainSettings, HttpUrlSetting
from brain._tenant_graph import TenantGraph, WriteReport
from brain._tenants import Registry, Tenant, setting_list, tenant_slot, validate_slug
from brain.db import (
    EmbeddedServer,
    FalkorDriver,
    GraphDriver,
    Lease,
    QueryResult,
    ServerLock,
    ServerStatus,
    SharedValues,
    lock_key,
)
from brain.errors import (
    EmbeddingUnavailable,
    GraphUnavailable,
    HivebrainError,
    InputInvalid,
    InvalidSlug,
    QueryRefused,
    SettingsInvalid,
    TenantExists,
    TenantUnknown,
    WriteNotReplicated,
    WriteRefused,
)
from brain.ingest import export_facts, parse_lines, read_facts
from brain.reads import (
    CYPHER_ROW_CAP,
    CYPHER_TIMEOUT_MS,
    TenantStats,
    check_cypher,
    clear_cache,
    rank,
    run_cypher,
    tenant_stats,
    topics,
)
from brain.sample import SAMPLE_QUESTIONS, SAMPLE_TENANT, sample_business

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
    "DatabaseHealth",
    "HivebrainSettings",
    "HttpUrlSetting",
    "SettingsInvalid",
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
    "Lease",
    "ServerLock",
    "SharedValues",
    "ServerNotes",
    "IngestQueue",
    "Job",
    "digest_key",
    "WriteNotReplicated",
    "ServerStatus",
    "Tenant",
    "TenantExists",
    "TenantGraph",
    "TenantStats",
    "TenantUnknown",
    "WriteRefused",
    "WriteReport",
    "database_health",
    "export_facts",
    "format_moment",
    "lock_key",
    "now_ms",
    "parse_lines",
    "parse_moment",
    "read_facts",
    "setting_list",
    "tenant_stats",
    "tenant_slot",
    "validate_slug",
]
