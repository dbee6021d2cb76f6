"""Connected tools through Composio, on a dental clinic: `connect SLUG list|pull`, the
per-account cursor, malformed items, a refused key, the scheduled ``connected_pull``, and
a pull handed to an ingest worker (`pull --queue`, reported by `ingest job` as a pull).

The real composio SDK talks to the local fake (``tests.fakes.FakeComposioAPI``), which
lists the clinic's connected accounts and answers the read actions in the shapes the
tools' own APIs use (Gmail messages, Calendar events, Slack history, X posts, a GA4
report), each filtering by the "since" its arguments carry, as the real services do.
Writes go to a real FalkorDB.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from typer.testing import CliRunner

from agents import ConnectedClient, pull_connected
from bots._ingest_worker import IngestWorker
from bots.cli import app
from brain import Brain, BrainSettings, TenantGraph, parse_moment
from brain.db import EmbeddedServer
from brain.ingest import connected_facts
from scheduler import JobRunner, Post
from tests.conftest import unique_slug
from tests.fakes import FakeComposioAPI

KEY = "ck_clinic"
USER = "brightsmile-dental"
NOW = datetime.now(UTC).replace(microsecond=0)


def ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


EMAILS: list[dict[str, Any]] = [
    {
        "messageId": "18c1a0f1",
        "threadId": "18c1a0f1",
        "messageTimestamp": iso(ago(12)),
        "labelIds": ["INBOX"],
        "subject": "Autoclave service visit booked",
        "sender": "Kestrel Sterile Supply <service@kestrel-sterile.test>",
        "to": "Dr Ines Okafor <ines@brightsmile.test>",
        "messageText": "Our engineer will service the autoclave in surgery 2 on Thursday.",
        "preview": {"subject": "Autoclave service visit booked", "body": "Our engineer"},
    },
    {
        "messageId": "18c1b7e2",
        "threadId": "18c1b7e2",
        "messageTimestamp": iso(ago(3)),
        "labelIds": ["INBOX", "IMPORTANT"],
        "subject": "Aligner lab turnaround now 9 days",
        "sender": "Clearline Ortho Lab <orders@clearline-lab.test>",
        "to": "ines@brightsmile.test, frontdesk@brightsmile.test",
        "messageText": "From next week aligner cases take nine working days.",
    },
    # malformed: no message id at all
    {"messageTimestamp": iso(ago(2)), "subject": "broken", "messageText": "no id"},
]

EVENTS: list[dict[str, Any]] = [
    {
        "id": "evt-hygiene-review",
        "status": "confirmed",
        "summary": "Hygiene recall review",
        "description": "Agree the new six-month recall letters.",
        "htmlLink": "https://calendar.google.com/event?eid=hyg",
        "updated": iso(ago(4)),
        "start": {"dateTime": iso(ago(1))},
        "end": {"dateTime": iso(ago(1) + timedelta(hours=1))},
        "organizer": {"email": "ines@brightsmile.test"},
        "attendees": [
            {"email": "ines@brightsmile.test", "displayName": "Dr Ines Okafor"},
            {"email": "tomas@brightsmile.test", "displayName": "Tomas Reyes"},
        ],
    }
]

SLACK: list[dict[str, Any]] = [
    {"type": "message", "user": "U07FD", "text": "Mrs Patel moved to 3pm", "ts": "0"},
    {"type": "message", "user": "U07HY", "text": "Out of fluoride varnish", "ts": "0"},
    {"type": "message", "user": "U07FD", "text": "bad clock", "ts": "yesterday"},
]
SLACK[0]["ts"] = f"{ago(2).timestamp():.6f}"
SLACK[1]["ts"] = f"{ago(1).timestamp():.6f}"

POSTS: list[dict[str, Any]] = [
    {
        "id": "1864000000000000001",
        "text": "Late opening on Thursdays from next month: 8pm for working patients.",
        "created_at": iso(ago(2)),
        "author_id": "42",
        "public_metrics": {"like_count": 14, "retweet_count": 3, "reply_count": 2},
    }
]


def report_rows(days: int) -> list[dict[str, Any]]:
    return [
        {
            "dimensionValues": [{"value": ago(d).strftime("%Y%m%d")}],
            "metricValues": [{"value": str(120 + d)}, {"value": "0.41"}],
        }
        for d in range(days, 0, -1)
    ]


def _after(body: dict[str, Any], key: str) -> datetime:
    return datetime.fromisoformat(str(body["arguments"][key]).replace("Z", "+00:00"))


#: A second practice's busy inbox: more than one page of messages.
BUSY_USER = "harbourside-orthodontics"
BUSY: list[dict[str, Any]] = [
    {
        "messageId": f"19a{n:05d}",
        "threadId": f"19a{n:05d}",
        "messageTimestamp": iso(ago(20) + timedelta(hours=n)),
        "subject": f"Referral {n}: retainer check",
        "sender": f"Referring Clinic {n % 7} <referrals{n % 7}@gp-clinic.test>",
        "messageText": f"Patient {n} needs a retainer check after their aligner course.",
    }
    for n in range(120)
]


def _stamp(message: dict[str, Any]) -> float:
    return datetime.fromisoformat(message["messageTimestamp"].replace("Z", "+00:00")).timestamp()


def gmail(body: dict[str, Any]) -> dict[str, Any]:
    """Gmail's list: newest first, ``max_results`` a page, ``page_token`` the next."""
    args = body["arguments"]
    found = re.search(r"after:(\d+)", str(args.get("query", "")))
    after = int(found[1]) if found else 0
    mailbox = BUSY if body.get("user_id") == BUSY_USER else EMAILS
    messages = [m for m in mailbox if "messageId" not in m or _stamp(m) >= after]
    messages.sort(key=lambda m: m["messageTimestamp"], reverse=True)
    start, size = int(args.get("page_token") or 0), int(args.get("max_results", 100))
    more = start + size < len(messages)
    return {
        "messages": messages[start : start + size],
        "nextPageToken": str(start + size) if more else None,
        "resultSizeEstimate": len(messages),
    }


