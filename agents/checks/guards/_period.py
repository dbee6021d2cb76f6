"""Guard: a month, date or quarter the question names must overlap the days the answer covers.

"Who had the audit prep back in mid August?" answered with today's owner, or "how many in
the second half of August" answered for the last seven days, reads fine and cites real
figures; only the days are wrong. The guard reads the days on both sides with its own
small reader (``agents.checks.guards._dates``), never the question reader's: the days the
question names, and the days the answer says it covers (its ranges, its days, "since",
"now"). An answer that states no days at all for a question about named days fails too:
it does not say which days it is about; nor does one whose days are the first of a
"since <day>" range alone ("pieces since trentham came on (2 nov)" answered for 2 November).
"""

from __future__ import annotations

from datetime import date

from agents.checks._answer import CheckResult
from agents.checks.guards._dates import named_spans, overlaps

NAME = "covers the days asked"
#: A "since <day>" this many days back or more is a range: one day of it is not its days.
SINCE_MIN_DAYS = 2


def check_period(question: str, answer: str, today: date, *, declined: bool) -> CheckResult:
    """Check that the answer covers a day of every month, date or quarter asked about."""
    asked = named_spans(question, today)
    if not asked:
        return CheckResult(NAME, True, "the question names no month, date or quarter")
    if declined:
        return CheckResult(NAME, True, "a decline covers no days")
    covered = named_spans(answer, today, now=True)
    if not covered:
        return CheckResult(NAME, False, "the question names days, but the answer says none")
    # "since 2 November" runs from that day on: an answer for that one day misread it
    for a in asked:
        if a[1] != today or (a[1] - a[0]).days < SINCE_MIN_DAYS:
            continue
        touching = [c for c in covered if overlaps(a, c)]
        if touching and all(c[1] <= a[0] for c in touching):
            return CheckResult(
                NAME,
                False,
                f"the question asks about {a[0].isoformat()} onwards, but the answer covers "
                "only its first day",
            )
    if any(overlaps(a, c) for a in asked for c in covered):
        return CheckResult(NAME, True, "the answer covers days the question names")
    first, last = asked[0]
    return CheckResult(
        NAME,
        False,
        f"the question asks about {first.isoformat()} to {last.isoformat()}, "
        "but the answer covers other days",
    )


SINGLE_DAY = "a day asked is the day answered"


def check_single_day(question: str, answer: str, today: date, *, declined: bool) -> CheckResult:
    """Check that a question about one day ("on 10 August", "yesterday") is answered for
    that day, not for a longer period around it: "door count for aug 10" answered with
    August's total overlaps the day asked and still states another period's figure."""
    asked = [a for a in named_spans(question, today) if a[0] == a[1]]
    if declined or not asked or len(asked) != len(named_spans(question, today)):
        return CheckResult(SINGLE_DAY, True, "the question asks about no single day")
    covered = named_spans(answer, today, now=True)
    if any(c == a for c in covered for a in asked):
        return CheckResult(SINGLE_DAY, True, "the answer states the day asked")
    wider = [c for c in covered for a in asked if c[0] <= a[0] <= c[1] and c != a]
    if not wider:
        return CheckResult(SINGLE_DAY, True, "the answer states no longer period around it")
    day, (first, last) = asked[0][0], wider[0]
    return CheckResult(
        SINGLE_DAY,
        False,
        f"the question asks about {day.isoformat()}, but the answer states "
        f"{first.isoformat()} to {last.isoformat()}",
    )
