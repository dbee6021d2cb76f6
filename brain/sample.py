"""Sample data: the Ember & Oak Coffee story business, and the same kinds of facts at scale.

The story business is a small coffee roaster in Bengaluru that sells online and in two
cafés. It exists so the demo tenant, the graph tools and the benchmarks have one business
whose "why" questions (``SAMPLE_QUESTIONS``) have known answers that a walk over edges can
explain. Facts come in the ingest format, one dict per fact::

    {"node": {"type": "Task", "id": "task-ig-token", "name": "...", "src": "sample:...",
              "asOf": "2026-08-20", "sample": True, ...properties}}
    {"edge": {"from": "person-priya", "type": "OWNS", "to": "task-ig-token",
              "since": "2026-10-05", "src": "sample:slack/m88", "asOf": "2026-10-05"}}

so they pass the same gate as real data. Every node says ``sample: true`` and every ``src``
starts with ``sample:``, so an answer built on them can say it used sample numbers.

Dates: recent events (sixty days of orders, the checkout release four days before
``today``, the campaigns' last four weeks) are placed relative to ``today``. The older history
(who owned a task on 1 October, the June and October decisions) keeps its month and day and
falls in the latest year whose 15 October is on or before ``today``, so the questions keep
their wording whatever day the sample is loaded.

The story is built in ``brain._sample_story`` with prose from ``brain._sample_text``; the
benchmark filler comes from ``brain._sample_scale``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from itertools import chain

from brain._sample_scale import generate
from brain._sample_story import Fact, story

__all__ = ["SAMPLE_QUESTIONS", "SAMPLE_TENANT", "Fact", "benchmark_graph", "sample_business"]

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
    """
    return story(today.date() if isinstance(today, datetime) else today)


# --- the benchmark graph ------------------------------------------------------------------


def benchmark_graph(
    *, nodes: int = 37_240, edges: int = 49_983, seed: int = 7, today: date
) -> Iterator[Fact]:
    """The sample at benchmark scale: exactly ``nodes`` node facts, then ``edges`` edge facts.

    The default size is the graph the seed write-up timed its tools on. When the sizes leave
    room for it twice over, the story business comes first (each id once, at its latest
    state), so the story questions still have their answers; the rest is filler of the same
    kinds, with the dependency hubs ``account-00000``, ``vendor-00000`` and ``service-00000``
    (see ``brain._sample_scale``). Deterministic for a seed. Raises ``ValueError`` for
    negative sizes, or when that many distinct edges do not fit on that many nodes.
    """
    if nodes < 0 or edges < 0:
        raise ValueError(f"sizes must not be negative: nodes={nodes}, edges={edges}")
    day = today.date() if isinstance(today, datetime) else today
    facts = story(day)
    story_nodes = list({f["node"]["id"]: f for f in facts if "node" in f}.values())
    story_edges = [f for f in facts if "edge" in f]
    if nodes < 2 * len(story_nodes) or edges < 2 * len(story_edges):
        story_nodes, story_edges = [], []  # too small to hold the story twice over
    filler_nodes, filler_edges = generate(
        nodes=nodes - len(story_nodes),
        edges=edges - len(story_edges),
        seed=seed,
        today=day,
    )
    return chain(story_nodes, filler_nodes, story_edges, filler_edges)
