"""A clone anywhere passes: no test reads data from outside the repository.

The real data sets live beside our own checkout (``../shared/data``), which a new clone does
not have; the tests carry the slices they need in ``tests/data``. This reads every Python
file under ``tests/`` (text and ``ast``, nothing is imported) and fails on a way out: the
shared data folder or a machine path named, a walk above the repository
(``parents[2]``, ``.parent.parent.parent``, ``..``), or an absolute path opened.
Benchmarks (``bench/``) may read the shared data; they say when it is missing.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: Text no test file may hold: the shared data folder and this machine's work folder.
NAMED_OUTSIDE = ("shared/data", "/work/")
#: Calls that open or name a file from a path.
PATH_CALLS = {"Path", "PurePath", "open"}
#: Absolute paths every Linux machine has: the kernel's, not data a clone might lack.
SYSTEM_PATHS = ("/proc/", "/dev/")


def _leading_text(node: ast.expr) -> str | None:
    """The literal start of a string argument (a plain string or an f-string's head)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        head = node.values[0]
        if isinstance(head, ast.Constant) and isinstance(head.value, str):
            return head.value
    return None


def _parent_depth(node: ast.expr) -> int:
    """How many ``.parent`` steps end this expression (``x.parent.parent``: 2)."""
    depth = 0
    while isinstance(node, ast.Attribute) and node.attr == "parent":
        depth += 1
        node = node.value
    return depth


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def ways_out(source: str) -> list[str]:
    """Each place in ``source`` that reaches outside the repository, as ``line N: why``."""
    found: list[str] = []
    for number, line in enumerate(source.splitlines(), 1):
        found += [f"line {number}: names {text!r}" for text in NAMED_OUTSIDE if text in line]
    tree = ast.parse(source)
    # a chain x.parent.parent.parent is counted once, at its outermost step
    inner_steps = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "parent"
    }
    for node in ast.walk(tree):
        where = f"line {getattr(node, 'lineno', 0)}"
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
            and node.slice.value >= 2
        ):
            found.append(f"{where}: parents[{node.slice.value}] climbs above the repository")
        elif isinstance(node, ast.Attribute) and id(node) not in inner_steps:
            if (depth := _parent_depth(node)) >= 3:
                found.append(f"{where}: .parent x{depth} climbs above the repository")
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.right, ast.Constant)
            and node.right.value == ".."
        ):
            found.append(f"{where}: / '..' climbs out of a folder")
        elif isinstance(node, ast.Call) and _call_name(node) in PATH_CALLS and node.args:
            text = _leading_text(node.args[0])
            outside = text is not None and text.startswith(("/", ".."))
            if outside and text is not None and not text.startswith(SYSTEM_PATHS):
                found.append(f"{where}: {_call_name(node)}({text!r}) is outside the clone")
    return found


def test_no_test_reads_outside_the_clone() -> None:
    files = sorted(p for p in TESTS.rglob("*.py") if p != Path(__file__).resolve())
    assert len(files) > 50  # the whole suite is read, not an empty folder
    problems = {
        str(path.relative_to(TESTS)): found
        for path in files
        if (found := ways_out(path.read_text(encoding="utf-8")))
    }
    assert problems == {}, (
        "tests must read only what the repository holds: put the data under tests/data "
        f"(with its provenance) and find it from Path(__file__).parent; found {problems}"
    )


BAD = """\
from pathlib import Path
QMSUM = Path(__file__).resolve().parents[2] / "x.json"
HERE = Path(__file__).parent.parent.parent / "data"
UP = Path(__file__).parent / ".." / ".." / "data"
MACHINE = Path("/srv/data/meetings")
LOG = open(f"/var/tmp/{1}.log")
"""
BAD_NAMES = 'REAL = "../" + "shared/data"\nWORK = "/work/" + "x"\n'
GOOD = """\
from pathlib import Path
import os
ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "meetings"
REPO = Path(__file__).resolve().parent.parent
PROC = [Path(f"/proc/{pid}/cmdline") for pid in os.listdir("/proc")]
URL = "/api/chat.postMessage"
"""


def test_the_check_finds_each_way_out() -> None:
    found = ways_out(BAD)
    lines = sorted({int(f.split(":")[0].removeprefix("line ")) for f in found})
    assert lines == [2, 3, 4, 5, 6], found
    assert any("parents[2]" in f for f in found)
    assert any(".parent x3" in f for f in found)
    assert any("'..'" in f for f in found)
    assert any("'/srv/data/meetings'" in f for f in found)
    named = ways_out(BAD_NAMES)
    assert [f.split(": ")[0] for f in named] == ["line 1", "line 2"], named
    assert ways_out(GOOD) == []
