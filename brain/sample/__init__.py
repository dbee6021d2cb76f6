"""The sample business: Ember & Oak Coffee, as data files loaded through the gate.

The story business is a small coffee roaster in Bengaluru that sells online and in two
cafés. It exists so the demo tenant, the graph tools and the benchmarks have one business
whose "why" questions (``SAMPLE_QUESTIONS``) have known answers that a walk over edges can
explain. Its facts are the ones any user could load, in the ingest format::

    {"node": {"type": "Task", "id": "task-ig-token", "name": "...", "src": "sample:...",
              "asOf": "2026-08-20", "sample": True, ...properties}}
    {"edge": {"from": "person-priya", "type": "OWNS", "to": "task-ig-token",
              "since": "2026-10-05", "src": "sample:slack/m88", "asOf": "2026-10-05"}}

so they pass the same gate as real data. Every node says ``sample: true`` and every ``src``
starts with ``sample:``, so an answer built on them can say it used sample numbers.

The facts live in ``data/facts.jsonl`` and the documents' text in ``data/documents/*.md``
(see ``data/README.md``); they are read when ``sample_business`` is called, never on import.

Dates: recent events (sixty days of orders, the checkout release four days before
``today``, the campaigns' last four weeks) are placed relative to ``today``. The older history
(who owned a task on 1 October, the June and October decisions) keeps its month and day and
falls in the latest year whose 15 October is on or before ``today``, so the questions keep
their wording whatever day the sample is loaded. The data files say which is which with
date tokens (``brain.sample._tokens``).
"""

from __future__ import annotations

from datetime import date, datetime

from brain.sample._loader import Fact, load_facts
from brain.sample._tokens import StoryClock, expand

__all__ = [
    "SAMPLE_QUESTIONS",
    "SAMPLE_TENANT",
    "Fact",
    "sample_business",
    "StoryClock",
    "expand",
]

SAMPLE_TENANT = "sample-coffee"

SAMPLE_QUESTIONS: tuple[str, ...] = (
    "Why did online orders drop this week?",
    "What breaks if the Instagram token expires?",
    "Who owned 'Fix Instagram token refresh' on 1 October?",
    "Why did we stop posting daily stories?",
    "Which marketing campaign costs us the most per sign-up, and why?",
)


def sample_business(*, today: date) -> list[Fact]:
    """The Ember & Oak Coffee story, as ingest facts dated relative to ``today``.

    Node facts come first, then edge facts. One id appears twice on purpose: the Task
    ``task-ig-token`` is written again with a later ``asOf`` and a new status, so loading the
    sample leaves one Version of it. Deterministic: the same ``today`` gives the same facts.
    A ``datetime`` counts as its calendar day.
    """
    return load_facts(today.date() if isinstance(today, datetime) else today)
