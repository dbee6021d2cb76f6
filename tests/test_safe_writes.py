"""Nothing lost, nothing forged: the write path under concurrent writers and bad input.

Concurrent writers run as two handles of one ``Brain`` (one lock per tenant), as two
``Brain`` objects on one server (no shared lock: only the comparison inside each write
statement decides) and as two ``hivebrain ingest facts`` processes. Each must leave the
graph exactly as writing the same files one after the other does.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from brain import Brain, BrainSettings, InvalidSlug, TenantGraph
from brain.schema import name_key

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")
N_NODES = 3_000
OLD, NEW = "2026-01-01", "2026-06-01"


def slug() -> str:
    return f"t-{uuid.uuid4().hex[:8]}"


def node_facts(as_of: str, *, n: int = N_NODES) -> list[tuple[int, dict[str, Any]]]:
    """The same ``n`` Services, stating a status that names the date it was true."""
    return [
        (i + 1, {"node": {"type": "Service", "id": f"svc-{i}", "name": f"Service {i}",
                          "status": f"as of {as_of}", "src": "ops", "asOf": as_of}})
        for i in range(n)
    ]  # fmt: skip


def owner_facts(person: str, as_of: str, *, n: int = 300) -> list[tuple[int, dict[str, Any]]]:
    """``person`` owns tasks 0..n-1 from the same day, as a source dated ``as_of`` says."""
    facts: list[tuple[int, dict[str, Any]]] = []
    for i in range(n):
        facts.append((len(facts) + 1, {"edge": {"from": person, "type": "OWNS", "to": f"task-{i}",
                                                "since": "2026-01-01", "src": "crm",
                                                "asOf": as_of}}))  # fmt: skip
    return facts


def base_facts(n: int = 300) -> list[tuple[int, dict[str, Any]]]:
    people = [
        {"node": {"type": "Person", "id": p, "name": p.title(), "src": "hr", "asOf": OLD}}
        for p in ("ana", "ben")
    ]
    tasks = [
        {"node": {"type": "Task", "id": f"task-{i}", "name": f"Task {i}", "src": "pm", "asOf": OLD}}
        for i in range(n)
    ]
    return list(enumerate(people + tasks, 1))


READ_STATUS = "MATCH (n:Service) RETURN n.id, n.status, n.asOf ORDER BY n.id LIMIT 100000"
READ_OWNERS = """
MATCH (p:Person)-[e:OWNS]->(t:Task)
RETURN t.id, p.id, e.until IS NULL, coalesce(e.lost, false)
ORDER BY t.id, p.id
LIMIT 100000
"""


async def fresh(brain: Brain) -> TenantGraph:
    name = slug()
    await brain.create_tenant(name)
    return await brain.tenant(name)


async def test_two_handles_of_one_brain_newer_wins(quiet_brain: Brain) -> None:
    graph = await fresh(quiet_brain)
    other = await quiet_brain.tenant(graph.slug)  # a new handle, the same tenant lock
    await asyncio.gather(graph.write_facts(node_facts(NEW)), other.write_facts(node_facts(OLD)))
    rows = (await graph.read("status", READ_STATUS)).rows
    assert len(rows) == N_NODES
    assert {status for _, status, _ in rows} == {f"as of {NEW}"}


@pytest.mark.parametrize("newer_first", [True, False])
async def test_two_brains_without_a_shared_lock_newer_wins(
    quiet_brain: Brain, falkordb_url: str, newer_first: bool
) -> None:
    """Two Brains share no lock (as two processes): the write statements decide."""
    graph = await fresh(quiet_brain)
    async with Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as b2:
        other = await b2.tenant(graph.slug)
        first, second = (NEW, OLD) if newer_first else (OLD, NEW)
        await asyncio.gather(
            graph.write_facts(node_facts(first)), other.write_facts(node_facts(second))
        )
        rows = (await graph.read("status", READ_STATUS)).rows
    assert len(rows) == N_NODES
    wrong = [i for i, status, _ in rows if status != f"as of {NEW}"]
    assert wrong == []


async def test_concurrent_one_holder_slots_equal_one_by_one(
    quiet_brain: Brain, falkordb_url: str
) -> None:
    together, one_by_one = await fresh(quiet_brain), await fresh(quiet_brain)
    for graph in (together, one_by_one):
        await graph.write_facts(base_facts())
    async with Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as b2:
        other = await b2.tenant(together.slug)
        await asyncio.gather(
            together.write_facts(owner_facts("ana", OLD)),
            other.write_facts(owner_facts("ben", NEW)),
        )
    await one_by_one.write_facts(owner_facts("ben", NEW))
    await one_by_one.write_facts(owner_facts("ana", OLD))
    got = (await together.read("owners", READ_OWNERS)).rows
    want = (await one_by_one.read("owners", READ_OWNERS)).rows
    assert got == want
    assert {p for _, p, is_open, lost in got if is_open and not lost} == {"ben"}


def cli_env(falkordb_url: str, tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"),
        "COLUMNS": "200",
    }


def write_jsonl(path: Path, facts: list[tuple[int, dict[str, Any]]]) -> Path:
    path.write_text("".join(json.dumps(f) + "\n" for _, f in facts), encoding="utf-8")
    return path


@pytest.mark.skipif(not HIVEBRAIN.exists(), reason="the hivebrain script is not installed")
async def test_two_ingest_processes_at_once_newer_wins(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    graph = await fresh(quiet_brain)
    new = write_jsonl(tmp_path / "new.jsonl", node_facts(NEW))
    old = write_jsonl(tmp_path / "old.jsonl", node_facts(OLD))
    env = cli_env(falkordb_url, tmp_path)
    procs = [
        await asyncio.create_subprocess_exec(
            str(HIVEBRAIN), "ingest", "facts", graph.slug, str(path), "--json",
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        for path in (old, new)
    ]  # fmt: skip
    outs = [await p.communicate() for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    reports = [json.loads(out) for out, _ in outs]
    rows = (await graph.read("status", READ_STATUS)).rows
    assert len(rows) == N_NODES
    assert {status for _, status, _ in rows} == {f"as of {NEW}"}
    # every fact is accounted for, whichever process came second
    for report in reports:
        assert report["created"] + report["updated"] + report["unchanged"] == N_NODES


# --- what a source may not say ------------------------------------------------------------

BAD_LINES: list[tuple[str, str]] = [
    ('{"node": {"type": "Card", "id": "card-x", "kind": "refund", "state": "pending", '
     '"src": "f", "asOf": "2026-01-01"}}', "brain's own records"),
    ('{"node": {"type": "Turn", "id": "turn-x", "src": "f", "asOf": "2026-01-01"}}',
     "brain's own records"),
    ('{"node": {"type": "Finding", "id": "f-x", "src": "f", "asOf": "2026-01-01"}}',
     "brain's own records"),
    ('{"node": {"type": "Task", "id": "t1", "src": "f", "asOf": "2026-01-01", '
     '"recordedAt": "2020-01-01"}}', "'recordedAt' is the brain's own record"),
    ('{"node": {"type": "Task", "id": "t2", "src": "f", "asOf": "2026-01-01", '
     '"firstAsOf": "2020-01-01"}}', "'firstAsOf' is the brain's own record"),
    ('{"node": {"type": "Task", "id": "t3", "src": "f", "asOf": 253402300800000}}',
     "outside the years 1900-2200"),
    ('{"node": {"type": "Task", "id": "t4", "src": "f", "asOf": "1850-01-01"}}',
     "outside the years 1900-2200"),
    ('{"node": {"type": "Task", "id": "t5", "src": "f", "asOf": 1e309}}', "not a finite number"),
    ('{"node": {"type": "Task", "id": "t6", "src": "f", "asOf": "2026-01-01", '
     '"points": 99999999999999999999}}', "outside the 64-bit range"),
    ('{"node": {"type": "Task", "id": "t7", "src": "f", "asOf": "2026-01-01", "w": NaN}}',
     "not a finite number"),
    ('{"node": {"type": "Task", "id": "t8", "src": "f", "asOf": "2026-01-01", "tags": ['
     + ",".join(["1"] * 1001) + "]}}", "list of 1,001 items"),
    ('{"node": {"type": "Task", "id": "t9", "name": "a\\u0000b", "src": "f", '
     '"asOf": "2026-01-01"}}', "NUL character"),
    ('{"node": {"type": "Task", "id": "t10", "name": "a\\ud800b", "src": "f", '
     '"asOf": "2026-01-01"}}', "unpaired surrogate"),
    ("[" * 100_000 + "]" * 100_000, "nests JSON too deeply"),
    ('{"refusal": {"at": "yesterday", "line": 1, "reason": "x"}}', "not a date"),
    ('{"refusal": "no"}', "a refusal line is"),
    ('{"edge": {"from": "good", "type": "OWNS", "to": "good-task", "since": "2026-01-01", '
     '"src": "f", "asOf": "2026-01-01", "recordedAt": "2020-01-01"}}',
     "'recordedAt' is the brain's own record"),
    ('{"node": {"type": "Observation", "id": "o1", "src": "f", "asOf": "2026-01-01", '
     '"value": 1e400, "start": "2026-01-01", "end": "2026-01-02"}}', "not a finite number"),
]  # fmt: skip

GOOD_LINES = [
    '{"node": {"type": "Person", "id": "good", "name": "Good", "src": "f", "asOf": "2026-01-01"}}',
    '{"node": {"type": "Task", "id": "good-task", "name": "T", "src": "f", "asOf": "2026-01-01"}}',
    '{"edge": {"from": "good", "type": "OWNS", "to": "good-task", "since": "2026-01-01", '
    '"src": "f", "asOf": "2026-01-01"}}',
]


async def test_bad_lines_are_refused_with_line_and_reason_and_the_rest_loads(
    quiet_brain: Brain, tmp_path: Path
) -> None:
    from brain import read_facts

    graph = await fresh(quiet_brain)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(GOOD_LINES[:2] + [b for b, _ in BAD_LINES] + GOOD_LINES[2:]) + "\n")
    report = await graph.write_facts(read_facts(path))
    assert report.created == 3
    reasons = dict(report.refusals)
    for offset, (_, phrase) in enumerate(BAD_LINES):
        line = offset + 3
        assert phrase in reasons.get(line, ""), (line, reasons.get(line))
    assert report.refused == len(BAD_LINES)
    total, _ = await graph.refusals()
    assert total == len(BAD_LINES)


def test_names_keep_every_script() -> None:
    assert name_key("Дмитрий Smith", "Person") != name_key("Алексей Smith", "Person")
    assert name_key("Γιώργος Παπαδόπουλος", "Person") != name_key("Νίκος Παπαδόπουλος", "Person")
    assert name_key("王小明", "Person") != name_key("李小明", "Person")
    assert name_key("محمد علي", "Person") != name_key("أحمد علي", "Person")
    assert name_key("José García", "Person") == name_key("jose garcia", "Person")
    assert name_key("José García", "Person") != name_key("Josef García", "Person")
    assert name_key("ＤＭＩＴＲＩＹ", "Person") == name_key("dmitriy", "Person")  # NFKC
    assert name_key("ДМИТРИЙ  smith", "Person") == name_key("дмитрий smith", "Person")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Дмитрий Smith", "Алексей Smith"),
        ("Γιώργος Παπαδόπουλος", "Νίκος Παπαδόπουλος"),
        ("王小明", "李小明"),
        ("محمد علي", "أحمد علي"),
        ("Zoë Müller", "Zoé Muller-Lang"),
    ],
)
async def test_different_people_in_any_script_stay_apart(
    quiet_brain: Brain, first: str, second: str
) -> None:
    graph = await fresh(quiet_brain)
    facts = [
        (i, {"node": {"type": "Person", "id": f"p{i}", "name": n, "src": "hr", "asOf": OLD}})
        for i, n in enumerate((first, second), 1)
    ]
    report = await graph.write_facts(facts)
    assert (report.created, report.aliases) == (2, 0)
    same = [(3, {"node": {"type": "Person", "id": "p3", "name": first.upper(), "src": "crm",
                          "asOf": OLD}})]  # fmt: skip
    again = await graph.write_facts(same)
    assert again.aliases == 1  # the same name, other case: the same person


@pytest.mark.parametrize("bad", ["acme\n", "acme\r\n", "Acme", "acme\x00", "ac me", "аcme"])
async def test_slugs_are_matched_in_full(quiet_brain: Brain, bad: str) -> None:
    with pytest.raises(InvalidSlug):
        await quiet_brain.create_tenant(bad)


# --- the brain's own records: never forged by a file, restored whole from an export -------

CARD = {"type": "Card", "id": "card-1", "name": "Refund order 7", "kind": "refund",
        "preview": "refund 10 EUR", "payload": '{"amount": 10}', "status": "pending",
        "src": "assistant", "asOf": "2026-02-01"}  # fmt: skip


async def export_lines(graph: TenantGraph) -> list[dict[str, Any]]:
    from brain import export_facts

    return [fact async for fact in export_facts(graph)]


async def test_a_file_cannot_forge_or_rearm_a_card(quiet_brain: Brain) -> None:
    graph = await fresh(quiet_brain)
    made = await graph.write_facts([(1, {"node": CARD})], origin="assistant")
    assert made.created == 1
    assert await graph.compare_and_set(
        "card-1", expect={"status": "pending"}, changes={"status": "executed"}, src="t"
    )
    rearm = {**CARD, "status": "pending", "asOf": "2027-01-01", "payload": '{"amount": 9999}'}
    for origin in ("source", "assistant", "restore"):
        report = await graph.write_facts([(1, {"node": rearm})], origin=origin)
        assert report.refused == 1, origin
    assert (await graph.read("c", "MATCH (c:Card) RETURN c.status, c.payload")).rows == [
        ["executed", '{"amount": 10}']
    ]


async def test_export_restores_cards_as_decided_into_an_empty_tenant(
    quiet_brain: Brain,
) -> None:
    graph = await fresh(quiet_brain)
    await graph.write_facts([(1, {"node": CARD})], origin="assistant")
    await graph.compare_and_set(
        "card-1", expect={"status": "pending"}, changes={"status": "executed"}, src="t"
    )
    lines = await export_lines(graph)
    target = await fresh(quiet_brain)
    as_source = await target.write_facts(list(enumerate(lines, 1)))
    assert as_source.created == 0 and as_source.refused == len(lines)
    restored = await target.write_facts(list(enumerate(lines, 1)), origin="restore")
    assert restored.refused == 0 and restored.created == 1
    assert (await target.read("c", "MATCH (c:Card) RETURN c.status")).rows == [["executed"]]


async def test_concurrent_decisions_move_a_card_once(quiet_brain: Brain, falkordb_url: str) -> None:
    graph = await fresh(quiet_brain)
    ids = [f"card-{i}" for i in range(40)]
    facts = [(i, {"node": {**CARD, "id": c}}) for i, c in enumerate(ids, 1)]
    await graph.write_facts(facts, origin="assistant")
    async with Brain(BrainSettings(falkordb_url=falkordb_url, hivebrain_embeddings=False)) as b2:
        other = await b2.tenant(graph.slug)
        wins = await asyncio.gather(
            *(
                g.compare_and_set(c, expect={"status": "pending"}, changes={"status": s}, src="t")
                for c in ids
                for g, s in ((graph, "approved"), (other, "rejected"))
            )
        )
    assert sum(wins) == len(ids)


# --- the CLI: one line for every bad input, never a traceback -----------------------------


def run_cli(falkordb_url: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(HIVEBRAIN), *args],
        env=cli_env(falkordb_url, tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(not HIVEBRAIN.exists(), reason="the hivebrain script is not installed")
async def test_cli_bad_inputs_give_one_line(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    graph = await fresh(quiet_brain)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    facts = tmp_path / "bad.jsonl"
    facts.write_text("\n".join([GOOD_LINES[0], *(b for b, _ in BAD_LINES)]) + "\n")
    runs = {
        "meeting": run_cli(falkordb_url, tmp_path, "ingest", "meeting", graph.slug, str(deep)),
        "slug": run_cli(falkordb_url, tmp_path, "tenant", "stats", "acme\n"),
        "query": run_cli(falkordb_url, tmp_path, "query", graph.slug, "MATCH (a) RETURN a LIMIT"),
    }
    for what, proc in runs.items():
        assert proc.returncode == 1, (what, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr + proc.stdout, what
        assert len(proc.stderr.strip().splitlines()) == 1, (what, proc.stderr)
    loaded = run_cli(falkordb_url, tmp_path, "ingest", "facts", graph.slug, str(facts), "--json")
    assert loaded.returncode == 0, loaded.stderr
    report = json.loads(loaded.stdout)
    assert (report["created"], report["refused"]) == (1, len(BAD_LINES))
    lookup = run_cli(falkordb_url, tmp_path, "tenant", "export", graph.slug, "-o",
                     str(tmp_path / "out.jsonl"))  # fmt: skip
    assert lookup.returncode == 0, lookup.stderr


@pytest.mark.skipif(not HIVEBRAIN.exists(), reason="the hivebrain script is not installed")
async def test_tenant_import_loads_only_into_an_empty_tenant(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    graph = await fresh(quiet_brain)
    await graph.write_facts([(1, {"node": CARD})], origin="assistant")
    await graph.write_facts(node_facts(NEW, n=5))
    out = tmp_path / "export.jsonl"
    assert (
        run_cli(falkordb_url, tmp_path, "tenant", "export", graph.slug, "-o", str(out)).returncode
        == 0
    )
    target = await fresh(quiet_brain)
    first = run_cli(falkordb_url, tmp_path, "tenant", "import", target.slug, str(out), "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["created"] == 6
    second = run_cli(falkordb_url, tmp_path, "tenant", "import", target.slug, str(out))
    assert second.returncode == 1 and "empty tenant" in second.stderr


@pytest.mark.skipif(not HIVEBRAIN.exists(), reason="the hivebrain script is not installed")
async def test_an_oversized_query_is_bounded_in_rows_and_time(
    quiet_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    graph = await fresh(quiet_brain)
    await graph.write_facts(node_facts(NEW, n=60))
    rows = run_cli(
        falkordb_url, tmp_path, "query", graph.slug, "MATCH (a),(b),(c) RETURN a.id", "--json"
    )
    assert rows.returncode == 0, rows.stderr
    shown = json.loads(rows.stdout)
    assert len(shown["rows"]) == 1_000 and shown["truncated"]
    huge = run_cli(
        falkordb_url, tmp_path, "query", graph.slug,
        "MATCH (a),(b),(c) RETURN count(*) AS n, collect(a) AS all", "--json",
    )  # fmt: skip
    # collect() of whole nodes is cut inside the query to the row cap: a small reply
    assert huge.returncode == 0, huge.stderr
    assert "Traceback" not in huge.stderr + huge.stdout
    ((n, everything),) = json.loads(huge.stdout)["rows"]
    assert n >= 60**3 and len(everything) == 1_001  # (the tenant also holds its BrainMeta)
