"""The embedded brains running on this machine, so a new empty one is never made silently.

Without ``FALKORDB_URL`` every process that opens the same data directory shares one
embedded server; a process started from another folder (or with another
``HIVEBRAIN_DATA_DIR``) would quietly start a second, empty brain, and answer every
question with "no such tenant". Each embedded server is noted here when a process finds
or starts it: a small file per data directory under ``/tmp/hivebrain-<uid>/embedded``
naming the directory and the server's pid. A process that has just made a new, empty
brain reads the notes of the others that still run and says so (``serve`` refuses).

Nothing here can see another machine or container: processes there share a brain only
through ``FALKORDB_URL``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

NOTES_DIR = "embedded"


@dataclass(frozen=True, slots=True)
class LocalBrain:
    """An embedded server running on this machine: its data directory and pid."""

    data_dir: str
    pid: int


def _notes(root: Path) -> Path:
    return root / NOTES_DIR


def _name(data_dir: Path) -> str:
    return hashlib.sha256(os.fsencode(os.path.realpath(data_dir))).hexdigest()[:20] + ".json"


def note_server(root: Path, data_dir: Path, pid: int) -> None:
    """Note that the server of ``data_dir`` runs as ``pid`` (best effort: a note that
    cannot be written only costs the warning it would have given)."""
    folder = _notes(root)
    with contextlib.suppress(OSError):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = folder / _name(data_dir)
        text = json.dumps({"data_dir": os.path.realpath(data_dir), "pid": pid})
        if not path.exists() or path.read_text() != text:
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text)
            tmp.replace(path)


def forget_server(root: Path, data_dir: Path) -> None:
    """Remove the note of ``data_dir`` (its server was stopped)."""
    with contextlib.suppress(OSError):
        (_notes(root) / _name(data_dir)).unlink()


def other_servers(
    root: Path, data_dir: Path, *, is_server: Callable[[int, Path], bool]
) -> list[LocalBrain]:
    """The embedded servers of other data directories that still run (``is_server``
    checks a pid is that directory's server); notes of stopped ones are removed."""
    mine = os.path.realpath(data_dir)
    found: list[LocalBrain] = []
    with contextlib.suppress(OSError):
        for path in sorted(_notes(root).glob("*.json")):
            try:
                note = cast(dict[str, Any], json.loads(path.read_text()))
                other, pid = str(note["data_dir"]), int(note["pid"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if other == mine:
                continue
            if is_server(pid, Path(other)):
                found.append(LocalBrain(other, pid))
            else:
                with contextlib.suppress(OSError):
                    path.unlink()
    return found
