"""The Slack adapter: the Bolt app, installs and the Web API poster, Block Kit rendering."""

from __future__ import annotations

from bots.slack._app import build_slack_app, run_slack
from bots.slack._installs import SlackPoster, slack_routes
from bots.slack._render import fallback_text, render_card_blocks, render_reply_blocks, to_mrkdwn

__all__ = [
    "SlackPoster",
    "build_slack_app",
    "fallback_text",
    "render_card_blocks",
    "render_reply_blocks",
    "run_slack",
    "slack_routes",
    "to_mrkdwn",
]
