"""Understanding a question from this tenant's graph: what kind of question, about which thing.

Nothing here knows a trade. The kind comes from how the question is asked (English
question forms: "what breaks if", "who had ... on", "why did we", "how many ... from ...
to ...", "are we allowed"), and the thing it is about comes from the tenant's own records:
the question is searched, and every candidate is scored by how many of the question's words
its name holds. A question whose own names (capitalised words) match nothing in the records
is about something the records do not hold, and a question no record covers at all is
off-topic: both are declined rather than answered with the nearest hit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from agents._ledger import ToolLedger
from agents.desks._dates import Period, find_periods
from agents.desks._events import event_since
from agents.desks._meeting_asks import AGREED_ASK, day_said, held_on, meeting_question
from agents.desks._rank import asked_kind
from agents.desks._repo import repo_ask
from agents.desks._words import (
    content_words,
    fold,
    named_words,
    plain_words,
    shared_words,
    stem,
    words,
)
from brain.schema import NODE_TYPES

Kind = Literal[
    "impact",
    "owner",
    "relationship",
    "decision",
    "policy",
    "metric",
    "ratio",
    "document",
    "offtopic",
]
#: What other things depend on: a "what breaks if X" is about one of these first.
DEPENDED_ON = (
    "Account",
    "Tool",
    "Service",
    "Vendor",
    "Step",
    "Page",
    "Product",
    "Organization",
    "Team",
    "Person",
    "Channel",
    "Repository",
    "Component",
)
MetricOp = Literal["value", "total", "average", "change", "why"]

#: Candidates the linking search reads per question.
LINK_POOL = 25

# --- how a question is asked ---------------------------------------------------------------
_IMPACT = re.compile(
    r"\b(?:break|breaks|broke|broken|stop working|stops working|stopped working|stop|stops|"
    r"affected|affect|affects|impact|impacted|can'?t we|cannot we|depends? on|rel(?:y|ies) on|"
    r"goes down|go down|is down|went down|outage|fails?|failed|expires?|expired|revok\w*|"
    r"suspended|offline|packs? (?:up|in)|unavailable|lose|lost|dies|died|crash\w*|"
    r"breaks? down|gives? up|is out|stops? responding|playing up|acting up|plays up|"
    r"(?:wo|will|is|does|do|ca|can) not (?:load|start|open|work|connect|run|respond)|"
    r"not working|is dead|has died|gone dark|goes dark|glitch\w*|hit|hits|"
    r"taken out|takes out|knocked out|falls over|fell over|falling over|goes bust|go bust|"
    r"shuts? down|shut off|cut off|pulls? out|went bust)\b"
)
#: How a running thing fails ("goes down", "is offline", "crashes"): a system, a machine
#: or a service does, where an account or a key lapses ("expires", "is revoked").
_GOES_DOWN = re.compile(
    r"\b(?:goes down|go down|is down|went down|offline|crash\w*|stops? working|not working|"
    r"stops? responding|falls over|fell over|goes dark|gone dark|(?:wo|will|is|does|do|ca|can) "
    r"not (?:load|start|open|work|connect|run|respond))\b"
)
_LAPSES = re.compile(r"\b(?:expires?|expired|expiring|lapses?|lapsed|revok\w*|suspended)\b")


def failing_types(question: str) -> tuple[str, ...]:
    """The types the question's failure verb fits, best first: what goes down is a tool,
    a service or an asset; what expires is an account (its key, licence or login). ()
    when it says neither, or both."""
    down, lapses = bool(_GOES_DOWN.search(question)), bool(_LAPSES.search(question))
    if down == lapses:
        return ()
    return ("Tool", "Service", "Asset") if down else ("Account",)


_IMPACT_ASK = re.compile(r"\b(?:what|which|anything|everything|can'?t we|cannot)\b")
_WHO = re.compile(r"\bwho(?:'?s|se|m)?\b")
_RELATION_VERBS: tuple[tuple[re.Pattern[str], tuple[str, ...], tuple[str, ...]], ...] = (
    # (cue, relationship types, node types it points at)
    (
        re.compile(
            r"\b(?:suppl\w*|provid\w*|get (?:\w+ ){0,4}from|buy (?:\w+ ){0,4}from|hosted by|"
            r"hosts?|call (?:when|if)|ring (?:when|if)|repairs?|services? our|vendor|"
            r"who (?:services|maintains|repairs|supplies|provides|hosts|delivers|sells)|"
            r"sells? us|delivers?)\b"
        ),
        ("DEPENDS_ON",),
        ("Vendor", "Organization", "Person", "Team"),
    ),
    # "which company is behind the merchant account", "who makes the software that key is for"
    (
        re.compile(r"\b(?:(?:is|are|company|firm|who(?:'s| is)?) behind|who makes|makes the)\b"),
        ("DEPENDS_ON",),
        ("Vendor", "Organization"),
    ),
    # "which cranes does Vantor look after": what leans on the one who looks after it
    (re.compile(r"\b(?:looks? after|looking after|maintains?|maintained)\b"), ("DEPENDS_ON",), ()),
    (re.compile(r"\b(?:working on|works on|work on|worked on)\b"), ("WORKS_ON",), ()),
    (re.compile(r"\b(?:use|uses|using|used|rel(?:y|ies) on)\b"), ("USES",), ()),
    # "the members of", "who's a member": not "a member says the brakes are spongy"
    (
        re.compile(
            r"\b(?:members? of|the members|which members|who(?: is|s| are)? (?:a )?members?|"
            r"belongs?|part of|in the team|on the team)\b"
        ),
        ("MEMBER_OF",),
        (),
    ),
)
#: Question nouns that name a node type: "which vendor", "what tools".
_TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "vendor": ("Vendor",),
    "supplier": ("Vendor",),
    "tool": ("Tool",),
    "app": ("Tool",),
    "software": ("Tool",),
    "system": ("Tool", "Service"),
    "service": ("Service",),
    "team": ("Team",),
    "customer": ("Customer",),
    "client": ("Customer",),
    "person": ("Person",),
    "people": ("Person",),
    "account": ("Account",),
    "product": ("Product",),
    "task": ("Task",),
}
#: Nouns any trade calls a company by: "which telco", "what carrier", "which bank".
_COMPANY_WORDS = "company firm business carrier telco provider bank contractor partner maker"
for _w in _COMPANY_WORDS.split():
    _TYPE_WORDS.setdefault(stem(_w), ("Vendor", "Organization"))
#: Nouns for the kind of thing that fails ("the xray machine is offline", "the API key
#: expired"): a machine is a tool or an asset, a key or a licence an account.
for _kind_words, _kind_types in (
    ("machine equipment printer scanner server laptop device oven", ("Tool", "Asset")),
    ("key licence license login subscription password token cert certificate permit", ("Account",)),
):
    for _w in _kind_words.split():
        _TYPE_WORDS.setdefault(stem(_w), _kind_types)
_DECISION = re.compile(
    r"\b(?:why (?:did|do|does|are|is|was|were|have|has) (?:we|us|our|the team)|decid\w*|decision|"
    r"chose|choose|agreed|agree|how did (?:we|it|\w+ (?:\w+ ){0,3})(?:handle|work|run|do)|"
    r"before .* (?:came in|took over|started|switched|changed)|what did we (?:do|change)|"
    r"why (?:is|are) (?:our|the|we)|(?:made|make|makes) the call|gave the go-?ahead|"
    r"green-?lit|whose (?:call|decision|idea)|"
    # "how did recalls go out before occlusa connect": the practice a change replaced
    r"how did (?:\w+ ){1,4}(?:go|get|happen|get done|get sent)\b.* before)\b"
)
_WE_DID = re.compile(
    r"\bwhy (?:did|do|does|have|are|were|would|is) (?:we|us|our team|the team|i)\b"
)
#: "How did recalls go out before Occlusa Connect": the practice a change replaced, not
#: readings of it.
_PRACTICE_BEFORE = re.compile(r"\bhow did (?:\w+ ){1,4}?(?:go|get|happen|work|run)\b.*\bbefore\b")
_DECIDED = re.compile(
    r"\b(?:decid\w*|decision\w*|agree|agreed|chose|chosen|settled on|(?:made|make) the call|"
    r"whose (?:call|decision|idea)|"
    r"gave the go-?ahead|green-?lit|what (?:has |have )?"
    r"changed|what did we change|what (?:did|do) we do (?:about|after))\b"
)
_POLICY = re.compile(
    r"\b(?:have to|has to|must|should|allowed|allow|can i|can we|may i|may we|policy|policies|"
    r"rule|rules|required|requires?|how fast|how quickly|how soon|how long can|how long do|"
    r"when do we have to|procedure|process|shared out|split|promise|(?:do|does) (?:we|i|you) "
    r"need|need to|needed|(?:ok|okay|alright|all right|fine|safe) to|is it (?:ok|okay|safe|fine)|"
    r"can (?:he|she|they))\b"
)
_GLOSS = re.compile(r"\([^)]*\)")
#: "How much can I credit them", "how long can he drive": the most a rule allows.
_LIMIT_ASK = re.compile(
    r"\bhow (?:much|many|far|long|big|high|late) can (?:i|we|he|she|they|you)\b"
)
#: Things read for a decision behind "before <thing>".
_BEFORE_POOL = 3


def _after_before(q: str) -> set[str]:
    """The words of the thing after "before": "the fleettrak app" (not "it has to go")."""
    m = re.search(r"\bbefore\s+(.{2,60})", q)
    return content_words(m.group(1)) if m else set()


_WHY = re.compile(
    r"\b(?:why|what caused|what happened|what(?:'s| has)? changed|explain|reason|how come|"
    r"what(?: is)? (?:going on|happening|up with|wrong with))\b"
)
_MOVE = re.compile(
    r"(?<![\w-])(?:spik\w*|drop\w*|fall|fell|fallen|rise|rose|risen|jump\w*|dip\w*|collaps\w*|low|"
    r"lower|high|higher|slow|slower|fast|faster|up|down|increas\w*|decreas\w*|worse|better|"
    r"surg\w*|plung\w*|climb\w*|crash\w*|tank\w*|soar\w*|bad|poor|so many|so few|"
    r"so much|so little|so long)(?![\w-])"
)
_CHANGE = re.compile(
    r"\b(?:compar\w*|vs|versus|than|against|chang\w*|better or worse|up or down|difference|"
    r"grow\w*|grew)\b"
)
_BEFORE = re.compile(r"\b(?:the )?(?:week|period|month|days) before\b")
_AVERAGE = re.compile(r"\b(?:averag\w*|avg|mean|per day|a day|daily|typical\w*|on average)\b")
_TOTAL = re.compile(r"\b(?:total|how many|how much|sum|altogether|overall|in all|number of)\b")
_METRIC_ASK = re.compile(
    r"\b(?:how many|how much|total|averag\w*|mean|number of|compar\w*|trend|volume|count|"
    r"how (?:did|has|have|was|is|were|are) (?:\w+ ){0,4}(?:do|doing|done|look|looking|go|going|"
    r"compare|trend\w*))\b"
)
#: A question about a target, a promise or a rule is not asking for the readings.
_NOT_READINGS = re.compile(r"\b(?:target|goal|sla|limit|threshold|supposed|promis\w*|policy)\b")
_SAYS = re.compile(
    r"\b(?:(?:what|how) (?:did|does|do) (?:the|our|that|this) (?:\w+ ){0,3}(?:say|said|says|"
    r"mention|note|describe)|according to|what's in the|what is in the|"
    # "per ravi's review" (folded: "per ravi review"): a paper named as the source
    r"(?:per|in) (?:\w+ ){1,2}(?:review|report|notes|write[- ]?up|summary|memo|minutes|"
    r"post[- ]?mortem|analysis|audit))\b"
)
#: Words about time, asking or moving, which never name the thing asked about.
FRAME_WORDS = frozenset(
    words(
        "january february march april may june july august september october november december "
        "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday "
        "friday saturday sunday today yesterday tomorrow tonight week weeks month months year "
        "quarter q1 q2 q3 q4 day days daily last past previous next since start beginning end "
        "first second mid early late weekend night morning evening "
        "many much total average averaging averaged avg mean sum number count compare compared "
        "versus than against change changed better worse more fewer less high low higher lower "
        "slow fast spike spiked drop dropped fall fell rise rose jump jumped dip dipped "
        "collapse collapsed up down why cause caused happen happened explain reason "
        "break breaks broke broken stop stops stopped working work affected affect impact "
        "outage fail fails failed expire expires revoke revokes suspended offline "
        "unavailable pack packs own owns owned owner had has doing handling running "
        "responsible looking after charge decide decided decision agreed policy rule "
        "allowed must should need able happen now currently again usually "
        "use uses used using supply supplies supplied buy bought provide provides "
        "lose lost sort sorting"
    )
)
_WEEKDAYS_PLURAL = re.compile(
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekends\b", re.IGNORECASE
)


def frame_words(text: str) -> frozenset[str]:
    """The frame words of ``text``: days named in the plural ("can crews do Saturdays?")
    and the days of a debt ("50 days past due") are what is asked about, not when."""
    kept = {stem(w.lower()) for w in _WEEKDAYS_PLURAL.findall(text)}
    if _PAST_DUE.search(text):  # "50 days past due": what the rule is about, not when
        kept |= {stem("days"), stem("past"), stem("due")}
    return FRAME_WORDS - kept if kept else FRAME_WORDS


#: Money owed late: its days are a fact of the case, not a time asked about.
_PAST_DUE = re.compile(r"\b(?:past due|overdue)\b", re.IGNORECASE)


_TYPE_NAMES = {t: words(re.sub(r"(?<!^)([A-Z])", r" \1", t))[-1] for t in NODE_TYPES}
#: Types no question asks for by name: the assistant's own records, readings, passages.
_NOT_ASKED = frozenset({"Turn", "Finding", "Card", "Answer", "Version", "Observation", "Chunk"})
#: Nouns that name a kind of thing rather than one thing: never enough alone to link.
GENERIC_WORDS = frozenset(
    words(
        "person people team teams organisation organization company business customer "
        "customers client clients vendor vendors supplier suppliers product products service "
        "services tool tools app apps system systems account accounts page step release "
        "incident channel campaign post asset deal goal metric task tasks decision rule "
        "document doc docs meeting message email note file our us site sites work job thing "
        "stuff data figure figures report number level rate volume software machine "
        "equipment kit device case matter project job"
    )
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One thing of the tenant's records the question may be about."""

    id: str
    type: str
    name: str
    shared: frozenset[str]
    name_words: frozenset[str]
    rank: int
    snippet: str | None = None
    as_of: str | None = None

    @property
    def coverage(self) -> float:
        """How much of the thing's name the question holds; a gloss in brackets says what
        the thing is, not what it is called: "tickets" names "Ticket sales (online and box
        office)" better than "Tickets sold online", whose "online" narrows it."""
        if not self.name_words:
            return 0.0
        return len(self.shared) / len(self.called)

    @property
    def called(self) -> frozenset[str]:
        """The words the thing is called by: its name's, less a gloss in brackets unless
        the question says them ("kg", "OTIF"), so a gloss never counts against a name."""
        return frozenset(content_words(_GLOSS.sub(" ", self.name)) | self.shared)

    @property
    def distinctive(self) -> frozenset[str]:
        """The shared words that name this thing rather than its kind."""
        return frozenset(self.shared - GENERIC_WORDS)

    @property
    def named_by(self) -> frozenset[str]:
        """The distinctive words its name proper holds, outside a gloss in brackets: "words"
        names "Words delivered to clients", not "TM leverage (share of analysed words ...)"."""
        return self.distinctive & frozenset(content_words(_GLOSS.sub(" ", self.name)))

    def as_node(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "name": self.name}


