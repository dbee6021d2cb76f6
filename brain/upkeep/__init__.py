"""Upkeep of a tenant's graph: job-run stamps, reading roll-ups, the archive, and the reads
of the scheduled reports (hygiene, the business and minutes digests, the facts nobody
confirmed within the tenant's freshness windows).

The scheduler's jobs call these; nothing here decides when they run.
"""

from __future__ import annotations

from brain.upkeep._archive import ArchivePlan, apply_archive, plan_archive, undo_archive
from brain.upkeep._archive_move import ARCHIVES_MOVED, move_archive_graphs
from brain.upkeep._digests import (
    MetricWeek,
    OwnerChange,
    RecordedDecision,
    RecordedMeeting,
    TouchedIncident,
    decisions_recorded,
    incidents_touched,
    meetings_recorded,
    metric_weeks,
    owner_changes,
)
from brain.upkeep._freshness import (
    ALL_FACTS,
    UnconfirmedFact,
    freshness_rule,
    unconfirmed_facts,
)
from brain.upkeep._hygiene import Hub, HygieneCounts, Thing, hygiene_counts
from brain.upkeep._records import UPKEEP_KINDS, UpkeepRestore, export_upkeep, restore_upkeep
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
    "ALL_FACTS",
    "ARCHIVES_MOVED",
    "UnconfirmedFact",
    "freshness_rule",
    "unconfirmed_facts",
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
    "move_archive_graphs",
    "new_run_id",
    "plan_rollup",
    "start_run",
    "undo_rollup",
    "weekly_value",
    "MetricWeek",
    "OwnerChange",
    "RecordedDecision",
    "RecordedMeeting",
    "TouchedIncident",
    "decisions_recorded",
    "incidents_touched",
    "meetings_recorded",
    "metric_weeks",
    "owner_changes",
    "Hub",
    "HygieneCounts",
    "Thing",
    "hygiene_counts",
    "UPKEEP_KINDS",
    "UpkeepRestore",
    "export_upkeep",
    "restore_upkeep",
]
