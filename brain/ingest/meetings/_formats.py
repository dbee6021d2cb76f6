"""Meeting transcript formats: QMSum JSON, recorder webhook JSON, WebVTT, SRT, plain lines.

Every format reads into the same list of ``Turn``: who spoke, what they said, and when
where the source says so. The index of a turn in that list is its ``line``, the number a
citation and a benchmark span use, so a parser never drops or merges turns: a turn that is
only noise (``{vocalsound}``) stays in the list with empty text and is skipped later.
Detection looks at the content, not the file name, so an upload named ``call.txt`` that
is really WebVTT is still read as captions.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from brain._json import is_list, is_object
from brain.errors import InputInvalid

#: QMSum transcripts mark non-speech as {vocalsound}, {disfmarker} ...
_MARKUP = re.compile(r"\{[a-z_]+\}")
_CUE_TIME = re.compile(
    r"^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})"
)
_VOICE = re.compile(r"<v(?:\.[^\s>]+)*\s+([^>]+)>")
_TAG = re.compile(r"</?[a-z][^>]*>", re.IGNORECASE)
#: "Name: words" with an optional "[00:01:02]" or "00:01:02 -" time in front.
_SPEAKER_LINE = re.compile(
    r"^\s*(?:\[?((?:\d+:)?\d{1,2}:\d{2})\]?\s*[-–]?\s*)?"
    r"([A-Z][\w.'’-]*(?:[ \t]+[\w.'’()-]+){0,4}?)\s*:\s+(\S.*)$"
)


@dataclass(frozen=True, slots=True)
class Turn:
    """One spoken turn: the speaker's label, the words, and seconds from the start."""

    speaker: str
    text: str
    start: float | None = None
    end: float | None = None
    email: str | None = None


@dataclass(frozen=True, slots=True)
class Transcript:
    """A parsed transcript: its turns, and what the source said about the meeting."""

    format: str
    turns: list[Turn]
    title: str | None = None
    date: str | None = None
    #: Attendees the source lists who may not have spoken: (name, e-mail).
    attendees: tuple[tuple[str, str | None], ...] = ()
    #: The recorder's own id for the meeting, when the source has one: its identity.
    source_id: str | None = None


def clean_words(text: str) -> str:
    """A turn's words without transcriber markup and with runs of space collapsed."""
    return " ".join(_MARKUP.sub("", text).split())


#: Most hours a caption time may carry (a recording of over a year is no meeting).
MAX_HOURS = 9_999
_TIME_HINT = "times are [h:]mm:ss.mmm from the start, e.g. 00:01:02.500 --> 00:01:05.000"


class _BadTime(ValueError):
    """A time stamp that reads but cannot be a moment of a recording (why, in words)."""


def _seconds(stamp: str) -> float:
    """Seconds from the start of ``[h:]mm:ss[.mmm]``; ``_BadTime`` saying what is wrong."""
    parts = stamp.replace(",", ".").split(":")
    if len(parts) == 3 and len(parts[0].lstrip("0")) > len(str(MAX_HOURS)):
        raise _BadTime(f"an hour of {len(parts[0]):,} digits (at most {MAX_HOURS:,} hours)")
    hours = int(parts[0]) if len(parts) == 3 else 0
    minutes, seconds = int(parts[-2]), float(parts[-1])
    if hours > MAX_HOURS:
        raise _BadTime(f"{hours:,} hours (at most {MAX_HOURS:,})")
    if minutes >= 60 or seconds >= 60:
        raise _BadTime(f"{stamp} has minutes or seconds of 60 or more")
    return hours * 3600 + minutes * 60 + seconds


