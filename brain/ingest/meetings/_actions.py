"""Action items: work a person takes on in a meeting, with its owner and due day.

Work is handed out in three ways, in any trade's words:

* **taken on**: "I'll ring them", "leave it with me", "what I'll do is bring it to her" —
  the speaker owns it. An offer ("I could come in, if you like?", "I can ask Colm") counts
  once nobody turns it down ("no, no, you're not coming in for that", "no need");
* **asked for**: "Peg, would you be able to do that?", "Declan, can you book them?", "could
  you do a couple of short sessions?" — owned by whoever accepts ("sure", "no bother, I'll
  ring them"), or by the one named when nobody objects; turned down, it is nobody's;
* **assigned**: "Luis to rebook the crane", "Priya will send the quote", "action item: ...",
  "Industrial Designer, you're gonna be thinking about the components" — owned by the one
  named.

One person's commitments in one turn, and what they add a line or two later ("I'll put it
in capitals"), are one item. Its due day is the first deadline said in the item's own
turns, or in the answer to "when could you have it back?" just after. Names are matched to
the meeting's speakers (full name, a first name only one of them has, or a role label);
the check in ``_extract`` resolves what is left to the tenant's people or drops it.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date

from brain.ingest.meetings._candidates import Candidate, tidy
from brain.ingest.meetings._due_dates import due_date
from brain.ingest.meetings._formats import Turn
from brain.ingest.meetings._speech_acts import (
    pair_on_it,
    plain,
    reply_agrees,
    sentences,
    sums_up,
    words,
)

#: Turns after a request in which its answer comes.
ANSWER_WITHIN = 2
#: A person's next commitment this close to their last is the same item.
SAME_ITEM_WITHIN = 2

_HEDGE = re.compile(r"\b(?:i\s+guess|maybe|perhaps|might|i\s+suppose|possibly)\b", re.I)
_SELF = re.compile(
    r"\b(?:I'll|I\s+will|I'm\s+going\s+to|I\s+am\s+going\s+to|I'm\s+gonna|I\s+shall|"
    r"I'd\s+better|I\s+can|I\s+could|I'm\s+happy\s+to|I'd\s+be\s+happy\s+to|I\s+don't\s+mind|"
    r"I\s+volunteer\s+to|let\s+me|what\s+I'll\s+do\s+is|what\s+I'm\s+going\s+to\s+do\s+is|"
    r"I\s+need\s+to|I\s+have\s+to|I've\s+got\s+to|I\s+must)"
    r"(?P<be>\s+be)?\s+(?:(?:also|then|just|probably|definitely|certainly|happily|quickly|"
    r"now|first|go\s+and|try\s+(?:to|and)|make\s+sure\s+(?:to|I))\s+)*"
    r"(?P<what>[a-z][\w'-]*\b.*)",
    re.I,
)
_TAKE_IT = re.compile(
    r"\b(?:you'll\s+(?:have|get)\s+(?:it|them|that|this)\b|leave\s+it\s+with\s+me|I'm\s+on\s+it|consider\s+it\s+done|will\s+do|"
    r"I'll\s+take\s+(?:that|it|this)(?:\s+on)?|I'll\s+do\s+(?:it|that|this|them))\b",
    re.I,
)
#: What "I'll ..." is followed by when it is talk in the meeting, not work after it.
_NOT_WORK = re.compile(
    r"^(?:be\s+(?:honest|quick|brief|frank|straight|there|here|back|around|off|fine|okay|ok|"
    r"the|a|on|in|late|out)\b|say|tell\s+you|admit|bet|guess|grant|second|agree|stop|hand|"
    r"pass|go\s+(?:first|now|next|on)|start|begin|show\s+(?:you|us)|share\s+(?:my|the)\s+screen|"
    r"take\s+(?:you|us)\s+through|walk\s+(?:you|us)\s+through|talk\s+(?:you|us)|"
    r"keep\s+(?:it|this)\s+(?:short|brief)|put\s+it\s+(?:simply|this\s+way|another\s+way)|"
    r"wrap|shut|see\s+(?:you|what|how|if)|let\s+you|answer|explain|repeat|read|recap|sum|"
    r"summari[sz]e|introduce|talk|speak|go\s+(?:through|over)|run\s+through|move\s+on|mention|"
    r"go\s+a?round\s+(?:the\s+)?(?:actions?|table|room|everyone|group)\b|"
    r"come\s+to|get\s+to|turn\s+to|need|have\s+to|think|remember|imagine|understand|hear|"
    r"live|see|feel|know|try$|just$|do\s+my\s+best|leave\s+(?:it|that)\s+there|"
    r"give\s+(?:you|us)\s+(?:an?\s+)?(?:update|overview|quick|summary|rundown)|"
    r"pull\s+(?:it|this|that)\s+up|bring\s+(?:it|this|that)\s+up\s+on|draw|write\s+(?:it|that|"
    r"this)\s+(?:down|up|on)|note\s+(?:it|that)|jot|grab\s+a|get\s+(?:started|going)|"
    r"tell\s+(?:them|him|her)\s+(?:that|what|how)\b.*\bnow|do\s+(?:that|it)\s+now|"
    r"ask\s+(?:a|one|you)|want|like|love|hate|wait|sit|stand|stay|just\s+say)\b",
    re.I,
)
#: Asking whose the work just said is: "Per-Arne, is that you?", "is that yours, Kit?"
_WHOSE = re.compile(
    r"\b(?:is\s+that|that's|that\s+one)\s+(?:you|yours|one\s+for\s+you)\s*\?|"
    r"^(?:[\w'-]+,\s*)?(?:you|yours)\s*\?$",
    re.I,
)
#: Telling others outside the meeting, on a day said: work, though "I'll explain" alone is
#: talk in the meeting ("I'll explain it to the attendants at the briefing tomorrow").
_PASS_ON = re.compile(
    r"^(?:explain|tell|talk|speak|show|walk|mention|go\s+through|run\s+through)\b"
    r"(?:\s+(?:it|this|that|them))?\s+(?:to|with)\s+(?!you\b|us\b)(?:the\s+)?\w+|"
    r"^(?:tell|show)\s+(?!you\b|us\b)(?:them|him|her|the\s+\w+)\b",
    re.I,
)
#: "You'll have it by Thursday": the speaker promising, in the second person.
_YOU_WILL_HAVE = re.compile(
    r"\byou'll\s+(?:have|get)\s+(?:it|them|that|this|those|the\s+\w+|a\s+\w+)\b", re.I
)
#: "Greg, write up the near miss", "Dwayne, I'll need that in writing": a request by name.
_TOLD = re.compile(
    r"^(?:(?:and|so|okay|ok|right)[,\s]+)?(?P<who>[A-Z][\w'-]+)\s*,\s*(?:(?:please|just|also|then)\s+)*"
    r"(?:I(?:'ll|\s+will|'d|\s+would)?\s+need\s+(?=(?:that|it|this|those|the|a|an|your)\b))?"
    r"(?P<what>[a-z][\w'-]*\b.*)"
)
#: Words that start a sentence without making it an order ("Dwayne, the ductwork clash").
_NOT_A_VERB = frozenset(
    [
        "i",
        "you",
        "we",
        "he",
        "she",
        "they",
        "it",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "the",
        "a",
        "an",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "some",
        "any",
        "no",
        "every",
        "each",
        "all",
        "both",
        "either",
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "can",
        "could",
        "would",
        "will",
        "shall",
        "should",
        "have",
        "has",
        "had",
        "may",
        "might",
        "must",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "how",
        "when",
        "where",
        "why",
        "whether",
        "if",
        "over",
        "to",
        "on",
        "in",
        "at",
        "for",
        "about",
        "with",
        "from",
        "of",
        "by",
        "into",
        "onto",
        "as",
        "and",
        "or",
        "but",
        "so",
        "then",
        "than",
        "thank",
        "thanks",
        "sorry",
        "hi",
        "hello",
        "hey",
        "yes",
        "no",
        "yeah",
        "okay",
        "ok",
        "right",
        "well",
        "just",
        "also",
        "now",
        "next",
        "first",
        "last",
        "one",
        "two",
        "three",
        "four",
        "five",
        "great",
        "good",
        "fine",
        "perfect",
        "lovely",
        "brilliant",
        "cool",
        "sure",
        "maybe",
        "perhaps",
        "probably",
        "honestly",
        "actually",
        "really",
        "quick",
        "back",
        "still",
        "even",
        "only",
        "again",
        "not",
        "never",
        "always",
        "you're",
        "you'll",
        "we're",
        "it's",
        "that's",
        "there's",
        "what's",
        "let's",
        "i'm",
        "i'll",
        "i've",
    ]
)
_ASK = re.compile(
    r"\b(?:(?:can|could|would|will)\s+(?:the\s+(?:two|three|both)\s+of\s+)?you"
    r"(?:r\s+(?:guys|team|crew|people|folks|lot|staff))?"
    r"(?:\s+(?:please|maybe|also|just|possibly|perhaps|"
    r"both|two|guys|all))*(?:\s+be\s+able\s+to)?|if\s+you\s+could(?:\s+(?:also|just|maybe))?|"
    r"(?:would|do)\s+you\s+mind|I(?:'d|\s+would)?\s+(?:need|like|want)\s+you\s+to|"
    # "Marty, I want Thirty-one written up": a thing wanted done, of the one addressed
    r"I\s+(?:want|need)(?=\s+[\w' -]{2,40}?\s+(?:written|done|sorted|fixed|checked|sent|booked|"
    r"cleaned|costed|priced|looked\s+at)\b)|"
    # "Tasha, Gordie, you're both out running brine today"
    r"you(?:'re|\s+are)\s+(?:both|all)(?:\s+out)?(?=\s+\w+ing\b)|"
    # "Tobias, Aoife, you two own it together?"
    r"you\s+(?:two|both)(?=\s+(?:own|take|have|do|handle|run|lead|pick\s+up)\b)|"
    r"you(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|'re\s+gonna|\s+are\s+gonna|"
    r"\s+can|\s+could|\s+need\s+to|\s+have\s+to|'d\s+better|\s+should|'re\s+(?:on|doing))"
    r"(?:\s+(?:also|then|just|maybe|be))*|(?:^|,\s*)please)\s+(?P<what>[a-z][\w'-]*\b.*)",
    re.I,
)
#: Asked of someone, these are talk now (a question to answer), not work to do.
_NOT_ASKED_WORK = re.compile(
    r"^(?:tell|explain|say|show|list|remind|clarify|describe|repeat|hear|see|know|imagine|"
    r"believe|go\s+through|walk\s+(?:us|me|them|everyone|everybody)\b|talk|give\s+(?:us|me)\s+(?:an?\s+)?(?:update|overview|quick|"
    r"idea|sense)|read|find\s+(?:it|that)\s+(?:interesting|useful)|like|want|think|"
    r"remember|understand|be\s+(?:there|here|able|sure|happy|okay|ok)|get\s+(?:it|that)$|"
    r"speak|move|pass|share\s+(?:your|the)\s+screen|take\s+us|just$|guess|notice|feel|"
    r"agree|find\s+that|expect|have\s+(?:a\s+look\s+at\s+this|any)|mind$|live\s+with|"
    r"do$|do\s+so$)\b",
    re.I,
)
#: "Get me the receipt, and I'll put it through": the asker's own work, not work asked.
_ASKERS_OWN = re.compile(r",?\s+and\s+(?=I(?:'ll|\s+will)\b)")
#: "You'll be proved right": what will befall someone, not work ("you'll be doing" is).
_BEFALLS = re.compile(r"\byou(?:'ll|\s+will)\s+be\s+\w+(?<!ing)\b", re.I)
_GENERAL_YOU = re.compile(r"^you\s+(?:can|could|should|need\s+to|have\s+to|'d\s+better)\b", re.I)
_ASSIGNED = re.compile(
    r"^(?:\s+[A-Za-z]+)?\W*(?:you(?:'re|\s+are)?\s+(?:gonna|going\s+to)|you(?:'ll|\s+will)|"
    r"(?:is\s+|are\s+|'s\s+)?(?:gonna|going\s+to)|will|'ll|to|can|should|needs?\s+to|"
    r"has\s+to|have\s+to)\s+"
    r"(?:(?:also|then|just|be)\s+)*(?!you\b|we\b|I\b|the\s+(?:two|three|both)\s+of\s+you\b)"
    r"(?P<what>[a-z][\w'-]*\b.*)",
    re.I,
)
#: Work done in the meeting itself ("I'll go into the diagram first", "get my slides up").
_IN_THE_MEETING = re.compile(
    r"\b(?:first$|right\s+now|now|in\s+a\s+(?:second|sec|minute|moment)|here|"
    r"on\s+the\s+(?:board|screen|whiteboard|flip\s*chart)|(?:this|the|that|next)\s+"
    r"(?:slide|screen|diagram|board|whiteboard|presentation)|(?:my|your)\s+(?:presentation|"
    r"slides?|screen|chair|microphone|mic|laptop|turn)|quickly|a\s+quick|real\s+quick)\b",
    re.I,
)
#: The meeting's own formalities, whatever day is said with them.
_THE_MEETING_ITSELF = re.compile(
    r"\b(?:(?:close|open|end|start|adjourn|chair)\s+(?:the|this)\s+(?:meeting|call|session)|"
    r"take\s+(?:it|them|that|those)\s+as\s+(?:read|approved|agreed))\b",
    re.I,
)
_ACTION_ITEM = re.compile(
    r"\b(?:action(?:\s+item)?s?|to-?do|next\s+step)\s*[:\-]\s*(?P<what>.+)", re.I
)
_LEADING_NAME = re.compile(
    r"^(?P<who>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s*(?:to|will|:|-)\s+(?P<what>.+)$"
)
_DECLINE = re.compile(
    r"^(?:(?:oh|um+|uh+|ah+|well|look)[,.\s]+)*(?:no(?!\s+(?:problem|bother|worries))\b|"
    r"nope|nah|don't\s+worry|no\s+need|there's\s+no\s+need|you\s+don't\s+(?:have|need)|"
    r"not\s+(?:necessary|needed)|I've\s+already|it's\s+already|already|it's\s+(?:in|done)|"
    r"I\s+can't|I\s+couldn't|sorry,?\s+I\s+can't|you're\s+not|not\s+me|not\s+this\s+time)",
    re.I,
)
_PRONOUN_WORK = re.compile(
    r"^(?:do|handle|sort|take|manage|cover|organi[sz]e|arrange)\s+(?:that|it|this|them)\b", re.I
)
_SOMEONE_NEEDS = re.compile(
    r"\b(?:someone|somebody|we|one\s+of\s+us)\s+(?:needs?|has|have|must|should|ought)\s+"
    r"(?:to\s+)?(?P<what>[a-z][\w'-]*\b.*)",
    re.I,
)
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "so",
        "then",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "them",
        "is",
        "are",
        "was",
        "be",
        "we",
        "i",
        "you",
        "your",
        "our",
        "us",
        "they",
        "he",
        "she",
        "just",
        "really",
    ]
)


@dataclass(slots=True)
class _Item:
    owner: str
    lines: set[int]
    texts: list[str] = field(default_factory=list)  # what is to be done, best first
    due_text: list[str] = field(default_factory=list)  # where a deadline may be said
    confidence: float = 0.8
    joint: bool = False  # asked of several people together, each of whom owns it


@dataclass(frozen=True, slots=True)
class _People:
    """Who the meeting's words can name: speaker labels by full name, a first name only one
    of them has, or the label itself (a role such as "Industrial Designer")."""

    by_key: dict[str, str]
    labels: frozenset[str]  # keys that are whole labels: matched whatever their case

    @classmethod
    def of(cls, turns: list[Turn]) -> _People:
        names = list(dict.fromkeys(t.speaker for t in turns if t.speaker))
        keys: dict[str, str] = {}
        firsts: dict[str, list[str]] = {}
        for label in names:
            folded = " ".join(words(label))
            keys[folded] = label
            first = folded.split(" ")[0] if folded else ""
            firsts.setdefault(first, []).append(label)
        whole = frozenset(keys)
        for first, held in firsts.items():
            if first and len(held) == 1 and first not in keys:
                keys[first] = held[0]
        return cls(keys, whole)

    def label(self, name: str) -> str | None:
        key = " ".join(words(name))
        found = self.by_key.get(key)
        if found is None and " " in key:  # "Per-Arne" for Per-Arne Nyström
            held = {v for k, v in self.by_key.items() if k.startswith(key + " ")}
            found = next(iter(held)) if len(held) == 1 else None
        return found

    def mentions(self, sentence: str) -> list[tuple[str, int, int]]:
        """(label, start, end) of each person the sentence names, longest names first."""
        found: list[tuple[str, int, int]] = []
        taken: list[tuple[int, int]] = []
        for key in sorted(self.by_key, key=len, reverse=True):
            if len(key) < 3:
                continue
            pattern = r"\b" + r"\s+".join(re.escape(p) for p in key.split(" ")) + r"\b"
            for m in re.finditer(pattern, sentence, re.I):
                if key not in self.labels and not sentence[m.start()].isupper():
                    continue  # a first name is written with a capital ("will", "mark")
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                taken.append((m.start(), m.end()))
                found.append((self.by_key[key], m.start(), m.end()))
        return sorted(found, key=lambda f: f[1])


def _what(text: str) -> str:
    """The work itself: up to the first clause that is no longer about it."""
    # "app 5.2.1 by the thirteenth": a version's dots end nothing
    end = r"[.;!?](?!\d)|\s+(?:but|because|'cause|so\s+that|if\s+you|as\s+long)\b"
    text = re.split(end, text)[0]
    return text.strip(" ,")


def _for_asker(what: str, asker: str) -> str:
    """Work asked for in the asker's words, said of the asker ("give me the hours")."""
    what = re.sub(r"\bme\b", asker, what)
    return re.sub(r"\bmy\b", f"{asker}'s", what)


