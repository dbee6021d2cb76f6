"""The story business behind ``brain.sample``: Ember & Oak Coffee, written as facts.

Each builder writes one part of the story (the organisation, the storefront, the orders
drop, the Instagram token, the daily-stories decision, the campaigns, the smaller work and
the conversations) through ``_Facts``, which stamps every node and edge as sample data. The
numbers come from one ``random.Random`` with a fixed seed, so the story is the same on
every run for the same ``today``; the prose comes from ``brain._sample_text``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any

from brain._sample_text import (
    MEETING_LINES,
    PEOPLE,
    PRODUCTS,
    CampaignTotals,
    DocText,
    ReleaseSpec,
    Said,
    StoryFacts,
    conversations,
    documents,
    releases,
)

#: One fact in the ingest format: ``{"node": {...}}`` or ``{"edge": {...}}``.
Fact = dict[str, Any]
#: A node of a table: id, name and its other properties.
Row = tuple[str, str, dict[str, Any]]

STORY_SEED = 1729
_IST = timezone(timedelta(hours=5, minutes=30))
_HISTORY_END = (10, 15)  # the dated history's last event is 12 October


def _iso(value: date | str) -> str:
    return value if isinstance(value, str) else value.isoformat()


def _at(day: date, hour: int = 0, minute: int = 0) -> str:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=_IST).isoformat()


@dataclass(frozen=True, slots=True)
class _Calendar:
    today: date
    year: int

    def ago(self, days: int) -> date:
        return self.today - timedelta(days=days)

    def on(self, month: int, day: int, *, years_back: int = 0) -> date:
        return date(self.year - years_back, month, day)


def _calendar(today: date) -> _Calendar:
    year = today.year if (today.month, today.day) >= _HISTORY_END else today.year - 1
    return _Calendar(today, year)


class _Facts:
    """Collects facts in the order they are written; the gate and the tests check them."""

    __slots__ = ("facts", "names")

    def __init__(self) -> None:
        self.facts: list[Fact] = []
        self.names: dict[str, str] = {}

    def node(
        self, type_: str, id_: str, name: str, *, src: str, as_of: date | str, **props: Any
    ) -> str:
        node: dict[str, Any] = {
            "type": type_,
            "id": id_,
            "name": name,
            "src": f"sample:{src}",
            "asOf": _iso(as_of),
            "sample": True,
        }
        node.update(props)
        self.facts.append({"node": node})
        self.names[id_] = name
        return id_

    def edge(
        self,
        frm: str,
        rel: str,
        to: str,
        *,
        since: date | str,
        src: str,
        as_of: date | str | None = None,
        until: date | str | None = None,
    ) -> None:
        edge = {
            "from": frm,
            "type": rel,
            "to": to,
            "since": _iso(since),
            "src": f"sample:{src}",
            "asOf": _iso(as_of or until or since),
        }
        if until is not None:
            edge["until"] = _iso(until)
        self.facts.append({"edge": edge})

    def nodes(self, type_: str, rows: Iterable[Row], *, src: str,
              as_of: date | str) -> None:  # fmt: skip
        for id_, name, props in rows:
            self.node(type_, id_, name, src=src, as_of=as_of, **props)

    def edges(self, src: str, since: date | str, *triples: tuple[str, str, str],
              as_of: date | str | None = None) -> None:  # fmt: skip
        """Edges that share a source and a since: ``(from, rel, to)`` triples."""
        for frm, rel, to in triples:
            self.edge(frm, rel, to, since=since, src=src, as_of=as_of)


def story(today: date) -> list[Fact]:
    """The story's facts for ``today`` (a date): nodes first, then edges."""
    cal = _calendar(today)
    rng = random.Random(STORY_SEED)
    w = _Facts()
    _organisation(w, cal)
    _storefront(w, cal)
    orders, errors = _orders_drop(w, cal, rng)
    _instagram(w, cal)
    story_reach, reel_reach = _daily_stories(w, cal, rng)
    campaigns = _campaigns(w, cal, rng)
    release_day = cal.ago(4)
    facts = StoryFacts(
        today=today,
        year=cal.year,
        release_day=release_day,
        daily_orders=tuple((d, int(n)) for d, n in orders),  # order counts are whole
        error_before=sum(v for d, v in errors if d < release_day) / 10,
        error_after=sum(v for d, v in errors if d >= release_day) / 4,
        campaigns=campaigns,
        story_reach=story_reach,
        reel_reach=reel_reach,
        token_expires=cal.ago(-9),
        launch_day=cal.ago(28),
    )
    _work(w, cal)
    for said in conversations(facts):
        _said(w, said)
    for release in releases(facts):
        _release(w, release)
    for doc in documents(facts, seed=STORY_SEED):
        _document(w, doc)
    return [f for f in w.facts if "node" in f] + [f for f in w.facts if "edge" in f]


