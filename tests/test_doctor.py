"""`hivebrain doctor`: the real command, run as a user runs it, against local servers.

The database is a FalkorDB of this module's own (so the check reads only graphs made
here), used once as the embedded server (``HIVEBRAIN_DATA_DIR``) and once by URL. The
remote APIs are the fakes in ``tests/fakes``, each accepting one credential.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from agents import AgentSettings
from bots._wiring import ExecutorSettings
from bots.core import BotSettings
from brain import Brain, BrainSettings, database_health
from brain._tenants import graph_name
from brain.db import EmbeddedServer
from tests.fakes import (
    FakeAnthropicAPI,
    FakeComposioAPI,
    FakeDiscordAPI,
    FakeGitHubAPI,
    FakeSlackAPI,
)

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
SETTINGS_CLASSES = (BrainSettings, AgentSettings, BotSettings, ExecutorSettings)

#: The credentials the fakes accept; each must never appear in the doctor's output.
SECRETS = {
    "ANTHROPIC_API_KEY": "sk-ant-doctor-secret-1",
    "SLACK_BOT_TOKEN": "xoxb-doctor-secret-2",
    "SLACK_APP_TOKEN": "xapp-doctor-secret-3",
    "SLACK_SIGNING_SECRET": "doctor-signing-secret-4",
    "DISCORD_TOKEN": "discord-doctor-secret-5",
    "GITHUB_TOKEN": "ghp_doctor_secret_6",
    "COMPOSIO_API_KEY": "ck_doctor_secret_7",
}


@dataclass
class Database:
    data_dir: Path
    url: str


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def database(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Database]:
    """A FalkorDB of this module's own, holding one tenant with its indexes."""
    data_dir = tmp_path_factory.mktemp("doctor-db")
    server = EmbeddedServer(data_dir)
    url = await server.ensure_running()
    async with Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False)) as brain:
        await brain.create_tenant("doctor-shop")
    try:
        yield Database(data_dir, url)
    finally:
        await server.stop()


@dataclass
class Fakes:
    anthropic: FakeAnthropicAPI
    slack: FakeSlackAPI
    discord: FakeDiscordAPI
    github: FakeGitHubAPI
    composio: FakeComposioAPI


@pytest_asyncio.fixture(loop_scope="session")
async def fakes() -> AsyncIterator[Fakes]:
    github = FakeGitHubAPI(token=SECRETS["GITHUB_TOKEN"], login="hive-bot")
    github.add_repo("acme/app")
    servers = Fakes(
        anthropic=FakeAnthropicAPI(api_key=SECRETS["ANTHROPIC_API_KEY"], models={"claude-x"}),
        slack=FakeSlackAPI(tokens={SECRETS["SLACK_BOT_TOKEN"], SECRETS["SLACK_APP_TOKEN"]}),
        discord=FakeDiscordAPI(token=SECRETS["DISCORD_TOKEN"], username="hive"),
        github=github,
        composio=FakeComposioAPI(api_key=SECRETS["COMPOSIO_API_KEY"]),
    )
    for server in vars(servers).values():
        await server.start()
    try:
        yield servers
    finally:
        for server in vars(servers).values():
            await server.stop()


def clean_env() -> dict[str, str]:
    """This process's environment without any hivebrain setting (the developer's own),
    but with the session's model cache, so the model is not exported again."""
    names = {name.upper() for cls in SETTINGS_CLASSES for name in cls.model_fields}
    names.discard("HIVEBRAIN_MODEL_CACHE_DIR")
    return {k: v for k, v in os.environ.items() if k not in names}


def configured(fakes: Fakes, **changes: str) -> dict[str, str]:
    """Every part configured against the fakes, with the fakes' accepted credentials."""
    return {
        **SECRETS,
        "ANTHROPIC_BASE_URL": fakes.anthropic.base_url,
        "ANTHROPIC_MODEL": "claude-x",
        "SLACK_API_BASE_URL": fakes.slack.base_url,
        "DISCORD_API_BASE_URL": fakes.discord.base_url,
        "GITHUB_API_BASE_URL": fakes.github.base_url,
        "HIVEBRAIN_GITHUB_REPOS": "acme/app",
        "COMPOSIO_BASE_URL": fakes.composio.base_url,
        "COMPOSIO_TOOLKIT_VERSIONS": "20250909_00",
        **changes,
    }


