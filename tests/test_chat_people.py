"""Meetings dropped into chat, and who "my" means: through the bot core, on Slack and Discord.

A veterinary clinic's team: an uploaded caption file becomes a meeting with its speakers
resolved to the clinic's people and its decisions and action items extracted, as `ingest
meeting` does; then "what are my open action items?" lists the asker's own items, known
by the profile's e-mail (Slack), the display name (Discord), or `settings me`.
"""

from __future__ import annotations

import re
import uuid

import pytest

from agents import run_turn
from bots.core import (
    Attachment,
    BotCore,
    InboundMessage,
    MentionSyntax,
    apply_settings,
    parse_settings,
    settings_change,
)
from brain import Brain, InputInvalid, TenantGraph

CAPTIONS = b"""WEBVTT

1
00:00:01.000 --> 00:00:05.000
<v Ines Duarte>The vaccine fridge alarm went off twice this week.

2
00:00:05.500 --> 00:00:10.000
<v Kofi>We agreed to move the rabies stock to the backup fridge.

3
00:00:10.500 --> 00:00:15.000
<v Ines Duarte>Action item: Kofi to call the fridge engineer by Friday.

4
00:00:15.500 --> 00:00:20.000
<v Ana Lima>I'll update the cold chain log by tomorrow.
"""
STAFF = [
    ("person-ines", "Ines Duarte", "ines@vetclinic.example"),
    ("person-kofi", "Kofi Mensah", "kofi@vetclinic.example"),
    ("person-ana", "Ana Lima", "ana@vetclinic.example"),
]
SLACK = MentionSyntax(channel=re.compile(r"<#(\w+)"), user=re.compile(r"<@(\w+)>"))

READ_UPLOADED = """
MATCH (m:Meeting)-[:HAS_CHUNK]->(c:Chunk)-[:SAID_BY]->(p:Person)
WHERE m.id STARTS WITH 'meeting-fridge-check-'
RETURN c.line, p.id
ORDER BY c.line
LIMIT 10
"""
READ_WORK = """
MATCH (t:Task)-[:EVIDENCED_BY]->(c:Chunk), (p:Person)-[:OWNS]->(t)
RETURN t.name, c.line, p.id
ORDER BY c.line
LIMIT 10
"""
READ_DECISIONS = """
MATCH (d:Decision)-[:DECIDED_IN]->(m:Meeting)
WHERE m.id STARTS WITH 'meeting-fridge-check-'
RETURN d.name
LIMIT 10
"""


def message(platform: str, workspace: str, user: str, text: str, **extra: object) -> InboundMessage:
    return InboundMessage.model_validate(
        {
            "platform": platform,
            "workspace_id": workspace,
            "channel_id": "C1",
            "thread_id": None,
            "user_id": user,
            "text": text,
            "message_id": uuid.uuid4().hex,
            **extra,
        }
    )


@pytest.fixture
async def clinic(quiet_brain: Brain) -> tuple[BotCore, TenantGraph, str, str]:
    slug = f"vet-{uuid.uuid4().hex[:6]}"
    team, guild = f"T{uuid.uuid4().hex[:8]}", str(uuid.uuid4().int % 10**12)
    await quiet_brain.create_tenant(slug)
    assert quiet_brain.registry is not None
    await quiet_brain.registry.bind(slug, "slack", team)
    await quiet_brain.registry.bind(slug, "discord", guild)
    graph = await quiet_brain.tenant(slug)
    people = [
        {
            "node": {
                "type": "Person",
                "id": i,
                "name": n,
                "email": e,
                "src": "hr",
                "asOf": "2026-01-05",
            }
        }
        for i, n, e in STAFF
    ]
    await graph.write_facts(list(enumerate(people, 1)))
    core = BotCore(quiet_brain, answer=run_turn)

    async def fetch(url: str) -> bytes:
        assert url == "https://files.example/fridge-check.vtt"
        return CAPTIONS

    upload = message(
        "slack",
        team,
        "U-INES",
        "",
        attachments=[
            Attachment(
                name="fridge-check.vtt",
                url="https://files.example/fridge-check.vtt",
                size=len(CAPTIONS),
                content_type="text/vtt",
            )
        ],
    )
    reply = await core.handle_message(upload, fetch=fetch)
    assert reply is not None
    # an upload's meeting is named by the file and keyed by where it came from (its address)
    assert re.search(
        r"fridge-check\.vtt \(meeting meeting-fridge-check-[0-9a-f]{10}, 4 lines;", reply.answer
    ), reply.answer
    assert "kept 1 decision(s) and 2 action item(s)" in reply.answer, reply.answer
    return core, graph, team, guild