# fmt: off
# The story builders below are tables of facts, laid out by hand to read as tables.

_TEAMS = ("team-content", "team-ads", "team-website", "team-cafes")
_CUSTOMERS: tuple[Row, ...] = (
    ("customer-neha-kapoor", "Neha Kapoor", {"city": "Pune", "segment": "online"}),
    ("customer-rahul-verma", "Rahul Verma", {"city": "Bengaluru", "segment": "subscriber"}),
    ("customer-blue-door-cafe", "Blue Door Café", {"city": "Mysuru", "segment": "wholesale"}),
    ("customer-studio-nine", "Studio Nine", {"city": "Bengaluru", "segment": "office"}),
)
_VENDORS: tuple[Row, ...] = (
    ("vendor-razorpay", "Razorpay", {"supplies": "payment gateway: cards and UPI"}),
    ("vendor-shipfast", "ShipFast Logistics", {"supplies": "courier for online orders"}),
    ("vendor-hills-estate", "Baba Budan Hills Estate", {"supplies": "green coffee"}),
)
_STEPS: tuple[Row, ...] = (
    ("step-cart", "Checkout step: Cart", {}),
    ("step-address", "Checkout step: Address form", {}),
    ("step-upi-payment", "Checkout step: UPI payment", {}),
    ("step-card-payment", "Checkout step: Card payment", {}),
    ("step-order-confirmation", "Checkout step: Order confirmation", {}),
)
_PAGES: tuple[Row, ...] = (
    ("page-home", "Home page", {"path": "/"}),
    ("page-new-roast", "Sunrise Natural product page", {"path": "/coffee/sunrise-natural"}),
    ("page-checkout", "Checkout page", {"path": "/checkout"}),
    ("page-contact", "Contact page", {"path": "/contact"}),
    ("page-cafe-locator", "Café locator", {"path": "/cafes"}),
)
_CHANNELS: tuple[Row, ...] = (
    ("channel-instagram", "Instagram @emberandoak", {}),
    ("channel-google-search", "Google search", {}),
    ("channel-newsletter", "E-mail newsletter", {}),
    ("channel-slack-website", "#website on Slack", {}),
    ("channel-slack-content", "#content on Slack", {}),
)


def _organisation(w: _Facts, cal: _Calendar) -> None:
    founded, start = cal.on(3, 1, years_back=3), cal.on(1, 6)
    w.node("Organization", "org-ember-oak", "Ember & Oak Coffee", src="notion/company",
           as_of=founded, website="emberandoak.coffee", city="Bengaluru")
    for tid in _TEAMS:
        name = f"{tid.removeprefix('team-').capitalize()} team".replace("Cafes", "Cafés")
        w.node("Team", tid, name, src="slack/usergroups", as_of=start)
        w.edge(tid, "MEMBER_OF", "org-ember-oak", since=start, src="slack/usergroups")
    for pid, name, role, team in PEOPLE:
        joined = founded if team is None else start
        email = f"{name.split()[0].lower()}@emberandoak.coffee"
        w.node("Person", pid, name, src="slack/users", as_of=joined, role=role, email=email)
        w.edge(pid, "MEMBER_OF", team or "org-ember-oak", since=joined, src="slack/users")
    w.nodes("Customer", _CUSTOMERS, src="shopify/customers", as_of=cal.on(4, 2))
    w.nodes("Vendor", _VENDORS, src="notion/vendors", as_of=founded)
    for pid, name, origin, process, _, notes, _, price in PRODUCTS:
        w.node("Product", pid, name, src="shopify/products", as_of=cal.on(2, 1), origin=origin,
               process=process, tastingNotes=notes, priceInr=price)
        w.edges("shopify/products", cal.on(2, 1), ("person-arjun", "OWNS", pid),
                (pid, "DEPENDS_ON", "vendor-hills-estate"))


