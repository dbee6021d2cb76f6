"""Tussock Ridge Ski Area: a commercial ski field on the Ben Ohau Range above Twizel, NZ.

The story: guests buy lift passes, lessons and rentals in the RidgePass web store (built by
Tahi Digital, cards through a Kauri Payments merchant account) and ride four lifts through
Sentra Access RFID gates run by SentraCore, whose gate licence key expires on 30 September.
The Tarn Express detachable quad is Stahlberg Ropeways'; Glacio Snow Systems' fan guns are set
and logged from SnowNet over a Southern Comms data SIM; Southern Comms' repeater also carries
the patrol radio that avalanche control (Canterbury Blasting Supplies' explosives, Aoraki Heli
Services' helicopter) depends on. The season opened on Saturday 30 May. A storm shut the access
road on 22 and 23 June. Patrol made the lower Tussock Trail a slow zone from 27 June and
first-aid cases fell. From 1 July ski school lessons moved from SnowDesk to the web store. The
Tarn Express main gearbox failed on 15 July, mid school holidays, and was shut until 20 July.
Southern Comms' SIM migration cut the SnowNet link from 28 July to 6 August, so snowmaking has no
readings for those days. RidgePass web store 3.0 went live on 4 August and moved the rental
add-on after payment; rental fittings fell that day (nothing links the two). The explosives
magazine certificate renewal moved from Hemi Walker to Sophie Lindqvist on 10 August after
Hemi's knee injury; the mountain ops meeting of 24 August put the add-ons back into checkout
and handed the gate licence renewal from Mei Lin Chua to Callum Burke.

"Today" is Thursday 27 August 2026; daily readings run from 30 May to 26 August.
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

SLUG = "tussock-ridge-ski"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 8, 27)
FIRST, LAST = date(2026, 5, 30), date(2026, 8, 26)
SEED = 2027
START = date(2025, 5, 5)
STORM_DAYS = (date(2026, 6, 22), date(2026, 6, 23))
SLOW_ZONE_FROM = date(2026, 6, 27)
LESSONS_WEBSTORE_FROM = date(2026, 7, 1)
SCHOOL_HOLS = (date(2026, 7, 4), date(2026, 7, 19))
GEARBOX_DAYS = tuple(date(2026, 7, 15) + timedelta(days=i) for i in range(5))  # to 19 Jul
LINK_GAP = tuple(date(2026, 7, 28) + timedelta(days=i) for i in range(10))  # to 6 Aug
LINK_BACK = date(2026, 8, 7)
WEBSTORE_3 = date(2026, 8, 4)
MAGAZINE_HANDOVER = date(2026, 8, 10)
LICENCE_TASK_FROM = date(2026, 8, 3)
OPS_MEETING = date(2026, 8, 24)
WIND_DAYS = (
    date(2026, 6, 9),
    date(2026, 6, 17),
    date(2026, 7, 2),
    date(2026, 7, 25),
    date(2026, 8, 11),
    date(2026, 8, 19),
)
DOC_DATES = {
    "doc-lift-manual": date(2026, 5, 22),
    "doc-snow-safety": date(2026, 5, 20),
    "doc-guest-policy": date(2026, 5, 27),
    "doc-snowmaking-plan": date(2026, 5, 18),
    "doc-gearbox-review": date(2026, 7, 29),
}

# fmt: off
PEOPLE = (
    ("person-rangi-te-whata", "Rangi Te Whata", "General manager", None),
    ("person-fiona-mcallister", "Fiona McAllister", "Mountain manager", "team-mountain"),
    ("person-dougal-reid", "Dougal Reid", "Lift maintenance supervisor", "team-mountain"),
    ("person-tama-ngata", "Tama Ngata", "Snowmaking supervisor", "team-mountain"),
    ("person-bridget-oldfield", "Bridget Oldfield", "Grooming supervisor (snowcat fleet)",
     "team-mountain"),
    ("person-hemi-walker", "Hemi Walker", "Patrol director and snow safety officer "
     "(certified blaster)", "team-patrol"),
    ("person-sophie-lindqvist", "Sophie Lindqvist", "Senior patroller and avalanche forecaster "
     "(certified blaster)", "team-patrol"),
    ("person-josh-hartley", "Josh Hartley", "Patroller, blaster in training", "team-patrol"),
    ("person-aroha-pene", "Aroha Pene", "Snowsports school director", "team-guest"),
    ("person-sione-latu", "Sione Latu", "Rental shop manager", "team-guest"),
    ("person-mei-lin-chua", "Mei Lin Chua", "Ticketing and systems manager", "team-tix"),
    ("person-callum-burke", "Callum Burke", "Ticket office supervisor", "team-tix"),
    ("person-ella-whitcombe", "Ella Whitcombe", "Marketing and web store coordinator",
     "team-tix"),
    ("person-graham-pettigrew", "Graham Pettigrew", "Finance and admin manager", None),
)
TEAMS = (
    ("team-mountain", "Mountain Operations"),
    ("team-patrol", "Ski Patrol & Snow Safety"),
    ("team-guest", "Snowsports School & Rental"),
    ("team-tix", "Ticketing & Guest Systems"),
)
VENDORS = (
    ("vendor-stahlberg", "Stahlberg Ropeways", "the Tarn Express detachable quad, its gearbox "
     "and drive parts, and lift servicing from the Christchurch depot"),
    ("vendor-glacio", "Glacio Snow Systems", "fan guns, lances and the SnowNet snowmaking "
     "control software"),
    ("vendor-southern-comms", "Southern Comms", "the mountain radio repeater on the Ben Ohau "
     "ridge and the data SIM on the SnowNet link"),
    ("vendor-sentra", "Sentra Access", "the RFID lift gates, the SentraCore ticketing server "
     "and its yearly gate licence"),
    ("vendor-kauri", "Kauri Payments", "card payments for the RidgePass web store"),
    ("vendor-tahi", "Tahi Digital", "builds and hosts the RidgePass web store"),
    ("vendor-edgeworks", "Edgeworks Software", "the FitPoint rental shop system"),
    ("vendor-southern-snowcat", "Southern Snowcat Services", "servicing and parts for the "
     "four snowcats"),
    ("vendor-mackenzie-fuels", "Mackenzie Fuels", "diesel for the snowcats, the auxiliary "
     "drive and the generators"),
    ("vendor-canterbury-blasting", "Canterbury Blasting Supplies", "explosives, detonators "
     "and fuse for avalanche control"),
    ("vendor-aoraki-heli", "Aoraki Heli Services", "the helicopter for heli bombing in "
     "Boundary Bowl and for rescues"),
)
TOOLS = (
    ("tool-sentracore", "SentraCore ticketing and RFID gates", "vendor-sentra",
     "person-mei-lin-chua"),
    ("tool-webstore", "RidgePass web store", "vendor-tahi", "person-ella-whitcombe"),
    ("tool-snownet", "SnowNet snowmaking control", "vendor-glacio", "person-tama-ngata"),
    ("tool-fitpoint", "FitPoint rental system", "vendor-edgeworks", "person-sione-latu"),
)
ACCOUNTS = (
    ("account-gate-licence", "SentraCore gate licence key", "person-mei-lin-chua",
     "The yearly licence key loaded on the SentraCore server; without a current key the RFID "
     "gates stop validating cards at every lift. It expires on 30 September 2026 and renewal "
     "needs a purchase order to Sentra Access.", {"expiresAt": "2026-09-30"}),
    ("account-sentra-api", "SentraCore API key for the web store", "person-mei-lin-chua",
     "The key the RidgePass web store uses to issue passes onto RFID cards in SentraCore.", {}),
    ("account-kauri-merchant", "Kauri Payments merchant account", "person-graham-pettigrew",
     "Tussock Ridge's merchant account with Kauri Payments; every card payment in the "
     "RidgePass web store goes through it.", {}),
    ("account-snownet-link", "SnowNet link data SIM", "person-tama-ngata",
     "The Southern Comms cellular data SIM that carries SnowNet between the pump houses and "
     "the ops office; reissued on 7 August after Southern Comms' network migration.", {}),
)
SERVICES = (
    ("service-lift-access", "Lift access (RFID gates)", ("tool-sentracore",)),
    ("service-online-sales", "Online ticket, lesson and rental sales", ("tool-webstore",)),
    ("service-snowmaking", "Snowmaking", ("tool-snownet",)),
    ("service-grooming", "Night grooming",
     ("vendor-southern-snowcat", "vendor-mackenzie-fuels")),
    ("service-radio", "Mountain radio network", ("vendor-southern-comms",)),
    ("service-patrol", "Ski patrol and first aid", ("service-radio",)),
    ("service-avalanche", "Avalanche control programme",
     ("service-radio", "vendor-canterbury-blasting", "vendor-aoraki-heli")),
    ("service-rental", "Rental shop", ("tool-fitpoint",)),
    ("service-ski-school", "Ski school lessons", ()),
)
LIFTS = (
    ("service-tarn-express", "Tarn Express (detachable quad chair)", ("vendor-stahlberg",)),
    ("service-kea-tbar", "Kea T-bar", ()),
    ("service-scree-tbar", "Scree T-bar", ()),
    ("service-magic-carpet", "Kea magic carpet", ()),
)
PRODUCTS = (
    ("product-day-pass", "Day lift pass", ("service-lift-access", "service-patrol")),
    ("product-season-pass", "Ridge Season Pass", ("service-lift-access", "service-patrol")),
    ("product-rental", "Ski and snowboard rental", ("service-rental", "service-online-sales")),
    ("product-learn", "Learn-to-ski package (lift, lesson and rental)",
     ("service-ski-school", "service-rental", "service-lift-access")),
)
RULES = (
    ("rule-opening-checks", "No lift opens to the public until its daily inspection checklist "
     "is signed by the lift operator and a lift supervisor", "doc-lift-manual",
     "person-dougal-reid"),
    ("rule-wind-hold", "The Tarn Express stops loading when the top-station wind stays above "
     "65 km/h for a minute or gusts reach 80 km/h; the T-bars stop at 55 km/h; only the lift "
     "supervisor restarts a held lift", "doc-lift-manual", "person-dougal-reid"),
    ("rule-evac-drill", "Every chairlift runs a rope evacuation drill before opening day and "
     "again by 31 July", "doc-lift-manual", "person-dougal-reid"),
    ("rule-chair-kids", "Children under 1.25 metres ride the chair beside an adult with the "
     "restraint bar down", "doc-lift-manual", "person-dougal-reid"),
    ("rule-two-blasters", "Every avalanche control shot is placed by a certified blaster with "
     "a second certified person; a trainee never places a shot alone", "doc-snow-safety",
     "person-hemi-walker"),
    ("rule-closed-terrain", "Terrain closed for avalanche hazard stays roped until control and "
     "a sweep are done and the snow safety officer opens it on the radio", "doc-snow-safety",
     "person-hemi-walker"),
    ("rule-magazine-log", "Every box taken from or returned to the Boundary Hut magazine is "
     "signed in the magazine log", "doc-snow-safety", "person-hemi-walker"),
    ("rule-scree-gate", "The Scree Face boundary gate opens only when the avalanche hazard is "
     "Moderate or lower", "doc-snow-safety", "person-hemi-walker"),
    ("rule-snow-voucher", "If the upper-mountain lifts close before 11am, day-pass holders get "
     "a snow voucher for another day; no cash refunds on lift passes", "doc-guest-policy",
     "person-mei-lin-chua"),
    ("rule-lost-card", "A lost RFID card is replaced for $10 with photo ID; a season pass card "
     "is re-issued once free", "doc-guest-policy", "person-mei-lin-chua"),
    ("rule-pass-sharing", "A season pass used by someone else is cancelled without refund",
     "doc-guest-policy", "person-mei-lin-chua"),
    ("rule-din", "Only a certified binding technician sets or changes DIN settings in the "
     "rental shop", "doc-guest-policy", "person-mei-lin-chua"),
    ("rule-helmets", "Helmets are compulsory for everyone under 16 in ski school and in kids' "
     "rental", "doc-guest-policy", "person-mei-lin-chua"),
    ("rule-wet-bulb", "Snow guns run only at a wet-bulb temperature of minus 2.5°C or colder",
     "doc-snowmaking-plan", "person-tama-ngata"),
    ("rule-gearbox-oil", "The Tarn Express gearbox oil is sampled every 150 running hours and "
     "sent to the lab", "doc-gearbox-review", "person-dougal-reid"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-tussock",
        "Tussock Ridge Ski Area",
        src="companies-office:tussock-ridge-ski-area",
        as_of=date(2008, 4, 1),
        city="Twizel",
        text="Tussock Ridge Ski Area Ltd runs a commercial ski field on the Ben Ohau Range, "
        "a 24-kilometre access road above Twizel in the Mackenzie Basin, with staff housing "
        "in Twizel and a winter season from late May or June to early October.",
    )
    w.node(
        "Organization",
        "org-ecan",
        "Environment Canterbury",
        src="ecan:consents",
        as_of=START,
        text="The regional council; it issued the water permit that lets Tussock Ridge take "
        "water from Boundary Stream for snowmaking.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="deputy:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-tussock", since=START, src="deputy:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="deputy:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@tussockridge.co.nz",
        )
        w.edge(pid, "MEMBER_OF", team or "org-tussock", since=START, src="deputy:staff")
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
        w.edge("org-tussock", "USES", vid, since=START, src="xero:suppliers")
    w.node(
        "Deal",
        "deal-hydro-passes",
        "Waitaki Hydro staff club: 140 Ridge Season Passes for 2027",
        src="xero:quotes/Q-0412",
        as_of=date(2026, 8, 12),
        stage="quote sent",
        value=95200,
        text="A corporate deal for 140 Ridge Season Passes for the Waitaki Hydro staff club "
        "in Twizel and Ōmarama for the 2027 season, at $680 a pass.",
    )
    w.edge(
        "deal-hydro-passes",
        "ASSIGNED_TO",
        "person-graham-pettigrew",
        since=date(2026, 8, 12),
        src="xero:quotes/Q-0412",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-twizel-school",
            "Twizel Area School",
            "Brings 60 pupils up every Tuesday of Term 3 for the learn-to-ski programme.",
            "service-ski-school",
        ),
        (
            "customer-snow-tours",
            "Southern Lakes Snow Tours",
            "Coach day trips from Queenstown and Wānaka; books passes and rentals for its "
            "groups through the RidgePass web store's agent login.",
            "service-online-sales",
        ),
    ):
        w.node("Customer", cid, name, src="sentracore:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="sentracore:accounts")


def _systems(w: Book) -> None:
    src = "confluence:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES + LIFTS:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="sentracore:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-sentracore", "DEPENDS_ON", "account-gate-licence"),
        ("account-gate-licence", "DEPENDS_ON", "vendor-sentra"),
        ("account-gate-licence", "PART_OF", "tool-sentracore"),
        ("account-sentra-api", "DEPENDS_ON", "tool-sentracore"),
        ("account-sentra-api", "PART_OF", "tool-sentracore"),
        ("tool-webstore", "DEPENDS_ON", "account-sentra-api"),
        ("tool-webstore", "DEPENDS_ON", "account-kauri-merchant"),
        ("account-kauri-merchant", "DEPENDS_ON", "vendor-kauri"),
        ("account-kauri-merchant", "PART_OF", "tool-webstore"),
        ("tool-snownet", "DEPENDS_ON", "account-snownet-link"),
        ("account-snownet-link", "DEPENDS_ON", "vendor-southern-comms"),
        ("account-snownet-link", "PART_OF", "tool-snownet"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES + LIFTS for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((sid, "PART_OF", "org-tussock") for sid, _, _ in LIFTS),
        ("team-tix", "USES", "tool-sentracore"),
        ("team-tix", "USES", "tool-webstore"),
        ("team-guest", "USES", "tool-fitpoint"),
        ("team-guest", "USES", "tool-webstore"),
        ("team-mountain", "USES", "tool-snownet"),
        ("team-patrol", "USES", "service-radio"),
        ("team-mountain", "USES", "service-radio"),
        ("person-mei-lin-chua", "OWNS", "service-lift-access"),
        ("person-ella-whitcombe", "OWNS", "service-online-sales"),
        ("person-tama-ngata", "OWNS", "service-snowmaking"),
        ("person-bridget-oldfield", "OWNS", "service-grooming"),
        ("person-fiona-mcallister", "OWNS", "service-radio"),
        ("person-hemi-walker", "OWNS", "service-patrol"),
        ("person-hemi-walker", "OWNS", "service-avalanche"),
        ("person-sione-latu", "OWNS", "service-rental"),
        ("person-aroha-pene", "OWNS", "service-ski-school"),
        ("person-dougal-reid", "OWNS", "service-tarn-express"),
        ("person-dougal-reid", "OWNS", "service-kea-tbar"),
        ("person-dougal-reid", "OWNS", "service-scree-tbar"),
        ("person-dougal-reid", "OWNS", "service-magic-carpet"),
    )
    # Ski school bookings: SnowDesk until 1 July, then the RidgePass web store.
    w.node(
        "Tool",
        "tool-snowdesk",
        "SnowDesk lesson bookings (retired)",
        src=src,
        as_of=LESSONS_WEBSTORE_FROM,
        status="retired",
        kind="software",
    )
    w.edge(
        "tool-snowdesk",
        "DEPENDS_ON",
        "vendor-kauri",
        since=START,
        until=LESSONS_WEBSTORE_FROM,
        src=src,
    )
    w.edge(
        "service-ski-school",
        "DEPENDS_ON",
        "tool-snowdesk",
        since=START,
        until=LESSONS_WEBSTORE_FROM,
        src=src,
    )
    w.edge(
        "service-ski-school",
        "DEPENDS_ON",
        "tool-webstore",
        since=LESSONS_WEBSTORE_FROM,
        src=src,
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("visits", "avail", "snow", "rent", "aid")
    }
    day = FIRST
    while day <= LAST:
        weekend = day.weekday() >= 5
        hols = SCHOOL_HOLS[0] <= day <= SCHOOL_HOLS[1]
        if day <= date(2026, 5, 31):
            visits = rng.randint(2400, 2900)
        elif hols:
            visits = rng.randint(2700, 3300) if weekend else rng.randint(2100, 2700)
        else:
            visits = rng.randint(1900, 2700) if weekend else rng.randint(850, 1350)
        availability = rng.uniform(95.0, 99.5)
        if day in WIND_DAYS:
            availability = rng.uniform(62.0, 85.0)
            visits = round(visits * 0.7)
        if day in GEARBOX_DAYS:
            availability = rng.uniform(55.0, 61.0)
            visits = round(visits * 0.72)
        if day in STORM_DAYS:
            availability, visits = 0.0, 0
        # snow made on cold nights: most in June, least in August
        chance, lo, hi = (
            (0.75, 3000, 6500)
            if day.month in (5, 6)
            else (0.6, 2500, 5500)
            if day.month == 7
            else (0.4, 1000, 3500)
        )
        snow = rng.randint(lo, hi) if rng.random() < chance else 0
        share = rng.uniform(0.12, 0.155) if day >= WEBSTORE_3 else rng.uniform(0.19, 0.24)
        rentals = round(visits * share)
        rate = 0.0026 if day >= SLOW_ZONE_FROM else 0.0055
        aid = max(0, round(visits * rate + rng.uniform(-1.5, 1.5))) if visits else 0
        out["visits"].append((day, visits))
        out["avail"].append((day, round(availability, 1)))
        if day not in LINK_GAP:
            out["snow"].append((day, snow))
        out["rent"].append((day, rentals))
        out["aid"].append((day, aid))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    gates, lifts, snow, shop, patrol = (
        "sentracore:reports",
        "liftlog:daily",
        "snownet:feed",
        "fitpoint:reports",
        "patrolpad:reports",
    )
    w.metric(
        "metric-skier-visits",
        "Skier visits (first gate scans)",
        "visits",
        "sum",
        src=gates,
        since=START,
        measures="service-lift-access",
    )
    w.metric(
        "metric-lift-availability",
        "Lift availability (share of scheduled lift hours running)",
        "%",
        "mean",
        src=lifts,
        since=START,
    )
    w.metric(
        "metric-snow-made",
        "Snow made (SnowNet)",
        "m³",
        "sum",
        src=snow,
        since=START,
        measures="service-snowmaking",
    )
    w.metric("metric-rental-fittings", "Rental fittings", "fittings", "sum", src=shop, since=START)
    w.metric(
        "metric-first-aid",
        "Patrol first-aid cases",
        "cases",
        "sum",
        src=patrol,
        since=START,
        measures="service-patrol",
    )
    return {
        "visits": w.readings("metric-skier-visits", series["visits"], src=gates),
        "avail": w.readings("metric-lift-availability", series["avail"], src=lifts),
        "snow": w.readings("metric-snow-made", series["snow"], src=snow),
        "rent": w.readings("metric-rental-fittings", series["rent"], src=shop),
        "aid": w.readings("metric-first-aid", series["aid"], src=patrol),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, back = "patrolpad:incident-storm-0622", date(2026, 6, 24)
    w.node(
        "Incident",
        "incident-storm",
        "Storm closure: access road shut for two days",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-06-22T05:30:00+00:00",
        resolvedAt="2026-06-24T06:45:00+00:00",
        text="A southerly storm dropped 90 centimetres in 36 hours with winds over 120 km/h "
        "on the ridge; the access road was shut on Monday 22 and Tuesday 23 June for snow "
        "clearing and avalanche control above the hairpins, and the ski area did not open. "
        "The road reopened at 07:45 on Wednesday 24 June.",
    )
    w.edges(
        src,
        "2026-06-22T05:30:00+00:00",
        ("incident-storm", "AFFECTS", "service-lift-access"),
        ("incident-storm", "AFFECTS", "metric-skier-visits"),
        *(("incident-storm", "CAUSED", obs["visits"][d]) for d in STORM_DAYS),
        ("person-fiona-mcallister", "OWNS", "incident-storm"),
        as_of=back,
    )
    src, back = "liftlog:incident-tarn-gearbox", date(2026, 7, 20)
    w.node(
        "Incident",
        "incident-gearbox",
        "Tarn Express main gearbox bearing failure",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-07-15T10:40:00+00:00",
        resolvedAt="2026-07-20T08:30:00+00:00",
        text="The bearing on the Tarn Express main gearbox's intermediate shaft failed at "
        "10:40 on 15 July, in the school holidays; 312 guests were brought in on the "
        "auxiliary drive. The Express stayed shut until a bearing set came from Stahlberg "
        "Ropeways and reopened at 08:30 on 20 July; lift availability fell under 60% for "
        "those five days.",
    )
    w.edges(
        src,
        "2026-07-15T10:40:00+00:00",
        ("incident-gearbox", "AFFECTS", "service-tarn-express"),
        ("incident-gearbox", "AFFECTS", "metric-lift-availability"),
        *(("incident-gearbox", "CAUSED", obs["avail"][d]) for d in GEARBOX_DAYS),
        ("person-dougal-reid", "OWNS", "incident-gearbox"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-gearbox-repair",
        "Fit the new main gearbox bearing set on the Tarn Express",
        src="liftlog:tasks/228",
        as_of=back,
        status="done",
    )
    w.edges(
        "liftlog:tasks/228",
        date(2026, 7, 15),
        ("person-dougal-reid", "OWNS", "task-gearbox-repair"),
        ("person-dougal-reid", "WORKS_ON", "task-gearbox-repair"),
        ("task-gearbox-repair", "FIXES", "incident-gearbox"),
        ("task-gearbox-repair", "DEPENDS_ON", "vendor-stahlberg"),
        as_of=back,
    )
    src = "confluence:incident-snownet-link"
    w.node(
        "Incident",
        "incident-snownet-link",
        "SnowNet data link down: no snowmaking logging",
        src=src,
        as_of=LINK_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-07-28T02:00:00+00:00",
        resolvedAt="2026-08-07T09:20:00+00:00",
        text="Southern Comms migrated its data SIMs to a new network on 28 July and the "
        "SnowNet link's SIM was left off the list, so the pump houses stopped talking to the "
        "ops office. The guns ran on their local controllers on cold nights but nothing was "
        "logged from 28 July to 6 August; Tama Ngata fitted a new SIM on 7 August. The "
        "missing days cannot be backfilled, so snow made has a gap for them.",
    )
    w.edges(
        src,
        "2026-07-28T02:00:00+00:00",
        ("vendor-southern-comms", "CAUSED", "incident-snownet-link"),
        ("incident-snownet-link", "AFFECTS", "tool-snownet"),
        ("incident-snownet-link", "AFFECTS", "metric-snow-made"),
        ("person-tama-ngata", "OWNS", "incident-snownet-link"),
        as_of=LINK_BACK,
    )
    # The web store release: nothing ties it to rental fittings; they just fall that day.
    w.node(
        "Release",
        "release-webstore-3",
        "RidgePass web store 3.0",
        src="tahi:ridgepass/releases/3.0",
        as_of="2026-08-04T06:00:00+00:00",
        version="3.0",
        releasedAt="2026-08-04T06:00:00+00:00",
        text="Tahi Digital's RidgePass 3.0: a one-page checkout with Apple Pay and dynamic "
        "day-pass prices. The rental and lesson add-ons moved from the checkout to the My "
        "Trip page, shown after payment.",
    )
    w.edges(
        "tahi:ridgepass/releases/3.0",
        "2026-08-04T06:00:00+00:00",
        ("release-webstore-3", "PART_OF", "service-online-sales"),
        ("release-webstore-3", "CHANGED", "tool-webstore"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-mountain-ops", "#mountain-ops"),
        ("channel-patrol", "#patrol"),
        ("channel-guest", "#guest-services"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, ts, said, text in (
        (
            "message-lessons-webstore",
            "Aroha in #guest-services on 24 June",
            "person-aroha-pene",
            "channel-guest",
            1782280800,
            "2026-06-24T06:00:00+00:00",
            "From Wednesday 1 July lessons are sold only in the RidgePass web store, in the "
            "same cart as the pass and the rental. SnowDesk goes read-only that morning; "
            "instructors' rosters still come out of Deputy.",
        ),
        (
            "message-slow-zone",
            "Hemi in #patrol on 25 June",
            "person-hemi-walker",
            "channel-patrol",
            1782372600,
            "2026-06-25T07:30:00+00:00",
            "From Saturday 27 June the lower Tussock Trail below the Scree Gully junction is a "
            "slow zone, with fences and a patroller on it on weekends, and the Scree Gully "
            "shortcut is roped off. We've had 19 collisions there in four weeks.",
        ),
        (
            "message-webstore-3",
            "Ella in #guest-services on 3 August",
            "person-ella-whitcombe",
            "channel-guest",
            1785736800,
            "2026-08-03T06:00:00+00:00",
            "RidgePass 3.0 goes live tomorrow morning: one-page checkout, Apple Pay and "
            "dynamic day-pass prices. Lessons and rentals now sit on the My Trip page.",
        ),
        (
            "message-snownet-back",
            "Tama in #mountain-ops on 7 August",
            "person-tama-ngata",
            "channel-mountain-ops",
            1786094400,
            "2026-08-07T09:20:00+00:00",
            "SnowNet is back. Southern Comms left our SIM off their migration on the 28th; new "
            "SIM in this morning. Guns ran on local control on the cold nights but there's no "
            "logging for 28 July to 6 August.",
        ),
        (
            "message-magazine-handover",
            "Hemi in #patrol on 10 August",
            "person-hemi-walker",
            "channel-patrol",
            1786352400,
            "2026-08-10T09:00:00+00:00",
            "Sophie is taking over the magazine certificate renewal from today. I'm on light "
            "duties after the knee on Saturday and can't get up to Boundary Hut. The log is "
            "up to date.",
        ),
        (
            "message-ops-notes",
            "Mountain ops meeting notes, 24 August",
            "person-rangi-te-whata",
            "channel-mountain-ops",
            1787563800,
            "2026-08-24T09:30:00+00:00",
            "Mountain ops, Mon 24 Aug. 1) Pre-booked rentals down since RidgePass 3.0: the "
            "rental and lesson add-ons go back into the checkout before payment; Ella gets "
            "Tahi Digital to ship it by Fri 4 Sept. Sione emails a FitPoint rental link to "
            "every web store booking until then. 2) Mei Lin on parental leave from Mon 31 "
            "Aug: Callum takes over the SentraCore gate licence renewal (expires 30 Sept), "
            "done by Fri 18 Sept; Graham signs the PO. 3) Snowmaking from 1 Sept only on the "
            "Tarn Basin home trail and the Kea beginner area, all guns off by Sun 13 Sept. "
            "Tama gets a quote for a backup radio link by Fri 11 Sept. 4) Cat 3 parked for "
            "a winch hose, Southern Snowcat Services Thursday. 5) Sophie has the magazine "
            "certificate inspection on Wed 9 Sept. 6) Closing day Sun 4 Oct, snow permitting; "
            "Ella announces it by Fri 28 Aug.",
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
        "slack:guest-services/1785736800",
        "2026-08-03T06:00:00+00:00",
        ("message-webstore-3", "MENTIONS", "release-webstore-3"),
        ("message-webstore-3", "MENTIONS", "tool-webstore"),
    )
    w.edges(
        "slack:mountain-ops/1787563800",
        "2026-08-24T09:30:00+00:00",
        ("message-ops-notes", "MENTIONS", "tool-webstore"),
        ("message-ops-notes", "MENTIONS", "account-gate-licence"),
        ("message-ops-notes", "MENTIONS", "service-snowmaking"),
        ("message-ops-notes", "MENTIONS", "release-webstore-3"),
    )
    w.edges(
        "slack:mountain-ops/1786094400",
        "2026-08-07T09:20:00+00:00",
        ("message-snownet-back", "MENTIONS", "incident-snownet-link"),
        ("message-snownet-back", "MENTIONS", "account-snownet-link"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Tarn Express": "service-tarn-express",
        "Kea T-bar": "service-kea-tbar",
        "Scree T-bar": "service-scree-tbar",
        "magic carpet": "service-magic-carpet",
        "Stahlberg": "vendor-stahlberg",
        "Glacio": "vendor-glacio",
        "SnowNet": "tool-snownet",
        "Southern Comms": "vendor-southern-comms",
        "Aoraki Heli": "vendor-aoraki-heli",
        "Canterbury Blasting": "vendor-canterbury-blasting",
        "Environment Canterbury": "org-ecan",
        "RFID": "tool-sentracore",
        "Ridge Season Pass": "product-season-pass",
        "DIN": "service-rental",
        "Hemi Walker": "person-hemi-walker",
        "Dougal Reid": "person-dougal-reid",
        "Tama Ngata": "person-tama-ngata",
        "Fiona McAllister": "person-fiona-mcallister",
    }
    for path, did, author, kind, about in (
        (
            "lift-operations-manual.md",
            "doc-lift-manual",
            "person-dougal-reid",
            "manual",
            ["service-tarn-express", "service-lift-access"],
        ),
        (
            "snow-safety-plan-2026.md",
            "doc-snow-safety",
            "person-hemi-walker",
            "plan",
            ["service-avalanche", "service-patrol"],
        ),
        (
            "guest-services-policy.md",
            "doc-guest-policy",
            "person-mei-lin-chua",
            "policy",
            ["product-day-pass", "product-season-pass", "service-rental"],
        ),
        (
            "snowmaking-plan-2026.md",
            "doc-snowmaking-plan",
            "person-tama-ngata",
            "plan",
            ["service-snowmaking", "org-ecan"],
        ),
        (
            "tarn-express-gearbox-review.md",
            "doc-gearbox-review",
            "person-dougal-reid",
            "incident review",
            ["incident-gearbox"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"confluence:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"confluence:{doc.removeprefix('doc-')}"
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
        "decision-snowdesk",
        "Take ski school lesson bookings in SnowDesk",
        src="confluence:ski-school-2025",
        on=START,
        why="SnowDesk let the ticket office and the ski school desk book lessons and print "
        "class lists, and it came bundled with instructor timesheets in 2025.",
        made_by="person-aroha-pene",
        made_in=None,
    )
    decision(
        "decision-lessons-webstore",
        "Sell ski school lessons in the RidgePass web store from 1 July",
        src="slack:guest-services/1782280800",
        on=date(2026, 6, 24),
        why="SnowDesk double-booked instructors on 11 days in the 2025 season and its maker "
        "ends support after this winter. In the RidgePass web store a lesson goes in the "
        "same cart as the lift pass and the rental, so a family books everything at once.",
        made_by="person-aroha-pene",
        made_in="message-lessons-webstore",
        edges=(
            ("decision-lessons-webstore", "SUPERSEDES", "decision-snowdesk"),
            ("decision-lessons-webstore", "AFFECTS", "service-ski-school"),
            ("decision-lessons-webstore", "MENTIONS", "tool-webstore"),
            ("decision-lessons-webstore", "MENTIONS", "tool-snowdesk"),
        ),
    )
    decision(
        "decision-slow-zone",
        "Make the lower Tussock Trail a slow zone and rope off the Scree Gully shortcut "
        "from 27 June",
        src="slack:patrol/1782372600",
        on=date(2026, 6, 25),
        why="Patrol logged 19 collisions on the lower Tussock Trail in the first four weeks "
        "of the season, most where fast skiers off the Scree Gully shortcut meet beginners "
        "coming from the Kea T-bar. Slow-zone fencing and a patroller on weekends separate "
        "them.",
        made_by="person-hemi-walker",
        made_in="message-slow-zone",
        edges=(
            ("decision-slow-zone", "AFFECTS", "service-patrol"),
            ("decision-slow-zone", "AFFECTS", "metric-first-aid"),
        ),
    )
    decision(
        "decision-spare-bearings",
        "Keep a spare Tarn Express main gearbox bearing set in the base workshop",
        src="confluence:tarn-express-gearbox-review",
        on=DOC_DATES["doc-gearbox-review"],
        why="The July bearing failure shut the Tarn Express for five days of the school "
        "holidays while a bearing set was flown in from Austria, and cost $58,700; with a "
        "spare on the mountain the same failure costs two days.",
        made_by="person-dougal-reid",
        made_in="doc-gearbox-review",
        edges=(
            ("decision-spare-bearings", "BASED_ON", "doc-gearbox-review"),
            ("decision-spare-bearings", "MENTIONS", "incident-gearbox"),
            ("decision-spare-bearings", "MENTIONS", "vendor-stahlberg"),
        ),
    )
    ops = "slack:mountain-ops/1787563800"
    decision(
        "decision-addons-back",
        "Put the rental and lesson add-ons back into the RidgePass checkout, before payment",
        src=ops,
        on=OPS_MEETING,
        why="Since RidgePass 3.0 moved the add-ons to the My Trip page after payment, "
        "pre-booked rental fittings have dried up and guests queue at the shop. A rollback "
        "would bring back the old Apple Pay fault, so Tahi Digital puts the add-ons back "
        "into the one-page checkout instead, by Friday 4 September.",
        made_by="person-rangi-te-whata",
        made_in="message-ops-notes",
        edges=(
            ("decision-addons-back", "AFFECTS", "tool-webstore"),
            ("decision-addons-back", "MENTIONS", "release-webstore-3"),
        ),
    )
    decision(
        "decision-spring-snowmaking",
        "From 1 September make snow only on the Tarn Basin home trail and the Kea beginner "
        "area; all guns off by 13 September",
        src=ops,
        on=OPS_MEETING,
        why="The water permit's season ends on 15 September and the reservoir is being drawn "
        "down; the lower Tussock Trail is south-facing and will hold without snowmaking, and "
        "moving guns there would take two nights.",
        made_by="person-rangi-te-whata",
        made_in="message-ops-notes",
        edges=(("decision-spring-snowmaking", "AFFECTS", "service-snowmaking"),),
    )
    decision(
        "decision-closing-day",
        "Closing day is Sunday 4 October, snow permitting",
        src=ops,
        on=OPS_MEETING,
        why="Base depth at the top is 1.4 metres and holding; the season closes on Sunday "
        "4 October if the snow does.",
        made_by="person-rangi-te-whata",
        made_in="message-ops-notes",
    )


def _work(w: Book) -> None:
    src = "confluence:tasks/licence-renewal"
    w.node(
        "Task",
        "task-gate-licence",
        "Renew the SentraCore gate licence key before it expires on 30 September",
        src=src,
        as_of=LICENCE_TASK_FROM,
        status="in progress",
        due="2026-09-18",
        text="Get Sentra Access's renewal quote, have Graham Pettigrew raise the purchase "
        "order, and load the new licence key on the SentraCore server by 18 September.",
    )
    w.edge("person-mei-lin-chua", "OWNS", "task-gate-licence", since=LICENCE_TASK_FROM, src=src)
    w.edges(
        src,
        LICENCE_TASK_FROM,
        ("task-gate-licence", "ABOUT", "account-gate-licence"),
        ("person-mei-lin-chua", "WORKS_ON", "task-gate-licence"),
    )
    w.edges(
        "slack:mountain-ops/1787563800",
        OPS_MEETING,
        ("person-callum-burke", "OWNS", "task-gate-licence"),
        ("person-callum-burke", "WORKS_ON", "task-gate-licence"),
        ("person-graham-pettigrew", "WORKS_ON", "task-gate-licence"),
        ("message-ops-notes", "MENTIONS", "task-gate-licence"),
    )

    src = "confluence:tasks/magazine-certificate"
    w.node(
        "Task",
        "task-magazine-cert",
        "Renew the Boundary Hut explosives magazine certificate (current one expires 20 September)",
        src=src,
        as_of=date(2026, 7, 1),
        status="in progress",
        due="2026-09-09",
        text="Book the compliance certifier's inspection of the Boundary Hut magazine, have "
        "the magazine log and stock check ready, and file the new certificate before the "
        "current one expires on 20 September.",
    )
    w.edge("person-hemi-walker", "OWNS", "task-magazine-cert", since=date(2026, 7, 1), src=src)
    w.edges(
        src,
        date(2026, 7, 1),
        ("task-magazine-cert", "ABOUT", "service-avalanche"),
        ("task-magazine-cert", "ABOUT", "rule-magazine-log"),
        ("person-hemi-walker", "WORKS_ON", "task-magazine-cert"),
    )
    w.edges(
        "slack:patrol/1786352400",
        MAGAZINE_HANDOVER,
        ("person-sophie-lindqvist", "OWNS", "task-magazine-cert"),
        ("person-sophie-lindqvist", "WORKS_ON", "task-magazine-cert"),
        ("message-magazine-handover", "MENTIONS", "task-magazine-cert"),
    )

    ops = "slack:mountain-ops/1787563800"
    for tid, name, owner, due, text, workers, about in (
        (
            "task-addons-back",
            "Get the rental and lesson add-ons back into the RidgePass checkout",
            "person-ella-whitcombe",
            "2026-09-04",
            "Tahi Digital moves the rental and lesson add-ons from the My Trip page back into "
            "the one-page checkout, before the payment step.",
            ("person-ella-whitcombe",),
            "release-webstore-3",
        ),
        (
            "task-rental-links",
            "Email a FitPoint rental booking link to every web store booking until the "
            "add-ons are back",
            "person-sione-latu",
            "2026-09-04",
            "A nightly email from FitPoint to everyone on the next day's ticket list without a "
            "rental, from 25 August until the checkout fix is live.",
            ("person-sione-latu",),
            "service-rental",
        ),
        (
            "task-link-backup-quote",
            "Quote for a backup point-to-point radio link from Pump House 1 to the base",
            "person-tama-ngata",
            "2026-09-11",
            "A second path for SnowNet so a dropped data SIM does not stop the logging; "
            "Tama's guess is $8,000 to $10,000, for next season.",
            ("person-tama-ngata",),
            "tool-snownet",
        ),
        (
            "task-closing-day-notice",
            "Announce closing day (Sunday 4 October) in the newsletter and on the website",
            "person-ella-whitcombe",
            "2026-08-28",
            "Newsletter and website notice of closing day, Sunday 4 October, snow permitting.",
            ("person-ella-whitcombe",),
            "decision-closing-day",
        ),
    ):
        w.node("Task", tid, name, src=ops, as_of=OPS_MEETING, status="open", due=due, text=text)
        w.edges(
            ops,
            OPS_MEETING,
            (owner, "OWNS", tid),
            *((p, "WORKS_ON", tid) for p in workers),
            (tid, "ABOUT", about),
            ("message-ops-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap"]
    kauri = impact_question(
        facts,
        "kauri payments is offline - what breaks?",
        ["vendor-kauri", "account-kauri-merchant"],
        today,
        must_exclude=["SnowDesk"],
        note="SnowDesk took lesson payments through Kauri until 1 July; it is retired and "
        "breaks nothing now",
    )
    snow = m(
        facts,
        today,
        "snow made august vs july, up or down?",
        "metric_change",
        "metric-snow-made",
        periods=("month_august", "month_july"),
        tolerance=0.5,
        covered=True,
        note="no SnowNet readings 28 July - 6 August: July has 27 of 31 days, August 20 of "
        "the 26 so far, so compare daily means over the covered days and say so",
    )
    snow.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if the sentra gate licence expires what stops working?",
            ["account-gate-licence"],
            today,
            note="the key expires on 30 September: gates, the web store's pass issuing and "
            "everything sold through them",
        ),
        impact_question(
            facts,
            "southern comms goes down, what do we lose",
            ["vendor-southern-comms"],
            today,
            note="the repeater carries the radio network (patrol, avalanche control) and the "
            "SIM carries the SnowNet link",
        ),
        kauri,
        owner_question(
            facts,
            "who's got the gate licence renewal now?",
            "task-gate-licence",
            today,
            note="Mei Lin handed it to Callum at the 24 August mountain ops meeting",
        ),
        owner_question(
            facts,
            "who had the gate licence renewal in early aug",
            "task-gate-licence",
            date(2026, 8, 7),
        ),
        owner_question(
            facts,
            "who was looking after the magazine cert renewal in july",
            "task-magazine-cert",
            date(2026, 7, 20),
            note="Sophie Lindqvist took it over from Hemi Walker on 10 August",
        ),
        owner_question(
            facts,
            "who dealt with the express gearbox failure",
            "incident-gearbox",
            today,
        ),
        Question(
            "why did we move lesson bookings off snowdesk?",
            "decision",
            must_include=["double-book"],
            must_cite=["decision-lessons-webstore"],
        ),
        Question(
            "why the slow zone on lower tussock trail",
            "decision",
            must_include=["19 collisions"],
            must_cite=["decision-slow-zone"],
        ),
        Question(
            "how did ski school bookings work before the web store?",
            "decision",
            must_include=["SnowDesk"],
            must_cite=["decision-snowdesk"],
            note="the superseded decision: lessons booked in SnowDesk until 1 July",
        ),
        Question(
            "wind's gusting 70 up top at the express, do we keep loading?",
            "policy",
            must_include=["65 km/h"],
            must_cite=["rule-wind-hold"],
            note="the Express stops above 65 km/h sustained for a minute or gusts to 80 km/h",
        ),
        Question(
            "can josh place shots on his own tomorrow, he's nearly thru the course",
            "policy",
            must_include=[["certified blaster", "second certified"]],
            must_cite=["rule-two-blasters"],
            note="Josh Hartley is a trainee: never alone, only with a certified blaster",
        ),
        Question(
            "guest wants a refund, upper lifts shut at 10.30 for wind. what do we give them",
            "policy",
            must_include=["snow voucher"],
            must_cite=["rule-snow-voucher"],
            note="closed before 11am: a snow voucher, no cash refund",
        ),
        related_question(
            facts,
            "the web store takes cards thru a merchant acct - which vendor is behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-kauri-merchant",
            keep=["Vendor"],
            note="two hops: RidgePass web store -> Kauri Payments merchant account -> vendor",
        ),
        related_question(
            facts,
            "lift access runs off the gate licence, which team is the person who owns that "
            "licence in?",
            today,
            rel="MEMBER_OF",
            frm="person-mei-lin-chua",
            note="three hops: Lift access -> SentraCore -> the gate licence key, owned by Mei "
            "Lin Chua -> her team (the renewal task moved to Callum, the key did not)",
        ),
        related_question(
            facts,
            "what suppliers does avi control lean on",
            today,
            rel="DEPENDS_ON",
            frm="service-avalanche",
            keep=["Vendor"],
        ),
        m(
            facts,
            today,
            "how many skier visits yesterday",
            "metric_value",
            "metric-skier-visits",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "lift availabilty on 16 july?",
            "metric_value",
            "metric-lift-availability",
            span=(date(2026, 7, 16), date(2026, 7, 16)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "rental fittings second half of july",
            "metric_total",
            "metric-rental-fittings",
            periods=("second_half_july",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total visits the week of 6 july",
            "metric_total",
            "metric-skier-visits",
            periods=("week_of_2026-07-06",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "first aid cases since the slow zone went in",
            "metric_total",
            "metric-first-aid",
            periods=("since_2026-06-27",),
            tolerance=0.5,
            note="the slow zone started on 27 June",
        ),
        m(
            facts,
            today,
            "avg lift availability mid july",
            "metric_average",
            "metric-lift-availability",
            periods=("mid_july",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "avg daily visits start of Q3",
            "metric_average",
            "metric-skier-visits",
            periods=("start_q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "rental fittings last week vs the week of 27 july - how far down?",
            "metric_change",
            "metric-rental-fittings",
            periods=("last_week", "week_of_2026-07-27"),
            tolerance=0.2,
        ),
        snow,
        m(
            facts,
            today,
            "visits last 7 days vs the 7 before",
            "metric_change",
            "metric-skier-visits",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "patrol first aid cases july vs june",
            "metric_change",
            "metric-first-aid",
            periods=("month_july", "month_june"),
            tolerance=0.2,
        ),
        Question(
            "why did lift availability crater mid july",
            "metric_why",
            must_include=["gearbox"],
            must_cite=["incident-gearbox"],
        ),
        Question(
            "why are rental fittings down since early aug?",
            "metric_why",
            must_include=[["3.0", "add-on", "My Trip"]],
            must_cite=["release-webstore-3"],
            note="nothing links the release to the rental metric: fittings fall from 4 August, "
            "the day RidgePass 3.0 moved the rental add-on after payment",
        ),
        Question(
            "why is there no snowmaking data for end of july",
            "metric_why",
            must_include=[["SIM", "Southern Comms", "data link"]],
            must_cite=["incident-snownet-link"],
        ),
        Question(
            "why did first aid cases drop at the end of june",
            "metric_why",
            must_include=["slow zone"],
            must_cite=["decision-slow-zone"],
        ),
        Question(
            "what did the express gearbox job cost us according to dougal's review",
            "document",
            must_include=["58,700"],
            must_cite=["doc-gearbox-review"],
        ),
        Question(
            "how much water are the guns allowed to take from boundary stream",
            "document",
            must_include=["85 litres"],
            must_cite=["doc-snowmaking-plan"],
        ),
        Question(
            "what did we agree at monday's mtn ops meeting about the rental add-on",
            "meeting",
            must_include=["checkout", "Ella"],
            must_cite=["decision-addons-back"],
            note="24 August mountain ops meeting: add-ons back into the checkout before "
            "payment, Ella with Tahi Digital by Friday 4 September; Sione emails rental links "
            "meanwhile",
        ),
        Question(
            "who's doing what after monday's ops meeting?",
            "meeting",
            must_include=["Callum", "Ella", "Sione", "Tama"],
            note="Ella: add-ons back (4 Sep) and closing day notice (28 Aug); Sione: rental "
            "links until the fix; Callum: gate licence renewal (18 Sep, Graham signs the PO); "
            "Tama: spring snowmaking plan and the backup link quote (11 Sep); Sophie: magazine "
            "certificate inspection (9 Sep)",
        ),
        Question(
            "who owns the doppelmayr service contract",
            "unknown",
            absent=["Doppelmayr"],
            note="our lift maker is Stahlberg Ropeways; no Doppelmayr in the records",
        ),
        Question(
            "what did kiri parata decide about the tube park?",
            "unknown",
            absent=["Kiri Parata", "tube park"],
            note="no such person and no tube park",
        ),
        Question(
            "how many skier visits did we do in april",
            "unknown",
            absent=["2026-04-"],
            note="the season opened on 30 May; readings start then",
        ),
        Question("who won the bledisloe cup this year", "offtopic"),
        Question("whats a good pavlova recipe", "offtopic"),
    ]


def build() -> Business:
    """The ski area's facts and its questions."""
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
        "Tussock Ridge Ski Area",
        "ski area operations: lifts, snowmaking, grooming, ski school, rental, RFID "
        "ticketing, avalanche control and patrol (Tussock Ridge Ski Area, Twizel, New Zealand)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/mountain-ops-2026-08-24.txt",
                "title": "Mountain ops meeting",
                "date": OPS_MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=Path(__file__).resolve().parent / SLUG)