def calendar(body: dict[str, Any]) -> dict[str, Any]:
    since = _after(body, "updatedMin")
    items = [e for e in EVENTS if datetime.fromisoformat(e["updated"][:-1] + "+00:00") >= since]
    return {"kind": "calendar#events", "items": items, "nextSyncToken": "sync1"}


def slack_history(body: dict[str, Any]) -> dict[str, Any]:
    oldest = float(body["arguments"].get("oldest", "0"))
    messages = [m for m in SLACK if not m["ts"][:1].isdigit() or float(m["ts"]) > oldest]
    return {"ok": True, "messages": messages, "has_more": False}


def x_search(body: dict[str, Any]) -> dict[str, Any]:
    since = _after(body, "start_time")
    found = [p for p in POSTS if datetime.fromisoformat(p["created_at"][:-1] + "+00:00") >= since]
    if not found:
        return {"meta": {"result_count": 0}}
    return {"data": found, "meta": {"result_count": len(found), "newest_id": found[0]["id"]}}


def ga_report(body: dict[str, Any]) -> dict[str, Any]:
    start = datetime.fromisoformat(body["arguments"]["dateRanges"][0]["startDate"])
    rows = [
        r
        for r in report_rows(5)
        if datetime.strptime(r["dimensionValues"][0]["value"], "%Y%m%d").date() >= start.date()
    ]
    return {
        "dimensionHeaders": [{"name": "date"}],
        "metricHeaders": [
            {"name": "sessions", "type": "TYPE_INTEGER"},
            {"name": "bounceRate", "type": "TYPE_FLOAT"},
        ],
        "rows": rows,
        "rowCount": len(rows),
    }


