"""Where the graphs live: one server, a Sentinel-watched primary, or a cluster, from one URL.

``FALKORDB_URL`` names the topology; everything that talks to the server (the driver, the
scheduler's job store) reads it through ``parse_falkordb_url`` and opens its clients here:

- ``redis://``, ``rediss://``, ``unix://``: one server (a cluster node found this way is
  opened as the cluster it belongs to);
- ``redis+sentinel://[user:pass@]host:port[,host:port...]/<master>`` (``rediss+sentinel``
  for TLS): the primary the sentinels name, found again after a failover, and its
  replicas for reads that tolerate staleness; ``?sentinel_password=`` if the sentinels
  have their own password;
- ``redis+cluster://[user:pass@]host:port[,host:port...]`` (``rediss+cluster``): redis-py's
  cluster client, each graph on the shard its name hashes to.

The clients are redis-py's own (async ``Sentinel`` and ``RedisCluster`` for the driver,
their sync twins for APScheduler's job store): failover and slot moves are theirs, never
a coordinator of ours.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, cast
from urllib.parse import parse_qs, unquote, urlsplit

import redis
import redis.cluster
import redis.sentinel
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.sentinel import Sentinel

Kind = Literal["single", "sentinel", "cluster"]

_SINGLE = {"redis": False, "rediss": True, "unix": False}
_SENTINEL = {"redis+sentinel": False, "rediss+sentinel": True}
_CLUSTER = {"redis+cluster": False, "rediss+cluster": True}
SCHEMES = (*_SINGLE, *_SENTINEL, *_CLUSTER)
_DEFAULT_PORT = {"sentinel": 26379, "cluster": 6379}
_OPTIONS = {"sentinel_password"}

#: How long a count of a primary's replicas is trusted before it is asked again.
REPLICA_COUNT_TTL_S = 5.0


@dataclass(frozen=True, slots=True)
class Topology:
    """A parsed ``FALKORDB_URL``: which kind of deployment, where, and as whom."""

    kind: Kind
    url: str = field(repr=False)
    hosts: tuple[tuple[str, int], ...] = ()
    master: str | None = None
    tls: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    db: int = 0
    sentinel_password: str | None = field(default=None, repr=False)

    @property
    def has_replicas_by_design(self) -> bool:
        """Sentinel deployments exist to have replicas; the others may or may not."""
        return self.kind == "sentinel"


def safe_url(url: str) -> str:
    """A connection URL without its passwords (user info, ``sentinel_password``), for
    messages and logs."""
    scheme, sep, rest = url.partition("://")
    rest, has_query, query = rest.partition("?")
    if "@" in rest:
        rest = "***@" + rest.rsplit("@", 1)[1]
    if has_query:
        shown = [
            f"{k}=***" if k.endswith("password") else f"{k}={v}"
            for k, _, v in (pair.partition("=") for pair in query.split("&") if pair)
        ]
        rest += "?" + "&".join(shown)
    return f"{scheme}{sep}{rest}"


def _fail(url: str, why: str) -> ValueError:
    return ValueError(f"FALKORDB_URL {safe_url(url)} {why}")


def _hosts(url: str, text: str, kind: Kind) -> tuple[tuple[str, int], ...]:
    hosts: list[tuple[str, int]] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if part.startswith("["):  # [::1]:26379
            host, _, port = part[1:].partition("]")
            port = port.removeprefix(":")
        else:
            host, _, port = part.rpartition(":") if ":" in part else (part, "", "")
        if not host:
            raise _fail(url, f"has an empty host in {part!r}")
        try:
            number = int(port) if port else _DEFAULT_PORT[kind]
        except ValueError:
            raise _fail(url, f"has a port that is not a number in {part!r}") from None
        if not 0 < number < 65536:
            raise _fail(url, f"has a port out of range in {part!r}")
        hosts.append((host, number))
    if not hosts:
        raise _fail(url, "names no host:port")
    return tuple(hosts)


def parse_falkordb_url(url: str) -> Topology:
    """Read a ``FALKORDB_URL``; raises ``ValueError`` with one line saying what is wrong."""
    url = url.strip()
    scheme, sep, rest = url.partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in SCHEMES:
        raise _fail(url, "must start with " + ", ".join(f"{s}://" for s in SCHEMES))
    if not rest:
        raise _fail(url, "names no server")
    if scheme in _SINGLE:
        # redis-py reads the URL itself; the credentials are kept for the cluster a
        # plain URL may turn out to name
        parts = urlsplit(url)
        return Topology(
            "single",
            url,
            tls=_SINGLE[scheme],
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password is not None else None,
        )
    kind: Kind = "sentinel" if scheme in _SENTINEL else "cluster"
    tls = (_SENTINEL | _CLUSTER)[scheme]
    rest, _, query = rest.partition("?")
    options = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    unknown = set(options) - _OPTIONS
    if unknown:
        raise _fail(url, f"has unknown options {sorted(unknown)}; known: {sorted(_OPTIONS)}")
    username = password = None
    if "@" in rest:
        userinfo, rest = rest.rsplit("@", 1)
        user, has_pass, secret = userinfo.partition(":")
        username = unquote(user) or None
        password = unquote(secret) if has_pass else None
    hostlist, _, path = rest.partition("/")
    hosts = _hosts(url, hostlist, kind)
    parts = [p for p in path.split("/") if p]
    master: str | None = None
    db = 0
    if kind == "sentinel":
        if not parts:
            raise _fail(url, "names no master: add /<master name> after the sentinels")
        master = unquote(parts[0])
        parts = parts[1:]
    if parts:
        if kind == "cluster":
            raise _fail(url, "has a path, but a cluster has only database 0")
        try:
            db = int(parts[0])
        except ValueError:
            raise _fail(url, f"has a database {parts[0]!r} that is not a number") from None
    return Topology(
        kind,
        url,
        hosts=hosts,
        master=master,
        tls=tls,
        username=username,
        password=password,
        db=db,
        sentinel_password=options.get("sentinel_password") or None,
    )


@dataclass(frozen=True, slots=True)
class ClientOptions:
    """Connection options every client of one driver shares."""

    max_connections: int = 32
    socket_timeout_s: float = 300.0
    connect_timeout_s: float = 10.0


Primary = Redis | RedisCluster


class Connections:
    """The live async clients of one topology: the primary (or cluster) and, under
    Sentinel, a client of the replicas. Made by ``open_connections``."""

    def __init__(
        self,
        topology: Topology,
        primary: Primary,
        *,
        replica: Redis | None = None,
        sentinel: Sentinel | None = None,
    ) -> None:
        self.topology = topology
        self.primary = primary
        self.replica = replica
        self._sentinel = sentinel
        # replica count and when it was read, by primary (its cluster node name; "" for one)
        self._replicas: dict[str, tuple[float, int]] = {}

    @property
    def is_cluster(self) -> bool:
        """Whether the primary is a cluster client (commands route by key)."""
        return isinstance(self.primary, RedisCluster)

    def forget_replicas(self) -> None:
        """Ask for the replica counts again next time (after a connection error)."""
        self._replicas.clear()

    async def replicas(self, key: str) -> int:
        """How many replicas follow the primary that holds ``key``.

        That primary is asked (``INFO replication``), at most every few seconds: a
        cluster client's own map of replicas is only as fresh as its last refresh.
        """
        primary = self.primary
        node: ClusterNode | None = None
        name = ""
        if isinstance(primary, RedisCluster):
            node = primary.get_node_from_key(key)
            name = node.name if node is not None else ""
        now = time.monotonic()
        seen = self._replicas.get(name)
        if seen is None or now - seen[0] > REPLICA_COUNT_TTL_S:
            if node is not None:
                execute = cast(Callable[..., Awaitable[Any]], primary.execute_command)
                info = cast(dict[str, Any], await execute("INFO", "replication", target_nodes=node))
            else:
                info = cast(dict[str, Any], await _execute(primary, "INFO", "replication"))
            seen = (now, int(info.get("connected_slaves") or 0))
            self._replicas[name] = seen
        return seen[1]

    async def primaries(self) -> list[ClusterNode] | None:
        """The cluster's primaries (None when this is not a cluster)."""
        if isinstance(self.primary, RedisCluster):
            return self.primary.get_primaries()
        return None

    async def aclose(self) -> None:
        """Close every pool."""
        await self.primary.aclose()
        if self.replica is not None:
            await self.replica.aclose()
        if self._sentinel is not None:
            await self._sentinel.aclose()


