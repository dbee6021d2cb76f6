"""Rules-mode answers, one per kind of question, from the same tools a model uses.

Each answer starts from the thing ``understand`` found in the records and reads only what
that kind of question needs: a walk for "what breaks", the owner timeline for "who had",
the relationships for "who supplies", a decision and what replaced it for "why did we",
the rule or the passage for "are we allowed", a metric over the named days for "how
many". When the records do not hold the thing or the days asked about, the draft says so
plainly instead of answering something nearby.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._dates import Period, days_before, find_periods
from agents.desks._draft import Draft, cite, day, decline, number
from agents.desks._rank import away_words
from agents.desks._understand import (
    FRAME_WORDS,
    GENERIC_WORDS,
    Candidate,
    Understanding,
    asks_money,
    asks_why,
    best,
    decided_asked,
    search_candidates,
)
from agents.desks._words import content_words, fold, held_words, plain_words, shared_words
from brain.reads import ReadResult

#: Things a "what breaks" answer lists per step before it says "and N more".
ITEMS_SHOWN = 8
#: Relationships a relationship answer lists.
RELATED_SHOWN = 10
#: Types whose AFFECTS or CAUSED edges can explain a metric's move, most telling first.
CAUSE_TYPES = ("Incident", "Release", "Decision", "Task", "Campaign", "Post", "Page", "Step")


def related_nodes(result_data: dict[str, Any], rel: str, direction: str) -> list[dict[str, Any]]:
    return [
        r["node"]
        for r in result_data.get("relationships", [])
        if r["rel"] == rel and r["direction"] == direction
    ]


def suggest(u: Understanding) -> list[dict[str, Any]]:
    return [c.as_node() for c in u.candidates[:3]]


# --- what breaks --------------------------------------------------------------------------


async def impact(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """Everything that stops when the named thing stops, step by step (every record of that
    name: a vendor and its tool are read together)."""
    if not u.tier:
        return decline(what_missing(u), suggest(u))
    lines: list[str] = []
    path: list[str] = []
    for thing in u.tier[:3]:
        res = await ledger.call(desk, "what_breaks", {"name": thing.id, "hops": 4})
        layers = res.data.get("by_hop", [])
        if not layers:
            lines.append(f"Nothing in your records currently depends on {cite(thing.as_node())}.")
            path = path or [thing.id]
            continue
        lines.append(f"If {cite(thing.as_node())} stops, {res.data['total']} things are affected:")
        for layer in layers:
            items = ", ".join(cite(i) for i in layer["items"][:ITEMS_SHOWN])
            more = (
                f" and {layer['count'] - ITEMS_SHOWN} more" if layer["count"] > ITEMS_SHOWN else ""
            )
            step = "directly" if layer["hop"] == 1 else f"{layer['hop']} steps away"
            lines.append(f"- {step}: {items}{more}")
        if not path:
            path = _chain(layers, thing.id)
    return Draft("\n".join(lines), path)


def _chain(layers: list[dict[str, Any]], root: str) -> list[str]:
    """The dependency chain from the root to the farthest thing, hop by hop (direct edges)."""
    parent = {item["id"]: item["from"] for layer in layers for item in layer["items"]}
    node = layers[-1]["items"][0]["id"]
    chain = [node]
    while node in parent and parent[node] != root and len(chain) < 6:
        node = parent[node]
        chain.append(node)
    return [root, *reversed(chain)]


# --- who had it ---------------------------------------------------------------------------


#: Words that ask about the present, whatever days the question also names.
_NOW = re.compile(r"\b(?:now|these days|currently|at the moment|right now|nowadays)\b")


def moment_asked(u: Understanding) -> str | None:
    """The past moment an owner question asks about (ISO), or None for now."""
    return _moment(u)[0]


def _moment(u: Understanding) -> tuple[str | None, str]:
    """The moment an owner question asks about (ISO; None = the turn's own moment) and how
    to say it ("now", "on 1 October 2026")."""
    period = u.period
    if period is None or period.start > u.today or _NOW.search(fold(u.question)):
        # "whos doing the q3 return now": the days named the work, "now" the moment
        return None, "now"
    if period.start == u.today:
        return None, f"on {period.label()}"
    text = period.text.lower()
    if period.day and ("start" in text or "beginning" in text):
        return period.start.isoformat(), f"on {period.label()}"
    # "on 3 October" holds for the whole day: read the state at its end
    last = period.last if not period.day else period.start
    return f"{last.isoformat()}T23:59:59+00:00", f"on {period.label()}"


async def owner(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """Who held the named thing at the moment asked (now by default), and who held it after."""
    if not u.tier and not u.subject:
        return decline(what_missing(u), suggest(u))
    at, when = _moment(u)
    args: dict[str, Any] = {}
    if at is not None:
        args["as_of"] = at
    found = await _owned(u, ledger, desk, args)
    if found is None:
        return decline(f"nobody is recorded as owning {_named(u)}", suggest(u))
    thing, res, named = found
    # the record the question named, when its owned work answered for it
    about = [thing["id"], named.id]
    holder = res.data.get("owner")
    if holder is None:
        return Draft(
            f"Nobody owned {cite(thing)} {when}.", [thing["id"]], path_as_of=at, about=about
        )
    person = cite(holder["holder"])
    since = f" (since {day(holder['since'])})" if holder.get("since") else ""
    during = holders_during(res.data["timeline"], u.period) if at is not None else []
    if len(during) > 1:
        # the slot changed hands inside the days asked: every holder, in order
        steps = [
            f"{cite(e['holder'])}" + (f" until {day(e['until'])}" if e.get("until") else "")
            for e in during
        ]
        text = f"{when[0].upper()}{when[1:]}, {cite(thing)} was owned by " + ", then ".join(steps)
        ids = [e["holder"]["id"] for e in during]
        return Draft(text + ".", [*ids[:2], thing["id"]], path_as_of=at, about=about)
    if when == "now":
        text = f"{person} owns {cite(thing)} now{since}."
    else:
        text = f"{when[0].upper()}{when[1:]}, {cite(thing)} was owned by {person}{since}."
    later = [
        e
        for e in res.data["timeline"]
        if e["since"] and holder["since"] and e["since"] > holder["since"] and not e["lost_tie"]
    ]
    if later and when != "now":
        nxt = max(later, key=lambda e: e["since"])
        text += f" Since {day(nxt['since'])} the owner is {cite(nxt['holder'])}."
    return Draft(text, [holder["holder"]["id"], thing["id"]], path_as_of=at, about=about)


async def _owned(
    u: Understanding, ledger: ToolLedger, desk: str, args: dict[str, Any]
) -> tuple[dict[str, Any], ReadResult, Candidate] | None:
    """The owned thing the question names, its owner read and the candidate that named
    it: the first of the named things that has an owner timeline (itself, or a work item
    about it). At a past moment, one that had a holder then goes before one that only
    came to have one later ("who had the licence renewal in early aug": not the meeting's
    task of late August)."""
    first: tuple[dict[str, Any], ReadResult, Candidate] | None = None
    away = away_words(u.question)
    for candidate in ranked_named(u)[:4]:
        read = await _timeline(candidate, ledger, desk, args)
        if read is None:
            continue
        thing, res = read
        if away and _held_by(res, away):
            # "now that ryan's out": the work Ryan still holds is not what is asked; the
            # work about it someone else holds may be ("make a permanent key" for the key)
            first = first or (thing, res, candidate)
            other = await _work_about(candidate, ledger, desk, args, away)
            if other is not None:
                return *other, candidate
            continue
        if "as_of" not in args or res.data.get("owner") is not None:
            return thing, res, candidate
        first = first or (thing, res, candidate)
    return first


def _held_by(res: ReadResult, names: frozenset[str]) -> bool:
    """Whether an owner read's holder is one of the people ``names`` holds words of."""
    held: dict[str, Any] = res.data.get("owner") or {}
    holder: dict[str, Any] = held.get("holder") or {}
    return bool(held_words(content_words(str(holder.get("name") or "")), set(names)))


async def _work_about(
    candidate: Candidate,
    ledger: ToolLedger,
    desk: str,
    args: dict[str, Any],
    away: frozenset[str],
) -> tuple[dict[str, Any], ReadResult] | None:
    """The first work item about ``candidate`` that someone not away holds."""
    around = await ledger.call(desk, "neighbours", {"name": candidate.id})
    for node in related_nodes(around.data, "ABOUT", "in"):
        res = await ledger.call(desk, "owner", {"name": node["id"], **args})
        if res.data.get("owner") and not _held_by(res, away):
            return node, res
    return None


async def _timeline(
    candidate: Candidate, ledger: ToolLedger, desk: str, args: dict[str, Any]
) -> tuple[dict[str, Any], ReadResult] | None:
    """A named thing's owner read, or (a customer or project named in the question) the
    first of its work items that has an owner timeline."""
    res = await ledger.call(desk, "owner", {"name": candidate.id, **args})
    if res.data.get("timeline"):
        return candidate.as_node(), res
    around = await ledger.call(desk, "neighbours", {"name": candidate.id})
    for node in related_nodes(around.data, "ABOUT", "in") + related_nodes(
        around.data, "PART_OF", "in"
    ):
        res = await ledger.call(desk, "owner", {"name": node["id"], **args})
        if res.data.get("timeline"):
            return node, res
    return None


def holders_during(timeline: list[dict[str, Any]], period: Period | None) -> list[dict[str, Any]]:
    """The holders of a slot whose time overlaps a range of days, oldest first (a day or
    no range: none, the moment's holder says it)."""
    if period is None or period.day or period.days <= 1:
        return []
    lo, hi = period.start.isoformat(), period.end.isoformat()
    found = [
        e
        for e in timeline
        if not e.get("lost_tie")
        and e.get("since")
        and e["since"][:10] < hi
        and (not e.get("until") or e["until"][:10] > lo)
    ]
    return sorted(found, key=lambda e: e["since"])


def ranked_named(u: Understanding) -> list[Candidate]:
    """The things the question names, best first: the subject's tier, then the best other
    candidates, each once."""
    seen: set[str] = set()
    out: list[Candidate] = []
    for c in [*u.tier, *best(u.candidates)]:
        if c.id not in seen:
            seen.add(c.id)
            out.append(c)
    return out


# --- how things relate --------------------------------------------------------------------


async def relationship(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """The named thing's current relationships of the kind asked ("who supplies", "what does
    X use", "who works on X"), typed as asked where the question names a type."""
    if not u.tier:
        return decline(what_missing(u), suggest(u))
    thing, chosen = u.tier[0], []
    for candidate in ranked_named(u)[:3]:
        around = await ledger.call(desk, "neighbours", {"name": candidate.id, "limit": 100})
        rows = around.data.get("relationships", [])
        wanted = [r for r in rows if not u.rels or r["rel"] in u.rels]
        typed = [r for r in wanted if not u.asked_types or r["node"]["type"] in u.asked_types]
        chosen = typed or (wanted if not u.asked_types else [])
        if chosen:
            thing = candidate
            break
    if not chosen:
        kinds = " or ".join(t.lower() for t in u.asked_types) or "that relationship"
        return decline(f"no {kinds} recorded for {thing.name}", [thing.as_node()])
    parts: list[str] = []
    for r in chosen[:RELATED_SHOWN]:
        verb = r["rel"].lower().replace("_", " ")
        if r["direction"] == "out":
            parts.append(f"{cite(thing.as_node())} {verb} {cite(r['node'])}")
        else:
            parts.append(f"{cite(r['node'])} {verb} {cite(thing.as_node())}")
    text = "; ".join(parts) + "."
    return Draft(text, [thing.id, chosen[0]["node"]["id"]])


# --- decisions, rules, documents -----------------------------------------------------------


async def decision(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """The decision that answers a "why did we" (or, asked "before", the one it replaced),
    with where and by whom it was made and what it rests on."""
    found = best(await search_candidates(ledger, desk, u.question, types=["Decision"]))
    if not found:
        if u.kind == "decision" and (asks_why(u.question) or decided_asked(u.question)):
            # no decision: what the rules and papers say ("what did we decide about
            # Saturdays": a rule the meeting set)
            return await policy(u, ledger, desk)
        return decline(f"no decision in your records about {_named(u)}", suggest(u))
    found = await by_evidence(u, ledger, desk, found[:RANKED_WRITTEN])
    chosen = found[0].as_node()
    around = await ledger.call(desk, "neighbours", {"name": chosen["id"]})
    newer = related_nodes(around.data, "SUPERSEDES", "in")
    older = related_nodes(around.data, "SUPERSEDES", "out")
    old: dict[str, Any] | None = None
    if u.asks_before and older:  # "how did we do it before": the replaced practice
        old, chosen = chosen, older[0]
        around = await ledger.call(desk, "neighbours", {"name": chosen["id"]})
        text_head = f"Before {cite(old)}, the practice was {cite(chosen)}"
    elif newer and not u.asks_before:  # the question names the old practice
        old, chosen = chosen, newer[0]
        around = await ledger.call(desk, "neighbours", {"name": chosen["id"]})
        text_head = f"{cite(old)} was replaced by {cite(chosen)}"
    else:
        old = older[0] if older else None
        text_head = cite(chosen)
        if old:
            text_head += f" (it replaced {cite(old)})"
    details = (await ledger.call(desk, "lookup", {"name": chosen["id"]})).data["matches"][0]
    props = details["properties"]
    text = text_head
    made_in = related_nodes(around.data, "DECIDED_IN", "out")
    made_by = related_nodes(around.data, "MADE_BY", "out")
    based = related_nodes(around.data, "BASED_ON", "out")
    if made_in:
        text += f", agreed in {cite(made_in[0])}"
    if made_by:
        text += f" by {cite(made_by[0])}"
    text += f" (as of {day(details['as_of'])})."
    if props.get("rationale"):
        text += f" Why: {props['rationale']}"
    elif props.get("text") and props["text"] != chosen.get("name"):
        text += f" {props['text']}"
    if based:
        text += f" It rests on {', '.join(cite(b) for b in based[:3])}."
    work = await follow_up_work(chosen, ledger, desk)
    if work:
        text += " Follow-up: " + "; ".join(work) + "."
    path = ([old["id"]] if old else []) + [chosen["id"]] + [b["id"] for b in based[:1]]
    return Draft(text, path)


#: Follow-up tasks a decision's answer names at most.
FOLLOW_UPS = 3


async def follow_up_work(decision: dict[str, Any], ledger: ToolLedger, desk: str) -> list[str]:
    """The work that carries a decision out: tasks within two hops of it (mentioned where
    it was made, about what it affects) that share two of its name's words, each with
    its owner ("Priya Ramdin owns Set up the weekly fallback price list")."""
    res = await ledger.call(
        desk, "around", {"names": [decision["id"]], "hops": 2, "types": ["Task"], "limit": 50}
    )
    own = content_words(str(decision.get("name") or "")) - GENERIC_WORDS
    tasks = [
        i["node"]
        for i in res.data.get("items", [])
        if i["hops"] > 0 and len(own & content_words(str(i["node"].get("name") or ""))) >= 2
    ]
    said: list[str] = []
    for task in list({t["id"]: t for t in tasks}.values())[:FOLLOW_UPS]:
        held = (await ledger.call(desk, "owner", {"name": task["id"]})).data
        holder = held.get("owner")
        said.append(f"{cite(holder['holder'])} owns {cite(task)}" if holder else cite(task))
    return said


#: Decisions or rules ranked by meaning and days as well as by words, at most.
RANKED_WRITTEN = 8
#: How much closeness by meaning counts against one shared word.
MEANING_WEIGHT = 3.0
#: A rule the search puts first (by words and meaning) answers a policy question that
#: shares no naming word with any rule when it is at least this near by meaning ("can I
#: knock 8% off?" and "up to 5% off a quote"); any other rule only when nearer than
#: ``RULE_NEAREST``. Below both, no rule is offered ("how long do I boil an egg").
RULE_MEANING = 0.2
RULE_NEAREST = 0.3
#: Words of substance from which one word shared with a rule must be near by meaning too.
STRAY_ASKED = 4


async def nearness(
    ledger: ToolLedger, desk: str, question: str, ids: list[str]
) -> dict[str, float]:
    """Each record's closeness to the question by meaning (empty without embeddings)."""
    if not ids:
        return {}
    res = await ledger.call(desk, "around", {"names": ids, "hops": 0, "text": question})
    return {
        i["node"]["id"]: float(i["closeness"])
        for i in res.data.get("items", [])
        if i.get("closeness") is not None
    }


def dated_within(c: Candidate, period: Period | None, today: date) -> bool:
    """Whether a record's own words ("from 1 September") or date fall in the days asked."""
    if period is None:
        return False
    for p in find_periods(c.name, today):
        if p.start < period.end and period.start < p.end:
            return True
    return bool(c.as_of) and period.start.isoformat() <= str(c.as_of)[:10] < period.end.isoformat()


async def by_evidence(
    u: Understanding, ledger: ToolLedger, desk: str, found: list[Candidate]
) -> list[Candidate]:
    """Records of one kind ranked by the question's words, its meaning and its days: the
    form of the question picked the kind, the evidence picks the record."""
    near = await nearness(ledger, desk, u.question, [c.id for c in found])
    figure = figure_asked(u.question)

    def score(c: Candidate) -> float:
        return (
            len(c.distinctive)
            + 0.5 * c.coverage
            + MEANING_WEIGHT * near.get(c.id, 0.0)
            + (1.0 if dated_within(c, u.period, u.today) else 0.0)
            # "what % of the word rate": only a record that states a share can say it
            + (FIGURE_BONUS if figure is not None and figure.search(c.name) else 0.0)
        )

    return sorted(found, key=lambda c: (-score(c), c.rank))


async def policy(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """The rule that answers "are we allowed / how fast must we", else the passage that does."""
    found = await search_candidates(ledger, desk, u.question, types=["Rule"])
    doubts: list[str] = []
    rules = best(found)
    if rules:
        rules = await by_evidence(u, ledger, desk, rules[:RANKED_WRITTEN])
    thin = [r.id for r in rules if len(r.distinctive) < 2]
    if thin and len(u.subject_words) >= STRAY_ASKED:
        # one word shared with a long question may be a stray ("a good recipe for mutton
        # soup" is not the dangerous goods rule): such a rule stands only if near by meaning
        near = await nearness(ledger, desk, u.question, thin)
        rules = [r for r in rules if r.id not in thin or near.get(r.id, 0.0) >= RULE_MEANING]
    passage = await _best_passage(u, ledger, desk)
    if passage is not None and u.kind == "document" and _from_named_source(passage, u):
        return _quote(passage)  # "per fatima's review": the review says it, not a rule
    rule = rules[0] if rules else None
    if rule is None and found and u.kind == "policy" and not headed_by_asked(passage, u):
        # a rule worded unlike the question ("putting a pet to sleep" for euthanasia, "knock
        # 8% off" for "up to 5% off a quote"): the nearest rule by meaning, if it is near;
        # not when a passage headed by what is asked answers it ("Complaints. ... 14 days")
        near = await nearness(ledger, desk, u.question, [c.id for c in found[:RANKED_WRITTEN]])
        nearest = max(near, key=lambda i: near[i]) if near else None
        if near.get(found[0].id, 0.0) >= RULE_MEANING:
            rule = found[0]
        elif nearest is not None and near[nearest] >= RULE_NEAREST:
            rule = next(c for c in found if c.id == nearest)
        if rule is not None:
            doubts.append(f"the rule {rule.name!r} shares no naming word with the question")
    if rule is not None:
        details = (await ledger.call(desk, "lookup", {"name": rule.id})).data["matches"][0]
        body = str(details["properties"].get("text") or rule.name)
        text = f"The rule is {cite(rule.as_node())}: {body}"
        if not text.endswith("."):
            text += "."
        if passage is not None and passage[0] >= len(rule.shared):
            text += "\n" + _quote(passage).text  # the passage says more of what was asked
        return Draft(text, [rule.id], doubts=doubts)
    if passage is not None:
        return _quote(passage)
    return decline(f"no rule or document in your records covers {_named(u)}", suggest(u))


async def document(u: Understanding, ledger: ToolLedger, desk: str) -> Draft:
    """The passage of a document or meeting that holds the most of the question's words
    (and the rule it states, where one does: a handbook's rules are rules too)."""
    return await policy(u, ledger, desk)


def _from_named_source(passage: Passage, u: Understanding) -> bool:
    """Whether the passage is from the document the question names as its source."""
    return (
        u.subject is not None
        and u.subject.type == "Document"
        and (passage[1].get("id") == u.subject.id)
    )


#: "per fatima's review", "according to the ops handbook": words that say where to read,
#: not what to read about.
_POINTER = re.compile(
    r"\b(?:per|according to|as per|in|from|says?)\s+(?:the\s+)?((?:[\w-]+\s+){0,2}[\w-]+)'s"
    r"\s+([\w-]+)"
)


def _pointer_words(question: str) -> set[str]:
    """The words of a "per <someone>'s <paper>" pointer to the source (see ``_POINTER``)."""
    found: set[str] = set()
    for m in _POINTER.finditer(question.lower().replace("’", "'")):
        found |= content_words(f"{m.group(1)} {m.group(2)}")
    return found


def headed_by_asked(passage: Passage | None, u: Understanding) -> bool:
    """Whether a passage's heading names what the question asks about."""
    if passage is None:
        return False
    p = passage[2]
    heading = str(p.get("section") or p["text"].split(". ", 1)[0][:HEADING_CHARS])
    return bool(shared_words(content_words(heading), u.subject_words))


#: (words shared, source, passage, sentences to quote, the words it shares)
Passage = tuple[int, dict[str, Any], dict[str, Any], str, set[str]]


async def _best_passage(u: Understanding, ledger: ToolLedger, desk: str) -> Passage | None:
    """(words shared, source, passage, best sentences) for the passage that covers the
    question best, read from the sources search found; None when none shares a word."""
    # the words naming what is asked count double; the rest ("caused", "before") break ties
    asked = content_words(u.question)
    naming = u.subject_words
    pointer = _pointer_words(u.question)
    figure = figure_asked(u.question)
    hits: list[dict[str, Any]] = (
        await ledger.call(
            desk,
            "search",
            {"query": u.question, "types": ["Document", "Meeting", "Email", "Message"], "limit": 3},
        )
    ).data.get("hits", [])
    named = u.subject if u.subject is not None and u.subject.type == "Document" else None
    if named is not None and all(h["id"] != named.id for h in hits):
        # the document the question names is read, however the search ranked it
        hits = [*hits, {"id": named.id, "name": named.name}]
    best_found: Passage | None = None
    best_score = -1.0
    for hit in hits:
        read = await ledger.call(desk, "passages", {"name": hit["id"]})
        source = read.data.get("source") or {"id": hit["id"], "name": hit.get("name")}
        titled = held_words(content_words(str(source.get("name") or "")), asked, long_only=True)
        # the passages search itself matched (by words or by meaning), best first
        matched = {m["id"]: i for i, m in enumerate(hit.get("passages", []))}
        for p in read.data.get("passages", []):
            text = f"{p.get('section') or ''} {p['text']}"
            own = held_words(content_words(text), asked, long_only=True)
            # the title's words say which source; the passage's other words say where in it
            # (a pointer to the source, "per fatima's review", says where in none)
            inner = own - titled - pointer
            # a passage whose heading names what is asked is about it ("Fridge and walk-in
            # temperatures"), not one that mentions it on the way ("Closing down")
            heading = str(p.get("section") or p["text"].split(". ", 1)[0][:HEADING_CHARS])
            headed = inner & content_words(heading)
            score = 2 * len(inner & naming) + len(inner) + 1.5 * len(titled) + 0.5 * len(headed)
            if figure is not None and inner and figure.search(p["text"]):
                # "what did it cost": only a passage that states a sum can answer it
                score += AMOUNT_BONUS
            if p["id"] in matched:
                score += MATCHED_PASSAGE_BONUS / (1 + matched[p["id"]])
            if score > best_score:
                best_score = score
                best_found = (len(own | titled), source, p, _sentences(p["text"], asked), own)
    # one shared word is enough for a short question ("the complaints procedure"), two for
    # a longer one, so a passage that shares a stray word is not quoted as an answer; a
    # weekday ("for fridays team breakfast") says when, never what about
    if best_found is None:
        return None
    about = len(best_found[4] - _DAY_WORDS) + (best_found[0] - len(best_found[4]))
    if about < (1 if len(asked) <= 2 else 2):
        return None
    return best_found


#: Stems of the names of days: they say when, never what about ("for fridays team
#: breakfast"). A month stays a topic: a gap "at the start of october" is what is asked.
_DAY_WORDS = frozenset(
    content_words(
        " ".join([*calendar.day_name, "today", "tomorrow", "yesterday", "tonight", "weekend"])
    )
)


#: A sum of money as passages write one: a currency sign or code by a figure, a currency
#: word after one, or a figure with thousands separators.
_AMOUNT = re.compile(
    r"[$€£¥₹]\s*\d|\b(?:R|RM|CLP|NZD|AUD|USD|EUR|GBP|ZAR|kr|Rs)\s?\d"
    r"|\d[\d,.]*\s*(?:k\s*)?(?:ringgit|dollars?|euros?|pounds?|rupees?|rand|pesos?|yen|kronor|"
    r"krone|francs?)\b|\b\d{1,3}(?:,\d{3})+\b"
)
#: A share as records write one: "60%", "30 per cent".
_PERCENT = re.compile(r"\d\s*(?:%|per\s*cent\b|percent\b)", re.I)
#: A question that asks for a share: "what % of the rate", "what percentage do they get".
_ASKS_SHARE = re.compile(
    r"\b(?:what|which|how\s+much(?:\s+of\s+a)?)\s+(?:%|percent\w*|per\s+cent|share|proportion)"
)


def figure_asked(question: str) -> re.Pattern[str] | None:
    """The kind of figure the question asks for, as records write it: a sum of money
    ("what did it cost") or a share ("what % do they get"); None for anything else."""
    if asks_money(question):
        return _AMOUNT
    return _PERCENT if _ASKS_SHARE.search(fold(question)) else None


#: What stating the kind of figure asked is worth to a record in ``by_evidence``: about
#: one naming word.
FIGURE_BONUS = 1.0
#: What a passage that states a sum is worth to a question about what something cost
#: (about what a naming word and the source's title are worth together).
AMOUNT_BONUS = 3.0
#: Characters of a passage's first sentence read as its heading when it has no section.
HEADING_CHARS = 80
#: What the search's own best passage of a source is worth beside shared words: it was
#: matched by meaning too, so "putting a pet to sleep" finds the euthanasia consent.
MATCHED_PASSAGE_BONUS = 1.0
#: A passage up to this long is quoted whole; a longer one by its best sentences.
QUOTE_WHOLE_CHARS = 600


def _sentences(text: str, asked: set[str], keep: int = 3) -> str:
    import re

    if len(text) <= QUOTE_WHOLE_CHARS:
        return " ".join(text.split())
    parts = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]
    scored = sorted(range(len(parts)), key=lambda i: (-len(asked & content_words(parts[i])), i))[
        :keep
    ]
    return " ".join(parts[i] for i in sorted(scored))


def _quote(passage: Passage) -> Draft:
    _, source, p, sentences, _ = passage
    where = f" ({p['section']})" if p.get("section") else ""
    text = f"{cite(source)}{where} says: \u201c{sentences}\u201d [[{p['id']}]]"
    return Draft(text, [source["id"]])


# --- metrics -------------------------------------------------------------------------------


def read_ranges(u: Understanding, op: str) -> list[tuple[date, date]] | None:
    """The (first, last) days a metric question reads, and the ones it compares with."""
    periods = list(u.periods)
    if not periods and op in ("total", "average", "value", "change"):
        # no days named: the last seven whole days
        periods = [Period(u.today - timedelta(days=7), u.today, "the last 7 days")]
    if not periods:
        return None
    first = periods[0]
    if op in ("change", "why") and first.end > u.today and first.days < 3:
        # "this week" on a Monday holds no whole day yet: read the last seven instead
        first = Period(u.today - timedelta(days=7), u.today, "the last 7 days")
    ranges = [(first.start, first.last)]
    if op == "change":
        second = periods[1] if len(periods) > 1 else first.previous()
        before = days_before(u.question)
        if len(periods) == 1 and before:
            # "since the release vs the fortnight before": that many days before its start
            second = Period(first.start - timedelta(days=before), first.start, "the days before")
        ranges.append((second.start, second.last))
    return ranges


async def read_period(
    u: Understanding, ledger: ToolLedger, desk: str, tz: str, op: str
) -> dict[str, Any]:
    """One ``period`` read of the question's metric over the days asked (and compared)."""
    assert u.subject is not None
    ranges = read_ranges(u, op)
    assert ranges is not None
    args: dict[str, Any] = {
        "name": u.subject.id,
        "first_day": ranges[0][0].isoformat(),
        "last_day": ranges[0][1].isoformat(),
        "timezone": tz,
    }
    if len(ranges) > 1:
        args["compare_first_day"] = ranges[1][0].isoformat()
        args["compare_last_day"] = ranges[1][1].isoformat()
    return (await ledger.call(desk, "period", args)).data


def _unit(m: dict[str, Any]) -> str:
    unit = m.get("unit") or ""
    return "%" if unit == "%" else (f" {unit}" if unit else "")


async def metric(u: Understanding, ledger: ToolLedger, desk: str, tz: str) -> Draft:
    """A metric's value, total, mean or change over the days asked, from one period read."""
    assert u.subject is not None and u.metric_op is not None
    op = u.metric_op
    d = await read_period(u, ledger, desk, tz, op)
    m = d["metric"]
    name, unit = cite({"id": m["id"], "name": m["name"]}), _unit(m)
    here = d["period"]
    span = _label(here)
    if not here["readings"]:
        return decline(f"no readings of {m['name']} for {span}", [u.subject.as_node()])
    covered = (
        f"{here['readings']} readings, {day(here['first_reading'])} to {day(here['last_reading'])}"
    )
    if op == "change":
        there = d["compare"]
        if not there or not there["readings"] or d["change_pct"] is None:
            return decline(f"no readings of {m['name']} to compare with", [u.subject.as_node()])
        if not d.get("fully_covered", True) and d.get("covered_change_pct") is not None:
            text = covered_comparison(
                name, unit, here, there, d["covered_change_pct"], flow=m["aggregation"] == "sum"
            )
        else:
            pct = d["change_pct"]
            verb = "down" if pct < 0 else "up"
            text = (
                f"{name} was {number(here['total'])}{unit} for {span} against "
                f"{number(there['total'])}{unit} for {_label(there)}: {verb} {abs(pct):.1f}%."
            )
    elif op == "average":
        text = f"{name} averaged {number(here['daily_mean'])}{unit} a day for {span} ({covered})."
        text += coverage_note(here)
    elif op == "value" and here["readings"] == 1:
        text = f"{name} for {span}: {number(here['total'])}{unit}."
    else:
        how = "in total" if m["aggregation"] == "sum" else "on average"
        text = f"{name} for {span}: {number(here['total'])}{unit} {how} ({covered})."
        text += coverage_note(here)
        if m["aggregation"] == "sum" and here.get("coverage", 1.0) < 1.0:
            # a total over days with gaps is short by the missing days: the daily mean over
            # the days with data is the figure that compares
            text += f" Over the days with data that is {number(here['daily_mean'])}{unit} a day."
    return Draft(
        text, [m["id"]] + [x["id"] for x in d.get("measures", [])[:1]], doubts=metric_doubts(u)
    )


#: Words that say when, in a question whose days were not read.
_WHEN_WORDS = re.compile(
    r"\b(?:ago|summer|winter|spring|autumn|season|weekend|fortnight|quarter|half|week|month|"
    r"year|days?|since|until|till|during|between|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|jan\w*|feb\w*|mar|march|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|"
    r"oct\w*|nov\w*|dec\w*|christmas|easter|holiday\w*|term|fiscal|financial)\b",
    re.IGNORECASE,
)


def metric_doubts(u: Understanding) -> list[str]:
    """What leaves a metric answer open: a question that says when in words no date was
    read from (the answer then covers the default days), or two metrics named as well."""
    doubts: list[str] = []
    if not u.periods and (said := _WHEN_WORDS.search(u.question)):
        doubts.append(f"no days were read from {said.group(0)!r}, so the default days are read")
    others = [c for c in u.tier[1:] if c.type == "Metric" and c.id != (u.subject and u.subject.id)]
    if others:
        doubts.append(f"{others[0].name} is named as well as {u.subject and u.subject.name}")
    return doubts


def gaps_said(p: dict[str, Any]) -> str:
    """A range's days without readings, as a reader checks them: "5-18 September 2026"."""
    runs = [
        Period(date.fromisoformat(a), date.fromisoformat(b) + timedelta(days=1), "").label()
        for a, b in p.get("gaps", [])[:3]
    ]
    return ", ".join(runs)


def coverage_note(p: dict[str, Any]) -> str:
    """What a figure over a range with gaps must say: how many of its days have data."""
    if p.get("coverage", 1.0) >= 1.0:
        return ""
    gaps = gaps_said(p)
    where = f" (no readings {gaps})" if gaps else ""
    return f" Only {p['days_with_data']} of its {p['days_in_range']} days have readings{where}."


def covered_comparison(
    name: str, unit: str, here: dict[str, Any], there: dict[str, Any], pct: float, *, flow: bool
) -> str:
    """A change between ranges with gaps: daily means over the days each has data for, and
    how many days those are (totals of unequal coverage mean nothing against each other)."""

    def side(p: dict[str, Any]) -> str:
        gaps = gaps_said(p)
        missing = f", no readings {gaps}" if gaps else ""
        return (
            f"{number(p['daily_mean'])}{unit}{' a day' if flow else ''} for {_label(p)} "
            f"({p['days_with_data']} of {p['days_in_range']} days with data{missing})"
        )

    verb = "down" if pct < 0 else "up"
    return (
        f"{name} averaged {side(here)} against {side(there)}: {verb} {abs(pct):.1f}% "
        "in daily means over the days with data, as the coverage of the two differs."
    )


async def moved(u: Understanding, ledger: ToolLedger, desk: str, tz: str) -> Draft:
    """How far a metric moved over the days asked (default the last 7) against the days
    just before, for a "why did it move" question."""
    assert u.subject is not None
    d = await read_period(u, ledger, desk, tz, "change")
    m, here, there, pct = d["metric"], d["period"], d["compare"], d["change_pct"]
    name, unit = cite({"id": m["id"], "name": m["name"]}), _unit(m)
    if not here["readings"] and there and there["readings"]:
        # "why's there a hole in the graph around 9-13 oct": read before, none in the days
        # asked; the gap is what was asked about
        return Draft(
            f"{name} has no readings on any of {_label(here)}: those days are a gap in its series.",
            [m["id"]],
        )
    if not here["readings"] or not there or not there["readings"] or pct is None:
        return Draft(f"I have no readings of {name} to compare for {_label(here)}.", [m["id"]])
    if not d.get("fully_covered", True) and d.get("covered_change_pct") is not None:
        text = covered_comparison(
            name, unit, here, there, d["covered_change_pct"], flow=m["aggregation"] == "sum"
        )
        return Draft(text, [m["id"]] + [x["id"] for x in d.get("measures", [])[:1]])
    verb = "fell" if pct < 0 else "rose"
    text = (
        f"{name} {verb} {abs(pct):.1f}% for {_label(here)}: {number(here['total'])}{unit} "
        f"against {number(there['total'])}{unit} for {_label(there)}."
    )
    return Draft(text, [m["id"]] + [x["id"] for x in d.get("measures", [])[:1]])


def _label(p: dict[str, Any]) -> str:
    first, last = date.fromisoformat(p["first_day"]), date.fromisoformat(p["last_day"])
    return Period(first, last + timedelta(days=1), "").label()


def _named(u: Understanding) -> str:
    named = plain_words(u.question, drop=FRAME_WORDS | GENERIC_WORDS)
    return " ".join(named[:6]) if named else "that"


def what_missing(u: Understanding) -> str:
    if u.unknown_names:
        shown = ", ".join(u.unknown_names)
        return f"nothing named {shown} is in your records"
    return f"nothing in your records matches {_named(u)}"
