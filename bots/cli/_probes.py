"""The remote checks of `hivebrain doctor`: one cheap authenticated call per service.

Each probe makes the smallest call that proves a credential works (Slack ``auth.test``,
Discord ``GET /users/@me``, GitHub ``GET /user``, Composio's session info, Anthropic's
``GET /v1/models/{model}``) over plain HTTP, so no SDK is imported just to ask. A probe
returns a ``Check``; an unset credential is ``off`` ("not configured"), never a failure.
What a probe says comes from our own words and the service's error code, never from a
header, so a token cannot leak into a line (``_doctor`` also blanks every secret).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

import aiohttp
from pydantic import SecretStr

from agents import AgentSettings
from bots._wiring import ExecutorSettings
from bots.core import BotSettings

Status = Literal["ok", "fail", "off"]
DEFAULT_ANTHROPIC_URL = "https://api.anthropic.com"
DEFAULT_COMPOSIO_URL = "https://backend.composio.dev"
DEFAULT_SLACK_URL = "https://slack.com/api/"
ANTHROPIC_VERSION = "2023-06-01"
#: Repositories of HIVEBRAIN_GITHUB_REPOS looked up at most.
MAX_REPOS = 10


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the doctor's report."""

    name: str
    status: Status
    detail: str


def _secret(value: SecretStr | None) -> str:
    return "" if value is None else value.get_secret_value()


def _obj(value: Any) -> dict[str, Any]:
    """A JSON object, or {} for anything else."""
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


async def _call(
    session: aiohttp.ClientSession, method: str, url: str, headers: dict[str, str]
) -> tuple[int, dict[str, Any]]:
    """``(status, JSON object)`` of one request ({} when the body is not one)."""
    async with session.request(method, url, headers=headers) as response:
        try:
            body: Any = await response.json(content_type=None)
        except (aiohttp.ContentTypeError, ValueError):
            body = None
        return response.status, _obj(body)


def _reason(status: int, body: dict[str, Any]) -> str:
    """The service's own short reason for refusing (its error code or message)."""
    err = _obj(body.get("error"))  # Anthropic, Composio
    found: Any = err.get("type") or err.get("slug") or err.get("message")
    if found:
        return f"HTTP {status}, {str(found)[:80]}"
    for key in ("error", "message"):  # Slack, Discord, GitHub
        if isinstance(body.get(key), str):
            return f"HTTP {status}, {str(body[key])[:80]}"
    return f"HTTP {status}"


async def check_model_key(session: aiohttp.ClientSession, settings: AgentSettings) -> Check:
    """The Anthropic key and model: ``GET /v1/models/{model}`` (free, proves both)."""
    key = _secret(settings.anthropic_api_key)
    if not key:
        return Check("model key", "off", "rules mode (no ANTHROPIC_API_KEY)")
    base = (settings.anthropic_base_url or DEFAULT_ANTHROPIC_URL).rstrip("/")
    status, body = await _call(
        session,
        "GET",
        f"{base}/v1/models/{settings.anthropic_model}",
        {"x-api-key": key, "anthropic-version": ANTHROPIC_VERSION},
    )
    if status == 200:
        return Check("model key", "ok", f"works; model {settings.anthropic_model} is available")
    if status == 404:
        return Check(
            "model key",
            "fail",
            f"the key works but ANTHROPIC_MODEL={settings.anthropic_model} is not a model it "
            f"can use ({_reason(status, body)})",
        )
    return Check("model key", "fail", f"ANTHROPIC_API_KEY was refused ({_reason(status, body)})")


