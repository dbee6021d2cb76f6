"""Guard: "before <thing>" is answered with what held before that thing, not what holds now.

"How did people book the makerspace before BenchBook?" answered with today's booking rule
cites a real rule; only the time is wrong: the practice BenchBook replaced was asked.
The guard reads the thing after "before" (not a date: ``check_period`` reads those) and
fails an answer that says nothing of a change (replaced, superseded, retired, until, used
to) nor of the time before the thing: naming the thing is not enough, as today's rule
names the app it is done in ("pre-starts are done in FleetTrak", asked how they were done
before FleetTrak).
"""

from __future__ import annotations

import re
from datetime import date

from agents.checks._answer import CheckResult
from agents.checks.guards._dates import named_spans
from agents.checks.guards._decline import fold

NAME = "before a thing is answered for the time before it"
_BEFORE = re.compile(r"\bbefore\s+(?:the|our|we|it|that|a|an)?\s*([^?.!,;()]{2,60})", re.I)
#: Words that say what changed, or when something held until.
_CHANGE = re.compile(
    r"\b(?:replac\w*|supersed\w*|retir\w*|until|till|used to|no longer|previously|"
    r"switched|moved|changed|ended)\b",
    re.I,
)
_FILLER_TEXT = """
the our a an we it us they got get came come started start began went live was were is did
do does had have has been switched moved changed thing stuff new came in
"""
_FILLER = frozenset(_FILLER_TEXT.split())
_MIN_CHARS = 4
#: What an answer says held before something: "before Kemtex, dosing was by hand".
_BEFORE_IN = re.compile(r"\b(?:before|prior to|ahead of)\s+([^.;:]{2,80})", re.I)


def _key(word: str) -> str:
    return word[:6] if len(word) >= 6 else word.removesuffix("s")


def check_before(question: str, answer: str, today: date, *, declined: bool) -> CheckResult:
    """Check that an answer to "before <thing>" speaks of that thing or of a change."""
    m = _BEFORE.search(question)
    if declined or m is None or named_spans(m.group(1), today):
        return CheckResult(NAME, True, "the question asks about no time before a thing")
    thing = {_key(w) for w in fold(m.group(1)).split() if len(w) >= _MIN_CHARS} - {
        _key(w) for w in _FILLER
    }
    if not thing:
        return CheckResult(NAME, True, "the question names no thing after 'before'")
    text = re.sub(r"\[\[[^\]]*\]\]", " ", answer)
    said = {_key(w) for w in fold(" ".join(_BEFORE_IN.findall(text))).split()}
    if thing & said or _CHANGE.search(text):
        return CheckResult(
            NAME, True, "the answer speaks of the time before the thing or of a change"
        )
    return CheckResult(
        NAME,
        False,
        f"the question asks what held before {m.group(1).strip()!r}; the answer says nothing "
        "of it or of what it replaced",
    )
