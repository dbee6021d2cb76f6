"""The brain's schema, as data: what may be written, and nothing else.

The gate checks every write against these tables, and Cypher labels and relationship
types are only ever taken from them (they cannot be query parameters). Reading top to
bottom: node types, relationship types, the allowed (from, rel, to) patterns, the
one-holder relationships, and the bookkeeping every edge carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, LiteralString

# --- node types ---------------------------------------------------------------------
# name: (searchable, versioned, what it is). Searchable types carry the `Searchable` label
# that the full-text index sits on (and, once embedded, the vector index's own label,
# ``brain.db.VECTOR_LABELS``); readings, versions and chunks stay out so
# they never crowd real things out of a ranking. Versioned types keep their old state as
# a Version node one hop away when they change.
NODE_TYPES: dict[LiteralString, tuple[bool, bool, str]] = {
    # people and organisations
    "Person": (True, False, "someone in or around the business"),
    "Team": (True, False, "a group of people"),
    "Organization": (True, False, "the business itself, a partner or any company"),
    "Customer": (True, False, "someone who buys"),
    "Vendor": (True, False, "someone the business buys from"),
    # what the business sells and runs on
    "Product": (True, False, "something the business sells"),
    "Service": (True, False, "a running service: checkout, payments, a website"),
    "Tool": (True, False, "a third-party tool or automation the business uses"),
    "Account": (True, False, "an account or credential on a tool: a token, a login"),
    "Page": (True, False, "a page of a website or app"),
    "Step": (True, False, "a step of a flow, such as a checkout's payment step"),
    "Release": (True, False, "a shipped change of a service"),
    "Incident": (True, False, "something that went wrong"),
    # marketing and sales
    "Channel": (True, False, "a marketing or chat channel"),
    "Campaign": (True, False, "a marketing campaign"),
    "Post": (True, False, "a social post or article"),
    "Asset": (True, False, "a creative: an image, a video, a draft"),
    "Deal": (True, False, "a sales opportunity"),
    # direction and work
    "Goal": (True, True, "something the business aims for"),
    "Metric": (True, False, "a measured quantity; says how its readings total"),
    "Observation": (False, False, "one reading of a metric over a window"),
    "Task": (True, True, "a piece of work with one current owner"),
    "Decision": (True, True, "a choice someone made, with its rationale"),
    "Rule": (True, False, "a practice or policy the team follows"),
    # documents and conversations
    "Document": (True, True, "a document, file or page of notes"),
    "Chunk": (False, False, "a passage of a document or a line of a transcript"),
    "Meeting": (True, False, "a meeting with its transcript"),
    "Message": (True, False, "a chat message"),
    "Email": (True, False, "an e-mail"),
    "Note": (True, False, "a note someone asked the brain to remember"),
    # code
    "Repository": (True, False, "a code repository"),
    "Component": (True, False, "a directory prefix of a repository"),
    "File": (True, False, "a file of a repository"),
    "Commit": (True, False, "a commit"),
    "PullRequest": (True, False, "a pull request"),
    "Issue": (True, False, "an issue of a repository"),
    "Comment": (True, False, "a comment on a pull request or issue"),
    "Review": (True, False, "a review of a pull request: its verdict and text"),
    "Label": (True, False, "a label on issues and pull requests"),
    # the assistant's own records
    "Turn": (False, False, "one question and its answer"),
    "Finding": (False, False, "what one desk found in a turn, with citations"),
    "Card": (False, False, "a proposed action waiting for approval"),
    "Feedback": (False, False, "a person's thumbs up or down on an answer, and why"),
    "Answer": (False, False, "a tool's answer kept for a repeated question, citing its evidence"),
    "Version": (False, False, "an earlier state of a Task, Decision, Goal or Document"),
}

#: Types whose nodes the assistant writes about itself; paths never walk through them.
ASSISTANT_TYPES: frozenset[str] = frozenset({"Turn", "Finding", "Card", "Answer", "Feedback"})

ENTITY_TYPES: frozenset[str] = frozenset(NODE_TYPES)
SEARCHABLE_TYPES: frozenset[str] = frozenset(t for t, (s, _, _) in NODE_TYPES.items() if s)
VERSIONED_TYPES: frozenset[str] = frozenset(t for t, (_, v, _) in NODE_TYPES.items() if v)
#: Types that entity resolution merges by normalised name or e-mail.
RESOLVED_TYPES: frozenset[str] = frozenset({"Person", "Organization", "Product"})

# --- relationship types ---------------------------------------------------------------
REL_TYPES: dict[LiteralString, str] = {
    "OWNS": "holds responsibility for",
    "MEMBER_OF": "belongs to a team or organisation",
    "WORKS_ON": "spends effort on",
    "DEPENDS_ON": "stops working if the other stops",
    "AFFECTS": "changes the behaviour or numbers of",
    "BLOCKS": "prevents progress on",
    "PART_OF": "is a piece of",
    "CHANGED": "a release or commit changed this thing",
    "CAUSED": "brought this about",
    "SUPERSEDES": "replaces an earlier decision, rule or document",
    "BASED_ON": "rests on this evidence or line",
    "MENTIONS": "names this thing",
    "MEASURES": "a reading or metric measures this",
    "HAS_CHUNK": "a document or meeting and its passages",
    "SAID_BY": "a line or message was said by",
    "ATTENDED": "took part in a meeting",
    "DECIDED_IN": "a decision was made in",
    "MADE_BY": "a decision was made by",
    "EVIDENCED_BY": "a decision or finding rests on this comment or line",
    "FIXES": "a change fixes an issue or incident",
    "MODIFIES": "a commit or pull request modifies a file",
    "IN_COMPONENT": "a file sits in a component",
    "IN_REPO": "a component, commit, pull request or issue belongs to a repository",
    "AUTHORED": "wrote this",
    "REVIEWED": "reviewed a pull request (and wrote this review of it)",
    "REVIEW_OF": "a review is of this pull request",
    "COMMENTED_ON": "a comment on a pull request or issue",
    "LABELED": "carries a label",
    "CITES": "an answer or finding cites this node",
    "ABOUT": "is about this thing",
    "VERSION_OF": "an earlier state of this node",
    "TARGETS": "a campaign or post aims at this audience, product or page",
    "SENT_TO": "an e-mail or message went to",
    "DERIVED_FROM": "an asset was made from another",
    "ASSIGNED_TO": "an issue or deal is assigned to",
    "PROPOSED": "a turn or desk proposed this card",
    "USES": "relies on a tool or account",
}

#: Schema names keyed by themselves. A runtime name looked up here comes back as the
#: schema's own literal, so Cypher built from it stays ``LiteralString`` by construction.
_LABELS: dict[str, LiteralString] = {t: t for t in NODE_TYPES}
_RELS: dict[str, LiteralString] = {r: r for r in REL_TYPES}


def label_name(node_type: str) -> LiteralString:
    """The schema's label for ``node_type``, to put in a query; raises ``ValueError``."""
    try:
        return _LABELS[node_type]
    except KeyError:
        raise ValueError(f"node type {node_type!r} is not in the schema") from None


