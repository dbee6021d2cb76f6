"""Prose for the sample business in ``brain.sample``: the cast and about forty documents.

The documents are templates filled in from the story's own numbers and dates, so what they
say agrees with the graph (the orders drop, the error rate, the cost per sign-up). They are
long on purpose: pasting all of them into a prompt is the baseline the token benchmark
measures the graph tools against.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

# id, full name, role, team (None for the founder)
PEOPLE: tuple[tuple[str, str, str, str | None], ...] = (
    ("person-arjun", "Arjun Rao", "Founder", None),
    ("person-priya", "Priya Nair", "Web developer", "team-website"),
    ("person-rohan", "Rohan Mehta", "Payments and backend engineer", "team-website"),
    ("person-meera", "Meera Iyer", "Content lead", "team-content"),
    ("person-ananya", "Ananya Das", "Social media manager", "team-content"),
    ("person-kabir", "Kabir Singh", "Performance marketer", "team-ads"),
    ("person-sara", "Sara Thomas", "Café operations and customer support", "team-cafes"),
)
NAMES: dict[str, str] = {pid: name for pid, name, _, _ in PEOPLE}
FIRST: dict[str, str] = {pid: name.split()[0] for pid, name, _, _ in PEOPLE}


@dataclass(frozen=True, slots=True)
class CampaignTotals:
    """Spend and sign-ups of one campaign over the reporting weeks."""

    id: str
    name: str
    spend: int
    signups: int

    @property
    def cost_per_signup(self) -> float:
        return self.spend / self.signups


@dataclass(frozen=True, slots=True)
class StoryFacts:
    """The dates and numbers of the story that the documents quote."""

    today: date
    year: int  # the year the dated history (June, August, October) happened in
    release_day: date
    daily_orders: tuple[tuple[date, int], ...]
    error_before: float
    error_after: float
    campaigns: tuple[CampaignTotals, ...]
    story_reach: tuple[int, int]  # first and last weekly reading before the pause
    reel_reach: tuple[int, int]
    token_expires: date
    launch_day: date


@dataclass(frozen=True, slots=True)
class DocText:
    """One document: where it sits in the graph and its paragraphs."""

    id: str
    title: str
    kind: str
    author: str
    day: date
    src: str
    about: tuple[str, ...]
    paragraphs: tuple[str, ...]


def _p(text: str) -> str:
    return " ".join(text.split())


def _items(block: str) -> list[str]:
    return [_p(part) for part in re.split(r"^\s*- ", block, flags=re.M) if part.strip()]


def _day(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def _short(d: date) -> str:
    return f"{d.day} {d:%B}"


def _inr(x: float) -> str:
    return f"₹{x:,.0f}"


def _orders_between(f: StoryFacts, first: date, last: date) -> int:
    return sum(n for d, n in f.daily_orders if first <= d <= last)


def orders_drop(f: StoryFacts) -> tuple[float, float, float]:
    """Mean orders a day in the week before the release, in the days since, and the drop in %."""
    before = _orders_between(f, f.release_day - timedelta(days=7), f.release_day - timedelta(1)) / 7
    days_after = (f.today - f.release_day).days
    after = _orders_between(f, f.release_day, f.today - timedelta(days=1)) / days_after
    return before, after, 100 * (1 - after / before)


# --- process documents ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Process:
    id: str
    title: str
    author: str
    backup: str
    team: str
    when: tuple[int, int, int]  # (years back from the story year, month, day)
    about: tuple[str, ...]
    purpose: str
    applies: str
    steps: str
    pitfalls: str


_PROCESSES: tuple[_Process, ...] = (
    _Process(
        "doc-release-checklist",
        "Release checklist for the online store",
        "person-priya",
        "person-rohan",
        "Website",
        (0, 4, 14),
        ("service-checkout", "rule-release-checklist"),
        """Every change to the online store or the checkout goes out through this checklist. It
        exists because a broken checkout costs us money by the hour, and because the first
        people to notice are usually our customers, not us.""",
        """Every release of the storefront theme, the checkout service and the Instagram Shop
        sync, including one-line fixes. Hot fixes during an incident still follow steps three to
        six; only the day of notice in step one may be skipped, and the incident notes say so.""",
        """
        - Announce the release in #website at least one working day ahead, with the version,
          what changes and who is on call for the two hours after it.
        - Deploy to staging and run the automated checkout tests: cart, address form, card
          payment and the order confirmation e-mail.
        - Test payments by hand on real phones: one card and one UPI payment on an Android phone
          with at least two UPI apps (Google Pay and PhonePe), and one of each on an iPhone.
          Staging uses Razorpay's test mode, which never opens a real UPI app, so the automated
          tests cannot catch a broken hand-off between the UPI app and our site.
        - Release in the morning, never after 4 pm, never on a Friday and never the day before
          a sale or a launch.
        - Place a real one-rupee order from the live site, then refund it.
        - Watch the Razorpay dashboard and the orders chart for thirty minutes. If payment
          failures go above 3% or orders fall well below the same hour last week, roll back
          first and investigate second.
        """,
        """
        - The hand-off to a UPI app differs between apps: a change that works with Google Pay
          can fail with PhonePe or Paytm.
        - Razorpay callback URLs are set per environment. A release that changes them must also
          change the live dashboard, or payments succeed at the bank and fail on our side.
        - The storefront cache can hide a new checkout build for up to ten minutes; test after
          it clears.
        """,
    ),
    _Process(
        "doc-ig-token-runbook",
        "Instagram token renewal runbook",
        "person-ananya",
        "person-priya",
        "Content",
        (0, 8, 22),
        (
            "account-instagram-token",
            "tool-post-scheduler",
            "tool-dm-autoresponder",
            "service-insta-shop-sync",
        ),
        """Our Instagram tools all sign in with one long-lived Instagram Graph API token, and it
        lasts sixty days. When it lapses, scheduled posts stop going out, DM replies stop and
        the Instagram Shop stops syncing prices and stock. None of these tools tells us
        loudly.""",
        """Renew the token at least a week before it expires, and whenever Meta asks us to sign
        in again after a password change or a security check.""",
        """
        - Open the Meta developer app 'Ember & Oak tools' and note the token's expiry date.
        - Exchange the current token for a new long-lived one with the refresh call described
          on the app's settings page. Never paste a token into chat or e-mail.
        - Update the token in the post scheduler, the DM auto-responder and the Instagram Shop
          sync, in that order.
        - Schedule a test story to private preview and send a test DM from a staff account, to
          confirm both tools work.
        - Check the shop sync log for a successful run within the hour.
        - Put the new expiry date in the team calendar with a reminder ten days before it.
        """,
        """
        - Until 1 August the old Zapier zap that copied Instagram leads into a sheet held a
          copy of the token too. It has been switched off, so there is no fourth place to
          update.
        - The scheduler shows posts as queued even when the token has lapsed; only its error
          log tells the truth.
        - In August the token lapsed over a weekend and we lost three days of posts before
          anyone noticed. A reminder in one person's calendar is not enough.
        """,
    ),
    _Process(
        "doc-refunds-process",
        "Refunds and failed payments",
        "person-sara",
        "person-arjun",
        "Cafés",
        (0, 2, 10),
        ("step-upi-payment", "vendor-razorpay", "rule-refund-48h"),
        """How we handle refunds, double charges and payments that failed after the money left
        the customer's account. Customers forgive a failed payment; they do not forgive
        silence.""",
        """Any order where the customer says they paid but no order came through, any
        cancellation before dispatch, and any damaged or wrong parcel.""",
        """
        - Find the payment in the Razorpay dashboard by the customer's phone number or the UPI
          reference from their app.
        - If the payment is failed or only created, tell the customer that no money was taken,
          or that their bank will reverse the debit within five working days.
        - If it is captured but there is no order, create the order by hand and post the
          payment id in #website so the website team can look for a pattern.
        - Issue refunds from Razorpay, never by bank transfer, and add the refund id to the
          order notes.
        - Reply within 48 hours, using the failed-payment reply in the support replies
          document.
        """,
        """
        - A UPI payment can stay pending for up to twenty minutes; never refund a pending
          payment, or the customer is paid twice.
        - A spike of 'I paid but got no order' e-mails is a checkout problem, not a customer
          problem: tell Rohan within the hour.
        """,
    ),
    _Process(
        "doc-fulfilment",
        "Order fulfilment and shipping",
        "person-sara",
        "person-arjun",
        "Cafés",
        (0, 1, 20),
        ("vendor-shipfast", "service-online-store"),
        """How an online order becomes a parcel at a customer's door: roast batches, resting,
        packing and the courier.""",
        """All online orders and subscriptions. Wholesale orders for cafés follow the wholesale
        onboarding document instead.""",
        """
        - Orders placed before 11 am go into that afternoon's roast; later orders go into the
          next day's batch.
        - Beans rest for twelve hours, then go into valve bags labelled with the roast date.
        - Shipping labels print from the store admin; ShipFast collects at 5 pm on weekdays.
        - Orders above ₹2,000 ship with insurance and a tracking SMS.
        - Subscription boxes ship on the 1st and the 15th of each month.
        """,
        """
        - When ShipFast's Bengaluru hub is backed up, parcels sit for two days without a scan.
          Tell customers early rather than waiting for them to ask.
        - The roast date on the bag must never be more than five days before dispatch.
        """,
    ),
    _Process(
        "doc-new-roast-process",
        "How we launch a new roast",
        "person-arjun",
        "person-meera",
        "Founder's",
        (0, 5, 5),
        ("product-sunrise-natural", "vendor-hills-estate"),
        """How a new coffee goes from a green sample to the shop and the cafés, and who does
        what along the way.""",
        """Every new single origin and every new blend, including seasonal ones.""",
        """
        - Cup at least three green samples from the estate and choose one with the café team.
        - Roast three profiles and run a blind tasting with staff and two regular customers.
        - Write the tasting notes and the brew guide with the content team.
        - Build the product page with the website team, and test it through checkout a week
          before launch.
        - Plan the launch campaign with the ads team. A budget above ₹20,000 a week needs
          Arjun's OK.
        - Launch in the cafés first and online two days later.
        """,
        """
        - A launch campaign sends traffic straight to the product page and the checkout. If
          either is broken, every rupee spent is wasted, so the website team is on call during
          launch weeks.
        - Never call a tasting free unless it is.
        """,
    ),
    _Process(
        "doc-cafe-opening",
        "Café opening and closing checklist",
        "person-sara",
        "person-arjun",
        "Cafés",
        (0, 1, 8),
        ("service-cafe-pos",),
        """The daily opening and closing routine for our two cafés, in Indiranagar and
        Koramangala.""",
        """Every day both cafés are open, whoever is on the first or the last shift.""",
        """
        - Switch on the grinders and the espresso machine forty minutes before opening, and
          dial in with the house blend.
        - Check the POS is online and the card reader is paired. If not, restart the router,
          then call POS support before opening.
        - Stock the retail shelf with at least six bags of each coffee.
        - At closing, back-flush the machine, count the till and close the day on the POS.
        - Post any stock shortage in the cafés channel before leaving.
        """,
        """
        - The POS loses its connection when the router restarts overnight; restart the router
          first and the POS second.
        - Milk orders for the weekend must go in by Thursday noon.
        """,
    ),
    _Process(
        "doc-ad-spend-approval",
        "Ad spend approval",
        "person-kabir",
        "person-arjun",
        "Ads",
        (0, 3, 3),
        ("rule-ad-spend-approval", "tool-google-ads"),
        """How we decide, approve and watch ad spend on Google and Instagram. The point is to
        spend on what brings customers, and to notice quickly when it stops.""",
        """Every paid campaign, including small tests and boosted posts.""",
        """
        - Every campaign has a brief with a weekly budget and a target cost per sign-up.
        - Budgets above ₹20,000 a week need Arjun's OK in writing.
        - Kabir reviews cost per sign-up every Monday and Thursday, from the store's own
          sign-up records.
        - A campaign whose cost per sign-up runs 50% above target for a week is paused or
          changed.
        - Before raising a budget, check on a phone that the landing page and the checkout
          work.
        """,
        """
        - Ad platforms keep spending when the checkout is broken; they only see clicks.
        - Ad platforms over-count sign-ups. Use the store's own records.
        """,
    ),
    _Process(
        "doc-content-calendar",
        "Content calendar: how we plan posts",
        "person-meera",
        "person-ananya",
        "Content",
        (0, 2, 24),
        ("channel-instagram", "rule-cafe-cta"),
        """How the content team plans, writes, checks and schedules posts, so that every post
        has a reason to exist and an owner.""",
        """All Instagram posts, reels and stories, the newsletter and blog posts.""",
        """
        - Plan two weeks ahead in the content calendar, every Monday.
        - Each post has an owner, a goal and a call to action; the default is 'Visit your
          nearest café'.
        - Meera reviews drafts for voice; Sara checks any claim about the cafés.
        - Approved posts go into the post scheduler. Nothing is posted by hand unless the
          scheduler is down.
        - Once a month, compare reach and saves per format and change the mix.
        """,
        """
        - We do not run free tastings, and captions must not imply one.
        - The scheduler depends on the Instagram token; when it lapses, queued posts fail
          without a warning.
        """,
    ),
    _Process(
        "doc-wholesale-onboarding",
        "Wholesale café onboarding",
        "person-arjun",
        "person-sara",
        "Founder's",
        (0, 3, 18),
        ("customer-blue-door-cafe", "product-monsoon-malabar"),
        """How a café becomes a wholesale customer: tasting, pricing, training and the first
        order.""",
        """Cafés, offices and restaurants buying more than five kilos a month.""",
        """
        - Arjun visits, tastes with the owner and agrees which coffees fit their menu.
        - Prices follow the wholesale price list; discounts above 10% need Arjun's OK.
        - Sara trains their baristas for half a day on dial-in and milk.
        - The first order is paid in advance; later orders on fifteen-day terms.
        - Every quarter, Arjun checks in and brings the new seasonal roast to taste.
        """,
        """
        - Wholesale orders compete with online orders for roaster time; book the roast slot
          when the order is placed, not when it is packed.
        """,
    ),
    _Process(
        "doc-support-replies",
        "Customer support replies",
        "person-sara",
        "person-meera",
        "Cafés",
        (0, 4, 2),
        ("step-upi-payment", "rule-no-free-tasting"),
        """Replies we reuse when customers write in, so that answers are quick, kind and say the
        same thing whoever sends them. Edit each one to fit; never send it blind.""",
        """E-mail, Instagram DMs and WhatsApp messages from customers.""",
        """
        - Failed payment: thank them, say we can see the attempt, tell them whether money was
          taken, and promise a refund or the order within 48 hours.
        - Late parcel: give the tracking link, the last scan and a date we will follow up on.
        - Wrong grind: offer to send the right grind free, no return needed.
        - Café questions: opening hours, the nearest café and the loyalty card.
        - Free tasting: we do not run free tastings; invite them to the café instead.
        """,
        """
        - Do not guess at the cause of a failed payment in a reply; say we are looking into it.
        - Never promise a delivery date that ShipFast has not given us.
        """,
    ),
)

_ASK = (
    "Who to ask. Questions about this process go to {first} first. If {first} is away, ask "
    "{backup}. Anything that changes money, customers' data or what we promise in public also "
    "needs a word with Arjun before it changes. If this page turns out to be wrong, fix the "
    "process first and the page second, and say in #general what changed.",
    "Who to ask. {first} owns this page and answers questions about it; {backup} covers when "
    "{first} is away. Suggestions are welcome from anyone: post them in the team channel with "
    "an example of where the process failed or felt slow, so the change can be judged on a "
    "real case rather than a feeling.",
)
_KEEP = (
    "Keeping this page true. {first} reviews it every quarter and after any incident that "
    "touched it. Older versions are kept, so we can always see what the process said on a "
    "given day. Last checked against reality on {checked}.",
    "Keeping this page true. This page describes what we actually do, not what we wish we did. "
    "When practice and page disagree, {first} decides which one changes. It was last walked "
    "through end to end on {checked}.",
)


_WHY = (
    "Why we do it this way. We are a small team, and most of what goes wrong here goes wrong "
    "in the hand-offs: between the roastery and the website, between a campaign and the page "
    "it sends people to, between the person who knew and the person who is on shift. Writing "
    "the steps down means the {team} team can do this on a bad day, when the person who "
    "usually does it is away, and that a new teammate can learn it in one reading.",
    "Why we do it this way. Each step here exists because, at some point, we skipped it and "
    "paid for it: in refunds, in lost orders, in an evening of apologies to customers. The "
    "order of the steps matters more than their speed. If a step no longer makes sense, do "
    "not quietly drop it; raise it with the {team} team and change this page, so the next "
    "person knows why it went.",
    "Why we do it this way. The checks are cheap and the failures are not. Customers rarely "
    "tell us when something small goes wrong; they simply buy elsewhere. A routine that is "
    "the same every time lets the {team} team notice the day something is different, which "
    "is usually the first sign that something upstream has changed.",
)


def _process_doc(spec: _Process, f: StoryFacts, index: int) -> DocText:
    day = date(f.year - spec.when[0], spec.when[1], spec.when[2])
    checked = min(day + timedelta(days=75), f.today - timedelta(days=1))
    first, backup = FIRST[spec.author], FIRST[spec.backup]
    steps = [f"{i}. {s}" for i, s in enumerate(_items(spec.steps), 1)]
    half = (len(steps) + 1) // 2
    paragraphs = (
        f"{spec.title}. Owner: {NAMES[spec.author]}, {spec.team} team. First written "
        f"{_day(day)}. {_p(spec.purpose)}",
        f"When this applies. {_p(spec.applies)}",
        "Steps. " + " ".join(steps[:half]),
        "Steps, continued. " + " ".join(steps[half:]),
        "What tends to go wrong. " + " ".join(_items(spec.pitfalls)),
        _WHY[index % 3].format(team=spec.team),
        "Related reading: "
        + "; ".join(p.title for p in (_PROCESSES * 2)[index + 1 : index + 4])
        + ". Ask in #general if a page you need is missing.",
        _ASK[index % 2].format(first=first, backup=backup),
        _KEEP[index % 2].format(first=first, checked=_day(checked)),
    )
    return DocText(
        spec.id,
        spec.title,
        "process",
        spec.author,
        day,
        f"notion/{spec.id.removeprefix('doc-')}",
        spec.about,
        paragraphs,
    )


# --- weekly syncs ---------------------------------------------------------------------------

_CONTENT_NEWS = _items("""
- Ananya moved the story and reel templates to the autumn palette; the new café photos from
  Koramangala are in the shared drive for anyone who needs them.
