"""The words of a question and of a thing's name, compared the same way on both sides.

Understanding a question means finding which of this tenant's things it names, so both
the question and every candidate name go through one normaliser: Unicode folded (accents
dropped, so "Léa" meets "Lea"), split on anything that is not a letter or digit, a light
stem (plurals and -ed/-ing endings), and function words removed. The stem is crude on
purpose: it only has to turn the same word into the same key on both sides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

#: Words that never name a thing: function words, question words, pronouns, auxiliaries
#: and the verbs every question uses. They say how something is asked, not what about.
_STOPWORD_TEXT = """
a about above after again against all am an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do
does doesn't doing don't down during each few for from further had hadn't has hasn't
have haven't having he her here hers herself him himself his how i if in into is isn't
it its itself just let me more most my myself no nor not now of off on once only or us
other ought our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until
up very was wasn't we were weren't what when where which while who whom whose why will with
won't would wouldn't you your yours yourself yourselves s t d ll m re ve y o tell show
give know get got go going gone went please thanks thank u ok okay anyone someone
something anything thing things one ones currently moment right still also much many lot
lots really actually ever already yet
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


_CONTRACTION = re.compile(r"n't\b|'(?:s|re|ve|ll|d|m)\b")
#: "whos", "whats": the question words' contractions as typed without the apostrophe.
_BARE_IS = re.compile(r"\b(who|what|where|when|that|there|here)s\b")
#: "cant", "dont", "isnt": negations typed without the apostrophe, opened as "can't" is.
_BARE_NOT = re.compile(r"\b(ca|do|does|did|is|are|was|were|has|have|had|could|should|would|wo)nt\b")


def fold(text: str) -> str:
    """Lower case without accents; contractions opened ("can't" -> "can not", "who's" ->
    "who") so no "cant" or "whos" is ever taken for a name."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    opened = _CONTRACTION.sub(lambda m: " not" if m.group(0) == "n't" else "", folded)
    return _BARE_NOT.sub(r"\1 not", _BARE_IS.sub(r"\1", opened))


#: Shorthand people type in chat, any trade: read as the word it stands for.
_SHORTHAND = {
    "tix": "tickets",
    "hrs": "hours",
    "hr": "hour",
    "mins": "minutes",
    "qty": "quantity",
    "pcs": "pieces",
    "appt": "appointment",
    "appts": "appointments",
    "mgmt": "management",
    "dept": "department",
    "ppl": "people",
    "msg": "message",
    "msgs": "messages",
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "amt": "amount",
    "acct": "account",
    "accts": "accounts",
    "thru": "through",
    "occ": "occupancy",
    "temp": "temperature",
    "temps": "temperatures",
    "bldg": "building",
    "bldgs": "buildings",
    "mgr": "manager",
    "mgrs": "managers",
    "maint": "maintenance",
    "equip": "equipment",
    "approx": "approximately",
    "req": "request",
    "reqs": "requests",
}


def stem(word: str) -> str:
    """A light stem: "enquiries" -> "enquiry", "carried" -> "carry", "tickets" -> "ticket",
    "caused" and "cause" -> "caus", "takings" and "take" -> "tak"; chat shorthand ("tix",
    "hrs") is the word it stands for."""
    word = _SHORTHAND.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ied"):  # "carried" meets "carry", "tried" "try"
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        word = word[:-2]
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        word = word[:-1]
    return word


_COMPOUND = re.compile(r"[^\W_]+(?:-[^\W_]+)+", re.UNICODE)


def _raw_words(text: str) -> list[str]:
    """Folded words, and each hyphenated compound once more as one word ("no-show" also
    gives "noshow", so it meets "noshow" and "no show" alike)."""
    folded = fold(text).replace("'", "")
    raw = _WORD.findall(folded)
    raw += [m.replace("-", "") for m in _COMPOUND.findall(folded)]
    return raw


def words(text: str) -> list[str]:
    """Every word of ``text``, folded and stemmed, in order (function words kept)."""
    return [stem(w) for w in _raw_words(text)]


def content_words(text: str, *, drop: Iterable[str] = ()) -> set[str]:
    """The stems of ``text`` that can name something: function words (judged before
    stemming) and ``drop`` (stems) left out."""
    dropped = set(drop)
    found = {
        stem(w) for w in _raw_words(text) if w not in STOPWORDS and (len(w) > 1 or w.isdigit())
    }
    return found - dropped


def plain_words(text: str, *, drop: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that can name something, as written (for telling a reader)."""
    dropped = set(drop)
    out: list[str] = []
    for w in _WORD.findall(fold(text).replace("'", "")):
        if w in STOPWORDS or len(w) < 2 or any(c.isdigit() for c in w):
            continue
        if stem(w) not in dropped and w not in out:
            out.append(w)
    return out


#: Shortest stem that may stand for a longer one ("consult" for "consultation").
PREFIX_MIN = 5


def alike(a: str, b: str) -> bool:
    """Whether two stems name the same word: equal, one a long prefix of the other, or
    long and one letter apart as people type them ("availabilty", "renewl")."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) >= PREFIX_MIN and long_.startswith(short):
        return True
    return len(short) >= TYPO_MIN and len(long_) - len(short) <= 1 and _one_letter(short, long_)


#: Stems this long are matched with a letter missed, doubled or swapped for another.
TYPO_MIN = 6


def _one_letter(short: str, long_: str) -> bool:
    """Whether ``long_`` is ``short`` with one letter changed, or one letter more."""
    i = next((k for k, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    if len(short) == len(long_):
        return short[i + 1 :] == long_[i + 1 :]
    return short[i:] == long_[i + 1 :]


def shared_words(name: set[str] | frozenset[str], asked: set[str]) -> set[str]:
    """The stems of a name the question holds (alike, not only equal), one per word of
    the question: "fleet" is held by "Fleet diesel burn (FleetTrak)" once, not twice."""
    held: set[str] = set()
    for a in asked:
        if a in name:
            held.add(a)
            continue
        match = next((n for n in sorted(name) if alike(n, a)), None)
        if match is not None:
            held.add(match)
    return held


def held_words(
    held: set[str] | frozenset[str], asked: set[str], *, long_only: bool = False
) -> set[str]:
    """The question's words a name or text holds, as the question says them (alike, not
    only equal; with ``long_only``, alike only when both are six letters or more: in a
    passage a "starter" is no "start", but "complain" meets "complaints")."""
    return {
        a
        for a in asked
        if a in held
        or any(alike(a, w) and (not long_only or min(len(a), len(w)) >= 6) for w in held)
    }


_CAPITAL = re.compile(r"(?<![\w'])([A-Z][\w'&.-]*[\w]|[A-Z]{2,}|[A-Z]\d+)")


def named_words(text: str, *, ignore: Iterable[str] = ()) -> dict[str, str]:
    """The capitalised words inside a sentence (not its first word), by stem: names.

    "Who owns the Kubernetes upgrade?" names "Kubernetes" (stem "kubernete"); the first
    word of a sentence is capitalised anyway, so it never counts on its own.
    """
    ignored = set(ignore)
    found: dict[str, str] = {}
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        for m in _CAPITAL.finditer(sentence):
            if m.start() == len(sentence) - len(sentence.lstrip()):
                continue  # the sentence's first word
            for raw in _WORD.findall(fold(m.group(1))):
                if raw in STOPWORDS or len(raw) < 2:
                    continue
                w = stem(raw)
                if w not in ignored:
                    found.setdefault(w, m.group(1) if "-" not in m.group(1) else raw)
    return found
