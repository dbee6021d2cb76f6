"""Copper Pot Kitchens: a two-site restaurant group in Leeds (Riverside and Old Town).

The story: both sites take bookings through TableBook and payments through Tillpoint tills,
and buy from local suppliers. On 5 October the owner moved meat and fish ordering from
each head chef to the group executive chef, which brought food cost down at both sites.
On 17 October TableBook's online bookings went down for a Saturday evening. On the night
of 9 November the Riverside walk-in's compressor failed: £3,100 of stock went in the bin,
Riverside ran a reduced menu until the repair on 13 November, covers fell and food cost
spiked; the group then decided to fit temperature alarms. The winter menu costing moved
from Chloe Dawson to Marco Bellini on 12 October; the Old Town hood clean moved from Liam
O'Brien to Sam Whitaker on 3 November.

"Today" is Monday 30 November 2026; daily readings run from 1 September to 29 November.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from build import (
    HERE,
    Book,
    Business,
    Question,
    impact_question,
    metric_question,
    owner_question,
    related_question,
)

SLUG = "copper-pot-kitchens"
TODAY = date(2026, 11, 30)
FIRST, LAST = date(2026, 9, 1), date(2026, 11, 29)
SEED = 907
CENTRAL = date(2026, 10, 5)
FRIDGE_DAYS = tuple(date(2026, 11, 10) + timedelta(days=i) for i in range(4))
BOOKINGS_DOWN = date(2026, 10, 17)

# fmt: off
PEOPLE = (
    ("person-nadia-hussain", "Nadia Hussain", "Owner and managing director", None),
    ("person-marco-bellini", "Marco Bellini", "Group executive chef", None),
    ("person-chloe-dawson", "Chloe Dawson", "Head chef, Riverside", "team-riverside-kitchen"),
    ("person-sam-whitaker", "Sam Whitaker", "Head chef, Old Town", "team-oldtown-kitchen"),
    ("person-priti-shah", "Priti Shah", "General manager, Riverside", "team-front-of-house"),
    ("person-liam-obrien", "Liam O'Brien", "General manager, Old Town", "team-front-of-house"),
    ("person-joe-harris", "Joe Harris", "Bookkeeper", None),
)
VENDORS = (
    ("vendor-dales-butchery", "Dales Butchery", "meat: beef, lamb, pork and game"),
    ("vendor-greenhill-produce", "Greenhill Produce", "fruit, vegetables and herbs"),
    ("vendor-north-sea-catch", "North Sea Catch", "fish and shellfish"),
    ("vendor-aire-valley-dairy", "Aire Valley Dairy", "milk, cream, butter and cheese"),
    ("vendor-coldline", "Coldline Refrigeration", "walk-in and fridge servicing and repairs"),
    ("vendor-tillpoint", "Tillpoint", "tills, kitchen screens and card payments"),
    ("vendor-tablebook", "TableBook", "online table reservations"),
)
FOOD_SUPPLIERS = VENDORS[:4]
TOOLS = (
    ("tool-tillpoint", "Tillpoint tills", "vendor-tillpoint"),
    ("tool-tablebook", "TableBook reservations", "vendor-tablebook"),
    ("tool-riverside-walkin", "Riverside walk-in fridge", "vendor-coldline"),
    ("tool-oldtown-walkin", "Old Town walk-in fridge", "vendor-coldline"),
    ("tool-larder", "Larder stock and ordering app", None),
)
RULES = (
    ("rule-fridge-temps", "Log walk-in temperatures at opening, 3 pm and close; anything "
     "above 5 °C goes to the head chef", "doc-kitchen-food-safety"),
    ("rule-allergen-matrix", "No new dish goes on the menu until the allergen matrix is "
     "updated and signed off", "doc-kitchen-food-safety"),
    ("rule-fish-48h", "Use fish within 48 hours of delivery or send it to staff meal",
     "doc-kitchen-food-safety"),
    ("rule-card-tips", "Card tips are shared equally across everyone on the shift and paid "
     "with the monthly wages", None),
)
# Riverside and Old Town covers by weekday, Monday first.
COVERS = {"riverside": (72, 84, 96, 118, 172, 196, 154), "oldtown": (40, 48, 55, 70, 104, 122, 90)}
# fmt: on


def _group(w: Book) -> None:
    start = date(2025, 3, 3)
    w.node(
        "Organization",
        "org-copper-pot",
        "Copper Pot Kitchens",
        src="xero:organisation",
        as_of=date(2022, 4, 1),
        city="Leeds",
    )
    for oid, name, street in (
        ("org-copper-pot-riverside", "Copper Pot Riverside", "Dock Street"),
        ("org-copper-pot-oldtown", "Copper Pot Old Town", "Call Lane"),
    ):
        w.node("Organization", oid, name, src="xero:organisation", as_of=start, street=street)
        w.edge(oid, "PART_OF", "org-copper-pot", since=start, src="xero:organisation")
    for tid, name, site in (
        ("team-riverside-kitchen", "Riverside kitchen", "org-copper-pot-riverside"),
        ("team-oldtown-kitchen", "Old Town kitchen", "org-copper-pot-oldtown"),
        ("team-front-of-house", "Front of house", "org-copper-pot"),
    ):
        w.node("Team", tid, name, src="rota:teams", as_of=start)
        w.edge(tid, "MEMBER_OF", site, since=start, src="rota:teams")
    for pid, name, role, team in PEOPLE:
        first = name.split()[0].lower()
        w.node(
            "Person",
            pid,
            name,
            src="rota:staff",
            as_of=start,
            role=role,
            email=f"{first}@copperpotkitchens.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-copper-pot", since=start, src="rota:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="xero:contacts",
            as_of=start,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid, _, _ in FOOD_SUPPLIERS:
        w.edge("org-copper-pot", "USES", vid, since=start, src="xero:contacts")


def _kit(w: Book) -> None:
    src, start = "notion:kit-register", date(2025, 3, 3)
    for tid, name, vendor in TOOLS:
        w.node(
            "Tool",
            tid,
            name,
            src=src,
            as_of=start,
            kind="equipment" if "walk-in" in name else "software",
        )
        if vendor:
            w.edge(tid, "DEPENDS_ON", vendor, since=start, src=src)
    for sid, name in (
        ("service-card-payments", "Card payments"),
        ("service-kitchen-screens", "Kitchen ticket screens"),
        ("service-online-bookings", "Online bookings"),
        ("service-riverside-prep", "Riverside prep kitchen"),
    ):
        w.node("Service", sid, name, src=src, as_of=start)
    for pid, name in (
        ("product-sunday-roast", "Sunday roast"),
        ("product-fish-of-the-day", "Fish of the day"),
        ("product-riverside-raw-bar", "Riverside raw bar"),
    ):
        w.node("Product", pid, name, src="notion:menus", as_of=start)
    w.edges(
        src,
        start,
        ("service-card-payments", "DEPENDS_ON", "tool-tillpoint"),
        ("service-kitchen-screens", "DEPENDS_ON", "tool-tillpoint"),
        ("service-online-bookings", "DEPENDS_ON", "tool-tablebook"),
        ("service-riverside-prep", "DEPENDS_ON", "tool-riverside-walkin"),
        ("product-riverside-raw-bar", "DEPENDS_ON", "tool-riverside-walkin"),
        ("product-riverside-raw-bar", "DEPENDS_ON", "vendor-north-sea-catch"),
        ("product-fish-of-the-day", "DEPENDS_ON", "vendor-north-sea-catch"),
        ("product-sunday-roast", "DEPENDS_ON", "vendor-dales-butchery"),
        ("team-front-of-house", "USES", "tool-tablebook"),
        ("team-front-of-house", "USES", "tool-tillpoint"),
        ("team-riverside-kitchen", "USES", "tool-larder"),
        ("team-riverside-kitchen", "USES", "tool-riverside-walkin"),
        ("team-oldtown-kitchen", "USES", "tool-larder"),
        ("team-oldtown-kitchen", "USES", "tool-oldtown-walkin"),
        ("person-joe-harris", "OWNS", "tool-tillpoint"),
        ("person-priti-shah", "OWNS", "tool-tablebook"),
        ("person-chloe-dawson", "OWNS", "tool-riverside-walkin"),
        ("person-sam-whitaker", "OWNS", "tool-oldtown-walkin"),
    )
    retired = date(2026, 9, 15)
    w.node(
        "Tool",
        "tool-docket-printer",
        "Old Town docket printer (retired)",
        src=src,
        as_of=retired,
        status="retired",
        kind="equipment",
    )
    w.edge(
        "tool-docket-printer", "DEPENDS_ON", "tool-tillpoint", since=start, until=retired, src=src
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in ("cr", "co", "fr", "fo")}
    fridge_covers = dict(zip(FRIDGE_DAYS, (31, 38, 44, 79), strict=True))
    fridge_cost = dict(zip(FRIDGE_DAYS, (41.8, 38.2, 35.6, 32.9), strict=True))
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        river = COVERS["riverside"][wd] + rng.randint(-12, 12)
        old = COVERS["oldtown"][wd] + rng.randint(-9, 9)
        if day == BOOKINGS_DOWN:
            river, old = river - 64, old - 47
        if day in FRIDGE_DAYS:
            river, old = fridge_covers[day], old + 12
        before = day < CENTRAL
        cost_r = rng.uniform(28.6, 31.4) if before else rng.uniform(27.3, 30.1)
        cost_o = rng.uniform(29.8, 32.2) if before else rng.uniform(28.4, 30.8)
        out["cr"].append((day, river))
        out["co"].append((day, old))
        out["fr"].append((day, fridge_cost.get(day, round(cost_r, 1))))
        out["fo"].append((day, round(cost_o, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    since, till, costs = date(2025, 3, 3), "tillpoint:reports", "larder:reports"
    w.metric(
        "metric-covers-riverside", "Covers at Riverside", "covers", "sum", src=till, since=since
    )
    w.metric("metric-covers-oldtown", "Covers at Old Town", "covers", "sum", src=till, since=since)
    w.metric(
        "metric-food-cost-riverside",
        "Food cost % at Riverside",
        "%",
        "mean",
        src=costs,
        since=since,
        measures="tool-larder",
    )
    w.metric(
        "metric-food-cost-oldtown",
        "Food cost % at Old Town",
        "%",
        "mean",
        src=costs,
        since=since,
        measures="tool-larder",
    )
    return {
        "cr": w.readings("metric-covers-riverside", series["cr"], src=till),
        "co": w.readings("metric-covers-oldtown", series["co"], src=till),
        "fr": w.readings("metric-food-cost-riverside", series["fr"], src=costs),
        "fo": w.readings("metric-food-cost-oldtown", series["fo"], src=costs),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "notion:incident-riverside-walkin"
    w.node(
        "Incident",
        "incident-riverside-walkin",
        "Riverside walk-in fridge failure",
        src=src,
        as_of=date(2026, 11, 13),
        status="resolved",
        severity="high",
        startedAt="2026-11-09T23:00:00+00:00",
        resolvedAt="2026-11-13T15:00:00+00:00",
        text="The walk-in's compressor failed after close; the stock inside was thrown away "
        "and Riverside ran a reduced menu until Coldline fitted a new compressor.",
    )
    w.edges(
        src,
        "2026-11-09T23:00:00+00:00",
        ("tool-riverside-walkin", "CAUSED", "incident-riverside-walkin"),
        ("incident-riverside-walkin", "AFFECTS", "org-copper-pot-riverside"),
        ("incident-riverside-walkin", "AFFECTS", "product-riverside-raw-bar"),
        ("incident-riverside-walkin", "AFFECTS", "metric-covers-riverside"),
        ("incident-riverside-walkin", "AFFECTS", "metric-food-cost-riverside"),
        *(
            ("incident-riverside-walkin", "CAUSED", obs[k][d])
            for k in ("cr", "fr")
            for d in FRIDGE_DAYS
        ),
        ("person-priti-shah", "OWNS", "incident-riverside-walkin"),
        as_of=date(2026, 11, 13),
    )
    w.node(
        "Task",
        "task-walkin-compressor",
        "Replace the Riverside walk-in compressor",
        src="notion:task-compressor",
        as_of=date(2026, 11, 13),
        status="done",
    )
    w.edges(
        "notion:task-compressor",
        date(2026, 11, 10),
        ("person-priti-shah", "OWNS", "task-walkin-compressor"),
        ("task-walkin-compressor", "FIXES", "incident-riverside-walkin"),
        ("task-walkin-compressor", "DEPENDS_ON", "vendor-coldline"),
    )
    src = "notion:incident-tablebook"
    w.node(
        "Incident",
        "incident-tablebook-outage",
        "TableBook online bookings down",
        src=src,
        as_of=date(2026, 10, 18),
        status="resolved",
        severity="medium",
        startedAt="2026-10-17T16:00:00+00:00",
        resolvedAt="2026-10-17T21:30:00+00:00",
    )
    w.edges(
        src,
        "2026-10-17T16:00:00+00:00",
        ("vendor-tablebook", "CAUSED", "incident-tablebook-outage"),
        ("incident-tablebook-outage", "AFFECTS", "service-online-bookings"),
        ("incident-tablebook-outage", "AFFECTS", "metric-covers-riverside"),
        ("incident-tablebook-outage", "AFFECTS", "metric-covers-oldtown"),
        ("incident-tablebook-outage", "CAUSED", obs["cr"][BOOKINGS_DOWN]),
        ("incident-tablebook-outage", "CAUSED", obs["co"][BOOKINGS_DOWN]),
        ("person-liam-obrien", "OWNS", "incident-tablebook-outage"),
        as_of=date(2026, 10, 18),
    )


def _work(w: Book) -> None:
    src = "notion:winter-menu"
    w.node(
        "Task",
        "task-winter-menu-costing",
        "Cost the winter menu",
        src=src,
        as_of=date(2026, 9, 21),
        status="in progress",
        text="Price every winter dish against this week's supplier prices; target 29% food cost.",
    )
    w.edge(
        "person-chloe-dawson", "OWNS", "task-winter-menu-costing", since=date(2026, 9, 21), src=src
    )
    w.edge(
        "person-marco-bellini",
        "OWNS",
        "task-winter-menu-costing",
        since=date(2026, 10, 12),
        src="slack:#kitchens/p1760270",
    )
    w.edges(
        src,
        date(2026, 9, 21),
        *(
            (p, "WORKS_ON", "task-winter-menu-costing")
            for p in ("person-marco-bellini", "person-chloe-dawson", "person-sam-whitaker")
        ),
    )
    src = "notion:oldtown-hood"
    w.node(
        "Task",
        "task-oldtown-hood-clean",
        "Deep clean the Old Town extraction hood",
        src=src,
        as_of=date(2026, 9, 8),
        status="booked",
    )
    w.edge("person-liam-obrien", "OWNS", "task-oldtown-hood-clean", since=date(2026, 9, 8), src=src)
    w.edge(
        "person-sam-whitaker",
        "OWNS",
        "task-oldtown-hood-clean",
        since=date(2026, 11, 3),
        src="slack:#oldtown/p1762160",
    )
    w.edge(
        "task-oldtown-hood-clean",
        "ABOUT",
        "org-copper-pot-oldtown",
        since=date(2026, 9, 8),
        src=src,
    )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc in RULES:
        src = "notion:food-safety-manual" if doc else "notion:staff-handbook"
        w.node("Rule", rid, name, src=src, as_of=date(2026, 3, 2), text=f"{name}.")
        owner = "person-marco-bellini" if doc else "person-nadia-hussain"
        w.edge(owner, "OWNS", rid, since=date(2026, 3, 2), src=src)
        if doc:
            w.edge(rid, "BASED_ON", doc, since=date(2026, 3, 2), src=src)
    old, new = "decision-site-ordering", "decision-central-ordering"
    w.node(
        "Decision",
        old,
        "Each head chef orders meat and fish for their own site",
        src="notion:ops-2026",
        as_of=date(2026, 3, 2),
        rationale="Each kitchen knows its own covers best.",
    )
    w.edge(old, "MADE_BY", "person-nadia-hussain", since=date(2026, 3, 2), src="notion:ops-2026")
    w.node(
        "Channel",
        "channel-kitchens",
        "#kitchens on Slack",
        src="slack:channels",
        as_of=date(2025, 3, 3),
    )
    said = "2026-10-02T16:40:00+00:00"
    w.node(
        "Message",
        "message-central-ordering",
        "Nadia in #kitchens on 2 October",
        src="slack:#kitchens/p1759423",
        as_of=said,
        text="From Monday 5 October Marco places one meat and fish order for both sites. "
        "Separate orders keep us under Dales Butchery's volume discount and we're paying two "
        "prices for the same lamb shoulder.",
    )
    w.edges(
        "slack:#kitchens/p1759423",
        said,
        ("message-central-ordering", "SAID_BY", "person-nadia-hussain"),
        ("message-central-ordering", "SENT_TO", "channel-kitchens"),
        ("message-central-ordering", "MENTIONS", "vendor-dales-butchery"),
    )
    why = (
        "Ordering separately kept each site under Dales Butchery's volume discount, and the "
        "two sites were paying different prices for the same lamb shoulder. One weekly order "
        "for both sites gets the discount and one price list."
    )
    w.node(
        "Decision",
        new,
        "Marco orders meat and fish centrally for both sites",
        src="slack:#kitchens/p1759423",
        as_of=CENTRAL,
        rationale=why,
        text=why,
    )
    w.edges(
        "slack:#kitchens/p1759423",
        CENTRAL,
        (new, "SUPERSEDES", old),
        (new, "MADE_BY", "person-nadia-hussain"),
        (new, "DECIDED_IN", "message-central-ordering"),
        (new, "AFFECTS", "metric-food-cost-riverside"),
        (new, "AFFECTS", "metric-food-cost-oldtown"),
    )
    why = (
        "The Riverside compressor failed after close and nobody knew until the morning team "
        "arrived; an alarm that texts the head chef would have saved most of the stock."
    )
    w.node(
        "Decision",
        "decision-walkin-alarms",
        "Fit wireless temperature alarms to both walk-ins",
        src="notion:walkin-failure",
        as_of=date(2026, 11, 16),
        rationale=why,
        text=why,
    )
    w.edges(
        "notion:walkin-failure",
        date(2026, 11, 16),
        ("decision-walkin-alarms", "MADE_BY", "person-nadia-hussain"),
        ("decision-walkin-alarms", "BASED_ON", "doc-riverside-walkin-failure"),
        ("decision-walkin-alarms", "MENTIONS", "incident-riverside-walkin"),
        ("decision-walkin-alarms", "AFFECTS", "tool-riverside-walkin"),
        ("decision-walkin-alarms", "AFFECTS", "tool-oldtown-walkin"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "walk-in": "tool-riverside-walkin",
        "North Sea Catch": "vendor-north-sea-catch",
        "Coldline": "vendor-coldline",
        "raw bar": "product-riverside-raw-bar",
    }
    w.document(
        docs / "kitchen-food-safety.md",
        "doc-kitchen-food-safety",
        src="notion:food-safety-manual",
        as_of=date(2026, 3, 2),
        author="person-marco-bellini",
        kind="manual",
        about=["org-copper-pot"],
        mentions=mentions,
    )
    w.document(
        docs / "riverside-walkin-failure.md",
        "doc-riverside-walkin-failure",
        src="notion:walkin-failure",
        as_of=date(2026, 11, 16),
        author="person-priti-shah",
        kind="incident report",
        about=["incident-riverside-walkin"],
        mentions=mentions,
    )


def _questions(facts: list[dict], today: date) -> list[Question]:
    m = metric_question
    return [
        impact_question(
            facts,
            "What stops working if Tillpoint goes down?",
            ["vendor-tillpoint", "tool-tillpoint"],
            today,
            must_exclude=["docket printer"],
        ),
        impact_question(
            facts,
            "If the Riverside walk-in packs up again, what's affected?",
            ["tool-riverside-walkin"],
            today,
        ),
        owner_question(
            facts,
            "Who had the winter menu costing at the start of October?",
            "task-winter-menu-costing",
            date(2026, 10, 1),
        ),
        owner_question(
            facts, "who's doing the winter menu costing now", "task-winter-menu-costing", today
        ),
        owner_question(
            facts,
            "Who was on the Old Town extraction hood clean on 3 Oct?",
            "task-oldtown-hood-clean",
            date(2026, 10, 3),
        ),
        owner_question(
            facts,
            "Who had the Old Town hood deep clean on 2026-11-20?",
            "task-oldtown-hood-clean",
            date(2026, 11, 20),
        ),
        Question(
            "Why do we order meat and fish centrally now?",
            "decision",
            must_include=["volume discount"],
            must_cite=["decision-central-ordering"],
        ),
        Question(
            "Why are we putting alarms on the walk-ins?",
            "decision",
            must_include=["after close"],
            must_cite=["decision-walkin-alarms"],
        ),
        Question(
            "How did meat and fish ordering work before Marco took it over?",
            "decision",
            must_include=["Each head chef orders meat and fish for their own site"],
            must_cite=["decision-site-ordering"],
        ),
        Question(
            "When do we have to check the walk-in temperatures?",
            "policy",
            must_include=["3 pm"],
            must_cite=["rule-fridge-temps"],
        ),
        Question(
            "How long can we keep fish before it has to go?",
            "policy",
            must_include=["48 hours"],
            must_cite=["rule-fish-48h"],
        ),
        Question(
            "How are card tips shared out?",
            "policy",
            must_include=["equally"],
            must_cite=["rule-card-tips"],
        ),
        related_question(
            facts,
            "Who supplies our fish?",
            today,
            rel="DEPENDS_ON",
            frm="product-fish-of-the-day",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "Who do we call when the Riverside walk-in breaks?",
            today,
            rel="DEPENDS_ON",
            frm="tool-riverside-walkin",
            keep=["Vendor"],
        ),
        related_question(
            facts, "What does front of house use?", today, rel="USES", frm="team-front-of-house"
        ),
        related_question(
            facts,
            "Who's working on the winter menu?",
            today,
            rel="WORKS_ON",
            to="task-winter-menu-costing",
        ),
        m(
            facts,
            today,
            "How many covers did Riverside do yesterday?",
            "metric_value",
            "metric-covers-riverside",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many covers did Old Town do on Saturday 17 October?",
            "metric_value",
            "metric-covers-oldtown",
            span=(BOOKINGS_DOWN, BOOKINGS_DOWN),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many covers did Riverside do from 1 to 14 November?",
            "metric_total",
            "metric-covers-riverside",
            span=(date(2026, 11, 1), date(2026, 11, 14)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many covers did Old Town do last week?",
            "metric_total",
            "metric-covers-oldtown",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What were Old Town's total covers in October?",
            "metric_total",
            "metric-covers-oldtown",
            periods=("last_month",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What was Riverside's average food cost between 28 September and 25 October?",
            "metric_average",
            "metric-food-cost-riverside",
            span=(date(2026, 9, 28), date(2026, 10, 25)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "What's Old Town's food cost averaging this month?",
            "metric_average",
            "metric-food-cost-oldtown",
            periods=("this_month",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "How many covers a day has Riverside averaged since September?",
            "metric_average",
            "metric-covers-riverside",
            periods=("since_september",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How did Riverside covers last week compare with the week before?",
            "metric_change",
            "metric-covers-riverside",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "How did Old Town's covers in the first two weeks of November compare "
            "with the last two weeks of October?",
            "metric_change",
            "metric-covers-oldtown",
            spans=(
                (date(2026, 11, 1), date(2026, 11, 14)),
                (date(2026, 10, 18), date(2026, 10, 31)),
            ),
            tolerance=0.2,
        ),
        Question(
            "Why did food cost at Riverside jump in mid-November?",
            "metric_why",
            must_include=["Riverside walk-in fridge failure"],
            must_cite=["incident-riverside-walkin"],
        ),
        Question(
            "Why were Riverside covers so low from 10 to 13 November?",
            "metric_why",
            must_include=["Riverside walk-in fridge failure"],
            must_cite=["incident-riverside-walkin"],
        ),
        Question(
            "Why did covers dip on Saturday 17 October?",
            "metric_why",
            must_include=["TableBook online bookings down"],
            must_cite=["incident-tablebook-outage"],
        ),
        Question(
            "What temperature should the walk-ins run at?",
            "document",
            must_include=[["1 °C and 4 °C", "1-4 °C", "1 to 4 °C"]],
            must_cite=["doc-kitchen-food-safety"],
        ),
        Question(
            "How much stock did we lose when the Riverside walk-in failed?",
            "document",
            must_include=[["£3,100", "3,100", "3100"]],
            must_cite=["doc-riverside-walkin-failure"],
        ),
        Question(
            "What breaks if the Harrogate site's dishwasher fails?",
            "unknown",
            absent=["Harrogate", "dishwasher"],
            note="there is no Harrogate site or dishwasher in the records",
        ),
        Question(
            "Who supplies our truffles?",
            "unknown",
            absent=["truffle"],
            note="no supplier in the records sells truffles",
        ),
        Question(
            "How many covers did we do in March?",
            "unknown",
            absent=["2026-03-"],
            note="readings start on 1 September",
        ),
        Question("What's the weather in Leeds tonight?", "offtopic"),
        Question("Who won the Premier League last season?", "offtopic"),
    ]


def build() -> Business:
    """The group's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _group(w)
    _kit(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _work(w)
    _documents(w)
    _decisions_and_rules(w)
    return Business(
        SLUG,
        "Copper Pot Kitchens",
        "two-site restaurant group",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
    )
