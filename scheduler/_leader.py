"""One scheduler for every process: the holder of a lease on the server runs it.

Every ``serve`` with the scheduler role is a candidate. Each tries to take the lease
(``SET NX PX`` on the server, a ``brain.Lease``) every third of its TTL; the one that
does starts the ``JobService``, retries the runs a dead leader left half-way
(``JobService.recover``) and keeps the lease renewed. The moment a renewal fails (the
server says another holds it, or it does not answer within a third of the TTL) the
service is shut down and its running jobs cancelled, before the lease could expire on
the server, so two leaders never run at once; the process goes back to being a
candidate. A leader killed outright stops renewing: within one TTL another candidate
takes the lease, and within one run-lock TTL it retries the killed run.

The lease lives on the FalkorDB server, beside the graphs: no coordinator of ours.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Callable

from brain import HivebrainError, Lease, lock_key
from scheduler._runner import JobRunner
from scheduler._service import JobService

log = logging.getLogger(__name__)

#: The lease's server key (one key: on a cluster it lives on one shard).
LEASE_KEY = lock_key("scheduler", "leader")
#: How long the lease outlives its holder's last renewal (a killed leader is replaced
#: within this).
LEASE_TTL_MS = 15_000


def holder_name() -> str:
    """Who holds the lease, for logs: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"


class SchedulerLeader:
    """Runs a ``JobService`` only while this process holds the scheduler lease.

    ``service`` builds the service each time the lease is taken (a stopped APScheduler
    cannot start again). ``terms`` counts the times this process has led, for tests and
    ``/healthz``.
    """

    def __init__(
        self,
        runner: JobRunner,
        *,
        ttl_ms: int = LEASE_TTL_MS,
        service: Callable[[JobRunner], JobService] = JobService,
        key: str = LEASE_KEY,
    ) -> None:
        self.runner = runner
        self.ttl_ms = ttl_ms
        self._make_service = service
        self.key = key
        self.terms = 0
        self.service: JobService | None = None
        self._lease: Lease | None = None

    @property
    def is_leader(self) -> bool:
        """Whether this process holds the lease and runs the scheduler now."""
        return self._lease is not None and self._lease.held and self.service is not None

    async def run(self, stop: asyncio.Event) -> None:
        """Be a candidate until ``stop`` is set: lead whenever the lease is ours."""
        poll_s = self.ttl_ms / 3000
        while not stop.is_set():
            lease = Lease(self.runner.brain.driver, self.key, ttl_ms=self.ttl_ms)
            try:
                taken = await lease.acquire()
            except HivebrainError as exc:  # the server is down or failing over: try again
                log.info("scheduler lease: cannot ask the server (%s)", exc)
                taken = False
            if not taken:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), poll_s)
                continue
            await self._lead(lease, stop)

    async def _lead(self, lease: Lease, stop: asyncio.Event) -> None:
        self._lease = lease
        self.terms += 1
        log.info("scheduler lease taken by %s (term %d)", holder_name(), self.terms)
        service = self._make_service(self.runner)
        recovering: asyncio.Task[object] | None = None
        try:
            await service.start()
            self.service = service  # leading from here: its jobs fire
            recovering = asyncio.create_task(_recover(service), name="recover runs")
            await _first(lease.lost, stop)
        except HivebrainError as exc:
            log.warning("scheduler could not start as leader (%s); standing down", exc)
        finally:
            self.service = None
            if recovering is not None:
                recovering.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await recovering
            await service.aclose()  # stops firing and cancels jobs in flight
            if lease.lost.is_set():
                log.warning("scheduler lease lost by %s: scheduler stopped", holder_name())
            await lease.release()
            self._lease = None


async def _recover(service: JobService) -> object:
    """The runs a dead leader left half-way, run again as the new leader starts."""
    try:
        return await service.recover()
    except HivebrainError as exc:  # the periodic pass tries again
        log.warning("scheduler: could not look for runs left half-way (%s)", exc)
        return None


async def _first(*events: asyncio.Event) -> None:
    """Until any of ``events`` is set."""
    tasks = [asyncio.create_task(e.wait(), name="wait event") for e in events]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
