"""The Composio side of connected tools: list a user's connected accounts, run read actions.

``ConnectedClient`` wraps the composio SDK for reads, next to ``ComposioExecutor`` that
runs approved writes. The SDK is imported on first use (it takes seconds) and its
blocking calls run in a thread, so the event loop keeps going. Every failure the SDK can
raise becomes ``ConnectorFailed`` with one plain sentence (a refused key, an unreachable
API, a tool Composio does not have), never a traceback or the key.

Which action reads what is ``READS``: one real Composio tool per toolkit, with the
arguments that ask only for items since a moment. Their replies are mapped to facts by
``brain.ingest.connected_facts``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from pydantic import Field, SecretStr, field_validator

from agents.connect._sdk import ComposioSdk, sdk_errors
from agents.errors import ConnectorFailed
from brain import HivebrainSettings, HttpUrlSetting
from brain.ingest import ItemKind

log = logging.getLogger(__name__)

#: Items one read asks for at a time (a page).
PAGE = 50
#: Pages one account's pull follows at most (per Slack channel).
MAX_PAGES = 40
#: Slack channels one pull reads at most.
MAX_CHANNELS = 20
#: How far back a first pull of an account reaches when no --since is given (days).
FIRST_PULL_DAYS = 30


class ConnectorSettings(HivebrainSettings):
    """Composio credentials of the connector (the same variables the executors read).

    See `.env.example`. The Composio user is each tenant's ``composio_user_id`` setting,
    never a variable here.
    """

    composio_api_key: SecretStr | None = Field(default=None, description="empty = off")
    composio_base_url: HttpUrlSetting | None = Field(
        default=None, description="Composio API base URL; empty = the SDK's default"
    )
    composio_toolkit_versions: str | None = Field(
        default=None, description="one version for every toolkit, e.g. 20250909_00"
    )

    @field_validator(
        "composio_api_key", "composio_base_url", "composio_toolkit_versions", mode="before"
    )
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value


@dataclass(frozen=True, slots=True)
class ConnectedAccount:
    """One account a tenant's Composio user connected (``ca_...``)."""

    id: str
    toolkit: str
    status: str
    created_at: str
    label: str | None = None


@dataclass(frozen=True, slots=True)
class Read:
    """How one toolkit's recent items are read: the action, its arguments, their kind.

    ``prepare`` names an action run first whose reply the arguments need (Slack's
    channels, the X user), and ``needs`` a tenant setting the read cannot go without.
    ``page`` is the argument that asks for the next page and ``next_page`` where the
    reply says what to put in it (Gmail, Slack and X answer newest first, so a read
    follows every page or it would skip the older items for good).
    """

    toolkit: str
    slug: str
    kind: ItemKind
    arguments: Callable[[datetime, Mapping[str, Any]], dict[str, Any]]
    prepare: str | None = None
    needs: str | None = None
    page: str | None = None
    next_page: Callable[[Any], str | None] = lambda _: None


def _token(*path: str) -> Callable[[Any], str | None]:
    """Reads the next-page token at ``path`` of a reply (None: the last page)."""

    def read(data: Any) -> str | None:
        value: Any = _obj(data)
        value = _obj(value.get("response_data")) or value
        for key in path:
            value = _obj(value).get(key)
        return value if isinstance(value, str) and value else None

    return read


