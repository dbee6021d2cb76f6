"""What an answer rests on, as the guards read it: the records it cites and their facts.

The guards read the turn's tool outputs themselves (never the question reader's notes):
a cited id's type and name come from the nodes the reads returned, and a record's own
properties from any read that returned it whole (a lookup, a search hit).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

_CITATION = re.compile(r"\[\[([^\]\n#]+)(?:#[^\]\n]*)?\]\]")


def cited_ids(answer: str) -> list[str]:
    """The record ids an answer cites, in order, once each (a passage's anchor dropped)."""
    return list(dict.fromkeys(m.strip() for m in _CITATION.findall(answer)))


#: A list this long is a series of readings, not records a guard reads the properties of.
LONG_LIST = 300


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value  # pyright: ignore[reportUnknownVariableType]
        for v in value.values():  # pyright: ignore[reportUnknownVariableType]
            yield from _dicts(v)
    elif isinstance(value, list) and len(value) <= LONG_LIST:  # pyright: ignore[reportUnknownArgumentType]
        for v in value:  # pyright: ignore[reportUnknownVariableType]
            yield from _dicts(v)


#: Readings and passages are no subject, person or event a guard holds an answer to.
_NOT_RECORDS = frozenset({"Observation", "Chunk"})
#: The last outputs read and their records: the guards of one answer share one reading.
_last: list[tuple[Sequence[Mapping[str, Any]], dict[str, dict[str, Any]]]] = []


def records(outputs: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every record the reads returned, by id: its type and name, and whatever of its own
    properties any read held (merged; a lookup's ``properties`` are the record's own).
    Readings and passages are left out; the guards of one answer read the outputs once."""
    last = _last[0] if _last else None  # one read of the slot: another thread may refill it
    if last is not None and last[0] is outputs:
        return last[1]
    found = _read(outputs)
    _last[:] = [(outputs, found)]
    return found


def _read(outputs: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for out in outputs:
        nodes: list[Any] = list(out.get("nodes") or [])
        for node in nodes:
            if (
                isinstance(node, dict)
                and node.get("id")  # pyright: ignore[reportUnknownMemberType] (json)
                and node.get("type") not in _NOT_RECORDS  # pyright: ignore[reportUnknownMemberType] (json)
            ):
                row: dict[str, Any] = dict(node)  # pyright: ignore[reportUnknownArgumentType] (json)
                found.setdefault(str(row["id"]), {}).update(
                    {k: v for k, v in row.items() if v is not None}
                )
        for d in _dicts(out.get("data")):
            node_id = d.get("id")
            if not isinstance(node_id, str) or node_id not in found:
                continue
            held = found[node_id]
            props = d.get("properties")
            for k, v in (props if isinstance(props, dict) else d).items():  # pyright: ignore[reportUnknownVariableType]
                if isinstance(k, str) and isinstance(v, str | int | float):
                    held.setdefault(k, v)
    return found
