"""Where the benchmarks find the real data, and a clear stop when it is not there.

The tests carry small slices of their own (``tests/data``), so any clone passes them. The
benchmarks measure on the full sets, which live outside the repository: the nearest
``shared/data`` folder beside the checkout or beside one of its parent folders (a worktree
in ``wt/<branch>`` finds the one beside ``wt``). When a set is missing a benchmark stops
with one line that says what it needed and where it looked, rather than measuring nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def shared_data(kind: str) -> Path:
    """``shared/data/<kind>`` nearest the checkout (``../shared/data/<kind>`` if none is)."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "data" / kind
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "data" / kind


def need_files(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern``, sorted; stops the benchmark with one
    line naming the folder when there are none."""
    files = sorted(folder.glob(pattern))
    if not files:
        raise SystemExit(
            f"{Path(sys.argv[0]).name}: no {pattern} in {folder}. This benchmark measures "
            "the real data kept outside the repository, in shared/data beside the checkout "
            "or one of its parent folders, and it is missing (the tests do not need it: "
            "they carry slices in tests/data)."
        )
    return files
