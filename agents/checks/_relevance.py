"""The check that an answer answers the question asked, or says plainly that it can't.

The other checks prove an answer's citations and figures came from this turn's tools; an
answer about the wrong thing passes them all. This one compares what the answer cites
with what the question asks about: the thing it names (found in the records when the
question was read), and its kind (a "who" needs a person, a total needs a figure read for
exactly the days asked, a policy needs a rule or a passage, a "why did it move" needs a
cause). A question about something the records do not hold, or about the world outside
them, must get a plain decline. Pure: the turn passes in what it read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from agents.checks._answer import CheckResult, extract_citations
from agents.checks._numbers import data_numbers, extract_numbers, find_unmatched

#: How a decline reads, in either mode (the model is told to use the same words).
DECLINE_RE = re.compile(
    r"(?:don't|do not) have (?:anything|that|any \w+)[^.]*in your records|not in your records|"
    r"\bI have no readings\b|\brecords don't hold\b|\brecords do not hold\b",
    re.IGNORECASE,
)
PEOPLE = frozenset({"Person", "Team", "Customer", "Vendor", "Organization"})
CAUSES = frozenset({"Incident", "Release", "Decision", "Task", "Campaign", "Post", "Page", "Step"})
PASSAGES = frozenset({"Rule", "Chunk", "Document", "Meeting", "Email", "Message", "Note"})


@dataclass(frozen=True, slots=True)
class Asked:
    """What a question asks, as the turn read it against the records.

    ``kind`` is one of impact, owner, relationship, decision, policy, document, metric or
    offtopic; ``subject_ids`` are the records the question names (any one may be cited);
    ``ranges`` are the (first, last) ISO days a metric question asks about.
    """

    kind: str
    metric_op: str | None = None
    subject_ids: tuple[str, ...] = ()
    subject_name: str = ""
    asked_types: tuple[str, ...] = ()
    ranges: tuple[tuple[str, str], ...] = ()
    must_decline: bool = False
    why_decline: str = ""
    extra_ok: frozenset[str] = field(default_factory=frozenset)


def is_decline(answer: str) -> bool:
    """Whether an answer says the records don't hold what was asked."""
    return bool(DECLINE_RE.search(answer))


def _period_numbers(
    outputs: Sequence[Mapping[str, Any]], ranges: tuple[tuple[str, str], ...]
) -> list[Mapping[str, Any]]:
    """The ``period`` reads whose first range is exactly the days asked."""
    wanted = ranges[0] if ranges else None
    found: list[Mapping[str, Any]] = []
    for out in outputs:
        data: Any = out.get("data")
        if not isinstance(data, dict) or "period" not in data or "metric" not in data:
            continue
        period = cast(dict[str, Any], data["period"])
        if wanted and (period.get("first_day"), period.get("last_day")) != wanted:
            continue
        found.append(out)
    return found


_CITATION = re.compile(r"\[\[[^\]\n]*\]\]")
_DATE_WORDS = re.compile(
    r"\b\d{1,2}(?:-\d{1,2})?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    r"(?:\s+\d{4})?|\b\d{4}-\d{2}-\d{2}\b|\b(?:19|20|21)\d\d\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(r"(?<![\w.,])\d+(?:\.\d+)?(?![\w,]|\.\d)")


def _small_figure_read(answer: str, values: list[float]) -> bool:
    """Whether a figure the answer states (dates and citations aside) is a value read."""
    text = _DATE_WORDS.sub(" ", _CITATION.sub(" ", answer))
    stated = [float(m.group(0)) for m in _FIGURE.finditer(text)]
    return any(abs(s - v) < 0.005 for s in stated for v in values)


def check_decisive(doubts: Sequence[str]) -> CheckResult:
    """Check that the evidence settled the answer: a writer that picked between close
    candidates, or offered a cause by its timing alone, says so, and the answer is then
    not verified (it is shown, with the reason)."""
    if doubts:
        return CheckResult("the evidence decides", False, "; ".join(dict.fromkeys(doubts)))
    return CheckResult("the evidence decides", True, "no close second and no guess")


def check_relevance(
    answer: str,
    asked: Asked,
    *,
    cited_types: Mapping[str, str],
    outputs: Sequence[Mapping[str, Any]],
) -> CheckResult:
    """Check that ``answer`` is about what was asked (see the module docstring)."""
    name = "answers the question"
    declined = is_decline(answer)
    if asked.must_decline:
        if declined:
            return CheckResult(name, True, "says plainly the records don't hold it")
        return CheckResult(
            name,
            False,
            f"answers from the records a question they don't cover ({asked.why_decline})",
        )
    if declined:
        return CheckResult(name, True, "says plainly the records don't hold it")
    cited = extract_citations(answer)
    if not cited:
        return CheckResult(name, False, "cites nothing the question asks about")
    types = {cited_types.get(c, "") for c in cited}
    about = set(asked.subject_ids) | set(asked.extra_ok)
    if about and not about & set(cited) and asked.kind not in ("policy", "document", "decision"):
        return CheckResult(
            name, False, f"does not cite {asked.subject_name or 'the thing asked about'}"
        )
    need: tuple[frozenset[str], str] | None = None
    if asked.kind == "owner":
        need = (PEOPLE, "a person")
    elif asked.kind in ("relationship", "ratio") and asked.asked_types:
        need = (frozenset(asked.asked_types), " or ".join(asked.asked_types).lower())
    elif asked.kind == "decision":
        # a rule is a standing decision ("what did we decide about Saturdays": the rule
        # the meeting set); a passage alone is not what was decided
        need = (frozenset({"Decision", "Rule"}), "a decision or a rule")
    elif asked.kind in ("policy", "document"):
        need = (PASSAGES, "a rule or a passage")
    elif asked.kind == "metric" and asked.metric_op == "why":
        need = (CAUSES, "a cause (an incident, release or decision)")
    elif asked.kind == "metric":
        need = (frozenset({"Metric"}), "the metric")
    if need is not None and not types & need[0]:
        return CheckResult(name, False, f"a {asked.kind} question needs {need[1]}, cited")
    if asked.kind == "metric" and asked.metric_op != "why":
        reads = _period_numbers(outputs, asked.ranges)
        claims = extract_numbers(answer)
        if not reads:
            return CheckResult(name, False, "states no figure read for the days asked")
        if claims:
            if find_unmatched(claims, data_numbers(reads)) == claims:
                return CheckResult(name, False, "states no figure read for the days asked")
        # a small count ("5 installs") is no claim to the numbers check, but it is the
        # answer here: it must be one of the figures read for the days asked
        elif not _small_figure_read(answer, data_numbers(reads)):
            return CheckResult(name, False, "states no figure read for the days asked")
    return CheckResult(name, True, f"cites {len(cited)} of the things asked about")
