"""Reads past their cap: the newest part (the window or the moment asked about) stays
whole, and the answer says what was left out. Against a real FalkorDB."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from brain import Brain, TenantGraph, parse_moment
from brain.reads import MAX_READINGS, history, neighbours, owner, readings

AS_OF = datetime(2026, 3, 1, tzinfo=UTC)
STEP = timedelta(minutes=8)  # 14 days of readings every 8 minutes: 2,520 readings
READINGS = int(timedelta(days=14) / STEP)


@pytest.fixture(scope="session")
def brain(quiet_brain: Brain) -> Brain:
    """No embeddings: nothing here searches by meaning."""
    return quiet_brain


def facts() -> list[dict[str, Any]]:
    """A flow metric read every 8 minutes: 1 a reading last week, 2 a reading this week."""
    meta = {"src": "meter", "asOf": "2026-01-01"}
    out: list[dict[str, Any]] = [
        {"node": {"type": "Metric", "id": "metric-parcels", "name": "Parcels scanned",
                  "unit": "parcels", "aggregation": "sum", **meta}}
    ]  # fmt: skip
    split = AS_OF - timedelta(days=7)
    for i in range(READINGS):
        start = AS_OF - timedelta(days=14) + i * STEP
        reading = f"obs-parcels-{i:05d}"
        value = 2 if start >= split else 1
        out.append(
            {"node": {"type": "Observation", "id": reading, "value": value,
                      "start": start.isoformat(), "end": (start + STEP).isoformat(), **meta}}
        )  # fmt: skip
        out.append(
            {"edge": {"from": reading, "type": "MEASURES", "to": "metric-parcels",
                      "since": "2026-01-01", **meta}}
        )  # fmt: skip
    return out


async def test_more_readings_than_the_cap_keep_the_window_whole(brain: Brain) -> None:
    slug = f"rd-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph: TenantGraph = await brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(facts(), 1)))
    assert report.refused == 0, report.refusals[:3]
    assert READINGS > MAX_READINGS

    res = await readings(graph, "metric-parcels", as_of_ms=parse_moment(AS_OF), days=7)
    this, prev = res.data["this_window"], res.data["previous_window"]
    # the totals count every reading of both windows, not just the listed ones
    assert (this["readings"], prev["readings"]) == (READINGS // 2, READINGS // 2)
    assert (this["value"], prev["value"]) == (2 * READINGS // 2, READINGS // 2)
    assert res.data["change_pct"] == 100.0
    # the series is the newest readings: all of this window, the oldest ones cut
    daily = res.data["daily"]
    assert len(daily) == MAX_READINGS and not res.data["daily_complete"]
    assert daily[-1]["id"] == f"obs-parcels-{READINGS - 1:05d}"
    assert [d["start"] for d in daily] == sorted(d["start"] for d in daily)
    assert sum(1 for d in daily if d["value"] == 2) == READINGS // 2
    assert f"newest {MAX_READINGS:,} of {READINGS:,} readings" in (res.message or "")
    cited = [n.id for n in res.evidence.nodes if n.type == "Observation"]
    assert cited == [f"obs-parcels-{i:05d}" for i in range(READINGS - 3, READINGS)]

    brief = await readings(graph, "metric-parcels", as_of_ms=parse_moment(AS_OF), daily=False)
    assert brief.data["this_window"] == this and brief.data["daily"] == []
    assert brief.data["daily_complete"] and brief.message is None


async def test_history_neighbours_and_owners_past_their_cap_keep_the_newest(
    brain: Brain,
) -> None:
    """A tool that eight tasks came to depend on, month by month, and eight owners in turn."""
    slug = f"cap-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    meta = {"src": "t", "asOf": "2026-01-01"}
    facts: list[dict[str, Any]] = [
        {"node": {"type": "Tool", "id": "tool-kiln", "name": "Kiln", **meta}}
    ]
    for i in range(1, 9):
        month = f"2026-{i:02d}-01"
        facts += [
            {"node": {"type": "Task", "id": f"task-{i}", "name": f"Firing {i}", **meta}},
            {"node": {"type": "Person", "id": f"person-{i}", "name": f"Keeper {i}", **meta}},
            {"edge": {"from": f"task-{i}", "type": "DEPENDS_ON", "to": "tool-kiln",
                      "since": month, **meta}},
            {"edge": {"from": f"person-{i}", "type": "OWNS", "to": "tool-kiln",
                      "since": month, **meta}},
        ]  # fmt: skip
    report = await graph.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals[:3]
    t = parse_moment("2026-12-01")

    whole = await history(graph, "tool-kiln", as_of_ms=t)
    assert not whole.data["truncated"] and whole.message is None
    capped = await history(graph, "tool-kiln", as_of_ms=t, limit=5)
    assert capped.data["truncated"] and "newest 5 events" in (capped.message or "")
    assert capped.data["events"] == whole.data["events"][-5:]  # the newest, oldest first

    listed = await neighbours(graph, "tool-kiln", as_of_ms=t, limit=3)
    assert len(listed.data["relationships"]) == 3 and listed.data["truncated"]
    assert "first 3 relationships" in (listed.message or "")
    assert not (await neighbours(graph, "tool-kiln", as_of_ms=t)).data["truncated"]

    held = await owner(graph, "tool-kiln", as_of_ms=t, limit=3)
    assert held.data["owner"]["holder"]["id"] == "person-8"  # the current one is kept
    assert [e["holder"]["id"] for e in held.data["timeline"]] == [
        "person-6",
        "person-7",
        "person-8",
    ]
    assert held.data["truncated"] and "older ones left out" in (held.message or "")
