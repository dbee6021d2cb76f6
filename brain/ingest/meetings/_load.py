"""Loading one meeting: parse, resolve speakers, extract, check, and write through the gate.

The extractor is a seam: ``agents`` passes a model-backed one when a model is configured;
without it the rules in ``brain.ingest.meetings._extract`` propose. Either way the candidates pass
the same check against the transcript, and the meeting, its lines, its people and what
was kept are written as one batch of facts, so a refused file leaves nothing half-loaded.
A meeting loaded again closes the lines its new transcript no longer has (a corrected
transcript), in the same batch: the old lines stay in the graph, and no read serves them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from brain._moments import format_moment, now_ms, parse_moment
from brain._tenant_graph import TenantGraph, WriteReport
from brain.ingest.meetings._context import context_texts, embed_line_contexts
from brain.ingest.meetings._extract import (
    Candidate,
    Extraction,
    attendee_label,
    check_candidates,
    extraction_facts,
    rules_candidates,
)
from brain.ingest.meetings._formats import Transcript, parse_transcript, transcript_from_json
from brain.ingest.meetings._transcripts import meeting_id, resolve_speakers, transcript_facts

#: Lines of one meeting read to find those a new transcript no longer has.
MAX_LINES = 200_000

READ_OPEN_LINES = """
MATCH (m:Meeting {id: $id})-[h:HAS_CHUNK]->(c:Chunk)
WHERE h.until IS NULL
RETURN c.id, h.since
LIMIT $limit
"""

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
    #: Lines of an earlier load that this transcript no longer has, now closed.
    closed: int = 0
    #: Lines whose context vector (the line with its neighbouring turns) was embedded now.
    contexts: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the meeting, the write counts, what extraction kept and dropped."""
        return {
            "meeting": self.meeting,
            "name": self.name,
            "format": self.format,
            "lines": self.lines,
            "spoken": self.spoken,
            "extractor": self.extractor,
            "extraction": self.extraction.summary(),
            "closed_lines": self.closed,
            "context_vectors": self.contexts,
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
    source: str | None = None,
    as_of: str | None = None,
    title: str | None = None,
    propose: Proposer | None = None,
    min_confidence: float | None = None,
) -> MeetingLoad:
    """Write a parsed transcript with its decisions and action items; see the module doc.

    ``as_of`` is the meeting's date (``--date``); without it the transcript's own date,
    else today. ``source`` is the meeting's identity (a file's whole resolved path, a
    recorder's meeting id): with it, ``name`` only keeps the id readable; without it,
    ``name`` is the identity. ``title`` is its display name.
    """
    when = as_of or transcript.date or (format_moment(now_ms()) or "")[:10]
    said_on = date.fromisoformat((format_moment(parse_moment(when, field="date")) or when)[:10])
    if title:
        transcript = replace(transcript, title=title)
    meeting = meeting_id(name, source=source)
    candidates = (
        await propose(transcript, said_on)
        if propose is not None
        else rules_candidates(transcript, said_on=said_on)
    )
    absent = tuple(
        dict.fromkeys(
            c.owner for c in candidates if c.owner and attendee_label(transcript, c.owner) is None
        )
    )
    speakers = await resolve_speakers(graph, transcript, named=absent)
    facts = transcript_facts(
        transcript, name=name, src=src, as_of=when, speakers=speakers, meeting=meeting
    )
    bar = {} if min_confidence is None else {"min_confidence": min_confidence}
    known = frozenset(a for a in absent if a in speakers.ids)  # absent, but in the brain
    extraction = check_candidates(transcript, candidates, said_on=said_on, known=known, **bar)
    facts += extraction_facts(
        extraction, transcript=transcript, meeting=meeting, speakers=speakers, src=src, as_of=when
    )
    gone = await _lines_gone(graph, meeting, facts)
    facts += gone
    # each new line's context vector is written with its own (``_context``'s docstring)
    texts = context_texts(transcript, meeting) if graph.embedder is not None else {}
    report = await graph.write_facts(list(enumerate(facts, 1)), contexts=texts)
    written = graph.last_embedding.contexts
    contexts = written + await embed_line_contexts(graph, transcript, meeting, texts=texts)
    return MeetingLoad(
        meeting=meeting,
        name=transcript.title or name,
        format=transcript.format,
        lines=len(transcript.turns),
        spoken=sum(1 for t in transcript.turns if t.text),
        report=report,
        extraction=extraction,
        extractor="model" if propose is not None else "rules",
        closed=len(gone),
        contexts=contexts,
    )


async def _lines_gone(
    graph: TenantGraph, meeting: str, facts: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Closing facts for the meeting's open lines that ``facts`` no longer hold."""
    kept = {
        str(f["edge"]["to"])
        for f in facts
        if "edge" in f and f["edge"]["type"] == "HAS_CHUNK" and f["edge"]["from"] == meeting
    }
    res = await graph.read(
        "open meeting lines", READ_OPEN_LINES, {"id": meeting, "limit": MAX_LINES}
    )
    now = now_ms()
    closing: list[dict[str, Any]] = []
    for chunk, since in res.rows:
        if str(chunk) in kept:
            continue
        # closed when the correction was seen (never before the line opened)
        until = format_moment(max(now, int(since) + 1)) or ""
        opened = format_moment(since) or until
        closing.append(
            {
                "edge": {
                    "from": meeting,
                    "type": "HAS_CHUNK",
                    "to": str(chunk),
                    "since": opened,
                    "until": until,
                    "src": "ingest",
                    "asOf": until,
                }
            }
        )
    return closing
