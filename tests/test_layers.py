"""The layout's rules, read from the source with ``ast`` (nothing is imported).

- Layers import one way only: bots -> agents -> brain, scheduler -> agents, brain; the
  scheduler never imports a chat SDK.
- No module imports another package's private (``_``-prefixed) module: each package's
  public face is its ``__init__`` (and its sub-packages' ``__init__``).
- Module-level imports form no circle, so any module can be imported first.
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


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_one_way(path: Path) -> None:
    package = path.relative_to(ROOT).parts[0]
    wrong = [m for m in imports_of(path) if m.split(".")[0] in FORBIDDEN[package]]
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}, against the layer rule"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_module_of_another_package(path: Path) -> None:
    package = path.relative_to(ROOT).parts[0]
    private = [
        m
        for m in imports_of(path)
        if m.split(".")[0] in FORBIDDEN
        and m.split(".")[0] != package
        and any(part.startswith("_") for part in m.split(".")[1:])
    ]
    assert not private, f"{path.relative_to(ROOT)} reaches into private modules {private}"


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
#: Issue 23's Chief seam moves the Chief's recall reads (agents/_turn.py) and the rules
#: desks' metric read (agents/desks/_rules.py) into brain/ behind named reads; the lead
#: empties this list when that lands. Never add to it: put a new query in brain/ instead.
CYPHER_PENDING: dict[str, str] = {
    "agents/_turn.py": "issue 23, one Chief seam: the recall reads of turns and cards",
    "agents/desks/_rules.py": "issue 23, one Chief seam: the rules desks' metric read",
}


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
