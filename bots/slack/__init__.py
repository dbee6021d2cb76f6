"""The Slack adapter: the Bolt app, installs, posting, Block Kit rendering.

``build_slack_app`` / ``run_slack`` assemble the adapter; ``SlackPoster`` posts approved
messages and scheduled posts (all posting lives in ``bots.slack._posting``).
"""

from __future__ import annotations

from bots.slack._app import (
    SlackAdapter,
    SlackService,
    adapter_of,
    build_slack_app,
    drain,
    run_slack,
)
from bots.slack._card_actions import replace_card_blocks
from bots.slack._commands import SLACK_MENTIONS
from bots.slack._installs import RegistryInstallationStore, api_base_url, slack_routes
from bots.slack._posting import SlackPoster, slack_poster
from bots.slack._render import fallback_text, render_card_blocks, render_reply_blocks, to_mrkdwn

__all__ = [
    "SLACK_MENTIONS",
    "RegistryInstallationStore",
    "SlackAdapter",
    "SlackPoster",
    "SlackService",
    "adapter_of",
    "api_base_url",
    "build_slack_app",
    "drain",
    "fallback_text",
    "render_card_blocks",
    "render_reply_blocks",
    "replace_card_blocks",
    "run_slack",
    "slack_poster",
    "slack_routes",
    "to_mrkdwn",
]
