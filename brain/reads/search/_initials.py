"""Initialisms: "OTD" for On-time delivery, "NPS" for Net promoter score, "TSA" for the
Textile Services Association.

People write the things they talk about every day by their initials, and no word search
finds "OTIF" in "On-time in-full deliveries". So the names of the things a question can be
about (not people, documents or messages) are read once per write of the tenant, each
name's initials kept (every word's first letter, and again without its small words:
"Pieces per operator hour" is PPOH and POH), and a word of the question that is a name's
initials, or their start short of its last word ("OTIF" of "On-time in-full deliveries"),
names that thing. A word that is itself a word of some name ("ops", "key") is a word, not
initials; a two-letter one counts only written in capitals ("HR", not "hr"), and so does a
function word ("DO" for dissolved oxygen). A name of three words or more also goes by the
initials of its last two ("Packaged dissolved oxygen": DO).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from brain._tenant_graph import TenantGraph
from brain.reads._cache import cached
from brain.reads._fulltext import STOPWORDS

#: Types a question names by initials: what a business talks about, not who or which paper.
NAMED_TYPES = (
    "Team",
    "Organization",
    "Customer",
    "Vendor",
    "Product",
    "Service",
    "Tool",
    "Account",
    "Page",
    "Step",
    "Release",
    "Incident",
    "Channel",
    "Campaign",
    "Deal",
    "Goal",
    "Metric",
    "Task",
    "Repository",
    "Component",
)
#: Names read at most (a tenant with more things of these types keeps the first).
MAX_NAMES = 20_000
#: Small words a name's initials are also read without.
_SMALL_TEXT = "a an and at by for from in into of on or per the to with vs & +"
SMALL_WORDS = frozenset(_SMALL_TEXT.split())
#: Letters of an initialism, at least and at most.
MIN_LETTERS, MAX_LETTERS = 2, 6

READ_NAMES = """
MATCH (n:Searchable)
WHERE n.type IN $types AND n.name IS NOT NULL
RETURN n.id, n.name
LIMIT $limit
"""

_WORD = re.compile(r"[^\W_]+")
_BRACKETS = re.compile(r"\([^)]*\)")
_TOKEN = re.compile(r"(?<![\w-])([A-Za-z]{2,7})(?![\w-])")


@dataclass(frozen=True, slots=True)
class Initials:
    """A tenant's names by their initials, and every word its names are made of."""

    by_initials: dict[str, tuple[str, ...]]
    name_words: frozenset[str]


def initials_of(name: str) -> set[str]:
    """The initialisms a name goes by: all its words' first letters, the same without its
    small words, and the start of either that leaves out only the last word (three
    letters or more)."""
    words = [w.lower() for w in _WORD.findall(_BRACKETS.sub(" ", name))]
    if len(words) < 2:
        return set()
    found: set[str] = set()
    for kept in (words, [w for w in words if w not in SMALL_WORDS]):
        letters = "".join(w[0] for w in kept)
        if len(kept) >= 2 and MIN_LETTERS <= len(letters) <= MAX_LETTERS:
            found.add(letters)
        if len(kept) >= 4 and MIN_LETTERS + 1 <= len(letters) - 1 <= MAX_LETTERS:
            found.add(letters[:-1])
        if len(kept) >= 3:
            # its last two words, the thing a modifier qualifies: "DO" of "Packaged
            # dissolved oxygen" (two letters: matched only written in capitals)
            found.add(letters[-2:])
    return found


async def _read(graph: TenantGraph) -> Initials:
    res = await graph.read(
        "names for initials", READ_NAMES, {"types": list(NAMED_TYPES), "limit": MAX_NAMES}
    )
    by: dict[str, list[str]] = {}
    vocabulary: set[str] = set()
    for node_id, name in res.rows:
        text = str(name)
        # a word a name writes in capitals is an initialism itself ("QA lab (DO, seams)")
        vocabulary |= {w.lower() for w in _WORD.findall(text) if not w.isupper()}
        for letters in initials_of(text):
            by.setdefault(letters, []).append(str(node_id))
    return Initials({k: tuple(v) for k, v in by.items()}, frozenset(vocabulary))


async def tenant_initials(graph: TenantGraph) -> Initials:
    """The tenant's names by initials, as of its last write (cached until the next)."""
    value, _ = await cached(graph, "initials", (), lambda: _read(graph))
    return value


def initialisms_in(text: str, known: Initials) -> dict[str, tuple[str, ...]]:
    """The words of ``text`` that are initials of names: word (as written) -> node ids."""
    found: dict[str, tuple[str, ...]] = {}
    for m in _TOKEN.finditer(text):
        raw = m.group(1)
        word = raw.lower()
        # a function word in capitals, in a question not written in capitals, is initials
        # ("why did DO go through the roof")
        # (a name's "do" is a function word there too, never a name's own word)
        shouted = raw.isupper() and not text.isupper() and word in STOPWORDS
        if not shouted and (word in STOPWORDS or word in known.name_words):
            continue
        if len(word) == MIN_LETTERS and not raw.isupper():
            continue
        ids = known.by_initials.get(word)
        if ids is None and len(word) > MIN_LETTERS + 1 and word.endswith("s"):
            ids = known.by_initials.get(word[:-1])  # "OTIFs"
        if ids:
            found[raw] = ids
    return found


def spelled(text: str, names: dict[str, Any]) -> str:
    """``text`` with each initialism followed by the names it stands for: "avg OTIF last
    week" -> "avg OTIF (On-time in-full deliveries) last week"."""
    out = text
    for raw, full in names.items():
        if f"{raw} ({full})".lower() in out.lower():
            continue  # spelled out already
        out = re.sub(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", f"{raw} ({full})", out, count=1)
    return out
