"""`hivebrain mcp SLUG` over stdio, driven by the official MCP SDK's client.

The server runs as a real subprocess (the CLI), on the session's FalkorDB; the client
lists the tools with their argument schemas and calls them, as an IDE would.
"""

from __future__ import annotations

import json
import os
import sys
import uuid
from pathlib import Path

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from agents.tools import TOOLS
from bots.cli import ACTING_TOOLS
from brain import Brain

ROOT = Path(__file__).resolve().parents[1]

FACTS = [
    {"node": {"type": "Repository", "id": "repo:acme/app", "name": "acme/app"}},
    {"node": {"type": "Component", "id": "component:acme/app:src/api", "name": "src/api",
              "path": "src/api", "repo": "acme/app", "kind": "code"}},
    {"node": {"type": "File", "id": "file:acme/app:src/api/routes.py", "name": "src/api/routes.py",
              "path": "src/api/routes.py", "repo": "acme/app", "kind": "code"}},
    {"node": {"type": "PullRequest", "id": "pr:acme/app#1", "name": "Fix routes timeout",
              "repo": "acme/app", "mergedAt": 1777593600000}},
    {"node": {"type": "Person", "id": "person:dana", "name": "Dana Ruiz"}},
    {"edge": {"from": "file:acme/app:src/api/routes.py", "type": "IN_COMPONENT",
              "to": "component:acme/app:src/api", "since": "2026-05-01"}},
    {"edge": {"from": "pr:acme/app#1", "type": "MODIFIES",
              "to": "file:acme/app:src/api/routes.py", "since": "2026-05-01"}},
    {"edge": {"from": "person:dana", "type": "AUTHORED", "to": "pr:acme/app#1",
              "since": "2026-05-01"}},
]  # fmt: skip


async def test_mcp_serves_read_only_tools_over_stdio(
    quiet_brain: Brain, falkordb_url: str, data_dir: str
) -> None:
    slug = f"mcp-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    stamp = {"src": "test:mcp", "asOf": "2026-05-01"}
    facts = [(i, {k: {**v, **stamp} for k, v in f.items()}) for i, f in enumerate(FACTS, 1)]
    report = await graph.write_facts(facts)
    assert report.refused == 0, report.refusals
    env = {
        **os.environ,
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": data_dir,
        "PYTHONPATH": str(ROOT),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "bots.cli._app", "mcp", slug], env=env, cwd=ROOT
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = (await session.list_tools()).tools
        names = {t.name for t in listed}
        assert names == set(TOOLS) - ACTING_TOOLS
        assert {"search", "experts_for", "triage_candidates", "decision_trail"} <= names
        experts = next(t for t in listed if t.name == "experts_for")
        assert {"component", "path", "text", "repo"} <= set(experts.input_schema["properties"])
        assert all(t.annotations and t.annotations.read_only_hint for t in listed)

        res = await session.call_tool("experts_for", {"component": "src/api"})
        assert not res.is_error
        body = json.loads(res.content[0].text)  # type: ignore[union-attr]  # a TextContent
        assert body["data"]["experts"][0]["name"] == "Dana Ruiz"
        drawn = {(e["source"], e["type"], e["target"]) for e in body["evidence"]["edges"]}
        assert ("person:dana", "AUTHORED", "pr:acme/app#1") in drawn

        bad = await session.call_tool("experts_for", {})
        assert bad.is_error
        assert "Traceback" not in bad.content[0].text  # type: ignore[union-attr]
        unknown = await session.call_tool("write_facts", {"facts": []})
        assert unknown.is_error
