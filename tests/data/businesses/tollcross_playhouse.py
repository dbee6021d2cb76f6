"""The Tollcross Playhouse: an independent theatre and live-events venue in Edinburgh.

The story: a 420-seat Main House, the 90-seat Loft studio and the Circle Bar. Tickets are
sold in Marquee (Marquee Ticketing's box office system, cards through a Forthpay merchant
account); door scanners read tickets through a Marquee Scan API token over the venue Wi-Fi
from Grassmarket Networks. The bar runs on Tapster EPOS under premises licence PL/0457 (City
of Edinburgh Licensing Board). Eight motor chain hoists fly scenery; their LOLER thorough
examination report from Caledonian Rigging & Inspection expires on 30 November, two days
after the in-house Christmas show The Snow Queen opens (its sleigh flies on the hoists).

Readings start on Wednesday 19 August in the Fringe (Bramble Fringe Productions hire the
building). Maintenance week keeps both stages dark from 1 to 8 September. Interval drinks
pre-orders moved from BarTab (retired) into Tapster EPOS on 14 September. Grassmarket Networks
swapped the access points from 28 September to 4 October and the scanners could not reach
Marquee: no door scan readings for those seven days. On Friday 9 October haze in Gulls Theatre
Company's Salt on the Wind set off the fly tower detector; 372 patrons were evacuated, the show
was abandoned and the bar took about a quarter of a normal Friday. From 14 October haze needs
zone isolation and a fire watch (Fraser Ogilvie). Marquee 5.2 went live on 20 October and made
an account compulsory at checkout; online sales fell that day (nothing links the two).
Ruaridh MacKinnon handed the LOLER re-examination booking to Niamh Gallacher on 2 November
(paternity leave). The operations meeting of Monday 16 November brought guest checkout back
(Isla), set the LOLER visit for 24 November, and handed the Hogmanay occasional licence from
Kenny Rattray to Jamie Kerr.

"Today" is Tuesday 17 November 2026; daily readings run from 19 August to 16 November.
Main House occupancy has a reading only on nights the Main House played (no reading on dark
days); door scans have no reading from 28 September to 4 October.
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

SLUG = "tollcross-playhouse"
HERE = Path(__file__).resolve().parent
OUT = HERE / SLUG
TODAY = date(2026, 11, 17)
FIRST, LAST = date(2026, 8, 19), date(2026, 11, 16)
SEED = 1902
START = date(2025, 6, 2)
FRINGE_END = date(2026, 8, 31)
MAINT_WEEK = (date(2026, 9, 1), date(2026, 9, 8))
INTERVAL_TAPSTER = date(2026, 9, 14)
WIFI_GAP = tuple(date(2026, 9, 28) + timedelta(days=i) for i in range(7))  # to 4 Oct
WIFI_BACK = date(2026, 10, 5)
SALT_RUN = (date(2026, 10, 6), date(2026, 10, 10))
HAZE_DAY = date(2026, 10, 9)
HAZE_RULE = date(2026, 10, 14)
MARQUEE_52 = date(2026, 10, 20)
LOLER_TASK_FROM = date(2026, 10, 5)
LOLER_HANDOVER = date(2026, 11, 2)
LICENCE_TASK_FROM = date(2026, 11, 2)
OPS_MEETING = date(2026, 11, 16)
SNOW_QUEEN_SALES = date(2026, 11, 1)
SUNDAY_SHOWS = (date(2026, 9, 20), date(2026, 10, 18), date(2026, 11, 1), date(2026, 11, 8))
DOC_DATES = {
    "doc-tech-spec": date(2026, 7, 20),
    "doc-foh-handbook": date(2026, 8, 10),
    "doc-licensing": date(2026, 6, 15),
    "doc-haze-review": HAZE_RULE,
}

# fmt: off
PEOPLE = (
    ("person-morag-lindsay", "Morag Lindsay", "Artistic and executive director", None),
    ("person-eilidh-baird", "Eilidh Baird", "General manager (licensing and compliance)", None),
    ("person-duncan-heriot", "Duncan Heriot", "Finance manager", None),
    ("person-fraser-ogilvie", "Fraser Ogilvie", "Technical manager", "team-tech"),
    ("person-niamh-gallacher", "Niamh Gallacher", "Deputy technical manager and head of "
     "lighting", "team-tech"),
    ("person-ruaridh-mackinnon", "Ruaridh MacKinnon", "Head of flys and rigging", "team-tech"),
    ("person-priya-chaudhry", "Priya Chaudhry", "Sound and video technician", "team-tech"),
    ("person-ailsa-drummond", "Ailsa Drummond", "Box office and ticketing manager", "team-box"),
    ("person-tomasz-wisniewski", "Tomasz Wiśniewski", "Box office supervisor", "team-box"),
    ("person-isla-fairbairn", "Isla Fairbairn", "Marketing and digital manager", "team-box"),
    ("person-sandra-okafor", "Sandra Okafor", "Front of house manager and duty manager",
     "team-foh"),
    ("person-jamie-kerr", "Jamie Kerr", "Duty manager and bar supervisor", "team-foh"),
    ("person-kenny-rattray", "Kenny Rattray", "Bar and catering manager (premises manager)",
     "team-foh"),
    ("person-gemma-strachan", "Gemma Strachan", "Programming and touring producer",
     "team-programme"),
)
TEAMS = (
    ("team-tech", "Technical & Production"),
    ("team-box", "Box Office & Marketing"),
    ("team-foh", "Front of House & Bar"),
    ("team-programme", "Programming & Touring"),
)
VENDORS = (
    ("vendor-marquee", "Marquee Ticketing", "the Marquee box office, online booking and CRM "
     "system and the Marquee Scan door-scanning app"),
    ("vendor-forthpay", "Forthpay", "card payments: the merchant account behind Marquee's "
     "online checkout, the box office card terminals and the bar's card readers"),
    ("vendor-tapster", "Tapster Systems", "the Tapster EPOS tills in the Circle Bar, with "
     "stock control and interval pre-orders"),
    ("vendor-bartab", "BarTab", "the old QR-code interval drinks pre-order app (ended in "
     "September 2026)"),
    ("vendor-grassmarket", "Grassmarket Networks", "the building's broadband and Wi-Fi, "
     "including the access points the door scanners use"),
    ("vendor-caledonian", "Caledonian Rigging & Inspection", "six-monthly LOLER thorough "
     "examinations of the motor chain hoists, yearly ones of the fly system, and rigging "
     "hardware"),
    ("vendor-firth", "Firth Fire Protection", "service and repair of the fire alarm, the "
     "detectors and the emergency lighting"),
    ("vendor-pentland", "Pentland Drinks Co.", "beer, wine, spirits and soft drinks for the "
     "Circle Bar"),
    ("vendor-cask-line", "Cask & Line Services", "fortnightly beer line cleaning and cellar "
     "cooling for the Circle Bar"),
    ("vendor-shiftloft", "ShiftLoft", "the ShiftLoft rota app for ushers, bar staff and "
     "casual crew"),
)
TOOLS = (
    ("tool-marquee", "Marquee box office system", "vendor-marquee", "person-ailsa-drummond"),
    ("tool-tapster", "Tapster EPOS", "vendor-tapster", "person-kenny-rattray"),
    ("tool-shiftloft", "ShiftLoft rota", "vendor-shiftloft", "person-sandra-okafor"),
)
ACCOUNTS = (
    ("account-forthpay", "Forthpay merchant account", "person-duncan-heriot",
     "The Playhouse's merchant account with Forthpay. Every card payment goes through it: "
     "Marquee online checkout, the box office card terminals and the Circle Bar's card "
     "readers on the Tapster tills.", {}),
    ("account-marquee-scan", "Marquee Scan API token", "person-ailsa-drummond",
     "The token the door scanners use to check tickets against Marquee in real time; the "
     "scanners reach Marquee over the venue Wi-Fi.", {}),
    ("account-loler", "LOLER certificate for the Main House hoists", "person-fraser-ogilvie",
     "The thorough examination report under LOLER for the eight Main House motor chain "
     "hoists and their slings and shackles, from Caledonian Rigging & Inspection. It expires "
     "on 30 November 2026; no hoist may be used after that without a new report.",
     {"expiresAt": "2026-11-30"}),
    ("account-premises-licence", "Premises licence PL/0457", "person-eilidh-baird",
     "The premises licence from the City of Edinburgh Licensing Board for the Circle Bar "
     "and the foyer; Kenny Rattray is the premises manager named on it.", {}),
)
SERVICES = (
    ("service-ticket-sales", "Ticket sales (online and box office)",
     ("tool-marquee", "account-forthpay")),
    ("service-venue-wifi", "Venue Wi-Fi", ("vendor-grassmarket",)),
    ("service-door-entry", "Door ticket scanning", ("account-marquee-scan", "service-venue-wifi")),
    ("service-fire-alarm", "Fire detection and alarm", ("vendor-firth",)),
    ("service-stewarding", "Front of house stewarding", ("tool-shiftloft",)),
    ("service-main-house", "Main House performances",
     ("service-fire-alarm", "service-stewarding")),
    ("service-loft", "Loft studio performances", ("service-fire-alarm", "service-stewarding")),
    ("service-flying", "Flying on the motor hoists", ("account-loler",)),
    ("service-bar", "Circle Bar",
     ("tool-tapster", "account-forthpay", "account-premises-licence", "vendor-pentland",
      "vendor-cask-line")),
    ("service-interval-orders", "Interval drinks pre-orders", ()),
)
PRODUCTS = (
    ("product-snow-queen", "The Snow Queen (Christmas show, 28 Nov - 3 Jan)",
     ("service-main-house", "service-flying", "service-ticket-sales")),
    ("product-touring-hire", "Main House touring hire",
     ("service-main-house", "service-ticket-sales")),
    ("product-loft-hire", "Loft studio hire", ("service-loft", "service-ticket-sales")),
    ("product-friends", "Playhouse Friends membership", ("tool-marquee",)),
)
RULES = (
    ("rule-bar-loading", "A counterweight bar carries at most 250 kg, evenly spread, and every "
     "bar's load goes on the loading sheet before it flies", "doc-tech-spec",
     "person-ruaridh-mackinnon"),
    ("rule-loler", "The motor chain hoists get a LOLER thorough examination every six months; "
     "no hoist is used past its report date", "doc-tech-spec", "person-fraser-ogilvie"),
    ("rule-haze-rider", "Visiting companies declare every haze and smoke effect in their "
     "technical rider", "doc-tech-spec", "person-fraser-ogilvie"),
    ("rule-challenge-25", "Challenge 25: anyone who looks under 25 shows a passport, photo "
     "driving licence, PASS card or Young Scot card before being served alcohol; no ID, no "
     "alcohol, and every refusal goes in the refusals book", "doc-foh-handbook",
     "person-kenny-rattray"),
    ("rule-refunds", "No refunds or exchanges, except when a performance is cancelled or "
     "abandoned before the end of the first act: then a full refund or an exchange; after "
     "the first act, an exchange only", "doc-foh-handbook", "person-ailsa-drummond"),
    ("rule-latecomers", "Latecomers go in only at a suitable break chosen by the stage "
     "manager; until then they wait in the foyer with the relay screen", "doc-foh-handbook",
     "person-sandra-okafor"),
    ("rule-wheelchair", "The four wheelchair spaces in stalls row M are held for wheelchair "
     "users and one companion until 48 hours before the performance", "doc-foh-handbook",
     "person-sandra-okafor"),
    ("rule-plastic", "Drinks go into the auditorium in plastic only; no glass past the stalls "
     "or circle doors", "doc-foh-handbook", "person-kenny-rattray"),
    ("rule-licensed-hours", "Alcohol is sold 11:00 to 23:00 Sunday to Thursday and 11:00 to "
     "00:00 Friday and Saturday; anything outside those hours or the licensed area needs an "
     "occasional licence, applied for at least 28 days ahead", "doc-licensing",
     "person-eilidh-baird"),
    ("rule-haze-isolation", "Haze or smoke in the Main House only with detector zone 7 "
     "isolated by the duty technician with the Firth isolation key, a named fire watch in "
     "the fly gallery while the zone is off, and the isolation logged and restored at the "
     "interval and the end", "doc-haze-review", "person-fraser-ogilvie"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-playhouse",
        "The Tollcross Playhouse",
        src="oscr:tollcross-playhouse-trust",
        as_of=date(1998, 3, 1),
        city="Edinburgh",
        text="The Tollcross Playhouse is an independent charitable theatre in Tollcross, "
        "Edinburgh: a 420-seat Main House, the 90-seat Loft studio and the Circle Bar. It "
        "presents touring drama, dance, comedy and music, makes an in-house Christmas show, "
        "and is hired out during the Edinburgh Festival Fringe.",
    )
    w.node(
        "Organization",
        "org-licensing-board",
        "City of Edinburgh Licensing Board",
        src="cec:licensing",
        as_of=START,
        text="The licensing board that issued the Playhouse's premises licence PL/0457 and "
        "grants occasional licences for events outside its licensed hours.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="shiftloft:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-playhouse", since=START, src="shiftloft:teams")
    for pid, name, role, team in PEOPLE:
        first = name.split()[0].lower()
        w.node(
            "Person",
            pid,
            name,
            src="shiftloft:staff",
            as_of=START,
            role=role,
            email=f"{first}@tollcrossplayhouse.org.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-playhouse", since=START, src="shiftloft:staff")
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
        w.edge("org-playhouse", "USES", vid, since=START, src="xero:suppliers")
    w.node(
        "Deal",
        "deal-gulls-2027",
        "Gulls Theatre Company: The Lighthouse Keepers, five nights in March 2027",
        src="xero:quotes/Q-0318",
        as_of=date(2026, 11, 5),
        stage="offer sent",
        value=14500,
        text="A return visit by Gulls Theatre Company with The Lighthouse Keepers, five "
        "nights in the Main House in March 2027, on a 70/30 box office split with a "
        "£14,500 guarantee.",
    )
    w.edge(
        "deal-gulls-2027",
        "ASSIGNED_TO",
        "person-gemma-strachan",
        since=date(2026, 11, 5),
        src="xero:quotes/Q-0318",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-gulls",
            "Gulls Theatre Company",
            "A touring theatre company from Fife; played Salt on the Wind in the Main House "
            "from 6 to 10 October 2026.",
            "service-main-house",
        ),
        (
            "customer-bramble",
            "Bramble Fringe Productions",
            "A Fringe producer that hires the whole building, Main House and Loft, for the "
            "Edinburgh Festival Fringe every August.",
            "service-main-house",
        ),
        (
            "customer-lochend-youth",
            "Lochend Youth Theatre",
            "A youth theatre that hires the Loft studio for its autumn and spring showings.",
            "service-loft",
        ),
        (
            "customer-quarry-lane",
            "Quarry Lane Comedy",
            "A comedy promoter with a monthly Saturday night club in the Loft studio.",
            "service-loft",
        ),
    ):
        w.node("Customer", cid, name, src="marquee:promoters", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="marquee:promoters")


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
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
        w.node("Product", pid, name, src="marquee:products", as_of=START)
    w.edges(
        src,
        START,
        ("account-forthpay", "DEPENDS_ON", "vendor-forthpay"),
        ("account-forthpay", "PART_OF", "tool-marquee"),
        ("account-marquee-scan", "DEPENDS_ON", "tool-marquee"),
        ("account-marquee-scan", "PART_OF", "tool-marquee"),
        ("account-loler", "DEPENDS_ON", "vendor-caledonian"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("service-main-house", "PART_OF", "org-playhouse"),
        ("service-loft", "PART_OF", "org-playhouse"),
        ("team-box", "USES", "tool-marquee"),
        ("team-foh", "USES", "tool-tapster"),
        ("team-foh", "USES", "tool-shiftloft"),
        ("team-foh", "USES", "service-door-entry"),
        ("team-tech", "USES", "service-flying"),
        ("person-ailsa-drummond", "OWNS", "service-ticket-sales"),
        ("person-ailsa-drummond", "OWNS", "service-door-entry"),
        ("person-eilidh-baird", "OWNS", "service-venue-wifi"),
        ("person-eilidh-baird", "OWNS", "service-fire-alarm"),
        ("person-sandra-okafor", "OWNS", "service-stewarding"),
        ("person-sandra-okafor", "OWNS", "service-main-house"),
        ("person-sandra-okafor", "OWNS", "service-loft"),
        ("person-ruaridh-mackinnon", "OWNS", "service-flying"),
        ("person-kenny-rattray", "OWNS", "service-bar"),
        ("person-kenny-rattray", "OWNS", "service-interval-orders"),
        ("person-morag-lindsay", "OWNS", "product-snow-queen"),
        ("person-gemma-strachan", "OWNS", "product-touring-hire"),
        ("person-gemma-strachan", "OWNS", "product-loft-hire"),
        ("person-isla-fairbairn", "OWNS", "product-friends"),
    )
    # Interval drinks pre-orders: BarTab until 14 September, then Tapster EPOS.
    w.node(
        "Tool",
        "tool-bartab",
        "BarTab interval pre-orders (retired)",
        src=src,
        as_of=INTERVAL_TAPSTER,
        status="retired",
        kind="software",
    )
    w.edge("tool-bartab", "DEPENDS_ON", "vendor-bartab", since=START, src=src)
    w.edge(
        "tool-bartab",
        "DEPENDS_ON",
        "account-forthpay",
        since=START,
        until=INTERVAL_TAPSTER,
        src=src,
    )
    w.edge(
        "service-interval-orders",
        "DEPENDS_ON",
        "tool-bartab",
        since=START,
        until=INTERVAL_TAPSTER,
        src=src,
    )
    w.edge(
        "service-interval-orders",
        "DEPENDS_ON",
        "tool-tapster",
        since=INTERVAL_TAPSTER,
        src=src,
    )
    w.edge(
        "service-interval-orders",
        "DEPENDS_ON",
        "account-forthpay",
        since=INTERVAL_TAPSTER,
        src=src,
    )


def _shows(day: date) -> tuple[int, int]:
    """(Main House performances, Loft performances) on ``day``."""
    if day <= FRINGE_END:
        return 2, 3
    if MAINT_WEEK[0] <= day <= MAINT_WEEK[1] or day >= OPS_MEETING:
        return 0, 0
    wd = day.weekday()  # Monday 0
    if wd == 0:
        return 0, 0
    if wd == 6:
        return (1 if day in SUNDAY_SHOWS else 0), 0
    main = 2 if wd == 5 else 1
    loft = 1 if wd >= 3 else 0
    return main, loft


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("sold", "online", "scans", "occ", "bar")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        fringe = day <= FRINGE_END
        counter_open = fringe or 1 <= wd <= 5
        if fringe:
            demand = rng.randint(700, 1100)
        elif counter_open:
            demand = rng.randint(160, 320)
        else:
            demand = rng.randint(70, 150)
        if day >= SNOW_QUEEN_SALES:
            demand += rng.randint(20, 60)
        share = rng.uniform(0.58, 0.68) if counter_open else 1.0
        online = demand * share
        counter = demand - online
        if day >= MARQUEE_52:
            online *= rng.uniform(0.60, 0.72)
            counter *= rng.uniform(1.05, 1.15)
        online, counter = round(online), round(counter)
        out["sold"].append((day, online + counter))
        out["online"].append((day, online))

        main, loft = _shows(day)
        attendance = 0
        if main:
            if fringe:
                occ = rng.uniform(84.0, 97.0)
            elif SALT_RUN[0] <= day <= SALT_RUN[1]:
                occ = rng.uniform(80.0, 94.0)
            elif day >= SNOW_QUEEN_SALES:
                occ = rng.uniform(58.0, 80.0)
            else:
                occ = rng.uniform(52.0, 86.0) + (6.0 if wd == 5 else 0.0)
            occ = round(min(occ, 99.0), 1)
            out["occ"].append((day, occ))
            attendance += round(420 * occ / 100) * main
        loft_att = sum(rng.randint(35, 88) for _ in range(loft))
        attendance += loft_att
        if day not in WIFI_GAP:
            out["scans"].append((day, attendance))
        per_head = (
            rng.uniform(4.6, 5.8)
            if fringe
            else rng.uniform(6.6, 8.1)
            if day >= INTERVAL_TAPSTER
            else rng.uniform(5.6, 6.9)
        )
        takings = attendance * per_head
        if day == HAZE_DAY:
            takings *= 0.26
        out["bar"].append((day, round(takings, 2)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    box, scan, bar = "marquee:reports", "marquee-scan:reports", "tapster:z-reports"
    w.metric(
        "metric-tickets-sold",
        "Tickets sold (all channels)",
        "tickets",
        "sum",
        src=box,
        since=START,
        measures="service-ticket-sales",
    )
    w.metric("metric-online-tickets", "Tickets sold online", "tickets", "sum", src=box, since=START)
    w.metric(
        "metric-door-scans",
        "Door scans (tickets scanned in)",
        "scans",
        "sum",
        src=scan,
        since=START,
        measures="service-door-entry",
    )
    w.metric(
        "metric-occupancy",
        "Main House occupancy (share of seats filled, performance days)",
        "%",
        "mean",
        src=box,
        since=START,
        measures="service-main-house",
    )
    w.metric(
        "metric-bar-takings",
        "Circle Bar takings",
        "GBP",
        "sum",
        src=bar,
        since=START,
        measures="service-bar",
    )
    return {
        "sold": w.readings("metric-tickets-sold", series["sold"], src=box),
        "online": w.readings("metric-online-tickets", series["online"], src=box),
        "scans": w.readings("metric-door-scans", series["scans"], src=scan),
        "occ": w.readings("metric-occupancy", series["occ"], src=box),
        "bar": w.readings("metric-bar-takings", series["bar"], src=bar),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "sharepoint:incident-wifi-scanners"
    w.node(
        "Incident",
        "incident-wifi-scanners",
        "Door scanners offline during the Wi-Fi access point swap",
        src=src,
        as_of=WIFI_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-09-28T08:00:00+00:00",
        resolvedAt="2026-10-05T11:30:00+00:00",
        text="Grassmarket Networks replaced the building's Wi-Fi access points from 28 "
        "September to 4 October. The new access points kept dropping the door scanners, so "
        "they could not reach Marquee and front of house checked tickets off printed door "
        "lists all week. Nothing was scanned from 28 September to 4 October; the scanners "
        "were back on their own network on 5 October. Door scans have no readings for "
        "those seven days.",
    )
    w.edges(
        src,
        "2026-09-28T08:00:00+00:00",
        ("vendor-grassmarket", "CAUSED", "incident-wifi-scanners"),
        ("incident-wifi-scanners", "AFFECTS", "service-venue-wifi"),
        ("incident-wifi-scanners", "AFFECTS", "service-door-entry"),
        ("incident-wifi-scanners", "AFFECTS", "metric-door-scans"),
        ("person-ailsa-drummond", "OWNS", "incident-wifi-scanners"),
        as_of=WIFI_BACK,
    )
    src = "sharepoint:incident-haze-evacuation"
    w.node(
        "Incident",
        "incident-haze-evacuation",
        "Haze false alarm and full evacuation during Salt on the Wind",
        src=src,
        as_of=date(2026, 10, 10),
        status="resolved",
        severity="high",
        startedAt="2026-10-09T19:37:00+00:00",
        resolvedAt="2026-10-09T20:18:00+00:00",
        text="At 20:37 on Friday 9 October haze from the storm scene of Gulls Theatre "
        "Company's Salt on the Wind set off the fly tower smoke detector (zone 7), which "
        "nobody had isolated. The fire alarm went to full evacuation: 372 patrons left in 4 "
        "minutes 10 seconds, the fire service gave the building back at 21:18, and the "
        "performance was abandoned before the interval. The Circle Bar lost its interval "
        "trade and took about a quarter of a normal Friday.",
    )
    w.edges(
        src,
        "2026-10-09T19:37:00+00:00",
        ("incident-haze-evacuation", "AFFECTS", "service-main-house"),
        ("incident-haze-evacuation", "AFFECTS", "service-fire-alarm"),
        ("incident-haze-evacuation", "AFFECTS", "metric-bar-takings"),
        ("incident-haze-evacuation", "CAUSED", obs["bar"][HAZE_DAY]),
        ("person-sandra-okafor", "OWNS", "incident-haze-evacuation"),
        as_of=date(2026, 10, 10),
    )
    w.node(
        "Task",
        "task-haze-refunds",
        "Refund or exchange every ticket for the abandoned Salt on the Wind performance",
        src="marquee:tasks/1188",
        as_of=date(2026, 10, 13),
        status="done",
    )
    w.edges(
        "marquee:tasks/1188",
        date(2026, 10, 10),
        ("person-ailsa-drummond", "OWNS", "task-haze-refunds"),
        ("person-tomasz-wisniewski", "WORKS_ON", "task-haze-refunds"),
        ("task-haze-refunds", "ABOUT", "incident-haze-evacuation"),
        as_of=date(2026, 10, 13),
    )
    # The Marquee release: nothing ties it to online sales; they just fall that day.
    w.node(
        "Release",
        "release-marquee-52",
        "Marquee 5.2",
        src="marquee:release-notes/5.2",
        as_of="2026-10-20T06:00:00+00:00",
        version="5.2",
        releasedAt="2026-10-20T06:00:00+00:00",
        text="Marquee Ticketing's 5.2 update: a new seat map, saved cards, and customer "
        "accounts for the CRM. Guest checkout is switched off by default, so a booker must "
        "create or sign in to an account before paying online.",
    )
    w.edges(
        "marquee:release-notes/5.2",
        "2026-10-20T06:00:00+00:00",
        ("release-marquee-52", "CHANGED", "tool-marquee"),
        ("release-marquee-52", "PART_OF", "service-ticket-sales"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-ops", "#ops"),
        ("channel-tech", "#tech"),
        ("channel-foh", "#front-of-house"),
        ("channel-box", "#box-office"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, ts, said, text in (
        (
            "message-fringe-end",
            "Gemma in #ops on 27 August",
            "person-gemma-strachan",
            "channel-ops",
            1787820000,
            "2026-08-27T09:20:00+00:00",
            "Reminder: Bramble's Fringe hire ends on Monday 31 August. Then it's maintenance "
            "week, 1 to 8 September: Main House and Loft both dark, fly rope replacement and "
            "seat repairs. Autumn season opens Wednesday 9 September.",
        ),
        (
            "message-interval-tapster",
            "Kenny in #front-of-house on 2 September",
            "person-kenny-rattray",
            "channel-foh",
            1788339600,
            "2026-09-02T09:00:00+00:00",
            "From Monday 14 September interval drinks pre-orders go through the Tapster tills "
            "(and the Tapster order page on the QR codes), not BarTab. BarTab switches off "
            "that day. Orders print at the bar and come off the same stock count.",
        ),
        (
            "message-scanners-down",
            "Ailsa in #box-office on 28 September",
            "person-ailsa-drummond",
            "channel-box",
            1790586000,
            "2026-09-28T09:00:00+00:00",
            "Scanners can't see Marquee since Grassmarket started swapping the access points "
            "this morning. Paper door lists for every show until they're sorted, print them "
            "at 5.",
        ),
        (
            "message-scanners-back",
            "Ailsa in #box-office on 5 October",
            "person-ailsa-drummond",
            "channel-box",
            1791199800,
            "2026-10-05T11:30:00+00:00",
            "Scanners are back: Grassmarket have put them on their own network. Nothing got "
            "scanned 28 Sept to 4 Oct, so there are no scan numbers for that week; the door "
            "lists are in the box office if anyone needs them.",
        ),
        (
            "message-haze-rule",
            "Fraser in #tech on 14 October",
            "person-fraser-ogilvie",
            "channel-tech",
            1791968400,
            "2026-10-14T09:00:00+00:00",
            "New rule from today after Friday's evacuation: no haze or smoke in the Main "
            "House unless the duty tech has isolated zone 7 with the Firth key, there's a "
            "named fire watch in the fly gallery the whole time it's off, and it's logged and "
            "restored at the interval and the end. Haze cues go on the tech sheet before show "
            "one.",
        ),
        (
            "message-marquee-52",
            "Isla in #box-office on 19 October",
            "person-isla-fairbairn",
            "channel-box",
            1792404000,
            "2026-10-19T10:00:00+00:00",
            "Marquee 5.2 goes live tomorrow morning: new seat map, saved cards and customer "
            "accounts. Should help the Friends data.",
        ),
        (
            "message-loler-handover",
            "Ruaridh in #tech on 2 November",
            "person-ruaridh-mackinnon",
            "channel-tech",
            1793613600,
            "2026-11-02T08:00:00+00:00",
            "Niamh is taking over the hoist LOLER re-exam booking from today while I'm off "
            "on paternity leave. Caledonian have our dates; the report runs out on 30 "
            "November.",
        ),
        (
            "message-ops-notes",
            "Operations meeting notes, 16 November",
            "person-morag-lindsay",
            "channel-ops",
            1794830400,
            "2026-11-16T10:00:00+00:00",
            "Ops meeting, Mon 16 Nov. 1) Online sales down since Marquee 5.2 made accounts "
            "compulsory: guest checkout goes back on, account optional after payment; Isla "
            "gets Marquee to do it by Fri 27 Nov and warns the box office the day before. "
            "2) Hoist LOLER: Caledonian examine the hoists on Tue 24 Nov (Niamh); nothing "
            "flies on the hoists after 30 Nov without a new report, else the Snow Queen "
            "sleigh is dead-hung. 3) Snow Queen haze: zone 7 isolation and fire watch on the "
            "cue sheet (Fraser, done); Sandra puts up foyer haze notices and sends Isla the "
            "wording for the show page by Wed 25 Nov. 4) Hogmanay ceilidh, bar till 01:00: "
            "Kenny is off from 7 Dec, so Jamie lodges the occasional licence with the "
            "Licensing Board by Fri 27 Nov; Sandra is the responsible person on the night. "
            "5) Ailsa gets a quote for a 4G fallback router for the door scanners by Fri 4 "
            "Dec; Duncan signs it off if under £600. Replacing Grassmarket parked till the "
            "new year.",
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
        "slack:box-office/1792404000",
        "2026-10-19T10:00:00+00:00",
        ("message-marquee-52", "MENTIONS", "release-marquee-52"),
        ("message-marquee-52", "MENTIONS", "tool-marquee"),
    )
    w.edges(
        "slack:box-office/1791199800",
        "2026-10-05T11:30:00+00:00",
        ("message-scanners-back", "MENTIONS", "incident-wifi-scanners"),
        ("message-scanners-back", "MENTIONS", "account-marquee-scan"),
    )
    w.edges(
        "slack:box-office/1790586000",
        "2026-09-28T09:00:00+00:00",
        ("message-scanners-down", "MENTIONS", "incident-wifi-scanners"),
    )
    w.edges(
        "slack:ops/1794830400",
        "2026-11-16T10:00:00+00:00",
        ("message-ops-notes", "MENTIONS", "release-marquee-52"),
        ("message-ops-notes", "MENTIONS", "tool-marquee"),
        ("message-ops-notes", "MENTIONS", "account-loler"),
        ("message-ops-notes", "MENTIONS", "product-snow-queen"),
        ("message-ops-notes", "MENTIONS", "account-premises-licence"),
    )


def _documents(w: Book) -> None:
    docs = OUT / "docs"
    mentions = {
        "Main House": "service-main-house",
        "Loft studio": "service-loft",
        "Circle Bar": "service-bar",
        "counterweight": "service-flying",
        "hoist": "account-loler",
        "Caledonian Rigging": "vendor-caledonian",
        "Firth Fire Protection": "vendor-firth",
        "Marquee": "tool-marquee",
        "Tapster": "tool-tapster",
        "Licensing Board": "org-licensing-board",
        "PL/0457": "account-premises-licence",
        "Gulls Theatre Company": "customer-gulls",
        "Sandra Okafor": "person-sandra-okafor",
        "Kenny Rattray": "person-kenny-rattray",
    }
    for path, did, author, kind, about in (
        (
            "main-house-technical-specification.md",
            "doc-tech-spec",
            "person-fraser-ogilvie",
            "technical specification",
            ["service-main-house", "service-flying"],
        ),
        (
            "front-of-house-and-bar-handbook.md",
            "doc-foh-handbook",
            "person-sandra-okafor",
            "handbook",
            ["service-stewarding", "service-bar"],
        ),
        (
            "licensing-and-compliance-register-2026.md",
            "doc-licensing",
            "person-eilidh-baird",
            "register",
            ["account-premises-licence", "account-loler", "org-licensing-board"],
        ),
        (
            "haze-evacuation-review-2026-10.md",
            "doc-haze-review",
            "person-fraser-ogilvie",
            "incident review",
            ["incident-haze-evacuation"],
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
    w.edge(
        "task-haze-refunds",
        "ABOUT",
        "rule-refunds",
        since=date(2026, 10, 10),
        src="marquee:tasks/1188",
        as_of=date(2026, 10, 13),
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
        "decision-bartab",
        "Take interval drinks pre-orders through BarTab QR codes",
        src="sharepoint:bar-2025",
        on=START,
        why="BarTab let audiences order interval drinks from their seats with a QR code on "
        "the ticket, with no new tills, for a small fee per order.",
        made_by="person-kenny-rattray",
        made_in=None,
    )
    decision(
        "decision-interval-tapster",
        "Take interval drinks pre-orders in Tapster EPOS from 14 September",
        src="slack:front-of-house/1788339600",
        on=date(2026, 9, 2),
        why="BarTab orders did not reach the bar printer on three evenings of the Fringe, "
        "so pre-ordered drinks were never poured, and its orders sat outside the bar's stock "
        "count. Tapster takes the pre-orders on the same tills, prints them at the bar and "
        "counts the stock, with no per-order fee.",
        made_by="person-kenny-rattray",
        made_in="message-interval-tapster",
        edges=(
            ("decision-interval-tapster", "SUPERSEDES", "decision-bartab"),
            ("decision-interval-tapster", "AFFECTS", "service-interval-orders"),
            ("decision-interval-tapster", "MENTIONS", "tool-tapster"),
            ("decision-interval-tapster", "MENTIONS", "tool-bartab"),
        ),
    )
    decision(
        "decision-maintenance-week",
        "Keep the Main House and the Loft dark from 1 to 8 September for maintenance week",
        src="slack:ops/1787820000",
        on=date(2026, 8, 27),
        why="After the Fringe the fly ropes on the counterweight bars are due for replacement "
        "and the stalls seats need repairs; both need the stages empty, so nothing plays "
        "from 1 to 8 September and the autumn season opens on 9 September.",
        made_by="person-fraser-ogilvie",
        made_in="message-fringe-end",
        edges=(
            ("decision-maintenance-week", "AFFECTS", "service-main-house"),
            ("decision-maintenance-week", "AFFECTS", "service-loft"),
            ("decision-maintenance-week", "AFFECTS", "metric-door-scans"),
        ),
    )
    decision(
        "decision-haze-procedure",
        "Haze in the Main House only with zone 7 isolated, a named fire watch and a log",
        src="slack:tech/1791968400",
        on=HAZE_RULE,
        why="On 9 October haze set off the fly tower detector in the middle of Salt on the "
        "Wind because nobody had isolated the zone; 372 people were evacuated, the show was "
        "abandoned and refunds came to £9,480. Isolating zone 7 with a fire watch in the "
        "fly gallery keeps the building covered while the detector is off.",
        made_by="person-fraser-ogilvie",
        made_in="message-haze-rule",
        edges=(
            ("decision-haze-procedure", "BASED_ON", "doc-haze-review"),
            ("decision-haze-procedure", "MENTIONS", "incident-haze-evacuation"),
            ("decision-haze-procedure", "AFFECTS", "service-fire-alarm"),
            ("rule-haze-isolation", "BASED_ON", "decision-haze-procedure"),
        ),
    )
    ops = "slack:ops/1794830400"
    decision(
        "decision-guest-checkout",
        "Switch Marquee guest checkout back on, with an optional account after payment",
        src=ops,
        on=OPS_MEETING,
        why="Since Marquee 5.2 made an account compulsory at checkout online sales have "
        "fallen by about a third and the box office phones are full of bookers stuck on the "
        "create-an-account page. Guest checkout is a Marquee setting; the account box moves "
        "to after payment, so the Friends data still grows. Done by Friday 27 November, "
        "before The Snow Queen opens.",
        made_by="person-morag-lindsay",
        made_in="message-ops-notes",
        edges=(
            ("decision-guest-checkout", "AFFECTS", "tool-marquee"),
            ("decision-guest-checkout", "MENTIONS", "release-marquee-52"),
        ),
    )
    decision(
        "decision-loler-date",
        "Caledonian examine the hoists on Tuesday 24 November; nothing flies on them after "
        "30 November without a new report",
        src=ops,
        on=OPS_MEETING,
        why="The hoists' LOLER report expires on 30 November and the Snow Queen sleigh flies "
        "on all eight hoists; 24 November is Caledonian's only slot before then. If the "
        "examination finds a fault, the sleigh is dead-hung and the flying cue cut.",
        made_by="person-fraser-ogilvie",
        made_in="message-ops-notes",
        edges=(
            ("decision-loler-date", "AFFECTS", "service-flying"),
            ("decision-loler-date", "MENTIONS", "account-loler"),
        ),
    )
    decision(
        "decision-hogmanay-bar",
        "Keep the Circle Bar open to 01:00 for the Hogmanay ceilidh under an occasional licence",
        src=ops,
        on=OPS_MEETING,
        why="Hogmanay is a Thursday, when the premises licence stops sales at 23:00; the "
        "ceilidh runs past midnight, so the bar needs an occasional licence from the "
        "Licensing Board, lodged at least 28 days before.",
        made_by="person-morag-lindsay",
        made_in="message-ops-notes",
        edges=(("decision-hogmanay-bar", "AFFECTS", "service-bar"),),
    )


def _work(w: Book) -> None:
    src = "sharepoint:tasks/loler-hoists"
    w.node(
        "Task",
        "task-loler-reexam",
        "Book Caledonian's LOLER re-examination of the Main House hoists before the report "
        "expires on 30 November",
        src=src,
        as_of=LOLER_TASK_FROM,
        status="in progress",
        due="2026-11-24",
        text="Book Caledonian Rigging & Inspection's six-monthly LOLER thorough examination "
        "of the eight motor chain hoists and their accessories, be there for it, and file "
        "the new report before the current one expires on 30 November.",
    )
    w.edge("person-ruaridh-mackinnon", "OWNS", "task-loler-reexam", since=LOLER_TASK_FROM, src=src)
    w.edges(
        src,
        LOLER_TASK_FROM,
        ("task-loler-reexam", "ABOUT", "account-loler"),
        ("task-loler-reexam", "ABOUT", "rule-loler"),
        ("person-ruaridh-mackinnon", "WORKS_ON", "task-loler-reexam"),
    )
    w.edges(
        "slack:tech/1793613600",
        LOLER_HANDOVER,
        ("person-niamh-gallacher", "OWNS", "task-loler-reexam"),
        ("person-niamh-gallacher", "WORKS_ON", "task-loler-reexam"),
        ("message-loler-handover", "MENTIONS", "task-loler-reexam"),
    )

    src = "sharepoint:tasks/hogmanay-licence"
    w.node(
        "Task",
        "task-hogmanay-licence",
        "Lodge the occasional licence application for the Hogmanay ceilidh bar",
        src=src,
        as_of=LICENCE_TASK_FROM,
        status="in progress",
        due="2026-11-27",
        text="Apply to the City of Edinburgh Licensing Board for an occasional licence to "
        "keep the Circle Bar open to 01:00 on Thursday 31 December for the Hogmanay "
        "ceilidh; it must be lodged at least 28 days before.",
    )
    w.edge(
        "person-kenny-rattray", "OWNS", "task-hogmanay-licence", since=LICENCE_TASK_FROM, src=src
    )
    w.edges(
        src,
        LICENCE_TASK_FROM,
        ("task-hogmanay-licence", "ABOUT", "account-premises-licence"),
        ("task-hogmanay-licence", "ABOUT", "rule-licensed-hours"),
        ("person-kenny-rattray", "WORKS_ON", "task-hogmanay-licence"),
    )
    ops = "slack:ops/1794830400"
    w.edges(
        ops,
        OPS_MEETING,
        ("person-jamie-kerr", "OWNS", "task-hogmanay-licence"),
        ("person-jamie-kerr", "WORKS_ON", "task-hogmanay-licence"),
        ("task-hogmanay-licence", "ABOUT", "decision-hogmanay-bar"),
        ("message-ops-notes", "MENTIONS", "task-hogmanay-licence"),
        ("message-ops-notes", "MENTIONS", "task-loler-reexam"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-guest-checkout",
            "Get Marquee to switch guest checkout back on",
            "person-isla-fairbairn",
            "2026-11-27",
            "Marquee puts guest checkout back on and moves the account box to after payment; "
            "Isla tells the box office the day before it changes.",
            "decision-guest-checkout",
        ),
        (
            "task-haze-notices",
            "Haze notices for The Snow Queen in the foyer and on the show page",
            "person-sandra-okafor",
            "2026-11-25",
            "Foyer signs that the show uses haze, and the wording to Isla for the Marquee "
            "show page, up for the first preview.",
            "product-snow-queen",
        ),
        (
            "task-scanner-router",
            "Quote for a 4G fallback router for the door scanners",
            "person-ailsa-drummond",
            "2026-12-04",
            "A 4G router the door scanners fall back to when the venue Wi-Fi drops; Duncan "
            "signs it off if it is under £600.",
            "service-door-entry",
        ),
    ):
        w.node("Task", tid, name, src=ops, as_of=OPS_MEETING, status="open", due=due, text=text)
        w.edges(
            ops,
            OPS_MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-ops-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = [
        "coverage",
        "covered",
        "days with",
        "days of data",
        "missing",
        "no reading",
        "only",
        "gap",
        "dark",
    ]
    forthpay = impact_question(
        facts,
        "forthpay goes down tonight - what breaks?",
        ["vendor-forthpay", "account-forthpay"],
        today,
        must_exclude=["BarTab"],
        note="BarTab took interval pre-orders through the Forthpay account until 14 "
        "September; it is retired and breaks nothing now",
    )
    scans_change = m(
        facts,
        today,
        "door scans october vs september, up or down?",
        "metric_change",
        "metric-door-scans",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="no scans 28 September - 4 October (Wi-Fi swap): September has 27 of 30 days, "
        "October 27 of 31; compare daily means over the covered days and say so",
    )
    scans_change.must_include = [coverage_words]
    occ_change = m(
        facts,
        today,
        "main house occupancy nov so far vs oct",
        "metric_change",
        "metric-occupancy",
        periods=("month_november", "month_october"),
        tolerance=0.5,
        covered=True,
        note="occupancy has a reading only on performance days (none on dark days): the "
        "daily means are over the nights the Main House played",
    )
    occ_change.must_include = [coverage_words]
    occ_avg = m(
        facts,
        today,
        "avg occupancy in the main house mid oct?",
        "metric_average",
        "metric-occupancy",
        periods=("mid_october",),
        tolerance=0.2,
        covered=True,
        note="11-20 October; dark Mondays and Sundays have no reading",
    )
    occ_avg.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if the loler cert on the hoists expires what stops working?",
            ["account-loler"],
            today,
            note="the report expires on 30 November: flying on the hoists and The Snow Queen",
        ),
        forthpay,
        impact_question(
            facts,
            "grassmarket networks is offline, what do we lose",
            ["vendor-grassmarket"],
            today,
            note="the Wi-Fi, and with it the door scanners",
        ),
        owner_question(
            facts,
            "who's sorting the loler re-exam on the hoists now?",
            "task-loler-reexam",
            today,
            note="Ruaridh MacKinnon handed it to Niamh Gallacher on 2 November",
        ),
        owner_question(
            facts,
            "who had the hoist loler booking in mid october",
            "task-loler-reexam",
            date(2026, 10, 15),
        ),
        owner_question(
            facts,
            "whos got the hogmanay occasional licence application",
            "task-hogmanay-licence",
            today,
            note="Kenny Rattray handed it to Jamie Kerr at the 16 November operations meeting",
        ),
        owner_question(
            facts,
            "who was in charge of the haze evacuation on the 9th",
            "incident-haze-evacuation",
            today,
        ),
        Question(
            "why did we move interval orders off bartab?",
            "decision",
            must_include=["printer"],
            must_cite=["decision-interval-tapster"],
        ),
        Question(
            "who decided haze now needs a fire watch up in the fly gallery?",
            "decision",
            must_include=["Fraser Ogilvie"],
            must_cite=["decision-haze-procedure"],
        ),
        Question(
            "how did interval drink pre-orders work before tapster",
            "decision",
            must_include=["BarTab"],
            must_cite=["decision-bartab"],
            note="the superseded decision: BarTab QR-code pre-orders until 14 September",
        ),
        Question(
            "visiting co wants haze in act 2 - can we just switch the detectors off for the show?",
            "policy",
            must_include=["fire watch"],
            must_cite=["rule-haze-isolation"],
            note="only with zone 7 isolated by the duty technician, a named fire watch and a log",
        ),
        Question(
            "lad at the bar looks about 19 and has no id on him, do we serve?",
            "policy",
            must_include=["Challenge 25"],
            must_cite=["rule-challenge-25"],
        ),
        Question(
            "customer from the evacuated show wants her money back, whats the policy",
            "policy",
            must_include=["full refund"],
            must_cite=["rule-refunds"],
            note="abandoned before the end of the first act: a full refund or an exchange",
        ),
        related_question(
            facts,
            "online checkout takes cards thru a merchant acct - what company is behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-forthpay",
            keep=["Vendor"],
            note="two hops: ticket sales -> Forthpay merchant account -> vendor",
        ),
        related_question(
            facts,
            "the snow queen flying hangs on the hoist loler cert - which team is the person "
            "who owns that cert in?",
            today,
            rel="MEMBER_OF",
            frm="person-fraser-ogilvie",
            note="three hops: The Snow Queen -> flying -> the LOLER certificate, owned by "
            "Fraser Ogilvie -> his team (the booking task moved to Niamh, the certificate "
            "did not)",
        ),
        related_question(
            facts,
            "which suppliers does the circle bar lean on",
            today,
            rel="DEPENDS_ON",
            frm="service-bar",
            keep=["Vendor"],
        ),
        m(
            facts,
            today,
            "how many tix did we sell yesterday",
            "metric_value",
            "metric-tickets-sold",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "what did the bar take on fri 9 oct",
            "metric_value",
            "metric-bar-takings",
            span=(HAZE_DAY, HAZE_DAY),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "bar takings second half of october",
            "metric_total",
            "metric-bar-takings",
            periods=("second_half_october",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "total tickets sold the week of 7 sept",
            "metric_total",
            "metric-tickets-sold",
            periods=("week_of_2026-09-07",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "online sales since marquee 5.2 went live",
            "metric_total",
            "metric-online-tickets",
            periods=("since_2026-10-20",),
            tolerance=0.5,
            note="5.2 went live on 20 October",
        ),
        occ_avg,
        m(
            facts,
            today,
            "avg daily bar takings end of Q3",
            "metric_average",
            "metric-bar-takings",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "average tickets a day last month",
            "metric_average",
            "metric-tickets-sold",
            periods=("last_month",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "online sales 20-26 oct vs the 7 days before - how far did they drop?",
            "metric_change",
            "metric-online-tickets",
            spans=(
                (MARQUEE_52, MARQUEE_52 + timedelta(days=6)),
                (MARQUEE_52 - timedelta(days=7), MARQUEE_52 - timedelta(days=1)),
            ),
            tolerance=0.2,
            note="the first week of Marquee 5.2 against the week before it",
        ),
        scans_change,
        occ_change,
        m(
            facts,
            today,
            "bar takings last week vs the week before",
            "metric_change",
            "metric-bar-takings",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        Question(
            "why did bar takings tank on fri 9 oct",
            "metric_why",
            must_include=[["haze", "evacuat", "fire alarm"]],
            must_cite=["incident-haze-evacuation"],
        ),
        Question(
            "why have online sales dropped off since late oct?",
            "metric_why",
            must_include=[["5.2", "guest checkout", "account"]],
            must_cite=["release-marquee-52"],
            note="nothing links the release to the online metric: online sales fall from 20 "
            "October, the day Marquee 5.2 made an account compulsory at checkout",
        ),
        Question(
            "why is there no door scan data for the end of sept",
            "metric_why",
            must_include=[["Wi-Fi", "wifi", "access point", "Grassmarket"]],
            must_cite=["incident-wifi-scanners"],
        ),
        Question(
            "why did scans go to zero at the start of september",
            "metric_why",
            must_include=["maintenance week"],
            must_cite=["decision-maintenance-week"],
        ),
        Question(
            "whats the max load on one of the counterweight bars",
            "document",
            must_include=["250 kg"],
            must_cite=["doc-tech-spec"],
        ),
        Question(
            "what did refunds for the abandoned salt on the wind show come to, per fraser's review",
            "document",
            must_include=["9,480"],
            must_cite=["doc-haze-review"],
        ),
        Question(
            "what did we agree at monday's ops meeting about guest checkout",
            "meeting",
            must_include=["guest checkout", "Isla"],
            must_cite=["decision-guest-checkout"],
            note="16 November operations meeting: guest checkout back on, account optional "
            "after payment, Isla with Marquee by Friday 27 November",
        ),
        Question(
            "who's doing what after the ops meeting yesterday?",
            "meeting",
            must_include=["Isla", "Niamh", "Sandra", "Jamie", "Ailsa"],
            note="Isla: guest checkout (27 Nov); Niamh: LOLER examination (24 Nov); Sandra: "
            "haze notices (25 Nov); Jamie: Hogmanay occasional licence (27 Nov); Ailsa: 4G "
            "router quote (4 Dec)",
        ),
        Question(
            "what did fiona harcus decide about the pantomime dame costumes?",
            "unknown",
            absent=["Fiona Harcus", "pantomime"],
            note="no such person and no pantomime; the Christmas show is The Snow Queen",
        ),
        Question(
            "how many tickets did we sell in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 19 August",
        ),
        Question("who won the calcutta cup this year", "offtopic"),
        Question("any decent chippy recs near the meadows?", "offtopic"),
    ]


def build() -> Business:
    """The theatre's facts and its questions."""
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
        "The Tollcross Playhouse",
        "independent theatre and live-events venue: box office, front of house, technical "
        "crew, flying and rigging, the Circle Bar, touring productions and licensing (The "
        "Tollcross Playhouse, Edinburgh, Scotland)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/operations-meeting-2026-11-16.txt",
                "title": "Operations meeting",
                "date": OPS_MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=OUT)
