"""Typed views of JSON values whose shape is only known at run time.

Facts files, database rows and tool results arrive as ``Any``; ``isinstance(x, dict)``
alone tells the type checker nothing about keys and values. These checks do the test once
and say what is known after it: a JSON object has string keys, values still to be checked.
"""

from __future__ import annotations

from typing import Any, TypeGuard


def is_object(value: object) -> TypeGuard[dict[str, Any]]:
    """True for a JSON object (a ``dict``); its keys are strings, its values unchecked."""
    return isinstance(value, dict)


def is_list(value: object) -> TypeGuard[list[Any]]:
    """True for a JSON array (a ``list``); its items unchecked."""
    return isinstance(value, list)


def is_array(value: object) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    """True for a JSON array as Python may hold it (a ``list`` or a ``tuple``)."""
    return isinstance(value, list | tuple)
