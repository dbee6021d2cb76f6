"""Job-run stamps: one ``JobRun`` node per job, tenant and period, in the tenant's graph.

The scheduler asks "has this job already run for this period?" before it posts, so a
digest is never posted twice for one week however many ``serve`` processes fire it or
how often someone types ``hivebrain jobs run``. The stamp also carries what ``jobs
list`` shows (last run and outcome) and what ``--undo RUN`` needs (the run id: the
records a run moved carry it). ``JobRun`` has neither ``Entity`` nor ``Searchable``, so
no tool, search or rank ever sees it.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any, cast

from brain._moments import now_ms
from brain._tenant_graph import TenantGraph

#: A run that counts as done for its period (a failed or undone run does not).
DONE = ("ok",)

CREATE_RUN = """
CREATE (r:JobRun {id: $id, job: $job, period: $period, status: 'running', startedAt: $now,
                  at: $at, dryRun: $dry})
RETURN r.id
"""

FINISH_RUN = """
MATCH (r:JobRun {id: $id})
SET r.status = $status, r.finishedAt = $now, r.outcome = $outcome, r.errorId = $error,
    r.details = $details
RETURN r.id
"""

READ_DONE = """
MATCH (r:JobRun {job: $job, period: $period})
WHERE r.status IN $done AND r.dryRun = false
RETURN r.id
LIMIT 1
"""

READ_RUNS = """
MATCH (r:JobRun {job: $job})
RETURN r.id, r.job, r.period, r.status, r.startedAt, r.finishedAt, r.outcome, r.errorId,
       r.details, r.dryRun, coalesce(r.at, r.startedAt) AS at
ORDER BY r.startedAt DESC
LIMIT $limit
"""

READ_RUN = """
MATCH (r:JobRun {id: $id})
RETURN r.id, r.job, r.period, r.status, r.startedAt, r.finishedAt, r.outcome, r.errorId,
       r.details, r.dryRun, coalesce(r.at, r.startedAt)
LIMIT 1
"""


@dataclass(frozen=True, slots=True)
class JobRun:
    """One stamped run of a job for a tenant and period."""

    id: str
    job: str
    period: str
    status: str
    started_at: int
    finished_at: int | None
    outcome: str | None
    error_id: str | None
    details: dict[str, Any]
    dry_run: bool
    #: The moment the run read the graph for (its ``t``): what "since the last run" means.
    at: int


def _run(row: list[Any]) -> JobRun:
    loaded: Any = json.loads(row[8]) if row[8] else {}
    details: dict[str, Any] = cast(dict[str, Any], loaded) if isinstance(loaded, dict) else {}
    return JobRun(
        id=str(row[0]),
        job=str(row[1]),
        period=str(row[2]),
        status=str(row[3]),
        started_at=int(row[4]),
        finished_at=int(row[5]) if row[5] is not None else None,
        outcome=row[6],
        error_id=row[7],
        details=details,
        dry_run=bool(row[9]),
        at=int(row[10]),
    )


def new_run_id(job: str) -> str:
    """A run id people can type: the job's name and a short random part."""
    return f"{job}-{uuid.uuid4().hex[:8]}"


async def start_run(
    graph: TenantGraph, *, run_id: str, job: str, period: str, at: int, dry_run: bool
) -> None:
    """Stamp a run as started (status ``running``) for moment ``at``."""
    params = {
        "id": run_id,
        "job": job,
        "period": period,
        "now": now_ms(),
        "at": at,
        "dry": dry_run,
    }
    await graph.upkeep_write("start job run", CREATE_RUN, params)


async def finish_run(
    graph: TenantGraph,
    run_id: str,
    *,
    status: str,
    outcome: str,
    error_id: str | None = None,
    details: dict[str, Any] | None = None,
) -> None:
    """Record how a run ended: ``ok``, ``failed``, ``skipped`` or ``undone``."""
    await graph.upkeep_write(
        "finish job run",
        FINISH_RUN,
        {
            "id": run_id,
            "status": status,
            "now": now_ms(),
            "outcome": outcome[:500],
            "error": error_id,
            "details": json.dumps(details or {}),
        },
    )


async def done_run(graph: TenantGraph, *, job: str, period: str) -> str | None:
    """The id of the run that already did ``job`` for ``period``, if one did."""
    res = await graph.read(
        "job done", READ_DONE, {"job": job, "period": period, "done": list(DONE)}
    )
    return str(res.rows[0][0]) if res.rows else None


async def job_runs(graph: TenantGraph, job: str, *, limit: int = 5) -> list[JobRun]:
    """The latest runs of ``job``, newest first."""
    res = await graph.read("job runs", READ_RUNS, {"job": job, "limit": limit})
    return [_run(r) for r in res.rows]


async def job_run(graph: TenantGraph, run_id: str) -> JobRun | None:
    """One run by id, or None."""
    res = await graph.read("job run", READ_RUN, {"id": run_id})
    return _run(res.rows[0]) if res.rows else None


MARK_ONCE = """
MERGE (k:JobMark {job: $job, key: $key})
ON CREATE SET k.runId = $run, k.at = $now
RETURN k.runId = $run
"""


async def mark_once(graph: TenantGraph, *, job: str, key: str, run_id: str) -> bool:
    """Mark ``key`` (an issue id...) as handled by ``job``; False if it already was.

    One statement, so two runs racing for one key cannot both win: the per-item run
    record that keeps a triage post from being made twice for one issue.
    """
    res = await graph.upkeep_write(
        "mark once", MARK_ONCE, {"job": job, "key": key, "run": run_id, "now": now_ms()}
    )
    return bool(res.rows and res.rows[0][0])
