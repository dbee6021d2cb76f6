"""Kestrel Lift & Haul: mobile and crawler crane hire with lifting crews (Kwinana, WA).

The story: Kestrel hires four Vantor all-terrain cranes (K22, K10, K55), a Tarrant
pick-and-carry (P20) and a Hakuro HC-250 crawler (C25) out of the Kwinana yard and the
Henderson yard, wet hire with its own operators, riggers and dogmen. Jobs are booked and
crews allocated in LiftBook (Caldera Software), which checks crew tickets in TicketVault
(Skillgate Systems) through an API key; lift plans are drawn in RigSight (Axiom Lift
Software), whose network licence expires on 30 November; the fleet reports engine hours and
fuel through FleetTrak (Telvara Telematics) over Coastnet Wireless data SIMs. Oversize
crawler moves need Cockburn Heavy Haulage floats and a Main Roads permit.

On 18 August K22's slew ring bearing failed on a Harbourline job and K22 was out until 27
August (linked to fleet availability). From 1 September pre-starts moved from Skillgate's
SiteForms to the FleetTrak app and on-time pre-starts jumped (the decision is linked to the
metric). Alcora Alumina's refinery shutdown ran from 14 September to 16 October, seven days a
week, with 14 Tidewater riggers and dogmen, and billable hours spiked. On 28 September
Coastnet changed its APN and every FleetTrak unit dropped off until 6 October, so fuel burn
has no readings from 28 September to 5 October. LiftBook 5.2 went live on 12 October with a
mandatory site contact email on the e-docket, and same-day docket sign-off fell that day
(nothing links the two); docket sign-off has no readings on Sundays outside the shutdown.
The annual crane inspections moved from Priya Raman to Graeme Tulloch on 5 October; the weekly
ops meeting of Tuesday 27 October made the email optional (LiftBook 5.2.1 by 6 November),
handed the RigSight licence renewal from Oskar Lindgren to Corey Blaxland and sent C25 to
Henderson from 9 November.

"Today" is Thursday 29 October 2026; daily readings run from 31 July to 28 October.
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

SLUG = "kestrel-lift-haul"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 29)
FIRST, LAST = date(2026, 7, 31), date(2026, 10, 28)
SEED = 6167
START = date(2025, 2, 3)
SLEW_DAYS = tuple(date(2026, 8, 18) + timedelta(days=i) for i in range(10))  # to 27 Aug
SLEW_BACK = date(2026, 8, 28)
PRESTART_APP_FROM = date(2026, 9, 1)
SHUTDOWN = (date(2026, 9, 14), date(2026, 10, 16))
KINGS_BIRTHDAY = date(2026, 9, 28)  # WA public holiday
SIM_GAP = tuple(date(2026, 9, 28) + timedelta(days=i) for i in range(8))  # to 5 Oct
SIM_BACK = date(2026, 10, 6)
LIFTBOOK_52 = date(2026, 10, 12)
INSPECTIONS_HANDOVER = date(2026, 10, 5)
RIGSIGHT_TASK_FROM = date(2026, 10, 1)
MEETING = date(2026, 10, 27)
BREAKDOWN_DAYS = (date(2026, 8, 6), date(2026, 9, 3), date(2026, 10, 21))  # a day's fault
DOC_DATES = {
    "doc-safety-manual": date(2026, 8, 3),
    "doc-lift-planning": date(2026, 7, 20),
    "doc-hire-terms": date(2026, 7, 1),
    "doc-slew-review": date(2026, 9, 4),
    "doc-alcora-plan": date(2026, 8, 27),
}

# fmt: off
PEOPLE = (
    ("person-darren-pavlovic", "Darren Pavlovic", "Managing director", None),
    ("person-marnie-costello", "Marnie Costello", "Operations manager", "team-hire"),
    ("person-jarrah-whitford", "Jarrah Whitford", "Crane allocator (dispatch)", "team-hire"),
    ("person-corey-blaxland", "Corey Blaxland", "Hire desk and systems coordinator",
     "team-hire"),
    ("person-tomasz-nowicki", "Tomasz Nowicki", "Crane supervisor and leading hand",
     "team-crews"),
    ("person-rhys-calder", "Rhys Calder", "Senior crane operator (CN licence)", "team-crews"),
    ("person-ana-folau", "Ana Folau", "Rigger and dogman (RI, DG)", "team-crews"),
    ("person-graeme-tulloch", "Graeme Tulloch", "Workshop manager", "team-workshop"),
    ("person-priya-raman", "Priya Raman", "Heavy diesel and crane fitter", "team-workshop"),
    ("person-sunita-bhatt", "Sunita Bhatt", "HSEQ manager", "team-hseq"),
    ("person-bec-tranter", "Bec Tranter", "Training and licences coordinator", "team-hseq"),
    ("person-oskar-lindgren", "Oskar Lindgren", "Lift engineer (lift planning)",
     "team-engineering"),
    ("person-wayne-ostrowski", "Wayne Ostrowski", "Yard supervisor (Kwinana and Henderson)",
     "team-yards"),
    ("person-nadia-okafor", "Nadia Okafor", "Finance and admin manager", None),
)
TEAMS = (
    ("team-hire", "Hire Desk & Allocations"),
    ("team-crews", "Lifting Crews"),
    ("team-workshop", "Workshop & Fleet Maintenance"),
    ("team-hseq", "HSEQ & Training"),
    ("team-engineering", "Lift Engineering"),
    ("team-yards", "Yards & Transport"),
)
VENDORS = (
    ("vendor-vantor", "Vantor Cranes Australia", "the Vantor all-terrain cranes (K22, K10, "
     "K55), their parts and factory technicians"),
    ("vendor-hakuro", "Hakuro Cranes Oceania", "the C25 HC-250 crawler crane, its parts and "
     "its boom and counterweight sections"),
    ("vendor-tarrant", "Tarrant Equipment", "the P20 pick-and-carry crane and its parts"),
    ("vendor-caldera", "Caldera Software", "builds and hosts LiftBook, the hire booking, "
     "crew allocation and docket system"),
    ("vendor-skillgate", "Skillgate Systems", "TicketVault, the high risk work licence and "
     "induction register, and the SiteForms checklist app"),
    ("vendor-axiom", "Axiom Lift Software", "RigSight 3D lift planning software and its "
     "network licence"),
    ("vendor-telvara", "Telvara Telematics", "the FleetTrak telematics units and portal "
     "(engine hours, fuel, LMI logs, pre-start app)"),
    ("vendor-coastnet", "Coastnet Wireless", "the data SIMs in every FleetTrak unit"),
    ("vendor-brightwrench", "Brightwrench", "ShopFloor, the workshop maintenance system"),
    ("vendor-cockburn-haulage", "Cockburn Heavy Haulage", "prime movers and low-loader floats "
     "for crawler moves and counterweight transport"),
    ("vendor-hookline", "Hookline Rigging Supply", "slings, shackles and spreader bars, and "
     "the quarterly rigging gear inspection and colour tagging"),
    ("vendor-ironbark", "Ironbark Inspection Services", "annual crane inspections and NDT "
     "by a competent person"),
    ("vendor-swanline", "Swanline Fuels", "diesel deliveries to both yards and the fleet "
     "fuel cards"),
    ("vendor-tidewater", "Tidewater Labour Hire", "casual riggers and dogmen for shutdowns"),
)
TOOLS = (
    ("tool-liftbook", "LiftBook hire and allocation system", "vendor-caldera",
     "person-corey-blaxland"),
    ("tool-ticketvault", "TicketVault licence register", "vendor-skillgate",
     "person-bec-tranter"),
    ("tool-rigsight", "RigSight lift planning", "vendor-axiom", "person-oskar-lindgren"),
    ("tool-fleettrak", "FleetTrak telematics", "vendor-telvara", "person-graeme-tulloch"),
    ("tool-shopfloor", "ShopFloor workshop maintenance system", "vendor-brightwrench",
     "person-graeme-tulloch"),
)
ACCOUNTS = (
    ("account-rigsight-licence", "RigSight network licence", "person-oskar-lindgren",
     "The network licence on Kestrel's licence server that lets RigSight open and sign lift "
     "plans; without it no lift plan can be drawn or signed. It expires on 30 November 2026 "
     "and renewal needs a purchase order to Axiom Lift Software.",
     {"expiresAt": "2026-11-30"}),
    ("account-ticketvault-api", "TicketVault API key for LiftBook", "person-corey-blaxland",
     "The key LiftBook uses to check every crew member's high risk work licences and "
     "inductions in TicketVault before it lets the allocator put them on a job.", {}),
    ("account-fleettrak-sims", "FleetTrak data SIMs", "person-graeme-tulloch",
     "The Coastnet Wireless data SIMs in the FleetTrak unit of every crane; they carry engine "
     "hours, fuel and LMI logs to the FleetTrak portal.", {}),
    ("account-permit-portal", "Main Roads heavy vehicle permit portal login",
     "person-wayne-ostrowski",
     "The login Kestrel uses to apply for oversize and overmass permits for crawler and "
     "counterweight moves.", {}),
    ("account-fuel-cards", "Swanline fleet fuel card account", "person-nadia-okafor",
     "Kestrel's fuel card account with Swanline Fuels; every crane and float fills on it "
     "away from the yards.", {}),
)
SERVICES = (
    ("service-crew-allocation", "Crew allocation and dispatch", ("tool-liftbook",)),
    ("service-taxi-hire", "Taxi crane hire (wet hire by the hour)",
     ("tool-liftbook", "service-crew-allocation")),
    ("service-contract-lifting", "Contract lifting (planned lifts)",
     ("tool-rigsight", "service-crew-allocation")),
    ("service-crawler-moves", "Crawler crane moves and assembly",
     ("vendor-cockburn-haulage", "account-permit-portal")),
    ("service-fleet-maintenance", "Fleet maintenance and inspections",
     ("tool-shopfloor", "tool-fleettrak", "vendor-ironbark")),
    ("service-prestarts", "Crane pre-start checks", ()),
    ("service-rigging-gear", "Rigging gear store and tagging", ("vendor-hookline",)),
    ("service-fuelling", "Fleet fuelling", ("account-fuel-cards",)),
)
CRANES = (
    ("service-crane-k22", "K22 Vantor AT-220 all-terrain crane (220 t)", ("vendor-vantor",)),
    ("service-crane-k10", "K10 Vantor AT-100 all-terrain crane (100 t)", ("vendor-vantor",)),
    ("service-crane-k55", "K55 Vantor AT-55 city crane (55 t)", ("vendor-vantor",)),
    ("service-crane-p20", "P20 Tarrant PC-20 pick-and-carry (20 t)", ("vendor-tarrant",)),
    ("service-crane-c25", "C25 Hakuro HC-250 crawler crane (250 t)", ("vendor-hakuro",)),
)
PRODUCTS = (
    ("product-wet-hire", "Wet hire by the hour (crane and operator)",
     ("service-taxi-hire", "service-crew-allocation")),
    ("product-contract-lift", "Contract lift with a lift plan",
     ("service-contract-lifting", "service-crew-allocation")),
    ("product-shutdown-package", "Shutdown crane package",
     ("service-contract-lifting", "service-crawler-moves", "service-crew-allocation")),
)
RULES = (
    ("rule-wind-limit", "Lifting stops when the jib-head anemometer reads above 36 km/h "
     "(10 m/s) for 30 seconds or above the lift plan's lower limit; lifting restarts only "
     "after 10 minutes below it, on the operator's call", "doc-safety-manual",
     "person-sunita-bhatt"),
    ("rule-exclusion-zone", "Nobody stands under a suspended load; the exclusion zone is "
     "barricaded at the crane's slew radius plus 1 metre", "doc-safety-manual",
     "person-sunita-bhatt"),
    ("rule-outrigger-mats", "Outriggers always go on mats sized by the ground bearing check, "
     "never on a service pit lid or drain cover", "doc-safety-manual", "person-sunita-bhatt"),
    ("rule-prestart", "Every crane's pre-start checklist and LMI test are done in FleetTrak "
     "before the first lift of the shift", "doc-safety-manual", "person-graeme-tulloch"),
    ("rule-dogman-licence", "Only a person with a current DG (dogging) licence slings a load "
     "and directs the operator when the load is out of view; a trainee without a DG licence "
     "works only beside a licensed dogman", "doc-safety-manual", "person-sunita-bhatt"),
    ("rule-colour-tag", "Rigging gear carries the current quarter's colour tag (blue for "
     "October to December 2026); untagged gear goes in the red quarantine bin",
     "doc-safety-manual", "person-tomasz-nowicki"),
    ("rule-fatigue", "No shift over 12 hours including travel, 10 hours off between shifts, "
     "and during a shutdown no more than 13 shifts in any 14 days", "doc-safety-manual",
     "person-sunita-bhatt"),
    ("rule-critical-lift", "A critical lift (over 85% of rated capacity, tandem, over live "
     "plant or a public road, a work box, or a blind lift) needs a RigSight lift plan signed "
     "by the lift engineer before the crane is set up", "doc-lift-planning",
     "person-oskar-lindgren"),
    ("rule-permit-lead", "Oversize crawler moves need a Main Roads heavy vehicle permit "
     "applied for at least 10 working days ahead", "doc-lift-planning",
     "person-wayne-ostrowski"),
    ("rule-minimum-hire", "Taxi hire has a 4-hour minimum charge and travel is charged from "
     "the yard and back", "doc-hire-terms", "person-marnie-costello"),
    ("rule-cancellation", "A booking cancelled within 24 hours of the start is charged as 2 "
     "hours; once the crane has left the yard the 4-hour minimum applies", "doc-hire-terms",
     "person-marnie-costello"),
    ("rule-slew-grease", "The slew ring grease flow and rotary distributor are checked "
     "weekly on every crane", "doc-slew-review", "person-graeme-tulloch"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-kestrel",
        "Kestrel Lift & Haul",
        src="asic:kestrel-lift-haul",
        as_of=date(2011, 3, 14),
        city="Kwinana",
        text="Kestrel Lift & Haul Pty Ltd hires mobile and crawler cranes with operators, "
        "riggers and dogmen from its main yard and workshop in Kwinana and a second yard in "
        "Henderson, south of Perth, Western Australia, for construction, marine fabrication "
        "and refinery shutdown work.",
    )
    w.node(
        "Organization",
        "org-main-roads",
        "Main Roads Western Australia",
        src="mainroads:permits",
        as_of=START,
        text="The state road agency; it issues the heavy vehicle permits for oversize and "
        "overmass moves of crawler crane components and counterweights.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="employmenthero:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-kestrel", since=START, src="employmenthero:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="employmenthero:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@kestrellift.com.au",
        )
        w.edge(pid, "MEMBER_OF", team or "org-kestrel", since=START, src="employmenthero:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="myob:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-kestrel", "USES", vid, since=START, src="myob:suppliers")
    w.node(
        "Deal",
        "deal-alcora-shutdown",
        "Alcora Alumina Kwinana refinery 2026 shutdown crane package",
        src="liftbook:quotes/Q-2291",
        as_of=date(2026, 8, 19),
        stage="won",
        value=1460000,
        text="The shutdown crane package for Alcora Alumina's Kwinana refinery, 14 September "
        "to 16 October 2026, seven days a week: the C25 crawler, K22, K10 and P20 with crews, "
        "about $1.46 million.",
    )
    w.edge(
        "deal-alcora-shutdown",
        "ASSIGNED_TO",
        "person-marnie-costello",
        since=date(2026, 8, 19),
        src="liftbook:quotes/Q-2291",
    )
    w.node(
        "Deal",
        "deal-henderson-barge",
        "Henderson Marine Fabrication: barge module lifts with C25",
        src="liftbook:quotes/Q-2347",
        as_of=date(2026, 10, 14),
        stage="won",
        value=186000,
        text="Lifting six deck modules onto a barge at Henderson Marine Fabrication's "
        "Henderson wharf with the C25 crawler, from 16 November 2026.",
    )
    w.edge(
        "deal-henderson-barge",
        "ASSIGNED_TO",
        "person-marnie-costello",
        since=date(2026, 10, 14),
        src="liftbook:quotes/Q-2347",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-alcora",
            "Alcora Alumina (Kwinana refinery)",
            "Alumina refinery in Kwinana; Kestrel's largest shutdown customer.",
            "service-contract-lifting",
        ),
        (
            "customer-harbourline",
            "Harbourline Builders",
            "Commercial builder in Rockingham and Baldivis; books taxi hire for precast "
            "panels and steel most weeks.",
            "service-taxi-hire",
        ),
        (
            "customer-henderson-marine",
            "Henderson Marine Fabrication",
            "Marine fabricator at the Henderson wharf; contract lifts of modules and hull blocks.",
            "service-contract-lifting",
        ),
    ):
        w.node("Customer", cid, name, src="liftbook:customers", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="liftbook:customers")


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES + CRANES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="liftbook:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-rigsight", "DEPENDS_ON", "account-rigsight-licence"),
        ("account-rigsight-licence", "DEPENDS_ON", "vendor-axiom"),
        ("account-rigsight-licence", "PART_OF", "tool-rigsight"),
        ("account-ticketvault-api", "DEPENDS_ON", "tool-ticketvault"),
        ("account-ticketvault-api", "PART_OF", "tool-liftbook"),
        ("tool-liftbook", "DEPENDS_ON", "account-ticketvault-api"),
        ("tool-fleettrak", "DEPENDS_ON", "account-fleettrak-sims"),
        ("account-fleettrak-sims", "DEPENDS_ON", "vendor-coastnet"),
        ("account-fleettrak-sims", "PART_OF", "tool-fleettrak"),
        ("account-fuel-cards", "DEPENDS_ON", "vendor-swanline"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES + CRANES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((sid, "PART_OF", "org-kestrel") for sid, _, _ in CRANES),
        ("team-hire", "USES", "tool-liftbook"),
        ("team-crews", "USES", "tool-liftbook"),
        ("team-hseq", "USES", "tool-ticketvault"),
        ("team-engineering", "USES", "tool-rigsight"),
        ("team-workshop", "USES", "tool-fleettrak"),
        ("team-workshop", "USES", "tool-shopfloor"),
        ("team-yards", "USES", "account-permit-portal"),
        ("person-jarrah-whitford", "OWNS", "service-crew-allocation"),
        ("person-marnie-costello", "OWNS", "service-taxi-hire"),
        ("person-oskar-lindgren", "OWNS", "service-contract-lifting"),
        ("person-wayne-ostrowski", "OWNS", "service-crawler-moves"),
        ("person-graeme-tulloch", "OWNS", "service-fleet-maintenance"),
        ("person-sunita-bhatt", "OWNS", "service-prestarts"),
        ("person-tomasz-nowicki", "OWNS", "service-rigging-gear"),
        ("person-nadia-okafor", "OWNS", "service-fuelling"),
        *(("person-graeme-tulloch", "OWNS", sid) for sid, _, _ in CRANES),
    )
    # Pre-starts: Skillgate's SiteForms app until 1 September, then the FleetTrak app.
    w.node(
        "Tool",
        "tool-siteforms",
        "SiteForms checklist app (retired)",
        src=src,
        as_of=PRESTART_APP_FROM,
        status="retired",
        kind="software",
    )
    w.edge(
        "tool-siteforms",
        "DEPENDS_ON",
        "vendor-skillgate",
        since=START,
        until=PRESTART_APP_FROM,
        src=src,
    )
    w.edge(
        "service-prestarts",
        "DEPENDS_ON",
        "tool-siteforms",
        since=START,
        until=PRESTART_APP_FROM,
        src=src,
    )
    w.edge(
        "service-prestarts",
        "DEPENDS_ON",
        "tool-fleettrak",
        since=PRESTART_APP_FROM,
        src=src,
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("hours", "avail", "fuel", "prestart", "docket")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        shutdown = SHUTDOWN[0] <= day <= SHUTDOWN[1]
        if day == KINGS_BIRTHDAY:
            hours = rng.uniform(0, 6)
        elif wd == 6:
            hours = rng.uniform(0, 8)
        elif wd == 5:
            hours = rng.uniform(18, 30)
        else:
            hours = rng.uniform(52, 68)
        availability = rng.uniform(93.0, 98.8)
        if day in SLEW_DAYS:
            availability = rng.uniform(78.5, 81.5)
            hours *= 0.84
        if day in BREAKDOWN_DAYS:
            availability = rng.uniform(86.0, 89.5)
        if shutdown:
            hours += rng.uniform(62, 78)
        hours = round(hours, 1)
        fuel = round(hours * rng.uniform(17.5, 20.5) + rng.uniform(80, 160))
        if day < PRESTART_APP_FROM:
            prestart = rng.uniform(63.0, 76.0)
        elif day < PRESTART_APP_FROM + timedelta(days=3):
            prestart = rng.uniform(85.0, 90.0)
        else:
            prestart = rng.uniform(93.0, 99.2)
        docket = rng.uniform(88.5, 95.5) if day < LIFTBOOK_52 else rng.uniform(57.0, 67.0)
        out["hours"].append((day, hours))
        out["avail"].append((day, round(availability, 1)))
        if day not in SIM_GAP:
            out["fuel"].append((day, fuel))
        out["prestart"].append((day, round(prestart, 1)))
        if wd != 6 or shutdown:  # no dockets on Sundays outside the shutdown
            out["docket"].append((day, round(docket, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    lb, ft, ws = "liftbook:reports", "fleettrak:feed", "shopfloor:reports"
    w.metric(
        "metric-crane-hours",
        "Billable crane hours (LiftBook dockets)",
        "hours",
        "sum",
        src=lb,
        since=START,
        measures="service-taxi-hire",
    )
    w.metric(
        "metric-fleet-availability",
        "Fleet availability (share of crane shifts ready to work)",
        "%",
        "mean",
        src=ws,
        since=START,
        measures="service-fleet-maintenance",
    )
    w.metric(
        "metric-fuel-burn",
        "Fleet diesel burn (FleetTrak)",
        "litres",
        "sum",
        src=ft,
        since=START,
        measures="service-fuelling",
    )
    w.metric(
        "metric-prestart-on-time",
        "Pre-starts done before the first lift",
        "%",
        "mean",
        src=ft,
        since=START,
        measures="service-prestarts",
    )
    w.metric(
        "metric-docket-signoff",
        "Dockets signed by the customer the same day",
        "%",
        "mean",
        src=lb,
        since=START,
    )
    return {
        "hours": w.readings("metric-crane-hours", series["hours"], src=lb),
        "avail": w.readings("metric-fleet-availability", series["avail"], src=ws),
        "fuel": w.readings("metric-fuel-burn", series["fuel"], src=ft),
        "prestart": w.readings("metric-prestart-on-time", series["prestart"], src=ft),
        "docket": w.readings("metric-docket-signoff", series["docket"], src=lb),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "shopfloor:incident-k22-slew"
    started, back = "2026-08-18T01:15:00+00:00", "2026-08-27T22:30:00+00:00"
    w.node(
        "Incident",
        "incident-k22-slew",
        "K22 slew ring bearing failure",
        src=src,
        as_of=SLEW_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="K22, the Vantor AT-220, ground and juddered in the slew at 09:15 on 18 August "
        "on the Harbourline Builders job in Rockingham: the slew ring bearing had run dry "
        "behind a blocked grease distributor and its raceway was scored. K22 was out of "
        "service from 18 to 27 August until Vantor Cranes Australia's technicians fitted a "
        "new bearing; fleet availability fell to about 80% on those days.",
    )
    w.edges(
        src,
        started,
        ("incident-k22-slew", "AFFECTS", "service-crane-k22"),
        ("incident-k22-slew", "AFFECTS", "metric-fleet-availability"),
        *(("incident-k22-slew", "CAUSED", obs["avail"][d]) for d in SLEW_DAYS),
        ("person-graeme-tulloch", "OWNS", "incident-k22-slew"),
        as_of=SLEW_BACK,
    )
    w.node(
        "Task",
        "task-k22-bearing",
        "Fit the new slew ring bearing and rotary distributor on K22",
        src="shopfloor:wo/4418",
        as_of=SLEW_BACK,
        status="done",
    )
    w.edges(
        "shopfloor:wo/4418",
        date(2026, 8, 18),
        ("person-priya-raman", "OWNS", "task-k22-bearing"),
        ("person-priya-raman", "WORKS_ON", "task-k22-bearing"),
        ("person-graeme-tulloch", "WORKS_ON", "task-k22-bearing"),
        ("task-k22-bearing", "FIXES", "incident-k22-slew"),
        ("task-k22-bearing", "DEPENDS_ON", "vendor-vantor"),
        as_of=SLEW_BACK,
    )
    src = "sharepoint:incident-fleettrak-apn"
    w.node(
        "Incident",
        "incident-fleettrak-apn",
        "FleetTrak units offline after Coastnet APN change",
        src=src,
        as_of=SIM_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-09-27T16:00:00+00:00",
        resolvedAt="2026-10-06T02:40:00+00:00",
        text="Coastnet Wireless changed the APN on its data network overnight into 28 "
        "September without telling fleet customers, and every FleetTrak unit on the cranes "
        "dropped off. The cab tablets kept pre-starts offline and synced over the yard Wi-Fi, "
        "but engine hours and fuel only go over the SIMs and the units' buffers overwrote, "
        "so nothing was logged from 28 September to 5 October. Telvara pushed the new APN to "
        "the units on 6 October. The missing days cannot be backfilled, so fuel burn has a "
        "gap for them.",
    )
    w.edges(
        src,
        "2026-09-27T16:00:00+00:00",
        ("vendor-coastnet", "CAUSED", "incident-fleettrak-apn"),
        ("incident-fleettrak-apn", "AFFECTS", "tool-fleettrak"),
        ("incident-fleettrak-apn", "AFFECTS", "metric-fuel-burn"),
        ("person-graeme-tulloch", "OWNS", "incident-fleettrak-apn"),
        as_of=SIM_BACK,
    )
    # The LiftBook release: nothing ties it to docket sign-off; it just falls that day.
    rel_at = "2026-10-11T22:00:00+00:00"
    w.node(
        "Release",
        "release-liftbook-52",
        "LiftBook 5.2",
        src="caldera:liftbook/releases/5.2",
        as_of=rel_at,
        version="5.2",
        releasedAt=rel_at,
        text="Caldera Software's LiftBook 5.2: a new e-docket screen on the cab tablets, "
        "the customer's signature now needs a site contact email so the signed docket can be "
        "emailed, and an invoice is raised automatically on signature.",
    )
    w.edges(
        "caldera:liftbook/releases/5.2",
        rel_at,
        ("release-liftbook-52", "PART_OF", "service-taxi-hire"),
        ("release-liftbook-52", "CHANGED", "tool-liftbook"),
    )


MESSAGES = (
    (
        "message-alcora-crews",
        "Marnie in #ops on 20 August",
        "person-marnie-costello",
        "channel-ops",
        _at(date(2026, 8, 20), 1, 30),
        "We've won the Alcora shutdown, 14 Sept to 16 Oct, seven days. We can't crew it "
        "ourselves and keep taxi hire going, so I've signed up Tidewater Labour Hire for 14 "
        "riggers and dogmen. Bec, they need tickets checked in TicketVault before day one.",
    ),
    (
        "message-k22-down",
        "Graeme in #workshop on 18 August",
        "person-graeme-tulloch",
        "channel-workshop",
        _at(date(2026, 8, 18), 2, 40),
        "K22 is tagged out. Slew ring's grinding, looks like it's run dry. Priya's on it with "
        "Vantor; expect a week at least. Jarrah, no K22 for Harbourline, hire one in.",
    ),
    (
        "message-prestart-app",
        "Sunita in #hseq on 25 August",
        "person-sunita-bhatt",
        "channel-hseq",
        _at(date(2026, 8, 25), 0, 30),
        "From Tuesday 1 September pre-starts are done in the FleetTrak app on the cab tablet, "
        "not SiteForms. The July audit found 31% of SiteForms pre-starts went in after the "
        "first lift. FleetTrak time-stamps every check and keeps the LMI override locked until "
        "the pre-start is submitted. SiteForms goes read-only on the 1st.",
    ),
    (
        "message-fleettrak-back",
        "Graeme in #workshop on 6 October",
        "person-graeme-tulloch",
        "channel-workshop",
        _at(date(2026, 10, 6), 2, 50),
        "FleetTrak is back. Coastnet changed their APN on the 28th and didn't tell anyone; "
        "Telvara pushed the new APN to all units this morning. No engine hours or fuel for 28 "
        "Sept to 5 Oct and we can't get it back. Pre-starts are fine, the tablets held them.",
    ),
    (
        "message-inspections-handover",
        "Priya in #workshop on 5 October",
        "person-priya-raman",
        "channel-workshop",
        _at(date(2026, 10, 5), 0, 15),
        "Graeme's taking the annual inspections (K10, K55, P20) from today; I'm on the "
        "Alcora demob and then the Henderson barge prep. The Ironbark dates are in ShopFloor.",
    ),
    (
        "message-liftbook-52",
        "Corey in #hire-desk on 11 October",
        "person-corey-blaxland",
        "channel-hire-desk",
        _at(date(2026, 10, 11), 5, 0),
        "LiftBook 5.2 goes live tonight: new e-docket screen, signed dockets emailed to the "
        "customer and invoiced straight away. Operators, update the tablet app before "
        "your first job Monday.",
    ),
    (
        "message-ops-notes",
        "Weekly ops meeting notes, 27 October",
        "person-marnie-costello",
        "channel-ops",
        _at(MEETING, 1, 30),
        "Ops meeting, Tue 27 Oct. 1) Same-day docket sign-off down from about 92% to 62% "
        "since LiftBook 5.2: the e-docket needs a site contact email. Caldera makes the "
        "email optional in 5.2.1 by Fri 6 Nov (Corey). Until then operators photograph a "
        "signed paper docket and Jarrah chases unsigned dockets every afternoon. About $140k "
        "unbilled. 2) Oskar on paternity leave from Mon 2 Nov: Corey takes the RigSight "
        "network licence renewal (expires 30 Nov), done by Fri 20 Nov; Nadia raises the PO "
        "to Axiom. 3) Alcora finished 16 Oct; no override of the 13-in-14 fatigue limit "
        "without Sunita. 4) Graeme gets a Telvara dual-SIM quote by Fri 13 Nov. K10 and K55 "
        "annuals with Ironbark on 17 and 18 Nov. 5) C25 moves to the Henderson yard from "
        "Mon 9 Nov for the Henderson Marine barge job; Wayne books Cockburn Heavy Haulage "
        "and the Main Roads permit by Fri 6 Nov.",
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
        ("channel-workshop", "#workshop"),
        ("channel-hseq", "#hseq"),
        ("channel-hire-desk", "#hire-desk"),
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
        ("message-k22-down", ("incident-k22-slew", "service-crane-k22")),
        ("message-prestart-app", ("tool-fleettrak", "tool-siteforms", "service-prestarts")),
        ("message-fleettrak-back", ("incident-fleettrak-apn", "account-fleettrak-sims")),
        ("message-liftbook-52", ("release-liftbook-52", "tool-liftbook")),
        ("message-alcora-crews", ("deal-alcora-shutdown", "vendor-tidewater")),
        (
            "message-ops-notes",
            (
                "tool-liftbook",
                "release-liftbook-52",
                "account-rigsight-licence",
                "service-crane-c25",
                "tool-fleettrak",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "K22": "service-crane-k22",
        "K10": "service-crane-k10",
        "K55": "service-crane-k55",
        "P20": "service-crane-p20",
        "C25": "service-crane-c25",
        "Vantor": "vendor-vantor",
        "Hakuro": "vendor-hakuro",
        "RigSight": "tool-rigsight",
        "LiftBook": "tool-liftbook",
        "FleetTrak": "tool-fleettrak",
        "TicketVault": "tool-ticketvault",
        "Hookline": "vendor-hookline",
        "Cockburn Heavy Haulage": "vendor-cockburn-haulage",
        "Tidewater": "vendor-tidewater",
        "Main Roads": "org-main-roads",
        "Alcora": "customer-alcora",
        "Harbourline": "customer-harbourline",
        "Oskar Lindgren": "person-oskar-lindgren",
        "Sunita Bhatt": "person-sunita-bhatt",
        "Graeme Tulloch": "person-graeme-tulloch",
        "Tomasz Nowicki": "person-tomasz-nowicki",
    }
    for path, did, author, kind, about in (
        (
            "crane-operations-safety-manual.md",
            "doc-safety-manual",
            "person-sunita-bhatt",
            "manual",
            ["service-prestarts", "service-rigging-gear"],
        ),
        (
            "lift-planning-procedure.md",
            "doc-lift-planning",
            "person-oskar-lindgren",
            "procedure",
            ["service-contract-lifting", "tool-rigsight"],
        ),
        (
            "hire-terms-and-rate-card-2026.md",
            "doc-hire-terms",
            "person-marnie-costello",
            "policy",
            ["product-wet-hire", "service-taxi-hire"],
        ),
        (
            "k22-slew-ring-failure-review.md",
            "doc-slew-review",
            "person-graeme-tulloch",
            "incident review",
            ["incident-k22-slew"],
        ),
        (
            "alcora-shutdown-2026-crane-plan.md",
            "doc-alcora-plan",
            "person-marnie-costello",
            "plan",
            ["deal-alcora-shutdown", "product-shutdown-package"],
        ),
    ):
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
        "decision-siteforms-prestarts",
        "Do crane pre-starts in the SiteForms checklist app",
        src="sharepoint:prestart-2025",
        on=START,
        why="SiteForms came with the TicketVault subscription from Skillgate, so pre-start "
        "checklists moved off the paper cab books onto the tablets at no extra cost in 2025.",
        made_by="person-graeme-tulloch",
        made_in=None,
    )
    decision(
        "decision-fleettrak-prestarts",
        "Do crane pre-starts in the FleetTrak app from 1 September",
        src=_src("message-prestart-app"),
        on=date(2026, 8, 25),
        why="The July audit found 31% of SiteForms pre-starts were submitted after the first "
        "lift of the shift, some at the end of the day. The FleetTrak app time-stamps every "
        "check and keeps the LMI override locked until the pre-start is submitted, so a crane "
        "cannot lift on an undone pre-start.",
        made_by="person-sunita-bhatt",
        made_in="message-prestart-app",
        edges=(
            ("decision-fleettrak-prestarts", "SUPERSEDES", "decision-siteforms-prestarts"),
            ("decision-fleettrak-prestarts", "AFFECTS", "service-prestarts"),
            ("decision-fleettrak-prestarts", "AFFECTS", "metric-prestart-on-time"),
            ("decision-fleettrak-prestarts", "MENTIONS", "tool-fleettrak"),
            ("decision-fleettrak-prestarts", "MENTIONS", "tool-siteforms"),
        ),
    )
    decision(
        "decision-tidewater-crews",
        "Hire in 14 riggers and dogmen from Tidewater Labour Hire for the Alcora shutdown",
        src=_src("message-alcora-crews"),
        on=date(2026, 8, 20),
        why="The Alcora shutdown runs seven days a week for five weeks with four cranes; "
        "Kestrel's own crews could not cover it and keep taxi hire going within the fatigue "
        "limits, so Tidewater tops up the crews with 14 ticketed riggers and dogmen.",
        made_by="person-marnie-costello",
        made_in="message-alcora-crews",
        edges=(
            ("decision-tidewater-crews", "MENTIONS", "vendor-tidewater"),
            ("decision-tidewater-crews", "MENTIONS", "deal-alcora-shutdown"),
            ("decision-tidewater-crews", "AFFECTS", "service-crew-allocation"),
        ),
    )
    decision(
        "decision-shutdown-crane-hours",
        "Run the Alcora shutdown package seven days a week from 14 September to 16 October",
        src="sharepoint:alcora-shutdown-2026-crane-plan",
        on=DOC_DATES["doc-alcora-plan"],
        why="Alcora's turnaround window is five weeks; four cranes work the calciner, "
        "digestion and precipitation areas every day on 12-hour day shifts, on top of the "
        "usual taxi hire, so billable crane hours run far above normal for the shutdown.",
        made_by="person-darren-pavlovic",
        made_in="doc-alcora-plan",
        edges=(
            ("decision-shutdown-crane-hours", "BASED_ON", "doc-alcora-plan"),
            ("decision-shutdown-crane-hours", "AFFECTS", "metric-crane-hours"),
            ("decision-shutdown-crane-hours", "MENTIONS", "deal-alcora-shutdown"),
        ),
    )
    decision(
        "decision-slew-bearing-interval",
        "Replace slew ring bearings on a 12,000-hour interval and check the grease flow weekly",
        src="sharepoint:k22-slew-ring-failure-review",
        on=DOC_DATES["doc-slew-review"],
        why="K22's slew ring bearing ran dry behind a blocked rotary distributor that was not "
        "on the service sheet; the failure cost $84,300 and ten days of the 220 tonner. "
        "Weekly grease checks, a rock test at the 6-monthly service and replacement at "
        "12,000 hours catch it before the raceway goes.",
        made_by="person-graeme-tulloch",
        made_in="doc-slew-review",
        edges=(
            ("decision-slew-bearing-interval", "BASED_ON", "doc-slew-review"),
            ("decision-slew-bearing-interval", "MENTIONS", "incident-k22-slew"),
            ("decision-slew-bearing-interval", "AFFECTS", "service-fleet-maintenance"),
        ),
    )
    ops = _src("message-ops-notes")
    decision(
        "decision-docket-email-optional",
        "Make the site contact email optional on LiftBook e-dockets (5.2.1 by 6 November); "
        "photograph signed paper dockets until then",
        src=ops,
        on=MEETING,
        why="Since LiftBook 5.2 the e-docket will not take a signature without a site "
        "contact email, so same-day sign-off fell from about 92% to 62% and about $140,000 of "
        "hire sits unbilled. Caldera cannot roll back 5.2, so 5.2.1 makes the email "
        "optional; until then operators photograph a signed paper docket and the allocator "
        "chases unsigned dockets every afternoon.",
        made_by="person-marnie-costello",
        made_in="message-ops-notes",
        edges=(
            ("decision-docket-email-optional", "AFFECTS", "tool-liftbook"),
            ("decision-docket-email-optional", "MENTIONS", "release-liftbook-52"),
        ),
    )
    decision(
        "decision-c25-henderson",
        "Move the C25 crawler to the Henderson yard from 9 November",
        src=ops,
        on=MEETING,
        why="The Henderson Marine barge module lifts start on 16 November at the Henderson "
        "wharf; C25 goes down on Cockburn Heavy Haulage floats the week of 9 November, with "
        "the lift plans already signed.",
        made_by="person-darren-pavlovic",
        made_in="message-ops-notes",
        edges=(
            ("decision-c25-henderson", "AFFECTS", "service-crane-c25"),
            ("decision-c25-henderson", "MENTIONS", "deal-henderson-barge"),
        ),
    )


def _work(w: Book) -> None:
    src = "sharepoint:tasks/rigsight-renewal"
    w.node(
        "Task",
        "task-rigsight-renewal",
        "Renew the RigSight network licence before it expires on 30 November",
        src=src,
        as_of=RIGSIGHT_TASK_FROM,
        status="in progress",
        due="2026-11-20",
        text="Get Axiom Lift Software's renewal quote, have Nadia Okafor raise the purchase "
        "order, and load the new licence file on the licence server by 20 November.",
    )
    w.edge(
        "person-oskar-lindgren", "OWNS", "task-rigsight-renewal", since=RIGSIGHT_TASK_FROM, src=src
    )
    w.edges(
        src,
        RIGSIGHT_TASK_FROM,
        ("task-rigsight-renewal", "ABOUT", "account-rigsight-licence"),
        ("person-oskar-lindgren", "WORKS_ON", "task-rigsight-renewal"),
    )
    w.edges(
        _src("message-ops-notes"),
        MEETING,
        ("person-corey-blaxland", "OWNS", "task-rigsight-renewal"),
        ("person-corey-blaxland", "WORKS_ON", "task-rigsight-renewal"),
        ("person-nadia-okafor", "WORKS_ON", "task-rigsight-renewal"),
        ("message-ops-notes", "MENTIONS", "task-rigsight-renewal"),
    )

    src = "shopfloor:tasks/annual-inspections-2026"
    w.node(
        "Task",
        "task-annual-inspections",
        "Annual crane inspections for K10, K55 and P20 with Ironbark",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-12-11",
        text="Book Ironbark Inspection Services for the annual inspections of K10 and K55 "
        "(17 and 18 November) and P20 (December), have the logbooks and LMI calibration "
        "certificates ready, and file the reports in ShopFloor.",
    )
    w.edge("person-priya-raman", "OWNS", "task-annual-inspections", since=date(2026, 8, 3), src=src)
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-annual-inspections", "ABOUT", "service-fleet-maintenance"),
        ("task-annual-inspections", "DEPENDS_ON", "vendor-ironbark"),
        ("person-priya-raman", "WORKS_ON", "task-annual-inspections"),
    )
    w.edges(
        _src("message-inspections-handover"),
        INSPECTIONS_HANDOVER,
        ("person-graeme-tulloch", "OWNS", "task-annual-inspections"),
        ("person-graeme-tulloch", "WORKS_ON", "task-annual-inspections"),
        ("message-inspections-handover", "MENTIONS", "task-annual-inspections"),
    )

    ops = _src("message-ops-notes")
    for tid, name, owner, due, text, about in (
        (
            "task-liftbook-521",
            "Get LiftBook 5.2.1 (optional site contact email) from Caldera",
            "person-corey-blaxland",
            "2026-11-06",
            "Caldera Software ships LiftBook 5.2.1 with the site contact email on the "
            "e-docket made optional, by Friday 6 November.",
            "release-liftbook-52",
        ),
        (
            "task-chase-dockets",
            "Chase unsigned dockets every afternoon until LiftBook 5.2.1 is in",
            "person-jarrah-whitford",
            "2026-11-06",
            "Ring the site contact of every unsigned docket each afternoon and get the "
            "emailed copy signed.",
            "tool-liftbook",
        ),
        (
            "task-dual-sim-quote",
            "Quote for Telvara dual-SIM FleetTrak units for the whole fleet",
            "person-graeme-tulloch",
            "2026-11-13",
            "A second carrier in every FleetTrak unit so an APN change or a network outage "
            "does not stop the engine hours and fuel logging.",
            "tool-fleettrak",
        ),
        (
            "task-c25-move",
            "Book the Cockburn Heavy Haulage floats and the Main Roads permit for C25 to Henderson",
            "person-wayne-ostrowski",
            "2026-11-06",
            "Floats and an oversize permit for the C25 crawler's move from Kwinana to the "
            "Henderson yard in the week of 9 November.",
            "service-crane-c25",
        ),
        (
            "task-fatigue-template",
            "Write the no-override rule for 13 shifts in 14 days into the shutdown plan template",
            "person-sunita-bhatt",
            "2026-11-13",
            "LiftBook's fatigue flag cannot be overridden by the allocator; an exception goes "
            "to the HSEQ manager.",
            "rule-fatigue",
        ),
    ):
        w.node("Task", tid, name, src=ops, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            ops,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-ops-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    skillgate = impact_question(
        facts,
        "skillgate is offline this morning - what breaks?",
        ["vendor-skillgate"],
        today,
        must_exclude=["SiteForms"],
        note="TicketVault -> the LiftBook API key -> LiftBook -> allocation, taxi hire and "
        "the products; SiteForms (pre-starts) was retired on 1 September and breaks nothing now",
    )
    fuel = m(
        facts,
        today,
        "fuel burn oct vs aug, up or down?",
        "metric_change",
        "metric-fuel-burn",
        periods=("month_october", "month_august"),
        tolerance=0.5,
        covered=True,
        note="no FleetTrak readings 28 September - 5 October: October has 23 of the 28 days "
        "so far, August all 31, so compare daily means over the covered days and say so",
    )
    fuel.must_include = [coverage_words]
    dockets = m(
        facts,
        today,
        "same day docket signoff % since the 12th vs the fortnight before",
        "metric_change",
        "metric-docket-signoff",
        spans=((date(2026, 10, 12), date(2026, 10, 28)), (date(2026, 9, 28), date(2026, 10, 11))),
        tolerance=0.5,
        covered=True,
        note="no docket readings on Sundays outside the shutdown: 12-28 October has 15 of 17 "
        "days (18 and 25 October missing), 28 September - 11 October all 14; daily means "
        "over the covered days",
    )
    dockets.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if the rigsight licence expires what stops working?",
            ["account-rigsight-licence"],
            today,
            note="licence <- RigSight <- contract lifting <- contract lifts and the shutdown "
            "package; it expires on 30 November",
        ),
        impact_question(
            facts,
            "coastnet goes down, what do we lose",
            ["vendor-coastnet"],
            today,
            note="the SIMs carry FleetTrak: pre-starts (since 1 September) and fleet "
            "maintenance depend on it",
        ),
        skillgate,
        owner_question(
            facts,
            "who's got the rigsight renewal now?",
            "task-rigsight-renewal",
            today,
            note="Oskar handed it to Corey at the 27 October ops meeting",
        ),
        owner_question(
            facts,
            "who had the rigsight licence renewal mid oct",
            "task-rigsight-renewal",
            date(2026, 10, 15),
        ),
        owner_question(
            facts,
            "who was looking after the annual crane inspections in sept",
            "task-annual-inspections",
            date(2026, 9, 15),
            note="Graeme Tulloch took them over from Priya Raman on 5 October",
        ),
        Question(
            "why did we move prestarts into fleettrak?",
            "decision",
            must_include=["31%"],
            must_cite=["decision-fleettrak-prestarts"],
        ),
        Question(
            "who decided to bring in tidewater blokes for alcora",
            "decision",
            must_include=["Marnie Costello"],
            must_cite=["decision-tidewater-crews"],
        ),
        Question(
            "how were pre-starts done before the fleettrak app?",
            "decision",
            must_include=["SiteForms"],
            must_cite=["decision-siteforms-prestarts"],
            note="the superseded decision: SiteForms checklists until 1 September",
        ),
        Question(
            "anemometer on k22 is reading 40 k's at the jib head, do we keep lifting?",
            "policy",
            must_include=["36 km/h"],
            must_cite=["rule-wind-limit"],
            note="lifting stops above 36 km/h for 30 seconds; restart after 10 minutes below",
        ),
        Question(
            "new start's still waiting on his DG ticket, can he dog the load out of view for "
            "rhys tomorrow?",
            "policy",
            must_include=[["licensed dogman", "DG (dogging) licence", "dogging licence"]],
            must_cite=["rule-dogman-licence"],
            note="no: only a licensed dogman directs a load out of view; a trainee works "
            "beside one",
        ),
        Question(
            "harbourline cancelled tomorrows 7am job at 1pm today, what do we charge them",
            "policy",
            must_include=["2 hours"],
            must_cite=["rule-cancellation"],
            note="cancelled within 24 hours of the start: charged as 2 hours",
        ),
        Question(
            "lift is at 90% of the chart on the k10, does it need anything special",
            "policy",
            must_include=[["critical lift", "lift plan"]],
            must_cite=["rule-critical-lift"],
            note="over 85% of rated capacity is a critical lift: a RigSight plan signed by "
            "the lift engineer before set-up",
        ),
        related_question(
            facts,
            "fleettrak talks over data sims - which telco is behind them?",
            today,
            rel="DEPENDS_ON",
            frm="account-fleettrak-sims",
            keep=["Vendor"],
            note="two hops: FleetTrak -> its data SIMs -> Coastnet Wireless",
        ),
        related_question(
            facts,
            "contract lifting runs on the rigsight licence, which team is the person who owns "
            "that licence in?",
            today,
            rel="MEMBER_OF",
            frm="person-oskar-lindgren",
            note="three hops: contract lifting -> RigSight -> the network licence, owned by "
            "Oskar Lindgren -> his team (the renewal task moved to Corey, the licence did not)",
        ),
        related_question(
            facts,
            "which of our cranes does vantor look after",
            today,
            rel="DEPENDS_ON",
            to="vendor-vantor",
            keep=["Service"],
        ),
        m(
            facts,
            today,
            "how many billable crane hours yesterday",
            "metric_value",
            "metric-crane-hours",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "fleet availabilty on 20 aug?",
            "metric_value",
            "metric-fleet-availability",
            span=(date(2026, 8, 20), date(2026, 8, 20)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "crane hrs second half of september",
            "metric_total",
            "metric-crane-hours",
            periods=("second_half_september",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "total crane hours the week of 5 oct",
            "metric_total",
            "metric-crane-hours",
            periods=("week_of_2026-10-05",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "billable hours since the alcora shutdown kicked off",
            "metric_total",
            "metric-crane-hours",
            periods=("since_2026-09-14",),
            tolerance=2.0,
            note="the shutdown started on 14 September",
        ),
        m(
            facts,
            today,
            "avg fleet availability mid aug",
            "metric_average",
            "metric-fleet-availability",
            periods=("mid_august",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "avg daily crane hours end of Q3",
            "metric_average",
            "metric-crane-hours",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "crane hours last 7 days vs the 7 before",
            "metric_change",
            "metric-crane-hours",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "prestart on-time rate september vs august",
            "metric_change",
            "metric-prestart-on-time",
            periods=("month_september", "month_august"),
            tolerance=0.2,
        ),
        fuel,
        dockets,
        Question(
            "why did fleet availability tank in the second half of aug",
            "metric_why",
            must_include=[["slew ring", "slew", "K22"]],
            must_cite=["incident-k22-slew"],
        ),
        Question(
            "why has same day docket sign off dropped since mid oct?",
            "metric_why",
            must_include=[["5.2", "site contact email", "e-docket"]],
            must_cite=["release-liftbook-52"],
            note="nothing links the release to the docket metric: sign-off falls from 12 "
            "October, the day LiftBook 5.2 made a site contact email mandatory on the e-docket",
        ),
        Question(
            "why is there no fuel data for the start of october",
            "metric_why",
            must_include=[["APN", "Coastnet", "SIM"]],
            must_cite=["incident-fleettrak-apn"],
        ),
        Question(
            "why did crane hours spike from mid september",
            "metric_why",
            must_include=[["Alcora", "shutdown"]],
            must_cite=["decision-shutdown-crane-hours"],
        ),
        Question(
            "what did the k22 slew ring job cost us according to graeme's review",
            "document",
            must_include=["84,300"],
            must_cite=["doc-slew-review"],
        ),
        Question(
            "whats our hourly wet hire rate for the 220 tonner",
            "document",
            must_include=["465"],
            must_cite=["doc-hire-terms"],
        ),
        Question(
            "what did we agree at tuesday's ops meeting about the docket problem",
            "meeting",
            must_include=["optional", ["photograph", "photo"]],
            must_cite=["decision-docket-email-optional"],
            note="27 October: Caldera makes the site contact email optional in LiftBook 5.2.1 "
            "by 6 November (Corey); operators photograph signed paper dockets and Jarrah "
            "chases unsigned ones every afternoon until then",
        ),
        Question(
            "who's doing what after tuesdays ops mtg?",
            "meeting",
            must_include=["Corey", "Jarrah", "Graeme", "Wayne"],
            note="Corey: LiftBook 5.2.1 by 6 Nov and the RigSight renewal by 20 Nov (Nadia "
            "raises the PO); Jarrah: chase unsigned dockets; Graeme: Telvara dual-SIM quote by "
            "13 Nov, K10 and K55 annuals 17-18 Nov; Wayne: floats and permit for C25 by 6 Nov; "
            "Sunita: fatigue rule in the shutdown template",
        ),
        Question(
            "who owns the liebherr service agreement",
            "unknown",
            absent=["Liebherr"],
            note="the fleet is Vantor, Tarrant and Hakuro; no Liebherr in the records",
        ),
        Question(
            "what did shane doolan decide about the geraldton depot?",
            "unknown",
            absent=["Shane Doolan", "Geraldton"],
            note="no such person and no Geraldton depot",
        ),
        Question(
            "how many crane hours did we bill in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 31 July",
        ),
        Question("who won the afl grand final this year", "offtopic"),
        Question("any good fish and chips in rockingham?", "offtopic"),
    ]


def build() -> Business:
    """The crane hire company's facts and its questions."""
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
        "Kestrel Lift & Haul",
        "mobile and crawler crane hire with lifting crews (operators, riggers, dogmen), two "
        "yards and a maintenance workshop (Kestrel Lift & Haul, Kwinana, Western Australia)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-10-27.txt",
                "title": "Weekly ops meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
