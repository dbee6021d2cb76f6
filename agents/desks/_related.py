"""Who and which: answers read from a ranked walk around what the question names.

"Who does our scaffolding these days?", "who's that key with?", "which team is whoever
owns that login in?" are all one question underneath: start at the things the question
names, walk up to three current edges out (``around``), and rank what was reached by the
type asked for, the relationships the question's words cue, its words along the way and
closeness by meaning (``agents.desks._rank``). The answer is the best candidate, with the
path that leads to it, every step cited; candidates reached the same way nearly as well
("who's working on X") are listed with it. When the best is the one holder of an owned
thing, the owner's timeline answers instead (``_answers.owner``), so "who had it on 3
October" reads the slot at that moment.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from agents._ledger import ToolLedger
from agents.desks._answers import moment_asked, owner, ranked_named
from agents.desks._draft import Draft, cite, day
from agents.desks._rank import (
    OWNED_TYPES,
    WHO_TYPES,
    Asking,
    Scored,
    alike_answers,
    asked_kind,
    asking_clause,
    away_words,
    cued_steps,
    rank_paths,
)
from agents.desks._understand import Candidate, Understanding, named_types
from brain.reads import PATH_VERBS

#: Things a walk starts from at most.
MAX_STARTS = 4
#: A start must share at least this share of the best start's distinctive words.
START_SHARE = 0.34
#: Candidates an answer lists at most.
LISTED = 10
#: A runner-up this close to the best (and reached another way) leaves the answer open.
CLOSE_CALL = 0.35
#: Relationships whose single hop into a start is that thing's holder.
HOLDER_RELS = ("OWNS", "ASSIGNED_TO")


def starts_of(u: Understanding) -> list[tuple[Candidate, float]]:
    """The things the question names, strongest first, each with its strength (0 to 1):
    the subject's tier, then the best other candidates that share enough words."""
    ranked = ranked_named(u)
    if not ranked:
        return []
    top = max(len(c.distinctive) for c in ranked) or 1
    # the share of the best start's words, and how much of its own name the question holds
    out = [
        (c, len(c.distinctive) / top, round(len(c.distinctive) / top * (0.5 + 0.5 * c.coverage), 3))
        for c in ranked
    ]
    asked = len(u.subject_words) or 1
    kept = [
        (c, strength)
        for c, share, strength in out
        # a relationship the question cues ("look after", "behind") is asked of it anyway
        if share >= START_SHARE and (u.rels or not _barely_named(c, asked))
    ]
    return sorted(kept, key=lambda p: -p[1])[:MAX_STARTS]


def _barely_named(c: Candidate, asked: int) -> bool:
    """Whether one word is all that names the thing, little of its name and little of the
    question: "who won the all-ireland hurling final" names no "... Engines Ireland"."""
    return len(c.distinctive) == 1 and c.coverage < START_SHARE and 1 / asked < START_SHARE


def asked_types(u: Understanding) -> tuple[str, ...]:
    """The types the question asks for: the ones it names ("which team"), else people
    and companies for a "who"."""
    if u.asked_types:
        return u.asked_types
    return WHO_TYPES if u.asks_who else ()


async def ranked_walk(
    u: Understanding, ledger: ToolLedger, desk: str, *, as_of: str | None = None
) -> list[Scored]:
    """Everything within three hops of what the question names, ranked against it."""
    starts = starts_of(u)
    if not starts:
        return []
    types = asked_types(u)
    args: dict[str, Any] = {
        "names": [c.id for c, _ in starts],
        "hops": 3,
        "text": u.question,
        "limit": 300,
    }
    if types:
        args["types"] = list(types)
    if as_of is not None:
        args["as_of"] = as_of
    res = await ledger.call(desk, "around", args)
    items: list[dict[str, Any]] = res.data.get("items", [])
    answering = [c.id for c, _ in starts if types and c.type in types]
    if answering:
        # a start of the type asked may answer by itself: read all that lies next to it
        near = await ledger.call(desk, "around", {**args, "names": answering, "hops": 1,
                                                  "types": None})  # fmt: skip
        items += [i for i in near.data.get("items", []) if i["hops"] == 1]
    # how strongly each start was named: its words, and its own closeness by meaning
    close = {i["node"]["id"]: float(i.get("closeness") or 0.0) for i in items if i["hops"] == 0}
    asking = Asking(
        words=u.subject_words,
        types=types,
        # the words naming what the question is about cue nothing ("webhook delivery")
        steps=cued_steps(u.question, [c.name for c, s in starts if s >= 0.75 * starts[0][1]]),
        named={c.id: round(s * (0.5 + min(close.get(c.id, 0.0), 0.5)), 3) for c, s in starts},
        kind=None if types else asked_kind(u.question),
        # (a thing's kind, not "the person who owns it": the cues ask for people)
        via_types=tuple(
            t
            for t in named_types(asking_clause(u.question))
            if t not in types and t not in WHO_TYPES
        ),
        away=away_words(u.question),
    )
    return rank_paths(items, asking)


