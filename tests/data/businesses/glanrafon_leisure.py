"""Glanrafon Leisure Centre (Canolfan Hamdden Glanrafon): a council-run leisure centre in
Glanrafon, north Wales, run by Aberwen County Council's leisure service, with a 25 m main
pool and a learner pool, a gym, a sports hall, a swim school, a café concession, memberships
and day passes.

The story: bookings, memberships, turnstile check-ins and lesson registers run in LeisureHub
(Brightlane Systems); card payments and direct debits settle through the Paycove merchant
account (Paycove Payments). Pool water treatment ran on the Poolmatic PM200 dosing controller
until 16 June, when the Hydrosense HX-4 took over (Ieuan Davies, the council's head of
leisure, signed it off on 1 June); both dose hypochlorite from Northway Chemicals. The main
pool's free chlorine (daily mean of the two-hourly DPD tests) fell from about 2.0 ppm, swinging
1.3 to 2.9, to a steady 1.5 that day (the release is linked to the metric). The pool hall air
handling unit's heat recovery wheel stopped 10 to 12 June and the electric heater battery ran
flat out: site electricity spiked (linked). A diarrhoeal faecal release in the learner pool at
19:10 on 1 July closed it until 5 July (a jammed backwash valve); lessons were cancelled 2 to 4
July and lesson attendances are zero those days (linked). The summer holiday timetable started
on 20 July (Siwan Pritchard's decision) and swims jumped by about half that day; nothing links
the timetable to the swims metric. LeisureHub was down 27 to 29 July (Brightlane's failed
database upgrade): gym check-ins have no readings those days (linked). The lifeguard rota moved
from Cerys Lloyd to Gethin Roberts on 1 August (Siwan's decision after the learner pool
review). Berwyn Climate Services swapped the energy meters' data logger 4 to 7 August: no
electricity readings, and only Gary Mills's message says why. Tomos Hughes's NPLQ expires on 31
August and he alone covers the early-bird lane swims; the renewal went from Gethin to Cerys at
the managers' meeting of 10 August (a transcript; it also extended the summer timetable to 6
September).

"Today" is Tuesday 18 August 2026; daily readings run from 19 May to 17 August.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
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

SLUG = "glanrafon-leisure"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 8, 18)
FIRST, LAST = date(2026, 5, 19), date(2026, 8, 17)
SEED = 1808262
START = date(2025, 4, 1)
POOLMATIC_DECIDED = date(2017, 3, 6)
HYDRO_DECIDED = date(2026, 6, 1)
HYDRO_LIVE = date(2026, 6, 16)
AHU_DAYS = (date(2026, 6, 10), date(2026, 6, 11), date(2026, 6, 12))
LEARNER_SHUT = (date(2026, 7, 2), date(2026, 7, 3), date(2026, 7, 4))
SUMMER_DECIDED = date(2026, 7, 6)
SUMMER_FROM = date(2026, 7, 20)
OUTAGE_DAYS = (date(2026, 7, 27), date(2026, 7, 28), date(2026, 7, 29))
ROTA_DECIDED = date(2026, 7, 29)
ROTA_TO_GETHIN = date(2026, 8, 1)
NPLQ_TASK = date(2026, 8, 3)
LOGGER_GAP = tuple(date(2026, 8, 4) + timedelta(days=i) for i in range(4))  # to 7 Aug
MEETING = date(2026, 8, 10)
DOC_DATES = {
    "doc-psop": ROTA_TO_GETHIN,
    "doc-plant-manual": HYDRO_LIVE,
    "doc-learner-review": date(2026, 7, 24),
    "doc-outage-report": date(2026, 8, 5),
    "doc-summer-timetable": date(2026, 7, 13),
    "doc-foh-handbook": date(2026, 4, 6),
}

# fmt: off
PEOPLE = (
    ("person-siwan-pritchard", "Siwan Pritchard", "Centre manager", None),
    ("person-gethin-roberts", "Gethin Roberts", "Duty manager (pool)", "team-pool"),
    ("person-cerys-lloyd", "Cerys Lloyd", "Senior lifeguard and NPLQ trainer assessor",
     "team-pool"),
    ("person-tomos-hughes", "Tomos Hughes", "Lifeguard (early-bird shifts)", "team-pool"),
    ("person-bethan-owen", "Bethan Owen", "Lifeguard", "team-pool"),
    ("person-jack-whitley", "Jack Whitley", "Lifeguard", "team-pool"),
    ("person-nia-griffiths", "Nia Griffiths", "Swim school coordinator", "team-swim"),
    ("person-emma-clarke", "Emma Clarke", "Swim teacher", "team-swim"),
    ("person-rhodri-williams", "Rhodri Williams", "Pool plant technician", "team-plant"),
    ("person-gary-mills", "Gary Mills", "Facilities officer: HVAC, energy and contractors",
     "team-plant"),
    ("person-lowri-jenkins", "Lowri Jenkins", "Reception and bookings supervisor, LeisureHub "
     "admin", "team-foh"),
    ("person-sam-whitfield", "Sam Whitfield", "Membership advisor", "team-foh"),
    ("person-paul-kenyon", "Paul Kenyon", "Business support officer: accounts, contracts and "
     "the café concession", "team-foh"),
    ("person-aled-morgan", "Aled Morgan", "Gym lead instructor", "team-gym"),
    ("person-hannah-booth", "Hannah Booth", "Fitness instructor and sports hall bookings",
     "team-gym"),
)
TEAMS = (
    ("team-pool", "Pool & Lifeguards"),
    ("team-swim", "Swim School (Nofio Glanrafon)"),
    ("team-plant", "Plant & Facilities"),
    ("team-foh", "Front of House & Memberships"),
    ("team-gym", "Gym & Sports Hall"),
)
VENDORS = (
    ("vendor-brightlane", "Brightlane Systems", "LeisureHub, the hosted booking, membership, "
     "turnstile check-in and lesson register system"),
    ("vendor-paycove", "Paycove Payments", "card payments online and on the reception "
     "terminals, and direct debit collection for memberships and swim school"),
    ("vendor-hydrosense", "Hydrosense Controls", "the HX-4 dosing controller and its probes "
     "(from June 2026) and the Hydrosense Connect alarm service"),
    ("vendor-poolmatic", "Poolmatic", "the PM200 dosing controller and its spares, until June "
     "2026"),
    ("vendor-northway", "Northway Chemicals", "sodium hypochlorite, sodium bisulphate and DPD "
     "test tablets for both pools"),
    ("vendor-menai", "Menai Pool Engineering", "the pool plant maintenance contract: pumps, sand "
     "filters, valves and dosing kit, quarterly service and call-outs"),
    ("vendor-berwyn", "Berwyn Climate Services", "HVAC maintenance: the pool hall air handling "
     "unit, the gym air conditioning, the building management system and the energy meters"),
    ("vendor-aquaskills", "Aquaskills Training", "NPLQ courses, renewals and assessments for "
     "the lifeguards"),
    ("vendor-bont", "Caffi'r Bont", "the café concession in the foyer, on a concession "
     "agreement to 31 October 2026"),
)
ACCOUNTS = (
    ("account-leisurehub-sub", "LeisureHub subscription", "person-lowri-jenkins",
     "The centre's yearly LeisureHub subscription with Brightlane Systems (£2,750 a month). It "
     "is up for renewal on 30 September 2026; without it no booking, check-in, register or "
     "membership can be taken.", {"expiresAt": "2026-09-30"}),
    ("account-paycove", "Paycove merchant account", "person-paul-kenyon",
     "The council's merchant account for Glanrafon with Paycove Payments: LeisureHub's online "
     "bookings, the reception card terminals and every membership and swim school direct debit "
     "settle through it.", {}),
    ("account-nplq-tomos", "Tomos Hughes's NPLQ", "person-tomos-hughes",
     "Tomos Hughes's National Pool Lifeguard Qualification, renewed every two years. It expires "
     "on 31 August 2026; without an in-date NPLQ he may not work on poolside, and he is the "
     "lifeguard on every early-bird lane swim.", {"expiresAt": "2026-08-31"}),
    ("account-northway-supply", "Northway Chemicals supply account", "person-rhodri-williams",
     "The supply account for hypochlorite, bisulphate and DPD tablets, delivered every Tuesday.",
     {}),
    ("account-hydrosense-connect", "Hydrosense Connect alarm service", "person-rhodri-williams",
     "The alarm service that texts the duty manager's phone when the HX-4 controller reads a "
     "pool out of range or a dosing pump stops.", {}),
)
SERVICES = (
    ("service-water-treatment", "Pool water treatment", ()),
    ("service-public-swim", "Public swimming sessions",
     ("service-water-treatment", "tool-rota", "tool-leisurehub")),
    ("service-swim-lessons", "Swim school lessons",
     ("service-water-treatment", "tool-rota", "tool-leisurehub")),
    ("service-early-swims", "Early-bird lane swims",
     ("service-water-treatment", "account-nplq-tomos")),
    ("service-gym", "Gym access", ("tool-leisurehub",)),
    ("service-sports-hall", "Sports hall bookings", ("tool-leisurehub",)),
    ("service-online-bookings", "Online bookings and payments",
     ("tool-leisurehub", "account-paycove")),
    ("service-memberships", "Memberships and direct debits",
     ("tool-leisurehub", "account-paycove")),
    ("service-pool-hall-air", "Pool hall air handling", ("asset-ahu",)),
    ("service-cafe", "Café", ("vendor-bont",)),
)
PRODUCTS = (
    ("product-hamdden-plus", "Hamdden+ membership (pool, gym and classes)",
     ("service-public-swim", "service-gym", "service-memberships")),
    ("product-swim-only", "Swim-only membership", ("service-public-swim", "service-memberships")),
    ("product-day-pass", "Day pass (swim and gym)",
     ("service-public-swim", "service-gym", "account-paycove")),
    ("product-swim-school-dd", "Swim school monthly direct debit",
     ("service-swim-lessons", "service-memberships")),
)
SERVICE_OWNERS = (
    ("person-rhodri-williams", "service-water-treatment"),
    ("person-gethin-roberts", "service-public-swim"),
    ("person-nia-griffiths", "service-swim-lessons"),
    ("person-gethin-roberts", "service-early-swims"),
    ("person-aled-morgan", "service-gym"),
    ("person-hannah-booth", "service-sports-hall"),
    ("person-lowri-jenkins", "service-online-bookings"),
    ("person-sam-whitfield", "service-memberships"),
    ("person-gary-mills", "service-pool-hall-air"),
    ("person-paul-kenyon", "service-cafe"),
)
RULES = (
    ("rule-ratio-main", "In the main pool during public sessions there are two lifeguards on "
     "poolside for up to 80 bathers and three above 80, plus one lifeguard on the inflatable "
     "whenever it is in the water", "doc-psop", "person-gethin-roberts"),
    ("rule-ratio-learner", "During lessons in the learner pool one lifeguard is on poolside who "
     "is not teaching; a swim teacher never counts as the lifeguard", "doc-psop",
     "person-gethin-roberts"),
    ("rule-nplq", "Nobody works as a lifeguard on poolside without an in-date NPLQ; a lifeguard "
     "whose NPLQ has lapsed works only off poolside until they requalify", "doc-psop",
     "person-gethin-roberts"),
    ("rule-under8", "Children under 8 swim only with a responsible person aged 16 or over in the "
     "water with them, and one adult may take at most two children under 8", "doc-psop",
     "person-gethin-roberts"),
    ("rule-inflatable", "Only swimmers aged 8 or over who pass the 25 m deep-water swim test go "
     "on the inflatable", "doc-psop", "person-gethin-roberts"),
    ("rule-solid-faecal", "After a solid faecal release the pool is cleared, the stool removed "
     "with a scoop and the area disinfected, and the pool reopens once a free chlorine test is "
     "in range", "doc-psop", "person-gethin-roberts"),
    ("rule-diarrhoeal", "After a diarrhoeal faecal release the pool is cleared and closed, free "
     "chlorine is raised to 2 to 3 mg/l and held for six turnovers, the filters are backwashed, "
     "and the pool reopens only when two tests 30 minutes apart are in range", "doc-psop",
     "person-gethin-roberts"),
    ("rule-closure", "Only the duty manager closes or reopens a pool", "doc-psop",
     "person-gethin-roberts"),
    ("rule-chlorine-range", "Free chlorine is kept between 1.0 and 2.0 mg/l in the main pool and "
     "1.0 and 2.5 mg/l in the learner pool, with pH 7.2 to 7.6; both pools are tested every two "
     "hours they are open", "doc-plant-manual", "person-rhodri-williams"),
    ("rule-chlorine-low", "If a free chlorine test reads below 0.5 mg/l the pool is cleared at "
     "once and stays closed until two tests 30 minutes apart read 1.0 mg/l or more",
     "doc-plant-manual", "person-rhodri-williams"),
    ("rule-chemicals", "Chemical deliveries are taken only by Rhodri Williams or the duty "
     "manager, and hypochlorite and acid are never stored or decanted in the same bay",
     "doc-plant-manual", "person-rhodri-williams"),
    ("rule-permit", "No contractor works in the plant room without a permit to work signed by "
     "the duty manager", "doc-plant-manual", "person-rhodri-williams"),
    ("rule-lesson-credit", "Lessons cancelled by a pool closure are credited to the swimmer's "
     "next block, not refunded in cash", "doc-foh-handbook", "person-lowri-jenkins"),
    ("rule-dd-fail", "A membership whose direct debit fails twice in a row is suspended until "
     "the arrears are paid", "doc-foh-handbook", "person-lowri-jenkins"),
    ("rule-day-pass", "A day pass is valid on the day it is bought only and is not refundable "
     "once the swimmer or gym user has gone through the turnstile", "doc-foh-handbook",
     "person-lowri-jenkins"),
    ("rule-offline", "When LeisureHub is down, reception puts the turnstiles on free vend, signs "
     "every gym user and swimmer in on the paper sheet and takes payment on the standalone card "
     "terminal", "doc-foh-handbook", "person-lowri-jenkins"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-aberwen-council",
        "Aberwen County Council (Cyngor Sir Aberwen)",
        src="aberwen:org-chart",
        as_of=date(1996, 4, 1),
        city="Aberwen",
        text="The county council whose leisure service owns and runs Glanrafon Leisure Centre; "
        "capital spending on the centre is signed off by its head of leisure.",
    )
    w.node(
        "Organization",
        "org-glanrafon",
        "Glanrafon Leisure Centre (Canolfan Hamdden Glanrafon)",
        src="aberwen:leisure-sites",
        as_of=date(1998, 9, 7),
        city="Glanrafon",
        street="Ffordd yr Afon",
        text="A council-run leisure centre on Ffordd yr Afon, Glanrafon, north Wales: a 25 m "
        "six-lane main pool, a learner pool, a gym, a four-court sports hall, the Nofio "
        "Glanrafon swim school and the Caffi'r Bont café in the foyer. It sells Hamdden+ and "
        "swim-only memberships and day passes.",
    )
    w.edge("org-glanrafon", "PART_OF", "org-aberwen-council", since=START, src="aberwen:org-chart")
    w.node(
        "Person",
        "person-ieuan-davies",
        "Ieuan Davies",
        src="aberwen:org-chart",
        as_of=START,
        role="Head of Leisure Services, Aberwen County Council",
        email="ieuan.davies@aberwen.gov.wales",
    )
    w.edge(
        "person-ieuan-davies",
        "MEMBER_OF",
        "org-aberwen-council",
        since=START,
        src="aberwen:org-chart",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="aberwen:hr-teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-glanrafon", since=START, src="aberwen:hr-teams")
    for pid, name, role, team in PEOPLE:
        first, last = name.lower().split()[0], name.lower().split()[-1]
        w.node(
            "Person",
            pid,
            name,
            src="aberwen:hr-staff",
            as_of=START,
            role=role,
            email=f"{first}.{last}@aberwen.gov.wales",
        )
        w.edge(pid, "MEMBER_OF", team or "org-glanrafon", since=START, src="aberwen:hr-staff")
    for vid, name, supplies in VENDORS:
        since = HYDRO_DECIDED if vid == "vendor-hydrosense" else START
        w.node(
            "Vendor",
            vid,
            name,
            src="aberwen:suppliers",
            as_of=since,
            supplies=supplies,
            text=f"{name}: {supplies}.",
        )
        if vid == "vendor-poolmatic":
            w.edge(
                "org-glanrafon", "USES", vid, since=START, until=HYDRO_LIVE, src="aberwen:suppliers"
            )
        else:
            w.edge("org-glanrafon", "USES", vid, since=since, src="aberwen:suppliers")
    for cid, name, text, _uses in (
        (
            "customer-ysgol-bro-glanrafon",
            "Ysgol Bro Glanrafon",
            "The primary school across the river; its Years 3 to 6 have school swimming lessons "
            "in the learner and main pools every term.",
            "service-swim-lessons",
        ),
        (
            "customer-clwb-nofio",
            "Clwb Nofio Glanrafon",
            "The town's swimming club; it hires four lanes of the main pool on weekday evenings.",
            "service-public-swim",
        ),
    ):
        w.node("Customer", cid, name, src="leisurehub:accounts", as_of=START, text=text)


def _deal(w: Book) -> None:
    w.node(
        "Deal",
        "deal-schools-swimming",
        "Aberwen schools swimming programme 2026-27",
        src="aberwen:contracts/schools-swimming",
        as_of=date(2026, 6, 22),
        stage="agreed",
        value=38400,
        text="School swimming lessons at Glanrafon for eleven Aberwen primary schools from "
        "September 2026 to July 2027, in the learner and main pools on weekday mornings; the "
        "schools' registers and invoices run through LeisureHub.",
    )
    w.edges(
        "aberwen:contracts/schools-swimming",
        date(2026, 6, 22),
        ("deal-schools-swimming", "ASSIGNED_TO", "person-nia-griffiths"),
        ("deal-schools-swimming", "DEPENDS_ON", "service-swim-lessons"),
    )


def _systems(w: Book) -> None:
    src = "sharepoint:glanrafon/systems-register"
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="leisurehub:price-list", as_of=START)
    w.node(
        "Tool",
        "tool-leisurehub",
        "LeisureHub",
        src=src,
        as_of=START,
        kind="software",
        text="The hosted booking and membership system from Brightlane Systems: online and "
        "reception bookings, memberships, turnstile check-in for the gym and pools, and the swim "
        "school's lesson registers. Payments go through the Paycove merchant account.",
    )
    w.node(
        "Tool",
        "tool-rota",
        "Lifeguard rota",
        src=src,
        as_of=START,
        kind="spreadsheet",
        text="The weekly lifeguard rota for both pools, kept on the duty managers' shared drive: "
        "who is on poolside, the inflatable and the learner pool on every shift.",
    )
    w.edge("person-lowri-jenkins", "OWNS", "tool-leisurehub", since=START, src=src)
    w.edge("person-cerys-lloyd", "OWNS", "tool-rota", since=START, until=ROTA_TO_GETHIN, src=src)
    w.edge(
        "person-gethin-roberts",
        "OWNS",
        "tool-rota",
        since=ROTA_TO_GETHIN,
        src="slack:duty-managers/rota",
    )
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    # The plant: the Poolmatic PM200 until 16 June, then the Hydrosense HX-4.
    w.node(
        "Asset",
        "asset-poolmatic",
        "Poolmatic PM200 dosing controller (retired)",
        src=src,
        as_of=HYDRO_LIVE,
        status="retired",
        text="The dosing controller on both pools from 2017 until 16 June 2026. It drove the "
        "hypochlorite and acid pumps from a single probe per pool; it was disconnected when the "
        "Hydrosense HX-4 went live and is waiting to be taken away.",
    )
    w.node(
        "Asset",
        "asset-hydrosense",
        "Hydrosense HX-4 dosing controller",
        src=src,
        as_of=HYDRO_LIVE,
        status="in service",
        text="The dosing controller on both pools since 16 June 2026: twin probes on each pool, "
        "setpoints of 1.5 mg/l free chlorine in the main pool and 1.8 mg/l in the learner pool, "
        "pH 7.4, and alarms through Hydrosense Connect.",
    )
    w.node(
        "Asset",
        "asset-ahu",
        "Pool hall air handling unit (AHU-1)",
        src=src,
        as_of=START,
        status="in service",
        text="The air handling unit on the pool hall roof: it dehumidifies and heats the pool "
        "hall air, with a heat recovery wheel and an electric heater battery as backup.",
    )
    w.edge("person-gary-mills", "OWNS", "asset-ahu", since=START, src=src)
    w.edge("person-rhodri-williams", "OWNS", "asset-hydrosense", since=HYDRO_LIVE, src=src)
    w.edge(
        "person-rhodri-williams", "OWNS", "asset-poolmatic", since=START, until=HYDRO_LIVE, src=src
    )
    w.edge(
        "asset-poolmatic", "DEPENDS_ON", "vendor-northway", since=START, until=HYDRO_LIVE, src=src
    )
    w.edge(
        "asset-poolmatic", "DEPENDS_ON", "vendor-poolmatic", since=START, until=HYDRO_LIVE, src=src
    )
    w.edge(
        "service-water-treatment",
        "DEPENDS_ON",
        "asset-poolmatic",
        since=START,
        until=HYDRO_LIVE,
        src=src,
    )
    w.edges(
        src,
        HYDRO_LIVE,
        ("asset-hydrosense", "DEPENDS_ON", "vendor-northway"),
        ("asset-hydrosense", "DEPENDS_ON", "vendor-hydrosense"),
        ("account-hydrosense-connect", "PART_OF", "asset-hydrosense"),
        ("service-water-treatment", "DEPENDS_ON", "asset-hydrosense"),
    )
    w.edges(
        src,
        START,
        ("tool-leisurehub", "DEPENDS_ON", "account-leisurehub-sub"),
        ("tool-leisurehub", "DEPENDS_ON", "vendor-brightlane"),
        ("account-leisurehub-sub", "DEPENDS_ON", "vendor-brightlane"),
        ("account-paycove", "DEPENDS_ON", "vendor-paycove"),
        ("account-paycove", "PART_OF", "tool-leisurehub"),
        ("account-northway-supply", "DEPENDS_ON", "vendor-northway"),
        ("account-hydrosense-connect", "DEPENDS_ON", "vendor-hydrosense"),
        ("asset-ahu", "DEPENDS_ON", "vendor-berwyn"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for owner, sid in SERVICE_OWNERS),
        ("team-foh", "USES", "tool-leisurehub"),
        ("team-swim", "USES", "tool-leisurehub"),
        ("team-gym", "USES", "tool-leisurehub"),
        ("team-pool", "USES", "tool-rota"),
        ("team-pool", "USES", "tool-leisurehub"),
        ("customer-ysgol-bro-glanrafon", "USES", "service-swim-lessons"),
        ("customer-clwb-nofio", "USES", "service-public-swim"),
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("swims", "lessons", "fc", "gym", "kwh", "members")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    members = 2184.0
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        summer = day >= SUMMER_FROM
        # swims: every admission to either pool; the summer timetable adds about half
        if wd < 5:
            swims = rng.randint(255, 315)
        elif wd == 5:
            swims = rng.randint(330, 380)
        else:
            swims = rng.randint(300, 350)
        if summer:
            swims = round(swims * rng.uniform(1.44, 1.58))
        if day in LEARNER_SHUT:
            swims -= rng.randint(30, 45)
        # lesson attendances: term lessons on weekday evenings and Saturday mornings, crash
        # courses on weekday mornings in the holidays, none while the learner pool was shut
        if day in LEARNER_SHUT:
            lessons = 0
        elif summer:
            lessons = rng.randint(96, 128) if wd < 5 else 0
        elif wd < 5:
            lessons = rng.randint(138, 172)
        elif wd == 5:
            lessons = rng.randint(188, 222)
        else:
            lessons = 0
        # main pool free chlorine: the Poolmatic swung, the Hydrosense holds 1.5
        fc = rng.uniform(1.28, 2.92) if day < HYDRO_LIVE else rng.uniform(1.4, 1.66)
        # gym check-ins: a little quieter in the summer holidays
        if wd < 5:
            gym = rng.randint(262, 328)
        elif wd == 5:
            gym = rng.randint(172, 218)
        else:
            gym = rng.randint(141, 189)
        if summer:
            gym = round(gym * rng.uniform(0.86, 0.93))
        # site electricity: the heater battery ran flat out while the heat wheel was stopped
        kwh = rng.randint(2440, 2760) if wd < 5 else rng.randint(2260, 2520)
        if summer:  # longer public sessions, the inflatable's blower, the holiday camps
            kwh += rng.randint(150, 250)
        if day in AHU_DAYS:
            kwh += rng.randint(940, 1160)
        # active direct-debit memberships: a slow drift
        members += rng.uniform(-4.0, 5.0) if not summer else rng.uniform(-5.0, 3.0)
        out["swims"].append((day, swims))
        out["lessons"].append((day, lessons))
        out["fc"].append((day, round(fc, 2)))
        if day not in OUTAGE_DAYS:
            out["gym"].append((day, gym))
        if day not in LOGGER_GAP:
            out["kwh"].append((day, kwh))
        out["members"].append((day, round(members)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    lh, reg, test, turn, bms, pay = (
        "leisurehub:reports/admissions",
        "leisurehub:reports/registers",
        "sharepoint:glanrafon/pool-test-log",
        "leisurehub:reports/turnstiles",
        "berwyn:bms/energy-meters",
        "paycove:reports/mandates",
    )
    for mid, name, unit, agg, src, measures in (
        ("metric-swims", "Swims (pool admissions)", "swims", "sum", lh, None),
        (
            "metric-lessons",
            "Swim school lesson attendances",
            "attendances",
            "sum",
            reg,
            "service-swim-lessons",
        ),
        (
            "metric-free-chlorine",
            "Main pool free chlorine (daily mean of DPD tests)",
            "ppm",
            "mean",
            test,
            "service-water-treatment",
        ),
        ("metric-gym-checkins", "Gym check-ins", "check-ins", "sum", turn, "service-gym"),
        ("metric-energy", "Site electricity use", "kWh", "sum", bms, None),
        (
            "metric-members",
            "Active direct-debit memberships",
            "members",
            "mean",
            pay,
            "service-memberships",
        ),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    return {
        "swims": w.readings("metric-swims", series["swims"], src=lh),
        "lessons": w.readings("metric-lessons", series["lessons"], src=reg),
        "fc": w.readings("metric-free-chlorine", series["fc"], src=test),
        "gym": w.readings("metric-gym-checkins", series["gym"], src=turn),
        "kwh": w.readings("metric-energy", series["kwh"], src=bms),
        "members": w.readings("metric-members", series["members"], src=pay),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    # The AHU heat recovery wheel stopped 10-12 June: electricity spikes (linked).
    src = "sharepoint:glanrafon/incidents/ahu-0610"
    w.node(
        "Incident",
        "incident-ahu-heat-wheel",
        "Pool hall AHU heat recovery wheel stopped; electric heater battery running flat out",
        src=src,
        as_of=date(2026, 6, 13),
        status="resolved",
        severity="medium",
        startedAt="2026-06-10T03:00:00+00:00",
        resolvedAt="2026-06-12T15:30:00+00:00",
        text="The drive belt on AHU-1's heat recovery wheel snapped in the early hours of 10 "
        "June. With no heat recovery, the electric heater battery kept the pool hall warm and "
        "ran flat out, so site electricity use was about 1,000 kWh a day higher on 10, 11 and "
        "12 June, until Berwyn Climate Services fitted a new belt on the afternoon of 12 June.",
    )
    w.edges(
        src,
        "2026-06-10T03:00:00+00:00",
        ("incident-ahu-heat-wheel", "AFFECTS", "asset-ahu"),
        ("incident-ahu-heat-wheel", "AFFECTS", "service-pool-hall-air"),
        ("incident-ahu-heat-wheel", "AFFECTS", "metric-energy"),
        *(("incident-ahu-heat-wheel", "CAUSED", obs["kwh"][d]) for d in AHU_DAYS),
        ("person-gary-mills", "OWNS", "incident-ahu-heat-wheel"),
        as_of=date(2026, 6, 13),
    )

    # The Hydrosense HX-4 went live on 16 June: free chlorine steadies at 1.5 (linked).
    src = "sharepoint:glanrafon/plant/hydrosense-commissioning"
    w.node(
        "Release",
        "release-hydrosense",
        "Hydrosense HX-4 dosing controller go-live",
        src=src,
        as_of="2026-06-16T06:00:00+00:00",
        version="HX-4",
        releasedAt="2026-06-16T06:00:00+00:00",
        text="Menai Pool Engineering fitted the Hydrosense HX-4 dosing controller on 15 June and "
        "it took over both pools at 07:00 on 16 June 2026, with setpoints of 1.5 mg/l free "
        "chlorine in the main pool and 1.8 mg/l in the learner pool. The Poolmatic PM200 was "
        "disconnected the same morning.",
    )
    w.edges(
        src,
        "2026-06-16T06:00:00+00:00",
        ("release-hydrosense", "CHANGED", "asset-hydrosense"),
        ("release-hydrosense", "CHANGED", "service-water-treatment"),
        ("release-hydrosense", "AFFECTS", "metric-free-chlorine"),
    )

    # The learner pool's diarrhoeal incident: closed 2-4 July, no lessons (linked).
    src = "sharepoint:glanrafon/incidents/learner-pool-0701"
    w.node(
        "Incident",
        "incident-learner-pool-closure",
        "Diarrhoeal faecal release in the learner pool; learner pool closed until 5 July",
        src=src,
        as_of=date(2026, 7, 5),
        status="resolved",
        severity="high",
        startedAt="2026-07-01T18:10:00+00:00",
        resolvedAt="2026-07-05T06:00:00+00:00",
        text="At 19:10 on 1 July a diarrhoeal faecal release during the last lesson closed the "
        "learner pool. Six turnovers at raised chlorine were done by 2 July, but the backwash "
        "valve on the learner pool filter jammed on 3 July and Menai Pool Engineering fitted a "
        "new one on 4 July. Every lesson on 2, 3 and 4 July was cancelled; the learner pool "
        "reopened at 07:00 on 5 July.",
    )
    w.edges(
        src,
        "2026-07-01T18:10:00+00:00",
        ("incident-learner-pool-closure", "AFFECTS", "service-swim-lessons"),
        ("incident-learner-pool-closure", "AFFECTS", "metric-lessons"),
        *(("incident-learner-pool-closure", "CAUSED", obs["lessons"][d]) for d in LEARNER_SHUT),
        ("person-gethin-roberts", "OWNS", "incident-learner-pool-closure"),
        as_of=date(2026, 7, 5),
    )

    # The summer holiday timetable from 20 July: nothing links it to the swims metric.
    src = "sharepoint:glanrafon/timetables/summer-2026"
    w.node(
        "Release",
        "release-summer-timetable",
        "Summer holiday timetable 2026",
        src=src,
        as_of="2026-07-20T06:00:00+00:00",
        version="summer-2026",
        releasedAt="2026-07-20T06:00:00+00:00",
        text="The summer holiday timetable from Monday 20 July 2026: public swimming 10:00 to "
        "16:00 every day with the inflatable from 13:00 to 15:00, five-day crash courses in the "
        "learner pool on weekday mornings, no Saturday lessons, holiday camps in the sports hall.",
    )
    w.edges(
        src,
        "2026-07-20T06:00:00+00:00",
        ("release-summer-timetable", "CHANGED", "service-public-swim"),
        ("release-summer-timetable", "CHANGED", "service-swim-lessons"),
    )

    # LeisureHub's outage 27-29 July: gym check-ins not recorded (linked).
    src = "brightlane:status/incident-2607"
    w.node(
        "Incident",
        "incident-leisurehub-outage",
        "LeisureHub outage: bookings, payments and turnstile check-in down",
        src=src,
        as_of=date(2026, 7, 30),
        status="resolved",
        severity="high",
        startedAt="2026-07-27T04:50:00+00:00",
        resolvedAt="2026-07-29T13:10:00+00:00",
        text="LeisureHub was down from 05:50 on 27 July to 14:10 on 29 July after a failed "
        "database upgrade on Brightlane Systems' hosting platform. Online bookings, payments, "
        "registers and turnstile check-in stopped; the turnstiles ran on free vend, so gym "
        "check-ins have no readings for 27, 28 and 29 July.",
    )
    w.edges(
        src,
        "2026-07-27T04:50:00+00:00",
        ("vendor-brightlane", "CAUSED", "incident-leisurehub-outage"),
        ("incident-leisurehub-outage", "AFFECTS", "tool-leisurehub"),
        ("incident-leisurehub-outage", "AFFECTS", "service-online-bookings"),
        ("incident-leisurehub-outage", "AFFECTS", "service-gym"),
        ("incident-leisurehub-outage", "AFFECTS", "metric-gym-checkins"),
        ("person-lowri-jenkins", "OWNS", "incident-leisurehub-outage"),
        as_of=date(2026, 7, 30),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-general", "general"),
        ("channel-duty-managers", "duty-managers"),
        ("channel-pool-team", "pool-team"),
        ("channel-plant-room", "plant-room"),
        ("channel-front-desk", "front-desk"),
    ):
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    messages = (
        (
            "message-hydrosense-approved",
            "Siwan in #duty-managers on 1 June",
            "person-siwan-pritchard",
            "channel-duty-managers",
            "2026-06-01T14:00:00+00:00",
            "Ieuan has signed off the Hydrosense HX-4 controller from the council's capital "
            "budget. Menai fit it on Monday 15 June and it goes live on the 16th; the old "
            "Poolmatic comes off then.",
            ("asset-hydrosense", "vendor-hydrosense", "asset-poolmatic"),
        ),
        (
            "message-ahu",
            "Gary in #plant-room on 10 June",
            "person-gary-mills",
            "channel-plant-room",
            "2026-06-10T06:30:00+00:00",
            "Heat recovery wheel on AHU-1 stopped overnight, the drive belt's snapped. The "
            "electric heater battery is keeping the pool hall warm so electricity will be way "
            "up until Berwyn fit a new belt, they're booked for Friday.",
            ("incident-ahu-heat-wheel", "asset-ahu", "vendor-berwyn"),
        ),
        (
            "message-hydrosense-live",
            "Rhodri in #plant-room on 16 June",
            "person-rhodri-williams",
            "channel-plant-room",
            "2026-06-16T07:30:00+00:00",
            "Hydrosense HX-4 is live on both pools: 1.5 on the main, 1.8 on the learner, pH "
            "7.4. Poolmatic's disconnected. Keep doing the 2-hourly DPD tests and log them as "
            "normal.",
            ("release-hydrosense", "asset-hydrosense"),
        ),
        (
            "message-learner-closed",
            "Gethin in #pool-team on 1 July",
            "person-gethin-roberts",
            "channel-pool-team",
            "2026-07-01T18:40:00+00:00",
            "Diarrhoeal incident in the learner pool at 19:10. It's closed and the chlorine's "
            "up for six turnovers. No lessons tomorrow, I'll update on Friday.",
            ("incident-learner-pool-closure",),
        ),
        (
            "message-learner-valve",
            "Gethin in #pool-team on 3 July",
            "person-gethin-roberts",
            "channel-pool-team",
            "2026-07-03T09:00:00+00:00",
            "Backwash valve on the learner filter has jammed. Menai can't fit a new one till "
            "Saturday afternoon, so the learner pool stays shut and Friday and Saturday lessons "
            "are off. Reopening Sunday 7am if the tests are in range.",
            ("incident-learner-pool-closure", "vendor-menai"),
        ),
        (
            "message-summer-timetable",
            "Siwan in #general on 6 July",
            "person-siwan-pritchard",
            "channel-general",
            "2026-07-06T11:00:00+00:00",
            "From Monday 20 July we're on the summer holiday timetable: public swims 10 till 4 "
            "every day with the inflatable every afternoon, crash courses in the learner pool in "
            "the mornings, no Saturday lessons. Last summer the pool sat half empty in the "
            "afternoons while the families went to Rhyl.",
            ("release-summer-timetable", "service-public-swim"),
        ),
        (
            "message-leisurehub-down",
            "Lowri in #front-desk on 27 July",
            "person-lowri-jenkins",
            "channel-front-desk",
            "2026-07-27T05:15:00+00:00",
            "LeisureHub is down, Brightlane know. Turnstiles on free vend, paper sign-in sheets, "
            "day passes on the standalone Paycove terminal and tally every swim on the sheet.",
            ("incident-leisurehub-outage", "tool-leisurehub"),
        ),
        (
            "message-leisurehub-back",
            "Lowri in #front-desk on 29 July",
            "person-lowri-jenkins",
            "channel-front-desk",
            "2026-07-29T13:30:00+00:00",
            "LeisureHub is back as of 14:10. Gym check-ins from Monday to now are lost, "
            "Brightlane can't recover the turnstile scans. I'll key the swims in from the paper "
            "tally tomorrow.",
            ("incident-leisurehub-outage", "metric-gym-checkins"),
        ),
        (
            "message-rota",
            "Siwan in #duty-managers on 29 July",
            "person-siwan-pritchard",
            "channel-duty-managers",
            "2026-07-29T15:00:00+00:00",
            "From 1 August Gethin writes the lifeguard rota, not Cerys. The learner pool review "
            "found a teacher counted as the lifeguard, and the duty manager signs the ratios off "
            "every shift, so he should set them. Cerys stays senior lifeguard and runs our NPLQ "
            "training. Diolch Cerys for doing the rota all these years.",
            ("tool-rota",),
        ),
        (
            "message-energy-logger",
            "Gary in #plant-room on 3 August",
            "person-gary-mills",
            "channel-plant-room",
            "2026-08-03T08:00:00+00:00",
            "Berwyn are replacing the data logger on the energy meters Tuesday 4th to Friday "
            "7th. The old logger's memory is faulty, so there'll be no electricity readings at "
            "all for those four days and they can't be backfilled.",
            ("metric-energy", "vendor-berwyn"),
        ),
        (
            "message-nplq",
            "Gethin in #pool-team on 3 August",
            "person-gethin-roberts",
            "channel-pool-team",
            "2026-08-03T10:00:00+00:00",
            "Tomos's NPLQ runs out on 31 August. He's on every early-bird on the rota, so I'm "
            "booking him onto an Aquaskills renewal.",
            ("account-nplq-tomos", "service-early-swims"),
        ),
    )
    for mid, name, who, channel, said, text, _ in messages:
        src = f"teams:{w.names[channel]}/{mid.removeprefix('message-')}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    for mid, _, _, _, said, _, targets in messages:
        for target in targets:
            w.edge(mid, "MENTIONS", target, since=said, src=f"teams:mentions/{mid}")


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "LeisureHub": "tool-leisurehub",
        "Brightlane": "vendor-brightlane",
        "Paycove": "vendor-paycove",
        "Hydrosense": "asset-hydrosense",
        "Poolmatic": "asset-poolmatic",
        "Northway": "vendor-northway",
        "Menai Pool Engineering": "vendor-menai",
        "Berwyn": "vendor-berwyn",
        "Aquaskills": "vendor-aquaskills",
        "AHU-1": "asset-ahu",
        "NPLQ": "account-nplq-tomos",
        "early-bird": "service-early-swims",
        "rota": "tool-rota",
        "inflatable": "service-public-swim",
        "crash courses": "service-swim-lessons",
        "Hamdden+": "product-hamdden-plus",
        "day pass": "product-day-pass",
        "Gethin Roberts": "person-gethin-roberts",
        "Cerys Lloyd": "person-cerys-lloyd",
        "Rhodri Williams": "person-rhodri-williams",
        "Lowri Jenkins": "person-lowri-jenkins",
        "Nia Griffiths": "person-nia-griffiths",
        "Siwan Pritchard": "person-siwan-pritchard",
        "Paul Kenyon": "person-paul-kenyon",
        "Tomos Hughes": "person-tomos-hughes",
    }
    for path, did, author, kind, about in (
        (
            "pool-safety-operating-procedures.md",
            "doc-psop",
            "person-gethin-roberts",
            "procedure",
            ["service-public-swim", "service-swim-lessons", "tool-rota"],
        ),
        (
            "pool-plant-manual.md",
            "doc-plant-manual",
            "person-rhodri-williams",
            "manual",
            ["service-water-treatment", "asset-hydrosense"],
        ),
        (
            "learner-pool-incident-review.md",
            "doc-learner-review",
            "person-siwan-pritchard",
            "incident review",
            ["incident-learner-pool-closure"],
        ),
        (
            "leisurehub-outage-report.md",
            "doc-outage-report",
            "person-lowri-jenkins",
            "incident report",
            ["incident-leisurehub-outage", "tool-leisurehub"],
        ),
        (
            "summer-holiday-timetable-2026.md",
            "doc-summer-timetable",
            "person-nia-griffiths",
            "timetable",
            ["release-summer-timetable"],
        ),
        (
            "front-of-house-handbook.md",
            "doc-foh-handbook",
            "person-lowri-jenkins",
            "handbook",
            ["service-memberships", "service-online-bookings"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"sharepoint:glanrafon/docs/{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"sharepoint:glanrafon/docs/{doc.removeprefix('doc-')}"
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
        "decision-poolmatic",
        "Fit the Poolmatic PM200 dosing controller on both pools",
        src="aberwen:capital-programme-2017",
        on=POOLMATIC_DECIDED,
        why="The 1998 dosing panel had no automatic control at all; the Poolmatic PM200 was the "
        "controller Menai Pool Engineering could supply and support, at the lowest price in the "
        "2017 capital round.",
        made_by="person-ieuan-davies",
        made_in=None,
        edges=(("decision-poolmatic", "MENTIONS", "asset-poolmatic"),),
    )
    decision(
        "decision-hydrosense",
        "Replace the Poolmatic PM200 with the Hydrosense HX-4 dosing controller from 16 June",
        src="teams:duty-managers/hydrosense-approved",
        on=HYDRO_DECIDED,
        why="The Poolmatic's single probe drifted, so free chlorine in the main pool swung "
        "between about 1.3 and 2.9 mg/l and the hypochlorite was overdosed; it had no remote "
        "alarms and Poolmatic no longer made spares. The HX-4 reads twin probes, holds a "
        "setpoint and texts the duty manager through Hydrosense Connect; £14,800 from the "
        "council's capital budget.",
        made_by="person-ieuan-davies",
        made_in="message-hydrosense-approved",
        edges=(
            ("decision-hydrosense", "SUPERSEDES", "decision-poolmatic"),
            ("decision-hydrosense", "AFFECTS", "service-water-treatment"),
            ("decision-hydrosense", "MENTIONS", "asset-poolmatic"),
        ),
    )
    decision(
        "decision-summer-timetable",
        "Run the summer holiday timetable from 20 July, with the inflatable every afternoon",
        src="teams:general/summer-timetable",
        on=SUMMER_DECIDED,
        why="Last summer the pool sat half empty in the afternoons while families went to the "
        "coast; public swimming from 10:00 to 16:00 with the inflatable every afternoon, and "
        "crash courses in the mornings instead of term lessons, fill the holidays.",
        made_by="person-siwan-pritchard",
        made_in="message-summer-timetable",
        edges=(
            ("decision-summer-timetable", "AFFECTS", "service-public-swim"),
            ("decision-summer-timetable", "AFFECTS", "service-swim-lessons"),
        ),
    )
    decision(
        "decision-rota-to-gethin",
        "The duty manager, Gethin Roberts, writes the lifeguard rota from 1 August",
        src="teams:duty-managers/rota",
        on=ROTA_DECIDED,
        why="The learner pool review found the rota counted a swim teacher as the learner pool "
        "lifeguard on 1 July; the duty manager signs the ratios off every shift, so he sets "
        "them on the rota. Cerys Lloyd stays senior lifeguard and NPLQ trainer assessor.",
        made_by="person-siwan-pritchard",
        made_in="message-rota",
        edges=(
            ("decision-rota-to-gethin", "BASED_ON", "doc-learner-review"),
            ("decision-rota-to-gethin", "AFFECTS", "tool-rota"),
        ),
    )


def _work(w: Book) -> None:
    src = "planner:glanrafon/nplq-tomos"
    w.node(
        "Task",
        "task-nplq-tomos",
        "Renew Tomos Hughes's NPLQ before it expires on 31 August",
        src=src,
        as_of=NPLQ_TASK,
        status="in progress",
        due="2026-08-31",
        text="Tomos is the lifeguard on every early-bird lane swim. Book and pass his NPLQ "
        "renewal assessment, with his 20 in-service hours checked, before 31 August.",
    )
    w.edge("person-gethin-roberts", "OWNS", "task-nplq-tomos", since=NPLQ_TASK, src=src)
    w.edges(
        src,
        NPLQ_TASK,
        ("person-gethin-roberts", "WORKS_ON", "task-nplq-tomos"),
        ("task-nplq-tomos", "ABOUT", "account-nplq-tomos"),
        ("task-nplq-tomos", "DEPENDS_ON", "vendor-aquaskills"),
    )
    w.edges(
        "meeting:managers-meeting-2026-08-10",
        MEETING,
        ("person-cerys-lloyd", "OWNS", "task-nplq-tomos"),
        ("person-cerys-lloyd", "WORKS_ON", "task-nplq-tomos"),
    )

    src = "planner:glanrafon/leisurehub-renewal"
    w.node(
        "Task",
        "task-leisurehub-renewal",
        "Renew the LeisureHub subscription before 30 September",
        src=src,
        as_of=date(2026, 8, 5),
        status="open",
        due="2026-09-30",
        text="Get Brightlane's service credit for the July outage confirmed in writing, then "
        "renew the LeisureHub subscription before it runs out on 30 September.",
    )
    w.edges(
        src,
        date(2026, 8, 5),
        ("person-lowri-jenkins", "OWNS", "task-leisurehub-renewal"),
        ("person-lowri-jenkins", "WORKS_ON", "task-leisurehub-renewal"),
        ("person-paul-kenyon", "WORKS_ON", "task-leisurehub-renewal"),
        ("task-leisurehub-renewal", "ABOUT", "account-leisurehub-sub"),
    )

    src = "planner:glanrafon/ahu-service"
    w.node(
        "Task",
        "task-ahu-service",
        "Annual service of the pool hall AHU with Berwyn on 26 August",
        src=src,
        as_of=date(2026, 7, 1),
        status="open",
        due="2026-08-26",
        text="Berwyn Climate Services' annual service of AHU-1, with a permit to work from the "
        "duty manager.",
    )
    w.edges(
        src,
        date(2026, 7, 1),
        ("person-gary-mills", "OWNS", "task-ahu-service"),
        ("person-gary-mills", "WORKS_ON", "task-ahu-service"),
        ("task-ahu-service", "ABOUT", "asset-ahu"),
        ("task-ahu-service", "DEPENDS_ON", "vendor-berwyn"),
    )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]

    def covered(q: Question) -> Question:
        q.must_include = [coverage_words]
        return q

    return [
        # --- impact -------------------------------------------------------------------
        impact_question(
            facts,
            "if the booking system goes down again what else stops working?",
            ["tool-leisurehub"],
            today,
            note="LeisureHub runs bookings, payments, turnstiles and registers: every service "
            "on it, every membership and pass, and the schools swimming programme (via lessons)",
        ),
        impact_question(
            facts,
            "if the dosing pump / hydrosense controller stops working what's affected",
            ["asset-hydrosense"],
            today,
            must_exclude=["Poolmatic"],
            note="water treatment runs on the HX-4 since 16 June: both pools' sessions, lessons, "
            "early-birds and what is sold on them; the retired Poolmatic does nothing now",
        ),
        impact_question(
            facts,
            "tomos's nplq expires end of the month - does that knock anything out?",
            ["account-nplq-tomos"],
            today,
            note="he is the lifeguard on every early-bird lane swim",
        ),
        impact_question(
            facts,
            "paycove is offline, what cant we do till its back",
            ["account-paycove", "vendor-paycove"],
            today,
            note="the merchant account: online bookings, memberships and direct debits, day "
            "passes and every membership sold on direct debit",
        ),
        # --- owner --------------------------------------------------------------------
        owner_question(
            facts,
            "who does the lifeguard rota now?",
            "tool-rota",
            today,
            note="Gethin Roberts from 1 August (Siwan's decision after the learner pool review)",
        ),
        owner_question(
            facts,
            "who was writing the rota back in mid june",
            "tool-rota",
            date(2026, 6, 15),
            note="Cerys Lloyd, until 1 August",
        ),
        owner_question(
            facts,
            "whos sorting tomos's nplq renewal now",
            "task-nplq-tomos",
            today,
            note="Gethin set it up on 3 August; Cerys took it over at the managers' meeting of "
            "10 August",
        ),
        # --- decision -----------------------------------------------------------------
        Question(
            "who signed off the new dosing controller?",
            "decision",
            must_include=["Ieuan Davies"],
            must_cite=["decision-hydrosense"],
        ),
        Question(
            "what controller were we on before the hydrosense went in",
            "decision",
            must_include=["Poolmatic"],
            must_cite=["decision-poolmatic"],
            note="the superseded 2017 decision: the Poolmatic PM200",
        ),
        Question(
            "who decided gethin takes the rota off cerys, and why?",
            "decision",
            must_include=["Siwan Pritchard", ["learner pool", "teacher", "ratios"]],
            must_cite=["decision-rota-to-gethin"],
        ),
        # --- policy -------------------------------------------------------------------
        Question(
            "fc came back 0.4 on the 2pm test in the main pool, what do we do?",
            "policy",
            must_include=[["cleared", "clear the pool", "clear it"], ["1.0"]],
            must_cite=["rule-chlorine-low"],
            note="below 0.5 mg/l: clear the pool at once, closed until two tests 30 minutes "
            "apart read 1.0 or more",
        ),
        Question(
            "a kid's had diarrhoea in the learner pool - how long do we keep it shut for?",
            "policy",
            must_include=[["six turnovers", "6 turnovers"]],
            must_cite=["rule-diarrhoeal"],
        ),
        Question(
            "about 90 in for the inflatable session this aft, how many guards do i need on "
            "poolside?",
            "policy",
            must_include=[["above 80", "over 80", "more than 80"], ["inflatable"]],
            must_cite=["rule-ratio-main"],
            note="three above 80 bathers, plus one on the inflatable: four",
        ),
        Question(
            "if tomos's nplq lapses before his assessment can he still do poolside shifts?",
            "policy",
            must_include=["NPLQ", ["in-date", "in date", "lapsed"]],
            must_cite=["rule-nplq"],
            note="no: off poolside only until he requalifies",
        ),
        # --- relationship -------------------------------------------------------------
        related_question(
            facts,
            "leisurehub takes the card payments thru a merchant account - who's that account "
            "actually with?",
            today,
            rel="DEPENDS_ON",
            frm="account-paycove",
            keep=["Vendor"],
            note="two hops: LeisureHub -> the Paycove merchant account -> the vendor behind it",
        ),
        related_question(
            facts,
            "the nplq renewal for tomos - what team is whoever's doing it in?",
            today,
            rel="MEMBER_OF",
            frm="person-cerys-lloyd",
            note="two hops: the renewal task -> its owner since 10 August, Cerys Lloyd -> her team",
        ),
        # --- metrics ------------------------------------------------------------------
        m(
            facts,
            today,
            "swims yday?",
            "metric_value",
            "metric-swims",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many active dd members did we have on fri 31st july",
            "metric_value",
            "metric-members",
            span=(date(2026, 7, 31), date(2026, 7, 31)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total swims in the second half of june?",
            "metric_total",
            "metric-swims",
            periods=("second_half_june",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "gym check-ins the week of 3 aug",
            "metric_total",
            "metric-gym-checkins",
            periods=("week_of_2026-08-03",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many lesson attendances since the summer timetable started",
            "metric_total",
            "metric-lessons",
            periods=("since_2026-07-20",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "avg free chlorine in the main pool end of q2",
            "metric_average",
            "metric-free-chlorine",
            periods=("end_q2",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "what was our average daily electricity in early july (kwh)",
            "metric_average",
            "metric-energy",
            periods=("early_july",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "swims last week v the week before?",
            "metric_change",
            "metric-swims",
            periods=("last_week", "week_before_last"),
            tolerance=0.3,
        ),
        covered(
            m(
                facts,
                today,
                "gym check-ins july v june - up or down? (july's got a hole from the "
                "leisurehub outage)",
                "metric_change",
                "metric-gym-checkins",
                periods=("month_july", "month_june"),
                tolerance=0.5,
                covered=True,
                note="July has 28 of 31 days (no turnstile scans 27-29 July), June all 30: "
                "compare daily means over the covered days and say so",
            )
        ),
        covered(
            m(
                facts,
                today,
                "is electricity use higher this month than july?",
                "metric_change",
                "metric-energy",
                periods=("this_month", "month_july"),
                tolerance=0.5,
                covered=True,
                note="no readings 4-7 August (the data logger swap): August 1-17 has 13 of 17 "
                "days, July all 31",
            )
        ),
        # --- why ------------------------------------------------------------------------
        Question(
            "why were lesson numbers zero 2nd-4th july",
            "metric_why",
            must_include=[["diarrhoea", "faecal"]],
            must_cite=["incident-learner-pool-closure"],
        ),
        Question(
            "swims shot up from the 20th july - why?",
            "metric_why",
            must_include=[["summer holiday timetable", "summer timetable"]],
            must_cite=["release-summer-timetable"],
            note="nothing links the timetable to the swims metric: the jump starts on 20 July, "
            "the day the summer holiday timetable began",
        ),
        Question(
            "why did free chlorine drop in the second half of june",
            "metric_why",
            must_include=["Hydrosense"],
            must_cite=["release-hydrosense"],
        ),
        Question(
            "no gym check-in figures for 27-29 july, why not?",
            "metric_why",
            must_include=["LeisureHub"],
            must_cite=["incident-leisurehub-outage"],
        ),
        Question(
            "electricity went thru the roof 10-12 june, what happened",
            "metric_why",
            must_include=[["heat recovery", "heat wheel", "heater battery"]],
            must_cite=["incident-ahu-heat-wheel"],
        ),
        Question(
            "why is there no energy data for 4th to 7th aug?",
            "metric_why",
            must_include=[["data logger", "logger"]],
            must_cite=["message-energy-logger"],
            note="no incident: Berwyn swapped the energy meters' data logger; only Gary's "
            "message says so",
        ),
        # --- documents and meetings -------------------------------------------------------
        Question(
            "what did brightlane say actually broke leisurehub at the end of july?",
            "document",
            must_include=[["database upgrade", "database"]],
            must_cite=["doc-outage-report"],
        ),
        Question(
            "what's the learner pool chlorine setpoint on the hydrosense per rhodri's plant manual",
            "document",
            must_include=["1.8"],
            must_cite=["doc-plant-manual"],
        ),
        Question(
            "what did we agree at the managers meeting on the 10th about the summer timetable?",
            "meeting",
            must_include=[["sixth of September", "6 September", "6th September", "6th of Sept"]],
            note="10 August: the summer holiday timetable runs to Sunday 6 September, term "
            "lessons back on Monday 7 September",
        ),
        Question(
            "who's got which actions off last week's managers meeting",
            "meeting",
            must_include=["Nia", "Cerys", "Lowri", "Gary"],
            note="Nia: extended timetable in LeisureHub by Wednesday; Cerys: Tomos's NPLQ "
            "renewal on 22 August; Gethin: extra week staffing and early-bird backup; Lowri: "
            "Brightlane's credit in writing by Friday; Paul: renewal and café figures; Gary: AHU "
            "service on 26 August; Rhodri: Menai to take the Poolmatic away on 3 September",
        ),
        # --- decline --------------------------------------------------------------------
        Question(
            "who looks after the sauna these days?",
            "unknown",
            absent=["sauna"],
            note="Glanrafon has no such facility; nothing of the kind in the records",
        ),
        Question(
            "how many swims did we do in april",
            "unknown",
            absent=["2026-04-"],
            note="readings start on 19 May",
        ),
        Question("anyone know who won the chair at the eisteddfod this year?", "offtopic"),
        Question("has anyone got a decent bara brith recipe, diolch", "offtopic"),
    ]


def build() -> Business:
    """The leisure centre's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _company(w)
    _systems(w)
    _deal(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _channels_and_messages(w)
    _work(w)
    _documents(w)
    _decisions_and_rules(w)
    return Business(
        SLUG,
        "Glanrafon Leisure Centre",
        "council-run leisure centre: a 25 m pool and a learner pool with a lifeguard rota, a "
        "swim school, pool plant (dosing controller, filtration, pool water testing), a gym and "
        "sports hall, a hosted booking and membership system with a payment processor behind "
        "it, memberships and day passes, a café concession, and plant and HVAC contractors "
        "(Glanrafon Leisure Centre, Aberwen County Council, north Wales)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/managers-meeting-2026-08-10.txt",
                "title": "Managers' meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
