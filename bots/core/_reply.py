"""The platform-neutral reply model that every chat adapter renders.

Agents answer with a :class:`Reply`; the Slack, Discord and console renderers turn it
into their own payloads. Keeping one model means a fix to wording or safety lands on
every platform at once, and renderers can be tested without any network. Inbound
events are normalised into :class:`InboundMessage` and button presses into
:class:`CardDecision` at the adapter edge, so the layers below never see raw payloads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

CardStatus = Literal[
    "pending", "approved", "rejected", "expired", "executing", "executed", "failed"
]
Platform = Literal["slack", "discord", "console"]


class _Frozen(BaseModel):
    """Base for our own reply models: immutable, and typos in field names fail loudly."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class PathNode(_Frozen):
    """One node on a graph path shown to the user (a person, project, decision...)."""

    id: str
    type: str
    name: str


class PathEdge(_Frozen):
    """One relationship on a graph path.

    ``closed`` edges are history (someone *used to* own a project); renderers must never
    draw them as current, which is why the flag is explicit rather than inferred from
    ``until``.
    """

    source: str
    target: str
    type: str
    closed: bool = False
    since: str | None = None
    until: str | None = None


def readable_moment(moment: str) -> str:
    """An ISO moment as people read it on a card (``2026-12-01 18:04 UTC``); text that is
    not an ISO moment is shown as it is."""
    try:
        at = datetime.fromisoformat(moment)
    except ValueError:
        return moment
    at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    return at.strftime("%Y-%m-%d %H:%M UTC")


#: Card kinds whose action sends something to people: the card then says "Sent by".
SENDING_KINDS = frozenset({"channel_message", "email", "minutes", "post", "comment", "reply"})


class CardView(_Frozen):
    """What a renderer needs to show one proposed action (a "card") and its outcome."""

    id: str
    kind: str
    title: str
    preview: str
    status: CardStatus
    proposed_by: str
    #: ISO moments, as ``agents.cards.card_view`` gives them; shown the way people read them.
    expires_at: str | None = None
    decided_by: str | None = None
    decided_at: str | None = None
    result: str | None = None
    #: A failed card an approver may run again (it gets a Retry button).
    can_retry: bool = False

    @property
    def is_pending(self) -> bool:
        """Whether the card still waits for a decision (and so gets buttons)."""
        return self.status == "pending"

    @property
    def sends(self) -> bool:
        """Whether its action sends something to people (a post, an e-mail, a comment)."""
        return self.kind in SENDING_KINDS

    def outcome_line(self) -> str:
        """Describe the decision in one plain sentence, the same on every platform.

        Renderers sanitise and escape it for their markup; this stays plain text.
        """
        by = f" by {self.decided_by}" if self.decided_by else ""
        at = f" at {readable_moment(self.decided_at)}" if self.decided_at else ""
        result = f" — result: {self.result}" if self.result else ""
        match self.status:
            case "pending":
                return f"⏳ Waiting for approval (proposed by {self.proposed_by})"
            case "approved":
                return f"✅ Approved{by}{at}{result}"
            case "executing":
                return f"⏳ Approved{by}{at}; running now"
            case "executed" if self.sends:
                return f"✅ Sent{by}{at}{result}"
            case "executed":
                return f"✅ Approved{by}{at} and executed{result}"
            case "rejected":
                return f"❌ Rejected{by}{at}{result}"
            case "expired":
                return f"⌛ Expired{at} without a decision"
            case "failed" if self.can_retry:
                return f"⚠️ Approved{by}{at} but failed{result}. An approver can retry."
            case "failed":
                return f"⚠️ Approved{by}{at} but failed{result}"


class Citation(_Frozen):
    """A source the answer rests on; ``url`` is absent for graph-only facts."""

    id: str
    title: str
    url: str | None = None


class FactCheckView(_Frozen):
    """A fact a post asks the team to confirm: renderers draw "Still true" and "No longer
    true" buttons carrying ``key`` (``bots.core.check_fact`` does what they say)."""

    key: str
    text: str
    #: The day a source last stated it.
    last: str = ""


