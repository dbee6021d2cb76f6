"""Triage that acts, safely: a new issue gets one suggestion (label, expert, reply) as a card.

Three paths find new issues: a webhook delivery, a poll (``poll_and_triage``) and the
scheduled ``repo_triage`` job; all of them call ``suggest_triage``, so an issue gets the
same suggestion whichever saw it first. It runs ``triage_candidates`` on the title and
body and proposes one approval card of kind ``triage``: the label (the likely area) and a
reply to post on the issue naming that area, who knows it (as profile links, never
@-mentions) and the similar past issues and changes (as code spans, so they collect no
"mentioned this" events). The card's executor is the GitHub client, which writes only to
allow-listed repositories and only once approved. Each issue is triaged once: a run
record per issue (``mark_once`` under ``TRIAGE_RUN``, keyed ``owner/name#n``) is marked
before the card is proposed, and cards proposed before the record existed count too. The
callers post the card to the tenant's triage channel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agents.cards import Card, CardDraft, list_cards, propose
from agents.tools import call_tool
from brain import TenantGraph, now_ms
from brain.ingest import GitHubSource, load_github_repo
from brain.reads import open_issues
from brain.upkeep import mark_once

#: Open issues a poll looks at, newest first.
POLL_ISSUES = 50

#: Anything in a reply that could notify someone or link an issue: refused outright.
_NOTIFIES = re.compile(r"(?<![\w`])@[A-Za-z0-9-]|(?<![\w/`])#\d+|\b[\w.-]+/[\w.-]+#\d+(?!`)")
_ISSUE_REF = re.compile(r"(?<![\w`])((?:[\w.-]+/[\w.-]+)?#\d+)")
#: Cards looked through for an earlier run on the same issue.
RUN_LOOKBACK = 1_000
#: The job name of the per-issue run record every triage path marks.
TRIAGE_RUN = "issue_triage"


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
    """The triage card an issue already has, if any (cards from before the run record)."""
    for card in await list_cards(graph, limit=RUN_LOOKBACK):
        payload = card.payload
        if card.proposed_by == "triage" and (payload.get("repo"), payload.get("issue")) == (
            repo,
            number,
        ):
            return card
    return None


@dataclass(frozen=True, slots=True)
class TriageSuggestion:
    """One issue's suggestion: the label (its top area), the experts and the drafted reply
    linking similar issues, as the one card that carries all three."""

    repo: str
    number: int
    title: str
    component: str
    confidence: str
    others: tuple[str, ...]
    draft: CardDraft

    @property
    def line(self) -> str:
        """The triage channel's line for it."""
        return f"{self.title} → {self.component} ({self.confidence})"


def run_key(repo: str, number: int) -> str:
    """The key of an issue's run record (``owner/name#n``), the same for every path."""
    return f"{repo}#{number}"


async def triage_suggestion(
    graph: TenantGraph, *, repo: str, number: int, title: str, body: str = ""
) -> TriageSuggestion | None:
    """What triage suggests for an issue (reads only); None if nothing resembles it."""
    res = await call_tool(
        graph, "triage_candidates", {"text": f"{title}\n{body[:2000]}"[:4000], "repo": repo}
    )
    ranked: list[dict[str, Any]] = [c for c in res.data.get("components", []) if c]
    reply = draft_reply(repo, res.data)
    if not ranked or not reply:
        return None
    check_quiet(reply)
    top = ranked[0]
    component, confidence = str(top.get("component")), str(top.get("confidence", "weak"))
    cites = [str(c["id"]) for c in ranked[:3] if c.get("id")]
    cites += [str(p["id"]) for p in res.data.get("experts", [])[:2] if p.get("id")]
    cites += [str(s["id"]) for s in res.data.get("similar", [])[:3] if s.get("id")]
    draft = CardDraft(
        kind="triage",
        title=f"Triage {repo}#{number}: {component}"[:200],
        preview=f"Label: {component}\n\n{reply}",
        payload={"repo": repo, "issue": number, "labels": [component], "body": reply},
        executor="github",
        cites=cites,
        proposed_by="triage",
    )
    others = tuple(str(c.get("component")) for c in ranked[1:3])
    return TriageSuggestion(repo, number, title, component, confidence, others, draft)


async def suggest_triage(
    graph: TenantGraph,
    *,
    repo: str,
    number: int,
    title: str,
    body: str = "",
    run_id: str | None = None,
    at_ms: int | None = None,
    suggestion: TriageSuggestion | None = None,
) -> Card | None:
    """Propose the one triage card of an issue: label, expert and reply together. None if it
    was triaged before (by any path: the webhook, a poll or the scheduled job) or nothing in
    the records resembles it. The run record is marked before the card is proposed, so two
    paths racing for one issue propose one card. ``suggestion``: one already made for it."""
    if await earlier_run(graph, repo, number) is not None:
        return None
    found = suggestion or await triage_suggestion(
        graph, repo=repo, number=number, title=title, body=body
    )
    if found is None:
        return None
    at = now_ms() if at_ms is None else at_ms
    run = run_id or f"triage-{at}"
    if not await mark_once(graph, job=TRIAGE_RUN, key=run_key(repo, number), run_id=run):
        return None
    return await propose(graph, found.draft, now_ms=at)


async def poll_and_triage(graph: TenantGraph, repo: str, *, source: GitHubSource) -> list[Card]:
    """Polling mode: read what changed in ``repo`` (incrementally), then propose a triage
    card for each open issue that has none yet."""
    await load_github_repo(graph, repo, source=source)
    cards: list[Card] = []
    for issue in await open_issues(graph, repo, limit=POLL_ISSUES):
        card = await suggest_triage(
            graph, repo=repo, number=issue.number, title=issue.title, body=issue.body
        )
        if card is not None:
            cards.append(card)
    return cards
