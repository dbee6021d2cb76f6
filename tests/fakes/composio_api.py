"""A fake Composio v3.1 API: ``Composio().tools.execute`` and ``connected_accounts.list``.

The composio 0.30 SDK first fetches the tool's schema, ``GET /api/v3.1/tools/{slug}``
(cached per SDK instance), then runs it, ``POST /api/v3.1/tools/execute/{slug}`` with
``{"arguments", "user_id", "version", ...}``; both send ``x-api-key``. The execute reply
is ``{"data", "error", "successful", "log_id"}``. Errors use Composio's envelope
``{"error": {"message", "code", "slug", "status", "request_id"}}``, which
``composio_client`` maps onto its exception classes (404 becomes ``ToolNotFoundError``
in the SDK). ``GET /api/v3.1/auth/session/info`` answers who the key belongs to (the
cheap call a key check makes). ``GET /api/v3.1/connected_accounts`` lists the accounts a
test added with ``add_account`` in the ``ConnectedAccountListResponse`` shape
(``{"items", "next_cursor", "total_items", "current_page", "total_pages"}``), filtered by
``user_ids``, ``toolkit_slugs``, ``statuses`` and ``connected_account_ids`` and paged by
``limit``/``cursor``. An execute that names a ``connected_account_id`` the fake does not
hold (or one of another user) is refused as Composio refuses it. The ``/api/v3/`` paths
are served too.

The SDK is synchronous: call it with ``await asyncio.to_thread(...)`` so the fake's
event loop keeps running. Pass ``toolkit_versions=`` (or ``version=``) to the SDK:
executing version ``latest`` is refused by the SDK itself, before any request.
"""

from __future__ import annotations

import inspect
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from aiohttp import web

from ._server import Call, FakeServer

__all__ = ["ComposioAccount", "ComposioResult", "FakeComposioAPI"]

ComposioResult = (
    dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any] | Awaitable[dict[str, Any]]]
)
"""A tool's canned ``data``, or a function of the execute request body that returns it."""


@dataclass(slots=True)
class _Tool:
    slug: str
    toolkit: str
    version: str
    result: ComposioResult
    successful: bool
    error: str | None
    input_parameters: dict[str, Any]


@dataclass(slots=True)
class ComposioAccount:
    """One connected account the fake lists (``ConnectedAccountListResponse`` item)."""

    id: str
    user_id: str
    toolkit: str
    status: str = "ACTIVE"
    created_at: str = "2026-01-05T09:00:00.000Z"
    alias: str | None = None

    def as_item(self) -> dict[str, Any]:
        """The account as the API lists it."""
        return {
            "id": self.id,
            "alias": self.alias,
            "word_id": f"{self.toolkit}_{self.id[-6:]}",
            "user_id": self.user_id,
            "status": self.status,
            "status_reason": None,
            "is_disabled": self.status != "ACTIVE",
            "created_at": self.created_at,
            "updated_at": self.created_at,
            "toolkit": {"slug": self.toolkit},
            "auth_config": {
                "id": f"ac_{self.toolkit}",
                "auth_scheme": "OAUTH2",
                "is_composio_managed": True,
                "is_disabled": False,
            },
            "state": {"authScheme": "OAUTH2", "val": {"status": self.status}},
            "data": {},
            "test_request_endpoint": None,
        }


