"""Model-mode turns: the real anthropic SDK against the local Messages API, a real FalkorDB.

The fake answers as a function of the request: the system prompt tells which step of the
turn is asking (the Chief's plan, a desk's tool loop, a review, the one revision, the
Chief's answer) and the message count tells how far a desk's tool loop has gone. Desks run
their tools for real on a small tenant, so the checks judge the answer against what the
tools really returned.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import pytest_asyncio

from agents import TurnOptions, TurnResult, run_turn
from agents._roster import ROSTER
from agents.cards import list_cards
from agents.chief import ModelChief, TurnLimits
from agents.model import AnthropicModel
from brain import TenantGraph
from tests.fakes import AnthropicReply, FakeAnthropicAPI, rate_limited, text_reply, tool_use_reply

QUESTION = "Who owns 'Fix Instagram token refresh'?"
RECENT = (date.today() - timedelta(days=2)).isoformat()
SRC = "notion/p12"

Messages = list[dict[str, Any]]
DeskReply = Callable[[str, Messages], AnthropicReply | Awaitable[AnthropicReply]]


#: A task, its owner and one incident: enough for a tool loop to read.
SMALL_FACTS: list[dict[str, Any]] = [
    {
        "node": {
            "type": "Task",
            "id": "task-ig-token",
            "name": "Fix Instagram token refresh",
            "status": "in progress",
            "priority": "high",
            "src": SRC,
            "asOf": RECENT,
            "text": "Refresh the Instagram token automatically before it expires.",
        }
    },
    {
        "node": {
            "type": "Person",
            "id": "person-priya",
            "name": "Priya Nair",
            "src": SRC,
            "asOf": RECENT,
        }
    },
    {
        "node": {
            "type": "Incident",
            "id": "incident-ig-token-expired",
            "name": "Instagram token expired",
            "src": SRC,
            "asOf": RECENT,
        }
    },
    {
        "edge": {
            "from": "person-priya",
            "type": "OWNS",
            "to": "task-ig-token",
            "since": RECENT,
            "src": SRC,
            "asOf": RECENT,
        }
    },
    {
        "edge": {
            "from": "task-ig-token",
            "type": "FIXES",
            "to": "incident-ig-token-expired",
            "since": RECENT,
            "src": SRC,
            "asOf": RECENT,
        }
    },
]


@pytest_asyncio.fixture(loop_scope="session")
async def small(new_tenant: TenantGraph) -> TenantGraph:
    """A fresh tenant holding ``SMALL_FACTS``."""
    report = await new_tenant.write_facts(enumerate(SMALL_FACTS, 1))
    assert report.refused == 0, report.refusals
    return new_tenant


def role_of(body: dict[str, Any]) -> str:
    """Which step of the turn sent this request (see ``agents.chief.ModelChief``)."""
    system = str(body.get("system") or "")
    if system.startswith("You are the Chief of"):
        return "plan"
    if system.startswith("You are the Chief."):
        return "answer"
    if "Revise your finding as the reviewers ask" in system:
        return "revise"
    if "; you check " in system:
        return "review"
    return "desk"


def desk_title(body: dict[str, Any]) -> str:
    match = re.match(r"You are (.+?), the ", str(body.get("system") or ""))
    assert match, body.get("system")
    return match[1]


@dataclass
class Script:
    """The model's side of one turn, as a function of each request."""

    desks: list[str]
    desk: DeskReply
    answer: str
    verdicts: dict[str, str] = field(default_factory=dict)  # reviewer desk -> "ok" | "fix"
    revised: str = ""
    first: list[AnthropicReply] = field(default_factory=list)  # sent before anything else
    roles: list[str] = field(default_factory=list)
    sent: list[AnthropicReply] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)  # every request body, in order

    async def __call__(self, body: dict[str, Any]) -> AnthropicReply:
        role = role_of(body)
        self.roles.append(role)
        if self.first:
            return self.first.pop(0)
        if role == "plan":
            reply = text_reply(
                json.dumps({"desks": self.desks, "why": "they own this"}), input_tokens=101
            )
        elif role == "desk":
            made = self.desk(desk_title(body), body["messages"])
            reply = await made if inspect.isawaitable(made) else made
        elif role == "review":
            reviewer = next(
                n for n, d in ROSTER.items() if body["system"].startswith(f"You are {d.title};")
            )
            verdict = self.verdicts.get(reviewer, "ok")
            note = "say exactly which task" if verdict == "fix" else ""
            reply = text_reply(json.dumps({"verdict": verdict, "note": note}), input_tokens=57)
        elif role == "revise":
            reply = text_reply(self.revised, input_tokens=88)
        else:
            reply = text_reply(self.answer, input_tokens=203)
        self.sent.append(reply)
        return reply

    def sent_by(self, role: str) -> list[dict[str, Any]]:
        """The request bodies one step of the turn sent (retries included)."""
        return [b for b in self.requests if role_of(b) == role]

    @property
    def usage(self) -> dict[str, int]:
        ok = [r.body["usage"] for r in self.sent if r.status == 200]
        return {
            "read": sum(u["input_tokens"] for u in ok),
            "written": sum(u["output_tokens"] for u in ok),
        }


