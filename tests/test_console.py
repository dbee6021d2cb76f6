"""The console (`hivebrain chat`) takes every settings command Slack and Discord take.

Slack types ``/hivebrain settings ...``; Discord's ``/settings`` slash command fills in a
subset of the same settings (channels, approvers, ``me``). The console types
``/settings ...`` with its own way of writing a channel (``#C9``) and a person (``@U2``),
and must accept every word Slack does, change the same settings and answer with the same
reply or refusal. Each case runs on the real Slack adapter (its fake Web API records the
private reply) and on the console, on twin tenants, and the two replies are compared.
"""

from __future__ import annotations

import io
import re
import uuid
from typing import Any

import pytest
from rich.console import Console

from agents import run_turn
from bots.console import ConsoleChat
from bots.core import CHANNEL_SETTINGS, NUMBER_SETTINGS, VALUE_SETTINGS, BotCore
from brain import Brain
from tests.fakes import FakeSlackAPI
from tests.slack_rig import FACTS, rig

#: (what Slack's user types after ``/hivebrain settings``, what the console's user types
#: after ``/settings``): every setting word, in order, so each case also sees the earlier ones.
CASES: list[tuple[str, str]] = [
    ("", ""),
    *[(f"{word} <#C9|weekly>", f"{word} #C9") for word in CHANNEL_SETTINGS],
    ("triage off", "triage off"),
    ("approvers add <@U2|bea>", "approvers add @U2"),
    ("approvers add <@U3> <@U4>", "approvers add @U3 @U4"),
    ("approvers remove <@U4>", "approvers remove @U4"),
    ("me Dana Reyes", "me Dana Reyes"),
    ("me nobody@acme.example", "me nobody@acme.example"),
    ("timezone Europe/London", "timezone Europe/London"),
    ("tz Asia/Kolkata", "tz Asia/Kolkata"),
    ("schedule hygiene 0 7 * * mon", "schedule hygiene 0 7 * * mon"),
    ("schedule business_digest off", "schedule business_digest off"),
    *[(f"{word} 90", f"{word} 90") for word in NUMBER_SETTINGS],
    (
        "minutes_email team@acme.example ops@acme.example",
        "minutes_email team@acme.example ops@acme.example",
    ),
    *[
        (f"{word} {example}", f"{word} {example}")
        for word, (_, _, example) in VALUE_SETTINGS.items()
    ],
    ("repos off", "repos off"),
    ("", ""),
]
#: Refusals, each with what was wrong and the right form in the platform's own words.
BAD: list[tuple[str, str]] = [
    ("digest", "digest"),
    ("digest nowhere", "digest nowhere"),
    ("triage <#C1> <#C2>", "triage #C1 #C2"),
    ("approvers", "approvers"),
    ("approvers invite <@U2>", "approvers invite @U2"),
    ("approvers add dana", "approvers add dana"),
    ("timezone Mars/Olympus", "timezone Mars/Olympus"),
    ("schedule hygiene whenever", "schedule hygiene whenever"),
    ("schedule nojob 0 7 * * *", "schedule nojob 0 7 * * *"),
    ("rollup_days soon", "rollup_days soon"),
    ("minutes_email nobody", "minutes_email nobody"),
    ("repos acme/web;drop", "repos acme/web;drop"),
    ("me", "me"),
    ("colour red", "colour red"),
]


class Console2:
    """A console chat whose output is kept, typed at by one user."""

    def __init__(self, core: BotCore, slug: str, user: str) -> None:
        self.out = io.StringIO()
        self.chat = ConsoleChat(core, slug, console=Console(file=self.out, width=400))
        self.chat.user = user

    async def say(self, line: str) -> str:
        start = self.out.tell()
        await self.chat.handle(line)
        return self.out.getvalue()[start:].strip()


_SETTING = re.compile(r", (?=[A-Za-z_]+ = )")


def same_words(text: str, slug: str, platform: str) -> str:
    """A reply with what differs by platform and tenant written alike (the settings a reply
    lists are sorted by key, and each platform's team channel has its own key)."""
    text = (
        " ".join(text.split())  # the terminal wraps a long line
        .replace(slug, "SLUG")
        .replace("/hivebrain settings", "/settings")
        .replace(f"{platform}_team_channel", "PLATFORM_team_channel")
        .replace(f"{platform}:", "PLATFORM:")
    )
    lead, sep, listed = text.partition("Settings for `SLUG`: ")
    return lead + sep + ", ".join(sorted(_SETTING.split(listed))) if sep else text


