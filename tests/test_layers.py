"""The layout's rules, read from the source with ``ast`` (nothing is imported).

- Layers import one way only: bots -> agents -> brain, scheduler -> agents, brain; the
  scheduler never imports a chat SDK.
- A private (``_``-prefixed) module belongs to the package that holds it: only modules
  inside that package (its own sub-packages included) import it. Everything else goes
  through the package's public face, its ``__init__``; that holds for sub-packages too
  (``bots.serve`` imports ``bots.slack``, never ``bots.slack._app``). Tests and benchmarks
  may test a top-level package's private modules, but reach a sub-package by its face.
- No import circles at any level. Module-level imports form none, so any module can be
  imported first; and inside every package, its parts (modules and sub-packages) use each
  other one way only, counting every import (in functions and under ``TYPE_CHECKING``
  too): ``brain.reads.search -> brain.reads.repo -> brain.reads.search`` is a circle
  even when no single module imports itself back.
- Every package ``__init__`` lists its public names in ``__all__``, and each listed name
  is bound there.
- The answer checks (``agents/checks``) import nothing of the question reader
  (``agents.desks``): a guard that shared the reader's parser would share its blind spots.
- Cypher lives only in ``brain``: no string in agents, bots or the scheduler reads like a
  query (docstrings and prose aside); they call the brain's named reads.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("brain", "agents", "bots", "scheduler")
FORBIDDEN: dict[str, set[str]] = {
    "brain": {"agents", "bots", "scheduler"},
    "agents": {"bots", "scheduler"},
    "scheduler": {"bots", "slack_sdk", "slack_bolt", "discord"},
    "bots": set(),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[str]:
    """Every absolute import in a file, wherever it stands (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def load_time_imports(path: Path, known: set[str]) -> set[str]:
    """The modules of ours a file imports when it is loaded (not in functions or
    ``if TYPE_CHECKING``). ``from pkg import name`` counts ``pkg.name`` when that is a
    module, else ``pkg``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.Import):
                found.update(a.name for a in stmt.names if a.name in known)
            elif isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.level == 0:
                subs = {f"{stmt.module}.{a.name}" for a in stmt.names} & known
                found.update(subs)
                # `from pkg import _mod` loads the module, not more of the package
                if stmt.module in known and len(subs) < len(stmt.names):
                    found.add(stmt.module)
            elif isinstance(stmt, ast.If) and not _is_type_checking(stmt.test):
                visit(stmt.body)
                visit(stmt.orelse)
            elif isinstance(stmt, ast.Try):
                visit(stmt.body)

    visit(tree.body)
    return found


MODULES = sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))
NAMES = {module_name(p): p for p in MODULES}
#: Files beside the packages that use them: tests (fakes included) and benchmarks.
BESIDE = sorted(p for d in ("tests", "bench") for p in (ROOT / d).rglob("*.py"))
#: Tests that lower a private module's limit (``monkeypatch.setattr(module, "LIMIT", n)``)
#: to reach a boundary without building a graph that big: the reach-ins kept, each named
#: here so that a new one is a decision written down, not an accident.
TUNED: dict[str, set[str]] = {
    # THREAD_WALK_AT: walks in a thread; THREAD_CHECKS_AT: a turn's checks in a thread
    "tests/test_off_loop.py": {"brain.reads._snapshots", "agents.checks._numbers"},
    "tests/test_ranks.py": {"brain.reads._snapshots"},  # ID_PAGE: an edge fetch in many pages
}


def modules_used(path: Path, known: set[str]) -> set[str]:
    """Every module of ours a file imports, wherever it stands (functions and
    ``TYPE_CHECKING`` included). ``from pkg import name`` counts ``pkg.name`` when that
    is a module, else ``pkg`` (as ``load_time_imports`` does)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            found.update(subs)
            if len(subs) < len(node.names):
                found.add(node.module)
    return found & known


def private_owner(module: str) -> str | None:
    """The package a private module belongs to (``brain.reads.search`` for
    ``brain.reads.search._search``), or None when every part of the name is public."""
    parts = module.split(".")
    for i, part in enumerate(parts[1:], 1):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def home_of(path: Path) -> str:
    """The package a file sits in: itself for an ``__init__``; ``tests`` or ``bench``
    (and their folders) for the files beside the packages."""
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def reach_ins(home: str, used: set[str]) -> list[str]:
    """The private modules of ``used`` that a file in package ``home`` may not import:
    those held by a package it is not inside."""
    beside = home.split(".")[0] not in PACKAGES
    wrong: list[str] = []
    for module in sorted(used):
        owner = private_owner(module)
        if owner is None or home == owner or home.startswith(owner + "."):
            continue
        if beside and "." not in owner:
            continue  # a test of a top-level package's own private module
        wrong.append(module)
    return wrong


def parts_graph(sources: dict[str, Path]) -> dict[str, dict[str, dict[str, str]]]:
    """For each package, which of its parts (modules, sub-packages) use which:
    ``{package: {part: {other part: "importer -> imported"}}}``, over every import.

    An import is counted in the nearest package holding both ends, between the parts of
    it that hold them. A package's face importing its own parts is how it re-exports them,
    so that is not a use; a module importing a face of its own package is recorded as a
    use of the part ``^`` (up), which no module may have.
    """
    known = set(sources)
    graph: dict[str, dict[str, dict[str, str]]] = {}
    for name, path in sources.items():
        here = name.split(".")
        for target in sorted(modules_used(path, known) - {name}):
            there = target.split(".")
            common = 0
            while common < min(len(here), len(there)) and here[common] == there[common]:
                common += 1
            if common == len(here):  # a face importing its own parts
                continue
            package = ".".join(here[:common])
            part = here[common]
            other = "^" if common == len(there) else there[common]
            graph.setdefault(package, {}).setdefault(part, {}).setdefault(
                other, f"{name} -> {target}"
            )
    return graph


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_one_way(path: Path) -> None:
    package = path.relative_to(ROOT).parts[0]
    wrong = [m for m in imports_of(path) if m.split(".")[0] in FORBIDDEN[package]]
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}, against the layer rule"


