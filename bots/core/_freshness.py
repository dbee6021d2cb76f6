"""Freshness in chat: the windows an approver sets, and a member's "still true" click.

``settings freshness Task 30`` (a node type: facts about a Task), ``settings freshness
OWNS 60`` (a relationship), ``settings freshness all 180``, ``... Task off``, or
``settings freshness off`` for none: one change of the tenant's ``freshness`` map, a
compare-and-set on the settings as they are on the server (approvers only). The weekly
digest then lists the facts no source confirmed within them, each with "still true" and
"no longer true"; ``check_fact`` carries out a click (``agents.answer_check``) and says
what to put in the digest where the two buttons were (``FactChecked.mark``), so the next
reader sees the fact answered, by whom and when, and nobody answers it twice.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import Any, cast

from agents import HivebrainError, answer_check, checked_fact
from bots.core._core import BotCore, apology, user_key
from brain import format_moment, now_ms

log = logging.getLogger(__name__)

#: The tenant setting: type -> days a fact of it may go unconfirmed.
FRESHNESS_SETTING = "freshness"
#: A fact check clicked by someone outside the workspace (a Slack Connect guest).
NOT_MEMBER_CHECK = "Only people in this workspace can confirm its facts, so I changed nothing."


async def change_freshness(
    core: BotCore,
    platform: str,
    workspace_id: str,
    user_id: str,
    rules: dict[str, int | None],
) -> str:
    """Set days per type (None removes a type; the key ``""`` removes them all), for an
    approver; the reply listing the windows now, or the refusal."""
    slug, refusal = await core.approver_slug(
        platform, workspace_id, user_id, "how long facts go unconfirmed"
    )
    if slug is None:
        return refusal
    registry = core.brain.registry
    assert registry is not None

    def change(settings: dict[str, Any]) -> dict[str, Any]:
        raw = settings.get(FRESHNESS_SETTING)
        current = dict(cast(dict[str, Any], raw)) if isinstance(raw, dict) else {}
        if "" in rules:
            current = {}
        for word, days in rules.items():
            if word and days is None:
                current.pop(word, None)
            elif word:
                current[word] = days
        return {**settings, FRESHNESS_SETTING: current or None}

    stored = await registry.update_settings(slug, change)
    windows: Any = stored.get(FRESHNESS_SETTING) or {}
    if not windows:
        return "No facts are asked about in the digest: no freshness windows are set."
    shown = ", ".join(f"{k} {v} days" for k, v in sorted(cast(dict[str, Any], windows).items()))
    return f"The weekly digest asks about facts not confirmed within: {shown}."


@dataclass(frozen=True, slots=True)
class FactChecked:
    """What a fact check did: the clicker's private sentence and, when it changed the fact,
    the moment it did (None: it changed nothing) and which answer it was."""

    note: str
    answered_ms: int | None = None
    still_true: bool = True

    def mark(self, who: str) -> str | None:
        """The digest's line in place of the fact's buttons, ``who`` naming the clicker as
        the platform shows people (None: nothing changed, the buttons stay)."""
        if self.answered_ms is None:
            return None
        day = (format_moment(self.answered_ms) or "")[:10]
        if self.still_true:
            return f"✅ Still true: confirmed by {who} on {day}."
        return f"❌ No longer true from {day}: closed by {who}."


async def check_fact(
    core: BotCore,
    platform: str,
    workspace_id: str,
    user_id: str,
    *,
    key: str,
    still_true: bool,
    is_member: bool = True,
) -> FactChecked:
    """A digest's "still true" / "no longer true" on one fact, for a member: the private
    sentence saying what it did, or why it changed nothing, and the digest's new line."""
    if not is_member:
        return FactChecked(NOT_MEMBER_CHECK)
    error_id = uuid.uuid4().hex[:8]
    try:
        graph = await core.tenant_for(platform, workspace_id)
        if graph is None:
            return FactChecked("This workspace is not connected to a brain, so I changed nothing.")
        fact, _ = await checked_fact(core.brain.notes, graph.slug, key)
        at = now_ms()
        said = await answer_check(
            graph,
            fact,
            "yes" if still_true else "no",
            user_key=user_key(platform, user_id),
            now_ms=at,
        )
        return FactChecked(said, at, still_true)
    except HivebrainError as exc:
        return FactChecked(exc.user_message)
    except Exception as exc:  # the one top-level handler for freshness clicks
        log.exception("error %s answering fact check %s", error_id, key[:12])
        return FactChecked(apology(error_id, exc).answer)