def _storefront(w: _Facts, cal: _Calendar) -> None:
    start, src = cal.on(1, 10, years_back=1), "notion/architecture"
    w.node("Service", "service-online-store", "Online store", src=src, as_of=start,
           url="https://emberandoak.coffee")
    w.node("Service", "service-checkout", "Checkout", src=src, as_of=start)
    w.node("Service", "service-cafe-pos", "Café POS", src=src, as_of=start)
    w.node("Service", "service-insta-shop-sync", "Instagram Shop sync", src=src,
           as_of=cal.on(4, 1))
    w.nodes("Step", _STEPS, src=src, as_of=start)
    w.nodes("Page", _PAGES, src="shopify/pages", as_of=start)
    w.nodes("Channel", _CHANNELS, src="notion/channels", as_of=start)
    w.node("Tool", "tool-google-ads", "Google Ads", src="notion/tools", as_of=start)
    w.node("Account", "account-google-ads", "Google Ads account", src="notion/tools",
           as_of=start)
    w.edges(src, start,
        ("service-checkout", "PART_OF", "service-online-store"),
        ("service-checkout", "USES", "vendor-razorpay"),
        ("person-priya", "OWNS", "service-online-store"),
        ("person-rohan", "OWNS", "service-checkout"),
        ("team-website", "WORKS_ON", "service-online-store"),
        *((sid, "PART_OF", "service-checkout") for sid, _, _ in _STEPS),
        *((pid, "PART_OF", "service-online-store") for pid, _, _ in _PAGES),
        ("step-upi-payment", "DEPENDS_ON", "vendor-razorpay"),
        ("step-card-payment", "DEPENDS_ON", "vendor-razorpay"),
        ("step-order-confirmation", "DEPENDS_ON", "step-upi-payment"),
        ("step-order-confirmation", "DEPENDS_ON", "step-card-payment"),
        ("page-checkout", "DEPENDS_ON", "service-checkout"),
        ("tool-google-ads", "DEPENDS_ON", "account-google-ads"),
        ("person-kabir", "OWNS", "account-google-ads"),
    )
    w.edges(src, cal.on(4, 1), ("service-insta-shop-sync", "PART_OF", "service-online-store"))
    w.edges(src, cal.ago(35),
        ("page-new-roast", "DEPENDS_ON", "page-checkout"),
        ("page-new-roast", "AFFECTS", "product-sunrise-natural"),
    )
    w.edges(src, cal.on(9, 1), ("page-contact", "AFFECTS", "goal-cafe-visits"))


def _reading(w: _Facts, metric: str, first: date, days: int, value: float, src: str) -> str:
    """One Observation of ``metric`` over ``days`` days from ``first``, and its MEASURES."""
    oid = f"obs-{metric.removeprefix('metric-')}-{first.isoformat()}"
    start, end = _at(first), _at(first + timedelta(days=days))
    w.node("Observation", oid, f"{w.names[metric]}, {first.isoformat()}", src=src, as_of=end,
           value=value, start=start, end=end)
    w.edge(oid, "MEASURES", metric, since=start, src=src)
    return oid


def _metric(w: _Facts, mid: str, name: str, unit: str, aggregation: str, *, measures: str,
            src: str, since: date) -> None:
    w.node("Metric", mid, name, src=src, as_of=since, unit=unit, aggregation=aggregation)
    w.edge(mid, "MEASURES", measures, since=since, src=src)


_WEEKDAY_BUMP = (-4, -3, -2, 0, 3, 7, 6)  # Monday .. Sunday
Series = tuple[tuple[date, float], ...]