@pytest.mark.parametrize("path", MODULES + BESIDE, ids=lambda p: str(p.relative_to(ROOT)))
def test_private_modules_stay_in_their_package(path: Path) -> None:
    used = modules_used(path, set(NAMES))
    tuned = TUNED.get(str(path.relative_to(ROOT)), set())
    assert tuned <= used, f"{path.relative_to(ROOT)} no longer tunes {tuned - used}: drop it"
    private = [m for m in reach_ins(home_of(path), used) if m not in tuned]
    assert not private, (
        f"{path.relative_to(ROOT)} reaches into private modules {private}: import them from "
        "their package's face (its __init__), and export them there if they are needed"
    )


CHECKS = sorted((ROOT / "agents" / "checks").rglob("*.py"))


@pytest.mark.parametrize("path", CHECKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_checks_do_not_share_the_question_reader(path: Path) -> None:
    shared = [m for m in imports_of(path) if m == "agents.desks" or m.startswith("agents.desks.")]
    assert not shared, f"{path.relative_to(ROOT)} imports the question reader {shared}"


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph`` (module -> modules it loads), or None."""
    state: dict[str, int] = {}  # 1: on the current walk, 2: done
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := walk(start)):
            return found
    return None


def test_no_import_circle() -> None:
    known = set(NAMES)
    graph = {name: load_time_imports(path, known) - {name} for name, path in NAMES.items()}
    # a package's own __init__ is loaded before any of its modules: importing it back from
    # one of them is the circle that breaks "import this module first"
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def circles_between_parts(graph: dict[str, dict[str, dict[str, str]]]) -> list[str]:
    """Each package whose parts use each other in a circle, with the imports that close it."""
    found: list[str] = []
    for package, parts in sorted(graph.items()):
        for uses in parts.values():
            if "^" in uses:
                found.append(f"{package or '<top>'}: {uses['^']} (imports its own package's face)")
        circle = find_circle({part: set(uses) - {"^"} for part, uses in parts.items()})
        if circle:
            hops = [parts[a][b] for a, b in zip(circle, circle[1:], strict=False)]
            found.append(f"{package or '<top>'}: {' -> '.join(circle)} ({'; '.join(hops)})")
    return found


def test_no_circle_between_the_parts_of_any_package() -> None:
    circles = circles_between_parts(parts_graph(NAMES))
    assert not circles, "parts of a package that use each other in a circle:\n" + "\n".join(circles)


@pytest.mark.parametrize(
    "path", [p for p in MODULES if p.name == "__init__.py"], ids=lambda p: module_name(p)
)
def test_package_faces_list_their_names(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    listed: list[str] | None = None
    bound: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets
        ):
            listed = [ast.literal_eval(e) for e in stmt.value.elts]  # type: ignore[attr-defined]  # __all__ is a list literal
        elif isinstance(stmt, ast.ImportFrom):
            bound.update(a.asname or a.name for a in stmt.names)
        elif isinstance(stmt, ast.Assign):
            bound.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, ast.FunctionDef | ast.ClassDef):
            bound.add(stmt.name)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            bound.add(stmt.target.id)
    assert listed is not None, f"{module_name(path)} has no __all__"
    lazy = "__getattr__" in bound  # a face that loads its names on first use (PEP 562)
    missing = [n for n in listed if n not in bound and not lazy]
    assert not missing, f"{module_name(path)} lists {missing} in __all__ but never binds them"


# --- Cypher lives in the brain ------------------------------------------------------------

#: A clause only a query has, in the upper case our queries are written in: a node pattern
#: after MATCH / MERGE / CREATE, UNWIND ... AS, a procedure call, a RETURN of a variable or
#: an expression, a SET of a property, FOREACH, DETACH DELETE. Prose in capitals ("RETURN to
#: the menu", a Redis ``SET key``) and names like ``LINKEDIN_CREATE_POST`` do not match.
CYPHER_CLAUSE = re.compile(
    r"\b(?:OPTIONAL\s+)?MATCH\s*\(|\bMERGE\s*\(|\bCREATE\s*\(|\bUNWIND\s+\S+\s+AS\s+\w"
    r"|\bCALL\s+(?:db|algo|apoc)\.\w"
    r"|\bRETURN\s+(?:DISTINCT\s+)?\w+(?:\.\w|\s*\(|\s*,|\s+AS\b|\s*$)"
    r"|\bSET\s+\w+(?:\.\w+)?\s*\+?=|\bFOREACH\s*\(|\bDETACH\s+DELETE\b",
    re.M,
)

#: Modules above the brain that still hold Cypher, each with the work that moves it out.
#: Empty since issue 23's Chief seam moved the last ones (the turn's recall reads, the rules
#: desks' metric read) into brain/. Never add to it: put a new query in brain/ instead.
CYPHER_PENDING: dict[str, str] = {}


def cypher_in(path: Path) -> list[tuple[int, str]]:
    """Each string in a file that reads like Cypher: (line, its start). Docstrings and
    other bare string statements are prose and skipped; an f-string is read with its
    holes as ``{}``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    prose = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    parts = {
        id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values
    }
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in prose or id(node) in parts:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{}"
                for v in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if CYPHER_CLAUSE.search(text):
            found.append((node.lineno, " ".join(text.split())[:60]))
    return sorted(found)


ABOVE_BRAIN = [p for p in MODULES if p.relative_to(ROOT).parts[0] != "brain"]


@pytest.mark.parametrize("path", ABOVE_BRAIN, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_cypher_above_the_brain(path: Path) -> None:
    where = path.relative_to(ROOT).as_posix()
    found = cypher_in(path)
    if where in CYPHER_PENDING:
        assert found, f"{where} holds no Cypher any more: take it off CYPHER_PENDING"
        return
    shown = "; ".join(f"line {line}: {text!r}" for line, text in found)
    assert not found, (
        f"{where} holds Cypher ({shown}): move it into brain/ behind a named read "
        "(brain.reads or brain.upkeep) and call that"
    )


def test_the_cypher_check_tells_queries_from_prose(tmp_path: Path) -> None:
    module = tmp_path / "mixed.py"
    module.write_text(
        '"""Prose may say MATCH (n) RETURN n.id: a docstring is not a query."""\n'
        'READ = """\nMATCH (n:Entity)\nRETURN n.id, n.name\nLIMIT $limit\n"""\n'
        'FIELDS = "OPTIONAL MATCH (c)-[e:CITES]->(n:Entity)"\n'
        "def read(label):\n"
        '    """RETURN the thing (a docstring again)."""\n'
        '    return f"MATCH (c:{label}) RETURN c"\n'
        'PROSE = "Please RETURN to the menu, then CREATE a card or SET the channel."\n'
        'SLUG = "LINKEDIN_CREATE_LINKED_IN_POST"\n'
        'LOCK = "SET key token NX PX ttl"\n'
        'ROWS = "UNWIND $rows AS row"\n'
        'WRITE = "SET n += $changes"\n'
        'TAIL = "WITH c, cites RETURN c.id"\n'
    )
    assert [line for line, _ in cypher_in(module)] == [2, 7, 10, 14, 15, 16]


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from bots.core import BotCore\nimport agents.turn\n")
    assert imports_of(bad) == ["bots.core", "agents.turn"]
    assert {m.split(".")[0] for m in imports_of(bad)} & FORBIDDEN["brain"] == {"bots", "agents"}
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    guarded = tmp_path / "guarded.py"
    guarded.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x.y\n"
        "def f():\n    import x.z\nimport x.w\n"
    )
    assert load_time_imports(guarded, {"x.y", "x.z", "x.w"}) == {"x.w"}
    assert modules_used(guarded, {"x.y", "x.z", "x.w"}) == {"x.y", "x.z", "x.w"}


def test_reach_ins_are_told_from_imports_of_a_face(tmp_path: Path) -> None:
    serve = tmp_path / "serve.py"
    serve.write_text("from bots.slack import _app\nfrom bots.slack import SlackPoster\n")
    known = {"bots", "bots.slack", "bots.slack._app", "bots.core", "bots.core._reply"}
    assert modules_used(serve, known) == {"bots.slack", "bots.slack._app"}
    serve.write_text("from bots.slack import _app\n")
    assert modules_used(serve, known) == {"bots.slack._app"}
    assert reach_ins("bots", {"bots.slack", "bots.slack._app"}) == ["bots.slack._app"]
    assert reach_ins("bots.slack", {"bots.slack._app", "bots.core._reply"}) == ["bots.core._reply"]
    assert reach_ins("brain.reads.search", {"brain.reads._cache", "brain._json"}) == []
    assert reach_ins("tests", {"agents._turn", "brain.reads.search._search"}) == [
        "brain.reads.search._search"
    ]
    assert private_owner("brain.reads.search._search") == "brain.reads.search"
    assert private_owner("brain.reads.search") is None


def test_circles_between_parts_are_found_at_every_level(tmp_path: Path) -> None:
    files = {
        "brain.reads.search._search": "from brain.reads.repo import experts\n",
        "brain.reads.repo._experts": "def f():\n    from brain.reads.search import hits\n",
        "brain.reads._walks": "from brain.reads import search, hits\n",
        "brain.reads.search": "from brain.reads.search._search import hits\n",
        "brain.reads.repo": "from brain.reads.repo._experts import experts\n",
        "brain.reads": "from brain.reads._walks import walk\n",
    }
    sources: dict[str, Path] = {}
    for name, text in files.items():
        sources[name] = tmp_path / f"{name}.py"
        sources[name].write_text(text)
    circles = circles_between_parts(parts_graph(sources))
    assert len(circles) == 2, circles
    assert circles[0].startswith("brain.reads: brain.reads._walks -> brain.reads (imports")
    assert circles[1].startswith("brain.reads: search -> repo -> search")
