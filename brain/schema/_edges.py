"""The two-clock edge write: one Cypher statement that is idempotent and order-independent.

Every relationship lives in a *slot*. A one-holder relationship (a Task's OWNS) has one
slot per task, shared by every would-be owner; any other relationship has one slot per
(from, type, to). Inside a slot, every distinct ``since`` is its own edge, and the edges'
valid intervals are derived from the set of facts alone:

* an edge ends at the earlier of the end a source stated (``untilStated``) and the
  ``since`` of the next edge in the slot; so a new holder closes the old one in the same
  statement, and a late fact (older ``since``) is stored already closed;
* two holders with the same ``since``: the later ``asOf`` wins (ties go to the larger
  holder id), the other is kept, closed at once, with ``lost = true`` and a reason;
* a replay (same slot, holder and ``since``) changes nothing, not even a timestamp; a
  corroborating fact with a newer ``asOf`` takes over ``src``/``asOf``; a stated end with a
  newer ``asOf`` overrules an older stated end, never the other way round.

Because the result depends only on the set of facts, arrival order never changes the
final graph (the property tests check exactly that). Nothing is ever deleted: closing
sets ``until``, ``retiredAt``, ``closeReason`` and the ``closedCost`` that keeps the edge
out of current path searches.

Rows of one statement must touch distinct slots; ``plan_rounds`` splits a batch so.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, LiteralString

from brain.db import RawCypher, cypher_literal, cypher_string
from brain.schema._types import CLOSED_COST, OPEN_COST, one_holder_rule, rel_name

SlotMode = Literal["to", "from", "pair"]


@dataclass(frozen=True, slots=True)
class EdgeRow:
    """One gated edge fact, with moments as epoch milliseconds."""

    from_id: str
    rel: str
    to_id: str
    from_type: str
    to_type: str
    since: int
    until: int | None
    src: str
    as_of: int
    props: dict[str, Any] = field(default_factory=dict)
    recorded_at: int | None = None  # only when restoring an export
    retired_at: int | None = None
    end_src: str | None = None  # who stated the end, when restoring an export
    end_as_of: int | None = None

    @property
    def mode(self) -> SlotMode:
        """Which end owns the slot (or ``pair`` for an ordinary relationship)."""
        rule = one_holder_rule(self.from_type, self.rel, self.to_type)
        return "pair" if rule is None else rule.key

    @property
    def holder(self) -> str:
        """The end that competes for the slot."""
        return self.to_id if self.mode == "from" else self.from_id

    @property
    def slot_key(self) -> tuple[str, ...]:
        """Identity of the slot this fact lives in."""
        mode = self.mode
        if mode == "to":
            return (self.rel, "to", self.to_id)
        if mode == "from":
            return (self.rel, "from", self.from_id)
        return (self.rel, "pair", self.from_id, self.to_id)


def plan_rounds(rows: Sequence[EdgeRow]) -> list[dict[tuple[str, SlotMode], list[int]]]:
    """Split rows into rounds where each slot appears once, grouped by (rel, mode).

    Returns, per round, the row indexes for each statement to send. Rows of the same slot
    keep their input order across rounds (order does not matter for the result, but it
    keeps the counts the user sees intuitive).
    """
    rounds: list[dict[tuple[str, SlotMode], list[int]]] = []
    seen_in_round: list[set[tuple[str, ...]]] = []
    depth: dict[tuple[str, ...], int] = {}
    for i, row in enumerate(rows):
        key = row.slot_key
        level = depth.get(key, 0)
        depth[key] = level + 1
        while len(rounds) <= level:
            rounds.append({})
            seen_in_round.append(set())
        seen_in_round[level].add(key)
        rounds[level].setdefault((row.rel, row.mode), []).append(i)
    return rounds


# The statement. {REL} and {SLOT} are filled from the schema tables only (checked in
# `edge_statement`); every value is a parameter. Helpers in the comments:
#   min2(x, y) = the smaller, treating null as "no bound".
_WRITE_EDGES = """
UNWIND $rows AS row
MATCH (a:Entity {id: row.from})
MATCH (b:Entity {id: row.to})
{SLOT}
WITH row, a, b, collect(CASE WHEN e IS NULL THEN NULL ELSE
    {e: e, h: h, since: e.since, lost: coalesce(e.lost, false), asOf: e.asOf} END) AS slot
