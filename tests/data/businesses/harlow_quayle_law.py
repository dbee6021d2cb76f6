"""Harlow & Quayle Solicitors: a six-person employment and commercial law firm, Bristol.

The story: fee earners record time in ClearBill and keep matter files in CaseVault, which
also feeds the client portal and InkPoint e-signatures. From 27 to 29 October a CaseVault
storage failure stopped everyone opening files and billable hours collapsed; the firm
then decided to keep a nightly offline copy. In September the partners replaced
phone intake with a web intake form that runs the conflict check first, and call-back
times fell. Sofia Reyes's tribunal matters passed to Owen Pryce on 12 October; the
Dunmore lease renewals passed from Daniel Quayle to Owen on 19 October.

"Today" is Friday 20 November 2026; daily readings run from 22 August to 19 November.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from build import (
    HERE,
    Book,
    Business,
    Question,
    impact_question,
    metric_question,
    owner_question,
    related_question,
)

SLUG = "harlow-quayle-law"
TODAY = date(2026, 11, 20)
FIRST, LAST = date(2026, 8, 22), date(2026, 11, 19)
SEED = 2291
FORM_DAY, LEAVE_DAY = date(2026, 9, 8), date(2026, 10, 12)
OUTAGE = (date(2026, 10, 27), date(2026, 10, 28), date(2026, 10, 29))

# fmt: off
PEOPLE = (
    ("person-margaret-harlow", "Margaret Harlow", "Managing partner", "team-employment"),
    ("person-daniel-quayle", "Daniel Quayle", "Partner", "team-commercial"),
    ("person-sofia-reyes", "Sofia Reyes", "Senior associate", "team-employment"),
    ("person-owen-pryce", "Owen Pryce", "Associate", "team-commercial"),
    ("person-hannah-cole", "Hannah Cole", "Paralegal", "team-practice"),
    ("person-felix-adeyemi", "Felix Adeyemi", "Practice manager", "team-practice"),
)
CLIENTS = (
    ("customer-kestrel-robotics", "Kestrel Robotics Ltd", "company"),
    ("customer-elena-marsh", "Elena Marsh", "private"),
    ("customer-dunmore-estates", "Dunmore Estates", "company"),
    ("customer-brightwater-foods", "Brightwater Foods Ltd", "company"),
)
VENDORS = (
    ("vendor-casevault", "CaseVault", "document management: every matter file"),
    ("vendor-clearbill", "ClearBill", "time recording and billing"),
    ("vendor-inkpoint", "InkPoint", "e-signatures for engagement letters and contracts"),
    ("vendor-lexsearch", "LexSearch", "the legal research database"),
    ("vendor-bluefin-it", "Bluefin IT", "managed IT support and laptops"),
)
TOOLS = (
    ("tool-casevault", "CaseVault DMS", "vendor-casevault"),
    ("tool-clearbill", "ClearBill time and billing", "vendor-clearbill"),
    ("tool-inkpoint", "InkPoint e-signature", "vendor-inkpoint"),
    ("tool-lexsearch", "LexSearch research", "vendor-lexsearch"),
    ("tool-intake-form", "Web intake form", None),
)
# id, name, matter number, client, [(owner, since)], [(worker, since, until)]
MATTERS = (
    ("task-kestrel-spa", "Kestrel Robotics: share purchase of Alder Sensors", "HQ-2026-031",
     "customer-kestrel-robotics", [("person-daniel-quayle", date(2026, 7, 14))],
     [("person-daniel-quayle", date(2026, 7, 14), None),
      ("person-owen-pryce", date(2026, 7, 14), None),
      ("person-hannah-cole", date(2026, 9, 7), None)]),
    ("task-marsh-claim", "Elena Marsh v Portside Retail: unfair dismissal claim", "HQ-2026-044",
     "customer-elena-marsh",
     [("person-sofia-reyes", date(2026, 8, 3)), ("person-owen-pryce", LEAVE_DAY)],
     [("person-sofia-reyes", date(2026, 8, 3), LEAVE_DAY),
      ("person-owen-pryce", LEAVE_DAY, None),
      ("person-margaret-harlow", LEAVE_DAY, None)]),
    ("task-dunmore-leases", "Dunmore Estates: renewal of six shop leases", "HQ-2026-029",
     "customer-dunmore-estates",
     [("person-daniel-quayle", date(2026, 6, 2)), ("person-owen-pryce", date(2026, 10, 19))],
     [("person-daniel-quayle", date(2026, 6, 2), None)]),
    ("task-brightwater-terms", "Brightwater Foods: supplier terms review", "HQ-2026-052",
     "customer-brightwater-foods", [("person-daniel-quayle", date(2026, 9, 1))],
     [("person-daniel-quayle", date(2026, 9, 1), None)]),
)
RULES = (
    ("rule-six-minute-units", "Record all time in six-minute units, on the day the work is done"),
    ("rule-money-on-account", "Take £2,000 on account before starting work for a new private "
     "client"),
    ("rule-write-off-signoff", "A write-off above £500 on any bill needs a partner's sign-off"),
    ("rule-engagement-letter", "Send an engagement letter within two working days of "
     "instructions"),
)
# fmt: on


def _firm(w: Book) -> None:
    start = date(2024, 1, 8)
    w.node(
        "Organization",
        "org-harlow-quayle",
        "Harlow & Quayle Solicitors",
        src="sharepoint:firm",
        as_of=date(2019, 5, 1),
        city="Bristol",
    )
    for tid, name in (
        ("team-employment", "Employment team"),
        ("team-commercial", "Commercial team"),
        ("team-practice", "Practice support"),
    ):
        w.node("Team", tid, name, src="sharepoint:people", as_of=start)
        w.edge(tid, "MEMBER_OF", "org-harlow-quayle", since=start, src="sharepoint:people")
    for pid, name, role, team in PEOPLE:
        first, last = name.lower().split()
        w.node(
            "Person",
            pid,
            name,
            src="sharepoint:people",
            as_of=start,
            role=role,
            email=f"{first[0]}.{last}@harlowquayle.co.uk",
        )
        w.edge(pid, "MEMBER_OF", team, since=start, src="sharepoint:people")
    for cid, name, kind in CLIENTS:
        w.node(
            "Customer", cid, name, src="clearbill:clients", as_of=date(2026, 5, 1), clientType=kind
        )
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="sharepoint:suppliers",
            as_of=start,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    w.edge(
        "org-harlow-quayle", "USES", "vendor-bluefin-it", since=start, src="sharepoint:suppliers"
    )


def _systems(w: Book) -> None:
    src, start = "sharepoint:it-register", date(2024, 1, 8)
    for tid, name, vendor in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=start if vendor else FORM_DAY)
        if vendor:
            w.edge(tid, "DEPENDS_ON", vendor, since=start, src=src)
    w.node(
        "Service",
        "service-client-portal",
        "Client portal",
        src=src,
        as_of=start,
        text="Clients see and download their matter documents",
    )
    w.node(
        "Service",
        "service-conflict-check",
        "Conflict check",
        src=src,
        as_of=start,
        text="Searches every client and other side before we act for someone new",
    )
    w.node("Step", "step-engagement-signing", "Engagement letter signing", src=src, as_of=start)
    w.edges(
        src,
        start,
        ("service-client-portal", "DEPENDS_ON", "tool-casevault"),
        ("tool-inkpoint", "DEPENDS_ON", "tool-casevault"),
        ("step-engagement-signing", "DEPENDS_ON", "tool-inkpoint"),
        ("service-conflict-check", "DEPENDS_ON", "tool-clearbill"),
        ("team-employment", "USES", "tool-casevault"),
        ("team-employment", "USES", "tool-clearbill"),
        ("team-employment", "USES", "tool-lexsearch"),
        ("team-commercial", "USES", "tool-casevault"),
        ("team-commercial", "USES", "tool-clearbill"),
        ("team-commercial", "USES", "tool-inkpoint"),
        ("person-felix-adeyemi", "OWNS", "tool-casevault"),
        ("person-felix-adeyemi", "OWNS", "tool-clearbill"),
    )
    w.edges(
        "sharepoint:intake",
        FORM_DAY,
        ("tool-intake-form", "DEPENDS_ON", "service-conflict-check"),
        ("person-hannah-cole", "USES", "tool-intake-form"),
        ("person-hannah-cole", "OWNS", "tool-intake-form"),
    )
    retired = date(2026, 9, 30)
    w.node(
        "Tool",
        "tool-dictation-upload",
        "Dictation upload to CaseVault (retired)",
        src="sharepoint:it-register",
        as_of=retired,
        status="retired",
    )
    w.edge(
        "tool-dictation-upload",
        "DEPENDS_ON",
        "tool-casevault",
        since=date(2024, 3, 1),
        until=retired,
        src=src,
    )


def _matters(w: Book) -> None:
    for tid, name, number, client, owners, workers in MATTERS:
        src = f"clearbill:matters/{number}"
        w.node(
            "Task",
            tid,
            name,
            src=src,
            as_of=owners[0][1],
            kind="matter",
            matterNumber=number,
            status="open",
        )
        w.edge(tid, "ABOUT", client, since=owners[0][1], src=src)
        for who, since in owners:
            w.edge(who, "OWNS", tid, since=since, src=src)
        for who, since, until in workers:
            w.edge(who, "WORKS_ON", tid, since=since, until=until, src=src)
    src = "sharepoint:it-projects"
    w.node(
        "Task",
        "task-casevault-sso",
        "Move CaseVault logins to single sign-on",
        src=src,
        as_of=date(2026, 8, 24),
        status="in progress",
    )
    w.edges(
        src,
        date(2026, 8, 24),
        ("person-felix-adeyemi", "OWNS", "task-casevault-sso"),
        ("task-casevault-sso", "ABOUT", "tool-casevault"),
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    hours, enquiries, callback = [], [], []
    outage = dict(zip(OUTAGE, (9.6, 7.9, 13.4), strict=True))
    day = FIRST
    while day <= LAST:
        weekend = day.weekday() >= 5
        if day in outage:
            h = outage[day]
        elif weekend:
            h = rng.choice((0.0, 0.0, 0.6, 1.2, 2.4))
        else:
            h = rng.uniform(30, 37) if day < LEAVE_DAY else rng.uniform(25.5, 31.5)
        hours.append((day, round(h, 1)))
        enquiries.append((day, rng.randint(0, 2) if weekend else rng.randint(2, 7)))
        if weekend:
            c = rng.uniform(38, 56)
        else:
            c = rng.uniform(14, 30) if day < FORM_DAY else rng.uniform(3, 8)
        callback.append((day, round(c, 1)))
        day += timedelta(days=1)
    return {"hours": hours, "enquiries": enquiries, "callback": callback}


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    since = date(2024, 1, 8)
    w.metric(
        "metric-billable-hours",
        "Billable hours recorded",
        "hours",
        "sum",
        src="clearbill:reports",
        since=since,
        measures="tool-clearbill",
    )
    w.metric(
        "metric-new-enquiries",
        "New client enquiries",
        "enquiries",
        "sum",
        src="sharepoint:intake",
        since=since,
    )
    w.edge(
        "metric-new-enquiries",
        "MEASURES",
        "tool-intake-form",
        since=FORM_DAY,
        src="sharepoint:intake",
    )
    w.metric(
        "metric-callback-hours",
        "Time to first call-back",
        "hours",
        "mean",
        src="sharepoint:intake",
        since=since,
    )
    return {
        "hours": w.readings("metric-billable-hours", series["hours"], src="clearbill:reports"),
        "enquiries": w.readings(
            "metric-new-enquiries", series["enquiries"], src="sharepoint:intake"
        ),
        "callback": w.readings(
            "metric-callback-hours", series["callback"], src="sharepoint:intake"
        ),
    }


def _outage(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "sharepoint:incidents/casevault-2026-10"
    w.node(
        "Incident",
        "incident-casevault-outage",
        "CaseVault outage: matter files would not open",
        src=src,
        as_of=date(2026, 10, 30),
        status="resolved",
        severity="high",
        startedAt="2026-10-27T08:50:00+00:00",
        resolvedAt="2026-10-29T15:30:00+00:00",
        text="CaseVault's storage sync failed after a maintenance release on their side; "
        "nobody could open or save matter documents.",
    )
    w.edges(
        src,
        "2026-10-27T08:50:00+00:00",
        ("vendor-casevault", "CAUSED", "incident-casevault-outage"),
        ("incident-casevault-outage", "AFFECTS", "tool-casevault"),
        ("incident-casevault-outage", "AFFECTS", "service-client-portal"),
        ("incident-casevault-outage", "AFFECTS", "metric-billable-hours"),
        *(("incident-casevault-outage", "CAUSED", obs["hours"][d]) for d in OUTAGE),
        ("person-felix-adeyemi", "OWNS", "incident-casevault-outage"),
        as_of=date(2026, 10, 30),
    )


def _decisions_and_rules(w: Book) -> None:
    guide = "sharepoint:client-care-guide"
    for rid, name in RULES:
        w.node("Rule", rid, name, src=guide, as_of=date(2026, 2, 2), text=f"{name}.")
        w.edges(
            guide,
            date(2026, 2, 2),
            ("person-felix-adeyemi", "OWNS", rid),
            (rid, "BASED_ON", "doc-client-care-billing"),
        )
    old, new = "decision-intake-phone", "decision-intake-form"
    w.node(
        "Decision",
        old,
        "Whoever answers the phone takes a new enquiry",
        src="email:partners",
        as_of=date(2025, 11, 3),
        rationale="Callers get a lawyer straight away.",
    )
    w.edge(old, "MADE_BY", "person-margaret-harlow", since=date(2025, 11, 3), src="email:partners")
    why = (
        "In August two callers turned out to be on the other side of matters we already act "
        "on, and one had been given initial advice before anyone ran a conflict check. The "
        "web intake form runs the conflict check first and gives every enquiry an owner the "
        "same day."
    )
    w.node(
        "Decision",
        new,
        "Every new enquiry goes through the web intake form, conflict check first",
        src="sharepoint:partners-2026-09-07",
        as_of=date(2026, 9, 7),
        rationale=why,
        text=why,
    )
    w.edges(
        "sharepoint:partners-2026-09-07",
        date(2026, 9, 7),
        (new, "SUPERSEDES", old),
        (new, "MADE_BY", "person-margaret-harlow"),
        (new, "DECIDED_IN", "doc-partners-meeting-2026-09-07"),
        (new, "AFFECTS", "metric-callback-hours"),
        (new, "AFFECTS", "tool-intake-form"),
    )
    why = (
        "CaseVault itself is sound and migrating would take months, but three days without "
        "files cost most of three days' billable work; a read-only nightly copy on the office "
        "server lets fee earners keep working if it happens again."
    )
    w.node(
        "Decision",
        "decision-offline-copy",
        "Keep CaseVault, with a nightly read-only offline copy of active matter folders",
        src="email:partners/2026-11-04",
        as_of=date(2026, 11, 4),
        rationale=why,
        text=why,
    )
    w.edges(
        "email:partners/2026-11-04",
        date(2026, 11, 4),
        ("decision-offline-copy", "MADE_BY", "person-margaret-harlow"),
        ("decision-offline-copy", "BASED_ON", "doc-casevault-outage-note"),
        ("decision-offline-copy", "MENTIONS", "incident-casevault-outage"),
        ("decision-offline-copy", "AFFECTS", "tool-casevault"),
    )
    w.node(
        "Task",
        "task-offline-copy",
        "Set up the nightly offline copy of matter folders",
        src="sharepoint:it-projects",
        as_of=date(2026, 11, 4),
        status="done",
    )
    w.edges(
        "sharepoint:it-projects",
        date(2026, 11, 4),
        ("person-felix-adeyemi", "OWNS", "task-offline-copy"),
        ("task-offline-copy", "BASED_ON", "decision-offline-copy"),
        ("task-offline-copy", "FIXES", "incident-casevault-outage"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "CaseVault": "tool-casevault",
        "InkPoint": "tool-inkpoint",
        "ClearBill": "tool-clearbill",
        "Kestrel": "task-kestrel-spa",
        "intake form": "tool-intake-form",
        "Felix": "person-felix-adeyemi",
        "Hannah": "person-hannah-cole",
        "Owen": "person-owen-pryce",
    }
    w.document(
        docs / "client-care-and-billing.md",
        "doc-client-care-billing",
        src="sharepoint:client-care-guide",
        as_of=date(2026, 2, 2),
        author="person-margaret-harlow",
        kind="guide",
        about=["org-harlow-quayle"],
        mentions=mentions,
    )
    w.document(
        docs / "partners-meeting-2026-09-07.md",
        "doc-partners-meeting-2026-09-07",
        src="sharepoint:partners-2026-09-07",
        as_of=date(2026, 9, 7),
        author="person-felix-adeyemi",
        kind="minutes",
        mentions=mentions,
    )
    w.document(
        docs / "casevault-outage-note.md",
        "doc-casevault-outage-note",
        src="sharepoint:incidents/casevault-2026-10",
        as_of=date(2026, 11, 2),
        author="person-felix-adeyemi",
        kind="incident note",
        about=["incident-casevault-outage"],
        mentions=mentions,
    )


def _questions(facts: list[dict], today: date) -> list[Question]:
    m = metric_question
    both = ["vendor-casevault", "tool-casevault"]
    return [
        impact_question(
            facts,
            "What stops working if CaseVault goes down?",
            both,
            today,
            must_exclude=["Dictation"],
        ),
        impact_question(
            facts,
            "If ClearBill is down, what can't we do?",
            ["vendor-clearbill", "tool-clearbill"],
            today,
        ),
        owner_question(
            facts,
            "Who was handling the Marsh tribunal claim on 3 Oct?",
            "task-marsh-claim",
            date(2026, 10, 3),
        ),
        owner_question(facts, "Who's running the Elena Marsh case now?", "task-marsh-claim", today),
        owner_question(
            facts,
            "Who had the Dunmore lease renewals at the start of October?",
            "task-dunmore-leases",
            date(2026, 10, 1),
        ),
        owner_question(
            facts,
            "who was responsible for the Dunmore Estates leases on 2026-11-02",
            "task-dunmore-leases",
            date(2026, 11, 2),
        ),
        Question(
            "Why did we stop taking new enquiries over the phone?",
            "decision",
            must_include=["intake form", "conflict check"],
            must_cite=["decision-intake-form"],
        ),
        Question(
            "What did we decide to do after the CaseVault outage?",
            "decision",
            must_include=["offline copy"],
            must_cite=["decision-offline-copy"],
        ),
        Question(
            "How did we handle new enquiries before the intake form came in?",
            "decision",
            must_include=["Whoever answers the phone takes a new enquiry"],
            must_cite=["decision-intake-phone"],
        ),
        Question(
            "How do I have to record my time?",
            "policy",
            must_include=["six-minute units"],
            must_cite=["rule-six-minute-units"],
        ),
        Question(
            "Do new private clients have to pay anything up front?",
            "policy",
            must_include=[["£2,000", "2,000", "2000"]],
            must_cite=["rule-money-on-account"],
        ),
        Question(
            "Can I write off £800 on the Brightwater bill myself?",
            "policy",
            must_include=["partner's sign-off"],
            must_cite=["rule-write-off-signoff"],
        ),
        related_question(
            facts,
            "Who do we use for e-signatures?",
            today,
            rel="DEPENDS_ON",
            frm="tool-inkpoint",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "What software does the employment team use?",
            today,
            rel="USES",
            frm="team-employment",
        ),
        related_question(
            facts,
            "Who's working on the Kestrel deal?",
            today,
            rel="WORKS_ON",
            to="task-kestrel-spa",
        ),
        m(
            facts,
            today,
            "How many billable hours did we record yesterday?",
            "metric_value",
            "metric-billable-hours",
            periods=("yesterday",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "How many new enquiries came in on 3 November?",
            "metric_value",
            "metric-new-enquiries",
            span=(date(2026, 11, 3),) * 2,
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What were our total billable hours from 1 to 14 October?",
            "metric_total",
            "metric-billable-hours",
            span=(date(2026, 10, 1), date(2026, 10, 14)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many new enquiries did we get last week?",
            "metric_total",
            "metric-new-enquiries",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many billable hours did we record in September?",
            "metric_total",
            "metric-billable-hours",
            span=(date(2026, 9, 1), date(2026, 9, 30)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What was the average call-back time between 28 September and 25 October?",
            "metric_average",
            "metric-callback-hours",
            span=(date(2026, 9, 28), date(2026, 10, 25)),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "How many billable hours a day are we averaging this month?",
            "metric_average",
            "metric-billable-hours",
            periods=("this_month",),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "What's our average time to call back a new enquiry since September?",
            "metric_average",
            "metric-callback-hours",
            periods=("since_september",),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "How do billable hours over the last 7 days compare with the week before?",
            "metric_change",
            "metric-billable-hours",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "Did we get more new enquiries last week than the week before?",
            "metric_change",
            "metric-new-enquiries",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        Question(
            "Why did billable hours collapse at the end of October?",
            "metric_why",
            must_include=["CaseVault outage: matter files would not open"],
            must_cite=["incident-casevault-outage"],
        ),
        Question(
            "Why did our call-back times fall in September?",
            "metric_why",
            must_include=["intake form"],
            must_cite=["decision-intake-form"],
            note="a decision, not an incident, explains this change",
        ),
        Question(
            "What's our complaints procedure?",
            "document",
            must_include=["14 days", "Legal Ombudsman"],
            must_cite=["doc-client-care-billing"],
        ),
        Question(
            "When do the monthly bills go out?",
            "document",
            must_include=["last working day"],
            must_cite=["doc-client-care-billing"],
        ),
        Question(
            "Who's handling the Thornbury Holdings merger?",
            "unknown",
            absent=["Thornbury"],
            note="there is no Thornbury Holdings in the records",
        ),
        Question(
            "What breaks if our Clio account is suspended?",
            "unknown",
            absent=["Clio"],
            note="the firm does not use Clio",
        ),
        Question(
            "How many billable hours did we record in June?",
            "unknown",
            absent=["2026-06-"],
            note="readings start on 22 August",
        ),
        Question("What's the weather in Bristol this weekend?", "offtopic"),
        Question("Who won the football last night?", "offtopic"),
        Question("Can you give me a good recipe for lasagne?", "offtopic"),
    ]


def build() -> Business:
    """The firm's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _firm(w)
    _systems(w)
    _matters(w)
    obs = _metrics(w, rng)
    _outage(w, obs)
    _documents(w)
    _decisions_and_rules(w)
    return Business(
        SLUG,
        "Harlow & Quayle Solicitors",
        "small law firm",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
    )
