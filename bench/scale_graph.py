"""The benchmark graph: the sample business at benchmark scale, and the filler that pads it.

``benchmark_graph`` is the graph the graph-tools benchmark loads: the story business of
``brain.sample`` first (each id once, at its latest state), so the story questions still
have their answers, then filler of the same kinds up to an exact size. It lives in
``bench/`` because only benchmarks and their tests build graphs this big.

The filler's nodes are spread over the same types as the story business (many readings,
passages and tasks; few vendors and accounts). Edges come in stages, each schema-valid by
construction: readings measure metrics, passages belong to documents and meetings, people
join teams, tasks pass between successive owners, a layered DEPENDS_ON graph hangs many
things off a few hubs (accounts, vendors, core services), and a weighted mix of other links
fills the rest. About 5% of the edges that may end carry an ``until``. Everything is drawn
from one ``random.Random(seed)`` and no set is ever iterated, so a seed gives the same facts
in any process.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from itertools import chain
from typing import Any

from brain.sample import Fact, sample_business

__all__ = ["benchmark_graph", "generate"]

HORIZON_DAYS = 540  # filler history spans this many days before ``today``
CLOSED_SHARE = 0.05

# type, id prefix, share of the filler nodes (per mille, roughly)
KINDS: tuple[tuple[str, str, int], ...] = (
    ("Person", "person", 20),
    ("Team", "team", 2),
    ("Organization", "org", 1),
    ("Customer", "customer", 20),
    ("Vendor", "vendor", 3),
    ("Product", "product", 5),
    ("Account", "account", 3),
    ("Service", "service", 8),
    ("Tool", "tool", 6),
    ("Step", "step", 30),
    ("Page", "page", 20),
    ("Channel", "channel", 2),
    ("Campaign", "campaign", 10),
    ("Post", "post", 40),
    ("Asset", "asset", 10),
    ("Goal", "goal", 5),
    ("Metric", "metric", 15),
    ("Observation", "obs", 300),
    ("Task", "task", 140),
    ("Decision", "decision", 20),
    ("Rule", "rule", 5),
    ("Incident", "incident", 10),
    ("Release", "release", 10),
    ("Document", "doc", 50),
    ("Chunk", "chunk", 190),
    ("Meeting", "meeting", 5),
    ("Message", "message", 50),
    ("Email", "email", 20),
    ("Note", "note", 5),
)

# DEPENDS_ON layers: (type, first share, last share). Each node of a layer depends on one to
# three nodes of the layer before it, drawn with a strong bias to the first few, which become
# the hubs a "what breaks" walk starts from (account-00000, vendor-00000, service-00000).
LAYERS: tuple[tuple[tuple[str, float, float], ...], ...] = (
    (("Account", 0, 1), ("Vendor", 0, 1), ("Service", 0, 0.15)),
    (("Service", 0.15, 1), ("Tool", 0, 1), ("Step", 0, 1)),
    (("Page", 0, 1), ("Channel", 0, 1), ("Product", 0, 1), ("Campaign", 0, 1)),
    (("Post", 0, 1), ("Asset", 0, 1), ("Goal", 0, 1), ("Task", 0, 0.5)),
    (("Task", 0.5, 1), ("Decision", 0, 1)),
)

# weight, from types, relationship, to types, one-holder end ("from", "to" or "")
RECIPES: tuple[tuple[int, tuple[str, ...], str, tuple[str, ...], str], ...] = (
    (6, ("Incident",), "AFFECTS", ("Service", "Step", "Page", "Metric", "Campaign"), ""),
    (5, ("Service", "Step", "Page"), "AFFECTS", ("Metric", "Goal", "Product"), ""),
    (6, ("Task",), "BLOCKS", ("Task",), ""),
    (2, ("Incident",), "BLOCKS", ("Task", "Campaign", "Goal"), ""),
    (3, ("Release",), "CHANGED", ("Step", "Service", "Page"), ""),
    (1, ("Release",), "PART_OF", ("Service",), ""),
    (1, ("Release",), "CAUSED", ("Incident",), ""),
    (2, ("Task",), "FIXES", ("Incident",), ""),
    (
        5,
        ("Task", "Document", "Note"),
        "ABOUT",
        ("Service", "Step", "Page", "Campaign", "Product", "Customer", "Incident"),
        "",
    ),
    (
        8,
        ("Document", "Chunk", "Message", "Email"),
        "MENTIONS",
        ("Person", "Task", "Service", "Product", "Campaign", "Incident", "Customer"),
        "",
    ),
    (3, ("Person",), "AUTHORED", ("Document", "Post", "Email", "Message"), ""),
    (3, ("Message", "Email"), "SAID_BY", ("Person", "Customer"), ""),
    (2, ("Message", "Email"), "SENT_TO", ("Person", "Team", "Channel"), ""),
    (2, ("Person",), "ATTENDED", ("Meeting",), ""),
    (3, ("Person", "Team"), "WORKS_ON", ("Task", "Goal", "Campaign", "Service"), ""),
    (
        2,
        ("Person", "Team"),
        "OWNS",
        ("Service", "Tool", "Page", "Campaign", "Document", "Goal"),
        "",
    ),
    (2, ("Task", "Incident"), "ASSIGNED_TO", ("Person", "Team"), "from"),
    (2, ("Post", "Asset"), "PART_OF", ("Campaign", "Channel"), ""),
    (2, ("Campaign", "Post"), "TARGETS", ("Product", "Page", "Channel", "Customer"), ""),
    (1, ("Asset",), "DERIVED_FROM", ("Asset",), "from"),
    (1, ("Decision",), "SUPERSEDES", ("Decision",), "to"),
    (2, ("Decision",), "MADE_BY", ("Person",), ""),
    (1, ("Decision",), "DECIDED_IN", ("Meeting", "Document", "Message"), ""),
    (2, ("Decision", "Task"), "BASED_ON", ("Chunk", "Observation", "Metric", "Document"), ""),
    (1, ("Decision", "Task"), "EVIDENCED_BY", ("Chunk", "Message", "Observation"), ""),
    (2, ("Service", "Tool", "Campaign", "Team"), "USES", ("Tool", "Account", "Vendor"), ""),
)

_FIRST = (
    "Aarav",
    "Diya",
    "Kiran",
    "Lakshmi",
    "Nikhil",
    "Pooja",
    "Rahul",
    "Sneha",
    "Tara",
    "Vivek",
    "Zoya",
    "Farhan",
    "Ishaan",
    "Kavya",
    "Manav",
    "Nandini",
    "Omar",
    "Riya",
    "Sameer",
    "Uma",
)
_LAST = (
    "Bose",
    "Chopra",
    "D'Souza",
    "Gupta",
    "Hegde",
    "Jain",
    "Kulkarni",
    "Menon",
    "Naidu",
    "Pillai",
    "Reddy",
    "Shetty",
    "Varma",
    "Yadav",
    "Banerjee",
    "Kamath",
    "Rao",
    "Sen",
    "Pai",
    "Khan",
)
_WORDS: dict[str, tuple[str, ...]] = {
    "Team": ("Roastery team", "Wholesale team", "Support team", "Growth team", "Design team"),
    "Organization": ("Partner café", "Office client", "Distributor", "Agency"),
    "Vendor": (
        "Packaging supplier",
        "Milk supplier",
        "Courier",
        "Green coffee importer",
        "Payment gateway",
        "Printer",
    ),
    "Product": ("Single origin", "Blend", "Cold brew pack", "Drip bags", "Gift box"),
    "Account": ("API token", "Admin login", "Ads account", "Webhook secret"),
    "Service": ("Storefront", "Checkout", "Inventory", "Search", "Notifications", "Subscriptions"),
    "Tool": ("Scheduler", "Helpdesk", "Spreadsheet sync", "Label printer app", "CRM"),
    "Step": ("Cart step", "Address step", "Payment step", "Shipping step", "Coupon step"),
    "Page": ("Product page", "Landing page", "FAQ page", "Gift page", "Subscription page"),
    "Channel": ("Instagram account", "Newsletter", "WhatsApp group", "YouTube channel"),
    "Campaign": ("Festive campaign", "Subscription push", "Retargeting", "Launch campaign"),
    "Post": ("Reel", "Carousel", "Story", "Blog post", "Photo post"),
    "Asset": ("Video cut", "Photo set", "Banner", "Caption draft"),
    "Goal": ("Revenue target", "Café visits target", "Subscriber target", "Retention target"),
    "Task": (
        "Fix the refund form",
        "Update shipping rates",
        "Write a brew guide",
        "Review ad copy",
        "Plan the next launch",
        "Test the checkout",
        "Migrate the blog",
        "Reorder packaging",
        "Clean up the product feed",
        "Answer wholesale leads",
    ),
    "Decision": ("Switch courier", "Stop a campaign", "Change a price", "Adopt a new tool"),
    "Rule": ("Rule on refunds", "Rule on captions", "Rule on releases", "Rule on spend"),
    "Incident": (
        "Payment failures",
        "Site slowdown",
        "Token expiry",
        "Courier delay",
        "Stock mismatch",
    ),
    "Release": ("Storefront release", "Checkout release", "Sync release", "App release"),
    "Document": ("Process", "Meeting notes", "Campaign brief", "Report", "Guide"),
    "Meeting": ("Weekly sync", "Review", "Planning", "Retro"),
    "Message": ("Slack message",),
    "Email": ("E-mail",),
    "Note": ("Note",),
    "Chunk": ("Passage",),
    "Observation": ("Reading",),
}
_METRICS = (
    ("Orders", "orders", "sum"),
    ("Sign-ups", "sign-ups", "sum"),
    ("Spend", "INR", "sum"),
    ("Conversion rate", "%", "mean"),
    ("Error rate", "%", "mean"),
    ("Reach", "accounts", "mean"),
    ("Visits", "visits", "sum"),
)
_SENTENCES = (
    "Orders were steady this week, with the usual weekend peak.",
    "The checkout team shipped a small fix to the address form.",
    "Customers asked about delivery times to smaller cities.",
    "The launch campaign is spending ahead of plan.",
    "We agreed to review the refund process next month.",
    "Café footfall rose after the new menu went up.",
    "The scheduler missed two posts when its token was refused.",
    "Stock of the house blend ran low twice.",
    "A supplier raised prices for valve bags by eight percent.",
    "Reach per reel is up while reach per story is down.",
    "Support replied to every e-mail within a day.",
    "The payment gateway reported a short outage on Tuesday.",
)

_OPEN, _KEEP, _READING = 0, 1, 2  # may close / never closed / MEASURES from a reading


def _allocate(total: int) -> dict[str, int]:
    weight = sum(w for _, _, w in KINDS)
    exact = [(total * w / weight, t) for t, _, w in KINDS]
    counts = {t: int(x) for x, t in exact}
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i][0] % 1), i))
    for i in order[: total - sum(counts.values())]:
        counts[exact[i][1]] += 1
    return counts


class _Builder:
    """Holds the filler's nodes by type and the edges written so far."""

    def __init__(self, rng: random.Random, budget: int) -> None:
        self.rng = rng
        self.budget = budget
        self.ids: dict[str, list[str]] = {}
        self.born: dict[str, list[int]] = {}
        self.edges: list[tuple[str, str, str, int, int]] = []
        self.keys: set[tuple[str, str, str]] = set()
        self.obs_metric: list[int] = []
        self.chunks: list[dict[str, Any]] = []  # a passage is dated like its document

    def full(self) -> bool:
        return len(self.edges) >= self.budget

    def add(self, a: str, rel: str, b: str, since: int, flag: int = _OPEN) -> bool:
        key = (a, rel, b)
        if a == b or key in self.keys or self.full():
            return False
        self.keys.add(key)
        self.edges.append((a, rel, b, since, flag))
        return True

    def since(self, ta: str, i: int, tb: str, j: int) -> int:
        start = max(self.born[ta][i], self.born[tb][j])
        return min(start + self.rng.randrange(21), HORIZON_DAYS - 30)

    def skewed(self, n: int, power: float = 2.0) -> int:
        return int(n * self.rng.random() ** power)

    def nodes(self, counts: dict[str, int], days: list[str], stamps: list[str]) -> list[Fact]:
        rng = self.rng
        facts: list[Fact] = []
        n_metrics = counts["Metric"]
        for type_, prefix, _ in KINDS:
            ids = [f"{prefix}-{i:05d}" for i in range(counts[type_])]
            span = HORIZON_DAYS - 1 if type_ == "Observation" else HORIZON_DAYS - 60
            born = [rng.randrange(span) for _ in ids]
            self.ids[type_], self.born[type_] = ids, born
            words = _WORDS.get(type_, (type_,))
            for i, id_ in enumerate(ids):
                d = born[i]
                if type_ in ("Person", "Customer"):
                    name = f"{_FIRST[i % 20]} {_LAST[(i // 20) % 20]} #{i}"
                else:
                    name = f"{words[i % len(words)]} #{i}"
                node: dict[str, Any] = {
                    "type": type_,
                    "id": id_,
                    "name": name,
                    "src": f"sample:bench/{id_}",
                    "asOf": days[d],
                    "sample": True,
                }
                if type_ == "Observation":
                    metric = self.skewed(n_metrics, 1.5) if n_metrics else -1
                    self.obs_metric.append(metric)
                    label = _METRICS[metric % len(_METRICS)][0] if metric >= 0 else "Reading"
                    node["name"] = f"{label} #{metric}, {days[d]}"
                    node.update(
                        value=round(rng.uniform(0, 500), 2),
                        start=stamps[d],
                        end=stamps[d + 1],
                        asOf=days[d + 1],
                    )
                elif type_ == "Metric":
                    label, unit, aggregation = _METRICS[i % len(_METRICS)]
                    node.update(name=f"{label} #{i}", unit=unit, aggregation=aggregation)
                elif type_ == "Task":
                    node["status"] = ("open", "in progress", "done")[i % 3]
                elif type_ in (
                    "Document",
                    "Chunk",
                    "Message",
                    "Email",
                    "Note",
                    "Decision",
                    "Rule",
                    "Post",
                ):
                    # a document's body, like one ingested, is read through its passages
                    k, field = (3, "body") if type_ == "Document" else (1, "text")
                    node[field] = " ".join(_SENTENCES[(i * 7 + j) % 12] for j in range(k))
                facts.append({"node": node})
                if type_ == "Chunk":
                    self.chunks.append(node)
        return facts

    def pick(self, types: tuple[str, ...], power: float = 1.0) -> tuple[str, int] | None:
        present = [t for t in types if self.ids.get(t)]
        if not present:
            return None
        t = present[self.rng.randrange(len(present))]
        return t, self.skewed(len(self.ids[t]), power)

    # --- stages ---------------------------------------------------------------------------

    def readings(self) -> None:
        metrics = self.ids["Metric"]
        for i, oid in enumerate(self.ids["Observation"]):
            if self.obs_metric[i] >= 0:
                self.add(
                    oid,
                    "MEASURES",
                    metrics[self.obs_metric[i]],
                    self.born["Observation"][i],
                    _READING,
                )

    def passages(self, days: list[str]) -> None:
        docs, meetings, people = self.ids["Document"], self.ids["Meeting"], self.ids["Person"]
        for i, cid in enumerate(self.ids["Chunk"]):
            in_meeting = bool(meetings) and (not docs or self.rng.random() < 0.12)
            if not docs and not in_meeting:
                return
            parent_type = "Meeting" if in_meeting else "Document"
            j = self.rng.randrange(len(meetings if in_meeting else docs))
            since = self.born[parent_type][j]
            self.born["Chunk"][i] = since
            self.chunks[i]["asOf"] = days[since]
            self.add(self.ids[parent_type][j], "HAS_CHUNK", cid, since, _KEEP)
            if in_meeting and people:
                self.add(cid, "SAID_BY", people[self.rng.randrange(len(people))], since)

    def structure(self) -> None:
        """Metrics measure things; people join teams; steps and pages belong to services."""
        targets = ("Service", "Step", "Page", "Campaign", "Post", "Product", "Channel")
        links = (
            ("Metric", "MEASURES", targets, _KEEP),
            ("Person", "MEMBER_OF", ("Team",), _OPEN),
            ("Team", "MEMBER_OF", ("Organization",), _OPEN),
            ("Customer", "MEMBER_OF", ("Organization",), _OPEN),
            ("Step", "PART_OF", ("Service",), _OPEN),
            ("Page", "PART_OF", ("Service",), _OPEN),
        )
        for from_type, rel, to_types, flag in links:
            for i, a in enumerate(self.ids[from_type]):
                hit = self.pick(to_types)
                if hit is not None:
                    t, j = hit
                    self.add(a, rel, self.ids[t][j], self.since(from_type, i, t, j), flag)

    def owners(self) -> None:
        """Every task has one to four successive owners; every incident has one."""
        people, rng = self.ids["Person"], self.rng
        if not people:
            return
        for i, tid in enumerate(self.ids["Task"]):
            r = rng.random()
            holders = 1 if r < 0.72 else 2 if r < 0.92 else 3 if r < 0.98 else 4
            since = self.born["Task"][i] + rng.randrange(10)
            for j in rng.sample(range(len(people)), min(holders, len(people))):
                if since > HORIZON_DAYS - 30:
                    break
                self.add(people[j], "OWNS", tid, since, _KEEP)
                since += rng.randint(5, 60)
        for i, iid in enumerate(self.ids["Incident"]):
            j = rng.randrange(len(people))
            self.add(people[j], "OWNS", iid, self.since("Incident", i, "Person", j), _KEEP)

    def _interleave(self, layer: tuple[tuple[str, float, float], ...]) -> list[tuple[str, int]]:
        """A layer's nodes, taking each type's first node, then each type's second, and so on,
        so a bias towards the front of the layer favours the first node of every type."""
        runs = [
            [(t, i) for i in range(int(lo * len(self.ids[t])), int(hi * len(self.ids[t])))]
            for t, lo, hi in layer
        ]
        longest = max((len(run) for run in runs), default=0)
        return [run[k] for k in range(longest) for run in runs if k < len(run)]

    def dependencies(self, quota: int) -> None:
        layers = [self._interleave(layer) for layer in LAYERS]
        dependants = sum(len(layer) for layer in layers[1:])
        mean = quota / dependants if dependants else 0.0
        stop = len(self.edges) + quota
        for depth, (below, layer) in enumerate(zip(layers, layers[1:], strict=False)):
            if not below:
                continue
            power = 3.0 if depth == 0 else 2.0  # the first layer's hubs take the most
            for t, i in layer:
                k = min(int(mean) + (self.rng.random() < mean % 1), 3, len(below))
                for _ in range(k):
                    ut, j = below[self.skewed(len(below), power)]
                    if len(self.edges) >= stop:
                        return
                    self.add(self.ids[t][i], "DEPENDS_ON", self.ids[ut][j], self.since(t, i, ut, j))

    def links(self) -> None:
        recipes = [
            r for r in RECIPES if any(self.ids[t] for t in r[1]) and any(self.ids[t] for t in r[3])
        ]
        deck = [r for r in recipes for _ in range(r[0])]
        taken: set[tuple[str, str, str]] = set()
        misses = 0
        while deck and not self.full():
            _, froms, rel, tos, slot = deck[self.rng.randrange(len(deck))]
            a, b = self.pick(froms), self.pick(tos, 1.5)
            assert a is not None and b is not None  # the deck only holds recipes with both ends
            if a[0] == b[0] and a[1] < b[1]:
                a, b = b, a  # same-type links point from newer to older: no cycles of two
            a_id, b_id = self.ids[a[0]][a[1]], self.ids[b[0]][b[1]]
            held = (rel, slot, a_id if slot == "from" else b_id)
            if (slot and held in taken) or not self.add(a_id, rel, b_id, self.since(*a, *b)):
                misses += 1
                if misses > 100 * self.budget + 1000:
                    break
                continue
            if slot:
                taken.add(held)
                self.edges[-1] = self.edges[-1][:4] + (_KEEP,)


