"""What the jobs post, on businesses unlike the sample (a cider orchard's meetings, a
hardware repo's issues, a print shop's brain), and how the posts render: within Slack's
and Discord's limits, with their citations. Against a real FalkorDB."""

from __future__ import annotations

import json
import uuid
from typing import Any, cast

from pydantic import BaseModel

from agents import TOOLS, call_tool, list_cards, with_scope
from agents.tools import ToolArgs, tool
from bots._posters import post_reply
from bots.discord import render_reply_messages
from bots.slack import render_reply_blocks
from brain import Brain, TenantGraph, now_ms
from brain.reads import ReadResult
from scheduler import Cite, JobRunner, Post
from tests.conftest import unique_slug

NOW = 1_796_140_800_000  # 2026-12-01
DAY = 86_400_000


class RecordingPoster:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append(post)
        return channel


async def tenant(brain: Brain, **settings: str) -> tuple[str, TenantGraph]:
    assert brain.registry is not None
    slug = unique_slug()
    await brain.create_tenant(slug)
    await brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8]}")
    await brain.registry.update_settings(
        slug, {"digest_channel": "C-DIGEST", "triage_channel": "C-TRIAGE", **settings}
    )
    return slug, await brain.tenant(slug)


def n(t: str, i: str, name: str, **props: Any) -> dict[str, Any]:
    return {
        "node": {"type": t, "id": i, "name": name, "src": "orchard", "asOf": "2026-11-30", **props}
    }


def e(a: str, rel: str, b: str, since: str = "2026-11-30") -> dict[str, Any]:
    return {
        "edge": {"from": a, "type": rel, "to": b, "since": since, "src": "orchard", "asOf": since}
    }


def meeting(mid: str, title: str, lines: list[str]) -> list[dict[str, Any]]:
    facts = [n("Meeting", mid, title)]
    for i, text in enumerate(lines, 1):
        facts += [
            n("Chunk", f"{mid}-l{i}", f"{title} line {i}", text=text, position=i),
            e(mid, "HAS_CHUNK", f"{mid}-l{i}"),
        ]
    return facts


async def test_minutes_digest_lists_decisions_and_actions_with_their_lines_and_overdue_ones(
    quiet_brain: Brain,
) -> None:
    slug, graph = await tenant(quiet_brain, minutes_email="crew@orchard.example")
    # an earlier meeting's action, past due; written first, then "digested"
    earlier = meeting("meet-pruning", "Pruning review", ["Tove will order new shears by 20 Nov"])
    earlier += [
        n("Person", "p-tove", "Tove"),
        n("Task", "task-shears", "Order new pruning shears", due="2026-11-20"),
        e("task-shears", "EVIDENCED_BY", "meet-pruning-l1"),
        e("p-tove", "OWNS", "task-shears"),
    ]
    await graph.write_facts(list(enumerate(earlier, 1)))
    runner = JobRunner(quiet_brain, RecordingPoster(), retry_delays_s=())
    first = await runner.run(slug, "minutes_digest", t=now_ms() + 1)
    assert first.status == "ok"
    facts = meeting(
        "meet-harvest",
        "Harvest planning",
        ["We agreed to press the Bramleys first", "Ari will book the mobile press by 3 Dec"],
    )
    facts += [
        n("Person", "p-ari", "Ari", email="ari@orchard.example"),
        e("p-ari", "ATTENDED", "meet-harvest"),
        n("Decision", "dec-bramley", "Press the Bramleys first"),
        e("dec-bramley", "DECIDED_IN", "meet-harvest"),
        e("dec-bramley", "BASED_ON", "meet-harvest-l1"),
        n("Task", "task-press", "Book the mobile cider press", due="2026-12-03"),
        e("task-press", "EVIDENCED_BY", "meet-harvest-l2"),
        e("p-ari", "OWNS", "task-press"),
    ]
    await graph.write_facts(list(enumerate(facts, 1)))
    poster = RecordingPoster()
    report = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        slug,
        "minutes_digest",
        t=now_ms() + DAY,  # the next day's digest
    )
    assert report.status == "ok", report
    (post,) = poster.posts
    text = post.text
    assert "Harvest planning" in text and "Pruning review" not in text.split("Overdue")[0]
    assert "Decided: Press the Bramleys first, line 1" in text
    assert "Action: Book the mobile cider press (Ari, due 2026-12-03, line 2)" in text
    assert "Order new pruning shears (Tove, due 2026-11-20; from Pruning review)" in text
    cited = {c.id for c in post.citations}
    assert {"meet-harvest", "dec-bramley", "task-press", "task-shears"} <= cited
    assert {"meet-harvest-l1", "meet-harvest-l2"} <= cited  # the lines they were said in
    (card,) = post.cards
    assert card.kind == "minutes" and "crew@orchard.example" in card.preview
    stored = {c.id: c for c in await list_cards(graph, status="pending")}
    assert len(stored) == 2  # one per digest with new minutes
    assert stored[card.id].payload["to"] == ["crew@orchard.example"]


