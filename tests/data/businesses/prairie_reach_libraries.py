# ruff: noqa: E501 -- the documents and the meeting transcript are embedded as written, one paragraph per line
"""Prairie Reach Regional Library: a rural public library network in Westman, Manitoba (Canada).

The story: four branches (Neepawa headquarters with the makerspace, Minnedosa, Carberry and
Gladstone) and the Reach Van, a mobile library that visits six rural stops on Tuesdays to
Thursdays, all lend from the Shelfwise integrated library system hosted by Quillon Library
Systems; the van checks items out with the Shelfwise Go app over a Kinosota Wireless LTE
hotspot (the plan ends on 31 October). E-books and e-audiobooks come from the Leafcast lending
platform, which signs patrons in with a Shelfwise patron API key. Interlibrary loans (ILL) go
through RelayILL on the Prairie Libraries Exchange network, carried to and from the Brandon
hub by a courier. Volunteers (Books by Mail, Summer Reading Club helpers) sign up for shifts
in Helpwell; Tallyport door counters report visits to TallyCloud.

On 13 July makerspace bookings moved from the paper binder at the Neepawa desk to BenchBook,
and booked hours roughly doubled (linked). On Tuesday 4 August the ILL courier moved from
Whitemud Freight's weekly Thursday run to Assiniboine Parcel Runs on Mondays and Thursdays, and
ILL turnaround fell from about 11 days to about 6 (linked). From 18 to 29 August the TallyCloud
gateway certificate had expired and no door counts came through (a gap in coverage). On
Monday 24 August Leafcast shipped app 6.0, which asks for the library card PIN many patrons
never set, and e-book loans fell by about a third from that day (nothing links the release to
the loans metric). On 8 and 9 September Shelfwise was down for 31 hours (Quillon's data centre
failover failed); branches wrote paper slips and 1,312 loans were keyed in on 10 September.
The hotspot renewal moved from Wesley Desjarlais to Nolan Baptiste on 2 September; the
branch heads' meeting of Monday 14 September agreed offline circulation laptops, a Leafcast
PIN drive, no backfill of door counts, the van's winter schedule and volunteer check renewals,
and handed the provincial annual statistics return from Rosalind Penner to Dale Kowalchuk.

"Today" is Wednesday 16 September 2026; daily readings run from 15 June to 15 September.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
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

SLUG = "prairie-reach-libraries"
HERE = Path(__file__).resolve().parent
OUT = HERE / SLUG
TODAY = date(2026, 9, 16)
FIRST, LAST = date(2026, 6, 15), date(2026, 9, 15)
SEED = 2049
START = date(2025, 4, 1)
FINE_FREE = date(2026, 1, 5)
HOLIDAYS = (date(2026, 7, 1), date(2026, 8, 3), date(2026, 9, 7))  # Canada, Terry Fox, Labour
SRC_FROM, SRC_TO = date(2026, 6, 29), date(2026, 8, 21)  # Summer Reading Club
BENCHBOOK_FROM = date(2026, 7, 13)
COURIER_FROM = date(2026, 8, 4)
TALLY_GAP = tuple(date(2026, 8, 18) + timedelta(days=i) for i in range(12))  # to 29 Aug
LEAFCAST_6 = date(2026, 8, 24)
OUTAGE = {date(2026, 9, 8): 46, date(2026, 9, 9): 11}
BACKLOG_DAY, BACKLOG = date(2026, 9, 10), 1312
HOTSPOT_HANDOVER = date(2026, 9, 2)
MEETING = date(2026, 9, 14)
MEETING_SRC = "msteams:branch-heads/2026-09-14-notes"
DOC_DATES = {
    "doc-circulation-policy": FINE_FREE,
    "doc-volunteer-handbook": date(2026, 5, 4),
    "doc-makerspace-handbook": BENCHBOOK_FROM,
    "doc-courier-review": date(2026, 7, 17),
    "doc-outage-review": date(2026, 9, 11),
}

# fmt: off
PEOPLE = (
    ("person-marguerite-lavallee", "Marguerite Lavallée", "Chief librarian", None),
    ("person-dale-kowalchuk", "Dale Kowalchuk", "Neepawa branch head", "team-branches"),
    ("person-harpreet-gill", "Harpreet Gill", "Minnedosa branch head", "team-branches"),
    ("person-colleen-friesen", "Colleen Friesen", "Carberry branch head", "team-branches"),
    ("person-bev-sawatzky", "Bev Sawatzky", "Gladstone branch head (part-time)",
     "team-branches"),
    ("person-nolan-baptiste", "Nolan Baptiste",
     "Systems librarian: Shelfwise administrator and vendor contracts", "team-systems"),
    ("person-ivy-chartrand", "Ivy Chartrand",
     "Digital services librarian: Leafcast, TallyCloud and the website", "team-systems"),
    ("person-rosalind-penner", "Rosalind Penner", "Collections and resource sharing manager",
     "team-collections"),
    ("person-jasper-klassen", "Jasper Klassen", "Interlibrary loan technician",
     "team-collections"),
    ("person-amara-okafor", "Amara Okafor", "Outreach coordinator (Reach Van and programs)",
     "team-outreach"),
    ("person-wesley-desjarlais", "Wesley Desjarlais", "Reach Van driver and library technician",
     "team-outreach"),
    ("person-leah-bergen", "Leah Bergen", "Volunteer coordinator", "team-outreach"),
    ("person-ravi-menon", "Ravi Menon", "Makerspace coordinator", "team-outreach"),
)
TEAMS = (
    ("team-branches", "Branch Services"),
    ("team-systems", "Systems & Digital"),
    ("team-collections", "Collections & Resource Sharing"),
    ("team-outreach", "Outreach & Community"),
)
BRANCHES = (
    ("org-branch-neepawa", "Neepawa branch (headquarters)",
     "Headquarters branch on Mountain Avenue, open Monday to Saturday; home of the makerspace."),
    ("org-branch-minnedosa", "Minnedosa branch",
     "Branch in the Minnedosa community centre, open Tuesday to Saturday; runs the homework "
     "club."),
    ("org-branch-carberry", "Carberry branch",
     "Branch on Main Street, Carberry, open Tuesday to Saturday."),
    ("org-branch-gladstone", "Gladstone branch",
     "Part-time branch in Gladstone, open Tuesday to Saturday afternoons."),
)
VENDORS = (
    ("vendor-quillon", "Quillon Library Systems", "the hosted Shelfwise integrated library "
     "system, the Shelfwise Go mobile circulation app and Shelfwise Offline"),
    ("vendor-leafcast", "Leafcast Digital", "the Leafcast e-book and e-audiobook lending "
     "platform and the Leafcast patron app"),
    ("vendor-plx", "Prairie Libraries Exchange", "the provincial resource-sharing network, its "
     "RelayILL request system and the Brandon sorting hub"),
    ("vendor-assiniboine", "Assiniboine Parcel Runs", "the ILL courier between our branches "
     "and the Brandon hub, Mondays and Thursdays (since 4 August 2026)"),
    ("vendor-whitemud", "Whitemud Freight", "the ILL courier, one Thursday run a week (until "
     "4 August 2026)"),
    ("vendor-kinosota", "Kinosota Wireless", "the LTE hotspot data plan on the Reach Van"),
    ("vendor-tallyport", "Tallyport", "door counter sensors and the TallyCloud visitor "
     "statistics service"),
    ("vendor-tallgrass", "Tallgrass Software", "BenchBook, the makerspace booking system"),
    ("vendor-helpwell", "Helpwell", "the Helpwell volunteer roster and shift app"),
    ("vendor-gladstone-truck", "Gladstone Truck & Diesel", "servicing and repairs for the "
     "Reach Van"),
    ("vendor-brandon-maker", "Brandon Maker Supply", "3D printer filament, laser cutter stock "
     "and the laser cutter service plan"),
)
SUPPLIERS = ("vendor-quillon", "vendor-leafcast", "vendor-plx", "vendor-kinosota",
             "vendor-tallyport", "vendor-tallgrass", "vendor-helpwell", "vendor-gladstone-truck",
             "vendor-brandon-maker")
TOOLS = (
    ("tool-shelfwise", "Shelfwise ILS", "vendor-quillon", "person-nolan-baptiste"),
    ("tool-shelfwise-go", "Shelfwise Go van circulation app", "vendor-quillon",
     "person-wesley-desjarlais"),
    ("tool-leafcast", "Leafcast lending platform", "vendor-leafcast", "person-ivy-chartrand"),
    ("tool-relayill", "RelayILL", "vendor-plx", "person-jasper-klassen"),
    ("tool-benchbook", "BenchBook makerspace bookings", "vendor-tallgrass", "person-ravi-menon"),
    ("tool-tallycloud", "TallyCloud door counts", "vendor-tallyport", "person-ivy-chartrand"),
    ("tool-helpwell", "Helpwell volunteer roster", "vendor-helpwell", "person-leah-bergen"),
)
ACCOUNTS = (
    ("account-leafcast-auth", "Leafcast patron sign-in key (Shelfwise patron API)",
     "person-ivy-chartrand",
     "The Shelfwise patron API key Leafcast uses to check a library card number and PIN "
     "when a patron signs in to borrow e-books.", {}),
    ("account-van-hotspot", "Reach Van LTE hotspot plan", "person-wesley-desjarlais",
     "The Kinosota Wireless data plan behind the Reach Van's hotspot, which the Shelfwise Go "
     "tablets check items out over; the plan ends on 31 October 2026 and renewal needs a "
     "purchase order signed by the chief librarian.", {"expiresAt": "2026-10-31"}),
    ("account-relayill-member", "RelayILL member library account (PRR)",
     "person-rosalind-penner",
     "Prairie Reach's member account on RelayILL, the Prairie Libraries Exchange request "
     "system: every interlibrary loan we borrow or lend goes through it.", {}),
    ("account-tallycloud-cert", "TallyCloud gateway certificate", "person-ivy-chartrand",
     "The certificate the door counter gateway at each branch uses to send counts to "
     "TallyCloud; it expired on 18 August 2026 and was renewed on 30 August for two years.",
     {"expiresAt": "2028-08-30"}),
)
SERVICES = (
    ("service-circulation", "Branch lending and holds", ("tool-shelfwise",)),
    ("service-ebooks", "E-book and e-audiobook lending", ("tool-leafcast",
                                                          "account-leafcast-auth")),
    ("service-ill", "Interlibrary loans", ("account-relayill-member", "service-courier")),
    ("service-courier", "ILL courier runs", ()),
    ("service-van", "Reach Van mobile library stops", ("tool-shelfwise-go",
                                                      "vendor-gladstone-truck")),
    ("service-makerspace", "Makerspace bookings", ()),
    ("service-volunteers", "Volunteer shifts", ("tool-helpwell",)),
    ("service-door-counts", "Door count statistics", ("account-tallycloud-cert",)),
)
PRODUCTS = (
    ("product-summer-reading", "Summer Reading Club",
     ("service-circulation", "service-volunteers")),
    ("product-books-by-mail", "Books by Mail homebound delivery",
     ("service-circulation", "service-volunteers")),
)
RULES = (
    ("rule-fine-free", "No overdue fines on any item; an item 45 days overdue is billed at "
     "replacement cost and the card is blocked until it is returned or paid for",
     "doc-circulation-policy", "person-marguerite-lavallee"),
    ("rule-privacy", "Patron borrowing records are confidential under FIPPA: staff give them to "
     "nobody, police included, without a warrant or court order, and refer every request to "
     "the chief librarian", "doc-circulation-policy", "person-marguerite-lavallee"),
    ("rule-ill-limit", "A patron may have at most 5 interlibrary loan requests active at once, "
     "and items published in the last 6 months cannot be requested through ILL",
     "doc-circulation-policy", "person-rosalind-penner"),
    ("rule-ill-renewal", "An ILL item may be renewed once, and only if the lending library "
     "agrees in RelayILL", "doc-circulation-policy", "person-rosalind-penner"),
    ("rule-makerspace-orientation", "Nobody uses the laser cutter or a 3D printer before "
     "completing the 45-minute makerspace safety orientation", "doc-makerspace-handbook",
     "person-ravi-menon"),
    ("rule-makerspace-under16", "Makerspace users under 16 need a parent or guardian present "
     "for the whole booking", "doc-makerspace-handbook", "person-ravi-menon"),
    ("rule-makerspace-hours", "A member may book at most 6 makerspace hours a week; a booking "
     "not checked in 15 minutes after it starts is released", "doc-makerspace-handbook",
     "person-ravi-menon"),
    ("rule-laser-pvc", "No PVC or vinyl in the laser cutter, ever: it gives off chlorine gas",
     "doc-makerspace-handbook", "person-ravi-menon"),
    ("rule-volunteer-checks", "Every volunteer who works with children or vulnerable adults has "
     "a Child Abuse Registry check and a criminal record check with vulnerable sector search "
     "before the first shift, renewed every three years", "doc-volunteer-handbook",
     "person-leah-bergen"),
    ("rule-volunteer-records", "Volunteers never see or change patron records in Shelfwise; "
     "they work from printed pick lists", "doc-volunteer-handbook", "person-leah-bergen"),
    ("rule-offline-test", "Every branch and the Reach Van keep a Shelfwise Offline laptop and "
     "test it on the first Monday of each month", "doc-outage-review", "person-nolan-baptiste"),
)
# fmt: on

# --- the documents and the meeting, as their files say them ------------------------------

DOCS = {
    "circulation-and-patron-policy.md": """# Circulation and patron accounts policy

