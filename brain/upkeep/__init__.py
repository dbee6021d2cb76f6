"""Upkeep of a tenant's graph: job-run stamps, reading roll-ups, the archive, hygiene reads.

The scheduler's jobs call these; nothing here decides when they run.
"""

from __future__ import annotations

from brain.upkeep._archive import ArchivePlan, apply_archive, plan_archive, undo_archive
from brain.upkeep._rollup import (
    RollupPlan,
    apply_rollup,
    cutoff_ms,
    graph_size,
    plan_rollup,
    undo_rollup,
    weekly_value,
)
from brain.upkeep._runs import (
    JobRun,
    done_run,
    finish_run,
    job_run,
    job_runs,
    mark_once,
    new_run_id,
    start_run,
)

__all__ = [
    "ArchivePlan",
    "apply_archive",
    "plan_archive",
    "undo_archive",
    "JobRun",
    "RollupPlan",
    "apply_rollup",
    "cutoff_ms",
    "done_run",
    "finish_run",
    "graph_size",
    "job_run",
    "job_runs",
    "mark_once",
    "new_run_id",
    "plan_rollup",
    "start_run",
    "undo_rollup",
    "weekly_value",
]
