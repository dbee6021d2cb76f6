"""Bayan Lepas Assembly: a contract electronics manufacturer (PCB assembly) in Penang, Malaysia.

The story: three SMT lines in the Bayan Lepas Free Industrial Zone build boards for Sentrix
Medical (the SM-400 monitor mainboard, IPC Class 3), Austral Drives and Meridian Audio. Every
line has Hoshida HM-20 mounters, a Solvane 10-zone nitrogen reflow oven (nitrogen from Pulau
Industrial Gases) and Visicor AOI reviewed on VisiLink; BGAs go through the Lumox XR-7 X-ray,
whose results reach the Trakwise MES through an export service account. Parts come from the
franchised distributor Arcatron Components through the PartsLink API key in Orbis ERP; RMAs
are logged in the ReturnDesk portal; Kargo Utara clears free-zone imports. The Trakwise MES
site licence expires on 31 December.

On 24 August Line 3 found remarked counterfeit MCUs on two reels bought from Kestrel
Brokerage: Sentrix work waited for franchised parts until 3 September and shortage line-down
minutes jumped. From 1 September open-market buys go through Semipoint Asia (AS6081). On
14 September Visicor VX-3D AOI went live on Lines 1 and 2 and false calls fell by about
two thirds (the decision is linked to the metric). On 30 September and 1 October Line 2's
oven conveyor chain broke and output fell. From 5 to 16 October a Windows patch stopped the
X-ray export, so the BGA void readings have a 12-day gap. On 20 October chiller 2 of the
SMT floor failed and humidity went above spec; first pass yield fell that day and has stayed
down (nothing links the chiller to the yield metric). IPC QML audit preparation moved from
Kavitha Subramaniam to Lee Hui Min on 6 October; the weekly production meeting of Tuesday
10 November cut paste floor life to 4 hours while the floor is humid and handed the MES
licence renewal from Goh Jun Hao to Chong Kar Wai.

"Today" is Thursday 12 November 2026; daily readings run from 12 August to 11 November.
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

SLUG = "bayan-lepas-assembly"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 11, 12)
FIRST, LAST = date(2026, 8, 12), date(2026, 11, 11)
SEED = 4117
START = date(2025, 1, 6)
COUNTERFEIT = date(2026, 8, 24)
COUNTERFEIT_DAYS = tuple(COUNTERFEIT + timedelta(days=i) for i in range(11))  # to 3 Sep
SEMIPOINT_FROM = date(2026, 9, 1)
AOI_LIVE = date(2026, 9, 14)
OVEN_CHAIN = {date(2026, 9, 30): 0.61, date(2026, 10, 1): 0.66}
XRAY_GAP = tuple(date(2026, 10, 5) + timedelta(days=i) for i in range(12))  # to 16 Oct
CHILLER = date(2026, 10, 20)
IPC_HANDOVER = date(2026, 10, 6)
MEETING = date(2026, 11, 10)
HOLIDAYS = (date(2026, 8, 31), date(2026, 9, 16))  # Merdeka, Malaysia Day: one shift
DOC_DATES = {
    "doc-smt-handbook": date(2026, 8, 14),
    "doc-aoi-proposal": date(2026, 8, 20),
    "doc-sourcing-policy": date(2026, 8, 31),
    "doc-counterfeit-review": date(2026, 9, 8),
    "doc-quality-procedure": date(2026, 9, 21),
}

# fmt: off
PEOPLE = (
    ("person-tan-mei-ling", "Tan Mei Ling", "General manager", None),
    ("person-hafiz-rahman", "Muhammad Hafiz Rahman", "Production manager", "team-production"),
    ("person-nurul-aina", "Nurul Aina Ismail", "SMT line leader, Line 3 (Sentrix)",
     "team-production"),
    ("person-ravi-chandran", "Ravi Chandran", "Equipment and facilities maintenance technician",
     "team-production"),
    ("person-lim-wei-jie", "Lim Wei Jie", "SMT process engineer", "team-engineering"),
    ("person-ong-boon-keat", "Ong Boon Keat", "Test and inspection engineer (AOI and X-ray)",
     "team-engineering"),
    ("person-goh-jun-hao", "Goh Jun Hao", "MES and IT administrator", "team-engineering"),
    ("person-kavitha-subramaniam", "Kavitha Subramaniam", "Quality manager", "team-quality"),
    ("person-siti-hajar", "Siti Hajar Osman", "Customer quality engineer (RMAs)", "team-quality"),
    ("person-lee-hui-min", "Lee Hui Min", "Document controller and certified IPC trainer",
     "team-quality"),
    ("person-chong-kar-wai", "Chong Kar Wai", "Supply chain manager", "team-supply"),
    ("person-farah-nadia", "Farah Nadia Zulkifli", "Buyer and material planner", "team-supply"),
    ("person-daniel-teoh", "Daniel Teoh", "Customer program manager", "team-supply"),
)
TEAMS = (
    ("team-production", "SMT Production"),
    ("team-engineering", "Process Engineering & Systems"),
    ("team-quality", "Quality"),
    ("team-supply", "Supply Chain & Programs"),
)
VENDORS = (
    ("vendor-hoshida", "Hoshida Mounter", "the HM-20 pick-and-place mounters on all three SMT "
     "lines, feeders and feeder calibration"),
    ("vendor-solvane", "Solvane Thermal", "the 10-zone nitrogen reflow ovens and their field "
     "service engineers"),
    ("vendor-visicor", "Visicor Inspection", "AOI machines (VX-3D on every line since "
     "14 September 2026, the V2 2D units on Lines 1 and 2 before) and the VisiLink review "
     "software"),
    ("vendor-lumox", "Lumox Imaging", "the XR-7 X-ray inspection system and its service "
     "contract"),
    ("vendor-arcatron", "Arcatron Components", "franchised electronic components, allocation "
     "of scarce parts and the PartsLink API for stock, prices and allocation"),
    ("vendor-semipoint", "Semipoint Asia", "open-market components as an AS6081-certified "
     "independent distributor (from 1 September 2026)"),
    ("vendor-kestrel", "Kestrel Brokerage", "open-market components as a broker (until "
     "1 September 2026)"),
    ("vendor-trakwise", "Trakwise Software", "the hosted Trakwise MES and its site licence"),
    ("vendor-orbis", "Orbis Business Systems", "Orbis ERP: purchasing, MRP, stores and "
     "invoicing"),
    ("vendor-returndesk", "ReturnDesk", "the hosted ReturnDesk RMA portal our customers log "
     "returns in"),
    ("vendor-pulau-gas", "Pulau Industrial Gases", "bulk liquid nitrogen for the reflow ovens"),
    ("vendor-sejuk", "Sejuk Engineering", "the SMT floor's chillers and air handling, on a "
     "service contract"),
    ("vendor-kargo", "Kargo Utara Forwarding", "freight forwarding and customs declarations "
     "for free-zone imports and exports"),
)
SUPPLIERS = ("vendor-hoshida", "vendor-solvane", "vendor-visicor", "vendor-lumox",
             "vendor-arcatron", "vendor-trakwise", "vendor-orbis", "vendor-returndesk",
             "vendor-pulau-gas", "vendor-sejuk", "vendor-kargo")
TOOLS = (
    ("tool-mes", "Trakwise MES", "vendor-trakwise", "person-goh-jun-hao", "software"),
    ("tool-erp", "Orbis ERP", "vendor-orbis", "person-chong-kar-wai", "software"),
    ("tool-returndesk", "ReturnDesk RMA portal", "vendor-returndesk", "person-siti-hajar",
     "software"),
    ("tool-visilink", "VisiLink AOI review software", "vendor-visicor", "person-ong-boon-keat",
     "software"),
    ("tool-aoi-3d", "Visicor VX-3D AOI machines", "vendor-visicor", "person-ong-boon-keat",
     "equipment"),
    ("tool-xray", "Lumox XR-7 X-ray inspection system", "vendor-lumox", "person-ong-boon-keat",
     "equipment"),
    ("tool-mounters", "Hoshida HM-20 pick-and-place mounters", "vendor-hoshida",
     "person-ravi-chandran", "equipment"),
    ("tool-ovens", "Solvane reflow ovens (Lines 1-3)", "vendor-solvane", "person-ravi-chandran",
     "equipment"),
)
ACCOUNTS = (
    ("account-arcatron-api", "Arcatron PartsLink API key", "person-farah-nadia",
     "The key Orbis ERP uses every night to pull Arcatron Components' stock, prices and our "
     "allocation through PartsLink, so MRP can raise purchase requisitions.", {}),
    ("account-mes-licence", "Trakwise MES site licence", "person-goh-jun-hao",
     "Bayan Lepas Assembly's annual site licence for the hosted Trakwise MES; it expires on "
     "31 December 2026. Without it the lines cannot load programs or travellers.",
     {"expiresAt": "2026-12-31"}),
    ("account-xray-export", "X-ray to MES export service account (svc-xray)",
     "person-goh-jun-hao",
     "The Windows service account on the XR-7 PC that sends every X-ray result and the daily "
     "void summary into Trakwise MES.", {}),
    ("account-kargo-portal", "Kargo Utara e-declaration login", "person-farah-nadia",
     "Our login on Kargo Utara Forwarding's portal, used to file the customs declarations "
     "for components coming into the free industrial zone.", {}),
)
SERVICES = (
    ("service-smt", "SMT placement", ("tool-mounters", "tool-mes", "service-climate"),
     "person-hafiz-rahman"),
    ("service-reflow", "Reflow soldering", ("tool-ovens", "vendor-pulau-gas"),
     "person-lim-wei-jie"),
    ("service-aoi", "Automated optical inspection (AOI)", ("tool-aoi-3d", "tool-visilink"),
     "person-ong-boon-keat"),
    ("service-xray", "X-ray inspection of BGAs", ("tool-xray",), "person-ong-boon-keat"),
    ("service-traceability", "Serial and lot traceability",
     ("tool-mes", "account-xray-export"), "person-goh-jun-hao"),
    ("service-sourcing", "Component sourcing and MRP", ("tool-erp", "account-arcatron-api"),
     "person-chong-kar-wai"),
    ("service-open-market", "Open-market buys for shortage parts", (), "person-chong-kar-wai"),
    ("service-rma", "Customer RMA handling", ("tool-returndesk",), "person-siti-hajar"),
    ("service-imports", "Free-zone import clearance", ("account-kargo-portal",),
     "person-farah-nadia"),
    ("service-climate", "SMT floor climate control", ("vendor-sejuk",), "person-ravi-chandran"),
)
PRODUCTS = (
    ("product-sentrix", "Sentrix SM-400 monitor mainboard (IPC Class 3)",
     ("service-smt", "service-reflow", "service-aoi", "service-xray", "service-traceability",
      "service-sourcing", "service-imports")),
    ("product-austral", "Austral Drives AD-75 motor control board",
     ("service-smt", "service-reflow", "service-aoi", "service-sourcing", "service-imports")),
    ("product-meridian", "Meridian Audio MA-2 amplifier board",
     ("service-smt", "service-reflow", "service-aoi", "service-sourcing")),
)
RULES = (
    ("rule-paste-storage", "Solder paste is stored at 2 to 10°C and left closed for 4 hours "
     "to reach room temperature before the jar is opened", "doc-smt-handbook",
     "person-lim-wei-jie"),
    ("rule-paste-floor-life", "Opened solder paste may be used on the line for 8 hours; after "
     "that it is scrapped", "doc-smt-handbook", "person-lim-wei-jie"),
    ("rule-msd-bake", "An MSL 3 part past its 168-hour floor life is baked for 24 hours at "
     "125°C before it is placed", "doc-smt-handbook", "person-lim-wei-jie"),
    ("rule-floor-climate", "The SMT floor is kept at 22 to 26°C and 40 to 60% RH",
     "doc-smt-handbook", "person-lim-wei-jie"),
    ("rule-profile-check", "Every reflow oven is profiled at the start of each week and for "
     "every new program", "doc-smt-handbook", "person-lim-wei-jie"),
    ("rule-first-article", "The first board of every lot gets a first article inspection "
     "before the line runs the lot", "doc-smt-handbook", "person-lim-wei-jie"),
    ("rule-rma-ack", "A customer RMA is acknowledged within 1 working day and contained "
     "within 24 hours", "doc-quality-procedure", "person-kavitha-subramaniam"),
    ("rule-8d", "The 8D report goes to the customer within 10 working days of the RMA being "
     "logged", "doc-quality-procedure", "person-kavitha-subramaniam"),
    ("rule-void-limit", "A BGA with any ball voided over 25% of the ball's area fails X-ray "
     "and goes to rework", "doc-quality-procedure", "person-kavitha-subramaniam"),
    ("rule-xray-sampling", "Sentrix boards get 100% X-ray of every BGA; other programs "
     "5 boards per lot", "doc-quality-procedure", "person-kavitha-subramaniam"),
    ("rule-ipc-cert", "Only operators with current IPC-A-610 certification may inspect or "
     "rework Class 3 boards", "doc-quality-procedure", "person-kavitha-subramaniam"),
    ("rule-franchised-first", "Parts are bought from a franchised distributor; the open "
     "market only when none can deliver in time, with the quality manager's approval",
     "doc-sourcing-policy", "person-chong-kar-wai"),
    ("rule-open-market-inspection", "Every open-market lot is X-rayed against a golden sample "
     "and 3 parts are decapped at incoming before it goes to stores", "doc-sourcing-policy",
     "person-chong-kar-wai"),
    ("rule-class3-approval", "No open-market part goes on a Class 3 (Sentrix) board without "
     "the customer's written approval", "doc-sourcing-policy", "person-chong-kar-wai"),
    ("rule-po-limit", "A buyer may approve a purchase order up to RM 50,000; up to "
     "RM 250,000 needs Chong Kar Wai; above that Tan Mei Ling", "doc-sourcing-policy",
     "person-chong-kar-wai"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-bla",
        "Bayan Lepas Assembly",
        src="ssm:bayan-lepas-assembly",
        as_of=date(2011, 4, 18),
        city="Bayan Lepas, Penang",
        text="Bayan Lepas Assembly Sdn Bhd is a contract electronics manufacturer: PCB assembly "
        "on three SMT lines with AOI and X-ray inspection, for medical, industrial and audio "
        "customers, from a plant in the Bayan Lepas Free Industrial Zone, Penang. The floor "
        "runs two 12-hour shifts, seven days a week, one shift on Sundays and public holidays.",
    )
    w.node(
        "Organization",
        "org-ipc",
        "IPC Validation Services",
        src="ipc:qml-register",
        as_of=START,
        text="Audits manufacturers for IPC's Qualified Manufacturers Listing. Bayan Lepas "
        "Assembly is listed for J-STD-001 and IPC-A-610 Class 3; the next on-site audit is on "
        "8 and 9 December 2026.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="orbis:hr", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-bla", since=START, src="orbis:hr")
    for pid, name, role, team in PEOPLE:
        first = name.split()[0].lower() if not name.startswith("Muhammad") else "hafiz"
        w.node(
            "Person",
            pid,
            name,
            src="orbis:hr",
            as_of=START,
            role=role,
            email=f"{first}@bayanlepas-assembly.com.my",
        )
        w.edge(pid, "MEMBER_OF", team or "org-bla", since=START, src="orbis:hr")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="orbis:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid in SUPPLIERS:
        w.edge("org-bla", "USES", vid, since=START, src="orbis:suppliers")
    w.edge("org-bla", "USES", "vendor-semipoint", since=SEMIPOINT_FROM, src="orbis:suppliers")
    w.edge(
        "org-bla",
        "USES",
        "vendor-kestrel",
        since=START,
        until=SEMIPOINT_FROM,
        src="orbis:suppliers",
    )
    for cid, name, text in (
        (
            "customer-sentrix",
            "Sentrix Medical",
            "Singapore maker of bedside patient monitors; we build its SM-400 mainboard to "
            "IPC Class 3, about 600 boards a week, every serial traceable.",
        ),
        (
            "customer-austral",
            "Austral Drives",
            "Melbourne maker of industrial motor drives; we build the AD-75 motor control "
            "board and are quoting the new AD-90.",
        ),
        (
            "customer-meridian",
            "Meridian Audio",
            "Taipei maker of professional amplifiers; we build the MA-2 amplifier board, our "
            "highest-volume program.",
        ),
    ):
        w.node("Customer", cid, name, src="orbis:customers", as_of=START, text=text)
    w.node(
        "Deal",
        "deal-austral-ad90",
        "Austral Drives: AD-90 drive control board NPI",
        src="orbis:quotes/Q-2026-118",
        as_of=date(2026, 10, 28),
        stage="quote sent",
        value=2350000,
        text="New product introduction of Austral Drives' AD-90 drive control board, about "
        "14,000 boards a year from Q2 2027, worth RM 2.35 million a year. Quote sent on "
        "28 October; DFM review with Lim Wei Jie still to do.",
    )
    w.edge(
        "deal-austral-ad90",
        "ASSIGNED_TO",
        "person-daniel-teoh",
        since=date(2026, 10, 28),
        src="orbis:quotes/Q-2026-118",
    )


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner, kind in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind=kind)
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _, owner in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
        w.edge(owner, "OWNS", sid, since=START, src=src)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="orbis:programs", as_of=START)
    w.edges(
        src,
        START,
        ("tool-mes", "DEPENDS_ON", "account-mes-licence"),
        ("account-mes-licence", "DEPENDS_ON", "vendor-trakwise"),
        ("account-mes-licence", "PART_OF", "tool-mes"),
        ("account-arcatron-api", "DEPENDS_ON", "vendor-arcatron"),
        ("account-arcatron-api", "PART_OF", "tool-erp"),
        ("account-xray-export", "DEPENDS_ON", "tool-xray"),
        ("account-xray-export", "DEPENDS_ON", "tool-mes"),
        ("account-xray-export", "PART_OF", "tool-xray"),
        ("account-kargo-portal", "DEPENDS_ON", "vendor-kargo"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons, _ in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-production", "USES", "tool-mes"),
        ("team-production", "USES", "tool-mounters"),
        ("team-production", "USES", "tool-ovens"),
        ("team-engineering", "USES", "tool-mes"),
        ("team-engineering", "USES", "tool-visilink"),
        ("team-engineering", "USES", "tool-xray"),
        ("team-quality", "USES", "tool-returndesk"),
        ("team-quality", "USES", "tool-visilink"),
        ("team-quality", "USES", "tool-mes"),
        ("team-supply", "USES", "tool-erp"),
        ("team-supply", "USES", "account-arcatron-api"),
        ("team-supply", "USES", "account-kargo-portal"),
    )
    # Lines 1 and 2 ran the old 2D AOI until the VX-3D machines went live on 14 September.
    w.node(
        "Tool",
        "tool-aoi-2d",
        "Visicor V2 2D AOI, Lines 1-2 (retired)",
        src=src,
        as_of=AOI_LIVE,
        status="retired",
        kind="equipment",
    )
    w.edge("tool-aoi-2d", "DEPENDS_ON", "vendor-visicor", since=START, until=AOI_LIVE, src=src)
    w.edge("service-aoi", "DEPENDS_ON", "tool-aoi-2d", since=START, until=AOI_LIVE, src=src)
    w.edge("person-ong-boon-keat", "OWNS", "tool-aoi-2d", since=START, src=src)
    # Open-market buys: Kestrel Brokerage until 1 September, Semipoint Asia since.
    w.edge(
        "service-open-market",
        "DEPENDS_ON",
        "vendor-kestrel",
        since=START,
        until=SEMIPOINT_FROM,
        src=src,
    )
    w.edge("service-open-market", "DEPENDS_ON", "vendor-semipoint", since=SEMIPOINT_FROM, src=src)
    for cid in ("customer-sentrix", "customer-austral", "customer-meridian"):
        w.edge(cid, "USES", "service-rma", since=START, src="orbis:customers")
    w.edge("customer-sentrix", "USES", "service-traceability", since=START, src="orbis:customers")


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("boards", "fpy", "aoi", "voids", "short", "rma")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        if day in HOLIDAYS or wd == 6:
            boards = rng.randint(900, 1200)
            short = rng.randint(120, 220) if day in COUNTERFEIT_DAYS else rng.randint(0, 25)
            rma = rng.randint(0, 1)
        elif wd == 5:
            boards = rng.randint(1700, 2100)
            short = rng.randint(200, 320) if day in COUNTERFEIT_DAYS else rng.randint(0, 40)
            rma = rng.randint(0, 1)
        else:
            boards = rng.randint(2300, 2800)
            short = rng.randint(280, 460) if day in COUNTERFEIT_DAYS else rng.randint(0, 75)
            rma = rng.randint(0, 3)
        boards = round(boards * OVEN_CHAIN.get(day, 1.0))
        fpy = rng.uniform(95.0, 96.6) if day >= CHILLER else rng.uniform(97.6, 98.9)
        aoi = rng.uniform(3.1, 4.6) if day >= AOI_LIVE else rng.uniform(9.2, 11.8)
        voids = rng.uniform(10.5, 14.0) if day >= CHILLER else rng.uniform(8.5, 12.5)
        out["boards"].append((day, boards))
        out["fpy"].append((day, round(fpy, 1)))
        out["aoi"].append((day, round(aoi, 1)))
        if day not in XRAY_GAP:
            out["voids"].append((day, round(voids, 1)))
        out["short"].append((day, short))
        out["rma"].append((day, rma))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    mes, aoi, xr, rd = "trakwise:reports", "visilink:reports", "trakwise:xray-import", "returndesk"
    w.metric(
        "metric-boards",
        "Boards assembled (all SMT lines)",
        "boards",
        "sum",
        src=mes,
        since=START,
        measures="service-smt",
    )
    w.metric("metric-fpy", "First pass yield (all SMT lines)", "%", "mean", src=mes, since=START)
    w.metric(
        "metric-aoi-false-calls",
        "AOI false calls per 100 boards",
        "false calls per 100 boards",
        "mean",
        src=aoi,
        since=START,
        measures="service-aoi",
    )
    w.metric(
        "metric-bga-voids",
        "Average BGA void area (X-ray)",
        "% of ball area",
        "mean",
        src=xr,
        since=START,
        measures="service-xray",
    )
    w.metric(
        "metric-shortage-minutes",
        "Line-down minutes for component shortages",
        "minutes",
        "sum",
        src=mes,
        since=START,
        measures="service-sourcing",
    )
    w.metric(
        "metric-rmas",
        "Customer RMAs opened",
        "RMAs",
        "sum",
        src=rd,
        since=START,
        measures="service-rma",
    )
    return {
        "boards": w.readings("metric-boards", series["boards"], src=mes),
        "fpy": w.readings("metric-fpy", series["fpy"], src=mes),
        "aoi": w.readings("metric-aoi-false-calls", series["aoi"], src=aoi),
        "voids": w.readings("metric-bga-voids", series["voids"], src=xr),
        "short": w.readings("metric-shortage-minutes", series["short"], src=mes),
        "rma": w.readings("metric-rmas", series["rma"], src=rd),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, back = "trakwise:ncr-2026-0188", date(2026, 9, 3)
    w.node(
        "Incident",
        "incident-counterfeit",
        "Counterfeit-suspect MCU reels from Kestrel Brokerage quarantined",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-08-24T01:40:00+00:00",
        resolvedAt="2026-09-03T06:30:00+00:00",
        text="On 24 August Line 3 stopped the Sentrix SM-400 job: two reels of the main MCU "
        "bought from Kestrel Brokerage had resurfaced tops, and X-ray and decap showed remarked "
        "counterfeit parts. All Kestrel stock was quarantined and Line 3's Sentrix work waited "
        "for franchised parts, so shortage line-down minutes went from under an hour a day to "
        "four hours or more on weekdays, until Arcatron Components delivered an expedited "
        "allocation on 3 September.",
    )
    w.edges(
        src,
        "2026-08-24T01:40:00+00:00",
        ("vendor-kestrel", "CAUSED", "incident-counterfeit"),
        ("incident-counterfeit", "AFFECTS", "product-sentrix"),
        ("incident-counterfeit", "AFFECTS", "metric-shortage-minutes"),
        *(("incident-counterfeit", "CAUSED", obs["short"][d]) for d in COUNTERFEIT_DAYS),
        ("person-chong-kar-wai", "OWNS", "incident-counterfeit"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-rework-mcu",
        "Replace the suspect MCU on the 212 Sentrix boards already built",
        src="trakwise:ncr-2026-0188/actions",
        as_of=date(2026, 9, 5),
        status="done",
    )
    w.edges(
        "trakwise:ncr-2026-0188/actions",
        date(2026, 8, 25),
        ("person-nurul-aina", "OWNS", "task-rework-mcu"),
        ("task-rework-mcu", "FIXES", "incident-counterfeit"),
        ("person-nurul-aina", "WORKS_ON", "task-rework-mcu"),
        ("person-ong-boon-keat", "WORKS_ON", "task-rework-mcu"),
        as_of=date(2026, 9, 5),
    )

    src, back = "trakwise:downtime-2026-0930-l2", date(2026, 10, 1)
    w.node(
        "Incident",
        "incident-oven-chain",
        "Line 2 reflow oven conveyor chain broke",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-09-30T01:15:00+00:00",
        resolvedAt="2026-10-01T13:00:00+00:00",
        text="The conveyor chain of Line 2's Solvane reflow oven snapped on the morning of "
        "Wednesday 30 September with boards inside. Line 2 was down until Solvane Thermal's "
        "field engineer fitted a new chain and sprocket on the evening of Thursday 1 October, "
        "so the plant built only about two thirds of its usual boards on those two days.",
    )
    w.edges(
        src,
        "2026-09-30T01:15:00+00:00",
        ("incident-oven-chain", "AFFECTS", "service-reflow"),
        ("incident-oven-chain", "AFFECTS", "metric-boards"),
        *(("incident-oven-chain", "CAUSED", obs["boards"][d]) for d in OVEN_CHAIN),
        ("person-ravi-chandran", "OWNS", "incident-oven-chain"),
        as_of=back,
    )

    src, back = "trakwise:incident-xray-export", date(2026, 10, 17)
    w.node(
        "Incident",
        "incident-xray-feed",
        "X-ray export to the MES stopped: no void readings",
        src=src,
        as_of=back,
        status="resolved",
        severity="medium",
        startedAt="2026-10-05T00:00:00+00:00",
        resolvedAt="2026-10-17T02:30:00+00:00",
        text="The monthly Windows patch reached the XR-7 X-ray PC on the night of 4 October and "
        "the export service would not start after the reboot, so no X-ray results or daily "
        "void summaries reached Trakwise MES from 5 to 16 October, and nothing raised an alarm. "
        "Goh Jun Hao restored the service account on 17 October. The XR-7 keeps images for "
        "only 7 days, so the void readings for those days are lost for good; the Sentrix "
        "boards still in house were X-rayed again so every serial has a record.",
    )
    w.edges(
        src,
        "2026-10-05T00:00:00+00:00",
        ("incident-xray-feed", "AFFECTS", "service-traceability"),
        ("incident-xray-feed", "AFFECTS", "metric-bga-voids"),
        ("person-goh-jun-hao", "OWNS", "incident-xray-feed"),
        as_of=back,
    )

    # The chiller failure: nothing ties it to first pass yield, which just falls that day.
    src = "trakwise:incident-chiller-2"
    w.node(
        "Incident",
        "incident-chiller",
        "Chiller 2 failed: SMT floor humidity above 60% RH",
        src=src,
        as_of=date(2026, 10, 23),
        status="mitigated",
        severity="high",
        startedAt="2026-10-19T19:05:00+00:00",
        text="The compressor of chiller 2 on the SMT floor failed at about 3 a.m. on Tuesday "
        "20 October and humidity on the floor went from the usual 50% to over 70% RH. Sejuk "
        "Engineering put in a hire chiller on 23 October that holds the floor at 62 to 65% RH, "
        "still above the 60% limit; the replacement compressor comes from Johor and is due to "
        "be fitted on 20 November.",
    )
    w.edges(
        src,
        CHILLER,
        ("incident-chiller", "AFFECTS", "service-climate"),
        ("person-ravi-chandran", "OWNS", "incident-chiller"),
        as_of=date(2026, 10, 23),
    )


def _release(w: Book) -> None:
    src = "teams:smt-floor/aoi-go-live"
    w.node(
        "Release",
        "release-vx3d",
        "VX-3D AOI go-live on Lines 1 and 2",
        src=src,
        as_of=AOI_LIVE,
        text="On Monday 14 September the two new Visicor VX-3D AOI machines took over from the "
        "V2 2D units on Lines 1 and 2, after two weekends of parallel runs; all three lines "
        "now inspect in 3D.",
    )
    w.edges(
        src,
        AOI_LIVE,
        ("release-vx3d", "PART_OF", "service-aoi"),
        ("release-vx3d", "CHANGED", "service-aoi"),
        ("release-vx3d", "AFFECTS", "metric-aoi-false-calls"),
    )
    w.node(
        "Task",
        "task-aoi-install",
        "Install the VX-3D AOI machines on Lines 1 and 2 and convert the programs",
        src="trakwise:eng-tasks/512",
        as_of=AOI_LIVE,
        status="done",
    )
    w.edges(
        "trakwise:eng-tasks/512",
        date(2026, 8, 24),
        ("person-ong-boon-keat", "OWNS", "task-aoi-install"),
        ("person-ong-boon-keat", "WORKS_ON", "task-aoi-install"),
        ("person-lim-wei-jie", "WORKS_ON", "task-aoi-install"),
        ("task-aoi-install", "ABOUT", "tool-aoi-3d"),
        as_of=AOI_LIVE,
    )


MESSAGES = (
    (
        "message-semipoint",
        "Kar Wai in #supply-chain on 27 August",
        "person-chong-kar-wai",
        "channel-supply",
        datetime(2026, 8, 27, 2, 20, tzinfo=UTC),
        "From Tuesday 1 September we stop buying from Kestrel Brokerage. Both reels of the "
        "Sentrix MCU they sold us were remarked counterfeits and they won't refund. Every "
        "open-market buy now goes through Semipoint Asia, who are AS6081-certified, and "
        "every lot gets X-ray and decap at incoming before it goes to stores.",
    ),
    (
        "message-aoi-live",
        "Boon Keat in #smt-floor on 11 September",
        "person-ong-boon-keat",
        "channel-smt",
        datetime(2026, 9, 11, 9, 45, tzinfo=UTC),
        "VX-3D goes live on Lines 1 and 2 on Monday 14 September. The V2 units come off the "
        "lines on Sunday night. All programs are converted and ran in parallel last weekend; "
        "review on VisiLink works the same as Line 3.",
    ),
    (
        "message-ipc-handover",
        "Kavitha in #quality on 6 October",
        "person-kavitha-subramaniam",
        "channel-quality",
        datetime(2026, 10, 6, 1, 10, tzinfo=UTC),
        "Hui Min is taking over the IPC QML audit prep from today so she has two months on it "
        "before the audit on 8 and 9 December; I start maternity leave on 2 November. Siti "
        "covers quality sign-offs while I'm away.",
    ),
    (
        "message-xray-restored",
        "Goh in #quality on 17 October",
        "person-goh-jun-hao",
        "channel-quality",
        datetime(2026, 10, 17, 3, 0, tzinfo=UTC),
        "X-ray export is back. The Windows patch on the XR-7 PC broke the export service on "
        "5 October and nothing alerted us; void data for 5 to 16 October is gone, the machine "
        "only keeps 7 days. From now on no Windows update goes on a machine PC (X-ray, AOI, "
        "ovens, mounters) until its equipment owner signs it off.",
    ),
    (
        "message-chiller",
        "Ravi in #smt-floor on 20 October",
        "person-ravi-chandran",
        "channel-smt",
        datetime(2026, 10, 20, 0, 30, tzinfo=UTC),
        "Chiller 2 tripped at 3 this morning, compressor gone. Floor is at 71% RH. Sejuk are "
        "on the way and will bring a hire chiller, but they say Thursday at the earliest. "
        "Keep the doors to the SMT floor shut.",
    ),
    (
        "message-meeting-notes",
        "Production meeting notes, 10 November",
        "person-hafiz-rahman",
        "channel-ops",
        datetime(2026, 11, 10, 3, 30, tzinfo=UTC),
        "Weekly production meeting, Tue 10 Nov. 1) While the SMT floor is above 60% RH, "
        "opened paste is used for 4 hours, not 8, and MSL 3 and above parts are baked before "
        "loading; Wei Jie puts it on the line cards today. 2) Ravi hires two more "
        "dehumidifiers for Lines 1 and 3 by Fri 13 Nov; Sejuk fit the new chiller compressor "
        "on 20 Nov. 3) Goh sets a Trakwise alert for no X-ray results in 4 hours by Fri "
        "13 Nov. 4) Goh on paternity leave 16 Nov - 7 Dec: Kar Wai takes over the Trakwise "
        "MES licence renewal (expires 31 Dec), signed by Fri 4 Dec. 5) Hui Min runs an IPC "
        "recert class the week of 16 Nov and a mock QML audit on 24 Nov. 6) Siti sends the "
        "8D for Sentrix RMA-0412 by 18 Nov. 7) Farah loads the Q1 forecast into PartsLink "
        "by 20 Nov.",
    ),
)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-ops", "#ops-review"),
        ("channel-smt", "#smt-floor"),
        ("channel-quality", "#quality"),
        ("channel-supply", "#supply-chain"),
    ):
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    for mid, name, who, channel, moment, text in MESSAGES:
        src = f"teams:{w.names[channel].lstrip('#')}/{_ts(moment)}"
        w.node("Message", mid, name, src=src, as_of=moment.isoformat(), text=text)
        w.edges(
            src,
            moment.isoformat(),
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    notes = _src("message-meeting-notes")
    w.edges(
        notes,
        MESSAGES[-1][4].isoformat(),
        ("message-meeting-notes", "MENTIONS", "account-mes-licence"),
        ("message-meeting-notes", "MENTIONS", "incident-chiller"),
        ("message-meeting-notes", "MENTIONS", "tool-xray"),
        ("message-meeting-notes", "MENTIONS", "org-ipc"),
    )
    w.edges(
        _src("message-semipoint"),
        MESSAGES[0][4].isoformat(),
        ("message-semipoint", "MENTIONS", "vendor-kestrel"),
        ("message-semipoint", "MENTIONS", "vendor-semipoint"),
    )
    w.edges(
        _src("message-xray-restored"),
        MESSAGES[3][4].isoformat(),
        ("message-xray-restored", "MENTIONS", "incident-xray-feed"),
    )
    w.edges(
        _src("message-chiller"),
        MESSAGES[4][4].isoformat(),
        ("message-chiller", "MENTIONS", "incident-chiller"),
        ("message-chiller", "MENTIONS", "vendor-sejuk"),
    )


_CHANNEL_NAMES = {
    "channel-ops": "ops-review",
    "channel-smt": "smt-floor",
    "channel-quality": "quality",
    "channel-supply": "supply-chain",
}


def _src(message: str) -> str:
    for mid, _, _, channel, moment, _ in MESSAGES:
        if mid == message:
            return f"teams:{_CHANNEL_NAMES[channel]}/{_ts(moment)}"
    raise KeyError(message)


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Trakwise": "tool-mes",
        "Orbis ERP": "tool-erp",
        "ReturnDesk": "tool-returndesk",
        "VisiLink": "tool-visilink",
        "VX-3D": "tool-aoi-3d",
        "V2": "tool-aoi-2d",
        "XR-7": "tool-xray",
        "Hoshida": "vendor-hoshida",
        "Solvane": "vendor-solvane",
        "Arcatron": "vendor-arcatron",
        "PartsLink": "account-arcatron-api",
        "Semipoint": "vendor-semipoint",
        "Kestrel": "vendor-kestrel",
        "Pulau Industrial Gases": "vendor-pulau-gas",
        "Sejuk": "vendor-sejuk",
        "Sentrix": "customer-sentrix",
        "SM-400": "product-sentrix",
        "IPC Validation Services": "org-ipc",
        "Tan Mei Ling": "person-tan-mei-ling",
        "Lim Wei Jie": "person-lim-wei-jie",
        "Ong Boon Keat": "person-ong-boon-keat",
        "Kavitha Subramaniam": "person-kavitha-subramaniam",
        "Siti Hajar Osman": "person-siti-hajar",
        "Lee Hui Min": "person-lee-hui-min",
        "Chong Kar Wai": "person-chong-kar-wai",
        "Farah Nadia Zulkifli": "person-farah-nadia",
        "Nurul Aina Ismail": "person-nurul-aina",
    }
    for path, did, author, kind, about in (
        (
            "smt-process-handbook.md",
            "doc-smt-handbook",
            "person-lim-wei-jie",
            "handbook",
            ["service-smt", "service-reflow"],
        ),
        (
            "aoi-upgrade-proposal.md",
            "doc-aoi-proposal",
            "person-ong-boon-keat",
            "proposal",
            ["service-aoi", "tool-aoi-3d"],
        ),
        (
            "component-sourcing-policy.md",
            "doc-sourcing-policy",
            "person-chong-kar-wai",
            "policy",
            ["service-sourcing", "service-open-market"],
        ),
        (
            "counterfeit-reel-review.md",
            "doc-counterfeit-review",
            "person-chong-kar-wai",
            "incident review",
            ["incident-counterfeit"],
        ),
        (
            "quality-and-rma-procedure.md",
            "doc-quality-procedure",
            "person-kavitha-subramaniam",
            "procedure",
            ["service-rma", "service-xray", "org-ipc"],
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
    xray_src = _src("message-xray-restored")
    w.node(
        "Rule",
        "rule-patch-signoff",
        "No Windows update goes on a machine PC (X-ray, AOI, ovens, mounters) until its "
        "equipment owner signs it off",
        src=xray_src,
        as_of=date(2026, 10, 17),
        text="No Windows update goes on a machine PC (X-ray, AOI, ovens, mounters) until its "
        "equipment owner signs it off; IT patches office PCs as before.",
    )
    w.edges(
        xray_src,
        date(2026, 10, 17),
        ("person-goh-jun-hao", "OWNS", "rule-patch-signoff"),
        ("rule-patch-signoff", "BASED_ON", "message-xray-restored"),
    )
    notes = _src("message-meeting-notes")
    w.node(
        "Rule",
        "rule-paste-4h",
        "While the SMT floor is above 60% RH, opened solder paste may be used for 4 hours, not "
        "8, and MSL 3 and above parts are baked before loading",
        src=notes,
        as_of=MEETING,
        text="While the SMT floor is above 60% RH, opened solder paste may be used on the line "
        "for 4 hours, not 8, and every MSL 3 and above part is baked before it goes on a "
        "feeder, whatever its floor life says. Back to 8 hours once the floor has been under "
        "60% RH for two days running.",
    )
    w.edges(
        notes,
        MEETING,
        ("person-lim-wei-jie", "OWNS", "rule-paste-4h"),
        ("rule-paste-4h", "BASED_ON", "message-meeting-notes"),
        ("rule-paste-4h", "SUPERSEDES", "rule-paste-floor-life"),
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
        "decision-kestrel",
        "Buy shortage parts on the open market through Kestrel Brokerage",
        src="sharepoint:supplier-list-2025",
        on=START,
        why="Kestrel Brokerage has an office in Bayan Baru, quoted shortage parts within a "
        "day and delivered by hand, which kept the lines running through the 2025 shortages.",
        made_by="person-chong-kar-wai",
        made_in=None,
    )
    decision(
        "decision-semipoint",
        "Open-market buys only through Semipoint Asia from 1 September, none from Kestrel",
        src=_src("message-semipoint"),
        on=date(2026, 8, 27),
        why="Both reels of the Sentrix main MCU bought from Kestrel Brokerage were remarked "
        "counterfeits and Kestrel refused a refund. Semipoint Asia is AS6081-certified and "
        "tests what it sells, and every open-market lot is now X-rayed and decapped at incoming.",
        made_by="person-chong-kar-wai",
        made_in="message-semipoint",
        edges=(
            ("decision-semipoint", "SUPERSEDES", "decision-kestrel"),
            ("decision-semipoint", "AFFECTS", "service-open-market"),
            ("decision-semipoint", "MENTIONS", "vendor-semipoint"),
            ("decision-semipoint", "MENTIONS", "vendor-kestrel"),
            ("decision-semipoint", "MENTIONS", "incident-counterfeit"),
        ),
    )
    decision(
        "decision-3d-aoi",
        "Replace the 2D AOI on Lines 1 and 2 with Visicor VX-3D machines",
        src="sharepoint:aoi-upgrade-proposal",
        on=DOC_DATES["doc-aoi-proposal"],
        why="The V2 2D AOI on Lines 1 and 2 made about 10 to 11 false calls per 100 boards "
        "against about 3.5 on Line 3's VX-3D, costing 2.5 hours of review per shift per line, "
        "and tired reviewers let real defects through. Two VX-3D machines cost RM 1.26 million "
        "and pay back in about 22 months.",
        made_by="person-tan-mei-ling",
        made_in="doc-aoi-proposal",
        edges=(
            ("decision-3d-aoi", "BASED_ON", "doc-aoi-proposal"),
            ("decision-3d-aoi", "AFFECTS", "metric-aoi-false-calls"),
            ("decision-3d-aoi", "AFFECTS", "service-aoi"),
            ("decision-3d-aoi", "MENTIONS", "vendor-visicor"),
        ),
    )
    decision(
        "decision-patch-signoff",
        "Machine PCs get Windows updates only after the equipment owner signs off",
        src=xray_src,
        on=date(2026, 10, 17),
        why="The October Windows patch stopped the XR-7's export service for 12 days without "
        "anyone noticing, and the void data for those days was lost.",
        made_by="person-goh-jun-hao",
        made_in="message-xray-restored",
        edges=(("decision-patch-signoff", "MENTIONS", "incident-xray-feed"),),
    )
    decision(
        "decision-paste-4h",
        "Paste floor life 4 hours and bake MSL 3+ parts while the SMT floor is above 60% RH",
        src=notes,
        on=MEETING,
        why="Since chiller 2 failed on 20 October the floor has been at 62 to 65% RH on the "
        "hire chiller; paste slumps and moisture-sensitive parts soak up water, and the floor "
        "life figures assume 60% RH. Shorter paste life and baking cost some paste and oven "
        "time but less rework until the new compressor is in on 20 November.",
        made_by="person-hafiz-rahman",
        made_in="message-meeting-notes",
        edges=(
            ("decision-paste-4h", "MENTIONS", "incident-chiller"),
            ("decision-paste-4h", "CHANGED", "rule-paste-floor-life"),
        ),
    )
    decision(
        "decision-dehumidifiers",
        "Hire two more dehumidifiers for Lines 1 and 3 until the chiller is repaired",
        src=notes,
        on=MEETING,
        why="The hire chiller holds the floor at 62 to 65% RH, above the 60% limit; two more "
        "dehumidifiers where it is worst should take it down a few points until 20 November.",
        made_by="person-hafiz-rahman",
        made_in="message-meeting-notes",
        edges=(("decision-dehumidifiers", "MENTIONS", "incident-chiller"),),
    )
    decision(
        "decision-xray-alert",
        "Trakwise MES alerts when no X-ray results arrive for 4 hours",
        src=notes,
        on=MEETING,
        why="The X-ray export was down for 12 days in October before anyone noticed; an alert "
        "after 4 hours without results catches it the same shift.",
        made_by="person-hafiz-rahman",
        made_in="message-meeting-notes",
        edges=(
            ("decision-xray-alert", "MENTIONS", "incident-xray-feed"),
            ("decision-xray-alert", "AFFECTS", "tool-mes"),
        ),
    )


def _work(w: Book) -> None:
    src = "trakwise:tasks/2291"
    w.node(
        "Task",
        "task-ipc-audit",
        "Prepare for the IPC QML audit (on site 8 and 9 December)",
        src=src,
        as_of=date(2026, 8, 17),
        status="in progress",
        due="2026-12-07",
        text="Get ready for IPC Validation Services' annual QML audit for J-STD-001 and "
        "IPC-A-610 Class 3: training records, IPC-A-610 certificates, AOI call reviews, X-ray "
        "records and Sentrix serial traceability.",
    )
    w.edge("person-kavitha-subramaniam", "OWNS", "task-ipc-audit", since=date(2026, 8, 17), src=src)
    handover = _src("message-ipc-handover")
    w.edge("person-lee-hui-min", "OWNS", "task-ipc-audit", since=IPC_HANDOVER, src=handover)
    w.edges(
        src,
        date(2026, 8, 17),
        ("task-ipc-audit", "ABOUT", "org-ipc"),
        ("task-ipc-audit", "ABOUT", "rule-ipc-cert"),
        ("person-kavitha-subramaniam", "WORKS_ON", "task-ipc-audit"),
    )
    w.edge("person-lee-hui-min", "WORKS_ON", "task-ipc-audit", since=IPC_HANDOVER, src=handover)

    src = "trakwise:tasks/2340"
    w.node(
        "Task",
        "task-mes-licence",
        "Renew the Trakwise MES site licence before it expires on 31 December",
        src=src,
        as_of=date(2026, 10, 1),
        status="in progress",
        due="2026-12-04",
        text="Renew the annual Trakwise MES site licence: RM 186,000 for 2027 on Trakwise "
        "Software's quote, a purchase order and their contract signed by 4 December.",
    )
    w.edge("person-goh-jun-hao", "OWNS", "task-mes-licence", since=date(2026, 10, 1), src=src)
    notes = _src("message-meeting-notes")
    w.edge("person-chong-kar-wai", "OWNS", "task-mes-licence", since=MEETING, src=notes)
    w.edges(
        src,
        date(2026, 10, 1),
        ("task-mes-licence", "ABOUT", "account-mes-licence"),
        ("person-goh-jun-hao", "WORKS_ON", "task-mes-licence"),
    )
    w.edge("person-chong-kar-wai", "WORKS_ON", "task-mes-licence", since=MEETING, src=notes)

    src = "returndesk:rma-0412"
    w.node(
        "Task",
        "task-sentrix-8d",
        "8D report for Sentrix RMA-0412 (37 boards, intermittent faults)",
        src=src,
        as_of=date(2026, 11, 4),
        status="in progress",
        due="2026-11-18",
        text="Sentrix Medical returned 37 SM-400 boards with intermittent faults after their "
        "thermal cycling. Logged 4 November, contained 5 November. Cross-sections show "
        "head-in-pillow on BGA U12; the 8D is due on 18 November.",
    )
    w.edges(
        src,
        date(2026, 11, 4),
        ("person-siti-hajar", "OWNS", "task-sentrix-8d"),
        ("person-siti-hajar", "WORKS_ON", "task-sentrix-8d"),
        ("person-ong-boon-keat", "WORKS_ON", "task-sentrix-8d"),
        ("task-sentrix-8d", "ABOUT", "product-sentrix"),
        ("task-sentrix-8d", "ABOUT", "rule-8d"),
    )

    for tid, name, owner, due, text, workers, about in (
        (
            "task-dehumidifiers",
            "Hire two more dehumidifiers for Lines 1 and 3",
            "person-ravi-chandran",
            "2026-11-13",
            "Two rental dehumidifiers by Line 1 and Line 3 until Sejuk Engineering fits the "
            "new chiller 2 compressor on 20 November.",
            ("person-ravi-chandran",),
            "incident-chiller",
        ),
        (
            "task-xray-alert",
            "Trakwise alert when no X-ray results arrive for 4 hours",
            "person-goh-jun-hao",
            "2026-11-13",
            "An alert rule in Trakwise MES that tells the inspection engineer and IT when the "
            "XR-7 has sent no results for 4 hours.",
            ("person-goh-jun-hao",),
            "tool-xray",
        ),
        (
            "task-mock-audit",
            "Mock IPC QML audit on 24 November",
            "person-lee-hui-min",
            "2026-11-24",
            "Random boards and operators, as the auditor does: pull training records, X-ray "
            "records and serials, including boards built 5 to 16 October. IPC-A-610 "
            "recertification class for three operators the week of 16 November.",
            ("person-lee-hui-min",),
            "task-ipc-audit",
        ),
        (
            "task-q1-forecast",
            "Load the Q1 2027 forecast into PartsLink for Arcatron allocation",
            "person-farah-nadia",
            "2026-11-20",
            "Q1 forecast for every program into PartsLink by 20 November, Austral numbers from "
            "Daniel Teoh, so Arcatron Components allocates the MCUs.",
            ("person-farah-nadia", "person-daniel-teoh"),
            "account-arcatron-api",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            *((p, "WORKS_ON", tid) for p in workers),
            (tid, "ABOUT", about),
            ("message-meeting-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap"]
    open_market = related_question(
        facts,
        "who do we buy open market parts from now",
        today,
        rel="DEPENDS_ON",
        frm="service-open-market",
        keep=["Vendor"],
        note="Kestrel Brokerage until 1 September; Semipoint Asia since",
    )
    open_market.must_exclude = ["Kestrel Brokerage"]
    voids = m(
        facts,
        today,
        "bga voiding october vs september, better or worse?",
        "metric_change",
        "metric-bga-voids",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="no X-ray readings 5-16 October: October has 19 days of data, September 30, so "
        "compare daily means over the covered days and say so",
    )
    voids.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "partslink api key stopped working this morning - what cant we do",
            ["account-arcatron-api"],
            today,
            note="key <- Component sourcing and MRP <- all three programs",
        ),
        impact_question(
            facts,
            "if the trakwise mes licence expires end of dec whats affected?",
            ["account-mes-licence"],
            today,
            note="licence <- Trakwise MES <- placement, traceability (also through the X-ray "
            "export account) <- the programs; it expires on 31 December",
        ),
        impact_question(
            facts,
            "visicor goes bust tomorrow, what breaks for us",
            ["vendor-visicor"],
            today,
            must_exclude=["V2 2D AOI"],
            note="the V2 2D AOI was retired on 14 September: it breaks nothing now",
        ),
        impact_question(
            facts,
            "xray machine is offline, what can't we ship",
            ["tool-xray"],
            today,
            note="XR-7 <- X-ray inspection and the export account <- traceability <- Sentrix",
        ),
        owner_question(
            facts,
            "who's got the mes licence renewal now?",
            "task-mes-licence",
            today,
            note="Goh handed it to Chong Kar Wai at the 10 November production meeting",
        ),
        owner_question(
            facts,
            "who was doing the ipc audit prep end of sept",
            "task-ipc-audit",
            date(2026, 9, 30),
            note="Kavitha until 6 October",
        ),
        owner_question(
            facts,
            "whos on the ipc qml audit prep these days",
            "task-ipc-audit",
            today,
            note="Lee Hui Min took it over from Kavitha on 6 October",
        ),
        owner_question(
            facts,
            "who's looking after the chiller breakdown",
            "incident-chiller",
            today,
        ),
        Question(
            "why did we stop using kestrel brokerage?",
            "decision",
            must_include=[["counterfeit", "remarked"]],
            must_cite=["decision-semipoint"],
        ),
        Question(
            "why'd we buy the 3d aoi for lines 1 and 2",
            "decision",
            must_include=[["false call", "false-call"]],
            must_cite=["decision-3d-aoi"],
        ),
        Question(
            "how did we get shortage parts before semipoint came in",
            "decision",
            must_include=["Kestrel"],
            must_cite=["decision-kestrel"],
            note="the superseded decision: open-market buys through Kestrel Brokerage",
        ),
        Question(
            "paste on line 3 has been open 6 hrs, can we keep printing with it?",
            "policy",
            must_include=["4 hours"],
            must_cite=["rule-paste-4h"],
            note="the handbook says 8 hours, but since 10 November, while the floor is above "
            "60% RH (it is, on the hire chiller), it is 4 hours: scrap it",
        ),
        Question(
            "can farah sign off an 80k ringgit PO herself",
            "policy",
            must_include=["50,000", "Chong"],
            must_cite=["rule-po-limit"],
            note="a buyer approves up to RM 50,000; RM 50,000 to 250,000 needs Chong Kar Wai",
        ),
        Question(
            "whats our turnaround for the 8d once an rma comes in",
            "policy",
            must_include=["10 working days"],
            must_cite=["rule-8d"],
        ),
        open_market,
        related_question(
            facts,
            "the x-ray results go into the mes through a service account - which team is the "
            "owner of that account in?",
            today,
            rel="MEMBER_OF",
            frm="person-goh-jun-hao",
            note="three hops: Lumox XR-7 -> X-ray to MES export service account -> its owner "
            "Goh Jun Hao -> his team",
        ),
        related_question(
            facts,
            "partslink key - which distributor is that with",
            today,
            rel="DEPENDS_ON",
            frm="account-arcatron-api",
            keep=["Vendor"],
            note="Orbis ERP -> Arcatron PartsLink API key -> vendor",
        ),
        m(
            facts,
            today,
            "how many boards did we build yesterday",
            "metric_value",
            "metric-boards",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "fpy on the 3rd nov?",
            "metric_value",
            "metric-fpy",
            span=(date(2026, 11, 3), date(2026, 11, 3)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "total boards built second half of sept",
            "metric_total",
            "metric-boards",
            periods=("second_half_september",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "shortage line-down mins the week of 24 aug?",
            "metric_total",
            "metric-shortage-minutes",
            periods=("week_of_2026-08-24",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many rmas have we opened since the chiller died",
            "metric_total",
            "metric-rmas",
            periods=("since_2026-10-20",),
            tolerance=0.5,
            note="chiller 2 failed on 20 October",
        ),
        m(
            facts,
            today,
            "avg aoi false calls per 100 boards since the 3d aoi went live",
            "metric_average",
            "metric-aoi-false-calls",
            periods=("since_2026-09-14",),
            tolerance=0.05,
            note="VX-3D went live on Lines 1 and 2 on 14 September",
        ),
        m(
            facts,
            today,
            "average fpy end of q3",
            "metric_average",
            "metric-fpy",
            periods=("end_q3",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "did fpy drop late oct vs mid oct",
            "metric_change",
            "metric-fpy",
            periods=("late_october", "mid_october"),
            tolerance=0.2,
        ),
        voids,
        m(
            facts,
            today,
            "boards last 7 days vs the 7 days before?",
            "metric_change",
            "metric-boards",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        Question(
            "why did fpy tank from the 20th oct",
            "metric_why",
            must_include=[["chiller", "humidity"]],
            must_cite=["incident-chiller"],
            note="nothing links the chiller failure to first pass yield: it just falls on "
            "20 October, the day chiller 2 failed",
        ),
        Question(
            "why were shortage mins so high end of august",
            "metric_why",
            must_include=[["counterfeit", "Kestrel", "quarantine"]],
            must_cite=["incident-counterfeit"],
        ),
        Question(
            "why did board output drop on 30 sept and 1 oct?",
            "metric_why",
            must_include=[["conveyor", "chain"]],
            must_cite=["incident-oven-chain"],
        ),
        Question(
            "what did the counterfit reels cost us according to kar wai's review",
            "document",
            must_include=["38,400"],
            must_cite=["doc-counterfeit-review"],
        ),
        Question(
            "whats the max void % we accept on a bga ball",
            "document",
            must_include=["25%"],
            must_cite=["doc-quality-procedure"],
        ),
        Question(
            "what did we agree in tuesday's production meeting about the humidity problem",
            "meeting",
            must_include=["4 hours", ["bake", "baking", "baked"]],
            must_cite=["decision-paste-4h"],
            note="10 November: paste 4 hours open instead of 8 and MSL 3+ baked before loading "
            "while the floor is above 60% RH (Wei Jie on the line cards); Ravi two more "
            "dehumidifiers by 13 November",
        ),
        Question(
            "who's doing what after the production mtg on the 10th",
            "meeting",
            must_include=["Chong", "Ravi", "Hui Min", "Goh"],
            note="Kar Wai: MES licence renewal by 4 Dec; Ravi: dehumidifiers by 13 Nov; Goh: "
            "X-ray alert by 13 Nov; Hui Min: recert class and mock audit 24 Nov; Siti: "
            "Sentrix 8D by 18 Nov; Farah: Q1 forecast by 20 Nov; Wei Jie: line cards",
        ),
        Question(
            "what's the oee target for the kulim plant",
            "unknown",
            absent=["Kulim"],
            note="there is one plant, in Bayan Lepas; no OEE target in the records",
        ),
        Question(
            "when does our iso 13485 cert expire",
            "unknown",
            absent=["13485"],
            note="the records hold the IPC QML listing, no ISO certificate",
        ),
        Question(
            "how many boards did we build in july",
            "unknown",
            absent=["2026-07-"],
            note="readings start on 12 August",
        ),
        Question("best char kuey teow in george town?", "offtopic"),
        Question("who won the thomas cup this year", "offtopic"),
    ]


def build() -> Business:
    """The assembler's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _company(w)
    _systems(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _release(w)
    _channels_and_messages(w)
    _documents(w)
    _decisions_and_rules(w)
    _work(w)
    return Business(
        SLUG,
        "Bayan Lepas Assembly",
        "contract electronics manufacturer, PCB assembly (Bayan Lepas Assembly, Penang, Malaysia)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/production-meeting-2026-11-10.txt",
                "title": "Weekly production meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=Path(__file__).resolve().parent / SLUG)