## Who can have a card
Anyone who lives, works or goes to school in a member municipality (the Town of Neepawa, the Town of Minnedosa, the Town of Carberry, North Cypress-Langford and Westlake-Gladstone) gets a Prairie Reach card free of charge. Anyone else pays $30 a year. Children under 12 need a parent or guardian to sign for their card. One card works at all four branches, on the Reach Van and in Leafcast.

## Loan periods and holds
Books and audiobooks go out for 3 weeks, DVDs and board games for 1 week, and each can be renewed twice unless someone else has a hold on it. A patron may have 15 holds at once. Holds wait on the pickup shelf for 7 days, and Shelfwise sends an e-mail or text when one is ready.

## Fine-free borrowing
Since 5 January 2026 we charge no overdue fines. An item 45 days overdue is billed at its replacement cost and the card is blocked until the item comes back or is paid for; returning it cancels the bill. The board decided this in December 2025: fines brought in $6,900 in 2025, under 1% of our budget, while 1,140 cards were blocked for fines, two thirds of them children's and teens' cards. Marguerite Lavallée signed the policy on 5 January.

## Interlibrary loans
Patrons ask for items we do not own through RelayILL, the Prairie Libraries Exchange request system, from the catalogue or at any desk. A patron may have at most 5 ILL requests active at once. Items published in the last 6 months cannot be requested; we buy those instead if three or more patrons ask. An ILL item may be renewed once, and only if the lending library agrees in RelayILL. ILL is free to patrons; items arrive at the patron's home branch and wait 10 days there.

## Patron privacy
What a patron borrows, reads or searches for is confidential under Manitoba's Freedom of Information and Protection of Privacy Act (FIPPA). Staff give borrowing records to nobody, police included, without a warrant or court order, and refer every request, even a polite one on the phone, to the chief librarian. Staff do not discuss what a patron borrows, even with their family. Volunteers have no access to patron records.

## Borrowing on the Reach Van
The same card works on the Reach Van. Items from the van can be returned at any branch, and a hold can be picked up on the van if the patron asks by the Friday before the stop.
""",
    "volunteer-programme-handbook.md": """# Volunteer programme handbook

## What volunteers do
About 70 volunteers help us across the network: Books by Mail drivers who take bags of books to homebound patrons and to Harmony Lodge, Summer Reading Club helpers, homework club tutors in Minnedosa, shelf readers, makerspace mentors in Neepawa and helpers on the Reach Van. Leah Bergen coordinates the programme.

## Before your first shift
Every volunteer fills in an application, meets Leah Bergen and gives two references. Anyone who will work with children or vulnerable adults (Summer Reading Club, homework club, Books by Mail, makerspace mentors) also needs a Child Abuse Registry check and a criminal record check with vulnerable sector search before the first shift. Checks are renewed every three years, and the library pays the fees.

## Shifts in Helpwell
Volunteers see, sign up for and swap shifts in the Helpwell volunteer roster app. Please give at least 48 hours' notice to drop a shift, so someone else can pick it up. Sign in at the branch desk when you arrive, so we can count your hours.

## Patron privacy for volunteers
Volunteers never see or change patron records in Shelfwise. Books by Mail and shelf work run from printed pick lists that staff prepare. Never tell anyone what someone else is reading or borrowing.

## Thank you
Volunteers are thanked every April at the appreciation evening in Neepawa. At 100 hours you get the Prairie Reach pin, and Leah Bergen writes references for students and job seekers on request.
""",
    "makerspace-handbook.md": """# Neepawa makerspace handbook

## What is in the makerspace
The makerspace is in the lower level of the Neepawa branch. It has two filament 3D printers, a 40-watt laser cutter with an extraction fan, a vinyl cutter, three sewing machines, a button press and a small recording booth for podcasts. Ravi Menon runs it, with volunteer mentors on weekday evenings.

## Booking through BenchBook
From 13 July 2026 every booking is made in BenchBook, online at any hour, in one-hour slots; staff at any desk can book for someone on the phone. A member may book at most 6 hours a week. A booking not checked in 15 minutes after it starts is released for someone else. BenchBook sends a reminder the day before. The paper binder at the Neepawa desk is retired.

## Safety orientation
Nobody uses the laser cutter or a 3D printer before completing the 45-minute safety orientation, held Tuesdays at 6 pm and Saturdays at 10 am; BenchBook will not book those machines for anyone who has not done it. Members under 16 need a parent or guardian present for the whole booking. Never leave the laser cutter running unattended, keep the extraction fan on, and never put PVC or vinyl in the laser: it gives off chlorine gas.

## What it costs
Using the makerspace is free. Materials are paid for at the Neepawa front desk: 3D printer filament $0.10 per gram, 3 mm birch plywood for the laser $4 a sheet, acrylic $7 a sheet and vinyl $1 a foot. Bring your own fabric for the sewing machines.

## When something breaks
Tell Ravi Menon or the front desk, and write it in the equipment log by the door. Do not try to fix the laser cutter yourself: Brandon Maker Supply services it under our service plan and usually comes within three working days.
""",
    "ill-courier-review.md": """# Interlibrary loan courier review, July 2026

## Where we are
Our interlibrary loans travel between our four branches and the Prairie Libraries Exchange sorting hub in Brandon on Whitemud Freight's weekly Thursday run. From January to June ILL turnaround, from a patron's request to the item waiting on the pickup shelf, averaged 11.2 days. An item that reached Brandon on a Friday sat there for six days before our run picked it up, and 9% of ILL items were never collected because the patron had given up or bought the book.

## The options
We looked at three. A second Whitemud Freight run on Mondays would cost $310 a run, $620 a week. Assiniboine Parcel Runs offered two runs a week, Mondays and Thursdays, for $245 a run, $490 a week, with all four branches on one loop. Sending ILL items by Canada Post would cost about $9.80 a parcel, roughly $640 a week at our volumes, and take just as long.

