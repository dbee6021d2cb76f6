"""Decisions read out of pull-request threads by rules, for tenants without a model.

A pull request's title and its commits' messages say what was chosen more often than any
other text in a repository: "switch CI to a merge queue", "use uv instead of pip
because...", "drop support for Python 3.8". A sentence with such a cue becomes a
Decision, scored by how plainly it decides (a strong cue) and whether it says why (a
rationale cue); anything under ``CONFIDENCE_BAR`` is dropped. What a Decision links to
is checked against the thread by construction: it is DECIDED_IN the pull request the
text came from, MADE_BY people who wrote that pull request's commits, and AFFECTS only
code components that pull request changed. Ids come from the pull request and the
sentence, so a replay adds nothing.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

#: Decisions below this confidence are not written.
CONFIDENCE_BAR = 0.5
#: Longest summary kept (characters).
MAX_SUMMARY = 240

_STRONG = re.compile(
    r"\b(?:decided|decide to|we chose|chose to|switch(?:ed|es|ing)? (?:\w+ ){0,3}to|"
    r"migrat(?:e|ed|es|ing) (?:\w+ ){0,3}to|replac(?:e|ed|es|ing) .{1,60}? with|"
    r"instead of|in favou?r of|rather than|deprecat(?:e|ed|es|ing)|"
    r"drop(?:ped|s)? support|no longer (?:support|use)|move(?:d|s)? (?:away )?from .{1,40}? to|"
    r"adopt(?:ed|s)?|standardi[sz]e(?:d|s)? on|gate (?:\w+ ){0,3}on)\b",
    re.IGNORECASE,
)
_WEAK = re.compile(r"\b(?:use|uses|using|prefer|require|requires|enforce|always|never)\b", re.I)
_WHY = re.compile(
    r"\b(?:because|since|so that|so we|to avoid|to prevent|to keep|to make sure|as it|"
    r"which (?:caused|broke|led)|otherwise|due to)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|[\r\n]+")
_NOISE = re.compile(r"^(?:signed-off-by|co-authored-by|merge (?:pull request|branch)|\* )", re.I)


@dataclass(frozen=True, slots=True)
class FoundDecision:
    """One decision read from a thread's text."""

    id: str
    summary: str
    rationale: str | None
    confidence: float


def decisions_in(text: str, *, thread: str) -> list[FoundDecision]:
    """The decisions ``text`` (a title and messages of thread ``thread``) states."""
    found: list[FoundDecision] = []
    sentences = [s.strip(" -*\t:") for s in _SENTENCE.split(text) if s.strip()]
    for i, sentence in enumerate(sentences):
        if len(sentence) < 12 or _NOISE.match(sentence) or "http" in sentence.lower():
            continue
        strong = bool(_STRONG.search(sentence))
        weak = bool(_WEAK.search(sentence))
        if not strong and not weak:
            continue
        following = sentences[i + 1] if i + 1 < len(sentences) else ""
        why = sentence if _WHY.search(sentence) else (following if _WHY.search(following) else "")
        confidence = (0.55 if strong else 0.35) + (0.25 if why else 0.0)
        if "decided" in sentence.lower() or "we chose" in sentence.lower():
            confidence += 0.1
        confidence = round(min(confidence, 0.95), 2)
        if confidence < CONFIDENCE_BAR:
            continue
        summary = sentence[:MAX_SUMMARY]
        digest = hashlib.sha256(summary.lower().encode()).hexdigest()[:10]
        found.append(
            FoundDecision(
                id=f"decision:{thread.removeprefix('pr:')}:{digest}",
                summary=summary,
                rationale=why[: MAX_SUMMARY * 2] or None,
                confidence=confidence,
            )
        )
    return found
