"""Requests to act ("tell the team that ...", "e-mail the minutes to ..."): a card, never an act.

A message that asks hivebrain to do something, rather than to answer, is read here before
any desk runs, in rules mode and model mode alike. It becomes the card of that kind, its
text taken from the request and, where it needs them, from the records (the minutes of a
meeting, a person's address). Nothing is sent: the reply says what will happen when an
approver approves, exactly as the card shows it.

The patterns are anchored at the start of the message and need the verb first ("tell
the team", "post in #ops", "e-mail the minutes to", "label issue 12", "remind Dana to"),
so a question ("who should remind Dana ...?") is never taken for a request.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any, cast

from agents.cards._cards import CardDraft, draft_card
from agents.cards._minutes_mail import draft_minutes_email
from agents.cards._place import CardPlace
from agents.errors import ToolArgsInvalid
from agents.tools import call_tool
from brain import HivebrainError, InputInvalid, TenantGraph

log = logging.getLogger(__name__)

_LEAD = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay)\s+)?(?:hivebrain[,:]?\s+)?(?:please\s+|can you\s+|could you\s+)*",
    re.I,
)
_TEAM = re.compile(
    r"^(?:tell|let)\s+(?:the\s+)?(?:team|everyone|everybody|all)(?:\s+know)?"
    r"(?:\s+that|\s*[:,])?\s+(?P<text>\S.*)$",
    re.I | re.S,
)
_POST = re.compile(
    r"^(?:post|say|announce|write)(?:\s+a\s+message)?\s+(?:in|to|on|into)\s+"
    r"(?P<channel><#[A-Z0-9]+(?:\|[^>]*)?>|<#\d+>|#[\w.-]+)"
    r"(?:\s+that|\s*[:,])?\s+(?P<text>\S.*)$",
    re.I | re.S,
)
_EMAIL = re.compile(
    r"^(?:e-?mail|send)\s+(?:the\s+|our\s+)?(?P<what>(?:meeting\s+)?(?:minutes|notes))"
    r"(?:\s+(?:of|from|for)\s+(?P<which>.+?))?\s+to\s+(?P<to>.+?)\.?$",
    re.I | re.S,
)
_LABEL = re.compile(
    r"^(?:label|tag)\s+(?:this\s+|the\s+)?(?:issue|pr|pull\s+request)?\s*"
    r"(?:#?(?P<num>\d+))?(?:\s+(?:in|on|of)\s+(?P<repo>[\w.-]+/[\w.-]+))?"
    r"(?:\s+(?:as|with))?\s+(?P<labels>\S.*?)\.?$",
    re.I | re.S,
)
_REMIND = re.compile(r"^remind\s+(?P<who>.+?)\s+(?:to|about)\s+(?P<what>\S.*?)\.?$", re.I | re.S)
_MAIL = re.compile(r"<?(?:mailto:)?([^@\s<>|,;]+@[^@\s<>|,;]+\.[A-Za-z]{2,})(?:\|[^>]*)?>?")
_AND = re.compile(r"\s*(?:,|;|\band\b|&)\s*", re.I)
_SLACK_CHANNEL = re.compile(r"^<#([A-Z0-9]+)(?:\|[^>]*)?>$")
_DISCORD_CHANNEL = re.compile(r"^<#(\d+)>$")
_MINUTES_NAME = re.compile(r"\b(?:minutes|meeting)\b", re.I)
#: Longest minutes body put into an e-mail card.
MAX_MINUTES_CHARS = 6_000


@dataclass(frozen=True, slots=True)
class ActRequest:
    """What a request to act became: the reply, and the card to propose (None: why not)."""

    answer: str
    draft: CardDraft | None = None
    cites: list[str] = field(default_factory=list[str])


def _strip_lead(text: str) -> str:
    return _LEAD.sub("", text.strip(), count=1).strip()


def _sentence(text: str) -> str:
    text = " ".join(text.split()).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _pending(what: str, draft: CardDraft) -> str:
    note = f"\n\n{draft.note}" if draft.note else ""
    return (
        f"Nothing is sent yet. I've proposed a card: when an approver approves it, I'll "
        f"{what}, exactly as shown:\n\n{draft.preview}{note}"
    )


async def read_request(
    graph: TenantGraph, question: str, *, place: CardPlace, proposed_by: str = "chief"
) -> ActRequest | None:
    """The card a request to act asks for, or None when the message is not such a request.

    Never acts. A request that cannot become a card (no channel to post to, nobody by
    that name, no minutes in the records) gets a reply that says what is missing.
    """
    text = _strip_lead(question)
    if m := _TEAM.match(text):
        return _team_post(m["text"], place, proposed_by)
    if m := _POST.match(text):
        return _channel_post(m["channel"], m["text"], place, proposed_by)
    if m := _EMAIL.match(text):
        return await _email_minutes(graph, m["which"], m["to"], place, proposed_by)
    if m := _LABEL.match(text):
        return _label(m["num"], m["repo"], m["labels"], place, proposed_by)
    if m := _REMIND.match(text):
        return await _remind(graph, m["who"], m["what"], place, proposed_by)
    return None


def team_post(
    text: str, place: CardPlace, *, title: str, proposed_by: str, cites: list[str] | None = None
) -> CardDraft:
    """A post of ``text`` to the tenant's team channel on the platform the card came from.

    Where nothing can be posted (the console), it is a note to record instead, and says
    so; with no team channel set, it goes to the channel the request came from.
    """
    channel = place.team_target()
    if channel is None:
        # still a team update, but only recorded: nothing here can post it
        return CardDraft(
            kind="channel_message",
            title=title[:200],
            preview=text[:8_000],
            payload={"text": text},
            executor="record",
            cites=list(dict.fromkeys(cites or [])),
            proposed_by=proposed_by,
            origin=place.origin,
            note="Posting needs Slack or Discord: approving here only records it.",
        )
    note = (
        None
        if place.team_channel
        else "No team channel is set, so it goes to this channel "
        "(set one with `settings team #channel`)."
    )
    return draft_card(
        "channel_message",
        place.post_payload(channel, text),
        title=title,
        proposed_by=proposed_by,
        cites=cites,
        origin=place.origin,
        note=note,
    )


def _team_post(raw: str, place: CardPlace, proposed_by: str) -> ActRequest:
    text = _sentence(raw)
    draft = team_post(text, place, title="Tell the team", proposed_by=proposed_by)
    what = "post it to the team" if draft.executor == "channel" else "record it"
    return ActRequest(_pending(what, draft), draft)


def _channel_id(word: str, place: CardPlace) -> str | None:
    if m := _SLACK_CHANNEL.match(word):
        return m.group(1) if place.platform == "slack" else None
    if m := _DISCORD_CHANNEL.match(word):
        return m.group(1) if place.platform == "discord" else None
    # Slack's API takes a channel's name too; Discord needs its id (a real mention)
    return word if place.platform == "slack" else None


def _channel_post(word: str, raw: str, place: CardPlace, proposed_by: str) -> ActRequest:
    if not place.can_post:
        return ActRequest("I can only post to a channel from Slack or Discord; nothing was sent.")
    channel = _channel_id(word, place)
    if channel is None:
        return ActRequest(
            "I couldn't tell which channel that is: mention it with #, e.g. "
            "`post in #ops that the deploy is done`. Nothing was sent."
        )
    shown = word if word.startswith("#") else f"<#{channel}>"
    draft = draft_card(
        "channel_message",
        place.post_payload(channel, _sentence(raw)),
        title=f"Post in {shown}"[:200],
        proposed_by=proposed_by,
        origin=place.origin,
    )
    return ActRequest(_pending(f"post it in {shown}", draft), draft)


async def _read(graph: TenantGraph, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    try:
        res = await call_tool(graph, tool, args)
    except HivebrainError:
        return {}
    return res.data if res.found else {}


async def _person_email(graph: TenantGraph, name: str) -> str | None:
    data = await _read(graph, "lookup", {"name": name})
    for match in _rows(data, "matches"):
        email = _props(match).get("email")
        if match.get("type") == "Person" and isinstance(email, str) and "@" in email:
            return email
    return None


def _rows(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """A list of objects in a tool's data (tool data is JSON: checked where it is read)."""
    rows = data.get(key)
    if not isinstance(rows, list):
        return []
    return [cast(dict[str, Any], r) for r in cast(list[Any], rows) if isinstance(r, dict)]


