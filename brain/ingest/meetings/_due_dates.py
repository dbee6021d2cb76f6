"""Due dates said in a meeting ("by Friday", "Thursday next week", "end of next week",
"tonight", "at Monday's meeting", "by the 15th"), as dates.

A date said in a call means a day relative to that call, not to the day the transcript
is loaded: "by Friday" in a Tuesday meeting is that week's Friday. The meeting's day is
the tenant's local day (the loader turns a recorder's UTC start into it), so "tonight"
in a Dublin evening meeting is that Dublin day. Weeks start on Monday: "next week" is the
week after the meeting's; a bare "next week" or "end of next week" is its Friday, "early
next week" its Monday. The phrases are the plain ones people use across trades; anything
vaguer ("soon", "at some point", "next meeting") is no date.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from datetime import date, timedelta

_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_WEEKDAYS.update({"tues": 1, "weds": 2, "thurs": 3})  # "sat", "sun", "wed" are words too
_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_ORDINAL_WORDS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)
_ORDINALS = {name: n for n, name in enumerate(_ORDINAL_WORDS, 1)}
_ORDINALS.update({f"twenty-{k}": 20 + v for k, v in list(_ORDINALS.items())[:9]})
_ORDINALS.update({"thirtieth": 30, "thirty-first": 31})
_DAY = (
    r"(\d{1,2}(?=st|nd|rd|th|\b)(?:st|nd|rd|th)?|"
    + "|".join(sorted(_ORDINALS, key=len, reverse=True))
    + r")"
)
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?"
_WEEKDAY = r"(" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")\b\.?"
_LEAD = r"\b(?:by|before|until|till|due|on|for)\s+(?:the\s+)?"
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
_COUNT = r"(\d{1,2}|a|one|two|three|four|five|six|ten)"
_PAST = re.compile(r"\b(?:last|ago|since|was|were|went|came|had|did)\s*$", re.I)

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("weekday-day", re.compile(r"\b" + _WEEKDAY + r",?\s+(?:the\s+)?" + _DAY + r"\b", re.I)),
    ("day-month", re.compile(r"\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?" + _MONTH, re.I)),
    ("month-day", re.compile(r"\b" + _MONTH + r"\s+(?:the\s+)?" + _DAY + r"\b", re.I)),
    (
        "weekday-next-week",
        re.compile(r"\b" + _WEEKDAY + r"\s+(?:of\s+)?next\s+week\b", re.I),
    ),
    ("next-week-weekday", re.compile(r"\bnext\s+week\s+(?:on\s+)?" + _WEEKDAY, re.I)),
    ("week-after-next", re.compile(r"\b(?:the\s+)?week\s+after\s+next\b", re.I)),
    ("early-next-week", re.compile(r"\b(?:early|start\s+of|beginning\s+of)\s+next\s+week\b", re.I)),
    ("next-week", re.compile(r"\b(?:(?:the\s+)?end\s+of\s+)?next\s+week\b", re.I)),
    (
        "week",
        re.compile(
            r"\b(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week|eow|this\s+weekend|"
            r"(?:by|before|over)\s+the\s+weekend)\b",
            re.I,
        ),
    ),
    ("month-end", re.compile(r"\b(?:the\s+)?end\s+of\s+" + _MONTH, re.I)),
    ("next-month", re.compile(r"\b(?:the\s+)?end\s+of\s+next\s+month\b", re.I)),
    ("month", re.compile(r"\b(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month\b", re.I)),
    ("in-days", re.compile(r"\b(?:in|within)\s+" + _COUNT + r"\s+days?\b", re.I)),
    ("in-weeks", re.compile(r"\b(?:in|within)\s+" + _COUNT + r"\s+weeks?\b", re.I)),
    ("fortnight", re.compile(r"\b(?:in|within)\s+a\s+fortnight\b", re.I)),
    ("this-week", re.compile(r"\b(?:this|within\s+the)\s+week\b", re.I)),
    ("give-days", re.compile(r"\bgive\s+me\s+" + _COUNT + r"\s+days?\b", re.I)),
    ("give-weeks", re.compile(r"\bgive\s+me\s+" + _COUNT + r"\s+weeks?\b", re.I)),
    ("tomorrow", re.compile(r"\b(tomorrow)\b", re.I)),
    (
        "today",
        re.compile(
            r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|end\s+of\s+(?:the\s+)?day|"
            r"eod|close\s+of\s+(?:play|business)|cob|by\s+lunch(?:time)?|by\s+(?:the\s+)?"
            r"end\s+of\s+(?:the\s+|my\s+)?shift|before\s+(?:service|we\s+open|we\s+close|"
            r"close|closing|I\s+(?:leave|go)|the\s+shift\s+ends|handover))\b",
            re.I,
        ),
    ),
    ("weekday", re.compile(r"\b(next\s+|this\s+|coming\s+)?" + _WEEKDAY + r"(?:'s)?", re.I)),
    ("day", re.compile(r"\b(?:by|before|until|till|on|for)\s+the\s+" + _DAY + r"\b", re.I)),
)


def _next_month_day(start: date, day: int) -> date | None:
    for months in range(0, 3):
        year, month = start.year + (start.month - 1 + months) // 12, (start.month - 1 + months) % 12
        try:
            found = date(year, month + 1, day)
        except ValueError:
            continue
        if found >= start:
            return found
    return None


def _month_day(start: date, month: int, day: int) -> date | None:
    for year in (start.year, start.year + 1):
        try:
            found = date(year, month, day)
        except ValueError:
            return None
        if found >= start:
            return found
    return None


def _next_monday(said_on: date) -> date:
    return said_on + timedelta(days=7 - said_on.weekday())


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _weekday(said_on: date, wanted: int, which: str) -> date:
    ahead = (wanted - said_on.weekday()) % 7 or 7
    if which == "next" and ahead < 7 - said_on.weekday():
        ahead += 7  # "next Friday" said on a Monday is the Friday after this one
    return said_on + timedelta(days=ahead)


def _day_number(word: str) -> int:
    return int(word[:2].rstrip("snrt")) if word[0].isdigit() else _ORDINALS[word.lower()]


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _resolve(kind: str, m: re.Match[str], said_on: date) -> date | None:
    """The day pattern ``kind`` matched as ``m`` means, said on ``said_on``."""
    if kind == "iso":
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    if kind == "weekday-day":
        return _next_month_day(said_on, _day_number(m.group(2)))
    if kind == "day-month":
        return _month_day(said_on, _MONTHS[m.group(2).lower()], _day_number(m.group(1)))
    if kind == "month-day":
        return _month_day(said_on, _MONTHS[m.group(1).lower()], _day_number(m.group(2)))
    if kind in ("weekday-next-week", "next-week-weekday"):
        return _next_monday(said_on) + timedelta(days=_WEEKDAYS[m.group(1).lower()])
    if kind == "week-after-next":
        return _next_monday(said_on) + timedelta(days=11)
    if kind == "early-next-week":
        return _next_monday(said_on)
    if kind == "next-week":
        return _next_monday(said_on) + timedelta(days=4)
    if kind == "week":
        return said_on + timedelta(days=(4 - said_on.weekday()) % 7)
    if kind == "month-end":
        month = _MONTHS[m.group(1).lower()]
        year = said_on.year + (month < said_on.month)
        return _month_end(year, month)
    if kind == "next-month":
        year, month = divmod(said_on.year * 12 + said_on.month, 12)
        return _month_end(year, month + 1)
    if kind == "month":
        return _month_end(said_on.year, said_on.month)
    if kind == "in-days":
        return said_on + timedelta(days=_count(m.group(1)))
    if kind == "in-weeks":
        return said_on + timedelta(weeks=_count(m.group(1)))
    if kind == "fortnight":
        return said_on + timedelta(weeks=2)
    if kind == "this-week":
        return said_on + timedelta(days=(4 - said_on.weekday()) % 7)
    if kind == "give-days":
        return said_on + timedelta(days=_count(m.group(1)))
    if kind == "give-weeks":
        return said_on + timedelta(weeks=_count(m.group(1)))
    if kind == "tomorrow":
        return said_on + timedelta(days=1)
    if kind == "today":
        return said_on
    if kind == "weekday":
        which = (m.group(1) or "").strip().lower()
        return _weekday(said_on, _WEEKDAYS[m.group(2).lower()], which)
    if kind == "day":
        return _next_month_day(said_on, _day_number(m.group(1)))
    return None


def due_date(text: str, *, said_on: date) -> tuple[date, str] | None:
    """The day ``text`` sets as a deadline, relative to ``said_on``, with the words that
    said it; None when no date is said. A day said of the past ("last Monday", "on Monday
    it came through") is no deadline. A deadline ("by Friday") wins over another day said
    beside it ("the last test on Wednesday and sign it all off by Friday")."""
    first: tuple[date, str] | None = None
    for found in _dates_said(text, said_on=said_on):
        if _DEADLINE.match(found[1]):
            return found
        first = first or found
    return first


_DEADLINE = re.compile(r"(?:by|before|due|no\s+later\s+than)\b", re.I)


def _dates_said(text: str, *, said_on: date) -> Iterator[tuple[date, str]]:
    """Each day ``text`` says, pattern by pattern, with its words (see ``due_date``)."""
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if kind in ("weekday", "weekday-day") and _PAST.search(text[: m.start()]):
                continue
            if kind == "weekday" and re.match(r"\s+(?:night|just\s+gone)\b", text[m.end() :]):
                continue
            if re.search(r"\b(?:until|till|through)\s+(?:the\s+)?$", text[: m.start()], re.I):
                continue  # "until the end of October": how long, not by when
            if (
                kind == "weekday"
                and re.search(r"\b(?:the|a|every|each|any|weekend)\s+$", text[: m.start()], re.I)
                and not re.search(r"\bon\s+the\s+$", text[: m.start()], re.I)
            ):
                continue  # "the Saturday doubles", "every Friday": no one day
            if (
                kind in ("day", "weekday-day")
                and not m.group(0)[-1].isdigit()
                and not re.match(
                    r"\s*(?:$|[,.;!?]|(?:of|at|and|or|so|then|please|latest)\b)", text[m.end() :]
                )
            ):
                continue  # "on the second floor", "for the first two Saturdays": no day
            found = _resolve(kind, m, said_on)
            if found is not None:
                words = m.group(0).strip().rstrip(".")
                lead = re.search(r"(?:" + _LEAD + r")$", text[: m.start()], re.I)
                yield found, (lead.group(0) + words).strip() if lead else words