@dataclass(slots=True)
class Understanding:
    """What a question asks, read against one tenant's records."""

    question: str
    kind: Kind
    today: date
    periods: list[Period] = field(default_factory=list)
    metric_op: MetricOp | None = None
    subject: Candidate | None = None
    tier: list[Candidate] = field(default_factory=list)  # candidates as good as the subject
    candidates: list[Candidate] = field(default_factory=list)
    asked_types: tuple[str, ...] = ()
    rels: tuple[str, ...] = ()
    unknown_names: list[str] = field(default_factory=list)
    asks_before: bool = False
    #: A question about code in a tenant with repositories: "experts" or "triage".
    repo_ask: str | None = None
    #: The Person who asked ({"id", "name"}), when the chat user is known to be one.
    asker: dict[str, str] | None = None
    #: Which meeting question it is (``meeting_question``), if one: a meeting's record
    #: answers it, whatever it names.
    meeting_ask: str | None = None
    #: The meeting held on the day the question says ("on monday", "yesterday's"), if any.
    meeting_held: Candidate | None = None

    @property
    def period(self) -> Period | None:
        return self.periods[0] if self.periods else None

    @property
    def asks_who(self) -> bool:
        """Whether the question asks "who" (a person, team or company)."""
        return bool(_WHO.search(fold(self.question)))

    @property
    def subject_words(self) -> set[str]:
        return content_words(self.question, drop=frame_words(self.question))


