"""Settings of the agents layer (the model and the per-turn limits), read by entry points only."""

from __future__ import annotations

from typing import Any

from pydantic import Field, SecretStr, field_validator

from brain import HivebrainSettings, HttpUrlSetting


class AgentSettings(HivebrainSettings):
    """Which model the desks and the Chief use, and how much one turn may spend.

    Without ``anthropic_api_key`` there is no model and hivebrain answers in rules mode.
    The key is a ``SecretStr``, so it shows as ``**********`` in reprs and logs.
    See `.env.example`.
    """

    anthropic_api_key: SecretStr | None = Field(
        default=None, description="Anthropic API key; empty = rules mode (no model)"
    )
    anthropic_base_url: HttpUrlSetting | None = Field(
        default=None, description="Messages API base URL; empty = the SDK's default"
    )
    anthropic_model: str = Field(default="claude-sonnet-4-5", description="model name")
    hivebrain_turn_token_budget: int = Field(
        default=60_000, ge=1, description="tokens the model may read and write in one turn"
    )
    hivebrain_turn_tool_calls: int = Field(
        default=24, ge=0, description="tool calls all desks of one turn may make together"
    )
    hivebrain_desk_timeout_s: float = Field(
        default=60.0, gt=0, description="seconds a desk may work before it is timed out"
    )
    hivebrain_model_max_tokens: int = Field(
        default=1_500, ge=1, description="most tokens the model may write in one reply"
    )
    hivebrain_model_retries: int = Field(
        default=4, ge=0, description="retries of a model call on rate limits and overload"
    )

    # `.env.example` ships `ANTHROPIC_API_KEY=`: an empty value means "not set", not a key "".
    @field_validator("anthropic_api_key", "anthropic_base_url", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, SecretStr) and not value.get_secret_value().strip():
            return None
        return value
