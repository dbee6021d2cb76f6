"""The Chief the settings ask for: the model when a key is set, else the rules.

Entry points (the CLI, ``serve``) call this once and hand the Chief to every turn; the
same per-turn limits bind either way (a rules-mode turn spends no tokens, but its desks
have the same time limit).
"""

from __future__ import annotations

from agents._settings import AgentSettings
from agents.chief._model import ModelChief
from agents.chief._protocol import Chief, TurnLimits
from agents.chief._rules import RulesChief
from agents.model import model_from_settings


def limits_from_settings(settings: AgentSettings) -> TurnLimits:
    """One turn's limits as configured (``HIVEBRAIN_TURN_*``, ``HIVEBRAIN_DESK_TIMEOUT_S``)."""
    return TurnLimits(
        tokens=settings.hivebrain_turn_token_budget,
        tool_calls=settings.hivebrain_turn_tool_calls,
        desk_timeout_s=settings.hivebrain_desk_timeout_s,
    )


def chief_from_settings(settings: AgentSettings) -> Chief:
    """``ModelChief`` on Claude with ``ANTHROPIC_API_KEY``, ``RulesChief`` without one."""
    limits = limits_from_settings(settings)
    model = model_from_settings(settings)
    if model is None:
        return RulesChief(limits=limits)
    return ModelChief(model, limits=limits)
