"""The minutes e-mail: one card kind (``minutes``), drafted one way, whoever asks for it.

A chat request ("e-mail the minutes to ..."), the ``minutes --card`` command and the
scheduler's minutes digest all propose the minutes through ``draft_minutes_email``, so each
card reads the same, is checked the same way (``draft_card``: real addresses, within an
e-mail's limits) and does the same on approval: the e-mail goes out through the tenant's
connected mailbox (Composio's Gmail action). Nothing is sent by drafting.
"""

from __future__ import annotations

from agents.cards._cards import CardDraft, draft_card
from brain import InputInvalid

#: Longest minutes body an e-mail card carries (the e-mail payload's own limit).
MAX_BODY_CHARS = 60_000


def draft_minutes_email(
    to: list[str],
    *,
    of: str,
    body: str,
    proposed_by: str,
    cites: list[str] | None = None,
    origin: str | None = None,
    note: str | None = None,
) -> CardDraft:
    """A ``minutes`` card that e-mails ``body``, the minutes of ``of`` (a meeting's name, or
    several), to ``to``; the subject is ``Minutes: <of>``.

    Raises ``InputInvalid`` when there is no address to send to, and ``ToolArgsInvalid``
    (safe to show) when an address is not one or there are more than an e-mail card takes.
    """
    recipients = list(dict.fromkeys(a.strip() for a in to if a.strip()))
    if not recipients:
        raise InputInvalid(
            f"no e-mail address to send the minutes of {of[:80]} to: name the recipients"
        )
    return draft_card(
        "minutes",
        {"to": recipients, "subject": f"Minutes: {of}"[:300], "body": body[:MAX_BODY_CHARS]},
        title=f"E-mail the minutes of {of}",
        proposed_by=proposed_by,
        cites=cites,
        origin=origin,
        note=note,
    )
