"""Rules mode: the plan and each desk's work as deterministic steps over the same tools.

Without a model key, the Chief's plan follows from what ``understand`` read in the
tenant's records (the kind of question and the thing it is about), never from one
business's keywords, and each desk runs the answer for that kind. Every figure and every
``[[id]]`` a draft states is copied from a tool result of this turn, so rules mode passes
the same answer checks as model mode.
"""

from __future__ import annotations

from typing import Any

from agents._ledger import ToolLedger
from agents.desks import _answers as answers
from agents.desks import _causes as causes
from agents.desks import _related as related
from agents.desks import _repo as repo
from agents.desks._draft import Draft, cite, decline, number
from agents.desks._meetings import answer_meeting_question
from agents.desks._understand import Understanding, is_money, ratio_target
from agents.desks._words import content_words
from brain import HivebrainError

#: Days a "costs the most per X" comparison reads when the question names none.
WINDOW_DAYS = 30

#: Which desk works each kind of question (a "why did X move" takes two).
DESKS_FOR: dict[str, tuple[str, ...]] = {
    "impact": ("tech",),
    "owner": ("tasks",),
    "relationship": ("tech",),
    "decision": ("memory",),
    "policy": ("memory",),
    "document": ("memory",),
    "metric": ("data",),
    "why": ("data", "incident"),
    "ratio": ("growth",),
    "offtopic": ("memory",),
}


def plan(u: Understanding) -> list[str]:
    """The desks a rules-mode turn runs for what the question asks."""
    if u.repo_ask is not None:
        return ["tech"]
    if u.meeting_ask is not None:
        return ["memory"]
    if u.kind == "metric" and u.metric_op == "why":
        return list(DESKS_FOR["why"])
    if u.kind == "relationship" and ("WORKS_ON" in u.rels or "Person" in u.asked_types):
        return ["tasks"]
    return list(DESKS_FOR[u.kind])


async def run_desk(desk: str, u: Understanding, ledger: ToolLedger, *, tz: str = "UTC") -> Draft:
    """Run one desk's rules-mode work on an understood question."""
    try:
        return await _work(desk, u, ledger, tz)
    except HivebrainError as exc:
        return Draft(f"The {desk} desk could not finish: {exc.user_message}")


async def _work(desk: str, u: Understanding, ledger: ToolLedger, tz: str) -> Draft:
    if u.repo_ask == "experts":
        return await repo.experts(u.question, ledger, desk)
    if u.repo_ask == "triage":
        return await repo.triage(u.question, ledger, desk)
    if u.meeting_ask is not None:  # a meeting's record answers it, whatever it names
        return await answer_meeting_question(u.meeting_ask, u, ledger, desk)
    if u.unknown_names and u.kind != "metric":
        return decline(answers.what_missing(u), answers.suggest(u))
    target = ratio_target(u.question)
    if target is not None:
        return await ratio(u, ledger, desk, *target)
    if u.kind == "offtopic" or (
        u.kind != "metric"
        and not u.tier
        and u.kind != "document"
        and u.kind not in ("policy", "decision")
    ):
        return decline(answers.what_missing(u), answers.suggest(u))
    if u.kind in ("owner", "relationship"):
        walked = await related.who_or_which(u, ledger, desk)
        if walked is not None:
            return walked
    if u.kind == "metric":
        if u.metric_op == "why":
            if desk == "incident":
                return await causes.metric_why(u, ledger, desk, tz)
            return await answers.moved(u, ledger, desk, tz)
        return await answers.metric(u, ledger, desk, tz)
    work = {
        "impact": answers.impact,
        "owner": answers.owner,
        "relationship": answers.relationship,
        "decision": answers.decision,
        "policy": answers.policy,
        "document": answers.document,
    }[u.kind]
    return await work(u, ledger, desk)


async def ratio(u: Understanding, ledger: ToolLedger, desk: str, type_name: str, per: str) -> Draft:
    """Which thing of a type costs the most per unit of something, from the metrics that
    measure each one: the money metric over the metric named after "per"."""
    listed = await ledger.call(desk, "measured_totals", {"type": type_name, "days": WINDOW_DAYS})
    per_words = content_words(per)
    rows: list[tuple[float, dict[str, Any], float, float]] = []
    targets_of: dict[str, list[dict[str, Any]]] = {}
    for thing in listed.data.get("things", []):
        metrics: list[dict[str, Any]] = thing["metrics"]
        targets_of[thing["id"]] = thing["targets"]
        money = next((m["total"] for m in metrics if is_money(m["name"] or "", m["unit"])), None)
        counts = next(
            (m["total"] for m in metrics if per_words & content_words(m["name"] or "")), None
        )
        if money and counts:
            each = await ledger.call(desk, "calc", {"expression": f"{money} / {counts}"})
            rows.append((each.data["value"], thing, money, counts))
    if not rows:
        return decline(f"no {type_name.lower()} has both a cost and a {per} metric")
    rows.sort(key=lambda r: -r[0])
    worst = rows[0]
    lines = [f"Cost per {per} over the last {WINDOW_DAYS} days (cost / {per}s):"]
    for each, thing, money_total, count_total in rows:
        lines.append(
            f"- {cite(thing)}: {number(each)} per {per} "
            f"({number(money_total)} / {number(count_total)})"
        )
    if len(rows) > 1:
        middle = rows[len(rows) // 2]
        times = await ledger.call(desk, "calc", {"expression": f"{worst[0]} / {middle[0]}"})
        lines.append(
            f"\n{cite(worst[1])} costs {times.data['value']:.1f}x the middle "
            f"{type_name.lower()} per {per}."
        )
    targets = sorted(targets_of.get(worst[1]["id"], []), key=lambda x: x["id"])
    if targets:
        lines.append(f"It sends people to {', '.join(cite(x) for x in targets[:3])}.")
    cards = [
        {
            "kind": "ad_change",
            "title": f"Pause {worst[1].get('name')}",
            "preview": f"Pause {worst[1].get('name')} and move its budget to the cheapest one.",
            "executor": "record",
            "cites": [worst[1]["id"]],
        }
    ]
    return Draft("\n".join(lines), [worst[1]["id"]] + [x["id"] for x in targets[:1]], cards)