## Decision
From Tuesday 4 August 2026 (Monday 3 August is Terry Fox Day) Assiniboine Parcel Runs carries our ILL items on Mondays and Thursdays, and Whitemud Freight's contract ends with its last run on 30 July. The extra $180 a week against the single Whitemud run comes out of the ILL postage line, which we no longer need. Marguerite Lavallée signed this off on 17 July.

## What we expect
Turnaround should come down to about 6 or 7 days by the end of August. ILL bins must be packed and at the back door by 10 am on run days; Jasper Klassen checks RelayILL every morning so nothing waits a run.

## Risks
Assiniboine Parcel Runs is a small firm with two vans; when one is off the road they run a single loop and Gladstone gets its bin a day late. Winter roads on Highways 16 and 5 will slow them down from November.
""",
    "shelfwise-outage-review.md": """# Shelfwise outage review, 8-9 September 2026

## What happened
At 9:40 am on Tuesday 8 September the hosted Shelfwise ILS stopped responding at every branch. The storage array in Quillon Library Systems' Winnipeg data centre failed, and the failover to their Calgary site did not complete. Shelfwise came back at 4:55 pm on Wednesday 9 September, 31 hours later. Quillon has apologised and sent a preliminary report.

## What it hit
Checkouts, returns, holds and new cards at all four branches and on the Reach Van, and the self-check kiosks in Neepawa and Minnedosa. New Leafcast sign-ins failed because Leafcast checks cards against Shelfwise; patrons already signed in kept borrowing e-books. Patrons could not place interlibrary loan requests from the catalogue. The van cancelled its Tuesday stops at Kelwood and Eden.

## How we coped
Branches wrote every loan on a paper slip, the card number and the item barcode, and took returns into a box. Only 46 loans were recorded in Shelfwise on the 8th, before it went down, and 11 on the 9th in its last hour. Harpreet Gill's team keyed 1,312 paper-slip loans into Shelfwise on Thursday 10 September; returns were checked in the same day.

## What it cost
About 41 staff hours of keying and overtime, roughly $1,230. No items were lost. Three patrons' holds expired during the outage and were placed again by hand.

