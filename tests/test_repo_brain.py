"""The repository brain on a small history written for the purpose: experts, triage and
decisions answer with the walk behind them, and every edge they draw is in the graph.

The history is made of commit records in the export format (one JSON line each), so it
goes through the same loader as the real data; reviews, comments and a decision are
added as facts, as the GitHub API source and the decision extraction write them.
"""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest_asyncio

from agents import TurnOptions, run_turn
from agents.tools import call_tool
from brain import Brain, TenantGraph, parse_moment
from brain.ingest import load_git_repository, read_git_log
from brain.ingest.github import PeopleIndex, file_kind, folder_kind, load_github
from brain.reads import ReadResult
from tests.commit_records import commit_record, load_history

REPO = "acme/widgets"
NOW = parse_moment("2026-06-01")

ANA = {"name": "Ana Lima", "email": "ana@acme.io"}
ANA_WEB = {"name": "Ana Lima", "email": "123+ana-l@users.noreply.github.com"}
ANA_GIT = {"name": "ana-l", "email": "ana-l@anas-laptop.local"}
BO = {"name": "Bo Chen", "email": "bo@acme.io"}
CY = {"name": "Cy Park", "email": "cy@acme.io"}
BOT = {"name": "dependabot[bot]", "email": "49699333+dependabot[bot]@users.noreply.github.com"}
CLAUDE = {"name": "Claude", "email": "noreply@anthropic.com"}


def commit(
    n: int, day: str, author: dict[str, str], subject: str, files: list[str], **options: Any
) -> dict[str, Any]:
    return commit_record(REPO, n, day, author, subject, files, **options)


HISTORY = [
    commit(1, "2026-01-10", ANA, "Parser handles nested brackets", ["src/parser/lex.c"], pr=1),
    commit(
        2,
        "2026-02-11",
        ANA_WEB,
        "Fix parser crash on empty input (#2)",
        ["src/parser/lex.c", "tests/parser/test_lex.py"],
        pr=2,
        closes=[10],
    ),  # fmt: skip
    commit(
        3,
        "2026-03-12",
        ANA_GIT,
        "Speed up tokenizer for long lines",
        ["src/parser/tokens.c"],
        pr=3,
        co=[CLAUDE],
    ),  # fmt: skip
    commit(
        4,
        "2026-03-20",
        BO,
        "Cache results in the storage layer",
        ["src/storage/cache.c", "docs/storage.md"],
        pr=4,
    ),  # fmt: skip
    commit(
        5,
        "2026-04-02",
        BO,
        "Fix storage eviction losing dirty pages",
        ["src/storage/evict.c"],
        pr=5,
        closes=[11],
    ),  # fmt: skip
    commit(
        6,
        "2026-04-15",
        CY,
        "Fix parser error messages for unterminated strings",
        ["src/parser/errors.c", "src/storage/cache.c"],
        pr=6,
    ),  # fmt: skip
    commit(
        7,
        "2026-05-01",
        BOT,
        "Bump lodash in the parser tooling",
        ["package.json", "src/parser/lex.c"],
        pr=7,
        bot=True,
    ),  # fmt: skip
    commit(8, "2026-05-03", CY, "Run CI on every push", [".github/workflows/ci.yml"], pr=8),
    commit(
        9,
        "2026-03-25",
        BO,
        "Keep dirty pages in a ring buffer instead of a linked list",
        ["src/storage/pages.c", "tests/storage/test_pages.py"],
        pr=9,
    ),  # fmt: skip
]
HISTORY[-1]["body"] = "A linked list allocated on every write, because each page was a node."


def fact_edge(a: str, rel: str, b: str, day: str, **props: Any) -> dict[str, Any]:
    return {"edge": {"from": a, "type": rel, "to": b, "since": day, "src": "test:repo",
                     "asOf": day, **props}}  # fmt: skip


def fact_node(kind: str, node_id: str, day: str, **props: Any) -> dict[str, Any]:
    return {"node": {"type": kind, "id": node_id, "src": "test:repo", "asOf": day, **props}}


