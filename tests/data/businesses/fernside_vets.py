"""Fernside Veterinary Practice: a small-animal practice in Norwich (Unthank Road and Wymondham).

The story: both sites run on the VetStack practice system (diary, clinical records,
billing), take cards on Payflo terminals and buy drugs and vaccines from Anglia Vet
Wholesale; send-out bloods go to Greyfriars Lab Services and out-of-hours calls to NightPaws.
On 3 August the practice manager replaced the reception team's reminder phone calls with
PawPing text reminders, and the no-show rate halved. From 14 to 23 September the in-house
Hemalyte blood analyser was out of action waiting for a part, so every blood sample went to
Greyfriars (120 in ten days); the partners then decided to pay Lumen Diagnostics for loan
analyser cover. On the morning of Friday 2 October VetStack was down: the diary would not
open, fewer pets were seen and the waits were long. The quarterly controlled drugs audit
moved from Rachel Greaves to Ben Askew on 21 September; the X-ray room radiation survey
moved from Tomasz Nowak to Aisling Brennan on 24 August.

"Today" is Tuesday 13 October 2026; daily readings run from 1 July to 12 October.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from build import (
    HERE,
    Book,
    Business,
    Fact,
    Question,
    impact_question,
    metric_question,
    owner_question,
    related_question,
)

SLUG = "fernside-vets"
TODAY = date(2026, 10, 13)
FIRST, LAST = date(2026, 7, 1), date(2026, 10, 12)
SEED = 4127
TEXTS_FROM = date(2026, 8, 3)
ANALYSER_DOWN = tuple(date(2026, 9, 14) + timedelta(days=i) for i in range(10))
VETSTACK_DOWN = date(2026, 10, 2)
START = date(2025, 1, 6)
DOC_DATES = {
    "doc-clinical-handbook": date(2026, 4, 6),
    "doc-front-desk-guide": TEXTS_FROM,
    "doc-analyser-review": date(2026, 9, 28),
}

# fmt: off
PEOPLE = (
    ("person-helen-okafor", "Helen Okafor", "Clinical director and practice owner", "team-vets"),
    ("person-tomasz-nowak", "Tomasz Nowak", "Senior vet, Unthank Road", "team-vets"),
    ("person-aisling-brennan", "Aisling Brennan", "Vet, Wymondham branch", "team-vets"),
    ("person-rachel-greaves", "Rachel Greaves", "Head nurse", "team-nursing"),
    ("person-ben-askew", "Ben Askew", "Registered veterinary nurse", "team-nursing"),
    ("person-kirsty-lam", "Kirsty Lam", "Practice manager", None),
    ("person-dev-patel", "Dev Patel", "Reception lead", "team-reception"),
)
VENDORS = (
    ("vendor-vetstack", "VetStack", "the practice management system: diary, clinical records "
     "and billing"),
    ("vendor-pawping", "PawPing", "appointment reminder text messages"),
    ("vendor-anglia", "Anglia Vet Wholesale", "medicines, vaccines and consumables"),
    ("vendor-greyfriars", "Greyfriars Lab Services", "send-out blood tests and histology"),
    ("vendor-lumen", "Lumen Diagnostics", "the Hemalyte blood analyser, its reagents and "
     "repairs"),
    ("vendor-scanwell", "Scanwell Imaging", "X-ray equipment servicing and repairs"),
    ("vendor-nightpaws", "NightPaws Emergency Vets", "out-of-hours emergency cover"),
    ("vendor-brightwater", "Brightwater Clinical Waste", "clinical waste and sharps "
     "collection"),
    ("vendor-payflo", "Payflo", "card terminals and card payments"),
)
SUPPLIERS = ("vendor-anglia", "vendor-greyfriars", "vendor-nightpaws", "vendor-brightwater")
TOOLS = (
    ("tool-vetstack", "VetStack practice system", "software", "vendor-vetstack"),
    ("tool-pawping", "PawPing text reminders", "software", "vendor-pawping"),
    ("tool-hemalyte", "Hemalyte 5 blood analyser", "equipment", "vendor-lumen"),
    ("tool-xray", "Digital X-ray unit, Unthank Road", "equipment", "vendor-scanwell"),
    ("tool-card-terminals", "Payflo card terminals", "equipment", "vendor-payflo"),
)
SERVICES = (
    ("service-online-booking", "Online appointment booking", "tool-vetstack"),
    ("service-clinical-records", "Clinical records", "tool-vetstack"),
    ("service-reminders", "Appointment reminders", "tool-pawping"),
    ("service-same-day-bloods", "Same-day blood results", "tool-hemalyte"),
    ("service-sendout-lab", "Send-out lab tests", "vendor-greyfriars"),
    ("service-xray", "X-ray imaging", "tool-xray"),
    ("service-card-payments", "Card payments at reception", "tool-card-terminals"),
    ("service-out-of-hours", "Out-of-hours emergency cover", "vendor-nightpaws"),
    ("service-clinical-waste", "Clinical waste collection", "vendor-brightwater"),
)
RULES = (
    ("rule-controlled-drugs", "Every controlled drug dose is signed out in the CD register by "
     "two members of staff, one of them a vet, and the CD cabinets are counted every Friday",
     "doc-clinical-handbook", "person-helen-okafor"),
    ("rule-pre-anaesthetic-bloods", "Every patient over eight years old has a pre-anaesthetic "
     "blood screen before a general anaesthetic", "doc-clinical-handbook",
     "person-helen-okafor"),
    ("rule-euthanasia-consent", "No euthanasia without a consent form signed by the owner or "
     "someone the owner has named in writing", "doc-clinical-handbook", "person-helen-okafor"),
    ("rule-out-of-hours", "Out-of-hours calls go to NightPaws Emergency Vets; never give a "
     "client your own mobile number", "doc-clinical-handbook", "person-helen-okafor"),
    ("rule-late-arrivals", "A client more than 15 minutes late is offered the next free slot "
     "that day or rebooked, unless the case is urgent", "doc-front-desk-guide",
     "person-kirsty-lam"),
    ("rule-deposits", "Any procedure estimated at over £500 needs a 50% deposit at admission, "
     "unless the client's insurer pays us directly", "doc-front-desk-guide",
     "person-kirsty-lam"),
    ("rule-rescue-discount", "Registered rescue charities get 20% off consults and neutering, "
     "not off medicines or lab fees", "doc-front-desk-guide", "person-kirsty-lam"),
)
# Consults seen by weekday, Monday first (both sites; Sunday is a morning clinic).
CONSULTS = (58, 54, 51, 55, 61, 40, 13)
# Samples sent to Greyfriars while the analyser was down, 14 to 23 September.
SENDOUTS_DOWN = (15, 14, 16, 13, 15, 8, 2, 14, 12, 11)
# fmt: on


def _practice(w: Book) -> None:
    w.node(
        "Organization",
        "org-fernside",
        "Fernside Veterinary Practice",
        src="companies-house:fernside",
        as_of=date(2014, 5, 1),
        city="Norwich",
    )
    for oid, name, street in (
        ("org-fernside-unthank", "Fernside Unthank Road surgery", "Unthank Road, Norwich"),
        ("org-fernside-wymondham", "Fernside Wymondham branch", "Market Street, Wymondham"),
    ):
        w.node("Organization", oid, name, src="vetstack:sites", as_of=START, street=street)
        w.edge(oid, "PART_OF", "org-fernside", since=START, src="vetstack:sites")
    for tid, name in (
        ("team-vets", "Vets"),
        ("team-nursing", "Nursing team"),
        ("team-reception", "Front desk"),
    ):
        w.node("Team", tid, name, src="rotacloud:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-fernside", since=START, src="rotacloud:teams")
    for pid, name, role, team in PEOPLE:
        w.node(
            "Person",
            pid,
            name,
            src="rotacloud:staff",
            as_of=START,
            role=role,
            email=f"{name.split()[0].lower()}@fernsidevets.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team or "org-fernside", since=START, src="rotacloud:staff")
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="xero:contacts",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid in SUPPLIERS:
        w.edge("org-fernside", "USES", vid, since=START, src="xero:contacts")
    w.node(
        "Customer",
        "customer-broadland-cat-rescue",
        "Broadland Cat Rescue",
        src="vetstack:clients",
        as_of=date(2025, 6, 2),
        text="Registered rescue charity; rescue discount on consults and neutering.",
    )


def _kit(w: Book) -> None:
    src = "notion:kit-register"
    for tid, name, kind, vendor in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind=kind)
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
    w.node(
        "Account",
        "account-vetstack-api-key",
        "VetStack API key for PawPing",
        src=src,
        as_of=TEXTS_FROM,
        text="The key PawPing uses to read the VetStack diary and write back cancellations",
    )
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name in (
        ("product-health-club", "Pet Health Club"),
        ("product-vaccination-course", "Puppy and kitten vaccination course"),
        ("product-dental", "Dental scale and polish"),
        ("product-pre-op-screen", "Pre-anaesthetic blood screen"),
    ):
        w.node("Product", pid, name, src="vetstack:price-list", as_of=START)
    w.edges(
        src,
        START,
        *((sid, "DEPENDS_ON", on) for sid, _, on in SERVICES),
        ("product-health-club", "DEPENDS_ON", "tool-vetstack"),
        ("product-health-club", "DEPENDS_ON", "vendor-anglia"),
        ("product-vaccination-course", "DEPENDS_ON", "vendor-anglia"),
        ("product-dental", "DEPENDS_ON", "tool-xray"),
        ("product-pre-op-screen", "DEPENDS_ON", "tool-hemalyte"),
        ("team-reception", "USES", "tool-vetstack"),
        ("team-reception", "USES", "tool-card-terminals"),
        ("team-vets", "USES", "tool-vetstack"),
        ("team-vets", "USES", "tool-xray"),
        ("team-nursing", "USES", "tool-vetstack"),
        ("team-nursing", "USES", "tool-hemalyte"),
        ("person-kirsty-lam", "OWNS", "tool-vetstack"),
        ("person-rachel-greaves", "OWNS", "tool-hemalyte"),
        ("person-tomasz-nowak", "OWNS", "tool-xray"),
        ("person-kirsty-lam", "OWNS", "tool-card-terminals"),
    )
    w.edges(
        src,
        TEXTS_FROM,
        ("account-vetstack-api-key", "PART_OF", "tool-vetstack"),
        ("tool-pawping", "DEPENDS_ON", "account-vetstack-api-key"),
        ("tool-pawping", "DEPENDS_ON", "tool-vetstack"),
        ("team-reception", "USES", "tool-pawping"),
        ("person-dev-patel", "OWNS", "tool-pawping"),
        ("person-kirsty-lam", "OWNS", "account-vetstack-api-key"),
    )
    # The old reminder call list printed from the VetStack diary: retired with the texts.
    w.node(
        "Tool",
        "tool-call-list",
        "Reception reminder call list (retired)",
        src=src,
        as_of=TEXTS_FROM,
        status="retired",
        kind="report",
    )
    w.edge("tool-call-list", "DEPENDS_ON", "tool-vetstack", since=START, until=TEXTS_FROM, src=src)


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in ("co", "ns", "wt", "lab", "tk")}
    down = dict(zip(ANALYSER_DOWN, SENDOUTS_DOWN, strict=True))
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        texts = day >= TEXTS_FROM
        consults = CONSULTS[wd] + rng.randint(-7, 7) + (3 if texts and wd < 6 else 0)
        no_show = rng.uniform(3.0, 5.4) if texts else rng.uniform(6.6, 10.2)
        wait = rng.uniform(5.5, 12.5) + (3.0 if wd == 5 else 0.0)
        if wd == 6:
            sent = rng.randint(0, 1)
        elif wd == 5:
            sent = rng.randint(1, 3)
        else:
            sent = rng.randint(2, 6)
        if day == VETSTACK_DOWN:
            consults, wait = 38, 41.9
        sent = down.get(day, sent)
        takings = consults * rng.uniform(46.0, 53.0) + (rng.randint(4, 19) * 60 if wd < 6 else 0)
        out["co"].append((day, consults))
        out["ns"].append((day, round(no_show, 1)))
        out["wt"].append((day, round(wait, 1)))
        out["lab"].append((day, sent))
        out["tk"].append((day, round(takings)))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    rep, lab = "vetstack:reports", "vetstack:lab-log"
    w.metric("metric-consults", "Consultations seen", "consults", "sum", src=rep, since=START)
    w.metric(
        "metric-no-show-rate",
        "Appointment no-show rate",
        "%",
        "mean",
        src=rep,
        since=START,
        measures="service-reminders",
    )
    w.metric(
        "metric-wait-time",
        "Average wait past appointment time",
        "minutes",
        "mean",
        src=rep,
        since=START,
    )
    w.metric(
        "metric-lab-sendouts",
        "Blood samples sent to the lab",
        "samples",
        "sum",
        src=lab,
        since=START,
        measures="service-sendout-lab",
    )
    w.metric("metric-takings", "Practice takings", "GBP", "sum", src=rep, since=START)
    return {
        "co": w.readings("metric-consults", series["co"], src=rep),
        "ns": w.readings("metric-no-show-rate", series["ns"], src=rep),
        "wt": w.readings("metric-wait-time", series["wt"], src=rep),
        "lab": w.readings("metric-lab-sendouts", series["lab"], src=lab),
        "tk": w.readings("metric-takings", series["tk"], src=rep),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, resolved = "notion:incident-hemalyte", date(2026, 9, 24)
    w.node(
        "Incident",
        "incident-hemalyte-down",
        "Hemalyte blood analyser out of action",
        src=src,
        as_of=resolved,
        status="resolved",
        severity="high",
        startedAt="2026-09-14T08:40:00+00:00",
        resolvedAt="2026-09-24T11:00:00+00:00",
        text="The analyser's optical module failed mid-run; every blood sample went to "
        "Greyfriars until Lumen Diagnostics fitted a replacement module from Germany.",
    )
    w.edges(
        src,
        "2026-09-14T08:40:00+00:00",
        ("tool-hemalyte", "CAUSED", "incident-hemalyte-down"),
        ("incident-hemalyte-down", "AFFECTS", "service-same-day-bloods"),
        ("incident-hemalyte-down", "AFFECTS", "product-pre-op-screen"),
        ("incident-hemalyte-down", "AFFECTS", "metric-lab-sendouts"),
        *(("incident-hemalyte-down", "CAUSED", obs["lab"][d]) for d in ANALYSER_DOWN),
        ("person-rachel-greaves", "OWNS", "incident-hemalyte-down"),
        as_of=resolved,
    )
    w.node(
        "Task",
        "task-hemalyte-repair",
        "Get the Hemalyte analyser repaired",
        src="notion:task-hemalyte",
        as_of=resolved,
        status="done",
    )
    w.edges(
        "notion:task-hemalyte",
        date(2026, 9, 14),
        ("person-rachel-greaves", "OWNS", "task-hemalyte-repair"),
        ("task-hemalyte-repair", "FIXES", "incident-hemalyte-down"),
        ("task-hemalyte-repair", "DEPENDS_ON", "vendor-lumen"),
        as_of=resolved,
    )
    src = "notion:incident-vetstack"
    w.node(
        "Incident",
        "incident-vetstack-outage",
        "VetStack outage: diary and records would not load",
        src=src,
        as_of=date(2026, 10, 2),
        status="resolved",
        severity="high",
        startedAt="2026-10-02T08:15:00+00:00",
        resolvedAt="2026-10-02T12:50:00+00:00",
        text="VetStack's hosted service was down for the morning; both sites worked from the "
        "printed day list and took card payments without VetStack invoices.",
    )
    w.edges(
        src,
        "2026-10-02T08:15:00+00:00",
        ("vendor-vetstack", "CAUSED", "incident-vetstack-outage"),
        ("incident-vetstack-outage", "AFFECTS", "service-online-booking"),
        ("incident-vetstack-outage", "AFFECTS", "service-clinical-records"),
        ("incident-vetstack-outage", "AFFECTS", "metric-consults"),
        ("incident-vetstack-outage", "AFFECTS", "metric-wait-time"),
        ("incident-vetstack-outage", "CAUSED", obs["co"][VETSTACK_DOWN]),
        ("incident-vetstack-outage", "CAUSED", obs["wt"][VETSTACK_DOWN]),
        ("person-kirsty-lam", "OWNS", "incident-vetstack-outage"),
        as_of=date(2026, 10, 2),
    )


def _work(w: Book) -> None:
    src = "notion:cd-audit"
    w.node(
        "Task",
        "task-cd-audit",
        "Quarterly controlled drugs audit",
        src=src,
        as_of=date(2026, 7, 1),
        status="in progress",
        text="Check the CD register at both sites against Anglia Vet Wholesale's invoices and "
        "the Friday counts.",
    )
    w.edge("person-rachel-greaves", "OWNS", "task-cd-audit", since=date(2026, 7, 1), src=src)
    w.edge(
        "person-ben-askew",
        "OWNS",
        "task-cd-audit",
        since=date(2026, 9, 21),
        src="teams:nursing/1789979400",
    )
    w.edges(
        src,
        date(2026, 7, 1),
        ("person-rachel-greaves", "WORKS_ON", "task-cd-audit"),
        ("person-ben-askew", "WORKS_ON", "task-cd-audit"),
        ("task-cd-audit", "ABOUT", "rule-controlled-drugs"),
    )
    src = "notion:radiation-survey"
    w.node(
        "Task",
        "task-radiation-survey",
        "Book the X-ray room radiation survey",
        src=src,
        as_of=date(2026, 7, 6),
        status="booked",
        text="The radiation protection adviser's survey of the Unthank Road X-ray room is due "
        "before the end of November.",
    )
    w.edge("person-tomasz-nowak", "OWNS", "task-radiation-survey", since=date(2026, 7, 6), src=src)
    w.edge(
        "person-aisling-brennan",
        "OWNS",
        "task-radiation-survey",
        since=date(2026, 8, 24),
        src="teams:vets/1787562600",
    )
    w.edge("task-radiation-survey", "ABOUT", "tool-xray", since=date(2026, 7, 6), src=src)
    src = "notion:health-club-relaunch"
    w.node(
        "Task",
        "task-health-club-relaunch",
        "Relaunch the Pet Health Club",
        src=src,
        as_of=date(2026, 9, 7),
        status="in progress",
        text="New monthly prices from January, a leaflet for every vaccination consult and a "
        "sign-up page in VetStack.",
    )
    w.edge(
        "person-kirsty-lam", "OWNS", "task-health-club-relaunch", since=date(2026, 9, 7), src=src
    )
    w.edges(
        src,
        date(2026, 9, 7),
        *(
            (p, "WORKS_ON", "task-health-club-relaunch")
            for p in ("person-kirsty-lam", "person-dev-patel", "person-rachel-greaves")
        ),
        ("task-health-club-relaunch", "ABOUT", "product-health-club"),
    )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"notion:{doc.removeprefix('doc-')}"
        since = DOC_DATES[doc]
        w.node("Rule", rid, name, src=src, as_of=since, text=f"{name}.")
        w.edge(owner, "OWNS", rid, since=since, src=src)
        w.edge(rid, "BASED_ON", doc, since=since, src=src)
    old, new = "decision-phone-reminders", "decision-text-reminders"
    w.node(
        "Decision",
        old,
        "Reception phones every client the day before their appointment",
        src="notion:front-desk-2026",
        as_of=date(2026, 1, 12),
        rationale="A call is friendlier than a text and lets us check the pet's details.",
    )
    w.edge(old, "MADE_BY", "person-kirsty-lam", since=date(2026, 1, 12), src="notion:front-desk")
    w.node(
        "Channel",
        "channel-front-desk",
        "#front-desk in Teams",
        src="teams:channels",
        as_of=START,
    )
    said = "2026-07-27T13:05:00+00:00"
    w.node(
        "Message",
        "message-text-reminders",
        "Kirsty in #front-desk on 27 July",
        src="teams:front-desk/1785157500",
        as_of=said,
        text="From Monday 3 August PawPing texts every client 48 hours and 2 hours before "
        "their appointment, so no more ringing round. We spend two hours every afternoon on "
        "the phones and still only reach about half the list.",
    )
    w.edges(
        "teams:front-desk/1785157500",
        said,
        ("message-text-reminders", "SAID_BY", "person-kirsty-lam"),
        ("message-text-reminders", "SENT_TO", "channel-front-desk"),
        ("message-text-reminders", "MENTIONS", "tool-pawping"),
    )
    why = (
        "Phoning round the next day's list took reception two hours every afternoon and "
        "reached only about half the clients, while no-shows wasted more than a hundred "
        "consult slots a month. PawPing texts everyone twice and lets them cancel by replying "
        "C, so the slot goes to someone else."
    )
    w.node(
        "Decision",
        new,
        "Send PawPing text reminders 48 hours and 2 hours before every appointment",
        src="teams:front-desk/1785157500",
        as_of=TEXTS_FROM,
        rationale=why,
        text=why,
    )
    w.edges(
        "teams:front-desk/1785157500",
        TEXTS_FROM,
        (new, "SUPERSEDES", old),
        (new, "MADE_BY", "person-kirsty-lam"),
        (new, "DECIDED_IN", "message-text-reminders"),
        (new, "AFFECTS", "metric-no-show-rate"),
        (new, "AFFECTS", "tool-pawping"),
    )
    why = (
        "The Hemalyte was out of action for ten days waiting for a part and we paid Greyfriars "
        "£2,160 in lab fees; Lumen's cover puts a loan analyser in the practice within 48 "
        "hours of any fault for £95 a month."
    )
    w.node(
        "Decision",
        "decision-analyser-cover",
        "Pay Lumen Diagnostics for loan analyser cover",
        src="notion:analyser-failure-review",
        as_of=date(2026, 9, 28),
        rationale=why,
        text=why,
    )
    w.edges(
        "notion:analyser-failure-review",
        date(2026, 9, 28),
        ("decision-analyser-cover", "MADE_BY", "person-helen-okafor"),
        ("decision-analyser-cover", "DECIDED_IN", "doc-analyser-review"),
        ("decision-analyser-cover", "BASED_ON", "doc-analyser-review"),
        ("decision-analyser-cover", "MENTIONS", "incident-hemalyte-down"),
        ("decision-analyser-cover", "MENTIONS", "vendor-lumen"),
        ("decision-analyser-cover", "AFFECTS", "tool-hemalyte"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "VetStack": "tool-vetstack",
        "PawPing": "tool-pawping",
        "Hemalyte": "tool-hemalyte",
        "Greyfriars": "vendor-greyfriars",
        "Lumen Diagnostics": "vendor-lumen",
        "Anglia Vet Wholesale": "vendor-anglia",
        "NightPaws": "vendor-nightpaws",
        "Brightwater": "vendor-brightwater",
        "Payflo": "tool-card-terminals",
        "Broadland Cat Rescue": "customer-broadland-cat-rescue",
        "Pet Health Club": "product-health-club",
    }
    w.document(
        docs / "clinical-handbook.md",
        "doc-clinical-handbook",
        src="notion:clinical-handbook",
        as_of=DOC_DATES["doc-clinical-handbook"],
        author="person-helen-okafor",
        kind="handbook",
        about=["org-fernside"],
        mentions=mentions,
    )
    w.document(
        docs / "front-desk-guide.md",
        "doc-front-desk-guide",
        src="notion:front-desk-guide",
        as_of=DOC_DATES["doc-front-desk-guide"],
        author="person-kirsty-lam",
        kind="handbook",
        about=["team-reception"],
        mentions=mentions,
    )
    w.document(
        docs / "analyser-failure-review.md",
        "doc-analyser-review",
        src="notion:analyser-failure-review",
        as_of=DOC_DATES["doc-analyser-review"],
        author="person-rachel-greaves",
        kind="incident review",
        about=["incident-hemalyte-down"],
        mentions=mentions,
    )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    return [
        impact_question(
            facts,
            "What happens if VetStack goes offline?",
            ["vendor-vetstack", "tool-vetstack"],
            today,
            must_exclude=["reminder call list"],
            note="the printed reminder call list was retired on 3 August: it breaks nothing now",
        ),
        impact_question(
            facts,
            "If the Hemalyte packs in again, what do we lose?",
            ["tool-hemalyte"],
            today,
        ),
        impact_question(
            facts,
            "what stops working if payflo has an outage",
            ["vendor-payflo", "tool-card-terminals"],
            today,
        ),
        impact_question(
            facts,
            "What's affected if the VetStack API key for PawPing stops working?",
            ["account-vetstack-api-key"],
            today,
        ),
        owner_question(
            facts,
            "Who was doing the controlled drugs audit at the start of September?",
            "task-cd-audit",
            date(2026, 9, 1),
        ),
        owner_question(facts, "who's covering the CD audit now?", "task-cd-audit", today),
        owner_question(
            facts,
            "Who had the radiation survey on the 10th of August?",
            "task-radiation-survey",
            date(2026, 8, 10),
        ),
        owner_question(
            facts,
            "Who's sorting out the X-ray room radiation survey these days?",
            "task-radiation-survey",
            today,
        ),
        owner_question(facts, "Who's in charge of the blood analyser?", "tool-hemalyte", today),
        owner_question(
            facts,
            "Who dealt with the VetStack outage?",
            "incident-vetstack-outage",
            today,
        ),
        Question(
            "Why did we stop phoning clients and switch to text reminders?",
            "decision",
            must_include=["two hours"],
            must_cite=["decision-text-reminders"],
        ),
        Question(
            "How did appointment reminders work before PawPing?",
            "decision",
            must_include=["Reception phones every client the day before their appointment"],
            must_cite=["decision-phone-reminders"],
        ),
        Question(
            "Why are we paying Lumen every month now?",
            "decision",
            must_include=["loan analyser"],
            must_cite=["decision-analyser-cover"],
        ),
        Question(
            "Can one nurse sign out methadone on their own?",
            "policy",
            must_include=["two members of staff"],
            must_cite=["rule-controlled-drugs"],
        ),
        Question(
            "Do we need a deposit before a £900 operation?",
            "policy",
            must_include=["50%"],
            must_cite=["rule-deposits"],
        ),
        Question(
            "Am I allowed to give a client my mobile number in case something happens overnight?",
            "policy",
            must_include=["NightPaws"],
            must_cite=["rule-out-of-hours"],
        ),
        Question(
            "What discount do rescue charities get?",
            "policy",
            must_include=["20%"],
            must_cite=["rule-rescue-discount"],
        ),
        Question(
            "A client has turned up 20 minutes late, are we allowed to still see them?",
            "policy",
            must_include=["15 minutes"],
            must_cite=["rule-late-arrivals"],
        ),
        Question(
            "Which patients need bloods before a general anaesthetic?",
            "policy",
            must_include=["eight years"],
            must_cite=["rule-pre-anaesthetic-bloods"],
        ),
        Question(
            "What do we need from the owner before putting a pet to sleep?",
            "policy",
            must_include=["consent form"],
            must_cite=["rule-euthanasia-consent"],
        ),
        related_question(
            facts,
            "Who do we buy our vaccines from?",
            today,
            rel="DEPENDS_ON",
            frm="product-vaccination-course",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "Who services the X-ray machine?",
            today,
            rel="DEPENDS_ON",
            frm="tool-xray",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "Which lab do our send-out bloods go to?",
            today,
            rel="DEPENDS_ON",
            frm="service-sendout-lab",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "What does the front desk use day to day?",
            today,
            rel="USES",
            frm="team-reception",
        ),
        related_question(
            facts,
            "Who's working on the Pet Health Club relaunch?",
            today,
            rel="WORKS_ON",
            to="task-health-club-relaunch",
        ),
        related_question(
            facts,
            "Which team is Ben Askew on?",
            today,
            rel="MEMBER_OF",
            frm="person-ben-askew",
        ),
        m(
            facts,
            today,
            "How many consults did we see yesterday?",
            "metric_value",
            "metric-consults",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What was the no-show rate on the 3rd of October?",
            "metric_value",
            "metric-no-show-rate",
            span=(date(2026, 10, 3), date(2026, 10, 3)),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "How many samples went off to the lab on 16 September?",
            "metric_value",
            "metric-lab-sendouts",
            span=(date(2026, 9, 16), date(2026, 9, 16)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How much did we take last week?",
            "metric_total",
            "metric-takings",
            periods=("last_week",),
            tolerance=1,
        ),
        m(
            facts,
            today,
            "How many consultations did we do in September?",
            "metric_total",
            "metric-consults",
            periods=("last_month",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many blood samples did we send out between 7 and 20 September?",
            "metric_total",
            "metric-lab-sendouts",
            span=(date(2026, 9, 7), date(2026, 9, 20)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What were total takings for Q3?",
            "metric_total",
            "metric-takings",
            periods=("q3",),
            tolerance=1,
        ),
        m(
            facts,
            today,
            "What was the no-show rate last month?",
            "metric_average",
            "metric-no-show-rate",
            periods=("last_month",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "What's the average wait been this month?",
            "metric_average",
            "metric-wait-time",
            periods=("this_month",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "On average, how many consults a day have we seen since August?",
            "metric_average",
            "metric-consults",
            periods=("since_august",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What have average daily takings been over the last 7 days?",
            "metric_average",
            "metric-takings",
            periods=("last_7_days",),
            tolerance=1,
        ),
        m(
            facts,
            today,
            "How did consults last week compare with the week before?",
            "metric_change",
            "metric-consults",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "Did the no-show rate fall in August compared with July?",
            "metric_change",
            "metric-no-show-rate",
            spans=(
                (date(2026, 8, 1), date(2026, 8, 31)),
                (date(2026, 7, 1), date(2026, 7, 31)),
            ),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "How did lab send-outs in the last 7 days compare with the 7 days before that?",
            "metric_change",
            "metric-lab-sendouts",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "How did our average wait in the week of 28 September compare with the week before?",
            "metric_change",
            "metric-wait-time",
            spans=(
                (date(2026, 9, 28), date(2026, 10, 4)),
                (date(2026, 9, 21), date(2026, 9, 27)),
            ),
            tolerance=0.2,
        ),
        Question(
            "Why did we send so many bloods out to the lab in mid-September?",
            "metric_why",
            must_include=["Hemalyte blood analyser out of action"],
            must_cite=["incident-hemalyte-down"],
        ),
        Question(
            "Why has the no-show rate dropped since early August?",
            "metric_why",
            must_include=[["PawPing", "text reminders"]],
            must_cite=["decision-text-reminders"],
            note="a decision, not an incident, explains this change",
        ),
        Question(
            "Why were the waits so bad on Friday 2 October?",
            "metric_why",
            must_include=["VetStack outage: diary and records would not load"],
            must_cite=["incident-vetstack-outage"],
        ),
        Question(
            "What does the handbook say about fasting before surgery?",
            "document",
            must_include=["10 pm"],
            must_cite=["doc-clinical-handbook"],
        ),
        Question(
            "How long is a standard consult?",
            "document",
            must_include=["15 minutes"],
            must_cite=["doc-front-desk-guide"],
        ),
        Question(
            "How much did the analyser breakdown cost us in lab fees?",
            "document",
            must_include=[["£2,160", "2,160", "2160"]],
            must_cite=["doc-analyser-review"],
        ),
        Question(
            "How often does Brightwater pick up the clinical waste?",
            "document",
            must_include=[["every other Tuesday", "every second Tuesday", "fortnightly"]],
            must_cite=["doc-clinical-handbook"],
        ),
        Question(
            "what's the fee if someone misses a second appointment",
            "document",
            must_include=["£25"],
            must_cite=["doc-front-desk-guide"],
        ),
        Question(
            "Who's our equine vet?",
            "unknown",
            absent=["equine"],
            note="the practice sees small animals only; no equine vet is in the records",
        ),
        Question(
            "What happens if the Dereham branch loses power?",
            "unknown",
            absent=["Dereham"],
            note="the practice has two sites, Unthank Road and Wymondham",
        ),
        Question(
            "who do we get our microchips from",
            "unknown",
            absent=["microchip"],
            note="no supplier in the records sells microchips",
        ),
        Question(
            "How many consults did we do in May?",
            "unknown",
            absent=["2026-05-"],
            note="readings start on 1 July",
        ),
        Question(
            "What did Fiona Marsh decide about the new ultrasound scanner?",
            "unknown",
            absent=["Fiona Marsh", "ultrasound"],
            note="nobody called Fiona Marsh and no ultrasound scanner is in the records",
        ),
        Question("Who won the Ryder Cup?", "offtopic"),
        Question("What's the capital of Portugal?", "offtopic"),
        Question("How do I get a sourdough starter going?", "offtopic"),
    ]


def build() -> Business:
    """The practice's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _practice(w)
    _kit(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _documents(w)
    _decisions_and_rules(w)
    _work(w)
    return Business(
        SLUG,
        "Fernside Veterinary Practice",
        "two-site small-animal veterinary practice",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
    )
