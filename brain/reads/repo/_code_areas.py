"""What the repository reads share: how work is weighed, which words count, where an area is.

The expert, triage and decision reads all turn words into areas of code (Components)
and weigh work by who did it and how long ago. Keeping the weights and the word rules in
one place keeps the three answers consistent: the expert a triage suggests is the one
``experts_for`` would name for the same component.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from brain._moments import parse_moment
from brain._tenant_graph import TenantGraph
from brain.errors import InputInvalid
from brain.reads._cache import cached
from brain.reads._evidence import EdgeRef, edge_ref
from brain.reads._fulltext import STOPWORDS

#: Work loses half its weight in about six months: exp(-182 / 260) = 0.50.
DECAY_DAYS = 260.0
#: Points per change by role: writing it above reviewing it above commenting on it.
ROLE_POINTS: dict[str, float] = {"author": 3.0, "co-author": 2.5, "reviewer": 2.0, "comment": 0.5}
#: Kinds of file that vote for where an issue goes only when the issue is about them (its
#: words name the kind, or its closest precedents changed only such files; see _triage).
NON_VOTING_KINDS = frozenset({"test", "docs", "ci", "packaging"})
_DAY_MS = 86_400_000

_WORD = re.compile(r"[a-z0-9][a-z0-9_]*")
#: Words that say a change happened, not what it touched: every fix title holds them
#: (on top of the search's stop words).
GENERIC_WORDS = STOPWORDS | frozenset(
    [
        "add",
        "added",
        "adding",
        "adds",
        "all",
        "allow",
        "allows",
        "also",
        "best",
        "branch",
        "bug",
        "bugs",
        "build",
        "bump",
        "came",
        "change",
        "changed",
        "changes",
        "chore",
        "ci",
        "code",
        "come",
        "dependencies",
        "dependency",
        "deps",
        "doc",
        "docs",
        "doesn",
        "don",
        "feat",
        "fix",
        "fixed",
        "fixes",
        "fixing",
        "go",
        "goes",
        "here",
        "improve",
        "improved",
        "improves",
        "issue",
        "issues",
        "know",
        "knows",
        "less",
        "made",
        "main",
        "make",
        "makes",
        "master",
        "merge",
        "merged",
        "minor",
        "more",
        "new",
        "now",
        "pr",
        "refactor",
        "release",
        "remove",
        "removed",
        "removes",
        "s",
        "small",
        "some",
        "support",
        "supports",
        "t",
        "test",
        "tests",
        "update",
        "updated",
        "updates",
        "updating",
        "use",
        "uses",
        "using",
        "version",
        "via",
        "while",
        "wip",
        "work",
        "working",
        "works",
    ]
)


def stem(word: str) -> str:
    """A light English stem, so "queues" meets "queue" and "crashing" meets "crash"."""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + keep
            if suffix == "es" and not base.endswith(("s", "x", "z", "ch", "sh")):
                base = word[:-1]
            elif suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2]:
                base = base[:-1]  # "formatting" -> "format", "mapped" -> "map"
            word = base
            break
    return word.removesuffix("e") if len(word) > 4 else word


def terms(text: str) -> list[str]:
    """The words of ``text`` that say what it is about, lower-cased, in order, once each.

    Identifiers also split on ``_`` and camel case, so ``getNeighbors`` also meets
    "neighbors"; two-letter words stay ("ai", "ui", "db" name areas).
    """
    found: list[str] = []
    for raw in re.findall(r"[A-Za-z0-9][A-Za-z0-9_]*", text):
        pieces = [raw.lower()]
        parts = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", raw.replace("_", " "))
        if len(parts) > 1:
            pieces += [p.lower() for p in parts]
        for piece in pieces:
            if len(piece) < 2 or piece in GENERIC_WORDS or piece.isdigit():
                continue
            found.append(piece)
    return list(dict.fromkeys(found))


def keywords(text: str) -> list[str]:
    """``terms`` stemmed: what coverage compares, so "queues" meets "queue"."""
    return list(dict.fromkeys(stem(w) for w in terms(text)))


def coverage(query: list[str], text: str) -> float:
    """The share of the question's keywords that ``text`` holds (0 to 1)."""
    if not query:
        return 0.0
    held = set(keywords(text))
    return sum(1 for w in query if w in held) / len(query)


def as_ms(value: object) -> int | None:
    """A moment read off a node as epoch ms: loaders store numbers, a hand-written facts
    file may hold a date string; anything else is unknown."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return int(value)
    if isinstance(value, str):
        try:
            return parse_moment(value)
        except InputInvalid:
            return None
    return None


def recency(at: int | None, t: int, *, days: float = DECAY_DAYS) -> float:
    """How much work done at ``at`` still counts at ``t``: 1 now, 0.5 six months back
    (with the default ``days``)."""
    if at is None:
        return 0.5
    return math.exp(-max(0, t - at) / _DAY_MS / days)


#: Words by which an issue says it is about tests, CI, docs or packaging themselves: only
#: then do files of that kind vote (a flaky-test report belongs with the tests).
KIND_WORDS: dict[str, frozenset[str]] = {
    "ci": frozenset(
        [
            "ci",
            "pipeline",
            "pipelines",
            "workflow",
            "workflows",
            "runner",
            "runners",
            "codeql",
            "actions",
            "action",
        ]
    ),
    "packaging": frozenset(
        [
            "docker",
            "dockerfile",
            "alpine",
            "image",
            "package",
            "packaging",
            "dependency",
            "dependencies",
            "deps",
            "bump",
            "cve",
            "helm",
            "chart",
            "lockfile",
            "wheel",
            "npm",
            "pypi",
        ]
    ),
    "docs": frozenset(
        [
            "docs",
            "documentation",
            "readme",
            "changelog",
            "typo",
            "typos",
            "example",
            "examples",
            "tutorial",
            "guide",
        ]
    ),
    "test": frozenset(["test", "tests", "testing", "flaky", "e2e", "coverage", "spec", "specs"]),
}


def kinds_named(text: str) -> set[str]:
    """The kinds of file an issue's own words name, besides code."""
    words = set(re.findall(r"[a-z0-9]+", text.lower()))
    return {kind for kind, vocab in KIND_WORDS.items() if words & vocab}


