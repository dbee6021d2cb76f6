"""``brain``: the executor that turns an approved task card into a Task in the tenant's brain.

A task proposed from an answer, a meeting or a "remind Dana to ..." request waits as a
card; on approval this writes the Task (and who owns it) through the gate like any other
fact, with the card as its source (``src`` ``hivebrain:card/<id>``). The Task's id comes
from the card's, so running the same card twice writes nothing new.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from agents.cards._kinds import BrainTask
from agents.errors import ActionFailed
from brain import Brain, HivebrainError
from brain.reads import PersonRecord, people_named

if TYPE_CHECKING:
    from agents.cards._cards import Card

log = logging.getLogger(__name__)


def task_source(card_id: str) -> str:
    """The ``src`` of everything a card writes into the brain."""
    return f"hivebrain:card/{card_id}"


class BrainTaskExecutor:
    """``brain``: writes a ``task`` card's Task, and its owner's OWNS edge, through the gate."""

    name = "brain"

    def __init__(self, *, brain: Brain) -> None:
        self._brain = brain

    async def execute(self, card: Card) -> str:
        """Write the Task once; an unknown or ambiguous owner fails with the reason."""
        if not card.payload_intact():
            raise ActionFailed(
                self.name, "the card's payload no longer matches what was shown; nothing ran"
            )
        try:
            task = BrainTask.model_validate(card.payload)
        except ValueError:
            raise ActionFailed(self.name, "the card does not describe a task") from None
        graph = await self._brain.tenant(card.tenant)
        owner: PersonRecord | None = None
        if task.owner:
            people = await people_named(graph, task.owner)
            if not people:
                raise ActionFailed(self.name, f"nobody called {task.owner} is in the records")
            if len(people) > 1:
                raise ActionFailed(self.name, f"more than one person is called {task.owner}")
            owner = people[0]
        now = datetime.now(UTC)
        src, as_of = task_source(card.id), now.strftime("%Y-%m-%d")
        task_id = f"task-{card.id.removeprefix('card-')}"
        node: dict[str, Any] = {
            "type": "Task",
            "id": task_id,
            "name": task.name,
            "status": "open",
            "due": task.due,
            "description": task.notes,
            "src": src,
            "asOf": as_of,
        }
        facts: list[dict[str, Any]] = [{"node": {k: v for k, v in node.items() if v}}]
        if owner is not None:
            edge = {"from": owner.id, "type": "OWNS", "to": task_id, "since": as_of}
            facts.append({"edge": {**edge, "src": src, "asOf": as_of}})
        try:
            report = await graph.write_facts(enumerate(facts, 1))
        except HivebrainError as exc:
            raise ActionFailed(self.name, exc.user_message) from None
        if report.refusals:
            raise ActionFailed(self.name, f"the brain refused the task: {report.refusals[0][1]}")
        log.info("tenant %s: task %s from card %s", graph.slug, task_id, card.id)
        who = f", owned by {owner.name}" if owner is not None else ""
        return f"created the task {task.name!r} ({task_id}){who}"
