"""Rules mode: each desk's work as deterministic steps over the same tools a model uses.

Without a model key, desks still read the brain first and answer from what the tools
returned: every figure and every ``[[id]]`` in a rules-mode Finding is copied from a tool
result of this turn, so rules mode passes the same answer checks as model mode.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from agents._ledger import ToolLedger
from brain import HivebrainError, now_ms, parse_moment
from brain.reads import ReadResult


@dataclass(slots=True)
class Draft:
    """What a desk found: text with citations, and the node ids that explain it, in order."""

    text: str
    path_ids: list[str] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    path_as_of: str | None = None  # draw the path at this moment (a question about the past)


DAY_MS = 86_400_000
DeskWork = Callable[[str, ToolLedger, str], Awaitable[Draft]]
DESK_WORK: dict[str, DeskWork] = {}


def desk_work(*names: str) -> Callable[[DeskWork], DeskWork]:
    """Register the rules-mode work of one or more desks."""

    def register(fn: DeskWork) -> DeskWork:
        for name in names:
            DESK_WORK[name] = fn
        return fn

    return register


def cite(node: dict[str, Any] | None) -> str:
    """A node as answer text: its name and its citation."""
    if not node:
        return ""
    return f"{node.get('name') or node['id']} [[{node['id']}]]"


def _hits(result: ReadResult) -> list[dict[str, Any]]:
    return list(result.data.get("hits", []))


_QUOTED = re.compile(r"[\"'‘“]([^\"'’”]{3,120})[\"'’”]")


async def _top(
    ledger: ToolLedger, desk: str, question: str, types: list[str]
) -> dict[str, Any] | None:
    """The best match of a type: a quoted name looked up exactly, else the first search hit."""
    for quoted in _QUOTED.findall(question):
        found = await ledger.call(desk, "lookup", {"name": quoted.strip()})
        matches = [m for m in found.data.get("matches", []) if m["type"] in types]
        if matches:
            return matches[0]
    for kind in types:  # the types are in order of preference
        hits = _hits(
            await ledger.call(desk, "search", {"query": question, "types": [kind], "limit": 3})
        )
        if hits:
            return hits[0]
    return None


def _rels(result: ReadResult, rel: str, direction: str) -> list[dict[str, Any]]:
    return [
        r["node"]
        for r in result.data.get("relationships", [])
        if r["rel"] == rel and r["direction"] == direction
    ]


def _pct(value: float) -> str:
    return f"{abs(value):.1f}%"


def _num(value: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{value:,.0f}" if abs(value) >= 100 or float(value).is_integer() else f"{value:,.2f}"


# --- desks ---------------------------------------------------------------------------------


@desk_work("data")
async def _data(question: str, ledger: ToolLedger, desk: str) -> Draft:
    metric = await _top(ledger, desk, question, ["Metric"])
    if metric is None:
        return Draft("I found no metric in your records that matches the question.")
    res = await ledger.call(desk, "readings", {"name": metric["id"], "days": 7, "daily": False})
    d = res.data
    now, prev, change = d["this_window"]["value"], d["previous_window"]["value"], d["change_pct"]
    measured = d["measures"][0] if d["measures"] else None
    if change is None:
        text = f"{cite(metric)} has no readings to compare for the last two weeks."
    else:
        verb = "fell" if change < 0 else "rose"
        text = (
            f"{cite(metric)} {verb} {_pct(change)} in the last 7 days: {_num(now)} against "
            f"{_num(prev)} in the 7 days before."
        )
    if measured:
        text += f" It measures {cite(measured)}."
    return Draft(text, [measured["id"]] if measured else [metric["id"]])


async def _incident_for_metric(
    question: str, ledger: ToolLedger, desk: str
) -> dict[str, Any] | None:
    """An incident that affects the metric (or the thing it measures) a question is about."""
    hits = _hits(
        await ledger.call(desk, "search", {"query": question, "types": ["Metric"], "limit": 1})
    )
    if not hits:
        return None
    around = await ledger.call(desk, "neighbours", {"name": hits[0]["id"]})
    affecting = [n for n in _rels(around, "AFFECTS", "in") if n["type"] == "Incident"]
    return affecting[0] if affecting else None


@desk_work("incident")
async def _incident(question: str, ledger: ToolLedger, desk: str) -> Draft:
    incident = await _incident_for_metric(question, ledger, desk) or await _top(
        ledger, desk, question, ["Incident"]
    )
    if incident is None:
        return Draft("No incident in your records matches the question.")
    around = await ledger.call(desk, "neighbours", {"name": incident["id"]})
    causes = [
        n
        for n in _rels(around, "CAUSED", "in")
        if n["type"] in ("Release", "Commit", "PullRequest")
    ]
    affected = [
        n for n in _rels(around, "AFFECTS", "out") if n["type"] in ("Step", "Service", "Page")
    ]
    fixes = _rels(around, "FIXES", "in")
    owners = _rels(around, "OWNS", "in")
    parts = [f"The incident {cite(incident)}"]
    if causes:
        parts.append(f"was caused by {cite(causes[0])}")
    if affected:
        parts.append(f"and hits {', '.join(cite(a) for a in affected[:3])}")
    text = " ".join(parts) + "."
    if owners:
        text += f" {cite(owners[0])} is on it."
    cards: list[dict[str, Any]] = []
    if fixes:
        fix = fixes[0]
        holder = (await ledger.call(desk, "owner", {"name": fix["id"]})).data.get("owner")
        who = f", owned by {cite(holder['holder'])}" if holder else ", with no owner yet"
        text += f" The fix is {cite(fix)}{who}."
        cards.append(
            {
                "kind": "channel_message",
                "title": f"Update the team on {incident.get('name')}",
                "preview": f"Heads-up: {incident.get('name')} is being fixed in {fix.get('name')}.",
                "executor": "record",
                "cites": [incident["id"], fix["id"]],
            }
        )
    path = [a["id"] for a in affected[:1]] + [c["id"] for c in causes[:1]] + [incident["id"]]
    return Draft(text, path, cards)


@desk_work("tech")
async def _tech(question: str, ledger: ToolLedger, desk: str) -> Draft:
    thing = await _top(
        ledger, desk, question, ["Account", "Tool", "Service", "Vendor", "Step", "Page"]
    )
    # a search always returns its nearest hit; one that shares no word with the question is
    # not the system asked about, and "nothing depends on <it>" would read as an answer
    if thing is None or not _covers(question, thing.get("name") or thing["id"]):
        return Draft("I could not find that system in your records.")
    res = await ledger.call(desk, "what_breaks", {"name": thing["id"], "hops": 4})
    layers = res.data.get("by_hop", [])
    if not layers:
        return Draft(f"Nothing in your records currently depends on {cite(thing)}.", [thing["id"]])
    lines = [f"If {cite(thing)} stops, {res.data['total']} things are affected:"]
    for layer in layers:
        items = ", ".join(cite(i) for i in layer["items"][:8])
        more = f" and {layer['count'] - 8} more" if layer["count"] > 8 else ""
        step = "directly" if layer["hop"] == 1 else f"{layer['hop']} steps away"
        lines.append(f"- {step}: {items}{more}")
    return Draft("\n".join(lines), _chain(layers, thing["id"]))


def _chain(layers: list[dict[str, Any]], root: str) -> list[str]:
    """The dependency chain from the root to the farthest thing, hop by hop (direct edges)."""
    parent = {item["id"]: item["from"] for layer in layers for item in layer["items"]}
    node = layers[-1]["items"][0]["id"]
    chain = [node]
    while node in parent and parent[node] != root and len(chain) < 6:
        node = parent[node]
        chain.append(node)
    return [root, *reversed(chain)]


_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?(?:,?\s+(\d{4}))?", re.I)
_MONTH_DAY = re.compile(r"\b([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?", re.I)


def date_in(question: str, today: date) -> date | None:
    """A date named in a question ("on 1 October", "Oct 1", "2026-10-01"), never in the future."""
    if m := _ISO_DATE.search(question):
        return date(int(m[1]), int(m[2]), int(m[3]))
    for pattern, day_first in ((_DAY_MONTH, True), (_MONTH_DAY, False)):
        for m in pattern.finditer(question):
            day, month = (m[1], m[2]) if day_first else (m[2], m[1])
            if month.lower()[:3] not in _MONTHS:
                continue
            year = int(m[3]) if m[3] else today.year
            found = date(year, _MONTHS[month.lower()[:3]], int(day))
            if not m[3] and found > today:
                found = date(year - 1, found.month, found.day)
            return found
    return None


@desk_work("tasks")
async def _tasks(question: str, ledger: ToolLedger, desk: str) -> Draft:
    task = await _top(ledger, desk, question, ["Task", "Incident", "Goal", "Campaign", "Service"])
    if task is None:
        return Draft("I could not find that task in your records.")
    today = (
        datetime.now(UTC).date() if ledger.as_of is None else date.fromisoformat(ledger.as_of[:10])
    )
    when = date_in(question, today)
    args: dict[str, Any] = {"name": task["id"]}
    if when is not None:
        args["as_of"] = when.isoformat()
    res = await ledger.call(desk, "owner", args)
    holder = res.data.get("owner")
    moment = when.strftime("%-d %B %Y") if when else "now"
    if holder is None:
        text = f"Nobody owned {cite(task)} on {moment}."
        return Draft(text, [task["id"]])
    owner_cited = cite(holder["holder"])
    text = f"On {moment}, {cite(task)} was owned by {owner_cited} (since {holder['since']})."
    later = [
        e
        for e in res.data["timeline"]
        if e["since"] and holder["since"] and e["since"] > holder["since"] and not e["lost_tie"]
    ]
    if later:
        nxt = later[-1]
        text += f" Since {nxt['since']} the owner is {cite(nxt['holder'])}."
    return Draft(
        text, [holder["holder"]["id"], task["id"]], path_as_of=when.isoformat() if when else None
    )


@desk_work("memory")
async def _memory(question: str, ledger: ToolLedger, desk: str) -> Draft:
    decision = await _top(ledger, desk, question, ["Decision", "Rule", "Note"])
    if decision is None:
        return Draft("I found no decision or note about that in your records.")
    around = await ledger.call(desk, "neighbours", {"name": decision["id"]})
    newer = _rels(around, "SUPERSEDES", "in")
    old = decision
    if newer:  # the question names the old practice; the answer is the decision that ended it
        decision = newer[0]
        around = await ledger.call(desk, "neighbours", {"name": decision["id"]})
    else:
        older = _rels(around, "SUPERSEDES", "out")
        old = older[0] if older else None
    details = (await ledger.call(desk, "lookup", {"name": decision["id"]})).data["matches"][0]
    props = details["properties"]
    text = f"{cite(decision)}"
    if old and old["id"] != decision["id"]:
        text = f"{cite(old)} was replaced by {text}"
    made_in = _rels(around, "DECIDED_IN", "out")
    made_by = _rels(around, "MADE_BY", "out")
    based = _rels(around, "BASED_ON", "out")
    if made_in:
        text += f", agreed in {cite(made_in[0])}"
    if made_by:
        text += f" by {cite(made_by[0])}"
    text += f" (as of {details['as_of']})."
    if props.get("rationale"):
        text += f" Why: {props['rationale']}"
    if based:
        text += f" It rests on {', '.join(cite(b) for b in based[:3])}."
    path = ([old["id"]] if old and old["id"] != decision["id"] else []) + [decision["id"]]
    path += [b["id"] for b in based[:1]]
    return Draft(text, path)


#: Every campaign with the metrics that measure it, in one read (not one walk each).
#: Every campaign with the 30-day totals of the metrics that measure it, and what it
#: targets, in one read. Maps with id and labels let the cypher tool check and cite them.
CAMPAIGN_TOTALS = """
MATCH (c:Campaign)
OPTIONAL MATCH (m:Metric)-[:MEASURES]->(c)
OPTIONAL MATCH (o:Observation)-[:MEASURES]->(m)
WHERE o.start >= $from AND o.start < $t
WITH c, m, sum(o.value) AS total
WITH c, collect([m.id, total]) AS metrics
OPTIONAL MATCH (c)-[e:TARGETS]->(x:Entity)
WHERE e.since <= $t AND (e.until IS NULL OR e.until > $t)
RETURN {id: c.id, labels: labels(c), name: c.name} AS campaign, metrics,
       [x IN collect(x) | {id: x.id, labels: labels(x), name: x.name}] AS targets
