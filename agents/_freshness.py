"""Facts nobody has confirmed lately, asked about in the digest: "still true" or "no longer true".

The weekly digest lists the facts a tenant's ``freshness`` setting finds stale
(``brain.upkeep.unconfirmed_facts``), each with two buttons. A button carries a short key,
not the fact: Discord's custom ids hold 100 characters, fewer than two record ids and a
date may need. So the digest keeps what each key names as a server note
(``remember_checks``) for a little longer than the week to the next digest, and a click
reads it back (``answer_check``). Any member may answer, as any member may correct a fact.

"Still true" states the fact again, through the gate: the same fact (ends, type, since),
its own source kept (a GitHub fact stays GitHub's, for scopes), with today's ``asOf`` and
the confirmer's chat key as ``confirmedBy``; a corroborating statement with a newer
``asOf`` is exactly what the edge writer restamps. "No longer true" closes it now, as a
correction does: never deleted, its source kept, the person the source of its end. A fact
that already ended, or a key that expired or names another brain, changes nothing and
says so in one sentence.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from agents._corrections import correction_source
from brain import InputInvalid, ServerNotes, TenantGraph, digest_key, format_moment
from brain.reads import ReadFact, fact_edges
from brain.upkeep import UnconfirmedFact

log = logging.getLogger(__name__)

#: Server notes naming the fact behind each digest button, kept past the next digest.
FRESH_NOTE = "fresh"
FRESH_KEEP_S = 5 * 7 * 24 * 3600
Answer = Literal["yes", "no"]
EXPIRED_CHECK = (
    "That check is too old for me to find the fact again; nothing changed. The next digest "
    "lists it again if it still needs confirming."
)


@dataclass(frozen=True, slots=True)
class FactCheck:
    """One fact a digest asks about: the key its buttons carry, and how it reads."""

    key: str
    text: str
    #: When a source last stated it (epoch ms).
    as_of: int


def check_key(slug: str, fact: UnconfirmedFact) -> str:
    """The key of one fact's buttons: a digest of the tenant and the fact (40 hex)."""
    return digest_key(slug, fact.source, fact.type, fact.target, str(fact.since))


async def remember_checks(
    notes: ServerNotes, slug: str, facts: list[UnconfirmedFact]
) -> list[FactCheck]:
    """Keep what each fact's key names (``FRESH_KEEP_S``) and return the checks to post."""
    checks: list[FactCheck] = []
    for fact in facts:
        key = check_key(slug, fact)
        note = {
            "tenant": slug,
            "from": fact.source,
            "type": fact.type,
            "to": fact.target,
            "since": format_moment(fact.since),
            "text": fact.text,
        }
        await notes.put(FRESH_NOTE, key, note, ttl_s=FRESH_KEEP_S)
        checks.append(FactCheck(key, fact.text, fact.as_of))
    return checks


async def checked_fact(notes: ServerNotes, slug: str, key: str) -> tuple[ReadFact, str]:
    """The fact a button's key names in tenant ``slug``, and its text; ``InputInvalid``
    (``EXPIRED_CHECK``) when the key is unknown, expired or another tenant's."""
    note = await notes.get(FRESH_NOTE, key) if key.isalnum() and len(key) <= 64 else None
    if note is None or note.get("tenant") != slug:
        raise InputInvalid(EXPIRED_CHECK)
    fact = ReadFact(str(note["from"]), str(note["type"]), str(note["to"]), str(note["since"]))
    return fact, str(note.get("text") or f"{fact.source} {fact.type} {fact.target}")


async def answer_check(
    graph: TenantGraph,
    fact: ReadFact,
    answer: Answer,
    *,
    user_key: str,
    now_ms: int,
) -> str:
    """Stamp ``fact`` as still true now, or close it now; the sentence that says which.

    Raises ``InputInvalid`` when the fact no longer holds (nothing is written then)."""
    edges = await fact_edges(graph, fact)
    since = [e for e in edges if format_moment(e.since) == fact.since]
    current = [e for e in since if e.is_open(now_ms)]
    if not current:
        ended = [e.until for e in since if e.until is not None]
        when = f" (it ended {(format_moment(max(ended)) or '')[:10]})" if ended else ""
        raise InputInvalid(f"That fact no longer holds in the brain{when}; nothing changed.")
    edge = current[0]
    who = correction_source(user_key)
    body: dict[str, Any] = {
        "from": edge.source,
        "type": edge.type,
        "to": edge.target,
        "since": format_moment(edge.since),
    }
    if answer == "yes":
        # the same statement from its own source, dated today: the writer restamps asOf
        body |= {"src": edge.src, "asOf": format_moment(now_ms), "confirmedBy": who}
        done = f"Marked still true: {edge.text} (as of {(format_moment(now_ms) or '')[:10]})."
    else:
        # the person is the source of the end; dated before the fact's own asOf, so the
        # close is never a newer statement of the fact and its source is kept
        body |= {"until": format_moment(now_ms), "src": who, "asOf": format_moment(edge.as_of - 1)}
        done = (
            f"Closed: {edge.text} no longer holds from {(format_moment(now_ms) or '')[:10]}. "
            "It stays in the brain's history."
        )
    report = await graph.write_facts([(1, {"edge": body})], origin="source")
    if report.refused:
        log.warning("a freshness answer was refused: %s", report.refusals)
        raise InputInvalid("The brain refused that; nothing was changed.")
    return done
