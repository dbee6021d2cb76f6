"""Tarnfield Solar & Battery: a residential solar PV and home battery installer in Hollinsby,
North Yorkshire, with two install crews, a commissioning electrician, an office that makes
the DNO applications and an aftercare engineer who runs warranty callouts.

The story: leads land in Pylon CRM (Pylonworks); surveyors record roofs in the SiteSnap survey
app; designs and quotes are built in RoofCraft Designer (Skylark Software), which loads roofs
through the RoofCraft aerial imagery subscription with OrbitMap Aerial (it expires on 31
August). PVQuick, the old design tool, used the same imagery until it was retired on 18 May.
Panels and rails come from Northgate Solar Distribution, hybrid inverters (and, from 16 July,
batteries) from Aurelin Power, whose Aurelin Cloud holds monitoring, commissioning and fault
logs. Fellside Scaffolding puts up "the scaff". Every G98 notification and G99 application goes
to the DNO, Pennine & Dales Electricity Networks (PDEN), on its Connections Portal; MCS
certificates are lodged with Hallmark Renewables Certification; customer loans go to Greenstep
Finance through a broker API key in Pylon.

PDEN moved the portal to 3.0 on 8 June and the G99 queue climbed from about 10 to about 25
(linked to the metric). RoofQuote Leads were bought from 15 June (Callum Reddy's decision,
linked to leads); lead-to-sale conversion fell from about 15% to about 9% that day (nothing
links the two). A scaffold tie pulled out at Moorside Lane on 24 June; Fellside stood down all
17 scaffolds on 25 and 26 June and no installs were done (linked); scaffold bookings moved
from Megan Ashworth to Dean Mossop on 1 July (Gemma Thwaite's decision). Voltstack VS-10
batteries shut down on a BMS fault from 29 June (callouts spiked, linked); Voltstack's
stop-install notice ran from 2 to 15 July and no batteries were fitted (linked); on 16 July
the Aurelin ABX 9.6 became the standard battery, superseding the VS-10 decision. The VS-10
battery swap programme (38 systems) went from Dean to Lewis Haigh at the ops call of 10
August. SiteSnap's sync failed from 20 to 26 July: surveys have no readings then (linked).
Greenstep's approvals report was paused from 3 to 7 August during its platform migration: no
readings, only Megan's message says why. The Monday ops call of 10 August (a transcript, no
notes in the facts) set a qualifying call on every RoofQuote lead and a cap of 40 a week.

"Today" is Thursday 13 August 2026; daily readings run from 12 May to 12 August.
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

SLUG = "tarnfield-solar"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 8, 13)
FIRST, LAST = date(2026, 5, 12), date(2026, 8, 12)
SEED = 81326
START = date(2025, 1, 13)
VS10_DECIDED = date(2025, 3, 3)
ROOFCRAFT_DECIDED = date(2026, 5, 4)
ROOFCRAFT_LIVE = date(2026, 5, 18)
PORTAL_3 = date(2026, 6, 8)
ROOFQUOTE_DECIDED = date(2026, 6, 10)
ROOFQUOTE_FROM = date(2026, 6, 15)
TIE_FAILURE = date(2026, 6, 24)
STAND_DOWN = (date(2026, 6, 25), date(2026, 6, 26))
SCAFF_DECIDED = date(2026, 6, 30)
SCAFF_TO_DEAN = date(2026, 7, 1)
BMS_DAYS = tuple(date(2026, 6, 29) + timedelta(days=i) for i in range(7))  # to 5 Jul
STOP_INSTALL = tuple(date(2026, 7, 2) + timedelta(days=i) for i in range(14))  # to 15 Jul
SWAP_SET_UP = date(2026, 7, 6)
ABX_FROM = date(2026, 7, 16)
SYNC_GAP = tuple(date(2026, 7, 20) + timedelta(days=i) for i in range(7))  # to 26 Jul
SYNC_BACK = date(2026, 7, 27)
GREENSTEP_GAP = tuple(date(2026, 8, 3) + timedelta(days=i) for i in range(5))  # to 7 Aug
RENEWAL_NOTICE = date(2026, 8, 3)
MEETING = date(2026, 8, 10)
DOC_DATES = {
    "doc-field-handbook": SCAFF_TO_DEAN,
    "doc-sales-playbook": ROOFQUOTE_FROM,
    "doc-dno-guide": PORTAL_3,
    "doc-vs10-review": date(2026, 7, 24),
    "doc-scaffold-report": SCAFF_DECIDED,
    "doc-warranty-procedure": date(2026, 3, 2),
}

# fmt: off
PEOPLE = (
    ("person-gemma-thwaite", "Gemma Thwaite", "Managing director", None),
    ("person-callum-reddy", "Callum Reddy", "Sales manager", "team-sales"),
    ("person-niamh-ostler", "Niamh Ostler", "Solar designer and surveyor", "team-sales"),
    ("person-toby-garside", "Toby Garside", "Surveyor and sales consultant", "team-sales"),
    ("person-harriet-penrose", "Harriet Penrose", "Lead coordinator and Pylon CRM admin",
     "team-sales"),
    ("person-dean-mossop", "Dean Mossop", "Installs manager", "team-installs"),
    ("person-kyle-birtwistle", "Kyle Birtwistle", "Crew lead, Crew A (roofing)",
     "team-installs"),
    ("person-shona-maclean", "Shona MacLean", "Crew lead, Crew B (electrician)",
     "team-installs"),
    ("person-ravi-anand", "Ravi Anand", "Commissioning electrician", "team-installs"),
    ("person-bethany-croft", "Bethany Croft", "Grid applications coordinator (G98 and G99)",
     "team-office"),
    ("person-megan-ashworth", "Megan Ashworth", "Office manager: customer finance and MCS "
     "paperwork", "team-office"),
    ("person-joanne-sykes", "Joanne Sykes", "Accounts and purchasing", "team-office"),
    ("person-lewis-haigh", "Lewis Haigh", "Aftercare and warranty engineer",
     "team-aftercare"),
)
TEAMS = (
    ("team-sales", "Sales & Design"),
    ("team-installs", "Install Crews"),
    ("team-office", "Office & Grid"),
    ("team-aftercare", "Aftercare & Warranty"),
)
VENDORS = (
    ("vendor-northgate", "Northgate Solar Distribution", "solar panels, mounting rails, roof "
     "hooks and DC cable on a trade account, delivered to the Beckside stores"),
    ("vendor-aurelin", "Aurelin Power", "hybrid inverters, the ABX 9.6 battery (from July "
     "2026), and Aurelin Cloud for monitoring, commissioning and fault logs"),
    ("vendor-voltstack", "Voltstack Energy", "the VS-10 10 kWh home battery (our standard "
     "battery until July 2026), and credits on returned units"),
    ("vendor-fellside", "Fellside Scaffolding", "scaffold hire for every roof job: put up, "
     "tagged and struck (the scaff)"),
    ("vendor-pden", "Pennine & Dales Electricity Networks", "the DNO for our area, and the "
     "PDEN Connections Portal for G98 notifications and G99 applications"),
    ("vendor-pylonworks", "Pylonworks", "Pylon CRM: leads, customers, jobs and warranty "
     "tickets"),
    ("vendor-skylark", "Skylark Software", "RoofCraft Designer: roof designs, shading, quotes "
     "and e-signed proposals"),
    ("vendor-orbitmap", "OrbitMap Aerial", "aerial imagery and roof height data that roof "
     "designs are drawn on"),
    ("vendor-sitesnap", "SiteSnap", "the SiteSnap survey app and its cloud sync"),
    ("vendor-greenstep", "Greenstep Finance", "customer loans for solar and batteries, "
     "arranged by us as a broker"),
    ("vendor-hallmark", "Hallmark Renewables Certification", "our MCS installer "
     "certification, the yearly surveillance audit and MCS certificate lodging"),
    ("vendor-roofquote", "RoofQuote Leads", "paid solar leads from its comparison site, "
     "from June 2026"),
)
TOOLS = (
    ("tool-pylon", "Pylon CRM", "vendor-pylonworks", "person-harriet-penrose"),
    ("tool-roofcraft", "RoofCraft Designer", "vendor-skylark", "person-niamh-ostler"),
    ("tool-sitesnap", "SiteSnap survey app", "vendor-sitesnap", "person-niamh-ostler"),
    ("tool-pden-portal", "PDEN Connections Portal", "vendor-pden", "person-bethany-croft"),
    ("tool-aurelin-cloud", "Aurelin Cloud", "vendor-aurelin", "person-lewis-haigh"),
)
ACCOUNTS = (
    ("account-orbitmap", "RoofCraft aerial imagery subscription", "person-niamh-ostler",
     "Tarnfield's yearly subscription with OrbitMap Aerial for the aerial imagery and roof "
     "height data RoofCraft Designer loads every roof from. It expires on 31 August 2026; "
     "without it RoofCraft cannot load a roof, so nothing can be designed or quoted.",
     {"expiresAt": "2026-08-31"}),
    ("account-pden-login", "PDEN portal installer login", "person-bethany-croft",
     "Tarnfield's installer login on Pennine & Dales Electricity Networks' Connections "
     "Portal, used for every G98 notification and G99 application.", {}),
    ("account-greenstep-key", "Greenstep broker API key", "person-megan-ashworth",
     "The broker key Pylon CRM uses to send customers' finance applications to Greenstep "
     "Finance and read back the decisions.", {}),
    ("account-hallmark-cert", "MCS installer certification (Hallmark)", "person-megan-ashworth",
     "Tarnfield's MCS installer certification with Hallmark Renewables Certification, "
     "renewed each year after a surveillance audit (next on 22 September 2026); MCS "
     "certificates for customers' systems are lodged under it.", {}),
    ("account-aurelin-installer", "Aurelin installer account", "person-ravi-anand",
     "The installer account in Aurelin Cloud that commissions Aurelin inverters and "
     "batteries and registers their warranties.", {}),
    ("account-northgate-trade", "Northgate trade account", "person-joanne-sykes",
     "Tarnfield's trade account with Northgate Solar Distribution, 30-day terms and a "
     "£60,000 credit limit.", {}),
)
SERVICES = (
    ("service-leads", "Lead handling", ("tool-pylon",)),
    ("service-surveys", "Site surveys", ("tool-sitesnap", "tool-pylon")),
    ("service-design-quotes", "Roof designs and quotes", ()),
    ("service-finance", "Customer finance", ("account-greenstep-key",)),
    ("service-scaffolding", "Scaffolding", ("vendor-fellside",)),
    ("service-grid", "DNO applications", ("account-pden-login",)),
    ("service-commissioning", "Commissioning and handover", ("account-aurelin-installer",)),
    ("service-mcs", "MCS certificates", ("account-hallmark-cert",)),
    ("service-warranty", "Warranty callouts", ("tool-aurelin-cloud", "tool-pylon")),
)
PRODUCTS = (
    ("product-solar-pv", "Solar PV system",
     ("vendor-northgate", "vendor-aurelin", "service-scaffolding", "service-grid",
      "service-design-quotes", "service-commissioning", "service-mcs")),
    ("product-solar-battery", "Solar + battery package",
     ("vendor-northgate", "vendor-aurelin", "service-scaffolding", "service-grid",
      "service-design-quotes", "service-commissioning", "service-mcs")),
    ("product-battery-retrofit", "Battery retrofit",
     ("vendor-aurelin", "service-grid", "service-design-quotes", "service-commissioning")),
    ("product-suncare", "SunCare plan", ("tool-aurelin-cloud", "service-warranty")),
)
SERVICE_OWNERS = (
    ("person-harriet-penrose", "service-leads"),
    ("person-niamh-ostler", "service-surveys"),
    ("person-niamh-ostler", "service-design-quotes"),
    ("person-megan-ashworth", "service-finance"),
    ("person-bethany-croft", "service-grid"),
    ("person-ravi-anand", "service-commissioning"),
    ("person-megan-ashworth", "service-mcs"),
    ("person-lewis-haigh", "service-warranty"),
)
RULES = (
    ("rule-scaff-tag", "Nobody goes onto a scaffold until Fellside's scaffold handover tag is "
     "signed and dated for that job; an untagged or red-tagged scaffold is off limits",
     "doc-field-handbook", "person-dean-mossop"),
    ("rule-scaff-booking", "The scaff is booked at least 5 working days before the install "
     "and struck within 2 working days of the crew signing the job off", "doc-field-handbook",
     "person-dean-mossop"),
    ("rule-battery-location", "Batteries are never fitted in a loft space, in a bedroom or "
     "under the stairs on an escape route", "doc-field-handbook", "person-dean-mossop"),
    ("rule-commissioning", "Only a qualified electrician signs the commissioning test sheet, "
     "and the system is not left switched on until it is signed", "doc-field-handbook",
     "person-dean-mossop"),
    ("rule-photo-set", "The completion photo set goes into Pylon CRM before the crew leaves "
     "site", "doc-field-handbook", "person-dean-mossop"),
    ("rule-mcs-cert", "The MCS certificate is lodged with Hallmark and the handover pack sent "
     "within 10 days of commissioning", "doc-field-handbook", "person-dean-mossop"),
    ("rule-cooling-off", "No work starts inside the customer's 14-day cooling-off period "
     "unless the customer has signed the start-early waiver in RoofCraft",
     "doc-sales-playbook", "person-callum-reddy"),
    ("rule-deposit", "Cash customers pay a 25% deposit on signing, never more; finance "
     "customers pay no deposit", "doc-sales-playbook", "person-callum-reddy"),
    ("rule-lead-call", "Every new lead gets a call within 1 working hour",
     "doc-sales-playbook", "person-callum-reddy"),
    ("rule-survey-first", "No final quote goes out without a site survey",
     "doc-sales-playbook", "person-callum-reddy"),
    ("rule-finance-booking", "A finance customer's install is not booked until Greenstep's "
     "approval is in Pylon", "doc-sales-playbook", "person-callum-reddy"),
    ("rule-discount", "A sales consultant may take up to £250 off a job to match a written "
     "competitor quote; anything more needs Callum Reddy's approval", "doc-sales-playbook",
     "person-callum-reddy"),
    ("rule-g99", "A system whose inverters can export more than 16 A per phase (3.68 kW on a "
     "single-phase supply) needs G99 approval from PDEN before it is installed, and no G99 "
     "install is booked until the approval is in Pylon", "doc-dno-guide",
     "person-bethany-croft"),
    ("rule-g98", "A G98 system (16 A per phase or less) is notified to PDEN on the portal "
     "within 28 days of commissioning", "doc-dno-guide", "person-bethany-croft"),
    ("rule-callout-times", "A customer with no generation or a battery fault gets a visit "
     "within 2 working days; any other warranty callout within 10 working days",
     "doc-warranty-procedure", "person-lewis-haigh"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-tarnfield",
        "Tarnfield Solar & Battery",
        src="companies-house:tarnfield-solar-battery-ltd",
        as_of=date(2017, 9, 4),
        city="Hollinsby",
        street="Unit 4, Beckside Trading Estate",
        text="Tarnfield Solar & Battery Ltd designs and fits solar PV and home batteries for "
        "homes around Hollinsby, Skelbeck, Ravenswick and Aldermoor in North Yorkshire, from "
        "an office and stores on the Beckside Trading Estate. It is an MCS-certified "
        "installer with two install crews.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="breathehr:departments", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-tarnfield", since=START, src="breathehr:departments")
    for pid, name, role, team in PEOPLE:
        first = name.split()[0].lower()
        w.node(
            "Person",
            pid,
            name,
            src="breathehr:employees",
            as_of=START,
            role=role,
            email=f"{first}@tarnfieldsolar.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-tarnfield", since=START, src="breathehr:employees")
    for vid, name, supplies in VENDORS:
        since = ROOFQUOTE_DECIDED if vid == "vendor-roofquote" else START
        w.node(
            "Vendor",
            vid,
            name,
            src="xero:contacts",
            as_of=since,
            supplies=supplies,
            text=f"{name}: {supplies}.",
        )
        if vid != "vendor-voltstack":
            w.edge("org-tarnfield", "USES", vid, since=since, src="xero:contacts")
    w.edge(
        "org-tarnfield",
        "USES",
        "vendor-voltstack",
        since=START,
        until=ABX_FROM,
        src="xero:contacts",
    )
    for cid, name, text, _uses in (
        (
            "customer-hollinsby-ce",
            "Hollinsby Community Energy",
            "A community group with 48 panels and two ABX batteries on Hollinsby village hall, "
            "on the SunCare plan.",
            "service-warranty",
        ),
        (
            "customer-ravenswick-homes",
            "Ravenswick Homes",
            "A small house builder; Tarnfield fits solar PV on its new-build plots, each on "
            "a G99 connection.",
            "service-grid",
        ),
    ):
        w.node("Customer", cid, name, src="pylon:organisations", as_of=date(2026, 2, 9), text=text)


def _deal(w: Book) -> None:
    w.node(
        "Deal",
        "deal-becks-meadow",
        "Ravenswick Homes: solar PV on 24 plots at Becks Meadow",
        src="pylon:deals/1187",
        as_of=date(2026, 7, 28),
        stage="negotiation",
        value=118000,
        text="Solar PV (4.35 kWp, export-limited) on all 24 new-build plots at Becks Meadow, "
        "Ravenswick, from November 2026; one G99 application for the whole site.",
    )
    w.edges(
        "pylon:deals/1187",
        date(2026, 7, 28),
        ("deal-becks-meadow", "ASSIGNED_TO", "person-callum-reddy"),
        ("deal-becks-meadow", "DEPENDS_ON", "service-grid"),
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
        w.node("Product", pid, name, src="roofcraft:catalogue", as_of=START)
    w.node(
        "Tool",
        "tool-install-board",
        "Install board (crews and scaff plan)",
        src=src,
        as_of=START,
        kind="spreadsheet",
        text="The shared sheet that plans each crew's installs, the commissioning electrician's "
        "days and every scaffold booking with Fellside, week by week.",
    )
    w.edge("person-dean-mossop", "OWNS", "tool-install-board", since=START, src=src)
    w.edges(
        src,
        START,
        ("account-orbitmap", "DEPENDS_ON", "vendor-orbitmap"),
        ("account-orbitmap", "PART_OF", "tool-roofcraft"),
        ("account-pden-login", "DEPENDS_ON", "tool-pden-portal"),
        ("account-pden-login", "PART_OF", "tool-pden-portal"),
        ("account-greenstep-key", "DEPENDS_ON", "vendor-greenstep"),
        ("account-greenstep-key", "DEPENDS_ON", "tool-pylon"),
        ("account-greenstep-key", "PART_OF", "tool-pylon"),
        ("account-hallmark-cert", "DEPENDS_ON", "vendor-hallmark"),
        ("account-aurelin-installer", "DEPENDS_ON", "tool-aurelin-cloud"),
        ("account-aurelin-installer", "PART_OF", "tool-aurelin-cloud"),
        ("account-northgate-trade", "DEPENDS_ON", "vendor-northgate"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for owner, sid in SERVICE_OWNERS),
        ("team-sales", "USES", "tool-pylon"),
        ("team-sales", "USES", "tool-roofcraft"),
        ("team-sales", "USES", "tool-sitesnap"),
        ("team-installs", "USES", "tool-install-board"),
        ("team-installs", "USES", "tool-aurelin-cloud"),
        ("team-installs", "USES", "tool-pylon"),
        ("team-office", "USES", "tool-pden-portal"),
        ("team-office", "USES", "tool-pylon"),
        ("team-aftercare", "USES", "tool-aurelin-cloud"),
        ("team-aftercare", "USES", "tool-pylon"),
    )
    for cid, uses in (
        ("customer-hollinsby-ce", "service-warranty"),
        ("customer-ravenswick-homes", "service-grid"),
    ):
        w.edge(cid, "USES", uses, since=date(2026, 2, 9), src="pylon:organisations")
    # Designs and quotes: PVQuick until 18 May, then RoofCraft Designer.
    w.node(
        "Tool",
        "tool-pvquick",
        "PVQuick design tool (retired)",
        src=src,
        as_of=ROOFCRAFT_LIVE,
        status="retired",
        kind="software",
        text="The 2D roof layout and quoting tool Tarnfield used until 18 May 2026; it drew "
        "roofs on the same OrbitMap aerial imagery subscription. Switched off when RoofCraft "
        "Designer went live.",
    )
    w.edge(
        "tool-pvquick", "DEPENDS_ON", "account-orbitmap", since=START, until=ROOFCRAFT_LIVE, src=src
    )
    w.edge(
        "service-design-quotes",
        "DEPENDS_ON",
        "tool-pvquick",
        since=START,
        until=ROOFCRAFT_LIVE,
        src=src,
    )
    w.edges(
        src,
        ROOFCRAFT_LIVE,
        ("tool-roofcraft", "DEPENDS_ON", "account-orbitmap"),
        ("tool-roofcraft", "DEPENDS_ON", "tool-pylon"),
        ("service-design-quotes", "DEPENDS_ON", "tool-roofcraft"),
    )
    # Scaffold bookings: the office (Megan) until 1 July, then the installs manager.
    w.edge(
        "person-megan-ashworth",
        "OWNS",
        "service-scaffolding",
        since=START,
        until=SCAFF_TO_DEAN,  # a service may have several owners: the handover is said
        src=src,
    )
    w.edge(
        "person-dean-mossop",
        "OWNS",
        "service-scaffolding",
        since=SCAFF_TO_DEAN,
        src="slack:general/scaff-bookings",
    )
    # Batteries: Voltstack VS-10 until the stop-install, the Aurelin ABX 9.6 from 16 July.
    for pid in ("product-solar-battery", "product-battery-retrofit"):
        w.edge(
            pid,
            "DEPENDS_ON",
            "vendor-voltstack",
            since=START,
            until=ABX_FROM,
            src="roofcraft:catalogue",
        )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("inst", "kwp", "batt", "leads", "conv", "surv", "call", "g99", "fin")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    queue = 10.0
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        # installs: two crews on weekdays, the odd Saturday, none during the stand-down
        if day in STAND_DOWN:
            installs = 0
        elif wd < 5:
            installs = rng.randint(1, 3)
        elif wd == 5:
            installs = rng.randint(0, 1)
        else:
            installs = 0
        panels = [rng.randint(8, 20) for _ in range(installs)]
        kwp = round(sum(panels) * 0.435, 2)
        # battery kWh: about 60% of installs take one, plus the odd retrofit on weekdays;
        # none during the stop-install, 10 kWh VS-10 before it, 9.6 kWh ABX after it
        if day in STOP_INSTALL:
            battery = 0.0
        else:
            units = sum(rng.random() < 0.6 for _ in range(installs))
            if wd < 5 and day not in STAND_DOWN and rng.random() < 0.35:
                units += 1
            battery = units * (9.6 if day >= ABX_FROM else 10.0)
        # leads: our own, then RoofQuote's on top from 15 June
        own = rng.randint(8, 14) if wd < 5 else rng.randint(4, 8) if wd == 5 else rng.randint(3, 7)
        bought = rng.randint(6, 10) if day >= ROOFQUOTE_FROM else 0
        conversion = rng.uniform(7.6, 10.6) if day >= ROOFQUOTE_FROM else rng.uniform(13.2, 17.4)
        # surveys: the surveyors on weekdays and some Saturday mornings
        surveys = rng.randint(4, 7) if wd < 5 else rng.randint(0, 2) if wd == 5 else 0
        if day >= ROOFQUOTE_FROM and wd < 5:
            surveys += rng.randint(0, 2)
        # warranty callouts: a few a day, then the VS-10 BMS shutdowns
        if day in BMS_DAYS:
            callouts = rng.randint(9, 12) if wd < 5 else rng.randint(6, 8)
        else:
            callouts = rng.randint(1, 4) if wd < 5 else rng.randint(0, 2)
        # G99 applications waiting on PDEN: steady, then the portal 3.0 bounce-backs
        if day < PORTAL_3:
            queue += rng.uniform(-0.8, 0.8)
            queue = min(max(queue, 8.0), 12.0)
        elif queue < 25:
            queue += rng.uniform(0.3, 0.9)
        else:
            queue += rng.uniform(-1.0, 0.8)
        # Greenstep approvals: weekdays and Saturdays
        approvals = rng.randint(1, 4) if wd < 5 else rng.randint(0, 2) if wd == 5 else 0
        out["inst"].append((day, installs))
        out["kwp"].append((day, kwp))
        out["batt"].append((day, round(battery, 1)))
        out["leads"].append((day, own + bought))
        out["conv"].append((day, round(conversion, 1)))
        if day not in SYNC_GAP:
            out["surv"].append((day, surveys))
        out["call"].append((day, callouts))
        out["g99"].append((day, round(queue)))
        if day not in GREENSTEP_GAP:
            out["fin"].append((day, approvals))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    pylon, snap, portal, green = (
        "pylon:reports",
        "sitesnap:exports",
        "pden:portal-dashboard",
        "greenstep:broker-report",
    )
    for mid, name, unit, agg, src, measures in (
        ("metric-installs", "Installs completed", "installs", "sum", pylon, None),
        ("metric-kwp", "kWp installed", "kWp", "sum", pylon, None),
        ("metric-battery-kwh", "Battery capacity installed", "kWh", "sum", pylon, None),
        ("metric-leads", "Leads received", "leads", "sum", pylon, "service-leads"),
        ("metric-conversion", "Lead-to-sale conversion", "%", "mean", pylon, None),
        ("metric-surveys", "Site surveys completed", "surveys", "sum", snap, "service-surveys"),
        (
            "metric-callouts",
            "Warranty callouts raised",
            "callouts",
            "sum",
            pylon,
            "service-warranty",
        ),
        (
            "metric-g99-waiting",
            "G99 applications awaiting PDEN",
            "applications",
            "mean",
            portal,
            "service-grid",
        ),
        (
            "metric-finance-approvals",
            "Greenstep finance approvals",
            "approvals",
            "sum",
            green,
            "service-finance",
        ),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    return {
        "inst": w.readings("metric-installs", series["inst"], src=pylon),
        "kwp": w.readings("metric-kwp", series["kwp"], src=pylon),
        "batt": w.readings("metric-battery-kwh", series["batt"], src=pylon),
        "leads": w.readings("metric-leads", series["leads"], src=pylon),
        "conv": w.readings("metric-conversion", series["conv"], src=pylon),
        "surv": w.readings("metric-surveys", series["surv"], src=snap),
        "call": w.readings("metric-callouts", series["call"], src=pylon),
        "g99": w.readings("metric-g99-waiting", series["g99"], src=portal),
        "fin": w.readings("metric-finance-approvals", series["fin"], src=green),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    # RoofCraft Designer replaced PVQuick on 18 May.
    src = "skylark:tarnfield/go-live"
    w.node(
        "Release",
        "release-roofcraft",
        "RoofCraft Designer go-live",
        src=src,
        as_of="2026-05-18T07:00:00+00:00",
        version="2026.5",
        releasedAt="2026-05-18T07:00:00+00:00",
        text="RoofCraft Designer went live for every design and quote on 18 May 2026: 3D roof "
        "models with shading, proposals the customer e-signs, and signed jobs pushed into "
        "Pylon CRM. PVQuick was switched off the same morning.",
    )
    w.edges(
        src,
        "2026-05-18T07:00:00+00:00",
        ("release-roofcraft", "CHANGED", "service-design-quotes"),
        ("release-roofcraft", "CHANGED", "tool-roofcraft"),
    )

    # PDEN's portal 3.0: the G99 queue climbs (linked).
    src = "pden:portal/release-3.0"
    w.node(
        "Release",
        "release-pden-portal-3",
        "PDEN Connections Portal 3.0",
        src=src,
        as_of="2026-06-08T06:00:00+00:00",
        version="3.0",
        releasedAt="2026-06-08T06:00:00+00:00",
        text="Pennine & Dales Electricity Networks' Connections Portal 3.0: every G99 "
        "application needs the single-line diagram on PDEN's own template and the inverter's "
        "ENA type-test reference; incomplete applications are sent back and go to the back of "
        "the queue when resubmitted.",
    )
    w.edges(
        src,
        "2026-06-08T06:00:00+00:00",
        ("release-pden-portal-3", "CHANGED", "tool-pden-portal"),
        ("release-pden-portal-3", "AFFECTS", "service-grid"),
        ("release-pden-portal-3", "AFFECTS", "metric-g99-waiting"),
    )

    # The scaffold tie failure and Fellside's stand-down: no installs on 25-26 June (linked).
    src = "pylon:incidents/scaff-0624"
    w.node(
        "Incident",
        "incident-scaffold-tie",
        "Scaffold tie failure at 14 Moorside Lane, Skelbeck; Fellside stands down all scaffolds",
        src=src,
        as_of=date(2026, 6, 27),
        status="resolved",
        severity="high",
        startedAt="2026-06-24T09:40:00+00:00",
        resolvedAt="2026-06-26T16:00:00+00:00",
        text="At 10:40 on 24 June a scaffold tie pulled out of the front wall of 14 Moorside "
        "Lane, Skelbeck, while Crew A was lifting panels; nobody was hurt. The tie was in soft "
        "lime mortar and had not been pull-tested. Fellside Scaffolding stood down all 17 of "
        "our scaffolds and re-inspected them on 25 and 26 June, so no installs were done on "
        "those two days and 11 were rescheduled.",
    )
    w.edges(
        src,
        "2026-06-24T09:40:00+00:00",
        ("vendor-fellside", "CAUSED", "incident-scaffold-tie"),
        ("incident-scaffold-tie", "AFFECTS", "service-scaffolding"),
        ("incident-scaffold-tie", "AFFECTS", "metric-installs"),
        *(("incident-scaffold-tie", "CAUSED", obs["inst"][d]) for d in STAND_DOWN),
        ("person-dean-mossop", "OWNS", "incident-scaffold-tie"),
        as_of=date(2026, 6, 27),
    )

    # The VS-10 BMS shutdowns: callouts spike (linked).
    src = "pylon:incidents/vs10-bms"
    w.node(
        "Incident",
        "incident-vs10-bms",
        "Voltstack VS-10 batteries shutting down on a BMS over-temperature fault",
        src=src,
        as_of=date(2026, 7, 6),
        status="mitigated",
        severity="high",
        startedAt="2026-06-29T11:00:00+00:00",
        text="From the hot days of 29 June, VS-10 batteries at customers' homes shut down on a "
        "battery management system (BMS) over-temperature fault, even in cool garages. 63 "
        "warranty callouts were raised from 29 June to 5 July, most of them VS-10 shutdowns. "
        "The 38 VS-10 systems are being swapped to Aurelin ABX 9.6 batteries.",
    )
    w.edges(
        src,
        "2026-06-29T11:00:00+00:00",
        ("vendor-voltstack", "CAUSED", "incident-vs10-bms"),
        ("incident-vs10-bms", "AFFECTS", "service-warranty"),
        ("incident-vs10-bms", "AFFECTS", "metric-callouts"),
        *(("incident-vs10-bms", "CAUSED", obs["call"][d]) for d in BMS_DAYS),
        ("person-lewis-haigh", "OWNS", "incident-vs10-bms"),
        as_of=date(2026, 7, 6),
    )
    # Voltstack's stop-install notice: no batteries fitted 2-15 July (linked).
    src = "voltstack:notices/SI-2026-07"
    w.node(
        "Incident",
        "incident-vs10-stop-install",
        "Voltstack stop-install notice on the VS-10: no batteries fitted",
        src=src,
        as_of=ABX_FROM,
        status="resolved",
        severity="high",
        startedAt="2026-07-02T08:00:00+00:00",
        resolvedAt="2026-07-16T08:00:00+00:00",
        text="Voltstack Energy's stop-install notice of 2 July: no VS-10 to be fitted until a "
        "BMS firmware fix is released. Tarnfield fitted no batteries at all from 2 to 15 July "
        "(solar-only installs carried on and battery jobs were moved), until the Aurelin ABX "
        "9.6 became the standard battery on 16 July.",
    )
    w.edges(
        src,
        "2026-07-02T08:00:00+00:00",
        ("vendor-voltstack", "CAUSED", "incident-vs10-stop-install"),
        ("incident-vs10-bms", "CAUSED", "incident-vs10-stop-install"),
        ("incident-vs10-stop-install", "AFFECTS", "product-solar-battery"),
        ("incident-vs10-stop-install", "AFFECTS", "product-battery-retrofit"),
        ("incident-vs10-stop-install", "AFFECTS", "metric-battery-kwh"),
        *(("incident-vs10-stop-install", "CAUSED", obs["batt"][d]) for d in STOP_INSTALL),
        ("person-dean-mossop", "OWNS", "incident-vs10-stop-install"),
        as_of=ABX_FROM,
    )

    # SiteSnap's cloud sync failed: no survey readings 20-26 July (linked).
    src = "sitesnap:status/sync-0720"
    w.node(
        "Incident",
        "incident-sitesnap-sync",
        "SiteSnap cloud sync down: surveys not uploaded",
        src=src,
        as_of=SYNC_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-07-20T06:30:00+00:00",
        resolvedAt="2026-07-27T08:00:00+00:00",
        text="SiteSnap's cloud sync failed after an update to its iPad app on 20 July; "
        "surveys could not be uploaded, so surveyors used the paper survey form and the "
        "daily site surveys count has no readings from 20 to 26 July. SiteSnap fixed the sync "
        "on the morning of 27 July; the paper surveys were not entered into SiteSnap.",
    )
    w.edges(
        src,
        "2026-07-20T06:30:00+00:00",
        ("vendor-sitesnap", "CAUSED", "incident-sitesnap-sync"),
        ("incident-sitesnap-sync", "AFFECTS", "tool-sitesnap"),
        ("incident-sitesnap-sync", "AFFECTS", "service-surveys"),
        ("incident-sitesnap-sync", "AFFECTS", "metric-surveys"),
        ("person-niamh-ostler", "OWNS", "incident-sitesnap-sync"),
        as_of=SYNC_BACK,
    )

    # RoofQuote leads: a campaign linked to leads, not to conversion.
    src = "pylon:campaigns/roofquote"
    w.node(
        "Campaign",
        "campaign-roofquote",
        "RoofQuote Leads buy (from 15 June)",
        src=src,
        as_of=ROOFQUOTE_DECIDED,
        text="Paid leads from RoofQuote Leads' comparison site at £18 a lead, from Monday 15 "
        "June 2026; they arrive in Pylon CRM tagged RQ.",
    )
    w.edges(
        src,
        ROOFQUOTE_DECIDED,
        ("person-callum-reddy", "OWNS", "campaign-roofquote"),
        ("campaign-roofquote", "AFFECTS", "service-leads"),
        ("campaign-roofquote", "AFFECTS", "metric-leads"),
        ("campaign-roofquote", "DEPENDS_ON", "vendor-roofquote"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-general", "general"),
        ("channel-sales", "sales"),
        ("channel-installs", "installs"),
        ("channel-office", "office"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, said, text in (
        (
            "message-pden-portal",
            "Bethany in #office on 8 June",
            "person-bethany-croft",
            "channel-office",
            "2026-06-08T12:00:00+00:00",
            "PDEN's Connections Portal 3.0 is live today. Every G99 now needs the SLD on "
            "PDEN's template plus the inverter type-test ref from the ENA register, or it "
            "comes straight back. Expect the G99 queue to grow while I redo the ones in flight.",
        ),
        (
            "message-roofquote",
            "Callum in #sales on 10 June",
            "person-callum-reddy",
            "channel-sales",
            "2026-06-10T15:30:00+00:00",
            "From Monday 15 June we're buying leads from RoofQuote, £18 each, they'll come into "
            "Pylon tagged RQ. August and September are 40% empty on the install board and our "
            "own leads are flat at about 70 a week. Call every RQ lead within the hour.",
        ),
        (
            "message-scaff-stop",
            "Dean in #installs on 24 June",
            "person-dean-mossop",
            "channel-installs",
            "2026-06-24T17:00:00+00:00",
            "After this morning at Moorside Lane, Fellside are standing down every scaff "
            "they've got up for us and re-inspecting the ties Thursday and Friday. No installs "
            "Thu 25 or Fri 26, I'm moving the 11 jobs. Nobody goes on a scaff till I say.",
        ),
        (
            "message-scaff-bookings",
            "Gemma in #general on 30 June",
            "person-gemma-thwaite",
            "channel-general",
            "2026-06-30T16:00:00+00:00",
            "From 1 July Dean books all the scaff, not the office, and no crew goes up until "
            "Fellside's handover tag is signed. Thanks Megan for running the bookings until now.",
        ),
        (
            "message-vs10-stop",
            "Dean in #installs on 2 July",
            "person-dean-mossop",
            "channel-installs",
            "2026-07-02T09:15:00+00:00",
            "Voltstack have put a stop-install on every VS-10 until they've got a BMS firmware "
            "fix. No batteries go on any job from today. Solar-only installs carry on, battery "
            "jobs get moved, VS-10 stock stays in the stores.",
        ),
        (
            "message-abx",
            "Gemma in #general on 16 July",
            "person-gemma-thwaite",
            "channel-general",
            "2026-07-16T08:00:00+00:00",
            "Voltstack still can't give us a date for the VS-10 fix, so from today the Aurelin "
            "ABX 9.6 is our standard battery on every new job and retrofit. It runs on the "
            "Aurelin hybrids we already fit and shows in the same Aurelin Cloud app.",
        ),
        (
            "message-sitesnap",
            "Niamh in #sales on 20 July",
            "person-niamh-ostler",
            "channel-sales",
            "2026-07-20T08:30:00+00:00",
            "SiteSnap won't sync since this morning's app update. Use the paper survey form "
            "until it's back and bring the sheets to the office.",
        ),
        (
            "message-sitesnap-back",
            "Niamh in #sales on 27 July",
            "person-niamh-ostler",
            "channel-sales",
            "2026-07-27T09:00:00+00:00",
            "SiteSnap sync is fixed. We're not re-typing last week's paper surveys, so the "
            "survey numbers for 20-26 July will just be missing.",
        ),
        (
            "message-greenstep-migration",
            "Megan in #office on 31 July",
            "person-megan-ashworth",
            "channel-office",
            "2026-07-31T14:00:00+00:00",
            "Heads up: Greenstep are migrating to their new lending platform Mon 3 to Fri 7 "
            "Aug. Applications still go in, but their daily approvals report is paused, so "
            "we'll have no approval figures for that week.",
        ),
        (
            "message-orbitmap",
            "Niamh in #sales on 3 August",
            "person-niamh-ostler",
            "channel-sales",
            "2026-08-03T10:00:00+00:00",
            "OrbitMap's renewal notice is in: the RoofCraft imagery subscription ends on 31 "
            "August and the price is up 12% to £2,340 a year. If it lapses RoofCraft can't "
            "load a roof at all.",
        ),
    ):
        src = f"slack:{w.names[channel]}/{mid.removeprefix('message-')}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    for mid, said, targets in (
        (
            "message-pden-portal",
            "2026-06-08T12:00:00+00:00",
            ("release-pden-portal-3", "tool-pden-portal"),
        ),
        (
            "message-roofquote",
            "2026-06-10T15:30:00+00:00",
            ("campaign-roofquote", "vendor-roofquote"),
        ),
        (
            "message-scaff-stop",
            "2026-06-24T17:00:00+00:00",
            ("incident-scaffold-tie", "vendor-fellside"),
        ),
        ("message-scaff-bookings", "2026-06-30T16:00:00+00:00", ("service-scaffolding",)),
        (
            "message-vs10-stop",
            "2026-07-02T09:15:00+00:00",
            ("incident-vs10-stop-install", "vendor-voltstack"),
        ),
        ("message-abx", "2026-07-16T08:00:00+00:00", ("vendor-aurelin",)),
        (
            "message-sitesnap",
            "2026-07-20T08:30:00+00:00",
            ("incident-sitesnap-sync", "tool-sitesnap"),
        ),
        (
            "message-sitesnap-back",
            "2026-07-27T09:00:00+00:00",
            ("incident-sitesnap-sync", "metric-surveys"),
        ),
        (
            "message-greenstep-migration",
            "2026-07-31T14:00:00+00:00",
            ("metric-finance-approvals", "vendor-greenstep"),
        ),
        ("message-orbitmap", "2026-08-03T10:00:00+00:00", ("account-orbitmap",)),
    ):
        for target in targets:
            w.edge(mid, "MENTIONS", target, since=said, src=f"slack:mentions/{mid}")


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Fellside": "vendor-fellside",
        "Pylon": "tool-pylon",
        "RoofCraft": "tool-roofcraft",
        "SiteSnap": "tool-sitesnap",
        "Aurelin Cloud": "tool-aurelin-cloud",
        "Connections Portal": "tool-pden-portal",
        "Greenstep": "vendor-greenstep",
        "Hallmark": "vendor-hallmark",
        "Voltstack": "vendor-voltstack",
        "RoofQuote": "vendor-roofquote",
        "Northgate": "vendor-northgate",
        "G99": "service-grid",
        "MCS certificate": "service-mcs",
        "SunCare": "product-suncare",
        "Moorside Lane": "incident-scaffold-tie",
        "swap programme": "task-vs10-swap",
        "Dean Mossop": "person-dean-mossop",
        "Lewis Haigh": "person-lewis-haigh",
        "Megan Ashworth": "person-megan-ashworth",
        "Bethany Croft": "person-bethany-croft",
        "Callum Reddy": "person-callum-reddy",
        "Gemma Thwaite": "person-gemma-thwaite",
        "Kyle Birtwistle": "person-kyle-birtwistle",
    }
    for path, did, author, kind, about in (
        (
            "installer-field-handbook.md",
            "doc-field-handbook",
            "person-dean-mossop",
            "handbook",
            ["service-scaffolding", "service-commissioning"],
        ),
        (
            "sales-and-finance-playbook.md",
            "doc-sales-playbook",
            "person-callum-reddy",
            "playbook",
            ["service-leads", "service-finance"],
        ),
        (
            "dno-applications-guide.md",
            "doc-dno-guide",
            "person-bethany-croft",
            "guide",
            ["service-grid"],
        ),
        (
            "vs10-stop-install-review.md",
            "doc-vs10-review",
            "person-lewis-haigh",
            "incident review",
            ["incident-vs10-bms", "incident-vs10-stop-install"],
        ),
        (
            "scaffold-tie-incident-report.md",
            "doc-scaffold-report",
            "person-dean-mossop",
            "incident report",
            ["incident-scaffold-tie"],
        ),
        (
            "warranty-callout-procedure.md",
            "doc-warranty-procedure",
            "person-lewis-haigh",
            "procedure",
            ["service-warranty"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"gdrive:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"gdrive:{doc.removeprefix('doc-')}"
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
        "decision-vs10-standard",
        "Fit the Voltstack VS-10 10 kWh battery as standard on every battery job",
        src="gdrive:board-notes-2025-03",
        on=VS10_DECIDED,
        why="The VS-10 was the cheapest 10 kWh battery per kWh that Northgate could stock, "
        "with a 10-year warranty, and one standard battery keeps the crews' training and the "
        "stores simple.",
        made_by="person-gemma-thwaite",
        made_in=None,
        edges=(("decision-vs10-standard", "MENTIONS", "vendor-voltstack"),),
    )
    decision(
        "decision-abx-standard",
        "Make the Aurelin ABX 9.6 the standard battery from 16 July 2026",
        src="slack:general/abx",
        on=ABX_FROM,
        why="Voltstack's stop-install notice of 2 July after VS-10 batteries shut down on a "
        "BMS fault left us fitting no batteries, and Voltstack could give no date for the "
        "firmware fix. The ABX 9.6 works with the Aurelin hybrid inverters we already fit and "
        "shows in the same Aurelin Cloud app.",
        made_by="person-gemma-thwaite",
        made_in="message-abx",
        edges=(
            ("decision-abx-standard", "SUPERSEDES", "decision-vs10-standard"),
            ("decision-abx-standard", "AFFECTS", "product-solar-battery"),
            ("decision-abx-standard", "AFFECTS", "product-battery-retrofit"),
            ("decision-abx-standard", "MENTIONS", "incident-vs10-stop-install"),
        ),
    )
    decision(
        "decision-roofquote",
        "Buy leads from RoofQuote Leads from 15 June at £18 a lead",
        src="slack:sales/roofquote",
        on=ROOFQUOTE_DECIDED,
        why="The install board for August and September was 40% empty and our own leads were "
        "flat at about 70 a week; RoofQuote could add about 8 leads a day at once.",
        made_by="person-callum-reddy",
        made_in="message-roofquote",
        edges=(
            ("decision-roofquote", "AFFECTS", "metric-leads"),
            ("decision-roofquote", "MENTIONS", "campaign-roofquote"),
        ),
    )
    decision(
        "decision-roofcraft",
        "Replace PVQuick with RoofCraft Designer from 18 May",
        src="gdrive:design-tool-review",
        on=ROOFCRAFT_DECIDED,
        why="PVQuick only drew flat 2D layouts with no shading, and its quotes had to be "
        "retyped into Pylon. RoofCraft Designer models the roof in 3D with shading, the "
        "customer e-signs the proposal, and signed jobs go straight into Pylon CRM.",
        made_by="person-niamh-ostler",
        made_in=None,
        edges=(
            ("decision-roofcraft", "AFFECTS", "service-design-quotes"),
            ("decision-roofcraft", "MENTIONS", "tool-pvquick"),
        ),
    )
    decision(
        "decision-scaff-to-dean",
        "Scaffold bookings move from the office to the installs manager from 1 July",
        src="gdrive:scaffold-tie-incident-report",
        on=SCAFF_DECIDED,
        why="The Moorside Lane tie failure showed nobody on site was checking a scaffold was "
        "signed off before a crew went up; the installs manager plans the crews, so he books "
        "the scaff and checks Fellside's handover tag is on the install board.",
        made_by="person-gemma-thwaite",
        made_in="message-scaff-bookings",
        edges=(
            ("decision-scaff-to-dean", "BASED_ON", "doc-scaffold-report"),
            ("decision-scaff-to-dean", "AFFECTS", "service-scaffolding"),
        ),
    )


def _work(w: Book) -> None:
    src = "pylon:projects/vs10-swap"
    w.node(
        "Task",
        "task-vs10-swap",
        "VS-10 battery swap programme (38 customer systems to Aurelin ABX 9.6)",
        src=src,
        as_of=SWAP_SET_UP,
        status="in progress",
        due="2026-10-30",
        text="Swap every customer's Voltstack VS-10 for an Aurelin ABX 9.6, recommission it, "
        "and return the VS-10 to Voltstack for credit; 38 systems.",
    )
    w.edge("person-dean-mossop", "OWNS", "task-vs10-swap", since=SWAP_SET_UP, src=src)
    w.edges(
        src,
        SWAP_SET_UP,
        ("person-dean-mossop", "WORKS_ON", "task-vs10-swap"),
        ("task-vs10-swap", "ABOUT", "incident-vs10-bms"),
        ("task-vs10-swap", "FIXES", "incident-vs10-bms"),
        ("task-vs10-swap", "DEPENDS_ON", "vendor-voltstack"),
        ("task-vs10-swap", "DEPENDS_ON", "vendor-aurelin"),
    )
    w.edges(
        "meeting:ops-call-2026-08-10",
        MEETING,
        ("person-lewis-haigh", "OWNS", "task-vs10-swap"),
        ("person-lewis-haigh", "WORKS_ON", "task-vs10-swap"),
        ("person-ravi-anand", "WORKS_ON", "task-vs10-swap"),
    )

    src = "pylon:tasks/orbitmap-renewal"
    w.node(
        "Task",
        "task-orbitmap-renewal",
        "Renew the RoofCraft aerial imagery subscription with OrbitMap before 31 August",
        src=src,
        as_of=RENEWAL_NOTICE,
        status="in progress",
        due="2026-08-24",
        text="OrbitMap Aerial's renewal notice came on 3 August: £2,340 a year, up 12%. Renew "
        "before the subscription ends on 31 August so RoofCraft keeps loading roofs.",
    )
    w.edges(
        src,
        RENEWAL_NOTICE,
        ("person-niamh-ostler", "OWNS", "task-orbitmap-renewal"),
        ("person-niamh-ostler", "WORKS_ON", "task-orbitmap-renewal"),
        ("task-orbitmap-renewal", "ABOUT", "account-orbitmap"),
    )

    src = "pylon:tasks/g99-backlog"
    w.node(
        "Task",
        "task-g99-backlog",
        "Redraw and resubmit bounced G99 applications on PDEN's portal 3.0 template",
        src=src,
        as_of=date(2026, 6, 15),
        status="in progress",
        text="Every G99 sent back by Connections Portal 3.0 for a single-line diagram not on "
        "PDEN's template is redrawn on the template and resubmitted with the ENA type-test "
        "reference.",
    )
    w.edges(
        src,
        date(2026, 6, 15),
        ("person-bethany-croft", "OWNS", "task-g99-backlog"),
        ("person-bethany-croft", "WORKS_ON", "task-g99-backlog"),
        ("task-g99-backlog", "ABOUT", "release-pden-portal-3"),
        ("task-g99-backlog", "ABOUT", "service-grid"),
    )

    src = "pylon:tasks/mcs-audit"
    w.node(
        "Task",
        "task-mcs-audit",
        "Prepare for Hallmark's MCS surveillance audit on 22 September",
        src=src,
        as_of=date(2026, 7, 13),
        status="open",
        due="2026-09-22",
        text="Hallmark Renewables Certification picks five jobs at random and checks the "
        "photo sets, the commissioning test sheets and that each MCS certificate was lodged "
        "within 10 days.",
    )
    w.edges(
        src,
        date(2026, 7, 13),
        ("person-megan-ashworth", "OWNS", "task-mcs-audit"),
        ("person-megan-ashworth", "WORKS_ON", "task-mcs-audit"),
        ("task-mcs-audit", "ABOUT", "account-hallmark-cert"),
        ("task-mcs-audit", "DEPENDS_ON", "vendor-hallmark"),
    )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]

    def covered(q: Question) -> Question:
        q.must_include = [coverage_words]
        return q

    return [
        impact_question(
            facts,
            "if the roofcraft imagery sub expires on the 31st what stops working?",
            ["account-orbitmap"],
            today,
            must_exclude=["PVQuick"],
            note="the OrbitMap subscription expires on 31 August: RoofCraft cannot load a roof, "
            "so designs and quotes and every product sold on them stop; PVQuick used the same "
            "imagery until it was retired on 18 May and breaks nothing now",
        ),
        impact_question(
            facts,
            "pden portal is offline again - what can't we do while it's down",
            ["tool-pden-portal", "vendor-pden"],
            today,
            note="the installer login runs on the portal: DNO applications, every product that "
            "needs them, and the Becks Meadow deal",
        ),
        impact_question(
            facts,
            "voltstack go under tomorrow, does that hit anything of ours now?",
            ["vendor-voltstack"],
            today,
            must_exclude=["Solar + battery package", "Battery retrofit"],
            note="the ABX 9.6 has been the standard battery since 16 July, so only the VS-10 "
            "swap programme (Voltstack's credits and collections) still depends on Voltstack",
        ),
        owner_question(
            facts,
            "who books the scaff now?",
            "service-scaffolding",
            today,
            note="Dean Mossop from 1 July (Gemma's decision after the Moorside Lane tie failure)",
        ),
        owner_question(
            facts,
            "who was sorting scaff bookings with fellside in early june",
            "service-scaffolding",
            date(2026, 6, 5),
            note="the office, Megan Ashworth, until 1 July",
        ),
        owner_question(
            facts,
            "who's running the vs-10 swaps these days",
            "task-vs10-swap",
            today,
            note="Dean set the programme up on 6 July; it moved to Lewis Haigh at the ops call "
            "of 10 August",
        ),
        Question(
            "why did we ditch the voltstack batteries?",
            "decision",
            must_include=[["stop-install", "stop install", "BMS"]],
            must_cite=["decision-abx-standard"],
        ),
        Question(
            "who signed off buying the roofquote leads",
            "decision",
            must_include=["Callum Reddy"],
            must_cite=["decision-roofquote"],
        ),
        Question(
            "what battery were we fitting as standard before the abx?",
            "decision",
            must_include=[["VS-10"]],
            must_cite=["decision-vs10-standard"],
            note="the superseded decision of March 2025: the Voltstack VS-10 10 kWh",
        ),
        Question(
            "lady in ravenswick signed on monday and wants us on the roof next tues, are we ok "
            "to go?",
            "policy",
            must_include=[["cooling-off", "cooling off", "14 day", "14-day"], ["waiver"]],
            must_cite=["rule-cooling-off"],
            note="inside the 14-day cooling-off period only with the signed start-early waiver",
        ),
        Question(
            "fellside havent tagged the scaff at the skelbeck job yet, can kyle's lot crack on "
            "anyway?",
            "policy",
            must_include=[["tag"]],
            must_cite=["rule-scaff-tag"],
            note="no: nobody goes up until the handover tag is signed and dated",
        ),
        Question(
            "8.7kWp with a 6kw hybrid on single phase - g98 or do we need a g99 first?",
            "policy",
            must_include=["G99", ["16 A", "16A", "3.68"]],
            must_cite=["rule-g99"],
            note="6 kW is above 16 A per phase (3.68 kW single phase): G99 approval before the "
            "install",
        ),
        related_question(
            facts,
            "roofcraft pulls the aerial pics thru a subscription - which company is that actually "
            "with?",
            today,
            rel="DEPENDS_ON",
            frm="account-orbitmap",
            keep=["Vendor"],
            note="two hops: RoofCraft Designer -> the RoofCraft aerial imagery subscription -> "
            "the vendor behind it",
        ),
        related_question(
            facts,
            "the vs-10 swap job - what team is whoever's running it in?",
            today,
            rel="MEMBER_OF",
            frm="person-lewis-haigh",
            note="two hops: the swap programme -> its owner since 10 August, Lewis Haigh -> his "
            "team",
        ),
        related_question(
            facts,
            "which of our products rely on aurelin kit now",
            today,
            rel="DEPENDS_ON",
            to="vendor-aurelin",
            keep=["Product"],
            note="hybrid inverters on every product, and the ABX battery since 16 July",
        ),
        m(
            facts,
            today,
            "kwp yday?",
            "metric_value",
            "metric-kwp",
            periods=("yesterday",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "how many surveys got done mon 3rd aug",
            "metric_value",
            "metric-surveys",
            span=(date(2026, 8, 3), date(2026, 8, 3)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "installs in the 2nd half of june?",
            "metric_total",
            "metric-installs",
            periods=("second_half_june",),
            tolerance=0.5,
            note="includes the two stand-down days after the scaffold tie failure",
        ),
        m(
            facts,
            today,
            "how many leads have we had since we started buying roofquote ones",
            "metric_total",
            "metric-leads",
            periods=("since_2026-06-15",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total kwp installed the week of 6 july",
            "metric_total",
            "metric-kwp",
            periods=("week_of_2026-07-06",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "avg installs a day end of Q2",
            "metric_average",
            "metric-installs",
            periods=("end_q2",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "whats lead to sale conversion averaging mid july",
            "metric_average",
            "metric-conversion",
            periods=("mid_july",),
            tolerance=0.1,
        ),
        covered(
            m(
                facts,
                today,
                "greenstep approvals per day so far this month?",
                "metric_average",
                "metric-finance-approvals",
                periods=("this_month",),
                tolerance=0.05,
                covered=True,
                note="no Greenstep report 3-7 August (their platform migration): 7 of the 12 "
                "days have a reading",
            )
        ),
        m(
            facts,
            today,
            "warranty callouts last 7 days vs the 7 before?",
            "metric_change",
            "metric-callouts",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.3,
        ),
        m(
            facts,
            today,
            "conversion since the roofquote leads started vs the 2 wks before",
            "metric_change",
            "metric-conversion",
            spans=(
                (ROOFQUOTE_FROM, today - timedelta(days=1)),
                (ROOFQUOTE_FROM - timedelta(days=14), ROOFQUOTE_FROM - timedelta(days=1)),
            ),
            tolerance=0.3,
        ),
        covered(
            m(
                facts,
                today,
                "surveys july vs june, up or down? (think july has a hole in it)",
                "metric_change",
                "metric-surveys",
                periods=("month_july", "month_june"),
                tolerance=0.3,
                covered=True,
                note="July has 24 of 31 days (no SiteSnap sync 20-26 July), June all 30: "
                "compare daily means over the covered days and say so",
            )
        ),
        covered(
            m(
                facts,
                today,
                "is the g99 queue worse this month than in may",
                "metric_change",
                "metric-g99-waiting",
                periods=("this_month", "month_may"),
                tolerance=0.5,
                covered=True,
                note="readings start on 12 May: May has 20 of 31 days, August 1-12 all 12",
            )
        ),
        Question(
            "why did battery kwh go to zero early july",
            "metric_why",
            must_include=[["stop-install", "stop install"]],
            must_cite=["incident-vs10-stop-install"],
        ),
        Question(
            "lead to sale conversion fell off a cliff mid june - why?",
            "metric_why",
            must_include=["RoofQuote"],
            must_cite=["campaign-roofquote"],
            note="nothing links the campaign to conversion: the rate falls from 15 June, the "
            "day the bought RoofQuote leads started arriving",
        ),
        Question(
            "why are there no survey numbers for 20-26 july",
            "metric_why",
            must_include=["SiteSnap"],
            must_cite=["incident-sitesnap-sync"],
        ),
        Question(
            "no greenstep approval figures for the first week of aug?? what happened",
            "metric_why",
            must_include=[["migrat", "new lending platform", "new platform"]],
            must_cite=["message-greenstep-migration"],
            note="no incident: Greenstep's daily report was paused during its platform "
            "migration; only Megan's message says so",
        ),
        Question(
            "installs were zero on the 25th and 26th of june, what happened",
            "metric_why",
            must_include=[["scaffold", "scaff", "Fellside"]],
            must_cite=["incident-scaffold-tie"],
        ),
        Question(
            "what's the vs-10 swap programme costing us net after voltstack's credit, per "
            "lewis's review?",
            "document",
            must_include=["20,520"],
            must_cite=["doc-vs10-review"],
        ),
        Question(
            "what did fellside find was the cause of the tie pulling out on moorside lane",
            "document",
            must_include=[["lime mortar", "mortar"]],
            must_cite=["doc-scaffold-report"],
        ),
        Question(
            "what did we land on monday about the roofquote leads?",
            "meeting",
            must_include=[["qualifying call", "qualifying"], ["forty", "40"]],
            note="10 August ops call: a qualifying call from Harriet within the hour on every "
            "RoofQuote lead before a survey is booked, and the buy capped at forty a week from "
            "17 August; Callum owns it",
        ),
        Question(
            "who's got which actions off monday's ops call",
            "meeting",
            must_include=["Lewis", "Niamh", "Bethany", "Callum"],
            note="Callum and Harriet: qualifying calls and the cap; Lewis: VS-10 swaps by 30 "
            "October with Ravi Tue/Thu; Bethany: PDEN call and resubmits; Niamh: OrbitMap "
            "renewal by 24 August (Joanne the PO); Megan: photo sets for the audit; Dean: "
            "Ravi off the board and the tag rule",
        ),
        Question(
            "who leads the heat pump crew?",
            "unknown",
            absent=["heat pump"],
            note="Tarnfield fits solar and batteries only; nothing of the kind in the records",
        ),
        Question(
            "how many installs did we do in april",
            "unknown",
            absent=["2026-04-"],
            note="readings start on 12 May",
        ),
        Question("anyone know the score at headingley", "offtopic"),
        Question("best way to get yorkshire puddings to rise properly?", "offtopic"),
    ]


def build() -> Business:
    """The solar and battery installer's facts and its questions."""
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
        "Tarnfield Solar & Battery",
        "residential solar PV and home battery installer: site surveys, two install crews, "
        "scaffolding hire, panel, inverter and battery suppliers, DNO G98/G99 applications, a "
        "CRM and a design and quoting tool, commissioning, MCS certification, a customer "
        "finance partner and warranty callouts (Tarnfield Solar & Battery, Hollinsby, North "
        "Yorkshire, England)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-call-2026-08-10.txt",
                "title": "Monday ops call",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