- Meera reviewed this week's captions. One caption in the café series implied a free tasting;
  it was rewritten, since we do not run free tastings.
- The 'meet the roaster' clips got the most saves of the month, so Arjun agreed to record two
  more at the roastery.
- The newsletter went out on Thursday to about 4,300 subscribers; the brew guide link got the
  most clicks, well ahead of the shop link.
- Ananya answered a wave of DMs about decaf. We still do not sell decaf, and the DM
  auto-responder now says so.
- The calendar for the next two weeks is full, and every post ends with 'Visit your nearest
  café', as the rule asks.
- Meera drafted a moka pot brew guide for the blog; Sara will check the grind advice against
  what the baristas tell customers.
- Two customer posts from the Indiranagar café were reshared with permission and did better
  than our own photos.
""")
_ADS_NEWS = _items("""
- Kabir reported brand search is steady, with cost per sign-up inside the target band.
- The café loyalty ads are cheap but slow to convert; Kabir wants to keep them running through
  the festive season.
- Kabir removed three broad-match keywords that were bringing in searches for coffee machine
  repair.
- Google Ads put one ad under policy review for the word 'best'; Kabir changed the copy and it
  was approved the same day.
- Kabir moved a small test budget to reels ads on Instagram. Too early to judge.
- The ads team asked for a weekly export of sign-ups from the store, because the ad platforms
  over-count.
