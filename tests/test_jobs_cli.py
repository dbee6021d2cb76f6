"""`hivebrain jobs list` and `hivebrain jobs run [--dry-run] [--undo RUN]` in a subprocess
against the session's FalkorDB, on a pottery studio's readings."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from brain import Brain
from tests.conftest import unique_slug
from tests.test_rollup import pottery_facts, records

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")


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
        return await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    return run


async def test_list_run_dry_run_and_undo_from_the_command_line(
    quiet_brain: Brain, hivebrain: Any
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    await graph.write_facts(pottery_facts("cli", [2.0] * 30, [0.5] * 30))
    original = await records(graph)

    listed = await hivebrain("jobs", "list", slug, "--json")
    assert listed.returncode == 0, listed.stderr
    jobs = {j["name"]: j for j in json.loads(listed.stdout)}
    assert set(jobs) >= {
        "rollup",
        "archive",
        "hygiene",
        "business_digest",
        "minutes_digest",
        "repo_triage",
    }
    assert jobs["rollup"]["schedule"] == "30 3 * * sun (UTC)"
    assert jobs["rollup"]["last_run"] is None and jobs["rollup"]["next_run"]

    dry = await hivebrain("jobs", "run", slug, "rollup", "--dry-run", "--json")
    assert dry.returncode == 0, dry.stderr
    figures = json.loads(dry.stdout)
    assert figures["status"] == "dry-run"
    assert figures["details"]["readings_before"] == 60
    assert figures["details"]["readings_after"] < 60
    assert await records(graph) == original

    done = await hivebrain("jobs", "run", slug, "rollup", "--json")
    report = json.loads(done.stdout)
    assert report["status"] == "ok" and report["run_id"].startswith("rollup-")
    assert await records(graph) != original
    table = await hivebrain("jobs", "list", slug)
    assert "rollup" in table.stdout and report["run_id"] in table.stdout

    undone = await hivebrain("jobs", "run", slug, "rollup", "--undo", report["run_id"])
    assert undone.returncode == 0, undone.stderr
    assert "undone" in undone.stdout
    assert await records(graph) == original


async def test_a_wrong_job_or_run_is_one_line(quiet_brain: Brain, hivebrain: Any) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    for args, words in (
        (("jobs", "run", slug, "rollups"), "no job 'rollups'"),
        (("jobs", "run", slug, "hygiene", "--undo", "x"), "cannot be undone"),
        (("jobs", "run", slug, "rollup", "--undo", "rollup-nope"), "no run rollup-nope"),
    ):
        out = await hivebrain(*args)
        assert out.returncode == 1
        assert words in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
