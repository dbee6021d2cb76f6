"""The smallest story the chat tests ask about: a task, its owner, and since when."""

from __future__ import annotations

from typing import Any

TASK = "Fix Instagram token refresh"


def owner_facts(
    *, owner: str = "Priya", since: str = "2026-10-05"
) -> list[tuple[int, dict[str, Any]]]:
    """Numbered facts: the task, the person, and an OWNS edge from ``since``."""
    facts: list[dict[str, Any]] = [
        {"node": {"type": "Task", "id": "task-ig", "name": TASK, "src": "t", "asOf": "2026-09-01"}},
        {
            "node": {
                "type": "Person",
                "id": "person-priya",
                "name": owner,
                "src": "t",
                "asOf": "2026-09-01",
            }
        },
        {
            "edge": {
                "from": "person-priya",
                "type": "OWNS",
                "to": "task-ig",
                "since": since,
                "src": "t",
                "asOf": since,
            }
        },
    ]
    return list(enumerate(facts, 1))
