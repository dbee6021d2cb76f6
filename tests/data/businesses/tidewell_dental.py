"""Tidewell Dental Group: four dental surgeries on the north bank of the Tyne (North Shields,
Tynemouth, Whitley Bay and Wallsend), with dentists, hygienists and therapists, one NHS
contract and private and Haven plan patients.

The story: appointments, charting, recalls and FP17 claims live in Occlusa (Occlusa Systems);
its patient messaging, Occlusa Connect, sends reminder and recall texts on the group's
Textwave SMS credit account. FP17s go to the NHS Business Services Authority over the EDI
link, which needs the EDI site certificate on the Harbour Street server; it expires on 31
October. Crowns, bridges and dentures are made by Castle Hill Dental Laboratory (lab tickets
in its LabTrack portal, pick-ups by Swiftpath Couriers). Sterimax Engineering services and
validates the autoclaves; every cycle is recorded in DeconLog (Autoklog). Haven Dental Plans
runs the private membership plan, synced from Occlusa with the Occlusa API key; card payments
go through Tillpoint.

Recall letters were printed and posted through Inkwell's RecallPost (on the Occlusa API key)
until 3 August, when recalls moved to texts and email through Occlusa Connect (Fiona
Rawcliffe's decision of 15 July, linked to recall bookings). Autoklog's hosting move took
DeconLog down from 24 to 27 July: no cycle readings those days (linked). Castle Hill's
zirconia mill broke down on 10 August and lab cases went overdue until late August (linked);
Ravi Sundaram then sent private zirconia to Wearside Dental Ceramics from 1 September.
Harbour Street autoclave 2 failed its quarterly validation on 2 September and was replaced on
16 September. Occlusa 7.4 went live on 8 September and dropped the SMS consent flags, so most
patients got no reminder and FTAs nearly doubled until Keith Armstrong re-imported the flags
on 24 September (nothing links the release to the FTA figure). The NHS BSA's Compass upgrade
left no daily UDA figures from 14 to 18 September (only Fiona's message says so). The IPC
audit moved from Lorna Heslop to Ewan Charlton on 7 September. The managers' meeting of
Monday 5 October (a transcript) set the short-notice list for unconfirmed long appointments,
rebooking calls for the September FTAs, and handed the EDI certificate renewal from Fiona to
Keith.

"Today" is Friday 9 October 2026; daily readings run from 29 June to 8 October.
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

SLUG = "tidewell-dental"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 9)
FIRST, LAST = date(2026, 6, 29), date(2026, 10, 8)
SEED = 91026
START = date(2024, 3, 4)
RECALL_DECIDED = date(2026, 7, 15)
RECALL_TEXTS_FROM = date(2026, 8, 3)
DECONLOG_GAP = tuple(date(2026, 7, 24) + timedelta(days=i) for i in range(4))  # to 27 Jul
DECONLOG_BACK = date(2026, 7, 28)
MILL_DOWN = date(2026, 8, 10)
MILL_FIXED = date(2026, 8, 21)
LAB_NORMAL = date(2026, 8, 24)
LAB_HIT = tuple(date(2026, 8, 10) + timedelta(days=i) for i in range(19))  # to 28 Aug
WEARSIDE_DECIDED = date(2026, 8, 27)
WEARSIDE_FROM = date(2026, 9, 1)
AUTOCLAVE_FAIL = date(2026, 9, 2)
AUTOCLAVE_DECIDED = date(2026, 9, 4)
AUTOCLAVE_NEW = date(2026, 9, 16)
IPC_HANDOVER = date(2026, 9, 7)
OCCLUSA_74 = date(2026, 9, 8)
CONSENT_FIXED = date(2026, 9, 24)
FTA_SPIKE = tuple(date(2026, 9, 8) + timedelta(days=i) for i in range(16))  # to 23 Sep
COMPASS_GAP = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(5))  # to 18 Sep
COMPASS_NOTICE = date(2026, 9, 11)
EDI_TASK_FROM = date(2026, 9, 1)
MEETING = date(2026, 10, 5)
BANK_HOLIDAYS = (date(2026, 8, 31),)
SCHOOL_HOLS = (date(2026, 7, 22), date(2026, 9, 2))
DOC_DATES = {
    "doc-decon": date(2026, 1, 12),
    "doc-attendance": date(2026, 2, 2),
    "doc-reception": RECALL_TEXTS_FROM,
    "doc-nhs-guide": date(2026, 4, 1),
    "doc-complaints": date(2025, 11, 3),
    "doc-lab-review": date(2026, 8, 28),
    "doc-autoclave-report": date(2026, 9, 21),
}

# fmt: off
PEOPLE = (
    ("person-niamh-castellan", "Niamh Castellan", "Principal dentist and owner (clinical "
     "director)", "team-dentists"),
    ("person-dominic-achebe", "Dominic Achebe", "Associate dentist, Harbour Street",
     "team-dentists"),
    ("person-shona-lindgren", "Shona Lindgren", "Associate dentist, Marden Road",
     "team-dentists"),
    ("person-kerry-ann-whitfield", "Kerry-Ann Whitfield", "Associate dentist, Station Road, "
     "and radiation protection supervisor", "team-dentists"),
    ("person-ravi-sundaram", "Ravi Sundaram", "Implant and restorative dentist, Front Street "
     "(private)", "team-dentists"),
    ("person-bethany-corr", "Bethany Corr", "Dental hygienist (Harbour Street and Marden "
     "Road)", "team-hygiene"),
    ("person-marcus-fenwick", "Marcus Fenwick", "Dental hygienist-therapist, Station Road",
     "team-hygiene"),
    ("person-lorna-heslop", "Lorna Heslop", "Lead dental nurse and group decontamination "
     "lead", "team-nursing"),
    ("person-ewan-charlton", "Ewan Charlton", "Senior dental nurse, Station Road",
     "team-nursing"),
    ("person-jade-milburn", "Jade Milburn", "Dental nurse and lab liaison, Harbour Street",
     "team-nursing"),
    ("person-sadia-rahman", "Sadia Rahman", "Reception lead and patient coordinator (central "
     "booking line)", "team-reception"),
    ("person-connor-tait", "Connor Tait", "Receptionist, Marden Road", "team-reception"),
    ("person-imogen-pace", "Imogen Pace", "Treatment coordinator, Front Street (Haven plans "
     "and private estimates)", "team-reception"),
    ("person-fiona-rawcliffe", "Fiona Rawcliffe", "Group business manager (NHS contract, "
     "UDAs and finance)", "team-management"),
    ("person-paula-brannigan", "Paula Brannigan", "Practice manager, Harbour Street and Front "
     "Street, and complaints lead", "team-management"),
    ("person-hollie-dunn", "Hollie Dunn", "Practice manager, Marden Road and Station Road",
     "team-management"),
    ("person-keith-armstrong", "Keith Armstrong", "Systems and compliance officer (Occlusa "
     "and the server)", "team-management"),
)
TEAMS = (
    ("team-dentists", "Dentists"),
    ("team-hygiene", "Hygiene & Therapy"),
    ("team-nursing", "Dental Nursing & Decontamination"),
    ("team-reception", "Reception & Patient Coordination"),
    ("team-management", "Practice Management"),
)
VENDORS = (
    ("vendor-occlusa", "Occlusa Systems", "Occlusa, the practice management system: "
     "appointment book, charting, recalls, FP17 claims and the Occlusa Connect patient "
     "messaging"),
    ("vendor-textwave", "Textwave", "the SMS gateway and prepaid text credits behind Occlusa "
     "Connect's reminder and recall texts"),
    ("vendor-castle-hill", "Castle Hill Dental Laboratory", "crowns, bridges, dentures and "
     "night guards, and the LabTrack portal for lab tickets"),
    ("vendor-wearside", "Wearside Dental Ceramics", "private zirconia crowns (from 1 "
     "September 2026)"),
    ("vendor-swiftpath", "Swiftpath Couriers", "twice-daily lab pick-ups and drop-offs at all "
     "four surgeries"),
    ("vendor-sterimax", "Sterimax Engineering", "autoclaves and washer-disinfectors: "
     "servicing, quarterly validation and call-outs"),
    ("vendor-autoklog", "Autoklog", "DeconLog, the app and cloud that hold every sterilisation "
     "cycle record"),
    ("vendor-tynedent", "Tynedent Supplies", "dental consumables, PPE, sterilisation pouches "
     "and Helix test strips"),
    ("vendor-northline", "Northline Radiation Physics", "the radiation protection adviser and "
     "the X-ray sets' critical examinations"),
    ("vendor-tillpoint", "Tillpoint Payments", "card terminals and the merchant account for "
     "private fees and NHS charges"),
    ("vendor-haven", "Haven Dental Plans", "the private membership plan: monthly direct "
     "debits, member records and worldwide dental injury cover"),
    ("vendor-switchline", "Switchline Telecom", "the cloud phone system and the central "
     "booking line"),
    ("vendor-coquet", "Coquet Clinical Waste", "clinical, sharps and amalgam waste "
     "collections"),
)
TOOLS = (
    ("tool-occlusa", "Occlusa practice management", "vendor-occlusa", "person-keith-armstrong"),
    ("tool-occlusa-connect", "Occlusa Connect patient messaging", "vendor-occlusa",
     "person-sadia-rahman"),
    ("tool-deconlog", "DeconLog sterilisation records", "vendor-autoklog",
     "person-lorna-heslop"),
    ("tool-labtrack", "Castle Hill LabTrack portal", "vendor-castle-hill",
     "person-jade-milburn"),
    ("tool-haven-sync", "Haven plan member sync", "vendor-haven", "person-imogen-pace"),
    ("tool-switchline", "Switchline phones (central booking line)", "vendor-switchline",
     "person-sadia-rahman"),
)
ACCOUNTS = (
    ("account-edi-cert", "NHS EDI site certificate (Harbour Street server)",
     "person-fiona-rawcliffe",
     "The yearly certificate on the Harbour Street Occlusa server that lets Occlusa send FP17 "
     "claims to the NHS Business Services Authority over the EDI link. It expires on 31 "
     "October 2026; without it no FP17 is sent and no UDAs are credited.",
     {"expiresAt": "2026-10-31"}),
    ("account-textwave", "Textwave SMS credit account", "person-hollie-dunn",
     "The group's prepaid Textwave account that Occlusa Connect sends every reminder and "
     "recall text through; topped up automatically from the Tillpoint card.", {}),
    ("account-occlusa-api", "Occlusa API key", "person-keith-armstrong",
     "The API key that lets other systems read patient and appointment data from Occlusa; "
     "the Haven plan member sync uses it (and RecallPost did until 3 August 2026).", {}),
    ("account-labtrack-login", "LabTrack practice login", "person-jade-milburn",
     "The group's login to Castle Hill Dental Laboratory's LabTrack portal, where every lab "
     "ticket is raised and tracked.", {}),
    ("account-tillpoint-merchant", "Tillpoint merchant account", "person-fiona-rawcliffe",
     "Tidewell's merchant account with Tillpoint Payments; every card payment at the four "
     "surgeries' terminals settles through it.", {}),
    ("account-haven-agreement", "Haven Dental Plans practice agreement",
     "person-fiona-rawcliffe",
     "The agreement under which Haven Dental Plans collects members' monthly fees and pays "
     "them to Tidewell.", {}),
)
SITES = (
    ("asset-harbour-street", "Harbour Street surgery, North Shields (5 chairs)",
     "person-paula-brannigan",
     "The group's main surgery and head office at 14 Harbour Street, North Shields: five "
     "treatment rooms, the largest decon room with two autoclaves, the central booking line, "
     "Saturday clinics and the Sunday and bank holiday urgent clinic."),
    ("asset-front-street", "Front Street surgery, Tynemouth (2 chairs, private)",
     "person-paula-brannigan",
     "A private-only surgery on Front Street, Tynemouth: implants, crowns and Haven plan "
     "patients."),
    ("asset-marden-road", "Marden Road surgery, Whitley Bay (3 chairs)", "person-hollie-dunn",
     "A mixed NHS and private surgery on Marden Road, Whitley Bay, with a hygiene room."),
    ("asset-station-road", "Station Road surgery, Wallsend (4 chairs)", "person-hollie-dunn",
     "The group's busiest NHS surgery, on Station Road, Wallsend, with two autoclaves."),
)
SERVICES = (
    ("service-appointments", "Appointment book and check-in", ("tool-occlusa",)),
    ("service-reminders", "Appointment reminder texts", ("tool-occlusa-connect",)),
    ("service-nhs-claims", "NHS FP17 claims and UDA credit", ("tool-occlusa",
                                                               "account-edi-cert")),
    ("service-payments", "Private fees and NHS charges (card payments)",
     ("account-tillpoint-merchant",)),
    ("service-plan-billing", "Haven plan membership billing", ("tool-haven-sync",
                                                               "account-haven-agreement")),
    ("service-lab-work", "Lab work: crowns, bridges and dentures", ("tool-labtrack",
                                                                    "vendor-swiftpath")),
    ("service-decon", "Decontamination and sterilisation (four decon rooms)",
     ("asset-autoclaves", "tool-deconlog", "vendor-sterimax", "vendor-tynedent")),
    ("service-radiography", "Dental X-rays", ("vendor-northline",)),
    ("service-phones", "Central booking line", ("tool-switchline",)),
    ("service-waste", "Clinical and amalgam waste", ("vendor-coquet",)),
    ("service-hygiene", "Hygiene and therapy clinics", ("service-appointments",
                                                         "service-decon")),
    ("service-urgent", "Urgent clinic (Sundays and bank holidays, Harbour Street)",
     ("service-appointments", "service-decon")),
)
PRODUCTS = (
    ("product-nhs-courses", "NHS courses of treatment (Bands 1 to 3)",
     ("service-appointments", "service-nhs-claims", "service-decon")),
    ("product-crowns", "Crowns and bridges", ("service-lab-work", "service-decon")),
    ("product-dentures", "Dentures", ("service-lab-work",)),
    ("product-implants", "Dental implants (Front Street)", ("service-radiography",
                                                            "service-lab-work",
                                                            "service-decon")),
    ("product-haven-plan", "Haven practice plan (private membership)",
     ("service-plan-billing",)),
)
SERVICE_OWNERS = (
    ("person-sadia-rahman", "service-appointments"),
    ("person-sadia-rahman", "service-reminders"),
    ("person-sadia-rahman", "service-recalls"),
    ("person-fiona-rawcliffe", "service-nhs-claims"),
    ("person-fiona-rawcliffe", "service-payments"),
    ("person-imogen-pace", "service-plan-billing"),
    ("person-jade-milburn", "service-lab-work"),
    ("person-lorna-heslop", "service-decon"),
    ("person-kerry-ann-whitfield", "service-radiography"),
    ("person-sadia-rahman", "service-phones"),
    ("person-hollie-dunn", "service-waste"),
    ("person-bethany-corr", "service-hygiene"),
    ("person-dominic-achebe", "service-urgent"),
)
RULES = (
    ("rule-daily-tests", "Every autoclave runs its automatic control test and a Helix test "
     "before the first load; if either fails the autoclave is out of use until Sterimax "
     "Engineering clears it in writing, and the test is never re-run to get a pass",
     "doc-decon", "person-lorna-heslop"),
    ("rule-every-load", "A load not recorded in DeconLog, or on the paper cycle log while "
     "DeconLog is down, is not released to the surgeries; it is reprocessed", "doc-decon",
     "person-lorna-heslop"),
    ("rule-pouches", "Pouched instruments are dated and used within 60 days, then "
     "reprocessed; unwrapped instruments left in a surgery after a session are reprocessed",
     "doc-decon", "person-lorna-heslop"),
    ("rule-validation", "Every autoclave and washer-disinfector is validated by Sterimax each "
     "quarter and each autoclave has an annual pressure vessel examination; a machine that "
     "fails validation is taken out of use the same day", "doc-decon", "person-lorna-heslop"),
    ("rule-ipc-audit", "Every surgery has an infection prevention and control audit every six "
     "months", "doc-decon", "person-lorna-heslop"),
    ("rule-nhs-fta", "NHS patients are never charged a missed-appointment fee; after a second "
     "FTA in 12 months the treating dentist may close the course of treatment and the patient "
     "gets the two-FTA letter; urgent care is always offered", "doc-attendance",
     "person-niamh-castellan"),
    ("rule-fta-children", "Children under 18 and patients with a vulnerable adult flag are "
     "never sent the two-FTA letter; the dentist rings the parent, carer or patient instead",
     "doc-attendance", "person-niamh-castellan"),
    ("rule-private-fta-fee", "Private and Haven plan patients who fail to attend or cancel "
     "with less than 24 hours' notice are charged £40 per 30 minutes booked with a dentist "
     "and £30 per 30 minutes of hygiene; the treatment coordinator may waive it once in 12 "
     "months", "doc-attendance", "person-niamh-castellan"),
    ("rule-late-arrival", "A patient more than 10 minutes late is offered the next free slot "
     "that day or rebooked, unless the full treatment still fits; it is not recorded as an "
     "FTA", "doc-attendance", "person-niamh-castellan"),
    ("rule-medical-history", "No treatment starts until the patient has updated the medical "
     "history and the dentist has signed it in Occlusa", "doc-reception",
     "person-sadia-rahman"),
    ("rule-urgent-triage", "A patient with swelling spreading to the eye or neck, or trouble "
     "swallowing or breathing, is sent to A&E straight away", "doc-reception",
     "person-sadia-rahman"),
    ("rule-exemptions", "A patient claiming exemption from NHS charges signs the declaration "
     "and reception records whether evidence was seen; treatment is never refused for "
     "missing evidence", "doc-reception", "person-sadia-rahman"),
    ("rule-fp17-62-days", "Every FP17 is submitted within 62 days of the course of treatment "
     "finishing; a late claim earns no UDAs", "doc-nhs-guide", "person-fiona-rawcliffe"),
    ("rule-complaint-times", "Every complaint is logged the same day, acknowledged within 3 "
     "working days and answered in full within 20 working days", "doc-complaints",
     "person-paula-brannigan"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-tidewell",
        "Tidewell Dental Group",
        src="companies-house:tidewell-dental-ltd",
        as_of=date(2011, 9, 1),
        city="North Shields",
        street="14 Harbour Street",
        text="Tidewell Dental Ltd runs four dental surgeries on the north bank of the Tyne: "
        "Harbour Street in North Shields, Front Street in Tynemouth, Marden Road in Whitley "
        "Bay and Station Road in Wallsend, with 14 chairs, NHS, private and Haven plan "
        "patients, and one NHS contract.",
    )
    w.node(
        "Organization",
        "org-nhsbsa",
        "NHS Business Services Authority",
        src="nhsbsa:dental-services",
        as_of=START,
        text="Processes the group's FP17 claims, credits UDAs against the contract and "
        "publishes the daily schedule of accepted claims on its Compass portal.",
    )
    w.node(
        "Organization",
        "org-icb",
        "North East and North Cumbria Integrated Care Board",
        src="icb:contracts",
        as_of=START,
        text="The commissioner that holds Tidewell's NHS general dental services contract for "
        "24,500 UDAs a year.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="rotacloud:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-tidewell", since=START, src="rotacloud:teams")
    for pid, name, role, team in PEOPLE:
        first, last = name.lower().split()[0], name.lower().split()[-1]
        w.node(
            "Person",
            pid,
            name,
            src="rotacloud:staff",
            as_of=START,
            role=role,
            email=f"{first}.{last}@tidewelldental.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team, since=START, src="rotacloud:staff")
    for vid, name, supplies in VENDORS:
        since = WEARSIDE_DECIDED if vid == "vendor-wearside" else START
        w.node(
            "Vendor",
            vid,
            name,
            src="xero:suppliers",
            as_of=since,
            supplies=supplies,
            text=f"{name}: {supplies}.",
        )
        w.edge("org-tidewell", "USES", vid, since=since, src="xero:suppliers")
    w.node(
        "Vendor",
        "vendor-inkwell",
        "Inkwell Hybrid Mail",
        src="xero:suppliers",
        as_of=START,
        status="former",
        supplies="RecallPost: printing and posting recall letters (until August 2026)",
        text="Inkwell Hybrid Mail printed and posted Tidewell's recall letters through its "
        "RecallPost service until 3 August 2026.",
    )
    w.edge(
        "org-tidewell",
        "USES",
        "vendor-inkwell",
        since=START,
        until=RECALL_TEXTS_FROM,
        src="xero:suppliers",
    )
    w.node(
        "Deal",
        "deal-northshore-plan",
        "Northshore Ferries staff: 45 Haven plan memberships",
        src="haven:quotes/HQ-2209",
        as_of=date(2026, 9, 22),
        stage="proposal sent",
        value=9720,
        text="A corporate Haven plan proposal for 45 Northshore Ferries crew and office staff "
        "at Front Street and Harbour Street, at £18 a member a month for a year.",
    )
    w.edge(
        "deal-northshore-plan",
        "ASSIGNED_TO",
        "person-imogen-pace",
        since=date(2026, 9, 22),
        src="haven:quotes/HQ-2209",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-seaton-grange",
            "Seaton Grange Care Home",
            "A 40-bed care home in Whitley Bay; Marden Road makes and repairs its residents' "
            "dentures, with Castle Hill collecting and returning the work.",
            "service-lab-work",
        ),
        (
            "customer-northshore",
            "Northshore Ferries",
            "A ferry operator on the Tyne; its crew use the Harbour Street urgent clinic and "
            "a staff Haven plan is being proposed.",
            "service-urgent",
        ),
    ):
        w.node("Customer", cid, name, src="occlusa:accounts", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="occlusa:accounts")


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
        w.node("Asset", sid, name, src="sharepoint:surgeries", as_of=START, text=text)
        w.edge(sid, "PART_OF", "org-tidewell", since=START, src="sharepoint:surgeries")
        w.edge(owner, "OWNS", sid, since=START, src="sharepoint:surgeries")
    w.node(
        "Asset",
        "asset-autoclaves",
        "Autoclaves and washer-disinfectors (four decon rooms)",
        src="sterimax:asset-register",
        as_of=START,
        text="Six vacuum (B-type) autoclaves, two at Harbour Street, two at Station Road and "
        "one each at Marden Road and Front Street, and washer-disinfectors at Harbour Street "
        "and Station Road; all serviced and validated by Sterimax Engineering.",
    )
    w.edge(
        "person-lorna-heslop",
        "OWNS",
        "asset-autoclaves",
        since=START,
        src="sterimax:asset-register",
    )
    w.node("Service", "service-recalls", "Recall invitations", src=src, as_of=START)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="occlusa:treatment-plans", as_of=START)
    w.edges(
        src,
        START,
        ("tool-occlusa-connect", "DEPENDS_ON", "tool-occlusa"),
        ("tool-occlusa-connect", "DEPENDS_ON", "account-textwave"),
        ("account-textwave", "DEPENDS_ON", "vendor-textwave"),
        ("account-textwave", "PART_OF", "tool-occlusa-connect"),
        ("account-edi-cert", "PART_OF", "tool-occlusa"),
        ("account-occlusa-api", "DEPENDS_ON", "tool-occlusa"),
        ("account-occlusa-api", "PART_OF", "tool-occlusa"),
        ("tool-haven-sync", "DEPENDS_ON", "account-occlusa-api"),
        ("tool-labtrack", "DEPENDS_ON", "account-labtrack-login"),
        ("account-labtrack-login", "DEPENDS_ON", "vendor-castle-hill"),
        ("account-labtrack-login", "PART_OF", "tool-labtrack"),
        ("account-tillpoint-merchant", "DEPENDS_ON", "vendor-tillpoint"),
        ("account-haven-agreement", "DEPENDS_ON", "vendor-haven"),
        ("asset-autoclaves", "DEPENDS_ON", "vendor-sterimax"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        *((owner, "OWNS", sid) for owner, sid in SERVICE_OWNERS),
        ("team-reception", "USES", "tool-occlusa"),
        ("team-reception", "USES", "tool-occlusa-connect"),
        ("team-reception", "USES", "tool-switchline"),
        ("team-dentists", "USES", "tool-occlusa"),
        ("team-hygiene", "USES", "tool-occlusa"),
        ("team-nursing", "USES", "tool-deconlog"),
        ("team-nursing", "USES", "tool-labtrack"),
        ("team-management", "USES", "tool-occlusa"),
        ("team-reception", "USES", "tool-haven-sync"),
    )
    # Recall letters: RecallPost (Inkwell) on the Occlusa API key until 3 August, then
    # texts and email through Occlusa Connect.
    w.node(
        "Tool",
        "tool-recallpost",
        "RecallPost recall letters (retired)",
        src=src,
        as_of=RECALL_TEXTS_FROM,
        status="retired",
        kind="software",
        text="Inkwell Hybrid Mail's RecallPost read each week's recall list from Occlusa with "
        "the Occlusa API key, then printed and posted the letters; switched off on 3 August "
        "2026.",
    )
    for frm, to in (
        ("tool-recallpost", "account-occlusa-api"),
        ("tool-recallpost", "vendor-inkwell"),
        ("service-recalls", "tool-recallpost"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=RECALL_TEXTS_FROM, src=src)
    w.edge(
        "person-sadia-rahman",
        "OWNS",
        "tool-recallpost",
        since=START,
        until=RECALL_TEXTS_FROM,
        src=src,
    )
    w.edge(
        "service-recalls",
        "DEPENDS_ON",
        "tool-occlusa-connect",
        since=RECALL_TEXTS_FROM,
        src="sharepoint:systems-register/recalls",
    )


def _open_day(day: date) -> str:
    """'weekday', 'saturday' or 'urgent' (Sundays and bank holidays: the urgent clinic)."""
    if day.weekday() == 6 or day in BANK_HOLIDAYS:
        return "urgent"
    return "saturday" if day.weekday() == 5 else "weekday"


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("fta", "util", "uda", "recall", "cycles", "overdue")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    day = FIRST
    while day <= LAST:
        kind = _open_day(day)
        hols = SCHOOL_HOLS[0] <= day <= SCHOOL_HOLS[1]
        spike = day in FTA_SPIKE
        # failed-to-attend appointments: school holidays a little up, Occlusa 7.4 nearly x2
        fta = (
            rng.randint(12, 20)
            if kind == "weekday"
            else rng.randint(3, 7)
            if kind == "saturday"
            else rng.randint(0, 2)
        )
        if hols and kind == "weekday":
            fta = round(fta * 1.1)
        if spike:
            fta = round(fta * rng.uniform(1.75, 1.95))
        # chair utilisation: booked and attended share of open chair hours
        util = (
            rng.uniform(79.0, 88.0)
            if kind == "weekday"
            else rng.uniform(72.0, 84.0)
            if kind == "saturday"
            else rng.uniform(50.0, 70.0)
        )
        if spike:
            util -= rng.uniform(3.0, 4.5)
        # UDAs credited from accepted FP17s
        uda = (
            rng.uniform(85.0, 120.0)
            if kind == "weekday"
            else rng.uniform(14.0, 24.0)
            if kind == "saturday"
            else rng.uniform(2.4, 6.0)
        )
        if spike:
            uda *= 0.9
        # recall bookings: posted letters, then texts and email with a booking link
        if day < RECALL_TEXTS_FROM:
            recall = (
                rng.randint(26, 38)
                if kind == "weekday"
                else rng.randint(8, 14)
                if kind == "saturday"
                else rng.randint(0, 2)
            )
        else:
            recall = (
                rng.randint(38, 52)
                if kind == "weekday"
                else rng.randint(18, 28)
                if kind == "saturday"
                else rng.randint(9, 16)
            )
        # sterilisation cycles logged in DeconLog
        cycles = (
            rng.randint(46, 58)
            if kind == "weekday"
            else rng.randint(8, 12)
            if kind == "saturday"
            else rng.randint(2, 4)
        )
        # lab cases overdue (open cases past their due date): the mill outage
        if day in LAB_HIT:
            k = (day - MILL_DOWN).days
            level = 4 + 1.6 * k if day <= MILL_FIXED else 21.6 - 2.2 * (day - MILL_FIXED).days
            overdue = max(3, round(level + rng.uniform(-1.5, 1.5)))
        else:
            overdue = rng.randint(2, 6)
        out["fta"].append((day, fta))
        out["util"].append((day, round(util, 1)))
        if day not in COMPASS_GAP:
            out["uda"].append((day, round(uda, 1)))
        out["recall"].append((day, recall))
        if day not in DECONLOG_GAP:
            out["cycles"].append((day, cycles))
        out["overdue"].append((day, overdue))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    occ, compass, decon, lab = (
        "occlusa:reports",
        "nhsbsa:compass-schedule",
        "deconlog:cycle-records",
        "labtrack:overdue-report",
    )
    w.metric(
        "metric-fta",
        "Failed-to-attend appointments (FTAs, all four surgeries)",
        "appointments",
        "sum",
        src=occ,
        since=START,
        measures="service-appointments",
    )
    w.metric(
        "metric-chair-util",
        "Chair utilisation (share of open chair hours booked and attended)",
        "%",
        "mean",
        src=occ,
        since=START,
    )
    w.metric(
        "metric-udas",
        "UDAs credited (accepted FP17s)",
        "UDAs",
        "sum",
        src=compass,
        since=START,
        measures="service-nhs-claims",
    )
    w.metric(
        "metric-recall-bookings",
        "Recall appointments booked",
        "bookings",
        "sum",
        src=occ,
        since=START,
        measures="service-recalls",
    )
    w.metric(
        "metric-decon-cycles",
        "Sterilisation cycles logged (DeconLog, all decon rooms)",
        "cycles",
        "sum",
        src=decon,
        since=START,
        measures="service-decon",
    )
    w.metric(
        "metric-lab-overdue",
        "Lab cases overdue (crowns, bridges and dentures past due date)",
        "cases",
        "mean",
        src=lab,
        since=START,
        measures="service-lab-work",
    )
    return {
        "fta": w.readings("metric-fta", series["fta"], src=occ),
        "util": w.readings("metric-chair-util", series["util"], src=occ),
        "uda": w.readings("metric-udas", series["uda"], src=compass),
        "recall": w.readings("metric-recall-bookings", series["recall"], src=occ),
        "cycles": w.readings("metric-decon-cycles", series["cycles"], src=decon),
        "overdue": w.readings("metric-lab-overdue", series["overdue"], src=lab),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "autoklog:status/2026-07-24"
    w.node(
        "Incident",
        "incident-deconlog",
        "DeconLog down: no sterilisation cycles recorded in the app",
        src=src,
        as_of=DECONLOG_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-07-24T06:30:00+00:00",
        resolvedAt="2026-07-28T07:15:00+00:00",
        text="Autoklog moved DeconLog to new hosting over the weekend of 24 July and the "
        "decon room tablets could not save cycles from the morning of Friday 24 July to "
        "Monday 27 July. Every decon room went to the paper cycle log in the red folder; the "
        "paper entries were kept for inspection but Autoklog cannot load them back, so the "
        "cycles figure has no readings for those four days. DeconLog was back at 8:15 on "
        "Tuesday 28 July.",
    )
    w.edges(
        src,
        "2026-07-24T06:30:00+00:00",
        ("vendor-autoklog", "CAUSED", "incident-deconlog"),
        ("incident-deconlog", "AFFECTS", "tool-deconlog"),
        ("incident-deconlog", "AFFECTS", "metric-decon-cycles"),
        ("person-lorna-heslop", "OWNS", "incident-deconlog"),
        as_of=DECONLOG_BACK,
    )

    src = "labtrack:notices/castle-hill-mill"
    w.node(
        "Incident",
        "incident-lab-mill",
        "Castle Hill's zirconia mill broken down: crowns and bridges running late",
        src=src,
        as_of=LAB_NORMAL,
        status="resolved",
        severity="high",
        startedAt="2026-08-10T08:00:00+00:00",
        resolvedAt="2026-08-24T08:00:00+00:00",
        text="Castle Hill Dental Laboratory's zirconia milling unit broke down on Monday 10 "
        "August. The lab sent its zirconia work to a partner lab in Leeds and crowns and "
        "bridges took up to 15 working days instead of 8, so the overdue list grew every day "
        "until the mill was repaired on 21 August; normal turnaround was back from 24 August "
        "and the backlog was cleared by the end of the month.",
    )
    w.edges(
        src,
        "2026-08-10T08:00:00+00:00",
        ("vendor-castle-hill", "CAUSED", "incident-lab-mill"),
        ("incident-lab-mill", "AFFECTS", "service-lab-work"),
        ("incident-lab-mill", "AFFECTS", "metric-lab-overdue"),
        *(("incident-lab-mill", "CAUSED", obs["overdue"][d]) for d in LAB_HIT),
        ("person-jade-milburn", "OWNS", "incident-lab-mill"),
        as_of=LAB_NORMAL,
    )
    w.node(
        "Task",
        "task-lab-rebooks",
        "Move the fit appointments of every late lab case and re-cement temporaries",
        src="occlusa:tasks/lab-rebooks",
        as_of=date(2026, 8, 28),
        status="done",
    )
    w.edges(
        "occlusa:tasks/lab-rebooks",
        MILL_DOWN,
        ("person-jade-milburn", "OWNS", "task-lab-rebooks"),
        ("person-jade-milburn", "WORKS_ON", "task-lab-rebooks"),
        ("task-lab-rebooks", "ABOUT", "incident-lab-mill"),
        as_of=date(2026, 8, 28),
    )
    src = "occlusa:complaints/C-2026-031"
    w.node(
        "Task",
        "task-complaint-031",
        "Answer complaint C-2026-031 (crown fit moved twice, Harbour Street)",
        src=src,
        as_of=date(2026, 9, 14),
        status="done",
        due="2026-09-16",
        text="A Harbour Street patient complained on 19 August that her crown fit was moved "
        "twice during the Castle Hill delays. Acknowledged on 20 August; full response and "
        "apology sent on 14 September; closed.",
    )
    w.edges(
        src,
        date(2026, 8, 19),
        ("person-paula-brannigan", "OWNS", "task-complaint-031"),
        ("person-paula-brannigan", "WORKS_ON", "task-complaint-031"),
        ("task-complaint-031", "ABOUT", "incident-lab-mill"),
        as_of=date(2026, 9, 14),
    )

    src = "sterimax:reports/VAL-HS2-0902"
    w.node(
        "Incident",
        "incident-autoclave-hs2",
        "Harbour Street autoclave 2 failed its quarterly validation",
        src=src,
        as_of=AUTOCLAVE_NEW,
        status="resolved",
        severity="high",
        startedAt="2026-09-02T12:30:00+00:00",
        resolvedAt="2026-09-16T15:00:00+00:00",
        text="At its quarterly validation on 2 September Sterimax Engineering found Harbour "
        "Street autoclave 2 holding 132.1°C, below the 134 to 137°C band, from a drifting "
        "pressure sensor. It was taken out of use that afternoon and Harbour Street ran on "
        "one autoclave with kits borrowed from Front Street until a new autoclave was "
        "installed and validated on 16 September.",
    )
    w.edges(
        src,
        "2026-09-02T12:30:00+00:00",
        ("incident-autoclave-hs2", "AFFECTS", "asset-autoclaves"),
        ("incident-autoclave-hs2", "AFFECTS", "asset-harbour-street"),
        ("person-lorna-heslop", "OWNS", "incident-autoclave-hs2"),
        as_of=AUTOCLAVE_NEW,
    )
    w.node(
        "Task",
        "task-autoclave-replace",
        "Replace Harbour Street autoclave 2 with a new Vacuclave B22 and validate it",
        src=src,
        as_of=AUTOCLAVE_NEW,
        status="done",
    )
    w.edges(
        src,
        AUTOCLAVE_DECIDED,
        ("person-lorna-heslop", "OWNS", "task-autoclave-replace"),
        ("person-lorna-heslop", "WORKS_ON", "task-autoclave-replace"),
        ("task-autoclave-replace", "FIXES", "incident-autoclave-hs2"),
        ("task-autoclave-replace", "DEPENDS_ON", "vendor-sterimax"),
        as_of=AUTOCLAVE_NEW,
    )

    # Occlusa 7.4: nothing ties it to the FTA figure; FTAs just rise from that day.
    w.node(
        "Release",
        "release-occlusa-74",
        "Occlusa 7.4",
        src="occlusa:release-notes/7.4",
        as_of="2026-09-08T05:00:00+00:00",
        version="7.4",
        releasedAt="2026-09-08T05:00:00+00:00",
        text="Occlusa Systems' 7.4 update: a new perio chart, online booking for hygiene "
        "appointments, and a per-patient SMS consent screen in Occlusa Connect. The old SMS "
        "consent field was not carried over, so patients without the new consent ticked were "
        "sent no reminder texts.",
    )
    w.edges(
        "occlusa:release-notes/7.4",
        "2026-09-08T05:00:00+00:00",
        ("release-occlusa-74", "CHANGED", "tool-occlusa"),
        ("release-occlusa-74", "CHANGED", "tool-occlusa-connect"),
        ("release-occlusa-74", "PART_OF", "service-reminders"),
    )
    w.node(
        "Task",
        "task-consent-reimport",
        "Re-import the SMS consent flags into Occlusa Connect after 7.4",
        src="occlusa:tasks/consent-reimport",
        as_of=CONSENT_FIXED,
        status="done",
    )
    w.edges(
        "occlusa:tasks/consent-reimport",
        CONSENT_FIXED,
        ("person-keith-armstrong", "OWNS", "task-consent-reimport"),
        ("person-keith-armstrong", "WORKS_ON", "task-consent-reimport"),
        ("task-consent-reimport", "ABOUT", "release-occlusa-74"),
        ("task-consent-reimport", "ABOUT", "service-reminders"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-managers", "#managers"),
        ("channel-reception", "#reception"),
        ("channel-decon", "#decon"),
        ("channel-clinical", "#clinical"),
    ):
        w.node("Channel", cid, name, src="teams:channels", as_of=START)
    for mid, name, who, channel, said, text in (
        (
            "message-recall-texts",
            "Fiona in #managers on 15 July",
            "person-fiona-rawcliffe",
            "channel-managers",
            "2026-07-15T16:00:00+00:00",
            "From Monday 3 August recalls go out as a text and an email from Occlusa Connect "
            "with a booking link, not letters. RecallPost letters cost us 94p each, about one "
            "in five comes back or is ignored, and the list takes 11 days from Occlusa to the "
            "doormat. Patients with no mobile or email still get a letter printed at "
            "reception. I've given Inkwell notice.",
        ),
        (
            "message-deconlog-down",
            "Lorna in #decon on 24 July",
            "person-lorna-heslop",
            "channel-decon",
            "2026-07-24T07:40:00+00:00",
            "DeconLog won't save on any tablet this morning. Autoklog say it's their move to "
            "new hosting and it'll be back Monday at the latest. Paper cycle log from the red "
            "folder for every load until I say so, and nothing leaves decon unlogged.",
        ),
        (
            "message-deconlog-back",
            "Lorna in #decon on 28 July",
            "person-lorna-heslop",
            "channel-decon",
            "2026-07-28T08:30:00+00:00",
            "DeconLog is back. Autoklog can't import the paper entries, so keep the paper logs "
            "for 24 to 27 July in the folder for inspection. Back to the tablets from now.",
        ),
        (
            "message-lab-mill",
            "Jade in #clinical on 10 August",
            "person-jade-milburn",
            "channel-clinical",
            "2026-08-10T11:00:00+00:00",
            "Castle Hill's zirconia mill has broken down. They're sending zirconia to a "
            "partner lab in Leeds and say up to 15 working days for crowns and bridges. "
            "Please check your fit dates in LabTrack before confirming with patients.",
        ),
        (
            "message-wearside",
            "Ravi in #clinical on 27 August",
            "person-ravi-sundaram",
            "channel-clinical",
            "2026-08-27T17:00:00+00:00",
            "From 1 September private zirconia crowns go to Wearside Dental Ceramics. We "
            "need a second lab after this month: 23 late cases, 17 patients moved and a "
            "complaint. Wearside quote 8 working days. NHS crowns, bridges and all dentures "
            "stay with Castle Hill.",
        ),
        (
            "message-autoclave-fail",
            "Lorna in #decon on 2 September",
            "person-lorna-heslop",
            "channel-decon",
            "2026-09-02T13:00:00+00:00",
            "HS autoclave 2 failed validation today (132.1 in the hold). It's out of use and "
            "labelled. Everything it ran since this morning's tests is being redone in "
            "autoclave 1. Front Street, please send your spare kits over in the mornings.",
        ),
        (
            "message-autoclave-replace",
            "Lorna in #decon on 4 September",
            "person-lorna-heslop",
            "channel-decon",
            "2026-09-04T15:00:00+00:00",
            "We're replacing HS autoclave 2, not repairing it. Sterimax want £1,150 and ten "
            "days for a sensor on a 2014 machine whose board isn't made any more. New B22 "
            "ordered.",
        ),
        (
            "message-ipc-handover",
            "Lorna in #decon on 7 September",
            "person-lorna-heslop",
            "channel-decon",
            "2026-09-07T08:00:00+00:00",
            "Ewan is taking over the six-monthly IPC audit from today while I deal with the "
            "Harbour Street autoclave. The templates are in the decon folder.",
        ),
        (
            "message-occlusa-74",
            "Keith in #reception on 7 September",
            "person-keith-armstrong",
            "channel-reception",
            "2026-09-07T16:30:00+00:00",
            "Occlusa 7.4 goes in tonight: new perio chart, online booking for hygiene, and a "
            "new SMS consent screen in Occlusa Connect. Nothing to do at the desk.",
        ),
        (
            "message-compass",
            "Fiona in #managers on 11 September",
            "person-fiona-rawcliffe",
            "channel-managers",
            "2026-09-11T12:00:00+00:00",
            "Heads up: the NHS BSA is upgrading Compass from Monday 14 to Friday 18 "
            "September. FP17s still go through, but there's no daily schedule those days, so "
            "no daily UDA figures for that week. Only the monthly totals will have them.",
        ),
        (
            "message-consent-fix",
            "Keith in #reception on 24 September",
            "person-keith-armstrong",
            "channel-reception",
            "2026-09-24T10:00:00+00:00",
            "Found it. 7.4 didn't carry the old SMS consent over, so about six in ten patients "
            "have had no reminder texts since the 8th. I've re-imported the flags this "
            "morning and tomorrow's reminders have gone to everyone.",
        ),
    ):
        slug = w.names[channel].lstrip("#")
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
            "message-recall-texts",
            "2026-07-15T16:00:00+00:00",
            ("tool-occlusa-connect", "tool-recallpost", "service-recalls"),
        ),
        (
            "message-deconlog-down",
            "2026-07-24T07:40:00+00:00",
            ("incident-deconlog", "tool-deconlog"),
        ),
        (
            "message-deconlog-back",
            "2026-07-28T08:30:00+00:00",
            ("incident-deconlog", "tool-deconlog"),
        ),
        ("message-lab-mill", "2026-08-10T11:00:00+00:00", ("incident-lab-mill", "tool-labtrack")),
        ("message-wearside", "2026-08-27T17:00:00+00:00", ("vendor-wearside", "incident-lab-mill")),
        (
            "message-autoclave-fail",
            "2026-09-02T13:00:00+00:00",
            ("incident-autoclave-hs2", "asset-autoclaves"),
        ),
        ("message-autoclave-replace", "2026-09-04T15:00:00+00:00", ("incident-autoclave-hs2",)),
        (
            "message-occlusa-74",
            "2026-09-07T16:30:00+00:00",
            ("release-occlusa-74", "tool-occlusa-connect"),
        ),
        ("message-compass", "2026-09-11T12:00:00+00:00", ("metric-udas", "org-nhsbsa")),
        (
            "message-consent-fix",
            "2026-09-24T10:00:00+00:00",
            ("release-occlusa-74", "service-reminders", "task-consent-reimport"),
        ),
    ):
        for target in targets:
            w.edge(mid, "MENTIONS", target, since=said, src=f"teams:mentions/{mid}")


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Occlusa Connect": "tool-occlusa-connect",
        "DeconLog": "tool-deconlog",
        "LabTrack": "tool-labtrack",
        "Switchline": "tool-switchline",
        "Sterimax": "vendor-sterimax",
        "Castle Hill": "vendor-castle-hill",
        "Wearside": "vendor-wearside",
        "Haven": "vendor-haven",
        "Business Services Authority": "org-nhsbsa",
        "Integrated Care Board": "org-icb",
        "EDI site certificate": "account-edi-cert",
        "Harbour Street": "asset-harbour-street",
        "Front Street": "asset-front-street",
        "Marden Road": "asset-marden-road",
        "Station Road": "asset-station-road",
        "autoclave": "asset-autoclaves",
        "FTA": "metric-fta",
        "UDA": "metric-udas",
        "Lorna Heslop": "person-lorna-heslop",
        "Jade Milburn": "person-jade-milburn",
        "Ravi Sundaram": "person-ravi-sundaram",
        "Fiona Rawcliffe": "person-fiona-rawcliffe",
        "Paula Brannigan": "person-paula-brannigan",
    }
    for path, did, author, kind, about in (
        (
            "decontamination-procedures.md",
            "doc-decon",
            "person-lorna-heslop",
            "procedure",
            ["service-decon", "asset-autoclaves"],
        ),
        (
            "attendance-and-cancellation-policy.md",
            "doc-attendance",
            "person-niamh-castellan",
            "policy",
            ["service-appointments", "metric-fta"],
        ),
        (
            "reception-handbook.md",
            "doc-reception",
            "person-sadia-rahman",
            "handbook",
            ["service-appointments", "service-recalls", "service-phones"],
        ),
        (
            "nhs-contract-and-uda-guide.md",
            "doc-nhs-guide",
            "person-fiona-rawcliffe",
            "guide",
            ["service-nhs-claims", "org-icb"],
        ),
        ("complaints-procedure.md", "doc-complaints", "person-paula-brannigan", "procedure", []),
        (
            "castle-hill-lab-delay-review.md",
            "doc-lab-review",
            "person-jade-milburn",
            "incident review",
            ["incident-lab-mill"],
        ),
        (
            "harbour-street-autoclave-report.md",
            "doc-autoclave-report",
            "person-lorna-heslop",
            "incident review",
            ["incident-autoclave-hs2"],
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
        "decision-recall-letters",
        "Send recall invitations as posted letters through Inkwell's RecallPost",
        src="sharepoint:recall-process-2024",
        on=START,
        why="When the group moved to Occlusa in 2024 most recall patients were older and "
        "expected a letter; RecallPost printed and posted the weekly recall list from Occlusa "
        "without reception stuffing envelopes.",
        made_by="person-niamh-castellan",
        made_in=None,
        edges=(("decision-recall-letters", "MENTIONS", "vendor-inkwell"),),
    )
    decision(
        "decision-recall-texts",
        "Send recalls as texts and email with a booking link through Occlusa Connect from 3 August",
        src="teams:managers/recall-texts",
        on=RECALL_DECIDED,
        why="RecallPost letters cost 94p each, about one in five came back or was ignored, "
        "and the weekly list took 11 days from Occlusa to the patient. A text and an email "
        "from Occlusa Connect go the same day with a link to book online, at any hour; "
        "patients with no mobile or email still get a printed letter.",
        made_by="person-fiona-rawcliffe",
        made_in="message-recall-texts",
        edges=(
            ("decision-recall-texts", "SUPERSEDES", "decision-recall-letters"),
            ("decision-recall-texts", "AFFECTS", "service-recalls"),
            ("decision-recall-texts", "AFFECTS", "metric-recall-bookings"),
            ("decision-recall-texts", "MENTIONS", "tool-occlusa-connect"),
            ("decision-recall-texts", "MENTIONS", "tool-recallpost"),
        ),
    )
    decision(
        "decision-wearside",
        "Send private zirconia crowns to Wearside Dental Ceramics from 1 September",
        src="teams:clinical/wearside",
        on=WEARSIDE_DECIDED,
        why="Castle Hill's mill breakdown in August left 23 cases late, 17 patients moved and "
        "a complaint, and the group had no second lab. Wearside quoted 8 working days for "
        "private zirconia; NHS crowns, bridges and dentures stay with Castle Hill.",
        made_by="person-ravi-sundaram",
        made_in="message-wearside",
        edges=(
            ("decision-wearside", "AFFECTS", "service-lab-work"),
            ("decision-wearside", "MENTIONS", "vendor-wearside"),
            ("decision-wearside", "MENTIONS", "incident-lab-mill"),
        ),
    )
    w.edge(
        "service-lab-work",
        "DEPENDS_ON",
        "vendor-wearside",
        since=WEARSIDE_FROM,
        src="teams:clinical/wearside",
    )
    decision(
        "decision-replace-autoclave",
        "Replace Harbour Street autoclave 2 with a new Vacuclave B22 rather than repair it",
        src="teams:decon/autoclave-replace",
        on=AUTOCLAVE_DECIDED,
        why="The 2014 autoclave failed validation from a drifting pressure sensor; Sterimax "
        "quoted £1,150 and ten working days for the part, and the control board is no longer "
        "made. A new B22 with its installation validation costs £7,370 and was in within two "
        "weeks.",
        made_by="person-lorna-heslop",
        made_in="message-autoclave-replace",
        edges=(
            ("decision-replace-autoclave", "AFFECTS", "asset-autoclaves"),
            ("decision-replace-autoclave", "MENTIONS", "incident-autoclave-hs2"),
        ),
    )


def _work(w: Book) -> None:
    w.edge(
        "task-complaint-031",
        "ABOUT",
        "rule-complaint-times",
        since=date(2026, 8, 19),
        src="occlusa:complaints/C-2026-031",
        as_of=date(2026, 9, 14),
    )
    src = "occlusa:tasks/edi-renewal"
    w.node(
        "Task",
        "task-edi-renewal",
        "Renew the NHS EDI site certificate before it expires on 31 October",
        src=src,
        as_of=EDI_TASK_FROM,
        status="in progress",
        due="2026-10-23",
        text="Request the new EDI site certificate from the NHS Business Services Authority, "
        "have the principal dentist approve it with her smartcard, and install it on the "
        "Harbour Street Occlusa server before 31 October.",
    )
    w.edge("person-fiona-rawcliffe", "OWNS", "task-edi-renewal", since=EDI_TASK_FROM, src=src)
    w.edges(
        src,
        EDI_TASK_FROM,
        ("task-edi-renewal", "ABOUT", "account-edi-cert"),
        ("person-fiona-rawcliffe", "WORKS_ON", "task-edi-renewal"),
    )
    w.edges(
        "occlusa:tasks/edi-renewal/reassigned",
        MEETING,
        ("person-keith-armstrong", "OWNS", "task-edi-renewal"),
        ("person-keith-armstrong", "WORKS_ON", "task-edi-renewal"),
        ("person-niamh-castellan", "WORKS_ON", "task-edi-renewal"),
    )

    src = "sharepoint:tasks/ipc-audit"
    w.node(
        "Task",
        "task-ipc-audit",
        "Six-monthly IPC audit at all four surgeries (autumn 2026)",
        src=src,
        as_of=date(2026, 7, 6),
        status="in progress",
        due="2026-10-30",
        text="The infection prevention and control audit for Harbour Street, Front Street, "
        "Marden Road and Station Road, with the results to the managers' meeting.",
    )
    w.edge("person-lorna-heslop", "OWNS", "task-ipc-audit", since=date(2026, 7, 6), src=src)
    w.edges(
        src,
        date(2026, 7, 6),
        ("task-ipc-audit", "ABOUT", "rule-ipc-audit"),
        ("task-ipc-audit", "ABOUT", "service-decon"),
        ("person-lorna-heslop", "WORKS_ON", "task-ipc-audit"),
    )
    w.edges(
        "teams:decon/ipc-handover",
        IPC_HANDOVER,
        ("person-ewan-charlton", "OWNS", "task-ipc-audit"),
        ("person-ewan-charlton", "WORKS_ON", "task-ipc-audit"),
        ("message-ipc-handover", "MENTIONS", "task-ipc-audit"),
    )

    src = "sharepoint:tasks/pressure-vessel-exams"
    w.node(
        "Task",
        "task-pv-exams",
        "Book the annual pressure vessel examinations for the Station Road autoclaves (due "
        "November)",
        src=src,
        as_of=date(2026, 9, 21),
        status="open",
        due="2026-10-30",
        text="The insurer's engineer examines each autoclave once a year under the written "
        "scheme of examination; Station Road's two are due in November.",
    )
    w.edges(
        src,
        date(2026, 9, 21),
        ("person-lorna-heslop", "OWNS", "task-pv-exams"),
        ("task-pv-exams", "ABOUT", "asset-autoclaves"),
        ("task-pv-exams", "ABOUT", "rule-validation"),
    )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]

    def covered(q: Question) -> Question:
        q.must_include = [coverage_words]
        return q

    api_key = impact_question(
        facts,
        "if the occlusa api key stops working what breaks?",
        ["account-occlusa-api"],
        today,
        must_exclude=["RecallPost"],
        note="RecallPost read the recall list with the API key until 3 August; it is retired "
        "and breaks nothing now",
    )
    return [
        impact_question(
            facts,
            "the edi cert on the HS server expires end of the month - what actually stops "
            "if we miss it?",
            ["account-edi-cert"],
            today,
            note="the certificate expires on 31 October: FP17 claims stop and with them the "
            "NHS courses of treatment",
        ),
        impact_question(
            facts,
            "textwave goes down, what do we lose?",
            ["vendor-textwave", "account-textwave"],
            today,
            note="the Textwave account carries every Occlusa Connect text: reminders and, "
            "since 3 August, recalls",
        ),
        api_key,
        owner_question(
            facts,
            "who's got the edi cert renewal now fiona's off?",
            "task-edi-renewal",
            today,
            note="Fiona Rawcliffe had it from 1 September; it moved to Keith Armstrong at the "
            "5 October managers' meeting",
        ),
        owner_question(
            facts,
            "who was doing the ipc audit back in august",
            "task-ipc-audit",
            date(2026, 8, 20),
            note="Lorna Heslop until Ewan Charlton took it over on 7 September",
        ),
        owner_question(
            facts,
            "who dealt with the lab mill delays",
            "incident-lab-mill",
            today,
        ),
        Question(
            "why did we stop sending recall letters?",
            "decision",
            must_include=[["94p", "11 days", "one in five"]],
            must_cite=["decision-recall-texts"],
        ),
        Question(
            "whose call was it to send the private zirconia to wearside",
            "decision",
            must_include=["Ravi Sundaram"],
            must_cite=["decision-wearside"],
        ),
        Question(
            "how did recalls go out before occlusa connect",
            "decision",
            must_include=[["RecallPost", "posted letters", "Inkwell"]],
            must_cite=["decision-recall-letters"],
            note="the superseded decision: letters printed and posted by Inkwell's RecallPost",
        ),
        Question(
            "nhs pt has FTA'd twice since march, can we charge her the fta fee?",
            "policy",
            must_include=[["never charged", "two-FTA letter"]],
            must_cite=["rule-nhs-fta"],
            note="no fee for NHS patients; after a second FTA the two-FTA letter and the "
            "course may be closed",
        ),
        Question(
            "helix failed on one of the wallsend autoclaves this am, ok to keep running "
            "loads in it?",
            "policy",
            must_include=[["out of use", "Sterimax"]],
            must_cite=["rule-daily-tests"],
        ),
        Question(
            "haven plan pt no-showed a 60 min crown prep, what do we charge him",
            "policy",
            must_include=[["£40 per 30 minutes", "£80"]],
            must_cite=["rule-private-fta-fee"],
            note="£40 per 30 minutes booked with a dentist: £80 for 60 minutes, waivable once "
            "in 12 months",
        ),
        related_question(
            facts,
            "lab tickets go thru labtrack on the practice login - which company is behind "
            "that login?",
            today,
            rel="DEPENDS_ON",
            frm="account-labtrack-login",
            keep=["Vendor"],
            note="two hops: LabTrack portal -> the LabTrack practice login -> the vendor",
        ),
        related_question(
            facts,
            "reminder texts run off the textwave credits acct, what team is whoever owns "
            "that acct in?",
            today,
            rel="MEMBER_OF",
            frm="person-hollie-dunn",
            note="three hops: reminder texts -> Occlusa Connect -> the Textwave SMS credit "
            "account, owned by Hollie Dunn -> her team",
        ),
        related_question(
            facts,
            "which suppliers does decon depend on",
            today,
            rel="DEPENDS_ON",
            frm="service-decon",
            keep=["Vendor"],
        ),
        m(
            facts,
            today,
            "how many FTAs yday",
            "metric_value",
            "metric-fta",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "chair util on 15 sept?",
            "metric_value",
            "metric-chair-util",
            span=(date(2026, 9, 15), date(2026, 9, 15)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "total recall bookings second half of august",
            "metric_total",
            "metric-recall-bookings",
            periods=("second_half_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many UDAs did we get the week of 7 sept",
            "metric_total",
            "metric-udas",
            periods=("week_of_2026-09-07",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "FTAs since 7.4 went in?",
            "metric_total",
            "metric-fta",
            periods=("since_2026-09-08",),
            tolerance=0.5,
            note="Occlusa 7.4 went live on 8 September",
        ),
        m(
            facts,
            today,
            "avg chair utilisation end of q3",
            "metric_average",
            "metric-chair-util",
            periods=("end_q3",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "what were lab overdues averaging in july",
            "metric_average",
            "metric-lab-overdue",
            periods=("month_july",),
            tolerance=0.05,
        ),
        covered(
            m(
                facts,
                today,
                "average daily udas mid sept",
                "metric_average",
                "metric-udas",
                periods=("mid_september",),
                tolerance=0.5,
                covered=True,
                note="no Compass schedule 14-18 September: 5 of the 10 days have a reading",
            )
        ),
        m(
            facts,
            today,
            "fta's last 7 days vs the 7 before",
            "metric_change",
            "metric-fta",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        covered(
            m(
                facts,
                today,
                "decon cycles august vs july, up or down?",
                "metric_change",
                "metric-decon-cycles",
                periods=("month_august", "month_july"),
                tolerance=0.3,
                covered=True,
                note="July has 27 of 31 days (DeconLog down 24-27 July), August all 31: compare "
                "daily means over the covered days and say so",
            )
        ),
        m(
            facts,
            today,
            "recall bookings the 2 wks after we switched to texts vs the 2 wks before",
            "metric_change",
            "metric-recall-bookings",
            spans=(
                (RECALL_TEXTS_FROM, RECALL_TEXTS_FROM + timedelta(days=13)),
                (RECALL_TEXTS_FROM - timedelta(days=14), RECALL_TEXTS_FROM - timedelta(days=1)),
            ),
            tolerance=0.2,
        ),
        covered(
            m(
                facts,
                today,
                "UDAs sept vs aug - are we up or down?",
                "metric_change",
                "metric-udas",
                periods=("month_september", "month_august"),
                tolerance=0.3,
                covered=True,
                note="September has 25 of 30 days (no Compass schedule 14-18 September), "
                "August all 31: compare daily means over the covered days and say so",
            )
        ),
        Question(
            "why have so many lab cases gone overdue mid aug",
            "metric_why",
            must_include=[["mill", "milling"]],
            must_cite=["incident-lab-mill"],
        ),
        Question(
            "FTAs went through the roof in sept - why??",
            "metric_why",
            must_include=[["7.4", "consent"]],
            must_cite=["release-occlusa-74"],
            note="nothing links the release to the FTA figure: FTAs nearly double from 8 "
            "September, the day Occlusa 7.4 dropped the old SMS consent flags, until the "
            "re-import on 24 September",
        ),
        Question(
            "why is there no decon data for the end of july",
            "metric_why",
            must_include=[["Autoklog", "hosting", "paper"]],
            must_cite=["incident-deconlog"],
        ),
        Question(
            "no UDA figures for the week of 14 sept?? what happened",
            "metric_why",
            must_include=[["Compass", "upgrad"]],
            must_cite=["message-compass"],
            note="no incident: the NHS BSA upgraded Compass 14-18 September and published no "
            "daily schedule; only Fiona's message says so",
        ),
        Question(
            "recall bookings jumped at the start of aug, why",
            "metric_why",
            must_include=[["Occlusa Connect", "booking link", "text"]],
            must_cite=["decision-recall-texts"],
        ),
        Question(
            "what did the lab delays cost us in chair time, per jade's review?",
            "document",
            must_include=["2,860"],
            must_cite=["doc-lab-review"],
        ),
        Question(
            "how much was the new HS autoclave all in",
            "document",
            must_include=["7,370"],
            must_cite=["doc-autoclave-report"],
        ),
        Question(
            "what did we agree at monday's managers meeting about unconfirmed appts?",
            "meeting",
            must_include=[["short-notice list"], ["24 hours", "twenty-four hours"]],
            note="5 October managers' meeting: from 12 October long appointments (Band 2, "
            "Band 3, hygiene) not confirmed by reply 24 hours ahead go on the short-notice "
            "list; Keith sets up the reply by 9 October, Sadia runs the list",
        ),
        Question(
            "who's got what actions from monday's meeting?",
            "meeting",
            must_include=["Keith", "Sadia", "Hollie", "Lorna"],
            note="Keith: EDI certificate renewal by 23 October and the reply option by 9 "
            "October; Sadia: rebooking calls by 16 October and the short-notice list; Hollie: "
            "two Saturday NHS sessions a month at Station Road from 7 November, rota by 23 "
            "October; Lorna: Station Road pressure vessel exams booked by 30 October; Ewan: "
            "IPC audits by 30 October",
        ),
        Question(
            "who services the cbct scanner at front street?",
            "unknown",
            absent=["CBCT", "cone beam"],
            note="no CBCT scanner in the records; Front Street's X-rays are Northline's as "
            "radiation protection adviser only",
        ),
        Question(
            "how many FTAs did we have in may",
            "unknown",
            absent=["2026-05-"],
            note="readings start on 29 June",
        ),
        Question("anyone know what time the great north run starts on sunday", "offtopic"),
        Question("how long do you roast a 2kg chicken for", "offtopic"),
    ]


def build() -> Business:
    """The dental group's facts and its questions."""
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
        "Tidewell Dental Group",
        "group of four dental surgeries: dentists, hygienists and therapists, chair "
        "utilisation, FTAs, recalls, an NHS contract (UDAs and FP17 claims), Haven plan and "
        "private patients, a dental lab, decontamination and autoclave validation, and "
        "complaints (Tidewell Dental Group, North Shields, England)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/managers-meeting-2026-10-05.txt",
                "title": "Practice managers' meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
