"""Dates as people write them in chat, turned into a day or a range of whole days.

"on 1 October", "Oct 1", "2026-10-01", "yesterday", "at the start of October" name a day;
"from 1 to 14 October", "between 28 September and 25 October", "last week", "this
month", "in Q3", "in October", "since August", "the last 30 days", "the first two weeks
of November" name a range. The
semantics are ours and fixed: days are whole and inclusive as written ("1 to 14 October"
covers the 14th), a range is kept as ``[start, end)`` with ``end`` the day after its last
day, weeks start on Monday, and a month or quarter named without a year is the latest
one that has begun by ``today``. A range never runs past today: "this month" ends with
today; "the last 7 days" are seven whole days ending yesterday, and "the week before" the
seven before those. Days are turned into milliseconds in the tenant's time zone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

_MONTHS = {
    name: i
    for i, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        1,
    )
    for name in names
}
_MONTH = r"(?P<{g}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{g}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<{g}>(?:19|20|21)\d\d))?"


def _m(g: str) -> str:
    return _MONTH.format(g=g)


def _d(g: str) -> str:
    return _DAY.format(g=g)


def _y(g: str) -> str:
    return _YEAR.format(g=g)


_ISO = r"(?P<{g}>(?:19|20|21)\d\d-[01]\d-[0-3]\d)"
# one written day: "1 October [2026]", "October 1[, 2026]", "2026-10-01"
_ONE_DAY = (
    rf"(?:{_ISO.format(g='{p}iso')}|{_d('{p}d1')}\s+(?:of\s+)?{_m('{p}m1')}{_y('{p}y1')}"
    rf"|{_m('{p}m2')}\s+{_d('{p}d2')}{_y('{p}y2')})"
)


def _day_pattern(prefix: str) -> str:
    return _ONE_DAY.replace("{p}", prefix)


_B = r"(?<![\w-])"
_E = r"(?![\w-])"
_COUNT = r"(?P<n>\d{1,2}|one|two|three|four)"
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4}
_WHICH = r"(?P<which>this|last|previous|past)"
_RAW_PATTERNS: tuple[tuple[str, str], ...] = (
    # "from 1 to 14 October", "1-14 Oct", "between 1 and 14 October 2026"
    (
        "same_month_range",
        rf"{_B}(?:from\s+|between\s+)?{_d('a')}\s*(?:-|–|to|until|till|and|through)\s*"
        rf"{_d('b')}\s+(?:of\s+)?{_m('m')}{_y('y')}{_E}",
    ),
    # "from 28 September to 25 October", "between Sep 28 and Oct 25, 2026"
    (
        "range",
        rf"{_B}(?:from|between)\s+{_day_pattern('s')}\s*(?:-|–|to|until|till|and|through)"
        rf"\s*{_day_pattern('e')}{_E}",
    ),
    # "the first two weeks of November", "the last week of October"
    (
        "weeks_of_month",
        rf"{_B}(?:the\s+)?(?P<edge>first|last)\s+(?:{_COUNT}\s+)?weeks?\s+(?:of|in)\s+"
        rf"{_m('m')}{_y('y')}{_E}",
    ),
    ("week_of", rf"{_B}(?:the\s+)?week\s+(?:of|starting|beginning)\s+{_day_pattern('s')}{_E}"),
    ("quarter", rf"{_B}(?:in\s+|during\s+)?(?:the\s+)?q(?P<q>[1-4])(?:\s+(?P<y>\d{{4}}))?{_E}"),
    (
        "last_n_days",
        rf"{_B}(?:the\s+)?(?:last|past|previous)\s+{_COUNT}\s+(?P<unit>days?|weeks?){_E}",
    ),
    ("week_before_last", rf"{_B}(?:the\s+)?week\s+before\s+last{_E}"),
    ("relative_period", rf"{_B}{_WHICH}\s+(?P<unit>week|month|year){_E}"),
    ("since_month", rf"{_B}since\s+(?:the\s+start\s+of\s+)?{_m('m')}{_y('y')}{_E}"),
    ("since_day", rf"{_B}since\s+{_day_pattern('s')}{_E}"),
    ("start_of_month", rf"{_B}(?:at\s+)?the\s+(?:start|beginning)\s+of\s+{_m('m')}{_y('y')}{_E}"),
    ("end_of_month", rf"{_B}(?:at\s+)?the\s+end\s+of\s+{_m('m')}{_y('y')}{_E}"),
    ("day", rf"{_B}{_day_pattern('s')}{_E}"),
    ("yesterday", rf"{_B}yesterday{_E}"),
    ("today", rf"{_B}(?:today|right\s+now|currently|at\s+the\s+moment){_E}"),
    (
        "month",
        rf"{_B}(?:in|during|for|over|of)\s+(?:the\s+month\s+of\s+)?{_m('m')}{_y('y')}{_E}",
    ),
)
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE)) for name, pattern in _RAW_PATTERNS
)


@dataclass(frozen=True, slots=True)
class Period:
    """A range of whole days, ``[start, end)``; ``day`` is set when one day was named."""

    start: date
    end: date
    text: str
    day: bool = False

    @property
    def last(self) -> date:
        """The last day the range covers."""
        return self.end - timedelta(days=1)

    @property
    def days(self) -> int:
        return (self.end - self.start).days

    def previous(self) -> Period:
        """The period of the same length just before (what "against the period before" means)."""
        return Period(self.start - timedelta(days=self.days), self.start, "the period before")

    def label(self) -> str:
        """The range as a reader checks it: "1 October 2026" or "1-14 October 2026"."""
        if self.day or self.days == 1:
            return _written(self.start)
        first, last = self.start, self.last
        if first.year == last.year and first.month == last.month:
            return f"{first.day}-{last.day} {first:%B %Y}"
        if first.year == last.year:
            return f"{first.day} {first:%B} - {last.day} {last:%B %Y}"
        return f"{_written(first)} - {_written(last)}"

    def start_ms(self, tz: ZoneInfo) -> int:
        return _ms(self.start, tz)

    def end_ms(self, tz: ZoneInfo) -> int:
        return _ms(self.end, tz)


def _written(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def _ms(day: date, tz: ZoneInfo) -> int:
    return int(datetime.combine(day, time(0), tzinfo=tz).timestamp() * 1000)


def _latest_month(month: int, year: str | None, today: date) -> int:
    if year:
        return int(year)
    return today.year if month <= today.month else today.year - 1


def _month_start(month: int, year: int) -> date:
    return date(year, month, 1)


def _next_month(day: date) -> date:
    return date(day.year + (day.month == 12), day.month % 12 + 1, 1)


def _one_day(m: re.Match[str], p: str, today: date, *, month_hint: int | None = None) -> date:
    if m[f"{p}iso"]:
        return date.fromisoformat(m[f"{p}iso"])
    day, month, year = (
        (m[f"{p}d1"], m[f"{p}m1"], m[f"{p}y1"])
        if m[f"{p}d1"]
        else (m[f"{p}d2"], m[f"{p}m2"], m[f"{p}y2"])
    )
    number = _MONTHS[month.lower()] if month else month_hint or today.month
    found = date(int(year) if year else today.year, number, int(day))
    if not year and found > today:  # "1 December" asked in November means last December
        found = date(found.year - 1, found.month, found.day)
    return found


def _span(start: date, last: date, text: str, today: date) -> Period | None:
    return _clip(Period(start, last + timedelta(days=1), text), today) if last >= start else None


def _clip(period: Period, today: date) -> Period | None:
    end = min(period.end, today + timedelta(days=1))
    if end <= period.start:
        return None
    return Period(period.start, end, period.text, period.day)


def find_periods(text: str, today: date) -> list[Period]:
    """Every day or range ``text`` names, in the order written, read against ``today``.

    Where two readings overlap ("from 1 to 14 October" also holds "14 October") the one that
    starts first and runs longest wins. A date that does not exist ("31 September") names
    nothing, so the question is read without it rather than for a day nobody meant.
    """
    found: list[tuple[int, int, Period]] = []
    for name, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            try:
                period = _period(name, m, today)
            except (ValueError, KeyError):
                continue
            if period is not None:
                found.append((m.start(), m.end(), period))
    found.sort(key=lambda f: (f[0], -f[1]))
    kept: list[tuple[int, int, Period]] = []
    for start, end, period in found:
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, period))
    return [p for _, _, p in kept]


def find_period(text: str, today: date) -> Period | None:
    """The first day or range ``text`` names, or None."""
    periods = find_periods(text, today)
    return periods[0] if periods else None


def _count(m: re.Match[str]) -> int:
    raw = (m["n"] or "1").lower()
    return _COUNTS.get(raw) or int(raw)


def _period(name: str, m: re.Match[str], today: date) -> Period | None:
    text = m[0].strip()
    tomorrow = today + timedelta(days=1)
    if name == "same_month_range":
        month = _MONTHS[m["m"].lower()]
        year = _latest_month(month, m["y"], today)
        start, last = date(year, month, int(m["a"])), date(year, month, int(m["b"]))
        return _span(start, last, text, today)
    if name == "range":
        start = _one_day(m, "s", today)
        last = _one_day(m, "e", today)
        if last < start and not (m["sy1"] or m["sy2"] or m["siso"]):
            start = date(start.year - 1, start.month, start.day)
        return _span(start, last, text, today)
    if name == "weeks_of_month":
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        length = timedelta(days=7 * _count(m))
        if m["edge"].lower() == "first":
            return _clip(Period(first, min(first + length, _next_month(first)), text), today)
        end = _next_month(first)
        return _clip(Period(max(end - length, first), end, text), today)
    if name == "week_of":
        day = _one_day(m, "s", today)
        monday = day - timedelta(days=day.weekday())
        return _clip(Period(monday, monday + timedelta(days=7), text), today)
    if name == "week_before_last":
        monday = today - timedelta(days=today.weekday())
        return Period(monday - timedelta(days=14), monday - timedelta(days=7), text)
    if name == "quarter":
        q = int(m["q"])
        year = int(m["y"]) if m["y"] else today.year
        start = date(year, 3 * q - 2, 1)
        if not m["y"] and start > today:
            start = date(year - 1, 3 * q - 2, 1)
        end = date(start.year + (q == 4), (3 * q) % 12 + 1, 1)
        return _clip(Period(start, end, text), today)
    if name == "last_n_days":
        # whole days only: "the last 7 days" are the seven that ended with yesterday
        n = _count(m) * (7 if m["unit"].lower().startswith("week") else 1)
        return Period(today - timedelta(days=n), today, text) if n > 0 else None
    if name == "relative_period":
        which, unit = m["which"].lower(), m["unit"].lower()
        if unit == "week":
            monday = today - timedelta(days=today.weekday())
            if which == "this":
                return Period(monday, tomorrow, text)
            return Period(monday - timedelta(days=7), monday, text)
        if unit == "month":
            first = today.replace(day=1)
            if which == "this":
                return Period(first, tomorrow, text)
            previous = (first - timedelta(days=1)).replace(day=1)
            return Period(previous, first, text)
        first = date(today.year, 1, 1)
        if which == "this":
            return Period(first, tomorrow, text)
        return Period(date(today.year - 1, 1, 1), first, text)
    if name == "since_month":
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        return _clip(Period(first, tomorrow, text), today)
    if name == "since_day":
        return _clip(Period(_one_day(m, "s", today), tomorrow, text), today)
    if name in ("start_of_month", "end_of_month"):
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        day = first if name == "start_of_month" else _next_month(first) - timedelta(days=1)
        return Period(day, day + timedelta(days=1), text, day=True)
    if name == "day":
        day = _one_day(m, "s", today)
        return Period(day, day + timedelta(days=1), text, day=True)
    if name == "yesterday":
        return Period(today - timedelta(days=1), today, text, day=True)
    if name == "today":
        return Period(today, tomorrow, text, day=True)
    if name == "month":
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        return _clip(Period(first, _next_month(first), text), today)
    return None