## What we change
Every branch and the Reach Van keeps a laptop with Shelfwise Offline installed, charged and tested on the first Monday of each month, so loans are recorded offline and uploaded when Shelfwise is back. Nolan Baptiste asks Quillon for a credit of one month's hosting fee ($1,480) and for the results of their next failover test.
""",
}

MEETING_FILE = "meetings/branch-heads-2026-09-14.txt"
MEETING_LINES = """Marguerite Lavallée: Okay, it's ten past nine, let's get going. Bev's dialling in from Gladstone, I think. Bev, can you hear us?
Bev Sawatzky: I can hear you, the picture's frozen but I can hear you.
Marguerite Lavallée: Good enough. So, last week. I want to start with Shelfwise because I had three councillors phone me about it. Nolan.
Nolan Baptiste: Yeah. So Tuesday morning, twenty to ten, everything just stopped. Quillon's data centre in Winnipeg lost its storage and the switch over to Calgary didn't work.
Dale Kowalchuk: Didn't work at all?
Nolan Baptiste: Didn't work at all. It came back Wednesday just before five. Thirty-one hours.
Harpreet Gill: And then Thursday we keyed in, what was it, thirteen hundred slips.
Nolan Baptiste: Thirteen hundred and twelve. Harpreet's team did most of it, honestly.
Harpreet Gill: My wrists are still recovering.
Marguerite Lavallée: Thank you, really. So what do we do so it's not paper slips next time?
Nolan Baptiste: Shelfwise has an offline client. Shelfwise Offline. It sits on a laptop, you scan card and items, it keeps them and uploads when the system is back. We paid for it years ago and never installed it.
Colleen Friesen: Years ago?
Nolan Baptiste: I know. So my proposal is one laptop per branch plus one on the van, with Offline on it, charged, in a known place.
Wesley Desjarlais: The van can just use a tablet, can't it?
Nolan Baptiste: Offline's Windows only, so no, a laptop. I've got five old ones from the lab refresh.
Marguerite Lavallée: And they get tested, because a laptop in a drawer for two years won't work either.
Nolan Baptiste: First Monday of every month. Each branch head does a test loan and a test return and tells me.
Marguerite Lavallée: Okay, so we'll go with that: an Offline laptop at every branch and on the van, tested the first Monday of each month. Nolan, when can you have them out?
Nolan Baptiste: Friday the twenty-fifth. I'll drive them round myself.
Colleen Friesen: Can I ask, should we be looking at another system? This is the second time this year Quillon's been down.
Marguerite Lavallée: Not mid-contract, no. We're locked in until 2028 and moving an ILS is a year of pain. I'd rather Nolan gets a credit out of them.
Nolan Baptiste: I've asked for a month's hosting back, fourteen eighty.
Marguerite Lavallée: Good. So no, we're not changing systems. Next, Ivy, the e-books.
Ivy Chartrand: Right. So on the twenty-fourth of August Leafcast pushed version six of their app. It now asks for your card number and your PIN to sign in, where before it was just the card.
Amara Okafor: And nobody knows their PIN.
Ivy Chartrand: Nobody knows their PIN. A lot of people never set one, they've only ever borrowed at the desk. E-book loans are down about a third since that Monday.
Dale Kowalchuk: A third? That's a lot of people.
Ivy Chartrand: It's about fifty loans a day. And I asked Leafcast if they can switch the PIN off for us, and they said no, it's for everyone, it's a security thing.
Rosalind Penner: Could we not just move to a different e-book platform? The consortium in the north went to someone else.
Ivy Chartrand: We'd lose everyone's holds and half our licences don't move with us. That's a budget conversation, not a this-month one.
Marguerite Lavallée: Let's park that for the budget in November. What can we do now?
Ivy Chartrand: Two things. I e-mail everyone who's used Leafcast in the last year with the PIN steps, how to set it online. And the desks offer to set a PIN whenever someone checks out. It takes thirty seconds.
Harpreet Gill: Every checkout? At the Saturday rush?
Ivy Chartrand: Just ask. If they say no, fine.
Marguerite Lavallée: Fine, a PIN drive then. Desks offer it at every checkout until the end of October, and Ivy does the e-mail. Ivy, by when?
Ivy Chartrand: This Friday, the eighteenth.
Marguerite Lavallée: Okay. Ivy, the door counters, while you're on.
Ivy Chartrand: Yes, so, the TallyCloud certificate on the gateways expired on the eighteenth of August and nobody got a warning e-mail. No counts came through until I renewed it on the thirtieth.
Marguerite Lavallée: So twelve days missing.
Ivy Chartrand: Twelve days, all branches. It's renewed for two years now and I've put the date in the systems calendar.
Dale Kowalchuk: Do we estimate them? For the province?
Marguerite Lavallée: No. I don't want made-up numbers in the return. We report those days as missing and say why.
Dale Kowalchuk: Okay, no estimates.
Marguerite Lavallée: Which brings me to the annual return. Rosalind, you're off from next week.
Rosalind Penner: From Monday the twenty-first, yes, for about six weeks. The stats return is half done. Circulation and ILL are in, programs and visits aren't.
Marguerite Lavallée: And it's due the thirtieth.
Rosalind Penner: The thirtieth of September, to Provincial Public Library Services.
Marguerite Lavallée: Dale, you did it two years ago. Can you take it over from Rosalind?
Dale Kowalchuk: Um. Yeah, okay, I'll take it. Rosalind, send me the spreadsheet and where you got to.
Rosalind Penner: I'll walk you through it Thursday.
Marguerite Lavallée: Thanks Dale. So Dale has the return, due the thirtieth, door counts reported as missing for those twelve days.
Jasper Klassen: Can I give some good news while we're on stats?
Marguerite Lavallée: Please.
Jasper Klassen: ILL turnaround. Since Assiniboine started on the fourth of August we're at about six days, down from eleven. And the Monday run means nothing sits in Brandon over the weekend.
Rosalind Penner: And pickups are up, people actually come for them now.
Marguerite Lavallée: That's great. Nothing to decide there, just keep it going. Amara, the van.
Amara Okafor: So winter. Last year we ran weekly right through and lost eleven days to weather, and Wesley was out at Plumas in minus forty.
Wesley Desjarlais: Minus forty-two with the wind. The generator wouldn't start.
Amara Okafor: So I'm proposing from the second of November we go fortnightly to the rural stops, until the end of March, and we do longer stops so people get the same time.
Leah Bergen: Fortnightly for Books by Mail too?
Amara Okafor: No, Books by Mail stays weekly, that's volunteers in their own cars.
Marguerite Lavallée: Okay, I'm fine with fortnightly from the second of November. And the cold?
Wesley Desjarlais: If the wind chill's forecast below minus thirty-five, or there's a blizzard warning on the route, I don't go. I call it by seven in the morning and post it on Facebook.
Marguerite Lavallée: Good, that's the rule then. Below minus thirty-five or a blizzard warning, no van, called by seven. Amara, can you get the winter schedule out?
Amara Okafor: I'll have it printed and on the website by the ninth of October.
Marguerite Lavallée: Wesley, the hotspot, where's that at?
Wesley Desjarlais: Nolan has it now, I gave it to him at the start of the month.
Nolan Baptiste: Yeah, Kinosota sent a quote, it's about the same. The plan ends the thirty-first of October, I'll have it renewed by the fifteenth. I just need your signature on the PO, Marguerite.
Marguerite Lavallée: Send it to me. Leah.
Leah Bergen: Quick one. Twenty-three volunteers have checks that run out before December, mostly the Books by Mail drivers who started in 2023.
Marguerite Lavallée: They can't keep driving without them.
Leah Bergen: No. I'll get all twenty-three renewed by the sixteenth of October. I'll book them in batches at the Neepawa RCMP detachment.
Marguerite Lavallée: Okay, that's yours. Ravi, anything from the makerspace?
Ravi Menon: Just that BenchBook's been great, bookings have basically doubled since July. The laser's booked solid on Saturdays. I might ask for a second one in the budget.
Marguerite Lavallée: Put it in the budget ask and we'll see. Anything else? No? Let me run through it.
Marguerite Lavallée: Nolan, Offline laptops at every branch and the van by the twenty-fifth, tested first Monday monthly, and the hotspot renewed by the fifteenth of October.
Marguerite Lavallée: Ivy, PIN e-mail by Friday, desks offer PINs until the end of October. Dale, the annual return by the thirtieth, no estimates for the door counts.
Marguerite Lavallée: Amara, winter schedule by the ninth, fortnightly from the second of November. Leah, the twenty-three checks by the sixteenth of October.
Marguerite Lavallée: And no change of ILS, and the e-book platform question waits for the budget. I'll put the notes in the branch heads channel. Thanks, everyone.
Bev Sawatzky: Thanks, bye all.
"""


def _files() -> None:
    """Write the documents and the transcript the facts are read from."""
    (OUT / "docs").mkdir(parents=True, exist_ok=True)
    (OUT / "meetings").mkdir(parents=True, exist_ok=True)
    for name, text in DOCS.items():
        (OUT / "docs" / name).write_text(text, encoding="utf-8")
    (OUT / MEETING_FILE).write_text(MEETING_LINES, encoding="utf-8")


# --- the facts ------------------------------------------------------------------------


CUSTOMER_USES: list[tuple[str, str]] = []


def _company(w: Book) -> None:
    src = "shelfwise:staff"
    w.node(
        "Organization",
        "org-prairie-reach",
        "Prairie Reach Regional Library",
        src="mb:public-libraries-register",
        as_of=date(1998, 4, 1),
        city="Neepawa",
        text="Prairie Reach Regional Library is the public library for five Westman "
        "municipalities in Manitoba: four branches (Neepawa, Minnedosa, Carberry and "
        "Gladstone), the Reach Van mobile library, a makerspace in Neepawa and a volunteer "
        "programme, funded by the municipalities and a provincial operating grant.",
    )
    w.node(
        "Organization",
        "org-provincial-pls",
        "Provincial Public Library Services",
        src="mb:public-libraries-register",
        as_of=START,
        text="The provincial office that pays the operating grant to Manitoba's public "
        "libraries and collects each library's annual statistics return, due every 30 "
        "September.",
    )
    for oid, name, text in BRANCHES:
        w.node("Organization", oid, name, src=src, as_of=START, text=text)
        w.edge(oid, "PART_OF", "org-prairie-reach", since=START, src=src)
    for tid, name in TEAMS:
        w.node("Team", tid, name, src=src, as_of=START)
        w.edge(tid, "MEMBER_OF", "org-prairie-reach", since=START, src=src)
    for pid, name, role, team in PEOPLE:
        first, last = name.split()[0], name.split()[-1]
        email = f"{first[0].lower()}{last.lower().replace('é', 'e')}@prairiereach.ca"
        w.node("Person", pid, name, src=src, as_of=START, role=role, email=email)
        w.edge(pid, "MEMBER_OF", team or "org-prairie-reach", since=START, src=src)
    for vid, name, supplies in VENDORS:
        w.node(
            "Vendor",
            vid,
            name,
            src="finance:vendors",
            as_of=START,
            supplies=supplies,
            text=f"{name} supplies {supplies}.",
        )
    for vid in SUPPLIERS:
        w.edge("org-prairie-reach", "USES", vid, since=START, src="finance:vendors")
    w.edge(
        "org-prairie-reach", "USES", "vendor-assiniboine", since=COURIER_FROM, src="finance:vendors"
    )
    w.edge(
        "org-prairie-reach",
        "USES",
        "vendor-whitemud",
        since=START,
        until=COURIER_FROM,
        src="finance:vendors",
    )
    for cid, name, text, uses in (
        (
            "customer-lssd",
            "Little Saskatchewan School Division",
            "School division whose eleven schools borrow class sets and deposit collections; "
            "its rural schools are Reach Van stops in term time.",
            ("service-circulation", "service-van"),
        ),
        (
            "customer-harmony-lodge",
            "Harmony Lodge personal care home",
            "Personal care home in Neepawa: 38 residents get Books by Mail bags every week, "
            "delivered by volunteers.",
            ("service-circulation", "service-volunteers"),
        ),
    ):
        w.node("Customer", cid, name, src="shelfwise:institutional-cards", as_of=START, text=text)
        CUSTOMER_USES.extend((cid, sid) for sid in uses)


def _systems(w: Book) -> None:
    src = "sharepoint:systems-register"
    for tid, name, vendor, owner in TOOLS:
        w.node("Tool", tid, name, src=src, as_of=START, kind="software")
        w.edge(tid, "DEPENDS_ON", vendor, since=START, src=src)
        w.edge(owner, "OWNS", tid, since=START, src=src)
    for aid, name, owner, text, extra in ACCOUNTS:
        w.node("Account", aid, name, src=src, as_of=START, text=text, **extra)
        w.edge(owner, "OWNS", aid, since=START, src=src)
    for sid, name, _ in SERVICES:
        w.node("Service", sid, name, src=src, as_of=START)
    for pid, name, _ in PRODUCTS:
        w.node("Product", pid, name, src="sharepoint:programs", as_of=START)
    w.edges(
        src,
        START,
        ("tool-shelfwise-go", "DEPENDS_ON", "tool-shelfwise"),
        ("tool-shelfwise-go", "DEPENDS_ON", "account-van-hotspot"),
        ("account-van-hotspot", "DEPENDS_ON", "vendor-kinosota"),
        ("account-leafcast-auth", "DEPENDS_ON", "tool-shelfwise"),
        ("account-leafcast-auth", "PART_OF", "tool-leafcast"),
        ("account-relayill-member", "DEPENDS_ON", "tool-relayill"),
        ("account-relayill-member", "PART_OF", "tool-relayill"),
        ("account-tallycloud-cert", "DEPENDS_ON", "tool-tallycloud"),
        ("account-tallycloud-cert", "PART_OF", "tool-tallycloud"),
        *((sid, "DEPENDS_ON", on) for sid, _, ons in SERVICES for on in ons),
        *((pid, "DEPENDS_ON", on) for pid, _, ons in PRODUCTS for on in ons),
        ("team-branches", "USES", "tool-shelfwise"),
        ("team-branches", "USES", "tool-relayill"),
        ("team-systems", "USES", "tool-shelfwise"),
        ("team-systems", "USES", "tool-leafcast"),
        ("team-systems", "USES", "tool-tallycloud"),
        ("team-collections", "USES", "tool-shelfwise"),
        ("team-collections", "USES", "tool-relayill"),
        ("team-outreach", "USES", "tool-shelfwise-go"),
        ("team-outreach", "USES", "tool-helpwell"),
        ("team-outreach", "USES", "tool-benchbook"),
        ("person-dale-kowalchuk", "OWNS", "service-circulation"),
        ("person-ivy-chartrand", "OWNS", "service-ebooks"),
        ("person-rosalind-penner", "OWNS", "service-ill"),
        ("person-rosalind-penner", "OWNS", "service-courier"),
        ("person-amara-okafor", "OWNS", "service-van"),
        ("person-ravi-menon", "OWNS", "service-makerspace"),
        ("person-leah-bergen", "OWNS", "service-volunteers"),
        ("person-ivy-chartrand", "OWNS", "service-door-counts"),
        ("person-amara-okafor", "OWNS", "product-summer-reading"),
        ("person-leah-bergen", "OWNS", "product-books-by-mail"),
    )
    # The ILL courier changed on 4 August.
    w.edge(
        "service-courier", "DEPENDS_ON", "vendor-whitemud", since=START, until=COURIER_FROM, src=src
    )
    w.edge("service-courier", "DEPENDS_ON", "vendor-assiniboine", since=COURIER_FROM, src=src)
    # Makerspace bookings: the paper binder until 13 July, then BenchBook.
    w.node(
        "Tool",
        "tool-booking-binder",
        "Makerspace paper booking binder (retired)",
        src=src,
        as_of=BENCHBOOK_FROM,
        status="retired",
        kind="paper",
        text="The ring binder at the Neepawa front desk where makerspace slots were written "
        "in by hand or over the phone, until 13 July 2026.",
    )
    w.edge(
        "service-makerspace",
        "DEPENDS_ON",
        "tool-booking-binder",
        since=START,
        until=BENCHBOOK_FROM,
        src=src,
    )
    w.edge("service-makerspace", "DEPENDS_ON", "tool-benchbook", since=BENCHBOOK_FROM, src=src)
    for cid, sid in CUSTOMER_USES:
        w.edge(cid, "USES", sid, since=START, src="shelfwise:institutional-cards")


def _closed(day: date) -> bool:
    return day.weekday() == 6 or day in HOLIDAYS


def _series(rng: random.Random) -> dict[str, list[tuple[date, float]]]:
    out: dict[str, list[tuple[date, float]]] = {k: [] for k in ("co", "eb", "dc", "ill", "mk")}
    ramp = 14  # days for the courier change to work through the rolling mean
    day = FIRST
    while day <= LAST:
        wd = day.weekday()
        club = SRC_FROM <= day <= SRC_TO
        if _closed(day):
            checkouts = visits = 0
            maker = 0.0
        elif wd == 0:  # Mondays: Neepawa only
            checkouts = rng.randint(180, 230)
            visits = rng.randint(260, 330)
            maker = rng.randint(3, 6)
        elif wd == 5:
            checkouts = rng.randint(300, 380)
            visits = rng.randint(520, 640)
            maker = rng.randint(6, 10)
        else:
            van = rng.randint(60, 90) if wd in (1, 2, 3) else 0
            checkouts = rng.randint(520, 640) + van
            visits = rng.randint(880, 1100)
            maker = rng.randint(5, 9)
        if club:
            checkouts = round(checkouts * 1.18)
            visits = round(visits * 1.15)
        if not _closed(day) and day >= BENCHBOOK_FROM:
            maker = rng.randint(12, 18) if wd == 5 else rng.randint(10, 16) if wd else 7
        checkouts = OUTAGE.get(day, checkouts)
        if day == BACKLOG_DAY:
            checkouts += BACKLOG
        ebooks = rng.randint(148, 178) if day < LEAFCAST_6 else rng.randint(96, 122)
        if wd in (5, 6):
            ebooks += rng.randint(6, 14)
        if day < COURIER_FROM:
            turnaround = 11.2 + rng.uniform(-0.5, 0.5)
        else:
            done = min((day - COURIER_FROM).days, ramp) / ramp
            turnaround = 11.2 - 4.8 * done + rng.uniform(-0.3, 0.3)
        out["co"].append((day, checkouts))
        out["eb"].append((day, ebooks))
        if day not in TALLY_GAP:
            out["dc"].append((day, visits))
        out["ill"].append((day, round(turnaround, 1)))
        out["mk"].append((day, maker))
        day += timedelta(days=1)
    return out


def _metrics(w: Book, rng: random.Random) -> dict[str, dict[date, str]]:
    series = _series(rng)
    sw, lc, tc, rl, bb = (
        "shelfwise:reports",
        "leafcast:stats",
        "tallycloud:feed",
        "relayill:reports",
        "benchbook:reports",
    )
    w.metric(
        "metric-checkouts",
        "Physical checkouts, all branches and the van",
        "loans",
        "sum",
        src=sw,
        since=START,
        measures="service-circulation",
    )
    w.metric("metric-ebook-loans", "E-book and e-audiobook loans", "loans", "sum", src=lc,
             since=START)  # fmt: skip
    w.metric(
        "metric-door-count",
        "Branch visits (door counts)",
        "visits",
        "sum",
        src=tc,
        since=START,
        measures="service-door-counts",
    )
    w.metric(
        "metric-ill-turnaround",
        "ILL turnaround, request to pickup shelf (7-day rolling average)",
        "days",
        "mean",
        src=rl,
        since=START,
        measures="service-ill",
    )
    w.metric(
        "metric-makerspace-hours",
        "Makerspace hours booked",
        "hours",
        "sum",
        src=bb,
        since=START,
        measures="service-makerspace",
    )
    return {
        "co": w.readings("metric-checkouts", series["co"], src=sw),
        "eb": w.readings("metric-ebook-loans", series["eb"], src=lc),
        "dc": w.readings("metric-door-count", series["dc"], src=tc),
        "ill": w.readings("metric-ill-turnaround", series["ill"], src=rl),
        "mk": w.readings("metric-makerspace-hours", series["mk"], src=bb),
    }


def _incidents(w: Book, obs: dict[str, dict[date, str]]) -> None:
    src, back = "shelfwise:incident-2026-09-08", date(2026, 9, 10)
    w.node(
        "Incident",
        "incident-shelfwise-outage",
        "Shelfwise outage: hosted ILS down for 31 hours",
        src=src,
        as_of=back,
        status="resolved",
        severity="high",
        startedAt="2026-09-08T14:40:00+00:00",
        resolvedAt="2026-09-09T21:55:00+00:00",
        text="The storage array in Quillon Library Systems' Winnipeg data centre failed at "
        "9:40 am on Tuesday 8 September and the failover to Calgary did not complete, so "
        "Shelfwise was down until 4:55 pm on Wednesday 9 September. Branches wrote loans on "
        "paper slips: only 46 loans were recorded on the 8th and 11 on the 9th, and 1,312 "
        "paper-slip loans were keyed in on Thursday 10 September.",
    )
    w.edges(
        src,
        "2026-09-08T14:40:00+00:00",
        ("vendor-quillon", "CAUSED", "incident-shelfwise-outage"),
        ("incident-shelfwise-outage", "AFFECTS", "service-circulation"),
        ("incident-shelfwise-outage", "AFFECTS", "metric-checkouts"),
        *(("incident-shelfwise-outage", "CAUSED", obs["co"][d]) for d in OUTAGE),
        ("person-nolan-baptiste", "OWNS", "incident-shelfwise-outage"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-key-slips",
        "Key the outage paper slips into Shelfwise",
        src="shelfwise:tasks/412",
        as_of=back,
        status="done",
        text="Enter every paper-slip loan from 8 and 9 September into Shelfwise on Thursday "
        "10 September and check in the boxed returns.",
    )
    w.edges(
        "shelfwise:tasks/412",
        back,
        ("person-harpreet-gill", "OWNS", "task-key-slips"),
        ("person-harpreet-gill", "WORKS_ON", "task-key-slips"),
        ("person-colleen-friesen", "WORKS_ON", "task-key-slips"),
        ("task-key-slips", "FIXES", "incident-shelfwise-outage"),
    )

    src, back = "tallycloud:incident-gateway-cert", date(2026, 8, 30)
    w.node(
        "Incident",
        "incident-door-count-gap",
        "TallyCloud door count feed stopped: gateway certificate expired",
        src=src,
        as_of=back,
        status="resolved",
        severity="medium",
        startedAt="2026-08-18T05:00:00+00:00",
        resolvedAt="2026-08-30T16:20:00+00:00",
        text="The TallyCloud gateway certificate at every branch expired on 18 August with no "
        "warning e-mail from Tallyport, so no door counts reached TallyCloud from 18 to 29 "
        "August. Ivy Chartrand renewed the certificate on 30 August. The sensors do not store "
        "counts, so those twelve days cannot be recovered.",
    )
    w.edges(
        src,
        "2026-08-18T05:00:00+00:00",
        ("vendor-tallyport", "CAUSED", "incident-door-count-gap"),
        ("incident-door-count-gap", "AFFECTS", "service-door-counts"),
        ("incident-door-count-gap", "AFFECTS", "metric-door-count"),
        ("person-ivy-chartrand", "OWNS", "incident-door-count-gap"),
        as_of=back,
    )
    w.node(
        "Task",
        "task-renew-tally-cert",
        "Renew the TallyCloud gateway certificate and restart the door count feed",
        src="sharepoint:systems-tasks/88",
        as_of=back,
        status="done",
    )
    w.edges(
        "sharepoint:systems-tasks/88",
        date(2026, 8, 27),
        ("person-ivy-chartrand", "OWNS", "task-renew-tally-cert"),
        ("person-ivy-chartrand", "WORKS_ON", "task-renew-tally-cert"),
        ("task-renew-tally-cert", "FIXES", "incident-door-count-gap"),
        ("task-renew-tally-cert", "ABOUT", "account-tallycloud-cert"),
        as_of=back,
    )

    # Leafcast app 6.0: e-book loans drop from that day, and nothing links the two.
    w.node(
        "Release",
        "release-leafcast-6",
        "Leafcast app 6.0",
        src="leafcast:release-notes/6.0",
        as_of=LEAFCAST_6,
        releasedAt="2026-08-24T13:00:00+00:00",
        version="6.0",
        text="Leafcast Digital's app 6.0, released to every library on Monday 24 August 2026, "
        "asks patrons to sign in with their library card number and PIN instead of the card "
        "number alone. Many Prairie Reach patrons never set a Shelfwise PIN and cannot sign "
        "in; Leafcast will not turn the PIN off for one library.",
    )
    w.edge(
        "release-leafcast-6",
        "CHANGED",
        "tool-leafcast",
        since=LEAFCAST_6,
        src="leafcast:release-notes/6.0",
    )


def _channels_and_messages(w: Book) -> None:
    for cid, name in (
        ("channel-branch-heads", "#branch-heads"),
        ("channel-systems", "#systems"),
        ("channel-outreach", "#outreach"),
    ):
        w.node("Channel", cid, name, src="msteams:channels", as_of=START)
    for mid, name, who, channel, said, text, mentions in (
        (
            "message-benchbook",
            "Ravi in #branch-heads on 6 July",
            "person-ravi-menon",
            "channel-branch-heads",
            "2026-07-06T15:10:00+00:00",
            "From Monday 13 July makerspace bookings go through BenchBook, online any time at "
            "book.prairiereach.ca/makerspace. Please stop writing people into the binder at the "
            "Neepawa desk: it double-booked the laser nine times in May and June. If someone "
            "phones, book them in BenchBook for them.",
            ("tool-benchbook", "tool-booking-binder"),
        ),
        (
            "message-courier",
            "Rosalind in #branch-heads on 20 July",
            "person-rosalind-penner",
            "channel-branch-heads",
            "2026-07-20T14:05:00+00:00",
            "ILL courier change: Whitemud Freight's last run is Thursday 30 July. From Tuesday "
            "4 August (Monday is Terry Fox Day) Assiniboine Parcel Runs picks up and drops off "
            "on Mondays and Thursdays. ILL bins packed and at the back door by 10 am on run "
            "days, please.",
            ("vendor-assiniboine", "vendor-whitemud"),
        ),
        (
            "message-leafcast-pin",
            "Ivy in #systems on 26 August",
            "person-ivy-chartrand",
            "channel-systems",
            "2026-08-26T16:30:00+00:00",
            "Heads up: Leafcast pushed app 6.0 on Monday and it now wants card number and PIN "
            "to sign in. Lots of our patrons never set a PIN, so expect people at the desk "
            "who can't get into Leafcast. You can set a PIN for them in Shelfwise under "
            "Patron > Security.",
            ("release-leafcast-6", "tool-leafcast"),
        ),
        (
            "message-door-counts-back",
            "Ivy in #systems on 30 August",
            "person-ivy-chartrand",
            "channel-systems",
            "2026-08-30T16:40:00+00:00",
            "Door counters are reporting again. The TallyCloud gateway certificate had expired "
            "on 18 August; it's renewed for two years. Nothing from 18 to 29 August can be "
            "recovered, the sensors don't keep counts.",
            ("incident-door-count-gap", "account-tallycloud-cert"),
        ),
        (
            "message-hotspot-handover",
            "Wesley in #systems on 2 September",
            "person-wesley-desjarlais",
            "channel-systems",
            "2026-09-02T13:20:00+00:00",
            "Nolan is taking over the van hotspot renewal from today, he handles the vendor "
            "contracts anyway. The Kinosota plan ends 31 October. I've put the account number "
            "and the last invoice on the task.",
            ("account-van-hotspot", "vendor-kinosota"),
        ),
        (
            "message-meeting-notes",
            "Branch heads meeting notes, 14 September",
            "person-marguerite-lavallee",
            "channel-branch-heads",
            "2026-09-14T17:30:00+00:00",
            "Branch heads, Mon 14 Sept. 1) Shelfwise outage 8-9 Sept: every branch and the van "
            "gets a Shelfwise Offline laptop, tested the first Monday of each month; Nolan "
            "delivers them by Fri 25 Sept. No change of ILS mid-contract; Nolan asks Quillon "
            "for a month's hosting credit. 2) Leafcast 6.0 PIN sign-in: PIN drive, desks offer "
            "to set a PIN at every checkout until 31 Oct, Ivy e-mails all Leafcast users the "
            "PIN steps by Fri 18 Sept. Changing e-book platform is parked for the November "
            "budget. 3) Door counts 18-29 Aug are not estimated; the annual return reports "
            "them as missing. 4) Rosalind on leave from 21 Sept: Dale takes over the "
            "provincial annual statistics return, due 30 Sept. 5) Reach Van goes fortnightly "
            "to the rural stops from 2 Nov to 29 March; no van when the wind chill is "
            "forecast below -35 or there is a blizzard warning, Wesley calls it by 7 am. Amara "
            "publishes the winter schedule by 9 Oct. 6) Nolan renews the van hotspot plan by "
            "15 Oct. 7) Leah renews the 23 volunteer checks that lapse before December by "
            "16 Oct.",
            (
                "tool-shelfwise",
                "release-leafcast-6",
                "incident-door-count-gap",
                "account-van-hotspot",
                "service-van",
            ),
        ),
    ):
        src = f"msteams:{w.names[channel].lstrip('#')}/{said}"
        w.node("Message", mid, name, src=src, as_of=said, text=text)
        w.edges(
            src,
            said,
            (mid, "SAID_BY", who),
            (mid, "SENT_TO", channel),
            (who, "AUTHORED", mid),
            *((mid, "MENTIONS", m) for m in mentions),
        )


def _documents(w: Book) -> None:
    mentions = {
        "Shelfwise": "tool-shelfwise",
        "Leafcast": "tool-leafcast",
        "RelayILL": "tool-relayill",
        "BenchBook": "tool-benchbook",
        "Helpwell": "tool-helpwell",
        "Quillon": "vendor-quillon",
        "Prairie Libraries Exchange": "vendor-plx",
        "Assiniboine Parcel Runs": "vendor-assiniboine",
        "Whitemud Freight": "vendor-whitemud",
        "Brandon Maker Supply": "vendor-brandon-maker",
        "Reach Van": "service-van",
        "Books by Mail": "product-books-by-mail",
        "Summer Reading Club": "product-summer-reading",
        "Harmony Lodge": "customer-harmony-lodge",
        "Marguerite Lavallée": "person-marguerite-lavallee",
        "Nolan Baptiste": "person-nolan-baptiste",
        "Harpreet Gill": "person-harpreet-gill",
        "Jasper Klassen": "person-jasper-klassen",
        "Leah Bergen": "person-leah-bergen",
        "Ravi Menon": "person-ravi-menon",
    }
    for path, did, author, kind, about in (
        (
            "circulation-and-patron-policy.md",
            "doc-circulation-policy",
            "person-marguerite-lavallee",
            "policy",
            ["service-circulation", "service-ill"],
        ),
        (
            "volunteer-programme-handbook.md",
            "doc-volunteer-handbook",
            "person-leah-bergen",
            "handbook",
            ["service-volunteers"],
        ),
        (
            "makerspace-handbook.md",
            "doc-makerspace-handbook",
            "person-ravi-menon",
            "handbook",
            ["service-makerspace"],
        ),
        (
            "ill-courier-review.md",
            "doc-courier-review",
            "person-rosalind-penner",
            "review",
            ["service-courier", "service-ill"],
        ),
        (
            "shelfwise-outage-review.md",
            "doc-outage-review",
            "person-nolan-baptiste",
            "incident review",
            ["incident-shelfwise-outage"],
        ),
    ):
        w.document(
            OUT / "docs" / path,
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
    w.node(
        "Rule",
        "rule-van-cold",
        "The Reach Van does not run when the wind chill is forecast below -35 or there is a "
        "blizzard warning on the route; the driver calls it by 7 am",
        src=MEETING_SRC,
        as_of=MEETING,
        text="The Reach Van does not run when the wind chill is forecast below -35 or "
        "Environment Canada has a blizzard warning on the route; Wesley Desjarlais calls it "
        "by 7 am and posts the cancellation on the library's Facebook page.",
    )
    w.edges(
        MEETING_SRC,
        MEETING,
        ("person-amara-okafor", "OWNS", "rule-van-cold"),
        ("rule-van-cold", "BASED_ON", "message-meeting-notes"),
    )

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
        "decision-fine-free",
        "Go fine-free: no overdue fines from 5 January 2026",
        src="sharepoint:circulation-and-patron-policy",
        on=FINE_FREE,
        why="Overdue fines brought in $6,900 in 2025, under 1% of the budget, while 1,140 "
        "cards were blocked for fines, two thirds of them children's and teens' cards. The "
        "board decided in December 2025 that a blocked card costs more in lost readers than "
        "the fines bring in; long-overdue items are still billed at replacement cost.",
        made_by="person-marguerite-lavallee",
        made_in="doc-circulation-policy",
        edges=(
            ("decision-fine-free", "BASED_ON", "doc-circulation-policy"),
            ("decision-fine-free", "AFFECTS", "service-circulation"),
        ),
    )
    decision(
        "decision-whitemud",
        "Send ILL items on Whitemud Freight's weekly Thursday run",
        src="finance:contracts-2025",
        on=START,
        why="Whitemud Freight already ran a Thursday loop through Neepawa, Minnedosa, Carberry "
        "and Gladstone for other customers and quoted $310 a run in 2025.",
        made_by="person-rosalind-penner",
        made_in=None,
    )
    decision(
        "decision-assiniboine",
        "Move ILL deliveries to Assiniboine Parcel Runs, Mondays and Thursdays, from 4 August",
        src="sharepoint:ill-courier-review",
        on=DOC_DATES["doc-courier-review"],
        why="With one Whitemud Freight run a week, ILL turnaround averaged 11.2 days from "
        "January to June and items waited up to six days at the Brandon hub. Assiniboine "
        "Parcel Runs runs twice a week, Mondays and Thursdays, for $245 a run ($490 a week "
        "against Whitemud's $310), and the extra comes out of the ILL postage line.",
        made_by="person-rosalind-penner",
        made_in="doc-courier-review",
        edges=(
            ("decision-assiniboine", "SUPERSEDES", "decision-whitemud"),
            ("decision-assiniboine", "BASED_ON", "doc-courier-review"),
            ("decision-assiniboine", "AFFECTS", "service-courier"),
            ("decision-assiniboine", "AFFECTS", "metric-ill-turnaround"),
            ("decision-assiniboine", "MENTIONS", "vendor-assiniboine"),
            ("decision-assiniboine", "MENTIONS", "vendor-whitemud"),
        ),
    )
    decision(
        "decision-booking-binder",
        "Take makerspace bookings by phone or in the paper binder at the Neepawa desk",
        src="sharepoint:makerspace-opening-2025",
        on=START,
        why="When the makerspace opened in April 2025 it had two machines and a handful of "
        "members; a binder at the front desk was enough and cost nothing.",
        made_by="person-ravi-menon",
        made_in=None,
    )
    decision(
        "decision-benchbook",
        "Take makerspace bookings online in BenchBook from 13 July",
        src="msteams:branch-heads/2026-07-06T15:10:00+00:00",
        on=date(2026, 7, 6),
        why="Members could only book while the Neepawa desk was open, and the paper binder "
        "double-booked the laser cutter nine times in May and June. BenchBook takes bookings "
        "online at any hour, only books the laser and 3D printers for people who have done "
        "the safety orientation, and sends a reminder the day before.",
        made_by="person-ravi-menon",
        made_in="message-benchbook",
        edges=(
            ("decision-benchbook", "SUPERSEDES", "decision-booking-binder"),
            ("decision-benchbook", "AFFECTS", "service-makerspace"),
            ("decision-benchbook", "AFFECTS", "metric-makerspace-hours"),
            ("decision-benchbook", "MENTIONS", "tool-benchbook"),
        ),
    )
    for did, name, why, made_by, edges in (
        (
            "decision-offline-laptops",
            "Keep a Shelfwise Offline laptop at every branch and on the Reach Van, tested monthly",
            "Shelfwise was down for 31 hours on 8 and 9 September and branches fell back to "
            "paper slips, 1,312 of them keyed in by hand afterwards. With Shelfwise Offline on "
            "a laptop, loans are recorded offline and uploaded when Shelfwise is back; each "
            "laptop is tested on the first Monday of the month. Nolan Baptiste delivers them "
            "by Friday 25 September.",
            "person-marguerite-lavallee",
            (
                ("decision-offline-laptops", "MENTIONS", "incident-shelfwise-outage"),
                ("decision-offline-laptops", "AFFECTS", "service-circulation"),
            ),
        ),
        (
            "decision-keep-shelfwise",
            "No change of ILS while the Quillon contract runs",
            "The Quillon contract runs to 2028 and moving an integrated library system takes "
            "a year; Nolan Baptiste asks Quillon for a month's hosting credit ($1,480) "
            "instead.",
            "person-marguerite-lavallee",
            (("decision-keep-shelfwise", "MENTIONS", "vendor-quillon"),),
        ),
        (
            "decision-pin-drive",
            "Run a Leafcast PIN drive until 31 October",
            "Leafcast app 6.0 asks for a PIN many patrons never set, and Leafcast will not "
            "turn it off for us. Desks offer to set a PIN at every checkout until 31 October, "
            "and Ivy Chartrand e-mails every Leafcast user of the last year the PIN steps by "
            "Friday 18 September. Moving to another e-book platform waits for the November "
            "budget.",
            "person-marguerite-lavallee",
            (
                ("decision-pin-drive", "MENTIONS", "release-leafcast-6"),
                ("decision-pin-drive", "AFFECTS", "service-ebooks"),
            ),
        ),
        (
            "decision-no-door-count-estimates",
            "Report the 18-29 August door counts as missing, not estimated",
            "Marguerite Lavallée does not want made-up figures in the provincial annual "
            "return; the twelve days without door counts are reported as missing, with the "
            "reason.",
            "person-marguerite-lavallee",
            (("decision-no-door-count-estimates", "MENTIONS", "incident-door-count-gap"),),
        ),
        (
            "decision-van-winter",
            "Reach Van visits the rural stops fortnightly from 2 November to 29 March",
            "Last winter the weekly van lost eleven days to the weather. Fortnightly, longer "
            "stops give patrons the same time with fewer risky drives; Books by Mail stays "
            "weekly.",
            "person-amara-okafor",
            (("decision-van-winter", "AFFECTS", "service-van"),),
        ),
    ):
        decision(
            did,
            name,
            src=MEETING_SRC,
            on=MEETING,
            why=why,
            made_by=made_by,
            made_in="message-meeting-notes",
            edges=edges,
        )


def _work(w: Book) -> None:
    src = "sharepoint:systems-tasks/71"
    w.node(
        "Task",
        "task-hotspot-renewal",
        "Renew the Reach Van LTE hotspot plan before it ends on 31 October",
        src=src,
        as_of=date(2026, 8, 3),
        status="in progress",
        due="2026-10-15",
        text="Renew the Kinosota Wireless data plan behind the Reach Van hotspot; the "
        "purchase order needs the chief librarian's signature. Done by 15 October for two "
        "weeks' margin.",
    )
    w.edge("person-wesley-desjarlais", "OWNS", "task-hotspot-renewal", since=date(2026, 8, 3),
           src=src)  # fmt: skip
    w.edge(
        "person-nolan-baptiste",
        "OWNS",
        "task-hotspot-renewal",
        since=HOTSPOT_HANDOVER,
        src="msteams:systems/2026-09-02T13:20:00+00:00",
    )
    w.edges(
        src,
        date(2026, 8, 3),
        ("task-hotspot-renewal", "ABOUT", "account-van-hotspot"),
        ("person-wesley-desjarlais", "WORKS_ON", "task-hotspot-renewal"),
    )
    w.edge(
        "person-nolan-baptiste",
        "WORKS_ON",
        "task-hotspot-renewal",
        since=HOTSPOT_HANDOVER,
        src="msteams:systems/2026-09-02T13:20:00+00:00",
    )

    src = "sharepoint:admin-tasks/19"
    w.node(
        "Task",
        "task-annual-return",
        "File the 2026 annual statistics return with Provincial Public Library Services",
        src=src,
        as_of=date(2026, 8, 4),
        status="in progress",
        due="2026-09-30",
        text="Circulation, e-book, ILL, program, visit and volunteer figures for the "
        "provincial annual statistics return, due 30 September; the door counts for 18-29 "
        "August are reported as missing.",
    )
    w.edge("person-rosalind-penner", "OWNS", "task-annual-return", since=date(2026, 8, 4),
           src=src)  # fmt: skip
    w.edge("person-dale-kowalchuk", "OWNS", "task-annual-return", since=MEETING, src=MEETING_SRC)
    w.edges(
        src,
        date(2026, 8, 4),
        ("task-annual-return", "ABOUT", "org-provincial-pls"),
        ("person-rosalind-penner", "WORKS_ON", "task-annual-return"),
    )
    w.edges(
        MEETING_SRC,
        MEETING,
        ("person-dale-kowalchuk", "WORKS_ON", "task-annual-return"),
        ("message-meeting-notes", "MENTIONS", "task-annual-return"),
    )

    src = "sharepoint:ill-tasks/7"
    w.node(
        "Task",
        "task-courier-switch",
        "Set up the Assiniboine Parcel Runs ILL contract and run days",
        src=src,
        as_of=COURIER_FROM,
        status="done",
    )
    w.edges(
        src,
        date(2026, 7, 17),
        ("person-rosalind-penner", "OWNS", "task-courier-switch"),
        ("person-jasper-klassen", "WORKS_ON", "task-courier-switch"),
        ("task-courier-switch", "ABOUT", "decision-assiniboine"),
        as_of=COURIER_FROM,
    )

    for tid, name, owner, due, text, workers, about in (
        (
            "task-offline-laptops",
            "Set up a Shelfwise Offline laptop at every branch and on the Reach Van",
            "person-nolan-baptiste",
            "2026-09-25",
            "Install Shelfwise Offline on five laptops from the lab refresh and deliver one to "
            "each branch and the van; branch heads test a loan and a return on the first "
            "Monday of each month.",
            ("person-nolan-baptiste",),
            "tool-shelfwise",
        ),
        (
            "task-pin-email",
            "E-mail every Leafcast user the PIN sign-in steps",
            "person-ivy-chartrand",
            "2026-09-18",
            "E-mail everyone who borrowed from Leafcast in the last year how to set a PIN "
            "online; desks offer to set a PIN at every checkout until 31 October.",
            ("person-ivy-chartrand", "person-dale-kowalchuk", "person-harpreet-gill"),
            "service-ebooks",
        ),
        (
            "task-van-winter-schedule",
            "Publish the Reach Van winter schedule (fortnightly from 2 November)",
            "person-amara-okafor",
            "2026-10-09",
            "Print the fortnightly winter schedule for the six rural stops and put it on the "
            "website by 9 October.",
            ("person-amara-okafor", "person-wesley-desjarlais"),
            "service-van",
        ),
        (
            "task-volunteer-checks",
            "Renew the 23 volunteer checks that lapse before December",
            "person-leah-bergen",
            "2026-10-16",
            "Child Abuse Registry and criminal record checks for the 23 volunteers, mostly "
            "Books by Mail drivers, whose checks run out before December; booked in batches "
            "at the Neepawa RCMP detachment.",
            ("person-leah-bergen",),
            "rule-volunteer-checks",
        ),
    ):
        w.node("Task", tid, name, src=MEETING_SRC, as_of=MEETING, status="open", due=due,
               text=text)  # fmt: skip
        w.edges(
            MEETING_SRC,
            MEETING,
            (owner, "OWNS", tid),
            *((p, "WORKS_ON", tid) for p in workers),
            (tid, "ABOUT", about),
            ("message-meeting-notes", "MENTIONS", tid),
        )


# --- the questions (written before the build was first run) -----------------------------


def _questions(facts: list[Fact], today: date) -> list[Question]:
    m = metric_question
    coverage_words = ["coverage", "days of data", "missing", "only", "gap"]
    courier = related_question(
        facts,
        "who does our ill courier runs these days",
        today,
        rel="DEPENDS_ON",
        frm="service-courier",
        keep=["Vendor"],
        note="Whitemud Freight until 4 August; Assiniboine Parcel Runs since",
    )
    courier.must_exclude = ["Whitemud Freight"]
    visits = m(
        facts,
        today,
        "door counts aug vs july - up or down?",
        "metric_change",
        "metric-door-count",
        periods=("month_august", "month_july"),
        tolerance=0.5,
        covered=True,
        note="no door counts 18-29 August: August has 19 days of data, July 31, so compare "
        "daily means over the covered days and say so; 5 of August's 19 covered days are "
        "closed days (4 Sundays and Terry Fox Day), which pulls its daily mean down",
    )
    visits.must_include = [coverage_words]
    return [
        impact_question(
            facts,
            "shelfwise goes down agian - what else stops working besides the front desk",
            ["tool-shelfwise"],
            today,
            note="Shelfwise <- branch lending, the Leafcast sign-in key (<- e-book lending) and "
            "Shelfwise Go (<- Reach Van stops); lending <- Summer Reading Club and Books by Mail",
        ),
        impact_question(
            facts,
            "van hotspot plan expires end of oct, what's affected?",
            ["account-van-hotspot"],
            today,
            note="the Kinosota plan ends on 31 October",
        ),
        impact_question(
            facts,
            "if assiniboine parcel runs goes bust what do we lose",
            ["vendor-assiniboine"],
            today,
            must_exclude=["Whitemud Freight"],
            note="Whitemud Freight was retired on 4 August: it carries nothing now",
        ),
        owner_question(
            facts,
            "who's on the van hotspot renewl now",
            "task-hotspot-renewal",
            today,
            note="Wesley handed it to Nolan on 2 September",
        ),
        owner_question(
            facts,
            "who had the hotspot renewal back in mid aug",
            "task-hotspot-renewal",
            date(2026, 8, 15),
        ),
        owner_question(
            facts,
            "who's doing the annual stats return for the province now that rosalind's going "
            "on leave",
            "task-annual-return",
            today,
            note="handed from Rosalind Penner to Dale Kowalchuk at the 14 September branch "
            "heads meeting",
        ),
        owner_question(
            facts,
            "who dealt with the door counter outage",
            "incident-door-count-gap",
            today,
        ),
        Question(
            "why did we switch ill couriers",
            "decision",
            must_include=["11.2"],
            must_cite=["decision-assiniboine"],
        ),
        Question(
            "why'd the board go fine free",
            "decision",
            must_include=["1,140"],
            must_cite=["decision-fine-free"],
        ),
        Question(
            "how did ppl book the makerspace before benchbook?",
            "decision",
            must_include=["binder"],
            must_cite=["decision-booking-binder"],
            note="the superseded decision: phone or the paper binder at the Neepawa desk",
        ),
        Question(
            "patron at carberry wants a 6th ILL request on the go, can she?",
            "policy",
            must_include=["5"],
            must_cite=["rule-ill-limit"],
        ),
        Question(
            "can a 14 yr old use the laser cutter by herself",
            "policy",
            must_include=["guardian"],
            must_cite=["rule-makerspace-under16"],
            note="under 16 needs a parent or guardian present, and the safety orientation first",
        ),
        Question(
            "rcmp want a patron's borrowing history, do we hand it over",
            "policy",
            must_include=["warrant"],
            must_cite=["rule-privacy"],
        ),
        courier,
        related_question(
            facts,
            "the van's circ app needs a hotspot plan - who's the carrier behind that plan?",
            today,
            rel="DEPENDS_ON",
            frm="account-van-hotspot",
            keep=["Vendor"],
            note="two hops: Shelfwise Go -> Reach Van LTE hotspot plan -> vendor",
        ),
        related_question(
            facts,
            "volunteer shifts run through helpwell - what team is whoever owns helpwell on?",
            today,
            rel="MEMBER_OF",
            frm="person-leah-bergen",
            note="three hops: Volunteer shifts -> Helpwell volunteer roster -> its owner Leah "
            "Bergen -> her team",
        ),
        m(
            facts,
            today,
            "how many checkouts yesterday",
            "metric_value",
            "metric-checkouts",
            periods=("yesterday",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "door count for aug 10?",
            "metric_value",
            "metric-door-count",
            span=(date(2026, 8, 10), date(2026, 8, 10)),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "total ebook loans last week?",
            "metric_total",
            "metric-ebook-loans",
            periods=("last_week",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "how many makerspace hours were booked in the second half of july",
            "metric_total",
            "metric-makerspace-hours",
            periods=("second_half_july",),
            tolerance=0.5,
        ),
        m(
            facts,
            today,
            "checkouts since the shelfwise outage",
            "metric_total",
            "metric-checkouts",
            periods=("since_2026-09-08",),
            tolerance=0.5,
            note="the outage began on 8 September; the 10th holds the 1,312 keyed-in slips",
        ),
        m(
            facts,
            today,
            "avg ill turnaround early sept",
            "metric_average",
            "metric-ill-turnaround",
            periods=("early_september",),
            tolerance=0.05,
        ),
        m(
            facts,
            today,
            "makerspace hrs per day at the start of q3",
            "metric_average",
            "metric-makerspace-hours",
            periods=("start_q3",),
            tolerance=0.05,
        ),
        visits,
        m(
            facts,
            today,
            "ebook loans first half of sept vs first half of aug",
            "metric_change",
            "metric-ebook-loans",
            periods=("first_half_september", "first_half_august"),
            tolerance=0.2,
        ),
        m(
            facts,
            today,
            "ill turnaround late aug vs late july?",
            "metric_change",
            "metric-ill-turnaround",
            periods=("late_august", "late_july"),
            tolerance=0.2,
        ),
        Question(
            "why did ill turnaround drop so much in august",
            "metric_why",
            must_include=["Assiniboine"],
            must_cite=["decision-assiniboine"],
        ),
        Question(
            "why did ebook loans fall off a cliff end of aug",
            "metric_why",
            must_include=[["6.0", "PIN"]],
            must_cite=["release-leafcast-6"],
            note="nothing links the Leafcast 6.0 release to the loans metric: the drop just "
            "starts on 24 August, the day it shipped",
        ),
        Question(
            "why were checkouts so low on sept 8 and 9",
            "metric_why",
            must_include=[["outage", "data centre", "down"]],
            must_cite=["incident-shelfwise-outage"],
        ),
        Question(
            "why is there no door count data for late august",
            "metric_why",
            must_include=["certificate"],
            must_cite=["incident-door-count-gap"],
        ),
        Question(
            "what do we charge for 3d printer filament",
            "document",
            must_include=["$0.10"],
            must_cite=["doc-makerspace-handbook"],
        ),
        Question(
            "how many loans got keyed in after the outage per nolan's review",
            "document",
            must_include=["1,312"],
            must_cite=["doc-outage-review"],
        ),
        Question(
            "what did we agree about offline circ at monday's branch heads meeting",
            "meeting",
            must_include=["offline", "Nolan"],
            must_cite=["decision-offline-laptops"],
            note="14 September: a Shelfwise Offline laptop at every branch and on the van, "
            "tested the first Monday of each month, Nolan by Friday 25 September",
        ),
        Question(
            "who's doing what after monday's meeting?",
            "meeting",
            must_include=["Nolan", "Ivy", "Leah", "Dale"],
            note="Nolan: Offline laptops (25 Sep) and hotspot renewal (15 Oct); Ivy: PIN e-mail "
            "(18 Sep); Dale: annual return (30 Sep); Amara: van winter schedule (9 Oct); Leah: "
            "23 volunteer checks (16 Oct)",
        ),
        Question(
            "who owns the hoopla account",
            "unknown",
            absent=["hoopla"],
            note="our e-book platform is Leafcast; no hoopla in the records",
        ),
        Question(
            "what did councillor brenda mcleod decide about the dauphin branch",
            "unknown",
            absent=["McLeod", "Dauphin"],
            note="no such person and no Dauphin branch",
        ),
        Question(
            "how many checkouts did we do in may",
            "unknown",
            absent=["2026-05-"],
            note="readings start on 15 June",
        ),
        Question("who won the grey cup last year", "offtopic"),
        Question("how do i get rid of quack grass in my garden", "offtopic"),
    ]


README = """# prairie-reach-libraries