async def test_minutes_digest_leaves_out_a_decision_whose_link_to_the_meeting_was_closed(
    quiet_brain: Brain,
) -> None:
    # the record said the cellar walk-through decided March; that link was later closed
    # (it was decided elsewhere), so the digest of the meeting must not list it as decided
    slug, graph = await tenant(quiet_brain, minutes_email="crew@orchard.example")
    facts = meeting(
        "meet-cellar",
        "Cellar walk-through",
        ["Perhaps we rack the perry in March", "We agreed to rack the perry in April"],
    )
    facts += [
        n("Decision", "dec-march", "Rack the perry in March"),
        e("dec-march", "BASED_ON", "meet-cellar-l1"),
        n("Decision", "dec-april", "Rack the perry in April"),
        e("dec-april", "DECIDED_IN", "meet-cellar"),
        e("dec-april", "BASED_ON", "meet-cellar-l2"),
        {
            "edge": {
                "from": "dec-march", "type": "DECIDED_IN", "to": "meet-cellar",
                "since": "2026-11-01", "until": "2026-11-20", "src": "orchard",
                "asOf": "2026-11-20",
            }
        },
    ]  # fmt: skip
    report = await graph.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals
    poster = RecordingPoster()
    run = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        slug, "minutes_digest", t=now_ms() + 1
    )
    assert run.status == "ok", run
    (post,) = poster.posts
    assert "Decided: Rack the perry in April, line 2" in post.text
    assert "March" not in post.text
    assert "dec-march" not in {c.id for c in post.citations}
    (card,) = await list_cards(graph, status="pending")
    assert "April" in card.preview and "March" not in card.preview


class TriageArgs(ToolArgs):
    text: str
    repo: str | None = None


