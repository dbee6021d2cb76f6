"""Guard: a "who" or "which company" question is answered with someone, not with a rule.

"Who's on the audit prep these days?" answered with the audit rule and a passage about the
audit, or "which company makes that software?" answered with a rule, cite real records;
only the relation asked is not stated. The guard reads what kind of answer the question
asks for (someone for "who", a person for "who's our account manager", a company for
"which company / supplier / carrier") and fails an answer that cites no such record
besides the ones the question itself names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from agents.checks._answer import CheckResult
from agents.checks.guards._cited import cited_ids, records
from agents.checks.guards._decline import named_records

NAME = "the answer is the kind of thing asked"
_SOMEONE = frozenset({"Person", "Team", "Organization", "Vendor", "Customer"})
_COMPANY = frozenset({"Organization", "Vendor", "Customer"})
_WHO = re.compile(r"\bwho(?:'s|’s|s|m|se)?\b", re.I)
#: A role a person holds: "who's our account manager", "who is the contact".
_ROLE = re.compile(
    r"\b(?:manager|contact|rep|representative|engineer|technician|coordinator|officer|"
    r"person|guy|lady|admin|administrator|director|supervisor|lead|head)s?\b",
    re.I,
)
_WHICH_COMPANY = re.compile(
    r"\b(?:which|what)\s+(?:\w+\s+)?(?:company|companies|firm|vendor|supplier|carrier|"
    r"provider|maker|manufacturer|contractor)s?\b",
    re.I,
)


def asked_kind(question: str) -> tuple[str, frozenset[str]] | None:
    """(what is asked for, the record types that answer it), or None for anything else."""
    if _WHICH_COMPANY.search(question):
        return "a company", _COMPANY
    if _WHO.search(question):
        if _ROLE.search(question):
            return "a person", frozenset({"Person"})
        return "someone", _SOMEONE
    return None


def check_asked_relation(
    question: str,
    answer: str,
    outputs: Sequence[Mapping[str, Any]],
    *,
    declined: bool,
) -> CheckResult:
    """Check that the answer cites someone (or a company) of the kind asked, besides the
    records the question names itself."""
    kind = asked_kind(question)
    if declined or kind is None:
        return CheckResult(NAME, True, "the question asks for no one")
    said, types = kind
    held = records(outputs)
    cited = [held[i] for i in cited_ids(answer) if i in held]
    if not cited:
        return CheckResult(NAME, True, "the answer cites nothing the reads returned")
    fitting = [str(c.get("name") or "") for c in cited if c.get("type") in types]
    named = set(named_records(question, fitting))  # of those, the ones the question names
    if any(name not in named for name in fitting):
        return CheckResult(NAME, True, f"the answer names {said}")
    return CheckResult(
        NAME,
        False,
        f"the question asks for {said}; the answer cites none besides what the question names",
    )
