"""Connected tools through Composio: the SDK client, a user's accounts, pulls into the brain.

``ConnectedClient`` lists a tenant's connected accounts and runs the read actions
(``READS``); ``pull_connected`` writes what they return into the tenant's brain and moves
each account's cursor. ``ComposioSdk`` is the one SDK client both these reads and the
``ComposioExecutor`` of approved cards use.
"""

from __future__ import annotations

from agents.connect._client import READS, ConnectedAccount, ConnectedClient, ConnectorSettings
from agents.connect._pull import (
    AccountPull,
    PullReport,
    composio_user,
    list_connected,
    parse_since,
    pull_connected,
    require_user,
)
from agents.connect._sdk import ComposioSdk, sdk_errors

__all__ = [
    "READS",
    "AccountPull",
    "ComposioSdk",
    "ConnectedAccount",
    "ConnectedClient",
    "ConnectorSettings",
    "PullReport",
    "composio_user",
    "list_connected",
    "parse_since",
    "pull_connected",
    "require_user",
    "sdk_errors",
]
