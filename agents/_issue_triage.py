"""Triage that acts, safely: a new issue gets a suggested area, expert and reply as a card.

When an issue is opened in a repository a tenant tracks (a webhook delivery, or a poll:
``poll_and_triage``),
``suggest_triage`` runs ``triage_candidates`` on its title and body and proposes one
approval card: a reply to post on the issue, naming the likely area, who knows it
(as profile links, never @-mentions) and the similar past issues and changes (as code
spans, so they collect no "mentioned this" events). The card's executor is the GitHub
client, which writes only to allow-listed repositories and only once approved. Each
issue is triaged once: the card itself is the run record, looked up before proposing.
"""

from __future__ import annotations

import re
from typing import Any

from agents.cards._cards import Card, CardDraft, list_cards, propose
from agents.tools._registry import call_tool
from brain import TenantGraph, now_ms
from brain.ingest import GitHubSource, load_github_repo

#: Open issues a poll looks at, newest first.
POLL_ISSUES = 50

READ_OPEN_ISSUES = """
MATCH (i:Issue)
WHERE i.repo = $repo AND i.state = 'open'
RETURN i.number, i.name, coalesce(i.text, '')
ORDER BY i.number DESC
LIMIT $limit
"""

#: Anything in a reply that could notify someone or link an issue: refused outright.
_NOTIFIES = re.compile(r"(?<![\w`])@[A-Za-z0-9-]|(?<![\w/`])#\d+|\b[\w.-]+/[\w.-]+#\d+(?!`)")
_ISSUE_REF = re.compile(r"(?<![\w`])((?:[\w.-]+/[\w.-]+)?#\d+)")
#: Cards looked through for an earlier run on the same issue.
RUN_LOOKBACK = 1_000


class UnsafeReply(ValueError):
    """A drafted reply that could notify someone; it is never proposed."""


def quiet(text: str) -> str:
    """``text`` with issue references as code spans and every @ defused."""
    text = _ISSUE_REF.sub(lambda m: f"`{m.group(1)}`", text)
    return text.replace("@", "(at)")


def check_quiet(text: str) -> None:
    """Raise ``UnsafeReply`` if ``text`` still holds a mention or a bare issue link."""
    outside_code = re.sub(r"`[^`]*`", "", text)
    if _NOTIFIES.search(outside_code):
        raise UnsafeReply("the reply could notify someone; it was not proposed")


def draft_reply(repo: str, result: dict[str, Any]) -> str:
    """The reply a triage result suggests, in plain Markdown, notifying no one."""
    ranked = result.get("components", [])
    if not ranked:
        return ""
    top = ranked[0]
    lines = [
        f"Thanks for the report. This looks like it belongs to `{top['component']}` "
        f"({top['confidence']} confidence, from similar past work)."
    ]
    people = result.get("experts", [])[:2]
    if people:
        links = [
            f"[{p['name']}](https://github.com/{p['login']})" if p.get("login") else p["name"]
            for p in people
        ]
        lines.append(f"People who know that code well: {', '.join(links)}.")
    similar = result.get("similar", [])[:3]
    if similar:
        lines.append("Similar past work: " + "; ".join(quiet(s["title"]) for s in similar) + ".")
    return quiet("\n\n".join(lines))


async def earlier_run(graph: TenantGraph, repo: str, number: int) -> Card | None:
    """The triage card an issue already has, if any (the run record)."""
    for card in await list_cards(graph, limit=RUN_LOOKBACK):
        payload = card.payload
        if card.proposed_by == "triage" and (payload.get("repo"), payload.get("issue")) == (
            repo,
            number,
        ):
            return card
    return None


async def suggest_triage(
    graph: TenantGraph, *, repo: str, number: int, title: str, body: str = ""
) -> Card | None:
    """Propose the triage card for a newly opened issue; None if it was triaged before or
    nothing in the records resembles it."""
    if await earlier_run(graph, repo, number) is not None:
        return None
    res = await call_tool(
        graph, "triage_candidates", {"text": f"{title}\n{body[:2000]}", "repo": repo}
    )
    reply = draft_reply(repo, res.data)
    if not reply:
        return None
    check_quiet(reply)
    top = res.data["components"][0]
    cites = [c["id"] for c in res.data["components"][:3]]
    cites += [p["id"] for p in res.data.get("experts", [])[:2]]
    cites += [s["id"] for s in res.data.get("similar", [])[:3]]
    draft = CardDraft(
        kind="reply",
        title=f"Triage {repo}#{number}: {top['component']}"[:200],
        preview=reply,
        payload={"repo": repo, "issue": number, "body": reply},
        executor="github",
        cites=cites,
        proposed_by="triage",
    )
    return await propose(graph, draft, now_ms=now_ms())


async def poll_and_triage(graph: TenantGraph, repo: str, *, source: GitHubSource) -> list[Card]:
    """Polling mode: read what changed in ``repo`` (incrementally), then propose a triage
    card for each open issue that has none yet."""
    await load_github_repo(graph, repo, source=source)
    res = await graph.read("open issues", READ_OPEN_ISSUES, {"repo": repo, "limit": POLL_ISSUES})
    cards: list[Card] = []
    for number, title, body in res.rows:
        card = await suggest_triage(
            graph, repo=repo, number=int(number), title=str(title), body=str(body)
        )
        if card is not None:
            cards.append(card)
    return cards
