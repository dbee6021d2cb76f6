"""A tenant with a real archive, and archive graphs as older versions left them.

``archived_tenant`` loads the scaffolding-hire firm of tests/test_archive_reach.py and runs
the real archive job, so its archive graph holds stubs and closed facts as upkeep writes
them. ``archive_content`` is everything an archive graph holds (labels and properties of
every node, every edge with its properties), comparable across graphs. ``plant_archive``
writes that content under another name: the archive an older version kept under
``hb_<slug>__archive``, made with plain queries so it works on a cluster, where that name
may live on another shard than the tenant's.
"""

from __future__ import annotations

import json
from typing import Any

from brain import Brain, TenantGraph
from brain.db import GraphDriver
from scheduler import JobRunner
from tests.test_archive_reach import NOW, NoPoster, hire_facts

READ_NODES = "MATCH (n) RETURN labels(n), properties(n)"
READ_EDGES = "MATCH (a)-[e]->(b) RETURN a.id, type(e), b.id, properties(e)"


async def archived_tenant(brain: Brain, slug: str) -> TenantGraph:
    """A new tenant whose closed facts the archive job moved to its archive graph."""
    await brain.create_tenant(slug)
    graph = await brain.tenant(slug)
    await graph.write_facts(hire_facts())
    done = await JobRunner(brain, NoPoster(), retry_delays_s=()).run(slug, "archive", t=NOW)
    assert done.status == "ok" and done.details["closed_facts"] == 6, done
    return graph


async def archive_content(driver: GraphDriver, graph: str) -> tuple[list[str], list[str]]:
    """Every node (labels, properties) and edge (ends, type, properties) of ``graph``,
    each as sorted JSON, in sorted order."""
    nodes = await driver.ro_query(graph, "archive nodes", READ_NODES)
    edges = await driver.ro_query(graph, "archive edges", READ_EDGES)
    return (
        sorted(json.dumps([sorted(r[0]), r[1]], sort_keys=True, default=str) for r in nodes.rows),
        sorted(json.dumps(list(r), sort_keys=True, default=str) for r in edges.rows),
    )


async def plant_archive(
    driver: GraphDriver, graph: str, content: tuple[list[str], list[str]]
) -> None:
    """Write ``content`` (``archive_content``) as graph ``graph``, with its id index."""
    await driver.query(graph, "plant index", "CREATE INDEX FOR (n:Entity) ON (n.id)")
    for line in content[0]:
        labels, props = json.loads(line)
        query: Any = f"CREATE (n:{':'.join(labels)}) SET n = $props"
        await driver.query(graph, "plant node", query, {"props": props})
    for line in content[1]:
        a, rel, b, props = json.loads(line)
        query = (
            f"MATCH (a:Entity {{id: $a}}), (b:Entity {{id: $b}}) "
            f"CREATE (a)-[e:{rel}]->(b) SET e = $props"
        )
        await driver.query(graph, "plant edge", query, {"a": a, "b": b, "props": props})
