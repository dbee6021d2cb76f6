"""Guard: a day written in numbers that reads two ways is not verified on one reading.

"Taproom take on labor day (9/7)?" is 7 September where its people write the month
first and 9 July where they write the day first. A tenant whose time zone says which
(America/Chicago, Europe/London) settles it; one left on UTC does not, and an answer
for 9 July, however well its figures check, is then a guess at what was meant. The guard
reads such days on its own (both parts 12 or less, and different) and fails an answer
that rests on one reading while the tenant's zone leaves both open, saying both.
"""

from __future__ import annotations

import re

from agents.checks._answer import CheckResult

NAME = "a day written in numbers is read as its people write it"
#: "9/7", "09/07", "9/7/26": not "24/7", not "3/4 of", not a part of a longer number.
_WRITTEN = re.compile(
    r"(?<![\d/.])([01]?\d)/([01]?\d)(?:/(\d{2}|\d{4}))?(?![\d/])(?!\s+of\b)", re.IGNORECASE
)
_MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def _said(month: int, day: int) -> str:
    return f"{day} {_MONTH_NAMES[month - 1]}"


def check_written_day(
    question: str, answer: str, *, month_first: bool | None, declined: bool
) -> CheckResult:
    """Check that no day the question writes as "a/b" is read one way only where the
    tenant's time zone leaves both open (``month_first`` None)."""
    if declined:
        return CheckResult(NAME, True, "a decline reads no day")
    if month_first is not None:
        order = "month first" if month_first else "day first"
        return CheckResult(NAME, True, f"the tenant's time zone says days are written {order}")
    for m in _WRITTEN.finditer(question):
        a, b = int(m[1]), int(m[2])
        if not (1 <= a <= 12 and 1 <= b <= 12) or a == b:
            continue
        day_first, month_first_read = _said(b, a), _said(a, b)
        return CheckResult(
            NAME,
            False,
            f"{m[0]} is {day_first} written day first and {month_first_read} written month "
            "first, and the tenant's time zone (UTC) says neither; `settings timezone <zone>` "
            "settles how its people write days",
        )
    return CheckResult(NAME, True, "no day is written in numbers that read two ways")
