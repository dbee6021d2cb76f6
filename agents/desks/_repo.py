"""Rules-mode answers about code: who knows an area best, and where a new issue goes.

These questions only make sense in a tenant that holds repositories, so ``repo_ask``
reads the question's shape ("who knows the client code best?", "where does this issue
go: ...") and answers only when the tenant has a Repository; any other tenant's
questions take their usual path untouched. The answers come from ``experts_for`` and
``triage_candidates``, cite the people, changes, files and components those tools
returned, and hand the walk (person -> change -> file -> component) to the path.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from agents._ledger import ToolLedger
from agents.desks._draft import Draft, cite, decline, number
from brain.reads import repositories

RepoAsk = Literal["experts", "triage"]

_EXPERTS = re.compile(
    r"\bwho\b.{0,60}\b(?:knows?|expert|experts|understands?|maintains?|wrote|owns?)\b.{0,80}"
    r"\b(?:code|repo|repository|component|module|package|folder|file|files|library|sdk|"
    r"client|server|parser|api|src|tests?|workflows?|area)\b"
    r"|\b(?:experts?|who to ask)\b.{0,40}\b(?:on|for|in)\b",
    re.IGNORECASE | re.DOTALL,
)
_TRIAGE = re.compile(
    r"\bwhere\b.{0,40}\b(?:does|should|do|would|will)\b.{0,40}\b(?:issue|bug|ticket|report)s?\b"
    r".{0,30}\b(?:go|belong|land)\b|\btriage\b.{0,40}\b(?:issue|bug|ticket)\b",
    re.IGNORECASE | re.DOTALL,
)
_QUOTED = re.compile(r"[\"“'`](.{8,}?)[\"”'`]", re.DOTALL)
#: People listed in an expert answer, and components in a triage answer.
SHOWN = 5


async def repo_ask(question: str, ledger: ToolLedger) -> RepoAsk | None:
    """Which repository question this is, if the tenant holds repositories at all."""
    kind: RepoAsk | None = None
    if _TRIAGE.search(question):
        kind = "triage"
    elif _EXPERTS.search(question):
        kind = "experts"
    if kind is None or not await repositories(ledger.graph):
        return None
    return kind


def issue_text(question: str) -> str:
    """The issue a triage question carries: quoted, after a colon, or the question itself."""
    quoted = _QUOTED.search(question)
    if quoted:
        return quoted.group(1).strip()
    _, sep, tail = question.partition(":")
    if sep and len(tail.strip()) >= 8:
        return tail.strip()
    return question


def _walk_ids(result_edges: list[Any]) -> list[str]:
    ids: list[str] = []
    for edge in result_edges:
        ids += [edge.source, edge.target]
    return list(dict.fromkeys(ids))


async def experts(question: str, ledger: ToolLedger, desk: str) -> Draft:
    """The people who know the area a question names, each with the work that earned it."""
    res = await ledger.call(desk, "experts_for", {"text": question, "limit": SHOWN})
    people: list[dict[str, Any]] = res.data.get("experts", [])
    if not res.found or not people:
        return decline("no one's work on code by that name")
    areas = res.data.get("components", [])
    named = ", ".join(f"`{a['component']}`" for a in areas[:3])
    more = f" and {len(areas) - 3} more" if len(areas) > 3 else ""
    repo = f" in {res.data['repo']}" if res.data.get("repo") else ""
    lines = [f"Who knows {named}{more}{repo} best, by recent work there:"]
    for rank, person in enumerate(people, 1):
        roles = [
            f"{person[k]} {label}"
            for k, label in (
                ("authored", "authored"),
                ("reviewed", "reviewed"),
                ("commented", "commented on"),
            )  # fmt: skip
            if person.get(k)
        ]
        proof = person["evidence"][:2]
        shown = "; ".join(
            f"{w['role']} {cite({'id': w['change'], 'name': w.get('title')})}" for w in proof
        )
        node = {"id": person["id"], "name": person["name"]}
        lines.append(
            f"{rank}. {cite(node)}: score {number(round(person['score'], 2))} "
            f"({', '.join(roles)} there){'. ' + shown if shown else ''}"
        )
    bots = res.data.get("bots", [])
    if bots:
        lines.append(f"(Bots and coding assistants worked there too and are not scored: "
                     f"{', '.join(b['name'] for b in bots[:3])}.)")  # fmt: skip
    if len(areas) > 1:
        lines.append("The code is spread over several areas, so each may have its own experts.")
    return Draft("\n".join(lines), _walk_ids(res.evidence.edges))


_KIND_WORDS: dict[str, str] = {"ci": "CI"}


def _area(component: dict[str, Any]) -> str:
    """A component as the reply names it, with the kind of files that put it there when
    they are not code: "`(root)`, its packaging files" says what to look at."""
    kinds: list[str] = [str(k) for k in component.get("kinds", ["code"])]
    name = f"`{component['component']}`"
    if "code" in kinds or not kinds:
        return name
    return f"{name}, its {' and '.join(_KIND_WORDS.get(k, k) for k in kinds)} files"


async def triage(question: str, ledger: ToolLedger, desk: str) -> Draft:
    """The components a new issue most likely belongs to, by the similar past work."""
    text = issue_text(question)
    res = await ledger.call(desk, "triage_candidates", {"text": text, "limit": SHOWN})
    ranked: list[dict[str, Any]] = res.data.get("components", [])
    if not res.found or not ranked:
        return decline("nothing like this issue")
    top = ranked[0]
    lines = [
        f"This issue most likely goes to {_area(top)} in {top['repo']} "
        f"{cite({'id': top['id'], 'name': top['component']})} "
        f"({top['confidence']} confidence, score {number(top['score'])}).",
    ]
    others = [f"{_area(c)} ({c['confidence']})" for c in ranked[1:3]]
    if others:
        lines.append(f"Next most likely: {', '.join(others)}.")
    people = res.data.get("experts", [])[:2]
    if people:
        lines.append(
            "Who knows it best: "
            + ", ".join(cite({"id": p["id"], "name": p["name"]}) for p in people)
            + "."
        )
    similar = [s for s in res.data.get("similar", []) if s["id"] in set(top.get("similar", []))]
    if similar:
        lines.append(
            "Similar past work: "
            + "; ".join(cite({"id": s["id"], "name": s["title"]}) for s in similar[:3])
            + "."
        )
    return Draft("\n".join(lines), _walk_ids(res.evidence.edges)[:24])
