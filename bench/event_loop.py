"""Benchmark: how long CPU work holds up the event loop, the old way beside the new.

A heartbeat task sleeps 1 ms at a time and records the longest gap between its beats
while each piece of work runs: the longest time every other chat, click and job on the
loop would have waited. Measured in the same run, old way (in place) beside new:

- a 20 MB facts file parsed (``read_facts`` in place, ``parse_facts_file`` in a thread);
- a 20 MB text upload parsed (``upload_facts`` in place, ``parse_upload``);
- the number check of a 60-sentence answer sentence by sentence against a turn's data of
  3,000 values (``check_numbers`` per sentence gathering the data each time, as the
  reviewer did, beside ``DataNumbers`` gathered once and checked in a thread).

Run: .venv/bin/python bench/event_loop.py
The last line printed is one JSON object of the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agents.checks import (
    DataNumbers,  # noqa: E402
    check_numbers,  # noqa: E402
)
from brain.ingest import parse_facts_file, parse_upload, read_facts, upload_facts  # noqa: E402


async def longest_gap(work: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """(the work's wall time, the longest gap between heartbeats meanwhile), in ms."""
    gaps: list[float] = []

    async def beat() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    task = asyncio.create_task(beat(), name="heartbeat")
    await asyncio.sleep(0.01)
    gaps.clear()
    started = time.perf_counter()
    await work()
    elapsed = time.perf_counter() - started
    await asyncio.sleep(0.005)  # the beat that was held up lands now
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return elapsed * 1e3, max(gaps, default=0.0) * 1e3


def facts_file(folder: Path, megabytes: int) -> Path:
    file = folder / "facts.jsonl"
    line = {"node": {"type": "Task", "id": "", "name": "Reorder the spare parts for line 4",
                     "status": "open", "src": "bench", "asOf": "2026-01-01"}}  # fmt: skip
    lines: list[str] = []
    size = 0
    while size < megabytes * 1024**2:
        line["node"]["id"] = f"task-{len(lines)}"
        text = json.dumps(line)
        lines.append(text)
        size += len(text) + 1
    file.write_text("\n".join(lines))
    return file


def upload(megabytes: int) -> bytes:
    sentence = "The night shift checks the kiln temperature every two hours and logs it. "
    paragraph = sentence * 12
    count = megabytes * 1024**2 // (len(paragraph) + 2)
    return "\n\n".join([paragraph] * count).encode()


def turn_data(values: int) -> list[dict[str, Any]]:
    rows = [{"id": f"obs-{i}", "value": 100 + i * 7, "start": "2026-01-01"} for i in range(values)]
    return [{"data": {"daily": rows}, "sample": False, "nodes": []}]


ANSWER = [f"Week {i} shipped {100 + i * 7} units, up {i % 9 + 1}% on the week." for i in range(60)]


def check_each_sentence_old(outputs: list[dict[str, Any]]) -> list[bool]:
    return [check_numbers(s, outputs).passed for s in ANSWER]


def check_each_sentence_new(outputs: list[dict[str, Any]]) -> list[bool]:
    numbers = DataNumbers.of(outputs)
    return [check_numbers(s, outputs, numbers=numbers).passed for s in ANSWER]


async def main() -> None:
    figures: dict[str, float] = {}
    rows: list[tuple[str, float, float, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        file = facts_file(Path(tmp), 20)
        old = await longest_gap(lambda: asyncio.sleep(0, read_facts(file)))
        new = await longest_gap(lambda: parse_facts_file(file))
        rows.append(("20 MB facts file", *old, *new))
        data = upload(20)
        args = {"name": "kiln.md", "data": data, "src": "bench", "as_of": "2026-01-01"}
        old = await longest_gap(lambda: asyncio.sleep(0, upload_facts(**args)))
        new = await longest_gap(lambda: parse_upload(**args))
        rows.append(("20 MB upload", *old, *new))
    outputs = turn_data(3_000)
    assert check_each_sentence_old(outputs) == check_each_sentence_new(outputs)
    old = await longest_gap(lambda: asyncio.sleep(0, check_each_sentence_old(outputs)))
    new = await longest_gap(lambda: asyncio.to_thread(check_each_sentence_new, outputs))
    rows.append(("numbers, 60 sentences", *old, *new))

    print(f"{'work':<24}{'old ms':>10}{'old gap ms':>12}{'new ms':>10}{'new gap ms':>12}")
    for name, old_ms, old_gap, new_ms, new_gap in rows:
        print(f"{name:<24}{old_ms:>10.0f}{old_gap:>12.1f}{new_ms:>10.0f}{new_gap:>12.1f}")
        key = name.split(",")[0].replace(" ", "_").lower()
        figures |= {
            f"{key}_old_ms": round(old_ms, 1),
            f"{key}_old_gap_ms": round(old_gap, 1),
            f"{key}_new_ms": round(new_ms, 1),
            f"{key}_new_gap_ms": round(new_gap, 1),
        }
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
