"""Guard: every name the question uses is in the answer.

"Fleet availabilty on 20 aug?" answered with the fleet's diesel burn that day, "which of
our cranes does Vantor look after" answered with a pre-start rule, "billable hours since
the Alcora shutdown" counted from another day: each cites real records, each is about
something else. This guard knows nothing of how the question was read. A word of the
question is a *name word* when a thing this turn's tools returned (a person, a vendor, a
tool, a metric, an event: not a rule, passage or task, whose names are sentences) carries
it in its short name, spelled as people type (a plural, a letter missed or doubled). An
answer that says no name word, in its text or in what it cites (a cited record's aliases
and author count), is not about what was asked, and cannot be verified.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import cited_ids, records
from agents.checks.guards._decline import fold

NAME = "the answer names what the question names"
#: Words this short are too common to be a name's ("ops", "van").
_MIN_CHARS = 4
#: Words questions ask, count and date with: in many names, the subject of none.
_NOT_NAMES_TEXT = """
what when where which while whom whose with from into onto about have does doing done
should could would shall will allowed allow there their they them this that these those
then than much many some any anything something every each make made take took give gave
tell told need needs want wants know okay fine also just really please thanks able still
ever again after before since during until between over under last next past first week
weeks month months year years quarter today yesterday tomorrow morning afternoon evening
night early late middle half start end beginning date dates time times days monday
tuesday wednesday thursday friday saturday sunday january february march april june july
august september october november december sept total average number count rate ratio
per cent percent daily weekly monthly most least more less fewer higher lower change
changed changes rose fell drop dropped spike spiked up down who whos going happen
happened right wrong said says say list show team people person goes gone went stop
stops stopped working work works offline online outage outages fail fails failed failure
break breaks broke broken expire expires expired expiry bust died dies dead live shut
shutdown started starts kicked came come open closed
"""
_NOT_NAMES = frozenset(fold(_NOT_NAMES_TEXT).split())
#: Records whose names this guard does not ask for: sentences (a rule, a task, a passage),
#: and people, whom the person guard holds an answer to ("can Josh place shots" is
#: answered by the rule, not by Josh).
_NOT_THINGS = frozenset(
    {"Rule", "Document", "Chunk", "Meeting", "Message", "Email", "Note", "Page", "Task",
     "Decision", "Step", "Post", "Turn", "Observation", "Person"}
)  # fmt: skip
#: Names longer than this are sentences too, whatever their type.
_NAME_WORDS = 6
#: A name's gloss in brackets says what it is, not what it is called.
_GLOSS = re.compile(r"\([^)]*\)")
#: Long words are matched on their first letters, so "evacuated" meets "evacuation".
_STEM = 6


def _near(a: str, b: str) -> bool:
    """Two folded words are one, as people type: equal, of one stem, or one letter apart."""
    if a == b:
        return True
    if len(a) >= _STEM and len(b) >= _STEM and a[:_STEM] == b[:_STEM]:
        return True
    if min(len(a), len(b)) < _STEM or abs(len(a) - len(b)) > 1:
        return False
    return _one_edit(a, b)


def _one_edit(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]


def _words(text: str) -> set[str]:
    return set(fold(re.sub(r"['’]s\b", " ", text)).split())


def _names(typed: Iterable[tuple[str, str]]) -> Iterable[str]:
    """The short names of things (not sentences, channels or people) among (name, type)."""
    for name, kind in typed:
        if kind in _NOT_THINGS or name[:1] in "#@":
            continue
        short = _GLOSS.sub(" ", name)  # "Fleet availability (share of shifts ready)"
        if len(short.split()) <= _NAME_WORDS:
            yield short


def name_words(question: str, names: Iterable[str]) -> list[str]:
    """The question's words that one of these names carries."""
    named = {w for n in names for w in _words(n) if len(w) >= _MIN_CHARS}
    asked = sorted(w for w in _words(question) if len(w) >= _MIN_CHARS and w not in _NOT_NAMES)
    return [w for w in asked if not w.isdigit() and any(_near(w, n) for n in named)]


def check_subject(
    question: str,
    answer: str,
    outputs: Sequence[Mapping[str, Any]],
    *,
    declined: bool,
    typed: Mapping[str, str] | None = None,
) -> CheckResult:
    """Check that an answer holds every name word of the question; ``typed`` is the type
    of every node the turn read, by name (besides the records of ``outputs``)."""
    if declined:
        return CheckResult(NAME, True, "a decline names nothing")
    held = records(outputs)
    read = [(str(r.get("name") or ""), str(r.get("type") or "")) for r in held.values()]
    wanted = name_words(question, _names([*read, *(typed or {}).items()]))
    said = _words(re.sub(r"\[\[[^\]]*\]\]", " ", answer))
    for i in cited_ids(answer):
        said |= {w for v in held.get(i, {}).values() if isinstance(v, str) for w in _words(v)}
    missing = [w for w in wanted if not any(_near(w, s) for s in said)]
    if missing:
        return CheckResult(
            NAME,
            False,
            f"the question names {missing[0]!r}, as records read this turn do, "
            "and the answer never says it",
        )
    return CheckResult(NAME, True, "every name the question uses is in the answer")
