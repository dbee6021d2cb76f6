"""Experts and triage on a small shop's history written for the purpose: who is still
working here, how deep a record in an area must be to outweigh that, and which kinds of
file an issue is about when its closest precedents say so.

The history is commit records in the export format, loaded by the same loader as the
real data. As of 2026-06-01:

- Dee and Eve each wrote two billing changes in the autumn of 2025, Eve two days after
  Dee each time; Dee has kept working on the API since, Eve has not been heard from.
- Fay wrote five report changes this year; Gus, who writes most of the API, touched the
  reports once, last month.
- Gus fixed the release workflow (workflow files only), and an upload change touched the
  API and a workflow together. Fay once set the version in ``package.json`` (top level).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest_asyncio

from agents import TurnOptions, run_turn
from agents.tools import call_tool
from brain import Brain, TenantGraph
from brain.reads import ReadResult
from tests.commit_records import commit_record, load_history

REPO = "shop/till"
AS_OF = "2026-06-01"

DEE = {"name": "Dee Moss", "email": "dee@shop.example"}
EVE = {"name": "Eve Hart", "email": "eve@shop.example"}
FAY = {"name": "Fay Lund", "email": "fay@shop.example"}
GUS = {"name": "Gus Ortiz", "email": "gus@shop.example"}


def change(
    n: int, day: str, author: dict[str, str], title: str, files: list[str]
) -> dict[str, Any]:
    return commit_record(REPO, n, day, author, title, files, pr=n)


API_WORK = [
    "Paginate the orders endpoint",
    "Rate limit the login endpoint",
    "Add a stock level endpoint",
    "Cache the menu endpoint",
    "Validate loyalty card numbers",
    "Return receipts as PDF",
    "Accept gift cards at checkout",
    "Log slow endpoint calls",
]

HISTORY = [
    change(1, "2025-09-01", DEE, "Round invoice totals to the cent", ["src/billing/totals.py"]),
    change(2, "2025-09-03", EVE, "Split invoices by tax rate", ["src/billing/tax.py"]),
    change(3, "2025-10-01", DEE, "Credit notes for returned items", ["src/billing/credit.py"]),
    change(4, "2025-10-03", EVE, "Invoice numbers without gaps", ["src/billing/numbers.py"]),
    change(5, "2026-03-02", DEE, "Orders endpoint returns totals", ["src/api/orders.py"]),
    change(6, "2026-04-01", DEE, "Refund endpoint", ["src/api/refunds.py"]),
    change(7, "2026-05-04", DEE, "Receipt endpoint sends e-mail", ["src/api/receipts.py"]),
    *[
        change(10 + i, f"2026-0{1 + i % 5}-{10 + i:02d}", GUS, title, [f"src/api/part{i}.py"])
        for i, title in enumerate(API_WORK)
    ],
    change(20, "2026-02-02", FAY, "Daily sales report", ["src/reports/daily.py"]),
    change(21, "2026-03-02", FAY, "Weekly sales report by shop", ["src/reports/weekly.py"]),
    change(22, "2026-04-01", FAY, "Report of slow-moving stock", ["src/reports/stock.py"]),
    change(23, "2026-04-20", FAY, "Reports in the shop's currency", ["src/reports/money.py"]),
    change(24, "2026-05-11", FAY, "Export reports as spreadsheets", ["src/reports/export.py"]),
    change(25, "2026-05-20", GUS, "Reports endpoint", ["src/reports/endpoint.py"]),
    change(
        30,
        "2026-04-10",
        GUS,
        "Fix release tag pointing at the wrong commit sha",
        [".github/workflows/release.yml"],
    ),
    change(
        31,
        "2026-04-12",
        DEE,
        "Upload retries on timeout",
        ["src/api/upload.py", ".github/workflows/deploy.yml"],
    ),
    change(32, "2026-01-05", FAY, "Set the version to 2.0 in package.json", ["package.json"]),
]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def shop(quiet_brain: Brain, tmp_path_factory: Any) -> TenantGraph:
    slug = f"rp-{uuid.uuid4().hex[:8]}"
    await quiet_brain.create_tenant(slug)
    graph = await quiet_brain.tenant(slug)
    await load_history(graph, tmp_path_factory.mktemp("shop") / "till.jsonl", HISTORY)
    return graph


async def experts(graph: TenantGraph, component: str) -> list[dict[str, Any]]:
    res = await call_tool(
        graph, "experts_for", {"component": component, "repo": REPO, "as_of": AS_OF}
    )
    return res.data["experts"]


async def test_the_person_still_working_here_ranks_above_the_one_who_left(
    shop: TenantGraph,
) -> None:
    ranked = await experts(shop, "src/billing")
    by_name = {e["name"]: e for e in ranked}
    dee, eve = by_name["Dee Moss"], by_name["Eve Hart"]
    # the same record in billing, Eve's two days newer each time: on it alone she leads
    assert eve["area_points"] > dee["area_points"]
    assert eve["authored"] == dee["authored"] == 2
    # but Dee still works in the repository and Eve has left
    assert dee["repository_points"] > 2 * eve["repository_points"]
    assert [e["name"] for e in ranked[:2]] == ["Dee Moss", "Eve Hart"]


async def test_a_deep_record_in_the_area_outweighs_the_busiest_person(
    shop: TenantGraph,
) -> None:
    ranked = await experts(shop, "src/reports")
    by_name = {e["name"]: e for e in ranked}
    fay, gus = by_name["Fay Lund"], by_name["Gus Ortiz"]
    # Gus does more of the repository's work, and touched the reports most recently
    assert gus["repository_points"] > fay["repository_points"]
    assert ranked[0]["name"] == "Fay Lund"
    assert fay["score"] > gus["score"]


async def triage(graph: TenantGraph, issue: str) -> ReadResult:
    return await call_tool(
        graph, "triage_candidates", {"text": issue, "repo": REPO, "as_of": AS_OF}
    )


async def test_only_people_who_worked_in_the_area_are_ranked(shop: TenantGraph) -> None:
    ranked = await experts(shop, "src/reports")
    assert {e["name"] for e in ranked} == {"Fay Lund", "Gus Ortiz"}


async def test_an_issue_goes_to_ci_when_its_closest_precedent_changed_only_ci(
    shop: TenantGraph,
) -> None:
    res = await triage(shop, "Tags point at the wrong commit")
    assert res.data["kinds"] == {"named": [], "shown_by_closest": ["ci"]}
    assert res.data["components"][0]["component"] == ".github/workflows"
    assert res.data["similar"][0]["title"].startswith("Fix release tag")


async def test_a_precedent_that_also_changed_code_keeps_ci_out(shop: TenantGraph) -> None:
    res = await triage(shop, "Upload retries time out")
    assert res.data["kinds"] == {"named": [], "shown_by_closest": []}
    assert res.data["components"][0]["component"] == "src/api"
    assert ".github/workflows" not in [c["component"] for c in res.data["components"]]


async def test_each_area_says_which_kinds_of_file_put_it_there(shop: TenantGraph) -> None:
    """An area reached through ``package.json`` alone is a packaging answer, even at the
    top level where code could live too; one reached through code files is a code one."""
    res = await triage(shop, "The version in package.json is stale")
    assert res.data["kinds"]["shown_by_closest"] == ["packaging"]
    top = res.data["components"][0]
    assert (top["component"], top["kinds"]) == ("(root)", ["packaging"])
    res = await triage(shop, "Upload retries time out")
    assert res.data["components"][0]["kinds"] == ["code"]


async def test_chat_says_when_the_area_is_its_packaging_files(shop: TenantGraph) -> None:
    turn = await run_turn(
        shop,
        'Where does this issue go? "The version in package.json is stale"',
        TurnOptions(as_of=AS_OF, save=False),
    )
    assert "`(root)`, its packaging files" in turn.answer, turn.answer
    assert turn.verified, turn.checks
