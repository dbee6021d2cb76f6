"""People in a tenant's brain, found the ways the assistant needs to find them.

By a chat user's key (``slack:U1``, stored on the Person as ``chatIds`` when the user said
who they are), by e-mail (case-insensitive), by name or id (the lookup every tool uses,
kept to Persons), and the addresses of a list of people (to write to a meeting's
attendees). Two hits for a name or an address mean it is ambiguous, so the reads that
decide who someone is ask for at least two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from brain._tenant_graph import TenantGraph
from brain.reads._walks import resolve


@dataclass(frozen=True, slots=True)
class PersonRecord:
    """A Person as the brain holds them: id, name, e-mail and the chat users they are."""

    id: str
    name: str
    email: str | None = None
    chat_ids: tuple[str, ...] = ()


def _chat_ids(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in cast(list[Any], value)) if isinstance(value, list) else ()


def _person(row: list[Any]) -> PersonRecord:
    pid, name, email, chat_ids = row
    return PersonRecord(str(pid), str(name or pid), email, _chat_ids(chat_ids))


READ_PEOPLE_BY_CHAT_ID = """
MATCH (p:Person)
WHERE $key IN coalesce(p.chatIds, [])
RETURN p.id, p.name, p.email, coalesce(p.chatIds, [])
ORDER BY p.id
LIMIT $limit
"""


async def people_by_chat_id(graph: TenantGraph, key: str, *, limit: int = 2) -> list[PersonRecord]:
    """The Persons chat user ``key`` said they are (one, unless a claim was left behind)."""
    params = {"key": key, "limit": limit}
    res = await graph.read("people by chat id", READ_PEOPLE_BY_CHAT_ID, params)
    return [_person(r) for r in res.rows]


READ_PEOPLE_BY_EMAIL = """
MATCH (p:Person)
WHERE toLower(p.email) = $email
RETURN p.id, p.name, p.email, coalesce(p.chatIds, [])
ORDER BY p.id
LIMIT $limit
"""


async def people_by_email(graph: TenantGraph, email: str, *, limit: int = 2) -> list[PersonRecord]:
    """The Persons with e-mail ``email``, compared without case or surrounding spaces."""
    params = {"email": email.strip().lower(), "limit": limit}
    res = await graph.read("people by e-mail", READ_PEOPLE_BY_EMAIL, params)
    return [_person(r) for r in res.rows]


async def people_named(graph: TenantGraph, name: str) -> list[PersonRecord]:
    """The Persons ``name`` names: their id, an alias or their exact name, any case.

    The same lookup every tool's name goes through (``resolve``), kept to Persons, so
    "remind Dana" and the card that later makes Dana's task find the same Dana.
    """
    found = [n for n in await resolve(graph, " ".join(name.split())) if n["type"] == "Person"]
    return [
        PersonRecord(
            str(n["id"]),
            str(n["name"] or n["id"]),
            n["_props"].get("email"),
            _chat_ids(n["_props"].get("chatIds")),
        )
        for n in found
    ]


READ_EMAILS = """
UNWIND $ids AS id
MATCH (p:Person {id: id})
WHERE p.email IS NOT NULL
RETURN DISTINCT p.email
ORDER BY p.email
LIMIT $limit
"""


async def emails_of(graph: TenantGraph, ids: list[str], *, limit: int = 200) -> list[str]:
    """The e-mail addresses of the Persons among ``ids`` (others have none), sorted."""
    res = await graph.read("emails of people", READ_EMAILS, {"ids": ids, "limit": limit})
    return [str(r[0]) for r in res.rows]
