"""The one seam between hivebrain and FalkorDB.

``GraphDriver`` is the protocol every other module uses; ``FalkorDriver`` implements it
with the async ``falkordb`` client. Results come back as plain Python values (nodes and
edges as dicts), and every ``redis``/``falkordb`` exception is turned into ours here, so
nothing above this module ever sees a third-party error.

Every query argument is a ``LiteralString``, so a query put together from runtime text
fails the type check. The one way in for text that came from outside (a power user's or a
model's Cypher) is ``ro_query_checked``, which takes only a ``CheckedCypher``: text that
``brain.reads.check_cypher`` has read and bounded, sent as GRAPH.RO_QUERY.

Errors: ``user_message`` never carries the database's text, the Cypher or the params;
those stay in the developer message (``str(err)``), which the log and the CLI show.

Topologies (``brain.db._topology``): one server, a Sentinel-watched primary or a cluster.
Where the primary has replicas, every write is followed on the same connection by
``WAIT`` for ``wait_replicas`` of them (default: one, when any exist), and a write they do
not confirm in time raises ``WriteNotReplicated``: acknowledged means it survives a
failover. Reads that tolerate staleness (``stale_ok``) may go to a replica.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, LiteralString, NewType, Protocol, cast

from falkordb.asyncio.graph import AsyncGraph
from falkordb.asyncio.query_result import QueryResult as FalkorQueryResult
from falkordb.edge import Edge
from falkordb.node import Node
from falkordb.path import Path
from redis import exceptions as redis_errors
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.cluster import ClusterNode

from brain.db._params import params_header
from brain.db._topology import (
    ClientOptions,
    Connections,
    Topology,
    open_connections,
    parse_falkordb_url,
    safe_url,
)
from brain.errors import GraphUnavailable, QueryRefused, WriteNotReplicated

log = logging.getLogger(__name__)

#: Default per-read timeout (ms). Reads are bounded in shape too: see NOTES on timeouts.
READ_TIMEOUT_MS = 5_000
#: FalkorDB's own timeout stops a read's execution, not the building and sending of its
#: reply (a collect() of 200,000 nodes ran 36 s past a 10 s timeout); the client gives a
#: read this much longer than its timeout, end to end, then drops the connection.
TRANSFER_GRACE_MS = 2_000

#: Cypher text from outside (a power user, a model) that ``check_cypher`` has read and
#: bounded. Only the guard makes one; ``ro_query_checked`` is the only method taking one.
CheckedCypher = NewType("CheckedCypher", str)


@dataclass(frozen=True, slots=True)
class QueryResult:
    """Rows of one query, as plain values, with the server's write statistics."""

    header: list[str]
    rows: list[list[Any]]
    stats: dict[str, float] = field(default_factory=dict)

    def records(self) -> list[dict[str, Any]]:
        """Rows as dicts keyed by column name."""
        return [dict(zip(self.header, row, strict=False)) for row in self.rows]

    def scalar(self, default: Any = None) -> Any:
        """The first column of the first row (or ``default``)."""
        return self.rows[0][0] if self.rows and self.rows[0] else default


class GraphDriver(Protocol):
    """What the brain needs from a graph database."""

    async def query(
        self,
        graph: str,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int | None = None,
    ) -> QueryResult: ...

    async def ro_query(
        self,
        graph: str,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
        scalars: bool = False,
        stale_ok: bool = False,
    ) -> QueryResult: ...

    async def ro_query_checked(
        self,
        graph: str,
        name: str,
        cypher: CheckedCypher,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
    ) -> QueryResult: ...

    async def command(self, *args: Any, replicated: bool = False) -> Any: ...

    async def close(self) -> None: ...


def _props(value: Node | Edge) -> dict[str, Any]:
    # The client leaves ``properties`` untyped; the server only ever sends string keys.
    return cast(dict[str, Any], value.properties or {})


def plain(value: object) -> Any:
    """Turn client objects (nodes, edges, paths) into dicts and lists."""
    if isinstance(value, Node):
        return {"labels": list(value.labels or []), **_props(value)}
    if isinstance(value, Edge):
        return {"type": value.relation, **_props(value)}
    if isinstance(value, Path):
        return {
            "nodes": [plain(n) for n in value.nodes()],
            "edges": [plain(e) for e in value.edges()],
        }
    if isinstance(value, list):
        return [plain(v) for v in cast(list[object], value)]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in cast(Mapping[object, object], value).items()}
    return value