def _weight(text: str) -> int:
    return len([w for w in words(text) if w not in _STOP])


def _self_work(
    sentence: str, *, answering: bool = False, dated: bool = False
) -> tuple[str, float] | None:
    """What the speaker takes on in ``sentence``, with how firmly. ``answering``: the turn
    answers someone's question ("who's chasing design?" - "I'll chase them"); ``dated``: it
    says when, so it is work after the meeting whatever it sounds like."""
    if _TAKE_IT.search(sentence) and not sentence.rstrip().endswith("?"):
        m = _SELF.search(sentence)
        return (_what(m.group("what")) if m else "", 0.8)
    m = _SELF.search(sentence)
    if m is None:
        return None
    what = _what(m.group("what"))
    passing_on = dated and bool(_PASS_ON.match(what))  # "I'll explain it to them tomorrow"
    if (_NOT_WORK.match(what) and not passing_on) or re.match(
        r"^(?:can't|cannot|couldn't|could\s+have)", what, re.I
    ):
        return None
    if m.group("be") and not re.match(r"^\w+ing\b", what):
        return None  # "I'll be honest"; "I'll be putting the minutes up" is work
    head = m.group(0)[: m.start("what") - m.start()].lower()
    before = sentence[: m.start()]
    if re.search(r"\b(?:if|when|whether|said|told|thought)\s*$", before, re.I):
        return None  # "if I can", "I said I'd": not taken on here
    if re.search(r"\w,?\s+so\s+(?:that\s+)?(?:[A-Z][\w'-]*\s+and\s+)?$", before) and re.search(
        r"\b(?:can|could)\b", head
    ):
        return None  # "someone for the mornings so Mele and I can split the nights": a purpose
    if re.match(r"(?:a|an|the)\s", what, re.I) and re.search(r"mind\s*$", head):
        return None  # "I don't mind a tractor argument": a thing, not work
    if _weight(what) < (1 if answering or dated else 2):
        return None  # "I'll go", "I'll find it": the meeting's own business
    if _THE_MEETING_ITSELF.search(what) or (_IN_THE_MEETING.search(what) and not dated):
        return None  # "I'll go into the diagram first", "I'll get my slides up"
    firm = 0.8
    if re.search(r"\b(?:can|could|happy\s+to|don't\s+mind|let\s+me|need|have|got|must)\b", head):
        firm = 0.7  # an offer: kept unless turned down
    if sentence.rstrip().endswith("?"):
        firm = 0.65  # "shall I / I could ..., if you like?": needs a yes
    if _HEDGE.search(before + " " + what):
        firm = 0.5
    return what, firm