WITH row, a, b,
  [s IN slot WHERE s.since = row.since AND s.h = row.holder][0] AS mine,
  [s IN slot WHERE s.since = row.since AND s.h <> row.holder AND NOT s.lost][0] AS rival,
  reduce(p = NULL, s IN slot | CASE WHEN NOT s.lost AND s.since < row.since
      AND (p IS NULL OR s.since > p.since) THEN s ELSE p END) AS prev,
  reduce(n = NULL, s IN slot | CASE WHEN NOT s.lost AND s.since > row.since
      AND (n IS NULL OR s.since < n.since) THEN s ELSE n END) AS next
WITH row, a, b, mine.e AS me, rival.e AS rv, rival.h AS rvh, prev.e AS pe, next.since AS nextSince
WITH row, a, b, me, rv, rvh, pe, nextSince,
  me IS NOT NULL AND (row.asOf > me.asOf OR (row.asOf = me.asOf AND row.src > me.src)) AS newer,
  me IS NOT NULL AND row.until IS NOT NULL AND (me.untilStated IS NULL OR row.endAsOf > me.endAsOf
      OR (row.endAsOf = me.endAsOf AND row.until < me.untilStated)
      OR (row.endAsOf = me.endAsOf AND row.until = me.untilStated AND row.endSrc > me.endSrc))
      AS endNewer,
  rv IS NOT NULL AND (row.asOf > rv.asOf OR (row.asOf = rv.asOf AND row.holder > rvh)) AS beatsRival
WITH row, a, b, me, rv, rvh, pe, nextSince, newer, endNewer, beatsRival,
  CASE WHEN endNewer THEN row.until ELSE me.untilStated END AS meStated,
  CASE WHEN newer THEN row.asOf ELSE me.asOf END AS meAsOf
WITH row, a, b, me, rv, pe, nextSince, newer, endNewer, beatsRival, meStated,
  me IS NOT NULL AND coalesce(me.lost, false) AND rv IS NOT NULL
      AND (meAsOf > rv.asOf OR (meAsOf = rv.asOf AND row.holder > rvh)) AS meWins
WITH row, a, b, me, rv, pe, nextSince, newer, endNewer, beatsRival, meWins, meStated,
  me.until AS meOldUntil,
  CASE WHEN me IS NOT NULL AND coalesce(me.lost, false) AND NOT meWins THEN me.since
       WHEN meStated IS NULL THEN nextSince WHEN nextSince IS NULL THEN meStated
       WHEN meStated < nextSince THEN meStated ELSE nextSince END AS meUntil,
  CASE WHEN rv IS NOT NULL AND NOT beatsRival THEN row.since
       WHEN row.until IS NULL THEN nextSince WHEN nextSince IS NULL THEN row.until
       WHEN row.until < nextSince THEN row.until ELSE nextSince END AS newUntil,
  me IS NULL AND rv IS NULL AND pe IS NOT NULL
      AND (pe.until IS NULL OR pe.until > row.since) AS cutPrev
// 1. a fact about an edge we already hold: corroborate, restate its end, or win a tie
FOREACH (x IN CASE WHEN newer THEN [me] ELSE [] END |
  SET x.asOf = row.asOf, x.src = row.src, x += row.props)
FOREACH (x IN CASE WHEN endNewer THEN [me] ELSE [] END |
  SET x.untilStated = row.until, x.endSrc = row.endSrc, x.endAsOf = row.endAsOf)