""")
_WEBSITE_NEWS = _items("""
- Priya fixed the address form dropping the second address line on some Android keyboards.
- Rohan upgraded the checkout service's libraries; nothing changes for customers.
- Priya added image compression to product pages; the new roast page loads about a second
  faster on 4G.
- The contact page form still sends enquiries to an old inbox. Priya has a task to fix it,
  ranked by how many café visit enquiries it loses us.
- Rohan read Razorpay's notice about UPI changes and is planning the move to the intent flow.
- No store alerts this week and no downtime.
""")
_CAFE_NEWS = _items("""
- Sara reports weekend footfall up at Indiranagar; Koramangala is quieter because of road works
  outside.
- The Koramangala POS went offline once on a morning shift; a router restart fixed it, as the
  opening checklist says.
- Loyalty cards are printed and stamps start on the first of next month.
- Sara trained two new baristas on the house blend dial-in.
- The retail shelves sold out of Monsoon Malabar twice; Arjun will roast a bigger batch.
""")
_ACTIONS = (
    ("person-priya", "finish the contact page form fix"),
    ("person-kabir", "send the weekly cost per sign-up table"),
    ("person-ananya", "check the Instagram token's expiry and renew it if it is within ten days"),
    ("person-sara", "chase ShipFast about the parcels stuck in Bengaluru"),
    ("person-meera", "plan the next fortnight's reels"),
    ("person-rohan", "add a real-phone UPI test to the staging checklist"),
    ("person-arjun", "approve the festive season ad budget"),
)
_INCIDENT_ACTIONS = (
    ("person-rohan", "ship the UPI fix and confirm it with real payments on PhonePe and Paytm"),
    ("person-sara", "refund or complete every order whose UPI payment failed"),
    ("person-kabir", "decide with Arjun whether to pause the new roast ads until checkout works"),
)


def _weekly_sync(f: StoryFacts, day: date, rng: random.Random) -> DocText:
    author = ("person-meera", "person-priya", "person-arjun")[day.toordinal() % 3]
    end, start = day - timedelta(days=1), day - timedelta(days=7)
    week = _orders_between(f, start, end)
    prev = _orders_between(f, start - timedelta(days=7), end - timedelta(days=7))
    change = 100 * (week / prev - 1) if prev else 0.0
    present = ", ".join(FIRST[p] for p, _, _, _ in PEOPLE)
    numbers = (
        f"Numbers. Online orders for the seven days to {_short(end)}: {week}, about "
        f"{week / 7:.0f} a day, against {prev} the week before ({change:+.0f}%). "
    )
    incident = start <= f.release_day <= end or f.release_day < start
    if incident:
        numbers += (
            f"The fall started on {_short(f.release_day)}, the day Checkout v2.4 went out, "
            "and it is all in UPI payments; card orders are normal."
        )
    else:
        numbers += "Nothing unusual in the daily pattern; weekends remain the busiest days."
    content = rng.sample(_CONTENT_NEWS, 3)
    pause_day = date(f.year, 10, 12)
    if day > pause_day:
        content.append(
            "Three reels went out this week, as agreed at the content review on 12 October, and "
            "stories are now occasional; reel reach is holding up."
        )
    ads = rng.sample(_ADS_NEWS, 3)
    if day > f.launch_day:
        ads.append(
            "The new roast launch campaign is live. Its cost per sign-up is well above brand "
            "search so far; Kabir will bring proper numbers to the ads review."
        )
    website = rng.sample(_WEBSITE_NEWS, 2)
    if incident:
        website = [
            f"Checkout v2.4 went out on {_short(f.release_day)}. Since then UPI payments have "
            "been failing for a large share of customers. Rohan owns the fix and Priya is "
            "leading the incident; see the incident notes.",
            *website[:1],
        ]
    actions: list[tuple[str, str]] = list(_INCIDENT_ACTIONS) if incident else []
    actions += rng.sample(_ACTIONS, 3)
    paragraphs = (
        f"Weekly team sync, {day:%A} {_day(day)}. Present: {present}. Notes by "
        f"{NAMES[author]}. We went through the numbers first, then each team, then actions.",
        numbers,
        "Content. " + " ".join(content),
        "Ads. " + " ".join(ads),
        "Website. " + " ".join(website),
        "Cafés. " + " ".join(rng.sample(_CAFE_NEWS, 2)),
        "Actions. " + " ".join(f"{FIRST[who]} will {what}." for who, what in actions),
        "Next sync same time next week. Anything urgent before then goes in #general, and "
        "anything about the store or the checkout goes in #website so the on-call person "
        "sees it.",
    )
    return DocText(
        f"doc-weekly-sync-{day.isoformat()}",
        f"Weekly team sync, {_day(day)}",
        "meeting notes",
        author,
        day,
        f"notion/sync-{day.isoformat()}",
        ("org-ember-oak",),
        paragraphs,
    )


# --- the story's own documents --------------------------------------------------------------

# Further paragraphs of the story documents whose facts do not depend on the numbers.
_MORE: dict[str, str] = {
    "doc-incident-ig-token": """
        How we found out. A regular customer sent a DM asking why we had gone quiet, and the
        DM went unanswered too. Ananya saw it on her phone on Monday morning, opened the
        scheduler's error log and found three days of refused sign-ins.

        What this taught us. A shared credential is a dependency of everything that uses it,
        and nobody owned it. The token now has an owner (Ananya), a runbook, and an expiry date
        in the team calendar. The real fix is automatic renewal with an alert, which is what
        the follow-up task is for.
        """,
    "doc-incident-courier-delay": """
        Timeline. 9 September, evening: ShipFast's tracking stops updating for parcels through
        the Bengaluru hub. 10 September: Sara notices no deliveries were confirmed the day
        before and calls ShipFast, who confirm a backlog. 10 September, afternoon: e-mails to
        all affected customers. 12 September: scans resume and the backlog clears by evening.

        What went well. Customers heard from us before they had to ask, and most replies were
        kind. The subscription credit cost us about ninety bags' worth of coffee at cost, which
        is less than we would have lost in cancellations.

        What we will change. A second courier account, ready to switch to for Bengaluru
        orders within a day. A daily check in the store admin for parcels with no scan after
        twenty-four hours, so we notice a stuck hub before customers do.
        """,
    "doc-ads-review": """
        What the numbers cannot tell us. Sign-ups count people who create an account or claim
        an offer; they are not orders. For the café loyalty campaign the real result is café
        visits, which we can only estimate from loyalty codes redeemed on the POS. For the new
        roast the real result is bags sold, which the launch goal tracks.

        Actions. Kabir will send Arjun the numbers behind the pause proposal today. Meera will
        have two new reels ready for when the launch resumes. Kabir will also check whether any
        brand search ads send people to the checkout directly, in which case they were hurt by
        the UPI failures too.
        """,
    "doc-content-review-minutes": """
        Other items. Kabir asked for square versions of each reel for ads; Ananya will export
        both sizes from now on. Meera reminded everyone that captions must not imply a free
        tasting, after one nearly went out in September. The café team asked for a reel about
        the loyalty cards, which will go into the calendar for November.

        Next review. The same group meets again at the end of November to look at reach per
        format, saves and sign-ups with an Instagram source, and to decide whether the reels
        plan stays.
        """,
    "doc-content-plan-h2": """
        Who does what. Ananya shoots and posts stories daily, and runs the post scheduler. Meera
        writes captions and reviews everything before it is scheduled. The café team sends
        photos and moments to #content, and Arjun records a short clip from the roastery every
        week.

        Budget. No paid promotion of stories. Reels may be boosted up to ₹3,000 a week when
        they support a launch, from the ads budget, with Kabir's agreement.

        Risks. Daily stories depend on one person's time and on the scheduler working; if
        Ananya is away, the cafés cover with simple shelf and cup shots. The scheduler signs in
        with the Instagram token, which has lapsed before without warning.
        """,
    "doc-business-review-sep": """
        Numbers to watch in October. Daily online orders, the UPI and card payment error rates,
        cost per sign-up for each campaign, reach per story and per reel, and weekday café
        visits. Each has an owner, and each is in the weekly sync's numbers section.

        Team. Priya has offered to take over the Instagram token work from Arjun once the
        contact page fix is done. Rohan is preparing the move of UPI payments to the intent
        flow that Razorpay asked for. Sara is hiring a weekend barista for Indiranagar.

        Money. Cash is fine for the quarter. The biggest new cost is the launch campaign for
        Sunrise Natural, which needs Arjun's OK because it is above ₹20,000 a week.
        """,
    "doc-q4-plan": """
        What could go wrong. The checkout is the single place where all three goals meet: the
        launch campaign, brand search and the festive season all send people through it. Any
        checkout release in the quarter follows the release checklist to the letter, with
        real-phone payment tests on more than one UPI app.

        The Instagram token is the other single point of failure: the scheduler, the DM
        auto-responder (and so the loyalty sign-ups) and the Instagram Shop all depend on it.
        The task to refresh it automatically must be done before the festive season.

        How we will review. Weekly syncs for the numbers, an ads review every two weeks, a
        content review at the end of November, and a quarter review in early January.
        """,
    "doc-brand-voice": """
        Examples. Instead of 'Premium artisanal coffee, expertly roasted', write 'Roasted on
        Tuesday in Bengaluru, from a farm in Chikmagalur we visit every year.' Instead of
        'Grab yours now!', write 'There are forty bags of this lot left.'

        Replies. In DMs and e-mails, answer the question first, then be friendly. Use the
        customer's name. If something went wrong on our side, say so plainly and say what we
        will do about it and by when.

        Photos. Real cups, real cafés, real people (with their permission). No stock photos.
        Natural light. The bag's roast date visible where possible.
        """,
    "doc-loyalty-terms": """
        For staff. Scan the DM code or stamp the card at the till, once per paid drink. Do not
        stamp for retail bags; those have their own offers. If a customer says their code does
        not work, stamp a paper card and post the code in the cafés channel so Sara can check
        the auto-responder.

        Changes. We may change these terms with a month's notice, shown in both cafés and on
        the café locator page. Stamps already earned are always honoured.

        Why we run it. The main goal of the business is café visits. A loyalty card gives
        regulars a reason to choose us over the café next door, and the DM sign-up tells us
        which posts and ads bring people in.
        """,
    "doc-onboarding": """
        How we work. Write things down: decisions in the meeting notes, processes in Notion,
        anything urgent in Slack. If you change how something works, change the page. If you
        are not sure who owns something, ask in #general rather than guessing.

        Customers. Every customer who writes to us gets an answer within 48 hours, even if the
        answer is 'we are still looking into it'. We never promise free tastings, and we never
        guess at a delivery date.

        Safety and money. Nobody shares passwords or tokens in chat. Spending above the limits
        in the ad spend process needs Arjun's OK. Refunds go through Razorpay, never by bank
        transfer.
        """,
}


def _story_docs(f: StoryFacts) -> list[DocText]:
    y, rel = f.year, f.release_day
    before, after, drop = orders_drop(f)
    by_id = {c.id: c for c in f.campaigns}
    new, brand, loyal = (
        by_id["campaign-new-roast-launch"],
        by_id["campaign-brand-search"],
        by_id["campaign-cafe-loyalty"],
    )
    ratio = new.cost_per_signup / brand.cost_per_signup
    docs: list[DocText] = []

    def add(
        id_: str,
        title: str,
        kind: str,
        author: str,
        day: date,
        src: str,
        about: tuple[str, ...],
        *paragraphs: str,
    ) -> None:
        more = tuple(x for x in _MORE.get(id_, "").split("\n\n") if x.strip())
        docs.append(
            DocText(
                id_, title, kind, author, day, src, about, tuple(_p(x) for x in paragraphs + more)
            )
        )

    add(
        "doc-incident-upi-failures",
        "Incident notes: UPI payments failing",
        "incident notes",
        "person-priya",
        rel + timedelta(days=2),
        "notion/incident-upi",
        ("incident-upi-failures", "release-checkout-2-4", "step-upi-payment"),
        f"""Incident notes: UPI payments failing. Status: open. Incident lead: Priya Nair. Fix
        owner: Rohan Mehta. Started {_day(rel)} at about 11:00, half an hour after Checkout v2.4
        was released. These notes are updated as we learn more; the newest facts are at the
        bottom of each section.""",
        f"""Impact. Since the release, the payment error rate on the UPI step went from about
        {f.error_before:.1f}% to about {f.error_after:.0f}%. Online orders fell from about
        {before:.0f} a day in the week before to about {after:.0f} a day since, a drop of
        {drop:.0f}%. Card payments are not affected. Customers who pay by UPI are sent to their
        UPI app, approve the payment and come back to an error page; some were charged and got
        no order, and Sara has had a steady stream of e-mails about it.""",
        f"""Timeline. 10:30, Checkout v2.4 released by Rohan. 11:05, first failed UPI payment in
        the Razorpay dashboard. 14:10, Rohan flags the failures in #website. 16:00, Sara reports
        customers writing in that they paid and got no order. {_short(rel + timedelta(days=1))},
        the incident is opened, Priya takes the lead and Rohan picks up the fix.""",
        """Cause, as far as we know. Version 2.4 moved UPI from collect requests to the intent
        flow, as Razorpay asked all merchants to do. In the intent flow the UPI app returns the
        customer to a callback address on our site. The live Razorpay dashboard still holds the
        old callback address, so payments approved in PhonePe and Paytm are never matched to an
        order. Google Pay takes a different path, which is why the one real-phone test passed.
        The release checklist asks for a UPI test with at least two apps; only Google Pay was
        tried.""",
        f"""What we are doing. Rohan is correcting the callback address and adding a
        reconciliation job that turns captured-but-orphaned payments into orders. Sara is
        refunding or completing every affected order within 48 hours. The new roast launch
        campaign is still sending paid traffic to the product page and straight into this
        checkout; Kabir and Arjun are deciding whether to pause it until the fix is live, since
        its cost per sign-up is already about {ratio:.1f} times that of brand search.""",
        """Follow-ups. Add a second UPI app to the automated staging tests using Razorpay's
        UPI simulator. Alert on the UPI error rate, not only on downtime. Make the real-phone
        test a box that must be ticked in the release announcement. Review in the next weekly
        sync.""",
    )
    add(
        "doc-incident-ig-token",
        "Incident notes: Instagram token expired",
        "incident notes",
        "person-arjun",
        date(y, 8, 19),
        "notion/incident-ig-token",
        ("incident-ig-token-expired", "account-instagram-token"),
        """Incident notes: Instagram token expired. Status: resolved, with a follow-up task. Lead:
        Arjun Rao. The long-lived Instagram Graph API token that our tools share ran out over the
        weekend before 18 August, and nobody noticed for about three days.""",
        """Impact. Every scheduled post and story in that window failed, while the post scheduler
        still showed them as queued. The DM auto-responder stopped answering, so questions about
        café hours and orders went unanswered. The Instagram Shop stopped syncing stock, and two
        customers ordered a coffee that had sold out.""",
        """What we did. Arjun renewed the token by hand on 18 August and updated it in the post
        scheduler, the DM auto-responder and the shop sync. The old Zapier zap that used to
        copy Instagram leads into a sheet had been switched off on 1 August, so it did not need
        the new token. Ananya re-queued the lost posts that still made sense.""",
        """Why it happened. The token lasts sixty days and its renewal lived in one person's
        head. There was no reminder, no alert, and no tool that fails loudly when the token is
        refused.""",
        """Follow-ups. A task, 'Fix Instagram token refresh', was opened on 20 August for an
        automatic refresh with an alert when it fails. Arjun owns it for now and will hand it to
        the website team once they have capacity. Ananya wrote a renewal runbook in the
        meantime.""",
    )
    add(
        "doc-incident-courier-delay",
        "Incident notes: courier delays in Bengaluru",
        "incident notes",
        "person-sara",
        date(y, 9, 12),
        "notion/incident-courier",
        ("incident-courier-delay", "vendor-shipfast"),
        """Incident notes: courier delays. Status: resolved. Lead: Sara Thomas. From 9 September
        ShipFast's Bengaluru hub stopped scanning parcels for about three days during a
        staffing dispute.""",
        """Impact. Around ninety parcels sat without a tracking update. Customers wrote in
        asking where their coffee was, and some subscription boxes arrived five days late, so
        the beans were older than we promise.""",
        """What we did. Sara e-mailed every affected customer before they asked, with the last
        scan and an honest estimate. Subscribers got a free bag in their next box. Arjun asked
        ShipFast for a named contact for future delays.""",
        """Follow-ups. Keep a second courier account ready for Bengaluru orders. Add a line to
        the fulfilment process about telling customers early. Nothing in this incident touched
        the store or the checkout.""",
    )
    add(
        "doc-ads-review",
        "Ads review: cost per sign-up by campaign",
        "meeting notes",
        "person-kabir",
        f.today - timedelta(days=2),
        "notion/ads-review",
        ("campaign-new-roast-launch", "campaign-brand-search", "campaign-cafe-loyalty"),
        f"""Ads review, {_day(f.today - timedelta(days=2))}. Present: Kabir, Arjun, Meera. We
        looked at the last four weeks of spend and sign-ups per campaign, counted from the
        store's own records.""",
        f"""New roast launch: {_inr(new.spend)} spent, {new.signups} sign-ups, about
        {_inr(new.cost_per_signup)} per sign-up. Brand search: {_inr(brand.spend)},
        {brand.signups} sign-ups, about {_inr(brand.cost_per_signup)}. Café loyalty:
        {_inr(loyal.spend)}, {loyal.signups} sign-ups, about {_inr(loyal.cost_per_signup)}. The
        new roast launch is the costliest, at about {ratio:.1f} times the cost per sign-up of
        brand search, the middle campaign.""",
        """Why the new roast costs more. Part of it is normal for a launch: new audiences, new
        creative, nobody knows the coffee yet. But in the last week the campaign kept sending
        people to the Sunrise Natural page and on into a checkout that was failing UPI
        payments, so paid clicks turned into failed payments instead of sign-ups. The ad
        platforms cannot see that; they only see clicks.""",
        """Proposal, not yet decided. Pause the new roast ads until the UPI fix is confirmed
        with real payments, and move that week's money to brand search, which is steady. Resume
        the launch with the reels Meera's team is making. Arjun wants to see the fix live
        first.""",
        """Also discussed. The café loyalty campaign is cheap per sign-up but its sign-ups turn
        into café visits slowly; keep it as it is. Every ad keeps 'Visit your nearest café' as
        the closing line.""",
    )
    add(
        "doc-content-review-minutes",
        "Content review minutes, 12 October",
        "meeting notes",
        "person-meera",
        date(y, 10, 12),
        "meet/content-review-minutes",
        ("decision-pause-daily-stories", "channel-instagram"),
        f"""Content review, 12 October {y}. Present: Arjun, Meera, Ananya, Kabir. Minutes by
        Meera. The main item was whether daily Instagram stories still earn their time.""",
        f"""The numbers. Reach per story fell from about {f.story_reach[0]:,} accounts in
        mid-summer to about {f.story_reach[1]:,} in the last week, while reach per reel rose
        from about {f.reel_reach[0]:,} to about {f.reel_reach[1]:,}. Stories take Ananya about
        an hour a day to shoot, edit and post.""",
        """Discussion. Ananya said the daily stories had become a chore that viewers skipped
        through. Kabir said reels also give him better material for ads. Arjun worried that
        stopping stories would look like we had gone quiet, and asked that the cafés still post
        stories when something happens there.""",
        """Decision. Pause daily stories and post three reels a week instead, starting the
        following Monday. Stories continue only for real events: a new roast, a café event, a
        sold-out coffee. This replaces the June decision to post stories daily. Made by Meera,
        agreed by everyone present.""",
        """Actions. Ananya will build a reels calendar for the next four weeks. Kabir will use
        the best reel each week as an ad test. Meera will review reach per format at the end of
        November and bring it back to this meeting.""",
    )
    add(
        "doc-content-plan-h2",
        "Instagram content plan, second half of the year",
        "plan",
        "person-meera",
        date(y, 6, 3),
        "notion/content-plan-h2",
        ("decision-daily-stories", "channel-instagram"),
        f"""Instagram content plan for July to December {y}. Author: Meera Iyer, with Ananya
        and Arjun. The aim is simple: keep Ember & Oak in people's feeds every day, and turn
        that attention into café visits and online orders.""",
        """Daily stories. We will post Instagram stories every day: behind the scenes at the
        roastery, the cafés, new bags on the shelf, customers' cups. Stories are cheap to make,
        keep us visible, and in spring they reached more people per post than anything else we
        did. Arjun agreed to this on 3 June.""",
        """Feed posts and reels. Two feed posts a week, one reel a week. Reels take longer, so
        we keep them for launches and brew guides.""",
        """Tone and rules. Warm, specific, never salesy. Every post ends with 'Visit your
        nearest café'. No claims we cannot keep: no free tastings, no health claims.""",
        """How we will know. Reach per story and per reel every week, saves, DMs, and sign-ups
        with an Instagram source. We will review the plan at a content review in the autumn.""",
    )
    add(
        "doc-business-review-sep",
        "September business review",
        "report",
        "person-arjun",
        date(y, 9, 30),
        "notion/business-review-sep",
        ("goal-online-revenue", "org-ember-oak"),
        f"""September business review, written by Arjun for the team on 30 September {y}.""",
        """Online. Orders were steady at about 125 to 135 a day, with weekends strongest.
        Subscriptions grew by about forty. The checkout ran without incident after version
        2.3, which added GST invoices and a retry for declined cards.""",
        """Cafés. Indiranagar is at its best month yet; Koramangala is flat because of road
        works. The loyalty cards go out in October.""",
        """Marketing. Brand search is our most dependable campaign. Instagram stories are
        reaching fewer people each week; Meera will bring numbers to a content review in
        October. The Instagram token lapsed in August and cost us three days of posts; the fix
        is a task on Arjun's list that he wants to hand over.""",
        """October. Launch preparation for Sunrise Natural, the first natural-process coffee
        we have roasted. A courier delay in early September showed we need a second courier
        for Bengaluru.""",
    )
    add(
        "doc-q4-plan",
        "Plan for October to December",
        "plan",
        "person-arjun",
        date(y, 10, 1),
        "notion/q4-plan",
        ("goal-online-revenue", "goal-new-roast-sales", "goal-cafe-visits"),
        """Plan for the last quarter of the year. Three goals, in order of importance.""",
        """First, café visits. Our main goal is that people visit their nearest café; every post
        and ad ends with that line. We want 1,500 café visits a week that we can trace to
        something we posted or advertised.""",
        """Second, online revenue of ₹30 lakh for the quarter, mostly from subscriptions and the
        festive season. That depends on the online store and the checkout working every day.""",
        """Third, sell 2,000 bags of Sunrise Natural by the end of the year. The launch campaign
        carries most of that, with reels and the cafés doing the rest.""",
        """Who owns what. Meera and Ananya: content and reels. Kabir: ads and the weekly cost
        per sign-up. Priya and Rohan: the store, the checkout and the Instagram tools. Sara:
        the cafés, support and fulfilment. Arjun: roasting, wholesale and approvals.""",
    )
    add(
        "doc-brand-voice",
        "Brand voice guide",
        "guide",
        "person-meera",
        date(y, 2, 5),
        "notion/brand-voice",
        ("rule-cafe-cta", "rule-no-free-tasting"),
        """Brand voice guide. How Ember & Oak sounds in posts, e-mails, the website and the
        cafés.""",
        """We sound like a good barista: warm, specific and happy to explain, never a lecture.
        We name the farm, the process and the roast date. We say 'we' and mean the people who
        roast and pour.""",
        """Words we use: roast date, farm, natural, washed, brew, café. Words we avoid: best,
        world-class, premium, artisanal, and anything we cannot prove.""",
        """Claims. No health claims. No free tastings unless one is really planned, and captions
        must not imply one. Prices and offers are checked with Sara before they go out.""",
        """Endings. Every post and ad ends with 'Visit your nearest café', because café visits
        are our main goal.""",
    )
    add(
        "doc-loyalty-terms",
        "Café loyalty programme: terms",
        "guide",
        "person-sara",
        date(y, 9, 20),
        "notion/loyalty-terms",
        ("campaign-cafe-loyalty", "service-cafe-pos"),
        """Café loyalty programme terms, for staff and customers.""",
        """Every coffee bought in a café earns a stamp on the card or in the loyalty DM. Ten
        stamps earn a free drink of any size. Stamps do not expire and cannot be swapped for
        cash.""",
        """Customers can join from an Instagram DM: the DM auto-responder sends a code that the
        POS accepts. If the auto-responder is down, staff can stamp a paper card instead.""",
        """Online orders do not earn stamps yet. Staff drinks do not earn stamps. Lost cards
        cannot be replaced, but DM members keep their stamps.""",
    )
    add(
        "doc-onboarding",
        "Welcome to Ember & Oak",
        "guide",
        "person-arjun",
        date(y, 5, 20),
        "notion/onboarding",
        ("org-ember-oak",),
        """Welcome to Ember & Oak Coffee. We roast in a small roastery in Bengaluru, sell online
        across India and run two cafés, in Indiranagar and Koramangala.""",
        """The team. Arjun founded the company and roasts. Meera leads content with Ananya, who
        runs Instagram. Kabir runs the ads. Priya builds the website and Rohan the checkout and
        payments. Sara runs the cafés, customer support and fulfilment.""",
        """Tools. Notion for documents, Slack for talking (#general, #website, #content), the
        store admin for orders, Razorpay for payments, ShipFast for parcels, a post scheduler
        for Instagram.""",
        """Your first week. Read the brand voice guide, the refunds process and the release
        checklist, even if you will never release anything. Spend a shift in a café. Ask
        anyone anything.""",
    )
    return docs