def _asked_work(sentence: str, people: _People, *, addressed: bool) -> str | None:
    """What ``sentence`` asks its addressee to do, if it asks for work. "You can / should
    / need to ..." unaddressed is usually anyone ("the rest you can prioritise on the day"):
    work only when said as a request ("maybe you can send it to me later"). Said to someone
    by name, an imperative is a request too ("Greg, write up the near miss today")."""
    if _YOU_WILL_HAVE.search(sentence):
        return None  # "you'll have it by Thursday": the speaker's promise
    m = _ASK.search(sentence)
    if m is None:
        told = _TOLD.match(sentence)
        if told is None or people.label(told.group("who")) is None:
            return None
        verb = told.group("what").split(" ")[0].lower().strip(",.;:!?")
        if verb in _NOT_A_VERB or re.search(r"(?:s|ed|ing|ly|'s)$", verb):
            return None
        what = _what(_ASKERS_OWN.split(told.group("what"))[0])
        return None if _NOT_ASKED_WORK.match(what) or _weight(what) < 2 else what
    what = _what(_ASKERS_OWN.split(m.group("what"))[0])
    if _NOT_ASKED_WORK.match(what):
        return None
    if _BEFALLS.search(m.group(0)):
        return None  # "you'll be proved right": what will happen to them, not work
    if (
        _GENERAL_YOU.match(m.group(0))
        and not addressed
        and not re.search(r"\b(?:maybe|perhaps|please|later|for\s+me)\b", sentence, re.I)
    ):
        return None
    return what