**Trade:** regional public library network: Prairie Reach Regional Library, four branches
(Neepawa HQ, Minnedosa, Carberry, Gladstone) and the Reach Van mobile library, Westman, Manitoba.
**Today:** Wednesday 16 September 2026. Daily readings 15 June - 15 September 2026.

1. Shelfwise ILS (Quillon Library Systems) runs lending; the van checks out with Shelfwise Go over a Kinosota Wireless hotspot (plan ends 31 Oct).
2. E-books come from Leafcast, which signs patrons in with a Shelfwise patron API key.
3. Interlibrary loans go through RelayILL (Prairie Libraries Exchange) and a courier to the Brandon hub.
4. 13 Jul: makerspace bookings move from the paper binder to BenchBook; booked hours double (linked).
5. 4 Aug: ILL courier moves from Whitemud Freight (weekly) to Assiniboine Parcel Runs (twice weekly); turnaround falls from ~11 to ~6 days (linked).
6. 18-29 Aug: TallyCloud gateway certificate expired; no door counts (coverage gap).
7. 24 Aug: Leafcast app 6.0 asks for a PIN; e-book loans fall about a third (not linked to the metric).
8. 8-9 Sep: Shelfwise down 31 hours; paper slips, 1,312 loans keyed in on 10 Sep (linked).
9. 2 Sep: the hotspot renewal passes from Wesley Desjarlais to Nolan Baptiste.
10. 14 Sep branch heads meeting: Offline laptops, PIN drive, no door-count estimates, van winter schedule; the annual return passes from Rosalind Penner to Dale Kowalchuk.
"""


def build() -> Business:
    """The library network's facts and its questions."""
    _files()
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
        "Prairie Reach Regional Library",
        "regional public library network (Prairie Reach Regional Library, Neepawa, Manitoba, "
        "Canada)",
        TODAY,
        w.facts,
        _questions(w.facts, TODAY),
        FIRST,
        LAST,
        meetings=[
            {
                "file": MEETING_FILE,
                "title": "Branch heads meeting",
                "date": MEETING.isoformat(),
            }
        ],
    )


if __name__ == "__main__":
    manifest = write(build(), out=OUT)
    (OUT / "README.md").write_text(README, encoding="utf-8")
    counts = manifest["counts"]
    print(f"{SLUG}: {counts['nodes']} nodes, {counts['edges']} edges, {counts['questions']} q")
    print(counts["questions_by_kind"])
