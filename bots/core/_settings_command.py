"""The `settings` command of every chat platform: one parser, one apply, one help text.

A workspace's approvers change where its digests and triage notes go and who approves
cards. Slack and the console type it (``/hivebrain settings digest #weekly``, ``/settings
digest #weekly``: ``settings_command``), Discord fills in slash command options; all end as
one ``SettingsChange`` that ``apply_settings`` carries out through ``BotCore`` (which checks
that the caller is an approver). Only how a channel or a person is written differs per
platform: the adapter passes its ``MentionSyntax``. A channel's scope (``scope #eng
sources=github``) and the freshness windows (``freshness Task 30``) are maps, each change
one compare-and-set step (``bots.core._scopes``, ``bots.core._freshness``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from agents import scope_sources
from bots.core._core import BotCore
from bots.core._freshness import change_freshness
from bots.core._scopes import change_scope
from brain import InputInvalid
from brain.reads import SOURCE_KINDS
from brain.upkeep import freshness_rule

#: Channel settings by the word people type, with what each channel receives.
CHANNEL_SETTINGS: dict[str, str] = {
    "digest": "weekly roll-ups and minutes digests",
    "triage": "repository triage suggestions",
    "team": "team updates from approved cards",
    "admin": "reports of scheduled jobs that failed",
}
#: Whole-number settings of the scheduled jobs, with what each sets.
NUMBER_SETTINGS: dict[str, str] = {
    "rollup_days": "daily readings older than this roll up into weekly ones",
    "archive_days": "closed facts older than this move to the archive",
    "size_budget_mb": "the graph size the hygiene report measures against",
}
#: Plain settings by the word people type: (the setting's key, what it holds, an example).
VALUE_SETTINGS: dict[str, tuple[str, str, str]] = {
    "composio": ("composio_user_id", "this workspace's Composio user id", "acme-ops"),
    "tools": ("composio_toolkits", "the Composio toolkits it connected", "gmail,linkedin"),
    "repos": ("github_repos", "the GitHub repositories cards may change", "acme/web,acme/api"),
    "analytics": ("analytics_property", "the GA4 property connected pulls read", "398811"),
    "metrics": (
        "analytics_metrics",
        "the GA4 metrics connected pulls read",
        "sessions,conversions",
    ),
}
_VALUE = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9_.@/-]{0,127}(?:,[A-Za-z0-9][A-Za-z0-9_.@/-]{0,127}){0,19}$"
)
_OFF = ("off", "none")
#: The longest name or e-mail ``settings me`` takes.
MAX_ME_CHARS = 200
#: The longest freshness window, in days (ten years).
MAX_FRESH_DAYS = 3650


@dataclass(frozen=True, slots=True)
class MentionSyntax:
    """How a platform writes a channel and a person in message text (group 1: the id)."""

    channel: re.Pattern[str]
    user: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What one settings command asks for; empty: show the settings.

    ``channels`` maps a setting (``digest_channel``) to a channel id, or None to stop it.
    """

    channels: dict[str, str | None] = field(default_factory=dict[str, str | None])
    #: Plain settings by key (``timezone``), already checked; None removes one.
    values: dict[str, str | None] = field(default_factory=dict[str, str | None])
    add_approvers: tuple[str, ...] = ()
    remove_approvers: tuple[str, ...] = ()
    #: ``me <name or e-mail>``: who the caller is in the brain (anyone may say it).
    me: str | None = None
    #: ``scope #channel sources=...``: channel id -> the kinds its answers may read (None
    #: lifts the scope).
    scopes: dict[str, frozenset[str] | None] = field(
        default_factory=dict[str, frozenset[str] | None]
    )
    #: ``freshness Task 30``: type -> days a fact may go unconfirmed (None removes one; the
    #: key ``""`` removes them all).
    freshness: dict[str, int | None] = field(default_factory=dict[str, int | None])

    @property
    def changes_approvers(self) -> bool:
        """Whether approvers are added or removed."""
        return bool(self.add_approvers or self.remove_approvers)


