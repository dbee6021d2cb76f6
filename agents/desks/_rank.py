"""Ranking candidate evidence against the question: meaning, words, and the type asked for.

A walk around the things a question names (the brain's ``around``) finds many candidate
answers, each with the path that leads to it. Which one answers is decided by evidence, not
by which template the question's form picked:

- **the type asked for**: "which team" wants a Team, "who" a person, team or company;
- **the relationships the question's words cue**: "owns", "in charge of" cue OWNS;
  "supplies", "who do we call", "who's that key with" cue DEPENDS_ON; "working on" cues
  WORKS_ON; "team", "member" MEMBER_OF; "use" USES. A cue is a prior on the path, never a
  gate: an uncued path can still win on the rest;
- **the question's words** found along the path (besides the thing it starts from), and
  the other things the question names that the path passes through;
- **closeness by meaning**: the embedder's cosine between the question and the answer's
  own record ("Hanze Steigerbouw supplies roof scaffolding" is close to "who does our
  scaffolding");
- **how strongly the start was named**, and a small cost per hop.

The weights are few and round on purpose; ``rank_paths`` returns every candidate scored,
best first, with the reasons, so an answer can say why it chose what it chose.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from agents.desks._words import content_words, fold, held_words, shared_words

#: People, teams and companies: what "who" asks for.
WHO_TYPES = ("Person", "Team", "Vendor", "Organization", "Customer")
#: Things that have one owner at a time: "who had it" means their OWNS slot.
OWNED_TYPES = ("Task", "Incident", "Deal", "Issue")

TYPE_WEIGHT = 2.0
#: What the question saying a person is away costs them as its answer: more than any
#: evidence can make up.
AWAY_COST = 5.0
CUE_WEIGHT = 1.2
WORD_WEIGHT = 0.5
THROUGH_WEIGHT = 0.8
CLOSE_WEIGHT = 2.0
START_WEIGHT = 1.0
HOP_COST = 0.5
#: A step of a longer path that no word of the question cues.
UNCUED_COST = 0.3
#: A path that goes back along a relationship and out along the same one again (to a
#: sibling: what another dependent of X depends on) relates its ends only through a
#: common neighbour.
SIBLING_COST = 0.8
#: What an answer the question itself names costs, times how strongly it was named.
NAMED_END_COST = 1.0
#: Words found along a path that count at most (a long path holds many words).
MAX_WORDS = 3


#: A relationship as a path walks it from the question's thing towards the answer:
#: (type, True when walked from its start to its end; None either way).
Step = tuple[str, bool | None]


@dataclass(frozen=True, slots=True)
class Cue:
    """Question words that cue relationships, each the way an answer's path walks it:
    "who owns X" walks OWNS backwards (from X to its owner), "who supplies X" walks
    DEPENDS_ON forwards (from X to what it depends on)."""

    pattern: re.Pattern[str]
    steps: tuple[Step, ...]


#: The soft mark on an OWNS cue: "handles", "running", "dealt with" ask for an owner only
#: of work that has one (a task, an incident, a case); "who handles our e-signing" asks
#: who provides it.
SOFT = "~"

CUES: tuple[Cue, ...] = (
    Cue(
        re.compile(
            r"\b(?:own|owns|owned|owner|in charge|responsible|looking after|look after|"
            r"looks after|who(?: i)?s got|who got|who has got|who had|who has|who was on|"
            r"who is on|who on|"
            r"accountable)\b"
        ),
        (("OWNS", False), ("ASSIGNED_TO", True)),
    ),
    Cue(
        re.compile(
            r"\b(?:handl\w*|running|run by|dealt|deal with|deals with|sorting|covering|doing|"
            r"taking care)\b"
        ),
        (("OWNS" + SOFT, False), ("ASSIGNED_TO", True)),
    ),
    Cue(
        re.compile(
            r"\b(?:suppl\w*|provid\w*|vendor|from|call|ring|repair\w*|servic\w*|maintain\w*|"
            r"fix|fixes|host\w*|deliver\w*|sells?|buy|bought|go(?:es)? to|send|sent to|behind|"
            r"who (?:does|do|did) (?:our|the)|made by|makes?)\b|\bwith\s*(?:[?.!,;]|-|$)|"
            r"\b(?:when|if) it (?:breaks|goes wrong|fails|stops|dies|packs up|goes down)\b"
        ),
        (("DEPENDS_ON", True),),
    ),
    Cue(
        re.compile(r"\b(?:working on|works? on|worked on|helping|involved)\b"),
        (("WORKS_ON", False),),
    ),
    Cue(
        # "which team is Ben on": from the person to the team
        re.compile(
            r"\bwhich (?:team|group|department|office)\b|\b(?:belongs? to|part of)\b|"
            r"\bteam (?:is|are|does|do) \w+"
        ),
        (("MEMBER_OF", True), ("PART_OF", True)),
    ),
    Cue(
        # "who are the nursing team's members", "who's in the platform team": the people
        re.compile(
            r"\bmembers?\b|\bwho(?: i)?s (?:in|on) the\b|\bwho (?:is|are) (?:in|on)\b|"
            r"\bwho (?:are|is) the \S+(?: \S+){0,3} (?:people|staff|team|crew|folks)\b|"
            r"\bwho works? (?:in|for)\b"
        ),
        (("MEMBER_OF", False),),
    ),
    Cue(
        re.compile(r"\b(?:use|uses|using|used)\b"),
        (("USES", None),),
    ),
    Cue(
        re.compile(r"\b(?:rel(?:y|ies) on|runs? on|runs? off|depends? on|needs?)\b"),
        (("DEPENDS_ON", True),),
    ),
    Cue(re.compile(r"\b(?:caus\w*|because|why)\b"), (("CAUSED", False), ("AFFECTS", False))),
    Cue(re.compile(r"\b(?:fix\w*|solv\w*|resolv\w*)\b"), (("FIXES", False),)),
    Cue(
        re.compile(r"\b(?:decid\w*|agreed|decision|(?:made|make) the call|green-?lit)\b"),
        (("DECIDED_IN", True), ("MADE_BY", True)),
    ),
    Cue(
        re.compile(r"\b(?:said|say|wrote|written|author\w*)\b"),
        (("SAID_BY", True), ("AUTHORED", False)),
    ),
)


def cued_steps(question: str, names: Iterable[str] = ()) -> set[Step]:
    """The relationships the question's words cue, each with the way it is walked. Words
    of ``names`` (the things it names) cue nothing: "working on webhook delivery" asks
    who works on it, not who delivers it."""
    name_words = [content_words(n) for n in names]

    def in_a_name(tokens: list[str], i: int) -> bool:
        # a word names a thing when a word beside it is of the same name ("webhook
        # delivery"); alone ("who's covering" beside an "emergency cover") it still asks
        own = content_words(tokens[i])
        if not own:
            return False
        near = [content_words(tokens[j]) for j in (i - 1, i + 1) if 0 <= j < len(tokens)]
        return any(
            shared_words(own, name) and any(shared_words(n, name) for n in near if n)
            for name in name_words
        )

    def cues_of(text: str) -> set[Step]:
        tokens = re.findall(r"[^\s]+", text)
        q = " ".join(t for i, t in enumerate(tokens) if not in_a_name(tokens, i))
        return {step for cue in CUES if cue.pattern.search(q) for step in cue.steps}

    folded = fold(question)
    # "the bot runs on a key - who owns the tool that key belongs to": the clause that asks
    # says what is wanted; the one before it only says how to get there
    asking = asking_clause(question)
    if asking != folded.strip():
        found = cues_of(asking)
        if found:
            return found
    return cues_of(folded)


def asking_clause(question: str) -> str:
    """The one clause of a question that asks (folded), or the whole question when none
    or several do: "levelwatch alarms go out by sms - which company is behind that
    account?" asks "which company is behind that account?"."""
    folded = fold(question)
    asking = [c for c in _CLAUSE.split(folded) if _ASKING.search(c)]
    return asking[0].strip() if len(asking) == 1 else folded.strip()


