"""Correcting a fact from Discord, offline (dpytest): the real discord.py client on a real
FalkorDB tenant. A 👎 with "a fact is wrong" offers, privately, the answer's facts with
Wrong / Outdated buttons; a click opens the correction modal; its submission closes the
old fact, opens the right one with the corrector as source and answers again. A stale
button and a malformed date are told privately and change nothing.
"""

from __future__ import annotations

from typing import Any

from brain import TenantGraph
from brain.reads import ReadFact, fact_edges
from tests import test_discord_answers as answers
from tests.discord_rig import Harness, Json, RecordingWebhookAdapter, interaction_payload
from tests.test_discord_answers import asked, button_click, deliver, modal_submit, notes

# the fixtures of the answer-button tests, shared
brain, tenant, core = answers.brain, answers.tenant, answers.core
webhook, discord_bot = answers.webhook, answers.discord_bot

PRIYA_OWNS = ReadFact("person-priya", "OWNS", "task-ig", "2026-10-05")
DANA_OWNS = ReadFact("person-dana", "OWNS", "task-ig", "")
DANA: dict[str, Any] = {
    "node": {"type": "Person", "id": "person-dana", "name": "Dana Lee", "src": "t",
             "asOf": "2026-09-01"}
}  # fmt: skip


def fix_submit(h: Harness, custom_id: str, value: str = "", day: str = "") -> Json:
    data = {
        "custom_id": custom_id,
        "components": [
            {"type": 18, "id": 1,
             "component": {"type": 4, "id": 2, "custom_id": "hb:fixm:value", "value": value}},
            {"type": 18, "id": 3,
             "component": {"type": 4, "id": 4, "custom_id": "hb:fixm:day", "value": day}},
        ],
    }  # fmt: skip
    return interaction_payload(h, h.member, 5, data)


async def fix_buttons(h: Harness, hook: RecordingWebhookAdapter) -> list[str]:
    """Ask, 👎 with "a fact is wrong"; the custom ids of the facts offered to correct."""
    turn, _ = await asked(h, hook)
    await deliver(h, button_click(h, f"hb:fb:down:{turn}"))
    [modal] = [r for r in hook.responses() if r["type"] == 9]
    await deliver(h, modal_submit(h, modal["data"]["custom_id"], "wrong_fact"))
    [offer] = [f for f in hook.followups() if f.get("components")][-1:]
    return [b["custom_id"] for row in offer["components"] for b in row["components"]]


async def test_a_wrong_owner_is_corrected_from_the_modal(
    discord_bot: Harness,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    assert not (await tenant.write_facts([(1, DANA)])).refusals
    ids = await fix_buttons(h, webhook)
    [wrong] = [i for i in ids if i.startswith("hb:fix:wrong:")]
    assert any(i.startswith("hb:fix:outdated:") for i in ids)

    await deliver(h, button_click(h, wrong))
    [form] = [r for r in webhook.responses() if r["type"] == 9][-1:]
    assert form["data"]["custom_id"].startswith("hb:fixm:")
    await deliver(h, fix_submit(h, form["data"]["custom_id"], value="Dana Lee"))

    said = notes(webhook)[-1]
    assert "Corrected" in said and "opened: Dana Lee OWNS" in said
    assert "Dana Lee" in said.split("Asked again")[1]
    [old] = await fact_edges(tenant, PRIYA_OWNS)
    assert old.until is not None and old.src == "t"
    [new] = await fact_edges(tenant, DANA_OWNS)
    assert new.until is None and new.src == f"discord:{h.member.id}"


async def test_a_malformed_date_and_a_stale_button_change_nothing(
    discord_bot: Harness,
    tenant: TenantGraph,
    webhook: RecordingWebhookAdapter,
) -> None:
    h = discord_bot
    ids = await fix_buttons(h, webhook)
    [outdated] = [i for i in ids if i.startswith("hb:fix:outdated:")]
    before = await fact_edges(tenant, PRIYA_OWNS)

    await deliver(h, button_click(h, outdated))
    [form] = [r for r in webhook.responses() if r["type"] == 9][-1:]
    await deliver(h, fix_submit(h, form["data"]["custom_id"], day="2026-13-45"))
    assert "not a calendar date" in notes(webhook)[-1]
    assert not [n for n in notes(webhook) if "no longer in the brain" in n]
    await deliver(h, button_click(h, "hb:fix:wrong:0:turn-deleted00000"))
    # answered at once (notes lists the direct answers before the follow-ups)
    assert [n for n in notes(webhook) if "no longer in the brain" in n]
    assert await fact_edges(tenant, PRIYA_OWNS) == before