class Reply(_Frozen):
    """Everything the bot says in answer to one message, before any platform markup.

    ``notes`` carries caveats that must travel with the answer ("Sample data",
    "As of 2026-11-20"); ``error_id`` lets a user quote a failure to an operator.
    ``turn_id`` names the saved answer: renderers put its feedback and Sources buttons
    on it (a reply that is no saved answer, such as an apology, has none).
    """

    answer: str
    verified: bool
    check_notes: list[str] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    path_nodes: list[PathNode] = Field(default_factory=list)
    path_edges: list[PathEdge] = Field(default_factory=list)
    cards: list[CardView] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    error_id: str | None = None
    turn_id: str | None = None
    #: Facts to confirm (a digest's "still true?" section), each with its two buttons.
    checks: list[FactCheckView] = Field(default_factory=list)


class Attachment(BaseModel):
    """A file attached to an inbound message; ``url`` needs the platform token to fetch."""

    model_config = ConfigDict(frozen=True)

    name: str
    url: str
    size: int = Field(ge=0)
    content_type: str


class InboundMessage(BaseModel):
    """A user message normalised from Slack, Discord or the console.

    Extra keys are ignored (not forbidden) because adapters may pass through payload
    fields we do not model yet.
    """

    model_config = ConfigDict(frozen=True)

    platform: Platform
    workspace_id: str
    channel_id: str
    thread_id: str | None
    user_id: str
    user_name: str = ""
    #: The e-mail of the user's platform profile, where the platform shares it.
    user_email: str = ""
    text: str
    attachments: list[Attachment] = Field(default_factory=list)
    message_id: str
    #: The channel the user is looking at while asking from a side pane (Slack's
    #: assistant), when the platform says.
    viewing_channel_id: str | None = None
    #: The channel a thread hangs off, when the thread has an id of its own (Discord):
    #: its scope holds the thread's answers, as the scope of ``channel_id`` would.
    parent_channel_id: str | None = None


class CardDecision(BaseModel):
    """A button press on a card, normalised from either platform's interaction payload."""

    model_config = ConfigDict(frozen=True)

    card_id: str
    action: Literal["approve", "reject", "details", "retry"]
    user_id: str
    platform: str
    workspace_id: str


@dataclass(frozen=True, slots=True)
class PathStep:
    """One hop of a path in reading order: the node reached and the edge that led there.

    ``edge`` is ``None`` for the first node, or when no edge joins it to the previous
    node (renderers then show a plain gap rather than inventing a relationship).
    """

    node: PathNode
    edge: PathEdge | None


def path_steps(nodes: list[PathNode], edges: list[PathEdge]) -> list[PathStep]:
    """Pair each node with the edge joining it to the node before, in either direction.

    Paths come back from the graph as node and edge lists; every text renderer wants
    them as a chain, so the pairing lives here once. An edge is used at most once.
    """
    unused = list(edges)
    steps: list[PathStep] = []
    for index, node in enumerate(nodes):
        edge: PathEdge | None = None
        if index > 0:
            prev = nodes[index - 1].id
            for candidate in unused:
                if {candidate.source, candidate.target} == {prev, node.id}:
                    edge = candidate
                    unused.remove(candidate)
                    break
        steps.append(PathStep(node=node, edge=edge))
    return steps


def path_chain(
    reply: Reply, *, name: Callable[[PathNode], str], closed: Callable[[PathEdge], str]
) -> str:
    """The path as one line of text: each arrow points the way its edge runs, a closed
    edge is dashed and marked by ``closed``, and a gap between unjoined nodes is " · ".
    ``name`` and ``closed`` write in the platform's markup."""
    parts: list[str] = []
    for step in path_steps(reply.path_nodes, reply.path_edges):
        if parts:
            if step.edge is None:
                parts.append(" · ")
            else:
                backwards = step.edge.source == step.node.id
                if step.edge.closed:
                    parts.append(f" {'⇠' if backwards else '⇢'} {closed(step.edge)} ")
                else:
                    parts.append(" ← " if backwards else " → ")
        parts.append(name(step.node))
    return "".join(parts)
