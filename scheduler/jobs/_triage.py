"""Repo triage posts: new open issues, each with its one suggestion (label, expert and a
reply linking similar issues) as an approval card in the triage channel, never twice.

The suggestion is the repo brain's (``agents.suggest_triage``, the same the GitHub
webhook and the polling mode make), from the ``triage_candidates`` tool; when a process
has no such tool, the job says "triage tool not available" instead of guessing. The run
record is the one every path marks per issue (``agents.TRIAGE_RUN``, keyed
``owner/name#n``), so an issue the webhook triaged is not proposed again here, nor here
twice. Only an approved card labels the issue and posts the reply, through the GitHub
executor.
"""

from __future__ import annotations

from agents import TRIAGE_RUN, suggest_triage, triage_suggestion
from scheduler.jobs._cites import Sources, cite
from scheduler.jobs._registry import DAY_MS, CardNote, JobContext, JobOutcome, Post, job

TOOL = "triage_candidates"
LIMIT = 20
LOOK_BACK_MS = 7 * DAY_MS
NOT_AVAILABLE = "triage tool not available"
TITLE = "Issues waiting for triage (approve a card to label and reply)"

READ_NEW_ISSUES = """
MATCH (i:Issue)
WHERE coalesce(i.state, 'open') = 'open'
  AND coalesce(i.createdAt, i.firstAsOf, i.asOf) >= $from
  AND i.repo IS NOT NULL AND i.number IS NOT NULL
OPTIONAL MATCH (k:JobMark {job: $job, key: i.repo + '#' + toString(i.number)})
WITH i, k
WHERE k IS NULL
RETURN i.id, i.name, coalesce(i.title, i.name), coalesce(i.body, i.text, ''),
       i.repo, i.number, i.url
ORDER BY coalesce(i.createdAt, i.firstAsOf, i.asOf)
LIMIT $limit
"""


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
    params = {"from": since, "job": TRIAGE_RUN, "limit": LIMIT}
    issues = (await g.read("new issues", READ_NEW_ISSUES, params)).rows
    src = Sources()
    lines: list[str] = []
    cards: list[CardNote] = []
    for iid, name, title, body, repo, num, url in issues:
        found = await triage_suggestion(
            g, repo=str(repo), number=int(num), title=str(title), body=str(body)
        )
        if found is None:
            continue
        lines.append(f"{found.line} {src.ref(cite(iid, name, url))}")
        if ctx.dry_run:
            continue
        card = await suggest_triage(
            g, repo=str(repo), number=int(num), title=str(title), body=str(body),
            run_id=ctx.run_id, at_ms=t, suggestion=found,
        )  # fmt: skip
        if card is None:
            lines.pop()  # another path triaged it first: its card was posted there
            continue
        cards.append(CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by))
    if not lines:
        return JobOutcome(summary=f"{len(issues)} new issues, none placed")
    return JobOutcome(
        [triage_post(tuple(lines), src, tuple(cards))],
        f"{len(lines)} issues triaged, {len(cards)} cards",
        {"issues": len(issues), "cards": len(cards)},
    )