def _obj(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one."""
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _day_before_today(since: datetime) -> str:
    yesterday = (datetime.now(UTC) - timedelta(days=1)).date()
    return min(since.astimezone(UTC).date(), yesterday).isoformat()


READS: dict[str, Read] = {
    "gmail": Read(
        "gmail",
        "GMAIL_FETCH_EMAILS",
        "email",
        lambda since, _: {
            "query": f"after:{int(since.timestamp())}",
            "max_results": PAGE,
            "include_payload": False,
            "user_id": "me",
        },
        page="page_token",
        next_page=_token("nextPageToken"),
    ),
    "googlecalendar": Read(
        "googlecalendar",
        "GOOGLECALENDAR_EVENTS_LIST",
        "event",
        lambda since, _: {
            "calendarId": "primary",
            "updatedMin": _iso(since),
            "maxResults": PAGE,
            "singleEvents": True,
            "orderBy": "updated",
        },
        page="pageToken",
        next_page=_token("nextPageToken"),
    ),
    "slack": Read(
        "slack",
        "SLACK_FETCH_CONVERSATION_HISTORY",
        "message",
        lambda since, ctx: {
            "channel": ctx["channel"],
            "oldest": f"{since.timestamp():.6f}",
            "limit": PAGE,
        },
        prepare="SLACK_LIST_ALL_CHANNELS",
        page="cursor",
        next_page=_token("response_metadata", "next_cursor"),
    ),
    "twitter": Read(
        "twitter",
        "TWITTER_RECENT_SEARCH",
        "post",
        lambda since, ctx: {
            "query": f"from:{ctx['username']}",
            # X's recent search reaches back seven days at most
            "start_time": _iso(max(since, datetime.now(UTC) - timedelta(days=6, hours=23))),
            "max_results": max(10, min(PAGE, 100)),
            "tweet_fields": ["created_at", "public_metrics", "author_id"],
        },
        prepare="TWITTER_USER_LOOKUP_ME",
        page="next_token",
        next_page=_token("meta", "next_token"),
    ),
    "google_analytics": Read(
        "google_analytics",
        "GOOGLE_ANALYTICS_RUN_REPORT",
        "reading",
        lambda since, ctx: {
            "property": ctx["property"],
            # whole days only: today's figures are still moving, and a reading once
            # written for a day keeps its value
            "dateRanges": [{"startDate": _day_before_today(since), "endDate": "yesterday"}],
            "dimensions": [{"name": "date"}],
            "metrics": [{"name": m} for m in ctx["metrics"]],
            "limit": 1_000,
        },
        needs="analytics_property",
    ),
}


class ConnectedClient:
    """Reads through Composio as one tenant's user; build one per pull (or per job run)."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str | None = None,
        toolkit_versions: str | None = None,
        timeout: int = 60,
    ) -> None:
        self._sdk = ComposioSdk(
            api_key=api_key, base_url=base_url, toolkit_versions=toolkit_versions, timeout=timeout
        )

    @classmethod
    def from_settings(cls, settings: ConnectorSettings) -> ConnectedClient:
        """A client from the environment; raises ``ConnectorFailed`` without a key."""
        if settings.composio_api_key is None:
            raise ConnectorFailed(
                "COMPOSIO_API_KEY is not set: put the project's API key in the environment "
                "or .env to pull from connected tools"
            )
        return cls(
            api_key=settings.composio_api_key.get_secret_value(),
            base_url=settings.composio_base_url,
            toolkit_versions=settings.composio_toolkit_versions,
        )

    async def accounts(self, user_id: str) -> list[ConnectedAccount]:
        """Every account ``user_id`` connected, any status, oldest first."""
        found: list[ConnectedAccount] = []
        cursor: str | None = None
        for _ in range(20):  # 20 pages of 100 accounts: far more than one tenant holds
            options: dict[str, Any] = {"user_ids": [user_id], "limit": 100}
            if cursor:
                options["cursor"] = cursor
            page = await self._call("listing connected accounts", "list", options)
            items: list[Any] = list(getattr(page, "items", None) or [])
            for item in items:
                account_id: Any = getattr(item, "id", None)
                toolkit: Any = getattr(getattr(item, "toolkit", None), "slug", None)
                if not isinstance(account_id, str) or not isinstance(toolkit, str):
                    continue
                label: Any = getattr(item, "alias", None) or getattr(item, "word_id", None)
                found.append(
                    ConnectedAccount(
                        id=account_id,
                        toolkit=toolkit.lower(),
                        status=str(getattr(item, "status", "") or "UNKNOWN"),
                        created_at=str(getattr(item, "created_at", "") or ""),
                        label=label if isinstance(label, str) else None,
                    )
                )
            cursor = getattr(page, "next_cursor", None)
            if not cursor:
                break
        return found

    async def execute(
        self, slug: str, arguments: dict[str, Any], *, user_id: str, account_id: str
    ) -> Any:
        """Run read action ``slug`` on one account; its ``data``. A run the remote service
        refused is ``ConnectorFailed`` too."""
        options: dict[str, Any] = {"user_id": user_id, "connected_account_id": account_id}
        if not self._sdk.versions:
            # reads change nothing, so the newest toolkit version is safe to read with
            options["dangerously_skip_version_check"] = True
        reply = await self._call(
            f"running {slug}", "execute", {"slug": slug, "arguments": arguments, **options}
        )
        reply = cast(dict[str, Any], reply) if isinstance(reply, dict) else {}
        if not reply.get("successful"):
            error = str(reply.get("error") or "no reason given")[:300]
            raise ConnectorFailed(f"{slug} ran but failed: {error}")
        return reply.get("data")

    async def _call(self, what: str, method: str, options: dict[str, Any]) -> Any:
        errors = await sdk_errors()
        try:
            sdk = await self._sdk.client()
            if method == "list":
                return await asyncio.to_thread(sdk.connected_accounts.list, **options)
            return await asyncio.to_thread(sdk.tools.execute, **options)
        except errors as exc:
            log.info("composio %s: %s", what, type(exc).__name__)
            raise ConnectorFailed(f"{what}: {_reason(exc)}") from None


def _reason(exc: Exception) -> str:
    """A sentence safe to show for one of the SDK's errors (never its key)."""
    import composio_client
    from composio import exceptions as sdk_errors

    if isinstance(exc, sdk_errors.ToolNotFoundError):
        return "Composio has no such tool"
    if isinstance(exc, composio_client.APIStatusError):
        status = exc.status_code
        if status in (401, 403):
            return (
                f"Composio refused the API key ({status}); check COMPOSIO_API_KEY "
                "(the project's key, from the Composio dashboard)"
            )
        detail = cast(dict[str, Any], getattr(exc, "details", None) or {})
        return f"Composio answered {status}: {str(detail.get('message', ''))[:200]}".rstrip(": ")
    if isinstance(exc, composio_client.APIConnectionError):
        return "the Composio API could not be reached; check COMPOSIO_BASE_URL and the network"
    return f"Composio failed ({type(exc).__name__})"
