"""What one meeting turn does in the conversation: asks the room, agrees, objects, settles,
puts something off, or takes on work.

Decisions and action items are read from how a conversation moves, not from one phrase
list per trade: a proposal, a call to the room ("is everyone okay with that?", "any
objections?"), the replies (agreement, "no" to an objection call, a "but"), and the
chair's summing up ("so that's what we're doing", "agency it is"). Each reader here looks
at one turn (or one sentence) and says which of these it is, in the many plain ways
people say them; ``_decisions`` and ``_actions`` put the turns together.

Text is read after ``plain``: spacing before punctuation closed up (transcribers write
"okay , so"), doubled words said once ("to to regular"), curly quotes straightened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPACE_BEFORE = re.compile(r"\s+([,.?!;:])")
_FILLER = re.compile(r"\b(?:uh+|um+|erm|er|ehm)\b(?!-)[,.]?\s*", re.I)
_REPEAT = re.compile(r"\b(\w+(?:'\w+)?)(?:\s+\1\b)+", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\s+(?:-{1,2}|–|—)\s+")
_WORD = re.compile(r"[\w']+")


#: A stage direction or transcriber's note: "[shakes his head]", "(inaudible)".
_STAGE = re.compile(
    r"\[[^\]]{0,80}\]|\((?:inaudible|crosstalk|laughs?|laughter|pause|silence|"
    r"[^)]{0,40}\b(?:nods?|shakes?|shrugs?|says\s+nothing)\b[^)]{0,40})\)",
    re.I,
)


def plain(text: str) -> str:
    """A turn's words ready to read: see the module docstring ("uh", "um" dropped too; a
    stage direction, "[shakes his head]", is no words at all)."""
    text = _STAGE.sub(" ", text.replace("\u2019", "'").replace("\u2018", "'"))
    text = _SPACE_BEFORE.sub(r"\1", " ".join(_FILLER.sub("", text).split()))
    return _REPEAT.sub(r"\1", text)


def sentences(text: str) -> list[str]:
    """The sentences of a plain turn, each keeping its end mark."""
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip(" ,.")]


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


#: Sounds and words a reply may start with before it says anything.
_FILLERS = (
    r"oh|um+|uh+|erm?|em|ah+|eh|well|look|and|so|right|okay|ok|alright|mm+|hmm+|mm-hmm|uh-huh"
)
_LEAD = r"^(?:(?:" + _FILLERS + r"|yeah|yes|yep)[,.!\s]+)*"
_AGREE_WORDS = (
    r"(?:yes|yeah|yep|yup|yea|aye|sure|surely|fine|agreed|agree|absolutely|definitely|"
    r"of\s+course|exactly|precisely|indeed|sounds?\s+(?:good|great|fine|right|sensible|fair)|"
    r"makes?\s+sense|perfect|great|grand|lovely|brilliant|excellent|good|cool|sound|"
    r"fair(?:\s+enough)?|no\s+problem|no\s+bother|no\s+worries|works\s+for\s+(?:me|us)|"
    r"no\s+(?:argument|objection|complaint|quarrel)s?(?:\s+(?:here|from\s+me))?|minuted|"
    r"(?:that's\s+)?fine\s+(?:by|with)\s+me|happy\s+with\s+(?:that|it|this)|i'm\s+happy|"
    r"i\s+agree|i'd\s+agree|i\s+think\s+so|that's\s+(?:fine|good|great|grand|fair|right|"
    r"reasonable|sensible|perfect|ok|okay)|that\s+works|go\s+for\s+it|deal|correct|true|"
    r"count\s+me\s+in|i'm\s+in|totally|hundred\s+percent|happy\s+to|yes\s+please|"
    r"please\s+do|let's\s+do\s+(?:it|that)|good\s+(?:idea|call|plan)|reasonable|"
    r"(?:i\s+)?can\s+live\s+with\s+(?:that|it)|i'm\s+(?:good|fine|easy)|suits\s+me|"
    r"all\s+good|i'd\s+back\s+that|i\s+back\s+that|i'm\s+for\s+it|same\s+here|me\s+too|"
    r"happy(?:\s+here)?|plus\s+one|i(?:'d|\s+would)?\s+support|i'm\s+with\s+you|"
    r"should\s+be\s+(?:fine|doable|okay|ok|possible|good)|doable|seconded|i\s+second|same)"
)
_AGREE = re.compile(_LEAD + r"(?:" + _AGREE_WORDS + r"\b|\+1)", re.I)
#: Agreement that names the choice first: "six seems about right", "Friday noon works for me".
_AGREE_RESTATED = re.compile(
    r"^[^.?!]{0,40}?\b(?:is|are|'s|sounds|seems|works|looks)\s+(?:fine|good|great|right|okay|ok|"
    r"perfect|sensible|reasonable|about\s+right|doable|for\s+me)\b|"
    r"^[\w' -]{1,25},\s*(?:yes|yeah|yep|sure|good|great|fine|okay|ok|perfect|lovely)[.!]?$|"
    r"^[\w' -]{1,25},\s*(?:yes|yeah|yep|sure)\b",
    re.I,
)
#: A short answer that says yes somewhere: "Reluctantly, yes."
_SHORT_YES = re.compile(r"\b(?:yes|yeah|yep|agreed|aye)\b", re.I)
#: Bare acknowledgements: an answer to a call for assent, but no view of their own.
_ACK = re.compile(
    r"^(?:(?:oh|um+|uh+|ah+)[,.\s]+)*(?:okay|ok|alright|all\s+right|right|mm+|mm-hmm|"
    r"uh-huh|yeah|yes|yep)(?:[,.!\s]+(?:okay|ok|yeah|yes|yep|mm+|mm-hmm))*[.!]?$",
    re.I,
)
#: A reply that starts with "no": agreement when the call asked for objections.
_NO = re.compile(
    # "no argument", "no problem" agree; the rest of "no ..." turns it down
    r"^(?:(?:oh|um+|uh+|ah+|well)[,.\s]+)*(?:no(?!\s+(?:argument|complaint|quarrel|problem|"
    r"bother|worries)s?\b)|nope|nah|none|not\s+(?:at\s+all|really|"
    r"from\s+me)|no\s+objections?|i\s+don't\s+(?:think\s+so|mind))\b",
    re.I,
)
_BUT = re.compile(
    r"\b(?:but|though|however|although|except|unless|only\s+if|hang\s+on|hold\s+on|wait)\b",
    re.I,
)
_DOUBT = re.compile(
    r"^(?:(?:" + _FILLERS + r"|sorry)[,.!\s]+)*"  # "Sorry, sorry, hold on."
    r"(?:not\s+(?:really|sure|yet|now|convinced)|with\s+(?:respect|all\s+due\s+respect)|i\s+don't\s+(?:think|agree|like|want|know)|"
    r"i'm\s+not\s+(?:sure|convinced|keen|happy|comfortable)|i\s+disagree|hang\s+on|"
    r"hold\s+on|wait|but\b|actually|what\s+about|i'd\s+rather|rather\s+not|i\s+wouldn't|"
    r"we\s+can't|that\s+won't|if\s+we\s+can|maybe\s+not|i'm\s+against|i\s+object|"
    r"that's\s+(?:not|too)|i'm\s+worried|i\s+worry|the\s+problem|the\s+trouble|"
    r"the\s+thing\s+is|do\s+we\s+(?:need|have|really)|if\b)",
    re.I,
)


def reply_agrees(text: str, *, to_objections: bool = False) -> bool:
    """A reply that agrees ("yep", "fine by me", "makes sense"; "no" when the call asked
    for objections), without a "but"."""
    first = sentences(text)[:2]
    if not first:
        return False
    head = " ".join(first)
    if _NO.match(first[0]):
        return to_objections and not _BUT.search(head)
    if _BUT.search(head):
        return False
    short = len(words(first[0])) <= 4 and not re.search(r"\b(?:no|not|n't)\b", first[0], re.I)
    if is_acknowledgement(first[0]) and len(first) > 1:
        first = first[1:]  # "Okay. Yes. As long as it's written down.": the "yes" says it
    return bool(
        _AGREE.match(first[0])
        or _AGREE_RESTATED.match(first[0])
        or (short and _SHORT_YES.search(first[0]))
    )


def accepts_with_caveat(text: str) -> bool:
    """A reply that says yes first and adds a worry after ("Yes. But I have one QA on
    nights"): the proposal stands, the caveat is new talk."""
    first = sentences(text)[:1]
    return bool(first) and len(words(first[0])) <= 3 and reply_agrees(first[0])


def reply_objects(text: str, *, to_objections: bool = False) -> bool:
    """A reply that objects, doubts, or agrees with a "but"."""
    first = sentences(text)[:2]
    if not first:
        return False
    if _NO.match(first[0]):
        return not to_objections or bool(_BUT.search(" ".join(first)))
    if _DOUBT.match(first[0]):
        return True
    return bool(_AGREE.match(first[0]) and _BUT.search(" ".join(first)[:160]))


def is_acknowledgement(text: str) -> bool:
    """A bare "okay" / "yeah" / "mm-hmm": an answer to a call, no view of its own."""
    return bool(_ACK.match(text.strip()))


#: A call to the room: "is everyone okay with that?", "any objections?", "shall we go with it?"
_CALL = re.compile(
    r"\b(?:(?:^|,\s*)(?:are\s+)?you(?:\s+all|\s+both|\s+guys)?\s+(?:okay|ok|alright|all\s+right|"
    r"happy|good|fine|comfortable)\s+with\b|"
    r"(?:is|are)\s+(?:every(?:one|body)|we(?:\s+all)?|you(?:\s+all|\s+both)?|people|"
    r"all(?:\s+of\s+you)?)\s+(?:\w+\s+)?(?:okay|ok|happy|alright|all\s+right|good|fine|agreed|"
    r"comfortable|on\s+board|in\s+agreement|settled|content|set|clear|with\s+me)|"
    r"(?:any|anyone|anybody|does\s+any(?:one|body)|do\s+we\s+have\s+any|would\s+any(?:one|body)|"
    r"has\s+any(?:one|body)(?:\s+got)?(?:\s+any)?)\s+(?:\w+\s+)?(?:object|objections?|disagree|"
    r"opposed?|oppose|against|problems?|issues?|concerns?|complaints?|reservations?|pushback|"
    r"push\s+back|"
    r"strong\s+feelings)|"
    r"(?:do|does|would|can|will|could)\s+(?:you|we|every(?:one|body)|any(?:one|body))"
    r"(?:\s+all|\s+both)?\s+(?:agree|disagree|object|oppose|go\s+along|live\s+with|"
    r"accept|sign\s+off|support|back)|"
    r"(?:shall|should|can|do)\s+we\s+(?:just\s+)?(?:go\s+(?:with|for|ahead)|do\s+(?:that|this|it)|"
    r"stick|settle|agree|say|take\s+(?:that|this|it)|make\s+(?:that|it)|leave\s+it\s+at|"
    r"lock\s+(?:that|it)|call\s+it|use\s+(?:that|this|it))|"
    r"(?:does|do|will|would)\s+(?:that|this|it)\s+(?:work|suit|clash|conflict|sound|"
    r"make\s+sense|do)\b|"
    r"(?:how|what)\s+does\s+(?:that|this)\s+sound|can\s+we\s+agree|"
    r"(?:are\s+we|we're)\s+(?:all\s+)?(?:agreed|settled|decided|happy|good|okay|ok)|"
    r"any\s+(?:other\s+)?(?:thoughts|views|comments)\s+on\s+(?:that|this)|"
    r"everyone\s+(?:okay|ok|happy|alright|good|fine|agreed)|"
    r"(?:does\s+)?any(?:one|body)\s+(?:think|feel|want|prefer|rather)\b|"
    r"any(?:one|body)\s+(?:hate|mind|object\s+to|hates|minds)\s+(?:that|this|it)\b|"
    r"(?:is|does)\s+(?:that|this)\s+(?:acceptable|agreed|work\s+for\s+(?:everyone|you\s+all|all))|"
    r"all\s+(?:those\s+)?in\s+favou?r|can\s+I\s+take\s+(?:that|it)\s+as\s+(?:agreed|read)|"
    r"what\s+do\s+(?:people|we|you\s+all|you\s+both|everyone|you\s+guys)\s+think|"
    r"(?:^|[,.]\s*)(?:any\s+)?(?:views|thoughts|comments|objections)\s*\?$|"
    r"^(?:(?:so|okay|ok|right)[,\s]+)?(?:any(?:one|body)(?:\s+else)?|objections)\s*\?$|"
    r"(?:^|[,.]\s*)(?:agreed|okay\s+with\s+(?:everyone|you|that)|good\s+with\s+(?:everyone|you)|"
    r"fair|happy|sound\s+good|sounds\s+good|deal|all\s+agreed|yes\s+or\s+no)\s*\?$)",
    re.I,
)
#: Calls that ask whether anyone is against: a "no" answers yes.
_OBJECTION_CALL = re.compile(
    r"\bany(?:one|body)\s+(?:think|feel|want|prefer|rather|hate|mind)\b|"
    r"\b(?:object|objections?|disagree|opposed?|oppose|against|problems?|issues?|concerns?|"
    r"complaints?|reservations?|clash|conflict|strong\s+feelings|pushback|push\s+back)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Settling:
    """A sentence that states what the room settled, and how much it says on its own."""

    sentence: str
    strong: bool  # stands alone ("we're agreed", "let's go with X"); else needs the room
    past: bool = False  # "we decided ...": a report, maybe of an earlier meeting
    #: Settles only when the chair says it and another agrees: "we'll split the Saturdays"
    #: (from anyone else, "we'll add more functions later" is talk); "do that" accepts the
    #: proposal just made.
    chair_only: bool = False


#: Said by anyone, these state a settled outcome by themselves.
_SETTLED = re.compile(
    r"\b(?:(?:we've|we\s+have|we|we've\s+all|we\s+all|everyone|everybody|all|so|then|okay|ok|"
    r"the\s+(?:board|committee|team|group|council|meeting|panel|members|governors|trustees|"
    r"partners|room)),?\s+(?:all\s+|has\s+|have\s+)?(?:agreed|decided|settled|chose|chosen|"
    r"voted|resolved)\b(?!\s+(?:yet|whether|if|who))|"
    r"\b(?:motion|resolution|proposal)\s+(?:is\s+|was\s+)?(?:carried|passed|approved|adopted)\b|"
    # the room's silence read out: "nobody's arguing, so the clamp stays", "no objections, so"
    r"\b(?:nobody|no\s*one|no-one)(?:'s|\s+is|\s+has|\s+was)?\s+(?:arguing|objecting|objected|"
    r"disagreeing|against|said\s+no)\b[^.?!]*?,?\s+(?:so|then)\b|"
    r"\bno\s+objections?(?:\s+then)?\s*,\s*(?:so|then)\b|"
    r"we(?:'re|\s+are)\s+(?:all\s+)?(?:agreed|decided|settled)\b|"
    r"(?:agreed|decided|settled|sorted|done|that's\s+settled)(?:\s+then|,\s*then)\b|"
    r"(?:that's|that\s+is|it's|it\s+is)\s+(?:agreed|settled|decided|final|the\s+decision|"
    r"the\s+plan|our\s+decision|what\s+we're\s+(?:doing|going\s+with))|"
    r"that's\s+what\s+we(?:'re|\s+are|'ll|\s+will)\s+(?:doing|do|going\s+with)|"
    r"that's\s+what\s+we\s+(?:do|go\s+with)|"
    r"that's\s+how\s+it\s+is(?:,?\s+(?:then|for\s+now|for\s+the\s+moment))?\s*[.!]?$|"
    r"that's\s+how\s+we(?:'ll|\s+will|'re\s+going\s+to|'re|\s+are)?\s+"
    r"(?:(?:do|doing|play|playing|run|running|handle|handling)\s+it|work|working|go)\b|"
    r"let'?s\s+(?:just\s+)?(?:go|stick|stay|settle|run|roll)\s+(?:with|for|ahead)\b|"
    r"let'?s\s+(?:just\s+)?(?:stick|stay|keep)\s+(?:to|with|on)\b|let\s+us\s+go\s+with|"
    r"let'?s\s+(?:just\s+)?settle\s+(?:on|for)\b|"
    r"we(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|'re\s+gonna)\s+(?:just\s+)?"
    r"(?:go|stick|stay|settle)\s+(?:with|for|ahead|to)\b|"
    r"we(?:'re|\s+are)\s+going\s+(?:with|for)\b|"
    r"(?:the\s+)?decision\s+(?:is|was)\b|decision\s*:|"
    r"then\s+we\s+(?:settle|decide|agree|go)\s+(?:on|for|with)\b|"
    r",\s*end\s+of\s*[.!]?$|"  # "belt loader two stays parked till it's fixed, end of."
    r"from\s+now\s+on|going\s+forward|"
    # "from today" starts a rule; "two weeks from today" is a deadline
    r"(?<!weeks\s)(?<!week\s)(?<!days\s)(?<!day\s)(?<!months\s)(?:from|as\s+of|starting)\s+today|"
    r"effective\s+(?:today|immediately)|"
    r"(?:^|[,;:]\s*)(?:(?:so|then|okay|ok|right|grand|fine|good|great)\s*,?\s*)*"
    r"[\w'-]+(?:\s+[\w'-]+){0,2}\s+it\s+is\b"
    r"(?=\s*(?:then|for|on|in|at|from|with|[.!,]|$)))",
    re.I,
)
#: "X it is" names a choice unless one of these is in X ("I think it is", "what it is").
_NOT_A_CHOICE = frozenset(
    [
        "what",
        "that",
        "how",
        "as",
        "where",
        "here",
        "there",
        "whatever",
        "whoever",
        "whichever",
        "wherever",
        "however",
        "which",
        "who",
        "it",
        "this",
        "whether",
        "if",
        "when",
        "because",
        "why",
        "so",
        "and",
        "but",
        "or",
        "is",
        "was",
        "yes",
        "no",
        "well",
        "i",
        "you",
        "he",
        "she",
        "we",
        "they",
        "think",
        "guess",
        "know",
        "say",
        "believe",
        "suppose",
        "sure",
        # "of course it is", "true, it is", "course it is": assent, not a choice
        "course",
        "true",
        "indeed",
        "hope",
        "mean",
    ]
)
#: Said by someone and agreed by another, these settle; alone they only propose.
_PROPOSED = re.compile(
    r"(?:^|[,.;]\s*|\b(?:so|okay|ok|right|then|fine|grand|good|great|yeah)[,\s]+)"
    r"(?:let'?s(?!\s+not\b)|let\s+us(?!\s+not\b)|we'll\s+say|we\s+say|i\s+(?:would|'d)\s+go\s+(?:with|for)|"
    r"(?:we\s+)?(?:just\s+)?(?:stick|stay)\s+(?:to|with))\b|"
    r"^(?:(?:okay|ok|right|fine|so|well|yeah)[,\s]+)*(?!(?:that|which|this)\s+(?:changes|means|"
    r"affects|rules\s+out)\b)[\w'-]+(?:\s+[\w'-]+){0,3}\s*,?"
    r"(?<!\band)(?<!\bnow)(?<!\bby)(?<!\bsince)(?<!\buntil)\s+then\b"
    r"(?:[,.]|\s+(?:I\s+suppose|I\s+guess|it\s+is))",
    re.I,
)
#: The meeting's own running order ("let's move on", "let's start"): no decision of substance.
_PROCEDURE = re.compile(
    r"\blet'?s\s+(?:just\s+)?(?:move\s+(?:on|along|to\s+(?:the\s+next|item))|start|begin|get\s+(?:started|going|on|into)|"
    r"have\s+a\s+(?:look|think|chat|break|quick)|take\s+a\s+(?:look|break|minute|second|step)|"
    r"talk|discuss|go\s+(?:through|over|round|around|back|on|to)|look|wrap|finish|break|hear|"
    r"turn\s+to|kick\s+off|crack\s+on|carry\s+on|continue|recap|summari[sz]e|sum\s+up|"
    r"try|think|see|say\s+(?:hello|hi)|introduce|do\s+(?:introductions|a\s+round|a\s+quick)|"
    r"leave\s+it\s+there|call\s+it\s+a\s+day|stop|pause|come\s+back|keep\s+going|skip|"
    r"stick\s+to\s+(?:the\s+)?(?:agenda|time)|keep\s+(?:it|this)\s+(?:short|quick|brief|tight))\b",
    re.I,
)
#: The meeting's own housekeeping (starting, waiting for someone, lunch, its minutes, the
#: next meeting): settled, but no decision of substance.
_HOUSEKEEPING = re.compile(
    r"\b(?:start|begin|open|close|end|finish|adjourn|wrap\s+up)\s+(?:the|this)\s+"
    r"(?:meeting|call|session)|\bwait\s+(?:for|a\s+(?:few|couple|minute|second))\b|"
    r"\b(?:have|get|grab|break\s+for)\s+(?:lunch|coffee|a\s+break)\b|"
    r"\btake\s+a\s+(?:break|breather)\b|\bnext\s+meeting\b|\bagenda\b|"
    r"\bminutes\s+of\s+(?:the|this|last)\b|\b(?:take|approve)\s+(?:the\s+)?minutes\b|"
    r"\b(?:take|taking)\s+(?:them|it|the\s+minutes)\s+as\s+(?:read|approved)\b|"
    # the running order announced: "we've got a lot today.", "three things:", "today: ..."
    r"\b(?:we've\s+got|we\s+have|we\s+have\s+got|there's|there\s+are)\s+(?:quite\s+)?"
    r"(?:a\s+lot|lots|a\s+few\s+things|a\s+couple\s+of\s+things|(?:two|three|four|five|six)"
    r"\s+(?:things|items))(?:\s+(?:today|this\s+morning|to\s+(?:get\s+through|cover|do)))?"
    r"\s*(?:[.:!]|$)|^(?:(?:right|okay|ok|so)[,.]?\s+)*today\s*:|\bfirst\s+up\b|"
    # "Okay, last one, and it's the big one.", "next item": which matter comes next
    r"^(?:(?:right|okay|ok|so|good)[,.]?\s+)*(?:(?:the\s+)?(?:first|next|last|final)\s+"
    r"(?:one|item|thing|bit|point)|(?:item|point)\s+\w+)\b|"
    # who is on the call: "let me see who's on", "Gordie? You on?", "can everyone hear me?"
    r"\bwho's\s+(?:on|here|joined|with\s+us)\b|\bcan\s+(?:you|everyone|everybody)\s+hear\s+"
    r"(?:me|us)\b|^(?:are\s+)?you\s+(?:on|there|with\s+us|still\s+there)\s*\?|"
    # which item the meeting takes first: "let's do ondansetron first, it's quicker"
    r"^(?:(?:right|okay|ok|so|well)[,.]?\s+)*let's\s+(?:do|take|start\s+with|cover|discuss|"
    r"talk\s+about|go\s+through)\s+(?:\S+\s+){0,3}?(?:first|next)\s*(?:[,.!]|$)",
    re.I,
)


def is_housekeeping(sentence: str) -> bool:
    """Talk about running the meeting itself; see ``_HOUSEKEEPING`` and ``_PROCEDURE``."""
    return bool(_HOUSEKEEPING.search(sentence) or _PROCEDURE.search(sentence))


#: A settling cue right after one of these is part of another clause ("given we're going
#: with", "as we agreed", "where we're going with this"): no new outcome.
_SUBORDINATE = frozenset(
    [
        "where",
        "how",
        "what",
        "whether",
        "if",
        "when",
        "given",
        "since",
        "because",
        "as",
        "once",
        "assuming",
        "unless",
        "why",
        "that",
        "which",
        "rather",  # "I'd rather we agreed it first": a wish, not an outcome
        "sooner",
        "hope",
        "wish",
    ]
)
#: "We'll X" / "Ben and I will X", unhedged: a plan when the chair says it.
_WE_WILL = re.compile(
    r"(?:^|[,.;]\s*|\b(?:so|okay|ok|right|then|fine|good|great)[,\s]+)"
    r"(?:we(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|'re\s+gonna)?|"
    r"(?-i:[A-Z])[\w'-]+\s+and\s+I(?:'ll|\s+will))\s+(?:just\s+)?(?!\w+ed\b)"
    r"(?!(?:try|see|need|have\s+to|probably|maybe|might|get\s+to|talk|discuss|look|come|think|"
    r"hear|start|move|go\s+through|break|be\s+able|find\s+out|know|want|have|had|got|"
    r"need|should|could|would|can|might|must|were|was|are|did|didn't|don't|do|just|also|"
    r"lost|used|thought|said|all|both|still|really|only|never|always|will|shall|may|'ll|"
    r"speak|meet|catch|chat)\b)"
    r"[a-z]\w+",
    re.I,
)
#: The chair taking up what was just proposed: "do that", "go for it", "let's do that".
_TAKE_UP = re.compile(
    r"^(?:(?:okay|ok|right|yes|yeah|yep|good|great|fine|grand|sure|brilliant|perfect)[,.!\s]+)*"
    r"(?:let's\s+)?(?:do\s+(?:that|it|this)|go\s+(?:with|for|ahead\s+with)\s+(?:that|it|this)|"
    r"go\s+for\s+it|go\s+ahead|make\s+it\s+so|"
    # "Fine, do the patch.", "Okay, book the coach.": the chair's go-ahead
    r"(?<=[,.!]\s)(?:do|book|order|run|send)\s+the\s+\w+(?:\s+\w+)?(?=[.!]?$))\b",
    re.I,
)


def takes_up(sentence: str) -> bool:
    """A sentence that takes up the proposal just made: "do that", "yep, make it so"."""
    return bool(_TAKE_UP.match(sentence))


_LEADING = frozenset(["so", "then", "okay", "ok", "right", "grand", "fine", "good", "great"])
_PAST = re.compile(r"\b(?:agreed|decided|settled|chose|chosen)\b", re.I)


#: Talk that leaves the matter open: put off, not ours to decide, depends, not now.
_UNDECIDED = re.compile(
    r"\b(?:not|n't|never|no|nothing)\b(?!\s*[,.!])[\w\s',]{0,30}?\b(?:decid\w*|decision|agree(?:d|ment)?|"
    r"settl\w*|pick(?:ing)?|choos\w*|chose|sign(?:ed|ing)?\s+off|commit\w*|conclu\w*|promis\w*)\b|"
    r"\b(?:to|need\s+to|needs\s+to|have\s+to|has\s+to|should|must|yet\s+to|still|can|could|"
    r"will|would|going\s+to|gonna)\s+(?:\w+\s+)?(?:make\s+a\s+decision|decide)\b|"
    r"\bwhether\s+(?:we|to)\b|"
    # "not my call", "not ours to decide"; "it's not my truck" says whose the truck is
    r"\b(?:not\s+(?:ours|mine|up\s+to\s+us|(?:my|our)\s+(?:call|decision|place|department|"
    r"business|choice|say))|(?:her|his|their|[\w-]+'s)\s+(?:call|decision)|"
    # "up to Dana", "up to the board": a person or body, written with a capital or named
    # by role; "up to the end of November", "up to date" say how far, not whose call
    r"up\s+to\s+(?:him|her|them|you|the\s+(?!(?:end|start|top|bottom|limit|point|"
    r"minute|day|week|month|year|last)\b)\w+|(?-i:[A-Z])\w+)|depends\s+on|depending\s+on|"
    r"out\s+of\s+our\s+hands|above\s+my\s+pay)\b",
    re.I,
)
_PUT_OFF = re.compile(
    # "park" and "table" put off only as verbs: "let's park that", "tabled"; not "the car
    # park", "the stock table"
    r"\b(?:park(?:ing)?|table|shelve)\s+(?:it|that|this|them|those|these|for\s+(?:now|the\s+moment)|"
    r"until|till|(?:the|that|this)\s+[\w' -]{0,30}?(?:idea|question|matter|discussion|decision|"
    r"until|till|for\s+now|for\s+the\s+moment|for\s+later))\b|"
    r"\b(?:that's|that\s+is|it's|it\s+is|we've|leave\s+(?:it|that|this)|keep\s+(?:it|that|this))\s+"
    r"(?:parked|shelved)\b|"  # "that's parked"; "the bus stays parked" is a bus
    # "let's leave the press for now", "we'll look at it again in January"
    r"\bleave\s+(?:it|that|this|them|the\s+[\w' -]{1,30}?)\s+(?:for\s+(?:now|the\s+moment|today)|"
    r"until|till|there\s+for\s+now)\b|"
    r"\b(?:look\s+at|pick\s+up|talk\s+about|go\s+back\s+to)\s+(?:it|that|this|them)\s+again\b|"
    r"\b(?:tabled|hold\s+off|on\s+hold|"
    r"come\s+back\s+to|get\s+back\s+to|revisit|circle\s+back|sleep\s+on|think\s+about\s+it|"
    r"think\s+it\s+over|take\s+(?:it|this|that)\s+offline|put\s+(?:it|that|this)\s+aside|"
    r"pencil\s+(?:it|that)\s+in|for\s+another\s+(?:day|time)|not\s+(?:now|today|yet)|"
    r"in\s+the\s+new\s+year|at\s+a\s+later|later\s+on|next\s+(?:meeting|time|session)|"
    r"defer|postpone|backlog|on\s+the\s+agenda\s+for)\b|"
    # "until we get a proper barrier in" bounds a stopgap; waiting for it puts off
    r"\buntil\s+(?:we|they|I|you)\s+(?:know|hear|see|find)\b|"
    r"\b(?:wait|hang\s+on|hold)\s+(?:\w+\s+){0,3}?until\s+(?:we|they|I|you)\s+(?:have|get)\b|"
    # "we don't tell customers anything yet": nothing for now, the matter still open
    r"(?:\b(?:not|nothing|nobody)\b|n't\b)[^.?!;]*\byet\b|"
    r"\b(?:we'll|we\s+will|let's|let\s+us)\s+see\b|\bsee\s+(?:what|how|if|whether)\b|"
    r"\b(?:something|things?)\s+(?:we\s+can|to)\s+(?:\w+\s+)?(?:discuss|think\s+about|look\s+at)|"
    r"\bwe\s+can\s+(?:still\s+)?(?:discuss|talk\s+about|think\s+about)\b|"
    r"\b(?:discuss|talk\s+about)\s+(?:it|that|this)\s+(?:later|again|next)",
    re.I,
)
_CONDITIONAL = re.compile(r"^(?:\w+[,\s]+){0,2}(?:if|unless|maybe|perhaps|suppose)\b", re.I)


#: A speaker putting an idea forward: what follows is a proposal for the room, not a ruling.
_PUTS_FORWARD = re.compile(
    r"\b(?:here's\s+(?:my|what\s+I)|here\s+is\s+(?:my|what\s+I)|"
    r"my\s+(?:thinking|suggestion|proposal|idea|instinct|preference|plan|pitch)\b(?!\s+was\b)|"
    r"what\s+I(?:'d|\s+would)\s+(?:suggest|propose|like\s+to\s+do)|"
    r"I(?:'d|\s+would)?\s+(?:like\s+to\s+)?(?:suggest|propose)|I\s+was\s+thinking|"
    r"how\s+about|what\s+if|one\s+option|(?:an|another)\s+(?:option|idea)|"
    r"(?:just\s+)?(?:thinking|floating)\s+(?:out\s+loud|aloud)|(?:just\s+)?an\s+idea)\b",
    re.I,
)


def puts_forward(sentence: str) -> bool:
    """A sentence that offers an idea to the room ("here's my thinking", "what I'd
    suggest", "how about"): it and what its speaker says after it propose; they settle
    nothing until someone else takes it up."""
    return bool(_PUTS_FORWARD.search(sentence))


#: A speaker taking back what was just settled: "forget what I said", "scrap that", "then
#: no", "no, wait", "change of plan", "on second thoughts".
_TAKES_BACK = re.compile(
    r"\b(?:forget\s+(?:what\s+I\s+(?:just\s+)?said|that|I\s+said\s+that)|"
    r"(?:scrap|scratch|strike|cancel|ignore)\s+(?:that|what\s+I\s+(?:just\s+)?said)|"
    r"I(?:'ll|\s+will)?\s+take\s+(?:that|it)\s+back|I(?:'m|\s+am)\s+taking\s+(?:that|it)\s+back|change\s+of\s+plans?|on\s+second\s+thoughts?|"
    r"\bnot\b[\w\s']{0,30}\bafter\s+all\b|"
    r"(?:^|[,.]\s*)(?:(?:okay|ok|right|well|so|actually)[,\s]+)*(?:then|actually)[,\s]+no[.!]?$|"
    r"(?:^|[,.]\s*)(?:no[,\s]+wait|wait[,\s]+no)\b|"
    r"\bactually,?\s+(?:just\s+)?the\s+(?:opposite|other\s+way\s+(?:round|around))\b|"
    r"\bjust\s+actually\s+the\s+opposite\b)",
    re.I,
)


_WITHDRAWS = re.compile(
    r"^(?:(?:okay|ok|right|so|well|fine|alright|all\s+right)[,\s]+)*(?:"
    # "scrap the twenty-third", "scratch what we decided about pulling the stock"
    r"(?:scrap|scratch|forget(?:\s+about)?|ditch|bin|undo|reverse)\s+"
    r"(?:what\s+(?:we|I)\s+(?:just\s+)?(?:decided|agreed|said|settled)\s+(?:about|on|for)\s+)?|"
    # "so we're reversing the ondansetron call from earlier"
    r"(?:so\s+)?(?:we're|we\s+are|I'm|I\s+am)\s+(?:reversing|undoing|overturning|scrapping|"
    r"dropping)\s+)"
    r"(?P<what>(?:the|our|my|that|\w+ing)\s+[^.,;!?]{3,60}?)"
    r"(?:\s+(?:call|decision|plan|idea))?(?:\s+from\s+(?:earlier|before|this\s+morning))?"
    r"\s*(?:[.,;!?]|$)",
    re.I,
)


#: "Right, so north corner's out.": an option named and struck off.
_STRUCK_OFF = re.compile(
    r"^(?:(?:right|okay|ok|so|well|fine|then)[,\s]+)*(?P<what>(?:the\s+)?[\w' -]{3,30}?)"
    r"(?:'s|\s+is|\s+are)\s+out\s*[.!]?$",
    re.I,
)
#: "... goes south-east along the haul road, not the north corner": what it replaces.
_INSTEAD_OF = re.compile(
    r",\s+not\s+(?P<what>(?:the|our|that)\s+[\w' -]{3,30}?)\s*(?:[.;!]|$)", re.I
)


def replaced(sentence: str) -> str | None:
    """What a changed plan says it replaces ("..., not the north corner")."""
    found = _INSTEAD_OF.search(sentence)
    return found["what"] if found else None


def withdrawn(sentence: str) -> str | None:
    """What a sentence withdraws by name ("Okay, scrap the twenty-third."): the earlier
    decision that names it no longer stands, however far back it was settled. A bare
    "scrap that" names nothing: ``takes_back`` reaches only the last few lines."""
    found = _WITHDRAWS.search(sentence) or _STRUCK_OFF.search(sentence)
    if found is None:
        return None
    what = found.group("what")
    return None if re.fullmatch(r"that(?:\s+idea|\s+plan)?", what, re.I) else what


#: "Mei-Lin and me on that one, I think?": the speaker and another take the matter on.
_PAIR_ON_IT = re.compile(
    r"^(?:(?:okay|ok|right|so)[,\s]+)?(?P<who>[A-Z][\w'-]+)\s+and\s+(?:me|I|myself)\s+"
    r"(?:on|for|doing|to\s+do)\s+(?:that|this|it)(?:\s+one)?\b"
)


def pair_on_it(sentence: str) -> str | None:
    """The other person a speaker takes work on with ("Mei-Lin and me on that one?"): work
    asked for, never a matter settled."""
    found = _PAIR_ON_IT.match(sentence)
    return found["who"] if found else None


def takes_back(sentence: str) -> bool:
    """A sentence that withdraws what was just settled ("Okay, then no. Forget what I
    said."): the earlier outcome no longer stands, and what the speaker says next is the
    matter's outcome."""
    return bool(_TAKES_BACK.search(sentence))


def calls_the_room(sentence: str) -> bool:
    """A question that asks the room to agree: see ``_CALL``."""
    s = sentence.rstrip(" .")  # "Anyone?...": the trailing dots are a pause
    return s.endswith("?") and bool(_CALL.search(s))


def asks_for_objections(sentence: str) -> bool:
    """A call whose "no" means yes ("any objections?", "does that clash with anything?")."""
    return bool(_OBJECTION_CALL.search(sentence))


def says_undecided(sentence: str) -> bool:
    """Talk that says the matter is not decided ("no decision on that", "not ours to
    decide", "it depends on HR")."""
    return bool(_UNDECIDED.search(sentence))


def leaves_open(sentence: str) -> bool:
    """Talk that settles nothing: deferred, not ours to decide, depends, "we'll see"."""
    return bool(_UNDECIDED.search(sentence) or _PUT_OFF.search(sentence))


def _subordinate(s: str, start: int) -> bool:
    before = words(s[:start])[-2:]
    return any(w in _SUBORDINATE for w in before)


def settles(sentence: str) -> Settling | None:
    """The settled outcome a (non-question) sentence states, if it states one. A sentence
    that says it is not decided settles nothing; one put off only before its outcome
    ("let's park it") settles nothing, after it ("two again, revisit a third later") does."""
    s = sentence.strip()
    if not s or s.endswith("?") or _CONDITIONAL.match(s) or _UNDECIDED.search(s):
        return None
    if _PROCEDURE.search(s) or _HOUSEKEEPING.search(s):
        return None
    for m in _SETTLED.finditer(s):
        cue = m.group(0)
        if re.search(r"\bit\s+is$", cue, re.I):
            chosen = [w for w in words(cue)[:-2] if w not in _LEADING]
            if not chosen or any(w in _NOT_A_CHOICE for w in chosen):
                continue
        elif _subordinate(s, m.start()):
            continue
        if _PUT_OFF.search(s[: m.end()]):
            return None
        past = bool(_PAST.search(cue)) and not re.search(r"\b(?:we're|are|then)\b", cue, re.I)
        # "I think we'll go for the simple one": one person's view of the outcome, a
        # proposal until someone else agrees; so is one cut off ("heavy it is, unless
        # anyone—"): the speaker was stopped before it was settled
        cut_off = s.endswith(("—", "–", "--", "-"))
        return Settling(s, not _OPINION.search(s[: m.start()]) and not cut_off, past)
    if _PUT_OFF.search(s):
        return None
    m = _PROPOSED.search(s)
    if (m is not None and not _subordinate(s, m.start())) or _TAKES_BOTH.match(s):
        return Settling(s, False)
    m = _WE_WILL.search(s)
    if m is not None and not _subordinate(s, m.start()) and not _HEDGED.search(s):
        return Settling(s, False, chair_only=True)
    if (
        _TAKE_UP.match(s) or _DONE.match(s) or _THEN_IT_IS.match(s)
    ):  # "Nine goes to North. Done.": the chair's
        return Settling(s, False, chair_only=True)
    return None


#: Both (or all) of the ways just put forward taken: "Fine, both.", "Okay, all three then."
_TAKES_BOTH = re.compile(
    r"^(?:(?:fine|okay|ok|right|good|great|grand|yeah|so)[,\s]+)+(?:let'?s\s+do\s+)?"
    r"(?:both|all\s+(?:three|four|of\s+(?:them|those)))(?:\s+then)?\s*[.!]",
    re.I,
)
#: The chair's conclusion: "Then it's paid to her direct, no offset."
_THEN_IT_IS = re.compile(
    r"^(?:then|so)[,\s]+(?:it's|it\s+is|they're|they\s+are)\s+(?:\w+(?:ed|en)|paid|sent|done|"
    r"kept|set|put|made|held|left|sold|spent|shut|cut)\b",
    re.I,
)
_DONE = re.compile(r"^(?:(?:okay|ok|right|good)[,.]?\s+)?(?:done|sorted|deal)[.!]$", re.I)


_OPINION = re.compile(
    r"\b(?:I\s+think|I\s+guess|I\s+suppose|I\s+reckon|I\s+feel|maybe|perhaps|probably)\b", re.I
)
_HEDGED = re.compile(r"\b(?:maybe|perhaps|might|probably|possibly|i\s+guess|i\s+think)\b", re.I)


_RECAP = re.compile(
    r"(?<!\bthe\s)(?<!\bthis\s)\b(?:last\s+(?:time|meeting|week|session|call)|previous\s+(?:meeting|session|call)|"
    r"(?:to\s+)?recap|minutes\s+of\s+the\s+last|earlier\s+(?:meeting|today)|before\s+today|"
    # "the fix we agreed in the channel on Tuesday": settled elsewhere, before this meeting
    r"(?:agreed|decided|settled)\s+(?:in|on|over)\s+(?:the\s+)?(?:channel|slack|thread|email|"
    r"chat|teams|call)\b)\b",
    re.I,
)


_RECAPPING = re.compile(
    r"\b(?:recap|to\s+sum\s+up|summing\s+up|let\s+me\s+(?:go\s+over|run\s+through|sum\s+up)|"
    r"to\s+summari[sz]e|in\s+summary|quick\s+summary|just\s+to\s+confirm\s+what\s+we|"
    r"that's\s+(?:us|everything|all(?:\s+for\s+(?:today|now))?|it\s+for\s+(?:today|now)))\b",
    re.I,
)


def sums_up(text: str) -> bool:
    """A turn that goes back over what this meeting already settled ("Right, let me
    recap: ...", "Right, that's us. Short rib, hake, ..."): it repeats decisions and work,
    it makes none."""
    return any(_RECAPPING.search(s) for s in sentences(text)[:2])


def recalls_earlier(text: str) -> bool:
    """Talk about an earlier meeting ("last time", "to recap"): what it says was decided
    was decided then."""
    return bool(_RECAP.search(text))


def names_only(sentence: str, names: set[str]) -> bool:
    """A question that only names people ("Declan, Tunde?"): the chair polling them."""
    s = sentence.strip()
    if not s.endswith("?"):
        return False
    found = [w for w in re.split(r"[,\s]+|\band\b", s.rstrip("?").lower()) if w]
    return bool(found) and all(w in names for w in found)
