"""An APScheduler executor that runs jobs on an asyncio loop from the scheduler's thread.

APScheduler 3's Redis job store is synchronous: every firing reads and writes it (the
due jobs, the next run time), and an ``AsyncIOScheduler`` does that on the event loop,
so a slow or paused server would stall every chat answer of the process. The service
therefore runs a ``BackgroundScheduler``, whose own thread does the store's calls, and
this executor hands each due job back to the loop ``serve`` runs on: a coroutine job
(``scheduler._service.fire``) runs there as a task, a plain function in the loop's
default thread pool. The job's outcome reaches the scheduler's listeners as with any
executor (``_run_job_success`` / ``_run_job_error`` are thread-safe).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, cast

import apscheduler.executors.base as executors_base
import apscheduler.util as apscheduler_util
from apscheduler.executors.base import BaseExecutor

# APScheduler 3 is untyped: its helpers are used through Any
_base: Any = cast(Any, executors_base)
_util: Any = cast(Any, apscheduler_util)


class LoopExecutor(BaseExecutor):
    """Runs each job on ``loop`` (set before the scheduler starts), whatever thread submits it."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._loop = loop
        self._pending: set[Future[Any]] = set()

    def shutdown(self, wait: bool = True) -> None:
        """Cancel jobs still running (``wait`` cannot be honoured from a sync call)."""
        for future in list(self._pending):
            future.cancel()
        self._pending.clear()

    def _do_submit_job(self, job: Any, run_times: list[Any]) -> None:
        logger = cast(Any, self)._logger.name
        alias = job._jobstore_alias
        coro: Coroutine[Any, Any, Any]
        if _util.iscoroutinefunction_partial(job.func):
            coro = _base.run_coroutine_job(job, alias, run_times, logger)
        else:
            coro = asyncio.to_thread(_base.run_job, job, alias, run_times, logger)
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        self._pending.add(future)

        def done(f: Future[Any]) -> None:
            self._pending.discard(f)
            me = cast(Any, self)
            try:
                events = f.result()
            except BaseException:
                me._run_job_error(job.id, *sys.exc_info()[1:])
            else:
                me._run_job_success(job.id, events)

        future.add_done_callback(done)