_STAT_KEYS = {
    "Nodes created": "nodes_created",
    "Relationships created": "relationships_created",
    "Properties set": "properties_set",
    "Labels added": "labels_added",
    "Nodes deleted": "nodes_deleted",
    "Relationships deleted": "relationships_deleted",
}


# Compact result-set value types (FalkorDB's ResultSetScalarTypes).
_NULL, _STRING, _INTEGER, _BOOLEAN, _DOUBLE, _ARRAY, _MAP, _VECTOR = 1, 2, 3, 4, 5, 6, 10, 12


def _scalar(cell: list[Any]) -> Any:
    kind, value = cell
    if kind in (_STRING, _INTEGER):
        return value
    if kind == _NULL:
        return None
    if kind == _BOOLEAN:
        return value == "true"
    if kind == _DOUBLE:
        return float(value)
    if kind == _ARRAY:
        return [_scalar(v) for v in value]
    if kind == _MAP:
        return {value[i]: _scalar(value[i + 1]) for i in range(0, len(value), 2)}
    if kind == _VECTOR:
        return [float(v) for v in value]
    raise ValueError("a scalars-only read returned a node, edge or path: use scalars=False")


_EDGE, _NODE, _PATH = 7, 8, 9


@dataclass(frozen=True, slots=True)
class SchemaNames:
    """A graph's label, relationship-type and property-key names, by their compact ids."""

    labels: list[str]
    rels: list[str]
    keys: list[str]

    @staticmethod
    def _name(names: list[str], index: int) -> str:
        return names[index] if 0 <= index < len(names) else f"#{index}"

    def props(self, raw: list[Any]) -> dict[str, Any]:
        return {self._name(self.keys, k): self.value([t, v]) for k, t, v in raw}

    def value(self, cell: list[Any]) -> Any:
        """One compact cell as plain values: nodes and edges as dicts, as ``plain`` does."""
        kind, value = cell
        if kind == _NODE:
            _, label_ids, props = value
            return {"labels": [self._name(self.labels, i) for i in label_ids], **self.props(props)}
        if kind == _EDGE:
            _, rel, _, _, props = value
            return {"type": self._name(self.rels, rel), **self.props(props)}
        if kind == _PATH:
            nodes, edges = value
            return {
                "nodes": [self.value(n) for n in nodes[1]],
                "edges": [self.value(e) for e in edges[1]],
            }
        if kind == _ARRAY:
            return [self.value(v) for v in value]
        if kind == _MAP:
            return {value[i]: self.value(value[i + 1]) for i in range(0, len(value), 2)}
        return _scalar(cell)


READ_LABELS = "CALL db.labels() YIELD label RETURN label"
READ_RELS = "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType"
READ_KEYS = "CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey"


def scalar_result(raw: list[Any]) -> QueryResult:
    """Parse a compact result set of plain values in one tight loop.

    The client's own parser awaits once per cell, which costs about 0.1 ms per row of ten
    columns; hot reads that return only values (ids, names, numbers) skip it.
    """
    if len(raw) < 3:
        return QueryResult(header=[], rows=[])
    header = [h[1] for h in raw[0]]
    rows = [[_scalar(cell) for cell in row] for row in raw[1]]
    return QueryResult(header=header, rows=rows)


async def _execute(target: Redis | RedisCluster | AsyncGraph | _Route, *args: Any) -> Any:
    """``execute_command`` of a redis connection or falkordb graph, with a typed reply.

    Both clients leave the reply's type unknown (redis-py's sync/async overloads); callers
    check its shape, so it is ``Any`` here, at the boundary.
    """
    execute = cast(Callable[..., Awaitable[Any]], target.execute_command)
    return await execute(*args)


def _column(cell: object) -> str:
    """A column name from the client's header cell ([type, name] or the bare name)."""
    if isinstance(cell, list | tuple):
        return str(cast(list[object], cell)[1])
    return str(cell)


