"""One tenant's failure in a scheduled job is reported for that tenant, and the job goes
on for the others. Against a real FalkorDB; the poster stands in for Slack/Discord."""

from __future__ import annotations

import logging
import re
import time
import uuid

import pytest

from brain import Brain
from brain._tenants import graph_name
from scheduler import run_for_all
from tests.story import owner_facts


class RecordingPoster:
    """Stands in for Slack/Discord at the Poster seam: records what would be posted."""

    def __init__(self) -> None:
        self.posts: list[dict[str, str]] = []

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        self.posts.append({"platform": platform, "channel": channel, "text": text})
        return f"{channel}/{len(self.posts)}"


async def test_a_tenant_whose_graph_is_gone_is_reported_and_the_others_still_get_theirs(
    quiet_brain: Brain, caplog: pytest.LogCaptureFixture
) -> None:
    brain = quiet_brain
    assert brain.registry is not None
    today = time.strftime("%Y-%m-%d", time.gmtime())
    tag = uuid.uuid4().hex[:6]
    broken, healthy = f"fail-{tag}", f"fine-{tag}"  # the broken one runs first
    for slug in (broken, healthy):
        await brain.create_tenant(slug)
        await (await brain.tenant(slug)).write_facts(owner_facts(since=today))
        await brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
        await brain.registry.update_settings(
            slug, {"digest_channel": f"C-DIGEST-{slug}", "admin_channel": f"C-ADMIN-{slug}"}
        )
    # the broken tenant's graph is deleted underneath the running server: still registered,
    # still bound, but every read of its records now fails in the database
    await brain.driver.command("GRAPH.DELETE", graph_name(broken))

    poster = RecordingPoster()
    with caplog.at_level(logging.ERROR, logger="scheduler"):
        await run_for_all(brain, poster, "weekly_rollup")

    by_channel = {p["channel"]: p["text"] for p in poster.posts}
    assert "Priya owns Fix Instagram token refresh: started" in by_channel[f"C-DIGEST-{healthy}"]
    assert f"C-ADMIN-{healthy}" not in by_channel
    assert f"C-DIGEST-{broken}" not in by_channel
    report = by_channel[f"C-ADMIN-{broken}"]
    assert "weekly_rollup" in report and "could not run" in report
    error_id = re.search(r"error ([0-9a-f]{8})", report)
    assert error_id is not None
    logged = [r for r in caplog.records if error_id.group(1) in r.getMessage()]
    assert len(logged) == 1 and broken in logged[0].getMessage() and logged[0].exc_info
