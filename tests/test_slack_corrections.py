"""Correcting a fact from Slack, end to end: the real Bolt app and slack_sdk against the
local fake Slack, on a real FalkorDB tenant (the plumbing firm of ``tests/data/surfaces``).

A 👎 with "a fact is wrong" lists, privately, the facts the answer read with Wrong /
Outdated buttons; a click opens the form; its submission closes exactly one fact (kept,
closed), opens the right one with the corrector as its source, answers the question
again with the new value, and tells the person the old fact was about. Bad input (an
empty form, a malformed date, a non-member's click, a stale button) is told privately
and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from slack_bolt.response import BoltResponse

from brain import Brain
from brain.reads import ReadFact, fact_edges
from tests import test_slack_assistant as assistant
from tests.fakes import FakeSlackAPI
from tests.slack_rig import Rig
from tests.test_slack_assistant import (
    OWNER_QUESTION,
    ask_in_thread,
    click,
    feedback_values,
    plumbing_rig,
    private_notes,
    sources,
    submit_reason,
    vote,
)

# the fixtures of the assistant tests, shared
brain, fake = assistant.brain, assistant.fake

OWNS = ReadFact("person-tomasz", "OWNS", "incident-parts-delays", "2026-11-25")
INES_OWNS = ReadFact("person-ines", "OWNS", "incident-parts-delays", "")


def fix_buttons(api: FakeSlackAPI, user: str = "U1") -> dict[str, dict[str, Any]]:
    """The last private fact list's buttons, by "<mode> <fact text>"."""
    [listed] = [e for e in api.ephemerals if e.get("user") == user and e.get("blocks")][-1:]
    blocks = listed["blocks"]
    if isinstance(blocks, str):
        blocks = json.loads(blocks)
    out: dict[str, dict[str, Any]] = {}
    text = ""
    for block in blocks:
        if block["type"] == "section":
            text = block["text"]["text"]
        elif block["type"] == "actions":
            for button in block["elements"]:
                out[f"{button['value'].split(':')[0]} {text}"] = button
    return out


async def submit_fix(
    r: Rig,
    view: dict[str, Any],
    value: str = "",
    day: str = "",
    *,
    user: str = "U1",
    user_team: str | None = None,
) -> BoltResponse:
    state = {
        "values": {
            "hb-fix-value": {"value": {"type": "plain_text_input", "value": value or None}},
            "hb-fix-day": {"day": {"type": "plain_text_input", "value": day or None}},
        }
    }
    payload: dict[str, Any] = {
        "type": "view_submission",
        "team": {"id": r.team, "domain": "acme"},
        "user": {"id": user, "username": user.lower(), "team_id": user_team or r.team},
        "api_app_id": "A0FAKE",
        "token": "legacy",
        "trigger_id": "trig-submit",
        "view": {**view, "state": state},
        "response_urls": [],
    }
    body = urlencode({"payload": json.dumps(payload)})
    return await r.send(body, content_type="application/x-www-form-urlencoded")


