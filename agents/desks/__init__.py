"""Rules-mode desk work: deterministic tool calls and templated drafts, no model."""

from __future__ import annotations

from agents.desks._answers import read_ranges
from agents.desks._dates import (
    MONTH_FIRST,
    Period,
    days_written,
    event_period,
    find_period,
    find_periods,
    month_first_zone,
    since_event,
)
from agents.desks._events import event_since
from agents.desks._meeting_asks import day_said, meeting_question
from agents.desks._meeting_lines import Handed, Line, exchange, handed_out, lines_of, matter_of
from agents.desks._rank import (
    WHO_TYPES,
    Asking,
    Scored,
    alike_answers,
    asked_kind,
    cued_steps,
    rank_paths,
)
from agents.desks._related import starts_of
from agents.desks._rules import Draft, plan, run_desk
from agents.desks._understand import Candidate, Understanding, best, understand
from agents.desks._words import content_words, shared_words

__all__ = [
    "Draft",
    "run_desk",
    "plan",
    "Understanding",
    "understand",
    "Candidate",
    "best",
    "Period",
    "MONTH_FIRST",
    "days_written",
    "month_first_zone",
    "starts_of",
    "read_ranges",
    "event_period",
    "find_period",
    "find_periods",
    "since_event",
    "event_since",
    "WHO_TYPES",
    "Asking",
    "Scored",
    "alike_answers",
    "asked_kind",
    "cued_steps",
    "rank_paths",
    "content_words",
    "shared_words",
    "day_said",
    "meeting_question",
    "Handed",
    "Line",
    "exchange",
    "matter_of",
    "handed_out",
    "lines_of",
]