def clock(seconds: float) -> str:
    """Seconds from the start as ``h:mm:ss``, the way a caption player shows it."""
    whole = int(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def parse_transcript(name: str, text: str) -> Transcript:
    """Read a transcript in any supported format, detected from its content.

    Raises ``InputInvalid`` naming the file and the formats it may be in.
    """
    body = text.lstrip("\ufeff").strip()
    if not body:
        raise InputInvalid(f"{name} is empty: nothing was written")
    if body[0] in "[{":
        try:
            data = json.loads(body)
        except json.JSONDecodeError as exc:
            raise InputInvalid(
                f"{name} is not valid JSON ({exc.msg}, line {exc.lineno}): nothing was written"
            ) from exc
        return _from_json(name, data)
    if body.startswith("WEBVTT"):
        return _from_cues(name, body, "webvtt")
    first = body.splitlines()[:3]
    if len(first) >= 2 and first[0].strip().isdigit() and _CUE_TIME.match(first[1]):
        return _from_cues(name, body, "srt")
    return _from_lines(name, body)


def transcript_from_json(name: str, data: Any) -> Transcript:
    """A transcript from already-decoded JSON (a webhook body, a QMSum record)."""
    return _from_json(name, data)


_FORMATS_HINT = (
    'a QMSum JSON ({"meeting_transcripts": [{"speaker", "content"}...]}), recorder JSON '
    '({"sentences": [{"speaker_name", "text", "start_time"}...]}), WebVTT, SRT, or '
    '"Speaker: words" lines'
)


def _from_json(name: str, data: Any) -> Transcript:
    if is_object(data):
        inner = data.get("data")
        if is_object(inner) and is_object(inner.get("transcript")):
            data = inner["transcript"]  # a GraphQL answer: {"data": {"transcript": {...}}}
        elif is_object(data.get("transcript")):
            data = data["transcript"]
    if is_object(data) and is_list(data.get("sentences")):
        return _from_sentences(name, data)
    turns = data.get("meeting_transcripts") if is_object(data) else data
    if not is_list(turns) or not all(
        is_object(t) and "speaker" in t and "content" in t for t in turns
    ):
        raise InputInvalid(f"{name}: not a transcript this can read; give {_FORMATS_HINT}")
    rows = cast(list[dict[str, Any]], turns)
    title = data.get("title") if is_object(data) else None
    return Transcript(
        format="qmsum",
        turns=[
            Turn(speaker=_speaker(t["speaker"]), text=clean_words(str(t["content"]))) for t in rows
        ],
        title=str(title) if isinstance(title, str) else None,
    )


def _speaker(value: Any) -> str:
    return " ".join(str(value or "").split()) or "Unknown speaker"


def _from_sentences(name: str, data: dict[str, Any]) -> Transcript:
    """Recorder JSON (Fireflies-style): sentences with speaker names and seconds."""
    emails = _attendee_emails(data)
    turns: list[Turn] = []
    for i, item in enumerate(cast(list[Any], data["sentences"])):
        if not is_object(item) or not isinstance(item.get("text", item.get("raw_text")), str):
            raise InputInvalid(f"{name}: sentence {i} has no text; give {_FORMATS_HINT}")
        speaker = _speaker(item.get("speaker_name") or item.get("speaker"))
        turns.append(
            Turn(
                speaker=speaker,
                text=clean_words(str(item.get("text") or item.get("raw_text") or "")),
                start=_number(item.get("start_time")),
                end=_number(item.get("end_time")),
                email=emails.get(speaker.lower()),
            )
        )
    title = data.get("title")
    return Transcript(
        format="recorder-json",
        turns=turns,
        title=title if isinstance(title, str) and title.strip() else None,
        date=_date(name, data.get("date") or data.get("dateString")),
        attendees=tuple((n, e) for n, e in _attendees(data)),
        source_id=_source_id(data),
    )


def _source_id(data: dict[str, Any]) -> str | None:
    """The recorder's id for the meeting (``id``, ``meeting_id`` or ``transcript_id``)."""
    for key in ("id", "meeting_id", "transcript_id"):
        value = data.get(key)
        if isinstance(value, str) and value.strip() and len(value) <= 200:
            return value.strip()
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


#: Latest epoch milliseconds read as a meeting date (the year 9999).
_MAX_EPOCH_MS = 253_402_300_799_000


def _date(name: str, value: Any) -> str | None:
    """A meeting date from epoch milliseconds or an ISO string."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        if not value <= _MAX_EPOCH_MS:  # also NaN
            raise InputInvalid(
                f"{name}: the date {str(value)[:30]} is not epoch milliseconds: give "
                "milliseconds since 1970 or an ISO date"
            )
        return datetime.fromtimestamp(value / 1000, tz=UTC).date().isoformat()
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        return value[:10]
    return None


def _attendees(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for person in cast(list[Any], data.get("meeting_attendees") or []):
        if not is_object(person):
            continue
        email = person.get("email")
        label = person.get("displayName") or person.get("name") or email
        if isinstance(label, str) and label.strip():
            found.append((" ".join(label.split()), email if isinstance(email, str) else None))
    return found


def _attendee_emails(data: dict[str, Any]) -> dict[str, str]:
    return {n.lower(): e for n, e in _attendees(data) if e}


def _from_cues(name: str, body: str, fmt: str) -> Transcript:
    """WebVTT or SRT captions: one turn per cue, the speaker from ``<v Name>`` or "Name:"."""
    turns: list[Turn] = []
    blocks = re.split(r"\n\s*\n", body.replace("\r\n", "\n"))
    cue = 0
    for block in blocks:
        lines = [ln for ln in block.split("\n") if ln.strip()]
        at = next((i for i, ln in enumerate(lines) if _CUE_TIME.match(ln)), None)
        timed = at is not None or any("-->" in ln for ln in lines)
        if not timed:
            continue  # the WEBVTT header, a NOTE or STYLE block, a stray number
        cue += 1
        if at is None:
            shown = next(ln for ln in lines if "-->" in ln).strip()[:60]
            why = (
                "starts before the start of the recording"
                if shown.startswith("-")
                else "has a time line that cannot be read"
            )
            raise InputInvalid(f"{name}: cue {cue} {why} ({shown!r}); {_TIME_HINT}")
        match = _CUE_TIME.match(lines[at])
        assert match is not None
        try:
            start, end = _seconds(match.group(1)), _seconds(match.group(2))
        except _BadTime as exc:
            raise InputInvalid(f"{name}: cue {cue} has {exc}; {_TIME_HINT}") from None
        if end < start:
            raise InputInvalid(
                f"{name}: cue {cue} ends before it starts ({lines[at].strip()[:60]!r}); "
                f"{_TIME_HINT}"
            )
        words = " ".join(lines[at + 1 :])
        voice = _VOICE.search(words)
        speaker = voice.group(1).strip() if voice else None
        words = clean_words(_TAG.sub("", words))
        if speaker is None:
            said = _SPEAKER_LINE.match(words)
            if said:
                speaker, words = said.group(2), said.group(3)
        turns.append(Turn(speaker=_speaker(speaker), text=words, start=start, end=end))
    if not turns:
        raise InputInvalid(f"{name}: no captions with times found; give {_FORMATS_HINT}")
    return Transcript(format=fmt, turns=turns)


def _from_lines(name: str, body: str) -> Transcript:
    """Plain "Speaker: words" lines; a line without a speaker continues the turn before."""
    turns: list[Turn] = []
    for number, raw in enumerate(body.splitlines(), 1):
        if not raw.strip():
            continue
        said = _SPEAKER_LINE.match(raw)
        if said:
            try:
                start = _seconds(said.group(1)) if said.group(1) else None
            except _BadTime as exc:
                raise InputInvalid(f"{name}: line {number} has {exc}; {_TIME_HINT}") from None
            turns.append(
                Turn(speaker=_speaker(said.group(2)), text=clean_words(said.group(3)), start=start)
            )
        elif turns:
            last = turns[-1]
            turns[-1] = Turn(
                speaker=last.speaker, text=f"{last.text} {clean_words(raw)}", start=last.start
            )
        else:
            raise InputInvalid(
                f"{name}: the first line has no speaker ('Name: words'); give {_FORMATS_HINT}"
            )
    if not turns:
        raise InputInvalid(f"{name}: no turns found; give {_FORMATS_HINT}")
    return Transcript(format="lines", turns=turns)