// (one map replace, not five SETs: FalkorDB 4.16 removes the wrong properties when one
// statement sets several of an entity's properties to null, FalkorDB issue #1787)
FOREACH (x IN CASE WHEN me IS NOT NULL AND (endNewer OR meWins) THEN [me] ELSE [] END |
  SET x = x {.*,
      lost: CASE WHEN meWins THEN false ELSE x.lost END,
      retiredAt: CASE WHEN meUntil IS NULL THEN NULL ELSE coalesce(x.retiredAt, $now) END,
      closedCost: CASE WHEN meUntil IS NULL THEN $openCost ELSE $closedCost END,
      closeReason: CASE WHEN meUntil IS NULL THEN NULL
          WHEN coalesce(x.lost, false) AND NOT meWins
              THEN 'lost a tie: a newer source named another holder'
          WHEN meUntil = meStated THEN 'stated' ELSE 'next holder' END,
      until: meUntil})
// 2. a new edge: a tie lost at birth, or a holder that cuts the one before it short
FOREACH (x IN CASE WHEN (me IS NULL AND beatsRival) OR meWins THEN [rv] ELSE [] END |
  SET x.lost = true, x.until = x.since, x.retiredAt = coalesce(x.retiredAt, $now),
      x.closedCost = $closedCost, x.closeReason = 'lost a tie: a newer source named another holder')
FOREACH (x IN CASE WHEN cutPrev THEN [pe] ELSE [] END |
  SET x.until = row.since, x.retiredAt = coalesce(x.retiredAt, $now),
      x.closedCost = $closedCost, x.closeReason = 'next holder')
FOREACH (_ IN CASE WHEN me IS NULL THEN [1] ELSE [] END |
  CREATE (a)-[r:{REL}]->(b)
  SET r += row.props, r.since = row.since, r.until = newUntil, r.untilStated = row.until,
      r.src = row.src, r.asOf = row.asOf,
      r.endSrc = CASE WHEN row.until IS NULL THEN NULL ELSE row.endSrc END,
      r.endAsOf = CASE WHEN row.until IS NULL THEN NULL ELSE row.endAsOf END,
      r.recordedAt = coalesce(row.recordedAt, $now),
      r.retiredAt = CASE WHEN newUntil IS NULL THEN NULL ELSE coalesce(row.retiredAt, $now) END,
      r.closedCost = CASE WHEN newUntil IS NULL THEN $openCost ELSE $closedCost END,
      r.closeReason = CASE WHEN newUntil IS NULL THEN NULL
          WHEN rv IS NOT NULL AND NOT beatsRival
              THEN 'lost a tie: a newer source named another holder'
          WHEN newUntil = row.until THEN 'stated' ELSE 'next holder' END,
      r.lost = rv IS NOT NULL AND NOT beatsRival)
// counted here, not returned per row: parsing one result row per fact cost as much as
// the statement itself
WITH
  CASE WHEN me IS NULL THEN 'created'
       WHEN endNewer AND meOldUntil IS NULL AND meUntil IS NOT NULL THEN 'closed'
       WHEN newer OR meWins THEN 'updated'
       ELSE 'unchanged' END AS outcome,
  CASE WHEN cutPrev OR (me IS NULL AND beatsRival) OR meWins THEN 1 ELSE 0 END AS closedOthers
RETURN outcome, count(*) AS facts, sum(closedOthers) AS closedOthers
"""

# The same write for rows whose slot is known to be empty (the first fact of a batch about
# a slot whose owning end the batch just created): no edge to compare with, so the
# statement only creates, with the values the full statement gives a new edge in an empty
# slot. A first load of a history is nearly all such rows; this statement costs the
# server a fraction of the full one.
_CREATE_EDGES = """
UNWIND $rows AS row
MATCH (a:Entity {id: row.from})
MATCH (b:Entity {id: row.to})
CREATE (a)-[r:{REL}]->(b)
SET r += row.props, r.since = row.since, r.until = row.until, r.untilStated = row.until,
    r.src = row.src, r.asOf = row.asOf,
    r.endSrc = CASE WHEN row.until IS NULL THEN NULL ELSE row.endSrc END,
    r.endAsOf = CASE WHEN row.until IS NULL THEN NULL ELSE row.endAsOf END,
    r.recordedAt = coalesce(row.recordedAt, $now),
    r.retiredAt = CASE WHEN row.until IS NULL THEN NULL ELSE coalesce(row.retiredAt, $now) END,
    r.closedCost = CASE WHEN row.until IS NULL THEN $openCost ELSE $closedCost END,
    r.closeReason = CASE WHEN row.until IS NULL THEN NULL ELSE 'stated' END,
    r.lost = false
