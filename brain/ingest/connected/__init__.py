"""Items from connected tools (through Composio) as facts, and where each account's pulls got to."""

from __future__ import annotations

from brain.ingest.connected._cursor import (
    account_fact,
    account_node_id,
    account_src,
    read_cursors,
    save_cursor,
)
from brain.ingest.connected._items import ITEM_KINDS, ConnectedItems, ItemKind, connected_facts

__all__ = [
    "ITEM_KINDS",
    "ConnectedItems",
    "ItemKind",
    "account_fact",
    "account_node_id",
    "account_src",
    "connected_facts",
    "read_cursors",
    "save_cursor",
]
