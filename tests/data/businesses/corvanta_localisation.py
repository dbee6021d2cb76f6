"""Corvanta Localisation: a translation and localisation agency in Tartu, Estonia, with a
small in-house team of project managers, engineers and reviewers and a pool of freelance
linguists.

The story: projects, quotes, job offers to freelancers and self-billed vendor invoices live in
the Lingotrack TMS (Lingotrack Systems). Linguists translate in the Strata CAT server
(Segmenta Software's licence), which runs on a Nordhost Cloud virtual machine and holds the
translation memories and termbases. Clients upload and download through the ClientDock portal
(Pikselkoda Studio), which talks to Lingotrack through an API token owned by Anu Ilves; until
4 May the old Parlance Desk portal used that token (retired). MT pre-translation ran on
Lexicor's DeepWord until 30 April and on Polyglossa's NeuraMT from 1 May (Anu Ilves' decision
of 28 April); the NeuraMT contract and key end on 31 July. Verity QA (Clearproof Software)
makes the LQA scorecards; freelancers are paid through a Payvora payout account.

The Verity licence lapsed on 25 May and no scorecards were made until it was renewed on 29 May
(LQA scores have no readings for 25-29 May; linked). From 1 June Corvanta runs Halvard
Medical's IFU programme (Maarja Kuusk's decision of 13 May, linked to words delivered). The
Strata server's storage filled on 8 June and it was down until 16:40 on 9 June (on-time
delivery and words delivered fall; linked). From 15 June the rush surcharge went from 25% to
50% (Maarja Kuusk's decision of 8 June, linked to rush jobs). A Payvora API change broke the
invoice sync from 15 to 19 June (no invoice readings; linked). Strata 12.0 went in on 22 June
with new default segmentation rules; TM leverage fell that day (nothing links the two).
Gustav Lindroos left the freelance pool on 12 June. The Halvard termbase clean-up moved from
Tanel Rebane to Rasmus Kivi on 29 June. The production sync of Tuesday 14 July restored the
Strata 11 segmentation rules, kept the 50% surcharge through Q3 and handed the NeuraMT renewal
from Anu Ilves to Eveli Mänd.

"Today" is Wednesday 15 July 2026; daily readings run from 13 April to 14 July.
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

SLUG = "corvanta-localisation"
HERE = Path(__file__).resolve().parent
TODAY = date(2026, 7, 15)
FIRST, LAST = date(2026, 4, 13), date(2026, 7, 14)
SEED = 20260715
START = date(2025, 2, 3)
CLIENTDOCK_DECIDED = date(2026, 4, 21)
CLIENTDOCK_FROM = date(2026, 5, 4)
NEURAMT_DECIDED = date(2026, 4, 28)
NEURAMT_FROM = date(2026, 5, 1)
VERITY_GAP = tuple(date(2026, 5, 25) + timedelta(days=i) for i in range(5))  # to 29 May
VERITY_BACK = date(2026, 5, 29)
HALVARD_DECIDED = date(2026, 5, 13)
HALVARD_FROM = date(2026, 6, 1)
OUTAGE_DAYS = (date(2026, 6, 8), date(2026, 6, 9))
SURCHARGE_DECIDED = date(2026, 6, 8)
SURCHARGE_FROM = date(2026, 6, 15)
GUSTAV_OUT = date(2026, 6, 12)
PAYVORA_GAP = tuple(date(2026, 6, 15) + timedelta(days=i) for i in range(5))  # to 19 Jun
PAYVORA_BACK = date(2026, 6, 20)
STRATA_12 = date(2026, 6, 22)
TERMBASE_FROM = date(2026, 6, 2)
TERMBASE_HANDOVER = date(2026, 6, 29)
NEURAMT_TASK_FROM = date(2026, 6, 15)
REVIEW_DAY = date(2026, 6, 12)
SYNC = date(2026, 7, 14)
DOC_DATES = {
    "doc-freelancer-handbook": date(2026, 1, 12),
    "doc-quality-manual": date(2025, 9, 29),
    "doc-client-terms": SURCHARGE_DECIDED,
    "doc-mt-policy": NEURAMT_DECIDED,
    "doc-outage-review": REVIEW_DAY,
    "doc-halvard-sow": date(2026, 5, 20),
}

# fmt: off
STAFF = (
    ("person-maarja-kuusk", "Maarja Kuusk", "Managing director", None),
    ("person-priit-lohmus", "Priit Lõhmus", "Head of production", "team-production"),
    ("person-kadri-tamm", "Kadri Tamm", "Senior project manager (life sciences accounts)",
     "team-production"),
    ("person-oskar-vaher", "Oskar Vaher", "Project manager (games, media and subtitling)",
     "team-production"),
    ("person-liis-saar", "Liis Saar", "Project manager (rush desk and client intake)",
     "team-production"),
    ("person-sofia-marchetti", "Sofia Marchetti", "Vendor manager (freelancer recruitment, "
     "rates and onboarding)", "team-vendor"),
    ("person-tanel-rebane", "Tanel Rebane", "Localisation engineer (Strata server, "
     "translation memories and termbases)", "team-langtech"),
    ("person-anu-ilves", "Anu Ilves", "Language technology lead (machine translation and "
     "Lingotrack administration)", "team-langtech"),
    ("person-helena-brandt", "Helena Brandt", "Quality lead (LQA and ISO 17100)",
     "team-quality"),
    ("person-rasmus-kivi", "Rasmus Kivi", "In-house reviewer and terminologist (EN-ET)",
     "team-quality"),
    ("person-eveli-mand", "Eveli Mänd", "Finance manager", "team-finance"),
    ("person-karl-erik-sepp", "Karl-Erik Sepp", "Accounts assistant (vendor invoices)",
     "team-finance"),
    ("person-nadia-okafor", "Nadia Okafor", "Sales and account manager", "team-client"),
)
#: Freelance linguists: pool members, not staff; each with pairs and a word rate.
FREELANCERS = (
    ("person-benedikt-aumann", "Benedikt Aumann", "Freelance DE-ET and EN-ET translator",
     "de-DE>et-EE, en-GB>et-EE", 0.095, None),
    ("person-ines-carvalho", "Inês Carvalho", "Freelance EN-PT translator and reviewer",
     "en-GB>pt-PT", 0.11, None),
    ("person-mateusz-wrona", "Mateusz Wrona", "Freelance EN-PL translator and subtitler",
     "en-GB>pl-PL", 0.085, None),
    ("person-aino-lehtola", "Aino Lehtola", "Freelance EN-FI medical translator",
     "en-GB>fi-FI", 0.12, None),
    ("person-jonas-berg", "Jonas Berg", "Freelance clinical reviewer (physician) for "
     "medical device texts", "en-GB>sv-SE, en-GB>nb-NO", 0.14, None),
    ("person-gustav-lindroos", "Gustav Lindroos", "Freelance EN-SV translator (left the pool "
     "on 12 June 2026)", "en-GB>sv-SE", 0.10, GUSTAV_OUT),
)
TEAMS = (
    ("team-production", "Production (project management)"),
    ("team-vendor", "Vendor Management"),
    ("team-langtech", "Language Technology"),
    ("team-quality", "Quality & Terminology"),
    ("team-finance", "Finance & Admin"),
    ("team-client", "Client Services"),
    ("team-freelance", "Freelance linguist pool"),
)
VENDORS = (
    ("vendor-lingotrack", "Lingotrack Systems", "the Lingotrack TMS: projects, quotes, job "
     "offers to freelancers, purchase orders and self-billed vendor invoices", START),
    ("vendor-segmenta", "Segmenta Software", "the Strata CAT server licence (40 concurrent "
     "seats), the Strata Editor and version upgrades", START),
    ("vendor-nordhost", "Nordhost Cloud", "the virtual machine and storage volume in "
     "Helsinki that run the Strata CAT server", START),
    ("vendor-polyglossa", "Polyglossa AI", "the NeuraMT machine translation engine and its "
     "API", NEURAMT_DECIDED),
    ("vendor-clearproof", "Clearproof Software", "Verity QA: automated QA checks and LQA "
     "scorecards, under a yearly licence", START),
    ("vendor-payvora", "Payvora", "mass payouts to freelance linguists in 31 countries",
     START),
    ("vendor-pikselkoda", "Pikselkoda Studio", "builds and hosts the ClientDock client portal",
     date(2026, 2, 16)),
    ("vendor-cueline", "Cueline Media", "seats for the Cueline Studio subtitle editor", START),
    ("vendor-kanjibashi", "Kanjibashi Honyaku", "a partner agency in Osaka that translates "
     "and reviews everything into Japanese", START),
)
TOOLS = (
    ("tool-lingotrack", "Lingotrack TMS", "person-priit-lohmus"),
    ("tool-strata", "Strata CAT server", "person-tanel-rebane"),
    ("tool-neuramt", "NeuraMT engine", "person-anu-ilves"),
    ("tool-verity", "Verity QA", "person-helena-brandt"),
    ("tool-clientdock", "ClientDock client portal", "person-liis-saar"),
    ("tool-cueline", "Cueline Studio subtitle editor", "person-oskar-vaher"),
)
ACCOUNTS = (
    ("account-lingotrack-api", "Lingotrack API token for ClientDock", "person-anu-ilves",
     "The API token ClientDock uses to open a Lingotrack project for every client upload and "
     "to fetch finished files for delivery. It is renewed every 12 months in the Lingotrack "
     "admin console; the current token expires on 3 May 2027.", {"expiresAt": "2027-05-03"}),
    ("account-strata-licence", "Strata server licence (40 concurrent seats)",
     "person-tanel-rebane",
     "Segmenta Software's licence for the Strata CAT server: 40 concurrent linguist seats and "
     "upgrades, paid yearly to 31 January 2027.", {"expiresAt": "2027-01-31"}),
    ("account-neuramt-key", "NeuraMT API key", "person-anu-ilves",
     "Corvanta's key for Polyglossa's NeuraMT API; Strata calls it to pre-translate every "
     "MTPE job. The contract and the key run to 31 July 2026.", {"expiresAt": "2026-07-31"}),
    ("account-verity-licence", "Verity QA licence key", "person-helena-brandt",
     "The yearly Clearproof Software licence key for Verity QA. It lapsed on 25 May 2026 "
     "because the renewal invoice went to a former employee's mailbox; renewed on 29 May for "
     "a year, on auto-renew.", {"expiresAt": "2027-05-29"}),
    ("account-payvora", "Payvora payout account", "person-eveli-mand",
     "Corvanta's Payvora account: Lingotrack's self-billed freelancer invoices sync into it "
     "and are paid out on the 10th and 25th of the month.", {}),
)
SERVICES = (
    ("service-translation", "Translation and review (TEP)", ("tool-strata", "tool-lingotrack")),
    ("service-mtpe", "Machine translation post-editing", ("tool-neuramt", "tool-strata")),
    ("service-client-portal", "Client file intake and delivery", ()),
    ("service-lqa", "Linguistic quality assurance (LQA)", ("tool-verity",)),
    ("service-vendor-payments", "Freelancer payments", ("account-payvora", "tool-lingotrack")),
    ("service-subtitling", "Subtitling", ("tool-cueline",)),
)
ASSETS = (
    ("asset-tm-halvard", "Halvard Medical translation memories (EN into 14 languages)",
     "Translation memories for Halvard Medical's IFUs, labels and leaflets, imported into "
     "Strata on 1 June 2026 (about 60 GB)."),
    ("asset-tb-halvard", "Halvard Medical termbase",
     "The Halvard Medical termbase in Strata: client-approved device and clinical terms in 14 "
     "languages, locked once Halvard's regulatory affairs team approves them."),
)
PRODUCTS = (
    ("product-tep", "Standard translation (TEP)", ("service-translation", "service-lqa")),
    ("product-rush", "Express translation (under 24 hours)",
     ("service-translation", "service-client-portal")),
    ("product-mtpe", "MT post-editing (light and full)", ("service-mtpe",)),
    ("product-ifu", "Medical IFU translation (Halvard programme)",
     ("service-translation", "service-lqa", "asset-tm-halvard", "asset-tb-halvard")),
    ("product-subtitles", "Subtitling and captions", ("service-subtitling",)),
)
RULES = (
    ("rule-fuzzy-grid", "Freelancers are paid on the job's Strata analysis: new words and "
     "matches under 75% at 100% of the word rate, 75-94% fuzzy matches at 60%, 95-99% fuzzy "
     "matches at 30%, 100% and context matches and repetitions at 10%",
     "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-capacity", "A translator is given no more than 2,500 new words a day and a reviewer "
     "no more than 8,000 words a day; bigger deadlines are split between linguists",
     "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-linguist-rush", "A job with a turnaround under 24 hours pays the linguist 20% on "
     "top of the word rate", "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-self-billing", "Freelancers do not invoice: Lingotrack self-bills each completed "
     "purchase order and Payvora pays on the 10th and 25th, never later than 30 days after "
     "delivery", "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-no-public-mt", "No client file leaves Strata or ClientDock, and no client text goes "
     "into public MT or free web translators, not even one sentence",
     "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-three-fails", "An LQA score under 98 is a failed LQA; a linguist with three failed "
     "LQAs in 90 days leaves the pool", "doc-freelancer-handbook", "person-sofia-marchetti"),
    ("rule-four-eyes", "Every translation for publication is revised by a second linguist; "
     "only light MT post-editing for internal use may skip revision, and only with the "
     "client's waiver in writing on the ClientDock order", "doc-quality-manual",
     "person-helena-brandt"),
    ("rule-lqa-pass", "The LQA pass mark is 98 out of 100, and 99 for Halvard Medical IFUs",
     "doc-quality-manual", "person-helena-brandt"),
    ("rule-termbase-lock", "Client-approved terms are locked; only the quality lead or the "
     "terminologist changes one, after the client's terminology contact approves in writing",
     "doc-quality-manual", "person-helena-brandt"),
    ("rule-back-translation", "Halvard Medical IFUs get a back-translation of every safety "
     "section and a clinical reviewer's sign-off before delivery", "doc-quality-manual",
     "person-helena-brandt"),
    ("rule-rush-surcharge", "A job with a turnaround under 48 hours carries a 50% surcharge "
     "(25% until 14 June 2026); under 24 hours the rush desk must accept it first",
     "doc-client-terms", "person-nadia-okafor"),
    ("rule-minimum-charge", "Every job is billed at least 45 euros per target language",
     "doc-client-terms", "person-nadia-okafor"),
    ("rule-turnaround", "Standard turnaround is 2,000 words per working day per language plus "
     "one day for revision; uploads after 15:00 count from the next working day",
     "doc-client-terms", "person-nadia-okafor"),
    ("rule-mt-opt-in", "Machine translation only on jobs whose client opted in on the "
     "ClientDock order; never on certified or legal translations or Halvard safety sections",
     "doc-mt-policy", "person-anu-ilves"),
    ("rule-disk-alert", "Strata storage over 80% full posts an alert to #langtech, and TM "
     "maintenance runs every Sunday night", "doc-outage-review", "person-tanel-rebane"),
)
# fmt: on


def _company(w: Book) -> None:
    w.node(
        "Organization",
        "org-corvanta",
        "Corvanta Localisation",
        src="ariregister:corvanta-localisation-ou",
        as_of=date(2014, 3, 10),
        city="Tartu",
        text="Corvanta Localisation OÜ is a translation and localisation agency on Küütri "
        "street in Tartu, Estonia: 13 staff (project managers, language technology, quality, "
        "vendor management, finance) and a pool of about 340 freelance linguists in 38 "
        "language pairs, translating for medical device, games, e-commerce and legal clients.",
    )
    for tid, name in TEAMS:
        w.node("Team", tid, name, src="bamboo:teams", as_of=START)
        w.edge(tid, "MEMBER_OF", "org-corvanta", since=START, src="bamboo:teams")
    for pid, name, role, team in STAFF:
        w.node(
            "Person",
            pid,
            name,
            src="bamboo:staff",
            as_of=START,
            role=role,
            email=f"{pid.removeprefix('person-').split('-')[0]}@corvanta.ee",
        )
        w.edge(pid, "MEMBER_OF", team or "org-corvanta", since=START, src="bamboo:staff")
    for pid, name, role, pairs, rate, left in FREELANCERS:
        src = f"lingotrack:vendors/{pid.removeprefix('person-')}"
        w.node(
            "Person",
            pid,
            name,
            src=src,
            as_of=left or START,
            role=role,
            languages=pairs,
            wordRate=rate,
            status="left the pool" if left else "active",
        )
        w.edge(pid, "MEMBER_OF", "team-freelance", since=START, until=left, src=src, as_of=left)
    for vid, name, supplies, since in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="merit:suppliers",
            as_of=since,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
        w.edge("org-corvanta", "USES", vid, since=since, src="merit:suppliers")
    w.node(
        "Vendor",
        "vendor-lexicor",
        "Lexicor",
        src="merit:suppliers",
        as_of=NEURAMT_FROM,
        supplies="the DeepWord machine translation engine, until 30 April 2026",
        status="former supplier",
        text="Lexicor supplied the DeepWord machine translation engine until 30 April 2026.",
    )
    w.edge(
        "org-corvanta",
        "USES",
        "vendor-lexicor",
        since=START,
        until=NEURAMT_FROM,
        src="merit:suppliers",
    )
    w.node(
        "Deal",
        "deal-ember-tide",
        "Pixelfjord Games: Ember Tide localisation, 9 languages, 410,000 words",
        src="lingotrack:quotes/Q-26-0388",
        as_of=date(2026, 7, 2),
        stage="quote sent",
        value=47150,
        text="Localisation of Pixelfjord's game Ember Tide (UI, dialogue and store pages, "
        "410,000 words) into 9 languages, quoted at 47,150 euros on 2 July from a Strata "
        "analysis made after the 12.0 upgrade.",
    )
    w.edge(
        "deal-ember-tide",
        "ASSIGNED_TO",
        "person-nadia-okafor",
        since=date(2026, 7, 2),
        src="lingotrack:quotes/Q-26-0388",
    )


def _customers(w: Book) -> None:
    for cid, name, since, text, uses in (
        (
            "customer-halvard",
            "Halvard Medical AB",
            HALVARD_FROM,
            "Infusion pump maker in Uppsala; IFUs, labels and patient leaflets into 14 "
            "languages, about 120,000 words a month since 1 June 2026.",
            "service-translation",
        ),
        (
            "customer-pixelfjord",
            "Pixelfjord Games",
            START,
            "Games studio in Oulu; patch notes, UI strings and trailers, uploaded through "
            "ClientDock in weekly drops.",
            "service-subtitling",
        ),
        (
            "customer-sarvik",
            "Sarvik Outdoor",
            START,
            "Outdoor gear web shop; product catalogue updates in 7 languages, post-edited MT.",
            "service-mtpe",
        ),
        (
            "customer-tamme",
            "Tamme & Partners law office",
            START,
            "Law firm in Tallinn; contracts and sworn translations for court.",
            "service-translation",
        ),
    ):
        w.node("Customer", cid, name, src="lingotrack:clients", as_of=since, text=text)
        w.edge(cid, "USES", uses, since=since, src="lingotrack:clients")
    w.edge(
        "customer-pixelfjord",
        "USES",
        "service-client-portal",
        since=START,
        src="lingotrack:clients",
    )


def _systems(w: Book) -> None:
    src = "notion:systems-register"
    for tid, name, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for aid, name, text in ASSETS:
        w.node("Asset", aid, name, src="strata:resources", as_of=HALVARD_FROM, text=text)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="lingotrack:price-list", as_of=START)
    w.edges(
        src,
        START,
        ("tool-lingotrack", "DEPENDS_ON", "vendor-lingotrack"),
        ("account-lingotrack-api", "DEPENDS_ON", "tool-lingotrack"),
        ("account-lingotrack-api", "PART_OF", "tool-lingotrack"),
        ("tool-strata", "DEPENDS_ON", "account-strata-licence"),
        ("tool-strata", "DEPENDS_ON", "vendor-nordhost"),
        ("account-strata-licence", "DEPENDS_ON", "vendor-segmenta"),
        ("account-strata-licence", "PART_OF", "tool-strata"),
        ("tool-verity", "DEPENDS_ON", "account-verity-licence"),
        ("account-verity-licence", "DEPENDS_ON", "vendor-clearproof"),
        ("account-verity-licence", "PART_OF", "tool-verity"),
        ("account-payvora", "DEPENDS_ON", "vendor-payvora"),
        ("tool-cueline", "DEPENDS_ON", "vendor-cueline"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-production", "USES", "tool-lingotrack"),
        ("team-production", "USES", "tool-clientdock"),
        ("team-langtech", "USES", "tool-strata"),
        ("team-langtech", "USES", "tool-neuramt"),
        ("team-quality", "USES", "tool-verity"),
        ("team-quality", "USES", "tool-strata"),
        ("team-finance", "USES", "account-payvora"),
        ("team-freelance", "USES", "tool-strata"),
        ("team-freelance", "USES", "tool-cueline"),
        ("person-priit-lohmus", "OWNS", "service-translation"),
        ("person-anu-ilves", "OWNS", "service-mtpe"),
        ("person-liis-saar", "OWNS", "service-client-portal"),
        ("person-helena-brandt", "OWNS", "service-lqa"),
        ("person-eveli-mand", "OWNS", "service-vendor-payments"),
        ("person-oskar-vaher", "OWNS", "service-subtitling"),
    )
    w.edges(
        "strata:resources",
        HALVARD_FROM,
        ("asset-tm-halvard", "DEPENDS_ON", "tool-strata"),
        ("asset-tm-halvard", "PART_OF", "tool-strata"),
        ("asset-tb-halvard", "DEPENDS_ON", "tool-strata"),
        ("asset-tb-halvard", "PART_OF", "tool-strata"),
        ("person-kadri-tamm", "OWNS", "asset-tm-halvard"),
        ("person-rasmus-kivi", "OWNS", "asset-tb-halvard"),
    )
    # ClientDock from 4 May, Parlance Desk (retired) before it; both on the same API token.
    w.edges(
        src,
        date(2026, 2, 16),
        ("tool-clientdock", "DEPENDS_ON", "account-lingotrack-api"),
        ("tool-clientdock", "DEPENDS_ON", "vendor-pikselkoda"),
    )
    w.node(
        "Tool",
        "tool-parlance",
        "Parlance Desk client portal (retired)",
        src=src,
        as_of=CLIENTDOCK_FROM,
        status="retired",
        kind="software",
        text="The old client upload portal, read-only from 4 May 2026 and switched off.",
    )
    w.edge(
        "tool-parlance",
        "DEPENDS_ON",
        "account-lingotrack-api",
        since=START,
        until=CLIENTDOCK_FROM,
        src=src,
    )
    w.edge(
        "service-client-portal",
        "DEPENDS_ON",
        "tool-parlance",
        since=START,
        until=CLIENTDOCK_FROM,
        src=src,
    )
    w.edge("service-client-portal", "DEPENDS_ON", "tool-clientdock", since=CLIENTDOCK_FROM, src=src)
    # MT: Lexicor DeepWord until 30 April, NeuraMT from 1 May.
    w.node(
        "Tool",
        "tool-deepword",
        "DeepWord MT (retired)",
        src=src,
        as_of=NEURAMT_FROM,
        status="retired",
        kind="software",
        text="Lexicor's DeepWord engine, used for MT pre-translation until 30 April 2026.",
    )
    w.edge(
        "tool-deepword", "DEPENDS_ON", "vendor-lexicor", since=START, until=NEURAMT_FROM, src=src
    )
    w.edge("service-mtpe", "DEPENDS_ON", "tool-deepword", since=START, until=NEURAMT_FROM, src=src)
    w.edges(
        src,
        NEURAMT_DECIDED,
        ("tool-neuramt", "DEPENDS_ON", "account-neuramt-key"),
        ("account-neuramt-key", "DEPENDS_ON", "vendor-polyglossa"),
        ("account-neuramt-key", "PART_OF", "tool-neuramt"),
    )


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {
        k: [] for k in ("words", "ontime", "lqa", "leverage", "rush", "invoices")
    }
    day = FIRST
    while day <= LAST:
        weekday = day.weekday() < 5
        words = rng.randint(36000, 50000) if weekday else rng.randint(5000, 11000)
        if day >= HALVARD_FROM and weekday:
            words += rng.randint(4800, 7200)
        ontime = rng.uniform(92.0, 97.5)
        if day in OUTAGE_DAYS:
            words = round(words * rng.uniform(0.3, 0.38))
            ontime = rng.uniform(57.0, 64.0)
        elif day == OUTAGE_DAYS[-1] + timedelta(days=1):
            ontime = rng.uniform(83.0, 87.0)
        lqa = rng.uniform(98.5, 99.7) if day >= NEURAMT_FROM else rng.uniform(97.9, 98.9)
        leverage = rng.uniform(31.0, 36.5) if day < STRATA_12 else rng.uniform(22.0, 26.5)
        if day < SURCHARGE_FROM:
            rush = rng.randint(9, 15) if weekday else rng.randint(2, 5)
        else:
            rush = rng.randint(4, 8) if weekday else rng.randint(0, 3)
        invoices = rng.randint(18, 34) if weekday else rng.randint(3, 9)
        out["words"].append((day, words))
        out["ontime"].append((day, round(ontime, 1)))
        if day not in VERITY_GAP:
            out["lqa"].append((day, round(lqa, 1)))
        out["leverage"].append((day, round(leverage, 1)))
        out["rush"].append((day, rush))
        if day not in PAYVORA_GAP:
            out["invoices"].append((day, invoices))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    tms, qa, cat, pay = (
        "lingotrack:reports",
        "verity:scorecards",
        "strata:analysis-log",
        "payvora:sync-log",
    )
    w.metric(
        "metric-words-delivered",
        "Words delivered to clients",
        "words",
        "sum",
        src=tms,
        since=START,
        measures="service-translation",
    )
    w.metric(
        "metric-ontime-rate",
        "On-time delivery rate (share of jobs delivered by the agreed deadline)",
        "%",
        "mean",
        src=tms,
        since=START,
    )
    w.metric(
        "metric-lqa-score",
        "LQA score (mean Verity scorecard, out of 100)",
        "points",
        "mean",
        src=qa,
        since=START,
        measures="service-lqa",
    )
    w.metric(
        "metric-tm-leverage",
        "TM leverage (share of analysed words matched from translation memory)",
        "%",
        "mean",
        src=cat,
        since=START,
    )
    w.metric(
        "metric-rush-jobs",
        "Rush jobs received (turnaround under 48 hours)",
        "jobs",
        "sum",
        src=tms,
        since=START,
        measures="product-rush",
    )
    w.metric(
        "metric-vendor-invoices",
        "Freelancer invoices processed (self-billed, synced to Payvora)",
        "invoices",
        "sum",
        src=pay,
        since=START,
        measures="service-vendor-payments",
    )
    return {
        "words": w.readings("metric-words-delivered", series["words"], src=tms),
        "ontime": w.readings("metric-ontime-rate", series["ontime"], src=tms),
        "lqa": w.readings("metric-lqa-score", series["lqa"], src=qa),
        "leverage": w.readings("metric-tm-leverage", series["leverage"], src=cat),
        "rush": w.readings("metric-rush-jobs", series["rush"], src=tms),
        "invoices": w.readings("metric-vendor-invoices", series["invoices"], src=pay),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src = "lingotrack:issues/QA-0525"
    w.node(
        "Incident",
        "incident-verity-lapse",
        "Verity QA licence expired: no LQA scorecards",
        src=src,
        as_of=VERITY_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-05-25T00:00:00+00:00",
        resolvedAt="2026-05-29T15:30:00+00:00",
        text="The Verity QA licence key expired at midnight on Monday 25 May: Clearproof's "
        "renewal invoice had gone to the mailbox of a finance assistant who left in March. "
        "Verity kept running its automated checks in trial mode but made no LQA scorecards, "
        "so the LQA score has no readings from 25 to 29 May. Helena Brandt paid the renewal "
        "by card and loaded the new key at 15:30 on Friday 29 May; the missing scorecards "
        "were not made afterwards.",
    )
    w.edges(
        src,
        "2026-05-25T00:00:00+00:00",
        ("account-verity-licence", "CAUSED", "incident-verity-lapse"),
        ("incident-verity-lapse", "AFFECTS", "tool-verity"),
        ("incident-verity-lapse", "AFFECTS", "metric-lqa-score"),
        ("person-helena-brandt", "OWNS", "incident-verity-lapse"),
        as_of=VERITY_BACK,
    )
    src, back = "lingotrack:issues/OPS-0608", date(2026, 6, 9)
    w.node(
        "Incident",
        "incident-strata-outage",
        "Strata CAT server down: storage volume full",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-06-08T04:10:00+00:00",
        resolvedAt="2026-06-09T13:40:00+00:00",
        text="The Strata CAT server's storage volume on the Nordhost Cloud virtual machine "
        "filled at 07:10 on Monday 8 June and the translation memory database went "
        "read-only; linguists could not confirm segments. Nordhost grew the volume to 500 GB "
        "and Strata was back at 16:40 on Tuesday 9 June. 37 jobs went out late.",
    )
    w.edges(
        src,
        "2026-06-08T04:10:00+00:00",
        ("vendor-nordhost", "CAUSED", "incident-strata-outage"),
        ("incident-strata-outage", "AFFECTS", "tool-strata"),
        ("incident-strata-outage", "AFFECTS", "metric-ontime-rate"),
        ("incident-strata-outage", "AFFECTS", "metric-words-delivered"),
        *(("incident-strata-outage", "CAUSED", obs["ontime"][d]) for d in OUTAGE_DAYS),
        *(("incident-strata-outage", "CAUSED", obs["words"][d]) for d in OUTAGE_DAYS),
        ("person-tanel-rebane", "OWNS", "incident-strata-outage"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-grow-volume",
        "Grow the Strata storage volume to 500 GB and turn auto-expand back on",
        src="lingotrack:issues/OPS-0608#fix",
        as_of=back,
        status="done",
    )
    w.edges(
        "lingotrack:issues/OPS-0608#fix",
        OUTAGE_DAYS[0],
        ("person-tanel-rebane", "OWNS", "task-grow-volume"),
        ("person-tanel-rebane", "WORKS_ON", "task-grow-volume"),
        ("task-grow-volume", "FIXES", "incident-strata-outage"),
        as_of=back,
    )
    src = "lingotrack:issues/FIN-0615"
    w.node(
        "Incident",
        "incident-payvora-sync",
        "Payvora invoice sync broken by an API change",
        src=src,
        as_of=PAYVORA_BACK,
        status="resolved",
        severity="medium",
        startedAt="2026-06-15T06:00:00+00:00",
        resolvedAt="2026-06-20T07:15:00+00:00",
        text="Payvora retired version 2 of its payouts API on Monday 15 June and Lingotrack's "
        "connector still used it, so self-billed invoices stopped syncing. The sync log has "
        "no counts for 15 to 19 June. Lingotrack shipped a connector fix on Saturday 20 June; "
        "the stuck invoices were paid on the 25 June payment run.",
    )
    w.edges(
        src,
        "2026-06-15T06:00:00+00:00",
        ("vendor-payvora", "CAUSED", "incident-payvora-sync"),
        ("incident-payvora-sync", "AFFECTS", "account-payvora"),
        ("incident-payvora-sync", "AFFECTS", "metric-vendor-invoices"),
        ("person-eveli-mand", "OWNS", "incident-payvora-sync"),
        as_of=PAYVORA_BACK,
    )
    # The Strata upgrade: nothing ties it to TM leverage; leverage just falls that day.
    w.node(
        "Release",
        "release-strata-12",
        "Strata 12.0 server upgrade",
        src="segmenta:strata/releases/12.0",
        as_of="2026-06-22T03:00:00+00:00",
        version="12.0",
        releasedAt="2026-06-22T03:00:00+00:00",
        text="Segmenta's Strata 12.0, installed on Corvanta's server early on Monday 22 June: "
        "a faster editor, AI-assisted fuzzy repair and a new default segmentation profile "
        "(SRX rules) applied to every project template. The new rules split sentences at "
        "colons and do not use Corvanta's abbreviation list.",
    )
    w.edges(
        "segmenta:strata/releases/12.0",
        "2026-06-22T03:00:00+00:00",
        ("release-strata-12", "CHANGED", "tool-strata"),
        ("release-strata-12", "PART_OF", "service-translation"),
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-prod-desk", "#prod-desk"),
        ("channel-langtech", "#langtech"),
        ("channel-vendor-mgmt", "#vendor-mgmt"),
        ("channel-finance", "#finance"),
    ):
        w.node("Channel", cid, name, src="slack:channels", as_of=START)
    for mid, name, who, channel, ts, said, text in (
        (
            "message-clientdock",
            "Liis in #prod-desk on 21 April",
            "person-liis-saar",
            "channel-prod-desk",
            1776762000,
            "2026-04-21T09:00:00+00:00",
            "ClientDock goes live for every client on Monday 4 May. Parlance Desk goes "
            "read-only that morning and off at the end of May. Same Lingotrack token under "
            "the hood, so projects still open themselves.",
        ),
        (
            "message-neuramt",
            "Anu in #langtech on 28 April",
            "person-anu-ilves",
            "channel-langtech",
            1777366800,
            "2026-04-28T09:00:00+00:00",
            "From Friday 1 May MT pre-translation switches from DeepWord to NeuraMT. In the "
            "Sarvik and Pixelfjord pilot NeuraMT needed 31% fewer edits and it puts our "
            "termbase terms into its output, which DeepWord never did.",
        ),
        (
            "message-halvard",
            "Maarja in #prod-desk on 13 May",
            "person-maarja-kuusk",
            "channel-prod-desk",
            1778662800,
            "2026-05-13T09:00:00+00:00",
            "We're taking on Halvard Medical's IFU programme from Monday 1 June: about "
            "120,000 words a month into 14 languages, two-year SOW. Kadri leads the account.",
        ),
        (
            "message-verity-back",
            "Helena in #langtech on 29 May",
            "person-helena-brandt",
            "channel-langtech",
            1780068600,
            "2026-05-29T15:30:00+00:00",
            "Verity is licensed again. The renewal invoice went to an old mailbox and the key "
            "ran out on Monday, so there are no LQA scorecards for this week. It's on "
            "auto-renew now, invoiced to the finance inbox.",
        ),
        (
            "message-strata-down",
            "Tanel in #langtech on 8 June",
            "person-tanel-rebane",
            "channel-langtech",
            1780899000,
            "2026-06-08T06:10:00+00:00",
            "Strata is read-only: the disk on the Nordhost VM is full. Nobody confirm "
            "segments until I say so. Nordhost are growing the volume.",
        ),
        (
            "message-surcharge",
            "Nadia in #prod-desk on 8 June",
            "person-nadia-okafor",
            "channel-prod-desk",
            1780927200,
            "2026-06-08T14:00:00+00:00",
            "Maarja has signed off the new rush surcharge: from Monday 15 June jobs under 48 "
            "hours carry 50% instead of 25%. Rush is a third of our jobs and most of it "
            "isn't urgent, it's late planning on the client side.",
        ),
        (
            "message-gustav-out",
            "Sofia in #vendor-mgmt on 12 June",
            "person-sofia-marchetti",
            "channel-vendor-mgmt",
            1781258400,
            "2026-06-12T10:00:00+00:00",
            "Gustav Lindroos leaves the pool today: three failed LQAs since March. Please "
            "don't send him any more offers; Swedish goes to the two new linguists.",
        ),
        (
            "message-strata-12",
            "Tanel in #langtech on 19 June",
            "person-tanel-rebane",
            "channel-langtech",
            1781859600,
            "2026-06-19T09:00:00+00:00",
            "Strata 12.0 goes on the server early Monday 22 June. New editor and fuzzy "
            "repair. Expect ten minutes of downtime around 06:00.",
        ),
        (
            "message-payvora-fixed",
            "Eveli in #finance on 20 June",
            "person-eveli-mand",
            "channel-finance",
            1781939700,
            "2026-06-20T07:15:00+00:00",
            "Payvora sync is working again: Lingotrack shipped the connector fix this "
            "morning. Nothing was counted between 15 and 19 June; those invoices go out on "
            "the 25th run, so nobody is paid late.",
        ),
        (
            "message-termbase-handover",
            "Tanel in #langtech on 29 June",
            "person-tanel-rebane",
            "channel-langtech",
            1782723600,
            "2026-06-29T09:00:00+00:00",
            "Rasmus is taking over the Halvard termbase clean-up from today. I'm on the "
            "Strata 12 fallout. About 400 duplicates left to merge.",
        ),
        (
            "message-sync-notes",
            "Production sync notes, 14 July",
            "person-priit-lohmus",
            "channel-prod-desk",
            1784022000,
            "2026-07-14T09:40:00+00:00",
            "Production sync, Tue 14 July. 1) TM leverage down from about 34% to 24% since "
            "Strata 12.0: the new default segmentation rules split at colons and ignore our "
            "abbreviation list. We keep 12.0 and restore the Strata 11 segmentation rules "
            "as the default profile; Tanel by Fri 17 July, open jobs re-analysed. Oskar "
            "re-quotes the Pixelfjord patch and subtitling jobs analysed since 22 June by "
            "Fri 17 July; Nadia sends Pixelfjord a revised Ember Tide quote by Mon 20 July. "
            "2) NeuraMT contract and key end 31 July and Anu is on leave from 20 July: Eveli "
            "takes over the renewal (PO and contract by Tue 28 July). 3) Halvard: Sofia "
            "onboards two EN-FI medical reviewers by 31 July; Kadri confirms the July batch "
            "plan with Halvard by Thu 16 July. 4) Rush jobs roughly halved since the 50% "
            "surcharge; it stays through Q3. 5) Payvora sync fine since 20 June.",
        ),
    ):
        src = f"slack:{w.names[channel].lstrip('#')}/{ts}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
        )
    for mid, said, targets in (
        ("message-clientdock", "2026-04-21T09:00:00+00:00", ("tool-clientdock", "tool-parlance")),
        ("message-neuramt", "2026-04-28T09:00:00+00:00", ("tool-neuramt", "tool-deepword")),
        ("message-halvard", "2026-05-13T09:00:00+00:00", ("customer-halvard",)),
        (
            "message-verity-back",
            "2026-05-29T15:30:00+00:00",
            ("incident-verity-lapse", "account-verity-licence"),
        ),
        ("message-strata-down", "2026-06-08T06:10:00+00:00", ("incident-strata-outage",)),
        ("message-surcharge", "2026-06-08T14:00:00+00:00", ("product-rush",)),
        ("message-gustav-out", "2026-06-12T10:00:00+00:00", ("person-gustav-lindroos",)),
        ("message-strata-12", "2026-06-19T09:00:00+00:00", ("release-strata-12",)),
        ("message-payvora-fixed", "2026-06-20T07:15:00+00:00", ("incident-payvora-sync",)),
        (
            "message-sync-notes",
            "2026-07-14T09:40:00+00:00",
            ("release-strata-12", "tool-strata", "account-neuramt-key", "product-rush"),
        ),
    ):
        src = next(f["node"]["src"] for f in w.facts if f.get("node", {}).get("id") == mid)
        w.edges(src, said, *((mid, "MENTIONS", t) for t in targets))


def _documents(w: Book) -> None:
    docs = HERE / SLUG / "docs"
    mentions = {
        "Strata": "tool-strata",
        "Lingotrack": "tool-lingotrack",
        "ClientDock": "tool-clientdock",
        "Verity": "tool-verity",
        "NeuraMT": "tool-neuramt",
        "DeepWord": "tool-deepword",
        "Payvora": "vendor-payvora",
        "Nordhost": "vendor-nordhost",
        "Kanjibashi": "vendor-kanjibashi",
        "Halvard": "customer-halvard",
        "termbase": "asset-tb-halvard",
        "Sofia Marchetti": "person-sofia-marchetti",
        "Rasmus Kivi": "person-rasmus-kivi",
        "Helena Brandt": "person-helena-brandt",
        "Tanel Rebane": "person-tanel-rebane",
        "Kadri Tamm": "person-kadri-tamm",
        "Nadia Okafor": "person-nadia-okafor",
    }
    for path, did, author, kind, about in (
        (
            "freelancer-handbook.md",
            "doc-freelancer-handbook",
            "person-sofia-marchetti",
            "handbook",
            ["team-freelance", "service-vendor-payments"],
        ),
        (
            "quality-manual.md",
            "doc-quality-manual",
            "person-helena-brandt",
            "manual",
            ["service-lqa", "service-translation"],
        ),
        (
            "client-terms-and-rates.md",
            "doc-client-terms",
            "person-nadia-okafor",
            "terms",
            ["product-tep", "product-rush", "product-mtpe"],
        ),
        (
            "mt-use-policy.md",
            "doc-mt-policy",
            "person-anu-ilves",
            "policy",
            ["service-mtpe", "tool-neuramt"],
        ),
        (
            "strata-outage-review.md",
            "doc-outage-review",
            "person-tanel-rebane",
            "incident review",
            ["incident-strata-outage"],
        ),
        (
            "halvard-sow-summary.md",
            "doc-halvard-sow",
            "person-kadri-tamm",
            "contract summary",
            ["customer-halvard", "product-ifu"],
        ),
    ):
        w.document(
            docs / path,
            did,
            src=f"notion:{path.removesuffix('.md')}",
            as_of=DOC_DATES[did],
            author=author,
            kind=kind,
            about=about,
            mentions=mentions,
        )


def _decisions_and_rules(w: Book) -> None:
    for rid, name, doc, owner in RULES:
        src = f"notion:{doc.removeprefix('doc-')}"
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
        "decision-deepword",
        "Pre-translate MT post-editing jobs with Lexicor's DeepWord engine",
        src="notion:mt-engine-2025",
        on=START,
        why="DeepWord was the cheapest engine with Estonian, Latvian and Lithuanian in 2025, "
        "and it came with a ready-made Strata connector.",
        made_by="person-anu-ilves",
        made_in=None,
        edges=(("decision-deepword", "AFFECTS", "service-mtpe"),),
    )
    decision(
        "decision-neuramt",
        "Switch MT pre-translation from DeepWord to Polyglossa's NeuraMT from 1 May",
        src="slack:langtech/1777366800",
        on=NEURAMT_DECIDED,
        why="In the Sarvik and Pixelfjord pilot NeuraMT output needed 31% fewer edits than "
        "DeepWord, and NeuraMT forces the job's termbase terms into its output (termbase "
        "injection), which DeepWord could not do; it also runs in the EU with zero "
        "retention.",
        made_by="person-anu-ilves",
        made_in="message-neuramt",
        edges=(
            ("decision-neuramt", "SUPERSEDES", "decision-deepword"),
            ("decision-neuramt", "AFFECTS", "service-mtpe"),
            ("decision-neuramt", "MENTIONS", "tool-neuramt"),
            ("decision-neuramt", "MENTIONS", "tool-deepword"),
        ),
    )
    decision(
        "decision-clientdock",
        "Move client uploads and deliveries from Parlance Desk to ClientDock on 4 May",
        src="slack:prod-desk/1776762000",
        on=CLIENTDOCK_DECIDED,
        why="Parlance Desk could not take folders or files over 2 GB, had no client-side "
        "order form for MT opt-in or rush, and its maker stopped security updates in 2025.",
        made_by="person-priit-lohmus",
        made_in="message-clientdock",
        edges=(
            ("decision-clientdock", "AFFECTS", "service-client-portal"),
            ("decision-clientdock", "MENTIONS", "tool-parlance"),
        ),
    )
    decision(
        "decision-halvard",
        "Take on Halvard Medical's IFU translation programme from 1 June",
        src="slack:prod-desk/1778662800",
        on=HALVARD_DECIDED,
        why="A two-year statement of work for about 120,000 words a month into 14 languages "
        "is the biggest account Corvanta has had, fills the weekday capacity that games work "
        "leaves between drops, and medical device work is what the ISO 17100 certificate was "
        "got for.",
        made_by="person-maarja-kuusk",
        made_in="message-halvard",
        edges=(
            ("decision-halvard", "AFFECTS", "metric-words-delivered"),
            ("decision-halvard", "AFFECTS", "service-translation"),
            ("decision-halvard", "MENTIONS", "customer-halvard"),
        ),
    )
    decision(
        "decision-verity-autorenew",
        "Put the Verity QA licence on auto-renew, invoiced to the finance inbox",
        src="slack:langtech/1780068600",
        on=VERITY_BACK,
        why="The licence lapsed on 25 May because Clearproof's renewal invoice went to a "
        "leaver's mailbox; on auto-renew with a shared inbox it cannot lapse unnoticed.",
        made_by="person-helena-brandt",
        made_in="message-verity-back",
        edges=(("decision-verity-autorenew", "MENTIONS", "incident-verity-lapse"),),
    )
    decision(
        "decision-rush-surcharge",
        "Raise the rush surcharge from 25% to 50% from 15 June",
        src="slack:prod-desk/1780927200",
        on=SURCHARGE_DECIDED,
        why="Rush jobs were a third of all jobs, most of them late planning rather than real "
        "urgency; each one pays the linguist a 20% premium and pushes other deadlines, so "
        "the 25% surcharge no longer covered what rush costs.",
        made_by="person-maarja-kuusk",
        made_in="message-surcharge",
        edges=(
            ("decision-rush-surcharge", "AFFECTS", "metric-rush-jobs"),
            ("decision-rush-surcharge", "AFFECTS", "product-rush"),
        ),
    )
    decision(
        "decision-storage-alerts",
        "Keep the Strata volume at 500 GB with auto-expand and alert #langtech at 80% full",
        src="notion:strata-outage-review",
        on=REVIEW_DAY,
        why="The 8-9 June outage came from a full volume nobody was watching; 37 late jobs "
        "and 4,860 euros of credits and rush premiums cost far more than the extra storage.",
        made_by="person-tanel-rebane",
        made_in="doc-outage-review",
        edges=(
            ("decision-storage-alerts", "BASED_ON", "doc-outage-review"),
            ("decision-storage-alerts", "MENTIONS", "incident-strata-outage"),
        ),
    )
    sync = "slack:prod-desk/1784022000"
    decision(
        "decision-srx-restore",
        "Keep Strata 12.0 and restore the Strata 11 segmentation rules as the default profile",
        src=sync,
        on=SYNC,
        why="Strata 12.0's new default segmentation rules split sentences at colons and "
        "ignore the abbreviation list, so TM matches are no longer offered and leverage fell "
        "from about 34% to 24%; a downgrade would mean restoring the database and losing "
        "three weeks of TM updates, while the old rules load as a custom profile.",
        made_by="person-priit-lohmus",
        made_in="message-sync-notes",
        edges=(
            ("decision-srx-restore", "AFFECTS", "tool-strata"),
            ("decision-srx-restore", "MENTIONS", "release-strata-12"),
        ),
    )
    decision(
        "decision-keep-surcharge",
        "Keep the 50% rush surcharge through Q3 and review it in October",
        src=sync,
        on=SYNC,
        why="Rush jobs have roughly halved since 15 June without losing a client, and the "
        "rush work that still comes in pays for the linguist premium.",
        made_by="person-priit-lohmus",
        made_in="message-sync-notes",
        edges=(("decision-keep-surcharge", "MENTIONS", "product-rush"),),
    )


def _work(w: Book) -> None:
    src = "lingotrack:tasks/LT-112"
    w.node(
        "Task",
        "task-neuramt-renewal",
        "Renew the Polyglossa NeuraMT contract and API key before they end on 31 July",
        src=src,
        as_of=NEURAMT_TASK_FROM,
        status="in progress",
        due="2026-07-28",
        text="Take Polyglossa's renewal offer (12 months at 1,450 euros a month), raise the "
        "purchase order and sign the contract so the NeuraMT API key does not lapse on 31 "
        "July.",
    )
    w.edge("person-anu-ilves", "OWNS", "task-neuramt-renewal", since=NEURAMT_TASK_FROM, src=src)
    w.edges(
        src,
        NEURAMT_TASK_FROM,
        ("task-neuramt-renewal", "ABOUT", "account-neuramt-key"),
        ("person-anu-ilves", "WORKS_ON", "task-neuramt-renewal"),
    )
    w.edges(
        "slack:prod-desk/1784022000",
        SYNC,
        ("person-eveli-mand", "OWNS", "task-neuramt-renewal"),
        ("person-eveli-mand", "WORKS_ON", "task-neuramt-renewal"),
        ("message-sync-notes", "MENTIONS", "task-neuramt-renewal"),
    )
    src = "lingotrack:tasks/LT-097"
    w.node(
        "Task",
        "task-termbase-cleanup",
        "Clean up the Halvard Medical termbase: merge duplicates and lock approved terms",
        src=src,
        as_of=TERMBASE_FROM,
        status="in progress",
        due="2026-07-24",
        text="Merge the duplicate entries left by the import from Halvard's old supplier, "
        "send the open terms to Halvard's regulatory affairs team and lock every approved "
        "term in the 14 languages.",
    )
    w.edge("person-tanel-rebane", "OWNS", "task-termbase-cleanup", since=TERMBASE_FROM, src=src)
    w.edges(
        src,
        TERMBASE_FROM,
        ("task-termbase-cleanup", "ABOUT", "asset-tb-halvard"),
        ("task-termbase-cleanup", "ABOUT", "rule-termbase-lock"),
        ("person-tanel-rebane", "WORKS_ON", "task-termbase-cleanup"),
    )
    w.edges(
        "slack:langtech/1782723600",
        TERMBASE_HANDOVER,
        ("person-rasmus-kivi", "OWNS", "task-termbase-cleanup"),
        ("person-rasmus-kivi", "WORKS_ON", "task-termbase-cleanup"),
        ("message-termbase-handover", "MENTIONS", "task-termbase-cleanup"),
    )
    src = "lingotrack:tasks/QM-031"
    w.node(
        "Task",
        "task-iso-audit",
        "Prepare the ISO 17100 surveillance audit on 22 September",
        src=src,
        as_of=date(2026, 6, 1),
        status="open",
        due="2026-09-15",
        text="Collect revision records, termbase evidence from Rasmus Kivi and the Halvard "
        "back-translation files from Kadri Tamm, and book the auditor's day.",
    )
    w.edges(
        src,
        date(2026, 6, 1),
        ("person-helena-brandt", "OWNS", "task-iso-audit"),
        ("person-helena-brandt", "WORKS_ON", "task-iso-audit"),
        ("task-iso-audit", "ABOUT", "doc-quality-manual"),
    )
    sync = "slack:prod-desk/1784022000"
    for tid, name, owner, due, text, about in (
        (
            "task-srx-restore",
            "Restore the Strata 11 segmentation rules as the default profile and re-analyse "
            "open jobs",
            "person-tanel-rebane",
            "2026-07-17",
            "Load the Strata 11 SRX rules as a custom segmentation profile, make it the default "
            "for every project template and re-run the analysis on every open job.",
            "tool-strata",
        ),
        (
            "task-requote-jobs",
            "Re-quote the Pixelfjord patch and subtitling jobs analysed since 22 June",
            "person-oskar-vaher",
            "2026-07-17",
            "Once the re-analysis is done, send Pixelfjord the lower figure wherever it comes "
            "out lower.",
            "customer-pixelfjord",
        ),
        (
            "task-ember-tide-quote",
            "Send Pixelfjord a revised Ember Tide quote",
            "person-nadia-okafor",
            "2026-07-20",
            "Re-quote the 410,000-word Ember Tide job from the new analysis.",
            "deal-ember-tide",
        ),
        (
            "task-fi-reviewers",
            "Onboard two EN-FI medical reviewers for Halvard",
            "person-sofia-marchetti",
            "2026-07-31",
            "Aino Lehtola does all the Finnish and is at the 2,500-word cap; two more "
            "reviewers through the test and onboarded so a sick day does not make a batch late.",
            "customer-halvard",
        ),
        (
            "task-halvard-july-plan",
            "Confirm the July batch plan with Halvard",
            "person-kadri-tamm",
            "2026-07-16",
            "Halvard want two device families moved forward in July.",
            "customer-halvard",
        ),
    ):
        w.node("Task", tid, name, src=sync, as_of=SYNC, status="open", due=due, text=text)
        w.edges(
            sync,
            SYNC,
            (owner, "OWNS", tid),
            (owner, "WORKS_ON", tid),
            (tid, "ABOUT", about),
            ("message-sync-notes", "MENTIONS", tid),
        )


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = [
        "coverage",
        "days of data",
        "missing",
        "only",
        "gap",
        "no reading",
        "days with",
    ]
    token = impact_question(
        facts,
        "if the lingotrack token for the portal expires what stops working?",
        ["account-lingotrack-api"],
        today,
        must_exclude=["Parlance"],
        note="the token -> ClientDock -> client intake and delivery -> express translation; "
        "Parlance Desk used the same token until 4 May and is retired, so it breaks nothing",
    )
    invoices_mid = m(
        facts,
        today,
        "how many freelancer invoices a day were we processing mid june? payvora was being weird",
        "metric_average",
        "metric-vendor-invoices",
        periods=("mid_june",),
        tolerance=0.5,
        covered=True,
        note="the Payvora sync log has no counts for 15-19 June: 5 of the 10 days, a mean "
        "over those",
    )
    invoices_mid.must_include = [coverage_words]
    lqa_change = m(
        facts,
        today,
        "lqa scores may vs april - better or worse?",
        "metric_change",
        "metric-lqa-score",
        periods=("month_may", "month_april"),
        tolerance=0.2,
        covered=True,
        note="readings start on 13 April (18 of 30 days) and Verity made no scorecards 25-29 "
        "May (26 of 31 days): compare daily means over the covered days and say so; scores "
        "rose from 1 May, when NeuraMT replaced DeepWord (nothing links the two)",
    )
    lqa_change.must_include = [coverage_words]
    pool = related_question(
        facts,
        "who's actually in the freelance pool rn",
        today,
        rel="MEMBER_OF",
        to="team-freelance",
        keep=["Person"],
        note="Gustav Lindroos left the pool on 12 June (three failed LQAs)",
    )
    pool.must_exclude = ["Gustav Lindroos"]
    return [
        token,
        impact_question(
            facts,
            "verity is offline again, what does that knock out",
            ["vendor-clearproof", "tool-verity"],
            today,
            note="Verity QA -> LQA -> the products that need LQA (TEP and the Halvard IFUs)",
        ),
        impact_question(
            facts,
            "polyglossa goes down - whats affected?",
            ["vendor-polyglossa"],
            today,
            note="Polyglossa -> the NeuraMT key -> NeuraMT -> MTPE and what is sold on it",
        ),
        owner_question(
            facts,
            "whos doing the neuramt renewal now that anu's off",
            "task-neuramt-renewal",
            today,
            note="Anu Ilves handed it to Eveli Mänd at the 14 July production sync",
        ),
        owner_question(
            facts,
            "who had the neuramt contract renewal back in june?",
            "task-neuramt-renewal",
            date(2026, 6, 22),
        ),
        owner_question(
            facts,
            "who was on the halvard termbase cleanup mid june",
            "task-termbase-cleanup",
            date(2026, 6, 15),
            note="Tanel Rebane had it until Rasmus Kivi took it over on 29 June",
        ),
        Question(
            "why did we ditch deepword for neuramt?",
            "decision",
            must_include=[["31%", "termbase", "fewer edits"]],
            must_cite=["decision-neuramt"],
        ),
        Question(
            "who decided to bump the rush surcharge to 50%",
            "decision",
            must_include=["Maarja Kuusk"],
            must_cite=["decision-rush-surcharge"],
            note="Nadia announced it; Maarja signed it off",
        ),
        Question(
            "which mt engine were we on before neuramt",
            "decision",
            must_include=["DeepWord"],
            must_cite=["decision-deepword"],
            note="the superseded decision: Lexicor's DeepWord until 30 April",
        ),
        Question(
            "sarvik batch has a load of 85% fuzzies, what % of the word rate does the "
            "translator get for those?",
            "policy",
            must_include=["60%"],
            must_cite=["rule-fuzzy-grid"],
            note="75-94% fuzzy matches are paid at 60% of the word rate",
        ),
        Question(
            "can i give aino 4k new words due tmrw morning? shes the only FI person free",
            "policy",
            must_include=["2,500"],
            must_cite=["rule-capacity"],
            note="no: a translator gets at most 2,500 new words a day; split the files",
        ),
        Question(
            "is it ok to paste one sentence into google translate just to sanity check a term",
            "policy",
            must_include=[["public MT", "web translators"]],
            must_cite=["rule-no-public-mt"],
            note="no: no client text into public MT or free web translators, not one sentence",
        ),
        related_question(
            facts,
            "clientdock gets its project data through an api token - whose system is that "
            "token for, vendor-wise?",
            today,
            rel="DEPENDS_ON",
            frm="tool-lingotrack",
            keep=["Vendor"],
            note="three hops: ClientDock -> the Lingotrack API token -> Lingotrack TMS -> "
            "Lingotrack Systems",
        ),
        related_question(
            facts,
            "the neuramt api key - what team is whoever owns it in?",
            today,
            rel="MEMBER_OF",
            frm="person-anu-ilves",
            note="the key is Anu Ilves' (the renewal task moved to Eveli, the key did not) -> "
            "her team",
        ),
        related_question(
            facts,
            "neuramt renewal - which team has it sitting with now?",
            today,
            rel="MEMBER_OF",
            frm="person-eveli-mand",
            note="the task's owner since 14 July is Eveli Mänd -> her team",
        ),
        pool,
        m(
            facts,
            today,
            "how many words went out yesterday",
            "metric_value",
            "metric-words-delivered",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "on-time % on june 9?",
            "metric_value",
            "metric-ontime-rate",
            span=(OUTAGE_DAYS[1], OUTAGE_DAYS[1]),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "rush jobs in the second half of may, total?",
            "metric_total",
            "metric-rush-jobs",
            periods=("second_half_may",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total words delivered the week of 8 june",
            "metric_total",
            "metric-words-delivered",
            periods=("week_of_2026-06-08",),
            tolerance=0.5,
            note="the week of 8-14 June holds the two Strata outage days",
        ),
        m(
            facts,
            today,
            "how many freelancer invoices did we push through last week",
            "metric_total",
            "metric-vendor-invoices",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "avg words per day since the halvard programme kicked off",
            "metric_average",
            "metric-words-delivered",
            periods=("since_2026-06-01",),
            tolerance=0.5,
            note="Halvard started on Monday 1 June",
        ),
        m(
            facts,
            today,
            "whats our average on-time rate for the end of Q2",
            "metric_average",
            "metric-ontime-rate",
            periods=("end_q2",),
            tolerance=0.05,
            note="the last 14 days of June, 17-30 June",
        ),
        invoices_mid,
        m(
            facts,
            today,
            "words delivered june vs may?",
            "metric_change",
            "metric-words-delivered",
            periods=("month_june", "month_may"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "tm leverage late june vs early june, how much did it drop",
            "metric_change",
            "metric-tm-leverage",
            periods=("late_june", "early_june"),
            tolerance=0.2,
        ),
        lqa_change,
        Question(
            "why did on-time delivery tank the week of 8 june",
            "metric_why",
            must_include=[["Strata", "storage volume", "disk"]],
            must_cite=["incident-strata-outage"],
        ),
        Question(
            "tm leverage has been rubbish since late june, what happened?",
            "metric_why",
            must_include=[["12.0", "segmentation", "SRX"]],
            must_cite=["release-strata-12"],
            note="nothing links the release to the metric: leverage falls from 22 June, the "
            "day Strata 12.0 brought new default segmentation rules",
        ),
        Question(
            "why are there no lqa scores for the end of may",
            "metric_why",
            must_include=[["licence", "expired", "lapsed"]],
            must_cite=["incident-verity-lapse"],
        ),
        Question(
            "rush jobs fell off a cliff mid june, why?",
            "metric_why",
            must_include=[["surcharge", "50%"]],
            must_cite=["decision-rush-surcharge"],
        ),
        Question(
            "how many jobs went out late in the strata outage, per tanel's review",
            "document",
            must_include=["37"],
            must_cite=["doc-outage-review"],
        ),
        Question(
            "whats the service credit in the halvard sow if an IFU batch is late",
            "document",
            must_include=["5%"],
            must_cite=["doc-halvard-sow"],
        ),
        Question(
            "what did we land on re the segmentation rules at yesterday's prod sync?",
            "meeting",
            must_include=[["Strata 11", "SRX"], ["Tanel", "Friday", "17"]],
            must_cite=["decision-srx-restore"],
            note="14 July: keep 12.0, restore the Strata 11 segmentation rules as the default "
            "profile and re-analyse open jobs, Tanel by Friday 17 July",
        ),
        Question(
            "who's got which actions out of tuesday's production sync",
            "meeting",
            must_include=["Tanel", "Eveli", "Sofia", "Nadia"],
            note="Tanel: Strata 11 segmentation rules by 17 Jul; Oskar: re-quotes by 17 Jul; "
            "Nadia: Ember Tide quote by 20 Jul; Eveli: NeuraMT renewal by 28 Jul; Sofia: two "
            "FI medical reviewers by 31 Jul; Kadri: Halvard July batch plan by 16 Jul",
        ),
        Question(
            "who looks after our memoq server licence?",
            "unknown",
            absent=["memoQ"],
            note="the CAT server is Strata; there is no memoQ in the records",
        ),
        Question(
            "what did piret laur decide about opening a riga office",
            "unknown",
            absent=["Piret", "Riga"],
            note="no such person and no second office",
        ),
        Question(
            "how many words did we deliver in march",
            "unknown",
            absent=["2026-03-"],
            note="readings start on 13 April",
        ),
        Question("who won eurovision this year lol", "offtopic"),
        Question("anyone got a good kama dessert recipe for fridays team breakfast?", "offtopic"),
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
        "Corvanta Localisation",
        "translation and localisation agency: project managers and a freelance linguist "
        "pool, a TMS, a CAT server with translation memories and termbases, machine "
        "translation post-editing, LQA scorecards, a client portal, per-word rates with a "
        "fuzzy match grid, rush jobs and self-billed vendor invoices (Corvanta "
        "Localisation, Tartu, Estonia)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": "meetings/production-sync-2026-07-14.txt",
                "title": "Weekly production sync",
                "date": SYNC.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    write(build(), out=HERE / SLUG)