EXTRA = [
    # Cy reviewed two parser PRs; Bo commented on one: reviewing and commenting count less
    fact_edge("person:cy-acme-io", "REVIEWED", f"pr:{REPO}#1", "2026-01-10"),
    fact_edge("person:cy-acme-io", "REVIEWED", f"pr:{REPO}#2", "2026-02-11"),
    fact_node("Comment", "comment:1", "2026-02-11", name="Empty input should return no tokens"),
    fact_edge("person:bo-acme-io", "AUTHORED", "comment:1", "2026-02-11"),
    fact_edge("comment:1", "COMMENTED_ON", f"pr:{REPO}#2", "2026-02-11"),
    fact_node(
        "Decision",
        "decision:1",
        "2026-02-11",
        name="Empty input returns an empty token list instead of raising",
        text="Raising on empty input crashed callers that stream files; an empty "
        "list keeps the parser total.",
    ),  # fmt: skip
    fact_edge("decision:1", "DECIDED_IN", f"pr:{REPO}#2", "2026-02-11"),
    fact_edge("decision:1", "MADE_BY", "person:ana-l", "2026-02-11"),
    fact_edge("decision:1", "EVIDENCED_BY", "comment:1", "2026-02-11"),
    fact_edge("decision:1", "AFFECTS", f"component:{REPO}:src/parser", "2026-02-11"),
]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def repo_graph(quiet_brain: Brain, tmp_path_factory: Any) -> TenantGraph:
    slug = f"rb-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    path = tmp_path_factory.mktemp("repo") / "widgets.jsonl"
    await load_history(graph, path, HISTORY)
    extra = await graph.write_facts(list(enumerate(EXTRA, 1)))
    assert extra.refused == 0, extra.refusals
    again = await load_github(graph, path)
    assert (again.created, again.updated, again.closed) == (0, 0, 0)
    return graph


EDGE_EXISTS = """
MATCH (a:Entity {id: $a})-[r]->(b:Entity {id: $b})
WHERE type(r) = $rel
RETURN count(r)
"""


async def assert_walk_is_real(graph: TenantGraph, result: ReadResult) -> None:
    """Every edge the answer would draw is an edge of the graph, between listed nodes."""
    listed = set(result.evidence.node_ids)
    assert result.evidence.edges
    for edge in result.evidence.edges:
        res = await graph.read(
            "edge exists", EDGE_EXISTS, {"a": edge.source, "b": edge.target, "rel": edge.type}
        )
        assert res.rows[0][0] >= 1, edge
        assert edge.source in listed and edge.target in listed, edge


def test_file_kinds_read_from_paths() -> None:
    assert file_kind("src/parser/lex.c") == "code"
    assert file_kind("tests/parser/test_lex.py") == "test"
    assert file_kind("src/app/widget.test.tsx") == "test"
    assert file_kind("docs/storage.md") == "docs"
    assert file_kind("README.md") == "docs"
    assert file_kind(".github/workflows/ci.yml") == "ci"
    assert file_kind("package.json") == "packaging"
    assert file_kind("build/docker/Dockerfile") == "packaging"
    assert file_kind("deps/GraphBLAS/Source/mxm.c") == "packaging"  # vendored: not ours
    assert file_kind("vendor/github.com/x/y.go") == "packaging"
    assert folder_kind("tests/flow") == "test"
    assert folder_kind("(root)") == "code"
    assert folder_kind("src/flow") == "code"


def test_one_person_across_addresses_and_bots_apart() -> None:
    index = PeopleIndex()
    for sig in (ANA, ANA_WEB, ANA_GIT, BO, BOT, CLAUDE):
        index.add(sig["name"], sig["email"])
    web, git, work = index.find(**ANA_WEB), index.find(**ANA_GIT), index.find(**ANA)
    assert web is not None and git is not None and work is not None
    assert web.id == git.id == work.id == "person:ana-l"  # a login, a laptop, a shared name
    bot = index.find(**BOT)
    claude = index.find(**CLAUDE)
    assert bot is not None and bot.is_bot and claude is not None and claude.is_bot
    bo = index.find(**BO)
    assert bo is not None and not bo.is_bot and bo.id != web.id


