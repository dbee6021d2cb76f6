"""Northbeam Software's support team: B2B invoicing software (Ledgerline), Dublin.

The story: a support team of four answers Ledgerline tickets in Deskflow, pages the
platform team through PagerNest and posts outages on a status page hosted by Beacon
Status. On 6 October API v3.12 rotated the webhook signing secret without a grace period;
webhook deliveries failed for four days, tickets tripled and first responses slowed. The
retry-queue work that fixes it changed hands on 9 October; the SLA report for the
biggest customer changed hands on 1 October. A September review replaced the support
engineers' weekend on-call rotation with paging the platform on-call directly.

"Today" is Wednesday 21 October 2026; daily readings run from 1 July to 20 October.
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

SLUG = "ledgerline-support"
TODAY = date(2026, 10, 21)
FIRST, LAST = date(2026, 7, 1), date(2026, 10, 20)
SEED = 4117

# fmt: off
PEOPLE = (
    ("person-ines-duarte", "Ines Duarte", "Head of Support", "team-support"),
    ("person-tomas-berg", "Tomás Berg", "Support engineer", "team-support"),
    ("person-amara-okafor", "Amara Okafor", "Support engineer", "team-support"),
    ("person-niamh-kelly", "Niamh Kelly", "Support engineer", "team-support"),
    ("person-kenji-watanabe", "Kenji Watanabe", "Site reliability engineer", "team-platform"),
    ("person-ravi-menon", "Ravi Menon", "Backend engineer", "team-platform"),
    ("person-lea-fontaine", "Léa Fontaine", "Customer success manager", "team-success"),
    ("person-conor-walsh", "Conor Walsh", "CTO", None),
)
CUSTOMERS = (
    ("customer-harbor-pine", "Harbor & Pine Logistics", "Platinum"),
    ("customer-mosaic-clinics", "Mosaic Clinics", "Gold"),
    ("customer-brightline-energy", "Brightline Energy", "Gold"),
    ("customer-quarry-labs", "Quarry Labs", "Standard"),
)
VENDORS = (
    ("vendor-beacon-status", "Beacon Status", "the hosted public status page"),
    ("vendor-pagernest", "PagerNest", "on-call paging and escalation policies"),
    ("vendor-deskflow", "Deskflow", "the helpdesk where every ticket lives"),
    ("vendor-mailgrid", "Mailgrid", "transactional e-mail for invoice sending"),
    ("vendor-skyrack", "Skyrack Cloud", "cloud hosting for the Ledgerline API"),
)
SERVICES = (
    ("service-ledgerline-api", "Ledgerline API"),
    ("service-web-app", "Ledgerline web app"),
    ("service-webhooks", "Webhook delivery"),
    ("service-invoice-email", "Invoice e-mail sending"),
    ("service-status-page", "Public status page"),
)
TOOLS = (
    ("tool-deskflow", "Deskflow helpdesk"),
    ("tool-pagernest", "PagerNest on-call"),
    ("tool-triage-bot", "Ticket triage bot"),
    ("tool-sla-alerts", "SLA breach alerts in #support"),
)
RULES = (
    ("rule-p1-ack", "Acknowledge every P1 ticket within 15 minutes, day or night",
     "team-support", date(2026, 1, 12)),
    ("rule-no-credit-promises", "Support never promises service credits or refunds; hand "
     "them to Customer Success", "team-support", date(2026, 1, 12)),
    ("rule-status-updates", "During an incident, update the public status page at least "
     "every 30 minutes", "team-platform", date(2026, 5, 4)),
)
# fmt: on


def _organisation(w: Book) -> None:
    founded, start = date(2021, 3, 1), date(2025, 1, 6)
    w.node(
        "Organization",
        "org-northbeam",
        "Northbeam Software",
        src="notion:company",
        as_of=founded,
        city="Dublin",
    )
    w.node(
        "Product",
        "product-ledgerline",
        "Ledgerline",
        src="notion:company",
        as_of=founded,
        text="B2B invoicing platform: invoices, reminders and webhooks to accounting systems",
    )
    for tid, name in (
        ("team-support", "Support team"),
        ("team-platform", "Platform team"),
        ("team-success", "Customer success team"),
    ):
        w.node("Team", tid, name, src="deskflow:groups", as_of=start)
        w.edge(tid, "MEMBER_OF", "org-northbeam", since=start, src="deskflow:groups")
    for pid, name, role, team in PEOPLE:
        email = f"{name.split()[0].lower().replace('á', 'a')}@northbeam.io"
        w.node("Person", pid, name, src="slack:users", as_of=start, role=role, email=email)
        w.edge(pid, "MEMBER_OF", team or "org-northbeam", since=start, src="slack:users")
    for cid, name, plan in CUSTOMERS:
        w.node(
            "Customer",
            cid,
            name,
            src="deskflow:organizations",
            as_of=date(2025, 4, 1),
            plan=plan,
            text=f"{name}, {plan} plan; customer success manager: Léa Fontaine",
        )
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="notion:vendors",
            as_of=date(2025, 2, 3),
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )


def _systems(w: Book) -> None:
    src, start = "notion:architecture", date(2025, 2, 3)
    for sid, name in SERVICES:
        w.node("Service", sid, name, src=src, as_of=start)
    for tid, name in TOOLS:
        w.node("Tool", tid, name, src="notion:tools", as_of=start)
    w.node(
        "Account",
        "account-deskflow-api-key",
        "Deskflow API key",
        src="notion:tools",
        as_of=start,
        text="The API key the triage bot and the SLA alerts use to read tickets",
    )
    w.edges(
        src,
        start,
        *((sid, "PART_OF", "product-ledgerline") for sid, _ in SERVICES[:4]),
        ("service-ledgerline-api", "DEPENDS_ON", "vendor-skyrack"),
        ("service-web-app", "DEPENDS_ON", "service-ledgerline-api"),
        ("service-webhooks", "DEPENDS_ON", "service-ledgerline-api"),
        ("service-invoice-email", "DEPENDS_ON", "service-ledgerline-api"),
        ("service-invoice-email", "DEPENDS_ON", "vendor-mailgrid"),
        ("tool-deskflow", "DEPENDS_ON", "vendor-deskflow"),
        ("tool-pagernest", "DEPENDS_ON", "vendor-pagernest"),
        ("account-deskflow-api-key", "PART_OF", "tool-deskflow"),
        ("tool-triage-bot", "DEPENDS_ON", "account-deskflow-api-key"),
        ("tool-sla-alerts", "DEPENDS_ON", "account-deskflow-api-key"),
        ("team-support", "USES", "tool-deskflow"),
        ("team-support", "USES", "tool-pagernest"),
        ("team-support", "USES", "tool-sla-alerts"),
        ("team-platform", "USES", "tool-pagernest"),
        ("team-platform", "WORKS_ON", "service-ledgerline-api"),
        ("person-kenji-watanabe", "OWNS", "service-ledgerline-api"),
        ("person-ines-duarte", "OWNS", "tool-deskflow"),
        ("person-tomas-berg", "OWNS", "tool-triage-bot"),
        ("person-tomas-berg", "WORKS_ON", "tool-triage-bot"),
        ("person-ravi-menon", "WORKS_ON", "service-webhooks"),
        ("person-ravi-menon", "OWNS", "service-webhooks"),
    )
    # The status page moved to Beacon in May: it no longer sits on the API's cloud.
    moved = date(2026, 5, 4)
    w.edge("service-status-page", "DEPENDS_ON", "vendor-skyrack", since=start, until=moved, src=src)
    w.edge("service-status-page", "DEPENDS_ON", "vendor-beacon-status", since=moved, src=src)
    w.edge("person-kenji-watanabe", "OWNS", "service-status-page", since=moved, src=src)
    # A retired zap: its dependency on the API key is closed, so it breaks nothing today.
    retired = date(2026, 8, 3)
    w.node(
        "Tool",
        "tool-old-zap",
        "Zapier: tickets to Google Sheets (retired)",
        src="zapier:zap-204",
        as_of=retired,
        status="retired",
    )
    w.edge(
        "tool-old-zap",
        "DEPENDS_ON",
        "account-deskflow-api-key",
        since=date(2025, 6, 2),
        until=retired,
        src="zapier:zap-204",
    )
    # Kenji joined the webhook work after the outage.
    w.edge(
        "person-kenji-watanabe",
        "WORKS_ON",
        "service-webhooks",
        since=date(2026, 10, 9),
        src="slack:#platform/p1760000",
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    """Three daily metrics, with the e-mail delay (11-12 Aug) and the webhook outage
    (6-9 Oct) in them, and faster weekend P1 responses after 19 September."""
    tickets, response, escalations = [], [], []
    bump_t = {
        date(2026, 8, 11): 48,
        date(2026, 8, 12): 35,
        date(2026, 10, 6): 225,
        date(2026, 10, 7): 280,
        date(2026, 10, 8): 150,
        date(2026, 10, 9): 55,
    }
    slow = {
        date(2026, 8, 11): 61.4,
        date(2026, 8, 12): 57.9,
        date(2026, 10, 6): 128.5,
        date(2026, 10, 7): 141.2,
        date(2026, 10, 8): 96.3,
        date(2026, 10, 9): 63.8,
    }
    esc = {
        date(2026, 8, 11): 11,
        date(2026, 8, 12): 8,
        date(2026, 10, 6): 31,
        date(2026, 10, 7): 27,
        date(2026, 10, 8): 14,
        date(2026, 10, 9): 9,
    }
    day = FIRST
    while day <= LAST:
        weekend = day.weekday() >= 5
        base = 36 + rng.randint(-6, 6) if weekend else 112 + (day - FIRST).days * 0.12
        n = round(base + (0 if weekend else rng.randint(-10, 10))) + bump_t.get(day, 0)
        tickets.append((day, n))
        if day in slow:
            minutes = slow[day]
        elif weekend:
            minutes = rng.uniform(36, 46) if day >= date(2026, 9, 19) else rng.uniform(46, 62)
        else:
            minutes = rng.uniform(29, 41)
        response.append((day, round(minutes, 1)))
        escalations.append((day, esc.get(day, rng.randint(0, 3) if weekend else rng.randint(3, 9))))
        day += timedelta(days=1)
    return {"tickets": tickets, "response": response, "escalations": escalations}


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    since = date(2025, 2, 3)
    w.metric(
        "metric-tickets-opened",
        "Tickets opened",
        "tickets",
        "sum",
        src="deskflow:reports",
        since=since,
        measures="product-ledgerline",
    )
    w.metric(
        "metric-first-response",
        "First response time",
        "minutes",
        "mean",
        src="deskflow:reports",
        since=since,
        measures="tool-deskflow",
    )
    w.metric(
        "metric-escalations",
        "Escalations to engineering",
        "escalations",
        "sum",
        src="deskflow:reports",
        since=since,
        measures="service-ledgerline-api",
    )
    return {
        "tickets": w.readings("metric-tickets-opened", series["tickets"], src="deskflow:reports"),
        "response": w.readings("metric-first-response", series["response"], src="deskflow:reports"),
        "escalations": w.readings(
            "metric-escalations", series["escalations"], src="deskflow:reports"
        ),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    out = [date(2026, 10, 6) + timedelta(days=i) for i in range(4)]
    src = "notion:incident-webhooks"
    w.node(
        "Release",
        "release-api-3-12",
        "Ledgerline API v3.12",
        src="github:northbeam/ledgerline/releases/v3.12",
        as_of="2026-10-06T09:05:00+00:00",
        version="3.12",
        releasedAt="2026-10-06T09:05:00+00:00",
    )
    w.edges(
        "github:northbeam/ledgerline/releases/v3.12",
        "2026-10-06T09:05:00+00:00",
        ("release-api-3-12", "PART_OF", "service-ledgerline-api"),
        ("release-api-3-12", "CHANGED", "service-webhooks"),
    )
    w.node(
        "Incident",
        "incident-webhook-outage",
        "Webhook deliveries failing after API v3.12",
        src=src,
        as_of=date(2026, 10, 9),
        status="resolved",
        severity="P1",
        startedAt="2026-10-06T09:40:00+00:00",
        resolvedAt="2026-10-09T16:00:00+00:00",
        text="API v3.12 rotated the webhook signing secret without a grace period; customers' "
        "endpoints rejected deliveries and webhook delivery gave up after three attempts.",
    )
    w.edges(
        src,
        "2026-10-06T09:40:00+00:00",
        ("release-api-3-12", "CAUSED", "incident-webhook-outage"),
        ("incident-webhook-outage", "AFFECTS", "service-webhooks"),
        ("incident-webhook-outage", "AFFECTS", "customer-harbor-pine"),
        ("incident-webhook-outage", "AFFECTS", "metric-tickets-opened"),
        ("incident-webhook-outage", "AFFECTS", "metric-first-response"),
        ("incident-webhook-outage", "AFFECTS", "metric-escalations"),
        *(
            ("incident-webhook-outage", "CAUSED", obs[k][d])
            for k in ("tickets", "response", "escalations")
            for d in out
        ),
        ("person-kenji-watanabe", "OWNS", "incident-webhook-outage"),
        as_of=date(2026, 10, 9),
    )
    src = "notion:incident-mailgrid"
    w.node(
        "Incident",
        "incident-mailgrid-delays",
        "Invoice e-mails delayed at Mailgrid",
        src=src,
        as_of=date(2026, 8, 13),
        status="resolved",
        severity="P2",
        startedAt="2026-08-11T07:20:00+00:00",
        resolvedAt="2026-08-12T18:30:00+00:00",
    )
    w.edges(
        src,
        "2026-08-11T07:20:00+00:00",
        ("vendor-mailgrid", "CAUSED", "incident-mailgrid-delays"),
        ("incident-mailgrid-delays", "AFFECTS", "service-invoice-email"),
        ("incident-mailgrid-delays", "AFFECTS", "metric-tickets-opened"),
        *(
            ("incident-mailgrid-delays", "CAUSED", obs["tickets"][d])
            for d in (date(2026, 8, 11), date(2026, 8, 12))
        ),
        ("person-ravi-menon", "OWNS", "incident-mailgrid-delays"),
        as_of=date(2026, 8, 13),
    )


def _work(w: Book) -> None:
    src = "linear:PLAT-311"
    w.node(
        "Task",
        "task-webhook-retries",
        "Add a retry queue to webhook delivery",
        src=src,
        as_of=date(2026, 9, 1),
        status="in progress",
        priority="high",
        text="Retry failed webhook events for 72 hours instead of dropping them after three "
        "attempts.",
    )
    w.edge("person-ravi-menon", "OWNS", "task-webhook-retries", since=date(2026, 9, 1), src=src)
    w.edge(
        "person-kenji-watanabe",
        "OWNS",
        "task-webhook-retries",
        since=date(2026, 10, 9),
        src="slack:#platform/p1760000",
    )
    w.edges(
        src,
        date(2026, 10, 9),
        ("task-webhook-retries", "FIXES", "incident-webhook-outage"),
        ("task-webhook-retries", "ABOUT", "service-webhooks"),
    )
    src = "notion:harbor-pine-sla"
    w.node(
        "Task",
        "task-harbor-sla-report",
        "Monthly SLA report for Harbor & Pine",
        src=src,
        as_of=date(2026, 6, 1),
        status="recurring",
    )
    w.edge("person-lea-fontaine", "OWNS", "task-harbor-sla-report", since=date(2026, 6, 1), src=src)
    w.edge(
        "person-amara-okafor",
        "OWNS",
        "task-harbor-sla-report",
        since=date(2026, 10, 1),
        src="slack:#support/p1759300",
    )
    w.edges(src, date(2026, 6, 1), ("task-harbor-sla-report", "ABOUT", "customer-harbor-pine"))
    src = "linear:SUP-88"
    w.node(
        "Task",
        "task-deskflow-macros",
        "Rewrite the Deskflow reply macros",
        src=src,
        as_of=date(2026, 8, 17),
        status="in progress",
    )
    w.edges(
        src,
        date(2026, 8, 17),
        ("person-tomas-berg", "OWNS", "task-deskflow-macros"),
        ("person-tomas-berg", "WORKS_ON", "task-deskflow-macros"),
        ("person-niamh-kelly", "WORKS_ON", "task-deskflow-macros"),
        ("task-deskflow-macros", "ABOUT", "tool-deskflow"),
    )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, team, since in RULES:
        w.node("Rule", rid, name, src="notion:support-handbook", as_of=since, text=f"{name}.")
        w.edges(
            "notion:support-handbook",
            since,
            (team, "OWNS", rid),
            (rid, "BASED_ON", "doc-support-handbook"),
        )
    old, new = "decision-weekend-rotation", "decision-weekend-pagernest"
    w.node(
        "Decision",
        old,
        "Support engineers take weekend P1 on-call on a rotation",
        src="notion:support-plan-2026",
        as_of=date(2026, 2, 9),
        rationale="Weekend P1s need a human answer within 15 minutes and the support team "
        "knows the customers.",
    )
    w.edge(
        old, "MADE_BY", "person-ines-duarte", since=date(2026, 2, 9), src="notion:support-plan-2026"
    )
    why = (
        "Weekend P1s went to a support engineer with no production access who then paged "
        "the platform on-call anyway, so every P1 waited for two people; weekend first "
        "responses were slower than weekday ones all summer, and the rotation was wearing "
        "out the three engineers on it."
    )
    w.node(
        "Decision",
        new,
        "Weekend P1 tickets page the platform on-call directly through PagerNest",
        src="notion:weekend-coverage-review",
        as_of=date(2026, 9, 14),
        rationale=why,
        text=why,
    )
    w.edges(
        "notion:weekend-coverage-review",
        date(2026, 9, 14),
        (new, "SUPERSEDES", old),
        (new, "MADE_BY", "person-ines-duarte"),
        (new, "DECIDED_IN", "doc-weekend-coverage-review"),
        (new, "BASED_ON", "metric-first-response"),
        (new, "AFFECTS", "tool-pagernest"),
    )
    why = (
        "The old self-hosted status page ran on Skyrack Cloud with the API, so it went down "
        "with the API during the April outage, exactly when customers needed it."
    )
    w.node(
        "Decision",
        "decision-status-page-beacon",
        "Host the public status page with Beacon Status",
        src="notion:status-page",
        as_of=date(2026, 5, 4),
        rationale=why,
        text=why,
    )
    w.edges(
        "notion:status-page",
        date(2026, 5, 4),
        ("decision-status-page-beacon", "MADE_BY", "person-kenji-watanabe"),
        ("decision-status-page-beacon", "AFFECTS", "service-status-page"),
    )


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Deskflow": "tool-deskflow",
        "PagerNest": "tool-pagernest",
        "status page": "service-status-page",
        "Harbor & Pine": "customer-harbor-pine",
        "Kenji": "person-kenji-watanabe",
        "webhook": "service-webhooks",
    }
    w.document(
        docs / "support-handbook.md",
        "doc-support-handbook",
        src="notion:support-handbook",
        as_of=date(2026, 1, 12),
        author="person-ines-duarte",
        kind="handbook",
        about=["team-support"],
        mentions=mentions,
    )
    w.document(
        docs / "webhook-outage-postmortem.md",
        "doc-webhook-postmortem",
        src="notion:postmortem-webhooks",
        as_of=date(2026, 10, 13),
        author="person-kenji-watanabe",
        kind="postmortem",
        about=["incident-webhook-outage"],
        mentions=mentions,
    )
    w.document(
        docs / "weekend-coverage-review.md",
        "doc-weekend-coverage-review",
        src="notion:weekend-coverage-review",
        as_of=date(2026, 9, 14),
        author="person-ines-duarte",
        kind="review",
        about=["team-support"],
        mentions=mentions,
    )


def _questions(facts: list[dict], today: date) -> list[Question]:
    m = metric_question
    oct_ = date(2026, 10, 1)
    return [
        impact_question(
            facts,
            "What stops working if Skyrack Cloud has an outage?",
            ["vendor-skyrack"],
            today,
            note="the status page left Skyrack in May: it is not affected",
        ),
        impact_question(
            facts,
            "If someone revokes the Deskflow API key, what breaks?",
            ["account-deskflow-api-key"],
            today,
            must_exclude=["Zapier"],
        ),
        owner_question(
            facts,
            "Who had the webhook retry queue work at the start of October?",
            "task-webhook-retries",
            oct_,
        ),
        owner_question(
            facts, "Who's looking after the webhook retry queue now?", "task-webhook-retries", today
        ),
        owner_question(
            facts,
            "who was doing the Harbor & Pine SLA report on 2026-09-15",
            "task-harbor-sla-report",
            date(2026, 9, 15),
        ),
        owner_question(
            facts,
            "And on 3 Oct, who had the Harbor & Pine monthly SLA report?",
            "task-harbor-sla-report",
            date(2026, 10, 3),
        ),
        Question(
            "Why did we stop the weekend on-call rotation for support engineers?",
            "decision",
            must_include=["platform on-call", "production access"],
            must_cite=["decision-weekend-pagernest"],
        ),
        Question(
            "Why is our status page hosted by Beacon now?",
            "decision",
            must_include=["April outage"],
            must_cite=["decision-status-page-beacon"],
        ),
        Question(
            "How fast do we have to acknowledge a P1?",
            "policy",
            must_include=["15 minutes"],
            must_cite=["rule-p1-ack"],
        ),
        Question(
            "A customer wants a refund after the outage. Can I promise them a credit?",
            "policy",
            must_include=["Customer Success"],
            must_cite=["rule-no-credit-promises"],
        ),
        related_question(
            facts,
            "Who do we get our status page from?",
            today,
            rel="DEPENDS_ON",
            frm="service-status-page",
            keep=["Vendor"],
        ),
        related_question(
            facts,
            "Who's working on webhook delivery at the moment?",
            today,
            rel="WORKS_ON",
            to="service-webhooks",
        ),
        related_question(
            facts,
            "What tools does the support team use day to day?",
            today,
            rel="USES",
            frm="team-support",
        ),
        m(
            facts,
            today,
            "How many tickets came in yesterday?",
            "metric_value",
            "metric-tickets-opened",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What was our first response time on 7 October?",
            "metric_value",
            "metric-first-response",
            span=(date(2026, 10, 7),) * 2,
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "How many tickets did we open from 1 to 14 October?",
            "metric_total",
            "metric-tickets-opened",
            span=(oct_, date(2026, 10, 14)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many tickets did we get last week?",
            "metric_total",
            "metric-tickets-opened",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "How many escalations to engineering did we have in Q3?",
            "metric_total",
            "metric-escalations",
            periods=("q3",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "What was the average first response time between 14 September and 11 October?",
            "metric_average",
            "metric-first-response",
            span=(date(2026, 9, 14), date(2026, 10, 11)),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "What's first response averaging this month?",
            "metric_average",
            "metric-first-response",
            periods=("this_month",),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "On average, how many tickets a day have we opened since August?",
            "metric_average",
            "metric-tickets-opened",
            periods=("since_august",),
            tolerance=0.1,
        ),
        m(
            facts,
            today,
            "How did ticket volume over the last 7 days compare with the week before?",
            "metric_change",
            "metric-tickets-opened",
            periods=("last_7_days", "previous_7_days"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "Was first response time better or worse last week than the week before?",
            "metric_change",
            "metric-first-response",
            periods=("last_week", "week_before_last"),
            tolerance=0.2,
        ),
        Question(
            "Why did tickets spike in the week of 5 October?",
            "metric_why",
            must_include=["Webhook deliveries failing after API v3.12"],
            must_cite=["incident-webhook-outage"],
        ),
        Question(
            "Why was first response so slow on 7 October?",
            "metric_why",
            must_include=["Webhook deliveries failing after API v3.12"],
            must_cite=["incident-webhook-outage"],
        ),
        Question(
            "What's our first-response target for Gold customers?",
            "document",
            must_include=["4 hours"],
            must_cite=["doc-support-handbook"],
        ),
        Question(
            "What did the postmortem say caused the webhook outage?",
            "document",
            must_include=["signing secret", "grace period"],
            must_cite=["doc-webhook-postmortem"],
        ),
        Question(
            "What breaks if our Freshdesk account goes down?",
            "unknown",
            absent=["Freshdesk"],
            note="there is no Freshdesk in the records",
        ),
        Question(
            "Who owns the Kubernetes upgrade?",
            "unknown",
            absent=["Kubernetes"],
            note="there is no Kubernetes upgrade in the records",
        ),
        Question(
            "How many tickets did we open in March?",
            "unknown",
            absent=["2026-03-"],
            note="readings start on 1 July",
        ),
        Question("What's the weather in Lisbon tomorrow?", "offtopic"),
        Question("Who won the Champions League final?", "offtopic"),
    ]


def build() -> Business:
    """The business's facts and its questions."""
    w = Book(TODAY)
    rng = random.Random(SEED)
    _organisation(w)
    _systems(w)
    obs = _metrics(w, rng)
    _incidents(w, obs)
    _work(w)
    _documents(w)
    _decisions_and_rules(w)
    return Business(
        SLUG,
        "Northbeam Software (Ledgerline support)",
        "B2B software support team",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
    )
