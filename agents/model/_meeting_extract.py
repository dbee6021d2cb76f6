"""The model reads a transcript for decisions and action items; the brain checks them.

The model sees the numbered lines and answers with one JSON object of candidates citing
line numbers. Nothing it says is written as it stands: ``brain.ingest`` checks every
candidate against the transcript (real lines of this meeting, an owner who attended, a
confidence bar) and reports what it dropped. A reply that is not the JSON asked for
yields no candidates rather than a guess.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import date
from typing import Any, cast

from agents._settings import AgentSettings
from agents.model._client import ModelClient, model_from_settings
from brain.ingest import Candidate, Proposer, Transcript

log = logging.getLogger(__name__)

#: Lines sent per request; a longer transcript is read in windows of this many lines.
WINDOW_LINES = 400
MAX_LINE_CHARS = 400

SYSTEM = """You read meeting transcripts and list what was decided and who agreed to do what.
Answer with ONE JSON object and nothing else:
{"decisions": [{"text": "...", "lines": [12], "confidence": 0.9}],
 "action_items": [{"text": "...", "owner": "name as spoken", "due": "YYYY-MM-DD or null",
                   "lines": [14], "confidence": 0.8}]}
Rules: cite the numbers of the lines where it was said; only decisions the people actually
agreed, not options discussed; an owner only if the transcript names who will do it, using
the speaker's name as written; resolve a due date relative to the meeting date; confidence
between 0 and 1. Empty lists when there are none."""

_JSON = re.compile(r"\{.*\}", re.S)


def is_object(value: object) -> bool:
    """Whether a decoded JSON value is an object."""
    return isinstance(value, dict)


def is_list(value: object) -> bool:
    """Whether a decoded JSON value is an array."""
    return isinstance(value, list)


def _numbered(transcript: Transcript, start: int, end: int) -> str:
    return "\n".join(
        f"[{i}] {t.speaker}: {t.text[:MAX_LINE_CHARS]}"
        for i, t in enumerate(transcript.turns[start:end], start)
        if t.text
    )


def parse_candidates(text: str) -> list[Candidate]:
    """Candidates from the model's reply; malformed items are left out."""
    match = _JSON.search(text)
    if match is None:
        return []
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return []
    if not is_object(data):
        return []
    found: list[Candidate] = []
    for key, kind in (("decisions", "decision"), ("action_items", "action")):
        items = data.get(key)
        if not is_list(items):
            continue
        for item in cast(list[Any], items):
            if not is_object(item) or not isinstance(item.get("text"), str):
                continue
            raw_lines = item.get("lines")
            lines = tuple(
                int(n)
                for n in (cast(list[Any], raw_lines) if is_list(raw_lines) else [])
                if isinstance(n, int) and not isinstance(n, bool)
            )
            confidence = item.get("confidence")
            owner = item.get("owner")
            due = item.get("due")
            found.append(
                Candidate(
                    kind="decision" if kind == "decision" else "action",
                    text=item["text"],
                    lines=lines,
                    confidence=float(confidence) if isinstance(confidence, int | float) else 0.0,
                    owner=owner if isinstance(owner, str) and owner.strip() else None,
                    due=due if isinstance(due, str) and due.strip() else None,
                    basis="model",
                )
            )
    return found


class ModelExtractor:
    """A ``Proposer`` backed by a model client: transcript windows in, candidates out."""

    def __init__(self, model: ModelClient, *, window: int = WINDOW_LINES) -> None:
        self.model = model
        self.window = window

    async def __call__(self, transcript: Transcript, said_on: date) -> list[Candidate]:
        """Ask the model about each window of lines; returns every candidate it proposed."""
        found: list[Candidate] = []
        for start in range(0, len(transcript.turns), self.window):
            lines = _numbered(transcript, start, start + self.window)
            if not lines:
                continue
            prompt = (
                f"Meeting: {transcript.title or 'untitled'}, held {said_on.isoformat()}.\n"
                f"Transcript lines:\n{lines}"
            )
            reply = await self.model.complete(
                system=SYSTEM, messages=[{"role": "user", "content": prompt}]
            )
            got = parse_candidates(reply.text)
            log.info("meeting extraction window %d: %d candidates", start, len(got))
            found.extend(got)
        return found


def meeting_proposer(settings: AgentSettings | None = None) -> Proposer | None:
    """The model-backed extractor when a model is configured, else None (rules)."""
    model = model_from_settings(settings or AgentSettings())
    return None if model is None else ModelExtractor(model)
