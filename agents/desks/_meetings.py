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
from agents.desks._meeting_asks import (
    AGREED_ASK,
    FOR_OWNER,
    MINE,
    WHO_RAISED,
    day_said,
    held_on,
)
from agents.desks._meeting_lines import (
    Handed,
    Line,
    best_line,
    exchange,
    handed_out,
    holds,
    matter_of,
    meeting_lines,
)
from agents.desks._understand import Candidate, Understanding, best
from agents.desks._words import content_words, plain_words, stem, words

#: Words that say which meeting, never what was said in it.
_MEETING_WORDS = frozenset(
    content_words(
        "meeting meetings mtg call sync standup stand-up huddle catch-up retro briefing "
        "session agenda minutes"
    )
)
#: Words that ask what a meeting settled or said, never what it was about ("agree" is no
#: topic: every "Agreed." would hold it).
_ASKING_WORDS = frozenset(
    content_words(
        "agree agreed agreeing decide decided deciding decision decisions settle settled "
        "conclude concluded say said discuss discussed talk talked"
    )
)


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
    if kind == "meeting-topic":
        return await _meeting_topic(u, ledger, desk)
    return await _action_items(u, ledger, desk)


async def _meeting_asked(u: Understanding, ledger: ToolLedger, desk: str) -> dict[str, Any] | None:
    """The meeting the question means: the one whose name it holds most of (of those, the
    one held on the day it says: "tuesday's ops meeting" of a weekly series), else the one
    held on the day it says, else the latest one held."""
    named = [c for c in best(u.candidates) if c.type == "Meeting"]
    if named:
        said = day_said(u.question, u.today)
        on_day = held_on(named, said) if said is not None else None
        return (on_day or named[0]).as_node()
    if u.meeting_held is not None:
        return u.meeting_held.as_node()
    read = await ledger.call(desk, "minutes", {"meeting": "last"})
    return read.data.get("meeting") if read.found else None


def topic_of(u: Understanding, meeting: dict[str, Any]) -> set[str]:
    """What the question asks the meeting about: its words, less those naming the meeting
    and the people it names."""
    people: set[str] = set()
    for c in u.candidates:
        if c.type == "Person" and c.shared:
            people |= c.name_words
    own = content_words(str(meeting.get("name") or ""))
    # "saturday shifts" are what was talked about; "on monday", "monday's" say which meeting
    modifiers = {
        stem(m[1].lower())
        for m in _DAY_BEFORE_NOUN.finditer(u.question)
        if m[2].lower() not in _DAY_WORDS
    }
    asked = u.subject_words | modifiers
    left = asked - _MEETING_WORDS - _ASKING_WORDS - own - people
    # "the ops meeting" is the Operations meeting: a short form of its name is no topic,
    # nor the day that says which one ("tuesdays ops mtg", "the mtg on the 10th")
    # (stems and words as written: "ops" shortens "operations", not its stem "operation")
    name = str(meeting.get("name") or "")
    named = {w.lower() for w in words(name)} | set(plain_words(name))
    return {
        w
        for w in left
        if len(w) > 2 and not _WHICH_DAY.fullmatch(w) and not any(_shortens(w, o) for o in named)
    }


def _shortens(short: str, word: str) -> bool:
    """Whether ``short`` is a short form of ``word``: its first letter, then its other
    letters in order ("ops" of "operations", "mgmt" of "management")."""
    if len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
#: A weekday before a noun, not after "on", "last" or "this" ("saturday shifts").
_DAY_BEFORE_NOUN = re.compile(
    rf"(?<!\bon )(?<!\blast )(?<!\bthis )(?<!\bnext )(?<!\bsince )\b({_WEEKDAY})\s+([a-z]+)",
    re.I,
)
#: Words that say which day a meeting was held: a weekday, an ordinal, "yesterday".
_WHICH_DAY = re.compile(
    rf"{_WEEKDAY}s?|\d+(?:st|nd|rd|th)?|yesterday|today|week|weeks|morning|afternoon", re.I
)
_DAY_TEXT = "morning afternoon evening night meeting call sync standup huddle catch-up ops"
_DAY_WORDS = frozenset(_DAY_TEXT.split())


async def _held_on(ledger: ToolLedger, desk: str, meeting: dict[str, Any]) -> str:
    """ " on 9 November 2026" for a meeting whose date is known, else nothing."""
    looked = (await ledger.call(desk, "lookup", {"name": meeting["id"]})).data.get("matches")
    when = looked[0].get("as_of") if looked else None
    return f" on {day(str(when))}" if when else ""


