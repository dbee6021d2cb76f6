"""The params header we build: the client's literals, and values the server reads back."""

from __future__ import annotations

from typing import Any

import pytest
from falkordb.asyncio import FalkorDB
from falkordb.helpers import stringify_param_value
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brain.db import RawCypher, cypher_literal, params_header

_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30
)
#: JSON writes these as escapes where the client sends them raw; the server reads both as
#: the same character (the round trips below check it), so only the texts compare unequal.
_PLAIN_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\n\r\t\b\f"),
    max_size=30,
)
_KEY = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    _PLAIN_TEXT,
)
_VALUE = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(_KEY, inner, max_size=5)),
    max_leaves=25,
)


def _client(value: Any) -> str:
    """The client's literal, with its ``True``/``False`` spelled as the server's keywords."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ",".join(_client(v) for v in value) + "]"  # pyright: ignore[reportUnknownVariableType] -- any JSON
    if isinstance(value, dict):
        return "{" + ",".join(f"`{k}`:{_client(v)}" for k, v in value.items()) + "}"  # pyright: ignore[reportUnknownVariableType] -- any JSON
    return str(stringify_param_value(value))


@given(_VALUE)
@settings(max_examples=300, deadline=None)
def test_literals_equal_the_clients(value: Any) -> None:
    # JSON writes -0.0 and 1e16 as Python's repr does, like the client; only booleans
    # differ in spelling (the server reads both).
    assert cypher_literal(value) == _client(value)


def test_keys_the_server_cannot_read_are_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        params_header({"rows": [{"": 1}]})
    with pytest.raises(ValueError, match="backtick"):
        params_header({"a`b": 1})


def test_raw_text_travels_unchanged() -> None:
    assert params_header({"v": RawCypher("[1.5,2]"), "n": 3}) == "CYPHER `v`=[1.5,2] `n`=3 "
    assert params_header({}) == ""


@pytest.mark.parametrize(
    "value",
    [
        'she said "ship it" \\ then left',
        "line one\nline two\ttab\rreturn",
        "caf\u00e9 \u2028 \U0001f600 \\u00e9 literal",
        ["a", 1, 2.5, None, True, {"nested": ["x", {"deep": "y\\"}]}],
        {"from": "commit:1", "to": "file:a.c", "until": None, "props": {"n": -(2**63)}},
        [],
        {},
    ],
)
async def test_the_server_reads_back_the_value(falkordb_url: str, value: Any) -> None:
    db = FalkorDB.from_url(falkordb_url)
    try:
        graph = db.select_graph("hb_params_probe")
        res = await graph.query(params_header({"p": value}) + "RETURN $p")
    finally:
        await db.connection.aclose()
    assert res.result_set[0][0] == value


_ROUND_TRIPS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@given(st.lists(_TEXT, min_size=1, max_size=8))
@_ROUND_TRIPS
async def test_any_text_reads_back_as_itself(falkordb_url: str, texts: list[str]) -> None:
    db = FalkorDB.from_url(falkordb_url)
    try:
        graph = db.select_graph("hb_params_probe")
        header = params_header({"p": texts, "m": {"t": texts[0]}})
        res = await graph.query(header + "RETURN $p, $m.t")
    finally:
        await db.connection.aclose()
    assert res.result_set[0] == [texts, texts[0]]
