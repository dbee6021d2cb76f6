"""Guard: a comparison of periods whose data coverage differs must say so.

September with 16 days of readings against August with 31 is no like-for-like
comparison, whatever the arithmetic: the answer must say how much of each it had. The
guard finds the comparisons the answer rests on (period reads of a metric it cites, with a
second range) and, where the two ranges' coverage differs, asks for words that say so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from agents.checks._answer import CheckResult, extract_citations

NAME = "says when coverage differs"
_SAYS_COVERAGE = re.compile(
    r"\b(?:coverage|covered|days? (?:of|with) (?:data|readings?)|missing|gaps?|no readings?|"
    r"only \d+ (?:of|days?)|readings? for \d+ of)\b",
    re.I,
)


def unequal_comparisons(
    outputs: Sequence[Mapping[str, Any]], cited: set[str]
) -> list[tuple[str, float, float]]:
    """(metric name, coverage asked, coverage compared) of every comparison of a cited
    metric whose two ranges are covered unequally."""
    found: list[tuple[str, float, float]] = []
    for out in outputs:
        data = out.get("data")
        if not isinstance(data, dict):
            continue
        d = cast(dict[str, Any], data)
        metric, here, there = d.get("metric"), d.get("period"), d.get("compare")
        if not (isinstance(metric, dict) and isinstance(here, dict) and isinstance(there, dict)):
            continue
        m, a, b = (
            cast(dict[str, Any], metric),
            cast(dict[str, Any], here),
            cast(dict[str, Any], there),
        )
        if m.get("id") not in cited:
            continue
        ca, cb = a.get("coverage"), b.get("coverage")
        if isinstance(ca, int | float) and isinstance(cb, int | float) and ca != cb:
            found.append((str(m.get("name") or m.get("id")), float(ca), float(cb)))
    return found


def check_coverage(
    answer: str, outputs: Sequence[Mapping[str, Any]], *, declined: bool
) -> CheckResult:
    """Check that a comparison over unequally covered periods says so."""
    if declined:
        return CheckResult(NAME, True, "a decline compares nothing")
    unequal = unequal_comparisons(outputs, set(extract_citations(answer)))
    if not unequal:
        return CheckResult(NAME, True, "no comparison over unequal coverage")
    if _SAYS_COVERAGE.search(answer):
        return CheckResult(NAME, True, "says how much of each period had data")
    name, a, b = unequal[0]
    return CheckResult(
        NAME,
        False,
        f"compares {name} over {a:.0%} of one period's days against {b:.0%} of the "
        "other's without saying so",
    )
