"""Repo triage posts: new open issues, each with its one suggestion (label, expert and a
reply linking similar issues) as an approval card in the triage channel, never twice.

The suggestion is the repo brain's (``agents.suggest_triage``, the same the GitHub
webhook and the polling mode make), from the ``triage_candidates`` tool; when a process
has no such tool, the job says "triage tool not available" instead of guessing. The run
record is the one every path marks per issue (``agents.TRIAGE_RUN``, keyed
``owner/name#n``), so an issue the webhook triaged is not proposed again here, nor here
twice. Only an approved card labels the issue and posts the reply, through the GitHub
executor. A triage channel with a scope (``settings scope``) is shown only the issues it
may read: none in a channel that reads only meetings.
"""

from __future__ import annotations

from agents import TRIAGE_RUN, ScopedReads, posts_scope, suggest_triage, triage_suggestion
from brain.reads import unmarked_issues
from scheduler.jobs._cites import Sources, cite
from scheduler.jobs._registry import DAY_MS, CardNote, JobContext, JobOutcome, Post, job

TOOL = "triage_candidates"
LIMIT = 20
LOOK_BACK_MS = 7 * DAY_MS
NOT_AVAILABLE = "triage tool not available"
TITLE = "Issues waiting for triage (approve a card to label and reply)"


def triage_post(lines: tuple[str, ...], src: Sources, cards: tuple[CardNote, ...]) -> Post:
    """The triage channel's message: one line per issue, its card under it."""
    return Post("triage_channel", TITLE, lines, src.cites(), cards=cards)


@job(
    "repo_triage",
    purpose="new open issues, each with its label, expert and drafted reply as one card",
    schedule="15 * * * *",
    period="hour",
    channel="triage_channel",
)
async def repo_triage(ctx: JobContext) -> JobOutcome:
    """Propose one triage card per new issue the tool places."""
    if ctx.tool is None or ctx.tool(TOOL) is None:
        return JobOutcome(summary=NOT_AVAILABLE, details={"tool": NOT_AVAILABLE})
    g, t = ctx.graph, ctx.t
    # a week back from the last run: an issue recorded late (its opening date earlier than
    # the last run) is still seen; the per-issue record keeps each to one card
    since = (ctx.last_ok_ms if ctx.last_ok_ms is not None else t) - LOOK_BACK_MS
    issues = await unmarked_issues(g, job=TRIAGE_RUN, since_ms=since, limit=LIMIT)
    scope = posts_scope(ctx.settings, "triage_channel")
    hidden = 0
    if scope is not None:
        shown = await ScopedReads(g, scope).readable({i.id for i in issues})
        hidden = sum(1 for i in issues if i.id not in shown)
        issues = [i for i in issues if i.id in shown]
    outside = f", {hidden} outside the triage channel's scope" if hidden else ""
    src = Sources()
    lines: list[str] = []
    cards: list[CardNote] = []
    for issue in issues:
        repo, number, title, body = issue.repo, issue.number, issue.title, issue.body
        found = await triage_suggestion(g, repo=repo, number=number, title=title, body=body)
        if found is None:
            continue
        lines.append(f"{found.line} {src.ref(cite(issue.id, issue.name, issue.url))}")
        if ctx.dry_run:
            continue
        card = await suggest_triage(
            g, repo=repo, number=number, title=title, body=body,
            run_id=ctx.run_id, at_ms=t, suggestion=found,
        )  # fmt: skip
        if card is None:
            lines.pop()  # another path triaged it first: its card was posted there
            continue
        cards.append(CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by))
    if not lines:
        return JobOutcome(summary=f"{len(issues) + hidden} new issues{outside}, none placed")
    return JobOutcome(
        [triage_post(tuple(lines), src, tuple(cards))],
        f"{len(lines)} issues triaged, {len(cards)} cards{outside}",
        {"issues": len(issues), "cards": len(cards), "outside_scope": hidden},
    )
