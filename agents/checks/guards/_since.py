"""Guard: "since <event>" counts from the day that event began, to yesterday.

"How many RMAs since the chiller died" answered from 19 October reads fine, but the
chiller record says it failed on 20 October (its start is stamped 19:05 UTC, the night
before, in the business's own day). The guard finds the event among the records the turn
read (an incident, release, decision or campaign whose name holds the question's words
after "since"), takes the day it began (a day its own words give within a day of its
stated start, else that start, else its source's date) and fails an answer whose counted
range runs to yesterday or today but starts on another day.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import records
from agents.checks.guards._dates import named_spans
from agents.checks.guards._decline import fold

NAME = "since an event counts from its day"
_EVENT_TYPES = frozenset({"Incident", "Release", "Decision", "Campaign"})
_SINCE = re.compile(r"\b(?:since|after)\s+(?:the|our|we|it|that)?\s*([^?.!,;()]{3,80})", re.I)
#: Words that say something happened, not which thing.
_HAPPENED_TEXT = """
the our a an we it was were is be been got get went go gone came come started start began
begin begun died die failed fail broke broken break crashed crash happened went live out
down stopped stop opened launched shipped released thing stuff did do done have had
"""
_HAPPENED = frozenset(_HAPPENED_TEXT.split())
_START_KEYS = ("start", "began", "begin", "effective", "launch", "opened", "released", "shipped")
_MIN_CHARS = 4


def _key(word: str) -> str:
    return word[:6] if len(word) >= 6 else word


def _began(record: Mapping[str, Any], today: date) -> date | None:
    """The day a record says it began, as its people wrote it."""
    named = [a for a, b in named_spans(str(record.get("name") or ""), today) if a == b]
    if named:
        return named[0]
    stated: date | None = None
    for k, v in sorted(record.items()):
        if any(w in k.lower() for w in _START_KEYS) and isinstance(v, str) and v[:4].isdigit():
            try:
                stated = date.fromisoformat(v[:10])
                break
            except ValueError:
                continue
    if stated is None:
        as_of = str(record.get("asOf") or record.get("as_of") or "")[:10]
        try:
            return date.fromisoformat(as_of) if as_of else None
        except ValueError:
            return None
    # a start stamped at night in UTC is the next morning where the business is: the day
    # the record's own words give, within a day of the stamp, is the day it began
    written = [a for a, b in named_spans(str(record.get("text") or ""), today) if a == b]
    near = [d for d in written if abs((d - stated).days) <= 1]
    return near[0] if near else stated


def event_days(
    question: str, outputs: Sequence[Mapping[str, Any]], today: date
) -> list[tuple[str, date]]:
    """(name, day it began) of every event read this turn that "since <words>" names."""
    m = _SINCE.search(question)
    if m is None or named_spans(m.group(1), today):
        return []  # "since 2 November": check_period reads the day
    wanted = {_key(w) for w in fold(m.group(1)).split() if len(w) >= _MIN_CHARS} - {
        _key(w) for w in _HAPPENED
    }
    if not wanted:
        return []
    found: list[tuple[int, bool, str, date]] = []
    for record in records(outputs).values():
        if record.get("type") not in _EVENT_TYPES:
            continue
        name = str(record.get("name") or "")
        if not wanted & {_key(w) for w in fold(name).split()}:
            continue
        day = _began(record, today)
        if day is not None and day < today:
            shared = len(wanted & {_key(w) for w in fold(name).split()})
            found.append((-shared, record.get("type") == "Decision", name, day))
    return [(name, day) for *_, name, day in sorted(found)]  # the likeliest event first


def check_since_event(
    question: str,
    answer: str,
    outputs: Sequence[Mapping[str, Any]],
    today: date,
    *,
    declined: bool,
) -> CheckResult:
    """Check that an answer to "since <event>" counts from a day such an event began."""
    if declined:
        return CheckResult(NAME, True, "a decline counts nothing")
    events = event_days(question, outputs, today)
    if not events:
        return CheckResult(NAME, True, "the question counts from no event the turn read")
    recent = today - timedelta(days=1)
    counted = [a for a, b in named_spans(answer, today) if b >= recent and a < b]
    if not counted or any(a == day for a in counted for _, day in events):
        return CheckResult(NAME, True, "the answer counts from the event's day")
    name, day = events[0]
    return CheckResult(
        NAME,
        False,
        f"the question counts from {name!r}, which began on {day.isoformat()}, but the "
        f"answer counts from {counted[0].isoformat()}",
    )