def _stat(res: Any, key: str) -> float:
    """One write statistic from the server's stats lines (the client keeps them raw)."""
    for line in getattr(res, "_raw_stats", []) or []:
        text = line.decode() if isinstance(line, bytes) else str(line)
        if text.startswith(key):
            return float(text.split(": ")[1].split(" ")[0])
    return 0.0


#: How long a write waits for its replicas' confirmation by default (ms).
WAIT_TIMEOUT_MS = 2_000

#: Commands without a key: on a cluster they go to every primary (GRAPH.LIST, whose
#: answers are joined) or to any one node (the rest, whose answers are the same).
_EVERY_PRIMARY = {"GRAPH.LIST"}
_ANY_NODE = {"MODULE", "INFO", "PING", "GRAPH.CONFIG", "COMMAND"}

#: What redis-py raises that is not a ``RedisError``: its cluster client's own refusals
#: (no node for a slot, a command it cannot route) and the falkordb client's.
_CLUSTER_ERRORS = (redis_errors.RedisClusterException,)


class _Route:
    """Something with ``execute_command`` that sends every command to one chosen place: a
    falkordb ``AsyncGraph`` built on it runs its queries (and schema reads) there."""

    def __init__(self, execute: Callable[..., Awaitable[Any]]) -> None:
        self.execute_command = execute


def _key_of(args: tuple[Any, ...]) -> str:
    """The key a raw command writes (its first key), for routing and WAIT."""
    name = str(args[0]).upper()
    if name in ("EVAL", "EVALSHA"):
        if len(args) < 4 or int(args[2]) < 1:
            raise ValueError(f"{name} without a key cannot be sent with replicated=True")
        return str(args[3])
    if len(args) < 2:
        raise ValueError(f"{name} has no key: it cannot be sent with replicated=True")
    return str(args[1])


