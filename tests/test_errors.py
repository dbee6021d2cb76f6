"""One error tree: what a chat user sees (``user_message``) never quotes Cypher, params or
the database's own words; the developer message (``str(err)``) keeps them for the log."""

from __future__ import annotations

import pytest

from brain import (
    Brain,
    EmbeddingUnavailable,
    GraphUnavailable,
    HivebrainError,
    QueryRefused,
    TenantGraph,
    check_cypher,
    run_cypher,
)
from brain._embeddings import SentenceTransformerEmbedder

MARKER = "zqx7marker"

REFUSED_WITH_MARKER = [
    f"CALL algo.{MARKER}() YIELD node RETURN node",
    f"CALL {MARKER}.procedures()",
    f"CALL db.idx.fulltext.drop('{MARKER}')",
    f"MATCH (a)-[:{MARKER}*]->(b) RETURN a",
    f"MATCH (a)-[:{MARKER}*2..9]->(b) RETURN a",
    f"MATCH (n) RETURN n LIMIT ${MARKER}",
    f"MATCH (n {{name: '{MARKER}'}}) SET n.x = 1",
]


@pytest.mark.parametrize("query", REFUSED_WITH_MARKER)
def test_a_refusal_by_the_guard_does_not_quote_the_query_to_the_user(query: str) -> None:
    with pytest.raises(QueryRefused) as caught:
        check_cypher(query)
    assert MARKER not in caught.value.user_message
    assert "refused" in caught.value.user_message


def test_a_refused_param_name_is_not_shown_to_the_user() -> None:
    with pytest.raises(QueryRefused) as caught:
        check_cypher("MATCH (n) RETURN n LIMIT 5", {f"bad-{MARKER}": 1})
    assert MARKER in str(caught.value)  # the model that wrote it learns which one
    assert MARKER not in caught.value.user_message


async def test_a_database_refusal_keeps_its_text_out_of_the_user_message(
    new_tenant: TenantGraph,
) -> None:
    # Valid for the guard, refused by FalkorDB itself (an unknown function), with the
    # marker in the query text and in a parameter.
    query = f"MATCH (n) WHERE n.id = $p RETURN {MARKER}_fn(n.id) LIMIT 1"
    with pytest.raises(QueryRefused) as caught:
        await run_cypher(new_tenant, query, {"p": f"param-{MARKER}"}, as_of="now")
    assert MARKER in str(caught.value)  # the developer message keeps the server's words
    assert MARKER not in caught.value.user_message
    assert "param-" not in caught.value.user_message


async def test_a_write_refused_by_the_database_is_shown_without_its_text(brain: Brain) -> None:
    # A write statement the server refuses, sent through the driver's write path; its
    # text and params carry the marker.
    with pytest.raises(QueryRefused) as caught:
        await brain.driver.query(
            f"t-{MARKER}", "probe", "CREATE (n:Probe {id: $p}) RETURN zqx7marker_fn(n)",
            {"p": MARKER},
        )  # fmt: skip
    assert MARKER in str(caught.value)
    assert MARKER not in caught.value.user_message


def test_every_error_says_something_safe() -> None:
    errors: list[HivebrainError] = [
        QueryRefused(f"MATCH {MARKER}", user_reason="it took too long"),
        GraphUnavailable("read", f"redis said {MARKER}"),
        EmbeddingUnavailable("m", f"torch said {MARKER}"),
    ]
    for error in errors:
        assert MARKER in str(error)
        assert MARKER not in error.user_message and error.user_message.endswith(".")


async def test_an_embedding_model_that_cannot_load_is_our_error() -> None:
    embedder = SentenceTransformerEmbedder(model=f"/nonexistent/{MARKER}", dimension=384)
    with pytest.raises(EmbeddingUnavailable) as caught:
        await embedder.embed(["hello"])
    assert MARKER in str(caught.value)
    assert MARKER not in caught.value.user_message
