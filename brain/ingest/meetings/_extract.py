"""Decisions and action items from a transcript: the rules, the check, and the facts.

Whoever proposes them (the rules in ``_decisions`` and ``_actions``, or a model in
``agents``), candidates pass the same check against the transcript before anything is
written: every cited line must be a spoken line of that meeting, an owner must have
attended, and a candidate under the confidence bar is dropped. The check reports what it
kept and what it dropped and why, so a wrong extraction is visible rather than silently
stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from brain.ingest.meetings._actions import action_candidates
from brain.ingest.meetings._candidates import Candidate, tidy
from brain.ingest.meetings._decisions import decision_candidates
from brain.ingest.meetings._due_dates import due_date
from brain.ingest.meetings._formats import Transcript
from brain.ingest.meetings._transcripts import Speakers, line_chunk_id, person_key

#: Candidates below this confidence are dropped, from the rules or a model alike.
MIN_CONFIDENCE = 0.6


@dataclass(slots=True)
class Extraction:
    """What the check kept, and what it dropped with the reason."""

    kept: list[Candidate] = field(default_factory=list)
    dropped: list[tuple[Candidate, str]] = field(default_factory=list)

    def summary(self) -> str:
        """One line: how many decisions and action items were kept and dropped."""
        decisions = sum(1 for c in self.kept if c.kind == "decision")
        actions = len(self.kept) - decisions
        return (
            f"kept {decisions} decision(s) and {actions} action item(s), "
            f"dropped {len(self.dropped)}"
        )


def rules_candidates(transcript: Transcript, *, said_on: date) -> list[Candidate]:
    """Decisions the room settled and action items people took on, read from how the
    conversation moves (see ``_decisions`` and ``_actions``)."""
    return decision_candidates(transcript.turns) + action_candidates(
        transcript.turns, said_on=said_on
    )


def attendee_label(transcript: Transcript, name: str) -> str | None:
    """The speaker (or listed attendee) ``name`` means: same name, or the one first name."""
    labels = [t.speaker for t in transcript.turns] + [n for n, _ in transcript.attendees]
    key = person_key(name)
    for label in labels:
        if person_key(label) == key:
            return label
    firsts = {label for label in labels if person_key(label).split(" ")[0] == key}
    return next(iter(firsts)) if len(firsts) == 1 else None


def check_candidates(
    transcript: Transcript,
    candidates: list[Candidate],
    *,
    said_on: date,
    min_confidence: float = MIN_CONFIDENCE,
    known: frozenset[str] = frozenset(),
) -> Extraction:
    """Keep the candidates the transcript bears out; drop the rest with a reason."""
    out = Extraction()
    # one owner's work once; two people asked together own it each
    seen: set[tuple[str, str, str | None]] = set()
    for c in candidates:
        reason = None
        text = " ".join(c.text.split())
        bad = [
            n for n in c.lines if not 0 <= n < len(transcript.turns) or not transcript.turns[n].text
        ]
        if not text:
            reason = "no text"
        elif not c.lines:
            reason = "cites no line"
        elif bad:
            reason = f"cites line {bad[0]}, which is not a spoken line of this meeting"
        elif c.confidence < min_confidence:
            reason = f"confidence {c.confidence:.2f} is under {min_confidence:.2f}"
        elif (c.kind, text.lower(), c.owner) in seen:
            reason = "a duplicate"
        owner = c.owner
        if reason is None and owner is not None:
            label = attendee_label(transcript, owner) or (owner if owner in known else None)
            if label is None:
                reason = f"owner {owner!r} did not attend and is nobody in the brain"
            owner = label
        due = c.due
        if reason is None and due is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", due):
            resolved = due_date(f"by {due}", said_on=said_on)
            due = resolved[0].isoformat() if resolved else None
        if reason is not None:
            out.dropped.append((c, reason))
            continue
        seen.add((c.kind, text.lower(), c.owner))
        out.kept.append(
            Candidate(
                c.kind, tidy(text), tuple(sorted(set(c.lines))), c.confidence, owner, due, c.basis
            )
        )
    return out


def extraction_facts(
    extraction: Extraction,
    *,
    transcript: Transcript,
    meeting: str,
    speakers: Speakers,
    src: str,
    as_of: str,
) -> list[dict[str, Any]]:
    """Decision and Task facts for what the check kept, linked to their lines and people."""
    facts: list[dict[str, Any]] = []
    slug = meeting.removeprefix("meeting-")
    counts: dict[tuple[str, int], int] = {}
    for c in extraction.kept:
        first = c.lines[0]
        n = counts[(c.kind, first)] = counts.get((c.kind, first), 0) + 1
        said_by = speakers.ids.get(transcript.turns[first].speaker)
        chunks = [line_chunk_id(meeting, line, transcript.turns[line]) for line in c.lines]
        quote = transcript.turns[first].text
        if c.kind == "decision":
            node_id = f"decision-{slug}-l{first}-{n}"
            facts.append({"node": _node("Decision", node_id, c, quote, src, as_of)})
            facts.append({"edge": _edge(node_id, "DECIDED_IN", meeting, src, as_of)})
            facts.extend({"edge": _edge(node_id, "BASED_ON", ch, src, as_of)} for ch in chunks)
            if said_by:
                facts.append({"edge": _edge(node_id, "MADE_BY", said_by, src, as_of)})
            continue
        node_id = f"task-{slug}-l{first}-{n}"
        node = _node("Task", node_id, c, quote, src, as_of)
        node["status"] = "open"
        if c.due:
            node["due"] = c.due
        facts.append({"node": node})
        facts.extend({"edge": _edge(node_id, "EVIDENCED_BY", ch, src, as_of)} for ch in chunks)
        facts.append({"edge": _edge(node_id, "BASED_ON", meeting, src, as_of)})
        owner = speakers.ids.get(c.owner) if c.owner else None
        if owner:
            facts.append({"edge": _edge(owner, "OWNS", node_id, src, as_of)})
    return facts


def _node(
    kind: str, node_id: str, c: Candidate, quote: str, src: str, as_of: str
) -> dict[str, Any]:
    return {
        "type": kind,
        "id": node_id,
        "name": c.text,
        "text": quote,
        "lines": list(c.lines),
        "confidence": round(c.confidence, 2),
        "extractedBy": c.basis,
        "src": src,
        "asOf": as_of,
    }


def _edge(a: str, rel: str, b: str, src: str, as_of: str) -> dict[str, Any]:
    return {"from": a, "type": rel, "to": b, "since": as_of, "src": src, "asOf": as_of}