# --- releases, briefs and product sheets ------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReleaseSpec:
    """One shipped release: its node's facts and the prose of its release notes."""

    id: str
    name: str
    author: str
    day: date
    service: str
    changed: tuple[str, ...]
    what: str
    why: str
    details: str
    watch: str
    support: str


_SERVICE_NAMES = {
    "service-checkout": "the checkout",
    "service-online-store": "the online store",
    "service-insta-shop-sync": "the Instagram Shop sync",
}


def releases(f: StoryFacts) -> tuple[ReleaseSpec, ...]:
    """The releases of the story, oldest first; Checkout v2.4 is the one that broke UPI."""
    y, t = f.year, f.today
    return (
        ReleaseSpec(
            "release-checkout-2-2",
            "Checkout v2.2",
            "person-rohan",
            date(y, 7, 8),
            "service-checkout",
            ("step-address", "step-cart"),
            """saved addresses for returning customers and a faster cart that no longer reloads
            the page when the quantity changes""",
            """Customers had to type their address on every order, and on phones the cart
            reloaded after every tap, so people gave up before they reached payment.""",
            """Addresses are stored against the customer's account, never against a guest
            session, and the last three are offered at checkout. The cart updates quantities in
            place; the total and the shipping estimate refresh without a reload. Guest checkout
            is unchanged.""",
            """cart abandonment in the store reports and the share of orders from returning
            customers; both should move the right way within two weeks""",
            """If a customer sees an old address, they can remove it from 'My account'. Nothing
            changes for payments.""",
        ),
        ReleaseSpec(
            "release-checkout-2-3",
            "Checkout v2.3",
            "person-rohan",
            date(y, 9, 16),
            "service-checkout",
            ("step-card-payment", "step-order-confirmation"),
            """GST invoices attached to the order confirmation e-mail, and one automatic retry
            when a card payment is declined by the bank's first check""",
            """Wholesale and office customers asked for GST invoices, and about one card payment
            in forty failed on a first check that a retry passes.""",
            """The invoice is a PDF built from the order and our GSTIN; customers add their own
            GSTIN at checkout. The retry happens once, two seconds after a soft decline; a hard
            decline still shows the usual error. UPI is not touched by this release.""",
            """the card success rate in the Razorpay dashboard, which should rise by about two
            points, and invoice requests to support, which should fall to almost none""",
            """Customers who need an invoice for an older order can still ask Sara, who can make
            one from the store admin.""",
        ),
        ReleaseSpec(
            "release-checkout-2-4",
            "Checkout v2.4",
            "person-rohan",
            f.release_day,
            "service-checkout",
            ("step-upi-payment",),
            """UPI payments moved from collect requests to the intent flow, a redesigned payment
            step that shows UPI first, and the removal of the old payment callback""",
            """Razorpay asked merchants to move to the intent flow, which is faster for
            customers: on a phone they tap their UPI app instead of typing a UPI id and
            switching apps to approve a request.""",
            """On phones the payment step lists the UPI apps installed on the device; on a
            computer it shows a QR code. After approval the UPI app returns the customer to a
            new callback address, which confirms the payment and creates the order. The old
            collect flow and its callback are removed.""",
            """the UPI error rate and UPI orders per hour against the same hours last week, for
            the whole first day""",
            """Customers who do not see their UPI app can pay by card, or scan the QR code from
            another device.""",
        ),
        ReleaseSpec(
            "release-store-theme-5-1",
            "Store theme v5.1",
            "person-priya",
            t - timedelta(days=35),
            "service-online-store",
            ("page-new-roast",),
            """a new product page layout with the farm story, tasting notes and brew guide above
            the fold, built for the Sunrise Natural launch""",
            """The old product page buried the coffee's story under the price table, and the
            launch campaign needs a page that sells the coffee before it sells the offer.""",
            """The layout is shared by every product page, but only Sunrise Natural has the new
            farm gallery so far. Images are compressed and lazy-loaded, and the 'Add to cart'
            button stays visible while scrolling on phones.""",
            """the product page's add-to-cart rate and its load time on 4G""",
            """If a product page looks wrong on an old phone, ask for the model and the browser
            and post both in #website.""",
        ),
        ReleaseSpec(
            "release-insta-sync-1-3",
            "Instagram Shop sync v1.3",
            "person-priya",
            t - timedelta(days=20),
            "service-insta-shop-sync",
            ("service-insta-shop-sync",),
            """stock synced to the Instagram Shop every fifteen minutes instead of every hour,
            and a clear error when the Instagram token is refused""",
            """In August, when the token lapsed, two customers bought a sold-out coffee through
            the Instagram Shop, and nobody saw the sync had stopped.""",
            """The sync still signs in with the shared Instagram Graph API token. When Instagram
            refuses the token, the sync now posts an error in #content instead of retrying in
            silence. It does not renew the token; that is the open task to fix the token
            refresh.""",
            """the sync log for fifteen-minute runs and #content for token errors""",
            """If a customer orders something that is out of stock through Instagram, refund it
            and tell Priya the time of the order.""",
        ),
    )


