"""Which meeting question a question is, from how it is asked (any trade's words).

"What was decided in the last meeting", "who raised the cost concern", "my open action
items", "who's doing what after the ops meeting" and "what did we agree about X in the
ops meeting" are answered from a meeting's record rather than from one named thing; the
question reader and the meeting answers both read the shape here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Protocol, TypeVar

_LAST_MEETING = re.compile(
    r"\b(?:decid\w*|decisions?|agreed|action items?|minutes)\b.*\b(?:last|latest|most recent|"
    r"previous)\s+(?:meeting|call|sync|standup|stand-up)\b",
    re.I,
)
WHO_RAISED = re.compile(
    r"^\s*who\s+(?:first\s+)?(?:raised|brought\s+up|mentioned|suggested|proposed|flagged|"
    r"asked\s+about|complained\s+about|said)\s+(.+?)\??\s*$",
    re.I,
)
_ACTION_ITEMS = re.compile(
    r"\b(?:open\s+)?action\s+items?\b|\bwhat\s+(?:do|does|should)\s+(?:i|\w+)\s+(?:need|have)"
    r"\s+to\s+do\b.*\bmeeting",
    re.I,
)
#: "Who's doing what after Monday's ops meeting?", "what came out of the board meeting",
#: "next steps from the review call": the work a named meeting handed out.
_WORK_FROM = re.compile(
    r"\bwho(?:'s|s| is| are)?\s+(?:doing|on|taking|got|handling|picking up)\s+what\b|"
    r"\bwhat\s+came\s+out\s+of\b|\b(?:follow[- ]?ups?|next\s+steps|to-?dos?|actions)\b|"
    # "what's Marco doing after the ops meeting", "what does Priya have to do from it"
    r"\bwhat(?:'s|\s+is|\s+are|\s+does|\s+do|\s+did|\s+has|\s+have)?\s+[\w'-]+(?:\s+[\w'-]+)?\s+"
    r"(?:doing|(?:got|have|has|need|needs|supposed)\s+to\s+do|taking\s+on|picking\s+up|"
    r"signed\s+up\s+for|on\s+the\s+hook\s+for)\b",
    re.I,
)
_MEETING_WORD = re.compile(
    r"\b(?:meeting|mtg|call|sync|stand-?up|huddle|review|catch-?up|session|retro|briefing)\b",
    re.I,
)
#: "Who's sorting the pump alarms after the meeting": who took one piece of work on.
_WHO_TOOK = re.compile(
    r"\bwho(?:'s|\s+is|\s+will|\s+has|\s+was)?\s+(?:\w+\s+)?(?:doing|taking|sorting|handling|"
    r"picking\s+up|fitting|setting\s+up|running|covering|chasing|on|got)\b.*\b(?:after|from|"
    r"in|at|out\s+of)\b",
    re.I,
)
#: Work asked of one meeting: "from the district call", "out of tuesday's sync".
_WORK_FROM_MEETING = re.compile(
    r"\b(?:from|out\s+of|after|in|at)\s+(?:the\s+|our\s+|\w+'?s?\s+)", re.I
)
#: Meetings by name, strictly: a "review" is as often a document.
_MEETING_NAMED = re.compile(
    r"\b(?:meeting|mtg|call|sync|stand-?up|huddle|catch-?up|retro|briefing)\b", re.I
)
#: Asking what a meeting settled (not only what it said): its decisions answer first.
AGREED_ASK = re.compile(
    r"\b(?:agree\w*|decid\w*|decision\w*|settle\w*|conclu\w*|land(?:ed)?\s+on)\b", re.I
)
#: Asking what a meeting said or settled about something.
_TOPIC_ASK = re.compile(
    r"\b(?:agree\w*|decid\w*|decision\w*|settle\w*|say|said|discuss\w*|talk\w*|"
    r"conclu\w*|come\s+up\s+with|land\s+on|landed\s+on)\b",
    re.I,
)
FOR_OWNER = re.compile(r"\b(?:for|of|owned by|assigned to)\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")
MINE = re.compile(r"\b(?:my|mine|i)\b", re.I)


def meeting_question(question: str) -> str | None:
    """Which meeting question this is (``last-decisions``, ``last-actions``,
    ``who-raised``, ``action-items``, ``meeting-work``, ``meeting-topic``), or None for a
    question of another kind."""
    if _LAST_MEETING.search(question):
        return "last-decisions" if not _ACTION_ITEMS.search(question) else "last-actions"
    if WHO_RAISED.match(question):
        return "who-raised"
    if _ACTION_ITEMS.search(question):
        # "who's got which action items from the district call": that meeting's work
        named = _MEETING_NAMED.search(question) and not MINE.search(question)
        return "meeting-work" if named and _WORK_FROM_MEETING.search(question) else "action-items"
    if _WORK_FROM.search(question) and _MEETING_WORD.search(question):
        return "meeting-work"
    if _WHO_TOOK.search(question) and _MEETING_NAMED.search(question):
        return "meeting-work"
    if _TOPIC_ASK.search(question) and _MEETING_NAMED.search(question):
        return "meeting-topic"
    return None


#: The day a meeting was held, said without naming it: "on monday", "tuesday's", "yesterday".
_DAY_SAID = re.compile(
    r"\b(?:(mon|tues|wednes|thurs|fri|satur|sun)day(?:'?s)?|(tues|thurs)|(yesterday)(?:'?s)?)\b",
    re.I,
)
_WEEKDAYS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")


def day_said(question: str, today: date) -> date | None:
    """The day a question says something was held: "yesterday", or the latest weekday it
    names up to today ("on monday" asked on a Thursday is three days before)."""
    m = _DAY_SAID.search(question)
    if m is None:
        return None
    if m[3]:
        return today - timedelta(days=1)
    weekday = _WEEKDAYS.index((m[1] or m[2]).lower())
    return today - timedelta(days=(today.weekday() - weekday) % 7)


class _Dated(Protocol):
    @property
    def type(self) -> str: ...
    @property
    def as_of(self) -> str | None: ...


_D = TypeVar("_D", bound=_Dated)


def held_on(records: Sequence[_D], on: date) -> _D | None:
    """The meeting among ``records`` held on day ``on``, else the latest one held on that
    weekday before it (a "tuesday's meeting" of last week, when none was held this week)."""
    held: list[tuple[date, _D]] = []
    for r in records:
        if r.type != "Meeting" or not r.as_of:
            continue
        try:
            when = date.fromisoformat(str(r.as_of)[:10])
        except ValueError:
            continue
        if when <= on and when.weekday() == on.weekday():
            held.append((when, r))
    return max(held, key=lambda x: x[0])[1] if held else None