def rel_name(rel: str) -> LiteralString:
    """The schema's relationship type ``rel``, to put in a query; raises ``ValueError``."""
    try:
        return _RELS[rel]
    except KeyError:
        raise ValueError(f"relationship type {rel!r} is not in the schema") from None


# Type groups, so the pattern table stays readable.
_PEOPLE = ("Person", "Team", "Organization", "Customer", "Vendor")
_WORK = ("Task", "Goal", "Decision", "Rule", "Deal", "Incident", "Issue", "PullRequest")
_SYSTEMS = (
    "Product",
    "Service",
    "Tool",
    "Account",
    "Page",
    "Step",
    "Channel",
    "Campaign",
    "Post",
    "Asset",
    "Repository",
    "Component",
    "File",
    "Metric",
    "Goal",
    "Task",
)
_DOCS = ("Document", "Meeting", "Message", "Email", "Note", "Comment", "Chunk", "Post")
_CODE_CHANGES = ("Commit", "PullRequest", "Release")
_BUSINESS = tuple(sorted(ENTITY_TYPES - ASSISTANT_TYPES - {"Version", "Observation"}))

# (from types, relationship, to types): every allowed (from, rel, to) combination.
_PATTERN_TABLE: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = (
    (_PEOPLE, "OWNS", _WORK + _SYSTEMS + ("Document",)),
    (("Person", "Team"), "MEMBER_OF", ("Team", "Organization")),
    (("Customer", "Vendor"), "MEMBER_OF", ("Organization",)),
    (("Person", "Team"), "WORKS_ON", _WORK + _SYSTEMS),
    (_SYSTEMS + _WORK, "DEPENDS_ON", _SYSTEMS + _WORK + ("Vendor",)),
    (_BUSINESS, "AFFECTS", _BUSINESS),
    (_WORK + _SYSTEMS + ("Incident",), "BLOCKS", _WORK + _SYSTEMS),
    (_SYSTEMS + _WORK + ("Organization", "Team"), "PART_OF", _SYSTEMS + _WORK + ("Organization",)),
    (_CODE_CHANGES + ("Decision", "Task"), "CHANGED", _SYSTEMS + ("Rule", "Decision")),
    (_BUSINESS, "CAUSED", ("Incident", "Observation", "Decision", "Task", "Issue")),
    (
        ("Decision", "Rule", "Document", "Goal"),
        "SUPERSEDES",
        ("Decision", "Rule", "Document", "Goal"),
    ),
    (
        ("Decision", "Task", "Rule", "Finding", "Goal"),
        "BASED_ON",
        _DOCS + ("Observation", "Metric", "Decision"),
    ),
    (_DOCS + ("Turn", "Finding", "Decision", "Task"), "MENTIONS", _BUSINESS),
    (
        ("Observation", "Metric"),
        "MEASURES",
        ("Metric",) + _SYSTEMS + ("Campaign", "Post", "Product", "Channel"),
    ),
    (("Document", "Meeting", "Email", "Message"), "HAS_CHUNK", ("Chunk",)),
    (("Chunk", "Message", "Comment", "Email"), "SAID_BY", ("Person", "Customer", "Vendor")),
    (("Person",), "ATTENDED", ("Meeting",)),
    (
        ("Decision",),
        "DECIDED_IN",
        ("Meeting", "PullRequest", "Issue", "Message", "Email", "Document"),
    ),
    (("Decision",), "MADE_BY", ("Person", "Team")),
    (
        ("Decision", "Finding", "Task"),
        "EVIDENCED_BY",
        ("Comment", "Review", "Chunk", "Message", "Email", "Observation"),
    ),
    (_CODE_CHANGES + ("Task",), "FIXES", ("Issue", "Incident", "Task")),
    (("Commit", "PullRequest"), "MODIFIES", ("File",)),
    (("File",), "IN_COMPONENT", ("Component",)),
    (
        ("Component", "Commit", "PullRequest", "Issue", "File", "Release", "Label"),
        "IN_REPO",
        ("Repository",),
    ),
    (
        ("Person",),
        "AUTHORED",
        ("Commit", "PullRequest", "Issue", "Comment", "Document", "Post", "Email", "Message"),
    ),
    (("Person",), "REVIEWED", ("PullRequest", "Review")),
    (("Review",), "REVIEW_OF", ("PullRequest",)),
    (("Comment",), "COMMENTED_ON", ("PullRequest", "Issue", "Commit")),
    (("Issue", "PullRequest"), "LABELED", ("Label",)),
    (("Turn", "Finding", "Card", "Answer"), "CITES", _BUSINESS),
    (("Turn", "Finding", "Card", "Note", "Document", "Meeting", "Task"), "ABOUT", _BUSINESS),
    (("Finding",), "PART_OF", ("Turn",)),
    (("Feedback",), "ABOUT", ("Turn",)),
    (("Version",), "VERSION_OF", tuple(sorted(VERSIONED_TYPES))),
    (
        ("Campaign", "Post", "Email"),
        "TARGETS",
        ("Customer", "Product", "Page", "Channel", "Organization"),
    ),
    (("Post", "Asset"), "PART_OF", ("Campaign", "Channel")),
    (("Email", "Message"), "SENT_TO", _PEOPLE + ("Channel",)),
    (("Asset",), "DERIVED_FROM", ("Asset",)),
    (("Issue", "Deal", "Task", "Incident", "PullRequest"), "ASSIGNED_TO", ("Person", "Team")),
    (("Turn", "Finding"), "PROPOSED", ("Card",)),
    (_SYSTEMS + _PEOPLE, "USES", ("Tool", "Account", "Service", "Vendor")),
    (("Release",), "PART_OF", ("Product", "Service", "Repository")),
    (("Release", "Commit", "PullRequest"), "CAUSED", ("Incident", "Observation")),
)