def _orders_drop(w: _Facts, cal: _Calendar, rng: random.Random) -> tuple[Series, Series]:
    """Story 1: the checkout release that broke UPI, and the orders it cost."""
    rel, opened = cal.ago(4), cal.ago(3)
    started, since = _at(rel, 11, 5), cal.on(1, 10, years_back=1)
    _metric(w, "metric-online-orders", "Online orders", "orders", "sum",
            measures="service-online-store", src="shopify/reports", since=since)
    _metric(w, "metric-payment-error-rate", "UPI payment error rate", "%", "mean",
            measures="step-upi-payment", src="razorpay/dashboard", since=since)
    orders: list[tuple[date, float]] = []
    caused: list[str] = []
    for back in range(60, 0, -1):
        day = cal.ago(back)
        bump = _WEEKDAY_BUMP[day.weekday()] + rng.randint(-5, 5)
        n = rng.randint(60, 75) if back <= 4 else max(120, min(140, 127 + bump))
        oid = _reading(w, "metric-online-orders", day, 1, n, "shopify/reports")
        orders.append((day, n))
        caused += [oid] if back <= 4 else []
    errors: list[tuple[date, float]] = []
    for back in range(14, 0, -1):
        day = cal.ago(back)
        value = round(rng.uniform(16.5, 19.5) if back <= 4 else rng.uniform(0.7, 1.4), 2)
        oid = _reading(w, "metric-payment-error-rate", day, 1, value, "razorpay/dashboard")
        errors.append((day, value))
        caused += [oid] if back <= 4 else []

    inc = "notion/incident-upi"
    w.node("Incident", "incident-upi-failures", "UPI payments failing", src=inc, as_of=opened,
           status="open", severity="high", startedAt=started)
    w.edges(inc, started,
        ("release-checkout-2-4", "CAUSED", "incident-upi-failures"),
        ("incident-upi-failures", "AFFECTS", "step-upi-payment"),
        ("incident-upi-failures", "AFFECTS", "metric-online-orders"),
        *(("incident-upi-failures", "CAUSED", oid) for oid in caused),
        as_of=opened,
    )
    w.edge("person-priya", "OWNS", "incident-upi-failures", since=_at(opened, 9, 15), src=inc)
    w.node("Task", "task-fix-upi", "Fix UPI payments after Checkout v2.4", src="notion/p31",
           as_of=opened, status="in progress", priority="urgent")
    w.edges("notion/p31", _at(opened, 9, 30),
        ("person-rohan", "OWNS", "task-fix-upi"),
        ("task-fix-upi", "FIXES", "incident-upi-failures"),
        ("task-fix-upi", "ABOUT", "step-upi-payment"),
    )
    w.node("Task", "task-refund-failed-upi", "Refund or complete orders with failed UPI "
           "payments", src="notion/p32", as_of=opened, status="in progress")
    w.edges("notion/p32", _at(opened, 10),
        ("person-sara", "OWNS", "task-refund-failed-upi"),
        ("task-refund-failed-upi", "ABOUT", "incident-upi-failures"),
        ("task-refund-failed-upi", "DEPENDS_ON", "task-fix-upi"),
    )
    pr = "github/checkout/pull/212"
    w.node("Decision", "decision-upi-intent", "Move UPI payments to the intent flow in v2.4",
           src=pr, as_of=cal.ago(16), text="Razorpay asked merchants to move from UPI collect "
           "requests to the intent flow, which is faster for customers: they tap their UPI app "
           "instead of typing an id.")
    w.edges(pr, cal.ago(16),
        ("decision-upi-intent", "MADE_BY", "person-rohan"),
        ("decision-upi-intent", "BASED_ON", "email-razorpay-upi-intent"),
    )
    w.edges(pr, _at(rel, 10, 30), ("decision-upi-intent", "CHANGED", "step-upi-payment"))
    return tuple(orders), tuple(errors)


def _instagram(w: _Facts, cal: _Calendar) -> None:
    """Stories 2 and 3: what hangs off the Instagram token, and who owns fixing its refresh."""
    src, token = "notion/tools", "account-instagram-token"
    w.node("Account", token, "Instagram Graph API token", src=src, as_of=cal.on(8, 18),
           lifetimeDays=60, expiresOn=cal.ago(-9).isoformat())
    w.node("Tool", "tool-post-scheduler", "Post scheduler", src=src, as_of=cal.on(2, 1))
    w.node("Tool", "tool-dm-autoresponder", "Instagram DM auto-responder", src=src,
           as_of=cal.on(3, 15))
    w.edges(src, cal.on(2, 1),
        ("person-ananya", "OWNS", token),
        ("person-ananya", "OWNS", "tool-post-scheduler"),
        ("tool-post-scheduler", "DEPENDS_ON", token),
    )
    w.edges(src, cal.on(3, 15), ("tool-dm-autoresponder", "DEPENDS_ON", token))
    w.edges(src, cal.on(4, 1), ("service-insta-shop-sync", "DEPENDS_ON", token))
    # The retired zap's dependency is closed: "what breaks" today must not list it.
    retired = cal.on(8, 1)
    w.node("Tool", "tool-old-zapier", "Zapier: Instagram leads to Sheets (retired)",
           src="zapier/zap-118", as_of=retired, status="retired")
    w.edge("tool-old-zapier", "DEPENDS_ON", token, since=cal.on(11, 10, years_back=1),
           until=retired, src="zapier/zap-118")

    inc, expired = "notion/incident-ig-token", cal.on(8, 16)
    w.node("Incident", "incident-ig-token-expired", "Instagram token expired", src=inc,
           as_of=cal.on(8, 19), status="resolved", severity="medium")
    w.edges(inc, expired,
        (token, "CAUSED", "incident-ig-token-expired"),
        *(("incident-ig-token-expired", "AFFECTS", t) for t in
          ("tool-post-scheduler", "tool-dm-autoresponder", "service-insta-shop-sync")),
        as_of=cal.on(8, 19),
    )
    w.edge("person-arjun", "OWNS", "incident-ig-token-expired", since=cal.on(8, 18), src=inc)

    # Two states of one task: the later fact changes its status, so the brain keeps a Version.
    for as_of, status in ((cal.on(8, 20), "open"), (cal.on(10, 7), "in progress")):
        w.node("Task", "task-ig-token", "Fix Instagram token refresh", src="notion/p12",
               as_of=as_of, status=status, priority="high", text="Refresh the Instagram "
               "token automatically before it expires, and alert #content when a refresh "
               "fails, so the scheduler, DM replies and shop sync never stop silently again.")
    # Only the two holders, each with its since: the one-holder rule closes Arjun's edge.
    w.edge("person-arjun", "OWNS", "task-ig-token", since=cal.on(8, 20), src="notion/p12")
    w.edge("person-priya", "OWNS", "task-ig-token", since=cal.on(10, 5), src="slack/m88")
    w.edges("notion/p12", cal.on(8, 20),
        ("task-ig-token", "ABOUT", token),
        ("task-ig-token", "FIXES", "incident-ig-token-expired"),
        ("task-ig-token", "BASED_ON", "doc-incident-ig-token"),
    )


