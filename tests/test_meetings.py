"""Meetings become memory: every transcript format, speakers resolved to people, decisions
and action items linked to the lines they were said in, and the model's proposals checked
against the transcript before anything is written. Trades other than the sample business:
a construction site meeting and a school board."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from agents.model import AnthropicModel, ModelExtractor
from brain import InputInvalid, TenantGraph
from brain.ingest import (
    Candidate,
    check_candidates,
    due_date,
    line_of_chunk,
    load_meeting,
    meeting_facts,
    parse_transcript,
    read_transcript,
)
from tests.fakes import FakeAnthropicAPI, text_reply

DATA = Path(__file__).parent / "data" / "meetings"
QMSUM = DATA / "ES2002a.json"  # one QMSum meeting, MIT (see data/meetings/README.md)
MONDAY = date(2026, 11, 30)

SRT = """1
00:00:00,500 --> 00:00:04,000
Helen Brooks: The heating bid came in over budget.

2
00:00:04,500 --> 00:00:09,000
Sam Patel: We agreed to phase the boiler work over two summers.
"""

FIREFLIES = {
    "data": {
        "transcript": {
            "title": "Kitchen refit call",
            "date": 1764633600000,  # 2025-12-02
            "meeting_attendees": [
                {"displayName": "Ana Silva", "email": "ana@tiles.example"},
                {"displayName": "Tom Reyes", "email": "tom@tiles.example"},
            ],
            "sentences": [
                {
                    "index": 0,
                    "speaker_name": "Ana Silva",
                    "text": "Grout colour is grey.",
                    "start_time": 1.2,
                    "end_time": 3.0,
                },
                {
                    "index": 1,
                    "speaker_name": "Tom Reyes",
                    "text": "I'll order the grey grout by Thursday.",
                    "start_time": 3.5,
                    "end_time": 6.0,
                },
            ],
        }
    }
}


def test_each_format_reads_into_numbered_turns() -> None:
    vtt = parse_transcript("board.vtt", (DATA / "school-board.vtt").read_text())
    assert vtt.format == "webvtt" and len(vtt.turns) == 4
    assert vtt.turns[1].speaker == "Sam Patel" and vtt.turns[1].start == 7.0
    srt = parse_transcript("heating.srt", SRT)
    assert srt.format == "srt" and [t.speaker for t in srt.turns] == ["Helen Brooks", "Sam Patel"]
    assert srt.turns[1].text.startswith("We agreed")
    lines = parse_transcript("site.txt", (DATA / "site-meeting.txt").read_text())
    assert lines.format == "lines" and lines.turns[3].speaker == "Priya Menon"
    ff = read_transcript("call.json", text=json.dumps(FIREFLIES))
    assert ff.format == "recorder-json" and ff.title == "Kitchen refit call"
    assert ff.date == "2025-12-02" and ff.turns[1].email == "tom@tiles.example"
    qm = parse_transcript("ES2002a.json", QMSUM.read_text())
    assert qm.format == "qmsum" and len(qm.turns) == 287
    assert "{vocalsound}" not in qm.turns[0].text


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "is empty"),
        ('{"meeting_transcripts": [', "not valid JSON"),
        ('{"title": "x"}', "not a transcript"),
        ("WEBVTT\n\nno cues here", "no captions"),
        ("just some words with no speaker", "no speaker"),
    ],
)
def test_a_bad_transcript_is_one_clear_line(text: str, needle: str) -> None:
    with pytest.raises(InputInvalid, match=needle) as err:
        parse_transcript("bad.txt", text)
    assert "\n" not in str(err.value)


def test_due_dates_are_relative_to_the_meeting() -> None:
    def said(text: str) -> str | None:
        found = due_date(text, said_on=MONDAY)
        return found[0].isoformat() if found else None

    assert said("send it by Friday") == "2026-12-04"
    assert said("by next Friday") == "2026-12-11"
    assert said("done by tomorrow") == "2026-12-01"
    assert said("by end of month") == "2026-11-30"
    assert said("by March 15") == "2027-03-15"
    assert said("by the 3rd") == "2026-12-03"
    assert said("at some point") is None


READ_LINES = """
MATCH (m:Meeting {id: $m})-[:HAS_CHUNK]->(c:Chunk)-[:SAID_BY]->(p:Person)
RETURN c.line, c.speaker, p.id, c.time
ORDER BY c.line
LIMIT 100
"""

READ_WORK = """
MATCH (d:Decision)-[:DECIDED_IN]->(m:Meeting {id: $m}), (d)-[:BASED_ON]->(c:Chunk)
RETURN 'decision' AS k, d.name AS n, c.line AS l, NULL AS o, NULL AS due
UNION ALL
MATCH (t:Task)-[:EVIDENCED_BY]->(c:Chunk)<-[:HAS_CHUNK]-(:Meeting {id: $m})
OPTIONAL MATCH (p:Person)-[o:OWNS]->(t)
RETURN 'task' AS k, t.name AS n, c.line AS l, p.id AS o, t.due AS due
"""


async def test_a_site_meeting_becomes_people_decisions_and_tasks(new_tenant: TenantGraph) -> None:
    person = {
        "type": "Person",
        "id": "person-luis",
        "name": "Luis Ortega",
        "src": "hr",
        "asOf": "2026-01-01",
        "email": "luis@build.example",
    }
    await new_tenant.write_facts([(1, {"node": person})])
    transcript = parse_transcript("site.txt", (DATA / "site-meeting.txt").read_text())
    loaded = await load_meeting(
        new_tenant, transcript, name="site-2026-11-30", src="file:site.txt", as_of="2026-11-30"
    )
    assert loaded.report.refused == 0, loaded.report.refusals
    assert [r for _, r in loaded.extraction.dropped] == [
        "owner 'Marco' did not attend and is nobody in the brain"
    ]
    rows = (await new_tenant.read("lines", READ_LINES, {"m": loaded.meeting})).rows
    assert [r[0] for r in rows] == list(range(9))
    # an existing person is the speaker; the others became people of their own
    assert {r[1]: r[2] for r in rows}["Luis Ortega"] == "person-luis"
    assert {r[1]: r[2] for r in rows}["Dana Okafor"] == "person-dana-okafor"
    work = (await new_tenant.read("work", READ_WORK, {"m": loaded.meeting})).rows
    decisions = {(name, line) for kind, name, line, _, _ in work if kind == "decision"}
    assert ("Push the pour to next Wednesday so the ties can be redone", 2) in decisions
    assert ("Go with the smaller mobile crane for the wall, it is half the price", 4) in decisions
    tasks = {name: (line, owner, due) for kind, name, line, owner, due in work if kind == "task"}
    assert tasks["Rebook the mobile crane"] == (5, "person-luis", "2026-12-04")
    assert tasks["Send the revised schedule to the client"] == (
        6,
        "person-priya-menon",
        "2026-12-01",
    )
    again = await load_meeting(
        new_tenant, transcript, name="site-2026-11-30", src="file:site.txt", as_of="2026-11-30"
    )
    assert again.report.created == 0 and again.report.updated == 0


async def test_work_handed_to_someone_absent_is_theirs_when_the_brain_knows_them(
    new_tenant: TenantGraph,
) -> None:
    """ "Marco will inspect the rebar": Marco did not speak, but the brain knows one Marco,
    so the task is his; a name the brain does not know still owns nothing."""
    marco = {"type": "Person", "id": "person-marco-b", "name": "Marco Bianchi", "src": "hr"}
    await new_tenant.write_facts([(1, {"node": {**marco, "asOf": "2026-01-01"}})])
    transcript = parse_transcript("site.txt", (DATA / "site-meeting.txt").read_text())
    loaded = await load_meeting(
        new_tenant, transcript, name="site-2026-11-30", src="file:site.txt", as_of="2026-11-30"
    )
    assert loaded.extraction.dropped == []
    work = (await new_tenant.read("work", READ_WORK, {"m": loaded.meeting})).rows
    owners = {name: owner for kind, name, _, owner, _ in work if kind == "task"}
    assert owners["Inspect the rebar on arrival"] == "person-marco-b"
    people = (await new_tenant.read("people", "MATCH (p:Person) RETURN p.id ORDER BY p.id")).rows
    assert ["person-marco"] not in people  # no second Marco made from a name alone


async def test_captions_keep_their_times_and_resolve_by_email(new_tenant: TenantGraph) -> None:
    person = {
        "type": "Person",
        "id": "person-t-reyes",
        "name": "T. Reyes",
        "src": "crm",
        "asOf": "2025-01-01",
        "email": "tom@tiles.example",
    }
    await new_tenant.write_facts([(1, {"node": person})])
    loaded = await load_meeting(
        new_tenant, read_transcript("call.json", data=FIREFLIES), name="kitchen", src="webhook"
    )
    rows = (await new_tenant.read("lines", READ_LINES, {"m": loaded.meeting})).rows
    assert rows[1][2] == "person-t-reyes" and rows[1][3] == "0:00:03"
    task = [c for c in loaded.extraction.kept if c.kind == "action"][0]
    assert (task.owner, task.due) == ("Tom Reyes", "2025-12-04")


def test_the_check_drops_what_the_transcript_does_not_bear_out() -> None:
    t = parse_transcript("board.vtt", (DATA / "school-board.vtt").read_text())
    out = check_candidates(
        t,
        [
            Candidate("decision", "Renew for one year", (2,), 0.9, basis="model"),
            Candidate("decision", "Close the library", (40,), 0.9, basis="model"),
            Candidate("action", "Call the operator", (1,), 0.3, basis="model"),
            Candidate("action", "Audit the buses", (1,), 0.9, owner="Dr. Who", basis="model"),
            Candidate("action", "Draft the tender", (3,), 0.8, owner="Grace", due="March 15"),
        ],
        said_on=date(2027, 1, 10),
    )
    assert [c.text for c in out.kept] == ["Renew for one year", "Draft the tender"]
    assert out.kept[1].owner == "Grace Kim" and out.kept[1].due == "2027-03-15"
    reasons = [r for _, r in out.dropped]
    assert reasons[0] == "cites line 40, which is not a spoken line of this meeting"
    assert reasons[1].startswith("confidence 0.30 is under")
    assert reasons[2] == "owner 'Dr. Who' did not attend and is nobody in the brain"


async def test_the_model_proposes_and_the_brain_checks(new_tenant: TenantGraph) -> None:
    reply = {
        "decisions": [
            {"text": "Renew the bus contract for one year", "lines": [2], "confidence": 0.92},
            {"text": "Cut library hours", "lines": [99], "confidence": 0.9},
        ],
        "action_items": [
            {
                "text": "Draft a tender",
                "owner": "Grace Kim",
                "due": "2027-03-15",
                "lines": [3],
                "confidence": 0.85,
            },
            {"text": "Phone parents", "owner": "Someone Else", "lines": [1], "confidence": 0.9},
        ],
    }
    async with FakeAnthropicAPI([text_reply("Here you go:\n" + json.dumps(reply))]) as fake:
        model = AnthropicModel(api_key="sk-ant-test", base_url=fake.base_url, retries=0)
        transcript = parse_transcript("board.vtt", (DATA / "school-board.vtt").read_text())
        loaded = await load_meeting(
            new_tenant,
            transcript,
            name="board-jan",
            src="file:board.vtt",
            as_of="2027-01-10",
            propose=ModelExtractor(model),
        )
        await model.close()
        sent = fake.requests[0]["messages"][0]["content"]
    assert "[2] Helen Brooks: After the vote" in sent
    assert loaded.extractor == "model"
    assert [c.text for c in loaded.extraction.kept] == [
        "Renew the bus contract for one year",
        "Draft a tender",
    ]
    assert len(loaded.extraction.dropped) == 2
    work = (await new_tenant.read("work", READ_WORK, {"m": loaded.meeting})).rows
    assert {(k, n, line) for k, n, line, _, _ in work} == {
        ("decision", "Renew the bus contract for one year", 2),
        ("task", "Draft a tender", 3),
    }


def test_qmsum_json_still_loads_without_a_graph() -> None:
    facts = meeting_facts(
        name="ES2002a", transcript=json.loads(QMSUM.read_text()), src="q", as_of="2026-01-05"
    )
    chunks = [f["node"] for f in facts if f.get("node", {}).get("type") == "Chunk"]
    assert chunks[0]["line"] == 0 and chunks[0]["id"].startswith("meeting-es2002a#l0-")


# --- questions across meetings, in chat (rules mode) -------------------------------------


async def test_questions_across_meetings_quote_the_line(new_tenant: TenantGraph) -> None:
    from agents import TurnOptions, run_turn

    site = parse_transcript("site.txt", (DATA / "site-meeting.txt").read_text())
    await load_meeting(
        new_tenant,
        site,
        name="site-2026-11-23",
        src="f",
        as_of="2026-11-23",
        title="Site meeting 23 November",
    )
    board = parse_transcript("board.vtt", (DATA / "school-board.vtt").read_text())
    await load_meeting(
        new_tenant,
        board,
        name="board-2026-11-30",
        src="f",
        as_of="2026-11-30",
        title="Board meeting 30 November",
    )

    last = await run_turn(
        new_tenant, "What was decided in the last meeting?", TurnOptions(save=False)
    )
    assert "Renew the bus contract for one year only" in last.answer, last.answer
    assert "decision-board-2026-11-30-l2-1" in last.citations and last.verified, last.checks

    who = await run_turn(
        new_tenant, "Who raised the crane hire cost concern?", TurnOptions(save=False)
    )
    assert who.answer.startswith("Priya Menon [[person-priya-menon]] raised it"), who.answer
    assert any(c.startswith("meeting-site-2026-11-23#l3-") for c in who.citations)

    mine = await run_turn(new_tenant, "What are my open action items?", TurnOptions(save=False))
    assert "Rebook the mobile crane" in mine.answer and "Draft the tender" in mine.answer
    luis = await run_turn(new_tenant, "Open action items for Luis Ortega?", TurnOptions(save=False))
    assert "Rebook the mobile crane" in luis.answer and "Draft the tender" not in luis.answer
    assert "27 November 2026" in luis.answer, luis.answer  # "by Friday", said on a Monday


def test_a_caption_upload_becomes_a_meeting() -> None:
    from brain.ingest import upload_facts

    data = (DATA / "school-board.vtt").read_bytes()
    facts = upload_facts(name="board.vtt", data=data, src="upload", as_of="2026-11-30")
    chunks = [f["node"] for f in facts if f.get("node", {}).get("type") == "Chunk"]
    assert [c["line"] for c in chunks] == [0, 1, 2, 3] and chunks[1]["time"] == "0:00:07"


# --- search inside one meeting -------------------------------------------------------------


async def test_search_within_a_meeting_keeps_to_its_lines(new_tenant: TenantGraph) -> None:
    from agents.tools import call_tool

    # two site meetings about the same crane: unscoped, either could answer
    first = "Dana Okafor: The crane hire runs at 1,800 a day.\nLuis Ortega: Rebook the crane."
    second = (
        "Priya Menon: Crane hire is over budget again.\n"
        "Luis Ortega: Then we hire the smaller mobile crane for the wall.\n"
        "Dana Okafor: Agreed, the mobile crane it is."
    )
    for name, text in (("crane-week-1", first), ("crane-week-2", second)):
        transcript = parse_transcript(f"{name}.txt", text)
        await load_meeting(new_tenant, transcript, name=name, src="f", as_of="2026-11-23")

    args = {"query": "what did we say about crane hire?", "within": "meeting-crane-week-2"}
    scoped = await call_tool(new_tenant, "search", args)
    lines = scoped.data["passages"]
    assert lines and {p["source"]["id"] for p in lines} == {"meeting-crane-week-2"}
    said = {line_of_chunk(p["id"]): p["said_by"]["name"] for p in lines}
    assert said.get(("meeting-crane-week-2", 0)) == "Priya Menon", lines
    assert [h["id"] for h in scoped.data["hits"]] == ["meeting-crane-week-2"]
    cited = {line_of_chunk(n.id) for n in scoped.evidence.nodes}
    assert ("meeting-crane-week-2", 0) in cited

    unknown = await call_tool(new_tenant, "search", {**args, "within": "week 9 call"})
    assert not unknown.found and unknown.message is not None
    assert "no meeting or document called 'week 9 call'" in unknown.message


# --- each line's context vector ------------------------------------------------------------


async def test_each_line_gets_a_context_vector_once(new_tenant: TenantGraph) -> None:
    from agents.tools import call_tool

    text = (
        "Mara Quist: What do we do about the walk-in freezer that keeps icing up?\n"
        "Tom Achebe: Replace the door seal, the engineer says it's the gasket.\n"
        "Mara Quist: Fine, the seal then.\n"
        "Ines Varga: Menus for December are printed on Friday.\n"
    )
    transcript = parse_transcript("kitchen.txt", text)
    first = await load_meeting(new_tenant, transcript, name="kitchen", src="f", as_of="2026-11-30")
    assert first.contexts == 4 and first.as_dict()["context_vectors"] == 4
    # a reload with the same words embeds nothing again; a corrected line and its
    # neighbours are embedded anew
    again = await load_meeting(new_tenant, transcript, name="kitchen", src="f", as_of="2026-11-30")
    assert again.contexts == 0
    fixed = parse_transcript("kitchen.txt", text.replace("Fine, the seal then.", "Seal it is."))
    third = await load_meeting(new_tenant, fixed, name="kitchen", src="f", as_of="2026-11-30")
    assert third.contexts == 3  # lines 1, 2 (the new chunk) and 3 changed their context
    found = await call_tool(new_tenant, "search", {"query": "what fixes the freezer icing"})
    vias = {v for h in found.data["hits"] for v in h["via"]}
    assert "chunk-context" in vias, found.data
    assert "contextEmbedding" not in json.dumps(found.data)  # vectors are no reader's business
