"""The schema as data, the gate every write passes, node and edge writes with both clocks."""

from __future__ import annotations

from brain.schema._embedding import EmbedCounts, count_unembedded, fill_vectors, vector_literal
from brain.schema._gate import NodeRow, Origin, clean_props, gate_edge, gate_node
from brain.schema._nodes import name_key
from brain.schema._types import (
    ALLOWED_PATTERNS,
    ASSISTANT_TYPES,
    CLOSED_COST,
    EDGE_META_PROPS,
    ENTITY_TYPES,
    NODE_META_PROPS,
    NODE_TYPES,
    ONE_HOLDER_RULES,
    OPEN_COST,
    REL_TYPES,
    SEARCHABLE_TYPES,
    VERSIONED_TYPES,
    OneHolderRule,
    describe,
    one_holder_rule,
)
from brain.schema._writer import UNREADABLE, FactWriter, WriteReport, serving_event

__all__ = [
    "count_unembedded",
    "fill_vectors",
    "ALLOWED_PATTERNS",
    "ASSISTANT_TYPES",
    "CLOSED_COST",
    "EDGE_META_PROPS",
    "ENTITY_TYPES",
    "NODE_META_PROPS",
    "NODE_TYPES",
    "NodeRow",
    "ONE_HOLDER_RULES",
    "OPEN_COST",
    "OneHolderRule",
    "REL_TYPES",
    "SEARCHABLE_TYPES",
    "VERSIONED_TYPES",
    "describe",
    "gate_edge",
    "gate_node",
    "one_holder_rule",
    "serving_event",
    "FactWriter",
    "WriteReport",
    "UNREADABLE",
    "EmbedCounts",
    "vector_literal",
    "Origin",
    "clean_props",
    "name_key",
]
