"""Upkeep's own records in an export: job-run stamps, per-item marks, the archive graph.

A roll-up moves daily readings to the tenant's archive graph and stamps its run; an
archive run moves old closed facts there. An export of the live graph alone would lose
those readings (a restored copy totals less) and the stamps (the copy runs the jobs again
and cannot undo the runs: ``--undo RUN`` finds what a run moved by its id). So an export
ends with these records, one a line:

* ``{"jobRun": {...}}``: a ``JobRun`` stamp, its moments as ISO text;
* ``{"jobMark": {...}}``: a ``JobMark`` (an issue a triage run already handled);
* ``{"archived": {"node": {"id", "observation", "props"}}}`` and
  ``{"archived": {"edge": {"from", "type", "to", "props"}}}``: the archive graph as it is.

``restore_upkeep`` loads them back into a tenant whose archive is empty (an import only
loads into an empty tenant), checking each line as the gate checks a fact: ids are text,
property values are plain values, relationship types come from the schema.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import Any, LiteralString

from brain._json import is_object
from brain._moments import format_moment, parse_moment
from brain._tenant_graph import TenantGraph
from brain.errors import InputInvalid, QueryRefused, WriteRefused
from brain.schema import REL_TYPES, clean_props
from brain.upkeep._rollup import BATCH, ENSURE_ARCHIVE_INDEX

#: The kinds of export line this module writes and restores.
UPKEEP_KINDS = ("jobRun", "jobMark", "archived")
_PAGE = 5_000
_RUN_MOMENTS = ("startedAt", "finishedAt", "at")

READ_RUNS_PAGE = """
MATCH (r:JobRun)
WHERE ID(r) > $after
RETURN ID(r), properties(r)
ORDER BY ID(r)
LIMIT $limit
"""

READ_MARKS_PAGE = """
MATCH (k:JobMark)
WHERE ID(k) > $after
RETURN ID(k), properties(k)
ORDER BY ID(k)
LIMIT $limit
"""

READ_ARCHIVED_NODES = """
MATCH (n:Entity)
WHERE ID(n) > $after
RETURN ID(n), n.id, 'Observation' IN labels(n), properties(n)
ORDER BY ID(n)
LIMIT $limit
"""

READ_ARCHIVED_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE ID(e) > $after
RETURN ID(e), a.id, type(e), b.id, properties(e)
ORDER BY ID(e)
LIMIT $limit
"""

COUNT_ARCHIVED = "MATCH (n) RETURN count(n)"

RESTORE_RUNS = """
UNWIND $rows AS r
MERGE (j:JobRun {id: r.id})
ON CREATE SET j = r
RETURN count(j)
"""

RESTORE_MARKS = """
UNWIND $rows AS r
MERGE (k:JobMark {job: r.job, key: r.key})
ON CREATE SET k = r
RETURN count(k)
"""

RESTORE_ARCHIVED_NODES = """
UNWIND $rows AS r
CREATE (n:Entity {id: r.id})
SET n = r.props
RETURN count(n)
"""

RESTORE_ARCHIVED_OBSERVATIONS = """
UNWIND $rows AS r
CREATE (n:Entity:Observation {id: r.id})
SET n = r.props
RETURN count(n)
"""

_RESTORE_ARCHIVED_EDGES = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.a}), (b:Entity {id: r.b})
CREATE (a)-[e:{TYPE}]->(b)
SET e = r.props
RETURN count(e)
"""
RESTORE_ARCHIVED_EDGES: dict[str, LiteralString] = {
    t: _RESTORE_ARCHIVED_EDGES.replace("{TYPE}", t) for t in REL_TYPES
}


async def _pages(graph: TenantGraph, name: str, cypher: LiteralString) -> AsyncIterator[list[Any]]:
    """Every row of a paged read (``$after``: the last internal id), none for a graph
    that does not exist yet (an archive no run has made)."""
    after = -1
    while True:
        try:
            res = await graph.ro_query(
                name, cypher, {"after": after, "limit": _PAGE}, timeout_ms=60_000
            )
        except QueryRefused as exc:
            if "empty key" in str(exc).lower():
                return
            raise
        for row in res.rows:
            after = row[0]
            yield row[1:]
        if len(res.rows) < _PAGE:
            return


def _moments(props: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: format_moment(v) if k in keys else v for k, v in props.items()}


async def export_upkeep(graph: TenantGraph) -> AsyncIterator[dict[str, Any]]:
    """The tenant's job-run stamps, marks and archive graph as export lines."""
    async for (props,) in _pages(graph, "export job runs", READ_RUNS_PAGE):
        yield {
            "jobRun": {k: format_moment(v) if k in _RUN_MOMENTS else v for k, v in props.items()}
        }
    async for (props,) in _pages(graph, "export job marks", READ_MARKS_PAGE):
        yield {"jobMark": _moments(props, ("at",))}
    archive = graph.archive
    async for node_id, observation, props in _pages(archive, "export archive", READ_ARCHIVED_NODES):
        yield {
            "archived": {"node": {"id": node_id, "observation": bool(observation), "props": props}}
        }
    async for a, rel, b, props in _pages(archive, "export archive edges", READ_ARCHIVED_EDGES):
        yield {"archived": {"edge": {"from": a, "type": rel, "to": b, "props": props}}}