@dataclass
class Clinic:
    fake: FakeComposioAPI
    slug: str
    graph: TenantGraph
    accounts: dict[str, str]


async def _clinic(brain: Brain, fake: FakeComposioAPI, *, user: str | None = USER) -> Clinic:
    slug = unique_slug()
    await brain.create_tenant(slug, name="Brightsmile Dental")
    assert brain.registry is not None
    if user is not None:
        await brain.registry.update_settings(
            slug, {"composio_user_id": user, "analytics_property": "398811"}
        )
    return Clinic(fake, slug, await brain.tenant(slug), {})


@pytest_asyncio.fixture(loop_scope="session")
async def fake() -> AsyncIterator[FakeComposioAPI]:
    async with FakeComposioAPI(api_key=KEY) as server:
        server.add_tool("GMAIL_FETCH_EMAILS", gmail)
        server.add_tool("GOOGLECALENDAR_EVENTS_LIST", calendar)
        server.add_tool(
            "SLACK_LIST_ALL_CHANNELS",
            {"ok": True, "channels": [{"id": "C0FRONT", "name": "front-desk", "is_member": True}]},
        )
        server.add_tool("SLACK_FETCH_CONVERSATION_HISTORY", slack_history)
        server.add_tool(
            "TWITTER_USER_LOOKUP_ME",
            {"data": {"id": "42", "username": "brightsmile_dental", "name": "Brightsmile"}},
        )
        server.add_tool("TWITTER_RECENT_SEARCH", x_search)
        server.add_tool("GOOGLE_ANALYTICS_RUN_REPORT", ga_report, toolkit="google_analytics")
        yield server


def connect_all(fake: FakeComposioAPI, user: str = USER) -> dict[str, str]:
    return {
        toolkit: fake.add_account(user, toolkit, alias=f"clinic {toolkit}")
        for toolkit in ("gmail", "googlecalendar", "slack", "twitter", "google_analytics")
    }


def client(fake: FakeComposioAPI, key: str = KEY) -> ConnectedClient:
    return ConnectedClient(api_key=key, base_url=fake.base_url)


NODES = """
MATCH (n)
WHERE n.src STARTS WITH 'composio:'
RETURN n.type, n.id, n.src, n.asOf, n.name
ORDER BY n.id
LIMIT 500
"""


async def pulled_nodes(graph: TenantGraph) -> list[list[Any]]:
    return [list(r) for r in (await graph.read("pulled nodes", NODES)).rows]


# --- the CLI, in process (its own event loop, in a thread) --------------------------------


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, falkordb_url: str) -> Iterator[Any]:
    monkeypatch.setenv("FALKORDB_URL", falkordb_url)
    monkeypatch.setenv("HIVEBRAIN_EMBEDDINGS", "false")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")

    async def invoke(*args: str, key: str | None = KEY, base_url: str | None = None) -> Any:
        for name, value in (("COMPOSIO_API_KEY", key), ("COMPOSIO_BASE_URL", base_url)):
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, value)
        return await asyncio.to_thread(CliRunner().invoke, app, list(args))

    yield invoke


async def test_list_shows_the_clinics_accounts(
    quiet_brain: Brain, fake: FakeComposioAPI, cli: Any
) -> None:
    clinic = await _clinic(quiet_brain, fake)
    accounts = connect_all(fake)
    fake.add_account(USER, "hubspot", status="EXPIRED")
    fake.add_account("another-practice", "gmail")  # someone else's: never listed

    result = await cli("connect", clinic.slug, "list", base_url=fake.base_url)
    assert result.exit_code == 0, result.output
    for account in accounts.values():
        assert account in result.output
    assert "GMAIL_FETCH_EMAILS" in result.output and "expired" in result.output
    assert "never" in result.output  # nothing pulled yet
    listed = [c for c in fake.calls if c.get("action") == "list_accounts"]
    assert listed and listed[-1]["query"]["user_ids"] == USER