Ends = tuple[int, int]  # the first and the last weekly reading


def _daily_stories(w: _Facts, cal: _Calendar, rng: random.Random) -> tuple[Ends, Ends]:
    """Story 4: daily stories, their falling reach, and the meeting that paused them."""
    pause, ig = cal.on(10, 12), "instagram/insights"
    last: dict[str, str] = {}
    ends: dict[str, tuple[int, int]] = {}
    for slug, name, first, final in (
        ("story", "Average reach per Instagram story", 1850, 720),
        ("reel", "Average reach per Instagram reel", 2900, 4600),
    ):
        metric = f"metric-{slug}-reach"
        _metric(w, metric, name, "accounts", "mean", measures="channel-instagram", src=ig,
                since=cal.on(1, 6))
        values = [round(first + (final - first) * k / 9) + rng.randint(-60, 60) for k in range(10)]
        for k, value in enumerate(values):
            last[slug] = _reading(w, metric, pause - timedelta(days=70 - 7 * k), 7, value, ig)
        ends[slug] = (values[0], values[-1])

    plan = "notion/content-plan-h2"
    w.node("Decision", "decision-daily-stories", "Post Instagram stories daily", src=plan,
           as_of=cal.on(6, 3), text="Stories are cheap to make, keep us visible every day, "
           "and in spring they reached more people per post than anything else we did.")
    w.edges(plan, cal.on(6, 3),
        ("decision-daily-stories", "MADE_BY", "person-arjun"),
        ("decision-daily-stories", "DECIDED_IN", "doc-content-plan-h2"),
    )

    meet, mid, at = "meet/content-review", f"meeting-content-review-{pause}", _at(pause, 11)
    w.node("Meeting", mid, "Content review, 12 October", src=meet, as_of=pause, startedAt=at,
           endedAt=_at(pause, 11, 40))
    w.edges(meet, at, *((p, "ATTENDED", mid) for p in
                        ("person-arjun", "person-meera", "person-ananya", "person-kabir")))
    lines: list[str] = []
    for i, (speaker, text) in enumerate(MEETING_LINES, 1):
        cid = f"chunk-content-review-{pause}-{i:02d}"
        w.node("Chunk", cid, f"Content review, 12 October, line {i}", src=f"{meet}#{i}",
               as_of=pause, text=text, seq=i)
        w.edges(meet, at, (mid, "HAS_CHUNK", cid), (cid, "SAID_BY", speaker))
        lines.append(cid)

    did = "decision-pause-daily-stories"
    rationale = (
        "Reach per story fell by more than half since the summer while reach per reel kept "
        "growing, and daily stories cost about an hour a day. Three reels a week reach more "
        "people for less work; stories stay for real events."
    )
    w.node("Decision", did, "Pause daily stories; post three reels a week", src=meet,
           as_of=pause, text=rationale, rationale=rationale)
    w.edges(meet, pause,
        (did, "SUPERSEDES", "decision-daily-stories"),
        (did, "DECIDED_IN", mid),
        (did, "MADE_BY", "person-meera"),
        (did, "BASED_ON", lines[5]),  # "Then let's decide: pause daily stories ..."
        (did, "EVIDENCED_BY", lines[1]),  # "Reach per story has fallen every week ..."
        (did, "BASED_ON", "metric-story-reach"),
        (did, "BASED_ON", last["story"]),
        (did, "BASED_ON", last["reel"]),
        (did, "AFFECTS", "channel-instagram"),
    )
    w.node("Task", "task-reels-calendar", "Build a four-week reels calendar", src="notion/p40",
           as_of=pause, status="done")
    w.edges("notion/p40", pause,
        ("person-ananya", "OWNS", "task-reels-calendar"),
        ("task-reels-calendar", "BASED_ON", did),
        ("task-reels-calendar", "EVIDENCED_BY", lines[7]),
    )
    return ends["story"], ends["reel"]