ALLOWED_PATTERNS: frozenset[tuple[str, str, str]] = frozenset(
    (f, rel, t) for froms, rel, tos in _PATTERN_TABLE for f in froms for t in tos
)


# --- one-holder relationships -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OneHolderRule:
    """A slot that holds one edge at a time: ``key`` names the end that owns the slot."""

    rel: str
    key: Literal["from", "to"]
    why: str
    from_type: str | None = None
    to_type: str | None = None


ONE_HOLDER_RULES: tuple[OneHolderRule, ...] = (
    OneHolderRule("OWNS", "to", "a task has one current owner", to_type="Task"),
    OneHolderRule("OWNS", "to", "an incident has one current owner", to_type="Incident"),
    OneHolderRule("SUPERSEDES", "to", "a decision is superseded by at most one successor"),
    OneHolderRule("DERIVED_FROM", "from", "an asset has one parent", from_type="Asset"),
    OneHolderRule("ASSIGNED_TO", "from", "an issue or deal has one current assignee"),
    OneHolderRule("VERSION_OF", "from", "a version belongs to one node"),
    OneHolderRule("MEASURES", "from", "a reading measures one metric", from_type="Observation"),
)


def one_holder_rule(from_type: str, rel: str, to_type: str) -> OneHolderRule | None:
    """The one-holder rule that governs an edge of this pattern, if any."""
    for rule in ONE_HOLDER_RULES:
        if rule.rel != rel:
            continue
        if rule.from_type is not None and rule.from_type != from_type:
            continue
        if rule.to_type is not None and rule.to_type != to_type:
            continue
        return rule
    return None