async def ask(
    graph: TenantGraph,
    script: Script,
    options: TurnOptions | None = None,
    *,
    limits: TurnLimits | None = None,
) -> TurnResult:
    """One model-mode turn on ``graph``, the model's replies written by ``script``."""
    async with FakeAnthropicAPI(script, api_key="sk-test") as fake:
        model = AnthropicModel(
            api_key="sk-test",
            model="claude-sonnet-5",
            base_url=fake.base_url,
            retries=2,
            base_delay=0.001,
            timeout=10.0,
        )
        try:
            return await run_turn(graph, QUESTION, options, chief=ModelChief(model, limits=limits))
        finally:
            await model.close()
            script.requests = fake.requests


def owner_desk(final: str) -> DeskReply:
    """A desk that looks the task up, asks for its owner, then answers with ``final``."""

    def reply(title: str, messages: Messages) -> AnthropicReply:
        if len(messages) == 1:
            return tool_use_reply(
                "lookup",
                {"name": "task-ig-token"},
                tool_use_id="toolu_lookup",
                input_tokens=310,
                output_tokens=21,
            )
        if len(messages) == 3:
            return tool_use_reply(
                "owner",
                {"name": "task-ig-token"},
                tool_use_id="toolu_owner",
                input_tokens=420,
                output_tokens=19,
            )
        return text_reply(final, input_tokens=530)

    return reply


FOUND = (
    "Fix Instagram token refresh [[task-ig-token]] is owned by Priya Nair "
    "[[person-priya]].\nPATH: person-priya, task-ig-token"
)
ANSWER = (
    "Priya Nair [[person-priya]] owns Fix Instagram token refresh [[task-ig-token]].\n"
    "PATH: person-priya, task-ig-token"
)


def check(r: TurnResult, name: str) -> dict[str, Any]:
    return next(c for c in r.checks if c["name"] == name)


# --- (a) the tool-use loop --------------------------------------------------------------------


async def test_tool_loop_answer_is_verified(small: TenantGraph) -> None:
    script = Script(desks=["tasks"], desk=owner_desk(FOUND), answer=ANSWER)
    r = await ask(small, script)

    assert r.mode == "model" and r.desks == ["tasks"]
    assert r.verified, r.checks
    assert r.answer == ANSWER.split("\nPATH:")[0]
    assert r.citations == ["person-priya", "task-ig-token"]
    assert r.tokens == script.usage and r.tokens["read"] > 0 and r.tokens["written"] > 0
    assert script.roles == ["plan", "desk", "desk", "desk", "review", "answer"]
    assert [e["type"] for e in r.path["edges"]] == ["OWNS"]
    assert (r.path["edges"][0]["source"], r.path["edges"][0]["target"]) == (
        "person-priya",
        "task-ig-token",
    )
    finding = r.findings[0]
    assert (finding.desk, finding.ok, finding.revised) == ("tasks", True, False)
    assert finding.citations == ["task-ig-token", "person-priya"]
    assert [v["verdict"] for v in finding.review] == ["ok"]

    first, second, third = script.sent_by("desk")
    assert {t["name"] for t in first["tools"]} == set(ROSTER["tasks"].tools)
    assert second["messages"][1]["content"][-1]["id"] == "toolu_lookup"
    lookup_result = second["messages"][2]["content"][0]
    assert lookup_result["type"] == "tool_result"
    assert lookup_result["tool_use_id"] == "toolu_lookup"
    assert "task-ig-token" in lookup_result["content"] and "is_error" not in lookup_result
    owner_result = third["messages"][4]["content"][0]
    assert owner_result["tool_use_id"] == "toolu_owner"
    assert "person-priya" in owner_result["content"]


