"""Every command's help renders, and every command a help text or a message names exists.

Help and error messages send people to other commands (`tenant import`, `hivebrain jobs
list SLUG`); a renamed command leaves them pointing nowhere. This renders the help of every
group and command through typer's CliRunner and reads every `hivebrain ...` a string in the
four packages quotes, then checks each named command against the CLI itself: the command
path exists, every option it writes is one the command takes, the words left fit its
arguments, and a word where the command expects a choice is one of the choices.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from bots.cli import app

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("brain", "agents", "bots", "scheduler")
CLI = typer.main.get_command(app)
CTX = typer.Context(CLI)
#: A quoted span, `markdown` or ``reStructuredText``: group 2 is its text.
_QUOTED = re.compile(r"(?<!`)(`{1,2})([^`]+)\1(?!`)")
_BOX = re.compile(r"[│╭╮╰╯─]")


def subcommands(command: Any) -> dict[str, Any]:
    """A group's commands by name (empty for a command)."""
    if not hasattr(command, "list_commands"):
        return {}
    return {name: command.get_command(CTX, name) for name in command.list_commands(CTX)}


def every_command(command: Any = CLI, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of every group and command under ``command``."""
    for name, sub in subcommands(command).items():
        yield (*path, name)
        yield from every_command(sub, (*path, name))


def render_help(path: tuple[str, ...]) -> str:
    """A command's help as a reader sees it, on one line (boxes and wrapping removed)."""
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, (path, result.output)
    return " ".join(_BOX.sub(" ", result.output).split())


def _choices(param: Any) -> list[str]:
    """The words an argument accepts, when it is a choice (``approve|reject``, an enum)."""
    shown = str(param.metavar or param.display_type(CTX) or "").strip("<>")
    return shown.split("|") if "|" in shown else []


def _is_placeholder(word: str) -> bool:
    """SLUG, ID, {slug}, <id>, ..., NEW-SLUG: a value the reader fills in."""
    return word == "..." or word.isupper() or word[:1] in "{<" or not word[:1].isalnum()


def check_named(words: list[str]) -> str | None:
    """Why ``words`` (a command line after ``hivebrain``) names no command, or None."""
    command: Any = CLI
    words = [w for w in words if w not in ("[", "]")]
    while words and words[0] in subcommands(command):
        command = subcommands(command)[words.pop(0)]
    if subcommands(command):  # a group: what follows must be one of its commands
        if words and not words[0].startswith("-") and not _is_placeholder(words[0]):
            return f"{words[0]!r} is not a command of {command.name!r}"
        return None
    options = {opt: p for p in [*command.params, *CLI.params] for opt in p.opts}
    arguments = [p for p in command.params if not hasattr(p, "is_flag")]
    position = 0
    while words:
        word = words.pop(0)
        if word.startswith("-"):
            name = word.split("=", 1)[0]
            if name not in options:
                return f"{command.name!r} takes no option {name}"
            if not options[name].is_flag and "=" not in word and words:
                words.pop(0)  # its value
            continue
        if word == "...":
            continue
        if position >= len(arguments):
            if arguments and arguments[-1].nargs == -1:
                continue
            return f"{command.name!r} takes {len(arguments)} arguments; {word!r} is one more"
        choices = _choices(arguments[position])
        if choices and not _is_placeholder(word) and word not in choices:
            return f"{command.name!r} takes {'|'.join(choices)} where {word!r} stands"
        position += 1
    return None


def named_in_help(text: str) -> list[list[str]]:
    """The command lines a help text quotes: `hivebrain ...` or `<top-level command> ...`."""
    found: list[list[str]] = []
    for _, span in _QUOTED.findall(text):
        words = span.replace("[", " [ ").replace("]", " ] ").split()
        if words and words[0] == "hivebrain":
            found.append(words[1:])
        elif words and words[0] in subcommands(CLI):
            found.append(words)
    return found


def _text_of(node: ast.expr) -> str | None:
    """A string constant, or an f-string with each ``{...}`` written as ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{}"
            for v in node.values
        )
    return None


def named_in_sources() -> list[tuple[str, list[str]]]:
    """Every `hivebrain ...` a string of the four packages quotes, with where it is."""
    found: list[tuple[str, list[str]]] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.expr) or (text := _text_of(node)) is None:
                    continue
                for _, span in _QUOTED.findall(text):
                    words = span.replace("[", " [ ").replace("]", " ] ").split()
                    if words[:1] == ["hivebrain"]:
                        where = f"{path.relative_to(ROOT)}:{node.lineno}"
                        found.append((where, words[1:]))
    return found


COMMANDS = sorted(every_command())


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_s_help_names_only_commands_that_exist(path: tuple[str, ...]) -> None:
    text = render_help(path)
    assert f"Usage: root {' '.join(path)}" in text  # the help of this very command
    problems = [(w, why) for w in named_in_help(text) if (why := check_named(w))]
    assert problems == [], problems


def test_every_command_a_message_names_exists() -> None:
    named = named_in_sources()
    assert len(named) > 30  # the packages' messages are read, not an empty folder
    problems = [(where, " ".join(w), why) for where, w in named if (why := check_named(w))]
    assert problems == [], problems


def test_a_group_without_a_command_shows_its_help() -> None:
    for path in COMMANDS:
        if subcommands(CLI.get_command(CTX, path[0])) and len(path) == 1:
            result = CliRunner().invoke(app, list(path), env={"COLUMNS": "200"})
            assert "Commands" in result.output and "Missing command" not in result.output, path


def test_export_says_which_command_loads_it_back() -> None:
    assert "`tenant import` loads back" in render_help(("tenant", "export"))
    assert ["tenant", "import"] in named_in_help(render_help(("tenant", "export")))


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (["tenant", "imprt"], "'imprt' is not a command of 'tenant'"),
        (["card", "SLUG", "ID", "approve", "--yes"], "'card' takes no option --yes"),
        (["card", "SLUG", "ID", "accept"], "takes approve|reject|retry|edit where 'accept'"),
        (["connect", "SLUG", "sync"], "takes list|pull where 'sync'"),
        (["minutes", "SLUG", "last", "extra"], "'minutes' takes 2 arguments; 'extra'"),
    ],
)
def test_the_check_finds_a_command_that_does_not_exist(words: list[str], why: str) -> None:
    found = check_named(words)
    assert found is not None and why in found, found


def test_the_check_passes_commands_as_people_write_them() -> None:
    for line in (
        "tenant export acme -o backup.jsonl",
        "jobs run {} archive --dry-run",
        "connect SLUG pull [ --since D ] [ --account ID ]",
        "ingest docs acme a.md b.md docs/",
        "-v",
        "tenant ...",
    ):
        assert check_named(line.split()) is None, line


def test_db_status_json_is_json_with_an_external_server() -> None:
    env = {"FALKORDB_URL": "redis://db.example:6379", "COLUMNS": "200"}
    result = CliRunner().invoke(app, ["db", "status", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"external": True}


def test_github_limit_is_refused_where_it_would_be_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # owner/repo (no such local path) is read through the API, issues and pull requests,
    # where a commit limit means nothing: one error line, before any request is made
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        app, ["ingest", "github", "acme", "acme/web", "--limit", "5"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 1
    assert "--limit counts commits of a file or a checkout" in result.output
    assert "Traceback" not in result.output
