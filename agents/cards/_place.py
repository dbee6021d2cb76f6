"""Where a card is proposed and where the tenant's actions go, read once from its settings.

A desk that proposes "update the team" needs the team's channel on the platform the
question came from; an e-mail card needs to know whether the tenant connected a mailbox
in Composio; a label card needs the tenant's repositories. The bots build one
``CardPlace`` per message from the tenant's settings and hand it to the turn, so desks
never read settings themselves.

Tenant settings read here (all optional): ``<platform>_team_channel`` (or
``team_channel``), ``composio_user_id``, ``composio_toolkits`` and ``github_repos``
(comma-separated text or a list).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agents.cards._kinds import composio_toolkit, kind_spec, read_payload
from brain import setting_list

if TYPE_CHECKING:
    from agents.cards._cards import CardDraft

#: Platforms a card can post to (the console has no channel).
POSTING_PLATFORMS = ("slack", "discord")


@dataclass(frozen=True, slots=True)
class CardPlace:
    """The platform and channel a request came from, and the tenant's targets for actions."""

    platform: str = "console"
    channel: str = ""
    #: The Slack team or Discord server the message came from.
    workspace: str = ""
    team_channel: str | None = None
    composio_user: str | None = None
    toolkits: tuple[str, ...] = ()
    repos: tuple[str, ...] = ()

    @classmethod
    def from_settings(
        cls, settings: Mapping[str, Any], *, platform: str, channel: str = "", workspace: str = ""
    ) -> CardPlace:
        """The place of a message on ``platform`` in ``channel`` for a tenant's ``settings``."""
        team = settings.get(f"{platform}_team_channel") or settings.get("team_channel")
        user = settings.get("composio_user_id")
        return cls(
            platform=platform,
            channel=channel,
            workspace=workspace,
            team_channel=str(team) if team else None,
            composio_user=str(user) if user else None,
            toolkits=setting_list(settings.get("composio_toolkits")),
            repos=setting_list(settings.get("github_repos")),
        )

    @property
    def origin(self) -> str | None:
        """How cards remember where they were proposed (``slack:C1``), for listing them."""
        return f"{self.platform}:{self.channel}" if self.channel else None

    @property
    def can_post(self) -> bool:
        """Whether a channel post can be carried out from here (not from the console)."""
        return self.platform in POSTING_PLATFORMS

    def team_target(self) -> str | None:
        """The channel "the team" means: the tenant's team channel, else this channel."""
        if not self.can_post:
            return None
        return self.team_channel or self.channel or None

    def missing_toolkit(self, toolkit: str) -> str | None:
        """A plain sentence when Composio or ``toolkit`` is not connected; None when it is."""
        if self.composio_user is None:
            return (
                "This workspace has not connected Composio yet: approving will fail until an "
                "approver sets it with `settings composio <user id>`."
            )
        if self.toolkits and toolkit not in self.toolkits:
            return (
                f"{toolkit} is not connected for this workspace in Composio yet: approving "
                f"will fail until it is (then `settings tools {toolkit}`)."
            )
        return None

    def note_for(self, draft: CardDraft) -> str | None:
        """What the approver should know before approving ``draft`` from here: a tool
        not connected, a repository not on this workspace's list."""
        spec = kind_spec(draft.kind, draft.executor)
        if spec is None:
            return None
        if spec.composio is not None:
            try:
                return self.missing_toolkit(
                    composio_toolkit(spec, read_payload(spec, draft.payload))
                )
            except ValueError:
                return None
        repo = str(draft.payload.get("repo") or "")
        if repo and self.repos and repo.lower() not in {r.lower() for r in self.repos}:
            return f"{repo} is not one of this workspace's repositories: approving will fail."
        return None

    def post_payload(self, channel: str, text: str) -> dict[str, Any]:
        """A ``channel_message`` payload for ``channel`` here (with the Slack team, so a
        many-workspace install posts with the right workspace's token)."""
        payload: dict[str, Any] = {"platform": self.platform, "channel": channel, "text": text}
        if self.platform == "slack" and self.workspace:
            payload["workspace"] = self.workspace
        return payload