ORDER BY campaign.id
LIMIT 25
"""
WINDOW_DAYS = 30


@desk_work("growth")
async def _growth(question: str, ledger: ToolLedger, desk: str) -> Draft:
    t = parse_moment(ledger.as_of) if ledger.as_of else now_ms()
    listed = await ledger.call(
        desk,
        "cypher",
        {"query": CAMPAIGN_TOTALS, "params": {"from": t - WINDOW_DAYS * DAY_MS, "t": t}},
    )
    # (cost per sign-up, campaign node, spend, sign-ups), from the cypher tool's JSON rows
    rows: list[tuple[float, dict[str, Any], Any, Any]] = []
    targets_of: dict[str, list[dict[str, Any]]] = {}
    for campaign, metrics, targets in listed.data.get("rows", []):
        totals = {m: v for m, v in metrics if m}
        spend = next((v for m, v in totals.items() if "spend" in m), None)
        signups = next((v for m, v in totals.items() if "sign" in m), None)
        targets_of[campaign["id"]] = targets
        if spend and signups:
            cps = await ledger.call(desk, "calc", {"expression": f"{spend} / {signups}"})
            rows.append((cps.data["value"], campaign, spend, signups))
    if not rows:
        return Draft("I found no campaign with both spend and sign-up readings.")
    rows.sort(key=lambda r: -r[0])
    worst = rows[0]
    lines = [f"Cost per sign-up over the last {WINDOW_DAYS} days (spend / sign-ups):"]
    for cps, campaign, spend_total, signups_total in rows:
        lines.append(
            f"- {cite(campaign)}: {_num(cps)} per sign-up "
            f"({_num(spend_total)} / {_num(signups_total)})"
        )
    if len(rows) > 1:
        middle = rows[len(rows) // 2]
        times = await ledger.call(desk, "calc", {"expression": f"{worst[0]} / {middle[0]}"})
        lines.append(
            f"\n{cite(worst[1])} costs {times.data['value']:.1f}x the middle campaign per sign-up."
        )
    targets = sorted(targets_of.get(worst[1]["id"], []), key=lambda x: x["id"])
    if targets:
        lines.append(f"It sends people to {', '.join(cite(t) for t in targets[:3])}.")
    cards: list[dict[str, Any]] = [
        {
            "kind": "ad_change",
            "title": f"Pause {worst[1].get('name')}",
            "preview": (
                f"Pause {worst[1].get('name')} and move its budget to the cheapest campaign."
            ),
            "executor": "record",
            "cites": [worst[1]["id"]],
        }
    ]
    return Draft("\n".join(lines), [worst[1]["id"]] + [t["id"] for t in targets[:1]], cards)


@desk_work("content", "sales")
async def _general(question: str, ledger: ToolLedger, desk: str) -> Draft:
    types = {
        "content": ["Post", "Channel", "Decision", "Campaign", "Asset"],
        "sales": ["Deal", "Customer", "Email", "Organization"],
    }[desk]
    top = await _top(ledger, desk, question, types)
    if top is None:
        return await _search_only(question, ledger, desk)
    if not _covers(question, top.get("name") or ""):
        return Draft("")  # nothing of this desk's is about the question: stay quiet
    around = await ledger.call(desk, "neighbours", {"name": top["id"], "limit": 12})
    rels = around.data.get("relationships", [])[:8]
    text = (
        f"{cite(top)}"
        + (
            ": "
            + "; ".join(f"{r['rel'].lower().replace('_', ' ')} {cite(r['node'])}" for r in rels)
            if rels
            else ""
        )
        + "."
    )
    return Draft(text, [top["id"]])


_WORDS = re.compile(r"[a-z0-9]{3,}")


def _covers(question: str, name: str) -> bool:
    """Whether a thing's name shares a meaningful word with the question."""
    asked = {w.rstrip("s") for w in _WORDS.findall(question.lower())} - {
        "why",
        "what",
        "who",
        "the",
        "did",
    }
    return bool(asked & {w.rstrip("s") for w in _WORDS.findall(name.lower())})


async def _search_only(question: str, ledger: ToolLedger, desk: str) -> Draft:
    hits = _hits(await ledger.call(desk, "search", {"query": question, "limit": 5}))
    if not hits:
        return Draft("I don't have anything about that in your records.")
    lines = ["The closest things in your records:"]
    lines += [f"- {cite(h)}" + (f": {h['snippet']}" if h.get("snippet") else "") for h in hits]
    return Draft("\n".join(lines), [hits[0]["id"]])


async def run_desk(desk: str, question: str, ledger: ToolLedger) -> Draft:
    """Run one desk's rules-mode work; a desk without rules searches and reports hits."""
    work = DESK_WORK.get(desk, _search_only)
    try:
        return await work(question, ledger, desk)
    except HivebrainError as exc:
        return Draft(f"The {desk} desk could not finish: {exc.user_message}")