async def check_slack(session: aiohttp.ClientSession, settings: BotSettings) -> Check:
    """Slack's tokens: ``auth.test`` for the bot token, ``apps.connections.open`` for the
    Socket Mode app token; HTTP mode needs the signing secret."""
    if not settings.slack_enabled:
        return Check("Slack", "off", "not configured")
    base = settings.slack_api_base_url or DEFAULT_SLACK_URL
    base = base if base.endswith("/") else base + "/"
    parts: list[str] = []
    bot_token = _secret(settings.slack_bot_token)
    if bot_token:
        status, body = await _call(
            session, "POST", base + "auth.test", {"Authorization": f"Bearer {bot_token}"}
        )
        if body.get("ok") is not True:
            return Check("Slack", "fail", f"SLACK_BOT_TOKEN was refused ({_reason(status, body)})")
        parts.append(f"bot token works (team {body.get('team')}, bot @{body.get('user')})")
    else:
        parts.append("OAuth app: each workspace's token comes from its install")
    app_token = _secret(settings.slack_app_token)
    if app_token:
        status, body = await _call(
            session,
            "POST",
            base + "apps.connections.open",
            {"Authorization": f"Bearer {app_token}"},
        )
        if body.get("ok") is not True:
            return Check("Slack", "fail", f"SLACK_APP_TOKEN was refused ({_reason(status, body)})")
        parts.append("Socket Mode app token works")
    elif settings.slack_signing_secret is None:
        return Check(
            "Slack",
            "fail",
            "HTTP mode needs SLACK_SIGNING_SECRET (or set SLACK_APP_TOKEN for Socket Mode)",
        )
    else:
        parts.append(f"HTTP mode on port {settings.hivebrain_http_port}")
    return Check("Slack", "ok", "; ".join(parts))


async def check_discord(session: aiohttp.ClientSession, settings: BotSettings) -> Check:
    """The Discord bot token: ``GET /users/@me``."""
    token = _secret(settings.discord_token)
    if not token:
        return Check("Discord", "off", "not configured")
    base = settings.discord_api_base_url.rstrip("/")
    status, body = await _call(
        session, "GET", f"{base}/users/@me", {"Authorization": f"Bot {token}"}
    )
    if status == 200:
        return Check(
            "Discord", "ok", f"token works (bot {body.get('username')}, id {body.get('id')})"
        )
    return Check("Discord", "fail", f"DISCORD_TOKEN was refused ({_reason(status, body)})")


async def check_github(session: aiohttp.ClientSession, settings: ExecutorSettings) -> Check:
    """The GitHub token (``GET /user``) and each repository cards may change."""
    token = _secret(settings.github_token)
    if not token:
        return Check("GitHub", "off", "not configured")
    base = settings.github_api_base_url.rstrip("/")
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    }
    status, body = await _call(session, "GET", f"{base}/user", headers)
    if status == 200:
        who = f"token works (as {body.get('login')})"
    elif status == 403 and "integration" in _reason(status, body):
        who = "token works (an app installation token)"  # /user is closed to app tokens
    else:
        return Check("GitHub", "fail", f"GITHUB_TOKEN was refused ({_reason(status, body)})")
    repos = [r.strip() for r in settings.hivebrain_github_repos.split(",") if r.strip()]
    missing: list[str] = []
    for repo in repos[:MAX_REPOS]:
        status, body = await _call(session, "GET", f"{base}/repos/{repo}", headers)
        if status != 200:
            missing.append(f"{repo} ({_reason(status, body)})")
    if missing:
        return Check(
            "GitHub",
            "fail",
            f"{who}, but HIVEBRAIN_GITHUB_REPOS names repositories it cannot see: "
            + ", ".join(missing),
        )
    shown = f"; repositories {', '.join(repos[:MAX_REPOS])} reachable" if repos else ""
    return Check("GitHub", "ok", who + shown)


async def check_composio(session: aiohttp.ClientSession, settings: ExecutorSettings) -> Check:
    """The Composio key: its session info (who the key belongs to)."""
    key = _secret(settings.composio_api_key)
    if not key:
        return Check("Composio", "off", "not configured")
    base = (settings.composio_base_url or DEFAULT_COMPOSIO_URL).rstrip("/")
    status, body = await _call(
        session, "GET", f"{base}/api/v3.1/auth/session/info", {"x-api-key": key}
    )
    if status != 200:
        return Check("Composio", "fail", f"COMPOSIO_API_KEY was refused ({_reason(status, body)})")
    project = _obj(body.get("project"))
    name = f" (project {project['name']})" if project.get("name") else ""
    if not settings.composio_toolkit_versions:  # the SDK refuses "latest"
        name += "; COMPOSIO_TOOLKIT_VERSIONS is empty, so each card must name its version"
    return Check("Composio", "ok", f"key works{name}")
