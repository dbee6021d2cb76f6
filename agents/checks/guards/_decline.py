"""Guard: no verified "I don't have that" while a record the question names by name exists.

"groenkrediet goes bust tomorrow" was declined as "nothing named bust": a reader that
mistakes a verb for a name declines a question about a thing the records hold. This guard
knows nothing of how the question was read. It takes the names of the records this turn's
tools returned and fails a decline when the question holds one of them near verbatim
(folded: case, accents, punctuation and a plural "s" aside): the answer must then answer
from that record, or say what it lacks about it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from agents.checks._answer import CheckResult

NAME = "a decline holds no record asked about"
#: Names this short (folded letters) are words, not names: "ops", "HR".
MIN_NAME_CHARS = 4
#: Words no name is made of alone.
_PLAIN_TEXT = """
the our and for with from team teams sales office admin support general data report
meeting meetings notes task tasks work account accounts tool tools
"""


def fold(text: str) -> str:
    """Lower case, accents and punctuation dropped, spaces single, a plural "s" dropped."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    words = re.findall(r"[^\W_]+", plain.replace("'", ""))
    return " ".join(w[:-1] if len(w) > 4 and w.endswith("s") else w for w in words)


_PLAIN = frozenset(fold(w) for w in _PLAIN_TEXT.split())


def named_records(question: str, names: Iterable[str]) -> list[str]:
    """The record names the question holds whole (as words, not inside other words)."""
    asked = f" {fold(question)} "
    found: list[str] = []
    for name in names:
        if name[:1] in "#@" and name not in question:
            continue  # a channel or a handle is named with its mark: "#installs" is no "installs"
        folded = fold(name)
        if len(folded.replace(" ", "")) < MIN_NAME_CHARS or folded in _PLAIN:
            continue
        if f" {folded} " in asked and name not in found:
            found.append(name)
    return found


def check_decline(question: str, names: Iterable[str], *, declined: bool) -> CheckResult:
    """Check that a decline is not about a record the question names."""
    if not declined:
        return CheckResult(NAME, True, "not a decline")
    held = named_records(question, names)
    if held:
        return CheckResult(
            NAME, False, f"declines, but the records hold {held[0]!r}, which the question names"
        )
    return CheckResult(NAME, True, "no record the question names is in the records read")
