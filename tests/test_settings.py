"""Settings: validated once when they load, a wrong value is one line naming the variable.

Every settings class loads from the environment (and `.env`); each test sets the
variables it means and reads no `.env` (``_env_file=None`` or a tmp working directory).
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agents import AgentSettings
from bots._wiring import ExecutorSettings
from bots.core import BotSettings
from brain import BrainSettings, HivebrainSettings, SettingsInvalid

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
ENV_EXAMPLE = Path(__file__).resolve().parents[1] / ".env.example"
CLASSES: tuple[type[HivebrainSettings], ...] = (
    BrainSettings,
    AgentSettings,
    BotSettings,
    ExecutorSettings,
)
SETTING_NAMES = {name.upper() for cls in CLASSES for name in cls.model_fields}


def load(cls: type[HivebrainSettings], monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return cls(_env_file=None)


def test_env_example_documents_every_setting() -> None:
    documented = set(re.findall(r"^([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), re.M))
    assert SETTING_NAMES - documented == set(), "add these to .env.example"
    assert documented - SETTING_NAMES == set(), "no settings class reads these"


#: (class, variable, wrong value, what the line must say it takes)
WRONG: list[tuple[type[HivebrainSettings], str, str, str]] = [
    (BrainSettings, "HIVEBRAIN_EMBED_DIMENSION", "abc", "a whole number"),
    (BrainSettings, "HIVEBRAIN_EMBED_DIMENSION", "0", "a number of at least 1"),
    (BrainSettings, "HIVEBRAIN_EMBEDDINGS", "maybe", "true or false"),
    (BrainSettings, "FALKORDB_URL", "http://db:6379", "redis://, rediss://, unix://, redis+"),
    (BrainSettings, "FALKORDB_URL", "redis+sentinel://s1:26379", "names no master"),
    (BrainSettings, "FALKORDB_URL", "redis+cluster://a:1,b:x", "port that is not a number"),
    (AgentSettings, "HIVEBRAIN_DESK_TIMEOUT_S", "-5", "a number above 0"),
    (AgentSettings, "HIVEBRAIN_TURN_TOKEN_BUDGET", "lots", "a whole number"),
    (AgentSettings, "ANTHROPIC_BASE_URL", "api.anthropic.com", "http:// or https://"),
    (BotSettings, "HIVEBRAIN_HTTP_PORT", "70000", "a number of at most 65535"),
    (BotSettings, "DISCORD_SYNC_COMMANDS", "sometimes", "true or false"),
    (ExecutorSettings, "GITHUB_API_BASE_URL", "ftp://github", "http:// or https://"),
]


@pytest.mark.parametrize(("cls", "name", "value", "takes"), WRONG)
def test_a_wrong_value_is_one_line_naming_the_variable(
    cls: type[HivebrainSettings],
    name: str,
    value: str,
    takes: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(SettingsInvalid) as caught:
        load(cls, monkeypatch, **{name: value})
    line = str(caught.value)
    assert "\n" not in line
    assert f"{name}" in line and takes in line, line
    assert "pydantic" not in line and "validation error" not in line.lower()
    assert caught.value.problems and name in caught.value.problems[0]


def test_every_wrong_value_is_named_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SettingsInvalid) as caught:
        load(BotSettings, monkeypatch, HIVEBRAIN_HTTP_PORT="x", DISCORD_SYNC_COMMANDS="x")
    assert len(caught.value.problems) == 2


def test_url_values_are_never_repeated(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SettingsInvalid) as caught:
        load(BrainSettings, monkeypatch, FALKORDB_URL="http://admin:hunter2@db:6379")
    assert "hunter2" not in str(caught.value) and "FALKORDB_URL" in str(caught.value)


def test_empty_values_mean_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    brain = load(BrainSettings, monkeypatch, FALKORDB_URL="", HIVEBRAIN_EMBED_DIMENSION="")
    assert brain.falkordb_url is None and brain.hivebrain_embed_dimension == 384
    bots = load(BotSettings, monkeypatch, HIVEBRAIN_HTTP_PORT="", SLACK_API_BASE_URL="")
    assert bots.hivebrain_http_port == 8080 and bots.slack_api_base_url is None
    agents = load(AgentSettings, monkeypatch, ANTHROPIC_API_KEY="", ANTHROPIC_BASE_URL="")
    assert agents.anthropic_api_key is None and agents.anthropic_base_url is None


def test_good_values_load(monkeypatch: pytest.MonkeyPatch) -> None:
    brain = load(BrainSettings, monkeypatch, FALKORDB_URL="unix:///tmp/x.sock")
    assert brain.falkordb_url == "unix:///tmp/x.sock"
    bots = load(BotSettings, monkeypatch, HIVEBRAIN_HTTP_PORT="9000")
    assert bots.hivebrain_http_port == 9000


#: Entry points and the wrong setting each must refuse with one line (no traceback).
ENTRY_POINTS: list[tuple[list[str], dict[str, str], str]] = [
    (["tenant", "list"], {"HIVEBRAIN_EMBED_DIMENSION": "abc"}, "HIVEBRAIN_EMBED_DIMENSION"),
    (["db", "status"], {"FALKORDB_URL": "http://admin:hunter2@db"}, "FALKORDB_URL"),
    (["serve"], {"HIVEBRAIN_HTTP_PORT": "0"}, "HIVEBRAIN_HTTP_PORT"),
    (["ask", "no-such-shop", "who?"], {"HIVEBRAIN_DESK_TIMEOUT_S": "-1"}, "DESK_TIMEOUT"),
]


@pytest.mark.parametrize(("args", "env", "names"), ENTRY_POINTS)
async def test_entry_points_refuse_a_wrong_setting_in_one_line(
    args: list[str], env: dict[str, str], names: str, falkordb_url: str, tmp_path: Path
) -> None:
    kept = {"HIVEBRAIN_MODEL_CACHE_DIR"}  # the session's exported model, not a user setting
    base = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES - kept}
    base |= {"FALKORDB_URL": falkordb_url, "HIVEBRAIN_EMBEDDINGS": "false", "NO_COLOR": "1"}
    proc = await asyncio.to_thread(
        subprocess.run,
        [str(HIVEBRAIN), *args],
        env={**base, "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "300", **env},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: invalid setting"), proc.stderr
    assert names in lines[0] and "hunter2" not in proc.stderr
