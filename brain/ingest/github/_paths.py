"""What a repository file is for: code, test, docs, CI or packaging.

Triage lets only code vote for where an issue goes, and the expert and area answers say
which kind of work a person did, so every File (and every Component) carries a ``kind``.
The rules read the path only (folder names, file names, extensions) and hold for any
language's usual layout; anything they do not recognise is code, because a wrong "code"
costs a vote while a wrong "docs" would silence a real area. Vendored dependencies
(``deps/``, ``vendor/``, ``third_party/``) count as packaging: someone else's code.
"""

from __future__ import annotations

import re
from typing import Literal

FileKind = Literal["code", "test", "docs", "ci", "packaging"]
#: Every kind, in the order answers list them.
FILE_KINDS: tuple[FileKind, ...] = ("code", "test", "docs", "ci", "packaging")

_CI_DIRS = frozenset({".github", ".circleci", ".buildkite", ".gitlab", ".azure-pipelines"})
_CI_FILES = frozenset(
    {".travis.yml", ".gitlab-ci.yml", "jenkinsfile", "azure-pipelines.yml", "codecov.yml",
     ".codecov.yml", "appveyor.yml", ".pre-commit-config.yaml", "renovate.json",
     ".mergify.yml", "sonar-project.properties"}
)  # fmt: skip
_TEST_DIRS = frozenset(
    {"test", "tests", "__tests__", "testing", "spec", "specs", "e2e", "fixtures", "testdata",
     "test-data", "integration_tests", "unit_tests", "playwright", "cypress", "bench",
     "benchmarks", "benchmark"}
)  # fmt: skip
_TEST_FILE = re.compile(
    r"(^test_.*\.py$|_test\.(py|go|c|cc|cpp|rs)$|\.(test|spec)\.[jt]sx?$|_spec\.rb$|"
    r"^conftest\.py$|^test\.[a-z]+$|tests?\.[ch]$|playwright\.config\.[jt]s$)"
)
_DOC_DIRS = frozenset({"docs", "doc", "documentation", "examples", "example", "samples", "demo"})
_DOC_EXT = frozenset({".md", ".rst", ".txt", ".adoc", ".ipynb", ".mdx"})
_DOC_FILES = frozenset({"license", "licence", "notice", "authors", "contributors", "changelog"})
_PACKAGING_DIRS = frozenset(
    {"docker", "helm", "charts", "deploy", "deployment", "k8s", "kubernetes", "packaging",
     "debian", "rpm", "nix", ".devcontainer", "build", "scripts", "cmake", ".husky", ".vscode",
     "deps", "vendor", "third_party", "third-party", "thirdparty", "external", "node_modules"}
)  # fmt: skip
_PACKAGING_FILES = frozenset(
    {"pyproject.toml", "setup.py", "setup.cfg", "manifest.in", "package.json",
     "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "uv.lock", "poetry.lock",
     "pipfile", "pipfile.lock", "cargo.toml", "cargo.lock", "go.mod", "go.sum", "gemfile",
     "gemfile.lock", "makefile", "cmakelists.txt", "dockerfile", "docker-compose.yml",
     "docker-compose.yaml", "compose.yml", "compose.yaml", "tox.ini", "noxfile.py",
     ".gitignore", ".dockerignore", ".npmignore", ".gitattributes", ".gitmodules",
     ".npmrc", ".nvmrc", ".python-version", ".editorconfig", "tsconfig.json",
     "requirements.txt", "environment.yml", "vercel.json", "netlify.toml", "procfile",
     "renovate.json5", ".env.example", "next.config.js", "next.config.mjs", "next.config.ts",
     "vite.config.ts", "vite.config.js", "jest.config.js", "jest.config.ts", ".eslintrc",
     ".eslintrc.json", ".eslintrc.js", "eslint.config.mjs", "eslint.config.js",
     ".prettierrc", ".prettierrc.json", "babel.config.js", "postcss.config.js",
     "postcss.config.mjs", "tailwind.config.js", "tailwind.config.ts", "components.json",
     "ruff.toml", ".flake8", "mypy.ini", "pytest.ini", ".coveragerc", "codecov.yaml"}
)  # fmt: skip
_PACKAGING_FILE = re.compile(
    r"(^requirements[-_.].*\.txt$|^dockerfile\.|\.dockerfile$|^docker-compose\.|\.lock$|"
    r"^\.env(\..+)?$|\.(spec|nuspec)$|^tsconfig\..*\.json$)"
)


def file_kind(path: str) -> FileKind:
    """What the file at ``path`` is for, read from its path alone."""
    parts = [p.lower() for p in path.strip("/").split("/") if p]
    if not parts:
        return "code"
    name, folders = parts[-1], parts[:-1]
    if any(f in _CI_DIRS for f in folders) or name in _CI_FILES:
        return "ci"
    if any(f in _TEST_DIRS for f in folders) or _TEST_FILE.search(name):
        return "test"
    if (
        any(f in _DOC_DIRS for f in folders)
        or name.split(".")[0] in _DOC_FILES
        or any(name.endswith(ext) for ext in _DOC_EXT)
        and not name.startswith("requirements")
    ):
        return "docs"
    if any(f in _PACKAGING_DIRS for f in folders) or name in _PACKAGING_FILES:
        return "packaging"
    if _PACKAGING_FILE.search(name):
        return "packaging"
    return "code"


def folder_kind(prefix: str) -> FileKind:
    """What a Component (a directory prefix) is for, from its folders alone.

    A folder is code unless one of its folder names says otherwise; ``(root)`` is code,
    since top-level files of small repositories are often the whole program.
    """
    if prefix.startswith("("):
        return "code"
    return file_kind(prefix.rstrip("/") + "/x.c")
