"""Guard: a person the question names must be the person the answer is about.

"What did councillor Brenda McLeod decide?" answered with what Marguerite Lavallée agreed
reads as an answer and cites real records; only the person is wrong (nobody of that name
is held, or a near-namesake is). The guard reads who the question names from the slot a
person stands in ("what did X decide", "can X sign", "X's review") and fails an answer
that holds none of that name's words, saying who is not in the records it cites and who
is: the answer is then about someone else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import cited_ids, records
from agents.checks.guards._decline import fold

NAME = "the person asked about is the one answered"
_ACTS = (
    r"(?:decide|decided|say|said|agree|agreed|want|wanted|approve|approved|propose|proposed|"
    r"choose|chose|pick|picked|think|thought|sign|signed|ask|asked|promise|promised|tell|told|"
    r"plan|planned|suggest|suggested|write|wrote|order|ordered|reject|rejected)"
)
#: "what did X decide", "can X sign off": X is who acts
_ACTOR = re.compile(
    rf"\b(?:did|does|has|had|will|would|can|could|may|should|is|was)\s+"
    rf"((?:[a-z][\w'-]*\s+){{1,4}}?){_ACTS}\b"
)
#: "kar wai's review": the one or two words before 's
_OWNER = re.compile(r"((?:[a-z][\w-]*\s+)?[a-z][\w-]*)'s\s+[a-z]")
#: Words that stand in a person's slot without naming anyone.
_NOBODY_TEXT = """
i we you they he she it us them me someone somebody anyone anybody everyone everybody nobody
who whoever people ppl the a an our my your their his her its this that these those one ever
really actually finally already just also still then all both each mr mrs ms miss dr prof
sir madam councillor mayor today yesterday last week month year what where when how why
which there here let per according to by from in at on of for about with monday tuesday
wednesday thursday friday saturday sunday
"""
_NOBODY = frozenset(_NOBODY_TEXT.split())
_MIN_CHARS = 3


def asked_people(question: str) -> list[str]:
    """The names the question puts where a person stands, folded, titles dropped."""
    q = question.casefold().replace("’", "'")
    found: list[str] = []
    for pattern in (_ACTOR, _OWNER):
        for m in pattern.finditer(q):
            words = [w for w in fold(m.group(1)).split() if w not in _NOBODY]
            words = [w for w in words if len(w) >= _MIN_CHARS]  # "de" of "Sanne de Boer"
            if words:
                name = " ".join(words)
                if name not in found:
                    found.append(name)
    return found


def check_named_person(
    question: str, answer: str, outputs: Sequence[Mapping[str, Any]], *, declined: bool
) -> CheckResult:
    """Check that every person the question names is named, whole, in the answer."""
    if declined:
        return CheckResult(NAME, True, "a decline is about nobody")
    said = f" {fold(answer)} "
    for name in asked_people(question):
        # every word of the name in the answer: "Sanne Bakker" is no "Sanne de Boer"
        if all(f" {w} " in said for w in name.split()):
            continue
        held = records(outputs)  # read only when it fails: the outputs may be long
        people = [
            str(held[i].get("name") or i)
            for i in cited_ids(answer)
            if i in held and held[i].get("type") == "Person"
        ]
        instead = f"; it is about {', '.join(people[:3])}" if people else ""
        return CheckResult(
            NAME,
            False,
            f"the question names {name!r}, who is not in the records this answer cites{instead}",
        )
    return CheckResult(NAME, True, "the answer names every person the question names")
