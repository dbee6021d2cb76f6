"""Brackenfold Mushrooms: a commercial specialty mushroom farm (Kilbrackan, Co. Monaghan, Ireland).

The story: Brackenfold grows grey, pearl and king oyster on pasteurised straw blocks in
Rooms 1-4, shiitake on sterilised sawdust blocks in Rooms 5-6 and, from 1 October, lion's
mane in Room 7. Substrate is blended and pasteurised in Tunnels 1 and 2 (steam from the
Thermaclad boiler, which also feeds the block autoclave); the spawn lab makes grain spawn
from Sporehaven Cultures masters. MycoClime controllers (Fennick Controls) run the rooms;
MycoClime Cloud (a subscription that expires on 30 November) carries the out-of-hours
alarms and the climate history over the farm's Oriel Broadband line. Batches and harvest
weights are tracked in CropLog (Furrow Digital); wholesale orders and delivery runs are in
OrderDesk (Crateline Software), which takes Corlea Foodstores' purchase orders through a
Tradevine EDI mailbox. Saturdays the farm has a stall at Kilbrackan Farmers' Market
(TapTill card reader).

From 1 September the oyster rooms are picked twice a day and the Grade A share jumps (the
decision is linked to the metric). On 14 September harvest weights moved from Crateline's
PickSheet tally app (retired) to Bluetooth scales straight into CropLog. Tunnel 1's core
probe drifted 9°C high: batches filled 3-8 September were under-pasteurised, Tunnel 1 was
out 9-15 September (blocks filled halved) and green mould ran contamination up to about 10%
from 13 to 22 September (linked, with CAUSED edges to the readings). On 5 October Oriel
swapped the farm's router, the new one blocked the MycoClime gateway's port, and no climate
data reached the cloud until 12 October: climate in-spec has no readings 5-11 October.
A warm spell from 4 to 13 September kept Rooms 1-4 over their setpoints in the afternoons
(climate in-spec dips; nothing but a message says why). OrderDesk 4.0 went live on
19 October with route optimisation that sends restaurant drops
after their 11:00 deadline, and on-time-in-full fell that day (nothing links the two);
OTIF has no readings on Sundays (no deliveries). The boiler service booking moved from
Piotr Wozniak to Ronan Geraghty on 14 October. The production meeting of Thursday 5
November agreed an 11:00 delivery window for restaurants in OrderDesk 4.0.2 (Fergal, by 13
November) with Dara sequencing the run by hand until then, and moved the MycoClime Cloud
renewal from Ronan Geraghty to Eimear Costigan.

"Today" is Tuesday 10 November 2026; daily readings run from 12 August to 9 November.
"""

from __future__ import annotations

import random
import unicodedata
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

SLUG = "brackenfold-mushrooms"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 11, 10)
FIRST, LAST = date(2026, 8, 12), date(2026, 11, 9)
SEED = 40817
START = date(2025, 3, 3)
TWO_PASSES_FROM = date(2026, 9, 1)
CROPLOG_SCALES_FROM = date(2026, 9, 14)
UNDERPASTEURISED = (date(2026, 9, 3), date(2026, 9, 8))  # batches filled
TUNNEL1_OUT = tuple(date(2026, 9, 9) + timedelta(days=i) for i in range(7))  # to 15 Sep
MOULD_DAYS = tuple(date(2026, 9, 13) + timedelta(days=i) for i in range(10))  # to 22 Sep
OYSTER_DIP = (date(2026, 9, 24), date(2026, 10, 4))
ROOM7_FROM = date(2026, 10, 1)
LIONS_FLUSH_1 = (date(2026, 10, 20), date(2026, 10, 30))
LIONS_FLUSH_2 = date(2026, 11, 4)
WARM_SPELL = (date(2026, 9, 4), date(2026, 9, 13))  # the oyster rooms struggle to hold 17 °C
CLIMATE_GAP = tuple(date(2026, 10, 5) + timedelta(days=i) for i in range(7))  # to 11 Oct
CLIMATE_BACK = date(2026, 10, 12)
ORDERDESK_40 = date(2026, 10, 19)
BOILER_HANDOVER = date(2026, 10, 14)
RENEWAL_TASK_FROM = date(2026, 10, 1)
MEETING = date(2026, 11, 5)
DOC_DATES = {
    "doc-grow-sop": date(2026, 8, 28),
    "doc-substrate-sop": date(2026, 9, 21),
    "doc-spawn-lab": date(2026, 8, 18),
    "doc-wholesale-terms": date(2026, 7, 6),
    "doc-tunnel-review": date(2026, 9, 24),
    "doc-room7-plan": date(2026, 8, 31),
}

