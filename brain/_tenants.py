"""The registry: which tenants exist, their settings, and which chat workspaces they serve.

The registry is its own graph. Each tenant's data lives in a graph named from its slug
alone (``hb_<slug>``); slugs are validated here, so a graph name can never be built from
anything a caller typed that was not checked. Graph names never leave this package.

A tenant's settings are a shared value on the server (``brain.db.SharedValues``), not a
property of its registry node: every ``serve`` process and CLI call changes them, and
``update_settings`` applies each change to the current settings with a compare-and-set,
so two processes adding approvers or changing the time zone at once both land. Settings
a registry wrote before this (the node's ``settings`` property) are where a tenant's
shared value starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from brain._moments import format_moment, now_ms
from brain._notes import ServerNotes
from brain._tenant_keys import MOVED_MARK, move_untagged_keys, notes_tagged_at, tenant_tag
from brain.db import GraphDriver, SharedValues
from brain.errors import InputInvalid, InvalidSlug, QueryRefused, TenantExists, TenantUnknown

REGISTRY_GRAPH = "hb__registry"
REFERENCE_GRAPH = "hb__reference"
#: Matched with ``fullmatch``: ``$`` would also match before a trailing newline.
_SLUG = re.compile(r"[a-z][a-z0-9-]{1,39}")
PLATFORMS = ("slack", "discord")


def validate_slug(slug: object) -> str:
    """Return the slug if it may name a tenant graph, else raise ``InvalidSlug``."""
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug) or slug.endswith("-") or "--" in slug:
        raise InvalidSlug(str(slug))
    return slug


def graph_name(slug: str) -> str:
    """The tenant graph's name: derived from the validated slug and nothing else."""
    return f"hb_{validate_slug(slug)}"


def tenant_slot(slug: str) -> str:
    """The hash tag that puts a key in tenant ``slug``'s graph's cluster slot."""
    return tenant_tag(graph_name(slug))


def setting_list(value: Any) -> tuple[str, ...]:
    """A tenant's list setting (``github_repos``, ``composio_toolkits``...), stored either as
    a list or as comma-separated text, as a tuple without blanks or repeats."""
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list | tuple):
        items = [str(v) for v in cast(list[Any], value)]
    else:
        return ()
    return tuple(dict.fromkeys(i.strip() for i in items if i.strip()))


