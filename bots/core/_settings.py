"""Settings of the chat adapters, read from the environment (or `.env`) by entry points only."""

from __future__ import annotations

import re

from pydantic import Field, SecretStr, field_validator

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
    hivebrain_discord_shards: str | None = Field(
        default=None,
        description="the Discord shards this process opens, as i/N (shard i of N, from 0) or "
        "i,j/N; empty = every shard (one process)",
    )
    discord_api_base_url: HttpUrlSetting = Field(
        default="https://discord.com/api/v10",
        description="Discord REST base URL that `hivebrain doctor` checks the token against",
    )

    @field_validator("hivebrain_discord_shards")
    @classmethod
    def _shards_spelled(cls, value: str | None) -> str | None:
        if value is not None and value.strip():
            parse_shards(value)  # raises with what was wrong
            return value.strip()
        return None

    @property
    def discord_shards(self) -> tuple[list[int], int] | None:
        """(this process's shard ids, the shard count), or None for every shard."""
        spec = self.hivebrain_discord_shards
        return parse_shards(spec) if spec else None

    @property
    def slack_enabled(self) -> bool:
        """Whether Slack is configured (a bot token, or OAuth for many workspaces)."""
        return bool(self.slack_bot_token or (self.slack_client_id and self.slack_client_secret))

    @property
    def discord_enabled(self) -> bool:
        """Whether Discord is configured."""
        return self.discord_token is not None


_SHARDS = re.compile(r"\s*(\d+(?:\s*,\s*\d+)*)\s*/\s*(\d+)\s*")


def parse_shards(spec: str) -> tuple[list[int], int]:
    """``"1/3"`` -> ([1], 3); ``"0,2/4"`` -> ([0, 2], 4). Raises ``ValueError`` saying how to
    spell it: N processes each open their own shards, so every id is below N and none repeats."""
    found = _SHARDS.fullmatch(spec)
    if found is None:
        raise ValueError(
            f"HIVEBRAIN_DISCORD_SHARDS={spec!r}: write i/N (this process opens shard i of N), "
            "e.g. 0/2 here and 1/2 on the second process"
        )
    ids = [int(i) for i in found.group(1).split(",")]
    count = int(found.group(2))
    if count < 1 or any(i >= count for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(
            f"HIVEBRAIN_DISCORD_SHARDS={spec!r}: shard ids must be distinct and below the "
            f"count {count} (they start at 0)"
        )
    return sorted(ids), count