# fmt: off
PEOPLE = (
    ("person-declan-moriarty", "Declan Moriarty", "Managing director and founder", None),
    ("person-aoife-brennan", "Aoife Brennan", "Production manager", "team-growing"),
    ("person-tomas-kilbride", "Tomás Kilbride", "Head grower", "team-growing"),
    ("person-kasia-lewandowska", "Kasia Lewandowska", "Harvest crew supervisor",
     "team-harvest"),
    ("person-piotr-wozniak", "Piotr Wozniak", "Substrate and pasteurisation supervisor",
     "team-substrate"),
    ("person-maeve-lennon", "Maeve Lennon", "Spawn lab lead (mycologist)", "team-spawn-lab"),
    ("person-ronan-geraghty", "Ronan Geraghty", "Climate and maintenance technician",
     "team-engineering"),
    ("person-orla-mcquillan", "Orla McQuillan", "Packhouse manager", "team-packhouse"),
    ("person-grace-adebayo", "Grace Adebayo", "Quality and food safety lead",
     "team-packhouse"),
    ("person-fergal-dunne", "Fergal Dunne", "Sales and accounts manager", "team-sales"),
    ("person-ciara-hollis", "Ciara Hollis", "Retail and market stall lead", "team-sales"),
    ("person-dara-quinlan", "Dara Quinlan", "Dispatch coordinator and lead driver",
     "team-dispatch"),
    ("person-eimear-costigan", "Eimear Costigan", "Finance and office manager", None),
)
TEAMS = (
    ("team-growing", "Growing"),
    ("team-harvest", "Harvest Crews"),
    ("team-substrate", "Substrate & Pasteurisation"),
    ("team-spawn-lab", "Spawn Lab"),
    ("team-engineering", "Engineering & Climate"),
    ("team-packhouse", "Packhouse & Quality"),
    ("team-sales", "Sales & Markets"),
    ("team-dispatch", "Dispatch & Deliveries"),
)
VENDORS = (
    ("vendor-fennick", "Fennick Controls", "the MycoClime grow room climate controllers, "
     "sensors and cloud gateway, and the MycoClime Cloud subscription"),
    ("vendor-furrow", "Furrow Digital", "CropLog, the batch, spawn-run and harvest tracking "
     "system, and the Bluetooth harvest scales"),
    ("vendor-crateline", "Crateline Software", "OrderDesk, the wholesale ordering, delivery "
     "run and invoicing system (and formerly the PickSheet harvest tally app)"),
    ("vendor-tradevine", "Tradevine EDI", "the EDI mailbox that carries Corlea Foodstores' "
     "purchase orders into OrderDesk"),
    ("vendor-thermaclad", "Thermaclad Boilers", "the steam boiler for the pasteurisation "
     "tunnels and the block autoclave, its service and the tunnel probes"),
    ("vendor-mulvey", "Mulvey Agri Supplies", "wheat straw, soy hulls, hardwood sawdust, "
     "wheat bran and gypsum for the substrate"),
    ("vendor-sporehaven", "Sporehaven Cultures", "master cultures of the oyster, shiitake "
     "and lion's mane strains"),
    ("vendor-clonmore", "Clonmore Lab Supplies", "rye grain, filter-patch bags, agar and "
     "HEPA filters for the spawn lab"),
    ("vendor-glenfrost", "Glenfrost Refrigeration", "the packhouse cold store and the "
     "refrigeration units on the delivery vans, and their servicing"),
    ("vendor-ardlow", "Ardlow Packaging", "punnets, film, chef boxes and cardboard trays"),
    ("vendor-inkwell", "Inkwell Labelling", "the packhouse label printers, LabelPro and "
     "the barcode labels for Corlea punnets"),
    ("vendor-taptill", "TapTill Payments", "the card reader and merchant account for the "
     "farmers' market stall"),
    ("vendor-oriel", "Oriel Broadband", "the farm's broadband line and router"),
)
TOOLS = (
    ("tool-mycoclime", "MycoClime climate controllers", "vendor-fennick",
     "person-ronan-geraghty"),
    ("tool-croplog", "CropLog batch and harvest tracking", "vendor-furrow",
     "person-aoife-brennan"),
    ("tool-orderdesk", "OrderDesk wholesale orders and delivery runs", "vendor-crateline",
     "person-fergal-dunne"),
    ("tool-labelpro", "LabelPro packhouse labelling", "vendor-inkwell",
     "person-orla-mcquillan"),
)
ACCOUNTS = (
    ("account-mycoclime-cloud", "MycoClime Cloud subscription", "person-ronan-geraghty",
     "Brackenfold's subscription to Fennick Controls' MycoClime Cloud: the gateway in the "
     "plant room uploads every room's climate over the farm broadband, the cloud rings the "
     "on-call phone out of hours when a room goes off its setpoints, and it keeps the "
     "climate history used for the in-spec reports and audits. It expires on 30 November "
     "2026; the controllers keep running the rooms without it.",
     {"expiresAt": "2026-11-30"}),
    ("account-broadband", "Farm broadband line", "person-eimear-costigan",
     "The Oriel Broadband line and router in the farm office; the MycoClime gateway sends "
     "its data over it.", {}),
    ("account-tradevine-edi", "EDI mailbox for Corlea purchase orders",
     "person-fergal-dunne",
     "The Tradevine EDI mailbox that receives Corlea Foodstores' purchase orders and passes "
     "them into OrderDesk, and sends back our delivery notes and invoices.", {}),
    ("account-taptill", "TapTill merchant account", "person-ciara-hollis",
     "The TapTill Payments merchant account behind the card reader on the Saturday market "
     "stall.", {}),
)
SERVICES = (
    ("service-substrate", "Substrate blending and pasteurisation",
     ("vendor-thermaclad", "vendor-mulvey"), "person-piotr-wozniak"),
    ("service-block-sterilisation", "Block sterilisation (autoclave)",
     ("vendor-thermaclad", "vendor-mulvey"), "person-piotr-wozniak"),
    ("service-spawn-lab", "Spawn lab (grain spawn)",
     ("vendor-sporehaven", "vendor-clonmore"), "person-maeve-lennon"),
    ("service-climate-control", "Grow room climate control", ("tool-mycoclime",),
     "person-ronan-geraghty"),
    ("service-climate-alarms", "Out-of-hours climate alarms", ("account-mycoclime-cloud",),
     "person-ronan-geraghty"),
    ("service-climate-history", "Climate history and in-spec reports",
     ("account-mycoclime-cloud",), "person-grace-adebayo"),
    ("service-oyster-rooms", "Oyster grow rooms (Rooms 1-4)",
     ("service-substrate", "service-spawn-lab", "service-climate-control"),
     "person-tomas-kilbride"),
    ("service-shiitake-rooms", "Shiitake grow rooms (Rooms 5-6)",
     ("service-block-sterilisation", "service-spawn-lab", "service-climate-control"),
     "person-tomas-kilbride"),
    ("service-packhouse", "Packhouse and cold store",
     ("tool-labelpro", "vendor-glenfrost", "vendor-ardlow"), "person-orla-mcquillan"),
    ("service-wholesale", "Wholesale orders and deliveries",
     ("tool-orderdesk", "vendor-glenfrost"), "person-fergal-dunne"),
    ("service-market-stall", "Farmers' market stall (Saturdays)", ("account-taptill",),
     "person-ciara-hollis"),
)
PRODUCTS = (
    ("product-oyster", "Oyster punnets and chef boxes",
     ("service-oyster-rooms", "service-harvest", "service-packhouse", "service-wholesale")),
    ("product-shiitake", "Shiitake punnets and chef boxes",
     ("service-shiitake-rooms", "service-harvest", "service-packhouse", "service-wholesale")),
    ("product-grow-kits", "Oyster grow-at-home kits",
     ("service-spawn-lab", "service-market-stall")),
)
RULES = (
    ("rule-co2-entry", "Nobody enters a grow room reading above 5,000 ppm CO2 until the "
     "fresh-air purge has brought it below 5,000 ppm; a room above 10,000 ppm is reported "
     "to the climate technician at once and nobody goes in", "doc-grow-sop",
     "person-ronan-geraghty"),
    ("rule-harvest-passes", "Oyster rooms are picked twice a day, at 06:00 and 14:00; "
     "shiitake and lion's mane once a day at 06:00", "doc-grow-sop",
     "person-aoife-brennan"),
    ("rule-cold-chain", "Picked trays go into the packhouse cold store at 2 to 4 °C within "
     "2 hours of picking, and packed stock travels in the vans below 5 °C", "doc-grow-sop",
     "person-orla-mcquillan"),
    ("rule-green-mould", "A block showing green mould (Trichoderma) is bagged where it "
     "stands and leaves through the dirty corridor to the skip, never through the spawn-run "
     "corridor or the lab; its batch is flagged in CropLog the same day", "doc-grow-sop",
     "person-grace-adebayo"),
    ("rule-pasteurisation", "Oyster straw is pasteurised with the core at 65°C or above for "
     "8 hours; a batch whose core log shows less than 65°C for the full 8 hours is not "
     "spawned but re-run or dumped", "doc-substrate-sop", "person-piotr-wozniak"),
    ("rule-probe-check", "Both tunnel core probes are checked every Monday against the "
     "independent logger; a probe more than 1.5°C out is replaced before the next batch",
     "doc-substrate-sop", "person-piotr-wozniak"),
    ("rule-lab-entry", "Nobody who has been in a fruiting room, the harvest corridor or the "
     "packhouse that day enters the spawn lab the same day; lab staff start their day in "
     "the lab", "doc-spawn-lab", "person-maeve-lennon"),
    ("rule-culture-transfers", "A culture goes no more than three transfers from its "
     "Sporehaven master before it is discarded", "doc-spawn-lab", "person-maeve-lennon"),
    ("rule-order-cutoff", "Wholesale orders placed by 2 pm are delivered the next day, "
     "Monday to Saturday; there are no Sunday deliveries", "doc-wholesale-terms",
     "person-fergal-dunne"),
    ("rule-restaurant-drops", "Restaurant deliveries arrive by 11:00 and Corlea's "
     "distribution centre takes its delivery by 09:00", "doc-wholesale-terms",
     "person-fergal-dunne"),
    ("rule-quality-claims", "Shorts and quality claims are made within 24 hours of delivery, "
     "with photos", "doc-wholesale-terms", "person-fergal-dunne"),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _email(name: str) -> str:
    first = unicodedata.normalize("NFKD", name.split()[0]).encode("ascii", "ignore").decode()
    return f"{first.lower()}@brackenfold.ie"


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-brackenfold",
        "Brackenfold Mushrooms",
        src="cro:brackenfold-mushrooms",
        as_of=date(2017, 5, 22),
        city="Kilbrackan",
        text="Brackenfold Mushrooms Ltd grows oyster, shiitake and lion's mane mushrooms in "
        "seven indoor grow rooms on its farm outside Kilbrackan, County Monaghan, Ireland, "
        "with its own substrate yard and pasteurisation tunnels, a spawn lab and a "
        "packhouse, and sells wholesale to grocers and restaurants and on a Saturday "
        "farmers' market stall.",
    )
    w.node(
        "Organization",
        "org-kilbrackan-market",
        "Kilbrackan Farmers' Market",
        src="market:kilbrackan",
        as_of=START,
        text="The Saturday farmers' market on Kilbrackan's Market Square, 09:00 to 14:00; "
        "Brackenfold has a stall pitch there every week at €45 a Saturday.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="brightpay:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-brackenfold", since=START, src="brightpay:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="brightpay:staff",
            as_of=START,
            role=role,
            email=_email(name),
        )
        w.edge(pid, "MEMBER_OF", team or "org-brackenfold", since=START, src="brightpay:staff")
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
        w.edge("org-brackenfold", "USES", vid, since=START, src="xero:suppliers")
    w.node(
        "Deal",
        "deal-corlea-christmas",
        "Corlea Foodstores Christmas 2026 oyster punnet programme",
        src="orderdesk:quotes/Q-0412",
        as_of=date(2026, 11, 2),
        stage="negotiating",
        value=46800,
        text="About 30% more 150 g oyster punnets for Corlea Foodstores' twelve stores in "
        "weeks 50 to 52 of 2026, on top of the standing order.",
    )
    w.edge(
        "deal-corlea-christmas",
        "ASSIGNED_TO",
        "person-fergal-dunne",
        since=date(2026, 11, 2),
        src="orderdesk:quotes/Q-0412",
    )
    w.node(
        "Deal",
        "deal-linden-lions-mane",
        "Linden Street Bistro: weekly lion's mane standing order",
        src="orderdesk:quotes/Q-0388",
        as_of=date(2026, 9, 28),
        stage="won",
        value=25600,
        text="A standing order of 30 kg of lion's mane a week for Linden Street Bistro in "
        "Drumkeel from the first Room 7 flush.",
    )
    w.edge(
        "deal-linden-lions-mane",
        "ASSIGNED_TO",
        "person-fergal-dunne",
        since=date(2026, 9, 28),
        src="orderdesk:quotes/Q-0388",
    )


