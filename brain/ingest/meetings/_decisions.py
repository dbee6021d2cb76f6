"""Decisions read from how a meeting settles a proposal, in any trade's words.

A decision is a proposal the room settles, and it is settled in one of three ways:

* **the room is asked and agrees**: a call ("is everyone okay with that?", "any
  objections?", "Declan, Tunde?") answered by agreement, a "no" to an objection call, or
  the caller's own "no? grand" — with nobody objecting first;
* **an outcome is stated** that stands alone ("we're agreed then", "let's go with the 30th",
  "agency it is", "twice daily from now on") and nobody objects in the next turns;
* **a proposal the room takes up**: "let's just do twice a day", "paper then", "we'll say
  two point five" answered by someone else's agreement (a bare "okay" is not enough);
* **the chair rules** on what others just proposed, restating it in the ruling's own
  words ("So seeded goes last on line three"), and nobody objects. An idea put forward
  ("here's my thinking: ...") is a proposal, not a ruling.

Only the last outcome counts: a speaker who takes back what they settled ("Okay, then no.
Forget what I said.", "scrap that") closes it, and what they say next is the outcome.

Talk that leaves the matter open — put off, parked, not ours to decide, "we'll see",
"nothing for us to decide", "I'm not picking a venue" — settles nothing, whatever
agreement follows it, so a call or outcome in a turn that leaves it open is no decision.
One-person opinions ("I think that's a good idea") and rejections ("no, not all of
them") are not decisions either: nothing here reads them as settling.

The turns one decision rests on (proposal, call, replies, summing up) become one
candidate, its name the stated outcome when that says enough, else the proposal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from brain.ingest.meetings._candidates import Candidate, tidy
from brain.ingest.meetings._formats import Turn
from brain.ingest.meetings._speech_acts import (
    accepts_with_caveat,
    asks_for_objections,
    calls_the_room,
    is_acknowledgement,
    is_housekeeping,
    leaves_open,
    names_only,
    pair_on_it,
    plain,
    puts_forward,
    recalls_earlier,
    replaced,
    reply_agrees,
    reply_objects,
    says_undecided,
    sentences,
    settles,
    sums_up,
    takes_back,
    takes_up,
    withdrawn,
    words,
)

#: Turns after a call that may still answer it.
ANSWER_WITHIN = 4
#: Turns after a stated outcome in which an objection undoes it.
OBJECTION_WITHIN = 2
#: A call turn says its proposal itself when the rest of it has this many words.
PROPOSAL_WORDS = 6
#: Lines back a speaker's "last time" still makes "we decided" a recap.
RECAP_WITHIN = 12
_OWN_WORK = re.compile(r"\bI(?:'ll|\s+will|'m\s+going\s+to|'m\s+gonna|\s+can)\b", re.I)
#: Turns back from a chair's summing up in which the room's agreement is looked for.
SUMMARY_AFTER = 4
#: A chair's summing up starts like this ("right, so we ...", "okay, so the ...", "good.").
_SUMMING_UP = re.compile(
    r"^(?:(?:right|okay|ok|good|great|fine|grand|then|so|alright)[,.!]?\s+)+(?:so\s+)?"
    r"(?!(?:what|who|how|why|when|where|is|are|do|does|can|could|should|next|moving)\b)",
    re.I,
)
_WE_DO = re.compile(
    r"\bwe(?:'ll|\s+will|'re\s+going\s+to)?\s+(?!(?:have|had|got|need|should|could|might|can|"
    r"were|was|are|did|don't|do|just|also|know|think)\b)[a-z]\w+",
    re.I,
)
_TENTATIVE = re.compile(
    r"\b(?:shall|should|could|would|might|maybe|perhaps|probably|if|or|whether|try|trying|"
    r"i\s+think|i\s+guess|i\s+suppose)\b",
    re.I,
)
#: Turns back from a call its proposal may have been made.
PROPOSAL_WITHIN = 4
#: Replies longer than this are new talk, not an answer.
ANSWER_WORDS = 25

_CUE = re.compile(
    r"^.*?\b(?:(?:we've|we\s+have|we|everyone|everybody|all|the\s+\w+)\s+(?:all\s+|has\s+|have\s+)?"
    r"(?:agreed|decided|voted|resolved|chose)(?:\s+(?:to|that|on|for|against))?"
    r"|we(?:'re|\s+are)\s+(?:all\s+)?agreed(?:\s+then)?(?:\s*,?\s*(?:that|to|on))?"
    r"|agreed(?:\s+then|,\s*then)"
    r"|let'?s\s+(?:just\s+)?(?:go|stick|stay|settle)\s+(?:with|for|ahead\s+with|to|on)"
    r"|let\s+us\s+go\s+with"
    r"|we(?:'ll|\s+will|'re\s+going\s+to|'re\s+gonna)\s+(?:just\s+)?(?:go|stick|stay)\s+"
    r"(?:with|for|to)"
    r"|(?:we've|we\s+have|we|it's|it\s+is|I've|I)\s+decided\s+(?:to|that|on|against)"
    r"|(?:the\s+)?decision\s+(?:is|was)(?:\s+to|\s+that)?|decision\s*:"
    r"|then\s+we\s+(?:settle|decide|agree|go)\s+(?:on|for|with)"
    r"|let'?s\s+(?:just\s+)?)\s*",
    re.I,
)
_GO_WITH = re.compile(r"\b(?:go|stick|stay)\s+(?:ahead\s+)?(?:with|for|to)\s*$", re.I)
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
        "it's",
        "this",
        "that",
        "these",
        "those",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "we",
        "we're",
        "we'll",
        "we've",
        "i",
        "i'm",
        "i'll",
        "i'd",
        "you",
        "your",
        "our",
        "us",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "just",
        "really",
        "yeah",
        "yes",
        "yep",
        "okay",
        "ok",
        "right",
        "well",
        "um",
        "uh",
        "oh",
        "fine",
        "grand",
        "good",
        "great",
        "think",
        "agreed",
        "agree",
        "decided",
        "decide",
        "go",
        "going",
        "let's",
        "lets",
        "then",
        "now",
        "all",
        "everyone",
        "everybody",
        "said",
        "say",
        "what",
        "do",
        "did",
        "does",
        "have",
        "has",
        "had",
        "there",
        "here",
        "not",
        "no",
        "any",
    ]
)


@dataclass(slots=True)
class _Said:
    line: int
    speaker: str
    text: str
    sentences: list[str]
    took_back: bool = False  # it withdrew what was settled; its sentences come after that
    withdrew: str | None = None  # what it withdrew by name ("scrap the twenty-third")

    @property
    def size(self) -> int:
        return len(words(self.text))


@dataclass(slots=True)
class _Episode:
    lines: set[int] = field(default_factory=set)
    outcome: str | None = None  # the sentence stating what was settled
    proposal: str | None = None
    strength: float = 0.8


def content_words(text: str) -> list[str]:
    return [w for w in words(text) if w not in _STOP and len(w) > 1]


def _said(turns: list[Turn]) -> list[_Said]:
    """Each turn's plain words and sentences; a turn that takes back what it started
    ("let's hold to Monday then, and... no, wait. If ...") keeps only what follows."""
    out: list[_Said] = []
    for i, t in enumerate(turns):
        text = plain(t.text)
        said = sentences(text) if text else []
        named = [(k, w) for k, s in enumerate(said) if (w := withdrawn(s))]
        back = max((k for k, s in enumerate(said) if takes_back(s)), default=None)
        if named and (back is None or named[-1][0] > back):
            back = named[-1][0]
        if back is not None:
            said = said[back + 1 :]
        withdrew = named[-1][1] if named else None
        if back is not None and withdrew is None:  # "change of plan. ... , not the corner"
            withdrew = next((w for s in said if (w := replaced(s))), None)
        out.append(_Said(i, t.speaker, text, said, back is not None, withdrew))
    return out


def _first_names(turns: list[Turn]) -> set[str]:
    names: set[str] = set()
    for t in turns:
        parts = words(t.speaker)
        if parts:
            names.add(parts[0])
            names.add(" ".join(parts))
    return names


_BARE_ANYONE = re.compile(r"^(?:any(?:one|body)(?:\s+else)?)\s*\?", re.I)


def _call(said: _Said, names: set[str]) -> int | None:
    """Index of the sentence of ``said`` that calls the room, if one does."""
    for k, s in enumerate(said.sentences):
        if _BARE_ANYONE.match(s) and k > 0 and said.sentences[k - 1].endswith("?"):
            continue  # "Who can cover Saturday? Anyone?": asking for a volunteer
        if calls_the_room(s):
            return k
        if k > 0 and names_only(s, names):
            return k
    return None


def _first_names_of(talk: list[_Said]) -> set[str]:
    return {w for t in talk for w in words(t.speaker)[:1]}


def _answers_caller(talk: list[_Said], k: int, caller: str) -> bool:
    """Whether turn ``k`` (another's) answers a question the caller asked just before it."""
    if k == 0 or talk[k].speaker == caller:
        return False
    before = talk[k - 1]
    return before.speaker == caller and any(s.endswith("?") for s in before.sentences)


def _proposal(talk: list[_Said], i: int, call_at: int) -> tuple[set[int], str | None]:
    """Where the proposal a call at turn ``i`` asks about was said, and its words: the call
    turn itself when it says enough, else the last turn before it that does."""
    before = talk[i].sentences[:call_at]
    if len(words(" ".join(before))) >= PROPOSAL_WORDS:
        return {i}, _best_sentence(before)
    for k in range(i - 1, max(i - 1 - PROPOSAL_WITHIN, -1), -1):
        if talk[k].size >= PROPOSAL_WORDS:
            return {k, i}, _best_sentence(talk[k].sentences)
    return {i}, None


def _best_sentence(said: list[str]) -> str:
    """The sentence that says most: one that settles, else the one with most content."""
    settling = [s for s in said if settles(s)]
    return max(settling or said, key=lambda s: len(content_words(s)))


#: The caller's own reading of a silent room after asking for objections: "No?", "Nobody?"
_NOBODY = re.compile(r"^(?:no|nobody|no\s*one|none|nothing)\s*[?.!]?$", re.I)


def _from_call(talk: list[_Said], i: int, call_at: int) -> _Episode | None:
    """A call at turn ``i`` that the room answers yes, or that its caller settles."""
    said = talk[i]
    strong_at = next((k for k, s in enumerate(said.sentences) if _strong(s)), len(said.sentences))
    # the talk around the call, not a reason given further back in the turn ("No. I don't
    # think we're there yet. No formal notice this month. What I want instead is ... Agreed?")
    if any(
        says_undecided(s) or (leaves_open(s) and not settles(s))
        for s in said.sentences[max(0, call_at - 2) : strong_at + 1]
    ):
        return None  # after "so we'll go with this: ...", "pilot's call" qualifies it
    if any(_OWN_WORK.search(s) for s in said.sentences[:call_at]) or pair_on_it(
        said.sentences[call_at]
    ):
        return None  # "I'll ring them by tomorrow, is that okay?": a commitment, not a decision
    call = said.sentences[call_at]
    to_objections = asks_for_objections(call) or names_only(call, set())
    lines, proposal = _proposal(talk, i, call_at)
    if proposal is not None and is_housekeeping(proposal):
        return None
    if names_only(call, _first_names_of(talk)) and _answers_caller(talk, min(lines), said.speaker):
        return None  # "Peter, are you with us?" - "I'm here" - "That's fine. Fatuma?": a roll call
    episode = _Episode(lines=lines, proposal=proposal)
    answered = False
    silence = False  # the caller read the room's silence: "any objections? No. Next, ..."
    for s in said.sentences[call_at + 1 :]:  # "any objections? no? grand, from now on"
        if leaves_open(s):
            return None
        found = settles(s)
        if found is not None:
            episode.outcome = found.sentence
            answered = True
        elif to_objections and _NOBODY.match(s):
            silence = True
    if answered:
        return episode
    if silence:
        return None if _objected_after(talk, i) else episode
    for j in range(i + 1, min(i + 1 + ANSWER_WITHIN, len(talk))):
        reply = talk[j]
        if not reply.text:
            continue
        if any(leaves_open(s) for s in reply.sentences):
            return None
        if reply.speaker == said.speaker:
            found = next((f for s in reply.sentences if (f := settles(s))), None)
            heard_none = bool(reply.sentences) and bool(_NOBODY.match(reply.sentences[0]))
            if found is not None and (answered or heard_none):  # "Anyone?" - "No? Okay, then ..."
                episode.lines.add(j)
                episode.outcome = found.sentence
                answered = True
            elif not answered and _NOBODY.match(reply.text) and to_objections:
                continue  # the caller asking again: "No?"
            break
        caveat = accepts_with_caveat(reply.text)
        if reply_objects(reply.text, to_objections=asks_for_objections(call)) and not caveat:
            return None
        if caveat or (
            reply.size <= ANSWER_WORDS
            and (
                reply_agrees(reply.text, to_objections=to_objections)
                or is_acknowledgement(reply.text)
            )
        ):
            episode.lines.add(j)
            answered = True
            continue
        if to_objections and not answered and reply.size <= ANSWER_WORDS:
            continue  # "Anybody hate that?" - "I mean, it's not my truck." - "Nobody? ..."
        break
    return episode if answered else None


def _objected_after(talk: list[_Said], i: int, *, by_others_than: set[str] | None = None) -> bool:
    """Whether the next speaker after turn ``i`` (not its own speaker, nor any of
    ``by_others_than``) objects."""
    skip = {talk[i].speaker} | (by_others_than or set())
    for j in range(i + 1, min(i + 1 + OBJECTION_WITHIN, len(talk))):
        reply = talk[j]
        if reply.text and reply.speaker not in skip:
            return (
                not _no_echoed(reply, talk[i])
                and reply_objects(reply.text)
                and not reply_agrees(reply.text)
                and not accepts_with_caveat(reply.text)
            )
    return False


def _no_echoed(reply: _Said, said: _Said) -> bool:
    """A "no" that answers yes: "I don't hear anyone screaming." - "No screaming.", "any
    objections?" - "No objections." The words after its "no" are the caller's own."""
    first = reply.sentences[0] if reply.sentences else ""
    m = re.match(r"^no\s+(?P<what>[\w' -]+?)[.!]?$", first, re.I)
    echoed: set[str] = _stems(m["what"]) if m else set()
    return bool(echoed) and echoed <= _stems(said.text)


def _agreed_after(talk: list[_Said], i: int) -> set[int]:
    """Replies by others that agree with turn ``i`` (up to the first that does not)."""
    found: set[int] = set()
    for j in range(i + 1, min(i + 1 + OBJECTION_WITHIN, len(talk))):
        reply = talk[j]
        if not reply.text:
            continue
        if reply.speaker == talk[i].speaker:
            break
        if reply.size <= ANSWER_WORDS and (reply_agrees(reply.text) or _echoes(reply, talk[i])):
            found.add(j)
            continue
        break
    return found


def _echoes(reply: _Said, said: _Said) -> bool:
    """A reply that says the outcome back ("Nobody moves her." to "... Nobody moves her."):
    its first sentence's words, two or more, all said in the turn it answers."""
    first = reply.sentences[:1]
    if not first or first[0].endswith("?") or reply_objects(first[0]):
        return False
    mine = set(words(first[0])) - _STOP
    return len(mine) >= 2 and mine <= set(words(said.text))


def _from_outcome(talk: list[_Said], i: int, chair: str) -> _Episode | None:
    """A stated outcome at turn ``i``: alone when strong; when only proposed, with another's
    agreement; a plan ("we'll split the Saturdays") or a take-up ("do that") only from the
    chair, agreed or taking up the proposal just made."""
    said = talk[i]
    found = [f for s in said.sentences if (f := settles(s))]
    if not found or any(says_undecided(s) for s in said.sentences):
        return None
    strong = [f for f in found if f.strong and not (f.past and _recap(talk, i))]
    if strong:
        if _objected_after(talk, i):
            return None
        episode = _Episode(lines={i}, outcome=strong[0].sentence, strength=0.85)
        if _names_nothing(strong[0].sentence) or len(content_words(_gist(strong[0].sentence))) < 3:
            _what_was_settled(talk, i, episode)
        return episode
    if said.speaker == chair and any(takes_up(s) for s in said.sentences[:2]):
        k = _last_proposal(talk, i)
        if k is not None:
            outcome = " ".join(said.sentences[1:3]) if len(said.sentences) > 1 else None
            best = _best_sentence(talk[k].sentences)
            lines = {k, i} | {j for j in range(k + 1, i) if reply_agrees(talk[j].text)}
            return _Episode(lines=lines, outcome=outcome, proposal=best, strength=0.75)
    weak = [f for f in found if not f.chair_only or said.speaker == chair]
    if said.speaker != chair and weak:
        k = _chairs_proposal(talk, i, chair, weak[0].sentence)
        j = _chair_restates(talk, i, chair, weak[0].sentence)
        if j is not None:  # "Compressor then." - "Compressor plus the condenser service now."
            return _Episode(lines={i, j}, outcome=talk[j].sentences[0], strength=0.75)
        if k is not None:  # "Fine, Hillcrest first then.": the chair's proposal taken up
            lines = {k, i} | {j for j in range(k + 1, i) if reply_agrees(talk[j].text)}
            proposal = _best_sentence(talk[k].sentences)
            return _Episode(lines=lines, outcome=weak[0].sentence, proposal=proposal)
    if said.speaker != chair and any(_OWN_WORK.search(s) for s in said.sentences):
        return None  # "Tuesday then, the eighth. I'll go to the office": a promise, not a decision
    if not weak:
        return None
    if any(leaves_open(s) for s in said.sentences):
        return None  # "That's a P2, not now. Let's get the alert in first.": nothing new settled
    agreed = _agreed_after(talk, i)
    if agreed and not _objected_after(talk, max(agreed), by_others_than={said.speaker}):
        episode = _Episode(lines={i, *agreed}, outcome=weak[0].sentence, strength=0.75)
        if len(content_words(_gist(weak[0].sentence))) < 2:  # "Fine, both. Operators ..."
            _what_was_settled(talk, i, episode)
        return episode
    return None  # "Let's move it to Friday." - "Fine by me." - "No, Friday's the stocktake."


def _chair_restates(talk: list[_Said], i: int, chair: str, sentence: str) -> int | None:
    """The chair's turn right after turn ``i`` when it says back what ``sentence`` chose,
    in a statement of its own that may say more ("Fine. Compressor then." - "Compressor
    plus the condenser service now, and the new unit goes on next year's list."): the
    chair taking it up settles it. None else."""
    chosen = set(words(_gist(sentence))) - _STOP - _SETTLE_STEMS
    for j in range(i + 1, min(i + 3, len(talk))):
        reply = talk[j]
        if not reply.text:
            continue
        first = reply.sentences[0] if reply.sentences else ""
        if (
            reply.speaker != chair
            or not chosen
            or first.endswith("?")
            or reply_objects(first)
            or leaves_open(first)
            or not chosen <= set(words(first))
            or len(content_words(first)) < 3
        ):
            return None
        return j
    return None


#: A remark on the room's silence: "I don't hear anyone screaming", "nobody's objecting".
_READS_SILENCE = re.compile(
    r"\b(?:(?:I\s+)?don't\s+hear\s+(?:any(?:one|body)|a\s+no)|(?:nobody|no\s*one)(?:'s|\s+is)\s+"
    r"(?:screaming|objecting|arguing|shouting))\b",
    re.I,
)


def _what_was_settled(talk: list[_Said], i: int, episode: _Episode) -> None:
    """What an outcome that names nothing ("Done, that's settled", "go with that, then")
    settles: the rest of its turn when that says it ("Three agency on Tuesday and
    Wednesday."), else the proposal just before it, whose line it then cites too."""
    said = talk[i]
    own = [
        s
        for s in said.sentences
        if s != episode.outcome and _states(s) and not settles(s) and not _READS_SILENCE.search(s)
    ]
    if own:
        episode.proposal = max(own, key=lambda s: len(content_words(s)))
        return
    summed = _own_summing_up(talk, i)
    if summed is not None:  # "Okay, so the cash goes in the safe." - ... - "Okay, agreed."
        k, sentence = summed
        episode.proposal = sentence
        episode.lines.update(range(k, i))
        return
    for k in range(i - 1, max(i - 1 - PROPOSAL_WITHIN, -1), -1):
        before = talk[k]
        if not before.text:
            continue
        stated = [s for s in before.sentences if _states(s)]
        if before.size >= PROPOSAL_WORDS and stated:
            episode.proposal = _best_sentence(stated)
            episode.lines.add(k)
            return
        if not (reply_agrees(before.text) or is_acknowledgement(before.text)):
            return


def _own_summing_up(talk: list[_Said], i: int) -> tuple[int, str] | None:
    """The settler's own summing up a turn or two before ("Okay, so the finds go in the
    container") that a bare "Okay, agreed." settles: it, not a remark in between, is what
    was agreed."""
    for k in range(i - 1, max(i - 1 - PROPOSAL_WITHIN // 2, -1), -1):
        if talk[k].speaker != talk[i].speaker:
            continue
        stated = [s for s in talk[k].sentences if _SUMMING_UP.match(s) and _states(s)]
        return (k, stated[-1]) if stated else None
    return None


def _chairs_proposal(talk: list[_Said], i: int, chair: str, taken: str) -> int | None:
    """The chair's proposal that ``taken`` ("Fine, Hillcrest first then") names again: a
    chair's statement of the last few turns, sharing its words, not the agenda, with nobody
    objecting since."""
    names = frozenset(_first_names_of(talk))
    mine = _stems(taken, names)
    for k in range(i - 1, max(i - 1 - PROPOSAL_WITHIN, -1), -1):
        before = talk[k]
        if not before.text:
            continue
        if before.speaker == chair:
            if any(is_housekeeping(s) for s in before.sentences):
                return None  # "Today: the kiln, the glaze." - "Kiln first, then.": the agenda
            proposed = " ".join(s for s in before.sentences if not s.endswith("?"))
            if (mine & _stems(proposed, names)) - _WHEN_WORDS:
                return k  # a question ("on board or in the shed?") proposes nothing, and
                # "I need it by Tuesday" - "Okay, Tuesday then. I'll send it" is a due day
            continue
        if reply_objects(before.text) and not reply_agrees(before.text):
            return None
    return None


def _last_proposal(talk: list[_Said], i: int) -> int | None:
    """The proposal turn ``i`` takes up: someone else's last long turn before it, with
    only agreement between."""
    for k in range(i - 1, max(i - 1 - PROPOSAL_WITHIN, -1), -1):
        before = talk[k]
        if not before.text:
            continue
        if before.speaker != talk[i].speaker and before.size >= PROPOSAL_WORDS:
            return k
        if not reply_agrees(before.text):
            return None
    return None


def _asked_objections(talk: list[_Said], k: int) -> bool:
    """Whether the last question before turn ``k`` asked the room for objections."""
    for j in range(k - 1, max(k - 4, -1), -1):
        asked = [s for s in talk[j].sentences if s.endswith("?")]
        if asked:
            return any(calls_the_room(s) and asks_for_objections(s) for s in asked)
    return False


def _from_summary(talk: list[_Said], i: int, chair: str) -> _Episode | None:
    """The chair summing up what the room just agreed: "Right, so we ship the fix as a
    hotfix this week" after "agreed, hotfix" and "no, hotfix"."""
    said = talk[i]
    if said.speaker != chair or any(says_undecided(s) for s in said.sentences):
        return None
    summary = next(
        (
            s
            for s in said.sentences[:2]
            if _SUMMING_UP.match(s)
            and _WE_DO.search(s)
            and not is_housekeeping(s)
            and not _TENTATIVE.search(s)
            and not s.endswith("?")
            and len(content_words(s)) >= 4
        ),
        None,
    )
    if summary is None or leaves_open(summary):
        return None
    agreed: set[int] = set()
    for k in range(i - 1, max(i - 1 - SUMMARY_AFTER, -1), -1):
        before = talk[k]
        if not before.text or before.speaker == chair:
            continue
        asked = _asked_objections(talk, k)
        if reply_agrees(before.text, to_objections=asked):
            agreed.add(k)
        elif reply_objects(before.text, to_objections=asked):
            break
    if not agreed:
        return None
    return _Episode(lines={*agreed, i}, outcome=summary, strength=0.7)


#: Lines between two episodes on the same matter that are still one decision.
SAME_MATTER_WITHIN = 3
#: Turns back from a chair's ruling in which the exchange it settles is looked for.
RULING_AFTER = 4
#: A ruling draws the conclusion: "So seeded goes last", "Then Pilot 7 does daylight only".
_CONCLUDES = re.compile(
    r"^(?:(?:okay|ok|right|fine|good|yes|yeah|no|alright)[,.!]?\s+)*"
    r"(?:so|then|in\s+that\s+case)\b(?!\s+(?:what|who|how|why|when|where|is|are|do|does|"
    r"can|could|should|next|moving|if|you|I)\b)|\bthen[.!]?$|"
    # "thirty-seven stays on Route 9 then, and ...": a clause concluded by "then"
    r"(?<!\band\s)(?<!\bnow\s)(?<!\bsince\s)(?<!\bby\s)(?<!\buntil\s)(?<!\btill\s)(?<!\bback\s)"
    r"(?<!\bjust\s)(?<!\bbut\s)(?<!\bor\s)(?<=\w\s)then,\s+(?:and|but|so)\b",
    re.I,
)
#: An objection this short needs no words of what it objects to ("No, hang on").
SHORT_OBJECTION = 4
#: A ruling says what the room will do in a sentence of its own, not an agenda heading.
RULING_WORDS = 4
#: Not a ruling: a person's own view or report ("I'd say", "my chair"), words to someone
#: ("you wanna"), a verdict on a thing ("that's really good"), a rejection ("so no, not a
#: blanket move"), a hedge ("kind of"), work still needed ("those five clients need a
#: call": an action; "it has to be better": a view of what is needed), or what there is
#: ("we've got a lot", "there's the fuel order").
_NOT_A_RULING = re.compile(
    r"\b(?:I|I'm|I'd|I've|me|my|you|you're|your|kind\s+of|sort\s+of|I\s+mean|needs?|has\s+to|"
    r"have\s+to|must|got\s+to|gotta)\b|"
    r"^(?:(?:okay|ok|right|fine|good|yes|yeah|so|well)[,.!]?\s+)*(?:(?:that|this|it)(?:'s|\s+is|"
    r"\s+was)\b|no\b|not\b|we've\s+got\b|we\s+(?:have|had)\b|there(?:'s|\s+is|\s+are|\s+was)\b)",
    re.I,
)
_STEM = re.compile(r"(?:ing|ed|es|e|s)$")
#: What already happened: a report, never a ruling ("We sent the van back on Friday").
_REPORT = re.compile(
    r"^(?:(?:okay|ok|right|fine|so|well|no|yes|yeah)[,.!]?\s+)*(?:we|they|he|she|it|I)\s+"
    r"(?:\w+ed|was|were|did|had|went|sent|got|made|took|came|said|told|gave|found|left|"
    r"brought|bought|ran|spoke|rang|wrote)\b",
    re.I,
)
#: The chair turning a proposal down in a word, before saying what happens instead.
_FLAT_NO = re.compile(r"^(?:no|nope|absolutely\s+not|not\s+a\s+chance|no\s+way)[.!]$", re.I)
#: Someone asked to do work: what the turn says after it is that work, not a ruling.
_ASKS_FOR_WORK = re.compile(r"\b(?:can|could|would|will)\s+you\b(?![^?]*\b(?:live|agree)\b)", re.I)
#: What a settling sentence says about itself rather than about its matter.
_SETTLE_STEMS = frozenset(["settl", "agre", "decid", "done", "final", "plan", "rule", "that'"])
#: Words too common in talk to show two turns are on the same matter.
_SMALL = frozenset(
    [
        "out",
        "up",
        "off",
        "over",
        "back",
        "down",
        "about",
        "which",
        "only",
        "because",
        "got",
        "get",
        "some",
        "very",
        "much",
        "still",
        "also",
        "even",
        "like",
        "want",
        "know",
    ]
)
#: A ruling that points back at what was just said: "do it that way", "that's the rule".
_POINTS_BACK = re.compile(r"\b(?:that|it|this|those|these)\b", re.I)


def _stems(text: str, names: frozenset[str] = frozenset()) -> set[str]:
    """Content words cut to a rough stem, so "moved" meets "move" and "nights" "night"
    (people's names left out: naming someone restates nothing)."""
    out: set[str] = set()
    for w in content_words(text):
        if w in _SMALL or w.removesuffix("'s") in names:
            continue
        cut = _STEM.sub("", w)
        out.add((cut if len(cut) >= 3 else w)[:6])
    return out


#: Stems of words that only say when: sharing them shows no shared matter.
_WHEN_WORDS = frozenset(
    _stems(
        "monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight week "
        "weekend month morning afternoon evening night first second third next end time "
        "january february march april may june july august september october november december"
    )
)


def _ruling(said: _Said) -> int | None:
    """The sentence of a chair's turn that rules on the exchange: it concludes ("so ...",
    "... then"), follows the chair's own assent ("I agree. Soybean lots go first") or is
    followed by it ("..., nobody's moved. Agreed."); not a question, a hedge, open talk,
    the chair's own work or the meeting's running order."""
    for k, s in enumerate(said.sentences):
        if puts_forward(s):
            return None  # "So here's my thinking. Do the lot by machine": a proposal
        if _ASKS_FOR_WORK.search(s):
            return None  # "LaShonda, can you run it empty? Time it.": the work asked for
        if (
            s.endswith("?")
            or _TENTATIVE.search(s)
            or leaves_open(s)
            or says_undecided(s)
            or _OWN_WORK.search(s)
            or is_housekeeping(s)
            or reply_objects(s)
            or _REPORT.match(s)
        ):
            continue
        found = settles(s)
        weak_then = found is not None and not found.strong and not found.chair_only
        refused = any(_FLAT_NO.match(o) for o in said.sentences[:k]) and len(words(s)) >= 3
        if not (weak_then or refused) and (
            len(content_words(s)) < 2
            or len(words(s)) < RULING_WORDS
            or s.endswith(",")
            or _NOT_A_RULING.search(s)
        ):
            continue
        others = said.sentences[:k] + said.sentences[k + 1 :]
        after = said.sentences[k + 1 : k + 2]
        assent = any(reply_agrees(o) or is_acknowledgement(o) for o in said.sentences[:k]) or any(
            reply_agrees(o) for o in after
        )
        if weak_then or _CONCLUDES.search(s) or (assent and others) or refused:
            return k  # refused: "No. We repair it.": the other course turned down
    return None


def _ruling_objected(talk: list[_Said], i: int, ruled: set[str]) -> bool:
    """Whether the next speaker objects to a ruling: a "no" or doubt that is short or about
    what was ruled ("What about the cooperative from Oncativo?" moves on; it objects to
    nothing)."""
    for j in range(i + 1, min(i + 1 + OBJECTION_WITHIN, len(talk))):
        reply = talk[j]
        if not reply.text or reply.speaker == talk[i].speaker:
            continue
        first = reply.sentences[0]
        if not reply_objects(first) or accepts_with_caveat(reply.text):
            return False
        return len(words(first)) <= SHORT_OBJECTION or bool(ruled & _stems(first))
    return False


def _from_ruling(talk: list[_Said], i: int, chair: str) -> _Episode | None:
    """The chair ruling on what others just proposed, in its words: "Okay. So seeded goes
    last on line three" after "if the seeded runs are always the last thing on line three"
    and "that's what I'd want"; "Fine. Destroyed then." after "It's being destroyed". The
    ruling must restate the proposal (shared words) and nobody may object to it."""
    said = talk[i]
    if said.speaker != chair or any(
        says_undecided(s) or is_housekeeping(s) for s in said.sentences
    ):
        return None
    at = _ruling(said)
    if at is None:
        return None
    ruling = said.sentences[at]
    if any(leaves_open(x) for x in said.sentences[:at]):
        return None  # "That's a P2, not now. Let's get the alert in first.": put off, not ruled
    if re.match(r"^(?:(?:no|nope|nah)[,.!]?\s+)?not\b", ruling, re.I):
        return None  # "No. Not for this storm.": the proposal turned down, nothing chosen
    if _CONSEQUENCE.search(ruling):
        return None  # "Well, that changes the mocks then.": news weighed, nothing chosen yet
    names = frozenset(_first_names_of(talk))
    mine = _stems(" ".join(x for x in said.sentences if not x.endswith("?")), names)
    # What the ruling itself says: its sentence and what the chair adds after it ("Thursday
    # then. The convoy goes on the third"), not the talk before it in the turn (a reply to
    # the last speaker, an agenda); a ruling that points back ("let's do it that way") says
    # what the turn says.
    ruled = (
        mine
        if _POINTS_BACK.search(ruling)
        else _stems(" ".join(x for x in said.sentences[at:] if not x.endswith("?")), names)
    )
    lines: set[int] = set()
    shared: set[str] = set()
    for k in range(i - 1, max(i - 1 - RULING_AFTER, -1), -1):
        before = talk[k]
        if not before.text or before.speaker == chair:
            continue
        common = mine & _stems(before.text)
        if common and (before.size >= PROPOSAL_WORDS or reply_agrees(before.text)):
            lines.add(k)
            shared |= common
    needed = min(2, len(_stems(ruling, names)))
    if not lines or len(shared & ruled) < needed or _ruling_objected(talk, i, mine):
        return None
    proposal: str | None = _best_sentence(talk[max(lines)].sentences)
    if any(_FLAT_NO.match(o) for o in said.sentences[:at]):
        proposal = None  # "No. We repair it.": what was proposed is what was turned down
    outcome = ruling
    then = said.sentences[at + 1 : at + 2]
    if len(content_words(_gist(ruling))) < 3 and then and _states(then[0]):
        outcome = f"{ruling} {then[0]}"  # "Sunday then. The open day runs on the Sunday."
    return _Episode(lines={*lines, i}, outcome=outcome, proposal=proposal, strength=0.7)


def _states(sentence: str) -> bool:
    """A plain statement of what happens: no question, hedge, open talk or own work."""
    return not (
        sentence.endswith("?")
        or _TENTATIVE.search(sentence)
        or leaves_open(sentence)
        or _OWN_WORK.search(sentence)
        or len(content_words(sentence)) < 3
    )


def _recap(talk: list[_Said], i: int) -> bool:
    """Whether turn ``i`` is its speaker recalling an earlier meeting."""
    mine = [t for t in talk[max(0, i - RECAP_WITHIN) : i + 1] if t.speaker == talk[i].speaker]
    return any(recalls_earlier(t.text) for t in mine)


def _merged(talk: list[_Said], episodes: list[_Episode]) -> list[_Episode]:
    """Episodes whose turns overlap or touch are one decision (a call, its answers, the
    summing up, the chair's "good, that's decided" straight after), and so are two on the
    same matter a few lines apart, or an outcome that only points back ("let's go with
    that, then") after a settled one with nothing but assent between."""
    out: list[_Episode] = []
    for e in sorted(episodes, key=lambda e: min(e.lines)):
        last = out[-1] if out else None
        if (
            last is not None
            and not _both_stand_alone(talk, last, e)
            and (
                min(e.lines) <= max(last.lines) + 1
                or (
                    min(e.lines) <= max(last.lines) + SAME_MATTER_WITHIN
                    and (_same_matter(talk, last, e) or _takes_up_last(talk, last, e))
                )
            )
        ):
            last.lines |= e.lines
            last.outcome = _better(last.outcome, e.outcome)
            last.proposal = last.proposal or e.proposal
            last.strength = max(last.strength, e.strength)
            continue
        out.append(e)
    return out


def _both_stand_alone(talk: list[_Said], last: _Episode, e: _Episode) -> bool:
    """Two nearby episodes that are two decisions: each states its own outcome and the
    later one opens on a new matter ("Nine goes to North. Done." -
    "Okay, drivers. ... two twelve-hour shifts")."""
    if _points_back_only(e) or _points_back_only(last) or not e.outcome or not last.outcome:
        return False
    if last.lines & e.lines:
        return False
    first = talk[min(e.lines)].sentences[:1]
    return bool(first) and bool(_OPENS_MATTER.match(first[0]))


#: A turn that opens the next matter: "Okay, drivers.", "Right, the budget.", "Next, ...".
_OPENS_MATTER = re.compile(
    r"^(?:(?:okay|ok|right|so|now|next|good)[,.]?\s+)+(?:the\s+)?[\w' -]{2,25}[.:]$|"
    r"^(?:next|moving\s+on|on\s+to)\b",
    re.I,
)


def _points_back_only(e: _Episode) -> bool:
    """An episode that names nothing of its own: "go with that", "that's settled"."""
    said = _stems(f"{e.outcome or ''} {e.proposal or ''}") - _SETTLE_STEMS
    return e.outcome is not None and bool(_POINTS_BACK.search(e.outcome)) and not said


def _takes_up_last(talk: list[_Said], last: _Episode, e: _Episode) -> bool:
    """Whether ``e`` only points back at ``last`` with nothing but assent between them."""
    between = [talk[k] for k in range(max(last.lines) + 1, min(e.lines)) if talk[k].text]
    return _points_back_only(e) and all(
        reply_agrees(t.text) or is_acknowledgement(t.text) for t in between
    )


def _same_matter(talk: list[_Said], a: _Episode, b: _Episode) -> bool:
    """Whether two episodes' words say the same thing (two words in common); an outcome
    that only points back ("That's settled.") says what the rest of its turn says ("COSI's
    out for December. That's settled. Two-fifteen back in the lot.")."""

    def said(e: _Episode) -> set[str]:
        own = f"{e.outcome or ''} {e.proposal or ''}"
        if _points_back_only(e):
            own += " " + " ".join(talk[k].text for k in e.lines)
        return _stems(own)

    return len(said(a) & said(b)) >= 2


def _better(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return b if len(content_words(_gist(b))) > len(content_words(_gist(a))) else a


def _gist(sentence: str) -> str:
    """What a settling sentence says was chosen, without its cue ("we're agreed then, ...")."""
    m = _CUE.match(sentence)
    if m is None:
        return sentence
    rest = sentence[m.end() :].strip(" ,:;-–—")  # "so the decision is: a call on every lead"
    if _GO_WITH.search(m.group(0)):
        verb = _GO_WITH.search(m.group(0))
        assert verb is not None
        rest = f"{verb.group(0).strip()} {rest}"
    return rest if len(rest.split()) >= 2 else sentence


def _name(episode: _Episode) -> str:
    """The decision's name: its stated outcome when that says what was chosen, else the
    proposal it settles ("Done, that's settled", "that's how we work from Monday" name
    nothing of their own)."""
    outcome = _gist(episode.outcome) if episode.outcome else ""
    if episode.proposal and (len(content_words(outcome)) < 3 or _names_nothing(outcome)):
        return tidy(episode.proposal)
    return tidy(outcome or episode.proposal or "")


def _names_nothing(sentence: str) -> bool:
    """A settling sentence that only points back: "that's how we work from Monday"."""
    said = _stems(sentence) - _SETTLE_STEMS - {"how", "what", "way", "work"}
    return bool(_POINTS_BACK.search(sentence)) and len(said) < 2


def _strong(sentence: str) -> bool:
    found = settles(sentence)
    return found is not None and found.strong


def _chair(talk: list[_Said]) -> str:
    """Who chairs: the speaker who most often asks the room or sums up, else the one who
    speaks most (ties to whoever spoke first)."""
    score: dict[str, float] = {}
    for said in talk:
        if not said.text:
            continue
        score[said.speaker] = score.get(said.speaker, 0.0) + 0.05
        if any(calls_the_room(s) or _strong(s) for s in said.sentences):
            score[said.speaker] += 1
    return max(score, key=lambda k: score[k]) if score else ""


#: Lines back a speaker taking back what was settled ("scrap that") still reaches.
TAKE_BACK_WITHIN = 8


def _standing(talk: list[_Said], episodes: list[_Episode]) -> list[_Episode]:
    """The episodes still standing at the end of the meeting: a turn that takes back what
    was settled ("Okay, then no. Forget what I said.", "Scrap that.") closes the last
    episode before it that its speaker was part of, within ``TAKE_BACK_WITHIN`` lines (a
    "no, wait" from someone who had no part in it objects; it withdraws nothing); only the
    later outcome counts."""
    closed: set[int] = set()
    for i, said in enumerate(talk):
        if not said.took_back:
            continue
        named = _named_withdrawn(talk, episodes, closed, said, i)
        if named is not None:
            closed.add(named)
            continue
        before = [
            n
            for n, e in enumerate(episodes)
            if n not in closed
            and i - TAKE_BACK_WITHIN <= max(e.lines) < i
            and any(talk[k].speaker == said.speaker for k in e.lines)
        ]
        if before:
            closed.add(max(before, key=lambda n: max(episodes[n].lines)))
    return [e for n, e in enumerate(episodes) if n not in closed]


#: A take-back that says it withdraws: "forget what I said about", "scrap", "reversing".
_WITHDRAWING = re.compile(
    r"\b(?:forget|scrap|scratch|ditch|undo|revers\w*|overturn\w*|take\s+(?:it|that)\s+back)\b",
    re.I,
)
#: "That changes the mocks", "which means ...": what news does to a matter, no ruling on it.
_CONSEQUENCE = re.compile(r"\b(?:that|which|this)\s+(?:changes|means|affects|rules\s+out)\b", re.I)
#: Stems that name a decision itself, not its matter ("the ondansetron call").
_WITHDRAWN_WORDS = frozenset(["call", "decisi", "plan", "idea", "earlie"])


def _named_withdrawn(
    talk: list[_Said], episodes: list[_Episode], closed: set[int], said: _Said, i: int
) -> int | None:
    """The latest earlier episode whose words hold all of what ``said`` withdrew by name
    ("scrap the twenty-third" closes "let's close it Monday the twenty-third", fifty lines
    on): naming the thing reaches back where a bare "scrap that" cannot."""
    if not said.withdrew or not (named := _stems(said.withdrew) - _WITHDRAWN_WORDS):
        return None
    need = max(1, round(0.75 * len(named)))  # "pulling ondansetron from the cabinets"
    # what it was about may be in the talk that led to it ("Can we ask for an extension?"
    # - "Yeah, let's just ask for two weeks"), not in the outcome's own words, when the
    # take-back says it is withdrawing ("forget what I said about the extension"); "the
    # speech recognition is out" strikes off an option, and only one stated as settled
    explicit = bool(_WITHDRAWING.search(said.text))

    def about(e: _Episode) -> set[str]:
        said_then = [talk[k].text for k in e.lines] if explicit else []
        return _stems(" ".join([e.outcome or "", e.proposal or "", *said_then]))

    hits = [
        n
        for n, e in enumerate(episodes)
        if n not in closed and max(e.lines) < i and len(named & about(e)) >= need
    ]
    return max(hits, key=lambda n: max(episodes[n].lines)) if hits else None


_PERSONAL = re.compile(r"\bI\b|\bI'|\bme\b|\bmy\b", re.I)


def _from_take_back(talk: list[_Said], i: int, chair: str) -> _Episode | None:
    """What a speaker settles on in the turn that takes back the earlier outcome: "Okay,
    then no. Forget what I said. 412 stays out of order until the tray is replaced." The
    statements after the take-back are the outcome, from the chair or agreed by another,
    and nobody objects to them."""
    said = talk[i]
    if any(says_undecided(s) or leaves_open(s) or is_housekeeping(s) for s in said.sentences):
        return None
    stated: list[str] = []
    for s in said.sentences[:2]:
        if s.endswith("?") or _TENTATIVE.search(s) or _OWN_WORK.search(s) or _PERSONAL.search(s):
            break
        stated.append(s)
    if not stated or len(content_words(" ".join(stated))) < RULING_WORDS - 1:
        return None
    agreed = _agreed_after(talk, i)
    if (said.speaker != chair and not agreed) or _objected_after(talk, i):
        return None
    return _Episode(lines={i, *agreed}, outcome=" ".join(stated), strength=0.75)


def decision_candidates(turns: list[Turn]) -> list[Candidate]:
    """The decisions a transcript's turns settle; see the module docstring."""
    talk = _said(turns)
    names = _first_names(turns)
    chair = _chair(talk)
    episodes: list[_Episode] = []
    for i, said in enumerate(talk):
        if not said.text or sums_up(said.text):
            continue
        call_at = _call(said, names)
        if call_at is not None:
            found = _from_call(talk, i, call_at)
            if found is not None:
                episodes.append(found)
                continue
        if said.took_back:
            found = _from_take_back(talk, i, chair)
            if found is not None:
                episodes.append(found)
                continue
        found = _from_outcome(talk, i, chair)
        if found is not None:
            episodes.append(found)
        summary = _from_summary(talk, i, chair)
        if summary is not None and (found is None or not found.outcome):
            episodes.append(summary)
        if found is None and summary is None:
            ruling = _from_ruling(talk, i, chair)
            if ruling is not None:
                episodes.append(ruling)
    episodes = _standing(talk, episodes)
    return [
        Candidate("decision", _name(e), tuple(sorted(e.lines)), e.strength)
        for e in _said_again(_merged(talk, episodes))
        if _name(e)
    ]


#: Lines after a decision in which saying it again is a repeat, not a new decision.
REPEAT_WITHIN = 40


def _said_again(episodes: list[_Episode]) -> list[_Episode]:
    """Each decision once: a later episode that says mostly the same words ("so then we
    decide on the universal control", ten lines after the room settled on it) is the same
    decision said again, or changed in a detail; it keeps the lines of both and the later
    words, since only the last outcome counts."""
    out: list[_Episode] = []
    for e in episodes:
        mine = _stems(f"{e.outcome or ''} {e.proposal or ''}")
        earlier = next(
            (
                p
                for p in reversed(out)
                if min(e.lines) - max(p.lines) <= REPEAT_WITHIN
                and len(shared := mine & _stems(f"{p.outcome or ''} {p.proposal or ''}")) >= 3
                and len(shared) >= 0.6 * len(mine)
            ),
            None,
        )
        if earlier is None:
            out.append(e)
            continue
        earlier.lines |= e.lines
        earlier.outcome = e.outcome or earlier.outcome
        earlier.proposal = e.proposal or earlier.proposal
    return out
