"""Ashgrove Linen Services: a commercial laundry and linen hire firm in Longton, Stoke-on-Trent.

The story: hotels, a spa and care homes send their linen to Ashgrove's plant, where it goes
through a tunnel washer dosed by Kemtex's DoseControl system and a flatwork ironer serviced
by Rotaline Engineering; every hire piece carries an RFID tag read by LinenTrack (Tagsmart
Systems), whose API key feeds the customers' ordering portal; the vans are leased from
Fleetwise Leasing and routed by RouteMate. Wash chemicals moved from Brightwell Chemicals
to Kemtex on 7 September. From 14 to 17 September the flatwork ironer's drive bearing
failed and pieces per operator hour fell (the incident is tied to the readings it caused,
not to the metric). The gas meter's logger was offline from 20 to 29 September, so gas per
kilo has no readings then; a heat recovery unit on the tunnel washer was commissioned on
5 October and gas per kilo fell that day (nothing links the two). A DoseControl pump failed
on 12 October: rewash rose until Kemtex replaced it on the 14th, and complaints followed.
RouteMate 5.0 went live on 26 October and re-planned rounds every morning: on-time-in-full
fell (nothing links the release to it); the Monday ops meeting of 9 November went back to
fixed rounds from 11 November. Trentham Hall Hotel came on as a customer on 2 November and
pieces processed rose. Bev Hollins handed the Textile Services Association audit prep to
Nicola Ferris on 2 November.

"Today" is Wednesday 18 November 2026; daily readings run from 19 August to 17 November.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from build import (
    Book,
    Business,
    Fact,
    Question,
    impact_question,
    metric_question,
    owner_question,
    related_question,
    write,
)

SLUG = "ashgrove-linen"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 11, 18)
FIRST, LAST = date(2026, 8, 19), date(2026, 11, 17)
SEED = 4417
START = date(2024, 4, 8)
KEMTEX_FROM = date(2026, 9, 7)
IRONER_DAYS = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(4))  # to 17 Sep
GAS_GAP = tuple(date(2026, 9, 20) + timedelta(days=i) for i in range(10))  # to 29 Sep
HEAT_RECOVERY = date(2026, 10, 5)
PUMP_DAYS = {date(2026, 10, 12): 9.4, date(2026, 10, 13): 8.8, date(2026, 10, 14): 7.9}
PUMP_TAIL = {date(2026, 10, 15): 5.6, date(2026, 10, 16): 4.7}
COMPLAINT_DAYS = {
    date(2026, 10, 13): 6,
    date(2026, 10, 14): 8,
    date(2026, 10, 15): 7,
    date(2026, 10, 16): 5,
}
ROUTEMATE_5 = date(2026, 10, 26)
FIXED_ROUNDS = date(2026, 11, 11)
TRENTHAM = date(2026, 11, 2)
OPS_MEETING = date(2026, 11, 9)
DOC_DATES = {
    "doc-production-handbook": date(2026, 3, 2),
    "doc-customer-terms": date(2026, 1, 12),
    "doc-ironer-review": date(2026, 9, 24),
    "doc-trentham-plan": date(2026, 10, 20),
}

# fmt: off
PEOPLE = (
    ("person-helen-marsh", "Helen Marsh", "Managing director", None),
    ("person-gareth-pryce", "Gareth Pryce", "Production manager", "team-production"),
    ("person-shazia-akhtar", "Shazia Akhtar", "Wash-floor supervisor", "team-production"),
    ("person-tomasz-nowak", "Tomasz Nowak", "Finishing supervisor", "team-production"),
    ("person-ravi-chauhan", "Ravi Chauhan", "Maintenance engineer", "team-production"),
    ("person-dean-walsh", "Dean Walsh", "Transport manager", "team-transport"),
    ("person-kelly-bryant", "Kelly Bryant", "Driver, Potteries round", "team-transport"),
    ("person-marcus-obi", "Marcus Obi", "Driver, Peak round", "team-transport"),
    ("person-nicola-ferris", "Nicola Ferris", "Customer service and accounts", "team-office"),
    ("person-owen-lees", "Owen Lees", "Sales manager", "team-office"),
    ("person-bev-hollins", "Bev Hollins", "Quality and compliance lead", "team-office"),
)
TEAMS = (
    ("team-production", "Production floor"),
    ("team-transport", "Transport"),
    ("team-office", "Office"),
)
VENDORS = (
    ("vendor-kemtex", "Kemtex Laundry Chemicals", "wash chemicals and the DoseControl dosing "
     "system, with remote monitoring of the dosing pumps"),
    ("vendor-brightwell", "Brightwell Chemicals", "wash chemicals in drums, dosed by hand "
     "(until 7 September 2026)"),
    ("vendor-rotaline", "Rotaline Engineering", "servicing, call-outs and spares for the "
     "tunnel washer and the flatwork ironer"),
    ("vendor-northern-textiles", "Northern Textiles", "new sheets, towels, robes and table "
     "linen for the hire stock"),
    ("vendor-fleetwise", "Fleetwise Leasing", "the six Ford Transit delivery vans on a "
     "three-year lease that ends on 31 January 2027"),
    ("vendor-tagsmart", "Tagsmart Systems", "the LinenTrack RFID tracking software and the "
     "tags sewn into every hire piece"),
    ("vendor-routemate", "RouteMate", "the RouteMate route planner and its driver app"),
    ("vendor-potteries-gas", "Potteries Gas & Power", "gas for the tunnel washer, the dryers "
     "and the ironer"),
)
SUPPLIERS = ("vendor-kemtex", "vendor-rotaline", "vendor-northern-textiles", "vendor-fleetwise",
             "vendor-tagsmart", "vendor-routemate", "vendor-potteries-gas")
TOOLS = (
    ("tool-linentrack", "LinenTrack RFID tracking", "vendor-tagsmart", "person-nicola-ferris",
     "software"),
    ("tool-routemate", "RouteMate route planner", "vendor-routemate", "person-dean-walsh",
     "software"),
    ("tool-dosecontrol", "Kemtex DoseControl dosing system", "vendor-kemtex",
     "person-shazia-akhtar", "machine"),
    ("tool-tunnel-washer", "Tunnel washer", "vendor-rotaline", "person-ravi-chauhan", "machine"),
    ("tool-ironer", "Flatwork ironer", "vendor-rotaline", "person-ravi-chauhan", "machine"),
)
ACCOUNTS = (
    ("account-linentrack-api", "LinenTrack portal API key", "person-nicola-ferris",
     "The key the customer ordering portal uses to read each customer's stock and par levels "
     "from LinenTrack."),
    ("account-kemtex-remote", "Kemtex remote dosing login", "person-shazia-akhtar",
     "The login Kemtex's engineers use to watch and adjust the DoseControl pumps remotely."),
    ("account-routemate-admin", "RouteMate admin login", "person-dean-walsh",
     "The admin login that publishes the day's rounds to the drivers' app."),
)
SERVICES = (
    ("service-wash", "Wash production", ("tool-tunnel-washer", "tool-dosecontrol")),
    ("service-finishing", "Finishing and packing", ("tool-ironer",)),
    ("service-deliveries", "Delivery rounds", ("account-routemate-admin", "vendor-fleetwise")),
    ("service-ordering", "Customer ordering portal", ("account-linentrack-api",)),
    ("service-stock", "Hire stock replenishment", ("vendor-northern-textiles",)),
)
PRODUCTS = (
    ("product-hotel-hire", "Hotel linen hire",
     ("service-wash", "service-finishing", "service-deliveries", "service-ordering",
      "service-stock")),
    ("product-care-home", "Care home laundry", ("service-wash", "service-deliveries")),
    ("product-spa-towels", "Spa towel hire", ("service-wash", "service-deliveries",
                                             "service-stock")),
)
CUSTOMERS = (
    ("customer-trentham", "Trentham Hall Hotel", TRENTHAM, "service-ordering",
     "140-room hotel and spa at Trentham; three-year linen hire contract from 2 November "
     "2026, about 1,800 pieces a day."),
    ("customer-potteries-hotel", "The Potteries Hotel", date(2025, 2, 3), "service-ordering",
     "City-centre hotel in Hanley, 86 rooms; linen hire since February 2025."),
    ("customer-peak-retreat", "Peak Retreat Spa", date(2025, 6, 2), "service-deliveries",
     "Day spa near Buxton on the Peak round; towels and robes."),
    ("customer-meadowbank", "Meadowbank Care Homes", date(2024, 9, 2), "service-deliveries",
     "Three care homes in Newcastle-under-Lyme; residents' own clothes and bedding."),
)
RULES = (
    ("rule-thermal-disinfection", "Infected care home linen is washed unopened in red "
     "dissolvable bags on the thermal disinfection programme, at least 71°C for 3 minutes",
     "doc-production-handbook", "person-bev-hollins"),
    ("rule-never-out-stained", "A stained, torn or burnt piece never goes out to a customer: "
     "it is rewashed, and condemned if it fails twice", "doc-production-handbook",
     "person-tomasz-nowak"),
    ("rule-forklift", "Only staff with a current forklift licence may drive the yard "
     "forklift", "doc-production-handbook", "person-gareth-pryce"),
    ("rule-drum-ppe", "Wear goggles and gauntlets when changing a chemical drum",
     "doc-production-handbook", "person-shazia-akhtar"),
    ("rule-programme-changes", "Only Shazia Akhtar or Gareth Pryce change a wash programme, "
     "and every change is logged in DoseControl", "doc-production-handbook",
     "person-gareth-pryce"),
    ("rule-hotel-delivery", "Hotel deliveries arrive before 10:00 on the agreed day; a driver "
     "who will be late phones the customer before 09:30", "doc-customer-terms",
     "person-dean-walsh"),
    ("rule-lost-linen", "Customers are charged for lost linen at replacement cost once their "
     "losses pass 4% of their stock in a quarter", "doc-customer-terms", "person-owen-lees"),
    ("rule-credit-notes", "A credit note over £250 needs Helen Marsh's approval in writing",
     "doc-customer-terms", "person-nicola-ferris"),
    ("rule-complaints", "A customer complaint is answered within one working day",
     "doc-customer-terms", "person-nicola-ferris"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-ashgrove",
        "Ashgrove Linen Services",
        src="companies-house:ashgrove-linen",
        as_of=date(2011, 5, 3),
        city="Stoke-on-Trent",
        text="Ashgrove Linen Services Ltd washes and hires linen for hotels, spas and care "
        "homes across Staffordshire and the Peak District, from a plant on the Longton "
        "industrial estate in Stoke-on-Trent.",
    )
    w.node(
        "Organization",
        "org-tsa",
        "Textile Services Association",
        src="tsa:members",
        as_of=START,
        text="The trade body for laundries; Ashgrove holds its cleanliness accreditation and is "
        "audited every year.",
    )
    w.node(
        "Organization",
        "org-stoke-textile-care",
        "Stoke Textile Care",
        src="xero:suppliers",
        as_of=date(2026, 9, 14),
        text="Another laundry in Fenton that finishes flatwork for us when our ironer is down.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="linentrack:users", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-ashgrove", since=START, src="linentrack:users")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="linentrack:users",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@ashgrovelinen.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-ashgrove", since=START, src="linentrack:users")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="xero:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid in SUPPLIERS:
        since = KEMTEX_FROM if vid == "vendor-kemtex" else START
        w.edge("org-ashgrove", "USES", vid, since=since, src="xero:suppliers")
    w.edge(
        "org-ashgrove",
        "USES",
        "vendor-brightwell",
        since=START,
        until=KEMTEX_FROM,
        src="xero:suppliers",
    )
    for cid, name, since, _service, text in CUSTOMERS:
        w.node("Customer", cid, name, src="linentrack:customers", as_of=since, text=text)
    w.node(
        "Deal",
        "deal-trentham",
        "Trentham Hall Hotel: three-year linen hire",
        src="pipeline:deals/58",
        as_of=date(2026, 10, 9),
        stage="won",
        value=312000,
        text="Three-year hire of sheets, towels and robes for Trentham Hall Hotel, starting "
        "2 November 2026.",
    )
    w.edges(
        "pipeline:deals/58",
        date(2026, 8, 24),
        ("deal-trentham", "ASSIGNED_TO", "person-owen-lees"),
        as_of=date(2026, 10, 9),
    )


def _systems(w: Book) -> None:
    src = "sharepoint:asset-register"
    for tid, name, vendor, owner, kind in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind=kind)
        w.edge(tid, "DEPENDS_ON", vendor, since=KEMTEX_FROM if vendor == "vendor-kemtex" else START,
               src=src)  # fmt: skip
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="linentrack:products", as_of=START)
    w.edges(
        src,
        START,
        ("account-linentrack-api", "DEPENDS_ON", "tool-linentrack"),
        ("account-linentrack-api", "PART_OF", "tool-linentrack"),
        ("account-routemate-admin", "DEPENDS_ON", "tool-routemate"),
        ("account-routemate-admin", "PART_OF", "tool-routemate"),
        *(
            (sid, "DEPENDS_ON", on)
            for sid, _, ons in SERVICES
            for on in ons
            if on != "tool-dosecontrol"
        ),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-office", "USES", "tool-linentrack"),
        ("team-transport", "USES", "tool-routemate"),
        ("team-production", "USES", "tool-linentrack"),
        ("team-production", "USES", "tool-dosecontrol"),
        ("person-gareth-pryce", "OWNS", "service-wash"),
        ("person-tomasz-nowak", "OWNS", "service-finishing"),
        ("person-dean-walsh", "OWNS", "service-deliveries"),
        ("person-nicola-ferris", "OWNS", "service-ordering"),
    )  # fmt: skip
    # DoseControl came with the move to Kemtex on 7 September.
    w.edges(
        src,
        KEMTEX_FROM,
        ("service-wash", "DEPENDS_ON", "tool-dosecontrol"),
        ("tool-tunnel-washer", "DEPENDS_ON", "tool-dosecontrol"),
        ("account-kemtex-remote", "DEPENDS_ON", "tool-dosecontrol"),
        ("account-kemtex-remote", "PART_OF", "tool-dosecontrol"),
    )
    w.node(
        "Tool",
        "tool-dosing-drums",
        "Brightwell manual dosing drums (retired)",
        src=src,
        as_of=KEMTEX_FROM,
        status="retired",
        kind="equipment",
    )
    w.edge("tool-dosing-drums", "DEPENDS_ON", "vendor-brightwell", since=START,
           until=KEMTEX_FROM, src=src)  # fmt: skip
    w.edge("service-wash", "DEPENDS_ON", "tool-dosing-drums", since=START, until=KEMTEX_FROM,
           src=src)  # fmt: skip
    for cid, _, since, service, _ in CUSTOMERS:
        w.edge(cid, "USES", service, since=since, src="linentrack:customers")


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("pieces", "ppoh", "rewash", "otif", "complaints", "gas")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        trentham = day >= TRENTHAM
        if wd < 5:
            pieces = rng.randint(9000, 10500) + (rng.randint(1600, 2000) if trentham else 0)
            ppoh = rng.uniform(46.0, 50.0)
        elif wd == 5:
            pieces = rng.randint(4000, 5000) + (rng.randint(700, 900) if trentham else 0)
            ppoh = rng.uniform(41.0, 44.0)
        else:
            pieces = rng.randint(1500, 2200) + (rng.randint(700, 900) if trentham else 0)
            ppoh = rng.uniform(40.0, 43.0)
        if day in IRONER_DAYS:
            pieces = round(pieces * 0.88)
            ppoh = rng.uniform(31.0, 35.0)
        rewash = rng.uniform(3.6, 4.6) if day < KEMTEX_FROM else rng.uniform(2.7, 3.7)
        rewash = PUMP_DAYS.get(day, PUMP_TAIL.get(day, rewash))
        if day < ROUTEMATE_5:
            otif = rng.uniform(95.0, 98.5)
        elif day < FIXED_ROUNDS:
            otif = rng.uniform(85.5, 90.0)
        else:
            otif = rng.uniform(93.0, 96.5)
        complaints = COMPLAINT_DAYS.get(day, rng.choice((0, 0, 1, 1, 2)))
        gas = rng.uniform(1.20, 1.32) if day < HEAT_RECOVERY else rng.uniform(1.00, 1.10)
        out["pieces"].append((day, pieces))
        out["ppoh"].append((day, round(ppoh, 1)))
        out["rewash"].append((day, round(rewash, 1)))
        out["otif"].append((day, round(otif, 1)))
        out["complaints"].append((day, complaints))
        if day not in GAS_GAP:
            out["gas"].append((day, round(gas, 3)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    lt, rm, gm = "linentrack:reports", "routemate:reports", "potteries-gas:meter"
    w.metric("metric-pieces", "Pieces processed", "pieces", "sum", src=lt, since=START)
    w.metric("metric-ppoh", "Pieces per operator hour", "pieces/hour", "mean", src=lt,
             since=START)  # fmt: skip
    w.metric("metric-rewash", "Rewash rate", "%", "mean", src=lt, since=START,
             measures="service-wash")  # fmt: skip
    w.metric("metric-otif", "On-time in-full deliveries", "%", "mean", src=rm, since=START,
             measures="service-deliveries")  # fmt: skip
    w.metric("metric-complaints", "Customer complaints", "complaints", "sum", src=lt,
             since=START)  # fmt: skip
    w.metric("metric-gas", "Gas used per kg of linen", "kWh/kg", "mean", src=gm, since=START)
    return {
        "pieces": w.readings("metric-pieces", series["pieces"], src=lt),
        "ppoh": w.readings("metric-ppoh", series["ppoh"], src=lt),
        "rewash": w.readings("metric-rewash", series["rewash"], src=lt),
        "otif": w.readings("metric-otif", series["otif"], src=rm),
        "complaints": w.readings("metric-complaints", series["complaints"], src=lt),
        "gas": w.readings("metric-gas", series["gas"], src=gm),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, fixed = "helpdesk:incident-ironer-bearing", date(2026, 9, 17)
    w.node(
        "Incident",
        "incident-ironer",
        "Flatwork ironer drive bearing failure",
        src=src,
        as_of=fixed,
        status="resolved",
        severity="high",
        startedAt="2026-09-14T06:40:00+00:00",
        resolvedAt="2026-09-17T18:00:00+00:00",
        text="The flatwork ironer's main drive bearing failed at 06:40 on 14 September. "
        "Rotaline had no bearing in stock; flatwork went through the small ironer and part of "
        "the sheets to Stoke Textile Care until Rotaline fitted a new bearing on 17 September.",
    )
    w.edges(
        src,
        "2026-09-14T06:40:00+00:00",
        ("incident-ironer", "AFFECTS", "tool-ironer"),
        ("incident-ironer", "AFFECTS", "service-finishing"),
        *(("incident-ironer", "CAUSED", obs["ppoh"][d]) for d in IRONER_DAYS),
        ("person-ravi-chauhan", "OWNS", "incident-ironer"),
        as_of=fixed,
    )
    src, back = "helpdesk:incident-gas-logger", date(2026, 9, 30)
    w.node(
        "Incident",
        "incident-gas-logger",
        "Gas meter logger offline",
        src=src,
        as_of=back,
        status="resolved",
        severity="low",
        startedAt="2026-09-20T00:00:00+00:00",
        resolvedAt="2026-09-30T09:00:00+00:00",
        text="The data logger on the gas meter lost its SIM on 20 September; Potteries Gas & "
        "Power swapped it on 30 September. No gas readings exist for 20 to 29 September.",
    )
    w.edges(
        src,
        "2026-09-20T00:00:00+00:00",
        ("incident-gas-logger", "AFFECTS", "metric-gas"),
        ("vendor-potteries-gas", "CAUSED", "incident-gas-logger"),
        ("person-ravi-chauhan", "OWNS", "incident-gas-logger"),
        as_of=back,
    )
    src, back = "helpdesk:incident-dosing-pump", date(2026, 10, 14)
    w.node(
        "Incident",
        "incident-dosing-pump",
        "DoseControl detergent pump failure",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-10-12T05:50:00+00:00",
        resolvedAt="2026-10-14T16:30:00+00:00",
        text="The detergent pump on the hotel white programme stopped on the morning of "
        "12 October and nothing alarmed; sheets came through under-washed and the rewash rate "
        "went over 9% until a Kemtex engineer replaced the pump on 14 October.",
    )
    w.edges(
        src,
        "2026-10-12T05:50:00+00:00",
        ("incident-dosing-pump", "AFFECTS", "tool-dosecontrol"),
        ("incident-dosing-pump", "AFFECTS", "metric-rewash"),
        ("person-shazia-akhtar", "OWNS", "incident-dosing-pump"),
        as_of=back,
    )
    # RouteMate 5.0: re-planned every round each morning; nothing ties it to the metric.
    w.node(
        "Release",
        "release-routemate-5",
        "RouteMate 5.0: dynamic route optimisation",
        src="routemate:release-notes/5.0",
        as_of=ROUTEMATE_5,
        startedAt="2026-10-26T04:00:00+00:00",
        text="RouteMate 5.0 re-plans every round each morning from the day's orders and "
        "traffic, replacing the fixed drop order.",
    )
    w.edge("release-routemate-5", "CHANGED", "tool-routemate", since=ROUTEMATE_5,
           src="routemate:release-notes/5.0")  # fmt: skip


def _messages(w: Book) -> None:
    for cid, name in (
        ("channel-production", "#production"),
        ("channel-transport", "#transport"),
        ("channel-office", "#office"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, ts, said, text in (
        (
            "message-kemtex",
            "Gareth in #production on 20 August",
            "person-gareth-pryce",
            "channel-production",
            1787220000,
            "2026-08-20T10:00:00+00:00",
            "From Monday 7 September all our wash chemicals come from Kemtex, dosed by their "
            "DoseControl system. Brightwell's drums are dosed by hand and we were over-dosing "
            "by about a fifth; Kemtex is 11% cheaper per kilo washed once the dosing is "
            "automatic, and their engineers can see the pumps remotely.",
        ),
        (
            "message-tsa-handover",
            "Bev in #office on 2 November",
            "person-bev-hollins",
            "channel-office",
            1793610000,
            "2026-11-02T08:20:00+00:00",
            "Nicola is taking over the TSA audit prep from today, I'm off for my knee from "
            "next Monday. The audit is on 3 December; the folder is on the shared drive.",
        ),
        (
            "message-routemate",
            "Dean in #transport on 27 October",
            "person-dean-walsh",
            "channel-transport",
            1793088000,
            "2026-10-27T06:40:00+00:00",
            "RouteMate 5.0 went live yesterday. Check the app every morning: it now plans the "
            "order of your drops fresh each day.",
        ),
    ):
        src = f"slack:{w.names[channel].lstrip('#')}/{ts}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    w.edges(
        "slack:production/1787220000",
        "2026-08-20T10:00:00+00:00",
        ("message-kemtex", "MENTIONS", "vendor-kemtex"),
        ("message-kemtex", "MENTIONS", "vendor-brightwell"),
    )
    w.edges(
        "slack:transport/1793088000",
        "2026-10-27T06:40:00+00:00",
        ("message-routemate", "MENTIONS", "tool-routemate"),
    )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"sharepoint:{doc.removeprefix('doc-')}"
        since = DOC_DATES[doc]
        w.node("Rule", rid, name, src=src, as_of=since, text=f"{name}.")
        w.edge(owner, "OWNS", rid, since=since, src=src)
        w.edge(rid, "BASED_ON", doc, since=since, src=src)

    def decision(did, name, *, src, on, why, made_by, made_in, edges=()):
        w.node("Decision", did, name, src=src, as_of=on, rationale=why, text=why)
        w.edges(
            src,
            on,
            (did, "MADE_BY", made_by),
            *(((did, "DECIDED_IN", made_in),) if made_in else ()),
            *edges,
        )

    decision(
        "decision-brightwell",
        "Buy wash chemicals in drums from Brightwell Chemicals",
        src="sharepoint:suppliers-2024",
        on=START,
        why="Brightwell delivered weekly from Burslem and had the lowest price per drum in "
        "2024; the wash-floor staff dosed each programme by hand from the drums.",
        made_by="person-gareth-pryce",
        made_in=None,
    )
    decision(
        "decision-kemtex",
        "Move wash chemicals to Kemtex and its DoseControl dosing from 7 September",
        src="slack:production/1787220000",
        on=date(2026, 8, 20),
        why="Dosing Brightwell's drums by hand over-dosed by about a fifth. Kemtex is 11% "
        "cheaper per kilo washed once dosing is automatic, and its engineers can watch the "
        "pumps remotely.",
        made_by="person-gareth-pryce",
        made_in="message-kemtex",
        edges=(
            ("decision-kemtex", "SUPERSEDES", "decision-brightwell"),
            ("decision-kemtex", "AFFECTS", "service-wash"),
            ("decision-kemtex", "MENTIONS", "vendor-kemtex"),
            ("decision-kemtex", "MENTIONS", "vendor-brightwell"),
        ),
    )
    # The heat recovery unit: decided in September, commissioned on 5 October; nothing links
    # it to the gas metric.
    decision(
        "decision-heat-recovery",
        "Fit a heat recovery unit to the tunnel washer",
        src="sharepoint:capex-2026",
        on=date(2026, 9, 10),
        why="The tunnel washer's hot waste water heats the incoming water through a plate "
        "heat exchanger; Rotaline quoted £18,500 and a payback of under two years. It was "
        "commissioned on Monday 5 October.",
        made_by="person-helen-marsh",
        made_in=None,
        edges=(("decision-heat-recovery", "AFFECTS", "tool-tunnel-washer"),),
    )
    decision(
        "decision-fixed-rounds",
        "Go back to fixed rounds in RouteMate, starting with the Peak round",
        src="sharepoint:ops-log",
        on=OPS_MEETING,
        why="Since RouteMate 5.0 re-planned the rounds every morning, drivers were getting a "
        "different drop order each day and hotels on the Peak round got their linen after "
        "10:00.",
        made_by="person-helen-marsh",
        made_in=None,
        edges=(("decision-fixed-rounds", "AFFECTS", "tool-routemate"),),
    )


def _work(w: Book) -> None:
    src = "sharepoint:tasks"
    w.node(
        "Task",
        "task-tsa-audit",
        "Prepare for the Textile Services Association cleanliness audit",
        src=src,
        as_of=date(2026, 11, 2),
        status="open",
        due="2026-12-03",
        text="The yearly cleanliness audit on 3 December: thermal disinfection records for "
        "every week since August, swab results and the training log.",
    )
    w.edge("task-tsa-audit", "ABOUT", "org-tsa", since=date(2026, 8, 3), src=src)
    w.edge("person-bev-hollins", "OWNS", "task-tsa-audit", since=date(2026, 8, 3), src=src,
           as_of=date(2026, 8, 3))  # fmt: skip
    w.edge("person-nicola-ferris", "OWNS", "task-tsa-audit", since=date(2026, 11, 2),
           src="slack:office/1793610000")  # fmt: skip
    w.node(
        "Task",
        "task-van-lease",
        "Renew or replace the Fleetwise van lease",
        src=src,
        as_of=date(2026, 10, 1),
        status="open",
        due="2026-12-18",
        text="The van lease ends on 31 January 2027: get quotes for six vans and decide by "
        "18 December.",
    )
    w.edges(
        src,
        date(2026, 10, 1),
        ("person-dean-walsh", "OWNS", "task-van-lease"),
        ("task-van-lease", "ABOUT", "vendor-fleetwise"),
    )
    w.node(
        "Task",
        "task-trentham-onboarding",
        "Onboard Trentham Hall Hotel: tags, par levels and delivery slots",
        src=src,
        as_of=date(2026, 10, 30),
        status="done",
    )
    w.edges(
        src,
        date(2026, 10, 12),
        ("person-owen-lees", "OWNS", "task-trentham-onboarding"),
        ("person-nicola-ferris", "WORKS_ON", "task-trentham-onboarding"),
        ("person-tomasz-nowak", "WORKS_ON", "task-trentham-onboarding"),
        ("task-trentham-onboarding", "ABOUT", "customer-trentham"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "LinenTrack": "tool-linentrack",
        "RouteMate": "tool-routemate",
        "DoseControl": "tool-dosecontrol",
        "tunnel washer": "tool-tunnel-washer",
        "ironer": "tool-ironer",
        "Kemtex": "vendor-kemtex",
        "Rotaline": "vendor-rotaline",
        "Northern Textiles": "vendor-northern-textiles",
        "Stoke Textile Care": "org-stoke-textile-care",
        "Trentham": "customer-trentham",
        "Shazia Akhtar": "person-shazia-akhtar",
        "Gareth Pryce": "person-gareth-pryce",
        "Ravi Chauhan": "person-ravi-chauhan",
        "Nicola Ferris": "person-nicola-ferris",
        "Helen Marsh": "person-helen-marsh",
        "Owen Lees": "person-owen-lees",
    }
    for path, did, author, kind, about in (
        ("production-handbook.md", "doc-production-handbook", "person-gareth-pryce", "handbook",
         ["org-ashgrove"]),
        ("customer-terms.md", "doc-customer-terms", "person-owen-lees", "terms",
         ["product-hotel-hire", "product-care-home", "product-spa-towels"]),
        ("ironer-failure-review.md", "doc-ironer-review", "person-ravi-chauhan",
         "incident review", ["incident-ironer"]),
        ("trentham-account-plan.md", "doc-trentham-plan", "person-owen-lees", "account plan",
         ["customer-trentham"]),
    ):  # fmt: skip
        w.document(
            docs / path,
            did,
            src=f"sharepoint:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "days with data"]
    gas = m(
        facts,
        today,
        "gas per kg october vs september, better or worse?",
        "metric_change",
        "metric-gas",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="no gas readings 20-29 September: September has 20 days of data, October 31",
    )
    gas.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "the linentrack api key got revoked - what's hit?",
            ["account-linentrack-api"],
            today,
        ),
        impact_question(
            facts,
            "if dosecontrol packs in what stops",
            ["tool-dosecontrol"],
            today,
            must_exclude=["dosing drums"],
        ),
        impact_question(
            facts,
            "fleetwise take the vans back, what can't we do?",
            ["vendor-fleetwise"],
            today,
        ),
        owner_question(
            facts,
            "who's got the TSA audit prep now?",
            "task-tsa-audit",
            today,
            note="TSA is the Textile Services Association; Bev handed it to Nicola on 2 Nov",
        ),
        owner_question(
            facts,
            "who had the TSA audit prep in mid october",
            "task-tsa-audit",
            date(2026, 10, 15),
        ),
        owner_question(facts, "who's sorting the van lease", "task-van-lease", today),
        owner_question(facts, "who handled the dosing pump failure", "incident-dosing-pump", today),
        related_question(
            facts,
            "who services the ironer",
            today,
            rel="DEPENDS_ON",
            frm="tool-ironer",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "the ordering portal reads stock through an api key - which company makes the "
            "software that key is for?",
            today,
            rel="DEPENDS_ON",
            frm="tool-linentrack",
            keep=["Vendor"],
            note="three hops: Customer ordering portal -> LinenTrack portal API key -> "
            "LinenTrack RFID tracking -> Tagsmart Systems",
        ),
        related_question(
            facts, "which team is ravi in", today, rel="MEMBER_OF", frm="person-ravi-chauhan"
        ),
        Question(
            "when does the van lease end?",
            "document",
            must_include=["31 January 2027"],
            note="the vendor's record and the lease task both say it ends on 31 January 2027",
        ),
        Question(
            "why did we drop brightwell",
            "decision",
            must_include=[["11%", "over-dos", "by hand"]],
            must_cite=["decision-kemtex"],
        ),
        Question(
            "how were chemicals dosed before kemtex came in?",
            "decision",
            must_include=[["by hand", "drums"]],
            must_cite=["decision-brightwell"],
        ),
        Question(
            "who signed off the heat recovery unit",
            "decision",
            must_include=["Helen Marsh"],
            must_cite=["decision-heat-recovery"],
        ),
        Question(
            "can the new lad drive the forklift if he's careful?",
            "policy",
            must_include=["licence"],
            must_cite=["rule-forklift"],
        ),
        Question(
            "do we need to ring the hotel if the van's running late",
            "policy",
            must_include=["09:30"],
            must_cite=["rule-hotel-delivery"],
        ),
        Question(
            "nicola wants to give the potteries hotel a £400 credit, is that ok?",
            "policy",
            must_include=["£250", "Helen"],
            must_cite=["rule-credit-notes"],
        ),
        Question(
            "what temperature is the thermal disinfection wash",
            "policy",
            must_include=["71°C"],
            must_cite=["rule-thermal-disinfection"],
        ),
        m(
            facts,
            today,
            "how many pieces did we get through yesterday",
            "metric_value",
            "metric-pieces",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total pieces 1-7 nov",
            "metric_total",
            "metric-pieces",
            span=(date(2026, 11, 1), date(2026, 11, 7)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "pieces since trentham came on (2 nov)?",
            "metric_total",
            "metric-pieces",
            periods=("since_2026-11-02",),
            tolerance=0.5,
            note="since 2 November to yesterday, not the one day",
        ),
        m(
            facts,
            today,
            "avg OTIF last week",
            "metric_average",
            "metric-otif",
            periods=("last_week",),
            tolerance=0.05,
            note="OTIF is on-time in-full deliveries",
        ),
        m(
            facts,
            today,
            "PPOH mid september on average?",
            "metric_average",
            "metric-ppoh",
            periods=("mid_september",),
            tolerance=0.05,
            note="PPOH is pieces per operator hour",
        ),
        m(
            facts,
            today,
            "average rewash rate since the dosing pump failed",
            "metric_average",
            "metric-rewash",
            periods=("since_2026-10-12",),
            tolerance=0.05,
            note="the pump failed on 12 October",
        ),
        gas,
        m(
            facts,
            today,
            "complaints mid oct vs early oct?",
            "metric_change",
            "metric-complaints",
            periods=("mid_october", "early_october"),
            tolerance=0.2,
        ),
        Question(
            "why did OTIF fall off at the end of october?",
            "metric_why",
            must_include=["RouteMate 5.0"],
            must_cite=["release-routemate-5"],
            note="nothing links the release to the metric: it went live on 26 October, the "
            "day the series drops",
        ),
        Question(
            "why was PPOH so poor mid sept",
            "metric_why",
            must_include=[["bearing", "ironer"]],
            must_cite=["incident-ironer"],
            note="the incident CAUSED the readings of 14-17 September",
        ),
        Question(
            "why did rewash spike in mid october",
            "metric_why",
            must_include=[["pump", "DoseControl"]],
            must_cite=["incident-dosing-pump"],
        ),
        Question(
            "why did gas per kg drop in early october",
            "metric_why",
            must_include=["heat recovery"],
            must_cite=["decision-heat-recovery"],
            note="decided on 10 September, commissioned on 5 October (its text says so)",
        ),
        Question(
            "what did the ironer breakdown cost us according to ravi's review",
            "document",
            must_include=["£4,180"],
            must_cite=["doc-ironer-review"],
        ),
        Question(
            "how many pars do we hold for trentham",
            "document",
            must_include=[["three pars", "3 pars"]],
            must_cite=["doc-trentham-plan"],
        ),
        Question(
            "what did we agree about saturday shifts in the ops meeting?",
            "meeting",
            must_include=["Saturday", "Tomasz"],
            note="said only in the 9 November transcript: a voluntary Saturday morning "
            "finishing shift from 14 November, Tomasz does the rota",
        ),
        Question(
            "who's doing what after monday's ops meeting?",
            "meeting",
            must_include=["Dean", "Ravi", "Tomasz", "Owen"],
            note="Dean: fixed rounds from 11 Nov; Ravi: flow alarms by 20 Nov; Tomasz: Saturday "
            "rota by 13 Nov; Owen: tell the prospects they start in January",
        ),
        Question(
            "what did we agree on monday about new customers over christmas",
            "meeting",
            must_include=[["1 December", "first of December"], ["4 January", "fourth of January"]],
            note="no new customer starts between 1 December and 4 January",
        ),
        Question(
            "how much do we charge trentham per piece?",
            "unknown",
            absent=["price per piece"],
            note="no prices per piece are in the records; the lost-linen charge is not one",
        ),
        Question(
            "who's our account manager at northern textiles",
            "unknown",
            absent=["account manager"],
            note="the records name no one at Northern Textiles",
        ),
        Question(
            "what did sandra kaye decide about the crewe depot?",
            "unknown",
            absent=["Sandra Kaye"],
            note="no Sandra Kaye; the only Crewe depot is Rotaline's, and nobody decided about it",
        ),
        Question(
            "how many pieces did we do in july",
            "unknown",
            absent=["2026-07-"],
            note="readings start on 19 August",
        ),
        Question("who won the darts on saturday", "offtopic"),
        Question("how do i get red wine out of a carpet", "offtopic"),
        Question("what's the capital of peru", "offtopic"),
    ]


def build() -> Business:
    """The laundry's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _company(w)
    _systems(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _messages(w)
    _documents(w)
    _decisions_and_rules(w)
    _work(w)
    return Business(
        SLUG,
        "Ashgrove Linen Services",
        "commercial laundry and linen hire (Ashgrove Linen Services, Stoke-on-Trent)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-11-09.txt",
                "title": "Monday ops meeting",
                "date": OPS_MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=Path(__file__).resolve().parent / SLUG)