class FakeComposioAPI(FakeServer):
    """A local Composio API serving the tools a test registers; records every request.

    ``tools`` maps slugs to their canned data (or functions); ``add_tool`` sets the
    details. ``api_key`` is the one accepted ``x-api-key``. Unknown slugs are 404.
    """

    def __init__(
        self, *, api_key: str = "ck_fake", tools: Mapping[str, ComposioResult] | None = None
    ) -> None:
        super().__init__()
        self.api_key = api_key
        self.tools: dict[str, _Tool] = {}
        self.accounts: dict[str, ComposioAccount] = {}
        for slug, result in (tools or {}).items():
            self.add_tool(slug, result)

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``, the value for ``Composio(base_url=...)``."""
        return self.origin

    @property
    def executions(self) -> list[dict[str, Any]]:
        """The JSON bodies of every execute request, each with the ``slug`` added."""
        return [
            {"slug": c["slug"], **(c["body"] or {})}
            for c in self.calls
            if c.get("action") == "execute"
        ]

    def calls_to(self, slug: str) -> list[Call]:
        """Every recorded request (retrieve and execute) about ``slug``."""
        return [c for c in self.calls if c.get("slug") == slug]

    def add_tool(
        self,
        slug: str,
        result: ComposioResult | None = None,
        *,
        toolkit: str | None = None,
        version: str = "20250101_00",
        successful: bool = True,
        error: str | None = None,
        input_parameters: dict[str, Any] | None = None,
    ) -> None:
        """Register ``slug``; ``toolkit`` defaults to the slug's prefix (``GITHUB_X`` -> github).

        ``successful=False`` with ``error`` makes execute report a failed run (HTTP 200,
        as Composio does when the tool ran but the remote service refused).
        """
        self.tools[slug] = _Tool(
            slug=slug,
            toolkit=toolkit or slug.split("_", 1)[0].lower(),
            version=version,
            result=result if result is not None else {},
            successful=successful,
            error=error,
            input_parameters=input_parameters
            or {"type": "object", "properties": {}, "required": []},
        )

    def add_account(
        self,
        user_id: str,
        toolkit: str,
        *,
        account_id: str | None = None,
        status: str = "ACTIVE",
        created_at: str = "2026-01-05T09:00:00.000Z",
        alias: str | None = None,
    ) -> str:
        """Connect ``toolkit`` for ``user_id``; returns the account's id (``ca_...``)."""
        found = account_id or "ca_" + uuid.uuid4().hex[:12]
        self.accounts[found] = ComposioAccount(
            id=found,
            user_id=user_id,
            toolkit=toolkit,
            status=status,
            created_at=created_at,
            alias=alias,
        )
        return found

    def add_routes(self, app: web.Application) -> None:
        for prefix in ("/api/v3.1", "/api/v3"):
            app.router.add_get(prefix + "/connected_accounts", self._list_accounts)
            app.router.add_post(prefix + "/tools/execute/{slug}", self._execute)
            app.router.add_get(prefix + "/tools/{slug}", self._retrieve)
            app.router.add_get(prefix + "/auth/session/info", self._session_info)
        app.router.add_route("*", "/{tail:.*}", self._unknown)

    async def _unknown(self, request: web.Request) -> web.Response:
        await self.record(request)
        return _error(404, "Route not found", code=404, slug="NotFound")

    def _refusal(self, call: Call) -> web.Response | None:
        key = call["headers"].get("x-api-key")
        if key != self.api_key:
            return _error(
                401,
                "Invalid API key" if key else "API key is required",
                code=10401,
                slug="Auth_InvalidApiKey",
            )
        tool_slug = call["slug"]
        if tool_slug not in self.tools:
            return _error(404, f"Tool {tool_slug} not found", code=10404, slug="Tool_ToolNotFound")
        return None

    async def _session_info(self, request: web.Request) -> web.Response:
        call = await self.record(request, action="session")
        if call["headers"].get("x-api-key") != self.api_key:
            return _error(401, "Invalid API key", code=10401, slug="Auth_InvalidApiKey")
        return _json(
            {
                "project": {"id": "pr_fake", "name": "Fake project", "org_id": "ok_fake"},
                "org_member": {"id": "om_fake", "email": "owner@example.test"},
                "api_key": {"id": "ak_fake", "name": "default"},
            }
        )

    async def _list_accounts(self, request: web.Request) -> web.Response:
        call = await self.record(request, action="list_accounts")
        if call["headers"].get("x-api-key") != self.api_key:
            return _error(401, "Invalid API key", code=10401, slug="Auth_InvalidApiKey")
        wanted = {
            key: {v for raw in request.query.getall(key, []) for v in raw.split(",") if v}
            for key in ("user_ids", "toolkit_slugs", "statuses", "connected_account_ids")
        }
        items = [
            a
            for a in self.accounts.values()
            if (not wanted["user_ids"] or a.user_id in wanted["user_ids"])
            and (not wanted["toolkit_slugs"] or a.toolkit in wanted["toolkit_slugs"])
            and (not wanted["statuses"] or a.status in wanted["statuses"])
            and (not wanted["connected_account_ids"] or a.id in wanted["connected_account_ids"])
        ]
        try:
            limit = max(1, int(float(request.query.get("limit", "20"))))
            start = int(request.query.get("cursor") or 0)
        except ValueError:
            return _error(400, "limit and cursor must be numbers", code=10400, slug="BadRequest")
        page = items[start : start + limit]
        more = start + limit < len(items)
        return _json(
            {
                "items": [a.as_item() for a in page],
                "next_cursor": str(start + limit) if more else None,
                "total_items": len(items),
                "current_page": start // limit + 1,
                "total_pages": max(1, -(-len(items) // limit)),
            }
        )

    async def _retrieve(self, request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        call = await self.record(request, action="retrieve", slug=slug)
        if (refusal := self._refusal(call)) is not None:
            return refusal
        return _json(self._schema(self.tools[slug]))

    async def _execute(self, request: web.Request) -> web.Response:
        slug = request.match_info["slug"]
        call = await self.record(request, action="execute", slug=slug)
        if (refusal := self._refusal(call)) is not None:
            return refusal
        raw: Any = call["body"]
        body: dict[str, Any] = cast(dict[str, Any], raw) if isinstance(raw, dict) else {}
        if not isinstance(body.get("arguments", {}), dict):
            return _error(
                400, "arguments must be an object", code=10400, slug="Tool_InvalidArguments"
            )
        account_id: Any = body.get("connected_account_id")
        if account_id is not None:
            account = self.accounts.get(str(account_id))
            if account is None or account.user_id != body.get("user_id"):
                return _error(
                    400,
                    f"Connected account {account_id} not found for this user",
                    code=10400,
                    slug="ConnectedAccount_NotFound",
                )
        tool = self.tools[slug]
        if callable(tool.result):
            produced = tool.result(body)
            data = await produced if inspect.isawaitable(produced) else produced
        else:
            data = tool.result
        return _json(
            {
                "data": data,
                "error": tool.error,
                "successful": tool.successful,
                "log_id": "log_" + uuid.uuid4().hex[:12],
                "session_info": None,
            }
        )

    def _schema(self, tool: _Tool) -> dict[str, Any]:
        """The tool in ``ToolRetrieveResponse`` shape."""
        name = tool.slug.replace("_", " ").title()
        toolkit = {
            "slug": tool.toolkit,
            "name": tool.toolkit.title(),
            "logo": f"https://logos.composio.dev/api/{tool.toolkit}",
        }
        return {
            "slug": tool.slug,
            "name": name,
            "description": f"{name} (fake)",
            "human_description": None,
            "toolkit": toolkit,
            "input_parameters": tool.input_parameters,
            "output_parameters": {
                "type": "object",
                "properties": {
                    "data": {"type": "object"},
                    "error": {"type": "string"},
                    "successful": {"type": "boolean"},
                },
            },
            "version": tool.version,
            "available_versions": [tool.version],
            "is_deprecated": False,
            "deprecated": {
                "available_versions": [tool.version],
                "displayName": name,
                "is_deprecated": False,
                "toolkit": {"logo": toolkit["logo"]},
                "version": tool.version,
            },
            "no_auth": False,
            "scopes": [],
            "scope_requirements": None,
            "tags": [],
        }


def _json(body: Any, status: int = 200) -> web.Response:
    return web.json_response(
        body, status=status, headers={"x-request-id": "req_" + uuid.uuid4().hex[:16]}
    )


def _error(status: int, message: str, *, code: int, slug: str) -> web.Response:
    request_id = "req_" + uuid.uuid4().hex[:16]
    body = {
        "error": {
            "message": message,
            "code": code,
            "slug": slug,
            "status": status,
            "request_id": request_id,
        }
    }
    return web.json_response(body, status=status, headers={"x-request-id": request_id})
