"""Scheduled jobs (roll-ups, minutes digests, repo triage, hygiene) and their scheduler.

The scheduler never imports a chat SDK: it hands platform-neutral posts to the poster the
bots supply at wiring time.
"""

from __future__ import annotations

from scheduler.jobs import JOBS, Job, Post, job, run_job
from scheduler.service import build_scheduler, deliver, run_for_all

__all__ = ["JOBS", "Job", "Post", "build_scheduler", "deliver", "job", "run_for_all", "run_job"]
