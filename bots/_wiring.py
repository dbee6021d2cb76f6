"""What the CLI and ``serve`` assemble: executors from settings, the Chief, the turn, the core.

Only entry points call these. Executors are built from the environment (GitHub and
Composio when their keys are set); the channel-post executor needs the running bots, so
``serve`` registers it itself.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from pydantic import Field, SecretStr, field_validator

from brain import Brain, HivebrainSettings, HttpUrlSetting

# `agents` pulls in the model SDKs (seconds under load): imported when a function runs, so
# CLI commands that never answer a question stay fast.
if TYPE_CHECKING:
    from agents import Chief
    from agents.cards import ExecutorRegistry
    from bots.core import Answer, BotCore


class ExecutorSettings(HivebrainSettings):
    """Credentials of the executors the CLI may run. See `.env.example`."""

    github_token: SecretStr | None = Field(default=None, description="GitHub token; empty = off")
    github_api_base_url: HttpUrlSetting = Field(
        default="https://api.github.com", description="GitHub REST base URL"
    )
    hivebrain_github_repos: str = Field(
        default="", description="comma-separated owner/name repos cards may change"
    )
    hivebrain_github_webhook_secret: SecretStr | None = Field(
        default=None,
        description="secret each tenant's GitHub webhook secret derives from "
        "(`hivebrain tenant webhook-secret SLUG --hook github`); empty = off",
    )
    composio_api_key: SecretStr | None = Field(default=None, description="empty = off")
    composio_base_url: HttpUrlSetting | None = Field(
        default=None, description="Composio API base URL; empty = the SDK's default"
    )
    composio_toolkit_versions: str | None = Field(
        default=None, description="one version for every toolkit, e.g. 20250909_00"
    )

    @field_validator(
        "github_token",
        "composio_api_key",
        "composio_base_url",
        "hivebrain_github_webhook_secret",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value


def build_executors(
    settings: ExecutorSettings, *, slug: str | None = None, brain: Brain | None = None
) -> ExecutorRegistry:
    """The executors configured in ``settings``.

    With ``brain``, each card acts as its own tenant: Composio as the tenant's
    ``composio_user_id`` (with its ``composio_toolkits``), GitHub only on repositories
    both ``HIVEBRAIN_GITHUB_REPOS`` and the tenant's ``github_repos`` list, and task cards
    become Tasks in that tenant's brain. Without it (a one-tenant CLI run), Composio
    acts as user ``slug``.
    """
    from agents import CorrectionExecutor
    from agents.cards import (
        BrainTaskExecutor,
        ComposioAccount,
        ComposioExecutor,
        ExecutorRegistry,
        GitHubExecutor,
        RecordOnlyExecutor,
    )
    from brain import setting_list

    registry = ExecutorRegistry([RecordOnlyExecutor()])
    tenants = brain.registry if brain is not None else None

    async def tenant_settings(tenant: str) -> dict[str, Any]:
        assert tenants is not None
        return (await tenants.get(tenant)).settings

    async def tenant_repos(tenant: str) -> tuple[str, ...]:
        return setting_list((await tenant_settings(tenant)).get("github_repos"))

    async def account(tenant: str) -> ComposioAccount | None:
        values = await tenant_settings(tenant)
        user = values.get("composio_user_id")
        if not user:
            return None
        toolkits = setting_list(values.get("composio_toolkits"))
        return ComposioAccount(str(user), frozenset(toolkits) if toolkits else None)

    if brain is not None:
        registry.register(BrainTaskExecutor(brain=brain))
        registry.register(CorrectionExecutor(brain=brain))
    if settings.github_token is not None:
        repos = [r.strip() for r in settings.hivebrain_github_repos.split(",") if r.strip()]
        registry.register(
            GitHubExecutor(
                token=settings.github_token.get_secret_value(),
                repos=repos,
                base_url=settings.github_api_base_url,
                tenant_repos=tenant_repos if tenants is not None else None,
            )
        )
    if settings.composio_api_key is not None and (tenants is not None or slug):
        registry.register(
            ComposioExecutor(
                api_key=settings.composio_api_key.get_secret_value(),
                user_id=None if tenants is not None else slug,
                accounts=account if tenants is not None else None,
                base_url=settings.composio_base_url,
                toolkit_versions=settings.composio_toolkit_versions or None,
            )
        )
    return registry


def configured_chief() -> Chief:
    """The Chief the settings ask for: Claude with ANTHROPIC_API_KEY, the rules without,
    each turn within the configured token, tool-call and desk-time limits."""
    from agents import AgentSettings, chief_from_settings

    return chief_from_settings(AgentSettings())


def configured_turn() -> Answer:
    """`run_turn` answered by the configured Chief: the one hop from a chat message (or
    `hivebrain ask`) to a turn, assembled here rather than defaulted inside the core."""
    from agents import run_turn

    return functools.partial(run_turn, chief=configured_chief())


def build_core(brain: Brain, slug: str) -> BotCore:
    """The bot core with the configured Chief and executors, for chat and serve."""
    from agents import meeting_proposer
    from bots.core import BotCore

    return BotCore(
        brain,
        answer=configured_turn(),
        # every card acts as its own tenant (never one user shared by all of them)
        executors=build_executors(ExecutorSettings(), slug=slug, brain=brain),
        # uploaded transcripts get the model's extraction when a model is configured
        extract_meeting_items=meeting_proposer(),
    )
