"""Who a chat user is in the brain: the Person "my action items" means.

A chat user is a platform key (``slack:U1``, ``discord:42``); the people in the brain come
from meetings, files and repositories. The key is matched, in order, by a mapping the
user stated (``settings me <name or e-mail>``, stored on the Person as ``chatIds``, in
the tenant graph, so it holds on every platform the tenant is on), by the e-mail of the
platform profile, and by its display name when exactly one person has that name. No
match: the asker is unknown, and answers say so rather than guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, LiteralString, cast

from brain import TenantGraph, format_moment, now_ms

#: People read for one name or e-mail: two are enough to know it is ambiguous.
MATCHES = 2

READ_BY_CHAT_ID: LiteralString = """
MATCH (p:Person)
WHERE $key IN coalesce(p.chatIds, [])
RETURN p.id, p.name, coalesce(p.chatIds, [])
LIMIT $limit
"""
READ_BY_EMAIL: LiteralString = """
MATCH (p:Person)
WHERE toLower(p.email) = $email
RETURN p.id, p.name, coalesce(p.chatIds, [])
LIMIT $limit
"""
READ_BY_NAME: LiteralString = """
MATCH (p:Person)
WHERE toLower(p.name) = $name
RETURN p.id, p.name, coalesce(p.chatIds, [])
LIMIT $limit
"""


@dataclass(frozen=True, slots=True)
class Asker:
    """The Person a chat user is, and how that was known."""

    id: str
    name: str
    how: str  # "stated", "e-mail" or "name"


async def _people(
    graph: TenantGraph, query: LiteralString, params: dict[str, str]
) -> list[list[Any]]:
    return (await graph.read("chat identity", query, {**params, "limit": MATCHES})).rows


async def find_asker(
    graph: TenantGraph, *, key: str, name: str = "", email: str = ""
) -> Asker | None:
    """The Person chat user ``key`` is (see the module doc), or None."""
    rows = await _people(graph, READ_BY_CHAT_ID, {"key": key})
    if rows:
        return Asker(str(rows[0][0]), str(rows[0][1] or rows[0][0]), "stated")
    ways: tuple[tuple[str, LiteralString, dict[str, str]], ...] = (
        ("e-mail", READ_BY_EMAIL, {"email": email.strip().lower()}),
        ("name", READ_BY_NAME, {"name": " ".join(name.split()).lower()}),
    )
    for how, query, value in ways:
        if next(iter(value.values())):
            rows = await _people(graph, query, value)
            if len(rows) == 1:
                return Asker(str(rows[0][0]), str(rows[0][1] or rows[0][0]), how)
    return None


async def claim_identity(graph: TenantGraph, *, key: str, who: str) -> str:
    """Record that chat user ``key`` is the Person named (or e-mailed) ``who``; the reply.

    The key moves from anyone who held it before, so one chat user is one person.
    """
    who = " ".join(who.split())
    by_email = "@" in who
    query = READ_BY_EMAIL if by_email else READ_BY_NAME
    rows = await _people(graph, query, {"email" if by_email else "name": who.lower()})
    if not rows:
        return (
            f"No one called {who[:80]!r} is in the brain: give the name or e-mail the brain "
            "has for you (as in a meeting transcript), e.g. `settings me dana@site.example`."
        )
    if len(rows) > 1:
        return f"More than one person is called {who[:80]!r}: give your e-mail instead."
    pid, name, held = str(rows[0][0]), str(rows[0][1] or rows[0][0]), _ids(rows[0][2])
    now = format_moment(now_ms()) or ""
    facts: list[dict[str, object]] = []
    for old_id, old_name, old_held in await _people(graph, READ_BY_CHAT_ID, {"key": key}):
        if str(old_id) != pid:
            kept = [k for k in _ids(old_held) if k != key]
            facts.append(_person(str(old_id), str(old_name or old_id), kept, now))
    if key not in held:
        facts.append(_person(pid, name, [*held, key], now))
    if facts:
        report = await graph.write_facts(list(enumerate(facts, 1)))
        if report.refused:
            return f"I couldn't record that: {report.refusals[0]}"
    return (
        f'Noted: here you are {name} [[{pid}]]. Questions about "my" action items now mean yours.'
    )


def _ids(value: object) -> list[str]:
    return [str(v) for v in cast(list[Any], value)] if isinstance(value, list) else []


def _person(pid: str, name: str, chat_ids: list[str], now: str) -> dict[str, object]:
    return {
        "node": {
            "type": "Person",
            "id": pid,
            "name": name,
            "chatIds": chat_ids,
            "src": "chat:settings",
            "asOf": now,
        }
    }
