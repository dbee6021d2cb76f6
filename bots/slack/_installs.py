"""How the Slack app authenticates and is served: one bot token, or OAuth installs.

``new_slack_app`` builds the Bolt ``AsyncApp`` for either mode; ``slack_routes`` serves it
over HTTP (events, and the install pages under OAuth). ``bots.slack._posting.SlackPoster``
finds each workspace's bot token here to post with.

With OAuth the app serves many workspaces, each with its own bot token. Bolt asks an
``AsyncInstallationStore`` for the token of the workspace an event came from; this one
keeps installations in the registry graph (``Registry.save_installation``) under the
platform ``slack`` and the team id (``E:<enterprise id>`` for org-wide installs), so they
survive restarts and sit next to the tenant bindings. OAuth ``state`` values only live
for the minutes between "Add to Slack" and the redirect, so they stay in memory.
"""

from __future__ import annotations

import inspect
import logging
import secrets
from typing import Any

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.app.async_app import AsyncApp
from slack_bolt.oauth.async_oauth_settings import AsyncOAuthSettings
from slack_sdk.oauth.installation_store.async_installation_store import AsyncInstallationStore
from slack_sdk.oauth.installation_store.models.bot import Bot
from slack_sdk.oauth.installation_store.models.installation import Installation
from slack_sdk.oauth.state_store.async_state_store import AsyncOAuthStateStore
from slack_sdk.web.async_client import AsyncWebClient

from bots.core import BotSettings
from brain import Registry, ServerNotes, digest_key

log = logging.getLogger(__name__)

PLATFORM = "slack"
#: OAuth state values, noted on the server while an install is under way: under global
#: keys (no tenant is bound until the install finishes, so there is no tenant slot yet).
STATE_NOTE = "slack-oauth-state"
DEFAULT_API_BASE_URL = "https://slack.com/api/"
BOT_SCOPES = (
    "app_mentions:read",
    "assistant:write",  # the assistant pane's suggested prompts (and status, with chat:write)
    "channels:history",
    "groups:history",
    "im:history",
    "chat:write",
    "commands",
    "reactions:write",
    "files:read",
    "files:write",
    "users:read",
)
#: The per-user fields of an installation, cleared when one user's tokens are revoked.
_USER_FIELDS = ("user_token", "user_scopes", "user_refresh_token", "user_token_expires_at")


def installation_key(
    *, enterprise_id: str | None, team_id: str | None, is_enterprise_install: bool | None
) -> str:
    """The registry's external id for an installation: the team id, or the org for org installs."""
    if is_enterprise_install and enterprise_id:
        return f"E:{enterprise_id}"
    if team_id:
        return team_id
    if enterprise_id:
        return f"E:{enterprise_id}"
    raise ValueError("a Slack installation needs a team id or an enterprise id")


def _accepted(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The keys of ``data`` that ``cls.__init__`` takes (stored records may carry more)."""
    names = set(inspect.signature(cls.__init__).parameters) - {"self"}
    return {k: v for k, v in data.items() if k in names}


class RegistryInstallationStore(AsyncInstallationStore):
    """Slack installations in the registry graph: the latest one per workspace.

    Only the workspace's latest installation is kept (hivebrain acts as its bot, never
    as a user), so ``user_id`` filters are honoured only as far as that record allows.
    """

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    @property
    def logger(self) -> logging.Logger:
        """The logger slack_sdk expects every store to expose."""
        return log

    async def async_save(self, installation: Installation) -> None:
        """Keep a new or renewed installation (called at the end of the OAuth flow)."""
        key = installation_key(
            enterprise_id=installation.enterprise_id,
            team_id=installation.team_id,
            is_enterprise_install=installation.is_enterprise_install,
        )
        await self._registry.save_installation(PLATFORM, key, dict(vars(installation)))
        log.info("slack installation saved for %s", key)

    async def async_save_bot(self, bot: Bot) -> None:
        """Keep a renewed bot token (token rotation), keeping the rest of the record."""
        key = installation_key(
            enterprise_id=bot.enterprise_id,
            team_id=bot.team_id,
            is_enterprise_install=bot.is_enterprise_install,
        )
        record = await self._registry.find_installation(PLATFORM, key) or {"user_id": ""}
        await self._registry.save_installation(PLATFORM, key, {**record, **vars(bot)})

    async def _record(
        self, enterprise_id: str | None, team_id: str | None, is_enterprise_install: bool | None
    ) -> dict[str, Any] | None:
        try:
            key = installation_key(
                enterprise_id=enterprise_id,
                team_id=team_id,
                is_enterprise_install=is_enterprise_install,
            )
        except ValueError:
            return None
        return await self._registry.find_installation(PLATFORM, key)

    async def async_find_bot(
        self,
        *,
        enterprise_id: str | None,
        team_id: str | None,
        is_enterprise_install: bool | None = False,
    ) -> Bot | None:
        """The bot token of a workspace, or None if the app is not installed there."""
        record = await self._record(enterprise_id, team_id, is_enterprise_install)
        if not record or not record.get("bot_token"):
            return None
        return Bot(**_accepted(Bot, record))

    async def async_find_installation(
        self,
        *,
        enterprise_id: str | None,
        team_id: str | None,
        user_id: str | None = None,
        is_enterprise_install: bool | None = False,
    ) -> Installation | None:
        """The workspace's installation; with ``user_id``, only if that user installed it."""
        record = await self._record(enterprise_id, team_id, is_enterprise_install)
        if not record:
            return None
        if user_id is not None and record.get("user_id") != user_id:
            return None
        return Installation(**_accepted(Installation, record))

    async def async_delete_bot(self, *, enterprise_id: str | None, team_id: str | None) -> None:
        """Forget the workspace (its bot token was revoked)."""
        await self._delete(enterprise_id, team_id)

    async def async_delete_installation(
        self, *, enterprise_id: str | None, team_id: str | None, user_id: str | None = None
    ) -> None:
        """Forget the workspace, or with ``user_id`` only that user's token."""
        if user_id is None:
            await self._delete(enterprise_id, team_id)
            return
        record = await self._record(enterprise_id, team_id, False)
        if record and record.get("user_id") == user_id:
            key = installation_key(
                enterprise_id=enterprise_id, team_id=team_id, is_enterprise_install=False
            )
            cleared = {**record, **dict.fromkeys(_USER_FIELDS)}
            await self._registry.save_installation(PLATFORM, key, cleared)

    async def _delete(self, enterprise_id: str | None, team_id: str | None) -> None:
        for org_wide in (False, True):
            try:
                key = installation_key(
                    enterprise_id=enterprise_id, team_id=team_id, is_enterprise_install=org_wide
                )
            except ValueError:
                continue
            await self._registry.delete_installation(PLATFORM, key)
            log.info("slack installation deleted for %s", key)


