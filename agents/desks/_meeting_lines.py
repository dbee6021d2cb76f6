"""What a meeting's lines say: the exchange about a topic, and who took what on.

A meeting's record is its transcript first: decisions and action items are extracted from
it at ingest, but only where someone said them outright ("we agreed to ...", "I'll send
..."). "What did we agree about Saturday shifts in the ops meeting?" is answered by the
lines themselves: the line that speaks to the topic most (searched within that meeting,
by words and meaning), and the exchange around it, from the first line of the topic to
the reply after its last, so the answer holds the proposal, the agreement and who takes
it on. "Who's doing what after the ops meeting?" reads the lines for work handed out: a
speaker who turns to someone by name with a request ("Dean, you set it up", "Ravi, can
you have them fitted by the twentieth?") or says what they will do ("I'll export them"),
each with the reply of the one who took it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._words import alike, content_words

#: Lines of a topic apart at most to be one exchange.
TOPIC_GAP = 3
#: Lines an exchange quotes at most.
EXCHANGE_LINES = 6
#: Lines before a request that say what it is about.
CONTEXT_LINES = 2
#: How many lines after a request the one asked has to reply in.
REPLY_WITHIN = 2

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
#: Words a sentence may open with before the name it turns to ("Okay, so, Dean, ...").
_OPENERS = r"(?:(?:ok(?:ay)?|right|so|and|good|great|fine|thanks|then|also)[,.]?\s+)*"
_TURNS_TO = re.compile(rf"^{_OPENERS}(?P<name>[A-Z][a-z'-]+),\s+(?P<ask>.+)$", re.I)
#: A sentence that asks how things stand, not for work: "Tomasz, how's finishing coping?"
_ASKS_STATE = re.compile(
    r"^(?:how|what|what's|where|why|when|who|which|is|are|was|were|do|does|did|have|has|any)"
    r"\b",
    re.I,
)
_WILL_DO = re.compile(
    r"\b(?:I'll|I will|I'm going to|I am going to|I can)\s+(?P<what>[a-z][\w'-]*\b.*)", re.I
)
#: "I can't", "I'll be honest": a commitment needs a verb of doing after it.
_NOT_WORK = re.compile(r"^(?:be|not|never|see|try to|think|say|tell you|bet)\b", re.I)


@dataclass(frozen=True, slots=True)
class Line:
    """One spoken line: its chunk id, number, speaker and words (without the speaker)."""

    id: str
    number: int
    speaker: str
    words: str

    def quoted(self) -> str:
        return f"{self.speaker}: \u201c{self.words}\u201d [[{self.id}]]"


def lines_of(passages: list[dict[str, Any]]) -> list[Line]:
    """A meeting's passages (the ``passages`` tool's) as spoken lines, in order."""
    out: list[Line] = []
    for p in passages:
        if p.get("line") is None:
            continue
        text = str(p.get("text") or "")
        speaker = str(p.get("speaker") or "")
        words = text.split(": ", 1)[1] if speaker and text.startswith(f"{speaker}:") else text
        out.append(Line(str(p["id"]), int(p["line"]), speaker, words.strip()))
    return sorted(out, key=lambda line: line.number)


def holds(line: Line, topic: set[str]) -> set[str]:
    """The topic words a line holds (alike, not only equal: "shifts" meets "shift")."""
    own = content_words(line.words)
    return {t for t in topic if t in own or any(alike(t, w) for w in own)}


def exchange(lines: list[Line], best: Line, topic: set[str]) -> list[Line]:
    """The exchange about a topic around its best line: every line of the topic no more
    than ``TOPIC_GAP`` lines from the next, and the reply after the last of them (its
    opening and its end, when it is long)."""
    chosen = talk_about(lines, best, topic)
    if len(chosen) > EXCHANGE_LINES:  # the agreement comes last: keep the opening and the end
        chosen = [chosen[0], *chosen[-(EXCHANGE_LINES - 1) :]]
    return chosen


def talk_about(lines: list[Line], best: Line, topic: set[str]) -> list[Line]:
    """Every line of the talk about a topic around its best line, as ``exchange`` finds it:
    what was settled in it is settled about the topic, in whatever words."""
    index = {line.number: i for i, line in enumerate(lines)}
    at = index.get(best.number)
    if at is None:
        return [best]
    first = last = at
    i = at - 1
    while i >= 0 and at - i <= TOPIC_GAP * 4:
        if holds(lines[i], topic) and first - i <= TOPIC_GAP:
            first = i
        i -= 1
    i = at + 1
    while i < len(lines):
        if holds(lines[i], topic):
            if i - last > TOPIC_GAP:
                break
            last = i
        i += 1
    end = min(last + 1, len(lines) - 1)  # the reply after the topic's last line
    return lines[first : end + 1]


#: A line that opens the next matter: "Next, the TideTix renewal.", "Moving on.", "Item 3".
_NEXT_MATTER = re.compile(
    r"^(?:(?:right|okay|ok|so|good|great|and|then)[,.]?\s+)*(?:next(?:\s+(?:up|thing|item|"
    r"one|matter|point))?\b|moving\s+on\b|on\s+to\b|item\s+\w+\b|last\s+(?:thing|item)\b|"
    r"(?:first|second|third)\s+(?:thing|item)\b)",
    re.I,
)
#: Lines a matter runs for at most, when no next one is opened.
MATTER_LINES = 30


def matter_of(lines: list[Line], best: Line, topic: set[str]) -> list[Line]:
    """The lines of the matter the talk about a topic is in: from where the chair opened it
    ("First thing, dockets.") to the line before the next one ("Next, RigSight."), so what
    was settled in it counts though its words never name the topic; in a meeting that
    opens no matters by name, the talk alone."""
    talk = talk_about(lines, best, topic)
    opens = [i for i, line in enumerate(lines) if _NEXT_MATTER.match(line.words)]
    index = {line.number: i for i, line in enumerate(lines)}
    at = index.get(best.number)
    if not opens or at is None:
        return talk
    # the matter the best line is in: from the opening at or before it (else the talk's
    # first line) to the line before the next opening
    start = max([i for i in opens if i <= at], default=index.get(talk[0].number, at))
    end = min([i for i in opens if i > at], default=len(lines))
    return lines[start : min(end, start + MATTER_LINES)]


@dataclass(frozen=True, slots=True)
class Handed:
    """A piece of work a meeting handed out: to whom, the line that did, the reply."""

    who: str
    line: Line
    reply: Line | None
    #: The lines just before the request: what "have them all fitted" is about.
    before: tuple[Line, ...] = ()

    def holds(self, topic: set[str]) -> list[Line]:
        """The lines of this work (before it, it, its reply) that hold a topic word."""
        lines = [*self.before, self.line, *([self.reply] if self.reply else [])]
        return [x for x in lines if holds(x, topic)]


def handed_out(lines: list[Line], attendees: dict[str, dict[str, Any]]) -> list[Handed]:
    """The work a meeting's lines hand out: requests to someone by name, and what a
    speaker says they will do (a reply to a request is that request's, not new work).
    ``attendees`` maps a first name (lower case) to the attendee's node."""
    found: list[Handed] = []
    replied: set[int] = set()
    for i, line in enumerate(lines):
        for sentence in _SENTENCE.split(line.words):
            m = _TURNS_TO.match(sentence.strip())
            if m is None:
                continue
            name, ask = m["name"].lower(), m["ask"]
            who = attendees.get(name)
            if who is None or _ASKS_STATE.match(ask) or len(ask.split()) < 2:
                continue
            if name == line.speaker.split(" ")[0].lower():
                continue
            reply = next(
                (
                    later
                    for later in lines[i + 1 : i + 1 + REPLY_WITHIN]
                    if later.speaker == str(who.get("name") or "")
                ),
                None,
            )
            if reply is not None:
                replied.add(reply.number)
            before = tuple(lines[max(0, i - CONTEXT_LINES) : i])
            found.append(Handed(str(who.get("name") or name), line, reply, before))
            break
    for line in lines:
        if line.number in replied or not line.speaker:
            continue
        m = _WILL_DO.search(line.words)
        if m and not _NOT_WORK.match(m["what"]):
            found.append(Handed(line.speaker, line, None))
    return sorted(found, key=lambda h: h.line.number)


async def meeting_lines(ledger: ToolLedger, desk: str, meeting_id: str) -> list[Line]:
    """The spoken lines of one meeting, in order."""
    read = await ledger.call(desk, "passages", {"name": meeting_id})
    return lines_of(read.data.get("passages", []))


async def best_line(
    ledger: ToolLedger, desk: str, meeting_id: str, topic_text: str, topic: set[str]
) -> Line | None:
    """The meeting's line that speaks to the topic most: of the lines search finds within
    it (by words and meaning), the first that holds the most topic words; None when none
    holds one."""
    read = await ledger.call(
        desk, "search", {"query": topic_text[:500], "within": meeting_id, "limit": 8}
    )
    found = lines_of(read.data.get("passages", []))
    scored = [(len(holds(line, topic)), -rank, line) for rank, line in enumerate(found)]
    scored = [s for s in scored if s[0] > 0]
    if not scored:
        return None
    return max(scored, key=lambda s: (s[0], s[1]))[2]
