"""The scheduled jobs, one registry of them."""

from __future__ import annotations

from scheduler.jobs._registry import JOBS, Job, Post, job, run_job

__all__ = [
    "JOBS",
    "Job",
    "Post",
    "job",
    "run_job",
]
