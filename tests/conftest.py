"""Shared fixtures. Nothing here may touch the user's ./.hivebrain."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from brain.server import EmbeddedServer


# falkordb_url: one real embedded FalkorDB for the whole session, in a pytest temp dir,
# stopped when the session ends. Tests that need their own server lifecycle make their own
# EmbeddedServer in tmp_path instead.
@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def falkordb_url(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    server = EmbeddedServer(tmp_path_factory.mktemp("falkordb"))
    url = await server.ensure_running()
    try:
        yield url
    finally:
        await server.stop()
