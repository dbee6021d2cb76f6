"""The guard on read-only Cypher written by a language model (the ``cypher`` tool).

Layers, because each alone has holes. ``check_cypher`` reads the text (literals and
comments blanked) and refuses writes, admin or heavy procedures, several statements, and
shapes FalkorDB can't stop in time (timeouts stop ``UNWIND range(1, 2e8)`` late and
``algo.SPpaths`` never: see NOTES). It bounds every branch to ``LIMIT row_cap + 1``, so one
extra row says the answer was cut. What it returns is a ``CheckedCypher``, the only text
the driver's ``ro_query_checked`` takes, and that sends it as GRAPH.RO_QUERY, which
refuses any write the text check missed, so the check has to be helpful rather than
perfect. Refusal reasons say what to write instead, because the reader is a model that
will retry.

It lives beside the driver because it is the database's door for text we did not write:
what it refuses is what this FalkorDB can't bound, and ``CheckedCypher`` is minted only
here. The read that runs a checked query and confirms its evidence is
``brain.reads.run_cypher``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, cast

from brain._json import is_array, is_object
from brain.db._driver import CheckedCypher
from brain.errors import QueryRefused

CYPHER_ROW_CAP = 200
CYPHER_TIMEOUT_MS = 5_000
MAX_QUERY_CHARS = 4_000
MAX_HOPS = 6
MAX_RANGE_SPAN = 10_000
MAX_PARAM_ITEMS = 10_000
MAX_PARAM_CHARS = 20_000

#: Procedures whose output is as small as the schema: a bare CALL of one needs no LIMIT.
SCHEMA_PROCEDURES = frozenset(
    {"db.labels", "db.relationshipTypes", "db.propertyKeys", "db.indexes", "db.constraints"}
    | {"db.meta.stats"}
)
#: What a bare CALL of a search procedure yields; FalkorDB takes no LIMIT without YIELD.
PROCEDURE_YIELDS = {
    "db.idx.fulltext.queryNodes": "node, score",
    "db.idx.fulltext.queryRelationships": "relationship, score",
    "db.idx.vector.queryNodes": "node, score",
    "algo.BFS": "nodes, edges",
}
#: Read procedures the model may call, by lower-cased name (we match names loosely).
ALLOWED_PROCEDURES = {p.lower(): p for p in [*SCHEMA_PROCEDURES, *PROCEDURE_YIELDS]}
#: Arguments that must be integers in a range: (position, low, high, example). algo.BFS
#: with max level 0 walks the whole graph; a huge vector k ranks every node.
PROCEDURE_BOUNDS = {
    "algo.BFS": (1, 1, MAX_HOPS, "CALL algo.BFS(n, 3, 'DEPENDS_ON') YIELD nodes"),
    "db.idx.vector.queryNodes": (
        2,
        1,
        1_000,
        "queryNodes('SearchableVector', 'embedding', 10, $v)",
    ),
}

_KEYWORD = r"(?<![\w.$:`])"  # not part of a name, a property (n.set), a $param or a :Label
WRITE_CLAUSE = re.compile(
    _KEYWORD + r"(CREATE|MERGE|SET|DELETE|DETACH|REMOVE|DROP|FOREACH|LOAD\s+CSV)\b(?!\s*:)",
    re.IGNORECASE,
)
CALL_TARGET = re.compile(_KEYWORD + r"CALL\b\s*(?P<target>\{|[A-Za-z_][\w.]*)?", re.IGNORECASE)
REDUCE_CALL = re.compile(_KEYWORD + r"reduce\s*\(", re.IGNORECASE)
RANGE_CALL = re.compile(_KEYWORD + r"range\s*\(", re.IGNORECASE)
SHORTEST_PATH_CALL = re.compile(_KEYWORD + r"(?:all)?shortestPaths?\s*\(", re.IGNORECASE)
VAR_LENGTH = re.compile(
    r"-\s*(?P<open>\[)[^\]\[{]*?\*\s*(?P<low>\d+)?\s*(?P<dots>\.\.)?\s*(?P<high>\d+)?"
)
UNION_CLAUSE = re.compile(_KEYWORD + r"UNION(?:\s+ALL)?\b", re.IGNORECASE)
FINAL_LIMIT = re.compile(_KEYWORD + r"LIMIT\s+(?P<value>[-+]?\d+|\$\w+)\s*$", re.IGNORECASE)
BARE_CALL = re.compile(r"\s*CALL\s+(?P<name>[A-Za-z_][\w.]*)\s*\(", re.IGNORECASE)
BARE_YIELD = re.compile(r"\s*(?:YIELD\s+(?P<cols>\w+(?:\s*,\s*\w+)*))?\s*", re.IGNORECASE)
INT_ARG = re.compile(r"\s*(?P<int>[-+]?\d+)\s*|\s*\$(?P<param>\w+)\s*")
PARAM_NAME = re.compile(r"[A-Za-z_]\w*")
#: collect() of a bare variable: whole nodes (each with its embedding), edges or paths.
BARE_COLLECT = re.compile(
    _KEYWORD + r"collect\s*\(\s*(?:DISTINCT\s+)?[A-Za-z_]\w*\s*\)(?!\s*\[)", re.IGNORECASE
)
COUNTED = re.compile(r"size\s*\(\s*$", re.IGNORECASE)

_SHORTEST_REASON = (
    f"shortest paths need a bound of at most {MAX_HOPS} hops, e.g. shortestPath((a)-[*..4]->(b))"
)
_WRITE_REASONS = {
    "DROP": "DROP changes indexes or constraints, which hivebrain manages; this tool only reads",
    "FOREACH": "FOREACH only exists to write; iterate with UNWIND ... RETURN instead",
    "LOAD CSV": "LOAD CSV reads outside files; query the graph with MATCH ... RETURN instead",
}


def _masked(query: str) -> str:
    """The query with the insides of literals and whole comments blanked, same length.

    Keywords inside 'strings' or comments are not clauses, and a ';' in a string is not a
    statement break. Keeping the length lets a match in the mask edit the original text.
    """
    out = list(query)
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c in "'\"`":
            j = i + 1
            while j < n and query[j] != c:
                j += 2 if query[j] == "\\" and c != "`" else 1
            if j >= n:
                raise QueryRefused(f"unterminated {c} literal: close every quote you open")
            out[i + 1 : j] = ("_" if c == "`" else " ") * (j - i - 1)
            i = j + 1
        elif query.startswith("//", i) or query.startswith("/*", i):
            block = query[i + 1] == "*"
            j = query.find("*/", i + 2) + 2 if block else query.find("\n", i)
            if block and j == 1:
                raise QueryRefused("unterminated /* comment: close it with */")
            j = n if j < 0 else j
            out[i:j] = ("\n" if ch == "\n" else " " for ch in query[i:j])
            i = j
        else:
            i += 1
    return "".join(out)


def _call_args(masked: str, open_at: int) -> tuple[list[str], int]:
    """The top-level arguments of the call whose '(' is at ``open_at``, and its ')'."""
    depth, start = 0, open_at + 1
    args: list[str] = []
    for i in range(open_at, len(masked)):
        c = masked[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return [*args, masked[start:i]], i
        elif c == "," and depth == 1:
            args.append(masked[start:i])
            start = i + 1
    raise QueryRefused("unbalanced parentheses: close every ( you open")


def _int_arg(text: str, params: dict[str, Any]) -> int | None:
    """An integer literal or an integer $param, else None (we cannot bound what we can't see)."""
    m = INT_ARG.fullmatch(text)
    value = None if m is None else int(m["int"]) if m["int"] else params.get(m["param"])
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _check_procedures(masked: str, params: dict[str, Any]) -> None:
    for m in CALL_TARGET.finditer(masked):
        target = m["target"]
        if target == "{":
            continue  # a subquery: the write check above already read its body
        name = (target or "").lower()
        if name in ALLOWED_PROCEDURES:
            bound = PROCEDURE_BOUNDS.get(ALLOWED_PROCEDURES[name])
            if bound is not None:
                pos, low, high, example = bound
                paren = masked.find("(", m.end())
                args = _call_args(masked, paren)[0] if paren >= 0 else []
                value = _int_arg(args[pos], params) if len(args) > pos else None
                if value is None or not low <= value <= high:
                    raise QueryRefused(
                        f"{target} needs argument {pos + 1} to be an integer from {low} to "
                        f"{high} (0 or a computed value is unbounded), e.g. {example}"
                    )
        elif name in {"algo.sppaths", "algo.sspaths"}:
            raise QueryRefused(f"{target} can run unbounded: use the dedicated path tool instead")
        elif name.startswith("algo."):
            raise QueryRefused(f"{target} scans the whole graph: use the dedicated ranking tools")
        elif name.startswith(("db.idx.", "db.constraint")) or ".create" in name or "drop" in name:
            raise QueryRefused(f"{target} changes indexes or constraints, which hivebrain manages")
        else:
            allowed = ", ".join(sorted(ALLOWED_PROCEDURES.values()))
            raise QueryRefused(f"CALL {target or '...'} is not allowed; allowed: {allowed}")


def _check_range_and_reduce(masked: str, params: dict[str, Any]) -> None:
    """Refuse lists built faster than a timeout stops them; ranges multiply when nested."""
    if REDUCE_CALL.search(masked):
        raise QueryRefused("reduce() can build huge lists: aggregate with collect() or sum()")
    values = 1
    for m in RANGE_CALL.finditer(masked):
        ends = [_int_arg(a, params) for a in _call_args(masked, m.end() - 1)[0]]
        if len(ends) not in (2, 3) or ends[0] is None or ends[1] is None:
            raise QueryRefused("range() needs integer literal bounds, e.g. range(1, 100)")
        values *= abs(ends[1] - ends[0]) + 1
        if values > MAX_RANGE_SPAN + 1:
            raise QueryRefused(
                f"range() here makes {values:,} values (nested ranges multiply): keep them "
                f"within {MAX_RANGE_SPAN:,} values, e.g. range(1, 100)"
            )


def _upper_hops(m: re.Match[str]) -> int | None:
    """The most hops a var-length match allows; None when unbounded (``*``, ``*2..``)."""
    high = m["high"] if m["dots"] else m["low"]
    return int(high) if high else None


def _check_patterns(query: str, masked: str) -> None:
    for m in SHORTEST_PATH_CALL.finditer(masked):
        end = _call_args(masked, m.end() - 1)[1]
        for vm in VAR_LENGTH.finditer(masked, m.end(), end):
            if (hops := _upper_hops(vm)) is None or hops > MAX_HOPS:
                raise QueryRefused(_SHORTEST_REASON)
    for vm in VAR_LENGTH.finditer(masked):
        close = masked.find("]", vm.start("open"))
        spec = query[vm.start("open") : close + 1 if close >= 0 else vm.end()]
        hint = f"give an upper bound of at most {MAX_HOPS}, e.g. [*1..4]"
        if (hops := _upper_hops(vm)) is None:
            raise QueryRefused(f"unbounded variable-length pattern {spec}: {hint}")
        if hops > MAX_HOPS:
            raise QueryRefused(f"variable-length pattern {spec} allows {hops} hops: {hint}")


def _check_params(params: dict[str, Any]) -> None:
    """Parameters are JSON values of bounded size, with names the client can send."""
    items, stack = 0, list(params.values())
    # Keys are typed str, but a caller's JSON or dict may hold anything at run time.
    keys = cast(list[object], list(params))
    if bad := [k for k in keys if not (isinstance(k, str) and PARAM_NAME.fullmatch(k))]:
        raise QueryRefused(f"parameter name {bad[0]!r} must be a plain identifier like $ids")
    while stack:
        value = stack.pop()
        if is_array(value):
            items += len(value)
            stack.extend(value)
        elif is_object(value):
            map_keys = cast(list[object], list(value))  # as above: any keys at run time
            if any(not isinstance(k, str) or not k or "`" in k for k in map_keys):
                raise QueryRefused("map parameter keys must be non-empty strings without backticks")
            stack.extend(value.values())
        elif isinstance(value, float) and not math.isfinite(value):
            raise QueryRefused("parameters must be finite numbers (no NaN or Infinity)")
        elif value is not None and not isinstance(value, str | int | float | bool):
            raise QueryRefused(f"parameters must be JSON values, not {type(value).__name__}")
        if items > MAX_PARAM_ITEMS:
            raise QueryRefused(f"parameters hold more than {MAX_PARAM_ITEMS:,} list items")
    if len(json.dumps(params)) > MAX_PARAM_CHARS:
        raise QueryRefused(f"parameters are longer than {MAX_PARAM_CHARS:,} characters")


def _bound_rows(query: str, masked: str, params: dict[str, Any], limit: int) -> str:
    """Make every UNION branch return at most ``limit`` rows, editing or adding its LIMIT."""
    bare = BARE_CALL.match(masked)
    if bare and (tail := BARE_YIELD.fullmatch(masked, _call_args(masked, bare.end() - 1)[1] + 1)):
        name = ALLOWED_PROCEDURES[bare["name"].lower()]  # the checks let only these through
        if name in SCHEMA_PROCEDURES:
            return query
        cols = tail["cols"] or PROCEDURE_YIELDS[name]
        yields = "" if tail["cols"] else f"\nYIELD {cols}"
        return f"{query}{yields}\nRETURN {cols}\nLIMIT {limit}"
    unions = [u.start() for u in UNION_CLAUSE.finditer(masked)]  # top level: not in CALL {}
    cuts = [c for c in unions if masked.count("{", 0, c) == masked.count("}", 0, c)]
    bounds = list(zip([0, *cuts], [*cuts, len(masked)], strict=True))
    for start, end in reversed(bounds):
        m = FINAL_LIMIT.search(masked, start, end)
        if m is None:
            sep = "\n" if end < len(masked) else ""  # a following UNION starts a new line
            query = f"{query[:end]}\nLIMIT {limit}{sep}{query[end:]}"
            continue
        if (asked := _int_arg(m["value"], params)) is None or asked < 0:
            raise QueryRefused(f"LIMIT {m['value']} must be a non-negative integer, e.g. LIMIT 50")
        query = f"{query[: m.start('value')]}{min(asked, limit)}{query[m.end('value') :]}"
    return query


def _bound_collects(query: str, masked: str, limit: int) -> str:
    """Cut every ``collect(x)`` of a bare variable to ``limit`` items.

    LIMIT bounds rows, not what one row holds: ``RETURN collect(a)`` over a 3-way product
    of 60 nodes is one row of 216,000 nodes with their embeddings, and the server builds
    that whole reply however soon the client stops waiting. ``size(collect(x))`` is left
    whole (it counts, and sends one number).
    """
    for m in reversed(list(BARE_COLLECT.finditer(masked))):
        if COUNTED.search(masked, 0, m.start()):
            continue
        query = f"{query[: m.end()]}[..{limit}]{query[m.end() :]}"
    return query


def check_cypher(
    query: str, params: dict[str, Any] | None = None, *, row_cap: int = CYPHER_ROW_CAP
) -> CheckedCypher:
    """Check a model-written read query and return it bounded to ``row_cap + 1`` rows.

    Raises ``QueryRefused`` with a reason the model can act on. Passing this check does not
    make a query safe to run as a write: the result is a ``CheckedCypher``, which only
    ``ro_query_checked`` (GRAPH.RO_QUERY) takes.
    """
    if row_cap < 1:
        raise ValueError("row_cap must be at least 1")
    params = dict(params or {})
    if len(query) > MAX_QUERY_CHARS:
        raise QueryRefused(
            f"the query is {len(query):,} characters; keep it under {MAX_QUERY_CHARS:,} "
            "and pass long values as $params"
        )
    masked = _masked(query)
    if not masked.strip():
        raise QueryRefused("the query is empty: send one MATCH ... RETURN ... statement")
    if ";" in masked:
        raise QueryRefused("';' is not allowed: send exactly one statement, without a semicolon")
    write = WRITE_CLAUSE.search(masked)
    if write:
        word = " ".join(write[1].upper().split())
        default = f"{word} writes to the graph and this tool only reads; use MATCH ... RETURN"
        raise QueryRefused(_WRITE_REASONS.get(word, default))
    _check_procedures(masked, params)
    _check_range_and_reduce(masked, params)
    _check_patterns(query, masked)
    _check_params(params)
    query = _bound_collects(query, masked, row_cap + 1)
    return CheckedCypher(_bound_rows(query, _masked(query), params, row_cap + 1))
