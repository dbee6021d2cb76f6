"""The platform-neutral core of every chat adapter.

Adapters only translate: a Slack event, a Discord message or a console line becomes an
``InboundMessage``; a button click becomes a ``CardDecision``; the ``Reply`` that comes
back is rendered by the platform's renderer. Everything else lives here, once: binding a
workspace to its tenant, suppressing duplicate deliveries, fair queueing, thread
context, uploads, card decisions, and turning every failure into a short apology with
an error id (the traceback goes to the log, never to the channel).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agents import (
    CardNotPending,
    ExecutorRegistry,
    HivebrainError,
    NotApprover,
    Progress,
    SuggestedPrompt,
    TurnOptions,
    TurnResult,
    channel_scope,
    decide,
    get_card,
    list_cards,
    suggested_prompts,
)
from agents.cards import CardPlace, card_view, edit_card
from bots.core._corrections import Corrections
from bots.core._feedback import (
    NOT_CONNECTED,
    NOT_MEMBER,
    THANKS_DOWN,
    THANKS_UP,
    AnswerVote,
    VoteOutcome,
    explain,
    sources_lines,
    vote_on,
)
from bots.core._identity import claim_identity, find_asker
from bots.core._limits import SeenEvents, TenantQueue
from bots.core._reply import (
    CardDecision,
    CardView,
    Citation,
    InboundMessage,
    PathEdge,
    PathNode,
    Reply,
)
from bots.core._uploads import Fetch, UploadWorkers, ingest_attachments
from brain import Brain, TenantGraph, digest_key, now_ms
from brain.ingest import Proposer

log = logging.getLogger(__name__)

#: Words after which a short message in a thread reads as a follow-up to its question.
FOLLOW_UP_WORDS = 12
#: Server notes: a delivery's claim (as long as platforms retry) and a thread's question.
EVENT_NOTE, THREAD_NOTE = "event", "thread"
EVENT_CLAIM_S = 600
THREAD_KEEP_S = 7 * 24 * 3600
MAX_THREAD_QUESTION = 2_000
_MENTION = re.compile(r"<@[!&]?[A-Za-z0-9]+>")

#: How a message's question becomes a turn: ``agents.run_turn`` with the Chief the process
#: was assembled with (``bots._wiring.configured_turn``), or a test's own.
Answer = Callable[[TenantGraph, str, TurnOptions], Awaitable[TurnResult]]


@dataclass(frozen=True, slots=True)
class DecisionOutcome:
    """What a click did: the card to re-render, and a private note for the clicker."""

    card: CardView | None
    note: str
    changed: bool


def user_key(platform: str, user_id: str) -> str:
    """How approvers are named in tenant settings: ``slack:U1``, ``discord:42``."""
    return f"{platform}:{user_id}"


def reply_from_turn(turn: TurnResult) -> Reply:
    """The neutral Reply for a turn: answer, checks, sources, path and cards."""
    names = {
        **turn.names,
        **{n["id"]: n.get("name") or n["id"] for n in turn.path.get("nodes", [])},
    }
    nodes = [
        PathNode(id=n["id"], type=n.get("type") or "Thing", name=n.get("name") or n["id"])
        for n in turn.path.get("nodes", [])
    ]
    edges = [
        PathEdge(
            source=e["source"],
            target=e["target"],
            type=e["type"],
            closed=e.get("until") is not None,
            since=e.get("since"),
            until=e.get("until"),
        )
        for e in turn.path.get("edges", [])
    ]
    notes = [c["detail"] for c in turn.checks if not c["passed"]]
    extra: list[str] = list(turn.notes)  # the server's notes travel beside the answer
    if turn.sample:
        extra.append("Sample data")
    if turn.as_of:
        extra.append(f"As of {turn.as_of}")
    cards = [CardView.model_validate(c) for c in turn.cards]
    return Reply(
        answer=turn.answer,
        verified=turn.verified,
        check_notes=notes,
        citations=[Citation(id=c, title=names.get(c, c)) for c in turn.citations],
        path_nodes=nodes,
        path_edges=edges,
        cards=cards,
        notes=extra,
        turn_id=turn.turn_id,
    )


def apology(error_id: str, exc: BaseException) -> Reply:
    """The only thing a failure ever posts: a short sentence and an id the logs carry."""
    message = (
        exc.user_message
        if isinstance(exc, HivebrainError)
        else ("Sorry, something went wrong on my side while answering.")
    )
    return Reply(answer=f"{message} (error id {error_id})", verified=False, error_id=error_id)


class BotCore:
    """Shared behaviour of the Slack, Discord and console adapters.

    ``answer`` is how a question becomes a turn; there is no default, so the place that
    assembles the process (``bots._wiring.build_core``) says which Chief answers.
    ``extract_meeting_items`` reads decisions and action items out of uploaded meeting
    transcripts (None: the rules extractor).
    """

    def __init__(
        self,
        brain: Brain,
        *,
        answer: Answer,
        executors: ExecutorRegistry | None = None,
        queue: TenantQueue | None = None,
        seen: SeenEvents | None = None,
        extract_meeting_items: Proposer | None = None,
    ) -> None:
        self.brain = brain
        #: Extracts decisions and action items from uploaded meetings (None: the rules).
        self.extract_meeting_items = extract_meeting_items
        self.executors = executors or ExecutorRegistry()
        self._answer = answer
        self.queue = queue or TenantQueue()
        self.seen = seen or SeenEvents(claim=self._claim_event)
        #: Correcting a fact an answer read ("Wrong" / "Outdated").
        self.corrections = Corrections(self)
        #: Set by ``serve --role web``: uploads are loaded by the ingest workers while one
        #: runs (``bots.core._uploads``); None loads them in this process.
        self.upload_workers: UploadWorkers | None = None

    async def answer_again(
        self, graph: TenantGraph, question: str, options: TurnOptions
    ) -> TurnResult:
        """Answer ``question`` afresh in the tenant's queue (after a correction)."""
        async with self.queue.slot(graph.slug):
            return await self._answer(graph, question, options)

    async def _claim_event(self, key: str, tenant: str | None) -> bool:
        """Claim one delivery for the whole deployment (any ``serve`` process may get it),
        in the tenant's cluster slot: its events wait for its own shard only."""
        return await self.brain.notes.claim(
            EVENT_NOTE, digest_key(key), ttl_s=EVENT_CLAIM_S, tenant=tenant
        )

    async def tenant_slug(self, platform: str, workspace_id: str) -> str | None:
        """The slug of the tenant a workspace is bound to, for the notes kept in its slot
        (event claims, threads); None when none is bound or the registry cannot say now
        (the note then goes under its global key, and the answer says what is wrong)."""
        if platform == "console":
            return workspace_id
        registry = self.brain.registry
        if registry is None:
            return None
        try:
            return await registry.resolve(platform, workspace_id)
        except HivebrainError as exc:
            log.warning(
                "workspace %s:%s not resolved for its notes: %s", platform, workspace_id, exc
            )
            return None

    # --- tenants -------------------------------------------------------------------------

    async def tenant_for(self, platform: str, workspace_id: str) -> TenantGraph | None:
        """The tenant a workspace is bound to (the console names its tenant directly)."""
        if platform == "console":
            return await self.brain.tenant(workspace_id)
        return await self.brain.tenant_for(platform, workspace_id)

    async def connect(
        self,
        platform: str,
        workspace_id: str,
        *,
        user_id: str,
        name: str = "",
        slug: str | None = None,
    ) -> str:
        """Create a tenant for a workspace, bind it, make the connecting user an approver."""
        registry = self.brain.registry
        assert registry is not None
        existing = await registry.resolve(platform, workspace_id)
        if existing:
            return f"This workspace is already connected to the brain `{existing}`."
        slug = slug or _slug_for(platform, workspace_id, name)
        if await registry.exists(slug):
            # never hand an existing brain to whoever types its name: binding an existing
            # tenant is an admin's job (`hivebrain tenant bind`)
            return (
                f"A brain named `{slug}` already exists. Pick another name, or ask an admin "
                f"to bind this workspace to it with `hivebrain tenant bind {slug} {platform} "
                f"{workspace_id}`."
            )
        await self.brain.create_tenant(slug, name=name or slug)
        await registry.bind(slug, platform, workspace_id)
        me = user_key(platform, user_id)
        await registry.update_settings(
            slug,
            lambda settings: {
                **settings,
                "approvers": list(dict.fromkeys([*settings.get("approvers", []), me])),
            },
        )
        how = (
            "/settings add_approver:@someone"
            if platform == "discord"
            else "/hivebrain settings approvers add @someone"
        )
        return (
            f"Connected this workspace to the brain `{slug}`. You can approve cards; add other "
            f"approvers with `{how}`."
        )

    async def approver_slug(
        self, platform: str, workspace_id: str, user_id: str, what: str
    ) -> tuple[str | None, str]:
        """The tenant a workspace is bound to, if ``user_id`` is one of its approvers;
        otherwise None and the sentence that says why not."""
        registry = self.brain.registry
        assert registry is not None
        if platform == "console":  # the console names its tenant directly, as tenant_for does
            slug = workspace_id if await registry.exists(workspace_id) else None
        else:
            slug = await registry.resolve(platform, workspace_id)
        if slug is None:
            return None, "This workspace is not connected yet: run the connect command first."
        approvers = (await registry.get(slug)).settings.get("approvers", [])
        if user_key(platform, user_id) not in approvers:
            return None, f"Only this workspace's approvers can change {what}."
        return slug, ""

    async def identify(self, platform: str, workspace_id: str, user_id: str, who: str) -> str:
        """``settings me``: record which Person this chat user is, in the tenant graph."""
        graph = await self.tenant_for(platform, workspace_id)
        if graph is None:
            return "This workspace is not connected to a brain."
        return await claim_identity(graph, key=user_key(platform, user_id), who=who)

    async def change_approvers(
        self,
        platform: str,
        workspace_id: str,
        user_id: str,
        *,
        add: Sequence[str] = (),
        remove: Sequence[str] = (),
    ) -> str:
        """Add or remove approvers (platform user ids); approvers only; never the last one."""
        slug, refusal = await self.approver_slug(platform, workspace_id, user_id, "who approves")
        if slug is None:
            return refusal
        registry = self.brain.registry
        assert registry is not None
        gone = {user_key(platform, r) for r in remove}
        added = [user_key(platform, a) for a in add]
        emptied = False

        def change(settings: dict[str, Any]) -> dict[str, Any]:
            # applied to the approvers as they are on the server (another process may have
            # just changed them), so concurrent changes never overwrite each other
            nonlocal emptied
            updated = [a for a in settings.get("approvers", []) if a not in gone]
            updated += [a for a in dict.fromkeys(added) if a not in updated]
            emptied = not updated
            return settings if emptied else {**settings, "approvers": updated}

        stored = await registry.update_settings(slug, change)
        if emptied:
            return "That would leave nobody able to approve cards; add someone else first."
        return "Approvers: " + ", ".join(stored.get("approvers", []))

    async def update_settings(
        self, platform: str, workspace_id: str, user_id: str, changes: dict[str, Any]
    ) -> str:
        """Change channel settings (digest and triage channel); approvers only. No change
        shows them. Approvers change through ``change_approvers``, which keeps one."""
        if "approvers" in changes:
            raise ValueError("approvers change through change_approvers")
        slug, refusal = await self.approver_slug(platform, workspace_id, user_id, "its settings")
        if slug is None:
            return refusal
        registry = self.brain.registry
        assert registry is not None
        updated = await registry.update_settings(slug, changes)
        shown = ", ".join(f"{k} = {v}" for k, v in sorted(updated.items()))
        return f"Settings for `{slug}`: {shown}"

    async def settings_of(self, slug: str) -> dict[str, Any]:
        """A tenant's settings as stored in the registry."""
        registry = self.brain.registry
        assert registry is not None
        return (await registry.get(slug)).settings

    async def timezone_of(self, slug: str) -> str:
        """The time zone a tenant's dates are read in (its ``timezone`` setting, else UTC)."""
        registry = self.brain.registry
        assert registry is not None
        return str((await registry.get(slug)).settings.get("timezone") or "UTC")

    # --- messages ------------------------------------------------------------------------

    async def thread_question(self, msg: InboundMessage, *, tenant: str | None = None) -> str:
        """The question to answer: a short reply in a thread carries the thread's question
        (kept on the server, so a follow-up that reaches another process keeps it too; in
        the slot of ``tenant``, looked up when not given)."""
        text = _MENTION.sub("", msg.text).strip()
        if msg.thread_id and len(text.split()) <= FOLLOW_UP_WORDS:
            key = digest_key(msg.platform, msg.workspace_id, msg.thread_id)
            if tenant is None:
                tenant = await self.tenant_slug(msg.platform, msg.workspace_id)
            note = await self.brain.notes.get(THREAD_NOTE, key, tenant=tenant, kept_s=THREAD_KEEP_S)
            earlier = note.get("question") if note else None
            if isinstance(earlier, str) and earlier:
                return f"{earlier} (follow-up: {text})"
        return text

    async def remember_thread(self, msg: InboundMessage, question: str, *, tenant: str) -> None:
        """Keep a thread's question on the server, in ``tenant``'s slot, so follow-ups keep
        their context (a failure costs only the follow-up's context, never the answer)."""
        key = digest_key(msg.platform, msg.workspace_id, msg.thread_id or msg.message_id)
        try:
            await self.brain.notes.put(
                THREAD_NOTE,
                key,
                {"question": question[:MAX_THREAD_QUESTION]},
                ttl_s=THREAD_KEEP_S,
                tenant=tenant,
            )
        except HivebrainError as exc:
            log.warning("could not keep the thread's question on the server: %s", exc)

    async def handle_message(
        self,
        msg: InboundMessage,
        *,
        fetch: Fetch | None = None,
        progress: Progress | None = None,
    ) -> Reply | None:
        """Answer one inbound message. None means "already answered" (a redelivery).

        ``progress`` is told what the turn is doing now (for a status line); it must not
        block (``bots.core.Throttle.update`` does not)."""
        bound = await self.tenant_slug(msg.platform, msg.workspace_id)
        delivery = f"{msg.platform}:{msg.workspace_id}:{msg.message_id}"
        if not await self.seen.first_time(delivery, tenant=bound):
            log.info("duplicate delivery of %s message %s ignored", msg.platform, msg.message_id)
            return None
        error_id = uuid.uuid4().hex[:8]
        try:
            # asked again only when the registry did not say: its error is then the answer's
            graph = (
                await self.brain.tenant(bound)
                if bound is not None
                else await self.tenant_for(msg.platform, msg.workspace_id)
            )
            if graph is None:
                how = "/connect" if msg.platform == "discord" else "/hivebrain connect"
                return Reply(
                    answer=(
                        "This workspace isn't connected to a brain yet. An admin can run "
                        f"`{how}` to create one."
                    ),
                    verified=False,
                )
            notes: list[str] = []
            if msg.attachments and fetch is not None:
                notes.append(await self.ingest_uploads(graph, msg, fetch))
            question = await self.thread_question(msg, tenant=graph.slug)
            if not question:
                return Reply(
                    answer=" ".join(notes) or "Ask me a question about your business.",
                    verified=True,
                )
            settings = await self.settings_of(graph.slug)
            place = CardPlace.from_settings(
                settings,
                platform=msg.platform,
                channel=msg.channel_id,
                workspace=msg.workspace_id,
            )
            key = user_key(msg.platform, msg.user_id)
            asker = await find_asker(graph, key=key, name=msg.user_name, email=msg.user_email)
            # a side pane asks about the channel it is looking at, a thread within its
            # channel: that channel's scope
            looked_at = msg.viewing_channel_id or msg.parent_channel_id or msg.channel_id
            scope = channel_scope(settings, f"{msg.platform}:{looked_at}")
            # "my action items": the Person this chat user is, when the brain knows
            async with self.queue.slot(graph.slug):
                turn = await self._answer(
                    graph,
                    question,
                    TurnOptions(
                        asked_by=key,
                        timezone=str(settings.get("timezone") or "UTC"),
                        place=place,
                        asker={"id": asker.id, "name": asker.name} if asker else None,
                        progress=progress,
                        viewing=(
                            f"{msg.platform}:{msg.viewing_channel_id}"
                            if msg.viewing_channel_id
                            else None
                        ),
                        scope=scope,
                    ),
                )
            await self.remember_thread(msg, question, tenant=graph.slug)
            reply = reply_from_turn(turn)
            return reply.model_copy(update={"notes": [*notes, *reply.notes]}) if notes else reply
        except Exception as exc:  # the adapter's one top-level handler: log, apologise
            log.exception(
                "error %s answering %s message %s", error_id, msg.platform, msg.message_id
            )
            return apology(error_id, exc)

    async def ingest_uploads(self, graph: TenantGraph, msg: InboundMessage, fetch: Fetch) -> str:
        """Load attached documents and transcripts into the tenant; say what happened.

        Transcripts load as `ingest meeting` loads them (``bots.core._uploads``)."""
        return await ingest_attachments(
            graph,
            msg.attachments,
            platform=msg.platform,
            fetch=fetch,
            propose=self.extract_meeting_items,
            workers=self.upload_workers,
        )

    # --- answers' buttons: feedback, sources, suggestions ----------------------------------

    async def suggestions(
        self, platform: str, workspace_id: str, *, viewing: str | None = None
    ) -> list[SuggestedPrompt]:
        """Questions about this workspace's own records for a new thread (none if unbound);
        ``viewing``, the channel a side pane looks at: only what its scope may read."""
        graph = await self.tenant_for(platform, workspace_id)
        if graph is None:
            return []
        settings = await self.settings_of(graph.slug)
        scope = channel_scope(settings, f"{platform}:{viewing}" if viewing else None)
        return await suggested_prompts(graph, scope=scope)

    async def rate_answer(self, vote: AnswerVote) -> VoteOutcome:
        """Record a 👍 / 👎 as a Feedback node; refuse non-members and stale answers."""
        if not vote.is_member:
            return VoteOutcome(None, NOT_MEMBER)
        error_id = uuid.uuid4().hex[:8]
        try:
            graph = await self.tenant_for(vote.platform, vote.workspace_id)
            if graph is None:
                return VoteOutcome(None, NOT_CONNECTED)
            key = user_key(vote.platform, vote.user_id)
            feedback_id = await vote_on(graph, vote, user_key=key, at_ms=now_ms())
            return VoteOutcome(feedback_id, THANKS_UP if vote.vote == "up" else THANKS_DOWN)
        except HivebrainError as exc:
            return VoteOutcome(None, exc.user_message)
        except Exception as exc:  # the one top-level handler for feedback clicks
            log.exception("error %s recording feedback on %s", error_id, vote.turn_id)
            return VoteOutcome(None, apology(error_id, exc).answer)

    async def explain_vote(
        self,
        platform: str,
        workspace_id: str,
        user_id: str,
        *,
        feedback_id: str,
        reason: str,
        text: str,
    ) -> str:
        """Fill a 👎's reason and free text, once; the private note that says what happened."""
        error_id = uuid.uuid4().hex[:8]
        try:
            graph = await self.tenant_for(platform, workspace_id)
            if graph is None:
                return NOT_CONNECTED
            return await explain(
                graph,
                feedback_id=feedback_id,
                reason=reason,
                text=text,
                user_key=user_key(platform, user_id),
            )
        except HivebrainError as exc:
            return exc.user_message
        except Exception as exc:  # the one top-level handler for feedback forms
            log.exception("error %s explaining feedback %s", error_id, feedback_id)
            return apology(error_id, exc).answer

    async def answer_sources(
        self, platform: str, workspace_id: str, turn_id: str, *, is_member: bool = True
    ) -> list[str]:
        """Every record an answer read, as lines to show privately (a refusal: one line)."""
        if not is_member:
            return [NOT_MEMBER]
        error_id = uuid.uuid4().hex[:8]
        try:
            graph = await self.tenant_for(platform, workspace_id)
            if graph is None:
                return [NOT_CONNECTED]
            return await sources_lines(graph, turn_id)
        except HivebrainError as exc:  # AnswerUnknown: a stale button
            return [exc.user_message]
        except Exception as exc:  # the one top-level handler for Sources clicks
            log.exception("error %s listing the sources of %s", error_id, turn_id)
            return [apology(error_id, exc).answer]

    # --- cards ---------------------------------------------------------------------------

    async def decide_card(self, decision: CardDecision) -> DecisionOutcome:
        """Approve, reject or show a card; only approvers may decide (others get a note)."""
        error_id = uuid.uuid4().hex[:8]
        try:
            graph = await self.tenant_for(decision.platform, decision.workspace_id)
            if graph is None:
                return DecisionOutcome(None, "This workspace is not connected to a brain.", False)
            if decision.action == "details":
                card = await get_card(graph, decision.card_id)
                view = CardView.model_validate(card_view(card))
                return DecisionOutcome(view, f"{card.title}: {card.preview}", False)
            assert self.brain.registry is not None
            settings = (await self.brain.registry.get(graph.slug)).settings
            done = await decide(
                graph,
                settings,
                card_id=decision.card_id,
                action=decision.action,
                user_key=user_key(decision.platform, decision.user_id),
                executors=self.executors,
                now_ms=now_ms(),
            )
            return DecisionOutcome(
                CardView.model_validate(card_view(done.card)), done.outcome, True
            )
        except NotApprover as exc:
            return DecisionOutcome(None, exc.user_message, False)
        except CardNotPending as exc:
            return DecisionOutcome(None, exc.user_message, False)
        except Exception as exc:  # the one top-level handler for clicks
            log.exception("error %s deciding card %s", error_id, decision.card_id)
            return DecisionOutcome(None, apology(error_id, exc).answer, False)

    async def edit_card_text(
        self, platform: str, workspace_id: str, user_id: str, card_id: str, text: str
    ) -> str:
        """An approver rewrites the text of a pending card (its message, e-mail body or
        task name) before approving it; the old text stays in the card's history."""
        if not card_id or not text:
            return "Say which card and the new text, e.g. `edit card-1a2b3c The new text`."
        graph = await self.tenant_for(platform, workspace_id)
        if graph is None:
            return "This workspace is not connected to a brain."
        try:
            card = await get_card(graph, card_id)
            field_name = TEXT_FIELDS.get(card.kind)
            if field_name is None or field_name not in card.payload:
                return f"A {card.kind} card has no text to edit."
            edited = await edit_card(
                graph,
                await self.settings_of(graph.slug),
                card_id=card_id,
                changes={field_name: text},
                user_key=user_key(platform, user_id),
                now_ms=now_ms(),
            )
        except HivebrainError as exc:
            return exc.user_message
        return f"Card {card_id} now reads:\n{edited.preview}"

    async def cards_in(self, platform: str, workspace_id: str, channel: str) -> str:
        """The cards proposed in one channel, newest first, one line each (``cards``)."""
        graph = await self.tenant_for(platform, workspace_id)
        if graph is None:
            return "This workspace is not connected to a brain."
        cards = await list_cards(
            graph, origin=f"{platform}:{channel}", limit=CARDS_LISTED, now_ms=now_ms()
        )
        if not cards:
            return "No cards have been proposed in this channel."
        lines = [f"Cards proposed here (newest first, up to {CARDS_LISTED}):"]
        for card in cards:
            view = CardView.model_validate(card_view(card))
            outcome = "" if view.is_pending else f" — {view.outcome_line()}"
            lines.append(f"• {card.id} [{card.status}] {card.kind}: {card.title}{outcome}")
        return "\n".join(lines)


#: The payload field an ``edit`` command rewrites, by card kind.
TEXT_FIELDS = {
    "channel_message": "text",
    "post": "text",
    "note": "text",
    "email": "body",
    "minutes": "body",
    "comment": "body",
    "reply": "body",
    "task": "name",
}
#: Cards one ``cards`` command lists.
CARDS_LISTED = 20


def _slug_for(platform: str, workspace_id: str, name: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", (name or f"{platform}-{workspace_id}").lower()).strip("-")
    base = base if base[:1].isalpha() else f"{platform}-{base}"
    return base[:40].rstrip("-") or f"{platform}-team"
