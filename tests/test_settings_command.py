"""The settings command every platform shares: parsing typed text into one change.

Slack's mention syntax is the adapter's own (``SLACK_MENTIONS``); a second syntax shows
the parser holds for a platform that writes mentions differently.
"""

from __future__ import annotations

import re

import pytest

from bots.core import (
    CHANNEL_SETTINGS,
    MentionSyntax,
    SettingsChange,
    parse_settings,
    settings_change,
    settings_help,
)
from bots.slack import SLACK_MENTIONS
from brain import InputInvalid

#: Mentions as Discord writes them in message text: <#123> and <@123> / <@!123>.
NUMERIC_MENTIONS = MentionSyntax(
    channel=re.compile(r"^<#(\d+)>$"), user=re.compile(r"^<@!?(\d+)>$")
)

GOOD: list[tuple[str, SettingsChange]] = [
    ("", SettingsChange()),
    ("   ", SettingsChange()),
    ("digest <#C9|weekly>", SettingsChange(channels={"digest_channel": "C9"})),
    ("DIGEST <#C9>", SettingsChange(channels={"digest_channel": "C9"})),
    ("triage off", SettingsChange(channels={"triage_channel": None})),
    ("triage None", SettingsChange(channels={"triage_channel": None})),
    ("digest here", SettingsChange(channels={"digest_channel": "CHERE"})),
    ("approvers add <@U2|bea>", SettingsChange(add_approvers=("U2",))),
    ("approvers add <@U2> <@W3>", SettingsChange(add_approvers=("U2", "W3"))),
    ("approvers Remove <@U1>", SettingsChange(remove_approvers=("U1",))),
    ("team <#C7|ops>", SettingsChange(channels={"team_channel": "C7"})),
    ("composio fernside-ops", SettingsChange(values={"composio_user_id": "fernside-ops"})),
    ("tools gmail,linkedin", SettingsChange(values={"composio_toolkits": "gmail,linkedin"})),
    ("tools gmail, linkedin", SettingsChange(values={"composio_toolkits": "gmail,linkedin"})),
    ("repos off", SettingsChange(values={"github_repos": None})),
    (
        "scope <#C9|eng> sources=github,meetings",
        SettingsChange(scopes={"C9": frozenset({"github", "meetings"})}),
    ),
    ("scope here GitHub", SettingsChange(scopes={"CHERE": frozenset({"github"})})),
    ("scope <#C9> off", SettingsChange(scopes={"C9": None})),
    ("freshness Task 30", SettingsChange(freshness={"Task": 30})),
    ("freshness owns off", SettingsChange(freshness={"OWNS": None})),
    ("freshness all 180", SettingsChange(freshness={"all": 180})),
    ("freshness off", SettingsChange(freshness={"": None})),
]


@pytest.mark.parametrize(("text", "change"), GOOD)
def test_good_settings_text_parses(text: str, change: SettingsChange) -> None:
    assert parse_settings(text, syntax=SLACK_MENTIONS, here="CHERE") == change


#: Bad input: each must say what was wrong and show the right form.
BAD: list[tuple[str, str]] = [
    ("digest #nowhere", "Name the channel with #"),
    ("digest", "Name one channel"),
    ("triage <#C1> <#C2>", "Name one channel"),
    ("approvers", "add or remove"),
    ("approvers invite <@U2>", "add or remove"),
    ("approvers add", "add or remove"),
    ("approvers add @dana", "Mention each person with @"),
    ("approvers add <@U2> dana", "Mention each person with @"),
    ("composio", "Composio user id"),
    ("repos acme/web;drop", "repositories cards may change"),
    ("scope <#C9> sources=gitlab", "no kind of source"),
    ("scope <#C9>", "Name a channel and what its answers may read"),
    ("scope off github", "Name a channel and what its answers may read"),
    ("scope #eng github", "Name the channel with #"),
    ("freshness Turn 30", "no type of fact"),
    ("freshness Task 0", "whole days"),
    ("freshness Task", "Name a type and a number of days"),
]


@pytest.mark.parametrize(("text", "says"), BAD)
def test_bad_settings_text_says_what_to_type(text: str, says: str) -> None:
    with pytest.raises(InputInvalid) as caught:
        parse_settings(text, syntax=SLACK_MENTIONS, here="CHERE", prefix="/x settings")
    reply = caught.value.user_message
    assert says in reply
    assert "`/x settings" in reply  # an example in the platform's own words
    assert "\n" not in reply


def test_unknown_setting_lists_the_known_ones() -> None:
    with pytest.raises(InputInvalid) as caught:
        parse_settings("colour red", syntax=SLACK_MENTIONS, here="C1")
    for word in (*CHANNEL_SETTINGS, "approvers"):
        assert word in caught.value.user_message


def test_another_platforms_mentions() -> None:
    parse = lambda text: parse_settings(text, syntax=NUMERIC_MENTIONS, here="7")  # noqa: E731
    assert parse("digest <#123>") == SettingsChange(channels={"digest_channel": "123"})
    assert parse("approvers add <@!42> <@43>") == SettingsChange(add_approvers=("42", "43"))
    with pytest.raises(InputInvalid):
        parse("digest <#C9|weekly>")  # Slack's syntax is not this platform's


def test_structured_options_make_the_same_change() -> None:
    assert settings_change(channels={"digest": "5"}, add=["9"]) == SettingsChange(
        channels={"digest_channel": "5"}, add_approvers=("9",)
    )
    assert settings_change() == SettingsChange()
    assert not settings_change().changes_approvers
    with pytest.raises(InputInvalid, match="colour"):
        settings_change(channels={"colour": "5"})
    # Discord's scope and freshness options say what chat text says
    assert settings_change(scope=("5", "github,records"), freshness="Task 30") == SettingsChange(
        scopes={"5": frozenset({"github", "records"})}, freshness={"Task": 30}
    )
    with pytest.raises(InputInvalid, match="no kind of source"):
        settings_change(scope=("5", "gossip"))


def test_help_names_every_setting_in_the_platforms_words() -> None:
    text = settings_help("/hivebrain settings")
    for word in CHANNEL_SETTINGS:
        assert f"`/hivebrain settings {word} #channel`" in text
    assert "`/hivebrain settings approvers add|remove @person`" in text


def test_a_time_zone_is_a_setting_checked_as_it_is_typed() -> None:
    syntax = SLACK_MENTIONS
    change = parse_settings("timezone Asia/Kolkata", syntax=syntax, here="C1")
    assert change.values == {"timezone": "Asia/Kolkata"} and not change.channels
    with pytest.raises(InputInvalid, match="IANA"):
        parse_settings("timezone Mars/Olympus", syntax=syntax, here="C1")
    with pytest.raises(InputInvalid, match="one time zone"):
        parse_settings("timezone", syntax=syntax, here="C1")
