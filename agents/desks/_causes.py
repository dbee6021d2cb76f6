"""What moved a metric: the day its series changed, and what began then.

"Why did conversion tank in early September?" A cause recorded against the metric (an
incident that AFFECTS it, a decision that CAUSED it) answers when its time fits the days
asked. Often nothing links them: a price rise decided in August took effect on the
morning conversion fell. So the metric's series is read around the days asked, the day it
changed level is found (``series``), and what began within a day or two of that day
(``dated_near``: incidents, releases, decisions, campaigns, linked or not, and those whose
own words date them then, "from 1 September") is offered as the likely cause, saying
plainly whether anything links it to the metric. A cause is never invented: with neither
a linked cause nor anything near the change, the answer says so.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._answers import CAUSE_TYPES, related_nodes
from agents.desks._dates import Period, find_periods, record_periods
from agents.desks._draft import Draft, cite, day, decline, number
from agents.desks._understand import Understanding
from agents.desks._words import content_words, shared_words
from brain import InputInvalid, parse_moment

#: Days of series read before the days asked, to see the level it changed from.
LEAD_DAYS = 28
#: Days either side of the change a cause may begin.
NEAR_DAYS = 2
#: Types of the things that begin on a day, most telling first.
DATED_ORDER = ("Incident", "Release", "Decision", "Campaign")


def _moment(stamp: str | None) -> int:
    """A stamp as epoch milliseconds (0 when it has none or is no stamp)."""
    try:
        return parse_moment(stamp) if stamp else 0
    except InputInvalid:
        return 0


def effective_day(rel: dict[str, Any], today: date) -> date | None:
    """When a recorded cause took effect: a day its name gives, or the first day of a range
    it runs ("Start a second crew from 14 September", decided on 2 September; "... from 14
    September to 31 October"), else the day its link to the metric began."""
    written = str(rel["node"].get("as_of") or rel.get("since") or "")
    named = [
        p.start
        for p in record_periods(str(rel["node"].get("name") or ""), written, today)
        # a day, or a range it runs from ("haul-outs ... from 14 September to 31 October")
        if p.day or re.match(r"(?:from|between|since)\b", p.text, re.I)
    ]
    if named:
        return named[0]
    return date.fromisoformat(rel["since"][:10]) if rel.get("since") else None


async def linked_causes(
    u: Understanding, ledger: ToolLedger, desk: str
) -> tuple[list[tuple[dict[str, Any], str]], list[str]]:
    """The causes recorded against the metric or what it measures (each with where), and
    the ids of what it measures."""
    assert u.subject is not None
    around = await ledger.call(desk, "neighbours", {"name": u.subject.id})
    causes = [
        (r, "metric")
        for r in around.data.get("relationships", [])
        if r["rel"] in ("AFFECTS", "CAUSED")
        and r["direction"] == "in"
        and r["node"]["type"] in CAUSE_TYPES
    ]
    measured = related_nodes(around.data, "MEASURES", "out")[:2]
    for thing in measured:
        near = await ledger.call(desk, "neighbours", {"name": thing["id"]})
        causes += [
            (r, "measured")
            for r in near.data.get("relationships", [])
            if r["rel"] in ("AFFECTS", "CAUSED")
            and r["direction"] == "in"
            and r["node"]["type"] in CAUSE_TYPES
        ]
    return causes, [m["id"] for m in measured]


async def change_of(
    u: Understanding, ledger: ToolLedger, desk: str, tz: str
) -> dict[str, Any] | None:
    """The day the metric's series changed level, read from some weeks before the days
    asked to their end (the last five weeks when none are named); None when flat."""
    assert u.subject is not None
    yesterday = u.today - timedelta(days=1)
    period = u.period
    last = min(period.last, yesterday) if period is not None else yesterday
    first = (period.start if period is not None else last) - timedelta(days=LEAD_DAYS)
    if last < first:
        return None
    res = await ledger.call(
        desk,
        "series",
        {
            "name": u.subject.id,
            "first_day": first.isoformat(),
            "last_day": last.isoformat(),
            "timezone": tz,
        },
    )
    gap = None
    for a, b in res.data.get("gaps", []):
        first_gap, last_gap = date.fromisoformat(a), date.fromisoformat(b)
        if period is not None and first_gap <= period.last and last_gap >= period.start:
            gap = {"day": first_gap.isoformat(), "gap": [a, b]}
            break
    if gap is not None and _ASKS_GAP.search(u.question):
        return gap  # "why is there no data for 15-18 sept": the gap, not a level before it
    change = res.data.get("change")
    if change and period is not None and not _near_period(change, period):
        # the clearest change of the weeks read is another one (a spike weeks before):
        # read again from just before the days asked, for the change that is theirs
        again = await ledger.call(
            desk,
            "series",
            {
                "name": u.subject.id,
                "first_day": (period.start - timedelta(days=NEAR_WINDOW_DAYS)).isoformat(),
                "last_day": last.isoformat(),
                "timezone": tz,
            },
        )
        change = again.data.get("change") or change
    if change and (period is None or _near_period(change, period)):
        return change
    # no level change in the days asked, but the readings stop in or just before them
    # ("why did fleet generation disappear in mid September"): the gap's first day
    return gap  # else None: the clearest change is not in or just before the days asked


#: Days before the days asked read again when the clearest change lies further back.
NEAR_WINDOW_DAYS = 14


def _near_period(change: dict[str, Any], period: Period) -> bool:
    """Whether a change of level falls in the days asked, or the week before them."""
    day_ = date.fromisoformat(change["day"])
    return period.start - timedelta(days=7) <= day_ <= period.last


#: A question about readings that are missing, not about their level.
_ASKS_GAP = re.compile(
    r"\b(?:no (?:\w+ ){0,3}(?:data|readings?|numbers|figures)|missing|blank|hole|gap|gaps|"
    r"disappear\w*|went dark|gone dark|empty|nothing (?:logged|recorded))\b",
    re.IGNORECASE,
)


def began_near(item: dict[str, Any], at: date, today: date) -> bool:
    """Whether a dated thing began within ``NEAR_DAYS`` of ``at``. A day its name gives
    ("Raise prices by 7% from 1 September") is when it took effect, whenever it was
    decided; else a start the record states; else the day the brain read for it (its first
    edge or its source's date), or a day its text gives when it has no stated start."""
    window = timedelta(days=NEAR_DAYS)
    # a day or the first day of a range ("from 14 September to 16 October"), as written
    # when the record was: the nearest such day to its own date
    written = str(item["node"].get("as_of") or "")[:10]
    named = [p.start for p in record_periods(str(item["node"].get("name") or ""), written, today)]
    if named:
        return abs(named[0] - at) <= window
    if item.get("began_by") == "stated":
        return bool(item.get("near"))
    if item.get("near"):
        return True
    return any(
        p.day and p.start <= today and abs(p.start - at) <= window
        for p in find_periods(str(item.get("text") or ""), today)
    )


async def metric_why(u: Understanding, ledger: ToolLedger, desk: str, tz: str) -> Draft:
    """The likely cause of a metric's move (see the module docstring)."""
    assert u.subject is not None
    metric = u.subject.as_node()
    causes, measured = await linked_causes(u, ledger, desk)
    change = await change_of(u, ledger, desk, tz)
    at = date.fromisoformat(change["day"]) if change else None
    period = u.period

    def fit(item: tuple[dict[str, Any], str]) -> tuple[int, int, int, int, str, int]:
        rel, where = item
        since = effective_day(rel, u.today) or date.min
        at_change = 0 if at is not None and abs(since - at) <= timedelta(days=NEAR_DAYS) else 1
        in_time = 0
        if period is not None:
            in_time = 0 if period.start - timedelta(days=3) <= since < period.end else 1
        kind = CAUSE_TYPES.index(rel["node"]["type"])
        return (
            at_change,
            in_time,
            0 if where == "metric" else 1,
            kind,
            f"{-since.toordinal():09d}",
            # of two begun the same day, the later is nearer the change it explains
            -_moment(rel.get("since")),
        )

    causes.sort(key=fit)
    timely = [c for c in causes if fit(c)[0] == 0 or fit(c)[1] == 0 or period is None]
    moved = _change_said(metric, change)
    if timely:
        rel, _ = timely[0]
        cause = rel["node"]
        text = f"The likely cause is {cite(cause)}, recorded as affecting {cite(metric)}"
        began = effective_day(rel, u.today)
        text += f" from {day(began.isoformat())}." if began else "."
        cards: list[dict[str, Any]] = []
        path = [u.subject.id, cause["id"]]
        if cause["type"] == "Incident":
            story, cards, via = await incident_story(cause, ledger, desk)
            text += " " + story
            path = [*via, cause["id"]]
        return Draft(" ".join(t for t in (moved, text) if t), path, cards)
    if change and change.get("gap"):
        # "no past due numbers for the first week of june?": a note that says why those
        # days were not recorded (someone away, a supplier's upgrade) answers, linked or not
        note = await gap_note(u, ledger, desk, change["gap"])
        if note is not None:
            source, said = note
            text = (
                f"Nothing in your records is linked to it as a cause; the likely cause is what "
                f"{cite(source)} says: \u201c{said}\u201d"
            )
            return Draft(f"{moved} {text}", [u.subject.id, source["id"]])
    if at is not None:
        res = await ledger.call(
            desk,
            "dated_near",
            {"at": at.isoformat(), "days": NEAR_DAYS, "linked_to": [u.subject.id, *measured]},
        )
        near = [i for i in res.data.get("items", []) if began_near(i, at, u.today)]
        near.sort(
            key=lambda i: (
                not i["linked"],
                DATED_ORDER.index(i["node"]["type"]) if i["node"]["type"] in DATED_ORDER else 9,
                i["node"]["id"],
            )
        )
        if near:
            listed = ", ".join(
                f"{cite(i['node'])} ({i['node']['type'].lower()}, "
                f"{'linked to it' if i['linked'] else 'not linked to it in the records'})"
                for i in near[:3]
            )
            text = (
                f"Nothing in your records is recorded as causing it, but within {NEAR_DAYS} "
                f"days of that change began: {listed}. The likely cause is "
                f"{cite(near[0]['node'])}, by its timing."
            )
            doubts = (
                []
                if near[0]["linked"]
                else [f"{near[0]['node'].get('name')} is offered by its timing alone"]
            )
            return Draft(f"{moved} {text}", [u.subject.id, near[0]["node"]["id"]], doubts=doubts)
    if causes and period is None:
        rel, _ = causes[0]
        text = f"The likely cause is {cite(rel['node'])}, recorded as affecting {cite(metric)}."
        return Draft(" ".join(t for t in (moved, text) if t), [u.subject.id, rel["node"]["id"]])
    reason = f"nothing in your records is linked as affecting {u.subject.name}"
    if at is not None:
        reason += f", and nothing began within {NEAR_DAYS} days of {day(at.isoformat())}"
    return decline(reason, [metric])


#: Kinds of record a note about missing readings is written in.
NOTE_TYPES = ["Message", "Email", "Meeting", "Document"]
#: Notes read per search (by the question's words, then by the metric's name alone).
NOTES_READ = 10


async def gap_note(
    u: Understanding, ledger: ToolLedger, desk: str, gap: list[str]
) -> tuple[dict[str, Any], str] | None:
    """A note naming the metric's words and days overlapping the gap ("I'm on vacation Mon
    1 to Sun 7 June ... nobody is typing the past-due count"): its source and sentence."""
    assert u.subject is not None
    first, last = date.fromisoformat(gap[0]), date.fromisoformat(gap[1])
    # the words of its name proper, not its gloss or figures ("past-due", not "30+ days")
    wanted = {
        w for w in content_words(re.sub(r"\([^)]*\)", " ", u.subject.name)) if not w.isdigit()
    }
    hits: list[dict[str, Any]] = []
    for query in (f"{u.subject.name} {u.question}", u.subject.name):
        res = await ledger.call(
            desk, "search", {"query": query, "types": NOTE_TYPES, "limit": NOTES_READ}
        )
        hits += [h for h in res.data.get("hits", []) if all(h["id"] != k["id"] for k in hits)]
    best: tuple[int, dict[str, Any], str] | None = None
    for hit in hits:
        texts = [str(p.get("snippet") or "") for p in hit.get("passages", [])]
        if hit.get("type") in ("Message", "Email"):
            looked = await ledger.call(desk, "lookup", {"name": hit["id"]})
            found: list[dict[str, Any]] = looked.data.get("matches") or [{}]
            props: dict[str, Any] = found[0].get("properties") or {}
            texts.insert(0, str(props.get("text") or ""))
        for text in texts:
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                days = record_periods(sentence, str(hit.get("as_of") or ""), u.today)
                if not any(p.start <= last and p.last >= first for p in days):
                    continue
                held = len(shared_words(content_words(text), wanted))
                if held and (best is None or held > best[0]):
                    node = {"id": hit["id"], "type": hit["type"], "name": hit.get("name")}
                    best = (held, node, _whole(text, sentence))
    return (best[1], best[2]) if best else None


def _whole(text: str, sentence: str) -> str:
    """The dated sentence and the one after it (which often says what the days lacked)."""
    parts = re.split(r"(?<=[.!?])\s+", text)
    at = parts.index(sentence)
    return " ".join(parts[at : at + 2])


def _change_said(metric: dict[str, Any], change: dict[str, Any] | None) -> str:
    """The day the series changed, as the answer says it."""
    if not change:
        return ""
    if change.get("gap"):
        first, last = change["gap"]
        return f"{cite(metric)} has no readings from {day(first)} to {day(last)}."
    pct = change.get("shift_pct")
    how = f" ({'up' if pct > 0 else 'down'} {abs(pct):.1f}%)" if pct is not None else ""
    return (
        f"{cite(metric)} changed level on {day(change['day'])}: from {number(change['before'])} "
        f"before to {number(change['after'])} after{how}, day by day."
    )


async def incident_story(
    cause: dict[str, Any], ledger: ToolLedger, desk: str
) -> tuple[str, list[dict[str, Any]], list[str]]:
    """What caused an incident, what it hits, who is on it and its fix (with a card to tell
    the team), and the ids that draw it: (text, cards, path ids before the incident)."""
    around = await ledger.call(desk, "neighbours", {"name": cause["id"]})
    came_from = [
        n for n in related_nodes(around.data, "CAUSED", "in") if n["type"] != "Observation"
    ]
    hits = [n for n in related_nodes(around.data, "AFFECTS", "out") if n["type"] != "Metric"]
    fixes = related_nodes(around.data, "FIXES", "in")
    owners = related_nodes(around.data, "OWNS", "in")
    text = f"The incident {cite(cause)}"
    if came_from:
        text += f" was caused by {cite(came_from[0])}"
    if hits:
        text += f" and hits {', '.join(cite(a) for a in hits[:3])}"
    text += "."
    if owners:
        text += f" {cite(owners[0])} is on it."
    cards: list[dict[str, Any]] = []
    if fixes:
        fix = fixes[0]
        holder = (await ledger.call(desk, "owner", {"name": fix["id"]})).data.get("owner")
        who = f", owned by {cite(holder['holder'])}" if holder else ", with no owner yet"
        text += f" The fix is {cite(fix)}{who}."
        heads_up = f"Heads-up: {cause.get('name')} is being fixed in {fix.get('name')}."
        cards.append(
            {
                "kind": "channel_message",
                "audience": "team",  # the turn posts it to the tenant's team channel
                "title": f"Update the team on {cause.get('name')}",
                "text": heads_up,
                "preview": heads_up,
                "executor": "channel",
                "cites": [cause["id"], fix["id"]],
            }
        )
    via = [a["id"] for a in hits[:1]] + [c["id"] for c in came_from[:1]]
    return text, cards, via
