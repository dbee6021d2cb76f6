"""Lichtveld Energie: a residential solar PV and heat pump installer in Zwolle (Overijssel, NL).

The story: surveyors book homes into the Pipedeck CRM, quotes are built in OfferteKit and
priced from Noordzon Groothandel's live price feed, crews fit Noordzon panels with Voltera
inverters (watched in Voltera SolarView) and Klimaflex heat pumps, Hanze Steigerbouw puts the
scaffolding up, every solar system is notified to the grid operator Netwerk IJsselland on its
AansluitPortaal (the installer account expires on 30 November), and customer loans go to
Groenkrediet. On 10 August scaffolding moved from Steigerwerk Vecht to Hanze; on 17 August
loan applications moved from a PDF referral form to the Pipedeck integration. From 24 August
to 4 September Voltera's firmware 4.2 tripped SX-series inverters and fault callbacks jumped.
Zonnepakket prices rose 7% on 1 September and quote conversion fell that day (nothing links
the two). The SolarView data feed stopped from 5 to 18 September, so the monitored fleet
generation has no readings for those days. A second solar crew, Crew Noord, started on
14 September: installs rose and survey-to-install started to fall. On 6 and 7 October the
Noordzon price feed was down and hardly any quotes went out. The Monday ops meeting of
12 October agreed a fallback price list and handed the portal renewal from Lotte to Priya;
the KwaliCert audit preparation moved from Ruben to Daan on 28 September.

"Today" is Thursday 22 October 2026; daily readings run from 22 July to 21 October.
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

SLUG = "lichtveld-energie"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 22)
FIRST, LAST = date(2026, 7, 22), date(2026, 10, 21)
SEED = 6620
START = date(2025, 2, 3)
HANZE_FROM = date(2026, 8, 10)
LOANS_API_FROM = date(2026, 8, 17)
FIRMWARE_DAYS = tuple(date(2026, 8, 24) + timedelta(days=i) for i in range(12))  # to 4 Sep
PRICE_RISE = date(2026, 9, 1)
FEED_GAP = tuple(date(2026, 9, 5) + timedelta(days=i) for i in range(14))  # to 18 Sep
CREW_NOORD = date(2026, 9, 14)
PRICE_FEED_DOWN = {date(2026, 10, 6): 2, date(2026, 10, 7): 1, date(2026, 10, 8): 24}
OPS_MEETING = date(2026, 10, 12)
DOC_DATES = {
    "doc-installer-handbook": HANZE_FROM,
    "doc-quoting-policy": LOANS_API_FROM,
    "doc-capacity-review": date(2026, 9, 2),
    "doc-firmware-review": date(2026, 9, 15),
}

# fmt: off
PEOPLE = (
    ("person-willemijn-post", "Willemijn Post", "Managing director", None),
    ("person-femke-dijkstra", "Femke Dijkstra", "Sales lead", "team-sales"),
    ("person-joris-van-wijk", "Joris van Wijk", "Surveyor", "team-sales"),
    ("person-anouk-brouwer", "Anouk Brouwer", "Surveyor and heat pump designer", "team-sales"),
    ("person-ruben-hoekstra", "Ruben Hoekstra", "Installations manager", "team-installs"),
    ("person-sem-bakker", "Sem Bakker", "Solar crew lead, Crew Zuid", "team-installs"),
    ("person-thijs-kramer", "Thijs Kramer", "Solar crew lead, Crew Noord", "team-installs"),
    ("person-daan-mulder", "Daan Mulder", "Heat pump engineer (F-gas certified)",
     "team-installs"),
    ("person-lotte-visser", "Lotte Visser", "Planner and grid applications", "team-office"),
    ("person-priya-ramdin", "Priya Ramdin", "Office manager: CRM admin and customer finance",
     "team-office"),
    ("person-marco-jansen", "Marco Jansen", "Aftercare and service engineer", "team-office"),
)
TEAMS = (
    ("team-sales", "Sales & Surveys"),
    ("team-installs", "Install crews"),
    ("team-office", "Planning & Aftercare"),
)
VENDORS = (
    ("vendor-noordzon", "Noordzon Groothandel", "solar panels, mounting rails and the live "
     "price feed OfferteKit quotes from"),
    ("vendor-voltera", "Voltera", "string inverters, the SolarView monitoring portal and its "
     "data feed"),
    ("vendor-klimaflex", "Klimaflex Warmtepompen", "air-to-water heat pumps and spare parts"),
    ("vendor-hanze", "Hanze Steigerbouw", "roof scaffolding, put up the working day before an "
     "install"),
    ("vendor-steigerwerk", "Steigerwerk Vecht", "roof scaffolding (until 10 August 2026)"),
    ("vendor-ijsselland", "Netwerk IJsselland", "the regional electricity grid and the "
     "AansluitPortaal for installer notifications and connection applications"),
    ("vendor-pipedeck", "Pipedeck", "the Pipedeck CRM: leads, surveys, jobs and callbacks"),
    ("vendor-offertekit", "OfferteKit", "the quoting software"),
    ("vendor-groenkrediet", "Groenkrediet", "green home-improvement loans for our customers"),
)
SUPPLIERS = ("vendor-noordzon", "vendor-voltera", "vendor-klimaflex", "vendor-hanze",
             "vendor-groenkrediet")
TOOLS = (
    ("tool-pipedeck", "Pipedeck CRM", "vendor-pipedeck", "person-priya-ramdin"),
    ("tool-offertekit", "OfferteKit quoting tool", "vendor-offertekit", "person-femke-dijkstra"),
    ("tool-aansluitportaal", "AansluitPortaal (Netwerk IJsselland)", "vendor-ijsselland",
     "person-lotte-visser"),
    ("tool-solarview", "Voltera SolarView monitoring", "vendor-voltera", "person-marco-jansen"),
)
ACCOUNTS = (
    ("account-noordzon-feed", "Noordzon price feed API key", "person-priya-ramdin",
     "The key OfferteKit uses to pull Noordzon Groothandel's live panel, rail and inverter "
     "prices into every quote.", {}),
    ("account-portal-login", "AansluitPortaal installer account", "person-lotte-visser",
     "Lichtveld's installer account on Netwerk IJsselland's AansluitPortaal, logged in with "
     "eHerkenning level 3; it expires on 30 November 2026 and renewal needs a fresh KvK "
     "extract.", {"expiresAt": "2026-11-30"}),
    ("account-groenkrediet-api", "Groenkrediet partner API key", "person-priya-ramdin",
     "The partner key the Pipedeck integration uses to send loan applications to "
     "Groenkrediet and read back their decisions.", {}),
    ("account-solarview-feed", "SolarView data feed token", "person-marco-jansen",
     "The token that pulls daily generation and fault alerts for every customer system from "
     "Voltera SolarView; reissued on 19 September after Voltera's API move.", {}),
)
SERVICES = (
    ("service-quotes", "Online quotes", ("tool-offertekit",)),
    ("service-surveys", "Home surveys", ("tool-pipedeck",)),
    ("service-grid", "Grid connection notifications", ("account-portal-login",)),
    ("service-finance", "Customer solar loans", ("account-groenkrediet-api",)),
    ("service-monitoring", "Remote monitoring and fault alerts", ("account-solarview-feed",)),
    ("service-scaffolding", "Roof scaffolding", ()),
)
PRODUCTS = (
    ("product-solar", "Zonnepakket solar PV installation",
     ("vendor-noordzon", "vendor-voltera", "service-scaffolding", "service-grid",
      "service-quotes", "service-surveys")),
    ("product-heatpump", "Air-to-water heat pump installation",
     ("vendor-klimaflex", "service-quotes", "service-surveys")),
    ("product-care-plan", "Zorgeloos care plan", ("service-monitoring",)),
)
RULES = (
    ("rule-scaffold-height", "No work on a roof above 2.5 metres eaves height without "
     "scaffolding with edge protection; ladders are for access only",
     "doc-installer-handbook", "person-ruben-hoekstra"),
    ("rule-fgas", "Only an F-gas certified engineer may connect or open a heat pump's "
     "refrigerant circuit", "doc-installer-handbook", "person-ruben-hoekstra"),
    ("rule-grid-notify", "Every solar system is notified on the AansluitPortaal within 5 "
     "working days of commissioning", "doc-installer-handbook", "person-ruben-hoekstra"),
    ("rule-kwalicert-signoff", "Every install is signed off by a KwaliCert-registered "
     "installer before the customer's system is switched on", "doc-installer-handbook",
     "person-ruben-hoekstra"),
    ("rule-photo-set", "The 12-photo completion set goes into Pipedeck within 2 working days "
     "of finishing an install", "doc-installer-handbook", "person-ruben-hoekstra"),
    ("rule-callback", "A customer who reports a fault gets a call back within one working "
     "day", "doc-installer-handbook", "person-ruben-hoekstra"),
    ("rule-discount-cap", "Sales may give up to 5% off a quote; anything more needs Willemijn "
     "Post's approval in writing", "doc-quoting-policy", "person-femke-dijkstra"),
    ("rule-loan-booking", "A loan customer's install is not booked until Groenkrediet's "
     "approval is in Pipedeck", "doc-quoting-policy", "person-femke-dijkstra"),
    ("rule-asbestos", "No quote for panels on a roof with asbestos sheeting; refer the "
     "customer to a certified removal firm first", "doc-quoting-policy",
     "person-femke-dijkstra"),
    ("rule-quote-validity", "A quote is valid for 30 days; after that it is re-priced",
     "doc-quoting-policy", "person-femke-dijkstra"),
    ("rule-firmware-test", "No Voltera firmware update goes to customer inverters until Marco "
     "Jansen has tested it on the warehouse demo inverter for a week", "doc-firmware-review",
     "person-marco-jansen"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-lichtveld",
        "Lichtveld Energie",
        src="kvk:lichtveld-energie",
        as_of=date(2019, 3, 1),
        city="Zwolle",
        text="Lichtveld Energie B.V. installs solar panels and heat pumps for homes in Zwolle, "
        "Kampen, Dalfsen, Meppel and Deventer, from an office and warehouse on the Hessenpoort "
        "estate in Zwolle.",
    )
    w.node(
        "Organization",
        "org-kwalicert",
        "KwaliCert",
        src="kwalicert:register",
        as_of=START,
        text="The certification body for solar and heat pump installers; Lichtveld is "
        "registered installer KC-4471 and is audited once a year.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="pipedeck:users", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-lichtveld", since=START, src="pipedeck:users")
    for pid, name, role, team in PEOPLE:
        joined = CREW_NOORD - timedelta(days=14) if pid == "person-thijs-kramer" else START
        w.node(
            "Person",
            pid,
            name,
            src="pipedeck:users",
            as_of=joined,
            role=role,
            email=f"{name.split()[0].lower()}@lichtveld.nl",
        )
        w.edge(pid, "MEMBER_OF", team or "org-lichtveld", since=joined, src="pipedeck:users")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="exact:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid in SUPPLIERS:
        since = HANZE_FROM if vid == "vendor-hanze" else START
        w.edge("org-lichtveld", "USES", vid, since=since, src="exact:suppliers")
    w.edge(
        "org-lichtveld",
        "USES",
        "vendor-steigerwerk",
        since=START,
        until=HANZE_FROM,
        src="exact:suppliers",
    )
    for cid, name, text in (
        (
            "customer-vechtdal",
            "Woonstichting Vechtdal",
            "Housing association in Dalfsen; framework contract for 60 rooftop solar "
            "installs on its homes through 2026.",
        ),
        (
            "customer-de-kolk",
            "Camping De Kolk",
            "Campsite near Kampen: 84 panels on the reception and sanitary buildings, on a "
            "large connection that needed an AansluitPortaal application.",
        ),
    ):
        w.node(
            "Customer", cid, name, src="pipedeck:organisations", as_of=date(2026, 3, 2), text=text
        )
    w.node(
        "Deal",
        "deal-vechtdal-heatpumps",
        "Woonstichting Vechtdal: 40 heat pumps for Dalfsen",
        src="pipedeck:deals/311",
        as_of=date(2026, 9, 21),
        stage="proposal sent",
        value=296000,
        text="Forty Klimaflex air-to-water heat pumps for Woonstichting Vechtdal's terraced "
        "homes in Dalfsen, fitted from February 2027.",
    )
    w.edge(
        "deal-vechtdal-heatpumps",
        "ASSIGNED_TO",
        "person-femke-dijkstra",
        since=date(2026, 9, 21),
        src="pipedeck:deals/311",
    )
    w.edge(
        "deal-vechtdal-heatpumps",
        "DEPENDS_ON",
        "vendor-klimaflex",
        since=date(2026, 9, 21),
        src="pipedeck:deals/311",
    )


def _systems(w: Book) -> None:
    src = "notion:systems-register"
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
        w.node("Product", pid, name, src="offertekit:catalogue", as_of=START)
    w.edges(
        src,
        START,
        ("tool-offertekit", "DEPENDS_ON", "account-noordzon-feed"),
        ("tool-offertekit", "DEPENDS_ON", "tool-pipedeck"),
        ("account-noordzon-feed", "DEPENDS_ON", "vendor-noordzon"),
        ("account-noordzon-feed", "PART_OF", "tool-offertekit"),
        ("account-portal-login", "DEPENDS_ON", "tool-aansluitportaal"),
        ("account-portal-login", "PART_OF", "tool-aansluitportaal"),
        ("account-solarview-feed", "DEPENDS_ON", "tool-solarview"),
        ("account-solarview-feed", "PART_OF", "tool-solarview"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-sales", "USES", "tool-pipedeck"),
        ("team-sales", "USES", "tool-offertekit"),
        ("team-installs", "USES", "tool-pipedeck"),
        ("team-installs", "USES", "tool-solarview"),
        ("team-office", "USES", "tool-pipedeck"),
        ("team-office", "USES", "tool-aansluitportaal"),
        ("team-office", "USES", "tool-solarview"),
        ("person-ruben-hoekstra", "OWNS", "service-scaffolding"),
        ("person-lotte-visser", "OWNS", "service-grid"),
        ("person-marco-jansen", "OWNS", "service-monitoring"),
    )
    # Scaffolding changed subcontractor on 10 August.
    w.edge(
        "service-scaffolding",
        "DEPENDS_ON",
        "vendor-steigerwerk",
        since=START,
        until=HANZE_FROM,
        src=src,
    )
    w.edge("service-scaffolding", "DEPENDS_ON", "vendor-hanze", since=HANZE_FROM, src=src)
    # Loans: the PDF referral form until 17 August, then the Pipedeck integration's key.
    w.node(
        "Tool",
        "tool-finance-form",
        "Groenkrediet PDF referral form (retired)",
        src=src,
        as_of=LOANS_API_FROM,
        status="retired",
        kind="form",
    )
    w.edge(
        "tool-finance-form",
        "DEPENDS_ON",
        "vendor-groenkrediet",
        since=START,
        until=LOANS_API_FROM,
        src=src,
    )
    w.edge(
        "service-finance",
        "DEPENDS_ON",
        "tool-finance-form",
        since=START,
        until=LOANS_API_FROM,
        src=src,
    )
    w.edges(
        src,
        LOANS_API_FROM,
        ("account-groenkrediet-api", "DEPENDS_ON", "vendor-groenkrediet"),
        ("account-groenkrediet-api", "DEPENDS_ON", "tool-pipedeck"),
        ("account-groenkrediet-api", "PART_OF", "tool-pipedeck"),
        ("person-priya-ramdin", "OWNS", "service-finance"),
    )
    for cid in ("customer-vechtdal", "customer-de-kolk"):
        w.edge(
            cid, "USES", "service-monitoring", since=date(2026, 3, 2), src="pipedeck:organisations"
        )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("inst", "quo", "conv", "cb", "sti", "gen")
    }
    crew_peak = CREW_NOORD - timedelta(days=1)
    day = FIRST
    while day <= LAST:
        wd, i = day.weekday(), (day - FIRST).days
        two_crews = day >= CREW_NOORD
        if wd < 5:
            installs = rng.randint(4, 6) if two_crews else rng.randint(2, 4)
            quotes = rng.randint(11, 17)
            callbacks = rng.randint(9, 14) if day in FIRMWARE_DAYS else rng.randint(2, 5)
        elif wd == 5:
            installs = rng.randint(1, 2) if two_crews else rng.randint(0, 1)
            quotes = rng.randint(3, 7)
            callbacks = rng.randint(5, 8) if day in FIRMWARE_DAYS else rng.randint(0, 2)
        else:
            installs = 0
            quotes = rng.randint(0, 2)
            callbacks = rng.randint(5, 8) if day in FIRMWARE_DAYS else rng.randint(0, 2)
        quotes = PRICE_FEED_DOWN.get(day, quotes)
        conversion = rng.uniform(20.0, 30.0) if day >= PRICE_RISE else rng.uniform(27.0, 37.0)
        if two_crews:
            trend = 45.5 - 0.3 * (day - crew_peak).days
        else:
            trend = 38.0 + 7.5 * i / (crew_peak - FIRST).days
        survey_to_install = trend + rng.uniform(-0.6, 0.6)
        systems = 1420 + round(100 * i / 91)
        per_system = 13.0 - 7.5 * i / 91
        generation = round(systems * per_system * rng.uniform(0.35, 1.15))
        out["inst"].append((day, installs))
        out["quo"].append((day, quotes))
        out["conv"].append((day, round(conversion, 1)))
        out["cb"].append((day, callbacks))
        out["sti"].append((day, round(survey_to_install, 1)))
        if day not in FEED_GAP:
            out["gen"].append((day, generation))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    crm, qt, sv = "pipedeck:reports", "offertekit:reports", "solarview:feed"
    w.metric("metric-installs", "Installs completed", "installs", "sum", src=crm, since=START)
    w.metric(
        "metric-quotes",
        "Quotes sent",
        "quotes",
        "sum",
        src=qt,
        since=START,
        measures="service-quotes",
    )
    w.metric("metric-conversion", "Quote conversion rate", "%", "mean", src=crm, since=START)
    w.metric("metric-callbacks", "Fault callbacks", "callbacks", "sum", src=crm, since=START)
    w.metric(
        "metric-survey-to-install",
        "Average days from survey to install (7-day rolling)",
        "days",
        "mean",
        src=crm,
        since=START,
    )
    w.metric(
        "metric-fleet-generation",
        "Monitored fleet generation",
        "kWh",
        "sum",
        src=sv,
        since=START,
        measures="service-monitoring",
    )
    return {
        "inst": w.readings("metric-installs", series["inst"], src=crm),
        "quo": w.readings("metric-quotes", series["quo"], src=qt),
        "conv": w.readings("metric-conversion", series["conv"], src=crm),
        "cb": w.readings("metric-callbacks", series["cb"], src=crm),
        "sti": w.readings("metric-survey-to-install", series["sti"], src=crm),
        "gen": w.readings("metric-fleet-generation", series["gen"], src=sv),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, fixed = "pipedeck:incident-firmware-42", date(2026, 9, 4)
    w.node(
        "Incident",
        "incident-firmware",
        "Voltera firmware 4.2 inverter dropouts",
        src=src,
        as_of=fixed,
        status="resolved",
        severity="high",
        startedAt="2026-08-24T11:30:00+00:00",
        resolvedAt="2026-09-04T15:00:00+00:00",
        text="Voltera pushed firmware 4.2 over the air on 24 August; it reset the grid "
        "over-voltage trip on SX-series inverters and 112 customer systems tripped off on "
        "sunny afternoons. Fault callbacks went from about three a weekday to ten or more "
        "until Voltera shipped firmware 4.2.1 on 4 September.",
    )
    w.edges(
        src,
        "2026-08-24T11:30:00+00:00",
        ("vendor-voltera", "CAUSED", "incident-firmware"),
        ("incident-firmware", "AFFECTS", "product-solar"),
        ("incident-firmware", "AFFECTS", "metric-callbacks"),
        *(("incident-firmware", "CAUSED", obs["cb"][d]) for d in FIRMWARE_DAYS),
        ("person-marco-jansen", "OWNS", "incident-firmware"),
        as_of=fixed,
    )
    w.node(
        "Task",
        "task-firmware-fix",
        "Get every affected inverter onto Voltera firmware 4.2.1",
        src="pipedeck:tasks/1187",
        as_of=date(2026, 9, 11),
        status="done",
    )
    w.edges(
        "pipedeck:tasks/1187",
        date(2026, 8, 25),
        ("person-marco-jansen", "OWNS", "task-firmware-fix"),
        ("task-firmware-fix", "FIXES", "incident-firmware"),
        ("person-sem-bakker", "WORKS_ON", "task-firmware-fix"),
        ("person-marco-jansen", "WORKS_ON", "task-firmware-fix"),
        as_of=date(2026, 9, 11),
    )
    src, back = "pipedeck:incident-solarview-feed", date(2026, 9, 19)
    w.node(
        "Incident",
        "incident-feed-gap",
        "SolarView data feed stopped: no fleet readings",
        src=src,
        as_of=back,
        status="resolved",
        severity="medium",
        startedAt="2026-09-05T00:00:00+00:00",
        resolvedAt="2026-09-19T08:10:00+00:00",
        text="Voltera moved SolarView to a new API on 5 September and retired the old feed "
        "tokens without notice, so no generation data came through from 5 to 18 September "
        "and fault alerts stopped. Marco Jansen issued a new SolarView data feed token on "
        "19 September. The gap cannot be backfilled: those days are missing from the fleet "
        "figures for good.",
    )
    w.edges(
        src,
        "2026-09-05T00:00:00+00:00",
        ("vendor-voltera", "CAUSED", "incident-feed-gap"),
        ("incident-feed-gap", "AFFECTS", "service-monitoring"),
        ("incident-feed-gap", "AFFECTS", "metric-fleet-generation"),
        ("person-marco-jansen", "OWNS", "incident-feed-gap"),
        as_of=back,
    )
    src, back = "pipedeck:incident-price-feed", date(2026, 10, 8)
    w.node(
        "Incident",
        "incident-price-feed",
        "Noordzon price feed down: OfferteKit could not price quotes",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-10-06T07:00:00+00:00",
        resolvedAt="2026-10-08T05:45:00+00:00",
        text="Noordzon Groothandel moved its price feed to a new address without telling us; "
        "OfferteKit came back with blank prices from Tuesday 6 October until Thursday "
        "8 October at 07:45, so only three quotes went out in two days. The backlog of 24 "
        "quotes went out on the Thursday.",
    )
    w.edges(
        src,
        "2026-10-06T07:00:00+00:00",
        ("vendor-noordzon", "CAUSED", "incident-price-feed"),
        ("incident-price-feed", "AFFECTS", "service-quotes"),
        ("incident-price-feed", "AFFECTS", "metric-quotes"),
        *(
            ("incident-price-feed", "CAUSED", obs["quo"][d])
            for d in (date(2026, 10, 6), date(2026, 10, 7))
        ),
        ("person-priya-ramdin", "OWNS", "incident-price-feed"),
        as_of=back,
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-ops", "#ops"),
        ("channel-sales", "#sales"),
        ("channel-installs", "#installs"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, ts, said, text in (
        (
            "message-hanze",
            "Ruben in #installs on 30 July",
            "person-ruben-hoekstra",
            "channel-installs",
            1785395520,
            "2026-07-30T07:12:00+00:00",
            "From Monday 10 August all our scaffolding goes to Hanze Steigerbouw. Steigerwerk "
            "Vecht cancelled six jobs on us in June and July with less than 48 hours' notice "
            "and each one cost a crew a day. Hanze puts it up the working day before and "
            "they're cheaper too, €385 a standard house against €410.",
        ),
        (
            "message-loans-api",
            "Priya in #sales on 14 August",
            "person-priya-ramdin",
            "channel-sales",
            1786711200,
            "2026-08-14T12:40:00+00:00",
            "From Monday 17 August please stop sending Groenkrediet the PDF referral form. "
            "Loan applications now go from the customer's deal in Pipedeck with the "
            "Groenkrediet button, and the decision comes back into Pipedeck within 24 hours.",
        ),
        (
            "message-price-rise",
            "Willemijn in #sales on 20 August",
            "person-willemijn-post",
            "channel-sales",
            1787216700,
            "2026-08-20T09:05:00+00:00",
            "Heads up: Noordzon have put panels and rails up 9% from 1 September. We're "
            "raising the Zonnepakket by 7% from the same day; quotes already sent keep their "
            "price for their 30 days.",
        ),
        (
            "message-kwalicert-handover",
            "Ruben in #installs on 28 September",
            "person-ruben-hoekstra",
            "channel-installs",
            1790578500,
            "2026-09-28T06:55:00+00:00",
            "Daan is taking over the KwaliCert audit prep from today, I've got my hands full "
            "with Crew Noord. Site inspection is 18 November, two jobs picked at random.",
        ),
        (
            "message-ops-notes",
            "Ops meeting notes, 12 October",
            "person-willemijn-post",
            "channel-ops",
            1791800400,
            "2026-10-12T10:20:00+00:00",
            "Monday ops, 12 Oct. 1) Price feed outage 6-7 Oct: OfferteKit keeps a weekly "
            "fallback price list from Noordzon's feed; quotes priced from it are re-checked "
            "against the live feed before the customer signs. Priya sets it up by Fri 23 Oct. "
            "2) Lotte on leave 14 Oct - 6 Nov: Priya takes over the AansluitPortaal account "
            "renewal (expires 30 Nov), done by Fri 13 Nov. Marco files notifications while "
            "Lotte is away. 3) Marco calls the 14 customers with no monitoring data since the "
            "SolarView gap by Fri 16 Oct. 4) Saturday installs optional, max two Saturdays a "
            "month per crew, Ruben approves. 5) Heat pump winter push from Mon 2 Nov, free "
            "smart thermostat and heat loss survey; Femke drafts the offer by Mon 26 Oct with "
            "Anouk. 6) No price change before the November review.",
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
        "slack:ops/1791800400",
        "2026-10-12T10:20:00+00:00",
        ("message-ops-notes", "MENTIONS", "tool-offertekit"),
        ("message-ops-notes", "MENTIONS", "account-portal-login"),
        ("message-ops-notes", "MENTIONS", "service-monitoring"),
        ("message-hanze", "MENTIONS", "vendor-hanze"),
    )
    w.edges(
        "slack:installs/1785395520",
        "2026-07-30T07:12:00+00:00",
        ("message-hanze", "MENTIONS", "vendor-steigerwerk"),
    )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"notion:{doc.removeprefix('doc-')}"
        since = DOC_DATES[doc]
        w.node("Rule", rid, name, src=src, as_of=since, text=f"{name}.")
        w.edge(owner, "OWNS", rid, since=since, src=src)
        w.edge(rid, "BASED_ON", doc, since=since, src=src)
    w.node(
        "Rule",
        "rule-saturdays",
        "Saturday installs are optional: at most two Saturdays a month per crew, each one "
        "approved by Ruben Hoekstra",
        src="slack:ops/1791800400",
        as_of=OPS_MEETING,
        text="Saturday installs are optional: at most two Saturdays a month per crew, each "
        "one approved by Ruben Hoekstra; crews are paid time and a half.",
    )
    w.edges(
        "slack:ops/1791800400",
        OPS_MEETING,
        ("person-ruben-hoekstra", "OWNS", "rule-saturdays"),
        ("rule-saturdays", "BASED_ON", "message-ops-notes"),
    )

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
        "decision-steigerwerk",
        "Use Steigerwerk Vecht for all roof scaffolding",
        src="notion:suppliers-2025",
        on=START,
        why="Steigerwerk Vecht's yard is in Dalfsen, close to most of our jobs, and they "
        "quoted the best day rate in 2025.",
        made_by="person-ruben-hoekstra",
        made_in=None,
    )
    decision(
        "decision-hanze",
        "Move all roof scaffolding to Hanze Steigerbouw from 10 August",
        src="slack:installs/1785395520",
        on=date(2026, 7, 30),
        why="Steigerwerk Vecht cancelled six jobs in June and July with less than 48 hours' "
        "notice, and each cancellation cost a crew an install day. Hanze Steigerbouw puts the "
        "scaffold up the working day before and charges €385 for a standard house against "
        "Steigerwerk Vecht's €410.",
        made_by="person-ruben-hoekstra",
        made_in="message-hanze",
        edges=(
            ("decision-hanze", "SUPERSEDES", "decision-steigerwerk"),
            ("decision-hanze", "AFFECTS", "service-scaffolding"),
            ("decision-hanze", "MENTIONS", "vendor-hanze"),
            ("decision-hanze", "MENTIONS", "vendor-steigerwerk"),
        ),
    )
    decision(
        "decision-referral-form",
        "Sales e-mail Groenkrediet a PDF referral form for each loan customer",
        src="notion:sales-process-2025",
        on=START,
        why="Groenkrediet had no partner integration for small installers, so a signed PDF "
        "referral form per customer was the only way in.",
        made_by="person-femke-dijkstra",
        made_in=None,
    )
    decision(
        "decision-loans-api",
        "Send loan applications to Groenkrediet straight from Pipedeck",
        src="slack:sales/1786711200",
        on=LOANS_API_FROM,
        why="PDF referral forms took six working days on average to get a loan decision and "
        "were often sent back incomplete; through the Pipedeck integration the customer gets "
        "a decision within 24 hours.",
        made_by="person-priya-ramdin",
        made_in="message-loans-api",
        edges=(
            ("decision-loans-api", "SUPERSEDES", "decision-referral-form"),
            ("decision-loans-api", "AFFECTS", "service-finance"),
            ("decision-loans-api", "MENTIONS", "vendor-groenkrediet"),
        ),
    )
    # The price rise: nothing ties it to the conversion metric; conversion just falls that day.
    decision(
        "decision-price-rise",
        "Raise Zonnepakket prices by 7% from 1 September",
        src="slack:sales/1787216700",
        on=date(2026, 8, 20),
        why="Noordzon Groothandel raised panel and mounting-rail prices by 9% from 1 "
        "September; without a rise our margin on the standard 10-panel package would fall "
        "from 24% to under 18%.",
        made_by="person-willemijn-post",
        made_in="message-price-rise",
        edges=(("decision-price-rise", "MENTIONS", "vendor-noordzon"),),
    )
    decision(
        "decision-second-crew",
        "Start a second solar crew, Crew Noord, from 14 September",
        src="notion:capacity-review-q3",
        on=DOC_DATES["doc-capacity-review"],
        why="Survey-to-install had reached 44 days and 61 signed jobs were waiting for a "
        "crew; four customers cancelled in August over the wait. A second crew under Thijs "
        "Kramer takes the jobs north of the IJssel.",
        made_by="person-willemijn-post",
        made_in="doc-capacity-review",
        edges=(
            ("decision-second-crew", "BASED_ON", "doc-capacity-review"),
            ("decision-second-crew", "AFFECTS", "metric-installs"),
            ("decision-second-crew", "AFFECTS", "metric-survey-to-install"),
            ("decision-second-crew", "MENTIONS", "person-thijs-kramer"),
        ),
    )
    decision(
        "decision-firmware-hold",
        "Turn off automatic Voltera firmware updates on customer inverters",
        src="notion:firmware-dropout-review",
        on=DOC_DATES["doc-firmware-review"],
        why="Firmware 4.2 went to every inverter on automatic updates and tripped 112 "
        "systems, costing €6,840 in site visits and overtime; each release is now tested "
        "for a week on the warehouse demo inverter first.",
        made_by="person-marco-jansen",
        made_in="doc-firmware-review",
        edges=(
            ("decision-firmware-hold", "BASED_ON", "doc-firmware-review"),
            ("decision-firmware-hold", "MENTIONS", "incident-firmware"),
            ("decision-firmware-hold", "MENTIONS", "vendor-voltera"),
        ),
    )
    decision(
        "decision-fallback-price-list",
        "Keep a weekly fallback price list in OfferteKit for when the Noordzon feed is down",
        src="slack:ops/1791800400",
        on=OPS_MEETING,
        why="The Noordzon price feed was down for two days on 6 and 7 October and only three "
        "quotes went out. With a snapshot of the price list taken every Monday, sales can "
        "keep quoting; a quote priced from the fallback is re-checked against the live feed "
        "before the customer signs.",
        made_by="person-willemijn-post",
        made_in="message-ops-notes",
        edges=(
            ("decision-fallback-price-list", "MENTIONS", "incident-price-feed"),
            ("decision-fallback-price-list", "AFFECTS", "tool-offertekit"),
        ),
    )
    decision(
        "decision-no-price-change",
        "No change to Zonnepakket prices before the November review",
        src="slack:ops/1791800400",
        on=OPS_MEETING,
        why="Prices only went up on 1 September; Willemijn wants a full pricing review in "
        "November rather than another change now.",
        made_by="person-willemijn-post",
        made_in="message-ops-notes",
    )


def _work(w: Book) -> None:
    src = "pipedeck:tasks/1204"
    w.node(
        "Task",
        "task-portal-renewal",
        "Renew the AansluitPortaal installer account before it expires on 30 November",
        src=src,
        as_of=date(2026, 9, 1),
        status="in progress",
        due="2026-11-13",
        text="Renew Lichtveld's installer account with Netwerk IJsselland: eHerkenning level "
        "3 login and a fresh KvK extract; done by 13 November for two weeks' margin.",
    )
    w.edge("person-lotte-visser", "OWNS", "task-portal-renewal", since=date(2026, 9, 1), src=src)
    w.edge(
        "person-priya-ramdin",
        "OWNS",
        "task-portal-renewal",
        since=OPS_MEETING,
        src="slack:ops/1791800400",
    )
    w.edges(
        src,
        date(2026, 9, 1),
        ("task-portal-renewal", "ABOUT", "account-portal-login"),
        ("person-lotte-visser", "WORKS_ON", "task-portal-renewal"),
    )
    w.edge(
        "person-priya-ramdin",
        "WORKS_ON",
        "task-portal-renewal",
        since=OPS_MEETING,
        src="slack:ops/1791800400",
    )

    src = "pipedeck:tasks/1139"
    w.node(
        "Task",
        "task-kwalicert-audit",
        "Prepare for the KwaliCert annual audit (site inspection 18 November)",
        src=src,
        as_of=date(2026, 7, 27),
        status="in progress",
        text="Check every photo set and sign-off since the last audit; KwaliCert inspects "
        "two finished jobs picked at random on 18 November.",
    )
    w.edge(
        "person-ruben-hoekstra", "OWNS", "task-kwalicert-audit", since=date(2026, 7, 27), src=src
    )
    w.edge(
        "person-daan-mulder",
        "OWNS",
        "task-kwalicert-audit",
        since=date(2026, 9, 28),
        src="slack:installs/1790578500",
    )
    w.edges(
        src,
        date(2026, 7, 27),
        ("task-kwalicert-audit", "ABOUT", "rule-kwalicert-signoff"),
        ("task-kwalicert-audit", "ABOUT", "org-kwalicert"),
        ("person-ruben-hoekstra", "WORKS_ON", "task-kwalicert-audit"),
    )
    w.edge(
        "person-daan-mulder",
        "WORKS_ON",
        "task-kwalicert-audit",
        since=date(2026, 9, 28),
        src="slack:installs/1790578500",
    )

    src = "pipedeck:tasks/1098"
    w.node(
        "Task",
        "task-crew-noord",
        "Set up Crew Noord: van, tools, agency fitters",
        src=src,
        as_of=date(2026, 9, 14),
        status="done",
    )
    w.edges(
        src,
        date(2026, 9, 2),
        ("person-ruben-hoekstra", "OWNS", "task-crew-noord"),
        ("person-ruben-hoekstra", "WORKS_ON", "task-crew-noord"),
        ("person-thijs-kramer", "WORKS_ON", "task-crew-noord"),
        ("task-crew-noord", "ABOUT", "decision-second-crew"),
        as_of=date(2026, 9, 14),
    )

    ops = "slack:ops/1791800400"
    for tid, name, owner, due, text, workers, about in (
        (
            "task-fallback-price-list",
            "Set up the weekly fallback price list in OfferteKit",
            "person-priya-ramdin",
            "2026-10-23",
            "Import a snapshot of Noordzon's price list into OfferteKit every Monday and "
            "label quotes priced from it.",
            ("person-priya-ramdin",),
            "tool-offertekit",
        ),
        (
            "task-monitoring-callround",
            "Call the 14 customers with no monitoring data since the SolarView gap",
            "person-marco-jansen",
            "2026-10-16",
            "Walk each customer through reconnecting the inverter's wifi dongle; book a visit "
            "where that fails and note which ones needed one. Five are on the Zorgeloos care "
            "plan.",
            ("person-marco-jansen",),
            "service-monitoring",
        ),
        (
            "task-winter-campaign",
            "Heat pump winter push (from 2 November)",
            "person-femke-dijkstra",
            "2026-10-26",
            "Mailing from Monday 2 November to every solar customer of the last two years: a "
            "free smart thermostat and a free heat loss survey with a Klimaflex heat pump. "
            "Femke drafts the offer by 26 October; Anouk does the survey side and checks "
            "Klimaflex stock.",
            ("person-femke-dijkstra", "person-anouk-brouwer"),
            "product-heatpump",
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


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Pipedeck": "tool-pipedeck",
        "OfferteKit": "tool-offertekit",
        "AansluitPortaal": "tool-aansluitportaal",
        "SolarView": "tool-solarview",
        "Noordzon": "vendor-noordzon",
        "Voltera": "vendor-voltera",
        "Klimaflex": "vendor-klimaflex",
        "Hanze Steigerbouw": "vendor-hanze",
        "Netwerk IJsselland": "vendor-ijsselland",
        "Groenkrediet": "vendor-groenkrediet",
        "KwaliCert": "org-kwalicert",
        "Zonnepakket": "product-solar",
        "Zorgeloos": "product-care-plan",
        "Willemijn Post": "person-willemijn-post",
        "Ruben Hoekstra": "person-ruben-hoekstra",
        "Marco Jansen": "person-marco-jansen",
        "Daan Mulder": "person-daan-mulder",
        "Lotte Visser": "person-lotte-visser",
        "Thijs Kramer": "person-thijs-kramer",
        "Sem Bakker": "person-sem-bakker",
    }
    for path, did, author, kind, about in (
        (
            "installer-handbook.md",
            "doc-installer-handbook",
            "person-ruben-hoekstra",
            "handbook",
            ["org-lichtveld", "org-kwalicert"],
        ),
        (
            "quoting-and-finance-policy.md",
            "doc-quoting-policy",
            "person-femke-dijkstra",
            "policy",
            ["service-quotes", "service-finance"],
        ),
        (
            "capacity-review-q3.md",
            "doc-capacity-review",
            "person-ruben-hoekstra",
            "review",
            ["team-installs"],
        ),
        (
            "firmware-dropout-review.md",
            "doc-firmware-review",
            "person-marco-jansen",
            "incident review",
            ["incident-firmware"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"notion:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap"]
    scaffolder = related_question(
        facts,
        "who does our scaffolding these days",
        today,
        rel="DEPENDS_ON",
        frm="service-scaffolding",
        keep=["Vendor"],
        note="Steigerwerk Vecht did it until 10 August; Hanze Steigerbouw since",
    )
    scaffolder.must_exclude = ["Steigerwerk Vecht"]
    fleet = m(
        facts,
        today,
        "fleet generation september vs august - up or down?",
        "metric_change",
        "metric-fleet-generation",
        periods=("month_september", "month_august"),
        tolerance=0.5,
        covered=True,
        note="no SolarView readings 5-18 September: September has 16 days of data, August "
        "31, so compare daily means over the covered days and say so",
    )
    fleet.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "noordzon price feed is down again, what can't we do",
            ["account-noordzon-feed"],
            today,
            note="key <- OfferteKit quoting tool <- Online quotes <- both installations",
        ),
        impact_question(
            facts,
            "if the aansluitportaal login expires what's affected?",
            ["account-portal-login"],
            today,
            note="the installer account expires on 30 November",
        ),
        impact_question(
            facts,
            "groenkrediet goes bust tomorrow - what do we lose",
            ["vendor-groenkrediet"],
            today,
            must_exclude=["referral form"],
            note="the PDF referral form was retired on 17 August: it breaks nothing now",
        ),
        impact_question(
            facts,
            "solarview offline, what stops working",
            ["tool-solarview"],
            today,
        ),
        owner_question(
            facts,
            "who's got the portal account renewal now?",
            "task-portal-renewal",
            today,
            note="Lotte handed it to Priya at the 12 October ops meeting",
        ),
        owner_question(
            facts,
            "who was on the portal renewal end of sept",
            "task-portal-renewal",
            date(2026, 9, 30),
        ),
        owner_question(
            facts,
            "who had the kwalicert audit prep back in mid august",
            "task-kwalicert-audit",
            date(2026, 8, 14),
            note="Daan Mulder took it over on 28 September",
        ),
        owner_question(
            facts,
            "who dealt with the firmware dropouts",
            "incident-firmware",
            today,
        ),
        Question(
            "why did we ditch steigerwerk vecht?",
            "decision",
            must_include=["48 hours"],
            must_cite=["decision-hanze"],
        ),
        Question(
            "why did the zonnepakket go up in sept",
            "decision",
            must_include=["Noordzon", "9%"],
            must_cite=["decision-price-rise"],
        ),
        Question(
            "how did loan applications go to groenkrediet before the pipedeck thing?",
            "decision",
            must_include=["referral form"],
            must_cite=["decision-referral-form"],
            note="the superseded decision: a PDF referral form e-mailed per customer",
        ),
        Question(
            "customer in kampen is wavering, can i knock 8% off?",
            "policy",
            must_include=["5%", "Willemijn"],
            must_cite=["rule-discount-cap"],
        ),
        Question(
            "can sem hook up the refrigerant lines on the klimaflex unit?",
            "policy",
            must_include=["F-gas"],
            must_cite=["rule-fgas"],
            note="only an F-gas certified engineer; Daan Mulder is the one at Lichtveld",
        ),
        Question(
            "how long have we got to notify the grid after commissioning",
            "policy",
            must_include=["5 working days"],
            must_cite=["rule-grid-notify"],
        ),
        scaffolder,
        related_question(
            facts,
            "offertekit pulls prices through some api key - who's that key with?",
            today,
            rel="DEPENDS_ON",
            frm="account-noordzon-feed",
            keep=["Vendor"],
            note="two hops: OfferteKit quoting tool -> Noordzon price feed API key -> vendor",
        ),
        related_question(
            facts,
            "grid notifications run off the portal login - which team is whoever owns that "
            "login in?",
            today,
            rel="MEMBER_OF",
            frm="person-lotte-visser",
            note="three hops: Grid connection notifications -> AansluitPortaal installer "
            "account -> its owner Lotte Visser -> her team",
        ),
        m(
            facts,
            today,
            "how many installs did we finish yesterday",
            "metric_value",
            "metric-installs",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total quotes sent between 1 and 14 october?",
            "metric_total",
            "metric-quotes",
            span=(date(2026, 10, 1), date(2026, 10, 14)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many installs did we do in the second half of august",
            "metric_total",
            "metric-installs",
            periods=("second_half_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "installs since crew noord started?",
            "metric_total",
            "metric-installs",
            periods=("since_2026-09-14",),
            tolerance=0.5,
            note="Crew Noord started on 14 September",
        ),
        m(
            facts,
            today,
            "callbacks the week of the 31st august?",
            "metric_total",
            "metric-callbacks",
            periods=("week_of_2026-08-31",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "avg survey to install mid october",
            "metric_average",
            "metric-survey-to-install",
            periods=("mid_october",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "installs per day end of Q3?",
            "metric_average",
            "metric-installs",
            periods=("end_q3",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "did conversion drop early sept vs late aug",
            "metric_change",
            "metric-conversion",
            periods=("early_september", "late_august"),
            tolerance=0.2,
        ),
        fleet,
        m(
            facts,
            today,
            "quotes last week vs the week before?",
            "metric_change",
            "metric-quotes",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        Question(
            "why did callbacks go mental end of august",
            "metric_why",
            must_include=["firmware 4.2"],
            must_cite=["incident-firmware"],
        ),
        Question(
            "why did conversion tank in early september",
            "metric_why",
            must_include=[["7%", "price rise", "prices"]],
            must_cite=["decision-price-rise"],
            note="nothing links the price rise to the conversion metric: it just starts on "
            "1 September, the day the 7% rise took effect",
        ),
        Question(
            "why were quotes so low on the 6th and 7th oct?",
            "metric_why",
            must_include=[["price feed", "Noordzon"]],
            must_cite=["incident-price-feed"],
        ),
        Question(
            "what did the firmware mess cost us according to marco's review",
            "document",
            must_include=["6,840"],
            must_cite=["doc-firmware-review"],
        ),
        Question(
            "whats the noise limit for a heat pump outdoor unit?",
            "document",
            must_include=["40 dB"],
            must_cite=["doc-installer-handbook"],
        ),
        Question(
            "what did we agree on monday about the price feed falling over",
            "meeting",
            must_include=["fallback", "Priya"],
            must_cite=["decision-fallback-price-list"],
            note="12 October ops meeting: weekly fallback price list in OfferteKit, Priya by "
            "Friday 23 October, fallback quotes re-checked before signature",
        ),
        Question(
            "who's doing what after monday's ops meeting?",
            "meeting",
            must_include=["Priya", "Marco", "Femke"],
            note="Priya: fallback price list (23 Oct) and portal renewal (13 Nov); Marco: the "
            "14 customers without monitoring data (16 Oct); Femke with Anouk: winter heat "
            "pump offer (26 Oct, push from 2 Nov)",
        ),
        Question(
            "who owns the stedin portal account",
            "unknown",
            absent=["Stedin"],
            note="our grid operator is Netwerk IJsselland; no Stedin in the records",
        ),
        Question(
            "what did sanne de boer decide about the apeldoorn depot?",
            "unknown",
            absent=["Sanne de Boer", "Apeldoorn"],
            note="no such person and no depot outside Zwolle",
        ),
        Question(
            "how many installs did we do in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 22 July",
        ),
        Question("who won the giro this year", "offtopic"),
        Question("how long do i boil an egg for a runny yolk", "offtopic"),
        Question("what's the population of canada", "offtopic"),
    ]


def build() -> Business:
    """The installer's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _company(w)
    _systems(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _channels_and_messages(w)
    _documents(w)
    _decisions_and_rules(w)
    _work(w)
    return Business(
        SLUG,
        "Lichtveld Energie",
        "residential solar PV and heat pump installer (Lichtveld Energie, Zwolle, Netherlands)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-10-12.txt",
                "title": "Monday ops meeting",
                "date": OPS_MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=Path(__file__).resolve().parent / SLUG)