def _score(hit: dict[str, Any], asked: set[str], rank: int) -> Candidate:
    name = str(hit.get("name") or hit["id"])
    name_words = frozenset(content_words(name))
    return Candidate(
        id=hit["id"],
        type=hit["type"],
        name=name,
        shared=frozenset(shared_words(name_words, asked)),
        name_words=name_words,
        rank=rank,
        snippet=hit.get("snippet"),
        as_of=hit.get("as_of"),
    )


def best(
    candidates: list[Candidate], *, types: tuple[str, ...] = (), prefer: tuple[str, ...] = ()
) -> list[Candidate]:
    """Candidates that name the question's thing, best first: the most distinctive words
    shared, then a type the question names ("the Kestrel deal"), then the most words
    shared and the most of its own name covered, then the search's own order."""
    usable = [
        c for c in candidates if c.distinctive and (not types or c.type in types) and c.coverage > 0
    ]
    return sorted(
        usable,
        key=lambda c: (
            -len(c.distinctive),
            -len(c.named_by),
            c.type not in prefer,
            -len(c.shared),
            -c.coverage,
            c.rank,
        ),
    )


def decided_asked(question: str) -> bool:
    """Whether the question asks what was decided or agreed."""
    return bool(_DECIDED.search(fold(question)))


def asks_why(question: str) -> bool:
    """Whether the question asks why (or what caused, what happened, how come)."""
    return bool(_WHY.search(fold(question)))