async def test_pull_writes_each_kind_with_source_and_date_then_adds_nothing(
    quiet_brain: Brain, fake: FakeComposioAPI
) -> None:
    clinic = await _clinic(quiet_brain, fake)
    accounts = connect_all(fake)
    settings = {"composio_user_id": USER, "analytics_property": "398811"}

    report = await pull_connected(clinic.graph, client(fake), user_id=USER, settings=settings)
    assert {a.status for a in report.accounts} == {"pulled"}, [a.note for a in report.accounts]
    assert report.total("refused") == 0
    nodes = await pulled_nodes(clinic.graph)
    by_type: dict[str, list[list[Any]]] = {}
    for row in nodes:
        by_type.setdefault(row[0], []).append(row)
    assert len(by_type["Email"]) == 2
    assert len(by_type["Meeting"]) == 1
    assert len(by_type["Message"]) == 2
    assert len(by_type["Post"]) == 1
    assert len(by_type["Observation"]) == 10  # 5 days x (sessions, bounceRate)
    assert len(by_type["Account"]) == 5

    email = next(r for r in by_type["Email"] if r[1] == "email:gmail:18c1b7e2")
    assert email[2] == f"composio:gmail:{accounts['gmail']}"
    assert email[3] == parse_moment(iso(ago(3)))
    assert email[4] == "Aligner lab turnaround now 9 days"
    meeting = by_type["Meeting"][0]
    assert meeting[2] == f"composio:googlecalendar:{accounts['googlecalendar']}"
    assert meeting[4] == "Hygiene recall review"

    # the sender and the attendees are people; the malformed items are named, not loaded
    people = await clinic.graph.read(
        "people", "MATCH (p:Person) RETURN p.email ORDER BY p.email LIMIT 20"
    )
    assert ["orders@clearline-lab.test"] in [list(r) for r in people.rows]
    assert ["tomas@brightsmile.test"] in [list(r) for r in people.rows]
    assert report.skipped_items == 2
    skipped = " | ".join(s for a in report.accounts for s in a.skipped)
    assert "gmail email 1: no messageId" in skipped
    assert "slack message 3: ts 'yesterday' is not a date" in skipped

    # a second pull starts at each account's cursor and adds nothing
    first = len(nodes)
    again = await pull_connected(clinic.graph, client(fake), user_id=USER, settings=settings)
    assert again.total("created") == 0
    assert len(await pulled_nodes(clinic.graph)) == first
    # a later e-mail to her bare address keeps the name her earlier ones gave her
    ines = await clinic.graph.read(
        "ines", "MATCH (p:Person {email: 'ines@brightsmile.test'}) RETURN p.name LIMIT 2"
    )
    assert [list(r) for r in ines.rows] == [["Dr Ines Okafor"]]
    queries = [
        e["arguments"]["query"] for e in fake.executions if e["slug"] == "GMAIL_FETCH_EMAILS"
    ]
    assert queries[-1] == f"after:{int(ago(3).timestamp())}"
    oldest = [
        e["arguments"]["oldest"]
        for e in fake.executions
        if e["slug"] == "SLACK_FETCH_CONVERSATION_HISTORY"
    ]
    assert float(oldest[-1]) == pytest.approx(ago(1).timestamp())


