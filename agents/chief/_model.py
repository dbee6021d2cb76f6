"""Model mode: the Chief and its desks as Claude with tool use, on the turn's ledger.

``ModelChief`` thinks through a turn's four steps with a language model: it plans (which
desks, from the roster and what the brain recalls), each desk runs a tool-use loop with
only its own tools and writes a Finding, at most two reviewers each return a verdict and
any "fix" earns one revision, and the Chief writes the answer from the Findings. Desks
must cite ``[[node-id]]`` from tool results and use only numbers that tools returned (or
the ``calc`` tool computed); the turn's checks enforce it, as they do in rules mode.
Where the model cannot help (it fails, or its plan names no desk) the step falls back to
what rules mode would do, so a turn always answers.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from agents._roster import (
    DEEP_DESKS,
    ORDINARY_DESKS,
    ROSTER,
    WORKING_DESKS,
    is_deep,
    reviewers_of,
    route,
)
from agents.chief._compose import compose, owed_caveats
from agents.chief._protocol import Brief, DeskOutcome, Mode, TurnLimits
from agents.chief._written import CARD_KINDS, json_object, split_draft
from agents.desks import Draft
from agents.model import ModelClient, run_tool_loop, tool_specs
from brain import HivebrainError

log = logging.getLogger(__name__)

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


class ModelChief:
    """The Chief and its desks as ``model``, each turn within ``limits`` (its budget)."""

    def __init__(self, model: ModelClient, *, limits: TurnLimits | None = None) -> None:
        self.model = model
        self._limits = limits or TurnLimits()

    @property
    def mode(self) -> Mode:
        """Always ``"model"``."""
        return "model"

    @property
    def limits(self) -> TurnLimits:
        """The limits given when made (default ``TurnLimits()``)."""
        return self._limits

    async def plan(self, brief: Brief) -> list[str]:
        """Up to 3 desks, or up to 5 for a "why did X drop" or a full review; keyword
        routing (``route``) when the model fails or names none."""
        question = brief.question
        cap = DEEP_DESKS if is_deep(question) else ORDINARY_DESKS
        roster = "\n".join(f"- {n}: {ROSTER[n].title}, {ROSTER[n].role}" for n in WORKING_DESKS)
        system = (
            f"You are the Chief of a company's assistant team. Pick at most {cap} desks to "
            f"answer the question. Desks:\n{roster}\n"
            'Reply with JSON only: {"desks": ["name", ...], "why": "one sentence"}'
        )
        context = f"What the brain already recalls: {json.dumps(brief.recall)[:RECALL_CHARS]}"
        try:
            reply = await self.model.complete(
                system=system,
                budget=brief.budget,
                messages=[{"role": "user", "content": f"Question: {question}\n{context}"}],
            )
        except HivebrainError as exc:
            log.warning("chief plan fell back to rules: %s", exc)
            return route(question)
        chosen = [d for d in json_object(reply.text).get("desks", []) if d in WORKING_DESKS]
        return list(dict.fromkeys(chosen))[:cap] or route(question)

    async def work(self, desk: str, brief: Brief) -> Draft:
        """One desk's tool-use loop on the question as desks read it; its text is the
        Finding."""
        d = ROSTER[desk]
        system = (
            f"You are {d.title}, the {d.role} desk. Read first: {d.reads_first}.\n{RULES_FOR_DESKS}"
        )

        async def call(name: str, args: dict[str, Any]) -> Any:
            return await brief.ledger.call(desk, name, args)

        result = await run_tool_loop(
            self.model,
            system=system,
            prompt=brief.desk_question,
            tools=tool_specs(d.tools),
            call_tool=call,
            budget=brief.budget,
        )
        text = result.text or f"The {d.title} desk found nothing it could stand behind."
        if result.stopped_early:
            text += f"\n(Stopped early: {result.stopped_early}.)"
        return split_draft(text)

    async def review(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> list[DeskOutcome]:
        """Each draft's reviewers (at most two) give a verdict; any "fix" earns exactly one
        revision. A reviewer that fails is recorded as skipped; a failed revision keeps
        the draft."""
        return [await self._review_one(o, brief) for o in outcomes]

    async def _review_one(self, outcome: DeskOutcome, brief: Brief) -> DeskOutcome:
        if outcome.draft is None:
            return outcome
        for reviewer in reviewers_of(outcome.desk):
            try:
                outcome.review.append(await self._verdict(reviewer, outcome.draft, brief))
            except HivebrainError as exc:
                outcome.review.append(
                    {"reviewer": reviewer, "verdict": "skipped", "note": exc.user_message}
                )
        fixes = [r["note"] for r in outcome.review if r["verdict"] == "fix"]
        if fixes:
            try:
                outcome.draft = await self._revise(outcome.desk, outcome.draft, fixes, brief)
                outcome.revised = True
            except HivebrainError as exc:
                log.warning("revision by %s skipped: %s", outcome.desk, exc)
        return outcome

    async def _verdict(self, reviewer: str, draft: Draft, brief: Brief) -> dict[str, str]:
        """A reviewer's verdict on one Finding: ok, or fix with a note."""
        r = ROSTER[reviewer]
        system = (
            f"You are {r.title}; you check {r.reviews}. Compare the finding with the tool "
            'data. Reply with JSON only: {"verdict": "ok" | "fix", "note": "what exactly to fix"}'
        )
        data = json.dumps(brief.ledger.outputs, default=str)[:6000]
        content = f"Finding:\n{draft.text}\n\nTool data this turn:\n{data}"
        reply = await self.model.complete(
            system=system, budget=brief.budget, messages=[{"role": "user", "content": content}]
        )
        verdict = json_object(reply.text)
        return {
            "reviewer": reviewer,
            "verdict": "fix" if verdict.get("verdict") == "fix" else "ok",
            "note": str(verdict.get("note", ""))[:500],
        }

    async def _revise(self, desk: str, draft: Draft, notes: list[str], brief: Brief) -> Draft:
        """The one revision a "fix" verdict earns (no new tool calls: fix what was written)."""
        d = ROSTER[desk]
        system = f"You are {d.title}. Revise your finding as the reviewers ask.\n{RULES_FOR_DESKS}"
        content = (
            f"Your finding:\n{draft.text}\nPATH: {', '.join(draft.path_ids)}\n\n"
            "Reviewers' notes:\n- " + "\n- ".join(notes)
        )
        reply = await self.model.complete(
            system=system, budget=brief.budget, messages=[{"role": "user", "content": content}]
        )
        revised = split_draft(reply.text)
        return Draft(revised.text or draft.text, revised.path_ids or draft.path_ids, draft.cards)

    async def answer(self, outcomes: Sequence[DeskOutcome], brief: Brief) -> Draft:
        """The Chief writes the answer from the Findings and names the path, in order, and
        says what the data calls for (sample, stale); the findings composed as rules mode
        does when the model fails."""
        findings = [(o.desk, o.draft) for o in outcomes if o.draft]
        body = "\n\n".join(
            f"[{ROSTER[d].title}]\n{f.text}\nPATH: {', '.join(f.path_ids)}" for d, f in findings
        )
        notes = owed_caveats(brief.ledger, brief.now)
        system = (
            "You are the Chief. Write the answer to the question from the desks' findings "
            "only: short, direct, keeping their [[node-id]] citations and their numbers "
            "exactly. Answer what was asked, about the thing and the days it names; if no "
            'finding does, write "I don\'t have anything about that in your records" and '
            "why, and offer the closest things found only as suggestions. "
            "End with `PATH: id1, id2, ...`: the nodes that explain the answer, in order.\n"
            + ("Also say: " + " ".join(notes) if notes else "")
        )
        content = f"Question: {brief.question}\n\nFindings:\n{body}"
        try:
            reply = await self.model.complete(
                system=system, budget=brief.budget, messages=[{"role": "user", "content": content}]
            )
        except HivebrainError as exc:
            log.warning("chief answer fell back to the findings: %s", exc)
            return Draft(compose([o.draft for o in outcomes], brief.ledger, brief.now))
        return split_draft(reply.text)