class FalkorDriver:
    """``GraphDriver`` over the async falkordb client, on any topology ``FALKORDB_URL``
    names (one server, Sentinel, cluster).

    ``wait_replicas``: how many replicas must confirm each write (None: one when the
    primary has any, and always one under Sentinel; 0: never wait). ``replica_reads``:
    whether reads marked ``stale_ok`` may go to a replica.
    """

    def __init__(
        self,
        url: str,
        *,
        max_connections: int = 32,
        socket_timeout_s: float = 300.0,
        wait_replicas: int | None = None,
        wait_timeout_ms: int = WAIT_TIMEOUT_MS,
        replica_reads: bool = True,
    ) -> None:
        self._url = url
        self.topology: Topology = parse_falkordb_url(url)
        # redis-py's async default socket timeout (5 s) cuts big batched writes short;
        # reads carry their own server-side timeouts, so this only guards a hung server.
        self._options = ClientOptions(
            max_connections=max_connections,
            socket_timeout_s=socket_timeout_s,
            connect_timeout_s=10.0,
        )
        self._wait_replicas = wait_replicas
        self._wait_timeout_ms = wait_timeout_ms
        self._replica_reads = replica_reads
        self._conns: Connections | None = None
        self._connecting = asyncio.Lock()

    @property
    def url(self) -> str:
        """The URL this driver was opened with (it may carry a password: see ``safe_url``)."""
        return self._url

    async def _db(self) -> Connections:
        """The clients, opened on first use; their failure to connect becomes ours."""
        if self._conns is None:
            async with self._connecting:
                if self._conns is None:
                    try:
                        self._conns = await open_connections(self.topology, self._options)
                    except (redis_errors.RedisError, *_CLUSTER_ERRORS, OSError) as exc:
                        raise GraphUnavailable(
                            "connect",
                            f"cannot reach FalkorDB at {safe_url(self._url)} "
                            f"({type(exc).__name__}: {exc})",
                        ) from exc
        return self._conns

    async def replicas_to_wait(self, key: str) -> int:
        """How many replicas a write to ``key`` waits for (0: none)."""
        if self._wait_replicas is not None:
            return self._wait_replicas
        if self.topology.has_replicas_by_design:
            return 1
        conns = await self._db()
        return 1 if await conns.replicas(key) > 0 else 0

    def _graph(self, conns: Connections, graph: str, *, stale_ok: bool = False) -> AsyncGraph:
        """The falkordb graph object whose commands go to the primary, or to a replica
        for a read that tolerates staleness (when replica reads are on and one exists)."""
        primary = conns.primary
        if stale_ok and self._replica_reads:
            if conns.replica is not None:
                return AsyncGraph(_Route(_executor(conns.replica)), graph)
            if isinstance(primary, RedisCluster):
                node = primary.get_node_from_key(graph, replica=True)
                if node is not None:
                    return AsyncGraph(_Route(functools.partial(_on_node, primary, node)), graph)
        return AsyncGraph(_Route(_executor(primary)), graph)

    async def query(
        self,
        graph: str,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int | None = None,
    ) -> QueryResult:
        """Run a write (or schema) query; only the gate and index code call this.

        Raises ``WriteNotReplicated`` when the replicas it waits for do not confirm it.
        """
        return await self._run(graph, name, cypher, params, timeout_ms, read_only=False)

    async def ro_query(
        self,
        graph: str,
        name: str,
        cypher: LiteralString,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
        scalars: bool = False,
        stale_ok: bool = False,
    ) -> QueryResult:
        """Run a read as GRAPH.RO_QUERY, so the server itself refuses any write.

        ``stale_ok``: the read may be answered by a replica a moment behind the primary
        (only tools that tolerate it say so; never the write stamp or cards).
        """
        return await self._run(
            graph,
            name,
            cypher,
            params,
            timeout_ms,
            read_only=True,
            scalars=scalars,
            stale_ok=stale_ok,
        )

    async def ro_query_checked(
        self,
        graph: str,
        name: str,
        cypher: CheckedCypher,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_ms: int = READ_TIMEOUT_MS,
    ) -> QueryResult:
        """Run outside text that ``check_cypher`` passed, as GRAPH.RO_QUERY with a timeout.

        The one deliberate query not written in our source: the guard bounded its rows and
        shape, and the server refuses any write the guard's text check missed. The reply
        is read in compact form and parsed here in one pass (nodes, edges and paths named
        from the graph's own tables): the client's parser awaits once per value without
        ever yielding, so 3,000 nodes with embeddings took 84 s and no time limit could
        stop it.
        """
        return await self._run(
            graph, name, cypher, params, timeout_ms, read_only=True, outside=True
        )

    async def command(self, *args: Any, replicated: bool = False) -> Any:
        """A raw server command (GRAPH.LIST, GRAPH.MEMORY, INFO, SET ...).

        On a cluster, GRAPH.LIST lists every primary's graphs and the other keyless
        commands go to one node. ``replicated``: a write that must survive a failover (a
        lock, a lease) waits for the replicas as graph writes do.
        """
        what = str(args[0])
        conns = await self._db()
        try:
            if replicated:
                key = _key_of(args)
                wanted = await self.replicas_to_wait(key)
                if wanted:
                    reply, confirmed = await self._with_wait(conns, key, list(args), wanted)
                    self._check_confirmed(what, confirmed, wanted)
                    return reply
            return await self._command(conns, args)
        except redis_errors.ConnectionError as exc:
            conns.forget_replicas()
            raise GraphUnavailable(what, "cannot connect") from exc
        except redis_errors.ResponseError as exc:
            raise QueryRefused(f"{what} failed: {exc}") from exc
        except (redis_errors.RedisError, *_CLUSTER_ERRORS) as exc:
            conns.forget_replicas()
            raise GraphUnavailable(what, f"{type(exc).__name__}: {exc}") from exc

    async def _command(self, conns: Connections, args: tuple[Any, ...]) -> Any:
        primary = conns.primary
        name = str(args[0]).upper()
        if isinstance(primary, RedisCluster) and name in _EVERY_PRIMARY:
            # one reply per primary, by node name: the graphs of every shard, once each
            replies = cast(dict[str, Any], await _on_node(primary, primary.get_primaries(), *args))
            names: set[str] = set()
            for reply in replies.values():
                names.update(str(n) for n in cast(list[Any], reply or []))
            return sorted(names)
        if isinstance(primary, RedisCluster) and name in _ANY_NODE:
            return await _on_node(primary, primary.get_random_primary_node(), *args)
        return await _execute(primary, *args)

    def _check_confirmed(self, what: str, confirmed: int, wanted: int) -> None:
        if confirmed < wanted:
            log.warning(
                "write %s: %d of %d replicas confirmed in %d ms",
                what,
                confirmed,
                wanted,
                self._wait_timeout_ms,
            )
            raise WriteNotReplicated(
                what, confirmed=confirmed, wanted=wanted, timeout_ms=self._wait_timeout_ms
            )

    async def _with_wait(
        self, conns: Connections, key: str, args: list[Any], wanted: int
    ) -> tuple[Any, int]:
        """Send ``args`` and ``WAIT`` on one connection (WAIT counts the replicas that have
        this connection's writes); return the reply and how many replicas confirmed."""
        wait = ["WAIT", wanted, self._wait_timeout_ms]
        primary = conns.primary
        if isinstance(primary, RedisCluster):
            node = primary.get_node_from_key(key)
            pipe: Any = primary.pipeline()
            pipe.execute_command(*args, target_nodes=node)
            pipe.execute_command(*wait, target_nodes=node)
        else:
            pipe = primary.pipeline(transaction=False)
            pipe.execute_command(*args)
            pipe.execute_command(*wait)
        reply, confirmed = await pipe.execute()
        return reply, int(confirmed)

    async def close(self) -> None:
        """Release the connection pools."""
        if self._conns is not None:
            await self._conns.aclose()
            self._conns = None

    async def _run(
        self,
        graph: str,
        name: str,
        cypher: str,
        params: Mapping[str, Any] | None,
        timeout_ms: int | None,
        *,
        read_only: bool,
        scalars: bool = False,
        outside: bool = False,
        stale_ok: bool = False,
    ) -> QueryResult:
        conns = await self._db()
        started = time.perf_counter()
        outcome = "ok"
        # a read's time limit covers the transfer too; writes are bounded by their shape
        limit_s = (timeout_ms + TRANSFER_GRACE_MS) / 1000 if read_only and timeout_ms else None
        try:
            g = self._graph(conns, graph, stale_ok=stale_ok and read_only)
            async with asyncio.timeout(limit_s):
                if outside:
                    return await self._send_outside(g, graph, cypher, params, timeout_ms)
                if not read_only:
                    return await self._send_write(conns, g, graph, name, cypher, params, timeout_ms)
                return await self._send(g, graph, cypher, params, timeout_ms, read_only, scalars)
        except TimeoutError as exc:
            outcome = "timeout"
            raise QueryRefused(
                f"{name} did not finish (reply included) within {timeout_ms} ms and was stopped",
                user_reason="it took too long and was stopped; ask for less at once",
            ) from exc
        except WriteNotReplicated:
            outcome = "not replicated"
            raise
        except redis_errors.ConnectionError as exc:
            outcome = "unavailable"
            conns.forget_replicas()
            raise GraphUnavailable(name, "cannot connect to FalkorDB") from exc
        except redis_errors.TimeoutError as exc:
            outcome = "timeout"
            raise GraphUnavailable(name, "FalkorDB did not answer in time") from exc
        except redis_errors.ResponseError as exc:
            text = str(exc)
            if "empty key" in text and read_only:
                outcome = "empty"
                return QueryResult(header=[], rows=[])
            outcome = "refused"
            if "timed out" in text.lower():
                raise QueryRefused(
                    f"{name} took longer than {timeout_ms} ms and was stopped",
                    user_reason="it took too long and was stopped; ask for less at once",
                ) from exc
            if "memory" in text.lower():
                raise QueryRefused(
                    f"{name} needed more memory than the database allows a query ({text})",
                    user_reason="it needed more memory than one question may use; ask for less",
                ) from exc
            if "READONLY" in text:  # a primary demoted under us: the next try finds the new
                outcome = "unavailable"
                conns.forget_replicas()
                raise GraphUnavailable(name, "the server became a replica (a failover)") from exc
            # The server's text may quote the query; it stays in the developer message.
            raise QueryRefused(f"{name}: {text}") from exc
        except (redis_errors.RedisError, *_CLUSTER_ERRORS) as exc:
            outcome = "error"
            conns.forget_replicas()
            raise GraphUnavailable(name, f"{type(exc).__name__}: {exc}") from exc
        finally:
            log.info(
                "graph %s %s on %s: %s in %.1f ms",
                "read" if read_only else "write",
                name,
                graph,
                outcome,
                (time.perf_counter() - started) * 1000,
            )

    async def _send_outside(
        self,
        g: AsyncGraph,
        graph: str,
        cypher: str,
        params: Mapping[str, Any] | None,
        timeout_ms: int | None,
    ) -> QueryResult:
        """A checked outside read: compact reply, parsed in one pass with the graph's names."""
        header = params_header(params)
        raw: list[Any] = await _execute(
            g, "GRAPH.RO_QUERY", graph, header + cypher, "--compact", "timeout", timeout_ms
        )
        if len(raw) < 3:
            return QueryResult(header=[], rows=[])
        names: list[list[str]] = []
        for query in (READ_LABELS, READ_RELS, READ_KEYS):
            table: list[Any] = await _execute(
                g, "GRAPH.RO_QUERY", graph, query, "--compact", "timeout", READ_TIMEOUT_MS
            )
            names.append([str(row[0][1]) for row in table[1]] if len(table) >= 3 else [])
        schema = SchemaNames(labels=names[0], rels=names[1], keys=names[2])
        rows = [[schema.value(cell) for cell in row] for row in raw[1]]
        return QueryResult(header=[h[1] for h in raw[0]], rows=rows)

    async def _send_write(
        self,
        conns: Connections,
        g: AsyncGraph,
        graph: str,
        name: str,
        cypher: str,
        params: Mapping[str, Any] | None,
        timeout_ms: int | None,
    ) -> QueryResult:
        """One write, then (where replicas are awaited) WAIT on the same connection."""
        wanted = await self.replicas_to_wait(graph)
        if not wanted:
            return await self._send(g, graph, cypher, params, timeout_ms, False, False)
        args: list[Any] = ["GRAPH.QUERY", graph, params_header(params) + cypher, "--compact"]
        if timeout_ms is not None:
            args += ["timeout", timeout_ms]
        raw, confirmed = await self._with_wait(conns, graph, args, wanted)
        res = FalkorQueryResult(g)
        # raises the query's own error first: it did not happen (the client leaves
        # ``parse`` untyped)
        await cast(Callable[[Any], Awaitable[None]], res.parse)(raw)
        self._check_confirmed(name, confirmed, wanted)
        return _plain_result(res)

    async def _send(
        self,
        g: AsyncGraph,
        graph: str,
        cypher: str,
        params: Mapping[str, Any] | None,
        timeout_ms: int | None,
        read_only: bool,
        scalars: bool,
    ) -> QueryResult:
        """One query through the client, its reply as plain values."""
        # Our own params header (the client's cost seconds per big batch, on the loop).
        text = params_header(params) + cypher
        if scalars:
            # the fast path needs the raw compact reply that the client's ro_query parses
            raw: list[Any] = await _execute(
                g, "GRAPH.RO_QUERY", graph, text, "--compact", "timeout", timeout_ms
            )
            return scalar_result(raw)
        if read_only:
            res = await g.ro_query(text, None, timeout=timeout_ms)
        else:
            res = await g.query(text, None, timeout=timeout_ms)
        return _plain_result(res)


def _plain_result(res: FalkorQueryResult) -> QueryResult:
    """The client's parsed reply as plain values with our write statistics."""
    # The client parses replies into untyped lists: header cells are [type, name] pairs.
    raw_header = cast(list[object], res.header or [])
    raw_rows = cast(list[list[object]], res.result_set or [])
    header = [_column(h) for h in raw_header]
    rows = [[plain(v) for v in row] for row in raw_rows]
    stats = {ours: _stat(res, theirs) for theirs, ours in _STAT_KEYS.items()}
    return QueryResult(header=header, rows=rows, stats=stats)


def _executor(client: Redis | RedisCluster) -> Callable[..., Awaitable[Any]]:
    """A client's ``execute_command``, typed (redis-py leaves its reply unknown)."""
    return cast(Callable[..., Awaitable[Any]], client.execute_command)


async def _on_node(cluster: RedisCluster, node: ClusterNode | list[ClusterNode], *args: Any) -> Any:
    """A command sent to chosen cluster node(s) (a replica for a stale-tolerant read,
    every primary for GRAPH.LIST)."""
    execute = cast(Callable[..., Awaitable[Any]], cluster.execute_command)
    return await execute(*args, target_nodes=node)