async def test_pull_since_a_date_and_one_account(
    quiet_brain: Brain, fake: FakeComposioAPI, cli: Any
) -> None:
    clinic = await _clinic(quiet_brain, fake)
    accounts = connect_all(fake)
    since = ago(5).date().isoformat()

    result = await cli(
        "connect",
        clinic.slug,
        "pull",
        "--since",
        since,
        "--account",
        accounts["gmail"],
        base_url=fake.base_url,
    )
    assert result.exit_code == 0, result.output
    assert "skipped: gmail email 1: no messageId" in result.output
    assert "1 of 1 accounts pulled" in result.output
    emails = [r for r in await pulled_nodes(clinic.graph) if r[0] == "Email"]
    assert [r[1] for r in emails] == ["email:gmail:18c1b7e2"]  # the one from 12 days ago is out
    assert not [r for r in await pulled_nodes(clinic.graph) if r[0] == "Message"]

    unknown = await cli(
        "connect", clinic.slug, "pull", "--account", "ca_nope", base_url=fake.base_url
    )
    assert unknown.exit_code == 1
    assert "no connected account 'ca_nope'" in unknown.output
    bad_date = await cli("connect", clinic.slug, "pull", "--since", "last tuesday")
    assert bad_date.exit_code == 1 and "--since 'last tuesday' is not a date" in bad_date.output


async def test_a_busy_inbox_is_read_page_by_page(quiet_brain: Brain, fake: FakeComposioAPI) -> None:
    clinic = await _clinic(quiet_brain, fake, user=BUSY_USER)
    fake.add_account(BUSY_USER, "gmail")
    settings = {"composio_user_id": BUSY_USER}

    report = await pull_connected(clinic.graph, client(fake), user_id=BUSY_USER, settings=settings)
    assert report.total("items") == 120 and report.skipped_items == 0
    emails = [r for r in await pulled_nodes(clinic.graph) if r[0] == "Email"]
    assert len(emails) == 120
    tokens = [
        e["arguments"].get("page_token")
        for e in fake.executions
        if e["slug"] == "GMAIL_FETCH_EMAILS"
    ]
    assert tokens == [None, "50", "100"]
    assert report.accounts[0].cursor == parse_moment(BUSY[-1]["messageTimestamp"])


async def test_one_refusing_tool_fails_its_account_only(
    quiet_brain: Brain, fake: FakeComposioAPI
) -> None:
    clinic = await _clinic(quiet_brain, fake)
    accounts = connect_all(fake)
    fake.add_tool("TWITTER_USER_LOOKUP_ME", successful=False, error="401 from X: token revoked")

    report = await pull_connected(
        clinic.graph, client(fake), user_id=USER, settings={"composio_user_id": USER}
    )
    status = {a.account.toolkit: (a.status, a.note) for a in report.accounts}
    assert status["twitter"] == (
        "failed",
        "TWITTER_USER_LOOKUP_ME ran but failed: 401 from X: token revoked",
    )
    assert status["google_analytics"][0] == "skipped"
    assert "analytics_property" in status["google_analytics"][1]
    assert {status[t][0] for t in ("gmail", "googlecalendar", "slack")} == {"pulled"}
    assert "3 of 5 accounts pulled" in report.summary() and "1 accounts failed" in report.summary()
    cursors = await clinic.graph.read(
        "cursors", "MATCH (a:Account) RETURN a.id, a.pulledThrough ORDER BY a.id LIMIT 10"
    )
    moved = {str(i) for i, c in cursors.rows if c is not None}
    assert moved == {f"composio:{accounts[t]}" for t in ("gmail", "googlecalendar", "slack")}


async def test_errors_are_one_line(quiet_brain: Brain, fake: FakeComposioAPI, cli: Any) -> None:
    clinic = await _clinic(quiet_brain, fake)
    connect_all(fake)
    cases = [
        (dict(key="ck_wrong", base_url=fake.base_url), "refused the API key (401)"),
        (dict(key=None, base_url=fake.base_url), "COMPOSIO_API_KEY is not set"),
        (dict(base_url="http://127.0.0.1:9"), "the Composio API could not be reached"),
    ]
    for options, words in cases:
        result = await cli("connect", clinic.slug, "pull", **options)
        assert result.exit_code == 1, result.output
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and words in lines[0], result.output
        assert "Traceback" not in result.output
    assert await pulled_nodes(clinic.graph) == []

    unknown = await cli("connect", "no-such-clinic", "list", base_url=fake.base_url)
    assert unknown.exit_code == 1 and "no tenant 'no-such-clinic'" in unknown.output
    no_user = await _clinic(quiet_brain, fake, user=None)
    result = await cli("connect", no_user.slug, "list", base_url=fake.base_url)
    assert result.exit_code == 1 and "has no Composio user yet" in result.output


