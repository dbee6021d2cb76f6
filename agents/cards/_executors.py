"""Executors: the plugins that carry out an approved card, each behind one small protocol.

``agents.cards._cards.decide`` looks a card's ``executor`` name up in an ``ExecutorRegistry``
and calls ``execute(card)`` once, after the approval is recorded. An executor returns a
short sentence saying what it did ("labelled o/r#12 'bug'") and raises ``ActionFailed``
(with a channel-safe ``user_message``) when the outside world refuses. The bots build the
registry at wiring time from their settings: only configured executors are registered,
so a card for an unconfigured one stays pending instead of failing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents.cards._kinds import composio_toolkit, kind_spec, read_payload
from agents.connect import ComposioSdk, sdk_errors
from agents.errors import ActionFailed, ExecutorUnknown

if TYPE_CHECKING:
    from agents.cards._cards import Card

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)


class Executor(Protocol):
    """Carries out one approved card. ``name`` is what ``CardDraft.executor`` refers to."""

    name: str

    async def execute(self, card: Card) -> str:
        """Do the card's action once; return a short sentence, or raise ``ActionFailed``."""
        ...


class Poster(Protocol):
    """Posts a platform-neutral message; the bots supply one per platform at wiring time."""

    async def post(self, *, platform: str, channel: str, text: str) -> str:
        """Post ``text`` to ``channel`` on ``platform``; return the message id or permalink."""
        ...


@runtime_checkable
class KeyedPoster(Protocol):
    """A ``Poster`` whose platform dedupes by key: the same key never posts twice.

    Discord does (a message nonce it enforces); Slack's ``chat.postMessage`` has no such
    key, so its poster is a plain ``Poster`` and only the card's state guards it.
    """

    async def post_once(self, *, platform: str, channel: str, text: str, key: str) -> str:
        """Post ``text`` unless a post with ``key`` was already made; return its id."""
        ...


