"""The schema as data, the gate every write passes, node and edge writes with both clocks."""

from __future__ import annotations

from brain.schema._gate import NodeRow, gate_edge, gate_node
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

__all__ = [
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
]