def named_types(question: str, *, besides: str | None = None) -> tuple[str, ...]:
    """Node types the question names with a noun ("deal", "vendor", "task"), leaving out
    the noun ``besides`` (stemmed: the one a "which services rely on X" asks for, which
    says what the answer is, not what X is)."""
    found: list[str] = []
    # function words never name a type ("can't" opens to "can not", and "not" is no Note)
    for w in (stem(raw) for raw in plain_words(question) if stem(raw) != besides):
        found += _TYPE_WORDS.get(w, ())
        found += [t for t in _TYPE_NAMES if _TYPE_NAMES[t] == w and t not in _NOT_ASKED]
    return tuple(dict.fromkeys(found))


def tier_of(ranked: list[Candidate]) -> list[Candidate]:
    """The top candidate and those exactly as good (two records of one name, e.g. a vendor
    and its tool, or a team and the service it runs, "Spawn lab (grain spawn)"), so a
    question about "X" reads every X."""
    if not ranked:
        return []
    top = ranked[0]
    return [
        c for c in ranked if c.distinctive == top.distinctive and c.called == top.called or c is top
    ]


async def search_candidates(
    ledger: ToolLedger, desk: str, text: str, *, types: list[str] | None = None
) -> list[Candidate]:
    """Search the records for ``text`` and score every hit against the question's words."""
    args: dict[str, Any] = {"query": text[:500], "limit": LINK_POOL}
    if types:
        args["types"] = types
    result = await ledger.call(desk, "search", args)
    asked = content_words(text, drop=frame_words(text))
    return [_score(h, asked, i) for i, h in enumerate(result.data.get("hits", []))]