def test_an_address_whose_user_is_a_login_joins_it() -> None:
    index = PeopleIndex()
    index.add("Guy K", "guyk@example.com")
    index.add("guyk", "1+guyk@users.noreply.github.com")
    one, two = index.find("Guy K", "guyk@example.com"), index.find("guyk", "guyk@example.com")
    assert one is not None and two is not None and one.id == two.id == "person:guyk"
    assert one.emails == ["1+guyk@users.noreply.github.com", "guyk@example.com"]


def test_a_login_of_the_address_names_run_together_joins_it() -> None:
    index = PeopleIndex()
    index.add("Marta Quispe", "quispe.marta@tilework.co")
    index.add("Marta", "77+martaquispe@users.noreply.github.com")
    index.add("Jo Li", "jo.li@tilework.co")  # "joli" is no login here: stays apart
    index.add("Jo", "5+jolie@users.noreply.github.com")
    mail, web = (
        index.find("Marta Quispe", "quispe.marta@tilework.co"),
        index.find("Marta", "77+martaquispe@users.noreply.github.com"),
    )
    assert mail is not None and web is not None and mail.id == web.id == "person:martaquispe"
    jo, jolie = (
        index.find("Jo Li", "jo.li@tilework.co"),
        index.find("Jo", "5+jolie@users.noreply.github.com"),
    )
    assert jo is not None and jolie is not None and jo.id != jolie.id


async def test_experts_rank_authors_over_reviewers_and_never_bots(
    repo_graph: TenantGraph,
) -> None:
    res = await call_tool(
        repo_graph, "experts_for", {"component": "src/parser", "as_of": "2026-06-01"}
    )
    experts = res.data["experts"]
    names = [e["name"] for e in experts]
    assert names[0] == "Ana Lima", experts  # three PRs authored there, from three addresses
    assert experts[0]["id"] == "person:ana-l" and len(experts[0]["emails"]) >= 3
    assert "Cy Park" in names and "Bo Chen" in names
    cy = next(e for e in experts if e["name"] == "Cy Park")
    assert (cy["authored"], cy["reviewed"]) == (1, 2)
    bo = next(e for e in experts if e["name"] == "Bo Chen")
    assert bo["commented"] == 1 and bo["score"] < cy["score"]
    for expert in experts:
        assert set(expert) >= {"name", "emails", "score"}
        assert "bot" not in expert["name"].lower() and expert["name"] != "Claude"
    assert {b["name"] for b in res.data["bots"]} == {"dependabot[bot]", "Claude"}
    assert experts == sorted(experts, key=lambda e: -e["score"])
    await assert_walk_is_real(repo_graph, res)


async def test_recent_work_weighs_more(repo_graph: TenantGraph) -> None:
    args = {"path": "src/parser/lex.c"}
    early = await call_tool(repo_graph, "experts_for", {**args, "as_of": "2026-03-13"})
    late = await call_tool(repo_graph, "experts_for", {**args, "as_of": "2027-03-13"})
    score = {e["id"]: e["score"] for e in early.data["experts"]}["person:ana-l"]
    later = {e["id"]: e["score"] for e in late.data["experts"]}["person:ana-l"]
    assert later < score * 0.5 + 1e-9  # a year on, the same work counts less than half


async def test_experts_by_words_and_unknown_area(repo_graph: TenantGraph) -> None:
    res = await call_tool(repo_graph, "experts_for", {"text": "who knows the storage code?"})
    assert res.data["components"][0]["component"] == "src/storage"
    assert res.data["experts"][0]["name"] == "Bo Chen"
    missing = await call_tool(repo_graph, "experts_for", {"component": "src/nowhere"})
    assert not missing.found and missing.data["experts"] == []


async def test_triage_walks_similar_fixes_to_their_code(repo_graph: TenantGraph) -> None:
    res = await call_tool(
        repo_graph,
        "triage_candidates",
        {"text": "Parser crashes on an empty file", "repo": REPO, "as_of": "2026-06-01"},
    )
    top = res.data["components"][0]
    assert (top["repo"], top["component"]) == (REPO, "src/parser")
    assert top["confidence"] in {"strong", "moderate", "weak"}
    assert set(top) >= {"repo", "component", "score", "confidence"}
    assert all(c["component"] not in ("tests/parser", "docs") for c in res.data["components"])
    assert res.data["experts"] and res.data["experts"][0]["id"] == "person:ana-l"
    assert any(s["title"].startswith("Fix parser crash") for s in res.data["similar"])
    await assert_walk_is_real(repo_graph, res)