# --- bookkeeping on every edge ------------------------------------------------------------
#: Properties the write path owns; a fact may not set them as free properties.
EDGE_META_PROPS: tuple[str, ...] = (
    "since",  # valid time: true from (epoch ms)
    "until",  # valid time: true until (epoch ms, exclusive); null = still true
    "untilStated",  # the end a source stated, before a later holder cut it short
    "recordedAt",  # record time: when we learned it
    "retiredAt",  # record time: when we learned it had stopped
    "src",  # where the fact came from
    "asOf",  # the date of the source's knowledge (epoch ms)
    "endSrc",  # the source that stated the end
    "endAsOf",  # the date of the source that stated the end
    "closedCost",  # path cost: OPEN_COST, or CLOSED_COST once closed
    "closeReason",  # why it closed: stated, next holder, lost a tie
    "lost",  # true for a holder that lost an equal-since tie (never current)
)
NODE_META_PROPS: tuple[str, ...] = (
    "id",
    "type",
    "src",
    "asOf",
    "firstAsOf",
    "recordedAt",
    "updatedAt",
    "aliases",
    "nameKey",
    "embedding",
    "contextEmbedding",
    "textHash",
    "contextHash",
)

OPEN_COST = 1
#: A closed edge costs this much; path searches set maxCost just below it.
CLOSED_COST = 1_000_000

#: The longest an id, a name or a free text property may be (characters).
MAX_ID_CHARS = 512
MAX_TEXT_CHARS = 100_000
#: The most items one list property may hold: more is a table, and belongs in nodes.
MAX_LIST_ITEMS = 1_000


def describe() -> dict[str, int]:
    """Schema sizes, for the stats screen and the docs."""
    return {
        "node_types": len(NODE_TYPES),
        "searchable_types": len(SEARCHABLE_TYPES),
        "relationship_types": len(REL_TYPES),
        "allowed_patterns": len(ALLOWED_PATTERNS),
        "one_holder_rules": len(ONE_HOLDER_RULES),
        "edge_meta_props": len(EDGE_META_PROPS),
    }
