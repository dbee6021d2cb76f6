"""The database's health, as `hivebrain doctor` reports it: where, which version, and
whether every index of every graph serves.

Read-only: it reads the registry and each graph's index list and never builds a missing
index (that is ``Brain.tenant``'s job when the graph is next used), so a check cannot
change what it checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from brain._brain import Brain
from brain._tenants import REFERENCE_GRAPH, REGISTRY_GRAPH, graph_name
from brain.db import index_report, safe_url

#: Graphs whose indexes are read at most (a check, not an audit of a huge install).
MAX_GRAPHS = 500


@dataclass(frozen=True, slots=True)
class DatabaseHealth:
    """What the database check found. ``problems`` is empty when every index serves."""

    where: str
    version: str
    graphs: int
    operational: int
    problems: list[str] = field(default_factory=list[str])
    dimensions: set[int] = field(default_factory=set[int])


def falkordb_version(modules: Any) -> str:
    """``4.16.3`` from ``MODULE LIST`` (the graph module reports ``ver`` as 41603)."""
    for module in cast(list[Any], modules or []):
        entry = _as_dict(module)
        if entry.get("name") == "graph" and isinstance(entry.get("ver"), int):
            ver = int(entry["ver"])
            return f"{ver // 10000}.{ver // 100 % 100}.{ver % 100}"
    return "unknown"


def _as_dict(module: Any) -> dict[str, Any]:
    """One ``MODULE LIST`` entry as a dict (RESP3 gives a map, RESP2 a flat list)."""
    if isinstance(module, dict):
        return {str(k): v for k, v in cast(dict[Any, Any], module).items()}
    if isinstance(module, list | tuple):
        flat = [v.decode() if isinstance(v, bytes) else v for v in cast(list[Any], module)]
        return {str(flat[i]): flat[i + 1] for i in range(0, len(flat) - 1, 2)}
    return {}


async def database_health(brain: Brain) -> DatabaseHealth:
    """Check a started brain's database: version, and the indexes of the registry, the
    reference graph (when it exists) and every tenant graph."""
    assert brain.registry is not None, "start the brain first"
    driver = brain.driver
    if brain.server is not None:
        where = f"embedded FalkorDB in {brain.settings.hivebrain_data_dir}"
    else:
        where = f"FalkorDB at {safe_url(brain.settings.falkordb_url or '')}"
    version = falkordb_version(await driver.command("MODULE", "LIST"))
    names: list[Any] = list(await driver.command("GRAPH.LIST") or [])
    listed = {g.decode() if isinstance(g, bytes) else str(g) for g in names}
    graphs: list[tuple[str, str, bool]] = [("registry", REGISTRY_GRAPH, False)]
    if REFERENCE_GRAPH in listed:
        graphs.append(("reference graph", REFERENCE_GRAPH, True))
    tenants = await brain.registry.list(limit=MAX_GRAPHS)
    graphs += [(f"tenant {t.slug}", graph_name(t.slug), True) for t in tenants]
    problems: list[str] = []
    dimensions: set[int] = set()
    operational = 0
    for label, graph, full in graphs:
        if full and graph not in listed:
            problems.append(f"{label}: its graph is missing")
            continue
        report = await index_report(driver, graph, tenant_graph=full)
        operational += report.operational
        problems += [f"{label}: {p}" for p in report.problems]
        dimensions |= report.dimensions
    return DatabaseHealth(
        where=where,
        version=version,
        graphs=len(graphs),
        operational=operational,
        problems=problems,
        dimensions=dimensions,
    )
