"""Nordlys Core Lab: the mass spectrometry and NMR core facility of the University of Nordvær.

The story: Nordlys Core Lab runs two Magnora BioSpin NMR spectrometers (N600, 600 MHz with a
CryoPlatform cryoprobe and a helium recondenser on a water-cooled compressor; N400, a 400 MHz
walk-up instrument with a sample carousel and SpinDeck automation) and two Solvik Scientific
LC-MS systems (HX480, a Helix 480 high-resolution instrument for proteomics; TQ9, a TQ-9
triple quadrupole for targeted quantification) for paying UiNV groups, external academics and
companies. Users book self-operated sessions in CoreBook (Instrumently), whose interlock
unlocks the instrument PC for the booked, signed-off user; UiNV users log in with Nordkey.
CoreBook exports instrument hours into ØkoNett, the university finance system, through the
recharge export key; per-sample charges come from SampleTrail LIMS (Quillion Software).
LevelWatch (Kryotek Monitoring) watches helium and nitrogen levels, the helium compressor, the
oxygen monitors and the cold room, and alarms through the Pagerline on-call account. Liquid
helium comes from Heliox Nordic under an agreement that expires on 31 December; the Magnora
service contract for both NMRs expires on 30 November.

On 10 August instrument booking moved from ResursBook (the university's general room and
equipment booking, which also logged in through Nordkey; retired) to CoreBook. On 18 August
the HX480's turbomolecular pump seized and the instrument was out until 25 August; its uptime
fell to nothing (linked) and MS turnaround rose. From 1 September N400 runs unattended
overnight and weekend automation and NMR hours jumped (the decision is linked). On 9-10
September a chilled water outage stopped N600's helium compressor and boil-off spiked
(linked). From 1 October every N600 hour carries a NOK 180 helium surcharge (linked to the
recharge billed). On 5 October SampleTrail's database was corrupted in a storage migration;
the LIMS was down until 9 October, so samples received and MS turnaround have no readings
5-8 October (linked). MS turnaround has no readings at weekends (no results are released)
and boil-off none on the helium fill days (12 August, 30 September). CoreBook 5.0 went live
on 12 October with auto-release of unclaimed bookings and NMR hours fell that day (nothing
links the two: the SpinDeck overnight runs never check in through the interlock, so their
blocks are released). The helium tender moved from Arvid Nilsen to Nadia Rahimi on 28
September. The staff meeting of Tuesday 20 October switched auto-release off and moved the
overnight automation to staff queue blocks until CoreBook 5.0.1 (by 30 October), handed the
Magnora contract renewal from Ingrid Hovland to Elin Strand and put monthly SampleTrail
restore tests in place.

"Today" is Friday 23 October 2026; daily readings run from 25 July to 22 October.
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

SLUG = "nordlys-core-lab"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 23)
FIRST, LAST = date(2026, 7, 25), date(2026, 10, 22)
SEED = 8117
START = date(2023, 1, 9)
COREBOOK_DECIDED = date(2026, 7, 20)
COREBOOK_FROM = date(2026, 8, 10)
SEMESTER = date(2026, 8, 17)
TURBO_DAYS = tuple(date(2026, 8, 18) + timedelta(days=i) for i in range(8))  # 18-25 Aug
TURBO_BACK = date(2026, 8, 25)
AUTOMATION_DECIDED = date(2026, 8, 14)
AUTOMATION_FROM = date(2026, 9, 1)
CHILLED = (date(2026, 9, 9), date(2026, 9, 10))
FILL_DAYS = (date(2026, 8, 12), date(2026, 9, 30))
SURCHARGE_DECIDED = date(2026, 9, 16)
SURCHARGE_FROM = date(2026, 10, 1)
TENDER_HANDOVER = date(2026, 9, 28)
LIMS_DOWN = tuple(date(2026, 10, 5) + timedelta(days=i) for i in range(4))  # 5-8 Oct
LIMS_BACK = date(2026, 10, 9)
COREBOOK_50 = date(2026, 10, 12)
MEETING = date(2026, 10, 20)
DOC_DATES = {
    "doc-handbook": date(2026, 8, 10),
    "doc-rates": date(2026, 9, 17),
    "doc-ms-submission": date(2026, 2, 2),
    "doc-magnet-safety": date(2026, 1, 12),
    "doc-turbo-review": date(2026, 9, 4),
    "doc-helium-plan": date(2026, 9, 14),
}

# fmt: off
PEOPLE = (
    ("person-solveig-aarnes", "Solveig Aarnes", "Scientific director (professor of "
     "analytical chemistry)", None),
    ("person-ingrid-hovland", "Ingrid Hovland", "Facility manager", "team-ops"),
    ("person-hakon-berg", "Håkon Berg", "Research systems engineer (CoreBook, SampleTrail, "
     "Polarlager)", "team-ops"),
    ("person-elin-strand", "Elin Strand", "Instrument scientist, NMR", "team-nmr"),
    ("person-arvid-nilsen", "Arvid Nilsen", "NMR engineer and cryogens", "team-nmr"),
    ("person-tomasz-wierzbicki", "Tomasz Wierzbicki", "Instrument scientist, mass "
     "spectrometry", "team-ms"),
    ("person-mari-lovland", "Mari Løvland", "Lab engineer, sample intake and proteomics prep",
     "team-ms"),
    ("person-nadia-rahimi", "Nadia Rahimi", "Finance and recharge administrator",
     "team-admin"),
    ("person-sigrid-eide", "Sigrid Eide", "Faculty HSE coordinator", None),
    ("person-lucas-ferreira", "Lucas Ferreira", "Postdoc, Bergsland Lab (user "
     "representative on the user board)", "org-uinv"),
)
TEAMS = (
    ("team-nmr", "NMR (N600 and N400)"),
    ("team-ms", "Mass Spectrometry (HX480 and TQ9)"),
    ("team-ops", "Facility Operations and Systems"),
    ("team-admin", "Finance and Administration"),
)
VENDORS = (
    ("vendor-magnora", "Magnora BioSpin", "the N600 and N400 NMR spectrometers, the CryoPlatform "
     "cryoprobe and helium recondenser, the SpinDeck acquisition software and the NMR "
     "service contract"),
    ("vendor-solvik", "Solvik Scientific", "the Helix 480 (HX480) and TQ-9 (TQ9) LC-MS "
     "systems, their spare parts and the MS service contract"),
    ("vendor-heliox", "Heliox Nordic AB", "liquid helium in 250 L transport dewars for the "
     "NMR magnets"),
    ("vendor-arktisk", "Arktisk Gass AS", "liquid nitrogen: the 3,000 L bulk tank behind "
     "Kjemibygget and its fortnightly fills"),
    ("vendor-aerolux", "Aerolux Gas Systems", "the nitrogen gas generator that feeds the LC-MS "
     "sources and its service"),
    ("vendor-instrumently", "Instrumently AS", "CoreBook, the instrument booking system, and "
     "the interlock boxes on the instrument PCs"),
    ("vendor-quillion", "Quillion Software", "SampleTrail LIMS, hosted, for sample "
     "registration, the sample queue and results release"),
    ("vendor-kryotek", "Kryotek Monitoring", "LevelWatch: the helium and nitrogen level "
     "sensors, compressor and oxygen monitor inputs and cold room probes"),
    ("vendor-pagerline", "Pagerline AS", "the SMS and voice on-call alert service that "
     "monitoring alarms go out through"),
    ("vendor-uinv-digital", "UiNV Digital Services", "the university's Nordkey login, the "
     "ØkoNett finance system, Polarlager research storage and the retired ResursBook"),
    ("vendor-frostmek", "Frostmek Kulde AS", "service of the sample cold room and the -80 °C "
     "freezers"),
    ("vendor-trondvik", "Trondvik Proteomics Centre", "overflow proteomics runs when the "
     "HX480 is down"),
)
TOOLS = (
    ("tool-corebook", "CoreBook booking and interlock system", "vendor-instrumently",
     "person-hakon-berg", "software"),
    ("tool-sampletrail", "SampleTrail LIMS", "vendor-quillion", "person-mari-lovland",
     "software"),
    ("tool-levelwatch", "LevelWatch cryogen and cold room monitoring", "vendor-kryotek",
     "person-arvid-nilsen", "monitoring"),
    ("tool-spindeck", "SpinDeck NMR acquisition and automation software", "vendor-magnora",
     "person-elin-strand", "software"),
    ("tool-okonett", "ØkoNett university finance system", "vendor-uinv-digital",
     "person-nadia-rahimi", "software"),
    ("tool-polarlager", "Polarlager research storage", "vendor-uinv-digital",
     "person-hakon-berg", "storage"),
    ("tool-n600", "N600: Magnora Aurion 600 MHz NMR with CryoPlatform cryoprobe",
     "vendor-magnora", "person-elin-strand", "instrument"),
    ("tool-n400", "N400: Magnora Aurion 400 MHz walk-up NMR with SampleCarousel",
     "vendor-magnora", "person-elin-strand", "instrument"),
    ("tool-hx480", "HX480: Solvik Helix 480 high-resolution LC-MS (nano-LC)", "vendor-solvik",
     "person-tomasz-wierzbicki", "instrument"),
    ("tool-tq9", "TQ9: Solvik TQ-9 triple quadrupole LC-MS/MS", "vendor-solvik",
     "person-tomasz-wierzbicki", "instrument"),
)
ACCOUNTS = (
    ("account-nordkey", "Nordkey single sign-on for the core lab systems", "person-hakon-berg",
     "The core lab's app registration in Nordkey, the University of Nordvær login: UiNV "
     "staff and students log in to CoreBook with it.", {}),
    ("account-corebook-export", "CoreBook recharge export key (ØkoNett API)",
     "person-hakon-berg",
     "The API key CoreBook uses every night to post the day's instrument hours to the "
     "users' project codes in ØkoNett.", {}),
    ("account-sampletrail-licence", "SampleTrail LIMS subscription", "person-mari-lovland",
     "Nordlys Core Lab's hosted SampleTrail subscription with Quillion Software for 40 users "
     "and unlimited external submitters; it expires on 31 March 2027.",
     {"expiresAt": "2027-03-31"}),
    ("account-pagerline", "Pagerline on-call alert account", "person-arvid-nilsen",
     "The core lab's account with Pagerline AS: every LevelWatch alarm SMS and voice call to "
     "the on-call phone goes out through it.", {}),
    ("account-magnora-contract", "Magnora BioSpin NMR service contract (N600 and N400)",
     "person-ingrid-hovland",
     "The service contract for N600 and N400 with Magnora BioSpin: the CryoPlatform and "
     "recondenser, console and probe repairs, parts and two preventive visits a year. It "
     "expires on 30 November 2026.", {"expiresAt": "2026-11-30"}),
    ("account-solvik-contract", "Solvik Scientific MS service contract (HX480 and TQ9)",
     "person-tomasz-wierzbicki",
     "The service contract for HX480 and TQ9 with Solvik Scientific: labour, travel and one "
     "preventive visit a year; pumps over five years old are not covered. It runs to 30 June "
     "2027.", {"expiresAt": "2027-06-30"}),
    ("account-heliox-supply", "Liquid helium supply agreement (Heliox Nordic)",
     "person-arvid-nilsen",
     "The agreement under which Heliox Nordic AB delivers liquid helium in 250 L dewars at "
     "NOK 412 a litre since 1 July 2026; it expires on 31 December 2026.",
     {"expiresAt": "2026-12-31"}),
)
SERVICES = (
    ("service-cryogens", "Cryogen supply and magnet fills (liquid helium and liquid nitrogen)",
     ("account-heliox-supply", "vendor-arktisk")),
    ("service-nitrogen-gas", "Nitrogen gas for the LC-MS sources (Aerolux generator)",
     ("vendor-aerolux",)),
    ("service-nmr600", "High-field NMR on N600 (cryoprobe)", ("tool-n600", "tool-spindeck")),
    ("service-nmr-walkup", "Walk-up and overnight automation NMR on N400",
     ("tool-n400", "tool-spindeck", "tool-corebook")),
    ("service-proteomics", "Proteomics and HRMS sample service (HX480)",
     ("tool-hx480", "tool-sampletrail")),
    ("service-quant", "Targeted LC-MS/MS quantification service (TQ9)",
     ("tool-tq9", "tool-sampletrail")),
    ("service-booking", "Instrument booking and interlocks for self-operated sessions", ()),
    ("service-recharge", "Recharge billing (internal project codes and external invoices)",
     ("account-corebook-export", "tool-sampletrail", "tool-okonett")),
    ("service-alarms", "After-hours cryogen and cold room alarm call-out",
     ("tool-levelwatch", "account-pagerline")),
    ("service-cold-room", "Sample cold room (4 °C) and -80 °C freezers",
     ("vendor-frostmek",)),
    ("service-training", "User training and sign-off", ()),
    ("service-data", "Raw data and results delivery", ("tool-polarlager",)),
)
PRODUCTS = (
    ("product-n600-hour", "N600 instrument hour", ("service-nmr600",)),
    ("product-n400-hour", "N400 hour (walk-up and automation)", ("service-nmr-walkup",)),
    ("product-proteomics-sample", "Proteomics sample (HX480 run and database search)",
     ("service-proteomics",)),
    ("product-quant-sample", "Targeted quantification sample (TQ9)", ("service-quant",)),
    ("product-training", "Instrument training and sign-off package", ("service-training",)),
)
RULES = (
    ("rule-signoff", "Only users signed off in CoreBook by an instrument scientist may book "
     "self-operated sessions; until they are signed off they book assisted sessions, with a "
     "member of staff present, at the staff-operated rate", "doc-handbook",
     "person-elin-strand"),
    ("rule-cancellation", "Bookings cancelled less than 24 hours before the start are charged "
     "50% of the booked time, and no-shows are charged in full", "doc-handbook",
     "person-nadia-rahimi"),
    ("rule-after-hours", "Self-operated sessions after 18:00 and at weekends need the "
     "after-hours permit in CoreBook (after 20 signed-off hours on that instrument) and a "
     "check-in on the UiNV lone worker app", "doc-handbook", "person-ingrid-hovland"),
    ("rule-cold-room", "Samples not collected 30 days after their results are released are "
     "discarded, and BSL-2 material is accepted only with an inactivation certificate",
     "doc-handbook", "person-mari-lovland"),
    ("rule-data-retention", "Raw data stays on Polarlager for 12 months after acquisition and "
     "is then deleted; users copy their own data", "doc-handbook", "person-hakon-berg"),
    ("rule-five-gauss", "No one with a pacemaker, neurostimulator or other active implant goes "
     "past the 5 gauss line of the N600 or N400 magnet, and no ferromagnetic tools, gas "
     "bottles or trolleys go into the magnet rooms", "doc-magnet-safety",
     "person-elin-strand"),
    ("rule-helium-fill", "N600 is filled with liquid helium when its level reaches 55%, by two "
     "trained staff with the oxygen monitor on; below 40% Magnora BioSpin is called before "
     "anything else", "doc-magnet-safety", "person-arvid-nilsen"),
    ("rule-oxygen", "At 19.5% oxygen everyone leaves the magnet room and nobody goes back in "
     "until the monitor reads above 19.5% and the room has been checked",
     "doc-magnet-safety", "person-sigrid-eide"),
    ("rule-detergent", "Samples for the HX480 must hold under 0.01% detergent (SDS, Triton "
     "X-100, NP-40, PEG) and under 10 mM non-volatile salt; samples that fail the intake "
     "check are returned unrun and charged the NOK 150 intake fee", "doc-ms-submission",
     "person-tomasz-wierzbicki"),
    ("rule-labels", "MS samples come in 2 mL screw-cap vials or 96-well plates labelled with "
     "their SampleTrail ID; unlabelled samples are not logged", "doc-ms-submission",
     "person-mari-lovland"),
    ("rule-external-po", "External users need a signed service agreement and a purchase order "
     "before their samples are run or sessions booked; orders over NOK 50,000 are invoiced "
     "50% in advance", "doc-rates", "person-nadia-rahimi"),
)
CUSTOMERS = (
    ("customer-bergsland", "Bergsland Lab (structural biology, Department of Chemistry)",
     "Kari Bergsland's protein NMR and structural proteomics group; the biggest N600 user, "
     "with 3D and 4D protein experiments on the cryoprobe.", "internal",
     ("service-nmr600", "service-proteomics")),
    ("customer-kvist", "Kvist group (organic synthesis)",
     "A synthetic chemistry group with 14 students who run 1H and 13C on N400 every day and "
     "HSQC and NOESY on N600.", "internal", ("service-nmr-walkup", "service-nmr600")),
    ("customer-marinbio", "Marine Bioprospecting group (Institute of Marine Biotechnology)",
     "Natural products from Arctic marine organisms: structure elucidation on N600 and "
     "metabolite quantification on TQ9.", "internal", ("service-nmr600", "service-quant")),
    ("customer-fjordgen", "Fjordgen Bio AS",
     "An external peptide therapeutics company in Nordvær science park: peptide mapping on "
     "HX480 and staff-operated N600 characterisation at industry rates.", "industry",
     ("service-proteomics", "service-nmr600")),
    ("customer-nordsalt", "Nordsalt Havbruk AS",
     "An external salmon feed producer: astaxanthin and fatty acid quantification on TQ9 in "
     "batches of 60 samples.", "industry", ("service-quant",)),
    ("customer-pharmacy", "Department of Pharmacy teaching labs",
     "Undergraduate organic chemistry courses that run their products on N400 in automation.",
     "internal", ("service-nmr-walkup",)),
)
# fmt: on


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-nordlys",
        "Nordlys Core Lab",
        src="uinv:units/nordlys-core-lab",
        as_of=date(2014, 9, 1),
        city="Nordvær",
        street="Kjemibygget, Polarveien 12",
        text="Nordlys Core Lab is the mass spectrometry and NMR core facility of the Faculty of "
        "Natural Sciences, University of Nordvær (UiNV), Norway: two NMR spectrometers (N600 and "
        "N400) and two LC-MS systems (HX480 and TQ9) in Kjemibygget, run for paying UiNV "
        "groups, external academics and companies on recharge rates.",
    )
    w.node(
        "Organization",
        "org-uinv",
        "University of Nordvær (UiNV)",
        src="uinv:units",
        as_of=START,
        text="The university Nordlys Core Lab belongs to; its Faculty of Natural Sciences owns "
        "Kjemibygget and its chilled water loop.",
    )
    w.edge("org-nordlys", "PART_OF", "org-uinv", since=START, src="uinv:units")
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="uinv:staff/teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-nordlys", since=START, src="uinv:staff/teams")
    for cid, name, text, kind, _ in CUSTOMERS:
        w.node(
            "Customer", cid, name, src="corebook:groups", as_of=START, text=text, clientType=kind
        )
        if kind == "internal":
            w.edge(cid, "MEMBER_OF", "org-uinv", since=START, src="corebook:groups")
    for pid, name, role, team in PEOPLE:
        first = name.split()[0].lower().replace("å", "a").replace("ø", "o")
        last = name.split()[-1].lower().replace("ø", "o")
        w.node(
            "Person",
            pid,
            name,
            src="uinv:staff",
            as_of=START,
            role=role,
            email=f"{first}.{last}@uinv.no",
        )
        w.edge(pid, "MEMBER_OF", team or "org-nordlys", since=START, src="uinv:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="okonett:suppliers",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-nordlys", "USES", vid, since=START, src="okonett:suppliers")
    w.node(
        "Deal",
        "deal-fjordgen-2027",
        "Fjordgen Bio AS: 2027 proteomics service agreement (600 samples)",
        src="okonett:quotes/Q-2026-118",
        as_of=date(2026, 9, 22),
        stage="negotiation",
        value=2950000,
        text="Fjordgen Bio AS want a 2027 agreement for about 600 HX480 peptide mapping samples "
        "and 120 staff-operated N600 hours at industry rates, about NOK 2.95 million; it waits "
        "for the HX480 capacity plan for the first quarter.",
    )
    w.edge(
        "deal-fjordgen-2027",
        "ASSIGNED_TO",
        "person-ingrid-hovland",
        since=date(2026, 9, 22),
        src="okonett:quotes/Q-2026-118",
    )


def _systems(w: Book) -> None:
    src = "drive:core-lab-systems-register"
    for tid, name, vendor, owner, kind in TOOLS:
        since = COREBOOK_DECIDED if tid == "tool-corebook" else START
        w.node("Tool", tid, name, src=src, as_of=since, kind=kind)
        w.edge(tid, "DEPENDS_ON", vendor, since=since, src=src)
        w.edge(owner, "OWNS", tid, since=since, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="drive:recharge-rates-2026", as_of=START)
    w.edges(
        src,
        START,
        ("account-nordkey", "DEPENDS_ON", "vendor-uinv-digital"),
        ("account-sampletrail-licence", "DEPENDS_ON", "vendor-quillion"),
        ("account-sampletrail-licence", "PART_OF", "tool-sampletrail"),
        ("tool-sampletrail", "DEPENDS_ON", "account-sampletrail-licence"),
        ("account-pagerline", "DEPENDS_ON", "vendor-pagerline"),
        ("account-magnora-contract", "DEPENDS_ON", "vendor-magnora"),
        ("account-solvik-contract", "DEPENDS_ON", "vendor-solvik"),
        ("account-heliox-supply", "DEPENDS_ON", "vendor-heliox"),
        ("tool-n600", "DEPENDS_ON", "account-magnora-contract"),
        ("tool-n400", "DEPENDS_ON", "account-magnora-contract"),
        ("tool-n600", "DEPENDS_ON", "service-cryogens"),
        ("tool-n400", "DEPENDS_ON", "service-cryogens"),
        ("tool-hx480", "DEPENDS_ON", "account-solvik-contract"),
        ("tool-tq9", "DEPENDS_ON", "account-solvik-contract"),
        ("tool-hx480", "DEPENDS_ON", "service-nitrogen-gas"),
        ("tool-tq9", "DEPENDS_ON", "service-nitrogen-gas"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-nmr", "USES", "tool-spindeck"),
        ("team-nmr", "USES", "tool-levelwatch"),
        ("team-ms", "USES", "tool-sampletrail"),
        ("team-admin", "USES", "tool-okonett"),
        ("team-ops", "USES", "tool-sampletrail"),
        ("person-elin-strand", "OWNS", "service-nmr600"),
        ("person-elin-strand", "OWNS", "service-nmr-walkup"),
        ("person-elin-strand", "OWNS", "service-training"),
        ("person-arvid-nilsen", "OWNS", "service-cryogens"),
        ("person-arvid-nilsen", "OWNS", "service-alarms"),
        ("person-tomasz-wierzbicki", "OWNS", "service-proteomics"),
        ("person-tomasz-wierzbicki", "OWNS", "service-quant"),
        ("person-tomasz-wierzbicki", "OWNS", "service-nitrogen-gas"),
        ("person-ingrid-hovland", "OWNS", "service-booking"),
        ("person-nadia-rahimi", "OWNS", "service-recharge"),
        ("person-mari-lovland", "OWNS", "service-cold-room"),
        ("person-hakon-berg", "OWNS", "service-data"),
    )
    for cid, *_, uses in CUSTOMERS:
        for service in uses:
            w.edge(cid, "USES", service, since=START, src="corebook:groups")
    # Booking: ResursBook (the university's general booking, on Nordkey) until 10 August.
    w.node(
        "Tool",
        "tool-resursbook",
        "ResursBook university room and equipment booking (retired)",
        src=src,
        as_of=COREBOOK_FROM,
        status="retired",
        kind="software",
        text="The University of Nordvær's general room and equipment booking calendar, run by "
        "UiNV Digital Services, with Nordkey login. The core lab booked its instruments in it "
        "until 10 August 2026.",
    )
    for frm, to in (
        ("tool-resursbook", "vendor-uinv-digital"),
        ("tool-resursbook", "account-nordkey"),
        ("service-booking", "tool-resursbook"),
        ("service-nmr-walkup", "tool-resursbook"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=COREBOOK_FROM, src=src)
    w.edge("team-ops", "USES", "tool-resursbook", since=START, until=COREBOOK_FROM, src=src)
    w.edges(
        src,
        COREBOOK_FROM,
        ("tool-corebook", "DEPENDS_ON", "account-nordkey"),
        ("service-booking", "DEPENDS_ON", "tool-corebook"),
        ("account-corebook-export", "DEPENDS_ON", "tool-corebook"),
        ("account-corebook-export", "DEPENDS_ON", "tool-okonett"),
        ("account-corebook-export", "PART_OF", "tool-corebook"),
        ("team-ops", "USES", "tool-corebook"),
        ("team-nmr", "USES", "tool-corebook"),
        ("team-ms", "USES", "tool-corebook"),
        ("team-admin", "USES", "tool-corebook"),
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("samples", "uptime", "hours", "turn", "boil", "recharge")
    }
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        term = day >= SEMESTER
        # samples received at the intake window (the cold room drop box at weekends)
        if wd < 5:
            samples = rng.randint(31, 47) + (rng.randint(8, 15) if term else 0)
        elif wd == 5:
            samples = rng.randint(2, 7)
        else:
            samples = rng.randint(0, 3)
        if day == LIMS_BACK:
            samples += 38  # the paper intake of 5-8 October registered on the 9th
        # HX480 uptime: the turbomolecular pump seized on 18 August
        if day == TURBO_DAYS[0]:
            uptime = 28.4
        elif day == TURBO_BACK:
            uptime = 61.7
        elif day in TURBO_DAYS:
            uptime = 0.0
        else:
            uptime = rng.uniform(95.0, 99.9)
            if rng.random() < 0.08:
                uptime -= rng.uniform(6.0, 14.0)  # a source clean or a recalibration
        # NMR hours used (N600 and N400): overnight automation from 1 September, then
        # CoreBook 5.0's auto-release from 12 October
        if day < AUTOMATION_FROM:
            hours = rng.uniform(21.0, 29.0) if wd < 5 else rng.uniform(2.5, 7.5)
        elif day < COREBOOK_50:
            hours = rng.uniform(33.0, 41.0) if wd < 5 else rng.uniform(22.0, 30.0)
        else:
            hours = rng.uniform(22.0, 28.0) if wd < 5 else rng.uniform(4.5, 9.5)
        if day == CHILLED[0]:
            hours -= 9.5  # N600 stood while the compressor was off
        elif day == CHILLED[1]:
            hours -= 5.0
        # MS turnaround (days from receipt to results released), weekdays only
        if day in TURBO_DAYS:
            turn = rng.uniform(6.8, 9.4)
        elif TURBO_BACK < day <= date(2026, 8, 31):
            turn = rng.uniform(9.0, 11.6)
        elif LIMS_BACK <= day <= date(2026, 10, 16):
            turn = rng.uniform(6.6, 8.1)
        else:
            turn = rng.uniform(4.3, 5.8)
        # N600 helium boil-off (litres a day); none computed on a fill day
        if day == CHILLED[0]:
            boil = 7.62
        elif day == CHILLED[1]:
            boil = 4.31
        elif day - timedelta(days=1) in FILL_DAYS:
            boil = rng.uniform(0.58, 0.79)
        else:
            boil = rng.uniform(0.31, 0.48)
        # recharge billed (NOK): hours from CoreBook, samples from SampleTrail
        recharge = rng.uniform(26000, 47000) if wd < 5 else rng.uniform(2500, 8000)
        if day >= AUTOMATION_FROM and day < COREBOOK_50 and wd >= 5:
            recharge += rng.uniform(3000, 5500)
        if day in TURBO_DAYS and wd < 5:
            recharge -= rng.uniform(7000, 10000)
        if day >= SURCHARGE_FROM:
            recharge += rng.uniform(1600, 2600) if wd < 5 else rng.uniform(300, 700)
        if day not in LIMS_DOWN:
            out["samples"].append((day, samples))
        out["uptime"].append((day, round(uptime, 1)))
        out["hours"].append((day, round(hours, 1)))
        if wd < 5 and day not in LIMS_DOWN:
            out["turn"].append((day, round(turn, 2)))
        if day not in FILL_DAYS:
            out["boil"].append((day, round(boil, 2)))
        out["recharge"].append((day, round(recharge)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    st, cb, lw, ok = (
        "sampletrail:daily",
        "corebook:usage",
        "levelwatch:daily",
        "okonett:recharge-postings",
    )
    w.metric(
        "metric-samples-received",
        "Samples received (SampleTrail intake)",
        "samples",
        "sum",
        src=st,
        since=START,
    )
    w.metric(
        "metric-hx480-uptime",
        "HX480 instrument uptime",
        "%",
        "mean",
        src="solvik:instrument-log",
        since=START,
        measures="tool-hx480",
    )
    w.metric(
        "metric-nmr-hours",
        "NMR instrument hours used (N600 and N400)",
        "hours",
        "sum",
        src=cb,
        since=START,
    )
    w.metric(
        "metric-ms-turnaround",
        "MS sample turnaround (receipt to results released)",
        "days",
        "mean",
        src=st,
        since=START,
        measures="service-proteomics",
    )
    w.metric(
        "metric-helium-boiloff",
        "N600 helium boil-off",
        "litres a day",
        "mean",
        src=lw,
        since=START,
        measures="tool-n600",
    )
    w.metric(
        "metric-recharge",
        "Recharge billed (internal and external)",
        "NOK",
        "sum",
        src=ok,
        since=START,
        measures="service-recharge",
    )
    return {
        "samples": w.readings("metric-samples-received", series["samples"], src=st),
        "uptime": w.readings("metric-hx480-uptime", series["uptime"], src="solvik:instrument-log"),
        "hours": w.readings("metric-nmr-hours", series["hours"], src=cb),
        "turn": w.readings("metric-ms-turnaround", series["turn"], src=st),
        "boil": w.readings("metric-helium-boiloff", series["boil"], src=lw),
        "recharge": w.readings("metric-recharge", series["recharge"], src=ok),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "solvik:cases/SV-26-4471"
    started, back = "2026-08-18T04:40:00+00:00", "2026-08-25T12:00:00+00:00"
    w.node(
        "Incident",
        "incident-hx480-turbo",
        "HX480 turbomolecular pump seized",
        src=src,
        as_of=TURBO_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 06:40 on 18 August the second-stage turbomolecular pump of the HX480 (Helix "
        "480) seized on a failed bearing and the instrument vented. Solvik Scientific fitted a "
        "new pump from its Hamburg depot on 24 August and after a bake-out and calibration the "
        "HX480 was back at 14:00 on 25 August. HX480 uptime fell to nothing from 19 to 24 "
        "August, the proteomics queue grew to 212 samples and MS turnaround roughly doubled.",
    )
    w.edges(
        src,
        started,
        ("incident-hx480-turbo", "AFFECTS", "tool-hx480"),
        ("incident-hx480-turbo", "AFFECTS", "service-proteomics"),
        ("incident-hx480-turbo", "AFFECTS", "metric-hx480-uptime"),
        ("incident-hx480-turbo", "AFFECTS", "metric-ms-turnaround"),
        *(("incident-hx480-turbo", "CAUSED", obs["uptime"][d]) for d in TURBO_DAYS),
        ("person-tomasz-wierzbicki", "OWNS", "incident-hx480-turbo"),
        as_of=TURBO_BACK,
    )
    w.node(
        "Task",
        "task-turbo-replace",
        "Replace the HX480 turbomolecular pump, bake out and recalibrate",
        src="solvik:cases/SV-26-4471/work-order",
        as_of=TURBO_BACK,
        status="done",
    )
    w.edges(
        "solvik:cases/SV-26-4471/work-order",
        date(2026, 8, 19),
        ("person-tomasz-wierzbicki", "OWNS", "task-turbo-replace"),
        ("person-tomasz-wierzbicki", "WORKS_ON", "task-turbo-replace"),
        ("task-turbo-replace", "FIXES", "incident-hx480-turbo"),
        ("task-turbo-replace", "DEPENDS_ON", "vendor-solvik"),
        as_of=TURBO_BACK,
    )
    src = "levelwatch:events/2026-09-09"
    started, back = "2026-09-09T00:15:00+00:00", "2026-09-10T06:30:00+00:00"
    w.node(
        "Incident",
        "incident-chilled-water",
        "Chilled water outage in Kjemibygget stopped the N600 helium compressor",
        src=src,
        as_of=date(2026, 9, 11),
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="At 02:15 on 9 September a circulation pump of Kjemibygget's chilled water loop "
        "failed and N600's water-cooled helium compressor stopped, so the CryoPlatform and "
        "the helium recondenser stopped too. LevelWatch alarmed through Pagerline and Arvid "
        "Nilsen was on site at 03:00; N600 was taken out of use. UiNV Estates fitted a new "
        "pump and the compressor restarted at 08:30 on 10 September. N600 helium boil-off "
        "rose from under half a litre a day to 7.6 litres on 9 September and 4.3 on 10 "
        "September.",
    )
    w.edges(
        src,
        started,
        ("incident-chilled-water", "AFFECTS", "tool-n600"),
        ("incident-chilled-water", "AFFECTS", "service-nmr600"),
        ("incident-chilled-water", "AFFECTS", "metric-helium-boiloff"),
        *(("incident-chilled-water", "CAUSED", obs["boil"][d]) for d in CHILLED),
        *(("incident-chilled-water", "CAUSED", obs["hours"][d]) for d in CHILLED),
        ("person-arvid-nilsen", "OWNS", "incident-chilled-water"),
        as_of=date(2026, 9, 11),
    )
    src = "quillion:tickets/QS-20931"
    started, back = "2026-10-05T05:00:00+00:00", "2026-10-09T08:00:00+00:00"
    w.node(
        "Incident",
        "incident-sampletrail-outage",
        "SampleTrail LIMS database corrupted in the storage migration",
        src=src,
        as_of=LIMS_BACK,
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="Quillion Software moved the hosted SampleTrail database to new storage over the "
        "weekend of 3-4 October and the database came up corrupted on Monday 5 October. "
        "SampleTrail LIMS was down until Quillion restored it from the backup of 2 October at "
        "10:00 on 9 October. The intake window took samples on paper forms, which Mari Løvland "
        "registered on 9 October, and no results were released, so samples received and MS "
        "turnaround have no readings from 5 to 8 October.",
    )
    w.edges(
        src,
        started,
        ("incident-sampletrail-outage", "AFFECTS", "tool-sampletrail"),
        ("incident-sampletrail-outage", "AFFECTS", "metric-samples-received"),
        ("incident-sampletrail-outage", "AFFECTS", "metric-ms-turnaround"),
        ("person-hakon-berg", "OWNS", "incident-sampletrail-outage"),
        as_of=LIMS_BACK,
    )
    w.node(
        "Task",
        "task-sampletrail-restore",
        "Restore SampleTrail from the 2 October backup and register the paper intake",
        src=src,
        as_of=LIMS_BACK,
        status="done",
    )
    w.edges(
        src,
        date(2026, 10, 5),
        ("person-hakon-berg", "OWNS", "task-sampletrail-restore"),
        ("person-hakon-berg", "WORKS_ON", "task-sampletrail-restore"),
        ("person-mari-lovland", "WORKS_ON", "task-sampletrail-restore"),
        ("task-sampletrail-restore", "FIXES", "incident-sampletrail-outage"),
        ("task-sampletrail-restore", "DEPENDS_ON", "vendor-quillion"),
        as_of=LIMS_BACK,
    )
    # The CoreBook release: nothing ties it to NMR hours; they just fall that day.
    rel_at = "2026-10-12T04:00:00+00:00"
    w.node(
        "Release",
        "release-corebook-50",
        "CoreBook 5.0",
        src="instrumently:releases/5.0",
        as_of=rel_at,
        version="5.0",
        releasedAt=rel_at,
        text="Instrumently's CoreBook 5.0: a new calendar, booking on phones, and auto-release "
        "of unclaimed bookings: a booking with no interlock check-in within 15 minutes of its "
        "start is released to the waiting list and charged as a no-show. Auto-release is one "
        "setting for every instrument.",
    )
    w.edges(
        "instrumently:releases/5.0",
        rel_at,
        ("release-corebook-50", "PART_OF", "service-booking"),
        ("release-corebook-50", "CHANGED", "tool-corebook"),
    )


MESSAGES = (
    (
        "message-corebook-switch",
        "Ingrid in #core-general on 20 July",
        "person-ingrid-hovland",
        "channel-general",
        _at(COREBOOK_DECIDED, 8, 15),
        "We're moving instrument booking from ResursBook to CoreBook on Monday 10 August. "
        "ResursBook can't check who is signed off, we had 23 double bookings on N600 in the "
        "spring, there's no interlock so people ran on others' slots, and Nadia builds the "
        "monthly recharge by hand from a ResursBook export, with about 11% of hours never "
        "billed. CoreBook only lets signed-off users book, unlocks the instrument PC for the "
        "booked slot and posts the hours to ØkoNett every night. Log in with Nordkey as usual.",
    ),
    (
        "message-automation",
        "Elin in #nmr on 14 August",
        "person-elin-strand",
        "channel-nmr",
        _at(AUTOMATION_DECIDED, 10, 5),
        "From 1 September N400 runs unattended overnight and weekend automation: drop your "
        "tubes in the SampleCarousel before 17:00 and SpinDeck runs the queue from 18:00 to "
        "08:00 and all weekend. The daytime walk-up queue was two to three days at semester "
        "start and the magnet sat idle 14 hours a day. Automation is billed at half the N400 "
        "rate.",
    ),
    (
        "message-turbo-down",
        "Tomasz in #mass-spec on 18 August",
        "person-tomasz-wierzbicki",
        "channel-ms",
        _at(date(2026, 8, 18), 7, 30),
        "HX480 is down. The second turbo pump seized overnight and the instrument vented. "
        "Solvik engineer tomorrow, but a new pump has to come from Hamburg, so count on a week. "
        "TQ9 is fine. Mari, please hold new proteomics intake and tell the groups.",
    ),
    (
        "message-turbo-spare",
        "Tomasz in #mass-spec on 26 August",
        "person-tomasz-wierzbicki",
        "channel-ms",
        _at(date(2026, 8, 26), 9, 0),
        "HX480 back since yesterday 14:00, calibrated and running the backlog. We'll keep a "
        "spare turbo pump on the shelf from now on, ordered through the Solvik contract, and I "
        "read the pumps' run hours every Monday. Urgent samples go to Trondvik if we're down "
        "more than two working days.",
    ),
    (
        "message-chilled-water",
        "Arvid in #nmr on 9 September",
        "person-arvid-nilsen",
        "channel-nmr",
        _at(CHILLED[0], 5, 40),
        "N600 is out of use. The building chilled water stopped at 02:15 and took the helium "
        "compressor with it, so no recondensing and boil-off is way up. Estates are on the "
        "circulation pump. Level is fine for now, I'm watching it in LevelWatch. Bookings "
        "today are cancelled free of charge.",
    ),
    (
        "message-chilled-water-fix",
        "Arvid in #nmr on 11 September",
        "person-arvid-nilsen",
        "channel-nmr",
        _at(date(2026, 9, 11), 9, 20),
        "Compressor back since 08:30 yesterday, boil-off back under half a litre. We lost "
        "about 12 L of helium. Solveig has agreed we put a standby air-cooled chiller on the "
        "N600 compressor so a chilled water stop never takes the recondenser down again.",
    ),
    (
        "message-surcharge",
        "Solveig in #finance-recharge on 16 September",
        "person-solveig-aarnes",
        "channel-finance",
        _at(SURCHARGE_DECIDED, 13, 0),
        "From 1 October every N600 hour carries a helium surcharge of NOK 180, for all user "
        "classes. Heliox put the litre price up 38% on 1 July and N600 burns most of our "
        "helium; the surcharge recovers about NOK 310,000 a year. N400 rates stay as they are. "
        "Nadia, please update the rate card and tell the external customers.",
    ),
    (
        "message-tender-handover",
        "Arvid in #facility-ops on 28 September",
        "person-arvid-nilsen",
        "channel-ops",
        _at(TENDER_HANDOVER, 8, 30),
        "Nadia is taking over the helium tender from today, since it's going through UiNV "
        "procurement together with Physics. I'll give her the consumption figures for N600 and "
        "N400. Tender documents to procurement by 13 November.",
    ),
    (
        "message-lims-down",
        "Håkon in #facility-ops on 5 October",
        "person-hakon-berg",
        "channel-ops",
        _at(LIMS_DOWN[0], 7, 50),
        "SampleTrail is down. Quillion moved the database to new storage at the weekend and it "
        "came up corrupted. They are restoring from a backup. Intake takes samples on the "
        "paper forms, Mari registers them when we're back. No results can be released until "
        "then.",
    ),
    (
        "message-lims-back",
        "Mari in #mass-spec on 9 October",
        "person-mari-lovland",
        "channel-ms",
        _at(LIMS_BACK, 12, 10),
        "SampleTrail is back, restored from the 2 October backup. All 38 paper intake samples "
        "from Monday to Thursday are registered now, and results are being released again.",
    ),
    (
        "message-corebook-50",
        "Håkon in #core-general on 9 October",
        "person-hakon-berg",
        "channel-general",
        _at(date(2026, 10, 9), 14, 0),
        "CoreBook 5.0 goes live on Monday 12 October at 06:00: a new calendar, booking from "
        "your phone, and auto-release: if you don't check in at the instrument within 15 "
        "minutes of your booking, the slot goes to the waiting list and counts as a no-show.",
    ),
    (
        "message-staff-notes",
        "Staff meeting notes, 20 October",
        "person-ingrid-hovland",
        "channel-ops",
        _at(MEETING, 12, 0),
        "Staff meeting, Tue 20 Oct. 1) NMR hours down from about 33 to about 21 a day since "
        "CoreBook 5.0: SpinDeck's overnight N400 runs never check in through the interlock, so "
        "auto-release drops the blocks at 18:15. Auto-release off for all instruments until "
        "CoreBook 5.0.1 (per-instrument exemption) is in, by Fri 30 Oct (Håkon chases "
        "Instrumently). From Fri 23 Oct the overnight automation is booked as staff queue "
        "blocks on the core lab staff account (Elin). Nadia credits the automation users "
        "charged as no-shows since 12 Oct, by 30 Oct. 2) Magnora contract expires 30 Nov: Elin "
        "takes the renewal from Ingrid, revised quote by 6 Nov, Solveig signs. 3) Helium "
        "tender: Nadia leads, Arvid's consumption figures by 30 Oct, documents to procurement by "
        "13 Nov. 4) After the SampleTrail outage: monthly restore tests of the SampleTrail "
        "backup from November (Håkon, with Quillion). 5) Fjordgen 2027 agreement parked until "
        "the Q1 HX480 capacity plan.",
    ),
)


def _src(message: str) -> str:
    for mid, _, _, channel, at, _ in MESSAGES:
        if mid == message:
            return f"slack:{channel.removeprefix('channel-')}/{_ts(at)}"
    raise KeyError(message)


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-general", "#core-general"),
        ("channel-nmr", "#nmr"),
        ("channel-ms", "#mass-spec"),
        ("channel-ops", "#facility-ops"),
        ("channel-finance", "#finance-recharge"),
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
        ("message-corebook-switch", ("tool-corebook", "tool-resursbook", "account-nordkey")),
        ("message-automation", ("tool-n400", "tool-spindeck", "service-nmr-walkup")),
        ("message-turbo-down", ("incident-hx480-turbo", "tool-hx480")),
        ("message-turbo-spare", ("incident-hx480-turbo", "task-turbo-replace", "vendor-trondvik")),
        ("message-chilled-water", ("incident-chilled-water", "tool-n600", "tool-levelwatch")),
        ("message-chilled-water-fix", ("incident-chilled-water", "tool-n600")),
        ("message-surcharge", ("product-n600-hour", "account-heliox-supply", "vendor-heliox")),
        ("message-lims-down", ("incident-sampletrail-outage", "tool-sampletrail")),
        ("message-lims-back", ("incident-sampletrail-outage", "tool-sampletrail")),
        ("message-corebook-50", ("release-corebook-50", "tool-corebook")),
        (
            "message-staff-notes",
            (
                "release-corebook-50",
                "tool-corebook",
                "account-magnora-contract",
                "account-heliox-supply",
                "tool-sampletrail",
                "deal-fjordgen-2027",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "CoreBook": "tool-corebook",
        "ResursBook": "tool-resursbook",
        "SampleTrail": "tool-sampletrail",
        "LevelWatch": "tool-levelwatch",
        "SpinDeck": "tool-spindeck",
        "ØkoNett": "tool-okonett",
        "Polarlager": "tool-polarlager",
        "Nordkey": "account-nordkey",
        "Pagerline": "account-pagerline",
        "Heliox": "vendor-heliox",
        "Magnora": "vendor-magnora",
        "Solvik": "vendor-solvik",
        "Arktisk Gass": "vendor-arktisk",
        "Trondvik": "vendor-trondvik",
        "N600": "tool-n600",
        "N400": "tool-n400",
        "HX480": "tool-hx480",
        "TQ9": "tool-tq9",
        "cold room": "service-cold-room",
        "Ingrid Hovland": "person-ingrid-hovland",
        "Elin Strand": "person-elin-strand",
        "Tomasz Wierzbicki": "person-tomasz-wierzbicki",
        "Arvid Nilsen": "person-arvid-nilsen",
        "Nadia Rahimi": "person-nadia-rahimi",
        "Håkon Berg": "person-hakon-berg",
        "Mari Løvland": "person-mari-lovland",
    }
    for path, did, author, kind, about in (
        (
            "user-handbook-2026.md",
            "doc-handbook",
            "person-ingrid-hovland",
            "handbook",
            ["service-booking", "service-training", "service-cold-room", "service-data"],
        ),
        (
            "recharge-rates-2026.md",
            "doc-rates",
            "person-nadia-rahimi",
            "price list",
            [
                "product-n600-hour",
                "product-n400-hour",
                "product-proteomics-sample",
                "product-quant-sample",
                "product-training",
                "service-recharge",
            ],
        ),
        (
            "ms-sample-submission-guidelines.md",
            "doc-ms-submission",
            "person-tomasz-wierzbicki",
            "procedure",
            ["service-proteomics", "service-quant"],
        ),
        (
            "nmr-magnet-safety-and-cryogens.md",
            "doc-magnet-safety",
            "person-elin-strand",
            "policy",
            ["tool-n600", "tool-n400", "service-cryogens"],
        ),
        (
            "hx480-turbo-pump-failure-review.md",
            "doc-turbo-review",
            "person-tomasz-wierzbicki",
            "incident review",
            ["incident-hx480-turbo"],
        ),
        (
            "helium-supply-plan-2026-27.md",
            "doc-helium-plan",
            "person-arvid-nilsen",
            "plan",
            ["service-cryogens", "account-heliox-supply", "product-n600-hour"],
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
        "decision-resursbook",
        "Book the instruments in ResursBook, the university's room and equipment booking",
        src="drive:core-lab-systems-register",
        on=START,
        why="The core lab booked its instruments in ResursBook, the University of Nordvær's "
        "general room and equipment calendar with Nordkey login, because it cost nothing and "
        "every user already had a login; the monthly recharge was built from a ResursBook "
        "export in a spreadsheet.",
        made_by="person-ingrid-hovland",
        made_in=None,
    )
    decision(
        "decision-corebook",
        "Move instrument booking from ResursBook to CoreBook with interlocks from 10 August",
        src=_src("message-corebook-switch"),
        on=COREBOOK_DECIDED,
        why="ResursBook could not check who was signed off on an instrument, there were 23 "
        "double bookings on N600 in the spring, without an interlock users ran on other "
        "people's slots, and the monthly recharge was built by hand from a ResursBook export "
        "with about 11% of instrument hours never billed. CoreBook lets only signed-off users "
        "book, unlocks the instrument PC for the booked slot and posts the hours to ØkoNett "
        "every night.",
        made_by="person-ingrid-hovland",
        made_in="message-corebook-switch",
        edges=(
            ("decision-corebook", "SUPERSEDES", "decision-resursbook"),
            ("decision-corebook", "AFFECTS", "service-booking"),
            ("decision-corebook", "AFFECTS", "service-recharge"),
            ("decision-corebook", "MENTIONS", "tool-corebook"),
            ("decision-corebook", "MENTIONS", "tool-resursbook"),
        ),
    )
    decision(
        "decision-n400-automation",
        "Run N400 in unattended overnight and weekend automation from 1 September",
        src=_src("message-automation"),
        on=AUTOMATION_DECIDED,
        why="At semester start the N400 walk-up queue was two to three days long while the "
        "magnet stood idle about 14 hours a day. With SpinDeck automation the samples left in "
        "the SampleCarousel before 17:00 run from 18:00 to 08:00 and all weekend, billed at "
        "half the N400 rate, which adds about 15 NMR hours a day.",
        made_by="person-elin-strand",
        made_in="message-automation",
        edges=(
            ("decision-n400-automation", "AFFECTS", "service-nmr-walkup"),
            ("decision-n400-automation", "AFFECTS", "metric-nmr-hours"),
            ("decision-n400-automation", "MENTIONS", "tool-spindeck"),
            ("decision-n400-automation", "MENTIONS", "tool-n400"),
        ),
    )
    decision(
        "decision-turbo-spare",
        "Keep a spare HX480 turbomolecular pump on site and send urgent samples to Trondvik "
        "when the HX480 is down more than two working days",
        src=_src("message-turbo-spare"),
        on=date(2026, 8, 26),
        why="The HX480 was out for eight days because the new pump had to come from Hamburg, "
        "and the failure cost NOK 214,600; a spare on the shelf makes a pump failure a one-day "
        "job, and the standing agreement with Trondvik Proteomics Centre keeps urgent samples "
        "moving.",
        made_by="person-tomasz-wierzbicki",
        made_in="message-turbo-spare",
        edges=(
            ("decision-turbo-spare", "MENTIONS", "incident-hx480-turbo"),
            ("decision-turbo-spare", "AFFECTS", "service-proteomics"),
            ("decision-turbo-spare", "BASED_ON", "doc-turbo-review"),
        ),
    )
    decision(
        "decision-standby-chiller",
        "Put a standby air-cooled chiller on the N600 helium compressor",
        src=_src("message-chilled-water-fix"),
        on=date(2026, 9, 11),
        why="The chilled water stop of 9 September took the helium compressor and the "
        "recondenser down for 30 hours and cost about 12 litres of helium; a standby "
        "air-cooled chiller keeps the compressor running through any chilled water outage.",
        made_by="person-solveig-aarnes",
        made_in="message-chilled-water-fix",
        edges=(
            ("decision-standby-chiller", "MENTIONS", "incident-chilled-water"),
            ("decision-standby-chiller", "AFFECTS", "tool-n600"),
        ),
    )
    decision(
        "decision-helium-surcharge",
        "Add a helium surcharge of NOK 180 to every N600 hour from 1 October",
        src=_src("message-surcharge"),
        on=SURCHARGE_DECIDED,
        why="Heliox Nordic raised the liquid helium price 38%, from NOK 298 to NOK 412 a litre, "
        "on 1 July, and N600 uses most of the facility's helium. A NOK 180 surcharge on every "
        "N600 hour for all user classes recovers about NOK 310,000 a year; the N400 rate does "
        "not change.",
        made_by="person-solveig-aarnes",
        made_in="message-surcharge",
        edges=(
            ("decision-helium-surcharge", "BASED_ON", "doc-helium-plan"),
            ("decision-helium-surcharge", "AFFECTS", "product-n600-hour"),
            ("decision-helium-surcharge", "AFFECTS", "metric-recharge"),
            ("decision-helium-surcharge", "MENTIONS", "account-heliox-supply"),
        ),
    )
    notes = _src("message-staff-notes")
    decision(
        "decision-autorelease-off",
        "Switch CoreBook auto-release off and book the N400 overnight automation as staff "
        "queue blocks until CoreBook 5.0.1 (by 30 October)",
        src=notes,
        on=MEETING,
        why="Since CoreBook 5.0's auto-release, the SpinDeck overnight runs on N400 never "
        "check in through the interlock, so their blocks are released at 18:15 and NMR hours "
        "fell from about 33 to about 21 a day. Auto-release is one setting for every "
        "instrument in 5.0, so it is off everywhere until CoreBook 5.0.1 brings a "
        "per-instrument exemption by 30 October; from 23 October the overnight automation is "
        "booked as staff queue blocks on the core lab staff account, and the users charged "
        "as no-shows are credited.",
        made_by="person-ingrid-hovland",
        made_in="message-staff-notes",
        edges=(
            ("decision-autorelease-off", "AFFECTS", "service-nmr-walkup"),
            ("decision-autorelease-off", "MENTIONS", "release-corebook-50"),
            ("decision-autorelease-off", "MENTIONS", "tool-corebook"),
        ),
    )
    decision(
        "decision-restore-tests",
        "Test a restore of the SampleTrail backup every month from November",
        src=notes,
        on=MEETING,
        why="The October outage lasted four days partly because nobody had ever restored a "
        "SampleTrail backup; a monthly restore test with Quillion proves the backup and cuts "
        "the next restore to hours.",
        made_by="person-ingrid-hovland",
        made_in="message-staff-notes",
        edges=(
            ("decision-restore-tests", "MENTIONS", "incident-sampletrail-outage"),
            ("decision-restore-tests", "AFFECTS", "tool-sampletrail"),
        ),
    )


def _work(w: Book) -> None:
    src = "drive:magnora-contract-2027"
    w.node(
        "Task",
        "task-magnora-renewal",
        "Renew the Magnora BioSpin NMR service contract before it expires on 30 November",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-11-20",
        text="Get Magnora BioSpin's quote for 2027-2029 for N600 and N400 with the "
        "CryoPlatform and recondenser, compare it with the first quote of NOK 1.12 million a "
        "year, and have the scientific director sign before the contract expires on 30 "
        "November.",
    )
    w.edge("person-ingrid-hovland", "OWNS", "task-magnora-renewal", since=date(2026, 8, 3), src=src)
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-magnora-renewal", "ABOUT", "account-magnora-contract"),
        ("task-magnora-renewal", "DEPENDS_ON", "vendor-magnora"),
        ("person-ingrid-hovland", "WORKS_ON", "task-magnora-renewal"),
    )
    notes = _src("message-staff-notes")
    w.edges(
        notes,
        MEETING,
        ("person-elin-strand", "OWNS", "task-magnora-renewal"),
        ("person-elin-strand", "WORKS_ON", "task-magnora-renewal"),
        ("message-staff-notes", "MENTIONS", "task-magnora-renewal"),
    )
    src = "drive:helium-tender-2027"
    w.node(
        "Task",
        "task-helium-tender",
        "Helium supply tender for 2027-2028 (with the Department of Physics)",
        src=src,
        as_of=date(2026, 7, 15),
        status="in progress",
        due="2026-11-13",
        text="Write the tender for about 6,000 litres of liquid helium a year for the core lab "
        "and the Department of Physics, fixed price for two years and delivery within three "
        "working days, and send it to UiNV procurement by 13 November, before the Heliox "
        "agreement expires on 31 December.",
    )
    w.edge("person-arvid-nilsen", "OWNS", "task-helium-tender", since=date(2026, 7, 15), src=src)
    w.edges(
        src,
        date(2026, 7, 15),
        ("task-helium-tender", "ABOUT", "account-heliox-supply"),
        ("task-helium-tender", "BASED_ON", "doc-helium-plan"),
        ("person-arvid-nilsen", "WORKS_ON", "task-helium-tender"),
    )
    w.edges(
        _src("message-tender-handover"),
        TENDER_HANDOVER,
        ("person-nadia-rahimi", "OWNS", "task-helium-tender"),
        ("person-nadia-rahimi", "WORKS_ON", "task-helium-tender"),
        ("message-tender-handover", "MENTIONS", "task-helium-tender"),
    )
    for tid, name, owner, due, text, about in (
        (
            "task-corebook-501",
            "Get CoreBook 5.0.1 (per-instrument auto-release exemption) from Instrumently",
            "person-hakon-berg",
            "2026-10-30",
            "Instrumently ship CoreBook 5.0.1 with auto-release set per instrument by Friday 30 "
            "October; Håkon tests it on N400 first, then turns auto-release back on for the "
            "other instruments.",
            "release-corebook-50",
        ),
        (
            "task-queue-blocks",
            "Book the N400 overnight automation as staff queue blocks from 23 October",
            "person-elin-strand",
            "2026-10-23",
            "Every night from 18:00 to 08:00 and at weekends N400 is booked on the core lab "
            "staff account, and SpinDeck bills the automation hours to each sample's owner.",
            "service-nmr-walkup",
        ),
        (
            "task-noshow-credits",
            "Credit the automation users charged as no-shows since 12 October",
            "person-nadia-rahimi",
            "2026-10-30",
            "Reverse the no-show charges CoreBook 5.0 made for released overnight blocks from "
            "12 October and post the credits in ØkoNett.",
            "service-recharge",
        ),
        (
            "task-helium-figures",
            "Give Nadia the N600 and N400 helium consumption figures for the tender",
            "person-arvid-nilsen",
            "2026-10-30",
            "Litres filled per magnet for 2024-2026 from the fill log and LevelWatch, with the "
            "transfer losses.",
            "task-helium-tender",
        ),
        (
            "task-restore-test",
            "Run the first monthly SampleTrail restore test with Quillion",
            "person-hakon-berg",
            "2026-11-13",
            "Restore last night's SampleTrail backup to Quillion's test instance and check the "
            "last 50 samples and their results against production.",
            "tool-sampletrail",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-staff-notes", "MENTIONS", tid),
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

    def covered(q: Question) -> Question:
        q.must_include = [coverage_words]
        return q

    return [
        impact_question(
            facts,
            "nordkey login is down - what cant people do?",
            ["account-nordkey"],
            today,
            must_exclude=["ResursBook"],
            note="Nordkey -> CoreBook -> booking, N400 walk-up and automation, the recharge "
            "export key -> recharge billing; ResursBook also logged in through Nordkey but was "
            "retired on 10 August and breaks nothing now",
        ),
        impact_question(
            facts,
            "if the magnora service contract expires end of nov whats affected?",
            ["account-magnora-contract"],
            today,
            note="both NMR instruments hang on the contract, and their services and hour "
            "products on them; it expires on 30 November",
        ),
        impact_question(
            facts,
            "heliox stops delivering helium, what do we lose",
            ["vendor-heliox", "account-heliox-supply"],
            today,
            note="Heliox is both the vendor and the supply agreement; under either reading "
            "the cryogen supply stops and with it both magnets, their services and products",
        ),
        owner_question(
            facts,
            "who's got the magnora contract renewal now?",
            "task-magnora-renewal",
            today,
            note="Ingrid handed it to Elin at the staff meeting of 20 October",
        ),
        owner_question(
            facts,
            "who had the magnora renewal in early sept",
            "task-magnora-renewal",
            date(2026, 9, 5),
        ),
        owner_question(
            facts,
            "who was running the helium tender back in mid september?",
            "task-helium-tender",
            date(2026, 9, 15),
            note="Arvid until 28 September, then Nadia",
        ),
        Question(
            "why did we ditch resursbook for corebook",
            "decision",
            must_include=[["signed off", "double booking", "interlock", "by hand", "11%"]],
            must_cite=["decision-corebook"],
        ),
        Question(
            "who decided on the helium surcharge for the 600?",
            "decision",
            must_include=["Solveig Aarnes"],
            must_cite=["decision-helium-surcharge"],
        ),
        Question(
            "how did ppl book instruments before corebook came in?",
            "decision",
            must_include=["ResursBook"],
            must_cite=["decision-resursbook"],
            note="the superseded decision: the university's ResursBook calendar until 10 August",
        ),
        Question(
            "lucas did his 600 training last week but elin hasnt signed him off in corebook "
            "yet, can he book a solo session this wknd?",
            "policy",
            must_include=["assisted"],
            must_cite=["rule-signoff"],
            note="no: until signed off he books assisted sessions with staff present (and a "
            "weekend session also needs the after-hours permit)",
        ),
        Question(
            "user cancelled their N600 slot 10 hrs before start, do we still bill them?",
            "policy",
            must_include=["50%"],
            must_cite=["rule-cancellation"],
            note="less than 24 hours before the start: 50% of the booked time",
        ),
        Question(
            "visitor from fjordgen has a pacemaker and wants to see the 600 magnet, is that ok",
            "policy",
            must_include=["5 gauss"],
            must_cite=["rule-five-gauss"],
            note="only outside the 5 gauss line",
        ),
        related_question(
            facts,
            "levelwatch alarms go out by sms thru an account - which company is behind that "
            "account?",
            today,
            rel="DEPENDS_ON",
            frm="account-pagerline",
            keep=["Vendor"],
            note="two hops: the alarm call-out -> the Pagerline account -> Pagerline AS",
        ),
        related_question(
            facts,
            "the recharge export from corebook runs on an api key, which team is the person "
            "who owns that key in?",
            today,
            rel="MEMBER_OF",
            frm="person-hakon-berg",
            note="three hops: the export -> the CoreBook recharge export key -> its owner Håkon "
            "Berg -> his team",
        ),
        related_question(
            facts,
            "whos running the helium tender now and what team are they on",
            today,
            rel="MEMBER_OF",
            frm="person-nadia-rahimi",
            note="a task -> its current owner (Nadia Rahimi since 28 September) -> her team",
        ),
        m(
            facts,
            today,
            "how many samples came in yesterday",
            "metric_value",
            "metric-samples-received",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "hx480 uptime on 18 aug?",
            "metric_value",
            "metric-hx480-uptime",
            span=(date(2026, 8, 18), date(2026, 8, 18)),
            tolerance=0.05,
            note="the day the turbo pump seized",
        ),
        m(
            facts,
            today,
            "nmr hrs second half of sept",
            "metric_total",
            "metric-nmr-hours",
            periods=("second_half_september",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many nmr hours have we logged since the overnight automation started?",
            "metric_total",
            "metric-nmr-hours",
            periods=("since_2026-09-01",),
            tolerance=0.5,
            note="automation started on 1 September: 1 September to yesterday",
        ),
        m(
            facts,
            today,
            "avg hx480 uptime end of Q3",
            "metric_average",
            "metric-hx480-uptime",
            periods=("end_q3",),
            tolerance=0.05,
        ),
        covered(
            m(
                facts,
                today,
                "average ms turnaround mid october?",
                "metric_average",
                "metric-ms-turnaround",
                periods=("mid_october",),
                tolerance=0.05,
                covered=True,
                note="no results are released at weekends: 11-20 October has readings on 7 of "
                "10 days (11, 17 and 18 October missing)",
            )
        ),
        covered(
            m(
                facts,
                today,
                "what was the 600 boiloff averaging in august",
                "metric_average",
                "metric-helium-boiloff",
                periods=("month_august",),
                tolerance=0.01,
                covered=True,
                note="no boil-off is computed on a helium fill day: 12 August is missing, so "
                "30 of 31 days",
            )
        ),
        m(
            facts,
            today,
            "recharge billed since the helium surcharge came in vs the same stretch before it",
            "metric_change",
            "metric-recharge",
            spans=((SURCHARGE_FROM, date(2026, 10, 22)), (date(2026, 9, 9), date(2026, 9, 30))),
            tolerance=0.2,
            note="the surcharge started on 1 October: 1-22 October (22 days) against 9-30 "
            "September (22 days)",
        ),
        covered(
            m(
                facts,
                today,
                "ms turnaround october vs september, better or worse?",
                "metric_change",
                "metric-ms-turnaround",
                periods=("month_october", "month_september"),
                tolerance=0.2,
                covered=True,
                note="weekdays only, and nothing 5-8 October (SampleTrail down): October 1-22 "
                "has 12 of 22 days, September 22 of 30; compare daily means over the covered "
                "days and say so",
            )
        ),
        m(
            facts,
            today,
            "nmr hrs last 7 days vs the 7 before",
            "metric_change",
            "metric-nmr-hours",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        covered(
            m(
                facts,
                today,
                "samples logged the week of 5 oct vs the week before - how bad was the lims thing",
                "metric_change",
                "metric-samples-received",
                periods=("week_of_2026-10-05", "week_of_2026-09-28"),
                tolerance=0.2,
                covered=True,
                note="SampleTrail was down 5-8 October: the week of 5 October has 3 of 7 days "
                "(with the paper intake registered on the 9th), the week before all 7",
            )
        ),
        Question(
            "why did hx480 uptime crater in late aug",
            "metric_why",
            must_include=[["turbo", "turbomolecular"]],
            must_cite=["incident-hx480-turbo"],
        ),
        Question(
            "why did boiloff on the 600 spike around the 9th of sept?",
            "metric_why",
            must_include=[["chilled water", "compressor"]],
            must_cite=["incident-chilled-water"],
        ),
        Question(
            "why is there no turnaround data for 5-8 oct",
            "metric_why",
            must_include=[["database", "storage migration", "corrupt"]],
            must_cite=["incident-sampletrail-outage"],
        ),
        Question(
            "nmr hours fell off a cliff from the 12th oct, whats going on",
            "metric_why",
            must_include=[["5.0", "auto-release"]],
            must_cite=["release-corebook-50"],
            note="nothing links the release to the metric: NMR hours fall from 12 October, the "
            "day CoreBook 5.0's auto-release went live (the SpinDeck overnight runs never "
            "check in, so their blocks are released)",
        ),
        Question(
            "why did nmr hours jump in september?",
            "metric_why",
            must_include=[["automation", "overnight"]],
            must_cite=["decision-n400-automation"],
        ),
        Question(
            "whats the industry rate for an hour on the 600, self operated",
            "document",
            must_include=["3,950"],
            must_cite=["doc-rates"],
        ),
        Question(
            "what did the turbo pump failure end up costing us per tomasz's review",
            "document",
            must_include=["214,600"],
            must_cite=["doc-turbo-review"],
        ),
        Question(
            "what did we agree at tuesday's staff meeting about the corebook auto-release mess?",
            "meeting",
            must_include=["5.0.1", ["queue block", "staff account"]],
            must_cite=["decision-autorelease-off"],
            note="20 October: auto-release off for every instrument until CoreBook 5.0.1 (by "
            "30 October, Håkon); from 23 October the overnight N400 automation is booked as "
            "staff queue blocks (Elin); no-show charges credited (Nadia)",
        ),
        Question(
            "who's doing what after the staff mtg on the 20th?",
            "meeting",
            must_include=["Håkon", "Elin", "Nadia", "Arvid"],
            note="Håkon: CoreBook 5.0.1 by 30 Oct and the restore test by 13 Nov; Elin: queue "
            "blocks from 23 Oct and the Magnora renewal; Nadia: no-show credits by 30 Oct and "
            "the helium tender by 13 Nov; Arvid: helium consumption figures by 30 Oct",
        ),
        Question(
            "who services the cryo-em?",
            "unknown",
            absent=["cryo-em", "cryo-electron"],
            note="the core lab has NMR and LC-MS instruments, no cryo-EM",
        ),
        Question(
            "what did prof haugen decide about the maldi",
            "unknown",
            absent=["Haugen", "MALDI"],
            note="no such person and no MALDI instrument",
        ),
        Question(
            "how many samples did we log in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 25 July",
        ),
        Question("aurora forecast for tonight? worth driving out to the fjord?", "offtopic"),
        Question("anyone know who won eliteserien this year", "offtopic"),
    ]


def build() -> Business:
    """The core lab's facts and its questions."""
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
        "Nordlys Core Lab",
        "university mass spectrometry and NMR core facility: NMR spectrometers and LC-MS "
        "instruments run for paying internal and external users, with a booking and "
        "interlock system, a LIMS and sample queue, vendor service contracts, helium and "
        "nitrogen supply, user training and sign-off, recharge rates and a sample cold room "
        "(Nordlys Core Lab, University of Nordvær, Norway)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/staff-meeting-2026-10-20.txt",
                "title": "Core lab staff meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
