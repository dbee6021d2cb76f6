"""Due dates said in a meeting ("by Friday", "by the 15th", "by end of month"), as dates.

A date said in a call means a day relative to that call, not to the day the transcript
is loaded: "by Friday" in a Tuesday meeting is that week's Friday. The phrases are the
plain ones people use across trades; anything vaguer ("soon", "at some point") is no date.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_LEAD = r"\b(?:by|before|until|till|due|on|for)\s+(?:the\s+)?"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("today", re.compile(_LEAD + r"(today|tonight|end of (?:the )?day|eod)\b", re.I)),
    ("tomorrow", re.compile(r"\b(?:by |before |until )?(tomorrow)\b", re.I)),
    ("week", re.compile(_LEAD + r"(end of (?:the |this )?week|eow|weekend)\b", re.I)),
    ("next-week", re.compile(r"\b(?:by |before |until )?(next week)\b", re.I)),
    ("month", re.compile(_LEAD + r"(end of (?:the |this )?month)\b", re.I)),
    (
        "weekday",
        re.compile(_LEAD + r"(next\s+|this\s+)?(" + "|".join(_WEEKDAYS) + r")\b", re.I),
    ),
    ("day-month", re.compile(_LEAD + _DAY + r"\s+(?:of\s+)?" + _MONTH, re.I)),
    ("month-day", re.compile(_LEAD + _MONTH + r"\s+" + _DAY + r"\b", re.I)),
    ("day", re.compile(r"\b(?:by|before|until|on)\s+the\s+" + _DAY + r"\b", re.I)),
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


def due_date(text: str, *, said_on: date) -> tuple[date, str] | None:
    """The day ``text`` sets as a deadline, relative to ``said_on``, with the words that
    said it; None when no date is said."""
    for kind, pattern in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        found: date | None = None
        if kind == "iso":
            try:
                found = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                found = None
        elif kind == "today":
            found = said_on
        elif kind == "tomorrow":
            found = said_on + timedelta(days=1)
        elif kind == "week":
            found = said_on + timedelta(days=(4 - said_on.weekday()) % 7)
        elif kind == "next-week":
            found = said_on + timedelta(days=7 - said_on.weekday() + 4)  # next week's Friday
        elif kind == "month":
            last = calendar.monthrange(said_on.year, said_on.month)[1]
            found = said_on.replace(day=last)
        elif kind == "weekday":
            wanted = _WEEKDAYS[m.group(2).lower()]
            ahead = (wanted - said_on.weekday()) % 7 or 7
            if (m.group(1) or "").strip().lower() == "next" and ahead < 7 - said_on.weekday():
                ahead += 7  # "next Friday" said on a Monday is the Friday after this one
            found = said_on + timedelta(days=ahead)
        elif kind == "day-month":
            found = _month_day(said_on, _MONTHS[m.group(2).lower()], int(m.group(1)))
        elif kind == "month-day":
            found = _month_day(said_on, _MONTHS[m.group(1).lower()], int(m.group(2)))
        elif kind == "day":
            found = _next_month_day(said_on, int(m.group(1)))
        if found is not None:
            return found, m.group(0).strip()
    return None
