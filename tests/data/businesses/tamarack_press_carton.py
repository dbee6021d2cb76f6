"""Tamarack Press & Carton: a commercial print and folding-carton plant in Kaukauna,
Wisconsin, USA, with two sheetfed offset presses, a digital press, a die-cutter and a
folder-gluer, a prepress department and a customer service desk.

The story: job tickets, estimates, the schedule board, shop-floor clock-ins, waste counts
and credit notes live in Jobline MIS (Jobline Software, hosted). Prepress runs the
Platewright workflow (Platewright Systems' licence), which images plates on the Tessaro
T-8 platesetter (plates and chemistry from Norvale Graphics); Press 4 and Press 5 print
from those plates. Press 2 also did until it was decommissioned on 14 August (Gail
Sorensen's decision of 22 July; retired). Customers approve soft proofs in ProofHaven
(Halyard Digital) from 1 September; the ApproveIt email tool before it is retired.
Presswatch terminals (Grayline Automation) record Press 4's OEE and pull job tickets from
Jobline through an API key owned by Ryan Obuya. The Veyra V9 digital press is leased on a
click-charge contract. FSC chain-of-custody claims hang on certificate TPC-COC-004417.

The Veyra fuser failed on 18-20 August (digital clicks fall; linked). A wet Millbrook
Board SBS lot curled and jammed the folder-gluer on 24-26 August (cartons glued fall;
linked); Gail Sorensen moved SBS to Cedar Bay Paperboard from 8 September (her decision of
1 September, superseding Bev Halvorsen's Millbrook choice). ProofHaven went live on
1 September; no approvals were recorded 28-31 August during the cutover (proof approval
time has no readings; linked to the decision). Press 4's dampening recirculator failed on
2-3 September (OEE and waste; linked). From 14 September Press 4 jobs are scheduled in
colour sequence (Reggie Amadi's decision of 8 September; linked to make-ready time).
Jobline's region move on 21 September reissued API keys and Presswatch recorded nothing
until the afternoon of 25 September (OEE has no readings for 21-25 September; linked).
Northwoods Creamery's holiday carton programme began on 1 October (Gail's decision of
9 September; linked to cartons glued). Dale Fenske retired from finishing on 2 October.
Platewright 7.0 went in on 5 October and replaced the G7 plate curves with its default;
Press 4 waste rose from that day (nothing links the two). Ana Ferraro handed the FSC
audit preparation to Bev Halvorsen on 12 October. The production planning meeting of
Thursday 29 October decided to restore the G7 curves, to run Saturday folder-gluer shifts
in November, to give Sweetgrass no credit, and moved the Presswatch key renewal from Ryan
Obuya to Reggie Amadi.

"Today" is Friday 30 October 2026; daily readings run from 29 July to 29 October.
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

SLUG = "tamarack-press-carton"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 30)
FIRST, LAST = date(2026, 7, 29), date(2026, 10, 29)
SEED = 20261030
START = date(2024, 3, 4)
PRESS2_DECIDED = date(2026, 7, 22)
PRESS2_OUT = date(2026, 8, 14)
PROOFHAVEN_DECIDED = date(2026, 8, 12)
PROOFHAVEN_FROM = date(2026, 9, 1)
APPROVEIT_READONLY = date(2026, 8, 28)
PROOF_GAP = tuple(date(2026, 8, 28) + timedelta(days=i) for i in range(4))  # to 31 Aug
FUSER_DAYS = (date(2026, 8, 18), date(2026, 8, 19), date(2026, 8, 20))
CURL_DAYS = (date(2026, 8, 24), date(2026, 8, 25), date(2026, 8, 26))
CEDAR_DECIDED = date(2026, 9, 1)
CEDAR_FROM = date(2026, 9, 8)
DAMPENING_DAYS = (date(2026, 9, 2), date(2026, 9, 3))
REVIEW_DAY = date(2026, 9, 4)
SEQUENCE_DECIDED = date(2026, 9, 8)
SEQUENCE_FROM = date(2026, 9, 14)
HOLIDAY_DECIDED = date(2026, 9, 9)
HOLIDAY_FROM = date(2026, 10, 1)
KEY_GAP = tuple(date(2026, 9, 21) + timedelta(days=i) for i in range(5))  # to 25 Sep
KEY_BACK = date(2026, 9, 25)
KEY_TASK_FROM = date(2026, 9, 28)
DALE_OUT = date(2026, 10, 2)
PLATEWRIGHT_7 = date(2026, 10, 5)
FSC_TASK_FROM = date(2026, 9, 1)
FSC_HANDOVER = date(2026, 10, 12)
MEETING = date(2026, 10, 29)
DOC_DATES = {
    "doc-estimating": date(2026, 3, 2),
    "doc-curl-review": REVIEW_DAY,
    "doc-northwoods": HOLIDAY_DECIDED,
    "doc-fsc": date(2026, 2, 16),
    "doc-pressroom-sop": REVIEW_DAY,
    "doc-proofing": PROOFHAVEN_DECIDED,
    "doc-credits": date(2026, 4, 6),
}

# fmt: off
STAFF = (
    ("person-gail-sorensen", "Gail Sorensen", "Plant manager", None),
    ("person-reggie-amadi", "Reggie Amadi", "Production manager (pressroom, finishing and "
     "the schedule)", "team-pressroom"),
    ("person-tom-wojcik", "Tom Wojcik", "Lead pressman, Press 4", "team-pressroom"),
    ("person-arturo-villalobos", "Arturo Villalobos", "Pressman, Press 5", "team-pressroom"),
    ("person-hannah-lutz", "Hannah Lutz", "Digital press operator (Veyra V9)",
     "team-pressroom"),
    ("person-luis-echeverria", "Luis Echeverría", "Finishing lead (die-cutter and "
     "folder-gluer)", "team-finishing"),
    ("person-kayla-nehring", "Kayla Nehring", "Folder-gluer operator", "team-finishing"),
    ("person-mai-vang", "Mai Vang", "Die-cutter operator", "team-finishing"),
    ("person-priya-venkatesan", "Priya Venkatesan", "Prepress manager (workflow, plates, "
     "proofs and colour management)", "team-prepress"),
    ("person-owen-schultz", "Owen Schultz", "Prepress technician (imposition and plates)",
     "team-prepress"),
    ("person-marisol-quintero", "Marisol Quintero", "Production planner (the schedule board)",
     "team-planning"),
    ("person-cody-lindahl", "Cody Lindahl", "Estimator", "team-planning"),
    ("person-denise-kowalczyk", "Denise Kowalczyk", "Account manager, packaging "
     "(Northwoods Creamery)", "team-accounts"),
    ("person-jamal-pettaway", "Jamal Pettaway", "Account manager, commercial print "
     "(Halverson, Sweetgrass, Wolf River Mutual)", "team-accounts"),
    ("person-ana-ferraro", "Ana Ferraro", "Quality and FSC coordinator (on leave from "
     "12 October 2026)", "team-quality"),
    ("person-bev-halvorsen", "Bev Halvorsen", "Purchasing manager (paper, board and ink)",
     "team-purchasing"),
    ("person-ken-mattson", "Ken Mattson", "Maintenance lead", "team-maintenance"),
    ("person-sharon-teigen", "Sharon Teigen", "Controller", "team-finance"),
    ("person-ryan-obuya", "Ryan Obuya", "IT and MIS administrator (on paternity leave from "
     "2 November 2026)", "team-it"),
)
TEAMS = (
    ("team-pressroom", "Pressroom (offset and digital)"),
    ("team-finishing", "Finishing (die-cutting and folder-gluing)"),
    ("team-prepress", "Prepress"),
    ("team-planning", "Planning and Estimating"),
    ("team-accounts", "Customer Service and Accounts"),
    ("team-quality", "Quality and FSC"),
    ("team-purchasing", "Purchasing"),
    ("team-maintenance", "Maintenance"),
    ("team-finance", "Finance"),
    ("team-it", "IT and MIS"),
)
VENDORS = (
    ("vendor-jobline", "Jobline Software", "Jobline MIS, hosted: estimates, job tickets, the "
     "schedule board, shop-floor data collection, purchasing and invoicing", START),
    ("vendor-platewright", "Platewright Systems", "the Platewright prepress workflow licence "
     "(preflight, imposition, RIP and plate curves) and its upgrades", START),
    ("vendor-norvale", "Norvale Graphics", "process-free CTP plates for the Tessaro "
     "platesetter, and platesetter service", START),
    ("vendor-halyard", "Halyard Digital", "the ProofHaven online proofing portal, by "
     "subscription", PROOFHAVEN_DECIDED),
    ("vendor-grayline", "Grayline Automation", "the Presswatch OEE terminals and data "
     "collector on Press 4", START),
    ("vendor-veyra", "Veyra Imaging", "the Veyra V9 digital press, on a lease with a "
     "click-charge service contract", START),
    ("vendor-halden", "Halden Inks", "process and PMS spot inks, low-migration inks and "
     "aqueous coatings", START),
    ("vendor-cedarbay", "Cedar Bay Paperboard", "18pt and 24pt SBS folding carton board, FSC "
     "Mix, with a moisture figure on every lot (from 8 September 2026)", CEDAR_DECIDED),
    ("vendor-anchorline", "Anchorline Paper", "coated and uncoated text and cover paper for "
     "commercial print", START),
    ("vendor-keystone", "Keystone Rule & Die", "steel rule cutting dies for the die-cutter",
     START),
    ("vendor-cardinal", "Bureau Cardinal Certification", "FSC chain-of-custody certification "
     "and the yearly surveillance audit", START),
    ("vendor-spectrion", "Spectrion Instruments", "ChromaTrack press-side colour scanners "
     "and spectrophotometers", START),
    ("vendor-foxriver", "Fox River Freight", "truck deliveries of finished cartons and print",
     START),
)
TOOLS = (
    ("tool-jobline", "Jobline MIS", "person-ryan-obuya"),
    ("tool-platewright", "Platewright prepress workflow", "person-priya-venkatesan"),
    ("tool-proofhaven", "ProofHaven online proofing portal", "person-denise-kowalczyk"),
    ("tool-presswatch", "Presswatch OEE terminals", "person-reggie-amadi"),
    ("tool-chromatrack", "ChromaTrack press-side colour scanner", "person-tom-wojcik"),
)
ASSETS = (
    ("asset-press4", "Press 4 (Arlberg AR-106 six-colour offset with coater)",
     "person-tom-wojcik", "The 40-inch six-colour sheetfed offset press with an aqueous "
     "coater; most carton and catalogue work runs on it."),
    ("asset-press5", "Press 5 (Arlberg AR-74 four-colour offset)", "person-arturo-villalobos",
     "The 29-inch four-colour sheetfed offset press for commercial print and two-colour work."),
    ("asset-veyra", "Digital press D1 (Veyra V9 toner press)", "person-hannah-lutz",
     "The leased toner digital press for short runs, variable-data mail and short-run "
     "cartons."),
    ("asset-platesetter", "Tessaro T-8 platesetter", "person-owen-schultz",
     "The thermal CTP platesetter in prepress; it images every offset plate from Platewright."),
    ("asset-diecutter", "Stanza SD-106 die-cutter", "person-luis-echeverria",
     "The autoplaten die-cutter that cuts and creases printed carton sheets."),
    ("asset-foldergluer", "Falcata FG-110 folder-gluer", "person-luis-echeverria",
     "The folder-gluer that folds and glues die-cut blanks into straight-line and "
     "crash-lock cartons."),
)
ACCOUNTS = (
    ("account-presswatch-key", "Jobline API key for Presswatch", "person-ryan-obuya",
     "The API key the Presswatch collector uses to pull open job tickets from Jobline MIS, so "
     "every Press 4 minute is booked to a job. Jobline reissued it at its region move on "
     "21 September; the temporary key expires on 15 November 2026 and a permanent one must "
     "be made in Jobline's new admin console.", {"expiresAt": "2026-11-15"}),
    ("account-platewright-licence", "Platewright workflow licence", "person-priya-venkatesan",
     "Platewright Systems' yearly licence for the prepress workflow server, two RIP outputs "
     "and upgrades, paid to 31 January 2027.", {"expiresAt": "2027-01-31"}),
    ("account-proofhaven-sub", "ProofHaven subscription", "person-denise-kowalczyk",
     "Halyard Digital's yearly subscription for ProofHaven: unlimited customer reviewers and "
     "the Platewright connector, from 1 September 2026 to 31 August 2027.",
     {"expiresAt": "2027-08-31"}),
    ("account-veyra-contract", "Veyra V9 lease and click-charge contract",
     "person-reggie-amadi", "The five-year lease on the Veyra V9 with Veyra Imaging's "
     "click-charge service: parts, toner and engineer visits are paid per click.",
     {"expiresAt": "2028-04-30"}),
    ("account-fsc-cert", "FSC chain-of-custody certificate TPC-COC-004417",
     "person-ana-ferraro", "Tamarack's FSC chain-of-custody certificate, issued by Bureau "
     "Cardinal Certification; valid to 14 March 2027, with a surveillance audit every year.",
     {"expiresAt": "2027-03-14"}),
)
SERVICES = (
    ("service-offset", "Sheetfed offset printing", "person-reggie-amadi",
     ("asset-press4", "asset-press5", "vendor-halden")),
    ("service-digital", "Digital printing (short runs and variable data)", "person-hannah-lutz",
     ("asset-veyra",)),
    ("service-prepress", "Prepress (preflight, imposition and plates)",
     "person-priya-venkatesan", ("tool-platewright", "asset-platesetter")),
    ("service-proofing", "Customer proofing and colour approval", "person-denise-kowalczyk",
     ()),
    ("service-converting", "Carton converting (die-cutting and folder-gluing)",
     "person-luis-echeverria", ("asset-diecutter", "asset-foldergluer", "vendor-keystone")),
    ("service-fsc", "FSC chain-of-custody claims", "person-ana-ferraro", ("account-fsc-cert",)),
    ("service-oee-reporting", "Press OEE and downtime reporting", "person-reggie-amadi",
     ("tool-presswatch",)),
    ("service-job-costing", "Job costing (actuals against the estimate)",
     "person-sharon-teigen", ("tool-presswatch", "tool-jobline")),
)
PRODUCTS = (
    ("product-folding-cartons", "Folding cartons (food and retail packaging)",
     ("service-offset", "service-converting", "service-proofing")),
    ("product-fsc-cartons", "FSC-labelled cartons", ("service-fsc", "service-converting")),
    ("product-catalogues", "Catalogues and brochures",
     ("service-offset", "service-prepress", "service-proofing")),
    ("product-direct-mail", "Variable-data direct mail", ("service-digital",)),
    ("product-short-run-cartons", "Short-run digital cartons",
     ("service-digital", "service-converting")),
)
RULES = (
    ("rule-makeready-allowance", "Estimates for Press 4 allow 250 make-ready sheets per "
     "printing unit (1,500 for a six-colour job) plus 3% running waste; Press 5 allows 200 "
     "sheets per unit plus 3%", "doc-estimating", "person-cody-lindahl"),
    ("rule-converting-allowance", "Die-cut jobs add 150 sheets for die-cutter make-ready and "
     "glued cartons add 2% of the count for folder-gluer set-up", "doc-estimating",
     "person-cody-lindahl"),
    ("rule-overs-unders", "Orders may ship up to 10% over or under the ordered quantity and "
     "are invoiced for the quantity shipped, unless the job ticket says no overs or a "
     "customer agreement sets a tighter figure", "doc-estimating", "person-cody-lindahl"),
    ("rule-rush", "A job promised in under three working days from the approved proof "
     "carries a 20% rush charge", "doc-estimating", "person-cody-lindahl"),
    ("rule-press-check", "Customer press checks are booked at least 48 hours ahead through "
     "the planner, and the customer's signed sheet is the colour standard for the run",
     "doc-pressroom-sop", "person-tom-wojcik"),
    ("rule-colour-tolerance", "A brand colour must stay within delta E 3.0 of the approved "
     "sheet, measured by ChromaTrack every 500 sheets, unless the customer's specification "
     "is tighter", "doc-pressroom-sop", "person-tom-wojcik"),
    ("rule-fountain-solution", "Fountain solution conductivity and temperature are logged "
     "every shift on Press 4 and Press 5; outside 1,100-1,400 microsiemens or above 12 "
     "degrees C the press stops for a check", "doc-pressroom-sop", "person-ken-mattson"),
    ("rule-low-migration", "Food-contact cartons are printed only with Halden low-migration "
     "inks and coating, on a press washed up from standard inks first",
     "doc-pressroom-sop", "person-tom-wojcik"),
    ("rule-approval-before-plates", "No plate is made until the customer has approved the "
     "final proof in ProofHaven or signed a hard-copy contract proof; an OK by phone or email "
     "is not an approval", "doc-proofing", "person-priya-venkatesan"),
    ("rule-fsc-claim", "An FSC claim or label goes on a job only when every board or paper "
     "lot in it came from an FSC-certified supplier with the claim on its delivery note and "
     "the job ticket carries the FSC claim code", "doc-fsc", "person-ana-ferraro"),
    ("rule-credit-limit", "A reprint or credit for a colour complaint is given only when the "
     "job is outside the signed proof or beyond delta E 3.0; a credit note over $2,500 needs "
     "the plant manager's approval", "doc-credits", "person-sharon-teigen"),
    ("rule-northwoods-quantity", "Northwoods Creamery releases may ship only 5% over or "
     "under, and a holiday release more than two working days late earns a 4% rebate",
     "doc-northwoods", "person-denise-kowalczyk"),
)
# fmt: on


def _ts(moment: str) -> int:
    return int(datetime.fromisoformat(moment).astimezone(UTC).timestamp())


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-tamarack",
        "Tamarack Press & Carton",
        src="wdfi:tamarack-press-carton-llc",
        as_of=date(1987, 5, 11),
        city="Kaukauna, Wisconsin",
        text="Tamarack Press & Carton LLC is a commercial print and folding-carton plant on "
        "the Fox River in Kaukauna, Wisconsin: about 70 staff over two shifts, two sheetfed "
        "offset presses, a toner digital press, a die-cutter and a folder-gluer, printing food "
        "and retail cartons, catalogues, brochures and direct mail.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="paycor:departments", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-tamarack", since=START, src="paycor:departments")
    for pid, name, role, team in STAFF:
        first, *rest = pid.removeprefix("person-").split("-")
        w.node(
            "Person",
            pid,
            name,
            src="paycor:staff",
            as_of=START,
            role=role,
            email=f"{first[0]}{rest[-1]}@tamarackpc.com",
        )
        w.edge(pid, "MEMBER_OF", team or "org-tamarack", since=START, src="paycor:staff")
    w.node(
        "Person",
        "person-dale-fenske",
        "Dale Fenske",
        src="paycor:staff",
        as_of=DALE_OUT,
        role="Folder-gluer operator (retired on 2 October 2026)",
        status="retired",
        email="dfenske@tamarackpc.com",
    )
    w.edge(
        "person-dale-fenske",
        "MEMBER_OF",
        "team-finishing",
        since=START,
        until=DALE_OUT,
        src="paycor:staff",
        as_of=DALE_OUT,
    )
    for vid, name, supplies, since in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="jobline:vendors",
            as_of=since,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-tamarack", "USES", vid, since=since, src="jobline:vendors")
    w.node(
        "Vendor",
        "vendor-millbrook",
        "Millbrook Board",
        src="jobline:vendors",
        as_of=CEDAR_FROM,
        supplies="18pt SBS folding carton board, until 8 September 2026",
        status="former supplier",
        text="Millbrook Board supplied Tamarack's SBS folding carton board until 8 September 2026.",
    )
    w.edge(
        "org-tamarack",
        "USES",
        "vendor-millbrook",
        since=START,
        until=CEDAR_FROM,
        src="jobline:vendors",
    )
    w.node(
        "Deal",
        "deal-halverson-spring",
        "Halverson Outdoor Supply: spring 2027 catalogue, 180,000 copies",
        src="jobline:estimates/E-26-1184",
        as_of=date(2026, 10, 19),
        stage="estimate in progress",
        value=212400,
        text="Halverson Outdoor Supply's 96-page spring 2027 catalogue, 180,000 copies on "
        "Press 4, first estimated at 212,400 dollars on 19 October with October's waste "
        "actuals in it.",
    )
    w.edge(
        "deal-halverson-spring",
        "ASSIGNED_TO",
        "person-jamal-pettaway",
        since=date(2026, 10, 19),
        src="jobline:estimates/E-26-1184",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-northwoods",
            "Northwoods Creamery",
            "Dairy co-op in Little Chute: butter cartons, cheese curd boxes and a holiday "
            "gift-carton programme of about 1.2 million cartons from 1 October to 18 December "
            "2026; all food-contact, low-migration inks, FSC Mix.",
            ("service-offset", "service-converting", "service-fsc"),
        ),
        (
            "customer-sweetgrass",
            "Sweetgrass Candle Co.",
            "Candle maker in Appleton: short-run digital cartons and sleeves with the FSC "
            "label, reordered every few weeks.",
            ("service-digital", "service-converting", "service-fsc"),
        ),
        (
            "customer-halverson",
            "Halverson Outdoor Supply",
            "Outdoor gear retailer in Green Bay: seasonal catalogues and in-store brochures.",
            ("service-offset", "service-prepress"),
        ),
        (
            "customer-wolfriver",
            "Wolf River Mutual Insurance",
            "Insurer in Neenah: monthly variable-data renewal mailers printed on offset "
            "shells and personalised on the digital press.",
            ("service-digital", "service-offset"),
        ),
    ):
        w.node("Customer", cid, name, src="jobline:customers", as_of=START, text=text)
        for service in uses:
            w.edge(cid, "USES", service, since=START, src="jobline:customers")


def _systems(w: Book) -> None:
    src = "sharepoint:equipment-and-systems"
    for tid, name, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text in ASSETS:
        w.node("Asset", aid, name, src=src, as_of=START, text=text)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        since = PROOFHAVEN_DECIDED if aid == "account-proofhaven-sub" else START
        w.node("Account", aid, name, src=src, as_of=since, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=since, src=src)
    for sid, name, owner, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
        w.edge(owner, "OWNS", sid, since=START, src=src)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="jobline:price-book", as_of=START)
    w.edges(
        src,
        START,
        ("tool-jobline", "DEPENDS_ON", "vendor-jobline"),
        ("account-presswatch-key", "DEPENDS_ON", "tool-jobline"),
        ("account-presswatch-key", "PART_OF", "tool-jobline"),
        ("tool-presswatch", "DEPENDS_ON", "account-presswatch-key"),
        ("tool-presswatch", "DEPENDS_ON", "vendor-grayline"),
        ("tool-platewright", "DEPENDS_ON", "account-platewright-licence"),
        ("account-platewright-licence", "DEPENDS_ON", "vendor-platewright"),
        ("account-platewright-licence", "PART_OF", "tool-platewright"),
        ("asset-platesetter", "DEPENDS_ON", "tool-platewright"),
        ("asset-platesetter", "DEPENDS_ON", "vendor-norvale"),
        ("asset-press4", "DEPENDS_ON", "asset-platesetter"),
        ("asset-press5", "DEPENDS_ON", "asset-platesetter"),
        ("asset-veyra", "DEPENDS_ON", "account-veyra-contract"),
        ("account-veyra-contract", "DEPENDS_ON", "vendor-veyra"),
        ("account-fsc-cert", "DEPENDS_ON", "vendor-cardinal"),
        ("tool-chromatrack", "DEPENDS_ON", "vendor-spectrion"),
        ("tool-chromatrack", "PART_OF", "asset-press4"),
        *((sid, "DEPENDS_ON", on) for sid, _, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-planning", "USES", "tool-jobline"),
        ("team-accounts", "USES", "tool-jobline"),
        ("team-accounts", "USES", "tool-proofhaven"),
        ("team-prepress", "USES", "tool-platewright"),
        ("team-pressroom", "USES", "tool-chromatrack"),
        ("team-pressroom", "USES", "tool-presswatch"),
        ("team-finance", "USES", "tool-jobline"),
        ("team-purchasing", "USES", "tool-jobline"),
    )
    # Press 2 printed from the same platesetter until it was decommissioned on 14 August.
    w.node(
        "Asset",
        "asset-press2",
        "Press 2 (Arlberg AR-52 two-colour, decommissioned)",
        src=src,
        as_of=PRESS2_OUT,
        status="decommissioned",
        text="The 20-inch two-colour offset press; its last job ran on 14 August 2026 and it "
        "was sold to a trade shop and removed from the floor.",
    )
    w.edge(
        "person-arturo-villalobos",
        "OWNS",
        "asset-press2",
        since=START,
        until=PRESS2_OUT,
        src=src,
    )
    w.edge(
        "asset-press2",
        "DEPENDS_ON",
        "asset-platesetter",
        since=START,
        until=PRESS2_OUT,
        src=src,
    )
    w.edge(
        "service-offset",
        "DEPENDS_ON",
        "asset-press2",
        since=START,
        until=PRESS2_OUT,
        src=src,
    )
    # Proofing: ApproveIt (retired) until 31 August, ProofHaven from 1 September.
    w.node(
        "Tool",
        "tool-approveit",
        "ApproveIt email proofing (retired)",
        src=src,
        as_of=PROOFHAVEN_FROM,
        status="retired",
        kind="software",
        text="The old proofing tool that emailed proof PDFs from Platewright with an approve "
        "link; read-only from 28 August 2026 and switched off when ProofHaven went live.",
    )
    w.edge("person-priya-venkatesan", "OWNS", "tool-approveit", since=START, src=src)
    w.edge(
        "tool-approveit",
        "DEPENDS_ON",
        "tool-platewright",
        since=START,
        until=PROOFHAVEN_FROM,
        src=src,
    )
    w.edge(
        "service-proofing",
        "DEPENDS_ON",
        "tool-approveit",
        since=START,
        until=PROOFHAVEN_FROM,
        src=src,
    )
    w.edges(
        src,
        PROOFHAVEN_DECIDED,
        ("tool-proofhaven", "DEPENDS_ON", "account-proofhaven-sub"),
        ("tool-proofhaven", "DEPENDS_ON", "tool-platewright"),
        ("account-proofhaven-sub", "DEPENDS_ON", "vendor-halyard"),
        ("account-proofhaven-sub", "PART_OF", "tool-proofhaven"),
    )
    w.edge(
        "service-proofing",
        "DEPENDS_ON",
        "tool-proofhaven",
        since=PROOFHAVEN_FROM,
        src=src,
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("oee", "makeready", "waste", "clicks", "cartons", "proof")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        weekday, saturday = wd < 5, wd == 5
        # Press 4 OEE
        if weekday:
            oee = rng.uniform(66.0, 74.0)
        elif saturday:
            oee = rng.uniform(59.0, 66.0)
        else:
            oee = rng.uniform(52.0, 58.0)
        if day >= SEQUENCE_FROM:
            oee += 4.0
        if day >= PLATEWRIGHT_7:
            oee -= 3.5
        if day == DAMPENING_DAYS[0]:
            oee = rng.uniform(38.0, 43.0)
        elif day == DAMPENING_DAYS[1]:
            oee = rng.uniform(44.0, 49.0)
        # Press 4 make-ready minutes
        if day < SEQUENCE_FROM:
            makeready = rng.uniform(44.0, 54.0)
        elif day < PLATEWRIGHT_7:
            makeready = rng.uniform(32.0, 39.0)
        else:
            makeready = rng.uniform(37.0, 44.0)
        if day in DAMPENING_DAYS:
            makeready = rng.uniform(62.0, 70.0)
        # Press 4 waste sheets
        if weekday:
            waste = rng.randint(2400, 3400)
        elif saturday:
            waste = rng.randint(1100, 1700)
        else:
            waste = rng.randint(600, 1000)
        if SEQUENCE_FROM <= day < PLATEWRIGHT_7:
            waste = round(waste * 0.92)
        elif day >= PLATEWRIGHT_7:
            waste = round(waste * rng.uniform(1.30, 1.40))
        if day in DAMPENING_DAYS:
            waste = rng.randint(7800, 9400)
        # Veyra V9 clicks
        if weekday:
            clicks = rng.randint(14000, 21000)
        elif saturday:
            clicks = rng.randint(2500, 4500)
        else:
            clicks = rng.randint(0, 800)
        if day == FUSER_DAYS[0]:
            clicks = rng.randint(200, 600)
        elif day == FUSER_DAYS[1]:
            clicks = rng.randint(0, 300)
        elif day == FUSER_DAYS[2]:
            clicks = round(clicks * 0.4)
        # Cartons glued on the folder-gluer
        if weekday:
            cartons = rng.randint(52000, 68000)
            if day >= HOLIDAY_FROM:
                cartons += rng.randint(14000, 20000)
        elif saturday:
            cartons = rng.randint(4000, 9000)
            if day >= HOLIDAY_FROM:
                cartons += rng.randint(8000, 14000)
        else:
            cartons = 0
        if day in CURL_DAYS:
            cartons = round(cartons * rng.uniform(0.28, 0.38))
        # Proof approval hours
        proof = rng.uniform(24.0, 38.0) if day < PROOFHAVEN_FROM else rng.uniform(13.0, 21.0)
        if day not in KEY_GAP:
            out["oee"].append((day, round(oee, 1)))
        out["makeready"].append((day, round(makeready, 1)))
        out["waste"].append((day, waste))
        out["clicks"].append((day, clicks))
        out["cartons"].append((day, cartons))
        if day not in PROOF_GAP:
            out["proof"].append((day, round(proof, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    pw, floor, tickets, meter, proofs = (
        "presswatch:oee-daily",
        "jobline:shop-floor",
        "jobline:job-tickets",
        "veyra:meter-reads",
        "jobline:proof-log",
    )
    w.metric(
        "metric-oee-press4",
        "Press 4 OEE (availability x performance x quality)",
        "%",
        "mean",
        src=pw,
        since=START,
        measures="asset-press4",
    )
    w.metric(
        "metric-makeready-press4",
        "Press 4 average make-ready time",
        "minutes",
        "mean",
        src=floor,
        since=START,
    )
    w.metric(
        "metric-waste-press4",
        "Press 4 waste sheets (make-ready and running spoilage)",
        "sheets",
        "sum",
        src=tickets,
        since=START,
    )
    w.metric(
        "metric-digital-clicks",
        "Veyra V9 clicks (digital press impressions)",
        "clicks",
        "sum",
        src=meter,
        since=START,
        measures="asset-veyra",
    )
    w.metric(
        "metric-cartons-glued",
        "Cartons glued on the folder-gluer",
        "cartons",
        "sum",
        src=floor,
        since=START,
        measures="asset-foldergluer",
    )
    w.metric(
        "metric-proof-hours",
        "Proof approval time (hours from proof sent to customer approval)",
        "hours",
        "mean",
        src=proofs,
        since=START,
        measures="service-proofing",
    )
    return {
        "oee": w.readings("metric-oee-press4", series["oee"], src=pw),
        "makeready": w.readings("metric-makeready-press4", series["makeready"], src=floor),
        "waste": w.readings("metric-waste-press4", series["waste"], src=tickets),
        "clicks": w.readings("metric-digital-clicks", series["clicks"], src=meter),
        "cartons": w.readings("metric-cartons-glued", series["cartons"], src=floor),
        "proof": w.readings("metric-proof-hours", series["proof"], src=proofs),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, started, back = (
        "jobline:downtime/DT-0818",
        "2026-08-18T13:40:00+00:00",
        FUSER_DAYS[-1],
    )
    w.node(
        "Incident",
        "incident-veyra-fuser",
        "Digital press D1 down: Veyra V9 fuser assembly failed",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt="2026-08-20T19:00:00+00:00",
        text="The fuser assembly on the Veyra V9 failed at 08:40 on Tuesday 18 August with a "
        "heater fault and the press would not print. Veyra Imaging had no fuser in its "
        "Milwaukee depot and shipped one overnight from its national warehouse; the engineer "
        "fitted it and the press was printing again at 14:00 on Thursday 20 August. Wolf "
        "River Mutual's renewal mailers were moved to the weekend.",
    )
    w.edges(
        src,
        started,
        ("asset-veyra", "CAUSED", "incident-veyra-fuser"),
        ("incident-veyra-fuser", "AFFECTS", "asset-veyra"),
        ("incident-veyra-fuser", "AFFECTS", "metric-digital-clicks"),
        *(("incident-veyra-fuser", "CAUSED", obs["clicks"][d]) for d in FUSER_DAYS),
        ("person-hannah-lutz", "OWNS", "incident-veyra-fuser"),
        as_of=back,
    )
    src, started, back = (
        "jobline:ncr/NCR-0824",
        "2026-08-24T11:30:00+00:00",
        CURL_DAYS[-1],
    )
    w.node(
        "Incident",
        "incident-board-curl",
        "Folder-gluer jams: curled SBS board from Millbrook lot ML-22817",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt="2026-08-26T22:00:00+00:00",
        text="From the morning of Monday 24 August the Falcata folder-gluer jammed on "
        "Northwoods Creamery butter cartons and Sweetgrass sleeves printed on Millbrook Board "
        "lot ML-22817: the 18pt SBS had 8.9% moisture and the blanks curled. 18,400 cartons "
        "were scrapped by Wednesday 26 August, Northwoods release 3 shipped two days late and "
        "credit note CN-2291 for 6,840 dollars went to Northwoods.",
    )
    w.edges(
        src,
        started,
        ("vendor-millbrook", "CAUSED", "incident-board-curl"),
        ("incident-board-curl", "AFFECTS", "asset-foldergluer"),
        ("incident-board-curl", "AFFECTS", "metric-cartons-glued"),
        *(("incident-board-curl", "CAUSED", obs["cartons"][d]) for d in CURL_DAYS),
        ("person-luis-echeverria", "OWNS", "incident-board-curl"),
        as_of=back,
    )
    src, started, back = (
        "jobline:downtime/DT-0902",
        "2026-09-02T12:10:00+00:00",
        DAMPENING_DAYS[-1],
    )
    w.node(
        "Incident",
        "incident-dampening",
        "Press 4 dampening recirculator failed: scumming and toning",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt="2026-09-03T21:30:00+00:00",
        text="The fountain solution recirculator on Press 4 lost its chiller on Wednesday 2 "
        "September: the fountain solution warmed to 19 degrees C, conductivity drifted past "
        "1,800 microsiemens and the plates scummed and toned. Sheets were pulled by the "
        "thousand while Tom Wojcik chased water balance. Ken Mattson fitted a new chiller "
        "compressor and flushed the system by the evening of Thursday 3 September.",
    )
    w.edges(
        src,
        started,
        ("asset-press4", "CAUSED", "incident-dampening"),
        ("incident-dampening", "AFFECTS", "asset-press4"),
        ("incident-dampening", "AFFECTS", "metric-oee-press4"),
        ("incident-dampening", "AFFECTS", "metric-waste-press4"),
        *(("incident-dampening", "CAUSED", obs["oee"][d]) for d in DAMPENING_DAYS),
        *(("incident-dampening", "CAUSED", obs["waste"][d]) for d in DAMPENING_DAYS),
        ("person-ken-mattson", "OWNS", "incident-dampening"),
        as_of=back,
    )
    src, started = "jobline:it-tickets/IT-0921", "2026-09-21T05:00:00+00:00"
    w.node(
        "Incident",
        "incident-presswatch-key",
        "Presswatch recorded nothing: Jobline API key reissued at the region move",
        src=src,
        as_of=KEY_BACK,
        status="resolved",
        severity="medium",
        startedAt=started,
        resolvedAt="2026-09-25T20:20:00+00:00",
        text="Jobline Software moved its hosted MIS to a new region overnight into Monday 21 "
        "September and reissued every customer API key. Presswatch still had the old key, "
        "could not pull job tickets, and recorded no Press 4 OEE from 21 to 25 September. "
        "Ryan Obuya loaded a temporary key at 15:20 on Friday 25 September; the lost days "
        "could not be rebuilt.",
    )
    w.edges(
        src,
        started,
        ("vendor-jobline", "CAUSED", "incident-presswatch-key"),
        ("incident-presswatch-key", "AFFECTS", "tool-presswatch"),
        ("incident-presswatch-key", "AFFECTS", "account-presswatch-key"),
        ("incident-presswatch-key", "AFFECTS", "metric-oee-press4"),
        ("person-ryan-obuya", "OWNS", "incident-presswatch-key"),
        as_of=KEY_BACK,
    )
    for tid, name, owner, incident, on, done_src in (
        (
            "task-fit-fuser",
            "Fit the replacement fuser assembly on the Veyra V9",
            "person-hannah-lutz",
            "incident-veyra-fuser",
            FUSER_DAYS[0],
            "jobline:downtime/DT-0818#fix",
        ),
        (
            "task-recirculator",
            "Replace the Press 4 recirculator chiller compressor and flush the system",
            "person-ken-mattson",
            "incident-dampening",
            DAMPENING_DAYS[0],
            "jobline:downtime/DT-0902#fix",
        ),
        (
            "task-temp-key",
            "Load the temporary Jobline API key into Presswatch",
            "person-ryan-obuya",
            "incident-presswatch-key",
            KEY_GAP[0],
            "jobline:it-tickets/IT-0921#fix",
        ),
    ):
        w.node("Task", tid, name, src=done_src, as_of=on + timedelta(days=2), status="done")
        w.edges(
            done_src,
            on,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "FIXES", incident),
            as_of=on + timedelta(days=2),
        )
    # The Platewright upgrade: nothing ties it to Press 4 waste; waste just rises that day.
    w.node(
        "Release",
        "release-platewright-7",
        "Platewright 7.0 workflow upgrade",
        src="platewright:releases/7.0",
        as_of="2026-10-05T04:00:00+00:00",
        version="7.0",
        releasedAt="2026-10-05T04:00:00+00:00",
        text="Platewright 7.0, installed on Tamarack's prepress server over the night into "
        "Monday 5 October: a new JDF job intake from Jobline, a faster RIP and a new plate "
        "curve manager. The upgrade assigned Platewright's default PW-Standard plate curve "
        "to every output device on the Tessaro platesetter.",
    )
    w.edges(
        "platewright:releases/7.0",
        "2026-10-05T04:00:00+00:00",
        ("release-platewright-7", "CHANGED", "tool-platewright"),
        ("release-platewright-7", "PART_OF", "service-prepress"),
    )


CHANNELS = (
    ("channel-plant-news", "#plant-news"),
    ("channel-pressroom", "#pressroom"),
    ("channel-prepress", "#prepress"),
    ("channel-finishing", "#finishing"),
    ("channel-purchasing", "#purchasing"),
    ("channel-csr-desk", "#csr-desk"),
    ("channel-it-help", "#it-help"),
    ("channel-planning", "#planning"),
)
MESSAGES = (
    (
        "message-press2",
        "Gail in #plant-news on 22 July",
        "person-gail-sorensen",
        "channel-plant-news",
        "2026-07-22T14:00:00+00:00",
        "Press 2 runs its last job on Friday 14 August and then it's sold and off the floor. "
        "Two-colour work moves to Press 5 and short runs to the Veyra. It ran 19% of its "
        "shifts last year and Arlberg stopped making parts for the AR-52.",
        ("asset-press2", "asset-press5"),
    ),
    (
        "message-proofhaven",
        "Priya in #prepress on 12 August",
        "person-priya-venkatesan",
        "channel-prepress",
        "2026-08-12T15:00:00+00:00",
        "From Tuesday 1 September all soft proofs go out through ProofHaven. ApproveIt goes "
        "read-only on Friday 28 August, so approvals from the 28th to the 31st won't show in "
        "the proof turnaround report. ProofHaven logs who approved and when, shows "
        "separations, and customers can mark up on screen.",
        ("tool-proofhaven", "tool-approveit"),
    ),
    (
        "message-veyra-down",
        "Hannah in #pressroom on 18 August",
        "person-hannah-lutz",
        "channel-pressroom",
        "2026-08-18T14:05:00+00:00",
        "Veyra is down, fuser heater fault. Veyra has no fuser in Milwaukee, one is coming "
        "overnight. Wolf River mailers are going to have to wait.",
        ("incident-veyra-fuser", "asset-veyra"),
    ),
    (
        "message-curl",
        "Luis in #finishing on 24 August",
        "person-luis-echeverria",
        "channel-finishing",
        "2026-08-24T12:00:00+00:00",
        "Gluer keeps jamming on the Northwoods butter cartons, blanks are bowed. All on "
        "Millbrook lot ML-22817. Moisture meter says almost 9%. Stopping that lot.",
        ("incident-board-curl", "vendor-millbrook"),
    ),
    (
        "message-cedar-bay",
        "Bev in #purchasing on 1 September",
        "person-bev-halvorsen",
        "channel-purchasing",
        "2026-09-01T16:00:00+00:00",
        "Gail has signed off: from Tuesday 8 September our SBS comes from Cedar Bay "
        "Paperboard, not Millbrook. Cedar Bay guarantees 6.5% moisture or less with a figure "
        "on every lot certificate, and they're FSC Mix. That's the third curl claim against "
        "Millbrook this year.",
        ("vendor-cedarbay", "vendor-millbrook"),
    ),
    (
        "message-dampening",
        "Ken in #pressroom on 2 September",
        "person-ken-mattson",
        "channel-pressroom",
        "2026-09-02T13:00:00+00:00",
        "Press 4 recirculator chiller is dead, fountain solution is at 19 degrees. That's "
        "your scumming, Tom. Compressor is on order, should be in tomorrow.",
        ("incident-dampening", "asset-press4"),
    ),
    (
        "message-colour-seq",
        "Reggie in #planning on 8 September",
        "person-reggie-amadi",
        "channel-planning",
        "2026-09-08T13:30:00+00:00",
        "From Monday 14 September the Press 4 board is scheduled in colour sequence: jobs "
        "grouped by ink train and PMS spot colours, then by stock, so we stop washing up "
        "between every job. Marisol builds the board that way, sales gives us the spot colours "
        "on the ticket at order.",
        ("asset-press4",),
    ),
    (
        "message-northwoods-holiday",
        "Denise in #csr-desk on 9 September",
        "person-denise-kowalczyk",
        "channel-csr-desk",
        "2026-09-09T15:00:00+00:00",
        "Gail signed the Northwoods holiday gift-carton programme today: about 1.2 million "
        "cartons in six releases from 1 October to 18 December. Biggest packaging job we've "
        "had. Low-migration inks on all of it.",
        ("customer-northwoods",),
    ),
    (
        "message-presswatch-down",
        "Ryan in #it-help on 21 September",
        "person-ryan-obuya",
        "channel-it-help",
        "2026-09-21T13:00:00+00:00",
        "Presswatch isn't recording anything on Press 4. Jobline moved regions over the "
        "weekend and reissued API keys, ours is dead. Waiting on Jobline support for a new one.",
        ("incident-presswatch-key", "tool-presswatch"),
    ),
    (
        "message-presswatch-back",
        "Ryan in #it-help on 25 September",
        "person-ryan-obuya",
        "channel-it-help",
        "2026-09-25T20:20:00+00:00",
        "Presswatch is back on a temporary key. No OEE for Monday to Friday this week, the "
        "days can't be rebuilt. The temp key runs out on 15 November, I'll make a permanent "
        "one before then.",
        ("incident-presswatch-key", "account-presswatch-key"),
    ),
    (
        "message-dale",
        "Luis in #finishing on 2 October",
        "person-luis-echeverria",
        "channel-finishing",
        "2026-10-02T19:00:00+00:00",
        "Today is Dale's last day after 31 years on the gluer. Cake in the break room at "
        "two. Kayla and Mai cover the gluer from Monday.",
        ("person-dale-fenske",),
    ),
    (
        "message-platewright-7",
        "Priya in #prepress on 2 October",
        "person-priya-venkatesan",
        "channel-prepress",
        "2026-10-02T16:00:00+00:00",
        "Platewright 7.0 goes on the server this weekend, live for Monday 5 October. New JDF "
        "intake from Jobline and the RIP is a lot faster. Plates on Monday morning might be "
        "ten minutes late.",
        ("release-platewright-7", "tool-platewright"),
    ),
    (
        "message-fsc-handover",
        "Ana in #plant-news on 12 October",
        "person-ana-ferraro",
        "channel-plant-news",
        "2026-10-12T13:00:00+00:00",
        "I'm on leave from today until January. Bev has the FSC surveillance audit prep "
        "from here, audit is 17 November with Bureau Cardinal. Everything is in the FSC "
        "folder on SharePoint.",
        ("account-fsc-cert",),
    ),
    (
        "message-planning-notes",
        "Production planning notes, 29 October",
        "person-reggie-amadi",
        "channel-planning",
        "2026-10-29T14:30:00+00:00",
        "Production planning, Thu 29 Oct. 1) Press 4 waste up about a third since 5 Oct: "
        "Platewright 7.0 replaced our G7 plate curves with its PW-Standard default. We stay on "
        "7.0 and restore the G7 curves for Press 4 and Press 5 from the 6.8 backup: Priya by "
        "Tue 3 Nov, Tom runs the G7 test form Wed 4 Nov. Estimates keep the standard "
        "allowances; Cody re-estimates the Halverson spring catalogue by Fri 6 Nov. "
        "2) Northwoods holiday releases: Saturday folder-gluer shifts through November; Luis "
        "posts the rota by Mon 2 Nov, Denise confirms release 3 by Fri 6 Nov. 3) The "
        "Presswatch key renewal (temporary key expires 15 Nov) moves from Ryan to Reggie, done "
        "by Fri 13 Nov. 4) Sweetgrass lavender: inside the signed proof at delta E 1.8, no "
        "credit note; Jamal offers a reprint at cost. 5) FSC audit 17 Nov: Bev has it.",
        (
            "release-platewright-7",
            "tool-platewright",
            "account-presswatch-key",
            "customer-northwoods",
            "customer-sweetgrass",
        ),
    ),
)


def _channels_and_messages(w: Book) -> None:
    for cid, name in CHANNELS:
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    for mid, name, who, channel, said, text, targets in MESSAGES:
        src = f"teams:{w.names[channel].lstrip('#')}/{_ts(said)}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
            *((mid, "MENTIONS", t) for t in targets),
        )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Jobline": "tool-jobline",
        "Platewright": "tool-platewright",
        "ProofHaven": "tool-proofhaven",
        "ApproveIt": "tool-approveit",
        "ChromaTrack": "tool-chromatrack",
        "Press 4": "asset-press4",
        "Press 5": "asset-press5",
        "Veyra": "asset-veyra",
        "Stanza": "asset-diecutter",
        "Falcata": "asset-foldergluer",
        "Millbrook": "vendor-millbrook",
        "Cedar Bay": "vendor-cedarbay",
        "Halden": "vendor-halden",
        "Keystone": "vendor-keystone",
        "Bureau Cardinal": "vendor-cardinal",
        "Fox River": "vendor-foxriver",
        "Northwoods": "customer-northwoods",
        "Sweetgrass": "customer-sweetgrass",
        "TPC-COC-004417": "account-fsc-cert",
        "Reggie Amadi": "person-reggie-amadi",
        "Gail Sorensen": "person-gail-sorensen",
        "Kayla Nehring": "person-kayla-nehring",
        "Denise Kowalczyk": "person-denise-kowalczyk",
        "Ana Ferraro": "person-ana-ferraro",
    }
    for path, did, author, kind, about in (
        (
            "estimating-standards.md",
            "doc-estimating",
            "person-cody-lindahl",
            "standards",
            ["service-offset", "service-converting", "service-job-costing"],
        ),
        (
            "board-curl-review.md",
            "doc-curl-review",
            "person-luis-echeverria",
            "incident review",
            ["incident-board-curl"],
        ),
        (
            "northwoods-agreement-summary.md",
            "doc-northwoods",
            "person-denise-kowalczyk",
            "contract summary",
            ["customer-northwoods", "product-folding-cartons"],
        ),
        (
            "fsc-coc-procedure.md",
            "doc-fsc",
            "person-ana-ferraro",
            "procedure",
            ["service-fsc", "account-fsc-cert"],
        ),
        (
            "pressroom-sop.md",
            "doc-pressroom-sop",
            "person-tom-wojcik",
            "procedure",
            ["asset-press4", "asset-press5", "service-offset"],
        ),
        (
            "proofing-guide.md",
            "doc-proofing",
            "person-priya-venkatesan",
            "guide",
            ["service-proofing", "tool-proofhaven"],
        ),
        (
            "reprint-credit-policy.md",
            "doc-credits",
            "person-sharon-teigen",
            "policy",
            ["service-proofing"],
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

    def said(mid: str) -> str:
        return next(
            f"teams:{w.names[c].lstrip('#')}/{_ts(t)}"
            for m, _, _, c, t, _, _ in MESSAGES
            if m == mid
        )

    decision(
        "decision-millbrook",
        "Buy SBS folding carton board from Millbrook Board",
        src="jobline:vendors/millbrook",
        on=START,
        why="Millbrook Board was the nearest SBS mill with FSC Mix board in 2024 and matched "
        "the lowest price per ton on the 18pt caliper.",
        made_by="person-bev-halvorsen",
        made_in=None,
        edges=(("decision-millbrook", "AFFECTS", "service-converting"),),
    )
    decision(
        "decision-cedar-bay",
        "Move SBS carton board from Millbrook Board to Cedar Bay Paperboard from 8 September",
        src=said("message-cedar-bay"),
        on=CEDAR_DECIDED,
        why="Millbrook's lot ML-22817 came in at 8.9% moisture, curled and cost 18,400 "
        "scrapped cartons, the third curl claim against Millbrook in 2026, and its lot "
        "certificates give no moisture figure. Cedar Bay guarantees 6.5% moisture or less "
        "with the figure on every lot certificate, is FSC Mix certified and delivers in two "
        "days.",
        made_by="person-gail-sorensen",
        made_in="message-cedar-bay",
        edges=(
            ("decision-cedar-bay", "SUPERSEDES", "decision-millbrook"),
            ("decision-cedar-bay", "AFFECTS", "service-converting"),
            ("decision-cedar-bay", "MENTIONS", "vendor-cedarbay"),
            ("decision-cedar-bay", "MENTIONS", "vendor-millbrook"),
            ("decision-cedar-bay", "MENTIONS", "incident-board-curl"),
        ),
    )
    decision(
        "decision-press2",
        "Decommission Press 2 after 14 August and sell it",
        src=said("message-press2"),
        on=PRESS2_DECIDED,
        why="Press 2 ran only 19% of its shifts last year, Arlberg no longer makes parts for "
        "the AR-52, and its two-colour work fits on Press 5 and the Veyra; the floor space "
        "goes to staging for the folder-gluer.",
        made_by="person-gail-sorensen",
        made_in="message-press2",
        edges=(
            ("decision-press2", "AFFECTS", "service-offset"),
            ("decision-press2", "MENTIONS", "asset-press2"),
        ),
    )
    decision(
        "decision-proofhaven",
        "Send every soft proof through ProofHaven from 1 September and retire ApproveIt",
        src=said("message-proofhaven"),
        on=PROOFHAVEN_DECIDED,
        why="ApproveIt only emailed a PDF with an approve link: no record of who approved, no "
        "separations view and approvals lost in customers' inboxes. ProofHaven takes proofs "
        "straight from Platewright, logs every approval with a name and time and lets "
        "customers mark up on screen.",
        made_by="person-priya-venkatesan",
        made_in="message-proofhaven",
        edges=(
            ("decision-proofhaven", "AFFECTS", "service-proofing"),
            ("decision-proofhaven", "AFFECTS", "metric-proof-hours"),
            ("decision-proofhaven", "MENTIONS", "tool-approveit"),
            ("decision-proofhaven", "MENTIONS", "tool-proofhaven"),
        ),
    )
    decision(
        "decision-colour-sequence",
        "Schedule Press 4 in colour sequence from 14 September",
        src=said("message-colour-seq"),
        on=SEQUENCE_DECIDED,
        why="Most Press 4 make-ready time went on wash-ups between jobs with different PMS "
        "spot colours; grouping jobs on the board by ink train and spot colour, then by "
        "stock, cuts wash-ups and make-ready minutes.",
        made_by="person-reggie-amadi",
        made_in="message-colour-seq",
        edges=(
            ("decision-colour-sequence", "AFFECTS", "metric-makeready-press4"),
            ("decision-colour-sequence", "AFFECTS", "asset-press4"),
        ),
    )
    decision(
        "decision-northwoods-holiday",
        "Take on Northwoods Creamery's holiday gift-carton programme from 1 October",
        src=said("message-northwoods-holiday"),
        on=HOLIDAY_DECIDED,
        why="About 1.2 million food-contact cartons in six releases from 1 October to 18 "
        "December fill the folder-gluer through the slow catalogue season and tie Tamarack's "
        "biggest packaging customer in for 2027.",
        made_by="person-gail-sorensen",
        made_in="message-northwoods-holiday",
        edges=(
            ("decision-northwoods-holiday", "AFFECTS", "metric-cartons-glued"),
            ("decision-northwoods-holiday", "MENTIONS", "customer-northwoods"),
        ),
    )
    decision(
        "decision-fountain-logging",
        "Log fountain solution conductivity and temperature every shift on both offset presses",
        src="sharepoint:pressroom-sop",
        on=REVIEW_DAY,
        why="The 2-3 September recirculator failure ran for hours before anyone measured the "
        "fountain solution; a logged reading every shift and every four hours catches a "
        "warming chiller before the plates scum.",
        made_by="person-ken-mattson",
        made_in="doc-pressroom-sop",
        edges=(
            ("decision-fountain-logging", "BASED_ON", "doc-pressroom-sop"),
            ("decision-fountain-logging", "MENTIONS", "incident-dampening"),
        ),
    )
    notes = said("message-planning-notes")
    decision(
        "decision-restore-curves",
        "Stay on Platewright 7.0 and restore the G7 plate curves for Press 4 and Press 5",
        src=notes,
        on=MEETING,
        why="Platewright 7.0 assigned its PW-Standard default curve to the Tessaro, so every "
        "plate since 5 October is off the G7 calibration and Press 4 waste is up about a "
        "third; the G7 curve sets are in the 6.8 backup and import into 7.0 without a "
        "downgrade.",
        made_by="person-reggie-amadi",
        made_in="message-planning-notes",
        edges=(
            ("decision-restore-curves", "AFFECTS", "tool-platewright"),
            ("decision-restore-curves", "MENTIONS", "release-platewright-7"),
        ),
    )
    decision(
        "decision-saturday-gluer",
        "Run Saturday folder-gluer shifts through November for the Northwoods holiday releases",
        src=notes,
        on=MEETING,
        why="On weekdays alone the gluer is about a day and a half short on release 3 since "
        "Dale Fenske retired, and Saturday overtime costs less than a 4% rebate on a late "
        "release.",
        made_by="person-reggie-amadi",
        made_in="message-planning-notes",
        edges=(
            ("decision-saturday-gluer", "AFFECTS", "asset-foldergluer"),
            ("decision-saturday-gluer", "MENTIONS", "customer-northwoods"),
        ),
    )
    decision(
        "decision-sweetgrass-no-credit",
        "No credit note for the Sweetgrass lavender complaint; offer a reprint at cost",
        src=notes,
        on=MEETING,
        why="Sweetgrass approved the final proof in ProofHaven and the cartons measured delta "
        "E 1.8 on the lavender, inside the signed proof and the 3.0 tolerance.",
        made_by="person-reggie-amadi",
        made_in="message-planning-notes",
        edges=(("decision-sweetgrass-no-credit", "MENTIONS", "customer-sweetgrass"),),
    )


def _work(w: Book) -> None:
    src = "jobline:it-tickets/IT-0928"
    w.node(
        "Task",
        "task-presswatch-key",
        "Make a permanent Jobline API key for Presswatch before the temporary one expires on "
        "15 November",
        src=src,
        as_of=KEY_TASK_FROM,
        status="open",
        due="2026-11-13",
        text="Create a permanent API key in Jobline's new admin console, load it into the "
        "Presswatch collector and have Grayline restart the collector, so OEE recording does "
        "not stop again when the temporary key expires on 15 November.",
    )
    w.edge("person-ryan-obuya", "OWNS", "task-presswatch-key", since=KEY_TASK_FROM, src=src)
    w.edges(
        src,
        KEY_TASK_FROM,
        ("task-presswatch-key", "ABOUT", "account-presswatch-key"),
        ("person-ryan-obuya", "WORKS_ON", "task-presswatch-key"),
    )
    notes = next(
        f"teams:planning/{_ts(t)}"
        for m, _, _, _, t, _, _ in MESSAGES
        if m == "message-planning-notes"
    )
    w.edges(
        notes,
        MEETING,
        ("person-reggie-amadi", "OWNS", "task-presswatch-key"),
        ("person-reggie-amadi", "WORKS_ON", "task-presswatch-key"),
        ("message-planning-notes", "MENTIONS", "task-presswatch-key"),
    )
    src = "jobline:tasks/QA-0901"
    w.node(
        "Task",
        "task-fsc-audit",
        "Prepare the FSC chain-of-custody surveillance audit on 17 November",
        src=src,
        as_of=FSC_TASK_FROM,
        status="in progress",
        due="2026-11-16",
        text="Collect supplier certificates, delivery notes with FSC claims, label approvals "
        "and the FSC job list since the last audit, and book Bureau Cardinal's auditor for "
        "17 November.",
    )
    w.edge("person-ana-ferraro", "OWNS", "task-fsc-audit", since=FSC_TASK_FROM, src=src)
    w.edges(
        src,
        FSC_TASK_FROM,
        ("task-fsc-audit", "ABOUT", "account-fsc-cert"),
        ("task-fsc-audit", "ABOUT", "rule-fsc-claim"),
        ("person-ana-ferraro", "WORKS_ON", "task-fsc-audit"),
    )
    handover = next(
        f"teams:plant-news/{_ts(t)}"
        for m, _, _, _, t, _, _ in MESSAGES
        if m == "message-fsc-handover"
    )
    w.edges(
        handover,
        FSC_HANDOVER,
        ("person-bev-halvorsen", "OWNS", "task-fsc-audit"),
        ("person-bev-halvorsen", "WORKS_ON", "task-fsc-audit"),
        ("message-fsc-handover", "MENTIONS", "task-fsc-audit"),
    )
    src = "jobline:tasks/PU-0904"
    w.node(
        "Task",
        "task-millbrook-claim",
        "Claim the lot ML-22817 losses back from Millbrook Board",
        src=src,
        as_of=REVIEW_DAY,
        status="in progress",
        due="2026-11-20",
        text="Claim the 18,400 scrapped cartons, the Press 4 reprint and credit note CN-2291 "
        "back from Millbrook Board with the lot number and the moisture readings.",
    )
    w.edges(
        src,
        REVIEW_DAY,
        ("person-bev-halvorsen", "OWNS", "task-millbrook-claim"),
        ("person-bev-halvorsen", "WORKS_ON", "task-millbrook-claim"),
        ("task-millbrook-claim", "ABOUT", "incident-board-curl"),
        ("task-millbrook-claim", "ABOUT", "vendor-millbrook"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-restore-curves",
            "Import the G7 plate curves from the Platewright 6.8 backup and assign them to "
            "Press 4 and Press 5",
            "person-priya-venkatesan",
            "2026-11-03",
            "Import the G7 curve sets into Platewright 7.0 and make them the curves for the "
            "Press 4 and Press 5 outputs on the Tessaro.",
            "tool-platewright",
        ),
        (
            "task-g7-test-form",
            "Run a G7 verification test form on Press 4 and Press 5",
            "person-tom-wojcik",
            "2026-11-04",
            "Press 4 first job of the day shift on Wednesday 4 November, Press 5 on Thursday, "
            "measured with ChromaTrack.",
            "asset-press4",
        ),
        (
            "task-halverson-estimate",
            "Re-estimate the Halverson spring 2027 catalogue with the standard waste allowances",
            "person-cody-lindahl",
            "2026-11-06",
            "Re-run the 180,000-copy estimate after the G7 test form, with 250 sheets a unit "
            "and 3% running waste instead of October's actuals.",
            "deal-halverson-spring",
        ),
        (
            "task-saturday-rota",
            "Post the Saturday folder-gluer rota for November",
            "person-luis-echeverria",
            "2026-11-02",
            "Kayla Nehring and Mai Vang on the gluer, Luis on the die-cutter, every Saturday "
            "in November.",
            "asset-foldergluer",
        ),
        (
            "task-release3-confirm",
            "Confirm Northwoods holiday release 3 in writing",
            "person-denise-kowalczyk",
            "2026-11-06",
            "About 260,000 cartons due in Little Chute on 13 November.",
            "customer-northwoods",
        ),
        (
            "task-sweetgrass-reprint",
            "Offer Sweetgrass a reprint at cost with a new ProofHaven proof",
            "person-jamal-pettaway",
            "2026-11-03",
            "No credit note: the lavender was inside the signed proof. Offer the reprint at "
            "cost with the lavender adjusted, new proof first.",
            "customer-sweetgrass",
        ),
        (
            "task-key-steps",
            "Write the Presswatch key renewal steps in the IT wiki",
            "person-ryan-obuya",
            "2026-10-30",
            "The steps for Jobline's admin console and the Grayline collector restart, for "
            "Reggie Amadi.",
            "account-presswatch-key",
        ),
    ):
        w.node(
            "Task",
            tid,
            name,
            src=notes,
            as_of=MEETING,
            status="open",
            due=due,
            text=text,
        )
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-planning-notes", "MENTIONS", tid),
        )


COVERAGE_WORDS = [
    "coverage",
    "days of data",
    "missing",
    "only",
    "gap",
    "no reading",
    "days with",
]


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question

    def covered(q: Question) -> Question:
        q.must_include = [COVERAGE_WORDS]
        return q

    plates = impact_question(
        facts,
        "if norvale cant get us plates this week what goes down?",
        ["vendor-norvale"],
        today,
        must_exclude=["Press 2"],
        note="Norvale -> the Tessaro platesetter -> Press 4, Press 5 and prepress -> offset "
        "printing -> cartons and catalogues; Press 2 also ran off the platesetter until it "
        "was decommissioned on 14 August, so it breaks nothing now",
    )
    crew = related_question(
        facts,
        "who's on the finishing crew now",
        today,
        rel="MEMBER_OF",
        to="team-finishing",
        keep=["Person"],
        note="Dale Fenske retired on 2 October",
    )
    crew.must_exclude = ["Dale Fenske"]
    return [
        plates,
        impact_question(
            facts,
            "presswatch api key expires nov 15 - what stops working if nobody renews it",
            ["account-presswatch-key"],
            today,
            note="the key -> Presswatch -> OEE reporting and job costing",
        ),
        impact_question(
            facts,
            "veyra is down again, what does that knock out for us",
            ["vendor-veyra", "asset-veyra"],
            today,
            note="Veyra is both the vendor and the press: under either reading digital "
            "printing and what is sold on it stop",
        ),
        owner_question(
            facts,
            "whos doing the presswatch key renewal now that ryan's out?",
            "task-presswatch-key",
            today,
            note="Ryan Obuya handed it to Reggie Amadi at the 29 October planning meeting",
        ),
        owner_question(
            facts,
            "who had the presswatch api key job at the start of october",
            "task-presswatch-key",
            date(2026, 10, 5),
        ),
        owner_question(
            facts,
            "who was prepping the fsc audit in mid sept",
            "task-fsc-audit",
            date(2026, 9, 15),
            note="Ana Ferraro had it until Bev Halvorsen took it over on 12 October",
        ),
        Question(
            "why'd we move our sbs board over to cedar bay",
            "decision",
            must_include=[["moisture", "6.5%", "curl"]],
            must_cite=["decision-cedar-bay"],
        ),
        Question(
            "who made the call to get rid of press 2?",
            "decision",
            must_include=["Gail Sorensen"],
            must_cite=["decision-press2"],
        ),
        Question(
            "who were we buying sbs from before cedar bay",
            "decision",
            must_include=["Millbrook"],
            must_cite=["decision-millbrook"],
            note="the superseded decision: Millbrook Board until 8 September",
        ),
        Question(
            "halverson wants to come in for a press check tmrw at 7am, can marisol just book it?",
            "policy",
            must_include=["48 hours"],
            must_cite=["rule-press-check"],
            note="no: press checks are booked at least 48 hours ahead",
        ),
        Question(
            "sweetgrass says the lavender is off on their cartons. how much can i credit them "
            "w/o gail signing off",
            "policy",
            must_include=["2,500"],
            must_cite=["rule-credit-limit"],
            note="up to $2,500 with the production manager; over that the plant manager",
        ),
        Question(
            "quoting a 6 colour job on p4 - what makeready waste do i allow?",
            "policy",
            must_include=[["250", "1,500"], "3%"],
            must_cite=["rule-makeready-allowance"],
        ),
        related_question(
            facts,
            "the proof portal runs on a subscription, who's that with vendor-wise?",
            today,
            rel="DEPENDS_ON",
            frm="account-proofhaven-sub",
            keep=["Vendor"],
            note="ProofHaven -> its subscription -> Halyard Digital",
        ),
        related_question(
            facts,
            "presswatch pulls job tickets thru an api key. which team is whoever owns that key on?",
            today,
            rel="MEMBER_OF",
            frm="person-ryan-obuya",
            note="the key is Ryan Obuya's (the renewal task moved to Reggie, the key did not) "
            "-> his team",
        ),
        crew,
        m(
            facts,
            today,
            "p4 oee yesterday?",
            "metric_value",
            "metric-oee-press4",
            periods=("yesterday",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "how many cartons did the gluer get through on aug 25",
            "metric_value",
            "metric-cartons-glued",
            span=(CURL_DAYS[1], CURL_DAYS[1]),
            tolerance=0.5,
            note="the middle day of the board curl",
        ),
        m(
            facts,
            today,
            "total waste sheets on press 4 last week",
            "metric_total",
            "metric-waste-press4",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many clicks did the veyra do in august",
            "metric_total",
            "metric-digital-clicks",
            periods=("month_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "veyra clicks the week of aug 17, total?",
            "metric_total",
            "metric-digital-clicks",
            periods=("week_of_2026-08-17",),
            tolerance=0.5,
            note="the week of 17-23 August holds the three fuser days",
        ),
        m(
            facts,
            today,
            "avg makeready mins on p4 since we started colour sequencing",
            "metric_average",
            "metric-makeready-press4",
            periods=("since_2026-09-14",),
            tolerance=0.05,
            note="colour-sequence scheduling started on Monday 14 September",
        ),
        covered(
            m(
                facts,
                today,
                "whats average oee on press 4 for the end of q3",
                "metric_average",
                "metric-oee-press4",
                periods=("end_q3",),
                tolerance=0.05,
                covered=True,
                note="17-30 September; Presswatch recorded nothing 21-25 September, so 9 of "
                "the 14 days, a mean over those",
            )
        ),
        m(
            facts,
            today,
            "mid october avg waste sheets per day on 4",
            "metric_average",
            "metric-waste-press4",
            periods=("mid_october",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "waste sheets this month vs last month?",
            "metric_change",
            "metric-waste-press4",
            periods=("this_month", "last_month"),
            tolerance=0.2,
            note="1-29 October against all of September, as totals",
        ),
        covered(
            m(
                facts,
                today,
                "oee september vs august - better or worse?",
                "metric_change",
                "metric-oee-press4",
                periods=("month_september", "month_august"),
                tolerance=0.2,
                covered=True,
                note="September has no readings 21-25 September (25 of 30 days): compare daily "
                "means over the covered days and say so",
            )
        ),
        covered(
            m(
                facts,
                today,
                "proof approval time this month vs q3, are customers signing off faster?",
                "metric_change",
                "metric-proof-hours",
                periods=("this_month", "q3"),
                tolerance=0.2,
                covered=True,
                note="readings start on 29 July and none were recorded 28-31 August in the "
                "ApproveIt to ProofHaven cutover, so Q3 has 60 of its 92 days",
            )
        ),
        m(
            facts,
            today,
            "makeready time second half of sept vs first half",
            "metric_change",
            "metric-makeready-press4",
            periods=("second_half_september", "first_half_september"),
            tolerance=0.2,
        ),
        Question(
            "why was p4 oee in the toilet sept 2-3",
            "metric_why",
            must_include=[["fountain solution", "recirculator", "dampening", "chiller"]],
            must_cite=["incident-dampening"],
        ),
        Question(
            "how come theres no oee numbers for the week of sept 21?",
            "metric_why",
            must_include=[["API key", "region"]],
            must_cite=["incident-presswatch-key"],
        ),
        Question(
            "gluer output fell off a cliff end of august, why",
            "metric_why",
            must_include=[["curl", "moisture", "ML-22817"]],
            must_cite=["incident-board-curl"],
        ),
        Question(
            "waste on press 4 has been nuts since early october, whats going on?",
            "metric_why",
            must_include=[["Platewright 7", "7.0", "plate curve", "PW-Standard"]],
            must_cite=["release-platewright-7"],
            note="nothing links the release to the metric: waste rises from 5 October, the "
            "day Platewright 7.0 put its default plate curve on the Tessaro",
        ),
        Question(
            "per luis's write up how many cartons did we scrap in the curl mess",
            "document",
            must_include=["18,400"],
            must_cite=["doc-curl-review"],
        ),
        Question(
            "whats the rebate in the northwoods agreement if a holiday release shows up late",
            "document",
            must_include=["4%"],
            must_cite=["doc-northwoods"],
        ),
        Question(
            "what did we land on for the plate curves at yesterday's planning meeting?",
            "meeting",
            must_include=[["G7", "6.8"], ["Priya", "3 November", "Tuesday"]],
            must_cite=["decision-restore-curves"],
            note="29 October: stay on Platewright 7.0, restore the G7 curves for Press 4 and "
            "Press 5 from the 6.8 backup, Priya by Tuesday 3 November, Tom's test form on the "
            "4th",
        ),
        Question(
            "who's got what out of thursday's production planning mtg",
            "meeting",
            must_include=["Priya", "Cody", "Luis", "Reggie"],
            note="Priya: G7 curves by 3 Nov; Tom: G7 test form 4 Nov; Cody: Halverson "
            "re-estimate by 6 Nov; Luis: Saturday rota by 2 Nov; Denise: release 3 by 6 Nov; "
            "Reggie: Presswatch key by 13 Nov; Ryan: the steps today; Jamal: Sweetgrass "
            "reprint offer",
        ),
        Question(
            "who's our heidelberg service tech again?",
            "unknown",
            absent=["Heidelberg"],
            note="the presses are Arlbergs; no such vendor in the records",
        ),
        Question(
            "how much waste did press 4 make in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 29 July",
        ),
        Question(
            "what did jerry gunderson decide about the flexo line",
            "unknown",
            absent=["Gunderson", "flexo"],
            note="no such person and no flexo press",
        ),
        Question("anyone got a spare ticket for the packers game sunday?", "offtopic"),
        Question("whats a good booyah recipe for the fall potluck", "offtopic"),
    ]


def build() -> Business:
    """The plant's facts and its questions."""
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
        "Tamarack Press & Carton",
        "commercial print and folding-carton plant: sheetfed offset and digital presses, a "
        "die-cutter and folder-gluer, prepress with plate curves and online proofs, an MIS "
        "with job tickets and estimates, OEE, make-ready and waste sheets, board and ink "
        "suppliers, credit notes and FSC chain-of-custody (Tamarack Press & Carton, "
        "Kaukauna, Wisconsin, USA)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/production-planning-2026-10-29.txt",
                "title": "Weekly production planning meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