#: Where a question's clauses part: a dash, a semicolon, a colon, a full stop.
_CLAUSE = re.compile(r"\s+[-–—]+\s+|[;:]\s+|(?<=[.!?])\s+")
#: A clause that asks: a question word in it.
_ASKING = re.compile(r"\b(?:who|whom|whose|which|what|where|when|how)\b")


def is_cued(step: tuple[str, bool], cued: set[Step], *, owned: bool = False) -> bool:
    """Whether a walked step is one the question cues (either way, for a cue of None); a
    soft cue counts for an edge into ``owned`` work only."""
    soft = (step[0] + SOFT, step[1]) in cued
    return step in cued or (step[0], None) in cued or (soft and owned)


@dataclass(frozen=True, slots=True)
class Scored:
    """One candidate, its score and why."""

    item: dict[str, Any]
    score: float
    reasons: tuple[str, ...] = ()

    @property
    def structure(self) -> float:
        """The score without closeness by meaning: what the path itself earns."""
        return self.score - CLOSE_WEIGHT * float(self.item.get("closeness") or 0.0)

    @property
    def node(self) -> dict[str, Any]:
        return self.item["node"]

    @property
    def via(self) -> list[dict[str, Any]]:
        """The things on the path, from the start to the answer."""
        return self.item.get("via") or [self.node]

    @property
    def start_id(self) -> str:
        return str(self.via[0]["id"])

    @property
    def ids(self) -> list[str]:
        """Every id on the path, from the start to the answer."""
        return [str(n["id"]) for n in self.via]

    @property
    def shape(self) -> tuple[tuple[str, bool], ...]:
        """The path's relationships in order, each with whether it was walked forward."""
        ids = self.ids
        return tuple(
            (e["type"], e["source"] == ids[i]) for i, e in enumerate(self.item.get("path", []))
        )


