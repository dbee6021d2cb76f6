"""Per-channel scope: what a channel's answers may read, against a real FalkorDB.

One tenant holds three kinds of source: a plumbing firm's facts file (records), the oldest
commits of falkordb-py (GitHub) and a QMSum meeting transcript (meetings). A turn scoped
to GitHub answers from the commits and never reads or cites the meeting; scoped to
meetings it answers from the meeting; the digests posted to a scoped channel hold only
what it may read. Sources are classified by where each record came from
(``brain.reads.SourceKinds``).
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
import pytest_asyncio

from agents import (
    Scope,
    ScopedReads,
    ToolArgsInvalid,
    TurnOptions,
    call_tool,
    channel_scope,
    posts_scope,
    run_turn,
    scope_sources,
    with_scope,
)
from agents._ledger import ToolLedger
from brain import Brain, InputInvalid, TenantGraph, now_ms
from brain.ingest import load_meeting, parse_transcript
from brain.ingest.github import load_github
from brain.reads import SAID_IN_CHAT, SourceKinds, prefix_kind, read_turn
from scheduler import JobRunner, Post

DATA = Path(__file__).parent / "data"
PLUMBING = DATA / "surfaces" / "plumbing.jsonl"
HISTORY = DATA / "github" / "falkordb-py.jsonl.gz"
MEETING = DATA / "meetings" / "ES2002a.json"  # QMSum, MIT (data/meetings/README.md)
MEETING_ID = "meeting-es2002a"
GITHUB = Scope(frozenset({"github"}), ("slack:C-ENG",))
MEETINGS = Scope(frozenset({"meetings"}), ("slack:C-MEET",))
MEETING_QUESTION = "what was said about the remote control?"
CODE_QUESTION = "Who knows the falkordb-py client code best?"


def _is_meeting_record(node_id: str) -> bool:
    return node_id.startswith(MEETING_ID) or node_id.startswith("task-es2002a")


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def mixed(quiet_brain: Brain, module_tenants: set[str]) -> TenantGraph:
    """A tenant holding a facts file, a commit history and a meeting transcript."""
    assert quiet_brain.registry is not None
    slug = f"scope-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    await quiet_brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8].upper()}")
    graph = await quiet_brain.tenant(slug)
    lines = PLUMBING.read_text(encoding="utf-8").splitlines()
    facts = [(i, json.loads(x)) for i, x in enumerate(lines, 1) if x.strip()]
    assert (await graph.write_facts(facts)).refused == 0
    assert (await load_github(graph, HISTORY)).refused == 0
    transcript = parse_transcript(MEETING.name, MEETING.read_text(encoding="utf-8"))
    await load_meeting(
        graph, transcript, name=MEETING.stem, src="file:ES2002a.json", as_of="2026-11-24"
    )
    return graph


def test_a_source_says_its_kind_by_its_prefix_or_not_at_all() -> None:
    assert prefix_kind("github:FalkorDB/falkordb-py@3d7081ec90af") == "github"
    assert prefix_kind("composio:gmail:ca_1") == "email"
    assert prefix_kind("slack:U0DANA") == SAID_IN_CHAT  # a person's own correction
    assert prefix_kind("slack:file/notes.md") is None  # an upload: its records decide
    assert prefix_kind("file:ES2002a.json") is None and prefix_kind("ops:board") is None


async def test_records_are_classified_by_where_they_came_from(mixed: TenantGraph) -> None:
    kinds = SourceKinds(mixed)
    srcs = await kinds.of_sources(["file:ES2002a.json", "ops:board", "github:x@1", "slack:U1"])
    assert srcs == {
        "file:ES2002a.json": {"meetings"},  # it holds a meeting's lines
        "ops:board": {"records"},  # a facts file, though it names two meetings
        "github:x@1": {"github"},
        "slack:U1": {SAID_IN_CHAT},
    }
    records = await kinds.of_records(
        [MEETING_ID, "meeting-crew-leads-2026-11-24", "person-tomasz", "person:swilly22", "nope"]
    )
    assert records[MEETING_ID][0] == {"meetings"}
    assert records["meeting-crew-leads-2026-11-24"][0] == {"meetings"}  # its type says so
    assert records["person-tomasz"][0] == {"records"}
    assert {"github"} in records["person:swilly22"][1]  # named by commits they authored
    assert "nope" not in records


async def test_a_github_channel_never_reads_or_cites_the_meeting(mixed: TenantGraph) -> None:
    control = await run_turn(mixed, MEETING_QUESTION, TurnOptions(save=False))
    assert any(_is_meeting_record(c) for c in control.citations), control.answer

    scoped = await run_turn(mixed, MEETING_QUESTION, TurnOptions(scope=GITHUB))
    assert not any(_is_meeting_record(c) for c in scoped.citations), scoped.answer
    assert "remote control" not in scoped.answer.lower().replace("said remote control", "")
    read = {r[1] for r in scoped.reads} | {r[3] for r in scoped.reads if r[0] == "e"}
    assert not any(_is_meeting_record(i) for i in read), sorted(read)[:10]
    assert "This channel's answers read only github (its scope)." in scoped.notes
    saved = await read_turn(mixed, scoped.turn_id)
    assert saved is not None and scoped.scope == ["github"]

    code = await run_turn(mixed, CODE_QUESTION, TurnOptions(scope=GITHUB, save=False))
    assert code.verified and "person:swilly22" in code.citations, code.answer


async def test_a_meetings_channel_reads_the_meeting_and_nothing_of_github(
    mixed: TenantGraph,
) -> None:
    scoped = await run_turn(mixed, MEETING_QUESTION, TurnOptions(scope=MEETINGS, save=False))
    assert any(_is_meeting_record(c) for c in scoped.citations), scoped.answer
    code = await run_turn(mixed, CODE_QUESTION, TurnOptions(scope=MEETINGS, save=False))
    assert not any(c.startswith(("person:", "commit:", "pr:")) for c in code.citations)
    assert not any(r[1].startswith(("commit:", "pr:")) for r in code.reads)


async def test_a_scoped_read_drops_what_is_outside_from_data_and_evidence(
    mixed: TenantGraph,
) -> None:
    reads = ScopedReads(mixed, GITHUB)
    found = await call_tool(mixed, "search", {"query": "remote control", "limit": 10})
    assert any(_is_meeting_record(n.id) for n in found.evidence.nodes)
    narrowed = await reads.narrow(found)
    assert not any(_is_meeting_record(n.id) for n in narrowed.evidence.nodes)
    assert "remote control" not in json.dumps(narrowed.data).lower()
    # a read about a meeting, in a GitHub channel, finds nothing
    minutes = await reads.narrow(await call_tool(mixed, "minutes", {"meeting": "last"}))
    assert not minutes.found and minutes.data["meeting"] == {} and not minutes.evidence.nodes
    assert "outside what this channel's answers read (github)" in (minutes.message or "")
    # a hand-written query cannot be held to a scope
    ledger = ToolLedger(graph=mixed, scope=reads)
    with pytest.raises(ToolArgsInvalid, match="read only github"):
        await ledger.call("data", "cypher", {"query": "MATCH (n) RETURN n.id LIMIT 1"})


async def test_a_scoped_read_reads_past_the_records_it_drops(mixed: TenantGraph) -> None:
    # the first three hits for "meeting notes" are all the meeting's; commits rank below
    plain = await call_tool(mixed, "search", {"query": "meeting notes", "limit": 3})
    assert [h["id"] for h in plain.data["hits"]] and all(
        _is_meeting_record(h["id"]) for h in plain.data["hits"]
    )
    reads = ScopedReads(mixed, GITHUB)
    assert (await reads.narrow(plain)).data["hits"] == []  # dropped after the limit
    ledger = ToolLedger(graph=mixed, scope=reads)
    scoped = await ledger.call("data", "search", {"query": "meeting notes", "limit": 3})
    hits = [h["id"] for h in scoped.data["hits"]]
    assert len(hits) == 3 and all(h.startswith("commit:") for h in hits), hits
    assert len(scoped.data["passages"]) <= 3  # the caller's limit still holds
    assert ledger.calls[0].args["limit"] == 3  # recorded as the desk asked it


def test_scopes_are_one_map_of_channels_set_and_lifted_step_by_step() -> None:
    settings = with_scope({"timezone": "UTC"}, "slack:C1", frozenset({"meetings", "github"}))
    settings = with_scope(settings, "discord:9", frozenset({"records"}))
    assert settings["scopes"] == {"slack:C1": ["github", "meetings"], "discord:9": ["records"]}
    scope = channel_scope(settings, "slack:C1")
    assert scope is not None and scope.described == "github and meetings"
    assert channel_scope(settings, "slack:C2") is None
    assert channel_scope(with_scope(settings, "slack:C1", None), "slack:C1") is None
    assert with_scope(with_scope({}, "slack:C1", None), "x:y", None)["scopes"] is None
    # a digest setting naming a bare channel, or one per platform: the strictest holds
    settings["digest_channel"] = "slack:C1 discord:9"
    both = posts_scope(settings, "digest_channel")
    assert both is not None and both.sources == frozenset()
    settings["digest_channel"] = "C1"
    bare = posts_scope(settings, "digest_channel")
    assert bare is not None and bare.sources == {"github", "meetings"}
    with pytest.raises(InputInvalid, match="gitlab"):
        scope_sources("github,gitlab")


class RecordingPoster:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append(post)
        return channel


async def test_digests_to_a_scoped_channel_hold_only_what_it_may_read(
    quiet_brain: Brain, mixed: TenantGraph
) -> None:
    assert quiet_brain.registry is not None
    slug = mixed.slug
    # 2026-11-26 23:00: the week of the plumbing firm's records
    at = 20_783 * 86_400_000 + 23 * 3_600_000

    async def digest(job: str, channel: str) -> Post:
        await quiet_brain.registry.update_settings(slug, {"digest_channel": channel})
        # the minutes digest reads meetings recorded since its last run: just now
        when = at if job == "business_digest" else now_ms() + 1
        run = await JobRunner(quiet_brain, RecordingPoster(), retry_delays_s=()).run(
            slug, job, t=when, dry_run=True
        )
        assert run.status == "dry-run", run
        return run.posts[0] if run.posts else Post("digest_channel", "(nothing)")

    await quiet_brain.registry.update_settings(
        slug, lambda s: with_scope(s, "slack:C-ENG", frozenset({"github"}))
    )
    everything = await digest("business_digest", "C-ALL")
    assert "Rotate the weekend van between crews" in everything.text
    scoped = await digest("business_digest", "C-ENG")
    assert "Rotate the weekend van" not in scoped.text
    assert "Tomasz Wren" not in scoped.text  # an owner change from the facts file
    assert scoped.notes == ("Only github: this channel's scope.",)
    assert all(not c.id.startswith(("decision-", "incident-")) for c in scoped.citations)
    # the minutes digest of a GitHub channel lists no meeting
    minutes_all = await digest("minutes_digest", "C-ALL")
    assert "ES2002a" in minutes_all.text
    minutes_eng = await digest("minutes_digest", "C-ENG")
    assert "ES2002a" not in minutes_eng.text
    reads = ScopedReads(mixed, GITHUB)
    assert not any(_is_meeting_record(i) for i in await reads.readable({MEETING_ID}))