async def open_fix_list(r: Rig) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Ask who owns the incident, 👎 it as "a fact is wrong"; the answer and the list."""
    _, answer = await ask_in_thread(r, OWNER_QUESTION)
    _, down = feedback_values(answer)
    await click(r, answer, vote(down))
    reason = r.fake.views[-1]
    await submit_reason(r, reason, "wrong_fact")
    return answer, fix_buttons(r.fake)


def fix_action(button: dict[str, Any]) -> dict[str, Any]:
    return {"type": "button", "block_id": "hb-fix-buttons-x", **button}


async def test_a_wrong_fact_is_corrected_from_the_form_and_the_question_answered_again(
    brain: Brain,
    fake: FakeSlackAPI,
) -> None:
    r = await plumbing_rig(brain, fake)
    assert r.graph is not None
    await r.core.identify("slack", r.team, "UTOMASZ", "Tomasz Wren")  # his Slack account
    answer, buttons = await open_fix_list(r)
    fact = "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
    assert f"wrong {fact}" in buttons and f"outdated {fact}" in buttons

    await click(r, answer, fix_action(buttons[f"wrong {fact}"]))
    form = fake.views[-1]
    assert form["callback_id"] == "answer:fix_fact"
    response = await submit_fix(r, form, value="Ines Calder")
    assert response.status == 200

    note = private_notes(fake)[-1]
    assert "Corrected" in note and f"closed: {fact}" in note
    assert "opened: Ines Calder OWNS Boiler parts supplier missing deliveries" in note
    assert "Asked again" in note and "Ines Calder" in note.split("Asked again")[1]
    [old] = await fact_edges(r.graph, OWNS)
    assert old.until is not None and old.src == "ops:board"  # closed, never deleted
    [new] = await fact_edges(r.graph, INES_OWNS)
    assert (new.until, new.src) == (None, "slack:U1")
    # the person the old fact was about is told, directly
    told = [m for (c, _), m in fake.messages.items() if c == "UTOMASZ"]
    assert told and "corrected a fact you are part of" in told[-1]["text"]

    # the same form again: the fact is no longer current, nothing changes
    await submit_fix(r, form, value="Ines Calder")
    assert "no longer current" in private_notes(fake)[-1]
    assert len(await fact_edges(r.graph, INES_OWNS)) == 1


async def test_an_outdated_fact_is_closed_on_the_day_given(
    brain: Brain,
    fake: FakeSlackAPI,
) -> None:
    r = await plumbing_rig(brain, fake)
    assert r.graph is not None
    answer, buttons = await open_fix_list(r)
    fact = "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
    await click(r, answer, fix_action(buttons[f"outdated {fact}"]))
    await submit_fix(r, fake.views[-1], day="2026-11-30")
    assert "ended 2026-11-30" in private_notes(fake)[-1]
    [old] = await fact_edges(r.graph, OWNS)
    assert old.until is not None and not old.is_open(old.until)


async def test_bad_input_is_told_privately_and_changes_nothing(
    brain: Brain,
    fake: FakeSlackAPI,
) -> None:
    r = await plumbing_rig(brain, fake)
    assert r.graph is not None
    answer, buttons = await open_fix_list(r)
    fact = "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
    button = buttons[f"wrong {fact}"]
    before = await fact_edges(r.graph, OWNS)

    await click(r, answer, fix_action(button), user="UGUEST", user_team="T0OTHERORG")
    assert "Only people in this workspace can correct" in private_notes(fake, "UGUEST")[-1]
    stale = {**button, "value": "wrong:0:turn-deleted00000"}
    await click(r, answer, fix_action(stale))
    assert "no longer in the brain" in private_notes(fake)[-1]
    await click(r, answer, fix_action({**button, "value": "sideways"}))
    assert "changed nothing" in private_notes(fake)[-1]

    await click(r, answer, fix_action(button))
    form = fake.views[-1]
    empty = await submit_fix(r, form)
    assert json.loads(empty.body)["response_action"] == "errors"
    await submit_fix(r, form, day="30/11/2026")
    assert "is not a date: write the day as YYYY-MM-DD" in private_notes(fake)[-1]
    await submit_fix(r, form, day="2999-01-01")
    assert "in the future" in private_notes(fake)[-1]
    await submit_fix(r, form, value="Boiler parts supplier missing deliveries")
    assert "but this fact needs a Person" in private_notes(fake)[-1]
    await submit_fix(r, form, value="Ines Calder", user="UGUEST", user_team="T0OTHERORG")
    assert "Only people in this workspace can correct" in private_notes(fake, "UGUEST")[-1]
    assert await fact_edges(r.graph, OWNS) == before


async def test_sources_offer_the_facts_to_correct_too(brain: Brain, fake: FakeSlackAPI) -> None:
    r = await plumbing_rig(brain, fake)
    _, answer = await ask_in_thread(r, OWNER_QUESTION)
    up, _ = feedback_values(answer)
    await click(r, answer, sources(up.removeprefix("up:")))
    fact = "Tomasz Wren OWNS Boiler parts supplier missing deliveries"
    assert f"wrong {fact}" in fix_buttons(fake)
    # a guest's Sources click is refused once, with no list of facts to correct
    before = len(fake.ephemerals)
    await click(r, answer, sources(up.removeprefix("up:")), user="UGUEST", user_team="T0OTHER")
    assert [e.get("blocks") for e in fake.ephemerals[before:]] == [None]