def _named_work(
    sentence: str, people: _People, *, listing: bool = False, dated: bool = False
) -> list[tuple[str, str]]:
    """(label, work) for each person ``sentence`` names and gives work to. ``listing``: the
    turn reads out a list of actions ("Right, actions: Kirra, the sequences by Friday."),
    where a name and a comma hand the rest of the sentence to that person. ``dated``: the
    sentence says when, so "Erlend fits a second flowmeter by Friday" hands work out (a
    name and a present-tense verb with no day is as often a story: "Sam walks in")."""
    out: list[tuple[str, str]] = []
    m = _ACTION_ITEM.search(sentence)
    if m is not None:
        named = _LEADING_NAME.match(m.group("what").strip())
        listed = _LISTED.match(m.group("what").strip())
        if named:
            out.append((people.label(named.group("who")) or named.group("who"), named["what"]))
        elif listed and (label := people.label(listed["who"]) or _absent(listed["who"])):
            out.append((label, _what(listed["what"])))
        return out
    listed = _LISTED.match(sentence.strip())
    if listed is not None and (listing or listed["sep"] == ":"):
        # read out in a list of actions, a name no speaker has is someone absent ("Wayne")
        names = [listed["who"], *([listed["also"]] if listed["also"] else [])]
        labels = [people.label(n) or (_absent(n) if listing else None) for n in names]
        what = _what(listed["what"])
        if (
            all(labels)
            and (listed["also"] is None or listed["sep"] == ":")  # "Jo and Sam, ..." is talk
            and _weight(what) >= 2
            and not sentence.rstrip().endswith("?")
        ):
            # "Eveli: NeuraMT renewal, PO and contract, by Tuesday."; two named, each's
            return [(label, what) for label in labels if label is not None]
    mentioned = people.mentions(sentence)
    if dated and listing and not mentioned:  # "... And Wayne books the low-loader by Monday."
        absent = re.match(r"^(?:(?i:and|so|then|also)\s+)?(?P<who>[A-Z][a-z'-]+)\b", sentence)
        if absent and _absent(absent["who"]):
            mentioned = [(absent["who"], absent.start("who"), absent.end("who"))]
    for n, (label, _start, end) in enumerate(mentioned):
        rest = sentence[end : mentioned[n + 1][1] if n + 1 < len(mentioned) else None]
        assigned = _ASSIGNED.match(rest) or (_DOES.match(rest) if dated else None)
        if assigned is None or _BEFALLS.match(rest.lstrip(" ,;:-")):
            continue
        what = _what(assigned.group("what"))
        if assigned.re is _DOES:  # "Dee does twenty MAR spot checks": "do twenty ..."
            verb, _, tail = what.partition(" ")
            if verb.lower() in _NOT_DOING or not tail:
                continue
            what = f"{_uninflected(verb)} {tail}"
        if _NOT_ASKED_WORK.match(what) or _NOT_WORK.match(what):
            continue
        out.append((label, what))
    if not out:  # "Marco will inspect the rebar": a name this meeting has no speaker for
        named = re.search(
            r"(?:^|[.,;]\s*)(?P<who>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:will|is\s+going\s+to)"
            r"\s+(?P<what>[a-z][\w'-]*\b.*)",
            sentence,
        )
        if named and named["who"].lower() not in _NOT_PEOPLE and not _NOT_WORK.match(named["what"]):
            out.append((named["who"], _what(named["what"])))
    return out


