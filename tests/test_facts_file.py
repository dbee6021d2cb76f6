"""Facts files: reading them strictly, exporting a tenant whole, and the CLI end to end."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest

from brain import (
    Brain,
    InputInvalid,
    TenantGraph,
    export_facts,
    parse_lines,
    read_facts,
    tenant_stats,
)

REPO = Path(__file__).resolve().parents[1]
HIVEBRAIN = REPO / ".venv" / "bin" / "hivebrain"


def node(
    node_type: str, node_id: str, *, as_of: str = "2026-08-01", **props: Any
) -> dict[str, Any]:
    return {"node": {"type": node_type, "id": node_id, "src": "setup", "asOf": as_of, **props}}


def edge(
    from_id: str, rel: str, to_id: str, since: str, *, as_of: str | None = None,
    src: str = "chat", **extra: Any,
) -> dict[str, Any]:  # fmt: skip
    return {
        "edge": {"from": from_id, "type": rel, "to": to_id, "since": since, "src": src,
                 "asOf": as_of or since, **extra}
    }  # fmt: skip


def jsonl(facts: list[Any]) -> str:
    return "".join(json.dumps(f) + "\n" for f in facts)


GOOD_FACTS = [
    node("Person", "priya", name="Priya Raman"),
    node("Task", "task-1", name="Roast schedule"),
    edge("priya", "OWNS", "task-1", "2026-09-01"),
]


# --- read_facts ----------------------------------------------------------------------------


def test_reads_a_good_file_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "facts.jsonl"
    lines = jsonl(GOOD_FACTS).splitlines()
    path.write_text("\ufeff" + lines[0] + "\n\n   \n" + lines[1] + "\r\n" + lines[2])

    facts = read_facts(path)

    assert [n for n, _ in facts] == [1, 4, 5], "blank lines are skipped, numbers kept"
    assert [f for _, f in facts] == GOOD_FACTS


async def test_a_line_that_is_not_json_stops_everything(
    tmp_path: Path, new_tenant: TenantGraph
) -> None:
    path = tmp_path / "facts.jsonl"
    good = jsonl(GOOD_FACTS).splitlines()
    path.write_text("\n".join([good[0], good[1], '{"node": {"type": "Task", "id": ', good[2]]))

    with pytest.raises(InputInvalid) as caught:
        await new_tenant.write_facts(read_facts(path))

    assert f"{path} line 3 is not JSON" in str(caught.value)
    assert "nothing was written" in str(caught.value)
    assert (await tenant_stats(new_tenant)).nodes == 0
    assert (await new_tenant.refusals())[0] == 0


def test_parse_lines_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(InputInvalid, match=r"upload line 2 is not JSON"):
        list(parse_lines(['{"node": {}}', "not json"], name="upload"))


@pytest.mark.parametrize(
    ("content", "phrase"),
    [
        (b'{"node": {"type": "Task"}}\n\x00\x01\x02binary', "is a binary file"),
        ('{"node": {"name": "caf\u00e9"}}\n'.encode("latin-1"), "is not UTF-8 text (byte 22)"),
    ],
    ids=["binary", "latin-1"],
)
def test_files_that_are_not_text_are_refused(tmp_path: Path, content: bytes, phrase: str) -> None:
    path = tmp_path / "facts.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputInvalid) as caught:
        read_facts(path)
    assert phrase in str(caught.value)
    assert "nothing was written" in str(caught.value)


def test_missing_file_and_directory_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputInvalid, match="no such file"):
        read_facts(tmp_path / "nope.jsonl")
    with pytest.raises(InputInvalid, match="is a folder"):
        read_facts(tmp_path)


async def test_json_lines_that_are_not_facts_are_refused_not_fatal(
    tmp_path: Path, new_tenant: TenantGraph
) -> None:
    path = tmp_path / "facts.jsonl"
    path.write_text(
        jsonl([GOOD_FACTS[0], [1, 2], "text", {"nodes": []}, {"node": "Task"}, {"edge": 5},
               GOOD_FACTS[1], GOOD_FACTS[2]])
    )  # fmt: skip

    report = await new_tenant.write_facts(read_facts(path))

    assert [line for line, _ in report.refusals] == [2, 3, 4, 5, 6]
    reasons = dict(report.refusals)
    assert reasons[2] == reasons[3] == reasons[4] == 'a fact is {"node": {...}} or {"edge": {...}}'
    assert reasons[5] == "a node fact must be a JSON object"
    assert reasons[6] == "an edge fact must be a JSON object"
    assert report.created == 3
    assert (await new_tenant.refusals())[0] == 5


# --- export -> ingest into an empty tenant loses nothing ------------------------------------

HISTORY: list[list[dict[str, Any]]] = [
    [
        node("Person", "founder", name="Asha Founder", email="asha@ember.coffee"),
        node("Person", "priya", name="Priya Raman", email="priya@ember.coffee"),
        node("Person", "ravi", name="Ravi Kumar"),
        node("Task", "task-roast", name="Roast schedule", status="open", as_of="2026-08-01"),
        node("Service", "checkout", name="Checkout", tier=1, tags=["web", "pay"]),
        node("Account", "stripe-key", name="Stripe key"),
        node("Metric", "orders", name="Orders", aggregation="sum"),
        node("Observation", "orders-w40", value=120, start="2026-10-01", end="2026-10-08"),
        node("Observation", "orders-w41", value=131.5, start="2026-10-08T00:00:00Z",
             end="2026-10-15T12:30:00+00:00"),
        edge("founder", "OWNS", "task-roast", "2026-08-20"),
        edge("checkout", "DEPENDS_ON", "stripe-key", "2026-06-01", critical=True),
        edge("orders-w40", "MEASURES", "orders", "2026-10-01"),
    ],
    [
        edge("priya", "OWNS", "task-roast", "2026-10-05"),  # owner change
        edge("ravi", "OWNS", "task-roast", "2026-09-01", as_of="2026-11-01"),  # late
        node("Task", "task-roast", name="Roast schedule", status="done", as_of="2026-10-20"),
        node("Task", "task-roast", name="Roast schedule", status="blocked", as_of="2026-09-10"),
        edge("checkout", "DEPENDS_ON", "stripe-key", "2026-06-01", until="2026-11-01",
             as_of="2026-11-02", src="ops-log"),  # stated end
        node("Person", "slack-U1", name="P R", email="Priya@Ember.coffee"),  # alias
        {"node": {"type": "Tsak", "id": "typo"}},  # refused
        {"edge": {"from": "priya", "type": "OWNS", "to": "ghost"}},  # refused
    ],
    [
        node("Task", "task-beans", name="Order beans"),
        edge("ravi", "OWNS", "task-beans", "2026-09-15", as_of="2026-09-15", src="crm"),
        edge("founder", "OWNS", "task-beans", "2026-09-15", as_of="2026-09-20", src="chat"),
        edge("slack-U1", "WORKS_ON", "task-beans", "2026-09-16"),  # via the alias
    ],
]  # fmt: skip


READ_NODES = "MATCH (n:Entity) RETURN labels(n), n ORDER BY n.id LIMIT 10000"
READ_EDGES = """
MATCH (a:Entity)-[e]->(b:Entity)
RETURN a.id, type(e), b.id, properties(e)
ORDER BY a.id, type(e), b.id, e.since
LIMIT 10000
"""
READ_REFUSALS = (
    "MATCH (r:Refusal) RETURN r.at, r.line, r.reason, r.fact ORDER BY r.at, r.line LIMIT 1000"
)
NODE_NOT_COMPARED = {"embedding", "textHash", "nameKey", "labels"}


async def full_projection(graph: TenantGraph) -> dict[str, Any]:
    nodes = (await graph.ro_query("t", READ_NODES, timeout_ms=30_000)).rows
    edges = (await graph.ro_query("t", READ_EDGES, timeout_ms=30_000)).rows
    refusals = (await graph.ro_query("t", READ_REFUSALS)).rows
    return {
        "nodes": [
            (sorted(labels), {k: v for k, v in props.items() if k not in NODE_NOT_COMPARED})
            for labels, props in nodes
        ],
        "edges": [(a, rel, b, props) for a, rel, b, props in edges],
        "refusals": refusals,
    }


async def make_tenant(brain: Brain) -> TenantGraph:
    slug = f"t-{uuid.uuid4().hex[:8]}"
    await brain.create_tenant(slug)
    return await brain.tenant(slug)


async def test_export_then_ingest_into_an_empty_tenant_loses_nothing(
    brain: Brain, tmp_path: Path
) -> None:
    source = await make_tenant(brain)
    for batch in HISTORY:
        await source.write_facts(list(enumerate(batch, 1)))
    original = await full_projection(source)
    # the history really holds every kind of thing the export must carry
    edges = [props for *_, props in original["edges"]]
    assert any(e.get("closeReason") == "next holder" for e in edges)
    assert any(e.get("lost") for e in edges)
    assert any(e.get("untilStated") and e.get("endSrc") == "ops-log" for e in edges)
    assert any(rel == "VERSION_OF" for _, rel, _, _ in original["edges"])
    assert any(props.get("aliases") for _, props in original["nodes"])
    assert any(props.get("updatedAt") for _, props in original["nodes"])
    assert any(labels == ["Entity", "Observation"] for labels, _ in original["nodes"])
    assert len(original["refusals"]) == 2

    path = tmp_path / "export.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        async for fact in export_facts(source):
            fh.write(json.dumps(fact, ensure_ascii=False, sort_keys=True) + "\n")
    target = await make_tenant(brain)
    report = await target.write_facts(read_facts(path), origin="restore")

    assert report.refused == 0, report.refusals
    restored = await full_projection(target)
    assert restored["nodes"] == original["nodes"]
    assert restored["edges"] == original["edges"]
    assert restored["refusals"] == original["refusals"]

    again = await target.write_facts(read_facts(path), origin="restore")  # a replay adds nothing
    assert (again.created, again.updated, again.closed, again.versions) == (0, 0, 0, 0)
    assert await full_projection(target) == original


# --- the CLI, end to end ------------------------------------------------------------------------


def cli(url: str, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIVEBRAIN_", "FALKORDB_"))}
    env["FALKORDB_URL"] = url
    # the session's exported embedding model (not a setting of the CLI under test)
    env["HIVEBRAIN_MODEL_CACHE_DIR"] = os.environ["HIVEBRAIN_MODEL_CACHE_DIR"]
    return subprocess.run(
        [str(HIVEBRAIN), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.mark.skipif(not HIVEBRAIN.exists(), reason="the hivebrain script is not installed")
async def test_cli_end_to_end(falkordb_url: str, tmp_path: Path) -> None:
    slug = f"t-{uuid.uuid4().hex[:8]}"
    facts = tmp_path / "facts.jsonl"
    facts.write_text(
        jsonl([*GOOD_FACTS, edge("priya", "OWNS", "nowhere", "2026-09-01"),
               node("Service", "checkout", name="Checkout")])
    )  # fmt: skip

    created = cli(falkordb_url, tmp_path, "tenant", "create", slug, "--name", "CLI test")
    assert created.returncode == 0, created.stderr
    assert f"created tenant {slug}" in created.stdout

    ingest = cli(falkordb_url, tmp_path, "ingest", "facts", slug, str(facts))
    assert ingest.returncode == 0, ingest.stderr
    out = " ".join(ingest.stdout.split())
    assert (
        "created 4 · updated 0 · unchanged 0 · closed 0 · versions 0 · merged 0 · refused 1" in out
    )
    assert "line 4: (priya)-[:OWNS]->(nowhere): no node 'nowhere' in this brain" in out

    stats = cli(falkordb_url, tmp_path, "tenant", "stats", slug, "--json")
    assert stats.returncode == 0, stats.stderr
    shown = json.loads(stats.stdout)
    assert shown["slug"] == slug and shown["nodes"] == 3 and shown["edges"] == 1
    assert shown["refusals"] == 1
    assert shown["nodes_by_type"] == {"Person": 1, "Service": 1, "Task": 1}
    assert shown["feedback"] == {"up": 0, "down": 0, "reasons": {}, "clicks": 0}
    plain = cli(falkordb_url, tmp_path, "tenant", "stats", slug)
    assert "feedback on answers: 0 👍, 0 👎, 0 clicks in all" in plain.stdout

    query = cli(
        falkordb_url, tmp_path, "query", slug,
        "MATCH (p:Person)-[e:OWNS]->(t:Task) RETURN p.id, t.id, e.src", "--json",
    )  # fmt: skip
    assert query.returncode == 0, query.stderr
    assert json.loads(query.stdout) == {
        "columns": ["p.id", "t.id", "e.src"],
        "rows": [["priya", "task-1", "chat"]],
        "truncated": False,
    }
    write_attempt = cli(falkordb_url, tmp_path, "query", slug, "CREATE (:Entity {id: 'x'})")
    assert "only reads" in one_line_error(write_attempt)

    bad_file = tmp_path / "bad.jsonl"
    bad_file.write_text(jsonl([node("Service", "not-written", name="Billing")]) + "{oops\n")
    bad_ingest = cli(falkordb_url, tmp_path, "ingest", "facts", slug, str(bad_file))
    assert "line 2 is not JSON" in one_line_error(bad_ingest)

    exported = tmp_path / "export.jsonl"
    export = cli(falkordb_url, tmp_path, "tenant", "export", slug, "-o", str(exported))
    assert export.returncode == 0, export.stderr
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    assert len(lines) == 3 + 1 + 1  # three nodes, one edge, one refusal: no "not-written"
    assert "not-written" not in exported.read_text()
    assert f"exported {len(lines)} facts" in export.stdout
    assert sum("refusal" in fact for fact in lines) == 1

    no_confirm = cli(falkordb_url, tmp_path, "tenant", "erase", slug)
    assert no_confirm.returncode == 1 and "without --yes" in no_confirm.stderr
    erase = cli(falkordb_url, tmp_path, "tenant", "erase", slug, "--yes")
    assert erase.returncode == 0, erase.stderr
    assert f"erased tenant {slug}" in erase.stdout
    gone = cli(falkordb_url, tmp_path, "tenant", "stats", slug)
    assert f"no tenant '{slug}'" in one_line_error(gone)

    bad_slug = cli(falkordb_url, tmp_path, "tenant", "create", "Bad_Slug")
    assert "invalid tenant slug 'Bad_Slug'" in one_line_error(bad_slug)
    assert not (tmp_path / ".hivebrain").exists(), "the CLI used FALKORDB_URL, not a local server"
