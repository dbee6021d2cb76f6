"""Errors of the agents layer, on top of the brain's tree (re-exported for the bots)."""

from __future__ import annotations

from collections.abc import Iterable

from brain import HivebrainError


class ToolArgsInvalid(HivebrainError):
    """A tool was called with arguments that do not fit its argument model."""

    def __init__(self, tool: str, reason: str) -> None:
        self.tool = tool
        self.reason = reason
        super().__init__(
            f"tool {tool!r}: {reason}", user_message=f"I asked the {tool} tool wrongly: {reason}"
        )


class ToolUnknown(HivebrainError):
    """A tool name that is not in the registry."""

    def __init__(self, tool: str, known: list[str]) -> None:
        self.tool = tool
        super().__init__(
            f"no tool {tool!r}; the tools are: {', '.join(sorted(known))}",
            user_message=f"There is no {tool!r} tool.",
        )


class ModelUnavailable(HivebrainError):
    """The language model could not answer (after retries, or out of budget)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(
            f"model unavailable: {reason}",
            user_message="The language model is not answering right now; try again shortly.",
        )


class NotApprover(HivebrainError):
    """Someone who may not approve cards for this tenant tried to decide one."""

    def __init__(self, user: str, slug: str) -> None:
        self.user = user
        super().__init__(
            f"{user} may not approve cards for {slug}",
            user_message="You can't approve this card: ask one of this workspace's approvers.",
        )


class CardNotPending(HivebrainError):
    """A decision on a card that was already decided or has expired."""

    def __init__(self, card_id: str, status: str) -> None:
        self.card_id = card_id
        self.status = status
        super().__init__(
            f"card {card_id} is {status}, not pending",
            user_message=f"This card is already {status}.",
        )


class BudgetExceeded(HivebrainError):
    """A turn used up its tokens or tool calls; the tool loop stops and answers with what it has."""

    def __init__(self, what: str, used: int, limit: int) -> None:
        self.what, self.used, self.limit = what, used, limit
        super().__init__(
            f"turn budget exceeded: {used} of {limit} {what} used",
            user_message="That needed more work than one turn allows; try a narrower question.",
        )


class CardUnknown(HivebrainError):
    """A card id that this tenant's graph does not hold."""

    def __init__(self, card_id: str) -> None:
        self.card_id = card_id
        super().__init__(
            f"no card {card_id!r} in this tenant: `hivebrain cards SLUG` lists them",
            user_message="I can't find that card any more.",
        )


class ActionFailed(HivebrainError):
    """An executor could not carry out an approved card; ``reason`` is safe to show."""

    def __init__(self, executor: str, reason: str) -> None:
        self.executor = executor
        self.reason = reason
        super().__init__(f"{executor} executor: {reason}", user_message=reason)


class ExecutorUnknown(HivebrainError):
    """A card names an executor that this process has not registered."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        self.name = name
        names = ", ".join(sorted(known)) or "none"
        super().__init__(
            f"no executor {name!r} here (configured: {names}); the card stays pending",
            user_message=f"I can't carry out {name} actions from here yet, "
            "so the card stays pending.",
        )


class ConnectorFailed(HivebrainError):
    """A pull from connected tools could not run: no key, a refused key, no answer, a tool
    that refused. ``reason`` says what to do and is safe to show."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason, user_message=reason)


class AnswerUnknown(HivebrainError):
    """A button on an answer (feedback, sources) whose Turn this tenant does not hold:
    a stale button, the answer of an erased brain, or an id that was never an answer."""

    def __init__(self, turn_id: str) -> None:
        self.turn_id = turn_id
        super().__init__(
            f"no answer {turn_id[:80]!r} in this tenant",
            user_message="That answer is no longer in the brain, so I changed nothing. "
            "Ask the question again for a fresh answer.",
        )
