"""Scheduled jobs (roll-ups, archive, digests, repo triage, hygiene) and their scheduler.

The scheduler never imports a chat SDK: it hands platform-neutral posts to the poster the
bots supply at wiring time.
"""

from __future__ import annotations

from scheduler._handoff import HANDED_KIND, WorkerHandoff, run_handed
from scheduler._inflight import InFlight, forget_inflight, runs_inflight
from scheduler._leader import LEASE_KEY, SchedulerLeader
from scheduler._runner import (
    DigestPoster,
    JobRunner,
    RunReport,
    channels_for,
    deliver,
    run_lock_key,
)
from scheduler._service import JobService, next_run, wanted_jobs
from scheduler.jobs import (
    JOBS,
    CardNote,
    CheckNote,
    Cite,
    Job,
    JobContext,
    JobOutcome,
    Post,
    Sources,
    crontab_trigger,
    job,
    triage_post,
)

__all__ = [
    "HANDED_KIND",
    "WorkerHandoff",
    "run_handed",
    "InFlight",
    "LEASE_KEY",
    "SchedulerLeader",
    "forget_inflight",
    "runs_inflight",
    "JOBS",
    "CardNote",
    "CheckNote",
    "Cite",
    "DigestPoster",
    "Job",
    "JobContext",
    "JobOutcome",
    "JobRunner",
    "JobService",
    "Post",
    "RunReport",
    "Sources",
    "channels_for",
    "crontab_trigger",
    "deliver",
    "job",
    "next_run",
    "run_lock_key",
    "triage_post",
    "wanted_jobs",
]
