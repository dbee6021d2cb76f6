"""Tools asked about a past moment reach the archive: a scaffolding-hire firm's closed facts
move out of the live graph, and every tool's answer for a date before the move is the
same after it (walks, paths, neighbours, ranks, history, owner, search, passages and the
evidence each returns), while answers about now do not change. Against a real FalkorDB."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, cast

from agents import call_tool
from brain import Brain
from brain.reads import clear_cache
from scheduler import JobRunner, Post
from tests.conftest import unique_slug
from tests.daily_readings import daily_reading

NOW = 1_796_140_800_000  # 2026-12-01; the archive window (365 days) ends 2025-12-01
PAST = "2024-06-01"


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        return channel


def hire_facts() -> list[tuple[int, dict[str, Any]]]:
    """A scaffolding-hire firm: a tower that once needed the yard crane, owners that
    changed, a hire-terms document whose crane passage was dropped in 2025."""

    def node(t: str, i: str, name: str, **extra: Any) -> dict[str, Any]:
        return {
            "node": {"type": t, "id": i, "name": name, "src": "yard-book", "asOf": "2024-01-01"}
            | extra
        }

    def edge(a: str, rel: str, b: str, since: str, until: str | None = None) -> dict[str, Any]:
        e: dict[str, Any] = {
            "from": a,
            "type": rel,
            "to": b,
            "since": since,
            "src": "yard-book",
            "asOf": until or since,
        }
        if until:
            e["until"] = until
        return {"edge": e}

    facts = [
        node("Person", "p-rhea", "Rhea Quist"),
        node("Person", "p-tam", "Tam Okafor"),
        node("Person", "p-ivo", "Ivo Brandt"),
        node("Product", "prod-tower", "Mobile tower hire"),
        node("Service", "svc-booking", "Scaffold booking line"),
        node("Tool", "tool-crane", "Yard crane"),
        node("Tool", "tool-board", "Old dispatch board"),
        node("Document", "doc-terms", "Hire terms"),
        node("Chunk", "chunk-crane", "Delivery", text="Towers are delivered by the yard crane."),
        node("Chunk", "chunk-check", "Inspection", text="Every tower is inspected each week."),
        edge("prod-tower", "DEPENDS_ON", "tool-crane", "2024-01-01", "2025-02-01"),
        edge("prod-tower", "DEPENDS_ON", "svc-booking", "2024-01-01"),
        edge("svc-booking", "DEPENDS_ON", "tool-board", "2024-01-01", "2025-03-01"),
        edge("p-rhea", "OWNS", "svc-booking", "2024-01-01", "2025-01-01"),
        edge("p-tam", "OWNS", "svc-booking", "2025-01-01"),
        edge("p-ivo", "WORKS_ON", "prod-tower", "2024-02-01", "2025-04-01"),
        edge("p-tam", "WORKS_ON", "prod-tower", "2025-04-01"),
        edge("doc-terms", "HAS_CHUNK", "chunk-crane", "2024-01-01", "2025-05-01"),
        edge("doc-terms", "HAS_CHUNK", "chunk-check", "2024-01-01"),
        edge("doc-terms", "MENTIONS", "tool-crane", "2024-01-01", "2025-05-01"),
    ]
    return list(enumerate(facts, 1))


#: Every tool of the brain that reads facts current at a moment, with its arguments.
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("neighbours", {"name": "prod-tower"}),
    ("neighbours", {"name": "doc-terms"}),
    ("what_breaks", {"name": "tool-crane"}),
    ("what_breaks", {"name": "tool-board"}),
    ("path", {"ids": ["p-ivo", "tool-crane"]}),
    ("path", {"ids": ["p-rhea", "svc-booking"]}),
    ("rank", {"limit": 10}),
    ("topics", {"limit": 5}),
    ("history", {"name": "svc-booking"}),
    ("owner", {"name": "svc-booking"}),
    ("search", {"query": "delivered by the yard crane"}),
    ("passages", {"name": "doc-terms"}),
    ("lookup", {"name": "Yard crane"}),
]


def _comparable(value: Any) -> Any:
    """A tool's answer without whether it came from the read cache."""
    if isinstance(value, dict):
        items = cast(dict[str, Any], value)
        return {k: _comparable(v) for k, v in items.items() if k != "cached"}
    if isinstance(value, list):
        return [_comparable(v) for v in cast(list[Any], value)]
    return value