#: "Kirra, the sequences by Friday." / "Tanel: rules restored by Friday." in a list.
_LISTED = re.compile(
    r"^(?P<who>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
    r"(?:\s+(?:and|&)\s+(?P<also>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))?"  # "Callum and Harriet: ..."
    r"\s*(?P<sep>[,:])\s+(?P<what>.+)$"
)
#: A name then its work in the present tense, as a chair hands it out or sums it up:
#: "Tamsin turns auto-route off", "Erlend fits a second flowmeter by Friday".
_DOES = re.compile(r"^\s+(?P<what>[a-z]+(?<!ss)s\b(?!\s+(?:not|n't)\b).*)")
#: Present-tense verbs that say what someone is, thinks or has, not work they take on.
_NOT_DOING = frozenset(
    [
        "is",
        "was",
        "has",
        "says",
        "thinks",
        "knows",
        "wants",
        "likes",
        "seems",
        "looks",
        "sounds",
        "feels",
        "means",
        "agrees",
        "reckons",
        "needs",
        "sends",
        "hears",
        "sees",
        "asks",
        "comes",
        "goes",
        "gets",
        "lives",
        "loves",
        "hates",
        "hopes",
        "believes",
        "remembers",
        "says",
        "sits",
        "stays",
        "uses",
        "works",
        "mentions",
        "tells",
        "calls",
        "keeps",
    ]
)


#: A sentence that opens a round of actions: "Right, actions.", "So, action items:",
#: "Okay, let me go round the actions."
_ACTIONS_CUE = re.compile(
    r"^(?:(?:right|okay|ok|so|and)[,\s]+)*(?:(?:let\s+me|let's|I'll)\s+(?:go\s+(?:a?round|through|"
    r"over)|run\s+through|read\s+out)\s+(?:the\s+)?)?(?:actions?(?:\s+items?)?|to-?dos|"
    r"next\s+steps)(?:\s+then)?\s*[.:!-]?$",
    re.I,
)


def _lists_actions(said: list[str], k: int) -> bool:
    """Whether sentence ``k`` of a turn is in a round of actions read out: after a cue
    ("Right, actions.", "action items: ..."), or among two or more "Name: work" lines."""
    if any(_ACTION_ITEM.search(x) or _ACTIONS_CUE.match(x) for x in said[:k]):
        return True
    return sum(1 for x in said if (m := _LISTED.match(x)) and m["sep"] == ":") >= 2


def _absent(name: str) -> str | None:
    """A first name that may be someone who is not at the meeting: capitalised, not a
    pronoun, day or month; the check resolves it to the tenant's people or drops it."""
    low = name.lower()
    if not re.fullmatch(r"[A-Z][a-z'-]+", name) or low in _NOT_PEOPLE or low in _NOT_NAMES:
        return None
    return name


#: Capitalised words that open a sentence and are nobody: days, months, list words.
_NOT_NAMES = frozenset(
    [d.lower() for d in calendar.day_name]
    + [m.lower() for m in calendar.month_name if m]
    + [
        "right",
        "okay",
        "ok",
        "yes",
        "yeah",
        "no",
        "good",
        "great",
        "fine",
        "thanks",
        "first",
        "next",
        "last",
        "then",
        "everyone",
        "all",
        "actions",
        "action",
        "note",
        "update",
        "finally",
        "also",
        "both",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
    ]
)


def _uninflected(verb: str) -> str:
    """The plain form of a present-tense verb: "carries" carry, "does" do, "fits" fit."""
    low = verb.lower()
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if re.search(r"(?:sh|ch|x|z|o)es$", low):
        return verb[:-2]
    return verb[:-1]


_NOT_PEOPLE = frozenset(
    [
        "we",
        "you",
        "they",
        "it",
        "this",
        "that",
        "there",
        "he",
        "she",
        "i",
        "so",
        "and",
        "but",
        "then",
        "also",
        "now",
        "which",
        "what",
        "who",
        "everyone",
        "everybody",
        "someone",
        "somebody",
        "nobody",
    ]
)