async def _meeting_topic(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """What a meeting said about a topic: the exchange of its lines about it (see
    ``agents.desks._meeting_lines``), each line quoted and cited."""
    meeting = await _meeting_asked(u, ledger, desk)
    if meeting is None:
        return decline("no meeting is recorded")
    topic = topic_of(u, meeting)
    if not topic:
        return decline(f"the question names nothing that {meeting.get('name')} talked about")
    line = await best_line(ledger, desk, meeting["id"], u.question, topic)
    if line is None:
        shown = " ".join(sorted(topic))
        return decline(f"{meeting.get('name')} has no line about {shown}", [meeting])
    lines = await meeting_lines(ledger, desk, meeting["id"])
    said = exchange(lines, line, topic)
    head = f"In {cite(meeting)}{await _held_on(ledger, desk, meeting)}:"
    talk = {x.id for x in matter_of(lines, line, topic)}
    settled = await _decided_about(u, ledger, desk, meeting, topic, talk)
    text = "\n".join([head, *settled, *(f"- {x.quoted()}" for x in said)])
    return Draft(text, [meeting["id"], line.id], about=[meeting["id"]])


async def _decided_about(
    u: Understanding,
    ledger: ToolLedger,
    desk: str,
    meeting: dict[str, Any],
    topic: set[str],
    talk: set[str],
) -> list[str]:
    """For "what did we agree about X": the meeting's decisions about X (naming it, or
    resting on a line of ``talk``, the lines of the matter it was talked in), each with the line it
    rests on, said before the talk around it (nothing when the question asks what was
    said, not settled)."""
    if not AGREED_ASK.search(u.question):
        return []
    read = await ledger.call(desk, "minutes", {"meeting": meeting["id"]})
    found: list[str] = []
    decisions: list[dict[str, Any]] = read.data.get("decisions", [])
    for d in decisions:
        rests: list[dict[str, Any]] = d.get("lines") or []
        text = " ".join([str(d.get("name") or ""), *(str(x.get("text") or "") for x in rests)])
        if holds(Line(str(d["id"]), 0, "", text), topic) or talk & {str(x["id"]) for x in rests}:
            quoted = f" ({_quote(rests[0])})" if rests else ""
            found.append(f"- Decided: {cite(d)}{quoted}")
    return found


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
    if not meetings:
        # "after monday's meeting": named by its day, not its words; the latest one held
        latest = await _meeting_asked(u, ledger, desk)
        if latest is not None:
            held = Candidate(latest["id"], "Meeting", str(latest.get("name") or ""),
                             frozenset(), frozenset(), 0)  # fmt: skip
            meetings, named = [held], [held, *named][:WORK_SOURCES]
    if not named:
        return decline(f"no meeting in your records matches {' '.join(sorted(u.subject_words))}")
    work: dict[str, tuple[dict[str, Any], dict[str, Any] | None, str | None]] = {}
    attendees: list[dict[str, Any]] = []
    for meeting in meetings[:1]:
        read = await ledger.call(desk, "minutes", {"meeting": meeting.id})
        attendees = read.data.get("attendees", [])
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
    # "who's sorting the pump alarms after the meeting": the work about that
    topic = topic_of(u, (meetings or named)[0].as_node()) - _WORK_WORDS
    if topic:
        work = {
            k: v
            for k, v in work.items()
            if holds(Line(k, 0, "", str(v[0].get("name") or "")), topic)
        }
    asked = {c.id for c in best(u.candidates) if c.type == "Person"}
    if not work and meetings:
        # nothing recorded from it: the work its lines hand out, quoted
        return await _work_said(u, meetings[0], attendees, topic, asked, ledger, desk)
    if not work:
        return decline(f"no action items or tasks recorded from {named[0].name}")
    # "what's Marco doing after it": the work of the person the question names
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


#: Words asking about work, never which work: "who's doing", "sorting", "taking on",
#: "who's got which actions", "the follow-ups", "next steps".
_WORK_WORDS = frozenset(
    content_words(
        "doing sorting taking handling picking fitting setting running covering got "
        "action actions item items task tasks follow-ups followups next steps to-dos todos"
    )
)


async def _work_said(
    u: Understanding,
    meeting: Candidate,
    attendees: list[dict[str, Any]],
    topic: set[str],
    asked: set[str],
    ledger: ToolLedger,
    desk: str,
) -> Draft:
    """The work a meeting's lines hand out (``handed_out``), by person, each request and
    its reply quoted: of the topic and the person asked, when the question names them."""
    lines = await meeting_lines(ledger, desk, meeting.id)
    by_first = {words(str(a.get("name") or ""))[0]: a for a in attendees if a.get("name")}
    by_name = {str(a.get("name")): a for a in attendees}
    handed = handed_out(lines, by_first)
    if topic:
        handed = [h for h in handed if h.holds(topic)]
    if asked:
        handed = [h for h in handed if by_name.get(h.who, {}).get("id") in asked] or handed
    if not handed:
        what = f" about {' '.join(sorted(topic))}" if topic else ""
        return decline(f"no work handed out{what} in {meeting.name}", [meeting.as_node()])
    grouped: dict[str, list[Handed]] = {}
    for h in handed:
        grouped.setdefault(h.who, []).append(h)
    held = await _held_on(ledger, desk, meeting.as_node())
    out = [f"Work handed out in {cite(meeting.as_node())}{held}:"]
    for who, items in grouped.items():
        person = by_name.get(who)
        said = "; ".join(
            # asked about a topic, the line that names it comes first when it is before
            "".join(f"{_said_line(x)}, then " for x in _naming(h, topic))
            + _said_line(h.line)
            + (f" (reply: {_said_line(h.reply)})" if h.reply else "")
            for h in items
        )
        out.append(f"- {cite(person) if person else who}: {said}")
    first = handed[0]
    person = by_name.get(first.who)
    path = ([person["id"]] if person else []) + [first.line.id, meeting.id]
    return Draft("\n".join(out), path, about=[meeting.id])


def _naming(h: Handed, topic: set[str]) -> list[Line]:
    """The line before a request that names most of the topic, if any."""
    before = [x for x in h.before if holds(x, topic)]
    return [max(before, key=lambda x: len(holds(x, topic)))] if before else []


def _said_line(line: Line) -> str:
    return f"{line.speaker} said \u201c{line.words}\u201d [[{line.id}]]"


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
    m = WHO_RAISED.match(u.question)
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
    named = FOR_OWNER.search(u.question)
    # "my action items" from a chat user the brain knows: that Person's items
    mine = u.asker if not named and MINE.search(u.question) else None
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
    elif MINE.search(u.question):
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
