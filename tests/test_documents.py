"""Documents from files and folders: structure, mentions, changes, removals, bad inputs.
Another trade than the sample business: a building site's safety plan and pour rules."""

from __future__ import annotations

import json
import os
from pathlib import Path

from brain import TenantGraph
from brain.ingest import load_documents, split_passages

PLAN = "# Site safety plan\n\n## Cranes\n\nThe mobile crane is inspected daily by Luis Ortega.\n"
SCAFFOLD = "\n## Scaffolds\n\nScaffold tags are checked every morning before work starts.\n"
POURS = (
    "<html><body><nav>menu</nav><article><h1>Concrete pours</h1><p>Every pour needs a "
    "formwork inspection signed off by the site manager before a truck is booked.</p>"
    "</article></body></html>"
)

READ_OPEN = """
MATCH (d:Document)-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN d.name, c.section
ORDER BY d.name, c.section
LIMIT 50
"""

READ_VERSIONS = """
MATCH (v:Version)-[:VERSION_OF]->(:Document {name: 'safety.md'})
RETURN v.state
LIMIT 5
"""


def test_passages_keep_their_heading_path() -> None:
    parts = split_passages(PLAN + SCAFFOLD)
    assert [p.section for p in parts] == [
        "Site safety plan > Cranes",
        "Site safety plan > Scaffolds",
    ]
    long = split_passages("word " * 600, size=900, overlap=100)
    assert len(long) > 2 and all(len(p.text) <= 900 for p in long)


async def test_a_folder_loads_changes_and_removals(new_tenant: TenantGraph, tmp_path: Path) -> None:
    person = {
        "type": "Person",
        "id": "person-luis",
        "name": "Luis Ortega",
        "src": "hr",
        "asOf": "2026-01-01",
    }
    await new_tenant.write_facts([(1, {"node": person})])
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "safety.md").write_text(PLAN + SCAFFOLD)
    (folder / "pours.html").write_text(POURS)
    (folder / "empty.txt").write_text("")
    (folder / "bin.txt").write_bytes(b"ab\x00\x01")
    (folder / "latin.txt").write_bytes(b"caf\xe9")
    (folder / "locked.pdf").write_bytes(b"%PDF-1.4 broken")
    first = await load_documents(new_tenant, [folder])
    assert first.files == 2 and len(first.skipped) == 4, first.skipped
    assert all("\n" not in line for line in first.skipped)
    assert first.report is not None and first.report.refused == 0
    rows = (await new_tenant.read("open", READ_OPEN, {})).rows
    assert ["pours.html", "Concrete pours"] in rows
    mentions = await new_tenant.read(
        "m", "MATCH (c:Chunk)-[:MENTIONS]->(p {id: 'person-luis'}) RETURN c.section LIMIT 5", {}
    )
    assert mentions.rows == [["Site safety plan > Cranes"]]
    again = await load_documents(new_tenant, [folder])
    assert again.report is not None and again.report.created == 0 and again.closed == 0
    old_mtime = (folder / "safety.md").stat().st_mtime
    (folder / "safety.md").write_text(PLAN)
    os.utime(folder / "safety.md", (old_mtime + 60, old_mtime + 60))  # edited a minute later
    (folder / "pours.html").unlink()
    changed = await load_documents(new_tenant, [folder])
    assert changed.closed == 2
    assert changed.report is not None and changed.report.refused == 0
    rows = (await new_tenant.read("open", READ_OPEN, {})).rows
    assert rows == [["safety.md", "Site safety plan > Cranes"]]
    # the document holds the new text; the old text is a Version one hop away
    doc = await new_tenant.read(
        "doc", "MATCH (d:Document {name: 'safety.md'}) RETURN d.body LIMIT 1", {}
    )
    assert doc.rows[0][0].strip() == PLAN.strip()
    versions = await new_tenant.read("versions", READ_VERSIONS, {})
    assert len(versions.rows) == 1, versions.rows
    assert "Scaffold tags are checked" in json.loads(versions.rows[0][0])["body"]
    # loading the edited folder again keeps one Version, not two
    await load_documents(new_tenant, [folder])
    assert len((await new_tenant.read("versions", READ_VERSIONS, {})).rows) == 1
