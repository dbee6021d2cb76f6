"""Which meeting question a question is, from how it is asked (any trade's words).

"What was decided in the last meeting", "who raised the cost concern", "my open action
items", "who's doing what after the ops meeting" and "what did we agree about X in the
ops meeting" are answered from a meeting's record rather than from one named thing; the
question reader and the meeting answers both read the shape here.
"""

from __future__ import annotations

import re

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