async def twins(brain: Brain, fake: FakeSlackAPI) -> tuple[Any, Console2, str]:
    """A Slack workspace and a console tenant holding the same facts, each with U1 as its
    one approver."""
    assert brain.registry is not None
    slack = await rig(brain, fake, approvers=["slack:U1"])
    slug = f"con-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    await brain.registry.update_settings(slug, {"approvers": ["console:U1"]})
    stamped = [{k: {**v, "src": "test", "asOf": "2026-11-01"} for k, v in f.items()} for f in FACTS]
    report = await (await brain.tenant(slug)).write_facts(list(enumerate(stamped, 1)))
    assert report.refused == 0, report.refusals
    console = Console2(slack.core, slug, "U1")
    return slack, console, slug


async def slack_says(slack: Any, fake: FakeSlackAPI, text: str, user: str = "U1") -> str:
    before = len(fake.ephemerals)
    await slack.command(f"settings {text}".strip(), user=user)
    [note] = fake.ephemerals[before:]
    return str(note["text"])


async def test_every_settings_command_slack_takes_the_console_takes(quiet_brain: Brain) -> None:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as fake:
        slack, console, slug = await twins(quiet_brain, fake)
        assert slack.graph is not None
        for slack_text, console_text in CASES:
            slack_reply = await slack_says(slack, fake, slack_text)
            console_reply = await console.say(f"/settings {console_text}".strip())
            assert "unknown command" not in console_reply
            assert same_words(console_reply, slug, "console") == same_words(
                slack_reply, slack.graph.slug, "slack"
            ), (slack_text, console_text)
    assert quiet_brain.registry is not None
    settings = (await quiet_brain.registry.get(slug)).settings
    assert settings["approvers"] == ["console:U1", "console:U2", "console:U3"]
    assert settings["digest_channel"] == "C9" and settings["console_team_channel"] == "C9"
    assert "triage_channel" not in settings and "github_repos" not in settings
    assert settings["timezone"] == "Asia/Kolkata" and settings["schedule_hygiene"] == "0 7 * * mon"
    assert all(settings[word] == "90" for word in NUMBER_SETTINGS)


@pytest.mark.parametrize(("slack_text", "console_text"), BAD)
async def test_the_console_refuses_what_slack_refuses_in_the_same_words(
    quiet_brain: Brain, slack_text: str, console_text: str
) -> None:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as fake:
        slack, console, slug = await twins(quiet_brain, fake)
        assert slack.graph is not None
        slack_reply = await slack_says(slack, fake, slack_text)
        console_reply = await console.say(f"/settings {console_text}")
    assert "`/settings" in console_reply  # the example is in the console's own words
    assert same_words(console_reply, slug, "console") == same_words(
        slack_reply, slack.graph.slug, "slack"
    )
    assert quiet_brain.registry is not None
    assert (await quiet_brain.registry.get(slug)).settings == {"approvers": ["console:U1"]}


async def test_only_approvers_change_settings_on_the_console_too(quiet_brain: Brain) -> None:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as fake:
        slack, console, slug = await twins(quiet_brain, fake)
        stranger = Console2(slack.core, slug, "U9")
        refusals = [
            await stranger.say(f"/settings {text}".strip())
            for text in ("digest #C9", "", "approvers add @U9")
        ]
        # anyone may say who they are; the approver then sees the settings unchanged
        noted = await stranger.say("/settings me Dana Reyes")
        shown = await console.say("/settings")
    refused = "Only this workspace's approvers can change"
    assert refusals == [
        f"{refused} its settings.",
        f"{refused} its settings.",
        f"{refused} who approves.",
    ]
    assert noted.startswith("Noted: here you are Dana Reyes")
    assert shown == f"Settings for `{slug}`: approvers = ['console:U1']"


async def test_here_names_the_console_itself(quiet_brain: Brain) -> None:
    async with FakeSlackAPI(team_id=f"T{uuid.uuid4().hex[:8].upper()}") as fake:
        slack, console, slug = await twins(quiet_brain, fake)
        said = await console.say("/settings digest here")
    assert "digest_channel = console:console" in said
    assert quiet_brain.registry is not None
    assert (await quiet_brain.registry.get(slug)).settings["digest_channel"] == "console:console"


async def test_help_lists_every_settings_command(quiet_brain: Brain) -> None:
    console = Console2(BotCore(quiet_brain, answer=run_turn), "any-tenant", "U1")
    shown = await console.say("/help")
    for word in (*CHANNEL_SETTINGS, *VALUE_SETTINGS):
        assert f"/settings {word}" in shown, word
    assert all(f" {word} " in shown for word in NUMBER_SETTINGS)  # listed after rollup_days
    for words in ("/settings approvers add|remove @person", "/settings me", "/settings timezone"):
        assert words in shown