async def linked(ledger: ToolLedger, desk: str, text: str) -> tuple[str, list[Candidate]]:
    """The question as the records read it, and its candidates: a word that is a thing's
    initials ("OTIF") is spelled out beside it ("OTIF (On-time in-full deliveries)"), so
    every later read and score sees the name the question means."""
    args: dict[str, Any] = {"query": text[:500], "limit": LINK_POOL}
    result = await ledger.call(desk, "search", args)
    spelled = result.data.get("spelled")
    if isinstance(spelled, str) and spelled != text:
        text = spelled
        result = await ledger.call(desk, "search", {**args, "query": text[:500]})
    asked = content_words(text, drop=frame_words(text))
    return text, [_score(h, asked, i) for i, h in enumerate(result.data.get("hits", []))]


#: How a search found a thing by its name: its words, a passage's, or its initials.
BY_NAME = frozenset({"text", "chunk-text", "initials"})


async def unknown_names(
    ledger: ToolLedger, desk: str, question: str, candidates: list[Candidate]
) -> list[str]:
    """The question's own names that no record holds (each checked with its own search)."""
    named = {
        stem: raw
        for stem, raw in named_words(question).items()
        if stem not in FRAME_WORDS and stem not in GENERIC_WORDS
    }
    known: set[str] = set()
    for c in candidates:
        known |= c.name_words | content_words(c.snippet or "")
    missing: list[str] = []
    for word in sorted(set(named) - known):
        raw = named[word]
        hits = (await ledger.call(desk, "search", {"query": raw, "limit": 5})).data.get("hits", [])
        # a word search that found it (not just the nearest meaning) means a record holds it
        if not any(BY_NAME & set(h.get("via", [])) for h in hits):
            missing.append(raw)
    return missing


def _measuring(metrics: list[Candidate], question: str) -> list[Candidate]:
    """Metrics the question names by what they measure, not only by a name they qualify
    it with: "Covers at Riverside" is named by "covers", not by "Riverside" alone (a
    capitalised word is a name, and names qualify a measure)."""
    # an initialism is the measure's own name ("how many FTAs yday", "UDAs this week"),
    # not a name qualifying it
    initials = {stem(w.lower()) for w in _INITIALISM.findall(question)}
    names = set(named_words(question)) - initials
    return [m for m in metrics if m.distinctive - names]


_INITIALISM = re.compile(r"\b([A-Z]{2,6})s?\b")


async def _counted_first(
    metrics: list[Candidate], question: str, ledger: ToolLedger
) -> list[Candidate]:
    """Among metrics the question names equally well ("missed bins": "Missed services
    reported" and "Bin lifts"), the one whose unit it says counts what is asked: its unit
    is "missed services", the other's "lifts". Only ties are looked up."""
    if len(metrics) < 2:
        return metrics
    top = metrics[0]
    tied = [
        m
        for m in metrics[:TIED_METRICS]
        if len(m.distinctive) == len(top.distinctive) and len(m.named_by) == len(top.named_by)
    ]
    if len(tied) < 2:
        return metrics
    asked = content_words(question)
    counted: list[Candidate] = []
    for m in tied:
        looked = await ledger.call("chief", "lookup", {"name": m.id})
        found: list[dict[str, Any]] = looked.data.get("matches") or []
        props: dict[str, Any] = (found[0].get("properties") or {}) if found else {}
        unit = str(props.get("unit") or "")
        if shared_words(frozenset(content_words(unit)), asked):
            counted.append(m)
    if not counted or len(counted) == len(tied):
        return metrics
    return counted + [m for m in metrics if m not in counted]


#: How many equally named metrics have their units looked up.
TIED_METRICS = 3


