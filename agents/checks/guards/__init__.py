"""The guards: checks that do not share the question reader, run on every answer.

Each guard is written apart from ``agents.desks``, which reads the question, so it catches
what the reader misses (a test keeps them from importing it): the days the question names
must overlap the days the answer covers (``check_period``, with its own small date reader),
a claimed rise or fall must be the sign of the change over covered days
(``check_direction``), no decline while a record the question names whole is held
(``check_decline``), and a comparison over unequal coverage must say so
(``check_coverage``); and the asked subject, relation and period: the person named is the
one answered (``check_named_person``), "since <event>" counts from its day
(``check_since_event``), the figure is of the kind asked and about its subject
(``check_asked_quantity``), one day asked is that day answered (``check_single_day``),
"before <thing>" is answered for the time before it (``check_before``), and what fails is
the kind of thing asked (``check_impact_subject``); a "who" or "which company" is
answered with someone of that kind (``check_asked_relation``); a rule or passage
shares the question's subject (``check_topic``); and every name the question uses that a
thing read carries is in the answer (``check_subject``); and a day written "9/7" is not
verified on one reading where the tenant's time zone leaves both open
(``check_written_day``). ``guard_answer`` runs them all.
"""

from __future__ import annotations

from agents.checks.guards._before import check_before
from agents.checks.guards._coverage import check_coverage, unequal_comparisons
from agents.checks.guards._dates import named_spans, overlaps
from agents.checks.guards._decline import check_decline, named_records
from agents.checks.guards._direction import check_direction, claimed_direction
from agents.checks.guards._impact import check_impact_subject
from agents.checks.guards._namesake import asked_people, check_named_person
from agents.checks.guards._period import check_period, check_single_day
from agents.checks.guards._quantity import check_asked_quantity
from agents.checks.guards._relation import asked_kind, check_asked_relation
from agents.checks.guards._run import guard_answer
from agents.checks.guards._since import check_since_event, event_days
from agents.checks.guards._subject import check_subject, name_words
from agents.checks.guards._topic import check_topic
from agents.checks.guards._written_day import check_written_day

__all__ = [
    "check_subject",
    "check_topic",
    "check_written_day",
    "asked_kind",
    "check_asked_relation",
    "asked_people",
    "check_asked_quantity",
    "check_before",
    "check_impact_subject",
    "check_named_person",
    "check_since_event",
    "check_single_day",
    "event_days",
    "check_coverage",
    "check_decline",
    "check_direction",
    "check_period",
    "claimed_direction",
    "guard_answer",
    "named_records",
    "name_words",
    "named_spans",
    "overlaps",
    "unequal_comparisons",
]
