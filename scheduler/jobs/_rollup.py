"""The reading roll-up job: daily readings past the tenant's window become weekly ones.

The window is the tenant setting ``rollup_days`` (90 by default). A dry run reports the
readings before and after and the graph's size, and writes nothing; ``--undo RUN`` puts
the run's daily readings back and removes its weekly ones (``brain.upkeep``).
"""

from __future__ import annotations

from typing import Any

from brain import TenantGraph
from brain.upkeep import apply_rollup, graph_size, plan_rollup, undo_rollup
from scheduler.jobs._registry import JobContext, JobOutcome, int_setting, job

#: The tenant setting: readings older than this many days roll up.
WINDOW_SETTING = "rollup_days"
DEFAULT_WINDOW_DAYS = 90


async def _undo(graph: TenantGraph, run_id: str) -> dict[str, Any]:
    return await undo_rollup(graph, run_id)


@job(
    "rollup",
    purpose="roll daily readings older than the window up into weekly readings",
    schedule="30 3 * * sun",
    period="week",
    undo=_undo,
)
async def rollup(ctx: JobContext) -> JobOutcome:
    """Plan the roll-up; carry it out unless this is a dry run."""
    window = int_setting(ctx.settings, WINDOW_SETTING, DEFAULT_WINDOW_DAYS)
    plan = await plan_rollup(ctx.graph, t=ctx.t, window_days=window, tz=ctx.tz)
    before = await graph_size(ctx.graph)
    figures: dict[str, Any] = {**plan.summary(), "window_days": window, "size_before": before}
    if ctx.dry_run:
        return JobOutcome(
            summary=f"would roll {plan.daily_rolled:,} daily readings into "
            f"{len(plan.buckets):,} ({plan.readings_before:,} readings -> "
            f"{plan.readings_after:,})",
            details=figures,
        )
    await apply_rollup(ctx.graph, plan, run_id=ctx.run_id, tz=ctx.tz)
    figures["size_after"] = await graph_size(ctx.graph)
    return JobOutcome(
        summary=f"rolled {plan.daily_rolled:,} daily readings into {len(plan.buckets):,} "
        f"({plan.readings_before:,} readings -> {plan.readings_after:,}); undo with "
        f"--undo {ctx.run_id}",
        details=figures,
    )