async def test_model_desks_are_told_who_is_asking(small: TenantGraph) -> None:
    script = Script(desks=["tasks"], desk=owner_desk(FOUND), answer=ANSWER)
    await ask(small, script, TurnOptions(asker={"id": "person-priya", "name": "Priya Nair"}))
    first = script.sent_by("desk")[0]
    asked = json.dumps(first["messages"][0]["content"])
    assert "Asked by Priya Nair [[person-priya]]" in asked, asked


# --- (b) a citation nobody read ----------------------------------------------------------------


async def test_citing_an_unread_node_is_unverified_but_shown(small: TenantGraph) -> None:
    ghost = (
        "Fix Instagram token refresh [[task-ig-token]] is owned by Gus Ghost "
        "[[person-ghost]].\nPATH: person-ghost, task-ig-token"
    )
    answer = "Gus Ghost [[person-ghost]] owns [[task-ig-token]].\nPATH: person-ghost, task-ig-token"
    script = Script(desks=["tasks"], desk=owner_desk(ghost), answer=answer)
    r = await ask(small, script)

    assert not r.verified
    citations = check(r, "citations")
    assert not citations["passed"] and "[[person-ghost]]" in citations["detail"]
    assert "[[task-ig-token]]" not in citations["detail"]
    assert "[[person-ghost]]" in r.answer  # never hidden: shown, and marked unverified
    assert r.citations == ["person-ghost", "task-ig-token"]


# --- (c) a number from nowhere ----------------------------------------------------------------


async def test_a_number_from_nowhere_fails_the_numbers_check(small: TenantGraph) -> None:
    claim = "Online orders rose 987% since [[task-ig-token]] was opened."
    script = Script(
        desks=["tasks"],
        desk=owner_desk(claim + "\nPATH: task-ig-token"),
        answer=claim + "\nPATH: task-ig-token",
    )
    r = await ask(small, script)

    assert not r.verified
    numbers = check(r, "numbers")
    # it passed twice in full runs: the message shows what the tools sent, to find the
    # figures that made 987%
    sent = script.requests
    assert not numbers["passed"] and '"987%"' in numbers["detail"], (numbers, sent)
    assert check(r, "citations")["passed"]
    assert "987%" in r.answer


# --- (c2) the guards hold a model's answer too -----------------------------------------------


async def test_a_model_decline_of_a_record_it_read_is_unverified(small: TenantGraph) -> None:
    # the desk read the task the question names, and the model still declines
    decline = "I don't have anything about that in your records."
    script = Script(desks=["tasks"], desk=owner_desk(decline), answer=decline)
    r = await ask(small, script)

    assert not r.verified
    guard = check(r, "a decline holds no record asked about")
    assert not guard["passed"] and "Fix Instagram token refresh" in guard["detail"]
    assert r.answer == decline  # shown as the model wrote it, marked unverified


# --- (d) rate limited, then fine ---------------------------------------------------------------


