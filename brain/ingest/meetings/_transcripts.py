"""A transcript as facts: the Meeting, one Chunk per spoken turn, who said it, who came.

Each turn is a Chunk whose ``line`` is its 0-based index in the source's list of turns
(the number QMSum spans, citations and minutes use), with its speaker and, where the
source has one, its time. Speakers are people: a speaker whose name or e-mail matches
someone already in the brain is that person (a meeting with "Meera" in a team that has
"Meera Shah" and no other Meera is hers), anyone else becomes a Person of their own.
A meeting's id derives from its identity: the whole path of its file or the recorder's
id for it (never a bare file name or a title and day, so two meetings that look alike stay
two), with its name kept in front for people. A line's id derives from its meeting, its
position and its words, so loading the same transcript twice adds nothing, and a corrected
transcript's changed or removed lines are new ids: the old ones are closed, never served.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from brain._tenant_graph import TenantGraph
from brain.ingest._slugs import slugify
from brain.ingest.meetings._formats import Transcript, Turn, clock, transcript_from_json

_NON_WORD = re.compile(r"[^a-z0-9@.]+")
#: People read to resolve speakers against; a tenant with more matches on name keys only.
MAX_PEOPLE = 20_000

READ_PEOPLE = """
MATCH (p:Person)
RETURN p.id, p.name, p.email
LIMIT $limit
"""


def meeting_id(name: str, *, source: str | None = None) -> str:
    """The id of the Meeting a transcript named ``name`` becomes.

    ``source`` is the meeting's identity when ``name`` is not one (a file's whole resolved
    path, a recorder's meeting id, a chat upload's URL): two ``transcript.txt`` in two
    folders are two meetings. Without it ``name`` is taken as the identity (a QMSum id).
    """
    if source is None:
        return f"meeting-{slugify(name)}"
    digest = hashlib.sha1(source.encode()).hexdigest()[:10]
    return f"meeting-{slugify(name, limit=40)}-{digest}"


def line_chunk_id(meeting: str, line: int, turn: Turn) -> str:
    """The id of the Chunk holding 0-based turn ``line`` of ``meeting``.

    The turn's speaker and words are part of it: a corrected line is another Chunk, so
    the wrong one can be closed rather than silently kept (a reload adds nothing).
    """
    digest = hashlib.sha1(f"{turn.speaker}\n{turn.text}".encode()).hexdigest()[:8]
    return f"{meeting}#l{line}-{digest}"


def line_of_chunk(chunk_id: str) -> tuple[str, int] | None:
    """(meeting id, 0-based line) of a line's Chunk id; None for any other id."""
    meeting, sep, rest = chunk_id.rpartition("#l")
    number = rest.split("-", 1)[0]
    return (meeting, int(number)) if sep and number.isdigit() else None


