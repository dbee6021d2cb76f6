"""The weekly digest's "still true?" section: facts nobody has confirmed for their window.

The tenant's ``freshness`` setting gives days per type (``settings freshness Task 30``);
``brain.upkeep.unconfirmed_facts`` finds the current facts no source stated within them,
oldest first. Each listed fact gets "still true" / "no longer true" buttons whose key the
digest keeps on the server (``agents.remember_checks``), so a click next week still finds
the fact. The post's lines then hold only the section's heading: each fact is drawn once,
by the platform, beside its buttons. A digest held to a channel's scope asks only about
facts that channel may read. A dry run lists the facts as lines and keeps no keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from agents import ScopedReads, remember_checks
from brain.upkeep import UnconfirmedFact, unconfirmed_facts
from scheduler.jobs._cites import SECTION_LINES, Sources, cite, section
from scheduler.jobs._registry import CheckNote, JobContext, day_label

#: The tenant setting: days a fact of each type may go unconfirmed.
FRESHNESS_SETTING = "freshness"
#: Facts read to find those a scoped digest may ask about.
FRESHNESS_READ = 200
TITLE = "Still true? Not confirmed lately"


def freshness_rules(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The tenant's freshness rules (type -> days); none when unset."""
    raw = settings.get(FRESHNESS_SETTING)
    return dict(cast(dict[str, Any], raw)) if isinstance(raw, dict) else {}


async def freshness_section(
    ctx: JobContext, src: Sources, reads: ScopedReads | None
) -> tuple[list[str], tuple[CheckNote, ...], int]:
    """The section's lines, the facts its buttons ask about, and how many facts wait to be
    confirmed (none when nothing is stale, or the tenant set no rules)."""
    rules = freshness_rules(ctx.settings)
    if not rules:
        return [], (), 0
    found = await unconfirmed_facts(ctx.graph, rules, now_ms=ctx.t, limit=FRESHNESS_READ)
    facts: list[UnconfirmedFact] = []
    for fact in found:
        if reads is None or await reads.fact_readable(fact.source, fact.target, fact.src):
            facts.append(fact)
    shown = facts[:SECTION_LINES]
    items = [
        f"{f.text}, last stated {day_label(f.as_of)} {src.ref(cite(f.source, f.source_name))}"
        for f in shown
    ]
    if not shown:
        return [], (), 0
    more = len(facts) - len(shown)
    if ctx.notes is None or ctx.dry_run:
        return section(TITLE, items, more=more), (), len(facts)
    # each fact is drawn once, with its buttons: the lines keep only the heading
    kept = await remember_checks(ctx.notes, ctx.graph.slug, shown)
    checks = tuple(
        CheckNote(c.key, item, day_label(c.as_of)) for c, item in zip(kept, items, strict=True)
    )
    rest = [f"… and {more} more waiting to be confirmed"] if more else []
    return [f"{TITLE} (answer below; any member may)", *rest], checks, len(facts)