class ExecutorRegistry:
    """The executors one process may run, by name. ``register`` each configured one."""

    def __init__(self, executors: Iterable[Executor] = ()) -> None:
        self._by_name: dict[str, Executor] = {}
        for executor in executors:
            self.register(executor)

    def register(self, executor: Executor) -> Executor:
        """Add an executor; raises ``ValueError`` if its name is taken. Returns it."""
        if executor.name in self._by_name:
            raise ValueError(f"an executor named {executor.name!r} is already registered")
        self._by_name[executor.name] = executor
        return executor

    def get(self, name: str) -> Executor:
        """The executor called ``name``; raises ``ExecutorUnknown``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise ExecutorUnknown(name, self._by_name) from None

    def names(self) -> list[str]:
        """Registered names, sorted."""
        return sorted(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name


def _payload(model: type[M], executor: str, card: Card) -> M:
    if not card.payload_intact():
        raise ActionFailed(
            executor, "the card's payload no longer matches what was shown; nothing ran"
        )
    try:
        return model.model_validate(card.payload)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'payload'}: {e['msg']}" for e in exc.errors()
        )
        raise ActionFailed(executor, f"the card's payload is not usable: {problems}") from None


class RecordOnlyExecutor:
    """``record``: only records the approval, for notes and things a person does by hand."""

    name = "record"

    async def execute(self, card: Card) -> str:
        """Nothing leaves hivebrain; the approval on the card is the record."""
        return "recorded; nothing was sent automatically"


class _ChannelPayload(BaseModel):
    model_config = ConfigDict(extra="ignore")

    platform: str = Field(min_length=1, max_length=32)
    channel: str = Field(min_length=1, max_length=128)
    text: str = Field(min_length=1, max_length=40_000)
    workspace: str | None = Field(default=None, max_length=64)


class ChannelPostExecutor:
    """``channel``: posts ``{"platform", "channel", "text"}`` through the bots' ``Poster``.

    A ``KeyedPoster`` gets the card's idempotency key, so a platform that dedupes by key
    never shows the post twice even if a retry follows a lost answer.
    """

    name = "channel"

    def __init__(self, *, poster: Poster) -> None:
        self._poster = poster

    async def execute(self, card: Card) -> str:
        """Post once; the poster raises ``HivebrainError`` subclasses when the platform refuses."""
        p = _payload(_ChannelPayload, self.name, card)
        # a Slack poster serving many workspaces finds the bot token by team: "T1/C1"
        where = f"{p.workspace}/{p.channel}" if p.workspace and p.platform == "slack" else p.channel
        if isinstance(self._poster, KeyedPoster):
            ref = await self._poster.post_once(
                platform=p.platform, channel=where, text=p.text, key=card.idempotency_key
            )
        else:
            ref = await self._poster.post(platform=p.platform, channel=where, text=p.text)
        return f"posted to {p.platform} channel {p.channel} ({ref})"


# --- GitHub ---------------------------------------------------------------------------------

#: A tenant's slug -> the repositories its cards may change (its ``github_repos`` setting).
RepoLookup = Callable[[str], Awaitable[Iterable[str]]]

_REPO = r"^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$"


class _GitHubPayload(BaseModel):
    model_config = ConfigDict(extra="ignore")

    repo: str = Field(pattern=_REPO, max_length=140)
    issue: int = Field(gt=0)
    labels: list[str] | None = Field(default=None, min_length=1, max_length=20)
    body: str | None = Field(default=None, min_length=1, max_length=60_000)
    assignees: list[str] | None = Field(default=None, min_length=1, max_length=10)


#: Card kind -> (payload field it needs, path under the issue).
_GITHUB_ACTIONS: dict[str, tuple[str, str]] = {
    "label": ("labels", "labels"),
    "comment": ("body", "comments"),
    "reply": ("body", "comments"),
    "assign": ("assignees", "assignees"),
}


class GitHubExecutor:
    """``github``: labels, comments on or assigns an issue or pull request via the REST API.

    Writes only to repositories in ``repos`` (case-insensitive ``owner/name``) and, with
    ``tenant_repos``, only to those the card's tenant lists too; anything else is refused
    before any request. Card kinds: ``label`` (payload ``labels``),
    ``comment``/``reply`` (``body``), ``assign`` (``assignees``), each with ``repo`` and
    ``issue``. The token never appears in messages or logs.
    """

    name = "github"

    def __init__(
        self,
        *,
        token: str,
        repos: Iterable[str],
        base_url: str = "https://api.github.com",
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        tenant_repos: RepoLookup | None = None,
    ) -> None:
        self._token = token
        self._repos = {r.lower() for r in repos}
        self._tenant_repos = tenant_repos
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout
        self._transport = transport

    async def execute(self, card: Card) -> str:
        """Make the REST call the card's kind asks for (a ``triage`` card: the labels, then
        the reply); map GitHub's refusals."""
        if card.kind == "triage":
            labelled = await self.execute(card.model_copy(update={"kind": "label"}))
            try:
                return f"{labelled}; " + await self.execute(
                    card.model_copy(update={"kind": "reply"})
                )
            except ActionFailed as exc:
                reason = f"{labelled}, but the reply failed: {exc.reason}"
                raise ActionFailed(self.name, reason) from exc
        if card.kind not in _GITHUB_ACTIONS:
            raise ActionFailed(self.name, f"GitHub cannot carry out a {card.kind!r} card")
        field_name, what = _GITHUB_ACTIONS[card.kind]
        p = _payload(_GitHubPayload, self.name, card)
        value = getattr(p, field_name)
        if value is None:
            raise ActionFailed(self.name, f"a {card.kind} card needs {field_name!r} in its payload")
        if p.repo.lower() not in self._repos:
            raise ActionFailed(
                self.name, f"{p.repo} is not on the list of repositories hivebrain may change"
            )
        if self._tenant_repos is not None:
            allowed = {r.lower() for r in await self._tenant_repos(card.tenant)}
            if p.repo.lower() not in allowed:
                raise ActionFailed(
                    self.name, f"{p.repo} is not one of this workspace's repositories"
                )
        target = f"{p.repo}#{p.issue}"
        reply = await self._post(f"/repos/{p.repo}/issues/{p.issue}/{what}", {field_name: value})
        if card.kind == "label":
            return f"labelled {target} " + ", ".join(f"'{name}'" for name in value)
        if card.kind == "assign":
            return f"assigned {target} to {', '.join(value)}"
        # GitHub answers a JSON object; anything else simply has no link to show
        link = cast(dict[str, Any], reply).get("html_url") if isinstance(reply, dict) else None
        return f"commented on {target}" + (f" ({link})" if link else "")

    async def _post(self, path: str, body: Mapping[str, Any]) -> Any:
        headers = {
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {self._token}",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "hivebrain",
        }
        started = time.perf_counter()
        try:
            async with httpx.AsyncClient(
                base_url=self._base_url,
                headers=headers,
                timeout=self._timeout,
                transport=self._transport,
            ) as client:
                response = await client.post(path, json=body)
        except httpx.HTTPError as exc:
            log.info("github POST %s: %s", path, type(exc).__name__)
            raise ActionFailed(self.name, "GitHub could not be reached; nothing changed") from None
        log.info(
            "github POST %s: %d in %.0f ms",
            path,
            response.status_code,
            (time.perf_counter() - started) * 1000,
        )
        if response.is_success:
            return response.json() if response.content else None
        raise ActionFailed(self.name, _github_reason(response, path))


