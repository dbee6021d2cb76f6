"""What the slash command, the buttons and the assistant need of the adapter routing to them.

The adapter (``bots.slack._app``) builds its listeners and hands each itself; they see
it only through ``SlackSurface``, so they import nothing of the adapter and the adapter
module is the only one that knows them all (as discord.py keeps its types apart).
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from slack_bolt.context.async_context import AsyncBoltContext
    from slack_sdk.web.async_client import AsyncWebClient

    from bots.core import BotCore, Reply
    from bots.slack._render import Block


class SlackSurface(Protocol):
    """The adapter as its listeners use it: the core, background work, taking a message to
    answer, posting answers."""

    core: BotCore

    def spawn(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` after the ack, keeping a reference to the task."""
        ...

    async def accept(
        self,
        body: dict[str, Any],
        event: dict[str, Any],
        context: AsyncBoltContext,
        client: AsyncWebClient,
        *,
        assistant: bool = False,
    ) -> None:
        """Take a person's message to answer (deduped) and start answering it."""
        ...

    async def post_answer(
        self,
        client: AsyncWebClient,
        team: str,
        channel: str,
        reply: Reply,
        *,
        thread_ts: str | None = None,
        lead: list[Block] | None = None,
    ) -> list[str]:
        """Post an answer in ``channel`` and remember its thread; return the ts's."""
        ...
