"""``settings scope``: what one channel's answers may read, set by an approver in chat.

``settings scope #eng sources=github,meetings`` (or ``off``) becomes one change of the
tenant's ``scopes`` map (``agents.with_scope``), applied to the settings as they are on
the server with a compare-and-set, so two approvers scoping two channels at once both
land. Anyone else is told, in one sentence, that only approvers may change it. From then
on every answer asked in that channel, the suggestions of a side pane looking at it, and
the digests posted to it read only those kinds of source (``agents._scope``).
"""

from __future__ import annotations

from typing import Any

from agents import SCOPES_SETTING, channel_scope, with_scope
from bots.core._core import BotCore

#: What a non-approver is told changes only through an approver.
WHAT = "what a channel's answers may read"


async def change_scope(
    core: BotCore,
    platform: str,
    workspace_id: str,
    user_id: str,
    scopes: dict[str, frozenset[str] | None],
) -> str:
    """Set what channels' answers may read (channel id -> kinds; None lifts a scope), for
    an approver; the reply that says what each channel reads now, or the refusal."""
    slug, refusal = await core.approver_slug(platform, workspace_id, user_id, WHAT)
    if slug is None:
        return refusal
    registry = core.brain.registry
    assert registry is not None

    def change(settings: dict[str, Any]) -> dict[str, Any]:
        for channel, sources in scopes.items():
            settings = with_scope(settings, f"{platform}:{channel}", sources)
        return settings

    stored = await registry.update_settings(slug, change)
    lines: list[str] = []
    for channel in scopes:
        scope = channel_scope(stored, f"{platform}:{channel}")
        lines.append(
            f"Answers asked in {platform}:{channel} now read and cite only {scope.described} "
            "(and what people corrected in chat); so do digests posted there."
            if scope is not None
            else f"Answers asked in {platform}:{channel} read every source again."
        )
    kept: Any = stored.get(SCOPES_SETTING) or {}
    return "\n".join([*lines, f"Channels with a scope: {len(kept)}."])
