"""Date tokens: how the sample's data files say "four days ago" and "12 October of the story year".

The story keeps its meaning whatever day it is loaded on (see ``brain.sample``), so its data
files hold no calendar dates. A string holds placeholders in braces, expanded by ``expand``
against a ``StoryClock``; ``data/README.md`` is the reference for people editing the files::

    {today-4}               2026-11-16            a day relative to today
    {today-4T11:05}         2026-11-16T11:05:00+05:30   a moment, in India time
    {Y-10-12}               2026-10-12            a day of the story year
    {(Y-1)-01-10}           2025-01-10            a day of an earlier year
    {Y-01-08+75}            2026-03-24            days after a story day (leap years count)
    {min(Y-11-05,today-1)}  the earlier of two days
    {Y}                     2026                  the story year itself
    {today-4|day}           16 November 2026      also |short (16 November), |weekday (Monday)
    {today|weekday:a,b,c,d,e,f,g}   the choice for today's weekday, Monday first
    {today-1|rota:a,b,c}    choices taken in turn, one a day (the day number modulo the count)
    {today-8>Y-10-12? text} the text (from the space after ``?``) only if the first day is later

The story year is the latest year whose 15 October is on or before today, so the dated
history (June, August, up to 12 October) has always happened. The last three forms exist
because a few of the story's numbers and sentences follow the calendar, not only the date:
orders are higher at weekends, meeting notes are taken in turn, and a weekly note mentions
the 12 October decision only once it has been made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from typing import TypeVar

_T = TypeVar("_T")

#: The story's time zone: every moment in the data is in India Standard Time.
IST = timezone(timedelta(hours=5, minutes=30))
#: The story year is the latest year whose (month, day) is on or before today.
HISTORY_END = (10, 15)

# Spelled out rather than strftime's %B and %A, which follow the process's locale.
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_DAY = re.compile(
    r"(?:(?P<today>today)|(?:Y|\(Y-(?P<back>\d+)\))-(?P<month>\d\d)-(?P<day>\d\d))"
    r"(?P<shift>[+-]\d+)?"
)
_MOMENT = re.compile(rf"(?P<date>{_DAY.pattern})T(?P<hour>\d\d):(?P<minute>\d\d)")
_MIN = re.compile(r"min\((?P<a>[^,()]*(?:\([^()]*\)[^,()]*)?),(?P<b>.*)\)")
_IF = re.compile(r"(?P<a>[^>?|]+)>(?P<b>[^>?|]+)\?(?P<text>.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class StoryClock:
    """The two anchors every token is read against: ``today`` and the story year."""

    today: date
    year: int

    @classmethod
    def on(cls, today: date) -> StoryClock:
        """The clock for a sample loaded on ``today``."""
        past_end = (today.month, today.day) >= HISTORY_END
        return cls(today, today.year if past_end else today.year - 1)


def expand(text: str, clock: StoryClock) -> str:
    """``text`` with every placeholder replaced; raises ``ValueError`` naming a bad one."""
    if "{" not in text:
        return text
    return _PLACEHOLDER.sub(lambda m: _placeholder(m.group(1), clock), text)


def day_of(token: str, clock: StoryClock) -> date:
    """The calendar day a day token (``today-4``, ``Y-10-12``, ``min(...)``) stands for."""
    both = _MIN.fullmatch(token)
    if both:
        return min(day_of(both["a"], clock), day_of(both["b"], clock))
    m = _DAY.fullmatch(token)
    if m is None:
        raise ValueError(f"not a day token: {token!r}")
    if m["today"]:
        base = clock.today
    else:
        base = date(clock.year - int(m["back"] or 0), int(m["month"]), int(m["day"]))
    return base + timedelta(days=int(m["shift"] or 0))


def _moment(token: str, clock: StoryClock) -> str:
    m = _MOMENT.fullmatch(token)
    if m is None:
        return day_of(token, clock).isoformat()
    d = day_of(m["date"], clock)
    at = datetime(d.year, d.month, d.day, int(m["hour"]), int(m["minute"]), tzinfo=IST)
    return at.isoformat()


# The same few hundred placeholders recur thousands of times in one load; both arguments
# are immutable, so a bounded cache is safe and makes a load several times cheaper.
@lru_cache(maxsize=4096)
def _placeholder(body: str, clock: StoryClock) -> str:
    if body == "Y":
        return str(clock.year)
    condition = _IF.fullmatch(body)
    if condition:
        later = day_of(condition["a"], clock) > day_of(condition["b"], clock)
        return condition["text"] if later else ""
    token, _, form = body.partition("|")
    if not form:
        return _moment(token, clock)
    d = day_of(token, clock)
    name, _, choices = form.partition(":")
    if name == "day":
        return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"
    if name == "short":
        return f"{d.day} {_MONTHS[d.month - 1]}"
    if name == "weekday" and not choices:
        return _WEEKDAYS[d.weekday()]
    if name == "weekday":
        return pick_weekday(choices.split(","), d, body)
    if name == "rota" and choices:
        options = choices.split(",")
        return options[d.toordinal() % len(options)]
    raise ValueError(f"unknown format in {{{body}}}")


def pick_weekday(choices: list[_T], d: date, where: str) -> _T:
    """The choice for ``d``'s weekday from seven, Monday first."""
    if len(choices) != 7:
        raise ValueError(f"{where}: a weekday choice needs 7 values, not {len(choices)}")
    return choices[d.weekday()]