def settings_help(prefix: str) -> str:
    """The help lines for the settings command, e.g. ``prefix="/hivebrain settings"``."""
    words = " · ".join(f"`{prefix} {word} #channel`" for word in CHANNEL_SETTINGS)
    return (
        f"• `{prefix}` — show settings (approvers only)\n"
        f"• {words} (`off` to stop; `here` for this channel)\n"
        f"• `{prefix} approvers add|remove @person`\n"
        f"• `{prefix} me Dana Okafor` — who you are in the brain (your name or e-mail), "
        'so "my action items" are yours\n'
        f"• `{prefix} timezone Europe/London` — the time zone dates are read in\n"
        f"• `{prefix} scope #channel sources=github,meetings` — what answers asked there may "
        f"read and cite (`off` to lift); sources: {', '.join(SOURCE_KINDS)}\n"
        f"• `{prefix} freshness Task 30` — the digest asks about facts (of a type, a "
        "relationship such as OWNS, or `all`) not confirmed for that many days (`off`)\n"
        f"• `{prefix} schedule hygiene 0 7 * * mon` — a job's schedule (crontab, `off`)\n"
        f"• `{prefix} rollup_days 90` · `archive_days 365` · `size_budget_mb 256` · "
        f"`minutes_email team@acme.com`\n"
        + "\n".join(
            f"• `{prefix} {word} {example}` — {what} (`off` to clear)"
            for word, (_, what, example) in VALUE_SETTINGS.items()
        )
    )