async def test_rate_limit_then_success_completes_the_turn(small: TenantGraph) -> None:
    script = Script(
        desks=["tasks"], desk=owner_desk(FOUND), answer=ANSWER, first=[rate_limited(retry_after=0)]
    )
    r = await ask(small, script)

    assert script.roles[:2] == ["plan", "plan"]  # the 429, then the same request again
    assert len(script.sent_by("plan")) == 2
    assert script.sent_by("plan")[0] == script.sent_by("plan")[1]  # the same request, resent
    assert json.loads(script.sent[0].body["content"][0]["text"])["desks"] == ["tasks"]
    assert script.roles[2:] == ["desk", "desk", "desk", "review", "answer"]
    assert r.desks == ["tasks"] and r.answer == ANSWER.split("\nPATH:")[0]
    assert r.verified, r.checks
    assert r.tokens == script.usage


# --- (e) a desk that runs out of time ----------------------------------------------------------


async def test_desk_timeout_is_reported_and_the_turn_answers(small: TenantGraph) -> None:
    quick = owner_desk(FOUND)

    async def desk(title: str, messages: Messages) -> AnthropicReply:
        if title == ROSTER["memory"].title:
            await asyncio.sleep(1.5)  # longer than the desk's time limit
        return quick(title, messages)

    script = Script(desks=["tasks", "memory"], desk=desk, answer=ANSWER)
    r = await ask(small, script, limits=TurnLimits(desk_timeout_s=0.5))

    by_desk = {f.desk: f for f in r.findings}
    assert by_desk["memory"].ok is False and "timed out" in by_desk["memory"].text
    assert by_desk["tasks"].ok and "[[person-priya]]" in by_desk["tasks"].text
    assert r.answer.startswith(ANSWER.split("\nPATH:")[0])
    # reported beside the answer (a server note, never inside the checked text), not fatal
    assert any("Memory Keeper desk timed out" in n for n in r.notes), r.notes
    assert "timed out" not in r.answer
    assert r.verified, r.checks


# --- (f) a "fix" verdict earns exactly one revision -------------------------------------------


async def test_fix_verdicts_earn_exactly_one_revision(small: TenantGraph) -> None:
    draft = "Someone [[person-priya]] has a task [[task-ig-token]].\nPATH: task-ig-token"
    script = Script(
        desks=["data"],
        desk=owner_desk(draft),
        answer=ANSWER,
        verdicts={"numbers": "fix", "facts": "fix"},
        revised=FOUND,
    )
    assert ROSTER["data"].reviewers == ("numbers", "facts")
    r = await ask(small, script)

    assert script.roles.count("review") == 2
    assert script.roles.count("revise") == 1
    finding = r.findings[0]
    assert finding.revised
    assert [v["verdict"] for v in finding.review] == ["fix", "fix"]
    assert finding.text == FOUND.split("\nPATH:")[0]
    (revise,) = script.sent_by("revise")
    notes = revise["messages"][0]["content"]
    assert "Someone [[person-priya]]" in notes and notes.count("say exactly which task") == 2
    (chief,) = script.sent_by("answer")
    assert "is owned by Priya Nair" in chief["messages"][0]["content"]
    assert "Someone" not in chief["messages"][0]["content"]
    assert r.verified, r.checks


# --- cards the model fills -------------------------------------------------------------------


async def test_a_card_payload_the_model_fills_is_checked_against_its_kind(
    small: TenantGraph,
) -> None:
    email = {"to": ["priya@example.org"], "subject": "Token refresh", "body": "Please confirm."}
    final = (
        FOUND
        + "\nCARD: email | Ask Priya to confirm | "
        + json.dumps(email)
        + '\nCARD: label | Label it | {"repo": "not a repo", "issue": 3, "labels": ["x"]}'
    )
    script = Script(desks=["tasks"], desk=owner_desk(final), answer=ANSWER)

    r = await ask(small, script)

    sent, bad = r.cards
    assert (sent["kind"], bad["kind"]) == ("email", "label")
    assert sent["preview"].startswith("E-mail to: priya@example.org\nSubject: Token refresh")
    assert "not connected Composio" in sent["preview"]  # the console place has no account
    cards = {c.kind: c for c in await list_cards(small, limit=10)}
    assert (cards["email"].executor, cards["email"].payload) == ("composio", email)
    assert cards["label"].executor == "record"  # a payload that does not fit is only recorded
