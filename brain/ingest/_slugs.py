"""Id fragments from names, shared by every parser that derives ids from a source."""

from __future__ import annotations

import re

_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str, *, limit: int = 60) -> str:
    """A lowercase id fragment for a name."""
    return _SLUG.sub("-", text.lower()).strip("-")[:limit] or "untitled"