def _github_reason(response: httpx.Response, path: str) -> str:
    try:
        message = str(response.json().get("message", ""))[:200]
    except (ValueError, AttributeError):
        message = ""
    status = response.status_code
    where = path.removeprefix("/repos/").split("/issues/")[0]
    if status == 401:
        return f"GitHub refused hivebrain's token (401 {message or 'Unauthorized'})"
    if status == 403 and response.headers.get("x-ratelimit-remaining") == "0":
        return "GitHub's rate limit is used up; try again later"
    if status == 403:
        return f"hivebrain's GitHub token may not change {where} (403 {message})".rstrip()
    if status == 404:
        return f"GitHub has no such issue in {where}, or the token cannot see it (404)"
    if status == 422:
        return f"GitHub rejected the change as invalid (422 {message})"
    return f"GitHub answered {status} {message}".rstrip()


# --- Composio --------------------------------------------------------------------------------


class _ComposioPayload(BaseModel):
    model_config = ConfigDict(extra="ignore")

    toolkit_action: str = Field(pattern=r"^[A-Z0-9_]{3,128}$")
    arguments: dict[str, Any] = Field(default_factory=dict)
    version: str | None = Field(default=None, max_length=64)


@dataclass(frozen=True, slots=True)
class ComposioAccount:
    """Who a tenant is in Composio, and which toolkits it connected (None: not known)."""

    user_id: str
    toolkits: frozenset[str] | None = None


#: A tenant's slug -> its Composio account, or None when it has not connected Composio.
AccountLookup = Callable[[str], Awaitable[ComposioAccount | None]]