def generate(*, nodes: int, edges: int, seed: int, today: date) -> tuple[list[Fact], list[Fact]]:
    """Exactly ``nodes`` node facts and ``edges`` edge facts of filler.

    Raises ``ValueError`` when that many distinct edges cannot be placed on that many nodes.
    """
    rng = random.Random(seed)
    first_day = today - timedelta(days=HORIZON_DAYS)
    days = [(first_day + timedelta(days=d)).isoformat() for d in range(HORIZON_DAYS + 1)]
    stamps = [f"{d}T00:00:00+05:30" for d in days]
    b = _Builder(rng, edges)
    node_facts = b.nodes(_allocate(nodes), days, stamps)
    b.readings()
    b.passages(days)
    b.structure()
    b.owners()
    b.dependencies(int(0.55 * (edges - len(b.edges))))
    b.links()
    if len(b.edges) < edges:
        raise ValueError(f"cannot place {edges} distinct edges on {nodes} nodes")

    closable = [k for k, e in enumerate(b.edges) if e[4] == _OPEN]
    closed = rng.sample(closable, min(len(closable), round(CLOSED_SHARE * edges)))
    until = dict.fromkeys(closed, 0)
    for k in closed:
        until[k] = min(b.edges[k][3] + rng.randint(1, 120), HORIZON_DAYS - 1)
    edge_facts: list[Fact] = []
    for k, (a, rel, to, since, flag) in enumerate(b.edges):
        start = stamps[since] if flag == _READING else days[since]
        edge = {
            "from": a,
            "type": rel,
            "to": to,
            "since": start,
            "src": f"sample:bench/e{k}",
            "asOf": start,
        }
        if k in until:
            edge["until"] = edge["asOf"] = days[until[k]]
        edge_facts.append({"edge": edge})
    return node_facts, edge_facts


