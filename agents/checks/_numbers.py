"""Reading numbers out of an answer and out of tool data, and matching one to the other.

The numbers check (``agents.checks._answer.check_numbers``) needs three things: the numbers an
answer claims, with the precision each was written at; every number the tools returned;
and a rule for when a claim is "the same number" as a data value. All three live here so
``checks.py`` stays a list of readable checks.

A claim matches a data value when the value rounds to the claim at the claim's precision
("1.2M" is written to the nearest 100,000, so 1,180,000 matches and 1,300,000 does not;
"1,545" is not 1,544). Percent and ratio claims may also match numbers derived from two
values of one tool result (a/b, and the change (b-a)/a), within 0.5%, because answers
routinely say "up 17%" or "1.7x" where the tools only returned the two raw figures.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from numbers import Real
from typing import Any

#: Above this many distinct data numbers, ratios and changes between pairs are not tried:
#: the pair count grows with the square, and so does the chance of a coincidental match.
MAX_PAIR_NUMBERS = 400
#: Fallback tolerance when a claim does not round exactly from a data value.
RELATIVE_TOLERANCE = 0.005
#: Plain integers up to this are counting words ("3 desks"), too noisy to check.
SMALL_COUNT = 10

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_ORDINAL_SUFFIX = r"(?:st|nd|rd|th)?"

#: ISO dates and timestamps, ISO year-months and clock times: moments, whose digits are
#: no figure in an answer nor in tool data (see ``MOMENT_RE``).
_ISO_MOMENT = (
    r"\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
    r"(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_ISO_MONTH = r"\b\d{4}-\d{2}\b(?!-)"
_CLOCK_TIME = r"\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?(?i:[ap]\.?m\.?))?"

#: Spans whose digits are not claims. Each is blanked out before numbers are read. Month
#: names are case-sensitive on purpose: "may" in prose is rarely a date.
IGNORED_SPAN_RE = re.compile(
    "|".join(
        [
            r"\[\[[^\]\n]*\]\]",  # citations
            r"https?://\S+",  # links
            _ISO_MOMENT,  # ISO dates and timestamps
            _ISO_MONTH,  # ISO year-month
            r"\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b",  # 20/11/2026, 11.20.26
            rf"\b\d{{1,2}}\s*[-–]\s*\d{{1,2}}\s+{_MONTH}(?:,?\s+\d{{4}})?",  # 1-14 Oct 2026
            rf"\b\d{{1,2}}{_ORDINAL_SUFFIX}\s+(?:of\s+)?{_MONTH}(?:,?\s+\d{{4}})?",  # 20 Nov 2026
            rf"\b{_MONTH}\s+\d{{1,2}}{_ORDINAL_SUFFIX}(?:,?\s+\d{{4}})?\b",  # Nov 20, 2026
            rf"\b{_MONTH},?\s+(?:19|20)\d{{2}}\b",  # Nov 2026
            _CLOCK_TIME,  # 10:30, 10:30pm
            r"\b\d{1,2}\s?(?i:[ap]\.?m\.?)(?!\w)",  # 9am
            r"\bv\d+(?:\.\d+)*\b",  # v1.6.2
            r"\b\d+(?:\.\d+){2,}\b",  # 1.6.2, IP addresses
            r"[\w./-]*#\d+",  # #2718, FalkorDB/FalkorDB#2718
            r"\b(?i:PR|issue|pull request)\s+\d+\b",  # PR 2718
            r"\b\d+(?:st|nd|rd|th)\b",  # 1st, 22nd
            r"(?m:^[ \t>]*\d+[.)](?=\s))",  # numbered list items
            # Windows like "last 30 days" and "top 20" echo the question, not the data.
            r"\b(?i:last|past|next|previous|within|over|in|for)\s+\d+\s+"
            r"(?i:days?|weeks?|months?|quarters?|years?|hours?|minutes?|mins?)\b",
            r"\b\d+-(?i:day|week|month|quarter|year|hour|minute)\b",
            r"\b(?i:top|bottom)\s+\d+\b",
        ]
    )
)

# The shape of one written number: optional currency, digits (with Western or Indian
# grouping), an optional multiplier, and an optional percent or ratio marker.
_NUMBER_BODY = (
    r"(?P<currency>[$€£₹]|Rs\.?|INR|USD|EUR|GBP)?\s?"
    r"(?P<digits>\d{1,3}(?:,\d{2})*(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?!\d)"
    r"(?:\s?(?P<word>(?i:thousand|million|billion|trillion|lakhs?|lacs?|crores?|cr|bn|mn))\b"
    r"|(?P<letter>[kKMB])\b)?"
    r"(?P<percent>\s?%|\s?(?i:per\s?cent|pct|percentage points?|pp)\b)?"
    r"(?P<ratio>x\b|×|\s(?i:times)\b)?"
)
#: A number as a claim in prose. Digits glued to a word ("p95", "Q3", "task-42") are not.
NUMBER_RE = re.compile(r"(?<![\w.])(?<![A-Za-z_]-)" + _NUMBER_BODY)
#: A number inside tool data, where "p95_ms: 120" style glue is normal.
DATA_NUMBER_RE = re.compile(r"(?<![\d.])" + _NUMBER_BODY)

MULTIPLIERS: dict[str, float] = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "trillion": 1e12,
    "lakh": 1e5,
    "lakhs": 1e5,
    "lac": 1e5,
    "lacs": 1e5,
    "crore": 1e7,
    "crores": 1e7,
    "cr": 1e7,
}

YEAR_RE = re.compile(r"(?:19\d{2}|20\d{2}|2100)")


@dataclass(frozen=True, slots=True)
class ClaimedNumber:
    """A number an answer states, with the precision it was written at.

    ``value`` is the number in plain units ("1.2M" is 1,200,000; "17%" is 17.0; "1.7x" is
    1.7). ``step`` is the place it was rounded to ("1.2M" has step 100,000), so a data
    value within half a step rounds to the claim.
    """

    text: str
    value: float
    is_percent: bool = False
    is_ratio: bool = False
    step: float = 1.0


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def extract_numbers(answer: str) -> list[ClaimedNumber]:
    """List the numbers an answer claims, in order, after the ignore rules.

    Citations, links, dates, times, years standing alone, versions, issue refs, ordinals,
    list markers, question windows ("last 30 days") and small counting integers (0-10
    with no unit, currency or percent) are left out: they are not claims about the data.
    """
    text = IGNORED_SPAN_RE.sub(_blank, answer)
    claims: list[ClaimedNumber] = []
    for match in NUMBER_RE.finditer(text):
        claim = _read_claim(match)
        if claim is not None:
            claims.append(claim)
    return claims


def _read_claim(match: re.Match[str]) -> ClaimedNumber | None:
    digits = match["digits"]
    unit = match["word"] or match["letter"]
    ratio = match["ratio"]
    is_percent = match["percent"] is not None
    if not (match["currency"] or unit or is_percent) and digits.isdigit():
        if YEAR_RE.fullmatch(digits):
            return None
        # "3x faster" is a claim; "3 times this week" is a count.
        is_ratio_mark = ratio is not None and ratio.strip().lower() != "times"
        if int(digits) <= SMALL_COUNT and not is_ratio_mark:
            return None
    multiplier = MULTIPLIERS[unit.lower()] if unit else 1.0
    mantissa = digits.replace(",", "")
    decimals = len(mantissa.partition(".")[2])
    return ClaimedNumber(
        text=match.group(0).strip(),
        value=float(mantissa) * multiplier,
        is_percent=is_percent,
        is_ratio=ratio is not None,
        step=10.0**-decimals * multiplier,
    )


#: Keys whose values are a tool's own ranking (relevance, similarity, vote shares), no
#: figure of the business: a ratio or change between two of them is no fact, and a
#: search returns dozens, whose pairs would "prove" almost any percent by chance.
RANKING_KEYS = frozenset({"score", "match"})


def data_numbers(outputs: Iterable[Any], *, rankings: bool = True) -> list[float]:
    """Every number found in tool outputs, de-duplicated, in order of first appearance.

    Walks dicts (keys and values), lists, tuples, sets and pydantic models. Numbers come
    from numeric values and from digits inside strings (with their multiplier, so
    "₹1.2 lakh" in data yields both 1.2 and 120,000). Booleans, and the digits of moments
    in strings (dates, timestamps, clock times: ``MOMENT_RE``), are not numbers.
    ``rankings=False`` leaves out the values of ``RANKING_KEYS``.
    """
    seen: dict[float, None] = {}
    stack: list[Any] = list(outputs)[::-1]
    while stack:
        item: Any = stack.pop()
        if isinstance(item, bool) or item is None:
            continue
        if isinstance(item, Real | Decimal):
            number = float(item)
            if math.isfinite(number):
                seen.setdefault(number, None)
        elif isinstance(item, str):
            for number in _string_numbers(item):
                seen.setdefault(number, None)
        elif isinstance(item, Mapping):
            pairs: list[tuple[Any, Any]] = list(item.items())  # pyright: ignore[reportUnknownArgumentType, reportUnknownMemberType] -- JSON of any shape
            for key, value in reversed(pairs):
                if rankings or key not in RANKING_KEYS:
                    stack.extend((value, key))
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(reversed(list(item)))  # pyright: ignore[reportUnknownArgumentType] -- JSON of any shape
        elif hasattr(item, "model_dump"):
            stack.append(item.model_dump())
    return list(seen)


#: Hashes, UUIDs and hex ids in tool data (a card's payload hash, a turn's id): their
#: digits are no figure, and a number read out of one would "prove" any claim by chance.
HEX_TOKEN_RE = re.compile(
    r"(?i)\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,}\b"
)


#: Moments inside tool data: an ``asOf`` date, a ``recordedAt`` timestamp. Their parts
#: are no figures, and ``recordedAt`` holds the clock time of the write: read as numbers,
#: its seconds over a day of the month "proved" a made-up "987%" in about one turn in 60,
#: depending on the second the facts were written.
MOMENT_RE = re.compile("|".join([_ISO_MOMENT, _ISO_MONTH, _CLOCK_TIME]))


def _string_numbers(text: str) -> Iterable[float]:
    text = MOMENT_RE.sub(_blank, HEX_TOKEN_RE.sub(_blank, text))
    for match in DATA_NUMBER_RE.finditer(text):
        plain = float(match["digits"].replace(",", ""))
        yield plain
        unit = match["word"] or match["letter"]
        if unit:
            yield plain * MULTIPLIERS[unit.lower()]


class DataNumbers:
    """A turn's data numbers, sorted once, for checking the answer and each of its sentences.

    Gathering and sorting the numbers of every tool output (and, for a percent claim, the
    ratios of the pairs within each output) is the costly part of the numbers check; a
    reviewer that checks an answer sentence by sentence builds this once and asks it for
    every sentence. A ratio or change is only derived from two figures of one tool result
    (``groups``: the numbers of each; default, all of ``data`` as one), so "up 41%" cannot
    be made from unrelated figures of two reads.
    """

    __slots__ = ("_derived", "_groups", "_percents", "_plain")

    def __init__(
        self, data: Sequence[float], *, groups: Sequence[Sequence[float]] | None = None
    ) -> None:
        self._plain = sorted({abs(v) for v in data})
        self._percents = sorted({*self._plain, *(v * 100 for v in self._plain)})
        self._groups: Sequence[Sequence[float]] = groups if groups is not None else [data]
        self._derived: tuple[list[float], list[float]] | None = None

    @classmethod
    def of(cls, outputs: Iterable[Any]) -> DataNumbers:
        """The numbers found in tool outputs (``data_numbers``), grouped by output for the
        derived ratios and changes, which are never made from ranking scores."""
        listed = list(outputs)
        return cls(data_numbers(listed), groups=[data_numbers([o], rankings=False) for o in listed])

    def unmatched(self, claims: Sequence[ClaimedNumber]) -> list[ClaimedNumber]:
        """The claims no data value, or derived value allowed for them, supports."""
        unmatched: list[ClaimedNumber] = []
        for claim in claims:
            # a figure read straight from the data matches at the precision it was written
            # at ("1,545" is not 1,544); only derived ratios and changes get relative slack
            plain = self._percents if claim.is_percent else self._plain
            if _has_match(claim, plain, relative=False):
                continue
            if claim.is_percent or claim.is_ratio:
                ratios, percents = self._derived_values()
                if _has_match(claim, percents if claim.is_percent else ratios):
                    continue
            unmatched.append(claim)
        return unmatched

    def _derived_values(self) -> tuple[list[float], list[float]]:
        if self._derived is None:
            ratios: set[float] = set()
            changes: set[float] = set()
            for group in self._groups:
                r, c = _derived_values(sorted({abs(v) for v in group}))
                ratios.update(r)
                changes.update(c)
            self._derived = (sorted(ratios), sorted(changes))
        return self._derived


def find_unmatched(
    claims: Sequence[ClaimedNumber],
    data: Sequence[float],
    *,
    groups: Sequence[Sequence[float]] | None = None,
) -> list[ClaimedNumber]:
    """Return the claims that no data value, or derived value allowed for them, supports.

    Plain claims match data values. Percent claims also match a value times 100 ("17%"
    from 0.17) and, derived from two values, a ratio or a change as a percent. Ratio
    claims ("1.7x") also match a/b. A ratio or change is only derived from two figures of
    one tool result (``groups``: the numbers of each result; default, all of ``data`` as
    one), so "up 41%" cannot be made from unrelated figures of two reads. Derived values
    are skipped for large results.
    """
    return DataNumbers(data, groups=groups).unmatched(claims)


def holds_many_values(outputs: Iterable[Any], *, limit: int) -> bool:
    """Whether the outputs hold more than ``limit`` values (walked no further than that).

    A cheap size test, so a caller runs the numbers check in a thread only when the data
    is big enough to hold up the event loop.
    """
    count = 0
    stack: list[Any] = list(outputs)
    while stack:
        item: Any = stack.pop()
        count += 1
        if count > limit:
            return True
        if isinstance(item, Mapping):
            stack.extend(item.values())  # pyright: ignore[reportUnknownArgumentType, reportUnknownMemberType] -- JSON of any shape
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)  # pyright: ignore[reportUnknownArgumentType] -- JSON of any shape
    return False


#: Values in a turn's tool data past which its checks run in a thread: matching every
#: sentence's numbers against many thousands of values would hold up the event loop.
THREAD_CHECKS_AT = 5_000


def checks_are_heavy(outputs: Iterable[Any]) -> bool:
    """Whether a turn's tool data is big enough that checking it belongs in a thread
    (the review of findings and the answer's checks, in both modes)."""
    return holds_many_values(outputs, limit=THREAD_CHECKS_AT)


def _derived_values(values: Sequence[float]) -> tuple[list[float], list[float]]:
    """Ratios a/b, and as percents both a/b and the change |a/b - 1|, for all pairs."""
    nonzero = [v for v in values if v != 0]
    if len(nonzero) > MAX_PAIR_NUMBERS:
        return [], []
    ratios = {a / b for a in nonzero for b in nonzero if a != b}
    percents = {r * 100 for r in ratios} | {abs(r - 1) * 100 for r in ratios}
    return sorted(ratios), sorted(percents)


def _has_match(claim: ClaimedNumber, candidates: Sequence[float], *, relative: bool = True) -> bool:
    tolerance = max(claim.step / 2, RELATIVE_TOLERANCE * claim.value if relative else 0.0)
    tolerance += 1e-9 * max(1.0, claim.value)  # float noise: 1234.5 must round to 1,235
    low = bisect_left(candidates, claim.value - tolerance)
    return low < len(candidates) and candidates[low] <= claim.value + tolerance
