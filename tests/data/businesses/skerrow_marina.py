"""Skerrow Marina & Boatyard: a marina and boatyard on Skerrow Sound (Dunmorrow, Co. Cork).

The story: Skerrow Marina rents 240 pontoon berths (annual berth holders and visitors),
runs a boatyard with a 50-tonne Hallbery MBH-50 travel lift (TL50), a wash-down pad, a
paint and GRP shop (antifouling, osmosis), marine engineers, a fuel dock, a chandlery shop,
winter storage ashore and the harbour master's desk. Berth contracts, yard and storage
invoices and the harbour log live in MarinaDesk (Berthwise Software), whose subscription
expires on 31 December; visitors book online through MoorPoint (Moorpoint Ltd), which
books into MarinaDesk through an API key and takes cards through the Paylantic merchant
account, as the fuel dock terminal does. The fuel dock pumps are run by a Quayflow
controller; the chandlery till is Tillpoint.

On 5 August online visitor bookings moved from the Navibook widget (9% commission) to
MoorPoint and booking completion jumped (the decision is linked to the metric). On 11
August a hoist hose on TL50 burst and the lift was out until 19 August (linked to lift
movements). Winter haul-outs ran seven days a week from 14 September (the plan's decision
is linked to lift movements) and berth occupancy fell as boats came ashore. In the storm
of 21-22 September lightning knocked out the fuel dock's Quayflow controller; it was
replaced on 29 September, so fuel sales have no readings from 22 to 28 September
(linked). The chandlery closes on Sundays from 13 September (winter hours), so its takings
have no reading on those Sundays. MoorPoint 3.4 went live on 6 October with a multi-step
checkout and booking completion fell that day (nothing links the two). The six-monthly
thorough examination of TL50 moved from Ciaran Mulcahy to Tadhg Cronin on 28 September.
The management meeting of Tuesday 13 October took visitor bookings by phone and VHF with
Paylantic pay-by-links until MoorPoint 3.4.1 (by 23 October), handed the MarinaDesk
renewal from Liam Hurley to Rory Fitzgerald and opened the north compound as overflow
winter storage from 19 October.

"Today" is Thursday 15 October 2026; daily readings run from 17 July to 14 October.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
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

SLUG = "skerrow-marina"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 15)
FIRST, LAST = date(2026, 7, 17), date(2026, 10, 14)
SEED = 4471
START = date(2024, 3, 4)
MOORPOINT_FROM = date(2026, 8, 5)
HOSE_DAYS = tuple(date(2026, 8, 11) + timedelta(days=i) for i in range(9))  # to 19 Aug
HOSE_BACK = date(2026, 8, 20)
HAULOUT_FROM = date(2026, 9, 14)
WINTER_HOURS_FROM = date(2026, 9, 13)  # chandlery closed on Sundays from this Sunday
STORM = (date(2026, 9, 21), date(2026, 9, 22))
CONTROLLER_GAP = tuple(date(2026, 9, 22) + timedelta(days=i) for i in range(7))  # to 28 Sep
CONTROLLER_BACK = date(2026, 9, 29)
EXAM_HANDOVER = date(2026, 9, 28)
RENEWAL_TASK_FROM = date(2026, 10, 1)
MOORPOINT_34 = date(2026, 10, 6)
MEETING = date(2026, 10, 13)
DOC_DATES = {
    "doc-handbook": date(2026, 8, 5),
    "doc-yard-rules": date(2026, 4, 6),
    "doc-price-list": date(2026, 7, 1),
    "doc-hose-review": date(2026, 8, 26),
    "doc-osmosis": date(2025, 11, 10),
    "doc-winter-plan": date(2026, 8, 24),
}

# fmt: off
PEOPLE = (
    ("person-fionnuala-brennan", "Fionnuala Brennan", "Managing director", None),
    ("person-declan-ruane", "Declan Ruane", "Harbour master and marina manager",
     "team-harbour"),
    ("person-aoife-keohane", "Aoife Keohane", "Berthing and bookings coordinator",
     "team-harbour"),
    ("person-oisin-barry", "Oisin Barry", "Assistant harbour master (late shift)",
     "team-harbour"),
    ("person-ciaran-mulcahy", "Ciaran Mulcahy", "Boatyard manager", "team-yard"),
    ("person-tadhg-cronin", "Tadhg Cronin", "Travel lift operator and yard foreman",
     "team-yard"),
    ("person-kevin-nagle", "Kevin Nagle", "Yard hand and second lift operator", "team-yard"),
    ("person-sorcha-daly", "Sorcha Daly", "Paint and GRP shop lead (antifouling, osmosis)",
     "team-paint"),
    ("person-niamh-hegarty", "Niamh Hegarty", "Senior marine engineer", "team-engineering"),
    ("person-padraig-lynch", "Padraig Lynch", "Marine engineer", "team-engineering"),
    ("person-eamon-crowley", "Eamon Crowley", "Fuel dock and pontoons supervisor",
     "team-fuel"),
    ("person-grainne-twomey", "Grainne Twomey", "Chandlery manager", "team-chandlery"),
    ("person-rory-fitzgerald", "Rory Fitzgerald", "Finance manager", "team-office"),
    ("person-liam-hurley", "Liam Hurley", "Office and systems coordinator", "team-office"),
    ("person-maeve-coughlan", "Maeve Coughlan", "Safety and environment coordinator",
     "team-office"),
)
TEAMS = (
    ("team-harbour", "Harbour Office & Berthing"),
    ("team-yard", "Boatyard & Lifting"),
    ("team-paint", "Paint & GRP Shop"),
    ("team-engineering", "Marine Engineering"),
    ("team-fuel", "Fuel Dock & Pontoons"),
    ("team-chandlery", "Chandlery"),
    ("team-office", "Office, Finance & Systems"),
)
VENDORS = (
    ("vendor-hallbery", "Hallbery Lifting Systems", "the TL50 MBH-50 travel lift, its hoses, "
     "slings and parts, and service technicians"),
    ("vendor-certa", "Certa Lifting Inspections", "the six-monthly thorough examination of "
     "the travel lift and its certificate"),
    ("vendor-berthwise", "Berthwise Software", "builds and hosts MarinaDesk, the berth, "
     "yard and storage management and billing system with the harbour log"),
    ("vendor-moorpoint", "Moorpoint Ltd", "MoorPoint, the online visitor berth booking "
     "portal on the marina website"),
    ("vendor-navibook", "Navibook", "the Navibook visitor booking widget and marketplace "
     "(used until August 2026)"),
    ("vendor-paylantic", "Paylantic Payments", "card payments: the merchant account behind "
     "online bookings, pay-by-links and the fuel dock card terminal"),
    ("vendor-quayflow", "Quayflow Dispensing", "the fuel dock dispensers and the Quayflow "
     "pump controller that meters and logs every sale"),
    ("vendor-ardfinn", "Ardfinn Fuels", "marine diesel and unleaded petrol deliveries to "
     "the fuel dock tanks"),
    ("vendor-tillpoint", "Tillpoint Retail", "the Tillpoint till and stock system in the "
     "chandlery, with its own card payments"),
    ("vendor-atlantic-wholesale", "Atlantic Chandlery Wholesale", "chandlery stock: rope, "
     "fenders, safety gear, fittings"),
    ("vendor-bluefin", "Bluefin Coatings", "antifouling paint, epoxy barrier coat and "
     "gelcoat for the paint and GRP shop"),
    ("vendor-tarka", "Tarka Marine Engines Ireland", "parts, warranty and dealer training "
     "for Tarka inboard diesels"),
    ("vendor-seastate", "Seastate Weather Services", "the wind, tide and forecast feed on "
     "the harbour office screen and the lift dock anemometer readout"),
    ("vendor-clearwater", "Clearwater Waste Oils", "collection of waste oil, bilge water and "
     "wash-down pad sludge"),
)
TOOLS = (
    ("tool-marinadesk", "MarinaDesk berth and yard management system", "vendor-berthwise",
     "person-liam-hurley"),
    ("tool-moorpoint", "MoorPoint visitor booking portal", "vendor-moorpoint",
     "person-aoife-keohane"),
    ("tool-quayflow", "Quayflow fuel dock pump controller", "vendor-quayflow",
     "person-eamon-crowley"),
    ("tool-tillpoint", "Tillpoint chandlery till", "vendor-tillpoint",
     "person-grainne-twomey"),
)
ACCOUNTS = (
    ("account-marinadesk-subscription", "MarinaDesk subscription", "person-liam-hurley",
     "Skerrow Marina's subscription to MarinaDesk with Berthwise Software; without it "
     "nobody can open the berth register, the yard bookings or the harbour log. It "
     "expires on 31 December 2026.", {"expiresAt": "2026-12-31"}),
    ("account-marinadesk-api", "MarinaDesk API key for MoorPoint", "person-liam-hurley",
     "The key MoorPoint uses to read the live pontoon plan from MarinaDesk and write every "
     "online visitor booking into it.", {}),
    ("account-paylantic-merchant", "Paylantic merchant account", "person-rory-fitzgerald",
     "The marina's card merchant account with Paylantic Payments: MoorPoint online "
     "bookings, pay-by-links from the office and the fuel dock card terminal all settle "
     "through it.", {}),
    ("account-lift-certificate", "TL50 thorough examination certificate",
     "person-ciaran-mulcahy",
     "The certificate of the six-monthly thorough examination of the TL50 travel lift by "
     "Certa Lifting Inspections; without a current one TL50 may not lift. The current "
     "certificate expires on 8 November 2026.", {"expiresAt": "2026-11-08"}),
    ("account-ardfinn-supply", "Ardfinn Fuels supply account", "person-eamon-crowley",
     "The fuel dock's supply account with Ardfinn Fuels for marine diesel and petrol "
     "deliveries.", {}),
)
SERVICES = (
    ("service-annual-berths", "Annual berth rentals", ("tool-marinadesk",)),
    ("service-harbour-desk", "Harbour master's desk (VHF 80, arrivals, harbour log)",
     ("tool-marinadesk", "vendor-seastate")),
    ("service-travel-lift", "TL50 Hallbery MBH-50 travel lift (50 t)",
     ("vendor-hallbery", "account-lift-certificate")),
    ("service-haulout", "Haul-out and relaunch", ("service-travel-lift",)),
    ("service-winter-storage", "Winter storage ashore", ("service-haulout",)),
    ("service-antifouling", "Antifouling and hull preparation",
     ("service-haulout", "vendor-bluefin")),
    ("service-osmosis", "Osmosis and GRP repairs", ("service-haulout", "vendor-bluefin")),
    ("service-engine-servicing", "Engine servicing and winterisation", ("vendor-tarka",)),
    ("service-fuel-dock", "Fuel dock (marine diesel and petrol)",
     ("tool-quayflow", "account-paylantic-merchant", "account-ardfinn-supply")),
    ("service-chandlery", "Chandlery shop", ("tool-tillpoint", "vendor-atlantic-wholesale")),
    ("service-visitor-moorings", "Visitor moorings booked online", ()),
)
PRODUCTS = (
    ("product-annual-berth", "Annual berth contract", ("service-annual-berths",)),
    ("product-visitor-night", "Visitor berth night", ("service-visitor-moorings",)),
    ("product-winter-package", "Winter storage package (lift out, wash, storage, relaunch)",
     ("service-haulout", "service-winter-storage")),
)
RULES = (
    ("rule-speed-limit", "Inside the breakwater the speed limit is 3 knots and no wash",
     "doc-handbook", "person-declan-ruane"),
    ("rule-vhf-arrival", "Visiting boats call the harbour office on VHF channel 80 before "
     "the breakwater heads; boats arriving after 21:00 raft on the D pontoon hammerhead and "
     "report to the harbour office by 09:00", "doc-handbook", "person-declan-ruane"),
    ("rule-visitor-cancellation", "A visitor booking cancelled more than 48 hours before "
     "arrival is refunded in full less a €10 fee; cancelled within 48 hours of arrival, one "
     "night is charged", "doc-handbook", "person-aoife-keohane"),
    ("rule-fuel-dock", "At the fuel dock: engine off, no smoking, a spill pad under the "
     "filler, and every spill reported to the fuel dock attendant at once", "doc-handbook",
     "person-eamon-crowley"),
    ("rule-lift-wind", "The travel lift does not lift when the mean wind at the lift dock "
     "anemometer is above 20 knots or gusts are above 25 knots", "doc-yard-rules",
     "person-ciaran-mulcahy"),
    ("rule-lift-weight", "TL50 (rated 50 tonnes) lifts no boat over 45 tonnes, and a boat "
     "with no known displacement is weighed on the load cells before it is moved",
     "doc-yard-rules", "person-tadhg-cronin"),
    ("rule-wash-pad", "Antifouling is pressure washed only on the wash-down pad with the "
     "filtration sump running; sanding antifouling needs a dust-extracted sander and a "
     "ground sheet", "doc-yard-rules", "person-maeve-coughlan"),
    ("rule-hot-work", "No hot work (welding, grinding, cutting) on a boat ashore without a "
     "hot work permit from the boatyard manager and a fire watch for 60 minutes after",
     "doc-yard-rules", "person-maeve-coughlan"),
    ("rule-no-sleeping-ashore", "Nobody lives or sleeps aboard a boat stored ashore; "
     "overnight stays on the hard are not allowed", "doc-yard-rules",
     "person-ciaran-mulcahy"),
    ("rule-launch-settled", "A boat is launched only when its yard and storage account is "
     "settled", "doc-yard-rules", "person-rory-fitzgerald"),
    ("rule-osmosis-moisture", "The epoxy barrier coat goes on only when every reading on "
     "the hull moisture map is below 15 on the meter's relative scale on two checks a week "
     "apart", "doc-osmosis", "person-sorcha-daly"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-skerrow",
        "Skerrow Marina & Boatyard",
        src="cro:skerrow-marina",
        as_of=date(2009, 5, 18),
        city="Dunmorrow",
        text="Skerrow Marina & Boatyard Ltd runs a 240-berth marina and a boatyard on Skerrow "
        "Sound at Dunmorrow, County Cork, Ireland: annual and visitor berths, haul-out with "
        "a 50-tonne travel lift, antifouling and osmosis repairs, engine servicing, a fuel "
        "dock, a chandlery shop, winter storage ashore and the harbour master's desk.",
    )
    w.node(
        "Organization",
        "org-harbour-commissioners",
        "Dunmorrow Harbour Commissioners",
        src="dhc:foreshore-lease",
        as_of=START,
        text="The harbour authority for Dunmorrow; it leases the marina's foreshore and the "
        "boatyard site to Skerrow Marina and sets the harbour byelaws.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="staffbook:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-skerrow", since=START, src="staffbook:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="staffbook:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@skerrowmarina.ie",
        )
        w.edge(pid, "MEMBER_OF", team or "org-skerrow", since=START, src="staffbook:staff")
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
        w.edge("org-skerrow", "USES", vid, since=START, src="xero:suppliers")
    w.node(
        "Deal",
        "deal-yacht-club-storage",
        "Dunmorrow Yacht Club winter storage block booking (36 boats)",
        src="marinadesk:quotes/Q-1187",
        as_of=date(2026, 7, 22),
        stage="won",
        value=61200,
        text="Winter storage packages for 36 Dunmorrow Yacht Club boats, lifted out as a group "
        "on the weekend of 3 and 4 October 2026 and relaunched in April: about €61,200.",
    )
    w.edge(
        "deal-yacht-club-storage",
        "ASSIGNED_TO",
        "person-ciaran-mulcahy",
        since=date(2026, 7, 22),
        src="marinadesk:quotes/Q-1187",
    )
    w.node(
        "Deal",
        "deal-sail-trust-osmosis",
        "Atlantic Sail Training Trust: osmosis treatment of Aisling Og",
        src="marinadesk:quotes/Q-1203",
        as_of=date(2026, 8, 28),
        stage="won",
        value=18400,
        text="Full osmosis treatment of the Trust's 14 metre sail training ketch Aisling Og: "
        "peel, drying under the heated tent, epoxy barrier coat and antifouling, €18,400.",
    )
    w.edge(
        "deal-sail-trust-osmosis",
        "ASSIGNED_TO",
        "person-sorcha-daly",
        since=date(2026, 8, 28),
        src="marinadesk:quotes/Q-1203",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-yacht-club",
            "Dunmorrow Yacht Club",
            "The local yacht club; about 60 of its members hold annual berths and 36 of its "
            "boats winter ashore in the yard.",
            "service-winter-storage",
        ),
        (
            "customer-angling-charters",
            "Skerrow Sound Angling Charters",
            "Three sea angling charter boats on A pontoon; the fuel dock's biggest diesel "
            "customer in summer.",
            "service-fuel-dock",
        ),
        (
            "customer-sail-trust",
            "Atlantic Sail Training Trust",
            "A youth sail training charity with two ketches; their boats are serviced and "
            "repaired in the yard.",
            "service-osmosis",
        ),
    ):
        w.node("Customer", cid, name, src="marinadesk:customers", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="marinadesk:customers")


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
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="marinadesk:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-marinadesk", "DEPENDS_ON", "account-marinadesk-subscription"),
        ("account-marinadesk-subscription", "DEPENDS_ON", "vendor-berthwise"),
        ("account-marinadesk-subscription", "PART_OF", "tool-marinadesk"),
        ("account-marinadesk-api", "DEPENDS_ON", "tool-marinadesk"),
        ("account-marinadesk-api", "PART_OF", "tool-moorpoint"),
        ("tool-moorpoint", "DEPENDS_ON", "account-marinadesk-api"),
        ("tool-moorpoint", "DEPENDS_ON", "account-paylantic-merchant"),
        ("account-paylantic-merchant", "DEPENDS_ON", "vendor-paylantic"),
        ("account-lift-certificate", "DEPENDS_ON", "vendor-certa"),
        ("account-lift-certificate", "PART_OF", "service-travel-lift"),
        ("account-ardfinn-supply", "DEPENDS_ON", "vendor-ardfinn"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("service-travel-lift", "PART_OF", "org-skerrow"),
        ("team-harbour", "USES", "tool-marinadesk"),
        ("team-harbour", "USES", "tool-moorpoint"),
        ("team-yard", "USES", "tool-marinadesk"),
        ("team-office", "USES", "tool-marinadesk"),
        ("team-fuel", "USES", "tool-quayflow"),
        ("team-chandlery", "USES", "tool-tillpoint"),
        ("person-declan-ruane", "OWNS", "service-annual-berths"),
        ("person-declan-ruane", "OWNS", "service-harbour-desk"),
        ("person-aoife-keohane", "OWNS", "service-visitor-moorings"),
        ("person-tadhg-cronin", "OWNS", "service-travel-lift"),
        ("person-ciaran-mulcahy", "OWNS", "service-haulout"),
        ("person-ciaran-mulcahy", "OWNS", "service-winter-storage"),
        ("person-sorcha-daly", "OWNS", "service-antifouling"),
        ("person-sorcha-daly", "OWNS", "service-osmosis"),
        ("person-niamh-hegarty", "OWNS", "service-engine-servicing"),
        ("person-eamon-crowley", "OWNS", "service-fuel-dock"),
        ("person-grainne-twomey", "OWNS", "service-chandlery"),
    )
    # Online visitor bookings: the Navibook widget until 5 August, then MoorPoint.
    w.node(
        "Tool",
        "tool-navibook",
        "Navibook visitor booking widget (retired)",
        src=src,
        as_of=MOORPOINT_FROM,
        status="retired",
        kind="software",
    )
    for frm, to in (
        ("tool-navibook", "vendor-navibook"),
        ("tool-navibook", "account-paylantic-merchant"),
        ("service-visitor-moorings", "tool-navibook"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=MOORPOINT_FROM, src=src)
    w.edge(
        "service-visitor-moorings", "DEPENDS_ON", "tool-moorpoint", since=MOORPOINT_FROM, src=src
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("lifts", "nights", "booking", "fuel", "till", "occupancy")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        haulout = day >= HAULOUT_FROM
        storm = day in STORM
        # travel lift movements: summer launches and lift-and-holds, then winter haul-outs
        if day in HOSE_DAYS:
            lifts = 0
        elif haulout:
            lifts = (
                rng.randint(6, 9)
                if wd < 5
                else rng.randint(5, 8)
                if wd == 5
                else (rng.randint(3, 6))
            )
        else:
            lifts = (
                rng.randint(2, 5)
                if wd < 5
                else rng.randint(1, 4)
                if wd == 5
                else (rng.randint(0, 2))
            )
        if storm:
            lifts = rng.randint(0, 1)
        # visitor berth nights: the summer peak, then the autumn tail
        if wd in (4, 5):
            nights = rng.uniform(48, 62)
        elif wd == 6:
            nights = rng.uniform(34, 44)
        else:
            nights = rng.uniform(28, 40)
        if day >= date(2026, 10, 1):
            nights *= 0.26
        elif day >= HAULOUT_FROM:
            nights *= 0.45
        elif day >= date(2026, 9, 1):
            nights *= 0.7
        if storm:
            nights *= 0.3
        nights = round(nights)
        # online booking completion: Navibook, then MoorPoint, then MoorPoint 3.4
        if day < MOORPOINT_FROM:
            booking = rng.uniform(53.0, 63.0)
        elif day < MOORPOINT_34:
            booking = rng.uniform(80.0, 88.0)
        else:
            booking = rng.uniform(49.0, 57.0)
        # fuel dock litres
        fuel = rng.uniform(1700, 2500) if wd >= 5 else rng.uniform(950, 1500)
        if day >= CONTROLLER_BACK:
            fuel *= 0.5
        elif day >= date(2026, 9, 1):
            fuel *= 0.75
        fuel = round(fuel)
        # chandlery takings: antifouling and winter kit from the haul-out season
        if haulout:
            till = rng.uniform(2800, 3800) if wd == 5 else rng.uniform(2000, 3100)
        else:
            till = (
                rng.uniform(2400, 3400)
                if wd == 5
                else (rng.uniform(1500, 2300) if wd == 6 else rng.uniform(1300, 2200))
            )
        if storm:
            till *= 0.4
        # pontoon berth occupancy falls as boats come ashore
        if haulout:
            occupancy = 95.5 - 0.95 * (day - HAULOUT_FROM).days + rng.uniform(-0.8, 0.8)
        else:
            occupancy = rng.uniform(93.5, 97.5)
        out["lifts"].append((day, lifts))
        out["nights"].append((day, nights))
        out["booking"].append((day, round(booking, 1)))
        if day not in CONTROLLER_GAP:
            out["fuel"].append((day, fuel))
        if not (wd == 6 and day >= WINTER_HOURS_FROM):  # chandlery shut on winter Sundays
            out["till"].append((day, round(till, 2)))
        out["occupancy"].append((day, round(occupancy, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    md, mp, qf, tp = "marinadesk:reports", "moorpoint:analytics", "quayflow:log", "tillpoint:z"
    w.metric(
        "metric-lift-movements",
        "Travel lift movements (lift-outs, launches and lift-and-holds)",
        "lifts",
        "sum",
        src=md,
        since=START,
        measures="service-haulout",
    )
    w.metric(
        "metric-visitor-nights",
        "Visitor berth nights sold",
        "nights",
        "sum",
        src=md,
        since=START,
        measures="service-visitor-moorings",
    )
    w.metric(
        "metric-booking-completion",
        "Online visitor bookings completed (share of checkouts started)",
        "%",
        "mean",
        src=mp,
        since=START,
    )
    w.metric(
        "metric-fuel-litres",
        "Fuel dock sales (litres of diesel and petrol)",
        "litres",
        "sum",
        src=qf,
        since=START,
        measures="service-fuel-dock",
    )
    w.metric(
        "metric-chandlery-takings",
        "Chandlery takings",
        "EUR",
        "sum",
        src=tp,
        since=START,
        measures="service-chandlery",
    )
    w.metric(
        "metric-berth-occupancy",
        "Pontoon berth occupancy",
        "%",
        "mean",
        src=md,
        since=START,
        measures="service-annual-berths",
    )
    return {
        "lifts": w.readings("metric-lift-movements", series["lifts"], src=md),
        "nights": w.readings("metric-visitor-nights", series["nights"], src=md),
        "booking": w.readings("metric-booking-completion", series["booking"], src=mp),
        "fuel": w.readings("metric-fuel-litres", series["fuel"], src=qf),
        "till": w.readings("metric-chandlery-takings", series["till"], src=tp),
        "occupancy": w.readings("metric-berth-occupancy", series["occupancy"], src=md),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "marinadesk:incidents/2026-014"
    started, back = "2026-08-11T08:40:00+00:00", "2026-08-19T15:00:00+00:00"
    w.node(
        "Incident",
        "incident-tl50-hose",
        "TL50 travel lift hoist hose burst",
        src=src,
        as_of=HOSE_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 09:40 on 11 August the hydraulic hose on TL50's aft starboard hoist winch "
        "burst while the yacht Kittiwake was in the slings; the brakes held and she was "
        "lowered back into the water on the emergency lowering valve. The 2014 hose had "
        "chafed through over the aft cross beam. TL50 was out of service from 11 to 19 "
        "August while Hallbery Lifting Systems sent a full hose set from the Netherlands, "
        "and travel lift movements fell to nothing on those days.",
    )
    w.edges(
        src,
        started,
        ("incident-tl50-hose", "AFFECTS", "service-travel-lift"),
        ("incident-tl50-hose", "AFFECTS", "metric-lift-movements"),
        *(("incident-tl50-hose", "CAUSED", obs["lifts"][d]) for d in HOSE_DAYS),
        ("person-ciaran-mulcahy", "OWNS", "incident-tl50-hose"),
        as_of=HOSE_BACK,
    )
    w.node(
        "Task",
        "task-tl50-hoses",
        "Replace every hoist and steering hose on TL50 and load test it",
        src="marinadesk:jobs/Y-2291",
        as_of=HOSE_BACK,
        status="done",
    )
    w.edges(
        "marinadesk:jobs/Y-2291",
        date(2026, 8, 11),
        ("person-tadhg-cronin", "OWNS", "task-tl50-hoses"),
        ("person-tadhg-cronin", "WORKS_ON", "task-tl50-hoses"),
        ("task-tl50-hoses", "FIXES", "incident-tl50-hose"),
        ("task-tl50-hoses", "DEPENDS_ON", "vendor-hallbery"),
        as_of=HOSE_BACK,
    )
    src = "drive:incident-fuel-controller"
    w.node(
        "Incident",
        "incident-fuel-controller",
        "Fuel dock pump controller knocked out by a lightning surge",
        src=src,
        as_of=CONTROLLER_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-09-21T22:50:00+00:00",
        resolvedAt="2026-09-29T10:30:00+00:00",
        text="In the storm on the night of 21 September a lightning surge came in on the "
        "fuel dock's power supply and destroyed the Quayflow pump controller and its "
        "transaction log. The fuel dock was shut on 22 September and then sold on the "
        "dispensers' manual meters with paper dockets until Quayflow fitted a replacement "
        "controller on 29 September. No daily sales were logged from 22 to 28 September and "
        "the paper week total cannot be split by day, so fuel sales have a gap for those "
        "days.",
    )
    w.edges(
        src,
        "2026-09-21T22:50:00+00:00",
        ("incident-fuel-controller", "AFFECTS", "tool-quayflow"),
        ("incident-fuel-controller", "AFFECTS", "metric-fuel-litres"),
        ("person-eamon-crowley", "OWNS", "incident-fuel-controller"),
        as_of=CONTROLLER_BACK,
    )
    w.node(
        "Task",
        "task-new-controller",
        "Fit the replacement Quayflow pump controller at the fuel dock",
        src="drive:incident-fuel-controller",
        as_of=CONTROLLER_BACK,
        status="done",
    )
    w.edges(
        "drive:incident-fuel-controller",
        date(2026, 9, 22),
        ("person-eamon-crowley", "OWNS", "task-new-controller"),
        ("person-eamon-crowley", "WORKS_ON", "task-new-controller"),
        ("task-new-controller", "FIXES", "incident-fuel-controller"),
        ("task-new-controller", "DEPENDS_ON", "vendor-quayflow"),
        as_of=CONTROLLER_BACK,
    )
    # The MoorPoint release: nothing ties it to booking completion; it just falls that day.
    rel_at = "2026-10-06T05:30:00+00:00"
    w.node(
        "Release",
        "release-moorpoint-34",
        "MoorPoint 3.4",
        src="moorpoint:releases/3.4",
        as_of=rel_at,
        version="3.4",
        releasedAt=rel_at,
        text="Moorpoint Ltd's MoorPoint 3.4 for every marina on the platform: a new "
        "multi-step checkout (vessel details on one page, payment on a separate page, the "
        "card security check opening in a new tab), saved vessel profiles and a new pontoon "
        "plan view.",
    )
    w.edges(
        "moorpoint:releases/3.4",
        rel_at,
        ("release-moorpoint-34", "PART_OF", "service-visitor-moorings"),
        ("release-moorpoint-34", "CHANGED", "tool-moorpoint"),
    )


MESSAGES = (
    (
        "message-moorpoint-switch",
        "Aoife in #harbour-office on 27 July",
        "person-aoife-keohane",
        "channel-harbour-office",
        _at(date(2026, 7, 27), 8, 15),
        "From Wednesday 5 August visitor bookings on the website go through MoorPoint, not "
        "the Navibook widget. Navibook takes 9% commission on every booking and about four "
        "in ten visitors who start a booking on a phone give up at its redirect. MoorPoint is "
        "a flat fee, books straight into MarinaDesk and shows the live pontoon plan. The "
        "Navibook widget comes off the site on the 5th.",
    ),
    (
        "message-lift-down",
        "Ciaran in #yard on 11 August",
        "person-ciaran-mulcahy",
        "channel-yard",
        _at(date(2026, 8, 11), 9, 20),
        "TL50 is out of service. Aft hoist hose burst with Kittiwake in the slings; Tadhg "
        "got her back in the water on the hand pump, nobody hurt, oil contained on the dock. "
        "Hallbery are sending a full hose set from the Netherlands, so a week at least. "
        "Aoife, please move this week's lifts.",
    ),
    (
        "message-lift-back",
        "Tadhg in #yard on 19 August",
        "person-tadhg-cronin",
        "channel-yard",
        _at(date(2026, 8, 19), 15, 30),
        "TL50 passed the load test at four. All new hoses, chafe sleeves on the cross beams. "
        "Back lifting from 8 tomorrow morning, the moved lifts first.",
    ),
    (
        "message-controller-dead",
        "Eamon in #fuel-dock on 22 September",
        "person-eamon-crowley",
        "channel-fuel-dock",
        _at(date(2026, 9, 22), 7, 45),
        "Lightning got the fuel dock last night. The Quayflow pump controller is dead and "
        "the log with it. Fuel dock shut today; from tomorrow we sell on the manual meters "
        "with paper dockets until Quayflow get a new controller to us.",
    ),
    (
        "message-controller-back",
        "Eamon in #fuel-dock on 29 September",
        "person-eamon-crowley",
        "channel-fuel-dock",
        _at(date(2026, 9, 29), 11, 0),
        "New Quayflow controller fitted and logging this morning. The 22nd to the 28th can't "
        "go into the log by day, Rory has the paper week total. Fionnuala has agreed we put "
        "a surge protector and a UPS on the controller's supply and back the log up every "
        "night.",
    ),
    (
        "message-exam-handover",
        "Ciaran in #yard on 28 September",
        "person-ciaran-mulcahy",
        "channel-yard",
        _at(date(2026, 9, 28), 8, 0),
        "Tadhg is taking over the TL50 thorough examination from today; the certificate "
        "runs out on 8 November and Certa need booking. I'm tied up with the haul-out list "
        "and the yacht club weekend.",
    ),
    (
        "message-moorpoint-34",
        "Aoife in #harbour-office on 5 October",
        "person-aoife-keohane",
        "channel-harbour-office",
        _at(date(2026, 10, 5), 16, 0),
        "Moorpoint are putting MoorPoint 3.4 live overnight: new checkout, saved vessel "
        "profiles and a new pontoon plan view. Nothing for us to do, but shout if visitors "
        "ring about the booking page.",
    ),
    (
        "message-mgmt-notes",
        "Management meeting notes, 13 October",
        "person-fionnuala-brennan",
        "channel-management",
        _at(MEETING, 10, 30),
        "Management meeting, Tue 13 Oct. 1) Online booking completion down from about 84% "
        "to 53% since MoorPoint 3.4's multi-step checkout. Moorpoint ship 3.4.1 with the "
        "one-page checkout by Fri 23 Oct (Aoife). Until then the harbour office takes visitor "
        "bookings by phone and VHF and sends a Paylantic pay-by-link (Declan, Oisin on the "
        "late shift). 2) MarinaDesk subscription expires 31 Dec: Rory takes the renewal from "
        "Liam and negotiates the three-year deal, signed by Fri 27 Nov. 3) Main hardstanding "
        "at 176 of 185 spaces: the north compound opens as overflow winter storage from Mon "
        "19 Oct (Ciaran); Maeve's risk assessment by Fri 16 Oct. 4) TL50 certificate runs out "
        "8 Nov: Tadhg has Certa booked for Thu 5 Nov. 5) Eamon fits the surge protector and "
        "UPS on the fuel dock controller by Fri 30 Oct. 6) Grainne orders Bluefin spring "
        "stock before the 6% rise on 1 Nov.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{_ts(at)}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-harbour-office", "#harbour-office"),
        ("channel-yard", "#yard"),
        ("channel-fuel-dock", "#fuel-dock"),
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
        ("message-moorpoint-switch", ("tool-moorpoint", "tool-navibook", "tool-marinadesk")),
        ("message-lift-down", ("incident-tl50-hose", "service-travel-lift")),
        ("message-lift-back", ("incident-tl50-hose", "task-tl50-hoses")),
        ("message-controller-dead", ("incident-fuel-controller", "tool-quayflow")),
        ("message-controller-back", ("incident-fuel-controller", "tool-quayflow")),
        ("message-moorpoint-34", ("release-moorpoint-34", "tool-moorpoint")),
        (
            "message-mgmt-notes",
            (
                "tool-moorpoint",
                "release-moorpoint-34",
                "account-marinadesk-subscription",
                "service-winter-storage",
                "account-lift-certificate",
                "tool-quayflow",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "TL50": "service-travel-lift",
        "Hallbery": "vendor-hallbery",
        "Certa": "vendor-certa",
        "MarinaDesk": "tool-marinadesk",
        "MoorPoint": "tool-moorpoint",
        "Paylantic": "vendor-paylantic",
        "Quayflow": "vendor-quayflow",
        "Bluefin": "vendor-bluefin",
        "Tarka": "vendor-tarka",
        "fuel dock": "service-fuel-dock",
        "Dunmorrow Yacht Club": "customer-yacht-club",
        "Kittiwake": "incident-tl50-hose",
        "Tadhg Cronin": "person-tadhg-cronin",
        "Ciaran Mulcahy": "person-ciaran-mulcahy",
        "Sorcha Daly": "person-sorcha-daly",
        "Kevin Nagle": "person-kevin-nagle",
    }
    for path, did, author, kind, about in (
        (
            "marina-handbook-2026.md",
            "doc-handbook",
            "person-declan-ruane",
            "handbook",
            ["service-annual-berths", "service-visitor-moorings", "service-harbour-desk"],
        ),
        (
            "boatyard-rules-and-haulout-procedure.md",
            "doc-yard-rules",
            "person-ciaran-mulcahy",
            "procedure",
            ["service-haulout", "service-travel-lift", "service-winter-storage"],
        ),
        (
            "yard-and-storage-price-list-2026-27.md",
            "doc-price-list",
            "person-rory-fitzgerald",
            "price list",
            ["product-winter-package", "service-winter-storage", "service-antifouling"],
        ),
        (
            "travel-lift-hose-failure-review.md",
            "doc-hose-review",
            "person-ciaran-mulcahy",
            "incident review",
            ["incident-tl50-hose"],
        ),
        (
            "osmosis-repair-procedure.md",
            "doc-osmosis",
            "person-sorcha-daly",
            "procedure",
            ["service-osmosis"],
        ),
        (
            "winter-haulout-plan-2026.md",
            "doc-winter-plan",
            "person-ciaran-mulcahy",
            "plan",
            ["service-haulout", "service-winter-storage", "deal-yacht-club-storage"],
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
        "decision-navibook-bookings",
        "Take online visitor bookings through the Navibook widget",
        src="drive:visitor-bookings-2024",
        on=START,
        why="Navibook listed Skerrow Marina on its marketplace and gave a booking widget for "
        "the website at no fixed cost, paid for by a commission on each booking, so visitors "
        "could book and pay online from the 2024 season instead of only by phone and VHF.",
        made_by="person-declan-ruane",
        made_in=None,
    )
    decision(
        "decision-moorpoint-bookings",
        "Move online visitor bookings from Navibook to MoorPoint from 5 August",
        src=_src("message-moorpoint-switch"),
        on=date(2026, 7, 27),
        why="Navibook took 9% commission on every visitor booking, and about four in ten "
        "visitors who started a booking on a phone gave up at its redirect to a Navibook "
        "account. MoorPoint is a flat annual fee, books straight into MarinaDesk through the "
        "API and shows the live pontoon plan, so more bookings complete and the commission "
        "stops.",
        made_by="person-aoife-keohane",
        made_in="message-moorpoint-switch",
        edges=(
            ("decision-moorpoint-bookings", "SUPERSEDES", "decision-navibook-bookings"),
            ("decision-moorpoint-bookings", "AFFECTS", "service-visitor-moorings"),
            ("decision-moorpoint-bookings", "AFFECTS", "metric-booking-completion"),
            ("decision-moorpoint-bookings", "MENTIONS", "tool-moorpoint"),
            ("decision-moorpoint-bookings", "MENTIONS", "tool-navibook"),
        ),
    )
    decision(
        "decision-winter-haulout",
        "Run winter haul-outs seven days a week with two lift crews from 14 September to 31 "
        "October",
        src="drive:winter-haulout-plan-2026",
        on=DOC_DATES["doc-winter-plan"],
        why="About 200 boats come ashore for winter storage in a 48-day window; with weather "
        "days taken out that is at least five lifts a day every day, so the haul-out season "
        "runs seven days with two lift crews to get every boat ashore before the November "
        "gales, and travel lift movements run well above summer levels while it lasts.",
        made_by="person-ciaran-mulcahy",
        made_in="doc-winter-plan",
        edges=(
            ("decision-winter-haulout", "BASED_ON", "doc-winter-plan"),
            ("decision-winter-haulout", "AFFECTS", "metric-lift-movements"),
            ("decision-winter-haulout", "AFFECTS", "service-haulout"),
            ("decision-winter-haulout", "MENTIONS", "deal-yacht-club-storage"),
        ),
    )
    decision(
        "decision-hose-interval",
        "Replace every TL50 hydraulic hose on a five-year interval and keep a spare hoist hose kit",
        src="drive:travel-lift-hose-failure-review",
        on=DOC_DATES["doc-hose-review"],
        why="TL50's aft hoist hose was the original 2014 hose and burst after chafing through "
        "under a cable tie; the failure cost €23,750 and nine days without the travel lift. "
        "Five-yearly hose replacement, chafe sleeves and a spare kit in the store stop a "
        "repeat and cut the wait for parts.",
        made_by="person-ciaran-mulcahy",
        made_in="doc-hose-review",
        edges=(
            ("decision-hose-interval", "BASED_ON", "doc-hose-review"),
            ("decision-hose-interval", "MENTIONS", "incident-tl50-hose"),
            ("decision-hose-interval", "AFFECTS", "service-travel-lift"),
        ),
    )
    decision(
        "decision-surge-protection",
        "Put a surge protector and a UPS on the fuel dock controller and back its log up nightly",
        src=_src("message-controller-back"),
        on=CONTROLLER_BACK,
        why="The lightning surge on 21 September destroyed the Quayflow controller and a "
        "week of its sales log; surge protection and a UPS on its supply and a nightly backup "
        "of the log keep the pumps and the record safe in the next storm.",
        made_by="person-fionnuala-brennan",
        made_in="message-controller-back",
        edges=(
            ("decision-surge-protection", "AFFECTS", "tool-quayflow"),
            ("decision-surge-protection", "MENTIONS", "incident-fuel-controller"),
        ),
    )
    notes = _src("message-mgmt-notes")
    decision(
        "decision-phone-bookings",
        "Take visitor bookings by phone and VHF with Paylantic pay-by-links until MoorPoint "
        "3.4.1 restores the one-page checkout (by 23 October)",
        src=notes,
        on=MEETING,
        why="Since MoorPoint 3.4's multi-step checkout, online booking completion fell from "
        "about 84% to 53% because the card check opens in a new tab that gets lost on phones. "
        "Moorpoint will not roll back 3.4, so 3.4.1 puts the one-page checkout back; until "
        "then the harbour office books visitors by phone and VHF and sends a Paylantic "
        "pay-by-link, and the website carries a banner asking visitors to call.",
        made_by="person-fionnuala-brennan",
        made_in="message-mgmt-notes",
        edges=(
            ("decision-phone-bookings", "AFFECTS", "service-visitor-moorings"),
            ("decision-phone-bookings", "MENTIONS", "release-moorpoint-34"),
            ("decision-phone-bookings", "MENTIONS", "tool-moorpoint"),
        ),
    )
    decision(
        "decision-north-compound",
        "Open the north compound as overflow winter storage from 19 October",
        src=notes,
        on=MEETING,
        why="The main hardstanding is at 176 of its 185 winter storage spaces with 23 boats "
        "still booked to come out before 31 October, so the north compound's 30 spaces open "
        "from Monday 19 October once the risk assessment on the soft ground by the old slip "
        "is signed off.",
        made_by="person-fionnuala-brennan",
        made_in="message-mgmt-notes",
        edges=(
            ("decision-north-compound", "AFFECTS", "service-winter-storage"),
            ("decision-north-compound", "BASED_ON", "doc-winter-plan"),
        ),
    )


def _work(w: Book) -> None:
    src = "marinadesk:tasks/tl50-thorough-exam"
    w.node(
        "Task",
        "task-tl50-exam",
        "Six-monthly thorough examination of TL50 with Certa before the certificate expires "
        "on 8 November",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-11-06",
        text="Book Certa Lifting Inspections for TL50's six-monthly thorough examination, "
        "have the hose replacement records and the load test certificate ready, and file the "
        "new certificate in MarinaDesk before the old one expires on 8 November.",
    )
    w.edge("person-ciaran-mulcahy", "OWNS", "task-tl50-exam", since=date(2026, 8, 3), src=src)
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-tl50-exam", "ABOUT", "account-lift-certificate"),
        ("task-tl50-exam", "DEPENDS_ON", "vendor-certa"),
        ("person-ciaran-mulcahy", "WORKS_ON", "task-tl50-exam"),
    )
    w.edges(
        _src("message-exam-handover"),
        EXAM_HANDOVER,
        ("person-tadhg-cronin", "OWNS", "task-tl50-exam"),
        ("person-tadhg-cronin", "WORKS_ON", "task-tl50-exam"),
        ("message-exam-handover", "MENTIONS", "task-tl50-exam"),
    )

    src = "marinadesk:tasks/marinadesk-renewal"
    w.node(
        "Task",
        "task-marinadesk-renewal",
        "Renew the MarinaDesk subscription before it expires on 31 December",
        src=src,
        as_of=RENEWAL_TASK_FROM,
        status="in progress",
        due="2026-11-27",
        text="Agree the renewal with Berthwise Software (a three-year contract at 11% off if "
        "signed before the end of November, with the MoorPoint API key and the yard module "
        "in the price) and sign it by 27 November.",
    )
    w.edge(
        "person-liam-hurley", "OWNS", "task-marinadesk-renewal", since=RENEWAL_TASK_FROM, src=src
    )
    w.edges(
        src,
        RENEWAL_TASK_FROM,
        ("task-marinadesk-renewal", "ABOUT", "account-marinadesk-subscription"),
        ("person-liam-hurley", "WORKS_ON", "task-marinadesk-renewal"),
    )
    notes = _src("message-mgmt-notes")
    w.edges(
        notes,
        MEETING,
        ("person-rory-fitzgerald", "OWNS", "task-marinadesk-renewal"),
        ("person-rory-fitzgerald", "WORKS_ON", "task-marinadesk-renewal"),
        ("message-mgmt-notes", "MENTIONS", "task-marinadesk-renewal"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-moorpoint-341",
            "Get MoorPoint 3.4.1 (one-page checkout) from Moorpoint",
            "person-aoife-keohane",
            "2026-10-23",
            "Moorpoint Ltd ships MoorPoint 3.4.1 with the one-page checkout back as an "
            "option by Friday 23 October; a banner on the website asks visitors to call "
            "meanwhile.",
            "release-moorpoint-34",
        ),
        (
            "task-phone-bookings",
            "Take visitor bookings by phone and VHF with pay-by-links until 3.4.1 is in",
            "person-oisin-barry",
            "2026-10-23",
            "The harbour office books visitors by phone and on VHF 80 and sends a Paylantic "
            "pay-by-link; the booking is confirmed when it is paid.",
            "service-visitor-moorings",
        ),
        (
            "task-north-compound",
            "Get the north compound ready as overflow winter storage for 19 October",
            "person-ciaran-mulcahy",
            "2026-10-19",
            "Stands and chains brought over and the lighting back on for 30 boats, after "
            "Maeve Coughlan signs off the risk assessment by 16 October.",
            "service-winter-storage",
        ),
        (
            "task-north-compound-risk",
            "Risk assessment and ground load check for the north compound",
            "person-maeve-coughlan",
            "2026-10-16",
            "The ground by the old slip is soft after the rain; check the load on the stands "
            "before any boat is stored there.",
            "service-winter-storage",
        ),
        (
            "task-surge-ups",
            "Fit a surge protector and a UPS on the fuel dock controller's supply",
            "person-eamon-crowley",
            "2026-10-30",
            "Quayflow's quote is €480; the controller's log also backs up every night.",
            "tool-quayflow",
        ),
        (
            "task-bluefin-order",
            "Order the Bluefin spring antifouling stock before the 1 November price rise",
            "person-grainne-twomey",
            "2026-10-31",
            "Bluefin Coatings raise antifouling prices 6% on 1 November; the spring order is "
            "about €9,000 at the current price.",
            "service-chandlery",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-mgmt-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    paylantic = impact_question(
        facts,
        "paylantic is down this morning - what breaks?",
        ["vendor-paylantic"],
        today,
        must_exclude=["Navibook"],
        note="the merchant account -> MoorPoint -> online visitor moorings and the visitor "
        "night; the fuel dock terminal settles through it too. The Navibook widget also "
        "took cards through it but was retired on 5 August and breaks nothing now",
    )
    fuel = m(
        facts,
        today,
        "fuel dock sales sept vs aug, up or down?",
        "metric_change",
        "metric-fuel-litres",
        periods=("month_september", "month_august"),
        tolerance=0.5,
        covered=True,
        note="no Quayflow readings 22-28 September (the lightning): September has 23 of 30 "
        "days, August all 31, so compare daily means over the covered days and say so",
    )
    fuel.must_include = [coverage_words]
    till = m(
        facts,
        today,
        "chandlery takings this month v last month?",
        "metric_change",
        "metric-chandlery-takings",
        periods=("this_month", "last_month"),
        tolerance=0.5,
        covered=True,
        note="the shop shuts on Sundays from 13 September: 1-14 October has 12 of 14 days (4 "
        "and 11 October missing), September 27 of 30 (13, 20 and 27 September); daily means "
        "over the covered days",
    )
    till.must_include = [coverage_words]
    return [
        paylantic,
        impact_question(
            facts,
            "if the tl50 cert runs out on the 8th what stops working?",
            ["account-lift-certificate"],
            today,
            note="certificate <- TL50 <- haul-out <- winter storage, antifouling, osmosis and "
            "the winter package; it expires on 8 November",
        ),
        impact_question(
            facts,
            "marinadesk goes down, what do we lose",
            ["tool-marinadesk"],
            today,
            note="berths and the harbour desk run on it, and MoorPoint books into it through "
            "the API key, so online visitor moorings go too",
        ),
        owner_question(
            facts,
            "who's sorting the marinadesk renewal now?",
            "task-marinadesk-renewal",
            today,
            note="Liam handed it to Rory at the 13 October management meeting",
        ),
        owner_question(
            facts,
            "who had the marinadesk renewal at the start of oct",
            "task-marinadesk-renewal",
            date(2026, 10, 5),
        ),
        owner_question(
            facts,
            "who was looking after the travel lift thorough exam in early september",
            "task-tl50-exam",
            date(2026, 9, 5),
            note="Tadhg Cronin took it over from Ciaran Mulcahy on 28 September",
        ),
        Question(
            "why did we ditch navibook for moorpoint?",
            "decision",
            must_include=[["9%", "commission"]],
            must_cite=["decision-moorpoint-bookings"],
        ),
        Question(
            "who decided we'd run haul outs 7 days a week this autumn",
            "decision",
            must_include=["Ciaran Mulcahy"],
            must_cite=["decision-winter-haulout"],
        ),
        Question(
            "how did visitors book online before moorpoint?",
            "decision",
            must_include=["Navibook"],
            must_cite=["decision-navibook-bookings"],
            note="the superseded decision: the Navibook widget until 5 August",
        ),
        Question(
            "gusting 28 knots at the lift dock, can tadhg still lift the westerly 34 out?",
            "policy",
            must_include=["25 knots"],
            must_cite=["rule-lift-wind"],
            note="no lifting when gusts are above 25 knots (or the mean wind above 20)",
        ),
        Question(
            "owner wants to pressure wash the antifouling off by his cradle in row F, is that ok?",
            "policy",
            must_include=["wash-down pad"],
            must_cite=["rule-wash-pad"],
        ),
        Question(
            "visitor rang to cancel tomorrow nights berth, do they get a refund",
            "policy",
            must_include=[["one night", "48 hours"]],
            must_cite=["rule-visitor-cancellation"],
            note="cancelled within 48 hours of arrival: one night is charged",
        ),
        Question(
            "can we relaunch the mary kate before the owner pays his yard bill?",
            "policy",
            must_include=["settled"],
            must_cite=["rule-launch-settled"],
            note="no: a boat is launched only when its yard and storage account is settled",
        ),
        related_question(
            facts,
            "moorpoint takes cards through our merchant account - who's the payments company "
            "behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-paylantic-merchant",
            keep=["Vendor"],
            note="two hops: MoorPoint -> the merchant account -> Paylantic Payments",
        ),
        related_question(
            facts,
            "the visitor booking portal uses an api key into marinadesk, which team is the "
            "person who owns that key on?",
            today,
            rel="MEMBER_OF",
            frm="person-liam-hurley",
            note="three hops: MoorPoint -> the MarinaDesk API key -> its owner Liam Hurley -> "
            "his team (the renewal task moved to Rory, the key did not)",
        ),
        related_question(
            facts,
            "which of our yard services rely on bluefin",
            today,
            rel="DEPENDS_ON",
            to="vendor-bluefin",
            keep=["Service"],
        ),
        m(
            facts,
            today,
            "how many visitor nights did we sell yesterday",
            "metric_value",
            "metric-visitor-nights",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "berth occupancy on 1 sept?",
            "metric_value",
            "metric-berth-occupancy",
            span=(date(2026, 9, 1), date(2026, 9, 1)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "lift movements second half of september",
            "metric_total",
            "metric-lift-movements",
            periods=("second_half_september",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total litres through the fuel dock the week of 10 aug",
            "metric_total",
            "metric-fuel-litres",
            periods=("week_of_2026-08-10",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "how many lifts have we done since the winter haul outs kicked off",
            "metric_total",
            "metric-lift-movements",
            periods=("since_2026-09-14",),
            tolerance=0.5,
            note="the haul-out season started on 14 September",
        ),
        m(
            facts,
            today,
            "avg pontoon occupancy late sept",
            "metric_average",
            "metric-berth-occupancy",
            periods=("late_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "avg lifts a day end of Q3",
            "metric_average",
            "metric-lift-movements",
            periods=("end_q3",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "lift movements last 7 days vs the 7 before",
            "metric_change",
            "metric-lift-movements",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        fuel,
        till,
        m(
            facts,
            today,
            "online booking completion since moorpoint 3.4 vs the fortnight before it",
            "metric_change",
            "metric-booking-completion",
            spans=((date(2026, 10, 6), date(2026, 10, 14)), (date(2026, 9, 22), date(2026, 10, 5))),
            tolerance=0.2,
            note="3.4 went live on 6 October: 6-14 October against 22 September - 5 October",
        ),
        Question(
            "why did lift movements fall off a cliff in mid aug",
            "metric_why",
            must_include=[["hose", "hydraulic"]],
            must_cite=["incident-tl50-hose"],
        ),
        Question(
            "why are we doing so many more lifts since mid sept",
            "metric_why",
            must_include=[["haul-out", "haul out", "winter storage"]],
            must_cite=["decision-winter-haulout"],
        ),
        Question(
            "why has online booking completion tanked since early october?",
            "metric_why",
            must_include=[["3.4", "multi-step checkout", "new checkout"]],
            must_cite=["release-moorpoint-34"],
            note="nothing links the release to the metric: completion falls from 6 October, "
            "the day MoorPoint 3.4's multi-step checkout went live",
        ),
        Question(
            "why is there no fuel dock data for the end of september",
            "metric_why",
            must_include=[["lightning", "pump controller", "surge"]],
            must_cite=["incident-fuel-controller"],
        ),
        Question(
            "what did the travel lift hose failure cost us in the end, per ciaran's review",
            "document",
            must_include=["23,750"],
            must_cite=["doc-hose-review"],
        ),
        Question(
            "how much a month per metre is winter storage ashore",
            "document",
            must_include=["38.50"],
            must_cite=["doc-price-list"],
        ),
        Question(
            "what did we agree at tuesday's mgmt meeting about the moorpoint checkout?",
            "meeting",
            must_include=["3.4.1", ["pay-by-link", "phone"]],
            must_cite=["decision-phone-bookings"],
            note="13 October: Moorpoint ship 3.4.1 with the one-page checkout by 23 October "
            "(Aoife); until then the harbour office takes bookings by phone and VHF and sends "
            "Paylantic pay-by-links",
        ),
        Question(
            "who's doing what after the management meeting on the 13th?",
            "meeting",
            must_include=["Aoife", "Rory", "Ciaran", "Eamon"],
            note="Aoife: MoorPoint 3.4.1 by 23 Oct; Declan and Oisin: phone and VHF bookings; "
            "Rory: MarinaDesk renewal by 27 Nov; Ciaran: north compound for 19 Oct (Maeve's "
            "risk assessment by 16 Oct); Tadhg: Certa exam 5 Nov; Eamon: surge protector and "
            "UPS by 30 Oct; Grainne: Bluefin order before 1 Nov",
        ),
        Question(
            "who owns the service contract for the roodberg boat hoist?",
            "unknown",
            absent=["Roodberg"],
            note="the yard has one travel lift, a Hallbery; no Roodberg in the records",
        ),
        Question(
            "what did conor prendergast decide about the kinsale pontoons?",
            "unknown",
            absent=["Conor Prendergast", "Kinsale"],
            note="no such person and no Kinsale pontoons",
        ),
        Question(
            "how many lifts did we do in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 17 July",
        ),
        Question("who won the all-ireland hurling final this year", "offtopic"),
        Question("whats a good recipe for seafood chowder", "offtopic"),
    ]


def build() -> Business:
    """The marina and boatyard's facts and its questions."""
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
        "Skerrow Marina & Boatyard",
        "marina and boatyard: pontoon berths, visitor moorings booked online, haul-out with a "
        "travel lift, antifouling and osmosis repairs, engine servicing, a fuel dock, a "
        "chandlery and winter storage ashore (Skerrow Marina & Boatyard, Dunmorrow, County "
        "Cork, Ireland)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/management-meeting-2026-10-13.txt",
                "title": "Weekly management meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
