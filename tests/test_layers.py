"""The layers import one way only: bots -> agents -> brain, scheduler -> agents, brain.

Walks every module's imports with ``ast`` (no importing), so a wrong-way import fails
here before it turns into a cycle or drags a chat SDK into the scheduler.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN: dict[str, set[str]] = {
    "brain": {"agents", "bots", "scheduler"},
    "agents": {"bots", "scheduler"},
    "scheduler": {"bots", "slack_sdk", "slack_bolt", "discord"},
    "bots": set(),
}


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


MODULES = sorted(p for pkg in FORBIDDEN for p in (ROOT / pkg).rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_one_way(path: Path) -> None:
    package = path.relative_to(ROOT).parts[0]
    wrong = [m for m in imports_of(path) if m.split(".")[0] in FORBIDDEN[package]]
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}, against the layer rule"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_module_of_another_package(path: Path) -> None:
    package = path.relative_to(ROOT).parts[0]
    private = [
        m
        for m in imports_of(path)
        if m.split(".")[0] in FORBIDDEN
        and m.split(".")[0] != package
        and any(part.startswith("_") for part in m.split(".")[1:])
    ]
    assert not private, f"{path.relative_to(ROOT)} reaches into private modules {private}"


def test_the_rule_catches_a_wrong_way_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from bots.core import BotCore\nimport agents.turn\n")
    assert imports_of(bad) == ["bots.core", "agents.turn"]
    assert {m.split(".")[0] for m in imports_of(bad)} & FORBIDDEN["brain"] == {"bots", "agents"}