def holder_of(top: Scored) -> str | None:
    """The thing whose holder the best candidate is (one OWNS or ASSIGNED_TO hop into a
    start), or None."""
    path = top.item.get("path", [])
    if len(path) != 1 or path[0]["type"] not in HOLDER_RELS:
        return None
    edge = path[0]
    if edge["type"] == "OWNS" and edge["target"] == top.start_id:
        return top.start_id
    if edge["type"] == "ASSIGNED_TO" and edge["source"] == top.start_id:
        return top.start_id
    return None


def said(s: Scored) -> str:
    """A candidate's path as answer text, each thing cited: "Roof scaffolding
    [[service-scaffolding]] depends on Hanze Steigerbouw [[vendor-hanze]]"."""
    nodes = {str(n["id"]): n for n in s.via}
    parts: list[str] = []
    for e in s.item.get("path", []):
        source, target = nodes.get(e["source"]), nodes.get(e["target"])
        verb = PATH_VERBS.get(e["type"], e["type"].lower().replace("_", " "))
        parts.append(
            f"{cite(source or {'id': e['source']})} {verb} {cite(target or {'id': e['target']})}"
        )
    text = "; ".join(parts)
    path: list[dict[str, Any]] = s.item.get("path") or []
    if path and path[-1].get("since"):
        text += f" (since {day(str(path[-1]['since']))})"
    return text


def close_call(ranked: list[Scored], chosen: list[Scored]) -> list[str]:
    """A doubt when another answer, reached another way, scored nearly as well."""
    ids = {s.node["id"] for s in chosen}
    other = next((s for s in ranked if s.node["id"] not in ids), None)
    if other is None or ranked[0].score - other.score >= CLOSE_CALL:
        return []
    name = other.node.get("name") or other.node["id"]
    return [f"{name} was nearly as likely an answer, by another path"]


def _once(found: list[Scored]) -> list[Scored]:
    """Each answer and path once (two starts may reach one thing the very same way)."""
    seen: set[str] = set()
    out: list[Scored] = []
    for s in found:
        text = said(s)
        if text not in seen:
            seen.add(text)
            out.append(s)
    return out


def path_answer(ranked: list[Scored]) -> Draft:
    """The best candidate and those reached the same way, each with its path; a close
    second reached another way is a doubt."""
    chosen = _once(alike_answers(ranked))[:LISTED]
    top = chosen[0]
    doubts = close_call(ranked, chosen)
    reached_by: list[dict[str, Any]] = top.item.get("reached_by") or []
    if reached_by:  # a thing the question names answers by itself: say what reaches it
        ways = "; ".join(said(Scored(i, 0.0)) for i in reached_by)
        ids = [top.node["id"], *(str(i["node"]["id"]) for i in reached_by)]
        return Draft(f"{cite(top.node)}: {ways}.", ids, about=[top.node["id"]], doubts=doubts)
    if len(chosen) == 1:
        text = f"{cite(top.node)}: {said(top)}."
    else:
        names = ", ".join(cite(s.node) for s in chosen)
        text = f"{names}:\n" + "\n".join(f"- {said(s)}" for s in chosen)
    return Draft(text, top.ids, about=[top.start_id], doubts=doubts)


async def who_or_which(u: Understanding, ledger: ToolLedger, desk: str) -> Draft | None:
    """The answer to a "who" or "which" question from the ranked walk, or None when the
    walk found nothing of the type asked (the caller answers from the direct reads)."""
    # (not when it asks a kind besides: "who's running X and what team are they on")
    held = u.subject is not None and u.subject.type in OWNED_TYPES and not u.asked_types
    if u.kind == "owner" and (moment_asked(u) is not None or held):
        # a holder at a past moment: the owner timeline reads the slot then; work the
        # question names ("who's doing the receiver inspection") is its holder's
        draft = await owner(u, ledger, desk)
        if not draft.declined:
            return draft
    ranked = await ranked_walk(u, ledger, desk)
    types = asked_types(u)
    if not ranked or (types and ranked[0].node["type"] not in types):
        return None
    top = ranked[0]
    thing = holder_of(top)
    if thing is not None:
        found = next((c for c, _ in starts_of(u) if c.id == thing), None)
        if found is not None:
            draft = await owner(replace(u, tier=[found], subject=found), ledger, desk)
            if not draft.declined:
                return replace(draft, about=[*draft.about, found.id])
    return path_answer(ranked)
