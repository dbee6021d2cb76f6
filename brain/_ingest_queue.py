"""The ingest queue: jobs on a Redis Stream on the FalkorDB server, for any worker to take.

Uploads, webhooks, connected pulls and scheduled ingests are long (a repository's history,
a transcript's extraction, thousands of vectors). A web process that did them itself would
keep its questions waiting, and a process killed half-way would leave the load undone. So
they become jobs: one stream entry each, read through one consumer group by every
``serve --role worker`` process.

- A worker that takes a job owns it in the group's pending list; while it works it claims
  the job again every third of ``idle_ms`` (``keep``), so only a worker that died leaves a
  job idle that long, and the next ``take`` of any worker claims it (``XAUTOCLAIM``).
- A job is finished once, by its job id: the first ``finish`` sets the done record
  (``SET NX``) and every later one (a job claimed again after its first worker stalled)
  only acknowledges. A worker skips a job whose done record exists. Ingest writes are
  idempotent, so a job run again after a kill ends with the graph a clean run gives.
- Every queue key carries one hash tag (``{ingest}``), so on a cluster the stream, its
  done records and once-keys sit in one slot and one script may touch them together. A
  tenant's vectors mark is the exception: it sits in the tenant graph's slot
  (``brain._tenant_keys``), as every answer of that tenant reads it.
- The queue keys stay global, not in their tenants' slots, on purpose. Workers read one
  consumer group of one stream; a stream per tenant would put the tenants' jobs on many
  shards, and a worker would have to poll every tenant's stream (``XREADGROUP`` reads
  streams of one slot at a time on a cluster), and the once-key must sit in the stream's
  slot for ``_ENQUEUE_ONCE`` to queue a job and claim its occasion in one step. A job's
  done record and its files are read only by whoever takes or waits for that job, which
  goes through the stream's shard anyway: apart from it they would add a second shard
  to depend on, not remove one. While the ``{ingest}`` shard fails over, queued loads
  are late by seconds; no answer waits for it.

Work that must happen once per occasion (a scheduled pull of one tenant for one hour) is
queued with ``enqueue_once``: a key names the occasion, and a second enqueue of the same
key (the next scheduler leader retrying the run of one that died) gets the job already
queued instead of a second one, so the work runs once however often it is handed over.

Workers say they are alive (``beat``, a sorted set scored by when each sign expires, on
the server's clock), so a process with work to hand over knows whether anyone will take
it (``workers_alive``) and does the work itself when nobody would.

Vectors follow the facts: a process that hands its embedding to the workers marks the
tenant (``request_vectors``) and queues one ``vectors`` job while the mark is new; the
worker fills every missing vector and clears the mark only if no write marked it again
meanwhile (``vectors_filled``), else it goes round again. While the mark stands, answers
say how many passages are still being indexed.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
import re
import secrets
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from brain._tenant_keys import tenant_tag
from brain._tenants import graph_name
from brain.db import GraphDriver
from brain.errors import InputInvalid, QueryRefused

log = logging.getLogger(__name__)

#: The hash tag every queue key carries (one cluster slot).
TAG = "{ingest}"
STREAM_KEY = f"hivebrain:{TAG}:jobs"
GROUP = "workers"
#: How long a finished job's record is kept (a job id redelivered later is still skipped).
DONE_TTL_S = 7 * 24 * 3600
#: How long a tenant's "vectors pending" mark outlives a worker that never came.
VECTORS_MARK_TTL_S = 24 * 3600
#: Entries the stream keeps (older acknowledged ones are trimmed, approximately).
STREAM_MAXLEN = 100_000
#: How long a job's file (``put_file``) is kept when no worker takes the job.
FILE_TTL_S = 24 * 3600
#: The sorted set of live workers: member the consumer name, score when its sign expires.
WORKERS_KEY = f"hivebrain:{TAG}:workers"
#: How long a worker's sign of life lasts (it signs every third of it while it runs).
WORKER_SIGN_MS = 15_000

_FILE_ID = re.compile(r"[0-9a-f]{32}")

_CLEAR_IF_SAME = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


# scores on the server's clock, so workers on machines whose clocks differ agree
_BEAT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return now
"""

