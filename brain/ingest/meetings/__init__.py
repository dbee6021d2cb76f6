"""Meetings as facts: transcript formats, speakers, decisions and action items, due dates."""

from __future__ import annotations

from brain.ingest.meetings._due_dates import due_date
from brain.ingest.meetings._extract import (
    MIN_CONFIDENCE,
    Candidate,
    Extraction,
    check_candidates,
    rules_candidates,
)
from brain.ingest.meetings._formats import Transcript, Turn, parse_transcript, transcript_from_json
from brain.ingest.meetings._load import MeetingLoad, Proposer, load_meeting, read_transcript
from brain.ingest.meetings._transcripts import (
    line_chunk_id,
    line_of_chunk,
    meeting_facts,
    meeting_id,
    transcript_facts,
)

__all__ = [
    "MIN_CONFIDENCE",
    "Candidate",
    "Extraction",
    "MeetingLoad",
    "Proposer",
    "Transcript",
    "Turn",
    "check_candidates",
    "due_date",
    "line_chunk_id",
    "line_of_chunk",
    "load_meeting",
    "meeting_facts",
    "meeting_id",
    "parse_transcript",
    "read_transcript",
    "rules_candidates",
    "transcript_facts",
    "transcript_from_json",
]