@dataclass(frozen=True, slots=True)
class Tenant:
    """One tenant as the registry knows it."""

    slug: str
    name: str
    created_at: int
    settings: dict[str, Any] = field(default_factory=dict)
    bindings: list[tuple[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for the CLI."""
        return {
            "slug": self.slug,
            "name": self.name,
            "created_at": format_moment(self.created_at),
            "settings": self.settings,
            "bindings": [{"platform": p, "id": i} for p, i in self.bindings],
        }


CREATE_TENANT = """
MERGE (t:Tenant {slug: $slug})
ON CREATE SET t.name = $name, t.createdAt = $now, t.settings = '{}', t.fresh = true
WITH t, coalesce(t.fresh, false) AS fresh
REMOVE t.fresh
RETURN fresh
"""

_TENANT_FIELDS = """
OPTIONAL MATCH (b:Binding)-[:BINDS]->(t)
WITH t, collect(CASE WHEN b IS NULL THEN NULL ELSE [b.platform, b.externalId] END) AS bindings
RETURN t.slug, t.name, t.createdAt, t.settings, bindings
ORDER BY t.slug
LIMIT $limit
"""
#: Every tenant. One tenant is read by its slug through the Tenant.slug index (every
#: message resolves its tenant), not through a ``$slug IS NULL OR`` test on each tenant.
READ_TENANTS = "MATCH (t:Tenant)" + _TENANT_FIELDS
READ_TENANT = "MATCH (t:Tenant {slug: $slug})" + _TENANT_FIELDS

BIND_WORKSPACE = """
MATCH (t:Tenant {slug: $slug})
MERGE (b:Binding {key: $key})
ON CREATE SET b.platform = $platform, b.externalId = $externalId, b.boundAt = $now
WITH t, b
OPTIONAL MATCH (b)-[old:BINDS]->(other:Tenant)
WHERE other.slug <> $slug
DELETE old
MERGE (b)-[:BINDS]->(t)
RETURN b.key
"""

READ_LEGACY_SETTINGS = """
MATCH (t:Tenant {slug: $slug})
RETURN t.settings
LIMIT 1
"""

READ_BINDING = """
MATCH (:Binding {key: $key})-[:BINDS]->(t:Tenant)
RETURN t.slug
LIMIT 1
"""

WRITE_INSTALLATION = """
MERGE (i:Installation {key: $key})
SET i.platform = $platform, i.externalId = $externalId, i.data = $data, i.savedAt = $now
RETURN i.key
"""

READ_INSTALLATION = """
MATCH (i:Installation {key: $key})
RETURN i.data
LIMIT 1
"""

DELETE_INSTALLATION = """
MATCH (i:Installation {key: $key})
DELETE i
"""

DELETE_TENANT = """
MATCH (t:Tenant {slug: $slug})
OPTIONAL MATCH (b:Binding)-[:BINDS]->(t)
DELETE b, t
"""


class Registry:
    """Tenants, their settings and platform bindings, in the registry graph."""

    def __init__(self, driver: GraphDriver) -> None:
        self._driver = driver
        # in its graph's cluster slot: a tenant's answers need its own shard only
        self._settings = SharedValues(driver, "settings", slot=tenant_slot)
        #: When this server's tenant notes began to carry their tag (set by ``ensure``).
        self.notes_tagged_at = 0

    @property
    def notes(self) -> ServerNotes:
        """Expiring notes on the registry's server (what every process must see); a
        tenant's in its graph's slot."""
        return ServerNotes(self._driver, slot=tenant_slot, tagged_at_ms=self.notes_tagged_at)

    async def ensure(self) -> None:
        """Create the registry and reference graphs and their indexes if missing."""
        for cypher in (
            "CREATE INDEX FOR (t:Tenant) ON (t.slug)",
            "CREATE INDEX FOR (b:Binding) ON (b.key)",
            "CREATE INDEX FOR (i:Installation) ON (i.key)",
        ):
            try:
                await self._driver.query(REGISTRY_GRAPH, "registry index", cypher)
            except QueryRefused as exc:
                if "already" not in exc.reason:
                    raise
        if not await self._driver.command("EXISTS", MOVED_MARK):
            res = await self._driver.ro_query(
                REGISTRY_GRAPH, "read tenants", READ_TENANTS, {"limit": 1_000_000}
            )
            slugs = [str(row[0]) for row in res.rows]
            await move_untagged_keys(self._driver, [(s, graph_name(s)) for s in slugs])

        async def has_tenants() -> bool:
            return bool(await self.list(limit=1))

        self.notes_tagged_at = await notes_tagged_at(self._driver, has_tenants=has_tenants)

    async def create(self, slug: str, *, name: str | None = None) -> Tenant:
        """Register a new tenant; raises ``TenantExists`` if the slug is taken."""
        validate_slug(slug)
        res = await self._driver.query(
            REGISTRY_GRAPH,
            "create tenant",
            CREATE_TENANT,
            {"slug": slug, "name": name or slug, "now": now_ms()},
        )
        if not res.scalar(False):
            raise TenantExists(slug)
        await self._settings.delete(slug)  # a new tenant never inherits an erased one's
        return await self.get(slug)

    async def list(self, *, limit: int = 10_000) -> list[Tenant]:
        """Every tenant, by slug."""
        return await self._read(None, limit)

    async def get(self, slug: str) -> Tenant:
        """One tenant; raises ``TenantUnknown``."""
        validate_slug(slug)
        found = await self._read(slug, 1)
        if not found:
            raise TenantUnknown(slug)
        return found[0]

    async def exists(self, slug: str) -> bool:
        """Whether a tenant with this slug is registered."""
        try:
            await self.get(slug)
        except TenantUnknown:
            return False
        return True

    async def _read(self, slug: str | None, limit: int) -> list[Tenant]:
        if slug is None:
            res = await self._driver.ro_query(
                REGISTRY_GRAPH, "read tenants", READ_TENANTS, {"limit": limit}
            )
        else:
            params = {"slug": slug, "limit": limit}
            res = await self._driver.ro_query(REGISTRY_GRAPH, "read tenant", READ_TENANT, params)
        shared = await self._settings.read_many(str(r[0]) for r in res.rows)
        return [
            Tenant(
                slug=s,
                name=n,
                created_at=c,
                settings=shared[s] if isinstance(shared.get(s), dict) else json.loads(st or "{}"),
                # the registry stores bindings as [platform, id] pairs
                bindings=[(p, i) for p, i in cast(list[tuple[str, str]], b or [])],
            )
            for s, n, c, st, b in res.rows
        ]

    async def bind(self, slug: str, platform: str, external_id: str) -> None:
        """Bind a Slack team or Discord guild to a tenant (moving it if bound elsewhere)."""
        if platform not in PLATFORMS:
            raise InputInvalid(f"unknown platform {platform!r}: use one of {', '.join(PLATFORMS)}")
        if not external_id or len(external_id) > 64:
            raise InputInvalid("the workspace or guild id must be 1-64 characters")
        await self.get(slug)
        await self._driver.query(
            REGISTRY_GRAPH,
            "bind workspace",
            BIND_WORKSPACE,
            {
                "slug": slug,
                "key": f"{platform}:{external_id}",
                "platform": platform,
                "externalId": external_id,
                "now": now_ms(),
            },
        )

    async def resolve(self, platform: str, external_id: str) -> str | None:
        """The tenant slug a workspace or guild is bound to, or None."""
        res = await self._driver.ro_query(
            REGISTRY_GRAPH, "resolve workspace", READ_BINDING, {"key": f"{platform}:{external_id}"}
        )
        return res.scalar()

    async def update_settings(
        self,
        slug: str,
        change: Mapping[str, Any] | Callable[[dict[str, Any]], dict[str, Any]],
    ) -> dict[str, Any]:
        """Change a tenant's settings; the settings as stored. Raises ``TenantUnknown``.

        ``change`` is either keys to merge in (a None value removes a key) or a function
        from the current settings to the new ones, for a change that depends on what is
        there (add an approver to the list). Either way it is applied to the settings as
        they are on the server and written with a compare-and-set, retried when another
        process changed them first, so concurrent changes never overwrite each other. A
        function may run more than once and should do no I/O.
        """
        await self.get(slug)
        apply: Callable[[dict[str, Any]], dict[str, Any]]
        if callable(change):
            apply = change
        else:
            changes = dict(change)

            def merge(settings: dict[str, Any]) -> dict[str, Any]:
                return {**settings, **changes}

            apply = merge

        def step(current: Any) -> dict[str, Any]:
            settings = cast(dict[str, Any], current) if isinstance(current, dict) else {}
            return {k: v for k, v in apply(settings).items() if v is not None}

        async def legacy() -> dict[str, Any]:
            res = await self._driver.ro_query(
                REGISTRY_GRAPH, "read settings", READ_LEGACY_SETTINGS, {"slug": slug}
            )
            loaded: Any = json.loads(res.scalar() or "{}")
            return cast(dict[str, Any], loaded) if isinstance(loaded, dict) else {}

        return cast(dict[str, Any], await self._settings.update(slug, step, initial=legacy))

    async def save_installation(
        self, platform: str, external_id: str, data: dict[str, Any]
    ) -> None:
        """Keep a platform app installation (e.g. a Slack workspace's bot token) for later."""
        await self._driver.query(
            REGISTRY_GRAPH,
            "save installation",
            WRITE_INSTALLATION,
            {
                "key": f"{platform}:{external_id}",
                "platform": platform,
                "externalId": external_id,
                "data": json.dumps(data, default=str),
                "now": now_ms(),
            },
        )

    async def find_installation(self, platform: str, external_id: str) -> dict[str, Any] | None:
        """An installation saved with ``save_installation``, or None."""
        res = await self._driver.ro_query(
            REGISTRY_GRAPH,
            "read installation",
            READ_INSTALLATION,
            {"key": f"{platform}:{external_id}"},
        )
        raw = res.scalar()
        return json.loads(raw) if raw else None

    async def delete_installation(self, platform: str, external_id: str) -> None:
        """Forget an installation (the app was uninstalled)."""
        await self._driver.query(
            REGISTRY_GRAPH,
            "delete installation",
            DELETE_INSTALLATION,
            {"key": f"{platform}:{external_id}"},
        )

    async def forget(self, slug: str) -> None:
        """Remove a tenant's registry entry and bindings (its graph is erased separately)."""
        await self._driver.query(REGISTRY_GRAPH, "delete tenant", DELETE_TENANT, {"slug": slug})
        await self._settings.delete(slug)