def benchmark_graph(
    *, nodes: int = 37_240, edges: int = 49_983, seed: int = 7, today: date
) -> Iterator[Fact]:
    """The sample at benchmark scale: exactly ``nodes`` node facts, then ``edges`` edge facts.

    The default size is the graph the seed write-up timed its tools on. When the sizes leave
    room for it twice over, the story business comes first (each id once, at its latest
    state), so the story questions still have their answers; the rest is filler of the same
    kinds, with the dependency hubs ``account-00000``, ``vendor-00000`` and ``service-00000``
    (see ``generate``). Deterministic for a seed. Raises ``ValueError`` for negative sizes,
    or when that many distinct edges do not fit on that many nodes.
    """
    if nodes < 0 or edges < 0:
        raise ValueError(f"sizes must not be negative: nodes={nodes}, edges={edges}")
    day = today.date() if isinstance(today, datetime) else today
    facts = sample_business(today=day)
    story_nodes = list({f["node"]["id"]: f for f in facts if "node" in f}.values())
    story_edges = [f for f in facts if "edge" in f]
    if nodes < 2 * len(story_nodes) or edges < 2 * len(story_edges):
        story_nodes, story_edges = [], []  # too small to hold the story twice over
    filler_nodes, filler_edges = generate(
        nodes=nodes - len(story_nodes),
        edges=edges - len(story_edges),
        seed=seed,
        today=day,
    )
    return chain(story_nodes, filler_nodes, story_edges, filler_edges)
