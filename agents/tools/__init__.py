"""The graph tools every desk, the CLI and chat share: one registry, one call path."""

from __future__ import annotations

from agents.tools._registry import TOOLS, Tool, ToolArgs, call_tool, describe_tools, tool

__all__ = [
    "TOOLS",
    "Tool",
    "ToolArgs",
    "call_tool",
    "describe_tools",
    "tool",
]