@dataclass(slots=True)
class Asking:
    """What the question asks, for the ranker: its words, the types it wants, the
    relationships its words cue, and the things it names (id -> how strongly, 0 to 1)."""

    words: set[str]
    types: tuple[str, ...] = ()
    steps: set[Step] = field(default_factory=set[Step])
    named: Mapping[str, float] = field(default_factory=dict[str, float])
    #: The noun a "which <noun>" asks for when it names no type ("which of our cranes":
    #: crane), as a stem; an answer named by it is of the kind asked.
    kind: str | None = None
    #: Types the asking clause names besides the one asked ("which company is behind that
    #: account": an Account): a path through one of them goes the way the question says.
    via_types: tuple[str, ...] = ()
    #: Words of people the question says are away ("now that ryan's out"): neither the
    #: answer nor evidence for one.
    away: frozenset[str] = frozenset()


#: "now that ryan's out", "while priya is on leave", "with anu off": someone away.
_AWAY = re.compile(
    r"\b(?:now\s+(?:that\s+)?|since\s+|while\s+|with\s+|as\s+)(?P<who>[a-z][\w-]+)(?:'s|s|\s+is|\s+has)?\s+"
    r"(?:going\s+|gone\s+|been\s+)?(?:out|off|away|on\s+leave|on\s+holiday|on\s+vacation|"
    r"leaving|left|gone|sick|on\s+mat(?:ernity)?\s+leave|on\s+parental\s+leave)\b"
)


def away_words(question: str) -> frozenset[str]:
    """The stems of the names of people the question says are away, so their work is
    asked of someone else: "whos doing the key renewal now that ryan's out?"."""
    return frozenset(w for m in _AWAY.finditer(fold(question)) for w in content_words(m["who"]))


#: Steps a "which team / part of" cue asks for as the last one, into the thing asked.
_INTO_ASKED = frozenset({("MEMBER_OF", True), ("PART_OF", True)})