class ServerStateStore(AsyncOAuthStateStore):
    """OAuth ``state`` values kept on the FalkorDB server, each valid once and for
    ``expires_s`` seconds: an install that starts on one ``serve`` process may come back
    to another behind the load balancer."""

    def __init__(self, notes: ServerNotes, *, expires_s: int = 600) -> None:
        self._notes = notes
        self._expires_s = expires_s

    @property
    def logger(self) -> logging.Logger:
        """The logger slack_sdk expects every store to expose."""
        return log

    async def async_issue(self, *args: Any, **kwargs: Any) -> str:
        """A new unguessable state value, noted on the server."""
        state = secrets.token_urlsafe(24)
        await self._notes.put(STATE_NOTE, digest_key(state), {}, ttl_s=self._expires_s)
        return state

    async def async_consume(self, state: str) -> bool:
        """Whether ``state`` was issued (by any process) and has not expired; the first
        consumer takes it, so it can't be used again."""
        return await self._notes.take(STATE_NOTE, digest_key(state)) is not None


def api_base_url(settings: BotSettings) -> str:
    """The Web API base URL (``SLACK_API_BASE_URL``: GovSlack, or a local fake in tests)."""
    url = settings.slack_api_base_url or DEFAULT_API_BASE_URL
    return url if url.endswith("/") else url + "/"


def new_slack_app(
    settings: BotSettings, registry: Registry | None, *, client: AsyncWebClient | None = None
) -> AsyncApp:
    """A Bolt app for one workspace (``SLACK_BOT_TOKEN``) or many (OAuth client id/secret).

    Requests are signature-checked with ``SLACK_SIGNING_SECRET``; Socket Mode
    (``SLACK_APP_TOKEN``) needs no secret because its requests don't come over HTTP.
    Everything is passed explicitly so Bolt never reads the environment itself. Raises
    ``ValueError`` when the settings name neither mode, or HTTP mode lacks its secret.
    """
    signing = settings.slack_signing_secret
    secret = signing.get_secret_value() if signing else ""
    if not secret and settings.slack_app_token is None:
        raise ValueError(
            "Slack over HTTP needs SLACK_SIGNING_SECRET (or SLACK_APP_TOKEN for Socket Mode)"
        )
    common: dict[str, Any] = {
        "name": "hivebrain",
        "process_before_response": True,
        "signing_secret": secret,
        "request_verification_enabled": bool(secret),
    }
    if settings.slack_bot_token is not None or (client is not None and client.token):
        token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
        client = client or AsyncWebClient(token=token, base_url=api_base_url(settings))
        return AsyncApp(client=client, **common)
    if not (settings.slack_client_id and settings.slack_client_secret):
        raise ValueError("Slack needs SLACK_BOT_TOKEN, or SLACK_CLIENT_ID and SLACK_CLIENT_SECRET")
    if registry is None:
        raise ValueError("OAuth installs are kept in the registry: start the brain first")
    store = RegistryInstallationStore(registry)
    oauth = AsyncOAuthSettings(
        client_id=settings.slack_client_id,
        client_secret=settings.slack_client_secret.get_secret_value(),
        scopes=list(BOT_SCOPES),
        installation_store=store,
        installation_store_bot_only=True,
        state_store=ServerStateStore(registry.notes),
    )
    app = AsyncApp(
        client=client or AsyncWebClient(base_url=api_base_url(settings)),
        installation_store=store,
        installation_store_bot_only=True,
        oauth_settings=oauth,
        **common,
    )
    app.enable_token_revocation_listeners()
    return app


def slack_routes(app: AsyncApp, *, events_path: str = "/slack/events") -> list[web.RouteDef]:
    """aiohttp routes serving ``app``: events, plus the install and redirect pages under OAuth."""

    async def events(request: web.Request) -> web.Response:
        return await to_aiohttp_response(await app.async_dispatch(await to_bolt_request(request)))

    routes = [web.post(events_path, events)]
    flow = app.oauth_flow
    if flow is not None:

        async def install(request: web.Request) -> web.Response:
            bolt_request = await to_bolt_request(request)
            return await to_aiohttp_response(await flow.handle_installation(bolt_request))

        async def redirect(request: web.Request) -> web.Response:
            bolt_request = await to_bolt_request(request)
            return await to_aiohttp_response(await flow.handle_callback(bolt_request))

        routes += [web.get(flow.install_path, install), web.get(flow.redirect_uri_path, redirect)]
    return routes
