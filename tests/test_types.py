"""Queries are ``LiteralString`` end to end: the type checker itself refuses runtime text.

basedpyright (strict, as ``make lint`` runs it) checks a small file that calls the tenant
graph three ways; only the query written in the source may pass. Skipped when basedpyright
is not installed (``make test`` installs it with the dev extras).
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROBE = """\
from __future__ import annotations

from brain import TenantGraph


async def literal(graph: TenantGraph) -> None:
    await graph.ro_query("probe", "MATCH (n:Entity) RETURN n.id LIMIT $limit", {"limit": 1})


async def built_from_text(graph: TenantGraph, label: str) -> None:
    await graph.ro_query("probe", f"MATCH (n:{label}) RETURN n.id LIMIT 1")  # line 11


async def unchecked_outside_text(graph: TenantGraph, text: str) -> None:
    await graph.ro_query_checked("probe", text)  # line 15
"""


def _basedpyright() -> list[str] | None:
    local = Path(sys.executable).with_name("basedpyright")
    if local.exists():
        return [str(local)]
    found = shutil.which("basedpyright")
    return [found] if found else None


def test_a_query_built_from_runtime_text_fails_the_type_check(tmp_path: Path) -> None:
    command = _basedpyright()
    if command is None:
        pytest.skip("basedpyright is not installed (it comes with the dev extras)")
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    # This checkout first on the import path, so the probe checks the code under test.
    config = {"typeCheckingMode": "strict", "extraPaths": [str(ROOT)], "pythonVersion": "3.11"}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run(
        [*command, "--outputjson", "-p", str(tmp_path / "pyrightconfig.json"), str(probe)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    report = json.loads(done.stdout)
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    lines = sorted({d["range"]["start"]["line"] + 1 for d in errors})
    assert lines == [11, 15], json.dumps(errors, indent=1)
    messages = " ".join(d["message"] for d in errors)
    assert "LiteralString" in messages and "CheckedCypher" in messages


def test_the_lazy_bots_face_binds_the_same_names_for_the_checker() -> None:
    """``bots/__init__`` loads its names on first use; the ``if TYPE_CHECKING:`` imports
    that let the checker see them must name the same modules, or the two drift apart."""
    import bots

    tree = ast.parse((ROOT / "bots" / "__init__.py").read_text(encoding="utf-8"))
    checked: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.If) and ast.unparse(stmt.test) == "TYPE_CHECKING":
            for node in stmt.body:
                assert isinstance(node, ast.ImportFrom) and node.module
                checked.update({alias.name: node.module for alias in node.names})
    homes: dict[str, str] = vars(bots)["_HOMES"]
    assert checked == homes
    assert sorted(homes) == sorted(bots.__all__)
