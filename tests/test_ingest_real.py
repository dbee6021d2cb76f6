"""Ingest on real data carried in tests/data: slices of FalkorDB's git history (see
tests/data/github/README.md) and a QMSum meeting.

The GitHub loads run with embeddings off (they are about structure and idempotence, and
embedding thousands of commits would take minutes); the meeting test runs with them on,
because it checks that search finds the meeting by meaning as well as by words.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import sys
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from agents.tools import call_tool
from brain import Brain, InputInvalid, TenantGraph, WriteReport
from brain.ingest.github import (
    ROOT_COMPONENT,
    PeopleIndex,
    Signature,
    component_of,
    index_history,
    load_github,
    looks_like_bot,
    person_key,
    read_commits,
)
from brain.ingest.meetings import meeting_facts

DATA = Path(__file__).parent / "data"
PY_FILE = DATA / "github" / "falkordb-py.jsonl.gz"  # the oldest 150 commits
TS_FILE = DATA / "github" / "falkordb-ts.jsonl.gz"  # the newest 100 commits
TS_LIMIT = 80  # falkordb-ts is loaded in part, so a load's limit is exercised too
MEETING = DATA / "meetings" / "ES2002a.json"


def unique_slug() -> str:
    return f"gh-{uuid.uuid4().hex[:8]}"


def records(path: Path, limit: int | None = None) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return rows[:limit] if limit is not None else rows


READ_REPO_NODES = """
MATCH (n:Entity {type: $type})-[:IN_REPO]->(:Repository {id: $repo})
RETURN n.id
LIMIT $limit
"""


async def ids_in_repo(graph: TenantGraph, node_type: str, repo: str) -> set[str]:
    res = await graph.ro_query(
        "ids in repo",
        READ_REPO_NODES,
        {"type": node_type, "repo": f"repo:{repo}", "limit": 100_000},
    )
    return {row[0] for row in res.rows}


class Loaded:
    """A tenant holding the falkordb-py slice and part of the falkordb-ts one."""

    def __init__(self, graph: TenantGraph, reports: dict[str, WriteReport]) -> None:
        self.graph = graph
        self.reports = reports


@pytest.fixture(scope="session")
def plain_brain(quiet_brain: Brain) -> Brain:
    """The session's brain without embeddings: these tests never search by meaning."""
    return quiet_brain


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def loaded(plain_brain: Brain) -> Loaded:
    slug = unique_slug()
    await plain_brain.create_tenant(slug)
    graph = await plain_brain.tenant(slug)
    py = await load_github(graph, PY_FILE)
    ts = await load_github(graph, TS_FILE, limit=TS_LIMIT)
    return Loaded(graph, {"py": py, "ts": ts})


# --- GitHub history ---------------------------------------------------------------------


async def test_load_refuses_nothing(loaded: Loaded) -> None:
    for report in loaded.reports.values():
        assert report.refused == 0, report.refusals[:5]
        assert report.created > 0


async def test_one_commit_node_per_record(loaded: Loaded) -> None:
    py, ts = records(PY_FILE), records(TS_FILE, TS_LIMIT)
    py_commits = await ids_in_repo(loaded.graph, "Commit", "FalkorDB/falkordb-py")
    ts_commits = await ids_in_repo(loaded.graph, "Commit", "FalkorDB/falkordb-ts")
    assert len(py_commits) == len(py) == 150
    assert len(ts_commits) == len(ts) == TS_LIMIT
    assert py_commits == {f"commit:{r['repo']}@{r['sha'][:12]}" for r in py}


async def test_every_pr_commit_has_its_pull_request(loaded: Loaded) -> None:
    for path, limit, repo in (
        (PY_FILE, None, "FalkorDB/falkordb-py"),
        (TS_FILE, TS_LIMIT, "FalkorDB/falkordb-ts"),
    ):
        wanted = {f"pr:{r['repo']}#{r['pr']}" for r in records(path, limit) if r["pr"]}
        assert wanted
        assert await ids_in_repo(loaded.graph, "PullRequest", repo) == wanted


READ_FILE_COMPONENTS = """
MATCH (f:File)-[:IN_REPO]->(:Repository {id: $repo})
OPTIONAL MATCH (f)-[:IN_COMPONENT]->(c:Component)
RETURN f.path, collect(c.path), collect(c.id)
LIMIT $limit
"""


async def test_files_sit_in_components_by_prefix(loaded: Loaded) -> None:
    repo = "FalkorDB/falkordb-py"
    res = await loaded.graph.ro_query(
        "file components", READ_FILE_COMPONENTS, {"repo": f"repo:{repo}", "limit": 10_000}
    )
    paths = {f["path"] for r in records(PY_FILE) for f in r["files"]}
    assert {row[0] for row in res.rows} == paths
    for path, prefixes, ids in res.rows:
        assert prefixes == [component_of(path, 2)], path
        assert ids == [f"component:{repo}:{prefixes[0]}"]
    by_path = {row[0]: row[1][0] for row in res.rows}
    assert by_path["pyproject.toml"] == ROOT_COMPONENT
    assert by_path["falkordb/asyncio/graph.py"] == "falkordb/asyncio"
    assert by_path["falkordb/graph.py"] == "falkordb"