async def test_triage_lets_ci_vote_only_when_the_issue_is_about_ci(
    repo_graph: TenantGraph,
) -> None:
    about_ci = await call_tool(
        repo_graph, "triage_candidates", {"text": "CI workflow fails on push", "repo": REPO}
    )
    assert about_ci.data["components"][0]["component"] == ".github/workflows"
    plain = await call_tool(
        repo_graph, "triage_candidates", {"text": "storage eviction on push", "repo": REPO}
    )
    assert ".github/workflows" not in [c["component"] for c in plain.data["components"]]


async def test_decision_trail_answers_why_with_its_evidence(repo_graph: TenantGraph) -> None:
    res = await call_tool(
        repo_graph, "decision_trail", {"text": "why does the parser return an empty list?"}
    )
    assert res.found
    assert res.data["decision"]["id"] == "decision:1"
    assert [d["id"] for d in res.data["decided_in"]] == [f"pr:{REPO}#2"]
    assert [f["id"] for f in res.data["fixes"]] == [f"issue:{REPO}#10"]
    assert [m["id"] for m in res.data["made_by"]] == ["person:ana-l"]
    assert [e["id"] for e in res.data["evidence"]] == ["comment:1"]
    await assert_walk_is_real(repo_graph, res)
    none = await call_tool(repo_graph, "decision_trail", {"text": "why is the sky blue"})
    assert not none.found


async def test_rules_extract_decisions_tied_to_their_thread(repo_graph: TenantGraph) -> None:
    res = await call_tool(repo_graph, "decision_trail", {"text": "why a ring buffer for pages?"})
    assert res.found and "ring buffer" in res.data["decision"]["summary"]
    assert res.data["decision"]["confidence"] >= 0.5
    assert [d["id"] for d in res.data["decided_in"]] == [f"pr:{REPO}#9"]
    assert [m["id"] for m in res.data["made_by"]] == ["person:bo-acme-io"]
    # only the code area the pull request changed: never its tests
    assert [a["id"] for a in res.data["affects"]] == [f"component:{REPO}:src/storage"]
    await assert_walk_is_real(repo_graph, res)


async def test_area_history_newest_first_with_fixes(repo_graph: TenantGraph) -> None:
    res = await call_tool(repo_graph, "area_history", {"component": "src/storage"})
    titles = [c["title"] for c in res.data["changes"]]
    assert titles[0] == "Fix parser error messages for unterminated strings"
    assert "Fix storage eviction losing dirty pages" in titles
    evict = next(c for c in res.data["changes"] if c["title"].startswith("Fix storage"))
    assert evict["fixes"] == [f"issue:{REPO}#11"] and evict["authors"] == ["Bo Chen"]
    await assert_walk_is_real(repo_graph, res)


async def test_related_work_shares_files(repo_graph: TenantGraph) -> None:
    res = await call_tool(repo_graph, "related_work", {"item": f"issue:{REPO}#10"})
    related = {r["id"] for r in res.data["related"]}
    assert f"pr:{REPO}#1" in related  # the same lexer file
    assert f"pr:{REPO}#5" not in related
    await assert_walk_is_real(repo_graph, res)


async def test_catch_up_since_a_date_and_for_a_person(repo_graph: TenantGraph) -> None:
    res = await call_tool(repo_graph, "catch_up", {"since": "2026-04-01", "as_of": "2026-06-01"})
    titles = {c["title"] for c in res.data["changes"]}
    assert "Run CI on every push" in titles
    assert "Parser handles nested brackets" not in titles
    assert all("bot" not in p["name"] for c in res.data["changes"] for p in c["people"])
    cy = await call_tool(
        repo_graph, "catch_up", {"person": "Cy Park", "since": "2026-01-01", "as_of": "2026-06-01"}
    )
    assert {c["id"] for c in cy.data["changes"]} == {
        f"pr:{REPO}#1",
        f"pr:{REPO}#2",
        f"pr:{REPO}#6",
        f"pr:{REPO}#8",
    }
    await assert_walk_is_real(repo_graph, cy)


