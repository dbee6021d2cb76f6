"""Where each connected account's pulls got to: an Account node per account, with its cursor.

A tenant's connected account (a Gmail inbox, a Slack workspace) is an Account node in
its own graph, ``composio:<account id>``, written through the gate like any fact. Its
``pulledThrough`` property is the date of the newest item a pull wrote (epoch ms); the
next pull asks only for items since then. The cursor moves after the items it covers
are written, so a pull that stops half way starts again from the last cursor, never
past it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from brain._moments import parse_moment
from brain._tenant_graph import TenantGraph

#: The Account property that holds the cursor.
CURSOR = "pulledThrough"

READ_CURSORS = """
MATCH (a:Account)
WHERE a.id IN $ids
RETURN a.id, a.pulledThrough
LIMIT $limit
"""


def account_node_id(account_id: str) -> str:
    """The id of the Account node of a Composio connected account."""
    return f"composio:{account_id}"


def account_src(toolkit: str, account_id: str) -> str:
    """The ``src`` every fact pulled from this account carries."""
    return f"composio:{toolkit}:{account_id}"


def account_fact(
    *, account_id: str, toolkit: str, status: str, created_at: str, label: str | None = None
) -> dict[str, Any]:
    """The Account node of one connected account, dated when it was connected (so
    writing it again on every pull changes nothing)."""
    return {
        "node": {
            "type": "Account",
            "id": account_node_id(account_id),
            "src": account_src(toolkit, account_id),
            "asOf": parse_moment(created_at, field="created_at"),
            "name": f"{toolkit} ({label or account_id})",
            "toolkit": toolkit,
            "connectedAccount": account_id,
            "status": status,
            "via": "composio",
        }
    }


async def read_cursors(graph: TenantGraph, account_ids: Iterable[str]) -> dict[str, int]:
    """Each account's cursor (epoch ms), by account id; accounts never pulled are left out."""
    ids = {account_node_id(a): a for a in account_ids}
    if not ids:
        return {}
    res = await graph.read("connected cursors", READ_CURSORS, {"ids": list(ids), "limit": len(ids)})
    return {
        ids[str(node)]: int(cursor)
        for node, cursor in res.rows
        if isinstance(cursor, int | float) and str(node) in ids
    }


async def save_cursor(graph: TenantGraph, *, account_id: str, toolkit: str, moment: int) -> bool:
    """Move the account's cursor to ``moment``; False if its Account node is missing."""
    return await graph.compare_and_set(
        account_node_id(account_id),
        expect={},
        changes={CURSOR: moment},
        src=account_src(toolkit, account_id),
    )