async def _answers(graph: Any, as_of: str | None) -> dict[str, Any]:
    clear_cache()
    out: dict[str, Any] = {}
    for i, (tool, args) in enumerate(CALLS):
        asked = {**args, **({"as_of": as_of} if as_of else {})}
        answer = _comparable((await call_tool(graph, tool, asked)).model_dump())
        if as_of is None:
            del answer["as_of"]  # the moment "now" was, which moves between calls
        out[f"{i}:{tool}"] = answer
    return out


async def test_every_tool_answers_a_past_date_the_same_after_the_archive_job(
    quiet_brain: Brain,
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    report = await graph.write_facts(hire_facts())
    assert not report.refused, report
    then_before = await _answers(graph, PAST)
    now_before = await _answers(graph, None)

    # the past answers do rest on the facts that are about to move
    assert "tool-crane" in str(then_before["0:neighbours"])
    assert "tool-crane" not in str(now_before["0:neighbours"])
    assert then_before["4:path"]["data"]["pairs"][0]["how"] != "none"
    assert then_before["2:what_breaks"]["data"]["total"] >= 1
    assert "chunk-crane" in str(then_before["10:search"])
    assert "chunk-crane" in str(then_before["11:passages"])

    runner = JobRunner(quiet_brain, NoPoster(), retry_delays_s=())
    done = await runner.run(slug, "archive", t=NOW)
    assert done.status == "ok" and done.details["closed_facts"] == 6
    left = await graph.read("closed", "MATCH ()-[e]->() WHERE e.until IS NOT NULL RETURN count(e)")
    assert left.scalar() == 0

    then_after = await _answers(graph, PAST)
    now_after = await _answers(graph, None)
    for key, before in then_before.items():
        assert then_after[key] == before, key
    for key, before in now_before.items():
        assert now_after[key] == before, key

    # and after the undo, the same again
    assert done.run_id is not None
    await runner.undo(slug, "archive", done.run_id)
    assert await _answers(graph, PAST) == then_before


async def test_a_tenant_without_an_archive_reads_only_its_live_graph(quiet_brain: Brain) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    await graph.write_facts(hire_facts())
    result = await call_tool(graph, "neighbours", {"name": "prod-tower", "as_of": PAST})
    assert {r["node"]["id"] for r in result.data["relationships"]} >= {"tool-crane", "p-ivo"}


def scaffold_readings() -> list[tuple[int, dict[str, Any]]]:
    """Towers hired a day for two weeks of March 2024 (a Monday to a Sunday, twice)."""
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Metric",
                "id": "metric-towers-out",
                "name": "Towers out on hire",
                "src": "yard-book",
                "asOf": "2024-03-01",
                "unit": "towers",
                "aggregation": "sum",
            }
        }
    ]
    first = date(2024, 3, 4)
    for i in range(14):
        day = first + timedelta(days=i)
        oid = f"obs-towers-{day.isoformat()}"
        name = f"towers out {day}"
        value = float(10 + i)
        facts.extend(
            daily_reading(oid, "metric-towers-out", day, value, name=name, src="yard-book")
        )
    return list(enumerate(facts, 1))


def _readings_count(result: Any) -> int:
    return sum(a["count"] for a in result.data["also"] if a["type"] == "Observation")


async def test_rolled_up_and_archived_together_count_each_reading_once(
    quiet_brain: Brain,
) -> None:
    """The roll-up's dailies sit in the archive too: a past-dated read counts their week
    once (live), never the week and its days, and a range ending mid-week still totals
    its days."""
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    await graph.write_facts(hire_facts())
    await graph.write_facts(scaffold_readings())
    asked = {"name": "metric-towers-out", "as_of": PAST}
    assert _readings_count(await call_tool(graph, "neighbours", asked)) == 14
    mid_week = {**asked, "first_day": "2024-03-04", "last_day": "2024-03-13"}
    before = (await call_tool(graph, "period", mid_week)).data["period"]["total"]
    assert before == sum(10.0 + i for i in range(10))

    runner = JobRunner(quiet_brain, NoPoster(), retry_delays_s=())
    for name in ("rollup", "archive"):
        assert (await runner.run(slug, name, t=NOW)).status == "ok"
    assert _readings_count(await call_tool(graph, "neighbours", asked)) == 2  # two weeks
    assert (await call_tool(graph, "period", mid_week)).data["period"]["total"] == before
