"""Decisions and action items from a transcript: rules, the check, and the facts.

Whoever proposes them (the rules here, or a model in ``agents``), candidates pass the same
check against the transcript before anything is written: every cited line must be a
spoken line of that meeting, an owner must have attended, and a candidate under the
confidence bar is dropped. The check reports what it kept and what it dropped and why,
so a wrong extraction is visible rather than silently stored.

The rules find only explicit statements ("we agreed to ...", "let's go with ...",
"action item: ...", "Priya will send the quote by Friday", "I'll book the crane"); a
model reads the implicit ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from brain.ingest.meetings._due_dates import due_date
from brain.ingest.meetings._formats import Transcript
from brain.ingest.meetings._transcripts import Speakers, line_chunk_id, person_key

Kind = Literal["decision", "action"]
#: Candidates below this confidence are dropped, from the rules or a model alike.
MIN_CONFIDENCE = 0.6
MAX_NAME = 140


@dataclass(frozen=True, slots=True)
class Candidate:
    """A proposed decision or action item, citing the 0-based lines it rests on."""

    kind: Kind
    text: str
    lines: tuple[int, ...]
    confidence: float
    owner: str | None = None
    due: str | None = None  # ISO date, or words to resolve against the meeting date
    basis: str = "rules"


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


_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_DECIDED = re.compile(
    r"\b(?:(?:we|we've|we have|everyone|all)\s+(?:all\s+)?agreed(?:\s+(?:to|that|on))?"
    r"|agreed\s+(?:to|that|on)"
    r"|let'?s\s+go\s+(?:with|for|ahead\s+with)"
    r"|let\s+us\s+go\s+with"
    r"|we(?:'ll|\s+will)\s+go\s+with"
    r"|(?:we've|we\s+have|we|I've|I\s+have|I|it\s+was|it's|it\s+is)\s+decided\s+(?:to|that|on|against)"
    r"|decided\s+(?:to|that|on|against)"
    r"|the\s+decision\s+is(?:\s+to|\s+that)?"
    r"|decision\s*:)\s*",
    re.I,
)
_NOT_DECIDED = re.compile(
    r"\b(?:n't|not|never|yet\s+to|need\s+to|have\s+to|should|if)\s+(?:\w+\s+){0,2}"
    r"(?:decide|decided|agree|agreed)\b|\bto\s+decide\b",
    re.I,
)
_WORK = (
    r"(?:send|email|e-mail|mail|prepare|write|draft|check|look\s+into|call|ring|phone|book|"
    r"order|fix|update|set\s+up|share|follow\s+up|review|finish|schedule|organi[sz]e|"
    r"put\s+together|talk\s+to|contact|ask|make|build|test|deliver|arrange|circulate|"
    r"confirm|get|find|sort\s+out|chase|submit|file|pay|invoice|quote|measure|inspect|"
    r"install|replace|order|reach\s+out|present|research|investigate|draw\s+up|sketch|"
    r"design|compile|collect|bring|buy|hire|post|publish|upload|run|clean|repair)"
)
_ACTION_ITEM = re.compile(r"\baction(?:\s+item)?s?\s*[:\-]\s*(.+)", re.I)
_I_WILL = re.compile(
    r"\b(?:I'll|I\s+will|I'm\s+going\s+to|I\s+am\s+going\s+to|I\s+can)\s+(?:also\s+|then\s+)?"
    r"(" + _WORK + r"\b.*)",
    re.I,
)
_NAME_WILL = re.compile(
    r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:will|is\s+going\s+to|to|can|should)\s+"
    r"(" + _WORK + r"\b.*)"
)
_WE_NEED = re.compile(
    r"\b(?:we|someone|somebody)\s+(?:need|needs|have|has|must|should)\s+(?:to\s+)?"
    r"(" + _WORK + r"\b.*)",
    re.I,
)
_LEADING_NAME = re.compile(r"^([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*(?:to|will|:|-)\s+(.+)$")


def _tidy(text: str) -> str:
    text = text.strip().rstrip(".!,;:").strip()
    text = text[:1].upper() + text[1:]
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1].rstrip() + "…"


def _without_due(text: str, due_words: str | None) -> str:
    return text.replace(due_words, "").strip() if due_words else text


def rules_candidates(transcript: Transcript, *, said_on: date) -> list[Candidate]:
    """Explicit decisions and action items, one sentence at a time."""
    found: list[Candidate] = []
    for line, turn in enumerate(transcript.turns):
        for sentence in _SENTENCE.split(turn.text):
            if len(sentence) < 8 or sentence.rstrip().endswith("?"):
                continue
            decision = _decision(sentence)
            if decision:
                found.append(Candidate("decision", decision, (line,), 0.9))
            action = _action(sentence, turn.speaker, said_on)
            if action:
                text, owner, due, confidence = action
                found.append(Candidate("action", text, (line,), confidence, owner, due))
    return found


def _decision(sentence: str) -> str | None:
    m = _DECIDED.search(sentence)
    if m is None or _NOT_DECIDED.search(sentence):
        return None
    rest = sentence[m.end() :].strip()
    if re.search(r"go\s+(?:ahead\s+)?(?:with|for)\s*$", m.group(0), re.I):
        rest = f"go with {rest}"  # "let's go with the mobile crane": the choice needs its verb
    what = rest if len(rest.split()) >= 2 else sentence
    return _tidy(what)


def _action(
    sentence: str, speaker: str, said_on: date
) -> tuple[str, str | None, str | None, float] | None:
    due = due_date(sentence, said_on=said_on)
    due_iso, due_words = (due[0].isoformat(), due[1]) if due else (None, None)
    m = _ACTION_ITEM.search(sentence)
    if m:
        rest = m.group(1)
        named = _LEADING_NAME.match(rest)
        owner, what = (named.group(1), named.group(2)) if named else (None, rest)
        return _tidy(_without_due(what, due_words)), owner, due_iso, 0.9
    m = _I_WILL.search(sentence)
    if m:
        return _tidy(_without_due(m.group(1), due_words)), speaker, due_iso, 0.8 if due else 0.65
    m = _NAME_WILL.search(sentence)
    if m and m.group(1).lower() not in {"we", "you", "they", "it", "this", "that", "he", "she"}:
        return _tidy(_without_due(m.group(2), due_words)), m.group(1), due_iso, 0.85 if due else 0.7
    m = _WE_NEED.search(sentence)
    if m and due:
        return _tidy(_without_due(m.group(1), due_words)), None, due_iso, 0.7
    return None


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
) -> Extraction:
    """Keep the candidates the transcript bears out; drop the rest with a reason."""
    out = Extraction()
    seen: set[tuple[str, str]] = set()
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
        elif (c.kind, text.lower()) in seen:
            reason = "a duplicate"
        owner = c.owner
        if reason is None and owner is not None:
            label = attendee_label(transcript, owner)
            if label is None:
                reason = f"owner {owner!r} did not attend"
            owner = label
        due = c.due
        if reason is None and due is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", due):
            resolved = due_date(f"by {due}", said_on=said_on)
            due = resolved[0].isoformat() if resolved else None
        if reason is not None:
            out.dropped.append((c, reason))
            continue
        seen.add((c.kind, text.lower()))
        out.kept.append(
            Candidate(
                c.kind, _tidy(text), tuple(sorted(set(c.lines))), c.confidence, owner, due, c.basis
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