def _vocative(sentence: str, people: _People) -> tuple[str | None, bool]:
    """Who a sentence is addressed to ("Declan, can you ...", "..., Peg?"), and whether it
    addresses someone at all (a name we cannot place, like a nickname, still counts)."""
    m = re.match(r"^(?:(?:and|so|okay|right)[,\s]+)?([A-Z][\w'-]+)\s*,", sentence)
    m = m or re.search(r",\s*([A-Z][\w'-]+)\s*[?.!]?$", sentence)
    if m is None:
        return None, False
    name = m.group(1)
    if name.lower() in _NOT_PEOPLE or name.lower() in {"yes", "no", "yeah", "okay", "well"}:
        return None, False
    return people.label(name), True


_YOU_AND_I = re.compile(r"^and\s+(?:I|me)\s+", re.I)


def _addressed_together(sentence: str, people: _People, asker: str | None = None) -> list[str]:
    """The people a request names together just before it asks ("Dale, Jamal, can you two
    walk the overlook?", "Ana and Tom, could you both ..."): each of them owns the work.
    One name, or names elsewhere in the sentence, is no joint request."""
    ask = _ASK.search(sentence)
    if ask is None:
        return []
    if asker is not None and _YOU_AND_I.match(ask["what"]):  # "Nisha, can you and I do ..."
        addressee, _ = _vocative(sentence, people)
        return [addressee, asker] if addressee and addressee != asker else []
    run: list[str] = []
    until = ask.start()
    for label, start, end in reversed(people.mentions(sentence[:until])):
        if not re.fullmatch(r"\s*(?:,|,?\s*and|&)?\s*", sentence[end:until]):
            break
        run.insert(0, label)
        until = start
    return list(dict.fromkeys(run)) if len(set(run)) > 1 else []


def _joint_items(talk: _Talk, i: int, owners: list[str], asked: str, s: str) -> list[_Item]:
    """One item per person asked together, unless that person turns it down in the next
    turns; a person who says yes brings their reply's line and deadline."""
    out: list[_Item] = []
    replies = [j for j in range(i + 1, min(i + 2 + len(owners), len(talk.turns))) if talk.plain[j]]
    asker = talk.turns[i].speaker
    for owner in owners:
        item = _Item(owner, {i}, [_for_asker(asked, asker)], [s], 0.8, joint=True)
        reply = next((j for j in replies if talk.turns[j].speaker == owner), None)
        if owner != asker and reply is not None:
            if _declines(talk.plain[reply]):
                continue  # "Not me, I'm off all week": turned down, not theirs
            item.lines.add(reply)
            item.due_text.insert(0, talk.plain[reply])
        elif owner != asker:
            item.confidence = 0.65  # asked, and nobody objected
        out.append(item)
    # a deadline said by one of them ("we'll have it for next Tuesday") is the pair's
    shared = [t for it in out for t in it.due_text[:-1]]
    for it in out:
        it.due_text = [*it.due_text[:-1], *(t for t in shared if t not in it.due_text), s]
    return out


def _declines(text: str) -> bool:
    return bool(_DECLINE.match(text.strip()))


def _accepts(text: str) -> bool:
    first = sentences(text)[:1]
    if not first:
        return False
    return (
        reply_agrees(text)
        or bool(_SELF.search(first[0]) or _TAKE_IT.search(first[0]))
        or bool(
            re.match(
                r"^(?:(?:oh|um+|uh+|yes|yeah|yep)[,\s]+)*(?:will\s+do|on\s+it|happy\s+to|"
                r"that's\s+me|that'll\s+be\s+me|that\s+one's\s+mine|mine)\b",
                first[0],
                re.I,
            )
        )
    )


@dataclass(slots=True)
class _Talk:
    turns: list[Turn]
    plain: list[str]
    people: _People
    said_on: date

    def said(self, i: int) -> list[str]:
        return sentences(self.plain[i]) if self.plain[i] else []

    def dated(self, i: int) -> bool:
        return due_date(self.plain[i], said_on=self.said_on) is not None

    def answering(self, i: int) -> bool:
        """Whether turn ``i`` answers a question someone else just asked."""
        for k in range(i - 1, max(i - 3, -1), -1):
            if self.plain[k]:
                return self.turns[k].speaker != self.turns[i].speaker and "?" in self.plain[k]
        return False


def _answer(talk: _Talk, i: int, addressee: str | None) -> tuple[int, str, bool] | None:
    """The reply to a request at turn ``i``: (line, speaker, accepted)."""
    asker = talk.turns[i].speaker
    for j in range(i + 1, min(i + 1 + ANSWER_WITHIN, len(talk.turns))):
        if not talk.plain[j]:
            continue
        who = talk.turns[j].speaker
        if who == asker:
            return None
        if addressee is not None and who != addressee:
            continue
        text = talk.plain[j]
        if _declines(text):
            return j, who, False
        # "End of next week? I need the dealer to look at it first": agreeing when is a yes
        return j, who, _accepts(text) or talk.dated(j)
    return None


