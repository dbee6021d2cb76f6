"""Freshness: facts not confirmed within a tenant's windows, asked about in the digest.

Against a real FalkorDB: the windows pick the facts (by relationship, by a node type at
either end, ``all``; the shortest window wins); "still true" restamps a fact's ``asOf``
through the gate, keeping its source; "no longer true" closes it without deleting it;
the digest keeps what each button names on the server and asks only about facts its
channel's scope may read.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
import pytest_asyncio

from agents import EXPIRED_CHECK, answer_check, checked_fact, remember_checks, with_scope
from brain import Brain, InputInvalid, TenantGraph, format_moment, now_ms, parse_moment
from brain.reads import ReadFact, fact_edges
from brain.upkeep import freshness_rule, unconfirmed_facts
from scheduler import JobRunner, Post

DAY = 86_400_000
OLD, RECENT = "2026-01-05", "2026-11-30"
NOW = parse_moment("2026-12-04")


def node(kind: str, node_id: str, name: str) -> dict[str, Any]:
    return {"node": {"type": kind, "id": node_id, "name": name, "src": "ops:board", "asOf": OLD}}


def edge(a: str, rel: str, b: str, as_of: str, src: str = "ops:board") -> dict[str, Any]:
    return {"edge": {"from": a, "type": rel, "to": b, "since": OLD, "src": src, "asOf": as_of}}


FACTS = [
    node("Person", "p-dana", "Dana Reyes"),
    node("Person", "p-omar", "Omar Haddad"),
    node("Task", "t-invoice", "Invoice export"),
    node("Incident", "i-printer", "Label printer jams"),
    node("Service", "s-checkout", "Checkout"),
    node("Vendor", "v-stripe", "Stripe"),
    node("Team", "team-ops", "Ops"),
    edge("p-dana", "OWNS", "t-invoice", OLD),
    edge("p-omar", "OWNS", "i-printer", OLD),
    edge("s-checkout", "DEPENDS_ON", "v-stripe", OLD),
    edge("p-dana", "MEMBER_OF", "team-ops", RECENT),  # stated lately: never stale
]


@pytest_asyncio.fixture(loop_scope="session")
async def shop(quiet_brain: Brain) -> TenantGraph:
    assert quiet_brain.registry is not None
    slug = f"fresh-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    await quiet_brain.registry.bind(slug, "slack", f"T{uuid.uuid4().hex[:8].upper()}")
    graph = await quiet_brain.tenant(slug)
    report = await graph.write_facts(list(enumerate(FACTS, 1)))
    assert report.refused == 0, report.refusals
    return graph


def texts(found: list[Any]) -> list[str]:
    return [f.text for f in found]


async def test_windows_pick_the_facts_nobody_confirmed(shop: TenantGraph) -> None:
    stale = lambda rules: unconfirmed_facts(shop, rules, now_ms=NOW, limit=50)  # noqa: E731
    assert texts(await stale({"OWNS": 30})) == [
        "Dana Reyes OWNS Invoice export",
        "Omar Haddad OWNS Label printer jams",
    ]
    # a node type names the facts at either end of which it stands
    assert texts(await stale({"Incident": 30})) == ["Omar Haddad OWNS Label printer jams"]
    everything = texts(await stale({"all": 30}))
    assert "Checkout DEPENDS_ON Stripe" in everything
    assert "Dana Reyes MEMBER_OF Ops" not in everything  # stated four days ago
    # the shortest window of the rules naming a fact applies
    assert texts(await stale({"all": 30, "MEMBER_OF": 3})) == [
        *everything,
        "Dana Reyes MEMBER_OF Ops",
    ]
    assert await stale({"all": 400}) == [] and await stale({}) == []
    assert await stale({"Chunk": 1, "colour": 3, "OWNS": "soon"}) == []  # ignored rules
    assert freshness_rule("owns") == "OWNS" and freshness_rule("task") == "Task"
    assert freshness_rule("Turn") is None and freshness_rule("CITES") is None


async def test_still_true_restamps_the_fact_keeping_its_source(shop: TenantGraph) -> None:
    fact = ReadFact("p-dana", "OWNS", "t-invoice", format_moment(parse_moment(OLD)) or "")
    said = await answer_check(shop, fact, "yes", user_key="slack:U1", now_ms=NOW)
    assert said == "Marked still true: Dana Reyes OWNS Invoice export (as of 2026-12-04)."
    [held] = await fact_edges(shop, fact)
    assert held.as_of == NOW and held.src == "ops:board" and held.until is None
    stale = await unconfirmed_facts(shop, {"OWNS": 30}, now_ms=NOW + DAY, limit=50)
    assert texts(stale) == ["Omar Haddad OWNS Label printer jams"]


async def test_no_longer_true_closes_the_fact_without_deleting_it(shop: TenantGraph) -> None:
    fact = ReadFact("s-checkout", "DEPENDS_ON", "v-stripe", format_moment(parse_moment(OLD)) or "")
    said = await answer_check(shop, fact, "no", user_key="slack:U2", now_ms=NOW)
    assert said.startswith("Closed: Checkout DEPENDS_ON Stripe no longer holds from 2026-12-04")
    [held] = await fact_edges(shop, fact)  # still there, closed
    assert held.until == NOW and held.end_src == "slack:U2" and held.src == "ops:board"
    for answer in ("no", "yes"):  # a fact that ended changes no more
        with pytest.raises(InputInvalid, match="no longer holds in the brain"):
            await answer_check(shop, fact, answer, user_key="slack:U1", now_ms=NOW + DAY)
    assert len(await fact_edges(shop, fact)) == 1


async def test_a_buttons_key_names_its_fact_on_the_server_for_its_tenant_only(
    quiet_brain: Brain, shop: TenantGraph
) -> None:
    found = await unconfirmed_facts(shop, {"Incident": 30}, now_ms=NOW, limit=5)
    [check] = await remember_checks(quiet_brain.notes, shop.slug, found)
    assert len(check.key) == 40 and check.text == "Omar Haddad OWNS Label printer jams"
    fact, text = await checked_fact(quiet_brain.notes, shop.slug, check.key)
    assert (fact.source, fact.type, fact.target) == ("p-omar", "OWNS", "i-printer")
    assert text == check.text
    for slug, key in ((shop.slug, "0" * 40), ("another-brain", check.key), (shop.slug, "x:y")):
        with pytest.raises(InputInvalid) as refused:
            await checked_fact(quiet_brain.notes, slug, key)
        assert refused.value.user_message == EXPIRED_CHECK


class RecordingPoster:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def post_digest(self, *, platform: str, channel: str, post: Post) -> str:
        self.posts.append(post)
        return channel


async def test_the_weekly_digest_asks_about_what_its_channel_may_read(
    quiet_brain: Brain, shop: TenantGraph
) -> None:
    assert quiet_brain.registry is not None
    await quiet_brain.registry.update_settings(
        shop.slug, {"digest_channel": "C-DIGEST", "freshness": {"OWNS": 30}}
    )
    poster = RecordingPoster()
    run = await JobRunner(quiet_brain, poster, retry_delays_s=()).run(
        shop.slug, "business_digest", t=now_ms()
    )
    assert run.status == "ok", run
    [post] = poster.posts
    assert post.lines[-1] == "Still true? Not confirmed lately (answer below; any member may)"
    shown = {c.text.split(",")[0]: c for c in post.checks}
    assert set(shown) >= {"Omar Haddad OWNS Label printer jams"}
    omar = shown["Omar Haddad OWNS Label printer jams"]
    assert omar.last == OLD and "last stated 2026-01-05" in omar.text
    fact, _ = await checked_fact(quiet_brain.notes, shop.slug, omar.key)
    assert fact.target == "i-printer"
    assert run.details["facts_to_confirm"] == len(post.checks)

    # scoped to GitHub, the channel may read none of the facts file's: nothing is asked
    await quiet_brain.registry.update_settings(
        shop.slug, lambda s: with_scope(s, "slack:C-DIGEST", frozenset({"github"}))
    )
    dry = await JobRunner(quiet_brain, RecordingPoster(), retry_delays_s=()).run(
        shop.slug, "business_digest", t=now_ms(), dry_run=True
    )
    [scoped] = dry.posts
    assert not scoped.checks and "Still true?" not in scoped.text
    assert "Label printer jams" not in scoped.text
