"""Guard: a rule or passage given as the answer is about what the question asks of.

"How do I get red wine out of a carpet?" answered with the rule on washing infected linen
in red bags cites a real rule; only the subject is wrong (a word of three letters was all
they shared). The guard reads the question's words of substance (four letters or more,
not the words every question asks with) and fails an answer that rests on rules, documents
or meeting lines alone and shares none of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import cited_ids, records
from agents.checks.guards._decline import fold

NAME = "a rule or passage is about what was asked"
#: Records that answer with what they say, not with who or what they are.
_SAYING = frozenset({"Rule", "Document", "Chunk", "Meeting", "Message", "Email", "Note", "Page"})
_ASKING_TEXT = """
what when where which while whom whose with from into onto about have does doing done
should could would shall will allowed allow rule rules policy policies there their they
them this that these those then than much many some any anything something every each
make made take took give gave tell told need needs want wants know okay fine also just
really please thanks able still ever again
"""
_ASKING = frozenset(_ASKING_TEXT.split())
_MIN_CHARS = 4


def _key(word: str) -> str:
    return word[:6] if len(word) >= 6 else word.removesuffix("s")


def check_topic(
    question: str, answer: str, outputs: Sequence[Mapping[str, Any]], *, declined: bool
) -> CheckResult:
    """Check that an answer resting on rules or passages shares a word of substance with
    the question."""
    if declined:
        return CheckResult(NAME, True, "a decline rests on nothing")
    asked = {
        _key(w) for w in fold(re.sub(r"['’]s\b", " ", question)).split() if len(w) >= _MIN_CHARS
    } - {_key(w) for w in _ASKING}
    if not asked:
        return CheckResult(NAME, True, "the question has no word of substance")
    ids = cited_ids(answer)
    if not ids:
        return CheckResult(NAME, True, "the answer cites nothing")
    held = records(outputs)
    if any(str(held.get(i, {}).get("type") or "") not in _SAYING for i in ids):
        return CheckResult(NAME, True, "the answer rests on more than rules and passages")
    said = {_key(w) for w in fold(re.sub(r"\[\[[^\]]*\]\]", " ", answer)).split()}
    if asked & said:
        return CheckResult(NAME, True, "the rule or passage shares the question's subject")
    return CheckResult(
        NAME, False, "the answer's rules and passages share no word of substance with the question"
    )
