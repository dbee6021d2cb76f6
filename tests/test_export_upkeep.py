"""An export keeps what upkeep moved: after a roll-up (and an archive run) the export
holds the archive graph's readings and facts and the job-run stamps, an import restores
them, and the restored copy totals the same and can undo the run. A pottery studio."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from brain import Brain, TenantGraph
from brain.reads import metric_period
from brain.upkeep import job_runs
from tests.conftest import unique_slug
from tests.test_rollup import pottery_facts, records

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
UTC = ZoneInfo("UTC")
NOW_MS = 1_796_140_800_000  # 2026-12-01
ARCHIVED = "MATCH (n) RETURN count(n) LIMIT 1"
CLOSED_OWNER = [
    {"node": {"type": "Person", "id": "p-ana", "name": "Ana Kiln", "src": "hr",
              "asOf": "2025-01-01"}},
    {"node": {"type": "Task", "id": "t-glaze", "name": "Mix glaze", "src": "pm",
              "asOf": "2025-01-01"}},
    {"edge": {"from": "p-ana", "type": "OWNS", "to": "t-glaze", "since": "2025-01-01",
              "until": "2025-02-01", "src": "pm", "asOf": "2025-02-01"}},
]  # fmt: skip


@pytest.fixture
def hivebrain(falkordb_url: str, tmp_path: Path) -> Any:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "DISCORD_"))} | {
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"),
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }

    async def run(*args: str) -> subprocess.CompletedProcess[str]:
        done = await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done

    return run


async def in_archive_of(graph: TenantGraph) -> int:
    rows = (await graph.archive.read("n", ARCHIVED, {})).rows
    return int(rows[0][0]) if rows else 0


async def totals(graph: TenantGraph) -> list[Any]:
    out: list[Any] = []
    for metric in ("metric-firings-x", "metric-defects-x"):
        for first, last in (
            (date(2026, 1, 1), date(2026, 1, 31)),
            (date(2026, 1, 5), date(2026, 2, 1)),
        ):
            res = await metric_period(
                graph, metric, as_of_ms=NOW_MS, ranges=[(first, last)], tz=UTC
            )
            out.append(res.data["period"]["total"])
    return out


async def test_an_export_keeps_what_upkeep_moved(
    quiet_brain: Brain, hivebrain: Any, tmp_path: Path
) -> None:
    slug, copy = unique_slug(), unique_slug()
    for s in (slug, copy):
        await quiet_brain.create_tenant(s)
    graph, restored = await quiet_brain.tenant(slug), await quiet_brain.tenant(copy)
    await graph.write_facts(pottery_facts("x", [2.0] * 40, [0.5 + i / 100 for i in range(40)]))
    await graph.write_facts(list(enumerate(CLOSED_OWNER, 1)))
    original, before = await records(graph), await totals(graph)

    rolled = json.loads((await hivebrain("jobs", "run", slug, "rollup", "--json")).stdout)
    archived = json.loads((await hivebrain("jobs", "run", slug, "archive", "--json")).stdout)
    assert rolled["status"] == "ok" and archived["status"] == "ok", (rolled, archived)
    assert await records(graph) != original
    in_archive = await in_archive_of(graph)
    assert in_archive > 0

    dump = tmp_path / "studio.jsonl"
    await hivebrain("tenant", "export", slug, "-o", str(dump))
    await hivebrain("tenant", "import", copy, str(dump))

    assert await in_archive_of(restored) == in_archive
    assert await totals(restored) == before
    runs = {r.job: r for job in ("rollup", "archive") for r in await job_runs(restored, job)}
    assert runs["rollup"].id == rolled["run_id"] and runs["rollup"].status == "ok"
    assert runs["archive"].id == archived["run_id"]
    # the restored copy knows the runs were done: the schedule does not run them again
    again = json.loads((await hivebrain("jobs", "run", copy, "rollup", "--json")).stdout)
    assert again["status"] == "done", again
    # and it can undo them, back to the records before the runs
    await hivebrain("jobs", "run", copy, "archive", "--undo", archived["run_id"])
    await hivebrain("jobs", "run", copy, "rollup", "--undo", rolled["run_id"])
    assert await records(restored) == original
    assert await in_archive_of(restored) == 0