# id, name, weekly spend (INR), cost per sign-up aimed at, started (days before today)
_CAMPAIGNS = (
    ("campaign-new-roast-launch", "New roast launch: Sunrise Natural", 21_000, 120.0, 28),
    ("campaign-brand-search", "Brand search", 9_500, 74.0, 300),
    ("campaign-cafe-loyalty", "Café loyalty", 4_200, 47.0, 75),
)


def _campaigns(w: _Facts, cal: _Calendar, rng: random.Random) -> tuple[CampaignTotals, ...]:
    """Story 5: three campaigns with spend and sign-ups; the launch sends people to checkout."""
    ads, shop = "google-ads/reports", "shopify/customers"
    totals: list[CampaignTotals] = []
    for cid, name, weekly, cps, back in _CAMPAIGNS:
        slug, started = cid.removeprefix("campaign-"), cal.ago(back)
        w.node("Campaign", cid, name, src=f"notion/brief-{slug}", as_of=started,
               status="active", weeklyBudgetInr=weekly, startedOn=started.isoformat())
        w.edges(f"notion/brief-{slug}", started,
                ("person-kabir", "OWNS", cid), ("team-ads", "WORKS_ON", cid))
        spend_id, signups_id = f"metric-campaign-spend-{slug}", f"metric-signups-{slug}"
        _metric(w, spend_id, f"Ad spend: {name}", "INR", "sum", measures=cid, src=ads,
                since=started)
        _metric(w, signups_id, f"Sign-ups: {name}", "sign-ups", "sum", measures=cid, src=shop,
                since=started)
        spent = signed = 0
        for k in range(4):
            week = cal.ago(28 - 7 * k)
            spend = round(weekly * rng.uniform(0.93, 1.07))
            # In the last week the launch lands people on a checkout that fails UPI payments.
            hurt = 0.7 if cid == "campaign-new-roast-launch" and k == 3 else 1.0
            signups = round(spend / cps * rng.uniform(0.95, 1.05) * hurt)
            _reading(w, spend_id, week, 7, spend, ads)
            _reading(w, signups_id, week, 7, signups, shop)
            spent, signed = spent + spend, signed + signups
        totals.append(CampaignTotals(cid, name, spent, signed))

    new, loyal, launch = "campaign-new-roast-launch", "campaign-cafe-loyalty", cal.ago(28)
    w.edges("notion/brief-new-roast-launch", launch,
        *((new, "TARGETS", t) for t in
          ("page-new-roast", "page-checkout", "product-sunrise-natural", "channel-instagram")),
        (new, "DEPENDS_ON", "tool-post-scheduler"),
        (new, "DEPENDS_ON", "page-new-roast"),
        (new, "USES", "tool-google-ads"),
    )
    w.edges("notion/ads-review", _at(cal.ago(4), 11, 5),
            ("incident-upi-failures", "AFFECTS", new), as_of=cal.ago(2))
    w.edges("notion/brief-brand-search", cal.ago(300),
        *(("campaign-brand-search", "TARGETS", t) for t in
          ("page-home", "page-cafe-locator", "channel-google-search")),
        ("campaign-brand-search", "USES", "tool-google-ads"),
    )
    w.edges("notion/brief-cafe-loyalty", cal.ago(75),
        (loyal, "TARGETS", "page-cafe-locator"),
        (loyal, "TARGETS", "channel-instagram"),
        (loyal, "DEPENDS_ON", "tool-dm-autoresponder"),
        (loyal, "DEPENDS_ON", "service-cafe-pos"),
    )

    for pid, name, campaign, back in (
        ("post-sunrise-reel-farm", "Sunrise Natural reel: the farm", new, 20),
        ("post-sunrise-reel-roast", "Sunrise Natural reel: the roast", new, 13),
        ("post-sunrise-reel-brew", "Sunrise Natural reel: brewing at home", new, 6),
        ("post-loyalty-reel", "Café loyalty reel: ten stamps", loyal, 40),
    ):
        w.node("Post", pid, name, src="instagram/media", as_of=cal.ago(back),
               text=f"{name}. Visit your nearest café.")
        w.edges("instagram/media", cal.ago(back),
            (pid, "PART_OF", campaign),
            (pid, "PART_OF", "channel-instagram"),
            (pid, "DEPENDS_ON", "tool-post-scheduler"),
            ("person-ananya", "AUTHORED", pid),
        )
    footage, cut = "asset-sunrise-farm-footage", "asset-sunrise-reel-cut"
    w.node("Asset", footage, "Sunrise Natural farm footage", src="drive/assets",
           as_of=cal.ago(35))
    w.node("Asset", cut, "Sunrise Natural reel cut", src="drive/assets", as_of=cal.ago(22))
    w.edges("drive/assets", cal.ago(22), (cut, "DERIVED_FROM", footage), (cut, "PART_OF", new))
    w.edges("drive/assets", cal.ago(20), ("post-sunrise-reel-farm", "DEPENDS_ON", cut))

    for gid, name, depends in (
        ("goal-cafe-visits", "Visit your nearest café: 1,500 traced café visits a week", loyal),
        ("goal-online-revenue", "₹30 lakh online revenue this quarter", "service-online-store"),
        ("goal-new-roast-sales", "Sell 2,000 bags of Sunrise Natural by year end", new),
    ):
        w.node("Goal", gid, name, src="notion/q4-plan", as_of=cal.on(10, 1))
        w.edges("notion/q4-plan", cal.on(10, 1),
                ("person-arjun", "OWNS", gid), (gid, "DEPENDS_ON", depends))
    w.edges("notion/q4-plan", cal.on(10, 1),
            ("goal-new-roast-sales", "PART_OF", "goal-online-revenue"))
    return tuple(totals)


