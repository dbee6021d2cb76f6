"""Node writes: create, update with a Version kept, and resolve duplicates on the way in.

Node facts are classified in Python against what the graph already holds (one read for
the whole batch), then written with one ``UNWIND`` statement per node type and action:

* a new id is created with its type label, ``Entity``, and ``Searchable`` when search may
  return it; a new Person, Organization or Product that matches an existing one by
  normalised name or e-mail becomes an alias of that node instead of a duplicate;
* a newer fact that changes a node updates it; for Tasks, Decisions, Goals and Documents the old
  state is first kept as a Version node one hop away (``VERSION_OF``);
* an older fact never overrules a newer one: for versioned types it is kept as a Version,
  otherwise it changes nothing;
* readings (Observation) are never overwritten: a different value under the same id is
  refused.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal, LiteralString

from brain._moments import format_moment
from brain.schema._gate import NodeRow
from brain.schema._types import (
    ASSISTANT_TYPES,
    RESOLVED_TYPES,
    SEARCHABLE_TYPES,
    VERSIONED_TYPES,
    label_name,
)

Action = Literal["create", "update", "version", "unchanged", "refused", "alias"]

_ORG_SUFFIXES = re.compile(r"\b(inc|ltd|llc|gmbh|pvt|private|limited|co|corp|corporation)\b")
#: Anything that is not a letter or digit of some script (Unicode-aware \w, minus "_").
_NON_WORD = re.compile(r"[\W_]+")


def _fold_latin_accents(text: str) -> str:
    """Drop the accents of Latin letters only ("José" -> "Jose"), as people type names
    both ways; marks of other scripts are letters' parts there and are kept."""
    out: list[str] = []
    latin_base = False
    for ch in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(ch):
            if not latin_base:
                out.append(ch)
            continue
        latin_base = ch.isascii() or unicodedata.name(ch, "").startswith("LATIN")
        out.append(ch)
    return unicodedata.normalize("NFKC", "".join(out))


def name_key(name: str, node_type: str) -> str:
    """Normalised name used to recognise the same person, company or product.

    NFKC and casefold, every script's letters kept ("Дмитрий Smith" and "Алексей Smith"
    stay two people), accents of Latin letters folded, punctuation and spacing collapsed.
    """
    text = _fold_latin_accents(name).casefold()
    if node_type == "Organization":
        text = _ORG_SUFFIXES.sub(" ", text)
    return _NON_WORD.sub(" ", text).strip()


@dataclass(slots=True)
class ExistingNode:
    """What the graph holds for an id, enough to classify a new fact about it."""

    id: str
    type: str
    src: str
    as_of: int
    props: dict[str, Any]


@dataclass(slots=True)
class NodePlan:
    """The classified batch: what to send, and what to tell the user."""

    creates: dict[str, list[NodeRow]] = field(default_factory=dict)
    updates: list[tuple[NodeRow, ExistingNode]] = field(default_factory=list)
    versions: list[NodeRow] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)  # incoming id -> existing id
    actions: list[tuple[Action, str]] = field(default_factory=list)  # per row: action, reason


def _differs(row: NodeRow, existing: ExistingNode) -> bool:
    return any(existing.props.get(k) != v for k, v in row.props.items())


def resolution_keys(row: NodeRow) -> list[str]:
    """Keys that identify the same person, company or product: e-mail and normalised name.

    Only those types are resolved: two commits or tasks with the same name are different
    things, and must never be merged.
    """
    keys: list[str] = []
    if row.type not in RESOLVED_TYPES:
        return keys
    email = row.props.get("email")
    if isinstance(email, str) and "@" in email:
        keys.append("email:" + email.strip().lower())
    name = row.props.get("name")
    if isinstance(name, str) and name_key(name, row.type):
        keys.append(f"name:{row.type}:{name_key(name, row.type)}")
    return keys


def with_resolution_props(row: NodeRow) -> NodeRow:
    """Add the normalised name (and lower-cased e-mail) that entity resolution reads."""
    if row.type not in RESOLVED_TYPES:
        return row
    props = dict(row.props)
    name = props.get("name")
    if isinstance(name, str):
        props["nameKey"] = name_key(name, row.type)
    email = props.get("email")
    if isinstance(email, str):
        props["email"] = email.strip().lower()
    return NodeRow(
        row.id,
        row.type,
        row.src,
        row.as_of,
        props,
        row.recorded_at,
        row.updated_at,
        row.first_as_of,
    )


