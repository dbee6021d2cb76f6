"""Notes and claims on the FalkorDB server: what every ``serve`` process must agree on."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from brain import Brain, ServerNotes, digest_key


async def test_a_claim_has_one_winner_among_many_processes(quiet_brain: Brain) -> None:
    key = digest_key("slack", "T-" + uuid.uuid4().hex, "Ev0001")
    # one ServerNotes per would-be process, all racing for the same event
    processes = [ServerNotes(quiet_brain.driver) for _ in range(12)]
    won = await asyncio.gather(*(p.claim("event", key, ttl_s=30) for p in processes))
    assert won.count(True) == 1
    assert not await processes[0].claim("event", key, ttl_s=30), "a later retry loses too"
    assert await processes[0].claim("event", digest_key("another", key), ttl_s=30)


async def test_a_claim_expires_so_a_much_later_event_is_new(quiet_brain: Brain) -> None:
    notes, key = ServerNotes(quiet_brain.driver), uuid.uuid4().hex
    assert await notes.claim("event", key, ttl_s=1)
    await asyncio.sleep(1.2)
    assert await notes.claim("event", key, ttl_s=1)


def test_digest_keys_fit_the_key_pattern_whatever_the_ids_hold() -> None:
    odd = digest_key("slack", "T 1/../*", "C1:1700000000.000100", "ünïcode\n")
    assert len(odd) == 40 and odd.isalnum()
    assert digest_key("a", "bc") != digest_key("ab", "c"), "parts are separated, not joined"


async def test_a_claim_needs_a_positive_ttl(quiet_brain: Brain) -> None:
    with pytest.raises(ValueError, match="TTL"):
        await ServerNotes(quiet_brain.driver).claim("event", "k", ttl_s=0)
