"""The graph tools every desk, the CLI and chat share: one registry, one call path."""

from __future__ import annotations

from agents.tools._evidence import EVIDENCE_TOOLS  # registers the evidence tools
from agents.tools._registry import TOOLS, Tool, ToolArgs, call_tool, describe_tools, tool

__all__ = [
    "EVIDENCE_TOOLS",
    "TOOLS",
    "Tool",
    "ToolArgs",
    "call_tool",
    "describe_tools",
    "tool",
]