@pytest_asyncio.fixture(loop_scope="session")
async def own_brain(tmp_path: Path) -> AsyncIterator[Brain]:
    """A brain on a server of the test's own: its ingest queue holds this test's jobs only."""
    server = EmbeddedServer(tmp_path / "falkordb")
    url = await server.ensure_running()
    try:
        async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False)) as made:
            yield made
    finally:
        await server.stop()


async def work_off(brain: Brain, job_id: str) -> None:
    job = await brain.ingest_queue.take("worker-clinic", block_ms=1_000)
    assert job is not None and job.id == job_id and job.kind == "connected"
    await IngestWorker(brain, consumer="worker-clinic").run_one(job)


async def test_a_queued_pull_runs_in_a_worker_and_is_reported_as_a_pull(
    own_brain: Brain, fake: FakeComposioAPI, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FALKORDB_URL", str(own_brain.settings.falkordb_url))
    clinic, twin = await _clinic(own_brain, fake), await _clinic(own_brain, fake)
    connect_all(fake)
    inline = await cli("connect", twin.slug, "pull", base_url=fake.base_url)
    assert inline.exit_code == 0, inline.output

    asked = len(fake.executions)
    queued = await cli("connect", clinic.slug, "pull", "--queue", "--json", key=None)
    assert queued.exit_code == 0, queued.output
    job_id = json.loads(queued.output)["queued"]
    assert len(fake.executions) == asked and await pulled_nodes(clinic.graph) == []
    # the worker pulls with its own key (here: this process's environment)
    monkeypatch.setenv("COMPOSIO_API_KEY", KEY)
    monkeypatch.setenv("COMPOSIO_BASE_URL", fake.base_url)
    await work_off(own_brain, job_id)
    shown = await cli("ingest", "job", clinic.slug, job_id, key=KEY, base_url=fake.base_url)
    assert shown.exit_code == 0, shown.output
    stamp = re.compile(r"\d{4}-\d\d-\d\dT[\d:.]+\+00:00")  # a note says when it ran
    assert stamp.sub("<now>", shown.output) == stamp.sub("<now>", inline.output)
    assert "skipped: gmail email 1: no messageId" in shown.output
    assert "5 of 5 accounts pulled" in shown.output
    assert len(await pulled_nodes(clinic.graph)) == len(await pulled_nodes(twin.graph))

    # a worker without a key fails the job in one line
    again = await cli("connect", clinic.slug, "pull", "--queue", "--json", key=None)
    job_id = json.loads(again.output)["queued"]
    await work_off(own_brain, job_id)  # the command's call took the key out again
    keyless = await cli("ingest", "job", clinic.slug, job_id)
    assert keyless.exit_code == 1 and "Traceback" not in keyless.output
    [line] = keyless.output.strip().splitlines()
    assert line.startswith("error: connected job") and "COMPOSIO_API_KEY is not set" in line

    # an account that fails fails the queued pull as it fails the inline one
    fake.add_tool("TWITTER_USER_LOOKUP_ME", successful=False, error="401 from X: token revoked")
    third = await cli("connect", clinic.slug, "pull", "--queue", "--json", key=None)
    job_id = json.loads(third.output)["queued"]
    monkeypatch.setenv("COMPOSIO_API_KEY", KEY)
    monkeypatch.setenv("COMPOSIO_BASE_URL", fake.base_url)
    await work_off(own_brain, job_id)
    failed = await cli("ingest", "job", clinic.slug, job_id, key=KEY, base_url=fake.base_url)
    assert failed.exit_code == 1 and "Traceback" not in failed.output
    assert "failed" in failed.output and "1 accounts failed" in failed.output

    bare = await _clinic(own_brain, fake, user=None)
    refused = await cli("connect", bare.slug, "pull", "--queue")
    assert refused.exit_code == 1 and "has no Composio user yet" in refused.output
    listing = await cli("connect", clinic.slug, "list", "--queue")
    assert listing.exit_code == 1 and "`list` answers here" in listing.output
    assert await own_brain.ingest_queue.waiting() == 0  # neither was queued


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        return channel


async def test_scheduled_pull_runs_for_a_tenant_and_skips_one_without_accounts(
    quiet_brain: Brain, fake: FakeComposioAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPOSIO_API_KEY", KEY)
    monkeypatch.setenv("COMPOSIO_BASE_URL", fake.base_url)
    clinic = await _clinic(quiet_brain, fake)
    connect_all(fake)
    bare = await _clinic(quiet_brain, fake, user=None)
    runner = JobRunner(quiet_brain, NoPoster(), retry_delays_s=())

    ran = await runner.run(clinic.slug, "connected_pull")
    assert ran.status == "ok", ran.summary
    assert "5 of 5 accounts pulled" in ran.summary and ran.details["created"] > 0
    assert ran.details["skipped_items"] == 2
    assert [r for r in await pulled_nodes(clinic.graph) if r[0] == "Email"]

    skipped = await runner.run(bare.slug, "connected_pull")
    assert (skipped.status, skipped.summary) == ("skipped", "no composio_user_id set")
    assert skipped.posts == [] and await pulled_nodes(bare.graph) == []
    runs = await bare.graph.read("runs", "MATCH (r:JobRun) RETURN count(r) LIMIT 1")
    assert runs.rows[0][0] == 0  # not stamped: nothing to do is no run
    dry = await runner.run(clinic.slug, "connected_pull", dry_run=True)
    assert dry.status == "dry-run" and dry.summary.startswith("would pull 5 accounts")


def test_odd_shapes_map_or_are_named() -> None:
    """All-day events, an older toolkit's ``response_data`` wrapper, readings that are no
    numbers and replies that hold no list: mapped where they can be, named where not."""
    src = "composio:googlecalendar:ca_1"
    day = {
        "id": "e1",
        "summary": "Practice closed: staff training",
        "start": {"date": "2026-12-24"},
    }
    got = connected_facts(
        "event", {"response_data": {"items": [day]}}, src=src, toolkit="googlecalendar"
    )
    meeting = got.facts[0]["node"]
    assert (meeting["type"], meeting["start"], meeting["asOf"]) == (
        "Meeting",
        "2026-12-24",
        parse_moment("2026-12-24"),
    )
    report = {
        "dimensionHeaders": [{"name": "date"}],
        "metricHeaders": [{"name": "sessions"}],
        "rows": [
            {"dimensionValues": [{"value": "20261130"}], "metricValues": [{"value": "88"}]},
            {"dimensionValues": [{"value": "20261201"}], "metricValues": [{"value": "n/a"}]},
            {"dimensionValues": [{"value": "Dec 2"}], "metricValues": [{"value": "90"}]},
        ],
    }
    readings = connected_facts(
        "reading",
        report,
        src="s",
        toolkit="google_analytics",
        context={"property": "properties/398811"},
    )
    nodes = [f["node"] for f in readings.facts if "node" in f]
    values = [n["value"] for n in nodes if n["type"] == "Observation"]
    assert values == [88]
    assert readings.skipped == [
        "google_analytics reading 2: sessions 'n/a' is not a number",
        "google_analytics reading 3: date 'Dec 2' is not YYYYMMDD",
    ]
    nothing = connected_facts("email", {"error": "quota"}, src="s", toolkit="gmail")
    assert nothing.facts == []
    assert nothing.skipped == ["gmail: the reply holds no list of emails; nothing read"]