def score_path(item: dict[str, Any], asking: Asking) -> Scored:
    """One candidate scored (see the module docstring)."""
    reasons: list[str] = []
    score = 0.0
    node = item["node"]
    hops = int(item.get("hops", 0))
    if asking.types and node["type"] in asking.types:
        score += TYPE_WEIGHT
        reasons.append(f"a {node['type']}, as asked")
    elif (
        asking.kind
        and node["type"] not in _SAYINGS
        and shared_words(content_words(str(node.get("name") or "")), {asking.kind})
    ):
        score += TYPE_WEIGHT
        reasons.append(f"a {asking.kind}, as asked")
    shape = Scored(item, 0.0).shape
    types = {str(n["id"]): str(n.get("type") or "") for n in item.get("via") or [node]}
    last = len(shape) - 1
    cued = [
        rel
        for k, ((rel, forward), edge) in enumerate(zip(shape, item.get("path", []), strict=True))
        if is_cued((rel, forward), asking.steps, owned=types.get(edge["target"]) in OWNED_TYPES)
        # "which team": the step into the team answers it, not a PART_OF on the way there
        and not ((rel, forward) in _INTO_ASKED and k != last)
    ]
    if cued:
        # each cued relationship counts once: a chain of DEPENDS_ON is no better evidence
        # than one, but an owner and that owner's team are two things the words asked for
        score += CUE_WEIGHT * min(len(set(cued)), 2)
        reasons.append(f"by {', '.join(dict.fromkeys(cued))}, as the question's words say")
    if len(shape) > 1:
        score -= UNCUED_COST * (len(shape) - len(cued))
    if any(a[0] == b[0] and a[1] != b[1] for a, b in zip(shape, shape[1:], strict=False)):
        score -= SIBLING_COST
        reasons.append("reaches a sibling")
    via = item.get("via") or [node]
    start = str(via[0]["id"])
    # the question's words along the way (the start's own words found it already)
    start_words = content_words(str(via[0].get("name") or ""))
    path_words: set[str] = set()
    for n in via[1:]:
        path_words |= content_words(str(n.get("name") or ""))
    started = held_words(start_words, asking.words)
    found = held_words(path_words, asking.words) - started - asking.away
    name_words = content_words(str(node.get("name") or ""))
    if asking.away and node["type"] == "Person" and held_words(name_words, set(asking.away)):
        score -= AWAY_COST
        reasons.append("is away, as the question says")
    end_named = set[str]()
    if node["id"] != start and node["type"] == "Person" and node["type"] in asking.types:
        # the person asked for, named by the question itself, is what it says around the
        # ask ("who's got the renewal now kirra's going on leave"), not its answer (a
        # company's name holds common words: "Parkstone Civic Systems" for "whose system")
        end_named = held_words(content_words(str(node.get("name") or "")), asking.words)
        end_named -= started | held_words(
            {w for n in via[1:-1] for w in content_words(str(n.get("name") or ""))},
            asking.words,
        )
        found -= end_named
    if end_named and node["id"] not in asking.named:
        score -= NAMED_END_COST
        reasons.append("is named by the question")
    if found:
        score += WORD_WEIGHT * min(len(found), MAX_WORDS)
        reasons.append(f"holds {', '.join(sorted(found)[:MAX_WORDS])}")
    # a thing named only by words the start holds too adds nothing ("rigsight renewal":
    # the RigSight licence a task is about is no second thing the question names)
    through = [
        n["id"]
        for n in via[1:-1]
        if n["id"] in asking.named
        and held_words(content_words(str(n.get("name") or "")), asking.words) - started
    ]
    if through:
        score += THROUGH_WEIGHT * len(through)
        reasons.append("passes through another thing the question names")
    kinds = [n for n in via[1:-1] if n.get("type") in asking.via_types]
    if kinds:
        score += THROUGH_WEIGHT
        reasons.append(f"goes through the {kinds[0]['type'].lower()} the question names")
    score += CLOSE_WEIGHT * float(item.get("closeness") or 0.0)
    score += START_WEIGHT * asking.named.get(start, 0.0)
    score -= HOP_COST * max(hops - 1, 0)
    if node["id"] in asking.named and node["id"] != start:
        # what the question names is rarely what it asks for ("who's got the Dunmore
        # leases": not Dunmore Estates), less so the more weakly it was named
        score -= NAMED_END_COST * asking.named[node["id"]]
        reasons.append("is named by the question")
    return Scored(item, round(score, 4), tuple(reasons))


#: Records whose names are sentences: a noun in one ("annual crane inspections") is what
#: it talks about, not what it is.
_SAYINGS = frozenset(
    [
        "Task",
        "Rule",
        "Document",
        "Chunk",
        "Meeting",
        "Message",
        "Decision",
        "Note",
        "Page",
        "Email",
        "Post",
        "Turn",
    ]
)
#: "which of our cranes", "what rooms": the noun a which-question asks for.
_WHICH_NOUN = re.compile(
    r"\b(?:which|what)\s+(?:of\s+(?:our|the|your|their|these|those)\s+)?"
    r"((?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*?s?)\s+"
    r"(?:do|does|did|is|are|was|were|has|have|had|rel(?:y|ies)|depend\w*|use\w*|need\w*|"
    r"lean|run|get|go|would|will|can|could|should)\b"
)


