"""Facts files: reading JSON Lines of facts, and exporting a tenant so it loads back whole.

A facts file holds one fact a line: ``{"node": {...}}``, ``{"edge": {...}}`` or, in an
export, ``{"refusal": {...}}`` and upkeep's own records (job-run stamps and the archive
graph, ``brain.upkeep._records``), so a restored tenant keeps what a roll-up moved. A
file that is not text or has a line that is not JSON is
malformed: it stops with a message naming the line, before anything is written. A line
that is JSON but breaks the schema is refused by the gate and never stops the others.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from brain._json import is_object
from brain._moments import format_moment
from brain._tenant_graph import TenantGraph, WriteReport
from brain.errors import InputInvalid
from brain.ingest._text_files import read_text_file
from brain.schema import UNREADABLE
from brain.upkeep import UPKEEP_KINDS, UpkeepRestore, export_upkeep, restore_upkeep

#: Largest facts file read into memory at once.
MAX_FILE_BYTES = 2 * 1024**3


def read_facts(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Parse a facts file completely, or raise ``InputInvalid`` saying what is wrong."""
    text = read_text_file(path, limit_bytes=MAX_FILE_BYTES, expected="a JSON Lines file of facts")
    return list(parse_lines(text.splitlines(), name=str(path)))


async def parse_facts_file(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """``read_facts`` for the event loop, in a thread: reading a file is blocking I/O
    whatever its size, and parsing a large one (a 20 MB load) is CPU work as well.

    Same facts, same ``InputInvalid``.
    """
    return await asyncio.to_thread(read_facts, path)


def parse_lines(lines: list[str], *, name: str = "input") -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, fact) for every non-blank line; malformed JSON stops everything."""
    parsed: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except RecursionError:
            parsed.append(
                (
                    number,
                    {
                        UNREADABLE: "this line nests JSON too deeply to read; "
                        "a fact is one flat object of values"
                    },
                )
            )
            continue
        except json.JSONDecodeError as exc:
            raise InputInvalid(
                f"{name} line {number} is not JSON ({exc.msg} at column {exc.colno}): "
                "nothing was written. Each line must be one JSON object, e.g. "
                '{"node": {"type": "Task", "id": "task-1", "name": "...", "src": "...", '
                '"asOf": "2026-10-01"}}'
            ) from exc
        except ValueError as exc:  # e.g. an integer of more than 4,300 digits
            why = str(exc).split(":")[0]
            parsed.append((number, {UNREADABLE: f"this line cannot be read ({why})"}))
            continue
        parsed.append((number, value if is_object(value) else {"invalid": value}))
    yield from parsed


READ_NODES_PAGE = """
MATCH (n:Entity)
WHERE ID(n) > $after
RETURN ID(n), n
ORDER BY ID(n)
LIMIT $limit
"""

READ_EDGES_PAGE = """
MATCH (a:Entity)-[e]->(b:Entity)
WHERE ID(e) > $after
RETURN ID(e), a.id, type(e), b.id, properties(e)
ORDER BY ID(e)
LIMIT $limit
"""

READ_ALL_REFUSALS = """
MATCH (r:Refusal)
RETURN r.at, r.line, r.reason, r.fact
ORDER BY r.at
LIMIT $limit
"""

_PAGE = 5_000
_NODE_SKIP = {"labels", "embedding", "contextEmbedding", "textHash", "contextHash", "nameKey"}
_MOMENT_KEYS = {
    "asOf",
    "firstAsOf",
    "recordedAt",
    "updatedAt",
    "since",
    "until",
    "retiredAt",
    "endAsOf",
}
_EDGE_SKIP = {"untilStated", "until", "closedCost", "closeReason", "lost"}


def _iso(props: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    return {
        k: format_moment(v) if k in keys and isinstance(v, int) else v for k, v in props.items()
    }


async def export_facts(graph: TenantGraph) -> AsyncIterator[dict[str, Any]]:
    """Every node, edge and refusal of a tenant as facts that ``restore_export`` loads
    back, then upkeep's records: job-run stamps and marks, and the archive graph.

    Edges come newest ``since`` first, and a tie's winner before its loser, so a replay
    into an empty tenant rebuilds every interval and keeps each original record time.
    """
    after = -1
    while True:
        res = await graph.ro_query(
            "export nodes", READ_NODES_PAGE, {"after": after, "limit": _PAGE}, timeout_ms=60_000
        )
        for node_id, node in res.rows:
            after = node_id
            props = {k: v for k, v in node.items() if k not in _NODE_SKIP}
            kept = ("start", "end") if props.get("type") == "Observation" else ()
            yield {"node": _iso(props, _MOMENT_KEYS | set(kept))}
        if len(res.rows) < _PAGE:
            break
    edges: list[dict[str, Any]] = []
    after = -1
    while True:
        res = await graph.ro_query(
            "export edges", READ_EDGES_PAGE, {"after": after, "limit": _PAGE}, timeout_ms=60_000
        )
        for edge_id, a, rel, b, props in res.rows:
            after = edge_id
            edges.append({"from": a, "type": rel, "to": b, **props})
        if len(res.rows) < _PAGE:
            break
    edges.sort(
        key=lambda e: (-e.get("since", 0), bool(e.get("lost")), e["from"], e["to"], e["type"])
    )
    for edge in edges:
        fact = {k: v for k, v in edge.items() if k not in _EDGE_SKIP}
        if edge.get("untilStated") is not None:
            fact["until"] = edge["untilStated"]
        else:
            fact.pop("endSrc", None)
            fact.pop("endAsOf", None)
        yield {"edge": _iso(fact, _MOMENT_KEYS)}
    res = await graph.ro_query(
        "export refusals", READ_ALL_REFUSALS, {"limit": 1_000_000}, timeout_ms=60_000
    )
    for at, line, reason, fact in res.rows:
        yield {"refusal": {"at": format_moment(at), "line": line, "reason": reason, "fact": fact}}
    async for record in export_upkeep(graph):
        yield record


async def restore_export(
    graph: TenantGraph, facts: list[tuple[int, dict[str, Any]]]
) -> tuple[WriteReport, UpkeepRestore]:
    """Load an export (``export_facts``) into an empty tenant, record times and all: the
    facts through the gate as restores, upkeep's records beside them. Each line the
    gate or the upkeep check refuses is in the report; the rest load."""
    upkeep = [
        (n, f) for n, f in facts if is_object(f) and len(f) == 1 and next(iter(f)) in UPKEEP_KINDS
    ]
    lines = {n for n, _ in upkeep}
    report = await graph.write_facts([(n, f) for n, f in facts if n not in lines], origin="restore")
    restored = await restore_upkeep(graph, upkeep)
    report.refusals = sorted([*report.refusals, *restored.refusals])
    return report, restored