def _names_metric(metric: Candidate, periods: list[Period]) -> bool:
    """Whether the question names this metric, not just shares a word with it: it holds
    the metric's first word of substance ("wait" of "Average wait past appointment time"),
    half its name, two of its words, or a word of it and the days to read it for."""
    own = [w for w in words(metric.name) if w in metric.name_words and w not in FRAME_WORDS]
    head = own[0] if own else None
    named = metric.name_words - FRAME_WORDS
    return (
        (head is not None and head in metric.shared)
        or (bool(named) and len(metric.shared & named) / len(named) >= 0.5)
        or len(metric.distinctive) >= 2
        or bool(periods and metric.distinctive)
    )


def metric_op(question: str, periods: list[Period]) -> MetricOp:
    """What a metric question wants: a cause, a change, a mean, a total or one value."""
    q = fold(question)
    if _WHY.search(q):
        return "why"
    if (
        len(periods) >= 2
        or _CHANGE.search(q)
        or re.search(r"\b(?:the )?(?:week|period|month) before\b", q)
    ):
        return "change"
    if _AVERAGE.search(q):
        return "average"
    if periods and (periods[0].day or periods[0].days == 1):
        return "value"
    if _TOTAL.search(q) or periods:
        return "total"
    return "value"


#: "What does X look after / service / handle for us": the things X does the work on.
_LOOKS_AFTER = re.compile(
    r"\bwhat(?:\s+all|\s+else)?\s+(?:does|do|did)\s+[\w' -]{2,40}?\s+(?:look\s+after|"
    r"service|maintain|handle|cover|supply|take\s+care\s+of|do\s+for)\b"
)
_LOOKED_AFTER = ("Service", "Asset", "Tool", "Product")


