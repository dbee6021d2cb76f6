"""Cinderbark Waste Services: kerbside collection, a transfer station and a MRF in Bellmount, NSW.

The story: Cinderbark collects Corrawong Shire Council's red (general waste), yellow
(recycling) and green (FOGO) bins under a contract with missed-service KPIs and abatements.
Runs are planned in RouteWeave (Lattice Route Systems; subscription expires 31 December) and
its in-cab app, lifts are counted by TrakSide telematics (Monaro Telematics); both talk over
Wirraway Mobile data SIMs. Missed services come from the council's CivicDesk (Parkstone Civic
Systems) onto the Binline board (Oakum Software) through an API key. Every truck crosses the
depot weighbridge: TipTally until 30 September, WeighMate (both Scalesure Weighing) from
1 October (Bronwyn Achterberg's decision of 2 September). Red-bin waste goes through the
Bellmount transfer station to the council's Stony Creek Landfill on a credit account.

A Scalesure gateway firmware push cut the weighbridge off WeighMate from 13 to 16 October, so
transfer-station tonnes have no readings for those days (linked). Felicity Yeo's Lift the Lid
bin tagging ran from 19 October and contamination fell (linked). RouteWeave 5.0 went live on
26 October with auto-balance and missed services jumped that day (nothing links the two).
The council raised the Stony Creek gate fee from $148 to $171 a tonne from 1 November (linked).
The baler's main ram seal blew on 3 November: no bales, and the sort line stopped so no
contamination audits, until 7 November (linked). The EPA licence return moved from Imelda
Corrigan to Shannon Leckie on 16 November; a lithium battery set truck CW-14's hopper alight
on 18 November. The ops meeting of Monday 7 December turned auto-balance off and handed the
RouteWeave renewal from Kirra Dunstan to Hamish Ocampo.

"Today" is Wednesday 9 December 2026; daily readings run from 9 September to 8 December.
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

SLUG = "cinderbark-waste"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 12, 9)
FIRST, LAST = date(2026, 9, 9), date(2026, 12, 8)
SEED = 4417
START = date(2025, 7, 1)
WEIGHMATE_TRIAL = date(2026, 9, 14)
WEIGHMATE_LIVE = date(2026, 10, 1)
GATEWAY_GAP = tuple(date(2026, 10, 13) + timedelta(days=i) for i in range(4))  # to 16 Oct
GATEWAY_BACK = date(2026, 10, 17)
LIFT_THE_LID = date(2026, 10, 19)
ROUTEWEAVE_5 = date(2026, 10, 26)
GATE_FEE_FROM = date(2026, 11, 1)
OLD_FEE, NEW_FEE = 148.0, 171.0
BALER_DOWN = tuple(date(2026, 11, 3) + timedelta(days=i) for i in range(4))  # to 6 Nov
BALER_BACK = date(2026, 11, 7)
EPL_HANDOVER = date(2026, 11, 16)
TRUCK_FIRE = date(2026, 11, 18)
RENEWAL_TASK_FROM = date(2026, 11, 2)
OPS_MEETING = date(2026, 12, 7)
DOC_DATES = {
    "doc-driver-handbook": date(2026, 8, 24),
    "doc-contract": date(2026, 7, 20),
    "doc-mrf-procedure": date(2026, 8, 3),
    "doc-baler-review": date(2026, 11, 20),
    "doc-weighbridge-plan": date(2026, 9, 14),
    "doc-lift-the-lid": date(2026, 10, 14),
}

# fmt: off
PEOPLE = (
    ("person-lorraine-vukovic", "Lorraine Vukovic", "General manager", None),
    ("person-bronwyn-achterberg", "Bronwyn Achterberg", "Operations manager (collections, "
     "transfer station and MRF)", "team-collections"),
    ("person-hamish-ocampo", "Hamish Ocampo", "Senior dispatcher", "team-collections"),
    ("person-kirra-dunstan", "Kirra Dunstan", "Routing coordinator (RouteWeave)",
     "team-collections"),
    ("person-nikolai-petrakis", "Nikolai Petrakis", "Side-loader driver, run R7",
     "team-collections"),
    ("person-viliami-tuilagi", "Viliami Tuilagi", "Driver team leader", "team-collections"),
    ("person-trudy-prowse", "Trudy Prowse", "Fleet and workshop manager", "team-fleet"),
    ("person-ravindra-seneviratne", "Ravindra Seneviratne", "Maintenance fitter (trucks and MRF "
     "plant)", "team-fleet"),
    ("person-imelda-corrigan", "Imelda Corrigan", "MRF manager", "team-mrf"),
    ("person-tully-pilkington", "Tully Pilkington", "MRF quality and contamination lead",
     "team-mrf"),
    ("person-olumide-bankole", "Olumide Bankole", "Weighbridge and transfer station "
     "coordinator", "team-mrf"),
    ("person-felicity-yeo", "Felicity Yeo", "Contract and council liaison manager",
     "team-contracts"),
    ("person-dario-mancuso", "Dario Mancuso", "Customer service lead (missed services and "
     "complaints)", "team-contracts"),
    ("person-shannon-leckie", "Shannon Leckie", "Safety and compliance coordinator",
     "team-contracts"),
    ("person-warwick-szabo", "Warwick Szabo", "Finance manager", None),
)
TEAMS = (
    ("team-collections", "Collections & Dispatch"),
    ("team-fleet", "Fleet & Workshop"),
    ("team-mrf", "MRF & Weighbridge"),
    ("team-contracts", "Contract, Customer & Compliance"),
)
VENDORS = (
    ("vendor-lattice", "Lattice Route Systems", "RouteWeave route planning and the in-cab run "
     "app, on a yearly subscription"),
    ("vendor-monaro", "Monaro Telematics", "TrakSide telematics units: GPS, arm-lift counters "
     "and bin RFID readers on every truck"),
    ("vendor-wirraway", "Wirraway Mobile", "the data SIMs in the in-cab tablets and the "
     "TrakSide units"),
    ("vendor-oakum", "Oakum Software", "the Binline service request board"),
    ("vendor-parkstone", "Parkstone Civic Systems", "the council's CivicDesk customer request "
     "system and the API Binline reads it through"),
    ("vendor-scalesure", "Scalesure Weighing", "the depot weighbridge, its indicator and "
     "gateway, the WeighMate cloud ticketing and the old TipTally software"),
    ("vendor-hallgren", "Hallgren Balers", "the HB-80 two-ram baler at the MRF, its servicing "
     "and parts, from Newcastle"),
    ("vendor-kingfisher", "Kingfisher Wire & Strapping", "baling wire for the MRF"),
    ("vendor-yardwise", "Yardwise", "ShiftYard rostering and driver timesheets"),
    ("vendor-bellbird", "Bellbird Truck Bodies", "side-loader arms and compactor bodies, "
     "servicing and hopper repairs"),
    ("vendor-redgum", "Redgum Fuels", "bulk diesel for the depot tank"),
    ("vendor-gumleaf", "Gumleaf Organics", "the composting site that takes the green-lid FOGO "
     "loads"),
    ("vendor-stony-creek", "Stony Creek Landfill", "landfill disposal for the transfer station's "
     "red-bin waste; the landfill is owned and run by Corrawong Shire Council"),
)
TOOLS = (
    ("tool-routeweave", "RouteWeave route planning and in-cab app", "vendor-lattice",
     "person-kirra-dunstan"),
    ("tool-trakside", "TrakSide telematics", "vendor-monaro", "person-trudy-prowse"),
    ("tool-binline", "Binline service request board", "vendor-oakum", "person-dario-mancuso"),
    ("tool-shiftyard", "ShiftYard rostering and timesheets", "vendor-yardwise",
     "person-bronwyn-achterberg"),
    ("tool-baler", "Hallgren HB-80 baler", "vendor-hallgren", "person-imelda-corrigan"),
)
ACCOUNTS = (
    ("account-routeweave-sub", "RouteWeave subscription", "person-kirra-dunstan",
     "Cinderbark's yearly RouteWeave subscription with Lattice Route Systems, covering route "
     "planning and 38 in-cab app seats. It expires on 31 December 2026; without it the runs "
     "cannot be sent to the trucks.", {"expiresAt": "2026-12-31"}),
    ("account-cab-sims", "In-cab data SIMs (Wirraway Mobile fleet plan)", "person-trudy-prowse",
     "The Wirraway Mobile fleet plan: 76 data SIMs in the in-cab tablets and the TrakSide "
     "units, so run sheets reach the cab and lift counts reach the office.", {}),
    ("account-council-api", "CivicDesk request API key", "person-dario-mancuso",
     "The API key Binline uses to read missed-service and bulky-waste requests out of the "
     "council's CivicDesk and write back when a job is done.", {}),
    ("account-weighmate-licence", "WeighMate cloud licence", "person-olumide-bankole",
     "The yearly WeighMate licence for the depot weighbridge; it runs to 31 January 2027 and "
     "renews with a purchase order to Scalesure Weighing.", {"expiresAt": "2027-01-31"}),
    ("account-landfill-credit", "Stony Creek Landfill credit account", "person-warwick-szabo",
     "Cinderbark's monthly credit account with Corrawong Shire Council at Stony Creek Landfill; "
     "the gatehouse turns away transfer trailers if the account is suspended.", {}),
)
SERVICES = (
    ("service-red-bin", "General waste (red-lid) kerbside collection",
     ("tool-routeweave", "tool-trakside", "service-transfer-station", "service-fleet",
      "service-rostering")),
    ("service-yellow-bin", "Recycling (yellow-lid) kerbside collection",
     ("tool-routeweave", "tool-trakside", "service-mrf-sorting", "service-fleet",
      "service-rostering")),
    ("service-green-bin", "FOGO (green-lid) kerbside collection",
     ("tool-routeweave", "tool-trakside", "vendor-gumleaf", "service-fleet",
      "service-rostering")),
    ("service-missed-returns", "Missed service returns", ("tool-binline", "tool-routeweave")),
    ("service-bulky", "Booked bulky waste collections", ("tool-binline",)),
    ("service-transfer-station", "Bellmount transfer station (red-bin waste to Stony Creek)",
     ("service-weighbridge", "service-landfill-disposal")),
    ("service-weighbridge", "Depot weighbridge", ()),
    ("service-landfill-disposal", "Landfill disposal at Stony Creek",
     ("account-landfill-credit",)),
    ("service-mrf-sorting", "MRF sorting line", ("service-weighbridge",)),
    ("service-baling", "MRF baling",
     ("tool-baler", "vendor-hallgren", "vendor-kingfisher", "service-mrf-sorting")),
    ("service-fleet", "Fleet maintenance and fuel", ("vendor-bellbird", "vendor-redgum")),
    ("service-rostering", "Driver rostering and timesheets", ("tool-shiftyard",)),
    ("service-council-reporting", "Monthly contract KPI report to council",
     ("tool-weighmate", "tool-trakside", "tool-binline")),
)
PRODUCTS = (
    ("product-three-bin", "Corrawong three-bin kerbside service",
     ("service-red-bin", "service-yellow-bin", "service-green-bin", "service-missed-returns")),
    ("product-bales", "Recyclable bales (OCC, mixed paper, PET, HDPE, aluminium)",
     ("service-baling",)),
)
RULES = (
    ("rule-prestart", "Every truck gets a TrakSide pre-start check before it leaves the depot; "
     "a defect marked critical grounds the truck until the workshop clears it",
     "doc-driver-handbook", "person-bronwyn-achterberg"),
    ("rule-fatigue", "No driver works more than 12 hours in a shift, pre-start, tipping and "
     "wash-down included, with a 30-minute break in every 5 hours of work; from 11 hours the "
     "rest of the run goes to another truck", "doc-driver-handbook",
     "person-bronwyn-achterberg"),
    ("rule-reversing", "No reversing in a residential street unless there is no other way out; "
     "no-reverse cul-de-sacs are serviced as the run sheet shows or with a spotter, and every "
     "reverse is logged", "doc-driver-handbook", "person-bronwyn-achterberg"),
    ("rule-hot-load", "A smoking or burning load goes to the hot-load pad at the Bellmount "
     "depot, never onto the MRF or transfer station floor; if there are flames, pull over "
     "clear of houses and call 000", "doc-driver-handbook", "person-bronwyn-achterberg"),
    ("rule-not-presented", "A bin that is not out is photographed in the cab app and marked "
     "not presented, and is then not a missed service", "doc-driver-handbook",
     "person-bronwyn-achterberg"),
    ("rule-no-ticket", "Every truck crosses the weighbridge in and out on every trip; no "
     "ticket, no tip", "doc-driver-handbook", "person-bronwyn-achterberg"),
    ("rule-rectify", "A missed service reported by 3pm is collected by 5pm the next business "
     "day", "doc-contract", "person-felicity-yeo"),
    ("rule-abatement", "More than 5 missed services per 10,000 lifts in a month costs a $250 "
     "abatement for each missed service above the threshold", "doc-contract",
     "person-felicity-yeo"),
    ("rule-kpi-report", "The monthly KPI report goes to the council by the 10th of the "
     "following month", "doc-contract", "person-felicity-yeo"),
    ("rule-reject-load", "A yellow-bin load over 20% contamination on the MRF floor is "
     "photographed, rejected to the transfer station and reported with its run and street",
     "doc-mrf-procedure", "person-imelda-corrigan"),
    ("rule-lockout", "Lock out and tag out before entering the baler chamber, reaching into "
     "the screens or clearing a sort line jam", "doc-mrf-procedure", "person-imelda-corrigan"),
    ("rule-sharps", "Sharps on the sort line: stop the belt and use the sharps tongs; nobody "
     "picks sharps by hand", "doc-mrf-procedure", "person-imelda-corrigan"),
    ("rule-bale-spec", "OCC and mixed paper bales weigh 450 to 550 kg with five wires",
     "doc-mrf-procedure", "person-imelda-corrigan"),
    ("rule-stockpile", "At most 600 tonnes of unprocessed recyclables on site under the EPA "
     "licence; past 500 tonnes stop taking other councils' loads", "doc-mrf-procedure",
     "person-imelda-corrigan"),
    ("rule-tag-strikes", "Lift the Lid strikes: an oops tag and the bin emptied, then an orange "
     "tag and the bin left, then the address goes to the council's education officer",
     "doc-lift-the-lid", "person-tully-pilkington"),
    ("rule-paper-docket", "If WeighMate is down, weigh on the indicator and write a paper "
     "docket from the gatehouse book; dockets go to the weighbridge coordinator the same day",
     "doc-weighbridge-plan", "person-olumide-bankole"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-cinderbark",
        "Cinderbark Waste Services",
        src="asic:cinderbark-waste-services",
        as_of=date(2009, 3, 2),
        city="Bellmount",
        text="Cinderbark Waste Services Pty Ltd collects household and commercial waste from a "
        "depot on Quarry Road, Bellmount, New South Wales, where it also runs a transfer "
        "station, a materials recovery facility (MRF) and a weighbridge; 44 trucks and about "
        "110 staff.",
    )
    w.node(
        "Organization",
        "org-corrawong",
        "Corrawong Shire Council",
        src="contract:corrawong-kerbside-2021",
        as_of=START,
        text="The shire council whose three-bin kerbside contract is Cinderbark's biggest; it "
        "owns and runs Stony Creek Landfill and takes residents' requests in CivicDesk.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="shiftyard:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-cinderbark", since=START, src="shiftyard:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="shiftyard:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@cinderbark.com.au",
        )
        w.edge(pid, "MEMBER_OF", team or "org-cinderbark", since=START, src="shiftyard:staff")
    w.node(
        "Person",
        "person-meredith-oyelaran",
        "Meredith Oyelaran",
        src="contract:corrawong-kerbside-2021",
        as_of=START,
        role="Waste services manager, Corrawong Shire Council",
        email="meredith.oyelaran@corrawong.nsw.gov.au",
    )
    w.edge(
        "person-meredith-oyelaran",
        "MEMBER_OF",
        "org-corrawong",
        since=START,
        src="contract:corrawong-kerbside-2021",
    )
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
        w.edge("org-cinderbark", "USES", vid, since=START, src="myob:suppliers")
    w.node(
        "Deal",
        "deal-yarran-tender",
        "Yarran Valley Council kerbside recycling tender, 2027 to 2034",
        src="sharepoint:tenders/yarran-valley",
        as_of=date(2026, 11, 9),
        stage="bid in preparation",
        value=31500000,
        text="Yarran Valley Council's tender for fortnightly yellow-bin collection and "
        "processing for 19,000 households over seven years; bids close on 18 December.",
    )
    w.edge(
        "deal-yarran-tender",
        "ASSIGNED_TO",
        "person-felicity-yeo",
        since=date(2026, 11, 9),
        src="sharepoint:tenders/yarran-valley",
    )


def _customers(w: Book) -> None:
    for cid, name, text in (
        (
            "customer-eastwall",
            "Eastwall Fibre Traders",
            "Buys the MRF's OCC and mixed paper bales, collected weekly by B-double from the "
            "bale yard.",
        ),
        (
            "customer-polyreef",
            "Polyreef Plastics",
            "Buys the PET and HDPE bales for its flake plant; a truck every second Thursday.",
        ),
    ):
        w.node("Customer", cid, name, src="myob:customers", as_of=START, text=text)
        w.edge(cid, "USES", "service-baling", since=START, src="myob:customers")


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner in TOOLS:
        kind = "equipment" if tid == "tool-baler" else "software"
        w.node("Tool", tid, name, src=src, as_of=START, kind=kind)
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    w.node(
        "Tool",
        "tool-weighmate",
        "WeighMate weighbridge ticketing",
        src=src,
        as_of=WEIGHMATE_TRIAL,
        kind="software",
    )
    w.edges(
        src,
        WEIGHMATE_TRIAL,
        ("tool-weighmate", "DEPENDS_ON", "vendor-scalesure"),
        ("person-olumide-bankole", "OWNS", "tool-weighmate"),
    )
    for aid, name, owner, text, extra in ACCOUNTS:
        since = WEIGHMATE_TRIAL if aid == "account-weighmate-licence" else START
        w.node("Account", aid, name, src=src, as_of=since, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=since, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="contract:products", as_of=START)
    w.edges(
        src,
        WEIGHMATE_TRIAL,
        ("tool-weighmate", "DEPENDS_ON", "account-weighmate-licence"),
        ("account-weighmate-licence", "DEPENDS_ON", "vendor-scalesure"),
        ("account-weighmate-licence", "PART_OF", "tool-weighmate"),
    )
    w.edges(
        src,
        START,
        ("tool-routeweave", "DEPENDS_ON", "account-routeweave-sub"),
        ("account-routeweave-sub", "DEPENDS_ON", "vendor-lattice"),
        ("account-routeweave-sub", "PART_OF", "tool-routeweave"),
        ("tool-routeweave", "DEPENDS_ON", "account-cab-sims"),
        ("tool-trakside", "DEPENDS_ON", "account-cab-sims"),
        ("account-cab-sims", "DEPENDS_ON", "vendor-wirraway"),
        ("tool-binline", "DEPENDS_ON", "account-council-api"),
        ("account-council-api", "DEPENDS_ON", "vendor-parkstone"),
        ("account-council-api", "PART_OF", "tool-binline"),
        ("account-landfill-credit", "DEPENDS_ON", "vendor-stony-creek"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("tool-baler", "PART_OF", "service-baling"),
        ("org-corrawong", "USES", "service-red-bin"),
        ("org-corrawong", "USES", "service-yellow-bin"),
        ("org-corrawong", "USES", "service-green-bin"),
        ("org-corrawong", "USES", "service-bulky"),
        ("team-collections", "USES", "tool-routeweave"),
        ("team-collections", "USES", "tool-shiftyard"),
        ("team-collections", "USES", "tool-trakside"),
        ("team-fleet", "USES", "tool-trakside"),
        ("team-contracts", "USES", "tool-binline"),
        ("team-mrf", "USES", "tool-baler"),
        ("person-bronwyn-achterberg", "OWNS", "service-red-bin"),
        ("person-bronwyn-achterberg", "OWNS", "service-yellow-bin"),
        ("person-bronwyn-achterberg", "OWNS", "service-green-bin"),
        ("person-hamish-ocampo", "OWNS", "service-missed-returns"),
        ("person-hamish-ocampo", "OWNS", "service-bulky"),
        ("person-olumide-bankole", "OWNS", "service-transfer-station"),
        ("person-olumide-bankole", "OWNS", "service-weighbridge"),
        ("person-warwick-szabo", "OWNS", "service-landfill-disposal"),
        ("person-imelda-corrigan", "OWNS", "service-mrf-sorting"),
        ("person-imelda-corrigan", "OWNS", "service-baling"),
        ("person-trudy-prowse", "OWNS", "service-fleet"),
        ("person-bronwyn-achterberg", "OWNS", "service-rostering"),
        ("person-felicity-yeo", "OWNS", "service-council-reporting"),
        ("person-felicity-yeo", "OWNS", "product-three-bin"),
        ("person-imelda-corrigan", "OWNS", "product-bales"),
    )
    # Weighbridge tickets: TipTally until 1 October, then WeighMate.
    w.node(
        "Tool",
        "tool-tiptally",
        "TipTally weighbridge software (retired)",
        src=src,
        as_of=WEIGHMATE_LIVE,
        status="retired",
        kind="software",
    )
    w.edge(
        "tool-tiptally",
        "DEPENDS_ON",
        "vendor-scalesure",
        since=START,
        until=WEIGHMATE_LIVE,
        src=src,
    )
    w.edge(
        "service-weighbridge",
        "DEPENDS_ON",
        "tool-tiptally",
        since=START,
        until=WEIGHMATE_LIVE,
        src=src,
    )
    w.edge("service-weighbridge", "DEPENDS_ON", "tool-weighmate", since=WEIGHMATE_LIVE, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("lifts", "missed", "contam", "bales", "tonnes", "fees")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        sat, sun = wd == 5, wd == 6
        if sun:
            lifts = rng.randint(180, 320)
        elif sat:
            lifts = rng.randint(700, 1100)
        else:
            lifts = rng.randint(13200, 14600)
        # missed services: RouteWeave 5.0 auto-balance from 26 October
        if day >= ROUTEWEAVE_5:
            missed = rng.randint(0, 2) if sun else rng.randint(3, 8) if sat else rng.randint(13, 25)
        else:
            missed = rng.randint(0, 1) if sun else rng.randint(1, 3) if sat else rng.randint(3, 8)
        # contamination: Lift the Lid from 19 October eases it down over two weeks
        if day < LIFT_THE_LID:
            contam = rng.uniform(13.6, 16.2)
        else:
            ease = min((day - LIFT_THE_LID).days / 14, 1.0)
            contam = rng.uniform(13.6, 16.2) * (1 - ease) + rng.uniform(9.2, 11.4) * ease
        # bales: one shift on Sundays; the baler was down 3-6 November, backlog after
        bales = rng.randint(18, 26) if sun else rng.randint(40, 50) if sat else rng.randint(62, 78)
        if day == BALER_DOWN[0]:
            bales = 14
        elif day in BALER_DOWN:
            bales = 0
        elif BALER_BACK <= day < BALER_BACK + timedelta(days=8):
            bales += rng.randint(12, 20)
        # red-bin tonnes received at the transfer station; the council bills what it weighs
        tonnes = (
            rng.uniform(6, 14) if sun else rng.uniform(40, 60) if sat else rng.uniform(195, 235)
        )
        council = tonnes * rng.uniform(0.975, 1.01)
        fee = NEW_FEE if day >= GATE_FEE_FROM else OLD_FEE
        out["lifts"].append((day, lifts))
        out["missed"].append((day, missed))
        if day not in BALER_DOWN:
            out["contam"].append((day, round(contam, 1)))
        out["bales"].append((day, bales))
        if day not in GATEWAY_GAP:
            out["tonnes"].append((day, round(tonnes, 1)))
        out["fees"].append((day, round(council * fee)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    tk, bl, qa, mrf, wb, inv = (
        "trakside:daily-lifts",
        "binline:reports",
        "mrf-qa:audits",
        "hallgren:baler-counter",
        "weighmate:daily",
        "corrawong:landfill-invoices",
    )
    for mid, name, unit, agg, src, measures in (
        (
            "metric-bin-lifts",
            "Bin lifts (TrakSide arm-lift counts)",
            "lifts",
            "sum",
            tk,
            "product-three-bin",
        ),
        (
            "metric-missed-services",
            "Missed services reported (Binline)",
            "missed services",
            "sum",
            bl,
            "service-missed-returns",
        ),
        (
            "metric-contamination",
            "Recycling contamination rate (MRF daily audit)",
            "%",
            "mean",
            qa,
            "service-yellow-bin",
        ),
        ("metric-bales", "Bales produced (baler counter)", "bales", "sum", mrf, "service-baling"),
        (
            "metric-transfer-tonnes",
            "General waste received at the transfer station (weighbridge)",
            "tonnes",
            "sum",
            wb,
            "service-transfer-station",
        ),
        (
            "metric-tipping-fees",
            "Stony Creek tipping fees (council invoices)",
            "AUD",
            "sum",
            inv,
            "service-landfill-disposal",
        ),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    tonnes_old = [(d, v) for d, v in series["tonnes"] if d < WEIGHMATE_LIVE]
    tonnes_new = [(d, v) for d, v in series["tonnes"] if d >= WEIGHMATE_LIVE]
    tonnes = w.readings("metric-transfer-tonnes", tonnes_old, src="tiptally:daily")
    tonnes.update(w.readings("metric-transfer-tonnes", tonnes_new, src=wb))
    return {
        "lifts": w.readings("metric-bin-lifts", series["lifts"], src=tk),
        "missed": w.readings("metric-missed-services", series["missed"], src=bl),
        "contam": w.readings("metric-contamination", series["contam"], src=qa),
        "bales": w.readings("metric-bales", series["bales"], src=mrf),
        "tonnes": tonnes,
        "fees": w.readings("metric-tipping-fees", series["fees"], src=inv),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "sharepoint:incidents/weighbridge-gateway-1013"
    w.node(
        "Incident",
        "incident-weighbridge-gateway",
        "Weighbridge gateway failure: no WeighMate tickets from the depot weighbridge",
        src=src,
        as_of=GATEWAY_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-10-13T05:40:00+00:00",
        resolvedAt="2026-10-17T06:30:00+00:00",
        text="Scalesure Weighing pushed gateway firmware 2.8 overnight on 12 October and the "
        "gateway box between the weighbridge indicator and WeighMate stopped sending tickets "
        "at 05:40 on Tuesday 13 October. Trucks were weighed on the indicator and written on "
        "paper dockets for the council's monthly return, but no tickets reached WeighMate and "
        "the daily transfer-station tonnes have no readings for 13 to 16 October. Scalesure "
        "replaced the gateway at 06:30 on Saturday 17 October.",
    )
    w.edges(
        src,
        "2026-10-13T05:40:00+00:00",
        ("vendor-scalesure", "CAUSED", "incident-weighbridge-gateway"),
        ("incident-weighbridge-gateway", "AFFECTS", "tool-weighmate"),
        ("incident-weighbridge-gateway", "AFFECTS", "metric-transfer-tonnes"),
        ("person-olumide-bankole", "OWNS", "incident-weighbridge-gateway"),
        as_of=GATEWAY_BACK,
    )
    src = "sharepoint:incidents/baler-ram-seal-1103"
    w.node(
        "Incident",
        "incident-baler-seal",
        "Baler main ram seal failure: no bales and the sort line stopped",
        src=src,
        as_of=BALER_BACK,
        status="resolved",
        severity="high",
        startedAt="2026-11-03T09:20:00+00:00",
        resolvedAt="2026-11-07T06:00:00+00:00",
        text="The main ram cylinder seal on the Hallgren HB-80 baler blew at 09:20 on Tuesday "
        "3 November and spilled about 180 litres of hydraulic oil into the bund. With the "
        "baler down the sort line stopped too, so no bales were made and no contamination "
        "audits were done until Hallgren Balers fitted a seal kit; the baler ran again at "
        "06:00 on Saturday 7 November. The loose stockpile peaked at 486 tonnes.",
    )
    w.edges(
        src,
        "2026-11-03T09:20:00+00:00",
        ("incident-baler-seal", "AFFECTS", "tool-baler"),
        ("incident-baler-seal", "AFFECTS", "service-baling"),
        ("incident-baler-seal", "AFFECTS", "metric-bales"),
        ("incident-baler-seal", "AFFECTS", "metric-contamination"),
        *(("incident-baler-seal", "CAUSED", obs["bales"][d]) for d in BALER_DOWN),
        ("person-imelda-corrigan", "OWNS", "incident-baler-seal"),
        as_of=BALER_BACK,
    )
    w.node(
        "Task",
        "task-baler-repair",
        "Fit the main ram seal kit on the baler with Hallgren's technician",
        src="sharepoint:maintenance/wo-5531",
        as_of=BALER_BACK,
        status="done",
    )
    w.edges(
        "sharepoint:maintenance/wo-5531",
        date(2026, 11, 3),
        ("person-ravindra-seneviratne", "OWNS", "task-baler-repair"),
        ("person-ravindra-seneviratne", "WORKS_ON", "task-baler-repair"),
        ("task-baler-repair", "FIXES", "incident-baler-seal"),
        ("task-baler-repair", "DEPENDS_ON", "vendor-hallgren"),
        as_of=BALER_BACK,
    )
    src = "sharepoint:incidents/cw14-hopper-fire-1118"
    w.node(
        "Incident",
        "incident-cw14-fire",
        "Hopper fire on red-bin truck CW-14 (lithium battery)",
        src=src,
        as_of=TRUCK_FIRE,
        status="under investigation",
        severity="high",
        startedAt="2026-11-18T01:50:00+00:00",
        resolvedAt="2026-11-18T03:05:00+00:00",
        text="The hopper of side-loader CW-14 caught fire on run R12 on Wednesday 18 November "
        "after a lift in Banksia Crescent; the driver pulled over on the oval car park, called "
        "000 and Bellmount fire brigade put it out. Nobody was hurt. A charred e-scooter "
        "battery was found in the load. The hopper liner and hydraulic lines were damaged and "
        "CW-14 is off the road at Bellbird Truck Bodies.",
    )
    w.edges(
        src,
        "2026-11-18T01:50:00+00:00",
        ("incident-cw14-fire", "AFFECTS", "service-red-bin"),
        ("incident-cw14-fire", "AFFECTS", "service-fleet"),
        ("person-shannon-leckie", "OWNS", "incident-cw14-fire"),
        as_of=TRUCK_FIRE,
    )
    # The RouteWeave release: nothing ties it to missed services; they just jump that day.
    w.node(
        "Release",
        "release-routeweave-5",
        "RouteWeave 5.0",
        src="lattice:routeweave/releases/5.0",
        as_of="2026-10-25T20:00:00+00:00",
        version="5.0",
        releasedAt="2026-10-25T20:00:00+00:00",
        text="Lattice Route Systems' RouteWeave 5.0, live for the Monday 26 October runs: "
        "auto-balance evens out each day's runs by moving properties between them, and a new "
        "street sequencer orders every run by drive time. Auto-balance is on by default.",
    )
    w.edges(
        "lattice:routeweave/releases/5.0",
        "2026-10-25T20:00:00+00:00",
        ("release-routeweave-5", "CHANGED", "tool-routeweave"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-ops-leads", "Ops leads"),
        ("channel-dispatch", "Dispatch"),
        ("channel-mrf-floor", "MRF floor"),
        ("channel-contract", "Contract & council"),
    ):
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    slug = {
        "channel-ops-leads": "ops-leads",
        "channel-dispatch": "dispatch",
        "channel-mrf-floor": "mrf-floor",
        "channel-contract": "contract-council",
    }
    for mid, name, who, channel, said, text in (
        (
            "message-weighmate",
            "Bronwyn in Ops leads on 2 September",
            "person-bronwyn-achterberg",
            "channel-ops-leads",
            "2026-09-02T22:10:00+00:00",
            "Decision on the weighbridge: we go to WeighMate on Thursday 1 October. Scalesure "
            "stops supporting TipTally on 30 Sept, the gatehouse PC is one dead disk from losing "
            "every ticket, and Meredith wants the daily tonnage file without us typing it. "
            "Olumide runs the cutover, trial from 14 Sept.",
        ),
        (
            "message-gateway-back",
            "Olumide in Dispatch on 17 October",
            "person-olumide-bankole",
            "channel-dispatch",
            "2026-10-17T06:45:00+00:00",
            "Bridge is back on WeighMate. Scalesure's firmware push on Monday night killed the "
            "gateway; new box in this morning. Paper dockets from Tue to Fri are with me for the "
            "council return, but there's no daily tonnage in WeighMate for 13 to 16 Oct.",
        ),
        (
            "message-lift-the-lid",
            "Felicity in Contract & council on 12 October",
            "person-felicity-yeo",
            "channel-contract",
            "2026-10-12T23:30:00+00:00",
            "Agreed with Meredith today: Lift the Lid starts Monday 19 Oct. Two bin checkers "
            "ahead of the yellow trucks on the worst runs, oops tag first, orange tag and not "
            "emptied second, council education officer third. Council pays for tags and letters.",
        ),
        (
            "message-gate-fee",
            "Meredith Oyelaran's letter on Stony Creek fees, 20 October",
            "person-meredith-oyelaran",
            "channel-contract",
            "2026-10-20T04:00:00+00:00",
            "Corrawong Shire Council has adopted amended fees for Stony Creek Landfill: from 1 "
            "November the general waste gate fee rises from $148 to $171 a tonne, to cover the "
            "NSW waste levy increase and the construction of cell 4.",
        ),
        (
            "message-routeweave-5",
            "Kirra in Dispatch on 23 October",
            "person-kirra-dunstan",
            "channel-dispatch",
            "2026-10-23T05:00:00+00:00",
            "Heads up drivers: RouteWeave 5.0 goes live for Monday's runs. New street order on "
            "the tablet, and auto-balance has evened out the run lengths, so some of you will "
            "see streets that used to be on another run.",
        ),
        (
            "message-baler-down",
            "Imelda in MRF floor on 3 November",
            "person-imelda-corrigan",
            "channel-mrf-floor",
            "2026-11-03T09:45:00+00:00",
            "Baler's down, main ram seal has gone, oil is in the bund. Sort line stopped. Keep "
            "tipping yellow loads on the north bay, Hallgren can't get a tech here before "
            "Friday. No QA audit till we're running again.",
        ),
        (
            "message-epl-handover",
            "Imelda in Ops leads on 16 November",
            "person-imelda-corrigan",
            "channel-ops-leads",
            "2026-11-16T21:30:00+00:00",
            "Shannon is taking the EPA licence annual return off me from today; I'm buried in "
            "the baler review and the stockpile. Monitoring data and the complaints register "
            "are in the EPL folder.",
        ),
        (
            "message-cw14-fire",
            "Viliami in Dispatch on 18 November",
            "person-viliami-tuilagi",
            "channel-dispatch",
            "2026-11-18T02:20:00+00:00",
            "CW-14 had a hopper fire on R12 in Banksia Cres. Driver did it by the book, pulled "
            "onto the oval car park and called 000, brigade's put it out. Nobody hurt. Looks "
            "like a scooter battery. Hamish, R12 needs a spare truck.",
        ),
        (
            "message-ops-notes",
            "Ops meeting notes, 7 December",
            "person-bronwyn-achterberg",
            "channel-ops-leads",
            "2026-12-07T23:30:00+00:00",
            "Ops meeting Mon 7 Dec. 1) Missed services since RouteWeave 5.0: auto-balance off "
            "and the September sequences back on R4, R7 and R9 from Mon 14 Dec; Kirra by Fri "
            "11 Dec. Dario calls every resident with two or more misses since 26 Oct, by Fri "
            "11 Dec. 2) Felicity sends the November KPI report by Thu 10 Dec, abatement and "
            "all. 3) Kirra on leave 14 Dec to 11 Jan: Hamish takes the RouteWeave renewal "
            "(expires 31 Dec), done by Fri 18 Dec; Warwick signs the PO. 4) Imelda orders a "
            "spare main ram seal kit from Hallgren by 18 Dec. 5) Warwick re-forecasts tipping "
            "at $171 a tonne by 15 Dec. 6) Christmas Day and New Year's Day runs move to "
            "Saturday 26 Dec and Saturday 2 Jan; Hamish rosters it, Shannon checks the hours "
            "by 16 Dec.",
        ),
    ):
        src = f"teams:{slug[channel]}/{mid.removeprefix('message-')}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    w.edges(
        "teams:dispatch/routeweave-5",
        "2026-10-23T05:00:00+00:00",
        ("message-routeweave-5", "MENTIONS", "release-routeweave-5"),
        ("message-routeweave-5", "MENTIONS", "tool-routeweave"),
    )
    w.edges(
        "teams:dispatch/gateway-back",
        "2026-10-17T06:45:00+00:00",
        ("message-gateway-back", "MENTIONS", "incident-weighbridge-gateway"),
        ("message-gateway-back", "MENTIONS", "tool-weighmate"),
    )
    w.edges(
        "teams:mrf-floor/baler-down",
        "2026-11-03T09:45:00+00:00",
        ("message-baler-down", "MENTIONS", "incident-baler-seal"),
        ("message-baler-down", "MENTIONS", "tool-baler"),
    )
    w.edges(
        "teams:dispatch/cw14-fire",
        "2026-11-18T02:20:00+00:00",
        ("message-cw14-fire", "MENTIONS", "incident-cw14-fire"),
    )
    w.edges(
        "teams:ops-leads/ops-notes",
        "2026-12-07T23:30:00+00:00",
        ("message-ops-notes", "MENTIONS", "tool-routeweave"),
        ("message-ops-notes", "MENTIONS", "release-routeweave-5"),
        ("message-ops-notes", "MENTIONS", "account-routeweave-sub"),
        ("message-ops-notes", "MENTIONS", "tool-baler"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "TrakSide": "tool-trakside",
        "RouteWeave": "tool-routeweave",
        "ShiftYard": "tool-shiftyard",
        "Binline": "tool-binline",
        "CivicDesk": "account-council-api",
        "WeighMate": "tool-weighmate",
        "TipTally": "tool-tiptally",
        "Scalesure": "vendor-scalesure",
        "Hallgren": "vendor-hallgren",
        "HB-80": "tool-baler",
        "Eastwall": "customer-eastwall",
        "Polyreef": "customer-polyreef",
        "Stony Creek": "service-landfill-disposal",
        "transfer station": "service-transfer-station",
        "Corrawong Shire Council": "org-corrawong",
        "Meredith Oyelaran": "person-meredith-oyelaran",
        "Felicity Yeo": "person-felicity-yeo",
        "Olumide Bankole": "person-olumide-bankole",
        "Imelda Corrigan": "person-imelda-corrigan",
        "Ravindra Seneviratne": "person-ravindra-seneviratne",
    }
    for path, did, author, kind, about in (
        (
            "driver-handbook.md",
            "doc-driver-handbook",
            "person-bronwyn-achterberg",
            "handbook",
            ["service-red-bin", "service-yellow-bin", "service-green-bin", "service-rostering"],
        ),
        (
            "corrawong-contract-summary.md",
            "doc-contract",
            "person-felicity-yeo",
            "contract summary",
            ["org-corrawong", "product-three-bin", "service-council-reporting"],
        ),
        (
            "mrf-operating-procedure.md",
            "doc-mrf-procedure",
            "person-imelda-corrigan",
            "procedure",
            ["service-mrf-sorting", "service-baling", "product-bales"],
        ),
        (
            "baler-seal-failure-review.md",
            "doc-baler-review",
            "person-imelda-corrigan",
            "incident review",
            ["incident-baler-seal", "tool-baler"],
        ),
        (
            "weighbridge-cutover-plan.md",
            "doc-weighbridge-plan",
            "person-olumide-bankole",
            "plan",
            ["service-weighbridge", "tool-weighmate", "tool-tiptally"],
        ),
        (
            "lift-the-lid-brief.md",
            "doc-lift-the-lid",
            "person-tully-pilkington",
            "brief",
            ["service-yellow-bin", "metric-contamination"],
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
        "decision-tiptally",
        "Keep weighbridge tickets in TipTally on the gatehouse PC",
        src="sharepoint:weighbridge-2019",
        on=START,
        why="TipTally came with the weighbridge from Scalesure Weighing in 2019, printed the "
        "driver's ticket at the gatehouse and needed no internet at the depot.",
        made_by="person-warwick-szabo",
        made_in=None,
    )
    decision(
        "decision-weighmate",
        "Move weighbridge ticketing from TipTally to WeighMate from 1 October",
        src="teams:ops-leads/weighmate",
        on=date(2026, 9, 2),
        why="Scalesure ends TipTally support on 30 September; its tickets sit on one gatehouse "
        "PC backed up by hand, and the council's tonnage return is typed from a printout. "
        "WeighMate sends every ticket to the cloud as the truck crosses and gives the council "
        "a daily tonnage file.",
        made_by="person-bronwyn-achterberg",
        made_in="message-weighmate",
        edges=(
            ("decision-weighmate", "SUPERSEDES", "decision-tiptally"),
            ("decision-weighmate", "AFFECTS", "service-weighbridge"),
            ("decision-weighmate", "MENTIONS", "tool-weighmate"),
            ("decision-weighmate", "MENTIONS", "tool-tiptally"),
        ),
    )
    decision(
        "decision-lift-the-lid",
        "Run Lift the Lid yellow-bin tagging with the council from 19 October",
        src="teams:contract-council/lift-the-lid",
        on=date(2026, 10, 12),
        why="Recycling contamination at the MRF ran between 13.5% and 16.5% through September "
        "and early October against the contract's 12% target, and nine yellow-bin loads were "
        "rejected to landfill in September. Tagging bins before the truck lifts them tells "
        "households what went wrong and takes the worst bins out of the loads.",
        made_by="person-felicity-yeo",
        made_in="message-lift-the-lid",
        edges=(
            ("decision-lift-the-lid", "AFFECTS", "service-yellow-bin"),
            ("decision-lift-the-lid", "AFFECTS", "metric-contamination"),
            ("decision-lift-the-lid", "MENTIONS", "org-corrawong"),
        ),
    )
    decision(
        "decision-gate-fee",
        "Raise the Stony Creek general waste gate fee from $148 to $171 a tonne from 1 November",
        src="teams:contract-council/gate-fee",
        on=date(2026, 10, 20),
        why="Corrawong Shire Council's amended fees for Stony Creek Landfill cover the NSW "
        "waste levy increase and the construction of cell 4.",
        made_by="person-meredith-oyelaran",
        made_in="message-gate-fee",
        edges=(
            ("decision-gate-fee", "AFFECTS", "service-landfill-disposal"),
            ("decision-gate-fee", "AFFECTS", "metric-tipping-fees"),
            ("decision-gate-fee", "MENTIONS", "org-corrawong"),
        ),
    )
    decision(
        "decision-spare-seal-kit",
        "Keep a spare baler main ram seal kit and hose set on the shelf and service the baler "
        "by running hours",
        src="sharepoint:baler-seal-failure-review",
        on=DOC_DATES["doc-baler-review"],
        why="The November seal failure stopped the baler and the sort line for four days "
        "while Hallgren's technician came from Newcastle, and cost $41,800; with a kit on the "
        "shelf Ravindra can fit it in a shift.",
        made_by="person-imelda-corrigan",
        made_in="doc-baler-review",
        edges=(
            ("decision-spare-seal-kit", "BASED_ON", "doc-baler-review"),
            ("decision-spare-seal-kit", "MENTIONS", "incident-baler-seal"),
            ("decision-spare-seal-kit", "MENTIONS", "vendor-hallgren"),
        ),
    )
    ops = "teams:ops-leads/ops-notes"
    decision(
        "decision-autobalance-off",
        "Turn RouteWeave auto-balance off and put the September run sequences back on R4, R7 "
        "and R9 from 14 December",
        src=ops,
        on=OPS_MEETING,
        why="Since RouteWeave 5.0 went live on 26 October, auto-balance has moved about 1,900 "
        "properties between runs and the new sequencer sends trucks past no-reverse "
        "cul-de-sacs and laneways, so missed services have run at three to four times the "
        "September rate and November is over the contract threshold.",
        made_by="person-bronwyn-achterberg",
        made_in="message-ops-notes",
        edges=(
            ("decision-autobalance-off", "AFFECTS", "tool-routeweave"),
            ("decision-autobalance-off", "MENTIONS", "release-routeweave-5"),
        ),
    )
    decision(
        "decision-holiday-catchup",
        "Christmas Day and New Year's Day collections run on Saturday 26 December and "
        "Saturday 2 January",
        src=ops,
        on=OPS_MEETING,
        why="Both holidays fall on a Friday; the council agreed to next-day Saturday catch-ups "
        "rather than shifting the whole week.",
        made_by="person-bronwyn-achterberg",
        made_in="message-ops-notes",
        edges=(("decision-holiday-catchup", "AFFECTS", "service-rostering"),),
    )


def _work(w: Book) -> None:
    src = "teams:ops-leads/routeweave-renewal"
    w.node(
        "Task",
        "task-routeweave-renewal",
        "Renew the RouteWeave subscription before it expires on 31 December",
        src=src,
        as_of=RENEWAL_TASK_FROM,
        status="in progress",
        due="2026-12-18",
        text="Get Lattice Route Systems' renewal quote for route planning and 38 cab seats, "
        "have Warwick Szabo sign the purchase order and confirm the new term before 31 "
        "December.",
    )
    w.edge(
        "person-kirra-dunstan", "OWNS", "task-routeweave-renewal", since=RENEWAL_TASK_FROM, src=src
    )
    w.edges(
        src,
        RENEWAL_TASK_FROM,
        ("task-routeweave-renewal", "ABOUT", "account-routeweave-sub"),
        ("person-kirra-dunstan", "WORKS_ON", "task-routeweave-renewal"),
    )
    w.edges(
        "teams:ops-leads/ops-notes",
        OPS_MEETING,
        ("person-hamish-ocampo", "OWNS", "task-routeweave-renewal"),
        ("person-hamish-ocampo", "WORKS_ON", "task-routeweave-renewal"),
        ("person-warwick-szabo", "WORKS_ON", "task-routeweave-renewal"),
        ("message-ops-notes", "MENTIONS", "task-routeweave-renewal"),
    )
    src = "sharepoint:compliance/epl-annual-return"
    w.node(
        "Task",
        "task-epl-return",
        "Submit the MRF's EPA environment protection licence annual return",
        src=src,
        as_of=date(2026, 9, 1),
        status="in progress",
        due="2026-12-21",
        text="Compile the year's monitoring data, stockpile records and complaints register "
        "for the MRF's environment protection licence and lodge the annual return with the "
        "EPA.",
    )
    w.edge("person-imelda-corrigan", "OWNS", "task-epl-return", since=date(2026, 9, 1), src=src)
    w.edges(
        src,
        date(2026, 9, 1),
        ("task-epl-return", "ABOUT", "service-mrf-sorting"),
        ("task-epl-return", "ABOUT", "rule-stockpile"),
        ("person-imelda-corrigan", "WORKS_ON", "task-epl-return"),
    )
    w.edges(
        "teams:ops-leads/epl-handover",
        EPL_HANDOVER,
        ("person-shannon-leckie", "OWNS", "task-epl-return"),
        ("person-shannon-leckie", "WORKS_ON", "task-epl-return"),
        ("message-epl-handover", "MENTIONS", "task-epl-return"),
    )
    src = "sharepoint:incidents/cw14-hopper-fire-1118"
    w.node(
        "Task",
        "task-cw14-investigation",
        "Investigate the CW-14 hopper fire and report to the council and SafeWork",
        src=src,
        as_of=TRUCK_FIRE,
        status="in progress",
        due="2026-12-11",
        text="Driver statement, photos, the TrakSide lift log for R12 and the battery found "
        "in the load; recommend a battery drop-off message with the council.",
    )
    w.edges(
        src,
        TRUCK_FIRE,
        ("person-shannon-leckie", "OWNS", "task-cw14-investigation"),
        ("person-shannon-leckie", "WORKS_ON", "task-cw14-investigation"),
        ("task-cw14-investigation", "ABOUT", "incident-cw14-fire"),
    )

    ops = "teams:ops-leads/ops-notes"
    for tid, name, owner, due, text, workers, about in (
        (
            "task-autobalance-off",
            "Turn RouteWeave auto-balance off and restore the September sequences on R4, R7 and R9",
            "person-kirra-dunstan",
            "2026-12-11",
            "Auto-balance off for every run, the September street order back on R4, R7 and R9 "
            "for the Monday 14 December runs, and no-reverse flags checked on every cul-de-sac "
            "they touch.",
            ("person-kirra-dunstan", "person-nikolai-petrakis"),
            "tool-routeweave",
        ),
        (
            "task-resident-callbacks",
            "Call back every resident with two or more missed services since 26 October",
            "person-dario-mancuso",
            "2026-12-11",
            "From the Binline history: apologise, confirm the collection day and log the call "
            "against the request in CivicDesk.",
            ("person-dario-mancuso",),
            "service-missed-returns",
        ),
        (
            "task-kpi-report-november",
            "Send the November contract KPI report to the council",
            "person-felicity-yeo",
            "2026-12-10",
            "Lifts, tonnages, missed services per 10,000 lifts and the abatement for November, "
            "with the RouteWeave explanation and the fix.",
            ("person-felicity-yeo",),
            "service-council-reporting",
        ),
        (
            "task-seal-kit",
            "Order a spare baler main ram seal kit and hose set from Hallgren",
            "person-imelda-corrigan",
            "2026-12-18",
            "One seal kit and one hydraulic hose set for the HB-80, kept on the MRF shelf.",
            ("person-imelda-corrigan",),
            "tool-baler",
        ),
        (
            "task-tipping-reforecast",
            "Re-forecast the tipping budget at $171 a tonne to June",
            "person-warwick-szabo",
            "2026-12-15",
            "Disposal to 30 June at the new Stony Creek gate fee, for the board.",
            ("person-warwick-szabo",),
            "service-landfill-disposal",
        ),
        (
            "task-holiday-roster",
            "Roster the Saturday 26 December and 2 January catch-up runs in ShiftYard",
            "person-hamish-ocampo",
            "2026-12-16",
            "Every Friday run moves to the Saturday; Shannon Leckie checks nobody goes over "
            "the 12-hour limit that week.",
            ("person-hamish-ocampo", "person-shannon-leckie"),
            "decision-holiday-catchup",
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
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    tonnes = m(
        facts,
        today,
        "bridge tonnes into the transfer stn oct vs sept, up or down?",
        "metric_change",
        "metric-transfer-tonnes",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="readings start on 9 September (22 of 30 days) and the gateway failure left no "
        "readings for 13-16 October (27 of 31): compare daily means over the covered days "
        "and say so",
    )
    tonnes.must_include = [coverage_words]
    contam_nov = m(
        facts,
        today,
        "avg contam first half of nov",
        "metric_average",
        "metric-contamination",
        periods=("first_half_november",),
        tolerance=0.05,
        covered=True,
        note="no audits 3-6 November while the baler and sort line were down: 11 of 15 days",
    )
    contam_nov.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if the routeweave sub expires on the 31st what stops working",
            ["account-routeweave-sub"],
            today,
            note="the subscription expires on 31 December: the run app, so every bin colour, "
            "the missed-service returns and the three-bin service",
        ),
        impact_question(
            facts,
            "wirraway mobile goes down - what do we lose?",
            ["vendor-wirraway"],
            today,
            note="the cab SIMs carry RouteWeave's run sheets and TrakSide's lift counts",
        ),
        impact_question(
            facts,
            "scalesure is offline, what's broken",
            ["vendor-scalesure"],
            today,
            must_exclude=["TipTally"],
            note="TipTally was retired on 1 October and breaks nothing now; WeighMate and its "
            "licence do",
        ),
        owner_question(
            facts,
            "who's got the routeweave renewal now kirra's going on leave?",
            "task-routeweave-renewal",
            today,
            note="handed from Kirra Dunstan to Hamish Ocampo at the 7 December ops meeting",
        ),
        owner_question(
            facts,
            "who had the routeweave renewal at the end of november",
            "task-routeweave-renewal",
            date(2026, 11, 25),
        ),
        owner_question(
            facts,
            "who was doing the epa licence return back in october",
            "task-epl-return",
            date(2026, 10, 15),
            note="Shannon Leckie took it over from Imelda Corrigan on 16 November",
        ),
        owner_question(
            facts,
            "whos looking into the cw-14 hopper fire",
            "incident-cw14-fire",
            today,
        ),
        Question(
            "why'd we start the lift the lid tagging?",
            "decision",
            must_include=[["12%", "rejected"]],
            must_cite=["decision-lift-the-lid"],
        ),
        Question(
            "who decided to ditch tiptally for weighmate",
            "decision",
            must_include=["Bronwyn Achterberg"],
            must_cite=["decision-weighmate"],
        ),
        Question(
            "how did we do weighbridge tickets before weighmate came in?",
            "decision",
            must_include=["TipTally"],
            must_cite=["decision-tiptally"],
            note="the superseded decision: TipTally on the gatehouse PC until 1 October",
        ),
        Question(
            "R12 truck has smoke coming out the hopper, where does he tip it",
            "policy",
            must_include=["hot-load pad"],
            must_cite=["rule-hot-load"],
            note="never on the MRF or transfer station floor",
        ),
        Question(
            "nik's on 11 and a half hrs, can he squeeze in one more run to the transfer station?",
            "policy",
            must_include=["12 hours"],
            must_cite=["rule-fatigue"],
            note="from 11 hours the rest of the run goes to another truck; never over 12",
        ),
        Question(
            "resident rang at 2pm saying her yellow bin got missed this morning - when do we "
            "have to get it by",
            "policy",
            must_include=["next business day"],
            must_cite=["rule-rectify"],
            note="reported by 3pm: collected by 5pm the next business day",
        ),
        related_question(
            facts,
            "binline pulls the council's jobs thru an api key - whose system is that key on?",
            today,
            rel="DEPENDS_ON",
            frm="account-council-api",
            keep=["Vendor"],
            note="two hops: Binline -> the CivicDesk request API key -> Parkstone Civic Systems",
        ),
        related_question(
            facts,
            "the weighbridge runs on the weighmate licence, which team is whoever owns that "
            "licence in?",
            today,
            rel="MEMBER_OF",
            frm="person-olumide-bankole",
            note="three hops: Depot weighbridge -> WeighMate -> the WeighMate cloud licence, "
            "owned by Olumide Bankole -> his team",
        ),
        related_question(
            facts,
            "who buys our bales",
            today,
            rel="USES",
            to="service-baling",
            keep=["Customer"],
        ),
        m(
            facts,
            today,
            "how many bin lifts yesterday",
            "metric_value",
            "metric-bin-lifts",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "contamination rate on 22 oct?",
            "metric_value",
            "metric-contamination",
            span=(date(2026, 10, 22), date(2026, 10, 22)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "total missed bins second half of november",
            "metric_total",
            "metric-missed-services",
            periods=("second_half_november",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "tonnes over the bridge into the transfer station the week of 19 oct",
            "metric_total",
            "metric-transfer-tonnes",
            periods=("week_of_2026-10-19",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many bales have we done since the baler came back",
            "metric_total",
            "metric-bales",
            periods=("since_2026-11-07",),
            tolerance=0.5,
            note="the baler ran again at 06:00 on 7 November",
        ),
        m(
            facts,
            today,
            "avg contamination late october",
            "metric_average",
            "metric-contamination",
            periods=("late_october",),
            tolerance=0.05,
        ),
        contam_nov,
        m(
            facts,
            today,
            "average daily lifts end of Q3",
            "metric_average",
            "metric-bin-lifts",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "missed services last 7 days vs the 7 before",
            "metric_change",
            "metric-missed-services",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        tonnes,
        m(
            facts,
            today,
            "stony creek tip fees last month vs october - how much worse?",
            "metric_change",
            "metric-tipping-fees",
            periods=("last_month", "month_october"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "lifts last week vs the week before",
            "metric_change",
            "metric-bin-lifts",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        Question(
            "why have missed bins blown out since late oct?",
            "metric_why",
            must_include=[["5.0", "auto-balance", "sequenc"]],
            must_cite=["release-routeweave-5"],
            note="nothing links the release to the metric: missed services jump from 26 "
            "October, the first runs on RouteWeave 5.0 with auto-balance",
        ),
        Question(
            "why did bales go to zero early nov",
            "metric_why",
            must_include=[["seal", "ram"]],
            must_cite=["incident-baler-seal"],
        ),
        Question(
            "why is there no transfer station tonnage for mid october",
            "metric_why",
            must_include=[["gateway", "firmware"]],
            must_cite=["incident-weighbridge-gateway"],
        ),
        Question(
            "why did contamination drop off from late october",
            "metric_why",
            must_include=["Lift the Lid"],
            must_cite=["decision-lift-the-lid"],
        ),
        Question(
            "what did the baler blowout cost us all up, per imelda's review",
            "document",
            must_include=["41,800"],
            must_cite=["doc-baler-review"],
        ),
        Question(
            "how much unprocessed stockpile are we allowed on site under the EPL",
            "document",
            must_include=["600 tonnes"],
            must_cite=["doc-mrf-procedure"],
        ),
        Question(
            "what did we land on at monday's ops meeting about routeweave auto-balance",
            "meeting",
            must_include=["auto-balance", ["R4", "R7", "R9", "September"]],
            must_cite=["decision-autobalance-off"],
            note="7 December ops meeting: auto-balance off and the September sequences back on "
            "R4, R7 and R9 from 14 December, Kirra by Friday 11 December",
        ),
        Question(
            "who's doing what after the ops meeting on monday?",
            "meeting",
            must_include=["Kirra", "Dario", "Hamish", "Warwick"],
            note="Kirra: auto-balance off (11 Dec); Dario: resident call-backs (11 Dec); "
            "Felicity: November KPI report (10 Dec); Hamish: RouteWeave renewal (18 Dec) and "
            "the holiday catch-up roster (16 Dec); Imelda: spare seal kit (18 Dec); Warwick: "
            "tipping re-forecast (15 Dec) and the renewal PO; Shannon: holiday hours check",
        ),
        Question(
            "who services the glass crusher at the mrf",
            "unknown",
            absent=["glass crusher"],
            note="the MRF has a sort line and a baler; no glass crusher in the records",
        ),
        Question(
            "how many lifts did we do in july",
            "unknown",
            absent=["2026-07-"],
            note="lift readings start on 9 September",
        ),
        Question("who won the nrl grand final", "offtopic"),
        Question("best rub for a brisket on the weber?", "offtopic"),
    ]


def build() -> Business:
    """The hauler's facts and its questions."""
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
        "Cinderbark Waste Services",
        "municipal-contract waste and recycling hauler: kerbside red, yellow and green bin "
        "runs, side-loader trucks and telematics, a transfer station to the council landfill, "
        "a materials recovery facility with contamination audits and a baler, a depot "
        "weighbridge, missed-service complaints, driver rosters and council contract KPIs "
        "(Cinderbark Waste Services, Bellmount, New South Wales, Australia)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-meeting-2026-12-07.txt",
                "title": "Weekly ops meeting",
                "date": OPS_MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=Path(__file__).resolve().parent / SLUG)