def _release_docs(f: StoryFacts) -> list[DocText]:
    docs: list[DocText] = []
    for r in releases(f):
        tested = (
            "Automated tests passed on staging. The real-phone UPI test was run with Google Pay "
            "only; PhonePe and Paytm were not tried."
            if r.id == "release-checkout-2-4"
            else "Automated tests passed on staging, and card and UPI payments were tried on "
            "real phones with two UPI apps, as the release checklist asks."
        )
        paragraphs = tuple(
            _p(x)
            for x in (
                f"""Release notes: {r.name}, a release of {_SERVICE_NAMES[r.service]}. Released
            {_day(r.day)} at 10:30 by {NAMES[r.author]}, after the usual announcement in
            #website.""",
                f"What changed. This release brings {r.what}.",
                f"How it works. {r.details}",
                f"Why. {r.why}",
                f"Testing. {tested}",
                """Rollout. Released to everyone at once. Rollback is one click in the deploy tool
            and takes about two minutes; the previous build stays ready for a week.""",
                f"""What to watch after release: {r.watch}. Whoever is on call posts a short
            all-clear in #website at the end of the first day, or a rollback note if it came to
            that.""",
                f"For support. {r.support}",
                """Known issues at release: none. Report anything odd in #website with the order
            number or the payment id, so it can be traced.""",
            )
        )
        docs.append(
            DocText(
                f"doc-release-notes-{r.id.removeprefix('release-')}",
                f"Release notes: {r.name}",
                "release notes",
                r.author,
                r.day,
                f"github/releases/{r.id}",
                tuple(dict.fromkeys((r.id, r.service, *r.changed))),
                paragraphs,
            )
        )
    return docs