@dataclass(frozen=True, slots=True)
class Area:
    """One Component a question resolved to."""

    id: str
    repo: str
    path: str
    kind: str


# A component by id, by its path in any repository, or by the repository alone.
READ_AREAS = """
MATCH (c:Component)
WHERE (c.id IN $ids OR c.path IN $paths OR ($repo_only AND c.repo = $repo))
  AND ($repo IS NULL OR c.repo = $repo)
RETURN c.id, c.repo, c.path, coalesce(c.kind, 'code')
ORDER BY c.id
LIMIT $limit
"""

READ_AREAS_UNDER = """
MATCH (c:Component)
WHERE c.path STARTS WITH $prefix AND ($repo IS NULL OR c.repo = $repo)
RETURN c.id, c.repo, c.path, coalesce(c.kind, 'code')
ORDER BY c.id
LIMIT $limit
"""

READ_FILE_AREAS = """
UNWIND $files AS fid
MATCH (f:File {id: fid})-[e:IN_COMPONENT]->(c:Component)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN c.id, c.repo, c.path, coalesce(c.kind, 'code')
LIMIT $limit
"""

READ_FILES_BY_PATH = """
MATCH (f:File)
WHERE f.path = $path AND ($repo IS NULL OR f.repo = $repo)
RETURN f.id
LIMIT $limit
"""

READ_REPOS = """
MATCH (r:Repository)
RETURN r.id, r.name
ORDER BY r.name
LIMIT $limit
"""


async def repositories(graph: TenantGraph) -> list[str]:
    """Names (``owner/name``) of the repositories this tenant holds (kept until a write)."""

    async def build() -> list[str]:
        res = await graph.read("repositories", READ_REPOS, {"limit": 500})
        return [str(name) for _, name in res.rows if name]

    return (await cached(graph, "repositories", (), build))[0]


def repo_named(text: str, repos: list[str]) -> str | None:
    """The repository a question names (``falkordb-py``, ``FalkorDB/falkordb-py``), if one.

    The longest name wins, so "falkordb-py" is not read as "falkordb".
    """
    low = text.lower()
    best: tuple[int, str] | None = None
    for repo in repos:
        short = repo.split("/")[-1].lower()
        for name in (repo.lower(), short):
            hit = re.search(rf"(?<![\w/-]){re.escape(name)}(?![\w-])", low)
            if hit and (best is None or len(name) > best[0]):
                best = (len(name), repo)
    return best[1] if best else None


async def areas_for(
    graph: TenantGraph, what: str, *, repo: str | None, t: int, limit: int = 20
) -> list[Area]:
    """The Components ``what`` names: a component id or path, a file path, a folder.

    A folder deeper than the components (``src/udf/quickjs``) resolves to the component
    that holds it; a folder above them (``src``) to every component under it.
    """
    what = what.strip().strip("/")
    found = await _areas(graph, ids=[what], paths=[what], repo=repo, limit=limit)
    if found:
        return found
    files = await graph.read(
        "files by path", READ_FILES_BY_PATH, {"path": what, "repo": repo, "limit": limit}
    )
    if files.rows:
        res = await graph.read(
            "file areas",
            READ_FILE_AREAS,
            {"files": [r[0] for r in files.rows], "t": t, "limit": limit},
        )
        return [Area(*row) for row in res.rows]
    under = await graph.read(
        "areas under", READ_AREAS_UNDER, {"prefix": what + "/", "repo": repo, "limit": limit}
    )
    if under.rows:
        return [Area(*row) for row in under.rows]
    parts = what.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]
    if prefixes:
        found = await _areas(graph, ids=[], paths=prefixes, repo=repo, limit=limit)
        if found:
            return found[:1]
    return []


async def _areas(
    graph: TenantGraph, *, ids: list[str], paths: list[str], repo: str | None, limit: int
) -> list[Area]:
    res = await graph.read(
        "areas",
        READ_AREAS,
        {"ids": ids, "paths": paths, "repo": repo, "repo_only": False, "limit": limit},
    )
    return [Area(*row) for row in res.rows]


def ref(row: list[Any], source: str, rel: str, target: str, at: int) -> EdgeRef:
    """An EdgeRef from a row's ``[since, until, src]`` cells starting at index ``at``."""
    return edge_ref(source, rel, target, row[at], row[at + 1], row[at + 2])
