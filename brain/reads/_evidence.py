"""What every read returns besides its answer: the nodes and edges it read, and when for.

Answers cite node ids and draw paths from this evidence, and the answer checks accept
only ids that a tool of the same turn returned. So every read result is a ``ReadResult``:
``data`` for the caller, ``evidence`` for citations and paths, ``found`` to tell "not in
your records" apart from "nothing depends on it".
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from brain._json import is_list, is_object
from brain._moments import format_moment


class EdgeRef(BaseModel):
    """One edge read, with its valid interval (ISO dates; ``until`` None = still true)."""

    model_config = ConfigDict(frozen=True)

    source: str
    type: str
    target: str
    since: str | None = None
    until: str | None = None
    src: str | None = None


def is_sample(sample: Any, src: Any) -> bool:
    """Whether a node is sample data: flagged so, or read from a ``sample:`` source."""
    return bool(sample) or str(src or "").startswith("sample:")


def edge_ref(
    source: str, rel: str, target: str, since: int | None, until: int | None, src: str | None
) -> EdgeRef:
    """An EdgeRef from a row read off the graph (moments in epoch ms)."""
    return EdgeRef(
        source=source,
        type=rel,
        target=target,
        since=format_moment(since),
        until=format_moment(until),
        src=src,
    )


class NodeRef(BaseModel):
    """One node read: enough to label it in an answer or a picture."""

    model_config = ConfigDict(frozen=True)

    id: str
    type: str
    name: str | None = None


class Evidence(BaseModel):
    """The nodes and edges a read looked at."""

    model_config = ConfigDict(frozen=True)

    nodes: list[NodeRef] = Field(default_factory=list)
    edges: list[EdgeRef] = Field(default_factory=list)

    @property
    def node_ids(self) -> list[str]:
        """Ids of the nodes, in order, without repeats."""
        return list(dict.fromkeys(n.id for n in self.nodes))

    def merged(self, other: Evidence) -> Evidence:
        """Both evidences together, without repeats."""
        nodes = {n.id: n for n in [*self.nodes, *other.nodes]}
        edges = {(e.source, e.type, e.target, e.since): e for e in [*self.edges, *other.edges]}
        return Evidence(nodes=list(nodes.values()), edges=list(edges.values()))


class ReadResult(BaseModel):
    """A read's answer, its evidence, and the moment it answers for."""

    model_config = ConfigDict(frozen=True)

    tool: str
    as_of: str
    found: bool = True
    message: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    evidence: Evidence = Field(default_factory=Evidence)
    sample: bool = False
    newest_as_of: str | None = None

    def for_model(self) -> dict[str, Any]:
        """What a language model reads of this result: the answer, not the bookkeeping.

        The evidence lists repeat what ``data`` already names; they stay with the turn's
        ledger (for the checks and the path) and are not sent, which keeps tool results
        small. Sample data is said once per result, not once per node.
        """
        view: dict[str, Any] = {"tool": self.tool, "as_of": self.as_of, "found": self.found}
        if self.message:
            view["message"] = self.message
        if self.sample:
            view["sample_data"] = True
        view["data"] = _compact(self.data)
        return view


#: Per-item keys a model does not need to read: the result says "sample" once, sources
#: stay in the evidence (answers cite node ids), and ranking scores mean nothing to it.
_NOISE_KEYS = frozenset({"sample", "_as_of_ms", "src", "score", "via"})


def _compact(value: Any) -> Any:
    """Drop empty values and per-item noise from nested data."""
    if is_object(value):
        return {
            k: _compact(v)
            for k, v in value.items()
            if k not in _NOISE_KEYS and v is not None and v != [] and v != {}
        }
    if is_list(value):
        return [_compact(v) for v in value]
    return value
