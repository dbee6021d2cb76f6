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

from brain import TenantGraph, format_moment, now_ms
from brain.reads import people_by_chat_id, people_by_email, people_named


@dataclass(frozen=True, slots=True)
class Asker:
    """The Person a chat user is, and how that was known."""

    id: str
    name: str
    how: str  # "stated", "e-mail" or "name"


async def find_asker(
    graph: TenantGraph, *, key: str, name: str = "", email: str = ""
) -> Asker | None:
    """The Person chat user ``key`` is (see the module doc), or None."""
    stated = await people_by_chat_id(graph, key)
    if stated:
        return Asker(stated[0].id, stated[0].name, "stated")
    by_email = await people_by_email(graph, email) if email.strip() else []
    if len(by_email) == 1:
        return Asker(by_email[0].id, by_email[0].name, "e-mail")
    by_name = await people_named(graph, name) if name.strip() else []
    if len(by_name) == 1:
        return Asker(by_name[0].id, by_name[0].name, "name")
    return None


async def claim_identity(graph: TenantGraph, *, key: str, who: str) -> str:
    """Record that chat user ``key`` is the Person named (or e-mailed) ``who``; the reply.

    The key moves from anyone who held it before, so one chat user is one person.
    """
    who = " ".join(who.split())
    people = await (people_by_email(graph, who) if "@" in who else people_named(graph, who))
    if not people:
        return (
            f"No one called {who[:80]!r} is in the brain: give the name or e-mail the brain "
            "has for you (as in a meeting transcript), e.g. `settings me dana@site.example`."
        )
    if len(people) > 1:
        return f"More than one person is called {who[:80]!r}: give your e-mail instead."
    person = people[0]
    now = format_moment(now_ms()) or ""
    facts: list[dict[str, object]] = []
    for old in await people_by_chat_id(graph, key):
        if old.id != person.id:
            kept = [k for k in old.chat_ids if k != key]
            facts.append(_person(old.id, old.name, kept, now))
    if key not in person.chat_ids:
        facts.append(_person(person.id, person.name, [*person.chat_ids, key], now))
    if facts:
        report = await graph.write_facts(list(enumerate(facts, 1)))
        if report.refused:
            return f"I couldn't record that: {report.refusals[0]}"
    return (
        f"Noted: here you are {person.name} [[{person.id}]]. "
        'Questions about "my" action items now mean yours.'
    )


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
