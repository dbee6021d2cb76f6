"""Scheduled jobs (roll-ups, minutes digests, repo triage, hygiene) and their scheduler.

The scheduler never imports a chat SDK: it hands platform-neutral posts to the poster the
bots supply at wiring time.
"""

from __future__ import annotations

from scheduler._service import build_scheduler, deliver, run_for_all
from scheduler.jobs._registry import JOBS, Job, Post, job, run_job

__all__ = ["JOBS", "Job", "Post", "build_scheduler", "deliver", "job", "run_for_all", "run_job"]
