"""Quarrystone Self Storage & Truck Rental: four self-storage stores and a moving-truck fleet
around Kettle Bend, Wisconsin.

The story: Quarrystone Storage LLC runs four stores (Kettle Bend with its climate building,
Marrow Lake, Oshenee Road with RV and boat parking and the main truck yard, and Pell
Junction, opened on 1 April 2026), a fleet of 22 box trucks and 6 cargo vans leased from
Lakeshore Fleet Leasing, and a Customer Care Center that answers the phones for every store.
Tenants, rent, delinquency and lien notices live in Vaultline (Vaultline Software); cards go
through the Cardinal Pay merchant account. Gates and keypads are Perimetrix's GateWarden,
whose cloud subscription expires on 30 June; a sync key pushes new codes and lockouts from
Vaultline to GateWarden. Trucks are booked in RigReserve (Trailhand Software), which reads
odometers from Milemark GPS. Callbridge Voice runs the phones, Crateside runs the online lien
auctions, Bluffline Digital builds quarrystone.com's Rent Online, ShelterCover administers the
tenant protection plan, and Birchline Facility Services looks after the gates, doors, pests
and the Kettle Bend climate building's cooling.

Pell Junction opened on 1 April and took portfolio occupancy from about 91% to about 77% on
one day (Dale Brunsvold's decision, linked to the metric). Bea Zielinski ran Pell until Cody
Halvorsen started on 4 May. Vaultline 9.4 rotated the API keys on 13 April and the GateWarden
sync stopped until 16 April. The KioskPro kiosk at Marrow Lake was retired on 15 April (it
took cards through Cardinal Pay until then). A Callbridge carrier fault on 21 April sent
abandoned calls to 41%. The $1 first month promotion ran from 27 April to 31 May. Hail hit
the Oshenee Road yard on 5 May and nine trucks were out until 19 May (linked to truck
rentals). Rent Online 5.0 went live on 12 May and moved the protection plan after payment;
the attach rate fell that day (nothing links the two). GateWarden's cloud event log was down
from 29 May to 1 June, so gate entries have no readings then (linked). Delphine Arseneau was
on vacation 1 to 7 June and nobody logged the past-due count (a message says so). Callback
on the Care Center queues from 8 June (Shawna Pettaway's decision, linked). The first online
lien sale on Crateside closed on 9 June (superseding live auctions by Haugland Auction Co.).
The climate building's only rooftop unit failed on 11 June. The district call of Tuesday 16
June (a transcript, no notes in the facts) set welcome calls to offer the plan until
Bluffline's fix, handed the hail claim from Ray Szymanski to Gordon Tran, and planned the
July lien sale and the GateWarden renewal.

"Today" is Thursday 18 June 2026; daily readings run from 16 March to 17 June.
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

SLUG = "quarrystone-storage"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 6, 18)
FIRST, LAST = date(2026, 3, 16), date(2026, 6, 17)
SEED = 61826
START = date(2024, 2, 5)
PELL_OPEN = date(2026, 4, 1)
PELL_DECIDED = date(2025, 11, 12)
BEA_ON_PELL = date(2026, 3, 2)
CODY_STARTS = date(2026, 5, 4)
VAULTLINE_94 = date(2026, 4, 13)
SYNC_DAYS = (date(2026, 4, 13), date(2026, 4, 14), date(2026, 4, 15))
SYNC_BACK = date(2026, 4, 16)
KIOSK_OFF = date(2026, 4, 15)
CALLBRIDGE_FAULT = date(2026, 4, 21)
PROMO = (date(2026, 4, 27), date(2026, 5, 31))
PROMO_DECIDED = date(2026, 4, 20)
STUDENTS = (date(2026, 5, 8), date(2026, 5, 16))
HAIL_DAYS = tuple(date(2026, 5, 5) + timedelta(days=i) for i in range(14))  # to 18 May
HAIL_BACK = date(2026, 5, 19)
RENT_ONLINE_5 = date(2026, 5, 12)
BREAKIN = date(2026, 5, 23)
GATELOG_GAP = tuple(date(2026, 5, 29) + timedelta(days=i) for i in range(4))  # to 1 Jun
GATELOG_BACK = date(2026, 6, 2)
AWAY = tuple(date(2026, 6, 1) + timedelta(days=i) for i in range(7))  # to 7 Jun
CALLBACK_FROM = date(2026, 6, 8)
CALLBACK_DECIDED = date(2026, 6, 3)
CRATESIDE_DECIDED = date(2026, 3, 26)
AUCTION_CLOSE = date(2026, 6, 9)
HVAC_FAIL = date(2026, 6, 11)
HVAC_FIXED = date(2026, 6, 13)
RENEWAL_NOTICE = date(2026, 5, 28)
MEETING = date(2026, 6, 16)
UNITS_BEFORE, UNITS_AFTER = 1696, 2000
DOC_DATES = {
    "doc-store-manual": date(2026, 3, 2),
    "doc-lien-procedure": date(2026, 4, 2),
    "doc-truck-terms": date(2026, 2, 23),
    "doc-protection-guide": date(2026, 1, 12),
    "doc-care-playbook": date(2026, 6, 8),
    "doc-hail-summary": date(2026, 5, 22),
    "doc-hvac-review": date(2026, 6, 15),
}

# fmt: off
PEOPLE = (
    ("person-dale-brunsvold", "Dale Brunsvold", "President and owner", None),
    ("person-renata-gullickson", "Renata Gullickson", "Director of operations",
     "team-stores"),
    ("person-jolene-vukovich", "Jolene Vukovich", "Store manager, Kettle Bend", "team-stores"),
    ("person-tj-abernathy", "TJ Abernathy", "Store manager, Marrow Lake", "team-stores"),
    ("person-priya-ramaswamy", "Priya Ramaswamy", "Store manager, Oshenee Road",
     "team-stores"),
    ("person-cody-halvorsen", "Cody Halvorsen", "Store manager, Pell Junction (from 4 May "
     "2026)", "team-stores"),
    ("person-bea-zielinski", "Bea Zielinski", "Relief store manager (covers all four "
     "stores)", "team-stores"),
    ("person-shawna-pettaway", "Shawna Pettaway", "Care Center supervisor", "team-care"),
    ("person-luis-echeverria", "Luis Echeverría", "Care Center agent (reservations and "
     "welcome calls)", "team-care"),
    ("person-kayla-dombrowski", "Kayla Dombrowski", "Care Center agent (payments and "
     "collections calls)", "team-care"),
    ("person-ray-szymanski", "Ray Szymanski", "Fleet coordinator", "team-fleet"),
    ("person-hollis-greer", "Hollis Greer", "Truck yard attendant, Oshenee Road",
     "team-fleet"),
    ("person-delphine-arseneau", "Delphine Arseneau", "Collections and lien specialist",
     "team-collections"),
    ("person-gordon-tran", "Gordon Tran", "Controller", "team-finance"),
    ("person-anika-sorensen", "Anika Sorensen", "Revenue and marketing manager",
     "team-finance"),
    ("person-wes-pankratz", "Wes Pankratz", "Facilities coordinator", "team-facilities"),
    ("person-nate-okerlund", "Nate Okerlund", "Systems administrator (Vaultline and "
     "GateWarden)", "team-facilities"),
)
TEAMS = (
    ("team-stores", "Store Operations"),
    ("team-care", "Customer Care Center"),
    ("team-fleet", "Truck Rental & Fleet"),
    ("team-collections", "Collections & Lien Sales"),
    ("team-finance", "Finance & Revenue"),
    ("team-facilities", "Facilities & Systems"),
)
VENDORS = (
    ("vendor-vaultline", "Vaultline Software", "Vaultline, the store management system: "
     "tenants, units, rent and autopay, late fees, lien notices and the online rental API"),
    ("vendor-perimetrix", "Perimetrix Access Systems", "the GateWarden keypads, gate "
     "controllers and the GateWarden cloud that holds every code and the gate log"),
    ("vendor-trailhand", "Trailhand Software", "RigReserve, the truck and van booking and "
     "check-out system"),
    ("vendor-callbridge", "Callbridge Networks", "Callbridge Voice, the cloud phone system "
     "and queues of the Customer Care Center"),
    ("vendor-crateside", "Crateside Auctions", "the online auction site where lien sales are "
     "listed and bid on"),
    ("vendor-bluffline", "Bluffline Digital", "builds and hosts quarrystone.com and its Rent "
     "Online checkout"),
    ("vendor-cardinal", "Cardinal Pay", "card processing: the merchant account behind rent, "
     "autopay, online rentals and truck rentals"),
    ("vendor-lakeshore", "Lakeshore Fleet Leasing", "the master lease, servicing and body "
     "shop for the 22 box trucks and 6 cargo vans"),
    ("vendor-milemark", "Milemark Telematics", "the GPS units and odometer feed on every "
     "truck and van"),
    ("vendor-birchline", "Birchline Facility Services", "the facilities contract: gate "
     "operators, roll-up doors and lighting, quarterly pest control, and the HVAC on the "
     "Kettle Bend climate building"),
    ("vendor-sheltercover", "ShelterCover Programs", "administers the tenant protection plan "
     "and its claims"),
    ("vendor-tumbler", "Tumbler & Key Locksmiths", "disc lock cuts and overlocks for lien "
     "sales and tenant lock-outs"),
    ("vendor-fieldstone", "Fieldstone Casualty", "the commercial auto policy on the truck "
     "fleet, and its damage claims"),
)
TOOLS = (
    ("tool-vaultline", "Vaultline store management", "vendor-vaultline",
     "person-nate-okerlund"),
    ("tool-gatewarden", "GateWarden access control", "vendor-perimetrix",
     "person-nate-okerlund"),
    ("tool-rigreserve", "RigReserve truck bookings", "vendor-trailhand",
     "person-ray-szymanski"),
    ("tool-callbridge", "Callbridge Voice", "vendor-callbridge", "person-shawna-pettaway"),
    ("tool-crateside", "Crateside auction listings", "vendor-crateside",
     "person-delphine-arseneau"),
    ("tool-website", "quarrystone.com Rent Online", "vendor-bluffline",
     "person-anika-sorensen"),
    ("tool-milemark", "Milemark truck GPS", "vendor-milemark", "person-ray-szymanski"),
)
ACCOUNTS = (
    ("account-gatewarden-sub", "GateWarden cloud subscription (four stores)",
     "person-nate-okerlund",
     "Quarrystone's yearly GateWarden cloud subscription with Perimetrix Access Systems for "
     "the four stores' gate controllers and keypads. It expires on 30 June 2026; without it "
     "the controllers stop taking code changes from the cloud and the gate log stops.",
     {"expiresAt": "2026-06-30"}),
    ("account-gw-sync-key", "Vaultline to GateWarden sync key", "person-nate-okerlund",
     "The API key Vaultline uses to push new tenants' gate codes, lockouts and move-outs to "
     "GateWarden every five minutes. Re-issued on 16 April after Vaultline 9.4 rotated its "
     "keys.", {}),
    ("account-cardinal-merchant", "Cardinal Pay merchant account", "person-gordon-tran",
     "Quarrystone's merchant account with Cardinal Pay: rent and autopay in Vaultline, Rent "
     "Online card payments and RigReserve truck charges all settle through it.", {}),
    ("account-lakeshore-lease", "Lakeshore master vehicle lease", "person-gordon-tran",
     "The master lease with Lakeshore Fleet Leasing for all 22 box trucks and 6 cargo vans, "
     "with servicing and body work included.", {}),
    ("account-sheltercover-agreement", "ShelterCover program agreement", "person-gordon-tran",
     "The agreement under which ShelterCover Programs administers the tenant protection plan "
     "(underwritten by Fenwright Mutual Insurance) and pays Quarrystone 48% of premiums.", {}),
)
SITES = (
    ("asset-kettle-bend", "Kettle Bend store (712 units, climate building)",
     "person-jolene-vukovich",
     "Quarrystone's head office store at 1180 Quarry Road, Kettle Bend: 444 drive-up units "
     "and the one-storey climate building with 268 units off interior corridors, the Care "
     "Center and eight of the trucks."),
    ("asset-marrow-lake", "Marrow Lake store (418 drive-up units)", "person-tj-abernathy",
     "A drive-up store on County Road K at Marrow Lake, 418 units."),
    ("asset-oshenee-road", "Oshenee Road store (566 units, RV and boat parking)",
     "person-priya-ramaswamy",
     "482 units, 84 RV and boat spaces and the main truck yard (20 vehicles); the only store "
     "with a 24-hour access add-on."),
    ("asset-pell-junction", "Pell Junction store (304 units, opened 1 April 2026)", None,
     "A new drive-up store on Highway 29 at Pell Junction, 304 units, opened on 1 April "
     "2026."),
)
SERVICES = (
    ("service-gate-access", "Gate and keypad access (all stores)", ("tool-gatewarden",)),
    ("service-code-issue", "Gate codes for new move-ins", ("account-gw-sync-key",)),
    ("service-lockout", "Past-due gate lockouts", ("account-gw-sync-key",)),
    ("service-move-ins", "Counter and phone move-ins", ("tool-vaultline",
                                                        "service-code-issue")),
    ("service-online-rentals", "Rent Online move-ins", ("tool-website",
                                                        "account-cardinal-merchant",
                                                        "service-code-issue")),
    ("service-autopay", "Monthly rent billing and autopay", ("tool-vaultline",
                                                              "account-cardinal-merchant")),
    ("service-truck-rental", "Truck and van rental", ("tool-rigreserve",
                                                      "asset-truck-fleet")),
    ("service-care-center", "Care Center phone lines", ("tool-callbridge",)),
    ("service-protection-plan", "Tenant protection plan", ("account-sheltercover-agreement",
                                                           "tool-vaultline")),
    ("service-lien-sales", "Lien sales (online auctions)", ("tool-crateside", "tool-vaultline",
                                                            "vendor-tumbler")),
    ("service-climate", "Climate control, Kettle Bend building", ("vendor-birchline",)),
    ("service-doors", "Gate operators, roll-up doors and lighting repairs",
     ("vendor-birchline",)),
    ("service-pest", "Quarterly pest control", ("vendor-birchline",)),
)
PRODUCTS = (
    ("product-climate-unit", "Climate-controlled unit (Kettle Bend)",
     ("service-climate", "service-gate-access")),
    ("product-drive-up", "Drive-up unit", ("service-gate-access",)),
    ("product-rv-parking", "RV and boat parking (Oshenee Road)", ("service-gate-access",)),
    ("product-moving-truck", "Moving truck and van rental", ("service-truck-rental",)),
    ("product-protection", "Protection plan ($1,000 to $5,000 cover)",
     ("service-protection-plan",)),
)
SERVICE_OWNERS = (
    ("person-nate-okerlund", "service-gate-access"),
    ("person-nate-okerlund", "service-code-issue"),
    ("person-delphine-arseneau", "service-lockout"),
    ("person-renata-gullickson", "service-move-ins"),
    ("person-anika-sorensen", "service-online-rentals"),
    ("person-gordon-tran", "service-autopay"),
    ("person-ray-szymanski", "service-truck-rental"),
    ("person-shawna-pettaway", "service-care-center"),
    ("person-gordon-tran", "service-protection-plan"),
    ("person-delphine-arseneau", "service-lien-sales"),
    ("person-wes-pankratz", "service-climate"),
    ("person-wes-pankratz", "service-doors"),
    ("person-wes-pankratz", "service-pest"),
)
RULES = (
    ("rule-gate-hours", "Gates open 6am to 10pm every day at all four stores; access outside "
     "those hours only with the 24-hour access add-on, and only at Oshenee Road",
     "doc-store-manual", "person-renata-gullickson"),
    ("rule-lockout", "A tenant 10 days past due is locked out of the gate, and the code comes "
     "back only when the balance is paid in full, fees included; no access on a partial "
     "payment and no manager override at the keypad", "doc-store-manual",
     "person-renata-gullickson"),
    ("rule-overlock", "On day 15 past due the store puts a red overlock on the unit, with a "
     "$20 overlock fee", "doc-store-manual", "person-renata-gullickson"),
    ("rule-gate-codes", "Staff never read a gate code out over the phone; a tenant who forgot "
     "theirs gets a reset link by text after two of unit number, date of birth and the last "
     "four digits of the card on file are checked", "doc-store-manual",
     "person-renata-gullickson"),
    ("rule-lock-cut", "A lock is cut only with a store manager and a second staff member "
     "present, with photos before and after, for the tenant with photo ID and a signed "
     "lock-cut form, for a lien sale, or on a written police or fire request",
     "doc-store-manual", "person-renata-gullickson"),
    ("rule-prohibited", "No flammables, gas cylinders, food, animals, firearms or hazardous "
     "waste in a unit, and nobody lives or sleeps in one", "doc-store-manual",
     "person-renata-gullickson"),
    ("rule-climate-emergency", "A Kettle Bend climate building reading above 85°F or 65% "
     "humidity for two hours is an emergency call to Birchline's 24-hour line",
     "doc-store-manual", "person-wes-pankratz"),
    ("rule-military-check", "Every tenant on a lien list is checked against the active-duty "
     "military database before the notice of sale; an active-duty tenant is never sold",
     "doc-lien-procedure", "person-delphine-arseneau"),
    ("rule-sale-timing", "A unit is sold no sooner than day 60 past due, in a 10-day "
     "Crateside online auction, and the tenant may redeem by paying in full until it closes",
     "doc-lien-procedure", "person-delphine-arseneau"),
    ("rule-papers", "Personal papers and family photos found in a sold unit are kept at the "
     "store for 90 days for the former tenant", "doc-lien-procedure",
     "person-delphine-arseneau"),
    ("rule-driver-age", "Truck renters must be 21 or over with a valid licence; the 26-foot "
     "truck is rented only to renters 25 or over", "doc-truck-terms", "person-ray-szymanski"),
    ("rule-walkaround", "Every truck rental starts and ends with a photo walk-around in "
     "RigReserve; damage not on the check-out photos is charged to the renter",
     "doc-truck-terms", "person-ray-szymanski"),
    ("rule-fuel", "Trucks come back full or the renter pays $4.75 a gallon plus a $15 "
     "refuelling fee", "doc-truck-terms", "person-ray-szymanski"),
    ("rule-free-truck", "A new tenant's first local truck rental is free (4 hours, 60 miles) "
     "if booked within 7 days of move-in", "doc-truck-terms", "person-ray-szymanski"),
    ("rule-cover-required", "No unit is rented without the tenant protection plan or the "
     "declarations page of the tenant's own insurance covering stored goods",
     "doc-protection-guide", "person-gordon-tran"),
    ("rule-card-numbers", "Card payments are taken only in the Vaultline secure pay screen; "
     "agents never write down, repeat back or email a card number", "doc-care-playbook",
     "person-shawna-pettaway"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-quarrystone",
        "Quarrystone Self Storage & Truck Rental",
        src="wdfi:quarrystone-storage-llc",
        as_of=date(2009, 5, 4),
        city="Kettle Bend",
        street="1180 Quarry Road",
        text="Quarrystone Storage LLC runs four self-storage stores around Kettle Bend, "
        "Wisconsin (Kettle Bend, Marrow Lake, Oshenee Road and Pell Junction) and rents "
        "moving trucks and cargo vans from two yards; its Customer Care Center answers the "
        "phones for every store.",
    )
    w.node(
        "Organization",
        "org-fenwright",
        "Fenwright Mutual Insurance",
        src="sheltercover:program",
        as_of=START,
        text="The insurer that underwrites the ShelterCover tenant protection plan sold at "
        "Quarrystone's stores.",
    )
    w.node(
        "Organization",
        "org-pell-village",
        "Village of Pell Junction",
        src="permits:pell-junction",
        as_of=date(2025, 6, 2),
        text="The village that issued the building and occupancy permits for the Pell "
        "Junction store.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="paylocity:departments", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-quarrystone", since=START, src="paylocity:departments")
    for pid, name, role, team in PEOPLE:
        first, last = name.lower().replace("í", "i").split()[:2]
        w.node(
            "Person",
            pid,
            name,
            src="paylocity:employees",
            as_of=CODY_STARTS if pid == "person-cody-halvorsen" else START,
            role=role,
            email=f"{first[0]}{last}@quarrystonestorage.com",
        )
        w.edge(
            pid,
            "MEMBER_OF",
            team or "org-quarrystone",
            since=CODY_STARTS if pid == "person-cody-halvorsen" else START,
            src="paylocity:employees",
        )
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="quickbooks:vendors",
            as_of=START,
            supplies=supplies,
            text=f"{name}: {supplies}.",
        )
        w.edge("org-quarrystone", "USES", vid, since=START, src="quickbooks:vendors")
    w.node(
        "Vendor",
        "vendor-haugland",
        "Haugland Auction Co.",
        src="quickbooks:vendors",
        as_of=START,
        status="former",
        supplies="live on-site lien auctions (until March 2026)",
        text="Haugland Auction Co. called Quarrystone's live on-site lien auctions until the "
        "March 2026 sale.",
    )
    w.node(
        "Deal",
        "deal-stemper-pell",
        "Stemper Contracting: four 10x30 units at Pell Junction",
        src="vaultline:quotes/PJ-0042",
        as_of=date(2026, 5, 27),
        stage="proposal sent",
        value=12960,
        text="A 12-month proposal to Stemper Contracting for four 10x30 drive-up units at "
        "Pell Junction for tools and materials, at $270 a unit a month.",
    )
    w.edge(
        "deal-stemper-pell",
        "ASSIGNED_TO",
        "person-cody-halvorsen",
        since=date(2026, 5, 27),
        src="vaultline:quotes/PJ-0042",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-kbsc-housing",
            "Kettle Bend State College Residence Life",
            "Refers students to Quarrystone for summer storage; the spring semester ends on "
            "8 May and most students move in over the following week.",
            "service-online-rentals",
        ),
        (
            "customer-stemper",
            "Stemper Contracting",
            "A builder with six 10x20 units and the 24-hour access add-on at Oshenee Road for "
            "tools and materials.",
            "service-gate-access",
        ),
        (
            "customer-ferncliff",
            "Ferncliff Movers",
            "A two-truck local moving company that rents our 26-foot trucks on weekdays when "
            "its own are booked.",
            "service-truck-rental",
        ),
    ):
        w.node("Customer", cid, name, src="vaultline:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="vaultline:accounts")


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, owner, text in SITES:
        opened = BEA_ON_PELL if sid == "asset-pell-junction" else START
        w.node("Asset", sid, name, src="sharepoint:stores", as_of=opened, text=text)
        w.edge(sid, "PART_OF", "org-quarrystone", since=opened, src="sharepoint:stores")
        if owner:
            w.edge(owner, "OWNS", sid, since=START, src="sharepoint:stores")
    w.node(
        "Asset",
        "asset-truck-fleet",
        "Truck rental fleet (22 box trucks, 6 cargo vans)",
        src="rigreserve:fleet",
        as_of=START,
        text="22 box trucks (10, 15, 20 and 26 feet) and 6 cargo vans, leased from Lakeshore "
        "Fleet Leasing; 20 kept in the Oshenee Road truck yard and 8 at Kettle Bend.",
    )
    w.edge("person-ray-szymanski", "OWNS", "asset-truck-fleet", since=START, src="rigreserve:fleet")
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="vaultline:products", as_of=START)
    w.edges(
        src,
        START,
        ("tool-gatewarden", "DEPENDS_ON", "account-gatewarden-sub"),
        ("account-gatewarden-sub", "DEPENDS_ON", "vendor-perimetrix"),
        ("account-gatewarden-sub", "PART_OF", "tool-gatewarden"),
        ("account-gw-sync-key", "DEPENDS_ON", "tool-vaultline"),
        ("account-gw-sync-key", "DEPENDS_ON", "tool-gatewarden"),
        ("account-gw-sync-key", "PART_OF", "tool-gatewarden"),
        ("account-cardinal-merchant", "DEPENDS_ON", "vendor-cardinal"),
        ("account-cardinal-merchant", "PART_OF", "tool-vaultline"),
        ("tool-website", "DEPENDS_ON", "tool-vaultline"),
        ("tool-rigreserve", "DEPENDS_ON", "account-cardinal-merchant"),
        ("tool-rigreserve", "DEPENDS_ON", "tool-milemark"),
        ("asset-truck-fleet", "DEPENDS_ON", "account-lakeshore-lease"),
        ("account-lakeshore-lease", "DEPENDS_ON", "vendor-lakeshore"),
        ("account-sheltercover-agreement", "DEPENDS_ON", "vendor-sheltercover"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for owner, sid in SERVICE_OWNERS),
        ("team-stores", "USES", "tool-vaultline"),
        ("team-stores", "USES", "tool-gatewarden"),
        ("team-care", "USES", "tool-callbridge"),
        ("team-care", "USES", "tool-vaultline"),
        ("team-care", "USES", "tool-rigreserve"),
        ("team-fleet", "USES", "tool-rigreserve"),
        ("team-fleet", "USES", "tool-milemark"),
        ("team-collections", "USES", "tool-crateside"),
        ("team-collections", "USES", "tool-vaultline"),
        ("team-finance", "USES", "tool-website"),
        ("team-facilities", "USES", "tool-gatewarden"),
    )
    # Pell Junction: Bea ran it through the pre-opening and lease-up, Cody from 4 May.
    w.edge(
        "person-bea-zielinski",
        "OWNS",
        "asset-pell-junction",
        since=BEA_ON_PELL,
        src="sharepoint:stores",
    )
    w.edge(
        "person-cody-halvorsen",
        "OWNS",
        "asset-pell-junction",
        since=CODY_STARTS,
        src="teams:store-managers/msg-0501",
    )
    # The self-serve kiosk at Marrow Lake: cards through Cardinal Pay until 15 April.
    w.node(
        "Tool",
        "tool-kioskpro",
        "KioskPro rental kiosk at Marrow Lake (retired)",
        src=src,
        as_of=KIOSK_OFF,
        status="retired",
        kind="hardware",
        text="A self-serve rental kiosk in the Marrow Lake office porch that took card "
        "payments through the Cardinal Pay merchant account; switched off on 15 April 2026.",
    )
    w.edge(
        "tool-kioskpro",
        "DEPENDS_ON",
        "account-cardinal-merchant",
        since=START,
        until=KIOSK_OFF,
        src=src,
    )
    w.edge(
        "service-move-ins",
        "DEPENDS_ON",
        "tool-kioskpro",
        since=START,
        until=KIOSK_OFF,
        src=src,
    )
    w.node(
        "Tool",
        "tool-kpi-sheet",
        "Store KPI sheet",
        src=src,
        as_of=START,
        kind="spreadsheet",
        text="The shared spreadsheet where the day's figures that no system reports on its "
        "own are typed in each morning, such as the past-due count from Vaultline's aging "
        "report.",
    )
    w.edge("person-delphine-arseneau", "OWNS", "tool-kpi-sheet", since=START, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("ins", "outs", "occ", "trucks", "gate", "abandon", "attach", "pastdue")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    occupied = 1541
    past_due = 58.0
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        month_end = day.day >= 28 or day.day == 1
        promo = PROMO[0] <= day <= PROMO[1]
        # move-ins: the stores, then Pell Junction's lease-up, the promo and the students
        ins = rng.randint(5, 9) if wd < 5 else rng.randint(8, 13) if wd == 5 else rng.randint(2, 5)
        if day >= PELL_OPEN:
            ins += rng.randint(1, 3) if wd < 6 else rng.randint(0, 1)
        if promo:
            ins += rng.randint(3, 6) if wd < 6 else rng.randint(1, 2)
        if STUDENTS[0] <= day <= STUDENTS[1]:
            ins += rng.randint(3, 6)
        if month_end:
            ins += 2
        # move-outs: spring into summer, and the auctioned units on the day the sale closed
        outs = (
            rng.randint(6, 10) if wd < 5 else rng.randint(8, 12) if wd == 5 else rng.randint(2, 4)
        )
        if day.month == 6:
            outs += rng.randint(1, 3)
        if month_end:
            outs += 4
        if day == AUCTION_CLOSE:
            outs += 14
        occupied += ins - outs
        units = UNITS_AFTER if day >= PELL_OPEN else UNITS_BEFORE
        occ = occupied / units * 100
        # truck rentals: weekends and month ends, the free move-in truck, then the hail
        trucks = (
            rng.uniform(7, 12)
            if wd < 4
            else rng.uniform(10, 15)
            if wd == 4
            else rng.uniform(16, 24)
            if wd == 5
            else rng.uniform(9, 14)
        )
        trucks *= 1.0 if day.month in (3, 4) else 1.15 if day.month == 5 else 1.3
        if month_end:
            trucks *= 1.25
        trucks += ins * 0.3
        if day in HAIL_DAYS:
            trucks *= rng.uniform(0.5, 0.6)
        # keypad gate entries: three stores, then Pell ramping up; more on weekends
        gate = rng.uniform(190, 250) + rng.uniform(110, 150) + rng.uniform(150, 210)
        if day >= PELL_OPEN:
            gate += min(60, 10 + (day - PELL_OPEN).days * 0.7) * rng.uniform(0.85, 1.15)
        gate *= 1.25 if wd >= 5 else 1.0
        gate *= 0.88 if day.month == 3 else 1.0 if day.month == 4 else 1.08
        if promo:
            gate *= 1.06
        # abandoned calls: busy during the promo, the carrier fault, then callback
        if day == CALLBRIDGE_FAULT:
            abandon = 41.3
        elif day >= CALLBACK_FROM:
            abandon = rng.uniform(3.4, 5.8)
        elif promo or day.month == 6:
            abandon = rng.uniform(9.5, 13.5)
        else:
            abandon = rng.uniform(6.0, 9.8)
        if wd == 6 and day != CALLBRIDGE_FAULT:
            abandon *= 0.8
        # protection plan attach rate: Rent Online 5.0 moved the plan after payment
        attach = rng.uniform(44.0, 53.0) if day >= RENT_ONLINE_5 else rng.uniform(66.0, 75.5)
        # past-due accounts (30+ days): drifting up, less lockout pressure while the sync
        # was down, then the June sale takes 14 off
        past_due += rng.uniform(-0.6, 1.1) + (0.8 if day in SYNC_DAYS else 0.0)
        if day == AUCTION_CLOSE:
            past_due -= 14
        out["ins"].append((day, ins))
        out["outs"].append((day, outs))
        out["occ"].append((day, round(occ, 1)))
        out["trucks"].append((day, round(trucks)))
        if day not in GATELOG_GAP:
            out["gate"].append((day, round(gate)))
        out["abandon"].append((day, round(abandon, 1)))
        out["attach"].append((day, round(attach, 1)))
        if day not in AWAY:
            out["pastdue"].append((day, round(past_due)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    vault, rig, gates, phones, kpi = (
        "vaultline:reports",
        "rigreserve:reports",
        "gatewarden:event-log",
        "callbridge:queue-stats",
        "kpi-sheet:collections",
    )
    w.metric(
        "metric-move-ins",
        "Move-ins (all four stores)",
        "move-ins",
        "sum",
        src=vault,
        since=START,
        measures="service-move-ins",
    )
    w.metric(
        "metric-move-outs",
        "Move-outs (all four stores)",
        "move-outs",
        "sum",
        src=vault,
        since=START,
    )
    w.metric(
        "metric-occupancy",
        "Unit occupancy (share of all units rented)",
        "%",
        "mean",
        src=vault,
        since=START,
    )
    w.metric(
        "metric-truck-rentals",
        "Truck and van rentals started",
        "rentals",
        "sum",
        src=rig,
        since=START,
        measures="service-truck-rental",
    )
    w.metric(
        "metric-gate-entries",
        "Keypad gate entries (all stores)",
        "entries",
        "sum",
        src=gates,
        since=START,
        measures="service-gate-access",
    )
    w.metric(
        "metric-abandon-rate",
        "Care Center abandoned-call rate",
        "%",
        "mean",
        src=phones,
        since=START,
        measures="service-care-center",
    )
    w.metric(
        "metric-plan-attach",
        "Protection plan attach rate (share of move-ins taking the plan)",
        "%",
        "mean",
        src=vault,
        since=START,
        measures="service-protection-plan",
    )
    w.metric(
        "metric-past-due",
        "Past-due accounts (30+ days)",
        "accounts",
        "mean",
        src=kpi,
        since=START,
    )
    return {
        "ins": w.readings("metric-move-ins", series["ins"], src=vault),
        "outs": w.readings("metric-move-outs", series["outs"], src=vault),
        "occ": w.readings("metric-occupancy", series["occ"], src=vault),
        "trucks": w.readings("metric-truck-rentals", series["trucks"], src=rig),
        "gate": w.readings("metric-gate-entries", series["gate"], src=gates),
        "abandon": w.readings("metric-abandon-rate", series["abandon"], src=phones),
        "attach": w.readings("metric-plan-attach", series["attach"], src=vault),
        "pastdue": w.readings("metric-past-due", series["pastdue"], src=kpi),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    # Vaultline 9.4 rotated the API keys and the GateWarden sync stopped.
    w.node(
        "Release",
        "release-vaultline-94",
        "Vaultline 9.4",
        src="vaultline:release-notes/9.4",
        as_of="2026-04-13T07:00:00+00:00",
        version="9.4",
        releasedAt="2026-04-13T07:00:00+00:00",
        text="Vaultline Software's 9.4 update: a new lien tab, faster aging reports, and every "
        "customer's integration API keys rotated for security.",
    )
    w.edges(
        "vaultline:release-notes/9.4",
        "2026-04-13T07:00:00+00:00",
        ("release-vaultline-94", "CHANGED", "tool-vaultline"),
    )
    src, back = "vaultline:support/case-88213", SYNC_BACK
    w.node(
        "Incident",
        "incident-sync",
        "GateWarden sync stopped after Vaultline 9.4: no new codes or lockouts pushed",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-04-13T07:00:00+00:00",
        resolvedAt="2026-04-16T15:30:00+00:00",
        text="Vaultline 9.4 rotated its integration API keys on the morning of 13 April and "
        "the Vaultline to GateWarden sync key stopped working. For three days new tenants' "
        "gate codes were not pushed to the keypads (store managers typed them into GateWarden "
        "by hand) and no past-due lockouts or move-outs reached the gates. Nate Okerlund put "
        "in a new key at 10:30 on 16 April and replayed the changes.",
    )
    w.edges(
        src,
        "2026-04-13T07:00:00+00:00",
        ("release-vaultline-94", "CAUSED", "incident-sync"),
        ("incident-sync", "AFFECTS", "account-gw-sync-key"),
        ("incident-sync", "AFFECTS", "service-code-issue"),
        ("incident-sync", "AFFECTS", "service-lockout"),
        ("person-nate-okerlund", "OWNS", "incident-sync"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-sync-key",
        "Issue a new Vaultline to GateWarden sync key and replay the missed changes",
        src="asana:systems/214",
        as_of=back,
        status="done",
    )
    w.edges(
        "asana:systems/214",
        date(2026, 4, 13),
        ("person-nate-okerlund", "OWNS", "task-sync-key"),
        ("person-nate-okerlund", "WORKS_ON", "task-sync-key"),
        ("task-sync-key", "FIXES", "incident-sync"),
        as_of=back,
    )

    src = "callbridge:status/2026-04-21"
    w.node(
        "Incident",
        "incident-callbridge",
        "Callbridge carrier fault: Care Center calls failing to queue",
        src=src,
        as_of=date(2026, 4, 22),
        status="resolved",
        severity="high",
        startedAt="2026-04-21T14:05:00+00:00",
        resolvedAt="2026-04-21T20:40:00+00:00",
        text="A fault at Callbridge Networks' upstream carrier from 9:05am to 3:40pm on "
        "Tuesday 21 April dropped many calls to the main number before they reached a queue "
        "and left others ringing out; 41.3% of the day's calls were abandoned.",
    )
    w.edges(
        src,
        "2026-04-21T14:05:00+00:00",
        ("vendor-callbridge", "CAUSED", "incident-callbridge"),
        ("incident-callbridge", "AFFECTS", "service-care-center"),
        ("incident-callbridge", "AFFECTS", "metric-abandon-rate"),
        ("incident-callbridge", "CAUSED", obs["abandon"][CALLBRIDGE_FAULT]),
        ("person-shawna-pettaway", "OWNS", "incident-callbridge"),
        as_of=date(2026, 4, 22),
    )

    src = "rigreserve:incidents/hail-0505"
    w.node(
        "Incident",
        "incident-hail",
        "Hail damage at the Oshenee Road truck yard: nine trucks out of service",
        src=src,
        as_of=HAIL_BACK,
        status="resolved",
        severity="high",
        startedAt="2026-05-05T21:40:00+00:00",
        resolvedAt="2026-05-19T14:00:00+00:00",
        text="A hail cell crossed the Oshenee Road yard at 4:40pm on 5 May. Nine of the 22 "
        "box trucks in the open row were damaged (windshields, box panels and two split roof "
        "skins) and went to Lakeshore Fleet Leasing's body shop; the last came back on 19 "
        "May. The fleet ran two weeks with 13 box trucks and 6 vans and 47 bookings were "
        "moved or refunded.",
    )
    w.edges(
        src,
        "2026-05-05T21:40:00+00:00",
        ("incident-hail", "AFFECTS", "asset-truck-fleet"),
        ("incident-hail", "AFFECTS", "service-truck-rental"),
        ("incident-hail", "AFFECTS", "metric-truck-rentals"),
        *(("incident-hail", "CAUSED", obs["trucks"][d]) for d in HAIL_DAYS),
        ("person-ray-szymanski", "OWNS", "incident-hail"),
        as_of=HAIL_BACK,
    )
    w.node(
        "Task",
        "task-hail-repairs",
        "Body shop repairs on the nine hail-damaged trucks",
        src="rigreserve:work-orders/hail",
        as_of=HAIL_BACK,
        status="done",
    )
    w.edges(
        "rigreserve:work-orders/hail",
        date(2026, 5, 6),
        ("person-ray-szymanski", "OWNS", "task-hail-repairs"),
        ("task-hail-repairs", "FIXES", "incident-hail"),
        ("task-hail-repairs", "DEPENDS_ON", "vendor-lakeshore"),
        as_of=HAIL_BACK,
    )

    src = "vaultline:incidents/ml-0523"
    w.node(
        "Incident",
        "incident-breakin",
        "Marrow Lake break-in: three units opened through the back fence",
        src=src,
        as_of=date(2026, 5, 24),
        status="open",
        severity="medium",
        startedAt="2026-05-24T07:00:00+00:00",
        text="Overnight on 23 to 24 May someone came through a gap under the back fence at "
        "Marrow Lake and cut the locks on three units in row C. TJ Abernathy filed the police "
        "report and overlocked the units; the three tenants were called the same morning.",
    )
    w.edges(
        src,
        "2026-05-24T07:00:00+00:00",
        ("incident-breakin", "AFFECTS", "asset-marrow-lake"),
        ("person-tj-abernathy", "OWNS", "incident-breakin"),
        as_of=date(2026, 5, 24),
    )

    src = "perimetrix:status/eventlog-0529"
    w.node(
        "Incident",
        "incident-gatelog",
        "GateWarden cloud event log down: no gate entries recorded",
        src=src,
        as_of=GATELOG_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-05-29T05:00:00+00:00",
        resolvedAt="2026-06-02T13:00:00+00:00",
        text="Perimetrix Access Systems moved the GateWarden cloud's event log to a new "
        "database over the weekend of 29 May and the upload from site controllers failed. The "
        "gates kept opening on the codes cached in each controller, but no keypad entries "
        "were recorded from 29 May to 1 June and Perimetrix cannot recover them, so the gate "
        "entries figure has no readings for those four days.",
    )
    w.edges(
        src,
        "2026-05-29T05:00:00+00:00",
        ("vendor-perimetrix", "CAUSED", "incident-gatelog"),
        ("incident-gatelog", "AFFECTS", "tool-gatewarden"),
        ("incident-gatelog", "AFFECTS", "metric-gate-entries"),
        ("person-nate-okerlund", "OWNS", "incident-gatelog"),
        as_of=GATELOG_BACK,
    )

    src = "birchline:work-orders/KB-6611"
    w.node(
        "Incident",
        "incident-hvac",
        "Kettle Bend climate building cooling failure (RTU-1 compressor)",
        src=src,
        as_of=HVAC_FIXED,
        status="resolved",
        severity="high",
        startedAt="2026-06-11T07:10:00+00:00",
        resolvedAt="2026-06-13T16:00:00+00:00",
        text="The compressor on RTU-1, the only rooftop cooling unit on the Kettle Bend "
        "climate building, failed at about 2:10am on 11 June. The corridors reached 88°F and "
        "71% humidity; Birchline fitted a new compressor at 11am on 13 June.",
    )
    w.edges(
        src,
        "2026-06-11T07:10:00+00:00",
        ("incident-hvac", "AFFECTS", "service-climate"),
        ("incident-hvac", "AFFECTS", "product-climate-unit"),
        ("person-wes-pankratz", "OWNS", "incident-hvac"),
        as_of=HVAC_FIXED,
    )
    w.node(
        "Task",
        "task-compressor",
        "Replace the RTU-1 compressor on the Kettle Bend climate building",
        src=src,
        as_of=HVAC_FIXED,
        status="done",
    )
    w.edges(
        src,
        HVAC_FAIL,
        ("person-wes-pankratz", "OWNS", "task-compressor"),
        ("task-compressor", "FIXES", "incident-hvac"),
        ("task-compressor", "DEPENDS_ON", "vendor-birchline"),
        as_of=HVAC_FIXED,
    )

    # Rent Online 5.0: nothing ties it to the attach rate; the rate just falls that day.
    w.node(
        "Release",
        "release-rent-online-5",
        "Rent Online 5.0",
        src="bluffline:quarrystone/releases/5.0",
        as_of="2026-05-12T11:00:00+00:00",
        version="5.0",
        releasedAt="2026-05-12T11:00:00+00:00",
        text="Bluffline Digital's Rent Online 5.0 for quarrystone.com: a three-step checkout "
        "with Apple Pay and Google Pay and photos of every unit size. The protection plan, "
        "locks and boxes moved from the unit step to an Extras page shown after payment, "
        'where the cover choice starts on "I have my own insurance".',
    )
    w.edges(
        "bluffline:quarrystone/releases/5.0",
        "2026-05-12T11:00:00+00:00",
        ("release-rent-online-5", "CHANGED", "tool-website"),
        ("release-rent-online-5", "PART_OF", "service-online-rentals"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-store-managers", "Store Managers"),
        ("channel-care", "Care Center"),
        ("channel-fleet", "Fleet Desk"),
        ("channel-collections", "Collections"),
    ):
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    for mid, name, who, channel, said, text in (
        (
            "message-crateside",
            "Renata in Store Managers on 26 March",
            "person-renata-gullickson",
            "channel-store-managers",
            "2026-03-26T15:00:00+00:00",
            "From the June sale on, every lien sale goes online on Crateside. No more live "
            "auctions at the stores: the March one at Marrow Lake had 6 bidders and 4 of 11 "
            "units didn't sell. Delphine will send the new procedure.",
        ),
        (
            "message-kiosk",
            "Renata in Store Managers on 14 April",
            "person-renata-gullickson",
            "channel-store-managers",
            "2026-04-14T14:00:00+00:00",
            "The KioskPro kiosk at Marrow Lake goes off tomorrow for good. Nine Birchline "
            "call-outs for the card reader since January and it does 3% of Marrow Lake's "
            "move-ins. Point walk-ins to the counter or Rent Online.",
        ),
        (
            "message-sync-fixed",
            "Nate in Store Managers on 16 April",
            "person-nate-okerlund",
            "channel-store-managers",
            "2026-04-16T15:45:00+00:00",
            "GateWarden sync is back. Vaultline 9.4 rotated the API keys on Monday and our "
            "sync key died with it, so no new codes or lockouts went to the gates since "
            "Monday morning. New key in at 10:30 and I've replayed everything; check any "
            "codes you typed in by hand.",
        ),
        (
            "message-promo",
            "Anika in Store Managers on 20 April",
            "person-anika-sorensen",
            "channel-store-managers",
            "2026-04-20T16:00:00+00:00",
            "$1 first month on every 10x10 and smaller, all four stores, Monday 27 April to "
            "Sunday 31 May, at the counter, on the phone and on Rent Online. It's for the "
            "college move-out and to fill Pell Junction. Second month is full rate; protection "
            "plan rules don't change.",
        ),
        (
            "message-pell-handover",
            "Renata in Store Managers on 1 May",
            "person-renata-gullickson",
            "channel-store-managers",
            "2026-05-01T14:00:00+00:00",
            "Cody Halvorsen starts Monday 4 May as store manager at Pell Junction. Bea has run "
            "Pell since March through the opening and hands over the keys, the lease-up "
            "tracker and the Stemper proposal on Monday, then goes back to relief cover.",
        ),
        (
            "message-hail",
            "Ray in Fleet Desk on 5 May",
            "person-ray-szymanski",
            "channel-fleet",
            "2026-05-05T22:30:00+00:00",
            "Hail at Oshenee about 4:40. Nine of the box trucks in the open row are out: "
            "windshields, dented boxes, two 26s with split roofs. All nine going to "
            "Lakeshore's body shop tomorrow. Care Center please move bookings onto the Kettle "
            "Bend trucks and vans where you can. Claim's open with Fieldstone.",
        ),
        (
            "message-rent-online-5",
            "Anika in Store Managers on 11 May",
            "person-anika-sorensen",
            "channel-store-managers",
            "2026-05-11T17:00:00+00:00",
            "Bluffline puts Rent Online 5.0 live tomorrow morning: three-step checkout, Apple "
            "Pay and Google Pay, photos for every unit size. Extras (plan, locks, boxes) are "
            "now on their own page after payment.",
        ),
        (
            "message-delphine-away",
            "Delphine in Collections on 29 May",
            "person-delphine-arseneau",
            "channel-collections",
            "2026-05-29T20:00:00+00:00",
            "Reminder I'm on vacation Mon 1 to Sun 7 June. Kayla is covering collections "
            "calls, but nobody is typing the past-due count into the KPI sheet while I'm "
            "away, so there won't be past-due numbers for that week. Lockouts and overlocks "
            "still run from Vaultline as normal.",
        ),
        (
            "message-gatelog",
            "Nate in Store Managers on 2 June",
            "person-nate-okerlund",
            "channel-store-managers",
            "2026-06-02T14:30:00+00:00",
            "FYI the GateWarden gate log has a hole from Friday 29 May to Monday 1 June. "
            "Perimetrix moved their event-log database and the uploads failed. Gates worked "
            "the whole time on cached codes, but those four days of entries are gone for good.",
        ),
        (
            "message-callback",
            "Shawna in Care Center on 3 June",
            "person-shawna-pettaway",
            "channel-care",
            "2026-06-03T15:00:00+00:00",
            "From Monday 8 June every queue offers callback after 60 seconds on hold. We "
            "abandoned about 11% of calls in May against our 6% target, and most people who "
            "hang up do it in the second or third minute. It's included in our Callbridge plan.",
        ),
        (
            "message-hvac",
            "Wes in Store Managers on 11 June",
            "person-wes-pankratz",
            "channel-store-managers",
            "2026-06-11T16:00:00+00:00",
            "KB climate building has no cooling: RTU-1 compressor is dead. Birchline's tech "
            "is on the way. Jolene, keep the corridor doors shut and log every tenant who "
            "calls about the heat.",
        ),
    ):
        slug = w.names[channel].lower().replace(" ", "-")
        src = f"teams:{slug}/{mid.removeprefix('message-')}"
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
            "message-sync-fixed",
            "2026-04-16T15:45:00+00:00",
            ("incident-sync", "account-gw-sync-key", "release-vaultline-94"),
        ),
        ("message-kiosk", "2026-04-14T14:00:00+00:00", ("tool-kioskpro",)),
        (
            "message-pell-handover",
            "2026-05-01T14:00:00+00:00",
            ("asset-pell-junction", "deal-stemper-pell"),
        ),
        ("message-hail", "2026-05-05T22:30:00+00:00", ("incident-hail", "asset-truck-fleet")),
        (
            "message-rent-online-5",
            "2026-05-11T17:00:00+00:00",
            ("release-rent-online-5", "tool-website"),
        ),
        (
            "message-delphine-away",
            "2026-05-29T20:00:00+00:00",
            ("metric-past-due", "tool-kpi-sheet"),
        ),
        ("message-gatelog", "2026-06-02T14:30:00+00:00", ("incident-gatelog", "tool-gatewarden")),
        ("message-hvac", "2026-06-11T16:00:00+00:00", ("incident-hvac",)),
    ):
        for target in targets:
            w.edge(mid, "MENTIONS", target, since=said, src=f"teams:mentions/{mid}")


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "GateWarden": "tool-gatewarden",
        "Vaultline": "tool-vaultline",
        "RigReserve": "tool-rigreserve",
        "Milemark": "tool-milemark",
        "Callbridge": "tool-callbridge",
        "Crateside": "tool-crateside",
        "Rent Online": "tool-website",
        "Birchline": "vendor-birchline",
        "Lakeshore": "vendor-lakeshore",
        "ShelterCover": "vendor-sheltercover",
        "Fenwright": "org-fenwright",
        "Fieldstone": "vendor-fieldstone",
        "Tumbler & Key": "vendor-tumbler",
        "Haugland": "vendor-haugland",
        "climate building": "service-climate",
        "Kettle Bend": "asset-kettle-bend",
        "Oshenee Road": "asset-oshenee-road",
        "Marrow Lake": "asset-marrow-lake",
        "Pell Junction": "asset-pell-junction",
        "lockout": "service-lockout",
        "Delphine Arseneau": "person-delphine-arseneau",
        "Ray Szymanski": "person-ray-szymanski",
        "Wes Pankratz": "person-wes-pankratz",
        "Jolene Vukovich": "person-jolene-vukovich",
        "Gordon Tran": "person-gordon-tran",
    }
    for path, did, author, kind, about in (
        (
            "store-operations-manual.md",
            "doc-store-manual",
            "person-renata-gullickson",
            "manual",
            ["service-gate-access", "service-lockout"],
        ),
        (
            "lien-sale-procedure.md",
            "doc-lien-procedure",
            "person-delphine-arseneau",
            "procedure",
            ["service-lien-sales"],
        ),
        (
            "truck-rental-terms.md",
            "doc-truck-terms",
            "person-ray-szymanski",
            "policy",
            ["service-truck-rental", "product-moving-truck"],
        ),
        (
            "tenant-protection-plan-guide.md",
            "doc-protection-guide",
            "person-gordon-tran",
            "guide",
            ["service-protection-plan", "product-protection"],
        ),
        (
            "care-center-playbook.md",
            "doc-care-playbook",
            "person-shawna-pettaway",
            "playbook",
            ["service-care-center"],
        ),
        (
            "hail-damage-summary.md",
            "doc-hail-summary",
            "person-ray-szymanski",
            "incident review",
            ["incident-hail"],
        ),
        (
            "kettle-bend-hvac-review.md",
            "doc-hvac-review",
            "person-wes-pankratz",
            "incident review",
            ["incident-hvac"],
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
        "decision-open-pell",
        "Open the Pell Junction store on 1 April 2026",
        src="sharepoint:board-minutes-2025-11",
        on=PELL_DECIDED,
        why="Marrow Lake and Oshenee Road have run above 93% occupied with a waiting list for "
        "10x20s since 2024, and the Highway 29 corridor is where new housing is going. Pell "
        "Junction adds 304 units, 18% more, so portfolio occupancy falls to about 77% on "
        "opening day and is planned to lease back up to 85% within 18 months.",
        made_by="person-dale-brunsvold",
        made_in=None,
        edges=(
            ("decision-open-pell", "AFFECTS", "asset-pell-junction"),
            ("decision-open-pell", "AFFECTS", "metric-occupancy"),
        ),
    )
    decision(
        "decision-live-auctions",
        "Hold lien sales as live on-site auctions called by Haugland Auction Co.",
        src="sharepoint:lien-procedure-2024",
        on=START,
        why="A live auction at the store, called by Haugland Auction Co. twice a year, was how "
        "every lien sale in the area was done, and Haugland charged a flat fee per sale day.",
        made_by="person-renata-gullickson",
        made_in=None,
        edges=(("decision-live-auctions", "MENTIONS", "vendor-haugland"),),
    )
    decision(
        "decision-crateside",
        "Hold every lien sale online on Crateside from the June 2026 sale",
        src="teams:store-managers/crateside",
        on=CRATESIDE_DECIDED,
        why="The March live auction at Marrow Lake drew 6 bidders and 4 of the 11 units went "
        "unsold. Crateside lists each unit with photos for 10 days to more than 300 registered "
        "bidders in the region, takes payment online so no cash is handled at the store, and "
        "keeps the notices and bids with the sale for the lien file.",
        made_by="person-renata-gullickson",
        made_in="message-crateside",
        edges=(
            ("decision-crateside", "SUPERSEDES", "decision-live-auctions"),
            ("decision-crateside", "AFFECTS", "service-lien-sales"),
            ("decision-crateside", "MENTIONS", "tool-crateside"),
        ),
    )
    decision(
        "decision-kiosk",
        "Switch off the KioskPro rental kiosk at Marrow Lake on 15 April",
        src="teams:store-managers/kiosk",
        on=date(2026, 4, 14),
        why="The kiosk's card reader needed nine Birchline call-outs since January and the "
        "kiosk did only 3% of Marrow Lake's move-ins; Rent Online does the same job.",
        made_by="person-renata-gullickson",
        made_in="message-kiosk",
        edges=(("decision-kiosk", "AFFECTS", "tool-kioskpro"),),
    )
    w.node(
        "Campaign",
        "campaign-dollar-month",
        "$1 first month on 10x10 and smaller (27 April to 31 May)",
        src="vaultline:promotions/DOLLAR1",
        as_of=PROMO_DECIDED,
        text="Promotion code DOLLAR1: the first month's rent is $1 on every unit 10x10 or "
        "smaller at all four stores, at the counter, on the phone and on Rent Online, from 27 "
        "April to 31 May 2026.",
    )
    w.edges(
        "vaultline:promotions/DOLLAR1",
        PROMO_DECIDED,
        ("person-anika-sorensen", "OWNS", "campaign-dollar-month"),
        ("campaign-dollar-month", "AFFECTS", "service-move-ins"),
        ("campaign-dollar-month", "AFFECTS", "service-online-rentals"),
    )
    decision(
        "decision-dollar-promo",
        "Run a $1 first month on 10x10 and smaller from 27 April to 31 May",
        src="teams:store-managers/promo",
        on=PROMO_DECIDED,
        why="Kettle Bend State College's semester ends on 8 May and students store over the "
        "summer, and Pell Junction opened 304 empty units on 1 April. A $1 first month brings "
        "the move-ins forward; the second month is at the full rate.",
        made_by="person-anika-sorensen",
        made_in="message-promo",
        edges=(
            ("decision-dollar-promo", "AFFECTS", "metric-move-ins"),
            ("decision-dollar-promo", "MENTIONS", "campaign-dollar-month"),
        ),
    )
    decision(
        "decision-callback",
        "Offer virtual hold callback on every Care Center queue from 8 June",
        src="teams:care-center/callback",
        on=CALLBACK_DECIDED,
        why="The Care Center abandoned about 11% of calls in May against a 6% target, and "
        "Callbridge's queue report shows most callers who hang up do it in the second or "
        "third minute. Callback keeps their place in the queue and is included in the "
        "Callbridge plan at no extra cost.",
        made_by="person-shawna-pettaway",
        made_in="message-callback",
        edges=(
            ("decision-callback", "AFFECTS", "service-care-center"),
            ("decision-callback", "AFFECTS", "metric-abandon-rate"),
        ),
    )
    decision(
        "decision-storm-bays",
        "Move trucks into the RV and boat bays when a severe thunderstorm warning is out",
        src="sharepoint:hail-damage-summary",
        on=DOC_DATES["doc-hail-summary"],
        why="Nine trucks in the open row at Oshenee Road were damaged by hail on 5 May "
        "($61,200 of repairs and two weeks short of trucks); the covered RV and boat bays "
        "hold most of the fleet until a hail canopy is built.",
        made_by="person-ray-szymanski",
        made_in="doc-hail-summary",
        edges=(
            ("decision-storm-bays", "BASED_ON", "doc-hail-summary"),
            ("decision-storm-bays", "MENTIONS", "incident-hail"),
        ),
    )
    decision(
        "decision-alarm-text",
        "Send the Kettle Bend building alarm by text to Wes Pankratz and Jolene Vukovich",
        src="sharepoint:kettle-bend-hvac-review",
        on=DOC_DATES["doc-hvac-review"],
        why="On 11 June the only alarm was an email to an inbox nobody reads overnight, and "
        "the compressor failure went unnoticed for seven hours.",
        made_by="person-wes-pankratz",
        made_in="doc-hvac-review",
        edges=(
            ("decision-alarm-text", "BASED_ON", "doc-hvac-review"),
            ("decision-alarm-text", "MENTIONS", "incident-hvac"),
        ),
    )


def _work(w: Book) -> None:
    src = "asana:fleet/hail-claim"
    w.node(
        "Task",
        "task-hail-claim",
        "Settle the Fieldstone Casualty hail claim FC-0526-1183",
        src=src,
        as_of=date(2026, 5, 6),
        status="in progress",
        due="2026-07-31",
        text="Get Fieldstone's adjuster to agree Lakeshore's $61,200 repair estimate for the "
        "nine hail-damaged trucks, less the $2,500 deductible per vehicle, and chase payment.",
    )
    w.edge("person-ray-szymanski", "OWNS", "task-hail-claim", since=date(2026, 5, 6), src=src)
    w.edges(
        src,
        date(2026, 5, 6),
        ("task-hail-claim", "ABOUT", "incident-hail"),
        ("task-hail-claim", "DEPENDS_ON", "vendor-fieldstone"),
        ("person-ray-szymanski", "WORKS_ON", "task-hail-claim"),
    )
    w.edges(
        "asana:fleet/hail-claim/reassigned",
        MEETING,
        ("person-gordon-tran", "OWNS", "task-hail-claim"),
        ("person-gordon-tran", "WORKS_ON", "task-hail-claim"),
    )

    src = "asana:systems/gatewarden-renewal"
    w.node(
        "Task",
        "task-gatewarden-renewal",
        "Renew the GateWarden cloud subscription before it expires on 30 June",
        src=src,
        as_of=RENEWAL_NOTICE,
        status="in progress",
        due="2026-06-24",
        text="Perimetrix sent the renewal notice on 28 May. Get the yearly quote for the four "
        "stores, have Dale Brunsvold sign the purchase order and load the new subscription "
        "before 30 June.",
    )
    w.edge("person-nate-okerlund", "OWNS", "task-gatewarden-renewal", since=RENEWAL_NOTICE, src=src)
    w.edges(
        src,
        RENEWAL_NOTICE,
        ("task-gatewarden-renewal", "ABOUT", "account-gatewarden-sub"),
        ("person-nate-okerlund", "WORKS_ON", "task-gatewarden-renewal"),
    )

    src = "asana:collections/june-sale"
    w.node(
        "Task",
        "task-june-sale",
        "Run the June lien sale on Crateside (closed 9 June)",
        src=src,
        as_of=AUCTION_CLOSE,
        status="done",
        text="The first online lien sale: 14 units from Kettle Bend and Marrow Lake listed on "
        "Crateside from 30 May, closed on 9 June, all 14 sold.",
    )
    w.edges(
        src,
        date(2026, 4, 10),
        ("person-delphine-arseneau", "OWNS", "task-june-sale"),
        ("task-june-sale", "ABOUT", "service-lien-sales"),
        ("task-june-sale", "DEPENDS_ON", "tool-crateside"),
        as_of=AUCTION_CLOSE,
    )
    src = "asana:collections/july-sale"
    w.node(
        "Task",
        "task-july-sale",
        "Run the July lien sale on Crateside (closes 14 July)",
        src=src,
        as_of=date(2026, 6, 10),
        status="open",
        due="2026-07-14",
        text="The July list: notices of sale by certified mail and email, the military check, "
        "photos from each store and the Crateside listing.",
    )
    w.edges(
        src,
        date(2026, 6, 10),
        ("person-delphine-arseneau", "OWNS", "task-july-sale"),
        ("person-delphine-arseneau", "WORKS_ON", "task-july-sale"),
        ("task-july-sale", "ABOUT", "service-lien-sales"),
        ("task-july-sale", "ABOUT", "rule-military-check"),
    )

    src = "asana:facilities/rtu-2"
    w.node(
        "Task",
        "task-rtu2",
        "Get Birchline's quote for a second rooftop unit (RTU-2) and a 4-hour emergency "
        "response clause",
        src=src,
        as_of=DOC_DATES["doc-hvac-review"],
        status="open",
        due="2026-07-01",
        text="From the HVAC review: a quote for RTU-2 on the Kettle Bend climate building and "
        "a 4-hour emergency response added to the Birchline contract.",
    )
    w.edges(
        src,
        DOC_DATES["doc-hvac-review"],
        ("person-wes-pankratz", "OWNS", "task-rtu2"),
        ("person-wes-pankratz", "WORKS_ON", "task-rtu2"),
        ("task-rtu2", "ABOUT", "service-climate"),
        ("task-rtu2", "DEPENDS_ON", "vendor-birchline"),
    )

    src = "asana:stores/ml-fence"
    w.node(
        "Task",
        "task-back-fence",
        "Close the gap under the Marrow Lake back fence and add a camera on row C",
        src=src,
        as_of=date(2026, 5, 24),
        status="in progress",
        due="2026-06-30",
        text="After the 23 May break-in: Birchline to close the gap under the back fence, and a "
        "camera on row C tied into the office recorder.",
    )
    w.edges(
        src,
        date(2026, 5, 24),
        ("person-tj-abernathy", "OWNS", "task-back-fence"),
        ("person-tj-abernathy", "WORKS_ON", "task-back-fence"),
        ("task-back-fence", "ABOUT", "incident-breakin"),
    )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]

    def covered(q: Question) -> Question:
        q.must_include = [coverage_words]
        return q

    cardinal = impact_question(
        facts,
        "cardinal pay is down this morning - what can't we do?",
        ["vendor-cardinal", "account-cardinal-merchant"],
        today,
        must_exclude=["KioskPro"],
        note="the KioskPro kiosk at Marrow Lake took cards through Cardinal Pay until it was "
        "switched off on 15 April; it is retired and breaks nothing now",
    )
    return [
        impact_question(
            facts,
            "if the gatewarden subscription expires at the end of the month what actually "
            "stops working at the stores?",
            ["account-gatewarden-sub"],
            today,
            note="the subscription expires on 30 June: the GateWarden tool, the sync key, gate "
            "access and every unit sold on it, new move-ins' codes and lockouts",
        ),
        cardinal,
        impact_question(
            facts,
            "milemark's offline again, does that hit anything on our end?",
            ["vendor-milemark", "tool-milemark"],
            today,
            note="RigReserve reads odometers from Milemark to close a rental",
        ),
        owner_question(
            facts,
            "who's got the hail claim w/ fieldstone now?",
            "task-hail-claim",
            today,
            note="Ray Szymanski had it from 6 May; it moved to Gordon Tran at the 16 June "
            "district call (Ray is on leave from 22 June)",
        ),
        owner_question(
            facts,
            "who was running pell jct in mid april",
            "asset-pell-junction",
            date(2026, 4, 15),
            note="Bea Zielinski ran Pell Junction from March until Cody Halvorsen started on 4 May",
        ),
        owner_question(
            facts,
            "whos handling the climate bldg cooling breakdown at kettle bend",
            "incident-hvac",
            today,
        ),
        Question(
            "why'd we move the lien auctions online to crateside?",
            "decision",
            must_include=[["6 bidders", "unsold", "300"]],
            must_cite=["decision-crateside"],
        ),
        Question(
            "whose call was the callback thing on the phone queues?",
            "decision",
            must_include=["Shawna Pettaway"],
            must_cite=["decision-callback"],
        ),
        Question(
            "how did we do lien sales before crateside",
            "decision",
            must_include=[["Haugland", "on-site"]],
            must_cite=["decision-live-auctions"],
            note="the superseded decision: live on-site auctions called by Haugland Auction Co.",
        ),
        Question(
            "tenant in C-117 at marrow lake is 12 days behind and his code stopped working. "
            "he'll pay half today, can i let him in to grab his tools?",
            "policy",
            must_include=[["paid in full", "in full"]],
            must_cite=["rule-lockout"],
            note="locked out from day 10 until the balance is paid in full; no access on a "
            "partial payment",
        ),
        Question(
            "caller forgot her gate code, she knows her unit number - can i just read it out "
            "to her?",
            "policy",
            must_include=[["reset link", "never read"]],
            must_cite=["rule-gate-codes"],
        ),
        Question(
            "guy is 23 and wants the 26 footer sat morning, are we ok to rent it to him",
            "policy",
            must_include=["25"],
            must_cite=["rule-driver-age"],
            note="21 and over for trucks, but the 26-foot truck only to renters 25 or over",
        ),
        related_question(
            facts,
            "lockouts go thru the sync key between vaultline and gatewarden - what team is "
            "whoever owns that key on?",
            today,
            rel="MEMBER_OF",
            frm="person-nate-okerlund",
            note="three hops: Past-due gate lockouts -> the Vaultline to GateWarden sync key, "
            "owned by Nate Okerlund -> his team",
        ),
        related_question(
            facts,
            "the trucks are all on a lease right? which leasing company is that with",
            today,
            rel="DEPENDS_ON",
            frm="account-lakeshore-lease",
            keep=["Vendor"],
            note="two hops: the truck fleet -> the Lakeshore master vehicle lease -> vendor",
        ),
        related_question(
            facts,
            "what all does birchline look after for us",
            today,
            rel="DEPENDS_ON",
            to="vendor-birchline",
            keep=["Service"],
        ),
        m(
            facts,
            today,
            "move-ins yday?",
            "metric_value",
            "metric-move-ins",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "what was occupancy on april 2nd",
            "metric_value",
            "metric-occupancy",
            span=(date(2026, 4, 2), date(2026, 4, 2)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "how many trucks went out the week of may 4",
            "metric_total",
            "metric-truck-rentals",
            periods=("week_of_2026-05-04",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total move-ins second half of may",
            "metric_total",
            "metric-move-ins",
            periods=("second_half_may",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "truck rentals since the hail trucks came back?",
            "metric_total",
            "metric-truck-rentals",
            periods=("since_2026-05-19",),
            tolerance=0.5,
            note="the last of the nine trucks was back on 19 May",
        ),
        m(
            facts,
            today,
            "avg occupancy end of q1",
            "metric_average",
            "metric-occupancy",
            periods=("end_q1",),
            tolerance=0.05,
        ),
        covered(
            m(
                facts,
                today,
                "average daily gate entries late may",
                "metric_average",
                "metric-gate-entries",
                periods=("late_may",),
                tolerance=0.5,
                covered=True,
                note="no gate log from 29 May: 8 of the 11 days have a reading",
            )
        ),
        covered(
            m(
                facts,
                today,
                "what are past due accts averaging first half of june",
                "metric_average",
                "metric-past-due",
                periods=("first_half_june",),
                tolerance=0.05,
                covered=True,
                note="nobody logged the count 1-7 June: 8 of the 15 days have a reading",
            )
        ),
        m(
            facts,
            today,
            "move-ins last 7 days vs the 7 before",
            "metric_change",
            "metric-move-ins",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "plan attach rate since rent online 5.0 went live vs the 2 wks before it",
            "metric_change",
            "metric-plan-attach",
            spans=(
                (RENT_ONLINE_5, today - timedelta(days=1)),
                (RENT_ONLINE_5 - timedelta(days=14), RENT_ONLINE_5 - timedelta(days=1)),
            ),
            tolerance=0.2,
        ),
        covered(
            m(
                facts,
                today,
                "gate entries may vs april, up or down?",
                "metric_change",
                "metric-gate-entries",
                periods=("month_may", "month_april"),
                tolerance=0.3,
                covered=True,
                note="May has 28 of 31 days (no gate log 29-31 May), April all 30: compare "
                "daily means over the covered days and say so",
            )
        ),
        m(
            facts,
            today,
            "abandon rate since callback went in vs the two weeks before",
            "metric_change",
            "metric-abandon-rate",
            spans=(
                (CALLBACK_FROM, today - timedelta(days=1)),
                (CALLBACK_FROM - timedelta(days=14), CALLBACK_FROM - timedelta(days=1)),
            ),
            tolerance=0.3,
        ),
        Question(
            "why did truck rentals tank early may",
            "metric_why",
            must_include=["hail"],
            must_cite=["incident-hail"],
        ),
        Question(
            "protection plan attach fell off a cliff in mid may - why??",
            "metric_why",
            must_include=[["5.0", "after payment", "Extras"]],
            must_cite=["release-rent-online-5"],
            note="nothing links the release to the attach rate: it falls from 12 May, the day "
            "Rent Online 5.0 moved the plan to an Extras page after payment",
        ),
        Question(
            "why is there no gate entry data for the end of may",
            "metric_why",
            must_include=[["event log", "Perimetrix"]],
            must_cite=["incident-gatelog"],
        ),
        Question(
            "no past due numbers for the first week of june?? what happened",
            "metric_why",
            must_include=[["vacation", "KPI sheet"]],
            must_cite=["message-delphine-away"],
            note="no incident: Delphine was on vacation 1-7 June and nobody typed the count "
            "into the KPI sheet; only her message says so",
        ),
        Question(
            "occupancy dropped like 14 points on april 1st, why",
            "metric_why",
            must_include=["Pell Junction"],
            must_cite=["decision-open-pell"],
            note="Pell Junction opened with 304 empty units: 1,696 units became 2,000",
        ),
        Question(
            "whats the deductible per truck on the hail claim",
            "document",
            must_include=["2,500"],
            must_cite=["doc-hail-summary"],
        ),
        Question(
            "what did the kb compressor job cost all in, per wes's review?",
            "document",
            must_include=["14,380"],
            must_cite=["doc-hvac-review"],
        ),
        Question(
            "what did we land on at tuesday's district call about the plan attach drop?",
            "meeting",
            must_include=[["welcome call"], ["unit step", "Bluffline"]],
            note="16 June district call: the Care Center welcome-calls every online move-in "
            "within a day to offer the plan until Bluffline puts the plan back on the unit "
            "step before payment, by Friday 26 June",
        ),
        Question(
            "who's got which action items from the district call?",
            "meeting",
            must_include=["Gordon", "Nate", "Delphine", "Wes"],
            note="Gordon: the hail claim; Nate: GateWarden renewal PO (Dale signs by 24 June); "
            "Delphine: July lien sale notices by 19 June; Wes: Birchline RTU-2 quote by 1 July; "
            "Anika: Bluffline fix by 26 June; Shawna and Luis: welcome calls; Ray: two extra "
            "trucks by 19 June",
        ),
        Question(
            "who services the freight elevator at kettle bend?",
            "unknown",
            absent=["elevator"],
            note="the climate building is one storey; nothing of the kind in the records",
        ),
        Question(
            "how many truck rentals did we do in february",
            "unknown",
            absent=["2026-02-"],
            note="readings start on 16 March",
        ),
        Question("anyone know when packers training camp opens this year", "offtopic"),
        Question("best way to grill brats without them splitting?", "offtopic"),
    ]


def build() -> Business:
    """The storage operator's facts and its questions."""
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
        "Quarrystone Self Storage & Truck Rental",
        "regional self-storage and moving-truck rental: four storage stores with keypad gate "
        "access, a climate building and RV parking, a leased truck and van fleet, a Customer "
        "Care Center, delinquency and online lien sales, a tenant protection plan and a "
        "facilities contractor (Quarrystone Self Storage & Truck Rental, Kettle Bend, "
        "Wisconsin, USA)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/district-call-2026-06-16.txt",
                "title": "Tuesday district call",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