class ComposioExecutor:
    """``composio``: runs one Composio tool action (``GMAIL_SEND_EMAIL``...) as the tenant.

    A typed card (``email``, ``post``, ``ad_change``) is turned into its action and
    arguments by its kind (``agents.cards._kinds``); a raw card carries
    ``{"toolkit_action", "arguments", "version"?}``. The Composio user is the card's
    tenant's, from ``accounts`` (each tenant its own user id, a tenant setting), never
    from the card and never one user shared by every tenant; ``user_id`` fixes one user
    for a process that serves a single tenant. A tenant that has not connected the
    toolkit a card needs is told so plainly. ``allowed_actions``, when given, is the
    only actions it runs. The SDK is imported on first use (it takes seconds) and its
    blocking calls run in a thread.
    """

    name = "composio"

    def __init__(
        self,
        *,
        api_key: str,
        user_id: str | None = None,
        accounts: AccountLookup | None = None,
        base_url: str | None = None,
        toolkit_versions: Mapping[str, str] | str | None = None,
        allowed_actions: Iterable[str] | None = None,
        timeout: int = 60,
    ) -> None:
        if (user_id is None) == (accounts is None):
            raise ValueError("give the Composio user as exactly one of user_id or accounts")
        self._user_id = user_id
        self._accounts = accounts
        self._sdk = ComposioSdk(
            api_key=api_key, base_url=base_url, toolkit_versions=toolkit_versions, timeout=timeout
        )
        self._allowed = frozenset(allowed_actions) if allowed_actions is not None else None

    async def execute(self, card: Card) -> str:
        """Run the action once; a run the remote service refused is ``ActionFailed`` too."""
        account = await self._account(card.tenant)
        slug, arguments, version = self._action(card, account)
        if self._allowed is not None and slug not in self._allowed:
            raise ActionFailed(self.name, f"{slug} is not an action hivebrain may run here")
        errors = await sdk_errors()
        started = time.perf_counter()
        try:
            sdk = await self._sdk.client()
            reply = await asyncio.to_thread(
                sdk.tools.execute, slug, arguments, user_id=account.user_id, version=version
            )
        except errors as exc:
            log.info("composio %s: %s", slug, type(exc).__name__)
            raise ActionFailed(self.name, _composio_reason(exc, slug)) from None
        ms = (time.perf_counter() - started) * 1000
        log.info("composio %s: successful=%s in %.0f ms", slug, reply.get("successful"), ms)
        if not reply.get("successful"):
            error = str(reply.get("error") or "no reason given")[:300]
            raise ActionFailed(self.name, f"{slug} ran but failed: {error}")
        return f"ran {slug} via Composio"

    async def _account(self, tenant: str) -> ComposioAccount:
        if self._accounts is None:
            assert self._user_id is not None
            return ComposioAccount(self._user_id)
        account = await self._accounts(tenant)
        if account is None:
            raise ActionFailed(
                self.name,
                "this workspace has not connected Composio yet, so nothing was sent: an "
                "approver can set it with `settings composio <user id>`, then retry",
            )
        return account

    def _action(
        self, card: Card, account: ComposioAccount
    ) -> tuple[str, dict[str, Any], str | None]:
        """The action, arguments and version a card runs as (typed kinds need their toolkit)."""
        spec = kind_spec(card.kind, self.name)
        if spec is None or spec.composio is None or "toolkit_action" in card.payload:
            p = _payload(_ComposioPayload, self.name, card)
            return p.toolkit_action, p.arguments, p.version
        if not card.payload_intact():
            raise ActionFailed(
                self.name, "the card's payload no longer matches what was shown; nothing ran"
            )
        try:
            model = read_payload(spec, card.payload)
        except ValueError as exc:
            raise ActionFailed(self.name, str(exc)) from None
        toolkit = composio_toolkit(spec, model)
        if account.toolkits is not None and toolkit not in account.toolkits:
            raise ActionFailed(
                self.name,
                f"{toolkit} is not connected for this workspace in Composio, so nothing was "
                f"sent: connect it, add it with `settings tools {toolkit}`, then retry",
            )
        return spec.composio.slug(model), spec.composio.arguments(model), None


def _composio_reason(exc: Exception, slug: str) -> str:
    """A sentence safe to show for one of the SDK's errors (never its key)."""
    import composio_client
    from composio import exceptions as sdk_errors

    if isinstance(exc, sdk_errors.ToolNotFoundError):
        return f"Composio has no tool {slug}"
    if isinstance(exc, sdk_errors.ToolVersionRequiredError):
        return f"{slug} needs a toolkit version: set one in the settings or the card"
    if isinstance(exc, composio_client.APIStatusError):
        status = exc.status_code
        if status in (401, 403):
            return f"Composio refused hivebrain's API key ({status})"
        detail = exc.details or {}
        return f"Composio answered {status}: {str(detail.get('message', ''))[:200]}".rstrip(": ")
    if isinstance(exc, composio_client.APIConnectionError):
        return "Composio could not be reached; nothing ran"
    return f"Composio could not run {slug} ({type(exc).__name__})"