def _items_of_turn(talk: _Talk, i: int, used: set[tuple[int, int]]) -> list[_Item]:
    """What turn ``i`` hands out; ``used`` holds sentences another item already took."""
    speaker = talk.turns[i].speaker
    said = talk.said(i)
    out: list[_Item] = []
    for k, s in enumerate(said):
        if (i, k) in used:
            continue
        listing = _lists_actions(said, k)
        dated = due_date(s, said_on=talk.said_on) is not None
        named = [
            (speaker if label.lower() in ("me", "myself") else label, what)
            for label, what in _named_work(s, talk.people, listing=listing, dated=dated)
        ]  # "Me, the term sheet by the 27th": the one reading the list out
        for label, what in named:
            if label == speaker:
                out.append(_Item(speaker, {i}, [what], _said_when(said, k), 0.75))
                continue
            item = _Item(label, {i}, [what], _said_when(said, k), 0.7)
            reply = _answer(talk, i, label if talk.people.label(label) else None)
            if reply is not None:
                j, who, accepted = reply
                if not accepted and who == label and _declines(talk.plain[j]):
                    continue  # "No, I can't, I'm off all week": turned down, nobody's
                if accepted:
                    item.lines.add(j)
                    item.due_text.append(talk.plain[j])
                    item.confidence = 0.85
                    used.update((j, n) for n in range(len(talk.said(j))))
            out.append(item)
        if named:
            continue
        addressee, addressed = _vocative(s, talk.people)
        if addressee is None and not addressed and k > 0:
            addressee, addressed = _vocative(said[k - 1], talk.people)
        asked = _asked_work(s, talk.people, addressed=addressed)
        if asked is None and addressee is not None and k > 0 and _WHOSE.search(s):
            # "Send them off in two batches. Per-Arne, is that you?": the work just said
            before = _what(said[k - 1])
            asked = before if _weight(before) >= 2 and not before.endswith("?") else None
        together = _addressed_together(s, talk.people, speaker) if asked is not None else []
        if asked is not None and together:
            asked = _YOU_AND_I.sub("", asked)
            if _PRONOUN_WORK.match(asked) or re.match(
                r"(?:own|take|have)\s+(?:it|that|this)\b", asked
            ):
                asked = _context(talk, i) or asked  # "you two own it?": the matter just settled
            joint = _joint_items(talk, i, together, asked, s)
            out.extend(joint)
            for it in joint:
                used.update((j, n) for j in it.lines - {i} for n in range(len(talk.said(j))))
            continue
        if asked is not None:
            if _PRONOUN_WORK.match(asked):  # "would you be able to do that?": the work before
                prior = next(
                    (m["what"] for p in reversed(said[:k]) if (m := _SOMEONE_NEEDS.search(p))),
                    None,
                )
                asked = _what(prior) if prior else asked
            reply = _answer(talk, i, addressee)
            if reply is None:
                if addressee is not None:
                    out.append(_Item(addressee, {i}, [asked], [s], 0.65))
                continue
            j, who, accepted = reply
            if not accepted:
                continue
            texts = [_for_asker(asked, speaker)]
            for n, r in enumerate(talk.said(j)):
                mine = _self_work(r)
                if mine and mine[1] >= 0.6 and mine[0]:
                    texts.append(mine[0])
                used.add((j, n))
            if len(texts) > 1 and (_PRONOUN_WORK.match(asked) or _weight(asked) < 1):
                texts = texts[1:] + texts[:1]
            out.append(_Item(who, {i, j}, texts, [talk.plain[j], s], 0.85))
            own = _ASKERS_OWN.search(s)
            mine = _self_work(s[own.end() :], dated=True) if own else None
            if own and mine is not None and mine[0]:  # "..., and I'll put it through by ..."
                out.append(_Item(speaker, {i}, [mine[0]], [s[own.end() :]], mine[1]))
            continue
        pair = pair_on_it(s)
        partner = talk.people.label(pair) if pair else None
        if partner is not None and partner != speaker:  # "Mei-Lin and me on that one?"
            work = _context(talk, i) or _what(s)
            joint = _joint_items(talk, i, [partner, speaker], work, s)
            out.extend(joint)
            for it in joint:
                used.update((j, n) for j in it.lines - {i} for n in range(len(talk.said(j))))
            continue
        mine = _self_work(s, answering=talk.answering(i), dated=talk.dated(i))
        if mine is None:
            continue
        what, firm = mine
        if firm < 0.8:
            reply = _answer(talk, i, None)
            if reply is not None and not reply[2] and _declines(talk.plain[reply[0]]):
                continue
            if firm < 0.7 and (reply is None or not reply[2]):
                continue
            firm = max(firm, 0.7) if reply is not None and reply[2] else firm
        out.append(_Item(speaker, {i}, [what] if what else [], _said_when(said, k), firm))
    return _joined(out)


_STARTS_WITH_DAY = re.compile(
    r"(?:(?:on|by)\s+)?(?:(?:this|next)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|tomorrow|today|tonight|end\s+of)\b",
    re.I,
)


def _said_when(said: list[str], k: int) -> list[str]:
    """Where the deadline of work taken on in sentence ``k`` may be said: that sentence, or
    a short one right beside it ("I'll ring them. By tomorrow, is that okay?", "End of next
    week? I'll leave a paper copy too"), or one that starts with the day ("I'll take that.
    Thursday, I'm going into the city anyway")."""
    found = [said[k]]
    for n in (k + 1, k - 1):
        if 0 <= n < len(said) and (
            len(words(said[n])) <= 10
            or re.match(r"(?:by|before|until|till|on|for)\b", said[n], re.I)
            or _STARTS_WITH_DAY.match(said[n])
        ):
            found.append(said[n])
    return found


def _joined(items: list[_Item]) -> list[_Item]:
    """One item per owner in a turn: their sentences are one piece of work."""
    out: dict[str, _Item] = {}
    for it in items:
        held = out.get(it.owner)
        if held is None:
            out[it.owner] = it
            continue
        _absorb(held, it)
    return list(out.values())


def _absorb(into: _Item, it: _Item) -> None:
    into.lines |= it.lines
    into.texts += it.texts
    into.due_text += it.due_text
    into.confidence = max(into.confidence, it.confidence)


_WHEN = re.compile(r"\b(?:when|by\s+when|how\s+(?:long|soon)|what\s+date|what\s+day)\b", re.I)