def asked_kind(question: str) -> str | None:
    """The head noun of a "which <noun>" question, stemmed ("which grow rooms rely on":
    room), or None when it asks no noun or only a function word."""
    m = _WHICH_NOUN.search(fold(question))
    if m is None:
        return None
    found = [w for w in m.group(1).split() if content_words(w)]
    return next(iter(content_words(found[-1])), None) if found else None


def _is_the_subject(item: dict[str, Any], asking: Asking) -> bool:
    """Whether a candidate is what the question is about, reached from something it names
    more weakly by a way its words do not ask for ("who is in the support team": not the
    support team itself, which the handbook is about; "who does our refrigeration
    repairs": the refrigeration firm, which the walk-in depends on, is an answer)."""
    end, start = item["node"]["id"], (item.get("via") or [item["node"]])[0]["id"]
    if end not in asking.named or asking.named[end] < asking.named.get(start, 0.0):
        return False
    steps = Scored(item, 0.0).shape
    return not any(is_cued(step, asking.steps) for step in steps)


#: Who a question can name by what they supply ("our refrigeration repairs"): the firms
#: things depend on.
SUPPLIERS = ("Vendor", "Organization")


def _named_answers(items: list[dict[str, Any]], asking: Asking) -> list[Scored]:
    """Suppliers the question names by what they supply, who answer it themselves: of a
    type asked for, with things next to them that depend on them as the question's words
    ask ("who does our refrigeration repairs": the refrigeration firm the walk-ins depend
    on)."""
    found: list[Scored] = []
    for start in (i for i in items if int(i.get("hops", 0)) == 0):
        node = start["node"]
        if node["type"] not in SUPPLIERS or node["type"] not in asking.types:
            continue
        near = [
            i for i in items if int(i.get("hops", 0)) == 1 and str(i["via"][0]["id"]) == node["id"]
        ]
        # each neighbour's step, turned round: the way it reaches the start
        reaching = [
            i
            for i in near
            if any(
                rel == "DEPENDS_ON" and is_cued((rel, not fwd), asking.steps)
                for rel, fwd in Scored(i, 0.0).shape
            )
        ]
        if not reaching:
            continue
        cued = sorted({str(e["type"]) for i in reaching for e in i["path"]})
        score = (
            TYPE_WEIGHT
            + CUE_WEIGHT
            + START_WEIGHT * asking.named.get(node["id"], 0.0)
            + CLOSE_WEIGHT * float(start.get("closeness") or 0.0)
        )
        reasons = (f"a {node['type']} the question names", f"reached by {', '.join(cued)}")
        item = {**start, "path": [], "via": [node], "reached_by": reaching[:3]}
        found.append(Scored(item, round(score, 4), reasons))
    return found


def rank_paths(items: Iterable[dict[str, Any]], asking: Asking) -> list[Scored]:
    """Every candidate of a walk (never the starts themselves, unless one answers by
    itself, nor what the question is about reached from a weaker start), scored, best
    first."""
    listed = list(items)
    scored = [
        score_path(i, asking)
        for i in listed
        if int(i.get("hops", 0)) > 0 and not _is_the_subject(i, asking)
    ]
    scored += _named_answers(listed, asking)
    return sorted(scored, key=lambda s: (-s.score, s.item["hops"], s.node["id"]))


def alike_answers(ranked: list[Scored], *, margin: float = 0.6) -> list[Scored]:
    """The best candidate and those reached the same way, from the same start, earning
    as much by their paths ("who's working on X": every WORKS_ON, not only the first;
    "what does the team use": every tool it uses, however close each name is)."""
    if not ranked:
        return []
    top = ranked[0]
    return [
        s
        for s in ranked
        if s is top
        or (
            s.shape == top.shape
            and s.start_id == top.start_id
            and s.node["type"] == top.node["type"]
            and top.structure - s.structure <= margin
        )
    ]
