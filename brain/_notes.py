"""Small notes that every process must see, kept on the FalkorDB server with an expiry.

Some state belongs to a conversation rather than to a tenant's records: the claim that
one delivery of an event is being answered, a thread's question, which channel a person is
looking at while the Slack assistant pane is open. Every ``serve`` process must read what
another wrote, so it lives on the server (a plain key beside the graphs, as the server
locks do), never in one process's memory. A note is a small JSON object and expires on
its own.

A note of a tenant's conversation (``tenant=`` its slug) lives in the tenant graph's
cluster slot, ``hivebrain:note:{hb_<slug>}:<kind>:<key>`` (``brain._tenant_keys``): an
event of a tenant whose shard answers is claimed and answered while another shard fails
over. A note of no tenant yet (a Slack install's OAuth state, an event of a workspace no
brain is bound to) is ``hivebrain:note:<kind>:<key>``, wherever that hashes.

Notes written before they carried the tag cannot be moved (their keys are digests that do
not say their tenant), so for a while a tenant's note is also looked for at its old key:
until the server's first start with tags (``tagged_at_ms``, ``notes_tagged_at``) plus the
longest a note of that kind lives (``kept_s``, ``ttl_s``). A redelivery claimed by an
older process just before the upgrade is then still answered once, and a thread begun
before it keeps its question. After that window no read leaves the tenant's slot.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from brain._json import is_object
from brain._moments import now_ms
from brain.db import GraphDriver

_PART = re.compile(r"[A-Za-z0-9._:-]{1,200}")
#: The largest note kept (bytes of JSON): notes are context, not records.
MAX_NOTE_BYTES = 16_000


def note_key(kind: str, key: str, *, slot: str | None = None) -> str:
    """The server key of one note (``slot``: the hash tag of the tenant it belongs to);
    raises ``ValueError`` for parts outside ``[A-Za-z0-9._:-]``."""
    for part in (kind, key):
        if not _PART.fullmatch(part):
            raise ValueError(f"note key part {part[:40]!r} must match {_PART.pattern}")
    return f"hivebrain:note:{kind}:{key}" if slot is None else f"hivebrain:note:{slot}:{kind}:{key}"


def digest_key(*parts: str) -> str:
    """A note key for parts of any spelling (platform ids, thread ts's): a short digest that
    always matches the key pattern, so a user-controlled id can never shape the server key."""
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:40]


def _decoded(raw: Any) -> dict[str, Any] | None:
    """A stored note's JSON object; None for no note, or one that is not an object."""
    if raw is None:
        return None
    try:
        value: Any = json.loads(raw.decode() if isinstance(raw, bytes) else str(raw))
    except ValueError:
        return None
    return value if is_object(value) else None


class ServerNotes:
    """Read and write notes on the server (see the module doc).

    ``slot``: a tenant slug's hash tag (``brain._tenants.tenant_slot``), for the notes
    given ``tenant=``. ``tagged_at_ms``: when this server's notes began to carry it (0:
    they always did, and no old key is ever looked at).
    """

    def __init__(
        self,
        driver: GraphDriver,
        *,
        slot: Callable[[str], str] | None = None,
        tagged_at_ms: int = 0,
    ) -> None:
        self._driver = driver
        self._slot = slot
        self._tagged_at_ms = tagged_at_ms

    def key(self, kind: str, key: str, *, tenant: str | None = None) -> str:
        """The server key of a note: in ``tenant``'s slot when given."""
        if tenant is None:
            return note_key(kind, key)
        if self._slot is None:
            raise ValueError("these notes know no tenant slots: give the registry's")
        return note_key(kind, key, slot=self._slot(tenant))

    def _old_key(self, kind: str, key: str, tenant: str | None, kept_s: int) -> str | None:
        """The key a tenant's note had before the tag, while one may still live there."""
        if tenant is None or not self._tagged_at_ms:
            return None
        return note_key(kind, key) if now_ms() < self._tagged_at_ms + kept_s * 1000 else None

    async def put(
        self,
        kind: str,
        key: str,
        value: Mapping[str, Any],
        *,
        ttl_s: int,
        tenant: str | None = None,
    ) -> None:
        """Keep ``value`` for ``ttl_s`` seconds, replacing any note under the same key.

        Raises ``ValueError`` for a bad key, a value over ``MAX_NOTE_BYTES`` or a TTL < 1.
        """
        data = json.dumps(dict(value), ensure_ascii=False, sort_keys=True)
        if len(data.encode()) > MAX_NOTE_BYTES:
            raise ValueError(f"a note holds at most {MAX_NOTE_BYTES} bytes of JSON")
        if ttl_s < 1:
            raise ValueError("a note needs a TTL of at least a second")
        await self._driver.command("SET", self.key(kind, key, tenant=tenant), data, "EX", ttl_s)

    async def get(
        self, kind: str, key: str, *, tenant: str | None = None, kept_s: int = 0
    ) -> dict[str, Any] | None:
        """The note under this key, or None when there is none (or it expired). ``kept_s``:
        how long notes of this kind live (how long an old, untagged one may be found)."""
        raw: Any = await self._driver.command("GET", self.key(kind, key, tenant=tenant))
        old = self._old_key(kind, key, tenant, kept_s) if raw is None else None
        if old is not None:
            raw = await self._driver.command("GET", old)
        return _decoded(raw)

    async def claim(self, kind: str, key: str, *, ttl_s: int, tenant: str | None = None) -> bool:
        """True for the one caller, in any process, that claims ``key`` first within ``ttl_s``
        seconds (``SET NX EX``); False for every later one. How a platform's redelivered
        event, reaching any ``serve`` process, is answered once."""
        if ttl_s < 1:
            raise ValueError("a claim needs a TTL of at least a second")
        done: Any = await self._driver.command(
            "SET", self.key(kind, key, tenant=tenant), "1", "NX", "EX", ttl_s
        )
        if done is None:
            return False
        old = self._old_key(kind, key, tenant, ttl_s)
        # claimed by a process of the version before the tag: answered there already
        return old is None or not await self._driver.command("EXISTS", old)

    async def take(
        self, kind: str, key: str, *, tenant: str | None = None, kept_s: int = 0
    ) -> dict[str, Any] | None:
        """The note under this key, removed in the same step (``GETDEL``): for a value that
        may be used once, by whichever process asks first."""
        raw: Any = await self._driver.command("GETDEL", self.key(kind, key, tenant=tenant))
        old = self._old_key(kind, key, tenant, kept_s) if raw is None else None
        if old is not None:
            raw = await self._driver.command("GETDEL", old)
        return _decoded(raw)