def _relation_hints(q: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    rels: list[str] = []
    types: list[str] = []
    for cue, rel_types, node_types in _RELATION_VERBS:
        if cue.search(q):
            rels += rel_types
            types += node_types
    # "whose system is that key on": the one who has the system, not the system itself
    # (the system is a thing passed through; a "who" asks for people and companies)
    # "which leasing company": the noun may come a word later
    for first, second in re.findall(r"\b(?:which|what|any)\s+(\w+)(?:\s+(\w+))?", q):
        for word in (first, second):
            found = _TYPE_WORDS.get(words(word)[0] if words(word) else word, ())
            if found:
                types += found
                break
    if _LOOKS_AFTER.search(q):  # "what all does birchline look after for us": its work
        types += _LOOKED_AFTER
    return tuple(dict.fromkeys(rels)), tuple(dict.fromkeys(types))


async def understand(question: str, ledger: ToolLedger, today: date) -> Understanding:
    """Read ``question`` against the tenant's records (searches under the Chief's name)."""
    q = fold(question)
    periods = find_periods(question, today)
    asked_repo = await repo_ask(question, ledger)
    if asked_repo is not None:
        # who knows an area / where an issue goes: the answer must cite a person or an area
        kind: Kind = "owner" if asked_repo == "experts" else "relationship"
        found = Understanding(question, kind, today, periods, repo_ask=asked_repo)
        found.asked_types = () if asked_repo == "experts" else ("Component",)
        return found
    event = None
    if not periods:  # "since Crew Noord started": the event's day, from the records
        event = await event_since(question, ledger, today)
        periods = [event] if event is not None else []
    typed = question
    question, candidates = await linked(ledger, "chief", question)
    # how it asks (its kind, op and the types it names) is read from what was typed: a
    # spelled-out name ("DO (Packaged dissolved oxygen (mean of the day's samples))") says
    # nothing of whether a mean is asked
    q = fold(typed)
    metric_hits = await search_candidates(ledger, "chief", question, types=["Metric"])
    metrics = [m for m in _measuring(best(metric_hits), question) if _names_metric(m, periods)]
    metrics = await _counted_first(metrics, question, ledger)
    found = Understanding(question, "offtopic", today, periods, candidates=candidates)
    found.meeting_ask = meeting_question(question)
    said = day_said(typed, today)
    found.meeting_held = held_on(candidates, said) if said is not None else None
    found.unknown_names = await unknown_names(ledger, "chief", question, candidates + metrics)
    found.asks_before = bool(re.search(r"\bbefore\b", q))
    rels, types = _relation_hints(q)
    found.rels, found.asked_types = rels, types
    is_why = bool(_WHY.search(q))
    moves = bool(_MOVE.search(q))
    target = ratio_target(typed)
    if target is not None:
        found.kind, found.asked_types = "ratio", (target[0],)
        return found

    # "if the cert expires end of nov what stops": a day it fails on, not days of readings
    fails_then = bool(_IMPACT.search(q) and _IMPACT_ASK.search(q)) and not _METRIC_ASK.search(q)
    # "DO came back 118 ppb today, ok to send it out?": a figure stated to ask a rule
    # "how much can i credit them without gail": a limit a rule sets, not readings
    asks_leave = bool(_POLICY.search(q)) and (
        not _METRIC_ASK.search(q) or bool(_LIMIT_ASK.search(q))
    )
    asks_readings = (
        bool(_METRIC_ASK.search(q) or (periods and not fails_then))
        and not _NOT_READINGS.search(q)
        and not asks_leave
    )
    if (
        metrics
        and not _SAYS.search(q)
        and not _PRACTICE_BEFORE.search(q)
        # "why did callbacks go mental end of August": a why about a metric and its days asks
        # what moved it, in any words; "why did we stop X" asks what we decided
        and (
            (is_why and (moves or (bool(periods) and not _WE_DID.search(q))))
            or (not is_why and asks_readings and not _WHO.search(q))
        )
    ):
        found.kind = "metric"
        found.metric_op = "why" if is_why else metric_op(typed, periods)
        found.tier = tier_of(metrics)
        found.subject = found.tier[0]
        return found
    if event is not None:  # an event's days date readings; other questions read it as words
        found.periods = []
    ranked = best(candidates, prefer=named_types(typed))
    if found.meeting_ask is None and found.meeting_held is not None and AGREED_ASK.search(q):
        # "what did we land on monday about the leads": what the meeting held that day settled
        found.meeting_ask = "meeting-topic"
    if meeting_question(typed) == "meeting-topic" or found.meeting_ask == "meeting-topic":
        found.kind = "document"  # what a meeting's lines said: they answer it
    elif _SAYS.search(q):
        found.kind = "document"
    elif is_why or _DECIDED.search(q):
        # "why" about no metric asks what was decided (or what happened): moves or not
        found.kind = "decision"
    elif found.asks_before and any(
        c.type == "Decision" and c.name_words & _after_before(q) for c in ranked[:_BEFORE_POOL]
    ):
        # "before Marco did it, who ordered the fish?", "how were pre-starts done before
        # the FleetTrak app": the practice a decision replaced, though today's rule on it
        # names more of the question's words
        found.kind = "decision"
    elif _WHO.search(q) and not rels and not _POLICY.search(q) and not _DECISION.search(q):
        found.kind = "owner"
    elif (
        _IMPACT.search(q)
        and _IMPACT_ASK.search(q)
        and not _WHO.search(q)
        # "which suppliers does decon depend on": the companies behind it, not what breaks
        and not set(types) & {"Vendor", "Organization"}
    ):
        found.kind = "impact"
        subject_types = named_types(typed, besides=asked_kind(typed)) or failing_types(q)
        ranked = best(candidates, prefer=subject_types or DEPENDED_ON)
        # what stops is a thing others depend on, not an event that names it ("VetStack
        # outage: records would not load" is about VetStack)
        ranked = [c for c in ranked if c.type in DEPENDED_ON and c.type != "Channel"] or ranked
    elif rels or (types and re.search(r"\b(?:which|what)\s+\w+", q) and not _POLICY.search(q)):
        found.kind = "relationship"
        # a chat channel named like the work ("#decon") depends on nothing; the work does
        ranked = [c for c in ranked if c.type != "Channel"] or ranked
    elif _DECISION.search(q) or (is_why and not moves):
        found.kind = "decision"
    elif _POLICY.search(q):
        found.kind = "policy"
    elif ranked and ranked[0].type == "Decision" and found.asks_before:
        # "how did loans go before the Pipedeck thing": the practice a decision replaced
        found.kind = "decision"
    else:
        found.kind = "document"
    found.tier = tier_of(ranked)
    found.subject = found.tier[0] if found.tier else None
    if found.kind == "decision":  # "what did brenda mcleod decide": is she in the records?
        found.unknown_names += [
            w for w in await _unheld_deciders(ledger, question) if w not in found.unknown_names
        ]
    if found.subject is not None and found.kind in ("impact", "owner", "relationship"):
        found.unknown_names += await _unheld(ledger, question, found.subject)
    return found


#: Verbs people ask with, which never name the thing asked about.
_COMMON_VERBS = frozenset(
    words(
        "deal dealt handle handled handling run running ran manage managing managed lead "
        "leading led covering doing done did looking look take took taking getting make made "
        "making calling called go going went need needs needed want wants keep kept happen "
        "happened fix fixed fixing putting put sending send sent see seen saw help helping "
        "follow followup rely relies relied relying depend depends depended lean leans "
        "knock knocks knocked"
    )
)
#: Words of a question checked against the records when the thing found does not hold them.
MAX_UNHELD_CHECKS = 3


#: Words before a noun: a word after one of these names what the question is about.
_BEFORE_NOUN = frozenset(
    words("the our a an my your their its this that these those his her whose which what any")
)
#: Words before a state or a verb's complement ("goes bust", "is offline", "go mental"):
#: what follows says what happens to the thing, not which thing it is.
_BEFORE_STATE = frozenset(
    words(
        "is are was were be been being goes go going gone went gets get got getting turns "
        "turned become becomes became seems looks feel feels keeps kept stays stayed"
    )
)


def names_a_thing(question: str, raw: str, subject: Candidate) -> bool:
    """Whether ``raw`` stands where a name of the thing asked about would: after "the" or
    "our" ("who supplies our truffles"), just before a word of the thing's own name ("our
    equine vet"), or capitalised inside the sentence; not after "goes", "is" and their
    like ("goes bust", "is wavering", "whoever owns"), nor after the thing's name ("the
    API belong to", "ClearBill crashed")."""
    # a hyphen parts words here ("the e-scooter fleet": scooter stands before "fleet")
    tokens = re.findall(r"[^\W_][\w']*", fold(question))
    stems = [stem(t.replace("'", "")) for t in tokens]
    target = stem(raw.replace("'", ""))
    for i, s in enumerate(stems):
        if s != target:
            continue
        before = stems[i - 1] if i else ""
        after = stems[i + 1] if i + 1 < len(stems) else ""
        if before in _BEFORE_STATE:
            continue
        if before in _BEFORE_NOUN:
            return True
        if shared_words(subject.name_words, {after}):  # a modifier: "our equine vet"
            return True
        if named_words(question).get(target):
            return True
    return False


async def _unheld(ledger: ToolLedger, question: str, subject: Candidate) -> list[str]:
    """Words the question names its thing by that neither the thing found nor any other
    record holds: "our equine vet" found a vet, but nothing in the records is equine. A
    word that says what happens to the thing ("goes bust") names nothing, held or not."""
    asked = plain_words(question, drop=FRAME_WORDS | GENERIC_WORDS | _COMMON_VERBS)
    missing: list[str] = []
    for raw in asked:
        if len(missing) >= MAX_UNHELD_CHECKS or len(raw) < 4:
            continue
        if shared_words(subject.name_words, content_words(raw)):
            continue
        if any(w in _TYPE_WORDS for w in content_words(raw)):
            continue  # "which telco", "that cert": the kind of thing asked, not its name
        if not names_a_thing(question, raw, subject):
            continue
        hits = (await ledger.call("chief", "search", {"query": raw, "limit": 3})).data.get(
            "hits", []
        )
        if not any(BY_NAME & set(h.get("via", [])) for h in hits):
            missing.append(raw)
    return missing


#: "what did X decide": X, the one who decided (we, the team and their like name nobody).
_DECIDER = re.compile(
    r"\bwhat (?:did|has|had) ((?:[a-z][\w'-]*\s+){1,4}?)(?:decide|decided|agree|agreed|"
    r"approve|approved|choose|chose|pick|picked|sign off|signed off)\b"
)
_NOT_DECIDERS = frozenset(
    words(
        "we you they i he she it us the our their his her my your everyone anyone someone "
        "people ppl board team management councillor mr mrs ms dr"
    )
)


async def _unheld_deciders(ledger: ToolLedger, question: str) -> list[str]:
    """Words of the one a decision question says decided that no record holds by name."""
    m = _DECIDER.search(fold(question))
    if m is None:
        return []
    missing: list[str] = []
    for raw in m.group(1).split():
        if len(raw) < 3 or stem(raw) in _NOT_DECIDERS or raw in _NOT_DECIDERS:
            continue
        hits = (await ledger.call("chief", "search", {"query": raw, "limit": 3})).data.get(
            "hits", []
        )
        if not any(BY_NAME & set(h.get("via", [])) for h in hits):
            missing.append(raw)
    return missing


_MONEY = re.compile(r"\b(?:cost\w*|spen[dt]\w*|pay\w*|price\w*|expens\w*|cheap\w*|fees?)\b")
_CURRENCY_UNITS = frozenset({"inr", "usd", "eur", "gbp", "aud", "cad", "jpy", "£", "$", "€", "₹"})


def asks_money(question: str) -> bool:
    """Whether a question asks what something cost, charged or paid."""
    return bool(_MONEY.search(fold(question)) or _CAME_TO.search(fold(question)))


#: "what did the refunds come to": a sum asked without a money word.
_CAME_TO = re.compile(r"\b(?:come|came|comes|coming) to\b|\badd(?:ed|s)? up to\b")


def is_money(name: str, unit: str | None) -> bool:
    """Whether a metric counts money: by its name ("Ad spend") or its currency unit."""
    return bool(_MONEY.search(fold(name))) or (unit or "").strip().lower() in _CURRENCY_UNITS


_PER = re.compile(r"\bper\s+([\w-]+)")


def ratio_target(question: str) -> tuple[str, str] | None:
    """(node type, the "per" word) of a "which X costs the most per Y" question."""
    q = fold(question)
    per = _PER.search(q)
    if not per or not _MONEY.search(q):
        return None
    for noun in re.findall(r"\b(?:which|what)\s+(?:\w+\s+)?(\w+)", q):
        for type_name, word in _TYPE_NAMES.items():
            if words(noun) == [word]:
                return type_name, per.group(1)
    return None
