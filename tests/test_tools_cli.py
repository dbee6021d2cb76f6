"""`hivebrain tools` and `hivebrain tool`: the graph tools from the command line.

Each test runs the installed ``hivebrain`` script in a subprocess against the session's
FalkorDB, in a tenant of its own, with embeddings off and a data directory in tmp (so
nothing touches the user's ./.hivebrain).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from agents.tools import TOOLS
from brain import Brain

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")

FACTS: list[dict[str, Any]] = [
    {
        "node": {
            "type": "Person",
            "id": "person-arjun",
            "name": "Arjun Rao",
            "src": "test",
            "asOf": "2026-01-06",
        }
    },
    {
        "node": {
            "type": "Person",
            "id": "person-priya",
            "name": "Priya Nair",
            "src": "test",
            "asOf": "2026-01-06",
        }
    },
    {
        "node": {
            "type": "Task",
            "id": "task-ig-token",
            "name": "Fix Instagram token refresh",
            "src": "test",
            "asOf": "2026-08-20",
            "status": "open",
        }
    },
    {
        "edge": {
            "from": "person-arjun",
            "type": "OWNS",
            "to": "task-ig-token",
            "since": "2026-08-20",
            "src": "test",
            "asOf": "2026-08-20",
        }
    },
    {
        "edge": {
            "from": "person-priya",
            "type": "OWNS",
            "to": "task-ig-token",
            "since": "2026-10-05",
            "src": "test",
            "asOf": "2026-10-05",
        }
    },
]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def slug(brain: Brain) -> str:
    """A tenant holding one task that changed hands on 5 October."""
    name = f"cli-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(name)
    report = await (await brain.tenant(name)).write_facts(list(enumerate(FACTS, 1)))
    assert report.refused == 0, report.refusals
    return name


@pytest.fixture
def hivebrain(falkordb_url: str, tmp_path: Path) -> Any:
    """Run the CLI with these arguments; returns the finished process."""
    env = {
        **os.environ,
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"),
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
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


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The single line a failed command prints (and nothing that looks like a traceback)."""
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error:")
    return lines[0]


async def test_tools_json_lists_every_tool_with_its_arguments(hivebrain: Any) -> None:
    proc = await hivebrain("tools", "--json")
    assert proc.returncode == 0, proc.stderr
    listed = json.loads(proc.stdout)
    assert [t["name"] for t in listed] == list(TOOLS)
    for t in listed:
        assert t["purpose"]
        assert t["args"]["type"] == "object"
        assert "as_of" in t["args"]["properties"], t["name"]
        assert t["args"].get("additionalProperties") is False, t["name"]
    by_name = {t["name"]: t["args"] for t in listed}
    assert by_name["lookup"]["required"] == ["name"]
    assert "expression" in by_name["calc"]["properties"]
    assert "ids" in by_name["path"]["required"]


async def test_tool_lookup_prints_one_json_object(hivebrain: Any, slug: str) -> None:
    proc = await hivebrain(
        "tool", slug, "lookup", "--arg", "name=fix instagram TOKEN refresh", "--json"
    )
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.strip().splitlines()) == 1
    result = json.loads(proc.stdout)
    assert result["tool"] == "lookup" and result["found"] is True
    assert [m["id"] for m in result["data"]["matches"]] == ["task-ig-token"]
    assert result["evidence"]["nodes"][0]["id"] == "task-ig-token"


async def test_tool_lookup_of_an_unknown_name_says_so(hivebrain: Any, slug: str) -> None:
    proc = await hivebrain("tool", slug, "lookup", "--arg", "name=Frobnicator", "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["found"] is False and "not in your records" in result["message"]


async def test_tool_batch_prints_one_line_per_call(
    hivebrain: Any, slug: str, tmp_path: Path
) -> None:
    batch = tmp_path / "calls.jsonl"
    batch.write_text(
        '{"name": "task-ig-token"}\n'
        '{"name": "task-ig-token", "as_of": "2026-10-01"}\n'
        '{"name": "task-ig-token", "as_of": "yesterday-ish"}\n'
    )
    proc = await hivebrain("tool", slug, "owner", "--batch", str(batch))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3
    now, then, bad = (json.loads(line) for line in lines)
    assert now["data"]["owner"]["holder"]["id"] == "person-priya"
    assert then["data"]["owner"]["holder"]["id"] == "person-arjun"
    assert then["as_of"] == "2026-10-01"
    assert set(bad) == {"tool", "error"} and bad["tool"] == "owner"
    assert "as_of" in bad["error"] and "yesterday-ish" in bad["error"]


#: Calls that must fail with one readable line (and what the line must say).
BAD_CALLS: list[tuple[list[str], str]] = [
    (["lookup", "--arg", "name"], "key=value"),
    (["lookup", "--arg", "=task-ig-token"], "key=value"),
    (["lookup", "--arg", "name=task-ig-token", "--arg", "as_of=yesterday-ish"], "as_of"),
    (["lookup", "--arg", "name=task-ig-token", "--arg", "graph=other"], "graph"),
    (["drop_everything", "--arg", "name=x"], "what_breaks"),
]


@pytest.mark.parametrize(("args", "says"), BAD_CALLS)
async def test_tool_errors_are_one_line(
    hivebrain: Any, slug: str, args: list[str], says: str
) -> None:
    proc = await hivebrain("tool", slug, *args)
    assert says in one_line_error(proc)
    assert proc.stdout == ""


async def test_tool_on_an_unknown_tenant(hivebrain: Any) -> None:
    proc = await hivebrain("tool", "no-such-tenant", "lookup", "--arg", "name=x")
    assert "no-such-tenant" in one_line_error(proc)


#: The same list argument as people type it, as JSON, and as the key repeated.
LIST_SPELLINGS: list[list[str]] = [
    ["--arg", "ids=person-arjun,task-ig-token"],
    ["--arg", "ids=person-arjun, task-ig-token"],
    ["--arg", 'ids=["person-arjun", "task-ig-token"]'],
    ["--arg", "ids=person-arjun", "--arg", "ids=task-ig-token"],
]


@pytest.mark.parametrize("spelling", LIST_SPELLINGS)
async def test_tool_list_arguments_take_commas_or_json(
    hivebrain: Any, slug: str, spelling: list[str]
) -> None:
    proc = await hivebrain("tool", slug, "path", *spelling, "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["found"] is True
    ids = {n["id"] for n in result["evidence"]["nodes"]}
    assert {"person-arjun", "task-ig-token"} <= ids


async def test_tool_list_of_types_and_text_kept_as_typed(hivebrain: Any, slug: str) -> None:
    ranked = await hivebrain("tool", slug, "rank", "--arg", "types=Person,Task", "--json")
    assert ranked.returncode == 0, ranked.stderr
    kinds = {r["type"] for r in json.loads(ranked.stdout)["data"]["ranking"]}
    assert kinds and kinds <= {"Person", "Task"}
    # a name that looks like a number stays text (it used to arrive as an int and be refused)
    looked = await hivebrain("tool", slug, "lookup", "--arg", "name=2026", "--json")
    assert looked.returncode == 0, looked.stderr
    assert json.loads(looked.stdout)["found"] is False


async def test_tool_list_argument_errors_are_one_line(hivebrain: Any, slug: str) -> None:
    proc = await hivebrain("tool", slug, "path", "--arg", "ids=[broken")
    assert "ids=a,b" in one_line_error(proc)
    proc = await hivebrain("tool", slug, "rank", "--arg", "types=Person,Planet")
    assert "types" in one_line_error(proc)
