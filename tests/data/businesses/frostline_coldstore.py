"""Frostline Coldstore: a temperature-controlled 3PL warehouse in Blackheath, Cape Town.

The story: Frostline Coldstore (Pty) Ltd stores and handles frozen and chilled food for
food brands at Kuilsdrift Logistics Park, Blackheath, Cape Town: three frozen chambers (FZ1
and FZ2 at -22 °C, FZ3 at -25 °C for ice cream), a chilled chamber (CH1), two blast
freezers (BF1, BF2), 14 dock doors and an ammonia refrigeration plant run through the
PlantView SCADA (Coolhaven Refrigeration Engineering). Stock, receipts, picks and billing
live in StackPoint WMS (Orrery Software); carriers book dock slots in DockSlot (Slotwise),
which books into StackPoint through an API key. Chamber temperatures are watched by
ThermaWatch (Kelvra Monitoring), whose alarms go out through the Textbridge SMS and voice
alert account. The forklifts are on a Kranz full-maintenance lease; the ammonia
high-pressure receiver's pressure equipment certificate expires on 30 November.

On 3 August ThermaWatch replaced the Coldeye wired loggers and their dialer (Coldeye also
sent its alarms through Textbridge; it is retired): the in-spec figure has no readings on
1-2 August (the changeover weekend). On 11 August BF2's evaporator fan motor burnt out
and BF2 was out until 18 August; blast freezing tonnes halved (linked). On 24 August
carrier slot booking moved from email and the dock diary spreadsheet to DockSlot and truck
turnaround fell (the decision is linked). From 1 September the Sunberry Foods festive build
(2,400 pallets) pushed frozen occupancy up (the decision is linked). On 14 September
load-shedding and a generator that did not start let CH1 warm to +9.2 °C (Milkwood Dairy
pallets on QA hold, the review puts the cost at R 186,400); the surge when mains came back
killed the ThermaWatch gateway, so the in-spec figure has no readings 15-18 September
(linked). StackPoint 9.1 went live on 28 September with a new directed putaway engine and
truck turnaround went back up that day (nothing links the two). Order pick accuracy has no
readings on Sundays (no picking). The BRCGS audit preparation moved from Fatima Isaacs to
Lerato Sithole on 21 September. The operations meeting of Tuesday 6 October put an extra
reach truck and driver on every inbound shift until StackPoint 9.1.1 brings back
fixed-location putaway (by 16 October), moved the ammonia receiver inspection from Pieter
van der Merwe to Anele Dlamini and hired a second generator from Genmark Power.

"Today" is Thursday 8 October 2026; daily readings run from 10 July to 7 October.
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

SLUG = "frostline-coldstore"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 8)
FIRST, LAST = date(2026, 7, 10), date(2026, 10, 7)
SEED = 6093
START = date(2023, 5, 2)
THERMAWATCH_BOUGHT = date(2026, 7, 20)
THERMAWATCH_FROM = date(2026, 8, 3)
CHANGEOVER_GAP = (date(2026, 8, 1), date(2026, 8, 2))
BF2_DAYS = tuple(date(2026, 8, 11) + timedelta(days=i) for i in range(8))  # 11-18 Aug
BF2_BACK = date(2026, 8, 18)
DOCKSLOT_DECIDED = date(2026, 8, 5)
DOCKSLOT_FROM = date(2026, 8, 24)
BUILD_DECIDED = date(2026, 8, 14)
BUILD_FROM = date(2026, 9, 1)
EXCURSION = date(2026, 9, 14)
GATEWAY_GAP = tuple(date(2026, 9, 15) + timedelta(days=i) for i in range(4))  # 15-18 Sep
GATEWAY_BACK = date(2026, 9, 19)
BRCGS_HANDOVER = date(2026, 9, 21)
SP91 = date(2026, 9, 28)
MEETING = date(2026, 10, 6)
DOC_DATES = {
    "doc-qa-procedure": date(2026, 8, 3),
    "doc-receiving": date(2026, 8, 24),
    "doc-rate-card": date(2026, 3, 1),
    "doc-excursion-review": date(2026, 9, 29),
    "doc-safety": date(2026, 2, 16),
    "doc-capacity-plan": date(2026, 8, 12),
    "doc-blast-sop": date(2026, 5, 11),
}

# fmt: off
PEOPLE = (
    ("person-hendrik-joubert", "Hendrik Joubert", "Managing director", None),
    ("person-nomsa-dube", "Nomsa Dube", "Operations manager", "team-warehouse"),
    ("person-ruan-botha", "Ruan Botha", "Inbound shift lead (days)", "team-warehouse"),
    ("person-zanele-mthembu", "Zanele Mthembu", "Outbound shift lead (nights)",
     "team-warehouse"),
    ("person-thabo-mahlangu", "Thabo Mahlangu", "Transport and dock coordinator",
     "team-warehouse"),
    ("person-kagiso-molefe", "Kagiso Molefe", "Blast freezing supervisor", "team-warehouse"),
    ("person-pieter-van-der-merwe", "Pieter van der Merwe", "Chief refrigeration engineer",
     "team-engineering"),
    ("person-sipho-ndlovu", "Sipho Ndlovu", "Refrigeration technician (on-call rota)",
     "team-engineering"),
    ("person-anele-dlamini", "Anele Dlamini", "Maintenance planner", "team-engineering"),
    ("person-fatima-isaacs", "Fatima Isaacs", "QA and food safety manager", "team-qa"),
    ("person-lerato-sithole", "Lerato Sithole", "QA officer", "team-qa"),
    ("person-chantelle-adams", "Chantelle Adams", "Key account manager", "team-accounts"),
    ("person-yusuf-patel", "Yusuf Patel", "Account manager", "team-accounts"),
    ("person-riaan-pretorius", "Riaan Pretorius", "IT and systems lead", "team-office"),
    ("person-busisiwe-nkosi", "Busisiwe Nkosi", "Finance and billing manager", "team-office"),
    ("person-johan-steyn", "Johan Steyn", "Health and safety officer", "team-office"),
)
TEAMS = (
    ("team-warehouse", "Warehouse Operations (inbound, outbound, blast freezing)"),
    ("team-engineering", "Refrigeration and Engineering"),
    ("team-qa", "Quality and Food Safety"),
    ("team-accounts", "Customer Accounts"),
    ("team-office", "Finance, IT and SHEQ"),
)
VENDORS = (
    ("vendor-orrery", "Orrery Software", "builds and hosts StackPoint WMS, the warehouse "
     "management system for stock, receipts, picks and storage billing"),
    ("vendor-kelvra", "Kelvra Monitoring", "the ThermaWatch wireless temperature sensors, "
     "the plant room gateway and the ThermaWatch cloud"),
    ("vendor-textbridge", "Textbridge Messaging", "the SMS and voice call gateway that "
     "temperature alarms go out through"),
    ("vendor-coldeye", "Coldeye Instruments", "the Coldeye wired temperature loggers and "
     "alarm dialer (used until August 2026)"),
    ("vendor-coolhaven", "Coolhaven Refrigeration Engineering", "the ammonia refrigeration "
     "plant maintenance contract, compressor overhauls, blast freezer fans and the PlantView "
     "SCADA"),
    ("vendor-slotwise", "Slotwise", "DockSlot, the carrier dock slot booking portal"),
    ("vendor-kranz", "Kranz Materials Handling", "the full-maintenance lease of 18 reach "
     "trucks and 6 electric pallet trucks, with their service technicians"),
    ("vendor-genmark", "Genmark Power", "the standby generator G1 (1,250 kVA), its service "
     "and generator hire"),
    ("vendor-westline", "Westline Fuels", "diesel deliveries for the generator day tank"),
    ("vendor-kalahari", "Kalahari Inspection Authority", "the statutory pressure equipment "
     "inspection of the ammonia high-pressure receiver and its certificate"),
    ("vendor-northgate", "Northgate Certification", "the BRCGS Storage and Distribution "
     "audit and certificate"),
    ("vendor-portique", "Portique Dock Systems", "the 14 dock doors, levellers, shelters and "
     "trailer restraints"),
)
TOOLS = (
    ("tool-stackpoint", "StackPoint WMS", "vendor-orrery", "person-riaan-pretorius"),
    ("tool-thermawatch", "ThermaWatch temperature monitoring", "vendor-kelvra",
     "person-fatima-isaacs"),
    ("tool-plantview", "PlantView refrigeration plant SCADA", "vendor-coolhaven",
     "person-pieter-van-der-merwe"),
    ("tool-dockslot", "DockSlot carrier booking portal", "vendor-slotwise",
     "person-thabo-mahlangu"),
)
ACCOUNTS = (
    ("account-stackpoint-licence", "StackPoint WMS subscription", "person-riaan-pretorius",
     "Frostline's subscription to StackPoint WMS with Orrery Software for 60 users and 45 RF "
     "scanners; it expires on 31 January 2027.", {"expiresAt": "2027-01-31"}),
    ("account-stackpoint-api", "StackPoint API key for DockSlot", "person-riaan-pretorius",
     "The key DockSlot uses to write every booked delivery and its advance shipping notice "
     "into StackPoint WMS.", {}),
    ("account-textbridge", "Textbridge SMS and voice alert account", "person-riaan-pretorius",
     "Frostline's prepaid account with Textbridge Messaging: every temperature alarm SMS and "
     "voice call to the on-call technician goes out through it.", {}),
    ("account-receiver-certificate", "Ammonia high-pressure receiver pressure equipment "
     "certificate", "person-pieter-van-der-merwe",
     "The statutory certificate of the ammonia plant's high-pressure receiver from Kalahari "
     "Inspection Authority; without a current one the plant may not run. It expires on 30 "
     "November 2026.", {"expiresAt": "2026-11-30"}),
    ("account-kranz-lease", "Kranz forklift full-maintenance lease", "person-ruan-botha",
     "The lease of the reach trucks and pallet trucks from Kranz Materials Handling, with "
     "breakdown cover inside four hours; it runs to 31 March 2027.",
     {"expiresAt": "2027-03-31"}),
    ("account-brcgs-certificate", "BRCGS Storage and Distribution certificate",
     "person-fatima-isaacs",
     "Frostline's BRCGS Storage and Distribution certificate (grade AA) from Northgate "
     "Certification; the next audit is unannounced, with its window opening on 1 November "
     "2026.", {"expiresAt": "2026-12-15"}),
)
SERVICES = (
    ("service-refrigeration-plant", "Ammonia refrigeration plant (engine room, four screw "
     "compressors)", ("vendor-coolhaven", "account-receiver-certificate", "tool-plantview")),
    ("service-standby-power", "Standby power (generator G1)", ("vendor-genmark",
     "vendor-westline")),
    ("service-frozen-storage", "Frozen storage (FZ1, FZ2, FZ3)",
     ("service-refrigeration-plant",)),
    ("service-chilled-storage", "Chilled storage (CH1)", ("service-refrigeration-plant",)),
    ("service-blast-freezing", "Blast freezing (BF1 and BF2)",
     ("service-refrigeration-plant",)),
    ("service-inbound", "Inbound receiving and putaway", ("tool-stackpoint",
     "account-kranz-lease")),
    ("service-outbound", "Order picking and dispatch", ("tool-stackpoint",
     "account-kranz-lease")),
    ("service-temp-records", "Temperature records for customers and audits", ()),
    ("service-alarm-callout", "After-hours temperature alarm call-out",
     ("account-textbridge",)),
    ("service-dock-booking", "Carrier dock slot booking", ()),
)
PRODUCTS = (
    ("product-frozen-pallet", "Frozen storage per pallet per week",
     ("service-frozen-storage",)),
    ("product-chilled-pallet", "Chilled storage per pallet per week",
     ("service-chilled-storage",)),
    ("product-blast-tonne", "Blast freezing per tonne", ("service-blast-freezing",)),
    ("product-handling", "Handling in and out per pallet", ("service-inbound",
     "service-outbound")),
)
RULES = (
    ("rule-chilled-hold", "Chilled product in CH1 that is above +5 °C for more than 30 "
     "minutes goes on QA hold in StackPoint until the QA manager releases or rejects it",
     "doc-qa-procedure", "person-fatima-isaacs"),
    ("rule-frozen-hold", "Frozen product whose chamber air is warmer than -15 °C for more "
     "than 60 minutes goes on QA hold in StackPoint until the QA manager releases or rejects "
     "it", "doc-qa-procedure", "person-fatima-isaacs"),
    ("rule-probe-reject", "A frozen load is probed before tipping: the reefer must be set at "
     "-18 °C or colder, and frozen product with a core warmer than -15 °C is rejected and "
     "stays on the trailer", "doc-receiving", "person-ruan-botha"),
    ("rule-late-carrier", "A carrier more than 60 minutes late for its DockSlot slot is "
     "re-slotted to the next free slot; unbooked trucks are not tipped", "doc-receiving",
     "person-thabo-mahlangu"),
    ("rule-pallet-spec", "Pallets going into racking are at most 1.8 m high including the "
     "pallet and at most 1,000 kg; anything else is re-stacked on the dock at the customer's "
     "cost", "doc-receiving", "person-ruan-botha"),
    ("rule-cold-exposure", "Staff in the -22 °C and -25 °C chambers work at most 45 minutes "
     "at a time, then take a 15-minute warm-up break, with full freezer PPE and a man-down "
     "device in every frozen chamber", "doc-safety", "person-johan-steyn"),
    ("rule-ammonia-evacuation", "At 25 ppm ammonia in the engine room the room is evacuated "
     "and only the on-call refrigeration engineer goes in, with breathing apparatus and a "
     "second person at the door; at 150 ppm the whole site evacuates to the main gate",
     "doc-safety", "person-pieter-van-der-merwe"),
    ("rule-trailer-restraint", "No forklift enters a trailer until the trailer restraint is "
     "locked on and the door light is green", "doc-safety", "person-johan-steyn"),
    ("rule-blast-loading", "Blast freezer loads go in with at least 100 mm spacers between "
     "pallets and no stretch wrap on the top layer, and leave only at -18 °C core or colder",
     "doc-blast-sop", "person-kagiso-molefe"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-frostline",
        "Frostline Coldstore",
        src="cipc:frostline-coldstore",
        as_of=date(2011, 3, 14),
        city="Cape Town",
        street="7 Kuilsdrift Road, Kuilsdrift Logistics Park, Blackheath",
        text="Frostline Coldstore (Pty) Ltd is a temperature-controlled third-party "
        "logistics warehouse at Kuilsdrift Logistics Park, Blackheath, Cape Town, South "
        "Africa: 18,560 pallet positions in three frozen chambers and a chilled chamber, two "
        "blast freezers, 14 dock doors and an ammonia refrigeration plant, storing and "
        "handling frozen and chilled food for food brands.",
    )
    w.node(
        "Organization",
        "org-kuilsdrift-park",
        "Kuilsdrift Logistics Park",
        src="lease:kuilsdrift",
        as_of=START,
        text="The landlord of the Frostline building and yard; it runs the park's gate, "
        "security and the medium-voltage supply from the city.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="staffbook:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-frostline", since=START, src="staffbook:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="staffbook:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@frostline.co.za",
        )
        w.edge(pid, "MEMBER_OF", team or "org-frostline", since=START, src="staffbook:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="accounts:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-frostline", "USES", vid, since=START, src="accounts:suppliers")
    w.node(
        "Deal",
        "deal-sunberry-festive",
        "Sunberry Foods festive season stock build (2,400 pallets)",
        src="crm:deals/D-0417",
        as_of=BUILD_DECIDED,
        stage="won",
        value=3100000,
        text="Storage and handling of Sunberry Foods' festive build: 2,400 pallets of frozen "
        "berries, vegetables and pastry into FZ1 and FZ2 from 1 September, drawn down from "
        "late October to January; about R 3.1 million.",
    )
    w.edge(
        "deal-sunberry-festive",
        "ASSIGNED_TO",
        "person-chantelle-adams",
        since=BUILD_DECIDED,
        src="crm:deals/D-0417",
    )
    w.node(
        "Deal",
        "deal-benguela-move",
        "Benguela Bay Seafoods: move of 1,100 pallets from their Saldanha store",
        src="crm:deals/D-0423",
        as_of=date(2026, 8, 20),
        stage="negotiation",
        value=1450000,
        text="Benguela Bay Seafoods want to move 1,100 pallets of frozen hake and squid from "
        "their own Saldanha store into FZ2; about R 1.45 million a year. It waits for space "
        "after the Sunberry build.",
    )
    w.edge(
        "deal-benguela-move",
        "ASSIGNED_TO",
        "person-yusuf-patel",
        since=date(2026, 8, 20),
        src="crm:deals/D-0423",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-sunberry",
            "Sunberry Foods",
            "A frozen berries, vegetables and pastry brand from Paarl; Frostline's largest "
            "storage customer, with about 4,000 pallets in FZ1 and FZ2 at peak.",
            ("service-frozen-storage", "service-blast-freezing"),
        ),
        (
            "customer-karoo-crest",
            "Karoo Crest Poultry",
            "A poultry processor from Wellington; it sends fresh chicken portions in for blast "
            "freezing every day and stores the frozen stock in FZ1.",
            ("service-blast-freezing", "service-frozen-storage"),
        ),
        (
            "customer-milkwood",
            "Milkwood Dairy",
            "A yoghurt and cheese maker from Philadelphia, Western Cape; its chilled stock "
            "lives in CH1 and goes out to retail DCs daily.",
            ("service-chilled-storage",),
        ),
        (
            "customer-benguela",
            "Benguela Bay Seafoods",
            "A frozen hake and squid exporter; about 900 pallets in FZ2.",
            ("service-frozen-storage",),
        ),
        (
            "customer-cape-gelato",
            "Cape Gelato Co.",
            "An ice cream brand; its stock is held at -25 °C in FZ3.",
            ("service-frozen-storage",),
        ),
    ):
        w.node("Customer", cid, name, src="stackpoint:customers", as_of=START, text=text)
        for service in uses:
            w.edge(cid, "USES", service, since=START, src="stackpoint:customers")


def _systems(w: Book) -> None:
    src = "drive:systems-register"
    for tid, name, vendor, owner in TOOLS:
        since = (
            THERMAWATCH_BOUGHT
            if tid == "tool-thermawatch"
            else DOCKSLOT_DECIDED
            if tid == "tool-dockslot"
            else START
        )
        w.node("Tool", tid, name, src=src, as_of=since, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=since, src=src)
        w.edge(owner, "OWNS", tid, since=since, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="ratecard:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-stackpoint", "DEPENDS_ON", "account-stackpoint-licence"),
        ("account-stackpoint-licence", "DEPENDS_ON", "vendor-orrery"),
        ("account-stackpoint-licence", "PART_OF", "tool-stackpoint"),
        ("account-textbridge", "DEPENDS_ON", "vendor-textbridge"),
        ("account-receiver-certificate", "DEPENDS_ON", "vendor-kalahari"),
        ("account-receiver-certificate", "PART_OF", "service-refrigeration-plant"),
        ("account-kranz-lease", "DEPENDS_ON", "vendor-kranz"),
        ("account-brcgs-certificate", "DEPENDS_ON", "vendor-northgate"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("service-refrigeration-plant", "PART_OF", "org-frostline"),
        ("team-warehouse", "USES", "tool-stackpoint"),
        ("team-office", "USES", "tool-stackpoint"),
        ("team-accounts", "USES", "tool-stackpoint"),
        ("team-engineering", "USES", "tool-plantview"),
        ("person-nomsa-dube", "OWNS", "service-frozen-storage"),
        ("person-nomsa-dube", "OWNS", "service-chilled-storage"),
        ("person-kagiso-molefe", "OWNS", "service-blast-freezing"),
        ("person-pieter-van-der-merwe", "OWNS", "service-refrigeration-plant"),
        ("person-anele-dlamini", "OWNS", "service-standby-power"),
        ("person-ruan-botha", "OWNS", "service-inbound"),
        ("person-zanele-mthembu", "OWNS", "service-outbound"),
        ("person-fatima-isaacs", "OWNS", "service-temp-records"),
        ("person-sipho-ndlovu", "OWNS", "service-alarm-callout"),
        ("person-thabo-mahlangu", "OWNS", "service-dock-booking"),
    )
    # DockSlot books into StackPoint through the API key (from 24 August).
    w.edges(
        "drive:systems-register",
        DOCKSLOT_FROM,
        ("account-stackpoint-api", "DEPENDS_ON", "tool-stackpoint"),
        ("account-stackpoint-api", "PART_OF", "tool-dockslot"),
        ("tool-dockslot", "DEPENDS_ON", "account-stackpoint-api"),
        ("service-dock-booking", "DEPENDS_ON", "tool-dockslot"),
        ("team-warehouse", "USES", "tool-dockslot"),
    )
    # Temperature monitoring: the Coldeye loggers and dialer until 3 August, then ThermaWatch.
    w.node(
        "Tool",
        "tool-coldeye",
        "Coldeye wired temperature loggers and alarm dialer (retired)",
        src=src,
        as_of=THERMAWATCH_FROM,
        status="retired",
        kind="hardware",
    )
    for frm, to in (
        ("tool-coldeye", "vendor-coldeye"),
        ("tool-coldeye", "account-textbridge"),
        ("service-alarm-callout", "tool-coldeye"),
        ("service-temp-records", "tool-coldeye"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=THERMAWATCH_FROM, src=src)
    w.edges(
        src,
        THERMAWATCH_FROM,
        ("service-alarm-callout", "DEPENDS_ON", "tool-thermawatch"),
        ("service-temp-records", "DEPENDS_ON", "tool-thermawatch"),
        ("team-qa", "USES", "tool-thermawatch"),
        ("team-engineering", "USES", "tool-thermawatch"),
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("in", "out", "occ", "blast", "spec", "turn", "pick")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        build = day >= BUILD_FROM
        # pallets received: weekdays busy, Saturdays half, Sundays blast loads only
        if wd < 5:
            pin = rng.randint(265, 345)
        elif wd == 5:
            pin = rng.randint(140, 205)
        else:
            pin = rng.randint(30, 70)
        if build and wd < 6:
            pin += rng.randint(85, 125)  # the Sunberry festive build
        if day == EXCURSION:
            pin = round(pin * 0.82)
        # pallets dispatched: no outbound on Sundays
        if wd < 5:
            pout = rng.randint(245, 325)
        elif wd == 5:
            pout = rng.randint(105, 165)
        else:
            pout = 0
        if day >= date(2026, 9, 21) and wd < 6:
            pout += rng.randint(20, 45)
        # frozen pallet position occupancy (FZ1-FZ3)
        if build:
            occ = min(95.6, 82.6 + 0.45 * (day - BUILD_FROM).days) + rng.uniform(-0.4, 0.4)
        else:
            occ = rng.uniform(80.4, 83.6)
        # blast freezing tonnes (both blast freezers; BF1 alone while BF2's fan was out)
        if day in BF2_DAYS:
            blast = rng.uniform(14.0, 19.0)
        else:
            blast = rng.uniform(29.5, 39.5)
            if wd == 6:
                blast *= 0.85
        # chamber readings in spec: Coldeye, then ThermaWatch (more sensors, tighter)
        if day < THERMAWATCH_FROM:
            spec = rng.uniform(96.6, 98.8)
        elif day == EXCURSION:
            spec = rng.uniform(91.8, 92.6)
        else:
            spec = rng.uniform(98.9, 99.8)
        # truck turnaround: the dock diary, then DockSlot, then StackPoint 9.1's putaway
        if day < DOCKSLOT_FROM:
            turn = rng.uniform(84.0, 106.0)
        elif day < SP91:
            turn = rng.uniform(54.0, 68.0)
        else:
            turn = rng.uniform(80.0, 96.0)
        # order pick accuracy: no picking on Sundays
        pick = rng.uniform(99.2, 99.85)
        out["in"].append((day, pin))
        out["out"].append((day, pout))
        out["occ"].append((day, round(occ, 1)))
        out["blast"].append((day, round(blast, 1)))
        if day not in CHANGEOVER_GAP and day not in GATEWAY_GAP:
            out["spec"].append((day, round(spec, 1)))
        out["turn"].append((day, round(turn, 1)))
        if wd != 6:
            out["pick"].append((day, round(pick, 2)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    sp, tw, ds = "stackpoint:reports", "thermawatch:daily", "dockslot:analytics"
    w.metric(
        "metric-pallets-in",
        "Pallets received (inbound)",
        "pallets",
        "sum",
        src=sp,
        since=START,
        measures="service-inbound",
    )
    w.metric(
        "metric-pallets-out",
        "Pallets dispatched (outbound)",
        "pallets",
        "sum",
        src=sp,
        since=START,
        measures="service-outbound",
    )
    w.metric(
        "metric-occupancy",
        "Frozen pallet position occupancy (FZ1-FZ3)",
        "%",
        "mean",
        src=sp,
        since=START,
        measures="service-frozen-storage",
    )
    w.metric(
        "metric-blast-tonnes",
        "Blast freezing throughput (tonnes frozen)",
        "tonnes",
        "sum",
        src="plantview:blast-log",
        since=START,
        measures="service-blast-freezing",
    )
    w.metric(
        "metric-temp-in-spec",
        "Chamber temperature readings in spec",
        "%",
        "mean",
        src=tw,
        since=START,
        measures="service-temp-records",
    )
    w.metric(
        "metric-truck-turnaround",
        "Average truck turnaround at the docks (gate in to gate out)",
        "minutes",
        "mean",
        src=ds,
        since=START,
    )
    w.metric(
        "metric-pick-accuracy",
        "Order pick accuracy",
        "%",
        "mean",
        src=sp,
        since=START,
        measures="service-outbound",
    )
    return {
        "in": w.readings("metric-pallets-in", series["in"], src=sp),
        "out": w.readings("metric-pallets-out", series["out"], src=sp),
        "occ": w.readings("metric-occupancy", series["occ"], src=sp),
        "blast": w.readings("metric-blast-tonnes", series["blast"], src="plantview:blast-log"),
        "spec": w.readings("metric-temp-in-spec", series["spec"], src=tw),
        "turn": w.readings("metric-truck-turnaround", series["turn"], src=ds),
        "pick": w.readings("metric-pick-accuracy", series["pick"], src=sp),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "plantview:incidents/2026-031"
    started, back = "2026-08-11T01:10:00+00:00", "2026-08-18T14:00:00+00:00"
    w.node(
        "Incident",
        "incident-bf2-fan",
        "BF2 blast freezer evaporator fan motor burnt out",
        src=src,
        as_of=BF2_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 03:10 on 11 August one of BF2's four evaporator fan motors burnt out and "
        "tripped the fan circuit; the coil iced up and BF2 could not pull down. The Karoo "
        "Crest Poultry load in it was moved to BF1 and finished there. BF2 was out of service "
        "from 11 to 18 August while Coolhaven Refrigeration Engineering sourced four new fan "
        "motors from Johannesburg and de-iced the coil, so blast freezing ran on BF1 alone "
        "and blast freezing tonnes fell by about half.",
    )
    w.edges(
        src,
        started,
        ("incident-bf2-fan", "AFFECTS", "service-blast-freezing"),
        ("incident-bf2-fan", "AFFECTS", "metric-blast-tonnes"),
        *(("incident-bf2-fan", "CAUSED", obs["blast"][d]) for d in BF2_DAYS),
        ("person-pieter-van-der-merwe", "OWNS", "incident-bf2-fan"),
        as_of=BF2_BACK,
    )
    w.node(
        "Task",
        "task-bf2-fans",
        "Replace all four BF2 evaporator fan motors and de-ice the coil",
        src="plantview:jobs/M-1184",
        as_of=BF2_BACK,
        status="done",
    )
    w.edges(
        "plantview:jobs/M-1184",
        date(2026, 8, 11),
        ("person-sipho-ndlovu", "OWNS", "task-bf2-fans"),
        ("person-sipho-ndlovu", "WORKS_ON", "task-bf2-fans"),
        ("task-bf2-fans", "FIXES", "incident-bf2-fan"),
        ("task-bf2-fans", "DEPENDS_ON", "vendor-coolhaven"),
        as_of=BF2_BACK,
    )
    src = "drive:ch1-temperature-excursion-review-2026-09"
    started, back = "2026-09-14T16:00:00+00:00", "2026-09-14T20:40:00+00:00"
    w.node(
        "Incident",
        "incident-ch1-excursion",
        "CH1 chilled chamber temperature excursion in load-shedding (generator G1 did not start)",
        src=src,
        as_of=date(2026, 9, 29),
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 18:00 on 14 September the supply went off for load-shedding and the standby "
        "generator G1 did not start (blocked fuel filters and a flat start battery), so the "
        "ammonia plant stopped. CH1 warmed to +9.2 °C by 21:30 and was above +5 °C for about "
        "four hours; 46 pallets of Milkwood Dairy yoghurt and cheese went on QA hold and 11 "
        "were destroyed. Chamber temperature readings in spec fell to about 92% that day.",
    )
    w.edges(
        src,
        started,
        ("incident-ch1-excursion", "AFFECTS", "service-chilled-storage"),
        ("incident-ch1-excursion", "AFFECTS", "service-standby-power"),
        ("incident-ch1-excursion", "AFFECTS", "customer-milkwood"),
        ("incident-ch1-excursion", "AFFECTS", "metric-temp-in-spec"),
        ("incident-ch1-excursion", "CAUSED", obs["spec"][EXCURSION]),
        ("person-fatima-isaacs", "OWNS", "incident-ch1-excursion"),
        as_of=date(2026, 9, 29),
    )
    w.node(
        "Task",
        "task-g1-fuel",
        "Clean G1's fuel system, fit new start batteries and start weekly on-load tests",
        src="plantview:jobs/M-1207",
        as_of=date(2026, 9, 18),
        status="done",
    )
    w.edges(
        "plantview:jobs/M-1207",
        date(2026, 9, 15),
        ("person-anele-dlamini", "OWNS", "task-g1-fuel"),
        ("person-anele-dlamini", "WORKS_ON", "task-g1-fuel"),
        ("task-g1-fuel", "FIXES", "incident-ch1-excursion"),
        ("task-g1-fuel", "DEPENDS_ON", "vendor-genmark"),
        as_of=date(2026, 9, 18),
    )
    src = "thermawatch:incidents/gw-0915"
    started, back = "2026-09-14T20:40:00+00:00", "2026-09-19T07:00:00+00:00"
    w.node(
        "Incident",
        "incident-thermawatch-gateway",
        "ThermaWatch gateway destroyed by the surge when mains came back",
        src=src,
        as_of=GATEWAY_BACK,
        status="resolved",
        severity="medium",
        startedAt=started,
        resolvedAt=back,
        text="When the mains supply came back at 22:40 on 14 September the surge burnt out "
        "the power supply of the ThermaWatch gateway in the plant room. The sensors kept "
        "running but nothing reached the ThermaWatch cloud until Kelvra Monitoring fitted a "
        "new gateway at 09:00 on 19 September. The shift leads did hourly hand probe checks "
        "on paper, so there are no chamber temperature readings in spec from 15 to 18 "
        "September.",
    )
    w.edges(
        src,
        started,
        ("incident-thermawatch-gateway", "AFFECTS", "tool-thermawatch"),
        ("incident-thermawatch-gateway", "AFFECTS", "metric-temp-in-spec"),
        ("person-fatima-isaacs", "OWNS", "incident-thermawatch-gateway"),
        as_of=GATEWAY_BACK,
    )
    w.node(
        "Task",
        "task-new-gateway",
        "Fit the replacement ThermaWatch gateway and put it on a UPS",
        src=src,
        as_of=GATEWAY_BACK,
        status="done",
    )
    w.edges(
        src,
        date(2026, 9, 15),
        ("person-riaan-pretorius", "OWNS", "task-new-gateway"),
        ("person-riaan-pretorius", "WORKS_ON", "task-new-gateway"),
        ("task-new-gateway", "FIXES", "incident-thermawatch-gateway"),
        ("task-new-gateway", "DEPENDS_ON", "vendor-kelvra"),
        as_of=GATEWAY_BACK,
    )
    # The StackPoint release: nothing ties it to truck turnaround; it just rises that day.
    rel_at = "2026-09-28T03:00:00+00:00"
    w.node(
        "Release",
        "release-stackpoint-91",
        "StackPoint 9.1",
        src="orrery:releases/9.1",
        as_of=rel_at,
        version="9.1",
        releasedAt=rel_at,
        text="Orrery Software's StackPoint WMS 9.1: a new directed putaway engine that "
        "releases putaway tasks to the RF scanners in waves of 20 pallets and picks the "
        "location by travel distance, new RF screens and a cycle count module. The old "
        "fixed-location putaway mode is gone.",
    )
    w.edges(
        "orrery:releases/9.1",
        rel_at,
        ("release-stackpoint-91", "PART_OF", "service-inbound"),
        ("release-stackpoint-91", "CHANGED", "tool-stackpoint"),
    )


MESSAGES = (
    (
        "message-thermawatch-switch",
        "Fatima in #qa-food-safety on 20 July",
        "person-fatima-isaacs",
        "channel-qa",
        _at(date(2026, 7, 20), 7, 30),
        "Signed with Kelvra today. ThermaWatch replaces the Coldeye loggers and the dialer: "
        "sensors go in over the weekend of 1-2 August and it is live on Monday 3 August. "
        "Coldeye has to be downloaded by hand every week, its dialer only phones one number, "
        "and it missed two alarms that Northgate raised as a minor non-conformity in March. "
        "ThermaWatch logs every five minutes to the cloud and escalates by SMS and voice "
        "through our Textbridge account. Paper checks on QA-07 that weekend.",
    ),
    (
        "message-dockslot-switch",
        "Thabo in #dock-office on 5 August",
        "person-thabo-mahlangu",
        "channel-dock",
        _at(date(2026, 8, 5), 6, 45),
        "From Monday 24 August carriers book their own delivery slots in DockSlot, no more "
        "emails into the dock diary. Reefers are bunching at the gate at 6am and queueing up "
        "to three hours with the fridge units running, and turnaround is about 95 minutes. "
        "DockSlot gives 45-minute slots per door and sends the ASN into StackPoint so we know "
        "the pallets before the truck arrives.",
    ),
    (
        "message-bf2-down",
        "Pieter in #engineering on 11 August",
        "person-pieter-van-der-merwe",
        "channel-engineering",
        _at(date(2026, 8, 11), 5, 20),
        "BF2 is out. A fan motor burnt out at 3am and the coil iced solid. Sipho moved the "
        "Karoo Crest load to BF1. Coolhaven have no motors in Cape Town, they're coming from "
        "Joburg, so a week. Kagiso, BF1 only until then, please tell Karoo Crest.",
    ),
    (
        "message-bf2-back",
        "Sipho in #engineering on 18 August",
        "person-sipho-ndlovu",
        "channel-engineering",
        _at(date(2026, 8, 18), 16, 10),
        "BF2 back in service, all four fan motors new and the coil clean, pulled down to -35 "
        "in 40 minutes. Pieter says we keep a spare fan motor on the shelf from now on and "
        "add vibration checks to the weekly PPM.",
    ),
    (
        "message-sunberry-build",
        "Hendrik in #management on 14 August",
        "person-hendrik-joubert",
        "channel-management",
        _at(date(2026, 8, 14), 9, 0),
        "We're taking the whole Sunberry festive build, 2,400 pallets into FZ1 and FZ2 from "
        "1 September. It's about R 3.1m to January and it keeps our biggest customer. It "
        "puts us at about 95% by the end of September, so Benguela's move waits for January. "
        "Nomsa, second reach truck on nights from the 1st.",
    ),
    (
        "message-ch1-excursion",
        "Fatima in #qa-food-safety on 15 September",
        "person-fatima-isaacs",
        "channel-qa",
        _at(date(2026, 9, 15), 6, 30),
        "CH1 excursion last night: G1 didn't start in load-shedding, CH1 got to +9.2. 46 "
        "Milkwood pallets on QA hold, Chantelle has told them. The surge when power came back "
        "killed the ThermaWatch gateway, so we're on hourly hand probes on QA-07 until Kelvra "
        "get a new one to us.",
    ),
    (
        "message-gateway-back",
        "Riaan in #qa-food-safety on 19 September",
        "person-riaan-pretorius",
        "channel-qa",
        _at(date(2026, 9, 19), 9, 40),
        "New ThermaWatch gateway fitted by Kelvra at 9, all 38 sensors reporting. 15th to "
        "18th are paper only. The gateway and the plant room switch are on a UPS now.",
    ),
    (
        "message-brcgs-handover",
        "Fatima in #qa-food-safety on 21 September",
        "person-fatima-isaacs",
        "channel-qa",
        _at(date(2026, 9, 21), 8, 0),
        "Lerato is taking over the BRCGS audit prep from today. I'm on the excursion CAPA and "
        "the Milkwood claim. The unannounced window opens on 1 November.",
    ),
    (
        "message-stackpoint-91",
        "Riaan in #ops on 27 September",
        "person-riaan-pretorius",
        "channel-ops",
        _at(date(2026, 9, 27), 15, 0),
        "Orrery put StackPoint 9.1 live tomorrow at 5am: new directed putaway (tasks come to "
        "the RF guns in waves), new RF screens and cycle counts. Scanners update themselves "
        "at the start of the shift.",
    ),
    (
        "message-ops-notes",
        "Operations meeting notes, 6 October",
        "person-nomsa-dube",
        "channel-management",
        _at(MEETING, 11, 0),
        "Ops meeting, Tue 6 Oct. 1) Truck turnaround up from about 62 to 88 minutes since "
        "StackPoint 9.1's directed putaway: pallets wait on the dock for their wave. Orrery "
        "ship 9.1.1 with fixed-location putaway back by Fri 16 Oct (Riaan). Until then an "
        "extra reach truck and driver on every inbound shift and stage on the marshalling "
        "lanes (Ruan days, Zanele nights). 2) Ammonia receiver certificate expires 30 Nov: "
        "Anele takes the inspection from Pieter, Kalahari booked for 17 Nov. 3) Second "
        "generator hired from Genmark from Mon 12 Oct until G1's fuel system is rebuilt "
        "(Pieter). 4) BRCGS window opens 1 Nov: Lerato leads, excursion CAPA closed by 23 Oct "
        "(Fatima). 5) Frozen occupancy at 95%: Yusuf tells Benguela their move is January.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{_ts(at)}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-qa", "#qa-food-safety"),
        ("channel-dock", "#dock-office"),
        ("channel-engineering", "#engineering"),
        ("channel-ops", "#ops"),
        ("channel-management", "#management"),
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
        ("message-thermawatch-switch", ("tool-thermawatch", "tool-coldeye", "account-textbridge")),
        ("message-dockslot-switch", ("tool-dockslot", "tool-stackpoint")),
        ("message-bf2-down", ("incident-bf2-fan", "service-blast-freezing")),
        ("message-bf2-back", ("incident-bf2-fan", "task-bf2-fans")),
        (
            "message-sunberry-build",
            ("deal-sunberry-festive", "customer-sunberry", "deal-benguela-move"),
        ),
        (
            "message-ch1-excursion",
            ("incident-ch1-excursion", "incident-thermawatch-gateway", "customer-milkwood"),
        ),
        ("message-gateway-back", ("incident-thermawatch-gateway", "tool-thermawatch")),
        ("message-stackpoint-91", ("release-stackpoint-91", "tool-stackpoint")),
        (
            "message-ops-notes",
            (
                "release-stackpoint-91",
                "tool-stackpoint",
                "account-receiver-certificate",
                "service-standby-power",
                "account-brcgs-certificate",
                "deal-benguela-move",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "ThermaWatch": "tool-thermawatch",
        "Coldeye": "tool-coldeye",
        "Kelvra": "vendor-kelvra",
        "Textbridge": "account-textbridge",
        "StackPoint": "tool-stackpoint",
        "DockSlot": "tool-dockslot",
        "Genmark": "vendor-genmark",
        "Coolhaven": "vendor-coolhaven",
        "BF2": "service-blast-freezing",
        "CH1": "service-chilled-storage",
        "Sunberry": "customer-sunberry",
        "Milkwood": "customer-milkwood",
        "Karoo Crest": "customer-karoo-crest",
        "Benguela": "customer-benguela",
        "Cape Gelato": "customer-cape-gelato",
        "Northgate": "vendor-northgate",
        "ammonia": "service-refrigeration-plant",
        "Fatima Isaacs": "person-fatima-isaacs",
        "Sipho Ndlovu": "person-sipho-ndlovu",
        "Pieter van der Merwe": "person-pieter-van-der-merwe",
    }
    for path, did, author, kind, about in (
        (
            "temperature-control-and-qa-hold-procedure.md",
            "doc-qa-procedure",
            "person-fatima-isaacs",
            "procedure",
            ["service-temp-records", "service-alarm-callout", "tool-thermawatch"],
        ),
        (
            "inbound-receiving-and-dock-procedure.md",
            "doc-receiving",
            "person-ruan-botha",
            "procedure",
            ["service-inbound", "service-dock-booking"],
        ),
        (
            "storage-and-handling-rate-card-2026-27.md",
            "doc-rate-card",
            "person-busisiwe-nkosi",
            "price list",
            [
                "product-frozen-pallet",
                "product-chilled-pallet",
                "product-blast-tonne",
                "product-handling",
            ],
        ),
        (
            "ch1-temperature-excursion-review-2026-09.md",
            "doc-excursion-review",
            "person-fatima-isaacs",
            "incident review",
            ["incident-ch1-excursion", "incident-thermawatch-gateway"],
        ),
        (
            "site-safety-rules.md",
            "doc-safety",
            "person-johan-steyn",
            "policy",
            ["service-refrigeration-plant", "service-inbound"],
        ),
        (
            "festive-season-capacity-plan-2026.md",
            "doc-capacity-plan",
            "person-nomsa-dube",
            "plan",
            ["service-frozen-storage", "deal-sunberry-festive", "deal-benguela-move"],
        ),
        (
            "blast-freezer-operating-procedure.md",
            "doc-blast-sop",
            "person-kagiso-molefe",
            "procedure",
            ["service-blast-freezing"],
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
        "decision-email-slots",
        "Carriers book delivery slots by email into the dock diary spreadsheet",
        src="drive:dock-diary",
        on=START,
        why="Carriers emailed the dock office for a delivery time and the dock coordinator "
        "wrote it into the dock diary spreadsheet, one line per truck and door, so the dock "
        "could plan its doors without buying a booking system.",
        made_by="person-nomsa-dube",
        made_in=None,
    )
    decision(
        "decision-dockslot",
        "Move carrier slot booking from the dock diary to DockSlot from 24 August",
        src=_src("message-dockslot-switch"),
        on=DOCKSLOT_DECIDED,
        why="With email bookings reefers bunched at the gate at 06:00 and queued for up to "
        "three hours with their fridge units running, and the average truck turnaround was "
        "about 95 minutes. DockSlot gives each inbound door 45-minute slots that carriers "
        "book themselves and sends the advance shipping notice into StackPoint, so receiving "
        "is planned before the truck arrives and turnaround comes down.",
        made_by="person-thabo-mahlangu",
        made_in="message-dockslot-switch",
        edges=(
            ("decision-dockslot", "SUPERSEDES", "decision-email-slots"),
            ("decision-dockslot", "AFFECTS", "service-dock-booking"),
            ("decision-dockslot", "AFFECTS", "metric-truck-turnaround"),
            ("decision-dockslot", "MENTIONS", "tool-dockslot"),
        ),
    )
    decision(
        "decision-thermawatch",
        "Replace the Coldeye wired loggers and dialer with ThermaWatch wireless monitoring "
        "from 3 August",
        src=_src("message-thermawatch-switch"),
        on=THERMAWATCH_BOUGHT,
        why="The Coldeye loggers had to be downloaded by hand every week, its dialer phoned "
        "one number only, and it missed two alarms that Northgate Certification raised as a "
        "minor non-conformity at the March BRCGS audit. ThermaWatch logs every chamber every "
        "five minutes to the cloud and escalates alarms by SMS and voice call through the "
        "Textbridge account until someone acknowledges.",
        made_by="person-fatima-isaacs",
        made_in="message-thermawatch-switch",
        edges=(
            ("decision-thermawatch", "AFFECTS", "service-alarm-callout"),
            ("decision-thermawatch", "AFFECTS", "service-temp-records"),
            ("decision-thermawatch", "MENTIONS", "tool-thermawatch"),
            ("decision-thermawatch", "MENTIONS", "tool-coldeye"),
        ),
    )
    decision(
        "decision-sunberry-build",
        "Take the whole Sunberry Foods festive build of 2,400 pallets into FZ1 and FZ2 from "
        "1 September",
        src=_src("message-sunberry-build"),
        on=BUILD_DECIDED,
        why="The festive build is worth about R 3.1 million in storage and handling to the "
        "end of January and keeps Frostline's largest customer. Taking all 2,400 pallets "
        "raises frozen occupancy from about 82% to about 95% by the end of September, so "
        "Benguela Bay Seafoods' move waits for January and a second reach truck runs on "
        "nights.",
        made_by="person-hendrik-joubert",
        made_in="message-sunberry-build",
        edges=(
            ("decision-sunberry-build", "BASED_ON", "doc-capacity-plan"),
            ("decision-sunberry-build", "AFFECTS", "metric-occupancy"),
            ("decision-sunberry-build", "AFFECTS", "service-frozen-storage"),
            ("decision-sunberry-build", "MENTIONS", "deal-sunberry-festive"),
        ),
    )
    decision(
        "decision-bf2-spares",
        "Keep a spare blast freezer fan motor on site and add fan vibration checks to the "
        "weekly PPM",
        src=_src("message-bf2-back"),
        on=BF2_BACK,
        why="BF2 was out for eight days because no fan motor was in stock in Cape Town; a "
        "spare on the shelf and weekly vibration checks catch a failing motor early and cut "
        "the wait to a day.",
        made_by="person-pieter-van-der-merwe",
        made_in="message-bf2-back",
        edges=(
            ("decision-bf2-spares", "MENTIONS", "incident-bf2-fan"),
            ("decision-bf2-spares", "AFFECTS", "service-blast-freezing"),
        ),
    )
    decision(
        "decision-generator-tests",
        "Test G1 on load every Monday, polish its fuel every quarter and put the ThermaWatch "
        "gateway on a UPS",
        src="drive:ch1-temperature-excursion-review-2026-09",
        on=DOC_DATES["doc-excursion-review"],
        why="G1 did not start on 14 September because of sludge in its fuel and a flat start "
        "battery, and the excursion cost R 186,400; weekly on-load tests and quarterly fuel "
        "polishing find that before a load-shedding night, and a UPS keeps the monitoring "
        "alive through the surge.",
        made_by="person-hendrik-joubert",
        made_in="doc-excursion-review",
        edges=(
            ("decision-generator-tests", "BASED_ON", "doc-excursion-review"),
            ("decision-generator-tests", "MENTIONS", "incident-ch1-excursion"),
            ("decision-generator-tests", "AFFECTS", "service-standby-power"),
        ),
    )
    notes = _src("message-ops-notes")
    decision(
        "decision-putaway-workaround",
        "Run an extra reach truck and driver on every inbound shift and stage on the "
        "marshalling lanes until StackPoint 9.1.1 brings back fixed-location putaway (by 16 "
        "October)",
        src=notes,
        on=MEETING,
        why="Since StackPoint 9.1's directed putaway, received pallets wait on the dock for "
        "their putaway wave and truck turnaround went from about 62 to about 88 minutes. "
        "Orrery will not switch the waves off in 9.1, so 9.1.1 brings back fixed-location "
        "putaway as an option by 16 October; until then an extra reach truck and driver on "
        "every inbound shift clears the dock, and tipped pallets are staged on the "
        "marshalling lanes, not the dock plates.",
        made_by="person-nomsa-dube",
        made_in="message-ops-notes",
        edges=(
            ("decision-putaway-workaround", "AFFECTS", "service-inbound"),
            ("decision-putaway-workaround", "MENTIONS", "release-stackpoint-91"),
            ("decision-putaway-workaround", "MENTIONS", "tool-stackpoint"),
        ),
    )
    decision(
        "decision-hire-generator",
        "Hire a second standby generator from Genmark Power from 12 October until G1's fuel "
        "system is rebuilt",
        src=notes,
        on=MEETING,
        why="Load-shedding is running most evenings and G1's day tank and fuel lines still "
        "need rebuilding after the sludge; a hired 800 kVA set on the CH1 and plant room "
        "supply covers the weeks that takes.",
        made_by="person-hendrik-joubert",
        made_in="message-ops-notes",
        edges=(
            ("decision-hire-generator", "AFFECTS", "service-standby-power"),
            ("decision-hire-generator", "MENTIONS", "incident-ch1-excursion"),
        ),
    )


def _work(w: Book) -> None:
    src = "drive:brcgs-2026/prep-plan"
    w.node(
        "Task",
        "task-brcgs-prep",
        "Prepare for the BRCGS Storage and Distribution audit (unannounced, window opens 1 "
        "November)",
        src=src,
        as_of=date(2026, 7, 6),
        status="in progress",
        due="2026-10-31",
        text="Close the March minor non-conformity on temperature alarms, run the mock "
        "traceability and recall test, check three months of ThermaWatch records for every "
        "chamber and close the CH1 excursion CAPA before the unannounced audit window opens "
        "on 1 November.",
    )
    w.edge("person-fatima-isaacs", "OWNS", "task-brcgs-prep", since=date(2026, 7, 6), src=src)
    w.edges(
        src,
        date(2026, 7, 6),
        ("task-brcgs-prep", "ABOUT", "account-brcgs-certificate"),
        ("task-brcgs-prep", "DEPENDS_ON", "vendor-northgate"),
        ("person-fatima-isaacs", "WORKS_ON", "task-brcgs-prep"),
    )
    w.edges(
        _src("message-brcgs-handover"),
        BRCGS_HANDOVER,
        ("person-lerato-sithole", "OWNS", "task-brcgs-prep"),
        ("person-lerato-sithole", "WORKS_ON", "task-brcgs-prep"),
        ("message-brcgs-handover", "MENTIONS", "task-brcgs-prep"),
    )

    src = "plantview:tasks/receiver-inspection"
    w.node(
        "Task",
        "task-receiver-inspection",
        "Statutory inspection of the ammonia high-pressure receiver before its certificate "
        "expires on 30 November",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-11-20",
        text="Book Kalahari Inspection Authority for the receiver's internal and external "
        "inspection, pump the ammonia down to the low-pressure receiver for the day, and file "
        "the new certificate before the old one expires on 30 November.",
    )
    w.edge(
        "person-pieter-van-der-merwe",
        "OWNS",
        "task-receiver-inspection",
        since=date(2026, 8, 3),
        src=src,
    )
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-receiver-inspection", "ABOUT", "account-receiver-certificate"),
        ("task-receiver-inspection", "DEPENDS_ON", "vendor-kalahari"),
        ("person-pieter-van-der-merwe", "WORKS_ON", "task-receiver-inspection"),
    )
    notes = _src("message-ops-notes")
    w.edges(
        notes,
        MEETING,
        ("person-anele-dlamini", "OWNS", "task-receiver-inspection"),
        ("person-anele-dlamini", "WORKS_ON", "task-receiver-inspection"),
        ("message-ops-notes", "MENTIONS", "task-receiver-inspection"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-stackpoint-911",
            "Get StackPoint 9.1.1 (fixed-location putaway) from Orrery",
            "person-riaan-pretorius",
            "2026-10-16",
            "Orrery Software ship StackPoint 9.1.1 with the fixed-location putaway mode back "
            "as an option by Friday 16 October; Riaan tests it on doors 1 and 2 first.",
            "release-stackpoint-91",
        ),
        (
            "task-extra-reach-truck",
            "Extra reach truck and driver on every inbound shift until 9.1.1 is in",
            "person-ruan-botha",
            "2026-10-16",
            "One more reach truck from the Kranz pool and a driver on every inbound shift, "
            "Ruan on days and Zanele on nights, with tipped pallets staged on the marshalling "
            "lanes.",
            "service-inbound",
        ),
        (
            "task-hire-generator",
            "Hire the second standby generator from Genmark Power from 12 October",
            "person-pieter-van-der-merwe",
            "2026-10-12",
            "An 800 kVA hired set on the CH1 and plant room supply until G1's day tank and "
            "fuel lines are rebuilt.",
            "service-standby-power",
        ),
        (
            "task-excursion-capa",
            "Close the CH1 excursion CAPA before the BRCGS audit window",
            "person-fatima-isaacs",
            "2026-10-23",
            "Evidence of the G1 on-load tests, the fuel polishing contract, the UPS on the "
            "ThermaWatch gateway and the Milkwood Dairy claim, filed for Northgate.",
            "incident-ch1-excursion",
        ),
        (
            "task-benguela-january",
            "Tell Benguela Bay Seafoods their 1,100-pallet move waits until January",
            "person-yusuf-patel",
            "2026-10-09",
            "Frozen occupancy is at 95% with the Sunberry build; offer a January start and "
            "hold the rate quoted in August.",
            "deal-benguela-move",
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
    coverage_words = [
        "coverage",
        "days of data",
        "days with",
        "missing",
        "only",
        "gap",
        "no reading",
    ]
    textbridge = impact_question(
        facts,
        "textbridge is down - what stops working?",
        ["vendor-textbridge", "account-textbridge"],
        today,
        must_exclude=["Coldeye"],
        note="Textbridge is both the vendor and the alert account; under either reading the "
        "after-hours temperature alarm call-out stops; the "
        "Coldeye dialer also sent through Textbridge but was retired on 3 August and breaks "
        "nothing now",
    )
    spec = m(
        facts,
        today,
        "temp compliance sept vs aug, better or worse?",
        "metric_change",
        "metric-temp-in-spec",
        periods=("month_september", "month_august"),
        tolerance=0.2,
        covered=True,
        note="no in-spec readings 15-18 September (the dead gateway) nor 1-2 August (the "
        "ThermaWatch changeover weekend): September has 26 of 30 days, August 29 of 31, so "
        "compare daily means over the covered days and say so",
    )
    spec.must_include = [coverage_words]
    pick_avg = m(
        facts,
        today,
        "avg pick acc mid sept?",
        "metric_average",
        "metric-pick-accuracy",
        periods=("mid_september",),
        tolerance=0.05,
        covered=True,
        note="no picking on Sundays: 11-20 September has readings on 8 of 10 days (13 and 20 "
        "September missing)",
    )
    pick_avg.must_include = [coverage_words]
    pick = m(
        facts,
        today,
        "pick accuracy this month v last month",
        "metric_change",
        "metric-pick-accuracy",
        periods=("this_month", "last_month"),
        tolerance=0.05,
        covered=True,
        note="no picking on Sundays: 1-7 October has 6 of 7 days (4 October missing), "
        "September 26 of 30; daily means over the covered days",
    )
    pick.must_include = [coverage_words]
    return [
        textbridge,
        impact_question(
            facts,
            "if the ammonia receiver cert expires end of nov what stops?",
            ["account-receiver-certificate"],
            today,
            note="certificate <- the ammonia plant <- frozen, chilled and blast freezing <- "
            "their products; it expires on 30 November",
        ),
        impact_question(
            facts,
            "stackpoint goes down on night shift, what do we lose",
            ["tool-stackpoint"],
            today,
            note="receiving and dispatch run on it, and DockSlot books into it through the "
            "API key, so dock slot booking goes too",
        ),
        owner_question(
            facts,
            "who's got the brcgs audit prep now?",
            "task-brcgs-prep",
            today,
            note="Fatima handed it to Lerato on 21 September",
        ),
        owner_question(
            facts,
            "who was running brcgs prep back in early sept",
            "task-brcgs-prep",
            date(2026, 9, 5),
        ),
        owner_question(
            facts,
            "whos doing the ammonia receiver inspection now",
            "task-receiver-inspection",
            today,
            note="Pieter handed it to Anele at the 6 October operations meeting",
        ),
        Question(
            "why did we swap coldeye for thermawatch?",
            "decision",
            must_include=[["one number", "by hand", "five minutes", "non-conformity"]],
            must_cite=["decision-thermawatch"],
        ),
        Question(
            "who decided we take the whole sunberry festive build",
            "decision",
            must_include=["Hendrik Joubert"],
            must_cite=["decision-sunberry-build"],
        ),
        Question(
            "how did carriers book delivery slots before dockslot?",
            "decision",
            must_include=[["dock diary", "email"]],
            must_cite=["decision-email-slots"],
            note="the superseded decision: email into the dock diary spreadsheet until 24 August",
        ),
        Question(
            "ch1 been sitting at +6.5 for about 40 min after the defrost, does the milkwood "
            "stock have to go on hold?",
            "policy",
            must_include=[["QA hold", "30 minutes"]],
            must_cite=["rule-chilled-hold"],
            note="above +5 °C for more than 30 minutes: QA hold until the QA manager decides",
        ),
        Question(
            "driver probed the karoo crest chicken at -12, do we tip it?",
            "policy",
            must_include=["-15"],
            must_cite=["rule-probe-reject"],
            note="no: frozen product with a core warmer than -15 °C is rejected",
        ),
        Question(
            "how long can the guys stay in fz3 before they need a warm up break",
            "policy",
            must_include=["45 minutes"],
            must_cite=["rule-cold-exposure"],
        ),
        Question(
            "nh3 alarm in the engine room reading 30ppm, what do we do",
            "policy",
            must_include=[["evacuat", "breathing apparatus"]],
            must_cite=["rule-ammonia-evacuation"],
            note="25 ppm and over: evacuate the engine room; only the on-call engineer goes "
            "in, with breathing apparatus",
        ),
        related_question(
            facts,
            "thermawatch alarms go out by sms through our account - which company is behind "
            "that account?",
            today,
            rel="DEPENDS_ON",
            frm="account-textbridge",
            keep=["Vendor"],
            note="two hops: the alarm call-out -> the Textbridge account -> Textbridge Messaging",
        ),
        related_question(
            facts,
            "the after-hours alarm callouts go out on an sms account, which team is the "
            "person who owns that account in?",
            today,
            rel="MEMBER_OF",
            frm="person-riaan-pretorius",
            note="three hops: the call-out -> the Textbridge account -> its owner Riaan "
            "Pretorius -> his team",
        ),
        related_question(
            facts,
            "which of our customers use the blast freezers",
            today,
            rel="USES",
            to="service-blast-freezing",
            keep=["Customer"],
        ),
        m(
            facts,
            today,
            "how many pallets did we receive yesterday",
            "metric_value",
            "metric-pallets-in",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "frozen occ on 1 sept?",
            "metric_value",
            "metric-occupancy",
            span=(date(2026, 9, 1), date(2026, 9, 1)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "pallets dispatched second half of september",
            "metric_total",
            "metric-pallets-out",
            periods=("second_half_september",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total blast tonnes the week of 10 aug",
            "metric_total",
            "metric-blast-tonnes",
            periods=("week_of_2026-08-10",),
            tolerance=0.5,
            note="10-16 August: BF2 was out from the 11th",
        ),
        m(
            facts,
            today,
            "avg frozen occupancy early sept",
            "metric_average",
            "metric-occupancy",
            periods=("early_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "average truck turnaround end of Q3",
            "metric_average",
            "metric-truck-turnaround",
            periods=("end_q3",),
            tolerance=0.05,
            note="17-30 September: DockSlot days, then StackPoint 9.1 from the 28th",
        ),
        pick_avg,
        m(
            facts,
            today,
            "pallets out last 7 days vs the 7 before",
            "metric_change",
            "metric-pallets-out",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        spec,
        pick,
        m(
            facts,
            today,
            "truck TAT since stackpoint 9.1 vs the fortnight before it",
            "metric_change",
            "metric-truck-turnaround",
            spans=((SP91, date(2026, 10, 7)), (date(2026, 9, 14), date(2026, 9, 27))),
            tolerance=0.2,
            note="9.1 went live on 28 September: 28 September - 7 October against 14-27 September",
        ),
        Question(
            "why did blast tonnes tank in mid aug",
            "metric_why",
            must_include=[["fan motor", "evaporator fan"]],
            must_cite=["incident-bf2-fan"],
        ),
        Question(
            "why is frozen occupancy through the roof since september",
            "metric_why",
            must_include=[["Sunberry", "festive"]],
            must_cite=["decision-sunberry-build"],
        ),
        Question(
            "why has truck turnaround gone back up since the end of sept?",
            "metric_why",
            must_include=[["9.1", "directed putaway"]],
            must_cite=["release-stackpoint-91"],
            note="nothing links the release to the metric: turnaround rises from 28 "
            "September, the day StackPoint 9.1's directed putaway went live",
        ),
        Question(
            "why is there no temp compliance data for 15-18 sept",
            "metric_why",
            must_include=[["gateway", "surge"]],
            must_cite=["incident-thermawatch-gateway"],
        ),
        Question(
            "what did the ch1 excursion end up costing us per fatima's review",
            "document",
            must_include=["186,400"],
            must_cite=["doc-excursion-review"],
        ),
        Question(
            "whats our frozen storage rate per pallet per week in FZ1/FZ2",
            "document",
            must_include=["98.50"],
            must_cite=["doc-rate-card"],
        ),
        Question(
            "what did we agree at tuesday's ops meeting about the putaway mess?",
            "meeting",
            must_include=["9.1.1", ["reach truck", "marshalling"]],
            must_cite=["decision-putaway-workaround"],
            note="6 October: Orrery ship 9.1.1 with fixed-location putaway by 16 October "
            "(Riaan); until then an extra reach truck and driver on every inbound shift and "
            "staging on the marshalling lanes (Ruan, Zanele)",
        ),
        Question(
            "who's doing what after the ops meeting on the 6th?",
            "meeting",
            must_include=["Riaan", "Anele", "Pieter", "Yusuf"],
            note="Riaan: StackPoint 9.1.1 by 16 Oct; Ruan and Zanele: extra reach truck on "
            "inbound; Anele: receiver inspection (Kalahari 17 Nov); Pieter: hired generator "
            "from 12 Oct; Fatima: excursion CAPA by 23 Oct; Lerato: BRCGS prep; Yusuf: tell "
            "Benguela their move is January",
        ),
        Question(
            "who services the spiral freezer on line 2?",
            "unknown",
            absent=["spiral"],
            note="Frostline has two blast freezers and no spiral freezer or production lines",
        ),
        Question(
            "what did marius le roux decide about the durban dc?",
            "unknown",
            absent=["Marius", "Durban"],
            note="no such person and no Durban DC",
        ),
        Question(
            "how many pallets did we receive in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 10 July",
        ),
        Question("who won the currie cup final this year", "offtopic"),
        Question("anyone got a decent braai marinade for lamb chops?", "offtopic"),
    ]


def build() -> Business:
    """The coldstore's facts and its questions."""
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
        "Frostline Coldstore",
        "temperature-controlled warehouse and third-party logistics for frozen and chilled "
        "food: frozen and chilled chambers, blast freezers, an ammonia refrigeration plant, "
        "dock doors, a WMS and food brand customer accounts (Frostline Coldstore, Blackheath, "
        "Cape Town, South Africa)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/operations-meeting-2026-10-06.txt",
                "title": "Weekly operations meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
