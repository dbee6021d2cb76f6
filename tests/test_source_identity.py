"""A source's identity is its whole path or its platform id: two meetings or folders that
look alike never merge, a corrected transcript closes the lines it lost, and a document
gone from its folder leaves lookup. Trades: a veterinary practice and a print shop."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agents.tools import call_tool
from brain import Brain, TenantGraph
from brain.ingest import load_documents, load_meeting, parse_transcript
from tests.conftest import unique_slug

HIVEBRAIN = Path(sys.executable).with_name("hivebrain")

MONDAY = "Noor Haddad: The autoclave failed its spore test.\nIan Kerr: Book the engineer today.\n"
TUESDAY = "Ian Kerr: Vaccine fridge alarm went off overnight.\n"

READ_LINES = """
MATCH (m:Meeting)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN m.id, m.name, c.text
ORDER BY m.id, c.line
LIMIT 100
"""

READ_OPEN_PASSAGES = """
MATCH (d:Document)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN d.name, c.text
ORDER BY d.name
LIMIT 100
"""


@pytest.fixture
def hivebrain(falkordb_url: str, tmp_path: Path) -> Any:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "DISCORD_"))} | {
        "FALKORDB_URL": falkordb_url,
        "HIVEBRAIN_EMBEDDINGS": "false",
        "HIVEBRAIN_DATA_DIR": str(tmp_path / "data"),
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }

    async def run(*args: str) -> subprocess.CompletedProcess[str]:
        return await asyncio.to_thread(
            subprocess.run,
            [str(HIVEBRAIN), *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    return run


async def lines_by_meeting(graph: TenantGraph) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for mid, _, text in (await graph.read("lines", READ_LINES, {})).rows:
        out.setdefault(str(mid), []).append(str(text))
    return out


async def test_two_transcripts_with_one_file_name_stay_two_meetings(
    quiet_brain: Brain, hivebrain: Any, tmp_path: Path
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    for day, text in (("mon", MONDAY), ("tue", TUESDAY)):
        (tmp_path / day).mkdir()
        (tmp_path / day / "transcript.txt").write_text(text)
    first = await hivebrain(
        "ingest", "meeting", slug, "mon/transcript.txt", "--date", "2026-11-02", "--json"
    )
    second = await hivebrain(
        "ingest", "meeting", slug, "tue/transcript.txt", "--date", "2026-11-03", "--json"
    )
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert json.loads(first.stdout)["meeting"] != json.loads(second.stdout)["meeting"]
    lines = await lines_by_meeting(await quiet_brain.tenant(slug))
    assert sorted(lines.values()) == [
        ["Ian Kerr: Vaccine fridge alarm went off overnight."],
        [
            "Noor Haddad: The autoclave failed its spore test.",
            "Ian Kerr: Book the engineer today.",
        ],
    ], lines
    # the same file again is the same meeting: nothing new
    again = await hivebrain(
        "ingest", "meeting", slug, "mon/transcript.txt", "--date", "2026-11-02", "--json"
    )
    assert json.loads(again.stdout)["created"] == 0, again.stdout


async def test_a_corrected_transcript_closes_the_lines_it_no_longer_has(
    new_tenant: TenantGraph,
) -> None:
    wrong = (
        "Noor Haddad: The autoclave failed its spore test.\n"
        "Ian Kerr: The rabies vaccine is out of stock.\n"
        "Noor Haddad: Book the engineer today.\n"
    )
    right = "Noor Haddad: The autoclave failed its spore test.\nNoor Haddad: Book the engineer.\n"
    for text in (wrong, right):
        loaded = await load_meeting(
            new_tenant,
            parse_transcript("huddle.txt", text),
            name="huddle",
            src="file:huddle.txt",
            as_of="2026-11-02",
        )
    assert loaded.closed == 2, loaded
    lines = await lines_by_meeting(new_tenant)
    assert list(lines.values()) == [
        ["Noor Haddad: The autoclave failed its spore test.", "Noor Haddad: Book the engineer."]
    ], lines
    found = await call_tool(new_tenant, "search", {"query": "rabies vaccine out of stock"})
    assert all("rabies" not in p["text"] for p in found.data["passages"]), found.data
    # the removed line is closed, not deleted
    kept = await new_tenant.read(
        "old", "MATCH (c:Chunk) WHERE c.text CONTAINS 'rabies' RETURN count(c) LIMIT 1", {}
    )
    assert kept.rows == [[1]]


async def test_two_folders_with_one_base_name_stay_apart(
    new_tenant: TenantGraph, tmp_path: Path
) -> None:
    eng, sales = tmp_path / "eng" / "docs", tmp_path / "sales" / "docs"
    texts = ((eng, "Plates are baked at 120 degrees."), (sales, "Quotes last 30 days."))
    for folder, text in texts:
        folder.mkdir(parents=True)
        (folder / "guide.md").write_text(f"# Guide\n\n{text}\n")
    await load_documents(new_tenant, [eng])
    second = await load_documents(new_tenant, [sales])
    assert second.closed == 0, second
    rows = (await new_tenant.read("open", READ_OPEN_PASSAGES, {})).rows
    assert sorted(text for _, text in rows) == [
        "Plates are baked at 120 degrees.",
        "Quotes last 30 days.",
    ], rows
    # the same folder named another way (a relative path, a trailing slash) is the same folder
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        again = await load_documents(new_tenant, [Path("eng/docs/")])
    finally:
        os.chdir(cwd)
    assert again.report is not None and again.report.created == 0 and again.closed == 0


async def test_a_deleted_document_leaves_lookup(new_tenant: TenantGraph, tmp_path: Path) -> None:
    folder = tmp_path / "shop"
    folder.mkdir()
    (folder / "prices.md").write_text("# Prices\n\nA0 posters cost 40 euros each.\n")
    (folder / "hours.md").write_text("# Hours\n\nThe shop opens at eight.\n")
    await load_documents(new_tenant, [folder])
    before = await call_tool(new_tenant, "lookup", {"name": "prices.md"})
    assert before.found and "40 euros" in json.dumps(before.data)
    (folder / "prices.md").unlink()
    reloaded = await load_documents(new_tenant, [folder])
    assert reloaded.closed == 1
    after = await call_tool(new_tenant, "lookup", {"name": "prices.md"})
    assert "40 euros" not in json.dumps(after.data), after.data
    found = await call_tool(new_tenant, "search", {"query": "A0 posters price"})
    assert "40 euros" not in json.dumps(found.data)
    # the text is kept, one hop away, as the document's earlier state
    kept = await new_tenant.read(
        "v", "MATCH (v:Version)-[:VERSION_OF]->(:Document) RETURN v.state LIMIT 5", {}
    )
    assert any("40 euros" in str(state) for (state,) in kept.rows), kept.rows


def test_two_uploads_with_one_name_stay_two() -> None:
    from brain.ingest import upload_facts

    def ids(source: str, data: bytes, name: str) -> set[str]:
        facts = upload_facts(name=name, data=data, src="slack:file", as_of="2026-11-02",
                             source=source)  # fmt: skip
        return {f["node"]["id"] for f in facts if f.get("node", {}).get("type") in
                ("Document", "Meeting")}  # fmt: skip

    note = b"# Notes\n\nThe X-ray room is closed on Friday.\n"
    assert ids("slack:https://files/F1/notes.md", note, "notes.md") != ids(
        "slack:https://files/F2/notes.md", note, "notes.md"
    )
    vtt = b"WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Noor>Hello.\n"
    assert ids("discord:https://cdn/1/call.vtt", vtt, "call.vtt") != ids(
        "discord:https://cdn/2/call.vtt", vtt, "call.vtt"
    )


async def test_two_single_documents_with_one_name_stay_two(
    quiet_brain: Brain, hivebrain: Any, tmp_path: Path
) -> None:
    slug = unique_slug()
    await quiet_brain.create_tenant(slug)
    for team, text in (("front", "Reception opens at eight."), ("lab", "Samples go out at four.")):
        (tmp_path / team).mkdir()
        (tmp_path / team / "notes.md").write_text(f"{text}\n")
        done = await hivebrain("ingest", "doc", slug, f"{team}/notes.md")
        assert done.returncode == 0, done.stderr
    docs = await (await quiet_brain.tenant(slug)).read(
        "d", "MATCH (d:Document) RETURN count(d) LIMIT 1", {}
    )
    assert docs.rows == [[2]]
