"""Rules mode for questions across meetings: what was decided, who raised it, open items.

Four shapes of question are read here, in any trade's words, because their answer is a
meeting's record rather than one named thing: "what was decided in the last meeting",
"who raised the cost concern" (the line that raised it, who said it, in which meeting),
"what are my open action items" / "open action items for Luis", and "what did we decide
about X" when X is only talked about in meetings. Each answer quotes the line and cites
it, so the path runs question -> line -> meeting -> person.
"""

from __future__ import annotations

import re
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._draft import Draft, cite, day, decline
from agents.desks._understand import Understanding, best
from agents.desks._words import content_words

_LAST_MEETING = re.compile(
    r"\b(?:decided|decisions?|agreed|action items?|minutes)\b.*\b(?:last|latest|most recent|"
    r"previous)\s+(?:meeting|call|sync|standup|stand-up)\b",
    re.I,
)
_WHO_RAISED = re.compile(
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
    r"\bwho(?:'s| is| are)?\s+(?:doing|on|taking|got|handling|picking up)\s+what\b|"
    r"\bwhat\s+came\s+out\s+of\b|\b(?:follow[- ]?ups?|next\s+steps|to-?dos?|actions)\b|"
    # "what's Marco doing after the ops meeting", "what does Priya have to do from it"
    r"\bwhat(?:'s|\s+is|\s+are|\s+does|\s+do|\s+did|\s+has|\s+have)?\s+[\w'-]+(?:\s+[\w'-]+)?\s+"
    r"(?:doing|(?:got|have|has|need|needs|supposed)\s+to\s+do|taking\s+on|picking\s+up|"
    r"signed\s+up\s+for|on\s+the\s+hook\s+for)\b",
    re.I,
)
_MEETING_WORD = re.compile(
    r"\b(?:meeting|call|sync|stand-?up|huddle|review|catch-?up|session|retro|briefing)\b", re.I
)
_FOR_OWNER = re.compile(r"\b(?:for|of|owned by|assigned to)\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")
_MINE = re.compile(r"\b(?:my|mine|i)\b", re.I)


def meeting_question(question: str) -> str | None:
    """Which meeting question this is (``last-decisions``, ``who-raised``,
    ``action-items``), or None for a question of another kind."""
    if _LAST_MEETING.search(question):
        return "last-decisions" if not _ACTION_ITEMS.search(question) else "last-actions"
    if _WHO_RAISED.match(question):
        return "who-raised"
    if _ACTION_ITEMS.search(question):
        return "action-items"
    if _WORK_FROM.search(question) and _MEETING_WORD.search(question):
        return "meeting-work"
    return None


def _quote(line: dict[str, Any]) -> str:
    words = str(line.get("text") or "").split(": ", 1)[-1]
    return f"\u201c{words}\u201d [[{line['id']}]]"


async def answer_meeting_question(
    kind: str, u: Understanding, ledger: ToolLedger, desk: str
) -> Draft:
    """The answer for one of the meeting questions ``meeting_question`` recognised."""
    if kind in ("last-decisions", "last-actions"):
        return await _last_meeting(kind, ledger, desk)
    if kind == "who-raised":
        return await _who_raised(u, ledger, desk)
    if kind == "meeting-work":
        return await _meeting_work(u, ledger, desk)
    return await _action_items(u, ledger, desk)


#: Source records a meeting's work is read from at most (the meeting, its notes...).
WORK_SOURCES = 3
#: Pieces of work listed at most.
WORK_LISTED = 12


