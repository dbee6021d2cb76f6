"""The findings as one answer, in plan order, with what the answer owes about its data.

Rules mode answers this way, and model mode falls back to it when the model cannot write
the answer: the desks' drafts joined, and the caveats the data calls for (sample data,
stale data) said in the answer's own words unless a draft already says them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from agents._ledger import ToolLedger
from agents.checks import AS_OF_RE, STALE_AFTER, check_sample, extract_citations
from agents.desks import Draft

SAMPLE_CAVEAT = "This answer uses sample data, not real business figures."
#: When no desk found anything.
NOTHING_FOUND = "I don't have anything about that in your records."


def owed_caveats(ledger: ToolLedger, now: datetime) -> list[str]:
    """What the writer of an answer must say about its data: sample, or stale."""
    caveats: list[str] = []
    if ledger.sample:
        caveats.append(SAMPLE_CAVEAT)
    newest = ledger.newest_as_of
    if newest is not None and now - newest > STALE_AFTER:
        caveats.append(f"The newest data behind this is as of {newest.date().isoformat()}.")
    return caveats


def compose(drafts: Sequence[Draft | None], ledger: ToolLedger, now: datetime) -> str:
    """The desks' drafts in plan order, and what the answer owes about the data (sample,
    stale) in its own words. A desk that found nothing stays quiet when another
    answered; when none did, one plain decline is the answer."""
    drafts = [d for d in drafts if d and d.text.strip()]
    answered = [d.text for d in drafts if not d.declined]
    if not answered:
        return drafts[0].text if drafts else NOTHING_FOUND
    text = "\n\n".join(answered)
    used = ledger.used_by(set(extract_citations(text)))
    caveats = owed_caveats(used, now)
    if not check_sample(text, used.outputs).passed and not any("sample" in c for c in caveats):
        caveats.insert(0, SAMPLE_CAVEAT)
    lowered = text.lower()
    owed = [
        c
        for c in caveats
        if not (
            ("sample" in c.lower() and "sample" in lowered)
            or ("as of" in c and AS_OF_RE.search(text))
        )
    ]
    return text + ("\n\n" + " ".join(owed) if owed else "")