def plan_nodes(
    rows: list[NodeRow], existing: dict[str, ExistingNode], matches: dict[str, str]
) -> NodePlan:
    """Classify node facts (in order) against the graph.

    ``matches`` maps a resolution key (``email:..`` / ``name:Type:..``) to the id of an
    existing node that carries it. Rows about the same id are applied in order, each
    seeing the effect of the ones before it.
    """
    plan = NodePlan()
    state = dict(existing)
    pending_keys: dict[str, str] = {}
    for row in rows:
        row = with_resolution_props(row)
        current = state.get(row.id)
        if current is None and row.id in plan.aliases:
            current = state.get(plan.aliases[row.id])
        if current is None:
            target = next(
                (
                    matches.get(k) or pending_keys.get(k)
                    for k in resolution_keys(row)
                    if matches.get(k) or pending_keys.get(k)
                ),
                None,
            )
            if target is not None and target != row.id:
                plan.aliases[row.id] = target
                plan.actions.append(("alias", f"same as existing {target!r}"))
                continue
            plan.creates.setdefault(row.type, []).append(row)
            state[row.id] = ExistingNode(row.id, row.type, row.src, row.as_of, dict(row.props))
            for key in resolution_keys(row):
                pending_keys.setdefault(key, row.id)
            plan.actions.append(("create", ""))
            continue
        if current.type != row.type:
            plan.actions.append(
                (
                    "refused",
                    f"node {row.id!r} is a {current.type}; a fact cannot make it a {row.type}",
                )
            )
            continue
        if row.type in ASSISTANT_TYPES:
            # a turn, finding or card is written once; its state (a card's decision) moves
            # only through compare-and-set, so no batch can re-arm a decided card
            if _differs(row, current):
                plan.actions.append(
                    (
                        "refused",
                        f"{row.type} {row.id!r} already exists; the brain's own records are "
                        "never rewritten by a batch of facts",
                    )
                )
            else:
                plan.actions.append(("unchanged", ""))
            continue
        if row.type == "Observation":
            if current.props.get("value") != row.props.get("value"):
                plan.actions.append(
                    (
                        "refused",
                        f"reading {row.id!r} already holds value {current.props.get('value')!r}; "
                        "readings are never overwritten: give the new reading its own id",
                    )
                )
            else:
                plan.actions.append(("unchanged", ""))
            continue
        newer = (row.as_of, row.src) > (current.as_of, current.src)
        if not _differs(row, current):
            plan.actions.append(("unchanged", ""))
            continue
        if newer:
            plan.updates.append((row, current))
            state[row.id] = ExistingNode(
                current.id, current.type, row.src, row.as_of, {**current.props, **row.props}
            )
            plan.actions.append(("update", ""))
        elif row.type in VERSIONED_TYPES and version_id(row.id, row.as_of) not in state:
            plan.versions.append(row)
            state[version_id(row.id, row.as_of)] = ExistingNode(
                version_id(row.id, row.as_of), "Version", row.src, row.as_of, {}
            )
            plan.actions.append(("version", "older than what we hold: kept as a version"))
        else:
            plan.actions.append(("unchanged", "older than what we hold"))
    return plan


def labels_for(node_type: str) -> LiteralString:
    """The label string for a type: its own label, plus Searchable where search may return it.

    Raises ``ValueError`` for a type outside the schema.
    """
    label = label_name(node_type)
    return f"{label}:Searchable" if node_type in SEARCHABLE_TYPES else label


# All labels go in the MERGE pattern itself: FalkorDB 4.16 drops some nodes from label
# checks (WHERE n:Searchable) when labels are added with SET in big batches, though
# labels(n) still lists them. The ids were checked to be new; if another writer (another
# process) created one since, ON MATCH applies this fact only if it is newer, compared in
# this statement, so the winner never depends on which writer came second. The
# assistant's own records (ASSISTANT_TYPES) are never changed this way: a card's state
# moves only through its decision.
_CREATE_NODES = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Entity {id: row.id})
WITH row, old IS NULL AS fresh,
  old IS NOT NULL AND NOT $owned AND (row.asOf > old.asOf OR (row.asOf = old.asOf
      AND row.src > old.src)) AS newer
MERGE (n:Entity:{LABELS} {id: row.id})
ON CREATE SET n += row.props, n.type = $type, n.src = row.src, n.asOf = row.asOf,
    n.recordedAt = coalesce(row.recordedAt, $now), n.updatedAt = row.updatedAt,
    n.firstAsOf = coalesce(row.firstAsOf, row.asOf)
ON MATCH SET n += CASE WHEN newer THEN row.props ELSE {} END,
    n.src = CASE WHEN newer THEN row.src ELSE n.src END,
    n.updatedAt = CASE WHEN newer THEN $now ELSE n.updatedAt END,
    n.firstAsOf = CASE WHEN row.asOf < n.firstAsOf THEN row.asOf ELSE n.firstAsOf END,
    n.asOf = CASE WHEN newer THEN row.asOf ELSE n.asOf END
