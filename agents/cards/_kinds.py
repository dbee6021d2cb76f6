"""Card kinds as data: what each kind of action carries, which executor runs it, how it reads.

A desk (or the model, or a request like "tell the team that ...") proposes an action by
filling the payload model of its kind; ``draft_card`` validates it and writes the preview
from the payload itself, so what the approver reads is what will be sent: the channel,
the recipients, the text, the target repository. The executor named here receives that
payload, byte for byte (``agents.cards._cards`` stores it with a hash the executor
checks).

Kinds whose action goes through Composio (e-mail, social posts, ad changes) name the
Composio toolkit they need, so a tenant that has not connected it is told so on the card
and again, plainly, if someone approves it anyway.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

_REPO = r"^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$"
_EMAIL = re.compile(r"^[^@\s<>,;]+@[^@\s<>,;]+\.[A-Za-z]{2,}$")


class _Payload(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ChannelPost(_Payload):
    """Post ``text`` to ``channel`` on ``platform`` (``slack`` / ``discord``) as the bot."""

    platform: Literal["slack", "discord"]
    channel: str = Field(min_length=1, max_length=128)
    text: str = Field(min_length=1, max_length=40_000)
    workspace: str | None = Field(
        default=None, max_length=64, description="the Slack team, for many-workspace installs"
    )


class Email(_Payload):
    """Send one e-mail from the tenant's connected mailbox."""

    to: list[str] = Field(min_length=1, max_length=20)
    subject: str = Field(min_length=1, max_length=300)
    body: str = Field(min_length=1, max_length=60_000)

    @field_validator("to")
    @classmethod
    def _addresses(cls, value: list[str]) -> list[str]:
        bad = [a for a in value if not _EMAIL.match(a)]
        if bad:
            raise ValueError(f"not an e-mail address: {bad[0][:80]}")
        return value


class GitHubLabels(_Payload):
    """Add ``labels`` to issue or pull request ``issue`` of ``repo``."""

    repo: str = Field(pattern=_REPO, max_length=140)
    issue: int = Field(gt=0)
    labels: list[str] = Field(min_length=1, max_length=20)


class GitHubComment(_Payload):
    """Comment ``body`` on issue or pull request ``issue`` of ``repo``."""

    repo: str = Field(pattern=_REPO, max_length=140)
    issue: int = Field(gt=0)
    body: str = Field(min_length=1, max_length=60_000)


class GitHubTriage(_Payload):
    """Label issue ``issue`` of ``repo`` with ``labels`` and post the reply ``body``: the one
    card a triaged issue gets."""

    repo: str = Field(pattern=_REPO, max_length=140)
    issue: int = Field(gt=0)
    labels: list[str] = Field(min_length=1, max_length=20)
    body: str = Field(min_length=1, max_length=60_000)


class GitHubAssign(_Payload):
    """Assign issue ``issue`` of ``repo`` to ``assignees`` (GitHub logins)."""

    repo: str = Field(pattern=_REPO, max_length=140)
    issue: int = Field(gt=0)
    assignees: list[str] = Field(min_length=1, max_length=10)


class BrainTask(_Payload):
    """Create a Task in the brain (through the gate), owned by ``owner`` when named."""

    name: str = Field(min_length=1, max_length=200)
    owner: str | None = Field(default=None, max_length=200, description="a Person's name or id")
    due: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    notes: str | None = Field(default=None, max_length=4_000)

    @field_validator("due")
    @classmethod
    def _a_real_day(cls, value: str | None) -> str | None:
        # the pattern lets 2026-13-45 through; the Task would carry a day that never comes
        if value is not None:
            try:
                date.fromisoformat(value)
            except ValueError:
                raise ValueError(f"{value} is not a calendar date: give YYYY-MM-DD") from None
        return value


class SocialPost(_Payload):
    """Publish ``text`` on a social network the tenant connected through Composio."""

    network: Literal["linkedin", "twitter"]
    text: str = Field(min_length=1, max_length=3_000)