def _brief_docs(f: StoryFacts) -> list[DocText]:
    specs = (
        (
            "campaign-new-roast-launch",
            f.launch_day - timedelta(days=5),
            ("page-new-roast", "product-sunrise-natural"),
            """Launch Sunrise Natural, our first natural-process coffee, online and in the cafés,
         and sign up new customers with a launch offer of 15% off the first bag.""",
            """Home brewers in Bengaluru, Mumbai and Pune who follow speciality coffee accounts,
         and our existing customers who buy washed coffees and might try something fruitier.""",
            """Instagram reels and feed ads, plus Google search ads on 'natural process coffee'.
         Budget ₹21,000 a week for four weeks, approved by Arjun above the ₹20,000 limit.""",
            """Every ad goes to the Sunrise Natural product page, and the offer applies at
         checkout, so the campaign depends on the product page and the checkout working every
         hour it runs. The website team is on call for the launch weeks.""",
            """It tastes of strawberries, and it comes from a farm we have visited. The roast date
         is on the bag. The first bag is 15% off for new customers.""",
            """Week one: reels about the farm and the roast, search ads live. Week two: brewing
         reels, retargeting of page visitors. Weeks three and four: keep what works, cut what
         does not. Cafés pour it as the guest coffee throughout.""",
            """400 new sign-ups over four weeks at no more than ₹130 each, and 600 bags sold.""",
        ),
        (
            "campaign-brand-search",
            f.today - timedelta(days=305),
            ("page-home",),
            """Catch people who already search for Ember & Oak, or for a coffee roaster near them,
         and turn them into customers before a bigger brand's ad does.""",
            """People searching our name, our cafés' names and 'coffee roaster Bengaluru'.""",
            """Google search ads only. About ₹9,500 a week, reviewed monthly.""",
            """Ads go to the home page or the café locator, depending on the search. Searches that
         mention a café go to the café locator with directions.""",
            """Fresh-roasted in Bengaluru; two cafés; delivery across India in three days.""",
            """Always on. Keywords are pruned every month, and new café names are added when a
         café opens.""",
            """A steady cost per sign-up of about ₹75, and most sign-ups buying within a week.""",
        ),
        (
            "campaign-cafe-loyalty",
            f.today - timedelta(days=80),
            ("page-cafe-locator",),
            """Bring people into the cafés and sign them up to the loyalty programme through an
         Instagram DM.""",
            """People within five kilometres of Indiranagar or Koramangala who follow coffee or
         food accounts.""",
            """Instagram ads with a 'send us a DM' button. About ₹4,200 a week.""",
            """The DM auto-responder sends the loyalty code, which the café POS accepts; the café
         locator page shows the way in. The campaign depends on both the auto-responder and
         the POS.""",
            """Ten coffees, the eleventh on us. Your nearest café is a short walk away.""",
            """Runs through the festive season; creative refreshed every three weeks.""",
            """Sign-ups at under ₹50 each, and a visible rise in weekday café visits.""",
        ),
    )
    titles = {c.id: c.name for c in f.campaigns}
    docs: list[DocText] = []
    for cid, day, about, goal, audience, channels, landing, message, timeline, success in specs:
        name = titles[cid]
        paragraphs = tuple(
            _p(x)
            for x in (
                f"""Campaign brief: {name}. Owner: Kabir Singh, Ads team. Written {_day(day)},
            reviewed by Meera for creative and by Arjun for budget.""",
                f"Objective. {goal}",
                f"Audience. {audience}",
                f"Key message. {message}",
                f"Channels and budget. {channels}",
                f"Landing. {landing}",
                f"Timeline. {timeline}",
                f"""What success looks like. {success} Spend comes from the ad platforms and
            sign-ups from the store's own records, and cost per sign-up is reviewed every Monday
            and Thursday. A campaign running 50% over its target for a week is paused or
            changed.""",
                """Creative and rules. Every ad ends with 'Visit your nearest café'. No free tasting
            claims, no health claims, no 'best coffee' superlatives. Creative is reviewed by
            Meera before it goes live, and any offer is checked with Sara so the cafés can
            honour it.""",
            )
        )
        docs.append(
            DocText(
                f"doc-brief-{cid.removeprefix('campaign-')}",
                f"Campaign brief: {name}",
                "campaign brief",
                "person-kabir",
                day,
                f"notion/brief-{cid.removeprefix('campaign-')}",
                (cid, *about),
                paragraphs,
            )
        )
    return docs


