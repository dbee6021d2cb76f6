"""A pull from a tenant's connected tools into its brain: the path the CLI and the job share.

For each account the tenant's Composio user connected, ``pull_connected`` reads the items
since the account's cursor (or ``since``), maps them to facts
(``brain.ingest.connected_facts``), writes them through the gate as a source's facts and
then moves the cursor to the newest item written. One account's failure (a tool the
remote service refused) is reported for that account and the others still load; an item
that could not be read is skipped, counted and named. A key Composio refuses, or an API
that does not answer, stops the pull with one line before anything is written.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast

from agents.connect._client import (
    FIRST_PULL_DAYS,
    MAX_CHANNELS,
    MAX_PAGES,
    READS,
    ConnectedAccount,
    ConnectedClient,
    Read,
)
from agents.errors import ConnectorFailed
from brain import InputInvalid, TenantGraph, format_moment, now_ms, parse_moment, setting_list
from brain.ingest import (
    ConnectedItems,
    account_fact,
    account_src,
    connected_facts,
    read_cursors,
    save_cursor,
)

log = logging.getLogger(__name__)

#: The tenant setting naming its Composio user (set with `settings composio <user id>`).
USER_SETTING = "composio_user_id"
#: GA4 metrics read when the tenant names none (setting ``analytics_metrics``).
DEFAULT_METRICS = ("sessions", "activeUsers", "conversions")

AccountStatus = Literal["pulled", "skipped", "failed"]


@dataclass(slots=True)
class AccountPull:
    """What one account's pull did."""

    account: ConnectedAccount
    status: AccountStatus
    note: str = ""
    items: int = 0
    created: int = 0
    updated: int = 0
    refused: int = 0
    skipped: list[str] = field(default_factory=list[str])
    since: int | None = None
    cursor: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, for ``--json`` and the job's figures."""
        return {
            "account": self.account.id,
            "toolkit": self.account.toolkit,
            "status": self.status,
            "note": self.note,
            "items": self.items,
            "created": self.created,
            "updated": self.updated,
            "refused": self.refused,
            "skipped": self.skipped,
            "since": format_moment(self.since),
            "cursor": format_moment(self.cursor),
        }


@dataclass(slots=True)
class PullReport:
    """A pull of every (or one) account of a tenant."""

    tenant: str
    accounts: list[AccountPull] = field(default_factory=list[AccountPull])

    def total(self, name: str) -> int:
        """A figure summed over the accounts (``items``, ``created``...)."""
        return sum(int(getattr(a, name)) for a in self.accounts)

    @property
    def skipped_items(self) -> int:
        """Items that could not be read, over every account."""
        return sum(len(a.skipped) for a in self.accounts)

    def summary(self) -> str:
        """One line: accounts pulled, items read, nodes created, what was skipped."""
        pulled = sum(a.status == "pulled" for a in self.accounts)
        failed = sum(a.status == "failed" for a in self.accounts)
        line = (
            f"{pulled} of {len(self.accounts)} accounts pulled: {self.total('items'):,} items, "
            f"{self.total('created'):,} new, {self.total('updated'):,} updated"
        )
        if self.skipped_items:
            line += f", {self.skipped_items} malformed items skipped"
        if failed:
            line += f", {failed} accounts failed"
        return line

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "tenant": self.tenant,
            "summary": self.summary(),
            "accounts": [a.as_dict() for a in self.accounts],
        }


def composio_user(settings: Mapping[str, Any]) -> str | None:
    """The tenant's Composio user id, if it set one."""
    value = settings.get(USER_SETTING)
    return str(value).strip() if value and str(value).strip() else None


def require_user(slug: str, settings: Mapping[str, Any]) -> str:
    """The tenant's Composio user id; ``ConnectorFailed`` saying how to set it if none."""
    user = composio_user(settings)
    if user is None:
        raise ConnectorFailed(
            f"tenant {slug!r} has no Composio user yet, so there is nothing to pull: an "
            "approver sets it in chat with `/hivebrain settings composio <user id>`"
        )
    return user


async def list_connected(
    graph: TenantGraph, client: ConnectedClient, *, user_id: str
) -> list[dict[str, Any]]:
    """The tenant's connected accounts, each with what a pull reads from it and its cursor."""
    accounts = await client.accounts(user_id)
    cursors = await read_cursors(graph, [a.id for a in accounts])
    return [
        {
            "account": a.id,
            "toolkit": a.toolkit,
            "status": a.status,
            "label": a.label,
            "connected": a.created_at,
            "reads": READS[a.toolkit].slug if a.toolkit in READS else None,
            "cursor": format_moment(cursors.get(a.id)),
        }
        for a in accounts
    ]


async def pull_connected(
    graph: TenantGraph,
    client: ConnectedClient,
    *,
    user_id: str,
    settings: Mapping[str, Any],
    since: int | None = None,
    account: str | None = None,
    now: int | None = None,
) -> PullReport:
    """Pull recent items of every active account (or only ``account``) into ``graph``.

    ``since`` (epoch ms) reads from that moment instead of each account's cursor; without
    either, a first pull reaches ``FIRST_PULL_DAYS`` back.
    """
    t = now_ms() if now is None else now
    accounts = await client.accounts(user_id)
    if account is not None:
        accounts = [a for a in accounts if a.id == account]
        if not accounts:
            raise ConnectorFailed(
                f"no connected account {account!r} for tenant {graph.slug!r}: "
                f"`hivebrain connect {graph.slug} list` shows them"
            )
    cursors = await read_cursors(graph, [a.id for a in accounts])
    report = PullReport(tenant=graph.slug)
    for acc in accounts:
        start = since if since is not None else cursors.get(acc.id)
        start = start if start is not None else t - FIRST_PULL_DAYS * 86_400_000
        pull = AccountPull(account=acc, status="skipped", since=start, cursor=cursors.get(acc.id))
        report.accounts.append(pull)
        read = READS.get(acc.toolkit)
        if acc.status != "ACTIVE":
            pull.note = f"not active ({acc.status.lower()}): reconnect it in Composio"
            continue
        if read is None:
            pull.note = f"hivebrain reads nothing from {acc.toolkit} yet"
            continue
        if read.needs and not settings.get(read.needs):
            pull.note = f"set the tenant setting {read.needs} to read {acc.toolkit}"
            continue
        try:
            await _pull_one(graph, client, read, acc, pull, user_id=user_id, settings=settings)
        except ConnectorFailed as exc:
            pull.status, pull.note = "failed", exc.reason
            log.info("pull of %s for %s failed: %s", acc.id, graph.slug, exc.reason)
    return report


