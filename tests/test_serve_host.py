"""`serve` listens where HIVEBRAIN_HOST says, 127.0.0.1 unless told: never every
interface by default. Read from the kernel's own table of listening sockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from agents import ExecutorRegistry, RecordOnlyExecutor, run_turn
from bots.core import BotCore, BotSettings
from bots.serve import serve
from brain import Brain
from tests.engines import free_port


def listening_on(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp shows them) listening on ``port``."""
    found: set[str] = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, _, hex_port = local.partition(":")
        if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
            found.add(address)
    return found


async def test_serve_listens_on_this_machine_only_by_default(quiet_brain: Brain) -> None:
    assert BotSettings().hivebrain_host == "127.0.0.1"
    port = free_port()
    core = BotCore(quiet_brain, executors=ExecutorRegistry([RecordOnlyExecutor()]), answer=run_turn)
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve(quiet_brain, core, BotSettings(hivebrain_http_port=port), stop=stop), name="serve"
    )
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(600):
                try:
                    async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                        if r.status in (200, 503):
                            break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
        assert listening_on(port) == {"0100007F"}, listening_on(port)  # 127.0.0.1 only
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)