async def test_chat_answers_who_knows_the_code_with_the_path(repo_graph: TenantGraph) -> None:
    turn = await run_turn(
        repo_graph, "Who knows the parser code best?", TurnOptions(as_of="2026-06-01", save=False)
    )
    assert turn.mode == "rules" and turn.desks == ["tech"]
    assert "Ana Lima" in turn.answer and "[[person:ana-l]]" in turn.answer
    assert "dependabot" in turn.answer.lower() and "not scored" in turn.answer
    assert turn.verified, turn.checks
    drawn = {(e["source"], e["type"], e["target"]) for e in turn.path.get("edges", [])}
    assert any(rel == "AUTHORED" and a == "person:ana-l" for a, rel, _ in drawn), turn.path


async def test_chat_answers_where_an_issue_goes(repo_graph: TenantGraph) -> None:
    turn = await run_turn(
        repo_graph,
        'Where does this issue go? "Parser crashes when the input file is empty"',
        TurnOptions(as_of="2026-06-01", save=False),
    )
    assert "`src/parser`" in turn.answer and "confidence" in turn.answer
    assert f"[[component:{REPO}:src/parser]]" in turn.answer
    assert turn.verified, turn.checks


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


async def test_a_local_git_repository_loads_as_the_same_records(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    repo = tmp_path / "shop"
    repo.mkdir()
    base = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

    def as_(name: str, email: str, day: str) -> dict[str, str]:
        when = f"{day}T10:00:00Z"
        return {**base, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email,
                "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email,
                "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}  # fmt: skip

    git(repo, "init", "-q", "-b", "main", env=base)
    git(repo, "remote", "add", "origin", "git@github.com:acme/shop.git", env=base)
    (repo / "src").mkdir()
    (repo / "src" / "cart.py").write_text("a = 1\n")
    git(repo, "add", ".", env=base)
    git(repo, "commit", "-q", "-m", "Cart totals", env=as_("Ana Lima", "ana@acme.io", "2026-01-02"))
    git(repo, "checkout", "-q", "-b", "fix", env=base)
    (repo / "src" / "cart.py").write_text("a = 2\n")
    git(repo, "commit", "-q", "-am",
        "Fix cart rounding\n\nCloses #4\n\nCo-authored-by: Claude <noreply@anthropic.com>",
        env=as_("Ana Lima", "ana-l@laptop.local", "2026-01-03"))  # fmt: skip
    git(repo, "checkout", "-q", "main", env=base)
    git(repo, "merge", "-q", "--no-ff", "fix", "-m", "Merge pull request #5 from acme/fix",
        "-m", "Fix cart rounding", env=as_("Bo Chen", "bo@acme.io", "2026-01-04"))  # fmt: skip
    records = await read_git_log(repo)
    assert [r.subject for r in records][0] == "Cart totals"
    fix = next(r for r in records if r.subject == "Fix cart rounding")
    assert (fix.repo, fix.pr, fix.pr_source, fix.closes) == ("acme/shop", 5, "via_merge", [4])
    assert fix.landed_date is not None and fix.landed_date.startswith("2026-01-04")
    assert [c.email for c in fix.co_authors] == ["noreply@anthropic.com"]
    assert fix.files[0].path == "src/cart.py" and fix.files[0].added == 1

    slug = f"git-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    first = await load_git_repository(graph, repo)
    assert first.created > 0 and first.refused == 0, first.refusals
    again = await load_git_repository(graph, repo)
    assert (again.created, again.updated, again.closed) == (0, 0, 0)
    res = await call_tool(graph, "experts_for", {"component": "src", "repo": "acme/shop"})
    top = res.data["experts"][0]
    assert top["name"] == "Ana Lima" and len(top["emails"]) == 2  # one person, two addresses
    assert [b["name"] for b in res.data["bots"]] == ["Claude"]
