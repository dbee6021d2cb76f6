"""A cause takes effect when its own words say, on a real FalkorDB.

A plant nursery decided on 20 August to "run the autumn bulb dispatch from 14 September
to 31 October"; the decision is linked to the orders metric from the day it was made.
"Why are we shipping so many more since mid sept" must read from mid September to
today and name the decision, which took effect on 14 September, not on 20 August.
"""

from __future__ import annotations

from datetime import date, timedelta

from agents import TurnOptions, run_turn
from brain import TenantGraph

START = date(2026, 8, 1)
JUMP = date(2026, 9, 14)
TODAY = date(2026, 10, 20)


def _facts() -> list[dict[str, object]]:
    stamp = {"src": "t", "asOf": "2026-10-19"}
    facts: list[dict[str, object]] = [
        {"node": {"type": "Metric", "id": "m-parcels", "name": "Parcels dispatched",
                  "aggregation": "sum", "unit": "parcels", **stamp}},
        {"node": {"type": "Decision", "id": "d-bulbs", "src": "t", "asOf": "2026-08-20",
                  "name": "Run the autumn bulb dispatch from 14 September to 31 October"}},
        {"edge": {"from": "d-bulbs", "type": "AFFECTS", "to": "m-parcels",
                  "since": "2026-08-20", "src": "t", "asOf": "2026-08-20"}},
    ]  # fmt: skip
    day = START
    while day < TODAY:
        value = 40.0 + (day.day % 3) if day < JUMP else 110.0 + (day.day % 5)
        nid = f"o-{day.isoformat()}"
        nxt = day + timedelta(days=1)
        facts.append({"node": {"type": "Observation", "id": nid, "name": f"Parcels {day}",
                               "value": value, "start": f"{day}T00:00:00+00:00",
                               "end": f"{nxt}T00:00:00+00:00", **stamp}})  # fmt: skip
        facts.append({"edge": {"from": nid, "type": "MEASURES", "to": "m-parcels",
                               "since": day.isoformat(), **stamp}})  # fmt: skip
        day = nxt
    return facts


async def test_a_cause_takes_effect_on_the_day_its_words_give(new_tenant: TenantGraph) -> None:
    assert (await new_tenant.write_facts(list(enumerate(_facts(), 1)))).refused == 0
    asked = "why are we dispatching so many more parcels since mid sept"
    result = await run_turn(
        new_tenant, asked, TurnOptions(as_of=f"{TODAY}T09:00:00+00:00", save=False)
    )
    assert "11 September" in result.answer, result.answer  # since mid September, to today
    assert "[[d-bulbs]]" in result.answer and "from 14 September 2026" in result.answer, (
        result.answer
    )