def _props(match: dict[str, Any]) -> dict[str, Any]:
    props = match.get("properties")
    return cast(dict[str, Any], props) if isinstance(props, dict) else {}


async def _minutes(graph: TenantGraph, which: str | None) -> tuple[dict[str, Any], str] | None:
    """The meeting (or minutes document) asked for, newest first, and its text."""
    query = f"{which} minutes" if which else "meeting minutes notes"
    data = await _read(graph, "search", {"query": query, "types": ["Meeting", "Document"]})
    # a document is minutes only when it says so in its name ("Board minutes, May")
    hits = [
        h
        for h in _rows(data, "hits")
        if h.get("type") == "Meeting"
        or (h.get("type") == "Document" and _MINUTES_NAME.search(str(h.get("name") or "")))
    ]
    # meetings before documents; without a name, the newest meeting first
    if not which:
        hits.sort(key=lambda h: str(h.get("as_of") or ""), reverse=True)
    hits.sort(key=lambda h: h.get("type") != "Meeting")
    for hit in hits[:3]:
        found = await _read(graph, "lookup", {"name": hit["id"]})
        for match in _rows(found, "matches"):
            props = _props(match)
            body = next(
                (
                    str(props[k])
                    for k in ("minutes", "summary", "body", "description", "text")
                    if props.get(k)
                ),
                "",
            )
            if not body:
                passages = await _read(graph, "passages", {"name": hit["id"]})
                body = "\n".join(
                    str(p.get("text", "")) for p in _rows(passages, "passages") if p.get("text")
                )
            if body.strip():
                return hit, body.strip()[:MAX_MINUTES_CHARS]
    return None


