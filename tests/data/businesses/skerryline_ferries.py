"""Skerryline Ferries: a small island ferry operator at Brinnavoe (an invented Shetland-style
harbour town) running two routes to the islands of Hamarsay and Nordholm.

The story: Skerryline Ferries Ltd runs the lifeline ferry service for Brinnavoe Islands
Council with two vessels: MV Hamar Lass (18 cars, 95 passengers) on the 35-minute
Brinnavoe-Hamarsay route, loading over hydraulic linkspans at both ends, and MV Solan (8
cars, 60 passengers) on the Brinnavoe-Nordholm route, loading over her bow ramp. Bookings,
tickets and manifests live in TideTix (Tidemark Ticketing), whose subscription expires on
31 January 2027; customers book online on the TideTix web booking site, which takes cards
through the Cardwick merchant account, as the ticket office terminals do. Crew rosters and
STCW certificates are kept in RotaHelm (Helmshift Ltd). Marine gas oil comes from Norscot
Marine Fuels, dry-docking from Garthsound Shiprepair, and the passenger ship safety
certificate (PSSC) from the Isles Maritime Safety Agency (IMSA, the maritime authority)
after its annual survey. The vessels and the linkspans are Assets.

On 10 August ticket checks at the linkspans moved from the PierPad handhelds to the TideTix
Scan app, and on-time departures jumped (the decision is linked to the metric). From 1 to 4
September a hydraulic ram on the Brinnavoe linkspan failed and Hamar Lass carried foot
passengers only (linked to vehicles carried). MV Solan was in dry-dock at Garthsound from 14
to 27 September; the chartered passenger boat Bonxie ran the Nordholm route and its counts
were kept on paper, so Nordholm passengers have no readings for those days (the charter
decision is linked). A south-easterly gale on 3 and 4 October cancelled most sailings
(linked). Hamar Lass's fuel flowmeter failed from 7 to 12 October, so her fuel use has no
readings for those days (linked). TideTix 5.0 went live on 13 October with a compulsory
customer account at checkout and the online share of vehicle bookings fell that day
(nothing links the two). The PSSC survey preparation for Hamar Lass moved from Davie Gifford
to Captain Thomas Laurenson on 5 October. The operations meeting of Thursday 22 October
took vehicle bookings by phone call-back until TideTix 5.0.2 (guest checkout, by 30
October), handed the TideTix renewal from Elspeth Hunter to Lorna Williamson and set the
winter timetable from 2 November.

"Today" is Monday 26 October 2026; daily readings run from 28 July to 25 October.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from build import (  # noqa: E402
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

SLUG = "skerryline-ferries"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 26)
FIRST, LAST = date(2026, 7, 28), date(2026, 10, 25)
SEED = 6083
START = date(2023, 4, 3)
SCAN_FROM = date(2026, 8, 10)
RAM_DAYS = tuple(date(2026, 9, 1) + timedelta(days=i) for i in range(4))  # 1-4 Sep
RAM_BACK = date(2026, 9, 5)
DRYDOCK = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(14))  # 14-27 Sep
SOLAN_BACK = date(2026, 9, 28)
GALE = (date(2026, 10, 3), date(2026, 10, 4))
FLOWMETER_GAP = tuple(date(2026, 10, 7) + timedelta(days=i) for i in range(6))  # 7-12 Oct
FLOWMETER_BACK = date(2026, 10, 13)
TIDETIX_50 = date(2026, 10, 13)
PSSC_HANDOVER = date(2026, 10, 5)
RENEWAL_TASK_FROM = date(2026, 10, 1)
MEETING = date(2026, 10, 22)
WINDY = {date(2026, 8, 19): 3, date(2026, 9, 9): 4, date(2026, 10, 15): 5, date(2026, 10, 21): 6}
DOC_DATES = {
    "doc-conditions": date(2026, 3, 30),
    "doc-heavy-weather": date(2026, 2, 16),
    "doc-fares": date(2026, 4, 1),
    "doc-ram-review": date(2026, 9, 16),
    "doc-drydock-plan": date(2026, 8, 18),
    "doc-crewing": date(2026, 1, 12),
}

# fmt: off
PEOPLE = (
    ("person-alison-irvine", "Alison Irvine", "Managing director", None),
    ("person-magnus-isbister", "Magnus Isbister", "Operations manager", "team-ops"),
    ("person-inga-halcrow", "Inga Halcrow", "Terminal supervisor, Brinnavoe", "team-terminal"),
    ("person-andrew-nicolson", "Andrew Nicolson", "Terminal operative and linkspan operator",
     "team-terminal"),
    ("person-thomas-laurenson", "Thomas Laurenson", "Master, MV Hamar Lass",
     "team-hamar-lass"),
    ("person-jamie-goodlad", "Jamie Goodlad", "Mate, MV Hamar Lass", "team-hamar-lass"),
    ("person-freya-manson", "Freya Manson", "Master, MV Solan", "team-solan"),
    ("person-erlend-jamieson", "Erlend Jamieson", "Chief engineer (fleet)", "team-engineering"),
    ("person-shona-sinclair", "Shona Sinclair", "Booking office lead", "team-booking"),
    ("person-bryden-pottinger", "Bryden Pottinger", "Booking clerk", "team-booking"),
    ("person-ruth-anderson", "Ruth Anderson", "Crewing and certificates coordinator",
     "team-compliance"),
    ("person-davie-gifford", "Davie Gifford",
     "Marine superintendent and designated person ashore", "team-compliance"),
    ("person-lorna-williamson", "Lorna Williamson", "Finance manager", "team-office"),
    ("person-elspeth-hunter", "Elspeth Hunter", "Office and systems coordinator",
     "team-office"),
)
TEAMS = (
    ("team-ops", "Operations"),
    ("team-terminal", "Brinnavoe Terminal"),
    ("team-hamar-lass", "MV Hamar Lass crew"),
    ("team-solan", "MV Solan crew"),
    ("team-engineering", "Fleet Engineering"),
    ("team-booking", "Booking Office"),
    ("team-compliance", "Crewing & Safety Compliance"),
    ("team-office", "Office & Finance"),
)
VENDORS = (
    ("vendor-tidemark", "Tidemark Ticketing", "builds and hosts TideTix, the booking, "
     "ticketing and manifest system, its web booking site and the TideTix Scan boarding app"),
    ("vendor-cardwick", "Cardwick Payments", "card payments: the merchant account behind "
     "online bookings and the ticket office card terminals"),
    ("vendor-norscot", "Norscot Marine Fuels", "marine gas oil delivered by road tanker to "
     "the Brinnavoe pier tank and bunkered into both vessels"),
    ("vendor-garthsound", "Garthsound Shiprepair", "dry-docking, hull, propeller and "
     "steelwork repairs and the vessels' annual refits"),
    ("vendor-fjordlink", "Fjordlink Hydraulics", "maintenance and repair of the Brinnavoe "
     "and Hamarsay linkspans' hydraulic rams, pumps and hoses"),
    ("vendor-kvarnstrom", "Kvarnstrom Marine Propulsion", "main engines, gearboxes and the "
     "fuel flowmeters on both vessels, with service engineers"),
    ("vendor-helmshift", "Helmshift Ltd", "RotaHelm, the crew roster, rest hours and STCW "
     "certificate tracking system"),
    ("vendor-seawatch", "Seawatch Forecasting", "the marine forecast for Hamar Sound and the "
     "live feed from the Brinnavoe pier anemometer"),
    ("vendor-pierpad", "PierPad Systems", "the PierPad handheld ticket machines used at the "
     "linkspans and on board (used until August 2026)"),
    ("vendor-skua-charters", "Skua Boat Charters", "charter of the Bonxie, a 36-passenger "
     "workboat, as relief on the Nordholm route"),
    ("vendor-north-isles-training", "North Isles Maritime Training Centre", "STCW courses "
     "and refreshers for crew: sea survival, fire fighting, first aid, crowd management"),
    ("vendor-imsa", "Isles Maritime Safety Agency", "the maritime authority's annual "
     "surveys of both vessels, their passenger ship safety certificates and unannounced "
     "port state inspections"),
    ("vendor-ravnsea", "Ravnsea Liferaft Services", "annual servicing of both vessels' "
     "liferafts and marine evacuation chutes"),
)
TOOLS = (
    ("tool-tidetix", "TideTix booking and ticketing system", "vendor-tidemark",
     "person-elspeth-hunter"),
    ("tool-booking-site", "TideTix web booking site (skerryline online booking)",
     "vendor-tidemark", "person-shona-sinclair"),
    ("tool-tidetix-scan", "TideTix Scan boarding app on the linkspan handsets",
     "vendor-tidemark", "person-inga-halcrow"),
    ("tool-rotahelm", "RotaHelm crew roster and certificates system", "vendor-helmshift",
     "person-ruth-anderson"),
)
ACCOUNTS = (
    ("account-tidetix-subscription", "TideTix subscription", "person-elspeth-hunter",
     "Skerryline Ferries' subscription to TideTix with Tidemark Ticketing; without it nobody "
     "can take a booking, print a manifest or scan a ticket. It expires on 31 January "
     "2027.", {"expiresAt": "2027-01-31"}),
    ("account-cardwick-merchant", "Cardwick merchant account", "person-lorna-williamson",
     "The company's card merchant account with Cardwick Payments: the TideTix web booking "
     "site and the ticket office card terminals at Brinnavoe settle through it.", {}),
    ("account-norscot-supply", "Norscot Marine Fuels supply account",
     "person-erlend-jamieson",
     "The fuel supply account with Norscot Marine Fuels for marine gas oil deliveries to the "
     "Brinnavoe pier tank.", {}),
    ("account-pssc-hamar-lass", "MV Hamar Lass passenger ship safety certificate (PSSC)",
     "person-davie-gifford",
     "The passenger ship safety certificate the Isles Maritime Safety Agency issues to MV "
     "Hamar Lass after her annual survey; without a current one she may not carry "
     "passengers. The current certificate expires on 14 November 2026.",
     {"expiresAt": "2026-11-14"}),
    ("account-rotahelm", "RotaHelm subscription and admin login", "person-ruth-anderson",
     "The subscription and admin login for RotaHelm with Helmshift Ltd; the rosters, rest "
     "hours records and crew certificates are kept behind it.", {}),
)
SERVICES = (
    ("asset-hamar-lass", "MV Hamar Lass (18 cars, 95 passengers)",
     ("account-pssc-hamar-lass", "account-norscot-supply")),
    ("asset-solan", "MV Solan (8 cars, 60 passengers, bow ramp)",
     ("account-norscot-supply",)),
    ("asset-linkspan-brinnavoe", "Brinnavoe linkspan (berth 1)", ("vendor-fjordlink",)),
    ("asset-linkspan-hamarsay", "Hamarsay linkspan", ("vendor-fjordlink",)),
    ("service-hamarsay-route", "Brinnavoe-Hamarsay ferry route",
     ("asset-hamar-lass", "asset-linkspan-brinnavoe", "asset-linkspan-hamarsay")),
    ("service-nordholm-route", "Brinnavoe-Nordholm ferry route", ("asset-solan",)),
    ("service-online-booking", "Online vehicle and passenger bookings",
     ("tool-booking-site",)),
    ("service-ticket-office", "Brinnavoe terminal ticket office",
     ("tool-tidetix", "account-cardwick-merchant")),
    ("service-freight", "Island freight and livestock bookings",
     ("tool-tidetix", "service-hamarsay-route")),
    ("service-crew-rostering", "Crew rostering and certificate tracking",
     ("tool-rotahelm",)),
    ("service-sailing-status", "Sailing status and weather updates",
     ("vendor-seawatch",)),
    ("service-boarding", "Linkspan boarding and ticket checks", ()),
)
PRODUCTS = (
    ("product-car-hamarsay", "Car single, Brinnavoe-Hamarsay", ("service-hamarsay-route",)),
    ("product-islander-book", "Islander book (10 car singles)",
     ("service-hamarsay-route", "service-nordholm-route")),
    ("product-foot-nordholm", "Foot passenger return, Brinnavoe-Nordholm",
     ("service-nordholm-route",)),
)
RULES = (
    ("rule-wind-hamar-lass", "MV Hamar Lass does not sail when the mean wind at the "
     "Brinnavoe pier anemometer is above 40 knots or gusts are above 50 knots; the master's "
     "decision to cancel is final", "doc-heavy-weather", "person-davie-gifford"),
    ("rule-wind-solan", "MV Solan does not sail when the mean wind is above 32 knots or gusts "
     "are above 42 knots, or the significant wave height in the Nordholm channel is above "
     "2.0 metres", "doc-heavy-weather", "person-davie-gifford"),
    ("rule-checkin", "Vehicles must check in at the Brinnavoe or Hamarsay marshalling lane "
     "at least 20 minutes before departure; a booked vehicle that has not checked in 20 "
     "minutes before departure loses its space to the standby lane", "doc-conditions",
     "person-inga-halcrow"),
    ("rule-refunds", "A booking cancelled by the customer more than 24 hours before "
     "departure is refunded in full; within 24 hours it becomes a credit voucher for 50% of "
     "the fare. A sailing cancelled by Skerryline for weather or a defect gets a full "
     "refund or free rebooking", "doc-conditions", "person-shona-sinclair"),
    ("rule-dangerous-goods", "Vehicles carrying dangerous goods (more than two 47 kg gas "
     "cylinders, fuel in bulk, explosives) must declare them when booking and travel only "
     "on the 06:40 Brinnavoe-Hamarsay dangerous goods sailing, with no more than 12 "
     "passengers aboard", "doc-conditions", "person-thomas-laurenson"),
    ("rule-dogs", "Dogs travel on a lead in the dog area of the aft lounge or stay in the "
     "vehicle on the car deck; livestock travel only in a trailer on the car deck",
     "doc-conditions", "person-inga-halcrow"),
    ("rule-rest-hours", "No crew member works more than 14 hours in any 24-hour period, and "
     "every crew member has at least 10 hours rest in any 24 hours and 77 hours in any "
     "seven days", "doc-crewing", "person-ruth-anderson"),
    ("rule-certificates", "Nobody is rostered on either vessel with an STCW certificate that "
     "has expired or expires before the end of the roster period; RotaHelm blocks the shift",
     "doc-crewing", "person-ruth-anderson"),
    ("rule-bunkering", "No bunkering with passengers aboard: bunkering from the Brinnavoe "
     "pier tank only with the car deck empty, the scuppers plugged and a spill kit at the "
     "manifold", "doc-heavy-weather", "person-erlend-jamieson"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-skerryline",
        "Skerryline Ferries",
        src="companies-house:skerryline-ferries",
        as_of=date(2011, 6, 6),
        city="Brinnavoe",
        text="Skerryline Ferries Ltd runs the island ferry service from Brinnavoe: the "
        "Brinnavoe-Hamarsay vehicle ferry route with MV Hamar Lass and the Brinnavoe-Nordholm "
        "route with MV Solan, the Brinnavoe terminal and ticket office, bookings online and "
        "by phone, and freight and livestock bookings for the islands.",
    )
    w.node(
        "Organization",
        "org-council",
        "Brinnavoe Islands Council",
        src="council:ferry-contract",
        as_of=START,
        text="The islands council; it owns the Hamarsay pier and pays Skerryline Ferries to "
        "run the lifeline ferry service under a five-year contract.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="staffbook:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-skerryline", since=START, src="staffbook:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="staffbook:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@skerryline.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-skerryline", since=START, src="staffbook:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="sage:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-skerryline", "USES", vid, since=START, src="sage:suppliers")
    w.node(
        "Deal",
        "deal-council-contract",
        "Brinnavoe Islands Council lifeline ferry contract 2025-2030",
        src="council:ferry-contract",
        as_of=date(2025, 4, 1),
        stage="won",
        value=1840000,
        text="The council's five-year contract for the Hamarsay and Nordholm lifeline "
        "routes from 1 April 2025: about £1,840,000 a year, with a penalty for every "
        "timetabled sailing lost to a defect (weather cancellations are excused).",
    )
    w.edge(
        "deal-council-contract",
        "ASSIGNED_TO",
        "person-alison-irvine",
        since=date(2025, 4, 1),
        src="council:ferry-contract",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-hamarsay-salmon",
            "Hamarsay Salmon",
            "The fish farm on Hamarsay; feed lorries over and harvest trucks back most "
            "weekdays, the biggest freight customer on the Hamarsay route.",
            "service-freight",
        ),
        (
            "customer-nordholm-school",
            "Nordholm Primary School",
            "Pupils and two teachers cross from Brinnavoe to Nordholm on the 08:05 and back "
            "on the 15:40 in term time.",
            "service-nordholm-route",
        ),
        (
            "customer-hamarsay-shop",
            "Hamarsay Community Shop",
            "The island shop; its weekly grocery van crosses on Tuesdays and Fridays.",
            "service-freight",
        ),
    ):
        w.node("Customer", cid, name, src="tidetix:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="tidetix:accounts")


def _systems(w: Book) -> None:
    src = "drive:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        kind = "Asset" if sid.startswith("asset-") else "Service"
        w.node(kind, sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="tidetix:fares", as_of=START)
    w.edges(
        src,
        START,
        ("tool-tidetix", "DEPENDS_ON", "account-tidetix-subscription"),
        ("account-tidetix-subscription", "DEPENDS_ON", "vendor-tidemark"),
        ("account-tidetix-subscription", "PART_OF", "tool-tidetix"),
        ("tool-booking-site", "DEPENDS_ON", "tool-tidetix"),
        ("tool-booking-site", "DEPENDS_ON", "account-cardwick-merchant"),
        ("tool-tidetix-scan", "DEPENDS_ON", "tool-tidetix"),
        ("account-cardwick-merchant", "DEPENDS_ON", "vendor-cardwick"),
        ("account-norscot-supply", "DEPENDS_ON", "vendor-norscot"),
        ("account-pssc-hamar-lass", "DEPENDS_ON", "vendor-imsa"),
        ("account-pssc-hamar-lass", "PART_OF", "asset-hamar-lass"),
        ("tool-rotahelm", "DEPENDS_ON", "account-rotahelm"),
        ("account-rotahelm", "DEPENDS_ON", "vendor-helmshift"),
        ("account-rotahelm", "PART_OF", "tool-rotahelm"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("asset-hamar-lass", "PART_OF", "service-hamarsay-route"),
        ("asset-solan", "PART_OF", "service-nordholm-route"),
        ("team-booking", "USES", "tool-tidetix"),
        ("team-booking", "USES", "tool-booking-site"),
        ("team-terminal", "USES", "tool-tidetix"),
        ("team-terminal", "USES", "tool-tidetix-scan"),
        ("team-compliance", "USES", "tool-rotahelm"),
        ("team-hamar-lass", "USES", "tool-rotahelm"),
        ("team-solan", "USES", "tool-rotahelm"),
        ("team-office", "USES", "tool-tidetix"),
        ("person-magnus-isbister", "OWNS", "service-hamarsay-route"),
        ("person-magnus-isbister", "OWNS", "service-nordholm-route"),
        ("person-thomas-laurenson", "OWNS", "asset-hamar-lass"),
        ("person-freya-manson", "OWNS", "asset-solan"),
        ("person-inga-halcrow", "OWNS", "asset-linkspan-brinnavoe"),
        ("person-andrew-nicolson", "OWNS", "asset-linkspan-hamarsay"),
        ("person-inga-halcrow", "OWNS", "service-boarding"),
        ("person-shona-sinclair", "OWNS", "service-online-booking"),
        ("person-shona-sinclair", "OWNS", "service-ticket-office"),
        ("person-bryden-pottinger", "OWNS", "service-freight"),
        ("person-ruth-anderson", "OWNS", "service-crew-rostering"),
        ("person-magnus-isbister", "OWNS", "service-sailing-status"),
    )
    # Ticket checks at the linkspans: PierPad handhelds until 10 August, then TideTix Scan.
    w.node(
        "Tool",
        "tool-pierpad",
        "PierPad ticket handhelds (retired)",
        src=src,
        as_of=SCAN_FROM,
        status="retired",
        kind="hardware",
    )
    for frm, to in (
        ("tool-pierpad", "vendor-pierpad"),
        ("tool-pierpad", "account-cardwick-merchant"),
        ("service-boarding", "tool-pierpad"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=SCAN_FROM, src=src)
    w.edge("service-boarding", "DEPENDS_ON", "tool-tidetix-scan", since=SCAN_FROM, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("hpax", "veh", "npax", "cancel", "ontime", "fuel", "online")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        season = 1.0 if day < date(2026, 9, 1) else 0.8 if day < date(2026, 10, 1) else 0.63
        gale = day in GALE
        # Hamarsay passengers (foot and in vehicles)
        if wd in (4, 5):
            hpax = rng.uniform(650, 780)
        elif wd == 6:
            hpax = rng.uniform(520, 640)
        else:
            hpax = rng.uniform(470, 600)
        hpax *= season
        if day in RAM_DAYS:
            hpax *= 0.7
        if gale:
            hpax *= 0.15 if day == GALE[0] else 0.3
        # vehicles carried on Hamar Lass
        if day in RAM_DAYS:
            veh = 0
        else:
            veh = rng.uniform(120, 150) if wd in (4, 5) else rng.uniform(92, 128)
            veh *= 0.85 if day >= date(2026, 9, 1) else 1.0
            veh *= 0.85 if day >= date(2026, 10, 1) else 1.0
            if gale:
                veh *= 0.15 if day == GALE[0] else 0.3
        # Nordholm passengers
        npax = rng.uniform(190, 250) if wd in (4, 5) else rng.uniform(150, 210)
        npax *= 1.0 if day < date(2026, 9, 1) else 0.82 if day < date(2026, 10, 1) else 0.66
        if day == GALE[0]:
            npax = 0
        elif day == GALE[1]:
            npax *= 0.3
        # departures cancelled, both routes (34 timetabled a day)
        if day == GALE[0]:
            cancel = 31
        elif day == GALE[1]:
            cancel = 19
        elif day in WINDY:
            cancel = WINDY[day]
        elif day in DRYDOCK:
            cancel = rng.choice((0, 0, 0, 1, 2))  # the Bonxie is more weather-limited
        else:
            cancel = rng.choice((0, 0, 0, 0, 0, 0, 1, 1, 2))
        # on-time departures (within 5 minutes of the timetable)
        ontime = rng.uniform(76.0, 86.0) if day < SCAN_FROM else rng.uniform(90.0, 96.0)
        if day in RAM_DAYS:
            ontime = rng.uniform(71.0, 79.0)
        if gale or day in WINDY:
            ontime = rng.uniform(58.0, 70.0)
        # Hamar Lass fuel burn (litres of marine gas oil)
        fuel = rng.uniform(2900, 3400) * (0.86 if wd == 6 else 1.0)
        if gale:
            fuel *= 0.25 if day == GALE[0] else 0.45
        # online share of vehicle bookings
        online = rng.uniform(63.0, 73.0) if day < TIDETIX_50 else rng.uniform(43.0, 52.0)
        out["hpax"].append((day, round(hpax)))
        out["veh"].append((day, round(veh)))
        if day not in DRYDOCK:
            out["npax"].append((day, round(npax)))
        out["cancel"].append((day, cancel))
        out["ontime"].append((day, round(ontime, 1)))
        if day not in FLOWMETER_GAP:
            out["fuel"].append((day, round(fuel)))
        out["online"].append((day, round(online, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    tt, km, rh = "tidetix:reports", "kvarnstrom:engine-log", "tidetix:sailings"
    w.metric(
        "metric-hamarsay-passengers",
        "Passengers carried, Brinnavoe-Hamarsay",
        "passengers",
        "sum",
        src=tt,
        since=START,
        measures="service-hamarsay-route",
    )
    w.metric(
        "metric-hamarsay-vehicles",
        "Vehicles carried, Brinnavoe-Hamarsay (MV Hamar Lass)",
        "vehicles",
        "sum",
        src=tt,
        since=START,
        measures="service-hamarsay-route",
    )
    w.metric(
        "metric-nordholm-passengers",
        "Passengers carried, Brinnavoe-Nordholm",
        "passengers",
        "sum",
        src=tt,
        since=START,
        measures="service-nordholm-route",
    )
    w.metric(
        "metric-sailings-cancelled",
        "Sailings cancelled (departures, both routes)",
        "departures",
        "sum",
        src=rh,
        since=START,
    )
    w.metric(
        "metric-on-time",
        "On-time departures (within 5 minutes of the timetable)",
        "%",
        "mean",
        src=rh,
        since=START,
    )
    w.metric(
        "metric-hamar-lass-fuel",
        "MV Hamar Lass fuel used (litres of marine gas oil)",
        "litres",
        "sum",
        src=km,
        since=START,
        measures="asset-hamar-lass",
    )
    w.metric(
        "metric-online-share",
        "Online share of vehicle bookings",
        "%",
        "mean",
        src=tt,
        since=START,
        measures="service-online-booking",
    )
    return {
        "hpax": w.readings("metric-hamarsay-passengers", series["hpax"], src=tt),
        "veh": w.readings("metric-hamarsay-vehicles", series["veh"], src=tt),
        "npax": w.readings("metric-nordholm-passengers", series["npax"], src=tt),
        "cancel": w.readings("metric-sailings-cancelled", series["cancel"], src=rh),
        "ontime": w.readings("metric-on-time", series["ontime"], src=rh),
        "fuel": w.readings("metric-hamar-lass-fuel", series["fuel"], src=km),
        "online": w.readings("metric-online-share", series["online"], src=tt),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "drive:incident-log/2026-07"
    started, back = "2026-09-01T06:20:00+00:00", "2026-09-04T17:30:00+00:00"
    w.node(
        "Incident",
        "incident-linkspan-ram",
        "Brinnavoe linkspan hydraulic ram failure",
        src=src,
        as_of=RAM_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 06:20 on 1 September, lowering the Brinnavoe linkspan for the first "
        "sailing, the port lifting ram lost pressure and the bridge settled out of level; "
        "the seal had failed and the ram was scored. The linkspan was locked up and MV Hamar "
        "Lass ran the Hamarsay timetable for foot passengers only over the pontoon gangway "
        "until Fjordlink Hydraulics fitted a new ram on 4 September, so vehicles carried on "
        "the Hamarsay route fell to nothing from 1 to 4 September.",
    )
    w.edges(
        src,
        started,
        ("incident-linkspan-ram", "AFFECTS", "asset-linkspan-brinnavoe"),
        ("incident-linkspan-ram", "AFFECTS", "metric-hamarsay-vehicles"),
        *(("incident-linkspan-ram", "CAUSED", obs["veh"][d]) for d in RAM_DAYS),
        ("person-inga-halcrow", "OWNS", "incident-linkspan-ram"),
        as_of=RAM_BACK,
    )
    w.node(
        "Task",
        "task-new-ram",
        "Fit a new port lifting ram on the Brinnavoe linkspan and load test the bridge",
        src="drive:incident-log/2026-07",
        as_of=RAM_BACK,
        status="done",
    )
    w.edges(
        "drive:incident-log/2026-07",
        date(2026, 9, 1),
        ("person-andrew-nicolson", "OWNS", "task-new-ram"),
        ("person-andrew-nicolson", "WORKS_ON", "task-new-ram"),
        ("task-new-ram", "FIXES", "incident-linkspan-ram"),
        ("task-new-ram", "DEPENDS_ON", "vendor-fjordlink"),
        as_of=RAM_BACK,
    )
    src = "drive:incident-log/2026-09"
    w.node(
        "Incident",
        "incident-se-gale",
        "South-easterly gale: sailings cancelled on 3 and 4 October",
        src=src,
        as_of=date(2026, 10, 5),
        status="resolved",
        severity="medium",
        startedAt="2026-10-03T04:00:00+00:00",
        resolvedAt="2026-10-04T18:00:00+00:00",
        text="A south-easterly gale gusting 58 knots at the Brinnavoe pier anemometer on 3 "
        "October and 45 knots on 4 October. MV Solan stayed in harbour all of 3 October and "
        "MV Hamar Lass made only the 06:40 and the 07:50 before the master stood her down; "
        "31 departures were cancelled on 3 October and 19 on 4 October.",
    )
    w.edges(
        src,
        "2026-10-03T04:00:00+00:00",
        ("incident-se-gale", "AFFECTS", "metric-sailings-cancelled"),
        ("incident-se-gale", "AFFECTS", "service-hamarsay-route"),
        ("incident-se-gale", "AFFECTS", "service-nordholm-route"),
        *(("incident-se-gale", "CAUSED", obs["cancel"][d]) for d in GALE),
        ("person-magnus-isbister", "OWNS", "incident-se-gale"),
        as_of=date(2026, 10, 5),
    )
    src = "drive:incident-log/2026-10"
    w.node(
        "Incident",
        "incident-flowmeter",
        "MV Hamar Lass fuel flowmeter failure",
        src=src,
        as_of=FLOWMETER_BACK,
        status="resolved",
        severity="low",
        startedAt="2026-10-07T05:30:00+00:00",
        resolvedAt="2026-10-13T07:00:00+00:00",
        text="On 7 October the fuel flowmeter on MV Hamar Lass's main engine supply stopped "
        "counting (a seized turbine). She kept sailing, but her daily fuel use was not "
        "recorded from 7 to 12 October; only the bunker total for the week is known. "
        "Kvarnstrom Marine Propulsion fitted a new flowmeter on 13 October.",
    )
    w.edges(
        src,
        "2026-10-07T05:30:00+00:00",
        ("incident-flowmeter", "AFFECTS", "metric-hamar-lass-fuel"),
        ("incident-flowmeter", "AFFECTS", "asset-hamar-lass"),
        ("person-erlend-jamieson", "OWNS", "incident-flowmeter"),
        as_of=FLOWMETER_BACK,
    )
    w.node(
        "Task",
        "task-new-flowmeter",
        "Fit a replacement fuel flowmeter on MV Hamar Lass",
        src=src,
        as_of=FLOWMETER_BACK,
        status="done",
    )
    w.edges(
        src,
        date(2026, 10, 7),
        ("person-erlend-jamieson", "OWNS", "task-new-flowmeter"),
        ("person-erlend-jamieson", "WORKS_ON", "task-new-flowmeter"),
        ("task-new-flowmeter", "FIXES", "incident-flowmeter"),
        ("task-new-flowmeter", "DEPENDS_ON", "vendor-kvarnstrom"),
        as_of=FLOWMETER_BACK,
    )
    # The TideTix release: nothing ties it to the online share; it just falls that day.
    rel_at = "2026-10-13T02:00:00+00:00"
    w.node(
        "Release",
        "release-tidetix-50",
        "TideTix 5.0",
        src="tidemark:releases/5.0",
        as_of=rel_at,
        version="5.0",
        releasedAt=rel_at,
        text="Tidemark Ticketing's TideTix 5.0 for every operator on the platform: a new "
        "web booking checkout that makes every customer create an account and log in "
        "before paying, saved vehicles and passengers, and a new deck plan screen for the "
        "booking office.",
    )
    w.edges(
        "tidemark:releases/5.0",
        rel_at,
        ("release-tidetix-50", "PART_OF", "service-online-booking"),
        ("release-tidetix-50", "CHANGED", "tool-booking-site"),
    )


MESSAGES = (
    (
        "message-scan-switch",
        "Inga in #terminal on 3 August",
        "person-inga-halcrow",
        "channel-terminal",
        _at(date(2026, 8, 3), 7, 30),
        "From Monday 10 August we check tickets at both linkspans with the TideTix Scan app "
        "on the new handsets, not the PierPad handhelds. The PierPads can't read the TideTix "
        "QR codes, so every car gets checked against a printed manifest, about 40 seconds a "
        "car, and that is what makes us late away. The PierPads go back to the office on "
        "the 10th.",
    ),
    (
        "message-bonxie",
        "Magnus in #ops on 18 August",
        "person-magnus-isbister",
        "channel-ops",
        _at(date(2026, 8, 18), 9, 0),
        "Solan goes up on the slip at Garthsound on 14 September for two weeks. Skua Boat "
        "Charters' Bonxie will run the Nordholm passenger sailings meanwhile, foot "
        "passengers only, 36 max. Vehicles for Nordholm go via the Hamarsay route and the "
        "causeway. Bonxie's crew count on paper, so no TideTix counts for Nordholm while "
        "she's on.",
    ),
    (
        "message-linkspan-down",
        "Inga in #terminal on 1 September",
        "person-inga-halcrow",
        "channel-terminal",
        _at(date(2026, 9, 1), 6, 45),
        "Brinnavoe linkspan is locked up: the port ram lost pressure lowering for the 06:40. "
        "Hamar Lass runs foot passengers only over the gangway until further notice. "
        "Fjordlink are sending a ram. Booking office, please ring every car booked today.",
    ),
    (
        "message-linkspan-back",
        "Andrew in #terminal on 4 September",
        "person-andrew-nicolson",
        "channel-terminal",
        _at(date(2026, 9, 4), 17, 45),
        "New ram in and the bridge load tested with the Hamarsay Salmon feed lorry. Cars "
        "back on from the 06:40 tomorrow.",
    ),
    (
        "message-gale",
        "Magnus in #ops on 2 October",
        "person-magnus-isbister",
        "channel-ops",
        _at(date(2026, 10, 2), 16, 0),
        "Seawatch have the south-easterly at 45 gusting 60 tomorrow. Solan won't sail "
        "Saturday at all; Thomas will see what Hamar Lass can do first thing. Sailing status "
        "updated, booking office texting everyone booked.",
    ),
    (
        "message-pssc-handover",
        "Davie in #ops on 5 October",
        "person-davie-gifford",
        "channel-ops",
        _at(PSSC_HANDOVER, 8, 30),
        "Thomas is taking over the Hamar Lass PSSC survey prep from today; the certificate "
        "runs out on 14 November and IMSA need the survey booked. I've got the Solan "
        "post-dry-dock paperwork and the port state visit to deal with.",
    ),
    (
        "message-flowmeter",
        "Erlend in #hamar-lass on 7 October",
        "person-erlend-jamieson",
        "channel-hamar-lass",
        _at(date(2026, 10, 7), 8, 10),
        "Fuel flowmeter on Hamar Lass has stopped counting, turbine seized. No effect on the "
        "engine, but no daily fuel figures till Kvarnstrom get a new one to us. I'll dip "
        "the tanks at bunkering for the week total.",
    ),
    (
        "message-tidetix-50",
        "Shona in #booking-office on 12 October",
        "person-shona-sinclair",
        "channel-booking-office",
        _at(date(2026, 10, 12), 15, 0),
        "Tidemark are putting TideTix 5.0 live overnight: new web checkout, saved vehicles "
        "and a new deck plan screen for us. Nothing to do our end, but shout if folk ring "
        "about the booking site.",
    ),
    (
        "message-ops-notes",
        "Operations meeting notes, 22 October",
        "person-magnus-isbister",
        "channel-ops",
        _at(MEETING, 11, 0),
        "Ops meeting, Thu 22 Oct. 1) Online share of vehicle bookings down from about 68% "
        "to 48% since TideTix 5.0 made customers create an account at checkout. Tidemark "
        "ship 5.0.2 with guest checkout by Fri 30 Oct (Shona). Until then the booking office "
        "phones back every abandoned booking the same day and holds the deck space 24 hours "
        "(Bryden). 2) TideTix subscription expires 31 Jan: Lorna takes the renewal from "
        "Elspeth, signed by Fri 11 Dec. 3) Winter timetable from Mon 2 Nov: Nordholm down to "
        "four return sailings Mon-Sat, two on Sundays (Freya, Shona to publish). 4) Hamar "
        "Lass PSSC expires 14 Nov: IMSA survey booked Tue 10 Nov (Thomas). 5) Erlend fits a "
        "second flowmeter on Hamar Lass by Fri 6 Nov. 6) Ruth books two deckhands on the "
        "sea survival refresher at North Isles Maritime Training Centre, 16-17 Nov. 7) "
        "Norscot up 4% on 1 Nov: Erlend fills the pier tank before then.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{_ts(at)}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-ops", "#ops"),
        ("channel-terminal", "#terminal"),
        ("channel-booking-office", "#booking-office"),
        ("channel-hamar-lass", "#hamar-lass"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, at, text in MESSAGES:
        src, said = _src(mid), at.isoformat()
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    for mid, targets in (
        ("message-scan-switch", ("tool-tidetix-scan", "tool-pierpad", "service-boarding")),
        ("message-bonxie", ("service-nordholm-route", "asset-solan")),
        ("message-linkspan-down", ("incident-linkspan-ram", "asset-linkspan-brinnavoe")),
        ("message-linkspan-back", ("incident-linkspan-ram", "task-new-ram")),
        ("message-gale", ("incident-se-gale", "service-sailing-status")),
        ("message-flowmeter", ("incident-flowmeter", "asset-hamar-lass")),
        ("message-tidetix-50", ("release-tidetix-50", "tool-booking-site")),
        (
            "message-ops-notes",
            (
                "tool-booking-site",
                "release-tidetix-50",
                "account-tidetix-subscription",
                "service-nordholm-route",
                "account-pssc-hamar-lass",
                "account-norscot-supply",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Hamar Lass": "asset-hamar-lass",
        "Solan": "asset-solan",
        "linkspan": "asset-linkspan-brinnavoe",
        "TideTix": "tool-tidetix",
        "RotaHelm": "tool-rotahelm",
        "Cardwick": "vendor-cardwick",
        "Fjordlink": "vendor-fjordlink",
        "Garthsound": "vendor-garthsound",
        "Norscot": "vendor-norscot",
        "Kvarnstrom": "vendor-kvarnstrom",
        "Bonxie": "vendor-skua-charters",
        "IMSA": "vendor-imsa",
        "Hamarsay Salmon": "customer-hamarsay-salmon",
        "Magnus Isbister": "person-magnus-isbister",
        "Erlend Jamieson": "person-erlend-jamieson",
        "Inga Halcrow": "person-inga-halcrow",
        "Ruth Anderson": "person-ruth-anderson",
    }
    for path, did, author, kind, about in (
        (
            "conditions-of-carriage-2026.md",
            "doc-conditions",
            "person-shona-sinclair",
            "conditions",
            ["service-hamarsay-route", "service-nordholm-route", "service-online-booking"],
        ),
        (
            "heavy-weather-and-cancellation-procedure.md",
            "doc-heavy-weather",
            "person-davie-gifford",
            "procedure",
            ["asset-hamar-lass", "asset-solan", "service-sailing-status"],
        ),
        (
            "fares-2026-27.md",
            "doc-fares",
            "person-lorna-williamson",
            "price list",
            ["product-car-hamarsay", "product-islander-book", "product-foot-nordholm"],
        ),
        (
            "brinnavoe-linkspan-ram-failure-review.md",
            "doc-ram-review",
            "person-magnus-isbister",
            "incident review",
            ["incident-linkspan-ram"],
        ),
        (
            "solan-dry-dock-plan-2026.md",
            "doc-drydock-plan",
            "person-erlend-jamieson",
            "plan",
            ["asset-solan", "service-nordholm-route"],
        ),
        (
            "crew-rostering-and-certificates.md",
            "doc-crewing",
            "person-ruth-anderson",
            "procedure",
            ["service-crew-rostering"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"drive:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"drive:{doc.removeprefix('doc-')}"
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
        "decision-pierpad-tickets",
        "Check tickets at the linkspans and sell on board with PierPad handhelds",
        src="drive:ticketing-2023",
        on=START,
        why="The PierPad handhelds printed and checked paper tickets and took cards on board, "
        "so the deck crew could sell and check tickets at the linkspans without a ticket "
        "office at Hamarsay.",
        made_by="person-magnus-isbister",
        made_in=None,
    )
    decision(
        "decision-tidetix-scan",
        "Check tickets at the linkspans with the TideTix Scan app from 10 August",
        src=_src("message-scan-switch"),
        on=date(2026, 8, 3),
        why="The PierPad handhelds cannot read the TideTix QR codes, so every vehicle was "
        "checked against a printed manifest, about 40 seconds a car, and loading ran late. "
        "TideTix Scan reads the QR code on a phone or a printout in a second and ticks the "
        "live manifest, so loading is quicker and departures leave on time.",
        made_by="person-inga-halcrow",
        made_in="message-scan-switch",
        edges=(
            ("decision-tidetix-scan", "SUPERSEDES", "decision-pierpad-tickets"),
            ("decision-tidetix-scan", "AFFECTS", "service-boarding"),
            ("decision-tidetix-scan", "AFFECTS", "metric-on-time"),
            ("decision-tidetix-scan", "MENTIONS", "tool-tidetix-scan"),
            ("decision-tidetix-scan", "MENTIONS", "tool-pierpad"),
        ),
    )
    decision(
        "decision-bonxie-charter",
        "Charter the Bonxie for the Nordholm passenger sailings while MV Solan is in dry-dock "
        "(14 to 27 September)",
        src=_src("message-bonxie"),
        on=date(2026, 8, 18),
        why="MV Solan's five-yearly dry-dock and IMSA hull survey at Garthsound Shiprepair "
        "takes two weeks, and Nordholm has no other link. Skua Boat Charters' Bonxie at "
        "£1,150 a day keeps the school run and the foot passenger sailings going; vehicles "
        "go round by the Hamarsay route and the causeway. Bonxie's crew count passengers on "
        "paper, so Nordholm passengers have no daily counts while she runs.",
        made_by="person-magnus-isbister",
        made_in="message-bonxie",
        edges=(
            ("decision-bonxie-charter", "BASED_ON", "doc-drydock-plan"),
            ("decision-bonxie-charter", "AFFECTS", "service-nordholm-route"),
            ("decision-bonxie-charter", "AFFECTS", "metric-nordholm-passengers"),
            ("decision-bonxie-charter", "MENTIONS", "vendor-skua-charters"),
        ),
    )
    decision(
        "decision-spare-ram",
        "Keep a spare linkspan ram in store and have Fjordlink inspect the ram seals every six "
        "months",
        src="drive:brinnavoe-linkspan-ram-failure-review",
        on=DOC_DATES["doc-ram-review"],
        why="The port ram on the Brinnavoe linkspan was the original 2009 ram and its seal "
        "failed without warning; the failure cost £18,640 and four days without cars on the "
        "Hamarsay route. A spare ram in the store and six-monthly seal inspections turn the "
        "next failure into a day, not four.",
        made_by="person-magnus-isbister",
        made_in="doc-ram-review",
        edges=(
            ("decision-spare-ram", "BASED_ON", "doc-ram-review"),
            ("decision-spare-ram", "MENTIONS", "incident-linkspan-ram"),
            ("decision-spare-ram", "AFFECTS", "asset-linkspan-brinnavoe"),
        ),
    )
    notes = _src("message-ops-notes")
    decision(
        "decision-phone-callbacks",
        "Phone back every abandoned online booking and hold its deck space for 24 hours until "
        "TideTix 5.0.2 brings guest checkout (by 30 October)",
        src=notes,
        on=MEETING,
        why="Since TideTix 5.0 made customers create an account and log in at checkout, the "
        "online share of vehicle bookings fell from about 68% to 48%, and islanders booking "
        "on a phone give up at the login. Tidemark will not drop the account for everyone, "
        "but 5.0.2 adds a guest checkout; until then the booking office phones back every "
        "abandoned booking the same day and holds the deck space for 24 hours.",
        made_by="person-alison-irvine",
        made_in="message-ops-notes",
        edges=(
            ("decision-phone-callbacks", "AFFECTS", "service-online-booking"),
            ("decision-phone-callbacks", "MENTIONS", "release-tidetix-50"),
            ("decision-phone-callbacks", "MENTIONS", "tool-booking-site"),
        ),
    )
    decision(
        "decision-winter-timetable",
        "Run the winter timetable from 2 November: four Nordholm return sailings Monday to "
        "Saturday and two on Sundays",
        src=notes,
        on=MEETING,
        why="Nordholm passengers are down by about a third since the summer, and the winter "
        "timetable frees MV Solan's crew for leave and the refresher courses while keeping "
        "the school sailings at 08:05 and 15:40.",
        made_by="person-alison-irvine",
        made_in="message-ops-notes",
        edges=(
            ("decision-winter-timetable", "AFFECTS", "service-nordholm-route"),
            ("decision-winter-timetable", "MENTIONS", "customer-nordholm-school"),
        ),
    )


def _work(w: Book) -> None:
    src = "rotahelm:tasks/pssc-hamar-lass"
    w.node(
        "Task",
        "task-pssc-survey",
        "Prepare MV Hamar Lass for her IMSA annual survey before the PSSC expires on 14 November",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-11-10",
        text="Book the IMSA annual survey for MV Hamar Lass, have the liferaft service "
        "certificates from Ravnsea, the drill records and the linkspan ram repair report "
        "ready, and file the new passenger ship safety certificate before the old one "
        "expires on 14 November.",
    )
    w.edge("person-davie-gifford", "OWNS", "task-pssc-survey", since=date(2026, 8, 3), src=src)
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-pssc-survey", "ABOUT", "account-pssc-hamar-lass"),
        ("task-pssc-survey", "DEPENDS_ON", "vendor-imsa"),
        ("person-davie-gifford", "WORKS_ON", "task-pssc-survey"),
    )
    w.edges(
        _src("message-pssc-handover"),
        PSSC_HANDOVER,
        ("person-thomas-laurenson", "OWNS", "task-pssc-survey"),
        ("person-thomas-laurenson", "WORKS_ON", "task-pssc-survey"),
        ("message-pssc-handover", "MENTIONS", "task-pssc-survey"),
    )

    src = "drive:tasks/tidetix-renewal"
    w.node(
        "Task",
        "task-tidetix-renewal",
        "Renew the TideTix subscription before it expires on 31 January",
        src=src,
        as_of=RENEWAL_TASK_FROM,
        status="in progress",
        due="2026-12-11",
        text="Agree the renewal with Tidemark Ticketing (a three-year term at 8% off if "
        "signed before 11 December, with the Scan app handsets and the web booking site in "
        "the price) and sign it by 11 December.",
    )
    w.edge(
        "person-elspeth-hunter", "OWNS", "task-tidetix-renewal", since=RENEWAL_TASK_FROM, src=src
    )
    w.edges(
        src,
        RENEWAL_TASK_FROM,
        ("task-tidetix-renewal", "ABOUT", "account-tidetix-subscription"),
        ("person-elspeth-hunter", "WORKS_ON", "task-tidetix-renewal"),
    )
    notes = _src("message-ops-notes")
    w.edges(
        notes,
        MEETING,
        ("person-lorna-williamson", "OWNS", "task-tidetix-renewal"),
        ("person-lorna-williamson", "WORKS_ON", "task-tidetix-renewal"),
        ("message-ops-notes", "MENTIONS", "task-tidetix-renewal"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-tidetix-502",
            "Get TideTix 5.0.2 (guest checkout) from Tidemark",
            "person-shona-sinclair",
            "2026-10-30",
            "Tidemark Ticketing ship TideTix 5.0.2 with a guest checkout by Friday 30 "
            "October; a banner on the booking site asks islanders to ring meanwhile.",
            "release-tidetix-50",
        ),
        (
            "task-callbacks",
            "Phone back every abandoned online booking and hold the space 24 hours",
            "person-bryden-pottinger",
            "2026-10-30",
            "The booking office rings every abandoned vehicle booking the same day, books it "
            "by phone and holds the deck space for 24 hours until 5.0.2 is in.",
            "service-online-booking",
        ),
        (
            "task-winter-timetable",
            "Publish the winter timetable for 2 November",
            "person-freya-manson",
            "2026-10-27",
            "Four Nordholm return sailings Monday to Saturday and two on Sundays from 2 "
            "November; Shona Sinclair loads it into TideTix and the booking site.",
            "service-nordholm-route",
        ),
        (
            "task-imsa-survey-date",
            "Host the IMSA annual survey of MV Hamar Lass on 10 November",
            "person-thomas-laurenson",
            "2026-11-10",
            "Surveyor aboard from 08:00; a relief timetable with foot passengers only on the "
            "morning sailings.",
            "account-pssc-hamar-lass",
        ),
        (
            "task-second-flowmeter",
            "Fit a second, independent fuel flowmeter on MV Hamar Lass",
            "person-erlend-jamieson",
            "2026-11-06",
            "Kvarnstrom's quote is £2,300; with two meters a failed one no longer loses the "
            "daily fuel figures.",
            "asset-hamar-lass",
        ),
        (
            "task-sea-survival",
            "Book two deckhands on the sea survival refresher, 16-17 November",
            "person-ruth-anderson",
            "2026-11-16",
            "Their proficiency in survival craft certificates expire on 30 November; "
            "RotaHelm will block them from the December roster otherwise.",
            "service-crew-rostering",
        ),
        (
            "task-fill-pier-tank",
            "Fill the Brinnavoe pier tank before Norscot's 1 November price rise",
            "person-erlend-jamieson",
            "2026-10-30",
            "Norscot Marine Fuels raise marine gas oil prices 4% on 1 November; a full tank "
            "is about 38,000 litres.",
            "account-norscot-supply",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-ops-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    nordholm = m(
        facts,
        today,
        "nordholm pax sept vs aug - up or down?",
        "metric_change",
        "metric-nordholm-passengers",
        periods=("month_september", "month_august"),
        tolerance=0.5,
        covered=True,
        note="no counts 14-27 September (Solan in dry-dock, the Bonxie counted on paper): "
        "September has 16 of 30 days, August all 31, so compare daily means over the "
        "covered days and say so",
    )
    nordholm.must_include = [coverage_words]
    fuel = m(
        facts,
        today,
        "hamar lass fuel burn this month v last month?",
        "metric_change",
        "metric-hamar-lass-fuel",
        periods=("this_month", "last_month"),
        tolerance=0.5,
        covered=True,
        note="no flowmeter readings 7-12 October: 1-25 October has 19 of 25 days, September "
        "all 30; daily means over the covered days",
    )
    fuel.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "cardwick is down this morning, what stops working?",
            ["vendor-cardwick"],
            today,
            must_exclude=["PierPad"],
            note="the merchant account -> the web booking site -> online bookings, and the "
            "ticket office terminals. The PierPad handhelds also took cards through it but "
            "were retired on 10 August and break nothing now",
        ),
        impact_question(
            facts,
            "if the hamar lass pssc expires on the 14th what stops?",
            ["account-pssc-hamar-lass"],
            today,
            note="certificate <- Hamar Lass <- the Hamarsay route <- freight, the car single "
            "and the islander book; it expires on 14 November",
        ),
        impact_question(
            facts,
            "tidetix goes offline - what do we lose",
            ["tool-tidetix"],
            today,
            note="the web booking site and Scan app run on it, so online bookings and the "
            "linkspan ticket checks go, and the ticket office and freight bookings too",
        ),
        owner_question(
            facts,
            "whos sorting the tidetix renewal now?",
            "task-tidetix-renewal",
            today,
            note="Elspeth handed it to Lorna at the 22 October ops meeting",
        ),
        owner_question(
            facts,
            "who had the tidetix renewal in mid oct",
            "task-tidetix-renewal",
            date(2026, 10, 15),
        ),
        owner_question(
            facts,
            "who was doing the hamar lass pssc survey prep at the start of sept",
            "task-pssc-survey",
            date(2026, 9, 5),
            note="Thomas Laurenson took it over from Davie Gifford on 5 October",
        ),
        Question(
            "why did we bin the pierpads for the scan app?",
            "decision",
            must_include=[["QR", "40 seconds", "printed manifest"]],
            must_cite=["decision-tidetix-scan"],
        ),
        Question(
            "who decided to charter the bonxie while solan was on the slip",
            "decision",
            must_include=["Magnus Isbister"],
            must_cite=["decision-bonxie-charter"],
        ),
        Question(
            "how did the deck crew check tickets at the linkspan before tidetix scan?",
            "decision",
            must_include=["PierPad"],
            must_cite=["decision-pierpad-tickets"],
            note="the superseded decision: PierPad handhelds until 10 August",
        ),
        Question(
            "its gusting 45 at the pier, can freya still take solan over to nordholm?",
            "policy",
            must_include=["42 knots"],
            must_cite=["rule-wind-solan"],
            note="Solan does not sail with gusts above 42 knots (or a mean above 32)",
        ),
        Question(
            "guy on the phone with a van full of gas bottles wants the 0915 to hamarsay, can he?",
            "policy",
            must_include=["06:40"],
            must_cite=["rule-dangerous-goods"],
            note="dangerous goods travel only on the 06:40 dangerous goods sailing",
        ),
        Question(
            "car booked on the 1200 turned up 10 mins before sailing, do we have to hold "
            "her space?",
            "policy",
            must_include=["20 minutes"],
            must_cite=["rule-checkin"],
            note="not checked in 20 minutes before departure: the space goes to standby",
        ),
        Question(
            "jamie's done 13 hrs today, can he cover the late hamarsay run",
            "policy",
            must_include=["14 hours"],
            must_cite=["rule-rest-hours"],
            note="no more than 14 hours work in 24 and at least 10 hours rest",
        ),
        related_question(
            facts,
            "the booking site takes cards through our merchant acct - whos the payments "
            "company behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-cardwick-merchant",
            keep=["Vendor"],
            note="two hops: the web booking site -> the merchant account -> Cardwick Payments",
        ),
        related_question(
            facts,
            "the crew roster system sits behind a login, which team is the person who owns "
            "that login on?",
            today,
            rel="MEMBER_OF",
            frm="person-ruth-anderson",
            note="three hops: RotaHelm -> the RotaHelm subscription and admin login -> its "
            "owner Ruth Anderson -> her team",
        ),
        related_question(
            facts,
            "what kit do we have that relies on fjordlink",
            today,
            rel="DEPENDS_ON",
            to="vendor-fjordlink",
            keep=["Asset"],
        ),
        m(
            facts,
            today,
            "how many cars did the hamar lass carry yesterday",
            "metric_value",
            "metric-hamarsay-vehicles",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "hamarsay pax second half of august",
            "metric_total",
            "metric-hamarsay-passengers",
            periods=("second_half_august",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "total sailings cancelled the week of 28 sept",
            "metric_total",
            "metric-sailings-cancelled",
            periods=("week_of_2026-09-28",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many vehicles has hamar lass taken since the linkspan came back",
            "metric_total",
            "metric-hamarsay-vehicles",
            periods=("since_2026-09-05",),
            tolerance=1.0,
            note="the new ram went in on 4 September; cars back from 5 September",
        ),
        m(
            facts,
            today,
            "litres burned on hamar lass early aug",
            "metric_total",
            "metric-hamar-lass-fuel",
            periods=("early_august",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "avg on-time late sept",
            "metric_average",
            "metric-on-time",
            periods=("late_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "avg daily pax on hamarsay end of Q3",
            "metric_average",
            "metric-hamarsay-passengers",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "cancellations last 7 days vs the 7 before",
            "metric_change",
            "metric-sailings-cancelled",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.5,
        ),
        nordholm,
        fuel,
        m(
            facts,
            today,
            "online share of car bookings since tidetix 5.0 vs the fortnight before it",
            "metric_change",
            "metric-online-share",
            spans=(
                (date(2026, 10, 13), date(2026, 10, 25)),
                (date(2026, 9, 29), date(2026, 10, 12)),
            ),
            tolerance=0.2,
            note="5.0 went live on 13 October: 13-25 October against 29 September - 12 October",
        ),
        Question(
            "why did car numbers on hamarsay crash at the start of sept",
            "metric_why",
            must_include=[["linkspan", "hydraulic ram", "lifting ram"]],
            must_cite=["incident-linkspan-ram"],
        ),
        Question(
            "why did on time running jump in aug",
            "metric_why",
            must_include=[["TideTix Scan", "scan app", "QR"]],
            must_cite=["decision-tidetix-scan"],
        ),
        Question(
            "why has the online booking share tanked since mid oct?",
            "metric_why",
            must_include=[["5.0", "account", "log in"]],
            must_cite=["release-tidetix-50"],
            note="nothing links the release to the metric: the share falls from 13 October, "
            "the day TideTix 5.0's compulsory account checkout went live",
        ),
        Question(
            "why is there no hamar lass fuel data for the 7th to the 12th oct",
            "metric_why",
            must_include=["flowmeter"],
            must_cite=["incident-flowmeter"],
        ),
        Question(
            "what did the linkspan ram failure cost us all in, per magnus's review",
            "document",
            must_include=["18,640"],
            must_cite=["doc-ram-review"],
        ),
        Question(
            "whats the single fare for a car to hamarsay these days",
            "document",
            must_include=["14.60"],
            must_cite=["doc-fares"],
        ),
        Question(
            "what did we agree at thursdays ops meeting about the tidetix login problem?",
            "meeting",
            must_include=["5.0.2", ["phone", "call back", "callback"]],
            must_cite=["decision-phone-callbacks"],
            note="22 October: Tidemark ship 5.0.2 with guest checkout by 30 October (Shona); "
            "until then the booking office phones back every abandoned booking and holds the "
            "space 24 hours",
        ),
        Question(
            "who's doing what after the ops meeting on the 22nd?",
            "meeting",
            must_include=["Shona", "Lorna", "Thomas", "Erlend", "Ruth"],
            note="Shona: 5.0.2 by 30 Oct; Bryden: call-backs; Lorna: TideTix renewal by 11 "
            "Dec; Freya and Shona: winter timetable; Thomas: IMSA survey 10 Nov; Erlend: "
            "second flowmeter by 6 Nov and the pier tank before 1 Nov; Ruth: sea survival "
            "refresher 16-17 Nov",
        ),
        Question(
            "whos our contact at the caledonian dry dock in aberdeen?",
            "unknown",
            absent=["Caledonian", "Aberdeen"],
            note="the dry-dock yard is Garthsound Shiprepair; nothing about Aberdeen",
        ),
        Question(
            "what did oskar brekke decide about buying a third vessel?",
            "unknown",
            absent=["Oskar Brekke", "third vessel"],
            note="no such person and no third vessel in the records",
        ),
        Question(
            "how many pax did we carry to hamarsay in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 28 July",
        ),
        Question("anyone got a good recipe for reestit mutton soup", "offtopic"),
        Question("who won the premier league last season", "offtopic"),
    ]


def build() -> Business:
    """The ferry operator's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _company(w)
    _systems(w)
    _customers(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _channels_and_messages(w)
    _documents(w)
    _decisions_and_rules(w)
    _work(w)
    return Business(
        SLUG,
        "Skerryline Ferries",
        "small passenger and vehicle ferry operator: two island routes with two vessels, a "
        "terminal with linkspans, online and phone bookings and ticketing, freight, crew "
        "rosters and certificates, dry-docking and annual surveys (Skerryline Ferries, "
        "Brinnavoe, an invented Shetland-style island harbour, Scotland)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-10-22.txt",
                "title": "Weekly operations meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