def parse_settings(
    text: str, *, syntax: MentionSyntax, here: str, prefix: str = "/hivebrain settings"
) -> SettingsChange:
    """Read ``settings ...`` text (without the word ``settings``) into a change.

    ``here`` is the channel the command was typed in. Raises ``InputInvalid`` whose
    reason is the reply: what was wrong and an example of the right form.
    """
    words = text.split()
    if not words:
        return SettingsChange()
    key = words[0].lower()
    if key in CHANNEL_SETTINGS:
        if len(words) != 2:
            raise InputInvalid(
                f"Name one channel, e.g. `{prefix} {key} #general` (or `off` to stop)."
            )
        channel = _channel(words[1], syntax, here, key, prefix)
        return SettingsChange(channels={f"{key}_channel": channel})
    if key == "me":
        who = " ".join(words[1:])
        if not who or len(who) > MAX_ME_CHARS:
            raise InputInvalid(
                f"Say who you are in the brain, e.g. `{prefix} me Dana Okafor` or "
                f"`{prefix} me dana@site.example`."
            )
        return SettingsChange(me=who)
    if key in ("timezone", "tz"):
        if len(words) != 2:
            raise InputInvalid(f"Name one time zone, e.g. `{prefix} timezone Europe/London`.")
        return SettingsChange(values={"timezone": checked_timezone(words[1], prefix)})
    if key in VALUE_SETTINGS:
        setting, what, example = VALUE_SETTINGS[key]
        value = "".join(words[1:]).replace(" ", "")
        if value.lower() in _OFF:
            return SettingsChange(values={setting: None})
        if not _VALUE.match(value):
            raise InputInvalid(f"Give {what}, e.g. `{prefix} {key} {example}` (or `off`).")
        return SettingsChange(values={setting: value})
    if key == "approvers":
        verb = words[1].lower() if len(words) > 1 else ""
        if verb not in ("add", "remove") or len(words) < 3:
            raise InputInvalid(f"Say add or remove and who, e.g. `{prefix} approvers add @dana`.")
        ids = [m.group(1) for w in words[2:] if (m := syntax.user.match(w))]
        if len(ids) != len(words) - 2:
            raise InputInvalid(f"Mention each person with @, e.g. `{prefix} approvers add @dana`.")
        if verb == "add":
            return SettingsChange(add_approvers=tuple(ids))
        return SettingsChange(remove_approvers=tuple(ids))
    if key == "scope":
        return SettingsChange(scopes=_scope(words[1:], syntax, here, prefix))
    if key == "freshness":
        return SettingsChange(freshness=_freshness(words[1:], prefix))
    if key == "schedule":
        schedule: dict[str, str | None] = {**checked_schedule(words[1:], prefix)}
        return SettingsChange(values=schedule)
    if key == "minutes_email":
        emails = words[1:]
        if not emails or not all(re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", e) for e in emails):
            raise InputInvalid(
                f"Give e-mail addresses, e.g. `{prefix} minutes_email team@acme.com`."
            )
        return SettingsChange(values={key: " ".join(emails)})
    if key in NUMBER_SETTINGS:
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
            raise InputInvalid(f"Give a whole number, e.g. `{prefix} {key} 90`.")
        return SettingsChange(values={key: words[1]})
    known = ", ".join(
        [
            *CHANNEL_SETTINGS,
            *VALUE_SETTINGS,
            "approvers",
            "me",
            "timezone",
            "scope",
            "freshness",
            "schedule",
            "minutes_email",
            *NUMBER_SETTINGS,
        ]
    )
    raise InputInvalid(
        f"I don't know the setting `{words[0][:40]}`: the settings are {known}. "
        f"Try `{prefix}` to see them."
    )


def _scope(
    words: list[str], syntax: MentionSyntax, here: str, prefix: str
) -> dict[str, frozenset[str] | None]:
    """``#channel sources=github,meetings`` (or ``#channel off``) as channel -> kinds."""
    example = f"`{prefix} scope #eng sources=github,meetings` (or `off`)"
    if len(words) < 2 or words[0].lower() in _OFF:
        raise InputInvalid(f"Name a channel and what its answers may read, e.g. {example}.")
    channel = _channel(words[0], syntax, here, "scope", prefix)
    assert channel is not None  # "off" as the channel was refused above
    rest = " ".join(words[1:]).strip()
    if rest.lower().startswith("sources="):
        rest = rest[len("sources=") :]
    if rest.lower() in _OFF:
        return {channel: None}
    try:
        return {channel: scope_sources(rest)}
    except InputInvalid as exc:
        raise InputInvalid(f"{exc.reason} For example {example}.") from None


def _freshness(words: list[str], prefix: str) -> dict[str, int | None]:
    """``Task 30``, ``OWNS off``, ``all 180`` or ``off`` as type -> days."""
    example = f"`{prefix} freshness Task 30` (a type, a relationship such as OWNS, or `all`)"
    if len(words) == 1 and words[0].lower() in _OFF:
        return {"": None}
    if len(words) != 2:
        raise InputInvalid(f"Name a type and a number of days, e.g. {example}.")
    rule = freshness_rule(words[0])
    if rule is None:
        raise InputInvalid(
            f"`{words[0][:40]}` is no type of fact the brain keeps: name one, e.g. {example}."
        )
    days = words[1].lower()
    if days in _OFF:
        return {rule: None}
    if not days.isdigit() or not 1 <= int(days) <= MAX_FRESH_DAYS:
        raise InputInvalid(f"Give whole days from 1 to {MAX_FRESH_DAYS}, e.g. {example}.")
    return {rule: int(days)}


def checked_timezone(name: str, prefix: str = "/hivebrain settings") -> str:
    """An IANA time zone name as written, or ``InputInvalid`` saying how to write one."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputInvalid(
            f"I don't know the time zone `{name[:40]}`: write it the IANA way, e.g. "
            f"`{prefix} timezone Europe/London` or `Asia/Kolkata`."
        ) from None
    return name


def checked_schedule(words: list[str], prefix: str = "/hivebrain settings") -> dict[str, str]:
    """``schedule JOB <crontab line>|off`` as the setting ``schedule_JOB``, checked as typed."""
    from scheduler import JOBS, crontab_trigger

    example = f"`{prefix} schedule hygiene 0 7 * * mon` (minute hour day month weekday)"
    if len(words) < 2 or words[0] not in JOBS:
        raise InputInvalid(f"Name a job and when, e.g. {example}; jobs: {', '.join(sorted(JOBS))}.")
    line = " ".join(words[1:])
    if line.lower() not in ("off", "none"):
        try:
            crontab_trigger(line)
        except ValueError:
            raise InputInvalid(
                f"`{line[:60]}` is not a schedule: write it like {example}."
            ) from None
    return {f"schedule_{words[0]}": line}


def _channel(word: str, syntax: MentionSyntax, here: str, key: str, prefix: str) -> str | None:
    if word.lower() in _OFF:
        return None
    if word.lower() == "here":
        return here
    if match := syntax.channel.match(word):
        return match.group(1)
    raise InputInvalid(f"Name the channel with #, e.g. `{prefix} {key} #general`.")


def settings_change(
    *,
    channels: dict[str, str | None] | None = None,
    add: Sequence[str] = (),
    remove: Sequence[str] = (),
    me: str | None = None,
    scope: tuple[str, str] | None = None,
    freshness: str | None = None,
    prefix: str = "/settings",
) -> SettingsChange:
    """A change from structured options (Discord's slash command); keys are
    ``CHANNEL_SETTINGS`` words. ``scope`` is a channel id and what its answers may read
    (``github,meetings`` or ``off``); ``freshness`` is typed as in chat (``Task 30``).
    Raises ``InputInvalid`` with the reply, as ``parse_settings`` does."""
    unknown = sorted(set(channels or {}) - set(CHANNEL_SETTINGS))
    if unknown:
        raise InputInvalid(f"I don't know the setting {', '.join(unknown)}.")
    scopes: dict[str, frozenset[str] | None] = {}
    if scope is not None:
        channel, sources = scope
        scopes = _scope([f"#{channel}", sources], _ANY_CHANNEL, channel, prefix)
    return SettingsChange(
        channels={f"{k}_channel": v for k, v in (channels or {}).items()},
        add_approvers=tuple(add),
        remove_approvers=tuple(remove),
        me=" ".join(me.split())[:MAX_ME_CHARS] if me and me.strip() else None,
        scopes=scopes,
        freshness=_freshness(freshness.split(), prefix) if freshness else {},
    )


#: A channel already picked from a list (Discord's option): ``#<id>`` names it.
_ANY_CHANNEL = MentionSyntax(channel=re.compile(r"^#(\S+)$"), user=re.compile(r"^$"))


async def settings_command(
    core: BotCore,
    platform: str,
    workspace_id: str,
    user_id: str,
    text: str,
    *,
    syntax: MentionSyntax,
    here: str,
    prefix: str,
) -> str:
    """A typed ``settings ...`` (``text``: without the word) carried out for ``user_id``:
    the reply, or what was wrong with the text and an example in ``prefix``'s words.

    Every platform that types the command ends here, so each accepts the same words and
    gives the same replies and refusals; ``here`` is the channel it was typed in.
    """
    try:
        change = parse_settings(text, syntax=syntax, here=here, prefix=prefix)
    except InputInvalid as exc:
        return exc.user_message
    return await apply_settings(core, platform, workspace_id, user_id, change)


async def apply_settings(
    core: BotCore, platform: str, workspace_id: str, user_id: str, change: SettingsChange
) -> str:
    """Carry out ``change`` for ``user_id`` (approvers only: ``BotCore`` checks) and say
    what the settings are now: channels first, then approvers. ``me`` is the caller's own
    identity and needs no approver."""
    notes: list[str] = []
    if change.me is not None:
        notes.append(await core.identify(platform, workspace_id, user_id, change.me))
        if not (
            change.channels
            or change.values
            or change.changes_approvers
            or change.scopes
            or change.freshness
        ):
            return notes[0]
    # the team channel is one per platform: a tenant on Slack and Discord has one on each
    channels = {
        (f"{platform}_{k}" if k == "team_channel" else k): v for k, v in change.channels.items()
    }
    if change.scopes:
        notes.append(await change_scope(core, platform, workspace_id, user_id, dict(change.scopes)))
    if change.freshness:
        notes.append(
            await change_freshness(core, platform, workspace_id, user_id, dict(change.freshness))
        )
    # no change at all shows the settings (an approver's view of them)
    others = change.changes_approvers or change.scopes or change.freshness
    if channels or change.values or not others:
        notes.append(
            await core.update_settings(
                platform, workspace_id, user_id, {**channels, **change.values}
            )
        )
    if change.changes_approvers:
        notes.append(
            await core.change_approvers(
                platform,
                workspace_id,
                user_id,
                add=change.add_approvers,
                remove=change.remove_approvers,
            )
        )
    return "\n".join(dict.fromkeys(notes))  # a refusal is said once