# id, name, origin, process, altitude, notes, brew, price for 250 g
PRODUCTS: tuple[tuple[str, str, str, str, str, str, str, int], ...] = (
    (
        "product-ember-house-blend",
        "Ember House Blend",
        "Chikmagalur and Coorg",
        "washed",
        "1,100 to 1,400 m",
        "milk chocolate, roasted almond and a little orange",
        "espresso and milk drinks",
        550,
    ),
    (
        "product-oak-dark-roast",
        "Oak Dark Roast",
        "Coorg",
        "washed",
        "1,000 m",
        "dark chocolate, molasses and smoke",
        "French press and South Indian filter",
        520,
    ),
    (
        "product-monsoon-malabar",
        "Monsoon Malabar AA",
        "Malabar coast",
        "monsooned",
        "1,000 to 1,200 m",
        "earthy, spicy and low in acidity",
        "filter and cold brew",
        600,
    ),
    (
        "product-sunrise-natural",
        "Sunrise Natural",
        "Baba Budan Hills, Chikmagalur",
        "natural",
        "1,450 m",
        "strawberry, cacao nib and red wine",
        "pour-over and AeroPress",
        780,
    ),
)
_PRODUCT_STORIES = {
    "product-ember-house-blend": """Our everyday coffee and the one behind most café drinks. Two
        washed arabicas, one from a family estate in Chikmagalur and one from a cooperative in
        Coorg, roasted separately and blended after roasting so each keeps its character.""",
    "product-oak-dark-roast": """For people who grew up on strong filter coffee and want it
        fresher. A washed Coorg arabica taken darker than anything else we roast, but stopped
        before it turns bitter. It is the coffee most customers ask for by name in the
        cafés.""",
    "product-monsoon-malabar": """A coffee with a story older than we are: green beans left
        open to the monsoon winds on the Malabar coast until they swell and turn pale gold.
        Low acidity and a heavy body; the wholesale cafés love it for cold brew.""",
    "product-sunrise-natural": """Our first natural-process coffee. The cherries are dried whole
        on raised beds at Baba Budan Hills Estate, which gives the cup its fruit. It is a small
        lot, and when it is gone it is gone until next season.""",
}


