"""Guard: "rose", "fell", "up", "down", "more", "fewer" must agree with the data's sign.

A change read from tools is a number, and the numbers check only asks that the number be
there; "up 547%" on a comparison of 25 days against 3 passed it. This guard reads the
direction the answer claims and holds it to the sign of the change over covered days in
the reads the answer cites: the change of daily means over the days each side has data
for (``covered_change_pct`` of a period read), or the shift of a series at its change
point. Its word lists are its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from agents.checks._answer import CheckResult, extract_citations

NAME = "direction agrees with the data"
_UP = re.compile(
    r"\b(?:rose|risen|rising|up|increas\w*|higher|more|grew|grown|climb\w*|jump\w*|spik\w*|"
    r"gain\w*)\b",
    re.I,
)
_DOWN = re.compile(
    r"\b(?:fell|fallen|falling|down|decreas\w*|lower|fewer|less|drop\w*|declin\w*|dipp?\w*|"
    r"shrank|shrunk)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_FIGURE = re.compile(r"\d")


def claimed_direction(answer: str) -> int:
    """+1 / -1 for the direction the answer claims first, 0 when it claims none (or both
    in the same sentence): read from the sentences that state a figure."""
    for sentence in _SENTENCE.split(answer):
        if not _FIGURE.search(sentence):
            continue
        up, down = bool(_UP.search(sentence)), bool(_DOWN.search(sentence))
        if up != down:
            return 1 if up else -1
    return 0


def data_signs(outputs: Sequence[Mapping[str, Any]], cited: set[str]) -> list[int]:
    """The signs of the changes over covered days in the reads of a cited metric."""
    signs: list[int] = []
    for out in outputs:
        data = out.get("data")
        if not isinstance(data, dict):
            continue
        d = cast(dict[str, Any], data)
        metric = d.get("metric")
        if not isinstance(metric, dict) or cast(dict[str, Any], metric).get("id") not in cited:
            continue
        change: Any = d.get("covered_change_pct")
        if change is None and isinstance(d.get("change"), dict):
            change = cast(dict[str, Any], d["change"]).get("shift_pct")
        if isinstance(change, int | float) and change != 0:
            signs.append(1 if change > 0 else -1)
    return signs


def check_direction(
    answer: str, outputs: Sequence[Mapping[str, Any]], *, declined: bool
) -> CheckResult:
    """Check that the direction the answer claims is the sign of the change it read."""
    if declined:
        return CheckResult(NAME, True, "a decline claims no direction")
    claimed = claimed_direction(answer)
    signs = data_signs(outputs, set(extract_citations(answer)))
    if claimed == 0 or not signs:
        return CheckResult(NAME, True, "claims no direction of a change it read")
    if claimed in signs:
        return CheckResult(NAME, True, "the direction it claims is the data's")
    said = "up" if claimed > 0 else "down"
    return CheckResult(NAME, False, f"says {said}, but over the covered days it went the other way")
