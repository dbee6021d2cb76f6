"""Guard: "what breaks if X goes down" lists what depends on X, not on a thing near it.

"The X-ray machine is offline" answered with what depends on the X-ray export service
account lists real dependents of the wrong thing. The guard reads the kind of thing the
question says fails (a machine, an account or key, a supplier) from the words before the
failure, and fails an answer whose "If <thing> stops" cites a record of another kind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import records
from agents.checks.guards._decline import fold

NAME = "the thing that fails is the one asked about"
_FAILS = re.compile(
    r"\b(?:goes|go|going|gone|went|is|are|was)\s+(?:down|offline|bust|under|dark)\b|"
    r"\b(?:offline|stops?|stopped|fails?|failed|breaks?|broke|crash(?:es|ed)?|dies|died|"
    r"expires?|expired|lapses?|lapsed|suspended|cancell?ed|outage)\b",
    re.I,
)
#: What a word for the failing thing says about its kind: the record types it may be.
_KINDS: dict[str, frozenset[str]] = {}
for _words, _types in (
    ("machine machines printer printers scanner scanners server servers laptop laptops "
     "oven ovens van vans truck trucks vehicle vehicles equipment device devices robot robots "
     "mounter mounters forklift forklifts", {"Tool", "Asset"}),
    ("account accounts key keys licence licences license licenses login logins "
     "subscription subscriptions plan plans password passwords token tokens", {"Account"}),
    ("supplier suppliers vendor vendors courier couriers contractor contractors",
     {"Vendor", "Organization"}),
):  # fmt: skip
    for _w in _words.split():
        _KINDS[_w] = frozenset(_types)
_STOPS = re.compile(r"\bIf (.{1,160}?)\[\[([^\]\n#]+)\]\] stops\b")


def check_impact_subject(
    question: str, answer: str, outputs: Sequence[Mapping[str, Any]], *, declined: bool
) -> CheckResult:
    """Check that every thing the answer says stops is of the kind the question says fails."""
    fails = _FAILS.search(question)
    if declined or fails is None:
        return CheckResult(NAME, True, "the question names nothing failing")
    subject = fold(question[: fails.start()]).split()[-4:]
    kinds = [_KINDS[w] for w in subject if w in _KINDS]
    if not kinds:
        return CheckResult(NAME, True, "the question does not say what kind of thing fails")
    held = records(outputs)
    for m in _STOPS.finditer(answer):
        kind = str(held.get(m.group(2).strip(), {}).get("type") or "")
        if kind and not any(kind in k for k in kinds):
            return CheckResult(
                NAME,
                False,
                f"the question says a {subject[-1] if subject else 'thing'} fails, but the "
                f"answer lists what depends on {m.group(1).strip()!r} ({kind})",
            )
    return CheckResult(NAME, True, "the answer lists what depends on the kind of thing asked")
