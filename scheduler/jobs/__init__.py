"""The scheduled jobs, one registry of them (importing this registers every job)."""

from __future__ import annotations

from scheduler.jobs import _archive as _archive
from scheduler.jobs import _connected as _connected
from scheduler.jobs import _digest as _digest
from scheduler.jobs import _hygiene as _hygiene
from scheduler.jobs import _minutes as _minutes
from scheduler.jobs import _rollup as _rollup
from scheduler.jobs import _triage as _triage
from scheduler.jobs._cites import Sources
from scheduler.jobs._registry import (
    JOBS,
    CardNote,
    CheckNote,
    Cite,
    Job,
    JobContext,
    JobOutcome,
    Post,
    crontab_trigger,
    job,
    period_key,
    schedule_for,
    tenant_zone,
)
from scheduler.jobs._triage import triage_post

__all__ = [
    "JOBS",
    "CardNote",
    "CheckNote",
    "Cite",
    "Job",
    "JobContext",
    "JobOutcome",
    "Post",
    "Sources",
    "crontab_trigger",
    "job",
    "period_key",
    "schedule_for",
    "tenant_zone",
    "triage_post",
]
