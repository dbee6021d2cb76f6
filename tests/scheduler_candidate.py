"""A scheduler candidate as its own process, for tests that kill a leader with SIGKILL.

``python -m tests.scheduler_candidate NAME TAG [--fire JOB@TENANT]`` runs one
``SchedulerLeader`` on ``FALKORDB_URL`` until killed. Its poster stands in for Slack at
the ``DigestPoster`` seam and reports to lists on the same server, under ``TAG``:

- ``<TAG>:terms``: ``{"name", "event": "lead"}`` each time this process takes the lease;
- ``<TAG>:posting``: the name of a process that has started to post (so a test knows a
  run is mid-way);
- ``<TAG>:posts``: ``{"name", "channel", "title"}`` for each post made.

The first post anyone attempts under ``TAG`` never finishes (the process hangs in it
until killed): that run is the one a test kills mid-way. With ``--fire``, the first
process to lead puts one run of ``JOB`` for ``TENANT`` in the job store, due at once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
from datetime import UTC, datetime
from functools import partial

from brain import Brain, BrainSettings
from scheduler import JobRunner, JobService, Post, SchedulerLeader


class ReportingPoster:
    """Posts by writing to the server; the first post under the tag hangs forever."""

    def __init__(self, brain: Brain, name: str, tag: str) -> None:
        self.brain, self.name, self.tag = brain, name, tag

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        driver = self.brain.driver
        await driver.command("RPUSH", f"{self.tag}:posting", self.name)
        if await driver.command("SET", f"{self.tag}:hang", self.name, "NX"):
            await asyncio.Event().wait()  # mid-digest, until SIGKILL
        record = {"name": self.name, "channel": channel, "title": post.title}
        await driver.command("RPUSH", f"{self.tag}:posts", json.dumps(record))
        return f"{channel}/{self.name}"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    parser.add_argument("tag")
    parser.add_argument("--fire", default=None)
    parser.add_argument("--ttl-ms", type=int, default=1_500)
    parser.add_argument("--run-lock-ms", type=int, default=1_500)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format=f"{args.name} %(levelname)s %(message)s")
    settings = BrainSettings(falkordb_url=os.environ["FALKORDB_URL"], hivebrain_embeddings=False)
    async with Brain(settings) as brain:
        poster = ReportingPoster(brain, args.name, args.tag)
        runner = JobRunner(brain, poster, run_lock_ttl_ms=args.run_lock_ms, retry_delays_s=())
        leader = SchedulerLeader(
            runner,
            ttl_ms=args.ttl_ms,
            service=partial(JobService, store=args.tag, recover_s=1),
            key=f"{args.tag}:lease",
        )
        stop = asyncio.Event()
        leading = asyncio.create_task(leader.run(stop), name="candidate")
        terms = 0
        while not leading.done():
            if leader.terms > terms and leader.is_leader and leader.service is not None:
                terms = leader.terms
                term = json.dumps({"name": args.name, "event": "lead"})
                await brain.driver.command("RPUSH", f"{args.tag}:terms", term)
                if args.fire and await brain.driver.command("SET", f"{args.tag}:fired", 1, "NX"):
                    job, tenant = args.fire.split("@", 1)
                    await leader.service.fire_at(job, tenant, datetime.now(UTC))
            await asyncio.sleep(0.05)
        await leading


if __name__ == "__main__":
    asyncio.run(main())