async def test_an_uploaded_meeting_is_loaded_like_ingest_meeting(
    clinic: tuple[BotCore, TenantGraph, str, str],
) -> None:
    _, graph, _, _ = clinic
    said = (await graph.read("lines", READ_UPLOADED, {})).rows
    # "Kofi" is Kofi Mensah, the only Kofi: the clinic's own people, no new Person
    assert said == [[0, "person-ines"], [1, "person-kofi"], [2, "person-ines"], [3, "person-ana"]]
    work = (await graph.read("work", READ_WORK, {})).rows
    assert work == [
        ["Call the fridge engineer", 2, "person-kofi"],
        ["Update the cold chain log", 3, "person-ana"],
    ]
    decisions = (await graph.read("decisions", READ_DECISIONS, {})).rows
    assert decisions == [["Move the rabies stock to the backup fridge"]]


async def test_my_action_items_by_slack_email_and_discord_name(
    clinic: tuple[BotCore, TenantGraph, str, str],
) -> None:
    core, _, team, guild = clinic
    asked = "What are my open action items?"
    slack = await core.handle_message(
        message("slack", team, "U-ANA", asked, user_email="Ana@VetClinic.example")
    )
    assert slack is not None and slack.verified, slack
    assert "Your open action items from meetings (Ana Lima [[person-ana]])" in slack.answer
    assert "Update the cold chain log" in slack.answer
    assert "fridge engineer" not in slack.answer

    discord = await core.handle_message(
        message("discord", guild, "4242", asked, user_name="Kofi Mensah")
    )
    assert discord is not None and "Call the fridge engineer" in discord.answer, discord
    assert "cold chain" not in discord.answer and "(Kofi Mensah [[person-kofi]])" in discord.answer

    # nobody known: everyone's items, and how to say who you are
    unknown = await core.handle_message(message("slack", team, "U-NEW", asked, user_name="temp"))
    assert unknown is not None
    assert "so these are everyone's" in unknown.answer and "settings me" in unknown.answer
    assert "fridge engineer" in unknown.answer and "cold chain" in unknown.answer


async def test_settings_me_maps_the_chat_user_on_either_platform(
    clinic: tuple[BotCore, TenantGraph, str, str],
) -> None:
    core, graph, team, guild = clinic
    asked = "What are my open action items?"
    # Slack types the command; anyone may say who they are (no approver needed)
    change = parse_settings("me kofi mensah", syntax=SLACK, here="C1")
    said = await apply_settings(core, "slack", team, "U-TEMP", change)
    assert said.startswith("Noted: here you are Kofi Mensah [[person-kofi]]"), said
    mine = await core.handle_message(message("slack", team, "U-TEMP", asked))
    assert mine is not None and "Call the fridge engineer" in mine.answer
    assert "cold chain" not in mine.answer

    # a second claim moves the chat user to the other person: one chat user, one person
    change = parse_settings("me ana@vetclinic.example", syntax=SLACK, here="C1")
    await apply_settings(core, "slack", team, "U-TEMP", change)
    mine = await core.handle_message(message("slack", team, "U-TEMP", asked))
    assert mine is not None and "cold chain" in mine.answer and "fridge engineer" not in mine.answer
    held = await graph.read(
        "ids",
        "MATCH (p:Person) WHERE size(coalesce(p.chatIds, [])) > 0 RETURN p.id, p.chatIds LIMIT 5",
        {},
    )
    assert held.rows == [["person-ana", ["slack:U-TEMP"]]]

    # Discord fills in the slash command's option; the mapping is in the tenant graph
    said = await apply_settings(core, "discord", guild, "99", settings_change(me="Ines Duarte"))
    assert "Ines Duarte [[person-ines]]" in said
    mine = await core.handle_message(message("discord", guild, "99", asked, user_name="ines"))
    assert mine is not None and "no open action items for you (Ines Duarte)" in mine.answer

    # bad input: one line saying what to do
    nobody = await apply_settings(core, "discord", guild, "99", settings_change(me="Dr Nobody"))
    assert nobody.startswith("No one called 'Dr Nobody' is in the brain") and "\n" not in nobody
    with pytest.raises(InputInvalid, match="Say who you are in the brain"):
        parse_settings("me", syntax=SLACK, here="C1")
