"""Loading one meeting: parse, resolve speakers, extract, check, and write through the gate.

The extractor is a seam: ``agents`` passes a model-backed one when a model is configured;
without it the rules in ``brain.ingest.meetings._extract`` propose. Either way the candidates pass
the same check against the transcript, and the meeting, its lines, its people and what
was kept are written as one batch of facts, so a refused file leaves nothing half-loaded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from brain._moments import format_moment, now_ms, parse_moment
from brain._tenant_graph import TenantGraph, WriteReport
from brain.ingest.meetings._extract import (
    Candidate,
    Extraction,
    check_candidates,
    extraction_facts,
    rules_candidates,
)
from brain.ingest.meetings._formats import Transcript, parse_transcript, transcript_from_json
from brain.ingest.meetings._transcripts import meeting_id, resolve_speakers, transcript_facts

#: A model-backed extractor: the transcript and the meeting's day in, candidates out.
Proposer = Callable[[Transcript, date], Awaitable[list[Candidate]]]


@dataclass(frozen=True, slots=True)
class MeetingLoad:
    """What loading one meeting did."""

    meeting: str
    name: str
    format: str
    lines: int
    spoken: int
    report: WriteReport
    extraction: Extraction
    extractor: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the meeting, the write counts, what extraction kept and dropped."""
        return {
            "meeting": self.meeting,
            "name": self.name,
            "format": self.format,
            "lines": self.lines,
            "spoken": self.spoken,
            "extractor": self.extractor,
            **self.report.as_dict(),
            "kept": [_candidate(c) for c in self.extraction.kept],
            "dropped": [{**_candidate(c), "reason": r} for c, r in self.extraction.dropped],
        }


def _candidate(c: Candidate) -> dict[str, Any]:
    return {
        "kind": c.kind,
        "text": c.text,
        "lines": list(c.lines),
        "owner": c.owner,
        "due": c.due,
        "confidence": c.confidence,
    }


def read_transcript(name: str, *, text: str | None = None, data: Any = None) -> Transcript:
    """A transcript from text in any supported format, or from decoded JSON."""
    if text is not None:
        return parse_transcript(name, text)
    return transcript_from_json(name, data)


async def load_meeting(
    graph: TenantGraph,
    transcript: Transcript,
    *,
    name: str,
    src: str,
    as_of: str | None = None,
    title: str | None = None,
    propose: Proposer | None = None,
    min_confidence: float | None = None,
) -> MeetingLoad:
    """Write a parsed transcript with its decisions and action items; see the module doc.

    ``as_of`` is the meeting's date (``--date``); without it the transcript's own date,
    else today. ``name`` gives the meeting its id; ``title`` its display name.
    """
    when = as_of or transcript.date or (format_moment(now_ms()) or "")[:10]
    said_on = date.fromisoformat((format_moment(parse_moment(when, field="date")) or when)[:10])
    if title:
        transcript = Transcript(
            transcript.format, transcript.turns, title, transcript.date, transcript.attendees
        )
    meeting = meeting_id(name)
    speakers = await resolve_speakers(graph, transcript)
    facts = transcript_facts(
        transcript, name=name, src=src, as_of=when, speakers=speakers, meeting=meeting
    )
    candidates = (
        await propose(transcript, said_on)
        if propose is not None
        else rules_candidates(transcript, said_on=said_on)
    )
    bar = {} if min_confidence is None else {"min_confidence": min_confidence}
    extraction = check_candidates(transcript, candidates, said_on=said_on, **bar)
    facts += extraction_facts(
        extraction, transcript=transcript, meeting=meeting, speakers=speakers, src=src, as_of=when
    )
    report = await graph.write_facts(list(enumerate(facts, 1)))
    return MeetingLoad(
        meeting=meeting,
        name=transcript.title or name,
        format=transcript.format,
        lines=len(transcript.turns),
        spoken=sum(1 for t in transcript.turns if t.text),
        report=report,
        extraction=extraction,
        extractor="model" if propose is not None else "rules",
    )