@dataclass(slots=True)
class UpkeepRestore:
    """What ``restore_upkeep`` loaded, and the lines it refused (line, reason)."""

    job_runs: int = 0
    job_marks: int = 0
    archived_nodes: int = 0
    archived_edges: int = 0
    refusals: list[tuple[int, str]] = field(default_factory=list[tuple[int, str]])


def _text(raw: dict[str, Any], key: str, what: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value or len(value) > 500:
        raise WriteRefused(f"{what} needs {key!r} as text")
    return value


def _props(raw: Any, what: str) -> dict[str, Any]:
    if not is_object(raw):
        raise WriteRefused(f"{what} needs 'props' as an object")
    return clean_props(dict(raw), skip=set(), reserved=(), what=what)


def _run(raw: dict[str, Any]) -> dict[str, Any]:
    what = "a job run"
    props = clean_props(dict(raw), skip=set(), reserved=(), what=what)
    for key in ("id", "job", "period", "status"):
        _text(props, key, what)
    for key in _RUN_MOMENTS:
        if props.get(key) is not None:
            try:
                props[key] = parse_moment(props[key], field=f"job run {key!r}")
            except InputInvalid as exc:
                raise WriteRefused(exc.reason) from exc
    if "startedAt" not in props:
        raise WriteRefused("a job run needs 'startedAt'")
    return props


def _mark(raw: dict[str, Any]) -> dict[str, Any]:
    what = "a job mark"
    props = clean_props(dict(raw), skip=set(), reserved=(), what=what)
    for key in ("job", "key", "runId"):
        _text(props, key, what)
    if props.get("at") is not None:
        try:
            props["at"] = parse_moment(props["at"], field="job mark 'at'")
        except InputInvalid as exc:
            raise WriteRefused(exc.reason) from exc
    return props


async def restore_upkeep(
    graph: TenantGraph, lines: Iterable[tuple[int, dict[str, Any]]]
) -> UpkeepRestore:
    """Load an export's upkeep lines back; see the module doc. Raises ``InputInvalid`` if
    the tenant's archive already holds records (an import loads only into an empty one)."""
    out = UpkeepRestore()
    runs: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = []
    observations: list[dict[str, Any]] = []
    edges: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line, fact in lines:
        try:
            if is_object(fact.get("jobRun")):
                runs.append(_run(fact["jobRun"]))
            elif is_object(fact.get("jobMark")):
                marks.append(_mark(fact["jobMark"]))
            elif is_object(fact.get("archived")) and is_object(fact["archived"].get("node")):
                raw = fact["archived"]["node"]
                node_id = _text(raw, "id", "an archived record")
                props = _props(raw.get("props"), "an archived record")
                props["id"] = node_id
                (observations if raw.get("observation") is True else nodes).append(
                    {"id": node_id, "props": props}
                )
            elif is_object(fact.get("archived")) and is_object(fact["archived"].get("edge")):
                raw = fact["archived"]["edge"]
                rel = raw.get("type")
                if rel not in REL_TYPES:
                    raise WriteRefused(
                        f"an archived fact's type {str(rel)[:40]!r} is not in the schema"
                    )
                edges[str(rel)].append(
                    {
                        "a": _text(raw, "from", "an archived fact"),
                        "b": _text(raw, "to", "an archived fact"),
                        "props": _props(raw.get("props"), "an archived fact"),
                    }
                )
            else:
                raise WriteRefused("not an upkeep record of an export")
        except WriteRefused as exc:
            out.refusals.append((line, exc.reason))
    if nodes or observations or edges:
        await _empty_archive(graph)
    await _batched(graph, "restore job runs", RESTORE_RUNS, runs)
    await _batched(graph, "restore job marks", RESTORE_MARKS, marks)
    archive = graph.archive
    await _batched(archive, "restore archived records", RESTORE_ARCHIVED_NODES, nodes)
    await _batched(
        archive, "restore archived readings", RESTORE_ARCHIVED_OBSERVATIONS, observations
    )
    for rel, rows in edges.items():
        await _batched(archive, "restore archived facts", RESTORE_ARCHIVED_EDGES[rel], rows)
    out.job_runs, out.job_marks = len(runs), len(marks)
    out.archived_nodes = len(nodes) + len(observations)
    out.archived_edges = sum(len(rows) for rows in edges.values())
    return out


async def _empty_archive(graph: TenantGraph) -> None:
    try:
        held = int((await graph.archive.read("count archive", COUNT_ARCHIVED)).scalar(0) or 0)
    except QueryRefused as exc:
        if "empty key" not in str(exc).lower():
            raise
        held = 0
    if held:
        raise InputInvalid(
            f"tenant {graph.slug!r} already holds {held:,} archived records; an export loads "
            "only into an empty tenant (`hivebrain tenant create NEW-SLUG`)"
        )
    try:
        await graph.archive.upkeep_write("archive index", ENSURE_ARCHIVE_INDEX)
    except QueryRefused as exc:
        if "already indexed" not in str(exc).lower():
            raise


async def _batched(
    graph: TenantGraph, name: str, cypher: LiteralString, rows: list[dict[str, Any]]
) -> None:
    for i in range(0, len(rows), BATCH):
        await graph.upkeep_write(name, cypher, {"rows": rows[i : i + BATCH]})