def _product_docs(f: StoryFacts) -> list[DocText]:
    docs: list[DocText] = []
    for i, (pid, name, origin, process, altitude, notes, brew, price) in enumerate(PRODUCTS):
        day = (
            date(f.year, 2 + i, 12)
            if pid != "product-sunrise-natural"
            else (f.launch_day - timedelta(days=10))
        )
        paragraphs = tuple(
            _p(x)
            for x in (
                f"""Product sheet: {name}. Origin: {origin}. Process: {process}. Altitude:
            {altitude}. Price: ₹{price} for 250 g, ₹{price * 37 // 10} for a kilo.""",
                f"The coffee. {_PRODUCT_STORIES[pid]}",
                f"""Tasting notes. {notes.capitalize()}. We roast it to bring those out and stop
            before the roast flavours take over; the roast date is on every bag.""",
                f"""How to brew. Best for {brew}. Start with 15 g of coffee to 250 ml of water just
            off the boil, and change the grind before the ratio. For espresso, start at 18 g in
            and 36 g out in about 28 seconds.""",
                """Freshness and storage. Best between five and thirty days after the roast date.
            Keep the bag closed, away from sunlight and out of the fridge; the valve lets gas
            out without letting air in. Whole beans keep their flavour about twice as long as
            ground coffee.""",
                """For the cafés. Baristas can offer it as the guest coffee when the hopper is on
            rotation. Tell customers where it comes from; it sells itself once they know. Keep
            at least six bags on the retail shelf.""",
                f"""For content. Use the farm photos in the shared drive, the tasting notes above
            and the price. Do not promise a free tasting. Close with 'Visit your nearest café'.
            Questions about {name} go to Arjun.""",
            )
        )
        docs.append(
            DocText(
                f"doc-product-{pid.removeprefix('product-')}",
                f"Product sheet: {name}",
                "product sheet",
                "person-arjun",
                day,
                f"notion/product-{pid.removeprefix('product-')}",
                (pid,),
                paragraphs,
            )
        )
    return docs


# --- messages and e-mails ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Said:
    """A Slack message or an e-mail of the story: who said it, to whom, and what it names."""

    id: str
    type: str
    name: str
    by: str
    to: str
    day: date
    time: tuple[int, int]
    src: str
    text: str
    mentions: tuple[str, ...]


def conversations(f: StoryFacts) -> tuple[Said, ...]:
    """The messages and e-mails around the story, oldest first."""
    rel, today = f.release_day, f.today
    by_id = {c.id: c for c in f.campaigns}
    new, brand = by_id["campaign-new-roast-launch"], by_id["campaign-brand-search"]
    web, content = "channel-slack-website", "channel-slack-content"
    return (
        Said(
            "email-razorpay-upi-intent",
            "Email",
            "Moving UPI collect to the intent flow",
            "vendor-razorpay",
            "person-rohan",
            today - timedelta(days=34),
            (9, 0),
            "gmail/t1702",
            "Dear merchant, UPI collect requests are being phased out. Please "
            "move your integration to the intent flow and update your callback URL in the "
            "dashboard.",
            ("step-upi-payment",),
        ),
        Said(
            "message-token-handover",
            "Message",
            "Slack message from Priya",
            "person-priya",
            content,
            date(f.year, 10, 5),
            (10, 0),
            "slack/m88",
            "Taking 'Fix Instagram token refresh' over from Arjun today. Plan: refresh the "
            "token automatically and alert here when it fails.",
            ("task-ig-token", "person-arjun"),
        ),
        Said(
            "email-neha-upi-failed",
            "Email",
            "Paid by UPI but no order",
            "customer-neha-kapoor",
            "team-cafes",
            rel,
            (12, 40),
            "gmail/t1881",
            "Hi, I paid ₹780 by UPI for a bag of Sunrise Natural and the site showed an "
            "error. The money has left my account. Can you check? Neha",
            ("step-upi-payment",),
        ),
        Said(
            "message-upi-alert",
            "Message",
            "Slack message from Rohan",
            "person-rohan",
            web,
            rel,
            (14, 10),
            "slack/m301",
            "Razorpay shows UPI failures climbing since the 2.4 "
            "deploy this morning. Card payments look fine. Looking now.",
            ("release-checkout-2-4", "step-upi-payment"),
        ),
        Said(
            "message-upi-complaints",
            "Message",
            "Slack message from Sara",
            "person-sara",
            web,
            rel,
            (16, 0),
            "slack/m305",
            "Six customers have written in since lunch: paid by UPI, no order. Is checkout broken?",
            ("step-upi-payment",),
        ),
        Said(
            "email-blue-door-reorder",
            "Email",
            "Reorder: 12 kg Monsoon Malabar",
            "customer-blue-door-cafe",
            "person-arjun",
            today - timedelta(days=6),
            (8, 0),
            "gmail/t1920",
            "Hello Arjun, same again please: 12 kg of Monsoon Malabar, espresso grind. Thanks!",
            ("product-monsoon-malabar",),
        ),
        Said(
            "message-cps-warning",
            "Message",
            "Slack message from Kabir",
            "person-kabir",
            content,
            today - timedelta(days=2),
            (12, 0),
            "slack/m322",
            f"New roast is at {_inr(new.cost_per_signup)} per sign-up against "
            f"{_inr(brand.cost_per_signup)} on brand search, and it lands people on the "
            "broken checkout. Pause until the UPI fix?",
            (new.id, brand.id, "incident-upi-failures"),
        ),
        Said(
            "message-token-expiry",
            "Message",
            "Slack message from Ananya",
            "person-ananya",
            content,
            today - timedelta(days=1),
            (9, 0),
            "slack/m330",
            f"Heads up: the Instagram token expires on {_day(f.token_expires)}. Priya, is the "
            "automatic refresh ready?",
            ("account-instagram-token", "task-ig-token"),
        ),
    )


# --- the meeting transcript -------------------------------------------------------------

#: Lines of the 12 October content review, as (speaker, text). The decision rests on line 6.
MEETING_LINES: tuple[tuple[str, str], ...] = (
    ("person-meera", "First item: stories. Ananya, you have the numbers from the summer?"),
    (
        "person-ananya",
        "Reach per story has fallen every week since July. We are under half of "
        "what we had in June, and people tap straight through them.",
    ),
    (
        "person-kabir",
        "Reels are the opposite. They keep growing, and I can reuse the good ones as ads.",
    ),
    ("person-arjun", "If we stop stories, will it look like we went quiet?"),
    (
        "person-ananya",
        "Not if the cafés still post when something happens. It's the daily "
        "habit that costs an hour a day.",
    ),
    (
        "person-meera",
        "Then let's decide: pause daily stories and post three reels a week, "
        "with stories only for real events. Everyone agreed?",
    ),
    ("person-arjun", "Agreed. It replaces what we decided in June."),
    ("person-ananya", "I'll build a reels calendar for the next four weeks."),
)


def documents(f: StoryFacts, *, seed: int) -> list[DocText]:
    """Every document of the sample business, in a stable order."""
    rng = random.Random(seed)
    docs = [_process_doc(spec, f, i) for i, spec in enumerate(_PROCESSES)]
    docs += _story_docs(f)
    docs += _release_docs(f)
    docs += _brief_docs(f)
    docs += _product_docs(f)
    docs += [_weekly_sync(f, f.today - timedelta(days=1 + 7 * k), rng) for k in range(8)]
    return docs