def _due_after(talk: _Talk, item: _Item) -> None:
    """A due day settled just after the item: "When could you have it back?" - "End of
    next week?", or "By Thursday?" / "Aim for the 16th" - "Thursday's fine"."""
    last = max(item.lines)
    if last + 2 >= len(talk.turns) or talk.turns[last + 1].speaker == item.owner:
        return
    ask, answer = talk.plain[last + 1], talk.plain[last + 2]
    if talk.turns[last + 2].speaker != item.owner or not ask or not answer:
        return
    if _WHEN.search(ask) and due_date(answer, said_on=talk.said_on):
        item.lines |= {last + 1, last + 2}
        item.due_text.append(answer)
        for s in sentences(answer):
            mine = _self_work(s, dated=True)
            if mine and mine[0]:
                item.texts.append(mine[0])
    elif (
        due_date(ask, said_on=talk.said_on)
        and (
            len(words(ask)) <= 12
            or re.search(r"\byou\b", ask, re.I)
            or any(label == item.owner for label, _, _ in talk.people.mentions(ask))
        )
        and reply_agrees(answer)
    ):
        item.lines |= {last + 1, last + 2}
        item.due_text += [answer, ask]


_OWN_WORK_SAID = re.compile(r"\b(?:I|we)(?:'ll|\s+will|'re\s+going\s+to|'m\s+going\s+to)\b", re.I)


def _due_before(talk: _Talk, item: _Item) -> None:
    """Work taken on in answer to a request that said when ("Get two more up there this
    week." - "I'll call the vendor"): the request's day is the item's."""
    first = min(item.lines)
    if talk.turns[first].speaker != item.owner:
        return  # the item starts at a request: its day is in the request or its answer
    for k in range(first - 1, max(first - 3, -1), -1):
        if not talk.plain[k]:
            continue
        own_work = any(_OWN_WORK_SAID.search(s) for s in talk.said(k))
        if (
            talk.turns[k].speaker != item.owner
            and talk.dated(k)
            and len(talk.said(k)) <= 3
            and not own_work  # "I'll call them today" dates its speaker's work, not the next
        ):
            item.lines.add(k)
            item.due_text.append(talk.plain[k])
        return


def _repeats(item: _Item, before: list[_Item]) -> bool:
    """Whether ``item`` only says again what its owner already took on (a closing recap)."""
    mine = {w for t in item.texts for w in words(t) if w not in _STOP and len(w) > 2}
    for prev in before:
        if prev.owner != item.owner:
            continue
        theirs = {w for t in prev.texts for w in words(t) if w not in _STOP and len(w) > 2}
        shared = mine & theirs
        if len(shared) >= 2 and len(shared) >= 0.5 * min(len(mine), len(theirs)):
            return True
    return False


def _elaborates(item: _Item, prev: _Item, talk: _Talk) -> bool:
    """Whether a person's next item only adds to their last: "I'll put it in capitals",
    "and I'll leave a paper copy too", or someone asking them "could you have something
    by Tuesday?" right after they took it on."""
    first = min(item.lines)
    if item.joint:
        return False  # "Dale, Jamal, can you two walk the overlook?": new work for each
    if talk.turns[first].speaker != item.owner and first <= max(prev.lines) + 1:
        return True
    between = talk.plain[first - 1] if first > 0 else ""
    if (
        first - 1 > max(prev.lines)
        and talk.turns[first - 1].speaker != item.owner
        and "?" in between
        and re.search(r"\byou\b", between, re.I)
    ):
        return True  # "I can do a survey." - "When could you have it back?" - "End of next week"
    if talk.turns[first].speaker != item.owner:
        return False  # a new request to them ("Dale, can your guys set them out?") is new work
    said = " ".join(item.texts) or talk.plain[first]
    return bool(re.search(r"\b(?:it|that|them|this|those|one|also|too|as\s+well)\b", said, re.I))


def _context(talk: _Talk, line: int) -> str | None:
    """What the conversation was about just before ``line``: the last long turn's gist."""
    for k in range(line - 1, max(line - 5, -1), -1):
        said = talk.said(k)
        if len(words(talk.plain[k])) >= 6 and said:
            best = max(said, key=_weight)
            return None if best.endswith("?") else best
    return None


def action_candidates(turns: list[Turn], *, said_on: date) -> list[Candidate]:
    """The action items a transcript's turns hand out; see the module docstring."""
    talk = _Talk(turns, [plain(t.text) for t in turns], _People.of(turns), said_on)
    used: set[tuple[int, int]] = set()
    items: list[_Item] = []
    for i in range(len(turns)):
        if not talk.plain[i] or sums_up(talk.plain[i]):
            continue
        for item in _items_of_turn(talk, i, used):
            prev = next((p for p in reversed(items) if p.owner == item.owner), None)
            if (
                prev is not None
                and min(item.lines) <= max(prev.lines) + SAME_ITEM_WITHIN
                and _elaborates(item, prev, talk)
            ):
                _absorb(prev, item)
                continue
            items.append(item)
    items = [it for n, it in enumerate(items) if not _repeats(it, items[:n])]
    out: list[Candidate] = []
    for item in items:
        if not any(due_date(t, said_on=said_on) for t in item.due_text):
            _due_before(talk, item)
        if not any(due_date(t, said_on=said_on) for t in item.due_text):
            _due_after(talk, item)
        due = next((d for t in item.due_text if (d := due_date(t, said_on=said_on))), None)
        texts = [t for t in item.texts if t]
        best = next((t for t in texts if _weight(t) >= 2 and not _PRONOUN_WORK.match(t)), None)
        if best is None:  # "I'll take that": the work is what was just proposed
            best = _context(talk, min(item.lines)) or (texts[0] if texts else "")
        own = due_date(best, said_on=said_on)
        if own is not None and (
            re.match(r"(?:by|before|until|till|due|on|for)\b", own[1], re.I)
            or best.rstrip(" .").endswith(own[1])
        ):
            best = " ".join(best.replace(own[1], "").split()).strip(" ,")
        name = tidy(best)
        if not name:
            continue
        out.append(
            Candidate(
                "action",
                name,
                tuple(sorted(item.lines)),
                item.confidence,
                item.owner,
                due[0].isoformat() if due else None,
            )
        )
    return out
