"""Model mode: the Chief and the desks as Claude with tool use, on the turn's ledger.

Each step mirrors a rules-mode step so the turn pipeline stays the same: the Chief
plans (which desks), each desk runs a tool-use loop with only its own tools and writes a
Finding, reviewers return a verdict, a "fix" earns one revision, and the Chief writes
the answer from the Findings. Desks must cite ``[[node-id]]`` from tool results and use
only numbers that tools returned (or the ``calc`` tool computed); the checks enforce it.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, cast, get_args

from agents._ledger import ToolLedger
from agents._roster import DEEP_DESKS, ORDINARY_DESKS, ROSTER, WORKING_DESKS, is_deep, route
from agents.cards import CardKind
from agents.desks import Draft
from agents.model._budget import Budget
from agents.model._client import ModelClient
from agents.model._loop import run_tool_loop, tool_specs
from brain import HivebrainError

log = logging.getLogger(__name__)

_PATH_LINE = re.compile(r"^\s*PATH:\s*(.+)$", re.M)
_CARD_LINE = re.compile(r"^\s*CARD:\s*([a-z_]+)\s*\|\s*([^|]+)\|\s*(.+)$", re.M)
_JSON = re.compile(r"\{.*\}", re.S)
CARD_KINDS: tuple[str, ...] = get_args(CardKind)
#: Kinds whose payload the model may give as JSON on its CARD line.
TYPED_KINDS = ("email", "label", "task")
#: How much of the recall summary the Chief's planning prompt carries.
RECALL_CHARS = 1_500

RULES_FOR_DESKS = (
    """Rules:
- Read the brain before anything else. Use only the tools you are given.
- Cite every thing you rely on as [[node-id]], using ids exactly as tools returned them.
- Use only numbers that appear in tool results; for arithmetic call the calc tool first.
- If the data is sample data, say so. If the newest data is over a week old, say "as of <date>".
- Answer only from what the tools returned this turn, about the thing the question names
  and for the days it names. If the records do not hold it, write exactly
  "I don't have anything about that in your records" and why; never answer something
  nearby instead, and never answer a general-knowledge question (weather, news, recipes).
- End with one line `PATH: id1, id2, ...` naming, in order, the nodes that explain the finding.
- If an action should be taken (an e-mail, a post, a label, a fix), add one line
  `CARD: <kind> | <title> | <what exactly would be done>` with kind one of: """
    + ", ".join(CARD_KINDS)
    + """.
  For channel_message the last part is the exact message to post to the team. For an
  email, label or task the last part may be its payload as one JSON object instead:
  email {"to": [addresses], "subject", "body"}, label {"repo": "owner/name", "issue": n,
  "labels": [...]}, task {"name", "owner"?, "due"?: "YYYY-MM-DD"}. Nothing runs until a
  person approves the card."""
)


def _json(text: str) -> dict[str, Any]:
    match = _JSON.search(text)
    if not match:
        return {}
    try:
        value = json.loads(match.group(0))
    except json.JSONDecodeError:
        return {}
    # a JSON object from the model's text: string keys, values checked by the caller
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _card(kind: str, title: str, preview: str) -> dict[str, Any]:
    """A CARD line as a card: a team update posts its text to the team channel, a task
    becomes a Task in the brain; anything else is only recorded when approved."""
    card: dict[str, Any] = {
        "kind": kind,
        "title": title,
        "preview": preview,
        "executor": "record",
        "cites": [],
        "payload": {},
    }
    payload = _json(preview) if preview.lstrip().startswith("{") else {}
    if payload and kind in TYPED_KINDS:
        # the model filled the kind's payload: the turn checks it against the kind
        card.update(payload=payload, typed=True)
    elif kind == "channel_message":
        card.update(audience="team", text=preview, executor="channel")
    elif kind == "task":
        card.update(executor="brain", payload={"name": title, "notes": preview})
    return card


def split_draft(text: str, desk: str) -> Draft:
    """Separate a desk's text from its PATH and CARD lines."""
    path_ids: list[str] = []
    if m := _PATH_LINE.search(text):
        path_ids = [p.strip().strip("[]") for p in m.group(1).split(",") if p.strip()]
    cards = [
        _card(kind, title.strip()[:200], preview.strip()[:2000])
        for kind, title, preview in _CARD_LINE.findall(text)
        if kind in CARD_KINDS
    ]
    body = _CARD_LINE.sub("", _PATH_LINE.sub("", text)).strip()
    return Draft(body, path_ids, cards)


