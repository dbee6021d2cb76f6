"""How a job's post cites a record: its id, its name, and its source when that is a link."""

from __future__ import annotations

from typing import Any

from scheduler.jobs._registry import Cite

#: Lines a digest section lists at most; the rest are counted.
SECTION_LINES = 8


def cite(node_id: object, name: object, src: object = None) -> Cite:
    """A citation of one record; ``src`` becomes its link only if it is a web address."""
    link = str(src) if isinstance(src, str) and src.startswith(("https://", "http://")) else None
    return Cite(id=str(node_id), title=str(name or node_id)[:150], url=link)


def section(title: str, items: list[str], *, more: int = 0) -> list[str]:
    """A digest section: a heading line and its items, at most ``SECTION_LINES`` of them."""
    if not items:
        return []
    shown = items[:SECTION_LINES]
    rest = len(items) - len(shown) + more
    return [title, *(f"• {i}" for i in shown), *([f"• … and {rest} more"] if rest else [])]


class Sources:
    """A post's numbered sources: each record once, numbered in the order first cited."""

    def __init__(self) -> None:
        self._by_id: dict[str, tuple[int, Cite]] = {}

    def ref(self, c: Cite) -> str:
        """The ``[n]`` marker for ``c`` (the same number when cited again)."""
        if c.id not in self._by_id:
            self._by_id[c.id] = (len(self._by_id) + 1, c)
        return f"[{self._by_id[c.id][0]}]"

    def cites(self) -> tuple[Cite, ...]:
        """The sources in number order."""
        return tuple(c for _, c in sorted(self._by_id.values(), key=lambda x: x[0]))


def number(value: Any) -> str:
    """A figure as a digest writes it: thousands separated, at most two decimals."""
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return f"{int(value):,}"
    return f"{float(value):,.2f}"
