"""The team, as data: who each desk is, what it reads first, which tools it may use, and
who reviews its work.

The Chief plans and writes the answer; working desks read the brain and write Findings;
reviewing desks check Findings (numbers, claims, voice, technical work). A desk only ever
sees its own tools. Model mode gives the Chief the roster and lets it choose (``route``
by ``keywords`` when it cannot); rules mode plans from what the question asks
(``agents.desks``). A new desk is one entry here, and its rules-mode work if it has any.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Desk:
    """One specialist desk."""

    name: str
    title: str
    role: str
    reads_first: str
    tools: tuple[str, ...]
    reviewers: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    reviews: str | None = None  # what a reviewing desk checks, if it reviews


_READ = ("search", "lookup", "neighbours", "around")
#: The repository brain's tools (experts, triage, decisions, history).
_REPO = (
    "experts_for",
    "triage_candidates",
    "decision_trail",
    "area_history",
    "related_work",
    "catch_up",
)

ROSTER: dict[str, Desk] = {
    d.name: d
    for d in (
        Desk(
            "chief",
            "The Chief",
            "plans the work, picks desks, writes the answer from Findings",
            "earlier turns and open cards on the same things",
            (*_READ, "passages", "path"),
            (),
        ),
        Desk(
            "data",
            "Data Detective",
            "finds what moved in the numbers and why",
            "the metric's readings, then what it measures and what changed nearby",
            (
                *_READ,
                "readings",
                "period",
                "series",
                "dated_near",
                "calc",
                "history",
                "path",
                "measured_totals",
                "cypher",
            ),
            ("numbers", "facts"),
            (
                "drop",
                "fell",
                "rise",
                "rose",
                "spike",
                "metric",
                "orders",
                "revenue",
                "trend",
                "numbers",
                "conversion",
            ),
        ),
        Desk(
            "growth",
            "Growth Hacker",
            "ads and campaigns: spend, sign-ups, cost per sign-up",
            "campaigns, their spend and sign-up readings, and what they target",
            (*_READ, "readings", "period", "calc", "rank", "measured_totals", "cypher"),
            ("numbers", "facts"),
            ("campaign", "ads", "ad ", "spend", "sign-up", "signup", "cost per", "cac", "budget"),
        ),
        Desk(
            "content",
            "Miss Influencer",
            "content and social: posts, reach, the calendar",
            "posts, channels, content decisions and their readings",
            (*_READ, "readings", "history"),
            ("voice", "facts"),
            (
                "post",
                "posts",
                "stories",
                "story",
                "reel",
                "instagram",
                "content",
                "social",
                "caption",
            ),
        ),
        Desk(
            "tech",
            "Techie",
            "the website, services, integrations and their dependencies",
            "services, steps, accounts and tools, and what depends on them",
            (*_READ, "what_breaks", "owner", "path", "measured_totals", "cypher", *_REPO),
            ("qa",),
            (
                "breaks",
                "break",
                "token",
                "expire",
                "expires",
                "integration",
                "website",
                "site",
                "checkout",
                "api",
                "depends",
                "down",
                "outage",
            ),
        ),
        Desk(
            "incident",
            "Firefighter",
            "incidents: what broke, since when, who is on it",
            "open incidents, the releases that caused them, and their fix tasks",
            (*_READ, "what_breaks", "history", "owner", "path", "series", "dated_near"),
            ("qa", "facts"),
            (
                "incident",
                "failing",
                "failure",
                "error",
                "broke",
                "broken",
                "outage",
                "release",
                "drop",
            ),
        ),
        Desk(
            "qa",
            "Bug Hunter",
            "reviews technical findings for wrong or missing links",
            "the nodes the finding cites and their current relationships",
            ("lookup", "neighbours", "path"),
            reviews="technical claims against the graph",
        ),
        Desk(
            "memory",
            "Memory Keeper",
            "decisions, notes and what the team already knows",
            "decisions, rules, documents, and what superseded them",
            (*_READ, "history", "passages", "path", "minutes", "action_items", "owner"),
            ("facts",),
            (
                "decide",
                "decided",
                "decision",
                "why did we",
                "stop",
                "stopped",
                "pause",
                "paused",
                "remember",
                "note",
                "policy",
                "rule",
            ),
        ),
        Desk(
            "writer",
            "Wordsmith",
            "reviews drafts for the business's voice",
            "the rules and earlier posts in the same voice",
            ("search", "lookup"),
            reviews="voice and clarity",
        ),
        Desk(
            "facts",
            "Fact Checker",
            "reviews claims against what the tools returned",
            "the cited nodes",
            ("lookup", "neighbours"),
            reviews="claims and citations",
        ),
        Desk(
            "numbers",
            "Number Cruncher",
            "reviews every figure against the tools' data",
            "the readings behind each number",
            ("readings", "lookup", "calc"),
            reviews="numbers, totals and ratios",
        ),
        Desk(
            "sales",
            "Deal Closer",
            "deals, customers and what was promised to whom",
            "customers, deals and the e-mails about them",
            (*_READ, "history"),
            ("facts",),
            ("deal", "customer", "client", "quote", "promise", "promised", "sales", "wholesale"),
        ),
        Desk(
            "tasks",
            "Taskmaster",
            "tasks, owners and follow-ups",
            "tasks, their owners over time, and what blocks them",
            (*_READ, "owner", "history", "what_breaks", "action_items"),
            ("facts",),
            (
                "owner",
                "owned",
                "owns",
                "who",
                "task",
                "assigned",
                "follow-up",
                "follow up",
                "blocked",
                "deadline",
            ),
        ),
    )
}

#: Reviewers one finding gets at most (the first of its desk's ``reviewers``).
MAX_REVIEWERS = 2


def reviewers_of(desk: str) -> tuple[str, ...]:
    """Who reviews a desk's finding: at most ``MAX_REVIEWERS``, in the roster's order."""
    return ROSTER[desk].reviewers[:MAX_REVIEWERS]


WORKING_DESKS = tuple(n for n, d in ROSTER.items() if d.reviews is None and n != "chief")
#: Desks a plan may use: 3 for an ordinary question, 5 for a "why did X drop" or a review.
ORDINARY_DESKS = 3
DEEP_DESKS = 5
DEEP_MARKERS = ("why did", "drop", "fell", "review of", "whole business", "everything", "overall")


def is_deep(question: str) -> bool:
    """Whether a question earns the larger plan (a "why did X drop", a full review)."""
    q = question.lower()
    return any(marker in q for marker in DEEP_MARKERS)


#: Which desk speaks first when keyword scores tie (the likeliest owner of the answer).
PRIORITY = ("memory", "data", "incident", "tasks", "tech", "growth", "sales", "content")


def route(question: str) -> list[str]:
    """Rules-mode plan: desks whose keyword hits reach half the best score, by depth cap."""
    q = f" {question.lower()} "
    scores = {name: sum(1 for k in ROSTER[name].keywords if k in q) for name in WORKING_DESKS}
    best = max(scores.values(), default=0)
    if best == 0:
        return ["memory"]
    deep = is_deep(question)
    # a deep question takes every desk with half the best score; an ordinary one, more than half
    ranked = sorted(
        (n for n, s in scores.items() if s > 0 and (s * 2 >= best if deep else s * 2 > best)),
        key=lambda n: (-scores[n], PRIORITY.index(n) if n in PRIORITY else 99),
    )
    return ranked[: DEEP_DESKS if deep else ORDINARY_DESKS]
