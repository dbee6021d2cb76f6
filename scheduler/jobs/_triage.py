"""Repo triage posts: new open issues, triaged by the ``triage_candidates`` tool, proposed
as approval cards in the triage channel, never twice for one issue.

The tool belongs to the repo brain (agents' tool registry); this job calls it by name and,
when a process has no such tool, says "triage tool not available" instead of guessing.
Each issue is marked once per tenant (``mark_once``) before its card is proposed, so two
runs, two processes or a rerun after a failure never propose a second card for it. Only
an approved card labels the issue, through the GitHub executor.
"""

from __future__ import annotations

from typing import Any, cast

from agents import CardDraft, call_tool, propose
from brain.upkeep import mark_once
from scheduler.jobs._cites import Sources, cite
from scheduler.jobs._registry import DAY_MS, CardNote, JobContext, JobOutcome, Post, job

TOOL = "triage_candidates"
LIMIT = 20
LOOK_BACK_MS = 7 * DAY_MS
NOT_AVAILABLE = "triage tool not available"

READ_NEW_ISSUES = """
MATCH (i:Issue)
WHERE coalesce(i.state, 'open') = 'open'
  AND coalesce(i.createdAt, i.firstAsOf, i.asOf) >= $from
OPTIONAL MATCH (k:JobMark {job: $job, key: i.id})
WITH i, k
WHERE k IS NULL
RETURN i.id, i.name, coalesce(i.title, i.name), coalesce(i.body, i.text, ''),
       i.repo, i.number, i.url
ORDER BY coalesce(i.createdAt, i.firstAsOf, i.asOf)
LIMIT $limit
"""


def _components(data: dict[str, Any]) -> list[dict[str, Any]]:
    found: Any = data.get("components")
    if not isinstance(found, list):
        return []
    return [cast(dict[str, Any], c) for c in cast(list[Any], found) if isinstance(c, dict)]


@job(
    "repo_triage",
    purpose="new open issues, triaged by triage_candidates, as approval cards",
    schedule="15 * * * *",
    period="hour",
    channel="triage_channel",
)
async def repo_triage(ctx: JobContext) -> JobOutcome:
    """Propose one labelling card per new issue the tool places."""
    if ctx.tool is None or ctx.tool(TOOL) is None:
        return JobOutcome(summary=NOT_AVAILABLE, details={"tool": NOT_AVAILABLE})
    g, t = ctx.graph, ctx.t
    # a week back from the last run: an issue recorded late (its opening date earlier than
    # the last run) is still seen; the per-issue mark keeps each to one card
    since = (ctx.last_ok_ms if ctx.last_ok_ms is not None else t) - LOOK_BACK_MS
    params = {"from": since, "job": "repo_triage", "limit": LIMIT}
    issues = (await g.read("new issues", READ_NEW_ISSUES, params)).rows
    src = Sources()
    lines: list[str] = []
    cards: list[CardNote] = []
    for iid, name, title, body, repo, num, url in issues:
        result = await call_tool(g, TOOL, {"text": f"{title}\n{body}"[:4000], "repo": repo})
        ranked = _components(result.data)
        if not ranked:
            continue
        top = ranked[0]
        component, confidence = str(top.get("component")), str(top.get("confidence", "weak"))
        ref = src.ref(cite(iid, name, url))
        lines.append(f"{title} → {component} ({confidence}) {ref}")
        if ctx.dry_run or num is None or not repo:
            continue
        if not await mark_once(g, job="repo_triage", key=str(iid), run_id=ctx.run_id):
            continue  # another run got here first
        others = ", ".join(str(c.get("component")) for c in ranked[1:3])
        draft = CardDraft(
            kind="label",
            title=f"Label {repo}#{num} as {component}"[:200],
            preview=f"{title}\nSuggested area: {component} ({confidence})"
            + (f"\nAlso possible: {others}" if others else ""),
            payload={"repo": str(repo), "issue": int(num), "labels": [component]},
            executor="github",
            cites=[str(iid)],
            proposed_by="triage",
        )
        card = await propose(g, draft, now_ms=t)
        cards.append(CardNote(card.id, card.kind, card.title, card.preview, card.proposed_by))
    if not lines:
        return JobOutcome(summary=f"{len(issues)} new issues, none placed")
    post = Post(
        "triage_channel",
        "Issues waiting for triage (approve a card to label)",
        tuple(lines),
        src.cites(),
        cards=tuple(cards),
    )
    return JobOutcome(
        [post],
        f"{len(lines)} issues triaged, {len(cards)} cards",
        {"issues": len(issues), "cards": len(cards)},
    )