async def test_triage_proposes_one_card_per_issue_never_twice(quiet_brain: Brain) -> None:
    slug, graph = await tenant(quiet_brain)
    facts = [
        n("Repository", "repo-fw", "tinkerboard/firmware"),
        n(
            "Issue",
            "issue-fw-7",
            "Fan spins at full speed after sleep",
            state="open",
            repo="tinkerboard/firmware",
            number=7,
        ),
    ]
    await graph.write_facts(list(enumerate(facts, 1)))
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=())
    # the repo brain's own tool is taken out, then replaced by a stand-in whose answer
    # the test knows; the real one is put back whatever happens
    registered = dict(TOOLS)  # in order: listings show tools in registration order
    TOOLS.pop("triage_candidates", None)
    try:
        missing = await runner.run(slug, "repo_triage", t=NOW)
        assert missing.summary == "triage tool not available" and not poster.posts

        @tool("triage_candidates", "stand-in", TriageArgs)
        async def _triage(graph: TenantGraph, args: BaseModel, t: int) -> ReadResult:  # pyright: ignore[reportUnusedFunction]
            assert isinstance(args, TriageArgs) and "Fan" in args.text
            ranked = [
                {
                    "repo": args.repo,
                    "component": "drivers/thermal",
                    "score": 0.8,
                    "confidence": "strong",
                }
            ]
            return ReadResult(tool="triage_candidates", as_of="now", data={"components": ranked})

        first = await runner.run(slug, "repo_triage", t=NOW + 3_600_000)
        again = await runner.run(slug, "repo_triage", t=NOW + 2 * 3_600_000)
    finally:
        TOOLS.clear()
        TOOLS.update(registered)
    assert first.status == "ok" and again.status == "ok"
    (post,) = poster.posts
    assert post.channel_setting == "triage_channel"
    assert "Fan spins at full speed after sleep → drivers/thermal (strong)" in post.text
    (card,) = post.cards
    cards = await list_cards(graph, status="pending")
    assert [c.id for c in cards] == [card.id]
    # one suggestion per issue: the label and the drafted reply on one card
    assert cards[0].kind == "triage" and cards[0].executor == "github"
    payload = cards[0].payload
    assert (payload["repo"], payload["issue"], payload["labels"]) == (
        "tinkerboard/firmware",
        7,
        ["drivers/thermal"],
    )
    assert "`drivers/thermal`" in payload["body"] and "@" not in payload["body"]


async def test_triage_shows_a_scoped_channel_only_the_issues_it_may_read(
    quiet_brain: Brain,
) -> None:
    slug, graph = await tenant(quiet_brain, triage_channel="slack:C-GH")
    assert quiet_brain.registry is not None
    issue = n(
        "Issue",
        "issue-pump-3",
        "Pump stalls on cold start",
        state="open",
        number=3,
        repo="millrace/pump",
    )
    await graph.write_facts([(1, n("Repository", "repo-pump", "millrace/pump")), (2, issue)])
    runner = JobRunner(quiet_brain, RecordingPoster(), retry_delays_s=())
    seen = await runner.run(slug, "repo_triage", t=NOW, dry_run=True)
    assert seen.summary == "1 new issues, none placed", seen
    # the channel reads only meetings: an issue is GitHub's, whatever file it came from
    await quiet_brain.registry.update_settings(
        slug, lambda s: with_scope(s, "slack:C-GH", frozenset({"meetings"}))
    )
    scoped = await runner.run(slug, "repo_triage", t=NOW, dry_run=True)
    assert scoped.summary == "1 new issues, 1 outside the triage channel's scope, none placed"


async def test_hygiene_reports_refusals_since_the_last_report_and_size(quiet_brain: Brain) -> None:
    slug, graph = await tenant(quiet_brain, size_budget_mb="1")
    await graph.write_facts(
        [(1, {"node": {"type": "Taks", "id": "x", "src": "t", "asOf": "2026-01-01"}})]
    )
    await graph.write_facts(
        [
            (1, n("Product", "prod-a5", "A5 flyers, 300gsm")),
            (2, n("Product", "prod-a3", "A3 posters")),
        ]
    )
    await call_tool(graph, "lookup", {"name": "prod-a3"})  # read once: no longer cold
    poster = RecordingPoster()
    runner = JobRunner(quiet_brain, poster, retry_delays_s=())
    report = await runner.run(slug, "hygiene", t=now_ms() + 1)
    assert report.status == "ok"
    text = poster.posts[0].text
    assert "Facts refused since the last report: 1" in text
    assert "MB of a 1 MB budget" in text
    assert "A5 flyers, 300gsm (Product) [1]" in text  # nothing links to it
    assert "Cold things (no tool has read them): 1 of 2" in text
    cold = text.split("Cold, oldest first")[1].split("Not linked")[0]
    assert "A5 flyers" in cold and "A3 posters" not in cold
    nxt = await runner.run(slug, "hygiene", t=now_ms() + 7 * DAY)
    assert nxt.details["refused_since_last"] == 0


