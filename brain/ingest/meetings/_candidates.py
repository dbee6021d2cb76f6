"""A proposed decision or action item, whoever proposed it, and its name made tidy."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Kind = Literal["decision", "action"]
MAX_NAME = 140

_LEADING_TALK = re.compile(
    r"^(?:(?:(?:oh|um+|uh+|erm?|em|ah+|and|so|okay|ok|alright|yeah|yes|yep|then|just|now|also)"
    r"\b[,.!]?|(?:well|look|right|fine|grand|good|great|lovely|perfect|cool)[,.!])\s+)+",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A proposed decision or action item, citing the 0-based lines it rests on."""

    kind: Kind
    text: str
    lines: tuple[int, ...]
    confidence: float
    owner: str | None = None
    due: str | None = None  # ISO date, or words to resolve against the meeting date
    basis: str = "rules"


def tidy(text: str) -> str:
    """A name from spoken words: no leading "okay, so", a capital, no end mark, not too long."""
    text = _LEADING_TALK.sub("", text.strip()).strip().rstrip(".!,;:?").strip()
    text = text[:1].upper() + text[1:]
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1].rstrip() + "…"