RETURN 'created' AS outcome, count(r) AS facts, 0 AS closedOthers
"""

_SLOT_MATCH: dict[SlotMode, LiteralString] = {
    "to": "OPTIONAL MATCH (x:Entity)-[e:{REL}]->(b)\nWITH row, a, b, e, x.id AS h",
    "from": "OPTIONAL MATCH (a)-[e:{REL}]->(y:Entity)\nWITH row, a, b, e, y.id AS h",
    "pair": "OPTIONAL MATCH (a)-[e:{REL}]->(b)\nWITH row, a, b, e, row.holder AS h",
}

_STATEMENTS: dict[tuple[str, SlotMode | None], LiteralString] = {}


def edge_statement(rel: str, mode: SlotMode, *, empty_slots: bool = False) -> LiteralString:
    """The write statement for one relationship type and slot mode (built once, cached).

    ``empty_slots``: the create-only statement, for rows whose slots hold no edge yet.
    Raises ``ValueError`` for a type outside the schema; the type in the text is the
    schema's own literal, so the statement is a ``LiteralString``.
    """
    name = rel_name(rel)
    key = (name, None if empty_slots else mode)
    if key not in _STATEMENTS:
        if empty_slots:
            _STATEMENTS[key] = _CREATE_EDGES.replace("{REL}", name)
        else:
            slot = _SLOT_MATCH[mode].replace("{REL}", name)
            _STATEMENTS[key] = _WRITE_EDGES.replace("{SLOT}", slot).replace("{REL}", name)
    return _STATEMENTS[key]


def slot_is_new(row: EdgeRow, mode: SlotMode, new_ids: Container[str]) -> bool:
    """Whether no edge can sit in ``row``'s slot yet: the end that owns it was just created.

    Only for the first fact of a batch about that slot, written while the batch holds the
    tenant's write lock (nobody else can have linked the new node meanwhile).
    """
    if mode == "to":
        return row.to_id in new_ids
    if mode == "from":
        return row.from_id in new_ids
    return row.from_id in new_ids or row.to_id in new_ids


def _nullable(value: int | None) -> str:
    return "null" if value is None else str(value)


def _rows_literal(rows: Iterable[EdgeRow], mode: SlotMode) -> RawCypher:
    """The statement's rows as one Cypher list, formatted row by row in one f-string.

    A batch of 5,000 edges through the generic formatter cost a Python call per value;
    this is a few string operations per row.
    """
    q = cypher_string
    parts: list[str] = []
    for r in rows:
        holder = r.to_id if mode == "from" else r.from_id
        end_as_of = r.as_of if r.end_as_of is None else r.end_as_of
        props = cypher_literal(r.props) if r.props else "{}"
        parts.append(
            f"{{`from`:{q(r.from_id)},`to`:{q(r.to_id)},holder:{q(holder)},since:{r.since},"
            f"until:{_nullable(r.until)},src:{q(r.src)},asOf:{r.as_of},props:{props},"
            f"recordedAt:{_nullable(r.recorded_at)},retiredAt:{_nullable(r.retired_at)},"
            f"endSrc:{q(r.end_src or r.src)},endAsOf:{end_as_of}}}"
        )
    return RawCypher("[" + ",".join(parts) + "]")


def statement_params(rows: Iterable[EdgeRow], mode: SlotMode, now: int) -> dict[str, Any]:
    """Parameters for one statement of ``mode``: the rows and the constants."""
    return {
        "now": now,
        "openCost": OPEN_COST,
        "closedCost": CLOSED_COST,
        "rows": _rows_literal(rows, mode),
    }
