"""Hopwright Brewing Co.: an independent craft brewery with a taproom and a canning line in
Tanager, Oregon, in the mid-Willamette Valley.

The story: Hopwright brews on a 15-barrel three-vessel brewhouse with eight fermenters and
four brite tanks held by GlycoLink controllers (Frostbridge Refrigeration), cans on a
four-head CL-4 line (Cannova Systems, under a service contract that expires on 30 November)
and washes and fills leased KegLoop kegs. Batches, tanks, inventory and the removals report
behind the excise returns live in Mashbook (subscription expires 31 October); KegLoop reads
fill records from Mashbook through an API key. The taproom runs on the Tapster POS, which
takes cards through the Sprocket Payments merchant account. CO2 for the cellar, the canning
line and the taproom's draft system comes from Northstar CO2 Supply's bulk tank. Malt comes
from Cascadia Grain & Malt, hops from Willamette Bine Co., cans from Pacifica Can Co.

On 3 August online to-go orders moved from the Shelfside web shop (retired; it settled
through the same Sprocket account) into Tapster Online Ordering (Colette Marchand's decision
of 22 July). Northstar missed two bulk CO2 deliveries and the line ran on cylinders from 10
to 14 August: packaged dissolved oxygen spiked (linked). Double brew days ran from 17 August
(Kenji Arakawa's decision, linked to wort brewed). The CL-4 seamer's second-operation roll
failed on 24 August and the line was down to 28 August (linked). From 1 September Evergreen
Beverage Distributors took the Seattle market (Gretchen Voss's decision of 6 August, linked to
kegs shipped). The GlycoLink gateway died in a power surge and fermentation temperatures have
no readings from 14 to 17 September (linked). Packaged DO is only measured on days the line
runs. Tapster 6.0 went live on 21 September and moved QR table ordering into a sign-up app;
taproom sales fell that day (nothing links the two). The Q3 excise return moved from Bev
Ostrander to Ines Carvalho on 21 September. The production meeting of Monday 5 October put
QR ordering back on guest checkout, decided a backup CO2 supply and handed the Cannova
contract renewal from Shay Okafor to Hank Dorsey.

"Today" is Tuesday 6 October 2026; daily readings run from 1 July to 5 October.
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

SLUG = "hopwright-brewing"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 6)
FIRST, LAST = date(2026, 7, 1), date(2026, 10, 5)
SEED = 20261006
START = date(2025, 1, 6)
TOGO_DECIDED = date(2026, 7, 22)
TOGO_FROM = date(2026, 8, 3)
EVERGREEN_SIGNED = date(2026, 8, 6)
EVERGREEN_FROM = date(2026, 9, 1)
CO2_DAYS = tuple(date(2026, 8, 10) + timedelta(days=i) for i in range(5))  # to 14 Aug
CO2_BACK = date(2026, 8, 15)
DOUBLE_DECIDED = date(2026, 8, 11)
DOUBLE_FROM = date(2026, 8, 17)
SEAMER_DAYS = tuple(date(2026, 8, 24) + timedelta(days=i) for i in range(5))  # to 28 Aug
SEAMER_BACK = date(2026, 8, 31)
LABOR_DAY = date(2026, 9, 7)
FRESH_HOP_FEST = date(2026, 9, 12)
GLYCO_GAP = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(4))  # to 17 Sep
GLYCO_BACK = date(2026, 9, 18)
TAPSTER_6 = date(2026, 9, 21)
EXCISE_TASK_FROM = date(2026, 9, 1)
EXCISE_HANDOVER = date(2026, 9, 21)
REVIEW_DAY = date(2026, 9, 8)
MEETING = date(2026, 10, 5)
DOC_DATES = {
    "doc-cellar-sop": date(2026, 3, 9),
    "doc-packaging-qa": date(2026, 4, 14),
    "doc-taproom-rules": date(2026, 5, 18),
    "doc-wholesale-terms": date(2026, 1, 12),
    "doc-evergreen": EVERGREEN_SIGNED,
    "doc-seamer-review": REVIEW_DAY,
    "doc-excise-calendar": date(2026, 2, 2),
}

# fmt: off
PEOPLE = (
    ("person-gretchen-voss", "Gretchen Voss", "Owner and founder", None),
    ("person-kenji-arakawa", "Kenji Arakawa", "Head brewer", "team-brewhouse"),
    ("person-lupe-saldana", "Lupe Saldaña", "Assistant brewer (keeps the Mashbook batch "
     "records)", "team-brewhouse"),
    ("person-wade-hollister", "Wade Hollister", "Cellar lead", "team-brewhouse"),
    ("person-priya-raman", "Priya Raman", "Cellar hand", "team-brewhouse"),
    ("person-eli-brandvold", "Eli Brandvold", "Cellar hand", "team-brewhouse"),
    ("person-shay-okafor", "Shay Okafor", "Packaging lead (CL-4 canning line)",
     "team-packaging"),
    ("person-marco-ruelas", "Marco Ruelas", "Keg and warehouse lead (keg washing, "
     "deliveries, KegLoop)", "team-packaging"),
    ("person-noor-haddad", "Noor Haddad", "Quality and lab manager", "team-quality"),
    ("person-colette-marchand", "Colette Marchand", "Taproom manager", "team-taproom"),
    ("person-rory-tennant", "Rory Tennant", "Taproom bar lead", "team-taproom"),
    ("person-jamal-whitfield", "Jamal Whitfield", "Sales and distribution rep",
     "team-sales"),
    ("person-bev-ostrander", "Bev Ostrander", "Finance and compliance manager",
     "team-office"),
    ("person-ines-carvalho", "Ines Carvalho", "Bookkeeper (part-time)", "team-office"),
    ("person-hank-dorsey", "Hank Dorsey", "Maintenance engineer (glycol, CO2, boiler and "
     "the canning line)", None),
)
TEAMS = (
    ("team-brewhouse", "Brewhouse & Cellar"),
    ("team-packaging", "Packaging & Kegs"),
    ("team-quality", "Quality Lab"),
    ("team-taproom", "Taproom"),
    ("team-sales", "Sales & Distribution"),
    ("team-office", "Finance & Compliance"),
)
VENDORS = (
    ("vendor-cascadia-malt", "Cascadia Grain & Malt", "base malt in one-ton totes and "
     "specialty malts, delivered weekly from its Albany maltings"),
    ("vendor-bine", "Willamette Bine Co.", "contract hop pellets and, in the late-August to "
     "September harvest, fresh hops picked the same morning"),
    ("vendor-fernwood", "Fernwood Yeast Lab", "liquid yeast pitches and lab testing"),
    ("vendor-northstar", "Northstar CO2 Supply", "bulk CO2 deliveries into the leased "
     "six-ton tank at the brewery, and CO2 cylinders"),
    ("vendor-pacifica", "Pacifica Can Co.", "16 oz brite cans and can ends"),
    ("vendor-ridgeline", "Ridgeline Sleeve & Label", "printed shrink sleeves for the cans"),
    ("vendor-cannova", "Cannova Systems", "the CL-4 four-head canning line and seamer, "
     "parts and service visits"),
    ("vendor-mashbook", "Mashbook Software", "Mashbook, the brewery management software: "
     "brew sheets, tank board, inventory, removals and the excise reports"),
    ("vendor-tapster", "Tapster Systems", "the Tapster taproom POS, Tapster Online "
     "Ordering and the Tapster Guest app"),
    ("vendor-sprocket", "Sprocket Payments", "card processing: the merchant account behind "
     "the taproom POS and online to-go orders"),
    ("vendor-frostbridge", "Frostbridge Refrigeration", "the glycol chiller, the GlycoLink "
     "tank controllers and gateway, and their service"),
    ("vendor-kegloop", "KegLoop", "leased half-barrel and sixtel kegs and the KegLoop keg "
     "tracking app"),
    ("vendor-shelfside", "Shelfside Commerce", "the Shelfside web shop that took online "
     "to-go orders until 3 August 2026"),
)
TOOLS = (
    ("tool-mashbook", "Mashbook brewery management", "vendor-mashbook",
     "person-kenji-arakawa"),
    ("tool-tapster", "Tapster taproom POS", "vendor-tapster", "person-colette-marchand"),
    ("tool-glycolink", "GlycoLink tank temperature control", "vendor-frostbridge",
     "person-wade-hollister"),
    ("tool-kegloop", "KegLoop keg tracking", "vendor-kegloop", "person-marco-ruelas"),
)
ACCOUNTS = (
    ("account-mashbook-sub", "Mashbook subscription", "person-bev-ostrander",
     "Hopwright's yearly Mashbook subscription with Mashbook Software; without it the brew "
     "sheets, the tank board, inventory and the removals report behind the excise returns "
     "are read-only. It expires on 31 October 2026.", {"expiresAt": "2026-10-31"}),
    ("account-mashbook-api", "Mashbook API key for KegLoop", "person-lupe-saldana",
     "The API key KegLoop uses to read keg fill records and batch codes from Mashbook, so "
     "every keg scanned out carries its batch.", {}),
    ("account-sprocket-merchant", "Sprocket Payments merchant account",
     "person-bev-ostrander",
     "Hopwright's card merchant account with Sprocket Payments: every card payment at the "
     "taproom bar and every online to-go order in Tapster settles through it.", {}),
    ("account-co2-supply", "Northstar bulk CO2 contract (six-ton tank)", "person-hank-dorsey",
     "The supply contract and tank lease with Northstar CO2 Supply: bulk CO2 for the "
     "cellar's carbonation and purging, the canning line's can purge and lid gassing, and "
     "the taproom draft system.", {}),
    ("account-cannova-service", "Cannova CL-4 service contract", "person-shay-okafor",
     "The service contract with Cannova Systems for the CL-4 canning line: service visits, "
     "parts at contract price and a technician within 48 hours. It expires on 30 November "
     "2026.", {"expiresAt": "2026-11-30"}),
    ("account-keg-lease", "KegLoop keg lease (1,100 kegs)", "person-marco-ruelas",
     "The lease of 1,100 half-barrel and sixtel kegs from KegLoop.", {}),
    ("account-ttb-filing", "TTB excise filing account", "person-bev-ostrander",
     "The account the federal excise return and the brewer's report of operations are "
     "filed and paid through.", {}),
)
SERVICES = (
    ("service-brewhouse", "Brewhouse (15-barrel three-vessel)",
     ("vendor-cascadia-malt", "vendor-bine", "tool-mashbook"), "person-kenji-arakawa"),
    ("service-cellar", "Fermentation and cellar (8 fermenters, 4 brite tanks)",
     ("tool-glycolink", "vendor-fernwood", "account-co2-supply"), "person-wade-hollister"),
    ("service-canning", "Canning (CL-4 line)",
     ("tool-canline", "vendor-pacifica", "vendor-ridgeline", "account-co2-supply",
      "account-cannova-service"), "person-shay-okafor"),
    ("service-kegging", "Keg washing and filling", ("account-keg-lease",),
     "person-marco-ruelas"),
    ("service-qa", "QA lab (DO, seams, micro)", (), "person-noor-haddad"),
    ("service-draft", "Taproom draft system (24 taps)", ("account-co2-supply",),
     "person-rory-tennant"),
    ("service-taproom", "Taproom bar", ("tool-tapster", "service-draft"),
     "person-colette-marchand"),
    ("service-togo", "To-go and online orders", (), "person-colette-marchand"),
    ("service-wholesale", "Self-distributed wholesale (Oregon bars, pubs and bottle shops)",
     ("tool-mashbook", "tool-kegloop", "service-kegging", "service-canning"),
     "person-jamal-whitfield"),
    ("service-distributor", "Distributor shipments (Evergreen, Seattle)",
     ("service-canning", "service-kegging"), "person-jamal-whitfield"),
    ("service-excise", "Excise returns (federal and Oregon)",
     ("tool-mashbook", "account-ttb-filing"), "person-bev-ostrander"),
)
PRODUCTS = (
    ("product-bine-line", "Bine Line Hazy IPA", ("service-canning", "service-kegging")),
    ("product-tanager-pils", "Tanager Pils", ("service-canning", "service-kegging")),
    ("product-fresh-hop", "Fresh Hop Friday (fresh-hop pale ale, September only)",
     ("service-brewhouse", "vendor-bine")),
    ("product-togo", "Crowlers and 4-packs to go", ("service-togo",)),
)
RULES = (
    ("rule-cip", "Caustic and acid CIP is done only with a face shield, chemical gloves and "
     "an apron, and never alone in the cellar: a second person stays within earshot until "
     "the tank is rinsed", "doc-cellar-sop", "person-wade-hollister"),
    ("rule-vdk", "No beer leaves a fermenter for a brite tank until it passes the forced "
     "diacetyl (VDK) test and has held terminal gravity for two days running",
     "doc-cellar-sop", "person-kenji-arakawa"),
    ("rule-dry-hop", "Dry hops go in only through the top manway with the tank vented to "
     "under 1 psi, with the fall harness clipped to the rail", "doc-cellar-sop",
     "person-wade-hollister"),
    ("rule-tank-entry", "Nobody climbs into a fermenter or brite tank; inside work is done "
     "with the spray ball or by a contractor with a confined-space permit", "doc-cellar-sop",
     "person-kenji-arakawa"),
    ("rule-do-hold", "A canning run whose packaged DO averages above 100 ppb goes on QA hold "
     "and does not ship until Noor Haddad releases it after a re-sample",
     "doc-packaging-qa", "person-noor-haddad"),
    ("rule-seam-check", "A seam teardown is done on every head at start-up, every two hours "
     "and after every jam; any seam out of spec stops the line and every can since the last "
     "good check is held", "doc-packaging-qa", "person-noor-haddad"),
    ("rule-date-code", "Every can is date coded; hazy IPA has a 90-day best-by and is "
     "pulled from the trade at 120 days", "doc-packaging-qa", "person-noor-haddad"),
    ("rule-intoxicated", "Staff ID everyone who looks under 35, and there is no alcohol "
     "service to anyone visibly intoxicated, to-go crowlers and 4-packs included",
     "doc-taproom-rules", "person-colette-marchand"),
    ("rule-last-call", "Last call is 21:30 Sunday to Thursday and 22:30 Friday and "
     "Saturday; to-go sales stop at last call", "doc-taproom-rules",
     "person-colette-marchand"),
    ("rule-strong-pours", "No guest gets more than two pours of anything over 8% ABV",
     "doc-taproom-rules", "person-colette-marchand"),
    ("rule-comps", "Comps over $50 on one tab need Colette Marchand's OK in Tapster",
     "doc-taproom-rules", "person-colette-marchand"),
    ("rule-credit", "Self-distributed accounts pay on delivery or net 30; an account 45 "
     "days past due goes on hold and gets no deliveries until it is paid in full",
     "doc-wholesale-terms", "person-jamal-whitfield"),
    ("rule-keg-deposit", "Every keg delivered carries a $30 deposit, refunded when KegLoop "
     "scans it back in", "doc-wholesale-terms", "person-marco-ruelas"),
    ("rule-no-free-goods", "No free kegs, cases, cash or equipment to a retailer to win a "
     "tap or shelf space; tap handles, coasters and posters only", "doc-wholesale-terms",
     "person-jamal-whitfield"),
    ("rule-removals", "Every removal (taproom pours, to-go, wholesale, Evergreen pick-ups "
     "and samples) goes on the excise return, prepared from the Mashbook removals report "
     "and checked against the Tapster keg depletion", "doc-excise-calendar",
     "person-bev-ostrander"),
)
# fmt: on


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-hopwright",
        "Hopwright Brewing Co.",
        src="oregon-sos:hopwright-brewing-llc",
        as_of=date(2017, 4, 3),
        city="Tanager",
        text="Hopwright Brewing Co. LLC is an independent craft brewery on Mill Street in "
        "Tanager, Oregon, in the mid-Willamette Valley: a 15-barrel brewhouse, a cellar of "
        "eight fermenters and four brite tanks, a CL-4 canning line, a keg washer, a "
        "taproom with 24 taps and a patio, self-distribution to Oregon bars, pubs and bottle "
        "shops, and Evergreen Beverage Distributors in Seattle.",
    )
    w.node(
        "Organization",
        "org-ttb",
        "Alcohol and Tobacco Tax and Trade Bureau (TTB)",
        src="ttb:brewers-notice",
        as_of=START,
        text="The federal regulator Hopwright holds its brewer's notice with; it collects "
        "the federal excise tax on beer quarterly.",
    )
    w.node(
        "Organization",
        "org-olcc",
        "Oregon Liquor and Cannabis Commission (OLCC)",
        src="olcc:licences",
        as_of=START,
        text="The state regulator: it licenses the brewery and the taproom and collects the "
        "Oregon beer tax every month.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="crewdesk:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-hopwright", since=START, src="crewdesk:teams")
    for pid, name, role, team in PEOPLE:
        first = pid.removeprefix("person-").split("-")[0]
        w.node(
            "Person",
            pid,
            name,
            src="crewdesk:staff",
            as_of=START,
            role=role,
            email=f"{first}@hopwrightbrewing.com",
        )
        w.edge(pid, "MEMBER_OF", team or "org-hopwright", since=START, src="crewdesk:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="ledgerwise:vendors",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-hopwright", "USES", vid, since=START, src="ledgerwise:vendors")
    w.node(
        "Deal",
        "deal-evergreen",
        "Evergreen Beverage Distributors: Seattle and King County, September 2026 to August 2028",
        src="drive:evergreen-agreement",
        as_of=EVERGREEN_SIGNED,
        stage="won",
        value=410000,
        text="A two-year distribution agreement: Evergreen buys Bine Line Hazy IPA and "
        "Tanager Pils FOB the brewery for Seattle and King County from 1 September 2026; "
        "about $205,000 a year at the minimum volumes.",
    )
    w.edge(
        "deal-evergreen",
        "ASSIGNED_TO",
        "person-jamal-whitfield",
        since=EVERGREEN_SIGNED,
        src="drive:evergreen-agreement",
    )
    w.node(
        "Deal",
        "deal-riverbend",
        "Riverbend Market: Bine Line 4-packs in six stores",
        src="drive:riverbend-proposal",
        as_of=date(2026, 9, 24),
        stage="proposal sent",
        value=48000,
        text="A proposal to put Bine Line Hazy IPA 4-packs on the shelf in Riverbend "
        "Market's six Willamette Valley grocery stores from November.",
    )
    w.edge(
        "deal-riverbend",
        "ASSIGNED_TO",
        "person-jamal-whitfield",
        since=date(2026, 9, 24),
        src="drive:riverbend-proposal",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-evergreen",
            "Evergreen Beverage Distributors",
            "A Seattle beer distributor; from 1 September 2026 it carries Hopwright to "
            "bars, bottle shops and grocers in Seattle and King County, with pick-ups at "
            "the brewery dock on Tuesdays and Thursdays.",
            "service-distributor",
        ),
        (
            "customer-snag",
            "The Snag Tavern",
            "A Portland bar with six Hopwright taps; self-distributed, deliveries on Tuesdays.",
            "service-wholesale",
        ),
        (
            "customer-canopy",
            "Canopy Bottle Shop",
            "A bottle shop and tasting bar in Salem; buys Bine Line and Tanager Pils by the "
            "case and two sixtels a week.",
            "service-wholesale",
        ),
        (
            "customer-pint-piston",
            "Pint & Piston Public House",
            "A pub in Corvallis; Tanager Pils is its house lager.",
            "service-wholesale",
        ),
        (
            "customer-mug-club",
            "Hopwright Mug Club",
            "About 240 taproom regulars with a numbered mug, a larger pour and first go at "
            "fresh-hop releases.",
            "service-taproom",
        ),
    ):
        w.node("Customer", cid, name, src="mashbook:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="mashbook:accounts")


def _systems(w: Book) -> None:
    src = "drive:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    w.node(
        "Tool",
        "tool-canline",
        "CL-4 canning line and seamer",
        src=src,
        as_of=START,
        kind="equipment",
        text="Cannova Systems' CL-4: four filling heads and one seamer, about 35 cans a "
        "minute of 16 oz cans.",
    )
    w.edge("tool-canline", "DEPENDS_ON", "vendor-cannova", since=START, src=src)
    w.edge("person-shay-okafor", "OWNS", "tool-canline", since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="mashbook:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-mashbook", "DEPENDS_ON", "account-mashbook-sub"),
        ("account-mashbook-sub", "DEPENDS_ON", "vendor-mashbook"),
        ("account-mashbook-sub", "PART_OF", "tool-mashbook"),
        ("account-mashbook-api", "DEPENDS_ON", "tool-mashbook"),
        ("account-mashbook-api", "PART_OF", "tool-kegloop"),
        ("tool-kegloop", "DEPENDS_ON", "account-mashbook-api"),
        ("tool-tapster", "DEPENDS_ON", "account-sprocket-merchant"),
        ("account-sprocket-merchant", "DEPENDS_ON", "vendor-sprocket"),
        ("account-sprocket-merchant", "PART_OF", "tool-tapster"),
        ("account-co2-supply", "DEPENDS_ON", "vendor-northstar"),
        ("account-cannova-service", "DEPENDS_ON", "vendor-cannova"),
        ("account-cannova-service", "PART_OF", "service-canning"),
        ("account-keg-lease", "DEPENDS_ON", "vendor-kegloop"),
        ("account-ttb-filing", "PART_OF", "service-excise"),
        ("tool-canline", "PART_OF", "service-canning"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons, _ in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for sid, _, _, owner in SERVICES),
        ("team-brewhouse", "USES", "tool-mashbook"),
        ("team-brewhouse", "USES", "tool-glycolink"),
        ("team-packaging", "USES", "tool-canline"),
        ("team-packaging", "USES", "tool-kegloop"),
        ("team-packaging", "USES", "tool-mashbook"),
        ("team-quality", "USES", "tool-mashbook"),
        ("team-taproom", "USES", "tool-tapster"),
        ("team-sales", "USES", "tool-kegloop"),
        ("team-sales", "USES", "tool-mashbook"),
        ("team-office", "USES", "tool-mashbook"),
        ("team-office", "USES", "tool-tapster"),
    )
    # Online to-go orders: the Shelfside web shop until 3 August, then Tapster Online Ordering.
    w.node(
        "Tool",
        "tool-shelfside",
        "Shelfside web shop (retired)",
        src=src,
        as_of=TOGO_FROM,
        status="retired",
        kind="software",
        text="The Shelfside web shop took online to-go orders for crowlers and 4-packs and "
        "settled them through the Sprocket Payments merchant account until it was switched "
        "off on 3 August 2026.",
    )
    for frm, to in (
        ("tool-shelfside", "vendor-shelfside"),
        ("tool-shelfside", "account-sprocket-merchant"),
        ("service-togo", "tool-shelfside"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=TOGO_FROM, src=src)
    w.edge("service-togo", "DEPENDS_ON", "tool-tapster", since=TOGO_FROM, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("wort", "cans", "do", "kegs", "sales", "temps")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    base_sales = {
        0: (2100, 2700),
        1: (1900, 2500),
        2: (2400, 3000),
        3: (3000, 3700),
        4: (5200, 6300),
        5: (6000, 7400),
        6: (3800, 4700),
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        # wort knocked out: one 15-barrel turn a weekday, two Mon-Thu from 17 August
        turns = 0
        if wd < 4:
            turns = 2 if day >= DOUBLE_FROM else 1
        elif wd == 4:
            turns = 1 if (day >= DOUBLE_FROM or rng.random() < 0.5) else 0
        if day == LABOR_DAY:
            turns = 0
        wort = sum(round(rng.uniform(14.2, 15.4), 1) for _ in range(turns))
        # canning runs: Mon, Wed, Fri; Thursdays too from September
        run_days = (0, 2, 3, 4) if day >= EVERGREEN_FROM else (0, 2, 4)
        runs = wd in run_days and day != LABOR_DAY
        cans = rng.randint(9000, 13800) if runs else 0
        if day in SEAMER_DAYS:
            cans = 4210 if day == SEAMER_DAYS[0] else 0
        if day in CO2_DAYS and cans:
            cans = round(cans * 0.82)
        dissolved = None
        if cans:
            dissolved = rng.randint(138, 186) if day in CO2_DAYS else rng.randint(32, 64)
        # kegs scanned out: weekday deliveries, a short Saturday, Evergreen trucks Tue/Thu
        if wd == 6:
            kegs = 0
        elif wd == 5:
            kegs = rng.randint(8, 16)
        else:
            kegs = rng.randint(36, 52)
            if day >= EVERGREEN_FROM:
                kegs += rng.randint(48, 62) if wd in (1, 3) else rng.randint(4, 8)
        if day == LABOR_DAY:
            kegs = rng.randint(6, 10)
        # taproom sales: summer patio, Labor Day, the fresh hop fest, then Tapster 6.0
        lo, hi = base_sales[wd]
        sales = rng.uniform(lo, hi)
        if day.month in (7, 8):
            sales *= 1.08
        if day == LABOR_DAY:
            sales *= 1.9
        if day == FRESH_HOP_FEST:
            sales *= 1.35
        if day >= TAPSTER_6:
            sales *= 0.8
        # fermentation temperatures in spec (GlycoLink): no logging 14-17 September
        temps = rng.uniform(96.2, 99.4)
        if day == GLYCO_BACK:
            temps = 94.8
        out["wort"].append((day, round(wort, 1)))
        out["cans"].append((day, cans))
        if dissolved is not None:
            out["do"].append((day, dissolved))
        out["kegs"].append((day, kegs))
        out["sales"].append((day, round(sales, 2)))
        if day not in GLYCO_GAP:
            out["temps"].append((day, round(temps, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    mb, cl, lab, kl, tp, gl = (
        "mashbook:reports",
        "cl4:hmi-export",
        "mashbook:qa-log",
        "kegloop:scans",
        "tapster:reports",
        "glycolink:feed",
    )
    for mid, name, unit, agg, src, measures in (
        (
            "metric-wort-brewed",
            "Wort brewed (barrels knocked out to fermenters)",
            "bbl",
            "sum",
            mb,
            "service-brewhouse",
        ),
        ("metric-cans-filled", "Cans filled (CL-4 line)", "cans", "sum", cl, "service-canning"),
        (
            "metric-packaged-do",
            "Packaged dissolved oxygen (mean of the day's QA can samples)",
            "ppb",
            "mean",
            lab,
            "service-qa",
        ),
        (
            "metric-kegs-shipped",
            "Kegs shipped (KegLoop scans out)",
            "kegs",
            "sum",
            kl,
            "service-kegging",
        ),
        ("metric-taproom-sales", "Taproom sales (Tapster)", "USD", "sum", tp, "service-taproom"),
        (
            "metric-ferment-temps",
            "Fermentation temperatures in spec (share of GlycoLink tank readings within 1°F "
            "of setpoint)",
            "%",
            "mean",
            gl,
            "service-cellar",
        ),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    return {
        "wort": w.readings("metric-wort-brewed", series["wort"], src=mb),
        "cans": w.readings("metric-cans-filled", series["cans"], src=cl),
        "do": w.readings("metric-packaged-do", series["do"], src=lab),
        "kegs": w.readings("metric-kegs-shipped", series["kegs"], src=kl),
        "sales": w.readings("metric-taproom-sales", series["sales"], src=tp),
        "temps": w.readings("metric-ferment-temps", series["temps"], src=gl),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "drive:incident-co2-shortage"
    started, back = "2026-08-10T14:00:00+00:00", "2026-08-15T05:30:00+00:00"
    w.node(
        "Incident",
        "incident-co2-shortage",
        "Bulk CO2 ran short after Northstar missed two deliveries",
        src=src,
        as_of=CO2_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="Northstar CO2 Supply missed the bulk delivery of Friday 7 August and the one "
        "rebooked for Monday 10 August, after its Longview plant went down in the regional "
        "CO2 shortage. The six-ton tank fell to 12%, so from 10 August the brite tanks and "
        "the canning line ran on a rented 12-cylinder manifold. Cylinder pressure at the "
        "line was too low for a full can purge and lid gassing, and packaged dissolved "
        "oxygen rose from about 50 ppb to 140-190 ppb on the runs of 10, 12 and 14 August; "
        "the line also ran slower. Northstar filled the tank overnight on 14 August.",
    )
    w.edges(
        src,
        started,
        ("vendor-northstar", "CAUSED", "incident-co2-shortage"),
        ("incident-co2-shortage", "AFFECTS", "account-co2-supply"),
        ("incident-co2-shortage", "AFFECTS", "service-canning"),
        ("incident-co2-shortage", "AFFECTS", "metric-packaged-do"),
        *(("incident-co2-shortage", "CAUSED", obs["do"][d]) for d in CO2_DAYS if d in obs["do"]),
        ("person-hank-dorsey", "OWNS", "incident-co2-shortage"),
        as_of=CO2_BACK,
    )
    w.node(
        "Task",
        "task-co2-manifold",
        "Run the brites and the canning line on a rented 12-cylinder CO2 manifold until "
        "Northstar delivers",
        src="drive:tasks/co2-manifold",
        as_of=CO2_BACK,
        status="done",
    )
    w.edges(
        "drive:tasks/co2-manifold",
        date(2026, 8, 10),
        ("person-hank-dorsey", "OWNS", "task-co2-manifold"),
        ("person-hank-dorsey", "WORKS_ON", "task-co2-manifold"),
        ("task-co2-manifold", "FIXES", "incident-co2-shortage"),
        ("task-co2-manifold", "DEPENDS_ON", "vendor-northstar"),
        as_of=CO2_BACK,
    )

    src = "drive:incident-cl4-seamer"
    started, back = "2026-08-24T20:00:00+00:00", "2026-08-28T23:30:00+00:00"
    w.node(
        "Incident",
        "incident-seamer",
        "CL-4 seamer failure: second-operation roll chipped, seams out of spec",
        src=src,
        as_of=date(2026, 8, 29),
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At the 13:00 seam teardown on Monday 24 August every head on the CL-4 line "
        "was out of spec: the seamer's second-operation roll was chipped and the chuck worn "
        "past its limit. The line stopped, 312 cases of Bine Line Hazy IPA filled since the "
        "11:00 check went on hold, and the canning runs of 26 and 28 August were lost. "
        "Cannova Systems' technician fitted a new roll and chuck on 27 August, the seamer "
        "was set up on 28 August and the line ran again on Monday 31 August.",
    )
    w.edges(
        src,
        started,
        ("incident-seamer", "AFFECTS", "tool-canline"),
        ("incident-seamer", "AFFECTS", "service-canning"),
        ("incident-seamer", "AFFECTS", "metric-cans-filled"),
        *(
            ("incident-seamer", "CAUSED", obs["cans"][d])
            for d in SEAMER_DAYS
            if d.weekday() in (0, 2, 4)
        ),
        ("person-shay-okafor", "OWNS", "incident-seamer"),
        as_of=date(2026, 8, 29),
    )
    w.node(
        "Task",
        "task-seamer-rolls",
        "Fit a new second-operation roll and chuck on the CL-4 seamer and set it up",
        src="drive:tasks/seamer-rolls",
        as_of=date(2026, 8, 29),
        status="done",
    )
    w.edges(
        "drive:tasks/seamer-rolls",
        date(2026, 8, 24),
        ("person-shay-okafor", "OWNS", "task-seamer-rolls"),
        ("person-shay-okafor", "WORKS_ON", "task-seamer-rolls"),
        ("person-hank-dorsey", "WORKS_ON", "task-seamer-rolls"),
        ("task-seamer-rolls", "FIXES", "incident-seamer"),
        ("task-seamer-rolls", "DEPENDS_ON", "vendor-cannova"),
        as_of=date(2026, 8, 29),
    )

    src = "drive:incident-glycolink-gateway"
    started, back = "2026-09-14T09:10:00+00:00", "2026-09-18T16:40:00+00:00"
    w.node(
        "Incident",
        "incident-glycolink",
        "GlycoLink gateway failed in a power surge: no fermentation temperature logging",
        src=src,
        as_of=GLYCO_BACK,
        status="resolved",
        severity="medium",
        startedAt=started,
        resolvedAt=back,
        text="A power surge in the storm on the night of 13 to 14 September killed the "
        "GlycoLink gateway in the cellar office. The tank controllers kept holding their "
        "setpoints on their own, but nothing was logged to the cloud, so fermentation "
        "temperatures in spec have no readings from 14 to 17 September; the cellar took "
        "manual readings every four hours. Frostbridge Refrigeration shipped a new gateway "
        "and Hank Dorsey fitted it on 18 September. The missing days cannot be backfilled.",
    )
    w.edges(
        src,
        started,
        ("incident-glycolink", "AFFECTS", "tool-glycolink"),
        ("incident-glycolink", "AFFECTS", "metric-ferment-temps"),
        ("person-wade-hollister", "OWNS", "incident-glycolink"),
        as_of=GLYCO_BACK,
    )
    w.node(
        "Task",
        "task-glycolink-gateway",
        "Fit the replacement GlycoLink gateway and a surge protector in the cellar office",
        src="drive:tasks/glycolink-gateway",
        as_of=GLYCO_BACK,
        status="done",
    )
    w.edges(
        "drive:tasks/glycolink-gateway",
        date(2026, 9, 14),
        ("person-hank-dorsey", "OWNS", "task-glycolink-gateway"),
        ("person-hank-dorsey", "WORKS_ON", "task-glycolink-gateway"),
        ("task-glycolink-gateway", "FIXES", "incident-glycolink"),
        ("task-glycolink-gateway", "DEPENDS_ON", "vendor-frostbridge"),
        as_of=GLYCO_BACK,
    )

    # The POS release: nothing ties it to taproom sales; they just fall that day.
    rel_at = "2026-09-21T10:00:00+00:00"
    w.node(
        "Release",
        "release-tapster-6",
        "Tapster 6.0",
        src="tapster:releases/6.0",
        as_of=rel_at,
        version="6.0",
        releasedAt=rel_at,
        text="Tapster Systems' 6.0 for every taproom on its platform: a new tip screen, "
        "faster tab closing, and QR table ordering moved into the Tapster Guest app, where "
        "a guest has to sign up with an email and phone number before the first order.",
    )
    w.edges(
        "tapster:releases/6.0",
        rel_at,
        ("release-tapster-6", "PART_OF", "service-taproom"),
        ("release-tapster-6", "CHANGED", "tool-tapster"),
    )


MESSAGES = (
    (
        "message-togo-switch",
        "Colette in #taproom on 22 July",
        "person-colette-marchand",
        "channel-taproom",
        _at(TOGO_DECIDED, 17, 10),
        "Heads up: from Monday 3 August online to-go orders move off the Shelfside web shop "
        "and into Tapster Online Ordering. Shelfside can't see what we've sold over the bar, "
        "so it oversold 37 orders in June of beer that was already gone, and it takes 4.9% "
        "on top of Sprocket. Tapster sells from the same keg and can counts as the bar. "
        "Shelfside gets switched off that morning.",
    ),
    (
        "message-evergreen",
        "Gretchen in #general on 6 August",
        "person-gretchen-voss",
        "channel-general",
        _at(EVERGREEN_SIGNED, 18, 0),
        "Signed with Evergreen Beverage Distributors today. From Tuesday 1 September they "
        "take all our Seattle and King County accounts; their truck picks up Tuesdays and "
        "Thursdays. Jamal keeps every Oregon account. No more I-5 runs for Jamal. Summary "
        "of the agreement is in the drive.",
    ),
    (
        "message-co2-short",
        "Hank in #cellar on 10 August",
        "person-hank-dorsey",
        "channel-cellar",
        _at(date(2026, 8, 10), 15, 20),
        "Northstar missed Friday's delivery and just cancelled today's too, their Longview "
        "plant is down. Bulk tank at 12%. I've got a rented 12-cylinder manifold on the "
        "brites and the line. Shay, the cylinders won't give you 40 psi at the line, so "
        "expect a weak purge this week. Noor is sampling every run.",
    ),
    (
        "message-co2-back",
        "Hank in #cellar on 15 August",
        "person-hank-dorsey",
        "channel-cellar",
        _at(CO2_BACK, 15, 0),
        "Northstar filled the bulk tank overnight, 96%. Manifold goes back Monday. Noor says "
        "the DO on this week's runs was 140-190 ppb, so those pallets are on QA hold.",
    ),
    (
        "message-double-brew",
        "Kenji in #brewhouse on 11 August",
        "person-kenji-arakawa",
        "channel-brewhouse",
        _at(DOUBLE_DECIDED, 22, 0),
        "Decided: double brew days Monday to Thursday from Monday 17 August through fresh "
        "hop season. Willamette Bine start picking around the 20th and the fresh hop beers "
        "have to be brewed the day the hops are picked, and the Evergreen launch needs about "
        "30% more Bine Line. Second turn starts at 14:00. Lupe, Priya, Eli: new rota is up.",
    ),
    (
        "message-seamer-down",
        "Shay in #packaging on 24 August",
        "person-shay-okafor",
        "channel-packaging",
        _at(date(2026, 8, 24), 20, 30),
        "Line's down. 1pm teardown had every head out of spec, the second-op roll is "
        "chipped and the chuck is worn out. Everything since the 11am check is on hold, 312 "
        "cases of Bine Line. No spare rolls on site. Cannova can get a tech here Thursday, "
        "so Wednesday's run is off.",
    ),
    (
        "message-seamer-back",
        "Shay in #packaging on 28 August",
        "person-shay-okafor",
        "channel-packaging",
        _at(date(2026, 8, 28), 23, 45),
        "Cannova's tech fitted the new roll and chuck yesterday and we set the seamer up "
        "today, test seams are all good. We run Monday. Noor is tearing down a can from each "
        "held pallet.",
    ),
    (
        "message-glycolink-down",
        "Wade in #cellar on 14 September",
        "person-wade-hollister",
        "channel-cellar",
        _at(date(2026, 9, 14), 14, 5),
        "The GlycoLink gateway is dead after last night's storm, power surge took it out. "
        "Controllers are holding setpoint on their own so the beer is fine, but nothing is "
        "logging. Manual temp rounds every 4 hours on the tank cards until Hank gets a new "
        "one from Frostbridge.",
    ),
    (
        "message-glycolink-back",
        "Hank in #cellar on 18 September",
        "person-hank-dorsey",
        "channel-cellar",
        _at(GLYCO_BACK, 17, 0),
        "New GlycoLink gateway is in, on a surge protector this time, every tank logging "
        "again. There's no data for the 14th to the 17th and Frostbridge say it can't be "
        "recovered.",
    ),
    (
        "message-tapster-6",
        "Colette in #taproom on 20 September",
        "person-colette-marchand",
        "channel-taproom",
        _at(date(2026, 9, 20), 19, 0),
        "Tapster 6.0 goes live overnight: new tip screen, faster tab close, and QR table "
        "ordering now runs in the Tapster Guest app. Nothing for us to set up, the QR codes "
        "on the tables stay the same.",
    ),
    (
        "message-excise-handover",
        "Bev in #general on 21 September",
        "person-bev-ostrander",
        "channel-general",
        _at(EXCISE_HANDOVER, 15, 30),
        "Ines is taking over the Q3 excise return from today, federal and the Oregon "
        "September return. I'm out from tomorrow for my hand surgery, back 2 November. The "
        "Mashbook removals report is set up and the checklist is in the drive.",
    ),
    (
        "message-prod-notes",
        "Production meeting notes, 5 October",
        "person-gretchen-voss",
        "channel-general",
        _at(MEETING, 20, 0),
        "Production meeting, Mon 5 Oct. 1) Taproom sales down about 18% since Tapster 6.0 "
        "put QR table ordering behind a sign-up in the Tapster Guest app: QR ordering goes "
        "back on guest checkout, Colette gets Tapster to switch it by Fri 9 Oct; until then "
        "servers take table orders on handhelds (Rory). 2) CO2: sign a backup supply with "
        "Bridgeport Gas & Welding and keep a 12-cylinder manifold on site; Hank brings the "
        "quote by Fri 16 Oct. 3) Shay on paternity leave from 12 Oct: Hank takes over the "
        "Cannova service contract renewal (expires 30 Nov), signed by Fri 13 Nov. 4) Last "
        "fresh hop brew Fri 16 Oct, back to single turns from Mon 19 Oct (Kenji). 5) Keg "
        "float tight since Evergreen: Marco adds 150 kegs to the KegLoop lease by Fri 23 "
        "Oct. 6) Jamal sends Evergreen the October forecast and the Oktoberfest lager "
        "allocation by Thu 8 Oct. 7) Noor: DO back under 60 ppb on every run since the CO2 "
        "fix.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{int(at.timestamp())}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-general", "#general"),
        ("channel-brewhouse", "#brewhouse"),
        ("channel-cellar", "#cellar"),
        ("channel-packaging", "#packaging"),
        ("channel-taproom", "#taproom"),
        ("channel-sales", "#sales"),
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
        ("message-togo-switch", ("tool-shelfside", "service-togo", "tool-tapster")),
        ("message-evergreen", ("customer-evergreen", "deal-evergreen", "service-distributor")),
        ("message-co2-short", ("incident-co2-shortage", "account-co2-supply")),
        ("message-co2-back", ("incident-co2-shortage", "metric-packaged-do")),
        ("message-double-brew", ("service-brewhouse", "vendor-bine")),
        ("message-seamer-down", ("incident-seamer", "tool-canline")),
        ("message-seamer-back", ("incident-seamer", "task-seamer-rolls")),
        ("message-glycolink-down", ("incident-glycolink", "tool-glycolink")),
        ("message-glycolink-back", ("incident-glycolink", "metric-ferment-temps")),
        ("message-tapster-6", ("release-tapster-6", "tool-tapster")),
        ("message-excise-handover", ("service-excise",)),
        (
            "message-prod-notes",
            (
                "tool-tapster",
                "release-tapster-6",
                "account-co2-supply",
                "account-cannova-service",
                "service-brewhouse",
                "account-keg-lease",
                "customer-evergreen",
                "metric-packaged-do",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Mashbook": "tool-mashbook",
        "Tapster": "tool-tapster",
        "GlycoLink": "tool-glycolink",
        "KegLoop": "tool-kegloop",
        "CL-4": "tool-canline",
        "Cannova": "vendor-cannova",
        "Northstar": "vendor-northstar",
        "Pacifica Can": "vendor-pacifica",
        "Cascadia Grain": "vendor-cascadia-malt",
        "Willamette Bine": "vendor-bine",
        "Fernwood": "vendor-fernwood",
        "Frostbridge": "vendor-frostbridge",
        "Evergreen": "customer-evergreen",
        "Bine Line": "product-bine-line",
        "Tanager Pils": "product-tanager-pils",
        "TTB": "org-ttb",
        "OLCC": "org-olcc",
        "Noor Haddad": "person-noor-haddad",
        "Kenji Arakawa": "person-kenji-arakawa",
        "Wade Hollister": "person-wade-hollister",
        "Colette Marchand": "person-colette-marchand",
        "Jamal Whitfield": "person-jamal-whitfield",
        "Bev Ostrander": "person-bev-ostrander",
        "Gretchen Voss": "person-gretchen-voss",
    }
    for path, did, author, kind, about in (
        (
            "cellar-and-brewhouse-sop.md",
            "doc-cellar-sop",
            "person-kenji-arakawa",
            "procedure",
            ["service-brewhouse", "service-cellar"],
        ),
        (
            "packaging-and-qa-standards.md",
            "doc-packaging-qa",
            "person-noor-haddad",
            "standard",
            ["service-canning", "service-qa", "service-kegging"],
        ),
        (
            "taproom-house-rules.md",
            "doc-taproom-rules",
            "person-colette-marchand",
            "policy",
            ["service-taproom", "service-togo"],
        ),
        (
            "wholesale-terms-and-self-distribution.md",
            "doc-wholesale-terms",
            "person-jamal-whitfield",
            "terms",
            ["service-wholesale"],
        ),
        (
            "evergreen-distribution-agreement.md",
            "doc-evergreen",
            "person-gretchen-voss",
            "contract summary",
            ["customer-evergreen", "deal-evergreen", "service-distributor"],
        ),
        (
            "cl4-seamer-failure-review.md",
            "doc-seamer-review",
            "person-shay-okafor",
            "incident review",
            ["incident-seamer"],
        ),
        (
            "excise-and-compliance-calendar.md",
            "doc-excise-calendar",
            "person-bev-ostrander",
            "procedure",
            ["service-excise", "org-ttb", "org-olcc"],
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
        "decision-shelfside",
        "Take online to-go orders through the Shelfside web shop",
        src="drive:taproom-launch-2025",
        on=START,
        why="When the taproom reopened after the 2025 refit, Shelfside was the quickest way "
        "to sell crowlers and 4-packs for pick-up online: a hosted web shop with its own "
        "stock list, taking cards through the Sprocket Payments merchant account.",
        made_by="person-colette-marchand",
        made_in=None,
    )
    decision(
        "decision-togo-tapster",
        "Move online to-go orders from the Shelfside web shop into Tapster Online Ordering "
        "from 3 August",
        src=_src("message-togo-switch"),
        on=TOGO_DECIDED,
        why="Shelfside kept its own stock list and could not see what the bar had sold, so "
        "in June it oversold 37 to-go orders of beer that was already gone, and it charged "
        "4.9% a sale on top of Sprocket's card fee. Tapster Online Ordering sells from the "
        "same keg and can counts as the bar and has no extra fee.",
        made_by="person-colette-marchand",
        made_in="message-togo-switch",
        edges=(
            ("decision-togo-tapster", "SUPERSEDES", "decision-shelfside"),
            ("decision-togo-tapster", "AFFECTS", "service-togo"),
            ("decision-togo-tapster", "MENTIONS", "tool-shelfside"),
            ("decision-togo-tapster", "MENTIONS", "tool-tapster"),
        ),
    )
    decision(
        "decision-evergreen-seattle",
        "Hand the Seattle and King County accounts to Evergreen Beverage Distributors from "
        "1 September",
        src=_src("message-evergreen"),
        on=EVERGREEN_SIGNED,
        why="Jamal Whitfield was driving to Seattle twice a week for 14 accounts, and the "
        "Washington reporting for self-distributing across the state line took a day a "
        "month. Evergreen already carries two Portland breweries into Seattle, collects "
        "from the brewery dock twice a week and can put Bine Line into about 60 more "
        "accounts, so kegs shipped rise with its Tuesday and Thursday pick-ups.",
        made_by="person-gretchen-voss",
        made_in="message-evergreen",
        edges=(
            ("decision-evergreen-seattle", "BASED_ON", "doc-evergreen"),
            ("decision-evergreen-seattle", "AFFECTS", "service-distributor"),
            ("decision-evergreen-seattle", "AFFECTS", "metric-kegs-shipped"),
            ("decision-evergreen-seattle", "MENTIONS", "customer-evergreen"),
        ),
    )
    decision(
        "decision-double-brew",
        "Run double brew days Monday to Thursday from 17 August through fresh-hop season",
        src=_src("message-double-brew"),
        on=DOUBLE_DECIDED,
        why="Fresh hops from Willamette Bine Co. have to be brewed the day they are picked, "
        "from about 20 August into September, and the Evergreen launch on 1 September needs "
        "about 30% more Bine Line Hazy IPA. A second 15-barrel turn from 14:00 on Monday to "
        "Thursday doubles the wort brewed on those days without a new fermenter.",
        made_by="person-kenji-arakawa",
        made_in="message-double-brew",
        edges=(
            ("decision-double-brew", "AFFECTS", "service-brewhouse"),
            ("decision-double-brew", "AFFECTS", "metric-wort-brewed"),
        ),
    )
    decision(
        "decision-seamer-spares",
        "Keep a spare second-operation roll and chuck for the CL-4 seamer on site and never "
        "postpone a seamer service visit",
        src="drive:cl4-seamer-failure-review",
        on=REVIEW_DAY,
        why="The August seamer failure stopped the line for a week of runs and cost $21,400 "
        "because there were no spare rolls on site and the July service visit had been "
        "postponed; with spares on the shelf the same failure costs half a day.",
        made_by="person-shay-okafor",
        made_in="doc-seamer-review",
        edges=(
            ("decision-seamer-spares", "BASED_ON", "doc-seamer-review"),
            ("decision-seamer-spares", "MENTIONS", "incident-seamer"),
            ("decision-seamer-spares", "MENTIONS", "vendor-cannova"),
        ),
    )
    notes = _src("message-prod-notes")
    decision(
        "decision-guest-checkout",
        "Put QR table ordering back on guest checkout (no sign-up) by 9 October; servers "
        "take table orders on handhelds until then",
        src=notes,
        on=MEETING,
        why="Since Tapster 6.0 moved QR table ordering into the Tapster Guest app, guests "
        "have to sign up before their first order; most give up and wait for the bar, and "
        "taproom sales are down about 18%. Tapster can switch a taproom back to guest "
        "checkout, so Colette Marchand gets it switched by Friday 9 October, and servers "
        "take table orders on the handhelds in the meantime.",
        made_by="person-gretchen-voss",
        made_in="message-prod-notes",
        edges=(
            ("decision-guest-checkout", "AFFECTS", "tool-tapster"),
            ("decision-guest-checkout", "MENTIONS", "release-tapster-6"),
        ),
    )
    decision(
        "decision-co2-backup",
        "Sign a backup CO2 supply with Bridgeport Gas & Welding and keep a 12-cylinder "
        "manifold on site",
        src=notes,
        on=MEETING,
        why="Northstar has missed or been late with three bulk deliveries since August, "
        "and the August "
        "shortage put a week of canning runs on QA hold for dissolved oxygen. A second "
        "supplier and a manifold of our own keep the brites, the line and the taproom "
        "running through the next shortage.",
        made_by="person-gretchen-voss",
        made_in="message-prod-notes",
        edges=(
            ("decision-co2-backup", "AFFECTS", "account-co2-supply"),
            ("decision-co2-backup", "MENTIONS", "vendor-northstar"),
            ("decision-co2-backup", "MENTIONS", "incident-co2-shortage"),
        ),
    )
    decision(
        "decision-single-turns",
        "Back to single brew turns from Monday 19 October, after the last fresh-hop brew on "
        "16 October",
        src=notes,
        on=MEETING,
        why="The fresh-hop harvest is over and the cellar is full; single turns free the "
        "second shift for the cellar and the fermenters keep up.",
        made_by="person-kenji-arakawa",
        made_in="message-prod-notes",
        edges=(("decision-single-turns", "AFFECTS", "service-brewhouse"),),
    )


def _work(w: Book) -> None:
    src = "drive:tasks/excise-q3"
    w.node(
        "Task",
        "task-excise-q3",
        "File the Q3 federal excise return and the Oregon September beer tax return",
        src=src,
        as_of=EXCISE_TASK_FROM,
        status="in progress",
        due="2026-10-14",
        text="Run the Mashbook removals report for July to September, check it against the "
        "Tapster keg depletion, and file and pay the federal return by 14 October and the "
        "Oregon September return by 20 October; Gretchen Voss approves the payments.",
    )
    w.edge("person-bev-ostrander", "OWNS", "task-excise-q3", since=EXCISE_TASK_FROM, src=src)
    w.edges(
        src,
        EXCISE_TASK_FROM,
        ("task-excise-q3", "ABOUT", "service-excise"),
        ("task-excise-q3", "ABOUT", "rule-removals"),
        ("person-bev-ostrander", "WORKS_ON", "task-excise-q3"),
    )
    w.edges(
        _src("message-excise-handover"),
        EXCISE_HANDOVER,
        ("person-ines-carvalho", "OWNS", "task-excise-q3"),
        ("person-ines-carvalho", "WORKS_ON", "task-excise-q3"),
        ("message-excise-handover", "MENTIONS", "task-excise-q3"),
    )

    src = "drive:tasks/mashbook-renewal"
    w.node(
        "Task",
        "task-mashbook-renewal",
        "Renew the Mashbook subscription before it expires on 31 October",
        src=src,
        as_of=date(2026, 9, 8),
        status="in progress",
        due="2026-10-23",
        text="Agree the renewal with Mashbook Software, including the excise module, and "
        "get the invoice paid before 31 October.",
    )
    w.edges(
        src,
        date(2026, 9, 8),
        ("person-kenji-arakawa", "OWNS", "task-mashbook-renewal"),
        ("person-kenji-arakawa", "WORKS_ON", "task-mashbook-renewal"),
        ("task-mashbook-renewal", "ABOUT", "account-mashbook-sub"),
    )

    src = "drive:tasks/cannova-renewal"
    w.node(
        "Task",
        "task-cannova-renewal",
        "Renew the Cannova CL-4 service contract before it expires on 30 November",
        src=src,
        as_of=REVIEW_DAY,
        status="in progress",
        due="2026-11-13",
        text="Renew the service contract with Cannova Systems with two service visits a "
        "year and a spare roll and chuck kit; Gretchen Voss signs it.",
    )
    w.edge("person-shay-okafor", "OWNS", "task-cannova-renewal", since=REVIEW_DAY, src=src)
    w.edges(
        src,
        REVIEW_DAY,
        ("task-cannova-renewal", "ABOUT", "account-cannova-service"),
        ("person-shay-okafor", "WORKS_ON", "task-cannova-renewal"),
    )
    notes = _src("message-prod-notes")
    w.edges(
        notes,
        MEETING,
        ("person-hank-dorsey", "OWNS", "task-cannova-renewal"),
        ("person-hank-dorsey", "WORKS_ON", "task-cannova-renewal"),
        ("message-prod-notes", "MENTIONS", "task-cannova-renewal"),
    )

    for tid, name, owner, due, text, about in (
        (
            "task-guest-checkout",
            "Get Tapster to switch QR table ordering back to guest checkout",
            "person-colette-marchand",
            "2026-10-09",
            "Tapster can turn the Tapster Guest sign-up off for one taproom; guests order "
            "from the table QR code with a card and no account, as before 6.0.",
            "tool-tapster",
        ),
        (
            "task-handheld-orders",
            "Servers take table orders on the handhelds until guest checkout is back",
            "person-rory-tennant",
            "2026-10-09",
            "Two handhelds on the floor at every shift and a table tent saying to wave for a "
            "server.",
            "service-taproom",
        ),
        (
            "task-co2-backup-quote",
            "Quote for a backup CO2 supply from Bridgeport Gas & Welding and a 12-cylinder "
            "manifold",
            "person-hank-dorsey",
            "2026-10-16",
            "A second CO2 supplier on call for bulk or cylinder deliveries within 24 hours, "
            "and a manifold of our own plumbed to the brites and the line.",
            "account-co2-supply",
        ),
        (
            "task-single-turns",
            "Go back to single brew turns from 19 October and rework the brewhouse rota",
            "person-kenji-arakawa",
            "2026-10-19",
            "Last fresh-hop brew on Friday 16 October; from Monday 19 October one turn a day "
            "and the second shift moves to the cellar.",
            "service-brewhouse",
        ),
        (
            "task-keg-top-up",
            "Add 150 kegs to the KegLoop lease",
            "person-marco-ruelas",
            "2026-10-23",
            "Since the Evergreen pick-ups the keg float is tight and kegs sit in Seattle for "
            "three weeks; 100 half-barrels and 50 sixtels more on the lease.",
            "account-keg-lease",
        ),
        (
            "task-evergreen-forecast",
            "Send Evergreen the October forecast and the Oktoberfest lager allocation",
            "person-jamal-whitfield",
            "2026-10-08",
            "Evergreen's forecast is due by the 8th each month; they want 40 half-barrels "
            "of the Oktoberfest lager.",
            "customer-evergreen",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-prod-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    temps = m(
        facts,
        today,
        "avg ferm temps in spec first half of sept?",
        "metric_average",
        "metric-ferment-temps",
        periods=("first_half_september",),
        tolerance=0.05,
        covered=True,
        note="no GlycoLink readings 14-17 September (the gateway died in a power surge): 11 "
        "of 15 days, a mean over those",
    )
    temps.must_include = [coverage_words]
    dissolved = m(
        facts,
        today,
        "was packaged DO worse in aug than july? by how much",
        "metric_change",
        "metric-packaged-do",
        periods=("month_august", "month_july"),
        tolerance=0.5,
        covered=True,
        note="DO is only sampled on days the line runs (Mon/Wed/Fri, none during the seamer "
        "outage): July and August have different numbers of sampled days, so compare the "
        "means over the sampled days and say so; August holds the CO2 shortage",
    )
    dissolved.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "sprocket's down, what stops working on our end?",
            ["vendor-sprocket"],
            today,
            must_exclude=["Shelfside"],
            note="merchant account -> Tapster POS -> the taproom bar and to-go orders -> "
            "crowlers and 4-packs. The Shelfside web shop also settled through Sprocket but "
            "was switched off on 3 August and breaks nothing now",
        ),
        impact_question(
            facts,
            "if the mashbook sub expires end of oct what breaks",
            ["account-mashbook-sub"],
            today,
            note="Mashbook -> the brewhouse (-> Fresh Hop Friday), self-distributed wholesale, "
            "the excise returns, and the API key KegLoop reads fills through",
        ),
        impact_question(
            facts,
            "cannova service contract runs out nov 30 - what goes down with it?",
            ["account-cannova-service"],
            today,
            note="the contract -> canning -> wholesale, Evergreen shipments and the two "
            "canned beers",
        ),
        owner_question(
            facts,
            "whos doing the q3 excise return now that bev's out",
            "task-excise-q3",
            today,
            note="Bev Ostrander handed it to Ines Carvalho on 21 September",
        ),
        owner_question(
            facts,
            "who had the excise return back in early sept?",
            "task-excise-q3",
            date(2026, 9, 5),
        ),
        owner_question(
            facts,
            "who's got the cannova contract renewal now",
            "task-cannova-renewal",
            today,
            note="Shay Okafor handed it to Hank Dorsey at the 5 October production meeting",
        ),
        owner_question(
            facts,
            "who handled the seamer blowup in late aug",
            "incident-seamer",
            today,
        ),
        Question(
            "why'd we ditch shelfside for to-go orders?",
            "decision",
            must_include=[["oversold", "oversell", "4.9%"]],
            must_cite=["decision-togo-tapster"],
        ),
        Question(
            "who decided to give evergreen the seattle accounts",
            "decision",
            must_include=["Gretchen Voss"],
            must_cite=["decision-evergreen-seattle"],
        ),
        Question(
            "how did online to-go orders work before tapster online ordering",
            "decision",
            must_include=["Shelfside"],
            must_cite=["decision-shelfside"],
            note="the superseded decision: the Shelfside web shop until 3 August",
        ),
        Question(
            "DO on todays bine line run came back avg 118 ppb, ok to send it out with "
            "evergreen tmrw?",
            "policy",
            must_include=[["100 ppb", "QA hold"]],
            must_cite=["rule-do-hold"],
            note="no: over 100 ppb the run goes on QA hold until Noor Haddad releases it",
        ),
        Question(
            "dude at the bar is pretty lit and wants a crowler to go, can i sell him one",
            "policy",
            must_include=["intoxicated"],
            must_cite=["rule-intoxicated"],
            note="no alcohol service to anyone visibly intoxicated, to-go included",
        ),
        Question(
            "canopy bottle is 50 days past due, jamal wants to drop 6 kegs thurs - ok?",
            "policy",
            must_include=[["45 days", "on hold"]],
            must_cite=["rule-credit"],
            note="45 days past due: the account is on hold, no deliveries until paid",
        ),
        related_question(
            facts,
            "kegloop syncs fills off an api key - which team is the person who owns that key on?",
            today,
            rel="MEMBER_OF",
            frm="person-lupe-saldana",
            note="three hops: KegLoop keg tracking -> the Mashbook API key -> its owner Lupe "
            "Saldaña -> her team",
        ),
        related_question(
            facts,
            "to-go orders run thru tapster which takes cards on a merchant acct, who's the "
            "payment co behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-sprocket-merchant",
            keep=["Vendor"],
            note="to-go orders -> Tapster -> the merchant account -> Sprocket Payments",
        ),
        related_question(
            facts,
            "the q3 excise return, which team is that sitting with now",
            today,
            rel="MEMBER_OF",
            frm="person-ines-carvalho",
            note="the task's owner since 21 September is Ines Carvalho -> her team",
        ),
        m(
            facts,
            today,
            "how many cans did we run yesterday",
            "metric_value",
            "metric-cans-filled",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "taproom take on labor day (9/7)?",
            "metric_value",
            "metric-taproom-sales",
            span=(LABOR_DAY, LABOR_DAY),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "total cans filled second half of aug",
            "metric_total",
            "metric-cans-filled",
            periods=("second_half_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "kegs out the week of sept 14?",
            "metric_total",
            "metric-kegs-shipped",
            periods=("week_of_2026-09-14",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how much wort have we knocked out since double brew days started",
            "metric_total",
            "metric-wort-brewed",
            periods=("since_2026-08-17",),
            tolerance=0.5,
            note="double brew days started on Monday 17 August",
        ),
        temps,
        m(
            facts,
            today,
            "avg daily taproom sales end of Q3",
            "metric_average",
            "metric-taproom-sales",
            periods=("end_q3",),
            tolerance=1.0,
        ),
        m(
            facts,
            today,
            "taproom sales last 7 days vs the 7 before",
            "metric_change",
            "metric-taproom-sales",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "kegs shipped september vs august, how much up?",
            "metric_change",
            "metric-kegs-shipped",
            periods=("month_september", "month_august"),
            tolerance=0.2,
        ),
        dissolved,
        m(
            facts,
            today,
            "taproom sales since tapster 6.0 vs the 2 weeks before it",
            "metric_change",
            "metric-taproom-sales",
            spans=((TAPSTER_6, LAST), (date(2026, 9, 7), date(2026, 9, 20))),
            tolerance=0.2,
            note="6.0 went live on 21 September: 21 September - 5 October against 7-20 September",
        ),
        Question(
            "why did DO go thru the roof mid aug",
            "metric_why",
            must_include=[["CO2", "Northstar"]],
            must_cite=["incident-co2-shortage"],
        ),
        Question(
            "why's the ferm temp chart blank the week of 9/14",
            "metric_why",
            must_include=[["GlycoLink", "gateway", "power surge"]],
            must_cite=["incident-glycolink"],
        ),
        Question(
            "taproom sales have been soft since the 21st, what happened?",
            "metric_why",
            must_include=[["6.0", "Tapster Guest", "sign up"]],
            must_cite=["release-tapster-6"],
            note="nothing links the release to the metric: taproom sales fall from 21 "
            "September, the day Tapster 6.0 put QR table ordering behind a sign-up",
        ),
        Question(
            "why are keg shipments way up since september",
            "metric_why",
            must_include=["Evergreen"],
            must_cite=["decision-evergreen-seattle"],
        ),
        Question(
            "what did the seamer failure end up costing us per shay's writeup",
            "document",
            must_include=["21,400"],
            must_cite=["doc-seamer-review"],
        ),
        Question(
            "whats our federal excise rate per barrel again",
            "document",
            must_include=["3.50"],
            must_cite=["doc-excise-calendar"],
        ),
        Question(
            "what did we land on at yesterday's production meeting about the QR ordering?",
            "meeting",
            must_include=["guest checkout", "handheld"],
            must_cite=["decision-guest-checkout"],
            note="5 October: Colette gets Tapster to put QR table ordering back on guest "
            "checkout by Friday 9 October; servers take table orders on handhelds until then",
        ),
        Question(
            "who's got which action items from the prod mtg on monday?",
            "meeting",
            must_include=["Colette", "Hank", "Marco", "Jamal"],
            note="Colette: guest checkout by 9 Oct; Rory: handheld orders meanwhile; Hank: "
            "backup CO2 quote by 16 Oct and the Cannova renewal by 13 Nov; Kenji: single "
            "turns from 19 Oct; Marco: 150 more kegs on the lease by 23 Oct; Jamal: Evergreen "
            "forecast by 8 Oct",
        ),
        Question(
            "who runs the barrel-aged program these days?",
            "unknown",
            absent=["barrel-aged", "barrel aged", "bourbon"],
            note="Hopwright has no barrel-aged programme in the records",
        ),
        Question(
            "what did ronnie dufresne decide about the hood river taproom",
            "unknown",
            absent=["Dufresne", "Hood River"],
            note="no such person and no second taproom",
        ),
        Question(
            "how many cans did we fill in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 1 July",
        ),
        Question("anyone catch the timbers game last night?", "offtopic"),
        Question("got a good smoked brisket rub for the staff bbq?", "offtopic"),
    ]


def build() -> Business:
    """The brewery's facts and its questions."""
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
        "Hopwright Brewing Co.",
        "independent craft brewery: a 15-barrel brewhouse, fermenters and brite tanks, a "
        "canning line, keg washing, a taproom with its own POS, self-distribution to bars, "
        "pubs and bottle shops, a Seattle distributor and excise returns (Hopwright Brewing "
        "Co., Tanager, Oregon, USA)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/production-meeting-2026-10-05.txt",
                "title": "Weekly production meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
