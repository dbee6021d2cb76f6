"""The scheduler against a real FalkorDB: each run happens once however many schedulers
fire it, a failing tenant is reported while the others run, a digest posts once per
period, and settings decide schedules and time zones. Businesses here are a bakery
co-op and a bike-repair shop, not the sample; the poster stands in for Slack/Discord at
the ``DigestPoster`` seam."""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from brain import Brain, BrainSettings, QueryRefused
from brain.upkeep import job_runs
from scheduler import JOBS, JobOutcome, JobRunner, JobService, Post, job
from scheduler.jobs import JobContext

NOW = 1_796_140_800_000  # 2026-12-01T00:00Z, a Tuesday


class RecordingPoster:
    """Records what would be posted, per platform and channel."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append({"platform": platform, "channel": channel, "post": post})
        return f"{channel}/{len(self.posts)}"


def bakery_facts(today: str) -> list[tuple[int, dict[str, Any]]]:
    facts: list[dict[str, Any]] = [
        {"node": {"type": "Person", "id": "p-ines", "name": "Ines", "src": "co-op", "asOf": today}},
        {
            "node": {
                "type": "Task",
                "id": "task-sourdough",
                "name": "Rebuild the sourdough starter rota",
                "src": "co-op",
                "asOf": today,
            }
        },
        {
            "node": {
                "type": "Decision",
                "id": "dec-rye",
                "name": "Switch to organic rye flour",
                "src": "https://coop.example/minutes/1",
                "asOf": today,
            }
        },
        {
            "edge": {
                "from": "p-ines",
                "type": "OWNS",
                "to": "task-sourdough",
                "since": today,
                "src": "co-op",
                "asOf": today,
            }
        },
    ]
    return list(enumerate(facts, 1))


async def bound_tenant(brain: Brain, prefix: str, **settings: str) -> str:
    assert brain.registry is not None
    slug = f"{prefix}-{uuid.uuid4().hex[:6]}"
    await brain.create_tenant(slug)
    await (await brain.tenant(slug)).write_facts(bakery_facts("2026-11-28"))
    await brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await brain.registry.update_settings(
        slug, {"digest_channel": f"C-DIGEST-{slug}", "admin_channel": f"C-ADMIN-{slug}", **settings}
    )
    return slug


async def test_the_weekly_digest_cites_each_item_and_posts_once_per_period(
    quiet_brain: Brain,
) -> None:
    slug = await bound_tenant(quiet_brain, "bakery")
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=())
    first = await runner.run(slug, "business_digest", t=NOW)
    again = await runner.run(slug, "business_digest", t=NOW + 3_600_000)  # same ISO week
    assert first.status == "ok" and again.status == "done" and again.run_id == first.run_id
    assert len(poster.posts) == 1
    post: Post = poster.posts[0]["post"]
    assert poster.posts[0]["channel"] == f"C-DIGEST-{slug}"
    text = post.text
    assert "Switch to organic rye flour [1]" in text
    assert "Ines now owns Rebuild the sourdough starter rota" in text
    assert [c.id for c in post.citations][:2] == ["dec-rye", "task-sourdough"]
    assert post.citations[0].url == "https://coop.example/minutes/1"
    # the next week is a new period
    later = await runner.run(slug, "business_digest", t=NOW + 7 * 86_400_000)
    assert later.status == "ok" and len(poster.posts) == 2


async def test_the_weekly_digest_shows_metrics_that_moved_incidents_and_waiting_cards(
    quiet_brain: Brain,
) -> None:
    from agents import CardDraft, propose

    slug = await bound_tenant(quiet_brain, "loaves")
    graph = await quiet_brain.tenant(slug)
    facts: list[dict[str, Any]] = [
        {
            "node": {
                "type": "Metric",
                "id": "m-loaves",
                "name": "Loaves baked",
                "src": "till",
                "asOf": "2026-11-01",
                "unit": "loaves",
                "aggregation": "sum",
            }
        },
        {
            "node": {
                "type": "Incident",
                "id": "inc-oven",
                "name": "Deck oven thermostat failed",
                "src": "https://coop.example/incidents/4",
                "asOf": "2026-11-29",
                "status": "open",
                "startedAt": "2026-11-29T06:00",
            }
        },
    ]
    for day in range(14):
        d = (datetime(2026, 11, 17) + timedelta(days=day)).date()
        oid = f"obs-loaves-{d}"
        facts += [
            {
                "node": {
                    "type": "Observation",
                    "id": oid,
                    "name": f"loaves {d}",
                    "src": "till",
                    "asOf": str(d + timedelta(days=1)),
                    "value": 100 if day < 7 else 150,
                    "start": str(d),
                    "end": str(d + timedelta(days=1)),
                }
            },
            {
                "edge": {
                    "from": oid,
                    "type": "MEASURES",
                    "to": "m-loaves",
                    "since": str(d),
                    "src": "till",
                    "asOf": str(d),
                }
            },
        ]
    await graph.write_facts(list(enumerate(facts, 1)))
    card = await propose(
        graph,
        CardDraft(
            kind="note",
            title="Order a new thermostat",
            preview="Order it.",
            payload={},
            executor="record",
            proposed_by="ops",
        ),
        now_ms=NOW - 86_400_000,
    )
    poster = RecordingPoster()
    await JobRunner(quiet_brain, poster, retry_delays_s=()).run(slug, "business_digest", t=NOW)
    post: Post = poster.posts[0]["post"]
    lines = post.text.splitlines()
    moved = next(line for line in lines if line.startswith("• Loaves baked"))
    assert "this week against" in moved and "+" in moved
    assert any("Deck oven thermostat failed: opened" in line for line in lines)
    assert any(f"Order a new thermostat (card {card.id})" in line for line in lines)
    cited = {c.id: c for c in post.citations}
    assert {"m-loaves", "inc-oven", card.id} <= set(cited)
    assert cited["inc-oven"].url == "https://coop.example/incidents/4"


async def test_a_dry_run_posts_nothing_and_stamps_nothing(quiet_brain: Brain) -> None:
    slug = await bound_tenant(quiet_brain, "dry")
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=())
    report = await runner.run(slug, "business_digest", t=NOW, dry_run=True)
    assert report.status == "dry-run" and report.posts and not poster.posts
    assert await job_runs(await quiet_brain.tenant(slug), "business_digest") == []


async def test_two_runners_on_one_server_run_a_job_once(falkordb_url: str) -> None:
    """Two brains (two connection pools, as two ``serve`` processes have) fire at once."""
    async with (
        Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as a,
        Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as b,
    ):
        slug = await bound_tenant(a, "twice")
        posters = [RecordingPoster(), RecordingPoster()]
        runners = [JobRunner(x, p, retry_delays_s=()) for x, p in zip((a, b), posters, strict=True)]
        reports = await asyncio.gather(
            *(r.run(slug, "business_digest", t=NOW) for r in runners for _ in range(3))
        )
        assert sorted(r.status for r in reports).count("ok") == 1
        assert {r.status for r in reports} <= {"ok", "locked", "done"}
        assert sum(len(p.posts) for p in posters) == 1
        runs = await job_runs(await a.tenant(slug), "business_digest")
        assert [r.status for r in runs] == ["ok"]


async def test_two_schedulers_firing_one_job_post_it_once(falkordb_url: str) -> None:
    """Two APScheduler services (own job stores, own brains) fire the same job together."""
    async with (
        Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as a,
        Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as b,
    ):
        slug = await bound_tenant(a, "sched")
        posters = [RecordingPoster(), RecordingPoster()]
        services = [
            JobService(JobRunner(x, p, retry_delays_s=()), store=f"test-{uuid.uuid4().hex[:6]}")
            for x, p in zip((a, b), posters, strict=True)
        ]
        when = datetime.now(UTC) + timedelta(seconds=1.5)
        try:
            for s in services:
                await s.start()
                assert f"hygiene@{slug}" in await s.stored_jobs()
                await s.fire_at("hygiene", slug, when)
            for _ in range(60):
                await asyncio.sleep(0.1)
                runs = await job_runs(await a.tenant(slug), "hygiene")
                if runs and runs[0].status != "running":
                    break
            await asyncio.sleep(0.5)
        finally:
            for s in services:
                s.shutdown()
        assert sum(len(p.posts) for p in posters) == 1
        assert [r.status for r in await job_runs(await a.tenant(slug), "hygiene")] == ["ok"]


async def test_schedules_and_time_zones_come_from_settings(quiet_brain: Brain) -> None:
    assert quiet_brain.registry is not None
    slug = await bound_tenant(quiet_brain, "bikes", timezone="Asia/Kolkata")
    service = JobService(
        JobRunner(quiet_brain, RecordingPoster()), store=f"t-{uuid.uuid4().hex[:6]}"
    )
    await service.start()
    try:
        digest = (await service.stored_jobs())[f"business_digest@{slug}"]
        assert digest.timezone == "Asia/Kolkata"
        await quiet_brain.registry.update_settings(
            slug, {"schedule_hygiene": "off", "schedule_business_digest": "30 8 * * fri"}
        )
        changes = await service.reconcile()
        assert changes["removed"] >= 1 and changes["changed"] >= 1
        stored = await service.stored_jobs()
        assert f"hygiene@{slug}" not in stored
        fires = stored[f"business_digest@{slug}"].next_run
        assert fires is not None and fires.weekday() == 4 and (fires.hour, fires.minute) == (8, 30)
        # the store persists: a new service on it finds the jobs already there
        again = JobService(service.runner, store=service.store)
        await again.start()
        assert (await again.reconcile()) == {"added": 0, "changed": 0, "removed": 0}
        again.shutdown()
    finally:
        service.shutdown()


async def test_a_job_raising_for_one_tenant_is_reported_and_the_others_still_run(
    quiet_brain: Brain, caplog: pytest.LogCaptureFixture
) -> None:
    tag = uuid.uuid4().hex[:6]
    broken = await bound_tenant(quiet_brain, f"a-fail-{tag}", kiln="cracked")
    healthy = await bound_tenant(quiet_brain, f"b-fine-{tag}")
    attempts: list[str] = []

    @job("test_kiln", purpose="a job that fails for one tenant", schedule="0 1 * * *", period="day")
    async def test_kiln(ctx: JobContext) -> JobOutcome:  # pyright: ignore[reportUnusedFunction]
        attempts.append(ctx.graph.slug)
        if ctx.settings.get("kiln") == "cracked":
            raise QueryRefused("the kiln log cannot be read")
        return JobOutcome([Post("digest_channel", "Kiln report", ("all fired",))], "fine")

    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=(0.0, 0.0))
    try:
        with caplog.at_level(logging.ERROR, logger="scheduler"):
            reports = {r.tenant: r for r in await runner.run_for_all("test_kiln", t=NOW)}
    finally:
        JOBS.pop("test_kiln", None)
    assert reports[broken].status == "failed" and reports[healthy].status == "ok"
    assert attempts.count(broken) == 3  # tried, then retried twice
    by_channel = {p["channel"]: p["post"].text for p in poster.posts}
    assert "all fired" in by_channel[f"C-DIGEST-{healthy}"]
    assert f"C-DIGEST-{broken}" not in by_channel and f"C-ADMIN-{healthy}" not in by_channel
    report = by_channel[f"C-ADMIN-{broken}"]
    assert "test_kiln" in report and "could not run" in report
    error_id = re.search(r"error ([0-9a-f]{8})", report)
    assert error_id is not None and error_id.group(1) == reports[broken].error_id
    logged = [r for r in caplog.records if error_id.group(1) in r.getMessage()]
    assert len(logged) == 1 and broken in logged[0].getMessage() and logged[0].exc_info
    runs = await job_runs(await quiet_brain.tenant(broken), "test_kiln")
    assert runs[0].status == "failed" and runs[0].error_id == error_id.group(1)


def test_job_settings_are_checked_as_typed_in_chat() -> None:
    import re as _re

    from bots.core import MentionSyntax, parse_settings
    from brain import InputInvalid

    syntax = MentionSyntax(channel=_re.compile(r"<#(\w+)>"), user=_re.compile(r"<@(\w+)>"))

    def parse(text: str) -> dict[str, Any]:
        change = parse_settings(text, syntax=syntax, here="C-HERE")
        return {**change.channels, **change.values}

    assert parse("schedule hygiene 0 7 * * mon") == {"schedule_hygiene": "0 7 * * mon"}
    assert parse("schedule repo_triage off") == {"schedule_repo_triage": "off"}
    assert parse("rollup_days 120") == {"rollup_days": "120"}
    assert parse("admin <#COPS>") == {"admin_channel": "COPS"}
    assert parse("minutes_email crew@orchard.example") == {"minutes_email": "crew@orchard.example"}
    for wrong, words in (
        ("schedule hygiene every monday", "is not a schedule"),
        ("schedule kilns 0 7 * * mon", "Name a job"),
        ("rollup_days ninety", "whole number"),
        ("minutes_email crew", "e-mail addresses"),
    ):
        with pytest.raises(InputInvalid) as info:
            parse(wrong)
        assert words in info.value.user_message


async def test_a_digest_without_a_channel_is_skipped_and_runs_once_one_is_set(
    quiet_brain: Brain,
) -> None:
    assert quiet_brain.registry is not None
    slug = await bound_tenant(quiet_brain, "nochan")
    await quiet_brain.registry.update_settings(slug, {"digest_channel": None})
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=())
    skipped = await runner.run(slug, "business_digest", t=NOW)
    assert skipped.status == "skipped" and "digest_channel" in skipped.summary
    assert await job_runs(await quiet_brain.tenant(slug), "business_digest") == []
    await quiet_brain.registry.update_settings(slug, {"digest_channel": "C-LATER"})
    later = await runner.run(slug, "business_digest", t=NOW)
    assert later.status == "ok" and poster.posts[0]["channel"] == "C-LATER"