# id, name, owning team, the document it rests on, (month, day)
_RULES = (
    ("rule-cafe-cta", "End every post and ad with 'Visit your nearest café'",
     "team-content", "doc-brand-voice", (2, 5)),
    ("rule-no-free-tasting", "Never promise or imply a free tasting", "team-content",
     "doc-brand-voice", (2, 5)),
    ("rule-release-checklist", "Test card and UPI payments on real phones before every "
     "checkout release", "team-website", "doc-release-checklist", (4, 14)),
    ("rule-ad-spend-approval", "Ad budgets above ₹20,000 a week need Arjun's OK", "team-ads",
     "doc-ad-spend-approval", (3, 3)),
    ("rule-refund-48h", "Answer every failed-payment or refund request within 48 hours",
     "team-cafes", "doc-refunds-process", (2, 10)),
)


def _work(w: _Facts, cal: _Calendar) -> None:
    """Rules, notes, the smaller tasks and the courier incident around the story."""
    for rid, name, team, doc, (month, day) in _RULES:
        src = f"notion/{doc.removeprefix('doc-')}"
        w.node("Rule", rid, name, src=src, as_of=cal.on(month, day), text=f"{name}.")
        w.edges(src, cal.on(month, day), (team, "OWNS", rid), (rid, "BASED_ON", doc))
    w.node("Note", "note-ig-token-expiry", "Instagram token expiry", src="slack/remember-4",
           as_of=cal.ago(1), text="The Instagram token lasts 60 days and next expires on "
           f"{cal.ago(-9).isoformat()}. The renewal runbook is in Notion.")
    w.node("Note", "note-cafe-cta", "Main goal: café visits", src="slack/remember-1",
           as_of=cal.on(10, 1), text="Our main goal is café visits: every post and ad ends "
           "with 'Visit your nearest café'.")
    w.edges("slack/remember-4", cal.ago(1),
            ("note-ig-token-expiry", "ABOUT", "account-instagram-token"))
    w.edges("slack/remember-1", cal.on(10, 1), ("note-cafe-cta", "ABOUT", "goal-cafe-visits"))
    for tid, name, owner, about, status, day in (
        ("task-contact-page-fix", "Fix the contact page form inbox", "person-priya",
         "page-contact", "open", cal.on(9, 24)),
        ("task-brand-search-keywords", "Prune brand search keywords", "person-kabir",
         "campaign-brand-search", "done", cal.ago(40)),
        ("task-loyalty-cards", "Print café loyalty cards", "person-sara",
         "campaign-cafe-loyalty", "done", cal.ago(70)),
        ("task-second-courier", "Set up a second courier for Bengaluru", "person-sara",
         "vendor-shipfast", "open", cal.on(9, 13)),
    ):
        w.node("Task", tid, name, src=f"notion/{tid}", as_of=day, status=status)
        w.edges(f"notion/{tid}", day, (owner, "OWNS", tid), (tid, "ABOUT", about))
    courier = "notion/incident-courier"
    w.node("Incident", "incident-courier-delay", "Courier delays in Bengaluru", src=courier,
           as_of=cal.on(9, 12), status="resolved", severity="low")
    w.edges(courier, cal.on(9, 9),
        ("vendor-shipfast", "CAUSED", "incident-courier-delay"),
        ("person-sara", "OWNS", "incident-courier-delay"),
        as_of=cal.on(9, 12),
    )
    w.edges("notion/task-second-courier", cal.on(9, 13),
            ("task-second-courier", "BASED_ON", "doc-incident-courier-delay"))


