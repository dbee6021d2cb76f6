"""Runs in flight, on the server: what the next leader retries when a run's process dies.

A run notes itself here (one field of one hash, ``<tenant>|<job>|<period>``) just before
it takes its run lock (the first note of a period stays), and the lock's holder removes
the note when the run ends, however it ends, or when it finds the period already done.
A process killed mid-run leaves the note, and its run lock expires (it is renewed only
while the run lives). The leader reads the notes when it takes the
lease and every little while after; a note whose lock nobody holds is an orphan, run
again for the same moment (``JobRunner.resume``). The lock and the period stamp make
that second run the only one: if the dead process had finished, the stamp says so.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, cast

from brain import GraphDriver

#: The server hash of runs in flight (one key: on a cluster it lives on one shard).
INFLIGHT_KEY = "hivebrain:runs:inflight"


@dataclass(frozen=True, slots=True)
class InFlight:
    """One run that started and has not ended (as far as the server knows)."""

    tenant: str
    job: str
    period: str
    #: The moment the run reads the graph for: a retry uses the same one.
    t: int
    run_id: str
    started_at: int

    @property
    def field(self) -> str:
        return field_of(self.tenant, self.job, self.period)


def field_of(tenant: str, job: str, period: str) -> str:
    """The hash field of one run (tenant slugs and job names hold no ``|``)."""
    return f"{tenant}|{job}|{period}"


async def note_inflight(driver: GraphDriver, run: InFlight) -> None:
    """Note ``run`` as started (confirmed by the replicas: a failover must keep it)."""
    await driver.command("HSET", INFLIGHT_KEY, run.field, json.dumps(asdict(run)), replicated=True)


async def forget_inflight(driver: GraphDriver, tenant: str, job: str, period: str) -> None:
    """The run of ``job`` for ``tenant`` and ``period`` has ended."""
    await driver.command("HDEL", INFLIGHT_KEY, field_of(tenant, job, period))


async def runs_inflight(driver: GraphDriver) -> list[InFlight]:
    """Every noted run, oldest first (a note that cannot be read is dropped)."""
    raw: Any = await driver.command("HGETALL", INFLIGHT_KEY)
    if isinstance(raw, list):
        flat = cast(list[Any], raw)
        raw = dict(zip(flat[::2], flat[1::2], strict=False))
    found: list[InFlight] = []
    bad: list[str] = []
    for key, value in cast(dict[Any, Any], raw or {}).items():
        try:
            found.append(InFlight(**json.loads(value)))
        except (TypeError, ValueError):
            bad.append(str(key))
    if bad:
        await driver.command("HDEL", INFLIGHT_KEY, *bad)
    return sorted(found, key=lambda r: r.started_at)