async def _execute(client: Redis | RedisCluster, *args: Any) -> Any:
    """A raw command whose reply is typed as Any (redis-py's stubs leave it unknown)."""
    execute = cast(Callable[..., Awaitable[Any]], client.execute_command)
    return await execute(*args)


def _cluster(
    topology: Topology, hosts: tuple[tuple[str, int], ...], options: ClientOptions
) -> RedisCluster:
    return RedisCluster(
        startup_nodes=[ClusterNode(h, p) for h, p in hosts],
        # username and password only when the URL gives them: the cluster client of the
        # falkordb package required both, so a cluster without auth could not be opened
        username=topology.username,
        password=topology.password,
        ssl=topology.tls,
        decode_responses=True,
        max_connections=options.max_connections,
        socket_timeout=options.socket_timeout_s,
        socket_connect_timeout=options.connect_timeout_s,
        # one shard without a primary must not stop the others answering
        require_full_coverage=False,
    )


async def open_connections(topology: Topology, options: ClientOptions) -> Connections:
    """Open and probe the clients of ``topology``; redis-py's errors propagate (the
    driver turns them into ours)."""
    if topology.kind == "cluster":
        cluster = _cluster(topology, topology.hosts, options)
        try:
            await cluster.initialize()
        except BaseException:
            await cluster.aclose()
            raise
        return Connections(topology, cluster)
    if topology.kind == "sentinel":
        assert topology.master is not None
        sentinel = Sentinel(
            list(topology.hosts),
            sentinel_kwargs={
                "socket_timeout": options.connect_timeout_s,
                "socket_connect_timeout": options.connect_timeout_s,
                "password": topology.sentinel_password,
                "ssl": topology.tls,
            },
            username=topology.username,
            password=topology.password,
            ssl=topology.tls,
            db=topology.db,
            socket_timeout=options.socket_timeout_s,
            socket_connect_timeout=options.connect_timeout_s,
        )
        # redis-py types the pools' **kwargs as unknown: made through Any, typed on return
        watcher: Any = sentinel
        primary: Redis = watcher.master_for(
            topology.master, decode_responses=True, max_connections=options.max_connections
        )
        replica: Redis = watcher.slave_for(
            topology.master, decode_responses=True, max_connections=options.max_connections
        )
        try:
            await _execute(primary, "PING")
        except BaseException:
            await asyncio.gather(primary.aclose(), replica.aclose(), sentinel.aclose())
            raise
        return Connections(topology, primary, replica=replica, sentinel=sentinel)
    single: Redis = cast(Any, Redis).from_url(
        topology.url,
        decode_responses=True,
        max_connections=options.max_connections,
        socket_timeout=options.socket_timeout_s,
        socket_connect_timeout=options.connect_timeout_s,
    )
    try:
        info = cast(dict[str, Any], await _execute(single, "INFO", "server"))
    except BaseException:
        await single.aclose()
        raise
    if info.get("redis_mode") != "cluster":
        return Connections(topology, single)
    # a plain URL of one cluster node: the cluster it belongs to
    kwargs = single.connection_pool.connection_kwargs
    await single.aclose()
    seed = ((str(kwargs.get("host")), int(kwargs.get("port") or 6379)),)
    cluster = _cluster(topology, seed, options)
    try:
        await cluster.initialize()
    except BaseException:
        await cluster.aclose()
        raise
    return Connections(topology, cluster)


