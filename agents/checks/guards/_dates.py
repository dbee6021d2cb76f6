"""The guards' own reading of dates: months, quarters and days named in a text.

Written apart from the question reader (``agents.desks``) on purpose, and smaller: a
guard that shared the reader's parser would share its blind spots, so a "mid August" the
reader missed would pass a guard that missed it the same way. This reads only what is
hard to get wrong, and reads it wide: a month named (with or without a part of it) is the
whole month, a quarter the whole quarter, a day the day ("yesterday" too); ranges written as days
("1-14 October 2026", "1 July - 30 September 2026"), "since <day>" and "since <words>
(<day>)" (that day to today) and "now" / "today". A month or quarter without a year is
the most recent one that has begun by ``today``; a day without a year, the most recent
such day.

A month word that is also an everyday word or a short name ("may", "march", "Jan")
counts only beside a number or a word that dates it ("in may", "may 2026", "early
jan"): "may I give a discount" names no month.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

Span = tuple[date, date]

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
#: Month words that name a month only where something beside them dates them.
_NEEDS_CONTEXT = frozenset({"may", "march", "mar", "jan", "jun", "jul", "dec", "sep", "oct"})
_DATING_TEXT = """
in of on since during for over early mid late end start beginning half until till before
after from by throughout last this vs versus against compared and to or than
"""
_DATING = frozenset(_DATING_TEXT.split())
_M = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_Y = r"(?:,?\s+((?:19|20|21)\d\d))?"
_D = r"([0-3]?\d)(?:st|nd|rd|th)?"
_B, _E = r"(?<![\w-])", r"(?![\w-])"

_ISO = re.compile(r"(?<!\d)((?:19|20|21)\d\d)-([01]\d)-([0-3]\d)(?!\d)")
_DAY_RANGE = re.compile(rf"{_B}{_D}\s*(?:-|–|to|and)\s*{_D}\s+(?:of\s+)?{_M}{_Y}{_E}", re.I)
_SPAN = re.compile(rf"{_B}{_D}\s+{_M}{_Y}\s*(?:-|–|to|until)\s*{_D}\s+{_M}{_Y}{_E}", re.I)
_DAY_MONTH = re.compile(rf"{_B}(since\s+)?(?:the\s+)?{_D}\s+(?:of\s+)?{_M}{_Y}{_E}", re.I)
#: "since brackley came on (19 oct)": the date in parentheses dates the phrase before it
_SINCE_DATED = re.compile(
    rf"{_B}since\s+[^()?!;]{{1,80}}?\(\s*(?:on\s+)?{_D}\s+(?:of\s+)?{_M}{_Y}\s*\)", re.I
)
_MONTH_DAY = re.compile(rf"{_B}(since\s+)?{_M}\s+{_D}{_Y}{_E}", re.I)
_MONTH = re.compile(rf"{_B}{_M}(?:\s+((?:19|20|21)\d\d))?{_E}", re.I)
_QUARTER = re.compile(rf"{_B}q([1-4])(?:\s+((?:19|20|21)\d\d))?{_E}", re.I)
_NOW = re.compile(rf"{_B}(?:now|today|currently|at the moment){_E}", re.I)
_YESTERDAY = re.compile(rf"{_B}(?:yesterday|yday|ystday|yest){_E}", re.I)
_AS_OF = re.compile(r"\bas of\s+\S+(?:\s+\S+){0,2}", re.I)
_CITATION = re.compile(r"\[\[[^\]\n]*\]\]")


def _month_start(month: int, year: str | None, today: date) -> date:
    if year:
        return date(int(year), month, 1)
    start = date(today.year, month, 1)
    return start if start <= today else date(today.year - 1, month, 1)


def _month_end(first: date) -> date:
    return (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)


def _day(day: str, month: str, year: str | None, today: date) -> date | None:
    m = _MONTHS[month.lower().rstrip(".")]
    try:
        if year:
            return date(int(year), m, int(day))
        found = date(today.year, m, int(day))
        return found if found <= today else date(today.year - 1, m, int(day))
    except ValueError:
        return None


def _dated(text: str, start: int, end: int) -> bool:
    """Whether an ambiguous month word stands where a date would."""
    before = re.findall(r"[\w']+", text[max(0, start - 24) : start].lower())[-1:]
    after = re.findall(r"[\w']+", text[end : end + 12].lower())[:1]
    return bool(
        (before and before[0] in _DATING) or (after and (after[0].isdigit() or after[0] in _DATING))
    )


def named_spans(text: str, today: date, *, now: bool = False) -> list[Span]:
    """Every month, quarter, day or written range ``text`` names, as (first, last) days.

    With ``now``, "now" and "today" name today too (an answer's "owns it now").
    Citations and "as of <date>" notes are not read: they say where a figure came from,
    not which days it covers.
    """
    text = _AS_OF.sub(" ", _CITATION.sub(" ", text))
    spans: list[Span] = []
    taken: list[tuple[int, int]] = []

    def free(m: re.Match[str]) -> bool:
        return not any(a <= m.start() < b or a < m.end() <= b for a, b in taken)

    def take(m: re.Match[str], span: Span | None) -> None:
        taken.append((m.start(), m.end()))
        if span is not None and span[0] <= span[1]:
            spans.append(span)

    for m in _ISO.finditer(text):
        try:
            d = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            continue
        take(m, (d, d))
    for m in _SINCE_DATED.finditer(text):
        d = _day(m[1], m[2], m[3], today)
        take(m, None if d is None else (d, today))
    for m in _SPAN.finditer(text):
        if free(m):
            year = m[6] or m[3]
            a, b = _day(m[1], m[2], m[3] or year, today), _day(m[4], m[5], year, today)
            take(m, (a, b) if a and b else None)
    for m in _DAY_RANGE.finditer(text):
        if free(m):
            a, b = _day(m[1], m[3], m[4], today), _day(m[2], m[3], m[4], today)
            take(m, (a, b) if a and b else None)
    for pattern, day_at, month_at in ((_DAY_MONTH, 2, 3), (_MONTH_DAY, 3, 2)):
        for m in pattern.finditer(text):
            if free(m):
                d = _day(m[day_at], m[month_at], m[4], today)
                take(m, None if d is None else (d, today if m[1] else d))
    for m in _QUARTER.finditer(text):
        if free(m):
            q = int(m[1])
            first = _month_start(3 * q - 2, m[2], today)
            take(m, (first, _month_end(first.replace(month=3 * q))))
    for m in _MONTH.finditer(text):
        word = m[1]
        if not free(m) or (word.lower() in _NEEDS_CONTEXT and not _dated(text, *m.span())):
            continue
        first = _month_start(_MONTHS[word.lower().rstrip(".")], m[2], today)
        take(m, (first, _month_end(first)))
    day_before = today - timedelta(days=1)
    spans += [(day_before, day_before) for m in _YESTERDAY.finditer(text) if free(m)]
    if now:
        spans += [(today, today) for m in _NOW.finditer(text) if free(m)]
    return spans


def overlaps(a: Span, b: Span) -> bool:
    """Whether two spans of days share a day."""
    return a[0] <= b[1] and b[0] <= a[1]
