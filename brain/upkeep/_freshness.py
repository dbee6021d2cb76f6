"""Facts nobody has confirmed for a while: what the weekly digest asks the team about.

A fact's ``asOf`` is the date of the newest source that stated it; a replay of the same
source never moves it, and a person's "still true" does. A tenant says how long each
kind of fact may go unconfirmed (``settings freshness Task 30``: facts about a Task;
``settings freshness OWNS 60``: facts of that relationship; ``all`` for every fact),
and the digest lists the current facts whose ``asOf`` is older than that, oldest first.

A rule names a node type (either end of the fact is one) or a relationship type; when
several rules name a fact, the shortest window applies. The assistant's own records,
readings, versions and passages are bookkeeping, never "facts to confirm", and neither are
the links that hold a passage or a citation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from brain._tenant_graph import TenantGraph
from brain.schema import ASSISTANT_TYPES, ENTITY_TYPES, REL_TYPES

DAY_MS = 86_400_000
#: The word of a rule that names every fact.
ALL_FACTS = "all"
#: Types whose facts are never asked about (see the module doc).
SKIPPED_TYPES: tuple[str, ...] = (*sorted(ASSISTANT_TYPES), "Version", "Chunk", "Observation")
SKIPPED_RELS: tuple[str, ...] = ("CITES", "PROPOSED", "VERSION_OF", "HAS_CHUNK", "SAID_BY")


def freshness_rule(word: str) -> str | None:
    """The schema's own spelling of a freshness rule's type (``task`` -> ``Task``,
    ``owns`` -> ``OWNS``, ``all``), or None when it names no type of the schema."""
    low = word.strip().lower()
    if low == ALL_FACTS:
        return ALL_FACTS
    for name in (*ENTITY_TYPES, *REL_TYPES):
        if name.lower() == low:
            return None if name in SKIPPED_TYPES or name in SKIPPED_RELS else name
    return None


@dataclass(frozen=True, slots=True)
class UnconfirmedFact:
    """A current fact whose newest statement is older than its rule allows (ms moments)."""

    source: str
    source_name: str
    type: str
    target: str
    target_name: str
    since: int
    as_of: int
    src: str

    @property
    def text(self) -> str:
        """The fact as people read it: "Dana Reyes OWNS Invoice export"."""
        return f"{self.source_name} {self.type} {self.target_name}"


def _rules(rules: Mapping[str, Any], now_ms: int) -> list[dict[str, Any]]:
    """Each rule as the read takes it: the type it names and the moment before which a
    fact's statement is too old."""
    out: list[dict[str, Any]] = []
    for word, days in rules.items():
        name = freshness_rule(str(word))
        try:
            window = int(days)
        except (TypeError, ValueError):
            continue
        if name is None or window < 1:
            continue
        before = now_ms - window * DAY_MS
        out.append(
            {
                "rel": name if name in REL_TYPES else None,
                "type": name if name in ENTITY_TYPES else None,
                "before": before,
            }
        )
    return out


READ_UNCONFIRMED = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE e.since <= $now AND (e.until IS NULL OR e.until > $now) AND NOT coalesce(e.lost, false)
  AND NOT type(e) IN $skipRels AND NOT a.type IN $skipTypes AND NOT b.type IN $skipTypes
  AND any(r IN $rules WHERE e.asOf < r.before
          AND (r.rel IS NULL OR r.rel = type(e))
          AND (r.type IS NULL OR r.type = a.type OR r.type = b.type))
RETURN a.id, coalesce(a.name, a.id), type(e), b.id, coalesce(b.name, b.id), e.since, e.asOf,
       coalesce(e.src, '')
ORDER BY e.asOf ASC, a.id, b.id
LIMIT $limit
"""


async def unconfirmed_facts(
    graph: TenantGraph, rules: Mapping[str, Any], *, now_ms: int, limit: int
) -> list[UnconfirmedFact]:
    """The current facts no source has stated within their rule's days, oldest first.

    ``rules`` is the tenant's ``freshness`` setting: days by type (see the module doc);
    rules naming no type of the schema are ignored, and no rules list nothing."""
    read_rules = _rules(rules, now_ms)
    if not read_rules:
        return []
    params = {
        "now": now_ms,
        "rules": read_rules,
        "skipRels": list(SKIPPED_RELS),
        "skipTypes": list(SKIPPED_TYPES),
        "limit": limit,
    }
    res = await graph.read("unconfirmed facts", READ_UNCONFIRMED, params)
    return [
        UnconfirmedFact(str(a), str(an), str(rel), str(b), str(bn), int(since), int(as_of), str(s))
        for a, an, rel, b, bn, since, as_of, s in res.rows
    ]