class _ClusterOfTransactions(redis.cluster.RedisCluster):
    """A sync cluster client whose pipelines are transactions unless asked otherwise, as
    a single server's are: APScheduler's job store calls ``multi()`` on a bare
    ``pipeline()`` (its keys share one hash tag, so one slot)."""

    def pipeline(self, transaction: Any = True, shard_hint: Any = None) -> Any:
        # redis-py leaves the parameters untyped: called through Any
        parent: Any = super()
        return parent.pipeline(transaction=transaction, shard_hint=shard_hint)


SyncClient = redis.Redis | redis.cluster.RedisCluster


def sync_client(topology: Topology, *, socket_timeout_s: float = 10.0) -> SyncClient:
    """A synchronous client of ``topology``'s primary (bytes, not text), for libraries
    that only speak sync redis: APScheduler's job store."""
    if topology.kind == "cluster":
        return _ClusterOfTransactions(
            startup_nodes=[redis.cluster.ClusterNode(h, p) for h, p in topology.hosts],
            username=topology.username,
            password=topology.password,
            ssl=topology.tls,
            socket_timeout=socket_timeout_s,
            require_full_coverage=False,
        )
    if topology.kind == "sentinel":
        assert topology.master is not None
        sentinel = redis.sentinel.Sentinel(
            list(topology.hosts),
            sentinel_kwargs={
                "socket_timeout": socket_timeout_s,
                "password": topology.sentinel_password,
                "ssl": topology.tls,
            },
            username=topology.username,
            password=topology.password,
            ssl=topology.tls,
            db=topology.db,
            socket_timeout=socket_timeout_s,
        )
        master: redis.Redis = cast(Any, sentinel).master_for(topology.master)
        return master
    client: redis.Redis = cast(Any, redis.Redis).from_url(
        topology.url, socket_timeout=socket_timeout_s
    )
    info = cast(dict[str, Any], cast(Any, client).info("server"))
    if info.get("redis_mode") != "cluster":
        return client
    # a plain URL of one cluster node: the cluster it belongs to
    kwargs = client.connection_pool.connection_kwargs
    client.close()
    return _ClusterOfTransactions(
        host=str(kwargs.get("host")),
        port=int(kwargs.get("port") or 6379),
        username=topology.username,
        password=topology.password,
        ssl=topology.tls,
        socket_timeout=socket_timeout_s,
        require_full_coverage=False,
    )
