"""The ingest queue and its workers, against a real FalkorDB server of their own.

A worker killed mid-job (``kill -9`` of a real ``hivebrain serve --role worker``) leaves
its job to another, which finishes it once, with the tenant a clean load gives; a brain
that leaves its vectors to the workers answers by words at once and says how many passages
are still being indexed, and ``tenant stats`` counts them until a worker has filled them.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio

from agents import TurnOptions, run_turn
from bots._ingest_worker import IngestWorker
from brain import Brain, BrainSettings, IngestQueue, tenant_stats
from brain.db import EmbeddedServer
from tests.conftest import unique_slug
from tests.engines import free_port

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
IDLE_MS = 1_000

#: A kennel's records, big enough that one load takes seconds: people, dogs, bookings.
KENNEL_PEOPLE = 6_000


SRC = {"src": "kennel-rota.csv", "asOf": "2026-10-01"}


def kennel_facts() -> list[list[Any]]:
    facts: list[dict[str, Any]] = []
    for i in range(KENNEL_PEOPLE):
        facts.append({"node": {"type": "Person", "id": f"p-{i}", "name": f"Keeper {i}", **SRC}})
        facts.append({"node": {"type": "Task", "id": f"t-{i}", "name": f"Walk {i}", **SRC}})
        facts.append(
            {
                "edge": {
                    "from": f"p-{i}",
                    "type": "OWNS",
                    "to": f"t-{i}",
                    "since": "2026-10-01",
                    **SRC,
                }
            }
        )
    return [[line, fact] for line, fact in enumerate(facts, 1)]


@pytest_asyncio.fixture(loop_scope="session")
async def own_server(tmp_path: Path) -> AsyncIterator[str]:
    server = EmbeddedServer(tmp_path / "falkordb")
    url = await server.ensure_running()
    try:
        yield url
    finally:
        await server.stop()


def worker_process(url: str) -> subprocess.Popen[bytes]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "DISCORD_", "ANTHROPIC_"))
    }
    env.update(
        FALKORDB_URL=url,
        HIVEBRAIN_EMBEDDINGS="false",
        HIVEBRAIN_JOB_IDLE_MS=str(IDLE_MS),
        HIVEBRAIN_HTTP_PORT=str(free_port()),
    )
    return subprocess.Popen(
        [str(HIVEBRAIN), "serve", "--role", "worker"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def owner_of_pending(brain: Brain) -> str | None:
    reply: Any = await brain.driver.command("XPENDING", "hivebrain:{ingest}:jobs", "workers")
    consumers: list[dict[str, Any]] = reply["consumers"] if reply else []
    return str(consumers[0]["name"]) if consumers else None


async def test_a_killed_workers_job_is_finished_once_by_another(own_server: str) -> None:
    settings = BrainSettings(
        falkordb_url=own_server, hivebrain_embeddings=False, hivebrain_job_idle_ms=IDLE_MS
    )
    async with Brain(settings) as brain:
        slug = unique_slug()
        await brain.create_tenant(slug)
        queue = brain.ingest_queue
        job_id = await queue.enqueue("facts", slug, {"facts": kennel_facts()})
        killed = worker_process(own_server)
        try:
            for _ in range(600):  # the worker process takes the job
                if await owner_of_pending(brain) is not None:
                    break
                await asyncio.sleep(0.05)
            taken_by = await owner_of_pending(brain)
            assert taken_by is not None and taken_by.endswith(f"-{killed.pid}")
            await asyncio.sleep(0.5)  # mid-job
            killed.send_signal(signal.SIGKILL)
            killed.wait(10)
        finally:
            if killed.poll() is None:
                killed.kill()
        assert await queue.done(job_id) is None  # it died before finishing

        other = IngestWorker(brain, consumer="worker-b")
        job = None
        for _ in range(100):  # claimable once it has been idle IDLE_MS
            job = await queue.take("worker-b", block_ms=100)
            if job is not None:
                break
        assert job is not None and job.id == job_id
        await other.run_one(job)

        record = await queue.done(job_id)
        assert record is not None and record["by"] == "worker-b" and "error" not in record
        assert other.finished == 1 and await queue.pending() == 0
        # a late second finish (the first worker, had it only stalled) changes nothing
        assert await queue.finish(job, {"by": "late"}) is False
        assert (await queue.done(job_id) or {})["by"] == "worker-b"
        assert await queue.take("worker-b", block_ms=100) is None

        # the tenant equals a clean load of the same facts
        clean_slug = unique_slug()
        await brain.create_tenant(clean_slug)
        clean = await brain.tenant(clean_slug)
        await clean.write_facts([(line, fact) for line, fact in kennel_facts()])
        resumed = await tenant_stats(await brain.tenant(slug))
        expected = await tenant_stats(clean)
        assert resumed.nodes_by_type == expected.nodes_by_type
        assert resumed.edges_by_type == expected.edges_by_type
        assert resumed.nodes_by_type["Person"] == KENNEL_PEOPLE
        assert resumed.edges_by_type["OWNS"]["open"] == KENNEL_PEOPLE
        assert resumed.refusals == 0


async def test_a_job_with_bad_input_is_finished_with_its_reason(own_server: str) -> None:
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as brain:
        slug = unique_slug()
        await brain.create_tenant(slug)
        job_id = await brain.ingest_queue.enqueue("document", slug, {"name": "empty.md"})
        worker = IngestWorker(brain, consumer="worker-c")
        job = await brain.ingest_queue.take("worker-c", block_ms=200)
        assert job is not None
        await worker.run_one(job)
        record = await brain.ingest_queue.done(job_id)
        assert record is not None and "payload" in record["error"] and "document" in record["error"]
        assert await brain.ingest_queue.pending() == 0


PASSAGES = "\n\n".join(
    f"Kennel rule {i}: dogs in run {i} are walked at dawn and fed after the vet's round."
    for i in range(12)
)


async def test_answers_say_while_vectors_fill_and_stats_count_them(own_server: str) -> None:
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_job_idle_ms=IDLE_MS)) as web:
        web.leave_vectors_to_workers()
        slug = unique_slug()
        await web.create_tenant(slug)
        graph = await web.tenant(slug)
        from brain.ingest import document_facts

        facts = [
            {"node": {"type": "Person", "id": "p-ines", "name": "Ines Moreau", **SRC}},
            {"node": {"type": "Task", "id": "t-dawn", "name": "Dawn walks", **SRC}},
            {
                "edge": {
                    "from": "p-ines",
                    "type": "OWNS",
                    "to": "t-dawn",
                    "since": "2026-10-01",
                    **SRC,
                }
            },
            *document_facts(
                name="kennel-rules.md",
                text=PASSAGES,
                src="file:kennel-rules.md",
                as_of="2026-10-02",
            ),
        ]
        await graph.write_facts(list(enumerate(facts, 1)))
        pending = (await tenant_stats(graph)).vectors_pending
        assert pending >= 3  # the person, the task, the document's passages: no vector yet
        assert await graph.vectors_still_filling() == pending

        turn = await run_turn(graph, "who owns Dawn walks?", TurnOptions(save=False))
        assert "Ines Moreau" in turn.answer  # answered by words at once
        assert any(f"{pending:,} passages are still being indexed" in n for n in turn.notes)

        # a worker (its own brain, as in its own process) fills them; the vectors job is queued
        async with Brain(
            BrainSettings(falkordb_url=own_server, hivebrain_job_idle_ms=IDLE_MS)
        ) as worker_brain:
            queue: IngestQueue = worker_brain.ingest_queue
            job = await queue.take("worker-v", block_ms=500)
            assert job is not None and job.kind == "vectors" and job.tenant == slug
            worker = IngestWorker(worker_brain, consumer="worker-v")
            await worker.run_one(job)
            record = await queue.done(job.id)
            assert record is not None and record["result"]["embedded"] >= 3

        assert (await tenant_stats(graph)).vectors_pending == 0
        assert await graph.vectors_still_filling() == 0
        again = await run_turn(graph, "who owns Dawn walks?", TurnOptions(save=False))
        assert not any("still being indexed" in n for n in again.notes)

        # a later write marks the tenant again and queues one vectors job, not one per write
        await graph.write_facts(
            [(1, {"node": {"type": "Task", "id": "t-feed", "name": "Feeding", **SRC}})]
        )
        await graph.write_facts(
            [(1, {"node": {"type": "Task", "id": "t-vet", "name": "Vet round", **SRC}})]
        )
        assert await graph.vectors_still_filling() == 2
        assert await web.ingest_queue.waiting() == 1


async def test_ingest_queue_flag_hands_the_load_to_a_worker(
    own_server: str, tmp_path: Path
) -> None:
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as brain:
        slug = unique_slug()
        await brain.create_tenant(slug)
        file = tmp_path / "rota.jsonl"
        file.write_text(
            "\n".join(
                json.dumps(fact)
                for fact in (
                    {"node": {"type": "Person", "id": "p-ines", "name": "Ines Moreau", **SRC}},
                    {"node": {"type": "Task", "id": "t-dawn", "name": "Dawn walks", **SRC}},
                )
            )
        )
        env = {**os.environ, "FALKORDB_URL": own_server, "HIVEBRAIN_EMBEDDINGS": "false"}
        done = await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), "ingest", "facts", slug, str(file), "--queue", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        job_id = json.loads(done.stdout)["queued"]
        graph = await brain.tenant(slug)
        assert (await tenant_stats(graph)).nodes == 0  # queued, not loaded inline

        worker = IngestWorker(brain, consumer="worker-q")
        job = await brain.ingest_queue.take("worker-q", block_ms=500)
        assert job is not None and job.id == job_id and job.kind == "facts"
        await worker.run_one(job)
        record = await brain.ingest_queue.done(job_id)
        assert record is not None and record["result"]["created"] == 2
        assert (await tenant_stats(graph)).nodes_by_type == {"Person": 1, "Task": 1}

        unknown = await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), "ingest", "facts", "no-such-tenant", str(file), "--queue"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert unknown.returncode != 0 and "Traceback" not in unknown.stderr
        assert await brain.ingest_queue.waiting() == 0  # nothing was queued for it


async def test_a_web_process_queues_the_meeting_webhooks_transcript(own_server: str) -> None:
    from aiohttp import web as aioweb
    from aiohttp.test_utils import TestClient, TestServer

    from bots._meeting_hook import meeting_webhook_routes, sign
    from bots._webhook_secrets import tenant_secret

    secret = "whsec-queue-test"
    body = json.dumps(
        {
            "id": "rec-kennel-1",
            "title": "Kennel rota call",
            "date": "2026-11-30",
            "sentences": [
                {
                    "speaker_name": "Ines Moreau",
                    "text": "The vet moved to Thursdays.",
                    "start_time": 0,
                },
                {
                    "speaker_name": "Tom Hale",
                    "text": "I'll update the rota by Friday.",
                    "start_time": 3,
                },
            ],
        }
    ).encode()
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as brain:
        slug = unique_slug()
        await brain.create_tenant(slug)
        app = aioweb.Application()
        app.add_routes(meeting_webhook_routes(brain, secret, queue=True))
        own = tenant_secret(secret, hook="meetings", slug=slug)
        headers = {"X-Hivebrain-Signature": sign(own, body), "X-Hivebrain-Delivery": "d-q1"}
        async with TestClient(TestServer(app)) as client:
            resp = await client.post(f"/webhooks/meetings/{slug}", data=body, headers=headers)
            assert resp.status == 202
            job_id = (await resp.json())["queued"]
        graph = await brain.tenant(slug)
        assert (await tenant_stats(graph)).nodes_by_type.get("Meeting", 0) == 0

        job = await brain.ingest_queue.take("worker-m", block_ms=500)
        assert job is not None and job.id == job_id and job.kind == "meeting"
        await IngestWorker(brain, consumer="worker-m").run_one(job)
        record = await brain.ingest_queue.done(job_id)
        assert record is not None and "error" not in record, record
        assert record["result"]["lines"] == 2
        assert (await tenant_stats(graph)).nodes_by_type.get("Meeting", 0) == 1


def upload_message(team: str, name: str, n: int) -> Any:
    from bots.core import Attachment, InboundMessage

    return InboundMessage(
        platform="slack",
        workspace_id=team,
        channel_id="C1",
        thread_id=None,
        user_id="U1",
        text="",
        message_id=f"C1:{n}",
        attachments=[
            Attachment(
                name=name,
                url=f"https://files.slack.example/T1/{n}/{name}",
                size=60,
                content_type="text/markdown",
            )
        ],
    )


async def uploads_in_queue(brain: Brain) -> list[dict[str, Any]]:
    entries: Any = await brain.driver.command("XRANGE", "hivebrain:{ingest}:jobs", "-", "+")
    jobs = [json.loads(str(entry[1]["job"])) for entry in entries]
    return [j for j in jobs if j["kind"] == "upload"]


async def test_a_web_process_hands_uploads_to_a_worker_and_says_what_they_became(
    own_server: str,
) -> None:
    from agents import run_turn
    from bots.core import BotCore, UploadWorkers

    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as brain:
        assert brain.registry is not None
        slug, team = unique_slug(), f"T{unique_slug()[2:].upper()}"
        await brain.create_tenant(slug)
        await brain.registry.bind(slug, "slack", team)
        graph = await brain.tenant(slug)
        queue = brain.ingest_queue
        core = BotCore(brain, answer=run_turn)
        core.upload_workers = UploadWorkers(queue, poll_s=0.05)
        fetched: list[str] = []

        async def fetch(url: str) -> bytes:
            fetched.append(url)
            name = url.rsplit("/", 1)[-1]
            return (
                f"# {name}\n\nDogs in run 3 are walked at dawn; the vet comes Thursdays.".encode()
            )

        # no worker alive: this process loads it, as always
        here = await core.handle_message(upload_message(team, "rules.md", 1), fetch=fetch)
        assert here is not None and "Added to the brain: rules.md (" in here.answer, here
        assert await uploads_in_queue(brain) == []

        stop = asyncio.Event()
        worker = IngestWorker(brain, consumer="worker-u", block_ms=100)
        working = asyncio.create_task(worker.run(stop))
        try:
            for _ in range(100):
                if await queue.workers_alive():
                    break
                await asyncio.sleep(0.02)
            handed = await core.handle_message(upload_message(team, "rota.md", 2), fetch=fetch)
        finally:
            stop.set()
            await working
        assert handed is not None and "Added to the brain: rota.md (" in handed.answer, handed
        [job] = await uploads_in_queue(brain)
        record = await queue.done(job["id"])
        assert record is not None and record["by"] == "worker-u" and "error" not in record
        assert record["result"]["said"] in handed.answer
        assert not await brain.driver.command(
            "EXISTS", f"hivebrain:{{ingest}}:file:{job['payload']['file']}"
        )
        assert fetched == [
            f"https://files.slack.example/T1/{n}/{f}" for n, f in ((1, "rules.md"), (2, "rota.md"))
        ]
        docs = await graph.read("docs", "MATCH (d:Document) RETURN d.name ORDER BY d.name LIMIT 10")
        assert [r[0] for r in docs.rows] == ["rota.md", "rules.md"]

        # a worker slower than the wait: the reply says it is still loading, and it loads
        core.upload_workers = UploadWorkers(queue, wait_s=0.3, poll_s=0.05)
        await queue.beat("worker-busy")
        later = await core.handle_message(upload_message(team, "vet.md", 3), fetch=fetch)
        await queue.leave("worker-busy")
        assert later is not None and "Still loading: vet.md (job job-" in later.answer, later
        job = next(j for j in await uploads_in_queue(brain) if j["payload"]["name"] == "vet.md")
        taken = await queue.take("worker-v", block_ms=500)
        assert taken is not None and taken.id == job["id"]
        await IngestWorker(brain, consumer="worker-v").run_one(taken)
        docs = await graph.read("docs", "MATCH (d:Document) RETURN d.name ORDER BY d.name LIMIT 10")
        assert [r[0] for r in docs.rows] == ["rota.md", "rules.md", "vet.md"]


async def test_ingest_meeting_queue_flag_hands_the_transcript_to_a_worker(
    own_server: str, tmp_path: Path
) -> None:
    async with Brain(BrainSettings(falkordb_url=own_server, hivebrain_embeddings=False)) as brain:
        slug = unique_slug()
        await brain.create_tenant(slug)
        file = tmp_path / "rota-call.txt"
        file.write_text(
            "Ines Moreau: The vet moved to Thursdays.\nTom Hale: I'll update the rota.\n"
        )
        env = {**os.environ, "FALKORDB_URL": own_server, "HIVEBRAIN_EMBEDDINGS": "false"}
        done = await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), "ingest", "meeting", slug, str(file), "--queue", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        job_id = json.loads(done.stdout)["queued"]
        graph = await brain.tenant(slug)
        assert (await tenant_stats(graph)).nodes_by_type.get("Meeting", 0) == 0  # queued only

        job = await brain.ingest_queue.take("worker-mt", block_ms=500)
        assert job is not None and job.id == job_id and job.kind == "meeting"
        await IngestWorker(brain, consumer="worker-mt").run_one(job)
        record = await brain.ingest_queue.done(job_id)
        assert record is not None and "error" not in record, record
        assert record["result"]["lines"] == 2
        assert (await tenant_stats(graph)).nodes_by_type.get("Meeting", 0) == 1
