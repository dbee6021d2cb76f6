"""Days named by an event: "since Crew Noord started", "after the release".

``_dates.since_event`` reads the words; the day comes from the records. The event is the
record whose name holds most of those words (a decision "Start a second solar crew, Crew
Noord, from 14 September", a release, an incident), and its day is the one its own words
give ("from 14 September"), else the start it states (``startedAt``), else the date of
its source. A bare kind ("the release", "the
outage") is the latest record of that kind up to today.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._dates import Period, event_period, find_periods, record_periods, since_event
from agents.desks._words import content_words, plain_words, shared_words, stem

#: Words that say an event happened, not which one.
_HAPPENED_TEXT = """
started starting start began begin begun launched launch joined join opened open went live
kicked off arrived came in took over happened thing stuff
"""
_HAPPENED = frozenset(stem(w) for w in _HAPPENED_TEXT.split())
#: Kinds of records an event can be named by alone ("since the release").
_EVENT_KINDS = {
    stem("release"): "Release",
    stem("launch"): "Release",
    stem("outage"): "Incident",
    stem("incident"): "Incident",
    stem("problem"): "Incident",
    stem("issue"): "Incident",
    stem("failure"): "Incident",
    stem("breakdown"): "Incident",
    stem("bug"): "Incident",
    stem("mess"): "Incident",
    stem("broke"): "Incident",
    stem("broken"): "Incident",
    stem("crashed"): "Incident",
    stem("failed"): "Incident",
    stem("died"): "Incident",
    stem("shipped"): "Release",
    stem("released"): "Release",
    stem("deployed"): "Release",
    stem("launched"): "Release",
    stem("campaign"): "Campaign",
    stem("decision"): "Decision",
}
#: How much a record's type says it is an event rather than a record about one (a review
#: of an outage, the task to repair it): events first, work next, papers last.
_EVENT_WEIGHT = {"Incident": 1.0, "Release": 1.0, "Campaign": 1.0, "Decision": 1.0, "Task": 0.5}
_WENT_OUT = re.compile(r"\b(?:went|goes|go|gone)\s+(?:out|live|in)\b|\binstalled\b", re.IGNORECASE)
#: A version number, one token: "4.0", "5.2.1", "v3.12".
_VERSION = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)+)(?![\w.])", re.IGNORECASE)
#: Records searched for the event.
EVENT_POOL = 10


#: Property names that say when a record began.
_START_KEYS = ("start", "began", "begin", "effective", "launch", "opened", "released", "shipped")
#: Properties that say when something ended: a "since it came back" counts from them.
_END_KEYS = ("resolved", "ended", "endedat", "closed", "restored", "fixed", "finished", "until")
#: "since the baler came back", "since the bridge was fixed": counted from the event's end.
_ENDED = re.compile(
    r"\b(?:came|comes|come|got|was|were|is|went|been)\s+(?:back|fixed|repaired|restored|"
    r"sorted|resolved|reopened)\b|\b(?:back\s+(?:up|online|in\s+service)|"
    r"reopened|recovered|restored|resolved|ended|finished|was\s+over)\b",
    re.IGNORECASE,
)
_ENDED_WORDS = frozenset(
    stem(w)
    for w in [
        "came",
        "comes",
        "come",
        "got",
        "back",
        "fixed",
        "repaired",
        "restored",
        "sorted",
        "resolved",
        "reopened",
        "online",
        "service",
        "recovered",
        "ended",
        "finished",
        "over",
        "up",
    ]
)


def _end_of(props: dict[str, Any]) -> date | None:
    """The day a record says it ended (``resolvedAt``, ``until`` ...), if it says one."""
    for key, value in sorted(props.items()):
        if any(w in key.lower() for w in _END_KEYS) and isinstance(value, str):
            try:
                return date.fromisoformat(value[:10])
            except ValueError:
                continue
    return None


def _day_of(
    hit: dict[str, Any], today: date, props: dict[str, Any] | None = None
) -> tuple[date | None, bool]:
    """The day a record says it began: a date in its name, else a start it states
    (``startedAt``...; its text's day when that is a day off the stamp), else its source's
    date; and whether the record itself gave that day (not only its source's stamp)."""
    stamp = date.fromisoformat(str(hit["as_of"])[:10]) if hit.get("as_of") else None
    said = record_periods(str(hit.get("name") or ""), str(hit.get("as_of") or ""), today)
    if said:
        return said[0].start, True
    stated = sorted(
        str(v)[:10]
        for k, v in (props or {}).items()
        if any(w in k.lower() for w in _START_KEYS) and isinstance(v, str) and v[:4].isdigit()
    )
    for value in stated:
        try:
            began = date.fromisoformat(value)
        except ValueError:
            continue
        # a start stamped at night in UTC is the next morning where the business is: a
        # day the record's own words give within a day of the stamp is the day it began
        written = [p.start for p in find_periods(str((props or {}).get("text") or ""), today)]
        near = [d for d in written if abs((d - began).days) <= 1]
        return (near[0] if near else began), True
    return stamp, False


async def event_since(question: str, ledger: ToolLedger, today: date) -> Period | None:
    """The days "since <event>" (or "after <event>") name: the event's day to yesterday,
    or None when the question names no event the records hold."""
    found = since_event(question, today)
    if found is None or found[0] == "before":
        return None
    words, phrase = found[1], found[0]
    ended = bool(_ENDED.search(words))
    wanted = content_words(words) - _HAPPENED - (_ENDED_WORDS if ended else frozenset())
    kinds = [_EVENT_KINDS[stem(w)] for w in plain_words(words) if stem(w) in _EVENT_KINDS]
    if _WENT_OUT.search(words):  # "since v3.12 went out": a release
        kinds.append("Release")
    # the words that name which event: "the hemalyte broke" is about the Hemalyte
    wanted -= {stem(w) for w in plain_words(words) if stem(w) in _EVENT_KINDS}
    wanted = wanted or content_words(words) - _HAPPENED
    args: dict[str, Any] = {"query": words, "limit": EVENT_POOL}
    if kinds and not wanted - {stem(w) for w in plain_words(words) if stem(w) in _EVENT_KINDS}:
        args["types"] = kinds
    hits = (await ledger.call("chief", "search", args)).data.get("hits", [])
    # "since OrderDesk 4.0 went in": the version names the event; "§4" of a manual is not it
    versions = set(_VERSION.findall(words))
    if versions and "types" not in args:  # "since 7.4 went in": releases by that number too
        typed = {**args, "types": ["Release", "Incident", "Decision"]}
        seen = {h["id"] for h in hits}
        more = (await ledger.call("chief", "search", typed)).data.get("hits", [])
        hits += [h for h in more if h["id"] not in seen]
    best: tuple[float, int, dict[str, Any]] | None = None
    for rank, hit in enumerate(hits):
        if versions and not versions & set(_VERSION.findall(str(hit.get("name") or ""))):
            continue
        shared = shared_words(content_words(str(hit.get("name") or "")), wanted)
        if args.get("types"):  # a kind alone: the latest of that kind up to today
            day, _ = _day_of(hit, today)
            if day is not None and day <= today and (best is None or day.toordinal() > best[0]):
                best = (day.toordinal(), rank, hit)
            continue
        if len(shared) * 2 < len(wanted) or not shared:
            continue
        # "since the firmware problem started": of the records sharing as many words, one
        # of the kind named (an incident) before a review of it or a decision about it
        # and of those, the event itself before the work and papers about it, and the
        # earliest (a review is written after what it reviews)
        # and, of two alike, the one whose own name says when it began ("run the
        # shutdown from 14 September") before one dated only by when it was written
        kind = str(hit.get("type") or "")
        began, dated = _day_of(hit, today)
        strength = 2 * len(shared) + (kind in kinds) + _EVENT_WEIGHT.get(kind, 0.0) + 0.5 * dated
        if ended and kind == "Incident":  # what "came back" ended was an outage, not the thing
            strength += 1.0
        order = -(began.toordinal() if began else 0)
        if best is None or (strength, order) > (best[0], best[1]):
            best = (strength, order, hit)
    if best is None:
        return None
    looked = await ledger.call("chief", "lookup", {"name": best[2]["id"]})
    matches: list[dict[str, Any]] = looked.data.get("matches") or [{}]
    props: dict[str, Any] = matches[0].get("properties") or {}
    day, _ = _day_of(best[2], today, props)
    if ended:  # "since the baler came back": from the day it was over, if it says one
        day = _end_of(props) or day
    if day is None or day >= today:
        return None
    return event_period(day, today, f"{phrase} {words}")
