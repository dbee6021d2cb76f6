"""CPU work stays off the event loop when its input is large, and gives the same answer.

Which thread ran a function is observed with ``sys.setprofile``, which traces only the
thread that sets it (the event loop's): work sent to a thread never shows up in it, work
run in place does. A heartbeat task shows the loop answering while a big upload parses.
"""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from agents import TurnOptions, run_turn
from agents.checks import DataNumbers, _numbers
from brain import Brain, TenantGraph, now_ms
from brain.ingest import THREAD_PARSE_AT, parse_facts_file, parse_upload, read_facts, upload_facts
from brain.ingest.documents import chunk_text
from brain.reads import _snapshots, clear_cache, layers, path, shortest_paths, what_breaks
from brain.sample import SAMPLE_QUESTIONS, sample_business


@contextmanager
def called_on_loop(*fns: Callable[..., Any]) -> Iterator[set[str]]:
    """The names of ``fns`` that ran on this (the event loop's) thread meanwhile."""
    codes = {fn.__code__: fn.__qualname__ for fn in fns}
    seen: set[str] = set()

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code in codes:
            seen.add(codes[frame.f_code])

    sys.setprofile(profile)
    try:
        yield seen
    finally:
        sys.setprofile(None)


class Heartbeat:
    """A task that counts how often the loop let it run."""

    def __init__(self) -> None:
        self.ticks = 0
        self._task: asyncio.Task[None] | None = None

    async def _beat(self) -> None:
        while True:
            self.ticks += 1
            await asyncio.sleep(0.001)

    async def __aenter__(self) -> Heartbeat:
        self._task = asyncio.create_task(self._beat(), name="heartbeat")
        await asyncio.sleep(0)  # let it start
        return self

    async def __aexit__(self, *_exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await self._task


def big_document() -> bytes:
    """About 2 MB of prose in paragraphs: well past the size parsed in place."""
    paragraph = " ".join(f"Line {i} of the handbook says what to do on day {i}." for i in range(40))
    return "\n\n".join(paragraph for _ in range(1_000)).encode()


async def test_a_large_upload_parses_in_a_thread_while_the_loop_keeps_beating() -> None:
    data = big_document()
    assert len(data) > THREAD_PARSE_AT
    args: dict[str, Any] = {"name": "handbook.md", "src": "slack:file/h", "as_of": "2026-01-01"}
    async with Heartbeat() as beat:
        with called_on_loop(upload_facts, chunk_text) as on_loop:
            before = beat.ticks
            facts = await parse_upload(data=data, **args)
            during = beat.ticks - before
    assert on_loop == set()
    assert during >= 1  # the loop ran other work while the upload parsed
    assert facts == upload_facts(data=data, **args)

    small = b"One short note.\n\nAnother."
    async with Heartbeat() as beat:
        with called_on_loop(upload_facts) as on_loop:
            before = beat.ticks
            facts = await parse_upload(data=small, **args)
            during = beat.ticks - before
    assert on_loop == {"upload_facts"} and during == 0  # parsed in place: no hop
    assert facts == upload_facts(data=small, **args)


async def test_a_facts_file_is_read_off_the_loop(tmp_path: Path) -> None:
    file = tmp_path / "facts.jsonl"
    lines = [
        json.dumps({"node": {"type": "Task", "id": f"task-{i}", "name": f"Task {i}",
                             "src": "t", "asOf": "2026-01-01"}})
        for i in range(20_000)
    ]  # fmt: skip
    file.write_text("\n".join(lines))
    with called_on_loop(read_facts) as on_loop:
        facts = await parse_facts_file(file)
    assert on_loop == set()
    assert facts == read_facts(file) and len(facts) == 20_000


@pytest.fixture(scope="module")
def chain() -> list[dict[str, Any]]:
    """A tool that tasks depend on, in a chain of three hops."""
    meta = {"src": "t", "asOf": "2026-01-01"}
    nodes = [{"node": {"type": "Tool", "id": "tool-x", "name": "Ledger", **meta}}]
    nodes += [
        {"node": {"type": "Task", "id": f"task-{i}", "name": f"Task {i}", **meta}}
        for i in range(30)
    ]
    edges = [
        {"edge": {"from": f"task-{i}", "type": "DEPENDS_ON",
                  "to": "tool-x" if i < 10 else f"task-{i - 10}", "since": "2026-01-01", **meta}}
        for i in range(30)
    ]  # fmt: skip
    return nodes + edges


async def test_walks_over_a_heavy_snapshot_run_in_a_thread(
    quiet_brain: Brain, chain: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    slug = f"ol-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph: TenantGraph = await quiet_brain.tenant(slug)
    assert (await graph.write_facts(list(enumerate(chain, 1)))).refused == 0
    t = now_ms()
    with called_on_loop(layers, shortest_paths) as on_loop:
        light_walk = await what_breaks(graph, "tool-x", as_of_ms=t)
        light_path = await path(graph, ["task-25", "task-3"], as_of_ms=t)
    assert on_loop == {"layers", "shortest_paths"}  # a small tenant's walk runs in place
    assert light_walk.data["total"] == 30

    clear_cache()
    monkeypatch.setattr(_snapshots, "THREAD_WALK_AT", 1)  # every snapshot counts as heavy
    with called_on_loop(layers, shortest_paths) as on_loop:
        heavy_walk = await what_breaks(graph, "tool-x", as_of_ms=t)
        heavy_path = await path(graph, ["task-25", "task-3"], as_of_ms=t)
    assert on_loop == set()
    assert heavy_walk.model_dump() == light_walk.model_dump()
    assert heavy_path.model_dump() == light_path.model_dump()


async def test_the_answer_checks_run_in_a_thread_on_big_data(
    quiet_brain: Brain, monkeypatch: pytest.MonkeyPatch
) -> None:
    slug = f"ol-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(sample_business(today=date.today()), 1)))
    assert report.refused == 0
    question = SAMPLE_QUESTIONS[0]
    with called_on_loop(DataNumbers.unmatched) as on_loop:
        light = await run_turn(graph, question, TurnOptions(save=False))
    assert on_loop == {"DataNumbers.unmatched"}  # small data: checked in place

    monkeypatch.setattr(_numbers, "THREAD_CHECKS_AT", 0)  # any data counts as big
    with called_on_loop(DataNumbers.unmatched) as on_loop:
        heavy = await run_turn(graph, question, TurnOptions(save=False))
    assert on_loop == set()
    assert heavy.answer == light.answer
    assert heavy.checks == light.checks
