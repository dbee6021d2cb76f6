"""Dates as people write them in chat, turned into a day or a range of whole days.

"on 1 October", "Oct 1", "2026-10-01", "the 3rd", "yesterday" name a day; "from 1 to 14
October", "the 6th and 7th oct", "between 28 September and 25 October", "last week",
"this month", "in Q3", "september" (a month named alone), "since August", "the last 30
days", "the first two weeks of November", "the week of the 31st august" name a range, and
so do the parts of a month or a quarter: "early / mid / late <month>", "the end of
<month>", "the first / second half of <month>", "the start / end of Q3". "since the
release" or "since Crew Noord started" name an event, not a day: ``since_event`` returns
its words, for the caller to find in the records; a date in parentheses after such words
("since brackley came on (19 oct)") says when it happened, so the days run from it.

The semantics are ours and fixed (README, "Answers"; the question banks' ``DATE_PHRASES``
say the same): days are whole and inclusive as written ("1 to 14 October" covers the
14th); a range is kept as ``[start, end)`` with ``end`` the day after its last day; weeks
start on Monday; early is the 1st to the 10th, mid the 11th to the 20th, late (and "the
end of") the 21st to the month's last day, the first half the 1st to the 15th, the second
half the 16th to the last day; the start and the end of a quarter are its first and last
14 days; a month or quarter named without a year is the latest one that has begun by
``today``, and a day named without a month is the latest such day up to today. A range
never runs past yesterday (today's readings are not in yet): "this month" is the 1st to
yesterday and "the last 7 days" are seven whole days ending yesterday, "the week before"
the seven before those. Only "today" names today. Days are turned into milliseconds in
the tenant's time zone.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
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
#: Month names that are everyday words too: alone, they name a month only capitalised.
_WORDLIKE_MONTHS = frozenset({"may", "mar", "march", "jan", "dec", "sep"})


def _m(g: str) -> str:
    return _MONTH.format(g=g)


def _d(g: str) -> str:
    return _DAY.format(g=g)


def _y(g: str) -> str:
    return _YEAR.format(g=g)


_ISO = r"(?P<{g}>(?:19|20|21)\d\d-[01]\d-[0-3]\d)"
# one written day: "1 October [2026]", "the 1st of October", "October 1[, 2026]", "2026-10-01"
#: "9/14", "14/9", "9/14/26": a day written in numbers (not "24/7", nor "3/4 of").
_NUMERIC = r"(?P<{g}>(?<!\d)(?!24/7\b)[0-3]?\d/[0-3]?\d(?:/(?:\d{{4}}|\d\d))?(?!\s+of\b))"
_ONE_DAY = (
    rf"(?:{_ISO.format(g='{p}iso')}|{_NUMERIC.format(g='{p}num')}|(?:the\s+)?{_d('{p}d1')}\s+"
    rf"(?:of\s+)?{_m('{p}m1')}{_y('{p}y1')}|{_m('{p}m2')}\s+(?:the\s+)?{_d('{p}d2')}{_y('{p}y2')})"
)
#: Whether a day written "9/7" is month first (the US way) for this turn; day first else.
#: The turn sets it from the tenant's time zone (``month_first_zone``).
MONTH_FIRST: ContextVar[bool] = ContextVar("month_first", default=False)
#: Time zones whose people write the month first.
_MONTH_FIRST_ZONES = re.compile(
    r"^(?:America/(?:New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Boise|Detroit|"
    r"Juneau|Sitka|Nome|Adak|Metlakatla|Yakutat|Menominee|Indiana/\w+|Kentucky/\w+|"
    r"North_Dakota/\w+)|US/\w+|Pacific/Honolulu)$"
)


def month_first_zone(timezone: str) -> bool:
    """Whether people in this IANA time zone write a day as month/day (the US)."""
    return bool(_MONTH_FIRST_ZONES.match(timezone))


#: Zones that are no place: their people may write a day either way.
_PLACELESS = re.compile(r"^(?:UTC|GMT|Etc/.*|Universal|Zulu|UCT)$")


def days_written(timezone: str) -> bool | None:
    """How people in this time zone write a day in numbers: True month first, False day
    first, None when the zone is no place (UTC) and says neither."""
    return None if _PLACELESS.match(timezone) else month_first_zone(timezone)


def _day_pattern(prefix: str) -> str:
    return _ONE_DAY.replace("{p}", prefix)


_B = r"(?<![\w-])"
_E = r"(?![\w-])"
_COUNT = r"(?P<n>\d{1,2}|one|two|three|four|a)"
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "a": 1}
_WHICH = r"(?P<which>this|last|previous|past)"
_BARE_DAY = r"(?:the\s+)?(?P<bd>[0-3]?\d)(?:st|nd|rd|th)"
_PART = (
    r"(?P<part>early|mid|middle\s+of|late|(?:towards?\s+)?(?:the\s+)?(?:start|beginning|end)\s+of|"
    r"(?:the\s+)?(?:first|second|1st|2nd|last|front|back)\s+half\s+of)"
)
_ORDINAL_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
                     "fourth": 4, "4th": 4, "final": 4, "last": 4}  # fmt: skip
#: A weekday written before a day's number: "Mon 3 to Fri 7 Aug".
_WD = r"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?\s+)?"
_RAW_PATTERNS: tuple[tuple[str, str], ...] = (
    # "from 1 to 14 October", "1-14 Oct", "between 1 and 14 October 2026", "the 6th and 7th oct"
    (
        "same_month_range",
        rf"{_B}(?:from\s+|between\s+|on\s+)?{_WD}(?:the\s+)?{_d('a')}\s*(?:-|–|to|until|till|and|"
        rf"through)\s*{_WD}(?:the\s+)?{_d('b')}\s+(?:of\s+)?{_m('m')}{_y('y')}{_E}",
    ),
    # "sept 2-3", "oct 14 to 16", "between sept 2 and 5": the month first, then two days
    (
        "month_first_range",
        rf"{_B}(?:from\s+|between\s+|on\s+)?{_m('m')}\s+(?:the\s+)?{_d('a')}\s*"
        rf"(?:-|–|to|until|till|and|through)\s*(?:the\s+)?{_d('b')}{_y('y')}{_E}",
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
        rf"{_B}(?:the\s+)?(?P<edge>first|last|final|opening|closing)\s+(?:{_COUNT}\s+)?weeks?"
        rf"\s+(?:of|in)\s+"
        rf"{_m('m')}{_y('y')}{_E}",
    ),
    # "the week of 5 October", "the week of the 31st august", "w/c 5 Oct"
    (
        "week_of",
        rf"{_B}(?:(?:the\s+)?week\s+(?:of|starting|beginning|commencing)|w/c)\s+"
        rf"{_day_pattern('s')}{_E}",
    ),
    # "the week of the 14th": the latest 14th up to today
    (
        "week_of_bare",
        rf"{_B}(?:(?:the\s+)?week\s+(?:of|starting|beginning|commencing)|w/c)\s+{_BARE_DAY}{_E}",
    ),
    # "the start of Q3", "end of q2 2026"
    (
        "quarter_part",
        rf"{_B}(?:at\s+)?(?:the\s+)?(?P<qpart>start|beginning|end)\s+of\s+(?:the\s+)?"
        rf"q(?P<q>[1-4])(?:\s+(?P<y>\d{{4}}))?{_E}",
    ),
    ("quarter", rf"{_B}(?:in\s+|during\s+)?(?:the\s+)?q(?P<q>[1-4])(?:\s+(?P<y>\d{{4}}))?{_E}"),
    # "the third quarter", "the first quarter of 2026"
    (
        "quarter_named",
        rf"{_B}(?:in\s+|during\s+)?the\s+(?P<qn>first|1st|second|2nd|third|3rd|fourth|4th)\s+"
        rf"quarter(?:\s+of\s+(?P<y>\d{{4}}))?{_E}",
    ),
    # "early last month", "the end of this month", "mid last month"
    (
        "relative_month_part",
        rf"{_B}(?:at\s+|in\s+|during\s+|over\s+)?(?:the\s+)?{_PART}[\s-]*(?:the\s+)?"
        rf"(?P<which>this|last|previous|past)\s+month{_E}",
    ),
    # "since the start of the month", "month to date", "so far this month", "year to date"
    (
        "to_date",
        rf"{_B}(?:since\s+the\s+(?:start|beginning)\s+of\s+(?:the|this)\s+(?P<unit>month|"
        rf"quarter|year)|(?P<unit2>month|quarter|year)[\s-]+to[\s-]+date|(?P<abbr>mtd|qtd|ytd))"
        rf"{_E}",
    ),
    # "the weekend of 3 October": its Saturday and Sunday
    ("weekend_of", rf"{_B}(?:the\s+)?weekend\s+of\s+{_day_pattern('s')}{_E}"),
    # "since brackley came on (19 oct)", "after the move (on 3 Nov)": a date in parentheses
    # says when the phrase before it happened, so the days run from it to yesterday
    (
        "since_dated_event",
        rf"{_B}(?P<kw>since|from|after)\s+[^()?!;]{{1,80}}?\(\s*(?:on\s+|from\s+)?"
        rf"{_day_pattern('s')}\s*\)",
    ),
    # "after 14 September": the days after it, to yesterday
    ("after_day", rf"{_B}after\s+{_day_pattern('s')}{_E}"),
    # "early sept", "mid-November", "late aug", "the end of October", "the second half of
    # august", "the start of october"
    (
        "month_part",
        rf"{_B}(?:at\s+|in\s+|during\s+|over\s+)?(?:the\s+)?{_PART}[\s-]*(?:the\s+month\s+of\s+)?"
        rf"{_m('m')}{_y('y')}{_E}",
    ),
    (
        "last_n_days",
        rf"{_B}(?:the\s+)?(?:last|past|previous)\s+{_COUNT}\s+(?P<unit>days?|weeks?|fortnights?)"
        rf"{_E}",
    ),
    ("week_before_last", rf"{_B}(?:the\s+)?week\s+before\s+last{_E}"),
    ("relative_period", rf"{_B}{_WHICH}\s+(?P<unit>week|fortnight|month|quarter|year){_E}"),
    ("since_month", rf"{_B}since\s+(?:the\s+(?:start|beginning)\s+of\s+)?{_m('m')}{_y('y')}{_E}"),
    ("since_day", rf"{_B}since\s+{_day_pattern('s')}{_E}"),
    ("since_bare_day", rf"{_B}since\s+{_BARE_DAY}{_E}"),
    ("day", rf"{_B}(?:on\s+)?{_day_pattern('s')}{_E}"),
    ("bare_day", rf"{_B}on\s+{_BARE_DAY}{_E}"),
    ("yesterday", rf"{_B}(?:yesterday|yday|ystday|yest){_E}"),
    ("today", rf"{_B}(?:today|right\s+now|currently|at\s+the\s+moment){_E}"),
    (
        "month",
        rf"{_B}(?:(?:in|during|for|over|of|throughout)\s+)?(?:the\s+month\s+of\s+)?"
        rf"{_m('m')}{_y('y')}{_E}",
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
    if m[f"{p}num"]:
        return _numeric_day(m[f"{p}num"], today)
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


def _numeric_day(text: str, today: date) -> date:
    """ "9/14" (month first: 14 is no month), "14/9", "9/7" (as this turn's people write
    it), "9/14/26"; without a year, the latest such day up to today."""
    a, b, *year = (int(part) for part in text.split("/"))
    if a > 12 or (b <= 12 and not MONTH_FIRST.get()):
        day, month = a, b
    else:
        month, day = a, b
    if year:
        return date(year[0] + 2000 if year[0] < 100 else year[0], month, day)
    found = date(today.year, month, day)
    return found if found <= today else date(today.year - 1, month, day)


def _bare_day(number: int, today: date) -> date:
    """The latest day of that number up to today: "the 3rd", asked on the 20th, is this
    month's; asked on the 2nd, last month's."""
    first = today.replace(day=1)
    for _ in range(3):
        try:
            found = first.replace(day=number)
        except ValueError:
            found = None
        if found is not None and found <= today:
            return found
        first = (first - timedelta(days=1)).replace(day=1)
    raise ValueError(f"no day {number} in the last months")


def _clip(period: Period, today: date) -> Period | None:
    """The period cut at yesterday (today's readings are not in), or None when empty."""
    end = min(period.end, today)
    if end <= period.start:
        return None
    return Period(period.start, end, period.text, period.day)


def _span(start: date, last: date, text: str, today: date) -> Period | None:
    return _clip(Period(start, last + timedelta(days=1), text), today) if last >= start else None


def _is_word_not_month(m: re.Match[str]) -> bool:
    """A month name alone that is an everyday word ("may", "march") unless capitalised, or
    a bare short name that is more likely another word ("sep" in "sep the two")."""
    raw = m["m"]
    alone = m[0].strip().lower() in (raw.lower(), f"{raw.lower()}.")
    if not (raw.lower() in _WORDLIKE_MONTHS and alone and raw.islower()):
        return False
    # "june vs may", "since may", "late may": the words beside it say it is a month
    before = re.findall(r"[a-z]+", m.string[: m.start("m")].lower())[-1:]
    after = re.findall(r"[a-z]+", m.string[m.end("m") :].lower())[:1]
    return not (set(before) & _BEFORE_A_MONTH or set(after) & _BESIDE_A_MONTH)


#: Words before an everyday word that make it a month ("vs may", "in may", "mid may").
_BEFORE_A_MONTH = frozenset(
    [
        "vs",
        "v",
        "versus",
        "against",
        "than",
        "in",
        "during",
        "since",
        "from",
        "until",
        "till",
        "thru",
        "through",
        "last",
        "early",
        "mid",
        "late",
        "end",
        "start",
        "beginning",
        "half",
        "of",
    ]
)
#: ... and after it ("may vs june", "may to july").
_BESIDE_A_MONTH = frozenset(["vs", "v", "versus", "against"])


#: Periods that "since" turns into "from their start to today": "since mid sept", "since
#: the end of Q2", "since the week of 5 October".
_FROM_PARTS = frozenset(
    {"month_part", "relative_month_part", "quarter_part", "quarter", "quarter_named",
     "week_of", "week_of_bare", "weeks_of_month"}
)  # fmt: skip
_SINCE_BEFORE = re.compile(r"(?<![\w-])since\s+$", re.I)


def find_periods(text: str, today: date) -> list[Period]:
    """Every day or range ``text`` names, in the order written, read against ``today``.

    Where two readings overlap ("from 1 to 14 October" also holds "14 October") the one that
    starts first and runs longest wins. A date that does not exist ("31 September") names
    nothing, so the question is read without it rather than for a day nobody meant.
    """
    found: list[tuple[int, int, Period]] = []
    impossible: list[tuple[int, int]] = []
    for name, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if name == "month" and _is_word_not_month(m):
                continue
            try:
                period = _period(name, m, today)
            except (ValueError, KeyError):
                impossible.append((m.start(), m.end()))
                continue
            if period is not None:
                # "for aug 10": the month's own word starts it, so the day that begins with
                # the same word and runs on ("aug 10") wins over the month
                start = m.start("m") if name == "month" else m.start()
                since = _SINCE_BEFORE.search(text[: m.start()]) if name in _FROM_PARTS else None
                if since is not None:  # "since mid sept": from its start to today
                    start = since.start()
                    to_now = Period(period.start, today + timedelta(days=1), text[start : m.end()])
                    period = _clip(to_now, today) or period
                found.append((start, m.end(), period))
    # a day that does not exist ("31 September") names nothing, not even its month
    found = [f for f in found if not any(a <= f[0] and f[1] <= b for a, b in impossible)]
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


_SINCE_EVENT = re.compile(
    # "after" of a phrasal verb ("looks after", "take after") names no event
    r"(?<![\w-])(?<!look )(?<!looks )(?<!looking )(?<!looked )(?<!take )(?<!takes )"
    r"(?<!named )(?<!ask )(?<!asks )(?<!asked )(?:since|after|before)\s+"
    r"(?P<event>\w[\w'&.-]*(?:[\s-]+[\w'&.-]+){0,6}?)"
    r"\s*(?=[?,.;!]|$|\s+(?:vs|versus|compared|against|and then)\b)",
    re.IGNORECASE,
)
_NOT_EVENTS = re.compile(
    r"^(?:then|that|now|last|this|yesterday|today|the\s+(?:start|beginning|end)\b|"
    r"the\s+(?:week|month|day)s?\b|\d(?!\d*\.\d))",  # "since 7.4 went in" is a release
    re.IGNORECASE,
)


def since_event(text: str, today: date) -> tuple[str, str] | None:
    """("since" / "after" / "before", the words of the event) for "since the release" or
    "since Crew Noord started", when the words name no day the reader knows; None else.

    The caller finds the event in the records and reads its day: a phrase that is a date
    ("since 14 September", "since August") is a period already, and is not returned.
    """
    for m in _SINCE_EVENT.finditer(text):
        words = m["event"].strip()
        if _NOT_EVENTS.match(words) or find_periods(m[0], today):
            continue
        return m[0].split()[0].lower(), words
    return None


def event_period(day: date, today: date, text: str) -> Period | None:
    """The range "since <event>" names once the event's day is known: that day to yesterday."""
    return _clip(Period(day, today, text), today)


def _count(m: re.Match[str]) -> int:
    raw = (m["n"] or "1").lower()
    return _COUNTS.get(raw) or int(raw)


def _unit_days(unit: str) -> int:
    """Days in one "day", "week" or "fortnight"."""
    unit = unit.lower()
    return 14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1


#: "vs the fortnight before", "against the 10 days before it", "compared with the week before".
_DAYS_BEFORE = re.compile(
    rf"{_B}(?:vs\.?|versus|against|compared\s+(?:to|with)|than)\s+(?:the\s+)?"
    rf"(?:{_COUNT}\s+)?(?P<unit>days?|weeks?|fortnights?)\s+(?:before|prior){_E}",
    re.IGNORECASE,
)


def days_before(question: str) -> int | None:
    """How many days "vs the fortnight before" compares with, or None when it says none."""
    m = _DAYS_BEFORE.search(question)
    if m is None or (m["n"] is None and m["unit"].lower().startswith("day")):
        return None  # "vs the days before": no length said
    return _count(m) * _unit_days(m["unit"])


#: Parts of a month: (first day, last day or None for the month's last day).
_MONTH_PARTS: dict[str, tuple[int, int | None]] = {
    "early": (1, 10),
    "start": (1, 10),
    "beginning": (1, 10),
    "mid": (11, 20),
    "middle": (11, 20),
    "late": (21, None),
    "end": (21, None),
    "first": (1, 15),
    "1st": (1, 15),
    "second": (16, None),
    "2nd": (16, None),
    "last": (16, None),
    "front": (1, 15),
    "back": (16, None),
}
#: Days at the start or end of a quarter that "the start / end of Q3" covers.
QUARTER_EDGE_DAYS = 14


def _quarter_start(q: int, year: str | None, today: date) -> date:
    start = date(int(year) if year else today.year, 3 * q - 2, 1)
    if not year and start > today:
        start = date(start.year - 1, start.month, 1)
    return start


def _period(name: str, m: re.Match[str], today: date) -> Period | None:
    text = m[0].strip()
    tomorrow = today + timedelta(days=1)
    if name in ("same_month_range", "month_first_range"):
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
        if m["edge"].lower() in ("first", "opening"):
            return _clip(Period(first, min(first + length, _next_month(first)), text), today)
        end = _next_month(first)
        return _clip(Period(max(end - length, first), end, text), today)
    if name in ("week_of", "week_of_bare"):
        day = _one_day(m, "s", today) if name == "week_of" else _bare_day(int(m["bd"]), today)
        monday = day - timedelta(days=day.weekday())
        return _clip(Period(monday, monday + timedelta(days=7), text), today)
    if name == "week_before_last":
        monday = today - timedelta(days=today.weekday())
        return Period(monday - timedelta(days=14), monday - timedelta(days=7), text)
    if name in ("quarter", "quarter_part"):
        q = int(m["q"])
        start = _quarter_start(q, m["y"], today)
        end = date(start.year + (q == 4), (3 * q) % 12 + 1, 1)
        if name == "quarter_part":
            edge = timedelta(days=QUARTER_EDGE_DAYS)
            if m["qpart"].lower() == "end":
                start = end - edge
            else:
                end = start + edge
        return _clip(Period(start, end, text), today)
    if name == "quarter_named":
        q = _ORDINAL_QUARTERS[m["qn"].lower()]
        start = _quarter_start(q, m["y"], today)
        return _clip(Period(start, date(start.year + (q == 4), (3 * q) % 12 + 1, 1), text), today)
    if name == "relative_month_part":
        first = today.replace(day=1)
        if m["which"].lower() != "this":
            first = (first - timedelta(days=1)).replace(day=1)
        return _month_part(first, m["part"], text, today)
    if name == "to_date":
        unit = (
            m["unit"]
            or m["unit2"]
            or {"mtd": "month", "qtd": "quarter", "ytd": "year"}[(m["abbr"] or "mtd").lower()]
        ).lower()
        return _relative("this", unit, today, text)
    if name == "weekend_of":
        day = _one_day(m, "s", today)
        saturday = (
            day + timedelta(days=(5 - day.weekday()) % 7)
            if day.weekday() < 5
            else (day - timedelta(days=day.weekday() - 5))
        )
        return _clip(Period(saturday, saturday + timedelta(days=2), text), today)
    if name == "since_dated_event":
        day = _one_day(m, "s", today) + timedelta(days=m["kw"].lower() == "after")
        return _clip(Period(day, tomorrow, text), today)
    if name == "after_day":
        return _clip(Period(_one_day(m, "s", today) + timedelta(days=1), tomorrow, text), today)
    if name == "month_part":
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        return _month_part(first, m["part"], text, today)
    if name == "last_n_days":
        # whole days only: "the last 7 days" are the seven that ended with yesterday
        n = _count(m) * _unit_days(m["unit"])
        return Period(today - timedelta(days=n), today, text) if n > 0 else None
    if name == "relative_period":
        return _relative(m["which"].lower(), m["unit"].lower(), today, text)
    if name == "since_month":
        month = _MONTHS[m["m"].lower()]
        first = _month_start(month, _latest_month(month, m["y"], today))
        return _clip(Period(first, tomorrow, text), today)
    if name in ("since_day", "since_bare_day"):
        day = _one_day(m, "s", today) if name == "since_day" else _bare_day(int(m["bd"]), today)
        return _clip(Period(day, tomorrow, text), today)
    if name in ("day", "bare_day"):
        day = _one_day(m, "s", today) if name == "day" else _bare_day(int(m["bd"]), today)
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


def _month_part(first: date, part: str, text: str, today: date) -> Period | None:
    """A part of the month beginning ``first``: early, mid, late, a half (see ``_MONTH_PARTS``)."""
    words = part.lower().split()
    key = next(w for w in words if w not in ("the", "towards", "toward"))
    lo, hi = _MONTH_PARTS[key]
    end = _next_month(first) if hi is None else first.replace(day=hi) + timedelta(days=1)
    return _clip(Period(first.replace(day=lo), end, text), today)


def _relative(which: str, unit: str, today: date, text: str) -> Period | None:
    """ "this / last week, fortnight, month, quarter, year": calendar periods, cut at
    yesterday ("this week" on a Monday holds no whole day yet)."""
    if unit in ("week", "fortnight"):
        monday = today - timedelta(days=today.weekday())
        if which == "this":
            return _clip(Period(monday, today, text), today)
        back = 14 if unit == "fortnight" else 7
        return Period(monday - timedelta(days=back), monday, text)
    if unit == "month":
        first = today.replace(day=1)
        if which == "this":
            return _clip(Period(first, today, text), today)
        previous = (first - timedelta(days=1)).replace(day=1)
        return Period(previous, first, text)
    if unit == "quarter":
        first = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
        if which == "this":
            return _clip(Period(first, today, text), today)
        previous = (first - timedelta(days=1)).replace(day=1)
        previous = previous.replace(month=3 * ((previous.month - 1) // 3) + 1)
        return Period(previous, first, text)
    first = date(today.year, 1, 1)
    if which == "this":
        return _clip(Period(first, today, text), today)
    return Period(date(today.year - 1, 1, 1), first, text)


#: Half a year: a date without a year in a record is the one nearest the day it was
#: written, up to this many days either side ("from 14 September to 31 October" written on
#: 24 August is this autumn's, even while 31 October is still ahead).
_NEAREST = timedelta(days=182)


def record_periods(text: str, written: str, today: date) -> list[Period]:
    """The days a record's own words name (``find_periods``), each date without a year
    read as the one nearest the day the record was written (ISO ``written``; today when
    it has none)."""
    try:
        anchor = date.fromisoformat(written[:10]) + _NEAREST
    except ValueError:
        anchor = today
    return find_periods(text, anchor)
