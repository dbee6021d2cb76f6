"""The speakers a question names, taken out before its passages are searched again.

A transcript line carries its speaker ("Dana Okafor: the crane is booked for Tuesday"),
both in the text full-text search reads and in the text its vector was made from. A
question that names a speaker ("what did Dana Okafor think of the crane hire?") then
matches every line that speaker said, in every meeting they spoke in: the same people
speak in most of a team's meetings, so the name picks out neither the meeting nor the
topic, and the speaker's shortest lines ("Dana Okafor: Okay.") rank first on the name
alone. So when the passages found for a question include lines by a speaker the question
names, the passages are searched once more for the question without those names, by
words and by meaning; the question as asked still counts through its own vector (who
said it is part of what was asked). Only names of speakers among the matched passages
are taken out, so a document search, or a question naming nobody who speaks, is
searched exactly as asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from brain.reads._fulltext import fulltext_query

#: A speaker name shorter than this ("A", "PM") is not looked for in a question: too many
#: words would read as it.
MIN_NAME_CHARS = 3


def named_speakers(text: str, speakers: Iterable[str | None]) -> list[str]:
    """The speakers (of ``speakers``) that ``text`` names as whole words, longest first."""
    found: list[str] = []
    for name in sorted({s.strip() for s in speakers if s}, key=lambda s: (-len(s), s)):
        if len(name) < MIN_NAME_CHARS or any(name.lower() in f.lower() for f in found):
            continue
        if _pattern(name).search(text):
            found.append(name)
    return found


def without_speakers(text: str, names: Iterable[str]) -> str:
    """``text`` with every whole-word mention of ``names`` (and their possessive) removed."""
    for name in names:
        text = _pattern(name).sub(" ", text)
    return " ".join(text.split())


def speaker_free(text: str, speakers: Iterable[str | None]) -> str | None:
    """The question to search passages with again, or None when it names no speaker of
    ``speakers`` (or has no word to search for without them)."""
    names = named_speakers(text, speakers)
    if not names:
        return None
    plain = without_speakers(text, names)
    return plain if fulltext_query(plain) is not None else None


def _pattern(name: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(w) for w in name.split())
    return re.compile(rf"(?<!\w){words}(?:['’]s)?(?!\w)", re.IGNORECASE)