def person_key(name: str) -> str:
    """A person's name folded for matching: accents, case and punctuation dropped."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(_NON_WORD.sub(" ", text).split())


@dataclass(slots=True)
class Speakers:
    """Speaker label -> Person id, and which of them were already in the brain."""

    ids: dict[str, str] = field(default_factory=dict)
    existing: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)  # person id -> display name


async def resolve_speakers(
    graph: TenantGraph, transcript: Transcript, *, named: tuple[str, ...] = ()
) -> Speakers:
    """Match each speaker (and listed attendee) to a Person by e-mail, full name or a
    first name only one person has; the rest get ids of their own. ``named``: people the
    meeting hands work to who did not speak ("Wayne: floats by Friday"), matched the same
    way but only to people already in the brain (a name alone makes nobody new)."""
    res = await graph.read("meeting people", READ_PEOPLE, {"limit": MAX_PEOPLE})
    by_email: dict[str, str] = {}
    by_name: dict[str, str] = {}
    by_first: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for pid, name, email in res.rows:
        names[str(pid)] = str(name or pid)
        if isinstance(email, str) and email:
            by_email[email.strip().lower()] = str(pid)
        if isinstance(name, str) and name:
            key = person_key(name)
            by_name[key] = str(pid)
            by_first.setdefault(key.split(" ")[0], []).append(str(pid))
    speakers = Speakers()
    labels = [(t.speaker, t.email) for t in transcript.turns]
    labels += list(transcript.attendees)
    spoke = len(labels)
    labels += [(n, None) for n in named]
    for n, (label, email) in enumerate(labels):
        if label in speakers.ids:
            continue
        key = person_key(label)
        found = (
            (by_email.get(email.strip().lower()) if email else None)
            or by_name.get(key)
            or (by_first[key][0] if " " not in key and len(by_first.get(key, [])) == 1 else None)
        )
        if found:
            speakers.ids[label] = found
            speakers.existing.add(found)
            speakers.names[found] = names[found]
        elif n < spoke:
            pid = f"person-{slugify(label, limit=40)}"
            speakers.ids[label] = pid
            speakers.names[pid] = label
    return speakers


def transcript_facts(
    transcript: Transcript,
    *,
    name: str,
    src: str,
    as_of: str,
    speakers: Speakers | None = None,
    meeting: str | None = None,
) -> list[dict[str, Any]]:
    """Facts for a parsed transcript: Meeting, Chunks (HAS_CHUNK, SAID_BY), people (ATTENDED).

    Without ``speakers`` (no graph to resolve against) every speaker gets an id of its own.
    """
    meeting = meeting or meeting_id(name)
    if speakers is None:
        speakers = Speakers()
        for turn in transcript.turns:
            if turn.speaker not in speakers.ids:
                pid = f"person-{slugify(turn.speaker, limit=40)}"
                speakers.ids[turn.speaker] = pid
                speakers.names[pid] = turn.speaker
    node: dict[str, Any] = {
        "type": "Meeting",
        "id": meeting,
        "name": transcript.title or name,
        "lines": len(transcript.turns),
        "format": transcript.format,
        "src": src,
        "asOf": as_of,
    }
    facts: list[dict[str, Any]] = [{"node": node}]
    seen: set[str] = set()
    emails = {t.speaker: t.email for t in transcript.turns if t.email}
    emails.update({n: e for n, e in transcript.attendees if e})
    attendees = [t.speaker for t in transcript.turns] + [n for n, _ in transcript.attendees]
    for label in attendees:
        pid = speakers.ids[label]
        if pid in seen:
            continue
        seen.add(pid)
        if pid not in speakers.existing:
            person: dict[str, Any] = {
                "type": "Person",
                "id": pid,
                "name": label,
                "src": src,
                "asOf": as_of,
            }
            if label in emails:
                person["email"] = emails[label]
            facts.append({"node": person})
        facts.append({"edge": _edge(pid, "ATTENDED", meeting, src, as_of)})
    for line, turn in enumerate(transcript.turns):
        if turn.text:
            facts.extend(_turn_facts(meeting, line, turn, speakers.ids[turn.speaker], src, as_of))
    return facts


def _turn_facts(
    meeting: str, line: int, turn: Turn, person: str, src: str, as_of: str
) -> list[dict[str, Any]]:
    chunk = line_chunk_id(meeting, line, turn)
    node: dict[str, Any] = {
        "type": "Chunk",
        "id": chunk,
        "name": f"line {line} of {meeting.removeprefix('meeting-')}",
        "text": f"{turn.speaker}: {turn.text}",
        "line": line,
        "position": line + 1,
        "speaker": turn.speaker,
        "src": src,
        "asOf": as_of,
    }
    if turn.start is not None:
        node["time"] = clock(turn.start)
        node["startSec"] = round(turn.start, 3)
    return [
        {"node": node},
        {"edge": _edge(meeting, "HAS_CHUNK", chunk, src, as_of)},
        {"edge": _edge(chunk, "SAID_BY", person, src, as_of)},
    ]


def _edge(a: str, rel: str, b: str, src: str, as_of: str) -> dict[str, Any]:
    return {"from": a, "type": rel, "to": b, "since": as_of, "src": src, "asOf": as_of}


def meeting_facts(*, name: str, transcript: Any, src: str, as_of: str) -> list[dict[str, Any]]:
    """Facts for decoded transcript JSON (QMSum ``{"meeting_transcripts": [...]}``, a list of
    ``{"speaker", "content"}`` turns, or recorder JSON with ``sentences``), no graph needed:
    every speaker is a Person of their own (``brain.ingest.load_meeting`` resolves them)."""
    return transcript_facts(transcript_from_json(name, transcript), name=name, src=src, as_of=as_of)