async def _meeting_work(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """Who is doing what after a meeting the question names: the meeting's action items,
    and the tasks recorded from it (mentioned in its notes, about it), each with its owner
    and due date, grouped by person."""
    named = [
        c
        for c in best(u.candidates)
        if c.type in ("Meeting", "Message", "Email", "Document", "Note")
        and (c.type == "Meeting" or len(c.shared) >= 2)
    ][:WORK_SOURCES]
    meetings = [c for c in named if c.type == "Meeting"]
    if not named:
        return decline(f"no meeting in your records matches {' '.join(sorted(u.subject_words))}")
    work: dict[str, tuple[dict[str, Any], dict[str, Any] | None, str | None]] = {}
    for meeting in meetings[:1]:
        read = await ledger.call(desk, "minutes", {"meeting": meeting.id})
        for t in read.data.get("action_items", []):
            work[t["id"]] = (t, t.get("owner"), t.get("due"))
    around = await ledger.call(
        desk, "around", {"names": [c.id for c in named], "hops": 1, "types": ["Task"]}
    )
    for item in around.data.get("items", []):
        task = item["node"]
        if item["hops"] != 1 or task["id"] in work:
            continue
        held = (await ledger.call(desk, "owner", {"name": task["id"]})).data.get("owner")
        facts = (await ledger.call(desk, "lookup", {"name": task["id"]})).data["matches"][0]
        due = facts["properties"].get("due")
        work[task["id"]] = (task, held["holder"] if held else None, str(due) if due else None)
        if len(work) >= WORK_LISTED:
            break
    if not work:
        return decline(f"no action items or tasks recorded from {named[0].name}")
    # "what's Marco doing after it": the work of the person the question names
    asked = {c.id for c in best(u.candidates) if c.type == "Person"}
    mine = {k: v for k, v in work.items() if v[1] is not None and v[1]["id"] in asked}
    if asked and mine:
        work = mine
    by_person: dict[str, list[str]] = {}
    people: dict[str, dict[str, Any]] = {}
    for task, owner, due in work.values():
        key = owner["id"] if owner else ""
        if owner:
            people[key] = owner
        when = f", due {day(due)}" if due else ""
        by_person.setdefault(key, []).append(f"{cite(task)}{when}")
    source = ", ".join(cite(c.as_node()) for c in named)
    lines = [f"Work from {source}:"]
    for key, items in sorted(by_person.items(), key=lambda p: (p[0] == "", p[0])):
        who = cite(people[key]) if key else "no owner named"
        lines.append(f"- {who}: {'; '.join(items)}")
    first = next(iter(work.values()))
    path = ([first[1]["id"]] if first[1] else []) + [first[0]["id"], named[0].id]
    return Draft("\n".join(lines), path)


async def _last_meeting(kind: str, ledger: ToolLedger, desk: str) -> Draft:
    read = await ledger.call(desk, "minutes", {"meeting": "last"})
    if not read.found:
        return decline("no meeting is recorded")
    data = read.data
    meeting = data["meeting"]
    if kind == "last-actions":
        items = data["action_items"]
        if not items:
            return Draft(f"No action items were recorded in {cite(meeting)}.", [meeting["id"]])
        lines = [f"Action items from {cite(meeting)}:"]
        for t in items:
            owner = cite(t["owner"]) if t.get("owner") else "no owner named"
            due = f", due {day(t['due'])}" if t.get("due") else ""
            said = f": {_quote(t['lines'][0])}" if t["lines"] else ""
            lines.append(f"- {cite(t)}, {owner}{due}{said}")
        return Draft("\n".join(lines), [meeting["id"]] + [t["id"] for t in items[:3]])
    decisions = data["decisions"]
    if not decisions:
        return Draft(
            f"No decision was recorded in the last meeting, {cite(meeting)}.", [meeting["id"]]
        )
    lines = [f"Decided in {cite(meeting)}:"]
    for d in decisions:
        said = (
            f", agreed at line {d['lines'][0]['line']}: {_quote(d['lines'][0])}"
            if d["lines"]
            else ""
        )
        lines.append(f"- {cite(d)}{said}")
    path = [d["id"] for d in decisions[:1]] + [meeting["id"]]
    return Draft("\n".join(lines), path)


async def _who_raised(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    m = _WHO_RAISED.match(u.question)
    topic = m.group(1) if m else u.question
    read = await ledger.call(desk, "search", {"query": topic, "types": ["Meeting"], "limit": 5})
    passages = [p for p in read.data.get("passages", []) if p.get("said_by")]
    if not passages:
        return decline(f"no meeting line in your records raises {topic}")
    # search ranks by words and meaning over a window of turns; the line that raised it
    # is the one that says the most of the topic's own words (search order breaks ties)
    wanted = content_words(topic)
    order = {p["id"]: i for i, p in enumerate(passages)}
    passages.sort(key=lambda p: (-len(wanted & content_words(p["text"])), order[p["id"]]))
    best = passages[0]
    person, meeting = best["said_by"], best["source"]
    text = f"{cite(person)} raised it in {cite(meeting)}, line {best['line']}: {_quote(best)}"
    others = [p for p in passages[1:3] if p["said_by"]["id"] != person["id"]]
    for p in others:
        text += f"\n{cite(p['said_by'])} also spoke to it in {cite(p['source'])}: {_quote(p)}"
    return Draft(text, [person["id"], best["id"], meeting["id"]])


async def _action_items(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    named = _FOR_OWNER.search(u.question)
    # "my action items" from a chat user the brain knows: that Person's items
    mine = u.asker if not named and _MINE.search(u.question) else None
    owner = named.group(1) if named else (mine["id"] if mine else None)
    args: dict[str, Any] = {"owner": owner} if owner else {}
    read = await ledger.call(desk, "action_items", args)
    items = read.data.get("action_items", [])
    if not items:
        who = f" for {named.group(1)}" if named else (f" for you ({mine['name']})" if mine else "")
        return decline(f"no open action items{who} from meetings")
    head = "Open action items from meetings"
    if named:
        head += f" for {named.group(1)}"
    elif mine:
        head = f"Your open action items from meetings ({cite(mine)})"
    elif _MINE.search(u.question):
        head += (
            " (I can't tell who you are here, so these are everyone's; say who you are with "
            "`settings me` and your name or e-mail)"
        )
    lines = [head + ":"]
    for t in items[:10]:
        owner = cite(t["owner"]) if t.get("owner") else "no owner named"
        due = f", due {day(t['due'])}" if t.get("due") else ""
        lines.append(f"- {cite(t)}: {owner}{due}, from {cite(t['meeting'])}: {_quote(t['line'])}")
    first = items[0]
    path = ([first["owner"]["id"]] if first.get("owner") else []) + [
        first["id"],
        first["line"]["id"],
    ]
    return Draft("\n".join(lines), path)
