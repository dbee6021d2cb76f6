"""What a turn is doing right now, in words a chat surface can show while it works.

A turn takes seconds; Slack's assistant status and Discord's progressive edits show the
asker what is happening meanwhile ("reading 3 meetings and 2 decisions", "checking
figures"). The turn calls its ``Progress`` at each step and after every tool read; the
callback must not block and may not fail the turn, so ``TurnProgress`` calls it inside a
guard. Rate-limiting what reaches the platform is the adapter's job: it keeps the latest
line and sends it at most once a second.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)

#: Told what the turn is doing now, in a short lower-case phrase; returns at once.
Progress = Callable[[str], None]

#: Type names whose plural is not the type name with an "s".
_PLURALS = {
    "Person": "people",
    "Observation": "readings",
    "Chunk": "passages",
    "Entity": "records",
}
_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])")
#: Kinds named in one line at most; the rest are "other records".
MAX_KINDS = 3


def kind_words(node_type: str, count: int) -> str:
    """``3 meetings``, ``1 decision``, ``2 pull requests``, ``5 readings``."""
    if count == 1:
        singular = _PLURALS.get(node_type, "")
        word = {"people": "person", "readings": "reading", "passages": "passage"}.get(
            singular, _HUMP.sub(" ", node_type).lower()
        )
        return f"1 {word}"
    plural = _PLURALS.get(node_type)
    if plural is None:
        word = _HUMP.sub(" ", node_type).lower()
        consonant_y = word.endswith("y") and word[-2:-1] not in "aeiou"
        plural = word[:-1] + "ies" if consonant_y else word + "s"
    return f"{count} {plural}"


def reading_line(types: Iterable[str]) -> str:
    """``reading 3 meetings, 2 decisions and 4 other records`` from the types of the distinct
    records read so far (the most read kinds first)."""
    counts = Counter(types)
    if not counts:
        return "reading your records"
    top = counts.most_common(MAX_KINDS)
    parts = [kind_words(t, n) for t, n in top]
    rest = sum(counts.values()) - sum(n for _, n in top)
    if rest:
        parts.append(f"{rest} other record{'s' if rest != 1 else ''}")
    head = ", ".join(parts[:-1])
    return "reading " + (f"{head} and {parts[-1]}" if head else parts[-1])


class TurnProgress:
    """A turn's progress callback, guarded: a failing callback is logged, never raised."""

    def __init__(self, progress: Progress | None) -> None:
        self._progress = progress
        self.last = ""

    def say(self, line: str) -> None:
        """Tell the callback ``line`` unless it is what it was told last."""
        if self._progress is None or line == self.last:
            return
        self.last = line
        try:
            self._progress(line)
        except Exception:  # a surface's status must never cost the answer
            log.exception("progress callback failed on %r", line)
