"""Settings changed by several processes at once lose nothing: ``update_settings`` applies
a function to the current value with a compare-and-set on the server and tries again when
another process won the race. Proved with processes, not threads, as ``serve`` runs."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from brain import Brain, SharedValues
from tests.conftest import unique_slug

ROOT = Path(__file__).resolve().parent.parent
PER_PROCESS = 60


async def test_two_processes_changing_settings_lose_nothing(
    quiet_brain: Brain, falkordb_url: str
) -> None:
    assert quiet_brain.registry is not None
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    await quiet_brain.registry.update_settings(slug, {"digest_channel": "C1"})
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.settings_writer",
            falkordb_url,
            slug,
            who,
            str(PER_PROCESS),
            cwd=ROOT,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        for who in ("a", "b")
    ]
    for proc in procs:
        _, err = await proc.communicate()
        assert proc.returncode == 0, err.decode()[-2000:]
    settings = (await quiet_brain.registry.get(slug)).settings
    wanted = {f"{who}:{i}" for who in ("a", "b") for i in range(PER_PROCESS)}
    approvers = settings["approvers"]
    assert len(approvers) == len(set(approvers)) == 2 * PER_PROCESS, len(approvers)
    assert set(approvers) == wanted
    # each process's own additions kept their order; the last time zone set is one of the two
    for who in ("a", "b"):
        mine = [a for a in approvers if a.startswith(f"{who}:")]
        assert mine == [f"{who}:{i}" for i in range(PER_PROCESS)]
    assert settings["timezone"] in {f"zone-{w}-{PER_PROCESS - 1}" for w in ("a", "b")}
    assert settings["digest_channel"] == "C1"


async def test_a_shared_value_changes_only_by_compare_and_set(quiet_brain: Brain) -> None:
    values = SharedValues(quiet_brain.driver, "test-counters")
    name = unique_slug()
    assert await values.read(name) is None

    async def bump(n: int) -> None:
        for _ in range(n):
            await values.update(name, lambda v: (v or 0) + 1)

    await asyncio.gather(*(bump(25) for _ in range(4)))
    assert (await values.read(name)) == 100
    # a change that changes nothing writes nothing (the stamp stays)
    before = await values.stamp(name)
    assert await values.update(name, lambda v: v) == 100
    assert await values.stamp(name) == before
    await values.delete(name)
    assert await values.read(name) is None


async def test_many_values_are_read_in_rounds_the_connection_pool_allows(
    quiet_brain: Brain,
) -> None:
    """A registry of hundreds of tenants reads every tenant's settings: more values than
    the driver has connections (32) must come back, not fail with 'too many connections'."""
    values = SharedValues(quiet_brain.driver, "test-many")
    names = [unique_slug() for _ in range(300)]
    for i, name in enumerate(names[:40]):
        await values.update(name, lambda _, i=i: {"n": i})
    found = await values.read_many(names)
    assert found == {name: {"n": i} for i, name in enumerate(names[:40])}
