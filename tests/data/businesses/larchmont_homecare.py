"""Larchmont Home Care: a home care agency sending carers to elderly clients' homes in
Annisford, Nova Scotia, Canada, mostly under a Fundy Valley Health Authority contract.

The story: visits are rostered in the Rostra scheduling app (Rostra Care Software; the
subscription expires 31 October), carers check in and out on Northlink Mobile work phones,
medication is signed on the MedTrack eMAR (Clearwell Health Systems), which pulls each day's
medication visits from Rostra through a sync key owned by Ravi Chaudhry. Pool-car fuel and
carers' mileage run through the Maritime FleetFuel card account. The out-of-hours on-call line
is a number on the Harbourtel Business Voice phone system; until 10 August calls went through
the Nightingale Answering Service (retired; Noreen Pothier's decision of 21 July). FVHA's
contract sets visit-time targets: 95% of visits started within 30 minutes.

Harbourtel's carrier maintenance broke the on-call number's forwarding from 22 to 23 August:
the on-call calls figure has no readings for those days and missed visits spiked (linked).
From 1 September Larchmont took on FVHA's Kingsport East zone (Gareth Melanson's decision of
5 August, linked to visits delivered). FleetFuel moved its card processor and the mileage
feed has no readings from 14 to 17 September (linked). Rostra 9.2 went live on 21 September
with auto-route, which took out the travel buffers; the on-time rate fell that day (nothing
links the two). The FVHA Q3 return moved from Owen Trask to Heather Lumsden on 28 September.
The ops huddle of Tuesday 13 October turned auto-route off on rural runs, decided a fallback
on-call number on Northlink and handed the Northlink renewal from Heather Lumsden to Ravi
Chaudhry.

"Today" is Wednesday 14 October 2026; daily readings run from 13 July to 13 October.
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

SLUG = "larchmont-homecare"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 10, 14)
FIRST, LAST = date(2026, 7, 13), date(2026, 10, 13)
SEED = 20261014
START = date(2025, 3, 3)
ONCALL_DECIDED = date(2026, 7, 21)
ONCALL_FROM = date(2026, 8, 10)
OUTAGE_DAYS = (date(2026, 8, 22), date(2026, 8, 23))
OUTAGE_MISSED = {date(2026, 8, 22): 14, date(2026, 8, 23): 11}
KINGSPORT_DECIDED = date(2026, 8, 5)
KINGSPORT_FROM = date(2026, 9, 1)
FUEL_GAP = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(4))  # to 17 Sep
FUEL_BACK = date(2026, 9, 18)
ROSTRA_92 = date(2026, 9, 21)
RETURN_FROM = date(2026, 9, 1)
RETURN_HANDOVER = date(2026, 9, 28)
REVIEW_DAY = date(2026, 9, 2)
MEETING = date(2026, 10, 13)
DOC_DATES = {
    "doc-medication": date(2026, 2, 9),
    "doc-missed-visit": date(2026, 3, 16),
    "doc-safeguarding": date(2025, 11, 3),
    "doc-handbook": date(2026, 4, 6),
    "doc-fvha-contract": KINGSPORT_DECIDED,
    "doc-outage-review": REVIEW_DAY,
    "doc-screening": date(2026, 1, 19),
}

# fmt: off
PEOPLE = (
    ("person-gareth-melanson", "Gareth Melanson", "Director and owner", None),
    ("person-noreen-pothier", "Noreen Pothier", "Registered manager", None),
    ("person-tamsin-boudreau", "Tamsin Boudreau", "Senior care coordinator (runs the Rostra "
     "rosters)", "team-coordination"),
    ("person-ravi-chaudhry", "Ravi Chaudhry", "Care coordinator and on-call lead",
     "team-coordination"),
    ("person-dee-macisaac", "Dee MacIsaac", "Field supervisor (Kingsport East and "
     "Annisford)", "team-field"),
    ("person-kwame-asante-lowe", "Kwame Asante-Lowe", "Field supervisor (Port Ellery)",
     "team-field"),
    ("person-heather-lumsden", "Heather Lumsden", "Office administrator (fuel cards, phones, "
     "payroll cover)", "team-office"),
    ("person-owen-trask", "Owen Trask", "Finance and payroll manager", "team-office"),
    ("person-marguerite-leblanc", "Marguerite LeBlanc", "Quality, medication and "
     "safeguarding lead", "team-quality"),
    ("person-priyanka-dass", "Priyanka Dass", "Training and compliance officer",
     "team-training"),
    ("person-josefa-ruiz", "Josefa Ruiz", "Senior carer", "team-carers"),
    ("person-connor-gillis", "Connor Gillis", "Carer", "team-carers"),
    ("person-alina-petrescu", "Alina Petrescu", "Senior carer (medication champion)",
     "team-carers"),
)
TEAMS = (
    ("team-coordination", "Care Coordination"),
    ("team-field", "Field Supervision"),
    ("team-office", "Office & Payroll"),
    ("team-quality", "Quality & Safeguarding"),
    ("team-training", "Training & Compliance"),
    ("team-carers", "Care Staff"),
)
VENDORS = (
    ("vendor-rostra", "Rostra Care Software", "the Rostra scheduling app: rosters, runs, "
     "the carers' check-in app (electronic visit verification) and the visit export"),
    ("vendor-clearwell", "Clearwell Health Systems", "the MedTrack eMAR, the electronic "
     "medication administration record"),
    ("vendor-fleetfuel", "Maritime FleetFuel", "fuel cards for the nine pool cars and the "
     "FleetFuel trip log that carers' mileage is paid from"),
    ("vendor-harbourtel", "Harbourtel Business Voice", "the hosted office phone system and "
     "the on-call number with its call forwarding and hunt group"),
    ("vendor-northlink", "Northlink Mobile", "the fleet plan for 46 carer and coordinator "
     "work phones"),
    ("vendor-medipak", "Medipak Pharmacy Services", "blister packs, MAR set-up for new "
     "clients and pharmacist advice"),
    ("vendor-verity", "Verity Screening", "criminal record and vulnerable sector checks for "
     "new carers"),
    ("vendor-careskills", "CareSkills Online", "the CareSkills training portal and "
     "certificates"),
    ("vendor-tidewater", "Tidewater Payroll", "fortnightly carer payroll"),
    ("vendor-bluenose", "Bluenose Medical Supply", "gloves, aprons, masks and continence "
     "supplies"),
    ("vendor-nightingale", "Nightingale Answering Service", "an overnight answering service "
     "that took on-call calls and relayed them to the coordinator until 10 August 2026"),
)
TOOLS = (
    ("tool-rostra", "Rostra scheduling app", "vendor-rostra", "person-tamsin-boudreau"),
    ("tool-medtrack", "MedTrack eMAR", "vendor-clearwell", "person-marguerite-leblanc"),
    ("tool-fleetfuel", "FleetFuel card and trip log portal", "vendor-fleetfuel",
     "person-heather-lumsden"),
    ("tool-harbourtel", "Harbourtel phone system", "vendor-harbourtel",
     "person-heather-lumsden"),
    ("tool-careskills", "CareSkills training portal", "vendor-careskills",
     "person-priyanka-dass"),
)
ACCOUNTS = (
    ("account-rostra-sub", "Rostra subscription", "person-tamsin-boudreau",
     "Larchmont's yearly Rostra subscription with Rostra Care Software; without it rosters, "
     "carer check-ins and the visit export are read-only. It expires on 31 October 2026.",
     {"expiresAt": "2026-10-31"}),
    ("account-medtrack-sync", "Rostra-MedTrack visit sync key", "person-ravi-chaudhry",
     "The API key the MedTrack eMAR uses to pull each day's medication visits and the "
     "carers rostered to them from Rostra, so every MAR has the right client and carer.", {}),
    ("account-fleetfuel", "FleetFuel fuel card account", "person-heather-lumsden",
     "Larchmont's card account with Maritime FleetFuel: the nine pool-car fuel cards and "
     "the trip log carers' mileage is paid from.", {}),
    ("account-oncall-number", "On-call line number (Harbourtel)", "person-ravi-chaudhry",
     "The out-of-hours on-call number on the Harbourtel phone system; calls forward to a "
     "hunt group of the coordinators' mobiles.", {}),
    ("account-northlink-plan", "Northlink Mobile fleet plan (46 phones)",
     "person-heather-lumsden",
     "The fleet plan for the carers' and coordinators' work phones the Rostra app runs "
     "on. It ends on 30 November 2026.", {"expiresAt": "2026-11-30"}),
    ("account-fvha-portal", "FVHA provider portal login", "person-noreen-pothier",
     "The login to the Fundy Valley Health Authority provider portal: visit uploads, "
     "monthly invoices, missed-visit reports and the quarterly performance return.", {}),
    ("account-verity", "Verity Screening employer account", "person-priyanka-dass",
     "The employer account new carers' vulnerable sector checks are ordered through.", {}),
)
SERVICES = (
    ("service-rostering", "Visit rostering and scheduling",
     ("tool-rostra", "account-northlink-plan"), "person-tamsin-boudreau"),
    ("service-visits", "Home care visits (personal care, meals, companionship)",
     ("service-rostering", "service-travel"), "person-dee-macisaac"),
    ("service-medication", "Medication support visits",
     ("tool-medtrack", "vendor-medipak"), "person-marguerite-leblanc"),
    ("service-oncall", "Out-of-hours on-call line", ("account-oncall-number",),
     "person-ravi-chaudhry"),
    ("service-lone-worker", "Lone-worker safe-home checks for late visits",
     ("service-oncall", "tool-rostra"), "person-ravi-chaudhry"),
    ("service-travel", "Carer travel, pool cars and fuel cards", ("tool-fleetfuel",),
     "person-heather-lumsden"),
    ("service-fvha-billing", "FVHA invoicing and performance returns",
     ("tool-rostra", "account-fvha-portal"), "person-owen-trask"),
    ("service-payroll", "Carer payroll and mileage",
     ("tool-rostra", "tool-fleetfuel", "vendor-tidewater"), "person-owen-trask"),
    ("service-recruitment", "Recruitment, screening and training",
     ("account-verity", "tool-careskills"), "person-priyanka-dass"),
    ("service-safeguarding", "Safeguarding and incident reporting", (),
     "person-marguerite-leblanc"),
)
RULES = (
    ("rule-no-crushing", "Carers never crush, split or hide tablets in food or drink unless "
     "a Medipak pharmacist has signed it off in writing and it is on the MAR; a family "
     "member's request is not enough", "doc-medication", "person-marguerite-leblanc"),
    ("rule-mar-at-time", "Every dose is signed in MedTrack at the time it is given, never "
     "before or at the end of the run; a refused or missed dose is phoned to the on-call "
     "coordinator within one hour", "doc-medication", "person-marguerite-leblanc"),
    ("rule-med-cert", "Only carers with a current medication administration certificate "
     "are rostered for medication visits; it is renewed every 12 months",
     "doc-medication", "person-priyanka-dass"),
    ("rule-missed-visit", "A visit not checked in 60 minutes after its rostered start is a "
     "missed visit: the coordinator phones the client or next of kin, sends a replacement "
     "and logs it in Rostra, and every missed FVHA visit is reported on the FVHA portal "
     "within 24 hours", "doc-missed-visit", "person-noreen-pothier"),
    ("rule-no-access", "A carer who cannot get in never just leaves: they call the on-call "
     "line, which phones the next of kin and key holder; after 30 minutes with no contact, "
     "or if the client may be in distress, the carer calls 911 and stays",
     "doc-missed-visit", "person-noreen-pothier"),
    ("rule-sick-call", "A carer who cannot work calls the on-call line at least four hours "
     "before their first visit; a text to a colleague does not count", "doc-missed-visit",
     "person-ravi-chaudhry"),
    ("rule-safeguarding", "Any suspicion of abuse, neglect or financial exploitation is "
     "reported to the safeguarding lead the same day; the carer never confronts the "
     "suspected person and never promises to keep it secret", "doc-safeguarding",
     "person-marguerite-leblanc"),
    ("rule-gifts", "Carers refuse any gift worth more than $25, never handle a client's "
     "bank card or PIN, never borrow or lend money and never become a client's power of "
     "attorney", "doc-safeguarding", "person-marguerite-leblanc"),
    ("rule-double-up", "Every hoist, stand aid or slide sheet visit is a double-up: a carer "
     "never does a hoist transfer alone, even if the client or family asks",
     "doc-handbook", "person-dee-macisaac"),
    ("rule-fuel-card", "The FleetFuel card is only for fuel for the nine pool cars, never "
     "for a personal vehicle; own-car mileage is paid at $0.58 a kilometre",
     "doc-handbook", "person-heather-lumsden"),
    ("rule-late-visits", "Visits ending after 21:00 need a safe-home call or text to the "
     "on-call line", "doc-handbook", "person-ravi-chaudhry"),
    ("rule-vsc-solo", "No carer works a visit alone until their vulnerable sector check "
     "from Verity Screening has cleared and they have done three signed-off shadow shifts",
     "doc-screening", "person-priyanka-dass"),
)
# fmt: on


def _at(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-larchmont",
        "Larchmont Home Care",
        src="ns-registry:larchmont-home-care-ltd",
        as_of=date(2014, 5, 12),
        city="Annisford",
        text="Larchmont Home Care Ltd. is a home care agency on Gaspereau Street in "
        "Annisford, Nova Scotia: about 120 carers visit some 400 older clients at home for "
        "personal care, meals, medication support and companionship in the Annisford, Port "
        "Ellery and (from September 2026) Kingsport East zones, most of them under a Fundy "
        "Valley Health Authority contract.",
    )
    w.node(
        "Organization",
        "org-fvha",
        "Fundy Valley Health Authority (FVHA)",
        src="fvha:provider-register",
        as_of=START,
        text="The regional health authority that funds home support for assessed clients "
        "and contracts Larchmont to deliver the visits, with visit-time targets and "
        "service credits.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="rostra:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-larchmont", since=START, src="rostra:teams")
    for pid, name, role, team in PEOPLE:
        first = pid.removeprefix("person-").split("-")[0]
        w.node(
            "Person",
            pid,
            name,
            src="rostra:staff",
            as_of=START,
            role=role,
            email=f"{first}@larchmonthomecare.ca",
        )
        w.edge(pid, "MEMBER_OF", team or "org-larchmont", since=START, src="rostra:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="books:vendors",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge(
            "org-larchmont",
            "USES",
            vid,
            since=START,
            src="books:vendors",
            **({"until": ONCALL_FROM} if vid == "vendor-nightingale" else {}),
        )
    w.node(
        "Deal",
        "deal-kingsport",
        "FVHA Kingsport East lot: 38 clients from September 2026",
        src="drive:fvha-kingsport-variation",
        as_of=KINGSPORT_DECIDED,
        stage="won",
        value=617000,
        text="A contract variation adding FVHA's Kingsport East zone (38 clients, about 330 "
        "hours of care a week) from 1 September 2026 to the end of the contract.",
    )
    w.edge(
        "deal-kingsport",
        "ASSIGNED_TO",
        "person-gareth-melanson",
        since=KINGSPORT_DECIDED,
        src="drive:fvha-kingsport-variation",
    )


def _customers(w: Book) -> None:
    for cid, name, text, uses in (
        (
            "customer-fvha-clients",
            "FVHA-funded clients",
            "About 360 older clients assessed by the Fundy Valley Health Authority, with "
            "one to four visits a day paid by FVHA.",
            "service-visits",
        ),
        (
            "customer-private",
            "Private-pay clients",
            "About 40 clients who pay Larchmont directly, mostly companionship and respite "
            "visits in Annisford.",
            "service-visits",
        ),
        (
            "customer-medication-clients",
            "Medication-support clients",
            "About 150 clients whose visits include prompting or giving medication from "
            "Medipak blister packs.",
            "service-medication",
        ),
    ):
        w.node("Customer", cid, name, src="rostra:clients", as_of=START, text=text)
        w.edge(cid, "USES", uses, since=START, src="rostra:clients")


def _systems(w: Book) -> None:
    src = "drive:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    w.edges(
        src,
        START,
        ("tool-rostra", "DEPENDS_ON", "account-rostra-sub"),
        ("account-rostra-sub", "DEPENDS_ON", "vendor-rostra"),
        ("account-rostra-sub", "PART_OF", "tool-rostra"),
        ("account-medtrack-sync", "DEPENDS_ON", "tool-rostra"),
        ("account-medtrack-sync", "PART_OF", "tool-medtrack"),
        ("tool-medtrack", "DEPENDS_ON", "account-medtrack-sync"),
        ("tool-fleetfuel", "DEPENDS_ON", "account-fleetfuel"),
        ("account-fleetfuel", "DEPENDS_ON", "vendor-fleetfuel"),
        ("account-fleetfuel", "PART_OF", "tool-fleetfuel"),
        ("account-oncall-number", "DEPENDS_ON", "tool-harbourtel"),
        ("account-oncall-number", "PART_OF", "tool-harbourtel"),
        ("account-northlink-plan", "DEPENDS_ON", "vendor-northlink"),
        ("account-fvha-portal", "PART_OF", "service-fvha-billing"),
        ("account-verity", "DEPENDS_ON", "vendor-verity"),
        ("account-verity", "PART_OF", "service-recruitment"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons, _ in SERVICES for on in ons),
        *((owner, "OWNS", sid) for sid, _, _, owner in SERVICES),
        ("team-coordination", "USES", "tool-rostra"),
        ("team-coordination", "USES", "tool-harbourtel"),
        ("team-field", "USES", "tool-rostra"),
        ("team-field", "USES", "tool-medtrack"),
        ("team-carers", "USES", "tool-rostra"),
        ("team-carers", "USES", "tool-medtrack"),
        ("team-carers", "USES", "tool-fleetfuel"),
        ("team-office", "USES", "tool-fleetfuel"),
        ("team-office", "USES", "tool-rostra"),
        ("team-quality", "USES", "tool-medtrack"),
        ("team-training", "USES", "tool-careskills"),
    )
    # The on-call line: the Nightingale answering service until 10 August, then the
    # Harbourtel hunt group straight to the coordinators' mobiles.
    w.node(
        "Tool",
        "tool-nightingale",
        "Nightingale answering service (retired)",
        src=src,
        as_of=ONCALL_FROM,
        status="retired",
        kind="service",
        text="Nightingale Answering Service's operators took calls forwarded from the "
        "on-call number out of hours and relayed them to the coordinator on call, until it "
        "was switched off on 10 August 2026.",
    )
    for frm, to in (
        ("tool-nightingale", "vendor-nightingale"),
        ("tool-nightingale", "account-oncall-number"),
        ("service-oncall", "tool-nightingale"),
    ):
        w.edge(frm, "DEPENDS_ON", to, since=START, until=ONCALL_FROM, src=src)
    w.edge("person-ravi-chaudhry", "OWNS", "tool-nightingale", since=START, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    keys = ("visits", "missed", "ontime", "km", "emar", "calls")
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in keys}
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        weekend = wd >= 5
        kingsport = day >= KINGSPORT_FROM
        # visits delivered: weekday runs are fuller; Kingsport East adds ~50 a weekday
        visits = rng.randint(232, 252) if weekend else rng.randint(304, 328)
        if kingsport:
            visits += rng.randint(34, 40) if weekend else rng.randint(46, 54)
        missed = rng.choice((0, 0, 1, 1, 1, 2, 2, 3))
        if day >= ROSTRA_92:
            missed += rng.choice((0, 1, 1, 2))
        if day in OUTAGE_MISSED:
            missed = OUTAGE_MISSED[day]
        visits -= missed
        # on-time starts (within 30 minutes, from Rostra check-ins); auto-route from 9.2
        ontime = rng.uniform(91.6, 95.4) if day < ROSTRA_92 else rng.uniform(82.6, 86.6)
        if day in OUTAGE_DAYS:
            ontime -= 3.1
        # kilometres driven (FleetFuel trip log); Kingsport East is rural
        km = rng.uniform(2120, 2420) if weekend else rng.uniform(2880, 3240)
        if kingsport:
            km *= 1.18
        # eMAR completion: doses signed at the time in MedTrack
        emar = rng.uniform(96.4, 99.3)
        if kingsport and day < date(2026, 9, 15):
            emar -= 1.6
        # on-call calls answered: evenings, nights and weekends
        calls = rng.randint(31, 44) if weekend else rng.randint(17, 28)
        if day == ONCALL_FROM:
            calls += 6
        out["visits"].append((day, visits))
        out["missed"].append((day, missed))
        out["ontime"].append((day, round(ontime, 1)))
        if day not in FUEL_GAP:
            out["km"].append((day, round(km)))
        out["emar"].append((day, round(emar, 1)))
        if day not in OUTAGE_DAYS:
            out["calls"].append((day, calls))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    ro, ff, mt, ht = (
        "rostra:reports",
        "fleetfuel:trip-log",
        "medtrack:reports",
        "harbourtel:call-log",
    )
    for mid, name, unit, agg, src, measures in (
        (
            "metric-visits-delivered",
            "Visits delivered (Rostra checked-out visits)",
            "visits",
            "sum",
            ro,
            "service-visits",
        ),
        ("metric-missed-visits", "Missed visits", "visits", "sum", ro, "service-visits"),
        (
            "metric-ontime-rate",
            "On-time visit starts (share of visits checked in within 30 "
            "minutes of the rostered time)",
            "%",
            "mean",
            ro,
            "service-rostering",
        ),
        (
            "metric-km-driven",
            "Kilometres driven between visits (FleetFuel trip log)",
            "km",
            "sum",
            ff,
            "service-travel",
        ),
        (
            "metric-emar-completion",
            "eMAR completion (share of doses signed at the time in MedTrack)",
            "%",
            "mean",
            mt,
            "service-medication",
        ),
        ("metric-oncall-calls", "On-call calls answered", "calls", "sum", ht, "service-oncall"),
    ):
        w.metric(mid, name, unit, agg, src=src, since=START, measures=measures)
    return {
        "visits": w.readings("metric-visits-delivered", series["visits"], src=ro),
        "missed": w.readings("metric-missed-visits", series["missed"], src=ro),
        "ontime": w.readings("metric-ontime-rate", series["ontime"], src=ro),
        "km": w.readings("metric-km-driven", series["km"], src=ff),
        "emar": w.readings("metric-emar-completion", series["emar"], src=mt),
        "calls": w.readings("metric-oncall-calls", series["calls"], src=ht),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "drive:incident-oncall-outage"
    started, back = "2026-08-22T05:00:00+00:00", "2026-08-23T14:40:00+00:00"
    w.node(
        "Incident",
        "incident-oncall-outage",
        "On-call line dead after Harbourtel maintenance: call forwarding lost for 34 hours",
        src=src,
        as_of=date(2026, 8, 24),
        status="resolved",
        severity="high",
        startedAt=started,
        resolvedAt=back,
        text="After Harbourtel Business Voice's carrier maintenance at about 02:00 on "
        "Saturday 22 August, the on-call number stopped forwarding to the coordinators' "
        "hunt group and callers heard a number-not-in-service message. 31 calls went "
        "unanswered, nine of them carers calling in sick, so their runs were not "
        "re-rostered and 25 visits were missed (14 on Saturday, 11 on Sunday). Harbourtel "
        "restored the forwarding at 11:40 on Sunday 23 August; its call log for the two "
        "days was lost, so on-call calls have no readings for 22 and 23 August.",
    )
    w.edges(
        src,
        started,
        ("vendor-harbourtel", "CAUSED", "incident-oncall-outage"),
        ("incident-oncall-outage", "AFFECTS", "account-oncall-number"),
        ("incident-oncall-outage", "AFFECTS", "service-oncall"),
        ("incident-oncall-outage", "AFFECTS", "metric-missed-visits"),
        ("incident-oncall-outage", "AFFECTS", "metric-oncall-calls"),
        *(("incident-oncall-outage", "CAUSED", obs["missed"][d]) for d in OUTAGE_DAYS),
        ("person-ravi-chaudhry", "OWNS", "incident-oncall-outage"),
        as_of=date(2026, 8, 24),
    )
    w.node(
        "Task",
        "task-oncall-test-call",
        "Test call to the on-call number at the start of every on-call shift",
        src="drive:tasks/oncall-test-call",
        as_of=date(2026, 8, 24),
        status="done",
    )
    w.edges(
        "drive:tasks/oncall-test-call",
        date(2026, 8, 24),
        ("person-ravi-chaudhry", "OWNS", "task-oncall-test-call"),
        ("person-ravi-chaudhry", "WORKS_ON", "task-oncall-test-call"),
        ("task-oncall-test-call", "FIXES", "incident-oncall-outage"),
    )

    src = "drive:incident-fleetfuel-feed"
    started, back = "2026-09-14T04:00:00+00:00", "2026-09-18T13:00:00+00:00"
    w.node(
        "Incident",
        "incident-fleetfuel-feed",
        "FleetFuel trip log feed paused during FleetFuel's card processor move",
        src=src,
        as_of=FUEL_BACK,
        status="resolved",
        severity="medium",
        startedAt=started,
        resolvedAt=back,
        text="Maritime FleetFuel moved its fuel cards to a new card processor from 14 to 17 "
        "September. The cards kept working at the pump, but the trip log feed that records "
        "kilometres between visits was paused, so kilometres driven have no readings for "
        "14 to 17 September; carers claimed those days on paper. FleetFuel says the days "
        "cannot be backfilled.",
    )
    w.edges(
        src,
        started,
        ("vendor-fleetfuel", "CAUSED", "incident-fleetfuel-feed"),
        ("incident-fleetfuel-feed", "AFFECTS", "tool-fleetfuel"),
        ("incident-fleetfuel-feed", "AFFECTS", "metric-km-driven"),
        ("person-heather-lumsden", "OWNS", "incident-fleetfuel-feed"),
        as_of=FUEL_BACK,
    )

    # The scheduling release: nothing ties it to the on-time rate; it just falls that day.
    rel_at = "2026-09-21T06:00:00+00:00"
    w.node(
        "Release",
        "release-rostra-92",
        "Rostra 9.2",
        src="rostra:releases/9.2",
        as_of=rel_at,
        version="9.2",
        releasedAt=rel_at,
        text="Rostra Care Software's 9.2 for every agency on its platform: a new carer app "
        "home screen, faster timesheet approval, and auto-route, which re-orders every run "
        "overnight to cut kilometres and is on by default; auto-route drops the travel "
        "buffers set between visits.",
    )
    w.edges(
        "rostra:releases/9.2",
        rel_at,
        ("release-rostra-92", "PART_OF", "service-rostering"),
        ("release-rostra-92", "CHANGED", "tool-rostra"),
    )


MESSAGES = (
    (
        "message-oncall-switch",
        "Noreen in #coordinators on 21 July",
        "person-noreen-pothier",
        "channel-coordinators",
        _at(ONCALL_DECIDED, 16, 40),
        "Decision on on-call: from Monday 10 August we stop using Nightingale. The on-call "
        "number will forward straight to a Harbourtel hunt group on the coordinators' "
        "mobiles. Nightingale took 9 minutes on average to relay a call, lost two urgent "
        "calls in June and costs $1,850 a month. Ravi is setting up the hunt group.",
    ),
    (
        "message-kingsport",
        "Gareth in #general on 5 August",
        "person-gareth-melanson",
        "channel-general",
        _at(KINGSPORT_DECIDED, 19, 0),
        "Signed the FVHA variation today: we take on the Kingsport East zone from Tuesday 1 "
        "September, 38 clients and about 330 hours a week. Tamsin is building the runs, "
        "Dee supervises the zone. Summary of the contract is in the drive.",
    ),
    (
        "message-oncall-down",
        "Ravi in #coordinators on 23 August",
        "person-ravi-chaudhry",
        "channel-coordinators",
        _at(date(2026, 8, 23), 15, 10),
        "On-call number has been dead since early Saturday. Harbourtel did maintenance and "
        "the forwarding to the hunt group dropped. Fixed at 11:40 today. We missed a load of "
        "sick calls, 14 missed visits yesterday and 11 today. I'm going through every one "
        "for the FVHA portal.",
    ),
    (
        "message-fleetfuel-gap",
        "Heather in #office on 18 September",
        "person-heather-lumsden",
        "channel-office",
        _at(FUEL_BACK, 14, 30),
        "FleetFuel trip log is back. They moved card processor Mon to Thu and the feed was "
        "off, no km for the 14th to the 17th and they can't recover it. Carers, put those "
        "days on a paper mileage sheet please.",
    ),
    (
        "message-rostra-92",
        "Tamsin in #coordinators on 20 September",
        "person-tamsin-boudreau",
        "channel-coordinators",
        _at(date(2026, 9, 20), 18, 0),
        "Rostra 9.2 goes live overnight: new home screen on the carer app and quicker "
        "timesheet approval. Nothing to set up on our side.",
    ),
    (
        "message-return-handover",
        "Owen in #office on 28 September",
        "person-owen-trask",
        "channel-office",
        _at(RETURN_HANDOVER, 15, 0),
        "Heather is taking over the FVHA Q3 performance return from today; I'm off on "
        "parental leave from tomorrow until January. The Rostra export is set up and the "
        "checklist is in the drive. Due on the portal by 20 October.",
    ),
    (
        "message-huddle-notes",
        "Ops huddle notes, 13 October",
        "person-noreen-pothier",
        "channel-general",
        _at(MEETING, 15, 0),
        "Ops huddle, Tue 13 Oct. 1) On-time down to about 84-85% since Rostra 9.2's "
        "auto-route took out the travel buffers: auto-route off for every rural run and "
        "10-minute buffers back on all runs, Tamsin by Fri 16 Oct. 2) Rostra renewal "
        "(expires 31 Oct): Tamsin signs by 23 Oct. 3) Fallback on-call number on a "
        "Northlink SIM, Ravi by 23 Oct. 4) Ravi takes over the Northlink plan renewal from "
        "Heather (ends 30 Nov), signed by 13 Nov. 5) Dee: 20 MAR spot checks on Kingsport "
        "East by 30 Oct. 6) Priyanka: medication refresher for six carers on 27 Oct. 7) "
        "Heather files the FVHA Q3 return by 20 Oct.",
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
        ("channel-coordinators", "#coordinators"),
        ("channel-field", "#field-sups"),
        ("channel-office", "#office"),
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
        ("message-oncall-switch", ("tool-nightingale", "service-oncall", "tool-harbourtel")),
        ("message-kingsport", ("deal-kingsport", "org-fvha", "service-visits")),
        ("message-oncall-down", ("incident-oncall-outage", "account-oncall-number")),
        ("message-fleetfuel-gap", ("incident-fleetfuel-feed", "metric-km-driven")),
        ("message-rostra-92", ("release-rostra-92", "tool-rostra")),
        ("message-return-handover", ("service-fvha-billing",)),
        (
            "message-huddle-notes",
            (
                "tool-rostra",
                "release-rostra-92",
                "account-rostra-sub",
                "account-oncall-number",
                "account-northlink-plan",
                "service-medication",
                "metric-ontime-rate",
            ),
        ),
    ):
        at = next(m[4] for m in MESSAGES if m[0] == mid)
        w.edges(_src(mid), at.isoformat(), *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Rostra": "tool-rostra",
        "MedTrack": "tool-medtrack",
        "FleetFuel": "tool-fleetfuel",
        "Harbourtel": "vendor-harbourtel",
        "Northlink": "vendor-northlink",
        "Medipak": "vendor-medipak",
        "Verity": "vendor-verity",
        "CareSkills": "tool-careskills",
        "Bluenose": "vendor-bluenose",
        "FVHA": "org-fvha",
        "Kingsport East": "deal-kingsport",
        "Noreen Pothier": "person-noreen-pothier",
        "Marguerite LeBlanc": "person-marguerite-leblanc",
        "Priyanka Dass": "person-priyanka-dass",
        "Dee MacIsaac": "person-dee-macisaac",
        "Heather Lumsden": "person-heather-lumsden",
        "Ravi Chaudhry": "person-ravi-chaudhry",
    }
    for path, did, author, kind, about in (
        (
            "medication-support-policy.md",
            "doc-medication",
            "person-marguerite-leblanc",
            "policy",
            ["service-medication"],
        ),
        (
            "missed-visit-and-no-access-procedure.md",
            "doc-missed-visit",
            "person-noreen-pothier",
            "procedure",
            ["service-visits", "service-oncall"],
        ),
        (
            "safeguarding-policy.md",
            "doc-safeguarding",
            "person-marguerite-leblanc",
            "policy",
            ["service-safeguarding"],
        ),
        (
            "carer-handbook.md",
            "doc-handbook",
            "person-dee-macisaac",
            "handbook",
            ["service-visits", "service-travel", "service-lone-worker"],
        ),
        (
            "fvha-contract-summary.md",
            "doc-fvha-contract",
            "person-gareth-melanson",
            "contract summary",
            ["org-fvha", "deal-kingsport", "service-fvha-billing"],
        ),
        (
            "oncall-outage-review.md",
            "doc-outage-review",
            "person-ravi-chaudhry",
            "incident review",
            ["incident-oncall-outage"],
        ),
        (
            "recruitment-and-screening.md",
            "doc-screening",
            "person-priyanka-dass",
            "procedure",
            ["service-recruitment"],
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
        "decision-nightingale",
        "Route out-of-hours on-call calls through the Nightingale answering service",
        src="drive:oncall-setup-2025",
        on=START,
        why="When the agency grew past one coordinator on call, an answering service was "
        "the quickest way to have every out-of-hours call picked up by a person: the "
        "on-call number forwarded to Nightingale's operators, who relayed each call to the "
        "coordinator on call.",
        made_by="person-noreen-pothier",
        made_in=None,
    )
    decision(
        "decision-oncall-huntgroup",
        "Move the on-call line off Nightingale to a Harbourtel hunt group on the "
        "coordinators' mobiles from 10 August",
        src=_src("message-oncall-switch"),
        on=ONCALL_DECIDED,
        why="Nightingale took 9 minutes on average to relay a call to the coordinator, lost "
        "two urgent calls in June and cost $1,850 a month. A Harbourtel hunt group rings "
        "the coordinators' mobiles directly, so a carer or family member speaks to someone "
        "who can re-roster a run straight away.",
        made_by="person-noreen-pothier",
        made_in="message-oncall-switch",
        edges=(
            ("decision-oncall-huntgroup", "SUPERSEDES", "decision-nightingale"),
            ("decision-oncall-huntgroup", "AFFECTS", "service-oncall"),
            ("decision-oncall-huntgroup", "MENTIONS", "tool-nightingale"),
            ("decision-oncall-huntgroup", "MENTIONS", "tool-harbourtel"),
        ),
    )
    decision(
        "decision-kingsport-east",
        "Take on FVHA's Kingsport East zone (38 clients) from 1 September",
        src=_src("message-kingsport"),
        on=KINGSPORT_DECIDED,
        why="FVHA's previous provider in Kingsport East gave the zone back, and FVHA asked "
        "Larchmont to take it under the existing contract at the same $36.40 an hour. 38 "
        "clients and about 330 hours a week keep the Port Ellery carers on full hours, and "
        "FVHA allows a 45-minute start window on the rural runs until December; visits "
        "delivered rise by about 50 a weekday from 1 September.",
        made_by="person-gareth-melanson",
        made_in="message-kingsport",
        edges=(
            ("decision-kingsport-east", "BASED_ON", "doc-fvha-contract"),
            ("decision-kingsport-east", "AFFECTS", "service-visits"),
            ("decision-kingsport-east", "AFFECTS", "metric-visits-delivered"),
            ("decision-kingsport-east", "MENTIONS", "deal-kingsport"),
        ),
    )
    decision(
        "decision-oncall-test",
        "Test-call the on-call number at the start of every on-call shift and get "
        "Harbourtel to alert on any forwarding change",
        src="drive:oncall-outage-review",
        on=REVIEW_DAY,
        why="In the August outage the on-call number was dead for 34 hours before anyone "
        "noticed; 31 calls went unanswered and 25 visits were missed. A test call each "
        "shift finds a dead line within hours.",
        made_by="person-ravi-chaudhry",
        made_in="doc-outage-review",
        edges=(
            ("decision-oncall-test", "BASED_ON", "doc-outage-review"),
            ("decision-oncall-test", "MENTIONS", "incident-oncall-outage"),
            ("decision-oncall-test", "MENTIONS", "vendor-harbourtel"),
        ),
    )
    notes = _src("message-huddle-notes")
    decision(
        "decision-autoroute-off",
        "Turn Rostra auto-route off for every rural run and put 10-minute travel buffers "
        "back on all runs by 16 October",
        src=notes,
        on=MEETING,
        why="Since Rostra 9.2's auto-route re-ordered the runs and took out the travel "
        "buffers, the on-time rate is down from about 93-94% to 84-85%; under 90% for a "
        "month costs a 2% FVHA service credit and under 85% costs 5%. Tamsin Boudreau turns "
        "auto-route off on the rural runs and restores the buffers by Friday 16 October.",
        made_by="person-noreen-pothier",
        made_in="message-huddle-notes",
        edges=(
            ("decision-autoroute-off", "AFFECTS", "tool-rostra"),
            ("decision-autoroute-off", "MENTIONS", "release-rostra-92"),
        ),
    )
    decision(
        "decision-fallback-number",
        "Add a fallback on-call number on a Northlink SIM",
        src=notes,
        on=MEETING,
        why="If the Harbourtel number fails again there is no way to reach on-call; a "
        "second number on the Northlink plan costs about $25 a month and goes in every "
        "carer's contacts.",
        made_by="person-noreen-pothier",
        made_in="message-huddle-notes",
        edges=(
            ("decision-fallback-number", "AFFECTS", "service-oncall"),
            ("decision-fallback-number", "MENTIONS", "incident-oncall-outage"),
        ),
    )


def _work(w: Book) -> None:
    src = "drive:tasks/fvha-q3-return"
    w.node(
        "Task",
        "task-fvha-q3-return",
        "File the FVHA Q3 performance return on the provider portal",
        src=src,
        as_of=RETURN_FROM,
        status="in progress",
        due="2026-10-20",
        text="The quarterly return for July to September: on-time rate and missed visits "
        "from the Rostra export, complaints, safeguarding referrals and training "
        "compliance, filed on the FVHA provider portal by 20 October; Noreen Pothier signs "
        "it off.",
    )
    w.edge("person-owen-trask", "OWNS", "task-fvha-q3-return", since=RETURN_FROM, src=src)
    w.edges(
        src,
        RETURN_FROM,
        ("task-fvha-q3-return", "ABOUT", "service-fvha-billing"),
        ("task-fvha-q3-return", "ABOUT", "account-fvha-portal"),
        ("person-owen-trask", "WORKS_ON", "task-fvha-q3-return"),
    )
    w.edges(
        _src("message-return-handover"),
        RETURN_HANDOVER,
        ("person-heather-lumsden", "OWNS", "task-fvha-q3-return"),
        ("person-heather-lumsden", "WORKS_ON", "task-fvha-q3-return"),
        ("message-return-handover", "MENTIONS", "task-fvha-q3-return"),
    )

    src = "drive:tasks/northlink-renewal"
    w.node(
        "Task",
        "task-northlink-renewal",
        "Renew the Northlink Mobile fleet plan before it ends on 30 November",
        src=src,
        as_of=date(2026, 9, 8),
        status="in progress",
        due="2026-11-13",
        text="Renew the 46-phone fleet plan with Northlink Mobile, with the fallback on-call "
        "SIM added; Gareth Melanson signs it.",
    )
    w.edge(
        "person-heather-lumsden", "OWNS", "task-northlink-renewal", since=date(2026, 9, 8), src=src
    )
    w.edges(
        src,
        date(2026, 9, 8),
        ("task-northlink-renewal", "ABOUT", "account-northlink-plan"),
        ("person-heather-lumsden", "WORKS_ON", "task-northlink-renewal"),
    )
    notes = _src("message-huddle-notes")
    w.edges(
        notes,
        MEETING,
        ("person-ravi-chaudhry", "OWNS", "task-northlink-renewal"),
        ("person-ravi-chaudhry", "WORKS_ON", "task-northlink-renewal"),
        ("message-huddle-notes", "MENTIONS", "task-northlink-renewal"),
    )

    for tid, name, owner, due, text, about in (
        (
            "task-autoroute-off",
            "Turn auto-route off on rural runs and restore the travel buffers",
            "person-tamsin-boudreau",
            "2026-10-16",
            "All Kingsport East and Port Ellery back-road runs off auto-route; 10-minute "
            "buffers back between visits on every run; re-roster the week from Saturday.",
            "tool-rostra",
        ),
        (
            "task-rostra-renewal",
            "Renew the Rostra subscription before it expires on 31 October",
            "person-tamsin-boudreau",
            "2026-10-23",
            "The renewal quote is up 11%; push back, and get Rostra to commit in writing to "
            "warn us before a release changes routing.",
            "account-rostra-sub",
        ),
        (
            "task-fallback-number",
            "Set up a fallback on-call number on a Northlink SIM and send it to every carer",
            "person-ravi-chaudhry",
            "2026-10-23",
            "The office answerphone gives the fallback number if the Harbourtel on-call "
            "number fails.",
            "service-oncall",
        ),
        (
            "task-mar-spot-checks",
            "20 MAR spot checks on Kingsport East visits",
            "person-dee-macisaac",
            "2026-10-30",
            "Check that doses are signed in MedTrack at the time they are given, with "
            "Marguerite LeBlanc's checklist.",
            "service-medication",
        ),
        (
            "task-med-refresher",
            "Medication administration refresher for the six carers "
            "whose certificates expire in November",
            "person-priyanka-dass",
            "2026-10-27",
            "Classroom refresher at the Annisford office so nobody drops off medication "
            "visits when their certificate lapses.",
            "service-recruitment",
        ),
    ):
        w.node("Task", tid, name, src=notes, as_of=MEETING, status="open", due=due, text=text)
        w.edges(
            notes,
            MEETING,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-huddle-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap", "no reading"]
    km_mid = m(
        facts,
        today,
        "avg km per day mid sept? fleetfuel numbers look weird",
        "metric_average",
        "metric-km-driven",
        periods=("mid_september",),
        tolerance=5.0,
        covered=True,
        note="no FleetFuel trip log readings 14-17 September (card processor move): 6 of "
        "10 days, a mean over those",
    )
    km_mid.must_include = [coverage_words]
    calls = m(
        facts,
        today,
        "were on call calls up in august compared to july? by how much",
        "metric_change",
        "metric-oncall-calls",
        periods=("month_august", "month_july"),
        tolerance=0.5,
        covered=True,
        note="readings start on 13 July (19 of 31 days) and the Harbourtel call log lost 22-23 "
        "August (29 of 31 days): compare daily means over the days that have a reading and "
        "say so",
    )
    calls.must_include = [coverage_words]
    km_change = m(
        facts,
        today,
        "km driven sept vs aug - how much more since kingsport?",
        "metric_change",
        "metric-km-driven",
        periods=("month_september", "month_august"),
        tolerance=0.5,
        covered=True,
        note="September has no trip log for 14-17 September: compare daily means (26 of 30 "
        "days against all 31 of August)",
    )
    km_change.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "if harbourtel goes down overnight again what stops working",
            ["vendor-harbourtel", "tool-harbourtel"],
            today,
            must_exclude=["Nightingale"],
            note="Harbourtel phone system -> the on-call number -> the on-call line -> "
            "lone-worker checks. Nightingale also hung off the on-call number but was "
            "switched off on 10 August and breaks nothing now",
        ),
        impact_question(
            facts,
            "rostra sub runs out oct 31 - what breaks if we dont renew in time",
            ["account-rostra-sub"],
            today,
            note="Rostra -> rostering (-> visits), FVHA billing, payroll, lone-worker checks "
            "and the MedTrack sync key -> MedTrack -> medication support",
        ),
        impact_question(
            facts,
            "fleetfuel account gets suspended, whats that knock out",
            ["account-fleetfuel"],
            today,
            note="the card account -> the FleetFuel portal -> travel and fuel cards (-> "
            "visits) and payroll (mileage)",
        ),
        owner_question(
            facts,
            "whos doing the fvha q3 return now owen's on leave",
            "task-fvha-q3-return",
            today,
            note="Owen Trask handed it to Heather Lumsden on 28 September",
        ),
        owner_question(
            facts,
            "who had the q3 return back in mid sept?",
            "task-fvha-q3-return",
            date(2026, 9, 15),
        ),
        owner_question(
            facts,
            "who's on the northlink renewal now",
            "task-northlink-renewal",
            today,
            note="Heather Lumsden handed it to Ravi Chaudhry at the 13 October ops huddle",
        ),
        Question(
            "why did we drop nightingale for on call?",
            "decision",
            must_include=[["9 minutes", "1,850", "two urgent calls"]],
            must_cite=["decision-oncall-huntgroup"],
        ),
        Question(
            "who made the call to take on kingsport east",
            "decision",
            must_include=["Gareth Melanson"],
            must_cite=["decision-kingsport-east"],
        ),
        Question(
            "how did the on-call line work before the harbourtel hunt group",
            "decision",
            must_include=["Nightingale"],
            must_cite=["decision-nightingale"],
            note="the superseded decision: Nightingale's operators relayed calls until 10 August",
        ),
        Question(
            "mrs k's daughter wants us to crush her mums tablets into her yogurt, she cant "
            "swallow them. ok for carers to do?",
            "policy",
            must_include=["pharmacist"],
            must_cite=["rule-no-crushing"],
            note="not on a family member's say-so: only with a Medipak pharmacist's written "
            "sign-off on the MAR",
        ),
        Question(
            "mr d's 8am call still not checked in at 9:10, what do we do",
            "policy",
            must_include=[["missed visit", "60 minutes"], ["24 hours", "next of kin"]],
            must_cite=["rule-missed-visit"],
            note="over 60 minutes: a missed visit; phone the client or next of kin, send a "
            "replacement, log it and report it on the FVHA portal within 24 hours",
        ),
        Question(
            "new starter's vsc is still pending but shes done her 3 shadows, can i put her "
            "on the sat evening run solo",
            "policy",
            must_include=[["cleared", "vulnerable sector check"]],
            must_cite=["rule-vsc-solo"],
            note="no: no solo visits until the vulnerable sector check has cleared",
        ),
        Question(
            "client wants to give connor $200 for xmas for all his help, can he take it?",
            "policy",
            must_include=["$25"],
            must_cite=["rule-gifts"],
        ),
        related_question(
            facts,
            "medtrack pulls the day's visits from rostra over a sync key - what team is "
            "whoever owns that key on?",
            today,
            rel="MEMBER_OF",
            frm="person-ravi-chaudhry",
            note="three hops: MedTrack -> the Rostra-MedTrack visit sync key -> its owner "
            "Ravi Chaudhry -> his team",
        ),
        related_question(
            facts,
            "pool car fuel cards go thru an account, whos the actual card company behind it",
            today,
            rel="DEPENDS_ON",
            frm="account-fleetfuel",
            keep=["Vendor"],
            note="the pool cars' fuel cards -> the FleetFuel fuel card account -> Maritime "
            "FleetFuel",
        ),
        related_question(
            facts,
            "the fvha q3 return - which team is it sitting with now",
            today,
            rel="MEMBER_OF",
            frm="person-heather-lumsden",
            note="the task's owner since 28 September is Heather Lumsden -> her team",
        ),
        m(
            facts,
            today,
            "how many visits did we get done yesterday",
            "metric_value",
            "metric-visits-delivered",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "missed visits on sat aug 22?",
            "metric_value",
            "metric-missed-visits",
            span=(OUTAGE_DAYS[0], OUTAGE_DAYS[0]),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total visits delivered second half of august",
            "metric_total",
            "metric-visits-delivered",
            periods=("second_half_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many missed visits the week of aug 17",
            "metric_total",
            "metric-missed-visits",
            periods=("week_of_2026-08-17",),
            tolerance=0.5,
            note="the week of 17-23 August holds the on-call outage weekend",
        ),
        m(
            facts,
            today,
            "visits delivered since kingsport east went live?",
            "metric_total",
            "metric-visits-delivered",
            periods=("since_2026-09-01",),
            tolerance=0.5,
            note="Kingsport East started on Tuesday 1 September",
        ),
        km_mid,
        m(
            facts,
            today,
            "avg on-time rate end of Q3",
            "metric_average",
            "metric-ontime-rate",
            periods=("end_q3",),
            tolerance=0.1,
            note="the last 14 days of September, 17-30 September",
        ),
        m(
            facts,
            today,
            "whats emar completion averaging early oct",
            "metric_average",
            "metric-emar-completion",
            periods=("early_october",),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "missed visits last 7 days vs the 7 before?",
            "metric_change",
            "metric-missed-visits",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "on time % since rostra 9.2 vs the 2 wks before it",
            "metric_change",
            "metric-ontime-rate",
            spans=((ROSTRA_92, LAST), (date(2026, 9, 7), date(2026, 9, 20))),
            tolerance=0.2,
            note="9.2 went live on 21 September: 21 September - 13 October against 7-20 September",
        ),
        calls,
        km_change,
        Question(
            "why did missed visits spike that weekend in late aug",
            "metric_why",
            must_include=[["on-call", "Harbourtel", "forwarding"]],
            must_cite=["incident-oncall-outage"],
        ),
        Question(
            "why's there no fleetfuel km for the 14th-17th sept",
            "metric_why",
            must_include=[["card processor", "trip log feed", "paused"]],
            must_cite=["incident-fleetfuel-feed"],
        ),
        Question(
            "on time starts have tanked since the 21st, whats going on?",
            "metric_why",
            must_include=[["9.2", "auto-route", "travel buffers"]],
            must_cite=["release-rostra-92"],
            note="nothing links the release to the metric: the on-time rate falls from 21 "
            "September, the day Rostra 9.2 turned on auto-route and dropped the travel "
            "buffers",
        ),
        Question(
            "why are visit numbers way up since september",
            "metric_why",
            must_include=["Kingsport"],
            must_cite=["decision-kingsport-east"],
        ),
        Question(
            "how many calls went unanswered in the on-call outage per ravi's review",
            "document",
            must_include=["31"],
            must_cite=["doc-outage-review"],
        ),
        Question(
            "what's the fvha service credit if on-time drops under 90 for the month",
            "document",
            must_include=["2%"],
            must_cite=["doc-fvha-contract"],
        ),
        Question(
            "what did we decide about auto-route at yesterday's huddle?",
            "meeting",
            must_include=[["rural", "off"], ["buffer", "ten-minute", "10-minute"]],
            must_cite=["decision-autoroute-off"],
            note="13 October: auto-route off for every rural run and 10-minute travel "
            "buffers back on all runs, Tamsin by Friday 16 October",
        ),
        Question(
            "who got which action items out of tuesdays ops huddle?",
            "meeting",
            must_include=["Tamsin", "Ravi", "Dee", "Priyanka"],
            note="Tamsin: auto-route off by 16 Oct and the Rostra renewal by 23 Oct; Ravi: "
            "fallback on-call number by 23 Oct and the Northlink renewal by 13 Nov; Dee: 20 "
            "MAR spot checks by 30 Oct; Priyanka: med refresher on 27 Oct; Heather: the Q3 "
            "return by 20 Oct",
        ),
        Question(
            "what did fiona mcrory decide about opening a truro office",
            "unknown",
            absent=["McRory", "Truro"],
            note="no such person and no second office",
        ),
        Question(
            "how many visits did we do in june",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 13 July",
        ),
        Question("anyone watching the mooseheads game tonight?", "offtopic"),
        Question("got a good seafood chowder recipe for the staff potluck?", "offtopic"),
    ]


def build() -> Business:
    """The agency's facts and its questions."""
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
        "Larchmont Home Care",
        "home care agency: carers visiting older clients at home for personal care, meals "
        "and medication support, rostered in a scheduling app with check-in on work phones, "
        "an eMAR, pool-car fuel cards and mileage, an out-of-hours on-call line and a "
        "health authority contract with visit-time targets (Larchmont Home Care, "
        "Annisford, Nova Scotia, Canada)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/ops-huddle-2026-10-13.txt",
                "title": "Weekly ops huddle",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