def test_a_long_digest_renders_within_slack_and_discord_limits_with_its_citations() -> None:
    cites = tuple(
        Cite(id=f"dec-{i}", title=f"Decision {i} " + "x" * 80, url=f"https://wiki.example/d/{i}")
        for i in range(60)
    )
    lines = tuple(
        f"• Decision {i}: " + "a long line of words " * 12 + f"[{i + 1}]" for i in range(60)
    )
    reply = post_reply(Post("digest_channel", "Weekly digest", lines, cites))
    messages = render_reply_blocks(reply)
    for blocks in messages:
        assert len(blocks) <= 50
        for block in blocks:
            text: Any = block.get("text")
            if isinstance(text, dict):
                assert len(str(cast(dict[str, Any], text).get("text", ""))) <= 3000
    slack_text = json.dumps(messages)
    assert "https://wiki.example/d/0" in slack_text and "https://wiki.example/d/59" in slack_text
    discord = render_reply_messages(reply)
    for message in discord:
        assert len(message.content) <= 2000 and len(message.embeds) <= 10
        assert sum(len(json.dumps(e)) for e in message.embeds) <= 6000 + 500 * len(message.embeds)
    discord_text = json.dumps([m.embeds for m in discord])
    assert "https://wiki.example/d/0" in discord_text


async def test_a_digest_reaches_slack_as_blocks_with_its_sources_and_card_buttons() -> None:
    from slack_sdk.web.async_client import AsyncWebClient

    from bots._posters import ChannelPosters
    from bots.slack import SlackPoster
    from scheduler import CardNote
    from tests.fakes import FakeSlackAPI

    post = Post(
        "digest_channel",
        "Weekly digest, week to 2026-12-01",
        ("New decisions", "• Switch to oat-milk supplier [1]"),
        (Cite("dec-oat", "Switch to oat-milk supplier", "https://wiki.example/oat"),),
        cards=(CardNote("card-abc", "email", "E-mail the minutes", "To: crew", "minutes"),),
    )
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as fake:
        poster = ChannelPosters()
        poster.add("slack", SlackPoster(AsyncWebClient(token="xoxb-test", base_url=fake.base_url)))
        ref = await poster.post_digest(platform="slack", channel="C-DIGEST", post=post)
        channel, ts = ref.split("/")
        sent = json.dumps(fake.messages[(channel, ts)])
    assert "Switch to oat-milk supplier" in sent and "https://wiki.example/oat" in sent
    assert "card:approve" in sent and "card-abc" in sent


async def test_minutes_digest_reads_a_meeting_the_ingest_extracted(quiet_brain: Brain) -> None:
    # the whole way: a transcript as a recorder gives it, the rules extractor's decisions
    # and action items, then the digest that cites the lines they were said in
    from brain.ingest import load_meeting, parse_transcript

    slug, graph = await tenant(quiet_brain)
    transcript = parse_transcript(
        "site-meeting.txt",
        "Nadia: Morning all, the scaffold on block C is the main item.\n"
        "Ravi: We agreed to move the scaffold inspection to Thursday.\n"
        "Nadia: Ravi will order the extra tie bars by Friday.\n",
    )
    loaded = await load_meeting(
        graph, transcript, name="Block C site meeting", src="test:site", as_of="2026-11-30"
    )
    kinds = sorted(c.kind for c in loaded.extraction.kept)
    assert "decision" in kinds and len(kinds) >= 2, loaded.extraction.summary()
    poster = RecordingPoster()
    report = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        slug, "minutes_digest", t=now_ms() + 1
    )
    assert report.status == "ok", report
    (post,) = poster.posts
    assert "scaffold inspection" in post.text.lower()
    assert "tie bars" in post.text.lower() and "line 2" in post.text
