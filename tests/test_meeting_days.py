"""A meeting asked for by the day it was held, on a real FalkorDB.

A bakery's weekly production meeting meets twice a week under one name; "what did we
agree on tuesday about X" and "thursday's production meeting" must read the meeting held
that day, and "what did we land on monday" (no meeting named) the one held on Monday.
"""

from __future__ import annotations

from datetime import date

from agents import TurnOptions, run_turn
from agents.desks import day_said
from brain import TenantGraph
from brain.ingest import load_meeting, parse_transcript

TUESDAY = """\
Ines Carvalho: Morning. First thing, the sourdough is proving too fast in the warm room.
Tom Baptiste: It's the new starter, it's far more lively than the old one.
Ines Carvalho: So do we cut the proof or cool the room?
Tom Baptiste: Cut the proof. Three hours, not four.
Ines Carvalho: Fine, three hours on the sourdough proof from tomorrow then. Agreed.
Tom Baptiste: Agreed. I'll change the sheet on the wall today.
"""

THURSDAY = """\
Ines Carvalho: Quick one. The sourdough, three hours is now too short, the crumb is tight.
Tom Baptiste: Yeah, the room's cooler since the door got fixed.
Ines Carvalho: Let's go with three and a half hours on the sourdough proof then.
Tom Baptiste: Okay, three and a half it is. I'll update the sheet.
"""

MONDAY = """\
Ines Carvalho: The rye order from Moinho Velho came in short again.
Tom Baptiste: Third time this month.
Ines Carvalho: Right, we're agreed: we move the rye order to Farinhas Lda from next week.
Tom Baptiste: Agreed, I'll ring Farinhas this afternoon.
"""


def test_the_day_said_is_the_latest_such_day() -> None:
    friday = date(2026, 11, 13)
    assert day_said("what did we agree on tuesday about rye", friday) == date(2026, 11, 10)
    assert day_said("thursday's production meeting", friday) == date(2026, 11, 12)
    assert day_said("what did we settle yesterday", friday) == date(2026, 11, 12)
    assert day_said("what did we agree on friday", friday) == friday
    assert day_said("what did we agree about the rye", friday) is None


async def test_a_meeting_is_read_by_the_day_it_was_held(new_tenant: TenantGraph) -> None:
    for text, held in ((MONDAY, "2026-11-09"), (TUESDAY, "2026-11-10"), (THURSDAY, "2026-11-12")):
        loaded = await load_meeting(
            new_tenant,
            parse_transcript("production.txt", text),
            name=f"Production meeting {held}",
            title="Production meeting",
            src=f"file:production-{held}.txt",
            as_of=held,
        )
        assert loaded.report.refused == 0, loaded.report.refusals
    friday = TurnOptions(as_of="2026-11-13T09:00:00+00:00", save=False)

    asked = "what did we agree on tuesday about the sourdough proof?"
    tuesday = await run_turn(new_tenant, asked, friday)
    assert "10 November 2026" in tuesday.answer and "Three hours" in tuesday.answer, tuesday.answer
    assert "three and a half" not in tuesday.answer.lower(), tuesday.answer

    asked = "what did we settle in thursday's production meeting about the sourdough?"
    thursday = await run_turn(new_tenant, asked, friday)
    assert "12 November 2026" in thursday.answer, thursday.answer
    assert "three and a half" in thursday.answer.lower(), thursday.answer

    monday = await run_turn(new_tenant, "what did we land on monday about the rye?", friday)
    assert "9 November 2026" in monday.answer and "Farinhas" in monday.answer, monday.answer


KITCHEN = """\
Ines Carvalho: Right, let's start. First thing, the fryer.
Tom Baptiste: It's smoking by two o'clock every day now, the oil breaks down too fast.
Ines Carvalho: What would hold up better?
Tom Baptiste: High-oleic rapeseed lasts about twice as long for about the same money.
Ines Carvalho: Okay, we switch to high-oleic rapeseed from Monday's delivery then.
Tom Baptiste: Agreed. I'll tell the supplier today.
Ines Carvalho: Next, the weekend rota.
Tom Baptiste: I can't do Sunday the twenty-second.
Ines Carvalho: Fine, Ama covers that Sunday then.
Tom Baptiste: Yep, agreed.
"""


async def test_what_a_matter_settled_is_about_it_in_whatever_words(
    new_tenant: TenantGraph,
) -> None:
    loaded = await load_meeting(
        new_tenant,
        parse_transcript("kitchen.txt", KITCHEN),
        name="Kitchen meeting 2026-11-10",
        title="Kitchen meeting",
        src="file:kitchen.txt",
        as_of="2026-11-10",
    )
    assert loaded.report.refused == 0
    at = TurnOptions(as_of="2026-11-13T09:00:00+00:00", save=False)
    asked = "what did we agree about the fryer at the kitchen meeting"
    fryer = await run_turn(new_tenant, asked, at)
    assert "Decided:" in fryer.answer and "rapeseed" in fryer.answer, fryer.answer
    assert "Ama" not in fryer.answer.split("\n- ")[1], fryer.answer  # the rota is not the fryer
    rota = await run_turn(new_tenant, "what did we agree about the rota at the kitchen meeting", at)
    decided = [x for x in rota.answer.split("\n") if x.startswith("- Decided:")]
    assert decided and all("rapeseed" not in x for x in decided), rota.answer