_ALIVE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
"""

# KEYS: the occasion's key, the stream; ARGV: job id, the key's TTL, maxlen, the job's body
_ENQUEUE_ONCE = """
local held = redis.call('GET', KEYS[1])
if held then
  return {held, 0}
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'job', ARGV[4])
return {ARGV[1], 1}
"""


def done_key(job_id: str) -> str:
    """The server key of a finished job's record."""
    return f"hivebrain:{TAG}:done:{job_id}"


def once_key(occasion: str) -> str:
    """The server key naming the job queued for one occasion (``enqueue_once``); a digest,
    so an occasion's spelling never shapes the key."""
    return f"hivebrain:{TAG}:once:{hashlib.sha256(occasion.encode()).hexdigest()[:40]}"


def file_key(file_id: str) -> str:
    """The server key of a file a job carries (``put_file``); raises ``InputInvalid`` for
    an id this queue never made, so a job's payload can name no other key."""
    if not _FILE_ID.fullmatch(file_id):
        raise InputInvalid(f"{file_id[:40]!r} is not a queued file's id")
    return f"hivebrain:{TAG}:file:{file_id}"


def vectors_key(slug: str) -> str:
    """The server key that marks a tenant's vectors as still filling: in the tenant
    graph's cluster slot, not the queue's, since every answer of the tenant reads it."""
    return f"hivebrain:vectors:{tenant_tag(graph_name(slug))}"


@dataclass(frozen=True, slots=True)
class Job:
    """One queued ingest: what to do (``kind``), for which tenant, with what."""

    id: str
    kind: str
    tenant: str
    payload: dict[str, Any]
    #: The stream entry that carries it (what the group acknowledges).
    entry: str
    queued_at_ms: int


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _fields(raw: Any) -> dict[str, str]:
    """An entry's fields: redis-py parses them to a dict; a raw reply is a flat list."""
    if isinstance(raw, dict):
        return {_text(k): _text(v) for k, v in cast(dict[Any, Any], raw).items()}
    flat = [_text(v) for v in cast(list[Any], raw)]
    return dict(zip(flat[::2], flat[1::2], strict=True))


def _job(entry: Any) -> Job | None:
    """The job in one stream entry ``(id, fields)``; None for a deleted one."""
    if not entry or entry[1] is None:
        return None
    entry_id, values = _text(entry[0]), _fields(entry[1])
    try:
        data: Any = json.loads(values["job"])
        return Job(
            id=str(data["id"]),
            kind=str(data["kind"]),
            tenant=str(data["tenant"]),
            payload=dict(data["payload"]),
            entry=entry_id,
            queued_at_ms=int(data["queued_at_ms"]),
        )
    except (KeyError, TypeError, ValueError):
        # finished with an error by the worker (never retried): nothing here can run it
        log.warning("ingest queue: entry %s is not a job", entry_id)
        return Job(id="", kind="", tenant="", payload={}, entry=entry_id, queued_at_ms=0)


def _new_job(kind: str, tenant: str, payload: Mapping[str, Any]) -> tuple[str, str]:
    """A new job's id and the JSON an entry carries."""
    job_id = f"job-{uuid.uuid4().hex[:16]}"
    body = json.dumps(
        {
            "id": job_id,
            "kind": kind,
            "tenant": tenant,
            "payload": dict(payload),
            "queued_at_ms": int(time.time() * 1000),
        },
        ensure_ascii=False,
    )
    return job_id, body