class CampaignChange(_Payload):
    """Pause, resume or re-budget an ad campaign in the tenant's connected ad account."""

    network: Literal["googleads", "metaads"]
    campaign: str = Field(min_length=1, max_length=200)
    change: Literal["pause", "resume", "budget"]
    daily_budget: float | None = Field(default=None, gt=0)


class FactCorrection(_Payload):
    """Correct the brain as a member asked: close the facts, open the right one
    (``agents.plan_correction`` wrote ``facts``; ``changes`` say it in words)."""

    turn_id: str = Field(min_length=1, max_length=200)
    facts: list[dict[str, Any]] = Field(min_length=1, max_length=60)
    changes: list[str] = Field(min_length=1, max_length=60)


class Note(_Payload):
    """Only record the decision: something a person does by hand."""

    text: str = Field(min_length=1, max_length=8_000)


@dataclass(frozen=True, slots=True)
class ComposioAction:
    """How a Composio-backed kind runs: the toolkit it needs, the action, its arguments."""

    toolkit: str
    slug: Callable[[Any], str]
    arguments: Callable[[Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class CardKindSpec:
    """One kind of card: its payload model, its executor, and the approver's preview."""

    kind: str
    executor: str
    payload: type[_Payload]
    describe: Callable[[Any], str]
    composio: ComposioAction | None = None


def _lines(*parts: tuple[str, str | None]) -> str:
    return "\n".join(f"{k}: {v}" for k, v in parts if v)


def _describe_post(p: ChannelPost) -> str:
    return f"Post to {p.platform} channel {p.channel}:\n{p.text}"


def _describe_email(p: Email) -> str:
    return _lines(("E-mail to", ", ".join(p.to)), ("Subject", p.subject)) + f"\n\n{p.body}"


def _describe_labels(p: GitHubLabels) -> str:
    return f"Label {p.repo}#{p.issue}: " + ", ".join(f"'{x}'" for x in p.labels)


def _describe_comment(p: GitHubComment) -> str:
    return f"Comment on {p.repo}#{p.issue}:\n{p.body}"


def _describe_triage(p: GitHubTriage) -> str:
    labels = ", ".join(f"'{x}'" for x in p.labels)
    return f"Triage {p.repo}#{p.issue}: label {labels}, then reply:\n{p.body}"


def _describe_assign(p: GitHubAssign) -> str:
    return f"Assign {p.repo}#{p.issue} to " + ", ".join(p.assignees)


def _describe_task(p: BrainTask) -> str:
    return _lines(
        ("Create the task", p.name), ("Owner", p.owner), ("Due", p.due), ("Notes", p.notes)
    )


def _describe_social(p: SocialPost) -> str:
    return f"Publish on {p.network}:\n{p.text}"


def _describe_campaign(p: CampaignChange) -> str:
    budget = f" to {p.daily_budget:g} a day" if p.daily_budget else ""
    return f"{p.change.capitalize()} the {p.network} campaign {p.campaign}{budget}"


def _describe_correction(p: FactCorrection) -> str:
    return "Correct the brain:\n" + "\n".join(f"• {c}" for c in p.changes)


def _email_args(p: Email) -> dict[str, Any]:
    args: dict[str, Any] = {"recipient_email": p.to[0], "subject": p.subject, "body": p.body}
    if p.to[1:]:
        args["extra_recipients"] = p.to[1:]
    return args


def _campaign_slug(p: CampaignChange) -> str:
    verb = {"pause": "PAUSE", "resume": "ENABLE", "budget": "UPDATE_BUDGET"}[p.change]
    return f"{p.network.upper()}_{verb}_CAMPAIGN"


def _campaign_args(p: CampaignChange) -> dict[str, Any]:
    args: dict[str, Any] = {"campaign_name": p.campaign}
    if p.daily_budget is not None:
        args["daily_budget"] = p.daily_budget
    return args


_SOCIAL_SLUGS = {
    "linkedin": "LINKEDIN_CREATE_LINKED_IN_POST",
    "twitter": "TWITTER_CREATION_OF_A_POST",
}

#: Every kind a desk may propose, by name.
CARD_KINDS: dict[str, CardKindSpec] = {
    spec.kind: spec
    for spec in (
        CardKindSpec("channel_message", "channel", ChannelPost, _describe_post),
        CardKindSpec(
            "email",
            "composio",
            Email,
            _describe_email,
            ComposioAction("gmail", lambda _: "GMAIL_SEND_EMAIL", _email_args),
        ),
        # the minutes of meetings, e-mailed: one kind whoever drafts it (a chat request,
        # the minutes command, the scheduler's digest), sent like any other e-mail
        CardKindSpec(
            "minutes",
            "composio",
            Email,
            _describe_email,
            ComposioAction("gmail", lambda _: "GMAIL_SEND_EMAIL", _email_args),
        ),
        CardKindSpec("label", "github", GitHubLabels, _describe_labels),
        CardKindSpec("comment", "github", GitHubComment, _describe_comment),
        CardKindSpec("reply", "github", GitHubComment, _describe_comment),
        CardKindSpec("triage", "github", GitHubTriage, _describe_triage),
        CardKindSpec("assign", "github", GitHubAssign, _describe_assign),
        CardKindSpec("task", "brain", BrainTask, _describe_task),
        CardKindSpec(
            "post",
            "composio",
            SocialPost,
            _describe_social,
            ComposioAction(
                "social", lambda p: _SOCIAL_SLUGS[p.network], lambda p: {"text": p.text}
            ),
        ),
        CardKindSpec(
            "ad_change",
            "composio",
            CampaignChange,
            _describe_campaign,
            ComposioAction("ads", _campaign_slug, _campaign_args),
        ),
        CardKindSpec("note", "record", Note, lambda p: p.text),
        CardKindSpec("correction", "correction", FactCorrection, _describe_correction),
    )
}


def kind_spec(kind: str, executor: str | None = None) -> CardKindSpec | None:
    """The spec of ``kind`` if the card is run by that kind's own executor, else None.

    A card of a known kind sent to another executor (a ``record`` card that only notes
    an ad change, a Composio card carrying a raw action) keeps its free-form payload.
    """
    spec = CARD_KINDS.get(kind)
    if spec is None or (executor is not None and executor != spec.executor):
        return None
    return spec


def composio_toolkit(spec: CardKindSpec, payload: BaseModel) -> str:
    """The Composio toolkit a card of this kind needs (``gmail``, ``linkedin``, ``googleads``)."""
    assert spec.composio is not None
    network = getattr(payload, "network", None)
    return str(network) if spec.composio.toolkit in ("social", "ads") else spec.composio.toolkit


def read_payload(spec: CardKindSpec, payload: dict[str, Any]) -> _Payload:
    """The payload as its kind's model; raises ``ValueError`` saying what is wrong."""
    try:
        return spec.payload.model_validate(payload)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'payload'}: {e['msg']}" for e in exc.errors()
        )
        raise ValueError(f"a {spec.kind} card's payload is not usable: {problems}") from None


def describe(kind: str, executor: str, payload: dict[str, Any]) -> str | None:
    """The exact preview of a typed card, or None when the kind is free-form or invalid."""
    spec = kind_spec(kind, executor)
    if spec is None:
        return None
    try:
        return spec.describe(read_payload(spec, payload))
    except ValueError:
        return None


def payload_json(payload: dict[str, Any]) -> str:
    """The one text a payload is stored, hashed and executed as (sorted keys, UTF-8)."""
    return json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def payload_hash(text: str) -> str:
    """The SHA-256 of a stored payload text; executors refuse a card whose payload moved."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