RETURN sum(CASE WHEN fresh THEN 1 ELSE 0 END), sum(CASE WHEN newer THEN 1 ELSE 0 END)
"""

_CREATE_STATEMENTS: dict[str, LiteralString] = {}


def create_statement(node_type: str) -> LiteralString:
    """The create statement for one node type; the label comes from the schema only."""
    if node_type not in _CREATE_STATEMENTS:
        labels = labels_for(node_type)  # raises nothing: node_type was gated
        _CREATE_STATEMENTS[node_type] = _CREATE_NODES.replace("{LABELS}", labels)
    return _CREATE_STATEMENTS[node_type]


def create_params(node_type: str, rows: list[NodeRow], now: int) -> dict[str, Any]:
    """Parameters for ``create_statement``."""
    return {
        "type": node_type,
        "now": now,
        "owned": node_type in ASSISTANT_TYPES,
        "rows": [
            {
                "id": r.id,
                "props": r.props,
                "src": r.src,
                "asOf": r.as_of,
                "recordedAt": r.recorded_at,
                "updatedAt": r.updated_at,
                "firstAsOf": r.first_as_of,
            }
            for r in rows
        ],
    }


#: A newer fact about a node we hold. The newer-than test is repeated here, inside the
#: write, so a fact another writer overtook in the meantime changes nothing.
UPDATE_NODES = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
WHERE row.asOf > n.asOf OR (row.asOf = n.asOf AND row.src > n.src)
FOREACH (_ IN CASE WHEN row.version THEN [1] ELSE [] END |
  MERGE (v:Entity:Version {id: row.versionId})
  ON CREATE SET v.type = 'Version', v.name = row.versionName, v.state = row.oldState,
      v.src = n.src, v.asOf = n.asOf, v.firstAsOf = n.asOf, v.recordedAt = $now
  MERGE (v)-[r:VERSION_OF]->(n)
  ON CREATE SET r.since = n.asOf, r.src = row.src, r.asOf = row.asOf, r.recordedAt = $now,
      r.closedCost = $openCost, r.lost = false)
SET n += row.props, n.src = row.src, n.asOf = row.asOf, n.updatedAt = $now
RETURN count(n)
"""

#: An older fact about a versioned node: kept as history, never applied to the node.
WRITE_LATE_VERSIONS = """
UNWIND $rows AS row
MATCH (n:Entity {id: row.id})
MERGE (v:Entity:Version {id: row.versionId})
ON CREATE SET v.type = 'Version', v.name = row.versionName, v.state = row.state, v.src = row.src,
    v.asOf = row.asOf, v.firstAsOf = row.asOf, v.recordedAt = $now
MERGE (v)-[r:VERSION_OF]->(n)
ON CREATE SET r.since = row.asOf, r.src = row.src, r.asOf = row.asOf, r.recordedAt = $now,
    r.closedCost = $openCost, r.lost = false
SET n.firstAsOf = CASE WHEN row.asOf < coalesce(n.firstAsOf, n.asOf) THEN row.asOf
    ELSE coalesce(n.firstAsOf, n.asOf) END
RETURN count(v)
"""


def version_id(node_id: str, as_of: int) -> str:
    """A Version's id: the node and the moment of the state it keeps."""
    return f"{node_id}@{as_of}"


#: Properties made from a node's text, not facts about it.
_DERIVED = ("embedding", "contextEmbedding", "textHash", "contextHash")


def _state(props: dict[str, Any]) -> str:
    kept = {k: v for k, v in props.items() if k not in _DERIVED}
    return json.dumps(kept, sort_keys=True, default=str)


def update_params(
    updates: list[tuple[NodeRow, ExistingNode]], now: int, open_cost: int
) -> dict[str, Any]:
    """Parameters for ``UPDATE_NODES``: the new props and, where versioned, the old state."""
    return {
        "now": now,
        "openCost": open_cost,
        "rows": [
            {
                "id": row.id,
                "props": row.props,
                "src": row.src,
                "asOf": row.as_of,
                "version": row.type in VERSIONED_TYPES,
                "versionId": version_id(row.id, old.as_of),
                "versionName": (
                    f"{old.props.get('name', row.id)} (as of {format_moment(old.as_of)})"
                ),
                "oldState": _state(old.props),
            }
            for row, old in updates
        ],
    }


def late_version_params(rows: list[NodeRow], now: int, open_cost: int) -> dict[str, Any]:
    """Parameters for ``WRITE_LATE_VERSIONS``."""
    return {
        "now": now,
        "openCost": open_cost,
        "rows": [
            {
                "id": r.id,
                "versionId": version_id(r.id, r.as_of),
                "versionName": f"{r.props.get('name', r.id)} (as of {format_moment(r.as_of)})",
                "state": _state(r.props),
                "src": r.src,
                "asOf": r.as_of,
            }
            for r in rows
        ],
    }
