"""The gate: every fact is checked against the schema before anything is written.

A refusal names exactly what was wrong and what would be accepted, so a person fixing a
file (or a model retrying a tool call) can act on it. The gate is pure: it turns raw
dicts into typed rows or raises ``WriteRefused``; the tenant graph logs the refusals.

What a fact may say depends on where it comes from (``Origin``): a source (a facts file,
a document, a repository) states business facts only; the assistant writes its own
records (turns, findings, cards); a restore of an export may also carry the record clock
that the write path set the first time. A source that names an assistant-owned type or a
record-clock key is refused: otherwise a file could forge an approval card or backdate
when the brain learned something. Values are bounded so that whatever is stored can be
read back, printed and exported: finite 64-bit numbers, moments within 1900-2200, text
without NUL or lone surrogates, flat lists of at most ``MAX_LIST_ITEMS``.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from brain._json import is_list, is_object
from brain._moments import parse_moment
from brain.errors import InputInvalid, WriteRefused
from brain.schema._edges import EdgeRow
from brain.schema._types import (
    ALLOWED_PATTERNS,
    ASSISTANT_TYPES,
    EDGE_META_PROPS,
    ENTITY_TYPES,
    MAX_ID_CHARS,
    MAX_LIST_ITEMS,
    MAX_TEXT_CHARS,
    NODE_META_PROPS,
    REL_TYPES,
)

#: Where a batch of facts comes from; decides what its facts may say (see the module doc).
Origin = Literal["source", "assistant", "restore"]

_PROP_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_INT64 = (-(2**63), 2**63 - 1)
#: Types only the brain itself writes: a source may not create or change them.
BRAIN_OWNED_TYPES = ASSISTANT_TYPES | {"Version"}
#: The record clock (and what only the write path sets): a restore carries it back in,
#: a source never states it.
_NODE_RECORD_KEYS = ("recordedAt", "firstAsOf", "updatedAt", "aliases")
_EDGE_RECORD_KEYS = ("recordedAt", "retiredAt", "endSrc", "endAsOf")
_RESTORE_HINT = "an export is loaded back with `hivebrain tenant import`"
_AGGREGATIONS = ("sum", "mean")
#: Node keys the gate reads itself rather than storing as free properties.
#: (All of a node's bookkeeping but what the brain computes itself on write.)
_NODE_KEYS = set(NODE_META_PROPS) - {"embedding", "contextEmbedding", "textHash", "contextHash"}
_EDGE_KEYS = {
    "from",
    "type",
    "to",
    "since",
    "until",
    "src",
    "asOf",
    "recordedAt",
    "retiredAt",
    "endSrc",
    "endAsOf",
}
#: Bookkeeping an export carries back in; accepted only as the write path would set it.
_RESTORABLE_EDGE_KEYS = set(EDGE_META_PROPS) - _EDGE_KEYS


@dataclass(frozen=True, slots=True)
class NodeRow:
    """One gated node fact."""

    id: str
    type: str
    src: str
    as_of: int
    props: dict[str, Any] = field(default_factory=dict)
    recorded_at: int | None = None
    updated_at: int | None = None  # only when restoring an export
    first_as_of: int | None = None  # only when restoring an export


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_text(value: str, key: str, what: str) -> str:
    """Text the graph can store and give back: no NUL byte, no unpaired surrogate."""
    if "\x00" in value:
        raise WriteRefused(f"{what}: {key!r} contains a NUL character; remove it")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise WriteRefused(
            f"{what}: {key!r} contains an unpaired surrogate (broken UTF-16 text); "
            "save the file as UTF-8"
        ) from None
    return value


def _require_text(raw: dict[str, Any], key: str, what: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise WriteRefused(f"{what} has no {key!r}: every fact needs one")
    if len(value) > MAX_ID_CHARS:
        raise WriteRefused(f"{what}: {key!r} is longer than {MAX_ID_CHARS} characters")
    return check_text(value, key, what).strip()


def _refuse_record_keys(
    raw: dict[str, Any], keys: tuple[str, ...], what: str, origin: Origin
) -> None:
    if origin == "restore":
        return
    for key in keys:
        if raw.get(key) is not None:
            raise WriteRefused(
                f"{what}: {key!r} is the brain's own record of when it learned a fact and "
                f"is set on write; a fact cannot state it ({_RESTORE_HINT})"
            )


def _moment(raw: dict[str, Any], key: str, what: str, *, required: bool) -> int | None:
    value = raw.get(key)
    if value is None or value == "":
        if required:
            hint = "where it came from" if key == "src" else "as of when it was known"
            raise WriteRefused(f"{what} has no {key!r}: every fact says {hint}")
        return None
    try:
        return parse_moment(value, field=key)
    except InputInvalid as exc:
        raise WriteRefused(f"{what}: {exc.reason}") from exc


def clean_props(
    raw: dict[str, Any], *, skip: set[str], reserved: tuple[str, ...], what: str
) -> dict[str, Any]:
    """Free properties of a fact: scalars or lists of scalars, with safe names."""
    props: dict[str, Any] = {}
    for key, value in raw.items():
        if key in skip or value is None:
            continue
        if key in reserved:
            raise WriteRefused(f"{what}: {key!r} is kept by the brain itself and cannot be set")
        if not _PROP_NAME.fullmatch(key):
            raise WriteRefused(
                f"{what}: property name {key!r} is not allowed; use letters, digits and _"
            )
        props[key] = _clean_value(value, key, what)
    return props


def _clean_value(value: Any, key: str, what: str) -> Any:
    if is_list(value):
        if len(value) > MAX_LIST_ITEMS:
            raise WriteRefused(
                f"{what}: {key!r} is a list of {len(value):,} items; at most "
                f"{MAX_LIST_ITEMS:,} fit in one property (store the items as their own nodes)"
            )
        # flat only, checked without recursion: a deeply nested list must not overflow
        if any(is_list(v) or is_object(v) for v in value):
            raise WriteRefused(f"{what}: {key!r} nests lists or objects; store a flat list")
        return [_clean_scalar(v, key, what) for v in value if v is not None]
    return _clean_scalar(value, key, what)


def _clean_scalar(value: Any, key: str, what: str) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not _INT64[0] <= value <= _INT64[1]:
            raise WriteRefused(
                f"{what}: {key!r} is {value}, outside the 64-bit range the graph stores; "
                "store it as text"
            )
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise WriteRefused(f"{what}: {key!r} is {value}, not a finite number")
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT_CHARS:
            raise WriteRefused(f"{what}: {key!r} is longer than {MAX_TEXT_CHARS} characters")
        return check_text(value, key, what)
    raise WriteRefused(
        f"{what}: {key!r} is a {type(value).__name__}; "
        "store text, numbers, booleans or lists of them"
    )


def gate_node(raw: Any, *, origin: Origin = "source") -> NodeRow:
    """Check one node fact; returns the row to write or raises ``WriteRefused``."""
    if not is_object(raw):
        raise WriteRefused("a node fact must be a JSON object")
    node_type = raw.get("type")
    if not isinstance(node_type, str) or node_type not in ENTITY_TYPES:
        raise WriteRefused(
            f"unknown node type {node_type!r}: not in the schema"
            f"{_suggest(str(node_type), ENTITY_TYPES)}"
        )
    node_id = _require_text(raw, "id", f"{node_type} node")
    what = f"{node_type} {node_id!r}"
    if node_type in BRAIN_OWNED_TYPES and origin == "source":
        raise WriteRefused(
            f"{what}: {node_type} nodes are the brain's own records; a source cannot create "
            f"or change them ({_RESTORE_HINT})"
        )
    _refuse_record_keys(raw, _NODE_RECORD_KEYS, what, origin)
    src = _require_text(raw, "src", what)
    as_of = _moment(raw, "asOf", what, required=True)
    assert as_of is not None
    props = clean_props(raw, skip=_NODE_KEYS, reserved=NODE_META_PROPS, what=what)
    if node_type == "Observation":
        props = _gate_reading(props, what)
    if node_type == "Metric" and props.get("aggregation") not in _AGGREGATIONS:
        raise WriteRefused(
            f"{what}: a Metric says how its readings total: aggregation 'sum' (flows such as "
            "orders) or 'mean' (rates)"
        )
    aliases = raw.get("aliases")
    if is_list(aliases) and all(isinstance(a, str) for a in aliases) and aliases:
        # restoring an export: who this node was merged with
        props["aliases"] = _clean_value(aliases, "aliases", what)
    return NodeRow(
        id=node_id,
        type=node_type,
        src=src,
        as_of=as_of,
        props=props,
        recorded_at=_moment(raw, "recordedAt", what, required=False),
        updated_at=_moment(raw, "updatedAt", what, required=False),
        first_as_of=_moment(raw, "firstAsOf", what, required=False),
    )


def _gate_reading(props: dict[str, Any], what: str) -> dict[str, Any]:
    value = props.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise WriteRefused(f"{what}: a reading needs a numeric 'value'")
    start = _moment(props, "start", what, required=False)
    end = _moment(props, "end", what, required=False)
    if start is None or end is None:
        raise WriteRefused(f"{what}: a reading needs its window: 'start' and 'end' dates")
    if end <= start:
        raise WriteRefused(f"{what}: the reading's 'end' must be after its 'start'")
    return {**props, "start": start, "end": end}


def gate_edge(raw: Any, types: dict[str, str], *, origin: Origin = "source") -> EdgeRow:
    """Check one edge fact against the schema, given the type of every known node id."""
    if not is_object(raw):
        raise WriteRefused("an edge fact must be a JSON object")
    rel = raw.get("type")
    if not isinstance(rel, str) or rel not in REL_TYPES:
        raise WriteRefused(
            f"unknown relationship type {rel!r}: not in the schema{_suggest(str(rel), REL_TYPES)}"
        )
    from_id = _require_text(raw, "from", f"{rel} edge")
    to_id = _require_text(raw, "to", f"{rel} edge")
    what = f"({from_id})-[:{rel}]->({to_id})"
    for end_id in (from_id, to_id):
        if end_id not in types:
            raise WriteRefused(
                f"{what}: no node {end_id!r} in this brain; add the node first or in the same file"
            )
    from_type, to_type = types[from_id], types[to_id]
    if origin == "source" and (owned := {from_type, to_type} & BRAIN_OWNED_TYPES):
        raise WriteRefused(
            f"{what}: {sorted(owned)[0]} nodes are the brain's own records; a source cannot "
            f"link them ({_RESTORE_HINT})"
        )
    _refuse_record_keys(raw, _EDGE_RECORD_KEYS, what, origin)
    if (from_type, rel, to_type) not in ALLOWED_PATTERNS:
        raise WriteRefused(
            f"{what}: ({from_type})-[:{rel}]->({to_type}) is not an allowed pattern; "
            f"{rel} is allowed {_allowed_ends(rel)}"
        )
    src = _require_text(raw, "src", what)
    as_of = _moment(raw, "asOf", what, required=True)
    since = _moment(raw, "since", what, required=False)
    if since is None:
        raise WriteRefused(f"{what} has no 'since': say from when it was true")
    until = _moment(raw, "until", what, required=False)
    if until is not None and until <= since:
        raise WriteRefused(f"{what}: 'until' must be after 'since'")
    assert as_of is not None
    props = clean_props(
        raw, skip=_EDGE_KEYS | _RESTORABLE_EDGE_KEYS, reserved=EDGE_META_PROPS, what=what
    )
    return EdgeRow(
        from_id=from_id,
        rel=rel,
        to_id=to_id,
        from_type=from_type,
        to_type=to_type,
        since=since,
        until=until,
        src=src,
        as_of=as_of,
        props=props,
        recorded_at=_moment(raw, "recordedAt", what, required=False),
        retired_at=_moment(raw, "retiredAt", what, required=False),
        end_src=(
            check_text(raw["endSrc"], "endSrc", what)
            if isinstance(raw.get("endSrc"), str) and until
            else None
        ),
        end_as_of=_moment(raw, "endAsOf", what, required=False) if until else None,
    )


def _allowed_ends(rel: str) -> str:
    froms = sorted({f for f, r, _ in ALLOWED_PATTERNS if r == rel})
    tos = sorted({t for _, r, t in ALLOWED_PATTERNS if r == rel})
    return f"from {_short(froms)} to {_short(tos)}"


def _short(names: list[str], limit: int = 8) -> str:
    return ", ".join(names) if len(names) <= limit else ", ".join(names[:limit]) + ", ..."