def _said(w: _Facts, said: Said) -> None:
    at = _at(said.day, *said.time)
    w.node(said.type, said.id, said.name, src=said.src, as_of=at, text=said.text)
    w.edges(said.src, at,
        (said.id, "SAID_BY", said.by),
        (said.id, "SENT_TO", said.to),
        *((said.id, "MENTIONS", m) for m in said.mentions),
    )


# fmt: on


def _release(w: _Facts, spec: ReleaseSpec) -> None:
    released, src = _at(spec.day, 10, 30), f"github/releases/{spec.id}"
    version = spec.name.rsplit("v", 1)[1]
    w.node(
        "Release", spec.id, spec.name, src=src, as_of=released, version=version, releasedAt=released
    )
    w.edge(spec.id, "PART_OF", spec.service, since=released, src=src)
    for target in spec.changed:
        w.edge(spec.id, "CHANGED", target, since=released, src=src)


# Words that, found in a passage, make the passage MENTION a node (case-sensitive).
_KEYWORDS: tuple[tuple[str, str], ...] = (
    ("Checkout v2.4", "release-checkout-2-4"),
    ("UPI", "step-upi-payment"),
    ("Razorpay", "vendor-razorpay"),
    ("Instagram token", "account-instagram-token"),
    ("post scheduler", "tool-post-scheduler"),
    ("auto-responder", "tool-dm-autoresponder"),
    ("Instagram Shop", "service-insta-shop-sync"),
    ("Sunrise Natural", "product-sunrise-natural"),
    ("Monsoon Malabar", "product-monsoon-malabar"),
    ("rand search", "campaign-brand-search"),
    ("new roast launch", "campaign-new-roast-launch"),
    ("ShipFast", "vendor-shipfast"),
    ("contact page", "page-contact"),
    ("POS", "service-cafe-pos"),
    *((name.split()[0], pid) for pid, name, _, _ in PEOPLE),
)


def _document(w: _Facts, doc: DocText) -> None:
    text = "\n\n".join(doc.paragraphs)
    w.node("Document", doc.id, doc.title, src=doc.src, as_of=doc.day, body=text, kind=doc.kind)
    w.edge(doc.author, "AUTHORED", doc.id, since=doc.day, src=doc.src)
    for target in doc.about:
        w.edge(doc.id, "ABOUT", target, since=doc.day, src=doc.src)
    paragraphs = list(doc.paragraphs)
    count = max(2, min(6, round(len(paragraphs) / 3)))
    size, extra = divmod(len(paragraphs), count)
    at = 0
    for i in range(count):
        take = size + (1 if i < extra else 0)
        passage = "\n\n".join(paragraphs[at : at + take])
        at += take
        cid = f"chunk-{doc.id.removeprefix('doc-')}-{i + 1}"
        w.node(
            "Chunk",
            cid,
            f"{doc.title} (part {i + 1} of {count})",
            src=f"{doc.src}#{i + 1}",
            as_of=doc.day,
            text=passage,
            seq=i + 1,
        )
        w.edge(doc.id, "HAS_CHUNK", cid, since=doc.day, src=doc.src)
        seen: list[str] = []
        for word, target in _KEYWORDS:
            if word in passage and target not in seen:
                seen.append(target)
                w.edge(cid, "MENTIONS", target, since=doc.day, src=doc.src)