async def _email_minutes(
    graph: TenantGraph, which: str | None, to_text: str, place: CardPlace, proposed_by: str
) -> ActRequest:
    recipients: list[str] = []
    unknown: list[str] = []
    for part in (p.strip() for p in _AND.split(to_text) if p.strip()):
        if m := _MAIL.fullmatch(part):
            recipients.append(m.group(1))
        elif email := await _person_email(graph, part):
            recipients.append(email)
        else:
            unknown.append(part)
    if unknown:
        return ActRequest(
            f"I have no e-mail address for {', '.join(unknown)} in your records; write the "
            "address instead. Nothing was sent."
        )
    found = await _minutes(graph, which)
    if found is None:
        what = f"minutes of {which}" if which else "meeting minutes"
        return ActRequest(f"I found no {what} in your records to send. Nothing was sent.")
    hit, body = found
    try:
        draft = draft_minutes_email(
            recipients,
            of=str(hit.get("name") or hit["id"]),
            body=body,
            proposed_by=proposed_by,
            cites=[hit["id"]],
            origin=place.origin,
            note=place.missing_toolkit("gmail"),
        )
    except (ToolArgsInvalid, InputInvalid):
        return ActRequest("Those addresses don't look right; nothing was sent.")
    return ActRequest(
        _pending(f"e-mail them to {', '.join(recipients)}", draft), draft, [hit["id"]]
    )


def _label(
    num: str | None, repo: str | None, raw: str, place: CardPlace, proposed_by: str
) -> ActRequest:
    labels = [x.strip().strip("'\"`") for x in _AND.split(raw) if x.strip().strip("'\"`")]
    repo = repo or (place.repos[0] if len(place.repos) == 1 else None)
    if num is None or repo is None:
        return ActRequest(
            "Say which issue and repository, e.g. `label issue 12 in owner/repo as bug`. "
            "Nothing was changed."
        )
    try:
        draft = draft_card(
            "label",
            {"repo": repo, "issue": int(num), "labels": labels},
            title=f"Label {repo}#{num}",
            proposed_by=proposed_by,
            origin=place.origin,
            note=None
            if not place.repos or repo.lower() in {r.lower() for r in place.repos}
            else f"{repo} is not one of this workspace's repositories: approving will fail.",
        )
    except ToolArgsInvalid as exc:
        return ActRequest(f"I couldn't make that a label card: {exc.user_message}")
    return ActRequest(_pending(f"label {repo}#{num} on GitHub", draft), draft)


async def _remind(
    graph: TenantGraph, who: str, what: str, place: CardPlace, proposed_by: str
) -> ActRequest:
    task = _sentence(what).rstrip(".")
    owner: str | None = None
    cites: list[str] = []
    if who.lower() not in ("me", "us", "myself"):
        data = await _read(graph, "lookup", {"name": who})
        people = [m for m in _rows(data, "matches") if m.get("type") == "Person"]
        if len(people) != 1:
            return ActRequest(
                f"I don't know exactly one person called {who} in your records, so I "
                "proposed nothing."
            )
        owner, cites = str(people[0].get("name") or people[0]["id"]), [people[0]["id"]]
    draft = draft_card(
        "task",
        {"name": task, "owner": owner} if owner else {"name": task},
        title=f"Remind {who}: {task}"[:200],
        proposed_by=proposed_by,
        cites=cites,
        origin=place.origin,
    )
    return ActRequest(_pending("add it to the brain as a task", draft), draft, cites)


def desk_draft(card: dict[str, Any], desk: str, turn_id: str, place: CardPlace) -> CardDraft:
    """A card a desk wrote (a dict in its ``Draft``) as a draft to propose from ``place``.

    "The team" is resolved to the tenant's team channel; a payload the model filled is
    checked against its kind (one that does not fit is only recorded, and logged).
    """
    if card.get("typed"):
        try:
            draft = draft_card(
                card["kind"],
                card["payload"],
                title=card["title"],
                proposed_by=desk,
                cites=card.get("cites", []),
                turn_id=turn_id,
                origin=place.origin,
            )
            return draft.model_copy(update={"note": place.note_for(draft)})
        except ToolArgsInvalid as exc:
            log.info("card from %s recorded only: %s", desk, exc)
            card = {**card, "executor": "record", "preview": card["preview"][:2_000]}
    if card.get("audience") == "team":
        text = str(card.get("text") or card["preview"])
        draft = team_post(
            text, place, title=card["title"], proposed_by=desk, cites=card.get("cites", [])
        )
        return draft.model_copy(update={"turn_id": turn_id})
    return CardDraft(
        kind=card["kind"],
        title=card["title"],
        preview=card["preview"],
        payload=card.get("payload", {}),
        executor=card["executor"],
        cites=card.get("cites", []),
        proposed_by=desk,
        turn_id=turn_id,
        origin=place.origin,
    )