async def plan(
    model: ModelClient, question: str, recall: dict[str, Any], budget: Budget
) -> list[str]:
    """The Chief picks desks: up to 3, or up to 5 for a "why did X drop" or a full review."""
    cap = DEEP_DESKS if is_deep(question) else ORDINARY_DESKS
    roster = "\n".join(f"- {n}: {ROSTER[n].title}, {ROSTER[n].role}" for n in WORKING_DESKS)
    system = (
        f"You are the Chief of a company's assistant team. Pick at most {cap} desks to "
        f"answer the question. Desks:\n{roster}\n"
        'Reply with JSON only: {"desks": ["name", ...], "why": "one sentence"}'
    )
    context = f"What the brain already recalls: {json.dumps(recall)[:RECALL_CHARS]}"
    try:
        reply = await model.complete(
            system=system,
            budget=budget,
            messages=[{"role": "user", "content": f"Question: {question}\n{context}"}],
        )
    except HivebrainError as exc:
        log.warning("chief plan fell back to rules: %s", exc)
        return route(question)
    chosen = [d for d in _json(reply.text).get("desks", []) if d in WORKING_DESKS]
    return list(dict.fromkeys(chosen))[:cap] or route(question)


async def work(
    model: ModelClient, desk: str, question: str, ledger: ToolLedger, budget: Budget
) -> Draft:
    """One desk's tool-use loop; its final text is the Finding."""
    d = ROSTER[desk]
    system = (
        f"You are {d.title}, the {d.role} desk. Read first: {d.reads_first}.\n{RULES_FOR_DESKS}"
    )

    async def call(name: str, args: dict[str, Any]) -> Any:
        return await ledger.call(desk, name, args)

    result = await run_tool_loop(
        model,
        system=system,
        prompt=question,
        tools=tool_specs(d.tools),
        call_tool=call,
        budget=budget,
    )
    text = result.text or f"The {d.title} desk found nothing it could stand behind."
    if result.stopped_early:
        text += f"\n(Stopped early: {result.stopped_early}.)"
    return split_draft(text, desk)


async def review(
    model: ModelClient, reviewer: str, draft: Draft, ledger: ToolLedger, budget: Budget
) -> dict[str, str]:
    """A reviewer's verdict on one Finding: ok, or fix with a note."""
    r = ROSTER[reviewer]
    system = (
        f"You are {r.title}; you check {r.reviews}. Compare the finding with the tool data. "
        'Reply with JSON only: {"verdict": "ok" | "fix", "note": "what exactly to fix"}'
    )
    data = json.dumps(ledger.outputs, default=str)[:6000]
    reply = await model.complete(
        system=system,
        budget=budget,
        messages=[
            {"role": "user", "content": f"Finding:\n{draft.text}\n\nTool data this turn:\n{data}"}
        ],
    )
    verdict = _json(reply.text)
    return {
        "reviewer": reviewer,
        "verdict": "fix" if verdict.get("verdict") == "fix" else "ok",
        "note": str(verdict.get("note", ""))[:500],
    }


async def revise(
    model: ModelClient, desk: str, draft: Draft, notes: list[str], budget: Budget
) -> Draft:
    """The one revision a "fix" verdict earns (no new tool calls: fix what was written)."""
    d = ROSTER[desk]
    system = f"You are {d.title}. Revise your finding as the reviewers ask.\n{RULES_FOR_DESKS}"
    reply = await model.complete(
        system=system,
        budget=budget,
        messages=[
            {
                "role": "user",
                "content": (
                    f"Your finding:\n{draft.text}\nPATH: {', '.join(draft.path_ids)}\n\n"
                    "Reviewers' notes:\n- " + "\n- ".join(notes)
                ),
            }
        ],
    )
    revised = split_draft(reply.text, desk)
    return Draft(revised.text or draft.text, revised.path_ids or draft.path_ids, draft.cards)


async def answer(
    model: ModelClient,
    question: str,
    findings: list[tuple[str, Draft]],
    notes: list[str],
    budget: Budget,
) -> Draft:
    """The Chief writes the answer from the Findings and names the path, in order."""
    body = "\n\n".join(
        f"[{ROSTER[d].title}]\n{f.text}\nPATH: {', '.join(f.path_ids)}" for d, f in findings
    )
    system = (
        "You are the Chief. Write the answer to the question from the desks' findings only: "
        "short, direct, keeping their [[node-id]] citations and their numbers exactly. "
        "Answer what was asked, about the thing and the days it names; if no finding does, "
        'write "I don\'t have anything about that in your records" and why, and offer '
        "the closest things found only as suggestions. "
        "End with `PATH: id1, id2, ...`: the nodes that explain the answer, in order.\n"
        + ("Also say: " + " ".join(notes) if notes else "")
    )
    reply = await model.complete(
        system=system,
        budget=budget,
        messages=[{"role": "user", "content": f"Question: {question}\n\nFindings:\n{body}"}],
    )
    return split_draft(reply.text, "chief")
