"""Local HTTP fakes of the remote APIs hivebrain calls, for pointing the real SDKs at.

Each fake is an aiohttp server on 127.0.0.1 and a free port, started with ``async with``,
that records every request in ``calls`` and takes canned behaviour from the test.
"""

from __future__ import annotations

from .anthropic_api import (
    AnthropicReply,
    FakeAnthropicAPI,
    api_error,
    error_reply,
    overloaded,
    rate_limited,
    text_reply,
    tool_use_reply,
)
from .composio_api import FakeComposioAPI
from .discord_api import FakeDiscordAPI
from .github_api import FakeGitHubAPI
from .slack_api import FakeSlackAPI

__all__ = [
    "AnthropicReply",
    "FakeAnthropicAPI",
    "FakeComposioAPI",
    "FakeDiscordAPI",
    "FakeGitHubAPI",
    "FakeSlackAPI",
    "api_error",
    "error_reply",
    "overloaded",
    "rate_limited",
    "text_reply",
    "tool_use_reply",
]