async def test_replaying_a_file_creates_nothing(loaded: Loaded) -> None:
    again = await load_github(loaded.graph, PY_FILE)
    assert (again.created, again.closed, again.refused) == (0, 0, 0)
    again = await load_github(loaded.graph, TS_FILE, limit=TS_LIMIT)
    assert (again.created, again.closed, again.refused) == (0, 0, 0)


READ_PERSON_REPOS = """
MATCH (p:Person)-[:AUTHORED]->(c:Commit)
WHERE p.email = $email OR $email IN p.emails
RETURN p.id, collect(DISTINCT c.repo)
LIMIT $limit
"""


async def test_same_author_in_two_repos_is_one_person(loaded: Loaded) -> None:
    def emails(rows: list[dict]) -> set[str]:
        return {r["author"]["email"].lower() for r in rows if not r["is_bot"]}

    shared = emails(records(PY_FILE)) & emails(records(TS_FILE, TS_LIMIT))
    assert shared, "the two slices must share an author for this test to mean anything"
    for email in sorted(shared):
        res = await loaded.graph.ro_query(
            "person repos", READ_PERSON_REPOS, {"email": email, "limit": 10}
        )
        assert len(res.rows) == 1, (email, res.rows)
        person, repos = res.rows[0]
        assert sorted(repos) == ["FalkorDB/falkordb-py", "FalkorDB/falkordb-ts"], email


READ_TOUCHED_MOST = """
MATCH (p:Person)-[:AUTHORED]->(c:Commit)-[:MODIFIES]->(f:File)
WHERE f.repo = $repo AND f.path STARTS WITH $prefix AND NOT coalesce(p.is_bot, false)
RETURN p.id, p.name, count(DISTINCT c) AS commits
ORDER BY commits DESC, p.id
LIMIT $limit
"""


READ_PERSON_ALIASES = """
MATCH (p:Person)
WHERE p.aliases IS NOT NULL
RETURN p.id, p.aliases
LIMIT $limit
"""


async def test_who_touched_the_client_code_most(loaded: Loaded) -> None:
    res = await loaded.graph.ro_query(
        "touched most",
        READ_TOUCHED_MOST,
        {"repo": "FalkorDB/falkordb-py", "prefix": "falkordb/", "limit": 5},
    )
    assert len(res.rows) == 5
    # The same count straight from the records: people (as the loader groups signatures
    # and entity resolution merged them) by commits touching falkordb/, bots and coding
    # assistants left out.
    aliases = await loaded.graph.ro_query("aliases", READ_PERSON_ALIASES, {"limit": 1_000})
    canonical = {alias: person for person, names in aliases.rows for alias in names}
    counted: Counter[str] = Counter()
    for r in records(PY_FILE):
        if not any(f["path"].startswith("falkordb/") for f in r["files"]):
            continue
        signatures = [r["author"], *r["co_authors"]]
        people = {canonical.get(key, key) for key, bot in map(person_of, signatures) if not bot}
        if r["is_bot"]:
            people.discard(canonical.get(person_of(r["author"])[0], ""))
        counted.update(people)
    # ties broken by id, as the query orders them
    expected = sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    assert [(row[0], row[2]) for row in res.rows] == expected
    roi = {
        person_of(r["author"])[0] for r in records(PY_FILE) if r["author"]["name"] == "Roi Lipman"
    }
    assert {canonical.get(p, p) for p in roi} == {"person:swilly22"}  # two addresses, one person
    assert not any("[bot]" in (row[1] or "") for row in res.rows)


_PY_PEOPLE: list[PeopleIndex] = []


def person_of(sig: dict) -> tuple[str, bool]:
    """A signature's person as the loader names it (its grouping of the file's signatures)."""
    if not _PY_PEOPLE:
        _PY_PEOPLE.append(index_history(PY_FILE))
    signature = Signature(**sig)
    human = _PY_PEOPLE[0].find(signature.name, signature.email)
    if human is not None:
        return human.id, human.is_bot
    return person_key(signature)[0], looks_like_bot(signature)


async def test_malformed_file_writes_nothing(plain_brain: Brain, tmp_path: Path) -> None:
    slug = unique_slug()
    await plain_brain.create_tenant(slug)
    graph = await plain_brain.tenant(slug)
    good = [json.dumps(r) for r in records(PY_FILE, 3)]
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([*good, '{"repo": "FalkorDB/x", "sha": "nope"', ""]))
    with pytest.raises(InputInvalid, match="line 4 is not JSON"):
        await load_github(graph, broken)
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text("\n".join([*good, json.dumps({"repo": "FalkorDB/x", "sha": "zz"})]))
    with pytest.raises(InputInvalid, match="line 4 is not a commit record"):
        await load_github(graph, wrong)
    garbage = tmp_path / "garbage.jsonl.gz"
    garbage.write_bytes(os.urandom(4096))
    with pytest.raises(InputInvalid, match="not a gzip file"):
        await load_github(graph, garbage)
    assert await ids_in_repo(graph, "Commit", "FalkorDB/falkordb-py") == set()
    assert [r for _, r in read_commits(PY_FILE, limit=2)][1].sha == records(PY_FILE, 2)[1]["sha"]