async def _pull_one(
    graph: TenantGraph,
    client: ConnectedClient,
    read: Read,
    acc: ConnectedAccount,
    pull: AccountPull,
    *,
    user_id: str,
    settings: Mapping[str, Any],
) -> None:
    assert pull.since is not None
    since = datetime.fromtimestamp(pull.since / 1000, UTC)
    src = account_src(acc.toolkit, acc.id)
    got = ConnectedItems(src=src)
    capped = False
    for ctx in await _contexts(client, read, acc, user_id=user_id, settings=settings):
        token: str | None = None
        for _ in range(MAX_PAGES):
            arguments = read.arguments(since, ctx)
            if token is not None and read.page is not None:
                arguments[read.page] = token
            data = await client.execute(read.slug, arguments, user_id=user_id, account_id=acc.id)
            got.merge(connected_facts(read.kind, data, src=src, toolkit=acc.toolkit, context=ctx))
            token = read.next_page(data)
            if token is None:
                break
        else:
            capped = True
    created = acc.created_at or format_moment(pull.since) or ""
    facts = [account_fact(account_id=acc.id, toolkit=acc.toolkit, status=acc.status,
                          created_at=created, label=acc.label), *got.facts]  # fmt: skip
    written = await graph.write_facts(list(enumerate(facts, 1)), origin="source")
    pull.status, pull.items, pull.skipped = "pulled", got.items, got.skipped
    pull.created, pull.updated, pull.refused = written.created, written.updated, written.refused
    if written.refused:
        pull.skipped += [f"refused by the gate: {r}" for _, r in written.refusals[:5]]
    pull.note = f"read {acc.toolkit} since {format_moment(pull.since)}"
    if capped:
        # newest-first pages: what lies past the last page read is older, so moving the
        # cursor now would skip it for good; it stays until a pull reads to the end
        pull.note = (
            f"more than {MAX_PAGES} pages since {format_moment(pull.since)}: read the newest, "
            "cursor kept so nothing is skipped; pull with a later --since to move on"
        )
        return
    # the cursor moves only forward, and only after what it covers is written
    if got.newest is not None and (pull.cursor is None or got.newest > pull.cursor):
        await save_cursor(graph, account_id=acc.id, toolkit=acc.toolkit, moment=got.newest)
        pull.cursor = got.newest


async def _contexts(
    client: ConnectedClient,
    read: Read,
    acc: ConnectedAccount,
    *,
    user_id: str,
    settings: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """What each read call of this account needs: one per Slack channel, the X user, the
    analytics property; a plain ``{}`` for the rest."""
    if read.needs == "analytics_property":
        metrics = setting_list(settings.get("analytics_metrics")) or DEFAULT_METRICS
        prop = str(settings[read.needs]).strip()
        prop = prop if prop.startswith("properties/") else f"properties/{prop}"
        return [{"property": prop, "metrics": list(metrics)}]
    if read.prepare is None:
        return [{}]
    data = await client.execute(
        read.prepare, _prepare_args(read.prepare), user_id=user_id, account_id=acc.id
    )
    reply = _obj(data)
    body = _obj(reply.get("response_data")) or reply
    if read.prepare == "TWITTER_USER_LOOKUP_ME":
        username = _obj(body.get("data")).get("username")
        if not isinstance(username, str) or not username:
            raise ConnectorFailed("TWITTER_USER_LOOKUP_ME gave no username; nothing read")
        return [{"username": username}]
    channels = body.get("channels")
    out: list[dict[str, Any]] = []
    for channel in map(_obj, cast(list[Any], channels) if isinstance(channels, list) else []):
        if not isinstance(channel.get("id"), str):
            continue
        if channel.get("is_member") is False or channel.get("is_archived"):
            continue
        out.append({"channel": channel["id"], "channel_name": channel.get("name")})
    return out[:MAX_CHANNELS]


def _obj(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one."""
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _prepare_args(slug: str) -> dict[str, Any]:
    if slug == "SLACK_LIST_ALL_CHANNELS":
        return {"limit": 200, "exclude_archived": True, "types": "public_channel,private_channel"}
    return {}


def parse_since(text: str) -> int:
    """A ``--since`` value (``2026-11-01``, an ISO moment, or ``7d`` for seven days back)
    as epoch ms; ``ConnectorFailed`` with the forms it takes."""
    value = text.strip()
    if value[:-1].isdigit() and value[-1:] in ("d", "h"):
        hours = int(value[:-1]) * (24 if value.endswith("d") else 1)
        return int((datetime.now(UTC) - timedelta(hours=hours)).timestamp() * 1000)
    try:
        return parse_moment(value, field="--since")
    except InputInvalid:
        raise ConnectorFailed(
            f"--since {text!r} is not a date: give 2026-11-01, 2026-11-01T09:00:00Z or 7d"
        ) from None
