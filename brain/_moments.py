"""Moments in time as the brain stores them: integer milliseconds since the epoch (UTC).

Integers compare and sort inside Cypher without parsing, so valid time (`since`,
`until`), record time (`recordedAt`, `retiredAt`) and source dates (`asOf`) are all kept
this way and turned back into ISO strings only at the edges (CLI, export, answers).
"""

from __future__ import annotations

import functools
import math
import time
from datetime import UTC, date, datetime

from brain.errors import InputInvalid

Moment = int


def now_ms() -> Moment:
    """The current moment, in epoch milliseconds."""
    return time.time_ns() // 1_000_000


MINUTE_MS = 60_000

#: The moments a fact may name: 1900-01-01 up to (not including) 2201-01-01 UTC. Anything
#: outside is a typo or an attack, and a moment past year 9999 cannot even be printed.
EARLIEST_MS = -2_208_988_800_000
LATEST_MS = 7_289_654_400_000


def cache_bucket(t: Moment) -> tuple[str, int]:
    """The cache slot of a moment: "now" reads share one per minute, past moments their own.

    An edge whose ``until`` passes inside that minute may count for up to a minute longer.
    """
    return ("now", t // MINUTE_MS) if t >= now_ms() - MINUTE_MS else ("at", t)


def parse_moment(value: object, *, field: str = "date") -> Moment:
    """Read a date, a datetime, an ISO string or epoch milliseconds as a moment.

    A bare date means midnight UTC of that day; a naive datetime is taken as UTC.
    Raises ``InputInvalid`` naming the field and the accepted forms, or saying that the
    moment lies outside the years 1900-2200.
    """
    cached = _text_moment(value) if type(value) is str else None
    moment = _parse_moment(value, field) if cached is None else cached
    if not EARLIEST_MS <= moment < LATEST_MS:
        raise InputInvalid(
            f"{field}: {value!r} is outside the years 1900-2200; give a real date such as "
            "2026-10-05 (epoch numbers are milliseconds)"
        )
    return moment


@functools.lru_cache(maxsize=65_536)
def _text_moment(text: str) -> Moment | None:
    """An ISO string's moment, remembered: a load repeats each commit's date in dozens of
    facts, and parsing it again each time was a tenth of a history's load. None when the
    text is no date (the caller then raises with the field's name)."""
    try:
        return _parse_moment(text, "date")
    except InputInvalid:
        return None


def _parse_moment(value: object, field: str) -> Moment:
    if isinstance(value, bool):
        raise InputInvalid(f"{field}: expected a date, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputInvalid(f"{field}: {value!r} is not a finite number, so not a date")
        return int(value)
    if isinstance(value, datetime):
        dt = value if value.tzinfo else value.replace(tzinfo=UTC)
        return int(dt.timestamp() * 1000)
    if isinstance(value, date):
        return int(datetime(value.year, value.month, value.day, tzinfo=UTC).timestamp() * 1000)
    if isinstance(value, str):
        text = value.strip()
        try:
            if len(text) == 10:
                return _parse_moment(date.fromisoformat(text), field)
            return _parse_moment(datetime.fromisoformat(text.replace("Z", "+00:00")), field)
        except (ValueError, OverflowError):
            pass
    raise InputInvalid(
        f"{field}: {value!r} is not a date; use ISO form like 2026-10-05 or "
        "2026-10-05T14:30:00+00:00"
    )


def format_moment(ms: Moment | None) -> str | None:
    """ISO text for a moment: a bare date at midnight UTC, else a full UTC timestamp."""
    if ms is None:
        return None
    try:
        dt = datetime.fromtimestamp(ms / 1000, tz=UTC)
    except (OverflowError, ValueError, OSError):
        return str(ms)  # stored before moments were bounded: shown as the raw number
    if dt.hour == dt.minute == dt.second == dt.microsecond == 0:
        return dt.date().isoformat()
    return dt.isoformat(timespec="milliseconds" if dt.microsecond else "seconds")
