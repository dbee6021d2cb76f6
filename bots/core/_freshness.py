"""Freshness in chat: the windows an approver sets, and a member's "still true" click.

``settings freshness Task 30`` (a node type: facts about a Task), ``settings freshness
OWNS 60`` (a relationship), ``settings freshness all 180``, ``... Task off``, or
``settings freshness off`` for none: one change of the tenant's ``freshness`` map, a
compare-and-set on the settings as they are on the server (approvers only). The weekly
digest then lists the facts no source confirmed within them, each with "still true" and
"no longer true"; ``check_fact`` carries out a click (``agents.answer_check``).
"""

from __future__ import annotations

import logging
import uuid
from typing import Any, cast

from agents import HivebrainError, answer_check, checked_fact
from bots.core._core import BotCore, apology, user_key
from brain import now_ms

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


async def check_fact(
    core: BotCore,
    platform: str,
    workspace_id: str,
    user_id: str,
    *,
    key: str,
    still_true: bool,
    is_member: bool = True,
) -> str:
    """A digest's "still true" / "no longer true" on one fact, for a member: the private
    sentence saying what it did, or why it changed nothing."""
    if not is_member:
        return NOT_MEMBER_CHECK
    error_id = uuid.uuid4().hex[:8]
    try:
        graph = await core.tenant_for(platform, workspace_id)
        if graph is None:
            return "This workspace is not connected to a brain, so I changed nothing."
        fact, _ = await checked_fact(core.brain.notes, graph.slug, key)
        return await answer_check(
            graph,
            fact,
            "yes" if still_true else "no",
            user_key=user_key(platform, user_id),
            now_ms=now_ms(),
        )
    except HivebrainError as exc:
        return exc.user_message
    except Exception as exc:  # the one top-level handler for freshness clicks
        log.exception("error %s answering fact check %s", error_id, key[:12])
        return apology(error_id, exc).answer
