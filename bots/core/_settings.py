"""Settings of the chat adapters, read from the environment (or `.env`) by entry points only."""

from __future__ import annotations

from pydantic import Field, SecretStr

from brain import HivebrainSettings, HttpUrlSetting


class BotSettings(HivebrainSettings):
    """Slack, Discord and the HTTP port. See `.env.example`."""

    slack_bot_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    slack_app_token: SecretStr | None = Field(default=None, description="present: Socket Mode")
    slack_api_base_url: HttpUrlSetting | None = Field(
        default=None, description="Slack Web API base URL (GovSlack or tests)"
    )
    slack_client_id: str | None = None
    slack_client_secret: SecretStr | None = None
    discord_token: SecretStr | None = None
    discord_sync_commands: bool = Field(
        default=False, description="register slash commands with Discord at start"
    )
    hivebrain_http_port: int = Field(
        default=8080, ge=1, le=65535, description="port of /healthz, Slack events and webhooks"
    )
    hivebrain_host: str = Field(
        default="127.0.0.1",
        min_length=1,
        description="address serve listens on: 127.0.0.1 (this machine only) or 0.0.0.0 "
        "(every interface, e.g. in a container behind a proxy)",
    )
    hivebrain_meeting_webhook_secret: SecretStr | None = Field(
        default=None,
        description="secret each tenant's POST /webhooks/meetings/{slug} secret derives from "
        "(`hivebrain tenant webhook-secret SLUG`); empty = no webhook",
    )
    hivebrain_leader_lease_ms: int = Field(
        default=15_000,
        ge=300,
        le=600_000,
        description="how long the scheduler lease outlives a dead leader (serve --role "
        "scheduler or all); renewed every third of it",
    )
    hivebrain_run_lock_ms: int = Field(
        default=30_000,
        ge=300,
        le=3_600_000,
        description="how long a job's run lock outlives a dead run before the leader runs it "
        "again; renewed every third of it",
    )
    discord_api_base_url: HttpUrlSetting = Field(
        default="https://discord.com/api/v10",
        description="Discord REST base URL that `hivebrain doctor` checks the token against",
    )

    @property
    def slack_enabled(self) -> bool:
        """Whether Slack is configured (a bot token, or OAuth for many workspaces)."""
        return bool(self.slack_bot_token or (self.slack_client_id and self.slack_client_secret))

    @property
    def discord_enabled(self) -> bool:
        """Whether Discord is configured."""
        return self.discord_token is not None
