"""The MCP server of `hivebrain mcp SLUG`: one tenant's read-only graph tools over stdio.

Any MCP client (an IDE, a desktop assistant) can then ask the same tools the desks use:
search, walks, paths, ranks, experts, decisions, triage. Each tool is listed with its
argument schema (the pydantic model's JSON schema, as the model client sees it), and
each call goes through ``call_tool``, so arguments are validated once and every read is
``GRAPH.RO_QUERY``. Nothing that writes or acts is served: cards, ingest and the
settings commands are not tools, and a tool named in ``ACTING_TOOLS`` is left out.
The tenant is bound when the server starts; no tool accepts a graph name.
"""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from agents.tools import TOOLS, Tool, call_tool
from brain import HivebrainError, TenantGraph

#: Tools that act or write: never served over MCP (none of the registry's tools today;
#: the guard keeps a future one out until someone decides otherwise).
ACTING_TOOLS: frozenset[str] = frozenset({"propose", "approve", "post", "write", "remember"})


def served_tools() -> list[Tool]:
    """The registry's read-only tools, in registry order."""
    return [t for t in TOOLS.values() if t.name not in ACTING_TOOLS]


def _listing(tool: Tool) -> types.Tool:
    schema = tool.schema()
    schema.setdefault("type", "object")
    return types.Tool(
        name=tool.name,
        description=tool.purpose,
        input_schema=schema,
        annotations=types.ToolAnnotations(read_only_hint=True, destructive_hint=False),
    )


def build_server(graph: TenantGraph) -> Server[Any]:
    """An MCP server whose tools read ``graph`` only."""
    allowed = {t.name: t for t in served_tools()}

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_listing(t) for t in allowed.values()])

    async def call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name not in allowed:
            return _error(f"no read-only tool named {params.name!r}")
        try:
            result = await call_tool(graph, params.name, dict(params.arguments or {}))
        except HivebrainError as exc:
            return _error(exc.user_message)
        body = result.for_model()
        body["evidence"] = result.evidence.model_dump()
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=json.dumps(body, default=str))],
            structured_content=body,
        )

    return Server(
        "hivebrain",
        instructions=f"Read-only tools over the {graph.slug} brain; every answer carries the "
        "nodes and edges it read.",
        on_list_tools=list_tools,
        on_call_tool=call,
    )


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=message)], is_error=True
    )


async def serve_stdio(graph: TenantGraph) -> None:
    """Serve ``graph``'s tools on stdin/stdout until the client hangs up."""
    server = build_server(graph)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