async def run_doctor(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(
        subprocess.run,
        [str(HIVEBRAIN), "doctor"],
        env={**clean_env(), "NO_COLOR": "1", "COLUMNS": "300", **env},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def report(proc: subprocess.CompletedProcess[str]) -> dict[str, tuple[str, str]]:
    """The doctor's lines by part: ``{"Discord": ("FAIL", "DISCORD_TOKEN was ...")}``."""
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    lines: dict[str, tuple[str, str]] = {}
    for line in proc.stdout.splitlines()[:-1]:
        mark, _, rest = line.partition(" ")
        name, _, detail = rest.strip().partition(": ")
        lines[name] = (mark, detail)
    return lines


def assert_no_secret(proc: subprocess.CompletedProcess[str]) -> None:
    for name, value in SECRETS.items():
        assert value not in proc.stdout + proc.stderr, name


async def test_everything_configured_works(
    database: Database, fakes: Fakes, tmp_path: Path
) -> None:
    proc = await run_doctor(
        tmp_path,
        configured(
            fakes,
            HIVEBRAIN_DATA_DIR=str(database.data_dir),  # the embedded server, already running
            HIVEBRAIN_EMBEDDINGS="true",
        ),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = report(proc)
    assert list(lines) == [
        "settings",
        "database",
        "embedding model",
        "model key",
        "Slack",
        "Discord",
        "GitHub",
        "Composio",
    ]
    assert all(mark == "ok" for mark, _ in lines.values()), proc.stdout
    assert "embedded FalkorDB" in lines["database"][1] and "4." in lines["database"][1]
    assert "384 dimensions" in lines["embedding model"][1]
    assert "claude-x" in lines["model key"][1]
    assert "Fake Team" in lines["Slack"][1] and "Socket Mode" in lines["Slack"][1]
    assert "hive" in lines["Discord"][1]
    assert "hive-bot" in lines["GitHub"][1] and "acme/app" in lines["GitHub"][1]
    assert proc.stdout.splitlines()[-1] == "everything configured works"
    assert_no_secret(proc)
    # each service was asked once, with its credential where the service expects it
    [discord] = fakes.discord.calls
    assert discord["headers"]["authorization"] == f"Bot {SECRETS['DISCORD_TOKEN']}"
    assert [c["path"] for c in fakes.github.calls] == ["/user", "/repos/acme/app"]
    assert [c["path"] for c in fakes.anthropic.calls] == ["/v1/models/claude-x"]


async def test_a_rejected_token_fails_and_is_named_without_its_value(
    database: Database, fakes: Fakes, tmp_path: Path
) -> None:
    wrong = "discord-token-that-is-wrong-8"
    proc = await run_doctor(
        tmp_path,
        configured(
            fakes,
            FALKORDB_URL=database.url,
            HIVEBRAIN_EMBEDDINGS="false",
            DISCORD_TOKEN=wrong,
        ),
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = report(proc)
    mark, detail = lines["Discord"]
    assert mark == "FAIL" and "DISCORD_TOKEN was refused" in detail and "401" in detail
    assert {name for name, (m, _) in lines.items() if m == "FAIL"} == {"Discord"}
    assert lines["embedding model"][0] == "--"
    assert proc.stdout.splitlines()[-1] == "not working: Discord"
    assert wrong not in proc.stdout + proc.stderr
    assert_no_secret(proc)


async def test_unconfigured_parts_do_not_fail(database: Database, tmp_path: Path) -> None:
    proc = await run_doctor(
        tmp_path, {"FALKORDB_URL": database.url, "HIVEBRAIN_EMBEDDINGS": "false"}
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = report(proc)
    assert lines["model key"] == ("--", "rules mode (no ANTHROPIC_API_KEY)")
    for name in ("Slack", "Discord", "GitHub", "Composio"):
        assert lines[name] == ("--", "not configured")


async def test_an_invalid_setting_is_one_line_and_skips_what_needs_it(tmp_path: Path) -> None:
    proc = await run_doctor(tmp_path, {"HIVEBRAIN_EMBED_DIMENSION": "abc"})
    assert proc.returncode == 1
    lines = report(proc)
    mark, detail = lines["settings"]
    assert mark == "FAIL" and "HIVEBRAIN_EMBED_DIMENSION='abc'" in detail
    assert "whole number" in detail
    assert lines["database"] == ("--", "skipped: fix the settings first")
    assert not (tmp_path / ".hivebrain").exists()  # nothing was started


async def test_database_health_names_a_missing_index_and_reads_dimensions(brain: Brain) -> None:
    slug = f"doc-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    healthy = await database_health(brain)
    assert not [p for p in healthy.problems if slug in p]
    assert healthy.dimensions == {384} and healthy.version.count(".") == 2
    await brain.driver.query(graph_name(slug), "drop an index", "DROP INDEX ON :Card(status)")
    try:
        broken = await database_health(brain)
        assert f"tenant {slug}: range index Card(status) is missing" in broken.problems
    finally:
        await brain.erase_tenant(slug)  # other tests read this server's tenants
