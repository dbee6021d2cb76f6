"""The model client (Claude or a fake), the turn budget, the tool loop, the model extractors."""

from __future__ import annotations

from agents.errors import BudgetExceeded
from agents.model._budget import SPENDING_DESK, Budget, DeskSpend, Usage
from agents.model._client import (
    AnthropicModel,
    FakeModel,
    ModelClient,
    ModelReply,
    model_from_settings,
)
from agents.model._loop import (
    TOOL_RESULT_CHARS,
    LoopResult,
    ToolCall,
    run_tool_loop,
    tool_result_text,
    tool_specs,
)
from agents.model._meeting_extract import ModelExtractor, meeting_proposer, parse_candidates
from agents.model._thread_extract import ThreadExtractor, parse_thread_candidates, thread_proposer

__all__ = [
    "TOOL_RESULT_CHARS",
    "AnthropicModel",
    "Budget",
    "DeskSpend",
    "SPENDING_DESK",
    "BudgetExceeded",
    "FakeModel",
    "LoopResult",
    "ModelClient",
    "ModelExtractor",
    "ModelReply",
    "ThreadExtractor",
    "ToolCall",
    "Usage",
    "meeting_proposer",
    "model_from_settings",
    "parse_candidates",
    "parse_thread_candidates",
    "run_tool_loop",
    "tool_result_text",
    "thread_proposer",
    "tool_specs",
]
