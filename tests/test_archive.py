"""The archive job on a bike-repair shop: closed facts past the window leave the live
graph, ``history`` (today and as of a past date) still shows them, and undo restores the
records exactly. Against a real FalkorDB."""

from __future__ import annotations

from typing import Any

from agents import call_tool
from brain import Brain
from scheduler import JobRunner, Post
from tests.conftest import unique_slug
from tests.test_rollup import records

NOW = 1_796_140_800_000  # 2026-12-01


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        return channel


def shop_facts() -> list[tuple[int, dict[str, Any]]]:
    def node(t: str, i: str, name: str) -> dict[str, Any]:
        return {"node": {"type": t, "id": i, "name": name, "src": "shop-log", "asOf": "2024-01-01"}}

    def owns(who: str, since: str, until: str | None = None) -> dict[str, Any]:
        edge: dict[str, Any] = {
            "from": who,
            "type": "OWNS",
            "to": "task-truing",
            "since": since,
            "src": "shop-log",
            "asOf": until or since,
        }
        if until:
            edge["until"] = until
        return {"edge": edge}

    facts = [
        node("Person", "p-ola", "Ola"),
        node("Person", "p-bo", "Bo"),
        node("Task", "task-truing", "Service the wheel truing stand"),
        owns("p-ola", "2024-01-01", "2025-01-01"),
        owns("p-bo", "2025-01-01"),
    ]
    return list(enumerate(facts, 1))


def _owners(result: Any) -> list[tuple[str, str | None]]:
    return sorted((e["node"]["name"], e["until"]) for e in result.data["events"])


async def test_closed_facts_move_to_the_archive_and_history_still_reads_them(
    quiet_brain: Brain,
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    await graph.write_facts(shop_facts())
    original = await records(graph)
    history_now = _owners(await call_tool(graph, "history", {"name": "task-truing"}))
    history_then = _owners(
        await call_tool(graph, "history", {"name": "task-truing", "as_of": "2024-06-01"})
    )
    assert [n for n, _ in history_now] == ["Bo", "Ola"]
    runner = JobRunner(quiet_brain, NoPoster(), retry_delays_s=())

    dry = await runner.run(slug, "archive", t=NOW, dry_run=True)
    assert dry.details["closed_facts"] == 1 and await records(graph) == original

    done = await runner.run(slug, "archive", t=NOW)
    assert done.status == "ok" and done.run_id is not None
    live = await graph.read(
        "closed", "MATCH ()-[e:OWNS]->() WHERE e.until IS NOT NULL RETURN count(e)"
    )
    assert live.scalar() == 0
    assert _owners(await call_tool(graph, "history", {"name": "task-truing"})) == history_now
    assert (
        _owners(await call_tool(graph, "history", {"name": "task-truing", "as_of": "2024-06-01"}))
        == history_then
    )
    then = await call_tool(graph, "owner", {"name": "task-truing", "as_of": "2024-06-01"})
    assert then.data["owner"]["holder"]["name"] == "Ola"
    await runner.undo(slug, "archive", done.run_id)
    assert await records(graph) == original