def _customers(w: Book) -> None:
    for cid, name, text in (
        (
            "customer-corlea",
            "Corlea Foodstores",
            "A regional grocery chain of twelve stores; takes 150 g oyster and shiitake "
            "punnets into its Ardnafin distribution centre six days a week, ordering by EDI.",
        ),
        (
            "customer-linden",
            "Linden Street Bistro",
            "Restaurant in Drumkeel; chef boxes of oyster and shiitake and a weekly lion's "
            "mane standing order, delivered by 11:00.",
        ),
        (
            "customer-fallons",
            "Fallon's Greengrocers",
            "Greengrocer in Kilbrackan; loose Grade A and Grade B (soup grade) mushrooms.",
        ),
    ):
        w.node("Customer", cid, name, src="orderdesk:customers", as_of=START, text=text)
        w.edge(cid, "USES", "service-wholesale", since=START, src="orderdesk:customers")


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    w.node("Service", "service-harvest", "Harvest and grading", src=src, as_of=START)
    w.node(
        "Service",
        "service-lions-mane-room",
        "Lion's mane grow room (Room 7)",
        src="sharepoint:room-7-lions-mane-plan",
        as_of=ROOM7_FROM,
    )
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="orderdesk:products", as_of=START)
    w.node(
        "Product",
        "product-lions-mane",
        "Lion's mane chef boxes",
        src="orderdesk:products",
        as_of=START,
    )
    w.edges(
        src,
        START,
        ("account-mycoclime-cloud", "DEPENDS_ON", "vendor-fennick"),
        ("account-mycoclime-cloud", "DEPENDS_ON", "account-broadband"),
        ("account-mycoclime-cloud", "PART_OF", "tool-mycoclime"),
        ("account-broadband", "DEPENDS_ON", "vendor-oriel"),
        ("tool-orderdesk", "DEPENDS_ON", "account-tradevine-edi"),
        ("account-tradevine-edi", "DEPENDS_ON", "vendor-tradevine"),
        ("account-tradevine-edi", "PART_OF", "tool-orderdesk"),
        ("account-taptill", "DEPENDS_ON", "vendor-taptill"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons, _ in SERVICES for on in ons),
        *((sid, "PART_OF", "org-brackenfold") for sid, _, _, _ in SERVICES),
        *((owner, "OWNS", sid) for sid, _, _, owner in SERVICES),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("product-lions-mane", "DEPENDS_ON", "service-harvest"),
        ("product-lions-mane", "DEPENDS_ON", "service-packhouse"),
        ("product-lions-mane", "DEPENDS_ON", "service-wholesale"),
        ("person-kasia-lewandowska", "OWNS", "service-harvest"),
        ("service-harvest", "PART_OF", "org-brackenfold"),
        ("team-growing", "USES", "tool-mycoclime"),
        ("team-growing", "USES", "tool-croplog"),
        ("team-harvest", "USES", "tool-croplog"),
        ("team-substrate", "USES", "tool-croplog"),
        ("team-spawn-lab", "USES", "tool-croplog"),
        ("team-engineering", "USES", "tool-mycoclime"),
        ("team-packhouse", "USES", "tool-labelpro"),
        ("team-sales", "USES", "tool-orderdesk"),
        ("team-dispatch", "USES", "tool-orderdesk"),
        ("team-sales", "USES", "account-taptill"),
    )
    # Lion's mane grew on two shelves in Room 6 until Room 7 took it over on 1 October.
    w.edge(
        "product-lions-mane",
        "DEPENDS_ON",
        "service-shiitake-rooms",
        since=START,
        until=ROOM7_FROM,
        src="sharepoint:room-7-lions-mane-plan",
    )
    w.edges(
        "sharepoint:room-7-lions-mane-plan",
        ROOM7_FROM,
        ("service-lions-mane-room", "DEPENDS_ON", "service-block-sterilisation"),
        ("service-lions-mane-room", "DEPENDS_ON", "service-spawn-lab"),
        ("service-lions-mane-room", "DEPENDS_ON", "service-climate-control"),
        ("service-lions-mane-room", "PART_OF", "org-brackenfold"),
        ("person-tomas-kilbride", "OWNS", "service-lions-mane-room"),
        ("product-lions-mane", "DEPENDS_ON", "service-lions-mane-room"),
    )
    # Harvest weights: Crateline's PickSheet tally app until 14 September, then CropLog scales.
    w.node(
        "Tool",
        "tool-picksheet",
        "PickSheet harvest tally app (retired)",
        src=src,
        as_of=CROPLOG_SCALES_FROM,
        status="retired",
        kind="software",
    )
    w.edge(
        "tool-picksheet",
        "DEPENDS_ON",
        "vendor-crateline",
        since=START,
        until=CROPLOG_SCALES_FROM,
        src=src,
    )
    w.edge(
        "service-harvest",
        "DEPENDS_ON",
        "tool-picksheet",
        since=START,
        until=CROPLOG_SCALES_FROM,
        src=src,
    )
    w.edge("service-harvest", "DEPENDS_ON", "tool-croplog", since=CROPLOG_SCALES_FROM, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("harvest", "grade", "climate", "blocks", "contam", "otif")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        oyster = rng.uniform(520.0, 610.0)
        if OYSTER_DIP[0] <= day <= OYSTER_DIP[1]:
            oyster *= 0.86
        shiitake = rng.uniform(140.0, 178.0)
        if LIONS_FLUSH_1[0] <= day <= LIONS_FLUSH_1[1]:
            lions = rng.uniform(84.0, 106.0)
        elif LIONS_FLUSH_1[1] < day < LIONS_FLUSH_2:
            lions = rng.uniform(8.0, 22.0)
        elif day >= LIONS_FLUSH_2:
            lions = rng.uniform(122.0, 146.0)
        else:
            lions = rng.uniform(14.0, 22.0) if day < ROOM7_FROM else 0.0  # Room 6 shelves
        harvest = round(oyster + shiitake + lions, 1)
        if day < TWO_PASSES_FROM:
            grade = rng.uniform(74.0, 80.5)
        elif day < TWO_PASSES_FROM + timedelta(days=3):
            grade = rng.uniform(84.0, 88.0)
        else:
            grade = rng.uniform(89.0, 94.5)
        climate = rng.uniform(92.0, 98.5)
        if WARM_SPELL[0] <= day <= WARM_SPELL[1]:
            climate = rng.uniform(83.0, 89.5)
        if wd == 6:
            blocks = 0
        elif wd == 5:
            blocks = rng.randint(340, 420)
        else:
            blocks = rng.randint(720, 860)
        if day in TUNNEL1_OUT:
            blocks = round(blocks * rng.uniform(0.48, 0.55))
        contam = rng.uniform(8.4, 12.6) if day in MOULD_DAYS else rng.uniform(1.4, 3.1)
        otif = rng.uniform(94.0, 99.0) if day < ORDERDESK_40 else rng.uniform(79.5, 87.5)
        out["harvest"].append((day, harvest))
        out["grade"].append((day, round(grade, 1)))
        if day not in CLIMATE_GAP:
            out["climate"].append((day, round(climate, 1)))
        out["blocks"].append((day, blocks))
        out["contam"].append((day, round(contam, 2)))
        if wd != 6:  # no deliveries on Sundays
            out["otif"].append((day, round(otif, 1)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    cl, mc, od = "croplog:reports", "mycoclime:cloud-reports", "orderdesk:reports"
    w.metric(
        "metric-harvest-kg",
        "Mushrooms harvested (kg, all rooms)",
        "kg",
        "sum",
        src=cl,
        since=START,
        measures="service-harvest",
    )
    w.metric(
        "metric-grade-a",
        "Grade A share of packed mushrooms",
        "%",
        "mean",
        src=cl,
        since=START,
        measures="service-harvest",
    )
    w.metric(
        "metric-climate-in-spec",
        "Grow room climate within setpoints (share of room-hours)",
        "%",
        "mean",
        src=mc,
        since=START,
        measures="service-climate-control",
    )
    w.metric(
        "metric-blocks-filled",
        "Substrate blocks filled",
        "blocks",
        "sum",
        src=cl,
        since=START,
        measures="service-substrate",
    )
    w.metric(
        "metric-contamination",
        "Spawn-run contamination (share of blocks binned)",
        "%",
        "mean",
        src=cl,
        since=START,
        measures="service-substrate",
    )
    w.metric(
        "metric-otif",
        "Wholesale orders delivered on time and in full (OTIF)",
        "%",
        "mean",
        src=od,
        since=START,
        measures="service-wholesale",
    )
    return {
        "harvest": w.readings("metric-harvest-kg", series["harvest"], src=cl),
        "grade": w.readings("metric-grade-a", series["grade"], src=cl),
        "climate": w.readings("metric-climate-in-spec", series["climate"], src=mc),
        "blocks": w.readings("metric-blocks-filled", series["blocks"], src=cl),
        "contam": w.readings("metric-contamination", series["contam"], src=cl),
        "otif": w.readings("metric-otif", series["otif"], src=od),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "croplog:incident-tunnel1-probe"
    started, back = "2026-09-03T05:00:00+00:00", "2026-09-22T16:00:00+00:00"
    w.node(
        "Incident",
        "incident-tunnel1-probe",
        "Tunnel 1 core probe drift: under-pasteurised straw and green mould",
        src=src,
        as_of=date(2026, 9, 23),
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="Tunnel 1's core probe drifted 9°C high, so the straw batches filled from 3 to 8 "
        "September showed 65°C on the controller but reached only about 56°C at the core. "
        "Grace Adebayo's independent logger check found it on 9 September. Tunnel 1 was out "
        "of service from 9 to 15 September for a new probe and re-validation by Thermaclad "
        "Boilers, so blocks filled fell by about half. Green mould (Trichoderma) showed in "
        "spawn run from 13 September and contamination ran at about 10% until 22 September; "
        "2,980 blocks were binned.",
    )
    w.edges(
        src,
        started,
        ("incident-tunnel1-probe", "AFFECTS", "service-substrate"),
        ("incident-tunnel1-probe", "AFFECTS", "service-oyster-rooms"),
        ("incident-tunnel1-probe", "AFFECTS", "metric-contamination"),
        ("incident-tunnel1-probe", "AFFECTS", "metric-blocks-filled"),
        *(("incident-tunnel1-probe", "CAUSED", obs["contam"][d]) for d in MOULD_DAYS),
        *(
            ("incident-tunnel1-probe", "CAUSED", obs["blocks"][d])
            for d in TUNNEL1_OUT
            if d.weekday() != 6
        ),
        ("person-grace-adebayo", "OWNS", "incident-tunnel1-probe"),
        as_of=date(2026, 9, 23),
    )
    w.node(
        "Task",
        "task-tunnel1-probe",
        "Fit a new core probe in Tunnel 1 and re-validate the pasteurisation program",
        src="croplog:tasks/tunnel1-probe",
        as_of=date(2026, 9, 15),
        status="done",
        text="Thermaclad Boilers fitted a new core probe in Tunnel 1 and re-ran the "
        "validation batch with the independent logger; Tunnel 1 back in service on 16 "
        "September.",
    )
    w.edges(
        "croplog:tasks/tunnel1-probe",
        date(2026, 9, 9),
        ("person-piotr-wozniak", "OWNS", "task-tunnel1-probe"),
        ("person-piotr-wozniak", "WORKS_ON", "task-tunnel1-probe"),
        ("task-tunnel1-probe", "FIXES", "incident-tunnel1-probe"),
        ("task-tunnel1-probe", "ABOUT", "vendor-thermaclad"),
        as_of=date(2026, 9, 15),
    )
    src = "sharepoint:incident-climate-upload"
    started, back = "2026-10-05T08:40:00+00:00", "2026-10-12T11:20:00+00:00"
    w.node(
        "Incident",
        "incident-climate-upload",
        "MycoClime Cloud lost the grow room data after the broadband router swap",
        src=src,
        as_of=CLIMATE_BACK,
        status="resolved",
        severity="medium",
        startedAt=started,
        resolvedAt=back,
        text="Oriel Broadband replaced the farm office router on the morning of 5 October. "
        "The new router blocked outbound port 8883, which the MycoClime gateway uses to "
        "reach MycoClime Cloud, so no room data reached the cloud and the out-of-hours "
        "alarms were off. The controllers kept running every room on its setpoints, but "
        "the gateway only buffers 24 hours, so the climate history for 5 to 11 October is "
        "lost. Ronan Geraghty found it when the weekly in-spec report came back empty; "
        "Oriel opened the port on 12 October.",
    )
    w.edges(
        src,
        started,
        ("vendor-oriel", "CAUSED", "incident-climate-upload"),
        ("incident-climate-upload", "AFFECTS", "account-mycoclime-cloud"),
        ("incident-climate-upload", "AFFECTS", "service-climate-alarms"),
        ("incident-climate-upload", "AFFECTS", "metric-climate-in-spec"),
        ("person-ronan-geraghty", "OWNS", "incident-climate-upload"),
        as_of=CLIMATE_BACK,
    )
    # The OrderDesk release: nothing ties it to OTIF; OTIF just falls that day.
    rel_at = "2026-10-18T21:00:00+00:00"
    w.node(
        "Release",
        "release-orderdesk-40",
        "OrderDesk 4.0",
        src="crateline:orderdesk/releases/4.0",
        as_of=rel_at,
        version="4.0",
        releasedAt=rel_at,
        text="Crateline Software's OrderDesk 4.0: a new routing engine with route "
        "optimisation that builds each van's drop order by the shortest distance, a new "
        "driver app, and invoices emailed when a delivery is signed for.",
    )
    w.edges(
        "crateline:orderdesk/releases/4.0",
        rel_at,
        ("release-orderdesk-40", "CHANGED", "tool-orderdesk"),
    )


MESSAGES = (
    (
        "message-two-passes",
        "Aoife in #growing on 26 August",
        "person-aoife-brennan",
        "channel-growing",
        _at(date(2026, 8, 26), 7, 30),
        "From Tuesday 1 September the oyster rooms get two harvest passes, 06:00 and 14:00. "
        "The August grading audit found 22% of oyster clusters downgraded to Grade B for "
        "flattened caps and spore drop, nearly all of them clusters that had gone over "
        "between one morning pick and the next. Kasia, the afternoon crew starts at 13:30.",
    ),
    (
        "message-croplog-scales",
        "Aoife in #growing on 7 September",
        "person-aoife-brennan",
        "channel-growing",
        _at(date(2026, 9, 7), 8, 0),
        "From Monday 14 September tray weights go from the Bluetooth scales straight into "
        "CropLog. PickSheet goes read-only that day. The PickSheet tallies were typed in at "
        "the end of the shift and were 3% adrift of the packhouse intake weights in August.",
    ),
    (
        "message-tunnel-probe",
        "Grace in #substrate-lab on 9 September",
        "person-grace-adebayo",
        "channel-substrate-lab",
        _at(date(2026, 9, 9), 9, 10),
        "Stop Tunnel 1. My logger check has the core probe reading 9 degrees high: the "
        "batches from the 3rd to the 8th only reached about 56°C. Those blocks are on hold; "
        "bin any that show green. Piotr, Thermaclad are coming out for a new probe.",
    ),
    (
        "message-room7",
        "Declan in #general on 31 August",
        "person-declan-moriarty",
        "channel-general",
        _at(date(2026, 8, 31), 16, 0),
        "I've signed off Tomás's plan: Room 7 becomes the lion's mane room from 1 October. "
        "Restaurants want far more lion's mane than two shelves in Room 6 can give, and with "
        "two oyster passes a day we don't need the overflow room any more.",
    ),
    (
        "message-warm-spell",
        "Ronan in #maintenance on 8 September",
        "person-ronan-geraghty",
        "channel-maintenance",
        _at(date(2026, 9, 8), 13, 45),
        "With this heat Rooms 1 to 4 can't hold 17 °C in the afternoons: the chiller is flat "
        "out and the rooms are going over by a degree or two. Nothing to do but ride it out "
        "till the weather breaks; I've asked Glenfrost to check the chiller gas anyway.",
    ),
    (
        "message-climate-back",
        "Ronan in #maintenance on 12 October",
        "person-ronan-geraghty",
        "channel-maintenance",
        _at(date(2026, 10, 12), 11, 30),
        "MycoClime Cloud is getting data again. Oriel's new router from last Monday was "
        "blocking port 8883; they've opened it. The rooms ran fine on the controllers but "
        "we have no climate history for 5 to 11 October and no alarms went out that week.",
    ),
    (
        "message-boiler-handover",
        "Ronan in #maintenance on 14 October",
        "person-ronan-geraghty",
        "channel-maintenance",
        _at(date(2026, 10, 14), 8, 15),
        "I'm taking the boiler service booking with Thermaclad off Piotr from today; he has "
        "the Christmas fill plan and the Monday probe checks. Service and pressure system "
        "inspection pencilled for the Christmas week.",
    ),
    (
        "message-orderdesk-40",
        "Fergal in #dispatch on 18 October",
        "person-fergal-dunne",
        "channel-dispatch",
        _at(date(2026, 10, 18), 15, 0),
        "OrderDesk 4.0 goes live tonight. The big change is route optimisation: the van "
        "runs are built automatically in the new driver app. Dara, the drivers need the new "
        "app on their phones before Monday's load.",
    ),
    (
        "message-prod-notes",
        "Production meeting notes, 5 November",
        "person-aoife-brennan",
        "channel-general",
        _at(MEETING, 10, 0),
        "Production meeting, Thu 5 Nov. 1) OTIF down from about 97% to 84% since OrderDesk "
        "4.0: route optimisation puts restaurant drops after 11:00. Restaurants get an 11:00 "
        "delivery time window in OrderDesk 4.0.2, which Crateline ships by Fri 13 Nov "
        "(Fergal). Until then Dara sequences the restaurant run by hand each morning. "
        "2) MycoClime Cloud subscription expires 30 Nov and Ronan is on the Fennick course "
        "16-27 Nov: Eimear takes the renewal and the PO, done by Fri 20 Nov. 3) Ronan gets a "
        "4G failover router quote from Oriel by Fri 13 Nov. 4) Room 7 first flush about 95 "
        "kg a day, second flush from 4 Nov. 5) Corlea Christmas forecast to Corlea by Mon "
        "16 Nov (Fergal); Christmas harvest rota by Fri 20 Nov (Kasia). Second tunnel probes "
        "approved, €2,100, fitted in Christmas week.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{_ts(at)}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-general", "#general"),
        ("channel-growing", "#growing"),
        ("channel-substrate-lab", "#substrate-lab"),
        ("channel-maintenance", "#maintenance"),
        ("channel-dispatch", "#dispatch"),
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
        ("message-two-passes", ("service-harvest", "service-oyster-rooms")),
        ("message-croplog-scales", ("tool-croplog", "tool-picksheet", "service-harvest")),
        ("message-tunnel-probe", ("incident-tunnel1-probe", "service-substrate")),
        ("message-room7", ("service-lions-mane-room", "product-lions-mane")),
        ("message-warm-spell", ("service-climate-control", "service-oyster-rooms")),
        ("message-climate-back", ("incident-climate-upload", "account-mycoclime-cloud")),
        ("message-orderdesk-40", ("release-orderdesk-40", "tool-orderdesk")),
        (
            "message-prod-notes",
            (
                "tool-orderdesk",
                "release-orderdesk-40",
                "account-mycoclime-cloud",
                "service-lions-mane-room",
                "deal-corlea-christmas",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Rooms 1 to 4": "service-oyster-rooms",
        "Rooms 5 and 6": "service-shiitake-rooms",
        "Room 7": "service-lions-mane-room",
        "Tunnel 1": "service-substrate",
        "autoclave": "service-block-sterilisation",
        "spawn lab": "service-spawn-lab",
        "CropLog": "tool-croplog",
        "MycoClime Cloud": "account-mycoclime-cloud",
        "MycoClime": "tool-mycoclime",
        "OrderDesk": "tool-orderdesk",
        "Thermaclad": "vendor-thermaclad",
        "Mulvey": "vendor-mulvey",
        "Sporehaven": "vendor-sporehaven",
        "Clonmore": "vendor-clonmore",
        "Fennick": "vendor-fennick",
        "Corlea": "customer-corlea",
        "Linden Street": "customer-linden",
        "Fallon's": "customer-fallons",
        "Kilbrackan Farmers' Market": "org-kilbrackan-market",
        "Grace Adebayo": "person-grace-adebayo",
        "Piotr Wozniak": "person-piotr-wozniak",
        "Maeve Lennon": "person-maeve-lennon",
        "Ronan Geraghty": "person-ronan-geraghty",
        "Declan Moriarty": "person-declan-moriarty",
    }
    for path, did, author, kind, about in (
        (
            "grow-room-and-harvest-sop.md",
            "doc-grow-sop",
            "person-aoife-brennan",
            "procedure",
            ["service-oyster-rooms", "service-harvest", "service-climate-control"],
        ),
        (
            "substrate-and-pasteurisation-procedure.md",
            "doc-substrate-sop",
            "person-piotr-wozniak",
            "procedure",
            ["service-substrate", "service-block-sterilisation"],
        ),
        (
            "spawn-lab-handbook.md",
            "doc-spawn-lab",
            "person-maeve-lennon",
            "manual",
            ["service-spawn-lab"],
        ),
        (
            "wholesale-price-list-and-terms-2026.md",
            "doc-wholesale-terms",
            "person-fergal-dunne",
            "policy",
            ["service-wholesale", "product-oyster", "product-lions-mane"],
        ),
        (
            "tunnel-1-under-pasteurisation-review.md",
            "doc-tunnel-review",
            "person-grace-adebayo",
            "incident review",
            ["incident-tunnel1-probe"],
        ),
        (
            "room-7-lions-mane-plan.md",
            "doc-room7-plan",
            "person-tomas-kilbride",
            "plan",
            ["service-lions-mane-room", "product-lions-mane"],
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
        "decision-one-harvest-pass",
        "Pick the oyster rooms once a day at 06:00",
        src="sharepoint:harvest-2025",
        on=START,
        why="One early pass gets the whole day's harvest graded and into the cold store "
        "before the wholesale vans load, with a single harvest crew shift.",
        made_by="person-aoife-brennan",
        made_in=None,
    )
    decision(
        "decision-two-harvest-passes",
        "Pick the oyster rooms twice a day, at 06:00 and 14:00, from 1 September",
        src=_src("message-two-passes"),
        on=date(2026, 8, 26),
        why="The August grading audit found 22% of oyster clusters were downgraded to Grade "
        "B for flattened caps and spore drop, nearly all of them clusters that went over "
        "between one morning pick and the next. A second pass at 14:00 picks them while the "
        "cap edges are still curled under.",
        made_by="person-aoife-brennan",
        made_in="message-two-passes",
        edges=(
            ("decision-two-harvest-passes", "SUPERSEDES", "decision-one-harvest-pass"),
            ("decision-two-harvest-passes", "AFFECTS", "service-harvest"),
            ("decision-two-harvest-passes", "AFFECTS", "metric-grade-a"),
            ("decision-two-harvest-passes", "MENTIONS", "service-oyster-rooms"),
        ),
    )
    decision(
        "decision-picksheet-tallies",
        "Tally harvest weights in the PickSheet app",
        src="sharepoint:harvest-2025",
        on=START,
        why="PickSheet came with the OrderDesk subscription from Crateline Software, so the "
        "harvest crews moved from paper tally sheets to the app in 2025 at no extra cost.",
        made_by="person-declan-moriarty",
        made_in=None,
    )
    decision(
        "decision-croplog-scales",
        "Record harvest weights from the Bluetooth scales straight into CropLog from 14 September",
        src=_src("message-croplog-scales"),
        on=date(2026, 9, 7),
        why="PickSheet tallies were typed in at the end of the shift and were 3% adrift of "
        "the packhouse intake weights in August; scale weights go into CropLog against the "
        "room and the batch, so yield per batch is exact.",
        made_by="person-aoife-brennan",
        made_in="message-croplog-scales",
        edges=(
            ("decision-croplog-scales", "SUPERSEDES", "decision-picksheet-tallies"),
            ("decision-croplog-scales", "AFFECTS", "service-harvest"),
            ("decision-croplog-scales", "MENTIONS", "tool-croplog"),
            ("decision-croplog-scales", "MENTIONS", "tool-picksheet"),
        ),
    )
    decision(
        "decision-room7-lions-mane",
        "Convert Room 7 from the oyster overflow room to lion's mane from 1 October",
        src=_src("message-room7"),
        on=date(2026, 8, 31),
        why="Restaurants want about 140 kg a week more lion's mane than two shelves in Room 6 "
        "can grow, it sells at €16.40 a kg against €9.50 for grey oyster, and with two oyster "
        "passes a day the overflow room is no longer needed. The conversion costs €38,500.",
        made_by="person-declan-moriarty",
        made_in="message-room7",
        edges=(
            ("decision-room7-lions-mane", "BASED_ON", "doc-room7-plan"),
            ("decision-room7-lions-mane", "AFFECTS", "service-lions-mane-room"),
            ("decision-room7-lions-mane", "AFFECTS", "metric-harvest-kg"),
        ),
    )
    decision(
        "decision-bin-tunnel1-batches",
        "Hold the Tunnel 1 batches filled 3 to 8 September and bin every block that shows "
        "green mould",
        src=_src("message-tunnel-probe"),
        on=date(2026, 9, 9),
        why="The straw in those batches reached only about 56°C at the core, below the 65°C "
        "pasteurisation rule; blocks that show green mould would spread Trichoderma through "
        "the spawn run if kept.",
        made_by="person-grace-adebayo",
        made_in="message-tunnel-probe",
        edges=(
            ("decision-bin-tunnel1-batches", "MENTIONS", "incident-tunnel1-probe"),
            ("decision-bin-tunnel1-batches", "AFFECTS", "service-substrate"),
        ),
    )
    decision(
        "decision-weekly-probe-checks",
        "Check both tunnel core probes every Monday against the independent logger",
        src="sharepoint:tunnel-1-under-pasteurisation-review",
        on=DOC_DATES["doc-tunnel-review"],
        why="Tunnel 1's probe drifted 9°C high unseen because the monthly independent check "
        "was the only control; the fault cost €21,600 and 2,980 blocks. A weekly check "
        "catches a drift within days, and a second probe per tunnel will alarm on any "
        "difference over 1.5°C.",
        made_by="person-grace-adebayo",
        made_in="doc-tunnel-review",
        edges=(
            ("decision-weekly-probe-checks", "BASED_ON", "doc-tunnel-review"),
            ("decision-weekly-probe-checks", "MENTIONS", "incident-tunnel1-probe"),
            ("decision-weekly-probe-checks", "AFFECTS", "service-substrate"),
        ),
    )
    notes = _src("message-prod-notes")
    decision(
        "decision-restaurant-windows",
        "Give restaurant drops an 11:00 delivery time window in OrderDesk 4.0.2 (by 13 "
        "November); sequence the restaurant run by hand until then",
        src=notes,
        on=MEETING,
        why="Since OrderDesk 4.0's route optimisation the van runs are built by distance and "
        "restaurant drops arrive after their 11:00 deadline, so on-time-in-full fell from "
        "about 97% to 84%. Crateline cannot roll 4.0 back, but 4.0.2 adds delivery time "
        "windows per customer; until it ships the dispatch coordinator sequences the "
        "restaurant run by hand each morning.",
        made_by="person-declan-moriarty",
        made_in="message-prod-notes",
        edges=(
            ("decision-restaurant-windows", "AFFECTS", "tool-orderdesk"),
            ("decision-restaurant-windows", "MENTIONS", "release-orderdesk-40"),
            ("decision-restaurant-windows", "MENTIONS", "customer-linden"),
        ),
    )


def _work(w: Book) -> None:
    src = "sharepoint:tasks/mycoclime-renewal"
    w.node(
        "Task",
        "task-mycoclime-renewal",
        "Renew the MycoClime Cloud subscription before it expires on 30 November",
        src=src,
        as_of=RENEWAL_TASK_FROM,
        status="in progress",
        due="2026-11-20",
        text="Get Fennick Controls' renewal quote (with the new Room 7 zone), raise the "
        "purchase order and confirm the subscription runs on past 30 November.",
    )
    w.edge(
        "person-ronan-geraghty",
        "OWNS",
        "task-mycoclime-renewal",
        since=RENEWAL_TASK_FROM,
        src=src,
    )
    w.edges(
        src,
        RENEWAL_TASK_FROM,
        ("task-mycoclime-renewal", "ABOUT", "account-mycoclime-cloud"),
        ("person-ronan-geraghty", "WORKS_ON", "task-mycoclime-renewal"),
    )
    w.edges(
        _src("message-prod-notes"),
        MEETING,
        ("person-eimear-costigan", "OWNS", "task-mycoclime-renewal"),
        ("person-eimear-costigan", "WORKS_ON", "task-mycoclime-renewal"),
        ("message-prod-notes", "MENTIONS", "task-mycoclime-renewal"),
    )

    src = "sharepoint:tasks/boiler-service-2026"
    w.node(
        "Task",
        "task-boiler-service",
        "Book the annual boiler service and pressure system inspection with Thermaclad",
        src=src,
        as_of=date(2026, 8, 17),
        status="in progress",
        due="2026-12-18",
        text="Book Thermaclad Boilers for the annual service of the steam boiler and the "
        "pressure system inspection of the boiler and the block autoclave, in a week when "
        "the tunnels can stand idle, and file the certificates.",
    )
    w.edge("person-piotr-wozniak", "OWNS", "task-boiler-service", since=date(2026, 8, 17), src=src)
    w.edges(
        src,
        date(2026, 8, 17),
        ("task-boiler-service", "ABOUT", "vendor-thermaclad"),
        ("task-boiler-service", "ABOUT", "service-substrate"),
        ("person-piotr-wozniak", "WORKS_ON", "task-boiler-service"),
    )
    w.edges(
        _src("message-boiler-handover"),
        BOILER_HANDOVER,
        ("person-ronan-geraghty", "OWNS", "task-boiler-service"),
        ("person-ronan-geraghty", "WORKS_ON", "task-boiler-service"),
        ("message-boiler-handover", "MENTIONS", "task-boiler-service"),
    )

    src = "croplog:tasks/probe-checks"
    w.node(
        "Task",
        "task-probe-checks",
        "Weekly check of the tunnel core probes against the independent logger",
        src=src,
        as_of=date(2026, 9, 16),
        status="in progress",
        text="Every Monday before the first batch: both tunnel core probes against the "
        "independent logger, signed off in CropLog; a probe more than 1.5°C out is replaced.",
    )
    w.edges(
        src,
        date(2026, 9, 16),
        ("person-piotr-wozniak", "OWNS", "task-probe-checks"),
        ("person-piotr-wozniak", "WORKS_ON", "task-probe-checks"),
        ("task-probe-checks", "ABOUT", "service-substrate"),
        ("task-probe-checks", "ABOUT", "rule-probe-check"),
    )

    notes = _src("message-prod-notes")
    for tid, name, owner, due, text, about in (
        (
            "task-orderdesk-402",
            "Get OrderDesk 4.0.2 with restaurant delivery time windows from Crateline",
            "person-fergal-dunne",
            "2026-11-13",
            "Crateline Software ships OrderDesk 4.0.2 with a delivery time window per "
            "customer, by Friday 13 November; every restaurant gets a window closing at 11:00 "
            "and Corlea stays at 09:00.",
            "release-orderdesk-40",
        ),
        (
            "task-hand-sequencing",
            "Sequence the restaurant run by hand each morning until OrderDesk 4.0.2 is in",
            "person-dara-quinlan",
            "2026-11-13",
            "Override the route optimiser before the vans load: Corlea's distribution centre "
            "first, then the restaurants, then the greengrocers.",
            "tool-orderdesk",
        ),
        (
            "task-4g-failover",
            "Quote for a 4G failover router for the MycoClime gateway",
            "person-ronan-geraghty",
            "2026-11-13",
            "A 4G failover from Oriel Broadband so a broadband change or outage cannot stop "
            "the MycoClime Cloud alarms and climate history again.",
            "account-broadband",
        ),
        (
            "task-corlea-forecast",
            "Send Corlea Foodstores the Christmas oyster punnet forecast",
            "person-fergal-dunne",
            "2026-11-16",
            "Volumes we can pack for weeks 50 to 52, about 30% above the standing order.",
            "deal-corlea-christmas",
        ),
        (
            "task-christmas-rota",
            "Christmas harvest crew rota",
            "person-kasia-lewandowska",
            "2026-11-20",
            "Harvest crew cover for the Christmas weeks, with both oyster passes every day.",
            "service-harvest",
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
    coverage_words = [
        "coverage",
        "days of data",
        "days with",
        "missing",
        "only",
        "gap",
        "no reading",
    ]
    crateline = impact_question(
        facts,
        "crateline is offline this morning, what breaks?",
        ["vendor-crateline"],
        today,
        must_exclude=["PickSheet"],
        note="OrderDesk -> wholesale orders and deliveries -> the three wholesale products; "
        "PickSheet (harvest tallies) was retired on 14 September and breaks nothing now",
    )
    climate = m(
        facts,
        today,
        "room climate in spec october vs september - better or worse?",
        "metric_change",
        "metric-climate-in-spec",
        periods=("month_october", "month_september"),
        tolerance=0.5,
        covered=True,
        note="no MycoClime Cloud data 5-11 October (router swap): October has 24 of 31 days, "
        "September all 30, so compare daily means over the covered days and say so",
    )
    climate.must_include = [coverage_words]
    climate_avg = m(
        facts,
        today,
        "avg climate in-spec % first half of oct",
        "metric_average",
        "metric-climate-in-spec",
        periods=("first_half_october",),
        tolerance=0.2,
        covered=True,
        note="1-15 October has readings on 8 of 15 days (5-11 October missing)",
    )
    climate_avg.must_include = [coverage_words]
    otif = m(
        facts,
        today,
        "otif since orderdesk 4.0 went in vs the fortnight before",
        "metric_change",
        "metric-otif",
        spans=((date(2026, 10, 19), date(2026, 11, 9)), (date(2026, 10, 5), date(2026, 10, 18))),
        tolerance=0.5,
        covered=True,
        note="no OTIF readings on Sundays (no deliveries): 19 October - 9 November has 19 of "
        "22 days, 5-18 October 12 of 14; daily means over the covered days",
    )
    otif.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if the mycoclime cloud sub expires what stops working?",
            ["account-mycoclime-cloud"],
            today,
            note="the subscription carries the out-of-hours alarms and the climate history; "
            "the controllers (and climate control) keep running; it expires on 30 November",
        ),
        crateline,
        impact_question(
            facts,
            "thermaclad boiler goes down - what stops?",
            ["vendor-thermaclad"],
            today,
            note="the boiler steams the tunnels and the block autoclave: substrate and "
            "sterilisation -> all three grow rooms -> the three wholesale products; the spawn "
            "lab has its own electric autoclave",
        ),
        owner_question(
            facts,
            "who's got the mycoclime renewal now?",
            "task-mycoclime-renewal",
            today,
            note="Ronan handed it to Eimear at the 5 November production meeting",
        ),
        owner_question(
            facts,
            "who had the mycoclime renewal at the end of october",
            "task-mycoclime-renewal",
            date(2026, 10, 31),
        ),
        owner_question(
            facts,
            "who was sorting the boiler service booking back in sept",
            "task-boiler-service",
            date(2026, 9, 15),
            note="Ronan Geraghty took it over from Piotr Wozniak on 14 October",
        ),
        Question(
            "why did we go to two picks a day on the oyster rooms?",
            "decision",
            must_include=["22%"],
            must_cite=["decision-two-harvest-passes"],
        ),
        Question(
            "who decided to turn room 7 over to lions mane",
            "decision",
            must_include=["Declan Moriarty"],
            must_cite=["decision-room7-lions-mane"],
        ),
        Question(
            "how were harvest weights logged before the croplog scales?",
            "decision",
            must_include=["PickSheet"],
            must_cite=["decision-picksheet-tallies"],
            note="the superseded decision: PickSheet tallies until 14 September",
        ),
        Question(
            "tunnel 2 core only hit 58 overnight, ok to spawn it this morning?",
            "policy",
            must_include=[["65°C", "65 °C", "not spawned", "re-run or dumped"]],
            must_cite=["rule-pasteurisation"],
            note="no: the core must hold 65°C or above for 8 hours; the batch is re-run or dumped",
        ),
        Question(
            "room 3 co2 is reading 6200ppm, grand to go in and pick?",
            "policy",
            must_include=[["5,000 ppm", "5000 ppm", "purge"]],
            must_cite=["rule-co2-entry"],
            note="no: nobody enters above 5,000 ppm until the purge brings it below",
        ),
        Question(
            "was picking in room 2 this morning, can i pop into the spawn lab for agar plates?",
            "policy",
            must_include=[["same day", "next day"]],
            must_cite=["rule-lab-entry"],
            note="no: nobody from a fruiting room enters the lab the same day",
        ),
        related_question(
            facts,
            "orderdesk pulls corlea's POs off an edi mailbox - who's the provider behind that?",
            today,
            rel="DEPENDS_ON",
            frm="account-tradevine-edi",
            keep=["Vendor"],
            note="two hops: OrderDesk -> the EDI mailbox -> Tradevine EDI",
        ),
        related_question(
            facts,
            "the weekly tunnel probe check - which team is whoever owns that task on?",
            today,
            rel="MEMBER_OF",
            frm="person-piotr-wozniak",
            note="task -> its owner Piotr Wozniak -> his team",
        ),
        related_question(
            facts,
            "which grow rooms rely on the spawn lab",
            today,
            rel="DEPENDS_ON",
            to="service-spawn-lab",
            keep=["Service"],
            note="Room 7 only since 1 October; the grow kits are a product, not a room",
        ),
        m(
            facts,
            today,
            "how many kg did we pick yesterday",
            "metric_value",
            "metric-harvest-kg",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "grade a % on 15 sept?",
            "metric_value",
            "metric-grade-a",
            span=(date(2026, 9, 15), date(2026, 9, 15)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "total kg harvested second half of october",
            "metric_total",
            "metric-harvest-kg",
            periods=("second_half_october",),
            tolerance=5.0,
        ),
        m(
            facts,
            today,
            "how many blocks did we fill the week of 9 sept",
            "metric_total",
            "metric-blocks-filled",
            periods=("week_of_2026-09-09",),
            tolerance=1.0,
            note="Monday 7 to Sunday 13 September; Tunnel 1 out from the 9th",
        ),
        m(
            facts,
            today,
            "kg picked since room 7 came online",
            "metric_total",
            "metric-harvest-kg",
            periods=("since_2026-10-01",),
            tolerance=10.0,
            note="Room 7 took its first blocks on 1 October",
        ),
        m(
            facts,
            today,
            "avg contam % mid sept",
            "metric_average",
            "metric-contamination",
            periods=("mid_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "average daily harvest end of Q3",
            "metric_average",
            "metric-harvest-kg",
            periods=("end_q3",),
            tolerance=0.5,
        ),
        climate_avg,
        m(
            facts,
            today,
            "harvest last 7 days vs the 7 before, up or down?",
            "metric_change",
            "metric-harvest-kg",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "grade A share september vs late august",
            "metric_change",
            "metric-grade-a",
            periods=("month_september", "late_august"),
            tolerance=0.2,
        ),
        climate,
        otif,
        Question(
            "why did contam go through the roof mid sept?",
            "metric_why",
            must_include=[["Tunnel 1", "probe", "pasteuris"]],
            must_cite=["incident-tunnel1-probe"],
        ),
        Question(
            "grade A jumped at the start of september, what changed?",
            "metric_why",
            must_include=[["twice a day", "two harvest passes", "second pass", "14:00"]],
            must_cite=["decision-two-harvest-passes"],
        ),
        Question(
            "why is the climate in-spec chart blank for the week of 5 oct",
            "metric_why",
            must_include=[["router", "Oriel", "broadband", "8883"]],
            must_cite=["incident-climate-upload"],
        ),
        Question(
            "otif has been rubbish since the 19th, why?",
            "metric_why",
            must_include=[["OrderDesk 4.0", "route optimisation", "optimiser"]],
            must_cite=["release-orderdesk-40"],
            note="nothing links the release to OTIF: OTIF falls from 19 October, the first "
            "delivery day after OrderDesk 4.0 brought in route optimisation",
        ),
        Question(
            "what did the tunnel 1 probe fault cost us all in, per grace's review?",
            "document",
            must_include=["21,600"],
            must_cite=["doc-tunnel-review"],
        ),
        Question(
            "whats our wholesale price per kilo for lion's mane",
            "document",
            must_include=["16.40"],
            must_cite=["doc-wholesale-terms"],
        ),
        Question(
            "what did we agree at thursday's production meeting about the late restaurant "
            "deliveries",
            "meeting",
            must_include=[["time window", "delivery window"], ["by hand", "sequence"]],
            must_cite=["decision-restaurant-windows"],
            note="5 November: an 11:00 delivery window for restaurants in OrderDesk 4.0.2 "
            "(Crateline by 13 November, Fergal); Dara sequences the restaurant run by hand "
            "each morning until then",
        ),
        Question(
            "who's doing what after the production mtg?",
            "meeting",
            must_include=["Fergal", "Dara", "Eimear", "Ronan"],
            note="Fergal: OrderDesk 4.0.2 by 13 Nov and the Corlea Christmas forecast by 16 "
            "Nov; Dara: hand-sequence the restaurant run; Eimear: MycoClime Cloud renewal by "
            "20 Nov; Ronan: 4G failover quote by 13 Nov; Kasia: Christmas harvest rota by 20 Nov",
        ),
        Question(
            "who looks after the enoki room?",
            "unknown",
            absent=["enoki"],
            note="the farm grows oyster, shiitake and lion's mane; there is no enoki",
        ),
        Question(
            "what did bríd o'halloran decide about the cavan packhouse?",
            "unknown",
            absent=["O'Halloran", "Cavan"],
            note="no such person and no packhouse anywhere but the farm",
        ),
        Question(
            "how many kg did we harvest in july",
            "unknown",
            absent=["2026-07-"],
            note="readings start on 12 August",
        ),
        Question("who won the all-ireland hurling final this year", "offtopic"),
        Question("got a good recipe for mushroom risotto?", "offtopic"),
    ]


def build() -> Business:
    """The mushroom farm's facts and its questions."""
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
        "Brackenfold Mushrooms",
        "commercial specialty mushroom farm: indoor grow rooms for oyster, shiitake and lion's "
        "mane, substrate blending and pasteurisation, a spawn lab, climate control, harvest "
        "crews, a packhouse, wholesale to grocers and restaurants and a farmers' market stall "
        "(Brackenfold Mushrooms, Kilbrackan, County Monaghan, Ireland)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/production-meeting-2026-11-05.txt",
                "title": "Weekly production meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
