"""The ``CYPHER name=value ...`` header that carries a query's parameters, built fast.

FalkorDB takes parameters as Cypher literals in front of the query text. The client's own
builder (``falkordb.helpers.stringify_param_value``) formats one value per recursive call
through a chain of ``isinstance`` tests; for a batch of 2,000 edges with their props that
was a quarter of a six-repository GitHub load, all of it on the event loop. This builder
writes the same literals (checked against the client's in the tests): values without maps
(lists of ids, names, numbers) through the C JSON encoder where JSON's text is the
server's, the rest by appending parts to one list, dispatching on the exact type. Write
statements with thousands of rows send them pre-formatted (``RawCypher``).

The rules are the client's: strings in double quotes with only ``\\`` and ``"`` escaped
(the server reads other characters as they are), ``null`` for None, map keys in
backticks (an empty key or one holding a backtick is refused: the server cannot read
them), and anything else by ``str()``, which is how a pre-formatted vector literal
(``brain.schema``'s vectors) travels unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, cast

_KEYS: dict[str, str] = {}
#: Keys cached at most; parameter maps use a few dozen, user props a few hundred.
_KEY_CACHE_LIMIT = 10_000


class RawCypher:
    """Text that is already a Cypher literal, sent as it is (``str()`` passes it through).

    For the rows of big write statements, formatted by the code that knows their shape.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def cypher_string(value: str) -> str:
    """A string as a Cypher literal: double quotes, ``\\`` and ``"`` escaped."""
    if "\\" in value:
        value = value.replace("\\", "\\\\")
    if '"' in value:
        value = value.replace('"', '\\"')
    return f'"{value}"'


def _key(key: object) -> str:
    """A map key or parameter name as the server reads it: `` `key` ``."""
    text = key.decode() if isinstance(key, bytes) else str(key)
    cached = _KEYS.get(text)
    if cached is not None:
        return cached
    if text == "":
        raise ValueError("Cypher map key cannot be empty")
    if "`" in text:
        raise ValueError(f"Cypher map key cannot contain a backtick: {text!r}")
    quoted = f"`{text}`"
    if len(_KEYS) < _KEY_CACHE_LIMIT:
        _KEYS[text] = quoted
    return quoted


def _append(value: Any, out: list[str]) -> None:
    """Append ``value``'s literal to ``out`` (recursive for lists and maps)."""
    kind: type = type(value)  # pyright: ignore[reportUnknownVariableType, reportMissingTypeArgument] -- any value
    if kind is str:
        out.append(cypher_string(value))
    elif kind is int or kind is float:
        out.append(str(value))
    elif value is None:
        out.append("null")
    elif kind is bool:
        out.append("true" if value else "false")
    elif kind is dict or isinstance(value, Mapping):
        out.append("{")
        first = True
        items = cast("Mapping[object, Any]", value).items()
        for k, v in items:
            if not first:
                out.append(",")
            first = False
            out.append(_key(k))
            out.append(":")
            _append(v, out)
        out.append("}")
    elif kind is list or kind is tuple:
        out.append("[")
        for i, v in enumerate(value):  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType] -- any list
            if i:
                out.append(",")
            _append(v, out)
        out.append("]")
    elif kind is bytes:
        out.append(cypher_string(value.decode()))
    elif isinstance(value, str):  # a str subclass (an enum's value type)
        out.append(cypher_string(str(value)))
    else:
        out.append(str(value))


def cypher_literal(value: Any) -> str:
    """One value as the Cypher literal the server reads back as that value."""
    first: object = value[0] if isinstance(value, list) and value else None  # pyright: ignore[reportUnknownVariableType] -- any list
    maps = isinstance(value, dict) or isinstance(first, dict)
    fast = None if maps else _json_literal(value)
    if fast is not None:
        return fast
    out: list[str] = []
    _append(value, out)
    return "".join(out)


def _json_literal(value: Any) -> str | None:
    """The literal through the C JSON encoder, or None where JSON and Cypher differ.

    JSON and the server's literals agree on numbers, ``true``/``false``/``null``, lists
    and the escapes ``\\ \" \n \r \t \b \f``. They differ on ``\\uXXXX`` (the server
    keeps it as text), on map keys (JSON quotes them, the server wants backticks) and on
    what JSON cannot encode (a vector literal, a non-finite float): those go the long
    way. So the lists of ids and names most reads send take the fast one.
    """
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    if "\\u" in text or '":' in text:
        return None
    return text


def params_header(params: Mapping[str, Any] | None) -> str:
    """``CYPHER `a`=1 `b`="x" `` for ``params`` (empty when there are none)."""
    if not params:
        return ""
    out: list[str] = ["CYPHER "]
    literal: Callable[[Any], str] = cypher_literal
    for name, value in params.items():
        out.append(_key(name))
        out.append("=")
        out.append(literal(value))
        out.append(" ")
    return "".join(out)
