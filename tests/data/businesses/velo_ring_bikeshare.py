"""Velo Ring: the public bike share of Puerto Almendra, a hilly port city in Chile.

The story: Velo Ring Puerto Almendra SpA runs the city's bike share under a municipal
concession (MPA-BIC-2023-07, 2024-2031): 84 stations and 1,360 Dockwerk docks, 600 pedal
bikes and 320 Corvina e-bikes, four leased eVans (Furgones Austral) for rebalancing and
battery swaps, a battery room with six Voltaris charging cabinets and a workshop at the
Bodega Norte depot, a member app (Ridekit Labs) and a title sponsor (Banco Costanera).
Stations, docks, e-bike telemetry and the dispatch task lists run in Spokehub (Spokehub
Systems), whose subscription expires on 31 December; the member app unlocks bikes through a
Spokehub API key and takes cards through the Pagoflux merchant account. Every dock and
e-bike talks to Spokehub over an Andesnet M2M data plan that expires on 30 November.

On 17 August day passes went app-only: the station kiosk card readers (which settled
through the same Pagoflux account) were switched off (decided on 5 August by Paula
Henríquez). On 14 September a Voltaris cabinet firmware update (2.8) capped charging at
60% until it was rolled back on 21 September: e-bike availability fell to about 60%
(linked to the metric) and swaps halved (not linked). From 1 October a night rebalancing
shift runs (Matías Riquelme's decision, linked to van moves). Andesnet's core network
failed from 9 to 13 October: docks ran offline and docks-online has no readings on those
five days (linked). The workshop is shut on Sundays and on 18-19 September (Fiestas
Patrias), so workshop repairs have no readings then. Velo Ring app 5.2 went live on 20
October with a new Bluetooth unlock flow and unlock success fell that day (nothing links
the two). The Andesnet plan renewal moved from Diego Alarcón to Sebastián Lagos on 19
October. The ops meeting of Monday 2 November took remote unlocks from the Spokehub console
with a CLP 1,000 ride credit until app 5.2.1 (by 13 November), handed the Banco Costanera
sponsorship renewal from Joaquín Barrientos to Valentina Ossandón, and opened weekend valet
docking at Playa Brava from 7 November.

"Today" is Wednesday 4 November 2026; daily readings run from 6 August to 3 November.
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

SLUG = "velo-ring-bikeshare"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 11, 4)
FIRST, LAST = date(2026, 8, 6), date(2026, 11, 3)
SEED = 20261104
START = date(2024, 1, 8)
KIOSK_DECIDED = date(2026, 8, 5)
KIOSK_OFF = date(2026, 8, 17)
CABINET_DAYS = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(7))  # to 20 Sep
CABINET_BACK = date(2026, 9, 21)
REVIEW_DAY = date(2026, 9, 29)
HOLIDAYS = (date(2026, 9, 18), date(2026, 9, 19))  # Fiestas Patrias
NIGHT_DECIDED = date(2026, 9, 24)
NIGHT_FROM = date(2026, 10, 1)
OUTAGE_DAYS = tuple(date(2026, 10, 9) + timedelta(days=i) for i in range(5))  # to 13 Oct
OUTAGE_BACK = date(2026, 10, 14)
SIM_TASK_FROM = date(2026, 10, 1)
SIM_HANDOVER = date(2026, 10, 19)
APP_52 = date(2026, 10, 20)
SPONSOR_TASK_FROM = date(2026, 9, 1)
MEETING = date(2026, 11, 2)
DOC_DATES = {
    "doc-member-terms": date(2026, 8, 17),
    "doc-workshop": date(2026, 4, 20),
    "doc-battery": REVIEW_DAY,
    "doc-concession": date(2025, 12, 15),
    "doc-cabinet-review": REVIEW_DAY,
    "doc-rebalancing-plan": date(2026, 9, 23),
}

# fmt: off
PEOPLE = (
    ("person-valentina-ossandon", "Valentina Ossandón", "General manager", None),
    ("person-matias-riquelme", "Matías Riquelme", "Operations manager", "team-dispatch"),
    ("person-camila-fuentes", "Camila Fuentes", "Dispatch and rebalancing lead",
     "team-dispatch"),
    ("person-tomas-arancibia", "Tomás Arancibia", "Dispatcher (evening and night)",
     "team-dispatch"),
    ("person-ignacio-carrasco", "Ignacio Carrasco", "Van crew lead (rebalancing and swap "
     "vans)", "team-dispatch"),
    ("person-fernanda-toro", "Fernanda Toro", "Battery room and swap rounds lead",
     "team-batteries"),
    ("person-rodrigo-pizarro", "Rodrigo Pizarro", "Workshop manager and fleet engineer",
     "team-workshop"),
    ("person-javiera-munoz", "Javiera Muñoz", "Mechanic (e-bike motors and drivetrains)",
     "team-workshop"),
    ("person-diego-alarcon", "Diego Alarcón", "Stations and docks supervisor",
     "team-stations"),
    ("person-benjamin-sepulveda", "Benjamín Sepúlveda", "Station and dock technician",
     "team-stations"),
    ("person-antonia-vergara", "Antonia Vergara", "Member care lead", "team-member-care"),
    ("person-sebastian-lagos", "Sebastián Lagos", "App and systems coordinator",
     "team-systems"),
    ("person-paula-henriquez", "Paula Henríquez", "Finance manager", "team-office"),
    ("person-joaquin-barrientos", "Joaquín Barrientos", "Municipal contract and sponsorship "
     "manager", "team-office"),
    ("person-catalina-rojas", "Catalina Rojas", "Safety and fleet compliance coordinator",
     "team-office"),
)
TEAMS = (
    ("team-dispatch", "Dispatch & Rebalancing"),
    ("team-batteries", "Battery Room & Swaps"),
    ("team-workshop", "Workshop"),
    ("team-stations", "Stations & Docks"),
    ("team-member-care", "Member Care"),
    ("team-systems", "App & Systems"),
    ("team-office", "Finance, Contract & Partnerships"),
)
VENDORS = (
    ("vendor-spokehub", "Spokehub Systems", "Spokehub, the fleet and station management "
     "platform: dock status, e-bike telemetry, dispatch and swap task lists, work orders"),
    ("vendor-ridekit", "Ridekit Labs", "the white-label Velo Ring member app (iOS and "
     "Android): sign-up, passes, Bluetooth unlocks, ride history"),
    ("vendor-pagoflux", "Pagoflux Pagos", "card payments: the merchant account behind "
     "memberships, day passes and ride charges in the app"),
    ("vendor-andesnet", "Andesnet IoT", "the M2M SIMs and data plan that connect every "
     "dock, kiosk and e-bike to Spokehub"),
    ("vendor-dockwerk", "Dockwerk Mobility", "the station docks, kiosks, dock locks and "
     "their firmware"),
    ("vendor-voltaris", "Voltaris Energy", "the e-bike battery packs and the VC-48 "
     "charging cabinets in the battery room, and their service"),
    ("vendor-corvina", "Corvina Bikes", "the pedal bikes and e-bikes, frames, motors, "
     "displays, locks and warranty parts"),
    ("vendor-ruedas", "Ruedas del Pacífico", "tyres, tubes, brake pads and cables for the "
     "workshop"),
    ("vendor-furgones", "Furgones Austral Leasing", "the lease of the four electric eVans "
     "used for rebalancing and battery swap rounds"),
    ("vendor-charla", "Charla Software", "the Charla helpdesk that runs the member care "
     "WhatsApp line and email"),
)
TOOLS = (
    ("tool-spokehub", "Spokehub fleet and station management", "vendor-spokehub",
     "person-sebastian-lagos"),
    ("tool-app", "Velo Ring member app", "vendor-ridekit", "person-sebastian-lagos"),
    ("tool-charla", "Charla helpdesk (WhatsApp and email)", "vendor-charla",
     "person-antonia-vergara"),
)
ACCOUNTS = (
    ("account-spokehub-subscription", "Spokehub subscription", "person-sebastian-lagos",
     "Velo Ring's subscription to Spokehub with Spokehub Systems; without it dispatch has "
     "no station map, no swap lists and no work orders. It expires on 31 December 2026.",
     {"expiresAt": "2026-12-31"}),
    ("account-spokehub-api", "Spokehub unlock API key for the member app",
     "person-sebastian-lagos",
     "The key the Velo Ring member app uses to ask Spokehub to release a bike from a dock "
     "and to read live station availability.", {}),
    ("account-pagoflux-merchant", "Pagoflux merchant account", "person-paula-henriquez",
     "Velo Ring's card merchant account with Pagoflux Pagos: memberships, day passes and "
     "e-bike minute charges in the member app all settle through it.", {}),
    ("account-andesnet-m2m", "Andesnet M2M data plan (dock and e-bike SIMs)",
     "person-diego-alarcon",
     "The data plan for the 1,450 Andesnet IoT SIMs in the docks, kiosks and e-bikes that "
     "carry every heartbeat, unlock and lock to Spokehub. It expires on 30 November 2026.",
     {"expiresAt": "2026-11-30"}),
    ("account-van-lease", "Furgones Austral eVan lease (four vans)",
     "person-ignacio-carrasco",
     "The lease of the four electric eVans with Furgones Austral Leasing; the same vans "
     "run the rebalancing rounds and the battery swap rounds.", {}),
    ("account-voltaris-support", "Voltaris cabinet service contract", "person-fernanda-toro",
     "The service contract with Voltaris Energy for the six VC-48 charging cabinets in the "
     "battery room: repairs, parts and firmware. Without it a broken cabinet stays broken.",
     {"expiresAt": "2027-03-31"}),
)
SERVICES = (
    ("service-stations", "Stations and docks (84 stations, 1,360 docks)",
     ("vendor-dockwerk", "account-andesnet-m2m", "tool-spokehub"), "person-diego-alarcon"),
    ("service-docked-rides", "Docked rides (pedal bikes and e-bikes)", ("service-stations",),
     "person-matias-riquelme"),
    ("service-rebalancing", "Van rebalancing", ("account-van-lease", "tool-spokehub"),
     "person-camila-fuentes"),
    ("service-charging-room", "Battery charging room (Bodega Norte)",
     ("vendor-voltaris", "account-voltaris-support"), "person-fernanda-toro"),
    ("service-battery-swaps", "On-street battery swaps",
     ("service-charging-room", "account-van-lease"), "person-fernanda-toro"),
    ("service-ebikes", "E-bike fleet (320 Corvina e-bikes)",
     ("service-battery-swaps", "vendor-corvina", "account-andesnet-m2m"),
     "person-rodrigo-pizarro"),
    ("service-workshop", "Workshop repairs (Bodega Norte)", ("vendor-ruedas", "vendor-corvina"),
     "person-rodrigo-pizarro"),
    ("service-memberships", "Annual and monthly memberships", ("tool-app",),
     "person-antonia-vergara"),
    ("service-day-passes", "Day passes and single rides", ("tool-app",),
     "person-antonia-vergara"),
    ("service-member-care", "Member care line (WhatsApp and phone)",
     ("tool-charla", "tool-spokehub"), "person-antonia-vergara"),
)
PRODUCTS = (
    ("product-annual", "Annual membership", ("service-memberships",)),
    ("product-day-pass", "Day pass", ("service-day-passes",)),
    ("product-ebike-minutes", "E-bike ride minutes", ("service-ebikes",)),
)
RULES = (
    ("rule-member-age", "Members must be 16 or over; riders aged 14 and 15 ride only on a "
     "family membership with an adult on the same account", "doc-member-terms",
     "person-antonia-vergara"),
    ("rule-ride-time", "Annual and monthly members ride free for the first 45 minutes of "
     "each trip; every extra 15 minutes costs CLP 500", "doc-member-terms",
     "person-antonia-vergara"),
    ("rule-lost-bike", "A bike not docked within 24 hours of unlocking is reported lost and "
     "the member is charged CLP 450,000 unless it is found", "doc-member-terms",
     "person-antonia-vergara"),
    ("rule-brake-report", "A bike with a brake or frame report from a member is locked out "
     "of service in Spokehub at once and red-tagged, and is not released again until a "
     "mechanic has repaired and test-ridden it", "doc-workshop", "person-rodrigo-pizarro"),
    ("rule-field-fixes", "Field mechanics fix only chains, saddle clamps and flat tyres at "
     "the station; anything touching brakes, the frame, the motor or the battery latch goes "
     "to the workshop", "doc-workshop", "person-rodrigo-pizarro"),
    ("rule-swollen-pack", "A battery pack with a swollen, cracked or wet casing is never "
     "charged or refitted; it goes straight into the fire-safe quarantine bin in the "
     "battery room yard and Voltaris is told the same day", "doc-battery",
     "person-fernanda-toro"),
    ("rule-van-packs", "A swap van carries no more than 40 packs, each in its own fire bag, "
     "with the extinguisher checked at the start of the shift", "doc-battery",
     "person-fernanda-toro"),
    ("rule-cabinet-firmware", "No firmware update goes onto the charging cabinets until it "
     "has run 72 hours on the test cabinet and Fernanda Toro has signed it off; Voltaris may "
     "not push updates remotely", "doc-battery", "person-fernanda-toro"),
    ("rule-peak-van", "In the peaks (07:00-09:30 and 17:30-19:30) dispatch sends a van to "
     "any station that has been empty or full for 30 minutes, without waiting for the next "
     "rebalancing round", "doc-concession", "person-camila-fuentes"),
    ("rule-fleet-availability", "Fleet availability must average at least 85% over each "
     "month; every point below costs a penalty of CLP 1,200,000", "doc-concession",
     "person-joaquin-barrientos"),
    ("rule-night-pairs", "The night rebalancing shift works in pairs and dispatch checks in "
     "with each van every hour", "doc-rebalancing-plan", "person-camila-fuentes"),
    ("rule-van-loading", "Vans never stop in a bike lane or a bus stop to load; they load "
     "from the station's service bay or a side street with the hazard lights on",
     "doc-rebalancing-plan", "person-ignacio-carrasco"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-velo-ring",
        "Velo Ring Puerto Almendra",
        src="sii:velo-ring-spa",
        as_of=date(2023, 6, 12),
        city="Puerto Almendra",
        text="Velo Ring Puerto Almendra SpA runs the public bike share of Puerto Almendra, "
        "Chile, under a municipal concession: 84 docked stations, 600 pedal bikes and 320 "
        "e-bikes, van rebalancing, on-street battery swaps, a battery room and a workshop at "
        "the Bodega Norte depot, the Velo Ring member app and a member care line.",
    )
    w.node(
        "Organization",
        "org-municipalidad",
        "Municipalidad de Puerto Almendra",
        src="mpa:concession-MPA-BIC-2023-07",
        as_of=START,
        text="The city council; it granted Velo Ring the bike share concession "
        "MPA-BIC-2023-07 (January 2024 to December 2031), pays a monthly service fee and "
        "applies penalties through its Dirección de Tránsito when service levels are missed.",
    )
    w.node(
        "Organization",
        "org-banco-costanera",
        "Banco Costanera",
        src="drive:sponsorship-costanera",
        as_of=START,
        text="A regional bank and Velo Ring's title sponsor since 2024: its name is on the "
        "bikes, the stations and the app. The sponsorship ends on 31 December 2026.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="buk:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-velo-ring", since=START, src="buk:teams")
    for pid, name, role, team in PEOPLE:
        first = pid.removeprefix("person-").split("-")[0]
        w.node(
            "Person",
            pid,
            name,
            src="buk:staff",
            as_of=START,
            role=role,
            email=f"{first}@veloring.cl",
        )
        w.edge(pid, "MEMBER_OF", team or "org-velo-ring", since=START, src="buk:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="defontana:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-velo-ring", "USES", vid, since=START, src="defontana:suppliers")
    w.node(
        "Deal",
        "deal-costanera-renewal",
        "Banco Costanera title sponsorship renewal 2027-2029",
        src="drive:sponsorship-costanera-2027",
        as_of=date(2026, 9, 1),
        stage="negotiation",
        value=1260000000,
        text="Three more years of Banco Costanera's title sponsorship from January 2027, at "
        "about CLP 420 million a year, with the bank's name on the new Barrio Puerto "
        "stations and a share of the app home screen; the term sheet is due by 27 November.",
    )
    w.edge(
        "deal-costanera-renewal",
        "ASSIGNED_TO",
        "person-joaquin-barrientos",
        since=date(2026, 9, 1),
        src="drive:sponsorship-costanera-2027",
    )
    w.node(
        "Deal",
        "deal-universidad-passes",
        "Universidad del Litoral corporate memberships 2026",
        src="drive:corporate-universidad",
        as_of=date(2026, 3, 2),
        stage="won",
        value=47760000,
        text="2,400 annual memberships for Universidad del Litoral students and staff at "
        "CLP 19,900 each, paid by the university.",
    )
    w.edge(
        "deal-universidad-passes",
        "ASSIGNED_TO",
        "person-antonia-vergara",
        since=date(2026, 3, 2),
        src="drive:corporate-universidad",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-universidad",
            "Universidad del Litoral",
            "The city's university; it buys 2,400 annual memberships a year for its students "
            "and staff, and four stations sit on its campus.",
            "service-memberships",
        ),
        (
            "customer-hospital",
            "Hospital Regional de Puerto Almendra",
            "The regional hospital; its staff ride on a corporate scheme, mostly on the "
            "night shift change at 07:30 and 19:30.",
            "service-docked-rides",
        ),
        (
            "customer-hotel-mirador",
            "Hotel Mirador del Puerto",
            "A harbour-front hotel that buys day passes for its guests in bulk.",
            "service-day-passes",
        ),
    ):
        w.node("Customer", cid, name, src="spokehub:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="spokehub:accounts")


def _systems(w: Book) -> None:
    src = "drive:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="spokehub:pricing", as_of=START)
    w.edges(
        src,
        START,
        ("tool-spokehub", "DEPENDS_ON", "account-spokehub-subscription"),
        ("account-spokehub-subscription", "DEPENDS_ON", "vendor-spokehub"),
        ("account-spokehub-subscription", "PART_OF", "tool-spokehub"),
        ("account-spokehub-api", "DEPENDS_ON", "tool-spokehub"),
        ("account-spokehub-api", "PART_OF", "tool-app"),
        ("tool-app", "DEPENDS_ON", "account-spokehub-api"),
        ("tool-app", "DEPENDS_ON", "account-pagoflux-merchant"),
        ("account-pagoflux-merchant", "DEPENDS_ON", "vendor-pagoflux"),
        ("account-andesnet-m2m", "DEPENDS_ON", "vendor-andesnet"),
        ("account-andesnet-m2m", "PART_OF", "service-stations"),
        ("account-van-lease", "DEPENDS_ON", "vendor-furgones"),
        ("account-voltaris-support", "DEPENDS_ON", "vendor-voltaris"),
        ("account-voltaris-support", "PART_OF", "service-charging-room"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons, _ in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for sid, _, _, owner in SERVICES),
        ("service-stations", "PART_OF", "org-velo-ring"),
        ("team-dispatch", "USES", "tool-spokehub"),
        ("team-batteries", "USES", "tool-spokehub"),
        ("team-workshop", "USES", "tool-spokehub"),
        ("team-stations", "USES", "tool-spokehub"),
        ("team-member-care", "USES", "tool-charla"),
        ("team-member-care", "USES", "tool-spokehub"),
        ("team-systems", "USES", "tool-app"),
    )
    # Day passes: sold at the station kiosks (card readers) and in the app until 17 August.
    w.node(
        "Tool",
        "tool-kiosk-readers",
        "Station kiosk card readers (retired)",
        src=src,
        as_of=KIOSK_OFF,
        status="retired",
        kind="hardware",
        text="The card readers in the Dockwerk station kiosks sold day passes and settled "
        "through the Pagoflux merchant account until they were switched off on 17 August "
        "2026.",
    )
    for frm, to in (
        ("tool-kiosk-readers", "vendor-dockwerk"),
        ("tool-kiosk-readers", "account-pagoflux-merchant"),
        ("service-day-passes", "tool-kiosk-readers"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=KIOSK_OFF, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("trips", "avail", "moves", "swaps", "docks", "unlock", "repairs")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    span = (LAST - FIRST).days
    cabinet_avail = {0: 80.5, 1: 72.0, 2: 65.5, 3: 61.5, 4: 60.0, 5: 61.0, 6: 63.5}
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        ramp = (day - FIRST).days / span
        holiday = day in HOLIDAYS
        rain = rng.random() < 0.1
        # trips started: winter into spring, commuters on weekdays
        trips = (2500 + 1700 * ramp) * (1.0 if wd < 5 else 0.82 if wd == 5 else 0.7)
        trips *= rng.uniform(0.94, 1.06)
        if rain:
            trips *= 0.62
        if holiday:
            trips *= 0.78
        if day in CABINET_DAYS:
            trips *= 0.93
        if day in OUTAGE_DAYS:
            trips *= 0.81
        if day >= APP_52:
            trips *= 0.94
        # e-bikes rideable: the cabinet fault, then the catch-up rounds
        if day in CABINET_DAYS:
            avail = cabinet_avail[(day - CABINET_DAYS[0]).days] + rng.uniform(-0.6, 0.6)
        elif day == CABINET_BACK:
            avail = 74.5 + rng.uniform(-0.5, 0.5)
        elif day == CABINET_BACK + timedelta(days=1):
            avail = 84.0 + rng.uniform(-0.5, 0.5)
        else:
            avail = rng.uniform(86.5, 91.0)
        # bikes moved by the vans: day vans, then the night shift from 1 October
        moves = (
            rng.uniform(360, 450)
            if wd < 5
            else rng.uniform(260, 320)
            if wd == 5
            else (rng.uniform(200, 260))
        )
        if holiday:
            moves *= 0.6
        if day >= NIGHT_FROM:
            moves += rng.uniform(150, 190)
        # battery swaps: halved while the cabinets capped charging
        if day in CABINET_DAYS:
            swaps = rng.uniform(70, 100)
        elif day in (CABINET_BACK, CABINET_BACK + timedelta(days=1)):
            swaps = rng.uniform(230, 260)
        else:
            swaps = rng.uniform(150, 190) if wd < 5 else rng.uniform(120, 150)
            if day >= NIGHT_FROM:
                swaps *= 1.1
        # docks online: no heartbeats at all while Andesnet was down
        docks = rng.uniform(98.3, 99.6)
        if day == OUTAGE_BACK:
            docks = 97.2
        # app unlock success: a small dip while docks ran offline, then app 5.2
        if day >= APP_52:
            unlock = rng.uniform(87.0, 91.0)
        elif day in OUTAGE_DAYS:
            unlock = rng.uniform(93.5, 95.5)
        else:
            unlock = rng.uniform(96.4, 98.6)
        # workshop repairs: shut on Sundays and public holidays
        repairs = rng.uniform(38, 55) if wd < 5 else rng.uniform(18, 28)
        if day >= date(2026, 10, 1):
            repairs *= 1.12
        out["trips"].append((day, round(trips)))
        out["avail"].append((day, round(avail, 1)))
        out["moves"].append((day, round(moves)))
        out["swaps"].append((day, round(swaps)))
        if day not in OUTAGE_DAYS:
            out["docks"].append((day, round(docks, 2)))
        out["unlock"].append((day, round(unlock, 1)))
        if wd != 6 and not holiday:
            out["repairs"].append((day, round(repairs)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    sh, rk = "spokehub:reports", "ridekit:analytics"
    for mid, name, unit, agg, src, measures in (
        ("metric-trips", "Trips started", "trips", "sum", sh, "service-docked-rides"),
        (
            "metric-ebike-availability",
            "E-bike availability (share of the e-bike fleet rideable: charged above 30% and "
            "not in the workshop)",
            "%",
            "mean",
            sh,
            "service-ebikes",
        ),
        (
            "metric-van-moves",
            "Bikes moved by rebalancing vans",
            "bikes",
            "sum",
            sh,
            "service-rebalancing",
        ),
        (
            "metric-battery-swaps",
            "Battery swaps done on street",
            "swaps",
            "sum",
            sh,
            "service-battery-swaps",
        ),
        (
            "metric-docks-online",
            "Docks online (share of docks reporting to Spokehub)",
            "%",
            "mean",
            sh,
            "service-stations",
        ),
        (
            "metric-unlock-success",
            "App unlock success (share of app unlock attempts that release a bike)",
            "%",
            "mean",
            rk,
            "tool-app",
        ),
        (
            "metric-workshop-repairs",
            "Bikes repaired and returned to service by the workshop",
            "bikes",
            "sum",
            sh,
            "service-workshop",
        ),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    return {
        "trips": w.readings("metric-trips", series["trips"], src=sh),
        "avail": w.readings("metric-ebike-availability", series["avail"], src=sh),
        "moves": w.readings("metric-van-moves", series["moves"], src=sh),
        "swaps": w.readings("metric-battery-swaps", series["swaps"], src=sh),
        "docks": w.readings("metric-docks-online", series["docks"], src=sh),
        "unlock": w.readings("metric-unlock-success", series["unlock"], src=rk),
        "repairs": w.readings("metric-workshop-repairs", series["repairs"], src=sh),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "spokehub:incidents/2026-031"
    started, back = "2026-09-14T06:10:00+00:00", "2026-09-21T14:00:00+00:00"
    w.node(
        "Incident",
        "incident-cabinet-firmware",
        "Charging cabinets capped every battery pack at 60% after Voltaris firmware 2.8",
        src=src,
        as_of=CABINET_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="Overnight on 13 to 14 September Voltaris Energy pushed firmware 2.8 to the six "
        "VC-48 charging cabinets in the battery room without telling Velo Ring. Its new "
        "thermal derate read the ambient sensor in the wrong units and capped every pack at "
        "60% while showing it as full, so swapped packs ran flat by midday. E-bike "
        "availability fell from about 88% to as low as 60% from 14 to 20 September, until "
        "Voltaris rolled the cabinets back to firmware 2.7.4 on 21 September.",
    )
    w.edges(
        src,
        started,
        ("incident-cabinet-firmware", "AFFECTS", "service-charging-room"),
        ("incident-cabinet-firmware", "AFFECTS", "metric-ebike-availability"),
        *(("incident-cabinet-firmware", "CAUSED", obs["avail"][d]) for d in CABINET_DAYS),
        ("person-fernanda-toro", "OWNS", "incident-cabinet-firmware"),
        as_of=CABINET_BACK,
    )
    w.node(
        "Task",
        "task-cabinet-rollback",
        "Roll the charging cabinets back to firmware 2.7.4 and run catch-up swap rounds",
        src="spokehub:workorders/WO-7716",
        as_of=CABINET_BACK,
        status="done",
    )
    w.edges(
        "spokehub:workorders/WO-7716",
        date(2026, 9, 16),
        ("person-fernanda-toro", "OWNS", "task-cabinet-rollback"),
        ("person-fernanda-toro", "WORKS_ON", "task-cabinet-rollback"),
        ("task-cabinet-rollback", "FIXES", "incident-cabinet-firmware"),
        ("task-cabinet-rollback", "DEPENDS_ON", "vendor-voltaris"),
        as_of=CABINET_BACK,
    )
    src = "drive:incident-andesnet-outage"
    w.node(
        "Incident",
        "incident-andesnet-outage",
        "Andesnet IoT core network outage: docks and e-bikes lost their data link",
        src=src,
        as_of=OUTAGE_BACK,
        status="resolved",
        severity="high",
        startedAt="2026-10-09T04:40:00+00:00",
        resolvedAt="2026-10-13T23:30:00+00:00",
        text="Early on 9 October a core network failure at Andesnet IoT cut the mobile data "
        "link of every SIM in the docks, kiosks and e-bikes. The docks ran in offline mode "
        "(Bluetooth unlocks from the app and Tarjeta Ring RFID cards still worked, and trips "
        "were uploaded later) but Spokehub received no heartbeats at all, so docks online "
        "has no readings from 9 to 13 October. Andesnet restored the network late on 13 "
        "October; the municipality accepted the outage as force majeure.",
    )
    w.edges(
        src,
        "2026-10-09T04:40:00+00:00",
        ("incident-andesnet-outage", "AFFECTS", "service-stations"),
        ("incident-andesnet-outage", "AFFECTS", "metric-docks-online"),
        ("person-diego-alarcon", "OWNS", "incident-andesnet-outage"),
        as_of=OUTAGE_BACK,
    )
    # The app release: nothing ties it to unlock success; it just falls that day.
    rel_at = "2026-10-20T04:30:00+00:00"
    w.node(
        "Release",
        "release-app-52",
        "Velo Ring app 5.2",
        src="ridekit:releases/5.2",
        as_of=rel_at,
        version="5.2",
        releasedAt=rel_at,
        text="Ridekit Labs' app 5.2 for every scheme on its platform: a new Bluetooth unlock "
        "flow that waits for the dock to answer over Bluetooth with no fallback to the data "
        "connection, a redesigned station map and ride streaks.",
    )
    w.edges(
        "ridekit:releases/5.2",
        rel_at,
        ("release-app-52", "PART_OF", "service-docked-rides"),
        ("release-app-52", "CHANGED", "tool-app"),
    )


MESSAGES = (
    (
        "message-kiosk-switch",
        "Paula in #ops on 5 August",
        "person-paula-henriquez",
        "channel-ops",
        _at(KIOSK_DECIDED, 13, 20),
        "From Monday 17 August day passes are sold only in the app; the kiosk card readers "
        "get switched off that morning. The readers' PCI certification runs out on 31 "
        "August and Dockwerk won't recertify a reader that is end of life, we found two "
        "skimming devices on kiosks in July, and only about 4% of day passes are bought at "
        "a kiosk anyway. Antonia, can member care put signs on the kiosks?",
    ),
    (
        "message-cabinets-down",
        "Fernanda in #battery-room on 14 September",
        "person-fernanda-toro",
        "channel-battery-room",
        _at(date(2026, 9, 14), 15, 45),
        "Every cabinet is stopping at 60% and showing the packs as full. Voltaris pushed "
        "firmware 2.8 last night, nobody told us. Swapped packs are flat by lunchtime. "
        "Matías, expect e-bike availability to drop all week until they sort it.",
    ),
    (
        "message-cabinets-back",
        "Fernanda in #battery-room on 21 September",
        "person-fernanda-toro",
        "channel-battery-room",
        _at(CABINET_BACK, 14, 30),
        "Voltaris rolled all six cabinets back to 2.7.4 this morning, packs charging to 100% "
        "again. Extra swap rounds today and tomorrow with Nacho's crew. I'm writing up the "
        "review, and no more remote firmware pushes.",
    ),
    (
        "message-night-shift",
        "Matías in #dispatch on 24 September",
        "person-matias-riquelme",
        "channel-dispatch",
        _at(NIGHT_DECIDED, 18, 0),
        "Decided: from Thursday 1 October we run a night rebalancing shift, 22:00 to 06:00, "
        "two eVans, pairs only. The Cerro stations are empty by 07:30 every day and two day "
        "vans can't get 300 bikes back up the hill. Camila has the rota. Plan is in the "
        "drive.",
    ),
    (
        "message-andesnet-down",
        "Diego in #stations on 9 October",
        "person-diego-alarcon",
        "channel-stations",
        _at(date(2026, 10, 9), 8, 5),
        "Andesnet is down, whole network, not just us. No heartbeats from any dock since "
        "01:40. Docks are in offline mode so Bluetooth and RFID unlocks still work but "
        "Spokehub shows every station grey. Dispatch, do rounds by eye today.",
    ),
    (
        "message-andesnet-back",
        "Diego in #stations on 14 October",
        "person-diego-alarcon",
        "channel-stations",
        _at(OUTAGE_BACK, 9, 0),
        "Andesnet came back late last night, every dock reporting again by 02:00. Offline "
        "trips are uploading. There are no docks online readings for the 9th to the 13th "
        "and there won't be, Spokehub can't rebuild them.",
    ),
    (
        "message-sim-handover",
        "Diego in #stations on 19 October",
        "person-diego-alarcon",
        "channel-stations",
        _at(SIM_HANDOVER, 10, 15),
        "Sebastián is taking over the Andesnet data plan renewal from today, the plan runs "
        "out on 30 November. I'm on the failover SIM plan for the big stations and the "
        "Barrio Puerto install.",
    ),
    (
        "message-app-52",
        "Sebastián in #app on 19 October",
        "person-sebastian-lagos",
        "channel-app",
        _at(date(2026, 10, 19), 17, 0),
        "Ridekit put app 5.2 live tonight: new Bluetooth unlock flow, new station map, ride "
        "streaks. Nothing for us to do, but tell me if members write in about unlocking.",
    ),
    (
        "message-ops-notes",
        "Ops meeting notes, 2 November",
        "person-valentina-ossandon",
        "channel-ops",
        _at(MEETING, 11, 0),
        "Ops meeting, Mon 2 Nov. 1) App unlock success down from about 97% to 89% since app "
        "5.2's Bluetooth unlock flow. Ridekit ship 5.2.1 with a QR fallback by Fri 13 Nov "
        "(Sebastián). Until then member care remote unlocks bikes from the Spokehub console "
        "and gives a CLP 1,000 ride credit (Antonia, Tomás on evenings). 2) Banco Costanera "
        "sponsorship ends 31 Dec: Valentina takes the renewal from Joaquín, term sheet by "
        "Fri 27 Nov; Joaquín on ride data. 3) Weekend valet docking at Playa Brava from Sat "
        "7 Nov, 11:00-20:00, 60 bikes (Camila). 4) Andesnet plan renewal signed by 20 Nov "
        "(Sebastián); Diego brings failover SIM quotes for the 12 busiest stations by 13 "
        "Nov. 5) Fernanda signs off cabinet firmware 2.8.1 after 72 hours on the test "
        "cabinet. 6) Rodrigo orders the spring tyres from Ruedas del Pacífico by 30 Nov, "
        "before the 8% rise on 1 Dec.",
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
        ("channel-dispatch", "#dispatch"),
        ("channel-battery-room", "#battery-room"),
        ("channel-stations", "#stations"),
        ("channel-app", "#app"),
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
        ("message-kiosk-switch", ("tool-kiosk-readers", "service-day-passes", "tool-app")),
        ("message-cabinets-down", ("incident-cabinet-firmware", "service-charging-room")),
        ("message-cabinets-back", ("incident-cabinet-firmware", "task-cabinet-rollback")),
        ("message-night-shift", ("service-rebalancing",)),
        ("message-andesnet-down", ("incident-andesnet-outage", "service-stations")),
        ("message-andesnet-back", ("incident-andesnet-outage", "metric-docks-online")),
        ("message-sim-handover", ("account-andesnet-m2m",)),
        ("message-app-52", ("release-app-52", "tool-app")),
        (
            "message-ops-notes",
            (
                "tool-app",
                "release-app-52",
                "tool-spokehub",
                "deal-costanera-renewal",
                "service-stations",
                "account-andesnet-m2m",
                "service-charging-room",
                "vendor-ruedas",
                "org-banco-costanera",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Spokehub": "tool-spokehub",
        "Voltaris": "vendor-voltaris",
        "Corvina": "vendor-corvina",
        "Ruedas del Pacífico": "vendor-ruedas",
        "Furgones Austral": "vendor-furgones",
        "Andesnet": "vendor-andesnet",
        "Dockwerk": "vendor-dockwerk",
        "member app": "tool-app",
        "day pass": "service-day-passes",
        "battery room": "service-charging-room",
        "Universidad del Litoral": "customer-universidad",
        "Fernanda Toro": "person-fernanda-toro",
        "Rodrigo Pizarro": "person-rodrigo-pizarro",
        "Matías Riquelme": "person-matias-riquelme",
        "Camila Fuentes": "person-camila-fuentes",
        "Joaquín Barrientos": "person-joaquin-barrientos",
        "firmware 2.8": "incident-cabinet-firmware",
        "Municipalidad": "org-municipalidad",
    }
    for path, did, author, kind, about in (
        (
            "membership-terms-and-ride-rules-2026.md",
            "doc-member-terms",
            "person-antonia-vergara",
            "terms",
            ["service-memberships", "service-day-passes", "product-annual", "product-day-pass"],
        ),
        (
            "workshop-and-field-repair-procedures.md",
            "doc-workshop",
            "person-rodrigo-pizarro",
            "procedure",
            ["service-workshop"],
        ),
        (
            "battery-room-and-swap-round-procedure.md",
            "doc-battery",
            "person-fernanda-toro",
            "procedure",
            ["service-charging-room", "service-battery-swaps"],
        ),
        (
            "municipal-concession-service-levels.md",
            "doc-concession",
            "person-joaquin-barrientos",
            "contract summary",
            ["org-municipalidad", "metric-ebike-availability", "metric-docks-online"],
        ),
        (
            "charging-cabinet-firmware-fault-review.md",
            "doc-cabinet-review",
            "person-fernanda-toro",
            "incident review",
            ["incident-cabinet-firmware"],
        ),
        (
            "spring-rebalancing-plan-2026.md",
            "doc-rebalancing-plan",
            "person-matias-riquelme",
            "plan",
            ["service-rebalancing"],
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
        "decision-kiosk-day-passes",
        "Sell day passes at the station kiosks and in the app",
        src="drive:launch-plan-2024",
        on=START,
        why="At the 2024 launch many visitors had no app, so every station kiosk took cards "
        "for day passes through the Dockwerk kiosk card readers, settled through the "
        "Pagoflux merchant account, alongside the app.",
        made_by="person-valentina-ossandon",
        made_in=None,
    )
    decision(
        "decision-app-only-day-passes",
        "Sell day passes only in the member app and switch off the kiosk card readers from "
        "17 August",
        src=_src("message-kiosk-switch"),
        on=KIOSK_DECIDED,
        why="The kiosk card readers' PCI certification ran out on 31 August and Dockwerk "
        "would not recertify end-of-life readers; two skimming devices were found on kiosks "
        "in July; and only about 4% of day passes were bought at a kiosk. Selling day passes "
        "in the app only removes the card risk and the recertification cost.",
        made_by="person-paula-henriquez",
        made_in="message-kiosk-switch",
        edges=(
            ("decision-app-only-day-passes", "SUPERSEDES", "decision-kiosk-day-passes"),
            ("decision-app-only-day-passes", "AFFECTS", "service-day-passes"),
            ("decision-app-only-day-passes", "MENTIONS", "tool-kiosk-readers"),
            ("decision-app-only-day-passes", "MENTIONS", "tool-app"),
        ),
    )
    decision(
        "decision-night-shift",
        "Run a night rebalancing shift (22:00-06:00, two eVans) from 1 October",
        src=_src("message-night-shift"),
        on=NIGHT_DECIDED,
        why="Bikes flow downhill: the Cerro Mirador and Cerro Las Cañas stations are empty "
        "by 07:30 every morning and two day vans cannot lift 300 bikes back up before the "
        "peak. A night shift with two eVans refills the hill stations overnight, so bikes "
        "moved by the vans rise by about 150 to 180 a night and the peak service failures "
        "stay under the concession's limit of 40 a month.",
        made_by="person-matias-riquelme",
        made_in="message-night-shift",
        edges=(
            ("decision-night-shift", "BASED_ON", "doc-rebalancing-plan"),
            ("decision-night-shift", "AFFECTS", "metric-van-moves"),
            ("decision-night-shift", "AFFECTS", "service-rebalancing"),
        ),
    )
    decision(
        "decision-firmware-freeze",
        "No cabinet firmware update without 72 hours on the test cabinet and Fernanda's "
        "sign-off; no remote pushes by Voltaris",
        src="drive:charging-cabinet-firmware-fault-review",
        on=REVIEW_DAY,
        why="Voltaris pushed firmware 2.8 to every cabinet at once without notice, and its "
        "faulty derate capped charging at 60% for a week, cost CLP 14,600,000 and a "
        "municipal penalty. Trying every update on one test cabinet for 72 hours first, "
        "with the battery lead's sign-off, keeps a bad update off the other five.",
        made_by="person-fernanda-toro",
        made_in="doc-cabinet-review",
        edges=(
            ("decision-firmware-freeze", "BASED_ON", "doc-cabinet-review"),
            ("decision-firmware-freeze", "MENTIONS", "incident-cabinet-firmware"),
            ("decision-firmware-freeze", "AFFECTS", "service-charging-room"),
        ),
    )
    notes = _src("message-ops-notes")
    decision(
        "decision-remote-unlocks",
        "Member care remote unlocks bikes from the Spokehub console with a CLP 1,000 ride "
        "credit until app 5.2.1 brings the QR fallback (by 13 November)",
        src=notes,
        on=MEETING,
        why="Since app 5.2's new Bluetooth unlock flow, app unlock success fell from about "
        "97% to about 89%, mostly on Android phones whose Bluetooth handshake times out. "
        "Ridekit will not roll 5.2 back, so 5.2.1 adds a QR fallback that unlocks through "
        "Spokehub; until then member care releases bikes from the Spokehub console for "
        "anyone stuck at a dock and gives a CLP 1,000 ride credit.",
        made_by="person-valentina-ossandon",
        made_in="message-ops-notes",
        edges=(
            ("decision-remote-unlocks", "AFFECTS", "service-docked-rides"),
            ("decision-remote-unlocks", "MENTIONS", "release-app-52"),
            ("decision-remote-unlocks", "MENTIONS", "tool-spokehub"),
        ),
    )
    decision(
        "decision-playa-brava-valet",
        "Weekend valet docking at Playa Brava from 7 November (11:00-20:00, 60 bikes)",
        src=notes,
        on=MEETING,
        why="Playa Brava station was full from 11:00 to 19:00 on the last two Saturdays and "
        "riders left bikes against the railing; a staffed valet corral for 60 extra bikes on "
        "weekends, emptied by the night shift, worked there last summer.",
        made_by="person-valentina-ossandon",
        made_in="message-ops-notes",
        edges=(
            ("decision-playa-brava-valet", "AFFECTS", "service-stations"),
            ("decision-playa-brava-valet", "MENTIONS", "service-rebalancing"),
        ),
    )


def _work(w: Book) -> None:
    src = "spokehub:tasks/andesnet-renewal"
    w.node(
        "Task",
        "task-sim-renewal",
        "Renew the Andesnet M2M data plan before it expires on 30 November",
        src=src,
        as_of=SIM_TASK_FROM,
        status="in progress",
        due="2026-11-20",
        text="Agree the two-year renewal of the data plan for the 1,450 dock, kiosk and "
        "e-bike SIMs with Andesnet IoT and sign it by 20 November.",
    )
    w.edge("person-diego-alarcon", "OWNS", "task-sim-renewal", since=SIM_TASK_FROM, src=src)
    w.edges(
        src,
        SIM_TASK_FROM,
        ("task-sim-renewal", "ABOUT", "account-andesnet-m2m"),
        ("person-diego-alarcon", "WORKS_ON", "task-sim-renewal"),
    )
    w.edges(
        _src("message-sim-handover"),
        SIM_HANDOVER,
        ("person-sebastian-lagos", "OWNS", "task-sim-renewal"),
        ("person-sebastian-lagos", "WORKS_ON", "task-sim-renewal"),
        ("message-sim-handover", "MENTIONS", "task-sim-renewal"),
    )

    src = "drive:sponsorship-costanera-2027"
    w.node(
        "Task",
        "task-sponsor-renewal",
        "Negotiate the Banco Costanera title sponsorship renewal before it ends on 31 December",
        src=src,
        as_of=SPONSOR_TASK_FROM,
        status="in progress",
        due="2026-11-27",
        text="Agree three more years of Banco Costanera's title sponsorship (about CLP 420 "
        "million a year, with the new Barrio Puerto stations and a share of the app home "
        "screen) and get the term sheet signed by 27 November.",
    )
    w.edge(
        "person-joaquin-barrientos",
        "OWNS",
        "task-sponsor-renewal",
        since=SPONSOR_TASK_FROM,
        src=src,
    )
    w.edges(
        src,
        SPONSOR_TASK_FROM,
        ("task-sponsor-renewal", "ABOUT", "deal-costanera-renewal"),
        ("person-joaquin-barrientos", "WORKS_ON", "task-sponsor-renewal"),
    )
    notes = _src("message-ops-notes")
    w.edges(
        notes,
        MEETING,
        ("person-valentina-ossandon", "OWNS", "task-sponsor-renewal"),
        ("person-valentina-ossandon", "WORKS_ON", "task-sponsor-renewal"),
        ("message-ops-notes", "MENTIONS", "task-sponsor-renewal"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-app-521",
            "Get app 5.2.1 (QR unlock fallback) from Ridekit",
            "person-sebastian-lagos",
            "2026-11-13",
            "Ridekit Labs ships app 5.2.1 with a QR code fallback that unlocks through "
            "Spokehub when the Bluetooth handshake does not answer, by Friday 13 November; an "
            "in-app banner points stuck members to WhatsApp meanwhile.",
            "release-app-52",
        ),
        (
            "task-remote-unlocks",
            "Remote unlock stuck members from the Spokehub console and give the CLP 1,000 "
            "ride credit until 5.2.1",
            "person-antonia-vergara",
            "2026-11-13",
            "Member care (Tomás Arancibia on evenings until 22:00) releases the bike from "
            "the Spokehub console when a member sends the station and dock number, and adds "
            "the ride credit under one campaign code.",
            "service-member-care",
        ),
        (
            "task-playa-brava-valet",
            "Run weekend valet docking at Playa Brava from 7 November",
            "person-camila-fuentes",
            "2026-11-07",
            "Two staff, a corral for 60 extra bikes on the grass by the station, 11:00 to "
            "20:00 on Saturdays and Sundays, bikes checked in on the handheld; the night "
            "shift takes the surplus up to the Cerro stations.",
            "service-stations",
        ),
        (
            "task-failover-sims",
            "Get quotes for second-carrier failover SIMs on the 12 busiest stations",
            "person-diego-alarcon",
            "2026-11-13",
            "So that Plaza Sucre, the Costanera and the other busiest stations keep "
            "reporting if Andesnet goes down again; two carriers are quoting.",
            "service-stations",
        ),
        (
            "task-firmware-281",
            "Sign off cabinet firmware 2.8.1 after 72 hours on the test cabinet",
            "person-fernanda-toro",
            "2026-11-03",
            "Voltaris' 2.8.1 fixes the derate; it has run on cabinet 6 since 30 October and "
            "rolls out to the other five cabinets one a day once the charge curves check out.",
            "service-charging-room",
        ),
        (
            "task-tyre-order",
            "Order the spring tyres and tubes from Ruedas del Pacífico before the 1 December "
            "price rise",
            "person-rodrigo-pizarro",
            "2026-11-30",
            "About 900 tyres and tubes, roughly CLP 6,500,000 at today's price; Ruedas del "
            "Pacífico raise prices 8% on 1 December.",
            "service-workshop",
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
    repairs = m(
        facts,
        today,
        "workshop repairs october vs september, up or down?",
        "metric_change",
        "metric-workshop-repairs",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="the workshop is shut on Sundays and on 18-19 September (Fiestas Patrias): "
        "October has 27 of 31 days, September 24 of 30; compare daily means over the days "
        "that have a reading and say so",
    )
    repairs.must_include = [coverage_words]
    docks = m(
        facts,
        today,
        "avg docks online first half of oct?",
        "metric_average",
        "metric-docks-online",
        periods=("first_half_october",),
        tolerance=0.05,
        covered=True,
        note="no readings 9-13 October (the Andesnet outage): 10 of 15 days, a mean over those",
    )
    docks.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "pagoflux goes down at lunch - what stops working for us?",
            ["vendor-pagoflux"],
            today,
            must_exclude=["kiosk"],
            note="merchant account -> member app -> memberships and day passes -> the annual "
            "membership and the day pass. The kiosk card readers also settled through it but "
            "were switched off on 17 August and break nothing now",
        ),
        impact_question(
            facts,
            "if the voltaris service contract expires what do we lose",
            ["account-voltaris-support"],
            today,
            note="contract -> charging room -> battery swaps -> e-bike fleet -> e-bike ride "
            "minutes",
        ),
        impact_question(
            facts,
            "andesnet is offline again, what breaks??",
            ["vendor-andesnet"],
            today,
            note="the M2M data plan -> stations and docks (-> docked rides) and the e-bike "
            "fleet (-> e-bike ride minutes)",
        ),
        owner_question(
            facts,
            "whos running the banco costanera renewal now",
            "task-sponsor-renewal",
            today,
            note="Joaquín handed it to Valentina at the 2 November ops meeting",
        ),
        owner_question(
            facts,
            "who had the costanera sponsorship renewal mid oct?",
            "task-sponsor-renewal",
            date(2026, 10, 15),
        ),
        owner_question(
            facts,
            "who was on the andesnet sim plan renewal at the start of october",
            "task-sim-renewal",
            date(2026, 10, 2),
            note="Sebastián Lagos took it over from Diego Alarcón on 19 October",
        ),
        Question(
            "why did we switch off card payments on the kiosks?",
            "decision",
            must_include=[["PCI", "skimm"]],
            must_cite=["decision-app-only-day-passes"],
        ),
        Question(
            "who made the call on the night rebalancing shift",
            "decision",
            must_include=["Matías Riquelme"],
            must_cite=["decision-night-shift"],
        ),
        Question(
            "how did ppl buy day passes before we went app only?",
            "decision",
            must_include=["kiosk"],
            must_cite=["decision-kiosk-day-passes"],
            note="the superseded decision: kiosk card readers and the app until 17 August",
        ),
        Question(
            "member says brakes are spongy on bike 2231 at plaza sucre, ok to leave it docked "
            "til the van gets there?",
            "policy",
            must_include=[["out of service", "locked", "red-tag", "red tag"]],
            must_cite=["rule-brake-report"],
            note="no: locked out of service in Spokehub at once and red-tagged until a "
            "mechanic repairs and test-rides it",
        ),
        Question(
            "mirador 3 has been empty since 7:20, its 7:55 now - do i send a van or wait for "
            "the round?",
            "policy",
            must_include=["30 minutes"],
            must_cite=["rule-peak-van"],
            note="in the peak a van goes to any station empty or full for 30 minutes",
        ),
        Question(
            "voltaris want to push cabinet firmware 2.9 tonite, are we ok with that?",
            "policy",
            must_include=[["72 hours", "test cabinet"]],
            must_cite=["rule-cabinet-firmware"],
            note="not remotely, and not until 72 hours on the test cabinet and Fernanda's sign-off",
        ),
        related_question(
            facts,
            "day passes get paid thru the app's merchant account - who's the payment "
            "provider behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-pagoflux-merchant",
            keep=["Vendor"],
            note="two hops: day passes -> the member app -> the merchant account -> Pagoflux",
        ),
        related_question(
            facts,
            "the battery swap rounds run on the leased vans, which team is whoever holds "
            "that lease on?",
            today,
            rel="MEMBER_OF",
            frm="person-ignacio-carrasco",
            note="three hops: battery swaps -> the eVan lease -> its owner Ignacio Carrasco -> "
            "his team",
        ),
        related_question(
            facts,
            "which of our services rely on corvina",
            today,
            rel="DEPENDS_ON",
            to="vendor-corvina",
            keep=["Service"],
        ),
        m(
            facts,
            today,
            "trips yday?",
            "metric_value",
            "metric-trips",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "what was ebike availability on 16 sept",
            "metric_value",
            "metric-ebike-availability",
            span=(date(2026, 9, 16), date(2026, 9, 16)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "total trips second half of oct",
            "metric_total",
            "metric-trips",
            periods=("second_half_october",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "how many bikes did the vans move the week of 16 sept",
            "metric_total",
            "metric-van-moves",
            periods=("week_of_2026-09-16",),
            tolerance=0.5,
            note="Monday 14 to Sunday 20 September, with the Fiestas Patrias holidays",
        ),
        m(
            facts,
            today,
            "van moves since the night shift started?",
            "metric_total",
            "metric-van-moves",
            periods=("since_2026-10-01",),
            tolerance=1.0,
            note="the night shift started on 1 October",
        ),
        m(
            facts,
            today,
            "avg ebike availability mid sept",
            "metric_average",
            "metric-ebike-availability",
            periods=("mid_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "average trips a day end of Q3",
            "metric_average",
            "metric-trips",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        docks,
        m(
            facts,
            today,
            "trips last 7 days vs the 7 before",
            "metric_change",
            "metric-trips",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        repairs,
        m(
            facts,
            today,
            "unlock success since app 5.2 vs the fortnight before it",
            "metric_change",
            "metric-unlock-success",
            spans=((APP_52, LAST), (date(2026, 10, 6), date(2026, 10, 19))),
            tolerance=0.2,
            note="5.2 went live on 20 October: 20 October - 3 November against 6-19 October",
        ),
        m(
            facts,
            today,
            "battery swaps early oct vs early sept",
            "metric_change",
            "metric-battery-swaps",
            periods=("early_october", "early_september"),
            tolerance=0.2,
        ),
        Question(
            "why did ebike availability tank mid sept",
            "metric_why",
            must_include=[["firmware", "charging cabinet", "60%"]],
            must_cite=["incident-cabinet-firmware"],
        ),
        Question(
            "why are van moves so much higher since october?",
            "metric_why",
            must_include=[["night shift", "night rebalancing"]],
            must_cite=["decision-night-shift"],
        ),
        Question(
            "unlocks keep failing since the 20th, whats going on",
            "metric_why",
            must_include=[["5.2", "bluetooth unlock"]],
            must_cite=["release-app-52"],
            note="nothing links the release to the metric: unlock success falls from 20 "
            "October, the day app 5.2's new Bluetooth unlock flow went live",
        ),
        Question(
            "why's there a hole in the docks online graph around 9-13 oct",
            "metric_why",
            must_include=[["Andesnet", "data link", "mobile network"]],
            must_cite=["incident-andesnet-outage"],
        ),
        Question(
            "what did the cabinet firmware fault end up costing us, per fernanda's review",
            "document",
            must_include=[["14,600,000", "14.6 million"]],
            must_cite=["doc-cabinet-review"],
        ),
        Question(
            "whats the muni penalty per point if fleet availability goes under 85%",
            "document",
            must_include=["1,200,000"],
            must_cite=["doc-concession"],
        ),
        Question(
            "what did we land on at monday's ops meeting re the unlock failures?",
            "meeting",
            must_include=["5.2.1", ["remote unlock", "spokehub console"]],
            must_cite=["decision-remote-unlocks"],
            note="2 November: Ridekit ship 5.2.1 with a QR fallback by 13 November "
            "(Sebastián); until then member care remote unlocks from the Spokehub console and "
            "gives a CLP 1,000 ride credit",
        ),
        Question(
            "who's got which actions after the ops mtg on the 2nd",
            "meeting",
            must_include=["Valentina", "Camila", "Diego", "Rodrigo"],
            note="Sebastián: app 5.2.1 by 13 Nov and the Andesnet renewal by 20 Nov; Antonia "
            "and Tomás: console remote unlocks; Valentina: the Costanera term sheet by 27 "
            "Nov; Camila: Playa Brava valet from 7 Nov; Diego: failover SIM quotes by 13 Nov; "
            "Fernanda: sign off 2.8.1; Rodrigo: the Ruedas tyre order by 30 Nov",
        ),
        Question(
            "who looks after the e-scooter fleet?",
            "unknown",
            absent=["scooter"],
            note="Velo Ring runs docked pedal bikes and e-bikes only",
        ),
        Question(
            "what did rolando quintana decide about the lomas de tanay stations",
            "unknown",
            absent=["Quintana", "Tanay"],
            note="no such person and no such stations",
        ),
        Question(
            "how many trips did we do in july",
            "unknown",
            absent=["2026-07-"],
            note="readings start on 6 August",
        ),
        Question("who won the copa libertadores this year", "offtopic"),
        Question("anyone got a good recipe for empanadas de pino", "offtopic"),
    ]


def build() -> Business:
    """The bike share's facts and its questions."""
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
        "Velo Ring Puerto Almendra",
        "city bike-share scheme: docked pedal bikes and e-bikes across a hilly port city, "
        "van rebalancing, on-street battery swaps, a battery room and a workshop, a member "
        "app, a municipal concession and a title sponsor (Velo Ring Puerto Almendra, Puerto "
        "Almendra, Chile)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-11-02.txt",
                "title": "Weekly ops meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
