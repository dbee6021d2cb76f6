"""Shared fixtures. Nothing here may touch the user's ./.hivebrain."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from brain import Brain, BrainSettings, TenantGraph
from brain.db import EmbeddedServer


# data_dir: every Brain of the session keeps its data dir (where an ONNX runtime exports
# the embedding model) in a pytest temp dir, never the user's ./.hivebrain.
@pytest.fixture(scope="session", autouse=True)
# The exported ONNX model is kept in one session folder (HIVEBRAIN_MODEL_CACHE_DIR), so
# tests and the CLI processes they start with data dirs of their own export it once.
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    names = ("HIVEBRAIN_DATA_DIR", "HIVEBRAIN_MODEL_CACHE_DIR")
    before = {name: os.environ.get(name) for name in names}
    folder = str(tmp_path_factory.mktemp("hivebrain-data"))
    os.environ["HIVEBRAIN_DATA_DIR"] = folder
    os.environ["HIVEBRAIN_MODEL_CACHE_DIR"] = str(Path(folder) / "models")
    try:
        yield folder
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="session")
def model_cache(data_dir: str) -> Path:
    """Where this session's exported ONNX models live."""
    return Path(data_dir) / "models"


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


# brain: one Brain on the session's server, shared by every test (building one per test
# would re-run the registry setup for nothing). new_tenant: a fresh, empty tenant per test,
# so tests never see each other's facts; slugs are unique, and a module's tenants are erased
# when it ends (erase_module_tenants, below).
@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def brain(falkordb_url: str) -> AsyncIterator[Brain]:
    instance = Brain(BrainSettings(falkordb_url=falkordb_url))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.close()


# quiet_brain: the same, with embeddings off, for tests that never search by meaning (the
# model load and the embedding of every written node would only slow them down).
@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def quiet_brain(falkordb_url: str) -> AsyncIterator[Brain]:
    instance = Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.close()


def unique_slug() -> str:
    """A tenant slug no other test uses."""
    return f"t-{uuid.uuid4().hex[:8]}"


@pytest_asyncio.fixture(loop_scope="session")
async def new_tenant(brain: Brain) -> TenantGraph:
    slug = unique_slug()
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


# erase_module_tenants: when a test module that uses the session's server ends, the tenants
# it made are erased through the product's own erase (graph, archive, registry entry), so
# the server does not pile up hundreds of graphs that slow every later module (a scheduler
# or a doctor reads them all). A tenant lives until the module's last test, so tests of one
# module may share one; a tenant made before the module started (a session fixture's) stays.
@pytest.fixture(scope="module", autouse=True)
def erase_module_tenants(request: pytest.FixtureRequest) -> None:
    items = [i for i in request.session.items if getattr(i, "module", None) is request.module]
    if any("falkordb_url" in item.fixturenames for item in items):
        request.getfixturevalue("module_tenants")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def module_tenants(quiet_brain: Brain) -> AsyncIterator[set[str]]:
    """Yields the slugs that existed before the module; erases the ones it added."""
    assert quiet_brain.registry is not None
    before = {t.slug for t in await quiet_brain.registry.list()}
    yield before
    for tenant in await quiet_brain.registry.list():
        if tenant.slug not in before:
            await quiet_brain.erase_tenant(tenant.slug)
