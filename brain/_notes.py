"""Small notes that every process must see, kept on the FalkorDB server with an expiry.

Some state belongs to a conversation rather than to a tenant's records: which channel a
person is looking at while the Slack assistant pane is open, for one. Every ``serve``
process must read what another wrote, so it lives on the server (a plain key beside the
graphs, as the server locks do), never in one process's memory. A note is a small JSON
object under ``hivebrain:note:<kind>:<key>`` and expires on its own.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from brain._json import is_object
from brain.db import GraphDriver

_PART = re.compile(r"[A-Za-z0-9._:-]{1,200}")
#: The largest note kept (bytes of JSON): notes are context, not records.
MAX_NOTE_BYTES = 16_000


def note_key(kind: str, key: str) -> str:
    """The server key of one note; raises ``ValueError`` for parts outside ``[A-Za-z0-9._:-]``."""
    for part in (kind, key):
        if not _PART.fullmatch(part):
            raise ValueError(f"note key part {part[:40]!r} must match {_PART.pattern}")
    return f"hivebrain:note:{kind}:{key}"


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
    """Read and write notes on the server (see the module doc)."""

    def __init__(self, driver: GraphDriver) -> None:
        self._driver = driver

    async def put(self, kind: str, key: str, value: Mapping[str, Any], *, ttl_s: int) -> None:
        """Keep ``value`` for ``ttl_s`` seconds, replacing any note under the same key.

        Raises ``ValueError`` for a bad key, a value over ``MAX_NOTE_BYTES`` or a TTL < 1.
        """
        data = json.dumps(dict(value), ensure_ascii=False, sort_keys=True)
        if len(data.encode()) > MAX_NOTE_BYTES:
            raise ValueError(f"a note holds at most {MAX_NOTE_BYTES} bytes of JSON")
        if ttl_s < 1:
            raise ValueError("a note needs a TTL of at least a second")
        await self._driver.command("SET", note_key(kind, key), data, "EX", ttl_s)

    async def get(self, kind: str, key: str) -> dict[str, Any] | None:
        """The note under this key, or None when there is none (or it expired)."""
        raw: Any = await self._driver.command("GET", note_key(kind, key))
        return _decoded(raw)

    async def claim(self, kind: str, key: str, *, ttl_s: int) -> bool:
        """True for the one caller, in any process, that claims ``key`` first within ``ttl_s``
        seconds (``SET NX EX``); False for every later one. How a platform's redelivered
        event, reaching any ``serve`` process, is answered once."""
        if ttl_s < 1:
            raise ValueError("a claim needs a TTL of at least a second")
        done: Any = await self._driver.command("SET", note_key(kind, key), "1", "NX", "EX", ttl_s)
        return done is not None

    async def take(self, kind: str, key: str) -> dict[str, Any] | None:
        """The note under this key, removed in the same step (``GETDEL``): for a value that
        may be used once, by whichever process asks first."""
        raw: Any = await self._driver.command("GETDEL", note_key(kind, key))
        return _decoded(raw)
