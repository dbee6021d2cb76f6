"""The checks an answer must pass before anyone sees it.

A turn answers a team's question from graph tools. Before the answer is posted, the server
runs ``check_answer`` over it with what the tools returned this turn:

- **citations**: every ``[[node-id]]`` the answer cites was returned by a tool;
- **numbers**: every number the answer states can be found in the tool data, allowing for
  rounding, percents, ratios and written-out units (see ``agents.checks._numbers``);
- **sample**: if any tool output is marked as sample data, the answer says "sample";
- **as_of**: if the newest data is more than a week old, the answer says "as of <date>".

Everything here is pure: no I/O, no clock (the caller passes ``now``). A failed check is
reported, not raised; the caller decides whether to retry the model or flag the answer.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from agents.checks._numbers import (
    ClaimedNumber,
    DataNumbers,
    data_numbers,
    extract_numbers,
    holds_many_values,
)

__all__ = [
    "CheckReport",
    "CheckResult",
    "ClaimedNumber",
    "DataNumbers",
    "check_answer",
    "check_as_of",
    "check_citations",
    "check_numbers",
    "check_sample",
    "data_numbers",
    "extract_citations",
    "extract_numbers",
    "holds_many_values",
]

#: Data older than this (newest ``asOf`` against the turn's moment) must be dated.
STALE_AFTER = timedelta(days=7)

CITATION_RE = re.compile(r"\[\[([^\]\n]+)\]\]")
SAMPLE_WORD_RE = re.compile(r"sample", re.IGNORECASE)
SAMPLE_SRC_PREFIX = "sample:"

_MONTH_NAME = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
#: "as of" then a date: 2026-11-20, 20 Nov 2026, Nov 20, 2026 or 20 November 2026.
#: Markdown emphasis between the two ("as of *20 Nov 2026*") is allowed.
AS_OF_RE = re.compile(
    r"\bas of[\s*_]+(?:"
    r"\d{4}-\d{2}-\d{2}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME},?\s+\d{{4}}"
    rf"|{_MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    r")",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one check on one answer.

    ``detail`` is a short sentence fit to show a reviewer (or feed back to the model): on
    failure it names exactly what was wrong.
    """

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    """All check results for one answer, in the order they ran."""

    results: tuple[CheckResult, ...]

    @property
    def verified(self) -> bool:
        """Whether every check passed."""
        return all(result.passed for result in self.results)

    def failures(self) -> list[CheckResult]:
        """The checks that did not pass, in order."""
        return [result for result in self.results if not result.passed]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form, for logs, the trace store and the answer card."""
        return {
            "verified": self.verified,
            "checks": [
                {"name": r.name, "passed": r.passed, "detail": r.detail} for r in self.results
            ],
        }


def extract_citations(answer: str) -> list[str]:
    """List the node ids an answer cites as ``[[id]]``, in order, without repeats."""
    ids = (match.group(1).strip() for match in CITATION_RE.finditer(answer))
    return list(dict.fromkeys(node_id for node_id in ids if node_id))


def check_citations(
    answer: str, returned_ids: Collection[str], *, claims: bool = False
) -> CheckResult:
    """Check that every cited node was returned by a tool in this turn.

    A citation to a node the tools never returned is either invented or remembered from
    another turn; either way the reader can't trust the link. With ``claims`` (a final
    answer that is not a decline) the answer must cite at least one thing, and every line
    that states a figure must cite where it came from.
    """
    cited = extract_citations(answer)
    missing = [node_id for node_id in cited if node_id not in returned_ids]
    if missing:
        which = _join([f"[[{node_id}]]" for node_id in missing])
        return CheckResult("citations", False, f"cites {which}, which no tool returned this turn")
    if claims:
        if not cited:
            return CheckResult("citations", False, "makes claims but cites nothing")
        bare = [
            line.strip()
            for line in answer.splitlines()
            if extract_numbers(line) and not CITATION_RE.search(line)
        ]
        if bare:
            return CheckResult(
                "citations", False, f"states figures without a citation: {bare[0][:80]!r}"
            )
    if not cited:
        return CheckResult("citations", True, "cites no nodes")
    return CheckResult("citations", True, f"{_all(len(cited), 'citation')} returned this turn")


def check_numbers(
    answer: str, outputs: Sequence[Any], *, numbers: DataNumbers | None = None
) -> CheckResult:
    """Check that every number the answer states is backed by the tool data.

    Runs ``extract_numbers`` over the answer and ``data_numbers`` over ``outputs`` (the raw
    tool results of this turn), then matches each claim allowing for rounding, percents,
    ratios and percent changes between two values of one tool result. ``numbers``, the
    outputs' ``DataNumbers`` built once, saves gathering them again when many texts are
    checked against the same outputs (a reviewer checks each sentence).
    """
    claims = extract_numbers(answer)
    if not claims:
        return CheckResult("numbers", True, "states no numbers to check")
    if numbers is None:
        numbers = DataNumbers.of(outputs)
    unmatched = numbers.unmatched(claims)
    if unmatched:
        texts = _join([f'"{claim.text}"' for claim in dict.fromkeys(unmatched)])
        verb = "does" if len(unmatched) == 1 else "do"
        return CheckResult("numbers", False, f"{texts} {verb} not appear in the tool data")
    return CheckResult("numbers", True, f"{_all(len(claims), 'number')} in the tool data")


def check_sample(answer: str, outputs: Sequence[Any]) -> CheckResult:
    """Check that an answer built on sample data says so.

    Tool outputs mark demo or seeded data with ``"sample": true`` or a ``"src"`` starting
    with ``"sample:"``, anywhere in their structure. Passing sample numbers off as real
    ones is worse than any wrong number, so the answer must contain the word "sample".
    """
    marker = _sample_marker(outputs)
    if marker is None:
        return CheckResult("sample", True, "no tool returned sample data")
    if SAMPLE_WORD_RE.search(answer):
        return CheckResult("sample", True, f"says the data is sample ({marker})")
    return CheckResult(
        "sample", False, f"tool data is sample ({marker}), but the answer doesn't say so"
    )


def _sample_marker(outputs: Iterable[Any]) -> str | None:
    """Describe the first sample marker found in the outputs, or None."""
    stack: list[Any] = list(outputs)
    while stack:
        item: Any = stack.pop()
        if isinstance(item, dict):
            if item.get("sample") is True:  # pyright: ignore[reportUnknownMemberType] -- JSON
                return '"sample": true'
            src = item.get("src")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType] -- JSON
            if isinstance(src, str) and src.startswith(SAMPLE_SRC_PREFIX):
                return f'src "{src}"'
            stack.extend(item.values())  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType] -- JSON
        elif isinstance(item, list | tuple):
            stack.extend(item)  # pyright: ignore[reportUnknownArgumentType] -- JSON
        elif hasattr(item, "model_dump"):
            stack.append(item.model_dump())
    return None


def check_as_of(answer: str, newest_as_of: datetime | None, now: datetime) -> CheckResult:
    """Check that an answer on stale data dates it with "as of <date>".

    ``newest_as_of`` is the newest ``asOf`` among the data the answer used (None when the
    data carries none); ``now`` is the turn's moment. A naive datetime is taken as UTC.
    Data more than ``STALE_AFTER`` old may no longer be true, so the reader must see when
    it was true.
    """
    if newest_as_of is None:
        return CheckResult("as_of", True, "the data carries no as-of date")
    age = _as_utc(now) - _as_utc(newest_as_of)
    dated = f"{newest_as_of:%Y-%m-%d}"
    if age <= STALE_AFTER:
        return CheckResult("as_of", True, f"the data is fresh (as of {dated})")
    if AS_OF_RE.search(answer):
        return CheckResult("as_of", True, f"dates the {age.days}-day-old data with 'as of'")
    return CheckResult(
        "as_of",
        False,
        f"the newest data is {age.days} days old (as of {dated}), "
        "but the answer doesn't say 'as of <date>'",
    )


def check_answer(
    answer: str,
    *,
    returned_ids: Collection[str],
    outputs: Sequence[Any],
    newest_as_of: datetime | None,
    now: datetime,
    relevance: CheckResult | None = None,
    claims: bool = False,
    sample_outputs: Sequence[Any] | None = None,
    guards: Sequence[CheckResult] = (),
) -> CheckReport:
    """Run every check on one answer and collect the results.

    Runs once per turn on the text the desks and the Chief wrote (never on notes the
    server adds), before anything is posted. All checks always run, so a reviewer (or
    the model, on retry) sees every problem at once rather than one per round.
    ``relevance`` is the answer-addresses-the-question result, computed by the turn;
    ``sample_outputs`` (default ``outputs``) are the reads the answer rests on, whose
    sample data it must own up to. ``guards`` are the results of the checks that do not
    share the question reader (``agents.checks._guards``), computed by the turn.
    """
    results = [
        check_citations(answer, returned_ids, claims=claims),
        check_numbers(answer, outputs),
        check_sample(answer, outputs if sample_outputs is None else sample_outputs),
        check_as_of(answer, newest_as_of, now),
    ]
    if relevance is not None:
        results.append(relevance)
    results += guards
    return CheckReport(tuple(results))


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _join(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _all(n: int, noun: str) -> str:
    """ "the citation was" / "all 3 citations were", to open a passing detail."""
    return f"the {noun} was" if n == 1 else f"all {n} {noun}s were"