class IngestQueue:
    """The job stream and its consumer group (see the module's docstring).

    ``idle_ms``: how long a job taken by a worker may go without a sign of life before
    another worker claims it again (``HIVEBRAIN_JOB_IDLE_MS``). ``sign_ms``: how long a
    worker's sign that it is alive lasts (``beat``).
    """

    def __init__(
        self, driver: GraphDriver, *, idle_ms: int = 60_000, sign_ms: int = WORKER_SIGN_MS
    ) -> None:
        if idle_ms < 100 or sign_ms < 100:
            raise ValueError("a job's idle time and a worker's sign last at least 100 ms")
        self._driver = driver
        self.idle_ms = idle_ms
        self.sign_ms = sign_ms
        self._ready = False

    async def ensure(self) -> None:
        """Make the stream and the workers' group, once (another process may have)."""
        if self._ready:
            return
        try:
            await self._driver.command("XGROUP", "CREATE", STREAM_KEY, GROUP, "0", "MKSTREAM")
        except QueryRefused as exc:
            if "BUSYGROUP" not in str(exc):
                raise
        self._ready = True

    async def enqueue(self, kind: str, tenant: str, payload: Mapping[str, Any]) -> str:
        """Queue one job; its id (what ``done`` and the CLI's ``--queue`` report)."""
        await self.ensure()
        job_id, body = _new_job(kind, tenant, payload)
        await self._driver.command(
            "XADD", STREAM_KEY, "MAXLEN", "~", STREAM_MAXLEN, "*", "job", body, replicated=True
        )
        log.info("ingest queue: %s %s for %s queued", kind, job_id, tenant)
        return job_id

    async def enqueue_once(
        self, occasion: str, kind: str, tenant: str, payload: Mapping[str, Any]
    ) -> tuple[str, bool]:
        """Queue one job for ``occasion`` unless one is queued for it already: the job's id,
        and True when this call queued it (False: an earlier call did, maybe in a process
        that died since; its job runs, once)."""
        await self.ensure()
        job_id, body = _new_job(kind, tenant, payload)
        reply: Any = await self._driver.command(
            "EVAL", _ENQUEUE_ONCE, 2, once_key(occasion), STREAM_KEY,
            job_id, DONE_TTL_S, STREAM_MAXLEN, body,
            replicated=True,
        )  # fmt: skip
        held, queued = _text(reply[0]), bool(int(reply[1]))
        if queued:
            log.info("ingest queue: %s %s for %s queued", kind, held, tenant)
        return held, queued

    async def once_job(self, occasion: str) -> str | None:
        """The id of the job queued for ``occasion`` (``enqueue_once``), or None."""
        raw: Any = await self._driver.command("GET", once_key(occasion))
        return None if raw is None else _text(raw)

    async def forget_once(self, occasion: str, job_id: str) -> None:
        """Let ``occasion`` be queued afresh (its job ``job_id`` failed and the run that
        wanted it tries again); a later job queued for it meanwhile is kept."""
        await self._driver.command("EVAL", _CLEAR_IF_SAME, 1, once_key(occasion), job_id)

    async def beat(self, consumer: str) -> None:
        """Say worker ``consumer`` is alive for the next ``sign_ms``."""
        await self._driver.command("EVAL", _BEAT, 1, WORKERS_KEY, consumer, self.sign_ms)

    async def leave(self, consumer: str) -> None:
        """Say worker ``consumer`` stopped (it takes no more jobs)."""
        await self._driver.command("ZREM", WORKERS_KEY, consumer)

    async def workers_alive(self) -> int:
        """How many workers' signs are still fresh (signs that expired are dropped)."""
        return int(await self._driver.command("EVAL", _ALIVE, 1, WORKERS_KEY))

    async def take(self, consumer: str, *, block_ms: int = 1_000) -> Job | None:
        """The next job for ``consumer``: first one a dead worker left idle past
        ``idle_ms``, else a new one (waiting up to ``block_ms``); None if there is none."""
        await self.ensure()
        reply: Any = await self._driver.command(
            "XAUTOCLAIM", STREAM_KEY, GROUP, consumer, self.idle_ms, "0-0", "COUNT", 1
        )
        claimed = cast(list[Any], reply[1]) if reply else []
        for entry in claimed:
            job = _job(entry)
            if job is not None:
                log.info("ingest queue: %s claimed again by %s", job.id or job.entry, consumer)
                return job
        fresh: Any = await self._driver.command(
            "XREADGROUP", "GROUP", GROUP, consumer, "COUNT", 1, "BLOCK", block_ms,
            "STREAMS", STREAM_KEY, ">",
        )  # fmt: skip
        if not fresh:
            return None
        # [[stream, [(id, fields), ...]]] (a RESP3 client gives {stream: [[...]]})
        entries = cast(list[Any], fresh[STREAM_KEY][0] if isinstance(fresh, dict) else fresh[0][1])
        for entry in entries or []:
            job = _job(entry)
            if job is not None:
                return job
        return None

    async def keep(self, job: Job, consumer: str) -> None:
        """Say ``consumer`` still works on ``job`` (its idle time starts again)."""
        await self._driver.command("XCLAIM", STREAM_KEY, GROUP, consumer, 0, job.entry, "JUSTID")

    async def done(self, job_id: str) -> dict[str, Any] | None:
        """A finished job's record (who finished it, when, and what it did), or None."""
        raw: Any = await self._driver.command("GET", done_key(job_id))
        if raw is None:
            return None
        value: Any = json.loads(_text(raw))
        return dict(cast(dict[str, Any], value)) if isinstance(value, dict) else None

    async def wait_done(
        self, job_id: str, *, timeout_s: float, poll_s: float = 0.1
    ) -> dict[str, Any] | None:
        """A job's record once it is finished, looked for every ``poll_s`` for up to
        ``timeout_s`` (None when it is not finished by then: it may still be running)."""
        deadline = time.monotonic() + timeout_s
        while True:
            record = await self.done(job_id)
            if record is not None or time.monotonic() >= deadline:
                return record
            await asyncio.sleep(poll_s)

    async def finish(self, job: Job, record: Mapping[str, Any]) -> bool:
        """Record ``job`` as finished and acknowledge it; True for the first finish only."""
        first = True
        if job.id:
            first = bool(
                await self._driver.command(
                    "SET", done_key(job.id), json.dumps(dict(record)), "NX", "EX", DONE_TTL_S,
                    replicated=True,
                )
            )  # fmt: skip
        await self._driver.command("XACK", STREAM_KEY, GROUP, job.entry)
        return first

    async def pending(self) -> int:
        """Jobs taken and not yet finished, over every worker."""
        await self.ensure()
        reply: Any = await self._driver.command("XPENDING", STREAM_KEY, GROUP)
        if isinstance(reply, dict):
            return int(cast(dict[str, Any], reply)["pending"])
        return int(reply[0]) if reply else 0

    async def waiting(self) -> int:
        """Jobs not yet taken by any worker (the group's lag)."""
        await self.ensure()
        groups: Any = await self._driver.command("XINFO", "GROUPS", STREAM_KEY)
        for group in cast(list[Any], groups or []):
            named = _fields(group)
            if named.get("name") == GROUP:
                lag = named.get("lag")
                return int(lag) if lag not in (None, "None") else 0
        return 0

    # --- files a job carries --------------------------------------------------------------

    async def put_file(self, data: bytes) -> str:
        """Keep ``data`` on the server beside the stream, for a job to name (an upload's
        bytes stay out of the stream, which keeps its entries after they are done); its id."""
        file_id = uuid.uuid4().hex
        await self._driver.command(
            "SET", file_key(file_id), base64.b64encode(data).decode(), "EX", FILE_TTL_S,
            replicated=True,
        )  # fmt: skip
        return file_id

    async def file(self, file_id: str) -> bytes:
        """The bytes kept under ``file_id``; ``InputInvalid`` when they are gone (expired)."""
        raw: Any = await self._driver.command("GET", file_key(file_id))
        if raw is None:
            raise InputInvalid("the file was not kept long enough for a worker to load it")
        return base64.b64decode(_text(raw))

    async def drop_file(self, file_id: str) -> None:
        """Forget a job's file once the job is done."""
        await self._driver.command("DEL", file_key(file_id))

    # --- vectors that follow the facts ---------------------------------------------------

    async def request_vectors(self, slug: str) -> bool:
        """Mark ``slug``'s vectors as filling and queue a ``vectors`` job if none is
        marked yet; True when a job was queued."""
        await self.ensure()
        before: Any = await self._driver.command(
            "SET", vectors_key(slug), secrets.token_hex(8), "EX", VECTORS_MARK_TTL_S, "GET"
        )
        if before is not None:
            return False  # a job is queued or running; it goes round again for this write
        await self.enqueue("vectors", slug, {})
        return True

    async def vectors_mark(self, slug: str) -> str | None:
        """The tenant's current "vectors filling" mark, or None when none is pending."""
        raw: Any = await self._driver.command("GET", vectors_key(slug))
        return None if raw is None else _text(raw)

    async def vectors_filled(self, slug: str, mark: str) -> bool:
        """Clear the mark if it is still ``mark``; False when a write marked it again."""
        return bool(await self._driver.command("EVAL", _CLEAR_IF_SAME, 1, vectors_key(slug), mark))
