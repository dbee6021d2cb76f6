"""The Chief: how a turn thinks (plan, work, review, answer), by rules, by a model or a fake.

``agents.run_turn`` takes a ``Chief``; ``RulesChief`` is the default, ``ModelChief`` runs the
same steps on Claude, ``FakeChief`` lets a test write each step's reply with a handler.
"""

from __future__ import annotations

from agents.chief._compose import NOTHING_FOUND, SAMPLE_CAVEAT, compose, owed_caveats
from agents.chief._configured import chief_from_settings, limits_from_settings
from agents.chief._model import RECALL_CHARS, RULES_FOR_DESKS, ModelChief
from agents.chief._protocol import (
    Brief,
    Chief,
    ChiefCall,
    DeskOutcome,
    FakeChief,
    FakeChiefHandler,
    FakeReply,
    Mode,
    Step,
    TurnLimits,
)
from agents.chief._rules import RulesChief
from agents.chief._written import split_draft

__all__ = [
    "NOTHING_FOUND",
    "RECALL_CHARS",
    "RULES_FOR_DESKS",
    "SAMPLE_CAVEAT",
    "Brief",
    "Chief",
    "ChiefCall",
    "DeskOutcome",
    "FakeChief",
    "FakeChiefHandler",
    "FakeReply",
    "ModelChief",
    "Mode",
    "RulesChief",
    "Step",
    "TurnLimits",
    "chief_from_settings",
    "compose",
    "limits_from_settings",
    "owed_caveats",
    "split_draft",
]
