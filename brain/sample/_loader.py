"""Reading the sample's data files: the facts file, and the Markdown its documents point to.

``data/facts.jsonl`` holds the story in the ingest format, one fact a line, in the order the
story tells it (a node, then its edges). ``load_facts`` expands the date tokens
(``brain.sample._tokens``), fills in long text from ``data/documents/*.md`` and returns the
node facts first, then the edge facts, so every edge's endpoints exist when it is written.

Files are read at call time through ``importlib.resources``, so importing the package reads
nothing and the files work from a wheel or a zip as well as from a checkout.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, cast

from brain.sample._tokens import StoryClock, day_of, expand, pick_weekday

#: One fact in the ingest format: ``{"node": {...}}`` or ``{"edge": {...}}``.
Fact = dict[str, Any]

FACTS_FILE = "facts.jsonl"
#: A line of a Markdown file that ends one part (one Chunk) and starts the next.
PART_BREAK = "---"


def data_dir() -> Traversable:
    """The package's ``data`` directory."""
    return resources.files("brain.sample") / "data"


def load_facts(today: date) -> list[Fact]:
    """The story as it reads on ``today``: node facts, then edge facts, ready for the gate.

    Raises ``ValueError`` naming the line when the data files are broken (a bad token, a
    missing document part): that is a bug in the package, not in anyone's input.
    """
    clock, root = StoryClock.on(today), data_dir()
    documents = _Documents(root, clock)
    nodes: list[Fact] = []
    edges: list[Fact] = []
    lines = (root / FACTS_FILE).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            ((kind, body),) = json.loads(line).items()
            if kind not in ("node", "edge"):
                raise ValueError(f"a fact is a node or an edge, not {kind!r}")
            fact = {kind: {key: _value(v, clock, documents.text) for key, v in body.items()}}
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise ValueError(f"{FACTS_FILE} line {number}: {exc}") from exc
        (nodes if kind == "node" else edges).append(fact)
    return nodes + edges


def _value(value: Any, clock: StoryClock, text: Callable[[str, int | None], str]) -> Any:
    """One property: strings are expanded, and the two object forms are resolved."""
    if isinstance(value, str):
        return expand(value, clock)
    if not isinstance(value, dict):
        return value
    form = cast("dict[str, Any]", value)
    if set(form) in ({"file"}, {"file", "part"}):
        return text(str(form["file"]), form.get("part"))
    if set(form) == {"weekday", "choices"}:
        day = str(form["weekday"])
        return pick_weekday(list(form["choices"]), day_of(day, clock), day)
    raise ValueError(f"not a value the loader knows: {form!r}")


class _Documents:
    """The Markdown files one load reads, each parsed once into parts of paragraphs.

    A file starts with a ``# title`` line for people (the loader skips it). Lines that are
    just ``---`` separate its parts; blank lines separate paragraphs; the lines of a paragraph
    are joined with single spaces, so the files can wrap their text. A document's body is
    all its paragraphs, and part ``n`` is the text of its ``n``-th Chunk, both joined by a
    blank line.
    """

    __slots__ = ("_clock", "_parts", "_root")

    def __init__(self, root: Traversable, clock: StoryClock) -> None:
        self._root, self._clock = root, clock
        self._parts: dict[str, list[list[str]]] = {}

    def text(self, name: str, part: int | None) -> str:
        parts = self._parts.get(name)
        if parts is None:
            parts = self._parts[name] = self._read(name)
        if part is None:
            return "\n\n".join(p for paragraphs in parts for p in paragraphs)
        if not 1 <= part <= len(parts):
            raise ValueError(f"{name} has {len(parts)} parts, not a part {part}")
        return "\n\n".join(parts[part - 1])

    def _read(self, name: str) -> list[list[str]]:
        lines = (self._root / name).read_text(encoding="utf-8").splitlines()
        if not lines or not lines[0].startswith("# "):
            raise ValueError(f"{name} must start with a '# ' title line")
        parts: list[list[str]] = [[]]
        paragraph: list[str] = []
        for line in [*lines[1:], ""]:
            if line.strip() and line.strip() != PART_BREAK:
                paragraph.append(line)
                continue
            if paragraph:
                parts[-1].append(expand(" ".join(" ".join(paragraph).split()), self._clock))
                paragraph = []
            if line.strip() == PART_BREAK:
                parts.append([])
        if not all(parts):
            raise ValueError(f"{name} has an empty part")
        return parts