# --- a meeting transcript (embeddings on) -----------------------------------------------

READ_MEETING_LINES = """
MATCH (m:Meeting {id: $meeting})-[:HAS_CHUNK]->(c:Chunk)-[:SAID_BY]->(p:Person)
RETURN c.line, p.name, c.text
ORDER BY c.line
LIMIT $limit
"""


async def test_meeting_loads_and_search_finds_it(new_tenant: TenantGraph) -> None:
    transcript = json.loads(MEETING.read_text(encoding="utf-8"))
    facts = meeting_facts(
        name=MEETING.stem, transcript=transcript, src="file:ES2002a.json", as_of="2026-03-02"
    )
    report = await new_tenant.write_facts(list(enumerate(facts, 1)))
    assert report.refused == 0, report.refusals[:5]

    res = await new_tenant.ro_query(
        "meeting lines", READ_MEETING_LINES, {"meeting": "meeting-es2002a", "limit": 10_000}
    )
    turns = transcript["meeting_transcripts"]
    spoken = [
        i
        for i, t in enumerate(turns)
        if t["content"].replace("{vocalsound}", "").replace("{disfmarker}", "").strip()
    ]
    assert [row[0] for row in res.rows] == spoken
    for line, speaker, text in res.rows:  # line: the 0-based index of the source's turn
        assert speaker == turns[line]["speaker"]
        assert text.startswith(f"{speaker}: ")

    query = transcript["specific_query_list"][4]["query"]  # competitor information, 169-179
    result = await call_tool(new_tenant, "search", {"query": query, "limit": 5})
    top = [hit["id"] for hit in result.data["hits"]][:3]
    assert "meeting-es2002a" in top, result.data["hits"]
    again = await new_tenant.write_facts(list(enumerate(facts, 1)))
    assert again.created == 0


# --- the command line -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


async def hivebrain(*args: str, url: str, cwd: Path) -> Ran:
    """Run the CLI in its own process, as a user would (`python -m bots.cli` would import
    the CLI twice, so it is launched through its ``app``)."""
    env = {**os.environ, "FALKORDB_URL": url, "HIVEBRAIN_EMBEDDINGS": "false", "COLUMNS": "200"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from bots.cli import app; app(prog_name='hivebrain')",
        *args,
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=180)
    assert proc.returncode is not None
    return Ran(proc.returncode, out.decode(), err.decode())


async def test_cli_ingest_github_prints_counts(
    plain_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    slug = unique_slug()
    await plain_brain.create_tenant(slug)
    done = await hivebrain(
        "ingest", "github", slug, str(TS_FILE), "--limit", "40", url=falkordb_url, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "40 commits: created" in done.stdout
    assert "refused 0" in done.stdout

    again = await hivebrain(
        "ingest",
        "github",
        slug,
        str(TS_FILE),
        "--limit",
        "40",
        "--json",
        url=falkordb_url,
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["refused"] == 0

    garbage = tmp_path / "garbage.jsonl.gz"
    garbage.write_bytes(os.urandom(2048))
    failed = await hivebrain("ingest", "github", slug, str(garbage), url=falkordb_url, cwd=tmp_path)
    assert failed.returncode == 1
    lines = failed.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "not a gzip file" in lines[0]
    assert "Traceback" not in failed.stderr


async def test_cli_ingest_meeting_and_doc(
    plain_brain: Brain, falkordb_url: str, tmp_path: Path
) -> None:
    slug = unique_slug()
    await plain_brain.create_tenant(slug)
    meeting = await hivebrain(
        "ingest",
        "meeting",
        slug,
        str(MEETING),
        "--as-of",
        "2026-03-02",
        url=falkordb_url,
        cwd=tmp_path,
    )
    assert meeting.returncode == 0, meeting.stderr
    assert meeting.stdout.startswith("meeting ES2002a (qmsum, 287 lines): created")
    assert "rules: kept" in meeting.stdout
    notes = tmp_path / "notes.md"
    notes.write_text("# Remote control\n\nThe team agreed on a banana-shaped remote.\n")
    doc = await hivebrain("ingest", "doc", slug, str(notes), url=falkordb_url, cwd=tmp_path)
    assert doc.returncode == 0, doc.stderr
    assert "document notes.md: created 5" in doc.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"meeting_transcripts": [')
    failed = await hivebrain("ingest", "meeting", slug, str(bad), url=falkordb_url, cwd=tmp_path)
    assert failed.returncode == 1
    assert len(failed.stderr.strip().splitlines()) == 1
    assert "is not valid JSON" in failed.stderr
    binary = tmp_path / "scan.pdf"
    binary.write_bytes(b"%PDF-1.7\x00\x01 not text")
    refused = await hivebrain("ingest", "doc", slug, str(binary), url=falkordb_url, cwd=tmp_path)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "is a binary file, not text, Markdown or a JSON transcript" in refused.stderr
