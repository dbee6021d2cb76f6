"""The archive job: closed facts older than the window (``archive_days``, 365 by default)
move from the live graph to the tenant's archive, where every tool asked about a past
moment still reads them (``brain.reads.archive._reach``)."""

from __future__ import annotations

from typing import Any

from brain import TenantGraph
from brain.upkeep import apply_archive, cutoff_ms, graph_size, plan_archive, undo_archive
from scheduler.jobs._registry import JobContext, JobOutcome, int_setting, job

WINDOW_SETTING = "archive_days"
DEFAULT_WINDOW_DAYS = 365


async def _undo(graph: TenantGraph, run_id: str) -> dict[str, Any]:
    return await undo_archive(graph, run_id)


@job(
    "archive",
    purpose="move closed facts older than the window to the archive (past dates still read it)",
    schedule="0 4 * * sun",
    period="week",
    undo=_undo,
)
async def archive(ctx: JobContext) -> JobOutcome:
    """Plan the move; carry it out unless this is a dry run."""
    window = int_setting(ctx.settings, WINDOW_SETTING, DEFAULT_WINDOW_DAYS)
    plan = await plan_archive(ctx.graph, cutoff=cutoff_ms(ctx.t, window_days=window, tz=ctx.tz))
    figures: dict[str, Any] = {
        **plan.summary(),
        "window_days": window,
        "size_before": await graph_size(ctx.graph),
    }
    if ctx.dry_run:
        return JobOutcome(summary=f"would archive {plan.edges:,} closed facts", details=figures)
    await apply_archive(ctx.graph, plan, run_id=ctx.run_id)
    figures["size_after"] = await graph_size(ctx.graph)
    return JobOutcome(
        summary=f"archived {plan.edges:,} closed facts; undo with --undo {ctx.run_id}",
        details=figures,
    )
